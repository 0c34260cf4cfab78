/* SPDX-License-Identifier: MIT */
/* A header in the style of mancala.h, using every piece of Doxygen markup
 * doc/manpages.py renders (and one it does not know), for test_manpages.py. */

/** Kinds of a sample value. @since 1.3 */
enum mancala_sample_kind {
    MANCALA_SAMPLE_A = 1,   /**< The first, with @c code. */
    /** The second, on two
     *  lines. Since 1.3. */
    MANCALA_SAMPLE_B,
    MANCALA_SAMPLE_C = -4   /**< A negative one. @since 1.3 */
};

/** The most samples. */
#define MANCALA_SAMPLE_MAX 8

/** An opaque sample. */
typedef struct mancala_sample mancala_sample;

/**
 * \brief Makes a sample of a ::mancala_sample_kind.
 *
 * A paragraph with @p out, @a kind, @e emphasis, @b bold, @ref mancala_sample_free
 * and @ref mancala_sample_kind "the kinds".
 *
 * @code
 *   mancala_sample *s;
 *   if (mancala_sample_new(&s, MANCALA_SAMPLE_A) == 0)
 *       mancala_sample_free(s);
 * .starts with a dot
 * @endcode
 *
 * @param[out] out Receives the sample.
 * @param kind A ::mancala_sample_kind.
 * @return 0 or a negative status.
 * @retval 0 Success.
 * @retval -1 A bad @p kind.
 * @warning Not thread-safe.
 * @deprecated Use something else.
 * @pre @p out is not NULL.
 * @note Allocates. @todo dropped with a warning
 * @see mancala_sample_free()
 * @since 1.3
 */
int mancala_sample_new(mancala_sample **out, int kind);

/**
 * @brief Frees a sample. @param sample The sample; NULL is a no-op.
 * \since 1.3
 */
void mancala_sample_free(mancala_sample *sample);

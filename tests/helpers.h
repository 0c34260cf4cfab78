/*
 * Small helpers shared by the Check tests.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_TEST_HELPERS_H
#define MANCALA_TEST_HELPERS_H

#include <check.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mancala.h"

/* Check reports every passing ck_assert to its parent process through a
 * pipe, one system call each; the tests that check millions of facts use
 * these instead, which only call into Check when they fail. */
#define expect(cond, ...)                \
    do {                                 \
        if (!(cond))                     \
            ck_abort_msg(__VA_ARGS__);   \
    } while (0)
#define expect_int_eq(a, b)                                                            \
    do {                                                                               \
        long long a_ = (a), b_ = (b);                                                  \
        expect(a_ == b_, "%s == %s: %lld != %lld", #a, #b, a_, b_);                    \
    } while (0)
#define expect_str_eq(a, b)                                                            \
    do {                                                                               \
        const char *a_ = (a), *b_ = (b);                                               \
        expect(strcmp(a_, b_) == 0, "%s == %s: '%s' != '%s'", #a, #b, a_, b_);         \
    } while (0)

/* Parses a position that must be valid. */
static inline mancala_game *parse_ok(const char *position)
{
    mancala_game *g = NULL;
    char err[256];
    int status = mancala_parse(&g, position, err, sizeof err);
    expect(status == MANCALA_OK, "parse '%s': %s", position, err);
    return g;
}

/* The position as a string in a static buffer (tests are single-threaded). */
static inline const char *fmt(const mancala_game *g)
{
    static char buf[256];
    int len = mancala_format(g, buf, sizeof buf);
    expect(len > 0 && len < (int)sizeof buf, "format: %d", len);
    return buf;
}

/* The legal moves as a string such as "0 1 2" ("" when none). */
static inline const char *moves_str(const mancala_game *g)
{
    static char buf[64];
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    expect(count >= 0, "legal moves: %d", count);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < count; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, i ? " %d" : "%d", moves[i]);
    return buf;
}

/* Plays a move that must be legal. */
static inline void play_ok(mancala_game *g, int pit)
{
    int status = mancala_play(g, pit);
    expect(status == MANCALA_OK, "play %d in %s: %s", pit, fmt(g), mancala_strerror(status));
}

/* Total stones: pits + captures + banks. */
static inline int stones(const mancala_game *g)
{
    int sum = 0;
    for (int p = 0; p < mancala_num_pits(g); p++)
        sum += mancala_pit(g, p);
    for (int player = 0; player < 2; player++)
        sum += mancala_captured(g, player) + mancala_bank(g, player);
    return sum;
}

/* Runs one suite and returns the number of failures as the exit status. */
static inline int run_suite(Suite *s)
{
    SRunner *runner = srunner_create(s);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* Heavy tests multiply their iteration counts by MANCALA_TEST_SCALE percent
 * (default 100). The slow test setups (valgrind, sanitizers, coverage) set
 * it lower; a soak run can set it higher. Never below one iteration. */
static inline long test_scaled(long iterations)
{
    const char *env = getenv("MANCALA_TEST_SCALE");
    long percent = env && *env ? strtol(env, NULL, 10) : 100;
    if (percent < 1)
        percent = 1;
    long scaled = iterations * percent / 100;
    return scaled > 0 ? scaled : 1;
}

/* Whether heavy tests run at least their default size, so that checks on
 * what a full sample must reach apply. */
static inline int test_full_scale(void)
{
    return test_scaled(100) >= 100;
}

/* The whole file at `path`, malloc()ed; its size in `*size`. */
static inline uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = malloc(*size);
    ck_assert_ptr_nonnull(data);
    ck_assert_uint_eq(fread(data, 1, *size, f), *size);
    fclose(f);
    return data;
}

/* Progress callbacks of the solvers' tests: one that kills the process
 * with SIGKILL (no chance to clean up) once the layer `*(int *)opaque` is
 * reached, and one that notes the first layer solved. */
static inline int kill_at_layer(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)steps, (void)done, (void)total;
    if (step >= *(const int *)opaque)
        raise(SIGKILL);
    return 0;
}

static inline int first_layer(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)steps, (void)done, (void)total;
    int *first = opaque;
    if (*first < 0)
        *first = step;
    return 0;
}

#endif

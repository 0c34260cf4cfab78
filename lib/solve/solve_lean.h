/*
 * The lean solver (solve_lean.c): the same values as the solver of
 * solve.c, without predecessor lists, by sweeps over each layer, into a
 * table of format 3 (two bytes an entry, solve.h).
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_SOLVE_LEAN_H
#define MANCALA_SOLVE_LEAN_H

#include "solve/solve.h"

/* What a lean solve measured, besides the table's own figures. Per layer
 * s: the sweeps until the bounds stopped changing (the last one changes
 * nothing), the sweeps that gave the distances, and the positions whose
 * moves were generated (a position already exact, or whose distances are
 * settled, is skipped). */
struct mt_lean_stats {
    struct mt_stats table;
    unsigned value_sweeps[MT_MOST_STONES + 1];
    unsigned rank_sweeps[MT_MOST_STONES + 1];
    uint64_t visits[MT_MOST_STONES + 1];       /* both kinds of sweeps */
    uint64_t value_visits[MT_MOST_STONES + 1]; /* the value sweeps' */
};

/*
 * The steps of the lean solver's sweeps (solve_lean.c), shared with the
 * MPI solver's (cli/solve_mpi_lean.c): one child of a position read into
 * the position's new bounds or distances. While a layer is solved its
 * distances are bytes, MT_LEAN_UNSETTLED where a node is not settled.
 */
enum { MT_LEAN_UNSETTLED = 0xff };

/* A value sweep: a child in the layer of bounds [c_lo, c_hi] (for its
 * mover) into the mover's new bounds. */
static inline void mt_lean_bounds_child(int c_lo, int c_hi, int *lo, int *hi)
{
    if (-c_hi > *lo)
        *lo = -c_hi;
    if (-c_lo > *hi)
        *hi = -c_lo;
}

/* The distance sweep of level k, for an L node not settled (`dl`) of
 * value lo: a child whose H node is at c_dh and whose hi is c_hi. A node
 * settled at k is not read (the sweep is then the same in any order). */
static inline unsigned mt_lean_l_child(unsigned dl, unsigned k, int lo, unsigned c_dh, int c_hi)
{
    return c_dh < k && -c_hi == lo && c_dh + 1 < dl ? c_dh + 1 : dl;
}

/* The same for an H node: `far` so far (MT_LEAN_UNSETTLED once a child's
 * L node is not settled below k), a child's L node at c_dl. */
static inline unsigned mt_lean_h_child(unsigned far, unsigned k, unsigned c_dl)
{
    return c_dl >= k ? MT_LEAN_UNSETTLED : c_dl + 1 > far ? c_dl + 1 : far;
}

/* Rewrites a solved layer, entries first ... first + n - 1 of `entries`
 * holding its bounds (lo, hi) and dl, dh its distances, in format 3, and
 * counts it into `st` (positions, exact, forced, largest distance). */
void mancala__lean_layer_write(uint8_t *entries, uint64_t first, uint64_t n, const uint8_t *dl,
                               const uint8_t *dh, struct mt_stats *st);

/* Solves the table `params` names (as mancala__solve(), with the fields of
 * the lean solver too) with the lean solver, into a table of format 3.
 * Its lo and hi are those of solve.c for every entry, whatever the number
 * of threads; the distances are a potential of the same kind (the least
 * one, see solve_lean.c), kept where the position is exact. */
int mancala__solve_lean(const struct mt_solve_params *params);

/* Writes a finished table (`entries`: the layout's entries and 8 bytes of
 * zeros after them) to `out` and puts it in place; frees `out` in every
 * case (solve.c). */
int mancala__output_table(struct mt_output *out, const struct mt_layout *lay,
                          const struct mc_board *board, const uint8_t *entries);

/* Writes `size` bytes at `at`, looping over short writes (solve.c):
 * MANCALA_OK or MANCALA_E_IO. */
int mancala__pwrite_all(int fd, const uint8_t *data, size_t size, uint64_t at);

#endif /* MANCALA_SOLVE_LEAN_H */

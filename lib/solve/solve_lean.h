/*
 * The lean solver (solve_lean.c): the same tables as the solver of
 * solve.c, without predecessor lists, by sweeps over each layer.
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

/* How a lean solve runs: `threads` threads (1 ... MT_MOST_THREADS, 0 for
 * one per processor); resuming from and checkpointing to TARGET.partial
 * if `resumable`; the progress callback inside a sweep every
 * `pulse_seconds`, a checkpoint inside a layer at most every
 * `checkpoint_seconds` (negative: the defaults, 0.5 and 60). */
struct mt_lean_options {
    int threads, resumable;
    double pulse_seconds, checkpoint_seconds;
};

/* Solves the table of `rules` (as mancala__solve()) with the lean
 * solver (`options` NULL: every processor, resumable, the default
 * intervals). The values are those of solve.c for every entry, whatever
 * the number of threads; the distances are a potential of the same kind
 * (the least one, see solve_lean.c). `stats` may be NULL. */
int mancala__solve_lean(const char *path, const char *rules, unsigned closed, int max_stones,
                        int step, const struct mt_lean_options *options,
                        mancala_progress_fn progress, void *opaque, struct mt_lean_stats *stats);

/* Writes a finished table (`entries`: the layout's entries and 8 bytes of
 * zeros after them) to `out` and puts it in place; frees `out` in every
 * case (solve.c). */
int mancala__output_table(struct mt_output *out, const struct mt_layout *lay,
                          const struct mc_board *board, const uint8_t *entries);

/* Writes `size` bytes at `at`, looping over short writes (solve.c):
 * MANCALA_OK or MANCALA_E_IO. */
int mancala__pwrite_all(int fd, const uint8_t *data, size_t size, uint64_t at);

#endif /* MANCALA_SOLVE_LEAN_H */

/*
 * The strong solution of Modiar and its table file.
 * PLACEHOLDER: every function returns MANCALA_E_UNSUPPORTED until the
 * solver lands.
 *
 * SPDX-License-Identifier: MIT
 */
#include "private.h"

MANCALA_EXPORT int mancala_solve_modiar(const char *path, mancala_progress_fn progress, void *opaque)
{
    (void)progress, (void)opaque;
    return path ? MANCALA_E_UNSUPPORTED : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_table_open(mancala_table **out, const char *path)
{
    return out && path ? MANCALA_E_UNSUPPORTED : MANCALA_E_INVALID;
}

MANCALA_EXPORT void mancala_table_close(mancala_table *table) { (void)table; }

MANCALA_EXPORT int mancala_table_value(const mancala_table *table, const mancala_game *game, int *lo, int *hi)
{
    (void)table, (void)game, (void)lo, (void)hi;
    return MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_table_best_moves(const mancala_table *table, const mancala_game *game,
                                            int *moves, size_t cap)
{
    (void)table, (void)game, (void)moves, (void)cap;
    return MANCALA_E_INVALID;
}

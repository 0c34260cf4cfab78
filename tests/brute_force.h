/*
 * The brute-force reference of the search tests: the exact value of a
 * position, over mancala_clone(), so it sees the same history and
 * repetition rule as the search.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_TEST_BRUTE_FORCE_H
#define MANCALA_TEST_BRUTE_FORCE_H

#include "helpers.h"

/* The final stone difference for the player to move (rule 7 of each game). */
static inline int final_difference(const mancala_game *g)
{
    int me = mancala_to_move(g);
    return mancala_score(g, me) - mancala_score(g, !me);
}

/* Minimax over every line to its end, history and repetition rule
 * included, with plain alpha-beta pruning (exact for a full window) and
 * nothing else; `budget` bounds the nodes so a big position fails, not
 * hangs. */
static inline int brute_force(mancala_game *g, int alpha, int beta, long *budget)
{
    if (mancala_is_over(g))
        return final_difference(g);
    expect(--*budget > 0, "brute force budget exhausted at %s", fmt(g));
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    int best = -1000;
    for (int i = 0; i < count && best < beta; i++) {
        play_ok(g, moves[i]);
        int v = -brute_force(g, -beta, -(best > alpha ? best : alpha), budget);
        expect_int_eq(mancala_undo(g), MANCALA_OK);
        if (v > best)
            best = v;
    }
    return best;
}

/* The exact value of `g` for the player to move (every score lies within
 * +-48, inside the full window). */
static inline int brute_value(const mancala_game *g)
{
    mancala_game *c;
    ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
    long budget = 20000000;
    int v = brute_force(c, -100, 100, &budget);
    mancala_free(c);
    return v;
}

#endif

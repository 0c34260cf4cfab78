/*
 * Strength levels: a computer opponent from nearly random (1) to the
 * strongest the search plays in about a second (20), weaker on purpose in
 * a human way: a shallower look-ahead and a draw among the moves near the
 * best (mancala_search_level_move() in mancala.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include "engine/engine.h"
#include "rules/rules.h"
#include "core/random.h"

/*
 * Per game and level: the depth of the look-ahead (the move itself
 * included), the weight of a move for each stone it scores below the
 * best, exp(-1 / T) for the temperature T in stones (written out, so that
 * every platform draws the same moves), and the margin: the most stones
 * below the best a move may score to be drawn at all. Level 20 plays the
 * best move of as deep a search as a second allows.
 *
 * Each level is a step above the one below, a deeper search or a cooler
 * draw, measured by seeded matches (doc/engine.md, "Strength levels").
 * In Modiar a temperature below about a stone changes nothing measurable
 * (presumably as the moves of a position seldom score within a stone),
 * so the cooler steps go from 3-5 stones to 1-2, the depths that
 * add little are left out, and the top levels differ by depth alone.
 * Modiar's levels must also lose less value against the solved table
 * than the one below (issue 50; mancala-ladder-loss in research/): at
 * level 12 a hot draw at depth 7 lost as much as level 11, so 12-16
 * are each a step deeper than the one below, at T = 1 to 1.5. In
 * Rio Kadalis a hot draw costs more than a ply or two (a deeper level
 * with T = 3 or 4 lost to the cooler level below), so there each level
 * from 7 up is one ply deeper than the one below at the same temperature
 * or as deep and cooler, and the depth stops at 13 plies, as its relay
 * sowing makes a deep search slow. Its levels 2-5 are cooler than
 * Modiar's: with Modiar's, level 2 was no measurable step above level 1
 * from the book of openings, and a hot depth 2 lost to a cool depth 1.
 */
struct level {
    uint8_t depth;
    double ratio; /* exp(-1 / T) */
    uint8_t margin;
};
static const struct level ladders[MC_LADDERS][MANCALA_LEVEL_MAX + 1] = {
[MC_LADDER_MODIAR] = {
    {0, 0, 0},
    {1, 0.999, 99},           /*  1: T 1000 */
    {1, 0.951229, 40},        /*  2: T 20 */
    {1, 0.904837, 30},        /*  3: T 10 */
    {1, 0.818731, 20},        /*  4: T 5 */
    {2, 0.818731, 16},        /*  5: T 5 */
    {2, 0.606531, 10},        /*  6: T 2 */
    {3, 0.778801, 14},        /*  7: T 4 */
    {3, 0.513417, 8},         /*  8: T 1.5 */
    {4, 0.513417, 8},         /*  9: T 1.5 */
    {5, 0.716531, 10},        /* 10: T 3 */
    {5, 0.367879, 6},         /* 11: T 1 */
    {6, 0.367879, 6},         /* 12: T 1 */
    {7, 0.367879, 6},         /* 13: T 1 */
    {9, 0.513417, 7},         /* 14: T 1.5 */
    {10, 0.513417, 7},        /* 15: T 1.5 */
    {11, 0.367879, 5},        /* 16: T 1 */
    {12, 0.367879, 4},        /* 17: T 1 */
    {14, 0.135335, 3},        /* 18: T 0.5 */
    {18, 0.00673795, 1},      /* 19: T 0.2 */
    {MC_SEARCH_MAX_DEPTH, 0, 0}, /* 20: the best move */
},
[MC_LADDER_RIO_KADALIS] = {
    {0, 0, 0},
    {1, 0.999, 99},           /*  1: T 1000 */
    {1, 0.866878, 24},        /*  2: T 7 */
    {1, 0.751477, 16},        /*  3: T 3.5 */
    {1, 0.606531, 10},        /*  4: T 2 */
    {2, 0.670320, 12},        /*  5: T 2.5 */
    {2, 0.606531, 10},        /*  6: T 2 */
    {3, 0.606531, 10},        /*  7: T 2 */
    {3, 0.367879, 6},         /*  8: T 1 */
    {4, 0.367879, 6},         /*  9: T 1 */
    {5, 0.367879, 6},         /* 10: T 1 */
    {6, 0.367879, 6},         /* 11: T 1 */
    {7, 0.367879, 6},         /* 12: T 1 */
    {7, 0.135335, 3},         /* 13: T 0.5 */
    {8, 0.135335, 3},         /* 14: T 0.5 */
    {9, 0.135335, 3},         /* 15: T 0.5 */
    {10, 0.135335, 3},        /* 16: T 0.5 */
    {11, 0.135335, 3},        /* 17: T 0.5 */
    {12, 0.035674, 2},        /* 18: T 0.3 */
    {13, 0.00673795, 1},      /* 19: T 0.2 */
    {MC_SEARCH_MAX_DEPTH, 0, 0}, /* 20: the best move */
}};
/* The most time of a move at any level. */
#define LEVEL_TIME_MS 1000

/*
 * Draws among the moves whose score is at most `margin` below the best,
 * each with a weight ratio^(stones below the best); the best (the lowest
 * pit on ties) when the ratio is 0.
 */
static int choose_move(const int *moves, const int *scores, int count, double ratio, int margin,
                       uint64_t seed)
{
    int best = 0;
    for (int i = 1; i < count; i++)
        if (scores[moves[i]] > scores[moves[best]])
            best = i;
    if (ratio <= 0)
        return moves[best];
    double weight[MANCALA_MAX_PITS], total = 0;
    for (int i = 0; i < count; i++) {
        const int behind = scores[moves[best]] - scores[moves[i]];
        weight[i] = behind <= margin;
        for (int k = 0; k < behind && weight[i] > 0; k++)
            weight[i] *= ratio;
        total += weight[i];
    }
    /* A uniform double in [0, total) from the top 53 bits. */
    uint64_t state = seed;
    double r = (double)(mc_random_next(&state) >> 11) * 0x1.0p-53 * total;
    for (int i = 0; i < count; i++) {
        if (r < weight[i])
            return moves[i];
        r -= weight[i];
    }
    return moves[best];
}

MANCALA_EXPORT int mancala_search_level_move(mancala_search *search, const mancala_game *game,
                                             int level, uint64_t seed)
{
    if (!search || !game)
        return MANCALA_E_INVALID;
    if (level < MANCALA_LEVEL_MIN || level > MANCALA_LEVEL_MAX)
        return MANCALA_E_OPTION;
    if (mancala__search_running(search))
        return MANCALA_E_BUSY;
    if (mancala_is_over(game))
        return MANCALA_E_OVER;
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
    if (count == 1)
        return moves[0];
    /* One search that scores every move exactly to the level's depth. */
    const char *rules = mancala_rules(game);
    const struct level *l = &ladders[mancala__variant_find(rules, strlen(rules))->ladder][level];
    struct mc_limits limits = {l->depth, 0, LEVEL_TIME_MS, 1};
    mancala__search_limits(search, &limits, &limits);
    const int status = mancala_search_run(search, game);
    /* The evaluation freed the searcher during the run (the only way a
     * level's search, which calls no progress function, is cancelled):
     * there are no limits left to restore. */
    if (status == MANCALA_E_CANCELLED)
        return status;
    mancala__search_limits(search, &limits, &limits);
    if (status < 0)
        return status;
    /* The temperature and the margin fall as the level rises: level 1
     * draws nearly at random, level 20 plays its best. */
    return choose_move(moves, mancala__search_root_scores(search), count, l->ratio, l->margin,
                       seed);
}

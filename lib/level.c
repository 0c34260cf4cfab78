/*
 * Strength levels: a computer opponent from nearly random (1) to the
 * strongest the search plays in about a second (20), weaker on purpose in
 * a human way: a shallower look-ahead and a draw among the moves near the
 * best (mancala_search_level_move() in mancala.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include "private.h"
#include "random.h"

/* Per level: the depth of the look-ahead (the move itself included). */
static const uint8_t level_depth[MANCALA_LEVEL_MAX + 1] = {
    0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 13, MC_SEARCH_MAX_DEPTH};
/* Per level: the weight of a move for each stone it scores below the best,
 * exp(-1 / T) for the temperature T = 20 ((20 - level) / 19)^2 stones
 * (written out, so that every platform draws the same moves). */
static const double level_ratio[MANCALA_LEVEL_MAX + 1] = {
    0, 0.951229, 0.945813, 0.939454, 0.93192, 0.922911, 0.912021, 0.898701,
    0.882191, 0.86142, 0.834853, 0.800243, 0.75425, 0.691863, 0.605689, 0.48578,
    0.32364, 0.134586, 0.010971, 1.44872e-08, 0};
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
    struct mc_limits limits = {level_depth[level], 0, LEVEL_TIME_MS, 1};
    mancala__search_limits(search, &limits, &limits);
    const int status = mancala_search_run(search, game);
    mancala__search_limits(search, &limits, &limits);
    if (status < 0)
        return status;
    /* The temperature and the margin fall as the level rises: level 1
     * draws nearly at random, level 20 plays its best. */
    return choose_move(moves, mancala__search_root_scores(search), count, level_ratio[level],
                       2 * (MANCALA_LEVEL_MAX - level), seed);
}

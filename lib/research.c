/*
 * The learning interface on one handle: actions relative to the mover,
 * the legal mask, the observation and the returns. Everything is read
 * from the handle (mancala__view(), the public readers); no rule is
 * decided here.
 *
 * SPDX-License-Identifier: MIT
 */
#include "research.h"

MANCALA_EXPORT int mancala_num_actions(const mancala_game *game)
{
    return game ? mancala_num_pits(game) / 2 : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_action_to_pit(const mancala_game *game, int action)
{
    if (!game)
        return MANCALA_E_INVALID;
    const int n = mancala_num_pits(game) / 2;
    if (action < 0 || action >= n)
        return MANCALA_E_RANGE;
    return mancala_to_move(game) * n + action;
}

MANCALA_EXPORT int mancala_pit_to_action(const mancala_game *game, int pit)
{
    if (!game)
        return MANCALA_E_INVALID;
    const int n = mancala_num_pits(game) / 2, first = mancala_to_move(game) * n;
    if (pit < first || pit >= first + n)
        return MANCALA_E_RANGE;
    return pit - first;
}

int mancala__legal_mask(const struct mc_view *v, uint8_t *mask)
{
    const int n = v->board->variant->n;
    const unsigned row = (unsigned)v->legal >> v->state->to_move * n;
    for (int a = 0; a < n; a++)
        mask[a] = row >> a & 1;
    return mc_count_row_bits(row);
}

MANCALA_EXPORT int mancala_legal_mask(const mancala_game *game, uint8_t *mask, size_t len)
{
    if (!game || !mask)
        return MANCALA_E_INVALID;
    struct mc_view v;
    mancala__view(game, &v);
    if (len < v.board->variant->n)
        return MANCALA_E_NOSPACE;
    return mancala__legal_mask(&v, mask);
}

MANCALA_EXPORT int mancala_observation_size(const mancala_game *game)
{
    return game ? MC_OBSERVATION_SIZE(mancala_num_pits(game) / 2) : MANCALA_E_INVALID;
}

/* The entries of the observation as counts, in the order of the table
 * in mancala.h; both writers scale or clip them. */
static inline int observation_counts(const struct mc_view *v, int *count)
{
    const struct mc_variant *var = v->board->variant;
    const int n = var->n, me = v->state->to_move, you = me ^ 1;
    for (int a = 0; a < n; a++) {
        count[a] = v->state->pit[me * n + a];
        count[n + a] = v->state->pit[you * n + a];
        count[2 * n + a] = v->board->closed >> (me * n + a) & 1;
        count[3 * n + a] = v->board->closed >> (you * n + a) & 1;
    }
    count[4 * n] = v->state->captured[me];
    count[4 * n + 1] = v->state->captured[you];
    count[4 * n + 2] = v->bank[me];
    count[4 * n + 3] = v->bank[you];
    /* Modiar rule 4: the first move's captures are forfeited. */
    count[4 * n + 4] = !var->match && v->state->ply == 0;
    count[4 * n + 5] = v->round - 1;
    count[4 * n + 6] = v->quiet_plies;
    return MC_OBSERVATION_SIZE(n);
}

void mancala__observation(const struct mc_view *v, float *buf)
{
    int count[MC_OBSERVATION_MAX];
    const int size = observation_counts(v, count), n = v->board->variant->n;
    const float stones = (float)mc_total_stones(v->board->variant);
    for (int i = 0; i < size; i++)
        buf[i] = (float)count[i];
    for (int i = 0; i < 2 * n; i++)
        buf[i] /= stones;
    for (int i = 4 * n; i < 4 * n + 4; i++)
        buf[i] /= stones;
}

MANCALA_EXPORT int mancala_observation(const mancala_game *game, float *buf, size_t len)
{
    if (!game || !buf)
        return MANCALA_E_INVALID;
    struct mc_view v;
    mancala__view(game, &v);
    const int size = MC_OBSERVATION_SIZE(v.board->variant->n);
    if (len < (size_t)size)
        return MANCALA_E_NOSPACE;
    mancala__observation(&v, buf);
    return size;
}

MANCALA_EXPORT int mancala_observation_bytes(const mancala_game *game, uint8_t *buf, size_t len)
{
    if (!game || !buf)
        return MANCALA_E_INVALID;
    struct mc_view v;
    mancala__view(game, &v);
    int count[MC_OBSERVATION_MAX];
    const int size = MC_OBSERVATION_SIZE(v.board->variant->n);
    if (len < (size_t)size)
        return MANCALA_E_NOSPACE;
    observation_counts(&v, count);
    for (int i = 0; i < size; i++)
        buf[i] = (uint8_t)(count[i] < UINT8_MAX ? count[i] : UINT8_MAX);
    return size;
}

int mancala__returns(const mancala_game *game, unsigned flags, float returns[2])
{
    const int match = flags & MANCALA_RETURNS_MATCH;
    returns[0] = returns[1] = 0.0f;
    if (!(match ? mancala_match_over(game) : mancala_is_over(game)))
        return 0;
    float south;
    if (flags & MANCALA_RETURNS_STONES) {
        /* The scores of the last round are the stones each holds at the
         * end of the match. */
        struct mc_view v;
        mancala__view(game, &v);
        const int diff = mancala_score(game, MANCALA_SOUTH) - mancala_score(game, MANCALA_NORTH);
        south = (float)diff / (float)mc_total_stones(v.board->variant);
    } else {
        const int winner = match ? mancala_match_winner(game) : mancala_winner(game);
        south = winner == MANCALA_SOUTH ? 1.0f : winner == MANCALA_NORTH ? -1.0f : 0.0f;
    }
    returns[0] = south;
    returns[1] = -south;
    return 1;
}

MANCALA_EXPORT int mancala_returns(const mancala_game *game, unsigned flags, float returns[2])
{
    if (!game || !returns)
        return MANCALA_E_INVALID;
    if (flags & ~(unsigned)(MANCALA_RETURNS_STONES | MANCALA_RETURNS_MATCH))
        return MANCALA_E_OPTION;
    return mancala__returns(game, flags, returns);
}

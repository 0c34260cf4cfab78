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

void mancala__stone_scale(const struct mc_variant *v, float *scale)
{
    for (int k = 0; k <= MC_STONES_MAX; k++)
        scale[k] = (float)k / (float)mc_total_stones(v);
}

/* The observation for rows of n pits (a constant where it is inlined,
 * so the offsets are constants too): everything is read into locals first, since a
 * store through `buf` could otherwise change what `v` points to, as far
 * as the compiler knows, and each value would be loaded again. */
static MC_ALWAYS_INLINE void observe(const struct mc_view *v, int quiet, const float *stones,
                                     float *buf, const int n)
{
    static const float flag[2] = {0.0f, 1.0f};
    const struct mc_state *s = v->state;
    const int me = s->to_move, you = me ^ 1;
    uint8_t mine[MANCALA_MAX_PITS / 2], theirs[MANCALA_MAX_PITS / 2];
    memcpy(mine, &s->pit[me * n], (size_t)n);
    memcpy(theirs, &s->pit[you * n], (size_t)n);
    const unsigned closed = v->board->closed;
    const unsigned my_closed = closed >> me * n, their_closed = closed >> you * n;
    const float captured[2] = {stones[s->captured[me]], stones[s->captured[you]]};
    const float bank[2] = {stones[v->bank[me]], stones[v->bank[you]]};
    /* Modiar rule 4: the first move's captures are forfeited. */
    const float first = (float)(!v->board->variant->match && s->ply == 0);
    const float round = (float)(v->round - 1);
    for (int a = 0; a < n; a++) {
        buf[a] = stones[mine[a]];
        buf[n + a] = stones[theirs[a]];
        buf[2 * n + a] = flag[my_closed >> a & 1];
        buf[3 * n + a] = flag[their_closed >> a & 1];
    }
    buf[4 * n] = captured[0];
    buf[4 * n + 1] = captured[1];
    buf[4 * n + 2] = bank[0];
    buf[4 * n + 3] = bank[1];
    buf[4 * n + 4] = first;
    buf[4 * n + 5] = round;
    buf[4 * n + 6] = (float)quiet;
}

void mancala__observation(const struct mc_view *v, int quiet, const float *stones, float *buf)
{
    switch (v->board->variant->n) {
    case 3: observe(v, quiet, stones, buf, 3); break;
    case 5: observe(v, quiet, stones, buf, 5); break;
    case 6: observe(v, quiet, stones, buf, 6); break;
    default: observe(v, quiet, stones, buf, v->board->variant->n); break;
    }
}

/* The view of `game` for an observation into a buffer of `len` entries:
 * its size, or the error of both writers. */
static int observation_view(const mancala_game *game, const void *buf, size_t len,
                            struct mc_view *v)
{
    if (!game || !buf)
        return MANCALA_E_INVALID;
    mancala__view(game, v);
    const int size = MC_OBSERVATION_SIZE(v->board->variant->n);
    return len < (size_t)size ? MANCALA_E_NOSPACE : size;
}

MANCALA_EXPORT int mancala_observation(const mancala_game *game, float *buf, size_t len)
{
    struct mc_view v;
    const int size = observation_view(game, buf, len, &v);
    if (size < 0)
        return size;
    float scale[MC_STONES_MAX + 1];
    mancala__stone_scale(v.board->variant, scale);
    mancala__observation(&v, mancala__quiet_plies(game), scale, buf);
    return size;
}

MANCALA_EXPORT int mancala_observation_bytes(const mancala_game *game, uint8_t *buf, size_t len)
{
    struct mc_view v;
    const int size = observation_view(game, buf, len, &v);
    if (size < 0)
        return size;
    /* The same entries with every count unscaled, then cut to a byte. */
    float counts[MC_STONES_MAX + 1], obs[MC_OBSERVATION_MAX];
    for (int k = 0; k <= MC_STONES_MAX; k++)
        counts[k] = (float)k;
    mancala__observation(&v, mancala__quiet_plies(game), counts, obs);
    for (int i = 0; i < size; i++)
        buf[i] = (uint8_t)(obs[i] < UINT8_MAX ? obs[i] : UINT8_MAX);
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

/*
 * The learning interface on one handle: actions relative to the mover,
 * the legal mask, the observation and the returns. Everything is read
 * from the handle (mancala__view(), the public readers); no rule is
 * decided here.
 *
 * SPDX-License-Identifier: MIT
 */
#include "learn/research.h"

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
    /* A byte a pit, stored as a few words where n is a constant. */
    const uint64_t bytes = mc_row_bytes(row);
    switch (n) {
    case 3: mc_store_bytes(mask, bytes, 3); break;
    case 5: mc_store_bytes(mask, bytes, 5); break;
    case 6: mc_store_bytes(mask, bytes, 6); break;
    default: mc_store_bytes(mask, bytes, n); break;
    }
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

/* The two rows of `x` (bytes 0 to 2n - 1 of a pair of words, the lowest
 * first), the mover's first: the rows swap places when `swap` is 1. A
 * select of masks, not a branch: who moves is as good as random in a
 * batch. Shifts by 8n and 64 - 8n, both within a word, for n of 3 to 7. */
static MC_ALWAYS_INLINE void rows_mover_first(uint64_t x[2], int swap, const int n)
{
    const uint64_t row = ((uint64_t)1 << 8 * n) - 1;
    const uint64_t south = x[0] & row;
    const uint64_t north = (x[0] >> 8 * n | x[1] << (64 - 8 * n)) & row;
    const uint64_t pick = 0 - (uint64_t)swap;
    const uint64_t mine = (south & ~pick) | (north & pick), other = south ^ north ^ mine;
    x[0] = mine | other << 8 * n;
    x[1] = other >> (64 - 8 * n);
}

/* The observation for rows of n pits (a constant where it is inlined,
 * so the offsets are constants too). The counts and flags are gathered
 * as two pairs of words in registers, each stored into 16 bytes at once
 * (mc_store_le128()), then converted by loops of 16 entries, whole
 * vectors that compilers turn into a few vector instructions (the unused
 * entries cost nothing more); gathered byte by byte into memory, they
 * would stall those loops' loads (a load spanning several smaller stores
 * waits for them to reach the cache). Reading everything into locals
 * first also keeps a store through `buf` from reloading what `v` points
 * to (as far as the compiler knows, a store of a float could change it). Dividing each
 * count by S gives what the rule says, count / S rounded once; the same
 * division vectorizes, which reading a table of the quotients does not;
 * a multiplication by 1 / S would round twice, and not always give the
 * same float. */
static MC_ALWAYS_INLINE void observe(const struct mc_view *v, int quiet, float divisor,
                                     float *buf, uint8_t *mask, const int n, const int rounds)
{
    const struct mc_state *s = v->state;
    const int me = s->to_move;
    const unsigned row = (1u << n) - 1, closed = rounds ? v->board->closed : 0;
    /* Modiar rule 4: the first move's captures are forfeited. */
    const float first = (float)mc_forfeits_capture(v->board->variant, s);
    const float round = rounds ? (float)(v->round - 1) : 0.0f;
    /* The counts: the mover's row, the other's, and from 12 on the
     * captures and banks (each pair turned round for North). The flags:
     * the rows' closed pits. */
    uint64_t pits[2] = {mc_load_le64(s->pit), mc_load_le64(s->pit + 4) >> 32};
    rows_mover_first(pits, me, n);
    const unsigned captured = s->captured[0] | (unsigned)s->captured[1] << 8;
    const unsigned bank = rounds ? v->bank[0] | (unsigned)v->bank[1] << 8 : 0;
    const unsigned turn = 8 * (unsigned)me;
    const uint64_t ends = ((captured >> turn | captured << turn) & 0xffff) |
                          ((bank >> turn | bank << turn) & 0xffff) << 16;
    const uint64_t my_closed = mc_row_bytes(closed >> me * n & row);
    const uint64_t other_closed = mc_row_bytes(closed >> (me ^ 1) * n & row);
    uint8_t count[16], flag[16];
    mc_store_le128(count, pits[0], pits[1] | ends << 32);
    mc_store_le128(flag, my_closed | other_closed << 8 * n, other_closed >> (64 - 8 * n));
    /* Through uint16_t: GCC 12 then widens the bytes to 32 bits with
     * zeros; from a byte straight to int, it widens the 16-bit halves by
     * their sign, which takes more instructions (a byte's value is the
     * same either way). */
    float counts[16], flags[16];
    for (int k = 0; k < 16; k++)
        counts[k] = (float)(int)(uint16_t)count[k] / divisor;
    for (int k = 0; k < 16; k++)
        flags[k] = (float)(int)(uint16_t)flag[k];
    memcpy(buf, counts, 2 * (size_t)n * sizeof *buf);
    memcpy(buf + 2 * n, flags, 2 * (size_t)n * sizeof *buf);
    memcpy(buf + 4 * n, counts + 12, 4 * sizeof *buf);
    buf[4 * n + 4] = first;
    buf[4 * n + 5] = round;
    buf[4 * n + 6] = (float)quiet;
    if (mask)
        mc_store_bytes(mask, mc_row_bytes((unsigned)v->legal >> me * n), n);
}

/* One function for each row length, so that each is compiled for its
 * own (the registers of one case do not burden the others, nor the
 * choice between them: a case inlined there would make every call save
 * its registers); one for the rules sets without rounds (`rounds` 0: no
 * closed pits, no banks, always the first round, variant.match 0), whose
 * entries of those are constants. observe_any() serves every rules set. */
#define OBSERVER(name, n, rounds)                                                                \
    static __attribute__((noinline)) void name(const struct mc_view *v, int quiet, float divisor, \
                                               float *buf, uint8_t *mask)                        \
    {                                                                                            \
        observe(v, quiet, divisor, buf, mask, n, rounds);                                        \
    }
OBSERVER(observe3_without_rounds, 3, 0)
OBSERVER(observe5, 5, 1)
OBSERVER(observe6, 6, 1)
OBSERVER(observe_any, v->board->variant->n, 1)

mc_observer *mancala__observer(const struct mc_variant *variant)
{
    if (variant->n == 3 && !variant->match)
        return observe3_without_rounds;
    switch (variant->n) {
    case 5: return observe5;
    case 6: return observe6;
    default: return observe_any;
    }
}

void mancala__observation(const struct mc_view *v, int quiet, float divisor, float *buf,
                          uint8_t *mask)
{
    mancala__observer(v->board->variant)(v, quiet, divisor, buf, mask);
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
    mancala__observation(&v, mancala__quiet_plies(game), (float)mc_total_stones(v.board->variant),
                         buf, NULL);
    return size;
}

MANCALA_EXPORT int mancala_observation_bytes(const mancala_game *game, uint8_t *buf, size_t len)
{
    struct mc_view v;
    const int size = observation_view(game, buf, len, &v);
    if (size < 0)
        return size;
    /* The same entries with every count unscaled, then cut to a byte. */
    float obs[MC_OBSERVATION_MAX];
    mancala__observation(&v, mancala__quiet_plies(game), 1.0f, obs, NULL);
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

/*
 * Modiar: the rules of RULES.md, "Modiar", rules 1 to 6. Rule 7 (the end)
 * and the repetition rule are shared and live in game.c.
 *
 * SPDX-License-Identifier: MIT
 */
#include "private.h"

enum { MODIAR_PITS = 6, MODIAR_ROW = 3 };

/* 2, 4 or 6, as a set of counts: bit c set for a capturing count c. A pit
 * never holds 64 stones (there are 42), so this needs no branch, which
 * matters: whether a count captures is as good as random. */
#define CAPTURE_COUNTS (UINT64_C(1) << 2 | UINT64_C(1) << 4 | UINT64_C(1) << 6)

static int is_capture_count(int stones)
{
    return CAPTURE_COUNTS >> stones & 1;
}

static int row_stones(const struct mc_state *s, int player)
{
    const uint8_t *row = s->pit + player * MODIAR_ROW;
    return row[0] + row[1] + row[2];
}

/* The pit before `p` along the sowing path. */
static int previous_pit(int p)
{
    return p ? p - 1 : MODIAR_PITS - 1;
}

/* Where the last stone of `stones` sown from `pit` falls, from `rest`,
 * stones mod 6: (pit + stones - 1) mod 6 without a division. */
static int last_pit(int pit, int rest)
{
    return (int)((unsigned)(pit + rest + MODIAR_PITS - 1) % MODIAR_PITS);
}

/* Byte vectors over the first 8 pits (Modiar uses 6) for sowing a whole
 * lap by arithmetic. extra_stone[pit][rest]: the `rest` pits from `pit`
 * on, along the sowing path, that get one stone more than the others. */
#define DISTANCE(from, to) (((to) - (from) + MODIAR_PITS) % MODIAR_PITS)
#define EXTRA(pit, rest, p) (DISTANCE(pit, p) < (rest))
#define EXTRA_ROW(pit, rest) \
    {EXTRA(pit, rest, 0), EXTRA(pit, rest, 1), EXTRA(pit, rest, 2), \
     EXTRA(pit, rest, 3), EXTRA(pit, rest, 4), EXTRA(pit, rest, 5), 0, 0}
#define EXTRA_PIT(pit) \
    {EXTRA_ROW(pit, 0), EXTRA_ROW(pit, 1), EXTRA_ROW(pit, 2), \
     EXTRA_ROW(pit, 3), EXTRA_ROW(pit, 4), EXTRA_ROW(pit, 5)}
static const uint8_t extra_stone[MODIAR_PITS][MODIAR_PITS][8] = {
    EXTRA_PIT(0), EXTRA_PIT(1), EXTRA_PIT(2), EXTRA_PIT(3), EXTRA_PIT(4), EXTRA_PIT(5),
};
static const uint8_t unit_in_pit[MODIAR_PITS][8] = {
    {1}, {0, 1}, {0, 0, 1}, {0, 0, 0, 1}, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 1},
};
static const uint8_t unit_in_every_pit[8] = {1, 1, 1, 1, 1, 1, 0, 0};

/* The first 8 pits as one 64-bit word, each byte a pit, in memory order
 * (so the tables above work on either byte order). */
static uint64_t pit_word(const struct mc_state *s)
{
    uint64_t pits;
    memcpy(&pits, s->pit, sizeof pits);
    return pits;
}

/* Rule 2 on `pits` (a pit_word()): the origin `pit` loses its `stones`
 * (at least one) and every pit gains its share at once. No byte leaves
 * 0..42, so no carry or borrow crosses pits. */
static uint64_t sow_lap(uint64_t pits, int pit, int stones)
{
    const int laps = (int)((unsigned)stones / MODIAR_PITS), rest = (int)((unsigned)stones % MODIAR_PITS);
    uint64_t lifted, extra, one_each;
    memcpy(&lifted, unit_in_pit[pit], sizeof lifted);
    memcpy(&extra, extra_stone[pit][rest], sizeof extra);
    memcpy(&one_each, unit_in_every_pit, sizeof one_each);
    return pits + (uint64_t)laps * one_each + extra - (uint64_t)stones * lifted;
}

/* Rules 1 to 5 for one move. Inline so that the move generator gets a copy
 * without the recorder (rec is NULL there), the hot path. */
static inline int modiar_move(const struct mc_state *s, int pit, struct mc_state *out,
                              struct mc_recorder *rec)
{
    const int stones = s->pit[pit];
    const int mover = s->to_move;
    const int opponent = mover ^ 1;

    /* Rule 1: at least two stones. */
    if (stones == 0)
        return MANCALA_E_EMPTY;
    if (stones == 1)
        return MANCALA_E_SINGLETON;

    /* Rule 2: the first stone goes back into the origin, stone k lands in
     * pit + k - 1; one lap of the hand, no relay. So every pit receives
     * stones / 6, and the `stones % 6` pits from the origin on one more:
     * the whole lap by arithmetic, each pit written once. */
    *out = *s;
    mc_record(rec, MANCALA_EV_LAP, pit, stones, mover);
    if (!rec) {
        const uint64_t pits = sow_lap(pit_word(s), pit, stones);
        memcpy(out->pit, &pits, sizeof pits);
    } else {
        out->pit[pit] = 0;
        for (int k = 0, p = pit; k < stones; k++, p = p == MODIAR_PITS - 1 ? 0 : p + 1) {
            out->pit[p]++;
            mc_record(rec, MANCALA_EV_SOW, p, out->pit[p], mover);
        }
    }
    const int last = last_pit(pit, (int)((unsigned)stones % MODIAR_PITS));

    /* Rule 3: capture 2, 4 or 6 in the last pit, then backwards along the
     * sowing path through pits sown into by this move. Rule 4: on the very
     * first move the capture is forfeited. */
    const int forfeit = s->ply == 0;
    const int sown = stones < MODIAR_PITS ? stones : MODIAR_PITS;
    int taken = 0, taken_from_opponent = 0;
    for (int i = 0, p = last; i < sown; i++, p = previous_pit(p)) {
        const int here = out->pit[p];
        if (!is_capture_count(here))
            break;
        if (forfeit) {
            mc_record(rec, MANCALA_EV_FORFEIT, p, here, mover);
            continue;
        }
        mc_record(rec, MANCALA_EV_CAPTURE, p, here, mover);
        taken += here;
        if ((p >= MODIAR_ROW) == opponent)
            taken_from_opponent += here;
        out->pit[p] = 0;
    }
    if (!taken) {
        mc_finish_move(out, pit);
        return 0;
    }
    out->captured[mover] = (uint8_t)(out->captured[mover] + taken);

    /* Rule 5: a capture that empties a row holding stones after the sowing
     * is illegal (convention). The row held stones after the sowing if and
     * only if it holds some now or some were taken from it. */
    if (taken_from_opponent && !row_stones(out, opponent))
        return MANCALA_E_GRAND_SLAM;

    mc_finish_move(out, pit);
    return 0;
}

/* Quick tests for rule 5, so that listing the moves sows only the few
 * that may be grand slams. A grand slam leaves the opponent's row empty,
 * and a capture takes only pits holding 2, 4 or 6 (rule 3); so after the
 * sowing every pit of that row holds 0, 2, 4 or 6, and not all hold 0.
 * Sowing only adds stones to that row, so before it none of its pits held
 * more than 6 (tested, with one mask, as: more than 7). Every grand slam
 * passes both tests; modiar_move() decides for the moves that pass. The
 * pits are pit_word()s; row_unit[player] has a 1 in each byte of a pit of
 * the player's row. */
static const uint8_t row_unit[2][8] = {{1, 1, 1}, {0, 0, 0, 1, 1, 1}};

static int grand_slam_possible_before(uint64_t pits, int opponent)
{
    uint64_t row;
    memcpy(&row, row_unit[opponent], sizeof row);
    return !(pits & row * 0xf8);
}

static int grand_slam_possible_after(uint64_t pits, int opponent)
{
    uint64_t row;
    memcpy(&row, row_unit[opponent], sizeof row);
    return !(pits & row * 0xf9) && (pits & row * 0xff); /* 0, 2, 4 or 6; not all 0 */
}

static int modiar_sow(const struct mc_board *b, const struct mc_state *s, int pit,
                      struct mc_state *out, struct mc_recorder *rec)
{
    (void)b;
    /* Two copies of modiar_move(): the one for mancala_play() (no
     * recorder) does not test for one at every step. */
    if (!rec)
        return modiar_move(s, pit, out, NULL);
    return modiar_move(s, pit, out, rec);
}

/* Whether the sowing of `stones` from `pit` of the mover's row puts a
 * stone into the opponent's row (Rule 6): the lap covers the pits from
 * `pit` to `pit + min(stones, 6) - 1`, and the opponent's row begins
 * right after the end of the mover's. */
static int sowing_reaches_opponent(int pit, int stones, int mover)
{
    const int sown = stones < MODIAR_PITS ? stones : MODIAR_PITS;
    return pit + sown - 1 >= (mover + 1) * MODIAR_ROW;
}

/* Lists the legal moves, with their children if `children` is set (a
 * constant in each caller, so each gets its own code). */
static MC_ALWAYS_INLINE void list_moves(const struct mc_state *s, struct mc_moves *out, int8_t *why,
                                        int children)
{
    const int mover = s->to_move, opponent = mover ^ 1;
    const int first = mover * MODIAR_ROW;
    const uint64_t pits = pit_word(s);
    const int grand_slam_possible = grand_slam_possible_before(pits, opponent);
    int count = 0;
    unsigned legal_pits = 0;

    /* Rules 1 to 5 for each pit. Without the children, only a move that
     * may be a grand slam needs sowing. */
    for (int pit = first; pit < first + MODIAR_ROW; pit++) {
        const int stones = s->pit[pit];
        int legal;
        if (children) {
            int reason = modiar_move(s, pit, &out->child[count], NULL);
            if (why)
                why[pit] = (int8_t)reason;
            legal = !reason;
        } else {
            /* Rule 1, as in modiar_move(). Whether a pit can be played is
             * as good as random, so it is counted rather than branched on. */
            legal = stones >= 2;
            if (grand_slam_possible && legal &&
                grand_slam_possible_after(sow_lap(pits, pit, stones), opponent)) {
                struct mc_state scratch;
                legal = !modiar_move(s, pit, &scratch, NULL);
            }
        }
        out->pit[count] = (uint8_t)pit;
        count += legal;
        legal_pits |= (unsigned)legal << pit;
    }

    /* Rule 6, applied to what rule 5 left: if the opponent's row is empty,
     * a move that feeds it must be played when there is one. */
    if (!row_stones(s, opponent)) {
        int feeds[MODIAR_ROW], any_feeds = 0;
        for (int i = 0; i < count; i++) {
            feeds[i] = sowing_reaches_opponent(out->pit[i], s->pit[out->pit[i]], mover);
            any_feeds |= feeds[i];
        }
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (any_feeds && !feeds[i]) {
                if (why)
                    why[out->pit[i]] = MANCALA_E_MUST_FEED;
                legal_pits &= ~(1u << out->pit[i]);
                continue;
            }
            out->pit[kept] = out->pit[i];
            if (children)
                out->child[kept] = out->child[i];
            kept++;
        }
        count = kept;
    }
    out->count = count;
    out->legal = (uint16_t)legal_pits;
    out->known = (uint16_t)(children ? (1u << count) - 1 : 0);
}

static void modiar_generate(const struct mc_board *b, const struct mc_state *s,
                            struct mc_moves *out, int8_t *why)
{
    (void)b;
    list_moves(s, out, why, 1);
}

static void modiar_list(const struct mc_board *b, const struct mc_state *s, struct mc_moves *out)
{
    (void)b;
    list_moves(s, out, NULL, 0);
}

const struct mc_rules mancala__modiar_rules = {
    .sow = modiar_sow,
    .generate = modiar_generate,
    .list = modiar_list,
};

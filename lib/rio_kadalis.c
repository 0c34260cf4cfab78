/*
 * Rio Kadalis: the rules of RULES.md, "Rio Kadalis", rules 1 to 6. Rule 7
 * (the end of a round), the match and the repetition rule are shared and
 * live in game.c.
 *
 * SPDX-License-Identifier: MIT
 */
#include "private.h"

/* The state at the start of a lap: rule 6 calls a move endless when it
 * recurs. The captured counts are left out: a lap sequence that comes back
 * to the same pits cannot have captured anything on the way. */
struct lap_start {
    uint8_t pit[MANCALA_MAX_PITS];
    int from;
};

static int same_lap_start(const struct lap_start *a, const struct mc_state *s, int from)
{
    return a->from == from && memcmp(a->pit, s->pit, sizeof a->pit) == 0;
}

static void save_lap_start(struct lap_start *a, const struct mc_state *s, int from)
{
    memcpy(a->pit, s->pit, sizeof a->pit);
    a->from = from;
}

/* Laps a move sows before rule 6 is checked. The check is exact from any
 * lap on (the laps are deterministic, so an endless move repeats a lap
 * start sooner or later whenever the detection starts), and nearly every
 * move ends sooner: the check then costs nothing. */
enum { LAPS_BEFORE_CYCLE_CHECK = 16 };

/* Rules 1 to 6 for one move. Inline so that the move generator gets a copy
 * without the recorder (rec is NULL there), the hot path. */
static inline int rio_move(const struct mc_board *b, const struct mc_state *s, int pit,
                           struct mc_state *out, struct mc_recorder *rec)
{
    const int mover = s->to_move;
    const int n = b->variant->n;
    const uint8_t *next = b->next;

    /* Rule 1: any open pit of one's own with a stone. */
    if (s->pit[pit] == 0)
        return MANCALA_E_EMPTY;

    *out = *s;

    /* Rule 6, exactly and in constant memory: the laps form a deterministic
     * sequence of lap starts, so the move is endless if and only if a lap
     * start recurs, which Brent's cycle detection finds. */
    struct lap_start saved;
    unsigned laps = 0, power = 1, since_saved = 0;

    int from = pit;
    for (;;) {
        /* Rule 2: lift the pit and sow from the next open pit on. */
        int hand = out->pit[from];
        out->pit[from] = 0;
        mc_record(rec, MANCALA_EV_LAP, from, hand, mover);
        int p = from;
        for (; hand > 1; hand--) {
            p = next[p];
            int here = ++out->pit[p];
            mc_record(rec, MANCALA_EV_SOW, p, here, mover);
            if (here == 4) {
                /* Rule 3: a four formed mid-lap goes to the row's owner. */
                int owner = p >= n;
                out->pit[p] = 0;
                out->captured[owner] += 4;
                mc_record(rec, MANCALA_EV_CAPTURE, p, 4, owner);
            }
        }
        p = next[p];
        int last = ++out->pit[p];
        mc_record(rec, MANCALA_EV_SOW, p, last, mover);
        if (last == 4) {
            /* Rule 4: binikh, the mover takes the four and the move ends. */
            out->pit[p] = 0;
            out->captured[mover] += 4;
            mc_record(rec, MANCALA_EV_BINIKH, p, 4, mover);
            break;
        }
        if (last == 1)
            break; /* Rule 5: the last stone fell into an empty pit. */

        /* Rule 5: relay from p. */
        from = p;
        if (++laps < LAPS_BEFORE_CYCLE_CHECK)
            continue;
        if (laps == LAPS_BEFORE_CYCLE_CHECK) {
            save_lap_start(&saved, out, from);
            continue;
        }
        if (same_lap_start(&saved, out, from))
            return MANCALA_E_ENDLESS;
        if (++since_saved == power) {
            save_lap_start(&saved, out, from);
            power *= 2;
            since_saved = 0;
        }
    }
    mc_finish_move(out, pit);
    return 0;
}

static int rio_sow(const struct mc_board *b, const struct mc_state *s, int pit,
                   struct mc_state *out, struct mc_recorder *rec)
{
    return rio_move(b, s, pit, out, rec);
}

/* The lowest set bit of a non-zero `bits` (a de Bruijn sequence: portable
 * C, and no branch). */
static int lowest_bit(unsigned bits)
{
    static const uint8_t position[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                         15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                         16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
    return position[(uint32_t)((bits & -bits) * 0x077cb531u) >> 27];
}

static void rio_generate(const struct mc_board *b, const struct mc_state *s,
                         struct mc_moves *out, int8_t *why)
{
    const int n = b->variant->n;
    const int first = s->to_move * n;
    int count = 0;

    if (why) {
        for (int pit = first; pit < first + n; pit++) {
            int reason;
            if (b->closed >> pit & 1)
                reason = MANCALA_E_CLOSED;
            else
                reason = rio_move(b, s, pit, &out->child[count], NULL);
            why[pit] = (int8_t)reason;
            if (!reason)
                out->pit[count++] = (uint8_t)pit;
        }
        out->count = count;
        return;
    }

    /* The hot path: which pits are open and hold stones is as good as
     * random, so they are gathered without branches, then visited in
     * ascending order. */
    unsigned candidates = 0;
    for (int pit = first; pit < first + n; pit++)
        candidates |= (unsigned)(s->pit[pit] != 0) << pit;
    candidates &= ~(unsigned)b->closed;
    for (; candidates; candidates &= candidates - 1) {
        const int pit = lowest_bit(candidates);
        if (!rio_move(b, s, pit, &out->child[count], NULL))
            out->pit[count++] = (uint8_t)pit;
    }
    out->count = count;
}

const struct mc_rules mancala__rio_kadalis_rules = {
    .sow = rio_sow,
    .generate = rio_generate,
};

/*
 * Modiar: the rules of RULES.md, "Modiar", rules 1 to 6. Rule 7 (the end)
 * and the repetition rule are shared and live in game.c.
 *
 * SPDX-License-Identifier: MIT
 */
#include "private.h"

enum { MODIAR_PITS = 6, MODIAR_ROW = 3 };

static int is_capture_count(int stones)
{
    return stones == 2 || stones == 4 || stones == 6;
}

static int row_stones(const struct mc_state *s, int player)
{
    const uint8_t *row = s->pit + player * MODIAR_ROW;
    return row[0] + row[1] + row[2];
}

static int modiar_sow(const struct mc_board *b, const struct mc_state *s, int pit,
                      struct mc_state *out, struct mc_recorder *rec)
{
    (void)b;
    const int stones = s->pit[pit];
    const int mover = s->to_move;
    const int opponent = mover ^ 1;

    /* Rule 1: at least two stones. */
    if (stones == 0)
        return MANCALA_E_EMPTY;
    if (stones == 1)
        return MANCALA_E_SINGLETON;

    /* Rule 2: the first stone goes back into the origin, stone k lands in
     * pit + k - 1; one lap of the hand, no relay. */
    *out = *s;
    out->pit[pit] = 0;
    mc_record(rec, MANCALA_EV_LAP, pit, stones, mover);
    if (!rec) {
        const int laps = stones / MODIAR_PITS, rest = stones % MODIAR_PITS;
        for (int k = 0; k < MODIAR_PITS; k++)
            out->pit[(pit + k) % MODIAR_PITS] += (uint8_t)(laps + (k < rest));
    } else {
        for (int k = 0; k < stones; k++) {
            int p = (pit + k) % MODIAR_PITS;
            out->pit[p]++;
            mc_record(rec, MANCALA_EV_SOW, p, out->pit[p], mover);
        }
    }
    const int last = (pit + stones - 1) % MODIAR_PITS;

    /* Rule 3: capture 2, 4 or 6 in the last pit, then backwards along the
     * sowing path through pits sown into by this move. Rule 4: on the very
     * first move the capture is forfeited. */
    const int forfeit = s->ply == 0;
    const int sown = stones < MODIAR_PITS ? stones : MODIAR_PITS;
    const int opponent_after_sowing = row_stones(out, opponent);
    int taken = 0;
    for (int i = 0; i < sown; i++) {
        int p = (last - i + MODIAR_PITS) % MODIAR_PITS;
        int here = out->pit[p];
        if (!is_capture_count(here))
            break;
        if (forfeit) {
            mc_record(rec, MANCALA_EV_FORFEIT, p, here, mover);
            continue;
        }
        mc_record(rec, MANCALA_EV_CAPTURE, p, here, mover);
        taken += here;
        out->pit[p] = 0;
    }
    out->captured[mover] = (uint8_t)(out->captured[mover] + taken);

    /* Rule 5: a capture that empties a row holding stones after the sowing
     * is illegal (convention). */
    if (taken && opponent_after_sowing && !row_stones(out, opponent))
        return MANCALA_E_GRAND_SLAM;

    mc_finish_move(out, pit);
    return 0;
}

/* Whether the sowing of `stones` from `pit` puts a stone into the row of
 * `player` (Rule 6). */
static int sowing_reaches_row(int pit, int stones, int player)
{
    const int sown = stones < MODIAR_PITS ? stones : MODIAR_PITS;
    for (int k = 0; k < sown; k++)
        if ((pit + k) % MODIAR_PITS / MODIAR_ROW == player)
            return 1;
    return 0;
}

static void modiar_generate(const struct mc_board *b, const struct mc_state *s,
                            struct mc_moves *out, int8_t *why)
{
    const int mover = s->to_move;
    const int first = mover * MODIAR_ROW;
    const int must_feed = row_stones(s, mover ^ 1) == 0;
    int feeds[MODIAR_ROW];
    int count = 0, any_feeds = 0;

    /* Rules 1 to 5 for each pit; grand slams are removed first. */
    for (int pit = first; pit < first + MODIAR_ROW; pit++) {
        int reason = modiar_sow(b, s, pit, &out->child[count], NULL);
        if (why)
            why[pit] = (int8_t)reason;
        if (reason)
            continue;
        feeds[count] = must_feed && sowing_reaches_row(pit, s->pit[pit], mover ^ 1);
        any_feeds |= feeds[count];
        out->pit[count++] = (uint8_t)pit;
    }

    /* Rule 6: if the opponent's row is empty, a move that feeds it must be
     * played when there is one. */
    if (any_feeds) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (!feeds[i]) {
                if (why)
                    why[out->pit[i]] = MANCALA_E_MUST_FEED;
                continue;
            }
            out->pit[kept] = out->pit[i];
            out->child[kept++] = out->child[i];
        }
        count = kept;
    }
    out->count = count;
}

const struct mc_rules mancala__modiar_rules = {
    .sow = modiar_sow,
    .generate = modiar_generate,
};

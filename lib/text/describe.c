/*
 * The last move in words: the one narration of a move, used by the
 * command-line program, the web page and the bindings.
 *
 * SPDX-License-Identifier: MIT
 */
#include <limits.h>
#include <string.h>

#include "game/game.h"

/* The relays of a long move are listed up to this many lap starts. */
#define LISTED_LAPS 8

/* Events are read in pages of this many: a move has no proven bound on its
 * events (Rio Kadalis relays), and the narration allocates nothing. */
#define PAGE 64

/* Calls `each` on every event of the last move, in order; returns 0 or a
 * negative status. */
static int for_each_event(const mancala_game *game,
                          void (*each)(const mancala_event *ev, void *ctx), void *ctx)
{
    mancala_event page[PAGE];
    size_t done = 0;
    for (;;) {
        int count = mancala__last_move_events(game, page, PAGE, done);
        if (count < 0)
            return count;
        for (size_t i = done; i < (size_t)count && i < done + PAGE; i++)
            each(&page[i - done], ctx);
        done += PAGE;
        if ((size_t)count <= done)
            return 0;
    }
}

struct summary {
    int laps, sown, last;
    int relay[LISTED_LAPS]; /* where laps 2, 3... started */
};

static void summarize(const mancala_event *ev, void *ctx)
{
    struct summary *s = ctx;
    if (ev->kind == MANCALA_EV_LAP) {
        if (s->laps >= 1 && s->laps <= LISTED_LAPS)
            s->relay[s->laps - 1] = ev->pit;
        s->laps++;
    } else if (ev->kind == MANCALA_EV_SOW) {
        s->sown++;
        s->last = ev->pit;
    }
}

struct narration {
    struct mc_out out;
    int fours; /* captures are fours (Rio Kadalis), not counted */
};

/* One line for each capture, binikh and forfeit. */
static void tell_event(const mancala_event *ev, void *ctx)
{
    struct narration *n = ctx;
    const char *who = mc_player_name(ev->player);
    switch (ev->kind) {
    case MANCALA_EV_CAPTURE:
        if (n->fours) /* Rio Kadalis rule 3 */
            mancala__put(&n->out, "\n  %s captures the four formed in pit %d.", who, ev->pit);
        else
            mancala__put(&n->out, "\n  %s captures %d from pit %d.", who, ev->stones, ev->pit);
        break;
    case MANCALA_EV_BINIKH: /* Rio Kadalis rule 4 */
        mancala__put(&n->out, "\n  Binikh: %s captures the four in pit %d and the move ends.", who,
                     ev->pit);
        break;
    case MANCALA_EV_FORFEIT: /* Modiar rule 4: the first move captures nothing */
        mancala__put(&n->out, "\n  First move: no capture, the %d stones stay in pit %d.",
                     ev->stones, ev->pit);
        break;
    default:
        break;
    }
}

MANCALA_EXPORT int mancala_describe_last_move(const mancala_game *game, char *buf, size_t size)
{
    if (!game || (!buf && size))
        return MANCALA_E_INVALID;
    mancala_event first;
    int status = mancala__last_move_events(game, &first, 1, 0);
    if (status < 0)
        return status;

    struct summary s = {0, 0, first.pit, {0}};
    status = for_each_event(game, summarize, &s);
    if (status < 0)
        return status;

    const char *rules = mancala_rules(game);
    struct narration n = {{buf, size, 0}, mancala__variant_find(rules, strlen(rules))->captures_fours};
    if (size)
        buf[0] = '\0';
    mancala__put(&n.out, "%s plays %d: %d lap%s", mc_player_name(first.player), first.pit, s.laps,
                 s.laps == 1 ? "" : "s");
    if (s.laps > 1) {
        /* Rio Kadalis rule 5: each further lap is a relay from where the
         * previous one ended. */
        mancala__put(&n.out, " (relays from");
        for (int i = 0; i < s.laps - 1; i++) {
            if (i == LISTED_LAPS) {
                mancala__put(&n.out, " ...");
                break;
            }
            mancala__put(&n.out, " %d", s.relay[i]);
        }
        mancala__put(&n.out, ")");
    }
    mancala__put(&n.out, ", %d stone%s sown, the last into pit %d.", s.sown, s.sown == 1 ? "" : "s",
                 s.last);
    status = for_each_event(game, tell_event, &n);
    if (status < 0)
        return status;
    return n.out.len > INT_MAX ? MANCALA_E_LIMIT : (int)n.out.len;
}

/* The second line of a match's result: why it ended beyond the rules
 * (RULES.md, "Match"), or just who won. */
static void tell_match(struct mc_out *o, const mancala_game *game)
{
    const int rounds = mancala_round(game), winner = mancala_match_winner(game);
    const int south = mancala_score(game, MANCALA_SOUTH), north = mancala_score(game, MANCALA_NORTH);
    mancala__put(o, "\nMatch over after %d round%s: ", rounds, rounds == 1 ? "" : "s");
    switch (mancala_match_end_reason(game)) {
    case MANCALA_MATCH_END_REPETITION: {
        /* Who moved first in this round follows from the ply's parity. */
        const int first = mancala_to_move(game) ^ (mancala_ply(game) & 1);
        if (winner == MANCALA_DRAW)
            mancala__put(o, "a draw, because the match repeats: ");
        else
            mancala__put(o, "%s wins the match, holding more stones, because the match repeats: ",
                         mc_player_name(winner));
        mancala__put(o, "round %d would start as two earlier rounds did (South %d, North %d, "
                     "%s first).", rounds + 1, south, north, mc_player_name(!first));
        break;
    }
    case MANCALA_MATCH_END_ROUNDS:
        if (winner == MANCALA_DRAW)
            mancala__put(o, "a draw at the round limit, %d stones each.", south);
        else
            mancala__put(o, "%s wins the match at the round limit, holding %d stones to %d.",
                         mc_player_name(winner), winner ? north : south, winner ? south : north);
        break;
    case MANCALA_MATCH_END_STONES: {
        /* RULES.md, "Match": a player left with fewer than 4 stones loses. */
        const int held = winner == MANCALA_SOUTH ? north : south;
        mancala__put(o, "%s holds %d stone%s, fewer than 4. %s wins the match.",
                     mc_player_name(!winner), held, held == 1 ? "" : "s", mc_player_name(winner));
        break;
    }
    default:
        mancala__put(o, "%s wins the match.", mc_player_name(winner));
        break;
    }
}

MANCALA_EXPORT int mancala_describe_result(const mancala_game *game, char *buf, size_t size)
{
    if (!game || (!buf && size))
        return MANCALA_E_INVALID;
    const int end = mancala_end_reason(game);
    if (end == MANCALA_END_NONE)
        return MANCALA_E_NOT_OVER;
    const char *rules = mancala_rules(game);
    const struct mc_variant *v = mancala__variant_find(rules, strlen(rules));
    struct mc_out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    mancala__put(&o, "%s", v->unit);
    if (v->match)
        mancala__put(&o, " %d", mancala_round(game));
    if (end == MANCALA_END_REPETITION)
        mancala__put(&o, " over: the position repeated.");
    else
        mancala__put(&o, " over: %s has no legal move.", mc_player_name(mancala_to_move(game)));
    const int winner = mancala_winner(game);
    mancala__put(&o, " South %d, North %d: ", mancala_score(game, MANCALA_SOUTH),
                 mancala_score(game, MANCALA_NORTH));
    if (winner == MANCALA_DRAW)
        mancala__put(&o, "a draw.");
    else
        mancala__put(&o, "%s wins%s.", mc_player_name(winner), v->match ? " the round" : "");
    if (v->match && mancala_match_over(game) == 1)
        tell_match(&o, game);
    return o.len > INT_MAX ? MANCALA_E_LIMIT : (int)o.len;
}

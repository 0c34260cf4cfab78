/*
 * Searches for the longest finite relay move of Rio Kadalis (RULES.md, Rio
 * Kadalis rules 5 and 6): hill climbing with restarts over positions with
 * any number of stones on the board and any closed pits, scoring each
 * position by its longest legal move. The result feeds the test that plays
 * that move to its end against the naive reference (test_hardening.c).
 *
 *   relay-search [SECONDS [SEED [laps|sown]]]   (CPU seconds; default 60)
 *
 * prints every improvement: the position, the move, its laps and the
 * stones it sows. Clockwise play mirrors counter-clockwise play, so only
 * the counter-clockwise variants are searched.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mancala.h"

struct candidate {
    int n;                   /* pits per row: 5 or 6 */
    int pit[MANCALA_MAX_PITS];
    int closed[MANCALA_MAX_PITS];
};

struct length {
    int move, laps, sown;
};

static uint64_t rng;

static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

static int total_stones(int n) { return 8 * n; }

static void format_candidate(const struct candidate *c, char *buf, size_t size)
{
    int on_board = 0;
    size_t len = (size_t)snprintf(buf, size, "rio-kadalis%s/", c->n == 5 ? "-5" : "");
    for (int p = 0; p < 2 * c->n; p++) {
        on_board += c->pit[p];
        if (c->closed[p])
            len += (size_t)snprintf(buf + len, size - len, p ? ",x" : "x");
        else
            len += (size_t)snprintf(buf + len, size - len, p ? ",%d" : "%d", c->pit[p]);
    }
    int rest = total_stones(c->n) - on_board;
    snprintf(buf + len, size - len, "/S/%d,%d/1/0,0", rest / 2, rest - rest / 2);
}

/* The longest legal move of South in the candidate, by laps or by stones
 * sown; laps and sown are 0 if South cannot move. */
static struct length longest_move(const struct candidate *c, int by_sown)
{
    static mancala_event *events;
    static size_t events_cap;
    struct length best = {-1, 0, 0};
    char text[128];
    format_candidate(c, text, sizeof text);
    mancala_game *g;
    if (mancala_parse(&g, text, NULL, 0) != MANCALA_OK)
        return best;
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    for (int i = 0; i < count; i++) {
        if (mancala_play(g, moves[i]) != MANCALA_OK)
            abort();
        int nevents = mancala_last_move_events(g, NULL, 0);
        if ((size_t)nevents > events_cap) {
            events_cap = (size_t)nevents * 2;
            events = realloc(events, events_cap * sizeof *events);
            if (!events)
                abort();
        }
        mancala_last_move_events(g, events, events_cap);
        struct length here = {moves[i], 0, 0};
        for (int e = 0; e < nevents; e++) {
            here.laps += events[e].kind == MANCALA_EV_LAP;
            here.sown += events[e].kind == MANCALA_EV_SOW;
        }
        int better = by_sown ? here.sown > best.sown || (here.sown == best.sown && here.laps > best.laps)
                             : here.laps > best.laps || (here.laps == best.laps && here.sown > best.sown);
        if (better)
            best = here;
        mancala_undo(g);
    }
    mancala_free(g);
    return best;
}

static long score_of(struct length l, int by_sown)
{
    return by_sown ? (long)l.sown * 1000 + l.laps : (long)l.laps * 100000 + l.sown;
}

static void random_candidate(struct candidate *c)
{
    memset(c, 0, sizeof *c);
    c->n = next_random() & 1 ? 5 : 6;
    const int npits = 2 * c->n;
    for (int p = 0; p < npits; p++)
        c->closed[p] = next_random() % 6 == 0;
    c->closed[0] = 0; /* South keeps a pit to move */
    int stones = (int)(next_random() % (unsigned)total_stones(c->n)) + 1;
    while (stones--) {
        int p;
        do
            p = (int)(next_random() % (unsigned)npits);
        while (c->closed[p]);
        c->pit[p]++;
    }
}

static int stones_on_board(const struct candidate *c)
{
    int sum = 0;
    for (int p = 0; p < 2 * c->n; p++)
        sum += c->pit[p];
    return sum;
}

/* One small random change: a stone moved, added or removed, or a pit
 * opened or closed. */
static void mutate(struct candidate *c)
{
    const int npits = 2 * c->n;
    int a = (int)(next_random() % (unsigned)npits), b = (int)(next_random() % (unsigned)npits);
    switch (next_random() % 8) {
    case 0: /* add a stone */
        if (!c->closed[a] && stones_on_board(c) < total_stones(c->n))
            c->pit[a]++;
        break;
    case 1: /* remove a stone */
        if (c->pit[a])
            c->pit[a]--;
        break;
    case 2: /* open or close a pit; a closed pit's stones leave the board */
        if (a != 0) {
            c->closed[a] ^= 1;
            c->pit[a] = 0;
        }
        break;
    default: /* move a stone */
        if (c->pit[a] && !c->closed[b]) {
            c->pit[a]--;
            c->pit[b]++;
        }
        break;
    }
}

int main(int argc, char **argv)
{
    const double seconds = argc > 1 ? atof(argv[1]) : 60;
    rng = argc > 2 ? strtoull(argv[2], NULL, 10) | 1 : 88172645463325252u;
    const int by_sown = argc > 3 && strcmp(argv[3], "sown") == 0;
    const clock_t deadline = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);

    struct candidate best, cur, next;
    long best_score = -1;
    memset(&best, 0, sizeof best);
    for (int restart = 0; clock() < deadline; restart++) {
        /* Iterated local search: every other restart shakes up the best
         * position found so far instead of starting afresh. */
        if (restart % 2 && best_score >= 0) {
            cur = best;
            for (int shake = 5 + (int)(next_random() % 20); shake > 0; shake--)
                mutate(&cur);
        } else {
            random_candidate(&cur);
        }
        long cur_score = score_of(longest_move(&cur, by_sown), by_sown);
        for (int stale = 0; stale < 20000; stale++) {
            next = cur;
            int changes = 1 + (int)(next_random() % 3);
            while (changes--)
                mutate(&next);
            long next_score = score_of(longest_move(&next, by_sown), by_sown);
            if (next_score >= cur_score) {
                if (next_score > cur_score)
                    stale = 0;
                cur = next;
                cur_score = next_score;
            }
            if (cur_score > best_score) {
                best = cur;
                best_score = cur_score;
                struct length l = longest_move(&best, by_sown);
                char text[128];
                format_candidate(&best, text, sizeof text);
                printf("%s move %d: %d laps, %d stones sown\n", text, l.move, l.laps, l.sown);
                fflush(stdout);
            }
            if ((stale & 1023) == 0 && clock() >= deadline)
                break;
        }
    }
    return 0;
}

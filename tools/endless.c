/*
 * The endless lap starts of Rio Kadalis derived from the rules, for the
 * table's generator (endless_gen.c) and the tests (doc/endless.md has
 * the proof):
 *  1. In a cycle of lap starts every pit but the origin holds 0, 1 or 2
 *     and the hand is 2 or 3: the cycles are found among those
 *     2 * 3^(m-1) lap starts, by following each one's lap.
 *  2. Every endless lap start reaches a cycle, so the endless ones are
 *     the cycles' lap starts and their predecessors, closed backwards: a
 *     lap start has at most one predecessor per hand size, undone pit by
 *     pit, and each is confirmed by sowing it forward with the library's
 *     lap (stone by stone: the rules as written).
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>

#include "endless.h"

/* ---- a set of lap starts (open addressing) ---- */

static uint64_t ring_hash(const struct ring *r)
{
    uint64_t lo, hi = 0;
    memcpy(&lo, r->c, 8);
    memcpy(&hi, r->c + 8, 4);
    uint64_t h = (lo ^ hi * 0x9e3779b97f4a7c15u) * 0xbf58476d1ce4e5b9u;
    return h ^ h >> 31;
}

/* Adds `r`; returns 1 if it was not there. */
int endless_set_add(struct ring_set *s, const struct ring *r)
{
    if (2 * (s->count + 1) > s->cap) {
        struct ring_set grown = {calloc(2 * s->cap + 1024, sizeof *s->slot),
                                 calloc(2 * s->cap + 1024, 1), 2 * s->cap + 1024, 0};
        if (!grown.slot || !grown.used) {
            fprintf(stderr, "endless-gen: out of memory\n");
            exit(1);
        }
        for (size_t i = 0; i < s->cap; i++)
            if (s->used[i])
                endless_set_add(&grown, &s->slot[i]);
        free(s->slot);
        free(s->used);
        *s = grown;
    }
    size_t i = ring_hash(r) % s->cap;
    for (; s->used[i]; i = (i + 1) % s->cap)
        if (memcmp(&s->slot[i], r, sizeof *r) == 0)
            return 0;
    s->used[i] = 1;
    s->slot[i] = *r;
    s->count++;
    return 1;
}

int endless_set_has(const struct ring_set *s, const struct ring *r)
{
    if (!s->cap)
        return 0;
    for (size_t i = ring_hash(r) % s->cap; s->used[i]; i = (i + 1) % s->cap)
        if (memcmp(&s->slot[i], r, sizeof *r) == 0)
            return 1;
    return 0;
}

/* ---- the lap, by the library ---- */

struct mc_board endless_ring_board(int m)
{
    const char *name = "rio-kadalis";
    struct mc_board b;
    mancala__board_init(&b, mancala__variant_find(name, strlen(name)),
                        (uint16_t)(0xfffu & ~((1u << m) - 1)));
    return b;
}

int ring_stones(const struct ring *r, int m)
{
    int sum = 0;
    for (int i = 0; i < m; i++)
        sum += r->c[i];
    return sum;
}

/* Sows the lap of `r` (its hand at least 1): 1 and the next lap start in
 * *next if the move relays, 0 if it ends. *captured becomes whether it
 * took a four. */
static int lap(const struct mc_board *b, int m, const struct ring *r, struct ring *next,
               int *captured)
{
    struct mc_state s;
    memset(&s, 0, sizeof s);
    memcpy(s.pit, r->c, (size_t)m);
    const int to = mancala__rio_lap(b, &s, 0, 0);
    *captured = s.captured[0] + s.captured[1] != 0;
    if (to < 0)
        return 0;
    memset(next, 0, sizeof *next);
    for (int i = 0; i < m; i++)
        next->c[i] = s.pit[(to + i) % m];
    return 1;
}

/* ---- undoing a lap ---- */

/* The count a pit held before `k` stones sown into it mid-lap (rule 3:
 * a pit reaching 4 is emptied) left it with `after`; -1 if none did. */
static int before_mid_stones(int k, int after)
{
    if (k == 0)
        return after;
    if (after <= 3)
        return ((after - k) % 4 + 4) % 4;
    return after - k >= 4 ? after - k : -1;
}

/* The lap start whose lap of `hand` stones relays to `to` (origin first),
 * if any: built pit by pit, then confirmed by sowing it. */
static int predecessor(const struct mc_board *b, int m, const struct ring *to, int hand,
                       struct ring *from)
{
    if (to->c[0] < 2 || to->c[0] == 4)
        return 0; /* the lap would end there (rules 4 and 5) */
    /* The origin, `hand` open pits before `to`'s; pit i of `to` receives
     * received[i] stones, the last one into pit 0. */
    const int origin = ((-hand) % m + m) % m;
    int received[ENDLESS_RING_MAX] = {0};
    for (int j = 1; j <= hand; j++)
        received[(origin + j) % m]++;
    int before[ENDLESS_RING_MAX] = {0};
    for (int i = 0; i < m; i++) {
        int after = to->c[i], k = received[i];
        if (i == 0) {
            after--; /* the last stone, which made the relay */
            k--;
        }
        before[i] = before_mid_stones(k, after);
        if (before[i] < 0)
            return 0;
    }
    if (before[origin] != 0) /* the origin was emptied as the lap began */
        return 0;
    before[origin] = hand;
    int sum = 0;
    for (int i = 0; i < m; i++) {
        from->c[i] = (uint8_t)before[(origin + i) % m];
        sum += before[i];
    }
    for (int i = m; i < ENDLESS_RING_MAX; i++)
        from->c[i] = 0;
    if (sum > ENDLESS_MAX_STONES)
        return 0;
    struct ring check;
    int captured;
    if (!lap(b, m, from, &check, &captured) || memcmp(&check, to, sizeof check) != 0) {
        fprintf(stderr, "endless-gen: a predecessor that does not sow to its lap start\n");
        exit(1);
    }
    return 1;
}

/* ---- the endless lap starts of a ring of m pits ---- */

/* The cycles: lap starts with the hand 2 or 3 and 0 to 2 in every other
 * pit, numbered in base 3 (pit 1 the lowest digit) and the hand. */
static void find_cycles(const struct mc_board *b, int m, struct ring_set *cycles)
{
    int states = 2;
    for (int i = 1; i < m; i++)
        states *= 3;
    /* next_of[x]: the capture-free lap of x within the domain, or -1. */
    int *next_of = malloc((size_t)states * sizeof *next_of);
    uint8_t *mark = calloc((size_t)states, 1);
    if (!next_of || !mark)
        exit(1);
    for (int x = 0; x < states; x++) {
        struct ring r, to;
        memset(&r, 0, sizeof r);
        r.c[0] = (uint8_t)(2 + x % 2);
        for (int i = 1, rest = x / 2; i < m; i++, rest /= 3)
            r.c[i] = (uint8_t)(rest % 3);
        int captured;
        next_of[x] = -1;
        if (!lap(b, m, &r, &to, &captured) || captured || to.c[0] < 2 || to.c[0] > 3)
            continue;
        int y = 0, in = 1;
        for (int i = m - 1; i >= 1; i--) {
            in &= to.c[i] <= 2;
            y = 3 * y + to.c[i];
        }
        if (in)
            next_of[x] = 2 * y + (to.c[0] - 2);
    }
    /* Follow each path; the lap starts met twice on one walk are a cycle. */
    for (int x = 0; x < states; x++) {
        int y = x;
        while (y >= 0 && !mark[y]) {
            mark[y] = 1; /* on this walk */
            y = next_of[y];
        }
        if (y >= 0 && mark[y] == 1) {
            int z = y;
            do {
                mark[z] = 3; /* on a cycle */
                struct ring r;
                memset(&r, 0, sizeof r);
                r.c[0] = (uint8_t)(2 + z % 2);
                for (int i = 1, rest = z / 2; i < m; i++, rest /= 3)
                    r.c[i] = (uint8_t)(rest % 3);
                endless_set_add(cycles, &r);
                z = next_of[z];
            } while (z != y);
        }
        for (y = x; y >= 0 && mark[y] == 1; y = next_of[y])
            mark[y] = 2; /* done */
    }
    free(next_of);
    free(mark);
}

/* All the endless lap starts: the cycles' and their predecessors'. */
void endless_find(int m, struct ring_set *endless, struct ring_set *cycles_out)
{
    const struct mc_board b = endless_ring_board(m);
    struct ring_set cycles = {0};
    find_cycles(&b, m, &cycles);
    size_t queued = 0, cap = 1024;
    struct ring *queue = malloc(cap * sizeof *queue);
    for (size_t i = 0; i < cycles.cap; i++)
        if (cycles.used[i] && endless_set_add(endless, &cycles.slot[i]))
            queue[queued++] = cycles.slot[i];
    for (size_t at = 0; at < queued; at++) {
        for (int hand = 1; hand <= ENDLESS_MAX_STONES; hand++) {
            struct ring from;
            if (predecessor(&b, m, &queue[at], hand, &from) && endless_set_add(endless, &from)) {
                if (queued == cap) {
                    cap *= 2;
                    queue = realloc(queue, cap * sizeof *queue);
                    if (!queue)
                        exit(1);
                }
                queue[queued++] = from;
            }
        }
    }
    free(queue);
    if (cycles_out)
        *cycles_out = cycles;
    else
        endless_set_free(&cycles);
}

void endless_set_free(struct ring_set *s)
{
    free(s->slot);
    free(s->used);
    memset(s, 0, sizeof *s);
}

/* ---- brute force: every lap start sown until it ends or recurs ---- */

/* Compares the endless set of a ring of m pits with sowing every lap
 * start of at most `most` stones (the library's move, stone by stone,
 * with its exact cycle check). Returns the number of disagreements. */
long endless_brute_force(int m, int most, const struct ring_set *endless, long *endless_seen)
{
    const struct mc_board b = endless_ring_board(m);
    struct ring r;
    memset(&r, 0, sizeof r);
    long wrong = 0;
    /* Every composition of at most `most` stones into m pits, the
     * origin's at least 1: counted like an odometer. */
    for (;;) {
        int i = 0;
        while (i < m) {
            r.c[i]++;
            if (ring_stones(&r, m) <= most)
                break;
            r.c[i++] = 0;
        }
        if (i == m)
            break;
        if (r.c[0] == 0)
            continue;
        struct mc_state s, out;
        memset(&s, 0, sizeof s);
        memcpy(s.pit, r.c, (size_t)m);
        const int sown = mancala__rio_move(&b, &s, 0, &out, 0) == MANCALA_E_ENDLESS;
        *endless_seen += sown;
        if (sown != endless_set_has(endless, &r)) {
            if (wrong++ < 5) {
                fprintf(stderr, "m=%d:", m);
                for (int k = 0; k < m; k++)
                    fprintf(stderr, " %d", r.c[k]);
                fprintf(stderr, ": sowing says %s\n", sown ? "endless" : "finite");
            }
        }
    }
    return wrong;
}


/*
 * The strong solution of Modiar: a retrograde solver that computes, for
 * every distribution of at most 42 stones over the six pits, the final
 * stone difference the player to move can force, and writes it as a table
 * file (format: solve.h and include/mancala.h).
 *
 * Values. A position's value counts only what is still to come: the
 * stones the mover will capture from now on, plus the stones in their row
 * at the end, minus the same for the opponent (RULES.md, Modiar rule 7).
 * The captures made so far add a constant, so positions are the pit counts
 * seen from the mover (solve.h), and a move that captures g stones is worth
 * g minus the value of its child for the other player.
 *
 * Layers. Captures remove stones and every other move keeps them, so the
 * layers of s stones on the board are solved from s = 0 up: a capture
 * leaves the layer for one already solved (an exit), every other move stays
 * in it. Inside a layer the moves form cycles, and the repetition rule
 * (RULES.md, "Repetition") makes the exact value depend on the history. So
 * for each position p the solver computes two numbers:
 *
 *   lo(p): the largest t such that the mover can force the game to reach,
 *          in finitely many moves, an exit or an end worth >= t for them;
 *   hi(p): the smallest t such that the opponent can force, likewise, an
 *          exit or an end worth <= t for the mover.
 *
 * Where a player cannot force an exit at all, the bound is the worst the
 * layer allows them: lo = -s, hi = s. Forcing strategies never repeat a
 * position (see the distances below), so under the repetition rule, or
 * any rule that scores an unending game within the stones on the board,
 * the true value of a position reached without history lies in [lo, hi],
 * and it is exact where lo == hi.
 *
 * Algorithm. Each position p of the layer is two nodes of a reachability
 * game, both valued from the point of view of the player who forces:
 *   L(p), the mover forces:    value = max over moves of the child's H value
 *                              (exits: gain - hi(child)); an OR node;
 *   H(p), the opponent forces: value = min over moves of the child's L value
 *                              (exits: lo(child) - gain), where H = -hi; an
 *                              AND node, since the mover chooses.
 * A position with no legal move is worth its row difference (rule 7) in
 * both. Thresholds are taken from the highest value down; the set of nodes
 * that force >= t only grows as t falls, so one attractor computation with
 * a counter of unsettled moves per AND node serves all thresholds: a node
 * is settled at the first (highest) threshold at which it is attracted, and
 * that threshold is its value. The whole layer costs time linear in its
 * moves.
 *
 * Distances. Settling order is a strategy: an OR node settled through a
 * child gets that child's distance + 1 (0 through an exit), an AND node gets
 * 1 + the largest distance of its children (0 without moves in the layer).
 * The table stores the distance of H nodes; a player who moves to a child
 * of best value and small enough distance (solve_table.c) decreases it at
 * every move, so never repeats a position and ends the layer with at least
 * lo.
 *
 * SPDX-License-Identifier: MIT
 */
/* open(), fsync(), realpath() and friends are POSIX (XSI), not C11;
 * F_OFD_SETLK (open file description locks) is Linux's, in POSIX since
 * 2024. */
#define _GNU_SOURCE
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "platform/port.h"
#include "platform/write_target.h"
#include "solve/solve.h"
#include "solve/solve_lean.h"

/* While a layer is solved, the entry bytes of its positions hold the state
 * of its two nodes (the table's values never reach 49 in magnitude, so
 * the codes CODE_LOW ... CODE_HIGH are free):
 *   byte 0, L node: its value once settled, else CODE(best exit);
 *   byte 1, H node: minus its value once settled, else CODE(worst exit);
 *   bytes 2-3: the H node's distance once settled, else 1 + the largest
 *   distance of its children settled so far (0 if none).
 * Besides the table, a layer of n positions with E moves inside it needs
 * n bytes of counters, 2n of predecessor counts, n/4 of bits for the
 * nodes a threshold starts with, 4E of predecessor lists and the queue
 * (4 bytes a node, for as many as wait at once): about 7 bytes a position
 * for a round of one player's two pits against six, 14 with every pit
 * open (E = 2.4n). The tables are the same as those of the solver that
 * kept all of this in arrays of its own (25 bytes a position). */
static int unsettled(uint8_t b)
{
    return b >= CODE_LOW && b <= CODE_HIGH;
}

/* Predecessor lists are kept per block of 64 children: where the block's
 * list starts, and for each child the end of its list within the block. */
enum { BLOCK_SHIFT = 6, BLOCK = 1 << BLOCK_SHIFT };

struct solver {
    struct mt_layout lay;   /* the positions and their entries */
    struct mc_board board;
    int pits, row;          /* the board: 6 and 3, 10 and 5, or 12 and 6 */
    int threads;            /* for generating a layer's moves */
    uint8_t *entries;       /* the table being written, MT_ENTRY_SIZE bytes each */
    struct mt_stats stats;
    /* Scratch for one layer, sized for the largest; indices are local to
     * the layer. Moves are generated twice rather than stored: once to
     * count each position's predecessors, once to list them (the
     * predecessors are stored: relay sowing has no cheap way back). */
    uint8_t *pending;       /* per H node: moves whose child's L node is unsettled */
    _Atomic uint16_t *pred_end; /* per child: end of its predecessors in its block */
    uint64_t *block_start;  /* per block: start of its predecessors */
    uint32_t *pred;
    size_t pred_room;
    /* The queue of nodes settled at the current threshold, a ring grown
     * on demand. An L node's distance is that of the last mark before it
     * (MARK + distance; the L nodes settled by one H node share it), an H
     * node's is in its entry. */
    uint32_t *queue;
    size_t queue_room, head, count;
    uint64_t *seeds;        /* the nodes the queue starts with at a threshold */
    uint32_t (*exits)[256]; /* per thread, L and H: positions by code */
    long marked, distance;  /* of the last mark pushed, popped */
    uint64_t scratch, scratch_peak; /* bytes */
    /* Progress within a layer, reported by the calling thread only. */
    mancala_progress_fn progress;
    void *opaque;
    int steps;
    double next_pulse;      /* monotonic seconds */
    atomic_int stop;        /* the callback asked to stop: every thread does */
};

/* How often the progress callback is called within a layer: often enough
 * that a request to stop is answered within about a second. */
#define PULSE_SECONDS 0.5
/* Loops look at the clock every this many steps. */
enum { PULSE_EVERY = 1 << 16 };

static double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Within layer s, `fraction` of it done: calls the progress callback if
 * PULSE_SECONDS have passed, or at once if `at_once` (between the phases
 * of a layer). Nonzero once the solve is to stop. */
static int pulse_at(struct solver *sv, int s, double fraction, int at_once)
{
    if (atomic_load_explicit(&sv->stop, memory_order_relaxed))
        return 1;
    if (!sv->progress)
        return 0;
    const double now = monotonic_seconds();
    if (now < sv->next_pulse && !at_once)
        return 0;
    sv->next_pulse = now + PULSE_SECONDS;
    const uint64_t n = mt_layout_size(&sv->lay, s);
    const uint64_t done = sv->lay.layer[s] + (uint64_t)(fraction * (double)n);
    if (sv->progress(sv->opaque, s, sv->steps, done < sv->lay.count ? done : sv->lay.count,
                     sv->lay.count)) {
        atomic_store_explicit(&sv->stop, 1, memory_order_relaxed);
        return 1;
    }
    return 0;
}

static int pulse(struct solver *sv, int s, double fraction)
{
    return pulse_at(sv, s, fraction, 0);
}

static void free_scratch(struct solver *sv)
{
    free(sv->pending);
    free((void *)sv->pred_end);
    free(sv->block_start);
    free(sv->pred);
    free(sv->queue);
    free(sv->seeds);
    free(sv->exits);
}

static void count_scratch(struct solver *sv, int64_t bytes)
{
    sv->scratch += (uint64_t)bytes;
    if (sv->scratch > sv->scratch_peak)
        sv->scratch_peak = sv->scratch;
}

static int alloc_scratch(struct solver *sv, uint32_t n)
{
    const size_t blocks = ((size_t)n >> BLOCK_SHIFT) + 1;
    sv->pending = malloc(n ? n : 1);
    sv->pred_end = malloc(((size_t)n + 1) * sizeof *sv->pred_end);
    sv->block_start = malloc(blocks * sizeof *sv->block_start);
    sv->queue_room = 1024;
    sv->queue = malloc(sv->queue_room * sizeof *sv->queue);
    sv->seeds = malloc(((size_t)n / 32 + 1) * sizeof *sv->seeds);
    sv->exits = malloc((size_t)sv->threads * 2 * sizeof *sv->exits);
    count_scratch(sv, (int64_t)n + ((int64_t)n + 1) * 2 + (int64_t)blocks * 8 +
                          (int64_t)sv->queue_room * 4 + ((int64_t)n / 32 + 1) * 8);
    return sv->pending && sv->pred_end && sv->block_start && sv->queue && sv->seeds && sv->exits
               ? MANCALA_OK : MANCALA_E_NOMEM;
}

/* Entry bytes of a position of the layer. */
static uint8_t *entry(const struct solver *sv, uint32_t base, uint32_t i)
{
    return sv->entries + ((size_t)base + i) * MT_ENTRY_SIZE;
}

/* The predecessors of position c inside the layer: pred[*from ... *to). */
static void preds(const struct solver *sv, uint32_t c, size_t *from, size_t *to)
{
    const size_t start = sv->block_start[c >> BLOCK_SHIFT];
    *from = start + (c & (BLOCK - 1) ? atomic_load_explicit(&sv->pred_end[c - 1],
                                                            memory_order_relaxed) : 0);
    *to = start + atomic_load_explicit(&sv->pred_end[c], memory_order_relaxed);
}

/* The moves of a position of layer s (`side` to move, open pit counts r
 * seen from the mover): its children inside the layer, its exits with
 * their gains, and (when `entries` holds the layers below) the best and
 * worst exit; the end's value if it has no move. Also what the solver on
 * several processes expands. */
void mancala__solve_expand(const struct mt_layout *lay, const struct mc_board *board,
                           const uint8_t *entries, int s, int side, const uint8_t *r,
                           struct mt_expansion *out)
{
    struct mc_state st;
    memset(&st, 0, sizeof st);
    for (int j = 0; j < lay->open_count; j++)
        st.pit[lay->open[side][j]] = r[j];
    st.to_move = (uint8_t)side;
    st.ply = 1; /* Modiar's first-move rule is the reader's business */
    struct mc_moves moves;
    board->variant->rules->generate(board, &st, &moves, NULL);

    const int mover = side, opponent = side ^ 1;
    out->best = NO_OR_EXIT;
    out->worst = NO_AND_EXIT;
    out->inside = out->exits = 0;
    for (int m = 0; m < moves.count; m++) {
        const struct mc_state *c = &moves.child[m];
        /* In Rio Kadalis a move can also capture for the opponent (rule 3). */
        const int gain = c->captured[mover] - c->captured[opponent];
        const uint64_t ci = mt_layout_state_index(lay, c);
        if (c->captured[MANCALA_SOUTH] + c->captured[MANCALA_NORTH] == 0) {
            out->child[out->inside++] = ci;
            continue;
        }
        out->exit_child[out->exits] = ci;
        out->exit_gain[out->exits++] = gain;
        if (entries) {
            const struct mt_entry e = mancala__entry(lay, board, entries, ci, c);
            mt_expansion_exit(out, gain, e.lo, e.hi);
        }
    }
    if (moves.count == 0) {
        /* Rule 7 of both games: each player keeps their row. */
        int own = 0;
        for (int p = 0; p < lay->pits; p++)
            own += mc_owner(board, p) == mover ? st.pit[p] : 0;
        out->best = own - (s - own);
        out->worst = -out->best;
    }
}

/* The moves of position i of layer s (`side` to move, open pit counts r
 * seen from the mover). First pass (`list` 0): the best and worst exit,
 * the counters, and the number of predecessors of each child inside the
 * layer. Second pass: i into the predecessor lists of those children. */
static void expand(struct solver *sv, int s, uint32_t base, uint32_t i, int side, const uint8_t *r,
                   int list, uint32_t exits[2][256])
{
    struct mt_expansion x;
    mancala__solve_expand(&sv->lay, &sv->board, list ? NULL : sv->entries, s, side, r, &x);
    for (int k = 0; k < x.inside; k++) {
        const uint32_t local = (uint32_t)(x.child[k] - base);
        /* A count never wraps: no position has 65,535 predecessors
         * (checked per block when they are summed). */
        const uint16_t at = atomic_fetch_add_explicit(&sv->pred_end[local], 1,
                                                      memory_order_relaxed);
        if (list)
            sv->pred[sv->block_start[local >> BLOCK_SHIFT] + at] = i;
    }
    if (list)
        return;
    sv->pending[i] = (uint8_t)x.inside;
    uint8_t *e = entry(sv, base, i);
    e[0] = mt_exit_code(x.best);
    e[1] = mt_exit_code(x.worst);
    exits[0][e[0]]++;
    exits[1][e[1]]++;
    e[2] = e[3] = 0;
}

/* One pass over a layer's moves, shared by the threads: each expands the
 * chunks of positions whose number is its own modulo the thread count. */
struct pass {
    struct solver *sv;
    int s, list, thread;
    uint32_t base;
    uint32_t (*exits)[256]; /* the first pass's positions by code of L, H */
};

enum { CHUNK = 4096 };

static void *run_pass(void *arg)
{
    const struct pass *ps = arg;
    struct solver *sv = ps->sv;
    const int m = sv->lay.open_count;
    const double n = (double)mt_layout_size(&sv->lay, ps->s);
    uint32_t i = 0;
    for (int side = 0; side < sv->lay.sides; side++) {
        uint8_t r[MT_MOST_PITS] = {0};
        r[m - 1] = (uint8_t)ps->s;
        do {
            /* The passes are the first half of the layer's work. */
            if (i % CHUNK == 0 &&
                (ps->thread == 0 ? pulse(sv, ps->s, (ps->list + (double)i / n) / 4)
                                 : atomic_load_explicit(&sv->stop, memory_order_relaxed)))
                return NULL;
            if ((int)(i / CHUNK % (uint32_t)sv->threads) == ps->thread)
                expand(sv, ps->s, ps->base, i, side, r, ps->list, ps->exits);
            i++;
        } while (mt_next_position(r, m));
    }
    return NULL;
}

/* Calls expand() on every position of layer s. The passes count and list
 * the same moves whatever the order, and each list is sorted afterwards:
 * the result is the same for any number of threads. */
static void expand_layer(struct solver *sv, int s, uint32_t base, int list)
{
    struct pass ps[MT_MOST_THREADS];
    pthread_t tid[MT_MOST_THREADS];
    int started[MT_MOST_THREADS] = {0};
    for (int t = 0; t < sv->threads; t++) {
        ps[t] = (struct pass){sv, s, list, t, base, sv->exits + 2 * t};
        /* Thread 0 is this one; a thread that cannot start is done here. */
        started[t] = t > 0 && pthread_create(&tid[t], NULL, run_pass, &ps[t]) == 0;
    }
    for (int t = 0; t < sv->threads; t++)
        if (!started[t])
            run_pass(&ps[t]);
    for (int t = 1; t < sv->threads; t++)
        if (started[t])
            pthread_join(tid[t], NULL);
}

#define MARK 0xffff0000u /* nodes are numbered below */

/* Appends x (a node, or a mark) to the queue. */
static int push_raw(struct solver *sv, uint32_t x)
{
    if (sv->count == sv->queue_room) {
        /* Grow by half, the wrapped part moved to the end. */
        const size_t room = sv->queue_room + sv->queue_room / 2, more = room - sv->queue_room;
        uint32_t *q = realloc(sv->queue, room * sizeof *q);
        if (!q)
            return MANCALA_E_NOMEM;
        const size_t wrapped = sv->head, moved = wrapped < more ? wrapped : more;
        memcpy(q + sv->queue_room, q, moved * sizeof *q);
        memmove(q, q + moved, (wrapped - moved) * sizeof *q);
        count_scratch(sv, (int64_t)more * 4);
        sv->queue = q;
        sv->queue_room = room;
    }
    size_t at = sv->head + sv->count++;
    if (at >= sv->queue_room)
        at -= sv->queue_room;
    sv->queue[at] = x;
    return MANCALA_OK;
}

/* Appends L node x with distance d, or H node x (d unused). */
static int push(struct solver *sv, uint32_t x, uint32_t n, unsigned d)
{
    if (x < n && (long)d != sv->marked) {
        if (push_raw(sv, MARK + d))
            return MANCALA_E_NOMEM;
        sv->marked = (long)d;
    }
    return push_raw(sv, x);
}

/* Takes the node at the head of the queue; *d is its distance if an L
 * node. */
static uint32_t pop(struct solver *sv, unsigned *d)
{
    for (;;) {
        const uint32_t x = sv->queue[sv->head];
        if (++sv->head == sv->queue_room)
            sv->head = 0;
        sv->count--;
        if (x < MARK) {
            *d = (unsigned)sv->distance;
            return x;
        }
        sv->distance = (long)(x - MARK);
    }
}

/* Settles H(i) at value v (from the forcing opponent's side): its
 * distance is already in its entry. Returns nonzero if the distance does
 * not fit the table. */
static int settle_h(struct solver *sv, uint8_t *e, int v)
{
    const uint32_t distance = (uint32_t)mt_get(e + 2, 2);
    e[1] = (uint8_t)(int8_t)-v;
    if (distance > sv->stats.max_distance)
        sv->stats.max_distance = distance;
    return distance >= MT_NO_DISTANCE;
}

/* The predecessor lists of layer s, each in ascending order. */
static int list_predecessors(struct solver *sv, int s, uint32_t base, uint32_t n)
{
    /* Count them, with the exits and counters of every position. */
    for (uint32_t i = 0; i < n; i++)
        atomic_store_explicit(&sv->pred_end[i], 0, memory_order_relaxed);
    memset(sv->exits, 0, (size_t)sv->threads * 2 * sizeof *sv->exits);
    expand_layer(sv, s, base, 0);
    if (pulse_at(sv, s, 0.25, 1))
        return MANCALA_E_CANCELLED;
    for (int t = 1; t < sv->threads; t++)
        for (int k = 0; k < 2 * 256; k++)
            sv->exits[k / 256][k % 256] += sv->exits[2 * t + k / 256][k % 256];

    /* Where each block's lists start; each count becomes where its list
     * starts in the block. */
    size_t total = 0;
    for (uint32_t b = 0; b <= (n - 1) >> BLOCK_SHIFT; b++) {
        sv->block_start[b] = total;
        uint32_t inside = 0;
        for (uint32_t c = b << BLOCK_SHIFT; c < n && c < (b + 1) << BLOCK_SHIFT; c++) {
            const uint32_t k = atomic_load_explicit(&sv->pred_end[c], memory_order_relaxed);
            atomic_store_explicit(&sv->pred_end[c], (uint16_t)inside, memory_order_relaxed);
            inside += k;
        }
        if (inside > UINT16_MAX)
            return MANCALA_E_RANGE; /* far beyond any game's: about 3 a position */
        total += inside;
    }
    if (total > sv->pred_room) {
        free(sv->pred);
        count_scratch(sv, -(int64_t)sv->pred_room * 4);
        sv->pred = malloc(total * sizeof *sv->pred);
        sv->pred_room = sv->pred ? total : 0;
        count_scratch(sv, (int64_t)sv->pred_room * 4);
        if (!sv->pred)
            return MANCALA_E_NOMEM;
    }
    /* The moves again, each predecessor into its child's list (which
     * then ends where the next one starts). */
    expand_layer(sv, s, base, 1);
    if (pulse_at(sv, s, 0.5, 1))
        return MANCALA_E_CANCELLED;
    for (uint32_t c = 0; c < n; c++) {
        if (c % PULSE_EVERY == 0 && pulse(sv, s, 0.5))
            return MANCALA_E_CANCELLED;
        size_t from, to;
        preds(sv, c, &from, &to);
        for (size_t k = from + 1; k < to; k++) {
            const uint32_t p = sv->pred[k];
            size_t j = k;
            for (; j > from && sv->pred[j - 1] > p; j--)
                sv->pred[j] = sv->pred[j - 1];
            sv->pred[j] = p;
        }
    }
    return MANCALA_OK;
}

/* Node x (H if x >= n) settled at threshold v, with distance `distance`
 * if an L node: its predecessors learn it. */
static int settled(struct solver *sv, uint32_t base, uint32_t n, int v, uint32_t x,
                   unsigned distance)
{
    size_t k, to;
    if (x < n) {
        /* L(x) settled: one more settled move for the H nodes of
         * its predecessors. */
        const unsigned far = distance + 1u;
        for (preds(sv, x, &k, &to); k < to; k++) {
            const uint32_t p = sv->pred[k];
            uint8_t *e = entry(sv, base, p);
            if (!unsettled(e[1]))
                continue;
            if (far > mt_get(e + 2, 2)) /* 0xffff: too far, E_RANGE */
                mt_put(e + 2, far < 0xffffu ? far : 0xffffu, 2);
            if (--sv->pending[p] == 0 && mt_code_exit(e[1]) >= v) {
                if (settle_h(sv, e, v))
                    return MANCALA_E_RANGE;
                if (push(sv, n + p, n, 0))
                    return MANCALA_E_NOMEM;
            }
        }
    } else {
        /* H(x) settled: the L nodes of its predecessors move there. */
        const uint32_t c = x - n;
        const unsigned next = (unsigned)mt_get(entry(sv, base, c) + 2, 2) + 1;
        for (preds(sv, c, &k, &to); k < to; k++) {
            const uint32_t p = sv->pred[k];
            uint8_t *e = entry(sv, base, p);
            if (!unsettled(e[0]))
                continue;
            e[0] = (uint8_t)(int8_t)v;
            if (push(sv, p, n, next & 0xffffu))
                return MANCALA_E_NOMEM;
        }
    }
    return MANCALA_OK;
}

static int solve_layer(struct solver *sv, int s)
{
    const uint32_t base = (uint32_t)sv->lay.layer[s];
    const uint32_t n = (uint32_t)mt_layout_size(&sv->lay, s);
    int status = list_predecessors(sv, s, base, n);
    if (status != MANCALA_OK)
        return status;

    const int buckets = 2 * s + 1;
    /* The attractor, threshold by threshold from the top. */
    for (int b = 0; b < buckets; b++) {
        const int v = s - b;
        const uint8_t seed = mt_exit_code(v);
        if (!sv->exits[0][seed] && !sv->exits[1][seed])
            continue; /* no node to start from: none settles at v */
        sv->head = sv->count = 0; /* the queue is empty between thresholds */
        sv->marked = -1;
        /* The nodes whose exit is worth v, L before H, in index order: the
         * head of the queue, kept as bits 2x (L) and 2x + 1 (H). */
        memset(sv->seeds, 0, ((size_t)n / 32 + 1) * sizeof *sv->seeds);
        /* The thresholds are the second half of the layer's work. */
        const double fraction = 0.5 + 0.5 * b / buckets;
        if (pulse_at(sv, s, fraction, 1))
            return MANCALA_E_CANCELLED;
        for (uint32_t x = 0; x < n; x++) {
            if (x % PULSE_EVERY == 0 && pulse(sv, s, fraction))
                return MANCALA_E_CANCELLED;
            uint8_t *e = entry(sv, base, x);
            if (e[0] == seed) {
                e[0] = (uint8_t)(int8_t)v;
                sv->seeds[x / 32] |= (uint64_t)1 << (x % 32 * 2);
            }
            if (e[1] == seed && !sv->pending[x]) {
                if (settle_h(sv, e, v))
                    return MANCALA_E_RANGE;
                sv->seeds[x / 32] |= (uint64_t)2 << (x % 32 * 2);
            }
        }
        for (size_t w = 0; w <= n / 32; w++)
            for (uint64_t bits = sv->seeds[w]; bits; bits &= bits - 1) {
                int bit = 0;
                while (!(bits >> bit & 1))
                    bit++;
                const uint32_t x = (uint32_t)(w * 32 + (size_t)bit / 2);
                if ((status = settled(sv, base, n, v, bit & 1 ? n + x : x, 0)) != MANCALA_OK)
                    return status;
            }
        for (uint32_t k = 1; sv->count; k++) {
            if (k % PULSE_EVERY == 0 && pulse(sv, s, fraction))
                return MANCALA_E_CANCELLED;
            unsigned distance;
            const uint32_t x = pop(sv, &distance);
            if ((status = settled(sv, base, n, v, x, distance)) != MANCALA_OK)
                return status;
        }
    }

    /* What nobody can force: the worst of the layer for the one who tries. */
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *e = entry(sv, base, i);
        if (unsettled(e[0]))
            e[0] = (uint8_t)(int8_t)-s;
        else
            sv->stats.forced++;
        if (unsettled(e[1])) {
            e[1] = (uint8_t)(int8_t)s;
            mt_put(e + 2, MT_NO_DISTANCE, 2);
        }
        sv->stats.exact += e[0] == e[1];
    }
    sv->stats.positions += n;
    return MANCALA_OK;
}

/* Where the table goes. The solver writes a temporary file next to the
 * target and renames it over the target only once it is complete and on
 * disk: a failed or cancelled solve leaves whatever was there, a reader of
 * the old file keeps it, and nothing but that temporary file is ever
 * removed. A temporary file is made (and removed) before the solve, so
 * that a destination that cannot be written fails at once, and made again
 * only to write the finished table: a solve that is killed (which can run
 * for hours) leaves none behind. */
struct output {
    char *target;   /* the path, or the file a symbolic link leads to */
    char *temp;
    int fd;
    int exists;     /* the target, whose permissions the table keeps */
    mode_t mode;
};

/* Makes the temporary file, a name of our own: O_EXCL never opens an
 * existing file. */
static int output_create(struct output *out)
{
    const size_t size = strlen(out->target) + 32;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t salt = (uint64_t)now.tv_nsec ^ (uint64_t)now.tv_sec << 30 ^ (uint64_t)getpid() << 40;
    for (int attempt = 0; attempt < 64 && out->fd < 0; attempt++) {
        salt = salt * 6364136223846793005u + 1442695040888963407u;
        snprintf(out->temp, size, "%s.tmp-%08lx", out->target, (unsigned long)(salt >> 32));
        out->fd = open(out->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY | MC_O_BINARY, 0666);
        if (out->fd < 0 && errno != EEXIST)
            break;
    }
    if (out->fd < 0)
        return MANCALA_E_IO;
    /* A replaced file keeps its permissions. */
    if (out->exists)
        fchmod(out->fd, out->mode & 07777);
    return MANCALA_OK;
}

static void output_discard(struct output *out)
{
    if (out->fd >= 0) {
        close(out->fd);
        unlink(out->temp); /* ours: made with O_EXCL */
    }
    free(out->target);
    free(out->temp);
    out->fd = -1;
    out->target = out->temp = NULL;
}

static int output_open(struct output *out, const char *path)
{
    out->fd = -1;
    out->temp = NULL;
    /* Replace the file a link leads to, not the link (platform/write_target.h);
     * refuse to replace anything but a regular file (a device such as
     * /dev/full, a FIFO, a directory). */
    out->target = mancala__write_target(path);
    if (!out->target)
        return errno == ENOMEM ? MANCALA_E_NOMEM : MANCALA_E_IO;
    struct stat st;
    const int exists = stat(out->target, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        output_discard(out);
        errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        return MANCALA_E_IO;
    }
    out->exists = exists;
    out->mode = st.st_mode;
    out->temp = malloc(strlen(out->target) + 32);
    if (!out->temp) {
        output_discard(out);
        return MANCALA_E_NOMEM;
    }
    /* Can we write there? (The file is ours: made with O_EXCL.) */
    if (output_create(out) != MANCALA_OK) {
        const int error = errno;
        output_discard(out);
        errno = error;
        return MANCALA_E_IO;
    }
    close(out->fd);
    unlink(out->temp);
    out->fd = -1;
    return MANCALA_OK;
}

/* The most bytes asked of one read or write: Linux does at most
 * 2,147,479,552 a call, Windows' _read and _write take an int. */
#define IO_PIECE ((size_t)1 << 30)

static int write_all(int fd, const uint8_t *data, size_t size)
{
    while (size > 0) {
        const ssize_t n = write(fd, data, size < IO_PIECE ? size : IO_PIECE);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            errno = n == 0 ? EIO : errno; /* (no regular file writes nothing) */
            return 0;
        }
        data += n;
        size -= (size_t)n;
    }
    return 1;
}

/* The header of the table, its checksum field zero. */
static void make_header(const struct solver *sv, int max_stones, uint64_t count,
                        uint8_t header[MT_HEADER_SIZE])
{
    const char *rules = sv->board.variant->name;
    memset(header, 0, MT_HEADER_SIZE);
    memcpy(header + MT_OFF_MAGIC, mt_magic, sizeof mt_magic);
    mt_put(header + MT_OFF_VERSION, (uint64_t)sv->lay.version, 4);
    mt_put(header + MT_OFF_HEADER_SIZE, MT_HEADER_SIZE, 4);
    memcpy(header + MT_OFF_RULES, rules, strlen(rules));
    mt_put(header + MT_OFF_INDEX, MT_INDEX_MOVER_FIRST, 4);
    mt_put(header + MT_OFF_PITS, (uint64_t)sv->pits, 2);
    mt_put(header + MT_OFF_MAX_STONES, (uint64_t)max_stones, 2);
    mt_put(header + MT_OFF_ENTRY_SIZE, (uint64_t)sv->lay.entry_size, 4);
    mt_put(header + MT_OFF_ENTRIES, count & UINT32_MAX, 4);
    mt_put(header + MT_OFF_ENTRIES_HIGH, count >> 32, 4);
    mt_put(header + MT_OFF_CLOSED, sv->lay.closed, 2);
    header[MT_OFF_STEP] = (uint8_t)(sv->lay.step == 1 ? 0 : sv->lay.step);
}

/*
 * Resuming (round configurations). After each layer the solver writes it
 * to TARGET.partial, in the partial format of solve.h: the layers and
 * their checksums first, then the header's count of them, so that a solve
 * killed at any moment leaves a file whose header is true. A solve with
 * the same arguments locks the file, verifies every finished layer, reads
 * them back and goes on from there; the finished table replaces TARGET as
 * always, and then the partial file (ours) is removed. A file of that
 * name that is not a partial file of these arguments, does not verify or
 * is locked by another solve is refused: never reused, never wiped.
 */
struct checkpoint {
    char *path;
    int fd;
};

static void checkpoint_close(struct checkpoint *cp, int remove_it)
{
    if (cp->fd >= 0) {
        /* Removed while still locked: no other solve takes it meanwhile. */
        if (remove_it)
            unlink(cp->path);
        close(cp->fd);
    }
    free(cp->path);
    cp->fd = -1;
    cp->path = NULL;
}

static int pwrite_all(int fd, const uint8_t *data, size_t size, uint64_t at)
{
    while (size > 0) {
        const ssize_t n = pwrite(fd, data, size < IO_PIECE ? size : IO_PIECE, (off_t)at);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            errno = n == 0 ? EIO : errno;
            return 0;
        }
        data += n;
        size -= (size_t)n;
        at += (uint64_t)n;
    }
    return 1;
}

int mancala__pread_all(int fd, void *data, size_t size, uint64_t at)
{
    uint8_t *p = data;
    while (size > 0) {
        const ssize_t n = pread(fd, p, size < IO_PIECE ? size : IO_PIECE, (off_t)at);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return MANCALA_E_IO;
        if (n == 0)
            return MANCALA_E_FORMAT; /* the file ends before */
        p += n;
        size -= (size_t)n;
        at += (uint64_t)n;
    }
    return MANCALA_OK;
}

/* A write lock on the whole file, without waiting: MANCALA_E_BUSY if
 * another holds one. An open file description lock belongs to this open
 * file, not to the process, so it is not lost when the process closes
 * another descriptor of the file (the command reads the partial file for
 * its progress line, the MPI library opens it too). */
static int lock_file(int fd)
{
#ifdef _WIN32
    if (mancala__lock(fd) == 0)
        return MANCALA_OK;
    return errno == EAGAIN ? MANCALA_E_BUSY : MANCALA_E_IO;
#else
    struct flock lk;
    memset(&lk, 0, sizeof lk);
    lk.l_type = F_WRLCK;
    lk.l_whence = SEEK_SET;
    int done = -1;
#ifdef F_OFD_SETLK
    done = fcntl(fd, F_OFD_SETLK, &lk);
    if (done != 0 && errno != EINVAL) /* EINVAL: a kernel without them */
        return errno == EACCES || errno == EAGAIN ? MANCALA_E_BUSY : MANCALA_E_IO;
#endif
    if (done != 0 && fcntl(fd, F_SETLK, &lk) != 0)
        return errno == EACCES || errno == EAGAIN ? MANCALA_E_BUSY : MANCALA_E_IO;
    return MANCALA_OK;
#endif
}

/* The header of a partial file, its next-layer field zero. */
static void partial_header(const uint8_t table_header[MT_HEADER_SIZE], uint8_t out[MT_HEADER_SIZE])
{
    memcpy(out, table_header, MT_HEADER_SIZE);
    out[MT_OFF_PARTIAL] = MT_PARTIAL_VERSION;
    mt_put(out + MT_OFF_CHECKSUM, 0, 8);
}

/* The checksum of `bytes` bytes of the file at `at`, read in pieces. */
static int file_sum(int fd, uint64_t seed, uint64_t at, uint64_t bytes, uint64_t *sum)
{
    enum { PIECE = 1 << 20 };
    uint8_t *buf = malloc(PIECE);
    XXH3_state_t *state = XXH3_createState();
    int status = buf && state ? MANCALA_OK : MANCALA_E_NOMEM;
    if (status == MANCALA_OK)
        XXH3_64bits_reset_withSeed(state, seed);
    while (status == MANCALA_OK && bytes > 0) {
        const size_t n = bytes < PIECE ? (size_t)bytes : PIECE;
        if ((status = mancala__pread_all(fd, buf, n, at)) == MANCALA_OK)
            XXH3_64bits_update(state, buf, n);
        at += n;
        bytes -= n;
    }
    if (status == MANCALA_OK)
        *sum = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    free(buf);
    return status;
}

/* Verifies the partial file `fd` (locked, not empty) against the header
 * `want` (partial_header()); see mancala__partial_open(). */
static int partial_check(int fd, const uint8_t want[MT_HEADER_SIZE], const struct mt_layout *lay,
                         uint8_t *entries, int *from)
{
    uint8_t have[MT_HEADER_SIZE];
    int status = mancala__pread_all(fd, have, sizeof have, 0);
    if (status == MANCALA_E_FORMAT ||
        (status == MANCALA_OK && memcmp(have, mt_magic, sizeof mt_magic) != 0))
        return MANCALA_E_FORMAT;
    if (status != MANCALA_OK)
        return status;
    /* libmancala 1.2's partial files have no version (a zero there). */
    if (mt_get(have + MT_OFF_VERSION, 4) != mt_get(want + MT_OFF_VERSION, 4) ||
        have[MT_OFF_PARTIAL] != MT_PARTIAL_VERSION)
        return MANCALA_E_VERSION;
    const uint64_t next = mt_get(have + MT_OFF_CHECKSUM, 8);
    if (memcmp(have, want, MT_OFF_CHECKSUM) != 0 || next > (uint64_t)lay->max_stones + 1)
        return MANCALA_E_FORMAT;
    const uint64_t seed = mt_checksum_seed(want);
    for (int s = 0; s < (int)next && status == MANCALA_OK; s++) {
        const uint64_t at = MT_HEADER_SIZE + lay->layer[s] * lay->entry_size;
        const size_t bytes = (size_t)mt_layout_size(lay, s) * lay->entry_size;
        uint8_t stored[8];
        uint64_t sum = 0;
        if (!mt_layout_covers(lay, s))
            continue;
        status = mancala__pread_all(fd, stored, sizeof stored, mt_partial_sum_at(lay, s));
        if (status == MANCALA_OK && entries) {
            uint8_t *layer = entries + lay->layer[s] * lay->entry_size;
            if ((status = mancala__pread_all(fd, layer, bytes, at)) == MANCALA_OK)
                sum = XXH3_64bits_withSeed(layer, bytes, seed);
        } else if (status == MANCALA_OK) {
            status = file_sum(fd, seed, at, bytes, &sum);
        }
        if (status == MANCALA_OK && sum != mt_get(stored, 8))
            status = MANCALA_E_FORMAT;
    }
    *from = (int)next;
    return status;
}

int mancala__partial_open(const char *path, const uint8_t table_header[MT_HEADER_SIZE],
                          const struct mt_layout *lay, uint8_t *entries, int *fd, int *from)
{
    uint8_t want[MT_HEADER_SIZE];
    partial_header(table_header, want);
    *from = 0;
    *fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | MC_O_BINARY, 0666);
    if (*fd < 0)
        return errno == ELOOP ? MANCALA_E_FORMAT : MANCALA_E_IO; /* a link: not ours */
    struct stat st;
    int status = fstat(*fd, &st) != 0 ? MANCALA_E_IO
                 : !S_ISREG(st.st_mode) ? MANCALA_E_FORMAT
                 : lock_file(*fd);
    /* A solve that just finished may have removed the file we opened.
     * (Windows removes no open file, and has no inode numbers.) */
#ifndef _WIN32
    struct stat named;
    if (status == MANCALA_OK && (stat(path, &named) != 0 || named.st_ino != st.st_ino ||
                                 named.st_dev != st.st_dev))
        status = MANCALA_E_BUSY;
#endif
    if (status == MANCALA_OK && fstat(*fd, &st) != 0)
        status = MANCALA_E_IO;
    if (status == MANCALA_OK && st.st_size == 0)
        status = pwrite_all(*fd, want, sizeof want, 0) && fsync(*fd) == 0 ? MANCALA_OK
                                                                         : MANCALA_E_IO;
    else if (status == MANCALA_OK)
        status = partial_check(*fd, want, lay, entries, from);
    if (status != MANCALA_OK) {
        const int error = errno;
        close(*fd);
        *fd = -1;
        errno = error;
    }
    return status;
}

int mancala__partial_commit(int fd, const uint8_t table_header[MT_HEADER_SIZE],
                            const struct mt_layout *lay, int s, const uint8_t *layer)
{
    uint8_t want[MT_HEADER_SIZE], field[8];
    partial_header(table_header, want);
    const uint64_t seed = mt_checksum_seed(want);
    const uint64_t at = MT_HEADER_SIZE + lay->layer[s] * lay->entry_size;
    const size_t bytes = (size_t)mt_layout_size(lay, s) * lay->entry_size;
    uint64_t sum = 0;
    int status = MANCALA_OK;
    if (layer) {
        status = pwrite_all(fd, layer, bytes, at) ? MANCALA_OK : MANCALA_E_IO;
        sum = XXH3_64bits_withSeed(layer, bytes, seed);
    } else {
        status = file_sum(fd, seed, at, bytes, &sum);
    }
    mt_put(field, sum, 8);
    if (status == MANCALA_OK)
        status = pwrite_all(fd, field, 8, mt_partial_sum_at(lay, s)) && fsync(fd) == 0
                     ? MANCALA_OK : MANCALA_E_IO;
    mt_put(field, (uint64_t)s + 1, 8);
    if (status == MANCALA_OK)
        status = pwrite_all(fd, field, 8, MT_OFF_CHECKSUM) && fsync(fd) == 0 ? MANCALA_OK
                                                                          : MANCALA_E_IO;
    return status == MANCALA_OK ? status : MANCALA_E_IO;
}

/* Opens the partial file of the solve (see mancala__partial_open()) and
 * reads the finished layers into sv->entries; *from is the first layer
 * still to solve. */
static int checkpoint_open(struct checkpoint *cp, const struct output *out,
                           const struct solver *sv, int max_stones, uint32_t count, int *from)
{
    cp->fd = -1;
    cp->path = malloc(strlen(out->target) + 9);
    if (!cp->path)
        return MANCALA_E_NOMEM;
    sprintf(cp->path, "%s.partial", out->target);
    uint8_t header[MT_HEADER_SIZE];
    make_header(sv, max_stones, count, header);
    const int status = mancala__partial_open(cp->path, header, &sv->lay, sv->entries, &cp->fd,
                                             from);
    const int error = errno;
    if (status != MANCALA_OK)
        checkpoint_close(cp, 0);
    errno = error;
    return status;
}

/* Counts layer s in the partial file. If that fails (a full disk), the
 * solve stops, as the one on several processes does: the file keeps the
 * layers before s for the same command once the problem is fixed, where
 * going on would lose them all if the table then cannot be written
 * either. */
static int checkpoint_layer(struct checkpoint *cp, const struct solver *sv, int s)
{
    if (cp->fd < 0)
        return MANCALA_OK;
    uint8_t header[MT_HEADER_SIZE];
    make_header(sv, sv->lay.max_stones, (uint32_t)sv->lay.count, header);
    return mancala__partial_commit(cp->fd, header, &sv->lay, s,
                                   sv->entries + sv->lay.layer[s] * MT_ENTRY_SIZE);
}

/* Syncs the temporary file that holds the whole table (if `ok`: it was
 * written) and renames it over the target; removes it on any failure. */
static int output_install(struct output *out, int ok)
{
    int error = errno; /* why it was not written, if not `ok` */
    if (ok && fsync(out->fd) != 0)
        ok = 0, error = errno;
    if (close(out->fd) != 0 && ok)
        ok = 0, error = errno;
    out->fd = -1;
    if (ok && mancala__replace(out->temp, out->target) != 0)
        ok = 0, error = errno;
    if (!ok) {
        unlink(out->temp);
        errno = error;
        return MANCALA_E_IO;
    }
    /* The new name on disk too; a folder that cannot be synced is no error. */
    char *slash = strrchr(out->target, '/');
    if (slash)
        *(slash == out->target ? slash + 1 : slash) = '\0';
    const int dir = open(slash ? out->target : ".", O_RDONLY | O_CLOEXEC | O_DIRECTORY);
    if (dir >= 0) {
        fsync(dir);
        close(dir);
    }
    return MANCALA_OK;
}

/* Writes the table to the temporary file, then puts it in place. */
static int output_commit(struct output *out, const struct solver *sv, int max_stones,
                         uint64_t count)
{
    const uint8_t *entries = sv->entries;
    uint8_t header[MT_HEADER_SIZE];
    make_header(sv, max_stones, count, header);
    /* The data is padded with zeros to a multiple of 8 bytes. */
    const size_t padded = ((size_t)count * (size_t)sv->lay.entry_size + 7) / 8 * 8;
    mt_put(header + MT_OFF_CHECKSUM, mt_checksum(header, entries, padded), 8);

    if (output_create(out) != MANCALA_OK)
        return MANCALA_E_IO;
    const int ok = write_all(out->fd, header, sizeof header) && write_all(out->fd, entries, padded);
    return output_install(out, ok);
}

int mancala__solve_setup(const struct mt_solve_params *p, int version, struct mt_layout *lay,
                         struct mc_board *board, int *threads)
{
    const struct mc_variant *variant =
        p->rules ? mancala__variant_find(p->rules, strlen(p->rules)) : NULL;
    const int step = p->step ? p->step : 1;
    *threads = p->threads;
    if (!*threads) {
        /* One per processor online: the table is the same for any number. */
        const long online = mancala__online_cpus();
        *threads = online < 1 ? 1 : online > MT_MOST_THREADS ? MT_MOST_THREADS : (int)online;
    }
    if (!p->path || !variant || p->max_stones < 0 || p->max_stones > mt_most_stones(variant) ||
        ((p->closed || step != 1) && !variant->match) || p->closed > UINT16_MAX ||
        *threads < 1 || *threads > MT_MOST_THREADS ||
        !mt_layout_init_format(lay, variant->n, (uint16_t)p->closed, p->max_stones, step,
                               version))
        return MANCALA_E_INVALID;
    mancala__board_init(board, variant, (uint16_t)p->closed);
    return MANCALA_OK;
}

int mancala__solve(const struct mt_solve_params *params)
{
    const char *const path = params->path;
    const int max_stones = params->max_stones;
    const mancala_progress_fn progress = params->progress;
    void *const opaque = params->opaque;
    struct solver sv;
    memset(&sv, 0, sizeof sv);
    if (mancala__solve_setup(params, MT_VERSION, &sv.lay, &sv.board, &sv.threads) != MANCALA_OK)
        return MANCALA_E_INVALID;
    sv.pits = sv.lay.pits;
    sv.row = sv.lay.n;
    sv.progress = progress;
    sv.opaque = opaque;
    sv.steps = max_stones + 1;

    struct output out;
    int status = output_open(&out, path);
    if (status != MANCALA_OK)
        return status;
    const uint32_t count = (uint32_t)sv.lay.count;
    uint64_t largest = 0;
    for (int s = 0; s <= max_stones; s++)
        if (mt_layout_size(&sv.lay, s) > largest)
            largest = mt_layout_size(&sv.lay, s);
    sv.entries = calloc((size_t)count * MT_ENTRY_SIZE + 8, 1);
    status = !sv.entries ? MANCALA_E_NOMEM
             : 2 * largest >= MARK ? MANCALA_E_RANGE /* the queue numbers its nodes below */
             : alloc_scratch(&sv, (uint32_t)largest);
    struct checkpoint cp = {NULL, -1};
    int from = 0;
    if (status == MANCALA_OK && params->resumable)
        status = checkpoint_open(&cp, &out, &sv, max_stones, count, &from);
    for (int s = from; s <= max_stones && status == MANCALA_OK; s++) {
        if (!mt_layout_covers(&sv.lay, s))
            continue;
        sv.next_pulse = monotonic_seconds() + PULSE_SECONDS;
        if (progress && progress(opaque, s, max_stones + 1, sv.lay.layer[s], count))
            status = MANCALA_E_CANCELLED;
        else if ((status = solve_layer(&sv, s)) == MANCALA_OK)
            status = checkpoint_layer(&cp, &sv, s);
    }
    /* Every layer solved: the table is written even if the callback now
     * asks to stop (stopping would only throw the work away). */
    if (status == MANCALA_OK && progress)
        progress(opaque, max_stones + 1, max_stones + 1, count, count);
    if (status == MANCALA_OK)
        status = output_commit(&out, &sv, max_stones, count);
    const int error = errno; /* the cause of MANCALA_E_IO, for the caller */
    checkpoint_close(&cp, status == MANCALA_OK);
    output_discard(&out);
    if (status == MANCALA_OK && params->stats) {
        *params->stats = sv.stats;
        params->stats->largest_layer = largest;
        params->stats->scratch_peak = sv.scratch_peak;
    }
    free_scratch(&sv);
    free(sv.entries);
    errno = error;
    return status;
}

MANCALA_EXPORT int mancala_solve_modiar(const char *path, mancala_progress_fn progress, void *opaque)
{
    return mancala__solve(&(struct mt_solve_params){
        .path = path, .rules = "modiar", .max_stones = MT_MAX_STONES, .progress = progress,
        .opaque = opaque});
}

MANCALA_EXPORT int mancala_solve_rio_kadalis(const char *path, int max_stones,
                                             mancala_progress_fn progress, void *opaque)
{
    /* Every pit open: the variant's limit, tighter than the solver's. */
    if (max_stones > mancala__variant_find("rio-kadalis", 11)->table_stones)
        return MANCALA_E_INVALID;
    return mancala__solve(&(struct mt_solve_params){
        .path = path, .rules = "rio-kadalis", .max_stones = max_stones, .progress = progress,
        .opaque = opaque});
}

MANCALA_EXPORT int mancala_solve_rio_kadalis_config(const char *path, const char *rules,
                                                    unsigned closed, int max_stones, int step,
                                                    mancala_progress_fn progress, void *opaque)
{
    const struct mc_variant *variant = rules ? mancala__variant_find(rules, strlen(rules)) : NULL;
    /* Step 0 is the solver's default, not a step this function accepts. */
    if (!variant || !variant->match || step == 0)
        return MANCALA_E_INVALID;
    return mancala__solve(&(struct mt_solve_params){
        .path = path, .rules = rules, .closed = closed, .max_stones = max_stones, .step = step,
        .resumable = 1, .progress = progress, .opaque = opaque});
}

/*
 * For a solver that splits each layer among processes (solve.h): the
 * moves of one position, the header and the temporary output file, as
 * the solver above makes them.
 */

void mancala__solve_header(const struct mt_layout *lay, const struct mc_board *board,
                           uint8_t header[MT_HEADER_SIZE])
{
    static const struct solver zero;
    struct solver sv = zero;
    sv.lay = *lay;
    sv.board = *board;
    sv.pits = lay->pits;
    sv.row = lay->n;
    make_header(&sv, lay->max_stones, lay->count, header);
}

struct mt_output {
    struct output out;
};

int mancala__output_open(struct mt_output **out, const char *path)
{
    *out = malloc(sizeof **out);
    if (!*out)
        return MANCALA_E_NOMEM;
    const int status = output_open(&(*out)->out, path);
    if (status != MANCALA_OK) {
        free(*out);
        *out = NULL;
    }
    return status;
}

const char *mancala__output_temp(const struct mt_output *out)
{
    return out->out.temp;
}

const char *mancala__output_target(const struct mt_output *out)
{
    return out->out.target;
}

int mancala__output_create(struct mt_output *out)
{
    return output_create(&out->out);
}

int mancala__output_install(struct mt_output *out)
{
    const int status = output_install(&out->out, 1);
    const int error = errno;
    output_discard(&out->out);
    free(out);
    errno = error;
    return status;
}

void mancala__output_discard(struct mt_output *out)
{
    if (!out)
        return;
    output_discard(&out->out);
    free(out);
}

/* For the lean solver (solve_lean.h): the table written as this solver
 * writes its own. */
int mancala__output_table(struct mt_output *out, const struct mt_layout *lay,
                          const struct mc_board *board, const uint8_t *entries)
{
    static const struct solver zero;
    struct solver sv = zero;
    sv.lay = *lay;
    sv.board = *board;
    sv.pits = lay->pits;
    sv.row = lay->n;
    sv.entries = (uint8_t *)entries;
    const int status = output_commit(&out->out, &sv, lay->max_stones, lay->count);
    const int error = errno;
    output_discard(&out->out);
    free(out);
    errno = error;
    return status;
}

int mancala__pwrite_all(int fd, const uint8_t *data, size_t size, uint64_t at)
{
    return pwrite_all(fd, data, size, at) ? MANCALA_OK : MANCALA_E_IO;
}

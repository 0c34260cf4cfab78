/*
 * The lean solver: the tables of solve.c (the same lo and hi in every
 * entry, and a distance that serves the perfect player the same way)
 * without predecessor lists. See solve.c for what lo and hi mean.
 *
 * Values. lo(p) is the least fixed point above lo = -s of
 *     lo(p) = max over moves of (gain - hi(child)),
 *     hi(p) = max over moves of (gain - lo(child)),
 * hi the greatest below hi = +s (a position without moves is worth its
 * row difference): that is the attractor of solve.c, threshold by
 * threshold. The children that capture are in finished layers; the others
 * are in the layer under way, whose bounds are swept in index order, each
 * position's new bounds written at once and read by the positions after it
 * (Gauss-Seidel), until a sweep changes nothing. The bounds only tighten,
 * and every bound read, old or new, lies between the start and the fixed
 * point, so the order of the updates changes the number of sweeps, never
 * the result: the threads take chunks of the layer as they come and read
 * whatever bound is there. A position already exact is skipped. The
 * exits' part of a position (its best and worst exit) does not change
 * while the layer is solved, and a finished child that is not exact costs
 * its own moves to read (mancala__entry()): the first visit keeps it in
 * the bytes the distances take later. While the
 * layer is solved its bounds are the two bytes of its entries (lo, hi);
 * once it is done they are rewritten in format 3 (solve.h), which the
 * layers above read.
 *
 * Distances. Once the values are final, the distances are the least
 * potential of solve.c's kind, one level a sweep (Jacobi, so the same for
 * any order and any number of threads): an L node (the mover forces lo)
 * is at 0 if an exit or the end gives lo, else at 1 + the least distance
 * of the H node of a child worth lo; an H node (the opponent forces hi)
 * at 0 without moves in the layer, else at 1 + the largest distance of
 * its children's L nodes. Sweep k settles exactly the nodes at k, reading
 * only distances below k; a sweep that settles nothing ends the layer.
 * Only level 0 needs the exits (an L node whose best exit is worth lo is
 * at 0): a pass between the values and the distances settles those from
 * what the value sweeps kept, and level 0 reads the exits only when the
 * run resumed after that pass.
 * The table keeps the H distances of exact positions, as solve.c's keeps
 * them all; an H node never settled is one the opponent cannot force
 * (MT_NO_DISTANCE). While a layer is solved its distances take a byte
 * each, L and H: the levels must stay below MT_LEAN_NO_DISTANCE (the
 * largest distance measured is about 60), else the solve stops with
 * MANCALA_E_RANGE.
 *
 * SPDX-License-Identifier: MIT
 */
/* clock_gettime() is POSIX; MADV_HUGEPAGE is Linux's. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "platform/port.h"
#include "solve/solve_lean.h"

_Static_assert(sizeof(_Atomic uint8_t) == 1,
               "bounds and distances are read in place while other threads write them");

/* Positions a thread takes at a time; about 10 ms of work. */
enum { LEAN_CHUNK = 4096, UNSETTLED = MT_LEAN_UNSETTLED };
#define PULSE_SECONDS 0.5

struct lean {
    struct mt_layout lay;
    struct mc_board board;
    int threads;
    uint8_t *entries;          /* the table, format 3; lo, hi in the layer under way */
    _Atomic uint8_t *dl, *dh;  /* distances of the layer under way */
    /* The sweep under way. */
    int s;
    enum { VALUES, EXITS, RANKS } pass; /* what a sweep does */
    int exits_settled;         /* the EXITS pass settled the L nodes at 0 */
    unsigned level;
    uint64_t base, n, chunks;
    atomic_uint_fast64_t next_chunk, visits;
    atomic_int changed;
    /* Progress, reported by the calling thread. */
    mancala_progress_fn progress;
    void *opaque;
    double next_pulse;
    /* The partial file, locked (or -1), and its checksums' seed. */
    int fd;
    char *partial;
    uint64_t seed;
    double next_checkpoint;
    double pulse_seconds, checkpoint_seconds;
    atomic_int stop;
};

/* Memory for the table or a layer's distances, zeroed, freed with free().
 * The sweeps read it at random, gigabytes of it, where pages of 4 KiB
 * cost a walk of the page tables on most reads: on Linux it is aligned
 * and advised onto huge pages (advice: without them the solve is the
 * same, slower). */
static void *table_alloc(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    enum { HUGE_PAGE = 2 << 20 };
    void *p;
    if (posix_memalign(&p, HUGE_PAGE, bytes) != 0)
        return NULL;
    (void)madvise(p, bytes, MADV_HUGEPAGE);
    return memset(p, 0, bytes);
#else
    return calloc(bytes, 1);
#endif
}

static double lean_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static _Atomic uint8_t *bound(const struct lean *lv, uint64_t index, int which)
{
    return (_Atomic uint8_t *)(lv->entries + index * MT_ENTRY_SIZE_LEAN + which);
}

static int load_bound(const struct lean *lv, uint64_t index, int which)
{
    return (int8_t)atomic_load_explicit(bound(lv, index, which), memory_order_relaxed);
}

static unsigned load_distance(_Atomic uint8_t *d, uint64_t i)
{
    return atomic_load_explicit(&d[i], memory_order_relaxed);
}

/* One position of a value sweep: its bounds from its moves. */
static void sweep_values(struct lean *lv, uint64_t i, int side, const uint8_t *r)
{
    const uint64_t g = lv->base + i;
    const int lo = load_bound(lv, g, 0), hi = load_bound(lv, g, 1);
    if (lo == hi)
        return;
    atomic_fetch_add_explicit(&lv->visits, 1, memory_order_relaxed);
    /* The exits' best and worst, kept from the first visit. */
    const unsigned known = load_distance(lv->dl, i);
    struct mt_expansion x;
    mancala__solve_expand(&lv->lay, &lv->board, known == UNSETTLED ? lv->entries : NULL, lv->s,
                          side, r, &x);
    if (known != UNSETTLED) {
        x.best = mt_code_exit((uint8_t)known);
        x.worst = mt_code_exit((uint8_t)load_distance(lv->dh, i));
    } else {
        atomic_store_explicit(&lv->dl[i], mt_exit_code(x.best), memory_order_relaxed);
        atomic_store_explicit(&lv->dh[i], mt_exit_code(x.worst), memory_order_relaxed);
    }
    /* Without an exit, best and worst are beyond every value. */
    int new_lo = x.best, new_hi = -x.worst;
    for (int k = 0; k < x.inside; k++)
        mt_lean_bounds_child(load_bound(lv, x.child[k], 0), load_bound(lv, x.child[k], 1),
                             &new_lo, &new_hi);
    if (new_lo != lo || new_hi != hi) {
        atomic_store_explicit(bound(lv, g, 0), (uint8_t)(int8_t)new_lo, memory_order_relaxed);
        atomic_store_explicit(bound(lv, g, 1), (uint8_t)(int8_t)new_hi, memory_order_relaxed);
        atomic_store_explicit(&lv->changed, 1, memory_order_relaxed);
    }
}

/* One position of a distance sweep at level k: its L and H nodes settle
 * at k if they can, from the nodes settled below k. */
static void sweep_ranks(struct lean *lv, uint64_t i, int side, const uint8_t *r)
{
    const unsigned k = lv->level;
    unsigned dl = load_distance(lv->dl, i), dh = load_distance(lv->dh, i);
    if (dl != UNSETTLED && dh != UNSETTLED)
        return;
    atomic_fetch_add_explicit(&lv->visits, 1, memory_order_relaxed);
    /* Only level 0 asks the exits (an exit worth lo), and not after the
     * EXITS pass, which settled those L nodes from what the value sweeps
     * kept. */
    struct mt_expansion x;
    mancala__solve_expand(&lv->lay, &lv->board, k == 0 && !lv->exits_settled ? lv->entries : NULL,
                          lv->s, side, r, &x);
    const int lo = load_bound(lv, lv->base + i, 0);
    if (dl == UNSETTLED) {
        if (x.inside + x.exits == 0 || x.best == lo) {
            dl = 0; /* the end, or an exit worth lo */
        } else {
            for (int c = 0; c < x.inside; c++)
                dl = mt_lean_l_child(dl, k, lo, load_distance(lv->dh, x.child[c] - lv->base),
                                     load_bound(lv, x.child[c], 1));
        }
        if (dl != UNSETTLED) {
            atomic_store_explicit(&lv->dl[i], (uint8_t)dl, memory_order_relaxed);
            atomic_store_explicit(&lv->changed, 1, memory_order_relaxed);
        }
    }
    if (dh == UNSETTLED) {
        unsigned far = 0;
        for (int c = 0; c < x.inside && far != UNSETTLED; c++)
            far = mt_lean_h_child(far, k, load_distance(lv->dl, x.child[c] - lv->base));
        if (far != UNSETTLED) {
            atomic_store_explicit(&lv->dh[i], (uint8_t)far, memory_order_relaxed);
            atomic_store_explicit(&lv->changed, 1, memory_order_relaxed);
        }
    }
}

/* One position of the EXITS pass, between the values and the distances:
 * its L node at 0 if its best exit is worth lo (or it has no move: the
 * end's value is its lo), from what the value sweeps kept of its exits,
 * else from its moves (a position exact before it was first visited, as
 * after a resume); its H node unsettled. */
static void settle_exits(struct lean *lv, uint64_t i, int side, const uint8_t *r)
{
    const unsigned known = load_distance(lv->dl, i);
    int best;
    if (known != UNSETTLED) {
        best = mt_code_exit((uint8_t)known);
    } else {
        atomic_fetch_add_explicit(&lv->visits, 1, memory_order_relaxed);
        struct mt_expansion x;
        mancala__solve_expand(&lv->lay, &lv->board, lv->entries, lv->s, side, r, &x);
        best = x.inside + x.exits == 0 ? load_bound(lv, lv->base + i, 0) : x.best;
    }
    atomic_store_explicit(&lv->dl[i], best == load_bound(lv, lv->base + i, 0) ? 0 : UNSETTLED,
                          memory_order_relaxed);
    atomic_store_explicit(&lv->dh[i], UNSETTLED, memory_order_relaxed);
}

/* Calls the progress callback every PULSE_SECONDS: `fraction` of the
 * sweep done. Nonzero once the solve is to stop. */
static int lean_pulse(struct lean *lv, double fraction)
{
    if (atomic_load_explicit(&lv->stop, memory_order_relaxed))
        return 1;
    if (!lv->progress)
        return 0;
    const double now = lean_seconds();
    if (now < lv->next_pulse)
        return 0;
    lv->next_pulse = now + lv->pulse_seconds;
    const uint64_t done = lv->lay.layer[lv->s] + (uint64_t)(fraction * (double)lv->n);
    if (lv->progress(lv->opaque, lv->s, lv->lay.max_stones + 1, done, lv->lay.count)) {
        atomic_store_explicit(&lv->stop, 1, memory_order_relaxed);
        return 1;
    }
    return 0;
}

struct lean_worker {
    struct lean *lv;
    int thread;
};

/* A thread of a sweep: takes chunks of the layer until none is left. */
static void *sweep_thread(void *arg)
{
    const struct lean_worker *w = arg;
    struct lean *lv = w->lv;
    const int m = lv->lay.open_count;
    for (;;) {
        const uint64_t chunk = atomic_fetch_add_explicit(&lv->next_chunk, 1, memory_order_relaxed);
        if (chunk >= lv->chunks)
            return NULL;
        if (w->thread == 0 ? lean_pulse(lv, (double)chunk / (double)lv->chunks)
                           : atomic_load_explicit(&lv->stop, memory_order_relaxed))
            return NULL;
        uint64_t i = chunk * LEAN_CHUNK;
        const uint64_t end = i + LEAN_CHUNK < lv->n ? i + LEAN_CHUNK : lv->n;
        uint8_t r[MT_MOST_PITS];
        int side;
        mt_layout_position(&lv->lay, lv->s, i, &side, r);
        for (;;) {
            if (lv->pass == RANKS)
                sweep_ranks(lv, i, side, r);
            else if (lv->pass == EXITS)
                settle_exits(lv, i, side, r);
            else
                sweep_values(lv, i, side, r);
            if (++i == end)
                break;
            if (!mt_next_position(r, m)) {
                side++;
                memset(r, 0, sizeof r);
                r[m - 1] = (uint8_t)lv->s;
            }
        }
    }
}

/* One sweep of the layer on every thread; returns whether it changed
 * anything. */
static int sweep(struct lean *lv)
{
    struct lean_worker w[MT_MOST_THREADS];
    pthread_t tid[MT_MOST_THREADS];
    int started[MT_MOST_THREADS] = {0};
    atomic_store(&lv->next_chunk, 0);
    atomic_store(&lv->changed, 0);
    for (int t = 0; t < lv->threads; t++) {
        w[t] = (struct lean_worker){lv, t};
        /* Thread 0 is this one; a thread that cannot start leaves its
         * chunks to the others. */
        started[t] = t > 0 && pthread_create(&tid[t], NULL, sweep_thread, &w[t]) == 0;
    }
    sweep_thread(&w[0]);
    for (int t = 1; t < lv->threads; t++)
        if (started[t])
            pthread_join(tid[t], NULL);
    return atomic_load(&lv->changed);
}

/*
 * Checkpoints inside a layer. Bounds anywhere between the start and the
 * fixed point lead to the same values, and the distances settled up to a
 * level (or partway through the sweep of that level) to the same
 * distances, so the state of a layer at the end of any sweep, or where a
 * sweep was stopped, can be resumed. It is kept in the partial file of
 * the solve (solve.h), locked with it: the layer's bounds (lo, hi) at the
 * place of its entries in the table, and after the per-layer checksums a
 * record and, while the distances are settled, the layer's L distances
 * then its H distances (a byte each):
 *
 *   0  8  "\x89LEANSW3"          24  4  distance sweeps done
 *   8  4  1 (0 while written)    28  4  zero
 *   12 4  the layer              32  8  XXH3 of bytes 0-31, the layer's
 *   16 4  phase: 0 values,              bounds and distances, seeded as
 *         1 distances                   the partial file's checksums
 *   20 4  value sweeps done
 *
 * The record is marked unwritten before the rest is, so that a solve
 * killed meanwhile leaves a record that is ignored (the layer starts
 * again), never one that does not verify; a record that is marked written
 * and does not verify is refused (MANCALA_E_FORMAT), as a damaged layer is.
 */
enum { RECORD_SIZE = 64, RECORD_SUM = 32 };
static const uint8_t record_magic[8] = {0x89, 'L', 'E', 'A', 'N', 'S', 'W', '3'};
/* A checkpoint inside a layer at most this often (and at most a tenth of
 * the time: writing a large layer takes a while), but whenever the solve
 * is stopped. */
#define CHECKPOINT_SECONDS 60.0

struct record {
    int layer, ranks;
    unsigned value_sweeps, rank_sweeps;
};

static uint64_t record_at(const struct lean *lv)
{
    return mt_partial_sum_at(&lv->lay, lv->lay.max_stones + 1);
}

/* The bytes of the layer under way: its bounds, and its distances (held
 * apart while written: no thread sweeps at a checkpoint). */
static uint8_t *layer_bytes(const struct lean *lv)
{
    return lv->entries + lv->base * MT_ENTRY_SIZE_LEAN;
}

static const uint8_t *distance_bytes(_Atomic uint8_t *d)
{
    return (const uint8_t *)d;
}

/* The checksum of a record: its first bytes, the layer's bounds, and in
 * the distance phase its distances. */
static uint64_t record_sum(const struct lean *lv, const uint8_t *record)
{
    XXH3_state_t *state = XXH3_createState();
    if (!state)
        return 0;
    XXH3_64bits_reset_withSeed(state, lv->seed);
    XXH3_64bits_update(state, record, RECORD_SUM);
    XXH3_64bits_update(state, layer_bytes(lv), lv->n * MT_ENTRY_SIZE_LEAN);
    if (mt_get(record + 16, 4)) {
        XXH3_64bits_update(state, distance_bytes(lv->dl), lv->n);
        XXH3_64bits_update(state, distance_bytes(lv->dh), lv->n);
    }
    const uint64_t sum = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    return sum;
}

/* Writes the state of the layer under way; nonzero on failure. */
static int checkpoint_sweep(struct lean *lv, const struct record *r)
{
    uint8_t record[RECORD_SIZE] = {0};
    memcpy(record, record_magic, sizeof record_magic);
    const uint64_t at = record_at(lv);
    if (mancala__pwrite_all(lv->fd, record, 12, at) != MANCALA_OK || fsync(lv->fd) != 0)
        return 1;
    int status = mancala__pwrite_all(lv->fd, layer_bytes(lv), lv->n * MT_ENTRY_SIZE_LEAN,
                                     MT_HEADER_SIZE + lv->base * MT_ENTRY_SIZE_LEAN);
    if (status == MANCALA_OK && r->ranks)
        status = mancala__pwrite_all(lv->fd, distance_bytes(lv->dl), lv->n, at + RECORD_SIZE);
    if (status == MANCALA_OK && r->ranks)
        status = mancala__pwrite_all(lv->fd, distance_bytes(lv->dh), lv->n,
                                     at + RECORD_SIZE + lv->n);
    mt_put(record + 8, 1, 4);
    mt_put(record + 12, (uint64_t)r->layer, 4);
    mt_put(record + 16, (uint64_t)r->ranks, 4);
    mt_put(record + 20, r->value_sweeps, 4);
    mt_put(record + 24, r->rank_sweeps, 4);
    mt_put(record + RECORD_SUM, record_sum(lv, record), 8);
    return status != MANCALA_OK || fsync(lv->fd) != 0 ||
           mancala__pwrite_all(lv->fd, record, RECORD_SIZE, at) != MANCALA_OK ||
           fsync(lv->fd) != 0;
}

/* Reads the state of the layer under way (the first one not finished) if
 * the partial file holds one: 1 if it does (the layer's bounds, and its
 * distances, are then in memory), 0 if not, or an error:
 * MANCALA_E_FORMAT if it does not verify. */
static int resume_sweep(struct lean *lv, struct record *r)
{
    uint8_t record[RECORD_SIZE];
    int status = mancala__pread_all(lv->fd, record, RECORD_SIZE, record_at(lv));
    if (status == MANCALA_E_FORMAT ||
        (status == MANCALA_OK && (memcmp(record, record_magic, sizeof record_magic) != 0 ||
                                  mt_get(record + 8, 4) != 1)))
        return 0; /* none, or one being written: the layer starts again */
    if (status != MANCALA_OK)
        return status;
    r->layer = (int)mt_get(record + 12, 4);
    r->ranks = (int)mt_get(record + 16, 4);
    r->value_sweeps = (unsigned)mt_get(record + 20, 4);
    r->rank_sweeps = (unsigned)mt_get(record + 24, 4);
    const int s = lv->s;
    if (r->layer < s)
        return 0; /* of a layer finished since */
    if (r->layer != s || r->ranks > 1 || r->rank_sweeps >= MT_LEAN_NO_DISTANCE)
        return MANCALA_E_FORMAT;
    uint8_t *bounds = layer_bytes(lv);
    status = mancala__pread_all(lv->fd, bounds, lv->n * MT_ENTRY_SIZE_LEAN,
                                MT_HEADER_SIZE + lv->base * MT_ENTRY_SIZE_LEAN);
    if (status == MANCALA_OK && r->ranks)
        status = mancala__pread_all(lv->fd, (void *)lv->dl, lv->n, record_at(lv) + RECORD_SIZE);
    if (status == MANCALA_OK && r->ranks)
        status = mancala__pread_all(lv->fd, (void *)lv->dh, lv->n,
                                    record_at(lv) + RECORD_SIZE + lv->n);
    if (status == MANCALA_OK && record_sum(lv, record) != mt_get(record + RECORD_SUM, 8))
        status = MANCALA_E_FORMAT;
    /* Every bound a bound of the layer, every distance one of the level. */
    for (uint64_t i = 0; i < lv->n && status == MANCALA_OK; i++) {
        const int lo = (int8_t)bounds[2 * i], hi = (int8_t)bounds[2 * i + 1];
        if (!r->ranks) {
            atomic_store_explicit(&lv->dl[i], UNSETTLED, memory_order_relaxed);
            atomic_store_explicit(&lv->dh[i], UNSETTLED, memory_order_relaxed);
        }
        const unsigned l = load_distance(lv->dl, i), h = load_distance(lv->dh, i);
        if (lo < -s || lo > hi || hi > s || (l != UNSETTLED && l > r->rank_sweeps) ||
            (h != UNSETTLED && h > r->rank_sweeps))
            status = MANCALA_E_FORMAT;
    }
    return status == MANCALA_OK ? 1 : status;
}

/* After a sweep: a checkpoint if one is due, or if the solve is to stop
 * (then the layer's state is kept as it is). MANCALA_E_IO if it cannot be
 * written (errno says why): the solve stops, and the partial file keeps
 * what it held, as solve.c does on a full disk. */
static int after_sweep(struct lean *lv, const struct record *r)
{
    if (lv->fd < 0)
        return MANCALA_OK;
    const double now = lean_seconds();
    if (now < lv->next_checkpoint && !atomic_load(&lv->stop))
        return MANCALA_OK;
    if (checkpoint_sweep(lv, r))
        return MANCALA_E_IO;
    /* Writing a large layer takes a while: at most a tenth of the time. */
    const double took = lean_seconds() - now;
    const double every = lv->checkpoint_seconds > 0 && lv->checkpoint_seconds < 10 * took
                             ? 10 * took : lv->checkpoint_seconds;
    lv->next_checkpoint = lean_seconds() + every;
    return MANCALA_OK;
}

/* Solves layer s; `first`: the first layer of this run, which may resume
 * from the partial file. */
static int solve_layer(struct lean *lv, int s, struct mt_lean_stats *st, int first)
{
    lv->s = s;
    lv->base = lv->lay.layer[s];
    lv->n = mt_layout_size(&lv->lay, s);
    lv->chunks = (lv->n + LEAN_CHUNK - 1) / LEAN_CHUNK;
    atomic_store(&lv->visits, 0);
    struct record r = {s, 0, 0, 0};
    const int resumed = first && lv->fd >= 0 ? resume_sweep(lv, &r) : 0;
    if (resumed < 0)
        return resumed;
    for (uint64_t i = 0; i < lv->n && !resumed; i++) {
        uint8_t *e = layer_bytes(lv) + 2 * i;
        e[0] = (uint8_t)(int8_t)-s;
        e[1] = (uint8_t)(int8_t)s;
        atomic_store_explicit(&lv->dl[i], UNSETTLED, memory_order_relaxed);
        atomic_store_explicit(&lv->dh[i], UNSETTLED, memory_order_relaxed);
    }
    /* A sweep of distances resumed partway may find its level's nodes
     * settled already: the next level is swept even so. */
    int again = resumed && r.ranks;
    int changed;
    lv->exits_settled = 0;
    for (lv->pass = VALUES; !r.ranks;) {
        changed = sweep(lv);
        r.value_sweeps += !atomic_load(&lv->stop);
        if (!changed && !atomic_load(&lv->stop)) {
            /* The values are final: the distances start from the exits. */
            lv->pass = EXITS;
            sweep(lv);
            lv->pass = VALUES;
            r.ranks = lv->exits_settled = !atomic_load(&lv->stop);
        }
        const int status = after_sweep(lv, &r);
        if (status != MANCALA_OK)
            return status;
        if (atomic_load(&lv->stop))
            return MANCALA_E_CANCELLED;
    }
    st->value_visits[s] = atomic_load(&lv->visits);
    for (lv->pass = RANKS;; again = 0) {
        /* What the sweep of level k settles is at k: it must fit. */
        if ((lv->level = r.rank_sweeps) >= MT_LEAN_NO_DISTANCE)
            return MANCALA_E_RANGE;
        changed = sweep(lv);
        r.rank_sweeps += !atomic_load(&lv->stop);
        const int status = after_sweep(lv, &r);
        if (status != MANCALA_OK)
            return status;
        if (atomic_load(&lv->stop))
            return MANCALA_E_CANCELLED;
        if (!changed && !again)
            break;
    }
    st->value_sweeps[s] = r.value_sweeps;
    st->rank_sweeps[s] = r.rank_sweeps;
    st->visits[s] = atomic_load(&lv->visits);
    /* The layer in format 3, which the layers above read. */
    mancala__lean_layer_write(lv->entries, lv->base, lv->n, distance_bytes(lv->dl),
                              distance_bytes(lv->dh), &st->table);
    return MANCALA_OK;
}

void mancala__lean_layer_write(uint8_t *entries, uint64_t first, uint64_t n, const uint8_t *dl,
                               const uint8_t *dh, struct mt_stats *st)
{
    for (uint64_t i = 0; i < n; i++) {
        uint8_t *e = entries + (first + i) * MT_ENTRY_SIZE_LEAN;
        const int lo = (int8_t)e[0], hi = (int8_t)e[1];
        mt_lean_entry_write(entries, first + i, lo, hi,
                            dh[i] == UNSETTLED ? MT_NO_DISTANCE : dh[i]);
        if (dh[i] != UNSETTLED && dh[i] > st->max_distance)
            st->max_distance = dh[i];
        st->forced += dl[i] != UNSETTLED;
        st->exact += lo == hi;
    }
    st->positions += n;
}

int mancala__solve_lean(const struct mt_solve_params *params)
{
    struct lean *lv = calloc(1, sizeof *lv);
    struct mt_lean_stats *st = calloc(1, sizeof *st);
    if (!lv || !st) {
        free(lv);
        free(st);
        return MANCALA_E_NOMEM;
    }
    const int max_stones = params->max_stones;
    const mancala_progress_fn progress = params->progress;
    void *const opaque = params->opaque;
    int status = mancala__solve_setup(params, MT_VERSION_LEAN, &lv->lay, &lv->board,
                                      &lv->threads);
    lv->pulse_seconds = params->pulse_seconds == 0 ? PULSE_SECONDS
                        : params->pulse_seconds < 0 ? 0 : params->pulse_seconds;
    lv->checkpoint_seconds = params->checkpoint_seconds == 0 ? CHECKPOINT_SECONDS
                             : params->checkpoint_seconds < 0 ? 0 : params->checkpoint_seconds;
    lv->progress = progress;
    lv->opaque = opaque;

    struct mt_output *out = NULL;
    if (status == MANCALA_OK)
        status = mancala__output_open(&out, params->path);
    uint64_t largest = 0;
    for (int s = 0; status == MANCALA_OK && s <= max_stones; s++)
        if (mt_layout_size(&lv->lay, s) > largest)
            largest = mt_layout_size(&lv->lay, s);
    if (status == MANCALA_OK) {
        lv->entries = table_alloc((size_t)lv->lay.count * MT_ENTRY_SIZE_LEAN + 8);
        lv->dl = table_alloc((size_t)largest + 1);
        lv->dh = table_alloc((size_t)largest + 1);
        if (!lv->entries || !lv->dl || !lv->dh)
            status = MANCALA_E_NOMEM;
    }
    /* The finished layers, kept in TARGET.partial as by solve.c, and the
     * state of the layer under way after them. */
    lv->fd = -1;
    int from = 0;
    uint8_t header[MT_HEADER_SIZE];
    if (status == MANCALA_OK && params->resumable) {
        const char *target = mancala__output_target(out);
        lv->partial = malloc(strlen(target) + 9);
        if (!lv->partial)
            status = MANCALA_E_NOMEM;
        else {
            sprintf(lv->partial, "%s.partial", target);
            mancala__solve_header(&lv->lay, &lv->board, header);
            status = mancala__partial_open(lv->partial, header, &lv->lay, lv->entries, &lv->fd,
                                           &from);
            uint8_t partial_header[MT_HEADER_SIZE];
            memcpy(partial_header, header, sizeof header);
            partial_header[MT_OFF_PARTIAL] = MT_PARTIAL_VERSION;
            lv->seed = mt_checksum_seed(partial_header);
        }
    }
    for (int s = from, first = 1; s <= max_stones && status == MANCALA_OK; s++) {
        if (!mt_layout_covers(&lv->lay, s))
            continue;
        lv->next_pulse = lean_seconds() + lv->pulse_seconds;
        lv->next_checkpoint = lean_seconds() + lv->checkpoint_seconds;
        if (progress && progress(opaque, s, max_stones + 1, lv->lay.layer[s], lv->lay.count))
            status = MANCALA_E_CANCELLED;
        else if ((status = solve_layer(lv, s, st, first)) == MANCALA_OK && lv->fd >= 0)
            /* A layer that cannot be kept stops the solve (MANCALA_E_IO). */
            status = mancala__partial_commit(lv->fd, header, &lv->lay, s,
                                             lv->entries + lv->lay.layer[s] * MT_ENTRY_SIZE_LEAN);
        first = 0;
    }
    if (status == MANCALA_OK && progress)
        progress(opaque, max_stones + 1, max_stones + 1, lv->lay.count, lv->lay.count);
    if (status == MANCALA_OK) {
        status = mancala__output_table(out, &lv->lay, &lv->board, lv->entries);
        out = NULL;
    }
    const int error = errno; /* the cause of MANCALA_E_IO, for the caller */
    if (lv->fd >= 0) {
        /* Removed while still locked: no other solve takes it meanwhile. */
        if (status == MANCALA_OK)
            unlink(lv->partial);
        close(lv->fd);
    }
    mancala__output_discard(out);
    st->table.largest_layer = largest;
    st->table.scratch_peak = largest * 2;
    if (status == MANCALA_OK && params->stats)
        *params->stats = st->table;
    if (status == MANCALA_OK && params->lean_stats)
        *params->lean_stats = *st;
    free(lv->partial);
    free(lv->entries);
    free((void *)lv->dl);
    free((void *)lv->dh);
    free(lv);
    free(st);
    errno = error;
    return status;
}

MANCALA_EXPORT int mancala_solve_lean(const char *path, const char *rules, unsigned closed,
                                      int max_stones, int step, mancala_progress_fn progress,
                                      void *opaque)
{
    return mancala__solve_lean(&(struct mt_solve_params){
        .path = path, .rules = rules, .closed = closed, .max_stones = max_stones, .step = step,
        .resumable = 1, .progress = progress, .opaque = opaque});
}

/*
 * mancala-solve-mpi --lean: the lean solver of lib/solve/solve_lean.c
 * (whose header comment gives the algorithm) on MPI, writing the same
 * table of format 3, byte for byte, for any number of processes. The
 * design (doc/solve-mpi.md) in brief:
 *
 * - Rank r owns the same contiguous slice of every layer as the table
 *   solver's ranks (slice_lo()), and keeps only its slices: of the
 *   finished layers in format 3, of the layer under way the bounds (lo,
 *   hi) at the same place and a distance byte each for L and H.
 * - A sweep is bulk-synchronous: every rank walks its slice in index
 *   order, a round of positions at a time; a round generates the moves of
 *   the positions it visits, asks the owners of the children it does not
 *   own for their bytes (one exchange out, one back), then updates the
 *   positions in order, reading its own children's bounds as they are at
 *   that moment (Gauss-Seidel inside the slice) and the others' as
 *   answered. Every bound read lies between the start and the fixed point,
 *   so the values are those of one process; only the sweep count depends
 *   on the number of processes. A sweep that changed nothing on any rank
 *   (an allreduce) ends the values.
 * - The exits (captures into finished layers) are asked once per position,
 *   at its first visit, and kept in its distance bytes, as solve_lean.c
 *   keeps them. The distance sweeps read only distances below their level
 *   (Jacobi), so they are the same in any order.
 * - Format 3 keeps no hi of an entry that is not exact: the readers
 *   compute it from the entry's moves (mancala__entry()), whose children
 *   may be on other ranks. So after each layer (and for the layers read
 *   back when a job resumes) each rank computes those his of its slice
 *   the same way, with one round of questions, and keeps them beside the
 *   table (sorted, 9 bytes each) to answer the exits of the layers above.
 * - The state of the layer under way is kept in the partial file now and
 *   then and when the job is stopped, in a record checked by blocks of
 *   positions, so that a job on any number of processes resumes it
 *   (keep_layer() below).
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700 /* fsync() */

#include <mpi.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "solve/solve_lean.h" /* the sweeps' steps, mancala__pwrite_all() */
#include "solve_mpi.h"

enum { UNSETTLED = MT_LEAN_UNSETTLED };

/* What a round does with the positions it visits: a value sweep, the
 * pass that settles the L nodes of the exits, a distance sweep, or the
 * his of a finished layer's entries that are not exact. */
enum pass { VALUES, EXITS, RANKS, WIDE };

/* The bytes a question is answered with. */
static const size_t answer_size[] = {[VALUES] = 2, [EXITS] = 2, [RANKS] = 3, [WIDE] = 1};

struct lean {
    struct dist *d;
    int s;
    uint64_t lo, m;   /* this rank's slice of layer s: positions lo ... lo + m */
    uint8_t *bounds;  /* its entries: lo, hi while the layer is solved */
    uint8_t *dl, *dh; /* its distances, or the best and worst exit */
    enum pass pass;
    unsigned level;
    int changed;
    /* A round: the positions visited and their moves; where each rank's
     * answers are read next. */
    struct mt_expansion *x;
    uint64_t *visited;
    size_t *next;
    uint8_t own[3]; /* the answer for a child this rank owns */
};

/* The owner of table entry ci and, if it is this rank, its place in
 * d->table. */
static int entry_owner(const struct dist *d, uint64_t ci, uint64_t *at)
{
    const int s = layer_of(d, ci);
    const uint64_t p = ci - d->lay.layer[s];
    const int r = owner_of(mt_layout_size(&d->lay, s), d->size, p);
    if (r == d->rank)
        *at = d->local_at[s] + p - slice_lo(d, s, r);
    return r;
}

/* The hi of entry `at` of d->table, finished and not exact (every such
 * entry has one; lo if not found, which cannot happen). */
static int wide_hi(const struct dist *d, uint64_t at)
{
    const uint64_t *place = (const uint64_t *)d->wide_at.data;
    const size_t count = d->wide_at.len / sizeof *place;
    size_t a = 0, b = count;
    while (a < b) {
        const size_t c = a + (b - a) / 2;
        if (place[c] < at)
            a = c + 1;
        else
            b = c;
    }
    return (int8_t)(a < count && place[a] == at ? d->wide_hi.data[a]
                                                : d->table[at * MT_ENTRY_SIZE_LEAN]);
}

/* The answer about entry `at` of this rank: in a value sweep or the exits'
 * pass its lo and hi (the bounds of the layer under way, the values of a
 * finished one), in a distance sweep its hi and distances L and H, for
 * the his its lo. */
static void answer(const struct lean *L, uint64_t at, uint8_t *out)
{
    const struct dist *d = L->d;
    const uint8_t *e = d->table + at * MT_ENTRY_SIZE_LEAN;
    const uint64_t i = at - d->local_at[L->s];
    out[0] = e[0];
    if (L->pass == WIDE)
        return;
    if (L->pass == RANKS) {
        out[0] = e[1];
        out[1] = L->dl[i];
        out[2] = L->dh[i];
    } else if (at >= d->local_at[L->s]) {
        out[1] = e[1];
    } else {
        out[1] = e[1] & MT_LEAN_WIDE ? (uint8_t)(int8_t)wide_hi(d, at) : e[0];
    }
}

/* The bytes of child ci: this rank's read now, another's as answered. */
static const uint8_t *child(struct lean *L, uint64_t ci)
{
    struct dist *d = L->d;
    uint64_t at;
    const int r = entry_owner(d, ci, &at);
    if (r == d->rank) {
        answer(L, at, L->own);
        return L->own;
    }
    const uint8_t *got = (const uint8_t *)d->in.data + L->next[r];
    L->next[r] += answer_size[L->pass];
    return got;
}

/* Whether position i of the slice is visited, and whether its exits are
 * asked. */
static int visits(const struct lean *L, uint64_t i, int *exits)
{
    const uint8_t *e = L->bounds + 2 * i;
    switch (L->pass) {
    case VALUES:
        *exits = L->dl[i] == UNSETTLED;
        return e[0] != e[1];
    case EXITS:
        /* (Those whose exits are known are settled without their moves.) */
        return *exits = L->dl[i] == UNSETTLED;
    case RANKS:
        *exits = 0;
        return L->dl[i] == UNSETTLED || L->dh[i] == UNSETTLED;
    case WIDE:
        return *exits = (e[1] & MT_LEAN_WIDE) != 0;
    }
    return 0;
}

static void ask(struct lean *L, uint64_t ci, uint64_t *remote)
{
    struct dist *d = L->d;
    uint64_t at;
    const int r = entry_owner(d, ci, &at);
    if (r != d->rank) {
        *(uint64_t *)vec_add(&d->out[r], 8) = ci;
        ++*remote;
    }
}

/* The EXITS pass at position i, whose best exit is `best` (or without
 * moves its value): its L node at 0 if that is its lo, its H node
 * unsettled (solve_lean.c's settle_exits()). */
static void settle_exits(struct lean *L, uint64_t i, int best)
{
    L->dl[i] = best == (int8_t)L->bounds[2 * i] ? 0 : UNSETTLED;
    L->dh[i] = UNSETTLED;
}

/* Position i, visited, its moves x, the answers in: what the pass does. */
static void update(struct lean *L, uint64_t i, struct mt_expansion *x, int exits)
{
    struct dist *d = L->d;
    uint8_t *e = L->bounds + 2 * i;
    const int lo = (int8_t)e[0], hi = (int8_t)e[1];
    /* The children's answers first, in the order they were asked. */
    uint8_t got[MANCALA_MAX_PITS][3];
    for (int k = 0; k < x->inside && L->pass != EXITS; k++)
        memcpy(got[k], child(L, x->child[k]), answer_size[L->pass]);
    const int moves = x->inside + x->exits;
    if (L->pass == WIDE) {
        int wide = lo;
        for (int k = 0; k < x->inside; k++)
            wide = -(int8_t)got[k][0] > wide ? -(int8_t)got[k][0] : wide;
        for (int k = 0; k < x->exits; k++) {
            const int gain = x->exit_gain[k] - (int8_t)child(L, x->exit_child[k])[0];
            wide = gain > wide ? gain : wide;
        }
        *(uint64_t *)vec_add(&d->wide_at, 8) = d->local_at[L->s] + i;
        *(uint8_t *)vec_add(&d->wide_hi, 1) = (uint8_t)(int8_t)wide;
        return;
    }
    if (exits) {
        for (int k = 0; k < x->exits; k++) {
            const uint8_t *c = child(L, x->exit_child[k]);
            mt_expansion_exit(x, x->exit_gain[k], (int8_t)c[0], (int8_t)c[1]);
        }
    } else if (L->pass == VALUES) {
        x->best = mt_code_exit(L->dl[i]);
        x->worst = mt_code_exit(L->dh[i]);
    }
    if (L->pass == EXITS) {
        settle_exits(L, i, moves == 0 ? lo : x->best);
        return;
    }
    if (L->pass == VALUES) {
        if (exits) {
            L->dl[i] = mt_exit_code(x->best);
            L->dh[i] = mt_exit_code(x->worst);
        }
        int new_lo = x->best, new_hi = -x->worst;
        for (int k = 0; k < x->inside; k++)
            mt_lean_bounds_child((int8_t)got[k][0], (int8_t)got[k][1], &new_lo, &new_hi);
        if (new_lo != lo || new_hi != hi) {
            e[0] = (uint8_t)(int8_t)new_lo;
            e[1] = (uint8_t)(int8_t)new_hi;
            L->changed = 1;
        }
        return;
    }
    /* A distance sweep at level k (solve_lean.c's sweep_ranks(); the exits'
     * L nodes were settled by the EXITS pass). */
    const unsigned k = L->level;
    unsigned dl = L->dl[i], dh = L->dh[i];
    if (dl == UNSETTLED) {
        if (moves == 0) {
            dl = 0;
        } else {
            for (int c = 0; c < x->inside; c++)
                dl = mt_lean_l_child(dl, k, lo, got[c][2], (int8_t)got[c][0]);
        }
        if (dl != UNSETTLED) {
            L->dl[i] = (uint8_t)dl;
            L->changed = 1;
        }
    }
    if (dh == UNSETTLED) {
        unsigned far = 0;
        for (int c = 0; c < x->inside && far != UNSETTLED; c++)
            far = mt_lean_h_child(far, k, got[c][1]);
        if (far != UNSETTLED) {
            L->dh[i] = (uint8_t)far;
            L->changed = 1;
        }
    }
}

/* One pass over this rank's slice, in rounds of d->chunk positions, every
 * rank the same number of rounds: returns whether any rank changed
 * anything, or -1 on every rank if one was interrupted. */
static int sweep(struct lean *L, enum pass pass)
{
    struct dist *d = L->d;
    L->pass = pass;
    L->changed = 0;
    uint64_t rounds = (L->m + d->chunk - 1) / d->chunk, most;
    MPI_Allreduce(&rounds, &most, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    const int m = d->lay.open_count;
    uint8_t r[MT_MOST_PITS];
    int side = 0;
    if (L->m)
        mt_layout_position(&d->lay, L->s, L->lo, &side, r);
    int *asks_exits = xmalloc(d->chunk * sizeof *asks_exits);
    uint64_t i = 0;
    for (uint64_t round = 0; round < most; round++) {
        /* (The his of a finished layer are a short pass: the layer is
         * then kept, and the stop heard by the next one.) */
        if (pass != WIDE && stop_asked()) {
            free(asks_exits);
            return -1;
        }
        /* The moves of the positions visited, the questions out. */
        const uint64_t end = L->m - i > d->chunk ? i + d->chunk : L->m;
        size_t count = 0;
        uint64_t exit_questions = 0, others = 0;
        for (; i < end; i++) {
            int exits;
            if (visits(L, i, &exits)) {
                struct mt_expansion *x = &L->x[count];
                mancala__solve_expand(&d->lay, &d->board, NULL, L->s, side, r, x);
                for (int k = 0; k < x->inside && pass != EXITS; k++)
                    ask(L, x->child[k], &others);
                for (int k = 0; k < x->exits && exits; k++)
                    ask(L, x->exit_child[k], &exit_questions);
                L->visited[count] = i;
                asks_exits[count++] = exits;
            } else if (pass == EXITS) {
                settle_exits(L, i, mt_code_exit(L->dl[i]));
            }
            if (!mt_next_position(r, m)) {
                side++;
                memset(r, 0, sizeof r);
                r[m - 1] = (uint8_t)L->s;
            }
        }
        d->visits += count;
        /* The answers, in the order the questions came. */
        d->phase = pass == RANKS ? PHASE_DISTANCES : pass == WIDE ? PHASE_WIDE : PHASE_BOUNDS;
        exchange(d, 8);
        const uint64_t *asked = (const uint64_t *)d->in.data;
        size_t at = 0;
        for (int q = 0; q < d->size; q++) {
            uint8_t *out = vec_add(&d->out[q], answer_size[pass] * (size_t)d->recv_counts[q]);
            for (int k = 0; k < d->recv_counts[q]; k++, at++) {
                uint64_t place;
                entry_owner(d, asked[at], &place);
                answer(L, place, out + answer_size[pass] * (size_t)k);
            }
        }
        exchange(d, answer_size[pass]);
        /* The exits' share of the bytes, both ways. */
        const uint64_t exit_bytes = exit_questions * (8 + answer_size[pass]);
        d->phase_bytes[d->phase] -= exit_bytes;
        d->phase_bytes[PHASE_EXITS] += exit_bytes;
        for (int q = 0; q < d->size; q++)
            L->next[q] = (size_t)d->recv_displs[q];
        for (size_t k = 0; k < count; k++)
            update(L, L->visited[k], &L->x[k], asks_exits[k]);
    }
    free(asks_exits);
    int any = 0;
    MPI_Allreduce(&L->changed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    d->sweeps++;
    d->position_sweeps += mt_layout_size(&d->lay, L->s);
    return any;
}

static void lean_begin(struct lean *L, struct dist *d, int s)
{
    memset(L, 0, sizeof *L);
    L->d = d;
    L->s = s;
    L->lo = slice_lo(d, s, d->rank);
    L->m = slice_lo(d, s, d->rank + 1) - L->lo;
    L->bounds = d->table + d->local_at[s] * MT_ENTRY_SIZE_LEAN;
    L->x = xmalloc(d->chunk * sizeof *L->x);
    L->visited = xmalloc(d->chunk * sizeof *L->visited);
    L->next = xmalloc((size_t)d->size * sizeof *L->next);
}

static void lean_end(struct lean *L)
{
    free(L->x);
    free(L->visited);
    free(L->next);
    free(L->dl);
    free(L->dh);
}

int lean_wide_his(struct dist *d, int s)
{
    struct lean L;
    lean_begin(&L, d, s);
    sweep(&L, WIDE);
    lean_end(&L);
    return MANCALA_OK;
}

/*
 * The state of the layer under way (its bounds, and while the distances
 * are settled its L and H distances), kept in the partial file after the
 * per-layer checksums, as solve_lean.c keeps it, with a record of its own
 * kind: the single-process record has one checksum over the whole layer,
 * which one rank would have to read back. Here every rank checks the
 * blocks of BLOCK positions that start in its slice (a block's checksum
 * does not depend on the number of processes), and the record's
 * checksum covers the blocks' checksums:
 *
 *   R = mt_partial_sum_at(lay, max_stones + 1):
 *   R + 0   the record: 0 "\x89LEANMP3", 8 1 (0 while written), 12 the
 *           layer, 16 the phase (0 values, 1 distances), 20 value sweeps
 *           done, 24 distance sweeps done, 28 the positions a block (B),
 *           32 XXH3 of bytes 0-31 and the blocks' checksums, seeded as
 *           the partial file's
 *   R + 64  the layer's L distances, then its H distances (n bytes each)
 *   R + 64 + 2n  a u64 XXH3 per block: of its bounds, and in the phase of
 *           distances its L and H distances, seeded the same way
 *
 * and the bounds at the place of the layer's entries. The record is
 * marked unwritten before the rest is written: a job killed meanwhile
 * leaves a record that is ignored (the layer starts again); one marked
 * written that does not verify is refused (MANCALA_E_FORMAT).
 */
enum { RECORD_SIZE = 64, RECORD_SUM = 32, MOST_BLOCK = 1 << 24 };
static const uint8_t record_magic[8] = {0x89, 'L', 'E', 'A', 'N', 'M', 'P', '3'};

struct record {
    int layer, ranks;
    unsigned value_sweeps, rank_sweeps;
    uint64_t block;
};

static uint64_t record_at(const struct dist *d)
{
    return mt_partial_sum_at(&d->lay, d->lay.max_stones + 1);
}

/* Positions a block of a record this job writes: 16 rounds' (a few in
 * the test hook's rounds); one it reads says its own. */
static uint64_t block_size(const struct dist *d)
{
    return 16 * (uint64_t)d->chunk;
}

/* The seed of the partial file's checksums (solve.h). */
static uint64_t partial_seed(const struct dist *d)
{
    uint8_t header[MT_HEADER_SIZE];
    mancala__solve_header(&d->lay, &d->board, header);
    header[MT_OFF_PARTIAL] = MT_PARTIAL_VERSION;
    return mt_checksum_seed(header);
}

/* Reads `count` bytes at `at` of the partial file (independent). */
static int read_at(struct checkpoint *cp, uint64_t at, void *data, uint64_t count)
{
    MPI_Status st;
    int got = -1;
    return count <= INT32_MAX &&
           MPI_File_read_at(cp->file, (MPI_Offset)at, data, (int)count, MPI_BYTE, &st) ==
               MPI_SUCCESS &&
           MPI_Get_count(&st, MPI_BYTE, &got) == MPI_SUCCESS && got == (int)count;
}

/* The checksum of block b of the layer as the file holds it; 0 if it
 * cannot be read. */
static uint64_t block_sum(struct lean *L, struct checkpoint *cp, const struct record *r,
                          uint64_t b)
{
    struct dist *d = L->d;
    const int ranks = r->ranks;
    const uint64_t n = mt_layout_size(&d->lay, L->s), size = r->block;
    const uint64_t first = b * size, count = n - first < size ? n - first : size;
    uint8_t *bytes = xmalloc(4 * count);
    const uint64_t at = record_at(d) + RECORD_SIZE;
    int ok = read_at(cp, MT_HEADER_SIZE + (d->lay.layer[L->s] + first) * MT_ENTRY_SIZE_LEAN,
                     bytes, 2 * count);
    if (ok && ranks)
        ok = read_at(cp, at + first, bytes + 2 * count, count) &&
             read_at(cp, at + n + first, bytes + 3 * count, count);
    const uint64_t sum = ok ? XXH3_64bits_withSeed(bytes, (ranks ? 4 : 2) * count,
                                                   partial_seed(d)) : 0;
    free(bytes);
    return sum;
}

/* The blocks that start in this rank's slice: [*from, *to). */
static void my_blocks(const struct lean *L, uint64_t size, uint64_t *from, uint64_t *to)
{
    *from = (L->lo + size - 1) / size;
    *to = (L->lo + L->m + size - 1) / size;
}

/* Rank 0: the checksum of a record and the blocks' checksums in the
 * file; 0 if they cannot be read. */
static uint64_t record_sum(struct lean *L, struct checkpoint *cp, const uint8_t *record)
{
    struct dist *d = L->d;
    const uint64_t n = mt_layout_size(&d->lay, L->s), size = mt_get(record + 28, 4);
    if (size == 0)
        return 0;
    const uint64_t blocks = (n + size - 1) / size;
    uint8_t *sums = xmalloc(8 * blocks);
    uint64_t sum = 0;
    if (mancala__pread_all(cp->fd, sums, 8 * blocks, record_at(d) + RECORD_SIZE + 2 * n) ==
        MANCALA_OK) {
        XXH3_state_t *state = XXH3_createState();
        if (state && XXH3_64bits_reset_withSeed(state, partial_seed(d)) == XXH_OK &&
            XXH3_64bits_update(state, record, RECORD_SUM) == XXH_OK &&
            XXH3_64bits_update(state, sums, 8 * blocks) == XXH_OK)
            sum = XXH3_64bits_digest(state);
        XXH3_freeState(state);
    }
    free(sums);
    return sum;
}

/* All ranks: writes the state of the layer under way. A status, the same
 * on every rank: MANCALA_OK or MANCALA_E_IO (d->why says why). */
static int keep_layer(struct lean *L, struct checkpoint *cp, const struct record *r)
{
    struct dist *d = L->d;
    const uint64_t n = mt_layout_size(&d->lay, L->s), at = record_at(d);
    uint8_t record[RECORD_SIZE] = {0};
    memcpy(record, record_magic, sizeof record_magic);
    int failure = MPI_SUCCESS, ok = 1;
    errno = 0;
    if (d->rank == 0)
        ok = mancala__pwrite_all(cp->fd, record, 12, at) == MANCALA_OK && fsync(cp->fd) == 0;
    int status = all_written(d, ok, failure, cp->path) ? MANCALA_OK : MANCALA_E_IO;
    /* Every rank its slice, then the checksums of its blocks read back. */
    MPI_Status st;
    ok = status == MANCALA_OK &&
         io_ok(MPI_File_write_at(cp->file,
                                 (MPI_Offset)(MT_HEADER_SIZE + (d->lay.layer[L->s] + L->lo) *
                                                                   MT_ENTRY_SIZE_LEAN),
                                 L->bounds, (int)L->m, d->entry_type, &st),
               &failure);
    for (int k = 0; k < 2 && ok && r->ranks; k++)
        ok = io_ok(MPI_File_write_at(cp->file, (MPI_Offset)(at + RECORD_SIZE + k * n + L->lo),
                                     k ? L->dh : L->dl, (int)L->m, MPI_BYTE, &st),
                   &failure);
    for (int k = 0; k < 2 && status == MANCALA_OK; k++) {
        /* (MPI's sync-barrier-sync: every rank's writes seen by all.) */
        ok &= io_ok(MPI_File_sync(cp->file), &failure);
        MPI_Barrier(MPI_COMM_WORLD);
        ok &= io_ok(MPI_File_sync(cp->file), &failure);
        status = all_written(d, ok, failure, cp->path) ? MANCALA_OK : MANCALA_E_IO;
        uint64_t b, end;
        my_blocks(L, r->block, &b, &end);
        for (; k == 0 && status == MANCALA_OK && ok && b < end; b++) {
            uint8_t sum[8];
            const uint64_t block = block_sum(L, cp, r, b);
            mt_put(sum, block, 8);
            ok = block != 0 && io_ok(MPI_File_write_at(cp->file, (MPI_Offset)(at + RECORD_SIZE + 2 * n + 8 * b),
                                         sum, 8, MPI_BYTE, &st),
                       &failure);
        }
    }
    /* Rank 0 counts it. */
    if (status == MANCALA_OK && d->rank == 0) {
        mt_put(record + 8, 1, 4);
        mt_put(record + 12, (uint64_t)r->layer, 4);
        mt_put(record + 16, (uint64_t)r->ranks, 4);
        mt_put(record + 20, r->value_sweeps, 4);
        mt_put(record + 24, r->rank_sweeps, 4);
        mt_put(record + 28, r->block, 4);
        mt_put(record + RECORD_SUM, record_sum(L, cp, record), 8);
        if (mancala__pwrite_all(cp->fd, record, RECORD_SIZE, at) != MANCALA_OK ||
            fsync(cp->fd) != 0) {
            status = MANCALA_E_IO;
            snprintf(d->why, sizeof d->why, "%s", strerror(errno));
        }
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return status;
}

/* All ranks: reads the state of the layer under way if the partial file
 * holds one: 1 if it does (its bounds, and its distances, are then in
 * this rank's slice), 0 if not, or MANCALA_E_FORMAT if it does not
 * verify; the same on every rank. */
static int resume_layer(struct lean *L, struct checkpoint *cp, struct record *r)
{
    struct dist *d = L->d;
    const int s = L->s;
    uint8_t record[RECORD_SIZE];
    int verdict = 0;
    if (d->rank == 0) {
        const int read = mancala__pread_all(cp->fd, record, RECORD_SIZE, record_at(d));
        if (read == MANCALA_OK && memcmp(record, record_magic, sizeof record_magic) == 0 &&
            mt_get(record + 8, 4) == 1 && (int)mt_get(record + 12, 4) >= s)
            /* Marked written, and not of a layer finished since. */
            verdict = (int)mt_get(record + 12, 4) == s && mt_get(record + 16, 4) <= 1 &&
                              mt_get(record + 24, 4) < MT_LEAN_NO_DISTANCE &&
                              mt_get(record + 28, 4) - 1 < MOST_BLOCK &&
                              record_sum(L, cp, record) == mt_get(record + RECORD_SUM, 8)
                          ? 1 : MANCALA_E_FORMAT;
    }
    MPI_Bcast(&verdict, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(record, RECORD_SIZE, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (verdict != 1)
        return verdict;
    r->layer = s;
    r->ranks = (int)mt_get(record + 16, 4);
    r->value_sweeps = (unsigned)mt_get(record + 20, 4);
    r->rank_sweeps = (unsigned)mt_get(record + 24, 4);
    r->block = mt_get(record + 28, 4);
    const uint64_t n = mt_layout_size(&d->lay, s), at = record_at(d);
    int ok = read_at(cp, MT_HEADER_SIZE + (d->lay.layer[s] + L->lo) * MT_ENTRY_SIZE_LEAN,
                     L->bounds, 2 * L->m);
    if (ok && r->ranks)
        ok = read_at(cp, at + RECORD_SIZE + L->lo, L->dl, L->m) &&
             read_at(cp, at + RECORD_SIZE + n + L->lo, L->dh, L->m);
    /* The blocks that start here, and every bound a bound of the layer,
     * every distance one of the levels swept. */
    uint64_t b, end;
    my_blocks(L, r->block, &b, &end);
    for (; ok && b < end; b++) {
        uint8_t sum[8];
        ok = read_at(cp, at + RECORD_SIZE + 2 * n + 8 * b, sum, 8) &&
             block_sum(L, cp, r, b) == mt_get(sum, 8);
    }
    for (uint64_t i = 0; ok && i < L->m; i++) {
        const int lo = (int8_t)L->bounds[2 * i], hi = (int8_t)L->bounds[2 * i + 1];
        ok = lo >= -s && lo <= hi && hi <= s &&
             (!r->ranks || ((L->dl[i] == UNSETTLED || L->dl[i] <= r->rank_sweeps) &&
                            (L->dh[i] == UNSETTLED || L->dh[i] <= r->rank_sweeps)));
    }
    int all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all ? 1 : MANCALA_E_FORMAT;
}

/* After a sweep: the state kept if it is due (rank 0's clock says). */
static int after_sweep(struct lean *L, struct checkpoint *cp, const struct record *r,
                       double *next)
{
    int due = L->d->rank == 0 && MPI_Wtime() >= *next;
    MPI_Bcast(&due, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!due)
        return MANCALA_OK;
    const double start = MPI_Wtime();
    const int status = keep_layer(L, cp, r);
    /* Keeping a large layer takes a while: at most a tenth of the time. */
    const double took = MPI_Wtime() - start, every = L->d->checkpoint_seconds;
    *next = MPI_Wtime() + (every > 0 && every < 10 * took ? 10 * took : every);
    return status;
}

int lean_solve_layer(struct dist *d, int s, struct checkpoint *cp, int first, int quiet)
{
    struct lean L;
    lean_begin(&L, d, s);
    L.dl = xmalloc(L.m);
    L.dh = xmalloc(L.m);
    struct record r = {s, 0, 0, 0, block_size(d)};
    int status = MANCALA_OK;
    const int resumed = first ? resume_layer(&L, cp, &r) : 0;
    if (resumed < 0) {
        lean_end(&L);
        return resumed;
    }
    if (resumed && d->rank == 0 && !quiet)
        fprintf(stderr, "resuming the layer of %d stones after %u value sweeps and %u distance "
                "sweeps\n", s, r.value_sweeps, r.rank_sweeps);
    /* Without distances kept, the exits are asked again at the first
     * visit (solve_lean.c does the same). */
    if (!r.ranks) {
        memset(L.dl, UNSETTLED, L.m);
        memset(L.dh, UNSETTLED, L.m);
    }
    for (uint64_t i = 0; i < L.m && !resumed; i++) {
        L.bounds[2 * i] = (uint8_t)(int8_t)-s;
        L.bounds[2 * i + 1] = (uint8_t)(int8_t)s;
    }
    double next = MPI_Wtime() + d->checkpoint_seconds;
    int changed = 0, again = resumed && r.ranks;
    while (!r.ranks && status == MANCALA_OK) {
        if ((changed = sweep(&L, VALUES)) < 0)
            break;
        r.value_sweeps++;
        /* The values are final: the distances start from the exits. */
        if (!changed && (changed = sweep(&L, EXITS)) < 0)
            break;
        r.ranks = !changed;
        status = after_sweep(&L, cp, &r, &next);
        if (r.value_sweeps == 1)
            maybe_die(d, s, 0);
    }
    /* A sweep of distances resumed partway may find its level's nodes
     * settled already: the next level is swept even so. */
    for (; changed >= 0 && status == MANCALA_OK; again = 0) {
        if ((L.level = r.rank_sweeps) >= MT_LEAN_NO_DISTANCE) {
            d->range_error = 1; /* the distances no longer fit a byte */
            break;
        }
        if ((changed = sweep(&L, RANKS)) < 0)
            break;
        r.rank_sweeps++;
        status = after_sweep(&L, cp, &r, &next);
        if (r.rank_sweeps == 1)
            maybe_die(d, s, 1);
        if (!changed && !again)
            break;
    }
    if (changed < 0 && status == MANCALA_OK) {
        /* Stopped: the state of the layer kept as it is, which takes a
         * while on a large layer; said first. */
        if (d->rank == 0)
            fail("solve-mpi", "stopping: writing the layer under way to %s ...", cp->path);
        fflush(stderr);
        status = keep_layer(&L, cp, &r);
        if (status == MANCALA_OK)
            status = MANCALA_E_CANCELLED;
    } else if (status == MANCALA_OK && !d->range_error) {
        /* The slice in format 3, then the his of its entries that are not
         * exact, which the layers above ask for their exits. */
        mancala__lean_layer_write(d->table, d->local_at[s], L.m, L.dl, L.dh, &d->stats);
        sweep(&L, WIDE);
    }
    lean_end(&L);
    return status;
}

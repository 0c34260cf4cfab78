/*
 * mancala-solve-mpi: the table solver of lib/solve/solve.c on MPI. Run as
 *
 *     mpirun -np N mancala-solve-mpi RULES [-o FILE] [--max-stones K]
 *                                          [--open KS,KN] [--step 4] [--lean] [-q]
 *
 * with the arguments of 'mancala solve'; it writes the same table, byte
 * for byte, for any N. With --lean it runs the lean solver instead
 * (solve_mpi_lean.c), on the same partition, exchanges, checkpoints and
 * output. The design of the table solver (doc/solve-mpi.md) in brief:
 *
 * - Each layer's positions are split into N contiguous index ranges, one
 *   per process (rank). A rank generates the moves of its positions and
 *   sends each move that stays in the layer, (child, parent), to the
 *   child's owner, which keeps the predecessor lists of its positions
 *   (ascending, a parent once per move, as the single-process solver's).
 * - The attractor runs threshold by threshold as in solve_layer(), its
 *   FIFO queue in generations (bulk-synchronous steps): generation g + 1
 *   is what processing generation g pushes. Every node of a generation
 *   has its global rank in the single-process queue's order, and a node
 *   pushed by processing node x at predecessor p has the order key
 *   (rank(x), p). A rank processes its nodes of a generation in rank
 *   order and sends one message per predecessor to the predecessor's
 *   owner; the owner merges the messages of all ranks by rank(x) and
 *   applies them in exactly the order the single-process queue would: an
 *   L node takes the first settled H child (the smallest key), an H node
 *   is pushed by the message that empties its counter (the largest key).
 *   The keys of the new generation become ranks again by a distributed
 *   merge (blocks of rank(x) per process).
 * - Each rank keeps its slices of the finished layers; the exits (captures
 *   into lower layers) of a layer's moves are asked of their owners. Each
 *   rank appends its slice of a finished layer to a checkpoint file in the
 *   table's own layout (resumable with any N), and writes its slices of
 *   the table with MPI-IO to a temporary file that replaces the target
 *   once complete.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700

#include <mpi.h>

#include <errno.h>
#include <sys/statvfs.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "platform/port.h" /* catch_stop_signals() */
#include "solve_mpi.h"

#define UNSETTLED INT8_MIN

/* Positions whose moves a rank generates between two exchanges, and nodes
 * of a generation (all ranks together) processed between two: they bound
 * the message buffers. */
enum { EXPAND_CHUNK = 1 << 16, WINDOW = 1 << 18 };

void *vec_add(struct vec *v, size_t bytes)
{
    if (v->len + bytes > v->cap) {
        size_t cap = v->cap ? v->cap : 4096;
        while (cap < v->len + bytes)
            cap *= 2;
        char *grown = realloc(v->data, cap);
        if (!grown) {
            fprintf(stderr, "mancala-solve-mpi: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, EXIT_FAILED);
        }
        v->data = grown;
        v->cap = cap;
    }
    void *at = v->data + v->len;
    v->len += bytes;
    return at;
}

void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "mancala-solve-mpi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAILED);
    }
    return p;
}

/* A message of the attractor (12 bytes): node x was settled; `p` is a
 * predecessor of x in the layer, owned by the receiver. `at` is x's
 * global rank in its generation less the start of the window (below
 * WINDOW), with MSG_TO_H set if x is an L node (`d` its distance, for
 * H(p)); otherwise x is an H node, `d` its distance, for L(p). */
struct msg {
    uint32_t at;
    uint32_t p;
    uint16_t d;
    uint16_t pad;
};
#define MSG_TO_H 0x80000000u
_Static_assert(WINDOW < MSG_TO_H, "a window's ranks fit beside MSG_TO_H");

/* A node of a generation owned by this rank: its local position, whether
 * it is the H node, and its rank (or, before ranking, its key's rank(x)
 * and global position p). */
struct gnode {
    uint64_t rank;
    uint32_t p;      /* global index in the layer */
    uint32_t node;   /* local index << 1 | is_h */
};

struct key {
    uint32_t rel;   /* rank(x) less the start of its block */
    uint32_t p;
};

uint64_t slice_lo(const struct dist *d, int s, int r)
{
    return mt_layout_size(&d->lay, s) * (uint64_t)r / (uint64_t)d->size;
}

int owner_of(uint64_t n, int size, uint64_t p)
{
    return (int)(((p + 1) * (uint64_t)size + n - 1) / n - 1);
}

static int owner(const struct dist *d, uint32_t p)
{
    return owner_of(d->n, d->size, p);
}

int layer_of(const struct dist *d, uint64_t ci)
{
    int s = d->lay.max_stones;
    while (d->lay.layer[s] > ci)
        s--;
    return s;
}

/* Entry p of the layer under way (owned by this rank). */
static uint8_t *entry(const struct dist *d, uint32_t p)
{
    return d->table + (d->local_at[d->s] + p - d->lo) * MT_ENTRY_SIZE; /* format 2 */
}

void exchange(struct dist *d, size_t elem)
{
    for (int r = 0; r < d->size; r++) {
        const size_t bytes = d->out[r].len;
        if (bytes > INT32_MAX) {
            fprintf(stderr, "mancala-solve-mpi: a message of %zu bytes is too large\n", bytes);
            MPI_Abort(MPI_COMM_WORLD, EXIT_FAILED);
        }
        d->send_counts[r] = (int)bytes;
        if (r != d->rank) {
            d->bytes_sent += bytes;
            d->phase_bytes[d->phase] += bytes;
        }
    }
    MPI_Alltoall(d->send_counts, 1, MPI_INT, d->recv_counts, 1, MPI_INT, MPI_COMM_WORLD);
    size_t sent = 0, received = 0;
    for (int r = 0; r < d->size; r++) {
        d->send_displs[r] = (int)sent;
        d->recv_displs[r] = (int)received;
        sent += (size_t)d->send_counts[r];
        received += (size_t)d->recv_counts[r];
    }
    if (sent > INT32_MAX || received > INT32_MAX) {
        fprintf(stderr, "mancala-solve-mpi: an exchange of %zu bytes is too large\n",
                sent > received ? sent : received);
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAILED);
    }
    char *send = xmalloc(sent);
    for (int r = 0; r < d->size; r++) {
        if (d->out[r].len)
            memcpy(send + d->send_displs[r], d->out[r].data, d->out[r].len);
        d->out[r].len = 0;
    }
    d->in.len = 0;
    vec_add(&d->in, received);
    MPI_Alltoallv(send, d->send_counts, d->send_displs, MPI_BYTE, d->in.data, d->recv_counts,
                  d->recv_displs, MPI_BYTE, MPI_COMM_WORLD);
    free(send);
    for (int r = 0; r < d->size; r++)
        d->recv_counts[r] /= (int)elem;
    d->exchanges++;
}

/* The open pit counts of position `index` of one side of layer s. */
static void unrank(const struct mt_layout *l, int s, uint64_t index, uint8_t *r)
{
    const int m = l->open_count;
    int left = s;
    for (int i = 0; i < m - 1; i++) {
        int a = 0;
        for (;;) {
            const uint64_t ways = mt_ways(&l->binom, left - a, m - i - 1);
            if (index < ways)
                break;
            index -= ways;
            a++;
        }
        r[i] = (uint8_t)a;
        left -= a;
    }
    r[m - 1] = (uint8_t)left;
}

/* Walks this rank's positions in index order. */
struct walk {
    int side;
    uint8_t r[MT_MOST_PITS];
};

static void walk_start(const struct dist *d, struct walk *w)
{
    const uint64_t per_side = mt_ways(&d->lay.binom, d->s, d->lay.open_count);
    w->side = d->lo >= per_side ? 1 : 0;
    unrank(&d->lay, d->s, d->lo - (uint64_t)w->side * per_side, w->r);
}

static void walk_next(const struct dist *d, struct walk *w)
{
    const int m = d->lay.open_count;
    if (!mt_next_position(w->r, m)) {
        w->side++;
        memset(w->r, 0, sizeof w->r);
        w->r[m - 1] = (uint8_t)d->s;
    }
}

/* An exit of one of this rank's positions (local index i), into table
 * entry ci, owned by rank dest. */
struct exit_note {
    uint32_t i;
    int32_t gain;
    uint32_t ci;
    int32_t dest;
};

/* Asks the owners of the exits' children for their bounds, answers the
 * others' questions, and counts the exits into the positions' best and
 * worst. */
static void resolve_exits(struct dist *d, const struct exit_note *notes, size_t count)
{
    const enum phase was = d->phase;
    d->phase = PHASE_EXITS;
    for (size_t k = 0; k < count; k++)
        *(uint32_t *)vec_add(&d->out[notes[k].dest], 4) = notes[k].ci;
    exchange(d, 4);
    /* The questions, answered in the order they came: lo and hi. */
    const uint32_t *asked = (const uint32_t *)d->in.data;
    size_t at = 0;
    for (int r = 0; r < d->size; r++) {
        uint8_t *answer = vec_add(&d->out[r], 2 * (size_t)d->recv_counts[r]);
        for (int k = 0; k < d->recv_counts[r]; k++, at++) {
            const int s = layer_of(d, asked[at]);
            const uint64_t local = d->local_at[s] + (asked[at] - d->lay.layer[s]) -
                                   slice_lo(d, s, d->rank);
            const uint8_t *e = d->table + local * MT_ENTRY_SIZE;
            answer[2 * k] = e[0];
            answer[2 * k + 1] = e[1];
        }
    }
    exchange(d, 2);
    size_t *next = xmalloc((size_t)d->size * sizeof *next);
    for (int r = 0; r < d->size; r++)
        next[r] = (size_t)d->recv_displs[r];
    for (size_t k = 0; k < count; k++) {
        const uint8_t *e = (const uint8_t *)d->in.data + next[notes[k].dest];
        next[notes[k].dest] += 2;
        const uint32_t i = notes[k].i;
        struct mt_expansion x;
        x.best = d->or_exit[i];
        x.worst = d->and_exit[i];
        mt_expansion_exit(&x, notes[k].gain, (int8_t)e[0], (int8_t)e[1]);
        d->or_exit[i] = (int8_t)x.best;
        d->and_exit[i] = (int8_t)x.worst;
    }
    free(next);
    d->phase = was;
}

/* SIGINT, SIGTERM or SIGHUP on any rank: the job stops at the next
 * round of a layer's expansion or generation of its attractor (within
 * about a second), every rank together, the finished layers kept in the
 * partial file. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int signo)
{
    (void)signo;
    interrupted = 1;
}

int stop_asked(void)
{
    int mine = interrupted, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return any;
}

/* Pass 1 (list 0): exits and counters of this rank's positions, and the
 * number of predecessors of each owned position. Pass 2: the predecessor
 * lists. Positions go EXPAND_CHUNK at a time between exchanges. */
static int expand_layer(struct dist *d, int list)
{
    uint64_t rounds = ((uint64_t)d->m + d->chunk - 1) / d->chunk, most;
    MPI_Allreduce(&rounds, &most, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    struct walk w;
    if (d->m)
        walk_start(d, &w);
    uint32_t i = 0;
    struct vec notes = {0};
    for (uint64_t round = 0; round < most; round++) {
        /* Every rank runs `most` rounds: all hear a stop at the same one
         * (mpirun kills the processes a second after it forwards a
         * signal, and a large layer's expansion takes longer). */
        if (stop_asked()) {
            free(notes.data);
            return MANCALA_E_CANCELLED;
        }
        const uint32_t end = d->m - i > d->chunk ? i + d->chunk : d->m;
        notes.len = 0;
        for (; i < end; i++, walk_next(d, &w)) {
            struct mt_expansion x;
            mancala__solve_expand(&d->lay, &d->board, NULL, d->s, w.side, w.r, &x);
            const uint32_t p = d->lo + i;
            for (int k = 0; k < x.inside; k++) {
                const uint32_t c = (uint32_t)(x.child[k] - d->base);
                uint32_t *at = vec_add(&d->out[owner(d, c)], list ? 8 : 4);
                at[0] = c;
                if (list)
                    at[1] = p;
            }
            if (list)
                continue;
            /* The exits' values come from their owners, below. */
            for (int k = 0; k < x.exits; k++) {
                struct exit_note *note = vec_add(&notes, sizeof *note);
                note->i = i;
                note->gain = x.exit_gain[k];
                note->ci = (uint32_t)x.exit_child[k];
                const int s = layer_of(d, note->ci);
                note->dest = owner_of(mt_layout_size(&d->lay, s), d->size,
                                      note->ci - d->lay.layer[s]);
            }
            d->pending[i] = (uint8_t)x.inside;
            d->or_exit[i] = (int8_t)x.best;
            d->and_exit[i] = (int8_t)x.worst;
            d->farthest[i] = 0;
            uint8_t *e = entry(d, p);
            e[0] = e[1] = (uint8_t)UNSETTLED;
        }
        exchange(d, list ? 8 : 4);
        const uint32_t *got = (const uint32_t *)d->in.data;
        size_t total = 0;
        for (int r = 0; r < d->size; r++)
            total += (size_t)d->recv_counts[r];
        for (size_t k = 0; k < total; k++) {
            if (list) {
                const uint32_t c = got[2 * k] - d->lo;
                d->pred[d->pred_start[c]++] = got[2 * k + 1];
            } else {
                d->pred_start[got[k] - d->lo + 1]++;
            }
        }
        if (!list)
            resolve_exits(d, (const struct exit_note *)notes.data,
                          notes.len / sizeof(struct exit_note));
    }
    free(notes.data);
    return MANCALA_OK;
}

/* Builds the predecessor lists of this rank's positions: MANCALA_OK, or
 * MANCALA_E_CANCELLED on every rank if one was interrupted. */
static int build_predecessors(struct dist *d)
{
    memset(d->pred_start, 0, ((size_t)d->m + 1) * sizeof *d->pred_start);
    if (expand_layer(d, 0) != MANCALA_OK)
        return MANCALA_E_CANCELLED;
    for (uint32_t i = 0; i < d->m; i++)
        d->pred_start[i + 1] += d->pred_start[i];
    d->pred = xmalloc((size_t)d->pred_start[d->m] * sizeof *d->pred);
    d->edges += d->pred_start[d->m];
    d->last_edges = d->pred_start[d->m];
    d->last_positions = d->m;
    if (expand_layer(d, 1) != MANCALA_OK)
        return MANCALA_E_CANCELLED;
    for (uint32_t i = d->m; i > 0; i--)
        d->pred_start[i] = d->pred_start[i - 1];
    d->pred_start[0] = 0;
    /* Ascending, as the single-process solver lists them (it walks the
     * parents in index order; the rounds here interleave the ranks). */
    for (uint32_t i = 0; i < d->m; i++) {
        uint32_t *list = d->pred + d->pred_start[i];
        const uint32_t count = d->pred_start[i + 1] - d->pred_start[i];
        for (uint32_t a = 1; a < count; a++) {
            const uint32_t x = list[a];
            uint32_t b = a;
            for (; b > 0 && list[b - 1] > x; b--)
                list[b] = list[b - 1];
            list[b] = x;
        }
    }
    return MANCALA_OK;
}

static void settle_h(struct dist *d, uint32_t local, int v)
{
    uint8_t *e = entry(d, d->lo + local);
    const uint32_t distance = d->farthest[local];
    e[1] = (uint8_t)(int8_t)-v;
    mt_put(e + 2, distance, 2);
    if (distance > d->stats.max_distance)
        d->stats.max_distance = distance;
    if (distance >= MT_NO_DISTANCE)
        d->range_error = 1;
}

/* Gives the nodes of the next generation (keys (rank(x), p), ascending)
 * their global ranks; returns the generation's size. `previous` is the
 * size of the generation their keys' ranks count: rank(x) < previous. The
 * keys go to the rank of their block of rank(x) (N equal blocks), which
 * merges them and numbers them; the blocks' counts give their offsets.
 * Keys travel as rank(x) less the block's start and p (8 bytes), numbers
 * back as 4 bytes. */
static uint64_t block_start(const struct dist *d, int b, uint64_t previous)
{
    /* rank(x) < previous <= 2^33 and size < 2^16: no overflow. */
    return ((uint64_t)b * previous + (uint64_t)d->size - 1) / (uint64_t)d->size;
}

static uint64_t rank_generation(struct dist *d, struct gnode *next, size_t count,
                                uint64_t previous)
{
    if (previous / (uint64_t)d->size >= UINT32_MAX) {
        fprintf(stderr, "mancala-solve-mpi: a generation of %llu nodes is too large for %d "
                        "processes\n", (unsigned long long)previous, d->size);
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAILED);
    }
    for (size_t i = 0; i < count; i++) {
        const int b = (int)(next[i].rank * (uint64_t)d->size / previous);
        struct key *k = vec_add(&d->out[b], sizeof *k);
        k->rel = (uint32_t)(next[i].rank - block_start(d, b, previous));
        k->p = next[i].p;
    }
    exchange(d, sizeof(struct key));
    /* Merge the sorted lists of all ranks; number each key in the block. */
    const struct key *keys = (const struct key *)d->in.data;
    size_t total = 0;
    int *head = xmalloc((size_t)d->size * sizeof *head);
    int *from = xmalloc((size_t)d->size * sizeof *from);
    for (int r = 0; r < d->size; r++) {
        from[r] = (int)total;
        head[r] = 0;
        total += (size_t)d->recv_counts[r];
    }
    if (total >= UINT32_MAX) {
        fprintf(stderr, "mancala-solve-mpi: a block of %zu nodes is too large\n", total);
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAILED);
    }
    uint32_t *number = xmalloc((total ? total : 1) * sizeof *number);
    for (uint32_t k = 0; k < total; k++) {
        int best = -1;
        for (int r = 0; r < d->size; r++) {
            if (head[r] == d->recv_counts[r])
                continue;
            const struct key *a = &keys[from[r] + head[r]];
            if (best < 0)
                best = r;
            else {
                const struct key *b = &keys[from[best] + head[best]];
                if (a->rel < b->rel || (a->rel == b->rel && a->p < b->p))
                    best = r;
            }
        }
        number[from[best] + head[best]++] = k;
    }
    uint64_t mine = total, sum = 0;
    uint64_t *offset = xmalloc((size_t)d->size * sizeof *offset);
    MPI_Allgather(&mine, 1, MPI_UINT64_T, offset, 1, MPI_UINT64_T, MPI_COMM_WORLD);
    for (int r = 0; r < d->size; r++) {
        const uint64_t blocks = offset[r];
        offset[r] = sum;
        sum += blocks;
    }
    /* The numbers back to the keys' owners, in the order the keys came. */
    for (int r = 0; r < d->size; r++) {
        uint32_t *at = vec_add(&d->out[r], (size_t)d->recv_counts[r] * sizeof *at);
        memcpy(at, number + from[r], (size_t)d->recv_counts[r] * sizeof *at);
    }
    exchange(d, sizeof(uint32_t));
    const uint32_t *numbers = (const uint32_t *)d->in.data;
    for (size_t i = 0; i < count; i++) {
        const int b = (int)(next[i].rank * (uint64_t)d->size / previous);
        next[i].rank = offset[b] + numbers[i];
    }
    free(offset);
    free(number);
    free(from);
    free(head);
    return sum;
}

/* The test hook MANCALA_SOLVE_MPI_KILL kills the rank once its
 * predecessor lists are built (the lean solver: after its first value
 * sweep, or with RANK,STONES,d its first distance sweep). */
void maybe_die(const struct dist *d, int s, int distances)
{
    const char *spec = getenv("MANCALA_SOLVE_MPI_KILL");
    int rank, stones;
    char phase = 0;
    if (spec && sscanf(spec, "%d,%d,%c", &rank, &stones, &phase) >= 2 && rank == d->rank &&
        stones == s && (phase == 'd') == distances)
        raise(SIGKILL);
}

/* Solves the layer: MANCALA_OK, or MANCALA_E_CANCELLED on every rank if
 * one was interrupted. */
static int solve_layer(struct dist *d)
{
    int status = MANCALA_OK;
    d->phase = PHASE_EDGES;
    if (build_predecessors(d) != MANCALA_OK)
        return MANCALA_E_CANCELLED;
    maybe_die(d, d->s, 0);

    struct vec cur = {0}, next = {0};
    int *head = xmalloc((size_t)d->size * sizeof *head);
    int *from = xmalloc((size_t)d->size * sizeof *from);
    uint64_t *counts = xmalloc((size_t)d->size * sizeof *counts);
    const int s = d->s;
    for (int b = 0; b < 2 * s + 1 && status == MANCALA_OK; b++) {
        const int v = s - b;
        /* Generation 0: the nodes whose exit is worth v, L before H, in
         * index order; the ranks' slices follow each other. */
        cur.len = 0;
        for (uint32_t k = 0; k < 2 * d->m; k++) {
            const uint32_t x = k >> 1;
            uint8_t *e = entry(d, d->lo + x);
            if (!(k & 1)) {
                if (d->or_exit[x] != v || (int8_t)e[0] != UNSETTLED)
                    continue;
                e[0] = (uint8_t)(int8_t)v;
                d->l_distance[x] = 0;
            } else {
                if (d->and_exit[x] != v || (int8_t)e[1] != UNSETTLED || d->pending[x])
                    continue;
                settle_h(d, x, v);
            }
            struct gnode *g = vec_add(&cur, sizeof *g);
            g->p = d->lo + x;
            g->node = k;
        }
        uint64_t mine = cur.len / sizeof(struct gnode), offset = 0, total = 0;
        MPI_Allgather(&mine, 1, MPI_UINT64_T, counts, 1, MPI_UINT64_T, MPI_COMM_WORLD);
        for (int r = 0; r < d->size; r++) {
            if (r < d->rank)
                offset += counts[r];
            total += counts[r];
        }
        for (uint64_t i = 0; i < mine; i++)
            ((struct gnode *)cur.data)[i].rank = offset + i;

        while (total > 0) {
            if (stop_asked()) {
                status = MANCALA_E_CANCELLED;
                break;
            }
            const struct gnode *g = (const struct gnode *)cur.data;
            const size_t count = cur.len / sizeof *g;
            size_t at = 0;
            next.len = 0;
            d->phase = PHASE_ATTRACTOR;
            for (uint64_t window = 0; window < total; window += d->window) {
                /* This rank's nodes of the window, in rank order: one
                 * message per predecessor to its owner. */
                for (; at < count && g[at].rank < window + d->window; at++) {
                    const uint32_t x = g[at].node >> 1;
                    const int is_h = g[at].node & 1;
                    const uint16_t dist = is_h
                        ? (uint16_t)mt_entry_read(entry(d, d->lo + x), 0).distance
                        : d->l_distance[x];
                    for (uint32_t k = d->pred_start[x]; k < d->pred_start[x + 1]; k++) {
                        const uint32_t p = d->pred[k];
                        struct msg *o = vec_add(&d->out[owner(d, p)], sizeof *o);
                        o->at = (uint32_t)(g[at].rank - window) | (is_h ? 0 : MSG_TO_H);
                        o->p = p;
                        o->d = dist;
                        o->pad = 0;
                    }
                }
                exchange(d, sizeof(struct msg));
                /* All ranks' messages in the order of the single queue. */
                const struct msg *in = (const struct msg *)d->in.data;
                size_t received = 0;
                for (int r = 0; r < d->size; r++) {
                    from[r] = (int)received;
                    head[r] = 0;
                    received += (size_t)d->recv_counts[r];
                }
                for (size_t done = 0; done < received;) {
                    int best = -1;
                    for (int r = 0; r < d->size; r++)
                        if (head[r] < d->recv_counts[r] &&
                            (best < 0 ||
                             (in[from[r] + head[r]].at & ~MSG_TO_H) <
                                 (in[from[best] + head[best]].at & ~MSG_TO_H)))
                            best = r;
                    const uint32_t x_at = in[from[best] + head[best]].at;
                    const uint64_t rank = window + (x_at & ~MSG_TO_H);
                    const uint32_t to_h = x_at >> 31;
                    for (; head[best] < d->recv_counts[best] && in[from[best] + head[best]].at == x_at;
                         head[best]++, done++) {
                        const struct msg *o = &in[from[best] + head[best]];
                        const uint32_t p = o->p - d->lo;
                        uint8_t *e = entry(d, o->p);
                        if (to_h) {
                            if ((int8_t)e[1] != UNSETTLED)
                                continue;
                            const unsigned far = o->d + 1u;
                            if (far > d->farthest[p])
                                d->farthest[p] = (uint16_t)(far < 0xffffu ? far : 0xffffu);
                            if (--d->pending[p] != 0 || d->and_exit[p] < v)
                                continue;
                            settle_h(d, p, v);
                        } else {
                            if ((int8_t)e[0] != UNSETTLED)
                                continue;
                            e[0] = (uint8_t)(int8_t)v;
                            d->l_distance[p] = (uint16_t)(o->d + 1);
                        }
                        struct gnode *n = vec_add(&next, sizeof *n);
                        n->rank = rank;
                        n->p = o->p;
                        n->node = p << 1 | to_h;
                    }
                }
            }
            d->phase = PHASE_RANKS;
            const uint64_t previous = total;
            d->generations++;
            total = rank_generation(d, (struct gnode *)next.data, next.len / sizeof(struct gnode),
                                    previous);
            struct vec swap = cur;
            cur = next;
            next = swap;
        }
    }
    free(cur.data);
    free(next.data);
    free(counts);
    free(from);
    free(head);
    if (status != MANCALA_OK || (status = stop_asked() ? MANCALA_E_CANCELLED : MANCALA_OK))
        return status;

    for (uint32_t i = 0; i < d->m; i++) {
        uint8_t *e = entry(d, d->lo + i);
        if ((int8_t)e[0] == UNSETTLED)
            e[0] = (uint8_t)(int8_t)-s;
        else
            d->stats.forced++;
        if ((int8_t)e[1] == UNSETTLED) {
            e[1] = (uint8_t)(int8_t)s;
            mt_put(e + 2, MT_NO_DISTANCE, 2);
        }
        d->stats.exact += e[0] == e[1];
    }
    d->stats.positions += d->m;
    return MANCALA_OK;
}

/* ---- Checkpoints ----
 *
 * TARGET.mpi-partial is a partial file of solve.h's format, the one of
 * the solver on one process: the finished layers at their place in the
 * table, a checksum of each, and a header that counts them. After each
 * layer every rank writes its slice (MPI-IO), all of them sync, and only
 * then rank 0 reads the layer back for its checksum and counts it in the
 * header: a job killed at any moment leaves a header that is true. Since
 * the file is laid out by table entry, not by rank, a job with any number
 * of ranks resumes it. Rank 0 holds the file open and locked for the
 * whole job, and checks it before any rank reads it. */

/* All ranks: opens the partial file and reads the finished layers; *from
 * is the first layer to solve. A status, the same on every rank. */
static int checkpoint_open(struct dist *d, struct checkpoint *cp, const char *target, int *from)
{
    int shared[2] = {MANCALA_OK, 0};
    cp->on = 0;
    cp->path = NULL;
    cp->fd = -1;
    if (d->rank == 0) {
        cp->path = xmalloc(strlen(target) + 16);
        sprintf(cp->path, "%s.mpi-partial", target);
        uint8_t header[MT_HEADER_SIZE];
        mancala__solve_header(&d->lay, &d->board, header);
        shared[0] = mancala__partial_open(cp->path, header, &d->lay, NULL, &cp->fd, &shared[1]);
        if (shared[0] == MANCALA_E_IO)
            snprintf(d->why, sizeof d->why, "%s", strerror(errno));
    }
    MPI_Bcast(shared, 2, MPI_INT, 0, MPI_COMM_WORLD);
    *from = shared[1];
    if (shared[0] != MANCALA_OK)
        return shared[0];
    int length = d->rank == 0 ? (int)strlen(cp->path) + 1 : 0;
    MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (d->rank != 0)
        cp->path = xmalloc((size_t)length);
    MPI_Bcast(cp->path, length, MPI_CHAR, 0, MPI_COMM_WORLD);
    int ok = MPI_File_open(MPI_COMM_WORLD, cp->path, MPI_MODE_RDWR, MPI_INFO_NULL, &cp->file) ==
             MPI_SUCCESS;
    cp->on = ok;
    /* Each rank reads its slices of the finished layers (by this job's
     * partition, whatever the number of ranks that wrote them). */
    for (int s = 0; s < *from && ok; s++) {
        if (!mt_layout_covers(&d->lay, s))
            continue;
        const uint64_t lo = slice_lo(d, s, d->rank), hi = slice_lo(d, s, d->rank + 1);
        MPI_Status status;
        int got = -1;
        ok = MPI_File_read_at_all(cp->file,
                                  (MPI_Offset)(MT_HEADER_SIZE + (d->lay.layer[s] + lo) *
                                                                    (uint64_t)d->lay.entry_size),
                                  d->table + d->local_at[s] * d->lay.entry_size, (int)(hi - lo),
                                  d->entry_type, &status) == MPI_SUCCESS &&
             MPI_Get_count(&status, d->entry_type, &got) == MPI_SUCCESS && got == (int)(hi - lo);
    }
    int all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all_ok ? MANCALA_OK : MANCALA_E_IO;
}

/* Whether an MPI-IO call succeeded; if not, keeps the first failure's
 * error class in *failure (MPI_ERR_NO_SPACE, MPI_ERR_QUOTA, ...). */
int io_ok(int result, int *failure)
{
    if (result != MPI_SUCCESS && *failure == MPI_SUCCESS)
        MPI_Error_class(result, failure);
    return result == MPI_SUCCESS;
}

/* All ranks: whether every rank's writes succeeded (`ok`); if not, rank 0
 * keeps in d->why what went wrong on the first rank that failed: its
 * MPI error class and errno. Open MPI's writes can also come back short
 * with neither (a full disk): then the free space of the file system of
 * `path` (rank 0's name of the file) says whether it is full. */
int all_written(struct dist *d, int ok, int failure, const char *path)
{
    int first, mine = ok ? d->size : d->rank;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == d->size)
        return 1;
    int cause[2] = {failure, errno};
    MPI_Bcast(cause, 2, MPI_INT, first, MPI_COMM_WORLD);
    if (d->rank == 0) {
        char text[MPI_MAX_ERROR_STRING] = "";
        int length = 0;
        struct statvfs fs;
        if (cause[0] != MPI_SUCCESS)
            MPI_Error_string(cause[0], text, &length);
        else if (!cause[1] && statvfs(path, &fs) == 0 && fs.f_bavail == 0)
            cause[1] = ENOSPC;
        snprintf(d->why, sizeof d->why, "%s%s%s", cause[1] ? strerror(cause[1]) : "",
                 cause[1] && length ? "; MPI: " : "", cause[1] || length ? text
                 : "written only in part");
    }
    return 0;
}

/* All ranks: writes layer s and counts it. A status, the same on every
 * rank; after a failure the file still holds the layers below s. */
static int checkpoint_layer(struct dist *d, struct checkpoint *cp, int s)
{
    MPI_Status st;
    int written = -1, failure = MPI_SUCCESS;
    const uint64_t lo = slice_lo(d, s, d->rank), m = slice_lo(d, s, d->rank + 1) - lo;
    const uint64_t at = d->lay.layer[s] + lo;
    errno = 0;
    /* Independent writes: Open MPI's collective ones hang the other ranks
     * when one fails (a full disk, 3 processes or more). */
    int ok = io_ok(MPI_File_write_at(cp->file,
                                     (MPI_Offset)(MT_HEADER_SIZE + at * (uint64_t)d->lay.entry_size),
                                     d->table + d->local_at[s] * d->lay.entry_size, (int)m,
                                     d->entry_type, &st),
                   &failure) &&
             MPI_Get_count(&st, d->entry_type, &written) == MPI_SUCCESS && written == (int)m;
    /* Every rank's data visible to rank 0 (MPI's sync-barrier-sync). */
    ok &= io_ok(MPI_File_sync(cp->file), &failure);
    MPI_Barrier(MPI_COMM_WORLD);
    ok &= io_ok(MPI_File_sync(cp->file), &failure);
    int status = all_written(d, ok, failure, cp->path) ? MANCALA_OK : MANCALA_E_IO;
    if (d->rank == 0 && status == MANCALA_OK) {
        uint8_t header[MT_HEADER_SIZE];
        mancala__solve_header(&d->lay, &d->board, header);
        status = mancala__partial_commit(cp->fd, header, &d->lay, s, NULL);
        if (status != MANCALA_OK)
            snprintf(d->why, sizeof d->why, "%s", strerror(errno));
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return status;
}

static void checkpoint_close(struct dist *d, struct checkpoint *cp, int remove_it)
{
    if (cp->on)
        MPI_File_close(&cp->file);
    if (cp->fd >= 0) {
        /* Removed while still locked: no other job takes it meanwhile. */
        if (remove_it)
            unlink(cp->path);
        close(cp->fd);
    }
    (void)d;
    free(cp->path);
}

/* ---- The table ---- */

/* Writes the table into a temporary file that rank 0 makes now (at the
 * start it only checked that the target can be written): every rank its
 * slices of the layers, the last one the padding; then rank 0 reads the data back for the checksum (XXH3, sequential),
 * writes the header and puts the file in place. */
static int write_table(struct dist *d, struct mt_output *out)
{
    int length = d->rank == 0 && mancala__output_create(out) == MANCALA_OK
                     ? (int)strlen(mancala__output_temp(out)) + 1 : 0;
    MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (length == 0) {
        if (d->rank == 0) {
            snprintf(d->why, sizeof d->why, "%s", strerror(errno));
            mancala__output_discard(out);
        }
        return MANCALA_E_IO;
    }
    char *temp = xmalloc((size_t)length);
    if (d->rank == 0)
        memcpy(temp, mancala__output_temp(out), (size_t)length);
    MPI_Bcast(temp, length, MPI_CHAR, 0, MPI_COMM_WORLD);

    const size_t size = (size_t)d->lay.count * (size_t)d->lay.entry_size;
    const size_t padded = (size + 7) / 8 * 8;
    MPI_File file;
    int failure = MPI_SUCCESS;
    errno = 0;
    int ok = io_ok(MPI_File_open(MPI_COMM_WORLD, temp, MPI_MODE_RDWR, MPI_INFO_NULL, &file),
                   &failure);
    int all_ok;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (all_ok) {
        MPI_Status status;
        for (int s = 0; s <= d->lay.max_stones; s++) {
            if (!mt_layout_covers(&d->lay, s))
                continue;
            const uint64_t lo = slice_lo(d, s, d->rank), hi = slice_lo(d, s, d->rank + 1);
            int written = -1;
            /* Independent writes, as for the checkpoints. */
            ok &= io_ok(MPI_File_write_at(file,
                                          (MPI_Offset)(MT_HEADER_SIZE + (d->lay.layer[s] + lo) *
                                                       (uint64_t)d->lay.entry_size),
                                          d->table + d->local_at[s] * d->lay.entry_size,
                                          (int)(hi - lo), d->entry_type, &status),
                        &failure) &&
                  MPI_Get_count(&status, d->entry_type, &written) == MPI_SUCCESS &&
                  written == (int)(hi - lo);
        }
        static const uint8_t zeros[8];
        if (d->rank == d->size - 1 && padded > size)
            ok &= io_ok(MPI_File_write_at(file, (MPI_Offset)(MT_HEADER_SIZE + size), zeros,
                                          (int)(padded - size), MPI_BYTE, &status),
                        &failure);
        /* Every rank's data visible to rank 0 (MPI's sync-barrier-sync). */
        ok &= io_ok(MPI_File_sync(file), &failure);
        MPI_Barrier(MPI_COMM_WORLD);
        ok &= io_ok(MPI_File_sync(file), &failure);
        if (d->rank == 0 && ok) {
            uint8_t header[MT_HEADER_SIZE];
            mancala__solve_header(&d->lay, &d->board, header);
            XXH3_state_t *hash = XXH3_createState();
            enum { PIECE = 1 << 24 };
            uint8_t *piece = xmalloc(PIECE);
            ok = hash && XXH3_64bits_reset_withSeed(hash, mt_checksum_seed(header)) == XXH_OK;
            for (size_t at = 0; ok && at < padded; at += PIECE) {
                const int want = (int)(padded - at < PIECE ? padded - at : PIECE);
                int got = -1;
                ok = MPI_File_read_at(file, (MPI_Offset)(MT_HEADER_SIZE + at), piece, want,
                                      MPI_BYTE, &status) == MPI_SUCCESS &&
                     MPI_Get_count(&status, MPI_BYTE, &got) == MPI_SUCCESS && got == want &&
                     XXH3_64bits_update(hash, piece, (size_t)want) == XXH_OK;
            }
            if (ok) {
                mt_put(header + MT_OFF_CHECKSUM, XXH3_64bits_digest(hash), 8);
                ok = io_ok(MPI_File_write_at(file, 0, header, MT_HEADER_SIZE, MPI_BYTE, &status),
                           &failure);
            }
            free(piece);
            XXH3_freeState(hash);
        }
        ok &= io_ok(MPI_File_sync(file), &failure);
        ok &= io_ok(MPI_File_close(&file), &failure);
    }
    int status = all_written(d, ok, failure, temp) ? MANCALA_OK : MANCALA_E_IO;
    free(temp);
    if (d->rank == 0) {
        if (status == MANCALA_OK && (status = mancala__output_install(out)) != MANCALA_OK)
            snprintf(d->why, sizeof d->why, "%s", strerror(errno));
        else if (status != MANCALA_OK)
            mancala__output_discard(out);
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return status;
}

/* ---- The solve ---- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The layer s: this rank's slice and its scratch. */
static void layer_begin(struct dist *d, int s)
{
    d->s = s;
    d->base = (uint32_t)d->lay.layer[s];
    d->n = (uint32_t)mt_layout_size(&d->lay, s);
    for (int r = 0; r <= d->size; r++)
        d->bounds[r] = (uint32_t)((uint64_t)d->n * (uint64_t)r / (uint64_t)d->size);
    d->lo = d->bounds[d->rank];
    d->hi = d->bounds[d->rank + 1];
    d->m = d->hi - d->lo;
    const size_t m = d->m;
    d->pending = xmalloc(m);
    d->or_exit = xmalloc(m);
    d->and_exit = xmalloc(m);
    d->farthest = xmalloc(m * sizeof *d->farthest);
    d->l_distance = xmalloc(m * sizeof *d->l_distance);
    d->pred_start = xmalloc((m + 1) * sizeof *d->pred_start);
    d->pred = NULL;
}

static void layer_end(struct dist *d)
{
    free(d->pending);
    free(d->or_exit);
    free(d->and_exit);
    free(d->farthest);
    free(d->l_distance);
    free(d->pred_start);
    free(d->pred);
}

/* Rank 0: says what is wrong with the partial file `partial` of the
 * table `path` (status from checkpoint_open(), or from checkpoint_layer()
 * for layer s >= 0, d->why saying why it could not be read or written);
 * main() then says the job failed. */
static void partial_problem(struct dist *d, const char *path, const char *partial, int status,
                            int s)
{
    d->reported = 1;
    if (s >= 0)
        checkpoint_failed("solve-mpi", s, partial, d->why[0] ? d->why : mancala_strerror(status));
    else if (status == MANCALA_E_IO && d->why[0])
        fail("solve-mpi", "%s: %s (left as it is: a solve reads and writes it; delete it to "
             "solve from the start)", partial, d->why);
    else if (!partial || !partial_refused("solve-mpi", partial, status, EIO))
        fail("solve-mpi", "%s: %s", partial ? partial : path, mancala_strerror(status));
}

/* Solves and writes the table; returns a MANCALA_ status (the same on
 * every rank). */
static int solve(struct dist *d, const struct solve_args *q, double *seconds)
{
    const struct mc_variant *variant = mancala__variant_find(q->rules, strlen(q->rules));
    if (!variant || !mt_layout_init_format(&d->lay, variant->n, (uint16_t)q->closed,
                                           q->max_stones, q->step,
                                           q->lean ? MT_VERSION_LEAN : MT_VERSION))
        return MANCALA_E_INVALID;
    mancala__board_init(&d->board, variant, (uint16_t)q->closed);
    MPI_Type_contiguous(d->lay.entry_size, MPI_BYTE, &d->entry_type);
    MPI_Type_commit(&d->entry_type);
    d->bounds = xmalloc(((size_t)d->size + 1) * sizeof *d->bounds);
    d->out = calloc((size_t)d->size, sizeof *d->out);
    d->send_counts = xmalloc((size_t)d->size * sizeof(int));
    d->recv_counts = xmalloc((size_t)d->size * sizeof(int));
    d->send_displs = xmalloc((size_t)d->size * sizeof(int));
    d->recv_displs = xmalloc((size_t)d->size * sizeof(int));
    uint64_t mine = 0;
    for (int s = 0; s <= q->max_stones; s++) {
        d->local_at[s] = mine;
        if (mt_layout_covers(&d->lay, s))
            mine += slice_lo(d, s, d->rank + 1) - slice_lo(d, s, d->rank);
    }
    d->table = calloc((size_t)mine * (size_t)d->lay.entry_size + 8, 1);
    if (!d->out || !d->table) {
        fprintf(stderr, "mancala-solve-mpi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAILED);
    }

    /* The destination first: one that cannot be written fails at once. */
    struct mt_output *out = NULL;
    int status = MANCALA_OK;
    if (d->rank == 0 && (status = mancala__output_open(&out, q->path)) == MANCALA_E_IO)
        snprintf(d->why, sizeof d->why, "%s", strerror(errno));
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (status != MANCALA_OK)
        return status;
    struct checkpoint cp;
    int from = 0;
    status = checkpoint_open(d, &cp, d->rank == 0 ? mancala__output_target(out) : NULL, &from);
    if (status != MANCALA_OK && d->rank == 0)
        partial_problem(d, q->path, cp.path, status, -1);
    if (status == MANCALA_OK && d->rank == 0 && from > 0 && !q->quiet)
        fprintf(stderr, "resuming from layer %d (stones on the board) of %s\n", from, cp.path);
    /* The lean solver's exits need the hi of the finished entries that
     * are not exact, which format 3 does not keep. */
    for (int s = 0; s < from && q->lean && status == MANCALA_OK; s++)
        if (mt_layout_covers(&d->lay, s))
            status = lean_wide_his(d, s);

    const double start = now_seconds();
    for (int s = from, first = 1; s <= q->max_stones && status == MANCALA_OK; s++) {
        if (!mt_layout_covers(&d->lay, s))
            continue;
        if (q->lean) {
            status = lean_solve_layer(d, s, &cp, first, q->quiet);
            first = 0;
            /* The state of the layer could not be kept, or read back. */
            if ((status == MANCALA_E_IO || status == MANCALA_E_FORMAT) && d->rank == 0)
                partial_problem(d, q->path, cp.path, status, status == MANCALA_E_IO ? s : -1);
        } else {
            layer_begin(d, s);
            status = solve_layer(d);
            layer_end(d);
        }
        int range = d->range_error, any;
        MPI_Allreduce(&range, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (any) {
            status = MANCALA_E_RANGE;
            break;
        }
        if (status == MANCALA_OK && (status = checkpoint_layer(d, &cp, s)) != MANCALA_OK &&
            d->rank == 0)
            partial_problem(d, q->path, cp.path, status, s);
        if (status == MANCALA_OK && d->rank == 0 && !q->quiet)
            fprintf(stderr, "layer %d/%d: %llu positions, %.1f s\n", s, q->max_stones,
                    (unsigned long long)mt_layout_size(&d->lay, s), now_seconds() - start);
    }
    *seconds = now_seconds() - start;
    /* A table whose every layer is solved is written, even if a signal
     * came meanwhile. */
    if (status == MANCALA_OK) {
        status = write_table(d, out);
        if (status != MANCALA_OK && d->rank == 0) {
            d->reported = 1;
            fail("solve-mpi", "%s: %s; every layer is kept in %s: the same command writes the "
                 "table from them once the problem is fixed", quote(q->path),
                 d->why[0] ? d->why : mancala_strerror(status), cp.path);
        }
    } else if (d->rank == 0) {
        mancala__output_discard(out);
    }
    if (status == MANCALA_E_CANCELLED && d->rank == 0) {
        d->reported = 1;
        /* The lean solver keeps the layer under way too. */
        fail("solve-mpi", "interrupted; %s is as it was (the same command goes on from %s, kept "
             "in %s)", q->path, q->lean ? "where it stopped" : "the last finished layer", cp.path);
    }
    checkpoint_close(d, &cp, status == MANCALA_OK);
    MPI_Type_free(&d->entry_type);
    return status;
}

/* ---- The command ---- */

static const char help[] =
    "Usage: mpirun -np N mancala-solve-mpi RULES [-o|--out FILE] [--max-stones K]\n"
    "                                [--open KS,KN] [--step 4] [--lean] [-q|--quiet]\n"
    "\n"
    "The table solver of 'mancala solve' (or with --lean its lean solver) on\n"
    "N MPI processes: the same arguments and the same table, byte for byte,\n"
    "for any N. Each layer's positions are split among the processes; the\n"
    "finished layers are kept in FILE.mpi-partial, so that a job that\n"
    "stopped (a process killed, a node lost) and is started again with the\n"
    "same arguments, on any number of processes, goes on from the last\n"
    "finished layer. The table replaces FILE only when complete.\n"
    "\n"
    "  -o, --out FILE    where to write the table (default as 'mancala solve')\n"
    "  --max-stones K    rio-kadalis: the most stones on the board\n"
    "  --open KS,KN      the open pits of each player (1 to the holes per row)\n"
    "  --step 4          only the counts of stones that are multiples of 4\n"
    "  --lean            the lean solver (format 3, two bytes an entry)\n"
    "  -q, --quiet       no progress lines\n";

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    struct dist d;
    memset(&d, 0, sizeof d);
    MPI_Comm_rank(MPI_COMM_WORLD, &d.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &d.size);
    const char *small = getenv("MANCALA_SOLVE_MPI_SMALL");
    const int tiny = small && !strcmp(small, "1");
    d.chunk = tiny ? 300 : EXPAND_CHUNK;
    d.window = tiny ? 700 : WINDOW;
    d.checkpoint_seconds = tiny ? 0 : 60;

    /* Every rank reads the arguments; rank 0 alone says what is wrong. */
    int saved = -1;
    if (d.rank != 0) {
        fflush(stderr);
        saved = dup(STDERR_FILENO);
        const int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (null >= 0) {
            dup2(null, STDERR_FILENO);
            close(null);
        }
    }
    /* The arguments of 'mancala solve'. */
    struct solve_args q;
    int status = parse_solve_args("solve-mpi", argc - 1, argv + 1, &q);
    if (status == 0 && q.modiar)
        status = usage_error("solve-mpi", "modiar is solved by 'mancala solve modiar'");
    if (saved >= 0) {
        fflush(stderr);
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
    if (status) {
        if (status < 0 && d.rank == 0)
            fputs(help, stdout);
        MPI_Finalize();
        return status < 0 ? EXIT_DONE : status;
    }

    catch_stop_signals(on_interrupt);
    double seconds = 0;
    status = solve(&d, &q, &seconds);
    if (status != MANCALA_OK) {
        if (d.rank == 0 && !d.reported)
            fail("solve-mpi", "%s: %s", quote(q.path), d.why[0] ? d.why : mancala_strerror(status));
        MPI_Finalize();
        return EXIT_FAILED;
    }

    /* Figures: the stats of the whole, bytes sent to other ranks, and the
     * peak memory of each process. */
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    uint64_t mine[12] = {d.stats.positions, d.stats.exact, d.stats.forced, d.bytes_sent,
                         d.phase_bytes[0], d.phase_bytes[1], d.phase_bytes[2], d.phase_bytes[3],
                         d.edges, d.last_edges, d.last_positions, d.visits};
    uint64_t sum[12];
    MPI_Reduce(mine, sum, 12, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    unsigned most_distance = 0;
    MPI_Reduce(&d.stats.max_distance, &most_distance, 1, MPI_UNSIGNED, MPI_MAX, 0, MPI_COMM_WORLD);
    /* CPU time: on a machine shared with other work, positions per CPU
     * second say more than per second of the wall clock. */
    double cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
                 (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
    double all_cpu = 0;
    MPI_Reduce(&cpu, &all_cpu, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    long rss = usage.ru_maxrss, most_rss = 0, all_rss = 0;
    MPI_Reduce(&rss, &most_rss, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&rss, &all_rss, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (d.rank == 0) {
        printf("Solved %s (positions of at most %d stones) on %d processes in %.2f s; the table "
               "is in ", q.rules, q.max_stones, d.size, seconds);
        print_safely(stdout, q.path);
        printf(".\n");
        printf("positions=%llu exact=%llu processes=%d seconds=%.3f positions_per_s_per_process=%.0f "
               "bytes_exchanged=%llu bytes_per_position=%.1f exchanges=%llu "
               "peak_rss_mib_max=%.1f peak_rss_mib_total=%.1f\n",
               (unsigned long long)sum[0], (unsigned long long)sum[1], d.size, seconds,
               seconds > 0 ? (double)sum[0] / seconds / d.size : 0, (unsigned long long)sum[3],
               sum[0] ? (double)sum[3] / (double)sum[0] : 0, (unsigned long long)d.exchanges,
               (double)most_rss / 1024.0, (double)all_rss / 1024.0);
        const double per = sum[0] ? (double)sum[0] : 1;
        printf("cpu_seconds_total=%.2f positions_per_cpu_second=%.0f\n", all_cpu,
               all_cpu > 0 ? (double)sum[0] / all_cpu : 0);
        if (q.lean) {
            /* Sweeps and position-sweeps count each sweep once, on every
             * rank alike. */
            const double swept = d.position_sweeps ? (double)d.position_sweeps : 1;
            printf("sweeps=%llu visits_per_position=%.2f bytes_per_position_per_sweep=%.2f "
                   "max_distance=%u\n", (unsigned long long)d.sweeps, (double)sum[11] / per,
                   (double)sum[3] / swept, most_distance);
            printf("bytes_per_position: bounds=%.1f distances=%.1f exits=%.1f his=%.1f\n",
                   (double)sum[4] / per, (double)sum[5] / per, (double)sum[7] / per,
                   (double)sum[6] / per);
        } else {
            printf("moves_in_layer_per_position=%.2f last_layer=%.2f generations=%llu "
                   "max_distance=%u\n", (double)sum[8] / per,
                   sum[10] ? (double)sum[9] / (double)sum[10] : 0,
                   (unsigned long long)d.generations, most_distance);
            printf("bytes_per_position: edges=%.1f attractor=%.1f ranks=%.1f exits=%.1f\n",
                   (double)sum[4] / per, (double)sum[5] / per, (double)sum[6] / per,
                   (double)sum[7] / per);
        }
    }
    MPI_Finalize();
    return EXIT_DONE;
}

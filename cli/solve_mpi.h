/*
 * mancala-solve-mpi: what the table solver (solve_mpi.c) and the lean
 * solver (solve_mpi_lean.c) on MPI share — the partition of the layers
 * among the processes, the exchanges, the partial file and the table's
 * output (both in solve_mpi.c). doc/solve-mpi.md describes both.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_SOLVE_MPI_H
#define MANCALA_SOLVE_MPI_H

#include <mpi.h>

#include "solve/solve.h"

/* A growing byte buffer. */
struct vec {
    char *data;
    size_t len, cap;
};

/* What the bytes exchanged are for (the figures the program prints): the
 * table solver's edges, attractor, ranks and exits; the lean solver's
 * bounds (value sweeps), distances, exits and his (of the finished
 * entries that are not exact). */
enum phase { PHASE_EDGES, PHASE_ATTRACTOR, PHASE_RANKS, PHASE_EXITS };
enum { PHASE_BOUNDS = PHASE_EDGES, PHASE_DISTANCES = PHASE_ATTRACTOR,
       PHASE_WIDE = PHASE_RANKS };

struct dist {
    int rank, size;
    struct mt_layout lay;
    struct mc_board board;
    /* This rank's slice of every layer: layer s's entries lo_s ... hi_s
     * (slice_lo()) from entry local_at[s] on, of the table's format. */
    uint8_t *table;
    uint64_t local_at[MT_MOST_STONES + 2];
    MPI_Datatype entry_type;
    /* The table solver's layer under way: s stones, entries base ... base
     * + n, this rank's slice [lo, hi) of m positions; bounds[r] starts
     * rank r's. */
    int s;
    uint32_t base, n, lo, hi, m;
    uint32_t *bounds;
    uint8_t *pending;
    int8_t *or_exit, *and_exit;
    uint16_t *farthest, *l_distance;
    uint32_t *pred_start, *pred;
    /* The lean solver's hi of this rank's finished entries that are not
     * exact: their places in `table` (ascending) and his. */
    struct vec wide_at, wide_hi;
    struct vec *out, in;    /* per destination; received */
    int *send_counts, *recv_counts, *send_displs, *recv_displs;
    /* Figures. */
    struct mt_stats stats;
    uint64_t bytes_sent, exchanges, generations;
    uint64_t sweeps, visits, position_sweeps; /* the lean solver's */
    int reported; /* rank 0 said what failed */
    char why[MPI_MAX_ERROR_STRING + 64]; /* rank 0: why a file could not be written */
    uint64_t edges, last_edges, last_positions; /* moves inside layers; of the last layer */
    int phase;                       /* what the bytes go to: enum phase */
    uint64_t phase_bytes[4];
    int range_error;
    /* EXPAND_CHUNK and WINDOW; the test hook MANCALA_SOLVE_MPI_SMALL=1
     * makes them tiny, so that small tables go through many rounds and
     * windows too. */
    uint32_t chunk, window;
    /* The lean solver keeps the state of the layer under way at most this
     * often (and whenever stopped); the same test hook makes it 0: after
     * every sweep. */
    double checkpoint_seconds;
};

void *vec_add(struct vec *v, size_t bytes);
void *xmalloc(size_t bytes);

/* The partition: rank r owns positions [n r / N, n (r + 1) / N) of each
 * layer of n positions (rounded down): slice_lo(d, s, r) is where rank
 * r's slice of layer s starts; the owner of position p is the largest r
 * with n r / N <= p. */
uint64_t slice_lo(const struct dist *d, int s, int r);
int owner_of(uint64_t n, int size, uint64_t p);
/* The layer of table entry ci. */
int layer_of(const struct dist *d, uint64_t ci);

/* Sends d->out[r] to each rank r (elements of `elem` bytes), receives
 * into d->in, with d->recv_counts[r] elements from rank r (in rank
 * order). Empties d->out. */
void exchange(struct dist *d, size_t elem);

/* Whether any rank was interrupted (collective). */
int stop_asked(void);

/* TARGET.mpi-partial (solve_mpi.c): its name, MPI-IO handle, and on
 * rank 0 the file descriptor that holds its lock. */
struct checkpoint {
    char *path;
    MPI_File file;
    int on;
    int fd; /* rank 0: the file, locked */
};

/* Whether an MPI-IO call succeeded; if not, keeps the first failure's
 * error class in *failure. */
int io_ok(int result, int *failure);
/* All ranks: whether every rank's writes succeeded (`ok`); if not, rank 0
 * keeps in d->why what went wrong (`path`: rank 0's name of the file). */
int all_written(struct dist *d, int ok, int failure, const char *path);

/* Test hook: MANCALA_SOLVE_MPI_KILL=RANK,STONES[,d] kills that rank in
 * the middle of layer s if s is STONES (in the lean solver's `distances`
 * sweeps with ",d"), as a crash would. */
void maybe_die(const struct dist *d, int s, int distances);

/* The lean solver (solve_mpi_lean.c). lean_solve_layer(): solves layer
 * s, leaves this rank's slice of it in format 3 and the his of its
 * entries that are not exact; keeps the state of the layer in `cp` now
 * and then and when stopped; `first`: the first layer of the job, which
 * may resume from such a state. lean_wide_his(): those his of finished
 * layer s (read back from the partial file). Collective; a status, the
 * same on every rank: MANCALA_OK, or for lean_solve_layer()
 * MANCALA_E_CANCELLED (stopped, the state kept), MANCALA_E_IO (d->why
 * says why) or MANCALA_E_FORMAT (a state that does not verify);
 * MANCALA_E_RANGE is d->range_error. */
int lean_solve_layer(struct dist *d, int s, struct checkpoint *cp, int first, int quiet);
int lean_wide_his(struct dist *d, int s);

#endif /* MANCALA_SOLVE_MPI_H */

/*
 * What the searchers (search.c, mcts.c) and the strength levels
 * (level.c) share: a run that can be cancelled, a time limit, the
 * search's limits.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_ENGINE_ENGINE_H
#define MANCALA_ENGINE_ENGINE_H

#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

#include "mancala.h"

/*
 * Whether a run of a searcher (search.c, mcts.c) is under way and asked to
 * stop. The cancel calls may come from any thread or a signal handler, so
 * this is a lock-free atomic; a run polls it with relaxed loads (a plain
 * load on common processors) and only stops, so no other memory needs
 * ordering. A cancel while no run is under way does nothing.
 */
enum { MC_RUN_IDLE = 0, MC_RUN_ACTIVE = 1, MC_RUN_CANCEL = 2 };
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the cancel calls need a lock-free atomic int");

static inline void mc_run_begin(atomic_int *run)
{
    atomic_store(run, MC_RUN_ACTIVE);
}

static inline void mc_run_end(atomic_int *run)
{
    atomic_store(run, MC_RUN_IDLE);
}

static inline int mc_run_cancelled(atomic_int *run)
{
    return atomic_load_explicit(run, memory_order_relaxed) == MC_RUN_CANCEL;
}

/* Asks the run under way to stop: 1 if one is under way, else 0. */
static inline int mc_run_cancel(atomic_int *run)
{
    int expected = MC_RUN_ACTIVE;
    return atomic_compare_exchange_strong(run, &expected, MC_RUN_CANCEL) ||
           expected == MC_RUN_CANCEL;
}

/* PUCT's constant by default (the c_puct of AlphaZero's papers, for
 * values in [0, 1]). */
#define MC_PUCT_EXPLORATION 1.5

/* PUCT's score of a child, Q + c P sqrt(N) / (1 + n), with `scale` =
 * c sqrt(N): Q is its mean reward in [0, 1] for the player who moves into
 * it, a draw (1/2) while unvisited. One formula for both tree searches
 * (mcts.c, batch_mcts.c), so that they grow the same trees. */
static inline double mc_puct_score(double reward, double visits, float prior, double scale)
{
    const double q = visits ? reward / visits : 0.5;
    return q + scale * prior / (1.0 + visits);
}

/* A wall-clock time limit (search.c), shared by the searchers. */
struct mc_deadline {
    struct timespec at;
    int active;  /* 0: no limit, or one beyond what the clock can hold */
};
/* Starts a limit of `ms` milliseconds from now (none if ms <= 0). */
void mancala__deadline_start(struct mc_deadline *d, int64_t ms);
int mancala__deadline_passed(const struct mc_deadline *d);

/* The deepest iteration of the search (search.c, level.c). */
#define MC_SEARCH_MAX_DEPTH 128

/* The limits of a searcher (search.c), for the strength levels (level.c):
 * sets `new_limits`, returning the old ones in `old` (which may be the
 * same). `score_all` makes the search score every root move exactly. */
struct mc_limits {
    int depth;
    uint64_t nodes;
    int64_t time_ms;
    int score_all;
};
void mancala__search_limits(mancala_search *search, struct mc_limits *old,
                            const struct mc_limits *new_limits);
/* Whether a run of the searcher is under way (called from its evaluation). */
int mancala__search_running(const mancala_search *search);
/* After a run with score_all: each root move's score, indexed by pit. */
const int *mancala__search_root_scores(const mancala_search *search);

#endif /* MANCALA_ENGINE_ENGINE_H */

/*
 * A batch of games stepped together (mancala_batch_*): N ordinary handles
 * played by mancala_play() and mancala_next_round(), and the arrays a
 * learner reads, written from each handle's view (research.c). The rules
 * are the handles'; this file only decides episodes, autoreset, random
 * actions and threads.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

#include "platform/port.h" /* mancala__online_cpus() */
#include "core/random.h"
#include "game/handle.h"
#include "learn/research.h"

#define MAX_GAMES (1 << 20)
#define MAX_THREADS 64
#define MAX_PLIES_LIMIT 100000
#define DEFAULT_MAX_PLIES 1000

/* The options an episode is played with (set ones wait for the reset). */
struct batch_options {
    int autoreset;       /* enum mancala_autoreset */
    int match;           /* episodes are matches */
    int reward;          /* 0 or MANCALA_RETURNS_STONES */
    int max_plies;
    int repetition, match_repetition, max_rounds; /* the games' options */
    int restart;         /* enum mancala_batch_restart */
    int ended_mask;      /* enum mancala_ended_mask */
};

struct batch_worker {
    struct mancala_batch *batch;
    int first, end; /* games [first, end) */
    unsigned generation; /* the last job it has seen */
    pthread_t thread;
};

struct mancala_batch {
    mancala_alloc_fn alloc;
    void *opaque;
    int count, n, obs_size;
    const struct mc_variant *variant;
    struct mc_position origin; /* the rules' start */
    mancala_game **games;
    void *region;         /* the games' handles, side by side (batch_new) */
    uint64_t *rng;        /* each game's generator */
    uint32_t *plies;      /* plies of each game's episode */
    uint8_t *ended;       /* the episode ended and the game was not reset */
    uint8_t *placed;      /* the game's start is not the rules' (set_position()) */
    float *obs, *final_obs, *rewards;
    uint8_t *masks, *terminated, *truncated;
    int32_t *to_move;
    float divisor;        /* S: counts of stones are written divided by it */
    mc_observer *observe; /* writes a game's rows (mancala__observer()) */
    struct batch_options set, active;
    /* The job of the current step, read by the workers. */
    const int32_t *actions; /* NULL for random actions */
    int32_t *chosen;        /* random actions out, or NULL */
    /* Threads: workers[0] is the caller's share; the others wait for
     * `generation` to change, then step their share and count down
     * `pending`. A waiter spins for a while before it sleeps on a
     * condition (`sleepers` of them on `start`; the caller on `done`, when
     * `caller_sleeps`): a step of a few thousand games takes less than
     * waking a thread that sleeps. */
    int threads;
    int spin_turns; /* SPIN_TURNS, or 0 with more threads than processors */
    struct batch_worker workers[MAX_THREADS];
    pthread_mutex_t lock;
    pthread_cond_t start, done;
    atomic_uint generation;
    atomic_int pending, stopping, sleepers, caller_sleeps;
    atomic_int busy;      /* a call that changes the batch is under way */
    char reason[MANCALA_REASON_MAX];
};

static void *batch_alloc(const struct mancala_batch *b, size_t size)
{
    return b->alloc(b->opaque, NULL, size);
}

static void batch_release(const struct mancala_batch *b, void *ptr)
{
    if (ptr)
        b->alloc(b->opaque, ptr, 0);
}

/* ---- one game ---- */

/* Writes game i's rows of the observations (into `obs`), masks and
 * players from its view. */
static MC_ALWAYS_INLINE void write_rows(struct mancala_batch *b, int i, const struct mc_view *v,
                                        float *obs)
{
    b->observe(v, mc_window_plies(b->games[i]), b->divisor, &obs[(size_t)i * b->obs_size],
               &b->masks[(size_t)i * b->n]);
    b->to_move[i] = v->state->to_move;
}

/* Game i's next episode, from its own start or the rules'
 * (::MANCALA_BATCH_OPT_RESTART). */
static void restart_game(struct mancala_batch *b, int i, struct mc_view *v)
{
    if (b->placed[i] && b->active.restart == MANCALA_BATCH_RESTART_RULES) {
        mancala__restart_at(b->games[i], &b->origin);
        b->placed[i] = 0;
    } else {
        mancala__restart(b->games[i]);
    }
    mancala__view(b->games[i], v);
    b->plies[i] = 0;
    b->ended[i] = 0;
}

/* Game i's rows of a new episode: the arrays a fresh game gives. */
static void start_rows(struct mancala_batch *b, int i, const struct mc_view *v)
{
    b->rewards[2 * (size_t)i] = b->rewards[2 * (size_t)i + 1] = 0.0f;
    b->terminated[i] = b->truncated[i] = 0;
    write_rows(b, i, v, b->obs);
}

/* After a move of game i (seen in `v`): the end of its episode by the
 * rules (with its rewards), or truncated, or on to the next round of a
 * match. Returns 1 if the episode ended (terminated or truncated). */
static int finish_move(struct mancala_batch *b, int i, struct mc_view *v)
{
    mancala_game *g = b->games[i];
    if (v->end) {
        const int match = b->active.match;
        if (!match || mancala_match_over(g)) {
            mancala__returns(g, (unsigned)(b->active.reward | (match ? MANCALA_RETURNS_MATCH : 0)),
                             &b->rewards[2 * (size_t)i]);
            b->terminated[i] = 1;
            return 1;
        }
        /* The round's moves go into the match log: only if they fit
         * (a step never allocates). */
        if (v->log_room < (uint32_t)mancala_history_length(g) + 1) {
            b->truncated[i] = 1;
            return 1;
        }
        mancala_next_round(g);
        mancala__view(g, v);
    }
    if (b->plies[i] >= (uint32_t)b->active.max_plies || v->history_room == 0) {
        b->truncated[i] = 1;
        return 1;
    }
    return 0;
}

/* One step of game i, `action` (-1: a random one), in two halves so that
 * a batch moves the next game between them (step_share()). The first
 * ends an ended episode's step (returning 0), or plays the move (returning
 * 1: end_step() follows). */
static int begin_step(struct mancala_batch *b, int i, int action)
{
    float *reward = &b->rewards[2 * (size_t)i];
    reward[0] = reward[1] = 0.0f;
    struct mc_view v;
    if (b->ended[i]) {
        if (b->chosen)
            b->chosen[i] = -1;
        if (b->active.autoreset == MANCALA_AUTORESET_DISABLED)
            return 0;
        /* MANCALA_AUTORESET_NEXT_STEP: this step starts the next episode. */
        restart_game(b, i, &v);
        b->terminated[i] = b->truncated[i] = 0;
        write_rows(b, i, &v, b->obs);
        return 0;
    }
    action = mc_play_begin(b->games[i], action, &b->rng[i]);
    if (b->chosen)
        b->chosen[i] = action;
    b->plies[i]++;
    b->terminated[i] = b->truncated[i] = 0;
    return 1;
}

static void end_step(struct mancala_batch *b, int i)
{
    struct mc_view v;
    mc_play_end(b->games[i], &v);
    if (finish_move(b, i, &v)) {
        b->ended[i] = 1;
        if (b->active.autoreset == MANCALA_AUTORESET_SAME_STEP) {
            write_rows(b, i, &v, b->final_obs);
            restart_game(b, i, &v);
        }
        write_rows(b, i, &v, b->obs);
        /* Only here can a game have no legal action: every game set or
         * restarted has one (::MANCALA_BATCH_OPT_ENDED_MASK). */
        if (!v.legal && b->active.ended_mask == MANCALA_ENDED_MASK_ONES)
            memset(&b->masks[(size_t)i * b->n], 1, (size_t)b->n);
        return;
    }
    write_rows(b, i, &v, b->obs);
}

/* How many games ahead of the one being stepped the handles are asked
 * for (mc_prefetch()), and half as many ahead the parts of their
 * histories found from them: a large batch's step otherwise waits for
 * each line of each handle in turn, none of them in the caches. */
#define PREFETCH_AHEAD 4

/* How many games later a game's second half comes: the repetition
 * rule's lookup is then under way while that many games move. 2 while
 * the games kept sets of positions, which a large batch read from
 * memory; with windows (handle.h), 2 are no faster than 1 and take more
 * instructions (doc/performance.md). */
#define PENDING 1

/* Steps the games of a share, each step's second half after the first
 * halves of the PENDING games that follow it. The games are independent,
 * so the order changes nothing. */
static void step_share(struct mancala_batch *b, const struct batch_worker *w)
{
    int pending[PENDING]; /* games whose second half is due, oldest first; -1: none */
    for (int k = 0; k < PENDING; k++)
        pending[k] = -1;
    for (int i = w->first; i < w->end; i++) {
        const int far = i + PREFETCH_AHEAD, near = i + PREFETCH_AHEAD / 2;
        mc_prefetch(far < w->end ? b->games[far] : NULL, near < w->end ? b->games[near] : NULL);
        const int moved = begin_step(b, i, b->actions ? b->actions[i] : -1);
        if (pending[0] >= 0)
            end_step(b, pending[0]);
        for (int k = 0; k + 1 < PENDING; k++)
            pending[k] = pending[k + 1];
        pending[PENDING - 1] = moved ? i : -1;
    }
    for (int k = 0; k < PENDING; k++)
        if (pending[k] >= 0)
            end_step(b, pending[k]);
}

/* ---- threads ---- */

/* The turns a waiter spins before it sleeps: about a millisecond at most.
 * Only while the batch has no more threads than the machine has
 * processors: otherwise a spinning thread would hold a processor that
 * another of them needs to finish the step. */
#define SPIN_TURNS (1 << 14)

/* One turn: the processor's pause, and every 1,024th turn a yield to any
 * other thread waiting for this processor (other programs' too). */
static void spin_pause(int turn)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause(); /* lets the other hyperthread run */
#endif
    if (turn % 1024 == 1023)
        sched_yield();
}

/* A worker's wait for the job after `seen`; returns its generation, or
 * `seen` if the batch is stopping its workers. */
static unsigned wait_for_job(struct mancala_batch *b, unsigned seen)
{
    unsigned now = seen;
    for (int turn = 0; turn < b->spin_turns; turn++) {
        if ((now = atomic_load(&b->generation)) != seen || atomic_load(&b->stopping))
            return now;
        spin_pause(turn);
    }
    pthread_mutex_lock(&b->lock);
    /* Counted before the generation is read again: step_all() bumps the
     * generation before it reads the count, so one of the two sees the
     * other (sequentially consistent atomics). */
    atomic_fetch_add(&b->sleepers, 1);
    while ((now = atomic_load(&b->generation)) == seen && !atomic_load(&b->stopping))
        pthread_cond_wait(&b->start, &b->lock);
    atomic_fetch_sub(&b->sleepers, 1);
    pthread_mutex_unlock(&b->lock);
    return now;
}

static void *worker_main(void *arg)
{
    struct batch_worker *w = arg;
    struct mancala_batch *b = w->batch;
    for (;;) {
        const unsigned job = wait_for_job(b, w->generation);
        if (atomic_load(&b->stopping))
            break;
        w->generation = job;
        step_share(b, w);
        /* The last to finish wakes the caller if it sleeps (it says so
         * before it reads `pending` again). */
        if (atomic_fetch_sub(&b->pending, 1) == 1 && atomic_load(&b->caller_sleeps)) {
            pthread_mutex_lock(&b->lock);
            pthread_cond_signal(&b->done);
            pthread_mutex_unlock(&b->lock);
        }
    }
    return NULL;
}

static void stop_threads(struct mancala_batch *b)
{
    if (b->threads <= 1)
        return;
    pthread_mutex_lock(&b->lock);
    atomic_store(&b->stopping, 1);
    pthread_cond_broadcast(&b->start);
    pthread_mutex_unlock(&b->lock);
    for (int t = 1; t < b->threads; t++)
        pthread_join(b->workers[t].thread, NULL);
    atomic_store(&b->stopping, 0);
    b->threads = 1;
    b->workers[0].end = b->count;
}

/* Shares the games out among `threads` (contiguous ranges, the first
 * count % threads one longer) and starts the workers. */
static int start_threads(struct mancala_batch *b, int threads)
{
    stop_threads(b);
    b->spin_turns = threads <= mancala__online_cpus() ? SPIN_TURNS : 0;
    const int share = b->count / threads, extra = b->count % threads;
    for (int t = 0; t < threads; t++) {
        b->workers[t].batch = b;
        b->workers[t].first = share * t + (t < extra ? t : extra);
        b->workers[t].end = b->workers[t].first + share + (t < extra);
        b->workers[t].generation = atomic_load(&b->generation);
    }
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&b->workers[t].thread, NULL, worker_main, &b->workers[t])) {
            b->threads = t;
            stop_threads(b);
            return MANCALA_E_NOMEM;
        }
        b->threads = t + 1;
    }
    b->threads = threads;
    return MANCALA_OK;
}

static void step_all(struct mancala_batch *b)
{
    if (b->threads > 1) {
        atomic_store(&b->pending, b->threads - 1);
        atomic_fetch_add(&b->generation, 1);
        if (atomic_load(&b->sleepers)) {
            pthread_mutex_lock(&b->lock);
            pthread_cond_broadcast(&b->start);
            pthread_mutex_unlock(&b->lock);
        }
    }
    step_share(b, &b->workers[0]);
    if (b->threads > 1) {
        for (int turn = 0; turn < b->spin_turns && atomic_load(&b->pending); turn++)
            spin_pause(turn);
        if (atomic_load(&b->pending)) {
            pthread_mutex_lock(&b->lock);
            atomic_store(&b->caller_sleeps, 1);
            while (atomic_load(&b->pending))
                pthread_cond_wait(&b->done, &b->lock);
            atomic_store(&b->caller_sleeps, 0);
            pthread_mutex_unlock(&b->lock);
        }
    }
}

/* ---- the API ---- */

static int fail(struct mancala_batch *b, int status, const char *what)
{
    snprintf(b->reason, sizeof b->reason, "%s", what);
    return status;
}

/* Every call that changes the batch holds it: a second one under way at
 * the same time (another thread's) returns ::MANCALA_E_BUSY at once and
 * touches nothing, not even the reason, which is the first call's. Two
 * steps at once would otherwise hand the workers two jobs, and one
 * caller would wait for ever. One exchange a call, not a game. */
static int enter(struct mancala_batch *b)
{
    return atomic_exchange_explicit(&b->busy, 1, memory_order_acquire) ? MANCALA_E_BUSY : MANCALA_OK;
}

static int leave(struct mancala_batch *b, int status)
{
    atomic_store_explicit(&b->busy, 0, memory_order_release);
    return status;
}

/* The log room a game reserves: every ply of an episode and a mark per
 * round. */
static uint32_t log_reserve(int max_plies)
{
    return 2 * (uint32_t)max_plies + 16;
}

/* The games' handles lie side by side in one block, each on its own
 * cache lines, and a block of 2 MiB or more starts on a 2 MiB boundary
 * and is offered to Linux's transparent huge pages: a step touches a few
 * lines of every handle, on 2 or 3 pages of 4 KiB each, which for
 * thousands of games is many more pages than the processor's table of
 * page translations holds (doc/research.md, "Speed"). */
#define HUGE_PAGE ((size_t)2 << 20)

static size_t games_stride(void)
{
    return (mancala__handle_bytes() + 63) & ~(size_t)63;
}

/* Allocates b->region for `games` handles; returns where the first
 * goes, or NULL. */
static char *games_region(struct mancala_batch *b, size_t games)
{
    const size_t stride = games_stride(), bytes = games * stride;
    const size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : 64;
    if (games > (SIZE_MAX - align) / stride)
        return NULL;
    b->region = batch_alloc(b, bytes + align);
    if (!b->region)
        return NULL;
    char *base = (char *)(((uintptr_t)b->region + align - 1) & ~(uintptr_t)(align - 1));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* Advice: if it is not taken, the batch works the same, slower. */
    if (align == HUGE_PAGE)
        (void)madvise(base, bytes, MADV_HUGEPAGE);
#endif
    return base;
}

MANCALA_EXPORT void mancala_batch_free(mancala_batch *b)
{
    if (!b)
        return;
    stop_threads(b);
    pthread_mutex_destroy(&b->lock);
    pthread_cond_destroy(&b->start);
    pthread_cond_destroy(&b->done);
    if (b->games)
        for (int i = 0; i < b->count && b->games[i]; i++)
            mancala__free_in(b->games[i]);
    void *arrays[] = {b->region,  b->games,   b->rng,     b->plies,   b->ended,
                      b->placed,  b->obs,     b->final_obs, b->rewards,  b->masks,
                      b->terminated, b->truncated, b->to_move};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        batch_release(b, arrays[k]);
    b->alloc(b->opaque, b, 0);
}

MANCALA_EXPORT int mancala_batch_new_with_allocator(mancala_batch **out, const char *rules,
                                                    int count, uint64_t seed, char *errbuf,
                                                    size_t errlen, mancala_alloc_fn alloc,
                                                    void *opaque)
{
    if (errbuf && errlen)
        errbuf[0] = '\0';
    int status = MANCALA_E_INVALID;
    const struct mc_variant *v = rules ? mancala__variant_find(rules, strlen(rules)) : NULL;
    if (!out || !rules) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "%s is NULL", !out ? "out" : "rules");
        return status;
    }
    if (!v) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "rules: unknown rules name");
        return MANCALA_E_RULES;
    }
    if (count < 1 || count > MAX_GAMES) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "count: %d is not in 1 ... %d", count, MAX_GAMES);
        return status;
    }
    if (!alloc)
        alloc = mancala__default_alloc;
    struct mancala_batch *b = alloc(opaque, NULL, sizeof *b);
    if (!b)
        goto nomem_early;
    memset(b, 0, sizeof *b);
    b->alloc = alloc;
    b->opaque = opaque;
    b->count = count;
    b->variant = v;
    mancala__board_init(&b->origin.board, v, 0);
    memset(b->origin.state.pit, v->stones_per_pit, 2 * (size_t)v->n);
    b->n = v->n;
    b->obs_size = MC_OBSERVATION_SIZE(v->n);
    b->threads = 1;
    b->divisor = (float)mc_total_stones(v);
    b->observe = mancala__observer(v);
    b->workers[0].batch = b;
    b->workers[0].end = count;
    b->set = (struct batch_options){MANCALA_AUTORESET_NEXT_STEP, 0, 0, DEFAULT_MAX_PLIES, 1, 1, 0,
                                    MANCALA_BATCH_RESTART_OWN, MANCALA_ENDED_MASK_ZEROS};
    b->active = b->set;
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->start, NULL);
    pthread_cond_init(&b->done, NULL);
    atomic_init(&b->generation, 0);
    atomic_init(&b->pending, 0);
    atomic_init(&b->stopping, 0);
    atomic_init(&b->sleepers, 0);
    atomic_init(&b->caller_sleeps, 0);
    atomic_init(&b->busy, 0);
    const size_t games = (size_t)count, obs = games * (size_t)b->obs_size;
    b->games = batch_alloc(b, games * sizeof *b->games);
    if (b->games)
        memset(b->games, 0, games * sizeof *b->games);
    b->rng = batch_alloc(b, games * sizeof *b->rng);
    b->plies = batch_alloc(b, games * sizeof *b->plies);
    b->ended = batch_alloc(b, games);
    b->placed = batch_alloc(b, games);
    b->obs = batch_alloc(b, obs * sizeof *b->obs);
    b->final_obs = batch_alloc(b, obs * sizeof *b->final_obs);
    b->rewards = batch_alloc(b, 2 * games * sizeof *b->rewards);
    b->masks = batch_alloc(b, games * (size_t)b->n);
    b->terminated = batch_alloc(b, games);
    b->truncated = batch_alloc(b, games);
    b->to_move = batch_alloc(b, games * sizeof *b->to_move);
    if (!b->games || !b->rng || !b->plies || !b->ended || !b->placed || !b->obs ||
        !b->final_obs ||
        !b->rewards || !b->masks || !b->terminated || !b->truncated || !b->to_move)
        goto nomem;
    memset(b->final_obs, 0, obs * sizeof *b->final_obs);
    memset(b->placed, 0, games);
    char *base = games_region(b, games);
    if (!base)
        goto nomem;
    for (int i = 0; i < count; i++) {
        b->games[i] = mancala__new_in(base + i * games_stride(), &b->origin, alloc, opaque);
        mancala__window(b->games[i]);
        if (mancala__reserve(b->games[i], log_reserve(DEFAULT_MAX_PLIES)))
            goto nomem;
    }
    mancala_batch_reset(b, seed);
    *out = b;
    return MANCALA_OK;
nomem:
    mancala_batch_free(b);
nomem_early:
    if (errbuf && errlen)
        snprintf(errbuf, errlen, "%s", mancala_strerror(MANCALA_E_NOMEM));
    return MANCALA_E_NOMEM;
}

MANCALA_EXPORT int mancala_batch_new(mancala_batch **out, const char *rules, int count,
                                     uint64_t seed, char *errbuf, size_t errlen)
{
    return mancala_batch_new_with_allocator(out, rules, count, seed, errbuf, errlen, NULL, NULL);
}

/* The option's field in `o`, or NULL for an unknown option. */
static int *option_field(struct batch_options *o, int option)
{
    switch (option) {
    case MANCALA_BATCH_OPT_AUTORESET: return &o->autoreset;
    case MANCALA_BATCH_OPT_MATCH: return &o->match;
    case MANCALA_BATCH_OPT_REWARD: return &o->reward;
    case MANCALA_BATCH_OPT_MAX_PLIES: return &o->max_plies;
    case MANCALA_OPT_REPETITION: return &o->repetition;
    case MANCALA_OPT_MATCH_REPETITION: return &o->match_repetition;
    case MANCALA_OPT_MAX_ROUNDS: return &o->max_rounds;
    case MANCALA_BATCH_OPT_RESTART: return &o->restart;
    case MANCALA_BATCH_OPT_ENDED_MASK: return &o->ended_mask;
    default: return NULL;
    }
}

static int set_option(struct mancala_batch *b, int option, int value)
{
    b->reason[0] = '\0';
    int low = 0, high = 1;
    switch (option) {
    case MANCALA_BATCH_OPT_AUTORESET: high = MANCALA_AUTORESET_DISABLED; break;
    case MANCALA_BATCH_OPT_REWARD: high = MANCALA_RETURNS_STONES; break;
    case MANCALA_BATCH_OPT_THREADS: low = 1; high = MAX_THREADS; break;
    case MANCALA_BATCH_OPT_MAX_PLIES: low = 1; high = MAX_PLIES_LIMIT; break;
    case MANCALA_OPT_MAX_ROUNDS: high = INT32_MAX; break;
    case MANCALA_OPT_MATCH_REPETITION: high = MANCALA_MATCH_REPETITION_DRAW; break;
    case MANCALA_BATCH_OPT_RESTART: high = MANCALA_BATCH_RESTART_RULES; break;
    case MANCALA_BATCH_OPT_ENDED_MASK: high = MANCALA_ENDED_MASK_ONES; break;
    default: break;
    }
    int *field = option_field(&b->set, option);
    if (!field && option != MANCALA_BATCH_OPT_THREADS)
        return fail(b, MANCALA_E_OPTION, "option: unknown option");
    if (value < low || value > high ||
        (option == MANCALA_BATCH_OPT_REWARD && value != 0 && value != MANCALA_RETURNS_STONES)) {
        snprintf(b->reason, sizeof b->reason, "value: %d is not a value of option %d", value,
                 option);
        return MANCALA_E_OPTION;
    }
    if (option == MANCALA_BATCH_OPT_THREADS) {
        if (value == b->threads)
            return MANCALA_OK;
        if (value == 1) {
            stop_threads(b);
            return MANCALA_OK;
        }
        if (start_threads(b, value))
            return fail(b, MANCALA_E_NOMEM, "threads: cannot start a thread");
        return MANCALA_OK;
    }
    if (option == MANCALA_BATCH_OPT_MAX_PLIES)
        for (int i = 0; i < b->count; i++)
            if (mancala__reserve(b->games[i], log_reserve(value)))
                return fail(b, MANCALA_E_NOMEM, "max plies: no memory for the match log");
    *field = value;
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_batch_set_option(mancala_batch *b, int option, int value)
{
    if (!b)
        return MANCALA_E_INVALID;
    if (enter(b))
        return MANCALA_E_BUSY;
    return leave(b, set_option(b, option, value));
}

MANCALA_EXPORT int mancala_batch_get_option(const mancala_batch *b, int option)
{
    if (!b)
        return MANCALA_E_INVALID;
    if (option == MANCALA_BATCH_OPT_THREADS)
        return b->threads;
    struct batch_options set = b->set;
    const int *field = option_field(&set, option);
    return field ? *field : MANCALA_E_OPTION;
}

MANCALA_EXPORT int mancala_batch_reset(mancala_batch *b, uint64_t seed)
{
    if (!b)
        return MANCALA_E_INVALID;
    if (enter(b))
        return MANCALA_E_BUSY;
    b->reason[0] = '\0';
    b->active = b->set;
    for (int i = 0; i < b->count; i++) {
        mancala_game *g = b->games[i];
        struct mc_view v;
        restart_game(b, i, &v);
        /* Accepted: a restarted game has played no move, and its round
         * is the first. */
        mancala_set_option(g, MANCALA_OPT_REPETITION, b->active.repetition);
        mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, b->active.match_repetition);
        mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, b->active.max_rounds);
        b->rng[i] = mc_random_seed(seed, (uint64_t)i);
        start_rows(b, i, &v);
    }
    return leave(b, MANCALA_OK);
}

MANCALA_EXPORT int mancala_batch_reset_games(mancala_batch *b, const uint8_t *mask, size_t count,
                                             uint64_t seed)
{
    if (!b)
        return MANCALA_E_INVALID;
    if (enter(b))
        return MANCALA_E_BUSY;
    b->reason[0] = '\0';
    if (!mask)
        return leave(b, fail(b, MANCALA_E_INVALID, "mask is NULL"));
    if (count != (size_t)b->count) {
        snprintf(b->reason, sizeof b->reason, "count: %zu mask entries for %d games", count,
                 b->count);
        return leave(b, MANCALA_E_INVALID);
    }
    for (int i = 0; i < b->count; i++) {
        if (!mask[i])
            continue;
        struct mc_view v;
        restart_game(b, i, &v);
        b->rng[i] = mc_random_seed(seed, (uint64_t)i);
        start_rows(b, i, &v);
    }
    return leave(b, MANCALA_OK);
}

/* Checks game index i, for the calls that set a game. */
static int check_index(struct mancala_batch *b, int i)
{
    if (i >= 0 && i < b->count)
        return MANCALA_OK;
    snprintf(b->reason, sizeof b->reason, "index: %d is not in 0 ... %d", i, b->count - 1);
    return MANCALA_E_RANGE;
}

/* Game i after it was given its new start (mancala__restart_at() or
 * _like()): a new episode from there, which its restarts keep. */
static void placed_game(struct mancala_batch *b, int i)
{
    struct mc_view v;
    mancala__view(b->games[i], &v);
    b->placed[i] = 1;
    b->plies[i] = 0;
    b->ended[i] = 0;
    start_rows(b, i, &v);
}

static int set_position(struct mancala_batch *b, int i, const char *position)
{
    b->reason[0] = '\0';
    int status = check_index(b, i);
    if (status)
        return status;
    if (!position)
        return fail(b, MANCALA_E_INVALID, "position is NULL");
    struct mc_position pos;
    char why[MANCALA_REASON_MAX - 16]; /* with "position: " in front */
    status = mancala__parse_position(position, &pos, why, sizeof why);
    if (status) {
        snprintf(b->reason, sizeof b->reason, "position: %s", why);
        return status;
    }
    if (pos.board.variant != b->variant) {
        snprintf(b->reason, sizeof b->reason, "position: a position of %s, not %s",
                 pos.board.variant->name, b->variant->name);
        return MANCALA_E_RULES;
    }
    struct mc_moves moves;
    pos.board.variant->rules->list(&pos.board, &pos.state, &moves);
    if (!moves.count)
        return fail(b, MANCALA_E_STATE, "position: the round is over (no legal move)");
    mancala__restart_at(b->games[i], &pos);
    placed_game(b, i);
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_batch_set_position(mancala_batch *b, int index, const char *position)
{
    if (!b)
        return MANCALA_E_INVALID;
    if (enter(b))
        return MANCALA_E_BUSY;
    return leave(b, set_position(b, index, position));
}

static int set_game(struct mancala_batch *b, int i, const mancala_game *game)
{
    b->reason[0] = '\0';
    int status = check_index(b, i);
    if (status)
        return status;
    if (!game)
        return fail(b, MANCALA_E_INVALID, "game is NULL");
    if (strcmp(mancala_rules(game), b->variant->name) != 0) {
        snprintf(b->reason, sizeof b->reason, "game: a game of %s, not %s", mancala_rules(game),
                 b->variant->name);
        return MANCALA_E_RULES;
    }
    if (mancala_is_over(game))
        return fail(b, MANCALA_E_STATE, "game: its round is over");
    mancala__restart_like(b->games[i], game);
    placed_game(b, i);
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_batch_set_game(mancala_batch *b, int index, const mancala_game *game)
{
    if (!b)
        return MANCALA_E_INVALID;
    if (enter(b))
        return MANCALA_E_BUSY;
    return leave(b, set_game(b, index, game));
}

MANCALA_EXPORT int mancala_batch_new_from_positions(mancala_batch **out, const char *rules,
                                                    const char *const *positions, int count,
                                                    uint64_t seed, char *errbuf, size_t errlen)
{
    if (errbuf && errlen)
        errbuf[0] = '\0';
    if (!positions) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "positions is NULL");
        return MANCALA_E_INVALID;
    }
    mancala_batch *b;
    int status = mancala_batch_new(&b, rules, count, seed, errbuf, errlen);
    if (status)
        return status;
    for (int i = 0; i < count; i++) {
        status = set_position(b, i, positions[i]);
        if (status) {
            if (errbuf && errlen)
                snprintf(errbuf, errlen, "positions[%d]: %s", i, b->reason);
            mancala_batch_free(b);
            return status;
        }
    }
    *out = b;
    return MANCALA_OK;
}

static int step(struct mancala_batch *b, const int32_t *actions, size_t count, int *failed)
{
    b->reason[0] = '\0';
    if (!actions)
        return fail(b, MANCALA_E_INVALID, "actions is NULL");
    if (count != (size_t)b->count) {
        snprintf(b->reason, sizeof b->reason, "count: %zu actions for %d games", count, b->count);
        return MANCALA_E_INVALID;
    }
    /* Every action is checked before any game moves. */
    for (int i = 0; i < b->count; i++) {
        if (b->ended[i])
            continue;
        const int32_t a = actions[i];
        int status = MANCALA_OK;
        if (a < 0 || a >= b->n) {
            status = MANCALA_E_RANGE;
            snprintf(b->reason, sizeof b->reason, "game %d: action %ld is not in 0 ... %d", i,
                     (long)a, b->n - 1);
        } else if (!b->masks[(size_t)i * b->n + a]) {
            /* Illegal: mancala_play() says why and changes nothing. */
            const int pit = b->to_move[i] * b->n + a;
            status = mancala_play(b->games[i], pit);
            snprintf(b->reason, sizeof b->reason, "game %d: action %ld (pit %d): %s", i, (long)a,
                     pit, mancala_strerror(status));
        }
        if (status) {
            if (failed)
                *failed = i;
            return status;
        }
    }
    b->actions = actions;
    b->chosen = NULL;
    step_all(b);
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_batch_step(mancala_batch *b, const int32_t *actions, size_t count,
                                      int *failed)
{
    if (failed)
        *failed = -1;
    if (!b)
        return MANCALA_E_INVALID;
    if (enter(b))
        return MANCALA_E_BUSY;
    return leave(b, step(b, actions, count, failed));
}

MANCALA_EXPORT int mancala_batch_step_random(mancala_batch *b, int32_t *actions, size_t count)
{
    if (!b)
        return MANCALA_E_INVALID;
    if (enter(b))
        return MANCALA_E_BUSY;
    b->reason[0] = '\0';
    if (actions && count < (size_t)b->count) {
        snprintf(b->reason, sizeof b->reason, "count: room for %zu actions, %d games", count,
                 b->count);
        return leave(b, MANCALA_E_INVALID);
    }
    b->actions = NULL;
    b->chosen = actions;
    step_all(b);
    return leave(b, MANCALA_OK);
}

MANCALA_EXPORT const char *mancala_batch_reason(const mancala_batch *b)
{
    return b ? b->reason : "";
}

MANCALA_EXPORT int mancala_batch_size(const mancala_batch *b)
{
    return b ? b->count : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_batch_observation_size(const mancala_batch *b)
{
    return b ? b->obs_size : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_batch_num_actions(const mancala_batch *b)
{
    return b ? b->n : MANCALA_E_INVALID;
}

MANCALA_EXPORT const float *mancala_batch_observations(const mancala_batch *b)
{
    return b ? b->obs : NULL;
}

MANCALA_EXPORT const float *mancala_batch_final_observations(const mancala_batch *b)
{
    return b ? b->final_obs : NULL;
}

MANCALA_EXPORT const uint8_t *mancala_batch_legal_masks(const mancala_batch *b)
{
    return b ? b->masks : NULL;
}

MANCALA_EXPORT const float *mancala_batch_rewards(const mancala_batch *b)
{
    return b ? b->rewards : NULL;
}

MANCALA_EXPORT const uint8_t *mancala_batch_terminated(const mancala_batch *b)
{
    return b ? b->terminated : NULL;
}

MANCALA_EXPORT const uint8_t *mancala_batch_truncated(const mancala_batch *b)
{
    return b ? b->truncated : NULL;
}

MANCALA_EXPORT const int32_t *mancala_batch_to_move(const mancala_batch *b)
{
    return b ? b->to_move : NULL;
}

MANCALA_EXPORT const mancala_game *mancala_batch_game(const mancala_batch *b, int index)
{
    return b && index >= 0 && index < b->count ? b->games[index] : NULL;
}

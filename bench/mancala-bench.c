/*
 * mancala-bench: how fast the public API plays, in plies per second.
 *
 *   mancala-bench playouts RULES GAMES SEED [--threads N]
 *       plays GAMES uniformly random games (or rounds, for Rio Kadalis)
 *       from the start position, each on a clone of one new game. Game i
 *       draws its moves from its own generator, seeded by SEED and i, so
 *       the games (and the plies) are the same whatever N is.
 *   mancala-bench api-playouts RULES GAMES SEED [--threads N]
 *       the same number of random games by mancala_playout() from the
 *       start position (the library's own loop, as tree search uses it);
 *       game i gets the seed mc_random_seed(SEED, i) (lib/core/random.h).
 *   mancala-bench batch RULES GAMES STEPS [--threads N]
 *       a batch of GAMES games (mancala_batch_new(), seed 1) stepped STEPS
 *       times by mancala_batch_step_random(), which writes every game's
 *       observation and legal mask at each step, as a learner reads them;
 *       the batch's own N threads. A step of a game whose episode ended
 *       the step before starts its next episode (autoreset) and plays no
 *       ply: steps_per_s counts every game's steps, plies_per_s the plies.
 *   mancala-bench batch-mcts RULES GAMES SIMULATIONS [RUNS]
 *       the batched tree search (mancala_batch_mcts_new(), seed 1) of
 *       GAMES trees, each searched SIMULATIONS times from its own opening
 *       (game i: i % 8 random plies from the start, drawn from
 *       mc_random_seed(1, i)), with the trivial evaluator: every leaf's
 *       priors uniform and its value 0, answered from arrays made once.
 *       The time is that of the selections and answers (not of setting
 *       the roots); RUNS searches (default 5), each from fresh roots, and
 *       the median rate of leaves evaluated, with the lowest and highest.
 *       One thread (the search has none).
 *   mancala-bench perft RULES DEPTH [--threads N]
 *       counts the move sequences of exactly DEPTH plies from the start
 *       position by mancala_play() and mancala_undo(), the repetition rule
 *       on; a game that ends earlier contributes nothing below its end.
 *       The threads share out the lines of the first two plies.
 *   mancala-bench layer RULES STONES SAMPLES SEED
 *       not a timing: SAMPLES boards drawn uniformly among those of STONES
 *       stones with every pit open (South to move, the other stones
 *       captured), and how many legal moves each has and how many of them
 *       stay in the layer (capture nothing): the moves a table solver
 *       stores a parent for (doc/scaling.md).
 *
 * Only the public API is used, as a research program would use it, each
 * thread on its own handles. With one thread (the default) the times are
 * the processor time of this process, the time on one core; with more
 * they are wall-clock time (processor time would add the threads up).
 * Each command prints exactly one line (the formats are relied upon by
 * scripts), `clock` saying which time it is:
 *
 *   RULES games=G plies=P seconds=S games_per_s=X plies_per_s=Y threads=N clock=cpu|wall
 *   RULES batch-mcts games=G simulations=S runs=R leaves=L range_per_s=MIN-MAX leaves_per_s=MEDIAN threads=1 clock=cpu
 *   RULES perft DEPTH = COUNT seconds=S nodes_per_s=Y threads=N clock=cpu|wall
 *   RULES batch games=G steps=T plies=P seconds=S steps_per_s=X plies_per_s=Y threads=N clock=cpu|wall
 *   RULES layer STONES samples=N moves_per_position=X inside_layer_per_position=Y
 *
 * SPDX-License-Identifier: MIT
 */
/* clock_gettime() and CLOCK_PROCESS_CPUTIME_ID */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mancala.h>

/* The generator the library's batches draw random actions with. */
#include "core/random.h"

/* Threads at most (more would only share the same cores). */
#define MAX_THREADS 256

/* The time in seconds: with one thread, the processor time this process
 * has used, the time on one core, which does not count the time other
 * programs on a busy machine hold the processor; with more, wall-clock
 * time. */
static double now(int threads)
{
    struct timespec ts;
    clock_gettime(threads > 1 ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *clock_name(int threads)
{
    return threads > 1 ? "wall" : "cpu";
}

static int fail(const char *what, int status)
{
    fprintf(stderr, "mancala-bench: %s: %s\n", what, mancala_strerror(status));
    return 1;
}

static int parse_count(const char *text, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno || end == text || *end || value < 0 || value > max)
        return -1;
    *out = value;
    return 0;
}

/* One thread's share of the games: [first, end). */
struct playouts {
    const char *rules;
    uint64_t seed;
    long long first, end;
    int api;          /* play by mancala_playout() */
    long long plies;  /* out */
    int status;       /* out: 0, or 1 after printing an error */
};

static void *play_games(void *arg)
{
    struct playouts *w = arg;
    long long plies = 0; /* counted here: the threads' results share cache lines */
    mancala_game *start;
    int status = mancala_new(&start, w->rules);
    if (status < 0) {
        w->status = fail(w->rules, status);
        return NULL;
    }
    for (long long i = w->first; w->api && i < w->end; i++) {
        int scores[2];
        status = mancala_playout(start, mc_random_seed(w->seed, (uint64_t)i), scores);
        if (status < 0) {
            w->status = fail("mancala_playout", status);
            break;
        }
        plies += status;
    }
    for (long long i = w->first; !w->api && i < w->end; i++) {
        mancala_game *g;
        status = mancala_clone(&g, start);
        if (status < 0) {
            w->status = fail("mancala_clone", status);
            break;
        }
        uint64_t rng = mc_random_seed(w->seed, (uint64_t)i);
        int moves[MANCALA_MAX_PITS], count;
        while ((count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS)) > 0) {
            status = mancala_play(g, moves[mc_random_below(&rng, (uint32_t)count)]);
            if (status < 0)
                break;
            plies++;
        }
        mancala_free(g);
        if (count < 0 || status < 0) {
            w->status = fail(count < 0 ? "mancala_legal_moves" : "mancala_play",
                             count < 0 ? count : status);
            break;
        }
    }
    mancala_free(start);
    w->plies = plies;
    return NULL;
}

/* Runs work(arg[t]) for each of `threads` arguments, the first in this
 * thread. Returns 0, or 1 if a thread could not be started. */
static int run_threads(void *(*work)(void *), void *args, size_t size, pthread_t *ids, int threads)
{
    int started = 1, failed = 0;
    for (; started < threads; started++)
        if (pthread_create(&ids[started], NULL, work, (char *)args + started * size)) {
            fprintf(stderr, "mancala-bench: cannot start thread %d\n", started + 1);
            failed = 1;
            break;
        }
    work(args);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
    return failed;
}

static int run_playouts(const char *rules, long long games, uint64_t seed, int threads, int api)
{
    struct playouts w[MAX_THREADS];
    pthread_t ids[MAX_THREADS];
    /* Thread t plays a contiguous share of the games: the first
     * games % threads threads one more than the others. */
    const long long share = games / threads, extra = games % threads;
    for (int t = 0; t < threads; t++) {
        memset(&w[t], 0, sizeof w[t]);
        w[t].rules = rules;
        w[t].seed = seed;
        w[t].api = api;
        w[t].first = share * t + (t < extra ? t : extra);
        w[t].end = w[t].first + share + (t < extra);
    }
    double t0 = now(threads);
    if (run_threads(play_games, w, sizeof w[0], ids, threads))
        return 1;
    double seconds = now(threads) - t0;
    long long plies = 0;
    for (int t = 0; t < threads; t++) {
        if (w[t].status)
            return w[t].status;
        plies += w[t].plies;
    }
    if (seconds <= 0)
        seconds = 1e-9; /* below the clock's resolution */
    printf("%s games=%lld plies=%lld seconds=%.3f games_per_s=%.0f plies_per_s=%.0f threads=%d "
           "clock=%s\n",
           rules, games, plies, seconds, (double)games / seconds, (double)plies / seconds, threads,
           clock_name(threads));
    return 0;
}

/* The number of move sequences of `depth` plies. At the last ply the legal
 * moves are counted without being played, as perft programs for other
 * games do: each of them is exactly one sequence. */
static int perft(mancala_game *g, int depth, uint64_t *count)
{
    int moves[MANCALA_MAX_PITS];
    int n = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    if (n < 0)
        return n;
    if (depth == 1) {
        *count += (uint64_t)n;
        return 0;
    }
    for (int i = 0; i < n; i++) {
        int status = mancala_play(g, moves[i]);
        if (status == 0)
            status = perft(g, depth - 1, count);
        if (status == 0)
            status = mancala_undo(g);
        if (status < 0)
            return status;
    }
    return 0;
}

/* The lines of the first plies, shared out among the threads: each takes
 * the next one not taken, plays it on its own copy of the start and counts
 * what follows. */
struct perft_lines {
    int count, plies;                        /* plies: 1 or 2 */
    int move[MANCALA_MAX_PITS * MANCALA_MAX_PITS][2];
    atomic_int next;
};

struct perft_work {
    struct perft_lines *lines;
    mancala_game *game;  /* this thread's copy of the start */
    int depth;
    uint64_t count;      /* out */
    int status;          /* out: 0 or a MANCALA_E_* code */
};

static void *count_lines(void *arg)
{
    struct perft_work *w = arg;
    struct perft_lines *lines = w->lines;
    uint64_t count = 0; /* counted here: the threads' results share cache lines */
    int i;
    while (!w->status && (i = atomic_fetch_add(&lines->next, 1)) < lines->count) {
        int played = 0, status = 0;
        for (; played < lines->plies && status == 0; played++)
            status = mancala_play(w->game, lines->move[i][played]);
        if (status == 0)
            status = perft(w->game, w->depth - lines->plies, &count);
        for (; status == 0 && played > 0; played--)
            status = mancala_undo(w->game);
        if (status < 0)
            w->status = status;
    }
    w->count = count;
    return NULL;
}

/* The lines of `plies` (1 or 2) plies from `g`. */
static int list_lines(mancala_game *g, int plies, struct perft_lines *lines)
{
    int first[MANCALA_MAX_PITS], second[MANCALA_MAX_PITS];
    int n = mancala_legal_moves(g, first, MANCALA_MAX_PITS);
    lines->count = 0;
    lines->plies = plies;
    atomic_init(&lines->next, 0);
    for (int i = 0; i < n; i++) {
        if (plies == 1) {
            lines->move[lines->count++][0] = first[i];
            continue;
        }
        int status = mancala_play(g, first[i]);
        if (status < 0)
            return status;
        int m = mancala_legal_moves(g, second, MANCALA_MAX_PITS);
        for (int j = 0; j < m; j++) {
            lines->move[lines->count][0] = first[i];
            lines->move[lines->count++][1] = second[j];
        }
        if ((status = mancala_undo(g)) < 0)
            return status;
    }
    return n < 0 ? n : 0;
}

static int run_perft(const char *rules, int depth, int threads)
{
    mancala_game *g;
    int status = mancala_new(&g, rules);
    if (status < 0)
        return fail(rules, status);
    static struct perft_lines lines;
    struct perft_work w[MAX_THREADS];
    pthread_t ids[MAX_THREADS];
    uint64_t count = depth == 0;
    int started = 0;
    double t0 = now(threads);
    if (depth == 1) {
        status = perft(g, depth, &count);
    } else if (depth > 1) {
        status = list_lines(g, depth > 2 ? 2 : 1, &lines);
        for (; status == 0 && started < threads; started++) {
            memset(&w[started], 0, sizeof w[started]);
            w[started].lines = &lines;
            w[started].depth = depth;
            status = mancala_clone(&w[started].game, g);
        }
        if (status == 0 && run_threads(count_lines, w, sizeof w[0], ids, threads))
            status = MANCALA_E_NOMEM;
        for (int t = 0; t < started; t++) {
            count += w[t].count;
            if (status == 0)
                status = w[t].status;
            mancala_free(w[t].game);
        }
    }
    double seconds = now(threads) - t0;
    mancala_free(g);
    if (status < 0)
        return fail("perft", status);
    if (seconds <= 0)
        seconds = 1e-9; /* below the clock's resolution */
    printf("%s perft %d = %" PRIu64 " seconds=%.3f nodes_per_s=%.0f threads=%d clock=%s\n", rules,
           depth, count, seconds, (double)count / seconds, threads, clock_name(threads));
    return 0;
}

static int run_batch(const char *rules, long long games, long long steps, int threads)
{
    mancala_batch *batch;
    char reason[MANCALA_REASON_MAX];
    int status = mancala_batch_new(&batch, rules, (int)games, 1, reason, sizeof reason);
    if (status < 0) {
        fprintf(stderr, "mancala-bench: %s\n", reason);
        return 1;
    }
    int32_t *actions = malloc((size_t)games * sizeof *actions);
    if (!actions) {
        mancala_batch_free(batch);
        return fail("batch", MANCALA_E_NOMEM);
    }
    status = mancala_batch_set_option(batch, MANCALA_BATCH_OPT_THREADS, threads);
    long long plies = 0;
    double t0 = now(threads);
    for (long long t = 0; status == 0 && t < steps; t++) {
        status = mancala_batch_step_random(batch, actions, (size_t)games);
        for (long long i = 0; i < games; i++)
            plies += actions[i] >= 0;
    }
    double seconds = now(threads) - t0;
    if (status < 0) {
        fprintf(stderr, "mancala-bench: %s\n", mancala_batch_reason(batch));
        free(actions);
        mancala_batch_free(batch);
        return 1;
    }
    free(actions);
    mancala_batch_free(batch);
    if (seconds <= 0)
        seconds = 1e-9;
    printf("%s batch games=%lld steps=%lld plies=%lld seconds=%.3f steps_per_s=%.0f "
           "plies_per_s=%.0f threads=%d clock=%s\n",
           rules, games, steps, plies, seconds, (double)(games * steps) / seconds,
           (double)plies / seconds, threads, clock_name(threads));
    return 0;
}

/* One search of the batched tree search from fresh roots; the leaves
 * evaluated and the seconds of selections and answers. */
static int batch_mcts_run(mancala_batch_mcts *search, const char *rules, int games, float *priors,
                          const float *values, long long *leaves, double *seconds)
{
    for (int i = 0; i < games; i++) {
        mancala_game *game;
        int status = mancala_new(&game, rules);
        uint64_t rng = mc_random_seed(1, (uint64_t)i);
        for (int p = 0; status == 0 && p < i % 8 && !mancala_is_over(game); p++) {
            int moves[MANCALA_MAX_PITS], count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
            status = mancala_play(game, moves[mc_random_below(&rng, (uint32_t)count)]);
        }
        if (status == 0 && mancala_is_over(game))
            mancala_undo(game);
        if (status == 0)
            status = mancala_batch_mcts_set_root(search, i, game);
        mancala_free(game);
        if (status < 0)
            return fail("batch-mcts: a root", status);
    }
    *leaves = 0;
    const double t0 = now(1);
    int count;
    while ((count = mancala_batch_mcts_select(search)) > 0) {
        int status = mancala_batch_mcts_answer(search, priors, values, (size_t)count);
        if (status < 0)
            return fail("batch-mcts: answer", status);
        *leaves += count;
    }
    *seconds = now(1) - t0;
    return count < 0 ? fail("batch-mcts: select", count) : 0;
}

static int compare_doubles(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int run_batch_mcts(const char *rules, int games, int simulations, int runs)
{
    mancala_batch_mcts *search;
    char reason[MANCALA_REASON_MAX];
    if (mancala_batch_mcts_new(&search, rules, games, simulations, 1, reason, sizeof reason) < 0) {
        fprintf(stderr, "mancala-bench: %s\n", reason);
        return 1;
    }
    /* The trivial evaluator: uniform priors, value 0, for any leaves. */
    float *priors = malloc((size_t)games * MANCALA_MAX_PITS * sizeof *priors);
    float *values = calloc((size_t)games, sizeof *values);
    double *rates = malloc((size_t)runs * sizeof *rates);
    int status = !priors || !values || !rates;
    if (status)
        fail("batch-mcts", MANCALA_E_NOMEM);
    long long leaves = 0, all = 0;
    double seconds = 0, total = 0;
    for (int r = 0; !status && r < runs; r++) {
        for (size_t k = 0; k < (size_t)games * MANCALA_MAX_PITS; k++)
            priors[k] = 1.0f;
        status = batch_mcts_run(search, rules, games, priors, values, &leaves, &seconds);
        rates[r] = (double)leaves / (seconds > 0 ? seconds : 1e-9);
        all += leaves;
        total += seconds;
    }
    if (!status) {
        qsort(rates, (size_t)runs, sizeof *rates, compare_doubles);
        printf("%s batch-mcts games=%d simulations=%d runs=%d leaves=%lld seconds=%.3f "
               "range_per_s=%.0f-%.0f leaves_per_s=%.0f threads=1 clock=%s\n",
               rules, games, simulations, runs, all, total, rates[0], rates[runs - 1],
               rates[(runs - 1) / 2], clock_name(1));
    }
    free(priors);
    free(values);
    free(rates);
    mancala_batch_mcts_free(search);
    return status;
}

static int usage(void);

static int board_stones(const mancala_game *game, int pits)
{
    int sum = 0;
    for (int p = 0; p < pits; p++)
        sum += mancala_pit(game, p);
    return sum;
}

static int run_layer(const char *rules, int stones, long long samples, uint64_t seed)
{
    mancala_game *game;
    int status = mancala_new(&game, rules);
    if (status < 0)
        return fail(rules, status);
    const int pits = mancala_num_pits(game), total = board_stones(game, pits);
    mancala_free(game);
    if (stones > total || samples < 1)
        return usage();
    long long moves = 0, inside = 0;
    for (long long n = 0; n < samples; n++) {
        /* Stars and bars: pits - 1 bars among stones + pits - 1 places. */
        int count[MANCALA_MAX_PITS] = {0}, bars = pits - 1, pit = 0;
        for (int place = 0, places = stones + pits - 1; place < places; place++) {
            if ((int)mc_random_below(&seed, (uint32_t)(places - place)) < bars)
                bars--, pit++;
            else
                count[pit]++;
        }
        char text[MANCALA_POSITION_MAX], why[MANCALA_REASON_MAX];
        int len = snprintf(text, sizeof text, "%s/", rules);
        for (int p = 0; p < pits; p++)
            len += snprintf(text + len, sizeof text - (size_t)len, "%s%d", p ? "," : "", count[p]);
        snprintf(text + len, sizeof text - (size_t)len, "/S/%d,%d/1", total - stones, 0);
        if (mancala_parse(&game, text, why, sizeof why) < 0) {
            fprintf(stderr, "mancala-bench: %s: %s\n", text, why);
            return 1;
        }
        int list[MANCALA_MAX_PITS], k = mancala_legal_moves(game, list, MANCALA_MAX_PITS);
        for (int i = 0; i < k; i++) {
            mancala_game *child;
            if ((status = mancala_clone(&child, game)) < 0 || (status = mancala_play(child, list[i])) < 0)
                return fail("layer", status);
            moves++;
            inside += board_stones(child, pits) == stones;
            mancala_free(child);
        }
        mancala_free(game);
    }
    printf("%s layer %d samples=%lld moves_per_position=%.3f inside_layer_per_position=%.3f\n", rules,
           stones, samples, (double)moves / (double)samples, (double)inside / (double)samples);
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: mancala-bench playouts RULES GAMES SEED [--threads N]\n"
                    "       mancala-bench api-playouts RULES GAMES SEED [--threads N]\n"
                    "       mancala-bench batch RULES GAMES STEPS [--threads N]\n"
                    "       mancala-bench batch-mcts RULES GAMES SIMULATIONS [RUNS]\n"
                    "       mancala-bench perft RULES DEPTH [--threads N]\n"
                    "       mancala-bench layer RULES STONES SAMPLES SEED\n");
    return 2;
}

int main(int argc, char **argv)
{
    long long a, b, threads = 1;
    if (argc >= 3 && strcmp(argv[argc - 2], "--threads") == 0) {
        if (parse_count(argv[argc - 1], MAX_THREADS, &threads) || threads < 1)
            return usage();
        argc -= 2;
    }
    if (argc == 5 && (strcmp(argv[1], "playouts") == 0 || strcmp(argv[1], "api-playouts") == 0)) {
        if (parse_count(argv[3], INT64_MAX, &a) || parse_count(argv[4], INT64_MAX, &b))
            return usage();
        return run_playouts(argv[2], a, (uint64_t)b, (int)threads, argv[1][0] == 'a');
    }
    if (argc == 5 && strcmp(argv[1], "batch") == 0) {
        if (parse_count(argv[3], 1 << 20, &a) || a < 1 || parse_count(argv[4], INT64_MAX / a, &b))
            return usage();
        return run_batch(argv[2], a, b, (int)threads);
    }
    if ((argc == 5 || argc == 6) && strcmp(argv[1], "batch-mcts") == 0 && threads == 1) {
        long long runs = 5;
        if (parse_count(argv[3], 1 << 16, &a) || a < 1 || parse_count(argv[4], 100000, &b) || b < 1 ||
            (argc == 6 && (parse_count(argv[5], 1000, &runs) || runs < 1)))
            return usage();
        return run_batch_mcts(argv[2], (int)a, (int)b, (int)runs);
    }
    if (argc == 6 && strcmp(argv[1], "layer") == 0 && threads == 1) {
        long long seed;
        if (parse_count(argv[3], 48, &a) || parse_count(argv[4], INT64_MAX, &b) ||
            parse_count(argv[5], INT64_MAX, &seed))
            return usage();
        return run_layer(argv[2], (int)a, b, (uint64_t)seed);
    }
    if (argc == 4 && strcmp(argv[1], "perft") == 0) {
        if (parse_count(argv[3], 64, &a))
            return usage();
        return run_perft(argv[2], (int)a, (int)threads);
    }
    return usage();
}

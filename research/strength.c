/*
 * Player strength, measured: seeded round-robin matches between a random
 * player, alpha-beta search at several depths, Monte Carlo tree search at
 * several budgets and, for Modiar with a solved table, the perfect player.
 * Every pair plays the same random openings twice, once with each player
 * moving first, and the program prints who scored what against whom.
 *
 *   mancala-strength [--rules NAME] [--games N] [--openings K] [--seed S]
 *                    [--table FILE] [--tt BYTES] [--match ROUNDS] [--threads T]
 *                    [PLAYER...]
 *
 * PLAYER is `random`, `abD` (alpha-beta to depth D), `abDt` (the same
 * search using the --table where it covers a position, such as Rio Kadalis
 * endgames), `mctsN` (N playouts per move) or `perfect` (needs --table).
 * A game of Rio Kadalis is one round from the start position; with
 * --match ROUNDS it is a whole match of at most ROUNDS rounds, played by
 * the match rules (a player with fewer than 4 stones loses it; a match that
 * keeps repeating ends, and after round ROUNDS it ends too: then the player
 * holding more stones wins); its margin is the stone difference after the
 * last round, 0 for a drawn match.
 * The games are played by T threads (by default one per processor), each
 * with its own searchers; every game depends on its seeds only, so the
 * results are the same whatever T is (the times per move are wall-clock,
 * per thread).
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP stops it within a second: the games
 * under way are dropped, the tables count the finished ones, a line on
 * stderr says how many, and the exit status is 1.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sysconf */

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mancala.h>

#include "core/random.h"

#define MAX_PLAYERS 16
#define MAX_THREADS 64

enum kind { RANDOM, ALPHA_BETA, MCTS, PERFECT };

struct player {
    char name[24];
    enum kind kind;
    long param;               /* depth or playouts */
    int with_table;           /* ALPHA_BETA: uses the --table */
    mancala_search *search;   /* ALPHA_BETA */
    double seconds;           /* thinking time in all */
    long moves;               /* moves chosen */
};

/* Results of one pair, from the row player's side. */
struct result {
    int games, wins, draws;
    long margin;              /* summed final stone difference */
};

struct options {
    const char *rules;
    int games;                /* per pair; even: each opening twice */
    int openings;             /* random plies before the players take over */
    uint64_t seed;
    const char *table_path;
    size_t tt_bytes;
    int match_rounds;         /* Rio Kadalis: 0 for one round, else a match of at most this many */
    int threads;
};

/* A stop asked for by a signal (0 for none): a lock-free atomic, which
 * the handler may set and every thread read. And the searchers the
 * handler cancels (mancala_search_cancel() is async-signal-safe), set
 * before the handler is installed and NULL again before they are freed. */
static atomic_int stop_signal;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler needs a lock-free atomic int");
static mancala_search *cancellable[MAX_THREADS * MAX_PLAYERS];

static void stop_on_signal(int signo)
{
    atomic_store(&stop_signal, signo);
    for (size_t i = 0; i < sizeof cancellable / sizeof cancellable[0]; i++)
        if (cancellable[i])
            mancala_search_cancel(cancellable[i]);
}

/* A game's margin when a stop dropped it (and INT32_MIN when it failed). */
#define DROPPED (INT32_MIN + 1)

/* SplitMix64: a seed for each game, ply and purpose. */
static uint64_t mix(uint64_t x)
{
    return mc_random_next(&x);
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int parse_player(struct player *p, const char *text)
{
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", text);
    char *end;
    if (strcmp(text, "random") == 0) {
        p->kind = RANDOM;
    } else if (strcmp(text, "perfect") == 0) {
        p->kind = PERFECT;
    } else if (strncmp(text, "ab", 2) == 0) {
        p->kind = ALPHA_BETA;
        p->param = strtol(text + 2, &end, 10);
        p->with_table = strcmp(end, "t") == 0;
        if ((*end && !p->with_table) || p->param < 1)
            return -1;
    } else if (strncmp(text, "mcts", 4) == 0) {
        p->kind = MCTS;
        p->param = strtol(text + 4, &end, 10);
        if (*end || p->param < 1)
            return -1;
    } else {
        return -1;
    }
    return 0;
}

/* The move `p` chooses in `g`; `seed` is this game's and ply's. */
static int choose_move(struct player *p, const mancala_game *g, const mancala_table *table, uint64_t seed)
{
    int moves[MANCALA_MAX_PITS], count, move = -1;
    double start = now_seconds();
    switch (p->kind) {
    case RANDOM:
        count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        move = moves[mix(seed) % (uint64_t)count];
        break;
    case ALPHA_BETA:
        if (mancala_search_run(p->search, g) == MANCALA_OK)
            move = mancala_search_best_move(p->search);
        break;
    case MCTS:
        if (mancala_mcts(g, seed, p->param, &move) != MANCALA_OK)
            move = -1;
        break;
    case PERFECT:
        /* Any of the best moves: the seed picks one. */
        count = mancala_table_best_moves(table, g, moves, MANCALA_MAX_PITS);
        if (count > 0)
            move = moves[mix(seed) % (uint64_t)count];
        break;
    }
    p->seconds += now_seconds() - start;
    p->moves++;
    return move;
}

/* The final stone difference for `player`. */
static int margin(const mancala_game *g, int player)
{
    return mancala_score(g, player) - mancala_score(g, !player);
}

/*
 * Plays one game: `opening` random plies, then `south` against `north`.
 * Returns South's final margin, INT32_MIN if a player failed, or DROPPED
 * if a signal asked to stop. A
 * perfect player's margin is checked against the table's lower bound of
 * the first position it had to play (`*violations` counts failures).
 */
static int play_game(const struct options *o, struct player *south, struct player *north,
                     const mancala_table *table, uint64_t game_seed, uint64_t opening_seed,
                     int *violations)
{
    mancala_game *g;
    if (mancala_new(&g, o->rules) != MANCALA_OK)
        return INT32_MIN;
    if (o->match_rounds && mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, o->match_rounds) != MANCALA_OK) {
        mancala_free(g);
        return INT32_MIN;
    }
    int moves[MANCALA_MAX_PITS];
    for (int ply = 0; ply < o->openings && !mancala_is_over(g); ply++) {
        int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        mancala_play(g, moves[mix(opening_seed + (uint64_t)ply) % (uint64_t)count]);
    }
    struct player *side[2] = {south, north};
    int guaranteed[2] = {INT32_MIN, INT32_MIN};
    for (uint64_t ply = 0;; ply++) {
        if (stop_signal) {
            mancala_free(g);
            return DROPPED;
        }
        if (mancala_is_over(g)) {
            /* The next round of a match, if it goes on. */
            if (!o->match_rounds || mancala_match_over(g) || mancala_next_round(g) != MANCALA_OK)
                break;
            continue;
        }
        int mover = mancala_to_move(g);
        struct player *p = side[mover];
        if (p->kind == PERFECT && guaranteed[mover] == INT32_MIN && !o->match_rounds) {
            int lo, hi;
            if (mancala_table_value(table, g, &lo, &hi) == MANCALA_OK)
                guaranteed[mover] = lo;
        }
        int move = choose_move(p, g, table, mix(game_seed ^ mix(ply)));
        if (stop_signal) {
            /* A search the stop cancelled. */
            mancala_free(g);
            return DROPPED;
        }
        if (move < 0 || mancala_play(g, move) != MANCALA_OK) {
            fprintf(stderr, "%s failed to move in game %llu\n", p->name,
                    (unsigned long long)game_seed);
            mancala_free(g);
            return INT32_MIN;
        }
    }
    for (int player = 0; player < 2; player++)
        if (guaranteed[player] != INT32_MIN && margin(g, player) < guaranteed[player])
            (*violations)++;
    int result = margin(g, MANCALA_SOUTH);
    if (o->match_rounds && mancala_match_winner(g) == MANCALA_DRAW)
        result = 0;
    mancala_free(g);
    return result;
}

/* The games to play, shared out among the threads: game j is game k of
 * pair (a, b), in the order the results are added up. */
struct tournament {
    const struct options *o;
    const mancala_table *table;
    int nplayers, njobs;
    int (*jobs)[3];           /* a, b, k */
    int *margin;              /* per game: South's margin, or INT32_MIN */
    atomic_int next;
};

/* One thread: its own copy of the players (and searchers). */
struct worker {
    struct tournament *t;
    struct player players[MAX_PLAYERS];
    int violations;
    pthread_t thread;
};

static void *play_games(void *arg)
{
    struct worker *w = arg;
    struct tournament *t = w->t;
    int j;
    while (!stop_signal && (j = atomic_fetch_add(&t->next, 1)) < t->njobs) {
        const int a = t->jobs[j][0], b = t->jobs[j][1], k = t->jobs[j][2];
        /* Games 2j and 2j+1 share an opening, colours swapped. */
        uint64_t opening_seed = mix(t->o->seed ^ mix((uint64_t)k / 2 + 1));
        uint64_t game_seed = mix(opening_seed ^ mix((uint64_t)(a * MAX_PLAYERS + b)) ^ (uint64_t)k);
        int a_south = k % 2 == 0;
        struct player *south = a_south ? &w->players[a] : &w->players[b];
        struct player *north = a_south ? &w->players[b] : &w->players[a];
        t->margin[j] = play_game(t->o, south, north, t->table, game_seed, opening_seed, &w->violations);
    }
    return NULL;
}

/* Gives each of the worker's alpha-beta players its own searcher. */
static int make_searchers(struct worker *w, const struct options *o, const mancala_table *table)
{
    for (int i = 0; i < w->t->nplayers; i++) {
        struct player *p = &w->players[i];
        p->search = NULL;
        if (p->kind != ALPHA_BETA)
            continue;
        if (mancala_search_new(&p->search, o->tt_bytes) != MANCALA_OK ||
            mancala_search_set_limit(p->search, MANCALA_LIMIT_DEPTH, p->param) != MANCALA_OK ||
            mancala_search_set_table(p->search, p->with_table ? table : NULL) != MANCALA_OK)
            return -1;
    }
    return 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: mancala-strength [--rules NAME] [--games N] [--openings K] [--seed S]\n"
                    "                        [--table FILE] [--tt BYTES] [--match ROUNDS] [--threads T]\n"
                    "                        [PLAYER...]\n"
                    "PLAYER: random, abD (alpha-beta, depth D), abDt (the same with the --table),\n"
                    "        mctsN (N playouts), perfect\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    struct options o = {"modiar", 20, 4, 1, NULL, (size_t)1 << 20, 0,
                        cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : (int)cpus};
    struct player players[MAX_PLAYERS];
    int nplayers = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (strcmp(a, "--rules") == 0 && has_value)
            o.rules = argv[++i];
        else if (strcmp(a, "--games") == 0 && has_value)
            o.games = atoi(argv[++i]);
        else if (strcmp(a, "--openings") == 0 && has_value)
            o.openings = atoi(argv[++i]);
        else if (strcmp(a, "--seed") == 0 && has_value)
            o.seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(a, "--table") == 0 && has_value)
            o.table_path = argv[++i];
        else if (strcmp(a, "--tt") == 0 && has_value)
            o.tt_bytes = strtoull(argv[++i], NULL, 10);
        else if (strcmp(a, "--match") == 0 && has_value)
            o.match_rounds = atoi(argv[++i]);
        else if (strcmp(a, "--threads") == 0 && has_value)
            o.threads = atoi(argv[++i]);
        else if (a[0] == '-' || nplayers == MAX_PLAYERS || parse_player(&players[nplayers++], a))
            usage();
    }
    if (o.games < 1 || o.openings < 0 || o.match_rounds < 0 || o.threads < 1 ||
        o.threads > MAX_THREADS ||
        (o.match_rounds && mancala_rules_info(o.rules, MANCALA_RULES_ROUNDS) != 1))
        usage();
    if (!nplayers) {
        static const char *const defaults[] = {"random", "ab2", "ab4", "ab8", "mcts100", "mcts1000", "perfect"};
        for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
            parse_player(&players[nplayers++], defaults[i]);
    }

    /* The perfect player and abDt need a table; without one they sit out. */
    mancala_table *table = NULL;
    int status = MANCALA_E_INVALID;
    if (o.table_path)
        status = mancala_table_open(&table, o.table_path);
    int kept = 0;
    for (int i = 0; i < nplayers; i++) {
        if ((players[i].kind == PERFECT || players[i].with_table) && !table) {
            printf("%s left out: %s\n", players[i].name,
                   o.table_path ? mancala_strerror(status) : "no --table given");
            continue;
        }
        players[kept++] = players[i];
    }
    nplayers = kept;
    if (nplayers < 2) {
        fprintf(stderr, "need at least two players\n");
        return 2;
    }

    /* The games, then the threads that play them. */
    struct tournament t;
    memset(&t, 0, sizeof t);
    t.o = &o;
    t.table = table;
    t.nplayers = nplayers;
    atomic_init(&t.next, 0);
    t.jobs = malloc((size_t)nplayers * nplayers / 2 * (size_t)o.games * sizeof *t.jobs);
    t.margin = malloc((size_t)nplayers * nplayers / 2 * (size_t)o.games * sizeof *t.margin);
    static struct worker workers[MAX_THREADS];
    if (!t.jobs || !t.margin) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (int a = 0; a < nplayers; a++)
        for (int b = a + 1; b < nplayers; b++)
            for (int k = 0; k < o.games; k++) {
                t.jobs[t.njobs][0] = a, t.jobs[t.njobs][1] = b, t.jobs[t.njobs][2] = k;
                t.margin[t.njobs] = DROPPED; /* until it is played */
                t.njobs++;
            }
    const int nthreads = o.threads < t.njobs ? o.threads : t.njobs;
    for (int i = 0; i < nthreads; i++) {
        workers[i].t = &t;
        memcpy(workers[i].players, players, sizeof players);
        if (make_searchers(&workers[i], &o, table)) {
            fprintf(stderr, "cannot create a searcher\n");
            return 1;
        }
        for (int p = 0; p < nplayers; p++)
            cancellable[i * MAX_PLAYERS + p] = workers[i].players[p].search;
    }
    static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction stop_action;
    memset(&stop_action, 0, sizeof stop_action);
    stop_action.sa_handler = stop_on_signal;
    sigemptyset(&stop_action.sa_mask);
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++)
        sigaction(stop_signals[i], &stop_action, NULL);
    int started = 1;
    while (started < nthreads &&
           !pthread_create(&workers[started].thread, NULL, play_games, &workers[started]))
        started++;
    play_games(&workers[0]);
    for (int i = 1; i < started; i++)
        pthread_join(workers[i].thread, NULL);
    /* A signal from now on ends the program as usual. */
    stop_action.sa_handler = SIG_DFL;
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++)
        sigaction(stop_signals[i], &stop_action, NULL);
    memset(cancellable, 0, sizeof cancellable);
    int violations = 0, failures = 0, dropped = 0;
    for (int i = 0; i < nthreads; i++) {
        violations += workers[i].violations;
        for (int p = 0; p < nplayers; p++) {
            players[p].seconds += workers[i].players[p].seconds;
            players[p].moves += workers[i].players[p].moves;
            mancala_search_free(workers[i].players[p].search);
        }
    }

    static struct result results[MAX_PLAYERS][MAX_PLAYERS];
    for (int j = 0; j < t.njobs; j++) {
        const int a = t.jobs[j][0], b = t.jobs[j][1], k = t.jobs[j][2];
        int a_south = k % 2 == 0;
        int m = t.margin[j];
        if (m == INT32_MIN || m == DROPPED) {
            failures += m == INT32_MIN;
            dropped += m == DROPPED;
            continue;
        }
        int for_a = a_south ? m : -m;
        struct result *ra = &results[a][b], *rb = &results[b][a];
        ra->games++, rb->games++;
        ra->margin += for_a, rb->margin -= for_a;
        if (for_a > 0)
            ra->wins++;
        else if (for_a < 0)
            rb->wins++;
        else
            ra->draws++, rb->draws++;
    }
    free(t.jobs);
    free(t.margin);

    printf("%s: %d games per pair (random openings of %d plies, %d of them, each played with "
           "both players moving first), seed %llu\n\n",
           o.rules, o.games, o.openings, (o.games + 1) / 2, (unsigned long long)o.seed);
    if (o.match_rounds)
        printf("Each game is a match of at most %d rounds.\n\n", o.match_rounds);
    printf("Score of the row player against the column player, %% (a win 1, a draw 1/2):\n\n");
    printf("%-10s", "");
    for (int b = 0; b < nplayers; b++)
        printf("%10s", players[b].name);
    printf("%10s\n", "total");
    for (int a = 0; a < nplayers; a++) {
        printf("%-10s", players[a].name);
        int games = 0;
        double points = 0;
        for (int b = 0; b < nplayers; b++) {
            const struct result *r = &results[a][b];
            if (a == b || !r->games) {
                printf("%10s", "-");
                continue;
            }
            double p = r->wins + 0.5 * r->draws;
            printf("%10.1f", 100.0 * p / r->games);
            games += r->games;
            points += p;
        }
        /* A player without a finished game (after a stop) has no score. */
        if (games)
            printf("%10.1f\n", 100.0 * points / games);
        else
            printf("%10s\n", "-");
    }
    printf("\nMean final stone difference of the row player:\n\n");
    printf("%-10s", "");
    for (int b = 0; b < nplayers; b++)
        printf("%10s", players[b].name);
    printf("%12s\n", "ms/move");
    for (int a = 0; a < nplayers; a++) {
        printf("%-10s", players[a].name);
        for (int b = 0; b < nplayers; b++) {
            const struct result *r = &results[a][b];
            if (a == b || !r->games)
                printf("%10s", "-");
            else
                printf("%+10.1f", (double)r->margin / r->games);
        }
        printf("%12.3f\n", players[a].moves ? 1000.0 * players[a].seconds / (double)players[a].moves : 0.0);
    }
    int has_perfect = 0;
    for (int i = 0; i < nplayers; i++)
        has_perfect |= players[i].kind == PERFECT;
    if (has_perfect)
        printf("\nperfect player below its table value: %d time(s)\n", violations);
    if (failures)
        printf("\n%d game(s) failed\n", failures);
    const int stopped = atomic_load(&stop_signal);
    if (stopped)
        fprintf(stderr, "mancala-strength: stopped by %s; %d of %d games played (above), the rest not\n",
                stopped == SIGINT ? "SIGINT" : stopped == SIGTERM ? "SIGTERM" : "SIGHUP",
                t.njobs - dropped - failures, t.njobs);

    for (int i = 0; i < nplayers; i++)
        mancala_search_free(players[i].search);
    mancala_table_close(table);
    return failures || violations || stopped ? 1 : 0;
}

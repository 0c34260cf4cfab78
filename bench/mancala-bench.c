/*
 * mancala-bench: how fast the public API plays, in plies per second.
 *
 *   mancala-bench playouts RULES GAMES SEED
 *       plays GAMES uniformly random games (or rounds, for Rio Kadalis)
 *       from the start position, each on a clone of one new game.
 *   mancala-bench perft RULES DEPTH
 *       counts the move sequences of exactly DEPTH plies from the start
 *       position by mancala_play() and mancala_undo(), the repetition rule
 *       on; a game that ends earlier contributes nothing below its end.
 *
 * Only the public API is used, as a research program would use it. Times
 * are the processor time of this (single-threaded) process. Each command
 * prints exactly one line (the formats are relied upon by scripts):
 *
 *   RULES games=G plies=P seconds=S games_per_s=X plies_per_s=Y
 *   RULES perft DEPTH = COUNT seconds=S nodes_per_s=Y
 *
 * SPDX-License-Identifier: MIT
 */
/* clock_gettime() and CLOCK_PROCESS_CPUTIME_ID */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mancala.h>

/* The processor time this process has used, in seconds: the benchmark is
 * single-threaded, so this is the time on one core, and it does not count
 * the time other programs on a busy machine hold the processor. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* SplitMix64: seeded, the same sequence on every platform. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, bound): Lemire's multiply-shift with rejection
 * of the few values that would make some results likelier than others. */
static uint32_t uniform(uint64_t *state, uint32_t bound)
{
    uint64_t m = (uint64_t)(uint32_t)next_random(state) * bound;
    if ((uint32_t)m < bound) {
        const uint32_t threshold = -bound % bound;
        while ((uint32_t)m < threshold)
            m = (uint64_t)(uint32_t)next_random(state) * bound;
    }
    return (uint32_t)(m >> 32);
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

static int run_playouts(const char *rules, long long games, uint64_t seed)
{
    mancala_game *start;
    int status = mancala_new(&start, rules);
    if (status < 0)
        return fail(rules, status);
    uint64_t rng = seed;
    long long plies = 0;
    double t0 = now();
    for (long long i = 0; i < games; i++) {
        mancala_game *g;
        status = mancala_clone(&g, start);
        if (status < 0)
            return fail("mancala_clone", status);
        int moves[MANCALA_MAX_PITS], count;
        while ((count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS)) > 0) {
            status = mancala_play(g, moves[uniform(&rng, (uint32_t)count)]);
            if (status < 0)
                return fail("mancala_play", status);
            plies++;
        }
        if (count < 0)
            return fail("mancala_legal_moves", count);
        mancala_free(g);
    }
    double seconds = now() - t0;
    mancala_free(start);
    if (seconds <= 0)
        seconds = 1e-9; /* below the clock's resolution */
    printf("%s games=%lld plies=%lld seconds=%.3f games_per_s=%.0f plies_per_s=%.0f\n", rules,
           games, plies, seconds, (double)games / seconds, (double)plies / seconds);
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

static int run_perft(const char *rules, int depth)
{
    mancala_game *g;
    int status = mancala_new(&g, rules);
    if (status < 0)
        return fail(rules, status);
    uint64_t count = depth == 0;
    double t0 = now();
    if (depth > 0 && (status = perft(g, depth, &count)) < 0)
        return fail("perft", status);
    double seconds = now() - t0;
    mancala_free(g);
    if (seconds <= 0)
        seconds = 1e-9; /* below the clock's resolution */
    printf("%s perft %d = %" PRIu64 " seconds=%.3f nodes_per_s=%.0f\n", rules, depth, count,
           seconds, (double)count / seconds);
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: mancala-bench playouts RULES GAMES SEED\n"
                    "       mancala-bench perft RULES DEPTH\n");
    return 2;
}

int main(int argc, char **argv)
{
    long long a, b;
    if (argc == 5 && strcmp(argv[1], "playouts") == 0) {
        if (parse_count(argv[3], INT64_MAX, &a) || parse_count(argv[4], INT64_MAX, &b))
            return usage();
        return run_playouts(argv[2], a, (uint64_t)b);
    }
    if (argc == 4 && strcmp(argv[1], "perft") == 0) {
        if (parse_count(argv[3], 64, &a))
            return usage();
        return run_perft(argv[2], (int)a);
    }
    return usage();
}

/*
 * mancala perft: the lines of play counted to a depth, on threads, stopped by
 * Ctrl-C.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "platform/port.h"

static const char perft_help[] =
    "Usage: mancala perft RULES|POSITION DEPTH\n"
    "\n"
    "Counts the lines of play of each length from 1 to DEPTH plies from the\n"
    "position (the repetition rule applies; a game or round that ends earlier\n"
    "does not count at greater depths), one line each: \"depth D: COUNT\".\n"
    "The first moves are shared out among all the processors.\n"
    "\n"
    "Ctrl-C (SIGINT), SIGTERM or SIGHUP stop it within a second: the depths\n"
    "already counted are printed, and a message on stderr says which are not\n"
    "(exit status 1). So that a stop leaves some, it counts to DEPTH - 4,\n"
    "DEPTH - 8, ... first (a few percent more work).\n";

#define PERFT_MAX_DEPTH 40
#define PERFT_MAX_THREADS 64
/* The depths counted before DEPTH: DEPTH - PERFT_STEP, DEPTH - 2 *
 * PERFT_STEP, ... (each pass costs about 1 / b^PERFT_STEP of the next, b
 * the moves a position has: 3 to 6). */
#define PERFT_STEP 4

/* The signal that stopped perft, or 0: a lock-free atomic, which the
 * handler may set and perft's threads read. */
static atomic_int perft_stop;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler needs a lock-free atomic int");

static void on_perft_stop(int signo)
{
    atomic_store(&perft_stop, signo);
}

/* Counts the lines of each length below this node with play and undo on one
 * handle; returns at once, the counts incomplete, once perft_stop is set. */
static void perft(mancala_game *game, int depth, int max_depth, unsigned long long *counts)
{
    if (perft_stop)
        return;
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
    if (count <= 0)
        return;
    counts[depth] += (unsigned long long)count;
    if (depth + 1 == max_depth)
        return;
    for (int i = 0; i < count; i++) {
        if (mancala_play(game, moves[i]) < 0)
            continue;
        perft(game, depth + 1, max_depth, counts);
        mancala_undo(game);
    }
}

/* One thread's share of perft: it takes the first moves not yet taken and
 * counts below them on its own copy of the position. */
struct perft_share {
    mancala_game *game;
    const int *moves;
    int count, max_depth;
    atomic_int *next;
    unsigned long long counts[PERFT_MAX_DEPTH];
    pthread_t thread;
};

static void *perft_share(void *arg)
{
    struct perft_share *w = arg;
    int i;
    while ((i = atomic_fetch_add(w->next, 1)) < w->count) {
        if (mancala_play(w->game, w->moves[i]) < 0)
            continue;
        perft(w->game, 1, w->max_depth, w->counts);
        mancala_undo(w->game);
    }
    return NULL;
}

/* perft() from the root, its first moves shared out among up to one
 * thread per processor, each on its own clone (this one included). */
static void perft_threads(mancala_game *game, int max_depth, unsigned long long *counts)
{
    static struct perft_share share[PERFT_MAX_THREADS];
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cpus < 1 ? 1 : cpus > PERFT_MAX_THREADS ? PERFT_MAX_THREADS : (int)cpus;
    if (threads > count)
        threads = count;
    atomic_int next;
    atomic_init(&next, 0);
    int made = 0;
    for (; max_depth > 1 && made < threads; made++) {
        memset(&share[made], 0, sizeof share[made]);
        share[made].moves = moves;
        share[made].count = count;
        share[made].max_depth = max_depth;
        share[made].next = &next;
        if (mancala_clone(&share[made].game, game) < 0)
            break;
    }
    if (!made) {
        perft(game, 0, max_depth, counts); /* one ply, or no memory for a clone */
        return;
    }
    counts[0] = (unsigned long long)count;
    /* If a thread cannot start, the others take its share. */
    int started = 1;
    while (started < made &&
           !pthread_create(&share[started].thread, NULL, perft_share, &share[started]))
        started++;
    perft_share(&share[0]);
    for (int t = 0; t < made; t++) {
        if (t && t < started)
            pthread_join(share[t].thread, NULL);
        for (int d = 1; d < max_depth; d++)
            counts[d] += share[t].counts[d];
        mancala_free(share[t].game);
    }
}

int cmd_perft(int argc, char **argv)
{
    const char *cmd = "perft", *args[2] = {NULL, NULL};
    static const char *const names[] = {"RULES or POSITION", "DEPTH"};
    int status = parse_args(cmd, argc, argv, NULL, args, 2, 2, names);
    if (status < 0)
        return fputs(perft_help, stdout), EXIT_DONE;
    if (status)
        return status;
    long long depth;
    if ((status = parse_number(cmd, "DEPTH", args[1], 1, PERFT_MAX_DEPTH, &depth)))
        return status;
    mancala_game *game;
    if ((status = open_position(cmd, args[0], &game)))
        return status;
    /* Passes to DEPTH - k * PERFT_STEP, ..., DEPTH: the last one complete
     * is what a stop leaves. */
    unsigned long long counts[PERFT_MAX_DEPTH] = {0};
    int counted = 0;
    perft_stop = 0;
    catch_stop_signals(on_perft_stop);
    for (int pass = ((int)depth - 1) % PERFT_STEP + 1; pass <= depth && !perft_stop;
         pass += PERFT_STEP) {
        unsigned long long pass_counts[PERFT_MAX_DEPTH] = {0};
        perft_threads(game, pass, pass_counts);
        if (!perft_stop) {
            memcpy(counts, pass_counts, sizeof counts);
            counted = pass;
        }
    }
    catch_stop_signals(SIG_DFL);
    mancala_free(game);
    for (int d = 0; d < counted; d++)
        printf("depth %d: %llu\n", d + 1, counts[d]);
    if (counted == depth)
        return EXIT_DONE;
    fflush(stdout);
    if (!counted)
        return fail(cmd, "stopped by %s before any depth was counted",
                    signal_name(perft_stop));
    return fail(cmd, "stopped by %s; depths 1 to %d counted (above), %d to %lld not",
                signal_name(perft_stop), counted, counted + 1, depth);
}

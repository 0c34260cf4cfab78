/*
 * The engine's searches for the subcommands that think (play, analyze):
 * the searcher's set-up, and Ctrl-C stopping a search or MCTS instead
 * of the program.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "platform/port.h"

int searcher_new(mancala_search **out, int depth, int64_t time_ms)
{
    mancala_search *search;
    int status = mancala_search_new(&search, 0);
    if (status < 0)
        return status;
    status = mancala_search_set_limit(search, MANCALA_LIMIT_DEPTH, depth);
    if (status >= 0 && time_ms > 0)
        status = mancala_search_set_limit(search, MANCALA_LIMIT_TIME_MS, time_ms);
    if (status < 0) {
        mancala_search_free(search);
        return status;
    }
    *out = search;
    return 0;
}

/* ---- Ctrl-C stops the engine's thinking ---- */

/* The searcher or the tree the SIGINT handler cancels (NULL when none is
 * thinking), SIGINT's action while none is, and when the handler last
 * cancelled one (time() + 1 in 14 bits, 0 for never). */
static mancala_search *_Atomic thinking;
static mancala_mcts_tree *_Atomic thinking_tree;
static struct sigaction outside;
static volatile sig_atomic_t last_stop;

/* Ctrl-C stops the thinking: the engine plays its move at once. Two in a
 * row (within a second or so: a player's next thinking may have begun)
 * also call the program's own handler of Ctrl-C, if it has one:
 * `mancala play` then ends after the move, its record saved, so that a
 * game between two engines can be stopped too. (Where Ctrl-C would kill
 * the program, as in `analyze`, one already ends the run, which then
 * reports it.) time() is safe in a signal handler. */
static void stop_thinking(int signo)
{
    const int tick = (int)(time(NULL) & 0x3fff) + 1; /* the seconds, wrapped */
    const int again = last_stop && ((tick - last_stop) & 0x3fff) <= 1;
    last_stop = tick;
    mancala_search *search = atomic_load(&thinking);
    mancala_mcts_tree *tree = atomic_load(&thinking_tree);
    if (search)
        mancala_search_cancel(search); /* async-signal-safe */
    if (tree)
        mancala_mcts_cancel(tree); /* async-signal-safe */
    if (again && outside.sa_handler != SIG_DFL && outside.sa_handler != SIG_IGN)
        outside.sa_handler(signo);
}

/* Makes SIGINT stop the thinking, and back. (A Ctrl-C in the microseconds
 * before a run begins is not seen.) */
static void catch_sigint(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = stop_thinking;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &outside);
}

static void release_sigint(void)
{
    sigaction(SIGINT, &outside, NULL);
}

int search_interruptible(mancala_search *search, const mancala_game *game)
{
    atomic_store(&thinking, search);
    catch_sigint();
    const int status = mancala_search_run(search, game);
    release_sigint();
    atomic_store(&thinking, NULL);
    return status;
}

int mcts_interruptible(mancala_mcts_tree *tree, const mancala_game *game)
{
    atomic_store(&thinking_tree, tree);
    catch_sigint();
    const int status = mancala_mcts_run(tree, game);
    release_sigint();
    atomic_store(&thinking_tree, NULL);
    return status;
}

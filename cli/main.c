/*
 * mancala: play and study Modiar and Rio Kadalis with libmancala.
 * The commands, their dispatch, and the small ones: show, moves, perft.
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

static const char main_help[] =
    "Usage: mancala COMMAND [ARGUMENTS]\n"
    "\n"
    "Play and study the mancala games Modiar and Rio Kadalis.\n"
    "\n"
    "Commands:\n"
    "  play RULES|POSITION [--south P] [--north P] [--seed N] [--rounds N]\n"
    "                      [--table FILE] [--save FILE] [--delay MS] | --load FILE\n"
    "                           play a game (Rio Kadalis: a whole match)\n"
    "  show POSITION [--svg FILE]\n"
    "                           draw a position, or write it as an SVG picture\n"
    "  moves POSITION [--all]   list the legal moves and the position after each\n"
    "  analyze POSITION [--depth D | --time S] [--table FILE]\n"
    "                           rank the legal moves by search or the solved table\n"
    "  perft RULES|POSITION DEPTH\n"
    "                           count the lines of play of each length\n"
    "  solve RULES [-o|--out FILE] [--max-stones K] [--open KS,KN] [--step 4]\n"
    "                           solve Modiar or Rio Kadalis endgames, write the table\n"
    "  engine [--level L]       play as an engine of the text protocol on\n"
    "                           standard input and output (doc/protocol.md)\n"
    "  tournament ENGINE ENGINE... [--games N] [--concurrency C] [--sprt ...]\n"
    "                           play protocol engines against each other (a match,\n"
    "                           or a round robin of three or more)\n"
    "\n"
    "Players: human, random, search (depth 8), search:DEPTH, level:L, mcts:PLAYOUTS,\n"
    "perfect.\n"
    "RULES: modiar, rio-kadalis, rio-kadalis-5, rio-kadalis-cw, rio-kadalis-5-cw.\n"
    "POSITION: a position string such as modiar/7,7,7,7,7,7/S/0,0/0, or a\n"
    "rules name for its start position.\n"
    "\n"
    "'mancala COMMAND --help' describes a command; 'mancala --version' prints\n"
    "the version. See mancala(1).\n";

/* ---- show ---- */

static const char show_help[] =
    "Usage: mancala show POSITION [--svg FILE]\n"
    "\n"
    "Draws the position: the pits with their numbers, the stones captured\n"
    "(and the banks of Rio Kadalis), and whose turn it is.\n"
    "\n"
    "  --svg FILE  write an SVG picture of the board to FILE instead\n"
    "              (- for standard output)\n";

static int write_svg_file(const char *cmd, const char *path, const mancala_game *game)
{
    int failed = strcmp(path, "-") ? save_svg(path, game) != 0
                                   : write_svg(stdout, game) != 0 || fflush(stdout) != 0;
    return failed ? fail(cmd, "%s: %s", quote(path), strerror(errno)) : EXIT_DONE;
}

static int cmd_show(int argc, char **argv)
{
    const char *cmd = "show", *svg = NULL, *position = NULL;
    const struct option_spec options[] = {{"svg", &svg, NULL}, {0}};
    static const char *const names[] = {"POSITION"};
    int status = parse_args(cmd, argc, argv, options, &position, 1, 1, names);
    if (status < 0)
        return fputs(show_help, stdout), EXIT_DONE;
    if (status)
        return status;
    mancala_game *game;
    if ((status = open_position(cmd, position, &game)))
        return status;

    if (svg && !*svg) {
        status = usage_error(cmd, "--svg needs a file name (or - for standard output)");
    } else if (svg) {
        status = write_svg_file(cmd, svg, game);
    } else {
        struct style style;
        style_for(&style, stdout);
        char text[160];
        mancala_format(game, text, sizeof text);
        printf("%s\n", text);
        draw_board(stdout, &style, game);
        if (mancala_is_over(game)) {
            print_result(stdout, &style, game);
        } else {
            int moves[MANCALA_MAX_PITS];
            int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
            printf("%s to move; legal moves:", player_name(mancala_to_move(game)));
            for (int i = 0; i < count; i++)
                printf(" %d", moves[i]);
            printf(".\n");
        }
        status = EXIT_DONE;
    }
    mancala_free(game);
    return status;
}

/* ---- moves ---- */

static const char moves_help[] =
    "Usage: mancala moves POSITION [--all]\n"
    "\n"
    "Lists the legal moves of the player to move, one a line: the pit, then\n"
    "the position after the move (\"(over)\" if the game or round ends).\n"
    "\n"
    "  --all  list every pit of the player to move, with the reason each\n"
    "         illegal one is refused\n";

static int cmd_moves(int argc, char **argv)
{
    const char *cmd = "moves", *position = NULL;
    int all = 0;
    const struct option_spec options[] = {{"all", NULL, &all}, {0}};
    static const char *const names[] = {"POSITION"};
    int status = parse_args(cmd, argc, argv, options, &position, 1, 1, names);
    if (status < 0)
        return fputs(moves_help, stdout), EXIT_DONE;
    if (status)
        return status;
    mancala_game *game;
    if ((status = open_position(cmd, position, &game)))
        return status;

    int pits[MANCALA_MAX_PITS], count;
    if (all) {
        const int n = mancala_num_pits(game) / 2, first = mancala_to_move(game) * n;
        for (count = 0; count < n; count++)
            pits[count] = first + count;
    } else {
        count = mancala_legal_moves(game, pits, MANCALA_MAX_PITS);
        if (count == 0)
            printf("No legal move: %s.\n", mancala_strerror(MANCALA_E_OVER));
    }
    int result = EXIT_DONE;
    for (int i = 0; i < count && result == EXIT_DONE; i++) {
        mancala_game *after;
        if ((status = mancala_clone(&after, game)) < 0) {
            result = fail(cmd, "%s", mancala_strerror(status));
            break;
        }
        status = mancala_play(after, pits[i]);
        if (status < 0) {
            printf("%d  %s\n", pits[i], mancala_strerror(status));
        } else {
            char text[160];
            mancala_format(after, text, sizeof text);
            printf("%d  %s%s\n", pits[i], text, mancala_is_over(after) ? " (over)" : "");
        }
        mancala_free(after);
    }
    mancala_free(game);
    return result;
}

/* ---- perft ---- */

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

static int cmd_perft(int argc, char **argv)
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

/* ---- dispatch ---- */

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"play", cmd_play}, {"show", cmd_show}, {"moves", cmd_moves},
    {"analyze", cmd_analyze}, {"analyse", cmd_analyze}, {"perft", cmd_perft},
    {"solve", cmd_solve}, {"engine", cmd_engine}, {"tournament", cmd_tournament},
};

/* Output to a closed pipe or a full disk is a failure too, whatever
 * wrote it (a command, --help, --version). */
static int finish(int status)
{
    errno = 0;
    if (ferror(stdout) | (fflush(stdout) != 0) | (fclose(stdout) != 0))
        return fail(NULL, "cannot write standard output: %s",
                    errno ? strerror(errno) : "write error");
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error(NULL, "missing COMMAND (try 'mancala --help')");
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        fputs(main_help, stdout);
        return finish(EXIT_DONE);
    }
    if (!strcmp(name, "--version")) {
        printf("mancala %s (libmancala %s)\n", MANCALA_VERSION_STRING, mancala_version_string());
        return finish(EXIT_DONE);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(name, commands[i].name))
            return finish(commands[i].run(argc - 2, argv + 2));
    return usage_error(NULL, "unknown command %s (try 'mancala --help')", quote(name));
}

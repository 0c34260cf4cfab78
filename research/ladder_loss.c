/*
 * The strength levels judged by the solved Modiar table: for each level,
 * the stones of value its moves give away over a fixed set of positions.
 *
 *   mancala-ladder-loss --table FILE [--positions FILE | --book FILE]
 *                       [--levels A-B] [--count N] [--seed S]
 *
 * The positions (by default examples/python/data/modiar-10000.txt, one a
 * line) are spread evenly: N of them, every (lines / N)th. For each, the
 * level chooses its move (seed S mixed with the position's line number)
 * and the loss is the table's value of the position minus the value after
 * the move, both for the player to move before it (a move without a
 * choice is not counted). Positions whose value
 * before or after the move is not exact (the repetition rule leaves the
 * table an interval: a few with 36 or more stones on the board) are
 * skipped and counted. With --book (a book of openings, match records
 * as data/openings/modiar.txt), the level instead plays each of N
 * openings to the end against itself, and every move is judged: the
 * positions the level's own games reach. One line per level: moves judged, mean stones
 * lost, the share of moves losing 2 or more and 6 or more, the share of
 * the table's best moves, and the mean and longest wall-clock time of a
 * move in milliseconds (the level's own search: one searcher of
 * 16 MiB, as `mancala engine` has).
 *
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP stops it within a second (a level
 * move takes at most one): the level under way prints what it has judged,
 * marked "stopped", and the exit status is 1.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigaction */

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mancala.h>

#include "core/random.h"
#include "platform/port.h"

#define MAX_POSITIONS 100000
#define LINE_MAX_LEN 256

static volatile sig_atomic_t stop;

static void on_signal(int signo)
{
    (void)signo;
    stop = 1;
}

/* SplitMix64's step and finaliser. */
static uint64_t mix(uint64_t x)
{
    return mc_mix64(x + MC_RANDOM_GAMMA);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The exact value for the player to move, or 0 with *exact = 0. */
static int exact_value(const mancala_table *table, const mancala_game *g, int *exact)
{
    int lo, hi;
    *exact = mancala_table_value(table, g, &lo, &hi) == MANCALA_OK && lo == hi;
    return lo;
}

static int usage(void)
{
    fprintf(stderr, "usage: mancala-ladder-loss --table FILE [--positions FILE] [--levels A-B] "
                    "[--count N] [--seed S]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *table_path = NULL;
    const char *positions_path = "examples/python/data/modiar-10000.txt";
    int book = 0;
    int first = MANCALA_LEVEL_MIN, last = MANCALA_LEVEL_MAX;
    long count = 1000;
    unsigned long long seed = 1;
    /* Every option takes a value. */
    for (int i = 1; i < argc; i += 2) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            return usage();
        if (!strcmp(argv[i], "--table"))
            table_path = v;
        else if (!strcmp(argv[i], "--positions"))
            positions_path = v;
        else if (!strcmp(argv[i], "--book")) {
            positions_path = v;
            book = 1;
        } else if (!strcmp(argv[i], "--levels")) {
            char end;
            if (sscanf(v, "%d-%d%c", &first, &last, &end) != 2) {
                if (sscanf(v, "%d%c", &first, &end) != 1)
                    return usage();
                last = first;
            }
        } else if (!strcmp(argv[i], "--count")) {
            char *end;
            count = strtol(v, &end, 10);
            if (*end || end == v)
                return usage();
        } else if (!strcmp(argv[i], "--seed")) {
            char *end;
            seed = strtoull(v, &end, 10);
            if (*end || end == v || *v == '-')
                return usage();
        } else
            return usage();
    }
    if (!table_path || first < MANCALA_LEVEL_MIN || last > MANCALA_LEVEL_MAX || first > last ||
        count < 1)
        return usage();

    mancala_table *table;
    int status = mancala_table_open(&table, table_path);
    if (status != MANCALA_OK) {
        fprintf(stderr, "%s: %s\n", table_path, mancala_strerror(status));
        return 1;
    }
    FILE *in = fopen(positions_path, "r");
    if (!in) {
        perror(positions_path);
        return 1;
    }
    static char lines[MAX_POSITIONS][LINE_MAX_LEN];
    long total = 0;
    char buf[LINE_MAX_LEN];
    while (total < MAX_POSITIONS && fgets(buf, sizeof buf, in)) {
        buf[strcspn(buf, "\r\n")] = 0;
        if (buf[0] && buf[0] != '#')
            memcpy(lines[total++], buf, sizeof buf);
    }
    fclose(in);
    if (count > total)
        count = total;

    catch_stop_signals(on_signal);

    mancala_search *search;
    if (mancala_search_new(&search, 0) != MANCALA_OK)
        return 1;
    printf("# level moves skipped mean-lost lost>=2 lost>=6 best-move mean-ms max-ms\n");
    for (int level = first; level <= last && !stop; level++) {
        long judged = 0, skipped = 0, lost2 = 0, lost6 = 0, best = 0;
        double lost = 0, ms = 0, max_ms = 0;
        for (long k = 0; k < count && !stop; k++) {
            const long line = k * (total / count);
            mancala_game *g;
            char err[MANCALA_REASON_MAX];
            if ((book ? mancala_parse_record(&g, lines[line], err, sizeof err)
                      : mancala_parse(&g, lines[line], err, sizeof err)) != MANCALA_OK) {
                fprintf(stderr, "line %ld: %s\n", line + 1, err);
                return 1;
            }
            /* One move of a position; every move of a book's game. */
            for (uint64_t ply = 0; !stop && !mancala_is_over(g) && (book || ply == 0); ply++) {
                int exact, exact_after;
                const int before = exact_value(table, g, &exact);
                int best_moves[MANCALA_MAX_PITS];
                const int nbest = mancala_table_best_moves(table, g, best_moves, MANCALA_MAX_PITS);
                const int mover = mancala_to_move(g);
                /* A move without a choice says nothing of the level. */
                int legal[MANCALA_MAX_PITS];
                const int forced = mancala_legal_moves(g, legal, MANCALA_MAX_PITS) == 1;
                const double t0 = now_ms();
                const int move = mancala_search_level_move(search, g, level,
                                                           mix(seed ^ mix((uint64_t)line) ^ ply));
                const double t = now_ms() - t0;
                if (move < 0 || mancala_play(g, move) != MANCALA_OK) {
                    fprintf(stderr, "line %ld: level %d: %s\n", line + 1, level, mancala_strerror(move));
                    return 1;
                }
                int after = exact_value(table, g, &exact_after);
                if (mancala_to_move(g) != mover)
                    after = -after;
                ms += t;
                if (t > max_ms)
                    max_ms = t;
                if (forced)
                    continue;
                if (!exact || !exact_after) {
                    skipped++;
                    continue;
                }
                judged++;
                lost += before - after;
                lost2 += before - after >= 2;
                lost6 += before - after >= 6;
                for (int i = 0; i < nbest; i++)
                    best += best_moves[i] == move;
            }
            mancala_free(g);
        }
        const long moves = judged + skipped;
        printf("%2d %5ld %3ld %6.3f %6.2f%% %6.2f%% %6.2f%% %8.2f %7.1f%s\n", level, judged, skipped,
               judged ? lost / (double)judged : 0, judged ? 100.0 * (double)lost2 / (double)judged : 0,
               judged ? 100.0 * (double)lost6 / (double)judged : 0,
               judged ? 100.0 * (double)best / (double)judged : 0, moves ? ms / (double)moves : 0,
               max_ms, stop ? " stopped" : "");
        fflush(stdout);
    }
    mancala_search_free(search);
    mancala_table_close(table);
    if (stop)
        fprintf(stderr, "stopped by a signal; the lines above are what was judged\n");
    return stop ? 1 : 0;
}

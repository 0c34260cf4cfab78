/*
 * mancala-solve: solves Modiar strongly, or Rio Kadalis endgames, writes
 * the table file, and prints the value of Modiar's start position.
 *
 *   mancala-solve modiar [-o FILE] [--max-stones K] [-q]
 *   mancala-solve rio-kadalis [-o FILE] [--max-stones K] [-q]
 *
 * FILE defaults to RULES.table. --max-stones solves only the positions
 * with at most K stones on the board (Modiar: 42 by default, a smaller
 * table for experiments and tests; Rio Kadalis: 12 by default, at most
 * 16). Prints the positions, how many are exact, the wall and CPU time and
 * the peak memory of the solve.
 *
 * SPDX-License-Identifier: MIT
 */
/* clock_gettime() and getrusage() are POSIX, not C11. */
#define _XOPEN_SOURCE 700

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "mancala.h"
#include "solve.h"

static int show_progress(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)opaque;
    fprintf(stderr, "\rlayer %2d/%d  %5.1f%% of %llu positions", step, steps,
            total ? 100.0 * (double)done / (double)total : 100.0, (unsigned long long)total);
    if (step == steps)
        fputc('\n', stderr);
    return 0;
}

static double seconds(struct timespec t)
{
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int usage(void)
{
    fprintf(stderr, "usage: mancala-solve modiar|rio-kadalis [-o FILE] [--max-stones K] [-q]\n");
    return 2;
}

/* Prints the value and best moves of a position from the table. */
static int show_position(const mancala_table *table, const char *position)
{
    mancala_game *game;
    char err[128];
    if (mancala_parse(&game, position, err, sizeof err) != MANCALA_OK) {
        fprintf(stderr, "%s: %s\n", position, err);
        return 1;
    }
    int lo, hi, moves[MANCALA_MAX_PITS];
    int status = mancala_table_value(table, game, &lo, &hi);
    int count = status ? status : mancala_table_best_moves(table, game, moves, MANCALA_MAX_PITS);
    if (count < 0) {
        fprintf(stderr, "%s: %s\n", position, mancala_strerror(count));
        mancala_free(game);
        return 1;
    }
    const char *mover = mancala_to_move(game) == MANCALA_SOUTH ? "South" : "North";
    printf("%s: %s (to move) forces [%d, %d]%s; best moves:", position, mover, lo, hi,
           lo == hi ? " exactly" : "");
    for (int i = 0; i < count; i++)
        printf(" %d", moves[i]);
    putchar('\n');
    mancala_free(game);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "modiar") != 0 && strcmp(argv[1], "rio-kadalis") != 0))
        return usage();
    const char *rules = argv[1];
    const int modiar = strcmp(rules, "modiar") == 0;
    char default_out[32];
    snprintf(default_out, sizeof default_out, "%s.table", rules);
    const char *out = default_out;
    int max_stones = modiar ? MT_MAX_STONES : 12, quiet = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--max-stones") == 0 && i + 1 < argc)
            max_stones = atoi(argv[++i]);
        else if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
        else
            return usage();
    }

    struct timespec wall0, wall1;
    clock_gettime(CLOCK_MONOTONIC, &wall0);
    const clock_t cpu0 = clock();
    struct mt_stats stats;
    int status = mancala__solve_table(out, rules, max_stones, quiet ? NULL : show_progress, NULL, &stats);
    const clock_t cpu1 = clock();
    clock_gettime(CLOCK_MONOTONIC, &wall1);
    if (status) {
        fprintf(stderr, "mancala-solve: %s: %s\n", out, mancala_strerror(status));
        return 1;
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("positions (player to move first): %llu; exact: %llu (%.2f%%); "
           "mover forces an end: %llu; largest distance: %u\n",
           (unsigned long long)stats.positions, (unsigned long long)stats.exact,
           100.0 * (double)stats.exact / (double)stats.positions,
           (unsigned long long)stats.forced, stats.max_distance);
    printf("time: %.2f s wall, %.2f s CPU; peak memory %.1f MiB\n",
           seconds(wall1) - seconds(wall0), (double)(cpu1 - cpu0) / CLOCKS_PER_SEC,
           (double)usage.ru_maxrss / 1024.0);

    mancala_table *table;
    status = mancala_table_open(&table, out);
    if (status) {
        fprintf(stderr, "mancala-solve: %s: %s\n", out, mancala_strerror(status));
        return 1;
    }
    FILE *f = fopen(out, "rb");
    if (f) {
        fseek(f, 0, SEEK_END);
        printf("table: %s, %ld bytes\n", out, ftell(f));
        fclose(f);
    }
    int failed = 0;
    if (modiar && max_stones == MT_MAX_STONES)
        failed = show_position(table, "modiar/7,7,7,7,7,7/S/0,0/0");
    mancala_table_close(table);
    return failed;
}

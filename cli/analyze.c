/*
 * mancala analyze: the moves of a position ranked by search or by a
 * solved table.
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

static const char analyze_help[] =
    "Usage: mancala analyze POSITION [--depth D | --time S] [--table FILE]\n"
    "\n"
    "Ranks every legal move of the player to move, best first, by the final\n"
    "stone difference (mover minus opponent) it leads to, with the line of\n"
    "best play after it.\n"
    "\n"
    "A position is ranked by a solved table when one is at hand (--table FILE,\n"
    "or modiar.table or rio-kadalis.table in the current directory, made by\n"
    "'mancala solve RULES'), it covers the position, and neither --depth nor\n"
    "--time is given; otherwise by alpha-beta search, which uses the table\n"
    "where it reaches positions the table covers. A table found in the current\n"
    "directory that cannot be used is skipped with a warning. At the start of a\n"
    "Rio Kadalis round ranked by a table, the round's value follows: the stones\n"
    "each player will hold, and what that means for the match.\n"
    "\n"
    "  --depth D     search each move D plies deep in all (default 8)\n"
    "  --time S      search for S seconds in all, shared among the moves\n"
    "  --table FILE  the solved table to use (Modiar, or Rio Kadalis endgames)\n"
    "\n"
    "POSITION is a position string or a rules name for its start position.\n";

#define LINE_MAX_PLIES 12

struct ranked_move {
    int move;
    int lo, hi;   /* value for the mover; lo == hi unless the table says otherwise */
    const char *how;
    char how_text[24];
    int line[LINE_MAX_PLIES];
    int line_len;
    int stopped;  /* Ctrl-C stopped its search */
};

static int by_value(const void *a, const void *b)
{
    const struct ranked_move *x = a, *y = b;
    if (x->lo != y->lo)
        return y->lo - x->lo;
    if (x->hi != y->hi)
        return y->hi - x->hi;
    return x->move - y->move;
}

/* The value of the child for the mover, from the child's value for its
 * own player to move (the turn passes after every move in both games, but
 * nothing here relies on it). */
static void from_child(const mancala_game *child, int mover, int lo, int hi, struct ranked_move *r)
{
    if (mancala_to_move(child) == mover) {
        r->lo = lo;
        r->hi = hi;
    } else {
        r->lo = -hi;
        r->hi = -lo;
    }
}

static int rank_by_search(const char *cmd, mancala_search *search, mancala_game *child,
                          int mover, struct ranked_move *r)
{
    int status = search_interruptible(search, child);
    if (status < 0)
        return engine_error(cmd, "the search", status);
    r->stopped = status == MANCALA_STOPPED;
    int score = mancala_search_score(search);
    from_child(child, mover, score, score, r);
    if (mancala_search_exact(search) == 1)
        r->how = "exact";
    else {
        snprintf(r->how_text, sizeof r->how_text, "depth %d", mancala_search_depth(search) + 1);
        r->how = r->how_text;
    }
    int pv = mancala_search_pv(search, r->line + 1, LINE_MAX_PLIES - 1);
    r->line_len += pv > LINE_MAX_PLIES - 1 ? LINE_MAX_PLIES - 1 : pv > 0 ? pv : 0;
    return 0;
}

static int rank_by_table(const char *cmd, const mancala_table *table, mancala_game *child,
                         int mover, struct ranked_move *r)
{
    int lo, hi;
    int status = mancala_table_value(table, child, &lo, &hi);
    if (status < 0)
        return engine_error(cmd, "the solved table", status);
    from_child(child, mover, lo, hi, r);
    r->how = "solved";
    /* The line: the first of the best moves, ply after ply (the child is
     * a scratch copy). */
    while (r->line_len < LINE_MAX_PLIES && !mancala_is_over(child)) {
        int best[MANCALA_MAX_PITS];
        if (mancala_table_best_moves(table, child, best, MANCALA_MAX_PITS) <= 0 ||
            mancala_play(child, best[0]) < 0)
            break;
        r->line[r->line_len++] = best[0];
    }
    return 0;
}

/* At the start of a Rio Kadalis round (ply 0, nothing captured yet), the
 * round's value by the table: the final difference, the stones each
 * player then holds, and what follows for the match (RULES.md, "Match"). */
static void print_round_value(const mancala_table *table, const mancala_game *game, int mover)
{
    int lo, hi;
    if (!has_rounds(game) || mancala_ply(game) != 0 ||
        mancala_captured(game, MANCALA_SOUTH) != 0 || mancala_captured(game, MANCALA_NORTH) != 0 ||
        mancala_table_value(table, game, &lo, &hi) != MANCALA_OK)
        return;
    const int other = !mover;
    const char *rules = mancala_rules(game);
    const int per_pit = mancala_rules_info(rules, MANCALA_RULES_STONES);
    const int total = per_pit * mancala_num_pits(game); /* every stone of the match */
    /* The mover ends with m stones where m - (total - m) is the difference. */
    const int mine_lo = (total + lo) / 2, mine_hi = (total + hi) / 2;
    if (lo == hi)
        printf("Round value: %s %+d with perfect play; the round ends %s %d, %s %d.\n",
               player_name(mover), lo, player_name(mover), mine_lo, player_name(other),
               total - mine_lo);
    else
        printf("Round value: %s %+d to %+d (the table does not decide it); the round ends "
               "%s %d to %d, %s %d to %d.\n", player_name(mover), lo, hi, player_name(mover),
               mine_lo, mine_hi, player_name(other), total - mine_hi, total - mine_lo);
    if (lo != hi)
        return;
    const int held[2] = {mover == MANCALA_SOUTH ? mine_lo : total - mine_lo,
                         mover == MANCALA_SOUTH ? total - mine_lo : mine_lo};
    int open[2];
    for (int p = 0; p < 2; p++)
        open[p] = mancala_round_open_pits(rules, held[p]);
    for (int p = 0; p < 2; p++)
        if (open[p] == 0) { /* no pit to open */
            printf("%s, with fewer than %d stones, loses the match.\n", player_name(p), per_pit);
            return;
        }
    printf("Next round: %s moves first.", player_name(other));
    for (int p = 0; p < 2; p++)
        printf("%s %s opens %d pit%s, bank %d", p ? ";" : "", player_name(p), open[p],
               open[p] == 1 ? "" : "s", held[p] - per_pit * open[p]);
    printf(".\n");
}

int cmd_analyze(int argc, char **argv)
{
    const char *cmd = "analyze", *depth_arg = NULL, *time_arg = NULL, *table_arg = NULL;
    const char *position = NULL;
    const struct option_spec options[] = {
        {"depth", &depth_arg, NULL}, {"time", &time_arg, NULL}, {"table", &table_arg, NULL}, {0}};
    static const char *const names[] = {"POSITION"};
    int status = parse_args(cmd, argc, argv, options, &position, 1, 1, names);
    if (status < 0)
        return fputs(analyze_help, stdout), EXIT_DONE;
    if (status)
        return status;
    if (depth_arg && time_arg)
        return usage_error(cmd, "give --depth or --time, not both");
    long long depth = DEFAULT_DEPTH;
    int64_t time_ms = 0;
    if (depth_arg && (status = parse_number(cmd, "--depth", depth_arg, 1, 64, &depth)))
        return status;
    if (time_arg) {
        double seconds;
        if (read_decimal(time_arg, strlen(time_arg), &seconds) < 0 ||
            !(seconds > 0 && seconds <= 86400))
            return usage_error(cmd, "--time must be a number of seconds above 0, not %s",
                               quote(time_arg));
        time_ms = (int64_t)(seconds * 1000 + 0.5);
        if (time_ms < 1)
            time_ms = 1;
        depth = 64;
    }

    mancala_game *game;
    if ((status = open_position(cmd, position, &game)))
        return status;
    const char *rules = mancala_rules(game);
    char config_name[64];
    const char *table_path =
        table_arg ? table_arg : table_for_position(game, config_name, sizeof config_name);
    if (table_arg && !table_for_position(game, config_name, sizeof config_name)) {
        status = usage_error(cmd, "--table: solved tables exist for modiar and rio-kadalis, not "
                             "for %s", rules);
        mancala_free(game);
        return status;
    }
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
    if (count <= 0) {
        mancala_free(game);
        return fail(cmd, "%s", mancala_strerror(MANCALA_E_OVER));
    }
    const int mover = mancala_to_move(game);

    /* Choose the engine: the table when it is named, or when the default
     * file lies at hand and no search limit was given, and it covers the
     * position; otherwise search, with the table if there is one. */
    mancala_table *table = NULL;
    mancala_search *search = NULL;
    if (table_arg || (table_path && !depth_arg && !time_arg && access(table_path, F_OK) == 0)) {
        if ((status = open_table(cmd, table_path, table_arg != NULL, rules, &table))) {
            mancala_free(game);
            return status;
        }
    }
    char why[160] = "";
    const int by_table = table && !depth_arg && !time_arg && table_covers(table, game, why, sizeof why);
    if (!by_table) {
        /* Each move's search starts after the move: one ply fewer, and an
         * equal share of the time. */
        status = searcher_new(&search, depth > 1 ? (int)depth - 1 : 1,
                              time_ms ? (time_ms + count - 1) / count : 0);
        if (status == 0 && table)
            status = mancala_search_set_table(search, table);
        if (status < 0) {
            mancala_search_free(search);
            mancala_table_close(table);
            mancala_free(game);
            return engine_error(cmd, "the search", status);
        }
    }

    struct ranked_move ranked[MANCALA_MAX_PITS];
    int result = EXIT_DONE, ranked_count = count, interrupted = 0;
    for (int i = 0; i < count && result == EXIT_DONE; i++) {
        struct ranked_move *r = &ranked[i];
        memset(r, 0, sizeof *r);
        r->move = r->line[0] = moves[i];
        r->line_len = 1;
        mancala_game *child;
        if ((status = mancala_clone(&child, game)) < 0) {
            result = fail(cmd, "%s", mancala_strerror(status));
            break;
        }
        if ((status = mancala_play(child, moves[i])) < 0) {
            mancala_free(child);
            result = fail(cmd, "%s", mancala_strerror(status));
            break;
        }
        if (mancala_is_over(child)) {
            r->lo = r->hi = score_difference(child, mover);
            r->how = "exact";
        } else if (by_table) {
            result = rank_by_table(cmd, table, child, mover, r);
        } else {
            result = rank_by_search(cmd, search, child, mover, r);
        }
        mancala_free(child);
        if (r->stopped) {
            interrupted = 1;
            ranked_count = i + 1;
            break;
        }
    }

    if (result == EXIT_DONE) {
        qsort(ranked, (size_t)ranked_count, sizeof ranked[0], by_value);
        printf("%s to move; %d legal move%s ranked by ", player_name(mover), count,
               count == 1 ? "" : "s");
        if (by_table) {
            printf("the solved table ");
            print_safely(stdout, table_path);
            printf(".\n");
        } else {
            if (time_ms)
                printf("search for %.3g s", (double)time_ms / 1000);
            else
                printf("search to depth %lld", depth);
            if (table) {
                printf(" using the table ");
                print_safely(stdout, table_path);
                printf(" where it applies");
            }
            if (why[0])
                printf(" (%s)", why);
            printf(".\n");
        }
        /* Say how far to trust the scores (issue 23). */
        if (by_table)
            printf("Exact, by perfect play: ");
        else if (time_ms)
            printf("Estimate by a search of %.3g s (not exact unless marked exact): ",
                   (double)time_ms / 1000);
        else
            printf("Estimate to depth %lld (not exact unless marked exact): ", depth);
        printf("the final stone difference for %s.\n", player_name(mover));
        printf("  move   score  how       line\n");
        for (int i = 0; i < ranked_count; i++) {
            char score[32];
            if (ranked[i].lo == ranked[i].hi)
                snprintf(score, sizeof score, "%+d", ranked[i].lo);
            else
                snprintf(score, sizeof score, "%+d..%+d", ranked[i].lo, ranked[i].hi);
            printf("  %4d  %6s  %-8s ", ranked[i].move, score, ranked[i].how);
            for (int k = 0; k < ranked[i].line_len; k++)
                printf(" %d", ranked[i].line[k]);
            putchar('\n');
        }
        if (by_table)
            print_round_value(table, game, mover);
        else if (!table && table_path && access(table_path, F_OK) != 0 &&
                 strcmp(ranked[0].how, "exact") != 0) {
            char solve[96];
            if (solve_command(game, solve, sizeof solve))
                printf("For exact values, solve the game: '%s' writes %s.\n", solve, table_path);
        }
        if (interrupted) {
            printf("Interrupted (Ctrl-C): %d of %d moves ranked, the last at the depth "
                   "it had completed.\n", ranked_count, count);
            result = EXIT_FAILED;
        }
    }
    mancala_search_free(search);
    mancala_table_close(table);
    mancala_free(game);
    return result;
}

/*
 * The commands that use the research engine: analyze (search or the
 * solved table) and solve (the Modiar solver), and the searcher set-up
 * shared with play.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700 /* realpath(), readlink() (write_target.h) */
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
#include "platform/write_target.h"

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

/* ---- solved tables ---- */

/* Why the table file at `path` could not be opened (`status`). */
static void table_open_problem(char *buf, size_t size, const char *path, const char *rules,
                               int status)
{
    struct stat st;
    if (status == MANCALA_E_VERSION) {
        snprintf(buf, size, "table format %d, expected %d: solve again",
                 mancala_table_file_format(path), mancala_table_file_format(NULL));
    } else if (status == MANCALA_E_FORMAT) {
        snprintf(buf, size, "not a valid table file (damaged or incomplete): solve again");
    } else if (status == MANCALA_E_IO && stat(path, &st) != 0) {
        const int error = errno;
        snprintf(buf, size, "%s%s%s%s", strerror(error), error == ENOENT ? " (make it with "
                 "'mancala solve " : "", error == ENOENT ? rules : "", error == ENOENT ? "')" : "");
    } else if (status == MANCALA_E_IO && !S_ISREG(st.st_mode)) {
        snprintf(buf, size, "not a regular file");
    } else if (status == MANCALA_E_UNSUPPORTED) {
        engine_unavailable_text(buf, size, "the solved table");
    } else {
        snprintf(buf, size, "%s", mancala_strerror(status));
    }
}

int open_table(const char *cmd, const char *path, int named, const char *rules,
               mancala_table **out)
{
    *out = NULL;
    char why[160];
    mancala_table *table;
    int status = mancala_table_open(&table, path);
    if (status == MANCALA_OK && strcmp(mancala_table_rules(table), rules) != 0) {
        snprintf(why, sizeof why, "a table of %s, not of %s", mancala_table_rules(table), rules);
        mancala_table_close(table);
    } else if (status == MANCALA_OK) {
        *out = table;
        return 0;
    } else {
        table_open_problem(why, sizeof why, path, rules, status);
    }
    if (named)
        return fail(cmd, "%s: %s", quote(path), why);
    /* A table found by its default name that does not serve: go on without. */
    fprintf(stderr, "mancala: %s: warning: %s not used: %s\n", cmd, path, why);
    return 0;
}

int open_pits_of(const mancala_game *game, int *ks, int *kn)
{
    const int n = mancala_num_pits(game) / 2;
    *ks = *kn = 0;
    for (int player = 0; player < 2; player++) {
        int *k = player ? kn : ks;
        /* The match rule: each player's highest pits are the open ones. */
        for (int p = n - 1; p >= 0 && mancala_pit_closed(game, player * n + p) == 0; p--)
            ++*k;
        for (int p = 0; p < n - *k; p++)
            if (mancala_pit_closed(game, player * n + p) != 1)
                return 0;
    }
    return 1;
}

int solve_command(const mancala_game *game, char *buf, size_t size)
{
    const char *rules = mancala_rules(game);
    int ks, kn;
    const int n = mancala_num_pits(game) / 2;
    if (!is_rio(rules)) {
        snprintf(buf, size, "mancala solve %s", rules);
        return 1;
    }
    if (open_pits_of(game, &ks, &kn) && !(ks == n && kn == n)) {
        snprintf(buf, size, "mancala solve %s --open %d,%d", rules, ks, kn);
        return 1;
    }
    /* Every pit open: the endgames a table covers. */
    int stones = 0;
    for (int p = 0; p < 2 * n; p++)
        stones += mancala_pit(game, p);
    if (stones > mancala_rules_info(rules, MANCALA_RULES_TABLE_STONES))
        return 0;
    if (stones > mancala_rules_info(rules, MANCALA_RULES_DEFAULT_TABLE_STONES))
        snprintf(buf, size, "mancala solve %s --max-stones %d", rules, stones);
    else
        snprintf(buf, size, "mancala solve %s", rules);
    return 1;
}

const char *table_for_position(const mancala_game *game, char *buf, size_t size)
{
    const char *rules = mancala_rules(game);
    int ks, kn;
    const int n = mancala_num_pits(game) / 2;
    if (!is_rio(rules) || !open_pits_of(game, &ks, &kn) || (ks == n && kn == n)) {
        if (default_table(rules) || !is_rio(rules))
            return default_table(rules);
        return (size_t)snprintf(buf, size, "%s.table", rules) < size ? buf : NULL;
    }
    /* The table of the round with the players' roles exchanged serves too
     * (the board turned round; mancala_solve_rio_kadalis_config()). */
    char turned[64];
    if (ks != kn && config_table(rules, kn, ks, turned, sizeof turned) &&
        config_table(rules, ks, kn, buf, size) && access(buf, F_OK) != 0 &&
        access(turned, F_OK) == 0 && strlen(turned) < size)
        return strcpy(buf, turned);
    return config_table(rules, ks, kn, buf, size);
}

int table_covers(const mancala_table *table, const mancala_game *game, char *why, size_t size)
{
    int lo, hi;
    const int status = mancala_table_value(table, game, &lo, &hi);
    if (status == MANCALA_OK)
        return 1;
    int stones = 0, closed = 0;
    for (int pit = 0; pit < mancala_num_pits(game); pit++) {
        stones += mancala_pit(game, pit);
        closed += mancala_pit_closed(game, pit) == 1;
    }
    const int most = mancala_table_max_stones(table);
    if (status == MANCALA_E_UNSUPPORTED)
        snprintf(why, size, "the table is for %s, not %s", mancala_table_rules(table),
                 mancala_rules(game));
    else if (stones > most)
        snprintf(why, size, "the table covers positions of at most %d stones on the board; this "
                 "one has %d", most, stones);
    else if (status == MANCALA_E_RANGE)
        snprintf(why, size, "the table covers other closed pits or other stone counts; this "
                 "position has %d closed and %d stones on the board", closed, stones);
    else
        snprintf(why, size, "%s", mancala_strerror(status));
    return 0;
}

/* ---- analyze ---- */

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
    if (!is_rio(mancala_rules(game)) || mancala_ply(game) != 0 ||
        mancala_captured(game, MANCALA_SOUTH) != 0 || mancala_captured(game, MANCALA_NORTH) != 0 ||
        mancala_table_value(table, game, &lo, &hi) != MANCALA_OK)
        return;
    const int other = !mover;
    const int total = 4 * mancala_num_pits(game); /* every stone of the match: 48 or 40 */
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
    for (int p = 0; p < 2; p++)
        if (held[p] < 4) {
            printf("%s, with fewer than 4 stones, loses the match.\n", player_name(p));
            return;
        }
    printf("Next round: %s moves first.", player_name(other));
    for (int p = 0; p < 2; p++) {
        const int k = mancala_round_open_pits(mancala_rules(game), held[p]);
        printf("%s %s opens %d pit%s, bank %d", p ? ";" : "", player_name(p), k,
               k == 1 ? "" : "s", held[p] - 4 * k);
    }
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

/* ---- solve ---- */

static const char solve_help[] =
    "Usage: mancala solve RULES [-o|--out FILE] [--max-stones K] [--open KS,KN]\n"
    "                     [--step 4] [-q|--quiet]\n"
    "\n"
    "Solves the game and writes the table of the value of every position\n"
    "that 'mancala analyze' and the perfect player of 'mancala play' use:\n"
    "  modiar       strongly: every position (a few seconds, 49 MB)\n"
    "  rio-kadalis  endgames: the rounds with every pit open and at most K\n"
    "               stones on the board (default 12, at most 16: 122 MB)\n"
    "  rio-kadalis --open KS,KN  (also rio-kadalis-5, -cw, -5-cw) the rounds\n"
    "               of a match where South has its KS highest pits open and\n"
    "               North its KN: every such position of at most K stones\n"
    "               on the board (default 4 x (KS + KN), all of the round)\n"
    "\n"
    "Shows a progress bar on standard error if it is a terminal, a line now\n"
    "and then otherwise (positions, the exact share of the layers done, time,\n"
    "memory); Ctrl-C stops it. Uses every processor. The table is written to\n"
    "a new file that replaces FILE only when complete: a failed or stopped\n"
    "solve leaves FILE as it was.\n"
    "\n"
    "  -o, --out FILE    where to write the table (default RULES.table, with\n"
    "                    --open RULES-open-KS-KN.table: analyze and play look\n"
    "                    for a position's table by that name)\n"
    "  --max-stones K    rio-kadalis: the most stones on the board (0-16 with\n"
    "                    every pit open, up to all the stones with --open or\n"
    "                    --step 4)\n"
    "  --open KS,KN      the open pits of each player (1 to the holes per row)\n"
    "  --step 4          only the counts of stones that are multiples of 4 (a\n"
    "                    match round has no others on its board)\n"
    "  -q, --quiet       no progress\n";

static volatile sig_atomic_t interrupted;

static void on_interrupt(int signo)
{
    (void)signo;
    interrupted = 1;
}

struct progress {
    FILE *out;
    int bar;           /* redraw one line (a terminal) or log lines now and then */
    double start, last_draw;
    int last_step;
    /* The exact share of the layers done, read back from the file that
     * keeps them (a round configuration's FILE.partial), when there is one. */
    const char *partial;
    uint64_t counted, exact;
    int exact_known;
    /* The rate counts the positions solved since the first call: a
     * resumed solve starts past the layers it read back. */
    uint64_t first_done;
    double first_time;
    int reached;       /* the step of the last call, -1 before the first */
};

/* Counts the exact entries (lo == hi) of the finished layers in the
 * partial file, up to entry `done`. */
static void count_exact(struct progress *p, uint64_t done)
{
    if (!p->partial || done <= p->counted)
        return;
    FILE *f = fopen(p->partial, "rb");
    enum { HEADER = 64, ENTRY = 4, CHUNK = 1 << 16 };
    unsigned char *buf = malloc(CHUNK * ENTRY);
    int ok = buf && f && fseeko(f, (off_t)(HEADER + p->counted * ENTRY), SEEK_SET) == 0;
    while (ok && p->counted < done) {
        const uint64_t want = done - p->counted < CHUNK ? done - p->counted : CHUNK;
        ok = fread(buf, ENTRY, (size_t)want, f) == want;
        for (uint64_t i = 0; ok && i < want; i++)
            p->exact += buf[i * ENTRY] == buf[i * ENTRY + 1];
        p->counted += ok ? want : 0;
    }
    if (f)
        fclose(f);
    free(buf);
    p->exact_known = ok;
    if (!ok)
        p->partial = NULL; /* none kept: no share shown */
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void human_count(char *buf, size_t size, double count)
{
    if (count >= 1e9)
        snprintf(buf, size, "%.1fG", count / 1e9);
    else if (count >= 1e6)
        snprintf(buf, size, "%.1fM", count / 1e6);
    else if (count >= 1e4)
        snprintf(buf, size, "%.0fk", count / 1e3);
    else
        snprintf(buf, size, "%.0f", count);
}

static void human_duration(char *buf, size_t size, double seconds)
{
    long s = (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

static int on_progress(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    struct progress *p = opaque;
    if (p->reached < 0) {
        p->first_done = done;
        p->first_time = now_seconds();
    }
    p->reached = step;
    if (interrupted)
        return 1;
    if (!p->out)
        return 0;
    const double now = now_seconds(), elapsed = now - p->start;
    const double solving = now - p->first_time, solved = (double)(done - p->first_done);
    /* A bar at most 10 times a second; a log line at most every 2 s and
     * when done. */
    if (done != total && now - p->last_draw < (p->bar ? 0.1 : 2.0))
        return 0;
    if (!p->bar && done == total && p->last_step == step)
        return 0;
    p->last_draw = now;
    p->last_step = step;

    count_exact(p, done);
    char done_text[32], total_text[32], rate_text[32], left_text[48], took_text[48];
    char exact_text[48] = "";
    if (p->exact_known && p->counted)
        snprintf(exact_text, sizeof exact_text, "%s%.1f %% exact", p->bar ? "  " : ", ",
                 100.0 * (double)p->exact / (double)p->counted);
    human_duration(took_text, sizeof took_text, elapsed);
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    const double peak = (double)usage.ru_maxrss / 1024.0;
    human_count(done_text, sizeof done_text, (double)done);
    human_count(total_text, sizeof total_text, (double)total);
    human_count(rate_text, sizeof rate_text, solving > 0 ? solved / solving : 0);
    if (solved > 0 && total >= done)
        human_duration(left_text, sizeof left_text, solving * (double)(total - done) / solved);
    else
        snprintf(left_text, sizeof left_text, "?");
    /* The layer under way, 1 ... steps; the last call reports the end. */
    const int layer = step < steps ? step + 1 : steps;
    if (p->bar) {
        enum { WIDTH = 24 };
        const int filled = total ? (int)((double)WIDTH * (double)done / (double)total) : 0;
        fprintf(p->out, "\r[%.*s%*s] layer %d/%d  %s/%s positions%s  %s/s  %s  %.0f MiB  %s left"
                "\033[K", filled, "########################", WIDTH - filled, "", layer, steps,
                done_text, total_text, exact_text, rate_text, took_text, peak, left_text);
    } else {
        fprintf(p->out, "layer %d/%d: %s of %s positions done%s, %s positions/s, %s elapsed, "
                "peak memory %.0f MiB, %s left\n", layer, steps, done_text, total_text,
                exact_text, rate_text, took_text, peak, left_text);
    }
    fflush(p->out);
    return 0;
}

/* Why the table cannot be written to `target` (the file -o leads to)
 * after MANCALA_E_IO for the system's reason `error`: returns 1 if the
 * destination itself is at fault, 0 if only `error` is known. */
static int write_problem(char *buf, size_t size, const char *target, int error)
{
    struct stat st;
    if (stat(target, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(buf, size, "not a regular file (a table replaces only a regular file)");
        return 1;
    }
    /* The folder: the table is written there under a temporary name. */
    char dir[4096];
    const char *slash = strrchr(target, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", slash == target ? 1 : (int)(slash - target), target);
    if (access(dir, W_OK) != 0) {
        error = errno;
        snprintf(buf, size, "cannot write in %s: %s", quote(dir), strerror(error));
        return 1;
    }
    snprintf(buf, size, "%s", strerror(error));
    return 0;
}

/* Says why a solve failed (`status`, and after MANCALA_E_IO the system's
 * reason `error`), naming the files it used: the table `target` that -o
 * `path` leads to, and for a round configuration its `partial` file. */
static int solve_failed(const char *path, const char *target, const char *partial, int status,
                        int error, const struct progress *p, int layers, const char *engine)
{
    const char *cmd = "solve";
    char table[600];
    if (strcmp(path, target))
        snprintf(table, sizeof table, "%s (a link to %s)", quote(path), quote(target));
    else
        snprintf(table, sizeof table, "%s", quote(path));
    struct stat st;
    if (status == MANCALA_E_CANCELLED && partial)
        return fail(cmd, "interrupted; %s is as it was (the same command goes on from the last "
                    "finished layer, kept in %s)", path, partial);
    if (status == MANCALA_E_CANCELLED)
        return fail(cmd, "interrupted; %s is as it was", table);
    if (status == MANCALA_E_IO && partial && p->reached >= 0 && p->reached < layers)
        return checkpoint_failed(cmd, p->reached, partial, strerror(error));
    if (status == MANCALA_E_IO) {
        char why[4200];
        const int destination = write_problem(why, sizeof why, target, error);
        /* Before the first layer: the destination, else the partial file. */
        if (partial && p->reached < 0 && !destination && lstat(partial, &st) == 0)
            return partial_refused(cmd, partial, status, error);
        if (partial && p->reached >= layers)
            return fail(cmd, "%s: %s; every layer is kept in %s: the same command writes the "
                        "table from them once the problem is fixed", table, why, partial);
        return fail(cmd, "%s: %s", table, why);
    }
    if (partial && partial_refused(cmd, partial, status, error)) /* left as it is */
        return EXIT_FAILED;
    return engine_error(cmd, engine, status);
}

/* The value of the start position, from the table just written. */
static void print_start_value(const char *path, const char *rules)
{
    mancala_table *table;
    mancala_game *game;
    int lo, hi, moves[MANCALA_MAX_PITS];
    if (mancala_table_open(&table, path) < 0)
        return;
    if (mancala_new(&game, rules) == 0) {
        const int count = mancala_table_best_moves(table, game, moves, MANCALA_MAX_PITS);
        if (mancala_table_value(table, game, &lo, &hi) == 0 && count > 0) {
            printf("The start position: %s, to move, forces %+d", player_name(mancala_to_move(game)),
                   lo);
            if (hi != lo)
                printf("..%+d", hi);
            printf("; best first move%s:", count == 1 ? "" : "s");
            for (int i = 0; i < count; i++)
                printf(" %d", moves[i]);
            printf(".\n");
        }
        mancala_free(game);
    }
    mancala_table_close(table);
}

int cmd_solve(int argc, char **argv)
{
    const char *cmd = "solve";
    struct solve_args a;
    int status = parse_solve_args(cmd, argc, argv, &a);
    if (status < 0)
        return fputs(solve_help, stdout), EXIT_DONE;
    if (status)
        return status;
    const char *rules = a.rules, *path = a.path;
    const int modiar = a.modiar, config = a.config, quiet = a.quiet;
    /* The files the library uses: the one -o leads to, and beside it a
     * round configuration's partial file. */
    char *target = mancala__write_target(path);
    char *partial = target && config ? malloc(strlen(target) + sizeof ".partial") : NULL;
    if (!target || (config && !partial)) {
        free(target);
        return fail(cmd, "%s: %s", quote(path), strerror(target ? ENOMEM : errno));
    }
    if (partial)
        sprintf(partial, "%s.partial", target);
    struct progress progress = {quiet ? NULL : stderr, isatty(STDERR_FILENO), now_seconds(), 0, -1,
                                partial, 0, 0, 0, 0, 0, -1};
    /* Ctrl-C, kill and a closed terminal stop the solve within about a
     * second (the library asks on_progress inside a layer too); the
     * finished layers stay in the partial file. */
    catch_stop_signals(on_interrupt);
    if (modiar)
        status = mancala_solve_modiar(path, on_progress, &progress);
    else if (!config)
        status = mancala_solve_rio_kadalis(path, a.max_stones, on_progress, &progress);
    else
        status = mancala_solve_rio_kadalis_config(path, rules, a.closed, a.max_stones, a.step,
                                                  on_progress, &progress);
    const int error = errno; /* why, after MANCALA_E_IO */
    catch_stop_signals(SIG_DFL);
    if (progress.out && progress.bar && progress.last_step >= 0)
        fputc('\n', stderr);
    if (status < 0) {
        const int result = solve_failed(path, target, partial, status, error, &progress,
                                        a.max_stones + 1,
                                        modiar ? "the Modiar solver" : "the Rio Kadalis solver");
        free(target);
        free(partial);
        return result;
    }
    free(target);
    free(partial);
    char took[48];
    human_duration(took, sizeof took, now_seconds() - progress.start);
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    struct stat st;
    const long long bytes = stat(path, &st) == 0 ? (long long)st.st_size : -1;
    if (modiar)
        print_start_value(path, rules);
    char what[64] = "";
    if (config)
        snprintf(what, sizeof what, ", %d and %d pits open%s", a.ks, a.kn,
                 a.step == 4 ? ", multiples of 4" : "");
    printf("Solved %s (positions of at most %d stones%s) in %s, peak memory %.0f MiB; the table "
           "is in ", rules, a.max_stones, what, took, (double)usage.ru_maxrss / 1024.0);
    print_safely(stdout, path);
    printf(" (%lld bytes).\n", bytes);
    return EXIT_DONE;
}

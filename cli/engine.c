/*
 * The commands that use the research engine: analyze (search or the
 * solved table) and solve (the Modiar solver), and the searcher set-up
 * shared with play.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

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

/* ---- analyze ---- */

static const char analyze_help[] =
    "Usage: mancala analyze POSITION [--depth D | --time S] [--table FILE]\n"
    "\n"
    "Ranks every legal move of the player to move, best first, by the final\n"
    "stone difference (mover minus opponent) it leads to, with the line of\n"
    "best play after it.\n"
    "\n"
    "Modiar positions are ranked by the solved table when one is at hand\n"
    "(--table FILE, or " DEFAULT_TABLE " in the current directory, made by\n"
    "'mancala solve modiar') and neither --depth nor --time is given;\n"
    "otherwise by alpha-beta search.\n"
    "\n"
    "  --depth D     search each move D plies deep in all (default 8)\n"
    "  --time S      search for S seconds in all, shared among the moves\n"
    "  --table FILE  the solved Modiar table to use\n"
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
    int status = mancala_search_run(search, child);
    if (status < 0)
        return engine_error(cmd, "the search", status);
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
        char *end;
        double seconds = strtod(time_arg, &end);
        /* strtod() alone would take " 1", "+1", "0x1p3" and "inf". */
        const int well_formed = strspn(time_arg, "0123456789.") == strlen(time_arg);
        if (!well_formed || end == time_arg || *end || !(seconds > 0 && seconds <= 86400))
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
    if (table_arg && !is_modiar(game)) {
        status = usage_error(cmd, "--table: the solved table is for modiar, not %s",
                             mancala_rules(game));
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

    /* Choose the engine: the table when it is asked for, or when it lies
     * at hand and no search limit was given. */
    mancala_table *table = NULL;
    mancala_search *search = NULL;
    const char *table_path = table_arg ? table_arg : DEFAULT_TABLE;
    if (is_modiar(game) && !depth_arg && !time_arg &&
        (table_arg || access(DEFAULT_TABLE, R_OK) == 0)) {
        status = mancala_table_open(&table, table_path);
        if (status < 0) {
            mancala_free(game);
            if (status == MANCALA_E_UNSUPPORTED)
                return engine_error(cmd, "the solved table", status);
            return fail(cmd, "%s: %s", quote(table_path), mancala_strerror(status));
        }
    } else {
        /* Each move's search starts after the move: one ply fewer, and an
         * equal share of the time. */
        status = searcher_new(&search, depth > 1 ? (int)depth - 1 : 1,
                              time_ms ? (time_ms + count - 1) / count : 0);
        if (status < 0) {
            mancala_free(game);
            return engine_error(cmd, "the search", status);
        }
    }

    struct ranked_move ranked[MANCALA_MAX_PITS];
    int result = EXIT_DONE;
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
        } else if (table) {
            result = rank_by_table(cmd, table, child, mover, r);
        } else {
            result = rank_by_search(cmd, search, child, mover, r);
        }
        mancala_free(child);
    }

    if (result == EXIT_DONE) {
        qsort(ranked, (size_t)count, sizeof ranked[0], by_value);
        printf("%s to move; %d legal move%s ranked by ", player_name(mover), count,
               count == 1 ? "" : "s");
        if (table) {
            printf("the solved table ");
            print_safely(stdout, table_path);
            printf(".\n");
        } else if (time_ms)
            printf("search for %.3g s.\n", (double)time_ms / 1000);
        else
            printf("search to depth %lld.\n", depth);
        printf("Score: the final stone difference for %s.\n", player_name(mover));
        printf("  move   score  how       line\n");
        for (int i = 0; i < count; i++) {
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
    }
    mancala_search_free(search);
    mancala_table_close(table);
    mancala_free(game);
    return result;
}

/* ---- solve ---- */

static const char solve_help[] =
    "Usage: mancala solve modiar [--out FILE]\n"
    "\n"
    "Solves Modiar strongly (the value of every position) and writes the\n"
    "table that 'mancala play --south perfect' and 'mancala analyze' use.\n"
    "Shows a progress bar on a terminal and a plain log otherwise; Ctrl-C\n"
    "stops it.\n"
    "\n"
    "  --out FILE  where to write the table (default " DEFAULT_TABLE ")\n";

static volatile sig_atomic_t interrupted;

static void on_interrupt(int signo)
{
    (void)signo;
    interrupted = 1;
}

struct progress {
    FILE *out;
    int bar;           /* redraw one line (a terminal) or log lines */
    double start, last_draw;
    int last_step;
};

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
    if (interrupted)
        return 1;
    const double now = now_seconds(), elapsed = now - p->start;
    const int new_step = step != p->last_step;
    if (p->bar ? now - p->last_draw < 0.1 && done != total : !new_step)
        return 0;
    p->last_draw = now;
    p->last_step = step;

    char done_text[32], total_text[32], rate_text[32], left_text[48];
    human_count(done_text, sizeof done_text, (double)done);
    human_count(total_text, sizeof total_text, (double)total);
    human_count(rate_text, sizeof rate_text, elapsed > 0 ? (double)done / elapsed : 0);
    if (done > 0 && total >= done)
        human_duration(left_text, sizeof left_text, elapsed * (double)(total - done) / (double)done);
    else
        snprintf(left_text, sizeof left_text, "?");
    if (p->bar) {
        enum { WIDTH = 24 };
        const int filled = total ? (int)((double)WIDTH * (double)done / (double)total) : 0;
        fprintf(p->out, "\r[%.*s%*s] layer %d/%d  %s/%s positions  %s/s  %s left\033[K",
                filled, "########################", WIDTH - filled, "", step + 1, steps,
                done_text, total_text, rate_text, left_text);
    } else {
        fprintf(p->out, "layer %d/%d: %s of %s positions done, %s positions/s, %s left\n",
                step + 1, steps, done_text, total_text, rate_text, left_text);
    }
    fflush(p->out);
    return 0;
}

int cmd_solve(int argc, char **argv)
{
    const char *cmd = "solve", *out_arg = NULL, *rules = NULL;
    const struct option_spec options[] = {{"out", &out_arg, NULL}, {0}};
    static const char *const names[] = {"RULES (modiar)"};
    int status = parse_args(cmd, argc, argv, options, &rules, 1, 1, names);
    if (status < 0)
        return fputs(solve_help, stdout), EXIT_DONE;
    if (status)
        return status;
    if (strcmp(rules, "modiar"))
        return usage_error(cmd, "only modiar can be solved, not %s", quote(rules));
    const char *path = out_arg ? out_arg : DEFAULT_TABLE;

    struct progress progress = {stdout, isatty(STDOUT_FILENO), now_seconds(), 0, -1};
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous);
    status = mancala_solve_modiar(path, on_progress, &progress);
    sigaction(SIGINT, &previous, NULL);
    if (progress.bar && progress.last_step >= 0)
        fputc('\n', stdout);

    if (status == MANCALA_E_CANCELLED)
        return fail(cmd, "interrupted");
    if (status == MANCALA_E_IO)
        return fail(cmd, "%s: %s", quote(path), mancala_strerror(status));
    if (status < 0)
        return engine_error(cmd, "the Modiar solver", status);
    char took[48];
    human_duration(took, sizeof took, now_seconds() - progress.start);
    printf("Solved modiar in %s; the table is in ", took);
    print_safely(stdout, path);
    printf(".\n");
    return EXIT_DONE;
}

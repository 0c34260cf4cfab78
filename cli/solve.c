/*
 * mancala solve: the solved tables written (Modiar, Rio Kadalis rounds),
 * with progress, checkpoints and their messages.
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
#include "solve/solve.h" /* the entries of a partial file, to count the exact ones */

static const char solve_help[] =
    "Usage: mancala solve RULES [-o|--out FILE] [--max-stones K] [--open KS,KN]\n"
    "                     [--step 4] [--lean] [-q|--quiet]\n"
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
    "  --lean            the lean solver: the same values in a fraction of the\n"
    "                    memory (no lists of moves; sweeps each layer until\n"
    "                    it settles); keeps FILE.partial as --open does\n"
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
     * keeps them (a round configuration's FILE.partial), when there is one:
     * its entries up to `finished`, where the layer under way starts. */
    const char *partial;
    uint64_t counted, exact, finished;
    int exact_known;
    /* The rate counts the positions solved since the first call: a
     * resumed solve starts past the layers it read back. */
    uint64_t first_done;
    double first_time;
    int reached;       /* the step of the last call, -1 before the first */
    /* The lean solver writes the layer under way when stopped, which
     * takes seconds on a large table: said at once, once. */
    const char *stopping;
    int said_stopping;
};

/* Counts the exact entries of the finished layers in the partial file,
 * up to entry `done`: in format 2 (the table solver's) lo == hi, in format
 * 3 (the lean solver's) the flag of an entry that is not exact clear. */
static void count_exact(struct progress *p, uint64_t done)
{
    if (!p->partial || done <= p->counted)
        return;
    FILE *f = fopen(p->partial, "rb");
    enum { CHUNK = 1 << 16 };
    uint8_t header[MT_HEADER_SIZE];
    int ok = f && fread(header, sizeof header, 1, f) == 1;
    const int lean = ok && mt_get(header + MT_OFF_VERSION, 4) == MT_VERSION_LEAN;
    const size_t entry = lean ? MT_ENTRY_SIZE_LEAN : MT_ENTRY_SIZE;
    uint8_t *buf = malloc(CHUNK * MT_ENTRY_SIZE);
    ok = ok && buf && fseeko(f, (off_t)(MT_HEADER_SIZE + p->counted * entry), SEEK_SET) == 0;
    while (ok && p->counted < done) {
        const uint64_t want = done - p->counted < CHUNK ? done - p->counted : CHUNK;
        ok = fread(buf, entry, (size_t)want, f) == want;
        for (uint64_t i = 0; ok && i < want; i++) {
            const uint8_t *e = buf + i * entry;
            p->exact += lean ? !(e[1] & MT_LEAN_WIDE) : e[0] == e[1];
        }
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
    /* A layer's first call comes as it starts: the layers before it are
     * done, and kept in the partial file. */
    if (step != p->reached)
        p->finished = done;
    p->reached = step;
    if (interrupted) {
        if (p->stopping && !p->said_stopping) {
            if (p->bar && p->last_step >= 0)
                fputc('\n', p->out); /* below the bar, which stays as it was */
            p->said_stopping = 1;
            fail("solve", "stopping: writing the layer under way to %s ...", p->stopping);
            fflush(stderr);
        }
        return 1;
    }
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

    count_exact(p, p->finished);
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
    const int modiar = a.modiar, quiet = a.quiet;
    /* A solve that keeps its finished layers in FILE.partial. */
    const int config = a.config || a.lean;
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
    struct progress progress = {.out = quiet ? NULL : stderr,
                                .bar = !quiet && mancala__vt_terminal(stderr),
                                .start = now_seconds(), .last_step = -1, .partial = partial,
                                .reached = -1, .stopping = a.lean ? partial : NULL};
    /* Ctrl-C, kill and a closed terminal stop the solve within about a
     * second (the library asks on_progress inside a layer too); the
     * finished layers stay in the partial file. */
    catch_stop_signals(on_interrupt);
    if (a.lean)
        status = mancala_solve_lean(path, rules, a.closed, a.max_stones, a.step, on_progress,
                                    &progress);
    else if (modiar)
        status = mancala_solve_modiar(path, on_progress, &progress);
    else if (!config)
        status = mancala_solve_rio_kadalis(path, a.max_stones, on_progress, &progress);
    else
        status = mancala_solve_rio_kadalis_config(path, rules, a.closed, a.max_stones, a.step,
                                                  on_progress, &progress);
    const int error = errno; /* why, after MANCALA_E_IO */
    catch_stop_signals(SIG_DFL);
    if (progress.out && progress.bar && progress.last_step >= 0 && !progress.said_stopping)
        fputc('\n', stderr);
    if (status < 0) {
        /* The lean solver keeps the layer under way too. */
        const int result =
            status == MANCALA_E_CANCELLED && a.lean
                ? fail(cmd, "interrupted; %s is as it was (the same command goes on from where "
                       "it stopped, kept in %s)", path, partial)
                : solve_failed(path, target, partial, status, error, &progress,
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
    if (a.config)
        snprintf(what, sizeof what, ", %d and %d pits open%s", a.ks, a.kn,
                 a.step == 4 ? ", multiples of 4" : "");
    printf("Solved %s (positions of at most %d stones%s) in %s, peak memory %.0f MiB; the table "
           "is in ", rules, a.max_stones, what, took, (double)usage.ru_maxrss / 1024.0);
    print_safely(stdout, path);
    printf(" (%lld bytes).\n", bytes);
    return EXIT_DONE;
}

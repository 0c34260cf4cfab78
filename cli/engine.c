/*
 * mancala engine: the engine behind a UCI-style text protocol on standard
 * input and output (doc/protocol.md), for tournament managers and programs
 * in any language.
 *
 * The main thread reads commands; `go` starts a thinking thread, which
 * prints an `info` line for each depth of the search as it completes (for
 * MCTS and a level, one when the run returns), then `bestmove`. `stop`
 * and `quit` cancel the search (mancala_search_cancel(),
 * mancala_mcts_cancel()) and wait for that thread, so `bestmove` follows
 * within milliseconds.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h> /* strcasecmp() */
#include <time.h>

#include "cli.h"

static const char engine_help[] =
    "Usage: mancala engine [--level L] [--engine search|mcts] [--seed N]\n"
    "                      [--tables DIR | --no-tables]\n"
    "\n"
    "Plays as an engine of a UCI-style text protocol: commands on standard\n"
    "input, answers on standard output, one a line (uci, isready, setoption,\n"
    "newgame, position, go, stop, quit; see doc/protocol.md).\n"
    "\n"
    "  --level L    start with the option Level at L (1-20; 0: full strength\n"
    "               within the limits of go, the default)\n"
    "  --engine E   start with the option Engine at E (search or mcts)\n"
    "  --seed N     start with the option Seed at N\n"
    "  --tables DIR where the search at level 20 and at full strength looks\n"
    "               for solved tables (default: the current folder): the\n"
    "               files 'mancala solve' writes, RULES.table and\n"
    "               RULES-open-KS-KN.table; an info line names those found\n"
    "  --no-tables  use none\n";

#define MAX_MOVES 100000
#define MCTS_PLAYOUTS 1000 /* of a go without a limit MCTS has: the library's default */

enum engine_kind { ENGINE_SEARCH, ENGINE_MCTS };

struct engine {
    /* Options (setoption). */
    int level;                /* 0: the search within go's limits */
    enum engine_kind kind;
    uint64_t seed;
    /* The position (position), and the draws made since newgame. */
    mancala_game *game;
    uint64_t draws;
    /* Thinking. */
    mancala_search *search;
    mancala_mcts_tree *tree;
    pthread_t thread;
    int thinking;             /* a thread was started and not joined */
    atomic_int finished;      /* it has printed bestmove */
    struct timespec started;
    int depth;                /* go's limits */
    int64_t nodes, movetime, playouts;
    /* Solved tables, and the rules whose tables an info line has named. */
    struct endgames endgames;
    const mancala_table *table; /* the search's, of the position's round; NULL: none */
    char announced[32];
};

static pthread_mutex_t output = PTHREAD_MUTEX_INITIALIZER;

/* One line on standard output, whole, from either thread. */
__attribute__((format(printf, 1, 2))) static void say(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    pthread_mutex_lock(&output);
    vprintf(fmt, args);
    putchar('\n');
    fflush(stdout);
    pthread_mutex_unlock(&output);
    va_end(args);
}

#define protocol_error(...) say("info string error " __VA_ARGS__)

static long long elapsed_ms(const struct timespec *since)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)(now.tv_sec - since->tv_sec) * 1000 + (now.tv_nsec - since->tv_nsec) / 1000000;
}

/* The variation as " pv M1 M2 ..." in `buf`. */
static void format_pv(char *buf, size_t size, const int *pv, int len)
{
    size_t used = (size_t)snprintf(buf, size, len > 0 ? " pv" : "");
    for (int i = 0; i < len && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, " %d", pv[i]);
}

/* The info line of each completed depth of the search, as it completes
 * (mancala_search_set_progress()); the last is the move's. */
static void say_depth(void *opaque, int depth, int score, int exact, uint64_t nodes,
                      const int *pv, int pv_len)
{
    const struct engine *e = opaque;
    char line[640];
    format_pv(line, sizeof line, pv, pv_len < 128 ? pv_len : 128);
    say("info depth %d score %d%s nodes %llu time %lld%s", depth, score, exact ? " exact" : "",
        (unsigned long long)nodes, elapsed_ms(&e->started), line);
}

/* Searches; returns the move, or a negative status. */
static int think(struct engine *e)
{
    int pv[128], len = 0, move;
    char line[640];
    if (e->level > 0) {
        move = endgames_level_move(e->search, e->table, e->game, e->level, e->seed + e->draws);
        if (move >= 0)
            say("info level %d time %lld", e->level, elapsed_ms(&e->started));
    } else if (e->kind == ENGINE_MCTS) {
        mancala_mcts_set_limit(e->tree, MANCALA_LIMIT_PLAYOUTS, e->playouts);
        mancala_mcts_set_limit(e->tree, MANCALA_LIMIT_NODES, e->nodes);
        mancala_mcts_set_limit(e->tree, MANCALA_LIMIT_TIME_MS, e->movetime);
        move = mancala_mcts_run(e->tree, e->game);
        if (move >= 0) {
            len = mancala_mcts_pv(e->tree, pv, 128);
            format_pv(line, sizeof line, pv, len < 128 ? len : 128);
            say("info playouts %llu visits %llu time %lld%s",
                (unsigned long long)mancala_mcts_playouts(e->tree),
                (unsigned long long)mancala_mcts_visits(e->tree), elapsed_ms(&e->started), line);
            move = mancala_mcts_best_move(e->tree);
        }
    } else {
        mancala_search_set_limit(e->search, MANCALA_LIMIT_DEPTH, e->depth);
        mancala_search_set_limit(e->search, MANCALA_LIMIT_NODES, e->nodes);
        mancala_search_set_limit(e->search, MANCALA_LIMIT_TIME_MS, e->movetime);
        move = mancala_search_run(e->search, e->game); /* info lines: say_depth() */
        if (move >= 0)
            move = mancala_search_best_move(e->search);
    }
    e->draws++;
    return move;
}

static void *think_and_finish(void *arg)
{
    struct engine *e = arg;
    const int move = think(e);
    /* Finished before bestmove is out: a command the client sends on
     * reading it must find the engine ready (reap() then waits for this
     * thread to return). */
    atomic_store(&e->finished, 1);
    if (move < 0) {
        protocol_error("the engine failed: %s", mancala_strerror(move));
        say("bestmove none");
    } else {
        say("bestmove %d", move);
    }
    return NULL;
}

/* Joins the thinking thread if it has finished. */
static void reap(struct engine *e)
{
    if (e->thinking && atomic_load(&e->finished)) {
        pthread_join(e->thread, NULL);
        e->thinking = 0;
    }
}

/* Stops the thinking thread (if any) and waits for it: it prints its
 * bestmove first. The run may not have begun when the first cancel comes
 * (a cancel then does nothing), so cancel until the thread is done. */
static void stop_thinking(struct engine *e)
{
    while (e->thinking && !atomic_load(&e->finished)) {
        mancala_search_cancel(e->search);
        mancala_mcts_cancel(e->tree);
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    reap(e);
}

/* ---- commands ---- */

/* A whole number (read_whole_number()) in [min, max]: 0, or -1 after
 * an error line that gives the range, "COMMAND: WHAT must be ...". */
static int read_number(const char *command, const char *what, const char *text, int64_t min,
                       int64_t max, int64_t *out)
{
    long long value;
    if (!text)
        text = "";
    if (read_whole_number(text, strlen(text), min, max, &value) < 0) {
        protocol_error("%s: " NUMBER_RANGE_MESSAGE, command, what, (long long)min,
                       (long long)max, quote(text));
        return -1;
    }
    *out = value;
    return 0;
}

static void cmd_setoption(struct engine *e, char *args)
{
    /* setoption name NAME value VALUE */
    char *save, *word = strtok_r(args, " ", &save), *name, *value;
    if (!word || strcmp(word, "name") || !(name = strtok_r(NULL, " ", &save)) ||
        !(word = strtok_r(NULL, " ", &save)) || strcmp(word, "value") ||
        !(value = strtok_r(NULL, " ", &save)) || strtok_r(NULL, " ", &save)) {
        protocol_error("setoption: expected 'setoption name NAME value VALUE'");
        return;
    }
    /* Option names are not case-sensitive, as in UCI. */
    int64_t v;
    if (!strcasecmp(name, "Level")) {
        if (read_number("setoption", "Level", value, 0, MANCALA_LEVEL_MAX, &v) == 0)
            e->level = (int)v;
    } else if (!strcasecmp(name, "Engine")) {
        if (!strcmp(value, "search") || !strcmp(value, "mcts"))
            e->kind = value[0] == 's' ? ENGINE_SEARCH : ENGINE_MCTS;
        else
            protocol_error("setoption: Engine must be search or mcts, not %s", quote(value));
    } else if (!strcasecmp(name, "Seed")) {
        if (read_number("setoption", "Seed", value, 0, INT64_MAX, &v) == 0) {
            e->seed = (uint64_t)v;
            mancala_mcts_set_seed(e->tree, e->seed);
        }
    } else {
        protocol_error("setoption: unknown option %s (Level, Engine or Seed)", quote(name));
    }
}

/* Gives the search the table of the position's round where it uses tables
 * (ENDGAMES_LEVEL()), having named the tables of its rules in an info line
 * the first time. Called by position, so that a table is read before go
 * (isready answers after it) and go starts thinking at once, and by go,
 * as the options may have changed since. */
static void choose_table(struct engine *e)
{
    const int use = e->level > 0 ? ENDGAMES_LEVEL(e->level) : e->kind == ENGINE_SEARCH;
    const char *rules = mancala_rules(e->game);
    char found[1024];
    if (use && strcmp(e->announced, rules) != 0) {
        snprintf(e->announced, sizeof e->announced, "%s", rules);
        if (endgames_found(&e->endgames, rules, found, sizeof found))
            say("info string tables for %s in %s: %s", rules, quote(e->endgames.dir), found);
    }
    e->table = use ? endgames_for(&e->endgames, "engine", e->game) : NULL;
    mancala_search_set_table(e->search, e->table);
}

/* position SPEC [moves M ... | next ...] */
static void cmd_position(struct engine *e, char *args)
{
    char *save, *spec = strtok_r(args, " ", &save), *word;
    if (!spec) {
        protocol_error("position: expected 'position RULES|POSITION [moves ...]'");
        return;
    }
    mancala_game *game;
    char why[MANCALA_REASON_MAX];
    int status = strchr(spec, '/') ? mancala_parse(&game, spec, why, sizeof why)
                                   : mancala_new(&game, spec);
    if (status < 0) {
        protocol_error("position: %s: %s", quote(spec),
                       status == MANCALA_E_PARSE ? why : mancala_strerror(status));
        return;
    }
    if ((word = strtok_r(NULL, " ", &save)) && strcmp(word, "moves")) {
        protocol_error("position: expected 'moves' after the position, not %s", quote(word));
        mancala_free(game);
        return;
    }
    int count = 0;
    while ((word = strtok_r(NULL, " ", &save))) {
        const int pits = mancala_num_pits(game);
        char range[64] = "";
        long long pit;
        if (++count > MAX_MOVES)
            status = MANCALA_E_LIMIT;
        else if (!strcmp(word, "next"))
            status = mancala_next_round(game);
        else if (read_whole_number(word, strlen(word), 0, pits - 1, &pit) < 0)
            snprintf(range, sizeof range, "%s has pits 0 to %d", mancala_rules(game), pits - 1);
        else
            status = mancala_play(game, (int)pit);
        if (range[0] || status < 0) {
            protocol_error("position: move %d (%s): %s", count, quote(word),
                           range[0] ? range : mancala_strerror(status));
            mancala_free(game);
            return;
        }
    }
    mancala_free(e->game);
    e->game = game;
    choose_table(e);
}

/* go [depth D] [nodes N] [movetime MS] [playouts P] [infinite] */
static void cmd_go(struct engine *e, char *args)
{
    if (e->thinking) {
        protocol_error("go: already thinking (send stop first)");
        return;
    }
    int64_t depth = 0, nodes = 0, movetime = 0, playouts = 0;
    int infinite = 0;
    char *save, *word;
    for (word = strtok_r(args, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
        int64_t *target = !strcmp(word, "depth") ? &depth : !strcmp(word, "nodes") ? &nodes
                          : !strcmp(word, "movetime") ? &movetime
                          : !strcmp(word, "playouts") ? &playouts : NULL;
        if (!strcmp(word, "infinite")) {
            infinite = 1;
            continue;
        }
        if (!target) {
            protocol_error("go: expected depth, nodes, movetime, playouts or infinite, not %s",
                           quote(word));
            return;
        }
        if (read_number("go", word, strtok_r(NULL, " ", &save), 1,
                        target == &depth ? MAX_DEPTH : INT64_MAX, target) < 0)
            return;
    }
    if (!e->game) {
        protocol_error("go: no position (send position first)");
        return;
    }
    if (mancala_is_over(e->game)) {
        protocol_error("go: %s", mancala_strerror(MANCALA_E_OVER));
        say("bestmove none");
        return;
    }
    /* Each engine takes the limits it has (a level none: it ends by
     * itself); without any, its default, so that every go but infinite
     * ends by itself (doc/protocol.md, "Limits"). */
    const char *ignored = NULL;
    const int defaulted = !infinite && (e->kind == ENGINE_SEARCH ? !depth && !nodes && !movetime
                                                                 : !playouts && !nodes && !movetime);
    if (e->level == 0 && e->kind == ENGINE_SEARCH) {
        ignored = playouts ? "the search has no playouts limit" : NULL;
        if (defaulted)
            depth = DEFAULT_DEPTH;
        e->depth = depth ? (int)depth : MAX_DEPTH;
        e->playouts = 0;
    } else if (e->level == 0) {
        ignored = depth ? "mcts has no depth limit" : NULL;
        if (defaulted)
            playouts = MCTS_PLAYOUTS;
        /* A playout (UCT) adds a node at most, so a tree that can grow
         * reaches N nodes within N playouts; one that cannot (the
         * position's whole tree is smaller) ends there too. */
        if (nodes && (!playouts || playouts > nodes))
            playouts = nodes;
        e->playouts = playouts;
    }
    if (ignored && !defaulted)
        say("info string %s", ignored);
    else if (ignored && e->kind == ENGINE_SEARCH)
        say("info string %s: depth %d", ignored, DEFAULT_DEPTH);
    else if (ignored)
        say("info string %s: %d playouts", ignored, MCTS_PLAYOUTS);
    e->nodes = nodes;
    e->movetime = movetime;
    choose_table(e);
    clock_gettime(CLOCK_MONOTONIC, &e->started);
    atomic_store(&e->finished, 0);
    e->thinking = 1;
    if (pthread_create(&e->thread, NULL, think_and_finish, e) != 0) {
        e->thinking = 0;
        protocol_error("go: cannot start a thread");
    }
}

/*
 * Reads a line of `in` into `buf` (PROTOCOL_LINE_MAX + 2 bytes), ended
 * with a NUL: returns its length, counted over every byte read up to its
 * newline (a "\r" before that left out) even where that is more than the
 * buffer holds (the rest is read and dropped), or -1 at the end of the
 * input. *nul is the place of its first NUL byte, from 1, or 0. (Not
 * fgets(): the length it gives stops at a NUL, and a long line comes back
 * in pieces; not getline(), which would hold a line of any length.)
 */
static long long read_line(FILE *in, char *buf, long long *nul)
{
    long long len = 0;
    int c, last = 0;
    *nul = 0;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (len <= PROTOCOL_LINE_MAX)
            buf[len] = (char)c;
        if (c == '\0' && !*nul)
            *nul = len + 1;
        last = c;
        len++;
    }
    if (c == EOF && len == 0)
        return -1;
    len -= last == '\r';
    buf[len <= PROTOCOL_LINE_MAX ? len : 0] = '\0';
    return len;
}

int cmd_engine(int argc, char **argv)
{
    const char *cmd = "engine", *level = NULL, *kind = NULL, *seed = NULL, *tables = NULL;
    int no_tables = 0;
    const struct option_spec options[] = {
        {"level", &level, NULL}, {"engine", &kind, NULL}, {"seed", &seed, NULL},
        {"tables", &tables, NULL}, {"no-tables", NULL, &no_tables}, {0}};
    int status = parse_args(cmd, argc, argv, options, NULL, 0, 0, NULL);
    if (status < 0)
        return fputs(engine_help, stdout), EXIT_DONE;
    if (status)
        return status;
    struct engine e;
    memset(&e, 0, sizeof e);
    atomic_init(&e.finished, 0);
    long long value;
    if (level && (status = parse_number(cmd, "--level", level, 0, MANCALA_LEVEL_MAX, &value)))
        return status;
    e.level = level ? (int)value : 0;
    if (seed && (status = parse_number(cmd, "--seed", seed, 0, INT64_MAX, &value)))
        return status;
    e.seed = seed ? (uint64_t)value : 0;
    if (kind && strcmp(kind, "search") && strcmp(kind, "mcts"))
        return usage_error(cmd, "--engine must be search or mcts, not %s", quote(kind));
    e.kind = kind && !strcmp(kind, "mcts") ? ENGINE_MCTS : ENGINE_SEARCH;
    if ((status = endgames_option(cmd, tables, no_tables, &e.endgames)))
        return status;
    if ((status = searcher_new(&e.search, DEFAULT_DEPTH, 0)) < 0 ||
        (status = mancala_mcts_new(&e.tree)) < 0) {
        mancala_search_free(e.search);
        return engine_error(cmd, "the search", status);
    }
    mancala_mcts_set_seed(e.tree, e.seed);
    mancala_mcts_set_param(e.tree, MANCALA_MCTS_REUSE, 1);
    mancala_search_set_progress(e.search, say_depth, &e);

    char *line = malloc(PROTOCOL_LINE_MAX + 2);
    if (!line)
        return fail(cmd, "%s", mancala_strerror(MANCALA_E_NOMEM));
    long long len, nul;
    while ((len = read_line(stdin, line, &nul)) >= 0) {
        /* Refused whole: a part of it could be a command it was not. */
        if (len > PROTOCOL_LINE_MAX) {
            protocol_error("a line longer than %d bytes: refused", PROTOCOL_LINE_MAX);
            continue;
        }
        if (nul) {
            protocol_error("a line with a NUL byte (byte %lld): refused", nul);
            continue;
        }
        for (char *p = line; *p; p++)
            if (*p == '\t')
                *p = ' ';
        char *save, *word = strtok_r(line, " ", &save);
        char *rest = word ? save : NULL;
        if (!word)
            continue;
        reap(&e);
        if (!strcmp(word, "quit"))
            break;
        if (!strcmp(word, "uci")) {
            say("id name mancala %s", mancala_version_string());
            say("id author the libmancala authors");
            say("option name Level type spin default %d min 0 max %d", e.level, MANCALA_LEVEL_MAX);
            say("option name Engine type combo default %s var search var mcts",
                e.kind == ENGINE_MCTS ? "mcts" : "search");
            say("option name Seed type spin default %llu min 0 max %lld",
                (unsigned long long)e.seed, (long long)INT64_MAX);
            say("uciok");
        } else if (!strcmp(word, "isready")) {
            say("readyok");
        } else if (!strcmp(word, "stop")) {
            stop_thinking(&e);
        } else if (e.thinking) {
            protocol_error("%s: not while thinking (send stop first)", quote(word));
        } else if (!strcmp(word, "newgame") || !strcmp(word, "ucinewgame")) {
            mancala_free(e.game);
            e.game = NULL;
            e.draws = 0;
            mancala_mcts_set_seed(e.tree, e.seed);
        } else if (!strcmp(word, "setoption")) {
            cmd_setoption(&e, rest);
        } else if (!strcmp(word, "position")) {
            cmd_position(&e, rest);
        } else if (!strcmp(word, "go")) {
            cmd_go(&e, rest);
        } else {
            protocol_error("unknown command %s", quote(word));
        }
    }
    stop_thinking(&e);
    free(line);
    endgames_close(&e.endgames);
    mancala_free(e.game);
    mancala_search_free(e.search);
    mancala_mcts_free(e.tree);
    return EXIT_DONE;
}

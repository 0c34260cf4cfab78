/*
 * The mancala command: declarations shared by its source files.
 *
 * The program uses only the public API (mancala.h). Exit statuses are 0 on
 * success, 1 when an operation fails and 2 for bad usage; every error is
 * one line on standard error, "mancala: COMMAND: what was wrong".
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_CLI_H
#define MANCALA_CLI_H

#include <stdint.h>
#include <stdio.h>

#include <mancala.h>

enum exit_status {
    EXIT_DONE = 0,   /* success */
    EXIT_FAILED = 1, /* an operation failed (a file, an engine, ...) */
    EXIT_USAGE = 2   /* bad command line, position or rules name */
};

/* ---- Messages (common.c) ---- */

/* Prints "mancala: CMD: message" on stderr and returns EXIT_FAILED. */
int fail(const char *cmd, const char *fmt, ...);
/* Prints "mancala: CMD: message" on stderr and returns EXIT_USAGE. */
int usage_error(const char *cmd, const char *fmt, ...);
/* Reports a failed engine call (search, MCTS, solver, table): a library
 * without that engine answers MANCALA_E_UNSUPPORTED, which gets its own
 * message. Returns EXIT_FAILED. */
int engine_error(const char *cmd, const char *engine, int status);
/* The sentence engine_error() prints for MANCALA_E_UNSUPPORTED. */
void engine_unavailable_text(char *buf, size_t size, const char *engine);
/* The messages of the partial file `partial` of a solve ('mancala solve',
 * mancala-solve-mpi), naming it as the solver does. partial_refused():
 * after `status` from opening it (MANCALA_E_BUSY, _VERSION, _FORMAT: left
 * as it is; MANCALA_E_IO: the system's `error`); returns EXIT_FAILED, or
 * 0 for another status. checkpoint_failed(): the layer of `stones` could
 * not be written to it, for the reason `why`; returns EXIT_FAILED. */
int partial_refused(const char *cmd, const char *partial, int status, int error);
int checkpoint_failed(const char *cmd, int stones, const char *partial, const char *why);

/* @p text as one line of valid UTF-8 between single quotes, for a message:
 * control characters, invalid UTF-8 and the C1 controls escaped (\n, \e,
 * \x80, \u009b), `'` and `\` as \' and \\, and cut after 64 characters
 * ("'abc...'... (131072 bytes)"). The result lives in a static buffer,
 * one of four used in turn (enough for one message). */
const char *quote(const char *text);
/* The same for the first @p len bytes of @p text. */
const char *quote_n(const char *text, size_t len);
/* Writes @p text with the escapes of quote(), without quotes or cutting. */
void print_safely(FILE *out, const char *text);

/* ---- Stopping (common.c) ---- */

/* "SIGINT", "SIGTERM" or "SIGHUP": the name of a signal of
 * catch_stop_signals() (platform/port.h). */
const char *signal_name(int signo);

/* ---- Terminal styling (common.c) ---- */

/* Colours are used only when the output is a terminal that acts on escape
 * sequences (on Windows, a console that lets them be turned on:
 * mancala__vt_terminal()) and the NO_COLOR environment variable is unset
 * or empty (https://no-color.org). */
struct style {
    int color;
};
void style_for(struct style *style, FILE *out);
/* @p code (one of the SGR_ escape sequences) when colours are on, else "". */
const char *sgr(const struct style *style, const char *code);
#define SGR_RESET "\033[0m"
#define SGR_BOLD "\033[1m"
#define SGR_DIM "\033[2m"
#define SGR_RED "\033[31m"
#define SGR_GREEN "\033[32m"
#define SGR_YELLOW "\033[33m"

/* ---- Arguments (common.c) ---- */

struct option_spec {
    const char *name;   /* without the leading "--" */
    const char **value; /* receives the value; NULL for a flag */
    int *flag;          /* set to 1 for a flag */
};

/* Parses the arguments after the command name: options anywhere
 * ("--name value", "--name=value", "--" ends them) and between
 * @p min_pos and @p max_pos positional arguments named by @p pos_names.
 * Returns 0, EXIT_USAGE (message printed), or -1 if --help was asked. */
int parse_args(const char *cmd, int argc, char **argv, const struct option_spec *options,
               const char **positional, int min_pos, int max_pos, const char *const *pos_names);
/* The one reader of numbers from text (arguments, protocol words, an
 * engine's answers): all @p len bytes of @p text are the number. A whole
 * number is decimal digits, a minus sign before them only where @p min is
 * negative (not " 1", "+1", "1x", "0x1" or "1.0"), within [min, max];
 * returns 0, or -1 if the text is not such a number. */
int read_whole_number(const char *text, size_t len, long long min, long long max, long long *out);
/* A decimal: an optional minus sign, then digits with at most one point
 * among or after them ("-12", "0.05", ".5"; not "1e3", "0x1p3" or "inf").
 * Returns 0, or -1. */
int read_decimal(const char *text, size_t len, double *out);
/* The message of a number out of its range, also the engine protocol's:
 * WHAT, MIN, MAX and the quoted TEXT. */
#define NUMBER_RANGE_MESSAGE "%s must be a whole number from %lld to %lld, not %s"
/* A whole number in [min, max] (read_whole_number()); returns 0 or
 * EXIT_USAGE (NUMBER_RANGE_MESSAGE printed). */
int parse_number(const char *cmd, const char *what, const char *text, long long min,
                 long long max, long long *out);
/* --open KS,KN of the solvers: each from 1 to `holes`; returns 0 or
 * EXIT_USAGE (message printed). */
int parse_open_pits(const char *cmd, const char *text, int holes, long long *ks, long long *kn);
/* The arguments of 'mancala solve' and mancala-solve-mpi: RULES, --out
 * FILE (-o), --max-stones N, --quiet (-q), --open KS,KN, --step 1|4 and
 * --lean. */
struct solve_args {
    const char *rules;
    const char *path;   /* --out, or the default name (maybe in `name`) */
    int modiar;         /* Modiar, solved whole */
    int config;         /* a round configuration: --open, --step or a variant's rules */
    int quiet;
    int lean;           /* the lean solver (mancala_solve_lean()) */
    int max_stones, step;
    int ks, kn;         /* open pits of South and North */
    unsigned closed;    /* the closed pits, bit p for pit p */
    char name[64];
};
/* Reads them, defaults filled in; returns 0, EXIT_USAGE or EXIT_FAILED
 * (message printed), or -1 if --help was asked. `a` is not to be copied
 * (a->path may point into it). */
int parse_solve_args(const char *cmd, int argc, char **argv, struct solve_args *a);
/* POSITION: a position string, or a rules name for its start position.
 * Returns 0, EXIT_USAGE with the library's reason, or EXIT_FAILED. */
int open_position(const char *cmd, const char *arg, mancala_game **out);

/* ---- Reading a game (common.c) ---- */

const char *player_name(int player);
/* The value of the record's `result` tag for @p winner (MANCALA_SOUTH,
 * MANCALA_NORTH or MANCALA_DRAW): "South wins", "North wins" or "draw";
 * NULL (no tag) for anything else, a game or match not over. */
const char *result_tag(int winner);
/* Whether @p game is played in rounds with banks (Rio Kadalis). */
int has_rounds(const mancala_game *game);
/* Final stone difference for @p player once the game or round is over. */
int score_difference(const mancala_game *game, int player);

/* ---- Drawing (draw.c) ---- */

/* The board as seen from South's seat: pit numbers, North's row, South's
 * row, captures (and banks), the player to move. */
void draw_board(FILE *out, const struct style *style, const mancala_game *game);
/* "Game over: ... South 22, North 20: South wins.", and the match's result
 * if it is over, in the words of mancala_describe_result(). */
void print_result(FILE *out, const struct style *style, const mancala_game *game);
/* What the last move did, in the words of mancala_describe_last_move():
 * laps, stones sown, captures and who got them, binikh, forfeits; the
 * captures highlighted. Returns 0 or a negative status. */
int report_move(FILE *out, const struct style *style, const mancala_game *game);
/* The position as an SVG picture, drawn by mancala_svg(). Returns 0, or a
 * negative status (-1 on a write error). */
int write_svg(FILE *out, const mancala_game *game);
/* Writes the picture to the file @p path, as save_file() does. Returns 0,
 * or -1 with errno. */
int save_svg(const char *path, const mancala_game *game);
/* Writes the file @p path with @p write (which returns 0 or negative):
 * a regular file (or a new one) by a temporary file in its folder, flushed
 * to the disk and renamed over it, so that it is always whole and a
 * failure leaves it as it was; through a symbolic link, the file the link
 * leads to is replaced so (the link stays, as the solver does); anything
 * else (/dev/stdout, a pipe) is written directly. An existing file keeps
 * its permissions. Returns 0, or -1 with errno. */
int save_file(const char *path, int (*write)(FILE *out, const void *arg), const void *arg);

/* ---- Commands ---- */

/* One file a subcommand, named after it (show.c, play.c, engine.c, ...). */
int cmd_show(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_engine(int argc, char **argv);
/* The longest line of the engine protocol, in bytes before its "\n" (and
 * a "\r" before that): longer ones are skipped whole, by both sides. */
#define PROTOCOL_LINE_MAX 65534
int cmd_tournament(int argc, char **argv);

/* ---- Engines shared by play and analyze (search.c) ---- */

#define DEFAULT_DEPTH 8
/* The search's deepest iteration (MANCALA_LIMIT_DEPTH: more counts as this). */
#define MAX_DEPTH 128

/* ---- Solved tables (common.c, then tables.c) ---- */

/* The file name a table of @p rules with every pit open is written to and
 * looked for by default, "RULES.table" ("modiar.table"), in @p buf; NULL
 * if it does not fit. */
const char *default_table(const char *rules, char *buf, size_t size);
/* Whether @p rules are played in rounds with banks (Rio Kadalis, any
 * board), as the library tells (MANCALA_RULES_ROUNDS). */
int rules_have_rounds(const char *rules);
/* The name of the table of a round configuration: "RULES-open-KS-KN.table"
 * in @p buf; NULL for rules without rounds or if it does not fit. */
const char *config_table(const char *rules, int ks, int kn, char *buf, size_t size);
/* 1 if the closed pits of @p game follow the match rule (each player's
 * highest pits open), with their counts in @p ks and @p kn; 0 otherwise. */
int open_pits_of(const mancala_game *game, int *ks, int *kn);
/* The default table of the position of @p game: its configuration's
 * (config_table()) where pits are closed (or, if that file is not in the
 * current folder and the one of KN,KS is, that one: it serves turned
 * round), else RULES.table; NULL if none. */
const char *table_for_position(const mancala_game *game, char *buf, size_t size);
/* The command that writes the table of table_for_position() ("mancala
 * solve modiar", "mancala solve rio-kadalis --open 3,5"), into @p buf:
 * 1, or 0 if no table the command solves covers the position (every pit
 * open and more than 16 stones on the board). */
int solve_command(const mancala_game *game, char *buf, size_t size);
/* Opens the table at @p path for games of @p rules. A table the user
 * @p named that cannot be used is an error (message printed, EXIT_FAILED);
 * one found by its default name gets a warning and *out = NULL. Returns 0
 * otherwise. */
int open_table(const char *cmd, const char *path, int named, const char *rules,
               mancala_table **out);
/* 1 if @p table answers for the position of @p game; otherwise 0 and
 * the reason in @p why. */
int table_covers(const mancala_table *table, const mancala_game *game, char *why, size_t size);

/* ---- The tables of a playing search (endgames.c) ---- */

/* The tables a search of 'engine' and 'play' uses, looked for in a folder
 * by the names 'mancala solve' writes (RULES.table, modiar.table,
 * RULES-open-KS-KN.table) and opened as positions need them. */
struct endgames_slot {
    char path[4096];
    mancala_table *table;
};
struct endgames {
    const char *dir;                /* where to look; NULL: nowhere */
    struct endgames_slot slot[2];   /* every pit open; the last round's */
};
/* Looks in @p dir (NULL: uses none); nothing is opened yet. */
void endgames_init(struct endgames *e, const char *dir);
/* endgames_init() from the options --tables DIR and --no-tables (the
 * current folder by default); returns 0 or EXIT_USAGE (message printed). */
int endgames_option(const char *cmd, const char *tables, int no_tables, struct endgames *e);
void endgames_close(struct endgames *e);
/* The table of the round of @p game (its closed pits), opened at its first
 * use (a file that cannot be used: a warning on stderr, once, for @p cmd);
 * NULL if there is none. Valid until the next call or endgames_close(). */
const mancala_table *endgames_for(struct endgames *e, const char *cmd, const mancala_game *game);
/* The names of the tables of @p rules in the folder ("rio-kadalis.table,
 * rio-kadalis-open-1-6.table") in @p buf; returns how many. */
int endgames_found(const struct endgames *e, const char *rules, char *buf, size_t size);
/* mancala_search_level_move() with @p table (NULL: none) given to the
 * search, except where the table holds the position's exact value: there
 * the search without the table chooses, and a move of its that gives
 * value away by the table is replaced by the table's best move. */
int endgames_level_move(mancala_search *search, const mancala_table *table,
                        const mancala_game *game, int level, uint64_t seed);
/* Whether a player uses them: the full-strength search (level 0) and
 * level 20; the levels below keep the strength they were measured at. */
#define ENDGAMES_LEVEL(level) ((level) == 0 || (level) == MANCALA_LEVEL_MAX)

/* Makes a searcher limited to @p depth plies (and @p time_ms if > 0).
 * Returns 0 or a negative status. */
int searcher_new(mancala_search **out, int depth, int64_t time_ms);
/* mancala_search_run() with Ctrl-C (SIGINT) stopping the search instead of
 * the program: it then returns MANCALA_STOPPED with the result of its last
 * completed depth. The previous SIGINT action is restored afterwards. */
int search_interruptible(mancala_search *search, const mancala_game *game);
/* mancala_mcts_run() the same way: Ctrl-C stops it with MANCALA_STOPPED,
 * the results of the playouts made readable. */
int mcts_interruptible(mancala_mcts_tree *tree, const mancala_game *game);

#endif

/*
 * mancala play: a game (a whole match for Rio Kadalis) between humans at
 * the terminal and computer players.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifndef _WIN32 /* the prompt's line editor: a POSIX terminal */
#include <poll.h>
#include <termios.h>
#endif

#include "cli.h"
#include "core/random.h"
#include "platform/port.h"

static const char play_help[] =
    "Usage: mancala play RULES|POSITION [--south P] [--north P] [--seed N]\n"
    "                    [--rounds N] [--table FILE] [--save FILE] [--delay MS]\n"
    "                    [--tables DIR | --no-tables]\n"
    "       mancala play --load FILE [OPTIONS]\n"
    "\n"
    "Plays a game from the start position of RULES (modiar, rio-kadalis,\n"
    "rio-kadalis-5, rio-kadalis-cw, rio-kadalis-5-cw) or from POSITION.\n"
    "Rio Kadalis is played as a whole match, round after round, until a\n"
    "player has fewer than 4 stones, or until a round would start like two\n"
    "earlier rounds: then the player holding more stones wins (RULES.md).\n"
    "\n"
    "  --south P     South's player (default human)\n"
    "  --north P     North's player (default random)\n"
    "  --seed N      seed of the random and mcts players (default: from the clock,\n"
    "                printed so that the game can be replayed)\n"
    "  --rounds N    end a match after N rounds: the player holding more\n"
    "                stones wins it (a draw if equal)\n"
    "  --table FILE  the solved table of the perfect player and of hints\n"
    "                (default modiar.table or rio-kadalis.table, made by\n"
    "                'mancala solve RULES')\n"
    "  --tables DIR  where the search players and level 20 look for the solved\n"
    "                tables of each round (default: the current folder): the\n"
    "                files 'mancala solve' writes, RULES.table and\n"
    "                RULES-open-KS-KN.table; a line on stderr names those found\n"
    "  --no-tables   the search players and level 20 use none\n"
    "  --save FILE   write the match record to FILE after every move (also on\n"
    "                q, Ctrl-C, SIGTERM and SIGHUP), to resume it with --load\n"
    "  --load FILE   resume the match recorded in FILE with its players, seed and\n"
    "                round limit (unless given again), saving back to FILE\n"
    "                (unless --save names another file)\n"
    "  --delay MS    on a terminal, wait MS milliseconds before each computer\n"
    "                move, so that a game can be watched (default 0; no wait\n"
    "                when the output is not a terminal)\n"
    "\n"
    "Players:\n"
    "  human           moves typed at the terminal\n"
    "  random          uniformly random legal moves\n"
    "  search:DEPTH    alpha-beta search DEPTH plies deep (1-64)\n"
    "  search          the same, 8 plies deep (as 'mancala analyze')\n"
    "  level:L         a computer opponent of strength L, from 1 (nearly random)\n"
    "                  to 20 (the strongest search in about a second a move)\n"
    "  mcts:PLAYOUTS   Monte Carlo tree search with PLAYOUTS playouts\n"
    "  perfect         the best move by the solved table: Modiar, and the\n"
    "                  endgames of rio-kadalis (search with the table before)\n"
    "\n"
    "A human types a pit number, u to undo (back to their previous turn),\n"
    "h for a hint (from the solved table where one covers the position, as\n"
    "in 'mancala analyze', otherwise from the search), or q to quit.\n";

enum player_kind { HUMAN, RANDOM, SEARCH, MCTS, PERFECT, LEVEL };

struct player {
    enum player_kind kind;
    const char *spec;        /* as given on the command line */
    long long budget;        /* search depth, MCTS playouts or level */
    uint64_t rng;            /* random and mcts: the player's own generator */
    mancala_search *search;  /* search, and perfect where the table does not reach */
    mancala_mcts_tree *tree; /* mcts: its budget of playouts set, a fresh tree each move */
};

struct session {
    mancala_game *game;
    const char *save_path;   /* --save, or --load's file */
    char *comments;          /* the # lines of --load's file, kept when saving */
    long long delay_ms;      /* --delay, 0 when stdout is not a terminal */
    struct player players[2];
    struct style style;
    const char *table_path;
    mancala_table *table;    /* of the perfect players and hints; may be NULL */
    int table_named;         /* by --table: no other table is looked for */
    mancala_table *round_table; /* the table of the round's closed pits, if at hand */
    char round_name[64];     /* its file name ("" before the first look) */
    char table_name[64];     /* the default table of the first position */
    int echo_input;          /* echo what is read when stdin is not a terminal */
    mancala_search *hint;    /* made at the first hint */
    int hint_status;         /* 0, or why hints are not available */
    int hint_suggested;      /* the solve command has been suggested */
    char note[96];           /* what the engine found, printed after its move */
    struct endgames endgames; /* of the search players and level 20 */
};

static int parse_player(const char *side, const char *spec, struct player *p)
{
    const char *cmd = "play";
    memset(p, 0, sizeof *p);
    p->spec = spec;
    if (!strcmp(spec, "human"))
        p->kind = HUMAN;
    else if (!strcmp(spec, "random"))
        p->kind = RANDOM;
    else if (!strcmp(spec, "perfect"))
        p->kind = PERFECT;
    else if (!strcmp(spec, "search")) {
        /* As 'mancala analyze' searches without --depth. */
        p->kind = SEARCH;
        p->budget = DEFAULT_DEPTH;
    } else if (!strncmp(spec, "search:", 7)) {
        p->kind = SEARCH;
        return parse_number(cmd, "the search depth", spec + 7, 1, 64, &p->budget);
    } else if (!strncmp(spec, "level:", 6)) {
        p->kind = LEVEL;
        return parse_number(cmd, "the level", spec + 6, MANCALA_LEVEL_MIN, MANCALA_LEVEL_MAX,
                            &p->budget);
    } else if (!strncmp(spec, "mcts:", 5)) {
        p->kind = MCTS;
        return parse_number(cmd, "the number of playouts", spec + 5, 1, 1000000000, &p->budget);
    } else
        return usage_error(cmd, "--%s: unknown player %s (expected human, random, "
                           "search, search:DEPTH, level:L, mcts:PLAYOUTS or perfect)", side,
                           quote(spec));
    return 0;
}

/* Makes the engines of the computer players, so that a missing engine is
 * reported before the game starts. */
static int prepare_player(struct session *s, struct player *p, const char *side, uint64_t seed)
{
    const char *cmd = "play";
    int status;
    p->rng = seed ^ (side[0] == 's' ? 0x5eedULL : 0x7a11ULL << 32);
    switch (p->kind) {
    case SEARCH:
    case LEVEL:
        status = searcher_new(&p->search, p->kind == SEARCH ? (int)p->budget : DEFAULT_DEPTH, 0);
        return status < 0 ? engine_error(cmd, "the search", status) : 0;
    case MCTS:
        if ((status = mancala_mcts_new(&p->tree)) < 0 ||
            (status = mancala_mcts_set_limit(p->tree, MANCALA_LIMIT_PLAYOUTS, p->budget)) < 0)
            return engine_error(cmd, "Monte Carlo tree search", status);
        return 0;
    case PERFECT:
        if (!s->table)
            return fail(cmd, "--%s: the perfect player needs the solved table %s (make it with "
                        "'mancala solve %s')", side, quote(s->table_path), mancala_rules(s->game));
        /* Where the table does not reach (Rio Kadalis before its endgame). */
        status = searcher_new(&p->search, DEFAULT_DEPTH, 0);
        if (status == 0)
            status = mancala_search_set_table(p->search, s->table);
        return status < 0 ? engine_error(cmd, "the search", status) : 0;
    default:
        return 0;
    }
}

/* The solved table of the perfect players and of hints: the one named by
 * --table, or the default file of the rules. A perfect player needs it;
 * for hints a default file that cannot be used is skipped (with a
 * warning). Returns 0 or an exit status (message printed). */
static int prepare_table(struct session *s, const char *table_arg)
{
    const char *rules = mancala_rules(s->game);
    const int perfect = s->players[0].kind == PERFECT || s->players[1].kind == PERFECT;
    const int human = s->players[0].kind == HUMAN || s->players[1].kind == HUMAN;
    const char *name = table_for_position(s->game, s->table_name, sizeof s->table_name);
    if (!name && (perfect || table_arg))
        return usage_error("play", "%s: solved tables exist for modiar and rio-kadalis, not for %s",
                           perfect ? "the perfect player" : "--table", rules);
    s->table_path = table_arg ? table_arg : name;
    s->table_named = table_arg != NULL;
    if (perfect || table_arg || (human && access(s->table_path, F_OK) == 0))
        return open_table("play", s->table_path, perfect || table_arg, rules, &s->table);
    return 0;
}

/* The table that answers for the position: the one of the session, or
 * else the file of the round's configuration in the current folder
 * (RULES-open-KS-KN.table, from 'mancala solve RULES --open KS,KN'),
 * opened when a round needs it; NULL if none covers it. */
static const mancala_table *covering_table(struct session *s)
{
    char why[160], name[64];
    if (s->table && table_covers(s->table, s->game, why, sizeof why))
        return s->table;
    const char *path = s->table_named ? NULL : table_for_position(s->game, name, sizeof name);
    if (!path || (s->table_path && !strcmp(path, s->table_path)))
        return NULL;
    if (strcmp(path, s->round_name) != 0) {
        mancala_table_close(s->round_table);
        s->round_table = NULL;
        snprintf(s->round_name, sizeof s->round_name, "%s", path);
        if (access(path, F_OK) == 0)
            open_table("play", path, 0, mancala_rules(s->game), &s->round_table);
    }
    return s->round_table && table_covers(s->round_table, s->game, why, sizeof why) ? s->round_table
                                                                                   : NULL;
}

/* Whether the player's search uses the solved tables: search, level 20. */
static int uses_tables(const struct player *p)
{
    return p->kind == SEARCH || (p->kind == LEVEL && ENDGAMES_LEVEL(p->budget));
}

/* Names the tables the search players will use, if any are found. */
static void announce_tables(const struct session *s)
{
    const int use = uses_tables(&s->players[0]) || uses_tables(&s->players[1]);
    char found[1024];
    if (use && endgames_found(&s->endgames, mancala_rules(s->game), found, sizeof found))
        fprintf(stderr, "mancala: play: the search uses the tables for %s in %s: %s\n",
                mancala_rules(s->game), quote(s->endgames.dir), found);
}

/* The computer's move, or a negative status. Prints what the engine found. */
static int computer_move(struct session *s, struct player *p)
{
    int moves[MANCALA_MAX_PITS], move, status;
    const int count = mancala_legal_moves(s->game, moves, MANCALA_MAX_PITS);
    if (count <= 0)
        return count < 0 ? count : MANCALA_E_OVER;
    /* The table of the round, for a search that never leaves it. */
    const mancala_table *endgame =
        uses_tables(p) ? endgames_for(&s->endgames, "play", s->game) : NULL;
    if (uses_tables(p) && (status = mancala_search_set_table(p->search, endgame)) < 0)
        return status;
    switch (p->kind) {
    case RANDOM:
        return moves[mc_random_next(&p->rng) % (uint64_t)count];
    case SEARCH:
        if ((status = search_interruptible(p->search, s->game)) < 0)
            return status;
        move = mancala_search_best_move(p->search);
        if (move >= 0)
            snprintf(s->note, sizeof s->note, "(search%s: depth %d, score %+d)",
                     status == MANCALA_STOPPED ? " stopped by Ctrl-C" : "",
                     mancala_search_depth(p->search), mancala_search_score(p->search));
        return move;
    case LEVEL:
        move = endgames_level_move(p->search, endgame, s->game, (int)p->budget,
                                   mc_random_next(&p->rng));
        if (move >= 0)
            snprintf(s->note, sizeof s->note, "(level %lld)", p->budget);
        return move;
    case MCTS:
        /* A fresh tree with the seed and the playouts chooses what
         * mancala_mcts() does with them; Ctrl-C stops it. */
        mancala_mcts_set_seed(p->tree, mc_random_next(&p->rng));
        if ((status = mcts_interruptible(p->tree, s->game)) < 0)
            return status;
        if (status == MANCALA_STOPPED)
            snprintf(s->note, sizeof s->note, "(mcts stopped by Ctrl-C: %llu playouts)",
                     (unsigned long long)mancala_mcts_playouts(p->tree));
        return mancala_mcts_best_move(p->tree);
    case PERFECT: {
        int lo, hi;
        const mancala_table *table = covering_table(s);
        if (!table) {
            if ((status = search_interruptible(p->search, s->game)) < 0)
                return status;
            snprintf(s->note, sizeof s->note, "(search with the table: depth %d, score %+d)",
                     mancala_search_depth(p->search), mancala_search_score(p->search));
            return mancala_search_best_move(p->search);
        }
        if ((status = mancala_table_best_moves(table, s->game, moves, MANCALA_MAX_PITS)) < 0)
            return status;
        if (status == 0)
            return MANCALA_E_STATE;
        if (mancala_table_value(table, s->game, &lo, &hi) == 0)
            snprintf(s->note, sizeof s->note,
                     lo == hi ? "(perfect: value %+d)" : "(perfect: value %+d..%+d)", lo, hi);
        return moves[0];
    }
    default:
        return MANCALA_E_STATE;
    }
}

static void show_hint(struct session *s)
{
    /* The table, where it covers the position: what analyze would say. */
    int best[MANCALA_MAX_PITS], lo, hi;
    const mancala_table *table = covering_table(s);
    if (table && mancala_table_best_moves(table, s->game, best, MANCALA_MAX_PITS) > 0 &&
        mancala_table_value(table, s->game, &lo, &hi) == 0) {
        printf(lo == hi ? "Hint: play %d (exact, by the solved table: value %+d).\n"
                        : "Hint: play %d (by the solved table: value %+d..%+d).\n", best[0], lo,
               hi);
        return;
    }
    if (!s->hint && !s->hint_status) {
        int status = searcher_new(&s->hint, DEFAULT_DEPTH, 0);
        if (status == 0 && s->table)
            status = mancala_search_set_table(s->hint, s->table);
        if (status < 0)
            s->hint_status = status;
    }
    int status = s->hint_status ? s->hint_status : mancala_search_run(s->hint, s->game);
    if (status == MANCALA_E_UNSUPPORTED) {
        char text[160];
        engine_unavailable_text(text, sizeof text, "the search");
        printf("No hint: %s.\n", text);
    } else if (status < 0) {
        printf("No hint: %s.\n", mancala_strerror(status));
    } else {
        printf("Hint: play %d (estimate to depth %d, not exact: score %+d).\n",
               mancala_search_best_move(s->hint), mancala_search_depth(s->hint),
               mancala_search_score(s->hint));
        /* Once a game: where exact hints would come from. */
        char name[64], solve[96];
        const char *path = table_for_position(s->game, name, sizeof name);
        if (!s->hint_suggested && !table && path && access(path, F_OK) != 0 &&
            solve_command(s->game, solve, sizeof solve)) {
            printf("For exact hints, solve the game: '%s' writes %s.\n", solve, path);
            s->hint_suggested = 1;
        }
    }
}

/* Takes back moves until a human is to move again (or nothing is left to
 * take back). */
static void undo(struct session *s)
{
    int taken = 0;
    while (mancala_undo(s->game) == MANCALA_OK) {
        taken++;
        if (s->players[mancala_to_move(s->game)].kind == HUMAN)
            break;
    }
    if (!taken) {
        printf("%sCannot undo: %s.%s\n", sgr(&s->style, SGR_RED),
               mancala_strerror(MANCALA_E_NO_HISTORY), sgr(&s->style, SGR_RESET));
        return;
    }
    printf("Took back %d move%s.\n", taken, taken == 1 ? "" : "s");
    draw_board(stdout, &s->style, s->game);
}

enum turn { PLAYED, UNDONE, QUIT };

/* ---- signals: Ctrl-C, SIGTERM and SIGHUP end the game as q does ---- */

/* The signal that asked to stop, 0 if none. */
static volatile sig_atomic_t stop_signal;
#ifndef _WIN32
/* The terminal's settings while the line editor has changed them. */
static struct termios saved_terminal;
static volatile sig_atomic_t terminal_changed;
#endif

static void on_stop_signal(int sig)
{
    if (stop_signal) {
        /* A second signal: stop now (every move is saved already). */
#ifndef _WIN32
        if (terminal_changed)
            tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal);
#endif
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    stop_signal = sig;
}


/* ---- reading a line ---- */

/* Skips the rest of an escape sequence after ESC (an arrow key sends
 * ESC [ D, Delete ESC [ 3 ~): a CSI or SS3 sequence up to its final byte.
 * Returns the final byte plus 256 times the last byte before it (the
 * key's number, as '3' for Delete), or EOF. */
static int skip_escape(int (*next)(void))
{
    int c = next(), before = 0;
    if (c != '[' && c != 'O')
        return c;
    while ((c = next()) != EOF && !(c >= 0x40 && c <= 0x7e))
        before = c;
    return c == EOF ? EOF : c | before << 8;
}

static int next_stdin(void)
{
    return getchar();
}

/* Reads one line of standard input into `line` (without its newline).
 * Returns 0, or -1 at the end of input or on a read error (such as
 * standard input being a directory) with nothing read. A line too long
 * for `line`, or with a NUL byte in it, is no command: it comes back as
 * "?" (a NUL must not hide the rest of the line, nor the next one).
 * Escape sequences (arrow keys) are left out. */
static int read_line(char *line, size_t size)
{
    size_t len = 0;
    int c, bad = 0;
    while ((c = getchar()) != EOF && c != '\n') {
        if (c == 0x1b) {
            /* Left out; ESC then a newline: the newline still ends the line. */
            const int last = skip_escape(next_stdin);
            if (last == '\n' || last == EOF) {
                c = last;
                break;
            }
            continue;
        }
        if (c == '\0' || len + 1 >= size)
            bad = 1;
        else
            line[len++] = (char)c;
    }
    if (c == EOF && len == 0 && !bad)
        return -1;
    if (bad)
        len = 0, line[len++] = '?';
    line[len] = '\0';
    return 0;
}

#ifndef _WIN32
/* One byte from the terminal, or EOF (end, error, or a signal). A signal
 * that came just before read() would not interrupt it: the wait is cut
 * into short polls that look at stop_signal. */
static int next_terminal(void)
{
    struct pollfd in = {STDIN_FILENO, POLLIN, 0};
    unsigned char c;
    while (!stop_signal) {
        const int ready = poll(&in, 1, 200);
        if (ready < 0 && errno != EINTR)
            return EOF;
        if (ready > 0)
            return read(STDIN_FILENO, &c, 1) == 1 ? c : EOF;
    }
    return EOF;
}

/* Moves the terminal's cursor `n` columns left. */
static void cursor_left(size_t n)
{
    while (n--)
        putchar('\b');
}

/* Turns the terminal's echo and line editing off, before the prompt is
 * shown (keys typed after it must not be echoed by the terminal). Returns
 * 1, or 0 if the terminal cannot be set so. */
static int raw_terminal(void)
{
    struct termios raw;
    if (tcgetattr(STDIN_FILENO, &saved_terminal) != 0)
        return 0;
    raw = saved_terminal;
    raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    terminal_changed = 1;
    if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) != 0)
        terminal_changed = 0;
    return terminal_changed;
}

/*
 * Reads a line from the terminal set by raw_terminal() with a small line
 * editor, then sets the terminal back: the left and right arrows, Home
 * and End (also Ctrl-A, Ctrl-E), Backspace, Delete, Ctrl-U; other keys
 * that send escape sequences (up, down, F1...) and other control
 * characters do nothing, so that nothing like ^[[D is echoed. Ctrl-D on
 * an empty line is the end of input. Returns as read_line().
 */
static int edit_line(char *line, size_t size)
{
    size_t len = 0, at = 0;
    int c, result = 0;
    for (;;) {
        fflush(stdout);
        c = next_terminal();
        const size_t was = at;
        if (c == EOF || (c == 0x04 && len == 0)) {
            result = -1;
            break;
        }
        if (c == '\r' || c == '\n')
            break;
        if (c == 0x1b) {
            c = skip_escape(next_terminal);
            if (c == EOF) {
                result = -1;
                break;
            }
            if (c == '\r' || c == '\n') /* ESC, then Enter */
                break;
            if (c == 'D' && at > 0)
                at--;
            else if (c == 'C' && at < len)
                at++;
            else if (c == 'H' || c == ('~' | '1' << 8) || c == ('~' | '7' << 8))
                at = 0;
            else if (c == 'F' || c == ('~' | '4' << 8) || c == ('~' | '8' << 8))
                at = len;
            else if (c == ('~' | '3' << 8) && at < len) /* Delete */
                memmove(line + at, line + at + 1, --len - at);
            else
                continue;
        } else if ((c == 0x7f || c == 0x08) && at > 0) {
            memmove(line + at - 1, line + at, len - at);
            len--, at--;
        } else if (c == 0x01) {
            at = 0;
        } else if (c == 0x05) {
            at = len;
        } else if (c == 0x15) {
            len = at = 0;
        } else if (c >= 0x20 && c < 0x7f && len + 1 < size) {
            memmove(line + at + 1, line + at, len - at);
            line[at++] = (char)c;
            len++;
        } else {
            continue;
        }
        /* Redraw from the line's start: the text, a clear to the end of
         * the line, then the cursor back in its place. */
        cursor_left(was);
        fwrite(line, 1, len, stdout);
        fputs("\033[K", stdout);
        cursor_left(len - at);
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal);
    terminal_changed = 0;
    line[len] = '\0';
    if (result == 0)
        putchar('\n');
    return result;
}
#else
/* Windows' console edits the line itself. */
static int raw_terminal(void)
{
    return 0;
}

static int edit_line(char *line, size_t size)
{
    return read_line(line, size);
}
#endif

static enum turn human_turn(struct session *s)
{
    for (;;) {
        int moves[MANCALA_MAX_PITS];
        const int count = mancala_legal_moves(s->game, moves, MANCALA_MAX_PITS);
        const int raw = !s->echo_input && raw_terminal();
        printf("%s%s%s, your move (", sgr(&s->style, SGR_BOLD),
               player_name(mancala_to_move(s->game)), sgr(&s->style, SGR_RESET));
        for (int i = 0; i < count; i++)
            printf(i ? " %d" : "%d", moves[i]);
        printf("; u undo, h hint, q quit): ");
        fflush(stdout);

        char line[256];
        if ((raw ? edit_line(line, sizeof line) : read_line(line, sizeof line)) < 0) {
            /* Documented in mancala(1): the game stops as if quit. */
            printf(stop_signal ? "\nInterrupted.\n" : "\nEnd of input.\n");
            return QUIT;
        }
        if (s->echo_input) {
            print_safely(stdout, line);
            putchar('\n');
        }
        char *word = line;
        while (isspace((unsigned char)*word))
            word++;
        size_t len = strlen(word);
        while (len && isspace((unsigned char)word[len - 1]))
            word[--len] = '\0';

        if (!len)
            continue;
        if (!strcmp(word, "q") || !strcmp(word, "quit"))
            return QUIT;
        if (!strcmp(word, "u") || !strcmp(word, "undo")) {
            undo(s);
            if (s->players[mancala_to_move(s->game)].kind != HUMAN)
                return UNDONE;
            continue;
        }
        if (!strcmp(word, "h") || !strcmp(word, "hint")) {
            show_hint(s);
            continue;
        }
        long long pit;
        if (read_whole_number(word, len, 0, 999, &pit) < 0) {
            printf("Type a pit number, u (undo), h (hint) or q (quit).\n");
            continue;
        }
        int status = mancala_play(s->game, (int)pit);
        if (status == MANCALA_OK)
            return PLAYED;
        /* The library says why: grand slam, must feed, endless, singleton,
         * closed, empty; a pit that is not the player's is said plainly. */
        const int n = mancala_num_pits(s->game) / 2, me = mancala_to_move(s->game);
        printf("%sCannot play %lld: ", sgr(&s->style, SGR_RED), pit);
        if (status == MANCALA_E_NOT_YOURS)
            printf("pit %lld is %s's; yours are %d to %d", pit, player_name(1 - me), me * n,
                   me * n + n - 1);
        else if (status == MANCALA_E_RANGE)
            printf("there is no pit %lld; yours are %d to %d", pit, me * n, me * n + n - 1);
        else
            printf("%s", mancala_strerror(status));
        printf(".%s\n", sgr(&s->style, SGR_RESET));
    }
}

static void print_round_start(const struct session *s)
{
    const mancala_game *g = s->game;
    const int n = mancala_num_pits(g) / 2;
    printf("\n%sRound %d%s: %s moves first.", sgr(&s->style, SGR_BOLD), mancala_round(g),
           sgr(&s->style, SGR_RESET), player_name(mancala_to_move(g)));
    for (int player = MANCALA_SOUTH; player <= MANCALA_NORTH; player++) {
        int open = 0;
        for (int pit = player * n; pit < (player + 1) * n; pit++)
            open += !mancala_pit_closed(g, pit);
        printf(" %s opens %d pit%s, bank %d%s", player_name(player), open, open == 1 ? "" : "s",
               mancala_bank(g, player), player == MANCALA_SOUTH ? ";" : ".\n");
    }
}

/* The file --save writes: the comment lines of --load's file, then the
 * match record. */
static int write_match(FILE *out, const void *arg)
{
    const struct session *s = arg;
    int len = mancala_format_record(s->game, NULL, 0);
    char *record = len < 0 ? NULL : malloc((size_t)len + 1);
    if (!record)
        return -1;
    mancala_format_record(s->game, record, (size_t)len + 1);
    int failed = s->comments && fputs(s->comments, out) < 0;
    failed |= fprintf(out, "%s\n", record) < 0;
    free(record);
    return failed ? -1 : 0;
}

/* Writes the match to --save FILE (save_file(): atomically, and through a
 * symbolic link to the file it leads to). Returns 0 or EXIT_FAILED
 * (message printed). */
static int save_match(const struct session *s)
{
    if (s->save_path && save_file(s->save_path, write_match, s) != 0)
        return fail("play", "--save %s: %s", s->save_path, strerror(errno ? errno : EIO));
    return 0;
}

/* Reads the match record of --load FILE: the one line that is neither
 * empty nor a comment (#); the comment lines go to `comments` (NULL if
 * none). Returns 0 or EXIT_FAILED (message printed). */
static int load_match(const char *path, mancala_game **out, char **comments)
{
    const char *cmd = "play";
    FILE *in = fopen(path, "r");
    if (!in)
        return fail(cmd, "--load %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(in);
        return fail(cmd, "--load %s: a folder, not a file with a match record", path);
    }
    char *line = NULL, *record = NULL, *kept = NULL;
    size_t cap = 0, kept_len = 0;
    ssize_t len;
    int records = 0, line_no = 0, record_line = 0, no_memory = 0, nul_line = 0;
    while ((len = getline(&line, &cap, in)) >= 0) {
        line_no++;
        /* A NUL would cut the line short where the parser reads it: the
         * rest would be dropped unseen. */
        if (!nul_line && memchr(line, '\0', (size_t)len))
            nul_line = line_no;
        if (line[0] == '#') {
            /* Kept as it is, with a newline at its end. */
            char *grown = realloc(kept, kept_len + (size_t)len + 2);
            if (!grown) {
                no_memory = 1;
                continue;
            }
            kept = grown;
            memcpy(kept + kept_len, line, (size_t)len);
            kept_len += (size_t)len;
            if (line[len - 1] != '\n')
                kept[kept_len++] = '\n';
            kept[kept_len] = '\0';
            continue;
        }
        if (len == 0 || line[0] == '\n' || !strcmp(line, "\r\n"))
            continue;
        if (++records == 1) {
            record = strdup(line);
            record_line = line_no;
        }
    }
    int read_errno = ferror(in) ? errno : 0;
    fclose(in);
    free(line);
    int result = 0;
    if (read_errno)
        result = fail(cmd, "--load %s: %s", path, strerror(read_errno));
    else if (nul_line)
        result = fail(cmd, "--load %s: line %d: a NUL byte: not a text file with a match record",
                      path, nul_line);
    else if (records == 0)
        result = fail(cmd, "--load %s: no match record in the file", path);
    else if (records > 1)
        result = fail(cmd, "--load %s: the file holds %d match records; --load takes a file "
                      "with one", path, records);
    else if (!record || no_memory)
        result = fail(cmd, "--load %s: %s", path, strerror(ENOMEM));
    if (!result) {
        char reason[MANCALA_REASON_MAX];
        int status = mancala_parse_record(out, record, reason, sizeof reason);
        if (status == MANCALA_E_PARSE)
            result = fail(cmd, "--load %s: line %d: %s", path, record_line, reason);
        else if (status < 0)
            result = fail(cmd, "--load %s: %s", path, mancala_strerror(status));
    }
    free(record);
    if (result)
        free(kept);
    else
        *comments = kept;
    return result;
}

/* --delay: a pause before a computer's move (a signal cuts it short). */
static void pause_before_move(const struct session *s)
{
    if (s->delay_ms <= 0 || stop_signal)
        return;
    fflush(stdout);
    struct timespec wait = {(time_t)(s->delay_ms / 1000), (long)(s->delay_ms % 1000) * 1000000L};
    nanosleep(&wait, NULL);
}

/* Plays one game or round to its end, saving after every move. Returns
 * 0, ROUND_QUIT if a human quit or a signal asked to stop, or EXIT_FAILED
 * if an engine failed or the match could not be saved. */
#define ROUND_QUIT (-1)
static int play_round(struct session *s)
{
    draw_board(stdout, &s->style, s->game);
    while (!mancala_is_over(s->game)) {
        struct player *p = &s->players[mancala_to_move(s->game)];
        int status;
        if (stop_signal)
            return ROUND_QUIT;
        if (p->kind == HUMAN) {
            enum turn turn = human_turn(s);
            if (turn == QUIT)
                return ROUND_QUIT;
            if (turn == UNDONE) {
                if ((status = save_match(s)))
                    return status;
                continue;
            }
        } else {
            pause_before_move(s);
            if (stop_signal)
                return ROUND_QUIT;
            int move = computer_move(s, p);
            status = move < 0 ? move : mancala_play(s->game, move);
            if (status < 0)
                return engine_error("play", p->spec, status);
        }
        /* After every move, so that nothing is lost however the program
         * ends (a signal, a closed terminal, a crash). */
        if ((status = save_match(s)))
            return status;
        putchar('\n');
        report_move(stdout, &s->style, s->game);
        if (s->note[0])
            printf("  %s\n", s->note);
        s->note[0] = '\0';
        draw_board(stdout, &s->style, s->game);
    }
    return 0;
}

/* The tags of the record: the players, the seed and, once over, the
 * result; the date the match began is kept from a loaded record. Returns
 * 0 or EXIT_FAILED (message printed). */
static int tag_match(struct session *s, long long seed)
{
    char seed_text[24], date[16] = "";
    const time_t now = time(NULL);
    const struct tm *utc = gmtime(&now);
    snprintf(seed_text, sizeof seed_text, "%lld", seed);
    if (utc)
        strftime(date, sizeof date, "%Y-%m-%d", utc);
    mancala_game *g = s->game;
    int status = mancala_tag_set(g, "south", s->players[MANCALA_SOUTH].spec);
    if (status == 0)
        status = mancala_tag_set(g, "north", s->players[MANCALA_NORTH].spec);
    if (status == 0)
        status = mancala_tag_set(g, "seed", seed_text);
    if (status == 0 && !mancala_tag_get(g, "date") && date[0])
        status = mancala_tag_set(g, "date", date);
    if (status == 0) {
        const int winner = mancala_match_over(g) == 1 ? mancala_match_winner(g) : -1;
        status = mancala_tag_set(g, "result", result_tag(winner));
    }
    return status < 0 ? fail("play", "the tags of the record: %s", mancala_strerror(status)) : 0;
}

/* A setting of a loaded match: the command line's, else the record's tag
 * (copied into `copy`, as setting the tags again moves them), else the
 * default. */
static const char *setting(const char *given, const mancala_game *game, const char *tag,
                           const char *fallback, char copy[MANCALA_TAG_VALUE_MAX + 1])
{
    const char *recorded = mancala_tag_get(game, tag);
    if (given || !recorded)
        return given ? given : fallback;
    return strcpy(copy, recorded);
}

int cmd_play(int argc, char **argv)
{
    const char *cmd = "play", *south = NULL, *north = NULL, *seed_arg = NULL;
    const char *rounds_arg = NULL, *table_arg = NULL, *start = NULL, *delay_arg = NULL;
    const char *save_arg = NULL, *load_arg = NULL, *tables_arg = NULL;
    int no_tables = 0;
    const struct option_spec options[] = {
        {"south", &south, NULL}, {"north", &north, NULL}, {"seed", &seed_arg, NULL},
        {"rounds", &rounds_arg, NULL}, {"table", &table_arg, NULL},
        {"save", &save_arg, NULL}, {"load", &load_arg, NULL}, {"delay", &delay_arg, NULL},
        {"tables", &tables_arg, NULL}, {"no-tables", NULL, &no_tables}, {0}};
    static const char *const names[] = {"RULES or POSITION (or --load FILE)"};
    int status = parse_args(cmd, argc, argv, options, &start, 0, 1, names);
    if (status < 0)
        return fputs(play_help, stdout), EXIT_DONE;
    if (status)
        return status;
    if (!start && !load_arg)
        return usage_error(cmd, "missing RULES or POSITION");
    if (start && load_arg)
        return usage_error(cmd, "give RULES or POSITION, or --load FILE, not both");

    struct session s;
    memset(&s, 0, sizeof s);
    long long seed = 0, max_rounds = 0;
    /* A loaded match is saved back to its file. */
    s.save_path = save_arg ? save_arg : load_arg;
    if (delay_arg && (status = parse_number(cmd, "--delay", delay_arg, 0, 60000, &s.delay_ms)))
        return status;
    if (!isatty(STDOUT_FILENO))
        s.delay_ms = 0;
    if (rounds_arg && (status = parse_number(cmd, "--rounds", rounds_arg, 1, 1000000, &max_rounds)))
        return status;
    if ((status = endgames_option(cmd, tables_arg, no_tables, &s.endgames)))
        return status;
    if ((status = load_arg ? load_match(load_arg, &s.game, &s.comments)
                           : open_position(cmd, start, &s.game)))
        return status;
    /* The players and the seed of a loaded match are those of its tags
     * unless given again. */
    char recorded[3][MANCALA_TAG_VALUE_MAX + 1];
    const char *seed_what = seed_arg ? "--seed" : "the seed tag of the record";
    south = setting(south, s.game, "south", "human", recorded[0]);
    north = setting(north, s.game, "north", "random", recorded[1]);
    seed_arg = setting(seed_arg, s.game, "seed", NULL, recorded[2]);
    int result = EXIT_DONE;
    if ((result = parse_player("south", south, &s.players[MANCALA_SOUTH])) ||
        (result = parse_player("north", north, &s.players[MANCALA_NORTH])) ||
        (seed_arg && (result = parse_number(cmd, seed_what, seed_arg, 0, INT64_MAX, &seed))))
        goto done;
    if (!seed_arg)
        seed = (long long)time(NULL) ^ (long long)getpid() << 16;
    if (max_rounds && mancala_set_option(s.game, MANCALA_OPT_MAX_ROUNDS, (int)max_rounds) < 0) {
        result = usage_error(cmd, "--rounds %lld: the match is already in round %d", max_rounds,
                             mancala_round(s.game));
        goto done;
    }
    if ((result = prepare_table(&s, table_arg)) || (result = tag_match(&s, seed)))
        goto done;
    style_for(&s.style, stdout);
    s.echo_input = !isatty(STDIN_FILENO);

    for (int side = MANCALA_SOUTH; side <= MANCALA_NORTH && !result; side++)
        result = prepare_player(&s, &s.players[side], side ? "north" : "south", (uint64_t)seed);
    if (result)
        goto done;
    announce_tables(&s);

    /* Saving once at the start finds an unwritable --save FILE before
     * anything is played. From here on, a signal ends the game as q
     * does. */
    if ((result = save_match(&s)))
        goto done;
    catch_stop_signals(on_stop_signal); /* a read at the prompt returns at once */
    printf("%s: South %s, North %s", mancala_rules(s.game), south, north);
    if (s.players[0].kind == RANDOM || s.players[0].kind == MCTS || s.players[1].kind == RANDOM ||
        s.players[1].kind == MCTS)
        printf(" (--seed %lld)", seed);
    printf(".\n");
    if (load_arg)
        printf("Resuming the match of %s: round %d, %d move%s played in it.\n", load_arg,
               mancala_round(s.game), mancala_ply(s.game), mancala_ply(s.game) == 1 ? "" : "s");

    for (;;) {
        status = play_round(&s);
        if (status == ROUND_QUIT) {
            printf(stop_signal ? "Stopped by a signal.\n" : "Quit.\n");
            break;
        }
        if (status) {
            result = status;
            break;
        }
        print_result(stdout, &s.style, s.game);
        if (mancala_match_over(s.game))
            break;
        if ((result = save_match(&s)))
            break;
        if ((status = mancala_next_round(s.game)) < 0) {
            result = fail(cmd, "%s", mancala_strerror(status));
            break;
        }
        print_round_start(&s);
    }

    if (s.save_path) {
        int saved = tag_match(&s, seed);
        if (!saved)
            saved = save_match(&s);
        if (!saved)
            printf("Saved the match to %s (resume it with --load %s).\n", s.save_path, s.save_path);
        else if (!result)
            result = saved;
    }

done:
    for (int side = MANCALA_SOUTH; side <= MANCALA_NORTH; side++) {
        mancala_search_free(s.players[side].search);
        mancala_mcts_free(s.players[side].tree);
    }
    mancala_table_close(s.table);
    mancala_table_close(s.round_table);
    endgames_close(&s.endgames);
    mancala_search_free(s.hint);
    mancala_free(s.game);
    free(s.comments);
    if (stop_signal) {
        /* End as the signal would have: the shell sees why. */
        fflush(stdout);
        signal(stop_signal, SIG_DFL);
        raise(stop_signal);
    }
    return result;
}

/*
 * mancala play: a game (a whole match for Rio Kadalis) between humans at
 * the terminal and computer players.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "port.h"

static const char play_help[] =
    "Usage: mancala play RULES|POSITION [--south P] [--north P] [--seed N]\n"
    "                    [--rounds N] [--table FILE] [--save FILE]\n"
    "       mancala play --load FILE [OPTIONS]\n"
    "\n"
    "Plays a game from the start position of RULES (modiar, rio-kadalis,\n"
    "rio-kadalis-5, rio-kadalis-cw, rio-kadalis-5-cw) or from POSITION.\n"
    "Rio Kadalis is played as a whole match, round after round, until a\n"
    "player has fewer than 4 stones, or as a draw when a round would start\n"
    "like two earlier rounds (RULES.md).\n"
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
    "  --save FILE   write the match record to FILE after each round and when\n"
    "                the session ends (also on q), to resume it with --load\n"
    "  --load FILE   resume the match recorded in FILE (written by --save)\n"
    "\n"
    "Players:\n"
    "  human           moves typed at the terminal\n"
    "  random          uniformly random legal moves\n"
    "  search:DEPTH    alpha-beta search DEPTH plies deep (1-64)\n"
    "  mcts:PLAYOUTS   Monte Carlo tree search with PLAYOUTS playouts\n"
    "  perfect         the best move by the solved table: Modiar, and the\n"
    "                  endgames of rio-kadalis (search with the table before)\n"
    "\n"
    "A human types a pit number, u to undo (back to their previous turn),\n"
    "h for a hint (from the solved table where one covers the position, as\n"
    "in 'mancala analyze', otherwise from the search), or q to quit.\n";

enum player_kind { HUMAN, RANDOM, SEARCH, MCTS, PERFECT };

struct player {
    enum player_kind kind;
    const char *spec;        /* as given on the command line */
    long long budget;        /* search depth or MCTS playouts */
    uint64_t rng;            /* random and mcts: the player's own generator */
    mancala_search *search;  /* search, and perfect where the table does not reach */
};

struct session {
    mancala_game *game;
    const char *save_path;   /* --save */
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
    char note[96];           /* what the engine found, printed after its move */
};

/* splitmix64: turns the seed into well-mixed states and per-move seeds. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

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
    else if (!strncmp(spec, "search:", 7)) {
        p->kind = SEARCH;
        return parse_number(cmd, "the search depth", spec + 7, 1, 64, &p->budget);
    } else if (!strncmp(spec, "mcts:", 5)) {
        p->kind = MCTS;
        return parse_number(cmd, "the number of playouts", spec + 5, 1, 1000000000, &p->budget);
    } else
        return usage_error(cmd, "--%s: unknown player %s (expected human, random, "
                           "search:DEPTH, mcts:PLAYOUTS or perfect)", side, quote(spec));
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
        status = searcher_new(&p->search, (int)p->budget, 0);
        return status < 0 ? engine_error(cmd, "the search", status) : 0;
    case MCTS:
        if (!mancala_is_over(s->game)) {
            /* One playout tells whether the library has the engine. */
            int move;
            status = mancala_mcts(s->game, 1, 1, &move);
            if (status < 0)
                return engine_error(cmd, "Monte Carlo tree search", status);
        }
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

/* The computer's move, or a negative status. Prints what the engine found. */
static int computer_move(struct session *s, struct player *p)
{
    int moves[MANCALA_MAX_PITS], move, status;
    const int count = mancala_legal_moves(s->game, moves, MANCALA_MAX_PITS);
    if (count <= 0)
        return count < 0 ? count : MANCALA_E_OVER;
    switch (p->kind) {
    case RANDOM:
        return moves[next_random(&p->rng) % (uint64_t)count];
    case SEARCH:
        if ((status = mancala_search_run(p->search, s->game)) < 0)
            return status;
        move = mancala_search_best_move(p->search);
        if (move >= 0)
            snprintf(s->note, sizeof s->note, "(search: depth %d, score %+d)",
                     mancala_search_depth(p->search), mancala_search_score(p->search));
        return move;
    case MCTS:
        status = mancala_mcts(s->game, next_random(&p->rng), p->budget, &move);
        return status < 0 ? status : move;
    case PERFECT: {
        int lo, hi;
        const mancala_table *table = covering_table(s);
        if (!table) {
            if ((status = mancala_search_run(p->search, s->game)) < 0)
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
        printf(lo == hi ? "Hint: play %d (solved table: value %+d).\n"
                        : "Hint: play %d (solved table: value %+d..%+d).\n", best[0], lo, hi);
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
        printf("Hint: play %d (search depth %d, score %+d).\n",
               mancala_search_best_move(s->hint), mancala_search_depth(s->hint),
               mancala_search_score(s->hint));
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

/* Reads one line of standard input into `line` (without its newline).
 * Returns 0, or -1 at the end of input or on a read error (such as
 * standard input being a directory) with nothing read. A line too long
 * for `line`, or with a NUL byte in it, is no command: it comes back as
 * "?" (a NUL must not hide the rest of the line, nor the next one). */
static int read_line(char *line, size_t size)
{
    size_t len = 0;
    int c, bad = 0;
    while ((c = getchar()) != EOF && c != '\n') {
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

static enum turn human_turn(struct session *s)
{
    for (;;) {
        int moves[MANCALA_MAX_PITS];
        const int count = mancala_legal_moves(s->game, moves, MANCALA_MAX_PITS);
        printf("%s%s%s, your move (", sgr(&s->style, SGR_BOLD),
               player_name(mancala_to_move(s->game)), sgr(&s->style, SGR_RESET));
        for (int i = 0; i < count; i++)
            printf(i ? " %d" : "%d", moves[i]);
        printf("; u undo, h hint, q quit): ");
        fflush(stdout);

        char line[256];
        if (read_line(line, sizeof line) < 0) {
            /* Documented in mancala(1): the game stops as if quit. */
            printf("\nEnd of input.\n");
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
        if (strspn(word, "0123456789") != len || len > 3) {
            printf("Type a pit number, u (undo), h (hint) or q (quit).\n");
            continue;
        }
        pit = strtoll(word, NULL, 10);
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

/* Writes the match record to --save FILE: into a new file in the same
 * folder, flushed to the disk, then renamed over FILE, so that FILE is
 * always a whole record. Returns 0 or EXIT_FAILED (message printed). */
static int save_match(const struct session *s)
{
    const char *cmd = "play", *path = s->save_path;
    if (!path)
        return 0;
    int len = mancala_format_record(s->game, NULL, 0);
    if (len < 0)
        return fail(cmd, "--save %s: %s", path, mancala_strerror(len));
    char *record = malloc((size_t)len + 2);
    char *tmp = malloc(strlen(path) + sizeof ".XXXXXX");
    if (!record || !tmp) {
        free(record);
        free(tmp);
        return fail(cmd, "--save %s: %s", path, strerror(ENOMEM));
    }
    mancala_format_record(s->game, record, (size_t)len + 1);
    record[len] = '\n';
    sprintf(tmp, "%s.XXXXXX", path);
    int result = 0;
    int fd = mkstemp(tmp);
    if (fd < 0) {
        result = fail(cmd, "--save %s: %s", path, strerror(errno));
    } else {
        /* mkstemp() makes the file private; a saved match is an ordinary
         * file, with the permissions the umask gives. */
        mode_t mask = umask(0);
        umask(mask);
        size_t done = 0, size = (size_t)len + 1;
        while (done < size) {
            ssize_t n = write(fd, record + done, size - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            done += (size_t)n;
        }
        int failed = done < size || fchmod(fd, 0666 & ~mask) != 0 || fsync(fd) != 0;
        int saved_errno = errno;
        failed |= close(fd) != 0;
        if (!failed && rename(tmp, path) != 0)
            failed = 1, saved_errno = errno;
        if (failed) {
            unlink(tmp);
            result = fail(cmd, "--save %s: %s", path, strerror(saved_errno ? saved_errno : EIO));
        }
    }
    free(tmp);
    free(record);
    return result;
}

/* Reads the match record of --load FILE: the one line that is neither
 * empty nor a comment (#). Returns 0 or EXIT_FAILED (message printed). */
static int load_match(const char *path, mancala_game **out)
{
    const char *cmd = "play";
    FILE *in = fopen(path, "r");
    if (!in)
        return fail(cmd, "--load %s: %s", path, strerror(errno));
    char *line = NULL, *record = NULL;
    size_t cap = 0;
    ssize_t len;
    int records = 0, line_no = 0, record_line = 0;
    while ((len = getline(&line, &cap, in)) >= 0) {
        line_no++;
        if (len == 0 || line[0] == '\n' || line[0] == '#' || !strcmp(line, "\r\n"))
            continue;
        if (++records == 1) {
            record = strdup(line);
            record_line = line_no;
        }
    }
    int read_error = ferror(in);
    fclose(in);
    free(line);
    int result = 0;
    if (read_error)
        result = fail(cmd, "--load %s: %s", path, strerror(EIO));
    else if (records == 0)
        result = fail(cmd, "--load %s: no match record in the file", path);
    else if (records > 1)
        result = fail(cmd, "--load %s: the file holds %d match records; --load takes a file "
                      "with one", path, records);
    else if (!record)
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
    return result;
}

/* "Match over after 4 rounds: ..." with the reason. */
static void print_match_result(const struct session *s)
{
    const mancala_game *g = s->game;
    const int rounds = mancala_round(g), winner = mancala_match_winner(g);
    const int south = mancala_score(g, MANCALA_SOUTH), north = mancala_score(g, MANCALA_NORTH);
    printf("%sMatch over after %d round%s: ", sgr(&s->style, SGR_BOLD), rounds,
           rounds == 1 ? "" : "s");
    switch (mancala_match_end_reason(g)) {
    case MANCALA_MATCH_END_REPETITION: {
        /* Who moved first in this round follows from the ply's parity. */
        int first = mancala_to_move(g) ^ (mancala_ply(g) & 1);
        printf("a draw, because the match repeats: round %d would start as two earlier "
               "rounds did (South %d, North %d, %s first).", rounds + 1, south, north,
               player_name(!first));
        break;
    }
    case MANCALA_MATCH_END_ROUNDS:
        if (winner == MANCALA_DRAW)
            printf("a draw at the round limit, %d stones each.", south);
        else
            printf("%s wins the match at the round limit, holding %d stones to %d.",
                   player_name(winner), winner ? north : south, winner ? south : north);
        break;
    default:
        printf("%s wins the match.", player_name(winner));
        break;
    }
    printf("%s\n", sgr(&s->style, SGR_RESET));
}

/* Plays one game or round to its end. Returns 0, ROUND_QUIT if a human
 * quit, or EXIT_FAILED if an engine failed. */
#define ROUND_QUIT (-1)
static int play_round(struct session *s)
{
    draw_board(stdout, &s->style, s->game);
    while (!mancala_is_over(s->game)) {
        struct player *p = &s->players[mancala_to_move(s->game)];
        if (p->kind == HUMAN) {
            enum turn turn = human_turn(s);
            if (turn == QUIT)
                return ROUND_QUIT;
            if (turn == UNDONE)
                continue;
        } else {
            int move = computer_move(s, p);
            int status = move < 0 ? move : mancala_play(s->game, move);
            if (status < 0)
                return engine_error("play", p->spec, status);
        }
        putchar('\n');
        report_move(stdout, &s->style, s->game);
        if (s->note[0])
            printf("  %s\n", s->note);
        s->note[0] = '\0';
        draw_board(stdout, &s->style, s->game);
    }
    return 0;
}

int cmd_play(int argc, char **argv)
{
    const char *cmd = "play", *south = "human", *north = "random", *seed_arg = NULL;
    const char *rounds_arg = NULL, *table_arg = NULL, *start = NULL;
    const char *save_arg = NULL, *load_arg = NULL;
    const struct option_spec options[] = {
        {"south", &south, NULL}, {"north", &north, NULL}, {"seed", &seed_arg, NULL},
        {"rounds", &rounds_arg, NULL}, {"table", &table_arg, NULL},
        {"save", &save_arg, NULL}, {"load", &load_arg, NULL}, {0}};
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
    s.save_path = save_arg;
    if ((status = parse_player("south", south, &s.players[MANCALA_SOUTH])) ||
        (status = parse_player("north", north, &s.players[MANCALA_NORTH])))
        return status;
    if (seed_arg && (status = parse_number(cmd, "--seed", seed_arg, 0, INT64_MAX, &seed)))
        return status;
    if (!seed_arg)
        seed = (long long)time(NULL) ^ (long long)getpid() << 16;
    if (rounds_arg && (status = parse_number(cmd, "--rounds", rounds_arg, 1, 1000000, &max_rounds)))
        return status;
    if ((status = load_arg ? load_match(load_arg, &s.game) : open_position(cmd, start, &s.game)))
        return status;
    if (max_rounds && mancala_set_option(s.game, MANCALA_OPT_MAX_ROUNDS, (int)max_rounds) < 0) {
        const int round = mancala_round(s.game);
        mancala_free(s.game);
        return usage_error(cmd, "--rounds %lld: the match is already in round %d", max_rounds,
                           round);
    }
    if ((status = prepare_table(&s, table_arg))) {
        mancala_free(s.game);
        return status;
    }
    style_for(&s.style, stdout);
    s.echo_input = !isatty(STDIN_FILENO);

    int result = EXIT_DONE;
    for (int side = MANCALA_SOUTH; side <= MANCALA_NORTH && !result; side++)
        result = prepare_player(&s, &s.players[side], side ? "north" : "south", (uint64_t)seed);
    if (result)
        goto done;

    /* Saving once at the start finds an unwritable --save FILE before
     * anything is played. */
    if ((result = save_match(&s)))
        goto done;
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
            printf("Quit.\n");
            break;
        }
        if (status) {
            result = status;
            break;
        }
        if (is_modiar(s.game)) {
            print_result(stdout, &s.style, s.game, "Game");
            break;
        }
        char label[32];
        snprintf(label, sizeof label, "Round %d", mancala_round(s.game));
        print_result(stdout, &s.style, s.game, label);
        if (mancala_match_over(s.game)) {
            print_match_result(&s);
            break;
        }
        if ((result = save_match(&s)))
            break;
        if ((status = mancala_next_round(s.game)) < 0) {
            result = fail(cmd, "%s", mancala_strerror(status));
            break;
        }
        print_round_start(&s);
    }

    if (s.save_path) {
        int saved = save_match(&s);
        if (!saved)
            printf("Saved the match to %s (resume it with --load %s).\n", s.save_path, s.save_path);
        else if (!result)
            result = saved;
    }

done:
    for (int side = MANCALA_SOUTH; side <= MANCALA_NORTH; side++) {
        mancala_search_free(s.players[side].search);
    }
    mancala_table_close(s.table);
    mancala_table_close(s.round_table);
    mancala_search_free(s.hint);
    mancala_free(s.game);
    return result;
}

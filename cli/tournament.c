/*
 * mancala tournament: engines of the text protocol (doc/protocol.md), run
 * as subprocesses, play each other: paired openings with the seats
 * exchanged, every game kept as a match record, and the result as an Elo
 * difference with its 95% interval or an SPRT verdict; three or more
 * engines play a round robin, every pair --games games, and get a table of
 * standings. An engine that crashes, hangs or plays an illegal move loses
 * that game; it is started again for the next one.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#ifdef _WIN32
/* Subprocesses with pipes are POSIX's here (fork, poll): not on Windows yet. */
int cmd_tournament(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return fail("tournament", "not available on Windows yet");
}
#else
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/random.h" /* lib/: the seeded generator of the openings */
#include "platform/port.h" /* catch_stop_signals() */
#include "openings.h"
#include "stats.h"

static const char tournament_help[] =
    "Usage: mancala tournament ENGINE1 ENGINE2 [ENGINE3 ...] [--rules R]\n"
    "                          [--games N] [--concurrency C]\n"
    "                          [--movetime MS | --depth D]\n"
    "                          [--sprt ELO0,ELO1,ALPHA,BETA] [--records DIR]\n"
    "                          [--seed S] [--rounds N] [--timeout MS]\n"
    "                          [--openings FILE]\n"
    "\n"
    "Plays ENGINE1 against ENGINE2, each a command run by /bin/sh that speaks\n"
    "the text protocol of 'mancala engine' (doc/protocol.md), such as\n"
    "\"mancala engine --level 7\". Games come in pairs: the same opening (two\n"
    "random plies), once with each engine as South. An engine that crashes,\n"
    "answers late or plays an illegal move loses the game, and is started\n"
    "again for the next. Prints a line per game, then ENGINE1's score and its\n"
    "Elo difference with a 95% interval; the pairs' results and the Elo from\n"
    "them (pentanomial), the number of distinct games, and the SPRT verdict.\n"
    "Ctrl-C, SIGTERM and SIGHUP stop it within a second: the results of the\n"
    "finished games are printed, those being played left out (exit status 1).\n"
    "\n"
    "Three or more engines play a round robin: each pair of them plays N\n"
    "games as above. A table then ranks the engines by score, each with its\n"
    "Elo against the others together (from its score, as cutechess reports\n"
    "it) and a 95% interval.\n"
    "\n"
    "  --rules R         the game (default modiar; Rio Kadalis: whole matches)\n"
    "  --games N         the most games of each pair of engines (default 100;\n"
    "                    at most 1000000 in all)\n"
    "  --concurrency C   games at once (default 1)\n"
    "  --movetime MS     the time of a move (go movetime; default 100)\n"
    "  --depth D         a search depth instead (go depth)\n"
    "  --sprt E0,E1,A,B  two engines only: stop when ENGINE1's Elo advantage\n"
    "                    is shown to be E1 rather than E0 (or the reverse),\n"
    "                    with error probabilities A and B (such as\n"
    "                    0,200,0.05,0.05)\n"
    "  --records DIR     write each game's match record to DIR/game-N.txt\n"
    "  --seed S          seed of the openings and of the engines' Seed option,\n"
    "                    a seed drawn from it for each game and engine\n"
    "  --rounds N        end a Rio Kadalis match after N rounds (default 3)\n"
    "  --timeout MS      extra time before a silent engine loses (default 5000)\n"
    "  --openings FILE   the openings of the pairs instead of random plies: one\n"
    "                    position or match record a line ('#' comments), each\n"
    "                    played by a pair of games (--games: by default two for\n"
    "                    each opening; more go through the book again)\n";

#define RECORD_MAX 1048576
#define MAX_GAMES 1000000 /* of a tournament, over all pairs */

/* An engine process and its pipes. */
struct proc {
    const char *command;
    pid_t pid;         /* 0: not running */
    int to, from;      /* its standard input and output */
    /* What it wrote and was not read yet: a line of the protocol, its
     * "\r\n", and more. */
    char buf[PROTOCOL_LINE_MAX + 2];
    size_t len;
    size_t taken;   /* the line proc_read() returned, dropped at the next read */
    int skipping;   /* inside a line too long to keep, up to its newline */
};

struct settings {
    const char **engines, *rules, *records;
    int count;                /* of engines, 2 or more */
    int games, total;         /* of each pair; of the tournament */
    int concurrency, depth, rounds;
    int64_t movetime, timeout;
    uint64_t seed;
    int sprt;
    double elo0, elo1, alpha, beta;
    struct book book; /* --openings; none: two random plies */
};

/* An engine's results. */
struct score {
    int games, wins, draws, losses, faults; /* faults: games lost by one */
    double points, sum_sq;                  /* sum_sq: of the points per game, for the variance */
};

struct tally {
    pthread_mutex_t lock;
    int next_game;
    int decided_at; /* the number of the game that gave the SPRT's verdict */
    int abandoned; /* games left unfinished when it was stopped or the SPRT decided */
    struct score *of; /* each engine's */
    double *points;   /* of each game, its pair's first engine's; NAN: not counted */
    uint64_t *keys;   /* of each game counted, its record's text_key() */
};

/* Plays games one after the other with its own engine processes: those of
 * the two engines of its last game (the seats of the pair's first and
 * second engine), kept running while the next game is of the same pair. */
struct worker {
    const struct settings *set;
    struct tally *tally;
    struct proc engine[2];
    pthread_t thread;
};

/* The signal that stopped the tournament (SIGINT, SIGTERM, SIGHUP), or 0:
 * no game starts after it, the games being played are left unfinished
 * (not counted) and the results so far are printed. */
static volatile sig_atomic_t stop_signal;

static void on_stop(int signo)
{
    stop_signal = signo;
}

/* The SPRT reached a verdict: as on a signal, no game starts after it and
 * the games being played are stopped and left out, so that the score and
 * the LLR printed are those of the same games, the verdict's. */
static atomic_int sprt_decided;

/* Whether the games being played are to stop. */
static int stopping(void)
{
    return stop_signal || atomic_load(&sprt_decided);
}

/* ---- engine processes ---- */

static void proc_stop(struct proc *p)
{
    if (!p->pid)
        return;
    close(p->to);
    close(p->from);
    kill(-p->pid, SIGKILL); /* its process group: /bin/sh and the engine it started */
    waitpid(p->pid, NULL, 0);
    p->pid = 0;
}

/* Writes a line; 0, or -1 if the engine is gone. */
static int proc_send(struct proc *p, const char *line)
{
    size_t len = strlen(line), done = 0;
    while (done < len) {
        ssize_t n = write(p->to, line + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        done += (size_t)n;
    }
    return write(p->to, "\n", 1) == 1 ? 0 : -1;
}

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Drops the first `n` bytes read. */
static void proc_drop(struct proc *p, size_t n)
{
    memmove(p->buf, p->buf + n, p->len - n);
    p->len -= n;
}

/* Reads a line within `timeout` ms: 1 with *line pointing to it (in
 * p->buf, valid until the next read), 0 at the end of its output (it
 * crashed), -1 if the time ran out or the tournament was stopped (seen
 * within 100 ms). A line longer than the protocol's limit or with a NUL
 * byte is skipped whole, as `mancala engine` refuses one: no part of it
 * is an answer. */
static int proc_read(struct proc *p, const char **line, int64_t timeout)
{
    const int64_t end = now_ms() + timeout;
    proc_drop(p, p->taken);
    p->taken = 0;
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (nl) {
            size_t n = (size_t)(nl - p->buf);
            if (p->skipping) {
                p->skipping = 0;
                proc_drop(p, n + 1);
                continue;
            }
            n -= n > 0 && p->buf[n - 1] == '\r';
            if (n > PROTOCOL_LINE_MAX || memchr(p->buf, '\0', n)) {
                proc_drop(p, (size_t)(nl - p->buf) + 1);
                continue;
            }
            p->taken = (size_t)(nl - p->buf) + 1;
            p->buf[n] = '\0';
            *line = p->buf;
            return 1;
        }
        if (p->len == sizeof p->buf) { /* no newline in the longest line */
            p->skipping = 1;
            p->len = 0;
        }
        const int64_t left = end - now_ms();
        if (left <= 0 || stopping())
            return -1;
        struct pollfd fd = {p->from, POLLIN, 0};
        int ready = poll(&fd, 1, left > 100 ? 100 : (int)left);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            continue;
        ssize_t got = read(p->from, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return 0;
        p->len += (size_t)got;
    }
}

/* Reads lines until one is `word` or starts with it and a space (then in
 * *line): 1, 0 or -1 as proc_read(). */
static int proc_expect(struct proc *p, const char *word, const char **line, int64_t timeout)
{
    const int64_t end = now_ms() + timeout;
    const size_t len = strlen(word);
    for (;;) {
        int got = proc_read(p, line, end - now_ms());
        if (got <= 0)
            return got;
        if (!strncmp(*line, word, len) && ((*line)[len] == '\0' || (*line)[len] == ' '))
            return 1;
    }
}

/* Made close-on-exec before any other thread forks, so that no engine
 * inherits another's pipes (and keeps them open after it is gone). */
static pthread_mutex_t forking = PTHREAD_MUTEX_INITIALIZER;

/* Starts the engine and greets it (uci, isready); 0 or -1. */
static int proc_start(struct proc *p, const struct settings *set)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    pthread_mutex_lock(&forking);
    pid_t pid = -1;
    if (pipe(in) == 0 && pipe(out) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(in[i], F_SETFD, FD_CLOEXEC);
            fcntl(out[i], F_SETFD, FD_CLOEXEC);
        }
        pid = fork();
    }
    pthread_mutex_unlock(&forking);
    if (pid < 0) {
        for (int i = 0; i < 2; i++) {
            if (in[i] >= 0)
                close(in[i]);
            if (out[i] >= 0)
                close(out[i]);
        }
        return -1;
    }
    if (pid == 0) {
        /* Its own process group (set on both sides, whichever runs
         * first): Ctrl-C on the terminal stops the manager, which ends the
         * engines, rather than killing an engine mid-game (a fault) first;
         * and proc_stop() ends the shell and the engine together. */
        setpgid(0, 0);
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl("/bin/sh", "sh", "-c", p->command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    close(in[0]);
    close(out[1]);
    p->pid = pid;
    p->to = in[1];
    p->from = out[0];
    p->len = p->taken = 0;
    p->skipping = 0;
    const char *line;
    char seed[64];
    snprintf(seed, sizeof seed, "setoption name Seed value %llu",
             (unsigned long long)(set->seed & INT64_MAX));
    if (proc_send(p, "uci") < 0 || proc_expect(p, "uciok", &line, set->timeout) <= 0 ||
        proc_send(p, seed) < 0 || proc_send(p, "isready") < 0 ||
        proc_expect(p, "readyok", &line, set->timeout) <= 0) {
        proc_stop(p);
        return -1;
    }
    return 0;
}

/* ---- a game ---- */

/* Appends " TOKEN" to the move list of the position command. */
static int append(char *moves, size_t *len, const char *token)
{
    int n = snprintf(moves + *len, RECORD_MAX - *len, " %s", token);
    if (n < 0 || (size_t)n >= RECORD_MAX - *len)
        return -1;
    *len += (size_t)n;
    return 0;
}

/* The tag `key` naming engine `e`: its command, or "ENGINEn" where a tag
 * cannot hold the command (over 255 bytes, control characters). */
static void tag_engine(mancala_game *g, const char *key, const struct settings *set, int e)
{
    if (mancala_tag_set(g, key, set->engines[e]) < 0) {
        char name[24];
        snprintf(name, sizeof name, "ENGINE%d", e + 1);
        mancala_tag_set(g, key, name);
    }
}

/* The engines of game `index` (0-based): the pairs in the order 1-2,
 * 1-3, ..., 1-n, 2-3, ..., each --games games in a row. */
static void pair_of(const struct settings *set, int index, int id[2])
{
    int pair = index / set->games;
    id[0] = 0;
    while (pair >= set->count - 1 - id[0]) {
        pair -= set->count - 1 - id[0];
        id[0]++;
    }
    id[1] = id[0] + 1 + pair;
}

/* Whether the first engine of the pair of game `index` is South in it:
 * in the pair's first game, its third, ... */
static int first_is_south(const struct settings *set, int index)
{
    return index % set->games % 2 == 0;
}

/*
 * Plays game `index` between engines id[0] and id[1]: the k-th game of
 * their pair plays opening k/2 (the same for every pair), id[0] as South
 * when k is even. Returns id[0]'s points (1, 1/2, 0), or NAN if the
 * tournament was stopped before the game ended; *forfeit is the seat (0
 * for id[0], 1) that lost by a fault, or -1; `why` says what happened;
 * *played is the game (NULL if it could not be made), for its record.
 */
static double play_game(struct worker *w, int index, const int id[2], int *forfeit, char *why,
                        size_t why_size, mancala_game **played)
{
    const struct settings *set = w->set;
    const int k = index % set->games, first_south = first_is_south(set, index);
    mancala_game *g;
    *forfeit = -1;
    char *moves = malloc(RECORD_MAX);
    *played = NULL;
    /* The pair's opening: the book's (in turn, from its start again
     * after its last), or two random plies. */
    const struct opening *book = set->book.count ? &set->book.of[k / 2 % set->book.count] : NULL;
    if (!moves || (book ? mancala_clone(&g, book->game) : mancala_new(&g, set->rules)) < 0) {
        free(moves);
        snprintf(why, why_size, "out of memory");
        return 0.5;
    }
    if (rules_have_rounds(set->rules))
        mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, set->rounds);
    const char *start = book ? book->start : set->rules;
    size_t len = book ? strlen(book->moves) : 0;
    memcpy(moves, book ? book->moves : "", len + 1);
    uint64_t rng = set->seed ^ (uint64_t)(k / 2) * 0x632be59bd9b4e019ULL;
    for (int ply = 0; ply < 2 && !book && !mancala_is_over(g); ply++) {
        int legal[MANCALA_MAX_PITS];
        const int count = mancala_legal_moves(g, legal, MANCALA_MAX_PITS);
        char token[16];
        const int pit = legal[mc_random_next(&rng) % (uint64_t)count];
        mancala_play(g, pit);
        snprintf(token, sizeof token, "%d", pit);
        append(moves, &len, token);
    }
    /* "position START moves ...": a start position is under 256 bytes. */
    char *command = malloc(RECORD_MAX + 256);
    char go[64], option[64];
    if (set->depth)
        snprintf(go, sizeof go, "go depth %d", set->depth);
    else
        snprintf(go, sizeof go, "go movetime %lld", (long long)set->movetime);
    const int64_t limit = (set->depth ? 0 : set->movetime) + set->timeout;
    snprintf(why, why_size, "%s", "");
    for (int e = 0; e < 2 && command; e++) {
        struct proc *p = &w->engine[e];
        if (p->command != set->engines[id[e]]) { /* the worker's last game was another pair's */
            proc_stop(p);
            p->command = set->engines[id[e]];
        }
        /* Each engine draws from its own seed in each game (from --seed,
         * the game's number in its pair and the engine): otherwise a
         * level's games from the same opening and seat would all be the
         * same game, and a match of N games far fewer than N. */
        const uint64_t seed = mc_random_seed(set->seed, 2 * (uint64_t)k + (uint64_t)e);
        snprintf(option, sizeof option, "setoption name Seed value %llu",
                 (unsigned long long)(seed & INT64_MAX));
        if (!p->pid && proc_start(p, set) < 0) {
            *forfeit = e;
            snprintf(why, why_size, "engine %d did not start or answer uci/isready", id[e] + 1);
        } else if (proc_send(p, option) < 0 || proc_send(p, "newgame") < 0) {
            *forfeit = e;
            snprintf(why, why_size, "engine %d is gone", id[e] + 1);
        }
    }
    while (*forfeit < 0 && command && !mancala_match_over(g)) {
        if (mancala_is_over(g)) {
            if (mancala_next_round(g) < 0 || append(moves, &len, "next") < 0)
                break;
            continue;
        }
        const int side = mancala_to_move(g);
        const int e = (side == MANCALA_SOUTH) == first_south ? 0 : 1;
        struct proc *p = &w->engine[e];
        snprintf(command, RECORD_MAX + 256, "position %s moves%s", start, moves);
        const char *line;
        int got = proc_send(p, command) < 0 || proc_send(p, go) < 0
                      ? 0
                      : proc_expect(p, "bestmove", &line, limit);
        /* "bestmove M": the whole word M a pit ("2x", "2.9" and "0x3" are
         * not); words after it (UCI's "ponder ...") are ignored. */
        const char *move = got > 0 && line[8] ? line + 9 : "";
        long long pit = -1;
        int status = got <= 0 || read_whole_number(move, strcspn(move, " "), 0,
                                                   MANCALA_MAX_PITS - 1, &pit) < 0
                         ? MANCALA_E_INVALID
                         : mancala_play(g, (int)pit);
        if (got <= 0 || status < 0) {
            *forfeit = e;
            snprintf(why, why_size, "engine %d %s", id[e] + 1,
                     got == 0 ? "crashed" : got < 0 ? "did not answer in time"
                                                    : "played an illegal move");
            proc_stop(p); /* started again for the next game */
            break;
        }
        char token[16];
        snprintf(token, sizeof token, "%lld", pit);
        if (append(moves, &len, token) < 0)
            break;
    }
    double points = 0.5;
    /* A fault seen after the stop is the stop's: the engine's reads give
     * up then. */
    if (stopping() && !mancala_match_over(g)) {
        *forfeit = -1;
        points = NAN;
    } else if (*forfeit >= 0) {
        points = *forfeit == 0 ? 0 : 1;
    } else if (mancala_match_over(g)) {
        const int winner = mancala_match_winner(g);
        points = winner == MANCALA_DRAW ? 0.5 : (winner == MANCALA_SOUTH) == first_south ? 1 : 0;
    }
    free(command);
    free(moves);
    *played = g;
    return points;
}

/* Writes the record of game `index` (played by play_game()) to the
 * folder of --records. */
static void save_record(const struct settings *set, mancala_game *g, int index, const int id[2],
                        double points, const char *why)
{
    const int first_south = first_is_south(set, index);
    /* Not south= and north=, which 'mancala play --load' takes for its
     * players. */
    const double south_points = first_south ? points : 1 - points;
    char number[24];
    snprintf(number, sizeof number, "%d", index + 1);
    tag_engine(g, "south-engine", set, id[first_south ? 0 : 1]);
    tag_engine(g, "north-engine", set, id[first_south ? 1 : 0]);
    mancala_tag_set(g, "game", number);
    mancala_tag_set(g, "result", result_tag(south_points == 1   ? MANCALA_SOUTH
                                            : south_points == 0 ? MANCALA_NORTH
                                                                : MANCALA_DRAW));
    if (why[0])
        mancala_tag_set(g, "fault", why);
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%d.txt", set->records, index + 1);
    const int need = mancala_format_record(g, NULL, 0);
    char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
    FILE *f = text ? fopen(path, "w") : NULL;
    if (f) {
        mancala_format_record(g, text, (size_t)need + 1);
        fprintf(f, "%s", text);
        fclose(f);
    }
    free(text);
}

/* ---- the result ---- */

static double score_of(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

static double mean_of(const struct score *s)
{
    return s->games ? s->points / s->games : 0.5;
}

/* An engine's Elo against its opponents from its mean score s,
 * 400 log10(s / (1 - s)), and in *lo and *hi its 95% interval from s +- 1.96
 * standard errors of its per-game score. */
static double elo_interval(const struct score *s, double *lo, double *hi)
{
    const int n = s->games;
    const double mean = mean_of(s), var = n ? s->sum_sq / n - mean * mean : 0;
    const double margin = n > 1 ? 1.96 * sqrt(var / n) : 0;
    *lo = elo_of(mean - margin);
    *hi = elo_of(mean + margin);
    return elo_of(mean);
}

/*
 * The log-likelihood ratio of the SPRT from ENGINE1's wins, draws and
 * losses. Each game is a win, draw or loss; under a hypothesis of score s
 * (that of elo0 or elo1) the draw rate d is the games' own so far (as
 * cutechess's SPRT takes its draw Elo from the games), the win rate
 * s - d/2 and the loss rate 1 - s - d/2. Exact for games without draws,
 * and unlike the normal approximation with the sample's variance it
 * reaches no verdict on a handful of games that happen to vary little
 * (+3 =2 -0 gave LLR 3.65 there), and does reach one when an engine wins
 * every game (a variance of 0 gave none). d is held below the rate that
 * would leave a hypothesis no wins or no losses.
 */
static double sprt_llr(const struct settings *set, const struct score *s)
{
    if (!s->games)
        return 0;
    const double s0 = score_of(set->elo0), s1 = score_of(set->elo1);
    const double most = 2 * fmin(fmin(s0, 1 - s0), fmin(s1, 1 - s1));
    const double d = fmin((double)s->draws / s->games, 0.99 * most) / 2;
    return s->wins * log((s1 - d) / (s0 - d)) + s->losses * log((1 - s1 - d) / (1 - s0 - d));
}

/* The SPRT's bounds of the LLR: below `lower` H0 is accepted, above
 * `upper` H1. */
static void sprt_bounds(const struct settings *set, double *lower, double *upper)
{
    *lower = log(set->beta / (1 - set->alpha));
    *upper = log((1 - set->beta) / set->alpha);
}

/* The key of the moves of a game (its record's text_key()), to count the
 * distinct games; 0 if it could not be had. */
static uint64_t game_key(const mancala_game *g)
{
    const int need = g ? mancala_format_record(g, NULL, 0) : -1;
    char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
    if (!text)
        return 0;
    mancala_format_record(g, text, (size_t)need + 1);
    const uint64_t key = text_key(text);
    free(text);
    return key;
}

static void *run_games(void *arg)
{
    struct worker *w = arg;
    struct tally *t = w->tally;
    const struct settings *set = w->set;
    for (;;) {
        pthread_mutex_lock(&t->lock);
        const int index =
            stopping() || t->next_game >= set->total ? -1 : t->next_game++;
        pthread_mutex_unlock(&t->lock);
        if (index < 0)
            break;
        int forfeit, id[2];
        char why[128];
        pair_of(set, index, id);
        mancala_game *played;
        const double points = play_game(w, index, id, &forfeit, why, sizeof why, &played);
        const uint64_t key = game_key(played);
        pthread_mutex_lock(&t->lock);
        /* One that ended after the SPRT's verdict too: not of its games. */
        if (isnan(points) || atomic_load(&sprt_decided)) {
            t->abandoned++;
            pthread_mutex_unlock(&t->lock);
            mancala_free(played);
            break;
        }
        for (int e = 0; e < 2; e++) {
            struct score *s = &t->of[id[e]];
            const double p = e == 0 ? points : 1 - points;
            s->games++;
            s->points += p;
            s->sum_sq += p * p;
            s->wins += p == 1;
            s->draws += p == 0.5;
            s->losses += p == 0;
        }
        if (forfeit >= 0)
            t->of[id[forfeit]].faults++;
        t->points[index] = points;
        t->keys[index] = key;
        /* Two engines: "game 3: ENGINE1 as South: ENGINE2 wins"; more
         * name North too, "game 3: ENGINE1 as South, ENGINE3 as North: ...". */
        const int south = !first_is_south(set, index); /* the seat in id[] */
        char north[32] = "", result[32] = "draw";
        if (set->count > 2)
            snprintf(north, sizeof north, ", ENGINE%d as North", id[1 - south] + 1);
        if (points != 0.5)
            snprintf(result, sizeof result, "ENGINE%d wins", id[points == 1 ? 0 : 1] + 1);
        printf("game %d: ENGINE%d as South%s: %s%s%s%s\n", index + 1, id[south] + 1, north, result,
               why[0] ? " (" : "", why, why[0] ? ")" : "");
        fflush(stdout);
        if (set->sprt) {
            const double llr = sprt_llr(set, &t->of[0]);
            double lower, upper;
            sprt_bounds(set, &lower, &upper);
            if (llr >= upper || llr <= lower) {
                t->decided_at = index + 1;
                atomic_store(&sprt_decided, 1);
            }
        }
        pthread_mutex_unlock(&t->lock);
        /* Counted: its record (after the count, so that there is none of
         * a game left out). */
        if (set->records && played)
            save_record(set, played, index, id, points, why);
        mancala_free(played);
    }
    proc_stop(&w->engine[0]);
    proc_stop(&w->engine[1]);
    return NULL;
}

static int parse_sprt(const char *cmd, const char *text, struct settings *set)
{
    double v[4];
    const char *p = text;
    for (int i = 0; i < 4; i++) {
        const char *comma = strchr(p, ',');
        const size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (read_decimal(p, len, &v[i]) < 0 || (i < 3) != (comma != NULL))
            return usage_error(cmd, "--sprt must be ELO0,ELO1,ALPHA,BETA (such as "
                               "0,200,0.05,0.05), not %s", quote(text));
        p += len + 1;
    }
    if (!(v[0] < v[1]) || !(v[2] > 0 && v[2] < 0.5) || !(v[3] > 0 && v[3] < 0.5) ||
        fabs(v[0]) > 2000 || fabs(v[1]) > 2000)
        return usage_error(cmd, "--sprt: ELO0 < ELO1 (within +-2000), ALPHA and BETA between 0 "
                           "and 0.5, not %s", quote(text));
    set->sprt = 1;
    set->elo0 = v[0];
    set->elo1 = v[1];
    set->alpha = v[2];
    set->beta = v[3];
    return 0;
}

/* Reads the command line into `set`; `engines` has room for argc + 1
 * commands. Returns 0, EXIT_USAGE or EXIT_FAILED (message printed), or -1
 * if --help was asked. */
static int read_settings(int argc, char **argv, const char **engines, struct settings *set)
{
    const char *cmd = "tournament";
    const char *rules = "modiar", *games = NULL, *concurrency = NULL, *movetime = NULL,
               *depth = NULL, *sprt = NULL, *records = NULL, *seed = NULL, *rounds = NULL,
               *timeout = NULL, *openings = NULL;
    const struct option_spec options[] = {
        {"rules", &rules, NULL}, {"games", &games, NULL}, {"concurrency", &concurrency, NULL},
        {"movetime", &movetime, NULL}, {"depth", &depth, NULL}, {"sprt", &sprt, NULL},
        {"records", &records, NULL}, {"seed", &seed, NULL}, {"rounds", &rounds, NULL},
        {"timeout", &timeout, NULL}, {"openings", &openings, NULL}, {0}};
    static const char *const names[] = {"ENGINE1", "ENGINE2"};
    int status = parse_args(cmd, argc, argv, options, engines, 2, argc, names);
    if (status)
        return status;
    *set = (struct settings){.engines = engines, .rules = rules, .records = records,
                             .games = 100, .concurrency = 1, .rounds = 3, .movetime = 100,
                             .timeout = 5000};
    while (engines[set->count])
        set->count++;
    long long v;
    mancala_game *probe;
    if ((status = mancala_new(&probe, rules)) < 0)
        return usage_error(cmd, "--rules: %s %s", mancala_strerror(status), quote(rules));
    mancala_free(probe);
    if (depth && movetime)
        return usage_error(cmd, "give --movetime or --depth, not both");
#define NUMBER(opt, name, lo, hi, field)                                                       \
    if (opt) {                                                                                 \
        if ((status = parse_number(cmd, name, opt, lo, hi, &v)))                               \
            return status;                                                                     \
        field = v;                                                                             \
    }
    NUMBER(games, "--games", 1, MAX_GAMES, set->games)
    NUMBER(concurrency, "--concurrency", 1, 64, set->concurrency)
    NUMBER(movetime, "--movetime", 1, 3600000, set->movetime)
    NUMBER(depth, "--depth", 1, MAX_DEPTH, set->depth)
    NUMBER(rounds, "--rounds", 1, 1000, set->rounds)
    NUMBER(timeout, "--timeout", 1, 3600000, set->timeout)
    NUMBER(seed, "--seed", 0, INT64_MAX, set->seed)
#undef NUMBER
    if (openings && (status = book_read(cmd, openings, rules, set->rounds, &set->book)))
        return status;
    if (openings && !games) /* each opening once from each seat */
        set->games = set->book.count <= MAX_GAMES / 2 ? 2 * set->book.count : MAX_GAMES;
    const long long pairs = (long long)set->count * (set->count - 1) / 2;
    if (pairs > MAX_GAMES / set->games)
        return usage_error(cmd, "--games %d for each of the %lld pairs of %d engines is %lld "
                           "games; a tournament has at most %d", set->games, pairs, set->count,
                           pairs * set->games, MAX_GAMES);
    set->total = (int)pairs * set->games;
    if (sprt && set->count > 2)
        return usage_error(cmd, "--sprt compares two engines, not %d", set->count);
    if (sprt && (status = parse_sprt(cmd, sprt, set)))
        return status;
    struct stat st;
    if (records && (stat(records, &st) != 0 || !S_ISDIR(st.st_mode)))
        return fail(cmd, "--records: %s is not a directory", quote(records));
    return 0;
}

/* The number of distinct games among those counted (by their records:
 * the same moves from the same start), and in *counted how many were. */
static int distinct_games(const struct settings *set, const struct tally *t, int *counted)
{
    uint64_t *keys = malloc((size_t)set->total * sizeof *keys);
    *counted = 0;
    for (int i = 0; i < set->total; i++)
        if (!isnan(t->points[i]) && keys)
            keys[(*counted)++] = t->keys[i];
    const int distinct = keys ? count_distinct(keys, *counted) : -1;
    free(keys);
    return distinct;
}

/* Two engines: the pairs of games (the same opening, each engine on each
 * seat), each one outcome of ENGINE1's points in both, and the Elo from
 * them (pentanomial); then the distinct games. */
static void print_pairs(const struct settings *set, const struct tally *t)
{
    int counts[PAIR_OUTCOMES] = {0}, alone = 0, counted;
    for (int i = 0; i < set->games; i += 2) {
        const double a = t->points[i], b = i + 1 < set->games ? t->points[i + 1] : NAN;
        if (!isnan(a) && !isnan(b))
            counts[(int)lround(2 * (a + b))]++;
        else
            alone += !isnan(a) || !isnan(b);
    }
    struct pair_stats p;
    pentanomial(counts, &p);
    printf("Pairs: %d; ENGINE1 scored 0, 1/2, 1, 3/2, 2 points of 2 in %d, %d, %d, %d, %d "
           "of them", p.pairs, counts[0], counts[1], counts[2], counts[3], counts[4]);
    if (alone)
        printf("; games without their pair, left out of the pairs: %d", alone);
    printf(".\n");
    if (!p.pairs)
        printf("Elo difference from the pairs: none (no pair was played whole).\n");
    else if (p.no_spread)
        printf("Elo difference from the pairs: %+.0f; every pair scored %g of 2 points, so "
               "the pairs' variance is 0 and gives no interval.\n", p.elo, 2 * p.score);
    else
        printf("Elo difference from the pairs (pentanomial): %+.0f, 95%% interval %+.0f to "
               "%+.0f.\n", p.elo, p.lo, p.hi);
    const int distinct = distinct_games(set, t, &counted);
    if (distinct >= 0)
        printf("Distinct games: %d of %d.\n", distinct, counted);
}

/* Two engines: ENGINE1's score, its Elo difference and the SPRT's verdict. */
static void print_match(const struct settings *set, const struct tally *t)
{
    const struct score *of = t->of;
    const struct score *first = &of[0];
    double lo, hi;
    const double elo = elo_interval(first, &lo, &hi);
    if (t->decided_at && t->abandoned && !stop_signal)
        printf("The SPRT decided at game %d; games under way then, stopped and left out: %d.\n",
               t->decided_at, t->abandoned);
    printf("Score of ENGINE1: %.1f of %d games (+%d =%d -%d), %.1f%%", first->points,
           first->games, first->wins, first->draws, first->losses, 100 * mean_of(first));
    if (first->faults || of[1].faults)
        printf("; lost by a fault: ENGINE1 %d, ENGINE2 %d", first->faults, of[1].faults);
    printf(".\n");
    printf("Elo difference: %+.0f, 95%% interval %+.0f to %+.0f.\n", elo, lo, hi);
    print_pairs(set, t);
    if (set->sprt) {
        const double llr = sprt_llr(set, first);
        double lower, upper;
        sprt_bounds(set, &lower, &upper);
        printf("SPRT (elo0 %g, elo1 %g, alpha %g, beta %g): LLR %.2f (bounds %.2f, %.2f): %s\n",
               set->elo0, set->elo1, set->alpha, set->beta, llr, lower, upper,
               llr >= upper   ? "H1 accepted: ENGINE1 is stronger by elo1."
               : llr <= lower ? "H0 accepted: ENGINE1 is not stronger by elo1."
                              : "inconclusive.");
    }
}

/* The better score first, then the engine given first. */
static int by_score(const void *a, const void *b)
{
    const struct score *x = *(const struct score *const *)a, *y = *(const struct score *const *)b;
    const double mx = mean_of(x), my = mean_of(y);
    return mx != my ? (mx < my ? 1 : -1) : (x < y ? -1 : 1);
}

/* Three or more: the standings, an engine a line, the best score first. */
static int print_standings(const struct settings *set, const struct score *of)
{
    const struct score **rank = malloc((size_t)set->count * sizeof *rank);
    if (!rank)
        return fail("tournament", "%s", mancala_strerror(MANCALA_E_NOMEM));
    for (int e = 0; e < set->count; e++)
        rank[e] = &of[e];
    qsort(rank, (size_t)set->count, sizeof *rank, by_score);
    printf("Standings (each engine's Elo against the others together, from its score):\n");
    printf("rank engine      games  score                score%%  faults  Elo (95%% interval)\n");
    for (int r = 0; r < set->count; r++) {
        const struct score *s = rank[r];
        char name[24], score[64];
        double lo, hi;
        const double elo = elo_interval(s, &lo, &hi);
        snprintf(name, sizeof name, "ENGINE%d", (int)(s - of) + 1);
        snprintf(score, sizeof score, "%.1f (+%d =%d -%d)", s->points, s->wins, s->draws,
                 s->losses);
        printf("%4d %-10s %6d  %-20s %5.1f%% %7d  %+.0f (%+.0f to %+.0f)\n", r + 1, name,
               s->games, score, 100 * mean_of(s), s->faults, elo, lo, hi);
    }
    free(rank);
    return EXIT_DONE;
}

static int run_tournament(const struct settings *set)
{
    /* A dead engine's pipe must not kill the manager. */
    signal(SIGPIPE, SIG_IGN);
    struct tally tally;
    memset(&tally, 0, sizeof tally);
    tally.of = calloc((size_t)set->count, sizeof *tally.of);
    tally.points = malloc((size_t)set->total * sizeof *tally.points);
    tally.keys = malloc((size_t)set->total * sizeof *tally.keys);
    struct worker *workers = calloc((size_t)set->concurrency, sizeof *workers);
    if (!tally.of || !tally.points || !tally.keys || !workers) {
        free(tally.of);
        free(tally.points);
        free(tally.keys);
        free(workers);
        return fail("tournament", "%s", mancala_strerror(MANCALA_E_NOMEM));
    }
    for (int i = 0; i < set->total; i++)
        tally.points[i] = NAN;
    pthread_mutex_init(&tally.lock, NULL);
    for (int e = 0; e < set->count; e++)
        printf("ENGINE%d: %s\n", e + 1, set->engines[e]);
    fflush(stdout);
    stop_signal = 0;
    atomic_store(&sprt_decided, 0);
    catch_stop_signals(on_stop);
    int started = 0;
    for (int i = 0; i < set->concurrency; i++) {
        workers[i].set = set;
        workers[i].tally = &tally;
        if (i > 0 && pthread_create(&workers[i].thread, NULL, run_games, &workers[i]) != 0)
            break;
        started++;
    }
    run_games(&workers[0]);
    for (int i = 1; i < started; i++)
        pthread_join(workers[i].thread, NULL);
    free(workers);
    catch_stop_signals(SIG_DFL);
    int status = set->count == 2 ? (print_match(set, &tally), EXIT_DONE)
                                 : print_standings(set, tally.of);
    int counted;
    const int distinct = set->count > 2 ? distinct_games(set, &tally, &counted) : -1;
    if (distinct >= 0)
        printf("Distinct games: %d of %d.\n", distinct, counted);
    if (stop_signal && status == EXIT_DONE) {
        int played = 0;
        for (int e = 0; e < set->count; e++)
            played += tally.of[e].games;
        fflush(stdout);
        status = fail("tournament", "stopped by %s after %d of %d games; unfinished games "
                      "left out of the results above: %d",
                      signal_name(stop_signal),
                      played / 2, set->total, tally.abandoned);
    }
    pthread_mutex_destroy(&tally.lock);
    free(tally.of);
    free(tally.points);
    free(tally.keys);
    return status;
}

int cmd_tournament(int argc, char **argv)
{
    const char **engines = calloc((size_t)argc + 1, sizeof *engines);
    if (!engines)
        return fail("tournament", "%s", mancala_strerror(MANCALA_E_NOMEM));
    struct settings set = {0};
    int status = read_settings(argc, argv, engines, &set);
    if (status < 0)
        status = (fputs(tournament_help, stdout), EXIT_DONE);
    else if (status == 0)
        status = run_tournament(&set);
    book_free(&set.book);
    free(engines);
    return status;
}
#endif

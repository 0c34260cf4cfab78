/*
 * check-round-tables: checks a table of a Rio Kadalis round configuration
 * (mancala_solve_rio_kadalis_config()) through the public API, on the
 * table's whole range or on samples. Too slow for a unit test on the big
 * configurations, so CI runs it on its own (.ci/run):
 *
 *   check-round-tables [--equations N] [--rotated FILE2] [--matches M]
 *                      [--seed S] [--nodes K] [--search-stones T]
 *                      [--min-proven P] FILE
 *   check-round-tables --solve RULES KS,KN,MAX [same options]
 *
 * (--solve: solves the round with KS pits open for South and KN for North,
 * multiples of 4 up to MAX stones, and the one turned round, into files of
 * the current folder, checks the first with the second as FILE2, and
 * removes both.)
 *
 * - equations (every position of the table with N = 0, else N random
 *   positions): a position's lo is the best over its moves of the child's
 *   -hi (a move that ends the round: its final difference), and its hi the
 *   best of -lo;
 * - rotated: FILE2 is the table of the configuration turned round by half
 *   a turn (South's KS highest pits open and North's KN, against KN and
 *   KS): every position (or the N sampled) has the same value in FILE as
 *   the position turned round in FILE2;
 * - matches: M random matches (random moves, the match rule opening the
 *   pits), and every position of their rounds that the table covers
 *   (including round starts), without its history, against alpha-beta
 *   search with the repetition rule and no table, where the search proves
 *   its score within K nodes (default 2,000,000); at least P of them
 *   (--min-proven P, default 1) must be proven; --search-stones T: only
 *   the positions with at most T stones on the board.
 * Under MANCALA_TEST_SCALE=P (percent, below 100: the valgrind and
 * sanitizer test setups) it checks every (100/P)-th position of a full
 * walk and P % of the matches, and --solve stops at 4 stones. Prints what it checked; exit status 0 if
 * everything agrees.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <mancala.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/random.h"
#include "rounds.h"

static int failures;

#define expect(cond, ...)                                                                          \
    do {                                                                                           \
        if (!(cond) && failures++ < 20) {                                                          \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

struct table_info {
    mancala_table *table;
    const char *rules;
    int n;            /* holes per row */
    unsigned closed;
    int step, max_stones;
    int open[12], open_count;
};

static void open_info(struct table_info *t, const char *path)
{
    int status = mancala_table_open(&t->table, path);
    if (status < 0) {
        fprintf(stderr, "check-round-tables: %s: %s\n", path, mancala_strerror(status));
        exit(2);
    }
    /* The closed pits and the step: offsets 48 and 50 of the header. */
    FILE *f = fopen(path, "rb");
    unsigned char header[64];
    if (!f || fread(header, 1, sizeof header, f) != sizeof header) {
        fprintf(stderr, "check-round-tables: %s: cannot read the header\n", path);
        exit(2);
    }
    fclose(f);
    t->rules = mancala_table_rules(t->table);
    t->n = strstr(t->rules, "-5") ? 5 : 6;
    t->closed = (unsigned)header[48] | (unsigned)header[49] << 8;
    t->step = header[50] ? header[50] : 1;
    t->max_stones = mancala_table_max_stones(t->table);
    t->open_count = 0;
    for (int p = 0; p < 2 * t->n; p++)
        if (!(t->closed >> p & 1))
            t->open[t->open_count++] = p;
}

/* The position of t's board with `count[p]` stones in each open pit p,
 * `side` to move, the other stones in the banks; ply 1 (not a round's
 * start). `turned`: the same position turned round by half a turn. */
static mancala_game *position(const struct table_info *t, const int *count, int side, int turned)
{
    char text[200];
    int len = snprintf(text, sizeof text, "%s/", t->rules), s = 0;
    for (int i = 0; i < 2 * t->n; i++) {
        int p = turned ? (i + t->n) % (2 * t->n) : i;
        if (t->closed >> p & 1)
            len += snprintf(text + len, sizeof text - (size_t)len, i ? ",x" : "x");
        else
            len += snprintf(text + len, sizeof text - (size_t)len, i ? ",%d" : "%d", count[p]);
        s += t->closed >> p & 1 ? 0 : count[p];
    }
    const int off = 8 * t->n - s, a = off / 2, b = off - off / 2;
    snprintf(text + len, sizeof text - (size_t)len, "/%c/0,0/1/%d,%d", (side ^ turned) ? 'N' : 'S',
             turned ? b : a, turned ? a : b);
    mancala_game *g = NULL;
    char err[MANCALA_REASON_MAX];
    if (mancala_parse(&g, text, err, sizeof err) < 0) {
        fprintf(stderr, "check-round-tables: %s: %s\n", text, err);
        exit(2);
    }
    return g;
}

static int final_difference(const mancala_game *g, int player)
{
    return mancala_score(g, player) - mancala_score(g, !player);
}

/* lo and hi of g against its moves. */
static void check_equations(const struct table_info *t, mancala_game *g)
{
    int lo, hi, moves[MANCALA_MAX_PITS];
    expect(mancala_table_value(t->table, g, &lo, &hi) == MANCALA_OK, "no value");
    const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS), me = mancala_to_move(g);
    if (count <= 0)
        return;
    int best_lo = -1000, best_hi = -1000;
    for (int i = 0; i < count; i++) {
        mancala_game *c = g;
        int clo, chi;
        if (mancala_play(c, moves[i]) < 0)
            exit(2);
        if (mancala_is_over(c))
            clo = chi = final_difference(c, me);
        else {
            expect(mancala_table_value(t->table, c, &clo, &chi) == MANCALA_OK, "no child value");
            if (mancala_to_move(c) != me) {
                int x = clo;
                clo = -chi;
                chi = -x;
            }
        }
        if (mancala_undo(c) < 0)
            exit(2);
        if (clo > best_lo)
            best_lo = clo;
        if (chi > best_hi)
            best_hi = chi;
    }
    char text[MANCALA_POSITION_MAX];
    mancala_format(g, text, sizeof text);
    expect(lo == best_lo && hi == best_hi, "%s: table [%d, %d], by its moves [%d, %d]", text, lo, hi,
           best_lo, best_hi);
}

static void check_rotated(const struct table_info *t, const struct table_info *r, const int *count,
                          int side)
{
    mancala_game *g = position(t, count, side, 0), *h = position(t, count, side, 1);
    int lo, hi, rlo, rhi, tlo, thi;
    expect(mancala_table_value(t->table, g, &lo, &hi) == MANCALA_OK &&
               mancala_table_value(r->table, h, &rlo, &rhi) == MANCALA_OK &&
               lo == rlo && hi == rhi,
           "turned round: [%d, %d] against [%d, %d]", lo, hi, rlo, rhi);
    /* Each table answers for the other's boards too, turned round, with
     * the same value and best moves. */
    expect(mancala_table_value(t->table, h, &tlo, &thi) == MANCALA_OK && tlo == rlo && thi == rhi,
           "looked up turned round: [%d, %d] against [%d, %d]", tlo, thi, rlo, rhi);
    int best[2][MANCALA_MAX_PITS];
    const int found = mancala_table_best_moves(r->table, h, best[0], MANCALA_MAX_PITS);
    expect(found == mancala_table_best_moves(t->table, h, best[1], MANCALA_MAX_PITS) &&
               (found <= 0 || !memcmp(best[0], best[1], (size_t)found * sizeof best[0][0])),
           "best moves turned round differ");
    mancala_free(g);
    mancala_free(h);
}

struct walk {
    const struct table_info *t, *rotated;
    int equations;
    long positions, every; /* check every `every`-th position */
    long seen;
};

static void visit(struct walk *w, const int *count)
{
    if (w->seen++ % w->every)
        return;
    for (int side = 0; side < 2; side++) {
        if (w->equations) {
            mancala_game *g = position(w->t, count, side, 0);
            check_equations(w->t, g);
            mancala_free(g);
        }
        if (w->rotated)
            check_rotated(w->t, w->rotated, count, side);
        w->positions++;
    }
}

/* Every distribution of `left` stones over the open pits from index i. */
static void enumerate(struct walk *w, int *count, int i, int left)
{
    const struct table_info *t = w->t;
    if (i == t->open_count - 1) {
        count[t->open[i]] = left;
        visit(w, count);
        return;
    }
    for (int c = 0; c <= left; c++) {
        count[t->open[i]] = c;
        enumerate(w, count, i + 1, left - c);
    }
}

static uint64_t rng_state;
static uint64_t next_random(void)
{
    return mc_random_next(&rng_state);
}

/* A random position of the table: a random layer, stones dropped one by
 * one into random open pits. */
static void random_position(const struct table_info *t, int *count)
{
    const int layers = t->max_stones / t->step + 1;
    const int s = (int)(next_random() % (uint64_t)layers) * t->step;
    memset(count, 0, 12 * sizeof *count);
    for (int k = 0; k < s; k++)
        count[t->open[next_random() % (uint64_t)t->open_count]]++;
}

/* ---- positions of match play against search ---- */

struct match_check {
    const struct table_info *t, *rotated;
    int most;   /* the most stones on the board of a position searched */
    mancala_search *search;
    long covered, proven, agree;
};

static int board_stones(const mancala_game *g)
{
    int s = 0;
    for (int p = 0; p < mancala_num_pits(g); p++)
        s += mancala_pit(g, p);
    return s;
}

static void check_against_search(struct match_check *m, const mancala_game *game)
{
    int lo, hi;
    /* The position without its history, as a parsed position has none. */
    char text[MANCALA_POSITION_MAX];
    mancala_game *g;
    mancala_format(game, text, sizeof text);
    if (mancala_parse(&g, text, NULL, 0) < 0)
        exit(2);
    const int covered = mancala_table_value(m->t->table, g, &lo, &hi) == MANCALA_OK ||
                        (m->rotated && mancala_table_value(m->rotated->table, g, &lo, &hi) == MANCALA_OK);
    if (covered && !mancala_is_over(g)) {
        m->covered++;
        if (mancala_search_run(m->search, g) >= 0 && mancala_search_exact(m->search) == 1) {
            const int score = mancala_search_score(m->search);
            m->proven++;
            expect(lo <= score && score <= hi, "%s: table [%d, %d], search %d", text, lo, hi,
                   score);
            m->agree += lo <= score && score <= hi;
        }
    }
    mancala_free(g);
}

static void play_matches(struct match_check *m, int matches)
{
    for (int i = 0; i < matches; i++) {
        mancala_game *g;
        if (mancala_new(&g, m->t->rules) < 0)
            exit(2);
        mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 60);
        while (!mancala_match_over(g)) {
            while (!mancala_is_over(g)) {
                if (board_stones(g) <= m->most)
                    check_against_search(m, g);
                int moves[MANCALA_MAX_PITS];
                int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
                if (mancala_play(g, moves[next_random() % (uint64_t)count]) < 0)
                    exit(2);
            }
            if (mancala_match_over(g) || mancala_next_round(g) < 0)
                break;
        }
        mancala_free(g);
    }
}

/* Solves the round of `rules` with ks and kn pits open (multiples of 4, at
 * most max_stones) into `path`. */
static void solve(const char *path, const char *rules, int ks, int kn, int max_stones)
{
    const int n = strstr(rules, "-5") ? 5 : 6;
    int status = mancala_solve_rio_kadalis_config(path, rules, match_closed(n, ks, kn), max_stones,
                                                  4, NULL, NULL);
    if (status < 0) {
        fprintf(stderr, "check-round-tables: solving %s: %s\n", path, mancala_strerror(status));
        exit(2);
    }
}

int main(int argc, char **argv)
{
    const char *path = NULL, *rotated_path = NULL, *solve_rules = NULL;
    int solve_ks = 0, solve_kn = 0, solve_max = 0;
    char solved[2][64];
    long equations = -1, matches = 0, nodes = 2000000, min_proven = 1, search_stones = 48;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--equations") && i + 1 < argc)
            equations = atol(argv[++i]);
        else if (!strcmp(argv[i], "--rotated") && i + 1 < argc)
            rotated_path = argv[++i];
        else if (!strcmp(argv[i], "--matches") && i + 1 < argc)
            matches = atol(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--nodes") && i + 1 < argc)
            nodes = atol(argv[++i]);
        else if (!strcmp(argv[i], "--search-stones") && i + 1 < argc)
            search_stones = atol(argv[++i]);
        else if (!strcmp(argv[i], "--min-proven") && i + 1 < argc)
            min_proven = atol(argv[++i]);
        else if (!strcmp(argv[i], "--solve") && i + 2 < argc &&
                 sscanf(argv[i + 2], "%d,%d,%d", &solve_ks, &solve_kn, &solve_max) == 3) {
            solve_rules = argv[i + 1];
            i += 2;
        }
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else {
            fprintf(stderr, "usage: check-round-tables [--equations N] [--rotated FILE2] "
                            "[--matches M] [--seed S] [--nodes K] [--search-stones T] "
                            "[--min-proven P] FILE\n"
                            "       check-round-tables --solve RULES KS,KN,MAX [OPTIONS]\n");
            return 2;
        }
    }
    /* Under valgrind and the sanitizers (MANCALA_TEST_SCALE percent, as
     * the other heavy tests): a share of the positions and matches. */
    const char *scale_env = getenv("MANCALA_TEST_SCALE");
    long scale = scale_env ? atol(scale_env) : 100;
    if (scale < 1 || scale > 100)
        scale = 100;
    if (scale < 100) {
        matches = matches * scale / 100 + 1;
        min_proven = 1;
    }
    if (solve_rules) {
        /* The solve cannot be sampled: scaled down, it covers 4 stones. */
        if (scale < 100 && solve_max > 4)
            solve_max = 4;
        /* The table and the one turned round, solved here, removed at the end. */
        for (int i = 0; i < 2; i++)
            snprintf(solved[i], sizeof solved[i], "check-round-tables-%ld-%d.table",
                     (long)getpid(), i);
        solve(solved[0], solve_rules, solve_ks, solve_kn, solve_max);
        solve(solved[1], solve_rules, solve_kn, solve_ks, solve_max);
        path = solved[0];
        rotated_path = solved[1];
    }
    if (!path)
        return fprintf(stderr, "check-round-tables: no table\n"), 2;
    rng_state = seed;
    struct table_info t, r;
    open_info(&t, path);
    if (rotated_path)
        open_info(&r, rotated_path);

    if (equations >= 0 || rotated_path) {
        struct walk w = {&t, rotated_path ? &r : NULL, equations >= 0, 0, 100 / scale, 0};
        int count[12] = {0};
        if (equations > 0)
            for (long i = 0; i < equations; i++) {
                random_position(&t, count);
                visit(&w, count);
            }
        else
            for (int s = 0; s <= t.max_stones; s += t.step)
                enumerate(&w, count, 0, s);
        printf("%s: %ld positions%s%s\n", path, w.positions,
               w.equations ? ", equations checked" : "",
               w.rotated ? ", the same turned round in the other table" : "");
    }
    if (matches > 0) {
        struct match_check m = {&t, rotated_path ? &r : NULL,
                                search_stones < t.max_stones ? (int)search_stones : t.max_stones,
                                NULL, 0, 0, 0};
        if (mancala_search_new(&m.search, 0) < 0 ||
            mancala_search_set_limit(m.search, MANCALA_LIMIT_NODES, nodes) < 0)
            return 2;
        play_matches(&m, (int)matches);
        mancala_search_free(m.search);
        printf("%s: %ld matches, %ld positions of their rounds covered, %ld proven by search, "
               "%ld agree\n", path, matches, m.covered, m.proven, m.agree);
        expect(m.proven >= min_proven, "%ld positions proven by search, fewer than %ld", m.proven,
               min_proven);
    }
    mancala_table_close(t.table);
    if (rotated_path)
        mancala_table_close(r.table);
    if (solve_rules)
        for (int i = 0; i < 2; i++)
            remove(solved[i]);
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    return failures ? 1 : 0;
}

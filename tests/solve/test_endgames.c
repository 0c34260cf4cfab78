/*
 * Tables of Rio Kadalis round configurations
 * (mancala_solve_rio_kadalis_config()): closed pits as in the later rounds
 * of a match, 5 or 6 holes, either direction, the layers of multiples of
 * four. Every position of small configurations is checked against brute
 * force with the repetition rule; all-open tables are the ones of
 * mancala_solve_rio_kadalis(), byte for byte.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "rounds.h"
#include "solve/solve.h"

/* Check records every passing ck_assert; hot loops use this instead. */
#define require(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

struct config {
    const char *rules;
    int n;              /* holes per row */
    unsigned closed;
    int max_stones;     /* solved */
    int step;
    int brute;          /* every position up to here is brute-forced */
};

static char path[96];

static void solve_config(const struct config *c, const char *tag)
{
    snprintf(path, sizeof path, "test-endgames-%s-%ld.table", tag, (long)getpid());
    const int status = mancala_solve_rio_kadalis_config(path, c->rules, c->closed, c->max_stones,
                                                        c->step, NULL, NULL);
    ck_assert_int_eq(status, MANCALA_OK);
}

/* The game of `rules` with the closed pits `closed`, the counts `pit`
 * (closed pits ignored), `side` to move; the stones off the board go to
 * the banks (`banks`) or else to the captures. */
static mancala_game *config_position(const struct config *c, const uint8_t *pit, int side,
                                     int banks)
{
    char text[200];
    int len = snprintf(text, sizeof text, "%s/", c->rules), s = 0;
    for (int p = 0; p < 2 * c->n; p++) {
        if (c->closed >> p & 1)
            len += snprintf(text + len, sizeof text - (size_t)len, p ? ",x" : "x");
        else
            len += snprintf(text + len, sizeof text - (size_t)len, p ? ",%d" : "%d", pit[p]);
        s += c->closed >> p & 1 ? 0 : pit[p];
    }
    const int off = 8 * c->n - s;
    const int bank_s = banks ? off / 4 : 0, bank_n = banks ? off / 3 - off / 4 : 0;
    const int rest = off - bank_s - bank_n;
    snprintf(text + len, sizeof text - (size_t)len, "/%c/%d,%d/1/%d,%d", side ? 'N' : 'S',
             rest / 2, rest - rest / 2, bank_s, bank_n);
    mancala_game *g = NULL;
    char err[128];
    require(mancala_parse(&g, text, err, sizeof err) == MANCALA_OK, "parse %s: %s", text, err);
    return g;
}

/* ---- brute force with the repetition rule ---- */

/*
 * The exact value of the rest of a round (stones the mover still gets,
 * minus the opponent's), by full search of every line with the game's
 * history and repetition rule. A capture takes stones off the board, so no
 * position before it can recur: the rest after a capture depends on the
 * position alone, and is remembered by the position (memo, indexed by the
 * positions of the configuration). Between captures everything is
 * searched.
 */
struct brute {
    const struct config *c;
    struct mt_layout lay;
    int8_t *memo;       /* rest of the round from a position without history */
    uint8_t *known;
    long nodes;
};

static int score_difference(const mancala_game *g)
{
    const int me = mancala_to_move(g);
    return mancala_score(g, me) - mancala_score(g, me ^ 1);
}

static int brute_rest(struct brute *b, mancala_game *g);

static int board_stones(const mancala_game *g)
{
    int s = 0;
    for (int p = 0; p < mancala_num_pits(g); p++)
        s += mancala_pit(g, p);
    return s;
}

/* The rest from g within its layer, history included; alpha-beta on the
 * rest. */
static int brute_search(struct brute *b, mancala_game *g, int alpha, int beta)
{
    if (mancala_is_over(g))
        return 0;
    require(++b->nodes < 400000000L, "brute force too long at %s", fmt(g));
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    const int before = score_difference(g), stones = board_stones(g);
    int best = -1000;
    for (int i = 0; i < count && best < beta; i++) {
        require(mancala_play(g, moves[i]) == MANCALA_OK, "play %d in %s", moves[i], fmt(g));
        /* What the move won: the score difference for the mover. */
        const int gain = -score_difference(g) - before;
        int v;
        if (board_stones(g) != stones && !mancala_is_over(g)) {
            /* A capture: the rest from here has no history to care for. */
            v = gain - brute_rest(b, g);
        } else {
            v = gain - brute_search(b, g, -beta + gain, -(best > alpha ? best : alpha) + gain);
        }
        require(mancala_undo(g) == MANCALA_OK, "undo");
        if (v > best)
            best = v;
    }
    return best;
}

/* The rest from the position of g as if it had no history. */
static int brute_rest(struct brute *b, mancala_game *g)
{
    struct mc_state st;
    memset(&st, 0, sizeof st);
    for (int p = 0; p < mancala_num_pits(g); p++)
        st.pit[p] = (uint8_t)mancala_pit(g, p);
    st.to_move = (uint8_t)mancala_to_move(g);
    const uint32_t index = mt_layout_state_index(&b->lay, &st);
    if (b->known[index])
        return b->memo[index];
    mancala_game *fresh = config_position(b->c, st.pit, st.to_move, 0);
    const int v = brute_search(b, fresh, -100, 100);
    mancala_free(fresh);
    b->memo[index] = (int8_t)v;
    b->known[index] = 1;
    return v;
}

/* Every position of the configuration up to c->brute stones (both sides
 * to move, banks or not) lies in the table's [lo, hi]; returns how many
 * are exact, and counts the positions in `checked`. */
static long check_against_brute_force(const struct config *c, const mancala_table *t,
                                      long *checked)
{
    struct brute b;
    memset(&b, 0, sizeof b);
    b.c = c;
    ck_assert(mt_layout_init(&b.lay, c->n, (uint16_t)c->closed, c->brute, 1));
    b.memo = calloc(b.lay.count, 1);
    b.known = calloc(b.lay.count, 1);
    ck_assert(b.memo && b.known);
    long exact = 0;
    *checked = 0;
    for (int s = 0; s <= c->brute; s += c->step)
        for (int side = 0; side < 2; side++) {
            uint8_t r[MT_MOST_PITS] = {0};
            const int m = b.lay.open_count;
            r[m - 1] = (uint8_t)s;
            do {
                uint8_t pit[MT_MOST_PITS] = {0};
                for (int j = 0; j < m; j++)
                    pit[b.lay.open[side][j]] = r[j];
                mancala_game *g = config_position(c, pit, side, (int)(*checked % 2));
                int lo, hi;
                require(mancala_table_value(t, g, &lo, &hi) == MANCALA_OK, "value of %s", fmt(g));
                const int value = score_difference(g) + brute_rest(&b, g);
                require(lo <= value && value <= hi, "%s: table [%d, %d], brute force %d", fmt(g),
                        lo, hi, value);
                exact += lo == hi;
                ++*checked;
                mancala_free(g);
            } while (mt_next_position(r, m));
        }
    free(b.memo);
    free(b.known);
    return exact;
}

static void brute_force_config(const struct config *c, const char *tag, long expected)
{
    solve_config(c, tag);
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_OK);
    long checked = 0;
    const long exact = check_against_brute_force(c, t, &checked);
    ck_assert_int_eq(checked, expected);
    /* Most small positions are solved exactly. */
    fprintf(stderr, "%s: %ld of %ld exact\n", tag, exact, checked);
    ck_assert_int_gt(exact, checked / 4);
    mancala_table_close(t);
    remove(path);
}

/* South has one open pit (5), North all six: the k = 1 round. */
START_TEST(one_pit_against_six)
{
    const struct config c = {"rio-kadalis", 6, match_closed(6, 1, 6), 12, 1, 4};
    /* 7 open pits: C(4 + 7, 7) positions per side. Brute force with the
     * repetition rule explodes from 5 stones on (singletons chasing each
     * other round seven pits). */
    brute_force_config(&c, "k1", 2 * 330);
}
END_TEST

/* Five holes, clockwise, South 2 pits and North 1: the sides differ. */
START_TEST(five_holes_clockwise_two_against_one)
{
    const struct config c = {"rio-kadalis-5-cw", 5, match_closed(5, 2, 1), 20, 1, 20};
    brute_force_config(&c, "5cw", 2 * 1771); /* C(20 + 3, 3) per side */
}
END_TEST

/* Two pits each: the same closed pits after turning the board round, so
 * one entry serves both players. */
START_TEST(two_pits_each)
{
    const struct config c = {"rio-kadalis", 6, match_closed(6, 2, 2), 16, 1, 16};
    brute_force_config(&c, "k22", 2 * 4845); /* C(16 + 4, 4) per side */
}
END_TEST

/* A closed set no match has (pits 1, 4, 5 and 9 open, 5 holes), multiples
 * of 4. */
START_TEST(any_closed_pits_multiples_of_four)
{
    const struct config c = {"rio-kadalis-5", 5, 0x3ffu & ~(1u << 1 | 1u << 4 | 1u << 5 | 1u << 9),
                             24, 4, 24};
    /* C(s + 3, 3) for s = 0, 4, ..., 24. */
    brute_force_config(&c, "any", 2 * (1 + 35 + 165 + 455 + 969 + 1771 + 2925));
}
END_TEST

/* ---- tables of every layer and of multiples of four ---- */

/* With every pit open the table is the one of mancala_solve_rio_kadalis(),
 * byte for byte, and that one is what libmancala wrote before round
 * configurations existed: its checksum (which covers every byte) is the
 * one of the 8-stone table written then. */
START_TEST(all_open_tables_are_unchanged)
{
    char old[96];
    snprintf(old, sizeof old, "test-endgames-old-%ld.table", (long)getpid());
    snprintf(path, sizeof path, "test-endgames-open-%ld.table", (long)getpid());
    ck_assert_int_eq(mancala_solve_rio_kadalis(old, 8, NULL, NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis", 0, 8, 1, NULL, NULL),
                     MANCALA_OK);
    size_t old_size, new_size;
    uint8_t *a = read_file(old, &old_size), *b = read_file(path, &new_size);
    ck_assert_uint_eq(old_size, 503944);
    ck_assert_uint_eq(new_size, old_size);
    ck_assert_mem_eq(a, b, old_size);
    ck_assert_uint_eq(mt_get(a + MT_OFF_CHECKSUM, 8), 0xbc5b65b1db1b79c9u);
    free(a);
    free(b);
    remove(old);
    remove(path);
}
END_TEST

/* The layers of multiples of four depend on no other: a table of those
 * alone has the values of the table of every layer. Its positions of
 * other counts are not covered. */
START_TEST(multiples_of_four_match_every_layer)
{
    const struct config every = {"rio-kadalis", 6, match_closed(6, 3, 2), 12, 1, 0};
    const struct config fours = {"rio-kadalis", 6, match_closed(6, 3, 2), 12, 4, 0};
    char every_path[96];
    solve_config(&every, "every");
    memcpy(every_path, path, sizeof path);
    solve_config(&fours, "fours");
    mancala_table *te = NULL, *tf = NULL;
    ck_assert_int_eq(mancala_table_open(&te, every_path), MANCALA_OK);
    ck_assert_int_eq(mancala_table_open(&tf, path), MANCALA_OK);
    struct mt_layout lay;
    ck_assert(mt_layout_init(&lay, 6, (uint16_t)every.closed, 12, 1));
    ck_assert_int_eq(lay.sides, 2);
    long compared = 0, inexact = 0;
    for (int s = 0; s <= 12; s++)
        for (int side = 0; side < 2; side++) {
            uint8_t r[MT_MOST_PITS] = {0};
            r[lay.open_count - 1] = (uint8_t)s;
            do {
                uint8_t pit[MT_MOST_PITS] = {0};
                for (int j = 0; j < lay.open_count; j++)
                    pit[lay.open[side][j]] = r[j];
                mancala_game *g = config_position(&every, pit, side, s % 8 == 0);
                int lo, hi, flo = 99, fhi = 99;
                require(mancala_table_value(te, g, &lo, &hi) == MANCALA_OK, "%s", fmt(g));
                const int status = mancala_table_value(tf, g, &flo, &fhi);
                if (s % 4) {
                    /* (A round that is over is worth its score, table or not.) */
                    require(status == (mancala_is_over(g) ? MANCALA_OK : MANCALA_E_RANGE),
                            "%s: %d", fmt(g), status);
                } else {
                    require(status == MANCALA_OK && flo == lo && fhi == hi,
                            "%s: [%d, %d] and [%d, %d]", fmt(g), lo, hi, flo, fhi);
                    compared++;
                    inexact += lo != hi;
                }
                mancala_free(g);
            } while (mt_next_position(r, lay.open_count));
        }
    /* C(s + 4, 4) positions per side for s = 0, 4, 8, 12. */
    ck_assert_int_eq(compared, 2 * (1 + 70 + 495 + 1820));
    ck_assert_int_gt(inexact, 0);
    mancala_table_close(te);
    mancala_table_close(tf);
    remove(every_path);
    remove(path);
}
END_TEST

/* ---- play, lookups and errors ---- */

/* Perfect play by the table from random positions of the k = 1 round
 * (closed pits, banks), against random or perfect play: the mover's
 * perfect play never ends below lo, the opponent's keeps it at most hi. */
START_TEST(perfect_play_keeps_the_bounds)
{
    const struct config c = {"rio-kadalis", 6, match_closed(6, 1, 6), 16, 4, 0};
    solve_config(&c, "play");
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_OK);
    uint64_t rng = 7;
    int inexact = 0, captures = 0;
    const long games = test_scaled(2000);
    for (long n = 0; n < games; n++) {
        uint8_t pit[MT_MOST_PITS] = {0};
        const int stones = 4 * (1 + (int)(n % 4));
        for (int k = 0; k < stones; k++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            pit[5 + (rng >> 33) % 7]++;
        }
        const int side = (int)(n & 1), perfect = 1 + (int)(n % 3); /* bit per player */
        mancala_game *g = config_position(&c, pit, side, (int)(n % 2));
        int lo, hi;
        require(mancala_table_value(t, g, &lo, &hi) == MANCALA_OK, "value of %s", fmt(g));
        inexact += lo != hi;
        const int before = mancala_captured(g, 0) + mancala_captured(g, 1);
        while (!mancala_is_over(g)) {
            int moves[MANCALA_MAX_PITS];
            const int best = perfect >> mancala_to_move(g) & 1;
            const int count = best ? mancala_table_best_moves(t, g, moves, MANCALA_MAX_PITS)
                                   : mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
            require(count > 0, "%s: no move", fmt(g));
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            const int pitno = moves[(rng >> 33) % (uint64_t)count];
            require(mancala_play(g, pitno) == MANCALA_OK, "%s: play %d", fmt(g), pitno);
        }
        captures += mancala_captured(g, 0) + mancala_captured(g, 1) > before;
        const int got = mancala_score(g, side) - mancala_score(g, side ^ 1);
        if (perfect >> side & 1)
            require(got >= lo, "perfect mover got %d < %d", got, lo);
        if (perfect >> (side ^ 1) & 1)
            require(got <= hi, "perfect opponent let the mover get %d > %d", got, hi);
        mancala_free(g);
    }
    /* (Every position sampled here is exact: the table decides them all.) */
    ck_assert_int_eq(inexact, 0);
    ck_assert_int_gt(captures, games / 20);
    mancala_table_close(t);
    remove(path);
}
END_TEST

/* A table answers for exactly its configuration; a round start of a match
 * (banks) is covered; the solver refuses what makes no table. */
START_TEST(configuration_lookups_and_errors)
{
    const struct config c = {"rio-kadalis-5", 5, match_closed(5, 1, 5), 24, 4, 0};
    solve_config(&c, "lookup");
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_OK);
    ck_assert_str_eq(mancala_table_rules(t), "rio-kadalis-5");
    ck_assert_int_eq(mancala_table_max_stones(t), 24);
    int lo = 99, hi = 99, moves[MANCALA_MAX_PITS];
    /* The round after South 4, North 36 (RULES.md, "Match"), South first. */
    mancala_game *g = parse_ok("rio-kadalis-5/x,x,x,x,4,4,4,4,4,4/S/0,0/0/0,16");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_OK);
    ck_assert_int_le(lo, hi);
    ck_assert_int_ge(lo, -40);
    ck_assert_int_le(hi, 24 - 16); /* the bank counts: North has 16 */
    ck_assert_int_eq(mancala_table_best_moves(t, g, moves, MANCALA_MAX_PITS), 1);
    ck_assert_int_eq(moves[0], 4);
    mancala_free(g);
    /* Other closed pits, a layer not covered, an open board. */
    const char *uncovered[] = {
        "rio-kadalis-5/x,x,x,4,4,4,4,4,4,4/S/0,0/0/0,12",
        "rio-kadalis-5/x,x,x,x,4,4,4,4,4,3/S/1,0/0/0,16",
        "rio-kadalis-5/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
        "rio-kadalis-5/x,x,x,x,4,x,4,4,4,4/N/0,0/0/0,20",
    };
    for (size_t i = 0; i < sizeof uncovered / sizeof uncovered[0]; i++) {
        g = parse_ok(uncovered[i]);
        ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_RANGE);
        ck_assert_int_eq(mancala_table_best_moves(t, g, moves, MANCALA_MAX_PITS), MANCALA_E_RANGE);
        mancala_free(g);
    }
    /* Other rules: the direction and the board are part of them. */
    g = parse_ok("rio-kadalis-5-cw/x,x,x,x,4,4,4,4,4,4/S/0,0/0/0,16");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_UNSUPPORTED);
    mancala_free(g);
    g = parse_ok("rio-kadalis/x,x,x,x,x,4,4,4,4,4,4,4/S/0,0/0/0,20");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_UNSUPPORTED);
    mancala_free(g);
    mancala_table_close(t);
    remove(path);

    /* Bad arguments: nothing is written. */
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "modiar", 0, 8, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio", 0, 8, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, NULL, 0, 8, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(NULL, "rio-kadalis", 0, 8, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis", 0, 8, 2, NULL, NULL),
                     MANCALA_E_INVALID);
    /* Step 0 is the internal solver's default (1), not a step of the API. */
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis", 0, 8, 0, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis", 0, -1, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis-5", 0, 41, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis-5", 1u << 10, 8, 1, NULL,
                                                      NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis", 0xfffu, 8, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    /* All open to 48 stones: C(60, 12) entries, far beyond 2^32. */
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis", 0, 48, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(access(path, F_OK), -1);
}
END_TEST

/* The search uses a round's table where the position has its closed
 * pits: searched one ply deep, every child is a leaf that the table
 * values, so the score is the table's value of the position (every value
 * of this configuration is exact), and the best move keeps it. The
 * search without the table says something else now and then. */
START_TEST(search_uses_the_round_table)
{
    const struct config c = {"rio-kadalis", 6, match_closed(6, 1, 6), 16, 4, 0};
    solve_config(&c, "search");
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_OK);
    mancala_search *with = NULL, *without = NULL;
    ck_assert_int_eq(mancala_search_new(&with, (size_t)1 << 20), MANCALA_OK);
    ck_assert_int_eq(mancala_search_new(&without, (size_t)1 << 20), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_table(with, t), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(with, MANCALA_LIMIT_DEPTH, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(without, MANCALA_LIMIT_DEPTH, 1), MANCALA_OK);
    uint64_t rng = 11;
    int checked = 0, differ = 0;
    for (int n = 0; n < 100; n++) {
        uint8_t pit[MT_MOST_PITS] = {0};
        const int stones = 4 * (2 + n % 3);
        for (int k = 0; k < stones; k++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            pit[5 + (rng >> 33) % 7]++;
        }
        mancala_game *g = config_position(&c, pit, n & 1, n % 2);
        int lo, hi;
        require(mancala_table_value(t, g, &lo, &hi) == MANCALA_OK, "%s", fmt(g));
        if (mancala_is_over(g) || lo != hi) {
            mancala_free(g);
            continue;
        }
        require(mancala_search_run(with, g) == MANCALA_OK, "search %s", fmt(g));
        require(mancala_search_score(with) == lo, "%s: search %d, table %d", fmt(g),
                mancala_search_score(with), lo);
        play_ok(g, mancala_search_best_move(with));
        int clo, chi;
        require(mancala_table_value(t, g, &clo, &chi) == MANCALA_OK, "%s", fmt(g));
        require(-clo == lo, "%s: the best move gives %d, not %d", fmt(g), -clo, lo);
        require(mancala_undo(g) == MANCALA_OK, "undo");
        require(mancala_search_run(without, g) == MANCALA_OK, "search %s", fmt(g));
        differ += mancala_search_score(without) != lo;
        checked++;
        mancala_free(g);
    }
    ck_assert_int_gt(checked, 50);
    ck_assert_int_gt(differ, 0);
    mancala_search_free(with);
    mancala_search_free(without);
    mancala_table_close(t);
    remove(path);
}
END_TEST

/* The configuration bytes of the header are checked like the rest: a
 * crafted file with a valid checksum cannot give Modiar closed pits or
 * skipped layers, nor spell "every layer" in a second way. */
static int open_with(const uint8_t *data, size_t size, int offset, int bytes, uint64_t value)
{
    uint8_t *copy = malloc(size);
    ck_assert_ptr_nonnull(copy);
    memcpy(copy, data, size);
    mt_put(copy + offset, value, bytes);
    mt_put(copy + MT_OFF_CHECKSUM, mt_checksum(copy, copy + MT_HEADER_SIZE, size - MT_HEADER_SIZE),
           8);
    mancala_table *t = NULL;
    const int status = mancala_table_open_memory(&t, copy, size);
    mancala_table_close(t);
    free(copy);
    return status;
}

START_TEST(crafted_configurations_are_refused)
{
    size_t size;
    snprintf(path, sizeof path, "test-endgames-modiar-%ld.table", (long)getpid());
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 4}),
                     MANCALA_OK);
    uint8_t *modiar = read_file(path, &size);
    remove(path);
    ck_assert_int_eq(open_with(modiar, size, MT_OFF_CLOSED, 2, 0), MANCALA_OK);
    ck_assert_int_eq(open_with(modiar, size, MT_OFF_CLOSED, 2, 1), MANCALA_E_FORMAT);
    ck_assert_int_eq(open_with(modiar, size, MT_OFF_STEP, 1, 4), MANCALA_E_FORMAT);
    free(modiar);

    const struct config c = {"rio-kadalis", 6, match_closed(6, 1, 1), 8, 1, 0};
    solve_config(&c, "crafted");
    uint8_t *rio = read_file(path, &size);
    remove(path);
    ck_assert_int_eq(open_with(rio, size, MT_OFF_CLOSED, 2, c.closed), MANCALA_OK);
    /* "every layer" is 0, never 1; other steps do not exist. */
    ck_assert_int_eq(open_with(rio, size, MT_OFF_STEP, 1, 1), MANCALA_E_FORMAT);
    ck_assert_int_eq(open_with(rio, size, MT_OFF_STEP, 1, 2), MANCALA_E_FORMAT);
    /* Another closed set has another entry count (here: one more pit). */
    ck_assert_int_eq(open_with(rio, size, MT_OFF_CLOSED, 2, c.closed & ~1u), MANCALA_E_FORMAT);
    /* Every pit closed, pits the board does not have, the reserved bytes. */
    ck_assert_int_eq(open_with(rio, size, MT_OFF_CLOSED, 2, 0xfff), MANCALA_E_FORMAT);
    ck_assert_int_eq(open_with(rio, size, MT_OFF_CLOSED, 2, c.closed | 1u << 12), MANCALA_E_FORMAT);
    ck_assert_int_eq(open_with(rio, size, MT_OFF_RESERVED + 4, 1, 1), MANCALA_E_FORMAT);
    free(rio);
}
END_TEST

/* ---- threads and memory ---- */

/* The same table byte for byte for any number of threads (every pit open
 * up to 10 stones: the order of the predecessor lists shows in its
 * distances, so this fails if threads fill them unsorted); and the
 * solver's memory besides the table at most 8 bytes a position of the
 * largest layer for a round of one pit against six (under one move a
 * position stays in the layer). */
START_TEST(any_thread_count_writes_the_same_table)
{
    const struct thread_case {
        unsigned closed;
        int max_stones, step;
        uint64_t positions, largest;
    } full[] = {
        {0, 10, 1, 646646, 352716},
        {match_closed(6, 1, 6), 20, 4, 653242, 460460},
    }, scaled[] = { /* smaller under valgrind and the sanitizers */
        {0, 8, 1, 125970, 75582},
        {match_closed(6, 1, 6), 16, 4, 192782, 149226},
    };
    const struct thread_case *cases = test_scaled(100) < 100 ? scaled : full;
    for (size_t c = 0; c < sizeof full / sizeof full[0]; c++) {
        uint8_t *first = NULL;
        size_t first_size = 0;
        struct mt_stats first_stats;
        for (int threads = 1; threads <= 3; threads++) {
            snprintf(path, sizeof path, "test-endgames-threads-%ld.table", (long)getpid());
            struct mt_stats stats;
            ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                                 .path = path, .rules = "rio-kadalis", .closed = cases[c].closed,
                                 .max_stones = cases[c].max_stones, .step = cases[c].step,
                                 .threads = threads, .resumable = 1, .stats = &stats}),
                             MANCALA_OK);
            size_t size;
            uint8_t *data = read_file(path, &size);
            remove(path);
            ck_assert_uint_eq(stats.positions, cases[c].positions);
            ck_assert_uint_eq(stats.largest_layer, cases[c].largest);
            if (cases[c].closed && cases == full) /* small layers: fixed costs show */
                ck_assert_uint_le(stats.scratch_peak, 8 * stats.largest_layer);
            if (!first) {
                first = data;
                first_size = size;
                first_stats = stats;
                continue;
            }
            ck_assert_uint_eq(size, first_size);
            ck_assert_mem_eq(data, first, size);
            ck_assert_uint_eq(stats.exact, first_stats.exact);
            ck_assert_uint_eq(stats.max_distance, first_stats.max_distance);
            ck_assert_uint_eq(stats.scratch_peak, first_stats.scratch_peak);
            free(data);
        }
        free(first);
    }
    /* 0 is the default (one per processor); -1 and 65 are refused. */
    const int bad_threads[] = {-1, MT_MOST_THREADS + 1};
    for (size_t i = 0; i < sizeof bad_threads / sizeof bad_threads[0]; i++)
        ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                             .path = path, .rules = "rio-kadalis", .max_stones = 8, .step = 4,
                             .threads = bad_threads[i]}),
                         MANCALA_E_INVALID);
    ck_assert_int_eq(access(path, F_OK), -1);
}
END_TEST

/* ---- the pieces the solver on several processes shares ---- */

/* The header made for a layout is the one of a solved table (the
 * checksum aside); the output file is made only when asked for, put in
 * place by install, and removed by discard. */
START_TEST(shared_header_and_output)
{
    const unsigned closed = match_closed(6, 1, 6);
    snprintf(path, sizeof path, "test-endgames-shared-%ld.table", (long)getpid());
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "rio-kadalis", .closed = closed, .max_stones = 8,
                         .step = 4}),
                     MANCALA_OK);
    size_t size;
    uint8_t *table = read_file(path, &size);
    struct mt_layout lay;
    ck_assert(mt_layout_init(&lay, 6, (uint16_t)closed, 8, 4));
    struct mc_board board;
    mancala__board_init(&board, mancala__variant_find("rio-kadalis", 11), (uint16_t)closed);
    uint8_t header[MT_HEADER_SIZE];
    mancala__solve_header(&lay, &board, header);
    ck_assert_mem_eq(header, table, MT_OFF_CHECKSUM);
    ck_assert_uint_eq(mt_get(table + MT_OFF_CHECKSUM, 8),
                      mt_checksum(header, table + MT_HEADER_SIZE, size - MT_HEADER_SIZE));

    /* Open makes no file; create does; install replaces the target. */
    struct mt_output *out = NULL;
    ck_assert_int_eq(mancala__output_open(&out, path), MANCALA_OK);
    ck_assert_str_eq(mancala__output_target(out), path);
    ck_assert_int_eq(mancala__output_create(out), MANCALA_OK);
    char temp[128];
    snprintf(temp, sizeof temp, "%s", mancala__output_temp(out));
    ck_assert_int_eq(access(temp, F_OK), 0);
    FILE *f = fopen(temp, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite("new", 1, 3, f), 3);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_int_eq(mancala__output_install(out), MANCALA_OK);
    ck_assert_int_eq(access(temp, F_OK), -1);
    free(read_file(path, &size));
    ck_assert_uint_eq(size, 3);

    /* Discard removes the temporary file and leaves the target. */
    ck_assert_int_eq(mancala__output_open(&out, path), MANCALA_OK);
    ck_assert_int_eq(mancala__output_create(out), MANCALA_OK);
    snprintf(temp, sizeof temp, "%s", mancala__output_temp(out));
    mancala__output_discard(out);
    mancala__output_discard(NULL);
    ck_assert_int_eq(access(temp, F_OK), -1);
    free(read_file(path, &size));
    ck_assert_uint_eq(size, 3);
    remove(path);

    /* A folder is no target. */
    ck_assert_int_eq(mancala__output_open(&out, "."), MANCALA_E_IO);
    ck_assert_ptr_null(out);
    free(table);
}
END_TEST

/* ---- resuming a killed solve ---- */

/* A solve killed mid-way (SIGKILL: no chance to clean up) and run again
 * with the same arguments goes on from the last finished layer and writes
 * the table an uninterrupted solve writes, byte for byte. */
START_TEST(killed_solve_resumes)
{
    const char *rules = "rio-kadalis";
    const unsigned closed = match_closed(6, 2, 2);
    char whole[96], killed[96], partial[112];
    snprintf(whole, sizeof whole, "test-endgames-whole-%ld.table", (long)getpid());
    snprintf(killed, sizeof killed, "test-endgames-killed-%ld.table", (long)getpid());
    snprintf(partial, sizeof partial, "%s.partial", killed);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(whole, rules, closed, 16, 1, NULL, NULL),
                     MANCALA_OK);
    ck_assert_int_eq(access(whole, F_OK), 0);

    int kill_layer = 11;
    const pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        mancala_solve_rio_kadalis_config(killed, rules, closed, 16, 1, kill_at_layer, &kill_layer);
        _exit(0);
    }
    int wstatus = 0;
    ck_assert_int_eq(waitpid(child, &wstatus, 0), child);
    ck_assert(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL);
    ck_assert_int_eq(access(killed, F_OK), -1);
    ck_assert_int_eq(access(partial, F_OK), 0);

    int first = -1;
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(killed, rules, closed, 16, 1, first_layer,
                                                      &first),
                     MANCALA_OK);
    ck_assert_int_eq(first, kill_layer); /* layers 0 ... 10 were not solved again */
    ck_assert_int_eq(access(partial, F_OK), -1);
    size_t a_size, b_size;
    uint8_t *a = read_file(whole, &a_size), *b = read_file(killed, &b_size);
    ck_assert_uint_eq(a_size, b_size);
    ck_assert_mem_eq(a, b, a_size);
    free(a);
    free(b);

    /* A partial file of other arguments is refused, and kept as it was:
     * it holds another solve's work. */
    kill_layer = 5;
    const pid_t again = fork();
    ck_assert_int_ge(again, 0);
    if (again == 0) {
        mancala_solve_rio_kadalis_config(killed, rules, closed, 12, 1, kill_at_layer, &kill_layer);
        _exit(0);
    }
    ck_assert_int_eq(waitpid(again, &wstatus, 0), again);
    size_t other_size;
    uint8_t *other = read_file(partial, &other_size);
    ck_assert_ptr_nonnull(other);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(killed, rules, closed, 16, 1, NULL, NULL),
                     MANCALA_E_FORMAT);
    uint8_t *kept = read_file(partial, &b_size);
    ck_assert_uint_eq(b_size, other_size);
    ck_assert_mem_eq(kept, other, other_size);
    free(kept);
    free(other);
    /* The arguments it belongs to resume it. */
    first = -1;
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(killed, rules, closed, 12, 1, first_layer,
                                                      &first),
                     MANCALA_OK);
    ck_assert_int_eq(first, kill_layer);
    ck_assert_int_eq(access(partial, F_OK), -1);

    /* A file of that name that is no partial table is refused, untouched. */
    FILE *f = fopen(partial, "w");
    ck_assert_ptr_nonnull(f);
    fputs("not a table\n", f);
    fclose(f);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(killed, rules, closed, 8, 1, NULL, NULL),
                     MANCALA_E_FORMAT);
    kept = read_file(partial, &b_size);
    ck_assert_uint_eq(b_size, 12);
    ck_assert_mem_eq(kept, "not a table\n", 12);
    free(kept);
    remove(partial);

    /* The killed solves left no temporary file: one is made only to write
     * the finished table. */
    DIR *dir = opendir(".");
    ck_assert_ptr_nonnull(dir);
    for (struct dirent *e; (e = readdir(dir));)
        if (!strncmp(e->d_name, killed, strlen(killed)))
            ck_assert_msg(!strstr(e->d_name, ".tmp-"), "left behind: %s", e->d_name);
    closedir(dir);
    remove(whole);
    remove(killed);
}
END_TEST

static Suite *endgames_suite(void)
{
    Suite *s = suite_create("endgames");
    struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        {"k1", one_pit_against_six},
        {"5cw", five_holes_clockwise_two_against_one},
        {"k22", two_pits_each},
        {"any", any_closed_pits_multiples_of_four},
        {"open", all_open_tables_are_unchanged},
        {"fours", multiples_of_four_match_every_layer},
        {"play", perfect_play_keeps_the_bounds},
        {"lookup", configuration_lookups_and_errors},
        {"resume", killed_solve_resumes},
        {"threads", any_thread_count_writes_the_same_table},
        {"crafted", crafted_configurations_are_refused},
        {"search", search_uses_the_round_table},
        {"shared", shared_header_and_output},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    return run_suite(endgames_suite());
}

/*
 * Alpha-beta search with a solved table (mancala_search_set_table()): a
 * table of Rio Kadalis endgames is solved here, then the search with it
 * is checked against brute force (with the game's history and the
 * repetition rule), against the table where the table's value is exact,
 * and against the search without it where the table covers nothing.
 *
 * SPDX-License-Identifier: MIT
 */
#include <unistd.h>

#include "brute_force.h"
#include "core/random.h"
#include "helpers.h"

/* Solved in a fraction of a second: C(8 + 12, 12) = 125,970 entries. */
enum { TABLE_STONES = 8 };

static char table_path[64];
static mancala_table *table;

static void solve_table(void)
{
    snprintf(table_path, sizeof table_path, "test-search-table-%ld.table", (long)getpid());
    ck_assert_int_eq(mancala_solve_rio_kadalis(table_path, TABLE_STONES, NULL, NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_table_open(&table, table_path), MANCALA_OK);
}

static void remove_table(void)
{
    mancala_table_close(table);
    table = NULL;
    remove(table_path);
}


/* A "rio-kadalis" position with every pit open and `stones` stones spread
 * at random over the board (the rest captured), either side to move. */
static mancala_game *random_open_position(int stones, uint64_t *rng)
{
    int pit[12] = {0};
    for (int i = 0; i < stones; i++)
        pit[mc_random_next(rng) % 12]++;
    char text[160];
    int len = snprintf(text, sizeof text, "rio-kadalis/");
    for (int p = 0; p < 12; p++)
        len += snprintf(text + len, sizeof text - (size_t)len, p ? ",%d" : "%d", pit[p]);
    const int off = 48 - stones;
    snprintf(text + len, sizeof text - (size_t)len, "/%c/%d,%d/20/0,0",
             mc_random_next(rng) % 2 ? 'N' : 'S', off / 2, off - off / 2);
    return parse_ok(text);
}

static mancala_search *new_search(const mancala_table *t)
{
    mancala_search *s = NULL;
    ck_assert_int_eq(mancala_search_new(&s, (size_t)1 << 20), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_table(s, t), MANCALA_OK);
    /* Singletons chasing each other round an open board make lines of
     * some 70 plies before the repetition rule ends them. */
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 128), MANCALA_OK);
    return s;
}

/* ---- exact answers ---- */

/*
 * Open boards of 1 to 3 stones (brute force with the repetition rule
 * cannot go further), without history and after random moves that give
 * them one: the search with the table must prove the brute-force value,
 * and its best move must be worth it. The table must also save nodes
 * somewhere, or it was not used (at full scale).
 */
START_TEST(small_endgames_match_brute_force)
{
    mancala_search *with = new_search(table), *without = new_search(NULL);
    uint64_t rng = 21;
    int checked = 0, with_history = 0, saved = 0;
    const long count = test_scaled(200);
    while (checked < count) {
        mancala_game *g = random_open_position(1 + (int)(mc_random_next(&rng) % 3), &rng);
        /* Every other position gets a history of 1 to 3 random moves. */
        const int plies = checked % 2 ? 1 + (int)(mc_random_next(&rng) % 3) : 0;
        for (int i = 0; i < plies && !mancala_is_over(g); i++) {
            int moves[MANCALA_MAX_PITS];
            int n = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
            play_ok(g, moves[mc_random_next(&rng) % (uint64_t)n]);
        }
        if (mancala_is_over(g)) {
            mancala_free(g);
            continue;
        }
        const int value = brute_value(g);
        ck_assert_int_eq(mancala_search_run(with, g), MANCALA_OK);
        expect(mancala_search_exact(with), "not exact: %s", fmt(g));
        expect(mancala_search_score(with) == value, "%s: search %d, brute force %d", fmt(g),
               mancala_search_score(with), value);
        mancala_game *c;
        ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
        play_ok(c, mancala_search_best_move(with));
        expect_int_eq(-brute_value(c), value);
        mancala_free(c);

        /* The same search without the table: whether the table saved
         * nodes. The slow test setups leave it out: they do not check
         * that count, `search` checks the search without a table against
         * brute force under them, and here it takes millions of nodes on
         * a few of these boards (95 % of the test under the sanitizers). */
        if (test_full_scale()) {
            ck_assert_int_eq(mancala_search_run(without, g), MANCALA_OK);
            expect_int_eq(mancala_search_score(without), value);
            saved += mancala_search_nodes(with) < mancala_search_nodes(without);
        }
        with_history += mancala_history_length(g) > 0;
        checked++;
        mancala_free(g);
    }
    ck_assert_int_eq(with_history, count / 2);
    if (test_full_scale())
        ck_assert_int_gt(saved, 0);
    mancala_search_free(with);
    mancala_search_free(without);
}
END_TEST

/*
 * Bigger open boards, no history, where brute force is out of reach.
 * Without the repetition rule every node is covered soundly, so wherever
 * the table's value is exact the search must prove it, and its best move
 * must keep it. With the rule, a proven score must lie in [lo, hi], the
 * bounds of the value of a position reached without history.
 */
START_TEST(larger_endgames_agree_with_table)
{
    mancala_search *s = new_search(table);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_NODES, 50000), MANCALA_OK);
    uint64_t rng = 22;
    int exact_checked = 0, proven_with_rule = 0;
    const long count = test_scaled(200);
    for (long i = 0; i < count; i++) {
        mancala_game *g = random_open_position(4 + (int)(mc_random_next(&rng) % 5), &rng);
        if (mancala_is_over(g)) {
            mancala_free(g);
            continue;
        }
        int lo, hi;
        ck_assert_int_eq(mancala_table_value(table, g, &lo, &hi), MANCALA_OK);
        expect(lo <= hi, "%s: [%d, %d]", fmt(g), lo, hi);

        ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
        if (mancala_search_exact(s)) {
            const int v = mancala_search_score(s);
            expect(lo <= v && v <= hi, "%s: search %d outside [%d, %d]", fmt(g), v, lo, hi);
            proven_with_rule++;
        }

        mancala_game *off = parse_ok(fmt(g));
        ck_assert_int_eq(mancala_set_option(off, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
        ck_assert_int_eq(mancala_search_run(s, off), MANCALA_OK);
        if (lo == hi) {
            expect(mancala_search_exact(s), "not exact: %s", fmt(g));
            expect(mancala_search_score(s) == lo, "%s: search %d, table %d", fmt(g),
                   mancala_search_score(s), lo);
            play_ok(off, mancala_search_best_move(s));
            int child_lo, child_hi;
            ck_assert_int_eq(mancala_table_value(table, off, &child_lo, &child_hi), MANCALA_OK);
            expect(-child_hi == lo, "%s: best move %d worth %d, not %d", fmt(g),
                   mancala_search_best_move(s), -child_hi, lo);
            exact_checked++;
        }
        mancala_free(off);
        mancala_free(g);
    }
    if (test_full_scale()) {
        ck_assert_int_gt(exact_checked, count / 2);
        ck_assert_int_gt(proven_with_rule, 0);
    }
    mancala_search_free(s);
}
END_TEST

/* ---- a round of a match: closed pits and banks ---- */

/*
 * A round of a five-hole match where South holds 4 to 7 stones (pit 4
 * open, a bank of 0 to 3) and North the rest (every pit open, a bank of
 * 13 to 16), or the same with the seats exchanged (the table answers
 * turned round): `stones` on the board at random over the open pits,
 * the captures so far in fours.
 */
static mancala_game *random_round_position(int stones, int turned, uint64_t *rng)
{
    int pit[10] = {0};
    const int open[6] = {4, 5, 6, 7, 8, 9};
    for (int i = 0; i < stones; i++)
        pit[(open[mc_random_next(rng) % 6] + 5 * turned) % 10]++;
    const int bank = (int)(mc_random_next(rng) % 4), fours = (24 - stones) / 4;
    const int few = 4 * (int)(mc_random_next(rng) % (uint64_t)(fours + 1));
    char text[160];
    int len = snprintf(text, sizeof text, "rio-kadalis-5/");
    for (int p = 0; p < 10; p++) {
        const int closed = turned ? p >= 5 && p < 9 : p < 4;
        len += snprintf(text + len, sizeof text - (size_t)len, "%s", p ? "," : "");
        len += closed ? snprintf(text + len, sizeof text - (size_t)len, "x")
                      : snprintf(text + len, sizeof text - (size_t)len, "%d", pit[p]);
    }
    snprintf(text + len, sizeof text - (size_t)len, "/%c/%d,%d/%d/%d,%d",
             mc_random_next(rng) % 2 ? 'N' : 'S', turned ? 4 * fours - few : few,
             turned ? few : 4 * fours - few, 1 + (int)(mc_random_next(rng) % 9),
             turned ? 16 - bank : bank, turned ? bank : 16 - bank);
    return parse_ok(text);
}

/*
 * In a round of a match the search scores the round's end by the
 * players' scores, banks included (mancala_score()), and the table of the
 * round's closed pits answers with the same difference (its value plus
 * the captures and banks so far). So at the positions the table covers,
 * without the repetition rule (where every node is covered soundly), the
 * search must prove the table's exact value, turned round or not; and
 * with the rule, wherever the search without a table proves a value (it
 * saw every line to the end), the search with the table must prove the
 * same one.
 */
START_TEST(match_round_agrees_with_round_table)
{
    char path[64];
    snprintf(path, sizeof path, "test-search-round-%ld.table", (long)getpid());
    const int closed = mancala_round_closed_pits("rio-kadalis-5", 1, 5);
    ck_assert_int_eq(closed, 0xf);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, "rio-kadalis-5", (unsigned)closed, 16,
                                                      4, NULL, NULL),
                     MANCALA_OK);
    mancala_table *round;
    ck_assert_int_eq(mancala_table_open(&round, path), MANCALA_OK);
    remove(path);
    mancala_search *with = new_search(round), *without = new_search(NULL);
    ck_assert_int_eq(mancala_search_set_limit(with, MANCALA_LIMIT_NODES, 200000), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(without, MANCALA_LIMIT_NODES, 200000), MANCALA_OK);
    uint64_t rng = 23;
    int exact_checked = 0, both_proven = 0, banked = 0, searched = 0;
    const long count = test_scaled(200);
    for (long i = 0; i < count; i++) {
        const int turned = (int)(i % 2);
        mancala_game *g =
            random_round_position(4 * (1 + (int)(mc_random_next(&rng) % 4)), turned, &rng);
        if (mancala_is_over(g)) {
            mancala_free(g);
            continue;
        }
        int lo, hi;
        ck_assert_int_eq(mancala_table_value(round, g, &lo, &hi), MANCALA_OK);
        banked += mancala_bank(g, MANCALA_SOUTH) != mancala_bank(g, MANCALA_NORTH);
        searched++;

        ck_assert_int_eq(mancala_search_run(without, g), MANCALA_OK);
        ck_assert_int_eq(mancala_search_run(with, g), MANCALA_OK);
        if (mancala_search_exact(without)) {
            expect(mancala_search_exact(with), "not exact with the table: %s", fmt(g));
            expect(mancala_search_score(with) == mancala_search_score(without),
                   "%s: search with the table %d, without %d", fmt(g),
                   mancala_search_score(with), mancala_search_score(without));
            expect(lo <= mancala_search_score(with) && mancala_search_score(with) <= hi,
                   "%s: search %d outside [%d, %d]", fmt(g), mancala_search_score(with), lo, hi);
            both_proven++;
        }

        mancala_game *off = parse_ok(fmt(g));
        ck_assert_int_eq(mancala_set_option(off, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
        ck_assert_int_eq(mancala_search_run(with, off), MANCALA_OK);
        if (lo == hi) {
            expect(mancala_search_exact(with), "not exact: %s", fmt(off));
            expect(mancala_search_score(with) == lo, "%s: search %d, table %d", fmt(off),
                   mancala_search_score(with), lo);
            exact_checked++;
        }
        mancala_free(off);
        mancala_free(g);
    }
    ck_assert_int_eq(banked, searched);
    if (test_full_scale()) {
        ck_assert_int_gt(exact_checked, searched / 2);
        ck_assert_int_gt(both_proven, searched / 4);
    }
    mancala_search_free(with);
    mancala_search_free(without);
    mancala_table_close(round);
}
END_TEST

/* ---- where the table does not answer, and errors ---- */

/* Searches `g` with and without the table: the same move, score, depth
 * and node count, because the table answers for no position on the way. */
static void check_unaffected(const char *position, int depth)
{
    mancala_game *g = parse_ok(position);
    mancala_search *with = new_search(table), *without = new_search(NULL);
    ck_assert_int_eq(mancala_search_set_limit(with, MANCALA_LIMIT_DEPTH, depth), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(without, MANCALA_LIMIT_DEPTH, depth), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(with, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(without, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_best_move(with), mancala_search_best_move(without));
    ck_assert_int_eq(mancala_search_score(with), mancala_search_score(without));
    ck_assert_int_eq(mancala_search_depth(with), mancala_search_depth(without));
    ck_assert_uint_eq(mancala_search_nodes(with), mancala_search_nodes(without));
    mancala_search_free(with);
    mancala_search_free(without);
    mancala_free(g);
}

START_TEST(table_of_other_positions_changes_nothing)
{
    check_unaffected("modiar/0,2,3,0,2,4/S/13,18/20", 6);               /* other rules */
    check_unaffected("rio-kadalis-5/1,0,2,0,1,0,3,0,1,0/S/16,16/9/0,0", 6); /* other board */
    check_unaffected("rio-kadalis/x,1,0,2,0,1,0,3,0,1,0,0/N/20,20/9/0,0", 6); /* a closed pit */
    check_unaffected("rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", 5); /* 48 stones */
}
END_TEST

START_TEST(set_table_errors)
{
    ck_assert_int_eq(mancala_search_set_table(NULL, table), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_set_table(NULL, NULL), MANCALA_E_INVALID);

    /* Removing the table restores the search without one, and the same
     * inputs give the same answer. */
    mancala_game *g = parse_ok("rio-kadalis/0,1,0,2,0,1,0,3,0,1,0,0/N/20,20/9/0,0");
    mancala_search *s = new_search(table), *plain = new_search(NULL);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 6), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(plain, MANCALA_LIMIT_DEPTH, 6), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    const uint64_t nodes = mancala_search_nodes(s);
    const int score = mancala_search_score(s);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_uint_eq(mancala_search_nodes(s), nodes);
    ck_assert_int_eq(mancala_search_score(s), score);
    ck_assert_int_eq(mancala_search_run(plain, g), MANCALA_OK);
    ck_assert_uint_ne(mancala_search_nodes(plain), nodes);
    ck_assert_int_eq(mancala_search_set_table(s, NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_uint_eq(mancala_search_nodes(s), mancala_search_nodes(plain));
    ck_assert_int_eq(mancala_search_score(s), mancala_search_score(plain));
    mancala_search_free(s);
    mancala_search_free(plain);
    mancala_free(g);
}
END_TEST

static Suite *search_table_suite(void)
{
    Suite *s = suite_create("search-table");
    TCase *tc = tcase_create("search-table");
    tcase_add_unchecked_fixture(tc, solve_table, remove_table);
    tcase_add_test(tc, small_endgames_match_brute_force);
    tcase_add_test(tc, larger_endgames_agree_with_table);
    tcase_add_test(tc, match_round_agrees_with_round_table);
    tcase_add_test(tc, table_of_other_positions_changes_nothing);
    tcase_add_test(tc, set_table_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(search_table_suite());
}

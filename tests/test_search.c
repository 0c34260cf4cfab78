/*
 * The research engine: alpha-beta search checked against a brute-force
 * minimax written here (over mancala_clone(), so it sees the same history
 * and repetition rule), its limits, principal variation, determinism and
 * evaluation callback; Monte Carlo tree search; error handling; two
 * searches running in two threads.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep, sigaction, setitimer */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/time.h>
#include <time.h>

#include "brute_force.h"
#include "helpers.h"

/* ---- shared by the tests below ---- */

static mancala_search *new_search(size_t table_bytes, int depth)
{
    mancala_search *s = NULL;
    ck_assert_int_eq(mancala_search_new(&s, table_bytes), MANCALA_OK);
    ck_assert_ptr_nonnull(s);
    if (depth)
        ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, depth), MANCALA_OK);
    return s;
}

/*
 * Replays the principal variation on a copy of `g`: every move must be
 * legal, the first is the best move, and the line ends where the score
 * comes from: at the end of the game (final difference) or at the search
 * depth (the evaluation), with the root mover's sign.
 */
static void check_pv(const mancala_search *s, const mancala_game *g, mancala_eval_fn eval, void *opaque)
{
    int pv[256];
    int len = mancala_search_pv(s, pv, 256);
    ck_assert_int_ge(len, 1);
    ck_assert_int_le(len, mancala_search_depth(s));
    ck_assert_int_eq(pv[0], mancala_search_best_move(s));
    mancala_game *c;
    ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
    int root_mover = mancala_to_move(c);
    for (int i = 0; i < len; i++) {
        ck_assert_int_eq(mancala_is_over(c), 0);
        play_ok(c, pv[i]);
    }
    int sign = mancala_to_move(c) == root_mover ? 1 : -1;
    if (mancala_is_over(c)) {
        ck_assert_int_eq(sign * final_difference(c), mancala_search_score(s));
    } else {
        ck_assert_int_eq(len, mancala_search_depth(s));
        ck_assert_int_eq(mancala_search_exact(s), 0);
        int leaf = eval ? eval(c, opaque) : mancala_evaluate(c);
        ck_assert_int_eq(sign * leaf, mancala_search_score(s));
    }
    mancala_free(c);
}

/* Searches `g` to the end and checks the score, the best move and the
 * principal variation against brute force. */
static void check_exact(mancala_search *s, const mancala_game *g)
{
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_msg(mancala_search_exact(s), "not exact: %s", fmt(g));
    int value = brute_value(g);
    ck_assert_msg(mancala_search_score(s) == value, "%s: search %d, brute force %d", fmt(g),
                  mancala_search_score(s), value);
    /* The best move really is worth the score. */
    mancala_game *c;
    ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
    play_ok(c, mancala_search_best_move(s));
    ck_assert_int_eq(-brute_value(c), value);
    mancala_free(c);
    check_pv(s, g, NULL, NULL);
}

/* A small generator for the tests' own random choices. */
static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    return *state >> 33;
}

static int stones_on_board(const mancala_game *g)
{
    int sum = 0;
    for (int p = 0; p < mancala_num_pits(g); p++)
        sum += mancala_pit(g, p);
    return sum;
}

/* Plays random moves from the start of Modiar until at most `stones`
 * remain on the board, keeping the history; NULL if the game ended first. */
static mancala_game *random_modiar_endgame(int stones, uint64_t *rng)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    while (!mancala_is_over(g) && stones_on_board(g) > stones) {
        int moves[MANCALA_MAX_PITS];
        int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        play_ok(g, moves[next_random(rng) % (uint64_t)count]);
    }
    if (mancala_is_over(g)) {
        mancala_free(g);
        return NULL;
    }
    return g;
}

/*
 * A random Rio Kadalis endgame small enough for brute force: with the
 * repetition rule, lines of singletons chasing each other round an open
 * board are too many to enumerate, so only each player's two highest pits
 * are open, holding 2 to 8 stones; a few random moves then give it a
 * history. NULL if the game ended.
 */
static mancala_game *random_rio_kadalis_endgame(uint64_t *rng)
{
    static const char *const rules[] = {"rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw"};
    const char *name = rules[next_random(rng) % 3];
    const int n = strstr(name, "-5") ? 5 : 6;
    const int stones = 2 + (int)(next_random(rng) % 7);
    int pit[MANCALA_MAX_PITS] = {0};
    const int open[4] = {n - 2, n - 1, 2 * n - 2, 2 * n - 1};
    for (int i = 0; i < stones; i++)
        pit[open[next_random(rng) % 4]]++;
    char text[128];
    int len = snprintf(text, sizeof text, "%s/", name);
    for (int p = 0; p < 2 * n; p++) {
        int is_open = p == open[0] || p == open[1] || p == open[2] || p == open[3];
        if (is_open)
            len += snprintf(text + len, sizeof text - (size_t)len, "%d,", pit[p]);
        else
            len += snprintf(text + len, sizeof text - (size_t)len, "x,");
    }
    const int rest = 8 * n - stones;
    snprintf(text + len - 1, sizeof text - (size_t)len + 1, "/%c/%d,%d/10/0,0",
             next_random(rng) % 2 ? 'N' : 'S', rest / 2, rest - rest / 2);
    mancala_game *g = parse_ok(text);
    for (int plies = (int)(next_random(rng) % 5); plies > 0 && !mancala_is_over(g); plies--) {
        int moves[MANCALA_MAX_PITS];
        int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        play_ok(g, moves[next_random(rng) % (uint64_t)count]);
    }
    if (mancala_is_over(g)) {
        mancala_free(g);
        return NULL;
    }
    return g;
}

/* ---- exact answers ---- */

START_TEST(rules_positions_exact)
{
    /* Endgames of RULES.md's worked examples (M4 to M6) and small
     * hand-made ones; the Rio Kadalis ones have few open pits, so that
     * brute force can list every line. */
    static const char *const positions[] = {
        "modiar/0,3,1,1,2,5/S/10,20/9",         /* M4 */
        "modiar/0,0,0,2,4,10/N/18,8/19",        /* M5 */
        "modiar/0,0,0,2,1,1/N/12,26/27",        /* M6 */
        "modiar/0,2,3,0,2,4/S/13,18/20",
        "modiar/2,2,2,2,2,2/S/15,15/30",
        "rio-kadalis/x,x,x,x,3,1,x,x,x,x,1,1/S/20,20/0/1,1",
        "rio-kadalis/x,x,x,x,5,2,x,x,x,x,0,1/N/10,20/0/5,5",
        "rio-kadalis-5/x,x,x,2,1,x,x,x,0,3/S/16,16/7/1,1",
        "rio-kadalis-cw/x,x,x,x,2,2,x,x,x,x,1,2/N/20,21/12/0,0",
    };
    mancala_search *s = new_search(0, 0);
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        mancala_game *g = parse_ok(positions[i]);
        check_exact(s, g);
        mancala_free(g);
    }
    mancala_search_free(s);

    /* M4 by hand: South's only move 1 captures 4; North's 4 then takes 6
     * and South is left with singletons: South 14 + 1, North 26 + 1. */
    mancala_game *g = parse_ok("modiar/0,3,1,1,2,5/S/10,20/9");
    s = new_search(0, 0);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_best_move(s), 1);
    ck_assert_int_eq(mancala_search_score(s), 15 - 27);
    int pv[8];
    ck_assert_int_eq(mancala_search_pv(s, pv, 8), 2);
    ck_assert_int_eq(pv[0], 1);
    ck_assert_int_eq(pv[1], 4);
    mancala_search_free(s);
    mancala_free(g);
}
END_TEST

/*
 * Random endgames reached by play, history included, so the repetition
 * rule depends on the path: the search must agree with brute force with
 * the history and without it (the same position parsed afresh), with the
 * default table and with a table of two entries. If `history_must_matter`,
 * the sample must hold positions whose value the history changes.
 */
static void random_endgames(mancala_game *(*make)(uint64_t *rng), int count, uint64_t seed,
                            int history_must_matter)
{
    mancala_search *big = new_search(0, 0), *tiny = new_search(1, 0);
    uint64_t rng = seed;
    int checked = 0, history_mattered = 0;
    while (checked < count) {
        mancala_game *g = make(&rng);
        if (!g)
            continue;
        mancala_game *fresh = parse_ok(fmt(g));
        check_exact(big, g);
        int with_history = mancala_search_score(big);
        check_exact(tiny, g);
        ck_assert_int_eq(mancala_search_score(tiny), with_history);
        check_exact(big, fresh);
        history_mattered += mancala_search_score(big) != with_history;
        check_exact(tiny, fresh);
        mancala_free(fresh);
        mancala_free(g);
        checked++;
    }
    if (history_must_matter)
        ck_assert_int_gt(history_mattered, 0);
    mancala_search_free(big);
    mancala_search_free(tiny);
}

static mancala_game *modiar_endgame_18(uint64_t *rng)
{
    return random_modiar_endgame(18, rng);
}

/* Modiar endgames with few stones rarely cycle (captures come quickly),
 * so only Rio Kadalis is required to show the history changing a value. */
START_TEST(modiar_endgames_match_brute_force)
{
    random_endgames(modiar_endgame_18, 500, 11, 0);
}
END_TEST

START_TEST(rio_kadalis_endgames_match_brute_force)
{
    random_endgames(random_rio_kadalis_endgame, 500, 12, 1);
}
END_TEST

/* ---- limits, determinism, the principal variation ---- */

START_TEST(same_inputs_same_answer)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    play_ok(g, 2);
    play_ok(g, 8);
    char before[256];
    snprintf(before, sizeof before, "%s", fmt(g));
    mancala_search *a = new_search(1 << 20, 6), *b = new_search(1 << 20, 6);
    ck_assert_int_eq(mancala_search_run(a, g), MANCALA_OK);
    /* b first searches something else: its table must not matter. */
    mancala_game *other;
    ck_assert_int_eq(mancala_new(&other, "rio-kadalis"), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(b, other), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(b, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_best_move(a), mancala_search_best_move(b));
    ck_assert_int_eq(mancala_search_score(a), mancala_search_score(b));
    ck_assert_int_eq(mancala_search_depth(a), 6);
    ck_assert_int_eq(mancala_search_depth(b), 6);
    ck_assert_uint_eq(mancala_search_nodes(a), mancala_search_nodes(b));
    int pa[16], pb[16];
    int la = mancala_search_pv(a, pa, 16), lb = mancala_search_pv(b, pb, 16);
    ck_assert_int_eq(la, lb);
    for (int i = 0; i < la; i++)
        ck_assert_int_eq(pa[i], pb[i]);
    check_pv(a, g, NULL, NULL);
    /* The searched game is untouched. */
    ck_assert_str_eq(fmt(g), before);
    ck_assert_int_eq(mancala_history_length(g), 2);
    mancala_search_free(a);
    mancala_search_free(b);
    mancala_free(other);
    mancala_free(g);
}
END_TEST

START_TEST(depth_limit)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    mancala_search *s = new_search(0, 0);
    uint64_t previous = 0;
    for (int depth = 1; depth <= 10; depth++) {
        ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, depth), MANCALA_OK);
        ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
        ck_assert_int_eq(mancala_search_depth(s), depth);
        ck_assert_int_eq(mancala_search_exact(s), 0);
        ck_assert_uint_gt(mancala_search_nodes(s), previous);
        previous = mancala_search_nodes(s);
        check_pv(s, g, NULL, NULL);
    }
    /* Depth 1 by hand: the best of South's three first moves by the
     * evaluation of the position it leads to (North to move). */
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    int best = -100;
    for (int m = 0; m < 3; m++) {
        mancala_game *c;
        ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
        play_ok(c, m);
        if (-mancala_evaluate(c) > best)
            best = -mancala_evaluate(c);
        mancala_free(c);
    }
    ck_assert_int_eq(mancala_search_score(s), best);
    ck_assert_uint_eq(mancala_search_nodes(s), 4);
    mancala_search_free(s);
    mancala_free(g);
}
END_TEST

START_TEST(node_and_time_limits)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    mancala_search *s = new_search(0, 0), *d = new_search(0, 0);

    /* A node limit stops between or inside iterations; the answer is the
     * last completed iteration, the same as a search to that depth. */
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_NODES, 5000), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    int depth = mancala_search_depth(s);
    ck_assert_int_gt(depth, 1);
    ck_assert_int_lt(depth, 64);
    ck_assert_uint_ge(mancala_search_nodes(s), 5000);
    ck_assert_uint_lt(mancala_search_nodes(s), 5100);
    ck_assert_int_eq(mancala_search_set_limit(d, MANCALA_LIMIT_DEPTH, depth), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(d, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_best_move(s), mancala_search_best_move(d));
    ck_assert_int_eq(mancala_search_score(s), mancala_search_score(d));
    ck_assert_uint_lt(mancala_search_nodes(d), mancala_search_nodes(s));
    check_pv(s, g, NULL, NULL);

    /* The first iteration always completes, whatever the limits. */
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_NODES, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_depth(s), 1);
    ck_assert_uint_eq(mancala_search_nodes(s), 4);

    /* Limits combine: the first reached stops the search. */
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_NODES, 1000000000), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 3), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_depth(s), 3);

    /* A time limit ends a search that would otherwise go to depth 128
     * (deeper requests are clamped) from the start of Modiar, which no
     * machine finishes. */
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_NODES, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 1000000), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_TIME_MS, 30), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_ge(mancala_search_depth(s), 1);
    ck_assert_int_lt(mancala_search_depth(s), 128);
    ck_assert_int_eq(mancala_search_exact(s), 0);
    check_pv(s, g, NULL, NULL);

    /* Bad limits are refused and change nothing. */
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, -3), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_NODES, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_TIME_MS, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, 0, 5), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, 4, 5), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_TIME_MS, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 2), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_depth(s), 2);

    mancala_search_free(s);
    mancala_search_free(d);
    mancala_free(g);
}
END_TEST

START_TEST(exact_search_stops_early)
{
    /* With every line ending within a few plies the search proves the
     * score and stops deepening long before the default 64 plies. */
    mancala_game *g = parse_ok("modiar/0,0,0,2,1,1/N/12,26/27");
    mancala_search *s = new_search(0, 0);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_exact(s), 1);
    ck_assert_int_le(mancala_search_depth(s), 2);
    /* M6: North's 3 is the only move and ends the game: North 28 + 2,
     * South 12. */
    ck_assert_int_eq(mancala_search_best_move(s), 3);
    ck_assert_int_eq(mancala_search_score(s), 30 - 12);
    mancala_search_free(s);
    mancala_free(g);
}
END_TEST

/* ---- the evaluation ---- */

START_TEST(evaluation_function)
{
    /* (captured + bank + own row) of the mover minus the opponent's. */
    mancala_game *g = parse_ok("modiar/12,2,11,11,2,4/S/0,0/4");
    ck_assert_int_eq(mancala_evaluate(g), 25 - 17);
    mancala_free(g);
    g = parse_ok("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/N/0,0/0/2,6");
    ck_assert_int_eq(mancala_evaluate(g), (6 + 20) - (2 + 12));
    mancala_free(g);
    g = parse_ok("rio-kadalis/0,0,0,0,0,3,3,0,0,0,0,2/S/20,20/30/0,0");
    ck_assert_int_eq(mancala_evaluate(g), 23 - 25);
    mancala_free(g);
    /* At the end it is the final difference. */
    g = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    ck_assert_int_eq(mancala_is_over(g), 1);
    ck_assert_int_eq(mancala_evaluate(g), 22 - 20);
    mancala_free(g);
    ck_assert_int_eq(mancala_evaluate(NULL), 0);
}
END_TEST

/* A caller's evaluation: only the stones in the mover's own pit 0 or n,
 * counting the calls through the opaque pointer. */
static int first_pit_eval(const mancala_game *g, void *opaque)
{
    (*(int *)opaque)++;
    int n = mancala_num_pits(g) / 2;
    return mancala_pit(g, mancala_to_move(g) * n);
}

START_TEST(evaluation_callback)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    mancala_search *s = new_search(0, 1);
    int calls = 0;
    ck_assert_int_eq(mancala_search_set_eval(s, first_pit_eval, &calls), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(calls, 6);
    /* Depth 1 by hand: the best of minus North's pit 6 after each move. */
    int best = -1000, best_move = -1, dummy = 0;
    for (int m = 0; m < 6; m++) {
        mancala_game *c;
        ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
        play_ok(c, m);
        int v = mancala_is_over(c) ? final_difference(c) : -first_pit_eval(c, &dummy);
        if (v > best) {
            best = v;
            best_move = m;
        }
        mancala_free(c);
    }
    ck_assert_int_eq(mancala_search_score(s), best);
    ck_assert_int_eq(mancala_search_best_move(s), best_move);

    /* Deeper, the principal variation ends on the callback's value. */
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 4), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    check_pv(s, g, first_pit_eval, &dummy);

    /* NULL restores the library's evaluation. */
    mancala_search *d = new_search(0, 4);
    ck_assert_int_eq(mancala_search_set_eval(s, NULL, NULL), MANCALA_OK);
    calls = 0;
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(d, g), MANCALA_OK);
    ck_assert_int_eq(calls, 0);
    ck_assert_int_eq(mancala_search_score(s), mancala_search_score(d));
    ck_assert_uint_eq(mancala_search_nodes(s), mancala_search_nodes(d));
    mancala_search_free(s);
    mancala_search_free(d);
    mancala_free(g);
}
END_TEST

/* ---- errors ---- */

START_TEST(search_errors)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    mancala_search *s = NULL;
    int pv[4] = {-1, -1, -1, -1};

    ck_assert_int_eq(mancala_search_new(NULL, 0), MANCALA_E_INVALID);
    mancala_search_free(NULL);
    ck_assert_int_eq(mancala_search_set_limit(NULL, MANCALA_LIMIT_DEPTH, 3), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_set_eval(NULL, first_pit_eval, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_run(NULL, g), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_best_move(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_score(NULL), 0);
    ck_assert_int_eq(mancala_search_depth(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_exact(NULL), MANCALA_E_INVALID);
    ck_assert_uint_eq(mancala_search_nodes(NULL), 0);
    ck_assert_int_eq(mancala_search_pv(NULL, pv, 4), MANCALA_E_INVALID);

    /* Before any search: no results. */
    s = new_search(0, 3);
    ck_assert_int_eq(mancala_search_run(s, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_best_move(s), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_search_score(s), 0);
    ck_assert_int_eq(mancala_search_depth(s), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_search_exact(s), 0);
    ck_assert_uint_eq(mancala_search_nodes(s), 0);
    ck_assert_int_eq(mancala_search_pv(s, pv, 4), MANCALA_E_STATE);

    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    int best = mancala_search_best_move(s), score = mancala_search_score(s);
    uint64_t nodes = mancala_search_nodes(s);
    ck_assert_int_eq(mancala_search_pv(s, NULL, 4), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_pv(s, NULL, 0), 3);
    /* A short buffer gets the start of the variation, as snprintf(). */
    ck_assert_int_eq(mancala_search_pv(s, pv, 1), 3);
    ck_assert_int_eq(pv[0], best);
    ck_assert_int_eq(pv[1], -1);

    /* Searching an over position fails and keeps the last results. */
    mancala_game *over = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    ck_assert_int_eq(mancala_search_run(s, over), MANCALA_E_OVER);
    ck_assert_int_eq(mancala_search_best_move(s), best);
    ck_assert_int_eq(mancala_search_score(s), score);
    ck_assert_uint_eq(mancala_search_nodes(s), nodes);
    ck_assert_int_eq(mancala_search_depth(s), 3);

    /* The smallest table still works. */
    mancala_search *tiny = NULL;
    ck_assert_int_eq(mancala_search_new(&tiny, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(tiny, MANCALA_LIMIT_DEPTH, 3), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(tiny, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_score(tiny), score);
    ck_assert_int_eq(mancala_search_best_move(tiny), best);
    mancala_search_free(tiny);

    /* MCTS. */
    int move = -7;
    ck_assert_int_eq(mancala_mcts(NULL, 1, 10, &move), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts(g, 1, 10, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts(g, 1, 0, &move), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts(g, 1, -5, &move), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts(over, 1, 10, &move), MANCALA_E_OVER);
    ck_assert_int_eq(move, -7);

    ck_assert_str_eq(fmt(g), "modiar/7,7,7,7,7,7/S/0,0/0");
    mancala_free(over);
    mancala_search_free(s);
    mancala_free(g);
}
END_TEST

/* An allocator that fails once its budget of allocations is spent. */
static void *budget_alloc(void *opaque, void *ptr, size_t size)
{
    int *budget = opaque;
    if (size == 0) {
        free(ptr);
        return NULL;
    }
    if (*budget <= 0)
        return NULL;
    (*budget)--;
    return realloc(ptr, size);
}

START_TEST(out_of_memory_keeps_results)
{
    /* The search copies the game with the game's own allocator. */
    int budget = 1000;
    mancala_game *g = NULL;
    ck_assert_int_eq(mancala_new_with_allocator(&g, "modiar", budget_alloc, &budget), MANCALA_OK);
    mancala_search *s = new_search(0, 4);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    int best = mancala_search_best_move(s), score = mancala_search_score(s);
    play_ok(g, best);
    budget = 0;
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_E_NOMEM);
    ck_assert_int_eq(mancala_search_best_move(s), best);
    ck_assert_int_eq(mancala_search_score(s), score);
    ck_assert_int_eq(mancala_search_depth(s), 4);
    int move = -7;
    ck_assert_int_eq(mancala_mcts(g, 1, 100, &move), MANCALA_E_NOMEM);
    ck_assert_int_eq(move, -7);
    /* With memory again, all is well. */
    budget = 1000;
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts(g, 1, 100, &move), MANCALA_OK);
    ck_assert_int_ge(move, 3);
    ck_assert_int_le(move, 5);
    mancala_search_free(s);
    mancala_free(g);
}
END_TEST

/* ---- Monte Carlo tree search ---- */

START_TEST(mcts_finds_the_winning_move)
{
    /* South's 1 leaves North only singletons: the game ends 23-19. South's
     * 2 loses by 2 with best play. Brute force confirms that exactly one
     * move wins. */
    mancala_game *g = parse_ok("modiar/0,2,4,1,1,0/S/17,17/30");
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    ck_assert_int_ge(count, 2);
    int winning = -1, winners = 0;
    for (int i = 0; i < count; i++) {
        mancala_game *c;
        ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
        play_ok(c, moves[i]);
        if (-brute_value(c) > 0) {
            winning = moves[i];
            winners++;
        }
        mancala_free(c);
    }
    ck_assert_int_eq(winners, 1);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        int move = -1;
        ck_assert_int_eq(mancala_mcts(g, seed, 2000, &move), MANCALA_OK);
        ck_assert_int_eq(move, winning);
    }
    ck_assert_str_eq(fmt(g), "modiar/0,2,4,1,1,0/S/17,17/30");
    mancala_free(g);
}
END_TEST

START_TEST(mcts_is_deterministic)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    play_ok(g, 3);
    for (uint64_t seed = 0; seed < 12; seed++) {
        int a = -1, b = -1;
        ck_assert_int_eq(mancala_mcts(g, seed, 300, &a), MANCALA_OK);
        ck_assert_int_eq(mancala_mcts(g, seed, 300, &b), MANCALA_OK);
        ck_assert_int_eq(a, b);
        ck_assert_int_ge(a, 6);
        ck_assert_int_le(a, 11);
    }
    /* A single playout only expands the lowest legal move. */
    int moves[MANCALA_MAX_PITS], one = -1;
    ck_assert_int_gt(mancala_legal_moves(g, moves, MANCALA_MAX_PITS), 1);
    ck_assert_int_eq(mancala_mcts(g, 99, 1, &one), MANCALA_OK);
    ck_assert_int_eq(one, moves[0]);
    ck_assert_int_eq(mancala_history_length(g), 1);
    mancala_free(g);
}
END_TEST

/* ---- re-entrancy ---- */

struct search_job {
    const char *position;
    int depth;
    int best_move, score;
    uint64_t nodes;
};

static void run_job(struct search_job *job)
{
    mancala_game *g = NULL;
    mancala_search *s = NULL;
    job->best_move = -100;
    if (mancala_parse(&g, job->position, NULL, 0) || mancala_search_new(&s, 1 << 20) ||
        mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, job->depth) || mancala_search_run(s, g)) {
        mancala_search_free(s);
        mancala_free(g);
        return;
    }
    job->best_move = mancala_search_best_move(s);
    job->score = mancala_search_score(s);
    job->nodes = mancala_search_nodes(s);
    mancala_search_free(s);
    mancala_free(g);
}

static void *search_thread(void *arg)
{
    run_job(arg);
    return NULL;
}

START_TEST(searches_in_two_threads)
{
    struct search_job jobs[2] = {
        {"modiar/7,7,7,7,7,7/S/0,0/0", 14, 0, 0, 0},
        {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", 6, 0, 0, 0},
    };
    struct search_job alone[2] = {jobs[0], jobs[1]};
    for (int round = 0; round < 3; round++) {
        pthread_t threads[2];
        for (int i = 0; i < 2; i++)
            ck_assert_int_eq(pthread_create(&threads[i], NULL, search_thread, &jobs[i]), 0);
        for (int i = 0; i < 2; i++)
            ck_assert_int_eq(pthread_join(threads[i], NULL), 0);
        for (int i = 0; i < 2; i++) {
            run_job(&alone[i]);
            ck_assert_int_ge(jobs[i].best_move, 0);
            ck_assert_int_eq(jobs[i].best_move, alone[i].best_move);
            ck_assert_int_eq(jobs[i].score, alone[i].score);
            ck_assert_uint_eq(jobs[i].nodes, alone[i].nodes);
        }
    }
}
END_TEST

/* ---- cancelling a run: from another thread, from a signal handler ---- */

/* A search that would take hours: Rio Kadalis, 128 plies, no other limit. */
static mancala_search *endless_search(mancala_game **g)
{
    ck_assert_int_eq(mancala_new(g, "rio-kadalis"), MANCALA_OK);
    return new_search(1 << 20, 128);
}

/* A stopped run keeps its last completed iteration: the same results as
 * a run limited to that depth (every run starts afresh). */
static void check_same_as_depth(mancala_search *stopped, const mancala_game *g)
{
    const int depth = mancala_search_depth(stopped);
    ck_assert_int_ge(depth, 1);
    ck_assert_int_lt(depth, 128);
    mancala_search *ref = new_search(1 << 20, depth);
    ck_assert_int_eq(mancala_search_run(ref, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_best_move(stopped), mancala_search_best_move(ref));
    ck_assert_int_eq(mancala_search_score(stopped), mancala_search_score(ref));
    int a[128], b[128];
    const int la = mancala_search_pv(stopped, a, 128), lb = mancala_search_pv(ref, b, 128);
    ck_assert_int_eq(la, lb);
    for (int i = 0; i < la; i++)
        ck_assert_int_eq(a[i], b[i]);
    mancala_search_free(ref);
}

START_TEST(cancel_without_a_run_does_nothing)
{
    mancala_game *g;
    mancala_search *s = new_search(1 << 20, 4);
    ck_assert_int_eq(mancala_search_cancel(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_cancel(s), 0);
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    /* The cancel before the run is not kept for it. */
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_depth(s), 4);
    ck_assert_int_eq(mancala_search_cancel(s), 0);
    ck_assert_str_eq(mancala_strerror(MANCALA_STOPPED), "stopped by a cancel call");
    mancala_search_free(s);
    mancala_free(g);
}
END_TEST

struct canceller {
    mancala_search *search;
    atomic_int done; /* the run has returned */
    int under_way;   /* what the first successful cancel returned */
};

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Cancels after 100 ms, and again until the run has returned (the run may
 * not have started when the first cancel comes: that one does nothing). */
static void *cancel_later(void *arg)
{
    struct canceller *c = arg;
    sleep_ms(100);
    while (!atomic_load(&c->done)) {
        if (mancala_search_cancel(c->search) == 1)
            c->under_way = 1;
        sleep_ms(5);
    }
    return NULL;
}

START_TEST(cancel_from_another_thread)
{
    mancala_game *g;
    struct canceller c = {endless_search(&g), 0, 0};
    atomic_init(&c.done, 0);
    pthread_t thread;
    ck_assert_int_eq(pthread_create(&thread, NULL, cancel_later, &c), 0);
    const int status = mancala_search_run(c.search, g);
    atomic_store(&c.done, 1);
    ck_assert_int_eq(pthread_join(thread, NULL), 0);
    ck_assert_int_eq(status, MANCALA_STOPPED);
    ck_assert_int_eq(c.under_way, 1);
    check_same_as_depth(c.search, g);
    check_pv(c.search, g, NULL, NULL);
    /* The searcher runs normally afterwards. */
    ck_assert_int_eq(mancala_search_set_limit(c.search, MANCALA_LIMIT_DEPTH, 3), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(c.search, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_depth(c.search), 3);
    mancala_search_free(c.search);
    mancala_free(g);
}
END_TEST

static mancala_search *signalled;
static volatile sig_atomic_t signal_answer = -1;

static void on_alarm(int signo)
{
    (void)signo;
    signal_answer = (sig_atomic_t)mancala_search_cancel(signalled);
}

START_TEST(cancel_from_a_signal_handler)
{
    mancala_game *g;
    signalled = endless_search(&g);
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_alarm;
    sigemptyset(&action.sa_mask);
    ck_assert_int_eq(sigaction(SIGALRM, &action, &previous), 0);
    /* The alarm rings every 100 ms until the run has returned. */
    struct itimerval timer = {{0, 100000}, {0, 100000}}, off = {{0, 0}, {0, 0}};
    ck_assert_int_eq(setitimer(ITIMER_REAL, &timer, NULL), 0);
    const int status = mancala_search_run(signalled, g);
    setitimer(ITIMER_REAL, &off, NULL);
    sigaction(SIGALRM, &previous, NULL);
    ck_assert_int_eq(status, MANCALA_STOPPED);
    ck_assert_int_eq(signal_answer, 1);
    check_same_as_depth(signalled, g);
    mancala_search_free(signalled);
    mancala_free(g);
}
END_TEST

static Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, rules_positions_exact);
    tcase_add_test(tc, modiar_endgames_match_brute_force);
    tcase_add_test(tc, rio_kadalis_endgames_match_brute_force);
    tcase_add_test(tc, same_inputs_same_answer);
    tcase_add_test(tc, depth_limit);
    tcase_add_test(tc, node_and_time_limits);
    tcase_add_test(tc, exact_search_stops_early);
    tcase_add_test(tc, evaluation_function);
    tcase_add_test(tc, evaluation_callback);
    tcase_add_test(tc, search_errors);
    tcase_add_test(tc, out_of_memory_keeps_results);
    tcase_add_test(tc, mcts_finds_the_winning_move);
    tcase_add_test(tc, mcts_is_deterministic);
    tcase_add_test(tc, searches_in_two_threads);
    suite_add_tcase(s, tc);
    TCase *cancel = tcase_create("cancel");
    tcase_set_timeout(cancel, 600);
    tcase_add_test(cancel, cancel_without_a_run_does_nothing);
    tcase_add_test(cancel, cancel_from_another_thread);
    tcase_add_test(cancel, cancel_from_a_signal_handler);
    suite_add_tcase(s, cancel);
    return s;
}

int main(void)
{
    return run_suite(search_suite());
}

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
#include "core/random.h"
#include "helpers.h"

/* ---- shared by the tests below ---- */

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

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
        play_ok(g, moves[mc_random_next(rng) % (uint64_t)count]);
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
    const char *name = rules[mc_random_next(rng) % 3];
    const int n = strstr(name, "-5") ? 5 : 6;
    const int stones = 2 + (int)(mc_random_next(rng) % 7);
    int pit[MANCALA_MAX_PITS] = {0};
    const int open[4] = {n - 2, n - 1, 2 * n - 2, 2 * n - 1};
    for (int i = 0; i < stones; i++)
        pit[open[mc_random_next(rng) % 4]]++;
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
             mc_random_next(rng) % 2 ? 'N' : 'S', rest / 2, rest - rest / 2);
    mancala_game *g = parse_ok(text);
    for (int plies = (int)(mc_random_next(rng) % 5); plies > 0 && !mancala_is_over(g); plies--) {
        int moves[MANCALA_MAX_PITS];
        int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        play_ok(g, moves[mc_random_next(rng) % (uint64_t)count]);
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

/* What a progress function was told, a call a row. */
struct progress_log {
    mancala_search *search;
    int calls, cancel_at, busy;
    int depth[16], score[16], exact[16], pv_len[16], pv[16][32];
    uint64_t nodes[16];
};

static void log_progress(void *opaque, int depth, int score, int exact, uint64_t nodes,
                         const int *pv, int pv_len)
{
    struct progress_log *log = opaque;
    const int i = log->calls++;
    ck_assert_int_lt(i, 16);
    ck_assert_int_ge(pv_len, 1);
    ck_assert_int_le(pv_len, 32);
    log->depth[i] = depth;
    log->score[i] = score;
    log->exact[i] = exact;
    log->nodes[i] = nodes;
    log->pv_len[i] = pv_len;
    memcpy(log->pv[i], pv, (size_t)pv_len * sizeof *pv);
    /* The searcher's settings are busy during the run. */
    log->busy = mancala_search_set_progress(log->search, NULL, NULL);
    if (depth == log->cancel_at)
        ck_assert_int_eq(mancala_search_cancel(log->search), 1);
}

/* Each completed iteration is reported, in order, with what a run to that
 * depth alone returns; a cancel from it stops the run there; a level's
 * search reports nothing. */
START_TEST(progress_reports_each_depth)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    mancala_search *s = new_search(0, 0);
    struct progress_log log = {.search = s};
    ck_assert_int_eq(mancala_search_set_progress(NULL, log_progress, &log), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_set_progress(s, log_progress, &log), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 7), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(log.calls, 7);
    ck_assert_int_eq(log.busy, MANCALA_E_BUSY);
    /* The last call is the run's result. */
    int pv[32];
    ck_assert_int_eq(mancala_search_pv(s, pv, 32), log.pv_len[6]);
    ck_assert_mem_eq(pv, log.pv[6], (size_t)log.pv_len[6] * sizeof *pv);
    ck_assert_int_eq(mancala_search_score(s), log.score[6]);
    ck_assert_uint_eq(mancala_search_nodes(s), log.nodes[6]);
    ck_assert_int_eq(mancala_search_best_move(s), log.pv[6][0]);
    /* Each call as a run to its depth alone. */
    ck_assert_int_eq(mancala_search_set_progress(s, NULL, NULL), MANCALA_OK);
    for (int d = 1; d <= 7; d++) {
        ck_assert_int_eq(log.depth[d - 1], d);
        ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, d), MANCALA_OK);
        ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
        ck_assert_int_eq(mancala_search_score(s), log.score[d - 1]);
        ck_assert_int_eq(mancala_search_exact(s), log.exact[d - 1]);
        ck_assert_uint_eq(mancala_search_nodes(s), log.nodes[d - 1]);
        ck_assert_int_eq(mancala_search_pv(s, pv, 32), log.pv_len[d - 1]);
        ck_assert_mem_eq(pv, log.pv[d - 1], (size_t)log.pv_len[d - 1] * sizeof *pv);
    }
    /* A cancel from the third report: the run stops with depth 3. */
    struct progress_log stop = {.search = s, .cancel_at = 3};
    ck_assert_int_eq(mancala_search_set_progress(s, log_progress, &stop), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 7), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_STOPPED);
    ck_assert_int_eq(stop.calls, 3);
    ck_assert_int_eq(mancala_search_depth(s), 3);
    ck_assert_int_eq(mancala_search_score(s), log.score[2]);
    /* A level's search is not reported. */
    struct progress_log level = {.search = s};
    ck_assert_int_eq(mancala_search_set_progress(s, log_progress, &level), MANCALA_OK);
    ck_assert_int_ge(mancala_search_level_move(s, g, 10, 1), 0);
    ck_assert_int_eq(level.calls, 0);
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

#define MCTS_MODIAR_200 "0:33:-0.3939 1:51:-0.1373 2:116:0.1552"

/* mancala_mcts() chooses as 1.2 did: a digest of 270 choices of
 * mancala_mcts() along three games, taken with the library of 1.2.1. */
START_TEST(mcts_keeps_the_choices_of_1_2)
{
    static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5"};
    uint64_t digest = 0;
    for (int r = 0; r < 3; r++) {
        mancala_game *g;
        ck_assert_int_eq(mancala_new(&g, rules[r]), MANCALA_OK);
        for (int ply = 0; ply < 30 && !mancala_is_over(g); ply++) {
            int move = -1;
            for (int seed = 0; seed < 3; seed++) {
                ck_assert_int_eq(mancala_mcts(g, (uint64_t)(seed * 77 + ply), 50 + ply * 13, &move),
                                 MANCALA_OK);
                digest = digest * 31 + (uint64_t)move;
            }
            ck_assert_int_eq(mancala_mcts(g, (uint64_t)ply, 20, &move), MANCALA_OK);
            play_ok(g, move);
        }
        mancala_free(g);
    }
    ck_assert_uint_eq(digest, 17393875613780708270u);
}
END_TEST

static mancala_mcts_tree *new_tree(uint64_t seed, int64_t playouts)
{
    mancala_mcts_tree *t = NULL;
    ck_assert_int_eq(mancala_mcts_new(&t), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_set_seed(t, seed), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_PLAYOUTS, playouts), MANCALA_OK);
    return t;
}

/* The statistics of the root: one entry per legal move, visits summing to
 * the root's but for `extra` (the root's own: PUCT's expansion of the root,
 * a reused root's first playout), the best move the most visited, the
 * variation from it. */
static int check_root(const mancala_mcts_tree *t, const mancala_game *g, int puct, int extra)
{
    int moves[MANCALA_MAX_PITS], legal[MANCALA_MAX_PITS];
    uint64_t visits[MANCALA_MAX_PITS];
    double values[MANCALA_MAX_PITS], priors[MANCALA_MAX_PITS];
    const int count = mancala_mcts_root(t, moves, visits, values, priors, MANCALA_MAX_PITS);
    ck_assert_int_eq(count, mancala_legal_moves(g, legal, MANCALA_MAX_PITS));
    uint64_t sum = 0, most = 0;
    double prior_sum = 0;
    for (int i = 0; i < count; i++) {
        ck_assert_int_eq(moves[i], legal[i]);
        ck_assert(values[i] >= -1 && values[i] <= 1);
        sum += visits[i];
        most = visits[i] > most ? visits[i] : most;
        prior_sum += priors[i];
        if (!puct) {
            /* Stored as a double; x87's 80-bit division (32-bit builds)
             * differs from it in the last bits. */
            const double uniform = 1.0 / count;
            ck_assert(priors[i] > uniform - 1e-12 && priors[i] < uniform + 1e-12);
        }
        else
            ck_assert(priors[i] >= 0 && priors[i] <= 1);
    }
    ck_assert(prior_sum > 0.999 && prior_sum < 1.001);
    /* Every playout passes through a child, but PUCT's first expands the root. */
    ck_assert_uint_eq(sum + (uint64_t)extra, mancala_mcts_visits(t));
    const int best = mancala_mcts_best_move(t);
    for (int i = 0; i < count; i++)
        if (moves[i] == best)
            ck_assert_uint_eq(visits[i], most);
    int pv[64];
    const int len = mancala_mcts_pv(t, pv, 64);
    ck_assert_int_ge(len, 1);
    ck_assert_int_eq(pv[0], best);
    mancala_game *c;
    ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
    for (int i = 0; i < len && i < 64; i++)
        play_ok(c, pv[i]);
    mancala_free(c);
    return count;
}

START_TEST(mcts_tree_matches_mcts)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    play_ok(g, 3);
    for (uint64_t seed = 0; seed < 6; seed++) {
        mancala_mcts_tree *t = new_tree(seed, 300);
        ck_assert_int_eq(mancala_mcts_best_move(t), MANCALA_E_STATE);
        ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
        int move = -1;
        ck_assert_int_eq(mancala_mcts(g, seed, 300, &move), MANCALA_OK);
        ck_assert_int_eq(mancala_mcts_best_move(t), move);
        ck_assert_uint_eq(mancala_mcts_playouts(t), 300);
        ck_assert_uint_eq(mancala_mcts_visits(t), 300);
        check_root(t, g, 0, 0);
        mancala_mcts_free(t);
    }
    /* Exact statistics of one run (Modiar's start, seed 1, 200 playouts). */
    mancala_game *m;
    ck_assert_int_eq(mancala_new(&m, "modiar"), MANCALA_OK);
    mancala_mcts_tree *t = new_tree(1, 200);
    ck_assert_int_eq(mancala_mcts_run(t, m), MANCALA_OK);
    int moves[3];
    uint64_t visits[3];
    double values[3];
    ck_assert_int_eq(mancala_mcts_root(t, moves, visits, values, NULL, 3), 3);
    ck_assert_int_eq(mancala_mcts_root(t, moves, NULL, NULL, NULL, 2), MANCALA_E_NOSPACE);
    char text[160];
    snprintf(text, sizeof text, "%d:%llu:%.4f %d:%llu:%.4f %d:%llu:%.4f", moves[0],
             (unsigned long long)visits[0], values[0], moves[1], (unsigned long long)visits[1],
             values[1], moves[2], (unsigned long long)visits[2], values[2]);
    ck_assert_str_eq(text, MCTS_MODIAR_200);
    mancala_mcts_free(t);
    mancala_free(m);
    mancala_free(g);
}
END_TEST

/* Every call of the tree refuses a missing tree, and the results before a
 * run are a state error; a root with no legal move lists nothing. */
START_TEST(mcts_tree_arguments_and_state)
{
    mancala_mcts_tree *t = new_tree(3, 50);
    ck_assert_int_eq(mancala_mcts_set_limit(NULL, MANCALA_LIMIT_PLAYOUTS, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_set_param(NULL, MANCALA_MCTS_EXPLORATION, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_set_seed(NULL, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_set_prior(NULL, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_best_move(NULL), MANCALA_E_INVALID);
    int moves[MANCALA_MAX_PITS];
    ck_assert_int_eq(mancala_mcts_pv(NULL, moves, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_pv(t, NULL, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_root(NULL, moves, NULL, NULL, NULL, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_pv(t, moves, 1), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_mcts_root(t, moves, NULL, NULL, NULL, 1), MANCALA_E_STATE);
    mancala_mcts_free(NULL);
    /* A valid exploration constant is taken; the run then counts its
     * playouts and the root's moves without arrays to write. */
    ck_assert_int_eq(mancala_mcts_set_param(t, MANCALA_MCTS_EXPLORATION, 0.5), MANCALA_OK);
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_uint_eq(mancala_mcts_playouts(t), 50);
    ck_assert_int_eq(mancala_mcts_root(t, NULL, NULL, NULL, NULL, MANCALA_MAX_PITS), 3);
    ck_assert_int_eq(mancala_mcts_pv(t, NULL, 0), mancala_mcts_pv(t, moves, MANCALA_MAX_PITS));
    mancala_free(g);
    mancala_mcts_free(t);
}
END_TEST

START_TEST(mcts_tree_limits_and_errors)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    mancala_mcts_tree *t = new_tree(5, 0);
    ck_assert_int_eq(mancala_mcts_new(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_DEPTH, 3), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_TIME_MS, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_mcts_set_param(t, 99, 1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_mcts_set_param(t, MANCALA_MCTS_REUSE, 2), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_mcts_set_param(t, MANCALA_MCTS_EXPLORATION, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_mcts_run(NULL, g), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_cancel(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_cancel(t), 0);
    /* A node limit. */
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_NODES, 500), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_uint_eq(mancala_mcts_playouts(t), 499); /* the root and one node a playout */
    /* A limit of 1 node (the root alone), or a kept tree already at the
     * limit: still one playout, so that there is a move. */
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_NODES, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_uint_eq(mancala_mcts_playouts(t), 1);
    ck_assert_int_ge(mancala_mcts_best_move(t), 0);
    ck_assert_int_eq(mancala_mcts_set_param(t, MANCALA_MCTS_REUSE, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_NODES, 2), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK); /* the tree kept has 2 nodes */
    ck_assert_uint_eq(mancala_mcts_playouts(t), 1);
    ck_assert_int_eq(mancala_mcts_set_param(t, MANCALA_MCTS_REUSE, 0), MANCALA_OK);
    /* A time limit alone. */
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_NODES, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_TIME_MS, 50), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_uint_gt(mancala_mcts_playouts(t), 0);
    check_root(t, g, 0, 0);
    mancala_game *over = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    ck_assert_int_eq(mancala_mcts_run(t, over), MANCALA_E_OVER);
    /* A failed run forgets the results of the one before. */
    ck_assert_int_eq(mancala_mcts_best_move(t), MANCALA_E_STATE);
    ck_assert_uint_eq(mancala_mcts_playouts(t), 0);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts_best_move(t), MANCALA_E_STATE);
    mancala_free(over);
    mancala_mcts_free(t);
    mancala_free(g);
}
END_TEST

struct tree_canceller {
    mancala_mcts_tree *tree;
    atomic_int done;
};

static void *cancel_tree_later(void *arg)
{
    struct tree_canceller *c = arg;
    sleep_ms(100);
    while (!atomic_load(&c->done)) {
        mancala_mcts_cancel(c->tree);
        sleep_ms(5);
    }
    return NULL;
}

START_TEST(mcts_tree_cancel_from_another_thread)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    struct tree_canceller c = {new_tree(3, 0), 0}; /* no limit at all */
    atomic_init(&c.done, 0);
    pthread_t thread;
    ck_assert_int_eq(pthread_create(&thread, NULL, cancel_tree_later, &c), 0);
    const int status = mancala_mcts_run(c.tree, g);
    atomic_store(&c.done, 1);
    ck_assert_int_eq(pthread_join(thread, NULL), 0);
    ck_assert_int_eq(status, MANCALA_STOPPED);
    ck_assert_uint_gt(mancala_mcts_playouts(c.tree), 10);
    check_root(c.tree, g, 0, 0);
    mancala_mcts_free(c.tree);
    mancala_free(g);
}
END_TEST

/* A deterministic callback: priors favour pit 0 of each row, the value is
 * the evaluation scaled into [-1, 1]; it counts its calls. */
static int calls;
static int test_prior(const mancala_game *game, double *priors, double *value, void *opaque)
{
    (void)opaque;
    calls++;
    const int n = mancala_num_pits(game) / 2, first = mancala_to_move(game) * n;
    for (int p = first; p < first + n; p++)
        priors[p] = p == first ? 4 : 1;
    priors[(first + n) % (2 * n)] = 1000; /* not the mover's: ignored */
    *value = mancala_evaluate(game) / 42.0;
    return 0;
}

static int nan_prior(const mancala_game *game, double *priors, double *value, void *opaque)
{
    (void)game;
    (void)opaque;
    for (int p = 0; p < MANCALA_MAX_PITS; p++)
        priors[p] = p % 2 ? -1 : 0.0 / 0.0;
    *value = 5;
    return 0;
}

static int refusing_prior(const mancala_game *game, double *priors, double *value, void *opaque)
{
    (void)game;
    (void)priors;
    (void)value;
    return ++*(int *)opaque > 3;
}

START_TEST(mcts_tree_with_priors)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    mancala_mcts_tree *t = new_tree(0, 100);
    ck_assert_int_eq(mancala_mcts_set_prior(t, test_prior, NULL), MANCALA_OK);
    calls = 0;
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_int_le(calls, 100);
    ck_assert_int_gt(calls, 50);
    ck_assert_int_eq(check_root(t, g, 1, 1), 3);
    double priors[3];
    ck_assert_int_eq(mancala_mcts_root(t, NULL, NULL, NULL, priors, 3), 3);
    /* Pit 0 has 4 of 6, the others 1 of 6 (kept as floats). */
    ck_assert_double_eq_tol(priors[0], 4.0 / 6, 1e-6);
    ck_assert_double_eq_tol(priors[1], 1.0 / 6, 1e-6);
    ck_assert_double_eq_tol(priors[2], 1.0 / 6, 1e-6);
    /* The same inputs, the same statistics. */
    uint64_t a[3], b[3];
    mancala_mcts_root(t, NULL, a, NULL, NULL, 3);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    mancala_mcts_root(t, NULL, b, NULL, NULL, 3);
    ck_assert(a[0] == b[0] && a[1] == b[1] && a[2] == b[2]);
    /* Values from the position decide a won ending (as in
     * mcts_finds_the_winning_move): 1 wins. */
    mancala_game *won = parse_ok("modiar/0,2,4,1,1,0/S/17,17/30");
    ck_assert_int_eq(mancala_mcts_set_limit(t, MANCALA_LIMIT_PLAYOUTS, 3000), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, won), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_best_move(t), 1);
    check_root(t, won, 1, 1);
    /* Bad numbers from the callback: uniform priors, the value clamped. */
    ck_assert_int_eq(mancala_mcts_set_prior(t, nan_prior, NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_root(t, NULL, NULL, NULL, priors, 3), 3);
    ck_assert_double_eq_tol(priors[0], 1.0 / 3, 1e-6);
    ck_assert_double_eq_tol(priors[2], 1.0 / 3, 1e-6);
    /* A callback that asks to stop. */
    int asked = 0;
    ck_assert_int_eq(mancala_mcts_set_prior(t, refusing_prior, &asked), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_E_CANCELLED);
    ck_assert_int_eq(asked, 4);
    ck_assert_int_eq(mancala_mcts_best_move(t), MANCALA_E_STATE);
    mancala_free(won);
    mancala_mcts_free(t);
    mancala_free(g);
}
END_TEST

START_TEST(mcts_tree_reuse)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    mancala_mcts_tree *t = new_tree(9, 2000), *fresh = new_tree(9, 2000);
    ck_assert_int_eq(mancala_mcts_set_param(t, MANCALA_MCTS_REUSE, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    int pv[2];
    ck_assert_int_ge(mancala_mcts_pv(t, pv, 2), 2);
    /* Two plies on, the subtree of the variation is kept. */
    play_ok(g, pv[0]);
    play_ok(g, pv[1]);
    ck_assert_int_eq(mancala_mcts_run(t, g), MANCALA_OK);
    ck_assert_uint_eq(mancala_mcts_playouts(t), 2000);
    ck_assert_uint_gt(mancala_mcts_visits(t), 2000);
    check_root(t, g, 0, 1);
    /* Without reuse (or from an unrelated position) a new tree. */
    ck_assert_int_eq(mancala_mcts_set_limit(fresh, MANCALA_LIMIT_PLAYOUTS, 2000), MANCALA_OK);
    ck_assert_int_eq(mancala_mcts_run(fresh, g), MANCALA_OK);
    ck_assert_uint_eq(mancala_mcts_visits(fresh), 2000);
    mancala_game *other;
    ck_assert_int_eq(mancala_new(&other, "rio-kadalis"), MANCALA_OK);
    play_ok(other, 0);
    ck_assert_int_eq(mancala_mcts_run(t, other), MANCALA_OK);
    ck_assert_uint_eq(mancala_mcts_visits(t), 2000);
    /* The same position again: the whole tree goes on growing. */
    ck_assert_int_eq(mancala_mcts_run(t, other), MANCALA_OK);
    ck_assert_uint_eq(mancala_mcts_visits(t), 4000);
    mancala_free(other);
    mancala_mcts_free(t);
    mancala_mcts_free(fresh);
    mancala_free(g);
}
END_TEST

/* ---- strength levels ---- */

/* The move of a level into *move; whether it took under a quarter of the
 * second a move may take (so that its search was not cut short). */
static int quick_level_move(mancala_search *s, const mancala_game *g, int level, uint64_t seed,
                            int *move)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    *move = mancala_search_level_move(s, g, level, seed);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    ck_assert_int_ge(*move, 0);
    return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9 < 0.25;
}

START_TEST(level_moves)
{
    mancala_search *s = new_search(1 << 20, 5);
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    ck_assert_int_eq(mancala_search_level_move(NULL, g, 5, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_level_move(s, NULL, 5, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_level_move(s, g, 0, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_level_move(s, g, 21, 0), MANCALA_E_OPTION);
    mancala_game *over = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    ck_assert_int_eq(mancala_search_level_move(s, over, 5, 0), MANCALA_E_OVER);
    /* Level 1 draws among the moves; each level is deterministic for a seed. */
    unsigned seen = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        const int move = mancala_search_level_move(s, g, 1, seed);
        ck_assert_int_ge(move, 0);
        ck_assert_int_le(move, 5);
        seen |= 1u << move;
        ck_assert_int_eq(mancala_search_level_move(s, g, 1, seed), move);
    }
    ck_assert_uint_eq(seen, 0x3f); /* all six moves of the start */
    /* (A move may take a second, and one cut short by the clock is not
     * deterministic: under valgrind or a sanitizer the deeper levels reach
     * it, so a level is compared only if its move took a quarter of that.) */
    for (int level = 2; level <= 19; level++) {
        int move;
        if (quick_level_move(s, g, level, 7, &move))
            ck_assert_int_eq(mancala_search_level_move(s, g, level, 7), move);
    }
    /* The searcher's own limits are kept. */
    ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_depth(s), 5);
    /* Each game has its own ladder (doc/engine.md, "Strength levels"): the
     * search of a level goes to that game's depth for the level (where it
     * took under a quarter of the second's limit, as above; in Rio
     * Kadalis up to level 16: levels 17-19 take a few hundred
     * milliseconds at the start). */
    static const int modiar_depth[] = {0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 5,
                                       5, 6, 7, 9, 10, 11, 12, 14, 18};
    static const int rio_depth[] = {0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 7, 8, 9, 10};
    mancala_game *modiar;
    ck_assert_int_eq(mancala_new(&modiar, "modiar"), MANCALA_OK);
    for (int level = 1; level <= 19; level++) {
        int move;
        if (quick_level_move(s, modiar, level, 1, &move))
            ck_assert_int_eq(mancala_search_depth(s), modiar_depth[level]);
        if (level <= 16 && quick_level_move(s, g, level, 1, &move))
            ck_assert_int_eq(mancala_search_depth(s), rio_depth[level]);
    }
    mancala_free(modiar);
    /* High levels do not throw a won ending away (the position of
     * mcts_finds_the_winning_move: only 1 wins). */
    mancala_game *won = parse_ok("modiar/0,2,4,1,1,0/S/17,17/30");
    for (int level = 15; level <= 20; level++)
        for (uint64_t seed = 0; seed < 10; seed++)
            ck_assert_int_eq(mancala_search_level_move(s, won, level, seed), 1);
    /* One legal move: that one, at once. */
    mancala_game *one = parse_ok("modiar/0,0,0,2,4,10/N/18,8/19");
    ck_assert_int_eq(mancala_search_level_move(s, one, 1, 3), 4);
    mancala_free(one);
    mancala_free(won);
    mancala_free(over);
    mancala_free(g);
    mancala_search_free(s);
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
    tcase_add_test(tc, progress_reports_each_depth);
    tcase_add_test(tc, node_and_time_limits);
    tcase_add_test(tc, exact_search_stops_early);
    tcase_add_test(tc, evaluation_function);
    tcase_add_test(tc, evaluation_callback);
    tcase_add_test(tc, search_errors);
    tcase_add_test(tc, out_of_memory_keeps_results);
    tcase_add_test(tc, mcts_finds_the_winning_move);
    tcase_add_test(tc, mcts_is_deterministic);
    suite_add_tcase(s, tc);
    /* Every test that starts threads, and the cancels (the case that CI
     * runs under ThreadSanitizer, .ci/hardening). */
    TCase *threads = tcase_create("threads");
    tcase_set_timeout(threads, 600);
    tcase_add_test(threads, searches_in_two_threads);
    tcase_add_test(threads, cancel_without_a_run_does_nothing);
    tcase_add_test(threads, cancel_from_another_thread);
    tcase_add_test(threads, cancel_from_a_signal_handler);
    tcase_add_test(threads, mcts_tree_cancel_from_another_thread);
    suite_add_tcase(s, threads);
    TCase *mcts = tcase_create("mcts");
    tcase_set_timeout(mcts, 600);
    tcase_add_test(mcts, mcts_keeps_the_choices_of_1_2);
    tcase_add_test(mcts, mcts_tree_matches_mcts);
    tcase_add_test(mcts, mcts_tree_limits_and_errors);
    tcase_add_test(mcts, mcts_tree_arguments_and_state);
    tcase_add_test(mcts, mcts_tree_with_priors);
    tcase_add_test(mcts, mcts_tree_reuse);
    tcase_add_test(mcts, level_moves);
    suite_add_tcase(s, mcts);
    return s;
}

int main(void)
{
    return run_suite(search_suite());
}

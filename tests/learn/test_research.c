/*
 * The learning interface: actions relative to the mover, masks, the
 * observation layout on hand-checked positions, returns, and batches
 * against single games stepped one by one.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <time.h>

#include "helpers.h"

static const char *const all_rules[] = {"modiar", "rio-kadalis", "rio-kadalis-cw",
                                        "rio-kadalis-5", "rio-kadalis-5-cw"};
#define RULES_COUNT (sizeof all_rules / sizeof all_rules[0])

/* The unscaled observation as a string: "pits | closed | captured banks
 * first round quiet", each row of n. */
static const char *obs_str(const mancala_game *g)
{
    static char buf[512];
    uint8_t obs[64];
    const int size = mancala_observation_bytes(g, obs, sizeof obs), n = mancala_num_actions(g);
    expect_int_eq(size, 4 * n + 7);
    size_t len = 0;
    for (int i = 0; i < size; i++) {
        const char *sep = i == 0 ? "" : (i == 2 * n || i == 4 * n) ? " | " : (i % n == 0 && i < 4 * n) ? " / " : " ";
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d", sep, obs[i]);
    }
    return buf;
}

static const char *mask_str(const mancala_game *g)
{
    static char buf[32];
    uint8_t mask[MANCALA_MAX_PITS];
    const int n = mancala_num_actions(g), count = mancala_legal_mask(g, mask, (size_t)n);
    int ones = 0;
    for (int a = 0; a < n; a++) {
        buf[a] = (char)('0' + mask[a]);
        ones += mask[a];
    }
    buf[n] = '\0';
    expect_int_eq(count, ones);
    /* The same as the legal moves. */
    int moves[MANCALA_MAX_PITS];
    ck_assert_int_eq(mancala_legal_moves(g, moves, MANCALA_MAX_PITS), count);
    for (int i = 0; i < count; i++)
        ck_assert(mask[mancala_pit_to_action(g, moves[i])]);
    return buf;
}

/* The float observation is the bytes scaled: stones by the game's stones. */
static void check_scaling(const mancala_game *g, int stones)
{
    uint8_t raw[64];
    float obs[64];
    const int size = mancala_observation(g, obs, sizeof obs / sizeof obs[0]);
    const int n = mancala_num_actions(g);
    expect_int_eq(mancala_observation_bytes(g, raw, sizeof raw), size);
    expect_int_eq(mancala_observation_size(g), size);
    for (int i = 0; i < size; i++) {
        const int scaled = i < 2 * n || (i >= 4 * n && i < 4 * n + 4);
        const float want = scaled ? (float)raw[i] / (float)stones : (float)raw[i];
        expect(obs[i] == want, "offset %d: %g, want %g", i, (double)obs[i], (double)want);
    }
}

START_TEST(actions_both_seats)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    ck_assert_int_eq(mancala_num_actions(g), 3);
    ck_assert_int_eq(mancala_action_to_pit(g, 0), 0);
    ck_assert_int_eq(mancala_action_to_pit(g, 2), 2);
    ck_assert_int_eq(mancala_action_to_pit(g, 3), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_action_to_pit(g, -1), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_pit_to_action(g, 1), 1);
    ck_assert_int_eq(mancala_pit_to_action(g, 3), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_play(g, 0), MANCALA_OK); /* North to move */
    ck_assert_int_eq(mancala_action_to_pit(g, 0), 3);
    ck_assert_int_eq(mancala_action_to_pit(g, 2), 5);
    ck_assert_int_eq(mancala_pit_to_action(g, 5), 2);
    ck_assert_int_eq(mancala_pit_to_action(g, 2), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_pit_to_action(g, 6), MANCALA_E_RANGE);
    mancala_free(g);

    ck_assert_int_eq(mancala_new(&g, "rio-kadalis-5-cw"), MANCALA_OK);
    ck_assert_int_eq(mancala_num_actions(g), 5);
    ck_assert_int_eq(mancala_play(g, 4), MANCALA_OK);
    ck_assert_int_eq(mancala_to_move(g), MANCALA_NORTH);
    ck_assert_int_eq(mancala_action_to_pit(g, 4), 9);
    ck_assert_int_eq(mancala_pit_to_action(g, 5), 0);
    mancala_free(g);

    ck_assert_int_eq(mancala_num_actions(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_action_to_pit(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_pit_to_action(NULL, 0), MANCALA_E_INVALID);
}
END_TEST

START_TEST(layout_modiar)
{
    /* M3: South to move, nothing closed, no history. */
    mancala_game *g = parse_ok("modiar/12,2,11,11,2,4/S/0,0/4");
    expect_str_eq(obs_str(g), "12 2 11 / 11 2 4 | 0 0 0 / 0 0 0 | 0 0 0 0 0 0 0");
    expect_str_eq(mask_str(g), "111");
    check_scaling(g, 42);
    mancala_free(g);
    /* North to move: North's row (pits 3 4 5) first, captures turned. */
    g = parse_ok("modiar/10,2,11,11,2,0/N/1,5/5");
    expect_str_eq(obs_str(g), "11 2 0 / 10 2 11 | 0 0 0 / 0 0 0 | 5 1 0 0 0 0 0");
    expect_str_eq(mask_str(g), "110");
    check_scaling(g, 42);
    mancala_free(g);
    /* M1 and M2: the first move's flag, then plies since the last capture. */
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    expect_str_eq(obs_str(g), "7 7 7 / 7 7 7 | 0 0 0 / 0 0 0 | 0 0 0 0 1 0 0");
    ck_assert_int_eq(mancala_play(g, 0), MANCALA_OK);
    expect_str_eq(fmt(g), "modiar/2,8,8,8,8,8/N/0,0/1");
    expect_str_eq(obs_str(g), "8 8 8 / 2 8 8 | 0 0 0 / 0 0 0 | 0 0 0 0 0 0 1");
    mancala_free(g);
    g = parse_ok("modiar/7,7,7,7,7,7/S/0,0/1");
    expect_str_eq(obs_str(g), "7 7 7 / 7 7 7 | 0 0 0 / 0 0 0 | 0 0 0 0 0 0 0");
    ck_assert_int_eq(mancala_play(g, 0), MANCALA_OK); /* captures 2 */
    expect_str_eq(obs_str(g), "8 8 8 / 0 8 8 | 0 0 0 / 0 0 0 | 0 2 0 0 0 0 0");
    ck_assert_int_eq(mancala_play(g, 3), MANCALA_OK); /* North: 8 from pit 3, last in 4: 10 */
    expect_str_eq(fmt(g), "modiar/1,9,9,2,10,9/S/2,0/3");
    expect_str_eq(obs_str(g), "1 9 9 / 2 10 9 | 0 0 0 / 0 0 0 | 2 0 0 0 0 0 1");
    expect_str_eq(mask_str(g), "011");
    ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    expect_str_eq(obs_str(g), "8 8 8 / 0 8 8 | 0 0 0 / 0 0 0 | 0 2 0 0 0 0 0");
    mancala_free(g);
    /* M7: over at once; the mask is empty. */
    g = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    expect_str_eq(mask_str(g), "000");
    ck_assert_int_eq(mancala_legal_mask(g, (uint8_t[3]){9, 9, 9}, 3), 0);
    mancala_free(g);
}
END_TEST

START_TEST(layout_rio_kadalis)
{
    /* R1 and R2 (6 holes, both directions): North to move after one ply. */
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    expect_str_eq(obs_str(g), "4 4 4 4 4 4 / 4 4 4 4 4 4 | 0 0 0 0 0 0 / 0 0 0 0 0 0 | 0 0 0 0 0 0 0");
    ck_assert_int_eq(mancala_play(g, 0), MANCALA_OK);
    expect_str_eq(fmt(g), "rio-kadalis/2,7,1,6,1,6,6,6,0,1,6,6/N/0,0/1/0,0");
    expect_str_eq(obs_str(g), "6 6 0 1 6 6 / 2 7 1 6 1 6 | 0 0 0 0 0 0 / 0 0 0 0 0 0 | 0 0 0 0 0 0 1");
    expect_str_eq(mask_str(g), "110111");
    check_scaling(g, 48);
    mancala_free(g);
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis-cw"), MANCALA_OK);
    ck_assert_int_eq(mancala_play(g, 0), MANCALA_OK);
    expect_str_eq(fmt(g), "rio-kadalis-cw/2,6,6,1,0,6,6,6,1,6,1,7/N/0,0/1/0,0");
    expect_str_eq(obs_str(g), "6 6 1 6 1 7 / 2 6 6 1 0 6 | 0 0 0 0 0 0 / 0 0 0 0 0 0 | 0 0 0 0 0 0 1");
    mancala_free(g);
    /* R5: an endless pit is not in the mask. */
    g = parse_ok("rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0");
    expect_str_eq(mask_str(g), "010101");
    expect_str_eq(obs_str(g), "3 1 0 1 0 1 / 0 2 1 0 2 1 | 0 0 0 0 0 0 / 0 0 0 0 0 0 | 16 20 0 0 0 0 0");
    mancala_free(g);
    /* R6: 5 holes, closed pits and banks, from both seats. */
    g = parse_ok("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6");
    expect_str_eq(obs_str(g), "0 0 4 4 4 / 4 4 4 4 4 | 1 1 0 0 0 / 0 0 0 0 0 | 0 0 2 6 0 0 0");
    expect_str_eq(mask_str(g), "00111");
    check_scaling(g, 40);
    ck_assert_int_eq(mancala_play(g, 2), MANCALA_OK);
    expect_str_eq(fmt(g), "rio-kadalis-5/x,x,0,0,9,9,1,1,8,0/N/4,0/1/2,6");
    expect_str_eq(obs_str(g), "9 1 1 8 0 / 0 0 0 0 9 | 0 0 0 0 0 / 1 1 0 0 0 | 0 4 6 2 0 0 0");
    expect_str_eq(mask_str(g), "11110");
    check_scaling(g, 40);
    mancala_free(g);
    /* 5 holes clockwise, North with two open pits (its highest, 8 and 9). */
    g = parse_ok("rio-kadalis-5-cw/4,4,4,4,4,x,x,x,4,4/N/0,0/0/0,12");
    expect_str_eq(obs_str(g), "0 0 0 4 4 / 4 4 4 4 4 | 1 1 1 0 0 / 0 0 0 0 0 | 0 0 12 0 0 0 0");
    expect_str_eq(mask_str(g), "00011");
    mancala_free(g);
}
END_TEST

/* R7 ends by repetition after ten capture-free plies: the count of
 * plies, the returns of the round, and the round that follows. */
START_TEST(layout_round_and_returns)
{
    mancala_game *g = parse_ok("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0");
    const int moves[] = {0, 7, 4, 11, 0, 8, 2, 6, 4, 10};
    float r[2] = {9, 9};
    ck_assert_int_eq(mancala_returns(g, 0, r), 0);
    ck_assert(r[0] == 0 && r[1] == 0);
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(mancala_play(g, moves[i]), MANCALA_OK);
    ck_assert_int_eq(mancala_end_reason(g), MANCALA_END_REPETITION);
    expect_str_eq(obs_str(g),
                  "1 1 0 0 0 1 / 0 0 1 0 0 0 | 0 0 0 0 0 0 / 0 0 0 0 0 0 | 24 20 0 0 0 0 10");
    expect_str_eq(mask_str(g), "000000");
    ck_assert_int_eq(mancala_returns(g, 0, r), 1);
    ck_assert(r[0] == 1.0f && r[1] == -1.0f);
    ck_assert_int_eq(mancala_returns(g, MANCALA_RETURNS_STONES, r), 1);
    ck_assert(r[0] == 6.0f / 48 && r[1] == -6.0f / 48); /* 27 - 21 */
    /* The match goes on: its returns are not final. */
    ck_assert_int_eq(mancala_returns(g, MANCALA_RETURNS_MATCH, r), 0);
    ck_assert(r[0] == 0 && r[1] == 0);
    ck_assert_int_eq(mancala_returns(g, 4, r), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_returns(g, 0, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_returns(NULL, 0, r), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    expect_str_eq(fmt(g), "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1");
    expect_str_eq(obs_str(g),
                  "0 4 4 4 4 4 / 4 4 4 4 4 4 | 1 0 0 0 0 0 / 0 0 0 0 0 0 | 0 0 1 3 0 1 0");
    expect_str_eq(mask_str(g), "011111");
    mancala_free(g);

    /* M7: Modiar over at once, South 22 to North 20; the game is the match. */
    g = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    ck_assert_int_eq(mancala_returns(g, MANCALA_RETURNS_MATCH, r), 1);
    ck_assert(r[0] == 1.0f && r[1] == -1.0f);
    ck_assert_int_eq(mancala_returns(g, MANCALA_RETURNS_STONES | MANCALA_RETURNS_MATCH, r), 1);
    ck_assert(r[0] == 2.0f / 42 && r[1] == -2.0f / 42);
    mancala_free(g);
    /* A drawn round. */
    g = parse_ok("modiar/0,0,1,0,0,0/S/20,21/30");
    ck_assert_int_eq(mancala_returns(g, 0, r), 1);
    ck_assert(r[0] == 0 && r[1] == 0);
    mancala_free(g);
}
END_TEST

START_TEST(single_errors)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    float obs[31];
    uint8_t bytes[31], mask[6];
    ck_assert_int_eq(mancala_observation(g, obs, 30), MANCALA_E_NOSPACE);
    ck_assert_int_eq(mancala_observation(g, obs, 31), 31);
    ck_assert_int_eq(mancala_observation(g, NULL, 31), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_observation(NULL, obs, 31), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_observation_bytes(g, bytes, 30), MANCALA_E_NOSPACE);
    ck_assert_int_eq(mancala_observation_bytes(g, NULL, 31), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_observation_size(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_legal_mask(g, mask, 5), MANCALA_E_NOSPACE);
    ck_assert_int_eq(mancala_legal_mask(g, NULL, 6), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_legal_mask(NULL, mask, 6), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_legal_mask(g, mask, 6), 6);
    mancala_free(g);
}
END_TEST

/* ---- batches ---- */

static mancala_batch *batch_ok(const char *rules, int count, uint64_t seed)
{
    mancala_batch *b = NULL;
    char err[256];
    int status = mancala_batch_new(&b, rules, count, seed, err, sizeof err);
    expect(status == MANCALA_OK, "batch %s: %s", rules, err);
    expect_str_eq(err, "");
    return b;
}

/* Whether two games of the same rules are in the same position: what
 * their notation holds (pits, closed pits, player to move, captures, ply,
 * banks), and the round and the end. Read field by field: formatting
 * both at each step of each game was most of the batch tests' time. */
static int same_position(const mancala_game *a, const mancala_game *b)
{
    int same = mancala_ply(a) == mancala_ply(b) && mancala_to_move(a) == mancala_to_move(b) &&
               mancala_round(a) == mancala_round(b) && mancala_end_reason(a) == mancala_end_reason(b);
    for (int player = 0; player < 2; player++)
        same = same && mancala_captured(a, player) == mancala_captured(b, player) &&
               mancala_bank(a, player) == mancala_bank(b, player);
    for (int pit = 0; pit < mancala_num_pits(a); pit++)
        same = same && mancala_pit(a, pit) == mancala_pit(b, pit) &&
               mancala_pit_closed(a, pit) == mancala_pit_closed(b, pit);
    return same;
}

/* Game i of a batch against a single game `g` played alongside it. Here
 * and in the loops that call it, expect*() rather than ck_assert*(), a
 * system call each (helpers.h): they run for each game at each step. */
static void check_row(const mancala_batch *b, int i, const mancala_game *g)
{
    const int n = mancala_batch_num_actions(b), size = mancala_batch_observation_size(b);
    float obs[64];
    uint8_t mask[MANCALA_MAX_PITS];
    expect_int_eq(mancala_observation(g, obs, 64), size);
    mancala_legal_mask(g, mask, MANCALA_MAX_PITS);
    const int position = same_position(mancala_batch_game(b, i), g);
    const int observation =
        memcmp(obs, mancala_batch_observations(b) + (size_t)i * size, size * sizeof *obs) == 0;
    const int legal = memcmp(mask, mancala_batch_legal_masks(b) + (size_t)i * n, (size_t)n) == 0;
    const int mover = mancala_batch_to_move(b)[i] == mancala_to_move(g);
    if (position && observation && legal && mover)
        return;
    /* Formatted only for the message. */
    char want[MANCALA_POSITION_MAX];
    mancala_format(g, want, sizeof want);
    expect(position, "game %d: the batch's is at %s (round %d), the single game at %s (round %d)",
           i, fmt(mancala_batch_game(b, i)), mancala_round(mancala_batch_game(b, i)), want,
           mancala_round(g));
    expect(observation, "game %d (%s): observation", i, want);
    expect(legal, "game %d (%s): mask", i, want);
    expect(mover, "game %d (%s): to move %d", i, want, (int)mancala_batch_to_move(b)[i]);
}

/* Game i's single game: at the start, or at positions[i]. */
static mancala_game *single_game(const char *rules, const char *const *positions, int i)
{
    if (positions)
        return parse_ok(positions[i]);
    mancala_game *g = NULL;
    expect_int_eq(mancala_new(&g, rules), MANCALA_OK);
    return g;
}

/* A batch of `count` games, with `threads` threads, against as many single
 * games given the same actions, until each game finished `episodes`
 * episodes (rounds or, with `match`, matches). The batch draws the random
 * actions; the single games replay them through mancala_play(). With
 * `positions`, the batch is made from them, and each game starts each
 * episode at its own. */
static void batch_against_singles(const char *rules, int count, int threads, int match,
                                  int episodes, const char *const *positions)
{
    mancala_batch *b = NULL;
    if (positions) {
        char err[MANCALA_REASON_MAX];
        expect(mancala_batch_new_from_positions(&b, rules, positions, count, 7, err, sizeof err) ==
                   MANCALA_OK,
               "%s", err);
    } else {
        b = batch_ok(rules, count, 7);
    }
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, threads), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MATCH, match), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_reset(b, 11), MANCALA_OK);
    mancala_game **single = calloc((size_t)count, sizeof *single);
    int32_t *actions = calloc((size_t)count, sizeof *actions);
    int *done = calloc((size_t)count, sizeof *done), *pending = calloc((size_t)count, sizeof *pending);
    int *plies = calloc((size_t)count, sizeof *plies);
    ck_assert(single && actions && done && pending && plies);
    for (int i = 0; i < count; i++) {
        single[i] = single_game(rules, positions, i);
        check_row(b, i, single[i]);
    }
    const unsigned flags = match ? MANCALA_RETURNS_MATCH : 0;
    int finished = 0;
    long steps = 0;
    while (finished < count) {
        expect_int_eq(mancala_batch_step_random(b, actions, (size_t)count), MANCALA_OK);
        steps++;
        for (int i = 0; i < count; i++) {
            mancala_game *g = single[i];
            float want[2] = {0, 0};
            int terminated = 0, truncated = 0;
            if (pending[i]) { /* next-step autoreset */
                expect_int_eq(actions[i], -1);
                mancala_free(g);
                g = single[i] = single_game(rules, positions, i);
                pending[i] = plies[i] = 0;
            } else {
                const int pit = mancala_action_to_pit(g, actions[i]);
                expect(mancala_play(g, pit) == MANCALA_OK, "game %d: action %d", i, actions[i]);
                plies[i]++;
                if (mancala_is_over(g) && match && !mancala_match_over(g))
                    expect_int_eq(mancala_next_round(g), MANCALA_OK);
                if (mancala_returns(g, flags, want) == 1)
                    terminated = 1;
                else if (plies[i] >= 1000 || mancala_history_length(g) >= 512)
                    truncated = 1;
                if (terminated || truncated) {
                    pending[i] = 1;
                    if (!done[i]++ || done[i] == episodes)
                        finished += done[i] == episodes;
                }
            }
            expect_int_eq(mancala_batch_terminated(b)[i], terminated);
            expect_int_eq(mancala_batch_truncated(b)[i], truncated);
            const float *reward = mancala_batch_rewards(b) + 2 * (size_t)i;
            expect(reward[0] == want[0] && reward[1] == want[1], "game %d: rewards %g %g, want %g %g",
                   i, (double)reward[0], (double)reward[1], (double)want[0], (double)want[1]);
            check_row(b, i, g);
        }
    }
    ck_assert(steps > (positions ? 2 : 10)); /* endgame positions end sooner */
    for (int i = 0; i < count; i++)
        mancala_free(single[i]);
    free(single);
    free(actions);
    free(done);
    free(pending);
    free(plies);
    mancala_batch_free(b);
}

START_TEST(batch_matches_single_games)
{
    const int count = (int)test_scaled(1000);
    batch_against_singles(all_rules[_i / 2], count, 1 + _i % 2, 0, 1, NULL);
}
END_TEST

START_TEST(batch_matches_single_matches)
{
    const int count = (int)test_scaled(200);
    batch_against_singles(all_rules[_i / 2], count, 1 + _i % 2, 1, 1, NULL);
}
END_TEST

static int step_to_end(mancala_batch *b);

/* The first positions of the solved benchmark's 10,000
 * (examples/python/data/modiar-10000.txt; the Python tests step all of
 * them). */
static const char *const modiar_sample[] = {
    "modiar/0,0,0,0,3,3/N/22,14/21",
    "modiar/0,0,0,0,5,5/N/20,12/13",
    "modiar/0,0,0,2,3,13/N/16,8/23",
    "modiar/0,0,0,2,3,3/N/20,14/19",
    "modiar/0,0,0,2,4,8/N/20,8/19",
    "modiar/0,0,0,2,5,21/N/8,6/11",
    "modiar/0,0,0,2,5,5/N/26,4/15",
    "modiar/0,0,0,2,7,7/N/10,16/13",
    "modiar/0,0,0,2,8,8/N/6,18/13",
    "modiar/0,0,0,3,18,5/N/16,0/9",
    "modiar/0,0,0,3,4,5/N/18,12/21",
    "modiar/0,0,0,4,13,3/N/12,10/13",
    "modiar/0,0,0,4,3,3/N/16,16/13",
    "modiar/0,0,0,4,3,3/N/20,12/21",
    "modiar/0,0,0,4,9,3/N/20,6/23",
    "modiar/0,0,0,5,17,0/N/12,8/11",
    "modiar/0,0,0,5,2,3/N/20,12/19",
    "modiar/0,0,0,5,2,5/N/20,10/23",
    "modiar/0,0,0,5,2,7/N/24,4/33",
    "modiar/0,0,0,5,5,0/N/30,2/13",
    "modiar/0,0,0,5,7,0/N/22,8/11",
    "modiar/0,0,0,6,3,5/N/18,10/11",
    "modiar/0,0,0,7,4,5/N/14,12/15",
    "modiar/0,0,0,7,7,0/N/22,6/7",
    "modiar/0,0,0,8,18,0/N/10,6/11",
    "modiar/0,0,0,8,2,12/N/6,14/27",
    "modiar/0,0,0,8,4,10/N/18,2/17",
    "modiar/0,0,0,9,2,5/N/16,10/29",
    "modiar/0,0,1,0,16,3/N/6,16/19",
    "modiar/0,0,1,0,2,13/N/18,8/23",
    "modiar/0,0,1,0,2,21/N/12,6/15",
    "modiar/0,0,1,0,4,17/N/14,6/19",
    "modiar/0,0,1,0,4,3/N/14,20/29",
    "modiar/0,0,1,0,4,3/N/8,26/23",
    "modiar/0,0,1,0,4,5/N/12,20/13",
    "modiar/0,0,1,0,6,19/N/10,6/11",
    "modiar/0,0,1,0,7,8/N/8,18/17",
    "modiar/0,0,1,0,8,5/N/10,18/11",
    "modiar/0,0,1,0,8,9/N/10,14/15",
    "modiar/0,0,1,1,2,10/N/22,6/23",
};

/* `count` positions of `rules` for game i: the sample's for Modiar, then
 * positions i % 97 random plies (with the rounds of a match, so that
 * later rounds' closed pits come in) from the start. The strings are in
 * `text`, lines of MANCALA_POSITION_MAX. */
static const char **make_positions(const char *rules, int count, char *text)
{
    const char **positions = calloc((size_t)count, sizeof *positions);
    ck_assert(positions);
    const int sampled = strcmp(rules, "modiar") == 0 ? (int)(sizeof modiar_sample / sizeof modiar_sample[0]) : 0;
    uint64_t seed = 12345;
    for (int i = 0; i < count; i++) {
        if (i < sampled) {
            positions[i] = modiar_sample[i];
            continue;
        }
        mancala_game *g = NULL;
        expect_int_eq(mancala_new(&g, rules), MANCALA_OK);
        for (int ply = 0; ply < i % 97; ply++) {
            if (mancala_is_over(g) && (mancala_match_over(g) || mancala_next_round(g)))
                break;
            int moves[MANCALA_MAX_PITS];
            const int k = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            expect_int_eq(mancala_play(g, moves[(seed >> 33) % (uint64_t)k]), MANCALA_OK);
        }
        if (mancala_is_over(g) && !mancala_match_over(g))
            expect_int_eq(mancala_next_round(g), MANCALA_OK);
        if (mancala_is_over(g)) { /* the match is over: the start instead */
            mancala_free(g);
            expect_int_eq(mancala_new(&g, rules), MANCALA_OK);
        }
        char *line = text + (size_t)i * MANCALA_POSITION_MAX;
        mancala_format(g, line, MANCALA_POSITION_MAX);
        positions[i] = line;
        mancala_free(g);
    }
    return positions;
}

/* A batch made from positions steps as single games parsed from them,
 * each episode from its own position again. */
START_TEST(batch_from_positions_matches_singles)
{
    const char *rules = all_rules[_i / 2];
    const int count = (int)test_scaled(400) + 50;
    char *text = malloc((size_t)count * MANCALA_POSITION_MAX);
    ck_assert(text);
    const char **positions = make_positions(rules, count, text);
    batch_against_singles(rules, count, 1 + _i % 2, 0, 2, positions);
    batch_against_singles(rules, count / 4, 1 + _i % 2, 1, 1, positions);
    free(positions);
    free(text);
}
END_TEST

/* The arrays of every game but `skip`, as bytes, for "nothing else changed". */
struct snapshot {
    size_t obs, masks, games;
    unsigned char *bytes;
};

static void take_snapshot(const mancala_batch *b, struct snapshot *s)
{
    s->games = (size_t)mancala_batch_size(b);
    s->obs = s->games * (size_t)mancala_batch_observation_size(b) * sizeof(float);
    s->masks = s->games * (size_t)mancala_batch_num_actions(b);
    s->bytes = malloc(s->obs + s->masks + s->games * (2 * sizeof(float) + 2 + sizeof(int32_t)));
    ck_assert(s->bytes);
    unsigned char *p = s->bytes;
    memcpy(p, mancala_batch_observations(b), s->obs), p += s->obs;
    memcpy(p, mancala_batch_legal_masks(b), s->masks), p += s->masks;
    memcpy(p, mancala_batch_rewards(b), 2 * sizeof(float) * s->games), p += 2 * sizeof(float) * s->games;
    memcpy(p, mancala_batch_terminated(b), s->games), p += s->games;
    memcpy(p, mancala_batch_truncated(b), s->games), p += s->games;
    memcpy(p, mancala_batch_to_move(b), sizeof(int32_t) * s->games);
}

/* Whether the arrays are as in `s`, and the games' positions as `fmts`. */
static int same_as_snapshot(const mancala_batch *b, const struct snapshot *s)
{
    struct snapshot now;
    take_snapshot(b, &now);
    const size_t len = s->obs + s->masks + s->games * (2 * sizeof(float) + 2 + sizeof(int32_t));
    const int same = memcmp(now.bytes, s->bytes, len) == 0;
    free(now.bytes);
    return same;
}

/* A position set, or a game handle's position set, gives game i a fresh
 * game's rows; the other games do not change. */
START_TEST(set_position_and_game)
{
    const char *rules = all_rules[_i];
    mancala_batch *b = batch_ok(rules, 5, 3);
    for (int s = 0; s < 7; s++)
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    /* A position of a later round (closed pits) or of the start. */
    char *text = malloc(100 * MANCALA_POSITION_MAX);
    const char **positions = make_positions(rules, 100, text);
    for (int k = 0; k < 100; k += 9) {
        mancala_game *g = parse_ok(positions[k]);
        for (int via_game = 0; via_game < 2; via_game++) {
            const int i = (k + via_game) % 5;
            mancala_game *before = NULL;
            ck_assert_int_eq(mancala_clone(&before, mancala_batch_game(b, (i + 1) % 5)), MANCALA_OK);
            ck_assert_int_eq(via_game ? mancala_batch_set_game(b, i, g)
                                      : mancala_batch_set_position(b, i, positions[k]),
                             MANCALA_OK);
            expect_str_eq(mancala_batch_reason(b), "");
            check_row(b, i, g);
            expect_str_eq(fmt(mancala_batch_game(b, i)), positions[k]);
            ck_assert(mancala_batch_rewards(b)[2 * i] == 0 && mancala_batch_rewards(b)[2 * i + 1] == 0);
            ck_assert_int_eq(mancala_batch_terminated(b)[i], 0);
            ck_assert_int_eq(mancala_batch_truncated(b)[i], 0);
            ck_assert_int_eq(mancala_history_length(mancala_batch_game(b, i)), 0);
            ck_assert(same_position(before, mancala_batch_game(b, (i + 1) % 5)));
            mancala_free(before);
        }
        mancala_free(g);
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    }
    /* A game of this batch, into another. */
    const mancala_game *third = mancala_batch_game(b, 3);
    if (!mancala_is_over(third)) {
        char want[MANCALA_POSITION_MAX];
        mancala_format(third, want, sizeof want);
        ck_assert_int_eq(mancala_batch_set_game(b, 1, third), MANCALA_OK);
        expect_str_eq(fmt(mancala_batch_game(b, 1)), want);
    }
    free(positions);
    free(text);
    mancala_batch_free(b);
}
END_TEST

/* Every refusal says why and changes nothing. */
START_TEST(set_position_errors)
{
    mancala_batch *b = batch_ok("rio-kadalis", 3, 3);
    for (int s = 0; s < 5; s++)
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    char before[3][MANCALA_POSITION_MAX];
    for (int i = 0; i < 3; i++)
        mancala_format(mancala_batch_game(b, i), before[i], MANCALA_POSITION_MAX);
    struct snapshot snap;
    take_snapshot(b, &snap);
    mancala_game *modiar = NULL, *ended = NULL, *rio = NULL;
    ck_assert_int_eq(mancala_new(&modiar, "modiar"), MANCALA_OK);
    ck_assert_int_eq(mancala_new(&rio, "rio-kadalis"), MANCALA_OK);
    ended = parse_ok("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,1/S/20,27/3/0,0");
    ck_assert_int_eq(mancala_is_over(ended), 1);
    const uint8_t mask[3] = {1, 1, 1};
    struct {
        int status;
        int got;
        const char *reason;
    } cases[] = {
        {MANCALA_E_RANGE, mancala_batch_set_position(b, 3, "rio-kadalis"), "index: 3 is not in 0 ... 2"},
        {MANCALA_E_RANGE, mancala_batch_set_position(b, -1, "rio-kadalis"), "index: -1 is not in 0 ... 2"},
        {MANCALA_E_RANGE, mancala_batch_set_game(b, 3, rio), "index: 3 is not in 0 ... 2"},
        {MANCALA_E_INVALID, mancala_batch_set_position(b, 0, NULL), "position is NULL"},
        {MANCALA_E_INVALID, mancala_batch_set_game(b, 0, NULL), "game is NULL"},
        {MANCALA_E_RULES, mancala_batch_set_position(b, 0, "modiar/7,7,7,7,7,7/S/0,0/0"),
         "position: a position of modiar, not rio-kadalis"},
        {MANCALA_E_RULES, mancala_batch_set_position(b, 0, "rio-kadalis-5/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0"),
         "position: a position of rio-kadalis-5, not rio-kadalis"},
        {MANCALA_E_RULES, mancala_batch_set_game(b, 0, modiar), "game: a game of modiar, not rio-kadalis"},
        {MANCALA_E_STATE, mancala_batch_set_position(b, 1, "rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,1/S/20,27/3/0,0"),
         "position: the round is over (no legal move)"},
        {MANCALA_E_STATE, mancala_batch_set_game(b, 1, ended), "game: its round is over"},
        {MANCALA_E_INVALID, mancala_batch_reset_games(b, NULL, 3, 1), "mask is NULL"},
        {MANCALA_E_INVALID, mancala_batch_reset_games(b, mask, 2, 1), "count: 2 mask entries for 3 games"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        expect(cases[k].got == cases[k].status, "case %zu: %d", k, cases[k].got);
    /* The reasons (read after a call of each kind again: the calls in
     * the initializer above ran in an unspecified order). */
    ck_assert_int_eq(mancala_batch_set_position(b, 2, "rio-kadalis/x"), MANCALA_E_PARSE);
    ck_assert(strncmp(mancala_batch_reason(b), "position: ", 10) == 0 && strlen(mancala_batch_reason(b)) > 10);
    ck_assert(same_as_snapshot(b, &snap));
    ck_assert_int_eq(mancala_batch_set_game(b, 0, modiar), MANCALA_E_RULES);
    expect_str_eq(mancala_batch_reason(b), "game: a game of modiar, not rio-kadalis");
    ck_assert_int_eq(mancala_batch_set_position(b, 1, "rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,1/S/20,27/3/0,0"),
                     MANCALA_E_STATE);
    expect_str_eq(mancala_batch_reason(b), "position: the round is over (no legal move)");
    ck_assert_int_eq(mancala_batch_set_position(b, 3, "rio-kadalis"), MANCALA_E_RANGE);
    expect_str_eq(mancala_batch_reason(b), "index: 3 is not in 0 ... 2");
    ck_assert_int_eq(mancala_batch_reset_games(b, mask, 2, 1), MANCALA_E_INVALID);
    expect_str_eq(mancala_batch_reason(b), "count: 2 mask entries for 3 games");
    ck_assert(same_as_snapshot(b, &snap));
    for (int i = 0; i < 3; i++)
        expect_str_eq(fmt(mancala_batch_game(b, i)), before[i]);
    /* Nothing to set from: out of range and NULL batch. */
    ck_assert_int_eq(mancala_batch_set_position(NULL, 0, "rio-kadalis"), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_set_game(NULL, 0, rio), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_reset_games(NULL, mask, 3, 1), MANCALA_E_INVALID);
    /* A batch from positions: the first refused is named, nothing made. */
    const char *list[] = {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", "modiar/7,7,7,7,7,7/S/0,0/0"};
    mancala_batch *none = (mancala_batch *)&snap;
    char err[MANCALA_REASON_MAX];
    ck_assert_int_eq(mancala_batch_new_from_positions(&none, "rio-kadalis", list, 2, 1, err, sizeof err),
                     MANCALA_E_RULES);
    expect_str_eq(err, "positions[1]: position: a position of modiar, not rio-kadalis");
    ck_assert(none == (mancala_batch *)&snap);
    ck_assert_int_eq(mancala_batch_new_from_positions(&none, "rio-kadalis", NULL, 2, 1, err, sizeof err),
                     MANCALA_E_INVALID);
    free(snap.bytes);
    mancala_free(modiar);
    mancala_free(rio);
    mancala_free(ended);
    mancala_batch_free(b);
}
END_TEST

/* Where the next episode starts: the game's own position, or the rules'
 * start (::MANCALA_BATCH_OPT_RESTART); for the autoreset and the resets. */
START_TEST(restart_from_own_or_rules_start)
{
    const char *own = "modiar/1,0,2,0,1,0/S/19,19/30";
    for (int option = 0; option < 2; option++) {
        mancala_batch *b = batch_ok("modiar", 2, 1);
        ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_RESTART),
                         MANCALA_BATCH_RESTART_OWN);
        ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_RESTART, option), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_RESTART, 2), MANCALA_E_OPTION);
        ck_assert_int_eq(mancala_batch_reset(b, 1), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_set_position(b, 0, own), MANCALA_OK);
        const char *next = option == MANCALA_BATCH_RESTART_OWN ? own : "modiar/7,7,7,7,7,7/S/0,0/0";
        for (int episode = 0; episode < 3; episode++) {
            while (!mancala_batch_terminated(b)[0] && !mancala_batch_truncated(b)[0])
                ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
            ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK); /* the autoreset */
            expect_str_eq(fmt(mancala_batch_game(b, 0)), next);
        }
        const uint8_t mask[2] = {1, 0};
        ck_assert_int_eq(mancala_batch_set_position(b, 0, own), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_reset_games(b, mask, 2, 1), MANCALA_OK);
        expect_str_eq(fmt(mancala_batch_game(b, 0)), next);
        ck_assert_int_eq(mancala_batch_set_position(b, 0, own), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_reset(b, 1), MANCALA_OK);
        expect_str_eq(fmt(mancala_batch_game(b, 0)), next);
        expect_str_eq(fmt(mancala_batch_game(b, 1)), "modiar/7,7,7,7,7,7/S/0,0/0");
        mancala_batch_free(b);
    }
}
END_TEST

/* A mask resets exactly its games, as a whole reset would with the same
 * seed; the others go on unchanged. */
START_TEST(reset_games_by_mask)
{
    const int count = 40;
    mancala_batch *a = batch_ok("rio-kadalis", count, 5), *b = batch_ok("rio-kadalis", count, 5);
    uint8_t mask[40], ones[40];
    for (int i = 0; i < count; i++) {
        mask[i] = i % 3 == 1;
        ones[i] = 1;
    }
    for (int s = 0; s < 30; s++) {
        ck_assert_int_eq(mancala_batch_step_random(a, NULL, 0), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    }
    char before[40][MANCALA_POSITION_MAX];
    for (int i = 0; i < count; i++)
        mancala_format(mancala_batch_game(b, i), before[i], MANCALA_POSITION_MAX);
    ck_assert_int_eq(mancala_batch_reset_games(b, mask, (size_t)count, 9), MANCALA_OK);
    mancala_game *start = NULL;
    ck_assert_int_eq(mancala_new(&start, "rio-kadalis"), MANCALA_OK);
    for (int i = 0; i < count; i++) {
        if (mask[i]) {
            check_row(b, i, start);
            ck_assert_int_eq(mancala_batch_terminated(b)[i] + mancala_batch_truncated(b)[i], 0);
        } else {
            expect_str_eq(fmt(mancala_batch_game(b, i)), before[i]);
            check_row(b, i, mancala_batch_game(a, i));
        }
    }
    /* All ones with a seed: a reset with that seed. */
    ck_assert_int_eq(mancala_batch_reset_games(a, ones, (size_t)count, 9), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_reset(b, 9), MANCALA_OK);
    struct snapshot snap;
    for (int s = 0; s < 50; s++) {
        ck_assert_int_eq(mancala_batch_step_random(a, NULL, 0), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
        take_snapshot(a, &snap);
        ck_assert(same_as_snapshot(b, &snap));
        free(snap.bytes);
    }
    mancala_free(start);
    mancala_batch_free(a);
    mancala_batch_free(b);
}
END_TEST

/* The mask of a game without a legal action: zeros by default, as in
 * 1.3; ones with ::MANCALA_ENDED_MASK_ONES (and only there). */
START_TEST(ended_mask_option)
{
    for (int option = 0; option < 2; option++) {
        for (int mode = MANCALA_AUTORESET_NEXT_STEP; mode <= MANCALA_AUTORESET_DISABLED; mode += 2) {
            mancala_batch *b = batch_ok("modiar", 1, 5);
            ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_ENDED_MASK),
                             MANCALA_ENDED_MASK_ZEROS);
            ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_ENDED_MASK, option), MANCALA_OK);
            ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_AUTORESET, mode), MANCALA_OK);
            ck_assert_int_eq(mancala_batch_reset(b, 5), MANCALA_OK);
            step_to_end(b);
            ck_assert_int_eq(mancala_is_over(mancala_batch_game(b, 0)), 1);
            const uint8_t *m = mancala_batch_legal_masks(b);
            const int want = option == MANCALA_ENDED_MASK_ONES;
            for (int rep = 0; rep < (mode == MANCALA_AUTORESET_DISABLED ? 3 : 1); rep++) {
                expect(m[0] == want && m[1] == want && m[2] == want, "option %d mode %d: %d%d%d",
                       option, mode, m[0], m[1], m[2]);
                if (mode == MANCALA_AUTORESET_DISABLED)
                    ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
            }
            if (mode == MANCALA_AUTORESET_NEXT_STEP) {
                ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
                expect(m[0] == 1 && m[1] == 1 && m[2] == 1, "the start: %d%d%d", m[0], m[1], m[2]);
            }
            mancala_batch_free(b);
        }
    }
    mancala_batch *b = batch_ok("modiar", 1, 5);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_ENDED_MASK, 2), MANCALA_E_OPTION);
    mancala_batch_free(b);
}
END_TEST

/* Two batches with one and three threads give the same bytes; now and
 * then the threads wait long enough between steps to fall asleep (a
 * worker spins for at most about a millisecond, then sleeps until the
 * next step wakes it). */
START_TEST(batch_threads_identical)
{
    const char *rules = all_rules[_i];
    const int count = (int)test_scaled(500);
    mancala_batch *one = batch_ok(rules, count, 3), *three = batch_ok(rules, count, 3);
    ck_assert_int_eq(mancala_batch_set_option(three, MANCALA_BATCH_OPT_THREADS, 3), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_get_option(three, MANCALA_BATCH_OPT_THREADS), 3);
    const size_t obs = (size_t)count * (size_t)mancala_batch_observation_size(one);
    const size_t masks = (size_t)count * (size_t)mancala_batch_num_actions(one);
    for (int step = 0; step < 300; step++) {
        if (step % 50 == 25) {
            const struct timespec pause = {0, 20 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
        expect_int_eq(mancala_batch_step_random(one, NULL, 0), MANCALA_OK);
        expect_int_eq(mancala_batch_step_random(three, NULL, 0), MANCALA_OK);
        expect(memcmp(mancala_batch_observations(one), mancala_batch_observations(three),
                      obs * sizeof(float)) == 0, "step %d: observations", step);
        expect(memcmp(mancala_batch_legal_masks(one), mancala_batch_legal_masks(three), masks) == 0,
               "step %d: masks", step);
        expect(memcmp(mancala_batch_rewards(one), mancala_batch_rewards(three),
                      2 * (size_t)count * sizeof(float)) == 0, "step %d: rewards", step);
        expect(memcmp(mancala_batch_terminated(one), mancala_batch_terminated(three),
                      (size_t)count) == 0, "step %d: terminated", step);
        if (step == 150) /* fewer threads in the middle, then more again */
            ck_assert_int_eq(mancala_batch_set_option(three, MANCALA_BATCH_OPT_THREADS, 2),
                             MANCALA_OK);
    }
    /* A reset with the seed of creation starts the same sequence again. */
    ck_assert_int_eq(mancala_batch_reset(one, 3), MANCALA_OK);
    mancala_batch *fresh = batch_ok(rules, count, 3);
    for (int step = 0; step < 50; step++) {
        mancala_batch_step_random(one, NULL, 0);
        mancala_batch_step_random(fresh, NULL, 0);
    }
    expect(memcmp(mancala_batch_observations(one), mancala_batch_observations(fresh),
                  obs * sizeof(float)) == 0, "reset: observations");
    mancala_batch_free(fresh);
    mancala_batch_free(one);
    mancala_batch_free(three);
}
END_TEST

/* Steps a one-game batch with random actions until its episode ends;
 * returns the steps. */
static int step_to_end(mancala_batch *b)
{
    for (int steps = 1; steps < 100000; steps++) {
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
        if (mancala_batch_terminated(b)[0] || mancala_batch_truncated(b)[0])
            return steps;
    }
    ck_abort_msg("no end");
    return 0;
}

START_TEST(autoreset_modes)
{
    float start[19];
    mancala_game *fresh;
    ck_assert_int_eq(mancala_new(&fresh, "modiar"), MANCALA_OK);
    mancala_observation(fresh, start, 19);
    mancala_free(fresh);

    /* NEXT_STEP: the ending step shows the end; the next one the start,
     * ignoring its action (here one out of range). */
    mancala_batch *b = batch_ok("modiar", 1, 5);
    ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_AUTORESET),
                     MANCALA_AUTORESET_NEXT_STEP);
    step_to_end(b);
    const mancala_game *g = mancala_batch_game(b, 0);
    ck_assert_int_eq(mancala_is_over(g), 1);
    float r[2];
    ck_assert_int_eq(mancala_returns(g, 0, r), 1);
    ck_assert(mancala_batch_rewards(b)[0] == r[0] && mancala_batch_rewards(b)[1] == r[1]);
    ck_assert(r[0] != 0 || mancala_winner(g) == MANCALA_DRAW);
    ck_assert_int_eq(mancala_batch_terminated(b)[0], 1);
    int32_t action = 99, out = 5;
    ck_assert_int_eq(mancala_batch_step(b, &action, 1, NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_terminated(b)[0], 0);
    ck_assert(mancala_batch_rewards(b)[0] == 0 && mancala_batch_rewards(b)[1] == 0);
    ck_assert(memcmp(mancala_batch_observations(b), start, sizeof start) == 0);
    expect_str_eq(fmt(mancala_batch_game(b, 0)), "modiar/7,7,7,7,7,7/S/0,0/0");
    /* The step after that plays. */
    action = 1;
    ck_assert_int_eq(mancala_batch_step(b, &action, 1, NULL), MANCALA_OK);
    expect_str_eq(fmt(mancala_batch_game(b, 0)), "modiar/8,2,8,8,8,8/N/0,0/1");
    mancala_batch_free(b);

    /* SAME_STEP: the ending step shows the flags and rewards, the start as
     * observation, the end in the final observations. */
    b = batch_ok("modiar", 1, 5);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_AUTORESET,
                                              MANCALA_AUTORESET_SAME_STEP), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_reset(b, 5), MANCALA_OK);
    mancala_game *copy = NULL;
    for (;;) {
        mancala_free(copy);
        ck_assert_int_eq(mancala_clone(&copy, mancala_batch_game(b, 0)), MANCALA_OK);
        int32_t played;
        ck_assert_int_eq(mancala_batch_step_random(b, &played, 1), MANCALA_OK);
        ck_assert_int_eq(mancala_play(copy, mancala_action_to_pit(copy, played)), MANCALA_OK);
        if (mancala_batch_terminated(b)[0])
            break;
        ck_assert_int_eq(mancala_is_over(copy), 0);
    }
    float last[19];
    ck_assert_int_eq(mancala_is_over(copy), 1);
    mancala_observation(copy, last, 19);
    ck_assert(memcmp(mancala_batch_final_observations(b), last, sizeof last) == 0);
    ck_assert(memcmp(mancala_batch_observations(b), start, sizeof start) == 0);
    ck_assert_int_eq(mancala_returns(copy, 0, r), 1);
    ck_assert(mancala_batch_rewards(b)[0] == r[0]);
    mancala_free(copy);
    /* The next step plays from the start. */
    ck_assert_int_eq(mancala_batch_step_random(b, &out, 1), MANCALA_OK);
    ck_assert_int_ge(out, 0);
    ck_assert_int_eq(mancala_ply(mancala_batch_game(b, 0)), 1);
    mancala_batch_free(b);

    /* DISABLED: the ended game stays until a reset. */
    b = batch_ok("modiar", 1, 5);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_AUTORESET,
                                              MANCALA_AUTORESET_DISABLED), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_reset(b, 5), MANCALA_OK);
    step_to_end(b);
    char end[MANCALA_POSITION_MAX];
    mancala_format(mancala_batch_game(b, 0), end, sizeof end);
    for (int i = 0; i < 3; i++) {
        action = 0;
        ck_assert_int_eq(mancala_batch_step(b, &action, 1, NULL), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_terminated(b)[0], 1);
        ck_assert(mancala_batch_rewards(b)[0] == 0);
        expect_str_eq(fmt(mancala_batch_game(b, 0)), end);
    }
    ck_assert_int_eq(mancala_batch_step_random(b, &out, 1), MANCALA_OK);
    ck_assert_int_eq(out, -1);
    ck_assert_int_eq(mancala_batch_reset(b, 5), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_terminated(b)[0], 0);
    ck_assert(memcmp(mancala_batch_observations(b), start, sizeof start) == 0);
    mancala_batch_free(b);
}
END_TEST

/* A match episode goes through its rounds inside the steps; a ply limit
 * truncates. */
START_TEST(match_episodes_and_truncation)
{
    mancala_batch *b = batch_ok("rio-kadalis", 1, 9);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MATCH, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_AUTORESET,
                                              MANCALA_AUTORESET_DISABLED), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_REWARD, MANCALA_RETURNS_STONES),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_batch_reset(b, 9), MANCALA_OK);
    int most_round = 1;
    for (int steps = 0; !mancala_batch_terminated(b)[0] && !mancala_batch_truncated(b)[0]; steps++) {
        ck_assert_int_lt(steps, 100000);
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
        const int round = mancala_round(mancala_batch_game(b, 0));
        ck_assert_float_eq(mancala_batch_observations(b)[4 * 6 + 5], (float)(round - 1));
        most_round = round > most_round ? round : most_round;
    }
    const mancala_game *g = mancala_batch_game(b, 0);
    ck_assert_int_gt(most_round, 1);
    if (mancala_batch_terminated(b)[0]) {
        ck_assert_int_eq(mancala_match_over(g), 1);
        float r[2];
        mancala_returns(g, MANCALA_RETURNS_MATCH | MANCALA_RETURNS_STONES, r);
        ck_assert(mancala_batch_rewards(b)[0] == r[0] && mancala_batch_rewards(b)[1] == r[1]);
    }
    /* A limit of 5 plies: truncated at the fifth, without rewards. */
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MAX_PLIES, 5), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_MAX_PLIES), 5);
    ck_assert_int_eq(mancala_batch_reset(b, 9), MANCALA_OK);
    for (int i = 1; i <= 5; i++) {
        ck_assert_int_eq(mancala_batch_truncated(b)[0], 0);
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    }
    ck_assert_int_eq(mancala_batch_truncated(b)[0], 1);
    ck_assert_int_eq(mancala_batch_terminated(b)[0], 0);
    ck_assert_int_eq(mancala_ply(mancala_batch_game(b, 0)), 5);
    ck_assert(mancala_batch_rewards(b)[0] == 0 && mancala_batch_rewards(b)[1] == 0);
    mancala_batch_free(b);
}
END_TEST

START_TEST(batch_illegal_actions)
{
    mancala_batch *b = batch_ok("modiar", 3, 1);
    int32_t actions[3] = {0, 1, 2};
    int failed = 7;
    ck_assert_int_eq(mancala_batch_step(b, actions, 3, &failed), MANCALA_OK);
    ck_assert_int_eq(failed, -1);
    /* North to move in all: modiar/2,8,8,8,8,8, 7,2,8,8,8,8 and 7,7,2,8,8,8
     * (ply 1, nothing captured). Now game 2's action 2 (pit 5) is legal
     * and game 1's action 3 out of range. */
    size_t obs_bytes = 3 * 19 * sizeof(float);
    float before[3 * 19];
    uint8_t masks[9];
    memcpy(before, mancala_batch_observations(b), obs_bytes);
    memcpy(masks, mancala_batch_legal_masks(b), 9);
    char pos[3][MANCALA_POSITION_MAX];
    for (int i = 0; i < 3; i++)
        mancala_format(mancala_batch_game(b, i), pos[i], sizeof pos[i]);
    actions[0] = 0, actions[1] = 3, actions[2] = 2;
    ck_assert_int_eq(mancala_batch_step(b, actions, 3, &failed), MANCALA_E_RANGE);
    ck_assert_int_eq(failed, 1);
    expect_str_eq(mancala_batch_reason(b), "game 1: action 3 is not in 0 ... 2");
    actions[1] = -1;
    ck_assert_int_eq(mancala_batch_step(b, actions, 3, &failed), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_batch_step(b, actions, 2, &failed), MANCALA_E_INVALID);
    ck_assert_int_eq(failed, -1);
    expect_str_eq(mancala_batch_reason(b), "count: 2 actions for 3 games");
    ck_assert_int_eq(mancala_batch_step(b, NULL, 3, &failed), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_step(NULL, actions, 3, NULL), MANCALA_E_INVALID);
    for (int i = 0; i < 3; i++)
        expect_str_eq(fmt(mancala_batch_game(b, i)), pos[i]);
    ck_assert(memcmp(before, mancala_batch_observations(b), obs_bytes) == 0);
    ck_assert(memcmp(masks, mancala_batch_legal_masks(b), 9) == 0);
    mancala_batch_free(b);

    /* A singleton and an empty pit, in the second and third game. */
    b = batch_ok("rio-kadalis", 3, 1);
    int32_t first[3] = {0, 0, 0};
    ck_assert_int_eq(mancala_batch_step(b, first, 3, NULL), MANCALA_OK); /* R1 in each */
    expect_str_eq(fmt(mancala_batch_game(b, 1)), "rio-kadalis/2,7,1,6,1,6,6,6,0,1,6,6/N/0,0/1/0,0");
    int32_t bad[3] = {0, 1, 2}; /* North's pit 7 is fine, pit 8 is empty */
    ck_assert_int_eq(mancala_batch_step(b, bad, 3, &failed), MANCALA_E_EMPTY);
    ck_assert_int_eq(failed, 2);
    expect_str_eq(mancala_batch_reason(b), "game 2: action 2 (pit 8): illegal move: the pit is empty");
    for (int i = 0; i < 3; i++)
        expect_str_eq(fmt(mancala_batch_game(b, i)), "rio-kadalis/2,7,1,6,1,6,6,6,0,1,6,6/N/0,0/1/0,0");
    bad[2] = 3;
    ck_assert_int_eq(mancala_batch_step(b, bad, 3, &failed), MANCALA_OK);
    ck_assert_int_eq(failed, -1);
    expect_str_eq(mancala_batch_reason(b), "");
    mancala_batch_free(b);
}
END_TEST

START_TEST(batch_bad_arguments)
{
    mancala_batch *b = NULL;
    char err[256];
    ck_assert_int_eq(mancala_batch_new(&b, "modiar", 0, 1, err, sizeof err), MANCALA_E_INVALID);
    expect_str_eq(err, "count: 0 is not in 1 ... 1048576");
    ck_assert_int_eq(mancala_batch_new(&b, "modiar", 1048577, 1, err, sizeof err), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_new(&b, "kalah", 4, 1, err, sizeof err), MANCALA_E_RULES);
    expect_str_eq(err, "rules: unknown rules name");
    ck_assert_int_eq(mancala_batch_new(&b, NULL, 4, 1, err, sizeof err), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_new(NULL, "modiar", 4, 1, NULL, 0), MANCALA_E_INVALID);
    ck_assert_ptr_null(b);
    b = batch_ok("rio-kadalis-5", 4, 1);
    ck_assert_int_eq(mancala_batch_size(b), 4);
    ck_assert_int_eq(mancala_batch_num_actions(b), 5);
    ck_assert_int_eq(mancala_batch_observation_size(b), 27);
    ck_assert_int_eq(mancala_batch_set_option(b, 999, 1), MANCALA_E_OPTION);
    expect_str_eq(mancala_batch_reason(b), "option: unknown option");
    /* The reading calls leave the reason as it was (the header says so). */
    ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_AUTORESET),
                     MANCALA_AUTORESET_NEXT_STEP);
    ck_assert_int_eq(mancala_batch_get_option(b, 999), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_size(b), 4);
    expect_str_eq(mancala_batch_reason(b), "option: unknown option");
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, 2), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, 2), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_THREADS), 2);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_THREADS), 1);
    ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, 65), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_AUTORESET, 3), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_REWARD, 2), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MAX_PLIES, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MAX_PLIES, 100001),
                     MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_OPT_REPETITION, 2), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_OPT_REPETITION), 0);
    ck_assert_int_eq(mancala_get_option(mancala_batch_game(b, 0), MANCALA_OPT_REPETITION), 1);
    ck_assert_int_eq(mancala_batch_reset(b, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_get_option(mancala_batch_game(b, 3), MANCALA_OPT_REPETITION), 0);
    /* The match-repetition rule takes the values a game takes (1.3: 2). */
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_OPT_MATCH_REPETITION, 3),
                     MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_OPT_MATCH_REPETITION,
                                              MANCALA_MATCH_REPETITION_DRAW), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_reset(b, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_get_option(mancala_batch_game(b, 2), MANCALA_OPT_MATCH_REPETITION),
                     MANCALA_MATCH_REPETITION_DRAW);
    ck_assert_int_eq(mancala_batch_get_option(b, 999), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_step_random(b, (int32_t[3]){0}, 3), MANCALA_E_INVALID);
    ck_assert_ptr_null(mancala_batch_game(b, 4));
    ck_assert_ptr_null(mancala_batch_game(b, -1));
    ck_assert_ptr_null(mancala_batch_game(NULL, 0));
    ck_assert_ptr_null(mancala_batch_observations(NULL));
    ck_assert_ptr_null(mancala_batch_final_observations(NULL));
    ck_assert_ptr_null(mancala_batch_legal_masks(NULL));
    ck_assert_ptr_null(mancala_batch_rewards(NULL));
    ck_assert_ptr_null(mancala_batch_terminated(NULL));
    ck_assert_ptr_null(mancala_batch_truncated(NULL));
    ck_assert_ptr_null(mancala_batch_to_move(NULL));
    ck_assert_int_eq(mancala_batch_size(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_num_actions(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_observation_size(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_reset(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_step_random(NULL, NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_set_option(NULL, MANCALA_BATCH_OPT_THREADS, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_get_option(NULL, MANCALA_BATCH_OPT_THREADS), MANCALA_E_INVALID);
    expect_str_eq(mancala_batch_reason(NULL), "");
    mancala_batch_free(b);
    mancala_batch_free(NULL);
}
END_TEST

/* ---- no allocation in a step ---- */

struct counting {
    long calls;
    long fail_after; /* fail every call from this one on (-1: never) */
};

static void *counting_alloc(void *opaque, void *ptr, size_t size)
{
    struct counting *c = opaque;
    if (size && c->fail_after >= 0 && c->calls >= c->fail_after)
        return NULL;
    c->calls++;
    if (size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, size);
}

/* An allocator that calls the batch again from inside a call (as a
 * callback of another thread's call would find it): each such call is
 * refused as busy, and changes nothing. */
struct reentering {
    mancala_batch *batch;
    int calls, busy;
};

static void *reentering_alloc(void *opaque, void *ptr, size_t size)
{
    struct reentering *r = opaque;
    if (r->batch && size) {
        const uint8_t mask[2] = {1, 1};
        const int32_t actions[2] = {0, 0};
        const int got[] = {
            mancala_batch_step_random(r->batch, NULL, 0),
            mancala_batch_step(r->batch, actions, 2, NULL),
            mancala_batch_reset(r->batch, 1),
            mancala_batch_reset_games(r->batch, mask, 2, 1),
            mancala_batch_set_option(r->batch, MANCALA_BATCH_OPT_MATCH, 1),
            mancala_batch_set_position(r->batch, 0, "modiar/7,7,7,7,7,7/S/0,0/0"),
            mancala_batch_set_game(r->batch, 0, mancala_batch_game(r->batch, 1)),
        };
        for (size_t k = 0; k < sizeof got / sizeof got[0]; k++) {
            r->calls++;
            r->busy += got[k] == MANCALA_E_BUSY;
        }
    }
    if (size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, size);
}

/* A batch's games find the positions that recur without a set of them
 * (handle.h, the window): R7's repetition (layout_round_and_returns)
 * ends the batch's episode at the same ply as the single game's; a copy
 * of the batch's game, an ordinary handle, finds it too, after an undo
 * as well; and random playouts from the batch's game at every ply end as
 * from the single game's. */
START_TEST(batch_repetition_without_a_set)
{
    const char *start = "rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0";
    const int moves[] = {0, 7, 4, 11, 0, 8, 2, 6, 4, 10};
    mancala_batch *b = NULL;
    char err[MANCALA_REASON_MAX];
    ck_assert_int_eq(mancala_batch_new_from_positions(&b, "rio-kadalis", &start, 1, 1, err,
                                                      sizeof err),
                     MANCALA_OK);
    mancala_game *single = parse_ok(start);
    for (int i = 0; i < 10; i++) {
        const mancala_game *game = mancala_batch_game(b, 0);
        for (uint64_t seed = 0; seed < 200; seed++) {
            int want[2], got[2];
            const int plies = mancala_playout(single, seed, want);
            ck_assert_int_eq(mancala_playout(game, seed, got), plies);
            ck_assert(got[0] == want[0] && got[1] == want[1]);
        }
        if (i == 9) {
            /* The last move repeats the start, in the copy too. */
            mancala_game *copy = NULL;
            ck_assert_int_eq(mancala_clone(&copy, game), MANCALA_OK);
            ck_assert_int_eq(mancala_play(copy, moves[i]), MANCALA_OK);
            ck_assert_int_eq(mancala_end_reason(copy), MANCALA_END_REPETITION);
            ck_assert_int_eq(mancala_undo(copy), MANCALA_OK);
            ck_assert_int_eq(mancala_end_reason(copy), MANCALA_END_NONE);
            ck_assert_int_eq(mancala_play(copy, moves[i]), MANCALA_OK);
            ck_assert_int_eq(mancala_end_reason(copy), MANCALA_END_REPETITION);
            mancala_free(copy);
        }
        const int32_t action = moves[i] % 6;
        ck_assert_int_eq(mancala_batch_step(b, &action, 1, NULL), MANCALA_OK);
        ck_assert_int_eq(mancala_play(single, moves[i]), MANCALA_OK);
        ck_assert_int_eq(mancala_batch_terminated(b)[0], i == 9);
        ck_assert(same_position(mancala_batch_game(b, 0), single));
    }
    ck_assert_int_eq(mancala_end_reason(mancala_batch_game(b, 0)), MANCALA_END_REPETITION);
    mancala_free(single);
    mancala_batch_free(b);
}
END_TEST

START_TEST(a_call_under_way_makes_others_busy)
{
    struct reentering r = {NULL, 0, 0};
    mancala_batch *b = NULL;
    ck_assert_int_eq(mancala_batch_new_with_allocator(&b, "modiar", 2, 1, NULL, 0, reentering_alloc, &r),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    struct snapshot snap;
    take_snapshot(b, &snap);
    char before[2][MANCALA_POSITION_MAX];
    for (int i = 0; i < 2; i++)
        mancala_format(mancala_batch_game(b, i), before[i], MANCALA_POSITION_MAX);
    r.batch = b;
    /* A longer limit makes room in each game's match log (an allocation). */
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MAX_PLIES, 50000), MANCALA_OK);
    r.batch = NULL;
    ck_assert_int_gt(r.calls, 0);
    ck_assert_int_eq(r.busy, r.calls);
    expect_str_eq(mancala_batch_reason(b), "");
    ck_assert(same_as_snapshot(b, &snap));
    for (int i = 0; i < 2; i++)
        expect_str_eq(fmt(mancala_batch_game(b, i)), before[i]);
    ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_MATCH), 0);
    /* Free again afterwards. */
    ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    free(snap.bytes);
    mancala_batch_free(b);
}
END_TEST

START_TEST(steps_do_not_allocate)
{
    const char *rules = all_rules[_i];
    struct counting c = {0, -1};
    mancala_batch *b = NULL;
    ck_assert_int_eq(mancala_batch_new_with_allocator(&b, rules, 64, 1, NULL, 0, counting_alloc, &c),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MATCH, _i % 2), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, 2), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_AUTORESET,
                                              MANCALA_AUTORESET_SAME_STEP), MANCALA_OK);
    const long created = c.calls;
    ck_assert_int_eq(mancala_batch_reset(b, 2), MANCALA_OK);
    long ended = 0;
    /* Enough steps for matches to end under valgrind too. */
    const int steps = test_scaled(20000) > 2000 ? (int)test_scaled(20000) : 2000;
    for (int s = 0; s < steps; s++) {
        ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
        for (int i = 0; i < 64; i++)
            ended += mancala_batch_terminated(b)[i];
    }
    ck_assert_int_gt(ended, 0);
    ck_assert_int_eq(c.calls, created);
    mancala_batch_free(b);
}
END_TEST

/* Random actions are drawn uniformly among the legal ones: from the start
 * (every action legal), each of n actions about one time in n over
 * thousands of games (the draws are seeded, so the counts are fixed; a
 * draw that favoured one action, or the first legal one, fails). That
 * they are legal in every later position, batch_against_singles()
 * checks by playing them on single games. */
START_TEST(random_actions_uniform)
{
    const char *rules = _i ? "rio-kadalis" : "modiar";
    const int games = 6000, n = _i ? 6 : 3;
    mancala_batch *b = batch_ok(rules, games, 3);
    int32_t *actions = calloc(games, sizeof *actions);
    ck_assert_ptr_nonnull(actions);
    ck_assert_int_eq(mancala_batch_step_random(b, actions, games), MANCALA_OK);
    int counts[6] = {0};
    for (int i = 0; i < games; i++) {
        ck_assert_int_ge(actions[i], 0);
        ck_assert_int_lt(actions[i], n);
        counts[actions[i]]++;
    }
    /* games / n each, within about 5 standard deviations (37 and 29) */
    for (int a = 0; a < n; a++)
        expect(abs(counts[a] - games / n) < (_i ? 150 : 200), "%s: action %d drawn %d times in %d",
               rules, a, counts[a], games);
    free(actions);
    mancala_batch_free(b);
}
END_TEST

/* Every allocation failure in creation is reported, and leaks nothing
 * (valgrind and the sanitizers check the leaks). */
START_TEST(batch_new_out_of_memory)
{
    for (long k = 0;; k++) {
        struct counting c = {0, k};
        mancala_batch *b = NULL;
        char err[256];
        int status = mancala_batch_new_with_allocator(&b, "rio-kadalis", 3, 1, err, sizeof err,
                                                      counting_alloc, &c);
        if (status == MANCALA_OK) {
            ck_assert_int_gt(k, 3);
            /* A longer ply limit needs a longer match log in each game:
             * refused when it cannot be had, and the batch goes on. */
            c.fail_after = c.calls + 1;
            ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MAX_PLIES, 5000),
                             MANCALA_E_NOMEM);
            expect_str_eq(mancala_batch_reason(b), "max plies: no memory for the match log");
            ck_assert_int_eq(mancala_batch_get_option(b, MANCALA_BATCH_OPT_MAX_PLIES), 1000);
            ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
            c.fail_after = -1;
            ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_MAX_PLIES, 5000),
                             MANCALA_OK);
            mancala_batch_free(b);
            break;
        }
        ck_assert_int_eq(status, MANCALA_E_NOMEM);
        expect_str_eq(err, mancala_strerror(MANCALA_E_NOMEM));
        ck_assert_ptr_null(b);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("research");
    TCase *tc = tcase_create("single");
    tcase_add_test(tc, actions_both_seats);
    tcase_add_test(tc, layout_modiar);
    tcase_add_test(tc, layout_rio_kadalis);
    tcase_add_test(tc, layout_round_and_returns);
    tcase_add_test(tc, single_errors);
    suite_add_tcase(s, tc);

    tc = tcase_create("batch");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, batch_matches_single_games, 0, 2 * RULES_COUNT);
    tcase_add_loop_test(tc, batch_matches_single_matches, 0, 2 * RULES_COUNT);
    tcase_add_loop_test(tc, batch_threads_identical, 0, RULES_COUNT);
    tcase_add_loop_test(tc, random_actions_uniform, 0, 2);
    tcase_add_test(tc, autoreset_modes);
    tcase_add_test(tc, match_episodes_and_truncation);
    tcase_add_test(tc, batch_illegal_actions);
    tcase_add_test(tc, batch_bad_arguments);
    tcase_add_loop_test(tc, steps_do_not_allocate, 0, RULES_COUNT);
    tcase_add_test(tc, batch_new_out_of_memory);
    tcase_add_loop_test(tc, batch_from_positions_matches_singles, 0, 2 * RULES_COUNT);
    tcase_add_loop_test(tc, set_position_and_game, 0, RULES_COUNT);
    tcase_add_test(tc, set_position_errors);
    tcase_add_test(tc, restart_from_own_or_rules_start);
    tcase_add_test(tc, reset_games_by_mask);
    tcase_add_test(tc, ended_mask_option);
    tcase_add_test(tc, a_call_under_way_makes_others_busy);
    tcase_add_test(tc, batch_repetition_without_a_set);
    suite_add_tcase(s, tc);
    return run_suite(s);
}

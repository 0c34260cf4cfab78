/*
 * libFuzzer harness for batches (mancala_batch_*). The first byte chooses
 * the rules, the second the number of games (1 to 6), the third the seed;
 * every further byte is one call, taking the bytes after it as its
 * arguments: a step (each game's action one of its legal actions, an
 * illegal one or one out of range), a random step, a reset, an option
 * (known or not, with any value), the worker threads of the second batch,
 * or a look at one game through a clone of it.
 *
 * Two batches take the same calls: one steps its games on the calling
 * thread, the other on 1 to 3 threads. After every call:
 *
 * - both returned the same, said the same reason, and hold the same
 *   arrays, byte for byte (the results do not depend on the threads);
 * - a call that failed changed no array and no game;
 * - each game's rows (observation, legal mask, player to move) are what
 *   mancala_observation(), mancala_legal_mask() and mancala_to_move() say
 *   of that game (mancala_batch_game());
 * - every game holds the stones of its rules (pits, captures, banks);
 * - a clone of a game plays a legal move and takes it back to the same
 *   position.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mancala.h"

#include "fuzz/check.h"

#define MAX_GAMES 6
#define MAX_TEXT 128
/* Calls per input: enough for several episodes of short games. */
#define MAX_CALLS 1024
/* The largest observation (6 pits a row) and mask. */
#define MAX_OBS (4 * 6 + 7)
#define MAX_N 6

static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw",
                                    "rio-kadalis-5-cw"};
static const int stones_of[] = {42, 48, 40, 48, 40};

/* Options to set: every batch option and game option, and two that are
 * none; values around the edges of each one's range. */
static const int options[] = {MANCALA_BATCH_OPT_AUTORESET,  MANCALA_BATCH_OPT_MATCH,
                              MANCALA_BATCH_OPT_REWARD,     MANCALA_BATCH_OPT_MAX_PLIES,
                              MANCALA_OPT_REPETITION,       MANCALA_OPT_MATCH_REPETITION,
                              MANCALA_OPT_MAX_ROUNDS,       0,
                              -1};
static const int values[] = {0, 1, 2, 3, 5, 40, -1, 100001, INT32_MIN, INT32_MAX};

/* What a batch shows: its arrays, and each game's position. */
struct view {
    float obs[MAX_GAMES * MAX_OBS], final_obs[MAX_GAMES * MAX_OBS], rewards[2 * MAX_GAMES];
    uint8_t masks[MAX_GAMES * MAX_N], terminated[MAX_GAMES], truncated[MAX_GAMES];
    int32_t to_move[MAX_GAMES];
    char text[MAX_GAMES][MAX_TEXT];
    int round[MAX_GAMES];
};

static void take(const mancala_batch *b, struct view *v)
{
    memset(v, 0, sizeof *v);
    const int count = mancala_batch_size(b), size = mancala_batch_observation_size(b);
    const int n = mancala_batch_num_actions(b);
    memcpy(v->obs, mancala_batch_observations(b), (size_t)count * size * sizeof *v->obs);
    memcpy(v->final_obs, mancala_batch_final_observations(b),
           (size_t)count * size * sizeof *v->final_obs);
    memcpy(v->rewards, mancala_batch_rewards(b), 2 * (size_t)count * sizeof *v->rewards);
    memcpy(v->masks, mancala_batch_legal_masks(b), (size_t)count * n);
    memcpy(v->terminated, mancala_batch_terminated(b), (size_t)count);
    memcpy(v->truncated, mancala_batch_truncated(b), (size_t)count);
    memcpy(v->to_move, mancala_batch_to_move(b), (size_t)count * sizeof *v->to_move);
    for (int i = 0; i < count; i++) {
        const mancala_game *g = mancala_batch_game(b, i);
        const int len = mancala_format(g, v->text[i], MAX_TEXT);
        CHECK(len > 0 && len < MAX_TEXT);
        v->round[i] = mancala_round(g);
    }
}

/* The invariants of one batch that hold after any call. */
static void check_batch(const mancala_batch *b, int stones)
{
    const int count = mancala_batch_size(b), size = mancala_batch_observation_size(b);
    const int n = mancala_batch_num_actions(b);
    CHECK(count >= 1 && count <= MAX_GAMES && n >= 1 && n <= MAX_N && size <= MAX_OBS);
    for (int i = 0; i < count; i++) {
        const mancala_game *g = mancala_batch_game(b, i);
        CHECK(g != NULL);
        float obs[MAX_OBS];
        CHECK(mancala_observation(g, obs, MAX_OBS) == size);
        CHECK(memcmp(obs, mancala_batch_observations(b) + (size_t)i * size,
                     (size_t)size * sizeof *obs) == 0);
        uint8_t mask[MAX_N];
        CHECK(mancala_legal_mask(g, mask, MAX_N) >= 0);
        CHECK(memcmp(mask, mancala_batch_legal_masks(b) + (size_t)i * n, (size_t)n) == 0);
        CHECK(mancala_batch_to_move(b)[i] == mancala_to_move(g));
        int held = 0;
        for (int pit = 0; pit < mancala_num_pits(g); pit++)
            held += mancala_pit(g, pit);
        for (int player = 0; player < 2; player++)
            held += mancala_captured(g, player) + mancala_bank(g, player);
        CHECK(held == stones);
    }
    CHECK(mancala_batch_game(b, -1) == NULL && mancala_batch_game(b, count) == NULL);
}

/* A clone of game i plays its first legal move and takes it back. */
static void check_clone(const mancala_batch *b, int i)
{
    const mancala_game *g = mancala_batch_game(b, i);
    mancala_game *c;
    CHECK(mancala_clone(&c, g) == MANCALA_OK);
    char before[MAX_TEXT], after[MAX_TEXT];
    CHECK(mancala_format(g, before, sizeof before) > 0);
    CHECK(mancala_format(c, after, sizeof after) > 0);
    CHECK(strcmp(before, after) == 0 && mancala_hash(c) == mancala_hash(g));
    int moves[MANCALA_MAX_PITS];
    if (mancala_legal_moves(c, moves, MANCALA_MAX_PITS) > 0) {
        CHECK(mancala_play(c, moves[0]) == MANCALA_OK);
        CHECK(mancala_undo(c) == MANCALA_OK);
        CHECK(mancala_format(c, after, sizeof after) > 0);
        CHECK(strcmp(before, after) == 0 && mancala_hash(c) == mancala_hash(g));
    }
    mancala_free(c);
}

/* The actions of a step from the input: most legal (the k-th legal action
 * of the game), some illegal, a few out of range. */
static void actions_from(const mancala_batch *b, const uint8_t *data, size_t size, size_t *at,
                         int32_t *actions)
{
    const int count = mancala_batch_size(b), n = mancala_batch_num_actions(b);
    const uint8_t *masks = mancala_batch_legal_masks(b);
    for (int i = 0; i < count; i++) {
        const uint8_t byte = *at < size ? data[(*at)++] : 0;
        const uint8_t *mask = masks + (size_t)i * n;
        int legal[MAX_N], k = 0;
        for (int a = 0; a < n; a++)
            if (mask[a])
                legal[k++] = a;
        if (byte < 0xe0 && k > 0)
            actions[i] = legal[byte % k];
        else if (byte < 0xf8)
            actions[i] = byte % n; /* legal or not */
        else
            actions[i] = (const int32_t[]){-1, n, INT32_MIN, INT32_MAX,
                                           -n, 2 * n, 100, -100}[byte & 7];
    }
}

/* Both batches: the same result, the same reason (if both took the call)
 * and the same arrays. */
static void check_same(const mancala_batch *a, const mancala_batch *b, int status_a,
                       int status_b, int same_calls)
{
    CHECK(status_a == status_b);
    CHECK(!same_calls || strcmp(mancala_batch_reason(a), mancala_batch_reason(b)) == 0);
    static struct view va, vb;
    take(a, &va);
    take(b, &vb);
    CHECK(memcmp(&va, &vb, sizeof va) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    const int r = data[0] % (int)(sizeof rules / sizeof rules[0]);
    const int count = 1 + data[1] % MAX_GAMES;
    const uint64_t seed = data[2];
    mancala_batch *a, *b;
    char err[MANCALA_REASON_MAX];
    CHECK(mancala_batch_new(&a, rules[r], count, seed, err, sizeof err) == MANCALA_OK);
    CHECK(mancala_batch_new(&b, rules[r], count, seed, err, sizeof err) == MANCALA_OK);
    CHECK(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, 2) == MANCALA_OK);
    check_same(a, b, 0, 0, 1);
    static struct view before, now;
    int calls = 0;
    for (size_t at = 3; at < size && calls < MAX_CALLS; calls++) {
        const uint8_t op = data[at++];
        const uint8_t arg = at < size ? data[at] : 0;
        int sa, sb, same_calls = 1;
        switch (op % 8) {
        default: { /* 0 to 3: a step */
            int32_t actions[MAX_GAMES];
            actions_from(a, data, size, &at, actions);
            int failed_a, failed_b;
            take(a, &before);
            sa = mancala_batch_step(a, actions, (size_t)count, &failed_a);
            sb = mancala_batch_step(b, actions, (size_t)count, &failed_b);
            CHECK(failed_a == failed_b);
            CHECK((sa == MANCALA_OK) == (failed_a == -1));
            if (sa != MANCALA_OK) {
                CHECK(failed_a >= 0 && failed_a < count);
                char game[32];
                snprintf(game, sizeof game, "game %d:", failed_a);
                CHECK(strncmp(mancala_batch_reason(a), game, strlen(game)) == 0);
                take(a, &now);
                CHECK(memcmp(&before, &now, sizeof now) == 0);
            }
            break;
        }
        case 4: { /* a random step */
            int32_t chosen_a[MAX_GAMES], chosen_b[MAX_GAMES];
            sa = mancala_batch_step_random(a, chosen_a, (size_t)count);
            sb = mancala_batch_step_random(b, chosen_b, (size_t)count);
            CHECK(sa == MANCALA_OK);
            CHECK(memcmp(chosen_a, chosen_b, sizeof chosen_a[0] * (size_t)count) == 0);
            break;
        }
        case 5: /* a reset */
            at++;
            sa = mancala_batch_reset(a, arg);
            sb = mancala_batch_reset(b, arg);
            CHECK(sa == MANCALA_OK);
            break;
        case 6: { /* an option, which waits for the next reset */
            const int option = options[arg % (sizeof options / sizeof options[0])];
            const int value = values[(arg >> 4) % (sizeof values / sizeof values[0])];
            at++;
            take(a, &before);
            sa = mancala_batch_set_option(a, option, value);
            sb = mancala_batch_set_option(b, option, value);
            CHECK(sa == MANCALA_OK || sa == MANCALA_E_OPTION);
            if (sa == MANCALA_OK)
                CHECK(mancala_batch_get_option(a, option) == value);
            take(a, &now);
            CHECK(memcmp(&before, &now, sizeof now) == 0);
            break;
        }
        case 7: /* the second batch's threads, or a look at a game */
            at++;
            if (arg & 1) {
                const int threads = 1 + arg / 2 % 3;
                CHECK(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, threads) ==
                      MANCALA_OK);
                CHECK(mancala_batch_get_option(b, MANCALA_BATCH_OPT_THREADS) == threads);
            } else {
                check_clone(a, arg / 2 % count);
            }
            sa = sb = 0;
            same_calls = 0; /* the reason is of each batch's last call */
            break;
        }
        check_same(a, b, sa, sb, same_calls);
        check_batch(a, stones_of[r]);
    }
    mancala_batch_free(a);
    mancala_batch_free(b);
    return 0;
}

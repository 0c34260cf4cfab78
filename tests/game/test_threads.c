/*
 * Independent games on separate handles in several threads at once (the
 * header's thread-safety promise): each thread plays seeded random games of
 * every rules name, with clones, undo, move events, playouts and new
 * rounds, and its results must equal those of the same work done alone.
 * Built with -Db_sanitize=thread, ThreadSanitizer checks that the library
 * shares no mutable state between handles.
 *
 * SPDX-License-Identifier: MIT
 */
#include <pthread.h>
#include <stdint.h>

#include "core/random.h"
#include "helpers.h"

#define THREADS 4

static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw",
                                    "rio-kadalis-5-cw"};

struct work {
    uint64_t seed;
    long games;
    uint64_t digest; /* of every position reached */
    int errors;
};


/* FNV-1a over a string. */
static uint64_t digest_string(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

/* No Check assertions here: they are not meant to be called from threads.
 * Failures are counted and checked by the main thread. */
static void *play_games(void *arg)
{
    struct work *w = arg;
    uint64_t rng = w->seed;
    uint64_t h = 0xcbf29ce484222325u;
    char text[128];
    for (long game = 0; game < w->games; game++) {
        mancala_game *g;
        if (mancala_new(&g, rules[game % 5]) != MANCALA_OK) {
            w->errors++;
            continue;
        }
        for (int round = 0; round < 3; round++) {
            while (!mancala_is_over(g)) {
                int moves[MANCALA_MAX_PITS];
                int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
                if (count <= 0) {
                    w->errors++;
                    break;
                }
                int pit = moves[mc_random_next(&rng) % (uint64_t)count];
                if (mc_random_next(&rng) % 8 == 0) {
                    mancala_game *c = NULL;
                    if (mancala_clone(&c, g) != MANCALA_OK || mancala_play(c, pit) != MANCALA_OK ||
                        mancala_undo(c) != MANCALA_OK)
                        w->errors++;
                    mancala_format(c, text, sizeof text);
                    h = digest_string(h, text);
                    mancala_free(c);
                }
                if (mancala_play(g, pit) != MANCALA_OK)
                    w->errors++;
                mancala_event ev[8];
                h = h * 31 + (uint64_t)mancala_last_move_events(g, ev, 8);
                mancala_format(g, text, sizeof text);
                h = digest_string(h, text);
            }
            int scores[2];
            h = h * 31 + (uint64_t)mancala_playout(g, rng, scores);
            if (mancala_next_round(g) != MANCALA_OK)
                break;
        }
        h = h * 31 + (uint64_t)mancala_score(g, MANCALA_SOUTH);
        h = h * 31 + mancala_hash(g);
        h = digest_string(h, mancala_strerror(mancala_play(g, 0)));
        mancala_free(g);
    }
    w->digest = h;
    return NULL;
}

START_TEST(separate_handles_in_parallel)
{
    const long games = test_scaled(400);
    struct work alone[THREADS], together[THREADS];
    for (int t = 0; t < THREADS; t++) {
        alone[t] = (struct work){0x9e3779b97f4a7c15u * (uint64_t)(t + 1), games, 0, 0};
        together[t] = alone[t];
        play_games(&alone[t]);
    }
    pthread_t thread[THREADS];
    for (int t = 0; t < THREADS; t++)
        ck_assert_int_eq(pthread_create(&thread[t], NULL, play_games, &together[t]), 0);
    for (int t = 0; t < THREADS; t++)
        ck_assert_int_eq(pthread_join(thread[t], NULL), 0);
    for (int t = 0; t < THREADS; t++) {
        ck_assert_int_eq(alone[t].errors, 0);
        ck_assert_int_eq(together[t].errors, 0);
        ck_assert_uint_eq(together[t].digest, alone[t].digest);
    }
    /* Different seeds did play different games. */
    ck_assert_uint_ne(alone[0].digest, alone[1].digest);
}
END_TEST

/* Two threads calling one batch at once (which the header forbids): in
 * 1.3 one of them could wait for ever (issue 46). Now a call made while
 * another is under way returns MANCALA_E_BUSY at once: every call of
 * both threads returns OK or busy, and both finish. */
struct stepper {
    mancala_batch *batch;
    long calls, ok, busy, other;
};

static void *step_batch(void *arg)
{
    struct stepper *s = arg;
    for (long k = 0; k < s->calls; k++) {
        const int status = k % 7 == 6 ? mancala_batch_reset(s->batch, (uint64_t)k)
                                      : mancala_batch_step_random(s->batch, NULL, 0);
        s->ok += status == MANCALA_OK;
        s->busy += status == MANCALA_E_BUSY;
        s->other += status != MANCALA_OK && status != MANCALA_E_BUSY;
    }
    return NULL;
}

START_TEST(one_batch_two_threads)
{
    mancala_batch *b = NULL;
    ck_assert_int_eq(mancala_batch_new(&b, "rio-kadalis", 64, 1, NULL, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_set_option(b, MANCALA_BATCH_OPT_THREADS, 2), MANCALA_OK);
    struct stepper s[2] = {{b, test_scaled(5000), 0, 0, 0}, {b, test_scaled(5000), 0, 0, 0}};
    pthread_t thread[2];
    for (int t = 0; t < 2; t++)
        ck_assert_int_eq(pthread_create(&thread[t], NULL, step_batch, &s[t]), 0);
    for (int t = 0; t < 2; t++)
        ck_assert_int_eq(pthread_join(thread[t], NULL), 0);
    for (int t = 0; t < 2; t++) {
        ck_assert_int_eq(s[t].other, 0);
        ck_assert_int_eq(s[t].ok + s[t].busy, s[t].calls);
    }
    ck_assert_int_gt(s[0].ok + s[1].ok, 0);
    /* The batch is whole: it steps on. */
    ck_assert_int_eq(mancala_batch_step_random(b, NULL, 0), MANCALA_OK);
    mancala_batch_free(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, separate_handles_in_parallel);
    tcase_add_test(tc, one_batch_two_threads);
    suite_add_tcase(s, tc);
    return run_suite(s);
}

/*
 * Matches of Rio Kadalis: the match-repetition rule (RULES.md, "A match
 * that keeps repeating ends") with its worked examples, the round
 * limit, the match options, and the match record (mancala_format_record(),
 * mancala_parse_record()): exact round trips and malformed records.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>

#include "helpers.h"

#define START "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0"

/* Rounds from every pit open (found by random play): with South moving
 * first, ending South 24, North 24; with North first, ending 24-24; with
 * North first, ending South 28, North 20. */
static const int south_first_24[] = {5, 6, 4, 10, 4, 6, 0, 7, 4, 6, 5, 11,
                                     4, 7, 3, 7, 2, 6, 3, 7, 5, 9, -1};
static const int north_first_24[] = {11, 0, 10, 4, 10, 0, 6, 1, 10, 0, 11, 5,
                                     10, 1, 9, 1, 8, 0, 9, 1, 11, 3, -1};
static const int north_first_28[] = {9, 1, 8, 0, 9, 5, 6, 1, 9, 1, 9, 0, 9, 2, 10, 0, -1};

/* Plays a round to its end and checks its score. */
static void play_round(mancala_game *g, const int *moves, int south, int north)
{
    for (; *moves >= 0; moves++)
        play_ok(g, *moves);
    ck_assert_int_eq(mancala_is_over(g), 1);
    ck_assert_int_eq(mancala_score(g, MANCALA_SOUTH), south);
    ck_assert_int_eq(mancala_score(g, MANCALA_NORTH), north);
}

static const char *record_of(const mancala_game *g)
{
    static char buf[4096];
    int len = mancala_format_record(g, buf, sizeof buf);
    ck_assert_int_gt(len, 0);
    ck_assert_int_lt(len, (int)sizeof buf);
    ck_assert_int_eq(mancala_format_record(g, NULL, 0), len);
    return buf;
}

/* The four rounds of the worked example up to the end of round 4, whose
 * moves are given. */
static mancala_game *example_match(const int *round4, int south4, int north4)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/N/0,0/0/0,0");
    play_round(g, north_first_24, 24, 24);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    /* Round 3 starts like round 1: its second time, so it is played. */
    ck_assert_str_eq(fmt(g), START);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_NONE);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_E_NOT_OVER);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_int_eq(mancala_round(g), 4);
    play_round(g, round4, south4, north4);
    return g;
}

START_TEST(example_draw_after_four_rounds)
{
    mancala_game *g = example_match(north_first_24, 24, 24);
    /* Round 5 would start like round 1 for the third time: both hold 24,
     * a draw by either reading of the rule. */
    ck_assert_int_eq(mancala_match_over(g), 1);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_REPETITION);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_DRAW);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION,
                                        MANCALA_MATCH_REPETITION_DRAW), MANCALA_OK);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_DRAW);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_E_MATCH_OVER);
    ck_assert_int_eq(mancala_round(g), 4);

    /* Switched off, the match goes on into round 5 (and the option can
     * be changed at any time). */
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_E_NOT_OVER);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), START);
    ck_assert_int_eq(mancala_round(g), 5);
    mancala_free(g);
}
END_TEST

/* Rounds that end South 16, North 32 (found by random play): from the
 * start; from South 16 (pits 2-5), North 32 (all pits, bank 8) with North
 * first; from the same with South first. */
static const int south_16_from_start[] = {2, 6, 2, 6, 5, 6, 3, 7, 3, 8, 0, 9, 2, 8, 4, 8,
                                          1, 7, 1, 7, 3, 6, 4, 10, 0, 7, 5, 6, 2, 7, 4, 8, -1};
static const int south_16_north_first[] = {
    11, 3, 11, 5, 7, 2, 10, 4, 6, 3, 6, 2, 7, 4, 8, 5, 9, 2, 11, 2, 8, 5, 6, 4,
    8, 5, 9, 2, 11, 4, 7, 2, 8, 3, 6, 4, 8, 5, 11, 2, 7, 3, 8, 4, 10, 5, 7, -1};
static const int south_16_south_first[] = {4, 11, 4, 10, 3, 7, 2, 10, 5, 9, 4, 11, 2, 10, 3, 11,
                                           4, 6, 2, 8, 3, 9, 4, 7, 5, 9, 2, 11, 2, 8, 4, 7, -1};

/* RULES.md's second example: every round ends South 16, North 32. Round 6
 * would start in round 2's state for the third time, so the match is over
 * after five rounds; `option` is the match-repetition value in force. */
static mancala_game *example_16_32(int option)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, option), MANCALA_OK);
    play_round(g, south_16_from_start, 16, 32);
    for (int round = 2; round <= 5; round++) {
        ck_assert_int_eq(mancala_match_over(g), 0);
        ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
        ck_assert_str_eq(fmt(g), round % 2 ? "rio-kadalis/x,x,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,8"
                                           : "rio-kadalis/x,x,4,4,4,4,4,4,4,4,4,4/N/0,0/0/0,8");
        play_round(g, round % 2 ? south_16_south_first : south_16_north_first, 16, 32);
    }
    ck_assert_int_eq(mancala_round(g), 5);
    ck_assert_int_eq(mancala_match_over(g), 1);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_REPETITION);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_E_MATCH_OVER);
    return g;
}

START_TEST(example_north_wins_16_32)
{
    /* Since 1.3 the default: North, holding 32 stones to 16, wins. */
    mancala_game *g = example_16_32(MANCALA_MATCH_REPETITION_MORE_STONES);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MATCH_REPETITION), 1);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_NORTH);
    mancala_free(g);
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MATCH_REPETITION),
                     MANCALA_MATCH_REPETITION_MORE_STONES);
    mancala_free(g);
}
END_TEST

START_TEST(example_16_32_as_1_2_read_it)
{
    /* 1.2's reading, kept as value 2: the same match is a draw. */
    mancala_game *g = example_16_32(MANCALA_MATCH_REPETITION_DRAW);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MATCH_REPETITION), 2);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_DRAW);
    /* The value is in the record, and restored from it. */
    char record[4096];
    ck_assert_int_lt(mancala_format_record(g, record, sizeof record), (int)sizeof record);
    ck_assert_ptr_nonnull(strstr(record, "/0,0 match-repetition=2 2 6 2 6 5 "));
    mancala_game *back;
    char err[MANCALA_REASON_MAX];
    ck_assert_int_eq(mancala_parse_record(&back, record, err, sizeof err), MANCALA_OK);
    ck_assert_int_eq(mancala_match_winner(back), MANCALA_DRAW);
    /* Switched to the 1.3 rule at any time: North wins. */
    ck_assert_int_eq(mancala_set_option(back, MANCALA_OPT_MATCH_REPETITION, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_match_winner(back), MANCALA_NORTH);
    /* Off: the match goes on into round 6. */
    ck_assert_int_eq(mancala_set_option(back, MANCALA_OPT_MATCH_REPETITION, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_match_over(back), 0);
    ck_assert_int_eq(mancala_next_round(back), MANCALA_OK);
    ck_assert_int_eq(mancala_round(back), 6);
    mancala_free(back);
    mancala_free(g);
}
END_TEST

START_TEST(example_continues_after_28_20)
{
    mancala_game *g = example_match(north_first_28, 28, 20);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_NONE);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/S/0,0/0/4,0");
    mancala_free(g);
}
END_TEST

START_TEST(repetition_counts_the_first_player)
{
    /* Rounds 1 and 3 start 24-24 with South first, round 2 with North
     * first: after two rounds no state has started two rounds yet. */
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    play_round(g, north_first_24, 24, 24);
    ck_assert_int_eq(mancala_match_over(g), 0);
    mancala_free(g);

    /* A handle parsed in the middle of a round does not know its start:
     * the same two rounds then leave the match open one round longer. */
    g = parse_ok("rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/2/0,0");
    play_round(g, south_first_24, 24, 24); /* South moved first (even ply, S to move) */
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    play_round(g, north_first_24, 24, 24);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    play_round(g, north_first_24, 24, 24);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_match_over(g), 1);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_REPETITION);
    mancala_free(g);
}
END_TEST

START_TEST(round_limit)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MAX_ROUNDS), 0);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 2), MANCALA_OK);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    /* Below the current round: refused; at it: allowed, also mid-match. */
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 1), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MAX_ROUNDS), 2);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 2), MANCALA_OK);
    ck_assert_int_eq(mancala_match_over(g), 0); /* the round goes on */
    play_round(g, north_first_28, 28, 20);
    ck_assert_int_eq(mancala_match_over(g), 1);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_ROUNDS);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_SOUTH);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_E_MATCH_OVER);
    /* Lifting the limit lets the match go on. */
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 3), MANCALA_OK);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_int_eq(mancala_round(g), 3);
    mancala_free(g);

    /* Level at the limit: a draw. One round, the limit and the repetition
     * rule both reached: the limit is the reason (no round would start). */
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 1), MANCALA_OK);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_ROUNDS);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_DRAW);
    mancala_free(g);

    /* Fewer than 4 stones comes first, also at the limit. */
    g = parse_ok("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/N/45,3/9/0,0");
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_STONES);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_SOUTH);
    mancala_free(g);
}
END_TEST

START_TEST(options_and_modiar)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MATCH_REPETITION), 1);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, 3), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_set_option(g, 4, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_get_option(g, 4), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_NONE);
    play_ok(g, 0);
    /* The repetition rule is fixed after the first move; the match
     * options are not (and change nothing in Modiar). */
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 0), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_match_end_reason(NULL), MANCALA_E_INVALID);
    mancala_free(g);

    g = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_GAME);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_SOUTH);
    mancala_free(g);
}
END_TEST

/* Random legal moves until the match is over or `rounds` rounds are
 * played, with random undos on the way. */
static void random_match(mancala_game *g, uint64_t *rng, int rounds)
{
    for (;;) {
        while (!mancala_is_over(g)) {
            *rng = *rng * 6364136223846793005u + 1442695040888963407u;
            unsigned r = (unsigned)(*rng >> 33);
            int moves[MANCALA_MAX_PITS];
            int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
            if (r % 11 == 0 && mancala_history_length(g) > 0)
                ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
            else
                play_ok(g, moves[r % (unsigned)count]);
        }
        if (mancala_match_over(g) || mancala_round(g) >= rounds)
            return;
        ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    }
}

/* Everything a restored game must share with the saved one, then the same
 * future: the same moves give the same positions and the same ends. */
static void check_same(mancala_game *a, mancala_game *b, uint64_t seed)
{
    ck_assert_str_eq(record_of(a), record_of(b));
    char pa[MANCALA_POSITION_MAX], pb[MANCALA_POSITION_MAX];
    mancala_format(a, pa, sizeof pa);
    mancala_format(b, pb, sizeof pb);
    ck_assert_str_eq(pa, pb);
    ck_assert_int_eq(mancala_round(a), mancala_round(b));
    ck_assert_int_eq(mancala_history_length(a), mancala_history_length(b));
    ck_assert_int_eq(mancala_end_reason(a), mancala_end_reason(b));
    ck_assert_int_eq(mancala_match_end_reason(a), mancala_match_end_reason(b));
    ck_assert(mancala_hash(a) == mancala_hash(b));
    for (int option = MANCALA_OPT_REPETITION; option <= MANCALA_OPT_MAX_ROUNDS; option++)
        ck_assert_int_eq(mancala_get_option(a, option), mancala_get_option(b, option));
    /* The undo history, position by position, on clones. */
    mancala_game *ca, *cb;
    ck_assert_int_eq(mancala_clone(&ca, a), MANCALA_OK);
    ck_assert_int_eq(mancala_clone(&cb, b), MANCALA_OK);
    while (mancala_undo(ca) == MANCALA_OK) {
        ck_assert_int_eq(mancala_undo(cb), MANCALA_OK);
        mancala_format(ca, pa, sizeof pa);
        mancala_format(cb, pb, sizeof pb);
        ck_assert_str_eq(pa, pb);
    }
    ck_assert_int_eq(mancala_undo(cb), MANCALA_E_NO_HISTORY);
    mancala_free(ca);
    mancala_free(cb);
    /* The same future, the repetition rules included: play both on. */
    uint64_t ra = seed, rb = seed;
    random_match(a, &ra, 40);
    random_match(b, &rb, 40);
    ck_assert_str_eq(record_of(a), record_of(b));
    ck_assert_int_eq(mancala_match_end_reason(a), mancala_match_end_reason(b));
}

START_TEST(record_round_trip)
{
    static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5",
                                        "rio-kadalis-cw", "rio-kadalis-5-cw"};
    const long games = test_scaled(200);
    for (long i = 0; i < games; i++) {
        mancala_game *g;
        ck_assert_int_eq(mancala_new(&g, rules[i % 5]), MANCALA_OK);
        uint64_t rng = (uint64_t)i * 0x9e3779b97f4a7c15u + 1;
        if (i % 3 == 1)
            ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
        if (i % 4 == 1)
            ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, 0), MANCALA_OK);
        if (i % 7 == 2)
            ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 3), MANCALA_OK);
        if (i % 3 != 1) {
            random_match(g, &rng, 1 + (int)(i % 6));
            /* Stop in the middle of a round now and then. */
            int keep = (int)(rng >> 40) % (mancala_history_length(g) + 1);
            for (int n = mancala_history_length(g); n > keep; n--)
                mancala_undo(g);
        }
        const char *saved = record_of(g);
        char copy[4096];
        strcpy(copy, saved);
        mancala_game *back = NULL;
        char err[MANCALA_REASON_MAX];
        int status = mancala_parse_record(&back, copy, err, sizeof err);
        ck_assert_msg(status == MANCALA_OK, "%s: %s", copy, err);
        ck_assert_str_eq(err, "");
        check_same(g, back, rng);
        mancala_free(back);
        mancala_free(g);
    }
}
END_TEST

START_TEST(record_examples)
{
    mancala_game *g = example_match(north_first_24, 24, 24), *back;
    const char *expected = START " 5 6 4 10 4 6 0 7 4 6 5 11 4 7 3 7 2 6 3 7 5 9 |"
                                 " 11 0 10 4 10 0 6 1 10 0 11 5 10 1 9 1 8 0 9 1 11 3 |"
                                 " 5 6 4 10 4 6 0 7 4 6 5 11 4 7 3 7 2 6 3 7 5 9 |"
                                 " 11 0 10 4 10 0 6 1 10 0 11 5 10 1 9 1 8 0 9 1 11 3";
    ck_assert_str_eq(record_of(g), expected);
    /* The match-repetition state survives: the restored match is drawn. */
    char err[MANCALA_REASON_MAX];
    ck_assert_int_eq(mancala_parse_record(&back, expected, err, sizeof err), MANCALA_OK);
    ck_assert_int_eq(mancala_match_end_reason(back), MANCALA_MATCH_END_REPETITION);
    ck_assert_int_eq(mancala_round(back), 4);
    mancala_free(back);
    /* A line read from a file, with its newline. */
    char line[4096];
    snprintf(line, sizeof line, "%s\r\n", expected);
    ck_assert_int_eq(mancala_parse_record(&back, line, err, sizeof err), MANCALA_OK);
    ck_assert_int_eq(mancala_round(back), 4);
    mancala_free(back);
    /* Written with the rule off, then switched on: restores, drawn. */
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_parse_record(&back, record_of(g), err, sizeof err), MANCALA_OK);
    ck_assert_int_eq(mancala_round(back), 5);
    ck_assert_int_eq(mancala_match_end_reason(back), MANCALA_MATCH_END_REPETITION);
    mancala_free(back);
    mancala_free(g);

    /* Options, a parsed start, a game in progress. */
    ck_assert_int_eq(mancala_parse_record(&g, "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6 "
                                              "repetition=0 max-rounds=7 2",
                                          err, sizeof err), MANCALA_OK);
    ck_assert_str_eq(fmt(g), "rio-kadalis-5/x,x,0,0,9,9,1,1,8,0/N/4,0/1/2,6");
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_REPETITION), 0);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MATCH_REPETITION), 1);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MAX_ROUNDS), 7);
    ck_assert_str_eq(record_of(g), "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6 "
                                   "repetition=0 max-rounds=7 2");
    mancala_free(g);
    ck_assert_int_eq(mancala_parse_record(&g, "modiar/7,7,7,7,7,7/S/0,0/0", err, sizeof err),
                     MANCALA_OK);
    ck_assert_str_eq(record_of(g), "modiar/7,7,7,7,7,7/S/0,0/0");
    mancala_free(g);
}
END_TEST

START_TEST(tags_set_get_remove)
{
    mancala_game *g, *copy;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_count(g), 0);
    ck_assert_ptr_null(mancala_tag_get(g, "south"));
    ck_assert_ptr_null(mancala_tag_key(g, 0));
    ck_assert_ptr_null(mancala_tag_key(NULL, 0));
    ck_assert_int_eq(mancala_tag_set(g, "south", "search:8"), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "north", "human"), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "seed", ""), MANCALA_OK);
    /* Replacing keeps the place; the order is the order keys were first set. */
    ck_assert_int_eq(mancala_tag_set(g, "south", "mcts:1000"), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_count(g), 3);
    ck_assert_str_eq(mancala_tag_key(g, 0), "south");
    ck_assert_str_eq(mancala_tag_key(g, 1), "north");
    ck_assert_str_eq(mancala_tag_key(g, 2), "seed");
    ck_assert_ptr_null(mancala_tag_key(g, 3));
    ck_assert_ptr_null(mancala_tag_key(g, -1));
    ck_assert_str_eq(mancala_tag_get(g, "south"), "mcts:1000");
    ck_assert_str_eq(mancala_tag_get(g, "seed"), "");
    ck_assert_ptr_null(mancala_tag_get(g, "South")); /* case-sensitive */
    /* The key and value may be the handle's own strings. */
    ck_assert_int_eq(mancala_tag_set(g, "copy", mancala_tag_get(g, "south")), MANCALA_OK);
    ck_assert_str_eq(mancala_tag_get(g, "copy"), "mcts:1000");
    ck_assert_int_eq(mancala_tag_set(g, mancala_tag_key(g, 3), NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, mancala_tag_key(g, 0), mancala_tag_get(g, "north")),
                     MANCALA_OK);
    ck_assert_str_eq(mancala_tag_get(g, "south"), "human");
    ck_assert_int_eq(mancala_tag_set(g, "south", "mcts:1000"), MANCALA_OK);
    /* A clone has its own copy. */
    ck_assert_int_eq(mancala_clone(&copy, g), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "north", NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "north", NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_count(g), 2);
    ck_assert_str_eq(mancala_tag_key(g, 1), "seed");
    ck_assert_int_eq(mancala_tag_count(copy), 3);
    ck_assert_str_eq(mancala_tag_get(copy, "north"), "human");
    mancala_free(copy);
    ck_assert_int_eq(mancala_tag_set(g, "south", NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "seed", NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_count(g), 0);

    /* Bad keys and values change nothing. */
    char long_key[MANCALA_TAG_KEY_MAX + 2], long_value[MANCALA_TAG_VALUE_MAX + 2];
    memset(long_key, 'k', sizeof long_key - 1);
    long_key[sizeof long_key - 1] = '\0';
    memset(long_value, 'v', sizeof long_value - 1);
    long_value[sizeof long_value - 1] = '\0';
    const char *bad_keys[] = {"", "1st", "-x", "a b", "a=b", "a\"", "caf\xc3\xa9", long_key};
    for (size_t i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++)
        ck_assert_msg(mancala_tag_set(g, bad_keys[i], "x") == MANCALA_E_INVALID, "%s", bad_keys[i]);
    const char *bad_values[] = {"a\nb", "tab\t", "\x7f", "\xc2\x85", "\xff", "\xc3",
                                "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", long_value};
    for (size_t i = 0; i < sizeof bad_values / sizeof bad_values[0]; i++)
        ck_assert_msg(mancala_tag_set(g, "k", bad_values[i]) == MANCALA_E_INVALID, "value %zu", i);
    ck_assert_int_eq(mancala_tag_set(NULL, "k", "v"), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_tag_set(g, NULL, "v"), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_tag_count(NULL), MANCALA_E_INVALID);
    ck_assert_ptr_null(mancala_tag_get(NULL, "k"));
    ck_assert_ptr_null(mancala_tag_get(g, NULL));
    ck_assert_int_eq(mancala_tag_count(g), 0);
    /* The longest key and value, and UTF-8 (caf\u00e9, \u20ac, U+1F600). */
    long_key[MANCALA_TAG_KEY_MAX] = long_value[MANCALA_TAG_VALUE_MAX] = '\0';
    ck_assert_int_eq(mancala_tag_set(g, long_key, long_value), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "Event_2-b", "caf\xc3\xa9 \xe2\x82\xac\xf0\x9f\x98\x80"),
                     MANCALA_OK);
    /* At most MANCALA_TAGS_MAX tags; replacing one is still allowed. */
    for (int i = 2; i < MANCALA_TAGS_MAX; i++) {
        char key[8];
        snprintf(key, sizeof key, "t%d", i);
        ck_assert_int_eq(mancala_tag_set(g, key, key), MANCALA_OK);
    }
    ck_assert_int_eq(mancala_tag_set(g, "one_more", "x"), MANCALA_E_LIMIT);
    ck_assert_int_eq(mancala_tag_set(g, "t2", "again"), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_count(g), MANCALA_TAGS_MAX);
    ck_assert_str_eq(mancala_tag_get(g, "t2"), "again");
    mancala_free(g);
}
END_TEST

START_TEST(record_tags)
{
    mancala_game *g, *back;
    char err[MANCALA_REASON_MAX];
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
    play_ok(g, 0);
    ck_assert_int_eq(mancala_tag_set(g, "south", "search:8"), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "event", "Club \"night\" at 8 \\ caf\xc3\xa9"), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "seed", ""), MANCALA_OK);
    const char *expected = "modiar/7,7,7,7,7,7/S/0,0/0 repetition=0 south=\"search:8\" "
                           "event=\"Club \\\"night\\\" at 8 \\\\ caf\xc3\xa9\" seed=\"\" 0";
    ck_assert_str_eq(record_of(g), expected);
    ck_assert_int_eq(mancala_parse_record(&back, expected, err, sizeof err), MANCALA_OK);
    ck_assert_str_eq(err, "");
    ck_assert_str_eq(record_of(back), expected);
    ck_assert_int_eq(mancala_tag_count(back), 3);
    ck_assert_str_eq(mancala_tag_key(back, 1), "event");
    ck_assert_str_eq(mancala_tag_get(back, "event"), "Club \"night\" at 8 \\ caf\xc3\xa9");
    ck_assert_int_eq(mancala_ply(back), 1);
    mancala_free(back);
    mancala_free(g);

    /* Tags and options in any order before the moves; a value may look
     * like anything, spaces and '|' and '=' included. */
    ck_assert_int_eq(mancala_parse_record(&g, START " result=\"1-0 | x=\\\"y\" max-rounds=3 5",
                                          err, sizeof err), MANCALA_OK);
    ck_assert_str_eq(mancala_tag_get(g, "result"), "1-0 | x=\"y");
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_MAX_ROUNDS), 3);
    ck_assert_str_eq(record_of(g), START " max-rounds=3 result=\"1-0 | x=\\\"y\" 5");
    mancala_free(g);

    /* The limits hold in a record too: 32 tags and 255 bytes, not more. */
    char record[4096];
    int len = snprintf(record, sizeof record, "%s", START);
    for (int i = 0; i < MANCALA_TAGS_MAX; i++)
        len += snprintf(record + len, sizeof record - (size_t)len, " t%d=\"%d\"", i, i);
    ck_assert_int_eq(mancala_parse_record(&g, record, err, sizeof err), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_count(g), MANCALA_TAGS_MAX);
    mancala_free(g);
    snprintf(record + len, sizeof record - (size_t)len, " more=\"\"");
    g = NULL;
    ck_assert_int_eq(mancala_parse_record(&g, record, err, sizeof err), MANCALA_E_PARSE);
    ck_assert_str_eq(err, "word 34: more than 32 tags");
    ck_assert_ptr_null(g);
    len = snprintf(record, sizeof record, "%s v=\"", START);
    memset(record + len, '\\', 2 * MANCALA_TAG_VALUE_MAX);
    snprintf(record + len + 2 * MANCALA_TAG_VALUE_MAX, 3, "\"");
    ck_assert_int_eq(mancala_parse_record(&g, record, err, sizeof err), MANCALA_OK);
    ck_assert_int_eq((int)strlen(mancala_tag_get(g, "v")), MANCALA_TAG_VALUE_MAX);
    mancala_free(g);
    memcpy(record + len + 2 * MANCALA_TAG_VALUE_MAX, "x\"", 3);
    g = NULL;
    ck_assert_int_eq(mancala_parse_record(&g, record, err, sizeof err), MANCALA_E_PARSE);
    ck_assert_ptr_nonnull(strstr(err, "word 2: tag 'v=\"\\\\\\\\"));
    ck_assert_ptr_nonnull(strstr(err, "': expected KEY=\"VALUE\""));
}
END_TEST

/* The option words of a record are not tag keys: `max-rounds="3"` would
 * be a tag that sets nothing (issue 46). */
START_TEST(tags_named_like_options)
{
    mancala_game *g;
    char err[MANCALA_REASON_MAX];
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    const char *options[] = {"repetition", "match-repetition", "max-rounds"};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        ck_assert_msg(mancala_tag_set(g, options[i], "3") == MANCALA_E_INVALID, "%s", options[i]);
        ck_assert_msg(mancala_tag_set(g, options[i], NULL) == MANCALA_E_INVALID, "%s", options[i]);
    }
    ck_assert_int_eq(mancala_tag_count(g), 0);
    /* Keys are case-sensitive, as the record's option words are. */
    ck_assert_int_eq(mancala_tag_set(g, "Max-Rounds", "3"), MANCALA_OK);
    ck_assert_int_eq(mancala_tag_set(g, "max-rounds2", "3"), MANCALA_OK);
    mancala_free(g);

    g = NULL;
    ck_assert_int_eq(mancala_parse_record(&g, START " max-rounds=\"3\" 0", err, sizeof err),
                     MANCALA_E_PARSE);
    ck_assert_ptr_null(g);
    ck_assert_str_eq(err, "word 2: tag 'max-rounds=\"3\"': max-rounds is an option, not a tag "
                          "(write it without quotes)");
    ck_assert_int_eq(mancala_parse_record(&g, START " repetition=\"0\"", err, sizeof err),
                     MANCALA_E_PARSE);
    ck_assert_str_eq(err, "word 2: tag 'repetition=\"0\"': repetition is an option, not a tag "
                          "(write it without quotes)");
}
END_TEST

/* mancala_tag_check() names the rule that a refused key or value breaks,
 * and accepts what mancala_tag_set() accepts. */
START_TEST(tag_check_reasons)
{
    static const struct {
        const char *key, *value, *reason;
    } refused[] = {
        {"", "x", "the key is empty"},
        {"bad key", "x", "a key holds only letters, digits, - and _ (byte 4 is none)"},
        {"a=b", NULL, "a key holds only letters, digits, - and _ (byte 2 is none)"},
        {"caf\xc3\xa9", "x", "a key holds only letters, digits, - and _ (byte 4 is none)"},
        {"1st", "x", "a key begins with a letter (A-Z, a-z)"},
        {"_x", "x", "a key begins with a letter (A-Z, a-z)"},
        {"\n", "x", "a key begins with a letter (A-Z, a-z)"},
        {"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk", "x", "the key is longer than 32 bytes"},
        {"max-rounds", "3", "the key names an option of the match record, not a tag"},
        {"repetition", NULL, "the key names an option of the match record, not a tag"},
        {"k", "a\nb", "the value holds a control character (byte 2)"},
        {"k", "\x7f", "the value holds a control character (byte 1)"},
        {"k", "ab\xc2\x85", "the value holds a control character (byte 3)"},
        {"k", "\xff", "the value is not well-formed UTF-8 (byte 1)"},
        {"k", "ok \xc3", "the value is not well-formed UTF-8 (byte 4)"},
        {"k", "\xc0\x80", "the value is not well-formed UTF-8 (byte 1)"},
        {"k", "\xed\xa0\x80", "the value is not well-formed UTF-8 (byte 1)"},
        {NULL, "x", "the key is NULL"},
    };
    char reason[MANCALA_REASON_MAX];
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        ck_assert_int_eq(mancala_tag_check(refused[i].key, refused[i].value, reason, sizeof reason),
                         MANCALA_E_INVALID);
        ck_assert_str_eq(reason, refused[i].reason);
        ck_assert_int_eq(mancala_tag_set(g, refused[i].key, refused[i].value), MANCALA_E_INVALID);
        ck_assert_int_eq(mancala_tag_check(refused[i].key, refused[i].value, NULL, 0),
                         MANCALA_E_INVALID);
    }
    char long_value[MANCALA_TAG_VALUE_MAX + 2];
    memset(long_value, 'v', sizeof long_value - 1);
    long_value[sizeof long_value - 1] = '\0';
    ck_assert_int_eq(mancala_tag_check("k", long_value, reason, sizeof reason), MANCALA_E_INVALID);
    ck_assert_str_eq(reason, "the value is longer than 255 bytes");
    /* Cut to the buffer as snprintf() cuts. */
    ck_assert_int_eq(mancala_tag_check("", "x", reason, 8), MANCALA_E_INVALID);
    ck_assert_str_eq(reason, "the key");

    long_value[MANCALA_TAG_VALUE_MAX] = '\0';
    const char *accepted[][2] = {{"south", "search:8"}, {"Event_2-b", "caf\xc3\xa9 \xe2\x82\xac"},
                                 {"k", ""}, {"k", long_value}, {"seed", NULL}};
    for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
        strcpy(reason, "stale");
        ck_assert_int_eq(mancala_tag_check(accepted[i][0], accepted[i][1], reason, sizeof reason),
                         MANCALA_OK);
        ck_assert_str_eq(reason, "");
    }
    ck_assert_int_eq(mancala_tag_count(g), 0);
    mancala_free(g);
}
END_TEST

START_TEST(record_malformed)
{
    static const struct {
        const char *record, *reason;
    } bad[] = {
        {"", "start position: RULES: missing"},
        {"modiar", "start position: PITS: missing field"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 ", "word 2: empty"},
        {"modiar/7,7,7,7,7,7/S/0,0/0  0", "word 2: empty"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 0  1", "word 3: empty"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 7", "word 2 (round 1, move 1): pit 7 is not on the board (0-5)"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 3", "word 2 (round 1, move 1): cannot play 3: illegal move: the pit belongs to the opponent"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 0 x", "word 3 (round 1, move 2): expected a pit number or '|', found 'x'"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 00", "word 2 (round 1, move 1): expected a pit number or '|', found '00'"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 -1", "found '-1'"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 |", "word 2: '|' (next round), but modiar has no rounds"},
        {START " |", "word 2: '|' (next round), but round 1 is not over"},
        {"rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/N/45,3/9/0,0 |", "the match is over after round 1"},
        {START " 0 repetition=0", "word 3: option 'repetition=0' after the moves"},
        {START " repetition=2", "word 2: option 'repetition=2': expected a number from 0 to 1"},
        {START " repetition=1 repetition=1", "word 3: option repetition given twice"},
        {START " colour=red", "word 2: unknown option 'colour=red'"},
        {START " max-rounds=", "expected a number from 0 to 2147483647"},
        {START " max-rounds=99999999999", "expected a number"},
        /* Past 32 bits: a 32-bit long must not wrap them to 1 or 0. */
        {START " max-rounds=4294967297", "expected a number from 0 to 2147483647"},
        {START " max-rounds=2147483648", "expected a number from 0 to 2147483647"},
        {START " repetition=4294967296", "expected a number from 0 to 1"},
        {START " 4294967296", "expected a pit number"},
        {START " 0\n1", "a line break inside the record"},
        {START " \x01\xff", "found '?\?'"},
        {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0\xff,0 0",
         "start position: BANKS: leading zero in '0?,0'"},
        {"modiar/7,7,7,7,7,7/S/0,0/0 0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
         "found '0aaaaaaaaaaaaaaaaaaaaaaa...'"},
        {START " 0 a=\"b\"", "word 3: tag 'a=\"b\"' after the moves"},
        {START " a=\"b\" a=\"c\"", "word 3: tag a given twice"},
        {START " a=\"b", "word 2: tag 'a=\"b': expected KEY=\"VALUE\" (a key: a letter, then "
                         "letters, digits, - or _, at most 32; a value: at most 255 bytes of "
                         "UTF-8 without control characters, \\ only before \" or \\)"},
        {START " a=\"b\"c", "word 2: tag 'a=\"b\"c': expected KEY=\"VALUE\""},
        {START " a=\"b\\\"", "word 2: tag 'a=\"b\\\"': expected KEY=\"VALUE\""},
        {START " a=\"\\n\"", "word 2: tag 'a=\"\\n\"': expected"},
        {START " 1a=\"b\"", "word 2: tag '1a=\"b\"': expected"},
        {START " a=\"\t\"", "word 2: tag 'a=\"?\"': expected"},
        {START " a=\"\xff\"", "word 2: tag 'a=\"?\"': expected"},
        {START " aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=\"\"", "word 2: tag 'aaaaaaaaaaaaaaaaaaaaaaaa...': expected"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mancala_game *g = NULL;
        char err[MANCALA_REASON_MAX];
        int status = mancala_parse_record(&g, bad[i].record, err, sizeof err);
        ck_assert_msg(status == MANCALA_E_PARSE, "%s: %d", bad[i].record, status);
        ck_assert_ptr_null(g);
        ck_assert_msg(strstr(err, bad[i].reason) != NULL, "'%s': reason '%s', expected '%s'",
                      bad[i].record, err, bad[i].reason);
        ck_assert_ptr_null(strchr(err, '\n'));
    }
    /* A first word longer than any position is refused before parsing. */
    char long_start[MANCALA_POSITION_MAX + 16], err0[MANCALA_REASON_MAX];
    memset(long_start, '7', sizeof long_start - 1);
    long_start[sizeof long_start - 1] = '\0';
    mancala_game *none = NULL;
    ck_assert_int_eq(mancala_parse_record(&none, long_start, err0, sizeof err0), MANCALA_E_PARSE);
    ck_assert_ptr_null(none);
    ck_assert_ptr_nonnull(strstr(err0, "is longer than any position (127 characters)"));

    /* Below the rounds played. */
    mancala_game *g;
    char err[MANCALA_REASON_MAX];
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    play_round(g, south_first_24, 24, 24);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    char text[1024];
    snprintf(text, sizeof text, "%s", record_of(g));
    char *moves = strchr(text, ' ');
    char with_limit[1100];
    snprintf(with_limit, sizeof with_limit, "%.*s max-rounds=1%s", (int)(moves - text), text, moves);
    mancala_game *back = NULL;
    ck_assert_int_eq(mancala_parse_record(&back, with_limit, err, sizeof err), MANCALA_E_PARSE);
    ck_assert_str_eq(err, "max-rounds=1 is below the 2 rounds of the record");
    mancala_free(g);

    /* NULL arguments; a short reason buffer gets a prefix. */
    ck_assert_int_eq(mancala_parse_record(NULL, START, err, sizeof err), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_parse_record(&g, NULL, NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_parse_record(&g, START " 9", err, 8), MANCALA_E_PARSE);
    ck_assert_str_eq(err, "word 2 ");
    ck_assert_int_eq(mancala_format_record(NULL, text, sizeof text), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    ck_assert_int_eq(mancala_format_record(g, NULL, 5), MANCALA_E_INVALID);
    /* A short buffer: cut like snprintf(), the full length returned. */
    char small[8];
    ck_assert_int_eq(mancala_format_record(g, small, sizeof small), 26);
    ck_assert_str_eq(small, "modiar/");
    mancala_free(g);
}
END_TEST

/* Every record made by changing one byte of a valid one is either
 * rejected with a one-line reason and no handle, or is a valid record
 * that formats back to a record that parses to the same game. */
START_TEST(record_mutations)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    uint64_t rng = 7;
    random_match(g, &rng, 2);
    char base[4096];
    snprintf(base, sizeof base, "%s", record_of(g));
    mancala_free(g);
    static const char alphabet[] = "0123456789|= x,/\n-SNamr";
    const size_t len = strlen(base);
    const size_t step = test_full_scale() ? 1 : 7;
    for (size_t at = 0; at < len; at += step) {
        for (size_t k = 0; k < sizeof alphabet - 1; k++) {
            char text[4096];
            memcpy(text, base, len + 1);
            text[at] = alphabet[k];
            char err[MANCALA_REASON_MAX];
            mancala_game *m = NULL;
            int status = mancala_parse_record(&m, text, err, sizeof err);
            if (status != MANCALA_OK) {
                ck_assert_int_eq(status, MANCALA_E_PARSE);
                ck_assert_ptr_null(m);
                ck_assert(err[0] != '\0' && strchr(err, '\n') == NULL);
                continue;
            }
            mancala_game *again = NULL;
            const char *r = record_of(m);
            ck_assert_int_eq(mancala_parse_record(&again, r, err, sizeof err), MANCALA_OK);
            ck_assert_str_eq(record_of(again), r);
            mancala_free(again);
            mancala_free(m);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("match-repetition");
    tcase_add_test(tc, example_draw_after_four_rounds);
    tcase_add_test(tc, example_continues_after_28_20);
    tcase_add_test(tc, example_north_wins_16_32);
    tcase_add_test(tc, example_16_32_as_1_2_read_it);
    tcase_add_test(tc, repetition_counts_the_first_player);
    tcase_add_test(tc, round_limit);
    tcase_add_test(tc, options_and_modiar);
    suite_add_tcase(s, tc);

    tc = tcase_create("record");
    tcase_add_test(tc, record_round_trip);
    tcase_add_test(tc, record_examples);
    tcase_add_test(tc, record_malformed);
    tcase_add_test(tc, tags_set_get_remove);
    tcase_add_test(tc, record_tags);
    tcase_add_test(tc, tags_named_like_options);
    tcase_add_test(tc, tag_check_reasons);
    tcase_add_test(tc, record_mutations);
    suite_add_tcase(s, tc);
    return run_suite(s);
}

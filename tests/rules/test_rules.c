/*
 * The rules of RULES.md: every worked example, then hand-made positions
 * for each rule and its edges.
 *
 * SPDX-License-Identifier: MIT
 */
#include "helpers.h"

/* ---- the worked examples of RULES.md, as data ---- */

struct example {
    const char *id;
    const char *position;
    const char *legal;    /* legal moves of `position` */
    int moves[12];        /* moves played, -1 terminated */
    const char *after;    /* NULL: no move is played */
    int over;             /* enum mancala_end after the moves */
    int south, north;     /* scores once over */
};

static const struct example examples[] = {
    {"M1", "modiar/7,7,7,7,7,7/S/0,0/0", "0 1 2", {0, -1}, "modiar/2,8,8,8,8,8/N/0,0/1", 0, 0, 0},
    {"M2", "modiar/7,7,7,7,7,7/S/0,0/1", "0 1 2", {0, -1}, "modiar/0,8,8,8,8,8/N/2,0/2", 0, 0, 0},
    {"M3", "modiar/12,2,11,11,2,4/S/0,0/4", "0 1 2", {0, -1}, "modiar/2,4,13,13,0,0/N/10,0/5", 0, 0, 0},
    {"M4", "modiar/0,3,1,1,2,5/S/10,20/9", "1", {1, -1}, "modiar/0,1,0,0,2,5/N/14,20/10", 0, 0, 0},
    {"M5", "modiar/0,0,0,2,4,10/N/18,8/19", "4", {4, -1}, "modiar/1,1,0,2,1,11/S/18,8/20",
     MANCALA_END_NO_MOVES, 20, 22},
    {"M6", "modiar/0,0,0,2,1,1/N/12,26/27", "3", {3, -1}, "modiar/0,0,0,1,0,1/S/12,28/28",
     MANCALA_END_NO_MOVES, 12, 30},
    {"M7", "modiar/1,1,0,0,0,1/S/20,19/30", "", {-1}, NULL, MANCALA_END_NO_MOVES, 22, 20},
    {"R1", "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", "0 1 2 3 4 5", {0, -1},
     "rio-kadalis/2,7,1,6,1,6,6,6,0,1,6,6/N/0,0/1/0,0", 0, 0, 0},
    {"R2", "rio-kadalis-cw/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", "0 1 2 3 4 5", {0, -1},
     "rio-kadalis-cw/2,6,6,1,0,6,6,6,1,6,1,7/N/0,0/1/0,0", 0, 0, 0},
    {"R3", "rio-kadalis/0,0,0,0,0,3,3,0,0,0,0,2/S/20,20/30/0,0", "5", {5, -1},
     "rio-kadalis/0,0,0,0,0,0,0,1,1,0,0,2/N/20,24/31/0,0", 0, 0, 0},
    {"R4", "rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0", "5", {5, -1},
     "rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,4/N/24,20/31/0,0", 0, 0, 0},
    {"R5", "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", "7 9 11", {-1}, NULL, 0, 0, 0},
    {"R6", "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", "2 3 4", {2, -1},
     "rio-kadalis-5/x,x,0,0,9,9,1,1,8,0/N/4,0/1/2,6", 0, 0, 0},
    {"R7", "rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0", "0 4",
     {0, 7, 4, 11, 0, 8, 2, 6, 4, 10, -1},
     "rio-kadalis/1,1,0,0,0,1,0,0,1,0,0,0/S/24,20/66/0,0", MANCALA_END_REPETITION, 27, 21},
};

START_TEST(worked_example)
{
    const struct example *ex = &examples[_i];
    mancala_game *g = parse_ok(ex->position);
    ck_assert_str_eq(fmt(g), ex->position);
    ck_assert_msg(strcmp(moves_str(g), ex->legal) == 0, "%s: legal '%s', expected '%s'",
                  ex->id, moves_str(g), ex->legal);
    for (int i = 0; ex->moves[i] >= 0; i++) {
        ck_assert_int_eq(mancala_is_over(g), 0);
        play_ok(g, ex->moves[i]);
    }
    if (ex->after)
        ck_assert_msg(strcmp(fmt(g), ex->after) == 0, "%s: after '%s', expected '%s'",
                      ex->id, fmt(g), ex->after);
    ck_assert_int_eq(mancala_end_reason(g), ex->over);
    ck_assert_int_eq(mancala_is_over(g), ex->over != 0);
    if (ex->over) {
        ck_assert_str_eq(moves_str(g), "");
        ck_assert_int_eq(mancala_score(g, MANCALA_SOUTH), ex->south);
        ck_assert_int_eq(mancala_score(g, MANCALA_NORTH), ex->north);
    }
    mancala_free(g);
}
END_TEST

/* R5 also says why pit 6 is refused. */
START_TEST(r5_pit_6_is_endless)
{
    mancala_game *g = parse_ok("rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0");
    ck_assert_int_eq(mancala_play(g, 6), MANCALA_E_ENDLESS);
    ck_assert_str_eq(fmt(g), "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0");
    mancala_free(g);
}
END_TEST

/* The next rounds named in RULES.md, "Match". */
START_TEST(match_examples)
{
    mancala_game *g = parse_ok("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0");
    int moves[] = {0, 7, 4, 11, 0, 8, 2, 6, 4, 10};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        play_ok(g, moves[i]);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1");
    ck_assert_int_eq(mancala_round(g), 2);
    mancala_free(g);

    /* South 30, North 18, North moved first (S to move at an odd ply). */
    g = parse_ok("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/S/30,18/5/0,0");
    ck_assert_int_eq(mancala_is_over(g), 1);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), "rio-kadalis/4,4,4,4,4,4,x,x,4,4,4,4/S/0,0/0/6,2");
    mancala_free(g);
}
END_TEST

/* ---- Modiar, rule by rule ---- */

/* Plays `pit` from `position` and checks the position after. */
static void check_move(const char *position, int pit, const char *after)
{
    mancala_game *g = parse_ok(position);
    play_ok(g, pit);
    ck_assert_str_eq(fmt(g), after);
    mancala_free(g);
}

/* Checks that `pit` is refused with `status` and changes nothing. */
static void check_refused(const char *position, int pit, int status)
{
    mancala_game *g = parse_ok(position);
    ck_assert_int_eq(mancala_play(g, pit), status);
    ck_assert_str_eq(fmt(g), position);
    mancala_free(g);
}

START_TEST(modiar_rule1_eligible)
{
    check_refused("modiar/1,0,7,7,7,7/S/6,7/3", 0, MANCALA_E_SINGLETON);
    check_refused("modiar/1,0,7,7,7,7/S/6,7/3", 1, MANCALA_E_EMPTY);
    check_refused("modiar/1,0,7,7,7,7/S/6,7/3", 3, MANCALA_E_NOT_YOURS);
    mancala_game *g = parse_ok("modiar/1,0,7,7,7,7/S/6,7/3");
    ck_assert_str_eq(moves_str(g), "2");
    mancala_free(g);
}
END_TEST

START_TEST(modiar_rule2_long_lap)
{
    /* 13 stones: the origin gets stones 1, 7 and 13, the rest two each;
     * the last pit holds 3, so nothing is captured. */
    check_move("modiar/13,1,1,1,1,1/S/12,12/5", 0, "modiar/3,3,3,3,3,3/N/12,12/6");
    /* North's 9 stones from pit 4 land in 4 5 0 1 2 3 4 5 0: the last, in
     * South's pit 0, makes 2 and is captured; pit 5 then holds 3. */
    check_move("modiar/0,0,1,1,9,1/N/15,15/8", 4, "modiar/0,1,2,2,2,3/S/15,17/9");
}
END_TEST

START_TEST(modiar_rule3_chain_round_the_board)
{
    /* 8 stones from pit 2 land in 2 3 4 5 0 1 2 3, every pit is sown
     * into; the chain takes 3 (4), 2 (2), 1 (2), 0 (4), 5 (6), crossing
     * into North's row, into South's and back, and stops at 4 (1). */
    mancala_game *g = parse_ok("modiar/3,1,8,2,0,5/S/10,13/7");
    ck_assert_str_eq(moves_str(g), "0 2");
    play_ok(g, 2);
    ck_assert_str_eq(fmt(g), "modiar/0,0,0,0,1,0/N/28,13/8");
    /* North has a single stone: rule 7 ends the game. */
    ck_assert_int_eq(mancala_end_reason(g), MANCALA_END_NO_MOVES);
    ck_assert_int_eq(mancala_score(g, MANCALA_SOUTH), 28);
    ck_assert_int_eq(mancala_score(g, MANCALA_NORTH), 14);
    ck_assert_int_eq(mancala_winner(g), MANCALA_SOUTH);
    mancala_free(g);
}
END_TEST

START_TEST(modiar_rule4_first_move_only)
{
    /* North moving at ply 0 of a parsed position forfeits too. */
    check_move("modiar/7,7,7,7,7,7/N/0,0/0", 3, "modiar/8,8,8,2,8,8/S/0,0/1");
    check_move("modiar/7,7,7,7,7,7/N/0,0/2", 3, "modiar/8,8,8,0,8,8/S/0,2/3");
}
END_TEST

START_TEST(modiar_rule5_grand_slam)
{
    /* Pit 2 would take 2 and 2 and leave North's row empty. */
    mancala_game *g = parse_ok("modiar/2,0,3,1,1,0/S/20,15/10");
    ck_assert_str_eq(moves_str(g), "0");
    mancala_free(g);
    check_refused("modiar/2,0,3,1,1,0/S/20,15/10", 2, MANCALA_E_GRAND_SLAM);
    /* M5: pit 5 is a grand slam (and would feed), pit 3 does not feed. */
    check_refused("modiar/0,0,0,2,4,10/N/18,8/19", 5, MANCALA_E_GRAND_SLAM);
    check_refused("modiar/0,0,0,2,4,10/N/18,8/19", 3, MANCALA_E_MUST_FEED);
    /* The first move's forfeited capture is no grand slam. */
    check_move("modiar/2,0,3,1,1,0/S/20,15/0", 2, "modiar/2,0,1,2,2,0/N/20,15/1");
}
END_TEST

START_TEST(modiar_rule6_feeding)
{
    mancala_game *g = parse_ok("modiar/2,3,0,0,0,0/S/18,19/12");
    ck_assert_str_eq(moves_str(g), "1");
    mancala_free(g);
    check_refused("modiar/2,3,0,0,0,0/S/18,19/12", 0, MANCALA_E_MUST_FEED);
    check_move("modiar/2,3,0,0,0,0/S/18,19/12", 1, "modiar/2,1,1,1,0,0/N/18,19/13");
}
END_TEST

START_TEST(modiar_rule7_end)
{
    /* A draw, 21-21. */
    mancala_game *g = parse_ok("modiar/1,0,0,0,1,0/S/20,20/40");
    ck_assert_int_eq(mancala_end_reason(g), MANCALA_END_NO_MOVES);
    ck_assert_int_eq(mancala_score(g, MANCALA_SOUTH), 21);
    ck_assert_int_eq(mancala_score(g, MANCALA_NORTH), 21);
    ck_assert_int_eq(mancala_winner(g), MANCALA_DRAW);
    ck_assert_int_eq(mancala_match_over(g), 1);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_DRAW);
    ck_assert_int_eq(mancala_play(g, 0), MANCALA_E_OVER);
    mancala_free(g);
}
END_TEST

/* ---- Rio Kadalis, rule by rule ---- */

START_TEST(rio_rule1_eligible)
{
    check_refused("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", 0, MANCALA_E_CLOSED);
    check_refused("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0", 1, MANCALA_E_EMPTY);
    check_refused("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0", 7, MANCALA_E_NOT_YOURS);
    /* A single stone may move. */
    check_move("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0", 4,
               "rio-kadalis/1,0,0,0,0,1,0,1,0,0,0,1/N/24,20/57/0,0");
}
END_TEST

START_TEST(rio_rule2_five_pits_clockwise)
{
    /* Clockwise on 2 x 5: 0 sows 9 8 7 6, relays 6 to 5 4 3 2 1, relays 1
     * to 0 9 8 7 6, which was emptied and ends the move. */
    check_move("rio-kadalis-5-cw/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", 0,
               "rio-kadalis-5-cw/1,0,5,5,5,5,1,6,6,6/N/0,0/1/0,0");
}
END_TEST

START_TEST(rio_rule3_fours_mid_lap)
{
    /* North sows into South's pit 0, making 4: South gets them. */
    check_move("rio-kadalis/3,0,0,0,0,0,0,0,0,0,0,3/N/20,22/41/0,0", 11,
               "rio-kadalis/0,1,1,0,0,0,0,0,0,0,0,0/S/24,22/42/0,0");
    /* 13 stones: pit 1 makes 4 and is taken, then is sown into again by
     * the 13th stone, which lands in an empty pit and ends the move. */
    check_move("rio-kadalis/13,3,0,0,0,0,0,0,0,0,0,0/S/16,16/20/0,0", 0,
               "rio-kadalis/1,1,1,1,1,1,1,1,1,1,1,1/N/20,16/21/0,0");
}
END_TEST

START_TEST(rio_rule4_binikh_own_row)
{
    /* The last stone makes 4 in South's own pit 2. */
    check_move("rio-kadalis/0,1,3,0,0,0,0,0,0,0,0,2/S/20,22/41/0,0", 1,
               "rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,2/N/24,22/42/0,0");
}
END_TEST

START_TEST(rio_rule7_round_end)
{
    /* South has nothing: stones left go to their rows' owners. */
    mancala_game *g = parse_ok("rio-kadalis/0,0,0,0,0,0,0,5,0,3,0,0/S/20,20/41/0,0");
    ck_assert_int_eq(mancala_end_reason(g), MANCALA_END_NO_MOVES);
    ck_assert_int_eq(mancala_score(g, MANCALA_SOUTH), 20);
    ck_assert_int_eq(mancala_score(g, MANCALA_NORTH), 28);
    ck_assert_int_eq(mancala_winner(g), MANCALA_NORTH);
    mancala_free(g);
}
END_TEST

/* ---- repetition ---- */

START_TEST(repetition_off)
{
    mancala_game *g = parse_ok("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0");
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_REPETITION), 1);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
    int moves[] = {0, 7, 4, 11, 0, 8, 2, 6, 4, 10};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        play_ok(g, moves[i]);
    ck_assert_str_eq(fmt(g), "rio-kadalis/1,1,0,0,0,1,0,0,1,0,0,0/S/24,20/66/0,0");
    ck_assert_int_eq(mancala_is_over(g), 0);
    ck_assert_str_eq(moves_str(g), "0 1 5");
    ck_assert_int_eq(mancala_score(g, MANCALA_SOUTH), 24);
    /* Too late to switch it back on. */
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 1), MANCALA_E_STATE);
    mancala_free(g);
}
END_TEST

START_TEST(repetition_of_the_start)
{
    /* Six plies bring back the start position (pits and player to move):
     * the round ends there, the start counts as an earlier position. */
    const char *start = "rio-kadalis/0,0,0,1,1,0,1,0,1,0,0,1/S/21,22/5/0,0";
    mancala_game *g = parse_ok(start);
    int moves[] = {3, 11, 5, 9, 1, 7};
    const char *after[] = {
        "rio-kadalis/0,0,0,0,0,1,0,1,0,1,1,1/N/21,22/6/0,0",
        "rio-kadalis/1,0,0,0,0,1,0,1,0,1,1,0/S/21,22/7/0,0",
        "rio-kadalis/1,0,0,0,0,0,1,1,0,1,1,0/N/21,22/8/0,0",
        "rio-kadalis/0,1,1,0,0,0,1,1,0,0,0,1/S/21,22/9/0,0",
        "rio-kadalis/0,0,0,1,1,0,1,1,0,0,0,1/N/21,22/10/0,0",
        "rio-kadalis/0,0,0,1,1,0,1,0,1,0,0,1/S/21,22/11/0,0",
    };
    for (int i = 0; i < 6; i++) {
        ck_assert_int_eq(mancala_is_over(g), 0);
        play_ok(g, moves[i]);
        ck_assert_str_eq(fmt(g), after[i]);
    }
    ck_assert_int_eq(mancala_end_reason(g), MANCALA_END_REPETITION);
    ck_assert_int_eq(mancala_score(g, MANCALA_SOUTH), 23);
    ck_assert_int_eq(mancala_score(g, MANCALA_NORTH), 25);
    /* Undo reopens the round. */
    ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    ck_assert_int_eq(mancala_is_over(g), 0);
    ck_assert_str_eq(moves_str(g), "6 7 11");
    mancala_free(g);
}
END_TEST

/* ---- the match ---- */

START_TEST(match_to_the_end)
{
    /* North ends the round with 3 stones: the match is over. */
    mancala_game *g = parse_ok("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/N/45,3/9/0,0");
    ck_assert_int_eq(mancala_match_over(g), 1);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_SOUTH);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_E_MATCH_OVER);
    mancala_free(g);

    /* 5 pits: South 33 opens 5 pits and banks 13; North 7 opens pit 9 and
     * banks 3; South moved first (N to move at an odd ply), so North
     * starts. */
    g = parse_ok("rio-kadalis-5/0,0,0,0,0,0,0,0,0,0/N/33,7/11/0,0");
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), "rio-kadalis-5/4,4,4,4,4,x,x,x,x,4/N/0,0/0/13,3");
    ck_assert_int_eq(mancala_pit_closed(g, 5), 1);
    ck_assert_int_eq(mancala_pit_closed(g, 9), 0);
    ck_assert_int_eq(mancala_score(g, MANCALA_SOUTH), 13);
    ck_assert_int_eq(mancala_score(g, MANCALA_NORTH), 3);
    ck_assert_str_eq(moves_str(g), "9");
    ck_assert_int_eq(mancala_next_round(g), MANCALA_E_NOT_OVER);
    int rounds_before = mancala_round(g);
    ck_assert_int_eq(rounds_before, 2);
    mancala_free(g);
}
END_TEST

START_TEST(match_first_player_alternates)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    /* Played until a player has fewer than 4 stones: these moves repeat
     * rounds, which the match-repetition rule would end as a draw. */
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_E_NOT_OVER);
    int expected_first = MANCALA_SOUTH;
    for (int round = 1; !mancala_match_over(g); round++) {
        ck_assert_int_eq(mancala_round(g), round);
        ck_assert_int_eq(mancala_to_move(g), expected_first);
        ck_assert_int_eq(mancala_ply(g), 0);
        ck_assert_int_eq(stones(g), 48);
        while (!mancala_is_over(g)) {
            int moves[MANCALA_MAX_PITS];
            int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
            play_ok(g, moves[(mancala_ply(g) * 7 + round) % count]);
        }
        if (mancala_match_over(g))
            break;
        ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
        expected_first ^= 1;
        ck_assert_int_lt(round, 200);
    }
    ck_assert_int_eq(mancala_match_end_reason(g), MANCALA_MATCH_END_STONES);
    int winner = mancala_match_winner(g);
    int loser = winner ^ 1;
    ck_assert_int_lt(mancala_score(g, loser), 4);
    ck_assert_int_eq(mancala_score(g, winner) + mancala_score(g, loser), 48);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_E_MATCH_OVER);
    mancala_free(g);

    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_E_UNSUPPORTED);
    ck_assert_int_eq(mancala_match_over(g), 0);
    ck_assert_int_eq(mancala_match_winner(g), MANCALA_E_NOT_OVER);
    mancala_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("examples");
    tcase_add_loop_test(tc, worked_example, 0, (int)(sizeof examples / sizeof examples[0]));
    tcase_add_test(tc, r5_pit_6_is_endless);
    tcase_add_test(tc, match_examples);
    suite_add_tcase(s, tc);

    tc = tcase_create("modiar");
    tcase_add_test(tc, modiar_rule1_eligible);
    tcase_add_test(tc, modiar_rule2_long_lap);
    tcase_add_test(tc, modiar_rule3_chain_round_the_board);
    tcase_add_test(tc, modiar_rule4_first_move_only);
    tcase_add_test(tc, modiar_rule5_grand_slam);
    tcase_add_test(tc, modiar_rule6_feeding);
    tcase_add_test(tc, modiar_rule7_end);
    suite_add_tcase(s, tc);

    tc = tcase_create("rio-kadalis");
    tcase_add_test(tc, rio_rule1_eligible);
    tcase_add_test(tc, rio_rule2_five_pits_clockwise);
    tcase_add_test(tc, rio_rule3_fours_mid_lap);
    tcase_add_test(tc, rio_rule4_binikh_own_row);
    tcase_add_test(tc, rio_rule7_round_end);
    suite_add_tcase(s, tc);

    tc = tcase_create("repetition");
    tcase_add_test(tc, repetition_off);
    tcase_add_test(tc, repetition_of_the_start);
    suite_add_tcase(s, tc);

    tc = tcase_create("match");
    tcase_add_test(tc, match_to_the_end);
    tcase_add_test(tc, match_first_player_alternates);
    suite_add_tcase(s, tc);
    return run_suite(s);
}

/*
 * The API contract: errors for bad arguments, undo, clone, history, move
 * events, hash, options, allocators and the version.
 *
 * SPDX-License-Identifier: MIT
 */
#include "core/random.h"
#include "helpers.h"

START_TEST(null_and_range_arguments)
{
    mancala_game *g = parse_ok("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6");
    mancala_game *out = NULL;
    int moves[MANCALA_MAX_PITS];
    mancala_event ev[4];
    char buf[64];

    ck_assert_int_eq(mancala_new(NULL, "modiar"), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_new(&out, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_new(&out, "kalah"), MANCALA_E_RULES);
    ck_assert_int_eq(mancala_new(&out, ""), MANCALA_E_RULES);
    ck_assert_int_eq(mancala_parse(NULL, "modiar/7,7,7,7,7,7/S/0,0/0", buf, sizeof buf), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_parse(&out, NULL, buf, sizeof buf), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_clone(NULL, g), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_clone(&out, NULL), MANCALA_E_INVALID);
    ck_assert_ptr_null(out);
    mancala_free(NULL);

    ck_assert_int_eq(mancala_legal_moves(NULL, moves, 12), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_legal_moves(g, NULL, 12), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_legal_moves(g, moves, 2), MANCALA_E_NOSPACE);
    ck_assert_int_eq(mancala_legal_moves(g, moves, 3), 3);
    ck_assert_int_eq(mancala_play(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_play(g, -1), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_play(g, 10), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_play(g, 1000000), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_undo(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_undo(g), MANCALA_E_NO_HISTORY);
    ck_assert_int_eq(mancala_history_length(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_history(NULL, moves, 12), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_last_move_events(NULL, ev, 4), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_last_move_events(g, NULL, 4), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_last_move_events(g, ev, 4), MANCALA_E_NO_HISTORY);
    ck_assert_int_eq(mancala_is_over(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_end_reason(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_to_move(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_score(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_score(g, 2), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_score(g, -1), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_winner(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_winner(g), MANCALA_E_NOT_OVER);
    ck_assert_ptr_null(mancala_rules(NULL));
    ck_assert_int_eq(mancala_num_pits(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_pit(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_pit(g, 10), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_pit(g, -1), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_pit_closed(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_pit_closed(g, 12), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_captured(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_captured(g, 5), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_bank(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_bank(g, 2), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_ply(NULL), MANCALA_E_INVALID);
    ck_assert_uint_eq(mancala_hash(NULL), 0);
    ck_assert_int_eq(mancala_set_option(NULL, MANCALA_OPT_REPETITION, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_set_option(g, 99, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 2), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_get_option(NULL, MANCALA_OPT_REPETITION), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_get_option(g, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_next_round(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_round(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_match_over(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_match_winner(NULL), MANCALA_E_INVALID);

    /* None of it changed the game. */
    ck_assert_str_eq(fmt(g), "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6");
    ck_assert_int_eq(mancala_history_length(g), 0);
    mancala_free(g);
}
END_TEST

START_TEST(strerror_covers_every_status)
{
    for (int status = MANCALA_OK; status >= MANCALA_E_CANCELLED; status--) {
        const char *text = mancala_strerror(status);
        ck_assert_ptr_nonnull(text);
        ck_assert_str_ne(text, "unknown status");
    }
    ck_assert_str_ne(mancala_strerror(MANCALA_E_LIMIT), "unknown status");
    ck_assert_str_ne(mancala_strerror(MANCALA_E_LIMIT), mancala_strerror(MANCALA_E_NOSPACE));
    /* 1 is MANCALA_STOPPED since 1.3, the status of a cancelled run. */
    ck_assert_str_eq(mancala_strerror(MANCALA_STOPPED), "stopped by a cancel call");
    ck_assert_str_eq(mancala_strerror(2), "unknown status");
    ck_assert_str_eq(mancala_strerror(-1000), "unknown status");
}
END_TEST

START_TEST(version_agrees)
{
    char text[32];
    snprintf(text, sizeof text, "%d.%d.%d", MANCALA_VERSION_MAJOR, MANCALA_VERSION_MINOR,
             MANCALA_VERSION_PATCH);
    ck_assert_str_eq(mancala_version_string(), text);
    ck_assert_str_eq(mancala_version_string(), MANCALA_VERSION_STRING);
    ck_assert_int_eq(mancala_version_number(), MANCALA_VERSION_NUMBER);
    ck_assert_int_eq(MANCALA_VERSION_NUMBER,
                     MANCALA_VERSION_MAJOR * 10000 + MANCALA_VERSION_MINOR * 100 + MANCALA_VERSION_PATCH);
    ck_assert_int_eq(MANCALA_VERSION_MAJOR, 1);
}
END_TEST

START_TEST(undo_and_history)
{
    mancala_game *g;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    play_ok(g, 0);
    play_ok(g, 4);
    play_ok(g, 2);
    int moves[3];
    ck_assert_int_eq(mancala_history_length(g), 3);
    ck_assert_int_eq(mancala_history(g, moves, 2), MANCALA_E_NOSPACE);
    ck_assert_int_eq(mancala_history(g, moves, 3), 3);
    ck_assert_int_eq(moves[0], 0);
    ck_assert_int_eq(moves[1], 4);
    ck_assert_int_eq(moves[2], 2);
    ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), "modiar/2,8,8,8,8,8/N/0,0/1");
    ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), "modiar/7,7,7,7,7,7/S/0,0/0");
    ck_assert_int_eq(mancala_undo(g), MANCALA_E_NO_HISTORY);
    ck_assert_int_eq(mancala_history(g, NULL, 0), 0);
    mancala_free(g);
}
END_TEST

START_TEST(clone_is_independent)
{
    mancala_game *g, *c;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    play_ok(g, 0);
    ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
    ck_assert_str_eq(fmt(c), "rio-kadalis/2,7,1,6,1,6,6,6,0,1,6,6/N/0,0/1/0,0");
    ck_assert_uint_eq(mancala_hash(c), mancala_hash(g));
    play_ok(c, 6);
    ck_assert_str_eq(fmt(g), "rio-kadalis/2,7,1,6,1,6,6,6,0,1,6,6/N/0,0/1/0,0");
    ck_assert_uint_ne(mancala_hash(c), mancala_hash(g));
    /* The clone's history goes back to the original's start. */
    ck_assert_int_eq(mancala_undo(c), MANCALA_OK);
    ck_assert_int_eq(mancala_undo(c), MANCALA_OK);
    ck_assert_str_eq(fmt(c), "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0");
    mancala_free(g);
    mancala_free(c);
}
END_TEST

/* An allocator whose new blocks are full of 0xa5, not zeros: a part of a
 * clone that mancala_clone() forgot to copy shows. */
static void *poisoned_alloc(void *opaque, void *ptr, size_t size)
{
    (void)opaque;
    if (!size) {
        free(ptr);
        return NULL;
    }
    void *block = realloc(ptr, size);
    if (block && !ptr)
        memset(block, 0xa5, size);
    return block;
}

START_TEST(clone_copies_the_board)
{
    /* A board with closed pits sows by lap tables of its own in the
     * handle, which a clone must copy; one with every pit open reads the
     * shared tables, and its clone does not copy them. Either clone plays
     * as a handle parsed afresh, move for move. */
    const char *starts[] = {"rio-kadalis/x,4,4,4,4,4,4,4,x,4,4,4/S/0,0/0/6,2",
                            "rio-kadalis-5-cw/4,4,x,4,4,4,4,4,4,4/N/0,0/0/2,2",
                            "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
                            "modiar/7,7,7,7,7,7/S/0,0/0"};
    for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
        mancala_game *g, *c, *fresh;
        ck_assert_int_eq(mancala_parse_with_allocator(&g, starts[k], NULL, 0, poisoned_alloc, NULL),
                         MANCALA_OK);
        ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
        mancala_free(g);
        fresh = parse_ok(starts[k]);
        uint32_t seed = 12345;
        int a[MANCALA_MAX_PITS], b[MANCALA_MAX_PITS], count;
        while ((count = mancala_legal_moves(fresh, a, MANCALA_MAX_PITS)) > 0) {
            ck_assert_int_eq(mancala_legal_moves(c, b, MANCALA_MAX_PITS), count);
            ck_assert_mem_eq(a, b, (size_t)count * sizeof a[0]);
            seed = seed * 1103515245u + 12345u;
            const int pit = a[(seed >> 16) % (uint32_t)count];
            play_ok(fresh, pit);
            play_ok(c, pit);
            char want[256];
            snprintf(want, sizeof want, "%s", fmt(fresh));
            ck_assert_str_eq(fmt(c), want);
        }
        ck_assert_int_eq(mancala_legal_moves(c, b, MANCALA_MAX_PITS), 0);
        ck_assert_int_eq(mancala_end_reason(c), mancala_end_reason(fresh));
        ck_assert_int_gt(mancala_history_length(c), 10);
        mancala_free(c);
        mancala_free(fresh);
    }
}
END_TEST

START_TEST(hash_of_equal_positions)
{
    /* Reached by play or parsed: equal positions, equal hashes. */
    mancala_game *g, *p;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    play_ok(g, 0);
    p = parse_ok("modiar/2,8,8,8,8,8/N/0,0/1");
    ck_assert_uint_eq(mancala_hash(g), mancala_hash(p));
    mancala_free(p);
    /* The ply is not part of it ... */
    p = parse_ok("modiar/2,8,8,8,8,8/N/0,0/9");
    ck_assert_uint_eq(mancala_hash(g), mancala_hash(p));
    mancala_free(p);
    /* ... but the side, the captures and the first-move rule are. */
    static const char *const other[] = {
        "modiar/2,8,8,8,8,8/S/0,0/1", "modiar/2,8,8,8,8,8/N/0,0/0",
        "modiar/0,8,8,8,8,8/N/2,0/1", "modiar/0,8,8,8,8,8/N/0,2/1",
    };
    for (int i = 0; i < 4; i++) {
        p = parse_ok(other[i]);
        ck_assert_uint_ne(mancala_hash(g), mancala_hash(p));
        mancala_free(p);
    }
    mancala_free(g);
    /* Rules, closed pits and banks too. */
    mancala_game *a = parse_ok("rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0");
    mancala_game *b = parse_ok("rio-kadalis-cw/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0");
    mancala_game *c = parse_ok("rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/S/0,0/0/3,1");
    mancala_game *d = parse_ok("rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/S/0,0/0/2,2");
    ck_assert_uint_ne(mancala_hash(a), mancala_hash(b));
    ck_assert_uint_ne(mancala_hash(c), mancala_hash(d));
    /* The hash is documented to be the same in every process and on every
     * platform, so tables can be saved: these values must never change. */
    ck_assert_uint_eq(mancala_hash(a), 0x275abedd0d810615u);
    mancala_game *m;
    ck_assert_int_eq(mancala_new(&m, "modiar"), MANCALA_OK);
    ck_assert_uint_eq(mancala_hash(m), 0xdbb04fac2e11e7c2u);
    mancala_free(m);
    mancala_free(a);
    mancala_free(b);
    mancala_free(c);
    mancala_free(d);
}
END_TEST

START_TEST(events_of_a_modiar_move)
{
    mancala_game *g = parse_ok("modiar/12,2,11,11,2,4/S/0,0/4");
    play_ok(g, 0);
    mancala_event ev[32];
    int count = mancala_last_move_events(g, ev, 32);
    /* 1 lap, 12 stones sown, captures at 5 (6) and 4 (4). */
    ck_assert_int_eq(count, 15);
    ck_assert_int_eq(ev[0].kind, MANCALA_EV_LAP);
    ck_assert_int_eq(ev[0].pit, 0);
    ck_assert_int_eq(ev[0].stones, 12);
    ck_assert_int_eq(ev[0].player, MANCALA_SOUTH);
    for (int k = 0; k < 12; k++) {
        ck_assert_int_eq(ev[1 + k].kind, MANCALA_EV_SOW);
        ck_assert_int_eq(ev[1 + k].pit, k % 6);
    }
    ck_assert_int_eq(ev[1].stones, 1);  /* the origin's first stone */
    ck_assert_int_eq(ev[7].stones, 2);  /* and its second */
    ck_assert_int_eq(ev[12].stones, 6); /* pit 5: 4 + 2 */
    ck_assert_int_eq(ev[13].kind, MANCALA_EV_CAPTURE);
    ck_assert_int_eq(ev[13].pit, 5);
    ck_assert_int_eq(ev[13].stones, 6);
    ck_assert_int_eq(ev[13].player, MANCALA_SOUTH);
    ck_assert_int_eq(ev[14].kind, MANCALA_EV_CAPTURE);
    ck_assert_int_eq(ev[14].pit, 4);
    ck_assert_int_eq(ev[14].stones, 4);
    /* A short buffer gets the first events and the full count. */
    mancala_event few[2];
    ck_assert_int_eq(mancala_last_move_events(g, few, 2), 15);
    ck_assert_int_eq(few[1].kind, MANCALA_EV_SOW);
    ck_assert_int_eq(mancala_last_move_events(g, NULL, 0), 15);
    mancala_free(g);

    /* The first move forfeits its capture. */
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    play_ok(g, 0);
    count = mancala_last_move_events(g, ev, 32);
    ck_assert_int_eq(count, 9);
    ck_assert_int_eq(ev[8].kind, MANCALA_EV_FORFEIT);
    ck_assert_int_eq(ev[8].pit, 0);
    ck_assert_int_eq(ev[8].stones, 2);
    mancala_free(g);
}
END_TEST

START_TEST(events_of_a_rio_move)
{
    /* R3: a mid-lap four for North, then the move ends. */
    mancala_game *g = parse_ok("rio-kadalis/0,0,0,0,0,3,3,0,0,0,0,2/S/20,20/30/0,0");
    play_ok(g, 5);
    mancala_event ev[16];
    const mancala_event expected[] = {
        {MANCALA_EV_LAP, 5, 3, MANCALA_SOUTH},   {MANCALA_EV_SOW, 6, 4, MANCALA_SOUTH},
        {MANCALA_EV_CAPTURE, 6, 4, MANCALA_NORTH}, {MANCALA_EV_SOW, 7, 1, MANCALA_SOUTH},
        {MANCALA_EV_SOW, 8, 1, MANCALA_SOUTH},
    };
    ck_assert_int_eq(mancala_last_move_events(g, ev, 16), 5);
    ck_assert_mem_eq(ev, expected, sizeof expected);
    mancala_free(g);

    /* R4: binikh. */
    g = parse_ok("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0");
    play_ok(g, 5);
    const mancala_event binikh[] = {
        {MANCALA_EV_LAP, 5, 1, MANCALA_SOUTH},
        {MANCALA_EV_SOW, 6, 4, MANCALA_SOUTH},
        {MANCALA_EV_BINIKH, 6, 4, MANCALA_SOUTH},
    };
    ck_assert_int_eq(mancala_last_move_events(g, ev, 16), 3);
    ck_assert_mem_eq(ev, binikh, sizeof binikh);
    mancala_free(g);

    /* R1: five laps, from 0, 4, 9, 2 and 8. */
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    play_ok(g, 0);
    mancala_event all[64];
    int count = mancala_last_move_events(g, all, 64);
    int laps[8], nlaps = 0, sown = 0;
    for (int i = 0; i < count; i++) {
        if (all[i].kind == MANCALA_EV_LAP)
            laps[nlaps++] = all[i].pit;
        sown += all[i].kind == MANCALA_EV_SOW;
    }
    ck_assert_int_eq(nlaps, 5);
    ck_assert_int_eq(laps[0], 0);
    ck_assert_int_eq(laps[1], 4);
    ck_assert_int_eq(laps[2], 9);
    ck_assert_int_eq(laps[3], 2);
    ck_assert_int_eq(laps[4], 8);
    ck_assert_int_eq(sown, 4 + 5 + 5 + 6 + 6);
    mancala_free(g);
}
END_TEST

/* Moves and their narration: a position (a rules name for the start), a
 * pit, the words. */
static const struct {
    const char *position;
    int pit;
    const char *words;
} narrations[] = {
    /* Modiar: the first move forfeits its capture (M1); chains of
     * captures (M4, and round the board); a move that ends the game (M5). */
    {"modiar", 0,
     "South plays 0: 1 lap, 7 stones sown, the last into pit 0.\n"
     "  First move: no capture, the 2 stones stay in pit 0."},
    {"modiar/0,3,1,1,2,5/S/10,20/9", 1,
     "South plays 1: 1 lap, 3 stones sown, the last into pit 3.\n"
     "  South captures 2 from pit 3.\n"
     "  South captures 2 from pit 2."},
    {"modiar/12,2,11,11,2,4/S/0,0/4", 0,
     "South plays 0: 1 lap, 12 stones sown, the last into pit 5.\n"
     "  South captures 6 from pit 5.\n"
     "  South captures 4 from pit 4."},
    {"modiar/0,0,0,2,4,10/N/18,8/19", 4, "North plays 4: 1 lap, 4 stones sown, the last into pit 1."},
    /* Rio Kadalis: relays (R1); a four for the row's owner (R3); binikh
     * (R4), and binikh ending the round, a draw; relays round closed pits. */
    {"rio-kadalis", 0,
     "South plays 0: 5 laps (relays from 4 9 2 8), 26 stones sown, the last into pit 2."},
    {"rio-kadalis/0,0,0,0,0,3,3,0,0,0,0,2/S/20,20/30/0,0", 5,
     "South plays 5: 1 lap, 3 stones sown, the last into pit 8.\n"
     "  North captures the four formed in pit 6."},
    {"rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0", 5,
     "South plays 5: 1 lap, 1 stone sown, the last into pit 6.\n"
     "  Binikh: South captures the four in pit 6 and the move ends."},
    {"rio-kadalis/3,0,0,1,3,1,0,0,0,0,0,0/S/16,24/12/0,0", 3,
     "South plays 3: 1 lap, 1 stone sown, the last into pit 4.\n"
     "  Binikh: South captures the four in pit 4 and the move ends."},
    {"rio-kadalis/x,x,x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,14", 4,
     "South plays 4: 8 laps (relays from 8 5 11 9 8 11 5), 36 stones sown, the last into pit 8.\n"
     "  South captures the four formed in pit 4."},
    /* Past eight relays, "..."; 84 events, the last capture at event 76
     * (the narration reads events in pages of 64). */
    {"rio-kadalis/0,1,0,2,0,2,0,1,0,1,0,1/S/24,16/92/0,0", 5,
     "South plays 5: 12 laps (relays from 7 9 11 1 3 6 8 10 ...), 25 stones sown, the last into "
     "pit 6."},
    {"rio-kadalis/1,1,1,0,1,3,12,1,11,1,2,2/N/8,4/5/0,0", 10,
     "North plays 10: 18 laps (relays from 0 2 4 6 7 10 0 2 ...), 60 stones sown, the last into "
     "pit 10.\n"
     "  South captures the four formed in pit 5.\n"
     "  North captures the four formed in pit 11.\n"
     "  South captures the four formed in pit 1.\n"
     "  North captures the four formed in pit 9.\n"
     "  South captures the four formed in pit 3.\n"
     "  South captures the four formed in pit 5."},
};

START_TEST(describe_a_move)
{
    const char *position = narrations[_i].position;
    mancala_game *g = strchr(position, '/') ? parse_ok(position) : NULL;
    if (!g)
        ck_assert_int_eq(mancala_new(&g, position), MANCALA_OK);
    play_ok(g, narrations[_i].pit);
    char text[1024];
    int len = mancala_describe_last_move(g, text, sizeof text);
    ck_assert_str_eq(text, narrations[_i].words);
    ck_assert_int_eq(len, (int)strlen(narrations[_i].words));
    ck_assert_int_eq(mancala_describe_last_move(g, NULL, 0), len);
    mancala_free(g);
}
END_TEST

START_TEST(describe_a_move_errors_and_short_buffers)
{
    mancala_game *g;
    char text[32];
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    memset(text, '#', sizeof text);
    ck_assert_int_eq(mancala_describe_last_move(NULL, text, sizeof text), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_describe_last_move(g, NULL, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_describe_last_move(g, text, sizeof text), MANCALA_E_NO_HISTORY);
    play_ok(g, 0);
    /* Cut as snprintf() cuts, the whole length returned. */
    ck_assert_int_eq(mancala_describe_last_move(g, text, 11), 81);
    ck_assert_str_eq(text, "South play");
    ck_assert_int_eq(text[11], '#');
    ck_assert_int_eq(mancala_describe_last_move(g, text, 1), 81);
    ck_assert_str_eq(text, "");
    /* Undone, there is nothing to tell; in a new round neither. */
    ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    ck_assert_int_eq(mancala_describe_last_move(g, text, sizeof text), MANCALA_E_NO_HISTORY);
    mancala_free(g);
    g = parse_ok("rio-kadalis/3,0,0,1,3,1,0,0,0,0,0,0/S/16,24/12/0,0");
    play_ok(g, 3);
    ck_assert_int_eq(mancala_is_over(g), 1);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_int_eq(mancala_describe_last_move(g, text, sizeof text), MANCALA_E_NO_HISTORY);
    mancala_free(g);
}
END_TEST

START_TEST(options_before_the_first_move)
{
    mancala_game *g, *c;
    ck_assert_int_eq(mancala_new(&g, "rio-kadalis"), MANCALA_OK);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_REPETITION), 0);
    play_ok(g, 0);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 1), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
    ck_assert_int_eq(mancala_get_option(c, MANCALA_OPT_REPETITION), 0);
    mancala_free(c);
    mancala_free(g);
}
END_TEST

/* An allocator that counts blocks and can refuse. */
struct counting {
    long live, calls, fail_at;
};

static void *counting_alloc(void *opaque, void *ptr, size_t size)
{
    struct counting *c = opaque;
    if (size == 0) {
        if (ptr)
            c->live--;
        free(ptr);
        return NULL;
    }
    if (++c->calls == c->fail_at)
        return NULL;
    void *p = realloc(ptr, size);
    if (p && !ptr)
        c->live++;
    return p;
}

START_TEST(custom_allocator)
{
    struct counting c = {0, 0, 0};
    mancala_game *g, *k;
    /* A handle and its first history are one block. */
    ck_assert_int_eq(mancala_new_with_allocator(&g, "modiar", counting_alloc, &c), MANCALA_OK);
    ck_assert_int_eq(c.live, 1);
    ck_assert_int_eq(mancala_clone(&k, g), MANCALA_OK);
    ck_assert_int_eq(c.live, 2);
    mancala_free(k);
    mancala_free(g);
    ck_assert_int_eq(c.live, 0);

    char err[128];
    ck_assert_int_eq(mancala_parse_with_allocator(&g, "modiar/7,7,7,7,7,7/S/0,0/0", err, sizeof err,
                                                  counting_alloc, &c), MANCALA_OK);
    mancala_free(g);
    ck_assert_int_eq(c.live, 0);

    /* The allocation failing: the status says so, nothing leaks. */
    for (long n = 1; n <= 1; n++) {
        c = (struct counting){0, 0, n};
        g = NULL;
        ck_assert_int_eq(mancala_new_with_allocator(&g, "modiar", counting_alloc, &c), MANCALA_E_NOMEM);
        ck_assert_ptr_null(g);
        ck_assert_int_eq(c.live, 0);
        c = (struct counting){0, 0, n};
        ck_assert_int_eq(mancala_parse_with_allocator(&g, "modiar/7,7,7,7,7,7/S/0,0/0", err, sizeof err,
                                                      counting_alloc, &c), MANCALA_E_NOMEM);
        ck_assert_str_eq(err, mancala_strerror(MANCALA_E_NOMEM));
        ck_assert_int_eq(c.live, 0);
    }
}
END_TEST

/* A long game grows the history; a failing allocator leaves it playable. */
START_TEST(history_growth)
{
    struct counting c = {0, 0, 0};
    mancala_game *g;
    const char *start = "rio-kadalis/0,0,0,1,1,0,1,0,1,0,0,1/S/21,22/5/0,0";
    ck_assert_int_eq(mancala_parse_with_allocator(&g, start, NULL, 0, counting_alloc, &c), MANCALA_OK);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
    /* Without the repetition rule this cycle of six plies goes on forever. */
    static const int cycle[] = {3, 11, 5, 9, 1, 7};
    const int plies = 3000;
    int refused = 0;
    for (int i = 0; i < plies; i++) {
        /* The next allocation fails: only a play that grows the history
         * allocates, and it must fail cleanly. */
        char before[128];
        mancala_format(g, before, sizeof before);
        c.fail_at = c.calls + 1;
        int status = mancala_play(g, cycle[i % 6]);
        c.fail_at = 0;
        if (status == MANCALA_E_NOMEM) {
            refused++;
            ck_assert_str_eq(fmt(g), before);
            status = mancala_play(g, cycle[i % 6]);
        }
        ck_assert_int_eq(status, MANCALA_OK);
    }
    /* 512 reserved, doubled to 1024, 2048, 4096. */
    ck_assert_int_eq(refused, 3);
    ck_assert_int_eq(mancala_history_length(g), plies);
    ck_assert_int_eq(mancala_ply(g), 5 + plies);
    /* The history has a block of its own now (the handle's first one is
     * left unused); a clone holds it all in its first. */
    ck_assert_int_eq(c.live, 2);
    mancala_game *k;
    ck_assert_int_eq(mancala_clone(&k, g), MANCALA_OK);
    ck_assert_int_eq(c.live, 3);
    ck_assert_int_eq(mancala_play(k, cycle[plies % 6]), MANCALA_OK);
    for (int i = 0; i <= plies; i++)
        ck_assert_int_eq(mancala_undo(k), MANCALA_OK);
    ck_assert_str_eq(fmt(k), start);
    mancala_free(k);
    ck_assert_int_eq(c.live, 2);
    for (int i = 0; i < plies; i++)
        ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    ck_assert_str_eq(fmt(g), start);
    mancala_free(g);
    ck_assert_int_eq(c.live, 0);
}
END_TEST

START_TEST(playouts)
{
    static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5-cw"};
    static const int total[] = {42, 48, 40};
    for (int r = 0; r < 3; r++) {
        mancala_game *g;
        ck_assert_int_eq(mancala_new(&g, rules[r]), MANCALA_OK);
        play_ok(g, mancala_num_pits(g) / 2 - 1);
        char before[128];
        strcpy(before, fmt(g));
        for (uint64_t seed = 0; seed < 200; seed++) {
            int a[2], b[2];
            int plies = mancala_playout(g, seed, a);
            ck_assert_int_gt(plies, 0);
            ck_assert_int_eq(a[0] + a[1], total[r]);
            /* Deterministic for a seed. */
            ck_assert_int_eq(mancala_playout(g, seed, b), plies);
            ck_assert_int_eq(a[0], b[0]);
            ck_assert_int_eq(a[1], b[1]);
        }
        ck_assert_str_eq(fmt(g), before);
        ck_assert_int_eq(mancala_history_length(g), 1);
        mancala_free(g);
    }
    /* R7 one move before its repetition: the only continuation that is not
     * cut short is known, and the history counts. */
    mancala_game *g = parse_ok("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0");
    int moves[] = {0, 7, 4, 11, 0, 8, 2, 6, 4};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        play_ok(g, moves[i]);
    int scores[2];
    int repeated = 0;
    for (uint64_t seed = 0; seed < 50; seed++) {
        int plies = mancala_playout(g, seed, scores);
        ck_assert_int_gt(plies, 0);
        repeated |= plies == 1 && scores[0] == 27 && scores[1] == 21;
    }
    ck_assert_int_eq(repeated, 1);
    mancala_free(g);
    /* Over already: no ply, the final scores. */
    g = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    ck_assert_int_eq(mancala_playout(g, 1, scores), 0);
    ck_assert_int_eq(scores[0], 22);
    ck_assert_int_eq(scores[1], 20);
    ck_assert_int_eq(mancala_playout(NULL, 1, scores), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_playout(g, 1, NULL), MANCALA_E_INVALID);
    mancala_free(g);
}
END_TEST

/* mancala_playout()'s generator, seeded as it is. */
static uint32_t playout_choice(uint64_t *state)
{
    return mc_random_fast(state);
}

/* A playout's draw among the moves of `c`, the candidates it struck
 * out counted in *struck (may be NULL): Modiar's among the legal moves, Rio
 * Kadalis's among the candidates (the mover's open pits with stones),
 * each candidate that is not legal (endless) struck out and the draw
 * made again among the others. Returns the move drawn. */
static int playout_draw(const mancala_game *c, uint64_t *rng, int *struck)
{
    int moves[MANCALA_MAX_PITS], drawn[MANCALA_MAX_PITS];
    const int n = mancala_legal_moves(c, moves, MANCALA_MAX_PITS);
    ck_assert_int_gt(n, 0);
    int count = 0;
    if (strncmp(mancala_rules(c), "rio-kadalis", 11) == 0) {
        const int row = mancala_num_pits(c) / 2, first = mancala_to_move(c) * row;
        for (int p = first; p < first + row; p++)
            if (!mancala_pit_closed(c, p) && mancala_pit(c, p) > 0)
                drawn[count++] = p;
    } else {
        memcpy(drawn, moves, (size_t)n * sizeof *moves);
        count = n;
    }
    for (;;) {
        ck_assert_int_gt(count, 0);
        const int i = (int)(playout_choice(rng) % (uint32_t)count);
        for (int k = 0; k < n; k++)
            if (moves[k] == drawn[i])
                return drawn[i];
        if (struck)
            ++*struck;
        memmove(&drawn[i], &drawn[i + 1], (size_t)(count - 1 - i) * sizeof *drawn);
        count--;
    }
}

/* The same playout through mancala_legal_moves() and mancala_play();
 * *first (may be NULL) receives its first move. */
static int replayed_playout(const mancala_game *g, uint64_t seed, int scores[2], int *first,
                            int *struck)
{
    mancala_game *c;
    ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
    uint64_t rng = seed ^ MC_RANDOM_GAMMA;
    int plies = 0;
    while (!mancala_is_over(c)) {
        const int move = playout_draw(c, &rng, struck);
        if (first && plies == 0)
            *first = move;
        play_ok(c, move);
        plies++;
    }
    scores[0] = mancala_score(c, MANCALA_SOUTH);
    scores[1] = mancala_score(c, MANCALA_NORTH);
    mancala_free(c);
    return plies;
}

/* mancala_playout() with `seed` from `g`, checked against the same game
 * played by mancala_play(): the same plies and scores. Returns the plies. */
static int checked_playout(const mancala_game *g, uint64_t seed)
{
    int a[2], b[2];
    const int plies = mancala_playout(g, seed, a);
    ck_assert_int_eq(plies, replayed_playout(g, seed, b, NULL, NULL));
    ck_assert_int_eq(a[0], b[0]);
    ck_assert_int_eq(a[1], b[1]);
    return plies;
}

/* A playout is the game mancala_play() plays with the same choices, the
 * repetition rule included, from positions whose moves were listed with
 * or without their children (after an undo). */
START_TEST(playouts_play_as_mancala_play)
{
    static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw",
                                        "rio-kadalis-5-cw"};
    /* Playouts from each position (a third of the suite's time under
     * valgrind at 40). */
    const uint64_t seeds = (uint64_t)test_scaled(40);
    for (int r = 0; r < 5; r++) {
        mancala_game *g;
        ck_assert_int_eq(mancala_new(&g, rules[r]), MANCALA_OK);
        uint64_t rng = 7 + (uint64_t)r;
        for (int ply = 0; ply < 12 && !mancala_is_over(g); ply++) {
            int moves[MANCALA_MAX_PITS];
            const int n = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
            play_ok(g, moves[playout_choice(&rng) % (uint32_t)n]);
            if (ply == 6)
                ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
            for (uint64_t seed = 0; seed < seeds; seed++)
                checked_playout(g, seed);
        }
        mancala_free(g);
    }
    /* A long quiet stretch in the history (R7 one move before its
     * repetition). */
    mancala_game *g = parse_ok("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0");
    const int moves[] = {0, 7, 4, 11, 0, 8, 2, 6, 4};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        play_ok(g, moves[i]);
        for (uint64_t seed = 0; seed < seeds; seed++)
            checked_playout(g, seed);
    }
    mancala_free(g);
    /* Few stones, few captures: some playouts run for hundreds of plies,
     * and the set of positions they remember grows. */
    g = parse_ok("rio-kadalis/2,1,0,1,2,0,1,1,0,2,1,0/S/20,17/30/0,0");
    int longest = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        const int plies = checked_playout(g, seed);
        longest = plies > longest ? plies : longest;
    }
    ck_assert_int_gt(longest, 300);
    /* The longest of the first 200,000 seeds: 701 plies, so many without a
     * capture that the set of positions the playout remembers grows past
     * its first 1,024 slots. */
    ck_assert_int_eq(checked_playout(g, 157365), 701);
    mancala_free(g);
}
END_TEST

/* A playout draws among Rio Kadalis's candidates; one that is endless
 * (rule 6) is struck out and the draw made again, so that each legal
 * move is as likely: in R5, North's pit 6 is endless and 7, 9 and 11
 * are legal. */
START_TEST(playouts_strike_endless_moves)
{
    mancala_game *g = parse_ok("rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0");
    int moves[MANCALA_MAX_PITS];
    ck_assert_int_eq(mancala_legal_moves(g, moves, MANCALA_MAX_PITS), 3);
    int times[MANCALA_MAX_PITS] = {0}, struck = 0;
    for (uint64_t seed = 0; seed < 300; seed++) {
        int a[2], b[2], first = -1;
        ck_assert_int_eq(mancala_playout(g, seed, a), replayed_playout(g, seed, b, &first, &struck));
        ck_assert_int_eq(a[0], b[0]);
        ck_assert_int_eq(a[1], b[1]);
        times[first]++;
    }
    /* Pit 6 first in about a quarter of the draws, then drawn again. */
    ck_assert_int_ge(struck, 50);
    ck_assert_int_eq(times[6], 0);
    ck_assert_int_eq(times[7] + times[9] + times[11], 300);
    for (int p = 7; p <= 11; p += 2)
        ck_assert_int_ge(times[p], 70);
    mancala_free(g);
}
END_TEST

/* The repetition rule after undoing part of a long quiet stretch and
 * playing it again, on the handle and on clones: the quiet line of the
 * worked example R7 repeats its start after ten plies, every prefix of
 * it undone and replayed. */
START_TEST(repetition_after_undo)
{
    const char *start = "rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0";
    const int line[] = {0, 7, 4, 11, 0, 8, 2, 6, 4, 10};
    const int plies = (int)(sizeof line / sizeof line[0]);
    mancala_game *g = parse_ok(start);
    for (int i = 0; i < plies; i++) {
        ck_assert_int_eq(mancala_is_over(g), 0);
        play_ok(g, line[i]);
    }
    ck_assert_int_eq(mancala_end_reason(g), MANCALA_END_REPETITION);
    for (int back = 1; back <= plies; back++) {
        for (int i = 0; i < back; i++)
            ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
        mancala_game *c;
        ck_assert_int_eq(mancala_clone(&c, g), MANCALA_OK);
        for (int i = plies - back; i < plies; i++) {
            ck_assert_int_eq(mancala_is_over(g), 0);
            ck_assert_int_eq(mancala_is_over(c), 0);
            play_ok(g, line[i]);
            play_ok(c, line[i]);
        }
        ck_assert_int_eq(mancala_end_reason(g), MANCALA_END_REPETITION);
        ck_assert_int_eq(mancala_end_reason(c), MANCALA_END_REPETITION);
        mancala_free(c);
    }
    mancala_free(g);
}
END_TEST

/* The constants for buffers: the longest position strings fit in
 * MANCALA_POSITION_MAX; a bare rules name is not a position, and the
 * reason says what its start position is. */
START_TEST(buffer_constants_and_bare_names)
{
    static const char *const longest[] = {
        "rio-kadalis-5-cw/10,10,10,10,0,0,0,0,0,0/N/0,0/1000000000/0,0",
        "rio-kadalis-cw/10,10,10,10,1,1,1,1,1,1,1,1/N/0,0/1000000000/0,0",
        "rio-kadalis-cw/0,0,0,0,0,0,0,0,0,0,0,0/N/24,24/1000000000/0,0",
        "rio-kadalis-cw/x,x,x,x,x,x,x,x,x,x,x,x/N/10,10/1000000000/14,14",
        "modiar/10,10,10,10,1,1/N/0,0/1000000000",
    };
    for (size_t i = 0; i < sizeof longest / sizeof longest[0]; i++) {
        mancala_game *g = parse_ok(longest[i]);
        char buf[MANCALA_POSITION_MAX];
        int len = mancala_format(g, buf, sizeof buf);
        ck_assert_int_lt(len, MANCALA_POSITION_MAX);
        ck_assert_str_eq(buf, longest[i]);
        mancala_free(g);
    }
    mancala_game *g = NULL;
    char err[MANCALA_REASON_MAX];
    ck_assert_int_eq(mancala_parse(&g, "rio-kadalis", err, sizeof err), MANCALA_E_PARSE);
    ck_assert_ptr_null(g);
    ck_assert_str_eq(err, "PITS: missing field ('rio-kadalis' is a rules name; its start "
                          "position is rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0)");
    ck_assert_int_eq(mancala_parse(&g, "modiar", err, sizeof err), MANCALA_E_PARSE);
    ck_assert_str_eq(err, "PITS: missing field ('modiar' is a rules name; its start "
                          "position is modiar/7,7,7,7,7,7/S/0,0/0)");
    ck_assert_int_eq(mancala_parse(&g, "modiar/7,7,7,7,7,7", err, sizeof err), MANCALA_E_PARSE);
    ck_assert_str_eq(err, "SIDE: missing field (expected RULES/PITS/SIDE/CAPTURED/PLY)");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("api");
    tcase_add_test(tc, null_and_range_arguments);
    tcase_add_test(tc, strerror_covers_every_status);
    tcase_add_test(tc, version_agrees);
    tcase_add_test(tc, undo_and_history);
    tcase_add_test(tc, clone_is_independent);
    tcase_add_test(tc, clone_copies_the_board);
    tcase_add_test(tc, hash_of_equal_positions);
    tcase_add_test(tc, events_of_a_modiar_move);
    tcase_add_test(tc, events_of_a_rio_move);
    tcase_add_loop_test(tc, describe_a_move, 0, (int)(sizeof narrations / sizeof narrations[0]));
    tcase_add_test(tc, describe_a_move_errors_and_short_buffers);
    tcase_add_test(tc, options_before_the_first_move);
    tcase_add_test(tc, custom_allocator);
    tcase_add_test(tc, history_growth);
    tcase_add_test(tc, playouts);
    tcase_add_test(tc, playouts_play_as_mancala_play);
    tcase_add_test(tc, playouts_strike_endless_moves);
    tcase_add_test(tc, repetition_after_undo);
    tcase_add_test(tc, buffer_constants_and_bare_names);
    suite_add_tcase(s, tc);
    return run_suite(s);
}

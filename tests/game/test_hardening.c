/*
 * Hardening: every public function given NULL for each pointer argument
 * and out-of-range integers; every allocation failing in turn; moves that
 * allocate nothing; the longest finite relay move found by
 * relay_search.c, played to its end against the naive reference; and
 * regressions of bugs found by the sanitizers and fuzzers.
 *
 * SPDX-License-Identifier: MIT
 */
/* mkstemp(), write(), unlink(), close() */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <stdint.h>
#include <unistd.h>

#include "helpers.h"
#include "reference.h"

/* What a caller can observe of a handle, to check that a failed call
 * changed nothing. */
struct snapshot {
    char position[128];
    uint64_t hash;
    int history, end, round, repetition, nmoves;
    int moves[MANCALA_MAX_PITS];
};

static void take(const mancala_game *g, struct snapshot *s)
{
    memset(s, 0, sizeof *s);
    ck_assert_int_gt(mancala_format(g, s->position, sizeof s->position), 0);
    s->hash = mancala_hash(g);
    s->history = mancala_history_length(g);
    s->end = mancala_end_reason(g);
    s->round = mancala_round(g);
    s->repetition = mancala_get_option(g, MANCALA_OPT_REPETITION);
    s->nmoves = mancala_legal_moves(g, s->moves, MANCALA_MAX_PITS);
}

static void assert_unchanged(const mancala_game *g, const struct snapshot *before)
{
    struct snapshot now;
    take(g, &now);
    ck_assert_str_eq(now.position, before->position);
    ck_assert_mem_eq(&now, before, sizeof now);
}

/* ---- NULL pointers and out-of-range integers, function by function ---- */

static const int bad_players[] = {INT_MIN, -1, 2, 3, INT_MAX};

/* The calls that only read: NULL and bad numbers for each argument. */
static void check_readers(const mancala_game *g)
{
    const int npits = mancala_num_pits(g);
    const int bad_pits[] = {INT_MIN, -1, npits, MANCALA_MAX_PITS, INT_MAX};
    int moves[MANCALA_MAX_PITS];
    char buf[128];

    ck_assert_int_eq(mancala_format(NULL, buf, sizeof buf), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_format(g, NULL, sizeof buf), MANCALA_E_INVALID);
    /* No buffer and no room: only the length. A buffer of one byte: "". */
    const int len = mancala_format(g, NULL, 0);
    ck_assert_int_gt(len, 0);
    buf[0] = 'z';
    ck_assert_int_eq(mancala_format(g, buf, 1), len);
    ck_assert_str_eq(buf, "");

    const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    ck_assert_int_ge(count, 0);
    ck_assert_int_eq(mancala_legal_moves(NULL, moves, MANCALA_MAX_PITS), MANCALA_E_INVALID);
    if (count) {
        ck_assert_int_eq(mancala_legal_moves(g, NULL, MANCALA_MAX_PITS), MANCALA_E_INVALID);
        ck_assert_int_eq(mancala_legal_moves(g, NULL, 0), MANCALA_E_INVALID);
        int untouched[MANCALA_MAX_PITS];
        memset(untouched, 0x5a, sizeof untouched);
        ck_assert_int_eq(mancala_legal_moves(g, untouched, (size_t)count - 1), MANCALA_E_NOSPACE);
        for (int i = 0; i < MANCALA_MAX_PITS; i++)
            ck_assert_int_eq(untouched[i], 0x5a5a5a5a);
    } else {
        ck_assert_int_eq(mancala_legal_moves(g, NULL, 0), 0);
    }

    const int history = mancala_history_length(g);
    ck_assert_int_ge(history, 0);
    ck_assert_int_eq(mancala_history_length(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_history(NULL, moves, MANCALA_MAX_PITS), MANCALA_E_INVALID);
    mancala_event ev[4];
    ck_assert_int_eq(mancala_last_move_events(NULL, ev, 4), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_last_move_events(g, NULL, 4), MANCALA_E_INVALID);
    if (history) {
        ck_assert_int_eq(mancala_history(g, NULL, 0), MANCALA_E_INVALID);
        int one;
        if (history > 1)
            ck_assert_int_eq(mancala_history(g, &one, 1), MANCALA_E_NOSPACE);
        ck_assert_int_gt(mancala_last_move_events(g, NULL, 0), 0);
    } else {
        ck_assert_int_eq(mancala_history(g, NULL, 0), 0);
        ck_assert_int_eq(mancala_last_move_events(g, ev, 4), MANCALA_E_NO_HISTORY);
        ck_assert_int_eq(mancala_last_move_events(g, NULL, 0), MANCALA_E_NO_HISTORY);
    }

    ck_assert_int_eq(mancala_is_over(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_end_reason(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_to_move(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_winner(NULL), MANCALA_E_INVALID);
    if (!mancala_is_over(g))
        ck_assert_int_eq(mancala_winner(g), MANCALA_E_NOT_OVER);
    ck_assert_ptr_null(mancala_rules(NULL));
    ck_assert_int_eq(mancala_num_pits(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_ply(NULL), MANCALA_E_INVALID);
    ck_assert_uint_eq(mancala_hash(NULL), 0);
    ck_assert_int_eq(mancala_round(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_match_over(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_match_winner(NULL), MANCALA_E_INVALID);
    if (!mancala_match_over(g))
        ck_assert_int_eq(mancala_match_winner(g), MANCALA_E_NOT_OVER);
    ck_assert_int_eq(mancala_get_option(NULL, MANCALA_OPT_REPETITION), MANCALA_E_INVALID);
    const int bad_options[] = {INT_MIN, -1, 0, MANCALA_OPT_MAX_ROUNDS + 1, INT_MAX};
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(mancala_get_option(g, bad_options[i]), MANCALA_E_OPTION);

    ck_assert_int_eq(mancala_pit(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_pit_closed(NULL, 0), MANCALA_E_INVALID);
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(mancala_pit(g, bad_pits[i]), MANCALA_E_RANGE);
        ck_assert_int_eq(mancala_pit_closed(g, bad_pits[i]), MANCALA_E_RANGE);
    }
    ck_assert_int_eq(mancala_score(NULL, MANCALA_SOUTH), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_captured(NULL, MANCALA_SOUTH), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_bank(NULL, MANCALA_SOUTH), MANCALA_E_INVALID);
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(mancala_score(g, bad_players[i]), MANCALA_E_RANGE);
        ck_assert_int_eq(mancala_captured(g, bad_players[i]), MANCALA_E_RANGE);
        ck_assert_int_eq(mancala_bank(g, bad_players[i]), MANCALA_E_RANGE);
    }

    int scores[2] = {-7, -7};
    ck_assert_int_eq(mancala_playout(NULL, 1, scores), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_playout(g, 1, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(scores[0], -7);
    ck_assert_int_eq(scores[1], -7);
    ck_assert_int_eq(mancala_evaluate(NULL), 0);
}

/* The calls that modify: each refused, with the handle left as it was. */
static void check_writers(mancala_game *g)
{
    const int npits = mancala_num_pits(g);
    const int bad_pits[] = {INT_MIN, -1, npits, MANCALA_MAX_PITS, INT_MAX};

    ck_assert_int_eq(mancala_play(NULL, 0), MANCALA_E_INVALID);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(mancala_play(g, bad_pits[i]), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_undo(NULL), MANCALA_E_INVALID);
    if (mancala_history_length(g) == 0)
        ck_assert_int_eq(mancala_undo(g), MANCALA_E_NO_HISTORY);
    ck_assert_int_eq(mancala_set_option(NULL, MANCALA_OPT_REPETITION, 0), MANCALA_E_INVALID);
    const int bad_values[] = {INT_MIN, -1, 2, INT_MAX};
    const int unknown_options[] = {INT_MIN, -1, MANCALA_OPT_MAX_ROUNDS + 1, INT_MAX};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, bad_values[i]), MANCALA_E_OPTION);
        /* Since 1.3 it also takes 2 (MANCALA_MATCH_REPETITION_DRAW). */
        ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION,
                                            bad_values[i] == 2 ? 3 : bad_values[i]),
                         MANCALA_E_OPTION);
        ck_assert_int_eq(mancala_set_option(g, unknown_options[i], 0), MANCALA_E_OPTION);
    }
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, INT_MIN), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_set_option(NULL, MANCALA_OPT_MAX_ROUNDS, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_match_end_reason(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_format_record(NULL, NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_format_record(g, NULL, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_set_option(g, 0, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_next_round(NULL), MANCALA_E_INVALID);
    const int next = mancala_next_round(g);
    if (strcmp(mancala_rules(g), "modiar") == 0)
        ck_assert_int_eq(next, MANCALA_E_UNSUPPORTED);
    else if (!mancala_is_over(g))
        ck_assert_int_eq(next, MANCALA_E_NOT_OVER);
    else
        ck_assert_int_eq(next, MANCALA_E_MATCH_OVER); /* the over games below end matches */
}

/* Games in different states: start, mid-game with history, closed pits
 * and banks, over, match over. */
static const char *const states[] = {
    "modiar/7,7,7,7,7,7/S/0,0/0",
    "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6",
    "modiar/1,1,0,0,0,1/S/20,19/30",
    "rio-kadalis/x,x,x,x,x,x,x,x,x,x,x,x/N/0,0/7/46,2",
    "rio-kadalis-cw/0,0,0,0,0,1,1,0,0,0,0,0/S/44,2/9/0,0",
};

START_TEST(null_and_range_everywhere)
{
    mancala_game *g = parse_ok(states[_i]);
    /* Some history too, where there is a move. */
    int moves[MANCALA_MAX_PITS];
    if (mancala_legal_moves(g, moves, MANCALA_MAX_PITS) > 0 && _i % 2)
        play_ok(g, moves[0]);
    struct snapshot before;
    take(g, &before);
    check_readers(g);
    check_writers(g);
    assert_unchanged(g, &before);
    mancala_free(g);
}
END_TEST

START_TEST(null_and_range_creation)
{
    mancala_game *const sentinel = (mancala_game *)&sentinel;
    mancala_game *out = sentinel;
    char err[64];

    ck_assert_ptr_nonnull(mancala_strerror(INT_MIN));
    ck_assert_ptr_nonnull(mancala_strerror(INT_MAX));
    ck_assert_ptr_nonnull(mancala_version_string());
    ck_assert_int_gt(mancala_version_number(), 0);

    ck_assert_int_eq(mancala_new(NULL, "modiar"), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_new(&out, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_new_with_allocator(NULL, "modiar", NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_new_with_allocator(&out, NULL, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_new_with_allocator(&out, "rio", NULL, NULL), MANCALA_E_RULES);
    ck_assert_int_eq(mancala_new_with_allocator(&out, "modiar/7,7,7,7,7,7/S/0,0/0", NULL, NULL),
                     MANCALA_E_RULES);

    const char *const start = "modiar/7,7,7,7,7,7/S/0,0/0";
    ck_assert_int_eq(mancala_parse(NULL, start, err, sizeof err), MANCALA_E_INVALID);
    ck_assert_str_eq(err, mancala_strerror(MANCALA_E_INVALID));
    ck_assert_int_eq(mancala_parse(&out, NULL, err, sizeof err), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_parse(&out, NULL, NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_parse(&out, NULL, NULL, sizeof err), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_parse_with_allocator(NULL, start, NULL, 0, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_parse_with_allocator(&out, NULL, err, sizeof err, NULL, NULL),
                     MANCALA_E_INVALID);
    /* errlen 0: the buffer is not touched; errlen 1: only the NUL fits. */
    err[0] = 'z';
    ck_assert_int_eq(mancala_parse(&out, "modiar", err, 0), MANCALA_E_PARSE);
    ck_assert_int_eq(err[0], 'z');
    ck_assert_int_eq(mancala_parse(&out, "modiar", err, 1), MANCALA_E_PARSE);
    ck_assert_int_eq(err[0], '\0');
    ck_assert_ptr_eq(out, sentinel);

    mancala_game *g = parse_ok(start);
    ck_assert_int_eq(mancala_clone(NULL, g), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_clone(&out, NULL), MANCALA_E_INVALID);
    ck_assert_ptr_eq(out, sentinel);
    mancala_free(NULL);
    mancala_free(g);
}
END_TEST

/* The engine (playouts aside): NULL for each pointer it takes, and the
 * range checks its header documents. */
START_TEST(null_and_range_engine)
{
    mancala_game *g, *over;
    ck_assert_int_eq(mancala_new(&g, "modiar"), MANCALA_OK);
    over = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    struct snapshot before;
    take(g, &before);
    int moves[MANCALA_MAX_PITS];

    ck_assert_int_eq(mancala_search_new(NULL, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_new(NULL, SIZE_MAX), MANCALA_E_INVALID);
    mancala_search_free(NULL);
    ck_assert_int_eq(mancala_search_set_limit(NULL, MANCALA_LIMIT_DEPTH, 4), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_set_eval(NULL, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_run(NULL, g), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_run(NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_best_move(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_score(NULL), 0);
    ck_assert_int_eq(mancala_search_depth(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_exact(NULL), MANCALA_E_INVALID);
    ck_assert_uint_eq(mancala_search_nodes(NULL), 0);
    ck_assert_int_eq(mancala_search_pv(NULL, moves, MANCALA_MAX_PITS), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_search_pv(NULL, NULL, 0), MANCALA_E_INVALID);

    mancala_search *s;
    ck_assert_int_eq(mancala_search_new(&s, 1 << 16), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(s, NULL), MANCALA_E_INVALID);
    const int bad_limits[] = {INT_MIN, -1, 0, MANCALA_LIMIT_TIME_MS + 1, INT_MAX};
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(mancala_search_set_limit(s, bad_limits[i], 1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_NODES, -1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_TIME_MS, INT64_MIN), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_search_set_eval(s, NULL, NULL), MANCALA_OK);
    /* Before any search. */
    ck_assert_int_eq(mancala_search_best_move(s), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_search_depth(s), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_search_pv(s, moves, MANCALA_MAX_PITS), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_search_score(s), 0);
    ck_assert_int_eq(mancala_search_run(s, over), MANCALA_E_OVER);
    mancala_search_free(s);

    int best = -7;
    ck_assert_int_eq(mancala_mcts(NULL, 1, 10, &best), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts(g, 1, 10, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_mcts(NULL, 1, 10, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(best, -7);
    const int64_t bad_playouts[] = {INT64_MIN, -1, 0};
    for (int i = 0; i < 3; i++) {
        best = -7;
        ck_assert_int_eq(mancala_mcts(g, 1, bad_playouts[i], &best), MANCALA_E_INVALID);
        ck_assert_int_eq(best, -7);
    }
    ck_assert_int_eq(mancala_mcts(over, 1, 10, &best), MANCALA_E_OVER);

    ck_assert_int_eq(mancala_solve_modiar(NULL, NULL, NULL), MANCALA_E_INVALID);
    mancala_table *const no_table = (mancala_table *)&no_table;
    mancala_table *t = no_table;
    ck_assert_int_eq(mancala_table_open(NULL, "modiar.table"), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_open(&t, NULL), MANCALA_E_INVALID);
    ck_assert_ptr_eq(t, no_table);
    /* A file that does not exist, and one that is not a table. */
    int status = mancala_table_open(&t, "/nonexistent/dir/modiar.table");
    ck_assert_int_eq(status, MANCALA_E_IO);
    ck_assert_ptr_eq(t, no_table);
    char path[] = "mancala-not-a-table-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "modiar/7,7,7,7,7,7/S/0,0/0\n", 27), 27);
    close(fd);
    status = mancala_table_open(&t, path);
    unlink(path);
    ck_assert_int_eq(status, MANCALA_E_FORMAT);
    ck_assert_ptr_eq(t, no_table);
    mancala_table_close(NULL);
    int lo = -7, hi = -7;
    ck_assert_int_eq(mancala_table_value(NULL, g, &lo, &hi), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_value(NULL, NULL, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(lo, -7);
    ck_assert_int_eq(hi, -7);
    ck_assert_int_eq(mancala_table_best_moves(NULL, g, moves, MANCALA_MAX_PITS), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_best_moves(NULL, NULL, NULL, 0), MANCALA_E_INVALID);

    assert_unchanged(g, &before);
    mancala_free(g);
    mancala_free(over);
}
END_TEST

/* ---- allocation failures ---- */

/* An allocator that counts calls and live blocks and refuses the
 * fail_at-th call (0: none). */
struct counting {
    long live, calls, fail_at, failures;
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
    if (++c->calls == c->fail_at) {
        c->failures++;
        return NULL;
    }
    void *p = realloc(ptr, size);
    if (p && !ptr)
        c->live++;
    return p;
}

/* Which call saw the refused allocation. */
enum { OP_NEW, OP_PARSE, OP_CLONE, OP_PLAY, OP_NEXT_ROUND, OP_RECORD, OP_COUNT };

struct sweep {
    struct counting alloc;
    int failed_in[OP_COUNT];
};

/* A failed allocation: the status says so, nothing leaked, and the handle
 * (if any) and output are as they were. */
static void after_nomem(struct sweep *w, int op, long live_before)
{
    ck_assert_int_eq(w->alloc.failures, 1);
    ck_assert_int_eq(w->alloc.live, live_before);
    w->failed_in[op]++;
}

/* Creates a handle from a rules name or (with or without a buffer for the
 * reason) a position. */
static mancala_game *create(struct sweep *w, const char *text, int with_errbuf)
{
    const int parse = strchr(text, '/') != NULL;
    for (;;) {
        mancala_game *g = NULL;
        char err[128] = "untouched";
        const long live = w->alloc.live;
        int status = parse ? mancala_parse_with_allocator(&g, text, with_errbuf ? err : NULL,
                                                          with_errbuf ? sizeof err : 0, counting_alloc, &w->alloc)
                           : mancala_new_with_allocator(&g, text, counting_alloc, &w->alloc);
        if (status != MANCALA_E_NOMEM) {
            ck_assert_int_eq(status, MANCALA_OK);
            return g;
        }
        ck_assert_ptr_null(g);
        if (parse && with_errbuf)
            ck_assert_str_eq(err, mancala_strerror(MANCALA_E_NOMEM));
        after_nomem(w, parse ? OP_PARSE : OP_NEW, live);
    }
}

static mancala_game *clone_of(struct sweep *w, const mancala_game *g)
{
    struct snapshot before;
    take(g, &before);
    for (;;) {
        mancala_game *c = NULL;
        const long live = w->alloc.live;
        int status = mancala_clone(&c, g);
        assert_unchanged(g, &before);
        if (status != MANCALA_E_NOMEM) {
            ck_assert_int_eq(status, MANCALA_OK);
            return c;
        }
        ck_assert_ptr_null(c);
        after_nomem(w, OP_CLONE, live);
    }
}

/* Restores a game from its match record. */
static mancala_game *restore(struct sweep *w, const mancala_game *g)
{
    char record[256], err[MANCALA_REASON_MAX];
    ck_assert_int_lt(mancala_format_record(g, record, sizeof record), (int)sizeof record);
    for (;;) {
        mancala_game *r = NULL;
        const long live = w->alloc.live;
        int status = mancala_parse_record_with_allocator(&r, record, err, sizeof err,
                                                         counting_alloc, &w->alloc);
        if (status != MANCALA_E_NOMEM) {
            ck_assert_int_eq(status, MANCALA_OK);
            return r;
        }
        ck_assert_ptr_null(r);
        ck_assert_str_eq(err, mancala_strerror(MANCALA_E_NOMEM));
        after_nomem(w, OP_RECORD, live);
    }
}

static void change(struct sweep *w, mancala_game *g, int op, int pit)
{
    struct snapshot before;
    take(g, &before);
    for (;;) {
        const long live = w->alloc.live;
        int status = op == OP_PLAY ? mancala_play(g, pit) : mancala_next_round(g);
        if (status != MANCALA_E_NOMEM) {
            ck_assert_int_eq(status, MANCALA_OK);
            return;
        }
        assert_unchanged(g, &before);
        after_nomem(w, op, live);
    }
}

/* Calls documented not to allocate. */
static void no_allocation(struct sweep *w, mancala_game *g)
{
    const long calls = w->alloc.calls;
    int moves[MANCALA_MAX_PITS], scores[2];
    char buf[128];
    mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    mancala_format(g, buf, sizeof buf);
    mancala_format_record(g, buf, sizeof buf);
    mancala_last_move_events(g, NULL, 0);
    mancala_playout(g, 7, scores);
    mancala_hash(g);
    /* Undo, and play the move again: the history has room for it. */
    mancala_event lap;
    ck_assert_int_gt(mancala_last_move_events(g, &lap, 1), 0);
    ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    play_ok(g, lap.pit);
    ck_assert_int_eq(w->alloc.calls, calls);
}

/* Creating, parsing, cloning, playing past the history's reserve and
 * starting a round, with handles of every kind; returns the final
 * positions, which must not depend on which allocation failed. */
static void scenario(struct sweep *w, char *summary, size_t size)
{
    mancala_game *m = create(w, "modiar", 1);
    mancala_game *round = create(w, "rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0", 1);
    mancala_game *h = create(w, "rio-kadalis/0,0,0,1,1,0,1,0,1,0,0,1/S/21,22/5/0,0", 0);

    change(w, m, OP_PLAY, 0);
    change(w, m, OP_PLAY, 4);
    mancala_game *mc = clone_of(w, m);
    change(w, mc, OP_PLAY, 2);

    /* Without the repetition rule this cycle of six plies never ends:
     * 1100 plies outgrow the reserve of 512 positions twice. */
    static const int cycle[] = {3, 11, 5, 9, 1, 7};
    ck_assert_int_eq(mancala_set_option(h, MANCALA_OPT_REPETITION, 0), MANCALA_OK);
    for (int i = 0; i < 1100; i++)
        change(w, h, OP_PLAY, cycle[i % 6]);
    mancala_game *hc = clone_of(w, h);
    change(w, hc, OP_PLAY, cycle[1100 % 6]);
    ck_assert_int_eq(mancala_undo(hc), MANCALA_OK);
    ck_assert_int_eq(mancala_undo(hc), MANCALA_OK);

    /* RULES.md R7 to its end by repetition, then the next round. */
    static const int r7[] = {0, 7, 4, 11, 0, 8, 2, 6, 4, 10};
    for (int i = 0; i < 10; i++)
        change(w, round, OP_PLAY, r7[i]);
    ck_assert_int_eq(mancala_end_reason(round), MANCALA_END_REPETITION);
    mancala_game *before_round = clone_of(w, round);
    change(w, round, OP_NEXT_ROUND, 0);
    ck_assert_str_eq(fmt(round), "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1");
    change(w, round, OP_PLAY, 7);
    mancala_game *rc = clone_of(w, round);
    mancala_game *restored = restore(w, rc);

    no_allocation(w, m);
    no_allocation(w, h);
    no_allocation(w, rc);

    const mancala_game *const all[] = {m, mc, h, hc, round, rc, before_round, restored};
    size_t len = 0;
    for (int i = 0; i < 8; i++) {
        char text[128];
        mancala_format(all[i], text, sizeof text);
        len += (size_t)snprintf(summary + len, size - len, "%s %d\n", text, mancala_history_length(all[i]));
        ck_assert_uint_lt(len, size);
    }
    mancala_free(m);
    mancala_free(mc);
    mancala_free(h);
    mancala_free(hc);
    mancala_free(round);
    mancala_free(rc);
    mancala_free(before_round);
    mancala_free(restored);
}

START_TEST(every_allocation_fails_in_turn)
{
    struct sweep w;
    memset(&w, 0, sizeof w);
    char expected[1024], got[1024];
    scenario(&w, expected, sizeof expected);
    const long total = w.alloc.calls;
    ck_assert_int_eq(w.alloc.failures, 0);
    ck_assert_int_eq(w.alloc.live, 0);

    int failed_in[OP_COUNT] = {0};
    for (long n = 1; n <= total; n++) {
        memset(&w, 0, sizeof w);
        w.alloc.fail_at = n;
        scenario(&w, got, sizeof got);
        ck_assert_int_eq(w.alloc.failures, 1);
        ck_assert_int_eq(w.alloc.live, 0);
        ck_assert_str_eq(got, expected);
        for (int op = 0; op < OP_COUNT; op++)
            failed_in[op] += w.failed_in[op];
    }
    /* The sweep reached an allocation in each of these (starting a round
     * keeps the moves of the round that ended, for the match record). */
    ck_assert_int_gt(failed_in[OP_NEW], 0);
    ck_assert_int_gt(failed_in[OP_PARSE], 0);
    ck_assert_int_gt(failed_in[OP_CLONE], 0);
    ck_assert_int_ge(failed_in[OP_PLAY], 2);
    ck_assert_int_gt(failed_in[OP_NEXT_ROUND], 0);
    ck_assert_int_gt(failed_in[OP_RECORD], 0);
}
END_TEST

/* ---- long relays (RULES.md, Rio Kadalis rules 5 and 6) ---- */

struct relay {
    const char *position;
    int move;
    int laps, sown;
};

/* The longest finite moves relay_search.c found (by laps, then by stones
 * sown), and their mirror images for clockwise sowing: pit p of a
 * counter-clockwise board plays like pit n-1-p (mod 2n) of a clockwise one. */
static const struct relay long_relays[] = {
    {"rio-kadalis/11,2,6,1,4,1,4,1,5,x,1,6/S/3,3/1/0,0", 1, 50, 168},
    {"rio-kadalis/4,3,6,5,2,6,7,2,8,4,x,x/S/0,1/1/0,0", 1, 37, 174},
    {"rio-kadalis/7,x,2,6,1,4,1,5,5,6,9,0/S/1,1/1/0,0", 2, 47, 166},
    {"rio-kadalis-cw/1,4,1,6,2,11,6,1,x,5,1,4/S/3,3/1/0,0", 4, 50, 168},
};

/* Replays a move's events on the position before it and checks they add
 * up to the position after it. */
static void check_events(const mancala_game *before, const mancala_game *after, int *laps, int *sown)
{
    int count = mancala_last_move_events(after, NULL, 0);
    ck_assert_int_gt(count, 0);
    mancala_event *ev = malloc((size_t)count * sizeof *ev);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(mancala_last_move_events(after, ev, (size_t)count), count);
    int pit[MANCALA_MAX_PITS], captured[2], hand = 0;
    for (int p = 0; p < mancala_num_pits(before); p++)
        pit[p] = mancala_pit(before, p);
    for (int player = 0; player < 2; player++)
        captured[player] = mancala_captured(before, player);
    *laps = *sown = 0;
    for (int i = 0; i < count; i++) {
        const mancala_event *e = &ev[i];
        switch (e->kind) {
        case MANCALA_EV_LAP:
            ck_assert_int_eq(hand, 0);
            ck_assert_int_eq(pit[e->pit], e->stones);
            hand = e->stones;
            pit[e->pit] = 0;
            ++*laps;
            break;
        case MANCALA_EV_SOW:
            ck_assert_int_gt(hand, 0);
            hand--;
            ck_assert_int_eq(++pit[e->pit], e->stones);
            ++*sown;
            break;
        case MANCALA_EV_CAPTURE:
        case MANCALA_EV_BINIKH:
            ck_assert_int_eq(pit[e->pit], e->stones);
            pit[e->pit] = 0;
            captured[e->player] += e->stones;
            break;
        default:
            ck_abort_msg("unexpected event %d", e->kind);
        }
    }
    ck_assert_int_eq(hand, 0);
    for (int p = 0; p < mancala_num_pits(before); p++)
        ck_assert_int_eq(pit[p], mancala_pit(after, p));
    for (int player = 0; player < 2; player++)
        ck_assert_int_eq(captured[player], mancala_captured(after, player));
    free(ev);
}

/* Plays `move` of `position` to its end and checks it against the naive
 * reference: legal in both, the same position after it. */
static void play_against_reference(const char *position, int move, int *laps, int *sown)
{
    mancala_game *g = parse_ok(position), *before = parse_ok(position);
    static struct ref_game ref;
    ck_assert_int_eq(ref_parse(&ref, position), 0);
    int ref_moves[12], moves[MANCALA_MAX_PITS];
    int ref_count = ref_legal_moves(&ref, ref_moves);
    int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    ck_assert_int_eq(count, ref_count);
    ck_assert_mem_eq(moves, ref_moves, (size_t)count * sizeof *moves);
    play_ok(g, move);
    ref_play(&ref, move);
    char expected[128];
    ref_format(&ref, expected, sizeof expected);
    ck_assert_str_eq(fmt(g), expected);
    check_events(before, g, laps, sown);
    mancala_free(g);
    mancala_free(before);
}

START_TEST(longest_relays)
{
    const struct relay *r = &long_relays[_i];
    int laps, sown;
    play_against_reference(r->position, r->move, &laps, &sown);
    ck_assert_int_eq(laps, r->laps);
    ck_assert_int_eq(sown, r->sown);
}
END_TEST

/* Every stone in one pit, for every variant and pit: the biggest hands. */
START_TEST(all_stones_in_one_pit)
{
    static const char *const rules[] = {"rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw", "rio-kadalis-5-cw"};
    for (int r = 0; r < 4; r++) {
        const int n = strstr(rules[r], "-5") ? 5 : 6;
        for (int p = 0; p < 2 * n; p++) {
            char text[128];
            size_t len = (size_t)snprintf(text, sizeof text, "%s/", rules[r]);
            for (int q = 0; q < 2 * n; q++)
                len += (size_t)snprintf(text + len, sizeof text - len, q ? ",%d" : "%d", q == p ? 8 * n : 0);
            snprintf(text + len, sizeof text - len, "/%c/0,0/0/0,0", p < n ? 'S' : 'N');
            int laps, sown;
            play_against_reference(text, p, &laps, &sown);
            ck_assert_int_ge(sown, 8 * n);
        }
    }
}
END_TEST

/* ---- limits ---- */

/* Found by trying PLY = INT32_MAX: the game listed legal moves and
 * refused every one (the ply counter was full), while not being over;
 * mancala_mcts() then failed with an undocumented status. PLY is at most
 * 1,000,000,000, far enough below INT32_MAX that no game can play on to
 * it (its history would run out of room long before). */
START_TEST(ply_limit)
{
    static const struct {
        const char *text, *message;
    } refused[] = {
        {"modiar/7,7,7,7,7,7/S/0,0/2147483647", "PLY: more than 1000000000 moves in '2147483647'"},
        {"rio-kadalis-5-cw/x,x,4,4,4,4,4,4,4,4/N/0,0/2147483647/2,6",
         "PLY: more than 1000000000 moves in '2147483647'"},
        {"modiar/7,7,7,7,7,7/S/0,0/1000000001", "PLY: more than 1000000000 moves in '1000000001'"},
        {"modiar/7,7,7,7,7,7/S/0,0/2147483648", "PLY: number too large in '2147483648'"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        mancala_game *g = NULL;
        char err[128];
        ck_assert_int_eq(mancala_parse(&g, refused[i].text, err, sizeof err), MANCALA_E_PARSE);
        ck_assert_str_eq(err, refused[i].message);
        ck_assert_ptr_null(g);
    }
    /* At the largest PLY every listed move plays, and the engines work. */
    mancala_game *g = parse_ok("modiar/7,7,7,7,7,7/S/0,0/1000000000");
    int best;
    ck_assert_int_eq(mancala_mcts(g, 1, 50, &best), MANCALA_OK);
    ck_assert_int_eq(best >= 0 && best <= 2, 1);
    play_ok(g, 0);
    ck_assert_int_eq(mancala_ply(g), 1000000001);
    ck_assert_str_eq(fmt(g), "modiar/0,8,8,8,8,8/N/2,0/1000000001");
    mancala_free(g);
}
END_TEST

/* Found by UndefinedBehaviorSanitizer: a time limit of INT64_MAX overflowed
 * when the deadline was compared with the clock, and the search stopped
 * after depth 1 as if the time were up. Every limit takes INT64_MAX. */
START_TEST(limits_saturate)
{
    mancala_game *g = parse_ok("modiar/7,7,7,7,7,7/S/0,0/0");
    mancala_search *s;
    ck_assert_int_eq(mancala_search_new(&s, 1 << 16), MANCALA_OK);
    static const int limits[] = {MANCALA_LIMIT_TIME_MS, MANCALA_LIMIT_NODES, MANCALA_LIMIT_DEPTH};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(mancala_search_set_limit(s, MANCALA_LIMIT_DEPTH, 5), MANCALA_OK);
        ck_assert_int_eq(mancala_search_set_limit(s, limits[i], INT64_MAX), MANCALA_OK);
        if (limits[i] == MANCALA_LIMIT_DEPTH) {
            /* Depth INT64_MAX counts as 128: a position proven early. */
            mancala_game *end = parse_ok("modiar/0,0,4,2,0,0/S/18,18/40");
            ck_assert_int_eq(mancala_search_run(s, end), MANCALA_OK);
            ck_assert_int_eq(mancala_search_exact(s), 1);
            mancala_free(end);
        } else {
            ck_assert_int_eq(mancala_search_run(s, g), MANCALA_OK);
            ck_assert_int_eq(mancala_search_depth(s), 5);
        }
        ck_assert_int_eq(mancala_search_set_limit(s, limits[i], limits[i] == MANCALA_LIMIT_DEPTH),
                         MANCALA_OK);
    }
    mancala_search_free(s);
    mancala_free(g);

    /* MCTS: any budget is allowed; a single legal move needs no playout. */
    g = parse_ok("modiar/0,1,2,13,13,13/S/0,0/2");
    int best = -1;
    ck_assert_int_eq(mancala_mcts(g, 7, INT64_MAX, &best), MANCALA_OK);
    ck_assert_int_eq(best, 2);
    mancala_free(g);
}
END_TEST

/* Stone counts in CAPTURED and BANKS are at most 255, like pits. */
START_TEST(counts_too_large)
{
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"modiar/7,7,7,7,7,7/S/256,0/0", "CAPTURED: number too large in '256,0'"},
        {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,1000", "BANKS: number too large in '0,1000'"},
        {"modiar/7,7,7,7,7,7/S/0,99999999999/0", "CAPTURED: number too large in '0,99999999999'"},
    };
    for (int i = 0; i < 3; i++) {
        mancala_game *g = NULL;
        char err[128];
        ck_assert_int_eq(mancala_parse(&g, cases[i].text, err, sizeof err), MANCALA_E_PARSE);
        ck_assert_str_eq(err, cases[i].message);
        ck_assert_ptr_null(g);
    }
}
END_TEST

/* Options are set before the first move of a match: a later round refuses
 * them even before its own first move. */
START_TEST(options_fixed_after_first_round)
{
    mancala_game *g = parse_ok("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0");
    static const int r7[] = {0, 7, 4, 11, 0, 8, 2, 6, 4, 10}; /* RULES.md R7 */
    for (int i = 0; i < 10; i++)
        play_ok(g, r7[i]);
    ck_assert_int_eq(mancala_is_over(g), 1);
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    ck_assert_int_eq(mancala_history_length(g), 0);
    ck_assert_int_eq(mancala_round(g), 2);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_REPETITION, 0), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_get_option(g, MANCALA_OPT_REPETITION), 1);
    mancala_free(g);
}
END_TEST

/* ---- regressions ---- */

/* Found by UndefinedBehaviorSanitizer: a Rio Kadalis position with a field
 * after BANKS made the parser read past its array of fields to name the
 * extra one. */
START_TEST(extra_field_after_banks)
{
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0/", "after BANKS: extra field ''"},
        {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0/zz/yy", "after BANKS: extra field 'zz'"},
        {"modiar/7,7,7,7,7,7/S/0,0/0/1/2/3", "after PLY: extra field '1'"},
    };
    for (int i = 0; i < 3; i++) {
        mancala_game *g = NULL;
        char err[128];
        ck_assert_int_eq(mancala_parse(&g, cases[i].text, err, sizeof err), MANCALA_E_PARSE);
        ck_assert_str_eq(err, cases[i].message);
        ck_assert_ptr_null(g);
    }
}
END_TEST

/* Found by fuzz-parse: the reason quoted a bad field verbatim, so a
 * newline or other control character in it broke the one-line message. */
START_TEST(reason_stays_one_line)
{
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"rio-kali\n-5-cw/1,6,6,6/N/0,0/1/0,0", "RULES: unknown rules 'rio-kali?-5-cw'"},
        {"modiar/7,7,7,7,7,\r7/S/0,0/0", "PITS: pit 5: not a digit in '?7'"},
        {"modiar/7,7,7,7,7,7/S/0,0/0/\t\x7f", "after PLY: extra field '?\?'"},
    };
    for (int i = 0; i < 3; i++) {
        mancala_game *g = NULL;
        char err[128];
        ck_assert_int_eq(mancala_parse(&g, cases[i].text, err, sizeof err), MANCALA_E_PARSE);
        ck_assert_str_eq(err, cases[i].message);
    }
}
END_TEST

/* ---- re-entry from the evaluation callback ---- */

struct reentry {
    mancala_search *search;
    const mancala_game *game;
    int calls, run_status, limit_status, eval_status, table_status;
    int free_it;
};

static int reentering_eval(const mancala_game *game, void *opaque)
{
    struct reentry *r = opaque;
    if (r->calls++ == 0) {
        if (r->free_it) {
            mancala_search_free(r->search);
        } else {
            r->run_status = mancala_search_run(r->search, r->game);
            r->limit_status = mancala_search_set_limit(r->search, MANCALA_LIMIT_DEPTH, 2);
            r->eval_status = mancala_search_set_eval(r->search, NULL, NULL);
            r->table_status = mancala_search_set_table(r->search, NULL);
        }
    }
    return mancala_evaluate(game);
}

/* Found by a hostile evaluation: running the same searcher again from its
 * own evaluation silently cut the outer search short (asked for depth 5,
 * it came back at depth 2 with status OK). Re-entry is refused with
 * MANCALA_E_BUSY and the outer search is unharmed. */
START_TEST(search_reentry_refused)
{
    mancala_game *g = parse_ok("modiar/7,7,7,7,7,7/S/0,0/0");
    struct reentry r = {0};
    r.game = g;
    ck_assert_int_eq(mancala_search_new(&r.search, 1 << 16), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(r.search, MANCALA_LIMIT_DEPTH, 5), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_eval(r.search, reentering_eval, &r), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(r.search, g), MANCALA_OK);
    ck_assert_int_eq(r.run_status, MANCALA_E_BUSY);
    ck_assert_int_eq(r.limit_status, MANCALA_E_BUSY);
    ck_assert_int_eq(r.eval_status, MANCALA_E_BUSY);
    ck_assert_int_eq(r.table_status, MANCALA_E_BUSY);
    ck_assert_int_eq(mancala_search_depth(r.search), 5);
    /* The same result as a search without the hostile callback. */
    const int score = mancala_search_score(r.search), best = mancala_search_best_move(r.search);
    ck_assert_int_eq(mancala_search_set_eval(r.search, NULL, NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(r.search, g), MANCALA_OK);
    ck_assert_int_eq(mancala_search_score(r.search), score);
    ck_assert_int_eq(mancala_search_best_move(r.search), best);
    ck_assert_str_eq(mancala_strerror(MANCALA_E_BUSY),
                     "the handle is in use by a call that has not returned");
    mancala_search_free(r.search);
    mancala_free(g);
}
END_TEST

/* Found under AddressSanitizer: freeing the searcher from its evaluation
 * was a use after free in negamax(). The release is deferred to the end
 * of the run, which stops at once and says so. */
START_TEST(search_freed_by_its_eval)
{
    mancala_game *g = parse_ok("modiar/7,7,7,7,7,7/S/0,0/0");
    struct reentry r = {0};
    r.game = g;
    r.free_it = 1;
    ck_assert_int_eq(mancala_search_new(&r.search, 1 << 16), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_limit(r.search, MANCALA_LIMIT_DEPTH, 6), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_eval(r.search, reentering_eval, &r), MANCALA_OK);
    ck_assert_int_eq(mancala_search_run(r.search, g), MANCALA_E_CANCELLED);
    ck_assert_int_eq(r.calls, 1); /* stopped at once */
    /* The same from a level's search, which restored the searcher's
     * limits after the run: in freed memory (found by a review under
     * AddressSanitizer, which this test needs to fail). */
    r.calls = 0;
    ck_assert_int_eq(mancala_search_new(&r.search, 1 << 16), MANCALA_OK);
    ck_assert_int_eq(mancala_search_set_eval(r.search, reentering_eval, &r), MANCALA_OK);
    ck_assert_int_eq(mancala_search_level_move(r.search, g, 10, 1), MANCALA_E_CANCELLED);
    ck_assert_int_eq(r.calls, 1);
    ck_assert_str_eq(mancala_strerror(MANCALA_E_CANCELLED), "cancelled by a callback");
    mancala_free(g);
}
END_TEST

/* Found by parsing 'é' * 300: the reason quoted the input byte by byte and
 * was cut inside a UTF-8 character, so it was not valid UTF-8. Reasons are
 * printable ASCII, whatever the input and wherever they are cut. */
START_TEST(reason_is_ascii)
{
    char text[700] = "";
    for (int i = 0; i < 300; i++)
        strcat(text, "\xc3\xa9");
    const char *inputs[] = {text, "modiar/7,7,7,7,7,\xe2\x82\xac/S/0,0/0",
                            "modiar/7,7,7,7,7,7/\xff/0,0/0"};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        for (size_t len = 1; len <= 256; len++) {
            char err[256];
            mancala_game *g = NULL;
            ck_assert_int_eq(mancala_parse(&g, inputs[i], err, len), MANCALA_E_PARSE);
            ck_assert_uint_le(strlen(err), len - 1);
            for (const char *c = err; *c; c++)
                ck_assert_int_eq(*c >= 0x20 && *c < 0x7f, 1);
        }
    char err[64];
    mancala_game *g = NULL;
    ck_assert_int_eq(mancala_parse(&g, "modiar/7,7,7,7,7,\xe2\x82\xac/S/0,0/0", err, sizeof err),
                     MANCALA_E_PARSE);
    ck_assert_str_eq(err, "PITS: pit 5: not a digit in '?\?\?'");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hardening");
    TCase *tc = tcase_create("hardening");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, null_and_range_everywhere, 0, (int)(sizeof states / sizeof states[0]));
    tcase_add_test(tc, null_and_range_creation);
    tcase_add_test(tc, null_and_range_engine);
    tcase_add_test(tc, every_allocation_fails_in_turn);
    tcase_add_loop_test(tc, longest_relays, 0, (int)(sizeof long_relays / sizeof long_relays[0]));
    tcase_add_test(tc, all_stones_in_one_pit);
    tcase_add_test(tc, ply_limit);
    tcase_add_test(tc, counts_too_large);
    tcase_add_test(tc, options_fixed_after_first_round);
    tcase_add_test(tc, extra_field_after_banks);
    tcase_add_test(tc, reason_stays_one_line);
    tcase_add_test(tc, limits_saturate);
    tcase_add_test(tc, search_reentry_refused);
    tcase_add_test(tc, search_freed_by_its_eval);
    tcase_add_test(tc, reason_is_ascii);
    suite_add_tcase(s, tc);
    return run_suite(s);
}

/*
 * perft: the number of move sequences of exactly DEPTH plies from a
 * position, the repetition rule on (a game that ends earlier contributes
 * nothing below its end). The expected counts below were computed once and
 * are checked here three ways, each independent of the others: by
 * mancala_play() and mancala_undo() as mancala-bench counts them, by
 * recursion through mancala_clone() without undo, and by the naive
 * reference implementation (reference.c). Also: mancala_legal_moves(),
 * mancala_play() and mancala_undo() never allocate once a game exists.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>

#include "helpers.h"
#include "reference.h"

#define MAX_DEPTH 12

struct perft_case {
    const char *position;
    int depth;                       /* counts[1..depth] are given */
    long long counts[MAX_DEPTH + 1];
};

static const struct perft_case cases[] = {
    /* Depths 1 to 6 from the start of every rules name. */
    {"modiar/7,7,7,7,7,7/S/0,0/0", 6, {1, 3, 9, 26, 72, 187, 522}},
    {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", 6, {1, 6, 32, 140, 638, 3029, 13800}},
    {"rio-kadalis-5/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", 6, {1, 5, 24, 96, 410, 1661, 6267}},
    {"rio-kadalis-cw/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", 6, {1, 6, 32, 140, 638, 3029, 13800}},
    {"rio-kadalis-5-cw/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", 6, {1, 5, 24, 96, 410, 1661, 6267}},
    /* Deeper from the Modiar start: captures, grand slams and feeding. */
    {"modiar/7,7,7,7,7,7/S/0,0/0", 12, {1, 3, 9, 26, 72, 187, 522, 1364, 3477, 8685, 21169, 51294, 122453}},
    /* RULES.md R7: singletons chase each other until positions recur. */
    {"rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0", 12,
     {1, 2, 4, 10, 16, 38, 65, 136, 272, 522, 1022, 1879, 4073}},
    /* RULES.md R5: an endless move among the legal ones. */
    {"rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", 8,
     {1, 3, 13, 41, 178, 537, 1952, 6768, 23975}},
    /* RULES.md R6: closed pits and banks. */
    {"rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", 6, {1, 3, 13, 19, 59, 102, 308}},
};

/* As mancala-bench counts: play, recurse, undo; the last ply is counted
 * from the legal moves. Every undo must restore the position exactly. */
static long long perft_undo(mancala_game *g, int depth)
{
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    expect(count >= 0, "legal moves: %d", count);
    if (depth == 1)
        return count;
    long long sum = 0;
    uint64_t hash = mancala_hash(g);
    for (int i = 0; i < count; i++) {
        expect_int_eq(mancala_play(g, moves[i]), MANCALA_OK);
        sum += perft_undo(g, depth - 1);
        expect_int_eq(mancala_undo(g), MANCALA_OK);
        expect_int_eq(mancala_hash(g), hash);
    }
    return sum;
}

/* Each move on its own clone, played to the end of the sequence: no undo,
 * and no counting from the legal moves at the last ply. */
static long long perft_clone(const mancala_game *g, int depth)
{
    if (depth == 0)
        return 1;
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    expect(count >= 0, "legal moves: %d", count);
    long long sum = 0;
    for (int i = 0; i < count; i++) {
        mancala_game *child;
        expect_int_eq(mancala_clone(&child, g), MANCALA_OK);
        expect_int_eq(mancala_play(child, moves[i]), MANCALA_OK);
        sum += perft_clone(child, depth - 1);
        mancala_free(child);
    }
    return sum;
}

/* The reference game is large (its list of positions since the last
 * capture); a copy needs only the positions in use. */
static void copy_reference(struct ref_game *to, const struct ref_game *from)
{
    memcpy(to, from, offsetof(struct ref_game, seen) + (size_t)from->seen_count * sizeof from->seen[0]);
}

static long long perft_reference(const struct ref_game *ref, int depth, struct ref_game *scratch)
{
    if (depth == 0)
        return 1;
    int moves[12];
    int count = ref_legal_moves(ref, moves);
    long long sum = 0;
    for (int i = 0; i < count; i++) {
        copy_reference(scratch, ref);
        ref_play(scratch, moves[i]);
        sum += perft_reference(scratch, depth - 1, scratch + 1);
    }
    return sum;
}

/* The deepest counts of a case; a scaled-down run (valgrind) stops at 7. */
static int depth_to_check(const struct perft_case *c)
{
    return test_full_scale() || c->depth < 7 ? c->depth : 7;
}

START_TEST(perft_counts)
{
    const struct perft_case *c = &cases[_i];
    mancala_game *g = parse_ok(c->position);
    for (int depth = 1; depth <= depth_to_check(c); depth++) {
        long long count = perft_undo(g, depth);
        ck_assert_str_eq(fmt(g), c->position);
        ck_assert_msg(c->counts[depth] == count, "%s perft %d = %lld, expected %lld",
                      c->position, depth, count, c->counts[depth]);
    }
    mancala_free(g);
}
END_TEST

START_TEST(perft_by_clones)
{
    const struct perft_case *c = &cases[_i];
    mancala_game *g = parse_ok(c->position);
    for (int depth = 1; depth <= depth_to_check(c); depth++)
        ck_assert_int_eq(perft_clone(g, depth), c->counts[depth]);
    mancala_free(g);
}
END_TEST

START_TEST(perft_by_reference)
{
    const struct perft_case *c = &cases[_i];
    static struct ref_game stack[MAX_DEPTH + 1];
    ck_assert_int_eq(ref_parse(&stack[0], c->position), 0);
    for (int depth = 1; depth <= depth_to_check(c); depth++)
        ck_assert_int_eq(perft_reference(&stack[0], depth, &stack[1]), c->counts[depth]);
}
END_TEST

/* An allocator that counts its calls. */
static void *counting_alloc(void *opaque, void *ptr, size_t size)
{
    long *calls = opaque;
    ++*calls;
    if (size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, size);
}

static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw",
                                    "rio-kadalis-5-cw"};

/* Random games with undos along the way, every rules name: once the game
 * exists, listing, playing and undoing moves never calls the allocator. */
START_TEST(hot_path_does_not_allocate)
{
    long calls = 0;
    mancala_game *g;
    ck_assert_int_eq(mancala_new_with_allocator(&g, rules[_i], counting_alloc, &calls), MANCALA_OK);
    const long after_creation = calls;
    uint64_t rng = 0x2545f4914f6cdd1du + (uint64_t)_i;
    long plies = 0, undos = 0;
    for (int game = 0; game < 200; game++) {
        int moves[MANCALA_MAX_PITS], count;
        while ((count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS)) > 0) {
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            ck_assert_int_eq(mancala_play(g, moves[rng % (uint64_t)count]), MANCALA_OK);
            plies++;
            if (rng >> 60 == 0) { /* now and then take two moves back */
                for (int k = 0; k < 2 && mancala_undo(g) == MANCALA_OK; k++)
                    undos++;
            }
        }
        while (mancala_undo(g) == MANCALA_OK)
            undos++;
        ck_assert_int_eq(mancala_ply(g), 0);
    }
    ck_assert_int_gt(plies, 1000);
    ck_assert_int_gt(undos, plies / 2);
    ck_assert_int_eq(calls, after_creation);
    mancala_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("perft");
    const int ncases = (int)(sizeof cases / sizeof cases[0]);
    tcase_add_loop_test(tc, perft_counts, 0, ncases);
    tcase_add_loop_test(tc, perft_by_clones, 0, ncases);
    tcase_add_loop_test(tc, perft_by_reference, 0, ncases);
    tcase_add_loop_test(tc, hot_path_does_not_allocate, 0, (int)(sizeof rules / sizeof rules[0]));
    suite_add_tcase(s, tc);
    return run_suite(s);
}

/*
 * Rio Kadalis' two ways of sowing a lap: by words (the hot path) against
 * stone by stone (the rules as written), on random lap starts that games
 * rarely reach: every pit count from 0 to 48, closed pits, both
 * directions, both board sizes, hands larger than the board. Then whole
 * moves, rule 6 included, both ways, and the move list that decides most
 * moves without sowing them against sowing every move.
 *
 * SPDX-License-Identifier: MIT
 */
#include "helpers.h"
#include "rules/rules.h"
#include "rio_random.h"
/* Its endless_counts[]: the fingerprints are not needed here. */
#define ENDLESS_TABLE_STONES 0
#include "rules/endless_table.h"

/* Lap starts at the default scale: 10 million (a second or two). */
enum { LAP_STARTS = 10 * 1000 * 1000, MOVES = 1000 * 1000 };

/* A random board: any variant, no pit closed a third of the time, else
 * any set with at least one open pit. */
static void new_random_board(struct mc_board *b, uint64_t *rng)
{
    const char *name = rio_variants[below(rng, 4)];
    const struct mc_variant *v = mancala__variant_find(name, strlen(name));
    const unsigned all = (1u << 2 * v->n) - 1;
    unsigned closed = 0;
    if (below(rng, 3))
        do
            closed = next_random(rng) & all;
        while (closed == all);
    mancala__board_init(b, v, (uint16_t)closed);
}

/* A random position on `b`, `limit` the largest count of a pit: counts
 * are small (where fours form) or anything up to the limit. */
static void random_pits(const struct mc_board *b, struct mc_state *s, uint64_t *rng, int limit)
{
    memset(s, 0, sizeof *s);
    const int small = below(rng, 2);
    for (int p = 0; p < b->npits; p++)
        if (!(b->closed >> p & 1))
            s->pit[p] = (uint8_t)(small ? below(rng, 6) : below(rng, (uint32_t)limit + 1));
    s->to_move = (uint8_t)below(rng, 2);
    s->captured[0] = (uint8_t)below(rng, 40);
    s->captured[1] = (uint8_t)below(rng, 40);
}

/* One of a pool of random boards (building a board costs more than a lap). */
enum { BOARDS = 1024 };
static struct mc_board boards[BOARDS];

static void make_boards(void)
{
    uint64_t rng = 0xb0a2d5ull;
    for (int i = 0; i < BOARDS; i++)
        new_random_board(&boards[i], &rng);
}

static const struct mc_board *random_board(uint64_t *rng)
{
    return &boards[below(rng, BOARDS)];
}

START_TEST(laps_by_words_match_laps_by_stones)
{
    uint64_t rng = 0x51ced5eedull;
    const long count = test_scaled(LAP_STARTS);
    long long_hands = 0, fours = 0;
    for (long i = 0; i < count; i++) {
        const struct mc_board *b = random_board(&rng);
        struct mc_state start, by_stones, by_words;
        random_pits(b, &start, &rng, 48);
        const int from = random_open_pit(b, &rng);
        if (start.pit[from] == 0 || below(&rng, 8) == 0) {
            /* Any hand, up to several times round the board. */
            start.pit[from] = (uint8_t)(1 + below(&rng, 48));
        }
        long_hands += start.pit[from] >= b->open;
        by_stones = by_words = start;
        const int next_stones = mancala__rio_lap(b, &by_stones, from, 0);
        const int next_words = mancala__rio_lap(b, &by_words, from, 1);
        fours += by_stones.captured[0] + by_stones.captured[1] !=
                 start.captured[0] + start.captured[1];
        expect(next_stones == next_words && memcmp(&by_stones, &by_words, sizeof by_stones) == 0,
               "lap %ld from %s: by stones %d, by words %d", i, describe(b, &start, from),
               next_stones, next_words);
    }
    /* The sample reaches the edges it is meant to. */
    if (test_full_scale()) {
        expect(long_hands > count / 20, "only %ld hands larger than the board", long_hands);
        expect(fours > count / 10, "only %ld laps with captures", fours);
    }
}
END_TEST

/* Whole moves from positions of 48 or 40 stones at most, the closed pits
 * and directions as above: the same result, or the same reason. */
START_TEST(moves_by_words_match_moves_by_stones)
{
    uint64_t rng = 0x3a11e55ull;
    const long count = test_scaled(MOVES);
    long endless = 0, legal = 0;
    for (long i = 0; i < count; i++) {
        const struct mc_board *b = random_board(&rng);
        struct mc_state start, by_stones, by_words;
        const int total = mc_total_stones(b->variant);
        do
            random_pits(b, &start, &rng, 8);
        while (stones_on_board(b, &start) > total);
        const int pit = random_open_pit(b, &rng);
        memset(&by_stones, 0, sizeof by_stones);
        memset(&by_words, 0, sizeof by_words);
        const int stones = mancala__rio_move(b, &start, pit, &by_stones, 0);
        const int words = mancala__rio_move(b, &start, pit, &by_words, 1);
        expect(stones == words, "move %d of %s: by stones %d, by words %d", pit,
               describe(b, &start, pit), stones, words);
        if (stones == 0)
            expect(memcmp(&by_stones, &by_words, sizeof by_stones) == 0, "move %d of %s", pit,
                   describe(b, &start, pit));
        endless += stones == MANCALA_E_ENDLESS;
        legal += stones == 0;
    }
    if (test_full_scale())
        expect(endless > 0 && legal > count / 2, "%ld endless, %ld legal moves", endless, legal);
}
END_TEST

/* The laps of the move from `pit` of `s`, sown stone by stone: its
 * number of laps, or more than `limit` if it has more; *short_laps
 * becomes whether those laps each had fewer stones than open pits. */
static int laps_of_move(const struct mc_board *b, const struct mc_state *s, int pit, int limit,
                        int *short_laps)
{
    struct mc_state t = *s;
    int laps = 0;
    *short_laps = 1;
    for (int from = pit; from >= 0 && laps <= limit; laps++) {
        *short_laps &= t.pit[from] < b->open;
        from = mancala__rio_lap(b, &t, from, 0);
    }
    return laps;
}

/* Listing the moves sows only those that may be endless (doc/endless.md):
 * the same moves as sowing every one, the children it kept the same; it
 * sows no move when no lap start of the board's count of stones on its
 * ring of open pits is endless, and never one that ends within two laps,
 * each of fewer stones than open pits (unless a move is endless: then it
 * sows them all). tests/rules/test_endless.c compares it on more positions. */
START_TEST(listing_sows_only_moves_that_may_be_endless)
{
    uint64_t rng = 0x1157ed5ull;
    const long count = test_scaled(MOVES);
    long endless = 0, unsown = 0, settled_by_count = 0;
    for (long i = 0; i < count; i++) {
        const struct mc_board *b = random_board(&rng);
        struct mc_state s;
        const int total = mc_total_stones(b->variant);
        do
            random_pits(b, &s, &rng, 8);
        while (stones_on_board(b, &s) > total);
        struct mc_moves all;
        int8_t why[MANCALA_MAX_PITS];
        mancala__rio_kadalis_rules.generate(b, &s, &all, why);
        int endless_here = 0;
        for (int p = 0; p < b->npits; p++)
            endless_here += p / b->variant->n == s.to_move && why[p] == MANCALA_E_ENDLESS;
        endless += endless_here;
        struct mc_moves listed;
        mancala__rio_kadalis_rules.list(b, &s, &listed);
        expect(all.count == listed.count && memcmp(all.pit, listed.pit, (size_t)all.count) == 0,
               "moves of %s: %d listed, %d sown", describe(b, &s, -1), listed.count, all.count);
        const int no_endless_count = !(endless_counts[b->open] >> stones_on_board(b, &s) & 1);
        settled_by_count += no_endless_count;
        for (int m = 0; m < all.count; m++) {
            int short_laps;
            const int laps = laps_of_move(b, &s, all.pit[m], 2, &short_laps);
            const int provable = (laps <= 2 && short_laps) || no_endless_count;
            expect(!(listed.known >> m & 1) || (!provable || endless_here),
                   "move %d of %s: %d laps, %s, sown", all.pit[m], describe(b, &s, -1), laps,
                   short_laps ? "short" : "not short");
            if (listed.known >> m & 1)
                expect(memcmp(&all.child[m], &listed.child[m], sizeof all.child[m]) == 0,
                       "child %d of %s", all.pit[m], describe(b, &s, -1));
            else
                unsown++;
        }
    }
    if (test_full_scale())
        expect(endless > 0 && unsown > count && settled_by_count > count / 10,
               "%ld endless, %ld moves not sown, %ld positions settled by their count", endless,
               unsown, settled_by_count);
}
END_TEST

/* Whether `moves` is the list of `s` on `b` by `rules`: the same moves,
 * and the same children where the list sowed them. */
static int is_list_of(const struct mc_rules *rules, const struct mc_board *b,
                      const struct mc_state *s, const struct mc_moves *moves)
{
    struct mc_moves listed;
    rules->list(b, s, &listed);
    if (moves->count != listed.count || moves->legal != listed.legal ||
        moves->known != listed.known || memcmp(moves->pit, listed.pit, (size_t)listed.count))
        return 0;
    for (int m = 0; m < listed.count; m++)
        if ((listed.known >> m & 1) && memcmp(&moves->child[m], &listed.child[m], sizeof *moves->child))
            return 0;
    return 1;
}

/* A game's step (the move of mancala_play(): the move sown and the moves
 * after it listed, in one call) is its move followed by its list, for
 * every legal move: Rio Kadalis on random boards (closed pits, both
 * directions and sizes), Modiar on random positions of its 42 stones. */
START_TEST(step_is_the_move_then_the_list)
{
    uint64_t rng = 0x57e95ull;
    const long count = test_scaled(MOVES / 10);
    const struct mc_variant *modiar = mancala__variant_find("modiar", strlen("modiar"));
    struct mc_board modiar_board;
    mancala__board_init(&modiar_board, modiar, 0);
    long steps = 0;
    for (long i = 0; i < count; i++) {
        const int rio = i % 2 == 0;
        const struct mc_board *b = rio ? random_board(&rng) : &modiar_board;
        const struct mc_rules *rules = b->variant->rules;
        struct mc_state s;
        const int total = mc_total_stones(b->variant);
        do
            random_pits(b, &s, &rng, rio ? 8 : 12);
        while (stones_on_board(b, &s) > total);
        s.captured[0] = (uint8_t)below(&rng, (uint32_t)(total - stones_on_board(b, &s)) + 1);
        s.captured[1] = (uint8_t)below(&rng, (uint32_t)(total - stones_on_board(b, &s) - s.captured[0]) + 1);
        s.ply = (uint32_t)below(&rng, 1000);
        struct mc_moves all;
        rules->generate(b, &s, &all, NULL);
        for (int m = 0; m < all.count; m++) {
            struct mc_state out;
            struct mc_moves moves;
            rules->step(b, &s, all.pit[m], &out, &moves);
            expect(memcmp(&out, &all.child[m], sizeof out) == 0, "%s: the step's move %d of %s",
                   b->variant->name, all.pit[m], rio ? describe(b, &s, -1) : "a Modiar position");
            expect(is_list_of(rules, b, &out, &moves), "%s: the step's list after move %d",
                   b->variant->name, all.pit[m]);
            steps++;
        }
    }
    if (test_full_scale())
        expect(steps > count, "%ld steps", steps);
}
END_TEST

/* A board with every pit open reads its variant's lap tables, made once
 * and shared: the same a board makes for itself. */
START_TEST(shared_lap_tables_are_a_board_own)
{
    for (int i = 0; i < 4; i++) {
        const struct mc_variant *v = mancala__variant_find(rio_variants[i], strlen(rio_variants[i]));
        struct mc_board shared, own;
        mancala__board_init(&shared, v, 0);
        ck_assert_ptr_nonnull(shared.shared);
        own = shared;
        own.shared = NULL;
        mancala__lap_tables(&own);
        ck_assert(mc_laps(&own) == &own.own);
        expect(memcmp(&shared.shared->laps, &own.own, sizeof own.own) == 0, "%s: lap tables", v->name);
        /* Each lap of fewer stones than pits as one record: the pits it
         * sows, the mask that lifts its origin, its last pit. */
        for (int p = 0; p < own.npits; p++)
            for (int hand = 1; hand < own.open; hand++) {
                const struct mc_lap *lap = &shared.shared->lap[p][hand];
                for (int q = 0; q < MANCALA_MAX_PITS; q++) {
                    ck_assert_uint_eq(lap->run[q], own.own.run[p][hand] >> q & 1 ? 0xff : 0);
                    ck_assert_uint_eq(lap->keep[q], q == p ? 0 : 0xff);
                }
                ck_assert_uint_eq(lap->keep[MC_LAP_LAST], own.own.last[p][hand]);
            }
        ck_assert_uint_eq(shared.row_open[0], (1u << v->n) - 1);
        ck_assert_uint_eq(shared.row_open[1], ((1u << v->n) - 1) << v->n);
        mancala__board_init(&own, v, 1);
        ck_assert_ptr_null(own.shared);
    }
}
END_TEST

static Suite *sowing_suite(void)
{
    Suite *s = suite_create("sowing");
    TCase *tc = tcase_create("differential");
    tcase_set_timeout(tc, 600);
    tcase_add_unchecked_fixture(tc, make_boards, NULL);
    tcase_add_test(tc, shared_lap_tables_are_a_board_own);
    tcase_add_test(tc, laps_by_words_match_laps_by_stones);
    tcase_add_test(tc, moves_by_words_match_moves_by_stones);
    tcase_add_test(tc, listing_sows_only_moves_that_may_be_endless);
    tcase_add_test(tc, step_is_the_move_then_the_list);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(sowing_suite());
}

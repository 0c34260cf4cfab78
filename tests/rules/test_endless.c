/*
 * The endless moves of Rio Kadalis (RULES.md, rule 6; doc/endless.md):
 * the sets of endless lap starts derived from the rules (tools/endless.c)
 * against their known counts and against sowing every lap start of small
 * rings; then the move list, which looks the first lap start of each move
 * up instead of sowing it, against sowing every move, on random
 * positions, positions built from endless lap starts and near misses of
 * them (one stone moved), on every ring of 1 to 12 open pits.
 *
 * MANCALA_TEST_SCALE=5000 runs the move lists on 10 million positions.
 *
 * SPDX-License-Identifier: MIT
 */
#include "endless.h"
#include "helpers.h"
#include "rio_random.h"

/* Positions listed at the default scale: 200,000 (a few seconds). */
enum { POSITIONS = 200 * 1000 };

static struct ring_set endless[ENDLESS_RING_MAX + 1], cycles[ENDLESS_RING_MAX + 1];

static void find_all(void)
{
    for (int m = 1; m <= ENDLESS_RING_MAX; m++)
        endless_find(m, &endless[m], &cycles[m]);
}

static void free_all(void)
{
    for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
        endless_set_free(&endless[m]);
        endless_set_free(&cycles[m]);
    }
}

/* Of the lap starts of `s` on a ring of m pits: how many, how many hold a
 * multiple of 4 stones, how many at most `most`, the fewest stones, and
 * a bit for each count of stones. */
struct tally {
    long count, fours, at_most;
    int fewest;
    uint64_t counts;
};

static struct tally tally(const struct ring_set *s, int m, int most)
{
    struct tally t = {0, 0, 0, 99, 0};
    for (size_t i = 0; i < s->cap; i++) {
        if (!s->used[i])
            continue;
        const int stones = ring_stones(&s->slot[i], m);
        t.count++;
        t.fours += stones % 4 == 0;
        t.at_most += stones <= most;
        t.fewest = stones < t.fewest ? stones : t.fewest;
        t.counts |= (uint64_t)1 << stones;
    }
    return t;
}

/* The counts doc/endless.md gives, found independently before. */
START_TEST(endless_sets_have_the_known_counts)
{
    const struct tally twelve = tally(&endless[12], 12, 48);
    expect_int_eq(twelve.count, 138240);
    expect_int_eq(twelve.fours, 83021);
    expect_int_eq(twelve.fewest, 9); /* none of at most 8 stones */
    expect_int_eq(tally(&cycles[12], 12, 48).counts, (1u << 9) | (1u << 12));
    /* Five holes: a board of 40 stones. */
    expect_int_eq(tally(&endless[10], 10, 40).at_most, 20307);
    expect_int_eq(tally(&cycles[10], 10, 48).counts, (1u << 8) | (1u << 11) | (1u << 12));
    /* Rings where no position of play (a multiple of 4 stones on the
     * board) has an endless move. */
    static const int none[] = {1, 3, 4, 6, 8, 9, 11};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        expect(tally(&endless[none[i]], none[i], 48).fours == 0, "m = %d", none[i]);
    /* And the others have some. */
    static const int some[] = {2, 5, 7, 10, 12};
    for (size_t i = 0; i < sizeof some / sizeof some[0]; i++)
        expect(tally(&endless[some[i]], some[i], 48).fours > 0, "m = %d", some[i]);
}
END_TEST

/* Every lap start of up to a few stones, each ring size, sown until it
 * ends or recurs: endless exactly when in the set. */
START_TEST(endless_sets_match_sowing_every_lap_start)
{
    /* About 100,000 lap starts each at most. */
    static const int most[ENDLESS_RING_MAX + 1] = {0, 48, 48, 30, 20, 15, 13, 12, 11, 11, 11, 11, 11};
    long seen = 0;
    for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
        const int bad = (int)endless_brute_force(m, most[m], &endless[m], &seen);
        expect(bad == 0, "m = %d: %d lap starts disagree", m, bad);
    }
    expect(seen > 250, "only %ld endless lap starts sown", seen);
}
END_TEST

/* ---- the move list against sowing every move ---- */

/* The endless lap starts of each ring size as arrays to draw from. */
static struct ring *drawn[ENDLESS_RING_MAX + 1];
static size_t drawn_count[ENDLESS_RING_MAX + 1];

static void gather(void)
{
    find_all();
    for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
        drawn[m] = malloc(endless[m].count * sizeof *drawn[m]);
        ck_assert_ptr_nonnull(drawn[m]);
        for (size_t i = 0; i < endless[m].cap; i++)
            if (endless[m].used[i])
                drawn[m][drawn_count[m]++] = endless[m].slot[i];
    }
}

static void ungather(void)
{
    for (int m = 1; m <= ENDLESS_RING_MAX; m++)
        free(drawn[m]);
    free_all();
}

/* A board of any variant with m open pits (at most its pits). */
static void random_board(struct mc_board *b, int m, uint64_t *rng)
{
    const char *name = rio_variants[below(rng, 4)];
    const struct mc_variant *v = mancala__variant_find(name, strlen(name));
    const int npits = 2 * v->n;
    if (m > npits)
        m = npits;
    unsigned closed = (1u << npits) - 1;
    for (int open = 0; open < m;) {
        const int p = (int)below(rng, (uint32_t)npits);
        if (closed >> p & 1) {
            closed &= ~(1u << p);
            open++;
        }
    }
    mancala__board_init(b, v, (uint16_t)closed);
}

/* Lays `r` out on `b` with its origin in an open pit of the player to
 * move (the player becomes its owner): 0 if it holds more stones than
 * the variant. */
static int lay_out(const struct mc_board *b, const struct ring *r, struct mc_state *s,
                   uint64_t *rng)
{
    const int m = b->open;
    if (ring_stones(r, m) > mc_total_stones(b->variant))
        return 0;
    const int origin = random_open_pit(b, rng);
    s->to_move = (uint8_t)mc_owner(b, origin);
    for (int i = 0, p = origin; i < m; i++, p = b->next[p])
        s->pit[p] = r->c[i];
    return 1;
}

/* A random position on `b`: `kind` 0 random counts, 1 an endless lap
 * start laid out, 2 one with a stone moved from one open pit to another. */
static void random_position(const struct mc_board *b, struct mc_state *s, int kind,
                            uint64_t *rng)
{
    const int m = b->open;
    for (;;) {
        memset(s, 0, sizeof *s);
        s->to_move = (uint8_t)below(rng, 2);
        if (kind && drawn_count[m] &&
            lay_out(b, &drawn[m][below(rng, (uint32_t)drawn_count[m])], s, rng)) {
            if (kind == 2) {
                const int from = random_open_pit(b, rng), to = random_open_pit(b, rng);
                if (s->pit[from]) {
                    s->pit[from]--;
                    s->pit[to]++;
                }
            }
            break;
        }
        const uint32_t limit = below(rng, 2) ? 6 : 13;
        for (int p = 0; p < b->npits; p++)
            if (!(b->closed >> p & 1))
                s->pit[p] = (uint8_t)below(rng, limit);
        if (stones_on_board(b, s) <= mc_total_stones(b->variant))
            break;
    }
    /* The rest of the stones are captured (the notation's counts add up). */
    const int rest = mc_total_stones(b->variant) - stones_on_board(b, s);
    s->captured[0] = (uint8_t)below(rng, (uint32_t)rest + 1);
    s->captured[1] = (uint8_t)(rest - s->captured[0]);
}

/* The fast list against sowing every candidate (rio_generate()): the
 * same moves, the same children where it has them. */
START_TEST(listing_matches_sowing_every_move)
{
    uint64_t rng = 0xe4d1e55ull;
    const long count = test_scaled(POSITIONS);
    /* Candidates of positions whose stones the table holds (a multiple
     * of 4, at most 32) that are finite, and those of them sown. */
    long endless_moves[3] = {0, 0, 0}, finite = 0, sown = 0;
    /* The same on boards with every pit open of more than 32 stones (a
     * multiple of 4), where the board filter alone spares the sowing. */
    long finite_open = 0, sown_open = 0;
    long rings[ENDLESS_RING_MAX + 1] = {0};
    for (long i = 0; i < count; i++) {
        struct mc_board b;
        random_board(&b, 1 + (int)below(&rng, ENDLESS_RING_MAX), &rng);
        struct mc_state s;
        const int kind = (int)below(&rng, 3);
        random_position(&b, &s, kind, &rng);
        rings[b.open]++;
        struct mc_moves all, listed;
        int8_t why[MANCALA_MAX_PITS];
        mancala__rio_kadalis_rules.generate(&b, &s, &all, why);
        mancala__rio_kadalis_rules.list(&b, &s, &listed);
        expect(all.count == listed.count && memcmp(all.pit, listed.pit, (size_t)all.count) == 0 &&
                   all.legal == listed.legal,
               "moves of %s: %d listed, %d sown", describe(&b, &s, -1), listed.count, all.count);
        for (int m = 0; m < all.count; m++)
            if (listed.known >> m & 1)
                expect(memcmp(&all.child[m], &listed.child[m], sizeof all.child[m]) == 0,
                       "child %d of %s", all.pit[m], describe(&b, &s, -1));
        const int first = s.to_move * b.variant->n, stones = stones_on_board(&b, &s);
        int endless_here = 0;
        for (int p = first; p < first + b.variant->n; p++)
            endless_here += why[p] == MANCALA_E_ENDLESS;
        endless_moves[kind] += endless_here;
        const int sown_here =
            mc_count_row_bits(listed.known & 63) + mc_count_row_bits(listed.known >> 6);
        if (stones % 4 == 0 && stones <= 32 && !endless_here) {
            finite += all.count;
            sown += sown_here;
        }
        if (stones % 4 == 0 && stones > 32 && b.shared && !endless_here) {
            finite_open += all.count;
            sown_open += sown_here;
        }
    }
    /* The sample reaches what it is meant to: every ring size, endless
     * moves from the endless lap starts and near them; and where the
     * table holds the stone count, the list sows hardly a finite move
     * (only those whose fingerprint is an endless one's); on boards of
     * more stones with every pit open, few (those the board filter lets
     * through: doc/endless.md; without it, three in five). */
    for (int m = 1; m <= ENDLESS_RING_MAX; m++)
        expect(rings[m] > 0, "no position on %d open pits", m);
    if (test_full_scale())
        expect(endless_moves[1] > count / 10 && endless_moves[2] > 0 && endless_moves[0] > 0,
               "endless moves: %ld random, %ld endless, %ld near", endless_moves[0],
               endless_moves[1], endless_moves[2]);
    expect(sown <= finite / 100, "%ld of %ld finite moves sown", sown, finite);
    if (test_full_scale())
        expect(finite_open > 0 && sown_open <= finite_open / 5,
               "boards of more than 32 stones, every pit open: %ld of %ld finite moves sown",
               sown_open, finite_open);
}
END_TEST

/* The board filter (doc/endless.md, "A board at once") against every
 * endless lap start of 10 and 12 pits that the board holds: laid out on
 * the board of that many pits with every pit open, both directions, from
 * a random pit of the player to move, the move from it is left out of
 * the list. */
START_TEST(board_filter_holds_every_endless_lap_start)
{
    uint64_t rng = 0xb0a4dull;
    long laid = 0;
    for (int v = 0; v < 4; v++) {
        struct mc_board b;
        mancala__board_init(&b, mancala__variant_find(rio_variants[v], strlen(rio_variants[v])),
                            0);
        const int m = b.open;
        for (size_t i = 0; i < endless[m].cap; i++) {
            const struct ring *r = &endless[m].slot[i];
            if (!endless[m].used[i] || ring_stones(r, m) > mc_total_stones(b.variant))
                continue;
            struct mc_state s;
            memset(&s, 0, sizeof s);
            const int origin = random_open_pit(&b, &rng);
            s.to_move = (uint8_t)mc_owner(&b, origin);
            for (int j = 0, p = origin; j < m; j++, p = b.next[p])
                s.pit[p] = r->c[j];
            s.captured[0] = (uint8_t)(mc_total_stones(b.variant) - ring_stones(r, m));
            struct mc_moves listed;
            mancala__rio_kadalis_rules.list(&b, &s, &listed);
            expect(!(listed.legal >> origin & 1), "endless move %d listed: %s", origin,
                   describe(&b, &s, -1));
            laid++;
        }
    }
    /* 138,240 on 12 pits and the 20,307 of at most 40 stones on 10, each
     * both ways round. */
    expect(laid == 2 * (138240 + 20307), "%ld endless lap starts laid out", laid);
}
END_TEST

static Suite *endless_suite(void)
{
    Suite *s = suite_create("endless");
    TCase *sets = tcase_create("sets");
    tcase_set_timeout(sets, 600);
    tcase_add_unchecked_fixture(sets, find_all, free_all);
    tcase_add_test(sets, endless_sets_have_the_known_counts);
    tcase_add_test(sets, endless_sets_match_sowing_every_lap_start);
    suite_add_tcase(s, sets);
    TCase *list = tcase_create("list");
    tcase_set_timeout(list, 3600);
    tcase_add_unchecked_fixture(list, gather, ungather);
    tcase_add_test(list, listing_matches_sowing_every_move);
    tcase_add_test(list, board_filter_holds_every_endless_lap_start);
    suite_add_tcase(s, list);
    return s;
}

int main(void)
{
    return run_suite(endless_suite());
}

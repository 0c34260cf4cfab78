/*
 * The solved table of Modiar: the index, the solver against brute force
 * with the repetition rule on the smaller layers, the worked examples of
 * RULES.md, best moves and perfect play, the file format and the errors.
 *
 * The tests solve the layers of at most TABLE_STONES stones (the layers
 * below s do not depend on those above, so they are the same as in the
 * full table); the full table is checked by check-modiar-table.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "solve/solve.h"
#include "table_checks.h"

enum {
    TABLE_STONES = 20,  /* layers solved for the tests */
    BRUTE_ALL = 14,     /* every position up to here is brute-forced */
    BRUTE_SAMPLED = 20, /* and a sample up to here */
};

/* Check records every passing ck_assert (a write to its log), which
 * costs more than the brute force itself; hot loops use this instead. */
#define require(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

static char table_path[64];
static struct mt_stats table_stats;

static void solve_small_table(void)
{
    snprintf(table_path, sizeof table_path, "test-solve-%ld.table", (long)getpid());
    int status = mancala__solve(&(struct mt_solve_params){
        .path = table_path, .rules = "modiar", .max_stones = TABLE_STONES, .stats = &table_stats});
    ck_assert_int_eq(status, MANCALA_OK);
}

static void remove_small_table(void)
{
    remove(table_path);
}

static mancala_table *open_ok(void)
{
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, table_path), MANCALA_OK);
    ck_assert_ptr_nonnull(t);
    return t;
}

/* ---- the index ---- */

START_TEST(index_enumerates_every_position_once)
{
    struct mt_binomial b;
    mt_binomial_init(&b);
    /* In the order of the solver's loops, the index counts up from 0. */
    uint32_t expected = 0;
    uint8_t r[MT_PITS];
    for (int s = 0; s <= MT_MAX_STONES; s++) {
        ck_assert_uint_eq(mt_layer_start(&b, s), expected);
        for (r[0] = 0; r[0] <= s; r[0]++)
            for (r[1] = 0; r[1] <= s - r[0]; r[1]++)
                for (r[2] = 0; r[2] <= s - r[0] - r[1]; r[2]++)
                    for (r[3] = 0; r[3] <= s - r[0] - r[1] - r[2]; r[3]++)
                        for (r[4] = 0; r[4] <= s - r[0] - r[1] - r[2] - r[3]; r[4]++) {
                            r[5] = (uint8_t)(s - r[0] - r[1] - r[2] - r[3] - r[4]);
                            if (mt_index(&b, r) != expected)
                                ck_abort_msg("index of %d,%d,%d,%d,%d,%d is %u, expected %u", r[0],
                                             r[1], r[2], r[3], r[4], r[5], mt_index(&b, r), expected);
                            expected++;
                        }
    }
    /* The count of Modiar positions, halved by the symmetry. */
    ck_assert_uint_eq(expected, 24543024 / 2);
    ck_assert_uint_eq(mt_layer_start(&b, MT_MAX_STONES + 1), expected);
}
END_TEST

START_TEST(mover_first_turns_the_board)
{
    struct mc_state st;
    memset(&st, 0, sizeof st);
    const uint8_t pits[MT_PITS] = {1, 2, 3, 4, 5, 6};
    memcpy(st.pit, pits, sizeof pits);
    uint8_t r[MT_PITS];
    mt_mover_first(&st, r);
    ck_assert_mem_eq(r, pits, MT_PITS);
    st.to_move = MANCALA_NORTH;
    mt_mover_first(&st, r);
    const uint8_t north[MT_PITS] = {4, 5, 6, 1, 2, 3};
    ck_assert_mem_eq(r, north, MT_PITS);
}
END_TEST

/* ---- against brute force ---- */

/* The exact value of the game from here with the repetition rule: the
 * final stone difference for the player to move, by full search of the
 * game tree (alpha-beta, nothing cached, so the history counts). */
static int brute_force(mancala_game *g, int alpha, int beta)
{
    const int mover = mancala_to_move(g);
    if (mancala_is_over(g))
        return mancala_score(g, mover) - mancala_score(g, mover ^ 1);
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    int best = -100;
    for (int i = 0; i < count && alpha < beta; i++) {
        require(mancala_play(g, moves[i]) == MANCALA_OK, "play %d", moves[i]);
        const int v = -brute_force(g, -beta, -alpha);
        require(mancala_undo(g) == MANCALA_OK, "undo");
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
    }
    return best;
}

/* The position with pit counts r, `side` to move at `ply`, the stones off
 * the board split between the captures. */
static mancala_game *position(const int r[MT_PITS], int side, int ply)
{
    int s = 0;
    for (int i = 0; i < MT_PITS; i++)
        s += r[i];
    char text[96];
    const int off = MT_MAX_STONES - s;
    snprintf(text, sizeof text, "modiar/%d,%d,%d,%d,%d,%d/%c/%d,%d/%d", r[0], r[1], r[2], r[3], r[4],
             r[5], side ? 'N' : 'S', off / 3, off - off / 3, ply);
    mancala_game *g = NULL;
    require(mancala_parse(&g, text, NULL, 0) == MANCALA_OK, "parse %s", text);
    return g;
}

static int check_against_brute_force(const mancala_table *t, mancala_game *g)
{
    int lo, hi;
    require(mancala_table_value(t, g, &lo, &hi) == MANCALA_OK, "value of %s", fmt(g));
    const int exact = brute_force(g, -100, 100);
    require(lo <= exact && exact <= hi, "%s: table [%d, %d], brute force %d", fmt(g), lo, hi, exact);
    /* The small layers are solved exactly (the first non-exact positions
     * have 36 stones on the board). */
    require(lo == hi, "%s: table [%d, %d]", fmt(g), lo, hi);
    return exact;
}

START_TEST(every_small_position_matches_brute_force)
{
    mancala_table *t = open_ok();
    int r[MT_PITS], checked = 0, nonzero = 0;
    for (int s = 0; s <= BRUTE_ALL; s++)
        for (r[0] = 0; r[0] <= s; r[0]++)
            for (r[1] = 0; r[1] <= s - r[0]; r[1]++)
                for (r[2] = 0; r[2] <= s - r[0] - r[1]; r[2]++)
                    for (r[3] = 0; r[3] <= s - r[0] - r[1] - r[2]; r[3]++)
                        for (r[4] = 0; r[4] <= s - r[0] - r[1] - r[2] - r[3]; r[4]++) {
                            r[5] = s - r[0] - r[1] - r[2] - r[3] - r[4];
                            /* Both players to move; ply 0 brings the
                             * first-move rule (RULES.md, Modiar rule 4). */
                            for (int side = 0; side < 2; side++)
                                for (int ply = 0; ply < 2; ply++) {
                                    mancala_game *g = position(r, side, ply);
                                    nonzero += check_against_brute_force(t, g) != 0;
                                    checked++;
                                    mancala_free(g);
                                }
                        }
    ck_assert_int_eq(checked, 4 * 38760); /* 4 x C(14 + 6, 6) */
    ck_assert_int_gt(nonzero, checked / 2);
    mancala_table_close(t);
}
END_TEST

START_TEST(sampled_larger_positions_match_brute_force)
{
    mancala_table *t = open_ok();
    uint64_t rng = 2026;
    for (int n = 0; n < 2000; n++) {
        /* Stones BRUTE_ALL + 1 ... BRUTE_SAMPLED, thrown into random pits. */
        int r[MT_PITS] = {0};
        rng = rng * 6364136223846793005u + 1442695040888963407u;
        const int s = BRUTE_ALL + 1 + (int)(rng >> 33) % (BRUTE_SAMPLED - BRUTE_ALL);
        for (int k = 0; k < s; k++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            r[(rng >> 33) % MT_PITS]++;
        }
        mancala_game *g = position(r, (int)(rng >> 40) & 1, 1);
        check_against_brute_force(t, g);
        mancala_free(g);
    }
    mancala_table_close(t);
}
END_TEST

/* ---- the worked examples of RULES.md ---- */

static void assert_value(const mancala_table *t, const char *text, int lo, int hi)
{
    mancala_game *g = parse_ok(text);
    int got_lo = 1000, got_hi = 1000;
    ck_assert_int_eq(mancala_table_value(t, g, &got_lo, &got_hi), MANCALA_OK);
    ck_assert_msg(got_lo == lo && got_hi == hi, "%s: [%d, %d], expected [%d, %d]", text, got_lo,
                  got_hi, lo, hi);
    mancala_free(g);
}

START_TEST(worked_examples_near_the_end)
{
    mancala_table *t = open_ok();
    /* M5: North's only move 4 ends the game, South 20, North 22. */
    assert_value(t, "modiar/0,0,0,2,4,10/N/18,8/19", 2, 2);
    assert_value(t, "modiar/1,1,0,2,1,11/S/18,8/20", -2, -2);
    /* M6: North's only move 3 ends it, South 12, North 30. */
    assert_value(t, "modiar/0,0,0,2,1,1/N/12,26/27", 18, 18);
    /* M7: over at once, South 22, North 20. */
    assert_value(t, "modiar/1,1,0,0,0,1/S/20,19/30", 2, 2);
    /* M4: South's only move 1 captures 4; the rest is brute-forced. */
    mancala_game *g = parse_ok("modiar/0,3,1,1,2,5/S/10,20/9");
    const int exact = check_against_brute_force(t, g);
    play_ok(g, 1);
    int lo, hi;
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_OK);
    ck_assert_int_eq(lo, -exact);
    ck_assert_int_eq(hi, -exact);
    mancala_free(g);
    mancala_table_close(t);
}
END_TEST

START_TEST(first_move_rule_is_looked_ahead)
{
    mancala_table *t = open_ok();
    /* South's 2 captures 2 + 1 later in the game, but not on the first
     * move (RULES.md, Modiar rule 4), which changes the result. */
    mancala_game *first = parse_ok("modiar/0,0,2,1,0,1/S/19,19/0");
    mancala_game *later = parse_ok("modiar/0,0,2,1,0,1/S/19,19/1");
    const int at_first = check_against_brute_force(t, first);
    const int at_later = check_against_brute_force(t, later);
    ck_assert_int_ne(at_first, at_later);
    mancala_free(first);
    mancala_free(later);
    mancala_table_close(t);
}
END_TEST

/* ---- best moves and perfect play ---- */

/* The moves of the table's choice are legal, keep the value, and include
 * every move that captures while keeping it. */
static void check_best_moves(const mancala_table *t, mancala_game *g)
{
    int lo, hi, best[MANCALA_MAX_PITS], legal[MANCALA_MAX_PITS];
    require(mancala_table_value(t, g, &lo, &hi) == MANCALA_OK, "value of %s", fmt(g));
    const int count = mancala_table_best_moves(t, g, best, MANCALA_MAX_PITS);
    const int nlegal = mancala_legal_moves(g, legal, MANCALA_MAX_PITS);
    require(count >= (nlegal ? 1 : 0) && count <= nlegal, "%s: %d best moves", fmt(g), count);
    int best_child_lo = -1000, listed_count = 0;
    for (int i = 0; i < nlegal; i++) {
        require(mancala_play(g, legal[i]) == MANCALA_OK, "play");
        int clo, chi;
        require(mancala_table_value(t, g, &clo, &chi) == MANCALA_OK, "value of %s", fmt(g));
        require(mancala_undo(g) == MANCALA_OK, "undo");
        /* No move is worth more than the position. */
        require(lo >= -chi && hi >= -clo, "%s: move %d is worth [%d, %d], more than [%d, %d]",
                fmt(g), legal[i], -chi, -clo, lo, hi);
        if (-chi > best_child_lo)
            best_child_lo = -chi;
        int listed = 0;
        for (int k = 0; k < count; k++)
            listed |= best[k] == legal[i];
        listed_count += listed;
        require(!listed || -chi == lo, "%s: best move %d is worth %d, not %d", fmt(g), legal[i], -chi,
                lo);
    }
    /* Every best move is legal, and some move is worth lo. */
    require(listed_count == count, "%s: a best move is not legal", fmt(g));
    require(!nlegal || best_child_lo == lo, "%s: no move is worth %d", fmt(g), lo);
}

START_TEST(best_moves_are_legal_and_keep_the_value)
{
    mancala_table *t = open_ok();
    int r[MT_PITS];
    for (int s = 0; s <= 10; s++)
        for (r[0] = 0; r[0] <= s; r[0]++)
            for (r[1] = 0; r[1] <= s - r[0]; r[1]++)
                for (r[2] = 0; r[2] <= s - r[0] - r[1]; r[2]++)
                    for (r[3] = 0; r[3] <= s - r[0] - r[1] - r[2]; r[3]++)
                        for (r[4] = 0; r[4] <= s - r[0] - r[1] - r[2] - r[3]; r[4]++) {
                            r[5] = s - r[0] - r[1] - r[2] - r[3] - r[4];
                            for (int side = 0; side < 2; side++) {
                                mancala_game *g = position(r, side, 1 + side);
                                check_best_moves(t, g);
                                mancala_free(g);
                            }
                        }
    mancala_table_close(t);
}
END_TEST

START_TEST(best_moves_make_progress)
{
    mancala_table *t = open_ok();
    uint64_t checked = 0;
    ck_assert_uint_eq(check_progress(t, TABLE_STONES, &checked), 0);
    ck_assert_uint_gt(checked, 100000);
    mancala_table_close(t);
}
END_TEST

/* Plays the game out: `perfect` plays one of the table's best moves at
 * random, the other player a random legal move. Returns the final difference for
 * `perfect`. */
static int play_out(const mancala_table *t, mancala_game *g, int perfect, uint64_t *rng)
{
    while (!mancala_is_over(g)) {
        int moves[MANCALA_MAX_PITS];
        int count;
        if (mancala_to_move(g) == perfect) {
            count = mancala_table_best_moves(t, g, moves, MANCALA_MAX_PITS);
            require(count > 0, "%s: no best move", fmt(g));
        } else {
            count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        }
        *rng = *rng * 6364136223846793005u + 1442695040888963407u;
        const int pit = moves[(*rng >> 33) % (uint64_t)count];
        require(mancala_play(g, pit) == MANCALA_OK, "%s: play %d", fmt(g), pit);
    }
    return mancala_score(g, perfect) - mancala_score(g, perfect ^ 1);
}

START_TEST(perfect_play_never_scores_below_lo)
{
    mancala_table *t = open_ok();
    uint64_t rng = 42;
    int above = 0;
    for (int n = 0; n < 3000; n++) {
        int r[MT_PITS] = {0};
        for (int k = 0; k < TABLE_STONES; k++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            r[(rng >> 33) % MT_PITS]++;
        }
        mancala_game *g = position(r, n & 1, 1);
        int lo, hi;
        require(mancala_table_value(t, g, &lo, &hi) == MANCALA_OK, "value of %s", fmt(g));
        const int got = play_out(t, g, n & 1, &rng);
        /* Best moves bring the end nearer at every move: no repetition. */
        require(mancala_end_reason(g) == MANCALA_END_NO_MOVES, "from %d,%d,%d,%d,%d,%d: repetition",
                r[0], r[1], r[2], r[3], r[4], r[5]);
        require(got >= lo, "from %d,%d,%d,%d,%d,%d: perfect play got %d < %d", r[0], r[1], r[2],
                      r[3], r[4], r[5], got, lo);
        above += got > lo;
        mancala_free(g);
    }
    /* The random opponent errs now and then. */
    ck_assert_int_gt(above, 0);
    mancala_table_close(t);
}
END_TEST

/* ---- the file ---- */

static int open_variant(const uint8_t *data, size_t size)
{
    char path[80];
    snprintf(path, sizeof path, "%s.bad", table_path);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, size, f), size);
    fclose(f);
    mancala_table *t = (mancala_table *)&t;
    int status = mancala_table_open(&t, path);
    if (status == MANCALA_OK)
        mancala_table_close(t);
    else
        ck_assert_ptr_eq(t, (mancala_table *)&t); /* untouched on failure */
    remove(path);
    /* The same bytes from memory: the same answer. */
    mancala_table *m = (mancala_table *)&m;
    ck_assert_int_eq(mancala_table_open_memory(&m, data, size), status);
    if (status == MANCALA_OK)
        mancala_table_close(m);
    else
        ck_assert_ptr_eq(m, (mancala_table *)&m);
    return status;
}

START_TEST(damaged_files_are_rejected)
{
    size_t size;
    uint8_t *data = read_file(table_path, &size);
    ck_assert_uint_eq(size, MT_HEADER_SIZE + 230230 * MT_ENTRY_SIZE); /* C(26, 6) entries */
    ck_assert_int_eq(open_variant(data, size), MANCALA_OK);

    ck_assert_int_eq(open_variant(data, 0), MANCALA_E_FORMAT);
    ck_assert_int_eq(open_variant(data, MT_HEADER_SIZE - 1), MANCALA_E_FORMAT);
    ck_assert_int_eq(open_variant(data, size - 8), MANCALA_E_FORMAT);
    ck_assert_int_eq(open_variant(data, MT_HEADER_SIZE), MANCALA_E_FORMAT);

    /* One changed byte anywhere: magic, version, rules, counts, or an entry
     * (caught by the checksum). */
    const size_t offsets[] = {0, 7, MT_OFF_VERSION, MT_OFF_RULES, MT_OFF_INDEX, MT_OFF_MAX_STONES,
                              MT_OFF_ENTRY_SIZE, MT_OFF_ENTRIES, MT_OFF_RESERVED, MT_OFF_CHECKSUM,
                              MT_HEADER_SIZE, size / 2, size - 1};
    for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
        data[offsets[i]] ^= 0x10;
        const int expected = offsets[i] == MT_OFF_VERSION ? MANCALA_E_VERSION : MANCALA_E_FORMAT;
        ck_assert_msg(open_variant(data, size) == expected, "byte %zu", offsets[i]);
        data[offsets[i]] ^= 0x10;
    }
    free(data);

    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, "no/such/file.table"), MANCALA_E_IO);
    ck_assert_int_eq(mancala_table_open(&t, "."), MANCALA_E_IO);
    ck_assert_int_eq(mancala_table_open(NULL, table_path), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_open(&t, NULL), MANCALA_E_INVALID);
    ck_assert_ptr_null(t);
    mancala_table_close(NULL);
}
END_TEST

/* Values of a few positions, to compare two tables or one table before
 * and after something happened to its file. */
static void sample_values(const mancala_table *t, int out[][2], int count)
{
    uint64_t rng = 12345;
    for (int i = 0; i < count; i++) {
        int r[MT_PITS], left = TABLE_STONES;
        for (int p = 0; p < MT_PITS; p++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            r[p] = left ? (int)((rng >> 33) % (uint64_t)(left / 2 + 1)) : 0;
            left -= r[p];
        }
        mancala_game *g = position(r, i & 1, 5);
        ck_assert_int_eq(mancala_table_value(t, g, &out[i][0], &out[i][1]), MANCALA_OK);
        mancala_free(g);
    }
}

START_TEST(open_memory_is_the_file)
{
    size_t size;
    uint8_t *data = read_file(table_path, &size);
    mancala_table *from_file = open_ok(), *from_memory = NULL;
    ck_assert_int_eq(mancala_table_open_memory(&from_memory, data, size), MANCALA_OK);
    /* The table has its own copy: the caller's bytes may go. */
    memset(data, 0, size);
    free(data);
    int a[64][2], b[64][2];
    sample_values(from_file, a, 64);
    sample_values(from_memory, b, 64);
    ck_assert_mem_eq(a, b, sizeof a);
    mancala_table_close(from_file);
    mancala_table_close(from_memory);

    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open_memory(NULL, "", 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_open_memory(&t, NULL, 64), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_open_memory(&t, NULL, 0), MANCALA_E_FORMAT);
    /* A size no table has is refused before anything is copied. */
    ck_assert_int_eq(mancala_table_open_memory(&t, "", SIZE_MAX), MANCALA_E_FORMAT);
    ck_assert_ptr_null(t);
}
END_TEST

/* An open table keeps the answers it was checked with whatever happens to
 * its file: rewritten in place with other values (with a valid checksum,
 * as a new solve would write) or truncated, which crashed a mapped file
 * with SIGBUS. */
START_TEST(open_table_ignores_changes_to_its_file)
{
    char path[80];
    snprintf(path, sizeof path, "%s.changing", table_path);
    size_t size;
    uint8_t *data = read_file(table_path, &size);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, size, f), size);
    ck_assert_int_eq(fclose(f), 0);
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_OK);
    int before[64][2], after[64][2];
    sample_values(t, before, 64);

    /* Other entries in place, the same size. */
    for (size_t i = MT_HEADER_SIZE; i < size; i++)
        data[i] ^= 0x5a;
    f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, size, f), size);
    ck_assert_int_eq(fclose(f), 0);
    sample_values(t, after, 64);
    ck_assert_mem_eq(before, after, sizeof before);

    ck_assert_int_eq(truncate(path, 0), 0);
    sample_values(t, after, 64);
    ck_assert_mem_eq(before, after, sizeof before);
    mancala_table_close(t);
    remove(path);
    free(data);
}
END_TEST

/* Opening a FIFO for reading waits for a writer unless it is opened
 * non-blocking; anything but a regular file is refused at once. */
START_TEST(table_open_refuses_fifos_at_once)
{
    char path[80];
    snprintf(path, sizeof path, "%s.fifo", table_path);
    remove(path);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_E_IO);
    ck_assert_ptr_null(t);
    remove(path);
    ck_assert_int_eq(mancala_table_open(&t, "/dev/null"), MANCALA_E_IO);
    ck_assert_int_eq(mancala_table_open(&t, "/dev/zero"), MANCALA_E_IO);
    ck_assert_ptr_null(t);
}
END_TEST

/* Writes `data` to a file and opens it with a recomputed checksum: what a
 * crafted file would be. */
static int open_with_checksum(uint8_t *data, size_t size)
{
    mt_put(data + MT_OFF_CHECKSUM, mt_checksum(data, data + MT_HEADER_SIZE, size - MT_HEADER_SIZE), 8);
    return open_variant(data, size);
}

/* Format 1 summed 64-bit words with FNV-1a, so flipping bit 63 of any two
 * words cancelled out; XXH3 catches it. */
START_TEST(checksum_catches_paired_flips)
{
    size_t size;
    uint8_t *data = read_file(table_path, &size);
    const size_t pairs[][2] = {{MT_HEADER_SIZE, MT_HEADER_SIZE + 8},
                               {MT_HEADER_SIZE + 8 * 1000, size - 8},
                               {size / 2 - size / 2 % 8, size / 2 - size / 2 % 8 + 64}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        data[pairs[i][0] + 7] ^= 0x80; /* bit 63 of a little-endian word */
        data[pairs[i][1] + 7] ^= 0x80;
        ck_assert_msg(open_variant(data, size) == MANCALA_E_FORMAT, "pair %zu", i);
        data[pairs[i][0] + 7] ^= 0x80;
        data[pairs[i][1] + 7] ^= 0x80;
    }
    ck_assert_int_eq(open_variant(data, size), MANCALA_OK);
    free(data);
}
END_TEST

/* A crafted file with a valid checksum: values outside what the stones on
 * the board allow are refused when the table is opened. */
START_TEST(impossible_values_are_refused)
{
    size_t size;
    uint8_t *data = read_file(table_path, &size);
    ck_assert_int_eq(open_with_checksum(data, size), MANCALA_OK);
    struct mt_binomial binom;
    mt_binomial_init(&binom);
    /* An entry of the layer of 10 stones: lo, hi and distance. */
    uint8_t *e = data + MT_HEADER_SIZE + (size_t)mt_layer_start(&binom, 10) * MT_ENTRY_SIZE;
    const uint8_t saved[4] = {e[0], e[1], e[2], e[3]};
    const int8_t bad[][2] = {{-11, 0}, {0, 11}, {5, 4}, {70, 70}, {-128, -5}, {3, 2}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        e[0] = (uint8_t)bad[i][0];
        e[1] = (uint8_t)bad[i][1];
        ck_assert_msg(open_with_checksum(data, size) == MANCALA_E_FORMAT, "lo %d hi %d", bad[i][0],
                      bad[i][1]);
    }
    e[0] = (uint8_t)-10;
    e[1] = 10;
    ck_assert_int_eq(open_with_checksum(data, size), MANCALA_OK); /* the widest is possible */
    memcpy(e, saved, 4);
    /* The empty board is worth 0. */
    data[MT_HEADER_SIZE] = 1;
    ck_assert_int_eq(open_with_checksum(data, size), MANCALA_E_FORMAT);
    data[MT_HEADER_SIZE] = 0;
    ck_assert_int_eq(open_with_checksum(data, size), MANCALA_OK);
    /* Bytes after the rules name are zero. */
    data[MT_OFF_RULES + 15] = 'x';
    ck_assert_int_eq(open_with_checksum(data, size), MANCALA_E_FORMAT);
    free(data);

    /* The padding after the entries is zero: a Rio Kadalis table of one
     * stone has 13 entries, 52 bytes, padded to 56. */
    char path[80];
    snprintf(path, sizeof path, "%s.rio1", table_path);
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "rio-kadalis", .max_stones = 1}),
                     MANCALA_OK);
    data = read_file(path, &size);
    remove(path);
    ck_assert_uint_eq(size, MT_HEADER_SIZE + 56);
    ck_assert_int_eq(open_with_checksum(data, size), MANCALA_OK);
    data[size - 1] = 1;
    ck_assert_int_eq(open_with_checksum(data, size), MANCALA_E_FORMAT);
    free(data);
}
END_TEST

/* A table of format 1 (libmancala 1.0), or of a format newer than 3, is
 * named as such, not as damaged. */
START_TEST(old_format_is_named)
{
    size_t size;
    uint8_t *data = read_file(table_path, &size);
    mt_put(data + MT_OFF_VERSION, 1, 4);
    ck_assert_int_eq(open_variant(data, size), MANCALA_E_VERSION);
    mt_put(data + MT_OFF_VERSION, 4, 4);
    ck_assert_int_eq(open_variant(data, size), MANCALA_E_VERSION);
    ck_assert_int_eq(open_variant(data, MT_HEADER_SIZE), MANCALA_E_VERSION);
    ck_assert_str_eq(mancala_strerror(MANCALA_E_VERSION),
                     "a table file of another format version: solve the table again");
    free(data);
}
END_TEST

START_TEST(table_says_what_it_covers)
{
    mancala_table *t = open_ok();
    ck_assert_str_eq(mancala_table_rules(t), "modiar");
    ck_assert_int_eq(mancala_table_max_stones(t), TABLE_STONES);
    mancala_table_close(t);
    ck_assert_ptr_null(mancala_table_rules(NULL));
    ck_assert_int_eq(mancala_table_max_stones(NULL), MANCALA_E_INVALID);
}
END_TEST

START_TEST(header_records_what_was_solved)
{
    size_t size;
    uint8_t *data = read_file(table_path, &size);
    ck_assert_mem_eq(data, "\x89MCT\r\n\x1a\n", 8);
    ck_assert_uint_eq(mt_get(data + MT_OFF_VERSION, 4), 2);
    ck_assert_str_eq((const char *)data + MT_OFF_RULES, "modiar");
    ck_assert_uint_eq(mt_get(data + MT_OFF_MAX_STONES, 2), TABLE_STONES);
    ck_assert_uint_eq(mt_get(data + MT_OFF_ENTRIES, 4), 230230);
    ck_assert_uint_eq(table_stats.positions, 230230);
    ck_assert_uint_eq(table_stats.exact, 230230);
    free(data);
}
END_TEST

/* Counts the layers begun (calls[0]; the solver also calls from inside a
 * layer: calls[1] is the last layer seen) and stops at layer 5. */
static int cancel_at_layer(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    ck_assert_int_le(step, steps);
    ck_assert_uint_le(done, total);
    int *calls = opaque;
    calls[0] += step != calls[1];
    calls[1] = step;
    return step == 5;
}

START_TEST(solve_errors)
{
    char path[80];
    snprintf(path, sizeof path, "%s.cancelled", table_path);
    int calls[2] = {0, -1};
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 10,
                         .progress = cancel_at_layer, .opaque = calls}),
                     MANCALA_E_CANCELLED);
    ck_assert_int_eq(calls[0], 6);
    ck_assert_int_ne(access(path, F_OK), 0); /* nothing written */
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = "no/such/dir/t.table", .rules = "modiar", .max_stones = 4}),
                     MANCALA_E_IO);
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 43}),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_modiar(NULL, NULL, NULL), MANCALA_E_INVALID);
}
END_TEST

/* ---- writing the file ---- */

static int count_calls(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)step, (void)steps, (void)done, (void)total;
    ++*(int *)opaque;
    return 0;
}

/* Names in `dir` that start with `prefix`. */
static int files_named(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int count = 0;
    for (struct dirent *e; (e = readdir(d));)
        count += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return count;
}

static void make_dir(char *dir, size_t size)
{
    snprintf(dir, size, "test-solve-%ld.d", (long)getpid());
    ck_assert_int_eq(mkdir(dir, 0700), 0);
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    char path[512];
    for (struct dirent *e; (e = readdir(d));) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            ck_assert_msg(remove(path) == 0, "remove %s", path);
        }
    }
    closedir(d);
    ck_assert_int_eq(rmdir(dir), 0);
}

/* The solver replaces only regular files and removes only the temporary
 * file it made: a FIFO or a folder at the path is refused (as /dev/full
 * must be: the solver deleted it), before any work, and stays. */
START_TEST(solve_replaces_only_regular_files)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/fifo.table", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    int calls = 0;
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 4, .progress = count_calls,
                         .opaque = &calls}),
                     MANCALA_E_IO);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));

    snprintf(path, sizeof path, "%s/folder.table", dir);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 4, .progress = count_calls,
                         .opaque = &calls}),
                     MANCALA_E_IO);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert(S_ISDIR(st.st_mode));
    ck_assert_int_eq(rmdir(path), 0);

    /* A folder that does not exist fails before the solve, not after. */
    snprintf(path, sizeof path, "%s/no/such.table", dir);
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 4, .progress = count_calls,
                         .opaque = &calls}),
                     MANCALA_E_IO);
    ck_assert_int_eq(calls, 0);
    ck_assert_int_eq(files_named(dir, ""), 3); /* ., .. and the FIFO */
    remove_dir(dir);
}
END_TEST

/* A write that fails (here: the file size limit, as a full disk would)
 * leaves the table that was there, whole, and no temporary file. */
START_TEST(failed_write_keeps_the_old_table)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/keep.table", dir);
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 6}),
                     MANCALA_OK);
    size_t size;
    uint8_t *before = read_file(path, &size);

    signal(SIGXFSZ, SIG_IGN);
    struct rlimit old, small = {4096, 4096};
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    small.rlim_max = old.rlim_max;
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
    const int status = mancala__solve(&(struct mt_solve_params){
        .path = path, .rules = "modiar", .max_stones = 8});
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
    ck_assert_int_eq(status, MANCALA_E_IO);

    size_t after_size;
    uint8_t *after = read_file(path, &after_size);
    ck_assert_uint_eq(after_size, size);
    ck_assert_mem_eq(after, before, size);
    ck_assert_int_eq(files_named(dir, "keep.table."), 0);

    /* So does a cancelled solve. */
    int calls[2] = {0, -1};
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 8,
                         .progress = cancel_at_layer, .opaque = calls}),
                     MANCALA_E_CANCELLED);
    free(after);
    after = read_file(path, &after_size);
    ck_assert_mem_eq(after, before, size);
    ck_assert_int_eq(files_named(dir, "keep.table."), 0);
    free(before);
    free(after);
    remove_dir(dir);
}
END_TEST

/* A new solve replaces the file by renaming: a reader that had the old one
 * open still has it; a symbolic link keeps leading to the new table. */
START_TEST(solve_replaces_by_rename)
{
    char dir[64], path[128], link_path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/t.table", dir);
    snprintf(link_path, sizeof link_path, "%s/link.table", dir);
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = 6}),
                     MANCALA_OK);
    ck_assert_int_eq(chmod(path, 0640), 0);
    struct stat first, second, st;
    ck_assert_int_eq(stat(path, &first), 0);
    ck_assert_int_eq(symlink("t.table", link_path), 0);
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = link_path, .rules = "modiar", .max_stones = 7}),
                     MANCALA_OK);
    ck_assert_int_eq(lstat(link_path, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert_int_eq(stat(path, &second), 0);
    ck_assert(first.st_ino != second.st_ino); /* a new file, not the old one rewritten */
    ck_assert_uint_eq(second.st_mode & 07777, 0640); /* with the old one's permissions */
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_OK);
    ck_assert_int_eq(mancala_table_max_stones(t), 7);
    mancala_table_close(t);
    ck_assert_int_eq(files_named(dir, "t.table."), 0);

    /* A link that leads nowhere is refused, and stays. */
    snprintf(link_path, sizeof link_path, "%s/dangling.table", dir);
    ck_assert_int_eq(symlink("no/such/file", link_path), 0);
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = link_path, .rules = "modiar", .max_stones = 4}),
                     MANCALA_E_IO);
    ck_assert_int_eq(lstat(link_path, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    remove_dir(dir);
}
END_TEST

START_TEST(lookup_errors)
{
    mancala_table *t = open_ok();
    mancala_game *g = parse_ok("modiar/2,2,2,2,2,2/S/15,15/3");
    int lo = 99, hi = 99, moves[MANCALA_MAX_PITS];
    ck_assert_int_eq(mancala_table_value(NULL, g, &lo, &hi), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_value(t, NULL, &lo, &hi), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_value(t, g, NULL, &hi), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_value(t, g, &lo, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_best_moves(NULL, g, moves, 12), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_best_moves(t, NULL, moves, 12), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_best_moves(t, g, NULL, 12), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_table_best_moves(t, g, moves, 0), MANCALA_E_NOSPACE);
    ck_assert_int_eq(lo, 99);
    mancala_free(g);

    /* More stones than the table holds. */
    g = parse_ok("modiar/7,7,7,7,7,7/S/0,0/0");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_table_best_moves(t, g, moves, 12), MANCALA_E_RANGE);
    mancala_free(g);

    g = parse_ok("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_UNSUPPORTED);
    ck_assert_int_eq(mancala_table_best_moves(t, g, moves, 12), MANCALA_E_UNSUPPORTED);
    ck_assert_int_eq(lo, 99);
    mancala_free(g);

    /* A finished game: its final difference, and no move. */
    g = parse_ok("modiar/1,1,0,0,0,1/S/20,19/30");
    ck_assert_int_eq(mancala_table_best_moves(t, g, NULL, 0), 0);
    ck_assert_int_eq(mancala_table_best_moves(t, g, moves, 12), 0);
    mancala_free(g);
    mancala_table_close(t);
}
END_TEST

/* A game that ends by repetition is worth its final scores, whatever the
 * table says of its last position. */
START_TEST(finished_by_repetition_is_worth_its_score)
{
    mancala_table *t = open_ok();
    mancala_game *g = parse_ok("modiar/3,0,10,0,2,3/S/12,12/1");
    const int moves[] = {2, 5, 0, 4, 2, 3, 1};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        play_ok(g, moves[i]);
    ck_assert_int_eq(mancala_end_reason(g), MANCALA_END_REPETITION);
    int lo, hi;
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_OK);
    const int mover = mancala_to_move(g);
    ck_assert_int_eq(lo, mancala_score(g, mover) - mancala_score(g, mover ^ 1));
    ck_assert_int_eq(hi, lo);
    int best[MANCALA_MAX_PITS];
    ck_assert_int_eq(mancala_table_best_moves(t, g, best, MANCALA_MAX_PITS), 0);
    mancala_free(g);
    mancala_table_close(t);
}
END_TEST

/* ---- Rio Kadalis endgames ---- */

enum { RIO_STONES = 8 };

static char rio_path[64];

static void solve_rio_table(void)
{
    snprintf(rio_path, sizeof rio_path, "test-solve-rio-%ld.table", (long)getpid());
    ck_assert_int_eq(mancala_solve_rio_kadalis(rio_path, RIO_STONES, NULL, NULL), MANCALA_OK);
}

static void remove_rio_table(void)
{
    remove(rio_path);
}

/* A Rio Kadalis position of pit counts r (12), all pits open. */
static mancala_game *rio_position(const uint8_t *r, int side, const char *banks)
{
    char text[160];
    int len = snprintf(text, sizeof text, "rio-kadalis/"), s = 0;
    for (int i = 0; i < 12; i++) {
        len += snprintf(text + len, sizeof text - (size_t)len, i ? ",%d" : "%d", r[i]);
        s += r[i];
    }
    const int off = 48 - s - (banks[0] - '0') - (banks[2] - '0');
    snprintf(text + len, sizeof text - (size_t)len, "/%c/%d,%d/1/%s", side ? 'N' : 'S', off / 2,
             off - off / 2, banks);
    mancala_game *g = NULL;
    require(mancala_parse(&g, text, NULL, 0) == MANCALA_OK, "parse %s", text);
    return g;
}

START_TEST(rio_small_positions_match_brute_force)
{
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, rio_path), MANCALA_OK);
    int checked = 0;
    /* Brute force with the repetition rule explodes from 4 stones on. */
    for (int s = 0; s <= 3; s++) {
        uint8_t r[12] = {0};
        r[11] = (uint8_t)s;
        do
            for (int side = 0; side < 2; side++) {
                mancala_game *g = rio_position(r, side, "0,0");
                int lo, hi;
                require(mancala_table_value(t, g, &lo, &hi) == MANCALA_OK, "value of %s", fmt(g));
                const int exact = brute_force(g, -100, 100);
                require(lo <= exact && exact <= hi, "%s: table [%d, %d], brute force %d", fmt(g), lo,
                        hi, exact);
                require(lo == hi, "%s: table [%d, %d]", fmt(g), lo, hi);
                checked++;
                mancala_free(g);
            }
        while (mt_next_position(r, 12));
    }
    ck_assert_int_eq(checked, 2 * 455); /* 2 x C(3 + 12, 12) */
    mancala_table_close(t);
}
END_TEST

/* Perfect play against random play and against perfect play, from random
 * endgames: the mover's perfect play never ends below lo, the opponent's
 * keeps the mover at most at hi. (Unlike in Modiar, a player may be unable
 * to force an end, and then the game may end by repetition.) */
START_TEST(rio_perfect_play_keeps_the_bounds)
{
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, rio_path), MANCALA_OK);
    uint64_t rng = 99;
    int inexact = 0, captures = 0;
    for (int n = 0; n < 3000; n++) {
        uint8_t r[12] = {0};
        const int stones = 4 + n % (RIO_STONES - 3);
        for (int k = 0; k < stones; k++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            r[(rng >> 33) % 12]++;
        }
        const int side = n & 1, perfect = 1 + n % 3; /* bit per player */
        mancala_game *g = rio_position(r, side, n % 2 ? "3,1" : "0,0");
        int lo, hi;
        require(mancala_table_value(t, g, &lo, &hi) == MANCALA_OK, "value of %s", fmt(g));
        inexact += lo != hi;
        const int before = mancala_captured(g, 0) + mancala_captured(g, 1);
        while (!mancala_is_over(g)) {
            int moves[MANCALA_MAX_PITS];
            const int best = perfect >> mancala_to_move(g) & 1;
            const int count = best ? mancala_table_best_moves(t, g, moves, MANCALA_MAX_PITS)
                                   : mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
            require(count > 0, "%s: no move", fmt(g));
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            const int pit = moves[(rng >> 33) % (uint64_t)count];
            require(mancala_play(g, pit) == MANCALA_OK, "%s: play %d", fmt(g), pit);
        }
        captures += mancala_captured(g, 0) + mancala_captured(g, 1) > before;
        const int got = mancala_score(g, side) - mancala_score(g, side ^ 1);
        if (perfect >> side & 1) {
            require(got >= lo, "%s: perfect mover got %d < %d", fmt(g), got, lo);
        }
        if (perfect >> (side ^ 1) & 1)
            require(got <= hi, "%s: perfect opponent let the mover get %d > %d", fmt(g), got, hi);
        mancala_free(g);
    }
    /* The sample reaches captures and the positions that are not exact. */
    ck_assert_int_gt(inexact, 100);
    ck_assert_int_gt(captures, 100);
    mancala_table_close(t);
}
END_TEST

START_TEST(rio_table_errors)
{
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, rio_path), MANCALA_OK);
    int lo = 99, hi = 99, moves[MANCALA_MAX_PITS];
    /* Closed pits, too many stones, other rules. */
    mancala_game *g = parse_ok("rio-kadalis/x,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/3,1");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_RANGE);
    mancala_free(g);
    g = parse_ok("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_OK);
    mancala_free(g);
    lo = 99;
    g = parse_ok("rio-kadalis/0,0,0,0,0,3,3,0,0,0,0,3/S/20,19/30/0,0");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_table_best_moves(t, g, moves, 12), MANCALA_E_RANGE);
    mancala_free(g);
    g = parse_ok("rio-kadalis-cw/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_UNSUPPORTED);
    mancala_free(g);
    g = parse_ok("modiar/0,0,0,2,1,1/N/12,26/27");
    ck_assert_int_eq(mancala_table_value(t, g, &lo, &hi), MANCALA_E_UNSUPPORTED);
    mancala_free(g);
    ck_assert_int_eq(lo, 99);
    /* R4: binikh; the value counts captures and banks. */
    mancala_game *plain = parse_ok("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0");
    mancala_game *banked = parse_ok("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/17,20/30/3,0");
    int blo, bhi;
    ck_assert_int_eq(mancala_table_value(t, plain, &lo, &hi), MANCALA_OK);
    ck_assert_int_eq(mancala_table_value(t, banked, &blo, &bhi), MANCALA_OK);
    ck_assert_int_eq(lo, blo);
    ck_assert_int_eq(hi, bhi);
    mancala_free(plain);
    mancala_free(banked);
    mancala_table_close(t);

    ck_assert_int_eq(mancala_solve_rio_kadalis(rio_path, 17, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis(rio_path, -1, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_rio_kadalis(NULL, 4, NULL, NULL), MANCALA_E_INVALID);
}
END_TEST

static Suite *solve_suite(void)
{
    Suite *s = suite_create("solve");
    TCase *index = tcase_create("index");
    tcase_add_test(index, index_enumerates_every_position_once);
    tcase_add_test(index, mover_first_turns_the_board);
    suite_add_tcase(s, index);

    TCase *table = tcase_create("table");
    tcase_add_unchecked_fixture(table, solve_small_table, remove_small_table);
    tcase_add_test(table, every_small_position_matches_brute_force);
    tcase_add_test(table, sampled_larger_positions_match_brute_force);
    tcase_add_test(table, worked_examples_near_the_end);
    tcase_add_test(table, first_move_rule_is_looked_ahead);
    tcase_add_test(table, best_moves_are_legal_and_keep_the_value);
    tcase_add_test(table, best_moves_make_progress);
    tcase_add_test(table, perfect_play_never_scores_below_lo);
    tcase_add_test(table, damaged_files_are_rejected);
    tcase_add_test(table, header_records_what_was_solved);
    tcase_add_test(table, open_memory_is_the_file);
    tcase_add_test(table, checksum_catches_paired_flips);
    tcase_add_test(table, impossible_values_are_refused);
    tcase_add_test(table, old_format_is_named);
    tcase_add_test(table, table_says_what_it_covers);
    tcase_add_test(table, open_table_ignores_changes_to_its_file);
    tcase_add_test(table, table_open_refuses_fifos_at_once);
    tcase_add_test(table, solve_errors);
    tcase_add_test(table, solve_replaces_only_regular_files);
    tcase_add_test(table, failed_write_keeps_the_old_table);
    tcase_add_test(table, solve_replaces_by_rename);
    tcase_add_test(table, lookup_errors);
    tcase_add_test(table, finished_by_repetition_is_worth_its_score);
    suite_add_tcase(s, table);

    TCase *rio = tcase_create("rio-kadalis");
    tcase_add_unchecked_fixture(rio, solve_rio_table, remove_rio_table);
    tcase_add_test(rio, rio_small_positions_match_brute_force);
    tcase_add_test(rio, rio_perfect_play_keeps_the_bounds);
    tcase_add_test(rio, rio_table_errors);
    suite_add_tcase(s, rio);
    return s;
}

int main(void)
{
    return run_suite(solve_suite());
}

/*
 * check-modiar-table: checks the full solved table of Modiar. Too slow for
 * a unit test under valgrind and sanitizers, so CI runs it on its own:
 *
 *   check-modiar-table [FILE]
 *
 * Without FILE it solves Modiar into a temporary file first. Checks:
 * - every entry satisfies the equations of the solve: lo(p) is the best
 *   over p's moves of gain - hi(child), hi(p) the best of gain - lo(child),
 *   and a position without moves is worth its row difference;
 * - perfect play (a random one of the table's best moves) against random
 *   play, from the start and from random positions of every layer, never
 *   ends below the player's lo, and perfect play on both sides ends within
 *   [lo, hi] with the repetition rule on.
 * Prints the value of the start position. Exit status 0 if all is well.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "solve/solve.h"
#include "table_checks.h"

static int failures;

#define expect(cond, ...)                                                                          \
    do {                                                                                           \
        if (!(cond) && failures++ < 20) {                                                          \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

static uint8_t *load(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = malloc(*size);
    if (data && fread(data, 1, *size, f) != *size) {
        free(data);
        data = NULL;
    }
    fclose(f);
    return data;
}

/* What check_equation() needs besides the position. */
struct equations {
    const uint8_t *entries;
    struct mt_binomial binomial;
    struct mc_board board;
};

/* The equation of the solve for one position (stones r, s in all). */
static void check_equation(const uint8_t *r, int s, void *opaque)
{
    const struct equations *q = opaque;
    struct mc_state st;
    memset(&st, 0, sizeof st);
    memcpy(st.pit, r, MT_PITS);
    st.ply = 1;
    struct mc_moves moves;
    mancala__modiar_rules.generate(&q->board, &st, &moves, NULL);
    const struct mt_entry e = mt_entry_read(q->entries, mt_index(&q->binomial, r));
    int lo = -100, hi = -100;
    for (int m = 0; m < moves.count; m++) {
        uint8_t cr[MT_PITS];
        mt_mover_first(&moves.child[m], cr);
        const struct mt_entry c = mt_entry_read(q->entries, mt_index(&q->binomial, cr));
        const int gain = moves.child[m].captured[0];
        lo = gain - c.hi > lo ? gain - c.hi : lo;
        hi = gain - c.lo > hi ? gain - c.lo : hi;
    }
    if (!moves.count)
        lo = hi = 2 * (r[0] + r[1] + r[2]) - s;
    expect(e.lo == lo && e.hi == hi && -s <= lo && lo <= hi && hi <= s,
           "%d,%d,%d,%d,%d,%d: table [%d, %d], moves give [%d, %d]", r[0], r[1], r[2], r[3],
           r[4], r[5], e.lo, e.hi, lo, hi);
}

/* The equations of the solve, for every position. */
static void check_equations(const uint8_t *entries)
{
    struct equations q = {.entries = entries};
    mt_binomial_init(&q.binomial);
    mancala__board_init(&q.board, mancala__variant_find("modiar", 6), 0);
    for_each_position(MT_MAX_STONES, check_equation, &q);
}

static uint64_t next_random(uint64_t *rng)
{
    *rng = *rng * 6364136223846793005u + 1442695040888963407u;
    return *rng >> 33;
}

/* Plays to the end: each player in `perfect` (bit per player) plays one of
 * the table's best moves, the others a random legal move. A perfect player
 * picks the last of its best moves (in the second half of the random
 * numbers' range: to stress the order of the list) or a random one.
 * Returns South's final difference. */
static int play_out(const mancala_table *t, mancala_game *g, int perfect, uint64_t *rng)
{
    const int last = next_random(rng) & 1;
    while (!mancala_is_over(g)) {
        int moves[MANCALA_MAX_PITS];
        const int best = perfect >> mancala_to_move(g) & 1;
        const int count = best ? mancala_table_best_moves(t, g, moves, MANCALA_MAX_PITS)
                               : mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        if (count <= 0) {
            expect(0, "no move to play: %d", count);
            return 0;
        }
        const uint64_t pick = best && last ? (uint64_t)count - 1 : next_random(rng) % (uint64_t)count;
        if (mancala_play(g, moves[pick]) != MANCALA_OK) {
            expect(0, "no move to play: %d", count);
            return 0;
        }
    }
    return mancala_score(g, MANCALA_SOUTH) - mancala_score(g, MANCALA_NORTH);
}

static void check_games(const mancala_table *t, const char *position, int games, uint64_t *rng)
{
    for (int n = 0; n < games; n++) {
        for (int perfect = 1; perfect <= 3; perfect++) {
            mancala_game *g;
            if (mancala_parse(&g, position, NULL, 0) != MANCALA_OK) {
                expect(0, "cannot parse %s", position);
                return;
            }
            int lo, hi;
            const int status = mancala_table_value(t, g, &lo, &hi);
            const int sign = mancala_to_move(g) == MANCALA_SOUTH ? 1 : -1;
            const int first_move_rule = mancala_ply(g) == 0;
            const int south = play_out(t, g, perfect, rng);
            const int mover = sign * south;
            expect(status == MANCALA_OK, "%s: %s", position, mancala_strerror(status));
            /* A perfect mover never repeats a position: the distance of the
             * positions it moves to falls at every move (solve.c). Only
             * the start, before the first-move rule is used up, is not
             * part of that measure. */
            if (perfect & (sign > 0 ? 1 : 2) && !first_move_rule)
                expect(mancala_end_reason(g) == MANCALA_END_NO_MOVES,
                       "%s: a game with a perfect mover ended by repetition", position);
            /* Perfect play for the mover keeps lo; for the other player,
             * keeps the mover at most at hi. */
            if (perfect & (sign > 0 ? 1 : 2))
                expect(mover >= lo, "%s: perfect mover got %d < lo %d", position, mover, lo);
            if (perfect & (sign > 0 ? 2 : 1))
                expect(mover <= hi, "%s: perfect opponent let the mover get %d > hi %d", position,
                       mover, hi);
            mancala_free(g);
        }
    }
}

static int random_position(char *text, size_t size, int stones, uint64_t *rng)
{
    int r[MT_PITS] = {0};
    for (int k = 0; k < stones; k++)
        r[next_random(rng) % MT_PITS]++;
    const int off = MT_MAX_STONES - stones;
    return snprintf(text, size, "modiar/%d,%d,%d,%d,%d,%d/%c/%d,%d/%d", r[0], r[1], r[2], r[3], r[4],
                    r[5], next_random(rng) & 1 ? 'N' : 'S', off / 2, off - off / 2, 1);
}

int main(int argc, char **argv)
{
    char path[64];
    if (argc > 1) {
        snprintf(path, sizeof path, "%s", argv[1]);
    } else {
        snprintf(path, sizeof path, "check-modiar-%ld.table", (long)getpid());
        const int status = mancala_solve_modiar(path, NULL, NULL);
        if (status) {
            fprintf(stderr, "solve: %s\n", mancala_strerror(status));
            return 1;
        }
    }
    mancala_table *t;
    int status = mancala_table_open(&t, path);
    size_t size;
    uint8_t *data = status ? NULL : load(path, &size);
    if (argc <= 1)
        remove(path);
    if (!data) {
        fprintf(stderr, "%s: %s\n", path, status ? mancala_strerror(status) : "cannot read");
        return 1;
    }
    expect(mt_get(data + MT_OFF_MAX_STONES, 2) == MT_MAX_STONES, "not a full table");
    check_equations(data + MT_HEADER_SIZE);
    printf("equations: %s\n", failures ? "FAILED" : "every position");
    uint64_t steps = 0;
    const uint64_t violations = check_progress(t, MT_MAX_STONES, &steps);
    expect(violations == 0, "best moves: %llu steps without progress", (unsigned long long)violations);
    printf("progress: %llu steps (best move, reply) checked, %llu without progress\n",
           (unsigned long long)steps, (unsigned long long)violations);

    uint64_t rng = 7;
    const char *start = "modiar/7,7,7,7,7,7/S/0,0/0";
    check_games(t, start, 300, &rng);
    char text[96];
    for (int n = 0; n < 3000; n++) {
        random_position(text, sizeof text, 30 + n % 13, &rng);
        check_games(t, text, 1, &rng);
    }
    printf("perfect play: %s\n", failures ? "FAILED" : "never below lo, never above hi");

    mancala_game *g;
    int lo, hi, moves[MANCALA_MAX_PITS];
    mancala_new(&g, "modiar");
    mancala_table_value(t, g, &lo, &hi);
    const int count = mancala_table_best_moves(t, g, moves, MANCALA_MAX_PITS);
    printf("start: South forces [%d, %d]; best first moves:", lo, hi);
    for (int i = 0; i < count; i++)
        printf(" %d", moves[i]);
    putchar('\n');
    mancala_free(g);
    mancala_table_close(t);
    free(data);
    return failures ? 1 : 0;
}

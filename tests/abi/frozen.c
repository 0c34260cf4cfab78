/*
 * The numbers of the 1.x ABI that the compiler, not the linker, carries
 * into programs: enum values, macros that size arrays, and the layout of
 * struct mancala_event. A program compiled against 1.0 has them baked
 * in, so they can never change; abidiff does not see enum values that no
 * function signature uses, so they are pinned here.
 *
 * A new enum value or macro gets a new line (the `symbols` test insists
 * that every enumerator is listed). An existing line never changes.
 *
 * SPDX-License-Identifier: MIT
 */
#include <mancala.h>

#include <stddef.h>
#include <stdio.h>

#define FROZEN(name, value) { #name, (long long)(name), value }

static const struct {
    const char *name;
    long long actual, frozen;
} frozen[] = {
    FROZEN(MANCALA_SOUTH, 0),
    FROZEN(MANCALA_NORTH, 1),
    FROZEN(MANCALA_OK, 0),
    FROZEN(MANCALA_E_INVALID, -1),
    FROZEN(MANCALA_E_NOMEM, -2),
    FROZEN(MANCALA_E_RULES, -3),
    FROZEN(MANCALA_E_PARSE, -4),
    FROZEN(MANCALA_E_RANGE, -5),
    FROZEN(MANCALA_E_NOSPACE, -6),
    FROZEN(MANCALA_E_OVER, -7),
    FROZEN(MANCALA_E_NOT_OVER, -8),
    FROZEN(MANCALA_E_NO_HISTORY, -9),
    FROZEN(MANCALA_E_STATE, -10),
    FROZEN(MANCALA_E_UNSUPPORTED, -11),
    FROZEN(MANCALA_E_MATCH_OVER, -12),
    FROZEN(MANCALA_E_NOT_YOURS, -13),
    FROZEN(MANCALA_E_CLOSED, -14),
    FROZEN(MANCALA_E_EMPTY, -15),
    FROZEN(MANCALA_E_SINGLETON, -16),
    FROZEN(MANCALA_E_GRAND_SLAM, -17),
    FROZEN(MANCALA_E_MUST_FEED, -18),
    FROZEN(MANCALA_E_ENDLESS, -19),
    FROZEN(MANCALA_E_OPTION, -20),
    FROZEN(MANCALA_E_IO, -21),
    FROZEN(MANCALA_E_FORMAT, -22),
    FROZEN(MANCALA_E_CANCELLED, -23),
    FROZEN(MANCALA_E_BUSY, -24),
    FROZEN(MANCALA_E_VERSION, -26),
    FROZEN(MANCALA_END_NONE, 0),
    FROZEN(MANCALA_END_NO_MOVES, 1),
    FROZEN(MANCALA_END_REPETITION, 2),
    FROZEN(MANCALA_OPT_REPETITION, 1),
    FROZEN(MANCALA_EV_LAP, 1),
    FROZEN(MANCALA_EV_SOW, 2),
    FROZEN(MANCALA_EV_CAPTURE, 3),
    FROZEN(MANCALA_EV_BINIKH, 4),
    FROZEN(MANCALA_EV_FORFEIT, 5),
    FROZEN(MANCALA_LIMIT_DEPTH, 1),
    FROZEN(MANCALA_LIMIT_NODES, 2),
    FROZEN(MANCALA_LIMIT_TIME_MS, 3),
    FROZEN(MANCALA_DRAW, 2),
    FROZEN(MANCALA_MAX_PITS, 12),
    FROZEN(sizeof(mancala_event), 16),
    FROZEN(offsetof(mancala_event, kind), 0),
    FROZEN(offsetof(mancala_event, pit), 4),
    FROZEN(offsetof(mancala_event, stones), 8),
    FROZEN(offsetof(mancala_event, player), 12),
    FROZEN(MANCALA_VERSION_MAJOR, 1),
    /* 1.1 */
    FROZEN(MANCALA_SVG_DEFAULT, 0),
    FROZEN(MANCALA_SVG_INLINE, 1),
    FROZEN(MANCALA_E_LIMIT, -25),
    FROZEN(MANCALA_MATCH_END_NONE, 0),
    FROZEN(MANCALA_MATCH_END_GAME, 1),
    FROZEN(MANCALA_MATCH_END_STONES, 2),
    FROZEN(MANCALA_MATCH_END_REPETITION, 3),
    FROZEN(MANCALA_MATCH_END_ROUNDS, 4),
    FROZEN(MANCALA_OPT_MATCH_REPETITION, 2),
    FROZEN(MANCALA_OPT_MAX_ROUNDS, 3),
    FROZEN(MANCALA_POSITION_MAX, 128),
    FROZEN(MANCALA_REASON_MAX, 256),
    /* 1.3 */
    FROZEN(MANCALA_LEVEL_MAX, 20),
    FROZEN(MANCALA_LEVEL_MIN, 1),
    FROZEN(MANCALA_LIMIT_PLAYOUTS, 4),
    FROZEN(MANCALA_MCTS_EXPLORATION, 1),
    FROZEN(MANCALA_MCTS_REUSE, 2),
    FROZEN(MANCALA_BATCH_MCTS_C_PUCT, 1),
    FROZEN(MANCALA_BATCH_MCTS_DIRICHLET_ALPHA, 2),
    FROZEN(MANCALA_BATCH_MCTS_DIRICHLET_FRACTION, 3),
    FROZEN(MANCALA_BATCH_MCTS_TERMINAL_STONES, 4),
    FROZEN(MANCALA_STOPPED, 1),
    FROZEN(MANCALA_MATCH_REPETITION_OFF, 0),
    FROZEN(MANCALA_MATCH_REPETITION_MORE_STONES, 1),
    FROZEN(MANCALA_MATCH_REPETITION_DRAW, 2),
    FROZEN(MANCALA_TAG_KEY_MAX, 32),
    FROZEN(MANCALA_TAG_VALUE_MAX, 255),
    FROZEN(MANCALA_TAGS_MAX, 32),
    FROZEN(MANCALA_RETURNS_STONES, 1),
    FROZEN(MANCALA_RETURNS_MATCH, 2),
    FROZEN(MANCALA_BATCH_OPT_AUTORESET, 101),
    FROZEN(MANCALA_BATCH_OPT_MATCH, 102),
    FROZEN(MANCALA_BATCH_OPT_REWARD, 103),
    FROZEN(MANCALA_BATCH_OPT_THREADS, 104),
    FROZEN(MANCALA_BATCH_OPT_MAX_PLIES, 105),
    FROZEN(MANCALA_AUTORESET_NEXT_STEP, 0),
    FROZEN(MANCALA_AUTORESET_SAME_STEP, 1),
    FROZEN(MANCALA_AUTORESET_DISABLED, 2),
    FROZEN(MANCALA_RULES_HOLES, 1),
    FROZEN(MANCALA_RULES_STONES, 2),
    FROZEN(MANCALA_RULES_CLOCKWISE, 3),
    FROZEN(MANCALA_RULES_ROUNDS, 4),
    FROZEN(MANCALA_RULES_FIRST_MOVE_FORFEITS, 5),
    FROZEN(MANCALA_RULES_TABLE_STONES, 6),
    FROZEN(MANCALA_RULES_DEFAULT_TABLE_STONES, 7),
    FROZEN(MANCALA_BATCH_OPT_RESTART, 106),
    FROZEN(MANCALA_BATCH_OPT_ENDED_MASK, 107),
    FROZEN(MANCALA_BATCH_RESTART_OWN, 0),
    FROZEN(MANCALA_BATCH_RESTART_RULES, 1),
    FROZEN(MANCALA_ENDED_MASK_ZEROS, 0),
    FROZEN(MANCALA_ENDED_MASK_ONES, 1),
};

int main(void)
{
    int changed = 0;
    for (size_t i = 0; i < sizeof frozen / sizeof frozen[0]; i++) {
        if (frozen[i].actual != frozen[i].frozen) {
            printf("FAIL: %s is %lld; the 1.x ABI fixed it at %lld\n", frozen[i].name,
                   frozen[i].actual, frozen[i].frozen);
            changed++;
        }
    }
    if (!changed)
        printf("%zu ABI constants unchanged\n", sizeof frozen / sizeof frozen[0]);
    return changed ? 1 : 0;
}

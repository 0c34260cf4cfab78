/*
 * Checks of a solved Modiar table shared by test_solve.c (on the small
 * layers) and check-modiar-table (on the full table).
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_TABLE_CHECKS_H
#define MANCALA_TABLE_CHECKS_H

#include <stdio.h>
#include <stdlib.h>

#include "solve/solve.h"

/* Calls visit(r, s, opaque) for every mover-first position of at most
 * max_stones stones, in index order. */
static inline void for_each_position(int max_stones, void (*visit)(const uint8_t *r, int s, void *),
                                     void *opaque)
{
    uint8_t r[MT_PITS];
    for (int s = 0; s <= max_stones; s++)
        for (r[0] = 0; r[0] <= s; r[0]++)
            for (r[1] = 0; r[1] <= s - r[0]; r[1]++)
                for (r[2] = 0; r[2] <= s - r[0] - r[1]; r[2]++)
                    for (r[3] = 0; r[3] <= s - r[0] - r[1] - r[2]; r[3]++)
                        for (r[4] = 0; r[4] <= s - r[0] - r[1] - r[2] - r[3]; r[4]++) {
                            r[5] = (uint8_t)(s - r[0] - r[1] - r[2] - r[3] - r[4]);
                            visit(r, s, opaque);
                        }
}

struct progress_check {
    const mancala_table *table;
    struct mc_board board;
    struct mt_binomial binom;
    unsigned *potential;   /* per position */
    uint64_t violations;
    uint64_t checked;      /* (position, best move, reply) triples */
};

static inline struct mc_state position_state(const uint8_t *r)
{
    struct mc_state st;
    memset(&st, 0, sizeof st);
    memcpy(st.pit, r, MT_PITS);
    st.ply = 1;
    return st;
}

static inline void record_potential(const uint8_t *r, int s, void *opaque)
{
    (void)s;
    struct progress_check *pc = opaque;
    const struct mc_state st = position_state(r);
    int moves[MANCALA_MAX_PITS];
    mancala__table_best(pc->table, &st, moves, &pc->potential[mt_index(&pc->binom, r)]);
}

/* After each capture-free best move of r and each capture-free reply, the
 * potential is lower than r's. */
static inline void check_potential_falls(const uint8_t *r, int s, void *opaque)
{
    (void)s;
    struct progress_check *pc = opaque;
    const struct mc_state st = position_state(r);
    const unsigned here = pc->potential[mt_index(&pc->binom, r)];
    int best[MANCALA_MAX_PITS];
    const int nbest = mancala__table_best(pc->table, &st, best, NULL);
    struct mc_moves moves, replies;
    mancala__modiar_rules.generate(&pc->board, &st, &moves, NULL);
    for (int m = 0; m < moves.count; m++) {
        int listed = 0;
        for (int k = 0; k < nbest; k++)
            listed |= best[k] == moves.pit[m];
        if (!listed || moves.child[m].captured[0])
            continue;
        mancala__modiar_rules.generate(&pc->board, &moves.child[m], &replies, NULL);
        for (int k = 0; k < replies.count; k++) {
            if (replies.child[k].captured[1])
                continue;
            uint8_t q[MT_PITS];
            mt_mover_first(&replies.child[k], q);
            pc->checked++;
            if (pc->potential[mt_index(&pc->binom, q)] >= here && pc->violations++ < 10)
                fprintf(stderr, "%d,%d,%d,%d,%d,%d (potential %u): best move %d, reply %d: %u\n",
                        r[0], r[1], r[2], r[3], r[4], r[5], here, moves.pit[m], replies.pit[k],
                        pc->potential[mt_index(&pc->binom, q)]);
        }
    }
}

/* Checks that best moves make progress on every position of at most
 * max_stones stones. Returns the number of violations (or UINT64_MAX if
 * out of memory); `checked` receives the number of steps checked. */
static inline uint64_t check_progress(const mancala_table *table, int max_stones, uint64_t *checked)
{
    struct progress_check pc;
    memset(&pc, 0, sizeof pc);
    pc.table = table;
    mancala__board_init(&pc.board, mancala__variant_find("modiar", 6), 0);
    mt_binomial_init(&pc.binom);
    pc.potential = malloc(mt_layer_start(&pc.binom, max_stones + 1) * sizeof *pc.potential);
    if (!pc.potential)
        return UINT64_MAX;
    for_each_position(max_stones, record_potential, &pc);
    for_each_position(max_stones, check_potential_falls, &pc);
    free(pc.potential);
    *checked = pc.checked;
    return pc.violations;
}

#endif /* MANCALA_TABLE_CHECKS_H */

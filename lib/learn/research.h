/*
 * Internal interface of the learning functions (research.c) that the
 * batch (batch.c) writes its arrays with.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_RESEARCH_H
#define MANCALA_RESEARCH_H

#include "game/game.h"

/* The observation's length for n pits a row (the table in mancala.h). */
#define MC_OBSERVATION_SIZE(n) (4 * (n) + 7)
#define MC_OBSERVATION_MAX MC_OBSERVATION_SIZE(MANCALA_MAX_PITS / 2)

/* The mask of the view's legal actions into mask[0 .. n-1]; returns
 * their count. */
int mancala__legal_mask(const struct mc_view *v, uint8_t *mask);
/* The observation of the view, with `quiet` plies since the last capture
 * (mancala__quiet_plies()), into buf[0 .. MC_OBSERVATION_SIZE(n)-1]; a
 * count of stones k is written as (float)k / divisor: divisor S (the
 * game's stones, mc_total_stones()) for the scaled observation, 1 for
 * the counts themselves. And, unless `mask` is NULL, the legal mask as
 * mancala__legal_mask() writes it (a batch writes both at once). */
void mancala__observation(const struct mc_view *v, int quiet, float divisor, float *buf,
                          uint8_t *mask);
/* The function that writes mancala__observation() for the views of a
 * rules set, chosen once (a batch asks it once, not at each step). */
typedef void mc_observer(const struct mc_view *v, int quiet, float divisor, float *buf,
                         uint8_t *mask);
mc_observer *mancala__observer(const struct mc_variant *variant);
/* mancala_returns() on valid arguments. */
int mancala__returns(const mancala_game *game, unsigned flags, float returns[2]);

#endif /* MANCALA_RESEARCH_H */

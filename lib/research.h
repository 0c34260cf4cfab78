/*
 * Internal interface of the learning functions (research.c) that the
 * batch (batch.c) writes its arrays with.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_RESEARCH_H
#define MANCALA_RESEARCH_H

#include "private.h"

/* The observation's length for n pits a row (the table in mancala.h). */
#define MC_OBSERVATION_SIZE(n) (4 * (n) + 7)
#define MC_OBSERVATION_MAX MC_OBSERVATION_SIZE(MANCALA_MAX_PITS / 2)

/* The mask of the view's legal actions into mask[0 .. n-1]; returns
 * their count. */
int mancala__legal_mask(const struct mc_view *v, uint8_t *mask);
/* The most stones of any game (Rio Kadalis), so the most of any count. */
#define MC_STONES_MAX 48
/* scale[k] = k / S for k = 0 ... MC_STONES_MAX, S the game's stones. */
void mancala__stone_scale(const struct mc_variant *v, float *scale);
/* The observation of the view, with `quiet` plies since the last capture
 * (mancala__quiet_plies()), into buf[0 .. MC_OBSERVATION_SIZE(n)-1]; a
 * count of stones k is written as stones[k] (scaled by
 * mancala__stone_scale(), or not). */
void mancala__observation(const struct mc_view *v, int quiet, const float *stones, float *buf);
/* mancala_returns() on valid arguments. */
int mancala__returns(const mancala_game *game, unsigned flags, float returns[2]);

#endif /* MANCALA_RESEARCH_H */

/*
 * What the handle (game.c) offers the layers above it: the match record
 * and the narration (text/), the learning interface (learn/); a handle's
 * tags and allocator.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_GAME_GAME_H
#define MANCALA_GAME_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "core/base.h"
#include "rules/notation.h"
#include "rules/rules.h"

/* Read by the match record (record.c): the position the handle was
 * created at, the moves of the finished rounds (each round followed by
 * MC_LOG_ROUND_END), and the move played from position i of the current
 * round's history (i < mancala_history_length()). */
#define MC_LOG_ROUND_END 0xff
void mancala__start_position(const mancala_game *game, struct mc_position *pos);
const uint8_t *mancala__round_log(const mancala_game *game, uint32_t *len);
int mancala__history_move(const mancala_game *game, uint32_t i);

/* The events of the last move from number `skip` on, as
 * mancala_last_move_events() gives them from 0 (game.c): for the
 * narration (describe.c), which reads a move of any length in pages. */
int mancala__last_move_events(const mancala_game *game, mancala_event *events, size_t cap,
                              size_t skip);

/* For the learning interface (research.c, batch.c), from game.c: a view
 * of a handle's position; the plies since the last capture of the round
 * (or since the handle was created), the positions the repetition rule
 * remembers; restarting a handle at the position it was created at
 * (options, allocator and memory kept, nothing allocated); and reserving
 * room for `log_bytes` bytes of the match log, so that
 * mancala_next_round() does not allocate while they suffice. */
struct mc_view {
    const struct mc_board *board;
    const struct mc_state *state;
    const uint8_t *bank;
    uint16_t legal;        /* bit p: pit p is a legal move (0 once over) */
    uint8_t end;           /* enum mancala_end */
    int round;
    uint32_t history_room; /* moves mancala_play() makes without allocating */
    uint32_t log_room;     /* bytes the match log takes without allocating */
};
void mancala__view(const mancala_game *game, struct mc_view *view);
/* Makes a new handle (no move played yet) a batch's game: windowed (its
 * positions that may recur kept as handle.h says), played by
 * mc_play_begin() and mc_play_end() (handle.h) and never undone. Its copies
 * (mancala_clone()) are ordinary handles. */
void mancala__window(mancala_game *game);
/* The allocator of handles created without one (realloc() and free()). */
void *mancala__default_alloc(void *opaque, void *ptr, size_t size);
int mancala__quiet_plies(const mancala_game *game);
void mancala__restart(mancala_game *game);
/* The same from a new start, which later restarts go back to: a parsed
 * position, or the position `src` (of the same rules) is at, as
 * mancala_parse() of its mancala_format() would be (its history, round
 * and match not carried); options, allocator and memory kept. */
void mancala__restart_at(mancala_game *game, const struct mc_position *pos);
void mancala__restart_like(mancala_game *game, const mancala_game *src);
/* A handle made in a block the caller provides, of mancala__handle_bytes()
 * (aligned for any type), at `pos`; its other blocks (a longer history,
 * the match log, tags) come from `alloc` (not NULL) as ever. A batch puts
 * its games side by side this way. mancala__free_in() frees all but the
 * block, which stays the caller's. */
size_t mancala__handle_bytes(void);
mancala_game *mancala__new_in(void *block, const struct mc_position *pos, mancala_alloc_fn alloc,
                              void *opaque);
void mancala__free_in(mancala_game *game);
int mancala__reserve(mancala_game *game, uint32_t log_bytes);

/* The tags of a handle (tags.c): `count` tags as "key\0value\0" pairs in
 * `block` (`len` bytes, NULL when there are none), allocated with the
 * handle's allocator; game.c frees and clones the block. The accessor
 * takes a const handle for the readers; only mancala_tag_set() writes. */
struct mc_tags {
    char *block;
    uint32_t len;
    int count;
};
struct mc_tags *mancala__tags(const mancala_game *game);
/* The handle's allocator: a new block (ptr NULL), or freeing (size 0). */
void *mancala__game_alloc(const mancala_game *game, void *ptr, size_t size);

#endif /* MANCALA_GAME_GAME_H */

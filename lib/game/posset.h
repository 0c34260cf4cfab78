/*
 * The repetition rule's set of positions, one piece of code for its two
 * users: a handle's set of the positions of its round's history
 * (handle.h, game.c) and a playout's set of the positions since its last
 * capture (mancala_playout(), game.c).
 *
 * A set is a hash table of `slots` slots (a power of two, at least twice
 * the positions, so that every probe meets an empty slot): open
 * addressing, linear probing from the slot home_slot() gives a
 * position's hash. Its positions are entries 0, 1, ... of an array its
 * user keeps; a slot holds i + 1 for entry i, 0 for none. The two users
 * keep them differently, and say how as plain arguments of the
 * functions below, which are inlined into each caller, so that each
 * caller's copy is the code it would have written for itself (a move
 * costs what it did with a probe loop of its own: doc/performance.md,
 * "One position set"):
 *
 * - the slots: `slot_array`, of `slot_size` bytes each: 4 (the
 *   handle's, whose history may grow without bound) or 2 (a playout's).
 * - emptying: the handle empties each slot it filled, and passes
 *   `slot_of` NULL; a playout only sets its `count` of entries to 0, and
 *   its slot holding i + 1 is in use only if i < `count` and
 *   `slot_of`[i] is that slot (the one entry i went in).
 * - the positions: a playout's in an array, `states`; the handle's in
 *   its history's entries, `*history` (the other is NULL). The handle
 *   passes where its history's address is, not the address, so that
 *   the address is read only by a lookup that meets a slot in use,
 *   which most do not.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_GAME_POSSET_H
#define MANCALA_GAME_POSSET_H

#include <stddef.h>
#include <stdint.h>

#include "core/base.h"
#include "rules/rules.h"

/* history_entry.slot: the slot where the repetition rule's lookup of the
 * position ended, which is where the position is in the set; with this
 * bit set if a capture followed it, when it is not in the set (it never
 * recurs) and the slot is where it would go in; UINT32_MAX if no slot is
 * known. Slots are below 2^31. */
#define OUT_OF_SET 0x80000000u

/* A position of the handle's history with its legal moves, so that
 * mancala_undo() restores both without generating the moves again (here,
 * as the set reads the handle's positions in them). */
struct history_entry {
    struct mc_state state;
    uint16_t legal;            /* moves.legal: the list is made again from it */
    uint32_t slot;             /* its slot in the game's `seen`, see OUT_OF_SET */
    uint32_t hash;             /* position_hash(&state) */
};

/* The hash of what same_position() compares: the pits and the player
 * to move. */
static inline uint32_t position_hash(const struct mc_state *s)
{
    /* Multiply-shift: the high bits of a sum of products by odd keys,
     * each of which every bit of the position reaches; home_slot() takes
     * the highest of them. */
    uint64_t lo;
    uint32_t hi;
    memcpy(&lo, s->pit, sizeof lo);
    memcpy(&hi, s->pit + sizeof lo, sizeof hi);
    const uint64_t h = lo * 0x9e3779b97f4a7c15u + ((uint64_t)hi << 1 | s->to_move) * 0xbf58476d1ce4e5b9u;
    return (uint32_t)(h >> 32);
}

/* The slot where the probe for a position of hash `hash` starts in a set
 * of `slots` slots (a power of two): the hash's highest bits. */
static inline uint32_t home_slot(uint32_t hash, uint32_t slots)
{
    return (uint32_t)((uint64_t)hash * slots >> 32);
}

/* Whether two positions of the same round are the same (RULES.md: pits,
 * closed pits and player to move; the closed pits are the round's). */
static inline int same_position(const struct mc_state *a, const struct mc_state *b)
{
    return a->to_move == b->to_move && memcmp(a->pit, b->pit, sizeof a->pit) == 0;
}

/* The position of the entry in slot `slot`, or NULL (the set's storage
 * as at the top). */
static inline const struct mc_state *posset_at(const void *slot_array, size_t slot_size,
                                               const uint16_t *slot_of, uint32_t count,
                                               const struct mc_state *states,
                                               struct history_entry *const *history,
                                               uint32_t slot)
{
    const uint32_t held = slot_size == sizeof(uint16_t) ? ((const uint16_t *)slot_array)[slot]
                                                        : ((const uint32_t *)slot_array)[slot];
    /* held - 1 is UINT32_MAX for an empty slot, not below count. */
    if (slot_of ? held - 1 >= count || slot_of[held - 1] != slot : !held)
        return NULL;
    return history ? &(*history)[held - 1].state : &states[held - 1];
}

/* Whether `s`, whose position_hash() is `hash`, is in the set (its
 * storage as at the top). If not, *free becomes the slot where `s` would
 * go in (its probe ends there). */
static MC_ALWAYS_INLINE int posset_find(const void *slot_array, size_t slot_size, uint32_t slots,
                                        const uint16_t *slot_of, uint32_t count,
                                        const struct mc_state *states,
                                        struct history_entry *const *history,
                                        const struct mc_state *s, uint32_t hash, uint32_t *free)
{
    const struct mc_state *e;
    uint32_t slot = home_slot(hash, slots);
    for (; (e = posset_at(slot_array, slot_size, slot_of, count, states, history, slot));
         slot = (slot + 1) & (slots - 1))
        if (same_position(e, s))
            return 1;
    *free = slot;
    return 0;
}

#endif

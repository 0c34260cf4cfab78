/*
 * The numbers a Rio Kadalis board's move list tests against the endless
 * lap starts (endless_table.h, written by tools/endless_gen.c).
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_RULES_RING_H
#define MANCALA_RULES_RING_H

#include <stdint.h>

#include "core/bits.h"

/* A 16-bit fingerprint of a Rio Kadalis lap start on a ring of open pits:
 * ring[0] the stones of the origin (the hand), ring[i] those of the i-th
 * open pit after it in the sowing direction, 0 from the ring's end to
 * ring[15]. The table of endless lap starts (endless_table.h, written by
 * tools/endless_gen.c) holds the fingerprints of the endless ones; the
 * move list compares. */
static inline unsigned mc_ring_words_fingerprint(uint64_t low, uint64_t high)
{
    uint64_t h = low * 0x9e3779b97f4a7c15u ^ high;
    h = (h ^ h >> 29) * 0xbf58476d1ce4e5b9u;
    return (unsigned)(h >> 48);
}

static inline unsigned mc_ring_fingerprint(const uint8_t ring[16])
{
    return mc_ring_words_fingerprint(mc_load_le64(ring), mc_load_le64(ring + 8));
}

/* The ring of a Rio Kadalis board with every pit open (its m pits in
 * order, the last next to the first) as one number that depends only on
 * which stone counts are neighbours: the sum, over the m pairs of
 * neighbouring pits, of the product of their keys (keys[c] for c
 * stones, at most 48), mixed. Read from any pit, either way round, it is
 * the same: so every lap start of the board has it. The move list tests
 * a board by it against a filter of the endless lap starts' numbers
 * (endless_table.h, written by tools/endless_gen.c, with the keys). */
static inline uint64_t mc_ring_pairs(const uint8_t *ring, int m, const uint64_t keys[64])
{
    const uint64_t first = keys[ring[0]];
    uint64_t sum = 0, previous = first;
#pragma GCC unroll 12
    for (int i = 1; i < m; i++) {
        const uint64_t key = keys[ring[i]];
        sum += previous * key;
        previous = key;
    }
    sum += previous * first;
    return (sum ^ sum >> 29) * 0xbf58476d1ce4e5b9u;
}

/* The two bits of a filter of `size` bits (below 2^32) that stand for
 * the number `h`: its high and low halves, each scaled to the size. */
static inline void mc_filter_bits(uint64_t h, uint32_t size, uint32_t bit[2])
{
    bit[0] = (uint32_t)((h >> 32) * size >> 32);
    bit[1] = (uint32_t)((h & 0xffffffffu) * size >> 32);
}

#endif /* MANCALA_RULES_RING_H */

/*
 * Bits and bytes: the lowest set bit, the bits of a row, words read and
 * stored the lowest byte first on any byte order.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_CORE_BITS_H
#define MANCALA_CORE_BITS_H

#include <stdint.h>
#include <string.h>

/* The lowest set bit of a non-zero `bits` (a de Bruijn sequence: portable
 * C, and no branch). */
static inline int mc_lowest_bit(unsigned bits)
{
    static const uint8_t position[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                         15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                         16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
    return position[(uint32_t)((bits & -bits) * 0x077cb531u) >> 27];
}

/* The number of set bits of `bits`, a set of pits of one row (below
 * 2^6): a table read. */
#define MC_BITS2(k) k, k + 1, k + 1, k + 2
#define MC_BITS4(k) MC_BITS2(k), MC_BITS2(k + 1), MC_BITS2(k + 1), MC_BITS2(k + 2)
static inline int mc_count_row_bits(unsigned bits)
{
    static const uint8_t count[64] = {MC_BITS4(0), MC_BITS4(1), MC_BITS4(1), MC_BITS4(2)};
    return count[bits & 63];
}

/* The 8 bytes at `p` as a word, the first the lowest (on any byte order). */
static inline uint64_t mc_load_le64(const uint8_t *p)
{
    /* One load where the machine stores the low byte first: compilers
     * recognise the pattern. */
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

/* Stores the `len` (at most 8) lowest bytes of `x` at `p`, the lowest
 * first, on any byte order. Where the machine stores the low byte first
 * (known to the compiler), they are the word's first bytes: with `len` a
 * constant, a store or two. */
static inline void mc_store_bytes(uint8_t *p, uint64_t x, int len)
{
    const uint16_t one = 1;
    uint8_t low;
    memcpy(&low, &one, 1);
    if (low) {
        memcpy(p, &x, (size_t)len);
        return;
    }
    for (int i = 0; i < len; i++) /* GCOVR_EXCL_LINE: big-endian machines only */
        p[i] = (uint8_t)(x >> 8 * i); /* GCOVR_EXCL_LINE */
}

/* Stores `low` then `high` at `p`, each the lowest byte first, on any byte
 * order: where the machine stores the low byte first, as one 16-byte
 * store, so that a 16-byte load of them that follows is served from it
 * (stored in parts, such a load waits until they reach the cache). */
static inline void mc_store_le128(uint8_t *p, uint64_t low, uint64_t high)
{
    typedef uint64_t words __attribute__((vector_size(16)));
    const uint16_t one = 1;
    uint8_t first;
    memcpy(&first, &one, 1);
    if (first) {
        const words w = {low, high};
        memcpy(p, &w, sizeof w);
        return;
    }
    mc_store_bytes(p, low, 8); /* GCOVR_EXCL_LINE: big-endian machines only */
    mc_store_bytes(p + 8, high, 8); /* GCOVR_EXCL_LINE */
}

/* A byte for each bit of `bits` (below 2^7, a set of pits of one row):
 * byte i (counted from the lowest) is bit i. The multiplication adds a
 * copy of `bits` at every seventh bit, so bit i of copy i lands on bit 8i;
 * copies of 7 bits do not overlap, so no carry disturbs them. */
static inline uint64_t mc_row_bytes(unsigned bits)
{
    return (uint64_t)bits * 0x0002040810204081u & 0x0101010101010101u;
}

/* The other way: bit i for byte i of `bytes` (the lowest first), each 0
 * or 1. The multiplication puts byte i's bit on bit 56 + i. */
static inline unsigned mc_row_bits(uint64_t bytes)
{
    return (unsigned)(bytes * 0x0102040810204080u >> 56);
}

#endif /* MANCALA_CORE_BITS_H */

/*
 * The one random generator and mixer of the library, its command, tools
 * and tests: SplitMix64, the same sequence on every platform. The batch's
 * random actions (batch.c) and mancala-bench's random games draw the same
 * way. Header-only, no dependency.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_RANDOM_H
#define MANCALA_RANDOM_H

#include <stdint.h>

/* The step of SplitMix64's counter (2^64 divided by the golden ratio). */
#define MC_RANDOM_GAMMA 0x9e3779b97f4a7c15u

/* SplitMix64's finaliser: a bijection of 64-bit words that spreads every
 * bit of `x` over the result (seeds, hashes of positions). */
static inline uint64_t mc_mix64(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static inline uint64_t mc_random_next(uint64_t *state)
{
    return mc_mix64(*state += MC_RANDOM_GAMMA);
}

/* A uniform integer in [0, bound): Lemire's multiply-shift with rejection
 * of the few values that would make some results likelier than others. */
static inline uint32_t mc_random_below(uint64_t *state, uint32_t bound)
{
    uint64_t m = (uint64_t)(uint32_t)mc_random_next(state) * bound;
    if ((uint32_t)m < bound) {
        const uint32_t threshold = -bound % bound;
        while ((uint32_t)m < threshold)
            m = (uint64_t)(uint32_t)mc_random_next(state) * bound;
    }
    return (uint32_t)(m >> 32);
}

/* A smaller generator (xorshift64*, 32 bits a draw) for the draws of
 * mancala_playout(), on its hot path; the state must not be 0. Its
 * sequence is part of what a playout's seed gives. */
static inline uint32_t mc_random_fast(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return (uint32_t)((*state * 0x2545f4914f6cdd1dull) >> 32);
}

/* The generator of game i of a seed: a state mixed from both. */
static inline uint64_t mc_random_seed(uint64_t seed, uint64_t i)
{
    uint64_t state = seed ^ i * 0xd1342543de82ef95u;
    return mc_random_next(&state);
}

#endif /* MANCALA_RANDOM_H */

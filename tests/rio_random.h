/*
 * Random Rio Kadalis boards and positions for the tests of the rules'
 * internals (test_sowing.c, test_endless.c).
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_TEST_RIO_RANDOM_H
#define MANCALA_TEST_RIO_RANDOM_H

#include <stdio.h>

#include "core/random.h"
#include "rules/rules.h"

/* xorshift64*: seeded, fast. */
static inline uint32_t next_random(uint64_t *state)
{
    return mc_random_fast(state);
}

static inline uint32_t below(uint64_t *rng, uint32_t bound)
{
    return (uint32_t)(((uint64_t)next_random(rng) * bound) >> 32);
}

static const char *const rio_variants[] = {"rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw",
                                           "rio-kadalis-5-cw"};

static inline int stones_on_board(const struct mc_board *b, const struct mc_state *s)
{
    int sum = 0;
    for (int p = 0; p < b->npits; p++)
        sum += s->pit[p];
    return sum;
}

static inline int random_open_pit(const struct mc_board *b, uint64_t *rng)
{
    int p;
    do
        p = (int)below(rng, b->npits);
    while (b->closed >> p & 1);
    return p;
}

/* The board and position in a static buffer, for messages (`from` the
 * origin of a lap or move, -1 for none). */
static inline const char *describe(const struct mc_board *b, const struct mc_state *s, int from)
{
    static char buf[256];
    int len = snprintf(buf, sizeof buf, "%s closed=%#x to_move=%d from=%d pits", b->variant->name,
                       b->closed, s->to_move, from);
    for (int p = 0; p < b->npits && len < (int)sizeof buf; p++)
        len += snprintf(buf + len, sizeof buf - (size_t)len, " %d", s->pit[p]);
    return buf;
}

#endif

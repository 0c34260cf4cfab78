/*
 * The endless lap starts of Rio Kadalis (RULES.md, rule 6), derived from
 * the rules as doc/endless.md proves, for the table's generator
 * (endless_gen.c) and the tests.
 *
 * A lap start is a ring of m open pits in sowing order, the origin first:
 * c[0] stones in the origin (the hand, lifted as the lap begins), c[i] in
 * the i-th open pit after it, c[m] ... c[11] zero. A move is endless when
 * its lap starts recur. The rings are laid out on the 6-hole board with
 * the pits from m on closed (endless_ring_board()): which row a pit is in
 * decides only who takes a four, never where the move goes, and the
 * direction only mirrors the ring.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_TOOLS_ENDLESS_H
#define MANCALA_TOOLS_ENDLESS_H

#include "rules/ring.h"
#include "rules/rules.h"

/* The most stones a board holds (the 6-hole game's 48; 5 holes hold 40),
 * and the most open pits. */
enum { ENDLESS_MAX_STONES = 48, ENDLESS_RING_MAX = 12 };

struct ring {
    uint8_t c[ENDLESS_RING_MAX];
};

/* A set of lap starts; {0} is empty. */
struct ring_set {
    struct ring *slot;
    uint8_t *used; /* used[i]: slot[i] holds one */
    size_t cap, count;
};

/* Adds `r`; returns 1 if it was not there. Exits if out of memory. */
int endless_set_add(struct ring_set *s, const struct ring *r);
int endless_set_has(const struct ring_set *s, const struct ring *r);
void endless_set_free(struct ring_set *s);

/* The 6-hole board whose open pits are 0 ... m-1. */
struct mc_board endless_ring_board(int m);
/* The stones of `r` on a ring of m pits. */
int ring_stones(const struct ring *r, int m);

/* Into `endless`: every endless lap start of at most ENDLESS_MAX_STONES
 * stones on a ring of m pits; into `cycles` (if not NULL) those on the
 * cycles. Each is confirmed by sowing with the library's lap. */
void endless_find(int m, struct ring_set *endless, struct ring_set *cycles);

/* Sows every lap start of at most `most` stones on a ring of m pits with
 * the library's move (stone by stone, its exact cycle check) and compares
 * with `endless`: returns the number that disagree (printing the first
 * few), and adds the endless ones to *endless_seen. */
long endless_brute_force(int m, int most, const struct ring_set *endless, long *endless_seen);

#endif

/*
 * The closed pits of a Rio Kadalis match round, for the tests and checkers
 * of round tables.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_TESTS_ROUNDS_H
#define MANCALA_TESTS_ROUNDS_H

/* The closed pits of a match round where South opens its ks highest pits
 * and North its kn highest (RULES.md, "Match"), on a board of n holes. */
static inline unsigned match_closed(int n, int ks, int kn)
{
    unsigned closed = 0;
    for (int p = 0; p < n - ks; p++)
        closed |= 1u << p;
    for (int p = n; p < 2 * n - kn; p++)
        closed |= 1u << p;
    return closed;
}

#endif

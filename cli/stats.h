/*
 * The statistics of a tournament (tournament.c): the Elo of a score, the
 * pentanomial model of game pairs and the count of distinct games. Pure
 * functions of their arguments, unit-tested by test_stats.c.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_CLI_STATS_H
#define MANCALA_CLI_STATS_H

#include <stdint.h>

/* The logistic Elo of a mean score per game s, 400 log10(s / (1 - s)):
 * -inf at 0, +inf at 1. */
double elo_of(double score);

/* The points of the first engine in a pair of games (the same opening,
 * each engine on each seat): 0, 1/2, 1, 3/2 or 2, counted as 0 to 4. */
#define PAIR_OUTCOMES 5

/* The pentanomial estimate of a match's pairs, as fastchess and fishtest
 * compute it: the mean score per game from the five frequencies, the
 * variance of a pair's score, and a normal 95% interval of the mean, each
 * turned into Elo by elo_of(). */
struct pair_stats {
    int pairs;
    double score;       /* the mean score per game, 0 to 1; 1/2 without pairs */
    double elo, lo, hi; /* its Elo and the interval's ends */
    int no_spread;      /* every pair scored the same (or none was played):
                           the variance is 0, so lo == hi == elo is no interval */
};

/* The estimate from counts[k], the pairs in which the first engine scored
 * k/2 points (each count 0 or more). */
void pentanomial(const int counts[PAIR_OUTCOMES], struct pair_stats *out);

/* A 64-bit key of a text (FNV-1a), such as a game's record: equal texts,
 * equal keys; different ones differ but for a chance of about n^2/2^65
 * among n texts. */
uint64_t text_key(const char *text);

/* The number of distinct keys among keys[0..n-1], which are sorted. */
int count_distinct(uint64_t *keys, int n);

#endif

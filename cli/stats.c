/*
 * The statistics of a tournament: see stats.h.
 *
 * SPDX-License-Identifier: MIT
 */
#include "stats.h"

#include <math.h>
#include <stdlib.h>

double elo_of(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return 400 * log10(score / (1 - score)); /* +0 for 1/2, not -0 */
}

void pentanomial(const int counts[PAIR_OUTCOMES], struct pair_stats *out)
{
    double n = 0, sum = 0;
    for (int k = 0; k < PAIR_OUTCOMES; k++) {
        n += counts[k];
        sum += counts[k] * (k / 4.0); /* the pair's score per game */
    }
    const double mean = n > 0 ? sum / n : 0.5;
    double var = 0;
    for (int k = 0; k < PAIR_OUTCOMES; k++)
        var += counts[k] * (k / 4.0 - mean) * (k / 4.0 - mean);
    var = n > 0 ? var / n : 0;
    /* The standard error of the mean of n pairs. */
    const double margin = n > 0 ? 1.96 * sqrt(var / n) : 0;
    out->pairs = (int)n;
    out->score = mean;
    out->elo = elo_of(mean);
    out->lo = elo_of(mean - margin);
    out->hi = elo_of(mean + margin);
    out->no_spread = !(var > 0);
}

uint64_t text_key(const char *text)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * 0x100000001b3ULL;
    return h;
}

static int by_key(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int count_distinct(uint64_t *keys, int n)
{
    if (n <= 0)
        return 0;
    qsort(keys, (size_t)n, sizeof *keys, by_key);
    int distinct = 1;
    for (int i = 1; i < n; i++)
        distinct += keys[i] != keys[i - 1];
    return distinct;
}

/*
 * The statistics of a tournament (stats.c) on fixed pair results whose
 * figures were worked out apart (by hand and in Python): exact numbers,
 * not a run of engines.
 *
 * SPDX-License-Identifier: MIT
 */
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void expect_text(const char *actual, const char *expected, const char *what)
{
    if (strcmp(actual, expected)) {
        printf("FAIL %s: expected %s, got %s\n", what, expected, actual);
        failures++;
    }
}

/* The estimate as "pairs score elo lo hi spread", rounded as printed. */
static const char *summary(const int counts[PAIR_OUTCOMES])
{
    static char text[128];
    struct pair_stats s;
    pentanomial(counts, &s);
    snprintf(text, sizeof text, "%d %.5f %+.1f %+.1f %+.1f %s", s.pairs, s.score, s.elo, s.lo,
             s.hi, s.no_spread ? "no-spread" : "spread");
    return text;
}

int main(void)
{
    /* 40 pairs: 2 lost both, 5 drew one and lost one, 20 split, 10 won
     * one and drew one, 3 won both: 43.5 of 80 points, a mean of 0.54375;
     * the pair scores' variance 0.0527734375, so the mean's standard
     * error is sqrt(0.0527734375 / 40) = 0.036322. */
    expect_text(summary((const int[]){2, 5, 20, 10, 3}), "40 0.54375 +30.5 -19.1 +81.3 spread",
                "40 pairs");
    /* 4 pairs, a pair lost and three split: 0.375, variance 0.046875;
     * the lower end 0.375 - 1.96 * 0.10825 = 0.16283. */
    expect_text(summary((const int[]){1, 0, 3, 0, 0}), "4 0.37500 -88.7 -284.4 +61.2 spread",
                "4 pairs");
    /* All pairs alike: no spread, and the interval is no interval. */
    expect_text(summary((const int[]){0, 0, 0, 0, 7}), "7 1.00000 +inf +inf +inf no-spread",
                "every pair won");
    expect_text(summary((const int[]){0, 0, 9, 0, 0}), "9 0.50000 +0.0 +0.0 +0.0 no-spread",
                "every pair split");
    expect_text(summary((const int[]){0, 0, 0, 0, 0}), "0 0.50000 +0.0 +0.0 +0.0 no-spread",
                "no pair");

    /* Distinct games: equal texts count once. */
    const char *games[] = {"modiar/7,7,7,7,7,7/S/0,0/0 0 3", "modiar/7,7,7,7,7,7/S/0,0/0 0 4",
                           "modiar/7,7,7,7,7,7/S/0,0/0 0 3", "", ""};
    uint64_t keys[5];
    for (int i = 0; i < 5; i++)
        keys[i] = text_key(games[i]);
    char text[32];
    snprintf(text, sizeof text, "%d", count_distinct(keys, 5));
    expect_text(text, "3", "distinct games");
    snprintf(text, sizeof text, "%d", count_distinct(keys, 0));
    expect_text(text, "0", "distinct among none");
    /* FNV-1a's published value of "a". */
    snprintf(text, sizeof text, "%016llx", (unsigned long long)text_key("a"));
    expect_text(text, "af63dc4c8601ec8c", "FNV-1a of 'a'");
    return failures ? 1 : 0;
}

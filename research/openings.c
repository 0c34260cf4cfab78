/*
 * Books of balanced openings for 'mancala tournament --openings FILE'
 * (doc/protocol.md, "Openings"), made reproducibly from a seed:
 *
 *   mancala-openings RULES --table RULES.table [--count N] [--seed S] [--plies A-B]
 *   mancala-openings RULES [--depth D] [--margin M] [--count N] [--seed S] [--plies A-B]
 *
 * Each try plays a number of random plies (A to B, drawn evenly) from the
 * start position and keeps the position if it is new (by its position
 * string) and balanced: with a solved table (Modiar's always; the table
 * of every pit open of a Rio Kadalis board, such as 'mancala solve
 * rio-kadalis-5' writes), its value is -2, 0 or +2 for the player to move
 * (exact: lo == hi); without one, the search to depth D rates it within
 * M stones of even. Each opening is written as a match record (the start
 * and the random plies) with a tag of that value, `value="-2"` or
 * `score="0" depth="14"`, one a line after '#' lines that say how the
 * book was made.
 *
 * Defaults: 100 openings of 2 to 8 plies for Modiar; 200 of 2 to 6 plies,
 * depth 14 (about 0.1 s a position), margin 2 for Rio Kadalis; seed 1.
 * The search runs to a fixed depth in one thread with one table, so the
 * same arguments write the same book on any machine. Ctrl-C (SIGINT), SIGTERM or SIGHUP stops it
 * within a second: the openings written so far stay, a line on stderr
 * says how many, and the exit status is 1.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mancala.h>

#include "core/random.h"
#include "platform/port.h"

/* Tries for each opening before the book is given up as impossible. */
#define TRIES_PER_OPENING 10000
#define MAX_COUNT 100000

static atomic_int stop_signal;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler needs a lock-free atomic int");
static mancala_search *volatile cancellable;

static void stop_on_signal(int signo)
{
    atomic_store(&stop_signal, signo);
    if (cancellable)
        mancala_search_cancel(cancellable);
}

static int usage(const char *why)
{
    fprintf(stderr,
            "mancala-openings: %s\n"
            "usage: mancala-openings RULES --table FILE [--count N] [--seed S] [--plies A-B]\n"
            "       mancala-openings RULES [--depth D] [--margin M] [--count N] [--seed S]\n"
            "                              [--plies A-B]   (not modiar, which needs its table)\n",
            why);
    return 2;
}

/* A whole number in [lo, hi], all of `text`; 0 or -1. */
static int number(const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    const long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi || text[0] == '+' || text[0] == ' ')
        return -1;
    *out = v;
    return 0;
}

/* The position string of `g` (its key: distinct openings differ in it). */
static int position_of(const mancala_game *g, char *buf, size_t size)
{
    const int n = mancala_format(g, buf, size);
    return n >= 0 && (size_t)n < size ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage("give the rules: modiar, rio-kadalis, rio-kadalis-5 ...");
    const char *rules = argv[1], *table_path = NULL;
    const char *title = mancala_rules_title(rules);
    if (!title)
        return usage("unknown rules");
    const int modiar = !strcmp(rules, "modiar");
    long long count = modiar ? 100 : 200, seed = 1, depth = 14, margin = 2;
    long long plies_lo = 2, plies_hi = modiar ? 8 : 6;
    for (int i = 2; i < argc; i += 2) { /* each option with its value */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = !v;
        if (!bad && !strcmp(a, "--table"))
            table_path = v;
        else if (!bad && !strcmp(a, "--count"))
            bad = number(v, 1, MAX_COUNT, &count);
        else if (!bad && !strcmp(a, "--seed"))
            bad = number(v, 0, INT64_MAX, &seed);
        else if (!bad && !strcmp(a, "--depth"))
            bad = number(v, 1, 64, &depth);
        else if (!bad && !strcmp(a, "--margin"))
            bad = number(v, 0, 48, &margin);
        else if (!bad && !strcmp(a, "--plies")) {
            char lo[24], hi[24];
            const char *dash = strchr(v, '-');
            bad = !dash || (size_t)(dash - v) >= sizeof lo || strlen(dash + 1) >= sizeof hi;
            if (!bad) {
                snprintf(lo, sizeof lo, "%.*s", (int)(dash - v), v);
                snprintf(hi, sizeof hi, "%s", dash + 1);
                bad = number(lo, 0, 200, &plies_lo) || number(hi, plies_lo, 200, &plies_hi);
            }
        } else {
            char why[256];
            snprintf(why, sizeof why, "unknown option or missing value: %.100s", a);
            return usage(why);
        }
        if (bad) {
            char why[256];
            snprintf(why, sizeof why, "bad value of %.40s: %.100s", a, v ? v : "(none)");
            return usage(why);
        }
    }
    if (modiar && !table_path)
        return usage("modiar needs --table FILE (mancala solve modiar writes it)");

    mancala_table *table = NULL;
    mancala_search *search = NULL;
    int status;
    if (table_path && (status = mancala_table_open(&table, table_path)) < 0) {
        fprintf(stderr, "mancala-openings: %s: %s\n", table_path, mancala_strerror(status));
        return 1;
    }
    if (table && strcmp(mancala_table_rules(table), rules)) {
        fprintf(stderr, "mancala-openings: %s: a table of %s, not of %s\n", table_path,
                mancala_table_rules(table), rules);
        mancala_table_close(table);
        return 1;
    }
    if (table) { /* a round's table with closed pits covers no opening */
        mancala_game *start = NULL;
        int lo, hi;
        if ((status = mancala_new(&start, rules)) == MANCALA_OK)
            status = mancala_table_value(table, start, &lo, &hi);
        mancala_free(start);
        if (status < 0) {
            fprintf(stderr, "mancala-openings: %s: no value of the start position (a table"
                    " of a later round, with closed pits?)\n", table_path);
            mancala_table_close(table);
            return 1;
        }
    }
    if (!table) {
        if ((status = mancala_search_new(&search, 0)) < 0 ||
            (status = mancala_search_set_limit(search, MANCALA_LIMIT_DEPTH, depth)) < 0) {
            fprintf(stderr, "mancala-openings: %s\n", mancala_strerror(status));
            mancala_search_free(search);
            return 1;
        }
    }
    cancellable = search;
    catch_stop_signals(stop_on_signal);

    if (table)
        printf("# %s openings: random plies from the start, each position new and\n"
               "# worth -2, 0 or +2 stones to the player to move by the solved table (its\n"
               "# value tag). Made by: mancala-openings %s --table %s.table --count %lld\n"
               "#   --seed %lld --plies %lld-%lld\n",
               title, rules, rules, count, seed, plies_lo, plies_hi);
    else
        printf("# %s openings: random plies from the start, each position new and\n"
               "# rated within %lld stones of even for the player to move by a search to\n"
               "# depth %lld (its score tag). Made by: mancala-openings %s --depth %lld\n"
               "#   --margin %lld --count %lld --seed %lld --plies %lld-%lld\n",
               title, margin, depth, rules, depth, margin, count, seed, plies_lo, plies_hi);
    char (*seen)[128] = calloc((size_t)count, sizeof *seen);
    int found = 0;
    status = seen ? 0 : MANCALA_E_NOMEM;
    uint64_t rng = mc_random_seed((uint64_t)seed, 0);
    for (long long tries = 0; !status && found < count && !atomic_load(&stop_signal); tries++) {
        if (tries >= TRIES_PER_OPENING * count) {
            fprintf(stderr, "mancala-openings: only %d balanced openings found in %lld tries\n",
                    found, tries);
            status = 1;
            break;
        }
        mancala_game *g;
        if ((status = mancala_new(&g, rules)) < 0)
            break;
        const int plies = (int)plies_lo + (int)mc_random_below(&rng, (uint32_t)(plies_hi - plies_lo + 1));
        for (int p = 0; p < plies && !mancala_is_over(g); p++) {
            int moves[MANCALA_MAX_PITS];
            const int n = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
            mancala_play(g, moves[mc_random_below(&rng, (uint32_t)n)]);
        }
        char position[128], value[16], depth_text[16];
        int keep = !mancala_is_over(g) && position_of(g, position, sizeof position) == 0;
        for (int i = 0; keep && i < found; i++)
            keep = strcmp(seen[i], position) != 0;
        if (keep && table) {
            int lo, hi;
            keep = mancala_table_value(table, g, &lo, &hi) == MANCALA_OK && lo == hi &&
                   (lo == -2 || lo == 0 || lo == 2);
            snprintf(value, sizeof value, "%d", lo);
            keep = keep && mancala_tag_set(g, "value", value) == MANCALA_OK;
        } else if (keep) {
            const int run = mancala_search_run(search, g);
            if (run == MANCALA_STOPPED || atomic_load(&stop_signal)) {
                mancala_free(g);
                break;
            }
            const int score = mancala_search_score(search);
            keep = run == MANCALA_OK && score >= -margin && score <= margin;
            snprintf(value, sizeof value, "%d", score);
            snprintf(depth_text, sizeof depth_text, "%lld", depth);
            keep = keep && mancala_tag_set(g, "score", value) == MANCALA_OK &&
                   mancala_tag_set(g, "depth", depth_text) == MANCALA_OK;
        }
        if (keep) {
            char record[1024];
            const int n = mancala_format_record(g, record, sizeof record);
            if (n > 0 && (size_t)n < sizeof record) {
                printf("%s\n", record);
                fflush(stdout);
                memcpy(seen[found++], position, sizeof position);
            }
        }
        mancala_free(g);
    }
    cancellable = NULL;
    mancala_search_free(search);
    mancala_table_close(table);
    free(seen);
    if (status < 0)
        fprintf(stderr, "mancala-openings: %s\n", mancala_strerror(status));
    if (atomic_load(&stop_signal)) {
        fprintf(stderr, "mancala-openings: stopped by a signal: %d of %lld openings written\n",
                found, count);
        return 1;
    }
    return status ? 1 : 0;
}

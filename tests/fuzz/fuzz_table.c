/*
 * libFuzzer harness for the table reader. The input is one flags byte and
 * the bytes of a table file (the seed corpus holds small solved tables of
 * both games). Flags:
 *
 *   bit 0: recompute the checksum first, so that mutated entries pass it
 *          and reach the checks of the values: a crafted file;
 *   bit 1: also write the bytes to a file and open that;
 *   bits 2-7: seed of the positions asked.
 *
 * Checks:
 * - mancala_table_open_memory() and mancala_table_open() give the same
 *   status, a documented one, and leave the output alone on failure;
 * - an open table answers for random positions of its rules (within its
 *   stones and beyond, at ply 0 and later, other rules) with a documented
 *   status; a value is an interval within the stones in play; best moves
 *   are a non-empty list of legal moves, ascending, while the game goes
 *   on; a searcher using the table returns a legal move.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mancala.h"

#include "core/random.h"
#include "fuzz/check.h"

/* XXH3, as the library computes the checksum (lib/solve/solve.h). */
#include <xxhash.h>

enum { HEADER = 64, OFF_CHECKSUM = 56 };


static void fix_checksum(uint8_t *data, size_t size)
{
    uint8_t header[HEADER];
    memcpy(header, data, HEADER);
    memset(header + OFF_CHECKSUM, 0, 8);
    uint64_t sum = XXH3_64bits_withSeed(data + HEADER, size - HEADER, XXH3_64bits(header, HEADER));
    for (int i = 0; i < 8; i++)
        data[OFF_CHECKSUM + i] = (uint8_t)(sum >> (8 * i));
}

static int open_file(const uint8_t *data, size_t size, mancala_table **out)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/fuzz-table-%ld.table", (long)getpid());
    FILE *f = fopen(path, "wb");
    CHECK(f);
    CHECK(fwrite(data, 1, size, f) == size);
    CHECK(fclose(f) == 0);
    int status = mancala_table_open(out, path);
    remove(path);
    return status;
}

/* A random position of `rules` with about `most` stones on the board, or
 * NULL if the string does not parse (a closed pit without the bank that
 * goes with it, for example). */
static mancala_game *random_position(const char *rules, int most, uint64_t *rng)
{
    const int rio = strcmp(rules, "modiar") != 0, five = strstr(rules, "-5") != NULL;
    const int pits = rio ? (five ? 10 : 12) : 6, total = rio ? (five ? 40 : 48) : 42;
    int stones = (int)(mc_random_next(rng) % (uint64_t)(most + 2)); /* sometimes one too many */
    if (stones > total)
        stones = total;
    int pit[12] = {0};
    for (int s = 0; s < stones; s++)
        pit[mc_random_next(rng) % (uint64_t)pits]++;
    char text[160];
    int len = snprintf(text, sizeof text, "%s/", rules);
    int closed = -1;
    if (rio && mc_random_next(rng) % 8 == 0)
        closed = (int)(mc_random_next(rng) % (uint64_t)pits);
    for (int p = 0; p < pits; p++) {
        if (p == closed)
            len += snprintf(text + len, sizeof text - (size_t)len, "x,");
        else
            len += snprintf(text + len, sizeof text - (size_t)len, "%d,", pit[p]);
    }
    int off = total - stones + (closed >= 0 ? pit[closed] : 0);
    const int south = (int)(mc_random_next(rng) % (uint64_t)(off + 1));
    const int ply = mc_random_next(rng) % 4 == 0 ? 0 : 30;
    len--; /* the last comma */
    len += snprintf(text + len, sizeof text - (size_t)len, "/%c/%d,%d/%d",
                    mc_random_next(rng) % 2 ? 'N' : 'S', south, off - south, ply);
    if (rio)
        snprintf(text + len, sizeof text - (size_t)len, "/0,0");
    mancala_game *g = NULL;
    return mancala_parse(&g, text, NULL, 0) == MANCALA_OK ? g : NULL;
}

static void ask(const mancala_table *table, mancala_search *search, mancala_game *g)
{
    int lo = 1000, hi = 1000, moves[MANCALA_MAX_PITS];
    const int status = mancala_table_value(table, g, &lo, &hi);
    const int count = mancala_table_best_moves(table, g, moves, MANCALA_MAX_PITS);
    const int same_rules = strcmp(mancala_rules(g), mancala_table_rules(table)) == 0;
    if (!same_rules) {
        CHECK(status == MANCALA_E_UNSUPPORTED && count == MANCALA_E_UNSUPPORTED);
        CHECK(lo == 1000 && hi == 1000);
        return;
    }
    if (mancala_is_over(g)) {
        CHECK(status == MANCALA_OK && count == 0);
        return;
    }
    if (status != MANCALA_OK) {
        CHECK(status == MANCALA_E_RANGE && count == MANCALA_E_RANGE);
        CHECK(lo == 1000 && hi == 1000);
        return;
    }
    const int in_play = mancala_rules(g)[0] == 'm' ? 42 : strstr(mancala_rules(g), "-5") ? 40 : 48;
    CHECK(-in_play <= lo && lo <= hi && hi <= in_play);
    CHECK(count >= 1 && count <= mancala_num_pits(g) / 2);
    int legal[MANCALA_MAX_PITS];
    const int nlegal = mancala_legal_moves(g, legal, MANCALA_MAX_PITS);
    for (int i = 0; i < count; i++) {
        CHECK(i == 0 || moves[i] > moves[i - 1]);
        int found = 0;
        for (int k = 0; k < nlegal; k++)
            found |= legal[k] == moves[i];
        CHECK(found);
    }
    if (search) {
        CHECK(mancala_search_run(search, g) == MANCALA_OK);
        const int best = mancala_search_best_move(search);
        int found = 0;
        for (int k = 0; k < nlegal; k++)
            found |= legal[k] == best;
        CHECK(found);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    if (size < 1)
        return 0;
    const uint8_t flags = input[0];
    size--;
    uint8_t *data = malloc(size ? size : 1);
    CHECK(data);
    memcpy(data, input + 1, size);
    if ((flags & 1) && size >= HEADER)
        fix_checksum(data, size);

    mancala_table *const untouched = (mancala_table *)&untouched;
    mancala_table *table = untouched;
    const int status = mancala_table_open_memory(&table, data, size);
    CHECK(status == MANCALA_OK || status == MANCALA_E_FORMAT || status == MANCALA_E_VERSION);
    CHECK(status == MANCALA_OK ? table != untouched : table == untouched);
    if (flags & 2) {
        mancala_table *from_file = untouched;
        CHECK(open_file(data, size, &from_file) == status);
        CHECK(status == MANCALA_OK ? from_file != untouched : from_file == untouched);
        if (status == MANCALA_OK)
            mancala_table_close(from_file);
    }
    /* The table has its own copy. */
    memset(data, 0xa5, size);
    free(data);
    if (status != MANCALA_OK)
        return 0;

    const char *rules = mancala_table_rules(table);
    const int most = mancala_table_max_stones(table);
    /* Rio Kadalis tables of round configurations may hold every stone. */
    CHECK(!strcmp(rules, "modiar") ? most <= 42
                                   : !strncmp(rules, "rio-kadalis", 11) &&
                                         most <= (strstr(rules, "-5") ? 40 : 48));
    mancala_search *search = NULL;
    CHECK(mancala_search_new(&search, 1 << 16) == MANCALA_OK);
    CHECK(mancala_search_set_limit(search, MANCALA_LIMIT_DEPTH, 2) == MANCALA_OK);
    CHECK(mancala_search_set_table(search, table) == MANCALA_OK);
    uint64_t rng = flags >> 2;
    for (int i = 0; i < 24; i++) {
        const char *asked = mc_random_next(&rng) % 6 ? rules : strcmp(rules, "modiar") ? "modiar" : "rio-kadalis";
        mancala_game *g = random_position(asked, most, &rng);
        if (!g)
            continue;
        ask(table, i % 4 == 0 ? search : NULL, g);
        /* And a few plies on, by best moves. */
        for (int ply = 0; ply < 3 && !mancala_is_over(g); ply++) {
            int moves[MANCALA_MAX_PITS];
            const int count = mancala_table_best_moves(table, g, moves, MANCALA_MAX_PITS);
            if (count <= 0)
                break;
            CHECK(mancala_play(g, moves[mc_random_next(&rng) % (uint64_t)count]) == MANCALA_OK);
            ask(table, NULL, g);
        }
        mancala_free(g);
    }
    mancala_search_free(search);
    mancala_table_close(table);
    return 0;
}

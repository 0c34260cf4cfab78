/*
 * libFuzzer harness for the position parser (RULES.md, "Position
 * notation"): any bytes in; either MANCALA_E_PARSE with a one-line reason
 * and no handle, or a game whose formatted string parses back to the same
 * game and is the input itself, up to the optional BANKS field, and whose
 * picture (mancala_svg()) is drawn in full.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mancala.h"

#include "fuzz/check.h"

static int total_stones(const char *rules)
{
    return strcmp(rules, "modiar") == 0 ? 42 : strstr(rules, "-5") ? 40 : 48;
}

static void check_game(const mancala_game *g)
{
    const int npits = mancala_num_pits(g);
    CHECK(npits == 6 || npits == 10 || npits == 12);
    int stones = 0;
    for (int p = 0; p < npits; p++) {
        int here = mancala_pit(g, p);
        CHECK(here >= 0);
        CHECK(!mancala_pit_closed(g, p) || here == 0);
        stones += here;
    }
    for (int player = 0; player < 2; player++)
        stones += mancala_captured(g, player) + mancala_bank(g, player);
    CHECK(stones == total_stones(mancala_rules(g)));
    CHECK(mancala_history_length(g) == 0);
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    CHECK(count >= 0 && count <= npits / 2);
    CHECK(mancala_is_over(g) == (count == 0));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    CHECK(text);
    memcpy(text, data, size);
    text[size] = '\0';

    mancala_game *g = NULL;
    char err[160];
    int status = mancala_parse(&g, text, err, sizeof err);
    if (status != MANCALA_OK) {
        CHECK(status == MANCALA_E_PARSE);
        CHECK(g == NULL);
        CHECK(err[0] != '\0');
        CHECK(strchr(err, '\n') == NULL);
        /* A short buffer gets a prefix of the same reason. */
        for (size_t len = 1; len < 8; len++) {
            char small[8];
            CHECK(mancala_parse(&g, text, small, len) == MANCALA_E_PARSE);
            CHECK(strlen(small) == len - 1 && strncmp(small, err, len - 1) == 0);
        }
        CHECK(mancala_parse(&g, text, NULL, 0) == MANCALA_E_PARSE);
        CHECK(g == NULL);
        free(text);
        return 0;
    }
    CHECK(g != NULL);
    CHECK(err[0] == '\0');
    check_game(g);

    /* The canonical string: the input itself, or the input with the
     * default banks that Rio Kadalis positions may leave out. */
    char canonical[160];
    int len = mancala_format(g, canonical, sizeof canonical);
    CHECK(len > 0 && (size_t)len < sizeof canonical);
    CHECK(mancala_format(g, NULL, 0) == len);
    if (strcmp(canonical, text) != 0) {
        char with_banks[160];
        snprintf(with_banks, sizeof with_banks, "%s/0,0", text);
        CHECK(strncmp(mancala_rules(g), "rio-kadalis", 11) == 0);
        CHECK(strcmp(canonical, with_banks) == 0);
    }

    /* Its picture: the length asked for is the length written, and a
     * buffer one byte short gets the empty string. */
    int svg_len = mancala_svg(g, NULL, 0, 0);
    CHECK(svg_len > 0);
    char *svg = malloc((size_t)svg_len + 1);
    CHECK(svg);
    CHECK(mancala_svg(g, svg, (size_t)svg_len + 1, 0) == svg_len);
    CHECK(strlen(svg) == (size_t)svg_len && strstr(svg, canonical) != NULL);
    CHECK(mancala_svg(g, svg, (size_t)svg_len, 0) == svg_len && svg[0] == '\0');
    free(svg);

    /* It parses back to the same game. */
    mancala_game *again = NULL;
    CHECK(mancala_parse(&again, canonical, err, sizeof err) == MANCALA_OK);
    char twice[160];
    CHECK(mancala_format(again, twice, sizeof twice) == len);
    CHECK(strcmp(twice, canonical) == 0);
    CHECK(mancala_hash(again) == mancala_hash(g));
    int a[MANCALA_MAX_PITS], b[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(g, a, MANCALA_MAX_PITS);
    CHECK(mancala_legal_moves(again, b, MANCALA_MAX_PITS) == count);
    CHECK(memcmp(a, b, (size_t)count * sizeof a[0]) == 0);
    CHECK(mancala_to_move(again) == mancala_to_move(g));
    CHECK(mancala_ply(again) == mancala_ply(g));
    CHECK(mancala_end_reason(again) == mancala_end_reason(g));

    mancala_free(again);
    mancala_free(g);
    free(text);
    return 0;
}

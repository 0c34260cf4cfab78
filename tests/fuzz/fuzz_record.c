/*
 * libFuzzer harness for the match record (mancala_parse_record()): any
 * bytes in; either MANCALA_E_PARSE with a one-line reason and no handle,
 * or a game whose record parses back to a game with the same record,
 * position, round and history.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mancala.h"

#include "fuzz/check.h"

/* The record of a game, allocated. */
static char *record_of(const mancala_game *g)
{
    int len = mancala_format_record(g, NULL, 0);
    CHECK(len > 0);
    char *text = malloc((size_t)len + 1);
    CHECK(text);
    CHECK(mancala_format_record(g, text, (size_t)len + 1) == len);
    CHECK(strlen(text) == (size_t)len);
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    CHECK(text);
    memcpy(text, data, size);
    text[size] = '\0';

    mancala_game *g = NULL;
    char err[MANCALA_REASON_MAX];
    int status = mancala_parse_record(&g, text, err, sizeof err);
    if (status != MANCALA_OK) {
        CHECK(status == MANCALA_E_PARSE);
        CHECK(g == NULL);
        CHECK(err[0] != '\0');
        for (const char *c = err; *c; c++)
            CHECK((unsigned char)*c >= 0x20 && (unsigned char)*c < 0x7f);
        free(text);
        return 0;
    }
    CHECK(err[0] == '\0');

    char *record = record_of(g);
    mancala_game *again = NULL;
    CHECK(mancala_parse_record(&again, record, err, sizeof err) == MANCALA_OK);
    char *twice = record_of(again);
    CHECK(strcmp(record, twice) == 0);
    char a[MANCALA_POSITION_MAX], b[MANCALA_POSITION_MAX];
    CHECK(mancala_format(g, a, sizeof a) < MANCALA_POSITION_MAX);
    mancala_format(again, b, sizeof b);
    CHECK(strcmp(a, b) == 0);
    CHECK(mancala_round(g) == mancala_round(again));
    /* The tags (RULES.md, "Match records"): the same, in the same order. */
    CHECK(mancala_tag_count(g) == mancala_tag_count(again));
    for (int i = 0; i < mancala_tag_count(g); i++) {
        const char *key = mancala_tag_key(g, i);
        CHECK(strcmp(key, mancala_tag_key(again, i)) == 0);
        CHECK(strcmp(mancala_tag_get(g, key), mancala_tag_get(again, key)) == 0);
    }
    CHECK(mancala_history_length(g) == mancala_history_length(again));
    CHECK(mancala_match_end_reason(g) == mancala_match_end_reason(again));
    CHECK(mancala_match_over(g) == (mancala_match_end_reason(g) != MANCALA_MATCH_END_NONE));
    free(twice);
    free(record);
    mancala_free(again);
    mancala_free(g);
    free(text);
    return 0;
}

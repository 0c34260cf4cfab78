/*
 * libFuzzer harness for game play. The first byte chooses a rules name,
 * or says that a position string follows (up to a newline); the second
 * sets the repetition option; every further byte is one call: a pit
 * number (legal or not, in range or not), a legal move, undo, clone, next
 * round, a playout, the move events, or all legal moves in turn. After
 * every call the invariants hold:
 *
 * - stones are conserved (pits + captured + banks);
 * - a call that fails changes nothing;
 * - mancala_undo() gives back the exact previous position string, and
 *   mancala_history_length() counts the moves that can be undone;
 * - every listed move plays, and every other pit is refused;
 * - the listed moves and the position after each move agree with the
 *   naive reference implementation of RULES.md (tests/reference.c).
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mancala.h"
#include "reference.h"

#include "fuzz/check.h"

#define MAX_TEXT 128
/* Calls per input, and so the deepest history the harness tracks. */
#define MAX_CALLS 2048

static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw",
                                    "rio-kadalis-5-cw"};

/* The positions before each move that can be undone. */
struct past {
    char text[MAX_CALLS][MAX_TEXT];
    int len;
};

static struct past past, past_of_clone;
static struct ref_game ref;

struct snapshot {
    char text[MAX_TEXT];
    uint64_t hash;
    int history, end, round, nmoves;
    int moves[MANCALA_MAX_PITS];
};

static void take(const mancala_game *g, struct snapshot *s)
{
    memset(s, 0, sizeof *s);
    int len = mancala_format(g, s->text, sizeof s->text);
    CHECK(len > 0 && len < MAX_TEXT);
    s->hash = mancala_hash(g);
    s->history = mancala_history_length(g);
    s->end = mancala_end_reason(g);
    s->round = mancala_round(g);
    s->nmoves = mancala_legal_moves(g, s->moves, MANCALA_MAX_PITS);
    CHECK(s->nmoves >= 0);
}

static int same(const struct snapshot *a, const struct snapshot *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static int total_stones(const mancala_game *g)
{
    const char *name = mancala_rules(g);
    return strcmp(name, "modiar") == 0 ? 42 : strstr(name, "-5") ? 40 : 48;
}

static void check_invariants(const mancala_game *g, const struct past *p)
{
    int stones = 0;
    for (int pit = 0; pit < mancala_num_pits(g); pit++)
        stones += mancala_pit(g, pit);
    for (int player = 0; player < 2; player++)
        stones += mancala_captured(g, player) + mancala_bank(g, player);
    CHECK(stones == total_stones(g));
    CHECK(mancala_history_length(g) == p->len);
    CHECK(mancala_is_over(g) == (mancala_legal_moves(g, NULL, 0) == 0));
}

/* The moves of the position and the one after `pit` (-1: none) against the
 * reference. The reference has no history, so a game over by repetition
 * is only compared by its position. */
static void check_reference(const mancala_game *before, const mancala_game *after, int pit)
{
    struct snapshot s;
    take(before, &s);
    CHECK(ref_parse(&ref, s.text) == 0);
    if (mancala_end_reason(before) != MANCALA_END_REPETITION) {
        int ref_moves[12];
        int count = ref_legal_moves(&ref, ref_moves);
        CHECK(count == s.nmoves);
        CHECK(memcmp(ref_moves, s.moves, (size_t)count * sizeof *ref_moves) == 0);
    }
    if (pit >= 0) {
        char expected[MAX_TEXT], text[MAX_TEXT];
        ref_play(&ref, pit);
        ref_format(&ref, expected, sizeof expected);
        mancala_format(after, text, sizeof text);
        CHECK(strcmp(text, expected) == 0);
    }
}

static void push(struct past *p, const char *text)
{
    CHECK(p->len < MAX_CALLS);
    memcpy(p->text[p->len++], text, MAX_TEXT);
}

/* Plays `pit`; returns its status after checking the outcome either way. */
static int play(mancala_game *g, struct past *p, int pit, int against_reference)
{
    struct snapshot before, after;
    take(g, &before);
    int listed = 0;
    for (int i = 0; i < before.nmoves; i++)
        listed |= before.moves[i] == pit;
    mancala_game *copy = NULL;
    if (against_reference && listed)
        CHECK(mancala_clone(&copy, g) == MANCALA_OK);
    int status = mancala_play(g, pit);
    take(g, &after);
    if (listed) {
        CHECK(status == MANCALA_OK);
        CHECK(after.history == before.history + 1);
        CHECK(mancala_ply(g) >= 1);
        push(p, before.text);
        if (copy)
            check_reference(copy, g, pit);
    } else {
        CHECK(status < 0);
        CHECK(status != MANCALA_E_NOMEM && status != MANCALA_E_INVALID);
        if (pit < 0 || pit >= mancala_num_pits(g))
            CHECK(status == MANCALA_E_RANGE);
        else if (before.end)
            CHECK(status == MANCALA_E_OVER);
        CHECK(same(&before, &after));
    }
    mancala_free(copy);
    return status;
}

static void undo(mancala_game *g, struct past *p)
{
    struct snapshot before, after;
    take(g, &before);
    int status = mancala_undo(g);
    take(g, &after);
    if (p->len == 0) {
        CHECK(status == MANCALA_E_NO_HISTORY);
        CHECK(same(&before, &after));
        return;
    }
    CHECK(status == MANCALA_OK);
    CHECK(strcmp(after.text, p->text[--p->len]) == 0);
}

static mancala_game *start(const uint8_t **data, size_t *size)
{
    mancala_game *g = NULL;
    uint8_t choice = **data;
    ++*data, --*size;
    if (choice % 8 < 5) {
        CHECK(mancala_new(&g, rules[choice % 8]) == MANCALA_OK);
        return g;
    }
    const uint8_t *end = memchr(*data, '\n', *size);
    size_t len = end ? (size_t)(end - *data) : *size;
    char text[MAX_TEXT];
    if (len >= sizeof text)
        return NULL;
    memcpy(text, *data, len);
    text[len] = '\0';
    *data += len + (end != NULL);
    *size -= len + (end != NULL);
    if (mancala_parse(&g, text, NULL, 0) != MANCALA_OK)
        return NULL;
    return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    mancala_game *g = start(&data, &size);
    if (!g || size == 0) {
        mancala_free(g);
        return 0;
    }
    past.len = 0;
    struct snapshot before, after;
    int status = mancala_set_option(g, MANCALA_OPT_REPETITION, *data & 1);
    CHECK(status == MANCALA_OK);
    data++, size--;
    check_reference(g, g, -1);

    for (size_t i = 0; i < size && i < MAX_CALLS; i++) {
        const int op = data[i] >> 4, arg = data[i] & 15;
        check_invariants(g, &past);
        take(g, &before);
        switch (op) {
        case 0: case 1: case 2: case 3: case 4: case 5:
            /* Any pit number, 12 to 15 out of range everywhere. */
            play(g, &past, arg, 1);
            break;
        case 6:
            play(g, &past, arg - 8, 1);
            break;
        case 7: case 8: case 9:
            /* A legal move, if there is one: long games. */
            if (before.nmoves)
                play(g, &past, before.moves[arg % before.nmoves], op == 7);
            else
                CHECK(play(g, &past, arg % mancala_num_pits(g), 0) == MANCALA_E_OVER);
            break;
        case 10:
            undo(g, &past);
            break;
        case 11: {
            /* Go on with a clone; the original must not follow its moves. */
            mancala_game *c = NULL;
            CHECK(mancala_clone(&c, g) == MANCALA_OK);
            take(c, &after);
            CHECK(same(&before, &after));
            if (after.nmoves) {
                memcpy(past_of_clone.text, past.text, (size_t)past.len * MAX_TEXT);
                past_of_clone.len = past.len;
                play(c, &past_of_clone, after.moves[arg % after.nmoves], 0);
                take(g, &after);
                CHECK(same(&before, &after));
                undo(c, &past_of_clone);
            }
            mancala_free(g);
            g = c;
            break;
        }
        case 12: {
            int is_rio = strcmp(mancala_rules(g), "modiar") != 0;
            status = mancala_next_round(g);
            take(g, &after);
            if (status == MANCALA_OK) {
                CHECK(is_rio && before.end);
                CHECK(after.round == before.round + 1);
                CHECK(after.history == 0 && mancala_ply(g) == 0);
                CHECK(mancala_captured(g, 0) == 0 && mancala_captured(g, 1) == 0);
                past.len = 0;
            } else {
                CHECK(status == (!is_rio ? MANCALA_E_UNSUPPORTED
                                 : !before.end ? MANCALA_E_NOT_OVER
                                               : MANCALA_E_MATCH_OVER));
                CHECK(mancala_match_over(g) == (status == MANCALA_E_MATCH_OVER || (!is_rio && before.end)));
                CHECK(same(&before, &after));
            }
            break;
        }
        case 13: {
            /* Every listed move plays and undoes; every other pit of the
             * board is refused. */
            for (int pit = 0; pit < mancala_num_pits(g); pit++)
                if (play(g, &past, pit, 0) == MANCALA_OK)
                    undo(g, &past);
            take(g, &after);
            CHECK(same(&before, &after));
            break;
        }
        case 14: {
            /* Without the repetition rule a playout may run a million
             * plies: too slow for fuzzing. */
            if (!mancala_get_option(g, MANCALA_OPT_REPETITION))
                break;
            int scores[2];
            int plies = mancala_playout(g, (uint64_t)arg * 0x9e3779b97f4a7c15u, scores);
            CHECK(plies >= 0 || plies == MANCALA_E_LIMIT);
            CHECK(scores[0] + scores[1] == total_stones(g));
            CHECK(scores[0] >= 0 && scores[1] >= 0);
            if (plies == 0)
                CHECK(before.end && scores[0] == mancala_score(g, 0) && scores[1] == mancala_score(g, 1));
            take(g, &after);
            CHECK(same(&before, &after));
            break;
        }
        case 15: {
            mancala_event ev[4];
            int count = mancala_last_move_events(g, ev, arg % 5);
            if (past.len == 0) {
                CHECK(count == MANCALA_E_NO_HISTORY);
            } else {
                CHECK(count >= 2);
                CHECK(mancala_last_move_events(g, NULL, 0) == count);
                if (arg % 5)
                    CHECK(ev[0].kind == MANCALA_EV_LAP && ev[0].player == !mancala_to_move(g));
            }
            take(g, &after);
            CHECK(same(&before, &after));
            break;
        }
        }
    }
    check_invariants(g, &past);
    mancala_free(g);
    return 0;
}

/*
 * A second, deliberately naive implementation of RULES.md, written
 * separately from lib/ for the differential tests: stone by stone, with
 * explicit lists instead of clever detection. Slow and obviously right.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_TEST_REFERENCE_H
#define MANCALA_TEST_REFERENCE_H

#include <stddef.h>

/* What a move changes. */
struct ref_pos {
    int pit[12];
    int captured[2];
};

struct ref_game {
    char rules[32];
    int n, npits, clockwise, modiar;
    int closed[12], bank[2];
    struct ref_pos pos;
    int to_move, ply;
    int repetition;     /* the repetition rule on */
    int over;           /* 0, 1 no legal move, 2 repetition */
    /* Positions (pits and player to move) since the last capture. */
    int seen_count;
    int seen[1024][13];
};

/* Sets up a valid canonical position string; returns 0 or -1. */
int ref_parse(struct ref_game *g, const char *text);
/* Writes the canonical string. */
void ref_format(const struct ref_game *g, char *buf, size_t size);
/* The legal moves, ascending. */
int ref_legal_moves(const struct ref_game *g, int *moves);
/* Plays a legal move, then applies the end of game and repetition rules. */
void ref_play(struct ref_game *g, int pit);
/* Score per RULES.md. */
int ref_score(const struct ref_game *g, int player);

#endif

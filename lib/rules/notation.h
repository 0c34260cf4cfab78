/*
 * The position notation of RULES.md (notation.c): a parsed position
 * before it becomes a handle, and a position written out.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_RULES_NOTATION_H
#define MANCALA_RULES_NOTATION_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

struct mc_position {
    struct mc_board board;
    struct mc_state state;
    uint8_t bank[2];
};

int mancala__parse_position(const char *text, struct mc_position *pos, char *errbuf, size_t errlen);
int mancala__format_position(const struct mc_board *b, const struct mc_state *s,
                       const uint8_t bank[2], char *buf, size_t size);

#endif /* MANCALA_RULES_NOTATION_H */

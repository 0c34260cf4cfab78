/*
 * What the front ends ask instead of writing it again: the rules sets and
 * their facts (read from the variants table, game/game.c), and the rounds
 * of a match (the pits each player opens, the closed pits, the name of a
 * round's table file).
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

MANCALA_EXPORT int mancala_rules_count(void)
{
    int count = 0;
    while (mancala__variant_at(count))
        count++;
    return count;
}

MANCALA_EXPORT const char *mancala_rules_name(int index)
{
    const struct mc_variant *v = mancala__variant_at(index);
    return v ? v->name : NULL;
}

/* The variant named `rules`: MANCALA_OK, or why there is none. */
static int find(const char *rules, const struct mc_variant **v)
{
    if (!rules)
        return MANCALA_E_INVALID;
    *v = mancala__variant_find(rules, strlen(rules));
    return *v ? MANCALA_OK : MANCALA_E_RULES;
}

MANCALA_EXPORT int mancala_rules_info(const char *rules, int fact)
{
    const struct mc_variant *v;
    const int status = find(rules, &v);
    if (status)
        return status;
    switch (fact) {
    case MANCALA_RULES_HOLES: return v->n;
    case MANCALA_RULES_STONES: return v->stones_per_pit;
    case MANCALA_RULES_CLOCKWISE: return v->direction < 0;
    case MANCALA_RULES_ROUNDS: return v->match;
    case MANCALA_RULES_FIRST_MOVE_FORFEITS: return v->forfeits_first;
    case MANCALA_RULES_TABLE_STONES: return v->table_stones;
    case MANCALA_RULES_DEFAULT_TABLE_STONES: return v->default_table_stones;
    default: return MANCALA_E_OPTION;
    }
}

MANCALA_EXPORT const char *mancala_rules_title(const char *rules)
{
    const struct mc_variant *v;
    return find(rules, &v) ? NULL : v->title;
}

/* The variant named `rules`, which must have rounds. */
static int find_match(const char *rules, const struct mc_variant **v)
{
    const int status = find(rules, v);
    return status ? status : (*v)->match ? MANCALA_OK : MANCALA_E_UNSUPPORTED;
}

MANCALA_EXPORT int mancala_round_open_pits(const char *rules, int stones)
{
    const struct mc_variant *v;
    const int status = find_match(rules, &v);
    if (status)
        return status;
    return stones < 0 ? MANCALA_E_INVALID : mc_round_open(v->n, stones);
}

/* The variant named `rules`, with rounds, and counts of open pits it has. */
static int check_round(const char *rules, int south_open, int north_open,
                       const struct mc_variant **v)
{
    const int status = find_match(rules, v);
    if (status)
        return status;
    const int n = (*v)->n;
    return south_open < 1 || south_open > n || north_open < 1 || north_open > n
               ? MANCALA_E_INVALID
               : MANCALA_OK;
}

MANCALA_EXPORT int mancala_round_closed_pits(const char *rules, int south_open, int north_open)
{
    const struct mc_variant *v;
    const int status = check_round(rules, south_open, north_open, &v);
    return status ? status : mc_round_closed(v->n, south_open, north_open);
}

MANCALA_EXPORT int mancala_round_table_name(const char *rules, int south_open, int north_open,
                                            char *buf, size_t size)
{
    const struct mc_variant *v;
    const int status = check_round(rules, south_open, north_open, &v);
    if (status)
        return status;
    if (!buf && size)
        return MANCALA_E_INVALID;
    return snprintf(buf, size, "%s-open-%d-%d.table", v->name, south_open, north_open);
}

/*
 * The variants: the one list of rules sets and every fact of each, and
 * the boards they are played on (lap tables, closed pits).
 *
 * SPDX-License-Identifier: MIT
 */
#include <pthread.h>

#include "rules/rules.h"

/* A new handle's set of positions starts with set_slots slots (it
 * doubles as the history grows; a clone copies only these): some 14
 * times the plies of a typical round (Rio Kadalis about 75, on 5 holes
 * about 42, a game of Modiar about 20), a power of two, so that the
 * lookup of a new position almost always meets an empty slot first, a
 * branch the processor then predicts. The sizes were chosen by
 * measurement (doc/performance.md). */

/* The one list of rules sets (mancala_rules_name() gives it out). A
 * table of the open Rio Kadalis board holds at most 16 stones on it
 * (30,421,755 entries, a solve of about 0.3 GiB; 24 would be 1.25 G
 * entries); the command solves 12 unless told. */
#define MODIAR_FACTS                                                                             \
    .rules = &mancala__modiar_rules, .n = 3, .stones_per_pit = 7, .direction = +1, .match = 0,   \
    .set_slots = 256, .forfeits_first = 1, .captures_fours = 0, .ladder = MC_LADDER_MODIAR,      \
    .table_stones = 42, .default_table_stones = 42, .title = "Modiar", .unit = "Game"
#define RIO_KADALIS_FACTS                                                                        \
    .rules = &mancala__rio_kadalis_rules, .stones_per_pit = 4, .match = 1, .forfeits_first = 0,  \
    .captures_fours = 1, .ladder = MC_LADDER_RIO_KADALIS, .table_stones = 16,                    \
    .default_table_stones = 12, .title = "Rio Kadalis", .unit = "Round"
static const struct mc_variant variants[] = {
    {.name = "modiar", MODIAR_FACTS},
    {.name = "rio-kadalis", RIO_KADALIS_FACTS, .n = 6, .direction = +1, .set_slots = 1024},
    {.name = "rio-kadalis-5", RIO_KADALIS_FACTS, .n = 5, .direction = +1, .set_slots = 512},
    {.name = "rio-kadalis-cw", RIO_KADALIS_FACTS, .n = 6, .direction = -1, .set_slots = 1024},
    {.name = "rio-kadalis-5-cw", RIO_KADALIS_FACTS, .n = 5, .direction = -1, .set_slots = 512},
};

int mancala__variant_index(const struct mc_variant *v)
{
    return (int)(v - variants);
}

const struct mc_variant *mancala__variant_at(int i)
{
    return i >= 0 && (size_t)i < sizeof variants / sizeof variants[0] ? &variants[i] : NULL;
}

const struct mc_variant *mancala__variant_find(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        if (strlen(variants[i].name) == len && memcmp(variants[i].name, name, len) == 0)
            return &variants[i];
    return NULL;
}

/* The board of `variant` with `closed` pits, its lap tables `shared` (or
 * its own, if NULL). */
static void board_make(struct mc_board *b, const struct mc_variant *variant, uint16_t closed,
                       const struct mc_open_laps *shared)
{
    const int npits = 2 * variant->n;
    b->variant = variant;
    b->closed = closed;
    b->npits = (uint8_t)npits;
    for (int p = 0; p < npits; p++) {
        int q = p;
        /* Rule 2 of Rio Kadalis: closed pits are skipped. With every other
         * pit closed, a pit's next is itself. */
        do
            q = (q + variant->direction + npits) % npits;
        while (q != p && (closed >> q & 1));
        b->next[p] = (uint8_t)q;
    }
    b->shared = shared;
    mancala__lap_tables(b);
}

/* The lap tables of each variant's board with every pit open, made once
 * (by whichever thread first needs them) and then only read. */
static struct mc_open_laps open_laps[sizeof variants / sizeof variants[0]];
static pthread_once_t open_laps_once = PTHREAD_ONCE_INIT;

static void make_open_laps(void)
{
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        struct mc_board b;
        board_make(&b, &variants[i], 0, NULL);
        mancala__open_laps(&open_laps[i], &b);
    }
}

void mancala__board_init(struct mc_board *b, const struct mc_variant *variant, uint16_t closed)
{
    const struct mc_open_laps *shared = NULL;
    if (!closed) {
        pthread_once(&open_laps_once, make_open_laps);
        shared = &open_laps[variant - variants];
    }
    board_make(b, variant, closed, shared);
}

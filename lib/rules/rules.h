/*
 * The rules layer: a position (struct mc_state), the board of a game or
 * round, the legal moves, the table of functions each game implements
 * and the variants that declare every fact of a rules set.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_RULES_RULES_H
#define MANCALA_RULES_RULES_H

#include <stdint.h>

#include "core/base.h"
#include "core/bits.h"

/* One position of a game or round, small enough to copy freely: the
 * history is an array of these. Closed pits and banks do not change during
 * a round, so they live in struct mc_board. */
struct mc_state {
    uint8_t pit[MANCALA_MAX_PITS]; /* stones per pit, 0 for closed pits */
    uint8_t captured[2];           /* stones captured this game or round */
    uint8_t to_move;               /* MANCALA_SOUTH or MANCALA_NORTH */
    uint8_t move;                  /* pit played to reach this position */
    uint32_t ply;
};

struct mc_variant;

/* Laps of fewer stones than open pits, sown by words (rio_kadalis.c):
 * run[p][h] has bit q set for each of the h open pits q after p, last[p][h]
 * is the last of them. The other entries of `last` (h = 0 or h >= open,
 * closed p) and its extra row are MANCALA_MAX_PITS, a pit that is not on
 * the board: the move list's tests read them, indexed by any count of
 * stones (at most 48) without a bound check. */
struct mc_laps {
    uint8_t last[MANCALA_MAX_PITS + 1][64];
    uint16_t run[MANCALA_MAX_PITS][MANCALA_MAX_PITS];
};

/* A lap of a board with every pit open, as lap_by_words() (rio_kadalis.c)
 * reads it in one place: the vector the lap adds (0xff in the byte of each
 * pit of mc_laps.run), and the mask that lifts its origin (0 in the
 * origin's byte, 0xff in the other pits'). Bytes 12 to 15 of the mask fall
 * on bytes of the pits past the board, always 0, which any mask leaves 0:
 * keep[MC_LAP_LAST] holds the lap's last pit. */
struct mc_lap {
    uint8_t run[16];
    uint8_t keep[16];
};
#define MC_LAP_LAST MANCALA_MAX_PITS

/* The tables of a variant's board with every pit open, made once and
 * shared by every such board: its lap tables, and each lap of fewer
 * stones than pits also as an mc_lap, one record where the lap tables
 * take a load and then two from a table of masks, and each lap waits for
 * those of the lap before. The 4,608 bytes are too many for the tables
 * each handle holds and copies (a board with closed pits keeps laps.run
 * alone). */
struct mc_open_laps {
    /* First: a lap's record is then found, and all of it read, from one
     * index (2 instructions fewer a lap than from behind `laps`). */
    _Alignas(32) struct mc_lap lap[MANCALA_MAX_PITS][MANCALA_MAX_PITS];
    struct mc_laps laps;
};

/* The board of the current game or round. Every move reads the fields
 * before the lap tables: they share a cache line. */
struct mc_board {
    const struct mc_variant *variant;
    uint16_t closed;                  /* bit p set: pit p is closed */
    uint8_t npits;                    /* 2n */
    uint8_t next[MANCALA_MAX_PITS];   /* next open pit in the sowing direction */
    uint8_t open;                     /* open pits */
    uint8_t north[MANCALA_MAX_PITS];  /* 0xff for each of North's pits, 0 for South's */
    uint16_t row_open[2];             /* bit p set: pit p is an open pit of that
                                       * player's row */
    /* The lap tables (mc_laps()): with every pit open, the variant's, made
     * once and shared by every board (the handles of a batch then read one
     * copy, which stays in the caches, not a kilobyte each); else `own`.
     * A board copied stays right either way. */
    const struct mc_open_laps *shared;
    struct mc_laps own;
};

static inline const struct mc_laps *mc_laps(const struct mc_board *b)
{
    return b->shared ? &b->shared->laps : &b->own;
}

/* The legal moves of a position, and the positions they lead to. */
struct mc_moves {
    int count;
    uint16_t legal;                /* bit p set: pit p is among pit[] */
    uint16_t known;                /* bit i set: child[i] is the position after pit[i] */
    uint8_t pit[MANCALA_MAX_PITS];
    struct mc_state child[MANCALA_MAX_PITS];
};

/* Lists the pits of `legal` (of the row whose first pit is `first`) in
 * ascending order, without their children, from a table and without a
 * loop: row_pits[row] has the pits of `row` (bit i: the row's i-th pit)
 * counted from the row's first, one a byte from the lowest. */
#define MC_ROW_BELOW(row, i)                                                                     \
    (((row) & 1) * ((i) > 0) + ((row) >> 1 & 1) * ((i) > 1) + ((row) >> 2 & 1) * ((i) > 2) +     \
     ((row) >> 3 & 1) * ((i) > 3) + ((row) >> 4 & 1) * ((i) > 4))
#define MC_ROW_PIT(row, i) ((uint64_t)((row) >> (i) & 1) * (i) << 8 * MC_ROW_BELOW(row, i))
#define MC_ROW_PITS(row)                                                                         \
    (MC_ROW_PIT(row, 1) | MC_ROW_PIT(row, 2) | MC_ROW_PIT(row, 3) | MC_ROW_PIT(row, 4) |         \
     MC_ROW_PIT(row, 5))
#define MC_ROW_PITS4(r) MC_ROW_PITS(r), MC_ROW_PITS((r) + 1), MC_ROW_PITS((r) + 2), MC_ROW_PITS((r) + 3)
#define MC_ROW_PITS16(r)                                                                         \
    MC_ROW_PITS4(r), MC_ROW_PITS4((r) + 4), MC_ROW_PITS4((r) + 8), MC_ROW_PITS4((r) + 12)
static inline void mc_list_row(struct mc_moves *out, unsigned legal, int first)
{
    static const uint64_t row_pits[64] = {MC_ROW_PITS16(0), MC_ROW_PITS16(16), MC_ROW_PITS16(32),
                                          MC_ROW_PITS16(48)};
    const unsigned row = legal >> first & 63;
    mc_store_bytes(out->pit, row_pits[row] + (uint64_t)first * 0x0101010101010101u, 8);
    out->count = mc_count_row_bits(row);
    out->legal = (uint16_t)legal;
    out->known = 0;
}

/* Collects the events of a move for mancala_last_move_events(): events
 * `skip` to `skip + cap - 1` go to `events`, every one is counted. The rule
 * code takes NULL when nobody listens (the hot path). */
struct mc_recorder {
    mancala_event *events;
    size_t cap;
    size_t count;
    size_t skip;
};

static inline void mc_record(struct mc_recorder *rec, int kind, int pit, int stones, int player)
{
    if (!rec)
        return;
    /* Before `skip`, the difference wraps round to a large number. */
    size_t i = rec->count - rec->skip;
    if (i < rec->cap) {
        mancala_event *e = &rec->events[i];
        e->kind = kind;
        e->pit = pit;
        e->stones = stones;
        e->player = player;
    }
    rec->count++;
}

/* What each game implements: one file per game. Internal functions and
 * tables that are not static carry the prefix mancala__, so that even the
 * static library defines no global name outside the mancala namespace. */
struct mc_rules {
    /* Plays `pit`, an open pit of the mover's row, from `s` into `out`
     * (which then has the other player to move and ply + 1), recording the
     * events into `rec` (may be NULL). Returns 0, or the MANCALA_E_* reason
     * the move is illegal taken alone; `out` is then unspecified. */
    int (*sow)(const struct mc_board *b, const struct mc_state *s, int pit,
               struct mc_state *out, struct mc_recorder *rec);
    /* Plays `pit`, a legal move of `s`, into `out` as sow() does, and
     * lists the moves of `out` into `moves` as list() does: the move of
     * mancala_play(), in one call (the position reached is listed as the
     * sowing leaves it, not read back from memory). */
    void (*step)(const struct mc_board *b, const struct mc_state *s, int pit,
                 struct mc_state *out, struct mc_moves *moves);
    /* Lists the legal moves of `s` in ascending order with all their
     * children (out->known has a bit for each). If `why` is not NULL,
     * why[p] receives 0 for each legal pit p of the mover's row and the
     * MANCALA_E_* reason for each other one. */
    void (*generate)(const struct mc_board *b, const struct mc_state *s,
                     struct mc_moves *out, int8_t *why);
    /* Lists the same moves as generate() with only the children that
     * deciding legality computed anyway (marked in out->known; the others
     * are unspecified): the handle sows the move played if its child is
     * not known. */
    void (*list)(const struct mc_board *b, const struct mc_state *s, struct mc_moves *out);
    /* Optional (NULL if the game has none): for a game where a move is
     * legal or not by its own sowing alone (sow() then returns the
     * reason), the moves that are legal unless sown otherwise, with no
     * child (out->known 0; out->legal has their pits).
     * mancala_playout() draws among them and sows only the move drawn. */
    void (*candidates)(const struct mc_board *b, const struct mc_state *s, struct mc_moves *out);
    /* mancala_play() on `game` (not NULL), and its first half for a
     * batch: mc_play_move() (handle.h) with this game's step, two copies
     * (MC_DEFINE_PLAY). */
    int (*play)(struct mancala_game *game, int pit);
    int (*play_half)(struct mancala_game *game, int pit);
};

/* The strength levels' ladders (engine/level.c), one for each game. */
enum { MC_LADDER_MODIAR, MC_LADDER_RIO_KADALIS, MC_LADDERS };

/* Everything the library knows of a rules set, declared once in the
 * variants table (game/game.c): the code asks these fields, never the name. */
struct mc_variant {
    const char *name;             /* the notation's RULES field */
    const struct mc_rules *rules;
    uint8_t n;                    /* pits per row */
    uint8_t stones_per_pit;       /* at the start */
    int8_t direction;             /* +1 counter-clockwise, -1 clockwise */
    uint8_t match;                /* closed pits, banks and rounds (Rio Kadalis) */
    uint16_t set_slots;           /* of a new handle's set of positions (game.c) */
    uint8_t forfeits_first;       /* the game's first move captures nothing (Modiar rule 4) */
    uint8_t captures_fours;       /* a capture is a four as it forms (Rio Kadalis rule 3) */
    uint8_t ladder;               /* MC_LADDER_*: the strength levels */
    uint8_t table_stones;         /* the most stones a table of the open board covers */
    uint8_t default_table_stones; /* the `mancala solve` default */
    const char *title;            /* the game's name in words */
    const char *unit;             /* what one handle's play is called: "Game" or "Round" */
};

/* Whether the capture of the move from `s` is forfeited (Modiar rule 4:
 * the game's very first move captures nothing). The rules file itself
 * tests the ply alone (modiar.c, forfeits()). */
static inline int mc_forfeits_capture(const struct mc_variant *v, const struct mc_state *s)
{
    return v->forfeits_first && s->ply == 0;
}

extern const struct mc_rules mancala__modiar_rules;
extern const struct mc_rules mancala__rio_kadalis_rules;

/* For the tests of rio_kadalis.c: one lap (rules 2 to 5) from `from`, in
 * place on `s`, sown stone by stone or by words; returns the pit the move
 * relays from, or -1 if it ends. And a whole move (rules 1 to 6) sown
 * either way, as the rules' sow() does. */
int mancala__rio_lap(const struct mc_board *b, struct mc_state *s, int from, int by_words);
int mancala__rio_move(const struct mc_board *b, const struct mc_state *s, int pit,
                      struct mc_state *out, int by_words);

/* The variants, looked up by name; NULL if unknown. `len` bytes of `name`
 * are compared (the notation parser passes a field, not a C string). */
const struct mc_variant *mancala__variant_find(const char *name, size_t len);
/* The variant numbered `i` (from 0), or NULL past the last; and the
 * number of a variant. */
const struct mc_variant *mancala__variant_at(int i);
int mancala__variant_index(const struct mc_variant *v);

static inline int mc_total_stones(const struct mc_variant *v)
{
    return 2 * v->n * v->stones_per_pit;
}

/* The stones of a position: in its pits and captured (a match's banks
 * hold the rest of the variant's stones). */
static inline int mc_stones(const struct mc_state *s)
{
    int stones = s->captured[0] + s->captured[1];
    for (int p = 0; p < MANCALA_MAX_PITS; p++)
        stones += s->pit[p];
    return stones;
}

/* RULES.md, "Match": a player holding `stones` opens one pit for each
 * four, at most the `n` of a row, from the highest-numbered down; the
 * closed pits when South has `ks` open and North `kn`. */
static inline int mc_round_open(int n, int stones)
{
    return stones / 4 < n ? stones / 4 : n;
}

static inline uint16_t mc_round_closed(int n, int ks, int kn)
{
    const unsigned row = (1u << n) - 1;
    return (uint16_t)(row >> ks | (row >> kn) << n);
}

/* The owner of a pit's row. */
static inline int mc_owner(const struct mc_board *b, int pit)
{
    return pit >= b->variant->n;
}

/* Sets up `b` for `variant` with the given closed pits. */
void mancala__board_init(struct mc_board *b, const struct mc_variant *variant, uint16_t closed);
/* b->open, b->north, b->row_open and, unless b->shared, the lap tables of `b`, from
 * b->next (rio_kadalis.c). */
void mancala__lap_tables(struct mc_board *b);
/* The shared tables of `b`, a board with every pit open and its own
 * tables (rio_kadalis.c). */
void mancala__open_laps(struct mc_open_laps *out, const struct mc_board *b);

/* Bookkeeping every move ends with. */
static inline void mc_finish_move(struct mc_state *out, int pit)
{
    out->to_move ^= 1;
    out->ply++;
    out->move = (uint8_t)pit;
}

#endif /* MANCALA_RULES_RULES_H */

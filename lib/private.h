/*
 * Internal interface of libmancala: the game state, the table of functions
 * each game implements, and the export macro. Nothing here is installed.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_PRIVATE_H
#define MANCALA_PRIVATE_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "mancala.h"

/* Put on the definition of every public function; everything else is
 * hidden by the build (-fvisibility=hidden) and the version script; in a
 * Windows DLL, only what it marks is exported. */
#ifdef _WIN32
#define MANCALA_EXPORT __declspec(dllexport)
#else
#define MANCALA_EXPORT __attribute__((visibility("default")))
#endif

/* For the few functions of the hot path that must be inlined into each
 * caller to keep their values in registers. */
#define MC_ALWAYS_INLINE inline __attribute__((always_inline))

/* For code inlined for speed where a second copy is cheap: in the
 * WebAssembly module, whose size has a budget, it stays out of line. */
#ifdef __EMSCRIPTEN__
#define MC_INLINE_NATIVE __attribute__((noinline))
#else
#define MC_INLINE_NATIVE MC_ALWAYS_INLINE
#endif

/* Asks the processor to fetch the cache line of `address` (to write it
 * if `write` is 1), where the compiler can say so; changes nothing. */
#if defined(__GNUC__) || defined(__clang__)
#define MC_PREFETCH(address, write) __builtin_prefetch((address), (write))
#else
#define MC_PREFETCH(address, write) ((void)(address))
#endif

/* Output with snprintf() semantics, for the writers of positions, match
 * records and pictures: `len` counts every byte asked for, at most
 * size - 1 of them are stored (notation.c). */
struct mc_out {
    char *buf;
    size_t size;
    size_t len;
};
__attribute__((format(printf, 2, 3))) void mancala__put(struct mc_out *o, const char *fmt, ...);

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

/* The player's name in the library's texts (the picture, the narration). */
static inline const char *mc_player_name(int player)
{
    return player == MANCALA_SOUTH ? "South" : "North";
}

/* The lowest set bit of a non-zero `bits` (a de Bruijn sequence: portable
 * C, and no branch). */
static inline int mc_lowest_bit(unsigned bits)
{
    static const uint8_t position[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                         15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                         16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
    return position[(uint32_t)((bits & -bits) * 0x077cb531u) >> 27];
}

/* The number of set bits of `bits`, a set of pits of one row (below
 * 2^6): a table read. */
#define MC_BITS2(k) k, k + 1, k + 1, k + 2
#define MC_BITS4(k) MC_BITS2(k), MC_BITS2(k + 1), MC_BITS2(k + 1), MC_BITS2(k + 2)
static inline int mc_count_row_bits(unsigned bits)
{
    static const uint8_t count[64] = {MC_BITS4(0), MC_BITS4(1), MC_BITS4(1), MC_BITS4(2)};
    return count[bits & 63];
}

/* The 8 bytes at `p` as a word, the first the lowest (on any byte order). */
static inline uint64_t mc_load_le64(const uint8_t *p)
{
    /* One load where the machine stores the low byte first: compilers
     * recognise the pattern. */
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

/* Stores the `len` (at most 8) lowest bytes of `x` at `p`, the lowest
 * first, on any byte order. Where the machine stores the low byte first
 * (known to the compiler), they are the word's first bytes: with `len` a
 * constant, a store or two. */
static inline void mc_store_bytes(uint8_t *p, uint64_t x, int len)
{
    const uint16_t one = 1;
    uint8_t low;
    memcpy(&low, &one, 1);
    if (low) {
        memcpy(p, &x, (size_t)len);
        return;
    }
    for (int i = 0; i < len; i++) /* GCOVR_EXCL_LINE: big-endian machines only */
        p[i] = (uint8_t)(x >> 8 * i); /* GCOVR_EXCL_LINE */
}

/* Stores `low` then `high` at `p`, each the lowest byte first, on any byte
 * order: where the machine stores the low byte first, as one 16-byte
 * store, so that a 16-byte load of them that follows is served from it
 * (stored in parts, such a load waits until they reach the cache). */
static inline void mc_store_le128(uint8_t *p, uint64_t low, uint64_t high)
{
    typedef uint64_t words __attribute__((vector_size(16)));
    const uint16_t one = 1;
    uint8_t first;
    memcpy(&first, &one, 1);
    if (first) {
        const words w = {low, high};
        memcpy(p, &w, sizeof w);
        return;
    }
    mc_store_bytes(p, low, 8); /* GCOVR_EXCL_LINE: big-endian machines only */
    mc_store_bytes(p + 8, high, 8); /* GCOVR_EXCL_LINE */
}

/* A byte for each bit of `bits` (below 2^7, a set of pits of one row):
 * byte i (counted from the lowest) is bit i. The multiplication adds a
 * copy of `bits` at every seventh bit, so bit i of copy i lands on bit 8i;
 * copies of 7 bits do not overlap, so no carry disturbs them. */
static inline uint64_t mc_row_bytes(unsigned bits)
{
    return (uint64_t)bits * 0x0002040810204081u & 0x0101010101010101u;
}

/* The other way: bit i for byte i of `bytes` (the lowest first), each 0
 * or 1. The multiplication puts byte i's bit on bit 56 + i. */
static inline unsigned mc_row_bits(uint64_t bytes)
{
    return (unsigned)(bytes * 0x0102040810204080u >> 56);
}

/* A 16-bit fingerprint of a Rio Kadalis lap start on a ring of open pits:
 * ring[0] the stones of the origin (the hand), ring[i] those of the i-th
 * open pit after it in the sowing direction, 0 from the ring's end to
 * ring[15]. The table of endless lap starts (endless_table.h, written by
 * tools/endless_gen.c) holds the fingerprints of the endless ones; the
 * move list compares. */
static inline unsigned mc_ring_words_fingerprint(uint64_t low, uint64_t high)
{
    uint64_t h = low * 0x9e3779b97f4a7c15u ^ high;
    h = (h ^ h >> 29) * 0xbf58476d1ce4e5b9u;
    return (unsigned)(h >> 48);
}

static inline unsigned mc_ring_fingerprint(const uint8_t ring[16])
{
    return mc_ring_words_fingerprint(mc_load_le64(ring), mc_load_le64(ring + 8));
}

/* The ring of a Rio Kadalis board with every pit open (its m pits in
 * order, the last next to the first) as one number that depends only on
 * which stone counts are neighbours: the sum, over the m pairs of
 * neighbouring pits, of the product of their keys (keys[c] for c
 * stones, at most 48), mixed. Read from any pit, either way round, it is
 * the same: so every lap start of the board has it. The move list tests
 * a board by it against a filter of the endless lap starts' numbers
 * (endless_table.h, written by tools/endless_gen.c, with the keys). */
static inline uint64_t mc_ring_pairs(const uint8_t *ring, int m, const uint64_t keys[64])
{
    const uint64_t first = keys[ring[0]];
    uint64_t sum = 0, previous = first;
#pragma GCC unroll 12
    for (int i = 1; i < m; i++) {
        const uint64_t key = keys[ring[i]];
        sum += previous * key;
        previous = key;
    }
    sum += previous * first;
    return (sum ^ sum >> 29) * 0xbf58476d1ce4e5b9u;
}

/* The two bits of a filter of `size` bits (below 2^32) that stand for
 * the number `h`: its high and low halves, each scaled to the size. */
static inline void mc_filter_bits(uint64_t h, uint32_t size, uint32_t bit[2])
{
    bit[0] = (uint32_t)((h >> 32) * size >> 32);
    bit[1] = (uint32_t)((h & 0xffffffffu) * size >> 32);
}

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

struct mc_variant {
    const char *name;             /* the notation's RULES field */
    const struct mc_rules *rules;
    uint8_t n;                    /* pits per row */
    uint8_t stones_per_pit;       /* at the start */
    int8_t direction;             /* +1 counter-clockwise, -1 clockwise */
    uint8_t match;                /* closed pits, banks and rounds (Rio Kadalis) */
    uint16_t set_slots;           /* of a new handle's set of positions (game.c) */
};

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

static inline int mc_total_stones(const struct mc_variant *v)
{
    return 2 * v->n * v->stones_per_pit;
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

/* Notation (notation.c): a parsed position before it becomes a handle. */
struct mc_position {
    struct mc_board board;
    struct mc_state state;
    uint8_t bank[2];
};

int mancala__parse_position(const char *text, struct mc_position *pos, char *errbuf, size_t errlen);
int mancala__format_position(const struct mc_board *b, const struct mc_state *s,
                       const uint8_t bank[2], char *buf, size_t size);

/* Read by the match record (record.c): the position the handle was
 * created at, the moves of the finished rounds (each round followed by
 * MC_LOG_ROUND_END), and the move played from position i of the current
 * round's history (i < mancala_history_length()). */
#define MC_LOG_ROUND_END 0xff
void mancala__start_position(const mancala_game *game, struct mc_position *pos);
const uint8_t *mancala__round_log(const mancala_game *game, uint32_t *len);
int mancala__history_move(const mancala_game *game, uint32_t i);

/*
 * Whether a run of a searcher (search.c, mcts.c) is under way and asked to
 * stop. The cancel calls may come from any thread or a signal handler, so
 * this is a lock-free atomic; a run polls it with relaxed loads (a plain
 * load on common processors) and only stops, so no other memory needs
 * ordering. A cancel while no run is under way does nothing.
 */
enum { MC_RUN_IDLE = 0, MC_RUN_ACTIVE = 1, MC_RUN_CANCEL = 2 };
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the cancel calls need a lock-free atomic int");

static inline void mc_run_begin(atomic_int *run)
{
    atomic_store(run, MC_RUN_ACTIVE);
}

static inline void mc_run_end(atomic_int *run)
{
    atomic_store(run, MC_RUN_IDLE);
}

static inline int mc_run_cancelled(atomic_int *run)
{
    return atomic_load_explicit(run, memory_order_relaxed) == MC_RUN_CANCEL;
}

/* Asks the run under way to stop: 1 if one is under way, else 0. */
static inline int mc_run_cancel(atomic_int *run)
{
    int expected = MC_RUN_ACTIVE;
    return atomic_compare_exchange_strong(run, &expected, MC_RUN_CANCEL) ||
           expected == MC_RUN_CANCEL;
}

/* A wall-clock time limit (search.c), shared by the searchers. */
struct mc_deadline {
    struct timespec at;
    int active;  /* 0: no limit, or one beyond what the clock can hold */
};
/* Starts a limit of `ms` milliseconds from now (none if ms <= 0). */
void mancala__deadline_start(struct mc_deadline *d, int64_t ms);
int mancala__deadline_passed(const struct mc_deadline *d);

/* The deepest iteration of the search (search.c, level.c). */
#define MC_SEARCH_MAX_DEPTH 128

/* The limits of a searcher (search.c), for the strength levels (level.c):
 * sets `new_limits`, returning the old ones in `old` (which may be the
 * same). `score_all` makes the search score every root move exactly. */
struct mc_limits {
    int depth;
    uint64_t nodes;
    int64_t time_ms;
    int score_all;
};
void mancala__search_limits(mancala_search *search, struct mc_limits *old,
                            const struct mc_limits *new_limits);
/* Whether a run of the searcher is under way (called from its evaluation). */
int mancala__search_running(const mancala_search *search);
/* After a run with score_all: each root move's score, indexed by pit. */
const int *mancala__search_root_scores(const mancala_search *search);

/* The events of the last move from number `skip` on, as
 * mancala_last_move_events() gives them from 0 (game.c): for the
 * narration (describe.c), which reads a move of any length in pages. */
int mancala__last_move_events(const mancala_game *game, mancala_event *events, size_t cap,
                              size_t skip);

/* For the learning interface (research.c, batch.c), from game.c: a view
 * of a handle's position; the plies since the last capture of the round
 * (or since the handle was created), the positions the repetition rule
 * remembers; restarting a handle at the position it was created at
 * (options, allocator and memory kept, nothing allocated), its set of
 * positions starting again at `slots` slots if that is no more than it
 * has (a power of two; it doubles as a round grows, as ever; 0 keeps the
 * size it has); and reserving
 * room for `log_bytes` bytes of the match log, so that
 * mancala_next_round() does not allocate while they suffice. */
struct mc_view {
    const struct mc_board *board;
    const struct mc_state *state;
    const uint8_t *bank;
    uint16_t legal;        /* bit p: pit p is a legal move (0 once over) */
    const uint8_t *moves;  /* the legal pits in ascending order, as many as
                            * `legal` has bits */
    uint8_t end;           /* enum mancala_end */
    int round;
    uint32_t history_room; /* moves mancala_play() makes without allocating */
    uint32_t log_room;     /* bytes the match log takes without allocating */
};
void mancala__view(const mancala_game *game, struct mc_view *view);
/* mancala_play() in two halves, for a batch that moves another game in
 * between: the first plays the move and lists the next moves, the second
 * applies the repetition rule, whose lookup in the set of positions is
 * then under way, and writes the view of the position reached. Nothing
 * else may use the handle in between. The first plays `action` (relative
 * to the mover: the mover's first pit is 0), which must be legal, or if
 * it is negative the k-th legal move, k drawn from `*rng` (uniform among
 * the legal moves, which the handle lists in ascending order); it returns
 * the action played, and *captured becomes 1 if the move captured. */
int mancala__play_begin(mancala_game *game, int action, uint64_t *rng, int *captured);
void mancala__play_end(mancala_game *game, struct mc_view *view);
/* Asks the processor to fetch the parts of handle `far` that a move reads
 * first, and the parts of the history of handle `near` that its next move
 * writes (found from the first parts: `near` is a handle whose first parts
 * were asked for earlier), for a batch that does so a few games ahead.
 * Either may be NULL. Changes nothing. */
void mancala__prefetch(const mancala_game *far, const mancala_game *near);
/* The allocator of handles created without one (realloc() and free()). */
void *mancala__default_alloc(void *opaque, void *ptr, size_t size);
int mancala__quiet_plies(const mancala_game *game);
void mancala__restart(mancala_game *game, uint32_t slots);
int mancala__reserve(mancala_game *game, uint32_t log_bytes);

/* The tags of a handle (tags.c): `count` tags as "key\0value\0" pairs in
 * `block` (`len` bytes, NULL when there are none), allocated with the
 * handle's allocator; game.c frees and clones the block. The accessor
 * takes a const handle for the readers; only mancala_tag_set() writes. */
struct mc_tags {
    char *block;
    uint32_t len;
    int count;
};
struct mc_tags *mancala__tags(const mancala_game *game);
/* The handle's allocator: a new block (ptr NULL), or freeing (size 0). */
void *mancala__game_alloc(const mancala_game *game, void *ptr, size_t size);

#endif /* MANCALA_PRIVATE_H */

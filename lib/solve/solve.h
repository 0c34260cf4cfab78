/*
 * The solved table of Modiar: what the solver (solve.c) and the reader
 * (solve_table.c) share — the index of positions, the layout of an entry
 * and of the file header. The format is documented for users at
 * mancala_solve_modiar() in include/mancala.h; this file is its one
 * definition in code.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_SOLVE_H
#define MANCALA_SOLVE_H

#include <stdint.h>
#include <xxhash.h>

#include "game/game.h"

enum {
    MT_PITS = 6,           /* Modiar's board */
    MT_ROW = 3,
    MT_MAX_STONES = 42,    /* stones at the start: every position has at most these */
    MT_HEADER_SIZE = 64,
    MT_ENTRY_SIZE = 4,     /* format 2: int8 lo, int8 hi, uint16 distance (little-endian) */
    MT_VERSION = 2,        /* 1: the FNV-1a checksum; 2: XXH3 */
    MT_VERSION_LEAN = 3,   /* the lean solver's: 2 bytes an entry, 64-bit count */
    MT_ENTRY_SIZE_LEAN = 2,
    MT_INDEX_MOVER_FIRST = 1, /* the index scheme below, by its number in the header */
};

/* Distance of a position the player not to move cannot force to an end
 * (see the solver): it never counts as progress. */
#define MT_NO_DISTANCE 0xffffu

/* The first 8 bytes of a table file: like PNG's signature, a non-ASCII
 * byte, the name, and the line endings that text-mode copies mangle. */
static const uint8_t mt_magic[8] = {0x89, 'M', 'C', 'T', '\r', '\n', 0x1a, '\n'};

/*
 * The index scheme (MT_INDEX_MOVER_FIRST). A position is its six pit
 * counts seen from the player to move: r[0..2] the mover's row in sowing
 * order, r[3..5] the opponent's (for South to move r[i] = pit[i]; for
 * North r[i] = pit[(i + 3) % 6]). Turning the board round is a symmetry of
 * the rules, so one entry serves both players. Positions are ordered by
 * stones on the board s, then lexicographically by r[0], ..., r[5]; the
 * index is the number of positions before it:
 *
 *     C(s + 5, 6) + sum over i < 5 of [ W(s_i, 6 - i) - W(s_i - r[i], 6 - i) ]
 *
 * with s_i = s - r[0] - ... - r[i-1] and W(n, k) = C(n + k - 1, k - 1), the
 * number of ways to put n stones into k pits. A table for positions of at
 * most S stones has C(S + 6, 6) entries: 12,271,512 for S = 42.
 */
enum {
    MT_MOST_PITS = MANCALA_MAX_PITS,  /* Rio Kadalis endgames: 12 pits */
    MT_MOST_STONES = 48,              /* Rio Kadalis: 48 stones */
};

struct mt_binomial {
    uint64_t c[MT_MOST_STONES + MT_MOST_PITS + 1][MT_MOST_PITS + 1];
};

static inline void mt_binomial_init(struct mt_binomial *b)
{
    for (int n = 0; n <= MT_MOST_STONES + MT_MOST_PITS; n++)
        for (int k = 0; k <= MT_MOST_PITS; k++)
            b->c[n][k] = k == 0 ? 1 : n == 0 ? 0 : b->c[n - 1][k - 1] + b->c[n - 1][k];
}

/* Ways to put n stones into k >= 1 pits. */
static inline uint64_t mt_ways(const struct mt_binomial *b, int n, int k)
{
    return b->c[n + k - 1][k - 1];
}

/* Positions of k pits with fewer than s stones: where layer s starts. */
static inline uint64_t mt_layer_start_k(const struct mt_binomial *b, int s, int k)
{
    return b->c[s + k - 1][k];
}

/* Index of the mover-first pit counts r of k pits. */
static inline uint32_t mt_index_k(const struct mt_binomial *b, const uint8_t *r, int k)
{
    int s = 0;
    for (int i = 0; i < k; i++)
        s += r[i];
    uint64_t index = mt_layer_start_k(b, s, k);
    for (int i = 0; i < k - 1; i++) {
        index += mt_ways(b, s, k - i) - mt_ways(b, s - r[i], k - i);
        s -= r[i];
    }
    return (uint32_t)index;
}

/* The pits of a state seen from its player to move, on a board of `pits`
 * pits, `pits / 2` a row. */
static inline void mt_mover_first_k(const struct mc_state *st, uint8_t *r, int pits)
{
    const int shift = st->to_move * pits / 2;
    for (int i = 0; i < pits; i++)
        r[i] = st->pit[(i + shift) % pits];
}

/* The next k pit counts of the same sum in index order; 0 after the last. */
static inline int mt_next_position(uint8_t *r, int k)
{
    int tail = r[k - 1], j = k - 2;
    while (j >= 0 && tail == 0)
        tail += r[j--];
    /* Now r[j + 1 ... k - 1] holds tail > 0 stones, or j < 0. */
    if (j < 0)
        return 0;
    r[j]++;
    for (int i = j + 1; i < k; i++)
        r[i] = 0;
    r[k - 1] = (uint8_t)(tail - 1);
    return 1;
}

/* The most stones on the board a table of the variant may cover: all of
 * them (Modiar's 42; 48 or 40 for Rio Kadalis, whose tables are bounded
 * by their entry count instead). */
static inline int mt_most_stones(const struct mc_variant *v)
{
    return mc_total_stones(v);
}

/* The most entries of a table: format 2's count is 32 bits; format 3's
 * 64, and its tables are bounded by memory long before this. */
#define MT_MOST_ENTRIES UINT32_MAX
#define MT_MOST_ENTRIES_LEAN (UINT64_C(1) << 40)

/*
 * Round configurations (Rio Kadalis). A table covers the positions of one
 * board: its closed pits (bit p of `closed`), and the layers of s stones
 * on the board for s = 0 ... max_stones with s a multiple of `step` (1, or
 * 4: captures take four stones, so the layers of multiples of four depend
 * on no other). Positions are the counts of the open pits seen from the
 * player to move: open[side] lists the open pits in the order
 * (p + side * n) % 2n, so that for every pit open this is index scheme 1
 * (MT_INDEX_MOVER_FIRST) unchanged. Where the closed pits are the same
 * after turning the board round (such as none), one entry serves both
 * players (sides = 1); otherwise each layer holds the positions with
 * South to move, then those with North to move (sides = 2).
 */
struct mt_layout {
    struct mt_binomial binom;
    int pits, n;                       /* the board: 2n pits */
    uint16_t closed;
    int step, max_stones;
    int open_count;                    /* m: open pits */
    int sides;
    uint8_t open[2][MT_MOST_PITS];     /* open pits, mover first */
    uint64_t layer[MT_MOST_STONES + 2]; /* first entry of layer s, for covered s */
    uint64_t count;                    /* entries */
    int version, entry_size;           /* the file format of the entries */
};

/* Sets up the layout of a table of format `version` (MT_VERSION or
 * MT_VERSION_LEAN); returns 0 if the arguments make no table (a step
 * other than 1 or 4, too many stones, no open pit or too many entries). */
static inline int mt_layout_init_format(struct mt_layout *l, int n, uint16_t closed,
                                        int max_stones, int step, int version)
{
    memset(l, 0, sizeof *l);
    l->version = version;
    l->entry_size = version == MT_VERSION_LEAN ? MT_ENTRY_SIZE_LEAN : MT_ENTRY_SIZE;
    mt_binomial_init(&l->binom);
    l->n = n;
    l->pits = 2 * n;
    l->closed = closed;
    l->step = step;
    l->max_stones = max_stones;
    if ((step != 1 && step != 4) || max_stones < 0 || max_stones > MT_MOST_STONES ||
        closed >> l->pits)
        return 0;
    const unsigned all = (1u << l->pits) - 1;
    const unsigned turned = ((closed >> n) | (closed << n)) & all;
    l->sides = turned == closed ? 1 : 2;
    for (int side = 0; side < 2; side++) {
        int m = 0;
        for (int i = 0; i < l->pits; i++) {
            const int p = (i + side * n) % l->pits;
            if (!(closed >> p & 1))
                l->open[side][m++] = (uint8_t)p;
        }
        l->open_count = m;
    }
    if (l->open_count == 0)
        return 0;
    uint64_t count = 0;
    for (int s = 0; s <= max_stones + 1; s++) {
        l->layer[s] = count;
        if (s <= max_stones && s % step == 0)
            count += (uint64_t)l->sides * mt_ways(&l->binom, s, l->open_count);
    }
    l->count = count;
    return count <= (version == MT_VERSION_LEAN ? MT_MOST_ENTRIES_LEAN : MT_MOST_ENTRIES);
}

/* The layout of a table of format 2 (see above). */
static inline int mt_layout_init(struct mt_layout *l, int n, uint16_t closed, int max_stones,
                                 int step)
{
    return mt_layout_init_format(l, n, closed, max_stones, step, MT_VERSION);
}

/* Whether the table covers a layer. */
static inline int mt_layout_covers(const struct mt_layout *l, int s)
{
    return s >= 0 && s <= l->max_stones && s % l->step == 0;
}

/* Positions in a layer (both sides). */
static inline uint64_t mt_layout_size(const struct mt_layout *l, int s)
{
    return mt_layout_covers(l, s) ? (uint64_t)l->sides * mt_ways(&l->binom, s, l->open_count) : 0;
}

/* The open pit counts of a state seen from its player to move, into r;
 * returns the stones on the board. */
static inline int mt_layout_counts(const struct mt_layout *l, const struct mc_state *st,
                                   uint8_t *r)
{
    int s = 0;
    for (int j = 0; j < l->open_count; j++)
        s += r[j] = st->pit[l->open[st->to_move][j]];
    return s;
}

/* Entry of the counts r (layer s, covered) with `side` to move. */
static inline uint64_t mt_layout_index(const struct mt_layout *l, int side, const uint8_t *r, int s)
{
    const int m = l->open_count;
    uint64_t index = l->layer[s] + (l->sides == 2 && side ? mt_ways(&l->binom, s, m) : 0);
    for (int i = 0; i < m - 1; i++) {
        index += mt_ways(&l->binom, s, m - i) - mt_ways(&l->binom, s - r[i], m - i);
        s -= r[i];
    }
    return index;
}

/* Entry of a state whose layer the table covers. */
static inline uint64_t mt_layout_state_index(const struct mt_layout *l, const struct mc_state *st)
{
    uint8_t r[MT_MOST_PITS];
    const int s = mt_layout_counts(l, st, r);
    return mt_layout_index(l, st->to_move, r, s);
}

/* Modiar's board. */
static inline uint32_t mt_layer_start(const struct mt_binomial *b, int s)
{
    return mt_layer_start_k(b, s, MT_PITS);
}

static inline uint32_t mt_index(const struct mt_binomial *b, const uint8_t r[MT_PITS])
{
    return mt_index_k(b, r, MT_PITS);
}

static inline void mt_mover_first(const struct mc_state *st, uint8_t r[MT_PITS])
{
    mt_mover_first_k(st, r, MT_PITS);
}

/* An entry: bounds of the value for the player to move, and the distance
 * used to choose moves that make progress (see solve.c). */
struct mt_entry {
    int lo, hi;
    unsigned distance;
};

/* An entry of format 2. */
static inline struct mt_entry mt_entry_read(const uint8_t *entries, uint64_t index)
{
    const uint8_t *e = entries + (size_t)index * MT_ENTRY_SIZE;
    struct mt_entry out = {(int8_t)e[0], (int8_t)e[1], (unsigned)e[2] | (unsigned)e[3] << 8};
    return out;
}

/*
 * An entry of format 3 (the lean solver's), two bytes: the int8 lo, then
 * the distance in the low 7 bits (MT_LEAN_NO_DISTANCE for none) and in
 * bit 7 whether the position is not exact. Where it is, hi = lo; where it
 * is not, hi is what the moves give: the largest of gain - lo(child) over
 * them, which the solvers' fixed point satisfies at every position
 * (mancala__entry() computes it).
 */
enum { MT_LEAN_NO_DISTANCE = 0x7f, MT_LEAN_WIDE = 0x80 };

/* Writes an entry of format 3; the distance must be below
 * MT_LEAN_NO_DISTANCE, or MT_NO_DISTANCE. */
static inline void mt_lean_entry_write(uint8_t *entries, uint64_t index, int lo, int hi,
                                       unsigned distance)
{
    uint8_t *e = entries + (size_t)index * MT_ENTRY_SIZE_LEAN;
    e[0] = (uint8_t)(int8_t)lo;
    e[1] = (uint8_t)((lo != hi ? MT_LEAN_WIDE : 0) |
                     (distance == MT_NO_DISTANCE ? (unsigned)MT_LEAN_NO_DISTANCE : distance));
}

/* Whether entry `index` of format 3 is exact; its lo and distance. */
static inline int mt_lean_entry_read(const uint8_t *entries, uint64_t index, int *lo,
                                     unsigned *distance)
{
    const uint8_t *e = entries + (size_t)index * MT_ENTRY_SIZE_LEAN;
    *lo = (int8_t)e[0];
    *distance = (e[1] & MT_LEAN_NO_DISTANCE) == MT_LEAN_NO_DISTANCE ? MT_NO_DISTANCE
                                                                    : (unsigned)(e[1] & 0x7f);
    return !(e[1] & MT_LEAN_WIDE);
}

/* The open pit counts r and side to move of position i of layer s (the
 * inverse of mt_layout_index(), i counted from the layer's start). */
static inline void mt_layout_position(const struct mt_layout *l, int s, uint64_t i, int *side,
                                      uint8_t *r)
{
    const int m = l->open_count;
    const uint64_t per = mt_ways(&l->binom, s, m);
    *side = (int)(i / per);
    i %= per;
    int left = s;
    for (int j = 0; j < m - 1; j++) {
        int x = 0;
        for (uint64_t w; i >= (w = mt_ways(&l->binom, left - x, m - j - 1)); x++)
            i -= w;
        r[j] = (uint8_t)x;
        left -= x;
    }
    r[m - 1] = (uint8_t)left;
}

/* Entry `index` of a table of layout `lay` on `board`, in either format.
 * `st` is its position (format 3 computes the hi of a position that is
 * not exact from its moves; a crafted file cannot make it fall below lo),
 * or NULL: then it is found from the index (solve_table.c). */
struct mt_entry mancala__entry(const struct mt_layout *lay, const struct mc_board *board,
                               const uint8_t *entries, uint64_t index, const struct mc_state *st);

/* Header fields, by byte offset. */
enum {
    MT_OFF_MAGIC = 0,         /* 8 bytes */
    MT_OFF_VERSION = 8,       /* u32 */
    MT_OFF_HEADER_SIZE = 12,  /* u32 */
    MT_OFF_RULES = 16,        /* 16 bytes, NUL-padded */
    MT_OFF_INDEX = 32,        /* u32 index scheme */
    MT_OFF_PITS = 36,         /* u16 */
    MT_OFF_MAX_STONES = 38,   /* u16 */
    MT_OFF_ENTRY_SIZE = 40,   /* u32 */
    MT_OFF_ENTRIES = 44,      /* u32 entry count (its low half in format 3) */
    MT_OFF_CLOSED = 48,       /* u16, closed pits (Rio Kadalis), else 0 */
    MT_OFF_STEP = 50,         /* u8: 0 every layer, 4 multiples of 4 only */
    MT_OFF_RESERVED = 51,     /* u8, zero */
    MT_OFF_ENTRIES_HIGH = 52, /* u32, the high half of the count in format 3; zero in 2 */
    MT_OFF_CHECKSUM = 56,     /* u64 */
};

static inline void mt_put(uint8_t *p, uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (uint8_t)(value >> (8 * i));
}

static inline uint64_t mt_get(const uint8_t *p, int bytes)
{
    uint64_t value = 0;
    for (int i = bytes - 1; i >= 0; i--)
        value = value << 8 | p[i];
    return value;
}

/* The checksum of a table file: XXH3 (64 bit) of the data after the
 * header, seeded with XXH3 of the header whose checksum field is zero.
 * XXH3 mixes every bit of its input into every bit of the result, so no
 * pattern of changes cancels out as it did in the FNV-1a of format 1. */
static inline uint64_t mt_checksum(const uint8_t *header, const uint8_t *data, size_t size)
{
    uint8_t zeroed[MT_HEADER_SIZE];
    memcpy(zeroed, header, sizeof zeroed);
    memset(zeroed + MT_OFF_CHECKSUM, 0, 8);
    return XXH3_64bits_withSeed(data, size, XXH3_64bits(zeroed, sizeof zeroed));
}

/* What a solve measured (mancala__solve()). */
struct mt_stats {
    uint64_t positions;        /* entries: positions with the mover first */
    uint64_t exact;            /* of which lo == hi */
    uint64_t forced;           /* of which the mover can force an end (lo is not -s) */
    unsigned max_distance;
    uint64_t largest_layer;    /* entries of the largest layer */
    uint64_t scratch_peak;     /* bytes the solver held at most besides the table */
};

enum { MT_MOST_THREADS = 64 };

/*
 * The arguments of a solve, written with designated initialisers; a field
 * left out (0) takes its default:
 *
 *   path        the table to write (required);
 *   rules       "modiar" or a Rio Kadalis rules name (required);
 *   closed      the closed pits, bit p for pit p (0: none; Rio Kadalis only);
 *   max_stones  the most stones on the board, 0 ... mt_most_stones() (0 is
 *               the table of the empty board: this one has no default);
 *   step        1 or 4, the layers covered (see struct mt_layout; 0: 1;
 *               4 for Rio Kadalis only);
 *   threads     1 ... MT_MOST_THREADS (0: one per processor online); the
 *               table is the same for any number;
 *   resumable   keep the finished layers in TARGET.partial and resume from
 *               it (see solve.c; 0: write no partial file);
 *   progress, opaque  the callback and its argument (may be NULL);
 *   stats       receives what the solve measured (may be NULL);
 *
 * and for the lean solver only (mancala__solve_lean(), solve_lean.h):
 *
 *   lean_stats  receives what it measured per layer (may be NULL);
 *   pulse_seconds  the progress callback inside a sweep at most this
 *               often (0: every half second; negative: at every chance);
 *   checkpoint_seconds  the state of the layer under way kept at most
 *               this often (0: every minute, or ten times as long as
 *               keeping it took; negative: after every sweep).
 */
struct mt_lean_stats;
struct mt_solve_params {
    const char *path;
    const char *rules;
    unsigned closed;
    int max_stones;
    int step;
    int threads;
    int resumable;
    mancala_progress_fn progress;
    void *opaque;
    struct mt_stats *stats;
    struct mt_lean_stats *lean_stats;
    double pulse_seconds, checkpoint_seconds;
};

/* The internal entry point of the solver, for the public mancala_solve_*
 * functions, tests and tools: solves the positions `params` names and
 * writes their table (format 2) to its path. MANCALA_E_INVALID for
 * arguments that make no table, else as mancala_solve_rio_kadalis_config().
 * The lean solver's is mancala__solve_lean() (solve_lean.h). */
int mancala__solve(const struct mt_solve_params *params);

/* What both solvers check first: MANCALA_E_INVALID for arguments that make
 * no table, else MANCALA_OK with the layout of the table in format
 * `version`, its board, and the threads to use. */
int mancala__solve_setup(const struct mt_solve_params *params, int version,
                         struct mt_layout *lay, struct mc_board *board, int *threads);

/* The best moves of a position that the table covers and that is not
 * over (solve_table.c): writes them to `moves` in ascending order and
 * returns their count; `potential` (may be NULL) receives the measure that
 * they lower: every position reachable in the layer after a best move and
 * any reply has a lower potential. */
int mancala__table_best(const mancala_table *table, const struct mc_state *st,
                        int moves[MANCALA_MAX_PITS], unsigned *potential);

/*
 * For a solver that splits each layer among processes (the MPI solver,
 * cli/solve_mpi.c): the pieces of the one above it shares, so that both
 * write the same table. Additions to the interface above, nothing more.
 */

/* A best or worst exit as a byte (the solvers keep them so while a layer
 * is solved): a value (its magnitude below 49), or none, each coded
 * CODE_LOW ... CODE_HIGH, so that neither a value of the table (an int8)
 * nor 0xff is a code. */
enum { CODE_LOW = 60, CODE_ZERO = 112, CODE_HIGH = 199 };
#define NO_OR_EXIT INT8_MIN  /* below any value */
#define NO_AND_EXIT INT8_MAX /* above any value */
_Static_assert(CODE_ZERO - CODE_LOW > (int)MT_MOST_STONES &&
                   CODE_HIGH - CODE_ZERO > (int)MT_MOST_STONES &&
                   CODE_LOW > (int)MT_MOST_STONES && CODE_HIGH < 256 - (int)MT_MOST_STONES,
               "the codes of unsettled nodes are no value");

static inline uint8_t mt_exit_code(int exit)
{
    return (uint8_t)(exit == NO_OR_EXIT ? CODE_LOW : exit == NO_AND_EXIT ? CODE_HIGH
                                                                          : CODE_ZERO + exit);
}

static inline int mt_code_exit(uint8_t code)
{
    return code == CODE_LOW ? NO_OR_EXIT : code == CODE_HIGH ? NO_AND_EXIT : code - CODE_ZERO;
}

/* The moves of one position of layer s (`side` to move, open pit counts r
 * seen from the mover), as the solver sees them: the best exit for the
 * mover and the worst for the opponent (or, without moves, the end's
 * value), the entries of the children of the moves that stay in the
 * layer, in the order of the moves, and those of the moves that capture
 * (exits, into lower layers) with what the mover gains by them. If
 * `entries` (the lower layers) is NULL, best and worst leave the exits
 * out; the caller adds each with mt_expansion_exit(). */
struct mt_expansion {
    int best, worst;
    int inside, exits;
    uint64_t child[MANCALA_MAX_PITS];
    uint64_t exit_child[MANCALA_MAX_PITS];
    int exit_gain[MANCALA_MAX_PITS];
};

/* Counts an exit worth `gain` to the mover into a child of bounds [lo, hi]
 * (for the child's mover): the mover's best, the opponent's worst. */
static inline void mt_expansion_exit(struct mt_expansion *x, int gain, int lo, int hi)
{
    if (gain - hi > x->best)
        x->best = gain - hi;
    if (lo - gain < x->worst)
        x->worst = lo - gain;
}
void mancala__solve_expand(const struct mt_layout *lay, const struct mc_board *board,
                           const uint8_t *entries, int s, int side, const uint8_t *r,
                           struct mt_expansion *out);

/* The seed of mt_checksum(): XXH3 of the header with its checksum field
 * zero. The data's XXH3 with this seed, also when computed in pieces
 * (XXH3's streaming functions), is the checksum. */
static inline uint64_t mt_checksum_seed(const uint8_t *header)
{
    uint8_t zeroed[MT_HEADER_SIZE];
    memcpy(zeroed, header, sizeof zeroed);
    memset(zeroed + MT_OFF_CHECKSUM, 0, 8);
    return XXH3_64bits(zeroed, sizeof zeroed);
}

/* The header of the table of `lay` on `board`, its checksum field zero. */
void mancala__solve_header(const struct mt_layout *lay, const struct mc_board *board,
                           uint8_t header[MT_HEADER_SIZE]);

/* The temporary file a table is written to before it replaces `path`
 * (see solve.c, struct output): open checks that the target can be
 * written (MANCALA_E_IO, _NOMEM) and makes no file; create makes the
 * temporary file, whose name output_temp then gives; install syncs it,
 * renames it over the target and frees `out`; discard removes the
 * temporary file if made and frees `out` (NULL is fine). */
struct mt_output;
int mancala__output_open(struct mt_output **out, const char *path);
int mancala__output_create(struct mt_output *out);
const char *mancala__output_temp(const struct mt_output *out);
const char *mancala__output_target(const struct mt_output *out);
int mancala__output_install(struct mt_output *out);
void mancala__output_discard(struct mt_output *out);

/*
 * Partial files: the finished layers of a solve that resumes
 * (TARGET.partial of the solver in solve.c, TARGET.mpi-partial of the MPI
 * solver; both the same format), so that the same command goes on after
 * a kill. Partial format 1 (libmancala 1.3; 1.2's had no version):
 *
 *   offset 0, 64 bytes: the header of the table being solved (its rules,
 *     pits, stones, entries, closed pits and step: the arguments of the
 *     solve), except byte MT_OFF_PARTIAL = MT_PARTIAL_VERSION and, in
 *     place of the checksum, the stones of the first layer not yet done;
 *   offset 64: the entries of the finished layers, where the table has
 *     them (the rest is a hole: the file is sparse);
 *   offset 64 + EN (N entries of E bytes): one u64 per layer s = 0 ... S, the XXH3 of
 *     the layer's entries seeded with XXH3 of the header with its
 *     next-layer field zero (mt_checksum_seed()).
 *
 * A layer and its checksum reach the disk before the header counts it.
 * While a solve uses the file it holds a write lock on it (open file
 * description lock where the system has one, else fcntl F_SETLK), taken
 * before the file is read or written. On resuming every finished layer is
 * verified: a file that is not a partial file of these arguments, or does
 * not verify, is refused (never reused, never wiped).
 */
enum { MT_OFF_PARTIAL = 51, MT_PARTIAL_VERSION = 1 };

/* Where the checksum of layer s is in a partial file of `lay`. */
static inline uint64_t mt_partial_sum_at(const struct mt_layout *lay, int s)
{
    return MT_HEADER_SIZE + lay->count * (uint64_t)lay->entry_size + (uint64_t)s * 8;
}

/* Opens TARGET.partial (`path`) for a solve whose table header is
 * `table_header`, locks it and checks it: a new or empty file is started
 * (*from = 0), a partial file of this solve is verified and *from is the
 * first layer not done; if `entries` is not NULL the finished layers are
 * read into it (at their place in the table). On success *fd is the open,
 * locked file. MANCALA_E_BUSY: another solve holds it; MANCALA_E_VERSION:
 * a partial file of another format; MANCALA_E_FORMAT: not a partial file
 * of these arguments, or a layer that does not verify; MANCALA_E_IO,
 * MANCALA_E_NOMEM. */
int mancala__partial_open(const char *path, const uint8_t table_header[MT_HEADER_SIZE],
                          const struct mt_layout *lay, uint8_t *entries, int *fd, int *from);

/* Counts layer s as done in the partial file `fd`: writes its entries
 * (`layer`, or if NULL, the ones already in the file, written by other
 * processes), its checksum, syncs, then the header's next layer, syncs.
 * MANCALA_OK or MANCALA_E_IO (the file may then hold the layer without
 * counting it, which is harmless). */
int mancala__partial_commit(int fd, const uint8_t table_header[MT_HEADER_SIZE],
                            const struct mt_layout *lay, int s, const uint8_t *layer);

/* Reads `size` bytes at `at`, looping over short reads (Linux reads at
 * most 2,147,479,552 bytes a call): MANCALA_OK, MANCALA_E_IO, or
 * MANCALA_E_FORMAT if the file ends first. */
int mancala__pread_all(int fd, void *data, size_t size, uint64_t at);

#endif /* MANCALA_SOLVE_H */

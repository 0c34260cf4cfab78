/*
 * Rio Kadalis: the rules of RULES.md, "Rio Kadalis", rules 1 to 6. Rule 7
 * (the end of a round), the match and the repetition rule are shared and
 * live in game.c.
 *
 * A move is a sequence of laps (rules 2 to 5). A lap is sown in one of two
 * ways that give the same result: stone by stone, as the rules tell it
 * (lap_by_stones(), which also records the events of a move), or on the
 * pits as one 16-byte vector (lap_by_words(), the hot path). The tests
 * compare the two on many millions of laps.
 *
 * SPDX-License-Identifier: MIT
 */
#include "game/handle.h"
#include "rules/ring.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The endless lap starts (doc/endless.md) of at most this many stones are
 * looked up in a table; a move from a lap start of more is sown to tell.
 * A build may take a smaller table (bindings/js/build.sh: the size of the
 * WebAssembly module); 0 also leaves out the board filter; -1 leaves out
 * the whole table, which then decides nothing (every move is sown to
 * tell): the table's own generator is built so (tools/endless_gen.c),
 * not from the table it writes. */
#ifndef ENDLESS_TABLE_STONES
#define ENDLESS_TABLE_STONES 32
#endif
#if ENDLESS_TABLE_STONES >= 0
#include "rules/endless_table.h"
#if ENDLESS_TABLE_STONES > ENDLESS_TABLE_MOST
#error "ENDLESS_TABLE_STONES: endless_table.h holds no more stones than ENDLESS_TABLE_MOST"
#endif
#endif

/* ---- the pits as one vector ---- */

/* The pits as sixteen bytes in one value, pit p in element p (the last
 * four 0): GCC and clang compile its operations to one SIMD instruction
 * each where the machine has them (SSE2 on x86-64, WebAssembly's SIMD if
 * enabled), to word operations elsewhere. Element p is byte p in memory
 * on any byte order. */
typedef uint8_t mc_bytes __attribute__((vector_size(16)));
#if defined(__GNUC__) && !defined(__clang__)
/* On a processor without SSE (gcc -m32), GCC warns that a function taking
 * or returning such a value is called otherwise than where it has SSE:
 * those of this file are static, called only from here. */
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/* The same vector as two words, element 0 the first eight bytes. */
typedef uint64_t mc_words __attribute__((vector_size(16)));

/* Pits 0 to 11 from memory, joined in registers (stored into memory
 * as two halves, the vector would stall the load of the whole). */
static mc_bytes load_bytes(const uint8_t *pit)
{
    uint64_t low = 0, high = 0;
    memcpy(&low, pit, 8);
    memcpy(&high, pit + 8, MANCALA_MAX_PITS - 8);
    return (mc_bytes)(mc_words){low, high};
}

/* The sum of the bytes of `x`, of at most 255 (every partial sum fits in
 * its byte: no carry crosses into the next). With SSE2, one instruction
 * sums each half (psadbw). */
static int sum_bytes(mc_bytes x)
{
#ifdef __SSE2__
    const __m128i sums = _mm_sad_epu8((__m128i)x, _mm_setzero_si128());
    return _mm_cvtsi128_si32(_mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums)));
#else
    uint64_t w[2];
    memcpy(w, &x, sizeof w);
    return (int)((w[0] + w[1]) * 0x0101010101010101u >> 56);
#endif
}

/* A 1 in the bit of each pit of `x` that is not empty. With SSE2, one
 * instruction gathers a bit of each byte (pmovmskb); elsewhere a 1 in each
 * such byte, gathered a half at a time. */
static unsigned nonempty_pits(mc_bytes x)
{
#ifdef __SSE2__
    return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8((__m128i)x, _mm_setzero_si128())) & 0xffff;
#else
    const mc_bytes one = (mc_bytes)(x != 0) & 1;
    uint64_t w[2];
    memcpy(w, &one, sizeof w);
    return mc_row_bits(w[0]) | mc_row_bits(w[1]) << 8;
#endif
}

/* ---- one lap ---- */

/* Rules 2 to 5 for one lap of the move of s->to_move: lifts the stones of
 * `from` and sows them one by one into s. Returns the pit the move relays
 * from (its stones still in it), or -1 if the move ends. */
static MC_ALWAYS_INLINE int lap_by_stones(const struct mc_board *b, struct mc_state *s, int from,
                         struct mc_recorder *rec)
{
    const int mover = s->to_move;
    const int n = b->variant->n;

    /* Rule 2: lift the pit and sow from the next open pit on. */
    int hand = s->pit[from];
    s->pit[from] = 0;
    mc_record(rec, MANCALA_EV_LAP, from, hand, mover);
    int p = from;
    for (; hand > 1; hand--) {
        p = b->next[p];
        int here = ++s->pit[p];
        mc_record(rec, MANCALA_EV_SOW, p, here, mover);
        if (here == 4) {
            /* Rule 3: a four formed mid-lap goes to the row's owner. */
            int owner = p >= n;
            s->pit[p] = 0;
            s->captured[owner] += 4;
            mc_record(rec, MANCALA_EV_CAPTURE, p, 4, owner);
        }
    }
    p = b->next[p];
    int last = ++s->pit[p];
    mc_record(rec, MANCALA_EV_SOW, p, last, mover);
    if (last == 4) {
        /* Rule 4: binikh, the mover takes the four and the move ends. */
        s->pit[p] = 0;
        s->captured[mover] += 4;
        mc_record(rec, MANCALA_EV_BINIKH, p, 4, mover);
        return -1;
    }
    /* Rule 5: the move ends in an empty pit, else relays. */
    return last == 1 ? -1 : p;
}

/* ---- laps on the vector ---- */

/* mask[bits]: 0xff in byte i for each bit i of `bits` (8 bits), 0 in the
 * others; a set of pits becomes a vector from two of them. */
#define MASK1(b, i) (uint8_t)(0u - ((b) >> (i) & 1u))
#define MASK(b)                                                                                  \
    {MASK1(b, 0), MASK1(b, 1), MASK1(b, 2), MASK1(b, 3), MASK1(b, 4), MASK1(b, 5), MASK1(b, 6),  \
     MASK1(b, 7)}
#define MASK4(b) MASK(b), MASK((b) + 1), MASK((b) + 2), MASK((b) + 3)
#define MASK16(b) MASK4(b), MASK4((b) + 4), MASK4((b) + 8), MASK4((b) + 12)
#define MASK64(b) MASK16(b), MASK16((b) + 16), MASK16((b) + 32), MASK16((b) + 48)
static const uint8_t mask[256][8] = {MASK64(0), MASK64(64), MASK64(128), MASK64(192)};

/* keep[p]: 0 for pit p, 0xff for the others (lifting a pit's stones by a
 * mask: storing into one byte of a vector held in memory would stall the
 * load of the whole that follows). */
#define KEEP1(p, i) (uint8_t)((p) == (i) ? 0 : 0xff)
#define KEEP(p)                                                                                  \
    {KEEP1(p, 0), KEEP1(p, 1), KEEP1(p, 2), KEEP1(p, 3), KEEP1(p, 4), KEEP1(p, 5), KEEP1(p, 6),  \
     KEEP1(p, 7), KEEP1(p, 8), KEEP1(p, 9), KEEP1(p, 10), KEEP1(p, 11), 0xff, 0xff, 0xff, 0xff}
static const mc_bytes keep[MANCALA_MAX_PITS] = {KEEP(0), KEEP(1), KEEP(2), KEEP(3),
                                                KEEP(4), KEEP(5), KEEP(6), KEEP(7),
                                                KEEP(8), KEEP(9), KEEP(10), KEEP(11)};

static mc_bytes pits_mask(unsigned bits)
{
    /* Joined in registers, as load_bytes() does. */
    uint64_t low, high;
    memcpy(&low, mask[bits & 0xff], 8);
    memcpy(&high, mask[bits >> 8 & 0xff], 8);
    return (mc_bytes)(mc_words){low, high};
}

/* The pits of a lap of `hand` stones from `from`, less than the open
 * pits, on `b` (whose tables are `laps`). */
static MC_ALWAYS_INLINE mc_bytes run_mask(const struct mc_board *b,
                                          const struct mc_laps *laps, int from, int hand)
{
    if (!b->shared)
        return pits_mask(laps->run[from][hand]);
    mc_bytes run;
    memcpy(&run, b->shared->lap[from][hand].run, sizeof run);
    return run;
}

/* A move being sown: the pits, and the fours rule 3 took from each pit so
 * far (a count per byte, at most 12: the stones are 48). */
struct sowing {
    mc_bytes x;
    mc_bytes fours;
};

static void start_sowing(struct sowing *w, const struct mc_state *s)
{
    w->x = load_bytes(s->pit);
    w->fours = (mc_bytes){0};
}

/* Stores the pits of `w`, sown from `s` (which may be `out`), into `out`,
 * and adds its fours to the captures of `s` of their rows' owners, but
 * the four the last stone formed (binikh, rule 4: `binikh` 1, `last` its
 * pit) to the mover's. The captures are read from `s` only here: a move's
 * laps keep nothing else alive. */
static MC_ALWAYS_INLINE void finish_sowing(const struct mc_board *b, const struct sowing *w,
                                           const struct mc_state *s, struct mc_state *out,
                                           int mover, int binikh, int last)
{
    const int captured[2] = {s->captured[0], s->captured[1]};
    /* By halves (a vector copied to memory whole would live in memory
     * through the laps before, each then waiting for the last's store). */
    const mc_words pits = (mc_words)w->x, any = (mc_words)w->fours;
    mc_store_bytes(out->pit, pits[0], 8);
    mc_store_bytes(out->pit + 8, pits[1], MANCALA_MAX_PITS - 8);
    if (!(any[0] | any[1])) {
        out->captured[0] = (uint8_t)captured[0];
        out->captured[1] = (uint8_t)captured[1];
        return;
    }
    int north = sum_bytes(w->fours & load_bytes(b->north));
    int south = sum_bytes(w->fours) - north;
    /* Binikh moves one four from the last pit's owner to the mover. */
    const int to_north = binikh * (mover - (last >= b->variant->n));
    north += to_north;
    south -= to_north;
    out->captured[0] = (uint8_t)(captured[0] + 4 * south);
    out->captured[1] = (uint8_t)(captured[1] + 4 * north);
}

/* Puts a stone into each pit of `run` (0xff in the byte of each pit of a
 * run of open pits) and takes the fours formed (rule 3: they go to their
 * rows' owners). All at once and without a branch: x - 0xff is x + 1. */
static MC_ALWAYS_INLINE void add_run(struct sowing *w, mc_bytes run)
{
    const mc_bytes x = w->x - run;
    const mc_bytes four = (mc_bytes)(x == 4) & run;
    w->fours -= four;
    w->x = x & ~four;
}

/* A lap of at least as many stones as open pits (about 1 lap in 100): a
 * stone into every open pit per round of the board, the origin last, then
 * the rest as a shorter lap. As lap_by_words() below; out of line, so
 * that the hot path stays short. */
static __attribute__((noinline)) int long_lap(const struct mc_board *b,
                                              const struct mc_laps *laps, struct sowing *w,
                                              int from, int *hand)
{
    const int rounds = *hand / b->open, rest = *hand % b->open;
    const mc_bytes open = pits_mask(~(unsigned)b->closed & ((1u << b->npits) - 1));
    w->x &= keep[from];
    int last = from, held = 0;
    for (int k = 0; k < rounds; k++) {
        held = w->x[from];
        add_run(w, open);
    }
    if (rest) {
        last = laps->last[from][rest];
        held = w->x[last];
        add_run(w, run_mask(b, laps, from, rest));
    }
    *hand = held == 3 ? 0 : held + 1;
    return last;
}

/* The same lap on `w`, `hand` being the stones of `from` (at least 1),
 * `laps` the board's tables (mc_laps(b), looked up once a move). A
 * hand smaller than the number of open pits puts one stone into each pit
 * of a run of open pits: the origin is emptied and the run added, and the
 * fours it forms are all found and taken at once, without a branch.
 * Longer hands (about 1 lap in 100) add a stone to every open pit per
 * round of the board (long_lap()). Returns the lap's last pit; *hand
 * becomes its stones: 0 after binikh (rule 4; its four is then among
 * w->fours, credited to the pit's owner), 1 if the move ends there (rule
 * 5), else the stones the move relays. */
static MC_ALWAYS_INLINE int lap_by_words(const struct mc_board *b, const struct mc_laps *laps,
                                         struct sowing *w, int from, int *hand)
{
    if (*hand >= b->open) {
        /* Through copies: a pointer the call takes would keep the pits
         * and the hand in memory through every lap. */
        struct sowing copy = *w;
        int stones = *hand;
        const int last = long_lap(b, laps, &copy, from, &stones);
        *w = copy;
        *hand = stones;
        return last;
    }
    /* Rule 2: lift the hand, put a stone into each of the next `hand` open
     * pits, the last one included. The shared tables have the lap in one
     * record (struct mc_lap): one place to find, not three. */
    mc_bytes run, lift;
    int last;
    if (b->shared) {
        const struct mc_lap *lap = &b->shared->lap[from][*hand];
        memcpy(&run, lap->run, sizeof run);
        memcpy(&lift, lap->keep, sizeof lift);
        last = lap->keep[MC_LAP_LAST];
    } else {
        run = pits_mask(laps->run[from][*hand]);
        lift = keep[from];
        last = laps->last[from][*hand];
    }
    /* The last pit gets one stone (it is not the origin). Read before the
     * pits change, this does not wait for the lap: the next one starts
     * sooner. Read from the vector's halves, not by its index: that would
     * keep the pits in memory, each lap waiting for the store of the one
     * before. */
    const mc_words halves = (mc_words)w->x;
    const int held = (int)((last < 8 ? halves[0] : halves[1]) >> 8 * (last & 7) & 0xff);
    w->x &= lift;
    add_run(w, run);
    *hand = held == 3 ? 0 : held + 1;
    return last;
}

/* The tables of lap_by_words(), from b->next (struct mc_board). */
void mancala__lap_tables(struct mc_board *b)
{
    memset(b->north, 0, sizeof b->north);
    int open = 0;
    for (int p = 0; p < b->npits; p++) {
        open += !(b->closed >> p & 1);
        if (p >= b->variant->n)
            b->north[p] = 0xff;
    }
    b->open = (uint8_t)open;
    const unsigned row = (1u << b->variant->n) - 1;
    b->row_open[0] = (uint16_t)(row & ~(unsigned)b->closed);
    b->row_open[1] = (uint16_t)(row << b->variant->n & ~(unsigned)b->closed);
    if (b->shared)
        return;
    struct mc_laps *laps = &b->own;
    memset(laps->last, MANCALA_MAX_PITS, sizeof laps->last);
    memset(laps->run, 0, sizeof laps->run);
    for (int p = 0; p < b->npits; p++) {
        if (b->closed >> p & 1)
            continue;
        unsigned run = 0;
        for (int hand = 1, q = p; hand < open; hand++) {
            q = b->next[q];
            run |= 1u << q;
            laps->run[p][hand] = (uint16_t)run;
            laps->last[p][hand] = (uint8_t)q;
        }
    }
}

void mancala__open_laps(struct mc_open_laps *out, const struct mc_board *b)
{
    out->laps = b->own;
    for (int p = 0; p < MANCALA_MAX_PITS; p++)
        for (int hand = 0; hand < MANCALA_MAX_PITS; hand++) {
            struct mc_lap *lap = &out->lap[p][hand];
            const mc_bytes run = pits_mask(b->own.run[p][hand]);
            memcpy(lap->run, &run, sizeof run);
            memcpy(lap->keep, &keep[p], sizeof lap->keep);
            lap->keep[MC_LAP_LAST] = b->own.last[p][hand];
        }
}

/* ---- one move ---- */

/* Laps a move sows before rule 6 is checked. The check is exact from any
 * lap on (the laps are deterministic, so an endless move repeats a lap
 * start sooner or later whenever the detection starts), and nearly every
 * move ends sooner: the check then costs nothing. */
enum { LAPS_BEFORE_CYCLE_CHECK = 16 };

/* Rule 6, exactly and in constant memory: the laps form a deterministic
 * sequence of lap starts (pits and origin; the stones in hand are the
 * origin's), so the move is endless if and only if a lap start recurs,
 * which Brent's cycle detection finds. */
struct cycle_check {
    mc_bytes saved;
    int saved_from;
    unsigned power, since_saved;
};

/* Whether the lap start (now, from), the laps-th of its move, is one
 * already seen. Called from the LAPS_BEFORE_CYCLE_CHECK-th lap on, on a
 * `c` that starts as CYCLE_CHECK_START. */
#define CYCLE_CHECK_START {{0}, -1, 1, 0}
static int lap_start_recurs(struct cycle_check *c, unsigned laps, mc_bytes now, int from)
{
    if (laps > LAPS_BEFORE_CYCLE_CHECK) {
        if (c->saved_from == from && memcmp(&c->saved, &now, sizeof now) == 0)
            return 1;
        if (++c->since_saved < c->power)
            return 0;
        c->power *= 2;
        c->since_saved = 0;
    }
    c->saved = now;
    c->saved_from = from;
    return 0;
}

/* Rules 1 to 6 for one move, its laps stone by stone, recording events
 * (the narration, and the tests' reference). */
static int rio_move_checked(const struct mc_board *b, const struct mc_state *s, int pit,
                            struct mc_state *out, struct mc_recorder *rec)
{
    /* Rule 1: any open pit of one's own with a stone. */
    if (s->pit[pit] == 0)
        return MANCALA_E_EMPTY;
    *out = *s;
    struct cycle_check cycle = CYCLE_CHECK_START;
    unsigned laps = 0;
    int from = pit;
    while ((from = lap_by_stones(b, out, from, rec)) >= 0) {
        if (++laps < LAPS_BEFORE_CYCLE_CHECK)
            continue;
        if (lap_start_recurs(&cycle, laps, load_bytes(out->pit), from))
            return MANCALA_E_ENDLESS;
    }
    mc_finish_move(out, pit);
    return 0;
}

/* The laps of a move by words still going after LAPS_BEFORE_CYCLE_CHECK
 * laps (hardly any), on from the lap start (w, from) with *hand stones,
 * with rule 6 checked: the move's last pit, or -1 if it is endless. Out
 * of line, so that the hot path stays short. */
static __attribute__((noinline)) int laps_checked(const struct mc_board *b,
                                                  const struct mc_laps *tables,
                                                  struct sowing *w, int from, int *hand)
{
    struct cycle_check cycle = CYCLE_CHECK_START;
    for (unsigned laps = LAPS_BEFORE_CYCLE_CHECK;; laps++) {
        if (lap_start_recurs(&cycle, laps, w->x, from))
            return -1;
        from = lap_by_words(b, tables, w, from, hand);
        if (*hand <= 1)
            return from;
    }
}

/* The same by words, the hot path: rule 6 is checked only in a move that
 * is still going after LAPS_BEFORE_CYCLE_CHECK laps (hardly any), from
 * there on (the check is exact from any lap on). */
static MC_ALWAYS_INLINE int rio_move_by_words(const struct mc_board *b, const struct mc_state *s,
                                              int pit, struct mc_state *out)
{
    int hand = s->pit[pit];
    if (hand == 0)
        return MANCALA_E_EMPTY;
    const int mover = s->to_move;
    struct sowing w;
    start_sowing(&w, s);
    const struct mc_laps *tables = mc_laps(b);
    int last = pit;
    for (unsigned laps = 0;; laps++) {
        last = lap_by_words(b, tables, &w, last, &hand);
        if (hand <= 1)
            break;
        if (laps == LAPS_BEFORE_CYCLE_CHECK) {
            /* Through copies: a pointer the call takes would keep the
             * pits and the hand in memory through every lap. */
            struct sowing copy = w;
            int stones = hand;
            last = laps_checked(b, tables, &copy, last, &stones);
            if (last < 0)
                return MANCALA_E_ENDLESS;
            w = copy;
            hand = stones;
            break;
        }
    }
    out->to_move = (uint8_t)mover;
    out->ply = s->ply;
    finish_sowing(b, &w, s, out, mover, hand == 0, last);
    mc_finish_move(out, pit);
    return 0;
}

/* Out of line: the move list's rare paths call it too, and each inlined
 * copy of a move would make the WebAssembly module longer. */
static __attribute__((noinline)) int rio_sow(const struct mc_board *b, const struct mc_state *s,
                                             int pit, struct mc_state *out,
                                             struct mc_recorder *rec)
{
    if (rec)
        return rio_move_checked(b, s, pit, out, rec);
    return rio_move_by_words(b, s, pit, out);
}

int mancala__rio_lap(const struct mc_board *b, struct mc_state *s, int from, int by_words)
{
    if (!by_words)
        return lap_by_stones(b, s, from, NULL);
    struct sowing w;
    start_sowing(&w, s);
    int hand = s->pit[from];
    const int last = lap_by_words(b, mc_laps(b), &w, from, &hand);
    finish_sowing(b, &w, s, s, s->to_move, hand == 0, last);
    return hand <= 1 ? -1 : last;
}

int mancala__rio_move(const struct mc_board *b, const struct mc_state *s, int pit,
                      struct mc_state *out, int by_words)
{
    if (by_words)
        return rio_sow(b, s, pit, out, NULL);
    return rio_move_checked(b, s, pit, out, NULL);
}

/* ---- the legal moves ---- */

/* Whether the move from `pit` (open, with stones) certainly ends within
 * two laps, known without sowing it: 1 or 0. Rule 6 only
 * forbids moves that never end, so such a move is legal; this decides
 * about three moves in four. With fewer stones than open pits, a lap puts
 * at most one stone into each pit (none into its origin), so its last
 * stone ends the move if its pit held 0 (rule 5) or 3 (rule 4, binikh)
 * when the lap began. The answer is as good as random, so it is computed
 * without branches: a lap of too many stones leads to the pit off the
 * board, MANCALA_MAX_PITS (struct mc_board); `pits` has one stone there,
 * where no move ends by these tests (and `reach` below then exceeds the
 * open pits). */
static MC_ALWAYS_INLINE unsigned ends_within_two_laps(const struct mc_board *b,
                                                      const uint8_t *pits, int open, int pit)
{
    const struct mc_laps *laps = mc_laps(b);
    const int hand = pits[pit];
    const int last = laps->last[pit][hand];
    const int held = pits[last];
    /* The second lap relays held + 1 stones from `last`. Counted in open
     * pits from `pit`, its last pit is `reach` pits on: before the first
     * lap's origin (not sown by the first lap), on it (emptied: the move
     * ends there), or past it, on a pit the first lap sowed (both laps
     * being shorter than the ring, at most `hand` pits past it). */
    const int last2 = laps->last[last][held + 1];
    const int reach = hand + held + 1;
    /* The second lap ends if its last pit held 0 or 3 when it began:
     * before the first lap 0 or 3 if that lap did not sow it, else 2 or 3
     * (a four formed by the first lap was taken, rule 3). A pit holds at
     * most 48: the bit test shifts a 64-bit word. */
    const uint64_t ends_on = reach > open ? 0xc : 0x9;
    const unsigned ends2 = (unsigned)(reach == open) | (unsigned)(ends_on >> pits[last2] & 1);
    const unsigned ends1 = (unsigned)((uint64_t)0x9u >> held & 1);
    return ends1 | ends2;
}

/* Lists the legal moves with all their children, the pits of `endless`
 * known to be endless (not sown again); `why` as in struct mc_rules. */
static void generate_knowing(const struct mc_board *b, const struct mc_state *s,
                             struct mc_moves *out, int8_t *why, unsigned endless)
{
    const int n = b->variant->n;
    const int first = s->to_move * n;
    int count = 0;
    unsigned legal = 0;
    for (int pit = first; pit < first + n; pit++) {
        int reason;
        if (b->closed >> pit & 1)
            reason = MANCALA_E_CLOSED;
        else if (endless >> pit & 1)
            reason = MANCALA_E_ENDLESS;
        else
            reason = rio_sow(b, s, pit, &out->child[count], NULL);
        if (why)
            why[pit] = (int8_t)reason;
        if (!reason) {
            out->pit[count++] = (uint8_t)pit;
            legal |= 1u << pit;
        }
    }
    out->count = count;
    out->legal = (uint16_t)legal;
    out->known = (uint16_t)((1u << count) - 1);
}

static void rio_generate(const struct mc_board *b, const struct mc_state *s,
                         struct mc_moves *out, int8_t *why)
{
    generate_knowing(b, s, out, why, 0);
}

/* Rule 1: the open pits of the mover's row with stones, a bit each, of
 * the pits `x` (load_bytes()) of a position of `mover` to move. */
static MC_ALWAYS_INLINE unsigned candidate_pits(const struct mc_board *b, mc_bytes x, int mover)
{
    return nonempty_pits(x) & b->row_open[mover];
}

/* Every candidate: a move is illegal only if it is endless (rule 6),
 * which its sowing tells. */
static void rio_candidates(const struct mc_board *b, const struct mc_state *s,
                           struct mc_moves *out)
{
    const unsigned candidates = candidate_pits(b, load_bytes(s->pit), s->to_move);
    int count = 0;
    for (unsigned c = candidates; c; c &= c - 1)
        out->pit[count++] = (uint8_t)mc_lowest_bit(c);
    out->count = count;
    out->legal = (uint16_t)candidates;
    out->known = 0;
}

/* Whether a lap start of `stones` stones on a ring of `open` open pits
 * may be endless: 0 if none is (doc/endless.md: on 12 open pits, none of
 * at most 8 stones; on 1, 3, 4, 6, 8, 9 or 11, none of a multiple of 4). */
static int endless_count(int open, int stones)
{
#if ENDLESS_TABLE_STONES >= 0
    return stones >= 64 || (int)(endless_counts[open] >> stones & 1);
#else
    (void)open, (void)stones;
    return 1;
#endif
}

/* The pits of a board with every pit open (10 or 12 in Rio Kadalis) in
 * sowing order, twice over, so that the first lap start of the move from
 * any pit, as mc_ring_fingerprint() reads it, is the 16 bytes of `twice`
 * from the pit's place on, those past the ring masked off
 * (lap_start_fingerprint()). Made once a list; on a board with closed
 * pits, each lap start is gathered pit by pit. */
static void open_ring_twice(const struct mc_board *b, const uint8_t *pits, uint8_t twice[40])
{
    const int m = b->open;
    uint8_t order[16] = {0};
    if (b->variant->direction > 0) {
        memcpy(order, pits, MANCALA_MAX_PITS);
    } else {
        /* Against the numbering: pit m - 1 first. The 12 pits reversed
         * (pit 11 first), then from pit m - 1 on. */
        const uint64_t low = mc_load_le64(pits), high = mc_load_le64(pits + 4) >> 32;
        const uint64_t low_reversed = __builtin_bswap64(low);
        uint8_t reversed[16];
        mc_store_le128(reversed, __builtin_bswap32((uint32_t)high) | low_reversed << 32,
                       low_reversed >> 32);
        memcpy(order, reversed + MANCALA_MAX_PITS - m, MANCALA_MAX_PITS);
    }
    memcpy(twice, order, 16);
    memcpy(twice + m, order, 16);
}

#if ENDLESS_TABLE_STONES > 0
/* The fingerprint of the first lap start of the move from `pit` (open, with
 * stones): on a board with every pit open from `twice` (open_ring_twice()),
 * else gathered pit by pit (last[pit][i]: the i-th open pit after it). */
static unsigned lap_start_fingerprint(const struct mc_board *b, const uint8_t *pits,
                                      const uint8_t *twice, int pit)
{
    const int m = b->open;
    if (b->shared) {
        const int at = b->variant->direction > 0 ? pit : m - 1 - pit;
        const uint64_t high = mc_load_le64(twice + at + 8) & (((uint64_t)1 << 8 * (m - 8)) - 1);
        return mc_ring_words_fingerprint(mc_load_le64(twice + at), high);
    }
    uint8_t ring[16] = {0};
    ring[0] = pits[pit];
    const uint8_t *last = mc_laps(b)->last[pit];
    for (int i = 1; i < m; i++)
        ring[i] = pits[last[i]];
    return mc_ring_fingerprint(ring);
}
#endif

/* Whether the move from `pit` (open, with stones), on a board of `stones`
 * stones, may be endless by the table of endless lap starts: 0 if its
 * first lap start is not in the table (the move ends), 1 if it is or the
 * table does not hold its stone count (then sowing decides). */
static int may_be_endless(const struct mc_board *b, const uint8_t *pits, const uint8_t *twice,
                          int pit, int stones)
{
#if ENDLESS_TABLE_STONES <= 0
    (void)b, (void)pits, (void)twice, (void)pit, (void)stones;
    return 1;
#else
    if (stones % 4 || stones > ENDLESS_TABLE_STONES)
        return 1;
    const unsigned fingerprint = lap_start_fingerprint(b, pits, twice, pit);
    /* Its bucket of the group of lap starts of `stones` stones on the
     * board's ring of open pits: one or two fingerprints on average. */
    const int k = stones / 4 * 12 + b->open - 1;
    const uint16_t *bucket =
        endless_bucket + endless_bucket_start[k] + (fingerprint >> (16 - endless_bucket_bits[k]));
    for (int i = bucket[0]; i < bucket[1]; i++)
        if (endless_fingerprint[i] == fingerprint)
            return 1;
    return 0;
#endif
}

/* The moves of `candidates` that may be endless by their stones alone
 * (about 1 position in 6 of random play): a candidate that
 * ends_within_two_laps() proves finite, or whose first lap start is not
 * in the table, is legal without its child; the others are sown (child
 * i is the i-th candidate's, which is the i-th legal move unless one is
 * endless: rare, then all are sown). Out of line, as the move it sows:
 * the hot path stays short. */
static __attribute__((noinline)) void list_sowing(const struct mc_board *b,
                                                  const struct mc_state *s, unsigned candidates,
                                                  int stones, struct mc_moves *out)
{
    const int first = s->to_move * b->variant->n;
    uint8_t pits[MANCALA_MAX_PITS + 1];
    memcpy(pits, s->pit, MANCALA_MAX_PITS);
    pits[MANCALA_MAX_PITS] = 1; /* off the board: see ends_within_two_laps() */
    /* The hands of the endless lap starts of this stone count, if the
     * table holds it (then no pit holds more than 63). */
    const int in_table = ENDLESS_TABLE_STONES > 0 && stones % 4 == 0 &&
                         stones <= ENDLESS_TABLE_STONES;
#if ENDLESS_TABLE_STONES > 0
    const uint64_t hands = in_table ? endless_hands[stones / 4 * 12 + b->open - 1] : 0;
#else
    const uint64_t hands = 0;
#endif
    uint8_t twice[40];
    if (in_table && b->shared)
        open_ring_twice(b, pits, twice);
    unsigned known = 0;
    for (unsigned c = candidates; c; c &= c - 1) {
        const int pit = mc_lowest_bit(c);
        if ((in_table && !(hands >> pits[pit] & 1)) || ends_within_two_laps(b, pits, b->open, pit) ||
            !may_be_endless(b, pits, twice, pit, stones))
            continue;
        const int i = mc_count_row_bits(candidates >> first & ((1u << (pit - first)) - 1));
        if (rio_sow(b, s, pit, &out->child[i], NULL)) {
            /* Endless (rule 6): the others are all sown, not this one again. */
            generate_knowing(b, s, out, NULL, 1u << pit);
            return;
        }
        known |= 1u << i;
    }
    out->known = (uint16_t)known;
}

/* Whether the board of `pits`, `stones` stones in all, may hold an
 * endless lap start, by the board filter of endless_table.h: 0 if it
 * certainly holds none (then no candidate is endless), 1 if it may, or
 * if the filter does not hold boards like it (pits closed, a stone count
 * not a multiple of 4, or a build without the tables). Every lap start
 * of a board with every pit open has the board's mc_ring_pairs(). */
static MC_INLINE_NATIVE int board_may_be_endless(const struct mc_board *b, const uint8_t *pits,
                                                int stones)
{
#if ENDLESS_TABLE_STONES > 0
    if (!b->shared || stones % 4)
        return 1;
    const int k = stones / 4 * 2 + (b->npits == 12);
    const uint64_t *filter = endless_board_bits + endless_board_start[k];
    /* The ring's length a constant: its loop unrolled. */
    const uint64_t pairs = b->npits == 12 ? mc_ring_pairs(pits, 12, endless_pair_keys)
                                          : mc_ring_pairs(pits, 10, endless_pair_keys);
    uint32_t bit[2];
    mc_filter_bits(pairs, endless_board_size[k], bit);
    return (int)(filter[bit[0] / 64] >> bit[0] % 64 & filter[bit[1] / 64] >> bit[1] % 64 & 1);
#else
    (void)b, (void)pits, (void)stones;
    return 1;
#endif
}

/* The hot path: a candidate (an open pit of the mover's row with stones)
 * is endless exactly when its first lap start is one of the endless lap
 * starts of doc/endless.md, so most positions are settled by their count
 * of stones alone, most others by the board filter, and the rest by
 * list_sowing(). The candidates are listed from a table, without a
 * loop. */
static MC_INLINE_NATIVE void list_moves(const struct mc_board *b, const struct mc_state *s,
                                        struct mc_moves *out)
{
    const mc_bytes x = load_bytes(s->pit);
    const unsigned candidates = candidate_pits(b, x, s->to_move);
    mc_list_row(out, candidates, s->to_move * b->variant->n);
    /* At most the 48 stones of the game: a position of more is refused by
     * the notation, and a move keeps the sum. */
    const int stones = sum_bytes(x);
    if (candidates && endless_count(b->open, stones) && board_may_be_endless(b, s->pit, stones))
        list_sowing(b, s, candidates, stones, out);
}

static void rio_list(const struct mc_board *b, const struct mc_state *s, struct mc_moves *out)
{
    list_moves(b, s, out);
}

/* A legal move and the moves after it, each inlined: the position is
 * listed from the registers the move leaves it in (a second copy of the
 * move's code and the list's: random games 1.1 times as fast). Not in
 * the WebAssembly module, whose size has a budget. */
static MC_ALWAYS_INLINE void rio_step(const struct mc_board *b, const struct mc_state *s,
                                      int pit, struct mc_state *out, struct mc_moves *moves)
{
#ifdef __EMSCRIPTEN__
    rio_sow(b, s, pit, out, NULL);
#else
    /* The shared tables known to be there: no test of them at each lap. */
    if (b->shared)
        rio_move_by_words(b, s, pit, out);
    else
        rio_sow(b, s, pit, out, NULL);
#endif
    list_moves(b, out, moves);
}

static void rio_step_out(const struct mc_board *b, const struct mc_state *s, int pit,
                         struct mc_state *out, struct mc_moves *moves)
{
    rio_step(b, s, pit, out, moves);
}

MC_DEFINE_PLAY(rio_play, rio_step)

const struct mc_rules mancala__rio_kadalis_rules = {
    .play = rio_play,
    .play_half = rio_play_half,
    .step = rio_step_out,
    .sow = rio_sow,
    .generate = rio_generate,
    .list = rio_list,
    .candidates = rio_candidates,
};

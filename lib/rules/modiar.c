/*
 * Modiar: the rules of RULES.md, "Modiar", rules 1 to 6. Rule 7 (the end)
 * and the repetition rule are shared and live in game.c.
 *
 * SPDX-License-Identifier: MIT
 */
#include "game/handle.h"

enum { MODIAR_PITS = 6, MODIAR_ROW = 3 };

/* 2, 4 or 6, as a set of counts: bit c set for a capturing count c. A pit
 * never holds 64 stones (there are 42), so this needs no branch, which
 * matters: whether a count captures is as good as random. */
#define CAPTURE_COUNTS (UINT64_C(1) << 2 | UINT64_C(1) << 4 | UINT64_C(1) << 6)

static int is_capture_count(int stones)
{
    return CAPTURE_COUNTS >> stones & 1;
}

/* The pit before `p` along the sowing path. */
static int previous_pit(int p)
{
    return p ? p - 1 : MODIAR_PITS - 1;
}

/* Where the last stone of `stones` (at most 48) sown from `pit` falls:
 * (pit + stones - 1) mod 6, read from a table (pit + stones + 5 is below
 * 64) rather than divided. */
#define MOD6_16(k) (k) % 6, ((k) + 1) % 6, ((k) + 2) % 6, ((k) + 3) % 6, ((k) + 4) % 6,       \
                   ((k) + 5) % 6, ((k) + 6) % 6, ((k) + 7) % 6, ((k) + 8) % 6, ((k) + 9) % 6, \
                   ((k) + 10) % 6, ((k) + 11) % 6, ((k) + 12) % 6, ((k) + 13) % 6,           \
                   ((k) + 14) % 6, ((k) + 15) % 6
static int last_pit(int pit, int stones)
{
    static const uint8_t mod6[64] = {MOD6_16(0), MOD6_16(16), MOD6_16(32), MOD6_16(48)};
    return mod6[pit + stones + MODIAR_PITS - 1];
}

/* The first 8 pits as one 64-bit word, pit p in byte p counted from the
 * lowest (on any byte order; Modiar uses 6, and pits 6 and 7 are 0). */
static uint64_t pit_word(const struct mc_state *s)
{
    return mc_load_le64(s->pit);
}

/* row_unit[player]: a 1 in each byte of a pit of the player's row, in a
 * pit_word(). */
static const uint64_t row_unit[2] = {0x010101u, 0x010101000000u};

static int row_empty(uint64_t pits, int player)
{
    return !(pits & row_unit[player] * 0xff);
}

/* Rule 2 on `pits` (a pit_word()): `stones` (1 to 42) sown from `pit`:
 * every pit gains stones / 6, the `stones % 6` pits from `pit` on, along
 * the sowing path, one more (extra[pit][rest], a byte each), and `pit`
 * loses the stones it held. Computed modulo 2^64, the bytes' carries and
 * borrows cancel, since no byte of the result leaves 0..42. */
#define DISTANCE(from, to) (((to) - (from) + MODIAR_PITS) % MODIAR_PITS)
#define EXTRA_BYTE(pit, rest, p) ((uint64_t)(DISTANCE(pit, p) < (rest)) << 8 * (p))
#define EXTRA(pit, rest)                                                                         \
    (EXTRA_BYTE(pit, rest, 0) | EXTRA_BYTE(pit, rest, 1) | EXTRA_BYTE(pit, rest, 2) |           \
     EXTRA_BYTE(pit, rest, 3) | EXTRA_BYTE(pit, rest, 4) | EXTRA_BYTE(pit, rest, 5))
#define LAP(pit, stones)                                                                         \
    ((uint64_t)((stones) / MODIAR_PITS) * UINT64_C(0x010101010101) +                             \
     EXTRA(pit, (stones) % MODIAR_PITS) - ((uint64_t)(stones) << 8 * (pit)))
#ifdef __EMSCRIPTEN__
/* In the WebAssembly module, whose size has a budget, computed. */
#define EXTRAS(pit)                                                                              \
    {EXTRA(pit, 0), EXTRA(pit, 1), EXTRA(pit, 2), EXTRA(pit, 3), EXTRA(pit, 4), EXTRA(pit, 5)}
static const uint64_t extra[MODIAR_PITS][MODIAR_PITS] = {EXTRAS(0), EXTRAS(1), EXTRAS(2),
                                                         EXTRAS(3), EXTRAS(4), EXTRAS(5)};

static uint64_t sow_lap(uint64_t pits, int pit, int stones)
{
    const unsigned laps = (unsigned)stones / MODIAR_PITS, rest = (unsigned)stones % MODIAR_PITS;
    return pits + laps * UINT64_C(0x010101010101) + extra[pit][rest] -
           ((uint64_t)stones << 8 * pit);
}
#else
/* Natively, read from a table of every lap, LAP(pit, stones) for 0 to 47
 * stones (2,304 bytes): a load where the division by 6 and its uses take
 * about 15 instructions, twice a ply on average (the move played and the
 * moves tested for a grand slam). */
#define LAPS4(pit, s) LAP(pit, s), LAP(pit, (s) + 1), LAP(pit, (s) + 2), LAP(pit, (s) + 3)
#define LAPS16(pit, s) LAPS4(pit, s), LAPS4(pit, (s) + 4), LAPS4(pit, (s) + 8), LAPS4(pit, (s) + 12)
#define LAPS(pit) {LAPS16(pit, 0), LAPS16(pit, 16), LAPS16(pit, 32)}
static const uint64_t lap_table[MODIAR_PITS][48] = {LAPS(0), LAPS(1), LAPS(2),
                                                    LAPS(3), LAPS(4), LAPS(5)};

static uint64_t sow_lap(uint64_t pits, int pit, int stones)
{
    return pits + lap_table[pit][stones];
}
#endif

/* Rule 3 on `pits`, the pits' word after `stones` were sown from `pit`:
 * the stones captured, each in its pit's byte (0 elsewhere): 2, 4 or 6 in
 * the last pit, then backwards along the sowing path through the pits
 * sown into by this move, up to the first that holds another count. */
static MC_ALWAYS_INLINE uint64_t capture(uint64_t pits, int pit, int stones)
{
    const int sown = stones < MODIAR_PITS ? stones : MODIAR_PITS;
    uint64_t taken = 0;
    for (int i = 0, p = last_pit(pit, stones); i < sown; i++, p = previous_pit(p)) {
        const uint64_t here = pits >> 8 * p & 0xff;
        if (!is_capture_count((int)here))
            break;
        taken |= here << 8 * p;
    }
    return taken;
}

/* Rule 4: the capture of the very first move is forfeited. */
static int forfeits(const struct mc_state *s)
{
    return s->ply == 0;
}

/* Rule 5: a capture (`taken`, leaving `pits`) that empties the opponent's
 * row, which held stones after the sowing, is illegal (convention). The
 * row held stones after the sowing if and only if it holds some now or
 * some were taken from it. */
static int grand_slam(uint64_t taken, uint64_t pits, int opponent)
{
    return !row_empty(taken, opponent) && row_empty(pits, opponent);
}

/* Rules 1 to 5 for one move. Inline so that the move generator gets a copy
 * without the recorder (rec is NULL there), the hot path. */
static MC_ALWAYS_INLINE int modiar_move(const struct mc_state *s, int pit, struct mc_state *out,
                                        struct mc_recorder *rec)
{
    const int stones = s->pit[pit];
    const int mover = s->to_move;

    /* Rule 1: at least two stones. */
    if (stones == 0)
        return MANCALA_E_EMPTY;
    if (stones == 1)
        return MANCALA_E_SINGLETON;

    /* Rule 2: the first stone goes back into the origin, stone k lands in
     * pit + k - 1; one lap of the hand, no relay. So every pit receives
     * stones / 6, and the `stones % 6` pits from the origin on one more:
     * the whole lap by arithmetic, each pit written once. */
    *out = *s;
    mc_record(rec, MANCALA_EV_LAP, pit, stones, mover);
    uint64_t pits = sow_lap(pit_word(s), pit, stones);
    if (rec) {
        /* The same stone by stone, told as it goes. */
        out->pit[pit] = 0;
        for (int k = 0, p = pit; k < stones; k++, p = p == MODIAR_PITS - 1 ? 0 : p + 1) {
            out->pit[p]++;
            mc_record(rec, MANCALA_EV_SOW, p, out->pit[p], mover);
        }
        pits = pit_word(out);
    }

    /* Rules 3 and 4, told from the last pit backwards. */
    const uint64_t taken = capture(pits, pit, stones);
    const int forfeit = forfeits(s);
    for (int i = 0, p = last_pit(pit, stones);
         rec && i < MODIAR_PITS && (taken >> 8 * p & 0xff); i++, p = previous_pit(p))
        mc_record(rec, forfeit ? MANCALA_EV_FORFEIT : MANCALA_EV_CAPTURE, p,
                  (int)(taken >> 8 * p & 0xff), mover);
    if (taken && !forfeit) {
        pits -= taken;
        out->captured[mover] = (uint8_t)(out->captured[mover] + (taken * 0x0101010101010101u >> 56));
        if (grand_slam(taken, pits, mover ^ 1))
            return MANCALA_E_GRAND_SLAM;
    }
    mc_store_bytes(out->pit, pits, 8);
    mc_finish_move(out, pit);
    return 0;
}

/* Quick tests for rule 5, so that listing the moves works out the
 * captures of only the few that may be grand slams. A grand slam leaves
 * the opponent's row empty,
 * and a capture takes only pits holding 2, 4 or 6 (rule 3); so after the
 * sowing every pit of that row holds 0, 2, 4 or 6, and not all hold 0.
 * Sowing only adds stones to that row, so before it none of its pits held
 * more than 6 (tested, with one mask, as: more than 7). Every grand slam
 * passes both tests; capture() and grand_slam() decide for the moves
 * that pass. */

static int grand_slam_possible_before(uint64_t pits, int opponent)
{
    const uint64_t row = row_unit[opponent];
    return !(pits & row * 0xf8);
}

static int grand_slam_possible_after(uint64_t pits, int opponent)
{
    const uint64_t row = row_unit[opponent];
    return !(pits & row * 0xf9) && (pits & row * 0xff); /* 0, 2, 4 or 6; not all 0 */
}

static int modiar_sow(const struct mc_board *b, const struct mc_state *s, int pit,
                      struct mc_state *out, struct mc_recorder *rec)
{
    (void)b;
    /* mancala_play() and the lists have copies of their own without a
     * recorder (modiar_step(), modiar_generate()): this one serves the
     * narration and the rare others. */
    return modiar_move(s, pit, out, rec);
}

/* Rule 6 on a set of legal pits (a bit each): if the opponent's row is
 * empty, the moves that put a stone into it, when there are any. A move's
 * lap covers the pits from `pit` to `pit + min(stones, 6) - 1`, and the
 * opponent's row begins right after the end of the mover's. */
static __attribute__((noinline)) unsigned feeding_rule(const struct mc_state *s, unsigned legal)
{
    const int mover = s->to_move;
    if (!row_empty(pit_word(s), mover ^ 1))
        return legal;
    unsigned feeds = 0;
    for (unsigned c = legal; c; c &= c - 1) {
        const int pit = mc_lowest_bit(c), stones = s->pit[pit];
        const int sown = stones < MODIAR_PITS ? stones : MODIAR_PITS;
        if (pit + sown - 1 >= (mover + 1) * MODIAR_ROW)
            feeds |= 1u << pit;
    }
    return feeds ? feeds : legal;
}

/* Lists the legal moves with their children, and why each other pit of
 * the mover's row cannot be played if `why` is not NULL. */
static void modiar_generate(const struct mc_board *b, const struct mc_state *s,
                            struct mc_moves *out, int8_t *why)
{
    (void)b;
    const int first = s->to_move * MODIAR_ROW;
    struct mc_state child[MODIAR_ROW];
    unsigned sown = 0;
    for (int pit = first; pit < first + MODIAR_ROW; pit++) {
        const int reason = modiar_move(s, pit, &child[pit - first], NULL);
        if (why)
            why[pit] = (int8_t)reason;
        sown |= (unsigned)!reason << pit;
    }
    const unsigned legal = feeding_rule(s, sown);
    int count = 0;
    for (unsigned c = sown; c; c &= c - 1) {
        const int pit = mc_lowest_bit(c);
        if (!(legal >> pit & 1)) {
            if (why)
                why[pit] = MANCALA_E_MUST_FEED;
            continue;
        }
        out->pit[count] = (uint8_t)pit;
        out->child[count++] = child[pit - first];
    }
    out->count = count;
    out->legal = (uint16_t)legal;
    out->known = (uint16_t)((1u << count) - 1);
}

/* The pits of `legal` (of the mover's row, with 2 stones or more) whose
 * move is not a grand slam (rule 5), for the pits of `maybe`, those that
 * passed grand_slam_possible_after(): their captures are worked out. Out
 * of line, as modiar_generate(): the hot path stays short. */
static __attribute__((noinline)) unsigned without_grand_slams(const struct mc_state *s,
                                                              unsigned legal, unsigned maybe)
{
    const int opponent = s->to_move ^ 1;
    for (unsigned c = maybe; c; c &= c - 1) {
        const int pit = mc_lowest_bit(c), stones = s->pit[pit];
        const uint64_t after = sow_lap(pit_word(s), pit, stones);
        const uint64_t taken = capture(after, pit, stones);
        if (grand_slam(taken, after - taken, opponent))
            legal &= ~(1u << pit);
    }
    return legal;
}

/* The same without the children, the hot path: rule 1 for the whole row
 * at once, and the moves sown only where rule 5 or 6 may apply. A pit
 * holds at most the 42 stones of the game, so adding 126 to each byte sets
 * its top bit exactly when it holds 2 or more, and no carry crosses pits. */
static MC_INLINE_NATIVE void list_moves(const struct mc_board *b, const struct mc_state *s,
                                        struct mc_moves *out)
{
    (void)b;
    const int mover = s->to_move, first = mover * MODIAR_ROW;
    const uint64_t pits = pit_word(s);
    const uint64_t two_or_more = (pits + 0x7e7e7e7e7e7e7e7eu) >> 7 & 0x0101010101010101u;
    unsigned legal = (mc_row_bits(two_or_more >> 8 * first) & ((1u << MODIAR_ROW) - 1)) << first;
    if (grand_slam_possible_before(pits, mover ^ 1)) {
        /* Each pit of the row sown by arithmetic and tested, legal or
         * not: the moves that may be grand slams (about 1 in 10 of those
         * tested) have their captures worked out. The first move's
         * capture is forfeited: it is none. */
        unsigned maybe = 0;
#pragma GCC unroll 3
        for (int pit = first; pit < first + MODIAR_ROW; pit++)
            maybe |= (unsigned)grand_slam_possible_after(sow_lap(pits, pit, s->pit[pit]),
                                                         mover ^ 1)
                     << pit;
        maybe &= legal;
        if (maybe && !forfeits(s))
            legal = without_grand_slams(s, legal, maybe);
        if (row_empty(pits, mover ^ 1))
            legal = feeding_rule(s, legal);
    }
    mc_list_row(out, legal, first);
}

static void modiar_list(const struct mc_board *b, const struct mc_state *s, struct mc_moves *out)
{
    list_moves(b, s, out);
}

/* A legal move and the moves after it, each inlined: the position is
 * listed from the registers the move leaves it in. (It keeps the tests
 * of rules 1 and 5, which a legal move passes: their branches are
 * predicted, and a copy without them measured more instructions.) */
static MC_ALWAYS_INLINE void modiar_step(const struct mc_board *b, const struct mc_state *s,
                                         int pit, struct mc_state *out, struct mc_moves *moves)
{
    modiar_move(s, pit, out, NULL);
    list_moves(b, out, moves);
}

static void modiar_step_out(const struct mc_board *b, const struct mc_state *s, int pit,
                            struct mc_state *out, struct mc_moves *moves)
{
    modiar_step(b, s, pit, out, moves);
}

MC_DEFINE_PLAY(modiar_play, modiar_step)

const struct mc_rules mancala__modiar_rules = {
    .play = modiar_play,
    .play_half = modiar_play_half,
    .step = modiar_step_out,
    .sow = modiar_sow,
    .generate = modiar_generate,
    .list = modiar_list,
};

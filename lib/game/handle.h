/*
 * The game handle's fields, and mancala_play() on them: game.c has the
 * rest of the handle; each rules file makes its own copy of the move
 * (mc_play_move() below) with its game's step inlined, so that a move
 * costs one call, not two (doc/performance.md).
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_HANDLE_H
#define MANCALA_HANDLE_H

#include "core/random.h"
#include "game/game.h"
#include "game/posset.h"

/* The words of a batch game's filter of positions (512 bits, a cache
 * line): with two bits a position, it lets through about 1 % of the
 * lookups of positions not in a window of 30 (10 % for 100). */
#define WINDOW_WORDS 8

/* The most stones of any variant (Rio Kadalis): round-start states are
 * counted by South's stones, 0 ... MAX_STONES. */
#define MAX_STONES 48

struct mancala_game {
    /* What every move reads and writes comes first, in as few cache lines
     * as it fits: a batch (batch.c) steps thousands of handles in turn,
     * and each line of each handle is fetched again at each step. */
    struct mc_state cur;
    uint8_t end;               /* enum mancala_end */
    uint8_t repetition;        /* MANCALA_OPT_REPETITION */
    uint8_t bank[2];
    int round;
    uint32_t hash;             /* position_hash(&cur), kept by settle() and undo */
    uint32_t free_slot;        /* the slot of `seen` where cur goes in, if settle()
                                * found it (else UINT32_MAX) */
    uint32_t seen_slots;       /* slots of `seen` in use: a power of two */
    uint32_t history_len, history_cap;
    uint32_t history_limit;    /* the lesser of history_cap and seen_slots / 2: the
                                * positions the history takes before it, or its
                                * set, must grow (reserve_history()) */
    uint32_t log_len, log_cap; /* of `log` below */
    /* variant->rules->play and play_half, here to spare mancala_play()
     * (and a batch's step) two loads, each waiting for the one before,
     * ahead of its jump. */
    int (*play)(struct mancala_game *game, int pit);
    int (*play_half)(struct mancala_game *game, int pit);
    struct history_entry *history; /* positions before each move of this round */
    uint32_t *seen;            /* the same positions as a set (see in_history()),
                                * in the history's block, room for 4 * history_cap */
    /* A batch's game (`windowed`, never undone) keeps no positions in
     * `seen`: one that recurs is among those since the last capture
     * (captures remove stones for good), history[window_start ..], and
     * their hashes set two bits each of window_filter (in_window()). */
    uint64_t window_filter[WINDOW_WORDS];
    uint32_t window_start;
    uint8_t windowed;
    struct mc_moves moves;     /* legal moves of cur; count 0 once over;
                                * no children known after an undo */
    struct mc_board board;
    uint8_t round_first;       /* who moved first in this round */
    mancala_alloc_fn alloc;
    void *opaque;
    /* The match (RULES.md, "Match"). */
    uint8_t match_repetition;  /* MANCALA_OPT_MATCH_REPETITION (enum
                                * mancala_match_repetition) */
    int max_rounds;            /* MANCALA_OPT_MAX_ROUNDS, 0 for none */
    /* Rounds started in each state: [who moved first][South's stones]
     * (North holds the rest), saturating at 255. */
    uint8_t round_starts[2][MAX_STONES + 1];
    /* For the match record: the position the handle was created at (its
     * board is made again from the closed pits: the lap tables would make
     * every copy of the handle longer), and the moves of the finished
     * rounds, each followed by MC_LOG_ROUND_END. */
    struct mc_state start;
    uint16_t start_closed;
    uint8_t start_bank[2];
    uint8_t *log;
    struct mc_tags tags;       /* free key/value pairs (tags.c) */
};

/* Out of line in game.c (rare): the reason a move is refused, room for
 * one more position, a position put into the set the slow way, and the
 * move to a child the list sowed. */
int mancala__refusal(const struct mancala_game *g, int pit);
int mancala__make_room(struct mancala_game *g);
void mancala__remember_slowly(struct mancala_game *g, uint32_t i, int quiet);
void mancala__play_known(struct mancala_game *g, int i);

/* ---- the repetition rule ---- */

/* The history's positions that may recur (those not followed by a
 * capture; the others have OUT_OF_SET in their slot) also form a set
 * (posset.h), so that the repetition rule costs the same however long
 * the game: `seen` has seen_slots slots, each 0 or a history index + 1.
 * Positions leave the history in the reverse order they came in
 * (mancala_undo() empties the slot of the one it takes back; a new round
 * empties them all), so no later position's probe ever passed over the
 * slot that is emptied: the probe sequence of every position still in
 * the set stays unbroken. */

/* Puts `entry`, history[i] (its hash set), into the set if `quiet` (no
 * capture followed it; else it never recurs). The slot is the one the
 * repetition rule's lookup ended on (free_slot; UINT32_MAX if there was
 * none). */
static inline void remember_position(struct mancala_game *g, struct history_entry *entry,
                                     uint32_t i, int quiet)
{
    const uint32_t slot = g->free_slot;
    if (slot == UINT32_MAX) {
        mancala__remember_slowly(g, i, quiet);
        return;
    }
    /* After a capture the entry goes to the slot past the set's, which no
     * lookup reads (seen has room for twice the slots), so that both
     * cases do the same work. (Selecting the slot, not computing it with
     * masks: measured faster, doc/performance.md.) */
    g->seen[quiet ? slot : g->seen_slots] = i + 1;
    entry->slot = quiet ? slot : slot | OUT_OF_SET;
}

/* Whether no capture was made from `a` to `b`, a later position of the
 * same round (captures only grow within a round): one comparison of the
 * two counts as a pair. */
static inline int same_captures(const struct mc_state *a, const struct mc_state *b)
{
    uint16_t x, y;
    memcpy(&x, a->captured, sizeof x);
    memcpy(&y, b->captured, sizeof y);
    return x == y;
}

/* Whether `s`, whose position_hash() is `hash`, is among the positions
 * of the set. If not, *free becomes the slot where `s` would go in (its
 * probe ends there), which spares mancala_play() looking for it again. */
static MC_ALWAYS_INLINE int in_history(const struct mancala_game *g, const struct mc_state *s,
                                        uint32_t hash, uint32_t *free)
{
    return posset_find(g->seen, sizeof *g->seen, g->seen_slots, NULL, 0, NULL, &g->history, s,
                       hash, free);
}

/* The two bits of window_filter of a position of hash `hash`. */
static inline void window_bits(uint32_t hash, uint32_t bit[2])
{
    bit[0] = hash & (64 * WINDOW_WORDS - 1);
    bit[1] = hash >> 12 & (64 * WINDOW_WORDS - 1);
}

/* A windowed game's window: empty, starting at history[start]; and
 * after a move from history[i], its last entry: with it if no capture
 * followed it, else empty (it starts after it). */
static inline void window_from(struct mancala_game *g, uint32_t start)
{
    memset(g->window_filter, 0, sizeof g->window_filter);
    g->window_start = start;
}

static inline void window_add(struct mancala_game *g, uint32_t i, int quiet)
{
    if (!quiet) {
        window_from(g, i + 1);
        return;
    }
    uint32_t bit[2];
    window_bits(g->history[i].hash, bit);
    g->window_filter[bit[0] / 64] |= (uint64_t)1 << bit[0] % 64;
    g->window_filter[bit[1] / 64] |= (uint64_t)1 << bit[1] % 64;
}

/* in_history() for a windowed game: whether `s` (hash `hash`) is in its
 * window; the window's entries are read only if the filter may hold it. */
static inline int in_window(const struct mancala_game *g, const struct mc_state *s, uint32_t hash)
{
    uint32_t bit[2];
    window_bits(hash, bit);
    if (!(g->window_filter[bit[0] / 64] >> bit[0] % 64 & g->window_filter[bit[1] / 64] >> bit[1] % 64 & 1))
        return 0;
    for (uint32_t i = g->window_start; i < g->history_len; i++)
        if (g->history[i].hash == hash && same_position(&g->history[i].state, s))
            return 1;
    return 0;
}

/* A windowed game's plies since the last capture of its round, or since
 * its start (mancala__quiet_plies()): its window's. */
static inline int mc_window_plies(const struct mancala_game *g)
{
    return (int)(g->history_len - g->window_start);
}

/* Whether the moves listed end the game. */
static inline void set_end(struct mancala_game *g)
{
    g->end = g->moves.count ? MANCALA_END_NONE : MANCALA_END_NO_MOVES;
}

/* cur's hash, for the repetition rule's lookup and the history; no slot
 * of the set is known for cur yet. */
static inline void hash_position(struct mancala_game *g)
{
    g->hash = position_hash(&g->cur);
    g->free_slot = UINT32_MAX;
}

/* The repetition rule on cur, hashed, its moves listed (and set_end()):
 * the game ends if cur occurred before. The rule looks cur up even after
 * a capture, when it cannot have occurred before (captures remove stones
 * for good): the lookup also finds the slot where mancala_play() puts
 * it, and a branch on whether the move captured would be as good as
 * random. A position that did occur, which makes the list useless, is
 * rare. (A batch's games look cur up in their windows instead,
 * mancala__play_end().) */
static inline void end_by_repetition(struct mancala_game *g)
{
    g->moves.count = 0;
    g->moves.legal = 0;
    g->end = MANCALA_END_REPETITION;
}

static inline void settle_repetition(struct mancala_game *g)
{
    if (g->repetition && in_history(g, &g->cur, g->hash, &g->free_slot))
        end_by_repetition(g);
}

/* settle_repetition() for a windowed game. */
static inline void settle_window(struct mancala_game *g)
{
    if (g->repetition && in_window(g, &g->cur, g->hash))
        end_by_repetition(g);
}

/* Room in the history for one more position, and in its set, which then
 * stays at most half full: one test. */
static inline int reserve_history(struct mancala_game *g)
{
    return g->history_len < g->history_limit ? MANCALA_OK : mancala__make_room(g);
}

/* The rules' step, as in struct mc_rules. */
typedef void mc_step_fn(const struct mc_board *b, const struct mc_state *s, int pit,
                        struct mc_state *out, struct mc_moves *moves);

/* mancala_play() on `game` (not NULL), or (`half` 1) its first half for
 * a batch's (windowed) game: all but the repetition rule, the position
 * left put into the window, not the set, returning 1 if the move
 * captured, else 0 (or the error). The play() and
 * play_half() of each rules file (struct mc_rules), with its step and
 * `half` constants (MC_DEFINE_PLAY). */
static MC_ALWAYS_INLINE int mc_play_move(struct mancala_game *game, int pit, int half,
                                         mc_step_fn *step)
{
    /* The legal pits are pits of the board, and none once the game is
     * over (settle()): one test admits a legal move. */
    const unsigned legal = game->moves.legal;
    if ((unsigned)pit >= MANCALA_MAX_PITS || !(legal >> pit & 1))
        return mancala__refusal(game, pit);
    if (game->cur.ply == INT32_MAX)
        return MANCALA_E_STATE;
    int status = reserve_history(game);
    if (status)
        return status;
    struct history_entry *entry = &game->history[game->history_len];
    entry->state = game->cur;
    entry->hash = game->hash;
    entry->legal = (uint16_t)legal;
    /* The child, if the list sowed it (Rio Kadalis's lists seldom do,
     * Modiar's never): the move is legal move i, i the legal pits below
     * it (all of the mover's row), counted (a loop that stopped at it
     * would mispredict about once a ply). */
    const unsigned known = game->moves.known, below = legal & ((1u << pit) - 1);
    const int i = known ? mc_count_row_bits(below) + mc_count_row_bits(below >> 6) : 0;
    if (known >> i & 1) {
        mancala__play_known(game, i);
    } else {
        /* Known to be legal (listed without its child, or after an undo):
         * sow it alone, and list the moves after it. */
        step(&game->board, &entry->state, pit, &game->cur, &game->moves);
    }
    set_end(game);
    /* A move only moves stones, and captures them. */
    MC_INVARIANT(mc_stones(&game->cur) + game->bank[0] + game->bank[1] ==
                 mc_total_stones(game->board.variant));
    /* A position before a capture never recurs (captures remove stones for
     * good): only the others go into the set of positions. */
    const int quiet = same_captures(&entry->state, &game->cur);
    if (half) {
        /* A batch's game: windowed. */
        entry->slot = UINT32_MAX;
        window_add(game, game->history_len, quiet);
        game->history_len++;
        hash_position(game);
        return !quiet;
    }
    remember_position(game, entry, game->history_len, quiet);
    game->history_len++;
    hash_position(game);
    settle_repetition(game);
    return MANCALA_OK;
}

/* ---- a batch's game (learn/batch.c), inline in the batch's loop ---- */

/* mancala__view() (game.h); inline, a batch's step computes only the
 * fields it reads before it hands the view on. */
static MC_ALWAYS_INLINE void mc_view_of(const struct mancala_game *game, struct mc_view *view)
{
    view->board = &game->board;
    view->state = &game->cur;
    view->bank = game->bank;
    view->legal = game->moves.count ? game->moves.legal : 0;
    view->end = game->end;
    view->round = game->round;
    view->history_room = game->history_cap - game->history_len;
    view->log_room = game->log_cap - game->log_len;
}

/* mancala_play() in two halves, for a batch that moves another game in
 * between: the first plays the move and lists the next moves, the second
 * applies the repetition rule (its lookup in the game's window, the
 * game windowed: mancala__window()), and writes the view of the position
 * reached. Nothing else may use the handle in between. The first plays
 * `action` (relative to the mover: the mover's first pit is 0), which
 * must be legal, or if it is negative the k-th legal move, k drawn from
 * `*rng` (uniform among the legal moves, which the handle lists in
 * ascending order); it returns the action played. */
static MC_ALWAYS_INLINE int mc_play_begin(struct mancala_game *game, int action, uint64_t *rng)
{
    const int first = game->cur.to_move * game->board.variant->n;
    if (action < 0)
        action = game->moves.pit[mc_random_below(rng, (uint32_t)game->moves.count)] - first;
    game->play_half(game, first + action);
    return action;
}

static MC_ALWAYS_INLINE void mc_play_end(struct mancala_game *game, struct mc_view *view)
{
    settle_window(game);
    mc_view_of(game, view);
}

/* Asks the processor to fetch the parts of handle `far` that a move reads
 * first, and the parts of the history of handle `near` that its next move
 * writes (found from the first parts: `near` is a handle whose first parts
 * were asked for earlier), for a batch that does so a few games ahead.
 * Either may be NULL. Changes nothing. Always inlined: GCC takes a
 * function of prefetches alone for one without effect, and drops its
 * calls. */
static MC_ALWAYS_INLINE void mc_prefetch(const struct mancala_game *far,
                                         const struct mancala_game *near)
{
    if (far) {
        /* The lines of what every move reads first (struct mancala_game):
         * the position, the window's filter and the legal moves, and the
         * board's first fields. */
        MC_PREFETCH(far, 0);
        MC_PREFETCH(&far->window_filter, 0);
        MC_PREFETCH(&far->moves.pit[MANCALA_MAX_PITS - 1], 0);
        MC_PREFETCH(&far->board, 0);
        MC_PREFETCH(&far->board.shared, 0);
    }
    if (near) {
        /* The history's entry the next move writes. */
        MC_PREFETCH(&near->history[near->history_len], 1);
    }
}

/* Defines `name` and `name`_half, the play() and play_half() of a rules
 * file (struct mc_rules): mc_play_move() with the game's step inlined,
 * and `half` a constant (as a parameter, it kept a register busy through
 * the move's laps). In the WebAssembly module,
 * whose size has a budget, both games share one copy of the move
 * instead, which calls the rules' step through its pointer (game.c). */
#if defined(MC_RULES_ONLY)
/* The rules without the handle (the endless table's generator,
 * tools/endless_gen.c, built from the rules layer alone): no move of a
 * handle, so nothing of game.c is linked. */
#define MC_DEFINE_PLAY(name, step)                                                               \
    static int name(struct mancala_game *game, int pit)                                          \
    {                                                                                            \
        (void)game, (void)pit, (void)step;                                                       \
        return MANCALA_E_STATE;                                                                  \
    }                                                                                            \
    static int name##_half(struct mancala_game *game, int pit)                                   \
    {                                                                                            \
        return name(game, pit);                                                                  \
    }
#elif defined(__EMSCRIPTEN__)
int mancala__play_any(struct mancala_game *game, int pit, int half);
#define MC_DEFINE_PLAY(name, step)                                                               \
    static int name(struct mancala_game *game, int pit)                                          \
    {                                                                                            \
        return mancala__play_any(game, pit, 0);                                                  \
    }                                                                                            \
    static int name##_half(struct mancala_game *game, int pit)                                   \
    {                                                                                            \
        return mancala__play_any(game, pit, 1);                                                  \
    }
#else
#define MC_DEFINE_PLAY(name, step)                                                               \
    static int name(struct mancala_game *game, int pit)                                          \
    {                                                                                            \
        return mc_play_move(game, pit, 0, step);                                                 \
    }                                                                                            \
    static int name##_half(struct mancala_game *game, int pit)                                   \
    {                                                                                            \
        return mc_play_move(game, pit, 1, step);                                                 \
    }
#endif

#endif

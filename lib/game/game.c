/*
 * The game handle, shared by both games: creation, history and undo, the
 * end of a game or round (rule 7 of each game), the repetition rule, the
 * match of several rounds, options and read access. The handle's fields
 * and mancala_play()'s move are in handle.h: each rules file makes its
 * own copy of the move, its game's step inlined.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "game/handle.h"
#include "core/random.h"

/* Positions reserved for the history when a handle is created: ordinary
 * games and rounds never need more, so mancala_play() does not allocate. */
#define HISTORY_RESERVE 512
/* ---- allocation ---- */

void *mancala__default_alloc(void *opaque, void *ptr, size_t size)
{
    (void)opaque;
    if (size == 0) {
        free(ptr);
        return NULL;
    }
    /* A new block (a handle a game, in MCTS and the benchmarks) from
     * malloc() itself, not through realloc(). */
    return ptr ? realloc(ptr, size) : malloc(size);
}

static void *game_alloc(mancala_alloc_fn alloc, void *opaque, void *ptr, size_t size)
{
    return alloc(opaque, ptr, size);
}

/* ---- the end of a game or round ---- */

static int stones_in_row(const struct mancala_game *g, int player)
{
    const int n = g->board.variant->n;
    int sum = 0;
    for (int p = player * n; p < (player + 1) * n; p++)
        sum += g->cur.pit[p];
    return sum;
}

/* Stones a player holds now: captures, bank, and their row. */
static int held(const struct mancala_game *g, int player)
{
    return g->cur.captured[player] + g->bank[player] + stones_in_row(g, player);
}

static void count_round_start(struct mancala_game *g)
{
    uint8_t *count = &g->round_starts[g->cur.to_move][held(g, MANCALA_SOUTH)];
    if (*count < UINT8_MAX)
        ++*count;
}

/* ---- the repetition rule: the set of positions (posset.h has the set,
 * handle.h its lookup) ---- */

/* Puts history[i], whose position_hash() is `hash`, into the set (the
 * entries before it that are in the set are there). */
static inline void insert_position(struct mancala_game *g, uint32_t i, uint32_t hash)
{
    uint32_t slot;
    if (in_history(g, &g->history[i].state, hash, &slot)) {
        /* Never: a position that recurs ends the round. Were it there,
         * lookups would find it as they find this one. */
        MC_INVARIANT(0);
        g->history[i].slot = UINT32_MAX;
        return;
    }
    g->seen[slot] = i + 1;
    g->history[i].slot = slot;
}

/* Empties the set and puts history[0 .. count-1] into it. */
static void refill_positions(struct mancala_game *g, uint32_t count)
{
    memset(g->seen, 0, g->seen_slots * sizeof *g->seen);
    for (uint32_t i = 0; i < count; i++) {
        if (g->history[i].slot & OUT_OF_SET)
            g->history[i].slot = UINT32_MAX; /* where it would go is not known now */
        else
            insert_position(g, i, g->history[i].hash);
    }
}

/* Empties the set, before the history is emptied: the slots of the
 * history's positions that are in it (the only ones not 0, with the slot
 * past the set's), or every slot if that is less work. A batch of short
 * games restarts often: clearing the whole set of a 20-ply Modiar game
 * wrote 64 cache lines for about 10 slots in use. */
static void empty_set(struct mancala_game *g)
{
    window_from(g, 0);
    if (g->windowed)
        return; /* nothing is in its set */
    if (g->history_len > g->seen_slots / 16) {
        memset(g->seen, 0, g->seen_slots * sizeof *g->seen);
        return;
    }
    for (uint32_t i = 0; i < g->history_len; i++)
        if (!(g->history[i].slot & OUT_OF_SET)) /* UINT32_MAX (not in the set) has the bit */
            g->seen[g->history[i].slot] = 0;
    g->seen[g->seen_slots] = 0;
}

/* remember_position() where the slot is not known: without the
 * repetition rule (there is no set), or after the set grew since the
 * lookup. Rare. */
void mancala__remember_slowly(struct mancala_game *g, uint32_t i, int quiet)
{
    g->history[i].slot = UINT32_MAX;
    if (g->repetition && quiet)
        insert_position(g, i, g->history[i].hash);
}

/* The move to legal move i, whose child the list sowed (Rio Kadalis's
 * lists seldom do, Modiar's never): out of line, so that mancala_play()
 * keeps no pointer for it. */
void mancala__play_known(struct mancala_game *g, int i)
{
    g->cur = g->moves.child[i];
    g->board.variant->rules->list(&g->board, &g->cur, &g->moves);
}

/* The history's limit after its capacity or its set's slots changed. */
static void set_history_limit(struct mancala_game *g)
{
    const uint32_t half = g->windowed ? UINT32_MAX : g->seen_slots / 2;
    g->history_limit = g->history_cap < half ? g->history_cap : half;
}

/* The set of a windowed game's copy, which is not windowed: its
 * positions that may recur (those not followed by a capture) put in,
 * the set at most half full. */
static void set_from_window(struct mancala_game *g)
{
    g->windowed = 0;
    while (g->seen_slots < 2 * g->history_len)
        g->seen_slots *= 2;
    memset(g->seen, 0, g->seen_slots * sizeof *g->seen);
    for (uint32_t i = 0; i < g->history_len; i++) {
        const struct mc_state *next = i + 1 < g->history_len ? &g->history[i + 1].state : &g->cur;
        g->history[i].slot = UINT32_MAX;
        if (g->repetition && same_captures(&g->history[i].state, next))
            insert_position(g, i, g->history[i].hash);
    }
    g->free_slot = UINT32_MAX;
    set_history_limit(g);
}

#ifdef MANCALA_INVARIANTS
/* Whether every position of the history that is in the set is where its
 * slot says and is found by its probe (handle.h: no probe sequence is
 * broken by an undo). */
static int set_intact(const struct mancala_game *g)
{
    for (uint32_t i = 0; i < g->history_len; i++) {
        const struct history_entry *e = &g->history[i];
        uint32_t free;
        if (!(e->slot & OUT_OF_SET) &&
            (g->seen[e->slot] != i + 1 || !in_history(g, &e->state, e->hash, &free)))
            return 0;
    }
    return 1;
}
#endif

/* Brings the legal moves and the end of the game up to date with cur. */
static inline void settle(struct mancala_game *g)
{
    g->board.variant->rules->list(&g->board, &g->cur, &g->moves);
    set_end(g);
    hash_position(g);
    if (g->windowed)
        settle_window(g);
    else
        settle_repetition(g);
}

/* ---- creation ---- */

/* The bytes of a history of `cap` positions (a power of two) with its set. */
static size_t history_bytes(uint32_t cap)
{
    return cap * (sizeof(struct history_entry) + 4 * sizeof(uint32_t));
}

/* A handle and its first history are one block (the history right after
 * the handle): creating and freeing a handle then costs one call of the
 * allocator each, not two (MCTS and the benchmarks make a handle a
 * game). A history that outgrows it gets a block of its own; the first
 * stays unused until the handle is freed. */
static struct history_entry *first_history(const struct mancala_game *g)
{
    return (struct history_entry *)(uintptr_t)(g + 1);
}

/* A handle's block with room for a history of `cap` positions, or NULL. */
static struct mancala_game *handle_alloc(mancala_alloc_fn alloc, void *opaque, uint32_t cap)
{
    _Static_assert(sizeof(struct mancala_game) % _Alignof(struct history_entry) == 0,
                   "the history follows the handle");
    return game_alloc(alloc, opaque, NULL, sizeof(struct mancala_game) + history_bytes(cap));
}

/* Makes the history of `g` the first one, in its block, of `cap`
 * positions (its contents as they are). */
static void use_first_history(struct mancala_game *g, uint32_t cap)
{
    g->history = first_history(g);
    g->history_cap = cap;
    g->seen = (uint32_t *)(g->history + cap);
}

/* A new handle in `g`, a block of mancala__handle_bytes(). */
static void game_init(struct mancala_game *g, const struct mc_position *pos,
                      mancala_alloc_fn alloc, void *opaque)
{
    memset(g, 0, sizeof *g);
    use_first_history(g, HISTORY_RESERVE);
    g->seen_slots = pos->board.variant->set_slots;
    set_history_limit(g);
    memset(g->seen, 0, g->seen_slots * sizeof *g->seen);
    g->alloc = alloc;
    g->opaque = opaque;
    g->board = pos->board;
    g->play = pos->board.variant->rules->play;
    g->play_half = pos->board.variant->rules->play_half;
    g->cur = pos->state;
    g->bank[0] = pos->bank[0];
    g->bank[1] = pos->bank[1];
    g->repetition = 1;
    g->match_repetition = 1;
    g->round = 1;
    g->start = pos->state;
    g->start_closed = pos->board.closed;
    g->start_bank[0] = pos->bank[0];
    g->start_bank[1] = pos->bank[1];
    /* RULES.md, "Match": who moved first follows from the ply's parity. */
    g->round_first = (uint8_t)(g->cur.to_move ^ (g->cur.ply & 1));
    /* A position at ply 0 is the start of its round; of a round parsed in
     * its middle, the start is not known. */
    if (pos->board.variant->match && g->cur.ply == 0)
        count_round_start(g);
    settle(g);
}

static int game_create(mancala_game **out, const struct mc_position *pos,
                       mancala_alloc_fn alloc, void *opaque)
{
    if (!alloc)
        alloc = mancala__default_alloc;
    struct mancala_game *g = handle_alloc(alloc, opaque, HISTORY_RESERVE);
    if (!g)
        return MANCALA_E_NOMEM;
    game_init(g, pos, alloc, opaque);
    *out = g;
    return MANCALA_OK;
}

size_t mancala__handle_bytes(void)
{
    return sizeof(struct mancala_game) + history_bytes(HISTORY_RESERVE);
}

mancala_game *mancala__new_in(void *block, const struct mc_position *pos, mancala_alloc_fn alloc,
                              void *opaque)
{
    game_init(block, pos, alloc, opaque);
    return block;
}

static void start_position(struct mc_position *pos, const struct mc_variant *v)
{
    memset(pos, 0, sizeof *pos);
    mancala__board_init(&pos->board, v, 0);
    memset(pos->state.pit, v->stones_per_pit, 2 * v->n);
    pos->state.to_move = MANCALA_SOUTH;
}

MANCALA_EXPORT int mancala_new_with_allocator(mancala_game **out, const char *rules,
                                              mancala_alloc_fn alloc, void *opaque)
{
    if (!out || !rules)
        return MANCALA_E_INVALID;
    const struct mc_variant *v = mancala__variant_find(rules, strlen(rules));
    if (!v)
        return MANCALA_E_RULES;
    struct mc_position pos;
    start_position(&pos, v);
    return game_create(out, &pos, alloc, opaque);
}

MANCALA_EXPORT int mancala_new(mancala_game **out, const char *rules)
{
    return mancala_new_with_allocator(out, rules, NULL, NULL);
}

MANCALA_EXPORT int mancala_parse_with_allocator(mancala_game **out, const char *position,
                                                char *errbuf, size_t errlen,
                                                mancala_alloc_fn alloc, void *opaque)
{
    if (errbuf && errlen)
        errbuf[0] = '\0';
    if (!out || !position) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "%s", mancala_strerror(MANCALA_E_INVALID));
        return MANCALA_E_INVALID;
    }
    struct mc_position pos;
    int status = mancala__parse_position(position, &pos, errbuf, errlen);
    if (status)
        return status;
    status = game_create(out, &pos, alloc, opaque);
    if (status && errbuf && errlen)
        snprintf(errbuf, errlen, "%s", mancala_strerror(status));
    return status;
}

MANCALA_EXPORT int mancala_parse(mancala_game **out, const char *position, char *errbuf, size_t errlen)
{
    return mancala_parse_with_allocator(out, position, errbuf, errlen, NULL, NULL);
}

void mancala__free_in(mancala_game *game)
{
    if (game->history != first_history(game))
        game_alloc(game->alloc, game->opaque, game->history, 0);
    if (game->log)
        game_alloc(game->alloc, game->opaque, game->log, 0);
    if (game->tags.block)
        game_alloc(game->alloc, game->opaque, game->tags.block, 0);
}

MANCALA_EXPORT void mancala_free(mancala_game *game)
{
    if (!game)
        return;
    mancala__free_in(game);
    game_alloc(game->alloc, game->opaque, game, 0);
}

struct mc_tags *mancala__tags(const mancala_game *game)
{
    return (struct mc_tags *)&game->tags;
}

void *mancala__game_alloc(const mancala_game *game, void *ptr, size_t size)
{
    return game_alloc(game->alloc, game->opaque, ptr, size);
}

/* *g = *game, but the board's own lap tables (1,120 bytes of a handle of
 * 1,656) only if it uses them: a board with every pit open, as Modiar's
 * always is, reads the shared ones. MCTS and the benchmarks clone a handle
 * for each game they play. */
static void copy_handle(struct mancala_game *g, const struct mancala_game *game)
{
    const size_t own = offsetof(struct mancala_game, board.own);
    const size_t after = own + sizeof game->board.own;
    memcpy(g, game, own);
    if (!game->board.shared)
        memcpy(&g->board.own, &game->board.own, sizeof game->board.own);
    memcpy((char *)g + after, (const char *)game + after, sizeof *g - after);
}

MANCALA_EXPORT int mancala_clone(mancala_game **out, const mancala_game *game)
{
    if (!out || !game)
        return MANCALA_E_INVALID;
    /* The clone's first history holds all of the original's. */
    struct mancala_game *g = handle_alloc(game->alloc, game->opaque, game->history_cap);
    if (!g)
        return MANCALA_E_NOMEM;
    uint8_t *log = NULL;
    if (game->log_len) {
        log = game_alloc(game->alloc, game->opaque, NULL, game->log_len);
        if (!log) {
            game_alloc(game->alloc, game->opaque, g, 0);
            return MANCALA_E_NOMEM;
        }
        memcpy(log, game->log, game->log_len);
    }
    char *tags = NULL;
    if (game->tags.len) {
        tags = game_alloc(game->alloc, game->opaque, NULL, game->tags.len);
        if (!tags) {
            if (log)
                game_alloc(game->alloc, game->opaque, log, 0);
            game_alloc(game->alloc, game->opaque, g, 0);
            return MANCALA_E_NOMEM;
        }
        memcpy(tags, game->tags.block, game->tags.len);
    }
    copy_handle(g, game);
    g->tags.block = tags;
    use_first_history(g, game->history_cap);
    memcpy(g->history, game->history, game->history_len * sizeof *g->history);
    if (game->windowed)
        set_from_window(g);
    else
        memcpy(g->seen, game->seen, g->seen_slots * sizeof *g->seen);
    g->log = log;
    g->log_cap = game->log_len;
    *out = g;
    return MANCALA_OK;
}

/* ---- playing ---- */

MANCALA_EXPORT int mancala_legal_moves(const mancala_game *game, int *moves, size_t cap)
{
    if (!game)
        return MANCALA_E_INVALID;
    const int count = game->moves.count;
    if (!count)
        return 0;
    if (!moves)
        return MANCALA_E_INVALID;
    if (cap < (size_t)count)
        return MANCALA_E_NOSPACE;
    /* The moves are of one row: at most 6. Stores to moves[0] to
     * moves[count - 1], and then to moves[count - 1] again, copy them
     * with no branch on the count (as good as random): the places come
     * from a table. Three for a row of three, six for a longer one (a
     * branch the processor predicts: the row's length is the same at
     * every call of a program that plays one game). Rows of 8 bytes:
     * one instruction finds a row. */
    static const uint8_t place[MANCALA_MAX_PITS / 2 + 1][8] = {
        {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {0, 1, 1, 1, 1, 1}, {0, 1, 2, 2, 2, 2},
        {0, 1, 2, 3, 3, 3}, {0, 1, 2, 3, 4, 4}, {0, 1, 2, 3, 4, 5}};
    const uint8_t *pit = game->moves.pit, *at = place[count];
    moves[at[0]] = pit[at[0]];
    moves[at[1]] = pit[at[1]];
    moves[at[2]] = pit[at[2]];
    if (game->board.npits > 6) { /* rows of more than 3 pits */
        moves[at[3]] = pit[at[3]];
        moves[at[4]] = pit[at[4]];
        moves[at[5]] = pit[at[5]];
    }
    return count;
}

/* Why `pit`, not among the legal moves, cannot be played: the tests of
 * mancala_play() in order, out of line (a legal move takes one test). */
int mancala__refusal(const struct mancala_game *g, int pit)
{
    if (pit < 0 || pit >= g->board.npits)
        return MANCALA_E_RANGE;
    if (g->end)
        return MANCALA_E_OVER;
    if (mc_owner(&g->board, pit) != g->cur.to_move)
        return MANCALA_E_NOT_YOURS;
    if (g->board.closed >> pit & 1)
        return MANCALA_E_CLOSED;
    int8_t why[MANCALA_MAX_PITS];
    struct mc_moves scratch;
    g->board.variant->rules->generate(&g->board, &g->cur, &scratch, why);
    return why[pit];
}

/* Doubles the history, moved to a block of its own if it was in the
 * handle's; its set is left to fill again. */
static int grow_history(struct mancala_game *g)
{
    if (g->history_cap > UINT32_MAX / 8 || history_bytes(g->history_cap) > SIZE_MAX / 2)
        return MANCALA_E_NOMEM;
    uint32_t cap = g->history_cap * 2;
    const int in_handle = g->history == first_history(g);
    struct history_entry *grown =
        game_alloc(g->alloc, g->opaque, in_handle ? NULL : g->history, history_bytes(cap));
    if (!grown)
        return MANCALA_E_NOMEM;
    if (in_handle)
        memcpy(grown, g->history, g->history_len * sizeof *grown);
    g->history = grown;
    g->history_cap = cap;
    g->seen = (uint32_t *)(grown + cap);
    return MANCALA_OK;
}

/* Room for one more position (reserve_history(), out of line: rare): the
 * history doubled if it is full, its set doubled if it would be more
 * than half full (a set of variant->set_slots grows only in a round of
 * more than half as many positions; it has room: the set is then below
 * twice the history's capacity, and the block holds four times), and
 * the set filled again. On an error nothing changed. */
int mancala__make_room(struct mancala_game *g)
{
    if (g->history_len == g->history_cap) {
        const int status = grow_history(g);
        if (status)
            return status;
    }
    if (!g->windowed) {
        if (g->history_len >= g->seen_slots / 2)
            g->seen_slots *= 2;
        refill_positions(g, g->history_len);
        g->free_slot = UINT32_MAX; /* the lookup's slot was of the set before */
    }
    set_history_limit(g);
    MC_INVARIANT(g->history_len < g->history_limit);
    return MANCALA_OK;
}

#ifdef __EMSCRIPTEN__
int mancala__play_any(struct mancala_game *game, int pit, int half)
{
    return mc_play_move(game, pit, half, game->board.variant->rules->step);
}
#endif

MANCALA_EXPORT int mancala_play(mancala_game *game, int pit)
{
    if (!game)
        return MANCALA_E_INVALID;
    return game->play(game, pit);
}

/* Makes the position of a history entry current, with the legal moves
 * saved with it (their children not known: a move played is sown then).
 * It had legal moves (one was played), so the game is not over there. */
static void restore_entry(struct mancala_game *g, const struct history_entry *entry)
{
    g->cur = entry->state;
    g->hash = entry->hash;
    const int first = entry->state.to_move * g->board.variant->n;
    mc_list_row(&g->moves, entry->legal, first);
    g->end = MANCALA_END_NONE;
}

MANCALA_EXPORT int mancala_undo(mancala_game *game)
{
    if (!game)
        return MANCALA_E_INVALID;
    if (!game->history_len)
        return MANCALA_E_NO_HISTORY;
    /* A position of the history had legal moves (one was played), so the
     * game is not over there. Its legal moves were saved with it; a child
     * is sown again only when it is played. */
    const struct history_entry *entry = &game->history[--game->history_len];
    restore_entry(game, entry);
    /* The set holds the same positions as when this one was reached: its
     * slot is emptied (if it is out of the set, the one past the set's,
     * without a branch: whether the move captured is as good as random),
     * and the next move puts it there again. */
    const uint32_t slot = entry->slot, out = 0u - (slot >> 31);
    game->seen[(slot & ~out) | (game->seen_slots & out)] = 0;
    game->free_slot = slot == UINT32_MAX ? UINT32_MAX : slot & ~OUT_OF_SET;
    MC_INVARIANT(set_intact(game));
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_history_length(const mancala_game *game)
{
    return game ? (int)game->history_len : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_history(const mancala_game *game, int *moves, size_t cap)
{
    if (!game)
        return MANCALA_E_INVALID;
    const uint32_t count = game->history_len;
    if (count && !moves)
        return MANCALA_E_INVALID;
    if (cap < count)
        return MANCALA_E_NOSPACE;
    /* Each position records the move that led to it. */
    for (uint32_t i = 1; i < count; i++)
        moves[i - 1] = game->history[i].state.move;
    if (count)
        moves[count - 1] = game->cur.move;
    return (int)count;
}

MANCALA_EXPORT int mancala_last_move_events(const mancala_game *game, mancala_event *events, size_t cap)
{
    return mancala__last_move_events(game, events, cap, 0);
}

int mancala__last_move_events(const mancala_game *game, mancala_event *events, size_t cap,
                              size_t skip)
{
    if (!game || (!events && cap))
        return MANCALA_E_INVALID;
    if (!game->history_len)
        return MANCALA_E_NO_HISTORY;
    struct mc_recorder rec = {events, cap, 0, skip};
    struct mc_state after;
    game->board.variant->rules->sow(&game->board, &game->history[game->history_len - 1].state,
                                    game->cur.move, &after, &rec);
    return (int)rec.count;
}

/* ---- reading the position ---- */

MANCALA_EXPORT int mancala_format(const mancala_game *game, char *buf, size_t size)
{
    if (!game || (!buf && size))
        return MANCALA_E_INVALID;
    return mancala__format_position(&game->board, &game->cur, game->bank, buf, size);
}

MANCALA_EXPORT int mancala_is_over(const mancala_game *game)
{
    return game ? game->end != MANCALA_END_NONE : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_end_reason(const mancala_game *game)
{
    return game ? game->end : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_to_move(const mancala_game *game)
{
    return game ? game->cur.to_move : MANCALA_E_INVALID;
}

static int check_player(const mancala_game *game, int player)
{
    if (!game)
        return MANCALA_E_INVALID;
    if (player != MANCALA_SOUTH && player != MANCALA_NORTH)
        return MANCALA_E_RANGE;
    return MANCALA_OK;
}

/* Rule 7 of both games: once over, the stones left in a row go to its owner. */
static int score(const struct mancala_game *g, int player)
{
    int s = g->cur.captured[player] + g->bank[player];
    if (g->end)
        s += stones_in_row(g, player);
    return s;
}

MANCALA_EXPORT int mancala_score(const mancala_game *game, int player)
{
    int status = check_player(game, player);
    return status ? status : score(game, player);
}

MANCALA_EXPORT int mancala_winner(const mancala_game *game)
{
    if (!game)
        return MANCALA_E_INVALID;
    if (!game->end)
        return MANCALA_E_NOT_OVER;
    int south = score(game, MANCALA_SOUTH), north = score(game, MANCALA_NORTH);
    return south > north ? MANCALA_SOUTH : north > south ? MANCALA_NORTH : MANCALA_DRAW;
}

MANCALA_EXPORT const char *mancala_rules(const mancala_game *game)
{
    return game ? game->board.variant->name : NULL;
}

MANCALA_EXPORT int mancala_num_pits(const mancala_game *game)
{
    return game ? game->board.npits : MANCALA_E_INVALID;
}

static int check_pit(const mancala_game *game, int pit)
{
    if (!game)
        return MANCALA_E_INVALID;
    if (pit < 0 || pit >= game->board.npits)
        return MANCALA_E_RANGE;
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_pit(const mancala_game *game, int pit)
{
    int status = check_pit(game, pit);
    return status ? status : game->cur.pit[pit];
}

MANCALA_EXPORT int mancala_pit_closed(const mancala_game *game, int pit)
{
    int status = check_pit(game, pit);
    return status ? status : game->board.closed >> pit & 1;
}

MANCALA_EXPORT int mancala_captured(const mancala_game *game, int player)
{
    int status = check_player(game, player);
    return status ? status : game->cur.captured[player];
}

MANCALA_EXPORT int mancala_bank(const mancala_game *game, int player)
{
    int status = check_player(game, player);
    return status ? status : game->bank[player];
}

MANCALA_EXPORT int mancala_ply(const mancala_game *game)
{
    return game ? (int)game->cur.ply : MANCALA_E_INVALID;
}

/* A fixed mixing function (the finaliser of SplitMix64), so the hash is the
 * same on every platform and in every process. */
static uint64_t mix(uint64_t h, uint64_t word)
{
    return mc_mix64(h ^ (word + MC_RANDOM_GAMMA + (h << 6) + (h >> 2)));
}

MANCALA_EXPORT uint64_t mancala_hash(const mancala_game *game)
{
    if (!game)
        return 0;
    const struct mc_state *s = &game->cur;
    uint64_t lo = 0, hi = 0;
    for (int i = 0; i < 8; i++)
        lo |= (uint64_t)s->pit[i] << (8 * i);
    for (int i = 8; i < MANCALA_MAX_PITS; i++)
        hi |= (uint64_t)s->pit[i] << (8 * (i - 8));
    const struct mc_variant *v = game->board.variant;
    const int first_move_rule = mc_forfeits_capture(v, s);
    hi |= (uint64_t)s->to_move << 32 | (uint64_t)first_move_rule << 33 |
          (uint64_t)mancala__variant_index(v) << 36 | (uint64_t)game->board.closed << 40;
    uint64_t extra = (uint64_t)s->captured[0] | (uint64_t)s->captured[1] << 8 |
                     (uint64_t)game->bank[0] << 16 | (uint64_t)game->bank[1] << 24;
    return mix(mix(mix(0, lo), hi), extra);
}

/* ---- random playouts ---- */

/* Capture-free plies a playout remembers for the repetition rule: the
 * longest seen in 300,000 random Rio Kadalis rounds was 532. */
#define PLAYOUT_MEMORY 4096
/* Plies after which a playout without the repetition rule gives up. */
#define PLAYOUT_MAX_PLIES 1000000

/* The positions a playout reached since its last capture, as a set for
 * the repetition rule (posset.h): slot s holds i + 1 for position i
 * while i < count and slot_of[i] == s, so that a capture empties it by
 * setting count to 0. It uses `slots` slots (a
 * power of two, at least twice the positions), 1024 at first: few
 * enough to clear for each playout, and so many that a lookup almost
 * always meets an empty slot at once (a branch the processor predicts;
 * fewer slots were measured slower: doc/performance.md). */
#define PLAYOUT_SLOTS (2 * PLAYOUT_MEMORY)
struct playout_seen {
    struct mc_state state[PLAYOUT_MEMORY];
    uint16_t slot_of[PLAYOUT_MEMORY];
    uint16_t slot[PLAYOUT_SLOTS];
    uint32_t count, slots;
};

/* Whether `s` (hash `hash`) is in `seen`; if not, *free is its slot.
 * Inlined into the playout's loop, which looks up every ply: as a call,
 * it cost more (doc/performance.md). */
static MC_INLINE_NATIVE int playout_seen_has(const struct playout_seen *seen,
                                             const struct mc_state *s, uint32_t hash,
                                             uint32_t *free)
{
    return posset_find(seen->slot, sizeof *seen->slot, seen->slots, seen->slot_of, seen->count,
                       seen->state, NULL, s, hash, free);
}

/* Puts `s` (hash `hash`) into `seen` (which has room for it), in slot
 * `free` if that is where its lookup ended (else UINT32_MAX). */
static void playout_seen_add(struct playout_seen *seen, const struct mc_state *s, uint32_t hash,
                             uint32_t free)
{
    if (seen->count + 1 > seen->slots / 2) {
        /* Twice the slots: put the positions in again. */
        seen->slots *= 2;
        memset(seen->slot, 0, seen->slots * sizeof *seen->slot);
        const uint32_t count = seen->count;
        for (seen->count = 0; seen->count < count; seen->count++) {
            uint32_t slot;
            const struct mc_state *old = &seen->state[seen->count];
            /* (Found, never: a position that recurs ends the playout.) */
            if (!playout_seen_has(seen, old, position_hash(old), &slot)) {
                seen->slot_of[seen->count] = (uint16_t)slot;
                seen->slot[slot] = (uint16_t)(seen->count + 1);
            }
        }
        free = UINT32_MAX;
    }
    if (free == UINT32_MAX)
        playout_seen_has(seen, s, hash, &free);
    seen->state[seen->count] = *s;
    seen->slot_of[seen->count] = (uint16_t)free;
    seen->slot[free] = (uint16_t)(++seen->count);
}

MANCALA_EXPORT int mancala_playout(const mancala_game *game, uint64_t seed, int scores[2])
{
    if (!game || !scores)
        return MANCALA_E_INVALID;
    /* A private copy of the position: the handle's history (read only, by
     * its set of positions) and the positions reached since the last
     * capture. */
    struct mancala_game g = *game;
    const struct mc_rules *rules = g.board.variant->rules;
    struct playout_seen seen;
    seen.slots = 1024;
    memset(seen.slot, 0, seen.slots * sizeof *seen.slot);
    seen.count = 0;
    int in_handle = game->history_len > 0; /* positions of the handle's set may recur */
    uint32_t hash = position_hash(&g.cur), free = UINT32_MAX;
    uint64_t rng = seed ^ MC_RANDOM_GAMMA;
    int plies = 0, status = 0;
    /* The moves are listed as for mancala_play() (the move drawn is sown
     * and the moves after it listed in one step, unless the listing
     * sowed it), or, for a game that has them, as candidates: only the
     * move drawn is sown, and one that turns out illegal is struck out
     * and the draw made again among the others. The same moves are drawn
     * either way, with the same chances, and the same move whenever all
     * the candidates are legal. */
    void (*list)(const struct mc_board *, const struct mc_state *, struct mc_moves *) =
        rules->candidates ? rules->candidates : rules->list;
    const int legal_moves = !rules->candidates; /* the moves drawn are legal */
    if (!legal_moves && !g.end)
        rules->candidates(&g.board, &g.cur, &g.moves);

    while (!g.end) {
        if (plies == PLAYOUT_MAX_PLIES || seen.count == PLAYOUT_MEMORY) {
            status = MANCALA_E_LIMIT;
            break;
        }
        struct mc_state sown;
        const struct mc_state *next = NULL;
        int listed = 0; /* g.moves are next's */
        while (!next && g.moves.count) {
            const uint32_t i = mc_random_fast(&rng) % (uint32_t)g.moves.count;
            if (g.moves.known >> i & 1) {
                next = &g.moves.child[i];
            } else if (legal_moves) {
                rules->step(&g.board, &g.cur, g.moves.pit[i], &sown, &g.moves);
                next = &sown;
                listed = 1;
            } else if (rules->sow(&g.board, &g.cur, g.moves.pit[i], &sown, NULL) == 0) {
                next = &sown;
            } else { /* an illegal candidate (no child is known then): struck out */
                g.moves.count--;
                memmove(&g.moves.pit[i], &g.moves.pit[i + 1], (size_t)g.moves.count - i);
            }
        }
        if (!next) {
            g.end = MANCALA_END_NO_MOVES;
            break;
        }
        plies++;
        if (g.repetition) {
            if (next->captured[0] + next->captured[1] != g.cur.captured[0] + g.cur.captured[1]) {
                seen.count = 0;
                in_handle = 0;
            } else {
                /* cur goes into the set (in the slot its lookup ended on). */
                playout_seen_add(&seen, &g.cur, hash, free);
            }
        }
        g.cur = *next;
        free = UINT32_MAX;
        if (g.repetition) {
            hash = position_hash(&g.cur);
            uint32_t handle_slot; /* unused: the handle's set is only read */
            if (playout_seen_has(&seen, &g.cur, hash, &free) ||
                (in_handle && (game->windowed ? in_window(game, &g.cur, hash)
                                              : in_history(game, &g.cur, hash, &handle_slot)))) {
                g.end = MANCALA_END_REPETITION;
                break;
            }
        }
        if (!listed)
            list(&g.board, &g.cur, &g.moves);
        set_end(&g);
    }
    scores[0] = score(&g, MANCALA_SOUTH);
    scores[1] = score(&g, MANCALA_NORTH);
    return status ? status : plies;
}

/* ---- options ---- */

MANCALA_EXPORT int mancala_set_option(mancala_game *game, int option, int value)
{
    if (!game)
        return MANCALA_E_INVALID;
    switch (option) {
    case MANCALA_OPT_REPETITION:
        if (value != 0 && value != 1)
            return MANCALA_E_OPTION;
        /* It decides how a round ends: only before the first move. */
        if (game->history_len || game->round > 1)
            return MANCALA_E_STATE;
        game->repetition = (uint8_t)value;
        return MANCALA_OK;
    case MANCALA_OPT_MATCH_REPETITION:
        /* The match options only decide whether another round starts, so
         * they may change at any time (resuming a saved match). */
        if (value < MANCALA_MATCH_REPETITION_OFF || value > MANCALA_MATCH_REPETITION_DRAW)
            return MANCALA_E_OPTION;
        game->match_repetition = (uint8_t)value;
        return MANCALA_OK;
    case MANCALA_OPT_MAX_ROUNDS:
        if (value < 0)
            return MANCALA_E_OPTION;
        if (value && value < game->round)
            return MANCALA_E_STATE;
        game->max_rounds = value;
        return MANCALA_OK;
    default:
        return MANCALA_E_OPTION;
    }
}

MANCALA_EXPORT int mancala_get_option(const mancala_game *game, int option)
{
    if (!game)
        return MANCALA_E_INVALID;
    switch (option) {
    case MANCALA_OPT_REPETITION: return game->repetition;
    case MANCALA_OPT_MATCH_REPETITION: return game->match_repetition;
    case MANCALA_OPT_MAX_ROUNDS: return game->max_rounds;
    default: return MANCALA_E_OPTION;
    }
}

/* ---- the match (RULES.md, "Match") ---- */

/* Why the match is over (enum mancala_match_end), in the order the
 * header gives: the rules' end, the round limit, then repetition. */
static int match_end(const struct mancala_game *g)
{
    if (!g->end)
        return MANCALA_MATCH_END_NONE;
    if (!g->board.variant->match)
        return MANCALA_MATCH_END_GAME;
    const int south = score(g, MANCALA_SOUTH);
    if (south < 4 || score(g, MANCALA_NORTH) < 4)
        return MANCALA_MATCH_END_STONES;
    if (g->max_rounds && g->round >= g->max_rounds)
        return MANCALA_MATCH_END_ROUNDS;
    /* RULES.md, "A match that keeps repeating ends": the next round
     * would start in a state that already started two rounds. */
    if (g->match_repetition && g->round_starts[g->round_first ^ 1][south] >= 2)
        return MANCALA_MATCH_END_REPETITION;
    return MANCALA_MATCH_END_NONE;
}

/* Makes room in the log for `extra` more bytes. */
static int reserve_log(struct mancala_game *g, uint32_t extra)
{
    if (g->log_cap - g->log_len >= extra)
        return MANCALA_OK;
    if (extra > UINT32_MAX / 2 - g->log_len)
        return MANCALA_E_NOMEM;
    uint32_t cap = g->log_len + extra;
    cap = cap < 2 * g->log_cap ? 2 * g->log_cap : cap;
    uint8_t *grown = game_alloc(g->alloc, g->opaque, g->log, cap);
    if (!grown)
        return MANCALA_E_NOMEM;
    g->log = grown;
    g->log_cap = cap;
    return MANCALA_OK;
}

/* The move played from history[i]. */
static int move_from(const struct mancala_game *g, uint32_t i)
{
    return i + 1 < g->history_len ? g->history[i + 1].state.move : g->cur.move;
}

MANCALA_EXPORT int mancala_next_round(mancala_game *game)
{
    if (!game)
        return MANCALA_E_INVALID;
    const struct mc_variant *v = game->board.variant;
    if (!v->match)
        return MANCALA_E_UNSUPPORTED;
    if (!game->end)
        return MANCALA_E_NOT_OVER;
    if (match_end(game))
        return MANCALA_E_MATCH_OVER;
    int status = reserve_log(game, game->history_len + 1);
    if (status)
        return status;
    for (uint32_t i = 0; i < game->history_len; i++)
        game->log[game->log_len++] = (uint8_t)move_from(game, i);
    game->log[game->log_len++] = MC_LOG_ROUND_END;

    const int n = v->n;
    int total[2] = {score(game, MANCALA_SOUTH), score(game, MANCALA_NORTH)};
    struct mc_state s;
    memset(&s, 0, sizeof s);
    int open[2];
    for (int player = 0; player < 2; player++) {
        open[player] = mc_round_open(n, total[player]);
        game->bank[player] = (uint8_t)(total[player] - 4 * open[player]);
    }
    const uint16_t closed = mc_round_closed(n, open[0], open[1]);
    for (int p = 0; p < 2 * n; p++)
        s.pit[p] = closed >> p & 1 ? 0 : 4;
    s.to_move = game->round_first ^ 1;
    game->round_first = s.to_move;
    game->round++;
    mancala__board_init(&game->board, v, closed);
    game->cur = s;
    empty_set(game);
    game->history_len = 0;
    count_round_start(game);
    settle(game);
    return MANCALA_OK;
}

void mancala__start_position(const mancala_game *game, struct mc_position *pos)
{
    mancala__board_init(&pos->board, game->board.variant, game->start_closed);
    pos->state = game->start;
    pos->bank[0] = game->start_bank[0];
    pos->bank[1] = game->start_bank[1];
}

const uint8_t *mancala__round_log(const mancala_game *game, uint32_t *len)
{
    *len = game->log_len;
    return game->log;
}

int mancala__history_move(const mancala_game *game, uint32_t i)
{
    return move_from(game, i);
}

MANCALA_EXPORT int mancala_round(const mancala_game *game)
{
    return game ? game->round : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_match_over(const mancala_game *game)
{
    return game ? match_end(game) != MANCALA_MATCH_END_NONE : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_match_end_reason(const mancala_game *game)
{
    return game ? match_end(game) : MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_match_winner(const mancala_game *game)
{
    if (!game)
        return MANCALA_E_INVALID;
    const int end = match_end(game);
    if (end == MANCALA_MATCH_END_NONE)
        return MANCALA_E_NOT_OVER;
    /* Since 1.3 a repeating match goes to the player holding more stones,
     * as at the round limit; 1.2's reading, a draw, is an option value. */
    if (end == MANCALA_MATCH_END_REPETITION &&
        game->match_repetition == MANCALA_MATCH_REPETITION_DRAW)
        return MANCALA_DRAW;
    return mancala_winner(game);
}

/* ---- for the learning interface (research.c, batch.c) ---- */

void mancala__view(const mancala_game *game, struct mc_view *view)
{
    mc_view_of(game, view);
}

void mancala__window(mancala_game *game)
{
    MC_INVARIANT(game->history_len == 0);
    game->windowed = 1;
    set_history_limit(game);
}

int mancala__quiet_plies(const mancala_game *game)
{
    /* The history's last positions with cur's captures (captures only
     * grow within a round), found by bisection. */
    const int total = game->cur.captured[0] + game->cur.captured[1];
    uint32_t lo = 0, hi = game->history_len;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        const struct mc_state *s = &game->history[mid].state;
        if (s->captured[0] + s->captured[1] < total)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (int)(game->history_len - lo);
}

/* mancala__restart(); `reuse` 0 when history[0] may not hold the start
 * (it was just changed). One copy for its three callers (the
 * WebAssembly module's size has a budget; a call an episode costs
 * nothing measurable). */
static __attribute__((noinline)) void restart(mancala_game *game, int reuse)
{
    const int first_round = reuse && game->round == 1;
    /* The board changes only with the rounds of a match (and its lap
     * tables take as long as some hundred plies). */
    if (game->board.closed != game->start_closed)
        mancala__board_init(&game->board, game->board.variant, game->start_closed);
    game->cur = game->start;
    game->bank[0] = game->start_bank[0];
    game->bank[1] = game->start_bank[1];
    game->round = 1;
    game->round_first = (uint8_t)(game->cur.to_move ^ (game->cur.ply & 1));
    memset(game->round_starts, 0, sizeof game->round_starts);
    if (game->board.variant->match && game->cur.ply == 0)
        count_round_start(game);
    empty_set(game);
    game->log_len = 0;
    if (game->history_len && first_round) {
        /* The first round began here too: the first entry of the history
         * holds this position with its legal moves, which are not listed
         * again (a batch restarts its games often, and listing the start
         * of Rio Kadalis sows most of its moves), nor looked up: nothing
         * came before it. */
        restore_entry(game, &game->history[0]);
        game->free_slot = UINT32_MAX;
        game->history_len = 0;
        return;
    }
    game->history_len = 0;
    settle(game);
}

void mancala__restart(mancala_game *game)
{
    restart(game, 1);
}

/* The start of a handle (what mancala__restart() goes back to). */
static void set_start(mancala_game *game, const struct mc_state *s, uint16_t closed,
                      const uint8_t bank[2])
{
    game->start = *s;
    game->start_closed = closed;
    game->start_bank[0] = bank[0];
    game->start_bank[1] = bank[1];
}

void mancala__restart_at(mancala_game *game, const struct mc_position *pos)
{
    set_start(game, &pos->state, pos->board.closed, pos->bank);
    restart(game, 0);
}

void mancala__restart_like(mancala_game *game, const mancala_game *src)
{
    set_start(game, &src->cur, src->board.closed, src->bank);
    restart(game, 0);
}

int mancala__reserve(mancala_game *game, uint32_t log_bytes)
{
    return log_bytes > game->log_len ? reserve_log(game, log_bytes - game->log_len) : MANCALA_OK;
}

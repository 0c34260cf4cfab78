/*
 * Alpha-beta search: iterative deepening principal-variation negamax over
 * a private clone of the game, with a transposition table, move ordering
 * (table move, captures, history heuristic) and limits by depth, nodes and
 * wall time. The evaluation of leaves is mancala_evaluate() or the
 * caller's; a solved table (mancala_search_set_table()) answers for the
 * positions it covers (see table_bound()).
 *
 * The search plays on the clone through the public API only, so the
 * game's real history applies the repetition rule (RULES.md, "Both games:
 * repetition") exactly along every searched line.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "core/random.h"
#include "engine/engine.h"
#include "rules/rules.h"

/* Deepest iteration: deeper requests are clamped (see the header). */
#define SEARCH_MAX_DEPTH MC_SEARCH_MAX_DEPTH
/* Above every score the search can return. */
#define SCORE_INFINITY (1 << 30)
/* Evaluations are clamped to +-EVAL_LIMIT so they stay below infinity. */
#define EVAL_LIMIT 1000000
#define DEFAULT_TABLE_BYTES ((size_t)16 << 20)
/* The wall clock is read once per this many nodes. */
#define CLOCK_INTERVAL 1024

enum bound { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* The depth stored for a proven bound: it holds at any depth. */
#define DEPTH_PROVEN 255

/*
 * One transposition-table entry. The key is the position's hash combined
 * with the set of positions since the last capture (see path_key()), so a
 * stored bound never leaks from one history into another. `proven` bounds
 * were reached by playing every line to the end of the game; the others
 * hold for `depth` plies with the evaluation at the leaves.
 */
struct tt_entry {
    uint64_t key;
    int32_t score;
    uint8_t depth;
    uint8_t bound;
    int8_t move;
    uint8_t proven;
};

/* Buckets of two: slot 0 keeps the deepest result, slot 1 the latest. */
struct tt_bucket {
    struct tt_entry slot[2];
};

struct mancala_search {
    struct tt_bucket *table;
    size_t bucket_mask;

    int max_depth;
    uint64_t max_nodes;
    int64_t time_ms;
    mancala_eval_fn eval;
    void *eval_opaque;
    mancala_search_progress_fn progress; /* after each completed iteration */
    void *progress_opaque;
    const mancala_table *endgame; /* borrowed; NULL: none */
    int table_stones;  /* of the run: the endgame's most stones, or -1 if it is of other rules */
    int root_stones;   /* on the board at the root, and the stones captured there: a */
    int root_captured; /* node's stones on the board follow from its captures */
    int score_all;     /* every root move gets an exact score (level.c) */

    /* State of the run under way. */
    atomic_int run;    /* MC_RUN_*: mancala_search_cancel() may set it any time */
    int cancelled;     /* the run saw a cancel and stops */
    int running;       /* mancala_search_run() has not returned */
    int free_pending;  /* mancala_search_free() was called meanwhile */
    mancala_game *game;
    int repetition;
    uint64_t nodes;
    uint64_t next_clock_check; /* node count at which to read the clock */
    struct mc_deadline deadline;
    int may_stop;      /* one iteration has completed */
    int stopped;       /* a limit was reached: unwind */
    int error;         /* a MANCALA_E_* code from mancala_play() */
    uint32_t history[2][MANCALA_MAX_PITS];
    int root_score[MANCALA_MAX_PITS]; /* with score_all: the iteration's, by move */
    int pv[SEARCH_MAX_DEPTH + 1][SEARCH_MAX_DEPTH + 1];
    int pv_len[SEARCH_MAX_DEPTH + 1];

    /* Results of the last successful run. */
    int ran;
    int best_move, score, depth, exact;
    uint64_t result_nodes;
    int result_pv[SEARCH_MAX_DEPTH];
    int result_pv_len;
    int result_root_score[MANCALA_MAX_PITS]; /* with score_all, by pit */
};

/* ---- evaluation ---- */

/* A player's stones if the game ended now (RULES.md rule 7 of both games:
 * each keeps the stones of their own row). */
static int stones_held(const mancala_game *game, int player)
{
    const int n = mancala_num_pits(game) / 2;
    int sum = mancala_captured(game, player) + mancala_bank(game, player);
    for (int p = player * n; p < (player + 1) * n; p++)
        sum += mancala_pit(game, p);
    return sum;
}

MANCALA_EXPORT int mancala_evaluate(const mancala_game *game)
{
    if (!game)
        return 0;
    const int me = mancala_to_move(game);
    return stones_held(game, me) - stones_held(game, !me);
}

/* ---- the searcher ---- */

MANCALA_EXPORT int mancala_search_new(mancala_search **out, size_t table_bytes)
{
    if (!out)
        return MANCALA_E_INVALID;
    if (table_bytes == 0)
        table_bytes = DEFAULT_TABLE_BYTES;
    size_t buckets = 1;
    while (buckets <= table_bytes / sizeof(struct tt_bucket) / 2)
        buckets *= 2;
    struct mancala_search *s = calloc(1, sizeof *s);
    if (!s)
        return MANCALA_E_NOMEM;
    s->table = calloc(buckets, sizeof *s->table);
    if (!s->table) {
        free(s);
        return MANCALA_E_NOMEM;
    }
    s->bucket_mask = buckets - 1;
    s->max_depth = 64;
    atomic_init(&s->run, MC_RUN_IDLE);
    *out = s;
    return MANCALA_OK;
}

MANCALA_EXPORT void mancala_search_free(mancala_search *search)
{
    if (!search)
        return;
    if (search->running) {
        /* Called from the evaluation during a run: the run stops at once
         * and frees the searcher when it returns. */
        search->free_pending = 1;
        search->stopped = 1;
        return;
    }
    free(search->table);
    free(search);
}

MANCALA_EXPORT int mancala_search_set_limit(mancala_search *search, int limit, int64_t value)
{
    if (!search)
        return MANCALA_E_INVALID;
    if (search->running)
        return MANCALA_E_BUSY;
    switch (limit) {
    case MANCALA_LIMIT_DEPTH:
        if (value < 1)
            return MANCALA_E_OPTION;
        search->max_depth = value > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : (int)value;
        return MANCALA_OK;
    case MANCALA_LIMIT_NODES:
        if (value < 0)
            return MANCALA_E_OPTION;
        search->max_nodes = (uint64_t)value;
        return MANCALA_OK;
    case MANCALA_LIMIT_TIME_MS:
        if (value < 0)
            return MANCALA_E_OPTION;
        search->time_ms = value;
        return MANCALA_OK;
    default:
        return MANCALA_E_OPTION;
    }
}

MANCALA_EXPORT int mancala_search_set_eval(mancala_search *search, mancala_eval_fn eval, void *opaque)
{
    if (!search)
        return MANCALA_E_INVALID;
    if (search->running)
        return MANCALA_E_BUSY;
    search->eval = eval;
    search->eval_opaque = eval ? opaque : NULL;
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_search_set_progress(mancala_search *search,
                                               mancala_search_progress_fn progress, void *opaque)
{
    if (!search)
        return MANCALA_E_INVALID;
    if (search->running)
        return MANCALA_E_BUSY;
    search->progress = progress;
    search->progress_opaque = progress ? opaque : NULL;
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_search_set_table(mancala_search *search, const mancala_table *table)
{
    if (!search)
        return MANCALA_E_INVALID;
    if (search->running)
        return MANCALA_E_BUSY;
    search->endgame = table;
    return MANCALA_OK;
}

/* ---- keys: the position and the positions it must not repeat ---- */

/*
 * Under the repetition rule the future of a position depends on which
 * positions occurred since the last capture (earlier ones can never recur:
 * captures only remove stones). `path` is an order-free digest of that
 * set: the XOR of mc_mix64() of their hashes. The table key combines it with
 * the position's own hash, so the table only answers for the same position
 * with the same set of forbidden positions, where the value is the same.
 */
static uint64_t table_key(uint64_t hash, uint64_t path)
{
    return hash ^ mc_mix64(path ^ 0x6a09e667f3bcc909u);
}

static int total_captured(const mancala_game *game)
{
    return mancala_captured(game, MANCALA_SOUTH) + mancala_captured(game, MANCALA_NORTH);
}

/*
 * The path digest of the root: the positions of the game's history since
 * the last capture, found by undoing on the clone and replaying. *count
 * receives how many there are.
 */
static int root_path(mancala_game *game, uint64_t *path, int *count)
{
    *path = 0;
    *count = 0;
    const int length = mancala_history_length(game);
    if (length <= 0)
        return MANCALA_OK;
    int *moves = malloc((size_t)length * sizeof *moves);
    if (!moves)
        return MANCALA_E_NOMEM;
    mancala_history(game, moves, (size_t)length);
    const int captured = total_captured(game);
    int undone = 0;
    while (undone < length) {
        mancala_undo(game);
        undone++;
        if (total_captured(game) != captured)
            break;
        *path ^= mc_mix64(mancala_hash(game));
        (*count)++;
    }
    int status = MANCALA_OK;
    for (int i = length - undone; i < length && status == MANCALA_OK; i++)
        status = mancala_play(game, moves[i]);
    free(moves);
    return status;
}

/* ---- the transposition table ---- */

static struct tt_entry *tt_probe(struct mancala_search *s, uint64_t key)
{
    struct tt_bucket *b = &s->table[key & s->bucket_mask];
    for (int i = 0; i < 2; i++)
        if (b->slot[i].bound && b->slot[i].key == key)
            return &b->slot[i];
    return NULL;
}

static void tt_store(struct mancala_search *s, uint64_t key, int depth, int score, int bound,
                     int move, int proven)
{
    struct tt_bucket *b = &s->table[key & s->bucket_mask];
    const int stored_depth = proven ? DEPTH_PROVEN : depth;
    struct tt_entry *e;
    if (b->slot[0].key == key || !b->slot[0].bound || stored_depth >= b->slot[0].depth)
        e = &b->slot[0];
    else
        e = &b->slot[1];
    e->key = key;
    e->score = score;
    e->depth = (uint8_t)stored_depth;
    e->bound = (uint8_t)bound;
    e->move = (int8_t)move;
    e->proven = (uint8_t)proven;
}

/* ---- the search proper ---- */

void mancala__deadline_start(struct mc_deadline *d, int64_t ms)
{
    /* Compared before adding (in intmax_t, whatever the width of time_t),
     * so that a far deadline cannot overflow: beyond what time_t holds,
     * the deadline is never reached. */
    d->active = 0;
    if (ms <= 0)
        return;
    clock_gettime(CLOCK_MONOTONIC, &d->at);
    const int64_t seconds = ms / 1000;
    const intmax_t time_max = sizeof(time_t) >= 8 ? INT64_MAX : INT32_MAX;
    if ((intmax_t)seconds > time_max - 1 - (intmax_t)d->at.tv_sec)
        return;
    d->at.tv_sec += (time_t)seconds;
    d->at.tv_nsec += (long)(ms % 1000) * 1000000;
    if (d->at.tv_nsec >= 1000000000) {
        d->at.tv_sec++;
        d->at.tv_nsec -= 1000000000;
    }
    d->active = 1;
}

int mancala__deadline_passed(const struct mc_deadline *d)
{
    if (!d->active)
        return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    /* Field by field: no arithmetic that a far deadline could overflow. */
    return now.tv_sec > d->at.tv_sec || (now.tv_sec == d->at.tv_sec && now.tv_nsec >= d->at.tv_nsec);
}

/* Whether a limit is reached. Limits are only looked at once an iteration
 * has completed, so every search has a result. The clock is read every
 * CLOCK_INTERVAL nodes, or now if `read_clock`. */
static int limit_reached(struct mancala_search *s, int read_clock)
{
    if (!s->may_stop)
        return 0;
    if (mc_run_cancelled(&s->run)) {
        s->cancelled = 1;
        return 1;
    }
    if (s->max_nodes && s->nodes >= s->max_nodes)
        return 1;
    if (s->deadline.active && (read_clock || s->nodes >= s->next_clock_check)) {
        s->next_clock_check = s->nodes + CLOCK_INTERVAL;
        if (mancala__deadline_passed(&s->deadline))
            return 1;
    }
    return 0;
}

static int evaluate_leaf(struct mancala_search *s)
{
    int v = s->eval ? s->eval(s->game, s->eval_opaque) : mancala_evaluate(s->game);
    return v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/*
 * What the solved table says about the position, if it covers it (same
 * rules, every pit open, few enough stones): [*lo, *hi] bounds the final
 * stone difference for the player to move, as mancala_table_value()
 * defines it.
 *
 * Those bounds come from strategies that force the end or a capture
 * without repeating a position, and ignore the history. They are sound
 * for the game being searched only where the history cannot matter:
 * where no position has occurred since the last capture (`fresh`: the
 * node was reached by a capture, or is a root without such positions),
 * or where the repetition rule is off. A forcing strategy never repeats
 * a position of its own line, and with no earlier position since the last
 * capture there is nothing else it could repeat before its capture or
 * end, after which earlier positions can never recur (captures only remove
 * stones). There the bounds are proven facts and prune like proven
 * transposition-table bounds. Elsewhere the history may forbid a position
 * a forcing line needs (ending the round by repetition instead), so the
 * true value may lie outside [lo, hi]; there the table is only used as the
 * evaluation of a leaf, an estimate like any other, never proven.
 */
static int table_bound(struct mancala_search *s, int *lo, int *hi)
{
    /* Within a game or round only captures take stones off the board, so
     * a subtraction tells most nodes of a search that the table is too
     * small for them, where a lookup would read every pit first. */
    if (s->table_stones < 0 ||
        s->root_stones - (total_captured(s->game) - s->root_captured) > s->table_stones)
        return 0;
    return mancala_table_value(s->endgame, s->game, lo, hi) == MANCALA_OK;
}

/* The final stone difference for the player to move (rule 7 of each game). */
static int final_difference(const mancala_game *game)
{
    const int me = mancala_to_move(game);
    return mancala_score(game, me) - mancala_score(game, !me);
}

/*
 * Orders `moves` best first: the table's move, then by what the move
 * captures for the mover less what it gives the opponent (Rio Kadalis
 * fours go to the row's owner), then by the history heuristic, then by
 * pit number. Probing captures costs a play and an undo per move, so it
 * is only done where a subtree follows (depth >= 2).
 */
static int order_moves(struct mancala_search *s, int *moves, int count, int table_move, int depth)
{
    mancala_game *g = s->game;
    const int me = mancala_to_move(g);
    int64_t key[MANCALA_MAX_PITS];
    int before[2] = {mancala_captured(g, 0), mancala_captured(g, 1)};
    for (int i = 0; i < count; i++) {
        int64_t gain = 0;
        if (depth >= 2) {
            int status = mancala_play(g, moves[i]);
            if (status)
                return status;
            gain = (mancala_captured(g, me) - before[me]) - (mancala_captured(g, !me) - before[!me]);
            mancala_undo(g);
        }
        key[i] = moves[i] == table_move ? INT64_MAX : gain * ((int64_t)1 << 40) + s->history[me][moves[i]];
    }
    /* Insertion sort: stable, so equal keys keep ascending pit order. */
    for (int i = 1; i < count; i++) {
        int64_t k = key[i];
        int m = moves[i], j = i;
        for (; j > 0 && key[j - 1] < k; j--) {
            key[j] = key[j - 1];
            moves[j] = moves[j - 1];
        }
        key[j] = k;
        moves[j] = m;
    }
    return MANCALA_OK;
}

/* The history heuristic: moves that caused cutoffs, weighted by depth. */
static void reward_history(struct mancala_search *s, int player, int pit, int depth)
{
    uint32_t *h = s->history[player];
    h[pit] += (uint32_t)(depth * depth);
    if (h[pit] > UINT32_MAX / 4)
        for (int p = 0; p < MANCALA_MAX_PITS; p++)
            h[p] /= 2;
}

/*
 * Negamax with alpha-beta (fail-soft) and principal variation search.
 * Returns the value of the position for the player to move, within the
 * usual meaning of the window: <= alpha an upper bound, >= beta a lower
 * bound, between them exact. *proven says whether that bound is a proven
 * fact about the game (every line that decided it reached the end) rather
 * than a depth-limited estimate. `path` is the digest of the positions
 * since the last capture (table_key()); `fresh` says that there are none
 * (or that the repetition rule is off), so that the solved table's bounds
 * hold (table_bound()).
 */
static int negamax(struct mancala_search *s, int depth, int alpha, int beta, int ply,
                   uint64_t path, int fresh, int *proven)
{
    mancala_game *g = s->game;
    s->nodes++;
    s->pv_len[ply] = 0;
    if (mancala_is_over(g)) {
        *proven = 1;
        return final_difference(g);
    }
    *proven = 0;
    /* The root is searched in any case: it needs a best move. */
    int lo, hi;
    if (ply > 0 && (fresh || depth == 0) && table_bound(s, &lo, &hi)) {
        if (fresh) {
            /* Sound bounds: an exact value, or a cutoff (fail-soft). */
            if (lo == hi || hi <= alpha || lo >= beta) {
                *proven = 1;
                return hi <= alpha ? hi : lo;
            }
        } else if (lo == hi) {
            return lo; /* the value without history: an estimate here */
        }
        if (depth == 0)
            return clamp(evaluate_leaf(s), lo, hi);
    }
    if (depth == 0)
        return evaluate_leaf(s);
    if (limit_reached(s, 0)) {
        s->stopped = 1;
        return 0;
    }

    const int pv_node = alpha + 1 < beta;
    const uint64_t hash = mancala_hash(g);
    const uint64_t key = table_key(hash, path);
    int table_move = -1;
    const struct tt_entry *e = tt_probe(s, key);
    if (e) {
        table_move = e->move;
        /* Principal-variation nodes are always searched, so the variation
         * is complete; elsewhere a deep enough bound ends the search. */
        if (!pv_node && (e->proven || e->depth >= depth) &&
            (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && e->score >= beta) ||
             (e->bound == BOUND_UPPER && e->score <= alpha))) {
            *proven = e->proven;
            return e->score;
        }
    }

    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    int status = order_moves(s, moves, count, table_move, depth);
    if (status) {
        s->error = status;
        s->stopped = 1;
        return 0;
    }

    const int me = mancala_to_move(g);
    const int captured = total_captured(g);
    const int alpha0 = alpha;
    int best = -SCORE_INFINITY, best_move = -1, all_proven = 1;
    for (int i = 0; i < count; i++) {
        status = mancala_play(g, moves[i]);
        if (status) {
            s->error = status;
            s->stopped = 1;
            return 0;
        }
        /* A capture starts a new set of positions that may recur. */
        const int child_fresh = !s->repetition || total_captured(g) != captured;
        const uint64_t child_path = child_fresh ? 0 : path ^ mc_mix64(hash);
        int child_proven, v;
        /* The first move, and every move above the leaves (where a null
         * window saves nothing), gets the full window. */
        /* With score_all, every root move gets the whole window below beta
         * (infinity at the root), so that each gets its exact score. */
        const int low = ply == 0 && s->score_all ? -SCORE_INFINITY : alpha;
        if (i == 0 || depth == 1 || low != alpha) {
            v = -negamax(s, depth - 1, -beta, -low, ply + 1, child_path, child_fresh, &child_proven);
        } else {
            v = -negamax(s, depth - 1, -alpha - 1, -alpha, ply + 1, child_path, child_fresh,
                         &child_proven);
            if (!s->stopped && v > alpha && v < beta)
                v = -negamax(s, depth - 1, -beta, -alpha, ply + 1, child_path, child_fresh,
                             &child_proven);
        }
        mancala_undo(g);
        if (s->stopped)
            return 0;
        if (ply == 0)
            s->root_score[moves[i]] = v;
        if (v > best) {
            best = v;
            best_move = moves[i];
            if (v > alpha) {
                alpha = v;
                s->pv[ply][0] = moves[i];
                memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)s->pv_len[ply + 1] * sizeof(int));
                s->pv_len[ply] = s->pv_len[ply + 1] + 1;
            }
        }
        if (v >= beta) {
            /* A lower bound, as certain as the move that gave it. */
            *proven = child_proven;
            reward_history(s, me, moves[i], depth);
            tt_store(s, key, depth, v, BOUND_LOWER, moves[i], child_proven);
            return v;
        }
        all_proven &= child_proven;
    }
    *proven = all_proven;
    tt_store(s, key, depth, best, best > alpha0 ? BOUND_EXACT : BOUND_UPPER, best_move, all_proven);
    return best;
}

MANCALA_EXPORT int mancala_search_run(mancala_search *search, const mancala_game *game)
{
    if (!search || !game)
        return MANCALA_E_INVALID;
    if (search->running)
        return MANCALA_E_BUSY;
    if (mancala_is_over(game))
        return MANCALA_E_OVER;
    struct mancala_search *s = search;
    mancala_game *g;
    int status = mancala_clone(&g, game);
    if (status)
        return status;
    uint64_t path;
    int since_capture;
    status = root_path(g, &path, &since_capture);
    if (status) {
        mancala_free(g);
        return status;
    }

    /* A fresh table and history for every run: the answer depends on the
     * inputs only, never on earlier searches. */
    memset(s->table, 0, (s->bucket_mask + 1) * sizeof *s->table);
    memset(s->history, 0, sizeof s->history);
    s->game = g;
    s->repetition = mancala_get_option(g, MANCALA_OPT_REPETITION) == 1;
    s->table_stones = s->endgame && !strcmp(mancala_table_rules(s->endgame), mancala_rules(g))
                          ? mancala_table_max_stones(s->endgame) : -1;
    s->root_stones = 0;
    for (int p = 0; p < mancala_num_pits(g); p++)
        s->root_stones += mancala_pit(g, p);
    s->root_captured = total_captured(g);
    s->nodes = 0;
    s->next_clock_check = 0;
    s->may_stop = 0;
    s->stopped = 0;
    s->error = 0;
    s->cancelled = 0;
    mancala__deadline_start(&s->deadline, s->time_ms);
    s->running = 1;
    mc_run_begin(&s->run);

    int best_move = -1, score = 0, depth = 0, exact = 0, pv_len = 0;
    int pv[SEARCH_MAX_DEPTH], root_score[MANCALA_MAX_PITS];
    for (int d = 1; d <= s->max_depth; d++) {
        int proven;
        int v = negamax(s, d, -SCORE_INFINITY, SCORE_INFINITY, 0, path,
                        !s->repetition || since_capture == 0, &proven);
        if (s->stopped)
            break;
        best_move = s->pv[0][0];
        score = v;
        depth = d;
        exact = proven;
        pv_len = s->pv_len[0];
        memcpy(pv, s->pv[0], (size_t)pv_len * sizeof *pv);
        memcpy(root_score, s->root_score, sizeof root_score);
        s->may_stop = 1;
        /* Not for a level's search (score_all), whose scores are not what
         * it plays by. A cancel from it stops the run here (limit_reached()),
         * mancala_search_free() from it too. */
        if (s->progress && !s->score_all)
            s->progress(s->progress_opaque, d, v, proven, s->nodes, pv, pv_len);
        /* A proven score cannot change with depth. */
        if (proven || s->stopped || limit_reached(s, 1))
            break;
    }
    mancala_free(g);
    s->game = NULL;
    s->running = 0;
    mc_run_end(&s->run);
    if (s->free_pending) {
        s->free_pending = 0;
        mancala_search_free(s);
        return MANCALA_E_CANCELLED;
    }
    if (s->error)
        return s->error;

    s->ran = 1;
    s->best_move = best_move;
    s->score = score;
    s->depth = depth;
    s->exact = exact;
    s->result_nodes = s->nodes;
    s->result_pv_len = pv_len;
    memcpy(s->result_pv, pv, (size_t)pv_len * sizeof *pv);
    memcpy(s->result_root_score, root_score, sizeof root_score);
    return s->cancelled ? MANCALA_STOPPED : MANCALA_OK;
}

MANCALA_EXPORT int mancala_search_cancel(mancala_search *search)
{
    return search ? mc_run_cancel(&search->run) : MANCALA_E_INVALID;
}

/* ---- results ---- */

MANCALA_EXPORT int mancala_search_best_move(const mancala_search *search)
{
    if (!search)
        return MANCALA_E_INVALID;
    return search->ran ? search->best_move : MANCALA_E_STATE;
}

MANCALA_EXPORT int mancala_search_score(const mancala_search *search)
{
    return search && search->ran ? search->score : 0;
}

MANCALA_EXPORT int mancala_search_depth(const mancala_search *search)
{
    if (!search)
        return MANCALA_E_INVALID;
    return search->ran ? search->depth : MANCALA_E_STATE;
}

MANCALA_EXPORT int mancala_search_exact(const mancala_search *search)
{
    if (!search)
        return MANCALA_E_INVALID;
    return search->ran && search->exact;
}

MANCALA_EXPORT uint64_t mancala_search_nodes(const mancala_search *search)
{
    return search && search->ran ? search->result_nodes : 0;
}

MANCALA_EXPORT int mancala_search_pv(const mancala_search *search, int *moves, size_t cap)
{
    if (!search || (!moves && cap))
        return MANCALA_E_INVALID;
    if (!search->ran)
        return MANCALA_E_STATE;
    const int len = search->result_pv_len;
    for (int i = 0; i < len && (size_t)i < cap; i++)
        moves[i] = search->result_pv[i];
    return len;
}

/* ---- for the strength levels (level.c) ---- */

void mancala__search_limits(mancala_search *search, struct mc_limits *old,
                            const struct mc_limits *new_limits)
{
    const struct mc_limits now = {search->max_depth, search->max_nodes, search->time_ms,
                                  search->score_all};
    search->max_depth = new_limits->depth;
    search->max_nodes = new_limits->nodes;
    search->time_ms = new_limits->time_ms;
    search->score_all = new_limits->score_all;
    *old = now;
}

int mancala__search_running(const mancala_search *search)
{
    return search->running;
}

const int *mancala__search_root_scores(const mancala_search *search)
{
    return search->result_root_score;
}

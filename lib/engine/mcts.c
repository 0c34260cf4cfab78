/*
 * Monte Carlo tree search: UCT (UCB1 applied to trees) with uniformly
 * random playouts by mancala_playout(), or PUCT (as AlphaZero) with the
 * priors and values of the caller's callback. Like the alpha-beta search
 * it plays on a private clone through the public API, so the repetition
 * rule sees the game's real history in the tree and in every playout.
 *
 * mancala_mcts() is a run of a fresh tree with a playout limit.
 *
 * SPDX-License-Identifier: MIT
 */
#include <math.h>
#include <stdlib.h>

#include "core/random.h"
#include "engine/engine.h"
#include "rules/rules.h"

/* The exploration constant of UCB1 for rewards in [0, 1]. */
#define UCT_EXPLORATION 1.41421356237
/* Playouts of a run when no limit is set. */
#define DEFAULT_PLAYOUTS 1000

/* A node of the tree: the position after `move`. Children form a list in
 * the order they were expanded (ascending pit). */
struct mcts_node {
    int32_t parent, first_child, next_sibling;
    uint16_t untried;   /* UCT: legal moves not expanded yet, bit per pit */
    int8_t move;        /* the move that led here; -1 at the root */
    uint8_t mover;      /* the player who played it */
    uint64_t visits;
    double reward;      /* summed rewards for `mover` */
    float prior;        /* PUCT: the callback's prior of `move`, normalised */
    uint8_t expanded;   /* PUCT: the children are made */
};

struct mcts_tree {
    struct mcts_node *node;
    size_t count, cap;
};

struct mancala_mcts_tree {
    struct mcts_tree t;
    atomic_int run;           /* MC_RUN_*: mancala_mcts_cancel() sets it */
    int running;              /* a run has not returned (callback re-entry) */
    uint64_t seed;
    int64_t max_playouts;     /* 0: no limit */
    uint64_t max_nodes;       /* 0: no limit */
    int64_t time_ms;          /* 0: no limit */
    double exploration;       /* 0: the default of the selection rule */
    int reuse;
    mancala_prior_fn prior_fn;
    void *prior_opaque;

    mancala_game *root_game;  /* the position of the last run; NULL if none */
    uint64_t next_seed;       /* playouts drawn in the tree's life: the next seed's index */
    uint64_t playouts;        /* made by the last run */
};

static uint16_t legal_mask(const mancala_game *game)
{
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
    uint16_t mask = 0;
    for (int i = 0; i < count; i++)
        mask |= (uint16_t)(1u << moves[i]);
    return mask;
}

/* Room for one more node; 0, or -1 when memory runs out. */
static int reserve(struct mcts_tree *t)
{
    if (t->count < t->cap)
        return 0;
    /* Indices are int32_t: the tree stops short of INT32_MAX nodes (and
     * of what size_t can count in bytes). */
    const size_t max_nodes = SIZE_MAX / sizeof *t->node < INT32_MAX ? SIZE_MAX / sizeof *t->node
                                                                    : INT32_MAX;
    if (t->cap >= max_nodes)
        return -1;
    size_t cap = t->cap ? (t->cap > max_nodes / 2 ? max_nodes : 2 * t->cap) : 1024;
    struct mcts_node *grown = realloc(t->node, cap * sizeof *grown);
    if (!grown)
        return -1;
    t->node = grown;
    t->cap = cap;
    return 0;
}

/* Adds a node for the position `game` is in, reached by `move`.
 * Returns its index, or -1 when memory runs out. */
static int32_t add_node(struct mcts_tree *t, int32_t parent, int move, const mancala_game *game)
{
    if (reserve(t) < 0)
        return -1;
    const int32_t index = (int32_t)t->count++;
    struct mcts_node *n = &t->node[index];
    n->parent = parent;
    n->first_child = -1;
    n->next_sibling = -1;
    n->untried = legal_mask(game);
    n->move = (int8_t)move;
    n->mover = (uint8_t)!mancala_to_move(game);
    n->visits = 0;
    n->reward = 0;
    n->prior = 0;
    n->expanded = 0;
    if (parent >= 0) {
        /* Append, keeping expansion order. */
        int32_t *link = &t->node[parent].first_child;
        while (*link >= 0)
            link = &t->node[*link].next_sibling;
        *link = index;
    }
    return index;
}

/* The child of `parent` with the highest UCB1 value; the first on ties. */
static int32_t select_uct(const struct mcts_tree *t, int32_t parent, double c)
{
    const double log_visits = log((double)t->node[parent].visits);
    int32_t best = -1;
    double best_value = -1;
    for (int32_t i = t->node[parent].first_child; i >= 0; i = t->node[i].next_sibling) {
        const struct mcts_node *n = &t->node[i];
        double value = n->reward / (double)n->visits + c * sqrt(log_visits / (double)n->visits);
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return best;
}

/* The child with the highest PUCT value, Q + c P sqrt(N) / (1 + n); an
 * unvisited child counts as a draw (Q = 1/2). The first on ties. */
static int32_t select_puct(const struct mcts_tree *t, int32_t parent, double c)
{
    const double scale = c * sqrt((double)t->node[parent].visits);
    int32_t best = -1;
    double best_value = -1;
    for (int32_t i = t->node[parent].first_child; i >= 0; i = t->node[i].next_sibling) {
        const struct mcts_node *n = &t->node[i];
        const double value = mc_puct_score(n->reward, (double)n->visits, n->prior, scale);
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return best;
}

/* SplitMix64: an independent seed for each playout. */
static uint64_t playout_seed(uint64_t seed, uint64_t i)
{
    return mc_mix64(seed + (i + 1) * MC_RANDOM_GAMMA);
}

/* A reward in [0, 1] for South from final scores: 1 a win, 1/2 a draw. */
static double south_reward(const int scores[2])
{
    return scores[0] > scores[1] ? 1.0 : scores[0] == scores[1] ? 0.5 : 0.0;
}

/*
 * PUCT's expansion of `node`, whose position `g` is in and not over: the
 * callback's priors (over the legal moves, made non-negative and summing
 * to 1; uniform if they are all 0) become its children, and its value for
 * the player to move is returned in *south as a reward for South.
 */
static int expand_puct(struct mancala_mcts_tree *m, int32_t node, mancala_game *g, double *south)
{
    struct mcts_tree *t = &m->t;
    double priors[MANCALA_MAX_PITS] = {0}, value = 0;
    if (m->prior_fn(g, priors, &value, m->prior_opaque) != 0)
        return MANCALA_E_CANCELLED;
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    double sum = 0;
    for (int i = 0; i < count; i++) {
        double p = priors[moves[i]];
        priors[moves[i]] = p > 0 && p <= 1e300 ? p : 0; /* NaN, negatives and infinities: 0 */
        sum += priors[moves[i]];
    }
    for (int i = 0; i < count; i++) {
        if (reserve(t) < 0 || mancala_play(g, moves[i]) < 0)
            return MANCALA_E_NOMEM;
        const int32_t child = add_node(t, node, moves[i], g);
        mancala_undo(g);
        t->node[child].prior = (float)(sum > 0 ? priors[moves[i]] / sum : 1.0 / count);
    }
    t->node[node].untried = 0;
    t->node[node].expanded = 1;
    value = value >= -1 && value <= 1 ? value : value > 1 ? 1 : value < -1 ? -1 : 0;
    const double mine = (1 + value) / 2;
    *south = mancala_to_move(g) == MANCALA_SOUTH ? mine : 1 - mine;
    return MANCALA_OK;
}

/* Backup: a win is worth 1 to the player who moved into a node, a draw
 * 1/2; `south` is the reward for South. */
static void backup(struct mcts_tree *t, int32_t node, double south)
{
    for (int32_t n = node; n >= 0; n = t->node[n].parent) {
        struct mcts_node *p = &t->node[n];
        p->visits++;
        p->reward += p->mover == MANCALA_SOUTH ? south : 1 - south;
    }
}

/* One iteration of UCT: selection, expansion, a random playout, backup. */
static int uct_iteration(struct mancala_mcts_tree *m, mancala_game *g)
{
    struct mcts_tree *t = &m->t;
    const double c = m->exploration > 0 ? m->exploration : UCT_EXPLORATION;
    int32_t node = 0;
    int played = 0, status = MANCALA_OK;

    /* Selection: down through fully expanded nodes. */
    while (!t->node[node].untried && t->node[node].first_child >= 0) {
        node = select_uct(t, node, c);
        if ((status = mancala_play(g, t->node[node].move)))
            goto undo;
        played++;
    }
    /* Expansion: the lowest untried move. */
    if (t->node[node].untried) {
        const int move = mc_lowest_bit(t->node[node].untried);
        if ((status = mancala_play(g, move)))
            goto undo;
        played++;
        t->node[node].untried &= (uint16_t)~(1u << move);
        const int32_t child = add_node(t, node, move, g);
        if (child < 0) {
            status = MANCALA_E_NOMEM;
            goto undo;
        }
        node = child;
    }
    /* Playout; a game that runs away without the repetition rule is
     * scored where the playout gave up. */
    int scores[2];
    mancala_playout(g, playout_seed(m->seed, m->next_seed++), scores);
    backup(t, node, south_reward(scores));
undo:
    while (played--)
        mancala_undo(g);
    return status;
}

/* One iteration of PUCT: selection down through expanded nodes, then the
 * leaf's value (its result, or the callback's), backup. */
static int puct_iteration(struct mancala_mcts_tree *m, mancala_game *g)
{
    struct mcts_tree *t = &m->t;
    const double c = m->exploration > 0 ? m->exploration : MC_PUCT_EXPLORATION;
    int32_t node = 0;
    int played = 0, status = MANCALA_OK;
    double south;
    while (t->node[node].expanded && t->node[node].first_child >= 0) {
        node = select_puct(t, node, c);
        if ((status = mancala_play(g, t->node[node].move)))
            goto undo;
        played++;
    }
    if (mancala_is_over(g)) {
        int scores[2] = {mancala_score(g, MANCALA_SOUTH), mancala_score(g, MANCALA_NORTH)};
        south = south_reward(scores);
    } else if ((status = expand_puct(m, node, g, &south))) {
        goto undo;
    }
    backup(t, node, south);
undo:
    while (played--)
        mancala_undo(g);
    return status;
}

/* ---- the handle ---- */

MANCALA_EXPORT int mancala_mcts_new(mancala_mcts_tree **out)
{
    if (!out)
        return MANCALA_E_INVALID;
    struct mancala_mcts_tree *m = calloc(1, sizeof *m);
    if (!m)
        return MANCALA_E_NOMEM;
    atomic_init(&m->run, MC_RUN_IDLE);
    m->max_playouts = DEFAULT_PLAYOUTS;
    *out = m;
    return MANCALA_OK;
}

/* Forgets the tree and the last run. */
static void clear_tree(struct mancala_mcts_tree *m)
{
    free(m->t.node);
    m->t.node = NULL;
    m->t.count = m->t.cap = 0;
    mancala_free(m->root_game);
    m->root_game = NULL;
    m->next_seed = 0;
    m->playouts = 0;
}

MANCALA_EXPORT void mancala_mcts_free(mancala_mcts_tree *tree)
{
    if (!tree || tree->running) /* not from its own callback */
        return;
    clear_tree(tree);
    free(tree);
}

MANCALA_EXPORT int mancala_mcts_set_limit(mancala_mcts_tree *tree, int limit, int64_t value)
{
    if (!tree)
        return MANCALA_E_INVALID;
    if (tree->running)
        return MANCALA_E_BUSY;
    if (value < 0)
        return MANCALA_E_OPTION;
    switch (limit) {
    case MANCALA_LIMIT_PLAYOUTS:
        tree->max_playouts = value;
        return MANCALA_OK;
    case MANCALA_LIMIT_NODES:
        tree->max_nodes = (uint64_t)value;
        return MANCALA_OK;
    case MANCALA_LIMIT_TIME_MS:
        tree->time_ms = value;
        return MANCALA_OK;
    default:
        return MANCALA_E_OPTION;
    }
}

MANCALA_EXPORT int mancala_mcts_set_param(mancala_mcts_tree *tree, int param, double value)
{
    if (!tree)
        return MANCALA_E_INVALID;
    if (tree->running)
        return MANCALA_E_BUSY;
    switch (param) {
    case MANCALA_MCTS_EXPLORATION:
        if (!(value >= 0 && value <= 1e6))
            return MANCALA_E_OPTION;
        tree->exploration = value;
        break;
    case MANCALA_MCTS_REUSE:
        if (value != 0 && value != 1)
            return MANCALA_E_OPTION;
        tree->reuse = value == 1;
        break;
    default:
        return MANCALA_E_OPTION;
    }
    /* A tree grown under other settings is not reused. */
    clear_tree(tree);
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_mcts_set_seed(mancala_mcts_tree *tree, uint64_t seed)
{
    if (!tree)
        return MANCALA_E_INVALID;
    if (tree->running)
        return MANCALA_E_BUSY;
    tree->seed = seed;
    clear_tree(tree);
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_mcts_set_prior(mancala_mcts_tree *tree, mancala_prior_fn prior,
                                          void *opaque)
{
    if (!tree)
        return MANCALA_E_INVALID;
    if (tree->running)
        return MANCALA_E_BUSY;
    tree->prior_fn = prior;
    tree->prior_opaque = prior ? opaque : NULL;
    clear_tree(tree);
    return MANCALA_OK;
}

/*
 * Whether `game` continues the last run's position: the same round, its
 * history followed by `*extra` more moves (written to `path`). The tree's
 * node for it is then the new root.
 */
static int continues(const struct mancala_mcts_tree *m, const mancala_game *game, int *path,
                     int *extra)
{
    const mancala_game *before = m->root_game;
    const int had = mancala_history_length(before), has = mancala_history_length(game);
    if (has < had || has - had > 64 || mancala_round(before) != mancala_round(game) ||
        mancala_get_option(before, MANCALA_OPT_REPETITION) !=
            mancala_get_option(game, MANCALA_OPT_REPETITION) ||
        strcmp(mancala_rules(before), mancala_rules(game)) != 0)
        return 0;
    int *old = malloc(((size_t)had + (size_t)has + 1) * sizeof *old);
    if (!old)
        return 0;
    int *now = old + had;
    mancala_history(before, old, (size_t)had);
    mancala_history(game, now, (size_t)has);
    int same = memcmp(old, now, (size_t)had * sizeof *old) == 0;
    mancala_game *back = NULL;
    if (same && mancala_clone(&back, game) == MANCALA_OK) {
        for (int i = had; i < has; i++)
            mancala_undo(back);
        char a[MANCALA_POSITION_MAX], b[MANCALA_POSITION_MAX];
        mancala_format(back, a, sizeof a);
        mancala_format(before, b, sizeof b);
        same = strcmp(a, b) == 0;
        mancala_free(back);
    } else {
        same = 0;
    }
    *extra = has - had;
    if (same)
        memcpy(path, now + had, (size_t)*extra * sizeof *path);
    free(old);
    return same;
}

/* Makes the subtree under `root` the whole tree (kept in breadth-first
 * order, children in their order). Returns 0, or -1 without memory. */
static int reroot(struct mcts_tree *t, int32_t root)
{
    struct mcts_node *node = malloc(t->count * sizeof *node);
    int32_t *from = malloc(t->count * sizeof *from);
    if (!node || !from) {
        free(node);
        free(from);
        return -1;
    }
    size_t count = 1;
    node[0] = t->node[root];
    node[0].parent = -1;
    node[0].next_sibling = -1;
    node[0].move = -1;
    from[0] = root;
    for (size_t i = 0; i < count; i++) {
        int32_t *link = &node[i].first_child;
        for (int32_t c = t->node[from[i]].first_child; c >= 0; c = t->node[c].next_sibling) {
            node[count] = t->node[c];
            node[count].parent = (int32_t)i;
            node[count].next_sibling = -1;
            from[count] = c;
            *link = (int32_t)count;
            link = &node[count].next_sibling;
            count++;
        }
        *link = -1;
    }
    free(from);
    free(t->node);
    t->node = node;
    t->count = count;
    t->cap = t->count;
    return 0;
}

/* Keeps the part of the tree under `game`'s position, if reuse is on and
 * the tree holds it; otherwise starts a new tree. */
static void keep_subtree(struct mancala_mcts_tree *m, const mancala_game *game)
{
    int path[64], extra;
    int32_t node = 0;
    if (!m->reuse || !m->root_game || !m->t.count || !continues(m, game, path, &extra)) {
        clear_tree(m);
        return;
    }
    for (int i = 0; i < extra && node >= 0; i++) {
        int32_t c = m->t.node[node].first_child;
        while (c >= 0 && m->t.node[c].move != path[i])
            c = m->t.node[c].next_sibling;
        node = c;
    }
    if (node < 0 || (node > 0 && reroot(&m->t, node) < 0)) {
        clear_tree(m);
        return;
    }
    mancala_free(m->root_game);
    m->root_game = NULL;
}

typedef int (*iteration_fn)(struct mancala_mcts_tree *m, mancala_game *g);

/* A run of `iteration` on the tree as it is (empty, or kept by
 * keep_subtree()). */
static int grow(struct mancala_mcts_tree *m, const mancala_game *game, iteration_fn iteration)
{
    mancala_game *g;
    int status = mancala_clone(&g, game);
    if (status) {
        clear_tree(m);
        return status;
    }
    struct mcts_tree *t = &m->t;
    if (!t->count && add_node(t, -1, -1, g) < 0) {
        mancala_free(g);
        clear_tree(m);
        return MANCALA_E_NOMEM;
    }
    struct mc_deadline deadline;
    mancala__deadline_start(&deadline, m->time_ms);
    m->running = 1;
    mc_run_begin(&m->run);
    int cancelled = 0;
    uint64_t playouts = 0;
    while (status == MANCALA_OK) {
        /* The first playout is always made, so that there is a move. */
        if (playouts && (mc_run_cancelled(&m->run))) {
            cancelled = 1;
            break;
        }
        if ((m->max_playouts && playouts >= (uint64_t)m->max_playouts) ||
            (playouts && m->max_nodes && t->count >= m->max_nodes) ||
            (playouts && mancala__deadline_passed(&deadline)))
            break;
        status = iteration(m, g);
        playouts++;
    }
    mc_run_end(&m->run);
    m->running = 0;
    if (status) {
        mancala_free(g);
        clear_tree(m);
        return status;
    }
    m->root_game = g;
    m->playouts = playouts;
    return cancelled ? MANCALA_STOPPED : MANCALA_OK;
}

MANCALA_EXPORT int mancala_mcts_run(mancala_mcts_tree *tree, const mancala_game *game)
{
    if (!tree)
        return MANCALA_E_INVALID;
    if (tree->running)
        return MANCALA_E_BUSY; /* the run under way keeps its tree */
    const int status = !game ? MANCALA_E_INVALID : mancala_is_over(game) ? MANCALA_E_OVER : 0;
    if (status) {
        clear_tree(tree);
        return status;
    }
    keep_subtree(tree, game);
    return grow(tree, game, tree->prior_fn ? puct_iteration : uct_iteration);
}

MANCALA_EXPORT int mancala_mcts_cancel(mancala_mcts_tree *tree)
{
    return tree ? mc_run_cancel(&tree->run) : MANCALA_E_INVALID;
}

/* ---- results ---- */

/* The most visited child of `parent`; on ties the better reward, then the
 * lower pit (the first). -1 if it has no visited child. */
static int32_t most_visited(const struct mcts_tree *t, int32_t parent)
{
    int32_t best = -1;
    for (int32_t c = t->node[parent].first_child; c >= 0; c = t->node[c].next_sibling)
        if (t->node[c].visits &&
            (best < 0 || t->node[c].visits > t->node[best].visits ||
             (t->node[c].visits == t->node[best].visits && t->node[c].reward > t->node[best].reward)))
            best = c;
    return best;
}

static int has_result(const mancala_mcts_tree *tree)
{
    return tree->root_game && tree->t.count;
}

MANCALA_EXPORT int mancala_mcts_best_move(const mancala_mcts_tree *tree)
{
    if (!tree)
        return MANCALA_E_INVALID;
    if (!has_result(tree))
        return MANCALA_E_STATE;
    const struct mcts_node *node = tree->t.node;
    int32_t best = most_visited(&tree->t, 0);
    if (best < 0) /* no child visited yet (one playout with PUCT): the highest prior */
        for (int32_t c = node[0].first_child; c >= 0; c = node[c].next_sibling)
            if (best < 0 || node[c].prior > node[best].prior)
                best = c;
    return best >= 0 ? node[best].move : MANCALA_E_STATE;
}

MANCALA_EXPORT int mancala_mcts_pv(const mancala_mcts_tree *tree, int *moves, size_t cap)
{
    if (!tree || (!moves && cap))
        return MANCALA_E_INVALID;
    if (!has_result(tree))
        return MANCALA_E_STATE;
    int len = 0;
    for (int32_t n = most_visited(&tree->t, 0); n >= 0; n = most_visited(&tree->t, n)) {
        if ((size_t)len < cap)
            moves[len] = tree->t.node[n].move;
        len++;
    }
    return len;
}

MANCALA_EXPORT int mancala_mcts_root(const mancala_mcts_tree *tree, int *moves, uint64_t *visits,
                                     double *values, double *priors, size_t cap)
{
    if (!tree)
        return MANCALA_E_INVALID;
    if (!has_result(tree))
        return MANCALA_E_STATE;
    int legal[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(tree->root_game, legal, MANCALA_MAX_PITS);
    if ((size_t)count > cap)
        return count ? MANCALA_E_NOSPACE : 0;
    if (count && !moves && !visits && !values && !priors)
        return count;
    const struct mcts_node *node = tree->t.node;
    for (int i = 0; i < count; i++) {
        int32_t c = node[0].first_child;
        while (c >= 0 && node[c].move != legal[i])
            c = node[c].next_sibling;
        const uint64_t n = c >= 0 ? node[c].visits : 0;
        if (moves)
            moves[i] = legal[i];
        if (visits)
            visits[i] = n;
        if (values)
            values[i] = n ? 2 * node[c].reward / (double)n - 1 : 0;
        if (priors)
            priors[i] = c >= 0 && tree->prior_fn ? node[c].prior : 1.0 / count;
    }
    return count;
}

MANCALA_EXPORT uint64_t mancala_mcts_playouts(const mancala_mcts_tree *tree)
{
    return tree && has_result(tree) ? tree->playouts : 0;
}

MANCALA_EXPORT uint64_t mancala_mcts_visits(const mancala_mcts_tree *tree)
{
    return tree && has_result(tree) ? tree->t.node[0].visits : 0;
}

/* ---- the function of 1.0 ---- */

MANCALA_EXPORT int mancala_mcts(const mancala_game *game, uint64_t seed, int64_t playouts, int *best_move)
{
    if (!game || !best_move || playouts < 1)
        return MANCALA_E_INVALID;
    if (mancala_is_over(game))
        return MANCALA_E_OVER;

    int moves[MANCALA_MAX_PITS];
    if (mancala_legal_moves(game, moves, MANCALA_MAX_PITS) == 1) {
        *best_move = moves[0]; /* nothing to choose, whatever the budget */
        return MANCALA_OK;
    }
    /* A fresh tree and UCT: neither reuse nor PUCT (nor their code). */
    struct mancala_mcts_tree tree = {.seed = seed, .max_playouts = playouts};
    atomic_init(&tree.run, MC_RUN_IDLE);
    int status = grow(&tree, game, uct_iteration);
    if (status == MANCALA_OK)
        *best_move = tree.t.node[most_visited(&tree.t, 0)].move;
    clear_tree(&tree);
    return status;
}

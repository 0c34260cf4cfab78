/*
 * Batched Monte Carlo tree search (mancala_batch_mcts_*): one PUCT tree
 * per game, each grown one simulation per round, the leaves of all trees
 * handed to the caller in one call and answered in one call, so that a
 * network evaluates them in one forward pass.
 *
 * One leaf per tree per round, no virtual loss: a tree then grows exactly
 * as mancala_mcts_tree's PUCT does with the same evaluations (selection by
 * mc_puct_score(), the same expansion, values and backup), which the
 * tests check. Each tree plays on its own copy of its root game, through
 * the public API, so the repetition rule sees the real history; the copy
 * waits at the leaf until the answer, then goes back to the root.
 *
 * Every node of every tree comes from one pool sized at creation from the
 * simulations asked for: a simulation expands at most one node, into at
 * most n children.
 *
 * SPDX-License-Identifier: MIT
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/random.h"
#include "engine/engine.h"
#include "game/game.h"

#define MAX_GAMES (1 << 16)
#define MAX_SIMULATIONS 100000
#define DEFAULT_NOISE_FRACTION 0.25

/* A node: the position after `move`. The children of a node are
 * consecutive in the pool, in ascending pit order. */
struct bm_node {
    double reward;       /* summed rewards for `mover`, each in [0, 1] */
    uint32_t visits;
    int32_t parent;      /* -1 at the root */
    int32_t first_child; /* -1 until expanded */
    float prior;
    int8_t move;         /* the pit that led here; -1 at the root */
    uint8_t children;
    uint8_t mover;       /* the player who played `move` */
};

struct bm_tree {
    mancala_game *game;   /* the root's copy (at the leaf while one waits); NULL: no root */
    struct bm_node *node; /* this tree's part of the pool */
    uint32_t count;       /* nodes in use */
    uint32_t simulations; /* made from the root */
    int32_t leaf;         /* the node waiting for an answer, or -1 */
    uint32_t depth;       /* moves played from the root to reach it */
    int root_player;
    uint64_t rng;         /* the noise's and choose()'s */
};

struct mancala_batch_mcts {
    mancala_alloc_fn alloc;
    void *opaque;
    const struct mc_variant *variant;
    int games, n, obs_size;
    uint32_t max_simulations, cap; /* cap: nodes a tree may need */
    struct bm_tree *tree;
    struct bm_node *pool;
    float *obs;
    uint8_t *masks;
    int32_t *leaf_tree;
    int leaves;                    /* waiting for an answer; 0: none */
    double c_puct, alpha, fraction;
    int terminal_stones;           /* MANCALA_BATCH_MCTS_TERMINAL_STONES */
};

/* ---- one tree ---- */

/* The child of `parent` with the highest PUCT score; the first on ties. */
static int32_t select_child(const struct bm_tree *t, int32_t parent, double c)
{
    const struct bm_node *p = &t->node[parent];
    const double scale = c * sqrt((double)p->visits);
    int32_t best = -1;
    double best_value = -1;
    for (int32_t i = p->first_child; i < p->first_child + p->children; i++) {
        const struct bm_node *n = &t->node[i];
        const double value = mc_puct_score(n->reward, n->visits, n->prior, scale);
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return best;
}

static void backup(struct bm_tree *t, int32_t node, double south)
{
    for (int32_t i = node; i >= 0; i = t->node[i].parent) {
        struct bm_node *p = &t->node[i];
        p->visits++;
        p->reward += p->mover == MANCALA_SOUTH ? south : 1 - south;
    }
}

static void back_to_root(struct bm_tree *t)
{
    for (; t->depth; t->depth--)
        mancala_undo(t->game);
    t->leaf = -1;
}

/* A uniform double in (0, 1). */
static double uniform(uint64_t *rng)
{
    return ((double)(mc_random_next(rng) >> 11) + 0.5) * 0x1p-53;
}

/* A draw of Gamma(alpha, 1): Marsaglia and Tsang's method, with
 * Gamma(alpha + 1) U^(1 / alpha) below 1. */
static double gamma_draw(uint64_t *rng, double alpha)
{
    if (alpha < 1)
        return gamma_draw(rng, alpha + 1) * pow(uniform(rng), 1 / alpha);
    const double d = alpha - 1.0 / 3, c = 1 / sqrt(9 * d);
    for (;;) {
        /* A standard normal draw (Box and Muller). */
        const double x = sqrt(-2 * log(uniform(rng))) * cos(6.283185307179586 * uniform(rng));
        double v = 1 + c * x;
        if (v <= 0)
            continue;
        v = v * v * v;
        if (log(uniform(rng)) < 0.5 * x * x + d - d * v + d * log(v))
            return d * v;
    }
}

/* Expands tree t's waiting leaf with the caller's priors (one per action)
 * and backs up its value, as mancala_mcts_tree's expand_puct() does. */
static void expand(struct mancala_batch_mcts *m, struct bm_tree *t, const float *priors,
                   float value)
{
    const mancala_game *g = t->game;
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    const int me = mancala_to_move(g);
    double p[MANCALA_MAX_PITS], sum = 0;
    for (int k = 0; k < count; k++) {
        const double x = priors[moves[k] - me * m->n];
        p[k] = x > 0 && x <= 1e300 ? x : 0; /* NaN, negatives and infinities: 0 */
        sum += p[k];
    }
    struct bm_node *leaf = &t->node[t->leaf];
    leaf->first_child = (int32_t)t->count;
    leaf->children = (uint8_t)count;
    for (int k = 0; k < count; k++) {
        struct bm_node *c = &t->node[t->count++];
        *c = (struct bm_node){.parent = t->leaf, .first_child = -1, .move = (int8_t)moves[k],
                              .mover = (uint8_t)me};
        c->prior = (float)(sum > 0 ? p[k] / sum : 1.0 / count);
    }
    if (t->leaf == 0 && m->alpha > 0) {
        /* AlphaZero's exploration noise at the root: Dirichlet(alpha). */
        double eta[MANCALA_MAX_PITS], total = 0;
        for (int k = 0; k < count; k++)
            total += eta[k] = gamma_draw(&t->rng, m->alpha);
        for (int k = 0; k < count && total > 0; k++) {
            struct bm_node *c = &t->node[leaf->first_child + k];
            c->prior = (float)((1 - m->fraction) * c->prior + m->fraction * eta[k] / total);
        }
    }
    const double v = value >= -1 && value <= 1 ? value : value > 1 ? 1 : value < -1 ? -1 : 0;
    const double mine = (1 + v) / 2;
    backup(t, t->leaf, me == MANCALA_SOUTH ? mine : 1 - mine);
    t->simulations++;
    back_to_root(t);
}

/* Descends tree t from its root to a leaf to evaluate, backing up the
 * leaves that are over on the way. Returns 1 with the leaf waiting, 0 when
 * the tree has made its simulations. */
static int descend(struct mancala_batch_mcts *m, struct bm_tree *t)
{
    mancala_game *g = t->game;
    while (t->simulations < m->max_simulations) {
        int32_t node = 0;
        while (t->node[node].first_child >= 0) {
            node = select_child(t, node, m->c_puct);
            if (mancala_play(g, t->node[node].move) != MANCALA_OK) {
                /* Only the ply counter's limit (INT32_MAX plies): the
                 * search ends where it is. */
                back_to_root(t);
                t->simulations = m->max_simulations;
                return 0;
            }
            t->depth++;
        }
        if (!mancala_is_over(g)) {
            t->leaf = node;
            return 1;
        }
        const int south = mancala_score(g, MANCALA_SOUTH), north = mancala_score(g, MANCALA_NORTH);
        backup(t, node, m->terminal_stones
                            ? (1 + (double)(south - north) / mc_total_stones(m->variant)) / 2
                            : south > north ? 1.0 : south == north ? 0.5 : 0.0);
        t->simulations++;
        back_to_root(t);
    }
    return 0;
}

/* ---- the handle ---- */

static void release(const struct mancala_batch_mcts *m, void *ptr)
{
    if (ptr)
        m->alloc(m->opaque, ptr, 0);
}

MANCALA_EXPORT void mancala_batch_mcts_free(mancala_batch_mcts *m)
{
    if (!m)
        return;
    if (m->tree)
        for (int i = 0; i < m->games; i++)
            mancala_free(m->tree[i].game);
    void *arrays[] = {m->tree, m->pool, m->obs, m->masks, m->leaf_tree};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        release(m, arrays[k]);
    m->alloc(m->opaque, m, 0);
}

/* A block of `count` items of `size` bytes, or NULL (also when the size
 * would not fit in a size_t). */
static void *alloc_array(const struct mancala_batch_mcts *m, size_t count, size_t size)
{
    if (count > SIZE_MAX / size)
        return NULL;
    return m->alloc(m->opaque, NULL, count * size);
}

MANCALA_EXPORT int mancala_batch_mcts_new_with_allocator(mancala_batch_mcts **out,
                                                         const char *rules, int games,
                                                         int max_simulations, uint64_t seed,
                                                         char *errbuf, size_t errlen,
                                                         mancala_alloc_fn alloc, void *opaque)
{
    if (errbuf && errlen)
        errbuf[0] = '\0';
    if (!out || !rules) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "%s is NULL", !out ? "out" : "rules");
        return MANCALA_E_INVALID;
    }
    const struct mc_variant *v = mancala__variant_find(rules, strlen(rules));
    if (!v) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "rules: unknown rules name");
        return MANCALA_E_RULES;
    }
    if (games < 1 || games > MAX_GAMES || max_simulations < 1 ||
        max_simulations > MAX_SIMULATIONS) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen,
                     games < 1 || games > MAX_GAMES ? "games: %d is not in 1 ... %d"
                                                    : "max_simulations: %d is not in 1 ... %d",
                     games < 1 || games > MAX_GAMES ? games : max_simulations,
                     games < 1 || games > MAX_GAMES ? MAX_GAMES : MAX_SIMULATIONS);
        return MANCALA_E_INVALID;
    }
    if (!alloc)
        alloc = mancala__default_alloc;
    struct mancala_batch_mcts *m = alloc(opaque, NULL, sizeof *m);
    if (!m)
        goto nomem;
    *m = (struct mancala_batch_mcts){.alloc = alloc, .opaque = opaque, .variant = v,
                                     .games = games, .n = v->n,
                                     .obs_size = 4 * v->n + 7, /* mancala_observation_size() */
                                     .max_simulations = (uint32_t)max_simulations,
                                     .cap = 1 + (uint32_t)max_simulations * v->n,
                                     .c_puct = MC_PUCT_EXPLORATION,
                                     .fraction = DEFAULT_NOISE_FRACTION};
    m->tree = alloc_array(m, (size_t)games, sizeof *m->tree);
    m->pool = alloc_array(m, (size_t)games * m->cap, sizeof *m->pool);
    m->obs = alloc_array(m, (size_t)games * (size_t)m->obs_size, sizeof *m->obs);
    m->masks = alloc_array(m, (size_t)games * (size_t)m->n, sizeof *m->masks);
    m->leaf_tree = alloc_array(m, (size_t)games, sizeof *m->leaf_tree);
    if (!m->tree || !m->pool || !m->obs || !m->masks || !m->leaf_tree) {
        if (m->tree)
            memset(m->tree, 0, (size_t)games * sizeof *m->tree);
        mancala_batch_mcts_free(m);
        goto nomem;
    }
    memset(m->obs, 0, (size_t)games * (size_t)m->obs_size * sizeof *m->obs);
    memset(m->masks, 0, (size_t)games * (size_t)m->n);
    memset(m->leaf_tree, 0, (size_t)games * sizeof *m->leaf_tree);
    for (int i = 0; i < games; i++)
        m->tree[i] = (struct bm_tree){.node = &m->pool[(size_t)i * m->cap], .leaf = -1,
                                      .rng = mc_random_seed(seed, (uint64_t)i)};
    *out = m;
    return MANCALA_OK;
nomem:
    if (errbuf && errlen)
        snprintf(errbuf, errlen, "no memory for %d trees of %d simulations", games,
                 max_simulations);
    return MANCALA_E_NOMEM;
}

MANCALA_EXPORT int mancala_batch_mcts_new(mancala_batch_mcts **out, const char *rules, int games,
                                          int max_simulations, uint64_t seed, char *errbuf,
                                          size_t errlen)
{
    return mancala_batch_mcts_new_with_allocator(out, rules, games, max_simulations, seed, errbuf,
                                                 errlen, NULL, NULL);
}

MANCALA_EXPORT int mancala_batch_mcts_set_param(mancala_batch_mcts *m, int param, double value)
{
    if (!m)
        return MANCALA_E_INVALID;
    if (m->leaves)
        return MANCALA_E_STATE;
    switch (param) {
    case MANCALA_BATCH_MCTS_C_PUCT:
        if (!(value > 0 && value <= 1e6))
            return MANCALA_E_OPTION;
        m->c_puct = value;
        return MANCALA_OK;
    case MANCALA_BATCH_MCTS_DIRICHLET_ALPHA:
        if (!(value >= 0 && value <= 1e3))
            return MANCALA_E_OPTION;
        m->alpha = value;
        return MANCALA_OK;
    case MANCALA_BATCH_MCTS_DIRICHLET_FRACTION:
        if (!(value >= 0 && value <= 1))
            return MANCALA_E_OPTION;
        m->fraction = value;
        return MANCALA_OK;
    case MANCALA_BATCH_MCTS_TERMINAL_STONES:
        if (value != 0 && value != 1)
            return MANCALA_E_OPTION;
        m->terminal_stones = value == 1;
        return MANCALA_OK;
    default:
        return MANCALA_E_OPTION;
    }
}

/* Makes `game` (owned now, or NULL) tree `index`'s root. */
static int adopt_root(struct mancala_batch_mcts *m, int index, mancala_game *game)
{
    struct bm_tree *t = &m->tree[index];
    mancala_free(t->game);
    t->game = NULL;
    t->count = t->simulations = t->depth = 0;
    t->leaf = -1;
    if (!game)
        return MANCALA_OK;
    int status = MANCALA_OK;
    const char *rules = mancala_rules(game);
    if (mancala__variant_find(rules, strlen(rules)) != m->variant)
        status = MANCALA_E_INVALID;
    else if (mancala_is_over(game))
        status = MANCALA_E_OVER;
    if (status) {
        mancala_free(game);
        return status;
    }
    t->game = game;
    t->root_player = mancala_to_move(game);
    t->node[0] = (struct bm_node){.parent = -1, .first_child = -1, .move = -1,
                                  .mover = (uint8_t)!t->root_player};
    t->count = 1;
    return MANCALA_OK;
}

/* The checks of both root setters; 0 if the tree may take a root. */
static int root_check(const struct mancala_batch_mcts *m, int index)
{
    if (!m)
        return MANCALA_E_INVALID;
    if (index < 0 || index >= m->games)
        return MANCALA_E_RANGE;
    return m->leaves ? MANCALA_E_STATE : MANCALA_OK;
}

MANCALA_EXPORT int mancala_batch_mcts_set_root(mancala_batch_mcts *m, int index,
                                               const mancala_game *game)
{
    int status = root_check(m, index);
    if (status)
        return status;
    mancala_game *copy = NULL;
    if (game && (status = mancala_clone(&copy, game))) {
        adopt_root(m, index, NULL);
        return status;
    }
    return adopt_root(m, index, copy);
}

MANCALA_EXPORT int mancala_batch_mcts_set_position(mancala_batch_mcts *m, int index,
                                                   const char *position)
{
    int status = root_check(m, index);
    if (status)
        return status;
    mancala_game *game = NULL;
    if (!position)
        status = MANCALA_E_INVALID;
    else
        status = mancala_parse_with_allocator(&game, position, NULL, 0, m->alloc, m->opaque);
    if (status) {
        adopt_root(m, index, NULL);
        return status;
    }
    return adopt_root(m, index, game);
}

MANCALA_EXPORT int mancala_batch_mcts_select(mancala_batch_mcts *m)
{
    if (!m)
        return MANCALA_E_INVALID;
    if (m->leaves)
        return MANCALA_E_STATE;
    int leaves = 0;
    for (int i = 0; i < m->games; i++) {
        struct bm_tree *t = &m->tree[i];
        if (!t->game || !descend(m, t))
            continue;
        mancala_observation(t->game, &m->obs[(size_t)leaves * m->obs_size], (size_t)m->obs_size);
        mancala_legal_mask(t->game, &m->masks[(size_t)leaves * m->n], (size_t)m->n);
        m->leaf_tree[leaves++] = i;
    }
    m->leaves = leaves;
    return leaves;
}

MANCALA_EXPORT int mancala_batch_mcts_answer(mancala_batch_mcts *m, const float *priors,
                                             const float *values, size_t leaves)
{
    if (!m)
        return MANCALA_E_INVALID;
    if (!m->leaves)
        return MANCALA_E_STATE;
    if (!priors || !values || leaves != (size_t)m->leaves)
        return MANCALA_E_INVALID;
    for (int j = 0; j < m->leaves; j++)
        expand(m, &m->tree[m->leaf_tree[j]], &priors[(size_t)j * m->n], values[j]);
    m->leaves = 0;
    return MANCALA_OK;
}

MANCALA_EXPORT const float *mancala_batch_mcts_observations(const mancala_batch_mcts *m)
{
    return m ? m->obs : NULL;
}

MANCALA_EXPORT const uint8_t *mancala_batch_mcts_legal_masks(const mancala_batch_mcts *m)
{
    return m ? m->masks : NULL;
}

MANCALA_EXPORT const int32_t *mancala_batch_mcts_leaf_trees(const mancala_batch_mcts *m)
{
    return m ? m->leaf_tree : NULL;
}

MANCALA_EXPORT const mancala_game *mancala_batch_mcts_leaf_game(const mancala_batch_mcts *m,
                                                                int leaf)
{
    return m && leaf >= 0 && leaf < m->leaves ? m->tree[m->leaf_tree[leaf]].game : NULL;
}

/* ---- results ---- */

/* The tree of `index` if it has a root; else NULL and the status. */
static const struct bm_tree *rooted(const struct mancala_batch_mcts *m, int index, int *status)
{
    *status = !m ? MANCALA_E_INVALID
              : index < 0 || index >= m->games ? MANCALA_E_RANGE
              : !m->tree[index].game           ? MANCALA_E_STATE
                                               : MANCALA_OK;
    return *status ? NULL : &m->tree[index];
}

MANCALA_EXPORT int mancala_batch_mcts_visits(const mancala_batch_mcts *m, int index,
                                             uint32_t *visits, size_t cap, double *value)
{
    int status;
    const struct bm_tree *t = rooted(m, index, &status);
    if (!t)
        return status;
    if (visits && cap < (size_t)m->n)
        return MANCALA_E_NOSPACE;
    const struct bm_node *root = &t->node[0];
    if (visits) {
        memset(visits, 0, (size_t)m->n * sizeof *visits);
        for (int32_t c = root->first_child; c >= 0 && c < root->first_child + root->children; c++)
            visits[t->node[c].move - t->root_player * m->n] = t->node[c].visits;
    }
    if (value) /* the root's reward is its mover's, the root player's opponent */
        *value = root->visits ? 1 - 2 * root->reward / root->visits : 0;
    return (int)root->visits;
}

/* The mean reward of a child, for the player who moved into it. */
static double mean(const struct bm_node *n)
{
    return n->visits ? n->reward / n->visits : 0;
}

MANCALA_EXPORT int mancala_batch_mcts_choose(mancala_batch_mcts *m, int index, double temperature)
{
    int status;
    const struct bm_tree *t = rooted(m, index, &status);
    if (!t)
        return status;
    if (!(temperature >= 0 && temperature <= 100))
        return MANCALA_E_INVALID;
    const struct bm_node *root = &t->node[0];
    if (root->first_child < 0)
        return MANCALA_E_STATE;
    const struct bm_node *child = &t->node[root->first_child];
    uint32_t most = 0;
    for (int k = 0; k < root->children; k++)
        most = child[k].visits > most ? child[k].visits : most;
    int best = 0;
    if (temperature == 0 || !most) {
        /* The most visited; before any child has visits, the highest prior. */
        for (int k = 1; k < root->children; k++) {
            const struct bm_node *a = &child[k], *b = &child[best];
            if (most ? a->visits > b->visits || (a->visits == b->visits && mean(a) > mean(b))
                     : a->prior > b->prior)
                best = k;
        }
    } else {
        /* visits^(1/T), scaled by the most visits so that nothing overflows. */
        double weight[MANCALA_MAX_PITS], sum = 0;
        for (int k = 0; k < root->children; k++)
            sum += weight[k] = pow((double)child[k].visits / most, 1 / temperature);
        double x = uniform(&m->tree[index].rng) * sum;
        best = -1;
        for (int k = 0; k < root->children && best < 0; k++)
            if ((x -= weight[k]) < 0 && weight[k] > 0)
                best = k;
        if (best < 0) /* rounding: the last one with any weight */
            for (int k = root->children - 1; best < 0; k--)
                if (weight[k] > 0)
                    best = k;
    }
    return child[best].move - t->root_player * m->n;
}

/*
 * Monte Carlo tree search: UCT (UCB1 applied to trees) with uniformly
 * random playouts by mancala_playout(). Like the alpha-beta search it
 * plays on a private clone through the public API, so the repetition rule
 * sees the game's real history in the tree and in every playout.
 *
 * SPDX-License-Identifier: MIT
 */
#include <math.h>
#include <stdlib.h>

#include "private.h"

/* The exploration constant of UCB1 for rewards in [0, 1]. */
#define UCT_EXPLORATION 1.41421356237

/* A node of the tree: the position after `move`. Children form a list in
 * the order they were expanded (ascending pit). */
struct mcts_node {
    int32_t parent, first_child, next_sibling;
    uint16_t untried;   /* legal moves not expanded yet, bit per pit */
    int8_t move;        /* the move that led here; -1 at the root */
    uint8_t mover;      /* the player who played it */
    uint64_t visits;
    double reward;      /* summed rewards for `mover` */
};

struct mcts_tree {
    struct mcts_node *node;
    size_t count, cap;
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

/* Adds a node for the position `game` is in, reached by `move`.
 * Returns its index, or -1 when memory runs out. */
static int32_t add_node(struct mcts_tree *t, int32_t parent, int move, const mancala_game *game)
{
    if (t->count == t->cap) {
        /* Indices are int32_t: the tree stops short of INT32_MAX nodes
         * (and of what size_t can count in bytes). */
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
    }
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
static int32_t select_child(const struct mcts_tree *t, int32_t parent)
{
    const double log_visits = log((double)t->node[parent].visits);
    int32_t best = -1;
    double best_value = -1;
    for (int32_t c = t->node[parent].first_child; c >= 0; c = t->node[c].next_sibling) {
        const struct mcts_node *n = &t->node[c];
        double value = n->reward / (double)n->visits +
                       UCT_EXPLORATION * sqrt(log_visits / (double)n->visits);
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    return best;
}

/* SplitMix64: an independent seed for each playout. */
static uint64_t playout_seed(uint64_t seed, uint64_t i)
{
    uint64_t x = seed + (i + 1) * 0x9e3779b97f4a7c15u;
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9u;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* One selection, expansion, playout and backup. */
static int mcts_iteration(struct mcts_tree *t, mancala_game *g, uint64_t seed)
{
    int32_t node = 0;
    int played = 0, status = MANCALA_OK;

    /* Selection: down through fully expanded nodes. */
    while (!t->node[node].untried && t->node[node].first_child >= 0) {
        node = select_child(t, node);
        status = mancala_play(g, t->node[node].move);
        if (status)
            goto undo;
        played++;
    }
    /* Expansion: the lowest untried move. */
    if (t->node[node].untried) {
        int move = 0;
        while (!(t->node[node].untried >> move & 1))
            move++;
        status = mancala_play(g, move);
        if (status)
            goto undo;
        played++;
        t->node[node].untried &= (uint16_t)~(1u << move);
        int32_t child = add_node(t, node, move, g);
        if (child < 0) {
            status = MANCALA_E_NOMEM;
            goto undo;
        }
        node = child;
    }
    /* Playout; a game that runs away without the repetition rule is
     * scored where the playout gave up. */
    int scores[2];
    mancala_playout(g, seed, scores);
    /* Backup: a win is worth 1 to the player who moved into a node, a
     * draw 1/2. */
    for (int32_t n = node; n >= 0; n = t->node[n].parent) {
        struct mcts_node *p = &t->node[n];
        const int mine = scores[p->mover], theirs = scores[!p->mover];
        p->visits++;
        p->reward += mine > theirs ? 1.0 : mine == theirs ? 0.5 : 0.0;
    }
undo:
    while (played--)
        mancala_undo(g);
    return status;
}

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
    mancala_game *g;
    int status = mancala_clone(&g, game);
    if (status)
        return status;
    struct mcts_tree t = {NULL, 0, 0};
    if (add_node(&t, -1, -1, g) < 0) {
        status = MANCALA_E_NOMEM;
        goto out;
    }
    for (int64_t i = 0; i < playouts && status == MANCALA_OK; i++)
        status = mcts_iteration(&t, g, playout_seed(seed, (uint64_t)i));
    if (status)
        goto out;

    /* The most visited move; on ties the better reward, then the lower pit. */
    int32_t best = -1;
    for (int32_t c = t.node[0].first_child; c >= 0; c = t.node[c].next_sibling)
        if (best < 0 || t.node[c].visits > t.node[best].visits ||
            (t.node[c].visits == t.node[best].visits && t.node[c].reward > t.node[best].reward))
            best = c;
    *best_move = t.node[best].move;
out:
    free(t.node);
    mancala_free(g);
    return status;
}

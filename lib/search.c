/*
 * Research engine: playouts, alpha-beta search and MCTS.
 * PLACEHOLDER: every function returns MANCALA_E_UNSUPPORTED until the
 * engine lands.
 *
 * SPDX-License-Identifier: MIT
 */
#include "private.h"

MANCALA_EXPORT int mancala_evaluate(const mancala_game *game)
{
    (void)game;
    return 0;
}

MANCALA_EXPORT int mancala_search_new(mancala_search **out, size_t table_bytes)
{
    (void)table_bytes;
    return out ? MANCALA_E_UNSUPPORTED : MANCALA_E_INVALID;
}

MANCALA_EXPORT void mancala_search_free(mancala_search *search) { (void)search; }

MANCALA_EXPORT int mancala_search_set_limit(mancala_search *search, int limit, int64_t value)
{
    (void)search, (void)limit, (void)value;
    return MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_search_set_eval(mancala_search *search, mancala_eval_fn eval, void *opaque)
{
    (void)search, (void)eval, (void)opaque;
    return MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_search_run(mancala_search *search, const mancala_game *game)
{
    (void)search, (void)game;
    return MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_search_best_move(const mancala_search *search) { (void)search; return MANCALA_E_INVALID; }
MANCALA_EXPORT int mancala_search_score(const mancala_search *search) { (void)search; return 0; }
MANCALA_EXPORT int mancala_search_depth(const mancala_search *search) { (void)search; return MANCALA_E_INVALID; }
MANCALA_EXPORT int mancala_search_exact(const mancala_search *search) { (void)search; return MANCALA_E_INVALID; }
MANCALA_EXPORT uint64_t mancala_search_nodes(const mancala_search *search) { (void)search; return 0; }

MANCALA_EXPORT int mancala_search_pv(const mancala_search *search, int *moves, size_t cap)
{
    (void)search, (void)moves, (void)cap;
    return MANCALA_E_INVALID;
}

MANCALA_EXPORT int mancala_mcts(const mancala_game *game, uint64_t seed, int64_t playouts, int *best_move)
{
    (void)seed, (void)playouts;
    return game && best_move ? MANCALA_E_UNSUPPORTED : MANCALA_E_INVALID;
}

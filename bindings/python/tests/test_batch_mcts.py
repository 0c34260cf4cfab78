# SPDX-License-Identifier: MIT
"""mancala.rl.BatchMCTS: the batched tree search over numpy arrays. Each
tree grows as mancala.MCTS's PUCT does with the same evaluations; the
leaves are the trees' own; seeds fix the noise; every number from outside
is checked before it reaches C."""

import random
import unittest

import mancala
from mancala import _batch_mcts, rl
from mancala.errors import GameOver, InvalidArgument, ParseError, StateError
from test_facts import with_prefix

try:
    import numpy as np
except ImportError:
    np = None


def opening(rules, plies, seed):
    """A game after `plies` seeded random moves (fewer if one would end it)."""
    rng = random.Random(seed)
    game = mancala.Game(rules)
    for _ in range(plies):
        moves = game.legal_moves
        pit = rng.choice(moves)
        game.play(pit)
        if game.over:
            game.undo()
            break
    return game


def weights(n, size):
    return np.random.default_rng(5).normal(size=(size, n + 1)).astype(np.float32)


def evaluate_rows(obs, masks, w):
    """A fixed evaluator of observations, in float32: priors from a
    linear map (positive), value tanh of another."""
    out = obs.astype(np.float32) @ w
    priors = np.exp(np.clip(out[:, :-1], -5, 5)).astype(np.float32)
    values = np.tanh(out[:, -1]).astype(np.float32)
    return priors, values


class Constants(unittest.TestCase):
    def test_params_are_the_headers(self):
        """The parameters' numbers copied into _batch_mcts.py are mancala.h's."""
        self.assertEqual({name[1:]: value for name, value in vars(_batch_mcts).items()
                          if name in ("_C_PUCT", "_DIRICHLET_ALPHA", "_DIRICHLET_FRACTION",
                                      "_TERMINAL_STONES")},
                         with_prefix("MANCALA_BATCH_MCTS_"))


@unittest.skipIf(np is None, "numpy is not installed")
class BatchMCTSTest(unittest.TestCase):

    def test_each_tree_as_mcts(self):
        """The visits of every root action, and the choice, are those of
        mancala.MCTS run alone with the same evaluator (on the game's
        observation)."""
        for rules in ("modiar", "rio-kadalis"):
            games = [opening(rules, 2 * i, i) for i in range(6)]
            n = games[0].num_distinct_actions()
            w = weights(n, len(games[0].observation_tensor()))
            search = rl.BatchMCTS(rules, len(games), 150)
            for i, game in enumerate(games):
                search.set_root(i, game)
            evaluated = search.run(lambda obs, masks: evaluate_rows(obs, masks, w))
            self.assertGreater(evaluated, 6 * 75)

            def alone(game):
                obs = np.asarray(game.observation_tensor(), np.float32)[None]
                priors, values = evaluate_rows(obs, None, w)
                mover = game.to_move * n
                return {mover + a: float(priors[0, a]) for a in range(n)}, float(values[0])

            for i, game in enumerate(games):
                result = mancala.MCTS(playouts=150, evaluate=alone).run(game)
                visits = search.visits(i)
                for stat in result.stats:
                    self.assertEqual(visits[stat.move - game.to_move * n], stat.visits,
                                     f"{rules} game {i} pit {stat.move}")
                self.assertEqual(search.choose(i) + game.to_move * n, result.best_move)
                self.assertEqual(int(visits.sum()), 149)

    def test_leaves_are_the_roots_first(self):
        """The first round hands out every root, in tree order, with its
        observation and mask; a tree without a root is passed by."""
        games = [opening("rio-kadalis", i, 3) for i in range(5)]
        search = rl.BatchMCTS("rio-kadalis", 6, 10)
        for i, game in enumerate(games):
            search.set_root(i, game)
        self.assertEqual(search.select(), 5)
        self.assertEqual(search.leaf_trees.tolist(), [0, 1, 2, 3, 4])
        for i, game in enumerate(games):
            np.testing.assert_array_equal(search.observations[i], game.observation_tensor())
            np.testing.assert_array_equal(search.legal_masks[i], game.legal_actions_mask())
        self.assertFalse(search.observations.flags.writeable)
        with self.assertRaises(StateError):
            search.select()
        with self.assertRaises(StateError):
            search.set_root(5, games[0])
        search.answer(np.ones((5, 6)), [0, 0.5, -0.5, 2, float("nan")])
        self.assertEqual(search.value(1), 0.5)
        self.assertEqual(search.value(3), 1.0)     # clamped
        self.assertEqual(search.value(4), 0.0)     # NaN counts as 0
        with self.assertRaises(StateError):
            search.visits(5)

    def test_noise_is_fixed_by_the_seed(self):
        def visits(seed, alpha):
            search = rl.BatchMCTS("rio-kadalis", 8, 40, seed=seed, dirichlet_alpha=alpha)
            for i in range(8):
                search.set_position(i, opening("rio-kadalis", i, 9).position)
            search.run(lambda obs, masks: (np.ones(masks.shape), np.zeros(len(obs))))
            return [search.visits(i).tolist() for i in range(8)] + \
                [[search.choose(i, 1.0) for i in range(8)]]
        self.assertEqual(visits(1, 0.3), visits(1, 0.3))
        self.assertNotEqual(visits(1, 0.3), visits(2, 0.3))
        self.assertNotEqual(visits(1, 0.3), visits(1, 0))

    def test_leaves_over_by_result_or_by_stones(self):
        """A game over at a leaf (South wins 22-20) is worth 1 by its
        result, 2 / 42 with terminal_stones."""
        roots = {}
        for stones in (False, True):
            search = rl.BatchMCTS("modiar", 1, 10, terminal_stones=stones)
            search.set_position(0, "modiar/0,0,2,0,0,0/S/21,19/5")
            search.run(lambda obs, masks: (masks.astype(np.float32), -np.ones(len(obs))))
            self.assertEqual(search.visits(0).tolist(), [0, 0, 9])
            roots[stones] = search.value(0)
        self.assertAlmostEqual(roots[False], (9 - 1) / 10)
        self.assertAlmostEqual(roots[True], (9 * 2 / 42 - 1) / 10)

    def test_numbers_are_checked(self):
        for bad in (0, 65537, -1):
            with self.assertRaises(InvalidArgument):
                rl.BatchMCTS("modiar", bad, 10)
        for bad in (2**31, 2**64):
            with self.assertRaises(OverflowError):
                rl.BatchMCTS("modiar", bad, 10)
        for bad in (1.5, True, "3", None):
            with self.assertRaises(TypeError):
                rl.BatchMCTS("modiar", bad, 10)
        with self.assertRaises(InvalidArgument):
            rl.BatchMCTS("modiar", 2, 100001)
        for name, bad in (("c_puct", 0), ("c_puct", float("nan")), ("c_puct", float("inf")),
                          ("dirichlet_alpha", -1), ("dirichlet_fraction", 1.5)):
            with self.assertRaises(InvalidArgument, msg=f"{name}={bad}"):
                rl.BatchMCTS("modiar", 2, 10, **{name: bad})
        with self.assertRaises(TypeError):
            rl.BatchMCTS("modiar", 2, 10, c_puct="1")
        with self.assertRaises(mancala.errors.UnknownRules):
            rl.BatchMCTS("chess", 2, 10)
        search = rl.BatchMCTS("modiar", 2, 10)
        for bad in (-1, 2, 2**32):
            with self.assertRaises((InvalidArgument, OverflowError)):
                search.set_position(bad, mancala.Game("modiar").position)
        with self.assertRaises(TypeError):
            search.set_root(0, "modiar")
        with self.assertRaises(InvalidArgument):
            search.set_root(0, mancala.Game("rio-kadalis"))
        with self.assertRaises(ParseError):
            search.set_position(0, "modiar/2,2")
        with self.assertRaises(GameOver):
            search.set_position(0, "modiar/0,0,0,0,0,1/S/20,21/3")
        with self.assertRaises(StateError):
            search.answer(np.ones((0, 3)), [])
        search.set_root(0, mancala.Game("modiar"))
        self.assertEqual(search.select(), 1)
        for priors, values in ((np.ones((2, 3)), [0, 0]), (np.ones(3), [0]),
                               ([["a", "b", "c"]], [0]), (np.ones((1, 3)), [[0]])):
            with self.assertRaises(InvalidArgument):
                search.answer(priors, values)
        search.answer([[1, 2, 3]], [0])   # the refusals changed nothing
        for bad in (float("nan"), -1, 101):
            with self.assertRaises(InvalidArgument):
                search.choose(0, bad)
        self.assertEqual(search.choose(0), 2)   # before any visit: the highest prior

    def test_arrays_outlive_close(self):
        search = rl.BatchMCTS("modiar", 2, 10)
        search.set_root(1, mancala.Game("modiar"))
        search.select()
        obs = search.observations
        search.close()
        self.assertEqual(obs.shape, (1, 19))
        self.assertEqual(obs[0, 0], np.float32(7 / 42))
        with self.assertRaises(ValueError):
            search.select()


if __name__ == "__main__":
    unittest.main()

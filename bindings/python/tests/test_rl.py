# SPDX-License-Identifier: MIT
"""The learning interface of the Python binding: OpenSpiel's state names on
Game, the PettingZoo AEC environment and the Gymnasium vector environment
of mancala.rl (issue 24). PettingZoo and Gymnasium are not installed: their
documented contracts are checked here, each test naming the rule."""

import array
import gc
import os
import random
import sys
import types
import unittest

import mancala
from mancala import _tensor, rl
from mancala import Game
from mancala.errors import EmptyPit, InvalidArgument, ParseError, PitOutOfRange, UnknownRules

try:
    import numpy as np
except ImportError:
    np = None

needs_numpy = unittest.skipIf(np is None, "numpy is not installed")
S = 42   # Modiar's stones


def tolist(values):
    return [float(v) for v in values]


def float32(values):
    """Python floats rounded to float32, as the library writes them."""
    return tolist(array.array("f", values))


def near_end(rules="modiar", seed=0):
    """A game of seeded random moves one move before its end, and an
    action that ends it."""
    rng = random.Random(seed)
    game = mancala.Game(rules)
    while True:
        for action in game.legal_actions():
            if game.child(action).is_terminal():
                return game, action
        game.apply_action(rng.choice(game.legal_actions()))


class WithoutNumpy:
    """Runs a test as if numpy could not be imported."""

    def setUp(self):
        self._np = _tensor.np
        _tensor.np = None

    def tearDown(self):
        _tensor.np = self._np


class OpenSpielNames(unittest.TestCase):
    """pyspiel.State's names with its semantics."""

    def test_start(self):
        game = mancala.Game("modiar")
        self.assertEqual(game.current_player(), 0)
        self.assertFalse(game.is_terminal())
        self.assertFalse(game.is_chance_node())
        self.assertEqual(game.num_players(), 2)
        self.assertEqual(game.num_distinct_actions(), 3)
        self.assertEqual(game.legal_actions(), [0, 1, 2])
        self.assertEqual(list(game.legal_actions_mask()), [1, 1, 1])
        self.assertEqual(game.returns(), [0.0, 0.0])
        self.assertEqual(game.rewards(), [0.0, 0.0])

    def test_actions_are_relative_to_the_mover(self):
        game = mancala.Game("modiar")
        game.apply_action(0)                     # South's pit 0
        self.assertEqual(str(game), "modiar/2,8,8,8,8,8/N/0,0/1")
        self.assertEqual(game.current_player(), 1)
        self.assertEqual(game.action_to_pit(0), 3)
        self.assertEqual(game.pit_to_action(5), 2)
        game.apply_action(2)                     # North's third pit: pit 5
        self.assertEqual(game.history, (0, 5))
        with self.assertRaises(PitOutOfRange):
            game.apply_action(3)
        with self.assertRaises(PitOutOfRange):
            game.pit_to_action(3)                # North's pit, South to move
        for bad in (2**32, -2**40):
            with self.assertRaises(OverflowError):
                game.apply_action(bad)
        for bad in (1.0, True, "0", None):
            with self.assertRaises(TypeError):
                game.apply_action(bad)

    def test_other_player(self):
        # pyspiel: legal_actions(player) is empty for a player not to move.
        game = mancala.Game("modiar")
        self.assertEqual(game.legal_actions(1), [])
        self.assertEqual(list(game.legal_actions_mask(1)), [0, 0, 0])
        self.assertEqual(game.legal_actions(0), [0, 1, 2])
        with self.assertRaises(InvalidArgument):
            game.legal_actions(2)
        with self.assertRaises(InvalidArgument):
            game.observation_tensor(2)

    def test_observation_of_either_player(self):
        # OpenSpiel's rl_environment asks observation_tensor(p) of every
        # player at every step: the player not to move sees the board
        # from its own side (its row, closed pits, captures, bank first).
        game = mancala.Game.parse("rio-kadalis-5/x,3,4,4,4,4,4,4,4,x/N/2,2/0/2,3")
        north = [4, 4, 4, 4, 0, 0, 3, 4, 4, 4] + [0, 0, 0, 0, 1, 1, 0, 0, 0, 0] \
            + [2, 2, 3, 2, 0, 0, 0]
        south = [0, 3, 4, 4, 4, 4, 4, 4, 4, 0] + [1, 0, 0, 0, 0, 0, 0, 0, 0, 1] \
            + [2, 2, 2, 3, 0, 0, 0]
        self.assertEqual(list(game.observation_tensor(1, raw=True)), north)
        self.assertEqual(list(game.observation_tensor(raw=True)), north)
        self.assertEqual(list(game.observation_tensor(0, raw=True)), south)
        self.assertEqual(tolist(game.observation_tensor(0)),
                         float32([v / 40 if i < 4 * 5 + 4 and not 10 <= i < 20 else v
                                  for i, v in enumerate(south)]))
        start = mancala.Game("modiar")
        expected = [7] * 6 + [0] * 6 + [0, 0, 0, 0, 1, 0, 0]
        self.assertEqual(list(start.observation_tensor(1, raw=True)), expected)

    def test_observation(self):
        game = mancala.Game("modiar")
        game.apply_action(0)
        # North to move: North's row (pits 3, 4, 5) first, then South's.
        expected = [8, 8, 8, 2, 8, 8] + [0] * 6 + [0, 0, 0, 0, 0, 0, 1]
        self.assertEqual(list(game.observation_tensor(raw=True)), expected)
        self.assertEqual(tolist(game.observation_tensor()),
                         float32([v / S if i < 6 else v for i, v in enumerate(expected)]))
        self.assertEqual(tolist(game.observation_tensor(1)), tolist(game.observation_tensor()))

    def test_terminal(self):
        game, action = near_end("modiar", 1)
        game.apply_action(action)
        self.assertTrue(game.is_terminal())
        self.assertEqual(game.current_player(), mancala.Game.TERMINAL_PLAYER)
        self.assertEqual(game.current_player(), -4)   # pyspiel.PlayerId.TERMINAL
        self.assertEqual(game.legal_actions(), [])
        self.assertEqual(list(game.legal_actions_mask()), [0, 0, 0])
        scores = game.scores
        self.assertNotEqual(scores[0], scores[1])
        win = 1.0 if scores[0] > scores[1] else -1.0
        self.assertEqual(game.returns(), [win, -win])
        self.assertEqual(game.rewards(), [win, -win])
        self.assertEqual(game.player_return(1), -win)
        diff = (scores[0] - scores[1]) / S
        self.assertAlmostEqual(game.returns(stones=True)[0], diff, places=6)
        self.assertEqual(game.returns(match=True), [win, -win])

    def test_clone_serialize(self):
        game = mancala.Game("rio-kadalis")
        for action in (0, 3, 1):
            game.apply_action(action)
        copy = game.clone()
        copy.apply_action(copy.legal_actions()[0])
        self.assertEqual(game.history_length, 3)
        text = game.serialize()
        back = mancala.Game.deserialize_state(text)
        self.assertEqual(str(back), str(game))
        self.assertEqual(back.history, game.history)
        child = game.child(game.legal_actions()[-1])
        self.assertEqual(child.history_length, 4)
        self.assertEqual(game.history_length, 3)

    def test_pyspiel_loop(self):
        # Code written against a pyspiel state, unchanged.
        def play(state, rng):
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions(state.current_player())))
            return state.returns()

        for rules in mancala.RULES:
            returns = play(mancala.Game(rules), random.Random(7))
            self.assertEqual(sum(returns), 0.0)
            self.assertIn(returns[0], (-1.0, 0.0, 1.0))

    def test_numpy_types(self):
        if _tensor.np is None:
            self.skipTest("numpy is not installed, or hidden")
        game = mancala.Game("rio-kadalis")
        self.assertIsInstance(game.observation_tensor(), np.ndarray)
        self.assertEqual(game.observation_tensor().dtype, np.float32)
        self.assertEqual(game.observation_tensor().shape, (31,))
        self.assertEqual(game.observation_tensor(raw=True).dtype, np.uint8)
        self.assertEqual(game.legal_actions_mask().dtype, np.uint8)
        # numpy's bool is no integer, as Python's is not.
        for call in (game.apply_action, game.action_to_pit, game.legal_actions):
            with self.assertRaises(TypeError):
                call(np.True_)
        self.assertEqual(game.ply, 0)


class OpenSpielNamesWithoutNumpy(WithoutNumpy, OpenSpielNames):

    def test_array_types(self):
        game = mancala.Game("rio-kadalis")
        observation = game.observation_tensor()
        self.assertIsInstance(observation, array.array)
        self.assertEqual(observation.typecode, "f")
        self.assertEqual(len(observation), 31)
        self.assertEqual(game.observation_tensor(raw=True).typecode, "B")
        self.assertEqual(game.legal_actions_mask().typecode, "B")
        self.assertEqual(list(game.legal_actions_mask()), [1] * 6)


class AEC(unittest.TestCase):
    """PettingZoo's AEC contract (pettingzoo.AECEnv and its api_test)."""

    def run_episode(self, env, rng, on_step=None):
        """The loop of PettingZoo's documentation; returns the rewards each
        agent saw in last() and the agents in order."""
        seen, order = {}, []
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            order.append(agent)
            seen.setdefault(agent, []).append(reward)
            if termination or truncation:
                action = None
            else:
                mask = observation["action_mask"]
                action = rng.choice([a for a in range(len(mask)) if mask[a]])
            if on_step:
                on_step(agent, action)
            env.step(action)
        return seen, order

    def test_attributes(self):
        env = rl.env("modiar")
        # api_test: possible_agents, agents, agent_selection in agents.
        self.assertEqual(env.possible_agents, ["south", "north"])
        self.assertEqual(env.agents, ["south", "north"])
        self.assertEqual(env.agent_selection, "south")
        self.assertEqual(env.num_agents, 2)
        self.assertEqual(env.max_num_agents, 2)
        # api_test: rewards, terminations, truncations, infos keyed by agents.
        for table in (env.rewards, env._cumulative_rewards, env.terminations,
                      env.truncations, env.infos):
            self.assertEqual(sorted(table), ["north", "south"])
        self.assertEqual(env.rewards, {"south": 0.0, "north": 0.0})
        self.assertEqual(env.terminations, {"south": False, "north": False})

    def test_observe(self):
        env = rl.env("modiar")
        env.step(0)
        # North to move: its mask lists its actions; South's is all zero.
        north = env.observe("north")
        south = env.observe("south")
        self.assertEqual(list(north["action_mask"]), [1, 1, 1])
        self.assertEqual(list(south["action_mask"]), [0, 0, 0])
        self.assertEqual(tolist(north["observation"]),
                         tolist(env.game.observation_tensor()))
        # South sees the board from its side: its row (2, 8, 8) first.
        expected = [v / S for v in (2, 8, 8, 8, 8, 8)] + [0] * 10 + [0, 0, 1]
        self.assertEqual(tolist(south["observation"]), float32(expected))
        if _tensor.np is not None:
            self.assertEqual(north["action_mask"].dtype, np.int8)   # PettingZoo: int8
            self.assertEqual(north["observation"].dtype, np.float32)
        with self.assertRaises(InvalidArgument):
            env.observe("east")

    def test_seen_by_other_on_rio_kadalis(self):
        # Closed pits and banks swap sides too (5 holes, North to move).
        game = mancala.Game.parse("rio-kadalis-5/x,3,4,4,4,4,4,4,4,x/N/2,2/0/2,3")
        env = rl.env("rio-kadalis-5")
        env.reset(options={"position": str(game)})
        self.assertEqual(env.agent_selection, "north")
        north = env.observe("north")["observation"]
        south = env.observe("south")["observation"]
        n = 5
        self.assertEqual(tolist(north[:n]), tolist(south[n:2 * n]))
        self.assertEqual(tolist(north[n:2 * n]), tolist(south[:n]))
        self.assertEqual(float(south[2 * n]), 1.0)          # South's pit 0 closed
        self.assertEqual(float(south[4 * n - 1]), 1.0)      # North's last pit closed
        self.assertAlmostEqual(float(south[4 * n + 2]), 2 / 40)   # South's bank
        self.assertAlmostEqual(float(south[4 * n + 3]), 3 / 40)
        self.assertAlmostEqual(float(north[4 * n + 2]), 3 / 40)

    def test_episode(self):
        for rules in mancala.RULES:
            env = rl.env(rules)
            env.reset(seed=1)
            moves = []

            def check(agent, action):
                # Agent order: the agent selected is the player to move.
                if action is not None:
                    self.assertEqual(agent, ["south", "north"][env.game.to_move])
                    moves.append(env.game.action_to_pit(action))

            seen, order = self.run_episode(env, random.Random(3), check)
            # Replaying the moves on a Game gives the same end.
            game = mancala.Game(rules)
            game.play_moves(moves)
            self.assertTrue(game.over)
            returns = game.returns()
            # Each agent sees its return in last() once terminated (the
            # dead steps), and agents is empty at the end.
            self.assertEqual(seen["south"][-1], returns[0])
            self.assertEqual(seen["north"][-1], returns[1])
            self.assertEqual(env.agents, [])
            self.assertEqual(order[-2:], ["south", "north"] if order[-2] == "south"
                             else ["north", "south"])

    def test_what_api_test_checks(self):
        # pettingzoo.test.api_test's own steps, for every rules set, round
        # and match episodes: reset(seed, options) with an unknown option,
        # last(observe=False), observations inside the declared Box ([0, 1],
        # the last two entries counts), masks of int8 0/1 that allow only
        # legal actions, dicts keyed by the live agents, unwrapped, str().
        for rules in mancala.RULES:
            for match in (False, True):
                env = rl.env(rules, match=match)
                env.reset(seed=0, options={"options": 1})
                self.assertIsNone(env.last(observe=False)[0])
                self.assertIs(env.unwrapped, env)
                self.assertEqual(str(env), "mancala_v0")
                rng = random.Random(1)
                rounds = set()
                for agent in env.agent_iter():
                    self.assertIn(agent, env.agents)
                    for table in (env.rewards, env.terminations, env.truncations, env.infos,
                                  env._cumulative_rewards):
                        self.assertEqual(sorted(table), sorted(env.agents))
                    observation, reward, termination, truncation, _ = env.last()
                    values = tolist(observation["observation"])
                    self.assertTrue(all(0.0 <= v <= 1.0 for v in values[:-2]), values)
                    self.assertTrue(all(v >= 0.0 for v in values[-2:]))
                    mask = list(observation["action_mask"])
                    self.assertTrue(set(mask) <= {0, 1})
                    rounds.add(env.game.round)
                    if termination or truncation:
                        env.step(None)
                        continue
                    self.assertEqual([a for a in range(len(mask)) if mask[a]],
                                     env.game.legal_actions())
                    env.step(rng.choice(env.game.legal_actions()))
                self.assertEqual(env.agents, [])
                if match and rules != "modiar":
                    self.assertGreater(len(rounds), 1)

    def test_termination_and_dead_steps(self):
        game, action = near_end("modiar", 2)
        env = rl.env("modiar")
        env.reset(options={"position": str(game)})
        env.step(action)
        returns = env.game.returns()
        self.assertEqual(env.terminations, {"south": True, "north": True})
        self.assertEqual(env.truncations, {"south": False, "north": False})
        self.assertEqual(env.rewards, {"south": returns[0], "north": returns[1]})
        self.assertEqual(env._cumulative_rewards, env.rewards)
        self.assertEqual(list(env.observe("south")["action_mask"]), [0, 0, 0])
        self.assertEqual(list(env.observe("north")["action_mask"]), [0, 0, 0])
        # PettingZoo: a terminated agent's only action is None.
        with self.assertRaises(ValueError):
            env.step(0)
        first = env.agent_selection
        env.step(None)
        self.assertEqual(env.agents, [a for a in ["south", "north"] if a != first])
        self.assertNotIn(first, env.rewards)
        env.step(None)
        self.assertEqual(env.agents, [])
        self.assertEqual(list(env.agent_iter()), [])
        env.reset()
        self.assertEqual(env.agents, ["south", "north"])
        self.assertEqual(env.terminations, {"south": False, "north": False})

    def test_reset_at_an_ended_position(self):
        # A position that is over at once: both agents terminated, and
        # last() gives each its return (cumulative reward).
        env = rl.env("modiar")
        env.reset(options={"position": "modiar/1,1,0,0,0,1/S/20,19/30"})
        self.assertTrue(env.game.over)
        returns = env.game.returns()
        self.assertEqual(env.terminations, {"south": True, "north": True})
        self.assertEqual(env.last()[1:3], (returns[0], True))
        self.assertEqual(env._cumulative_rewards, {"south": returns[0], "north": returns[1]})

    def test_reset_at_a_position_of_other_rules(self):
        env = rl.env("modiar")
        with self.assertRaises(InvalidArgument) as raised:
            env.reset(options={"position": "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0"})
        self.assertIn("of rules rio-kadalis, not modiar", str(raised.exception))
        self.assertEqual(env.game.rules, "modiar")

    def test_reset_in_a_match_at_a_round_that_is_over(self):
        # The next round starts, as after a step that ends a round.
        env = rl.env("rio-kadalis", match=True)
        env.reset(options={"position": "rio-kadalis/0,0,0,0,0,0,4,4,4,4,4,4/S/12,12/0/0,0"})
        self.assertFalse(env.game.over)
        self.assertEqual(env.game.round, 2)
        observation, _, terminated, truncated, _ = env.last()
        self.assertFalse(terminated or truncated)
        self.assertTrue(any(observation["action_mask"]))
        env.step(env.game.legal_actions()[0])
        # Outside a match, the same position ends the episode.
        env = rl.env("rio-kadalis")
        env.reset(options={"position": "rio-kadalis/0,0,0,0,0,0,4,4,4,4,4,4/S/12,12/0/0,0"})
        self.assertEqual(env.terminations, {"south": True, "north": True})

    def test_illegal_and_none(self):
        env = rl.env("modiar")
        env.reset(options={"position": "modiar/0,3,3,3,3,3/S/12,15/10"})
        with self.assertRaises(EmptyPit):
            env.step(0)
        self.assertEqual(env.game.ply, 10)
        with self.assertRaises(ValueError):
            env.step(None)     # only a terminated agent takes None

    def test_match_episode(self):
        env = rl.env("rio-kadalis", match=True)
        self.run_episode(env, random.Random(5))
        self.assertTrue(env.game.match_over)
        env = rl.env("rio-kadalis")
        self.run_episode(env, random.Random(5))
        self.assertTrue(env.game.over)
        self.assertEqual(env.game.round, 1)

    def test_spaces_need_gymnasium(self):
        env = rl.env("modiar")
        if "gymnasium" not in sys.modules:
            with self.assertRaises(ImportError):
                env.action_space("south")

    @needs_numpy
    def test_spaces(self):
        # gymnasium.spaces stood in for by a recorder of the calls.
        spaces = types.SimpleNamespace(
            Box=lambda *args, **kwargs: ("Box",) + args + tuple(kwargs.values()),
            Discrete=lambda n: ("Discrete", n),
            MultiDiscrete=lambda ns: ("MultiDiscrete", list(ns)), Dict=lambda d: ("Dict", d))
        fake = types.ModuleType("gymnasium")
        fake.spaces = spaces
        saved = sys.modules.get("gymnasium")
        sys.modules["gymnasium"] = fake
        try:
            env = rl.env("rio-kadalis")
            self.assertEqual(env.action_space("north"), ("Discrete", 6))
            space = env.observation_space("south")
            _, low, high, dtype = space[1]["observation"]
            self.assertEqual(low.tolist(), [0.0] * 31)
            self.assertEqual(high.tolist(), [1.0] * 29 + [float("inf")] * 2)
            self.assertEqual(dtype, np.float32)
            self.assertEqual(space[1]["action_mask"], ("Box", 0, 1, (6,), np.int8))
            self.assertEqual(sorted(env.action_spaces), ["north", "south"])
            # api_test: the same space object at every call.
            self.assertIs(env.observation_space("north"), env.observation_space("north"))
            self.assertIs(env.action_space("south"), env.action_space("south"))
        finally:
            if saved is None:
                del sys.modules["gymnasium"]
            else:
                sys.modules["gymnasium"] = saved


class AECWithoutNumpy(WithoutNumpy, AEC):

    def test_vector_needs_numpy(self):
        with self.assertRaises(ImportError):
            rl.VectorEnv("modiar", 4)


@needs_numpy
@needs_numpy
class Opponent(unittest.TestCase):
    """The single-agent environment, against gymnasium.Env's contract
    (what gymnasium.utils.env_checker.check_env checks)."""

    def test_reset_and_step(self):
        env = rl.OpponentEnv("modiar", opponent="random", seat=0)
        observation, info = env.reset(seed=5)
        self.assertEqual(observation.dtype, np.float32)
        self.assertEqual(tolist(observation), float32([7 / S] * 6 + [0] * 10 + [1, 0, 0]))
        self.assertEqual(info["action_mask"].dtype, np.int8)
        self.assertEqual(info["action_mask"].tolist(), [1, 1, 1])
        observation, reward, terminated, truncated, info = env.step(0)
        self.assertIs(type(reward), float)
        self.assertEqual((reward, terminated, truncated), (0.0, False, False))
        # South played pit 0, the opponent answered: South to move again.
        self.assertEqual(env.game.history[0], 0)
        self.assertEqual(env.game.history_length, 2)
        self.assertEqual(env.game.to_move, 0)
        np.testing.assert_array_equal(observation, env.game.observation_tensor(0))
        np.testing.assert_array_equal(info["action_mask"], env.game.legal_actions_mask())

    def test_seeds(self):
        # reset(seed) fixes the opponent's choices; another seed changes
        # the generator; reset() without a seed keeps it going.
        def episode(seed, seat, opponent="random"):
            env = rl.OpponentEnv("rio-kadalis", opponent=opponent, seat=seat)
            _, info = env.reset(seed=seed)
            state = env.np_random.bit_generator.state
            done = False
            while not done:   # the agent: its first legal action
                _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            return env.game.record, state

        for seat in (0, 1):
            one, state = episode(3, seat)
            self.assertEqual(episode(3, seat), (one, state))
            self.assertNotEqual(episode(4, seat)[1], state)
        self.assertEqual(episode(3, 1, "level:3")[0], episode(3, 1, "level:3")[0])
        # A generator set by a wrapper (Gymnasium's np_random setter) is used.
        env = rl.OpponentEnv("rio-kadalis", seat=1)
        env.np_random = np.random.default_rng(3)
        env.reset()
        seeded = rl.OpponentEnv("rio-kadalis", seat=1)
        seeded.reset(seed=3)
        self.assertEqual(env.game.history_length, 1)
        self.assertEqual(env.game.history, seeded.game.history)

    def test_north_and_episode_end(self):
        # North: the opponent opens in reset(); the last reward is the
        # agent's return.
        for rules, opponent in (("modiar", "level:7"), ("rio-kadalis-5-cw", "random")):
            env = rl.OpponentEnv(rules, opponent=opponent, seat=1)
            _, info = env.reset(seed=1)
            self.assertEqual(env.game.history_length, 1)
            self.assertEqual(env.game.to_move, 1)
            steps, done = 0, False
            while not done:
                action = int(np.flatnonzero(info["action_mask"])[-1])
                _, reward, done, truncated, info = env.step(action)
                self.assertFalse(truncated)
                steps += 1
            self.assertTrue(env.game.over)
            self.assertEqual(reward, env.game.returns()[1])
            self.assertIn(reward, (-1.0, 0.0, 1.0))
            with self.assertRaises(mancala.GameOver):
                env.step(0)

    def test_match_episode(self):
        env = rl.OpponentEnv("rio-kadalis-5", seat=0, match=True, stones=True)
        _, info = env.reset(seed=2)
        done = False
        while not done:
            _, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        self.assertTrue(env.game.match_over)
        self.assertEqual(reward, env.game.returns(stones=True, match=True)[0])

    def test_illegal_and_bad_actions(self):
        env = rl.OpponentEnv("modiar", opponent=lambda game: game.legal_actions()[0])
        env.reset(options={"position": "modiar/0,3,3,7,7,7/S/8,7/5"})
        position = str(env.game)
        for bad, error in ((3, InvalidArgument), (-1, InvalidArgument), (2**40, OverflowError),
                           (1.0, TypeError), (float("nan"), TypeError), (None, TypeError)):
            with self.assertRaises(error):
                env.step(bad)
        self.assertEqual(str(env.game), position)
        # An action the rules forbid (pit 0 is empty) ends the episode: -1.
        observation, reward, terminated, truncated, info = env.step(np.int64(0))
        self.assertEqual((reward, terminated, truncated), (-1.0, True, False))
        self.assertTrue(info["illegal_action"])
        self.assertEqual(str(env.game), position)
        with self.assertRaises(InvalidArgument):
            rl.OpponentEnv("modiar", opponent="level:21")
        with self.assertRaises(InvalidArgument):
            rl.OpponentEnv("modiar", opponent="strong")
        with self.assertRaises(InvalidArgument):
            rl.OpponentEnv("modiar", seat=2)
        with self.assertRaises(InvalidArgument):
            env.reset(options={"position": "rio-kadalis-5/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0"})

    def test_render(self):
        env = rl.OpponentEnv("modiar", render_mode="ansi")
        env.reset(seed=0)
        self.assertEqual(env.render(), repr(env.game))


class Vector(unittest.TestCase):
    """Gymnasium 1.x's VectorEnv API over the C batch."""

    def test_views(self):
        env = rl.VectorEnv("modiar", 16, seed=2)
        observations, infos = env.reset(seed=2)
        self.assertEqual(infos, {})
        self.assertEqual(env.observations.shape, (16, 19))
        self.assertEqual(env.observations.dtype, np.float32)
        self.assertEqual(env.action_masks.shape, (16, 3))
        self.assertEqual(env.action_masks.dtype, np.int8)
        self.assertEqual(env.player_rewards.shape, (16, 2))
        self.assertIs(env.rewards, env.player_rewards)     # 1.3's name
        self.assertEqual(env.terminations.dtype, np.bool_)
        self.assertEqual(env.to_move.tolist(), [0] * 16)
        before = env.observations.copy()
        held = env.observations[3]              # a view of a view
        env.step(np.zeros(16, dtype=np.int64))
        # The views change in place.
        self.assertFalse(np.array_equal(before, env.observations))
        self.assertEqual(held.tolist(), env.observations[3].tolist())
        self.assertEqual(env.to_move.tolist(), [1] * 16)
        for view in (env.observations, env.player_rewards, env.terminations, env.to_move):
            with self.assertRaises(ValueError):
                view[0] = 1                     # read-only: the C library writes them
        # Views stay valid after close() and after the environment is gone:
        # they keep the C batch (its owner object) alive until the last of
        # them goes.
        observations = env.observations
        handle = env._batch.handle

        def batch_alive():
            gc.collect()
            return any(isinstance(o, rl._Batch) and o.handle == handle
                       for o in gc.get_objects())

        self.assertFalse(env.closed)
        env.close()
        self.assertTrue(env.closed)
        self.assertEqual(held.tolist(), observations[3].tolist())
        with self.assertRaises(ValueError):
            env.step(np.zeros(16, dtype=np.int32))
        del env
        self.assertTrue(batch_alive())
        self.assertEqual(held.tolist(), observations[3].tolist())
        del held, observations, view
        self.assertFalse(batch_alive())

    def test_returned_arrays_may_be_kept_and_written(self):
        # Gymnasium's contract (SyncVectorEnv, copy=True): reset() and
        # step() return arrays of their own, which wrappers such as
        # ClipReward and NormalizeObservation write to or keep.
        env = rl.VectorEnv("rio-kadalis", 8, seed=1)
        observations, _ = env.reset(seed=1)
        result = env.step(env.random_actions(np.random.default_rng(0)))
        kept = [a.copy() for a in result[:4]]
        np.testing.assert_array_equal(result[0], env.observations)
        self.assertEqual(result[1].shape, (8,))
        self.assertEqual(result[1].dtype, np.float32)
        for array in (observations,) + result[:4]:
            self.assertTrue(array.flags.writeable)
            array[...] = 1
        np.testing.assert_array_equal(env.observations, kept[0])   # the batch's own: untouched
        second = env.step(env.random_actions(np.random.default_rng(1)))
        self.assertTrue(np.all(result[0] == 1))                   # a new array each step
        self.assertFalse(np.shares_memory(second[0], result[0]))
        # copy=False: this object's arrays, rewritten at each call, writable.
        fast = rl.VectorEnv("rio-kadalis", 8, seed=1, copy=False)
        first = fast.reset(seed=1)[0]
        again = fast.step(np.zeros(8, np.int32))
        self.assertIs(again[0], first)
        np.testing.assert_array_equal(first, fast.observations)
        self.assertIs(fast.step(np.zeros(8, np.int32))[1], again[1])
        self.assertTrue(again[1].flags.writeable)

    def test_reward_is_the_movers(self):
        # Gymnasium: rewards have shape (num_envs,). Row i is the reward
        # of the player who moved in game i; player_rewards has both.
        for rules, seed in (("modiar", 1), ("rio-kadalis-5", 3)):
            game, action = near_end(rules, seed)
            mover = int(game.to_move)
            env = rl.VectorEnv(rules, 2)
            env.reset()
            replay = mancala.Game(rules)
            for pit in game.history:
                was = replay.pit_to_action(pit)
                replay.play(pit)
                env.step(np.array([was, was], np.int32))
            result = env.step(np.array([action, action], np.int32))
            game.apply_action(action)
            returns = game.returns()
            self.assertNotEqual(returns[mover], 0.0)
            self.assertEqual(result[1].tolist(), [returns[mover]] * 2)
            self.assertEqual(env.player_rewards.tolist(), [returns] * 2)
            self.assertEqual(result[2].tolist(), [True, True])

    def against_games(self, rules, mode, steps=300, count=32, threads=1):
        env = rl.VectorEnv(rules, count, seed=9, autoreset_mode=mode, threads=threads)
        games = [mancala.Game(rules) for _ in range(count)]
        restart = [False] * count
        rng = np.random.default_rng(4)
        ended = 0
        for _ in range(steps):
            actions = env.random_actions(rng)
            finals, movers, over = {}, {}, {}
            for i, game in enumerate(games):
                if restart[i]:
                    games[i] = mancala.Game(rules)
                    restart[i] = False
                    continue
                movers[i] = int(game.to_move)
                game.apply_action(int(actions[i]))
                if game.over:
                    finals[i] = game.observation_tensor()
                    over[i] = game
                    if mode == "SameStep":
                        games[i] = mancala.Game(rules)
                    else:
                        restart[i] = True
            observations, rewards, terminations, truncations, infos = env.step(actions)
            for i, game in enumerate(games):
                if i in finals:
                    ended += 1
                    self.assertTrue(terminations[i])
                    returns = over[i].returns()
                    self.assertEqual(env.player_rewards[i].tolist(), returns)
                    self.assertEqual(rewards[i], returns[movers[i]])
                    if mode == "SameStep":
                        np.testing.assert_array_equal(infos["final_obs"][i], finals[i])
                        self.assertTrue(infos["_final_obs"][i])
                        self.assertTrue(infos["_final_info"][i])
                else:
                    self.assertFalse(terminations[i])
                    self.assertEqual(rewards[i], 0.0)
                    self.assertEqual(env.player_rewards[i].tolist(), [0.0, 0.0])
                    if "final_obs" in infos:
                        self.assertIsNone(infos["final_obs"][i])
                        self.assertFalse(infos["_final_obs"][i])
                        self.assertFalse(infos["_final_info"][i])
                if mode == "SameStep" and i in finals:
                    self.assertEqual(infos["final_info"], {})
                self.assertFalse(truncations[i])
                np.testing.assert_array_equal(observations[i], game.observation_tensor())
                np.testing.assert_array_equal(env.action_masks[i], game.legal_actions_mask())
                self.assertEqual(env.to_move[i], game.to_move)
                if not restart[i] and i not in finals:
                    self.assertEqual(str(env.game(i)), str(game))
        self.assertGreater(ended, 0)

    def test_against_games_next_step(self):
        # Gymnasium 1.x NEXT_STEP: the step after the end resets the game,
        # ignores its action, and gives reward 0 and both flags False.
        for rules in ("modiar", "rio-kadalis", "rio-kadalis-5-cw"):
            self.against_games(rules, "NextStep")

    def test_against_games_same_step(self):
        # SAME_STEP: the ending step returns the first observation of the
        # next episode; the last one is infos["final_obs"].
        self.against_games("modiar", "SameStep")
        self.against_games("rio-kadalis", "SameStep", threads=2)

    def test_autoreset_disabled(self):
        # Gymnasium 1.x DISABLED: an ended episode stays ended (its action
        # ignored, reward 0 after the ending step, flags kept) until reset().
        env = rl.VectorEnv("modiar", 32, seed=3, autoreset_mode="Disabled")
        for _ in range(400):
            if env.terminations.all():
                break
            done = env.terminations.copy()
            positions = {i: str(env.game(i)) for i in np.flatnonzero(done)}
            env.step_random()
            self.assertTrue(np.all(env.terminations[done]))
            np.testing.assert_array_equal(env.rewards[done], 0.0)
            for i, position in positions.items():
                self.assertEqual(str(env.game(i)), position)
        self.assertTrue(env.terminations.all())
        env.reset(seed=3)
        self.assertFalse(env.terminations.any())
        self.assertEqual(env.game(0).ply, 0)

    def test_ended_mask_and_restart_options(self):
        # Disabled autoreset: an ended game stays ended, its mask all zeros
        # by default and all ones with ended_mask_ones.
        for ones in (False, True):
            with rl.VectorEnv("modiar", 8, seed=3, autoreset_mode="Disabled",
                           ended_mask_ones=ones) as env:
                env.reset(seed=3)
                rng = np.random.default_rng(3)
                ended = np.zeros(8, bool)
                for _ in range(200):
                    _, _, terminated, truncated, _ = env.step(env.random_actions(rng))
                    ended |= terminated | truncated
                    if ended.all():
                        break
                self.assertTrue(ended.all())
                self.assertTrue((env.action_masks == (1 if ones else 0)).all())
        with self.assertRaises(TypeError):
            rl.VectorEnv("modiar", 2, restart_from_rules="yes")

    def test_reset_positions(self):
        # options={"positions": [...]}: the games given a position start
        # there, as a game parsed from it; the others as the reset makes them.
        start = "modiar/0,3,4,1,0,2/S/16,16/9"
        env = rl.VectorEnv("modiar", 3, autoreset_mode="Disabled")
        observations, _ = env.reset(options={"positions": [None, start, None]})
        fresh, other = rl.VectorEnv("modiar", 1), Game.parse(start)
        first, _ = fresh.reset()
        self.assertEqual(observations[0].tolist(), first[0].tolist())
        self.assertEqual(observations[2].tolist(), first[0].tolist())
        self.assertEqual(observations[1].tolist(), list(other.observation_tensor()))
        # Nothing changes when one of them cannot be played.
        before = env.observations.copy()
        for bad, error in (([start], ValueError), (start, TypeError),
                           ([None, "modiar/9", None], ParseError),
                           ([None, "rio-kadalis", None], ParseError),
                           ([None, "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0", None],
                            UnknownRules)):
            with self.subTest(bad=bad), self.assertRaises(error):
                env.reset(options={"positions": bad})
            self.assertEqual(env.observations.tolist(), before.tolist())

    def test_reset_mask(self):
        # Gymnasium 1.x: reset(options={"reset_mask": mask}) resets the
        # games where the mask is True; the mask is a numpy bool array of
        # shape (num_envs,) with a True (SyncVectorEnv's errors).
        env = rl.VectorEnv("modiar", 4, autoreset_mode="Disabled")
        env.step(np.zeros(4, np.int32))
        for bad, error in ((np.ones(4, np.int8), TypeError), ([True] * 4, TypeError),
                           (np.ones(3, np.bool_), ValueError),
                           (np.zeros(4, np.bool_), ValueError)):
            with self.assertRaises(error):
                env.reset(options={"reset_mask": bad})
        self.assertEqual([env.game(i).ply for i in range(4)], [1] * 4)
        options = {"reset_mask": np.ones(4, np.bool_)}
        observations, infos = env.reset(options=options)
        self.assertIn("reset_mask", options)          # the caller's dict is not changed
        self.assertEqual([env.game(i).ply for i in range(4)], [0] * 4)
        np.testing.assert_array_equal(observations, env.observations)
        # Some games only (mancala_batch_reset_games()): the others go on.
        env.step(np.zeros(4, np.int32))
        observations, _ = env.reset(options={"reset_mask": np.array([True, False, True, False])})
        self.assertEqual([env.game(i).ply for i in range(4)], [0, 1, 0, 1])
        np.testing.assert_array_equal(observations, env.observations)

    def test_reset_without_a_seed_goes_on(self):
        # Gymnasium: reset(seed=None) does not seed again, so random
        # episodes after it differ; a seed fixes what follows, resets
        # without one included (up to 1.3, None meant 0: every episode
        # of a game after reset() was the same).
        def episodes(env, seeds):
            plies = []
            for seed in seeds:
                env.reset(seed=seed)
                for _ in range(30):
                    env.step_random()
                plies.append(env.game(0).history)
            return plies

        env = rl.VectorEnv("rio-kadalis", 2, autoreset_mode="Disabled", seed=7)
        unseeded = episodes(env, [None] * 4)
        self.assertEqual(len({tuple(p) for p in unseeded}), 4)
        again = episodes(rl.VectorEnv("rio-kadalis", 2, autoreset_mode="Disabled", seed=7),
                         [None] * 4)
        self.assertEqual(again, unseeded)     # the constructor's seed fixes them
        self.assertEqual(episodes(env, [3, None, 3, None]),
                         2 * episodes(env, [3, None])[:2])
        # A partial reset without a seed: the games reset differ each time.
        env.reset(seed=1)
        openings = set()
        for _ in range(4):
            env.reset(options={"reset_mask": np.array([True, False])})
            env.step_random()
            openings.add(env.game(0).history[0])
        self.assertGreater(len(openings), 1)

    def test_spaces_are_made_once(self):
        try:
            import gymnasium  # noqa: F401
        except ImportError:
            self.skipTest("gymnasium cannot be imported")
        env = rl.VectorEnv("rio-kadalis-5", 3)
        self.assertIs(env.single_observation_space, env.single_observation_space)
        self.assertEqual(env.single_observation_space.shape, (27,))
        self.assertEqual(env.observation_space.shape, (3, 27))
        self.assertEqual(env.single_action_space.n, 5)
        self.assertEqual(env.action_space.nvec.tolist(), [5, 5, 5])

    def test_illegal_action_changes_nothing(self):
        # The C batch refuses the whole step: no game and no array changes.
        env = rl.VectorEnv("modiar", 8)
        rng = np.random.default_rng(1)
        while True:
            masks = env.action_masks
            closed = [i for i in range(8) if masks[i].any() and not masks[i].all()]
            if closed:
                break
            env.step(env.random_actions(rng))
        game = closed[-1]
        actions = env.random_actions(rng)
        actions[game] = int(np.flatnonzero(env.action_masks[game] == 0)[0])
        before = [a.copy() for a in (env.observations, env.action_masks, env.to_move)]
        positions = [str(env.game(i)) for i in range(8)]
        with self.assertRaises(mancala.IllegalMove) as raised:
            env.step(actions)
        self.assertEqual(raised.exception.game, game)
        self.assertIn(f"game {game}", str(raised.exception))
        for was, now in zip(before, (env.observations, env.action_masks, env.to_move)):
            np.testing.assert_array_equal(was, now)
        self.assertEqual([str(env.game(i)) for i in range(8)], positions)

    def test_bad_actions(self):
        env = rl.VectorEnv("modiar", 4)
        with self.assertRaises(PitOutOfRange) as raised:
            env.step(np.array([0, 0, 2**40, 0]))    # not cut to 32 bits
        self.assertEqual(raised.exception.game, 2)
        self.assertEqual(str(raised.exception), "game 2: action 1099511627776: pit or player number out of range")
        for dtype in (np.int32, np.int64, np.int8):
            with self.assertRaises(PitOutOfRange) as raised:
                env.step(np.array([0, -1, 0, 0], dtype=dtype))
            # The C batch's reason, which names the game and the action once.
            self.assertEqual(str(raised.exception), "game 1: action -1 is not in 0 ... 2")
        with self.assertRaises(TypeError):
            env.step(np.zeros(4))
        with self.assertRaises(InvalidArgument):
            env.step(np.zeros(5, dtype=np.int32))
        self.assertEqual(env.game(0).ply, 0)
        for bad in (0, 2**20 + 1):
            with self.assertRaises(InvalidArgument):
                rl.VectorEnv("modiar", bad)
        with self.assertRaises(OverflowError):
            rl.VectorEnv("modiar", 2**40)
        with self.assertRaises(InvalidArgument):
            rl.VectorEnv("modiar", 4, autoreset_mode="Sometimes")
        with self.assertRaises(mancala.UnknownRules):
            rl.VectorEnv("chess", 4)
        with self.assertRaises(mancala.UnknownRules):
            rl.VectorEnv("\udc80", 4)
        with self.assertRaises(InvalidArgument):
            rl.VectorEnv("modiar\0garbage", 4)
        with self.assertRaises(TypeError):
            rl.VectorEnv("modiar", np.True_)

    def test_an_ignored_action_of_any_dtype(self):
        # A game that starts a new episode in this step ignores its
        # action, whatever the array's dtype.
        for dtype in (np.int32, np.int64, np.uint8):
            env = rl.VectorEnv("modiar", 1, max_plies=1)
            env.step(np.array([0], dtype=np.int32))
            self.assertTrue(env.truncations[0])
            ignored = np.array([-1 if dtype != np.uint8 else 200], dtype=dtype)
            env.step(ignored)
            self.assertEqual(env.game(0).ply, 0)

    def test_not_copied_or_pickled(self):
        # A copy would share the C batch (and free it twice): refused.
        import copy
        import pickle
        env = rl.VectorEnv("modiar", 4)
        for make in (copy.copy, copy.deepcopy, pickle.dumps):
            with self.assertRaises(TypeError):
                make(env)
        gc.collect()
        env.step(np.zeros(4, np.int32))
        self.assertEqual(env.game(0).ply, 1)
        with self.assertRaises(InvalidArgument):
            rl.VectorEnv("modiar", 4, threads=65)

    def test_random_step_is_a_step(self):
        # step_random() draws in C; the same actions through step() give
        # the same arrays, with any number of threads.
        one = rl.VectorEnv("rio-kadalis", 64, seed=11)
        two = rl.VectorEnv("rio-kadalis", 64, seed=11, threads=2)
        mirror = rl.VectorEnv("rio-kadalis", 64, seed=0)
        for _ in range(200):
            actions = one.step_random()[0].copy()
            two.step_random()
            mirror.step(np.where(actions < 0, 0, actions))
            for name in ("observations", "action_masks", "rewards", "terminations", "to_move"):
                np.testing.assert_array_equal(getattr(one, name), getattr(two, name))
                np.testing.assert_array_equal(getattr(one, name), getattr(mirror, name))

    def test_random_actions_are_legal(self):
        env = rl.VectorEnv("rio-kadalis-5", 256)
        rng = np.random.default_rng(0)
        for _ in range(50):
            actions = env.random_actions(rng)
            legal = env.action_masks[np.arange(256), actions]
            playing = env.action_masks.any(axis=1)
            self.assertTrue(np.all(legal[playing] == 1))
            env.step(actions)

    def test_random_actions_are_uniform(self):
        # Every legal action as likely: over 300 steps of 256 games, for
        # each count k of legal actions, each of the k is drawn about 1/k
        # of the time (within 5 standard deviations of the binomial).
        env = rl.VectorEnv("rio-kadalis", 256, seed=2)
        rng = np.random.default_rng(3)
        drawn = {}  # k -> [times the i-th legal action was drawn]
        for _ in range(300):
            masks = env.action_masks.copy()
            actions = env.random_actions(rng)
            for mask, action in zip(masks, actions):
                legal = list(np.flatnonzero(mask))
                if legal:
                    drawn.setdefault(len(legal), [0] * len(legal))[legal.index(action)] += 1
            env.step(actions)
        self.assertEqual(sorted(drawn), [1, 2, 3, 4, 5, 6])
        for k, counts in drawn.items():
            total = sum(counts)
            spread = 5 * (total * (1 / k) * (1 - 1 / k)) ** 0.5
            for count in counts:
                self.assertLessEqual(abs(count - total / k), spread + 1, (k, counts))

    def test_benchmark_positions_step_as_single_games(self):
        # The solved benchmark's 10,000 Modiar positions, one a game: the
        # batch steps exactly as 10,000 games parsed from them, and each
        # game starts its next episode at its own position again.
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                            "examples", "python", "data", "modiar-10000.txt")
        with open(path) as f:
            positions = [line.strip() for line in f if line.strip()]
        self.assertEqual(len(positions), 10000)
        env = rl.VectorEnv("modiar", len(positions), seed=5)
        for i, position in enumerate(positions):
            env.set_position(i, position)
        games = [mancala.Game.parse(p) for p in positions]
        restart = np.zeros(len(games), dtype=bool)
        rng = np.random.default_rng(8)
        ended = 0
        for _ in range(25):
            np.testing.assert_array_equal(env.observations,
                                          [g.observation_tensor() for g in games])
            np.testing.assert_array_equal(env.action_masks,
                                          [g.legal_actions_mask() for g in games])
            np.testing.assert_array_equal(env.to_move, [g.to_move for g in games])
            actions = env.random_actions(rng)
            returns = np.zeros((len(games), 2), dtype=np.float32)
            for i, game in enumerate(games):
                if restart[i]:
                    games[i] = mancala.Game.parse(positions[i])
                else:
                    game.apply_action(int(actions[i]))
                    if game.over:
                        returns[i] = game.returns()
            env.step(actions)
            np.testing.assert_array_equal(env.player_rewards, returns)
            over = np.array([not restart[i] and g.over for i, g in enumerate(games)])
            np.testing.assert_array_equal(env.terminations, over)
            ended += int(over.sum())
            restart = over
        self.assertGreater(ended, 10000)
        self.assertEqual(str(env.game(0)), str(games[0]))

    def test_set_position_and_game(self):
        env = rl.VectorEnv("rio-kadalis", 3, seed=1)
        env.step_random()
        before = env.observations.copy()
        position = "rio-kadalis/0,5,0,6,0,0,1,0,2,0,3,0/N/14,17/40/0,0"
        env.set_position(1, position)
        fresh = mancala.Game.parse(position)
        self.assertEqual(str(env.game(1)), str(fresh))
        np.testing.assert_array_equal(env.observations[1], fresh.observation_tensor())
        np.testing.assert_array_equal(env.action_masks[1], fresh.legal_actions_mask())
        np.testing.assert_array_equal(env.observations[[0, 2]], before[[0, 2]])
        game = mancala.Game("rio-kadalis")
        game.play(2)
        env.set_game(0, game)
        self.assertEqual(env.game(0).position, game.position)
        self.assertEqual(env.to_move[0], 1)
        # Refusals change nothing.
        now = env.observations.copy()
        with self.assertRaises(mancala.UnknownRules):
            env.set_position(0, "modiar/7,7,7,7,7,7/S/0,0/0")
        with self.assertRaises(mancala.ParseError):
            env.set_position(0, "rio-kadalis/1,2")
        with self.assertRaises(mancala.StateError):
            env.set_position(0, "rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,1/S/20,27/3/0,0")
        with self.assertRaises(mancala.UnknownRules):
            env.set_game(0, mancala.Game("modiar"))
        with self.assertRaises(TypeError):
            env.set_game(0, position)
        with self.assertRaises(TypeError):
            env.set_position(0, None)
        for index in (3, -1):
            with self.assertRaises(InvalidArgument):
                env.set_position(index, position)
        with self.assertRaises(OverflowError):
            env.set_position(2**32, position)
        with self.assertRaises(TypeError):
            env.set_position(float("nan"), position)
        with self.assertRaises(InvalidArgument):
            env.reset_games([True, False])
        np.testing.assert_array_equal(env.observations, now)
        # A mask resets exactly its games, to their own starts.
        env.step_random()
        kept = str(env.game(2))
        env.reset_games([False, True, False])
        self.assertEqual(str(env.game(1)), position)
        self.assertEqual(str(env.game(2)), kept)

    def test_two_threads_on_one_environment(self):
        # Issue 46: two threads stepping one environment waited for each
        # other for ever. Now one of two calls at once raises Busy, at
        # once, and both threads finish.
        import threading
        env = rl.VectorEnv("rio-kadalis", 64, threads=2)
        outcomes = {"ok": 0, "busy": 0, "other": []}
        lock = threading.Lock()

        def run():
            for _ in range(5000):
                try:
                    env.step_random()
                    key = "ok"
                except mancala.Busy:
                    key = "busy"
                except Exception as error:   # noqa: BLE001 - reported below
                    with lock:
                        outcomes["other"].append(repr(error))
                    continue
                with lock:
                    outcomes[key] += 1

        threads = [threading.Thread(target=run, daemon=True) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
            self.assertFalse(thread.is_alive(), "a thread is stuck in step_random()")
        self.assertEqual(outcomes["other"], [])
        self.assertEqual(outcomes["ok"] + outcomes["busy"], 10000)
        self.assertGreater(outcomes["busy"], 0)
        self.assertGreater(outcomes["ok"], 0)

    def test_metadata(self):
        env = rl.VectorEnv("modiar", 2, autoreset_mode="SameStep")
        if "gymnasium" not in sys.modules:
            self.assertEqual(env.metadata["autoreset_mode"], "SameStep")
        self.assertEqual(env.num_envs, 2)
        self.assertEqual(env.num_actions, 3)
        self.assertEqual(env.threads, 1)
        env.threads = 2
        self.assertEqual(env.threads, 2)


if __name__ == "__main__":
    unittest.main()

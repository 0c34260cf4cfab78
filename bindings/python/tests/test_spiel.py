# SPDX-License-Identifier: MIT
"""mancala.spiel: OpenSpiel's game and state API (issue 47). OpenSpiel is
not installed here: the tests follow its documented API (pyspiel's Game
and State, rl_environment's TimeStep loop, a Monte Carlo tree search bot
with random rollouts written from that API, not copied)."""

import math
import random
import unittest

import mancala
from mancala import spiel
from mancala.errors import GameOver, InvalidArgument

try:
    import pyspiel
except ImportError:
    pyspiel = None


def random_history(state, rng, plies=10**6):
    while not state.is_terminal() and plies:
        state.apply_action(rng.choice(state.legal_actions(state.current_player())))
        plies -= 1
    return state


class Game(unittest.TestCase):

    def test_sizes(self):
        for rules, n, size in (("modiar", 3, 19), ("rio-kadalis", 6, 31),
                               ("rio-kadalis-5-cw", 5, 27)):
            game = spiel.load_game(rules)
            self.assertEqual(game.num_distinct_actions(), n)
            self.assertEqual(game.num_players(), 2)
            self.assertEqual(game.observation_tensor_shape(), [size])
            self.assertEqual(game.observation_tensor_size(), size)
            self.assertEqual(game.information_state_tensor_shape(), [size])
            self.assertEqual(game.information_state_tensor_size(), size)
            self.assertEqual((game.min_utility(), game.max_utility(), game.utility_sum()),
                             (-1.0, 1.0, 0.0))
            self.assertEqual(game.max_chance_outcomes(), 0)
            self.assertEqual(game.max_game_length(), 1000)

    def test_type(self):
        kind = spiel.load_game("rio-kadalis-5").get_type()
        types = pyspiel.GameType if pyspiel else spiel.GameType
        self.assertEqual(kind.short_name, "rio-kadalis-5")
        self.assertEqual(kind.long_name, "Rio Kadalis (5 holes)")
        self.assertEqual(kind.dynamics, types.Dynamics.SEQUENTIAL)
        self.assertEqual(kind.chance_mode, types.ChanceMode.DETERMINISTIC)
        self.assertEqual(kind.information, types.Information.PERFECT_INFORMATION)
        self.assertEqual(kind.utility, types.Utility.ZERO_SUM)
        self.assertEqual(kind.reward_model, types.RewardModel.TERMINAL)
        self.assertEqual((kind.max_num_players, kind.min_num_players), (2, 2))
        self.assertTrue(kind.provides_observation_tensor)
        self.assertTrue(kind.provides_information_state_tensor)
        self.assertTrue(kind.default_loadable)

    def test_load_game_parameters(self):
        game = spiel.load_game("rio-kadalis(match=True,stones=true)")
        self.assertEqual(game.get_parameters(), {"match": True, "stones": True,
                                                 "repetition": True,
                                                 "max_game_length": 10000})
        self.assertEqual(str(game), "rio-kadalis(match=True,stones=True,repetition=True,"
                                    "max_game_length=10000)")
        self.assertEqual(spiel.load_game(str(game)), game)
        same = spiel.load_game("rio-kadalis", {"match": True, "stones": True})
        self.assertEqual(same, game)
        self.assertEqual(spiel.registered_names(), list(mancala.RULES))
        with self.assertRaises(mancala.UnknownRules):
            spiel.load_game("oware")
        for bad in ("modiar(depth=3)", "modiar(match)", "modiar(match=maybe)",
                    "modiar(max_game_length=0)"):
            with self.assertRaises(InvalidArgument, msg=bad):
                spiel.load_game(bad)
        with self.assertRaises(TypeError):
            spiel.load_game("modiar", {"match": "yes"})
        with self.assertRaises(TypeError):
            spiel.load_game(None)


class State(unittest.TestCase):

    def test_start_and_history(self):
        state = spiel.load_game("modiar").new_initial_state()
        self.assertTrue(state.is_initial_state())
        self.assertEqual(state.history(), [])      # a method, as pyspiel's
        self.assertEqual(state.current_player(), 0)
        self.assertEqual(state.legal_actions(), [0, 1, 2])
        self.assertEqual(state.legal_actions(0), [0, 1, 2])
        self.assertEqual(state.legal_actions(1), [])
        self.assertEqual(state.legal_actions_mask(1), [0, 0, 0])
        self.assertFalse(state.is_chance_node() or state.is_simultaneous_node())
        self.assertTrue(state.is_player_node())
        self.assertEqual(state.chance_outcomes(), [])
        self.assertEqual(state.action_to_string(2), "2")
        state.apply_action(0)
        state.apply_action(2)                     # North's third pit: pit 5
        self.assertEqual(state.history(), [0, 2])
        self.assertEqual(state.history_str(), "0, 2")
        self.assertEqual(state.move_number(), 2)
        self.assertEqual(state.board.history, (0, 5))
        self.assertEqual(state.action_to_string(1, 2), "5")
        self.assertEqual(state.get_game().action_to_string(1, 0), "3")
        self.assertEqual(state.observation_string(1), str(state.board))
        self.assertEqual(state.information_state_string(0), "0, 2")
        self.assertIs(state.get_game().rules, "modiar")

    def test_observation_of_both_players(self):
        state = spiel.load_game("rio-kadalis").new_initial_state()
        random_history(state, random.Random(3), plies=7)
        mover = state.current_player()
        for player in (0, 1):
            expected = [float(v) for v in state.board.observation_tensor(player)]
            self.assertEqual(state.observation_tensor(player), expected)
            self.assertEqual(state.information_state_tensor(player), expected)
        self.assertEqual(state.observation_tensor(), state.observation_tensor(mover))
        self.assertNotEqual(state.observation_tensor(0), state.observation_tensor(1))

    def test_terminal(self):
        game = spiel.load_game("modiar")
        state = random_history(game.new_initial_state(), random.Random(1))
        self.assertTrue(state.is_terminal())
        self.assertEqual(state.current_player(), spiel.TERMINAL)
        self.assertEqual(state.current_player(), -4)
        self.assertEqual(state.legal_actions(), [])
        self.assertEqual(state.legal_actions(0), [])
        returns = state.board.returns()
        self.assertIn(returns, ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]))
        self.assertEqual(state.returns(), returns)
        self.assertEqual(state.rewards(), returns)
        self.assertEqual(state.player_return(1), returns[1])
        with self.assertRaises(GameOver):
            state.apply_action(0)

    def test_match_and_stones(self):
        game = spiel.load_game("rio-kadalis-5", {"match": True, "stones": True})
        state = random_history(game.new_initial_state(), random.Random(2))
        self.assertTrue(state.board.match_over)
        self.assertGreater(state.board.round, 1)
        self.assertEqual(state.returns(), state.board.returns(stones=True, match=True))
        self.assertEqual(sum(state.returns()), 0.0)
        replay = game.deserialize_state(state.serialize())
        self.assertEqual(str(replay.board), str(state.board))
        self.assertEqual(replay.history(), state.history())

    def test_max_game_length(self):
        # The episode ends as a draw after max_game_length plies.
        game = spiel.load_game("modiar", {"max_game_length": 3})
        state = game.new_initial_state()
        for action in (0, 0, 0):
            self.assertFalse(state.is_terminal())
            state.apply_action(action)
        self.assertTrue(state.is_terminal())
        self.assertFalse(state.board.over)
        self.assertEqual(state.current_player(), spiel.TERMINAL)
        self.assertEqual(state.legal_actions(), [])
        self.assertEqual(state.returns(), [0.0, 0.0])
        with self.assertRaises(GameOver):
            state.apply_action(0)
        state.undo_action(0, 0)
        self.assertFalse(state.is_terminal())

    def test_clone_child_serialize(self):
        game = spiel.load_game("rio-kadalis")
        state = random_history(game.new_initial_state(), random.Random(4), plies=9)
        clone = state.clone()
        child = state.child(state.legal_actions()[0])
        clone.apply_action(clone.legal_actions()[-1])
        self.assertEqual(len(state.history()), 9)
        self.assertEqual(child.history(), state.history() + [state.legal_actions()[0]])
        text = state.serialize()
        self.assertEqual(text, "\n".join(map(str, state.history())))
        back = game.deserialize_state(text)
        self.assertEqual(str(back.board), str(state.board))
        self.assertEqual(back.observation_tensor(1), state.observation_tensor(1))
        with self.assertRaises(InvalidArgument):
            game.deserialize_state("0\nsouth")
        with self.assertRaises(mancala.IllegalMove):
            game.deserialize_state("0\n0\n9")

    def test_undo_is_exact(self):
        # Every action taken back, across rounds of a match too: the same
        # position, observation, history and legal actions as before it.
        for rules, match in (("modiar", False), ("rio-kadalis-5-cw", True)):
            game = spiel.load_game(rules, {"match": match})
            state = game.new_initial_state()
            rng = random.Random(6)
            seen = []
            while not state.is_terminal():
                seen.append((str(state.board), state.observation_tensor(0), state.history(),
                             state.legal_actions(), state.current_player()))
                state.apply_action(rng.choice(state.legal_actions()))
            rounds = state.board.round
            while seen:
                player = seen[-1][4]
                state.undo_action(player, state.history()[-1])
                self.assertEqual((str(state.board), state.observation_tensor(0),
                                  state.history(), state.legal_actions(),
                                  state.current_player()), seen.pop())
            self.assertTrue(state.is_initial_state())
            if match:
                self.assertGreater(rounds, 1)
            with self.assertRaises(InvalidArgument):
                state.undo_action(0, 0)

    def test_undo_refuses_what_was_not_played(self):
        state = spiel.load_game("modiar").new_initial_state()
        state.apply_action(1)
        position = str(state.board)
        for player, action in ((1, 1), (0, 2), (0, None)):
            with self.assertRaises(InvalidArgument):
                state.undo_action(player, action)
        self.assertEqual(str(state.board), position)

    def test_bad_actions_change_nothing(self):
        state = spiel.load_game("modiar").new_initial_state()
        state.apply_action(0)
        position = str(state.board)
        for bad, error in ((3, mancala.PitOutOfRange), (-1, mancala.PitOutOfRange),
                           (2**40, OverflowError), (float("nan"), TypeError),
                           (None, TypeError), ("1", TypeError)):
            with self.assertRaises(error):
                state.apply_action(bad)
        for bad in (2, -4, 2**40):
            with self.assertRaises((InvalidArgument, OverflowError)):
                state.observation_tensor(bad)
        with self.assertRaises(InvalidArgument):
            state.action_to_string(1, 3)
        self.assertEqual(str(state.board), position)
        self.assertEqual(state.history(), [0])


class MCTSBot:
    """Monte Carlo tree search with random rollouts, written from
    OpenSpiel's documented API (algorithms/mcts.py's MCTSBot with a
    RandomRolloutEvaluator): UCT over the tree of states, each leaf valued
    by random playouts to the end, the values from each mover's view."""

    def __init__(self, game, simulations, rollouts, rng, uct_c=2.0):
        kind = game.get_type()
        types = pyspiel.GameType if pyspiel else spiel.GameType
        if kind.reward_model != types.RewardModel.TERMINAL:
            raise ValueError("terminal rewards only")
        if kind.dynamics != types.Dynamics.SEQUENTIAL:
            raise ValueError("sequential games only")
        self.max_utility = game.max_utility()
        self.simulations, self.rollouts, self.rng, self.uct_c = simulations, rollouts, rng, uct_c

    def evaluate(self, state):
        total = [0.0] * state.num_players()
        for _ in range(self.rollouts):
            working = state.clone()
            while not working.is_terminal():
                working.apply_action(self.rng.choice(
                    working.legal_actions(working.current_player())))
            total = [t + r for t, r in zip(total, working.returns())]
        return [t / self.rollouts for t in total]

    def step(self, state):
        root = {"visits": 0, "children": {}}
        for _ in range(self.simulations):
            node, working, path = root, state.clone(), []
            while not working.is_terminal() and node["visits"] > 0:
                if not node["children"]:
                    node["children"] = {a: {"visits": 0, "total": 0.0, "children": {}}
                                        for a in working.legal_actions()}
                player = working.current_player()
                action = max(node["children"], key=lambda a: self.uct(node, a))
                path.append((node["children"][action], player))
                node = node["children"][action]
                working.apply_action(action)
            values = working.returns() if working.is_terminal() else self.evaluate(working)
            root["visits"] += 1
            for child, player in path:
                child["visits"] += 1
                child["total"] += values[player]
            if not path:
                node["visits"] += 1
        return max(root["children"], key=lambda a: root["children"][a]["visits"])

    def uct(self, node, action):
        child = node["children"][action]
        if child["visits"] == 0:
            return math.inf
        return child["total"] / child["visits"] + self.max_utility * self.uct_c * math.sqrt(
            math.log(node["visits"]) / child["visits"])


class OpenSpielCode(unittest.TestCase):
    """Code written for pyspiel runs with mancala.spiel in its place."""

    def test_mcts_finds_the_winning_move(self):
        # The first position of seeded random games where exactly one of
        # several legal actions ends the game with a win for the mover.
        game = spiel.load_game("modiar")
        rng = random.Random(0)
        while True:
            state = random_history(game.new_initial_state(), rng, plies=rng.randrange(4, 20))
            if state.is_terminal():
                continue
            outcomes = {a: state.child(a) for a in state.legal_actions()}
            mover = state.current_player()
            wins = [a for a, child in outcomes.items()
                    if child.is_terminal() and child.returns()[mover] == 1.0]
            if len(wins) == 1 and len(outcomes) > 1:
                break
        bot = MCTSBot(game, simulations=60, rollouts=2, rng=random.Random(1))
        self.assertEqual(bot.step(state), wins[0])

    def test_mcts_beats_random_play(self):
        game = spiel.load_game("modiar")
        rng = random.Random(5)
        results = []
        for seat in (0, 1, 0, 1):
            bot = MCTSBot(game, simulations=80, rollouts=2, rng=random.Random(seat))
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.current_player() == seat:
                    state.apply_action(bot.step(state))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            results.append(state.returns()[seat])
        self.assertEqual(results, [1.0, 1.0, 1.0, 1.0])

    def test_rl_environment_loop(self):
        # rl_environment.Environment's reset()/step() over a game object:
        # every player's observation_tensor and legal_actions at every
        # step, rewards() after each step, StepType.LAST at the end.
        for rules in mancala.RULES:
            game = spiel.load_game(rules, {"match": rules != "modiar"})
            environment = Environment(game)
            time_step = environment.reset()
            rng = random.Random(7)
            total = [0.0, 0.0]
            steps = 0
            while not time_step["last"]:
                player = time_step["observations"]["current_player"]
                self.assertIn(player, (0, 1))
                self.assertEqual(time_step["observations"]["legal_actions"][1 - player], [])
                for info_state in time_step["observations"]["info_state"]:
                    self.assertEqual(len(info_state), game.observation_tensor_size())
                action = rng.choice(time_step["observations"]["legal_actions"][player])
                time_step = environment.step([action])
                total = [t + r for t, r in zip(total, time_step["rewards"])]
                steps += 1
            state = environment.state
            self.assertEqual(time_step["observations"]["current_player"], spiel.TERMINAL)
            self.assertEqual(total, state.returns())
            self.assertIn(total, ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]))
            self.assertEqual(steps, len(state.history()))


class Environment:
    """The loop of OpenSpiel's rl_environment.Environment for a
    sequential game (its TimeStep as a dict)."""

    def __init__(self, game):
        self.game = game
        self.state = None
        self.use_observation = not game.get_type().provides_information_state_tensor

    def observations(self):
        state = self.state
        players = range(self.game.num_players())
        return {"info_state": [state.observation_tensor(p) if self.use_observation
                               else state.information_state_tensor(p) for p in players],
                "legal_actions": [state.legal_actions(p) for p in players],
                "current_player": state.current_player()}

    def reset(self):
        self.state = self.game.new_initial_state()
        return {"observations": self.observations(), "rewards": None, "last": False}

    def step(self, actions):
        assert not self.state.is_chance_node() and not self.state.is_simultaneous_node()
        self.state.apply_action(actions[0])
        return {"observations": self.observations(), "rewards": self.state.rewards(),
                "last": self.state.is_terminal()}


if __name__ == "__main__":
    unittest.main()

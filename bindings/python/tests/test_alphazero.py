# SPDX-License-Identifier: MIT
"""examples/python/alphazero_modiar.py, AlphaZero-style self-play through
BatchMCTS: a smoke run of a few seconds gives a scored result (not a
strong one), its curve file is new and never overwritten, and a signal
stops it with the network measured (skipped without PyTorch); the
search with the table's values in place of the network's."""

import importlib.util
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

from test_engine import ModiarTable

SCRIPT = Path(__file__).resolve().parents[3] / "examples" / "python" / "alphazero_modiar.py"
ROW = r"\| {} \| \d+\.\d % \| \d+\.\d % \| \d\.\d{{3}} \| \d+\.\d\d \|"


@unittest.skipUnless(importlib.util.find_spec("torch") and importlib.util.find_spec("numpy"),
                     "needs PyTorch and numpy")
class Smoke(ModiarTable, unittest.TestCase):
    def run_script(self, *args, **kwargs):
        return subprocess.run([sys.executable, str(SCRIPT), "train", "--table", self.table_path,
                               "--quick", *args], text=True, capture_output=True,
                              env=os.environ, timeout=300, **kwargs)

    def test_quick_run_is_scored(self):
        with tempfile.TemporaryDirectory() as directory:
            curve = os.path.join(directory, "curve.csv")
            run = self.run_script("--minutes", "0.05", "--every", "0.025", "--curve", curve)
            self.assertEqual(run.returncode, 0, run.stderr)
            lines = run.stdout.splitlines()
            self.assertRegex(lines[0], r"\Atrained: \d+ s of CPU \(\d+ s more measuring\), ")
            self.assertEqual(lines[1], "200 positions; search: 8 simulations, c_puct 0.5, "
                                       "games over valued by stones")
            self.assertRegex(lines[4], ROW.format("network, greedy"))
            self.assertRegex(lines[5], ROW.format("network \\+ search"))
            self.assertEqual(len(lines), 6)
            points = Path(curve).read_text().splitlines()
            self.assertTrue(points[0].startswith("cpu_minutes,positions,games,greedy_best,"))
            self.assertGreaterEqual(len(points), 3)   # at 0, 0.025 and 0.05 minutes
            self.assertEqual(points[1].split(",")[:3], ["0.00", "0", "0"])

            # An existing file is refused before any training, untouched.
            before = Path(curve).read_bytes()
            again = self.run_script("--minutes", "0.05", "--curve", curve)
            self.assertEqual((again.returncode, again.stdout), (2, ""))
            self.assertIn("File exists", again.stderr)
            self.assertEqual(Path(curve).read_bytes(), before)

    def test_saved_network_scored_again(self):
        # `score` loads the saved network: with the training's search
        # settings it gives the training's rows exactly; with others, its
        # own header; a file that is no network is refused in one line.
        with tempfile.TemporaryDirectory() as directory:
            net = os.path.join(directory, "net.pt")
            run = self.run_script("--minutes", "0.02", "--save", net)
            self.assertEqual(run.returncode, 0, run.stderr)

            def score(*args):
                return subprocess.run([sys.executable, str(SCRIPT), "score", "--table",
                                       self.table_path, "--load", net, "--quick", *args],
                                      text=True, capture_output=True, env=os.environ,
                                      timeout=300)
            again = score("--simulations", "8")
            self.assertEqual((again.returncode, again.stderr), (0, ""))
            self.assertEqual(again.stdout.splitlines(), run.stdout.splitlines()[1:])
            other = score("--simulations", "16", "--c-puct", "0.3")
            self.assertEqual(other.returncode, 0, other.stderr)
            lines = other.stdout.splitlines()
            self.assertEqual(lines[0], "200 positions; search: 16 simulations, c_puct 0.3, "
                                       "games over valued by stones")
            self.assertEqual(lines[3], run.stdout.splitlines()[4])   # the same greedy moves
            self.assertRegex(lines[4], ROW.format("network \\+ search"))

            Path(net).write_bytes(b"not a network")
            bad = score()
            self.assertEqual((bad.returncode, bad.stdout), (2, ""))
            self.assertEqual(len(bad.stderr.splitlines()), 2, bad.stderr)   # usage, error

    def assert_train_refuses(self, cases):
        # Each (options, error): one line, exit status 2, before anything
        # is trained or written (no curve file).
        with tempfile.TemporaryDirectory() as directory:
            curve = os.path.join(directory, "curve.csv")
            for args, error in cases:
                run = subprocess.run([sys.executable, str(SCRIPT), "train", "--table",
                                      self.table_path, "--minutes", "0.05", "--curve", curve,
                                      *args], text=True, capture_output=True, env=os.environ,
                                     timeout=300)
                self.assertEqual((run.returncode, run.stdout), (2, ""), run.stderr)
                self.assertEqual(run.stderr.splitlines()[1:], ["alphazero_modiar.py: error: "
                                                               + error])
            self.assertEqual(os.listdir(directory), [])

    def test_bad_search_refused_before_any_file(self):
        # The numbers of the search scored.
        self.assert_train_refuses((
            (("--eval-simulations", "0"), "--eval-simulations 0, --c-puct 0.5: "
             "max_simulations must be from 1 to 100000, not 0"),
            (("--c-puct", "nan"), "--eval-simulations 100, --c-puct nan: "
             "c_puct must be above 0 and at most 1000000.0, not nan")))

    def test_bad_self_play_refused_before_any_file(self):
        # The self-play settings: the search's and the network's.
        self.assert_train_refuses((
            (("--simulations", "0"), "--games 256, --simulations 0, --alpha 1.0: "
             "max_simulations must be from 1 to 100000, not 0"),
            (("--games", "70000"), "--games 70000, --simulations 50, --alpha 1.0: "
             "num_games must be from 1 to 65536, not 70000"),
            (("--alpha", "nan"), "--games 256, --simulations 50, --alpha nan: "
             "dirichlet_alpha must be from 0 and at most 1000.0, not nan"),
            (("--openings", "-1"), "--openings -1: 0 or more"),
            (("--rate", "nan"), "--rate nan: more than 0"),
            (("--explore", "2"), "--explore 2.0: from 0 to 1")))

    def test_stopped_by_a_signal(self):
        with tempfile.TemporaryDirectory() as directory:
            child = subprocess.Popen(
                [sys.executable, str(SCRIPT), "train", "--table", self.table_path, "--quick",
                 "--minutes", "10", "--every", "0.01", "--save",
                 os.path.join(directory, "net.pt")],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ)
            try:
                first = child.stderr.readline()   # the untrained network's point
                self.assertRegex(first, r"\A +0\.00 min CPU")
                child.stderr.readline()           # a point after some training
                sent = time.monotonic()
                child.send_signal(signal.SIGTERM)
                out, err = child.communicate(timeout=60)
                seconds = time.monotonic() - sent
            finally:
                child.kill()
                child.wait()
            self.assertEqual(child.returncode, 1, err)
            self.assertLess(seconds, 5.0)   # the step under way, then 200 positions scored
            self.assertIn("alphazero_modiar.py: stopped by SIGTERM; the network as it stands "
                          "is saved and measured\n", err)
            self.assertRegex(out, ROW.format("network \\+ search"))
            self.assertGreater(os.path.getsize(os.path.join(directory, "net.pt")), 10000)


@unittest.skipUnless(importlib.util.find_spec("matplotlib") and importlib.util.find_spec("numpy"),
                     "needs matplotlib and numpy")
class Plot(unittest.TestCase):
    def test_curve_drawn(self):
        with tempfile.TemporaryDirectory() as directory:
            curve = Path(directory, "curve.csv")
            curve.write_text("cpu_minutes,positions,games,greedy_best,greedy_optimal,"
                             "greedy_value_error,mcts_best,mcts_optimal,mcts_value_error\n"
                             "0.00,0,0,0.378,0.39,0.3,0.655,0.67,0.4\n"
                             "1.50,396173,25563,0.694,0.712,0.156,0.819,0.841,0.342\n")
            png = Path(directory, "curve.png")
            run = subprocess.run([sys.executable, str(SCRIPT), "plot", str(curve), "-o", str(png)],
                                 text=True, capture_output=True, env=os.environ, timeout=120)
            self.assertEqual((run.returncode, run.stdout, run.stderr), (0, "", ""))
            picture = png.read_bytes()
            self.assertEqual(picture[:8], b"\x89PNG\r\n\x1a\n")
            self.assertEqual(picture[16:24], (512).to_bytes(4, "big") + (320).to_bytes(4, "big"))


@unittest.skipUnless(importlib.util.find_spec("numpy"), "needs numpy")
class TableSearch(ModiarTable, unittest.TestCase):
    def test_quick(self):
        # The search with the table's values instead of a network's, on
        # every 50th position: deterministic, so the figures are exact.
        # Games over valued by their stones (the default) or their result.
        for terminal, row in (("stones", "| table's values + search | 87.5 % | 89.0 % | 0.078 | "
                               "3.26 |"),
                              ("result", "| table's values + search | 84.5 % | 86.0 % | 0.127 | "
                               "5.35 |")):
            run = subprocess.run([sys.executable, str(SCRIPT), "table-search", "--table",
                                  self.table_path, "--quick", "--terminal", terminal], text=True,
                                 capture_output=True, env=os.environ, timeout=300)
            self.assertEqual((run.returncode, run.stderr), (0, ""))
            self.assertEqual(run.stdout.splitlines()[0::3], [
                "200 positions; search: 8 simulations, c_puct 0.5, games over valued by "
                + terminal, row])


    def test_bad_search_refused(self):
        # Numbers the search refuses are bad options, as in `score`: one
        # line after the usage, exit status 2, not a traceback.
        for args, error in ((("--simulations", "0"), "--simulations 0, --c-puct 0.5: "
                             "max_simulations must be from 1 to 100000, not 0"),
                            (("--c-puct", "0"), "--simulations 100, --c-puct 0.0: "
                             "c_puct must be above 0 and at most 1000000.0, not 0.0"),
                            (("--c-puct", "-1"), "--simulations 100, --c-puct -1.0: "
                             "c_puct must be above 0 and at most 1000000.0, not -1.0"),
                            (("--c-puct", "nan"), "--simulations 100, --c-puct nan: "
                             "c_puct must be above 0 and at most 1000000.0, not nan")):
            run = subprocess.run([sys.executable, str(SCRIPT), "table-search", "--table",
                                  self.table_path, *args], text=True, capture_output=True,
                                 env=os.environ, timeout=300)
            self.assertEqual((run.returncode, run.stdout), (2, ""))
            self.assertEqual(run.stderr.splitlines()[1:], ["alphazero_modiar.py: error: " + error])


if __name__ == "__main__":
    unittest.main()

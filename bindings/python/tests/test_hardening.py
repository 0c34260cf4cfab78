# SPDX-License-Identifier: MIT
"""Hostile use of the binding: handles closed while a call uses them (from
a callback, from another thread), a searcher re-entered from its own
evaluation, integers that ctypes would silently cut, arguments of the
wrong type, and text that is not valid Unicode."""

import os
import tempfile
import threading
import time
import unittest

import mancala
from mancala import Game, Searcher, Table

START = "modiar/7,7,7,7,7,7/S/0,0/0"


class ClosingHandlesInUse(unittest.TestCase):
    """Closing a Searcher, Table or Game from inside an evaluate callback
    freed memory the search was still reading (ASan: heap-use-after-free
    in negamax and in read_position). Now close() raises Busy and the
    object stays usable."""

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory()
        cls.table_path = os.path.join(cls.directory.name, "rk4.table")
        mancala.solve_rio_kadalis(cls.table_path, 4)

    @classmethod
    def tearDownClass(cls):
        cls.directory.cleanup()

    def close_from_evaluate(self, target, searcher, game, table=None):
        seen = []

        def evaluate(view):
            if not seen:
                try:
                    target.close()
                except mancala.Busy as error:
                    seen.append(error)
            return view.evaluate()

        result = searcher.run(game, 3, evaluate=evaluate, table=table)
        self.assertEqual(len(seen), 1)
        self.assertEqual(seen[0].status, -24)
        self.assertIn("in use by a call that has not returned", str(seen[0]))
        self.assertEqual(result.depth, 3)
        self.assertFalse(target._handle is None)   # still open

    def test_searcher_closed_from_its_evaluate(self):
        with Searcher(1 << 16) as searcher:
            game = Game()
            self.close_from_evaluate(searcher, searcher, game)
            self.assertEqual(searcher.run(game, 2).depth, 2)   # still usable

    def test_game_closed_from_evaluate(self):
        with Searcher(1 << 16) as searcher:
            game = Game()
            self.close_from_evaluate(game, searcher, game)
            self.assertEqual(str(game), START)

    def test_table_closed_from_evaluate(self):
        with Searcher(1 << 16) as searcher, Table(self.table_path) as table:
            game = Game.parse("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,0/S/22,22/30/0,0")
            # A table answers only for few stones: evaluate still runs at
            # positions it does not cover.
            game5 = Game("rio-kadalis")
            self.close_from_evaluate(table, searcher, game5, table)
            self.assertIsInstance(table.value(game), mancala.TableValue)   # still open
        table.close()   # after the call: allowed

    def test_closed_after_the_call(self):
        searcher, game = Searcher(1 << 16), Game()
        searcher.run(game, 2)
        searcher.close()
        game.close()
        with self.assertRaises(ValueError):
            searcher.run(Game(), 2)
        with self.assertRaises(ValueError):
            game.pits

    def test_closed_from_another_thread(self):
        """Another thread closing the object while a call runs (ctypes lets
        go of the GIL during C calls) is refused the same way."""
        searcher, game = Searcher(1 << 16), Game()
        inside, release = threading.Event(), threading.Event()

        def evaluate(view):
            inside.set()
            release.wait(10)
            return 0

        worker = threading.Thread(target=lambda: searcher.run(game, 1, evaluate=evaluate))
        worker.start()
        try:
            self.assertTrue(inside.wait(10))
            for target in (searcher, game):
                with self.assertRaises(mancala.Busy):
                    target.close()
        finally:
            release.set()
            worker.join()
        searcher.close()
        game.close()

    def test_readers_and_a_closer(self):
        """One thread reads pits while another tries to close the game:
        each read either completes with the right stones or finds the game
        closed (ValueError); each close either succeeds or raises Busy."""
        for _ in range(10):
            game = Game("rio-kadalis")
            outcomes = []

            def read():
                for _ in range(300):
                    try:
                        outcomes.append(sum(game.pits))
                    except ValueError:   # closed
                        return

            reader = threading.Thread(target=read)
            reader.start()
            refused = 0
            while True:
                try:
                    game.close()
                    break
                except mancala.Busy:
                    refused += 1
                    time.sleep(0.0001)
            reader.join()
            self.assertEqual(set(outcomes) | {48}, {48})   # never freed memory


class ReEntry(unittest.TestCase):
    """Running a searcher again from its own evaluate silently gave a wrong
    result (asked for depth 5, it came back at depth 2)."""

    def test_search_again_from_evaluate(self):
        searcher, game = Searcher(1 << 16), Game()
        errors = []

        def evaluate(view):
            if not errors:
                try:
                    searcher.run(game, 2)
                except mancala.Busy as error:
                    errors.append(error)
            return view.evaluate()

        result = searcher.run(game, 5, evaluate=evaluate)
        self.assertEqual(len(errors), 1)
        self.assertEqual(result.depth, 5)
        self.assertEqual(result, searcher.run(game, 5))
        # Another searcher may be used for a nested search.
        with Searcher(1 << 16) as other:
            nested = searcher.run(game, 3, evaluate=lambda view: other.run(view, 1).score)
        self.assertEqual(nested.depth, 3)


class Integers(unittest.TestCase):
    """ctypes cut big integers to the C type: depth=2**64+3 searched depth
    3, time_ms=2**64+1 one millisecond, mcts(2**64+1) one playout,
    solve_rio_kadalis(p, 2**32+2) two stones."""

    def test_search_limits(self):
        game = Game()
        for kwargs in ({"depth": 2**64 + 3}, {"depth": 2**63}, {"nodes": 2**64 + 1},
                       {"time_ms": 2**64 + 1}, {"depth": 3, "time_ms": -2**64}):
            with self.subTest(kwargs), self.assertRaises(OverflowError):
                game.search(**kwargs)
        for kwargs in ({"depth": 0}, {"nodes": -1}, {"time_ms": -1}):
            with self.subTest(kwargs), self.assertRaises(mancala.OptionError):
                game.search(**kwargs)
        for kwargs in ({"depth": 2.0}, {"nodes": "1"}, {"depth": True}):
            with self.subTest(kwargs), self.assertRaises(TypeError):
                game.search(**kwargs)
        # The largest values are accepted, and limit nothing.
        result = game.search(depth=3, nodes=2**63 - 1, time_ms=2**63 - 1)
        self.assertEqual(result.depth, 3)
        end = Game.parse("modiar/0,0,4,2,0,0/S/18,18/40")   # proven within 128 plies
        self.assertTrue(end.search(depth=2**63 - 1, table_bytes=1 << 16).exact)
        with self.assertRaises(OverflowError):
            Searcher(2**64)
        with self.assertRaises(OverflowError):
            Searcher(-1)

    def test_mcts(self):
        game = Game()
        with self.assertRaises(OverflowError):
            game.mcts(2**64 + 1)
        with self.assertRaises(mancala.InvalidArgument) as caught:
            game.mcts(0)
        self.assertEqual(str(caught.exception),
                         "playouts must be from 1 to 9223372036854775807, not 0")
        with self.assertRaises(TypeError):
            game.mcts(10.0)
        # A single legal move: any budget, answered at once.
        self.assertEqual(Game.parse("modiar/0,1,2,13,13,13/S/0,0/2").mcts(2**63 - 1), 2)

    def test_solver(self):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "t")
            with self.assertRaises(OverflowError):
                mancala.solve_rio_kadalis(path, 2**32 + 2)
            with self.assertRaises(mancala.InvalidArgument):
                mancala.solve_rio_kadalis(path, 17)
            with self.assertRaises(TypeError):
                mancala.solve_rio_kadalis(path, True)
            self.assertFalse(os.path.exists(path))

    def test_pits(self):
        game = Game()
        with self.assertRaises(TypeError):
            game.play(True)   # played pit 1
        with self.assertRaises(TypeError):
            game.play(False)
        with self.assertRaises(mancala.PitOutOfRange):
            game.play(2**32)
        self.assertEqual(game.history, ())

    def test_seed(self):
        with self.assertRaises(TypeError):
            Game().playout(seed=1.5)
        self.assertEqual(Game().playout(seed=2**64 + 5), Game().playout(seed=5))


class Types(unittest.TestCase):
    def test_repetition(self):
        for bad in ("no", None, 2, 1.0):
            with self.subTest(bad):
                with self.assertRaises(TypeError):
                    Game(repetition=bad)
                with self.assertRaises(TypeError):
                    Game.parse(START, repetition=bad)
        game = Game()
        with self.assertRaises(TypeError):
            game.repetition = "no"
        self.assertTrue(game.repetition)
        self.assertFalse(Game(repetition=False).repetition)
        self.assertFalse(Game(repetition=0).repetition)

    def test_game_arguments(self):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "t")
            mancala.solve_rio_kadalis(path, 2)
            with Table(path) as table:
                for bad in (None, START, 3):
                    with self.subTest(bad):
                        with self.assertRaises(TypeError):
                            table.value(bad)
                        with self.assertRaises(TypeError):
                            table.best_moves(bad)
        for call in (lambda: mancala.mcts(None), lambda: mancala.playout(START),
                     lambda: Searcher(1 << 16).run(None, 2),
                     lambda: Game().search(depth=1, table="modiar.table")):
            with self.assertRaises(TypeError):
                call()


class Text(unittest.TestCase):
    def test_reason_cut_inside_a_character(self):
        # The C reason was cut inside a UTF-8 character: UnicodeDecodeError.
        with self.assertRaises(mancala.ParseError) as caught:
            Game.parse("\u00e9" * 300)
        self.assertTrue(caught.exception.detail.startswith("RULES: unknown rules '???"))
        self.assertTrue(caught.exception.detail.isascii())

    def test_long_input_is_shortened(self):
        # The whole input was echoed in the message.
        with self.assertRaises(mancala.ParseError) as caught:
            Game.parse("modiar/" + "7," * 50000)
        self.assertLess(len(str(caught.exception)), 300)
        self.assertIn("... (100007 characters)", str(caught.exception))
        self.assertEqual(len(caught.exception.position), 100007)   # kept whole
        with self.assertRaises(mancala.UnknownRules) as caught:
            Game("x" * 100000)
        self.assertLess(len(str(caught.exception)), 300)

    def test_lone_surrogate(self):
        with self.assertRaises(mancala.ParseError) as caught:
            Game.parse("\ud800")
        self.assertIn("not valid Unicode text", caught.exception.detail)
        # As a rules name it is an unknown rules name.
        with self.assertRaises(mancala.UnknownRules):
            Game("\ud800")


if __name__ == "__main__":
    unittest.main()

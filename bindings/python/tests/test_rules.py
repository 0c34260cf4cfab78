# SPDX-License-Identifier: MIT
"""Every worked example of doc/RULES.md, played through the binding."""

import unittest

import mancala
from mancala import End, Player

# (name, position, legal moves, move or None, position after or None)
EXAMPLES = [
    ("M1", "modiar/7,7,7,7,7,7/S/0,0/0", (0, 1, 2), 0, "modiar/2,8,8,8,8,8/N/0,0/1"),
    ("M2", "modiar/7,7,7,7,7,7/S/0,0/1", (0, 1, 2), 0, "modiar/0,8,8,8,8,8/N/2,0/2"),
    ("M3", "modiar/12,2,11,11,2,4/S/0,0/4", (0, 1, 2), 0, "modiar/2,4,13,13,0,0/N/10,0/5"),
    ("M4", "modiar/0,3,1,1,2,5/S/10,20/9", (1,), 1, "modiar/0,1,0,0,2,5/N/14,20/10"),
    ("M5", "modiar/0,0,0,2,4,10/N/18,8/19", (4,), 4, "modiar/1,1,0,2,1,11/S/18,8/20"),
    ("M6", "modiar/0,0,0,2,1,1/N/12,26/27", (3,), 3, "modiar/0,0,0,1,0,1/S/12,28/28"),
    ("M7", "modiar/1,1,0,0,0,1/S/20,19/30", (), None, None),
    ("R1", "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", (0, 1, 2, 3, 4, 5), 0,
     "rio-kadalis/2,7,1,6,1,6,6,6,0,1,6,6/N/0,0/1/0,0"),
    ("R2", "rio-kadalis-cw/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", (0, 1, 2, 3, 4, 5), 0,
     "rio-kadalis-cw/2,6,6,1,0,6,6,6,1,6,1,7/N/0,0/1/0,0"),
    ("R3", "rio-kadalis/0,0,0,0,0,3,3,0,0,0,0,2/S/20,20/30/0,0", (5,), 5,
     "rio-kadalis/0,0,0,0,0,0,0,1,1,0,0,2/N/20,24/31/0,0"),
    ("R4", "rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0", (5,), 5,
     "rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,4/N/24,20/31/0,0"),
    ("R5", "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", (7, 9, 11), None, None),
    ("R6", "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", (2, 3, 4), 2,
     "rio-kadalis-5/x,x,0,0,9,9,1,1,8,0/N/4,0/1/2,6"),
]


class WorkedExamples(unittest.TestCase):
    def test_examples(self):
        for name, position, legal, move, after in EXAMPLES:
            with self.subTest(name), mancala.Game.parse(position) as game:
                self.assertEqual(str(game), position)
                self.assertEqual(game.legal_moves, legal)
                if move is not None:
                    game.play(move)
                    self.assertEqual(str(game), after)
                    self.assertEqual(game.undo(), move)
                    self.assertEqual(str(game), position)

    def test_m1_forfeits_the_first_capture(self):
        game = mancala.Game("modiar")
        game.play(0)
        events = game.last_move_events()
        self.assertEqual(events[0], mancala.MoveEvent(mancala.EventKind.LAP, 0, 7, Player.SOUTH))
        self.assertEqual(events[-1],
                         mancala.MoveEvent(mancala.EventKind.FORFEIT, 0, 2, Player.SOUTH))
        self.assertEqual(game.captured, (0, 0))

    def test_m3_capture_chain(self):
        game = mancala.Game.parse("modiar/12,2,11,11,2,4/S/0,0/4")
        game.play(0)
        captures = [(e.pit, e.stones, e.player) for e in game.last_move_events()
                    if e.kind == mancala.EventKind.CAPTURE]
        self.assertEqual(captures, [(5, 6, Player.SOUTH), (4, 4, Player.SOUTH)])

    def test_m5_grand_slam_and_feeding(self):
        game = mancala.Game.parse("modiar/0,0,0,2,4,10/N/18,8/19")
        with self.assertRaises(mancala.GrandSlam):
            game.play(5)
        with self.assertRaises(mancala.MustFeed):
            game.play(3)
        game.play(4)
        self.assertTrue(game.over)
        self.assertEqual(game.end_reason, End.NO_MOVES)
        self.assertEqual(game.scores, (20, 22))
        self.assertEqual(game.winner, Player.NORTH)

    def test_m6_no_move_feeds(self):
        game = mancala.Game.parse("modiar/0,0,0,2,1,1/N/12,26/27")
        game.play(3)
        self.assertTrue(game.over)
        self.assertEqual(game.scores, (12, 30))

    def test_m7_over_at_once(self):
        game = mancala.Game.parse("modiar/1,1,0,0,0,1/S/20,19/30")
        self.assertTrue(game.over)
        self.assertEqual(game.scores, (22, 20))
        self.assertEqual(game.winner, Player.SOUTH)
        self.assertEqual(game.match_winner, Player.SOUTH)
        with self.assertRaises(mancala.GameOver):
            game.play(0)

    def test_r3_r4_fours_go_to_the_row_owner_binikh_to_the_mover(self):
        game = mancala.Game.parse("rio-kadalis/0,0,0,0,0,3,3,0,0,0,0,2/S/20,20/30/0,0")
        game.play(5)
        captures = [e for e in game.last_move_events() if e.kind == mancala.EventKind.CAPTURE]
        self.assertEqual([(e.pit, e.stones, e.player) for e in captures],
                         [(6, 4, Player.NORTH)])
        game = mancala.Game.parse("rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0")
        game.play(5)
        last = game.last_move_events()[-1]
        self.assertEqual(last, mancala.MoveEvent(mancala.EventKind.BINIKH, 6, 4, Player.SOUTH))

    def test_r5_endless_move(self):
        game = mancala.Game.parse("rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0")
        with self.assertRaises(mancala.EndlessMove) as caught:
            game.play(6)
        self.assertEqual(caught.exception.pit, 6)
        self.assertEqual(caught.exception.status, -19)
        self.assertEqual(str(game), "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0")

    def test_r6_closed_pits(self):
        game = mancala.Game.parse("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6")
        self.assertEqual(game.closed_pits, (0, 1))
        self.assertEqual(game.banks, (2, 6))
        self.assertEqual(game.pits, (0, 0, 4, 4, 4, 4, 4, 4, 4, 4))
        with self.assertRaises(mancala.ClosedPit):
            game.play(0)

    def test_r7_repetition_and_next_round(self):
        game = mancala.Game.parse("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0")
        game.play_moves([0, 7, 4, 11, 0, 8, 2, 6, 4, 10])
        self.assertEqual(str(game), "rio-kadalis/1,1,0,0,0,1,0,0,1,0,0,0/S/24,20/66/0,0")
        self.assertTrue(game.over)
        self.assertEqual(game.end_reason, End.REPETITION)
        self.assertEqual(game.scores, (27, 21))
        self.assertFalse(game.match_over)
        with self.assertRaises(mancala.NotOver):
            game.match_winner
        game.next_round()
        self.assertEqual(str(game), "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1")
        self.assertEqual(game.round, 2)
        self.assertEqual(game.closed_pits, (6,))
        with self.assertRaises(mancala.NoHistory):
            game.undo()

    def test_r7_without_repetition_goes_on(self):
        game = mancala.Game.parse("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0",
                                  repetition=False)
        game.play_moves([0, 7, 4, 11, 0, 8, 2, 6, 4, 10])
        self.assertFalse(game.over)
        self.assertEqual(game.end_reason, End.NONE)

    def test_match_rules_example_north_moved_first(self):
        game = mancala.Game.parse("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/S/30,18/5/0,0")
        self.assertTrue(game.over)
        game.next_round()
        self.assertEqual(str(game), "rio-kadalis/4,4,4,4,4,4,x,x,4,4,4,4/S/0,0/0/6,2")

    def test_match_over(self):
        game = mancala.Game.parse("rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/N/45,3/9/0,0")
        self.assertTrue(game.match_over)
        self.assertEqual(game.match_winner, Player.SOUTH)
        with self.assertRaises(mancala.MatchOver):
            game.next_round()

    def test_start_positions(self):
        expected = {
            "modiar": "modiar/7,7,7,7,7,7/S/0,0/0",
            "rio-kadalis": "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
            "rio-kadalis-5": "rio-kadalis-5/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
            "rio-kadalis-cw": "rio-kadalis-cw/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
            "rio-kadalis-5-cw": "rio-kadalis-5-cw/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
        }
        self.assertEqual(set(expected), set(mancala.RULES))
        for rules, position in expected.items():
            with self.subTest(rules):
                game = mancala.Game(rules)
                self.assertEqual(str(game), position)
                self.assertEqual(game.rules, rules)
                self.assertEqual(game.num_pits, 6 if rules == "modiar" else
                                 10 if "-5" in rules else 12)
                self.assertEqual(game.to_move, Player.SOUTH)
                self.assertEqual((game.ply, game.round), (0, 1))


if __name__ == "__main__":
    unittest.main()

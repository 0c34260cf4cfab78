# SPDX-License-Identifier: MIT
"""The Game object: construction, reading, moves, undo, history, copies,
options, errors, equality and hash, pickling and the pictures."""

import contextlib
import copy
import gc
import io
import pickle
import random
import unittest
import xml.etree.ElementTree as ET

import mancala
from mancala import Player

SVG = "{http://www.w3.org/2000/svg}"


class Construction(unittest.TestCase):
    def test_unknown_rules(self):
        with self.assertRaises(mancala.UnknownRules) as caught:
            mancala.Game("oware")
        self.assertEqual(caught.exception.status, -3)
        self.assertIn("oware", str(caught.exception))
        self.assertIsInstance(caught.exception, ValueError)
        # The valid names, as the mancala program lists them.
        with self.assertRaises(mancala.UnknownRules) as caught:
            mancala.Game("chess")
        self.assertEqual(str(caught.exception),
                         "unknown rules 'chess' (expected modiar, rio-kadalis, rio-kadalis-5, "
                         "rio-kadalis-cw or rio-kadalis-5-cw)")

    def test_parse_error_carries_the_librarys_reason(self):
        cases = {
            "modiar/7,7,7,7,7/S/0,0/0": "PITS",
            "modiar/7,7,7,7,7,7/W/0,0/0": "SIDE",
            "modiar/7,7,7,7,7,7/S/0,0": "PLY",
            "checkers/7,7,7,7,7,7/S/0,0/0": "RULES",
            "modiar/x,7,7,7,7,14/S/0,0/0": "PITS",
            "": "RULES",
        }
        for text, field in cases.items():
            with self.subTest(text):
                with self.assertRaises(mancala.ParseError) as caught:
                    mancala.Game.parse(text)
                error = caught.exception
                self.assertEqual(error.status, -4)
                self.assertEqual(error.position, text)
                self.assertTrue(error.detail.startswith(field), error.detail)
                self.assertIn(error.detail, str(error))

    def test_parse_rejects_what_c_cannot_take(self):
        with self.assertRaises(TypeError):
            mancala.Game.parse(b"modiar/7,7,7,7,7,7/S/0,0/0")
        with self.assertRaises(mancala.InvalidArgument):
            mancala.Game.parse("modiar/7,7,7,7,7,7/S/0,0/0\0junk")
        with self.assertRaises(mancala.ParseError):
            mancala.Game.parse("modiar/7,7,7,7,7,7/S/0,0/0é")

    def test_repetition_option(self):
        game = mancala.Game("rio-kadalis")
        self.assertTrue(game.repetition)
        game.repetition = False
        self.assertFalse(game.repetition)
        game.play(0)
        with self.assertRaises(mancala.StateError):
            game.repetition = True
        self.assertFalse(game.repetition)
        self.assertFalse(game.copy().repetition)
        self.assertFalse(mancala.Game("modiar", repetition=False).repetition)


class Reading(unittest.TestCase):
    def test_accessors(self):
        game = mancala.Game.parse("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6")
        game.play(2)
        self.assertEqual(game.pits, (0, 0, 0, 0, 9, 9, 1, 1, 8, 0))
        self.assertEqual(game.captured, (4, 0))
        self.assertEqual(game.banks, (2, 6))
        self.assertEqual(game.scores, (6, 6))
        self.assertEqual(game.to_move, Player.NORTH)
        self.assertEqual(game.to_move.opponent, Player.SOUTH)
        self.assertEqual(game.ply, 1)
        self.assertEqual(game.legal_moves, (5, 6, 7, 8))   # singletons move
        self.assertFalse(game.over)
        self.assertEqual(game.end_reason, mancala.End.NONE)
        with self.assertRaises(mancala.NotOver):
            game.winner

    def test_position_property_is_str(self):
        game = mancala.Game("modiar")
        self.assertEqual(game.position, str(game))


class PlayersPrintAsNames(unittest.TestCase):
    def test_winner(self):
        game = mancala.Game.parse("modiar/0,0,0,2,1,1/N/12,26/27")
        game.play(3)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            print(game.winner)
        self.assertEqual(out.getvalue(), "North\n")
        self.assertEqual(f"{game.winner}, {game.to_move}", "North, South")
        # Still the numbers of the C API.
        self.assertEqual(game.winner, 1)
        self.assertEqual("%d %s" % (game.winner, game.winner), "1 North")
        self.assertEqual(f"{game.winner:d}", "1")
        self.assertEqual(repr(Player.SOUTH), "<Player.SOUTH: 0>")

    def test_reasons(self):
        game = mancala.Game.parse("modiar/0,0,0,2,1,1/N/12,26/27")
        game.play(3)
        self.assertEqual(f"{game.end_reason} {game.match_end_reason}", "no-moves game")
        self.assertEqual(game.end_reason, 1)
        self.assertEqual(str(mancala.MatchEnd.REPETITION), "repetition")
        self.assertEqual(f"{mancala.EventKind.BINIKH:d} {mancala.EventKind.BINIKH}", "4 binikh")


class Moves(unittest.TestCase):
    def test_refusals_map_to_exceptions_and_change_nothing(self):
        cases = [
            ("modiar/7,7,7,7,7,7/S/0,0/0", 3, mancala.NotYourPit),
            ("modiar/7,7,7,7,7,7/S/0,0/0", 6, mancala.PitOutOfRange),
            ("modiar/7,7,7,7,7,7/S/0,0/0", -1, mancala.PitOutOfRange),
            ("modiar/7,7,7,7,7,7/S/0,0/0", 2**40, mancala.PitOutOfRange),
            ("modiar/0,1,12,7,7,7/S/4,4/8", 0, mancala.EmptyPit),
            ("modiar/0,1,12,7,7,7/S/4,4/8", 1, mancala.Singleton),
            ("modiar/0,0,0,2,4,10/N/18,8/19", 5, mancala.GrandSlam),
            ("modiar/0,0,0,2,4,10/N/18,8/19", 3, mancala.MustFeed),
            ("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", 1, mancala.ClosedPit),
            ("rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", 6, mancala.EndlessMove),
        ]
        for position, pit, exception in cases:
            with self.subTest(position=position, pit=pit):
                game = mancala.Game.parse(position)
                with self.assertRaises(exception) as caught:
                    game.play(pit)
                self.assertIsInstance(caught.exception, mancala.IllegalMove)
                self.assertIsInstance(caught.exception, mancala.MancalaError)
                self.assertEqual(caught.exception.pit, pit)
                self.assertIn(f"pit {pit}", str(caught.exception))
                self.assertEqual(str(game), position)
                self.assertEqual(game.history, ())

    def test_out_of_range_is_an_index_error(self):
        with self.assertRaises(IndexError):
            mancala.Game().play(6)

    def test_play_takes_only_integers(self):
        game = mancala.Game()
        with self.assertRaises(TypeError):
            game.play("0")
        with self.assertRaises(TypeError):
            game.play(1.0)
        with self.assertRaises(TypeError):
            game.play(True)   # a bool is no pit (it used to play pit 1)
        self.assertEqual(game.history, ())

    def test_game_over(self):
        game = mancala.Game.parse("modiar/0,0,0,2,1,1/N/12,26/27")
        game.play(3)
        with self.assertRaises(mancala.GameOver) as caught:
            game.play(0)
        self.assertEqual(caught.exception.status, -7)
        self.assertEqual(game.legal_moves, ())

    def test_undo_and_history(self):
        game = mancala.Game("rio-kadalis")
        with self.assertRaises(mancala.NoHistory):
            game.undo()
        with self.assertRaises(mancala.NoHistory):
            game.last_move_events()
        positions = [str(game)]
        for _ in range(6):
            game.play(game.legal_moves[0])
            positions.append(str(game))
        self.assertEqual(game.history_length, 6)
        moves = game.history
        self.assertEqual(len(moves), 6)
        self.assertEqual(game.start_position, positions[0])
        for i in range(6):
            self.assertEqual(game.undo(), moves[-1 - i])
            self.assertEqual(str(game), positions[-2 - i])
        self.assertEqual(game.history, ())

    def test_play_moves_stops_at_the_first_illegal(self):
        game = mancala.Game("modiar")
        with self.assertRaises(mancala.NotYourPit):
            game.play_moves([0, 3, 4])
        self.assertEqual(game.history, (0, 3))

    def test_events_of_a_relay_move(self):
        game = mancala.Game("rio-kadalis")
        game.play(0)
        events = game.last_move_events()
        laps = [e for e in events if e.kind == mancala.EventKind.LAP]
        self.assertEqual(len(laps), 5)   # RULES.md R1: five relay laps
        self.assertEqual(laps[0], (mancala.EventKind.LAP, 0, 4, Player.SOUTH))
        sown = [e for e in events if e.kind == mancala.EventKind.SOW]
        self.assertEqual(len(sown), sum(lap.stones for lap in laps))
        self.assertEqual(sown[0].pit, 1)

    def test_describe_last_move(self):
        # The library's words, as the mancala program prints them.
        game = mancala.Game("rio-kadalis")
        with self.assertRaises(mancala.NoHistory):
            game.describe_last_move()
        game.play(0)
        self.assertEqual(game.describe_last_move(), "South plays 0: 5 laps (relays from 4 9 2 8), "
                         "26 stones sown, the last into pit 2.")
        game = mancala.Game.parse("modiar/0,3,1,1,2,5/S/10,20/9")
        game.play(1)
        self.assertEqual(game.describe_last_move(),
                         "South plays 1: 1 lap, 3 stones sown, the last into pit 3.\n"
                         "  South captures 2 from pit 3.\n"
                         "  South captures 2 from pit 2.")

    def test_result_says_draw_as_javascript_does(self):
        game = mancala.Game.parse("rio-kadalis/3,0,0,1,3,1,0,0,0,0,0,0/S/16,24/12/0,0")
        self.assertIsNone(game.result)
        self.assertIsNone(game.match_result)
        game.play(3)   # binikh, and North has no move: 24 to 24
        self.assertIsNone(game.winner)
        self.assertIs(game.result, mancala.Result.DRAW)
        self.assertEqual(game.result, 2)
        self.assertIs(mancala.DRAW, mancala.Result.DRAW)
        self.assertEqual(str(game.result), "Draw")
        self.assertIsNone(game.match_result)   # the match goes on
        game = mancala.Game.parse("modiar/0,0,0,2,4,10/N/18,8/19")
        game.play(4)
        self.assertIs(game.result, mancala.Result.NORTH)
        self.assertEqual(game.result, game.winner)
        self.assertIs(game.match_result, mancala.Result.NORTH)

    def test_copy_is_independent(self):
        game = mancala.Game("modiar")
        game.play(0)
        for twin in (game.copy(), copy.copy(game), copy.deepcopy(game)):
            twin.play(3)
            self.assertEqual(str(game), "modiar/2,8,8,8,8,8/N/0,0/1")
            self.assertEqual(twin.history, (0, 3))
            self.assertEqual(twin.undo(), 3)
            self.assertEqual(twin.undo(), 0)   # the copy keeps the history

    def test_a_pit_off_the_board_is_told_with_the_range_and_the_legal_moves(self):
        game = mancala.Game.parse("modiar/0,1,12,7,7,7/S/4,4/8")
        for pit in (9, 6, -1, 2**40):
            with self.subTest(pit=pit):
                with self.assertRaises(mancala.PitOutOfRange) as caught:
                    game.play(pit)
                self.assertEqual(str(caught.exception),
                                 f"pit {pit}: not on this board (pits 0 to 5); "
                                 "the legal moves are 2")
                self.assertEqual(caught.exception.pit, pit)
        game = mancala.Game("rio-kadalis-5")
        with self.assertRaises(mancala.PitOutOfRange) as caught:
            game.play(10)
        self.assertEqual(str(caught.exception), "pit 10: not on this board (pits 0 to 9); "
                                                "the legal moves are 0, 1, 2, 3, 4")
        game = mancala.Game.parse("modiar/0,0,0,0,0,0/S/21,21/40")
        with self.assertRaises(mancala.PitOutOfRange) as caught:
            game.play(7)
        self.assertEqual(str(caught.exception), "pit 7: not on this board (pits 0 to 5); "
                                                "there is no legal move")


class EqualityAndHash(unittest.TestCase):
    def test_equal_positions(self):
        a = mancala.Game("modiar")
        b = mancala.Game.parse("modiar/7,7,7,7,7,7/S/0,0/0")
        self.assertEqual(a, b)
        self.assertEqual(hash(a), hash(b))
        self.assertEqual(len({a, b}), 1)
        a.play(0)
        self.assertNotEqual(a, b)
        self.assertNotEqual(a.position_hash, b.position_hash)
        self.assertNotEqual(a, "modiar/2,8,8,8,8,8/N/0,0/1")

    def test_hash_ignores_ply_but_equality_does_not(self):
        a = mancala.Game.parse("modiar/2,8,8,8,8,8/N/0,0/1")
        b = mancala.Game.parse("modiar/2,8,8,8,8,8/N/0,0/3")
        self.assertEqual(a.position_hash, b.position_hash)
        self.assertNotEqual(a, b)

    def test_hash_is_the_librarys(self):
        game = mancala.Game("modiar")
        self.assertEqual(hash(game), hash(game.position_hash))
        self.assertTrue(0 <= game.position_hash < 2**64)
        # Stable in every process and on every platform (mancala.h).
        self.assertEqual(game.position_hash, 0xdbb04fac2e11e7c2)


class LifeCycle(unittest.TestCase):
    def test_close_is_idempotent_and_final(self):
        game = mancala.Game()
        game.close()
        game.close()
        self.assertTrue(game.closed)
        self.assertEqual(repr(game), "<mancala.Game (closed)>")
        for use in (lambda: game.legal_moves, lambda: game.play(0), lambda: str(game),
                    game.copy, game.undo):
            with self.assertRaises(ValueError):
                use()

    def test_context_manager(self):
        with mancala.Game() as game:
            game.play(0)
        self.assertTrue(game.closed)

    def test_finaliser(self):
        game = mancala.Game()
        game.close()
        del game
        gc.collect()   # a closed game's finaliser frees nothing again


class Matches(unittest.TestCase):
    def test_modiar_has_no_next_round(self):
        game = mancala.Game.parse("modiar/1,1,0,0,0,1/S/20,19/30")
        with self.assertRaises(mancala.Unsupported) as caught:
            game.next_round()
        self.assertIsInstance(caught.exception, NotImplementedError)
        self.assertTrue(game.match_over)

    def test_next_round_too_early(self):
        game = mancala.Game("rio-kadalis")
        with self.assertRaises(mancala.NotOver):
            game.next_round()
        self.assertEqual(game.round, 1)

    def test_a_whole_match(self):
        choose = random.Random(3).choice
        game = mancala.Game("rio-kadalis-5")
        rounds = 1
        while rounds < 100:
            while not game.over:
                game.play(choose(game.legal_moves))
            total = sum(game.scores)
            self.assertEqual(total, 40)
            if game.match_over:
                break
            game.next_round()
            rounds += 1
            self.assertEqual(game.round, rounds)
            self.assertEqual(game.ply, 0)
            self.assertEqual(game.history, ())
        self.assertTrue(game.match_over)
        winner = game.match_winner
        if game.match_end_reason == mancala.MatchEnd.STONES:
            self.assertIn(winner, (Player.SOUTH, Player.NORTH))
            self.assertLess(game.scores[1 - winner], 4)
        else:
            self.assertEqual(game.match_end_reason, mancala.MatchEnd.REPETITION)
            self.assertIsNone(winner)


# Rounds from every pit open: South first ending 24-24, North first ending
# 24-24, North first ending South 28, North 20.
SOUTH_FIRST_24 = [5, 6, 4, 10, 4, 6, 0, 7, 4, 6, 5, 11, 4, 7, 3, 7, 2, 6, 3, 7, 5, 9]
NORTH_FIRST_24 = [11, 0, 10, 4, 10, 0, 6, 1, 10, 0, 11, 5, 10, 1, 9, 1, 8, 0, 9, 1, 11, 3]
NORTH_FIRST_28 = [9, 1, 8, 0, 9, 5, 6, 1, 9, 1, 9, 0, 9, 2, 10, 0]
# Rounds ending South 16, North 32: from the start; then from South 16,
# North 32 with North first, and with South first (RULES.md's second example).
START_16 = [2, 6, 2, 6, 5, 6, 3, 7, 3, 8, 0, 9, 2, 8, 4, 8, 1, 7, 1, 7, 3, 6, 4, 10, 0, 7, 5, 6,
            2, 7, 4, 8]
NORTH_FIRST_16 = [11, 3, 11, 5, 7, 2, 10, 4, 6, 3, 6, 2, 7, 4, 8, 5, 9, 2, 11, 2, 8, 5, 6, 4, 8, 5,
                  9, 2, 11, 4, 7, 2, 8, 3, 6, 4, 8, 5, 11, 2, 7, 3, 8, 4, 10, 5, 7]
SOUTH_FIRST_16 = [4, 11, 4, 10, 3, 7, 2, 10, 5, 9, 4, 11, 2, 10, 3, 11, 4, 6, 2, 8, 3, 9, 4, 7, 5,
                  9, 2, 11, 2, 8, 4, 7]


class MatchRules(unittest.TestCase):
    """RULES.md, "A match that keeps repeating ends", and its examples."""

    def test_example_north_wins_16_32(self):
        rounds = [START_16, NORTH_FIRST_16, SOUTH_FIRST_16, NORTH_FIRST_16, SOUTH_FIRST_16]
        for rule, winner in [(None, Player.NORTH), (True, Player.NORTH),
                             (mancala.MatchRepetition.MORE_STONES, Player.NORTH),
                             (mancala.MatchRepetition.DRAW, None)]:
            game = mancala.Game("rio-kadalis")
            if rule is not None:
                game.match_repetition = rule
            self.play_rounds(game, rounds)
            self.assertEqual((game.round, game.scores), (5, (16, 32)))
            self.assertEqual(game.match_end_reason, mancala.MatchEnd.REPETITION)
            self.assertEqual(game.match_winner, winner, rule)
            self.assertEqual(game.match_repetition, 2 if winner is None else 1)
            self.assertEqual(mancala.Game.from_record(game.record).match_winner, winner)
        self.assertIn(" match-repetition=2 2 6 2 ", game.record)
        for bad in (3, -1, "on", 1.0):
            with self.assertRaises(mancala.InvalidArgument):
                game.match_repetition = bad

    def play_rounds(self, game, rounds):
        for i, moves in enumerate(rounds):
            if i:
                game.next_round()
            game.play_moves(moves)
            self.assertTrue(game.over)

    def test_example_drawn_after_four_rounds(self):
        game = mancala.Game("rio-kadalis")
        self.play_rounds(game, [SOUTH_FIRST_24, NORTH_FIRST_24, SOUTH_FIRST_24])
        self.assertFalse(game.match_over)
        game.next_round()
        game.play_moves(NORTH_FIRST_24)
        self.assertEqual(game.scores, (24, 24))
        self.assertTrue(game.match_over)
        self.assertEqual(game.match_end_reason, mancala.MatchEnd.REPETITION)
        self.assertIsNone(game.match_winner)
        with self.assertRaises(mancala.MatchOver):
            game.next_round()
        game.match_repetition = False       # allowed at any time
        self.assertFalse(game.match_over)
        self.assertEqual(game.match_repetition, mancala.MatchRepetition.OFF)
        game.next_round()
        self.assertEqual(game.round, 5)

    def test_example_goes_on_after_28_20(self):
        game = mancala.Game("rio-kadalis")
        self.play_rounds(game, [SOUTH_FIRST_24, NORTH_FIRST_24, SOUTH_FIRST_24, NORTH_FIRST_28])
        self.assertEqual(game.scores, (28, 20))
        self.assertEqual(game.match_end_reason, mancala.MatchEnd.NONE)
        game.next_round()
        self.assertEqual(str(game), "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/S/0,0/0/4,0")

    def test_max_rounds(self):
        game = mancala.Game("rio-kadalis")
        self.assertIsNone(game.max_rounds)
        game.max_rounds = 2
        self.play_rounds(game, [SOUTH_FIRST_24, NORTH_FIRST_28])
        self.assertEqual(game.match_end_reason, mancala.MatchEnd.ROUNDS)
        self.assertEqual(game.match_winner, Player.SOUTH)
        with self.assertRaises(mancala.StateError):
            game.max_rounds = 1
        with self.assertRaises(mancala.InvalidArgument):
            game.max_rounds = 0
        game.max_rounds = None
        self.assertFalse(game.match_over)
        self.assertTrue(mancala.Game("modiar").match_repetition)


class Records(unittest.TestCase):
    def test_tags(self):
        """RULES.md, "Match records": tags in the record, exact bytes."""
        game = mancala.Game("modiar")
        self.assertEqual(game.tags, {})
        game.play(0)
        game.set_tag("south", "search:8")
        game.set_tag("event", 'Club "night" \\ café')
        game.set_tag("seed", "")
        game.set_tag("south", "human")       # keeps its place
        record = ('modiar/7,7,7,7,7,7/S/0,0/0 south="human" '
                  'event="Club \\"night\\" \\\\ café" seed="" 0')
        self.assertEqual(game.record, record)
        self.assertEqual(game.record.encode()[-16:], b'caf\xc3\xa9" seed="" 0')
        twin = mancala.Game.from_record(record)
        self.assertEqual(list(twin.tags.items()),
                         [("south", "human"), ("event", 'Club "night" \\ café'), ("seed", "")])
        self.assertEqual(twin.record, record)
        self.assertEqual(game.copy().tags, game.tags)
        self.assertEqual(pickle.loads(pickle.dumps(game)).tags, game.tags)
        game.set_tag("event", None)
        game.set_tag("absent", None)
        self.assertEqual(game.tags, {"south": "human", "seed": ""})
        for key, value in [("1a", "x"), ("", "x"), ("a b", "x"), ("k" * 33, "x"),
                           ("a", "line\nbreak"), ("a", "x" * 256), ("a", "nul\0"), ("ké", "x")]:
            with self.assertRaises(mancala.InvalidArgument, msg=(key, value)):
                game.set_tag(key, value)
        with self.assertRaises(TypeError):
            game.set_tag("a", 5)
        game.set_tag("a", "x" * 255)
        for i in range(29):
            game.set_tag(f"t{i}", str(i))
        with self.assertRaises(mancala.LimitReached):
            game.set_tag("more", "x")
        self.assertEqual(len(game.tags), 32)
        with self.assertRaises(mancala.ParseError) as caught:
            mancala.Game.from_record('modiar/7,7,7,7,7,7/S/0,0/0 a="1" a="2"')
        self.assertEqual(caught.exception.detail, "word 3: tag a given twice")

    def test_a_refused_tag_says_which_rule_it_breaks(self):
        game = mancala.Game("modiar")
        game.set_tag("south", "human")
        cases = [
            ("bad key", "x", "a key holds only letters, digits, - and _ (byte 4 is none)"),
            ("1a", "x", "a key begins with a letter (A-Z, a-z)"),
            ("", "x", "the key is empty"),
            ("k" * 33, None, "the key is longer than 32 bytes"),
            ("ké", "x", "a key holds only letters, digits, - and _ (byte 2 is none)"),
            ("a", "line\nbreak", "the value holds a control character (byte 5)"),
            ("a", "\x85", "the value holds a control character (byte 1)"),
            ("a", "x" * 256, "the value is longer than 255 bytes"),
        ]
        for key, value, reason in cases:
            with self.subTest(key=key, value=value):
                with self.assertRaises(mancala.InvalidArgument) as caught:
                    game.set_tag(key, value)
                self.assertEqual(str(caught.exception), f"tag {key!r}: {reason}")
                self.assertNotIn("NULL", str(caught.exception))
        self.assertEqual(game.tags, {"south": "human"})

    def test_tags_named_like_options_are_refused(self):
        """A tag max-rounds="3" would look like the option and set nothing."""
        game = mancala.Game("rio-kadalis")
        for option in ("repetition", "match-repetition", "max-rounds"):
            with self.subTest(option=option):
                with self.assertRaises(mancala.InvalidArgument) as caught:
                    game.set_tag(option, "3")
                self.assertEqual(str(caught.exception), f"tag {option!r}: the key names an "
                                 "option of the match record, not a tag")
        self.assertEqual(game.tags, {})
        with self.assertRaises(mancala.ParseError) as caught:
            mancala.Game.from_record(str(game) + ' max-rounds="3"')
        self.assertEqual(caught.exception.detail,
                         "word 2: tag 'max-rounds=\"3\"': max-rounds is an option, not a "
                         "tag (write it without quotes)")
        game.set_tag("Max-Rounds", "3")      # keys are case-sensitive
        self.assertEqual(game.tags, {"Max-Rounds": "3"})

    def test_round_trip_of_random_matches(self):
        rng = random.Random(12)
        for i in range(40):
            game = mancala.Game(mancala.RULES[i % 5], repetition=i % 3 != 0)
            if i % 4 == 1:
                game.match_repetition = False
            while not game.match_over and game.round < 1 + i % 4:
                if game.over:
                    game.next_round()
                else:
                    game.play(rng.choice(game.legal_moves))
            twin = mancala.Game.from_record(game.record)
            for name in ("record", "position", "round", "history", "repetition",
                         "match_repetition", "max_rounds", "match_end_reason", "scores"):
                self.assertEqual(getattr(twin, name), getattr(game, name), name)
            while game.history:
                self.assertEqual(twin.undo(), game.undo())
                self.assertEqual(twin, game)

    def test_from_record_rejects_with_a_reason(self):
        for record, detail in [
                ("modiar", "start position: PITS: missing field ('modiar' is a rules name; its "
                           "start position is modiar/7,7,7,7,7,7/S/0,0/0)"),
                ("modiar/7,7,7,7,7,7/S/0,0/0 0 0",
                 "word 3 (round 1, move 2): cannot play 0: illegal move: the pit belongs to the "
                 "opponent"),
                ("modiar/7,7,7,7,7,7/S/0,0/0 turbo=1", "word 2: unknown option 'turbo=1' "
                 "(expected repetition=, match-repetition= or max-rounds=)")]:
            with self.assertRaises(mancala.ParseError) as caught:
                mancala.Game.from_record(record)
            self.assertEqual(caught.exception.detail, detail)
            self.assertEqual(caught.exception.position, record)
        with self.assertRaises(TypeError):
            mancala.Game.from_record(None)
        # Text that is not valid Unicode, as Game.parse() says it.
        for read in (mancala.Game.from_record, mancala.Game.deserialize_state):
            with self.assertRaises(mancala.ParseError) as caught:
                read("modiar/7,7,7,7,7,7/S/0,0/0 \udc80")
            self.assertEqual(caught.exception.detail,
                             "not valid Unicode text (surrogates not allowed at index 27)")

    def test_mutated_records(self):
        game = mancala.Game("rio-kadalis-5")
        rng = random.Random(5)
        while not game.over:
            game.play(rng.choice(game.legal_moves))
        game.next_round()
        game.play(game.legal_moves[0])
        record = game.record
        for _ in range(300):
            chars = list(record)
            at = rng.randrange(len(chars))
            chars[at] = rng.choice("0123456789| =x,/")
            mutated = "".join(chars)
            try:
                twin = mancala.Game.from_record(mutated)
            except mancala.ParseError as error:
                self.assertTrue(error.detail and "\n" not in error.detail)
                continue
            self.assertEqual(mancala.Game.from_record(twin.record).record, twin.record)


class Pickling(unittest.TestCase):
    def test_round_trip(self):
        game = mancala.Game("rio-kadalis-cw", repetition=False)
        for _ in range(9):
            game.play(game.legal_moves[len(game.legal_moves) // 2])
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            with self.subTest(protocol=protocol):
                twin = pickle.loads(pickle.dumps(game, protocol))
                self.assertEqual(str(twin), str(game))
                self.assertEqual(twin.history, game.history)
                self.assertFalse(twin.repetition)
                self.assertEqual(twin.start_position, game.start_position)
                twin.undo()
                game_copy = game.copy()
                game_copy.undo()
                self.assertEqual(twin, game_copy)

    def test_parsed_game_keeps_its_start(self):
        start = "modiar/12,2,11,11,2,4/S/0,0/4"
        game = mancala.Game.parse(start)
        game.play_moves([0, 3])
        twin = pickle.loads(pickle.dumps(game))
        self.assertEqual(twin.start_position, start)
        self.assertEqual(str(twin), str(game))
        self.assertEqual(twin.history, (0, 3))

    def test_later_round(self):
        game = mancala.Game.parse("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0")
        game.play_moves([0, 7, 4, 11, 0, 8, 2, 6, 4, 10])
        game.next_round()
        game.play(game.legal_moves[0])
        twin = pickle.loads(pickle.dumps(game))
        self.assertEqual(twin.start_position, "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1")
        self.assertEqual(str(twin), str(game))
        self.assertEqual(twin.history, game.history)
        self.assertEqual(twin.round, 2)
        self.assertEqual(twin.record, game.record)

    def test_match_options_and_repetition_survive(self):
        game = mancala.Game("rio-kadalis")
        game.max_rounds = 6
        game.play_moves(SOUTH_FIRST_24)
        game.next_round()
        game.play_moves(NORTH_FIRST_24)
        game.next_round()
        game.play_moves(SOUTH_FIRST_24[:5])
        twin = pickle.loads(pickle.dumps(game))
        self.assertEqual((twin.round, twin.max_rounds, twin.history), (3, 6, game.history))
        twin.play_moves(SOUTH_FIRST_24[5:])
        twin.next_round()
        twin.play_moves(NORTH_FIRST_24)
        self.assertEqual(twin.match_end_reason, mancala.MatchEnd.REPETITION)

    def test_pickles_of_version_1_0_still_load(self):
        from mancala.game import _restore
        game = _restore("modiar/7,7,7,7,7,7/S/0,0/0", (0, 4), False)
        self.assertEqual(game.record, "modiar/7,7,7,7,7,7/S/0,0/0 repetition=0 0 4")

    def test_repetition_state_survives(self):
        # The positions seen before pickling still count for the rule.
        game = mancala.Game.parse("rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0")
        game.play_moves([0, 7, 4, 11, 0, 8, 2, 6, 4])
        twin = pickle.loads(pickle.dumps(game))
        twin.play(10)
        self.assertEqual(twin.end_reason, mancala.End.REPETITION)


class Pictures(unittest.TestCase):
    def test_repr_draws_the_board(self):
        game = mancala.Game.parse("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6")
        game.play(2)
        lines = repr(game).splitlines()
        self.assertEqual(lines[0],
                         "<mancala.Game rio-kadalis-5/x,x,0,0,9,9,1,1,8,0/N/4,0/1/2,6>")
        self.assertEqual(lines[1].split(), ["pit", "9", "8", "7", "6", "5"])
        self.assertEqual(lines[2].split()[:6], ["North", "0", "8", "1", "1", "9"])
        self.assertIn("bank 6", lines[2])
        self.assertIn("to move", lines[2])
        self.assertEqual(lines[3].split()[:6], ["South", "--", "--", "0", "0", "9"])
        self.assertIn("captured 4", lines[3])
        self.assertNotIn("to move", lines[3])
        self.assertEqual(lines[4].split(), ["pit", "0", "1", "2", "3", "4"])

    def test_repr_of_a_finished_game(self):
        game = mancala.Game.parse("modiar/1,1,0,0,0,1/S/20,19/30")
        text = repr(game)
        self.assertNotIn("to move", text)
        self.assertEqual(text.splitlines()[-1],
                         "  Game over: South has no legal move. South 22, North 20: South wins.")

    def parse_svg(self, text):
        root = ET.fromstring(text)
        self.assertEqual(root.tag, SVG + "svg")

        def classes(e):
            return e.get("class", "").split()

        pits = {int(c.get("data-pit")): c for c in root.iter(SVG + "circle") if "pit" in classes(c)}
        counts = {int(t.get("data-pit")): int(t.text) for t in root.iter(SVG + "text")
                  if "count" in classes(t)}
        side = {(t.get("class"), t.get("data-player")): t.text for t in root.iter(SVG + "text")
                if t.get("class") in ("captured", "bank", "score")}
        markers = [p.get("data-player") for p in root.iter(SVG + "polygon")
                   if "to-move" in classes(p)]
        results = {}
        for t in root.iter(SVG + "text"):
            if t.get("class") in ("status", "result", "match"):
                results.setdefault(t.get("class"), []).append(t.text)
        return root, pits, counts, side, markers, results

    def test_svg(self):
        game = mancala.Game.parse("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6")
        game.play(2)
        text = game.svg()
        self.assertTrue(text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg '))
        root, pits, counts, side, markers, results = self.parse_svg(text)
        self.assertEqual(root.find(SVG + "title").text, str(game))
        self.assertEqual(sorted(pits), list(range(10)))
        closed = {p for p, c in pits.items() if "closed" in c.get("class").split()}
        self.assertEqual(closed, {0, 1})
        self.assertEqual(counts, {p: game.pits[p] for p in range(2, 10)})
        self.assertEqual(side, {("captured", "south"): "captured 4", ("bank", "south"): "bank 2",
                                ("captured", "north"): "captured 0", ("bank", "north"): "bank 6"})
        self.assertEqual(markers, ["north"])
        self.assertEqual(results, {"status": ["North to move"]})
        # North's row is drawn above South's.
        self.assertLess(float(pits[9].get("cy")), float(pits[0].get("cy")))

    def test_svg_modiar_over(self):
        game = mancala.Game.parse("modiar/1,1,0,0,0,1/S/20,19/30")
        root, pits, counts, side, markers, results = self.parse_svg(game.svg())
        self.assertEqual(len(pits), 6)
        self.assertEqual(counts, {0: 1, 1: 1, 2: 0, 3: 0, 4: 0, 5: 1})
        self.assertEqual(side, {("captured", "south"): "captured 20", ("score", "south"): "score 22",
                                ("captured", "north"): "captured 19", ("score", "north"): "score 20"})
        self.assertEqual(markers, [])
        # The library's sentence, wrapped: the picture words it as everywhere.
        self.assertEqual(results, {"result": ["Game over: South has no legal move.",
                                              "South 22, North 20: South wins."]})
        self.assertEqual(" ".join(results["result"]), game.describe_result())

    def test_svg_for_notebooks_and_sizes(self):
        game = mancala.Game("rio-kadalis-cw")
        full = game.svg()
        # Jupyter gets the same picture without the XML declaration.
        self.assertEqual(full, '<?xml version="1.0" encoding="UTF-8"?>\n' + game._repr_svg_())
        root = ET.fromstring(full)
        width, height = int(root.get("width")), int(root.get("height"))
        self.assertEqual(root.get("viewBox"), f"0 0 {width} {height}")
        # size: pixels per pit (80 in the library's picture); only the
        # displayed size changes.
        small = ET.fromstring(game.svg(size=40))
        self.assertEqual((small.get("width"), small.get("height")),
                         (str(round(width / 2)), str(round(height / 2))))
        self.assertEqual(small.get("viewBox"), root.get("viewBox"))
        self.assertEqual(game.svg(size=80), full)
        for bad in (0, -3, 2.5, True, "48"):
            with self.assertRaises(ValueError):
                game.svg(size=bad)
        game.close()
        with self.assertRaises(ValueError):
            game.svg()


class Module(unittest.TestCase):
    def test_versions_and_library(self):
        self.assertEqual(mancala.library_version.split(".")[0], "1")
        self.assertTrue(mancala.library_path)
        self.assertEqual(mancala.SOUTH, Player.SOUTH)

    def test_every_exception_is_a_mancala_error(self):
        for name in mancala.__all__:
            value = getattr(mancala, name)
            if isinstance(value, type) and issubclass(value, BaseException):
                self.assertTrue(issubclass(value, mancala.MancalaError), name)

    def test_help_reads(self):
        import pydoc
        text = pydoc.render_doc(mancala.Game, renderer=pydoc.plaintext)
        for name in ("legal_moves", "play", "undo", "parse", "scores", "next_round",
                     "search", "mcts", "playout"):
            self.assertIn(name, text)


def load_tests(loader, tests, ignore):
    """The examples in the docstrings run too."""
    import doctest
    tests.addTests(doctest.DocTestSuite(mancala))
    tests.addTests(doctest.DocTestSuite(mancala.game))
    return tests


if __name__ == "__main__":
    unittest.main()

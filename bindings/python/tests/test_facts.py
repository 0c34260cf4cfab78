# SPDX-License-Identifier: MIT
"""What the package asks the library instead of copying it: the rules
names and facts, the rounds of a match, a table file's format, the
sentence that ends a game or match; and every number copied from
include/mancala.h into the package (errors.py, game.py, rl.py, rules.py)
and the JavaScript package (bindings/js/src/index.ts) against the header."""

import enum
import os
import re
import tempfile
import unittest

import mancala
from mancala import errors, game, rl, rules

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")


def header_constants():
    """{NAME: value} of every enumerator and number macro of mancala.h."""
    with open(os.path.join(ROOT, "include", "mancala.h"), encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", " ", f.read(), flags=re.S)
    found = {name: int(value) for name, value in
             re.findall(r"\b(MANCALA_[A-Z0-9_]+)\s*=\s*(-?\d+)", text)}
    found.update((name, int(value)) for name, value in
                 re.findall(r"#define\s+(MANCALA_[A-Z0-9_]+)\s+\(?(-?\d+)\)?\s*$", text, re.M))
    return found


HEADER = header_constants()


def with_prefix(prefix):
    return {name[len(prefix):]: value for name, value in HEADER.items() if name.startswith(prefix)}


class Facts(unittest.TestCase):
    def test_rules_names(self):
        self.assertEqual(mancala.RULES, ("modiar", "rio-kadalis", "rio-kadalis-5",
                                         "rio-kadalis-cw", "rio-kadalis-5-cw"))

    def test_rules_info(self):
        self.assertEqual(mancala.rules_info("modiar"),
                         mancala.RulesInfo("Modiar", 3, 7, False, False, True, 42, 42))
        self.assertEqual(mancala.rules_info("rio-kadalis-5-cw"),
                         mancala.RulesInfo("Rio Kadalis", 5, 4, True, True, False, 16, 12))
        for name in mancala.RULES:
            facts = mancala.rules_info(name)
            self.assertEqual(mancala.Game(name).pits[0], facts.stones)
            self.assertEqual(len(mancala.Game(name).pits), 2 * facts.holes)
        for bad in ("oware", "", None, 3, "modiar\0"):
            with self.assertRaises(mancala.UnknownRules):
                mancala.rules_info(bad)

    def test_rounds(self):
        self.assertEqual(mancala.round_open_pits("rio-kadalis", 23), 5)
        self.assertEqual(mancala.round_open_pits("rio-kadalis-5", 44), 5)
        self.assertEqual(mancala.round_open_pits("rio-kadalis", 3), 0)
        self.assertEqual(mancala.round_closed_pits("rio-kadalis", 4, 2),
                         frozenset({0, 1, 6, 7, 8, 9}))
        self.assertEqual(mancala.round_closed_pits("rio-kadalis-5", 5, 5), frozenset())
        self.assertEqual(mancala.round_table_name("rio-kadalis-5-cw", 1, 5),
                         "rio-kadalis-5-cw-open-1-5.table")
        with self.assertRaises(mancala.Unsupported):
            mancala.round_open_pits("modiar", 8)
        with self.assertRaises(mancala.Unsupported):
            mancala.round_table_name("modiar", 3, 3)
        with self.assertRaises(mancala.InvalidArgument):
            mancala.round_closed_pits("rio-kadalis-5", 6, 1)
        with self.assertRaises(mancala.InvalidArgument):
            mancala.round_open_pits("rio-kadalis", -4)
        # Outside C's int, and not numbers: refused before they reach C.
        with self.assertRaises(OverflowError):
            mancala.round_open_pits("rio-kadalis", 2**32)
        for bad in (float("nan"), 4.0, True, "4"):
            with self.assertRaises(TypeError):
                mancala.round_table_name("rio-kadalis", bad, 2)

    def test_table_file_format(self):
        self.assertEqual(mancala.table_file_format(), 3)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "old.table")
            with open(path, "wb") as f:
                f.write(b"\x89MCT\r\n\x1a\n\x01\x00\x00\x00" + bytes(52))
            self.assertEqual(mancala.table_file_format(path), 1)
            with open(path, "wb") as f:
                f.write(b"not a table file at all")
            with self.assertRaises(mancala.FormatError):
                mancala.table_file_format(path)
            with self.assertRaises(mancala.FileError):
                mancala.table_file_format(os.path.join(folder, "missing.table"))
            with self.assertRaises(mancala.FileError):
                mancala.table_file_format(folder)

    def test_describe_result(self):
        g = mancala.Game.parse("rio-kadalis/3,0,0,1,3,1,0,0,0,0,0,0/S/16,24/12/0,0")
        with self.assertRaises(mancala.NotOver):
            g.describe_result()
        g.max_rounds = 1
        g.play(3)
        self.assertEqual(g.describe_result(),
                         "Round 1 over: North has no legal move. South 24, North 24: a draw.\n"
                         "Match over after 1 round: a draw at the round limit, 24 stones each.")
        self.assertEqual(mancala.Game.parse("modiar/1,0,1,2,3,4/S/15,16/20").describe_result(),
                         "Game over: South has no legal move. South 17, North 25: North wins.")


class CopiesOfTheHeader(unittest.TestCase):
    """Each number the bindings write out is the header's."""

    def test_status_codes(self):
        codes = with_prefix("MANCALA_E_")
        classes = {}
        for value in vars(errors).values():
            if isinstance(value, type) and issubclass(value, errors.MancalaError) and \
                    value is not errors.MancalaError and "status" in vars(value):
                named = re.search(r"\(MANCALA_(E_[A-Z_]+)", value.__doc__ or "")
                if named:
                    classes[named.group(1)[2:]] = value.status
        self.assertEqual(classes, codes)

    def test_enums(self):
        for cls, prefix in ((game.Player, "MANCALA_"), (game.End, "MANCALA_END_"),
                            (game.MatchEnd, "MANCALA_MATCH_END_"),
                            (game.MatchRepetition, "MANCALA_MATCH_REPETITION_"),
                            (game.EventKind, "MANCALA_EV_")):
            with self.subTest(cls=cls.__name__):
                header = with_prefix(prefix)
                if cls is game.Player:
                    header = {k: v for k, v in header.items() if k in ("SOUTH", "NORTH")}
                self.assertEqual({m.name: m.value for m in cls}, header)
        self.assertEqual(game.Result.DRAW, HEADER["MANCALA_DRAW"])

    def test_options(self):
        self.assertEqual({"REPETITION": game._OPT_REPETITION,
                          "MATCH_REPETITION": game._OPT_MATCH_REPETITION,
                          "MAX_ROUNDS": game._OPT_MAX_ROUNDS}, with_prefix("MANCALA_OPT_"))
        self.assertEqual(game._DRAW, HEADER["MANCALA_DRAW"])
        self.assertEqual({name[len("_OPT_"):]: value for name, value in vars(rl).items()
                          if name.startswith("_OPT_") and name != "_OPT_REPETITION"},
                         with_prefix("MANCALA_BATCH_OPT_"))
        self.assertEqual(rl._OPT_REPETITION, HEADER["MANCALA_OPT_REPETITION"])
        self.assertEqual({name[len("_RULES_"):]: value for name, value in vars(rules).items()
                          if name.startswith("_RULES_") and isinstance(value, int)},
                         with_prefix("MANCALA_RULES_"))

    def test_typescript(self):
        with open(os.path.join(ROOT, "bindings", "js", "src", "index.ts"), encoding="utf-8") as f:
            ts = f.read()

        def object_of(name):
            body = re.search(r"export const %s = \{(.*?)\}" % name, ts, re.S).group(1)
            return {k: int(v) for k, v in re.findall(r"(\w+):\s*(-?\d+)", body)}

        status = object_of("Status")
        self.assertEqual(status, {k: v for k, v in with_prefix("MANCALA_").items()
                                  if k == "OK" or k.startswith("E_")})
        self.assertEqual(object_of("Option"), with_prefix("MANCALA_OPT_"))
        self.assertEqual(object_of("MatchRepetition"), with_prefix("MANCALA_MATCH_REPETITION_"))
        self.assertEqual(object_of("Autoreset"), with_prefix("MANCALA_AUTORESET_"))
        self.assertEqual(object_of("BatchOption"), with_prefix("MANCALA_BATCH_OPT_"))
        self.assertEqual(object_of("RulesFact"), with_prefix("MANCALA_RULES_"))
        for name in ("SOUTH", "NORTH", "DRAW", "LEVEL_MIN", "LEVEL_MAX"):
            value = re.search(r"export const %s = (-?\d+);" % name, ts)
            self.assertEqual(int(value.group(1)), HEADER["MANCALA_" + name], name)


if __name__ == "__main__":
    unittest.main()

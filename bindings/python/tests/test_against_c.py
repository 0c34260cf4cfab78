# SPDX-License-Identifier: MIT
"""A few hundred seeded random games, played by a small C program through
the C API (tests/trace.c) and replayed move by move through the binding:
every position, legal move list, hash, score, end, winner, refusal code,
move report and playout must be the same."""

import os
import subprocess
import unittest

import mancala

GAMES_PER_RULES = 60   # 300 games; Rio Kadalis ones are whole matches


def _ints(field):
    return () if field == "-" else tuple(int(x) for x in field.split(","))


def _result(getter):
    """What a property gives, or the status of the exception it raises,
    the way the C function returns one or the other."""
    try:
        value = getter()
    except mancala.MancalaError as error:
        return error.status
    return 2 if value is None else int(value)   # None is a draw: MANCALA_DRAW


class AgainstC(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        program = os.environ.get("MANCALA_TRACE")
        if not program:
            raise unittest.SkipTest("MANCALA_TRACE (the trace program) is not set")
        cls.trace = subprocess.run([program, "20240917", str(GAMES_PER_RULES)], check=True,
                                   capture_output=True, text=True).stdout.splitlines()

    def check_state(self, game, fields):
        """Compares all a state record says, in one assertion."""
        position, statuses, seed = fields[0], fields[11], int(fields[12])
        refusals = []
        for pit in range(-1, game.num_pits + 1):
            try:
                game.play(pit)
            except mancala.IllegalMove as error:
                refusals.append(error.status)
            except mancala.GameOver as error:
                refusals.append(error.status)
            else:
                refusals.append(0)
                game.undo()
        playout = game.playout(seed)
        actual = [
            str(game), game.legal_moves, game.position_hash, game.to_move, game.over,
            game.end_reason, game.scores, game.round, game.match_over,
            _result(lambda: game.winner), _result(lambda: game.match_winner),
            tuple(refusals), playout.plies, playout.scores,
        ]
        expected = [
            position, _ints(fields[1]), int(fields[2], 16), int(fields[3]), bool(int(fields[4])),
            int(fields[5]), _ints(fields[6]), int(fields[7]), bool(int(fields[8])),
            int(fields[9]), int(fields[10]),
            _ints(statuses), int(fields[13]), _ints(fields[14]),
        ]
        self.assertEqual(actual, expected)

    def test_replay(self):
        game = None
        games = moves = rounds = 0
        for line in self.trace:
            record, *fields = line.split("\t")
            if record == "G":
                rules, repetition = fields
                game = mancala.Game(rules, repetition=bool(int(repetition)))
                games += 1
            elif record == "S":
                self.check_state(game, fields)
            elif record == "M":
                pit, events = int(fields[0]), fields[1]
                game.play(pit)
                moves += 1
                expected = [tuple(int(x) for x in e.split(":")) for e in events.split(";")]
                self.assertEqual([tuple(e) for e in game.last_move_events()], expected)
            elif record == "R":
                status = int(fields[0])
                try:
                    game.next_round()
                    self.assertEqual(status, 0)
                except mancala.MancalaError as error:
                    self.assertEqual(error.status, status)
                rounds += status == 0
            elif record == "E":
                game.close()
            else:
                self.fail(f"unknown record {line!r}")
        # The sample is what it says it is.
        self.assertEqual(games, 5 * GAMES_PER_RULES)
        self.assertGreater(moves, 10000)
        self.assertGreater(rounds, 100)


if __name__ == "__main__":
    unittest.main()

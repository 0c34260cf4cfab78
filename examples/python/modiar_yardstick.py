#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A solved game as a benchmark: players scored against the solved
Modiar table on a fixed set of positions sampled from play.

For each position the table gives the value (the final stone difference
the player to move can force) and the best moves. A player names its
move and its value of the position for the player to move, scaled as
the learning interface's returns with stones: the final stone difference
divided by the 42 stones, in [-1, 1]. Three figures:

- best move as ranked: the share of positions where the player's move is
  one of the table's best moves (mancala_table_best_moves(); a player
  that names several moves picks one of them at random, counted in
  expectation: random play is scored exactly, without drawing);
- any move of optimal value: the same share, counting every move that
  keeps the position's value (its child's value, for the mover, is the
  table's lo). Where several moves keep it the table's ranking leaves out
  those that would let the game turn in a cycle: in 421 of the 10,000
  positions it leaves out a move of the optimal value;
- value error: the mean absolute difference between the player's value
  and the table's, both divided by 42. Where the repetition rule leaves
  the table an interval [lo, hi] (a few positions with 36 or more stones
  on the board) the error is the distance to that interval.

``score`` prints random play (the floor for the moves), the library's
static evaluation without search (captured stones and own row, minus the
opponent's, / 42: the floor for a value; its moves are random play's)
and the search to the depths asked.

The positions (data/modiar-10000.txt, made by the ``sample`` command,
seeded) are distinct, not over, with at least two legal moves, from 4,000
games where each seat is random play (one game in three) or the search
at depth 1, 2, 4 or 8 playing a random move one time in ten; a position
is the same when its pits, player to move and captures are (the ply
counts only for Modiar's first move). Positions only: the table is made
with ``mancala solve modiar -o modiar.table`` (seconds, 49 MB).

Usage:
  modiar_yardstick.py score --table modiar.table [--positions FILE] [--depths 1 4 8]
  modiar_yardstick.py sample [--count 10000] [--games 4000] [--seed 1] [-o FILE]

Ctrl-C (SIGINT) or SIGTERM stops either at once: ``score`` keeps the rows
it printed (each complete), ``sample`` writes nothing; a line on stderr
says so, and the exit status is 1.
"""

import argparse
import random
import signal
import sys
from pathlib import Path
from typing import Callable, NamedTuple, Optional, Sequence

import mancala

STONES = 42
POSITIONS = Path(__file__).resolve().parent / "data" / "modiar-10000.txt"

#: A player: given a game, the moves it picks among (pit numbers; one for
#: a greedy player) and its value for the player to move in [-1, 1].
Player = Callable[[mancala.Game], tuple[Sequence[int], float]]


class Score(NamedTuple):
    positions: int        #: positions scored
    best_share: float     #: share of positions where the move is a best one as ranked
    optimal_share: float  #: share where the move is of the optimal value
    value_error: float    #: mean |value - table's value|, both / 42
    inexact: int          #: positions whose table value is an interval


class Answer(NamedTuple):
    """The table's answers for a position: pit numbers, ascending."""
    best: tuple        #: the best moves as the table ranks them
    optimal: tuple     #: every move of the optimal value (best among them)
    lo: int            #: the value (stones, for the player to move) ...
    hi: int            #: ... an interval where the repetition rule leaves one


def read_positions(path=POSITIONS) -> list[str]:
    """The positions of a file, one a line (blank lines and # comments
    skipped)."""
    with open(path, encoding="ascii") as lines:
        return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def value_error(value: float, lo: int, hi: int) -> float:
    """How far ``value`` (scaled) lies from the table's [lo, hi] (stones)."""
    return max(lo / STONES - value, value - hi / STONES, 0.0)


def answer(table: mancala.Table, game: mancala.Game) -> Answer:
    """The table's answers for ``game``'s position (not over)."""
    lo, hi = table.value(game)
    optimal = []
    for pit in game.legal_moves:
        with game.copy() as child:
            child.play(pit)
            low, high = table.value(child)
            if child.to_move != game.to_move:
                low = -high
        if low == lo:
            optimal.append(pit)
    return Answer(tuple(table.best_moves(game)), tuple(optimal), lo, hi)


def answers(table: mancala.Table, positions: Sequence[str]) -> list[Answer]:
    """The table's answers for each of ``positions``."""
    result = []
    for text in positions:
        with mancala.Game.parse(text) as game:
            result.append(answer(table, game))
    return result


def score(table: mancala.Table, positions: Sequence[str], player: Player,
          known: Optional[Sequence[Answer]] = None) -> Score:
    """Scores ``player`` on ``positions`` against ``table`` (or against
    ``known``, their answers() already found)."""
    named = []
    for i, text in enumerate(positions):
        with mancala.Game.parse(text) as game:
            moves, value = player(game)
            if not moves or not set(moves) <= set(game.legal_moves):
                raise ValueError(f"{text}: the player named {moves!r}, not legal moves")
            named.append((moves, value, known[i] if known else answer(table, game)))
    return tally(named)


def tally(named: Sequence[tuple[Sequence[int], float, Answer]]) -> Score:
    """The score of moves and values named for positions with these
    answers: (moves, value, answer) for each position."""
    best = optimal = errors = 0.0
    inexact = 0
    for moves, value, known in named:
        best += sum(pit in known.best for pit in moves) / len(moves)
        optimal += sum(pit in known.optimal for pit in moves) / len(moves)
        errors += value_error(value, known.lo, known.hi)
        inexact += known.lo != known.hi
    count = len(named)
    return Score(count, best / count, optimal / count, errors / count, inexact)


def random_player(game: mancala.Game) -> tuple[Sequence[int], float]:
    """Any legal move, and a value of 0 (no knowledge)."""
    return game.legal_moves, 0.0


def static_player(game: mancala.Game) -> tuple[Sequence[int], float]:
    """Random play's moves, and the library's static evaluation / 42 as
    the value (no search: the floor for a value that knows anything)."""
    return game.legal_moves, max(-1.0, min(1.0, game.evaluate() / STONES))


def search_player(depth: int) -> Player:
    """The library's alpha-beta search to ``depth`` plies: its best move
    and its score (stones, for the player to move) / 42."""
    def play(game):
        result = game.search(depth=depth, table_bytes=1 << 18)
        return (result.best_move,), max(-1.0, min(1.0, result.score / STONES))
    return play


def report(name: str, result: Score) -> str:
    """One line of the results table."""
    return (f"| {name} | {100 * result.best_share:.1f} % | {100 * result.optimal_share:.1f} % "
            f"| {result.value_error:.3f} | {result.value_error * STONES:.2f} |")


HEADER = ("| player | best move as ranked | any move of optimal value | value error (/42) "
          "| value error (stones) |\n"
          "|---|---:|---:|---:|---:|")


def sample(count: int, games: int, seed: int) -> list[str]:
    """``count`` distinct positions from ``games`` seeded games: each seat
    is a random player (one in three) or a search player of depth 1, 2, 4
    or 8 that plays a random move one time in ten."""
    rng = random.Random(seed)
    seen: dict[tuple, str] = {}
    for _ in range(games):
        depths = [None if rng.random() < 1 / 3 else rng.choice((1, 2, 4, 8)) for _ in range(2)]
        with mancala.Game("modiar") as game:
            while not game.over:
                moves = game.legal_moves
                if len(moves) > 1:
                    pits, side, captured, ply = str(game).split("/")[1:]
                    seen.setdefault((pits, side, captured, ply == "0"), str(game))
                depth = depths[game.to_move]
                if depth is None or rng.random() < 0.1:
                    game.play(rng.choice(moves))
                else:
                    game.play(game.search(depth=depth, table_bytes=1 << 18).best_move)
    pool = sorted(seen.values())
    if len(pool) < count:
        raise SystemExit(f"only {len(pool)} distinct positions in {games} games: play more")
    return sorted(rng.sample(pool, count))


def _terminated(signo, frame):
    """SIGTERM stops as Ctrl-C does."""
    raise KeyboardInterrupt(signal.Signals(signo).name)


def main(argv=None) -> int:
    signal.signal(signal.SIGTERM, _terminated)
    try:
        return run(argv)
    except KeyboardInterrupt as stop:
        print(f"modiar_yardstick.py: stopped by {stop.args[0] if stop.args else 'SIGINT'}; "
              "what is above is complete, nothing else was written", file=sys.stderr)
        return 1
    except (OSError, mancala.MancalaError) as error:   # a file, a table
        print(f"modiar_yardstick.py: {error}", file=sys.stderr)
        return 2


def run(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    scoring = commands.add_parser("score", help="score random play and the search")
    scoring.add_argument("--table", required=True, help="the solved Modiar table")
    scoring.add_argument("--positions", default=POSITIONS)
    scoring.add_argument("--depths", type=int, nargs="*", default=[1, 4, 8])
    sampling = commands.add_parser("sample", help="make the set of positions")
    sampling.add_argument("--count", type=int, default=10000)
    sampling.add_argument("--games", type=int, default=4000)
    sampling.add_argument("--seed", type=int, default=1)
    sampling.add_argument("-o", "--output", default="-")
    args = parser.parse_args(argv)

    if args.command == "sample":
        lines = "".join(p + "\n" for p in sample(args.count, args.games, args.seed))
        if args.output == "-":
            sys.stdout.write(lines)
        else:
            Path(args.output).write_text(lines, encoding="ascii")
        return 0

    positions = read_positions(args.positions)
    with mancala.Table(args.table) as table:
        known = answers(table, positions)
        inexact = sum(a.lo != a.hi for a in known)
        ties = sum(a.best != a.optimal for a in known)
        print(f"{len(positions)} positions of {Path(args.positions).name}, "
              f"{inexact} with an interval for a value; in {ties} the table's ranking leaves "
              "out a move of the optimal value")
        print(HEADER)
        for name, player in (("random", random_player),
                             ("static evaluation, no search", static_player)):
            print(report(name, score(table, positions, player, known)), flush=True)
        for depth in args.depths:
            print(report(f"search, depth {depth}",
                         score(table, positions, search_player(depth), known)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

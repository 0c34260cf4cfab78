#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A solved game as a benchmark: players scored against the solved
Modiar table on a fixed set of positions sampled from play.

For each position the table gives the value (the final stone difference
the player to move can force) and the best moves. A player names its
move and its value of the position for the player to move, scaled as
the learning interface's returns with stones: the final stone difference
divided by the 42 stones, in [-1, 1]. Two figures:

- best-move share: the share of positions where the player's move is
  one of the table's best moves (a player that names several moves picks
  one of them at random, counted in expectation: random play is scored
  exactly, without drawing);
- value error: the mean absolute difference between the player's value
  and the table's, both divided by 42. Where the repetition rule leaves
  the table an interval [lo, hi] (a few positions with 36 or more stones
  on the board) the error is the distance to that interval.

The positions (data/modiar-10000.txt, made by the ``sample`` command,
seeded) are distinct, not over, with at least two legal moves, from games
between random and search players; a position is the same when its pits,
player to move and captures are (the ply counts only for Modiar's first
move). Positions only: the table is made with ``mancala solve modiar -o
modiar.table`` (seconds, 49 MB).

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
from typing import Callable, NamedTuple, Sequence

import mancala

STONES = 42
POSITIONS = Path(__file__).resolve().parent / "data" / "modiar-10000.txt"

#: A player: given a game, the moves it picks among (pit numbers; one for
#: a greedy player) and its value for the player to move in [-1, 1].
Player = Callable[[mancala.Game], tuple[Sequence[int], float]]


class Score(NamedTuple):
    positions: int      #: positions scored
    best_share: float   #: share of positions where the move is a best one
    value_error: float  #: mean |value - table's value|, both / 42
    inexact: int        #: positions whose table value is an interval


def read_positions(path=POSITIONS) -> list[str]:
    """The positions of a file, one a line (blank lines and # comments
    skipped)."""
    with open(path, encoding="ascii") as lines:
        return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def value_error(value: float, lo: int, hi: int) -> float:
    """How far ``value`` (scaled) lies from the table's [lo, hi] (stones)."""
    return max(lo / STONES - value, value - hi / STONES, 0.0)


def score(table: mancala.Table, positions: Sequence[str], player: Player) -> Score:
    """Scores ``player`` on ``positions`` against ``table``."""
    hits = errors = 0.0
    inexact = 0
    for text in positions:
        with mancala.Game.parse(text) as game:
            best = set(table.best_moves(game))
            lo, hi = table.value(game)
            moves, value = player(game)
            if not moves or not set(moves) <= set(game.legal_moves):
                raise ValueError(f"{text}: the player named {moves!r}, not legal moves")
        hits += sum(pit in best for pit in moves) / len(moves)
        errors += value_error(value, lo, hi)
        inexact += lo != hi
    count = len(positions)
    return Score(count, hits / count, errors / count, inexact)


def random_player(game: mancala.Game) -> tuple[Sequence[int], float]:
    """Any legal move, and a value of 0 (no knowledge)."""
    return game.legal_moves, 0.0


def search_player(depth: int) -> Player:
    """The library's alpha-beta search to ``depth`` plies: its best move
    and its score (stones, for the player to move) / 42."""
    def play(game):
        result = game.search(depth=depth, table_bytes=1 << 18)
        return (result.best_move,), max(-1.0, min(1.0, result.score / STONES))
    return play


def report(name: str, result: Score) -> str:
    """One line of the results table."""
    return (f"| {name} | {100 * result.best_share:.1f} % | {result.value_error:.3f} "
            f"| {result.value_error * STONES:.2f} |")


HEADER = ("| player | best-move share | value error (/42) | value error (stones) |\n"
          "|---|---:|---:|---:|")


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
        baseline = score(table, positions, random_player)
        print(f"{len(positions)} positions of {Path(args.positions).name}, "
              f"{baseline.inexact} with an interval for a value")
        print(HEADER)
        print(report("random", baseline), flush=True)
        for depth in args.depths:
            print(report(f"search, depth {depth}", score(table, positions, search_player(depth))),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A small round-robin tournament between players of different strength,
on Modiar and on Rio Kadalis, with a results table at the end.

Players: random moves; greedy (the move that captures most at once);
and, when the library has them, alpha-beta search and Monte Carlo tree
search. Every pair plays each seat of every rules name the same number of
times; the first two plies of each game are random (from the seed), so
that deterministic players do not replay one game. A Rio Kadalis game is
its first round.

Usage: tournament.py [--games N] [--seed S] [--rules NAME ...]
"""

import argparse
import itertools
import random
import sys

import mancala


class RandomPlayer:
    name = "random"

    def __init__(self, seed):
        self.random = random.Random(seed)

    def choose(self, game):
        return self.random.choice(game.legal_moves)


class GreedyPlayer:
    name = "greedy"

    def choose(self, game):
        me = game.to_move
        def gain(pit):
            with game.copy() as after:
                after.play(pit)
                return after.captured[me] - game.captured[me]
        return max(game.legal_moves, key=lambda pit: (gain(pit), -pit))


class SearchPlayer:
    name = "search"

    def __init__(self, depth):
        self.searcher = mancala.Searcher(1 << 22)
        self.depth = depth

    def choose(self, game):
        return self.searcher.run(game, depth=self.depth).best_move


class MctsPlayer:
    name = "mcts"

    def __init__(self, playouts, seed):
        self.playouts, self.seed = playouts, seed

    def choose(self, game):
        self.seed += 1
        return game.mcts(self.playouts, self.seed)


def make_players(seed):
    """The players this library can field; engine players only if the
    library has the engine."""
    players = [RandomPlayer(seed), GreedyPlayer()]
    probe = mancala.Game()
    try:
        players.append(SearchPlayer(depth=6))
    except mancala.Unsupported:
        print("(no search player: this libmancala has no alpha-beta search)")
    try:
        probe.mcts(1)
        players.append(MctsPlayer(playouts=400, seed=seed))
    except mancala.Unsupported:
        print("(no mcts player: this libmancala has no Monte Carlo tree search)")
    return players


def play(rules, south, north, opening):
    """Plays one game; returns its final (South, North) scores."""
    with mancala.Game(rules) as game:
        for _ in range(2):
            if not game.over:
                game.play(opening.choice(game.legal_moves))
        while not game.over:
            player = south if game.to_move == mancala.SOUTH else north
            game.play(player.choose(game))
        return game.scores


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4,
                        help="games per pair, seat and rules (default 4)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", nargs="+", default=["modiar", "rio-kadalis"],
                        choices=mancala.RULES)
    args = parser.parse_args()

    players = make_players(args.seed)
    names = [p.name for p in players]
    # table[a][b] = [wins, draws, losses] of a against b
    table = {a: {b: [0, 0, 0] for b in names} for a in names}
    stones = {a: 0 for a in names}
    opening = random.Random(args.seed)

    for rules in args.rules:
        for one, other in itertools.permutations(players, 2):
            for _ in range(args.games):
                south_score, north_score = play(rules, one, other, opening)
                stones[one.name] += south_score - north_score
                stones[other.name] += north_score - south_score
                result = (south_score < north_score) - (south_score > north_score) + 1
                table[one.name][other.name][result] += 1
                table[other.name][one.name][2 - result] += 1

    width = max(len(n) for n in names) + 2
    print(f"\n{len(args.rules)} rules x {args.games} games per pair and seat "
          f"(libmancala {mancala.library_version})\n")
    ranking = sorted(names, key=lambda n: -sum(w + d / 2 for w, d, _ in table[n].values()))
    print("".ljust(width) + "".join(f"{n:>10}" for n in ranking)
          + f"{'W':>6}{'D':>5}{'L':>5}{'points':>8}{'stones':>8}")
    for a in ranking:
        row = "".join(f"{'-':>10}" if a == b else f"{'%d-%d-%d' % tuple(table[a][b]):>10}"
                      for b in ranking)
        w, d, l = (sum(r[i] for r in table[a].values()) for i in range(3))
        print(f"{a:<{width}}{row}{w:>6}{d:>5}{l:>5}{w + d / 2:>8g}{stones[a]:>+8}")
    print("\nCells: wins-draws-losses of the row's player against the column's;"
          "\nstones: the sum of final stone differences.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

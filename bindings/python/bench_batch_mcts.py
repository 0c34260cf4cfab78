#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Leaves evaluated per second by mancala.rl.BatchMCTS with the trivial
evaluator (uniform priors, value 0), from Python: the figure of
`mancala-bench batch-mcts` with the cost of the numpy calls added.

    MANCALA_LIBRARY=build/lib/libmancala.so.1 PYTHONPATH=bindings/python \\
        python3 bindings/python/bench_batch_mcts.py [--rules R] [--games N ...] \\
        [--simulations S] [--runs K]

Each run sets every root (game i: i % 8 random plies from the start,
outside the timing), then times select(), the evaluator and answer() until
every search is done. Time is the process's CPU time (mancala-bench's
clock=cpu). Printed: the median rate of the runs, with the lowest and
highest, and the same run's leaves per round on average.
"""

import argparse
import random
import statistics
import time

import numpy as np

import mancala
from mancala import RULES, rl


def roots(rules, games):
    out = []
    for i in range(games):
        rng = random.Random(i)
        game = mancala.Game(rules)
        for _ in range(i % 8):
            game.play(rng.choice(game.legal_moves))
            if game.over:
                game.undo()
                break
        out.append(game)
    return out


def measure(search, games):
    for i, game in enumerate(games):
        search.set_root(i, game)
    priors = np.ones((search.num_games, search.num_actions), np.float32)
    values = np.zeros(search.num_games, np.float32)
    leaves = rounds = 0
    start = time.process_time()
    while True:
        count = search.select()
        if not count:
            break
        search.observations          # what a network would read
        search.legal_masks
        search.answer(priors[:count], values[:count])
        leaves += count
        rounds += 1
    return leaves / (time.process_time() - start), leaves / rounds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=RULES, action="append")
    parser.add_argument("--games", type=int, action="append")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for rules in args.rules or ["modiar", "rio-kadalis"]:
        for games in args.games or [256, 1024]:
            search = rl.BatchMCTS(rules, games, args.simulations, seed=1)
            start = roots(rules, games)
            rates = [measure(search, start) for _ in range(args.runs)]
            per_round = rates[0][1]
            rates = sorted(r for r, _ in rates)
            print(f"{rules} games={games} simulations={args.simulations} runs={args.runs} "
                  f"leaves_per_round={per_round:.0f} range_per_s={rates[0]:.0f}-{rates[-1]:.0f} "
                  f"leaves_per_s={statistics.median(rates):.0f}")


if __name__ == "__main__":
    main()

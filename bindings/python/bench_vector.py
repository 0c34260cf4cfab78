#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Steps per second of mancala.rl.VectorEnv: random actions chosen in numpy
from the masks (step()), two ways, and drawn in C (step_random()).

    MANCALA_LIBRARY=build/lib/libmancala.so.1 PYTHONPATH=bindings/python \\
        python3 bindings/python/bench_vector.py [--rules R] [--envs N] [--steps S]

A step is one game's step: a call of step() on N games counts N steps (a
game that starts its next episode in it counts too, as in mancala-bench
batch). Time is the process's CPU time, as mancala-bench's clock=cpu, so
that the figure means the same on a loaded machine; with --threads above 1
it is wall-clock time, as mancala-bench's clock=wall (the CPU time of all
threads would count the waits of the batch's threads, which spin).

The two ways of choosing in numpy, each uniform among the legal actions:
VectorEnv.random_actions() (a table indexed by each mask and a random
column), and the argmax of a random matrix times the masks, the way most
code written for other environments does it.
"""

import argparse
import time

import numpy as np

from mancala import RULES, rl


def measure(env, steps, how, rng):
    env.reset(seed=1)
    masks = env.action_masks
    clock = time.process_time if env.threads == 1 else time.perf_counter
    start = clock()
    if how == "C":
        for _ in range(steps):
            env.step_random()
    elif how == "table":
        for _ in range(steps):
            env.step(env.random_actions(rng))
    else:
        for _ in range(steps):
            env.step((rng.random(masks.shape, dtype=np.float32) * masks).argmax(axis=1))
    return steps * env.num_envs / (clock() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=RULES, action="append")
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--no-copy", action="store_true",
                        help="VectorEnv(copy=False): step() returns the object's own arrays")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    for rules in args.rules or ["modiar", "rio-kadalis"]:
        env = rl.VectorEnv(rules, args.envs, threads=args.threads,
                           **({"copy": False} if args.no_copy else {}))
        for how, name in (("table", "random_actions(), step()"),
                          ("argmax", "numpy argmax, step()"), ("C", "C step_random()")):
            best = max(measure(env, args.steps, how, rng) for _ in range(args.repeat))
            print(f"{rules:18} {args.envs} games, {args.threads} thread(s), {name:24}: "
                  f"{best / 1e6:6.2f} M steps/s")
        env.close()


if __name__ == "__main__":
    main()

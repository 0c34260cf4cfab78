#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Learns Modiar AlphaZero's way, then measures the network and its
search against the solved table (modiar_yardstick.py).

Self-play: a batch of games (mancala.rl.VectorEnv) each grows a search
tree at every move, all the trees together (mancala.rl.BatchMCTS), their
leaves evaluated by one forward pass of the network a round. The roots
get Dirichlet noise; the first plies of each game are drawn in
proportion to the visits (temperature 1), the rest are the most visited
moves; each game opens with a few random plies, neither searched nor
learnt from, so that play reaches the many positions the yardstick
samples rather than the few lines of one start. Each searched position
goes into a replay buffer with its visit shares (the policy's target)
and, once the game ends, the final stone difference for its player to
move / 42 (the value's target, the yardstick's scale). The network is
learn_modiar.py's (two hidden layers, here of 256, a policy and a value
head), trained on four minibatches drawn from the buffer after each move
of the batch (doc/research.md: the recipe that measured best).

A note on the values: by default (--terminal stones) the search values a
leaf where the game is over by its final stone difference / 42, the
network's scale; with --terminal result, by its result (win 1, draw 0,
loss -1), and near the end of a game that outweighs the network's values
and the search prefers a sure win to the largest one (doc/research.md,
"An AlphaZero-style learner").

Needs PyTorch (Debian's python3-torch) and numpy, neither of which the
library needs. Training stops after --minutes of CPU time on one thread
(the measurements on the way not counted), or at once on Ctrl-C (SIGINT)
or SIGTERM: then the network as it stands is saved and measured as
usual, a line on stderr says so, and the exit status is 1.

Usage:
  alphazero_modiar.py train --table modiar.table [--minutes 30] [--curve curve.csv]
                            [--save net.pt] [--quick]
  alphazero_modiar.py score --table modiar.table --load net.pt [--simulations 100]
                            [--c-puct 0.5]
  alphazero_modiar.py table-search --table modiar.table [--simulations 100] [--c-puct 0.5]
  alphazero_modiar.py plot curve.csv -o curve.png
"""

import argparse
import fcntl
import signal
import sys
import time

import numpy as np

import mancala
from mancala import rl

import modiar_yardstick as yardstick

ACTIONS = 3
CURVE_HEADER = ("cpu_minutes,positions,games,greedy_best,greedy_optimal,greedy_value_error,"
                "mcts_best,mcts_optimal,mcts_value_error")

#: The yardstick's figures for the other players (modiar_yardstick.py
#: score, doc/research.md): the lines of the plot.
BASELINES = (("random", 43.5), ("search, depth 1", 63.1), ("search, depth 4", 80.4),
             ("search, depth 8", 90.9))


def evaluator(net):
    """The network as BatchMCTS's evaluator: priors and values for a
    round's leaves, in one forward pass."""
    import torch

    def evaluate(observations, masks):
        with torch.no_grad():
            logits, values = net(torch.tensor(observations), torch.tensor(masks))
            return torch.softmax(logits, 1).numpy(), values.numpy()
    return evaluate


class SelfPlay:
    """Games played by the search with the network, each searched move
    kept for the buffer; finished games come out of step()."""

    def __init__(self, games: int, simulations: int, seed: int, c_puct: float, alpha: float,
                 openings: int, hot_plies: int, terminal_stones: bool, explore: float = 0.0):
        self.env = rl.VectorEnv("modiar", games, seed=seed, autoreset_mode="SameStep",
                                stones=True)
        self.search = rl.BatchMCTS("modiar", games, simulations, seed=seed, c_puct=c_puct,
                                   dirichlet_alpha=alpha, terminal_stones=terminal_stones)
        self.rng = np.random.default_rng(seed)
        self.openings, self.hot_plies = openings, hot_plies
        self.explore = explore
        self.plies = np.zeros(games, dtype=np.int64)
        self.opening = self.rng.integers(0, openings + 1, games)
        self.moves = [[] for _ in range(games)]   # (observation, mask, visit shares, mover)
        self.games = 0

    def step(self, evaluate):
        """One move in every game: returns the positions of the games that
        ended, as arrays (observations, masks, visit shares, values)."""
        env, search = self.env, self.search
        searched = np.flatnonzero(self.plies >= self.opening)
        for i in range(env.num_envs):
            if self.plies[i] >= self.opening[i]:
                with env.game(i) as game:
                    search.set_root(i, game)
            else:
                search.set_root(i, None)
        search.run(evaluate)
        actions = env.random_actions(self.rng)
        observations, masks = env.observations.copy(), env.action_masks.copy()
        movers = env.to_move.copy()
        for i in searched:
            visits = search.visits(i)
            hot = self.plies[i] - self.opening[i] < self.hot_plies
            if not (self.explore and self.rng.random() < self.explore):   # else at random
                actions[i] = search.choose(i, 1.0 if hot else 0.0)
            self.moves[i].append((observations[i], masks[i], visits / visits.sum(), movers[i]))
        _, rewards, terminated, truncated, _ = env.step(actions)
        done = []
        for i in np.flatnonzero(terminated | truncated):
            if terminated[i] and self.moves[i]:
                obs, mask, shares, mover = map(np.array, zip(*self.moves[i]))
                # The mover's final stone difference; zero-sum for the other.
                done.append((obs, mask, shares, np.where(mover == movers[i], 1, -1) * rewards[i]))
            self.moves[i] = []
            self.games += 1
        ended = terminated | truncated
        self.plies = np.where(ended, 0, self.plies + 1)
        self.opening = np.where(ended, self.rng.integers(0, self.openings + 1, env.num_envs),
                                self.opening)
        return done


class Buffer:
    """The last `size` positions searched: observation, mask, visit
    shares, value."""

    def __init__(self, size: int):
        self.arrays = (np.zeros((size, 19), np.float32), np.zeros((size, ACTIONS), np.int8),
                       np.zeros((size, ACTIONS), np.float32), np.zeros(size, np.float32))
        self.size, self.next, self.filled, self.added = size, 0, 0, 0

    def add(self, rows):
        rows = [np.asarray(x)[-self.size:] for x in rows]
        at = (self.next + np.arange(len(rows[0]))) % self.size
        for array, values in zip(self.arrays, rows):
            array[at] = values
        self.next = int(at[-1] + 1) % self.size
        self.filled = min(self.filled + len(at), self.size)
        self.added += len(at)

    def sample(self, rng, count: int):
        at = rng.integers(0, self.filled, count)
        return [array[at] for array in self.arrays]


class Yardstick:
    """The committed positions with the table's answers, to score the
    network's greedy move and its search's move quickly at any time."""

    def __init__(self, table: mancala.Table, positions, simulations: int, c_puct: float,
                 terminal_stones: bool):
        # The search first: it checks its numbers before the slow part.
        self.search = rl.BatchMCTS("modiar", len(positions), simulations, c_puct=c_puct,
                                   terminal_stones=terminal_stones)
        self.positions = positions
        self.answers = yardstick.answers(table, positions)
        self.observations, self.masks, self.pits = [], [], []
        for text in positions:
            with mancala.Game.parse(text) as game:
                self.observations.append(np.asarray(game.observation_tensor(), np.float32))
                self.masks.append(np.asarray(game.legal_actions_mask(), np.int8))
                self.pits.append([game.action_to_pit(a) for a in range(ACTIONS)])
        self.observations, self.masks = np.array(self.observations), np.array(self.masks)

    def _score(self, actions, values) -> yardstick.Score:
        return yardstick.tally([((pits[a],), float(v), known) for pits, a, v, known
                                in zip(self.pits, actions, values, self.answers)])

    def greedy(self, net) -> yardstick.Score:
        priors, values = evaluator(net)(self.observations, self.masks)
        return self._score(priors.argmax(1), values)

    def mcts(self, evaluate, stop=None) -> yardstick.Score:
        """The search's most visited move and its root value, with
        ``evaluate`` (a network's evaluator()); None if stopped on the
        way."""
        search = self.search
        for i, text in enumerate(self.positions):
            search.set_position(i, text)
        while search.select():
            if stop and stop.signal:
                return None
            search.answer(*evaluate(search.observations, search.legal_masks))
        count = len(self.positions)
        return self._score([search.choose(i) for i in range(count)],
                           [search.value(i) for i in range(count)])


def table_evaluator(table: mancala.Table):
    """The table's values in place of a network's, with uniform priors:
    what the search makes of a perfect value. A Modiar observation holds
    all the table needs: the pits and captures from the mover's side (the
    board is the same turned round) and the first-move flag."""
    known = {}

    def value(observation) -> float:
        pits = np.rint(observation[:2 * ACTIONS] * yardstick.STONES).astype(int)
        mine, theirs = np.rint(observation[4 * ACTIONS:4 * ACTIONS + 2] * yardstick.STONES)
        text = (f"modiar/{','.join(map(str, pits))}/S/{int(mine)},{int(theirs)}/"
                f"{0 if observation[4 * ACTIONS + 4] else 1}")
        if text not in known:
            with mancala.Game.parse(text) as game:
                known[text] = table.value(game).lo / yardstick.STONES
        return known[text]

    def evaluate(observations, masks):
        return (np.ones(masks.shape, np.float32),
                np.array([value(o) for o in observations], np.float32))
    return evaluate


def exclusive(path: str, mode: str):
    """A new file, opened and locked: an existing one is refused, never
    overwritten."""
    handle = open(path, mode.replace("w", "x"))
    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return handle


def train(args, net, play: SelfPlay, stick: Yardstick, curve, stop) -> None:
    import torch
    from torch import nn
    optimiser = torch.optim.Adam(net.parameters(), lr=args.rate, weight_decay=1e-4)
    rng = np.random.default_rng(args.seed)
    buffer = Buffer(args.buffer)
    budget = args.minutes * 60
    measured = 0.0                      # CPU seconds of the measurements
    start = time.process_time()
    next_point = 0.0

    def spent():
        return time.process_time() - start - measured

    while not stop.signal:
        if spent() >= next_point or spent() >= budget:
            began = time.process_time()
            net.eval()
            greedy = stick.greedy(net)
            searched = stick.mcts(evaluator(net), stop)
            net.train()
            measured += time.process_time() - began
            if searched is None:
                break
            minutes = (time.process_time() - start - measured) / 60
            line = (f"{minutes:.2f},{buffer.added},{play.games},{greedy.best_share:.4f},"
                    f"{greedy.optimal_share:.4f},{greedy.value_error:.4f},"
                    f"{searched.best_share:.4f},{searched.optimal_share:.4f},"
                    f"{searched.value_error:.4f}")
            if curve:
                curve.write(line + "\n")
                curve.flush()
            print(f"{minutes:6.2f} min CPU, {buffer.added:,} positions, {play.games:,} games: "
                  f"greedy {100 * greedy.best_share:.1f} %, search "
                  f"{100 * searched.best_share:.1f} %", file=sys.stderr, flush=True)
            next_point += args.every * 60
            if spent() >= budget:
                break
        net.eval()
        for rows in play.step(evaluator(net)):
            buffer.add(rows)
        net.train()
        if buffer.filled < args.batch:
            continue
        for group in optimiser.param_groups:   # the rate falls to a tenth at the end
            group["lr"] = args.rate * max(0.1, 1 - spent() / budget)
        for _ in range(args.updates):
            obs, mask, shares, value = (torch.from_numpy(x) for x in
                                        buffer.sample(rng, args.batch))
            logits, predicted = net(obs, mask)
            policy_loss = -(shares * torch.log_softmax(logits, 1)).sum(1).mean()
            loss = policy_loss + ((predicted - value) ** 2).mean()
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            optimiser.step()
    play.env.close()
    print(f"trained: {spent():.0f} s of CPU ({measured:.0f} s more measuring), "
          f"{buffer.added:,} positions searched, {play.games:,} games")


def plot(curve_path: str, output: str) -> None:
    """The learning curve: the share of best moves (as the table ranks
    them) against training minutes, with the other players' lines."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot
    data = np.genfromtxt(curve_path, delimiter=",", names=True)
    figure, axes = pyplot.subplots(figsize=(6.4, 4), dpi=80)
    minutes = data["cpu_minutes"]
    axes.plot(minutes, 100 * data["mcts_best"], "o-", label="network + search")
    axes.plot(minutes, 100 * data["greedy_best"], "s-", label="network, greedy")
    for (name, share), style in zip(BASELINES, (":", "--", "-.", "-")):
        axes.axhline(share, color="grey", linestyle=style, linewidth=1)
        axes.annotate(f"{name}: {share} %", (minutes.min(), share), xytext=(2, 2),
                      textcoords="offset points", fontsize=8, color="grey")
    axes.set_xlabel("training, minutes of one core")
    axes.set_ylabel("best moves as the table ranks them, %")
    axes.set_title("AlphaZero-style self-play, Modiar: 10,000 positions", fontsize=10)
    axes.set_ylim(30, 100)
    axes.legend(loc="lower right", fontsize=8)
    figure.tight_layout()
    figure.savefig(output)


def add_search_options(parser) -> None:
    """The options of the search scored by table-search and score."""
    parser.add_argument("--table", required=True, help="the solved Modiar table")
    parser.add_argument("--positions", default=yardstick.POSITIONS)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--c-puct", type=float, default=0.5)
    parser.add_argument("--terminal", choices=("stones", "result"), default="stones")


def scored_search(args, parser, table: mancala.Table, positions) -> Yardstick:
    """The yardstick with the search of the options (train's
    --eval-simulations, the others' --simulations; --c-puct, --terminal).
    Numbers the search refuses (0, negative, nan) are refused as any bad
    option is: one line, exit status 2."""
    if args.command == "train":
        option, simulations = "--eval-simulations", args.eval_simulations
    else:
        option, simulations = "--simulations", args.simulations
    try:
        return Yardstick(table, positions, simulations, args.c_puct, args.terminal == "stones")
    except mancala.MancalaError as error:
        parser.error(f"{option} {simulations}, --c-puct {args.c_puct}: {error}")


def self_play(args, parser) -> SelfPlay:
    """The self-play of train's options; numbers it or the network cannot
    take are refused as any bad option is: one line, exit status 2."""
    for name, value, ok, need in (
            ("--openings", args.openings, args.openings >= 0, "0 or more"),
            ("--hot-plies", args.hot_plies, args.hot_plies >= 0, "0 or more"),
            ("--explore", args.explore, 0 <= args.explore <= 1, "from 0 to 1"),
            ("--rate", args.rate, 0 < args.rate < float("inf"), "more than 0"),
            ("--buffer", args.buffer, args.buffer > 0, "more than 0"),
            ("--batch", args.batch, args.batch > 0, "more than 0"),
            ("--updates", args.updates, args.updates > 0, "more than 0"),
            ("--hidden", args.hidden, args.hidden > 0, "more than 0")):
        if not ok:
            parser.error(f"{name} {value}: {need}")
    try:
        return SelfPlay(args.games, args.simulations, args.seed, args.c_puct, args.alpha,
                        args.openings, args.hot_plies, args.terminal == "stones", args.explore)
    except mancala.MancalaError as error:
        parser.error(f"--games {args.games}, --simulations {args.simulations}, "
                     f"--alpha {args.alpha}: {error}")


def table_search(args, parser) -> int:
    if args.quick:
        args.simulations = 8
    try:
        positions = yardstick.read_positions(args.positions)[::50 if args.quick else 1]
        table = mancala.Table(args.table)
    except (OSError, mancala.MancalaError) as error:
        parser.error(str(error))
    with table:
        stick = scored_search(args, parser, table, positions)
        result = stick.mcts(table_evaluator(table))
    print(f"{len(positions)} positions; search: {args.simulations} simulations, "
          f"c_puct {args.c_puct}, games over valued by {args.terminal}")
    print(yardstick.HEADER)
    print(yardstick.report("table's values + search", result))
    return 0


def measure(net, stick: Yardstick, count: int, simulations: int, args) -> None:
    """Prints the network's greedy and search rows of the yardstick."""
    print(f"{count} positions; search: {simulations} simulations, "
          f"c_puct {args.c_puct}, games over valued by {args.terminal}")
    print(yardstick.HEADER)
    print(yardstick.report("network, greedy", stick.greedy(net)))
    print(yardstick.report("network + search", stick.mcts(evaluator(net))), flush=True)


def load(path: str):
    """The network saved by --save at ``path``; ValueError if the file is
    not one (torch.load's own errors run to many lines)."""
    import pickle
    import torch
    from learn_modiar import Net
    try:
        weights = torch.load(path, weights_only=True)
        net = Net(weights["policy.weight"].shape[1])
        net.load_state_dict(weights)
    except (pickle.UnpicklingError, RuntimeError, KeyError, TypeError, IndexError,
            AttributeError, EOFError) as error:
        raise ValueError(f"{path}: not a network saved by this example "
                         f"({type(error).__name__})") from None
    return net


def score(args, parser) -> int:
    """A saved network's greedy move and its search's, scored with the
    search's settings given here rather than those of its training."""
    import torch
    torch.set_num_threads(1)
    try:
        positions = yardstick.read_positions(args.positions)[::50 if args.quick else 1]
        net = load(args.load)
        table = mancala.Table(args.table)
    except (OSError, ValueError, mancala.MancalaError) as error:
        parser.error(str(error))
    net.eval()
    with table:
        stick = scored_search(args, parser, table, positions)
    measure(net, stick, len(positions), args.simulations, args)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    training = commands.add_parser("train", help="train, then score against the table")
    training.add_argument("--table", required=True, help="the solved Modiar table")
    training.add_argument("--positions", default=yardstick.POSITIONS)
    training.add_argument("--minutes", type=float, default=30.0, help="CPU time to train")
    training.add_argument("--every", type=float, default=3.0,
                          help="minutes of training between two points of the curve")
    training.add_argument("--curve", help="write the learning curve there (CSV; a new file)")
    training.add_argument("--save", help="write the network's weights there (a new file)")
    training.add_argument("--quick", action="store_true",
                          help="a smoke run: a few games, 200 positions scored")
    training.add_argument("--seed", type=int, default=1)
    training.add_argument("--games", type=int, default=256, help="games played at once")
    training.add_argument("--simulations", type=int, default=50, help="of each self-play move")
    training.add_argument("--eval-simulations", type=int, default=100,
                          help="of the search scored")
    training.add_argument("--c-puct", type=float, default=0.5)
    training.add_argument("--terminal", choices=("stones", "result"), default="stones",
                          help="how the search values a game over (default: stones)")
    training.add_argument("--alpha", type=float, default=1.0, help="of the roots' noise")
    training.add_argument("--openings", type=int, default=20, help="random plies at most")
    training.add_argument("--hot-plies", type=int, default=8,
                          help="searched plies drawn at temperature 1")
    training.add_argument("--explore", type=float, default=0.0,
                          help="share of searched moves played at random instead")
    training.add_argument("--buffer", type=int, default=200000)
    training.add_argument("--batch", type=int, default=512)
    training.add_argument("--updates", type=int, default=4, help="per move of the batch")
    training.add_argument("--rate", type=float, default=1e-3)
    training.add_argument("--hidden", type=int, default=256, help="units of each hidden layer")
    oracle = commands.add_parser("table-search", help="score the search with the table's "
                                 "values in place of a network's")
    add_search_options(oracle)
    oracle.add_argument("--quick", action="store_true", help="200 positions, 8 simulations")
    scoring = commands.add_parser("score", help="score a saved network (--save) and its "
                                  "search")
    add_search_options(scoring)
    scoring.add_argument("--load", required=True, help="the network's weights")
    scoring.add_argument("--quick", action="store_true", help="200 positions")
    plotting = commands.add_parser("plot", help="draw a learning curve as a PNG")
    plotting.add_argument("curve")
    plotting.add_argument("-o", "--output", required=True)
    args = parser.parse_args(argv)

    if args.command == "plot":
        plot(args.curve, args.output)
        return 0
    if args.command == "table-search":
        return table_search(args, parser)
    if args.command == "score":
        return score(args, parser)
    if args.quick:
        args.games, args.simulations, args.eval_simulations = 16, 8, 8
    if not 0 < args.minutes <= 600 or args.every <= 0:
        parser.error("--minutes: more than 0, at most 600; --every: more than 0")
    # Everything is checked before the training, not after it; the new
    # files last, so that a refusal leaves none behind.
    try:
        positions = yardstick.read_positions(args.positions)[::50 if args.quick else 1]
        table = mancala.Table(args.table)
    except (OSError, mancala.MancalaError) as error:
        parser.error(str(error))
    with table:
        stick = scored_search(args, parser, table, positions)
    play = self_play(args, parser)
    curve = saved = None
    try:
        curve = exclusive(args.curve, "w") if args.curve else None
        saved = exclusive(args.save, "wb") if args.save else None
    except OSError as error:
        for handle in (curve, saved):
            if handle:
                handle.close()
        parser.error(str(error))
    if curve:
        curve.write(CURVE_HEADER + "\n")

    import torch
    from learn_modiar import Net, Stop
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    net = Net(args.hidden)
    with Stop() as stop:
        train(args, net, play, stick, curve, stop)
    if stop.signal:
        print(f"alphazero_modiar.py: stopped by {signal.Signals(stop.signal).name}; the "
              "network as it stands is " + ("saved and " if saved else "") + "measured",
              file=sys.stderr, flush=True)
    if saved:
        torch.save(net.state_dict(), saved)
    net.eval()
    measure(net, stick, len(positions), args.eval_simulations, args)
    for handle in (curve, saved):
        if handle:
            handle.close()
    return 1 if stop.signal else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Learns Modiar by self-play, then measures the result against the
solved table (modiar_yardstick.py).

A small policy/value network (two hidden layers) plays both seats of a
batch of games through the vector environment, mancala.rl.VectorEnv (the
C batch: observations from the mover's side, actions relative to the
mover, so one policy serves both seats), and learns by proximal policy
optimisation (PPO, clipped) with generalised advantage estimation. Each
game opens with 0 to 10 random plies (not learnt from), so that play
does not narrow to the few lines of a sure policy from the one start. The
value is the final stone difference for the player to move divided by
the 42 stones (the environment's rewards with stones=True), the scale of
the yardstick; the game is zero-sum, so a value seen from the next mover
is negated when the mover changes.

Inputs: each pit's stones both as a count / 42 and one-hot (0 ... 15 and
more; captures depend on exact counts), the captures, and Modiar's
first-move flag. The observation's round and plies since the last capture
are left out: the solved value does not depend on them, and a position
read from text has no past.

Needs PyTorch (Debian's python3-torch) and numpy, neither of which the
library needs. Training stops after --minutes of CPU time (default 10)
on one thread, or after --iterations, or at once on Ctrl-C (SIGINT) or
SIGTERM: then the network as it stands (the updates made so far, each
whole) is saved and measured as usual, a line on stderr says so, and the
exit status is 1.

Usage: learn_modiar.py [--table modiar.table] [--minutes 10] [--iterations N]
                       [--seed 1] [--save net.pt]
"""

import argparse
import os
import signal
import sys
import time

import numpy as np
import torch
from torch import nn

import mancala
from mancala import rl

import modiar_yardstick as yardstick

PITS = 6            # both rows, from the mover's side
MAX_COUNT = 15      # one-hot classes 0 ... 14, and 15 for 15 or more
ACTIONS = 3


class Net(nn.Module):
    def __init__(self, hidden: int = 128):
        super().__init__()
        inputs = PITS * (MAX_COUNT + 2) + 3
        self.body = nn.Sequential(nn.Linear(inputs, hidden), nn.ReLU(),
                                  nn.Linear(hidden, hidden), nn.ReLU())
        self.policy = nn.Linear(hidden, ACTIONS)
        self.value = nn.Linear(hidden, 1)

    @staticmethod
    def features(obs: torch.Tensor) -> torch.Tensor:
        """The inputs from observations (float32 [B, 4n + 7], layout of
        mancala_observation() in mancala.h)."""
        counts = obs[:, :PITS]
        classes = torch.round(counts * yardstick.STONES).long().clamp(max=MAX_COUNT)
        one_hot = nn.functional.one_hot(classes, MAX_COUNT + 1).flatten(1).float()
        # Offsets 4n, 4n + 1: captures; 4n + 4: the first move.
        rest = obs[:, [4 * ACTIONS, 4 * ACTIONS + 1, 4 * ACTIONS + 4]]
        return torch.cat([counts, one_hot, rest], dim=1)

    def forward(self, obs, mask):
        """Logits, illegal actions' so low that their probability is 0
        (not -inf: the entropy's gradient would be nan), and values in
        [-1, 1]."""
        hidden = self.body(self.features(obs))
        logits = self.policy(hidden).masked_fill(mask == 0, -1e9)
        return logits, torch.tanh(self.value(hidden)).squeeze(1)


class Stop:
    """Ctrl-C (SIGINT) and SIGTERM while in a `with Stop()`: the signal is
    kept in `signal`, for the training to stop at its next step."""

    def __init__(self):
        self.signal = None
        self.previous = {}

    def __enter__(self):
        for signo in (signal.SIGINT, signal.SIGTERM):
            self.previous[signo] = signal.signal(signo, self.caught)
        return self

    def caught(self, signo, frame):
        self.signal = signo

    def __exit__(self, *exc):
        for signo, handler in self.previous.items():
            signal.signal(signo, handler)


def train(net: Net, cpu_seconds: float, iterations: int, seed: int, stop: Stop, envs: int = 256,
          steps: int = 32, epochs: int = 3, minibatch: int = 2048, lam: float = 0.95,
          clip: float = 0.2, entropy: float = 0.01, rate: float = 1e-3,
          openings: int = 10) -> None:
    env = rl.VectorEnv("modiar", envs, seed=seed, autoreset_mode="SameStep", stones=True)
    optimiser = torch.optim.Adam(net.parameters(), lr=rate)
    rng = np.random.default_rng(seed)
    played = np.zeros(envs, dtype=np.int64)        # plies of each game's episode
    opening = rng.integers(0, openings + 1, envs)  # its random plies first
    start = time.process_time()
    shown = start
    iteration = episodes = 0
    while iteration < iterations and not stop.signal:
        spent = time.process_time() - start
        if spent >= cpu_seconds:
            break
        for group in optimiser.param_groups:   # the rate falls to 0 at the end
            group["lr"] = rate * max(0.05, 1 - max(spent / cpu_seconds, iteration / iterations))
        obs = torch.empty(steps, envs, env.observations.shape[1])
        masks = torch.empty(steps, envs, ACTIONS, dtype=torch.int8)
        actions = torch.empty(steps, envs, dtype=torch.long)
        logps = torch.empty(steps, envs)
        values = torch.empty(steps + 1, envs)
        rewards = torch.empty(steps, envs)
        done = torch.empty(steps, envs)
        same = torch.empty(steps, envs)    # 1 if the next mover is this one, else -1
        learn = torch.empty(steps, envs, dtype=torch.bool)   # not a random opening ply
        with torch.no_grad():
            for t in range(steps):
                if stop.signal:
                    break   # this iteration's games are not learnt from
                obs[t] = torch.tensor(env.observations)
                masks[t] = torch.tensor(env.action_masks)
                mover = env.to_move.copy()
                logits, values[t] = net(obs[t], masks[t])
                choice = torch.distributions.Categorical(logits=logits)
                chosen = choice.sample().numpy()
                randomly = played < opening
                actions[t] = torch.from_numpy(np.where(randomly, env.random_actions(rng), chosen))
                learn[t] = torch.from_numpy(~randomly)
                logps[t] = choice.log_prob(actions[t])
                _, reward, terminated, truncated, _ = env.step(actions[t].numpy().astype(np.int32))
                rewards[t] = torch.from_numpy(reward)   # the mover's
                ended = terminated | truncated
                done[t] = torch.from_numpy(ended.astype(np.float32))
                same[t] = torch.from_numpy(np.where(env.to_move == mover, 1.0, -1.0))
                episodes += int(ended.sum())
                played = np.where(ended, 0, played + 1)
                opening = np.where(ended, rng.integers(0, openings + 1, envs), opening)
            if stop.signal:
                break
            values[steps] = net(torch.tensor(env.observations),
                                torch.tensor(env.action_masks))[1]
            advantages = torch.empty(steps, envs)
            following = torch.zeros(envs)
            for t in reversed(range(steps)):
                going = (1 - done[t]) * same[t]
                delta = rewards[t] + going * values[t + 1] - values[t]
                following = delta + lam * going * following
                advantages[t] = following
            returns = advantages + values[:steps]

        kept = learn.reshape(-1)
        flat = [x.reshape(steps * envs, *x.shape[2:])[kept]
                for x in (obs, masks, actions, logps, advantages, returns)]
        flat[4] = (flat[4] - flat[4].mean()) / (flat[4].std() + 1e-8)
        for _ in range(epochs):
            for batch in torch.randperm(len(flat[0])).split(minibatch):
                if stop.signal:
                    break   # the updates made so far stay, each whole
                b_obs, b_mask, b_act, b_logp, b_adv, b_ret = (x[batch] for x in flat)
                logits, value = net(b_obs, b_mask)
                choice = torch.distributions.Categorical(logits=logits)
                ratio = torch.exp(choice.log_prob(b_act) - b_logp)
                policy_loss = -torch.min(ratio * b_adv,
                                         ratio.clamp(1 - clip, 1 + clip) * b_adv).mean()
                loss = (policy_loss + 0.5 * ((value - b_ret) ** 2).mean()
                        - entropy * choice.entropy().mean())
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                optimiser.step()
        iteration += 1
        if time.process_time() - shown >= 60:
            shown = time.process_time()
            print(f"{shown - start:5.0f} s CPU: {iteration} iterations, "
                  f"{iteration * steps * envs:,} positions, {episodes:,} games",
                  file=sys.stderr, flush=True)
    env.close()
    print(f"trained: {time.process_time() - start:.0f} s of CPU, {iteration} iterations, "
          f"{iteration * steps * envs:,} positions, {episodes:,} games")


def network_player(net: Net):
    """The network as a yardstick player: its greedy move, its value."""
    def play(game):
        obs = torch.tensor(np.asarray(game.observation_tensor()), dtype=torch.float32)[None]
        mask = torch.tensor(np.asarray(game.legal_actions_mask()))[None]
        with torch.no_grad():
            logits, value = net(obs, mask)
        return (game.action_to_pit(int(logits.argmax())),), float(value)
    return play


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", help="the solved Modiar table, to measure the network")
    parser.add_argument("--positions", default=yardstick.POSITIONS)
    parser.add_argument("--minutes", type=float, default=10.0, help="CPU time to train")
    parser.add_argument("--iterations", type=int, default=1 << 62)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="write the network's weights there")
    args = parser.parse_args(argv)
    if not 0 < args.minutes <= 10:
        parser.error("--minutes: more than 0, at most 10")
    # The files are checked before the training, not after its minutes.
    if args.save and not os.access(os.path.dirname(os.path.abspath(args.save)), os.W_OK):
        parser.error(f"--save: cannot write into the folder of {args.save}")
    table = None
    if args.table:
        try:
            positions = yardstick.read_positions(args.positions)
            table = mancala.Table(args.table)
        except (OSError, mancala.MancalaError) as error:
            parser.error(str(error))

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    net = Net()
    with Stop() as stop:
        train(net, args.minutes * 60, args.iterations, args.seed, stop)
    if stop.signal:
        kept = " and ".join(what for what, asked in (("saved", args.save), ("measured", table))
                            if asked)
        print(f"learn_modiar.py: stopped by {signal.Signals(stop.signal).name}"
              + (f"; the network as it stands is {kept}" if kept else ""),
              file=sys.stderr, flush=True)
    if args.save:
        torch.save(net.state_dict(), args.save)
    if table:
        with table:
            result = yardstick.score(table, positions, network_player(net.eval()))
        print(yardstick.HEADER)
        print(yardstick.report("network", result))
    return 1 if stop.signal else 0


if __name__ == "__main__":
    sys.exit(main())

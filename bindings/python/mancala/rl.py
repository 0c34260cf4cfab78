# SPDX-License-Identifier: MIT
"""Environments for reinforcement learning, in the conventions of
PettingZoo (an AEC environment, :func:`env`) and Gymnasium (a vector
environment over the C batch, :class:`VectorEnv`).

Neither PettingZoo nor Gymnasium is needed. When one can be imported, the
classes of its convention derive from its base class, chosen when this
module is imported (``pettingzoo.AECEnv``, ``gymnasium.vector.VectorEnv``),
so that its own tests and wrappers take them; otherwise they are the same
classes on ``object``. ``observation_space()`` and ``action_space()`` give
gymnasium ``Space`` objects (without gymnasium they raise ImportError).
numpy is needed by :class:`VectorEnv` (its arrays are numpy views of the
batch's C arrays) and optional for the AEC environment.

Every rule is the C library's: these classes only call it.
"""

from __future__ import annotations

import array
import ctypes
import math
from ctypes import byref, c_int, create_string_buffer
from typing import Optional

from . import _tensor
from ._handle import INT, NativeHandle, flag, in_use, integer
from ._native import REASON_MAX, batch_p, lib
from .errors import (Busy, GameOver, InvalidArgument, ParseError, StateError, UnknownRules,
                     check, illegal, shown)
from .game import Game, _parsed_text, _rules_name

__all__ = ["AECEnv", "VectorEnv", "OpponentEnv", "env", "AUTORESET_MODES"]

#: Gymnasium 1.x's names of the autoreset modes (gymnasium.vector.AutoresetMode
#: values), and the C library's numbers (enum mancala_autoreset).
AUTORESET_MODES = {"NextStep": 0, "SameStep": 1, "Disabled": 2}

_OPT_AUTORESET = 101
_OPT_MATCH = 102
_OPT_REWARD = 103
_OPT_THREADS = 104
_OPT_MAX_PLIES = 105
_OPT_RESTART = 106
_OPT_ENDED_MASK = 107
_OPT_REPETITION = 1


def _gymnasium_spaces():
    try:
        from gymnasium import spaces
    except ImportError:
        raise ImportError("observation_space() and action_space() give gymnasium.spaces "
                          "objects: install gymnasium") from None
    return spaces


def _observation_box(spaces, np, size: int, rows: tuple = ()):
    """The Box of observations (mancala_observation()): entries in [0, 1],
    the last two (the round and the plies since a capture) counts in
    [0, inf); ``rows`` in front for a batch."""
    high = np.array([1.0] * (size - 2) + [np.inf] * 2, dtype=np.float32)
    return spaces.Box(np.zeros(rows + (size,), np.float32), np.broadcast_to(high, rows + (size,)),
                      dtype=np.float32)


def _seed(seed) -> int:
    """A seed: None (0), or an integer from 0 to 2**64 - 1."""
    if seed is None:
        return 0
    return integer(seed, "seed", 0, 2**64 - 1, (0, 2**64 - 1))


# -- PettingZoo's AEC environment -----------------------------------------

try:   # the class is PettingZoo's when PettingZoo can be imported
    from pettingzoo import AECEnv as _AECBase
except ImportError:
    _AECBase = object


class AECEnv(_AECBase):
    """A game of Modiar or Rio Kadalis as a PettingZoo AEC environment: a
    ``pettingzoo.AECEnv`` when PettingZoo can be imported (its
    ``api_test`` and ``seed_test`` pass), the same class on ``object``
    otherwise.

    Agents are ``"south"`` and ``"north"``. ``observe(agent)`` gives
    ``{"observation": float32[4n + 7], "action_mask": int8[n]}``: the
    observation of mancala_observation() seen from ``agent``'s side, and a
    mask that is all 0 for the agent not to move. Actions are relative to
    the mover (:meth:`Game.apply_action`). When the episode (a game of
    Modiar, a round of Rio Kadalis, or a whole match with ``match=True``)
    ends, both agents get their return as reward (+1/0/-1, or the stone
    difference with ``stones=True``) and are terminated; each then takes a
    dead step, ``step(None)``, as PettingZoo requires, after which
    ``agents`` is empty.

    ``game`` is the :class:`~mancala.Game` being played (read it, search
    it or copy it; do not play on it).
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "mancala_v0",
                "is_parallelizable": False}

    def __init__(self, rules: str = "modiar", *, match: bool = False, stones: bool = False,
                 repetition: bool = True, render_mode: Optional[str] = None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgument(f"render_mode {shown(render_mode)}: not one of "
                                  f"{self.metadata['render_modes']}")
        self.rules = rules
        self.match = flag(match, "match")
        self.stones = flag(stones, "stones")
        self.repetition = flag(repetition, "repetition")
        self.render_mode = render_mode
        self.possible_agents = ["south", "north"]
        self._spaces = {}
        self.game = Game(rules, repetition=self.repetition)
        self._n = self.game.num_distinct_actions()
        self._size = len(self.game.observation_tensor())
        self.reset()

    # -- PettingZoo's attributes

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def observation_space(self, agent: str):
        """gymnasium.spaces.Dict with ``observation`` (Box of float32 in
        [0, 1], the last two entries counts in [0, inf)) and ``action_mask``
        (Box of int8 in {0, 1}); the same object at every call, as
        PettingZoo's api_test requires."""
        def make(spaces, np):
            return spaces.Dict({
                "observation": _observation_box(spaces, np, self._size),
                "action_mask": spaces.Box(0, 1, (self._n,), np.int8)})
        return self._space("observation", agent, make)

    def action_space(self, agent: str):
        """gymnasium.spaces.Discrete(n), the same object at every call."""
        return self._space("action", agent, lambda spaces, np: spaces.Discrete(self._n))

    def _space(self, kind: str, agent: str, make):
        key = (kind, self.possible_agents[self._agent_index(agent)])
        if key not in self._spaces:
            spaces = _gymnasium_spaces()
            import numpy as np
            self._spaces[key] = make(spaces, np)
        return self._spaces[key]

    @property
    def observation_spaces(self) -> dict:
        return {agent: self.observation_space(agent) for agent in self.possible_agents}

    @property
    def action_spaces(self) -> dict:
        return {agent: self.action_space(agent) for agent in self.possible_agents}

    def _agent_index(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise InvalidArgument(f"agent {shown(agent)}: not 'south' or 'north'") from None

    # -- PettingZoo's methods

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new episode from the start position. The games have
        no chance: ``seed`` is checked and otherwise unused; ``options``
        may hold ``"position"``, a position string of this environment's
        rules to start from (a round that is over there goes on to the
        next in a match episode).

        Raises:
            ParseError: the position is malformed.
            InvalidArgument: the position is of other rules.
        """
        _seed(seed)
        position = (options or {}).get("position")
        game = (Game(self.rules, repetition=self.repetition) if position is None
                else Game.parse(position, repetition=self.repetition))
        if game.rules != self.rules:
            rules = game.rules
            game.close()
            raise InvalidArgument(f"position {shown(position)}: of rules {rules}, not "
                                  f"{self.rules}")
        self._next_round_if_due(game)
        old, self.game = self.game, game
        old.close()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game.to_move]
        self._end_if_over()   # a position given that is already over
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict:
        """``{"observation": float32[4n + 7], "action_mask": int8[n]}``
        from ``agent``'s side; the mask is all 0 unless ``agent`` is to
        move and the episode goes on."""
        index = self._agent_index(agent)
        observation = self.game.observation_tensor(index)
        mask = self.game.legal_actions_mask(index)
        mask = mask.view(_tensor.np.int8) if _tensor.np is not None else array.array("b", mask)
        return {"observation": observation, "action_mask": mask}

    def last(self, observe: bool = True):
        """(observation, cumulative reward, termination, truncation, info)
        of ``agent_selection``."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63):
        """Yields ``agent_selection`` while agents remain (at most
        ``max_iter`` times)."""
        max_iter = integer(max_iter, "max_iter", 0, 2**63, (0, 2**63))
        count = 0
        while self.agents and count < max_iter:
            yield self.agent_selection
            count += 1

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` (relative to the mover) for ``agent_selection``;
        ``None`` is the dead step of a terminated agent, which removes it
        from ``agents``.

        Raises:
            IllegalMove: the action is not legal (nothing changes).
            ValueError: an action other than None for a terminated agent.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        if action is None:
            raise InvalidArgument(f"agent {agent!r} is not terminated: None is not an action")
        self.game.apply_action(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._next_round_if_due(self.game)
        self.agent_selection = self.possible_agents[self.game.to_move]
        self._end_if_over()
        self._accumulate_rewards()

    def _next_round_if_due(self, game: Game) -> None:
        """In a match episode, a round that is over goes on to the next."""
        if self.match and game.over and not game.match_over:
            game.next_round()

    def _end_if_over(self) -> None:
        """When the episode is over: both agents terminated, with their
        returns as rewards."""
        game = self.game
        if not (game.match_over if self.match else game.over):
            return
        returns = game.returns(stones=self.stones, match=self.match)
        for index, agent in enumerate(self.possible_agents):
            self.rewards[agent] = returns[index]
            self.terminations[agent] = True

    def _dead_step(self, action) -> None:
        """PettingZoo's ``_was_dead_step()``: removes the terminated
        agent, then selects the next terminated one."""
        if action is not None:
            raise InvalidArgument("when an agent is terminated, the only valid action is None")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards,
                      self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()

    def _clear_rewards(self) -> None:
        for agent in self.rewards:
            self.rewards[agent] = 0.0

    def _accumulate_rewards(self) -> None:
        for agent, reward in self.rewards.items():
            self._cumulative_rewards[agent] += reward

    def render(self) -> Optional[str]:
        """The board as text (``"ansi"``: returned; ``"human"``:
        printed)."""
        text = repr(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game.close()

    def __str__(self) -> str:
        return self.metadata["name"]

    @property
    def unwrapped(self) -> "AECEnv":
        return self


def env(rules: str = "modiar", **kwargs) -> AECEnv:
    """A PettingZoo AEC environment (:class:`AECEnv`), as
    ``pettingzoo.classic.*.env()`` makes one."""
    return AECEnv(rules, **kwargs)


# -- Gymnasium's single-agent environment: one seat against the library ----

try:   # the class is Gymnasium's when Gymnasium can be imported
    from gymnasium import Env as _EnvBase
except ImportError:
    _EnvBase = object


class OpponentEnv(_EnvBase):
    """One seat of a game against an opponent the library plays, as a
    single-agent Gymnasium environment: a ``gymnasium.Env`` when
    Gymnasium can be imported (``gymnasium.utils.env_checker.check_env``
    passes), the same class otherwise. numpy is needed.

    Observations are float32 ``[4n + 7]`` (mancala_observation()) from the
    agent's side; actions ``0 ... n-1`` are the agent's pits in its own
    order (:meth:`Game.apply_action`). ``info["action_mask"]`` (int8
    ``[n]``, 1 for a legal action) comes with every observation, as in
    Gymnasium's own Taxi. The reward is 0 until the episode (a game of
    Modiar, a round of Rio Kadalis, or a whole match with ``match=True``)
    ends, then the agent's return: +1, 0 or -1, or the stone difference
    in [-1, 1] with ``stones=True``. The opponent replies within the same
    step; when the agent sits North it opens in :meth:`reset`.

    An action in ``0 ... n-1`` that the rules forbid ends the episode
    with reward -1 and ``info["illegal_action"]`` True, the position
    unchanged (PettingZoo's TerminateIllegalWrapper does the same), so
    that an agent without masking learns to avoid it. Any other action is
    an error.

    Args:
        rules: a rules name (:data:`mancala.RULES`).
        opponent: ``"random"`` (uniform among the legal actions),
            ``"level:L"`` (:meth:`Game.level_move`, L from 1 to 20; 20 is
            timed, so not reproducible), or a function ``f(game) ->
            action`` given a copy of the game.
        seat: 0 (South, who opens) or 1 (North).
        match, stones, repetition: as for :class:`AECEnv`.
        render_mode: None, ``"ansi"`` or ``"human"``.

    The opponent's choices come from :attr:`np_random`, seeded by
    ``reset(seed=...)``: a seed and the agent's actions fix the episode.
    ``observation_space`` and ``action_space`` are Gymnasium's Box and
    Discrete, None when Gymnasium cannot be imported.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, rules: str = "modiar", *, opponent="random", seat: int = 0,
                 match: bool = False, stones: bool = False, repetition: bool = True,
                 render_mode: Optional[str] = None):
        np = _tensor.np
        if np is None:
            raise ImportError("mancala.rl.OpponentEnv needs numpy")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgument(f"render_mode {shown(render_mode)}: not one of "
                                  f"{self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.seat = integer(seat, "seat", 0, 1, INT)
        self.match = flag(match, "match")
        self.stones = flag(stones, "stones")
        self.repetition = flag(repetition, "repetition")
        self.rules = rules
        self._opponent = _opponent(opponent)
        self.game = Game(rules, repetition=self.repetition)
        self._np_random = None
        self._over = True
        n = self.game.num_distinct_actions()
        size = len(self.game.observation_tensor())
        try:
            from gymnasium import spaces
        except ImportError:   # the spaces are Gymnasium's: without it, none
            self.observation_space = self.action_space = None
        else:
            self.observation_space = _observation_box(spaces, np, size)
            self.action_space = spaces.Discrete(n)

    @property
    def np_random(self):
        """The generator of the opponent's choices (Gymnasium's)."""
        if self._np_random is None:
            self._np_random = _tensor.np.random.default_rng()
        return self._np_random

    @np_random.setter
    def np_random(self, generator) -> None:
        self._np_random = generator

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """Starts an episode: returns ``(observation, info)``. ``seed``
        seeds :attr:`np_random` as Gymnasium's ``Env.reset`` does;
        ``options`` may hold ``"position"``, a position string of these
        rules to start from.

        Raises:
            ParseError: the position is malformed.
            InvalidArgument: the position is of other rules.
        """
        if _EnvBase is not object:
            super().reset(seed=seed)
        elif seed is not None or self._np_random is None:
            self._np_random = _tensor.np.random.default_rng(_seed(seed))
        position = (options or {}).get("position")
        game = (Game(self.rules, repetition=self.repetition) if position is None
                else Game.parse(position, repetition=self.repetition))
        if game.rules != self.rules:
            rules = game.rules
            game.close()
            raise InvalidArgument(f"position {shown(position)}: of rules {rules}, not "
                                  f"{self.rules}")
        old, self.game = self.game, game
        old.close()
        self._over = False
        self._opponent_moves()
        return self._observe(), self._info()

    def step(self, action):
        """Plays the agent's action, then the opponent's replies until it
        is the agent's turn or the episode is over: returns
        ``(observation, reward, terminated, truncated, info)``.

        Raises:
            GameOver: the episode is over (call reset()).
            InvalidArgument: the action is not in ``0 ... n-1``
                (OverflowError beyond a C int).
            TypeError: the action is not an integer.
        """
        if self._over:
            raise GameOver("the episode is over: call reset()")
        game = self.game
        action = integer(action, "action", 0, game.num_distinct_actions() - 1, INT)
        info = {}
        if not game.legal_actions_mask()[action]:
            self._over = True
            reward, info = -1.0, {"illegal_action": True}
        else:
            game.apply_action(action)
            self._opponent_moves()
            reward = game.returns(stones=self.stones, match=self.match)[self.seat] \
                if self._over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), float(reward), self._over, False, {**self._info(), **info}

    def _opponent_moves(self) -> None:
        """Plays the opponent while it is to move; marks the end."""
        game = self.game
        while True:
            if self.match and game.over and not game.match_over:
                game.next_round()
            if game.match_over if self.match else game.over:
                self._over = True
                return
            if game.to_move == self.seat:
                return
            with game.copy() as copy:
                action = self._opponent(copy, self.np_random)
            game.apply_action(action)

    def _observe(self):
        return self.game.observation_tensor(self.seat)

    def _info(self) -> dict:
        mask = self.game.legal_actions_mask(self.seat)
        return {"action_mask": mask.view(_tensor.np.int8)}

    def action_masks(self):
        """The legal actions as int8 ``[n]`` (as ``info["action_mask"]``),
        the name maskable agents (sb3-contrib's MaskablePPO) ask for."""
        return self._info()["action_mask"]

    def render(self) -> Optional[str]:
        """The board as text (``"ansi"``: returned; ``"human"``:
        printed)."""
        text = repr(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game.close()

    @property
    def unwrapped(self) -> "OpponentEnv":
        return self


def _opponent(opponent):
    """The opponent as ``f(game, rng) -> action``."""
    if callable(opponent):
        return lambda game, rng: opponent(game)
    if opponent == "random":
        return lambda game, rng: int(rng.choice(game.legal_actions()))
    if isinstance(opponent, str) and opponent.startswith("level:"):
        try:
            level = int(opponent[6:])
        except ValueError:
            level = 0
        if 1 <= level <= 20:
            return lambda game, rng: game.pit_to_action(
                game.level_move(level, int(rng.integers(0, 2**63))))
    raise InvalidArgument(f"opponent {shown(opponent)}: not 'random', 'level:1' ... "
                          "'level:20' or a function")


# -- Gymnasium's vector environment over the C batch ------------------------

_VIEWS = ("observations", "final_observations", "action_masks", "player_rewards",
          "terminations", "truncations", "to_move")

try:   # the class is Gymnasium's when Gymnasium can be imported
    from gymnasium.vector import VectorEnv as _VectorBase
except ImportError:
    _VectorBase = object


def _batch_check(handle: int, status: int) -> int:
    """check() of a batch call's status, with the batch's reason; Busy
    with its own message (the reason then is the other call's)."""
    if status == Busy.status:
        raise Busy("the vector environment is in use by a call that has not returned "
                   "(in another thread): one environment is for one thread at a time")
    return check(status, lib.mancala_batch_reason(handle).decode() if status < 0 else None)


class _Batch:
    """Owns a C batch: frees it when the environment and every numpy view
    of its arrays are gone."""

    __slots__ = ("handle",)

    def __init__(self, handle: int):
        self.handle = handle

    def __del__(self) -> None:
        lib.mancala_batch_free(self.handle)


class VectorEnv(NativeHandle, _VectorBase):
    """``num_envs`` games of one rules set stepped together by the C batch
    (mancala_batch_* in mancala.h), with Gymnasium 1.x's VectorEnv API
    and contract: a ``gymnasium.vector.VectorEnv`` when Gymnasium can be
    imported (its vector wrappers take it), the same class otherwise.

    :meth:`reset` and :meth:`step` return arrays of their own, which the
    caller and wrappers may keep and write to, as Gymnasium's
    ``SyncVectorEnv`` does: observations float32 ``[N, 4n + 7]`` (each
    row from the side of its player to move), rewards float32 ``[N]``,
    terminations and truncations bool ``[N]``. The games have two
    players and the reward of row i is **the reward of the player who
    moved in game i** (``to_move[i]`` before the step; 0 in a game that
    restarted in the step), so that an agent playing both seats learns
    from every move. Both players' rewards are in :attr:`player_rewards`.

    For speed the batch's own C arrays are also there, read-only and not
    copied: :attr:`observations`, :attr:`final_observations`,
    :attr:`action_masks` (int8 ``[N, n]``), :attr:`player_rewards`
    (float32 ``[N, 2]``: South's and North's), :attr:`terminations`,
    :attr:`truncations` and :attr:`to_move` (int32 ``[N]``). They stay
    valid for the environment's life and change in place at every step
    and reset; with ``copy=False``, ``step()`` and ``reset()`` return
    arrays of this object, rewritten in place at each call, without
    allocating.

    One environment is for one thread at a time: a call that changes it
    (:meth:`step`, :meth:`reset`, the setters) made from another thread
    while one is under way raises :class:`~mancala.Busy` at once (the
    C batch refuses it) instead of waiting.

    Args:
        rules: a rules name (:data:`mancala.RULES`).
        num_envs: the number of games, 1 ... 1,048,576.
        seed: seed of :meth:`step_random` (each game has its own generator).
        autoreset_mode: ``"NextStep"`` (Gymnasium's default), ``"SameStep"``
            or ``"Disabled"`` (a gymnasium.vector.AutoresetMode is taken too),
            as mancala_autoreset in mancala.h describes them.
        match: an episode is a whole Rio Kadalis match, not a round.
        stones: rewards are stone differences in [-1, 1], not +1/0/-1.
        max_plies: plies after which an episode is truncated (1 ... 100000).
        threads: threads that step the games (1 ... 64); results are the
            same for any number.
        repetition: the repetition rule (on by default).
        copy: whether ``step()`` and ``reset()`` return new arrays (True,
            as ``SyncVectorEnv``) or this object's own, rewritten at each
            call.
        restart_from_rules: a game restarts from the rules' start, not
            from the position it was last given (:meth:`set_position`;
            MANCALA_BATCH_RESTART_RULES).
        ended_mask_ones: an ended game's legal mask is all ones, as pgx
            writes it, so that a masked softmax gives no NaN (default all
            zeros, as in 1.3; MANCALA_ENDED_MASK_ONES).

    Raises:
        ImportError: numpy cannot be imported.
    """

    __slots__ = ("num_envs", "rules", "metadata", "_actions", "_actions_address", "_failed",
                 "_random_table", "_batch", "_n", "_size", "_autoreset", "_copy", "_out",
                 "_spaces", "_movers", "_seeds", *_VIEWS)
    _kind = "vector environment"

    def __init__(self, rules: str = "modiar", num_envs: int = 1024, *, seed: int = 0,
                 autoreset_mode="NextStep", match: bool = False, stones: bool = False,
                 max_plies: int = 1000, threads: int = 1, repetition: bool = True,
                 copy: bool = True, restart_from_rules: bool = False,
                 ended_mask_ones: bool = False):
        np = _tensor.np
        if np is None:
            raise ImportError("mancala.rl.VectorEnv needs numpy")
        num_envs = integer(num_envs, "num_envs", 1, 1 << 20, INT)
        seed = _seed(seed)
        mode = getattr(autoreset_mode, "value", autoreset_mode)
        if mode not in AUTORESET_MODES:
            raise InvalidArgument(f"autoreset_mode {shown(autoreset_mode)}: not one of "
                                  f"{list(AUTORESET_MODES)}")
        self._copy = flag(copy, "copy")
        options = [(_OPT_AUTORESET, AUTORESET_MODES[mode]),
                   (_OPT_MATCH, int(flag(match, "match"))),
                   (_OPT_REWARD, int(flag(stones, "stones"))),
                   (_OPT_MAX_PLIES, integer(max_plies, "max_plies", 1, 100000, INT)),
                   (_OPT_REPETITION, int(flag(repetition, "repetition"))),
                   (_OPT_THREADS, integer(threads, "threads", 1, 64, INT)),
                   (_OPT_RESTART, int(flag(restart_from_rules, "restart_from_rules"))),
                   (_OPT_ENDED_MASK, int(flag(ended_mask_ones, "ended_mask_ones")))]
        name = _rules_name(rules)
        handle = batch_p()
        errbuf = create_string_buffer(REASON_MAX)
        check(lib.mancala_batch_new(byref(handle), name, num_envs, seed, errbuf,
                                    len(errbuf)),
              errbuf.value.decode("utf-8", "replace") or f"rules {shown(rules)}")
        self._handle = handle.value
        self._batch = _Batch(handle.value)
        for option, value in options:
            self._option(option, value)
        self.num_envs = num_envs
        self.rules = rules
        self._autoreset = mode
        self.metadata = {"autoreset_mode": _gymnasium_mode(mode)}
        self._spaces = {}
        self._n = check(lib.mancala_batch_num_actions(self._handle))
        self._size = check(lib.mancala_batch_observation_size(self._handle))
        self._actions = np.zeros(num_envs, dtype=np.int32)
        self._random_table = None  # random_actions()'s, made when first asked for
        self._actions_address = self._actions.ctypes.data
        self._failed = c_int(-1)
        self.observations = self._view(lib.mancala_batch_observations, np.float32, (self._size,))
        self.final_observations = self._view(lib.mancala_batch_final_observations, np.float32,
                                             (self._size,))
        self.action_masks = self._view(lib.mancala_batch_legal_masks, np.int8, (self._n,))
        self.player_rewards = self._view(lib.mancala_batch_rewards, np.float32, (2,))
        self.terminations = self._view(lib.mancala_batch_terminated, np.bool_, ())
        self.truncations = self._view(lib.mancala_batch_truncated, np.bool_, ())
        self.to_move = self._view(lib.mancala_batch_to_move, np.int32, ())
        # copy=False: the arrays step() and reset() return.
        self._out = (np.zeros_like(self.observations), np.zeros(num_envs, np.float32),
                     np.zeros(num_envs, np.bool_), np.zeros(num_envs, np.bool_))
        # Before a step: 2i + the mover of game i, the index of the
        # mover's reward among the rewards read as one flat array.
        self._movers = (np.arange(0, 2 * num_envs, 2, dtype=np.intp), np.zeros(num_envs, np.intp))
        self._seeds = np.random.default_rng(seed)
        check(lib.mancala_batch_reset(self._handle, seed))

    def _next_seed(self, seed) -> int:
        """The seed of a reset: ``seed``, which also seeds again the stream
        of seeds that a reset without one draws from, or with ``seed``
        None the stream's next (Gymnasium's ``reset(seed=None)`` goes on
        with the environment's generator; the stream starts from the
        constructor's ``seed``)."""
        if seed is None:
            return int(self._seeds.integers(0, 2**64, dtype=_tensor.np.uint64))
        seed = _seed(seed)
        self._seeds = _tensor.np.random.default_rng(seed)
        return seed

    def _option(self, option: int, value: int) -> None:
        status = lib.mancala_batch_set_option(self._handle, option, value)
        if status == Busy.status:
            _batch_check(self._handle, status)
        if status < 0:
            reason = lib.mancala_batch_reason(self._handle).decode()
            if not hasattr(self, "num_envs"):
                self.close()   # in the constructor
            check(status, reason)

    def _view(self, getter, dtype, row: tuple):
        """A numpy array over a C array of the batch: numpy's buffer of
        a ctypes array at that address (no copy). The batch keeps it for
        its life; the view keeps the batch alive (_Batch), so that the
        memory is not freed under it, even after close()."""
        np = _tensor.np
        address = getter(self._handle)
        itemsize = np.dtype(dtype).itemsize
        shape = (self.num_envs,) + row
        count = int(np.prod(shape)) * itemsize
        buffer = (ctypes.c_char * count).from_address(address)
        buffer._owner = self._batch   # the batch outlives every view
        array = np.frombuffer(buffer, dtype=dtype).reshape(shape)
        array.flags.writeable = False
        return array

    def _release(self, handle: int) -> None:
        # The batch is freed when the last view of its arrays is gone.
        for name in _VIEWS:
            setattr(self, name, None)
        self._batch = None

    @property
    def num_actions(self) -> int:
        """Actions of each game, ``n``."""
        return self._n

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (Gymnasium's ``closed``)."""
        return self._handle is None

    @property
    def rewards(self):
        """1.3's name of :attr:`player_rewards`."""
        return self.player_rewards

    def _space(self, name: str, make):
        """A gymnasium space, made once (wrappers compare and keep them)."""
        if name not in self._spaces:
            self._spaces[name] = make(_gymnasium_spaces(), _tensor.np)
        return self._spaces[name]

    @property
    def single_observation_space(self):
        """gymnasium.spaces.Box of float32 ``[4n + 7]`` (in [0, 1], the last
        two entries counts in [0, inf))."""
        return self._space("single_observation", lambda spaces, np: _observation_box(
            spaces, np, self._size))

    @property
    def single_action_space(self):
        """gymnasium.spaces.Discrete(n)."""
        return self._space("single_action", lambda spaces, np: spaces.Discrete(self._n))

    @property
    def observation_space(self):
        """The single observation space's Box for ``N`` rows."""
        return self._space("observation", lambda spaces, np: _observation_box(
            spaces, np, self._size, (self.num_envs,)))

    @property
    def action_space(self):
        """gymnasium.spaces.MultiDiscrete([n] * N)."""
        return self._space("action", lambda spaces, np: spaces.MultiDiscrete(
            np.full(self.num_envs, self._n)))

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """Starts a new episode in every game (mancala_batch_reset()), or
        with ``options={"reset_mask": mask}`` in the games where ``mask``
        (numpy bool ``[N]``, at least one True, as Gymnasium 1.x requires
        it) is True, the others unchanged. With
        ``options={"positions": positions}`` (``N`` position strings, or
        None for a game that starts as the reset makes it), each game given
        a position starts its episode there (:meth:`set_position`), and by
        default its next episodes too. Returns ``(observations, infos)``.
        ``seed`` seeds :meth:`step_random`; without one (None) the games'
        generators are seeded from the next of a stream of seeds that the
        constructor's ``seed`` and the last reset given a seed fix, so that
        episodes after ``reset()`` differ, as in Gymnasium (up to 1.3,
        None meant 0).

        Raises:
            TypeError, ValueError: a mask that is not as above (the
                errors of Gymnasium's ``SyncVectorEnv``), or positions
                that are not ``N`` strings or None.
            ParseError, UnknownRules, StateError: a position that cannot
                be played here (malformed, of other rules, over); nothing
                changed then.
            Busy: another call on the environment is under way.
        """
        mask = (options or {}).get("reset_mask")
        positions = self._positions((options or {}).get("positions"))
        full = mask is None or self._reset_mask(mask).all()
        seed = self._next_seed(seed)
        if full:
            _batch_check(self._handle, lib.mancala_batch_reset(self._h, seed))
        else:
            self._reset_games(mask, seed)
        for index, position in positions:
            self.set_position(index, position)
        return self._arrays(1)[0], {}

    def _positions(self, positions):
        """The (index, position) pairs of ``options["positions"]``, each
        checked as set_position() will take it, before anything changes."""
        if positions is None:
            return []
        if isinstance(positions, (str, bytes)) or not hasattr(positions, "__len__"):
            raise TypeError(f"`options['positions']` must be a sequence of {self.num_envs} "
                            f"position strings or None, got {type(positions).__name__}")
        if len(positions) != self.num_envs:
            raise ValueError(f"`options['positions']` must have {self.num_envs} entries, "
                             f"got {len(positions)}")
        chosen = [(i, p) for i, p in enumerate(positions) if p is not None]
        for _, position in chosen:
            game = Game.parse(position)
            if game.rules != self.rules:
                raise UnknownRules(f"position {shown(position)}: {game.rules}, not {self.rules}")
            if game.over:
                raise StateError(f"position {shown(position)}: the round is over")
        return chosen

    def _reset_mask(self, mask):
        np = _tensor.np
        if not isinstance(mask, np.ndarray):
            raise TypeError(f"`options['reset_mask']` must be a numpy array, got {type(mask)}")
        if mask.shape != (self.num_envs,):
            raise ValueError(f"`options['reset_mask']` must have shape `({self.num_envs},)`, "
                             f"got {mask.shape}")
        if mask.dtype != np.bool_:
            raise TypeError(f"`options['reset_mask']` must have `dtype=np.bool_`, got "
                            f"{mask.dtype}")
        if not mask.any():
            raise ValueError("`options['reset_mask']` must contain a boolean array with at "
                             "least one True value")
        return mask

    def reset_games(self, mask, *, seed: Optional[int] = None) -> None:
        """Starts a new episode in the games where ``mask`` (``num_envs``
        booleans) is true, each from its own start
        (mancala_batch_reset_games()), its generator seeded again from
        ``seed`` as :meth:`reset` seeds it (None: the stream's next seed);
        the other games do not change. Options wait for the next full
        reset.

        Raises:
            InvalidArgument: ``mask`` is not ``num_envs`` booleans.
            Busy: another call on the environment is under way.
        """
        np = _tensor.np
        mask = np.asarray(mask)
        if mask.shape != (self.num_envs,) or mask.dtype.kind not in "bui":
            raise InvalidArgument(f"mask: shape {mask.shape} of {mask.dtype}, not "
                                  f"({self.num_envs},) booleans")
        self._reset_games(mask, self._next_seed(seed))

    def _reset_games(self, mask, seed: int) -> None:
        mask = _tensor.np.ascontiguousarray(_tensor.np.asarray(mask) != 0,
                                            dtype=_tensor.np.uint8)
        _batch_check(self._handle, lib.mancala_batch_reset_games(self._h, mask.ctypes.data,
                                                                 self.num_envs, seed))

    def set_position(self, index: int, position: str) -> None:
        """Puts a position string into game ``index``
        (mancala_batch_set_position()): a new episode starts there, its
        rows written as a fresh game's; by default its next episodes start
        there too. The other games do not change.

        Raises:
            InvalidArgument: ``index`` out of range. StateError: a
                position whose round is over. ParseError: a malformed
                position. UnknownRules: a position of other rules.
                TypeError: not a str. Busy: another call on the
                environment is under way. Nothing changes on any error.
        """
        index = integer(index, "index", 0, self.num_envs - 1, INT)
        text = _parsed_text(position, "position")
        status = lib.mancala_batch_set_position(self._h, index, text)
        if status == ParseError.status:
            reason = lib.mancala_batch_reason(self._handle).decode("utf-8", "replace")
            raise ParseError(position, reason[len("position: "):])
        _batch_check(self._handle, status)

    def set_game(self, index: int, game: Game) -> None:
        """Puts the position of ``game`` (a :class:`~mancala.Game` of the
        same rules whose round is not over) into game ``index``
        (mancala_batch_set_game()): as :meth:`set_position` with
        ``game.position``; its history, round and options are not taken.

        Raises:
            TypeError: ``game`` is not a Game. The errors of
                :meth:`set_position`.
        """
        index = integer(index, "index", 0, self.num_envs - 1, INT)
        if not isinstance(game, Game):
            raise TypeError(f"game must be a mancala.Game, not {type(game).__name__}")
        with in_use(game):
            _batch_check(self._handle, lib.mancala_batch_set_game(self._h, index, game._h))

    def step(self, actions):
        """Plays one action (relative to the mover, ``0 ... n-1``) in
        every game: returns ``(observations, rewards, terminations,
        truncations, infos)``, where ``rewards[i]`` is the reward of the
        player who moved in game i. Games that start a new episode in
        this step (autoreset ``"NextStep"``) ignore their action, as do
        ended games with ``"Disabled"``. With ``"SameStep"``, when games
        ended, ``infos`` has ``"final_obs"`` (an object array: the last
        observation of each game that ended, None elsewhere),
        ``"final_info"`` (``{}``: the games have no infos) and their
        masks ``"_final_obs"`` and ``"_final_info"``, as Gymnasium 1.x's
        ``SyncVectorEnv`` writes them.

        Raises:
            IllegalMove: an action is not legal; ``game`` names the first
                such game. No game changes.
            TypeError: ``actions`` are not integers.
            InvalidArgument: not one action per game.
        """
        np = _tensor.np
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise InvalidArgument(f"actions: shape {actions.shape}, not ({self.num_envs},)")
        if actions.dtype != np.int32:
            if actions.dtype.kind not in "iu":
                raise TypeError(f"actions must be integers, not {actions.dtype}")
            # Each action must be a C int; the batch checks the rest, as
            # for int32 actions (an action a game ignores may be any).
            if actions.size and (actions.min() < INT[0] or actions.max() > INT[1]):
                bad = int(np.flatnonzero((actions < INT[0]) | (actions > INT[1]))[0])
                raise _action_error(-5, int(actions[bad]), bad)
            np.copyto(self._actions, actions, casting="unsafe")   # each fits: exact
            address = self._actions_address
        else:
            actions = np.ascontiguousarray(actions)
            address = actions.ctypes.data
        handle = self._h
        movers = np.add(self._movers[0], self.to_move, out=self._movers[1])
        status = lib.mancala_batch_step(handle, address, self.num_envs, self._failed)
        if status == Busy.status:
            _batch_check(self._handle, status)
        if status < 0:
            game = self._failed.value
            if game >= 0:
                raise _action_error(status, int(actions[game]), game,
                                    lib.mancala_batch_reason(self._handle).decode())
            check(status, lib.mancala_batch_reason(self._handle).decode())
        return self._result(movers)

    def step_random(self):
        """Plays a uniformly random legal action in every game, drawn in C
        by each game's generator (mancala_batch_step_random()): the same
        results as :meth:`step`. Returns ``(actions, observations,
        rewards, terminations, truncations, infos)``; ``actions`` (this
        object's array, rewritten at each call) holds -1 for a game that
        did not play."""
        handle = self._h
        movers = _tensor.np.add(self._movers[0], self.to_move, out=self._movers[1])
        _batch_check(self._handle,
                     lib.mancala_batch_step_random(handle, self._actions_address, self.num_envs))
        return (self._actions,) + self._result(movers)

    def random_actions(self, rng=None):
        """A uniformly random legal action for every game, chosen in numpy
        from :attr:`action_masks` (0 where no action is legal), as int32.
        ``rng``: a numpy Generator (default: a new unseeded one)."""
        np = _tensor.np
        rng = np.random.default_rng() if rng is None else rng
        # Each mask, read as a number (bit i: action i), picks a row of a
        # table that repeats its legal actions in order over R = lcm(1..n)
        # columns; a column drawn from 0 to R - 1 gives each of them the
        # same chance. 4 times as fast as the argmax of a random matrix
        # times the masks, at 4,096 games (43 us against 180).
        if self._random_table is None:
            columns = 1  # lcm(1..n), without math.lcm (Python 3.9)
            for k in range(2, self._n + 1):
                columns = columns * k // math.gcd(columns, k)
            table = np.zeros((1 << self._n, columns), dtype=np.int32)
            for mask in range(1, 1 << self._n):
                legal = [a for a in range(self._n) if mask >> a & 1]
                table[mask] = [legal[c % len(legal)] for c in range(columns)]
            self._random_table = (table.ravel(), columns,
                                  (1 << np.arange(self._n)).astype(np.int8))
        table, columns, bits = self._random_table
        at = rng.integers(0, columns, size=self.num_envs, dtype=np.int32)
        at += (self.action_masks @ bits).astype(np.int32) * columns
        return table.take(at)  # int32, which step() passes on unconverted

    def _arrays(self, count: int):
        """The first ``count`` of observations, terminations, truncations
        as arrays the caller may keep (``copy``) or this object's own."""
        views = (self.observations, self.terminations, self.truncations)[:count]
        if self._copy:
            return tuple(view.copy() for view in views)
        out = (self._out[0], self._out[2], self._out[3])[:count]
        for to, view in zip(out, views):
            _tensor.np.copyto(to, view)
        return out

    def _result(self, movers):
        np = _tensor.np
        observations, terminations, truncations = self._arrays(3)
        # The mover's column; 0 in games that restarted (both columns 0).
        rewards = self.player_rewards.reshape(-1).take(
            movers, out=None if self._copy else self._out[1], mode="clip")
        infos = {}
        if self._autoreset == "SameStep":
            ended = terminations | truncations
            if ended.any():
                final = np.full(self.num_envs, None, dtype=object)
                for i in np.flatnonzero(ended):
                    final[i] = self.final_observations[i].copy()
                infos = {"final_obs": final, "_final_obs": ended, "final_info": {},
                         "_final_info": ended.copy()}
        return observations, rewards, terminations, truncations, infos

    def game(self, index: int) -> Game:
        """A copy of game ``index`` as a :class:`~mancala.Game`, to read,
        search or play on (mancala_batch_game() and mancala_clone())."""
        index = integer(index, "index", 0, self.num_envs - 1, INT)
        from ._native import game_p
        handle = game_p()
        check(lib.mancala_clone(byref(handle), lib.mancala_batch_game(self._h, index)))
        return Game._wrap(handle)

    @property
    def threads(self) -> int:
        """Threads that step the games; may be changed at any time."""
        return check(lib.mancala_batch_get_option(self._h, _OPT_THREADS))

    @threads.setter
    def threads(self, count: int) -> None:
        self._h
        self._option(_OPT_THREADS, integer(count, "threads", 1, 64, INT))

    @property
    def unwrapped(self) -> "VectorEnv":
        return self


def _gymnasium_mode(name: str):
    """gymnasium.vector.AutoresetMode(name) if gymnasium can be imported,
    else the name."""
    try:
        from gymnasium.vector import AutoresetMode
    except ImportError:
        return name
    return AutoresetMode(name)


def _action_error(status: int, action: int, game: int, reason: str = ""):
    """The exception for a refused action of a batch, naming the game: the
    C batch's `reason` (which names the game and the action) or, for an
    action refused here, one in the same words."""
    error = illegal(status, action)
    if error is None:
        return check(status)
    error.game = game
    error.args = (reason or f"game {game}: action {action}: {error.reason}",)
    return error


from ._batch_mcts import BatchMCTS  # noqa: E402  (its own module: batched tree search)

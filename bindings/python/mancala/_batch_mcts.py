# SPDX-License-Identifier: MIT
"""Batched Monte Carlo tree search over numpy arrays (mancala_batch_mcts_*
in mancala.h), exported as :class:`mancala.rl.BatchMCTS`."""

from __future__ import annotations

import ctypes
import math
from ctypes import byref, create_string_buffer
from typing import Callable, Optional

from . import _tensor
from ._handle import INT, NativeHandle, flag, integer
from ._native import REASON_MAX, batch_mcts_p, lib
from .errors import InvalidArgument, check, shown
from .game import Game, _parsed_text, _rules_name

__all__ = ["BatchMCTS"]

# enum mancala_batch_mcts_param
_C_PUCT = 1
_DIRICHLET_ALPHA = 2
_DIRICHLET_FRACTION = 3
_TERMINAL_STONES = 4


def _real(value, name: str, low: float, high: float, low_open: bool = False) -> float:
    """A real argument checked before it reaches C: a number (not a bool),
    finite, in [low, high] (or (low, high] when ``low_open``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) and \
            getattr(getattr(value, "dtype", None), "kind", None) not in ("i", "u", "f"):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    number = float(value)
    if math.isnan(number) or not (low < number if low_open else low <= number) or number > high:
        bound = "above" if low_open else "from"
        raise InvalidArgument(f"{name} must be {bound} {low} and at most {high}, not {value!r}")
    return number


class _Owner:
    """Owns the C search: frees it when the object and every numpy view of
    its arrays are gone."""

    __slots__ = ("handle",)

    def __init__(self, handle: int):
        self.handle = handle

    def __del__(self) -> None:
        lib.mancala_batch_mcts_free(self.handle)


class BatchMCTS(NativeHandle):
    """One PUCT search tree per game, grown together: each round hands the
    leaves of every tree out at once, as contiguous numpy arrays, for one
    call of an evaluator (a network's forward pass), in the manner of
    DeepMind's mctx.

    ::

        search = BatchMCTS("modiar", num_games=256, max_simulations=100)
        for i, game in enumerate(games):
            search.set_root(i, game)
        search.run(lambda obs, masks: (net_priors(obs), net_values(obs)))
        action = search.choose(0, temperature=1.0)

    One leaf per tree per round, no virtual loss: each tree grows exactly
    as a single PUCT search (``mancala_mcts_tree`` with a prior callback)
    does with the same evaluations. Leaves where the game is over are
    valued by the rules and never handed out. The search is deterministic
    for a seed; all its memory is taken when it is made.

    Args:
        rules: a rules name (:data:`mancala.RULES`).
        num_games: the number of trees, 1 ... 65,536.
        max_simulations: simulations of each search, 1 ... 100,000 (the
            root's own evaluation is the first).
        seed: seed of the Dirichlet noise and of :meth:`choose`.
        c_puct: PUCT's constant, for values from 0 (loss) to 1 (win):
            above 0, at most 1e6.
        dirichlet_alpha: the root noise's concentration (0: no noise).
        dirichlet_fraction: its share of the roots' priors, 0 ... 1.
        terminal_stones: value a game over at a leaf by its final stone
            difference over the game's stones (a win by 2 in Modiar:
            2 / 42), the scale of a value net trained on the difference,
            instead of by its result (win 1, draw 0, loss -1).

    Raises:
        ImportError: numpy cannot be imported.
    """

    __slots__ = ("rules", "num_games", "max_simulations", "num_actions", "observation_size",
                 "_owner", "_obs", "_masks", "_trees", "_leaves")
    _kind = "batched tree search"

    def __init__(self, rules: str = "modiar", num_games: int = 256, max_simulations: int = 100,
                 *, seed: int = 0, c_puct: float = 1.5, dirichlet_alpha: float = 0.0,
                 dirichlet_fraction: float = 0.25, terminal_stones: bool = False):
        np = _tensor.np
        if np is None:
            raise ImportError("mancala.rl.BatchMCTS needs numpy")
        num_games = integer(num_games, "num_games", 1, 1 << 16, INT)
        max_simulations = integer(max_simulations, "max_simulations", 1, 100000, INT)
        seed = 0 if seed is None else integer(seed, "seed", 0, 2**64 - 1, (0, 2**64 - 1))
        params = [(_C_PUCT, _real(c_puct, "c_puct", 0, 1e6, low_open=True)),
                  (_DIRICHLET_ALPHA, _real(dirichlet_alpha, "dirichlet_alpha", 0, 1e3)),
                  (_DIRICHLET_FRACTION, _real(dirichlet_fraction, "dirichlet_fraction", 0, 1)),
                  (_TERMINAL_STONES, float(flag(terminal_stones, "terminal_stones")))]
        with Game(rules) as game:   # checks the name; n and the observation's size
            self.num_actions = game.num_distinct_actions()
            self.observation_size = len(game.observation_tensor())
        handle = batch_mcts_p()
        errbuf = create_string_buffer(REASON_MAX)
        check(lib.mancala_batch_mcts_new(byref(handle), _rules_name(rules), num_games,
                                         max_simulations, seed, errbuf, len(errbuf)),
              errbuf.value.decode("utf-8", "replace"))
        self._handle = handle.value
        self._owner = _Owner(handle.value)
        for param, value in params:
            check(lib.mancala_batch_mcts_set_param(self._handle, param, value))
        self.rules = rules
        self.num_games = num_games
        self.max_simulations = max_simulations
        self._leaves = 0
        self._obs = self._view(lib.mancala_batch_mcts_observations, np.float32,
                               (self.observation_size,))
        self._masks = self._view(lib.mancala_batch_mcts_legal_masks, np.int8, (self.num_actions,))
        self._trees = self._view(lib.mancala_batch_mcts_leaf_trees, np.int32, ())

    def _view(self, getter, dtype, row: tuple):
        """A read-only numpy array over a C array of the search, which it
        keeps alive (as VectorEnv's views keep their batch)."""
        np = _tensor.np
        shape = (self.num_games,) + row
        count = int(np.prod(shape)) * np.dtype(dtype).itemsize
        buffer = (ctypes.c_char * count).from_address(getter(self._handle))
        buffer._owner = self._owner
        array = np.frombuffer(buffer, dtype=dtype).reshape(shape)
        array.flags.writeable = False
        return array

    def _release(self, handle: int) -> None:
        self._obs = self._masks = self._trees = None
        self._owner = None

    def _index(self, index) -> int:
        return integer(index, "index", 0, self.num_games - 1, INT)

    # -- roots

    def set_root(self, index: int, game: Optional[Game]) -> None:
        """Starts tree ``index``'s search afresh at ``game``'s position (a
        :class:`~mancala.Game` of these rules, not over; copied, history
        included), or takes its root away with None.

        Raises:
            InvalidArgument: another object, or a game of other rules.
            GameOver: the game is over.
            StateError: leaves wait for :meth:`answer`.
        """
        index = self._index(index)
        if game is not None and not isinstance(game, Game):
            raise TypeError(f"game must be a mancala.Game or None, not {type(game).__name__}")
        if game is None:
            check(lib.mancala_batch_mcts_set_root(self._handle, index, None))
            return
        status = lib.mancala_batch_mcts_set_root(self._handle, index, game._h)
        check(status, f"game of rules {shown(game.rules)}" if status == -1 else None)

    def set_position(self, index: int, position: str) -> None:
        """Starts tree ``index``'s search afresh at a position string.

        Raises:
            ParseError: a malformed position.
            InvalidArgument: a position of other rules.
            GameOver: the game is over there.
        """
        index = self._index(index)
        if not isinstance(position, str):
            raise TypeError(f"position must be a str, not {type(position).__name__}")
        status = lib.mancala_batch_mcts_set_position(self._handle, index,
                                                     _parsed_text(position, "position"))
        if status == -4:   # malformed: the parser's own ParseError names the field
            Game.parse(position).close()
        check(status, f"position {shown(position)}" if status == -1 else None)

    # -- the rounds

    def select(self) -> int:
        """Walks every tree with simulations left down to a leaf; returns
        L, the number of leaves to evaluate (0 when every search is done).
        The leaves are then in :attr:`observations`, :attr:`legal_masks`
        and :attr:`leaf_trees`; answer them with :meth:`answer`."""
        self._leaves = check(lib.mancala_batch_mcts_select(self._handle))
        return self._leaves

    @property
    def observations(self):
        """The waiting leaves' observations, float32 ``[L, 4n + 7]``, from
        each leaf's player to move (read-only, rewritten by :meth:`select`)."""
        return self._obs[:self._leaves]

    @property
    def legal_masks(self):
        """The waiting leaves' legal masks, int8 ``[L, n]``."""
        return self._masks[:self._leaves]

    @property
    def leaf_trees(self):
        """The tree of each waiting leaf, int32 ``[L]``."""
        return self._trees[:self._leaves]

    def answer(self, priors, values) -> None:
        """Answers the waiting leaves: ``priors`` ``[L, n]`` (any scale:
        the legal ones are normalised; negative, infinite and NaN ones
        count as 0) and ``values`` ``[L]``, each leaf's value for its
        player to move in [-1, 1] (clamped; NaN counts as 0).

        Raises:
            InvalidArgument: arrays of another shape, or not numbers.
            StateError: no leaf waits.
        """
        leaves = self._leaves
        p = self._numbers(priors, "priors", (leaves, self.num_actions))
        v = self._numbers(values, "values", (leaves,))
        check(lib.mancala_batch_mcts_answer(self._handle, p.ctypes.data, v.ctypes.data, leaves))
        self._leaves = 0

    @staticmethod
    def _numbers(values, name: str, shape: tuple):
        """``values`` as a C-contiguous float32 array of ``shape``."""
        np = _tensor.np
        try:
            array = np.asarray(values)
        except Exception as error:   # ragged lists and the like
            raise InvalidArgument(f"{name}: not an array of numbers ({error})") from None
        if array.dtype.kind not in "iuf":
            raise InvalidArgument(f"{name}: an array of {array.dtype}, not of numbers")
        if array.shape != shape:
            raise InvalidArgument(f"{name}: shape {array.shape}, expected {shape}")
        return np.ascontiguousarray(array, dtype=np.float32)

    def run(self, evaluate: Callable) -> int:
        """Runs every search to its end: ``evaluate(observations,
        legal_masks)`` gives ``(priors, values)`` for the leaves of each
        round. Returns the number of leaves evaluated."""
        total = 0
        while self.select():
            total += self._leaves
            self.answer(*evaluate(self.observations, self.legal_masks))
        return total

    # -- results

    def visits(self, index: int):
        """Tree ``index``'s root: the visits of each action, uint32 ``[n]``
        (AlphaZero's policy target once divided by their sum)."""
        np = _tensor.np
        out = np.zeros(self.num_actions, dtype=np.uint32)
        check(lib.mancala_batch_mcts_visits(self._handle, self._index(index), out.ctypes.data,
                                            self.num_actions, None))
        return out

    def value(self, index: int) -> float:
        """Tree ``index``'s root value for its player to move, -1 ... 1."""
        value = ctypes.c_double()
        check(lib.mancala_batch_mcts_visits(self._handle, self._index(index), None, 0,
                                            byref(value)))
        return value.value

    def choose(self, index: int, temperature: float = 0.0) -> int:
        """The action tree ``index`` chooses: the most visited with
        temperature 0, else drawn in proportion to visits^(1/temperature)
        (temperature at most 100)."""
        index = self._index(index)
        temperature = _real(temperature, "temperature", 0, 100)
        return check(lib.mancala_batch_mcts_choose(self._handle, index, temperature))

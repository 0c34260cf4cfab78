# SPDX-License-Identifier: MIT
"""Modiar and Rio Kadalis as OpenSpiel games: :func:`load_game` gives an
object with the methods of a ``pyspiel.Game`` and states with those of a
``pyspiel.State``, with their signatures, so that code written for
pyspiel (a Monte Carlo tree search bot, an ``rl_environment`` loop,
algorithms that walk states) runs with them in its place.

OpenSpiel is not needed. When ``pyspiel`` can be imported,
``get_type()`` gives a ``pyspiel.GameType`` (so that comparisons with
``pyspiel.GameType.RewardModel.TERMINAL`` and the like hold); otherwise a
:class:`GameType` with the same fields and enum names.

>>> from mancala import spiel
>>> game = spiel.load_game("modiar")
>>> state = game.new_initial_state()
>>> state.apply_action(0)
>>> state.history(), state.current_player(), state.legal_actions()
([0], 1, [0, 1, 2])

Actions are relative to the mover (OpenSpiel's oware numbering, see
doc/research.md); every rule is the C library's.
"""

from __future__ import annotations

import enum
from typing import NamedTuple, Optional

from ._handle import INT, flag, integer
from .errors import GameOver, InvalidArgument, shown
from .game import RULES, Game
from .rules import rules_info

__all__ = ["load_game", "MancalaGame", "MancalaState", "GameType", "TERMINAL", "registered_names"]

#: pyspiel.PlayerId.TERMINAL: current_player() of a terminal state.
TERMINAL = -4

#: max_game_length() unless the parameter is given: above the longest
#: episodes of random play (38 plies in Modiar, 375 in a Rio Kadalis
#: round, 1,265 in a match, over 300 seeds each).
_DEFAULT_LENGTH = {False: 1000, True: 10000}


class GameType(NamedTuple):
    """pyspiel.GameType's fields, for when pyspiel cannot be imported; the
    enums have pyspiel's member names."""

    class Dynamics(enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1
        MEAN_FIELD = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    short_name: str
    long_name: str
    dynamics: "GameType.Dynamics"
    chance_mode: "GameType.ChanceMode"
    information: "GameType.Information"
    utility: "GameType.Utility"
    reward_model: "GameType.RewardModel"
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool
    parameter_specification: dict
    default_loadable: bool = True
    provides_factored_observation_string: bool = False


def _long_name(rules: str) -> str:
    """The game in words, from the library's facts: "Rio Kadalis (5 holes,
    clockwise)"."""
    info = rules_info(rules)
    # The first rules set of that game in the library's list is its usual board.
    usual = rules_info(next(r for r in RULES if rules_info(r).title == info.title))
    notes = ([f"{info.holes} holes"] if info.holes != usual.holes else []) + \
            (["clockwise"] if info.clockwise else [])
    return info.title + (f" ({', '.join(notes)})" if notes else "")


def registered_names() -> list[str]:
    """The names :func:`load_game` takes (pyspiel.registered_names())."""
    return list(RULES)


def load_game(name: str, params: Optional[dict] = None) -> "MancalaGame":
    """A game, as ``pyspiel.load_game``: ``name`` is a rules name
    (:data:`mancala.RULES`), optionally with parameters in OpenSpiel's
    form, ``"rio-kadalis(match=True,stones=True)"``; ``params`` gives
    them as a dict.

    Parameters: ``match`` (an episode is a whole Rio Kadalis match, not a
    round), ``stones`` (returns are stone differences in [-1, 1], not
    +1/0/-1), ``repetition`` (the repetition rule, on by default),
    ``max_game_length`` (the episode ends as a draw after this many
    plies: 1,000, or 10,000 for a match).

    Raises:
        UnknownRules: an unknown rules name.
        InvalidArgument: an unknown parameter or value.
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    given = dict(params or {})
    if name.endswith(")") and "(" in name:
        name, _, text = name[:-1].partition("(")
        for item in filter(None, text.split(",")):
            key, equals, value = item.partition("=")
            if not equals:
                raise InvalidArgument(f"parameter {shown(item)}: not name=value")
            given[key.strip()] = _parameter(value.strip())
    return MancalaGame(name, **_parameters(given))


def _parameter(text: str):
    """A parameter's value in OpenSpiel's game string: a bool or an int."""
    if text in ("True", "true", "False", "false"):
        return text in ("True", "true")
    try:
        return int(text)
    except ValueError:
        raise InvalidArgument(f"parameter value {shown(text)}: not a bool or an int") from None


def _parameters(given: dict) -> dict:
    unknown = sorted(set(given) - {"match", "stones", "repetition", "max_game_length"})
    if unknown:
        raise InvalidArgument(f"unknown parameters {unknown}: the parameters are match, "
                              "stones, repetition and max_game_length")
    return given


class MancalaGame:
    """A game with pyspiel.Game's methods (see :func:`load_game`)."""

    def __init__(self, rules: str = "modiar", *, match: bool = False, stones: bool = False,
                 repetition: bool = True, max_game_length: Optional[int] = None):
        self.rules = rules
        self.match = flag(match, "match")
        self.stones = flag(stones, "stones")
        self.repetition = flag(repetition, "repetition")
        if max_game_length is None:
            max_game_length = _DEFAULT_LENGTH[self.match]
        self._max_length = integer(max_game_length, "max_game_length", 1, 10**9, INT)
        with Game(rules) as game:   # UnknownRules for an unknown name
            self._n = game.num_distinct_actions()
            self._size = len(game.observation_tensor(raw=True))

    def get_parameters(self) -> dict:
        return {"match": self.match, "stones": self.stones, "repetition": self.repetition,
                "max_game_length": self._max_length}

    def get_type(self):
        fields = dict(
            short_name=self.rules, long_name=_long_name(self.rules),
            max_num_players=2, min_num_players=2,
            provides_information_state_string=True, provides_information_state_tensor=True,
            provides_observation_string=True, provides_observation_tensor=True)
        try:
            import pyspiel
        except ImportError:
            kind = GameType
            fields["parameter_specification"] = self.get_parameters()
        else:
            kind = pyspiel.GameType
            fields["parameter_specification"] = {}
        return kind(dynamics=kind.Dynamics.SEQUENTIAL,
                    chance_mode=kind.ChanceMode.DETERMINISTIC,
                    information=kind.Information.PERFECT_INFORMATION,
                    utility=kind.Utility.ZERO_SUM, reward_model=kind.RewardModel.TERMINAL,
                    **fields)

    def new_initial_state(self) -> "MancalaState":
        return MancalaState(self)

    def num_distinct_actions(self) -> int:
        return self._n

    def num_players(self) -> int:
        return 2

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        return 0.0

    def max_chance_outcomes(self) -> int:
        return 0

    def max_game_length(self) -> int:
        return self._max_length

    def observation_tensor_shape(self) -> list[int]:
        return [self._size]

    def observation_tensor_size(self) -> int:
        return self._size

    # The information state of a perfect-information game is its
    # observation here (see doc/research.md for what the observation
    # leaves out: which earlier positions would repeat).
    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    def action_to_string(self, player: int, action: int) -> str:
        """The absolute pit number the action plays, as records write it."""
        return str(_pit(self._n, player, action))

    def deserialize_state(self, text: str) -> "MancalaState":
        """The state :meth:`MancalaState.serialize` wrote: the actions
        from the initial state, one per line.

        Raises:
            InvalidArgument: a line is not an action.
            IllegalMove, GameOver: an action cannot be played there.
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        state = self.new_initial_state()
        for line in text.splitlines():
            if line.strip():
                try:
                    action = int(line)
                except ValueError:
                    raise InvalidArgument(f"line {shown(line)}: not an action") from None
                state.apply_action(action)
        return state

    def __str__(self) -> str:
        parameters = ",".join(f"{key}={value}" for key, value in self.get_parameters().items())
        return f"{self.rules}({parameters})"

    __repr__ = __str__

    def __eq__(self, other) -> bool:
        return isinstance(other, MancalaGame) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def _pit(n: int, player, action) -> int:
    player = integer(player, "player", 0, 1, INT)
    return player * n + integer(action, "action", 0, n - 1, INT)


class MancalaState:
    """A state with pyspiel.State's methods. ``board`` is the
    :class:`~mancala.Game` being played (read it; do not play on it)."""

    def __init__(self, game: MancalaGame):
        self._game = game
        self.board = Game(game.rules, repetition=game.repetition)
        self._history: list[int] = []
        self._movers: list[int] = []
        self._new_rounds: set[int] = set()   # history lengths at which a round began

    # -- who moves

    def current_player(self) -> int:
        """0 (South) or 1 (North), or :data:`TERMINAL` (-4)."""
        return TERMINAL if self.is_terminal() else int(self.board.to_move)

    def is_terminal(self) -> bool:
        board = self.board
        return (board.match_over if self._game.match else board.over) \
            or len(self._history) >= self._game._max_length

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def is_mean_field_node(self) -> bool:
        return False

    def is_player_node(self) -> bool:
        return not self.is_terminal()

    def is_initial_state(self) -> bool:
        return not self._history

    def chance_outcomes(self) -> list:
        return []

    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        """The legal actions of ``player`` (default: the player to move),
        ascending; empty for the player not to move and at the end."""
        return [a for a, legal in enumerate(self.legal_actions_mask(player)) if legal]

    def legal_actions_mask(self, player: Optional[int] = None) -> list[int]:
        if player is not None:
            player = integer(player, "player", INT[0], INT[1], INT)
        if self.is_terminal() or (player is not None and player != self.board.to_move):
            return [0] * self._game._n
        return list(self.board.legal_actions_mask())

    # -- playing

    def apply_action(self, action: int) -> None:
        """Plays an action of the player to move.

        Raises:
            IllegalMove: the action is not legal (nothing changes).
            GameOver: the state is terminal.
        """
        if self.is_terminal():
            raise GameOver("the state is terminal")
        board = self.board
        mover = int(board.to_move)
        board.apply_action(action)
        self._history.append(int(action))
        self._movers.append(mover)
        if self._game.match and board.over and not board.match_over:
            board.next_round()
            self._new_rounds.add(len(self._history))

    def child(self, action: int) -> "MancalaState":
        child = self.clone()
        child.apply_action(action)
        return child

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which ``player`` played: exactly
        the state before it (across a round's end in a match too).

        Raises:
            InvalidArgument: ``player`` did not play ``action`` last.
        """
        if not self._history or (self._movers[-1], self._history[-1]) != (player, action):
            raise InvalidArgument(f"player {shown(player)} did not play action "
                                  f"{shown(action)} last")
        if len(self._history) in self._new_rounds:
            # The round that ended cannot be taken back on the handle:
            # the state is played again from the start, exactly.
            again = self._game.deserialize_state(self.serialize().rpartition("\n")[0])
            self.board, self._history = again.board, again._history
            self._movers, self._new_rounds = again._movers, again._new_rounds
            return
        self.board.undo()
        self._history.pop()
        self._movers.pop()

    def clone(self) -> "MancalaState":
        copy = MancalaState.__new__(MancalaState)
        copy._game = self._game
        copy.board = self.board.copy()
        copy._history = list(self._history)
        copy._movers = list(self._movers)
        copy._new_rounds = set(self._new_rounds)
        return copy

    # -- outcomes

    def returns(self) -> list[float]:
        """Each player's return at the end, [South's, North's] (0 before,
        and at the end by max_game_length)."""
        board = self.board
        if not (board.match_over if self._game.match else board.over):
            return [0.0, 0.0]
        return board.returns(stones=self._game.stones, match=self._game.match)

    def rewards(self) -> list[float]:
        """The returns at the end, else 0 (rewards come at the end only)."""
        return self.returns()

    def player_return(self, player: int) -> float:
        return self.returns()[integer(player, "player", 0, 1, INT)]

    def player_reward(self, player: int) -> float:
        return self.rewards()[integer(player, "player", 0, 1, INT)]

    # -- history and views

    def history(self) -> list[int]:
        """The actions played since the initial state."""
        return list(self._history)

    def history_str(self) -> str:
        return ", ".join(map(str, self._history))

    def move_number(self) -> int:
        return len(self._history)

    def observation_tensor(self, player: Optional[int] = None) -> list[float]:
        """The observation (mancala_observation()) from ``player``'s side
        (default: the player to move), as a list of floats."""
        return [float(v) for v in self.board.observation_tensor(player)]

    def information_state_tensor(self, player: Optional[int] = None) -> list[float]:
        """The observation: the game has perfect information."""
        return self.observation_tensor(player)

    def observation_string(self, player: Optional[int] = None) -> str:
        """The position string (the same for both players)."""
        if player is not None:
            integer(player, "player", 0, 1, INT)
        return str(self.board)

    def information_state_string(self, player: Optional[int] = None) -> str:
        if player is not None:
            integer(player, "player", 0, 1, INT)
        return self.history_str()

    def action_to_string(self, *args) -> str:
        """``action_to_string(action)`` for the player to move, or
        ``action_to_string(player, action)``: the absolute pit played."""
        if len(args) == 1:
            args = (self.board.to_move, args[0])
        if len(args) != 2:
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        return self._game.action_to_string(*args)

    def serialize(self) -> str:
        """The actions played, one per line (OpenSpiel's default form);
        :meth:`MancalaGame.deserialize_state` reads it."""
        return "\n".join(map(str, self._history))

    def get_game(self) -> MancalaGame:
        return self._game

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return self._game._n

    def __str__(self) -> str:
        return repr(self.board)


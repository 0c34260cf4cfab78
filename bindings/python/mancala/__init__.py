# SPDX-License-Identifier: MIT
"""Modiar and Rio Kadalis, exactly by their rules: a Python binding of
libmancala, written with ctypes over the same shared library C programs
use.

>>> import mancala
>>> game = mancala.Game("modiar")
>>> game.play(0)
>>> game.legal_moves
(3, 4, 5)
>>> game.scores
(0, 0)

The main class is :class:`Game`; :class:`Searcher`, :class:`Table`,
:func:`solve_modiar` and the methods :meth:`Game.playout`,
:meth:`Game.search` and :meth:`Game.mcts` are the research engine.
Errors are exceptions derived from :class:`MancalaError`.

The shared library is found through the environment variable
``MANCALA_LIBRARY`` (when set, that file is loaded or the import fails),
then next to this package (a wheel carries it there), then where
``meson install`` put it with this package, then on the system's library
path, then in the ``libdir`` that ``pkg-config`` gives for ``mancala``;
``library_path`` is the file loaded.
"""

from ._native import path as library_path
from ._native import lib as _lib
from .engine import (MCTS, MCTSResult, MoveStats, Playout, SearchResult, Searcher, Table,
                     TableValue, mcts, playout, solve_modiar, solve_rio_kadalis)
from .errors import *  # noqa: F401,F403
from .errors import __all__ as _errors
from .game import (RULES, End, EventKind, Game, MatchEnd, MatchRepetition, MoveEvent, Player,
                   Result)
from .rules import (RulesInfo, round_closed_pits, round_open_pits, round_table_name, rules_info,
                    table_file_format)

__version__ = "1.3.0"

#: The version of the C library in use, such as "1.0.0".
library_version: str = _lib.mancala_version_string().decode()

SOUTH = Player.SOUTH
NORTH = Player.NORTH
DRAW = Result.DRAW

__all__ = ["Game", "Player", "Result", "SOUTH", "NORTH", "DRAW", "End", "MatchEnd",
           "MatchRepetition", "EventKind", "MoveEvent", "RULES", "RulesInfo", "rules_info",
           "round_open_pits", "round_closed_pits", "round_table_name", "table_file_format",
           "Playout", "SearchResult", "Searcher", "MCTS", "MCTSResult", "MoveStats", "Table",
           "TableValue", "playout", "mcts",
           "solve_modiar", "solve_rio_kadalis", "library_path", "library_version", *_errors]

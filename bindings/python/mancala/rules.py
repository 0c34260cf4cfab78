# SPDX-License-Identifier: MIT
"""What the library knows of its rules sets, asked rather than copied:
their names, their facts, the rounds of a match and the format of a
table file (mancala_rules_info() and the round helpers in mancala.h).

>>> import mancala
>>> mancala.RULES[:2]
('modiar', 'rio-kadalis')
>>> mancala.rules_info("rio-kadalis-5").holes
5
>>> mancala.round_table_name("rio-kadalis", 2, 6)
'rio-kadalis-open-2-6.table'
"""

from __future__ import annotations

import os
from ctypes import create_string_buffer
from typing import NamedTuple, Union

from ._handle import INT, integer
from ._native import lib
from .errors import UnknownRules, check, shown

__all__ = ["RULES", "RulesInfo", "rules_info", "round_open_pits", "round_closed_pits",
           "round_table_name", "table_file_format"]

#: Every rules name the library knows, in its order (mancala_rules_name()).
RULES = tuple(lib.mancala_rules_name(i).decode() for i in range(lib.mancala_rules_count()))
# As the mancala program lists them in its message.
_RULES_WORDS = ", ".join(RULES[:-1]) + " or " + RULES[-1]

# enum mancala_rules_fact
_RULES_HOLES = 1
_RULES_STONES = 2
_RULES_CLOCKWISE = 3
_RULES_ROUNDS = 4
_RULES_FIRST_MOVE_FORFEITS = 5
_RULES_TABLE_STONES = 6
_RULES_DEFAULT_TABLE_STONES = 7


class RulesInfo(NamedTuple):
    """The facts of a rules set (:func:`rules_info`)."""
    title: str                 #: the game in words: "Modiar" or "Rio Kadalis"
    holes: int                 #: pits per row
    stones: int                #: stones in each pit at the start
    clockwise: bool            #: sown clockwise
    rounds: bool               #: a match of rounds with closed pits and banks
    first_move_forfeits: bool  #: the game's first move captures nothing
    table_stones: int          #: the most stones a table of the open board covers
    default_table_stones: int  #: the stones such a table covers unless told


def _name(rules: str) -> bytes:
    """A known rules name for the C library, or UnknownRules."""
    if not isinstance(rules, str) or rules not in RULES:
        raise UnknownRules(f"unknown rules {shown(str(rules))} (expected {_RULES_WORDS})")
    return rules.encode()


def rules_info(rules: str) -> RulesInfo:
    """The facts of the named rules (mancala_rules_info()).

    Raises:
        UnknownRules: for an unknown rules name.
    """
    name = _name(rules)

    def fact(what: int) -> int:
        return check(lib.mancala_rules_info(name, what))

    return RulesInfo(lib.mancala_rules_title(name).decode(), fact(_RULES_HOLES),
                     fact(_RULES_STONES), bool(fact(_RULES_CLOCKWISE)),
                     bool(fact(_RULES_ROUNDS)), bool(fact(_RULES_FIRST_MOVE_FORFEITS)),
                     fact(_RULES_TABLE_STONES), fact(_RULES_DEFAULT_TABLE_STONES))


def round_open_pits(rules: str, stones: int) -> int:
    """The pits a player holding ``stones`` opens for the next round of a
    match: one for each four, at most a row's (mancala_round_open_pits()).

    Raises:
        UnknownRules: for an unknown rules name.
        Unsupported: for rules without rounds (Modiar).
        InvalidArgument: for negative ``stones``.
    """
    name = _name(rules)
    return check(lib.mancala_round_open_pits(name, integer(stones, "stones", 0, 2**31 - 1, INT)))


def round_closed_pits(rules: str, south_open: int, north_open: int) -> frozenset[int]:
    """The closed pits of a round where South has its ``south_open``
    highest-numbered pits open and North its ``north_open``
    (mancala_round_closed_pits()).

    Raises:
        UnknownRules: for an unknown rules name.
        Unsupported: for rules without rounds (Modiar).
        InvalidArgument: for a count of open pits out of range.
    """
    mask = check(lib.mancala_round_closed_pits(_name(rules), *_open(rules, south_open, north_open)))
    return frozenset(p for p in range(mask.bit_length()) if mask >> p & 1)


def round_table_name(rules: str, south_open: int, north_open: int) -> str:
    """The file name of such a round's table, ``RULES-open-KS-KN.table``,
    where the ``mancala`` command looks for it and writes it
    (mancala_round_table_name()). Errors as :func:`round_closed_pits`."""
    name = _name(rules)
    ks, kn = _open(rules, south_open, north_open)
    size = check(lib.mancala_round_table_name(name, ks, kn, None, 0)) + 1
    buf = create_string_buffer(size)
    check(lib.mancala_round_table_name(name, ks, kn, buf, size))
    return buf.value.decode()


def _open(rules: str, south_open: int, north_open: int) -> tuple[int, int]:
    holes = rules_info(rules).holes
    return (integer(south_open, "south_open", 1, holes, INT),
            integer(north_open, "north_open", 1, holes, INT))


def table_file_format(path: Union[str, os.PathLike, None] = None) -> int:
    """The format version of the table file at ``path`` (its header's),
    or with no ``path`` the one this library reads and writes
    (mancala_table_file_format()).

    Raises:
        FileError: the file cannot be read or is not a regular file.
        FormatError: it does not start as a table file.
    """
    return check(lib.mancala_table_file_format(None if path is None else os.fsencode(path)))

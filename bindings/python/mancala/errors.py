# SPDX-License-Identifier: MIT
"""The exceptions of the binding: one per status code of the C library.

Every exception derives from :class:`MancalaError`, which carries the C
``status`` code and the library's sentence for it. Where a built-in
exception means the same thing, the class derives from it too, so that
``except ValueError`` catches a malformed position and ``except
IndexError`` a bad pit number.
"""

from __future__ import annotations

from ._native import strerror

__all__ = [
    "MancalaError", "InvalidArgument", "OutOfMemory", "UnknownRules", "ParseError",
    "PitOutOfRange", "NoSpace", "GameOver", "NotOver", "NoHistory", "StateError",
    "Unsupported", "MatchOver", "IllegalMove", "NotYourPit", "ClosedPit", "EmptyPit",
    "Singleton", "GrandSlam", "MustFeed", "EndlessMove", "OptionError", "FileError",
    "FormatError", "Cancelled", "LimitReached", "Busy",
]


class MancalaError(Exception):
    """An error reported by libmancala.

    Attributes:
        status: the negative ``enum mancala_status`` code.
        reason: the library's description of it (mancala_strerror()).
    """

    status = 0

    def __init__(self, message: str | None = None, *, status: int | None = None):
        if status is not None:
            self.status = status
        self.reason = strerror(self.status)
        super().__init__(message or self.reason)


class InvalidArgument(MancalaError, ValueError):
    """An argument is invalid (MANCALA_E_INVALID)."""
    status = -1


class OutOfMemory(MancalaError, MemoryError):
    """The library could not allocate memory (MANCALA_E_NOMEM)."""
    status = -2


class UnknownRules(MancalaError, ValueError):
    """Unknown rules name (MANCALA_E_RULES)."""
    status = -3


class ParseError(MancalaError, ValueError):
    """A malformed position string (MANCALA_E_PARSE).

    Attributes:
        position: the string that was rejected.
        detail: the library's one-line reason, naming the bad field, such
            as ``"PITS: expected 6 pit counts, found 5"``.
    """
    status = -4

    def __init__(self, position: str, detail: str):
        self.position = position
        self.detail = detail
        super().__init__(f"{detail} (in {shown(position)})")


class NoSpace(MancalaError):
    """A buffer or a bound was too small (MANCALA_E_NOSPACE)."""
    status = -6


class GameOver(MancalaError):
    """The game or round is over (MANCALA_E_OVER)."""
    status = -7


class NotOver(MancalaError):
    """The game or round is not over yet (MANCALA_E_NOT_OVER)."""
    status = -8


class NoHistory(MancalaError, IndexError):
    """There is no move to undo or report (MANCALA_E_NO_HISTORY)."""
    status = -9


class StateError(MancalaError):
    """Not allowed in the game's present state (MANCALA_E_STATE)."""
    status = -10


class Unsupported(MancalaError, NotImplementedError):
    """The rules (or this build of the library) lack the feature
    (MANCALA_E_UNSUPPORTED)."""
    status = -11


class MatchOver(MancalaError):
    """The match is over; no further round (MANCALA_E_MATCH_OVER)."""
    status = -12


class IllegalMove(MancalaError, ValueError):
    """A move that may not be played; the subclass says why.

    Attributes:
        pit: the pit that was played.
    """

    def __init__(self, pit: int, *, status: int | None = None):
        self.pit = pit
        super().__init__(None, status=status)
        self.args = (f"pit {pit}: {self.reason}",)


class PitOutOfRange(IllegalMove, IndexError):
    """A pit number that is not on this board (MANCALA_E_RANGE)."""
    status = -5

    def __init__(self, pit: int, *, status: int | None = None):
        super().__init__(pit, status=status)


class NotYourPit(IllegalMove):
    """The pit belongs to the opponent (MANCALA_E_NOT_YOURS)."""
    status = -13


class ClosedPit(IllegalMove):
    """The pit is closed this round (MANCALA_E_CLOSED)."""
    status = -14


class EmptyPit(IllegalMove):
    """The pit is empty (MANCALA_E_EMPTY)."""
    status = -15


class Singleton(IllegalMove):
    """One stone cannot be moved in Modiar (MANCALA_E_SINGLETON, rule 1)."""
    status = -16


class GrandSlam(IllegalMove):
    """It would capture the opponent's whole row (MANCALA_E_GRAND_SLAM,
    Modiar rule 5)."""
    status = -17


class MustFeed(IllegalMove):
    """Another move feeds the opponent's empty row (MANCALA_E_MUST_FEED,
    Modiar rule 6)."""
    status = -18


class EndlessMove(IllegalMove):
    """Its relay would never end (MANCALA_E_ENDLESS, Rio Kadalis rule 6)."""
    status = -19


class OptionError(MancalaError, ValueError):
    """Unknown option, limit or value (MANCALA_E_OPTION)."""
    status = -20


class FileError(MancalaError, OSError):
    """A file could not be read or written (MANCALA_E_IO)."""
    status = -21


class FormatError(MancalaError, ValueError):
    """A file is not in the expected format (MANCALA_E_FORMAT)."""
    status = -22


class Cancelled(MancalaError):
    """A callback asked to stop: a progress or prior function, or an evaluation
    that freed its searcher (MANCALA_E_CANCELLED)."""
    status = -23


class Busy(MancalaError):
    """The object is in use by a call that has not returned: it cannot be
    closed or re-entered from a callback of that call, or from another
    thread meanwhile (MANCALA_E_BUSY)."""
    status = -24


class LimitReached(MancalaError):
    """A computation reached a limit of the library, such as a playout's
    ply limit (MANCALA_E_LIMIT)."""
    status = -25


class TableVersionError(FormatError):
    """A table file of another format version, such as one written by
    libmancala 1.0: solve the table again (MANCALA_E_VERSION)."""
    status = -26


__all__ += ["TableVersionError"]

_by_status = {cls.status: cls for cls in [
    InvalidArgument, OutOfMemory, UnknownRules, NoSpace, GameOver, NotOver, NoHistory,
    StateError, Unsupported, MatchOver, OptionError, FileError, FormatError, Cancelled,
    LimitReached, Busy]}
_by_status[TableVersionError.status] = TableVersionError
_illegal_by_status = {cls.status: cls for cls in [
    PitOutOfRange, NotYourPit, ClosedPit, EmptyPit, Singleton, GrandSlam, MustFeed,
    EndlessMove]}


def shown(text: object, limit: int = 64) -> str:
    """``repr(text)`` for a message: one line, escaped, and cut after
    ``limit`` characters of ``text`` (with its length) so that a huge
    argument does not flood the message."""
    if isinstance(text, str) and len(text) > limit:
        return f"{text[:limit]!r}... ({len(text)} characters)"
    return repr(text)


def check(status: int, what: str | None = None) -> int:
    """Returns ``status`` when it is not an error; raises the matching
    exception otherwise (``what`` prefixes the message)."""
    if status >= 0:
        return status
    cls = _by_status.get(status)
    if cls is None:
        error = MancalaError(None, status=status)
    else:
        error = cls()
    if what:
        error.args = (f"{what}: {error.reason}",)
    raise error


def illegal(status: int, pit: int) -> "IllegalMove | None":
    """The exception for a refused move, or None when the status is not a
    move's refusal."""
    cls = _illegal_by_status.get(status)
    return cls(pit) if cls else None

# SPDX-License-Identifier: MIT
"""The game: a Python object that owns one ``mancala_game`` handle."""

from __future__ import annotations

import enum
import operator
from ctypes import byref, c_float, c_int, create_string_buffer
from typing import Iterable, NamedTuple, Optional

from . import _draw, _tensor
from ._handle import INT, NativeHandle, flag, integer
from ._native import MAX_PITS, REASON_MAX, Event, game_p, lib
from .errors import (InvalidArgument, NotOver, ParseError, PitOutOfRange, StateError,
                     UnknownRules, check, illegal, shown)
from .rules import _RULES_WORDS, RULES

__all__ = ["Game", "Player", "Result", "End", "MatchEnd", "MatchRepetition", "EventKind",
           "MoveEvent", "RULES"]

_OPT_REPETITION = 1
_OPT_MATCH_REPETITION = 2
_OPT_MAX_ROUNDS = 3
_DRAW = 2


class _Named(enum.IntEnum):
    """An IntEnum that prints as a word (``print(game.end_reason)`` shows
    ``repetition``) and still compares equal to the C library's number."""

    def __str__(self) -> str:
        return self.name.lower().replace("_", "-")

    def __format__(self, spec: str) -> str:
        # Format specs of numbers ("d", "2d") format the number; others the name.
        return int.__format__(self, spec) if spec[-1:] in "bdnoxX" and spec else \
            format(str(self), spec)


class Player(_Named):
    """The two players. South (0) moves first and owns pits ``0 … n-1``."""
    SOUTH = 0
    NORTH = 1

    @property
    def opponent(self) -> "Player":
        """The other player."""
        return Player(1 - self)

    def __str__(self) -> str:
        """"South" or "North", as ``print(game.winner)`` shows it (it still
        compares equal to 0 and 1)."""
        return self.name.capitalize()


class Result(_Named):
    """The result of a game, round or match: ``Result.DRAW`` (2) for a
    draw; the same numbers as JavaScript's SOUTH, NORTH and DRAW."""
    SOUTH = 0
    NORTH = 1
    DRAW = 2

    def __str__(self) -> str:
        """"South", "North" or "Draw"."""
        return self.name.capitalize()


def _result(value: int) -> Optional[Result]:
    return None if value == NotOver.status else Result(check(value))


class End(_Named):
    """Why a game or round ended (``enum mancala_end``)."""
    NONE = 0         #: not over
    NO_MOVES = 1     #: the player to move has no legal move
    REPETITION = 2   #: a position recurred (the repetition rule)


class MatchEnd(_Named):
    """Why a match ended (``enum mancala_match_end``)."""
    NONE = 0         #: not over
    GAME = 1         #: Modiar: the game, which is the whole match, is over
    STONES = 2       #: a player has fewer than 4 stones
    REPETITION = 3   #: the next round would start like two earlier ones
    ROUNDS = 4       #: the round limit (:attr:`Game.max_rounds`) was reached


class MatchRepetition(_Named):
    """Values of :attr:`Game.match_repetition` (``enum
    mancala_match_repetition``): what a match that keeps repeating does."""
    OFF = 0          #: it goes on
    MORE_STONES = 1  #: it ends, the player holding more stones wins (default since 1.3)
    DRAW = 2         #: it ends as a draw whatever the stones (the 1.2 reading)


class EventKind(_Named):
    """Kinds of :class:`MoveEvent` (``enum mancala_event_kind``)."""
    LAP = 1       #: stones lifted to start a lap
    SOW = 2       #: one stone sown; ``stones`` is the pit's count afterwards
    CAPTURE = 3   #: stones captured by ``player``
    BINIKH = 4    #: Rio Kadalis: the last stone of a lap made four
    FORFEIT = 5   #: Modiar first move: a capture forfeited, the stones stay


class MoveEvent(NamedTuple):
    """One step of a move, for replaying it stone by stone."""
    kind: EventKind
    pit: int
    stones: int
    player: Player


def _player(value: int) -> Player:
    return Player(check(value))


def _winner(value: int) -> Optional[Player]:
    check(value)
    return None if value == _DRAW else Player(value)


class Game(NativeHandle):
    """A game of Modiar or a match of Rio Kadalis, played by the rules of
    doc/RULES.md.

    ``Game("modiar")`` starts a game; :meth:`Game.parse` sets one up from a
    position string such as ``"modiar/7,7,7,7,7,7/S/0,0/0"``, which is
    also what ``str(game)`` gives back. Moves are absolute pit numbers,
    ``0 … 2n-1`` counter-clockwise; South owns ``0 … n-1``.

    >>> game = Game("modiar")
    >>> game.legal_moves
    (0, 1, 2)
    >>> game.play(0)
    >>> str(game)
    'modiar/2,8,8,8,8,8/N/0,0/1'

    A game owns memory in the C library. It is released when the object is
    garbage-collected, or at once by :meth:`close` or a ``with`` block.
    A game must not be used by two threads at once; distinct games may.

    Two games compare equal when their positions (``str(game)``) are equal;
    ``hash(game)`` is the library's 64-bit position hash, so a game used
    as a dict key or set member must not be played on afterwards.

    ``copy.copy()`` and ``copy.deepcopy()`` give independent games.
    ``pickle`` saves the game's match record (:attr:`record`): a restored
    game has the same position, round, undo history, options and
    repetition state.

    Args:
        rules: one of :data:`RULES`.
        repetition: whether a recurring position ends the game or round
            (RULES.md, "repetition"); on by default.

    Raises:
        UnknownRules: for an unknown rules name.
    """

    __slots__ = ("_owner",)
    _kind = "game"

    def __init__(self, rules: str = "modiar", *, repetition: bool = True):
        repetition = flag(repetition, "repetition")
        name = _rules_name(rules)
        handle = game_p()
        status = lib.mancala_new(byref(handle), name)
        if status == UnknownRules.status:
            raise UnknownRules(f"unknown rules {shown(rules)} (expected {_RULES_WORDS})")
        check(status, f"rules {shown(rules)}")
        self._adopt(handle, repetition)

    # -- life cycle -----------------------------------------------------

    def _adopt(self, handle: game_p, repetition: bool = True) -> None:
        self._handle = handle.value
        self._owner = True
        if not repetition:
            self.repetition = False

    @classmethod
    def _wrap(cls, handle: game_p, repetition: bool = True) -> "Game":
        game = cls.__new__(cls)
        game._adopt(handle, repetition)
        return game

    @classmethod
    def _borrow(cls, address: int) -> "Game":
        """A read-only view of a handle owned by the C library (the
        position an evaluation callback is asked about)."""
        game = cls.__new__(cls)
        game._handle = address
        game._owner = False
        return game

    @classmethod
    def parse(cls, position: str, *, repetition: bool = True) -> "Game":
        """Sets up a game from a position string (RULES.md, "Position
        notation"), such as ``"rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6"``.

        The position starts a game (or round) with an empty history; if the
        player to move has no legal move, the game is over at once.

        Raises:
            ParseError: the string is malformed; ``detail`` names the field.
        """
        repetition = flag(repetition, "repetition")
        text = _parsed_text(position, "position")
        handle = game_p()
        errbuf = create_string_buffer(256)
        status = lib.mancala_parse(byref(handle), text, errbuf, len(errbuf))
        if status == ParseError.status:
            raise ParseError(position, errbuf.value.decode("utf-8", "replace"))
        check(status)
        return cls._wrap(handle, repetition)

    def _release(self, handle: int) -> None:
        if self._owner:
            lib.mancala_free(handle)

    def _writable(self) -> int:
        if not self._owner:
            raise StateError("this game is a read-only view")
        return self._h

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._handle is None

    def copy(self) -> "Game":
        """An independent copy: position, history, options and match."""
        handle = game_p()
        check(lib.mancala_clone(byref(handle), self._h))
        return Game._wrap(handle)

    __copy__ = copy

    def __deepcopy__(self, memo) -> "Game":
        return self.copy()

    # -- saving: the match record (start position, options, every move of
    # every round); pickle uses it.

    def __reduce__(self):
        return (Game.from_record, (self.record,))

    @property
    def record(self) -> str:
        """The match record: one line with the position the game was
        created at, the options that are not at their default, the
        :attr:`tags` and every move of every round, ``|`` between rounds (see
        ``mancala_format_record()`` in mancala.h). :meth:`from_record`
        restores the game from it exactly; a file can hold one per line.

        >>> game = Game("modiar")
        >>> game.play(0)
        >>> game.record
        'modiar/7,7,7,7,7,7/S/0,0/0 0'
        """
        handle = self._h
        size = check(lib.mancala_format_record(handle, None, 0))
        buf = create_string_buffer(size + 1)
        lib.mancala_format_record(handle, buf, len(buf))
        return buf.value.decode()

    @property
    def tags(self) -> dict[str, str]:
        """The game's tags, free information that the :attr:`record`
        carries (like the headers of a chess PGN file), as a new dict in
        their order; change them with :meth:`set_tag`.

        >>> game = Game("modiar")
        >>> game.set_tag("south", "search:8")
        >>> game.tags, game.record
        ({'south': 'search:8'}, 'modiar/7,7,7,7,7,7/S/0,0/0 south="search:8"')
        """
        handle = self._h
        keys = [lib.mancala_tag_key(handle, i) for i in range(check(lib.mancala_tag_count(handle)))]
        return {key.decode(): lib.mancala_tag_get(handle, key).decode() for key in keys}

    def set_tag(self, key: str, value: Optional[str]) -> None:
        """Sets (or with None removes) a tag. A key is 1 to 32 characters,
        a letter then letters, digits, ``-`` or ``_``, and not the name of
        an option of the record (``repetition``, ``match-repetition``,
        ``max-rounds``); a value is text of at most 255 bytes in UTF-8
        without control characters; at most 32 tags (RULES.md, "Match
        records").

        Raises:
            InvalidArgument: the key or value is not as above; the
                message says which rule it breaks.
            LimitReached: the game has 32 tags and ``key`` is new.
        """
        encoded = None if value is None else _encode(value, "tag value")
        key_bytes = _encode(key, "tag key")
        status = lib.mancala_tag_set(self._writable(), key_bytes, encoded)
        if status == InvalidArgument.status:
            reason = create_string_buffer(REASON_MAX)
            lib.mancala_tag_check(key_bytes, encoded, reason, REASON_MAX)
            raise InvalidArgument(f"tag {shown(key)}: {reason.value.decode()}")
        check(status, f"tag {shown(key)}")

    @classmethod
    def from_record(cls, record: str) -> "Game":
        """Restores a game from its match record (:attr:`record`): the
        same position, round, undo history, options and repetition state.
        One newline at the end is allowed (a line read from a file).

        Raises:
            ParseError: the record is malformed; ``detail`` names the word
                that is wrong (a bad start position, an unknown option, an
                illegal move, a ``|`` while the round goes on...).
        """
        text = _parsed_text(record, "record")
        handle = game_p()
        errbuf = create_string_buffer(REASON_MAX)
        status = lib.mancala_parse_record(byref(handle), text, errbuf, len(errbuf))
        if status == ParseError.status:
            error = ParseError(record, errbuf.value.decode())
            error.args = (f"match record: {error.detail}",)
            raise error
        check(status)
        return cls._wrap(handle)

    # -- the position ---------------------------------------------------

    def __str__(self) -> str:
        size = check(lib.mancala_format(self._h, None, 0))
        buf = create_string_buffer(size + 1)
        lib.mancala_format(self._h, buf, len(buf))
        return buf.value.decode()

    @property
    def position(self) -> str:
        """The position string, as ``str(game)``."""
        return str(self)

    def __repr__(self) -> str:
        if self.closed:
            return "<mancala.Game (closed)>"
        return _draw.text(self)

    def _repr_svg_(self) -> str:
        """The board as an SVG picture (used by Jupyter), without its XML
        declaration."""
        return _draw.svg(self, inline=True)

    def svg(self, *, size: Optional[int] = None) -> str:
        """The board as a standalone SVG picture, drawn by the library
        (mancala_svg(), as ``mancala show --svg``): ``size`` pixels per pit,
        or the library's size (80) if None."""
        return _draw.svg(self, size)

    def __eq__(self, other: object) -> bool:
        """Whether the two positions (``str(game)``) are equal."""
        if not isinstance(other, Game):
            return NotImplemented
        return str(self) == str(other)

    def __hash__(self) -> int:
        """The library's position hash (see :attr:`position_hash`)."""
        return hash(self.position_hash)

    @property
    def position_hash(self) -> int:
        """The library's 64-bit hash of the position (unsigned): equal for
        equal positions in every process and on every platform; the ply
        and the history are not part of it."""
        return lib.mancala_hash(self._h)

    @property
    def rules(self) -> str:
        """The rules name, such as ``"rio-kadalis-5-cw"``."""
        return lib.mancala_rules(self._h).decode()

    @property
    def num_pits(self) -> int:
        """Pits on the board, ``2n``: 6, 10 or 12."""
        return check(lib.mancala_num_pits(self._h))

    @property
    def pits(self) -> tuple[int, ...]:
        """Stones in each pit, in pit-number order (0 for a closed pit)."""
        handle = self._h
        return tuple(check(lib.mancala_pit(handle, p)) for p in range(self.num_pits))

    @property
    def closed_pits(self) -> tuple[int, ...]:
        """The pits closed this round (Rio Kadalis matches), ascending."""
        handle = self._h
        return tuple(p for p in range(self.num_pits) if check(lib.mancala_pit_closed(handle, p)))

    @property
    def to_move(self) -> Player:
        """The player to move (once the game is over: the player who could
        not move, or would move next)."""
        return _player(lib.mancala_to_move(self._h))

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The legal moves of the player to move, ascending; empty when the
        game or round is over."""
        moves = (c_int * MAX_PITS)()
        count = check(lib.mancala_legal_moves(self._h, moves, MAX_PITS))
        return tuple(moves[:count])

    @property
    def over(self) -> bool:
        """Whether the game (or the current round) is over."""
        return bool(check(lib.mancala_is_over(self._h)))

    @property
    def end_reason(self) -> End:
        """Why the game or round ended (``End.NONE`` while it goes on)."""
        return End(check(lib.mancala_end_reason(self._h)))

    @property
    def scores(self) -> tuple[int, int]:
        """(South, North) scores as RULES.md counts them: captures plus
        bank, and once the game or round is over the stones left in each
        player's row."""
        handle = self._h
        return (check(lib.mancala_score(handle, 0)), check(lib.mancala_score(handle, 1)))

    @property
    def captured(self) -> tuple[int, int]:
        """(South, North) stones captured in this game or round."""
        handle = self._h
        return (check(lib.mancala_captured(handle, 0)), check(lib.mancala_captured(handle, 1)))

    @property
    def banks(self) -> tuple[int, int]:
        """(South, North) banks: stones kept off the board this round
        (Rio Kadalis matches; always 0 in Modiar)."""
        handle = self._h
        return (check(lib.mancala_bank(handle, 0)), check(lib.mancala_bank(handle, 1)))

    @property
    def ply(self) -> int:
        """Moves played so far in this game or round (the notation's PLY)."""
        return check(lib.mancala_ply(self._h))

    @property
    def winner(self) -> Optional[Player]:
        """The winner of the game (or current round) once it is over;
        None for a draw.

        Raises:
            NotOver: while the game or round goes on.
        """
        return _winner(lib.mancala_winner(self._h))

    @property
    def result(self) -> Optional[Result]:
        """The result once the game or round is over: ``Result.SOUTH``,
        ``Result.NORTH`` or ``Result.DRAW``; None while it goes on (as
        JavaScript's ``result``)."""
        return _result(lib.mancala_winner(self._h))

    @property
    def repetition(self) -> bool:
        """The repetition rule: whether a recurring position ends the game
        or round. It can be changed only before the first move
        (StateError afterwards); copies and later rounds keep it."""
        return bool(check(lib.mancala_get_option(self._h, _OPT_REPETITION)))

    @repetition.setter
    def repetition(self, on: bool) -> None:
        on = flag(on, "repetition")
        check(lib.mancala_set_option(self._writable(), _OPT_REPETITION, 1 if on else 0),
              "repetition")

    @property
    def match_repetition(self) -> MatchRepetition:
        """The match-repetition rule (RULES.md, "A match that keeps
        repeating ends"): what happens when the next round would start
        like two earlier rounds. ``MatchRepetition.MORE_STONES`` (the
        default, true as a bool): the match ends and the player holding
        more stones wins, a draw if equal; ``DRAW``: it ends as a draw (the
        reading of 1.2, whose ``True`` meant this); ``OFF`` (false): it goes
        on. Set it to one of these or to a bool (``True`` is
        ``MORE_STONES``); it may be changed at any time."""
        return MatchRepetition(check(lib.mancala_get_option(self._h, _OPT_MATCH_REPETITION)))

    @match_repetition.setter
    def match_repetition(self, value: "bool | MatchRepetition") -> None:
        if isinstance(value, bool):
            value = MatchRepetition.MORE_STONES if value else MatchRepetition.OFF
        elif not isinstance(value, int) or value not in tuple(MatchRepetition):
            raise InvalidArgument("match_repetition must be a bool or a MatchRepetition "
                                  f"(0, 1 or 2), not {value!r}")
        check(lib.mancala_set_option(self._writable(), _OPT_MATCH_REPETITION, int(value)),
              "match_repetition")

    @property
    def max_rounds(self) -> Optional[int]:
        """The most rounds of the match (None: no limit, the default). The
        match then ends after that round and goes to the player holding
        more stones, a draw if equal. It may be changed at any time, but
        not below the current round (StateError)."""
        return check(lib.mancala_get_option(self._h, _OPT_MAX_ROUNDS)) or None

    @max_rounds.setter
    def max_rounds(self, rounds: Optional[int]) -> None:
        value = 0 if rounds is None else operator.index(rounds)
        if not 1 <= value < 2**31 and rounds is not None:
            raise InvalidArgument(f"max_rounds must be None or from 1 to {2**31 - 1}, not {rounds}")
        check(lib.mancala_set_option(self._writable(), _OPT_MAX_ROUNDS, value), "max_rounds")

    # -- moves ----------------------------------------------------------

    def play(self, pit: int) -> None:
        """Plays a move for the player to move.

        Raises:
            IllegalMove: the move is not legal; the subclass says why
                (NotYourPit, EmptyPit, Singleton, GrandSlam, MustFeed,
                ClosedPit, EndlessMove, PitOutOfRange). The game is
                unchanged.
            GameOver: the game or round is over.
        """
        handle = self._writable()
        pit = _pit(pit, self)
        status = lib.mancala_play(handle, pit)
        if status < 0:
            error = self._off_board(pit) if status == PitOutOfRange.status else illegal(status, pit)
            if error is not None:
                raise error
            check(status, f"pit {pit}")

    def _off_board(self, pit: int) -> PitOutOfRange:
        """PitOutOfRange for a pit that is not on this board, which names
        the board's pits and the legal moves."""
        legal = self.legal_moves
        moves = f"the legal moves are {', '.join(map(str, legal))}" if legal else \
            "there is no legal move"
        error = PitOutOfRange(pit)
        error.args = (f"pit {pit}: not on this board (pits 0 to {self.num_pits - 1}); {moves}",)
        return error

    def play_moves(self, pits: Iterable[int]) -> None:
        """Plays several moves in order; stops at the first illegal one
        (raising as :meth:`play`), leaving the moves before it played."""
        for pit in pits:
            self.play(pit)

    def undo(self) -> int:
        """Takes back the last move of the current game or round and
        returns its pit.

        Raises:
            NoHistory: no move was played since the game was created or
                parsed, or since the current round began.
        """
        handle = self._writable()
        count = self.history_length
        last = self.history[-1] if count else None
        check(lib.mancala_undo(handle))
        return last

    @property
    def history_length(self) -> int:
        """The number of moves :meth:`undo` can take back."""
        return check(lib.mancala_history_length(self._h))

    @property
    def history(self) -> tuple[int, ...]:
        """The moves played since the game was created or parsed, or since
        the current round began, oldest first."""
        handle = self._h
        count = check(lib.mancala_history_length(handle))
        moves = (c_int * max(count, 1))()
        count = check(lib.mancala_history(handle, moves, count))
        return tuple(moves[:count])

    @property
    def start_position(self) -> str:
        """The position the game (or current round) began from: this
        position with every move of :attr:`history` taken back."""
        with self.copy() as start:
            for _ in range(start.history_length):
                check(lib.mancala_undo(start._h))
            return str(start)

    def last_move_events(self) -> list[MoveEvent]:
        """The steps of the last move, in order: laps, stones sown,
        captures (and binikh or forfeits).

        Raises:
            NoHistory: there is no move to report.
        """
        handle = self._h
        count = check(lib.mancala_last_move_events(handle, None, 0))
        events = (Event * max(count, 1))()
        check(lib.mancala_last_move_events(handle, events, count))
        return [MoveEvent(EventKind(e.kind), e.pit, e.stones, Player(e.player))
                for e in events[:count]]

    def describe_last_move(self) -> str:
        """The last move in words, as the ``mancala`` program tells it
        (mancala_describe_last_move()): a line for the laps and stones
        sown, then a line for each capture, binikh or forfeit.

        >>> game = Game("modiar")
        >>> game.play(0)
        >>> print(game.describe_last_move())
        South plays 0: 1 lap, 7 stones sown, the last into pit 0.
          First move: no capture, the 2 stones stay in pit 0.

        Raises:
            NoHistory: there is no move to describe.
        """
        handle = self._h
        size = check(lib.mancala_describe_last_move(handle, None, 0)) + 1
        buf = create_string_buffer(size)
        check(lib.mancala_describe_last_move(handle, buf, size))
        return buf.value.decode()

    def describe_result(self) -> str:
        """The end of the game or round in words, and of the match if it
        is over, as the ``mancala`` program and the page tell it
        (mancala_describe_result()): what ended and why, the scores and
        who won.

        >>> game = Game.parse("modiar/1,0,1,2,3,4/S/15,16/20")
        >>> print(game.describe_result())
        Game over: South has no legal move. South 17, North 25: North wins.

        Raises:
            NotOver: the game or round is not over.
        """
        handle = self._h
        size = check(lib.mancala_describe_result(handle, None, 0)) + 1
        buf = create_string_buffer(size)
        check(lib.mancala_describe_result(handle, buf, size))
        return buf.value.decode()

    # -- matches ----------------------------------------------------------

    def next_round(self) -> None:
        """Starts the next round of a Rio Kadalis match: each player opens
        one pit per four stones of their round score, from their highest
        pit down, banks the rest, and the player who did not start the
        last round starts.

        Raises:
            Unsupported: for Modiar (one game, no match).
            NotOver: the round goes on.
            MatchOver: the match is over (:attr:`match_end_reason` says
                why).
        """
        check(lib.mancala_next_round(self._writable()))

    @property
    def round(self) -> int:
        """The number of the current round, 1 for the first."""
        return check(lib.mancala_round(self._h))

    @property
    def match_over(self) -> bool:
        """Whether the match is over (for Modiar: whether the game is)."""
        return bool(check(lib.mancala_match_over(self._h)))

    @property
    def match_end_reason(self) -> MatchEnd:
        """Why the match ended (``MatchEnd.NONE`` while it goes on): a
        player with fewer than 4 stones, a match that keeps repeating,
        or the round limit."""
        return MatchEnd(check(lib.mancala_match_end_reason(self._h)))

    @property
    def match_winner(self) -> Optional[Player]:
        """The winner of the match (for Modiar, of the game): the player
        holding more stones after the last round; None for a draw (equal
        stones, or a match that keeps repeating under
        ``MatchRepetition.DRAW``).

        Raises:
            NotOver: while the match goes on.
        """
        return _winner(lib.mancala_match_winner(self._h))

    @property
    def match_result(self) -> Optional[Result]:
        """The match's result (for Modiar, the game's): a :class:`Result`
        once the match is over, None while it goes on."""
        return _result(lib.mancala_match_winner(self._h))

    # -- OpenSpiel's state names (the learning interface, 1.3) -------------
    #
    # Actions are relative to the mover: action a is the mover's a-th pit
    # in their own row's order (mancala_num_actions() in mancala.h), so
    # that one policy serves both seats, as in OpenSpiel's oware.

    #: OpenSpiel's player id of a terminal state (pyspiel.PlayerId.TERMINAL).
    TERMINAL_PLAYER = -4

    def num_distinct_actions(self) -> int:
        """The size of the action space, ``n``: 3 (Modiar), 6 (Rio
        Kadalis), 5 (the ``-5`` boards)."""
        return check(lib.mancala_num_actions(self._h))

    def num_players(self) -> int:
        """2, as OpenSpiel's ``num_players()``."""
        return 2

    def current_player(self) -> int:
        """The player to move, 0 (South) or 1 (North), or
        :attr:`TERMINAL_PLAYER` (-4) once the game or round is over, as
        OpenSpiel's ``current_player()``."""
        handle = self._h
        if check(lib.mancala_is_over(handle)):
            return self.TERMINAL_PLAYER
        return check(lib.mancala_to_move(handle))

    def is_terminal(self) -> bool:
        """Whether the game (or the current round: an episode is a round
        of Rio Kadalis, see :meth:`returns`) is over."""
        return bool(check(lib.mancala_is_over(self._h)))

    def is_chance_node(self) -> bool:
        """False: there is no chance in these games."""
        return False

    def _other_player(self, player) -> bool:
        """Whether ``player`` (None: the player to move) is not to move."""
        if player is None:
            return False
        player = integer(player, "player", 0, 1, INT)
        return player != check(lib.mancala_to_move(self._h))

    def legal_actions_mask(self, player: Optional[int] = None):
        """The legal actions as ``n`` bytes, 1 for a legal action (uint8;
        a numpy array if numpy is installed, else ``array.array("B")``);
        all 0 once the game is over or for the ``player`` not to move."""
        size = check(lib.mancala_num_actions(self._h))
        mask, address = _tensor.empty(size, "uint8")
        if not self._other_player(player):
            check(lib.mancala_legal_mask(self._h, address, size))
        return mask

    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        """The legal actions of the player to move, ascending (empty once
        the game is over or for the ``player`` not to move)."""
        return [a for a, legal in enumerate(self.legal_actions_mask(player)) if legal]

    def action_to_pit(self, action: int) -> int:
        """The absolute pit number (as :meth:`play` takes it) of an action
        of the player to move.

        Raises:
            PitOutOfRange: the action is not in ``0 … n-1``.
        """
        handle = self._h
        action = integer(action, "action", INT[0], INT[1], INT)
        status = lib.mancala_action_to_pit(handle, action)
        if status < 0:
            error = PitOutOfRange(action, status=status)
            error.args = (f"action {action}: not from 0 to "
                          f"{check(lib.mancala_num_actions(handle)) - 1}",)
            raise error
        return status

    def pit_to_action(self, pit: int) -> int:
        """The action of the player to move that starts from ``pit``.

        Raises:
            PitOutOfRange: the pit is not in the mover's row.
        """
        pit = _pit(pit)
        status = lib.mancala_pit_to_action(self._h, pit)
        if status < 0:
            raise PitOutOfRange(pit, status=status)
        return status

    def apply_action(self, action: int) -> None:
        """Plays an action of the player to move (see :meth:`play` for the
        errors): OpenSpiel's ``apply_action()``."""
        self.play(self.action_to_pit(action))

    def child(self, action: int) -> "Game":
        """A copy with ``action`` applied; this game is unchanged."""
        child = self.copy()
        child.apply_action(action)
        return child

    def returns(self, *, stones: bool = False, match: bool = False) -> list[float]:
        """Each player's return, ``[South's, North's]``: +1, 0 or -1 for a
        win, draw or loss of the game (Modiar) or round (Rio Kadalis); both
        0 while it goes on (mancala_returns() in mancala.h).

        Args:
            stones: the final stone difference divided by the stones of
                the game, in [-1, 1], instead of win/draw/loss.
            match: the match's outcome instead of the round's (Rio
                Kadalis; the same for Modiar).
        """
        flags = (1 if flag(stones, "stones") else 0) | (2 if flag(match, "match") else 0)
        out = (c_float * 2)()
        check(lib.mancala_returns(self._h, flags, out))
        return [out[0], out[1]]

    def rewards(self) -> list[float]:
        """OpenSpiel's ``rewards()``: the returns once the game (or round)
        is over, else ``[0.0, 0.0]`` (the games give no intermediate
        reward)."""
        return self.returns()

    def player_return(self, player: int) -> float:
        """The return of one player (0 or 1), as ``returns()[player]``."""
        return self.returns()[integer(player, "player", 0, 1, INT)]

    def observation_tensor(self, player: Optional[int] = None, *, raw: bool = False):
        """The position as a learner sees it (layout in mancala.h,
        mancala_observation()): ``4n + 7`` float32 values (a numpy array
        if numpy is installed, else ``array.array("f")``), or the same
        unscaled as uint8 bytes with ``raw=True``.

        Args:
            player: the player whose side the board is seen from, 0 or 1
                (OpenSpiel's ``observation_tensor(player)``); None: the
                player to move. For the other player the mover's entries
                and the opponent's change places (rows, closed pits,
                captures, banks).

        Raises:
            InvalidArgument: ``player`` is not 0, 1 or None.
        """
        other = self._other_player(player)
        handle = self._h
        size = check(lib.mancala_observation_size(handle))
        dtype = "uint8" if flag(raw, "raw") else "float32"
        out, address = _tensor.empty(size, dtype)
        check((lib.mancala_observation_bytes if raw else lib.mancala_observation)(
            handle, address, size))
        if other:
            out = _tensor.take(out, _tensor.seen_by_other((size - 7) // 4), dtype)
        return out

    def clone(self) -> "Game":
        """An independent copy (OpenSpiel's ``clone()``; :meth:`copy`)."""
        return self.copy()

    def serialize(self) -> str:
        """The game as a string (its match record, :attr:`record`), from
        which :meth:`deserialize_state` restores it exactly."""
        return self.record

    @classmethod
    def deserialize_state(cls, text: str) -> "Game":
        """The game :meth:`serialize` saved (:meth:`from_record`)."""
        return cls.from_record(text)

    # -- research engine (see mancala.engine) -----------------------------
    # Thin wrappers kept for compatibility: mancala.engine builds on this
    # module, not the other way round, so each imports it when called.

    def playout(self, seed: int = 0) -> "engine.Playout":
        """Plays the game (or round) to its end with uniformly random legal
        moves on a private copy; this game is not changed. Deterministic
        for a position, history and seed.

        Returns:
            Playout(plies, scores): plies played and the final (South,
            North) scores.
        """
        from . import engine
        return engine.playout(self, seed)

    def evaluate(self) -> int:
        """The library's static evaluation for the player to move:
        (captured + bank + own row) minus the same for the opponent."""
        return lib.mancala_evaluate(self._h)

    def search(self, depth: Optional[int] = None, *, nodes: Optional[int] = None,
               time_ms: Optional[int] = None, table_bytes: int = 0,
               evaluate=None, table=None, progress=None) -> "engine.SearchResult":
        """Searches this position by alpha-beta (iterative deepening with a
        transposition table) and returns a :class:`SearchResult`.

        For several searches, a :class:`Searcher` keeps its table.

        With no limit at all it searches 8 plies deep (as the CLI does);
        with only ``nodes`` or ``time_ms``, up to 64 plies. Ctrl-C stops
        it within milliseconds with KeyboardInterrupt.

        Args:
            depth: deepest iteration in plies (default 8 without other
                limits, else 64).
            nodes: nodes to visit at most.
            time_ms: wall time in milliseconds.
            table_bytes: transposition table size (0: 16 MiB).
            evaluate: a function ``f(game) -> int`` scoring positions the
                search does not play to the end, for the player to move.
            table: a solved :class:`Table` the search may use where it
                covers a position (Rio Kadalis endgames, Modiar).
            progress: a function ``f(result)`` given a :class:`SearchResult`
                for each depth as it completes (see :meth:`Searcher.run`).

        Raises:
            GameOver: the game or round is over.
            Unsupported: the library was built without the search.
        """
        from . import engine
        with engine.Searcher(table_bytes) as searcher:
            return searcher.run(self, depth=depth, nodes=nodes, time_ms=time_ms,
                                evaluate=evaluate, table=table, progress=progress)

    def level_move(self, level: int, seed: int = 0, *, table=None) -> int:
        """The move a computer opponent of strength ``level`` plays here:
        level 1 is nearly random, level 20 the strongest the search plays
        in about a second; in between the look-ahead deepens and the choice
        among the moves grows less random (``mancala_search_level_move``).
        Deterministic for a position, history and seed below level 20.
        With a solved ``table`` (:class:`Table`) the search uses it where
        it covers a position.

        Raises:
            OptionError: a level outside 1 ... 20.
            GameOver: the game or round is over.
        """
        from . import engine
        with engine.Searcher(1 << 20) as searcher:
            return searcher.level_move(self, level, seed, table=table)

    def mcts(self, playouts: int = 1000, seed: int = 0) -> int:
        """Monte Carlo tree search (UCT with random playouts); returns the
        most visited move. Deterministic for a position, history, seed and
        number of playouts.

        Raises:
            GameOver: the game or round is over.
            Unsupported: the library was built without MCTS.
        """
        from . import engine
        return engine.mcts(self, playouts, seed)


def _restore(start: str, history: tuple[int, ...], repetition: bool) -> Game:
    """Unpickles a game pickled by version 1.0 of this binding."""
    game = Game.parse(start, repetition=repetition)
    game.play_moves(history)
    return game


def _rules_name(rules: str) -> bytes:
    """A rules name for the C library (Game, mancala.rl.VectorEnv)."""
    try:
        return _encode(rules, "rules")
    except UnicodeEncodeError:
        raise UnknownRules(f"unknown rules {shown(rules)}: not valid Unicode text "
                           f"(expected {_RULES_WORDS})") from None


def _parsed_text(text: str, what: str) -> bytes:
    """A position or a record for the C parser: text that is not valid
    Unicode is a ParseError, as the parser's own refusals."""
    try:
        return _encode(text, what)
    except UnicodeEncodeError as error:
        raise ParseError(text, f"not valid Unicode text ({error.reason} at index "
                         f"{error.start})") from None


def _encode(text: str, what: str) -> bytes:
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    if "\0" in text:
        raise InvalidArgument(f"{what} contains a NUL character")
    return text.encode()


def _pit(value: int, game: Optional["Game"] = None) -> int:
    if isinstance(value, bool):
        raise TypeError("a pit must be an int, not bool")
    pit = operator.index(value)
    if not INT[0] <= pit <= INT[1]:   # no board has it; C cannot even take it
        raise game._off_board(pit) if game else PitOutOfRange(pit)
    return pit


def _game(value, what: str = "game") -> "Game":
    """An argument that must be a Game (not None, not a position string)."""
    if not isinstance(value, Game):
        raise TypeError(f"{what} must be a mancala.Game, not {type(value).__name__}")
    return value


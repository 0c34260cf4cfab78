# SPDX-License-Identifier: MIT
"""The research engine: random playouts, alpha-beta search, Monte Carlo
tree search, and the solved table of Modiar.

The functions raise :class:`~mancala.Unsupported` when the C library they
run on was built without the feature.
"""

from __future__ import annotations

import operator
import os
import queue
import threading
from ctypes import byref, c_double, c_int, c_uint64
from typing import Callable, Iterable, Mapping, NamedTuple, Optional, Sequence, Union

from ._native import (MAX_PITS, eval_fn, lib, mcts_p, prior_fn, progress_fn, search_p,
                      search_progress_fn, table_p)
from ._native import path as library_path
from .errors import Busy, InvalidArgument, OptionError, Unsupported, check, shown
from ._handle import INT, INT64, SIZE, NativeHandle, in_use, integer
from ._handle import _lock as handle_lock
from .game import RULES, Game, _game
from .rules import rules_info

__all__ = ["Playout", "SearchResult", "Searcher", "MCTS", "MCTSResult", "MoveStats", "TableValue", "Table", "playout", "mcts",
           "solve_modiar", "solve_rio_kadalis"]

_LIMIT_DEPTH, _LIMIT_NODES, _LIMIT_TIME_MS, _LIMIT_PLAYOUTS = 1, 2, 3, 4
_MCTS_EXPLORATION, _MCTS_REUSE = 1, 2
#: The strength levels of :meth:`Game.level_move` (MANCALA_LEVEL_MIN/MAX).
LEVEL_MIN, LEVEL_MAX = 1, 20
#: The depth of a search given no limit at all: the CLI's (a tenth of a
#: second or so from the start of either game), so that search() returns.
DEFAULT_DEPTH = 8
_MAX_DEPTH = 64       # with only a node or time limit (mancala.h's default depth)
_INT_MIN, _INT_MAX = -2**31, 2**31 - 1


def _available(status: int, feature: str, what: Optional[str] = None) -> int:
    """check() for the engine's entry points, whose MANCALA_E_UNSUPPORTED
    means that this build of the library lacks the feature."""
    if status == Unsupported.status:
        raise Unsupported(f"{feature} is not available in libmancala {_version()} "
                          f"({library_path})")
    return check(status, what or feature)


# The thread that runs _interruptible()'s calls for the main thread: one,
# started at the first call (again in a process forked since), which
# waits for the next call between them. A thread started for each call
# cost about 0.16 ms a call, three times as long as a depth-1 Modiar
# search.
_calls: Optional[queue.SimpleQueue] = None
_calls_pid = 0


class _Call:
    """A call for the waiting thread: its answer (`result` or `error`, then
    `finished` is set), and whether it started or was given up (under
    `lock`: a Ctrl-C may come before the thread takes the call, or before
    it is even queued). The answer is kept, not handed over, so that a
    Ctrl-C raised just as the wait ends cannot lose it."""
    __slots__ = ("run", "finished", "lock", "started", "abandoned", "result", "error")

    def __init__(self, run: Callable[[], int]):
        self.run = run
        self.finished = threading.Event()
        self.lock = threading.Lock()
        self.started = self.abandoned = False
        self.result: Optional[int] = None
        self.error: Optional[BaseException] = None


def _serve(calls: queue.SimpleQueue) -> None:
    while True:
        call = calls.get()
        with call.lock:
            if call.abandoned:
                continue
            call.started = True
        try:
            call.result = call.run()
        except BaseException as error:  # the caller raises it
            call.error = error
        call.finished.set()


def _interruptible(run: Callable[[], int], cancel: Callable[[], int]) -> int:
    """Calls ``run()``, a C call that releases the GIL, so that Ctrl-C stops
    it: in the main thread the call runs in a worker thread while this one
    waits, where Python's signal handler can raise KeyboardInterrupt; then
    ``cancel()`` (async-signal-safe in C) is called until the worker has
    returned, and KeyboardInterrupt is raised. Elsewhere (no signals reach
    other threads) ``run()`` is called directly. An exception ``run()``
    raises is raised here."""
    global _calls, _calls_pid
    if threading.current_thread() is not threading.main_thread():
        return run()
    if _calls is None or _calls_pid != os.getpid():
        _calls, _calls_pid = queue.SimpleQueue(), os.getpid()
        threading.Thread(target=_serve, args=(_calls,), name="mancala-search",
                         daemon=True).start()
    call = _Call(run)
    try:
        _calls.put(call)
        call.finished.wait()
    except KeyboardInterrupt:
        # A call not started is given up; one under way is cancelled (the
        # run may not have started when the first cancel comes: repeat).
        # A second Ctrl-C may leave it running: then the next call gets a
        # thread of its own.
        left = True
        try:
            with call.lock:
                call.abandoned = not call.started
            while not call.abandoned:
                cancel()
                if call.finished.wait(0.005):
                    break
            left = False
        finally:
            if left:
                _calls = None
        raise
    if call.error is not None:
        raise call.error
    return call.result


def _version() -> str:
    return lib.mancala_version_string().decode()


def _seed(seed: int) -> int:
    """Any int as the C library's uint64_t seed (taken modulo 2**64)."""
    if isinstance(seed, bool):
        raise TypeError("seed must be an int, not bool")
    try:
        return operator.index(seed) & 0xFFFF_FFFF_FFFF_FFFF
    except TypeError:
        raise TypeError(f"seed must be an int, not {type(seed).__name__}") from None


class Playout(NamedTuple):
    """The result of :meth:`Game.playout`."""
    plies: int                #: plies played (0 if the game was over)
    scores: tuple[int, int]   #: final (South, North) scores


def playout(game: Game, seed: int = 0) -> Playout:
    """Plays ``game`` to its end with random moves on a private copy; see
    :meth:`Game.playout`."""
    scores = (c_int * 2)()
    seed = _seed(seed)
    with in_use(_game(game)):
        plies = _available(lib.mancala_playout(game._h, seed, scores), "playout")
    return Playout(plies, (scores[0], scores[1]))


class SearchResult(NamedTuple):
    """The result of an alpha-beta search."""
    best_move: int          #: the best move found
    score: int              #: its score for the player to move, in stones
    depth: int              #: depth of the last completed iteration
    exact: bool             #: whether every line reached the end of the game
    nodes: int              #: nodes visited
    pv: tuple[int, ...]     #: the principal variation, best move first


class Searcher(NativeHandle):
    """An alpha-beta searcher that keeps its transposition table from one
    search to the next. One searcher must not be used by two threads at
    once.

    Args:
        table_bytes: size of the transposition table (0: 16 MiB).

    Raises:
        Unsupported: the library was built without the search.
    """

    __slots__ = ("_running",)
    _kind = "searcher"

    def __init__(self, table_bytes: int = 0):
        table_bytes = integer(table_bytes, "table_bytes", 0, SIZE[1], SIZE)
        handle = search_p()
        _available(lib.mancala_search_new(byref(handle), table_bytes), "search")
        self._handle = handle.value

    def _release(self, handle: int) -> None:
        lib.mancala_search_free(handle)

    def run(self, game: Game, depth: Optional[int] = None, *, nodes: Optional[int] = None,
            time_ms: Optional[int] = None,
            evaluate: Optional[Callable[[Game], int]] = None,
            table: Optional["Table"] = None,
            progress: Optional[Callable[[SearchResult], object]] = None) -> SearchResult:
        """Searches the position of ``game`` (not modified); see
        :meth:`Game.search` for the arguments. With no limit at all the
        search goes :data:`DEFAULT_DEPTH` (8) plies deep; with a node or
        time limit only, up to 64 plies.

        Ctrl-C (KeyboardInterrupt) stops a search within milliseconds when
        it runs in the main thread; :meth:`cancel` stops it from another
        thread.

        With a solved ``table`` (say of Rio Kadalis endgames), the search
        uses it for the positions it covers (``mancala_search_set_table``).

        An ``evaluate`` function receives a read-only view of the position,
        valid only during the call. If it raises, the search still
        finishes (with 0 for that and every later leaf) and the exception
        is raised from here. It must not run this searcher again (Busy),
        and the searcher, ``game`` and ``table`` cannot be closed until
        the search returns (Busy).

        A ``progress`` function receives a :class:`SearchResult` for each
        depth as it completes (``mancala_search_set_progress``), the last
        one the result's: the way a chess engine reports each depth. It
        may call :meth:`cancel` to stop the search there. If it raises,
        the search stops and the exception is raised from here.

        Raises:
            TypeError, OverflowError, OptionError: a bad limit (depth
                from 1, nodes and time_ms from 0, all below 2**63).
            Busy: called again from ``evaluate`` during a search.
        """
        def limit(value, name, low):
            return integer(value, name, low, INT64[1], error=OptionError)
        if depth is None:
            depth = DEFAULT_DEPTH if nodes is None and time_ms is None else _MAX_DEPTH
        depth = limit(depth, "depth", 1)
        nodes = 0 if nodes is None else limit(nodes, "nodes", 0)
        time_ms = 0 if time_ms is None else limit(time_ms, "time_ms", 0)
        _game(game)
        if table is not None and not isinstance(table, Table):
            raise TypeError(f"table must be a mancala.Table, not {type(table).__name__}")
        with in_use(game, *([table] if table is not None else [])):
            return self._run(game, depth, nodes, time_ms, evaluate, table, progress)

    def _run(self, game, depth, nodes, time_ms, evaluate, table, progress) -> SearchResult:
        handle = self._h
        with handle_lock:
            if getattr(self, "_running", False):
                raise Busy("the searcher is already running a search (called again from its "
                           "evaluate or progress function?); use another Searcher for a nested "
                           "search")
            self._running = True
        try:
            check(lib.mancala_search_set_limit(handle, _LIMIT_DEPTH, depth), "depth")
            check(lib.mancala_search_set_limit(handle, _LIMIT_NODES, nodes), "nodes")
            check(lib.mancala_search_set_limit(handle, _LIMIT_TIME_MS, time_ms), "time_ms")
            errors: list[BaseException] = []
            callback = eval_fn() if evaluate is None else _evaluation(evaluate, errors)
            check(lib.mancala_search_set_eval(handle, callback, None))
            reporter = (search_progress_fn() if progress is None
                        else _progress(progress, errors, lambda: lib.mancala_search_cancel(handle)))
            check(lib.mancala_search_set_progress(handle, reporter, None))
            check(lib.mancala_search_set_table(handle, None if table is None else table._h))
            status = _interruptible(lambda: lib.mancala_search_run(handle, game._h),
                                    lambda: lib.mancala_search_cancel(handle))
            check(status, "search")
        finally:
            self._running = False
            # The C side must not keep a pointer to a callback about to die,
            # nor to a table that may be closed before the next search.
            lib.mancala_search_set_eval(handle, eval_fn(), None)
            lib.mancala_search_set_progress(handle, search_progress_fn(), None)
            lib.mancala_search_set_table(handle, None)
        if errors:
            raise errors[0]
        pv = (c_int * 256)()
        length = check(lib.mancala_search_pv(handle, pv, len(pv)))
        return SearchResult(
            best_move=check(lib.mancala_search_best_move(handle)),
            score=lib.mancala_search_score(handle),
            depth=check(lib.mancala_search_depth(handle)),
            exact=bool(check(lib.mancala_search_exact(handle))),
            nodes=lib.mancala_search_nodes(handle),
            pv=tuple(pv[:min(length, len(pv))]))

    def level_move(self, game: Game, level: int, seed: int = 0, *,
                   table: Optional["Table"] = None) -> int:
        """The move of a computer opponent of strength ``level``, from 1
        (nearly random) to 20 (the strongest in about a second); see
        :meth:`Game.level_move`. With a solved ``table``, the level's
        search uses it where it covers a position, as :meth:`run` does
        (``mancala engine`` gives one to level 20 only: the levels below
        were measured without)."""
        level = integer(level, "level", LEVEL_MIN, LEVEL_MAX, INT, error=OptionError)
        seed = _seed(seed)
        if table is not None and not isinstance(table, Table):
            raise TypeError(f"table must be a mancala.Table, not {type(table).__name__}")
        handle = self._h
        with in_use(_game(game), *([table] if table is not None else [])):
            check(lib.mancala_search_set_table(handle, None if table is None else table._h))
            try:
                return _available(_interruptible(
                    lambda: lib.mancala_search_level_move(handle, game._h, level, seed),
                    lambda: lib.mancala_search_cancel(handle)), "level_move")
            finally:
                lib.mancala_search_set_table(handle, None)  # the table may close next

    def cancel(self) -> bool:
        """Stops the search this searcher is running in another thread; it
        then returns the result of its last completed depth. Returns
        whether a search was under way (a search about to start is not
        stopped: call again until it has returned). Safe from any thread.
        """
        return bool(check(lib.mancala_search_cancel(self._h)))


def _evaluation(evaluate: Callable[[Game], int], errors: list) -> eval_fn:
    """Wraps a Python evaluation as a C callback. Exceptions cannot cross
    the C frames, so they are kept in ``errors`` and raised afterwards."""
    def call(game_address, opaque):
        if errors:
            return 0
        view = Game._borrow(game_address)
        try:
            return max(_INT_MIN, min(_INT_MAX, int(evaluate(view))))
        except BaseException as error:  # noqa: B036 - re-raised by run()
            errors.append(error)
            return 0
        finally:
            view._handle = None   # the view must not outlive the call
    return eval_fn(call)


def _progress(progress: Callable[[SearchResult], object], errors: list,
              cancel: Callable[[], int]) -> search_progress_fn:
    """Wraps a Python progress function as a C callback; an exception is
    kept in ``errors`` (raised by run()) and stops the search."""
    def call(opaque, depth, score, exact, nodes, pv, pv_len):
        if errors:
            return
        line = tuple(pv[:pv_len])
        try:
            progress(SearchResult(best_move=line[0], score=score, depth=depth,
                                  exact=bool(exact), nodes=nodes, pv=line))
        except BaseException as error:  # noqa: B036 - re-raised by run()
            errors.append(error)
            cancel()
    return search_progress_fn(call)


def mcts(game: Game, playouts: int = 1000, seed: int = 0) -> int:
    """Monte Carlo tree search from ``game``; see :meth:`Game.mcts`. The
    move of ``mancala_mcts()``, made by an :class:`MCTS` so that Ctrl-C
    stops it."""
    playouts = integer(playouts, "playouts", 1, INT64[1])
    if len(_game(game).legal_moves) == 1:
        return game.legal_moves[0]   # as mancala_mcts(): nothing to choose
    with MCTS(seed=seed, playouts=playouts) as tree:
        return tree.run(game).best_move


class MoveStats(NamedTuple):
    """What an MCTS run found about one legal move of the root."""
    move: int       #: the pit
    visits: int     #: playouts through it (the policy target, normalised)
    value: float    #: mean result for the player to move, from -1 (lost) to 1 (won)
    prior: float    #: the prior of ``evaluate`` (normalised), or 1/count without one


class MCTSResult(NamedTuple):
    """The result of :meth:`MCTS.run`."""
    best_move: int                  #: the most visited move
    playouts: int                   #: playouts of this run
    visits: int                     #: visits of the root, reused ones included
    pv: tuple[int, ...]             #: the most visited line
    stats: tuple[MoveStats, ...]    #: one per legal move, ascending pits
    stopped: bool                   #: Ctrl-C or :meth:`MCTS.cancel` stopped the run


Prior = Callable[[Game], "tuple[Union[Mapping[int, float], Sequence[float]], float]"]


class MCTS(NativeHandle):
    """A Monte Carlo tree search (``mancala_mcts_tree``): UCT with random
    playouts, or PUCT guided by ``evaluate``; limits by playouts, tree
    nodes and time; statistics of the root; optional tree reuse between the
    moves of a game. One MCTS must not be used by two threads at once.

    Args:
        seed: seed of the random playouts.
        playouts: playouts per run (default 1000; 0: no playout limit).
        nodes: most nodes of the tree (0: none).
        time_ms: wall time of a run (0: none).
        evaluate: ``f(game) -> (priors, value)`` for PUCT: ``priors`` maps
            pits (a dict, or a sequence indexed by pit) to the prior of each
            legal move, ``value`` is the position's value for the player to
            move, from -1 to 1. ``game`` is a read-only view valid during
            the call. An exception it raises stops the run and is raised
            from :meth:`run`.
        reuse: keep the part of the tree under the next position searched
            when it follows this one in the same round.
        exploration: the exploration constant (None: sqrt 2 for UCT, 1.5
            for PUCT).

    With no limit at all a run goes on until Ctrl-C or :meth:`cancel`.
    """

    __slots__ = ("_callback", "_errors")
    _kind = "MCTS"

    def __init__(self, seed: int = 0, playouts: int = 1000, *, nodes: int = 0, time_ms: int = 0,
                 evaluate: Optional[Prior] = None, reuse: bool = False,
                 exploration: Optional[float] = None):
        def limit(value, name):
            return integer(value, name, 0, INT64[1], error=OptionError)
        playouts, nodes, time_ms = (limit(playouts, "playouts"), limit(nodes, "nodes"),
                                    limit(time_ms, "time_ms"))
        seed = _seed(seed)
        if exploration is not None:
            exploration = float(exploration)
            if not 0 < exploration <= 1e6:
                raise OptionError(f"exploration must be above 0 and at most 1e6, not "
                                  f"{exploration!r}")
        handle = mcts_p()
        _available(lib.mancala_mcts_new(byref(handle)), "MCTS")
        self._handle = handle.value
        self._errors: list[BaseException] = []
        self._callback = prior_fn() if evaluate is None else _prior(evaluate, self._errors)
        h = self._h
        check(lib.mancala_mcts_set_seed(h, seed))
        check(lib.mancala_mcts_set_limit(h, _LIMIT_PLAYOUTS, playouts), "playouts")
        check(lib.mancala_mcts_set_limit(h, _LIMIT_NODES, nodes), "nodes")
        check(lib.mancala_mcts_set_limit(h, _LIMIT_TIME_MS, time_ms), "time_ms")
        check(lib.mancala_mcts_set_param(h, _MCTS_REUSE, 1.0 if reuse else 0.0), "reuse")
        check(lib.mancala_mcts_set_param(h, _MCTS_EXPLORATION, exploration or 0.0),
              "exploration")
        check(lib.mancala_mcts_set_prior(h, self._callback, None))

    def _release(self, handle: int) -> None:
        lib.mancala_mcts_free(handle)

    def run(self, game: Game) -> MCTSResult:
        """Searches the position of ``game`` (not modified).

        Raises:
            GameOver: the game or round is over.
            KeyboardInterrupt: Ctrl-C (in the main thread) stopped it.
        """
        handle = self._h
        with in_use(_game(game)):
            self._errors.clear()
            status = _interruptible(lambda: lib.mancala_mcts_run(handle, game._h),
                                    lambda: lib.mancala_mcts_cancel(handle))
        if self._errors:
            raise self._errors[0]
        check(status, "mcts")
        moves, visits = (c_int * MAX_PITS)(), (c_uint64 * MAX_PITS)()
        values, priors = (c_double * MAX_PITS)(), (c_double * MAX_PITS)()
        count = check(lib.mancala_mcts_root(handle, moves, visits, values, priors, MAX_PITS))
        pv = (c_int * 256)()
        length = check(lib.mancala_mcts_pv(handle, pv, len(pv)))
        return MCTSResult(
            best_move=check(lib.mancala_mcts_best_move(handle)),
            playouts=lib.mancala_mcts_playouts(handle),
            visits=lib.mancala_mcts_visits(handle),
            pv=tuple(pv[:min(length, len(pv))]),
            stats=tuple(MoveStats(moves[i], visits[i], values[i], priors[i])
                        for i in range(count)),
            stopped=status == _STOPPED)

    def cancel(self) -> bool:
        """Stops the run under way in another thread (it returns what the
        playouts so far found); whether one was under way."""
        return bool(check(lib.mancala_mcts_cancel(self._h)))


_STOPPED = 1   # MANCALA_STOPPED


def _prior(evaluate: Prior, errors: list) -> prior_fn:
    """Wraps a Python prior/value function as a C callback; an exception
    stops the run (the callback returns 1) and is kept in ``errors``."""
    def call(game_address, priors, value, opaque):
        view = Game._borrow(game_address)
        try:
            given, v = evaluate(view)
            items = given.items() if isinstance(given, Mapping) else enumerate(given)
            for pit, p in items:
                pit = operator.index(pit)
                if 0 <= pit < MAX_PITS:
                    priors[pit] = float(p)
            value[0] = float(v)
            return 0
        except BaseException as error:  # noqa: B036 - re-raised by run()
            errors.append(error)
            return 1
        finally:
            view._handle = None   # the view must not outlive the call
    return prior_fn(call)


Progress = Callable[[int, int, int, int], Optional[bool]]


def _solve(solve: Callable[[Callable], int], name: str, path: Union[str, os.PathLike],
           progress: Optional[Progress]) -> None:
    """Runs one of the C solvers, ``solve(callback)``, with ``progress``
    wrapped so that its exceptions come back here."""
    errors: list[BaseException] = []

    def call(opaque, step, steps, done, total):
        try:
            return 1 if progress(step, steps, done, total) else 0
        except BaseException as error:  # noqa: B036 - re-raised below
            errors.append(error)
            return 1

    status = solve(progress_fn() if progress is None else progress_fn(call))
    if errors:
        raise errors[0]
    _available(status, name, f"{name} {shown(os.fspath(path))}")


def solve_modiar(path: Union[str, os.PathLike], progress: Optional[Progress] = None) -> None:
    """Solves Modiar strongly and writes the table to ``path``.

    Args:
        path: where to write the table file.
        progress: called now and then as ``progress(step, steps, done,
            total)`` (step: the layer under way; done/total: positions).
            Returning a true value cancels the solve (Cancelled is
            raised); an exception it raises cancels it too and is raised
            again here.

    Raises:
        FileError: the file cannot be written.
        Cancelled: ``progress`` asked to stop.
        Unsupported: the library was built without the solver.
    """
    _solve(lambda callback: lib.mancala_solve_modiar(os.fsencode(path), callback, None),
           "solve_modiar", path, progress)


def solve_rio_kadalis(path: Union[str, os.PathLike], max_stones: Optional[int] = None,
                      progress: Optional[Progress] = None, *, rules: str = "rio-kadalis",
                      open: Optional[tuple[int, int]] = None,
                      closed: Optional[Iterable[int]] = None, step: int = 1) -> None:
    """Solves Rio Kadalis rounds and writes the table to ``path``.

    Without ``open`` or ``closed``: the ``rio-kadalis`` rounds with every
    pit open and at most ``max_stones`` stones on the board (default 12,
    as the ``mancala`` command, and at most 16: see
    mancala_solve_rio_kadalis() for the sizes).

    With ``open=(ks, kn)``: a round of a match where South has its ``ks``
    highest-numbered pits open and North its ``kn`` (RULES.md, "Match"),
    the others closed; or with ``closed``, any set of closed pits (pit
    numbers). ``rules`` is any Rio Kadalis rules name (5 holes, clockwise),
    ``max_stones`` defaults to every stone of the round, and ``step=4``
    covers only the counts of stones on the board that are multiples of 4,
    the only ones a match round has. The table also answers for the round
    turned round (South's ``kn`` against North's ``ks``). Solving
    ``open=(2, 6), step=4`` takes about a minute and 0.7 GiB of memory and
    writes 207 MB; ``open=(1, 6)`` a few seconds.

    Arguments and errors otherwise as for :func:`solve_modiar`;
    InvalidArgument for rules that are not Rio Kadalis, an ``open`` or
    ``closed`` the board does not have, ``max_stones`` beyond the board's
    stones or ``step`` other than 1 or 4.
    """
    if open is None and closed is None and rules == "rio-kadalis" and step == 1:
        facts = rules_info(rules)
        max_stones = integer(facts.default_table_stones if max_stones is None else max_stones,
                             "max_stones", 0, facts.table_stones, INT)
        _solve(lambda callback: lib.mancala_solve_rio_kadalis(os.fsencode(path), max_stones,
                                                              callback, None),
               "solve_rio_kadalis", path, progress)
        return
    if not isinstance(rules, str) or rules not in RULES or not rules_info(rules).rounds:
        raise InvalidArgument(f"rules must be a Rio Kadalis rules name, not {shown(str(rules))}")
    holes = rules_info(rules).holes
    if open is not None and closed is not None:
        raise InvalidArgument("give open or closed, not both")
    mask = 0
    if open is not None:
        if not isinstance(open, tuple) or len(open) != 2:
            raise TypeError("open must be a tuple (ks, kn)")
        ks = integer(open[0], "open[0]", 1, holes, INT)
        kn = integer(open[1], "open[1]", 1, holes, INT)
        mask = check(lib.mancala_round_closed_pits(rules.encode(), ks, kn))
    elif closed is not None:
        for pit in closed:
            mask |= 1 << integer(pit, "closed pit", 0, 2 * holes - 1, INT)
    stones = integer(8 * holes - 4 * bin(mask).count("1") if max_stones is None else max_stones,
                     "max_stones", 0, 8 * holes, INT)
    if step not in (1, 4) or isinstance(step, bool):
        raise InvalidArgument(f"step must be 1 or 4, not {step!r}")
    _solve(lambda callback: lib.mancala_solve_rio_kadalis_config(
               os.fsencode(path), rules.encode(), mask, stones, step, callback, None),
           "solve_rio_kadalis", path, progress)


class TableValue(NamedTuple):
    """The solved value of a position: the final stone difference (player
    to move minus opponent) the player to move can force, as an interval."""
    lo: int
    hi: int

    @property
    def exact(self) -> bool:
        """Whether the interval is a single value."""
        return self.lo == self.hi


class Table(NativeHandle):
    """A solved table written by :func:`solve_modiar` or
    :func:`solve_rio_kadalis`, read into memory and checked. One table may
    serve any number of threads.

    Raises:
        FileError: the file cannot be read.
        FormatError: the file is not a valid table.
        Unsupported: the library was built without the solver.
    """

    __slots__ = ()
    _kind = "table"

    def __init__(self, path: Union[str, os.PathLike]):
        handle = table_p()
        _available(lib.mancala_table_open(byref(handle), os.fsencode(path)), "Table",
                   f"table {shown(os.fspath(path))}")
        self._handle = handle.value

    @classmethod
    def from_bytes(cls, data: Union[bytes, bytearray, memoryview]) -> "Table":
        """A table from the bytes of a table file, such as one downloaded or
        kept in a database, checked as :class:`Table` checks a file. The
        bytes are copied: ``data`` may change afterwards.

        Raises:
            TypeError: ``data`` is not a bytes-like object.
            FormatError: the bytes are not a valid table.
        """
        if isinstance(data, str) or not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"a table's bytes must be bytes-like, not {type(data).__name__}")
        data = bytes(data)
        table = cls.__new__(cls)
        handle = table_p()
        _available(lib.mancala_table_open_memory(byref(handle), data, len(data)), "Table",
                   f"table of {len(data)} bytes")
        table._handle = handle.value
        return table

    def _release(self, handle: int) -> None:
        lib.mancala_table_close(handle)

    def value(self, game: Game) -> TableValue:
        """The solved value of ``game``'s position (its captures count;
        its history does not).

        Raises:
            Unsupported: the table is not for the game's rules.
        """
        lo, hi = c_int(), c_int()
        with in_use(_game(game)):
            check(lib.mancala_table_value(self._h, game._h, byref(lo), byref(hi)))
        return TableValue(lo.value, hi.value)

    def best_moves(self, game: Game) -> tuple[int, ...]:
        """The moves of ``game`` that force its value and bring the end
        nearer, ascending (empty when the game is over; never empty
        otherwise): a player who always plays one of them finishes with
        at least the value's ``lo``.

        Not always every move of the best value: where several keep it,
        those that would let the game turn in a cycle are left out. In 421
        of the 10,000 Modiar positions of ``modiar_yardstick.py`` such a
        move of optimal value is left out; every optimal move is found by
        the value of each move's position (:meth:`value`, negated where
        the mover changes), as ``modiar_yardstick.answer()`` does.

        Raises:
            Unsupported: the table is not for the game's rules.
        """
        moves = (c_int * MAX_PITS)()
        with in_use(_game(game)):
            count = check(lib.mancala_table_best_moves(self._h, game._h, moves, MAX_PITS))
        return tuple(moves[:count])

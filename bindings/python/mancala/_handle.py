# SPDX-License-Identifier: MIT
"""The life cycle shared by every object that owns a C handle."""

from __future__ import annotations

import contextlib
import functools
import operator
import threading

from .errors import Busy, InvalidArgument

# A close must not free a handle that a call (in this thread, from a
# callback, or in another thread, since ctypes lets go of the GIL during C
# calls) is still using. Each object keeps a list with one item per call
# under way: list.append() and list.pop() are atomic, so calls need no
# lock (they run on every method call). close() takes the handle away
# first and then looks at the list, so that a call either is seen there
# or finds the handle gone (see close()). The lock serialises closers and
# the searcher's running flag.
_lock = threading.Lock()

# Methods that do not use the handle, or manage its life themselves.
_UNGUARDED = frozenset({"__new__", "__init__", "__init_subclass__", "__del__", "__enter__", "__exit__",
                        "close", "_release", "_adopt"})


def _guard(method):
    """Wraps a method so that its object counts as in use while it runs
    (in_use(), inlined: this runs on every call)."""
    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        users = self._users
        users.append(None)
        try:
            return method(self, *args, **kwargs)
        finally:
            users.pop()
    return guarded


def _guard_getter(getter):
    """_guard() for a property's getter: the same, without the cost of
    passing arbitrary arguments (properties are read often)."""
    @functools.wraps(getter)
    def guarded(self):
        users = self._users
        users.append(None)
        try:
            return getter(self)
        finally:
            users.pop()
    return guarded


@contextlib.contextmanager
def in_use(*objects):
    """Marks handle objects as in use for the duration of a ``with``
    block: their close() raises Busy meanwhile instead of freeing a handle
    a C call is reading."""
    for obj in objects:
        obj._users.append(None)
    try:
        yield
    finally:
        for obj in objects:
            obj._users.pop()


class NativeHandle:
    """A handle of the C library, released exactly once: by :meth:`close`,
    at the end of a ``with`` block, or when the object is collected.

    Every method and property of a subclass marks the object as in use
    while it runs, so that :meth:`close` called meanwhile (from a callback
    the call runs, or from another thread) raises :class:`Busy` instead
    of freeing memory the call still reads.

    Subclasses set ``_kind`` (named in errors) and define ``_release``.
    """

    __slots__ = ("_handle", "_users")
    _kind = "handle"

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        obj._users = []
        return obj

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, value in list(vars(cls).items()):
            # Private helpers run inside a guarded method.
            if name in _UNGUARDED or (name.startswith("_") and not name.startswith("__")):
                continue
            if isinstance(value, property):
                setattr(cls, name, property(value.fget and _guard_getter(value.fget),
                                            value.fset and _guard(value.fset),
                                            value.fdel, value.__doc__))
            elif callable(value) and not isinstance(value, (type, classmethod, staticmethod)):
                setattr(cls, name, _guard(value))

    def _release(self, handle: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Releases the C handle now. Safe to call more than once; any
        other use of the object afterwards raises ValueError.

        Raises:
            Busy: a call on this object has not returned yet (close() was
                called from a callback it runs, or from another thread);
                the object stays open.
        """
        with _lock:
            handle, self._handle = getattr(self, "_handle", None), None
            if handle and getattr(self, "_users", None):
                # A call under way may hold the handle: give it back. (A
                # call starting meanwhile may have found it gone and
                # raised ValueError, as if the close had succeeded.)
                self._handle = handle
                raise Busy(f"cannot close the {self._kind}: it is in use by a call that has "
                           "not returned")
        if handle:
            self._release(handle)

    # close() clears _handle first, so a handle is released exactly once.
    def __del__(self) -> None:
        try:
            self.close()
        except Exception:   # interpreter shutdown: the module may be gone
            pass

    def __reduce__(self):
        # Without this, copy and pickle would copy the bare C pointer: two
        # objects would free one handle. Game defines its own.
        raise TypeError(f"a {self._kind} cannot be copied or pickled")

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    @property
    def _h(self) -> int:
        handle = self._handle
        if handle is None:
            raise ValueError(f"the {self._kind} is closed")
        return handle


# The C types of integer arguments, as (lowest, highest).
INT = (-2**31, 2**31 - 1)
INT64 = (-2**63, 2**63 - 1)
SIZE = (0, 2**64 - 1)


def integer(value, name: str, low: int, high: int, ctype: tuple[int, int] = INT64,
            error: type = InvalidArgument) -> int:
    """An integer argument checked before it reaches ctypes, which would
    silently cut it to the C type: TypeError for a non-integer or a bool,
    OverflowError beyond the C type, ``error`` (a ValueError) outside
    [low, high]."""
    if isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", None) == "b":
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None
    if not ctype[0] <= number <= ctype[1]:
        raise OverflowError(f"{name} {number} is out of range (from {low} to {high})")
    if not low <= number <= high:
        raise error(f"{name} must be from {low} to {high}, not {number}")
    return number


def flag(value, name: str) -> bool:
    """A yes/no argument: a bool (or the ints 0 and 1), nothing else."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise TypeError(f"{name} must be a bool, not {type(value).__name__}")

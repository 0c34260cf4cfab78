# SPDX-License-Identifier: MIT
"""The life cycle shared by every object that owns a C handle."""

from __future__ import annotations


class NativeHandle:
    """A handle of the C library, released exactly once: by :meth:`close`,
    at the end of a ``with`` block, or when the object is collected.

    Subclasses set ``_kind`` (named in errors) and define ``_release``.
    """

    __slots__ = ("_handle",)
    _kind = "handle"

    def _release(self, handle: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Releases the C handle now. Safe to call more than once; any
        other use of the object afterwards raises ValueError."""
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            self._release(handle)

    # close() clears _handle first, so a handle is released exactly once.
    def __del__(self) -> None:
        try:
            self.close()
        except Exception:   # interpreter shutdown: the module may be gone
            pass

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

# SPDX-License-Identifier: MIT
"""Arrays for the learning interface: numpy arrays when numpy can be
imported, ``array.array`` otherwise (numpy is optional).

Internal. ``np`` is the numpy module or None; tests set it to None to take
the path without numpy.
"""

from __future__ import annotations

import array

try:
    import numpy as np
except ImportError:   # pragma: no cover - depends on the installation
    np = None

# array.array type codes of the dtypes used here.
_CODES = {"float32": "f", "int8": "b", "uint8": "B", "int32": "i"}


def empty(size: int, dtype: str):
    """A zeroed array of ``size`` items and an address C may write into."""
    if np is not None:
        out = np.zeros(size, dtype=dtype)
        return out, out.ctypes.data
    out = array.array(_CODES[dtype], bytes(size * array.array(_CODES[dtype]).itemsize))
    return out, out.buffer_info()[0]


def seen_by_other(n: int) -> list[int]:
    """Indices that turn the mover's observation (mancala_observation(),
    ``4n + 7`` entries) to the other player's side: the layout pairs each
    mover entry with the opponent's (rows, closed pits, captures, banks);
    the last three entries belong to the position."""
    return list(range(n, 2 * n)) + list(range(n)) + list(range(3 * n, 4 * n)) \
        + list(range(2 * n, 3 * n)) + [4 * n + 1, 4 * n, 4 * n + 3, 4 * n + 2] \
        + [4 * n + 4, 4 * n + 5, 4 * n + 6]


def take(values, order: list[int], dtype: str):
    """``values[order]`` as a new array of ``dtype``."""
    if np is not None:
        return values[order]
    out = empty(len(order), dtype)[0]
    for i, j in enumerate(order):
        out[i] = values[j]
    return out

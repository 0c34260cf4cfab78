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

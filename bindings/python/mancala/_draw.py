# SPDX-License-Identifier: MIT
"""Pictures of a board: text for repr(), and the library's SVG picture
for notebooks.

Both show the board as seen from South's seat: North's row on top, pits
``2n-1 … n`` left to right, South's row below, pits ``0 … n-1``.
"""

from __future__ import annotations

import re
from ctypes import c_char_p, c_int, c_size_t, c_uint, create_string_buffer

from ._native import game_p, lib
from .errors import check
from .rules import rules_info

#: MANCALA_SVG_INLINE: no XML declaration.
_SVG_INLINE = 1
#: Pixels from one pit to the next in the library's picture.
_PIT_SPACING = 80


def _rows(game):
    n = game.num_pits // 2
    return [(1, "North", list(range(2 * n - 1, n - 1, -1))), (0, "South", list(range(n)))]


def _status(game) -> str:
    if game.over:
        return game.describe_result().replace("\n", "\n  ")
    return f"ply {game.ply}, round {game.round}"


def text(game) -> str:
    """A few lines of text: the position string, then the two rows with
    pit numbers, each player's captures (and bank), and who is to move."""
    pits, closed = game.pits, set(game.closed_pits)
    captured, banks = game.captured, game.banks
    mover = None if game.over else int(game.to_move)
    has_banks = rules_info(game.rules).rounds

    def cells(numbers, show):
        return "".join(f"{show(p):>4}" for p in numbers)

    lines = [f"<mancala.Game {game}>"]
    rows = _rows(game)
    lines.append("  pit  " + cells(rows[0][2], str))
    for player, name, numbers in rows:
        row = cells(numbers, lambda p: "--" if p in closed else str(pits[p]))
        side = f"   captured {captured[player]}"
        if has_banks:
            side += f", bank {banks[player]}"
        if player == mover:
            side += "   <- to move"
        lines.append(f"  {name}{row}{side}")
    lines.append("  pit  " + cells(rows[1][2], str))
    lines.append(f"  {_status(game)}")
    return "\n".join(lines)


def svg(game, size: int | None = None, inline: bool = False) -> str:
    """The picture drawn by the library (mancala_svg()): the same as the
    ``mancala`` command's and every binding's. ``size`` scales it to that
    many pixels per pit (None: the library's size); ``inline`` leaves out
    the XML declaration, for embedding in HTML."""
    function = _svg_function()
    flags = _SVG_INLINE if inline else 0
    length = check(function(game._h, None, 0, flags))
    buf = create_string_buffer(length + 1)
    check(function(game._h, buf, len(buf), flags))
    picture = buf.value.decode()
    if size is None:
        return picture
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"size must be a positive number of pixels, not {size!r}")
    # Scaling is the root element's width and height; the viewBox stays.
    head = re.search(r'<svg [^>]*?width="(\d+)" height="(\d+)"', picture)
    scale = size / _PIT_SPACING
    width, height = (max(1, round(int(v) * scale)) for v in head.groups())
    start, end = head.span(1)[0], head.span(2)[1]
    return (picture[:start] + f'{width}" height="{height}' + picture[end:])


def _svg_function():
    """mancala_svg(), declared on first use: a library older than 1.1
    lacks it, and everything else still works with one."""
    function = getattr(lib, "mancala_svg", None)
    if function is None:
        raise NotImplementedError(
            f"the loaded libmancala {lib.mancala_version_string().decode()} cannot draw "
            "pictures: mancala_svg() needs libmancala 1.1 or later")
    function.restype = c_int
    function.argtypes = [game_p, c_char_p, c_size_t, c_uint]
    return function

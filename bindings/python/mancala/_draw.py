# SPDX-License-Identifier: MIT
"""Pictures of a board: text for repr() and SVG for notebooks.

Both show the board as seen from South's seat: North's row on top, pits
``2n-1 … n`` left to right, South's row below, pits ``0 … n-1``.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

#: Fill of a closed pit: sand.
SAND = "#d9bf8c"
_WOOD = "#8a5a2b"
_OPEN = "#fbf5e6"
_MARK = "#c0392b"


def _rows(game):
    n = game.num_pits // 2
    return [(1, "North", list(range(2 * n - 1, n - 1, -1))), (0, "South", list(range(n)))]


def _status(game) -> str:
    south, north = game.scores
    if game.over:
        reason = "repetition" if game.end_reason == 2 else "no legal move"
        return f"over ({reason}): South {south}, North {north}"
    return f"ply {game.ply}, round {game.round}"


def text(game) -> str:
    """A few lines of text: the position string, then the two rows with
    pit numbers, each player's captures (and bank), and who is to move."""
    pits, closed = game.pits, set(game.closed_pits)
    captured, banks = game.captured, game.banks
    mover = None if game.over else int(game.to_move)
    has_banks = game.rules != "modiar"

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


def svg(game, size: int = 48) -> str:
    """An SVG picture: pits as circles with their stone counts, closed
    pits filled with sand, each row's captures (and bank) beside it, and
    a marker on the row of the player to move."""
    pits, closed = game.pits, set(game.closed_pits)
    captured, banks = game.captured, game.banks
    n = game.num_pits // 2
    mover = None if game.over else int(game.to_move)
    has_banks = game.rules != "modiar"
    label_w, side_w, pad = size * 1.9, size * 4.2, size * 0.25
    width = label_w + n * size + side_w
    height = 2 * size + 2 * pad + size * 0.6
    radius = size * 0.42
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif" '
        f'font-size="{size * 0.36:g}">',
        f"<title>{escape(str(game))}</title>",
        f'<rect x="{label_w - pad:g}" y="{pad / 2:g}" width="{n * size + 2 * pad:g}" '
        f'height="{2 * size + pad:g}" rx="{size * 0.3:g}" fill="#c69c6d" stroke="{_WOOD}"/>',
    ]
    for row, (player, name, numbers) in enumerate(_rows(game)):
        cy = pad + size * (row + 0.5)
        weight = ' font-weight="bold"' if player == mover else ""
        out.append(f'<text x="{size * 0.35:g}" y="{cy:g}" dominant-baseline="central"'
                   f'{weight}>{name}</text>')
        if player == mover:
            x = size * 0.08
            out.append(f'<path class="to-move" d="M{x:g},{cy - size * 0.15:g} '
                       f'l{size * 0.2:g},{size * 0.15:g} l{-size * 0.2:g},{size * 0.15:g} z" '
                       f'fill="{_MARK}"><title>{name} to move</title></path>')
        for column, p in enumerate(numbers):
            cx = label_w + size * (column + 0.5)
            is_closed = p in closed
            out.append(f'<circle class="pit" data-pit="{p}" cx="{cx:g}" cy="{cy:g}" '
                       f'r="{radius:g}" fill="{SAND if is_closed else _OPEN}" stroke="{_WOOD}">'
                       f'<title>pit {p}{" (closed)" if is_closed else ""}</title></circle>')
            if not is_closed:
                out.append(f'<text class="count" data-pit="{p}" x="{cx:g}" y="{cy:g}" '
                           f'text-anchor="middle" dominant-baseline="central">{pits[p]}</text>')
        side = f"captured {captured[player]}"
        if has_banks:
            side += f", bank {banks[player]}"
        out.append(f'<text class="captured" data-player="{player}" '
                   f'x="{label_w + n * size + pad * 2:g}" y="{cy:g}" '
                   f'dominant-baseline="central">{side}</text>')
    out.append(f'<text x="{label_w:g}" y="{height - pad:g}" font-size="{size * 0.3:g}" '
               f'fill="#555">{escape(_status(game))}</text>')
    out.append("</svg>")
    return "\n".join(out)

#!/usr/bin/env python3
"""The board picture of mancala_svg(), for positions of every rules name.

    test_svg.py SVG_DUMP picture
        parses each picture with xml.etree and checks what it shows: the
        pit numbers and counts where RULES.md puts them, closed pits, the
        captures and banks, who is to move, the sowing direction, the
        result once over, the <title> and <desc>, and that no label
        touches another element (by generous estimates of text widths).
    test_svg.py SVG_DUMP png RSVG_CONVERT
        renders each picture to PNG and checks its size and a few pixels:
        open pits dark, closed pits sand, the to-move mark green.
        With SVG_PNG_DIR set, the PNGs are kept there to be looked at.

SVG_DUMP is svg_dump.c: it prints the position string, then the picture.
"""
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

NS = "{http://www.w3.org/2000/svg}"

# (name, svg-dump arguments, what the picture must say). "text" maps a
# class to its exact text (the result's and match's: a list, one item a
# line, mancala_describe_result()'s words wrapped); "over" is whether the
# game or round is over.
CASES = [
    ("modiar-start", ["modiar"],
     {"text": {"status": "South to move", "info": "modiar, ply 0"}}),
    ("rio-kadalis-start", ["rio-kadalis"],
     {"text": {"status": "South to move", "info": "rio-kadalis, round 1, ply 0"}}),
    ("rio-kadalis-5-start", ["rio-kadalis-5"],
     {"text": {"status": "South to move", "info": "rio-kadalis-5, round 1, ply 0"}}),
    ("rio-kadalis-cw-start", ["rio-kadalis-cw"],
     {"text": {"status": "South to move"}}),
    ("rio-kadalis-5-cw-start", ["rio-kadalis-5-cw"],
     {"text": {"status": "South to move", "info": "rio-kadalis-5-cw, round 1, ply 0"}}),
    # R2, then two more moves: clockwise in mid-game.
    ("rio-kadalis-cw-R2", ["rio-kadalis-cw", "0"],
     {"position": "rio-kadalis-cw/2,6,6,1,0,6,6,6,1,6,1,7/N/0,0/1/0,0",
      "text": {"status": "North to move"}}),
    ("rio-kadalis-cw-mid", ["rio-kadalis-cw", "0", "last", "first"],
     {"text": {"status": "North to move", "info": "rio-kadalis-cw, round 1, ply 3"}}),
    # R6: closed pits and banks, a four captured mid-sow.
    ("rio-kadalis-5-R6", ["rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", "2"],
     {"position": "rio-kadalis-5/x,x,0,0,9,9,1,1,8,0/N/4,0/1/2,6",
      "text": {"status": "North to move", "info": "rio-kadalis-5, round 1, ply 1"}}),
    ("rio-kadalis-cw-closed", ["rio-kadalis-cw/x,x,x,4,4,4,4,4,4,4,x,x/S/0,0/0/12,8"],
     {"text": {"status": "South to move"}}),
    # R7 played to its end by repetition, then the next round of the match.
    ("rio-kadalis-R7-over",
     ["rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0"] + "0 7 4 11 0 8 2 6 4 10".split(),
     {"position": "rio-kadalis/1,1,0,0,0,1,0,0,1,0,0,0/S/24,20/66/0,0", "over": True,
      "text": {"result": ["Round 1 over: the position repeated.",
                          "South 27, North 21: South wins the round."]},
      "score": (27, 21)}),
    ("rio-kadalis-round-2",
     ["rio-kadalis/1,0,0,0,1,0,0,1,0,0,0,1/S/24,20/56/0,0"] + "0 7 4 11 0 8 2 6 4 10 next".split(),
     {"position": "rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1",
      "text": {"status": "North to move", "info": "rio-kadalis, round 2, ply 0"}}),
    # M5: North's move ends the game, South has only singletons.
    ("modiar-M5-over", ["modiar/0,0,0,2,4,10/N/18,8/19", "4"],
     {"position": "modiar/1,1,0,2,1,11/S/18,8/20", "over": True,
      "text": {"result": ["Game over: South has no legal move.",
                          "South 20, North 22: North wins."]},
      "score": (20, 22)}),
    ("modiar-M7-over", ["modiar/1,1,0,0,0,1/S/20,19/30"],
     {"over": True, "text": {"result": ["Game over: South has no legal move.",
                                        "South 22, North 20: South wins."]},
      "score": (22, 20)}),
    ("modiar-draw", ["modiar/1,0,0,0,0,0/S/20,21/30"],
     {"over": True, "text": {"result": ["Game over: South has no legal move.",
                                        "South 21, North 21: a draw."]},
      "score": (21, 21)}),
    ("rio-kadalis-draw", ["rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/S/24,24/40/0,0"],
     {"over": True, "text": {"result": ["Round 1 over: South has no legal move.",
                                        "South 24, North 24: a draw."]},
      "score": (24, 24)}),
    # Extremes: the longest counts and ply, most pits closed.
    ("modiar-42", ["modiar/0,0,0,0,0,42/N/0,0/1000000000"],
     {"text": {"status": "North to move", "info": "modiar, ply 1000000000"}}),
    ("rio-kadalis-5-cw-40", ["rio-kadalis-5-cw/0,0,0,0,0,0,0,0,0,40/N/0,0/1000000000/0,0"],
     {"text": {"status": "North to move"}}),
    ("rio-kadalis-most-closed", ["rio-kadalis/x,x,x,x,x,4,x,x,x,x,x,4/S/0,0/0/20,20"],
     {"text": {"status": "South to move"}}),
    ("rio-kadalis-match-over", ["rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,1/S/45,2/30/0,0"],
     {"over": True,
      "text": {"result": ["Round 1 over: South has no legal move.",
                          "South 45, North 3: South wins the round."],
               "match": ["Match over after 1 round: North holds 3 stones, fewer than 4.",
                         "South wins the match."]},
      "score": (45, 3)}),
    ("rio-kadalis-round-limit", ["rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,1/S/28,19/30/0,0", "rounds=1"],
     {"over": True,
      "text": {"result": ["Round 1 over: South has no legal move.",
                          "South 28, North 20: South wins the round."],
               "match": ["Match over after 1 round: South wins the match at the round limit,",
                         "holding 28 stones to 20."]},
      "score": (28, 20)}),
    ("rio-kadalis-round-limit-draw", ["rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,0/S/24,24/40/0,0",
                                      "rounds=1"],
     {"over": True,
      "text": {"result": ["Round 1 over: South has no legal move.",
                          "South 24, North 24: a draw."],
               "match": ["Match over after 1 round: a draw at the round limit, 24 stones each."]},
      "score": (24, 24)}),
    # RULES.md, "A match that keeps repeating ends": five rounds of 16-32,
    # and North, holding more stones, wins (tests/game/test_match.c has the moves).
    ("rio-kadalis-repeating", ["rio-kadalis"] + "2 6 2 6 5 6 3 7 3 8 0 9 2 8 4 8 1 7 1 7 3 6 4 "
     "10 0 7 5 6 2 7 4 8".split() + 2 * (["next"] + "11 3 11 5 7 2 10 4 6 3 6 2 7 4 8 5 9 2 "
     "11 2 8 5 6 4 8 5 9 2 11 4 7 2 8 3 6 4 8 5 11 2 7 3 8 4 10 5 7".split() + ["next"]
     + "4 11 4 10 3 7 2 10 5 9 4 11 2 10 3 11 4 6 2 8 3 9 4 7 5 9 2 11 2 8 4 7".split()),
     {"over": True,
      "text": {"match": ["Match over after 5 rounds: North wins the match, holding more stones,",
                         "because the match repeats: round 6 would start as two earlier rounds",
                         "did (South 16, North 32, North first)."]},
      "score": (16, 32)}),
]

# The pictures whose pixels test_svg.py png checks (decoding PNG in
# Python takes a moment); the others are checked for their size.
PIXELS = {"modiar-start", "modiar-M5-over", "rio-kadalis-cw-mid", "rio-kadalis-5-R6",
          "rio-kadalis-cw-closed"}

failures = []


def check(cond, message):
    if not cond:
        failures.append(message)
    return cond


def dump(svg_dump, args):
    out = subprocess.run([svg_dump] + args, check=True, capture_output=True, text=True).stdout
    position, svg = out.split("\n", 1)
    return position, svg


def parse_position(position):
    fields = position.split("/")
    pits = [None if p == "x" else int(p) for p in fields[1].split(",")]
    return {
        "rules": fields[0],
        "pits": pits,
        "side": 0 if fields[2] == "S" else 1,
        "captured": [int(c) for c in fields[3].split(",")],
        "banks": [int(b) for b in fields[5].split(",")] if len(fields) > 5 else None,
    }


def classes(element):
    return element.get("class", "").split()


# ---- geometry: bounding boxes, with generous text widths -----------------

def text_box(t):
    """(x0, y0, x1, y1) of a text element: 0.64 em per character, 0.72 in
    bold (wider than DejaVu Sans draws them), from 0.8 em above the
    baseline to 0.25 em below it."""
    size = float(t.get("font-size"))
    em = 0.72 if t.get("font-weight") == "bold" else 0.64
    width = len(t.text) * size * em
    x, y = float(t.get("x")), float(t.get("y"))
    if t.get("text-anchor") == "middle":
        x -= width / 2
    return (x, y - 0.8 * size, x + width, y + 0.25 * size)


def shape_box(e):
    tag = e.tag[len(NS):]
    if tag == "circle":
        cx, cy, r = (float(e.get(k)) for k in ("cx", "cy", "r"))
        return (cx - r, cy - r, cx + r, cy + r)
    if tag == "rect":
        x, y = float(e.get("x", 0)), float(e.get("y", 0))
        return (x, y, x + float(e.get("width")), y + float(e.get("height")))
    if tag == "polygon":
        xy = [tuple(map(float, p.split(","))) for p in e.get("points").split()]
        return (min(x for x, _ in xy), min(y for _, y in xy),
                max(x for x, _ in xy), max(y for _, y in xy))
    if tag == "path":
        # "Mx y Arx ry 0 0 s x y2": the arc bulges rx sideways.
        m = re.fullmatch(r"M(\d+) (\d+) A(\d+) (\d+) 0 0 ([01]) (\d+) (\d+)", e.get("d"))
        x, y, rx, _, sweep, _, y2 = map(int, m.groups())
        # Sweep 1 turns clockwise on the screen: going up, it bulges left.
        right = (y2 < y) != (sweep == 1)
        return (x, min(y, y2), x + rx, max(y, y2)) if right else (x - rx, min(y, y2), x, max(y, y2))
    raise AssertionError(f"unexpected element {tag}")


def overlap(a, b, gap=2):
    """Whether two boxes come within `gap` pixels of each other."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def inside(a, b):
    return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]


# ---- the picture ---------------------------------------------------------

def check_picture(name, position, svg, want):
    root = ET.fromstring(svg)  # raises on malformed XML
    check(svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '),
          f"{name}: declaration and namespace")
    check(root.tag == NS + "svg", f"{name}: root element {root.tag}")
    width, height = int(root.get("width")), int(root.get("height"))
    check(root.get("viewBox") == f"0 0 {width} {height}", f"{name}: viewBox {root.get('viewBox')}")
    check(root.find(NS + "title").text == position, f"{name}: title")
    desc = root.find(NS + "desc").text
    if "position" in want:
        check(position == want["position"], f"{name}: position {position}")
    pos = parse_position(position)
    n = len(pos["pits"]) // 2
    over = want.get("over", False)
    elements = list(root.iter())

    # Pits, with the counts of open pits and the sand of closed ones.
    pits = {int(c.get("data-pit")): c for c in root.iter(NS + "circle") if "pit" in classes(c)}
    check(sorted(pits) == list(range(2 * n)), f"{name}: pit circles {sorted(pits)}")
    counts = {int(t.get("data-pit")): t for t in root.iter(NS + "text") if "count" in classes(t)}
    numbers = {int(t.get("data-pit")): t for t in root.iter(NS + "text") if "pit-number" in classes(t)}
    check(sorted(numbers) == list(range(2 * n)), f"{name}: pit numbers")
    fills = {}
    for p, stones in enumerate(pos["pits"]):
        circle = pits[p]
        closed = "closed" in classes(circle)
        check(closed == (stones is None), f"{name}: pit {p} closed is {closed}")
        fills.setdefault(closed, set()).add(circle.get("fill"))
        if stones is None:
            check(p not in counts, f"{name}: closed pit {p} shows a count")
            check(f"pit {p} closed" in desc, f"{name}: desc of closed pit {p}")
        else:
            check(p in counts and counts[p].text == str(stones), f"{name}: count of pit {p}")
            check(f"pit {p} has {stones}" in desc, f"{name}: desc of pit {p}")
        check(numbers[p].text == str(p), f"{name}: number of pit {p}")
        check(float(numbers[p].get("x")) == float(circle.get("cx")), f"{name}: number {p} under its pit")
    check(all(len(f) == 1 for f in fills.values()) and len(set().union(*fills.values())) == len(fills),
          f"{name}: one fill for open pits, another for closed ones: {fills}")
    check(len(counts) == sum(s is not None for s in pos["pits"]), f"{name}: count texts")
    closed_legend = [e for e in elements if "legend-closed" in classes(e)]
    check(len(closed_legend) == (None in pos["pits"]), f"{name}: legend of closed pits")
    if closed_legend:
        check(closed_legend[0].get("fill") in fills[True], f"{name}: legend shows the sand")

    # Seen from South's seat: South's row below, 0 ... n-1 from the left;
    # North's above, 2n-1 ... n; pit 2n-1 faces pit 0.
    cy = {p: float(pits[p].get("cy")) for p in pits}
    cx = {p: float(pits[p].get("cx")) for p in pits}
    south_y, north_y = cy[0], cy[2 * n - 1]
    check(all(cy[p] == south_y for p in range(n)), f"{name}: South's row at one height")
    check(all(cy[p] == north_y for p in range(n, 2 * n)), f"{name}: North's row at one height")
    check(north_y < south_y, f"{name}: North above South")
    check(all(cx[p] < cx[p + 1] for p in range(n - 1)), f"{name}: South's pits left to right")
    check(all(cx[p] > cx[p + 1] for p in range(n, 2 * n - 1)), f"{name}: North's pits right to left")
    check(all(cx[p] == cx[2 * n - 1 - p] for p in range(n)), f"{name}: pits face each other")
    for p in range(2 * n):
        y = float(numbers[p].get("y"))
        r = float(pits[p].get("r"))
        check(y > cy[p] + r if p < n else y < cy[p] - r, f"{name}: number {p} outside its row")

    # Captures, banks, scores beside each row.
    texts = {}
    for t in root.iter(NS + "text"):
        for c in classes(t):
            texts.setdefault(c, []).append(t)
    rio = pos["rules"] != "modiar"
    for i, key in enumerate(["south", "north"]):
        row_y = south_y if i == 0 else north_y
        side = {c: [t for t in texts.get(c, []) if t.get("data-player") == key]
                for c in ("captured", "bank", "score")}
        check([t.text for t in side["captured"]] == [f"captured {pos['captured'][i]}"],
              f"{name}: {key} captured")
        check([t.text for t in side["bank"]] == ([f"bank {pos['banks'][i]}"] if rio else []),
              f"{name}: {key} bank")
        want_score = [f"score {want['score'][i]}"] if over else []
        check([t.text for t in side["score"]] == want_score, f"{name}: {key} score")
        for t in sum(side.values(), []):
            check(abs(float(t.get("y")) - row_y) < 40, f"{name}: {t.text} beside {key}'s row")

    # Who is to move, or the result.
    for cls, text in want["text"].items():
        lines = text if isinstance(text, list) else [text]
        got = [t.text for t in texts.get(cls, [])]
        check(got == lines, f"{name}: {cls} is {got}, not {lines!r}")
        check(" ".join(lines).rstrip(".") in desc, f"{name}: desc says {text!r}")
    marks = [e for e in elements if "to-move" in classes(e)]
    rows = [e for e in elements if "to-move-row" in classes(e)]
    if over:
        check(not marks and not rows and "status" not in texts, f"{name}: no one to move once over")
        check("result" in texts, f"{name}: result")
    else:
        key = ["south", "north"][pos["side"]]
        check("result" not in texts, f"{name}: no result")
        check([m.get("data-player") for m in marks] == [key], f"{name}: to-move mark")
        check([r.get("data-player") for r in rows] == [key], f"{name}: to-move row")
        box = shape_box(marks[0])
        row_y = [south_y, north_y][pos["side"]]
        check(box[1] < row_y < box[3], f"{name}: the mark beside the row to move")
        check(all(inside(shape_box(pits[p]), shape_box(rows[0]))
                  for p in (range(n) if key == "south" else range(n, 2 * n))),
              f"{name}: the outline around the row to move")
        names = [t for t in texts["player"] if t.get("data-player") == key]
        check(names and names[0].get("font-weight") == "bold", f"{name}: mover's name in bold")
    if "match" not in want["text"]:
        check("match" not in texts, f"{name}: no match result")

    # The sowing direction: the arcs at the ends of the board go from one
    # row to the other, the row arrows point the way stones go.
    ccw = not pos["rules"].endswith("-cw")
    word = "counter-clockwise" if ccw else "clockwise"
    check([t.text for t in texts["direction"]] == [f"Stones are sown {word}, as the arrows show."],
          f"{name}: direction legend")
    check(f"sown {word}" in desc, f"{name}: desc of the direction")
    middle = (cx[0] + cx[n - 1]) / 2
    for arc in (e for e in elements if "direction" in classes(e) and e.tag == NS + "path"):
        m = re.fullmatch(r"M(\d+) (\d+) A\d+ \d+ 0 0 [01] (\d+) (\d+)", arc.get("d"))
        x, y_from, _, y_to = map(int, m.groups())
        right = x > middle
        # Counter-clockwise: up at the right end, down at the left.
        check((y_to < y_from) == (right == ccw), f"{name}: arc at the {'right' if right else 'left'}")
    arcs = [e for e in elements if "direction" in classes(e) and e.tag == NS + "path"]
    check(len(arcs) == 2, f"{name}: two arcs")
    for arrow in (e for e in elements if "row-arrow" in classes(e)):
        xy = [tuple(map(float, p.split(","))) for p in arrow.get("points").split()]
        in_south = abs(xy[0][1] - south_y) < abs(xy[0][1] - north_y)
        points_right = xy[0][0] > xy[1][0]
        check(points_right == (in_south == ccw), f"{name}: row arrow at {xy[0]}")
    check(len([e for e in elements if "row-arrow" in classes(e)]) == 2 * (n - 1),
          f"{name}: row arrows")

    # Nothing touches: no two texts, no text and shape (a count sits in its
    # own pit only), no arrow and pit; everything inside the picture.
    all_texts = [t for t in root.iter(NS + "text")]
    boxes = [(t, text_box(t)) for t in all_texts]
    frame = (0, 0, width, height)
    for i, (a, box_a) in enumerate(boxes):
        check(inside(box_a, frame), f"{name}: {a.text!r} inside the picture")
        for b, box_b in boxes[i + 1:]:
            check(not overlap(box_a, box_b), f"{name}: {a.text!r} touches {b.text!r}")
    shapes = [e for e in elements if e.tag in (NS + "circle", NS + "rect", NS + "polygon", NS + "path")
              and "background" not in classes(e)]
    for e in shapes:
        check(inside(shape_box(e), frame), f"{name}: {classes(e)} inside the picture")
    for t, box in boxes:
        if "count" in classes(t):
            pit = pits[int(t.get("data-pit"))]
            check(inside(box, shape_box(pit)), f"{name}: count of pit {t.get('data-pit')} in its pit")
            continue
        for e in shapes:
            check(not overlap(box, shape_box(e)), f"{name}: {t.text!r} touches {classes(e)}")
    arrows = [e for e in shapes if {"arrowhead", "row-arrow", "direction", "to-move-row"} & set(classes(e))]
    round_things = [e for e in shapes if {"pit", "to-move-row"} & set(classes(e))]
    for a in arrows:
        for b in round_things:
            if a is b or ("row-arrow" in classes(a) and "to-move-row" in classes(b)):
                continue  # the row arrows lie between the pits, within the outline
            if "to-move-row" in classes(a) and inside(shape_box(b), shape_box(a)):
                continue  # the outline is round the pits of its row
            check(not overlap(shape_box(a), shape_box(b), gap=1),
                  f"{name}: {classes(a)} touches {classes(b)} {b.get('data-pit')}")
    pit_list = list(pits.values())
    for i, a in enumerate(pit_list):
        for b in pit_list[i + 1:]:
            check(not overlap(shape_box(a), shape_box(b), gap=8),
                  f"{name}: pits {a.get('data-pit')} and {b.get('data-pit')} touch")
    # The result is wrapped to the width the board and its labels need: it
    # does not widen the picture.
    said = [box for t, box in boxes if {"result", "match"} & set(classes(t))]
    rest = [box for t, box in boxes if not {"result", "match"} & set(classes(t))]
    rest += [shape_box(e) for e in shapes]
    if said:
        check(max(b[2] for b in said) <= max(b[2] for b in rest),
              f"{name}: the result widens the picture")
    return root


# ---- PNG -----------------------------------------------------------------

def read_png(data, rows_wanted=None):
    """(width, height, rows, bytes per pixel) of an 8-bit RGBA or RGB PNG;
    only the first `rows_wanted` rows are decoded (all if None)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "PNG signature"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "8-bit RGB(A), not interlaced"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 4 if color == 6 else 3
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height if rows_wanted is None else min(rows_wanted, height)):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, [bytes(r) for r in rows], bpp


def check_png(name, root, png, pixels):
    width, height, _, _ = read_png(png, 0)
    check((width, height) == (int(root.get("width")), int(root.get("height"))),
          f"{name}: PNG is {width}x{height}")
    if not pixels:
        return
    # Decoding in Python is slow: only down to the lowest pit.
    lowest = max(float(c.get("cy")) + float(c.get("r")) for c in root.iter(NS + "circle"))
    _, _, rows, bpp = read_png(png, int(lowest) + 1)

    def rgb(x, y):
        x, y = int(x), int(y)
        return tuple(rows[y][x * bpp:x * bpp + 3])

    def near(got, color):
        want = tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))
        return all(abs(g - w) <= 8 for g, w in zip(got, want))

    # Above the count of each pit (clear of the sand's grains): the pit's fill.
    for c in root.iter(NS + "circle"):
        if "pit" in classes(c):
            x, y = float(c.get("cx")), float(c.get("cy")) - float(c.get("r")) * 2 / 3
            check(near(rgb(x, y), c.get("fill")), f"{name}: pit {c.get('data-pit')} drawn {rgb(x, y)}")
    for p in root.iter(NS + "polygon"):
        if "to-move" in classes(p):
            x0, y0, x1, y1 = shape_box(p)
            x, y = (x0 + x1) / 2 - 2, (y0 + y1) / 2
            check(near(rgb(x, y), p.get("fill")), f"{name}: the to-move mark drawn {rgb(x, y)}")
    # The headline is drawn: dark pixels where its text starts.
    head = next(t for t in root.iter(NS + "text") if {"status", "result"} & set(classes(t)))
    x0, y0, x1, y1 = text_box(head)
    dark = sum(1 for y in range(int(y0), int(y1)) for x in range(int(x0), int(x0) + 60)
               if sum(rgb(x, y)) < 200)
    check(dark > 20, f"{name}: headline drawn ({dark} dark pixels)")


def main():
    svg_dump, mode = sys.argv[1], sys.argv[2]
    keep = os.environ.get("SVG_PNG_DIR")
    with tempfile.TemporaryDirectory() as tmp:
        for name, args, want in CASES:
            position, svg = dump(svg_dump, args)
            before = len(failures)
            root = check_picture(name, position, svg, want)
            if mode == "png":
                path = os.path.join(tmp, name + ".svg")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(svg)
                png = os.path.join(keep or tmp, name + ".png")
                run = subprocess.run([sys.argv[3], "--format=png", "-o", png, path],
                                     capture_output=True, text=True)
                if check(run.returncode == 0 and not run.stderr,
                         f"{name}: rsvg-convert: {run.returncode} {run.stderr}"):
                    with open(png, "rb") as f:
                        check_png(name, root, f.read(), name in PIXELS)
            else:
                # The inline picture is the same without its declaration.
                _, inline = dump(svg_dump, ["--inline"] + args)
                check(svg == '<?xml version="1.0" encoding="UTF-8"?>\n' + inline,
                      f"{name}: inline picture")
            print(f"{'ok' if len(failures) == before else 'FAIL'} {name}: {position}")
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

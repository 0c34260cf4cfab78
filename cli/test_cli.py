#!/usr/bin/env python3
"""Tests of the mancala command, driven as a user drives it.

Run by meson test as: test_cli.py PATH/TO/mancala GROUP
Exit status 0: passed; 1: failed; 77: skipped (the library lacks the
engine the group needs: the tests then turn on by themselves once it has).

The expected positions and scores come from the worked examples of
doc/RULES.md (M1-M7, R1-R7).
"""
import contextlib
import os
import pty
import re
import resource
import select
import signal
import stat
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

MANCALA = None
SKIP = 77
SVG = "{http://www.w3.org/2000/svg}"


class Skip(Exception):
    pass


class Failure(Exception):
    pass


def run(*args, stdin="", env=None, cwd=None, preexec_fn=None, timeout=600):
    """Runs mancala with args; returns (status, stdout, stderr)."""
    full_env = dict(os.environ)
    full_env.pop("NO_COLOR", None)
    full_env.update(env or {})
    proc = subprocess.run([os.path.abspath(MANCALA), *args], input=stdin, capture_output=True,
                          text=True, env=full_env, timeout=timeout, cwd=cwd,
                          preexec_fn=preexec_fn)
    return proc.returncode, proc.stdout, proc.stderr


def ok(*args, stdin="", cwd=None):
    """Runs mancala, which must succeed quietly on stderr; returns stdout."""
    status, out, err = run(*args, stdin=stdin, cwd=cwd)
    if status != 0 or err:
        raise Failure(f"mancala {' '.join(args)}: status {status}, stderr {err!r}")
    return out


def expect(actual, expected, what):
    if actual != expected:
        raise Failure(f"{what}:\n--- expected\n{expected}\n--- actual\n{actual}")


def check(condition, what):
    if not condition:
        raise Failure(what)


def one_line_error(args, status, message):
    """mancala ARGS must fail with STATUS and exactly the one-line MESSAGE."""
    got_status, out, err = run(*args)
    expect(got_status, status, f"status of mancala {' '.join(args)}")
    expect(out, "", f"stdout of mancala {' '.join(args)}")
    expect(err, message + "\n", f"stderr of mancala {' '.join(args)}")


def unavailable(err, engine):
    return re.fullmatch(r"mancala: \w+: " + re.escape(engine) +
                        r" is not available in this libmancala \([0-9.]+\)\n", err)


# ---------------------------------------------------------------- usage

def test_usage():
    one_line_error([], 2, "mancala: missing COMMAND (try 'mancala --help')")
    one_line_error(["frob"], 2, "mancala: unknown command 'frob' (try 'mancala --help')")
    check(ok("--help").startswith("Usage: mancala COMMAND [ARGUMENTS]\n"), "mancala --help")
    check(ok("help") == ok("--help"), "mancala help")
    for command in ["play", "show", "moves", "analyze", "perft", "solve"]:
        text = ok(command, "--help")
        check(text.startswith(f"Usage: mancala {command} "), f"mancala {command} --help")
        check(ok(command, "-h") == text, f"mancala {command} -h")
    version = os.environ["MANCALA_VERSION"]
    expect(ok("--version"), f"mancala {version} (libmancala {version})\n", "--version")

    bad = [
        (["play"], "play: missing RULES or POSITION"),
        (["play", "chess"], "play: unknown rules 'chess' (expected modiar, rio-kadalis, "
                            "rio-kadalis-5, rio-kadalis-cw or rio-kadalis-5-cw)"),
        (["play", "modiar", "--south", "robot"],
         "play: --south: unknown player 'robot' (expected human, random, search, search:DEPTH, "
         "level:L, mcts:PLAYOUTS or perfect)"),
        (["play", "modiar", "--north", "search:0"],
         "play: the search depth must be a whole number from 1 to 64, not '0'"),
        (["play", "modiar", "--north", "search:"],
         "play: the search depth must be a whole number from 1 to 64, not ''"),
        (["play", "modiar", "--north", "mcts:many"],
         "play: the number of playouts must be a whole number from 1 to 1000000000, not 'many'"),
        (["play", "modiar", "--seed", "-1"],
         "play: --seed must be a whole number from 0 to 9223372036854775807, not '-1'"),
        (["play", "modiar", "--seed", "12x"],
         "play: --seed must be a whole number from 0 to 9223372036854775807, not '12x'"),
        (["play", "modiar", "--rounds", "0"],
         "play: --rounds must be a whole number from 1 to 1000000, not '0'"),
        (["play", "modiar", "--south"], "play: option '--south' needs a value"),
        (["show"], "show: missing POSITION"),
        (["show", "modiar", "modiar"], "show: unexpected argument 'modiar'"),
        (["show", "modiar", "--svg"], "show: option '--svg' needs a value"),
        (["show", "modiar", "--frob"], "show: unknown option '--frob'"),
        (["show", "modiar", "-x"], "show: unknown option '-x'"),
        (["moves", "modiar", "--all=yes"], "moves: option '--all' takes no value"),
        (["perft", "modiar"], "perft: missing DEPTH"),
        (["perft", "modiar", "0"], "perft: DEPTH must be a whole number from 1 to 40, not '0'"),
        (["perft", "modiar", "two"], "perft: DEPTH must be a whole number from 1 to 40, not 'two'"),
        (["analyze", "modiar", "--depth", "3", "--time", "1"],
         "analyze: give --depth or --time, not both"),
        (["analyze", "modiar", "--depth", "65"],
         "analyze: --depth must be a whole number from 1 to 64, not '65'"),
        (["analyze", "modiar", "--time", "0"],
         "analyze: --time must be a number of seconds above 0, not '0'"),
        (["solve"], "solve: missing RULES (modiar or rio-kadalis)"),
        (["solve", "awari"],
         "solve: tables can be solved for modiar and rio-kadalis, not 'awari'"),
        (["solve", "rio-kadalis", "--max-stones", "3x"],
         "solve: --max-stones must be a whole number from 0 to 16, not '3x'"),
        (["solve", "rio-kadalis", "--max-stones", "17"],
         "solve: --max-stones must be a whole number from 0 to 16, not '17'"),
        (["solve", "rio-kadalis", "--max-stones", " 4"],
         "solve: --max-stones must be a whole number from 0 to 16, not ' 4'"),
        (["solve", "modiar", "--max-stones", "5"],
         "solve: --max-stones is for rio-kadalis: modiar is solved whole"),
        (["solve", "modiar", "-o"], "solve: option '--out' needs a value"),
        # Issue 46: one number parser, the whole word a number.
        (["solve", "rio-kadalis", "--open", "+3,4"],
         "solve: --open must be KS,KN with 1 to 6 open pits each, not '+3,4'"),
        (["solve", "rio-kadalis", "--open", "3, 4"],
         "solve: --open must be KS,KN with 1 to 6 open pits each, not '3, 4'"),
        (["tournament", "a", "b", "--sprt", "0x0,200,0.05,0.05"],
         "tournament: --sprt must be ELO0,ELO1,ALPHA,BETA (such as 0,200,0.05,0.05), not "
         "'0x0,200,0.05,0.05'"),
        (["tournament", "a", "b", "--sprt", "0, 200,0.05,0.05"],
         "tournament: --sprt must be ELO0,ELO1,ALPHA,BETA (such as 0,200,0.05,0.05), not "
         "'0, 200,0.05,0.05'"),
        (["tournament", "a", "b", "--sprt", "0,200,5e-2,0.05"],
         "tournament: --sprt must be ELO0,ELO1,ALPHA,BETA (such as 0,200,0.05,0.05), not "
         "'0,200,5e-2,0.05'"),
        (["solve", "modiar", "-x"], "solve: unknown option '-x'"),
    ]
    for args, message in bad:
        one_line_error(args, 2, "mancala: " + message)

    # A bad position string gets the library's reason, naming the field.
    positions = [
        ("modiar/7,7,7,7,7/S/0,0/0", "PITS: expected 6 pit counts, found 5"),
        ("modiar/7,7,7,7,7,7/s/0,0/0", "SIDE: expected 'S' or 'N', found 's'"),
        ("chess/1/S/0,0/0", "RULES: unknown rules 'chess'"),
        ("modiar/7,7,7,7,7,7/S/0,0/0/0,0", "after PLY: extra field '0,0'"),
    ]
    for command in ["play", "show", "moves", "analyze"]:
        for position, reason in positions:
            one_line_error([command, position], 2, f"mancala: {command}: bad position: {reason}")
    status, out, err = run("perft", "modiar/7,7,7,7,7,8/S/0,0/0", "1")
    expect(status, 2, "status of a position with 43 stones")
    check(re.fullmatch(r"mancala: perft: bad position: stones: .*43.*42.*\n", err),
          f"reason for 43 stones: {err!r}")


# ---------------------------------------------------------------- show

START_MODIAR = """modiar/7,7,7,7,7,7/S/0,0/0
          5   4   3
North |   7   7   7 |  captured 0
South |   7   7   7 |  captured 0  <- to move
          0   1   2
South to move; legal moves: 0 1 2.
"""

R6_SHOW = """rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6
          9   8   7   6   5
North |   4   4   4   4   4 |  captured 0  bank 6
South |   x   x   4   4   4 |  captured 0  bank 2  <- to move
          0   1   2   3   4
South to move; legal moves: 2 3 4.
"""

M7_SHOW = """modiar/1,1,0,0,0,1/S/20,19/30
          5   4   3
North |   1   0   0 |  captured 19
South |   1   1   0 |  captured 20
          0   1   2
Game over: South has no legal move. South 22, North 20: South wins.
"""

R7_END = "rio-kadalis/1,1,0,0,0,1,0,0,1,0,0,0/S/24,20/66/0,0"


def test_show():
    expect(ok("show", "modiar"), START_MODIAR, "show modiar")
    expect(ok("show", "modiar/7,7,7,7,7,7/S/0,0/0"), START_MODIAR, "show of the start string")
    expect(ok("show", "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6"), R6_SHOW, "show R6")
    expect(ok("show", "modiar/1,1,0,0,0,1/S/20,19/30"), M7_SHOW, "show M7 (over at once)")
    # A finished round that ends the match: the library's two lines.
    out = ok("show", "rio-kadalis-cw/0,0,0,0,0,0,0,0,0,0,0,1/S/45,2/12/0,0")
    expect(out.splitlines()[-2:], ["Round 1 over: South has no legal move. South 45, North 3: "
                                   "South wins the round.",
                                   "Match over after 1 round: North holds 3 stones, fewer than 4. "
                                   "South wins the match."],
           "show of the end of a match")
    # R5: North to move, pit 6 is endless, so its legal moves are 7 9 11.
    out = ok("show", "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0")
    check(out.endswith("North to move; legal moves: 7 9 11.\n"), f"show R5:\n{out}")
    check("North |   1   0   1   0   1   3 |  captured 16  bank 0  <- to move\n" in out,
          f"North's row of R5, from 11 down to 6:\n{out}")
    # A clockwise board is drawn with the same pit numbers.
    out = ok("show", "rio-kadalis-cw")
    check("         11  10   9   8   7   6\n" in out and "          0   1   2   3   4   5\n" in out,
          f"pit numbers of rio-kadalis-cw:\n{out}")


# ---------------------------------------------------------------- svg

def parse_position(position):
    fields = position.split("/")
    pits = fields[1].split(",")
    return {
        "rules": fields[0],
        "pits": [None if p == "x" else int(p) for p in pits],
        "side": fields[2],
        "captured": [int(c) for c in fields[3].split(",")],
        "banks": [int(b) for b in fields[5].split(",")] if len(fields) > 5 else None,
    }


def check_svg(position, text, over=False):
    """The picture of mancala_svg() (tests/text/svg checks it in detail): each
    pit with its count or its sand, the captures and banks, the player to
    move or the result."""
    root = ET.fromstring(text)  # raises on malformed XML
    expect(root.tag, SVG + "svg", "root element")
    expect(root.find(SVG + "title").text, position, "title")
    pos = parse_position(position)
    npits = len(pos["pits"])

    def classes(e):
        return e.get("class", "").split()

    circles = {int(c.get("data-pit")): c for c in root.iter(SVG + "circle") if "pit" in classes(c)}
    expect(sorted(circles), list(range(npits)), f"pit circles of {position}")
    counts = {int(t.get("data-pit")): t.text for t in root.iter(SVG + "text") if "count" in classes(t)}
    expect(counts, {p: str(s) for p, s in enumerate(pos["pits"]) if s is not None}, "counts")
    for p, stones in enumerate(pos["pits"]):
        expect("closed" in classes(circles[p]), stones is None, f"pit {p} closed")
    # Seen from South's seat: North's row above, pit 2n-1 above pit 0.
    check(float(circles[npits - 1].get("cy")) < float(circles[0].get("cy")), "North's row above")
    expect(circles[0].get("cx"), circles[npits - 1].get("cx"), "pit 2n-1 faces pit 0")
    texts = {(t.get("class"), t.get("data-player")): t.text for t in root.iter(SVG + "text")}
    for i, name in enumerate(["south", "north"]):
        expect(texts.get(("captured", name)), f"captured {pos['captured'][i]}", f"{name} captures")
        if pos["banks"] is not None:
            expect(texts.get(("bank", name)), f"bank {pos['banks'][i]}", f"{name} bank")
    marks = [p.get("data-player") for p in root.iter(SVG + "polygon") if "to-move" in classes(p)]
    if over:
        expect(marks, [], "no player to move once over")
        check(("result", None) in texts, "the result once over")
    else:
        expect(marks, [["south", "north"][pos["side"] == "N"]], "the to-move mark")


def test_svg():
    cases = [
        ("modiar/7,7,7,7,7,7/S/0,0/0", False),
        ("modiar/12,2,11,11,2,4/S/0,0/4", False),
        ("modiar/1,1,0,0,0,1/S/20,19/30", True),
        ("rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", False),
        ("rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", False),
        ("rio-kadalis/4,4,4,4,4,4,x,4,4,4,4,4/N/0,0/0/3,1", False),
        ("rio-kadalis-cw/x,x,x,4,4,4,4,4,4,4,x,x/S/0,0/0/12,8", False),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for i, (position, over) in enumerate(cases):
            path = os.path.join(tmp, f"board{i}.svg")
            expect(ok("show", position, "--svg", path), "", f"stdout of show --svg {path}")
            with open(path, encoding="utf-8") as f:
                text = f.read()
            check_svg(position, text, over)
            expect(ok("show", position, "--svg", "-"), text, "--svg - writes the same to stdout")
        # A file is replaced whole, by a temporary file renamed over it:
        # nothing else is left in the folder, and the mode follows umask.
        path = os.path.join(tmp, "board0.svg")
        expect(ok("show", "rio-kadalis", "--svg", path), "", "replacing a picture")
        with open(path, encoding="utf-8") as f:
            expect(f.read(), ok("show", "rio-kadalis", "--svg", "-"), "the replaced picture")
        expect(sorted(os.listdir(tmp)), sorted(f"board{i}.svg" for i in range(len(cases))),
               "files left by show --svg")
        mask = os.umask(0)
        os.umask(mask)
        expect(stat.S_IMODE(os.stat(path).st_mode), 0o666 & ~mask, "mode of the picture")
        # A write that fails (here: past a file size limit) leaves the old
        # picture as it was, and no temporary file.
        with open(path, "w", encoding="utf-8") as f:
            f.write("the old picture")

        def small_files():
            resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

        proc = subprocess.run([MANCALA, "show", "rio-kadalis", "--svg", path], capture_output=True,
                              text=True, preexec_fn=small_files, timeout=60)
        expect(proc.returncode, 1, "status when the picture cannot be written whole")
        # (A build for coverage also fails to write its counters under the limit.)
        stderr = "".join(line for line in proc.stderr.splitlines(True)
                         if not line.startswith("libgcov profiling error:"))
        check(re.fullmatch(r"mancala: show: .*board0\.svg': File too large\n", stderr),
              f"message when the picture cannot be written whole: {proc.stderr!r}")
        with open(path, encoding="utf-8") as f:
            expect(f.read(), "the old picture", "the picture after a failed write")
        expect(sorted(os.listdir(tmp)), sorted(f"board{i}.svg" for i in range(len(cases))),
               "files left by a failed show --svg")
        # A device is written through, never replaced.
        expect(ok("show", "modiar", "--svg", "/dev/null"), "", "show --svg /dev/null")
        check(stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null is still a device")
        status, out, err = run("show", "modiar", "--svg", os.path.join(tmp, "none", "x.svg"))
        expect(status, 1, "status when the SVG cannot be written")
        check(re.fullmatch(r"mancala: show: '.*/none/x\.svg': No such file or directory\n", err),
              f"message when the SVG cannot be written: {err!r}")


# ---------------------------------------------------------------- moves

def test_moves():
    # M1, R1, R2: the position after the first move of the start position.
    out = ok("moves", "modiar")
    lines = out.splitlines()
    expect([l.split("  ")[0] for l in lines], ["0", "1", "2"], "modiar's first moves")
    expect(lines[0], "0  modiar/2,8,8,8,8,8/N/0,0/1", "M1")
    expect(ok("moves", "modiar/7,7,7,7,7,7/S/0,0/1").splitlines()[0],
           "0  modiar/0,8,8,8,8,8/N/2,0/2", "M2")
    expect(ok("moves", "modiar/12,2,11,11,2,4/S/0,0/4").splitlines()[0],
           "0  modiar/2,4,13,13,0,0/N/10,0/5", "M3")
    expect(ok("moves", "rio-kadalis").splitlines()[0],
           "0  rio-kadalis/2,7,1,6,1,6,6,6,0,1,6,6/N/0,0/1/0,0", "R1")
    expect(ok("moves", "rio-kadalis-cw").splitlines()[0],
           "0  rio-kadalis-cw/2,6,6,1,0,6,6,6,1,6,1,7/N/0,0/1/0,0", "R2")
    # M5: pit 5 is a grand slam, pit 3 does not feed; the game ends.
    m5 = "modiar/0,0,0,2,4,10/N/18,8/19"
    expect(ok("moves", m5), "4  modiar/1,1,0,2,1,11/S/18,8/20 (over)\n", "M5")
    expect(ok("moves", m5, "--all"),
           "3  illegal move: another move gives stones to the empty opponent row\n"
           "4  modiar/1,1,0,2,1,11/S/18,8/20 (over)\n"
           "5  illegal move: it would capture the whole opponent row (grand slam)\n", "M5 --all")
    # R5: the endless move; R6: closed pits.
    r5 = ok("moves", "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", "--all").splitlines()
    expect(len(r5), 6, "R5 --all lists North's six pits")
    expect(r5[0], "6  illegal move: its relay sowing would never end", "R5 pit 6")
    expect(r5[2], "8  illegal move: the pit is empty", "R5 pit 8")
    expect(r5[4], "10  illegal move: the pit is empty", "R5 pit 10")
    expect([l for l in r5 if "illegal" not in l],
           ok("moves", "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0").splitlines(),
           "--all lists the legal moves as without it")
    expect([l.split("  ")[0] for l in ok("moves", "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0").splitlines()],
           ["7", "9", "11"], "R5 legal moves")
    r6 = ok("moves", "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", "--all").splitlines()
    expect(r6[:3], ["0  illegal move: the pit is closed this round",
                    "1  illegal move: the pit is closed this round",
                    "2  rio-kadalis-5/x,x,0,0,9,9,1,1,8,0/N/4,0/1/2,6"], "R6 --all")
    # M4 and M6.
    expect(ok("moves", "modiar/0,3,1,1,2,5/S/10,20/9"), "1  modiar/0,1,0,0,2,5/N/14,20/10\n", "M4")
    expect(ok("moves", "modiar/0,0,0,2,1,1/N/12,26/27"), "3  modiar/0,0,0,1,0,1/S/12,28/28 (over)\n",
           "M6")
    # M7: over at once.
    expect(ok("moves", "modiar/1,1,0,0,0,1/S/20,19/30"),
           "No legal move: the game or round is over.\n", "M7")


# ---------------------------------------------------------------- perft

def perft_by_moves(position, depth):
    """Counts lines of play through 'mancala moves', one call a node."""
    counts = [0] * depth
    def walk(pos, d):
        lines = ok("moves", pos).splitlines()
        if lines[0].startswith("No legal move"):
            return
        counts[d] += len(lines)
        if d + 1 < depth:
            for line in lines:
                after = line.split("  ")[1]
                if not after.endswith(" (over)"):
                    walk(after, d + 1)
    walk(position, 0)
    return counts


def test_perft():
    expect(ok("perft", "modiar", "1"), "depth 1: 3\n", "perft modiar 1 (M1: 0 1 2)")
    expect(ok("perft", "rio-kadalis", "1"), "depth 1: 6\n", "perft rio-kadalis 1 (R1: 0-5)")
    expect(ok("perft", "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", "1"),
           "depth 1: 3\n", "perft R5 1 (7 9 11)")
    expect(ok("perft", "modiar/1,1,0,0,0,1/S/20,19/30", "3"),
           "depth 1: 0\ndepth 2: 0\ndepth 3: 0\n", "perft of a finished game")
    # Depth by depth against a walk through the moves command.
    for position in ["modiar", "rio-kadalis-5", "modiar/12,2,11,11,2,4/S/0,0/4"]:
        counts = perft_by_moves(position, 3)
        expected = "".join(f"depth {d + 1}: {c}\n" for d, c in enumerate(counts))
        expect(ok("perft", position, "3"), expected, f"perft {position} 3")
    perft_stopped()


def stop_with(proc, signo):
    """Sends SIGNO to PROC, started with start_new_session=True: SIGINT to
    its whole process group, as Ctrl-C on a terminal does. Returns its
    (stdout, stderr) and the seconds it took to exit."""
    start = time.monotonic()
    if signo == signal.SIGINT:
        os.killpg(proc.pid, signo)
    else:
        proc.send_signal(signo)
    out, err = proc.communicate(timeout=30)
    return out, err, time.monotonic() - start


def perft_stopped():
    # SIGINT (Ctrl-C: the whole foreground process group), SIGTERM and
    # SIGHUP stop a perft of hours within a second; the depths it had
    # counted (it counts to DEPTH - 4, DEPTH - 8, ... first) are printed,
    # exactly as a perft to that depth prints them.
    for signo in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        proc = subprocess.Popen([os.path.abspath(MANCALA), "perft", "rio-kadalis", "40"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
        time.sleep(1.0)
        out, err, took = stop_with(proc, signo)
        check(took < 1.0, f"{signo.name} took {took:.2f} s")
        m = re.fullmatch(rf"mancala: perft: stopped by {signo.name}; depths 1 to (\d+) counted "
                         r"\(above\), (\d+) to 40 not\n", err)
        check(proc.returncode == 1 and m, f"status {proc.returncode}, stderr {err!r}")
        counted = int(m.group(1))
        check(counted % 4 == 0 and int(m.group(2)) == counted + 1, err)
        expect(out, ok("perft", "rio-kadalis", str(counted)), f"the depths counted ({err})")


# ---------------------------------------------------------------- play

BOARD_M5 = """          5   4   3
North |  10   4   2 |  captured 8  <- to move
South |   0   0   0 |  captured 18
          0   1   2
"""

PLAY_M5 = """modiar: South human, North human.
""" + BOARD_M5 + """North, your move (4; u undo, h hint, q quit): 5
Cannot play 5: illegal move: it would capture the whole opponent row (grand slam).
North, your move (4; u undo, h hint, q quit): 3
Cannot play 3: illegal move: another move gives stones to the empty opponent row.
North, your move (4; u undo, h hint, q quit): 0
Cannot play 0: pit 0 is South's; yours are 3 to 5.
North, your move (4; u undo, h hint, q quit): 6
Cannot play 6: there is no pit 6; yours are 3 to 5.
North, your move (4; u undo, h hint, q quit): four
Type a pit number, u (undo), h (hint) or q (quit).
North, your move (4; u undo, h hint, q quit): 
North, your move (4; u undo, h hint, q quit): 4

North plays 4: 1 lap, 4 stones sown, the last into pit 1.
          5   4   3
North |  11   1   2 |  captured 8
South |   1   1   0 |  captured 18
          0   1   2
Game over: South has no legal move. South 20, North 22: North wins.
"""

BOARD_M4 = """          5   4   3
North |   5   2   1 |  captured 20
South |   0   3   1 |  captured 10  <- to move
          0   1   2
"""

PLAY_M4 = """modiar: South human, North human.
""" + BOARD_M4 + """South, your move (1; u undo, h hint, q quit): u
Cannot undo: no move to undo or report.
South, your move (1; u undo, h hint, q quit): 2
Cannot play 2: illegal move: a single stone cannot be moved.
South, your move (1; u undo, h hint, q quit): 0
Cannot play 0: illegal move: the pit is empty.
South, your move (1; u undo, h hint, q quit): 1

South plays 1: 1 lap, 3 stones sown, the last into pit 3.
  South captures 2 from pit 3.
  South captures 2 from pit 2.
          5   4   3
North |   5   2   0 |  captured 20  <- to move
South |   0   1   0 |  captured 14
          0   1   2
North, your move (4 5; u undo, h hint, q quit): u
Took back 1 move.
""" + BOARD_M4 + """South, your move (1; u undo, h hint, q quit): q
Quit.
"""


def test_play():
    # Two humans, every line known from the rules: refused moves with the
    # library's reasons, a capture chain (M4), undo, quitting, the end (M5).
    expect(ok("play", "modiar/0,0,0,2,4,10/N/18,8/19", "--south", "human", "--north", "human",
              stdin="5\n3\n0\n6\nfour\n\n4\n"), PLAY_M5, "M5 played by two humans")
    expect(ok("play", "modiar/0,3,1,1,2,5/S/10,20/9", "--north", "human",
              stdin="u\n2\n0\n1\nu\nq\n"), PLAY_M4, "M4 with undo")

    # The first move's forfeited capture (M1); input running out ends the game.
    out = ok("play", "modiar", "--north", "human", stdin="0\n")
    check("South plays 0: 1 lap, 7 stones sown, the last into pit 0.\n"
          "  First move: no capture, the 2 stones stay in pit 0.\n" in out, f"M1:\n{out}")
    check(out.endswith("North, your move (3 4 5; u undo, h hint, q quit): \nEnd of input.\nQuit.\n"),
          f"end of input:\n{out}")

    # Human against random: the same seed gives the same game; undo takes
    # back the computer's reply and the human's move.
    script = "0\nu\n1\nq\n"
    first = ok("play", "modiar", "--seed", "7", stdin=script)
    expect(ok("play", "modiar", "--seed", "7", stdin=script), first, "a replayed seed")
    check(first.startswith("modiar: South human, North random (--seed 7).\n"), first)
    undone = first.split("Took back 2 moves.\n")
    expect(len(undone), 2, "one undo of two moves")
    start_board = "".join(START_MODIAR.splitlines(True)[1:5])
    check(undone[1].startswith(start_board), f"the start position after undo:\n{undone[1]}")

    # Random against random to the end; replaying its moves by hand gives
    # the same game, so the loop plays exactly the moves it reports.
    auto = ok("play", "modiar", "--south", "random", "--north", "random", "--seed", "3")
    moves = re.findall(r"^(?:South|North) plays (\d+):", auto, re.M)
    check(len(moves) > 5, f"a whole game:\n{auto}")
    result = auto.splitlines()[-1]
    check(re.fullmatch(r"Game over: .* South (\d+), North (\d+): .*\.", result), result)
    south, north = map(int, re.search(r"South (\d+), North (\d+)", result).groups())
    expect(south + north, 42, "all of Modiar's stones are counted")
    by_hand = ok("play", "modiar", "--south", "human", "--north", "human",
                 stdin="".join(m + "\n" for m in moves))
    expect(by_hand.splitlines()[-1], result, "the game replayed by hand")
    expect(re.findall(r"^(?:South|North) plays .*$", by_hand, re.M),
           re.findall(r"^(?:South|North) plays .*$", auto, re.M), "the move reports")
    expect(ok("play", "modiar", "--south", "random", "--north", "random", "--seed", "3"), auto,
           "two computer players with a seed")
    play_with_tables()


def play_with_tables():
    # Issue 50: the search players (and level 20) use the solved tables of
    # the current folder or of --tables DIR, named in one line on stderr:
    # at depth 1 the score is then the table's value (+8), not the
    # evaluation's (+2); --no-tables uses none.
    position = "rio-kadalis/2,0,3,0,0,0,0,1,0,2,0,0/S/20,20/7/0,0"
    with tempfile.TemporaryDirectory() as tmp:
        ok("solve", "rio-kadalis", "--max-stones", "8", "-q", cwd=tmp)
        for args, cwd, named, score in (([], tmp, "'.'", "+8"),
                                        (["--tables", tmp], None, repr(tmp), "+8"),
                                        (["--no-tables"], tmp, None, "+2")):
            status, out, err = run("play", position, "--south", "search:1", "--north", "level:1",
                                   "--seed", "1", "--rounds", "1", *args, cwd=cwd)
            expect((status, err), (0, f"mancala: play: the search uses the tables for rio-kadalis "
                                      f"in {named}: rio-kadalis.table\n" if named else ""),
                   f"play {args}: the tables named")
            check(f"(search: depth 1, score {score})" in out, f"play {args}:\n{out}")
        one_line_error(["play", position, "--tables", os.path.join(tmp, "rio-kadalis.table")], 2,
                       f"mancala: play: --tables: '{os.path.join(tmp, 'rio-kadalis.table')}' is not "
                       "a folder")


# ---------------------------------------------------------------- match

def test_match():
    # Move reports of Rio Kadalis: relays (R1), a four for the row's owner
    # (R3), binikh (R4), the endless and closed refusals (R5, R6).
    out = ok("play", "rio-kadalis", "--north", "human", stdin="0\nq\n")
    check("South plays 0: 5 laps (relays from 4 9 2 8), 26 stones sown, the last into pit 2.\n"
          in out, f"R1:\n{out}")
    out = ok("play", "rio-kadalis/0,0,0,0,0,3,3,0,0,0,0,2/S/20,20/30/0,0", "--north", "human",
             stdin="5\nq\n")
    check("South plays 5: 1 lap, 3 stones sown, the last into pit 8.\n"
          "  North captures the four formed in pit 6.\n" in out, f"R3:\n{out}")
    out = ok("play", "rio-kadalis/0,0,0,0,0,1,3,0,0,0,0,4/S/20,20/30/0,0", "--north", "human",
             stdin="5\nq\n")
    check("South plays 5: 1 lap, 1 stone sown, the last into pit 6.\n"
          "  Binikh: South captures the four in pit 6 and the move ends.\n" in out, f"R4:\n{out}")
    check("North |   4   0   0   0   0   0 |  captured 20  bank 0  <- to move\n"
          "South |   0   0   0   0   0   0 |  captured 24  bank 0\n" in out, f"after R4:\n{out}")
    out = ok("play", "rio-kadalis/0,2,1,0,2,1,3,1,0,1,0,1/N/20,16/17/0,0", "--south", "human",
             "--north", "human", stdin="6\nq\n")
    check("Cannot play 6: illegal move: its relay sowing would never end.\n" in out, f"R5:\n{out}")
    out = ok("play", "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", "--north", "human",
             stdin="0\nq\n")
    check("Cannot play 0: illegal move: the pit is closed this round.\n" in out, f"R6:\n{out}")

    # A whole match: each round opens min(n, T div 4) pits per player, banks
    # the rest, and the other player starts; it ends when a player has
    # fewer than 4 stones, or when the next round would start in a state
    # (stones held, who moves first) that started two rounds before: then
    # the player holding more stones wins.
    for rules, n, total, seed in [("rio-kadalis", 6, 48, "5"), ("rio-kadalis-5-cw", 5, 40, "11")]:
        out = ok("play", rules, "--south", "random", "--north", "random", "--seed", seed)
        ends = re.findall(r"^Round (\d+) over: .* South (\d+), North (\d+): .*$", out, re.M)
        starts = re.findall(r"^Round (\d+): (South|North) moves first\. South opens (\d+) pits?, "
                            r"bank (\d+); North opens (\d+) pits?, bank (\d+)\.$", out, re.M)
        check(len(ends) >= 1, f"{rules}: rounds were played")
        expect(len(starts), len(ends) - 1, f"{rules}: a round starts after each round but the last")
        first = "South"
        started = {(total // 2, "South"): 1}
        for i, (number, south, north) in enumerate(ends):
            expect(int(number), i + 1, "round numbers")
            south, north = int(south), int(north)
            expect(south + north, total, f"{rules} round {number}: every stone counted")
            following = (south, "North" if first == "South" else "South")
            repeats = started.get(following, 0) >= 2
            check((i + 1 == len(ends)) == (min(south, north) < 4 or repeats),
                  f"{rules}: the match ends after round {number} exactly when a player has "
                  f"fewer than 4 stones or the next round repeats:\n{out}")
            started[following] = started.get(following, 0) + 1
            if i + 1 < len(ends):
                first = "North" if first == "South" else "South"
                expected = (str(i + 2), first, str(min(n, south // 4)), str(south - 4 * min(n, south // 4)),
                            str(min(n, north // 4)), str(north - 4 * min(n, north // 4)))
                expect(starts[i], expected, f"{rules}: the start of round {i + 2}")
                check(south >= 4 and north >= 4, "the match goes on only while both have 4")
        last_south, last_north = int(ends[-1][1]), int(ends[-1][2])
        rounds = f"Match over after {len(ends)} round{'s' if len(ends) > 1 else ''}: "
        if min(last_south, last_north) < 4:
            winner, loser = ("South", "North") if last_south > last_north else ("North", "South")
            held = min(last_south, last_north)
            expect(out.splitlines()[-1], f"{rounds}{loser} holds {held} stone"
                   f"{'' if held == 1 else 's'}, fewer than 4. {winner} wins the match.",
                   f"{rules}: the match result")
        else:
            # RULES.md, "A match that keeps repeating ends": more stones win.
            result = ("a draw" if last_south == last_north else
                      f"{'South' if last_south > last_north else 'North'} wins the match, "
                      "holding more stones")
            expect(out.splitlines()[-1],
                   f"{rounds}{result}, because the match repeats: round {len(ends) + 1} would "
                   f"start as two earlier rounds did (South {last_south}, North {last_north}, "
                   f"{following[1]} first).", f"{rules}: the match result")
    # Both ways of ending are seen.
    check("wins the match." in ok("play", "rio-kadalis-5-cw", "--south", "random", "--north",
                                  "random", "--seed", "11").splitlines()[-1], "seed 11")
    check("because the match repeats" in
          ok("play", "rio-kadalis", "--south", "random", "--north", "random",
             "--seed", "5").splitlines()[-1], "seed 5")

    # Deterministic players repeat their rounds forever without the rule.
    # Since 1.3 the player holding more stones wins such a match (RULES.md,
    # "A match that keeps repeating ends").
    for depth, rounds, result, south, north, first in [
            (1, 9, "North wins the match, holding more stones, because the match repeats",
             16, 32, "North"),
            (3, 4, "a draw, because the match repeats", 24, 24, "South")]:
        out = ok("play", "rio-kadalis", "--south", f"search:{depth}", "--north", f"search:{depth}")
        expect(out.splitlines()[-1],
               f"Match over after {rounds} rounds: {result}: round "
               f"{rounds + 1} would start as two earlier rounds did (South {south}, North "
               f"{north}, {first} first).", f"search:{depth} against itself")

    # --rounds N: the match ends after round N and goes to the player
    # holding more stones.
    out = ok("play", "rio-kadalis", "--south", "random", "--north", "random", "--seed", "5",
             "--rounds", "2")
    expect(out.splitlines()[-1], "Match over after 2 rounds: North wins the match at the round "
           "limit, holding 28 stones to 20.", "--rounds 2")
    expect(len(re.findall(r"^Round \d+ over", out, re.M)), 2, "two rounds with --rounds 2")
    out = ok("play", "rio-kadalis", "--south", "search:3", "--north", "search:3", "--rounds", "1")
    expect(out.splitlines()[-1], "Match over after 1 round: a draw at the round limit, "
           "24 stones each.", "--rounds 1 level")


# ---------------------------------------------------------------- record

def test_record():
    for text in (ok("--help"), ok("play", "--help")):
        check("--rounds N" in text and "--save FILE" in text and "--load FILE" in text, text)
        # The play line names every option of play (issue 23).
        play_line = re.search(r"play RULES\|POSITION.*?--load FILE", text, re.S)[0]
        for option in ("--south P", "--north P", "--seed N", "--rounds N", "--table FILE",
                       "--save FILE", "--delay MS"):
            check(option in play_line, f"{option} on the play line:\n{play_line}")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "match.txt")
        # A human quits in round 2; the record resumes it exactly.
        first = ok("play", "rio-kadalis", "--south", "random", "--north", "human", "--seed", "5",
                   "--rounds", "2", "--save", path,
                   stdin="".join(f"{m}\n" for m in [6, 7, 8, 9, 10, 11] * 8) + "q\n")
        check(first.endswith(f"Quit.\nSaved the match to {path} (resume it with --load {path}).\n"),
              first)
        with open(path) as f:
            record = f.read()
        check(record.endswith("\n") and record.count("\n") == 1, repr(record))
        words = record.split()
        expect(words[:2], ["rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", "max-rounds=2"],
               "the record's start and options")
        check(os.listdir(tmp) == ["match.txt"], f"no temporary file left: {os.listdir(tmp)}")
        resumed = ok("play", "--load", path, "--south", "random", "--north", "random",
                     "--seed", "1", "--save", path)
        items = [w for w in words[1:] if w.isdigit() or w == "|"]
        expect(items.count("|"), 1, "the human quit in round 2")
        expect(len(items) - 1, len(re.findall(r"^(?:South|North) plays ", first, re.M)),
               "every move played is in the record")
        check(resumed.startswith("rio-kadalis: South random, North random (--seed 1).\n"
                                 f"Resuming the match of {path}: round 2, "
                                 f"{len(items) - 1 - items.index('|')} moves played in it.\n"),
              resumed)
        check(re.search(r"^Match over after 2 rounds: ", resumed, re.M), resumed)
        with open(path) as f:
            final = f.read()
        final_items = [w for w in final.split()[1:] if w.isdigit() or w == "|"]
        expect(final_items[:len(items)], items, "the resumed match continues the record")
        # The players given again are in its tags now.
        check(' south="random" north="random" seed="1" ' in final, final)
        # Loading a finished match shows its end, plays nothing, and saves
        # it back to its file (since 1.3).
        again = ok("play", "--load", path)
        expect(again.splitlines()[-2:], resumed.splitlines()[-2:], "a finished match loaded")

        # Errors name the file and what is wrong in it.
        bad = os.path.join(tmp, "bad.txt")
        with open(bad, "w") as f:
            f.write("# a comment\n\nmodiar/7,7,7,7,7,7/S/0,0/0 0 1\n")
        one_line_error(["play", "--load", bad], 1,
                       f"mancala: play: --load {bad}: line 3: word 3 (round 1, move 2): "
                       "cannot play 1: illegal move: the pit belongs to the opponent")
        # A tag named like an option would set nothing (issue 46).
        with open(bad, "w") as f:
            f.write('rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0 max-rounds="3" 0\n')
        one_line_error(["play", "--load", bad], 1,
                       f"mancala: play: --load {bad}: line 1: word 2: tag 'max-rounds=\"3\"': "
                       "max-rounds is an option, not a tag (write it without quotes)")
        with open(bad, "w") as f:
            f.write("modiar/7,7,7,7,7,7/S/0,0/0\nmodiar/7,7,7,7,7,7/S/0,0/0 0\n")
        one_line_error(["play", "--load", bad], 1,
                       f"mancala: play: --load {bad}: the file holds 2 match records; --load "
                       "takes a file with one")
        one_line_error(["play", "--load", os.path.join(tmp, "none")], 1,
                       f"mancala: play: --load {os.path.join(tmp, 'none')}: No such file or directory")
        one_line_error(["play", "modiar", "--load", path], 2,
                       "mancala: play: give RULES or POSITION, or --load FILE, not both")
        one_line_error(["play", "--load", path, "--rounds", "1"], 2,
                       "mancala: play: --rounds 1: the match is already in round 2")
        # An unwritable destination is found before anything is played.
        nowhere = os.path.join(tmp, "no", "such", "dir", "m.txt")
        status, out, err = run("play", "modiar", "--south", "random", "--save", nowhere)
        expect((status, out), (1, ""), "--save into a missing folder")
        check(err.startswith(f"mancala: play: --save {nowhere}: "), err)


def test_result_tags():
    """The record's result tag (RULES.md, "Match records") is the game's
    or the match's winner, and absent while the match goes on."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "m.txt")

        def result_of(*args, stdin=""):
            out = ok("play", *args, "--save", path, stdin=stdin)
            with open(path) as f:
                tags = dict(re.findall(r'([a-z-]+)="([^"]*)"', f.read()))
            return tags.get("result"), out

        for seed, tag, line in [("12", "South wins", ": South wins."),
                                ("1", "North wins", ": North wins."),
                                ("19", "draw", ": a draw.")]:
            result, out = result_of("modiar", "--south", "random", "--north", "random",
                                    "--seed", seed)
            expect(result, tag, f"Modiar, seed {seed}")
            check(re.search(rf"^Game over: .*{re.escape(line)}$", out, re.M), out)
        # A match: the match's winner, not a round's; a draw at the limit.
        result, out = result_of("rio-kadalis", "--south", "random", "--north", "random",
                                "--seed", "2")
        expect(result, "South wins", "a match won")
        check(out.splitlines()[-2].startswith("Match over after 13 rounds: North holds 3 stones,"),
              out)
        result, out = result_of("rio-kadalis", "--south", "random", "--north", "random",
                                "--seed", "15", "--rounds", "2")
        expect(result, "draw", "a match drawn at its round limit")
        check("Match over after 2 rounds: a draw at the round limit, 24 stones each.\n" in out, out)
        # A match left in round 2: no result.
        result, out = result_of("rio-kadalis", "--south", "random", "--north", "human",
                                "--seed", "5", "--rounds", "2",
                                stdin="".join(f"{m}\n" for m in [6, 7, 8, 9, 10, 11] * 8) + "q\n")
        check("Round 1 over: " in out and "Quit.\n" in out, out)
        expect(result, None, "a match not over")


def read_until(fd, marker, timeout=90):
    """Reads from fd until marker (bytes) has come, EOF or timeout (long:
    the machine may be busy, and sanitizers slow the program down)."""
    out, end = b"", time.monotonic() + timeout
    while marker not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
        if not ready:
            break
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the other end is closed
            break
        if not chunk:
            break
        out += chunk
    return out


def start_on_terminal(*args, cwd=None):
    """Starts mancala with stdin and stdout on a pseudo-terminal, as a
    person at a terminal runs it; returns (process, the terminal's fd)."""
    try:
        master, slave = pty.openpty()
    except OSError as error:
        raise Skip(f"no pseudo-terminal: {error}")
    env = dict(os.environ, NO_COLOR="1")
    proc = subprocess.Popen([MANCALA, *args], stdin=slave, stdout=slave, stderr=slave,
                            cwd=cwd, env=env, start_new_session=True)
    os.close(slave)
    return proc, master


def finish_on_terminal(proc, master):
    """Waits for mancala's end; returns (its status, the rest of its output)."""
    rest = read_until(master, b"\0never\0")
    os.close(master)
    return proc.wait(timeout=90), rest


def test_save():
    """--save after every move, on signals, through links; --load resumes
    the players and seed from the record's tags (RULES.md, "Match
    records") and saves back, keeping the file's comments."""
    today = time.strftime("%Y-%m-%d", time.gmtime())
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "m.txt")
        # A finished game: every tag, exact bytes (the date is today's).
        out = ok("play", "modiar", "--south", "random", "--north", "search:2", "--seed", "4",
                 "--save", path)
        with open(path, "rb") as f:
            saved = f.read()
        moves = re.findall(r"^(?:South|North) plays (\d+):", out, re.M)
        result = re.search(r"^Game over: .*: (South wins|North wins|a draw)\.$", out, re.M)[1]
        expect(saved, ('modiar/7,7,7,7,7,7/S/0,0/0 south="random" north="search:2" seed="4" '
                       f'date="{today}" result="{result.replace("a draw", "draw")}" '
                       + " ".join(moves) + "\n").encode(), "the saved game and its tags")
        # --load takes the players and the seed from the tags: the same
        # game, nothing left to play, saved back unchanged.
        again = ok("play", "--load", path)
        check(again.startswith("modiar: South random, North search:2 (--seed 4).\n"), again)
        with open(path, "rb") as f:
            expect(f.read(), saved, "a finished game saved back as it was")

        # A human's match: saved after every move, so that a kill loses
        # nothing; the comments of --load's file are kept.
        with open(path, "w") as f:
            f.write("# club night, table 3\n")
        status, out, _ = run("play", "rio-kadalis", "--south", "random", "--north", "human",
                             "--seed", "5", "--rounds", "2", "--save", path,
                             stdin="6\n7\n")
        expect(status, 0, "end of input")
        with open(path) as f:
            first = f.read()
        expect(first, 'rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0 max-rounds=2 '
               f'south="random" north="human" seed="5" date="{today}" 2 6 3 7 3\n',
               "--save: a new record replaces the file (comments are kept from --load only)")
        with open(path, "w") as f:
            f.write("# club night, table 3\n" + first + "# second comment\n")
        link = os.path.join(tmp, "link.txt")
        os.symlink("m.txt", link)
        proc, term = start_on_terminal("play", "--load", link)
        shown = read_until(term, b"q quit): ")
        check(b"rio-kadalis: South random, North human (--seed 5).\r\n"
              b"Resuming the match of " + link.encode() + b": round 1, 5 moves played in it." in shown,
              f"--load on a terminal (status {proc.poll()}): {shown.decode()!r}")
        # Arrow keys and Delete edit the line: 9, left, Delete, 8, up (nothing), Enter.
        os.write(term, b"9\x1b[D\x1b[3~8\x1b[A\r")
        shown = read_until(term, b"q quit): ")
        check(b"North plays 8:" in shown and b"^[" not in shown and b"Type a pit" not in shown,
              f"arrow keys at the prompt: {shown.decode()!r}")
        # Ctrl-C at the prompt: the match as it stands is saved, and the
        # program ends by the signal.
        with open(path) as f:
            after_move = f.read()
        os.killpg(proc.pid, signal.SIGINT)
        status, rest = finish_on_terminal(proc, term)
        expect(status, -signal.SIGINT, "ended by Ctrl-C")
        check(b"Interrupted.\r\nStopped by a signal.\r\nSaved the match to " in rest,
              f"Ctrl-C at the prompt: {rest.decode()!r}")
        check(os.path.islink(link) and os.readlink(link) == "m.txt", "--save keeps the link")
        with open(path) as f:
            final = f.read()
        expect(final, after_move, "saved after the move already")
        expect(final, "# club night, table 3\n# second comment\n"
               + first.rstrip("\n") + " 8 " + final.split()[-1] + "\n",
               "the comments kept, the moves after the 8 of North saved")
        expect(sorted(os.listdir(tmp)), ["link.txt", "m.txt"], "no temporary file left")

        # SIGTERM between computer moves (--delay on a terminal paces them):
        # every move shown is in the file.
        proc, term = start_on_terminal("play", "rio-kadalis", "--south", "random", "--north",
                                       "random", "--seed", "9", "--delay", "100", "--save", path)
        shown = read_until(term, b"North plays")
        os.killpg(proc.pid, signal.SIGTERM)
        status, rest = finish_on_terminal(proc, term)
        expect(status, -signal.SIGTERM, "ended by SIGTERM")
        played = re.findall(rb"^(?:South|North) plays (\d+):", shown + rest, re.M)
        with open(path) as f:
            words = f.read().split()
        expect(words[5:], [m.decode() for m in played], "every move shown was saved")
        check(len(played) < 20, f"--delay paced the moves: {len(played)} in the time of one")

        # A tag that is not a setting is named as such.
        with open(path, "w") as f:
            f.write('modiar/7,7,7,7,7,7/S/0,0/0 seed="x" 0\n')
        one_line_error(["play", "--load", path], 2,
                       "mancala: play: the seed tag of the record must be a whole number from 0 "
                       "to 9223372036854775807, not 'x'")
        # A NUL byte in the file: refused, not read as the record before it.
        with open(path, "wb") as f:
            f.write(b"modiar/7,7,7,7,7,7/S/0,0/0 0\0 junk\n")
        one_line_error(["play", "--load", path], 1,
                       f"mancala: play: --load {path}: line 1: a NUL byte: not a text file "
                       "with a match record")
        # --load of a folder, and --north search without a depth.
        one_line_error(["play", "--load", tmp], 1,
                       f"mancala: play: --load {tmp}: a folder, not a file with a match record")
        out = ok("play", "modiar", "--south", "search", "--north", "random", "--seed", "1")
        check("(search: depth 8, score " in out, out)
        # Escape sequences piped in are left out of the line; ESC then a
        # newline ends the line all the same.
        out = ok("play", "modiar", "--north", "human", stdin="\x1b[D0\x1b[1;5C\n\x1b\nq\n")
        check("South plays 0:" in out and "Type a pit" not in out, out)
        check("North, your move (3 4 5; u undo, h hint, q quit): \n"
              "North, your move (3 4 5; u undo, h hint, q quit): q\nQuit.\n" in out, out)


# ---------------------------------------------------------------- colour

def run_on_terminal(*args, env=None, stdin_text=None):
    """Runs mancala with its stdout on a pseudo-terminal; returns the output."""
    try:
        master, slave = pty.openpty()
    except OSError as error:
        raise Skip(f"no pseudo-terminal: {error}")
    full_env = dict(os.environ)
    full_env.pop("NO_COLOR", None)
    full_env.update(env or {})
    proc = subprocess.Popen([MANCALA, *args], stdout=slave, stderr=subprocess.PIPE,
                            stdin=subprocess.PIPE, env=full_env)
    os.close(slave)
    proc.stdin.write((stdin_text or "").encode())
    proc.stdin.close()
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the terminal's other end is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    proc.wait(timeout=60)
    expect(proc.returncode, 0, f"status of mancala {' '.join(args)} on a terminal")
    return b"".join(chunks).decode()


def test_color():
    commands = [["show", "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6"],
                ["play", "modiar", "--south", "random", "--north", "random", "--seed", "1"]]
    for args in commands:
        colored = run_on_terminal(*args)
        check("\033[" in colored, f"colours on a terminal: mancala {' '.join(args)}")
        plain = run_on_terminal(*args, env={"NO_COLOR": "1"})
        check("\033" not in plain, f"no colours with NO_COLOR: mancala {' '.join(args)}")
        expect(re.sub(r"\033\[[0-9;]*m", "", colored), plain, "the same text without colours")
        check("\033" not in ok(*args), f"no colours into a pipe: mancala {' '.join(args)}")
        # The terminal turns "\n" into "\r\n".
        expect(plain.replace("\r\n", "\n"), ok(*args), "the same text on a terminal and a pipe")


# ---------------------------------------------------------------- engines

def analysis_rows(out):
    """Parses the table of 'mancala analyze': [(move, lo, hi, how, line)]."""
    rows = []
    for line in out.splitlines()[3:]:
        if line.startswith("For exact values, solve the game: "):
            continue
        m = re.fullmatch(r"  +(\d+)  +([+-]\d+)(?:\.\.([+-]\d+))?  (exact|solved|depth \d+) +((?: \d+)+)",
                         line)
        check(m, f"an analysis line: {line!r}")
        lo = int(m.group(2))
        hi = int(m.group(3)) if m.group(3) else lo
        rows.append((int(m.group(1)), lo, hi, m.group(4), [int(x) for x in m.group(5).split()]))
    return rows


def final_difference(position, player):
    """The final stone difference for player ('S' or 'N') if the game or
    round ended at this position: captures, bank and own row (rule 7)."""
    pos = parse_position(position)
    n = len(pos["pits"]) // 2
    banks = pos["banks"] or [0, 0]
    rows = [pos["pits"][:n], pos["pits"][n:]]
    score = [pos["captured"][i] + banks[i] + sum(p or 0 for p in rows[i]) for i in (0, 1)]
    return score[0] - score[1] if player == "S" else score[1] - score[0]


def position_key(position):
    """What the repetition rule compares: the pits and the player to move."""
    fields = position.split("/")
    return fields[1], fields[2]


def move_values(position, path=()):
    """The exact value of each legal move for the player to move, through
    'mancala moves', with the repetition rule along the line (a parsed
    position has no history, so the line is kept here)."""
    side = position.split("/")[2]
    path = path + (position_key(position),)
    values = {}
    for line in ok("moves", position).splitlines():
        move, after = line.split("  ")
        if after.endswith(" (over)") or position_key(after) in path:
            values[int(move)] = final_difference(after.removesuffix(" (over)"), side)
        else:
            values[int(move)] = -max(move_values(after, path).values())
    return values


# Small endings, each line of play at most 6 plies long.
ENDINGS = ["modiar/0,3,1,1,2,5/S/10,20/9", "modiar/3,0,2,0,2,1/S/18,16/30",
           "modiar/2,2,0,3,0,0/S/17,18/30", "rio-kadalis/0,0,0,0,1,1,3,0,0,0,0,0/S/23,20/30/0,0",
           "rio-kadalis-5/0,0,0,1,2,3,0,0,0,0/S/18,16/30/0,0"]


def test_search():
    status, out, err = run("analyze", "modiar", "--depth", "2")
    if status == 1 and unavailable(err, "the search"):
        raise Skip("the library has no search engine yet")
    expect((status, err), (0, ""), "analyze modiar --depth 2")

    # Forced endings, exact whatever the depth (M5, M6).
    expect(ok("analyze", "modiar/0,0,0,2,4,10/N/18,8/19", "--depth", "4"),
           "North to move; 1 legal move ranked by search to depth 4.\n"
           "Estimate to depth 4 (not exact unless marked exact): the final stone difference "
           "for North.\n"
           "  move   score  how       line\n"
           "     4      +2  exact     4\n", "analyze M5")
    # A search's estimate says so, and where exact values would come from
    # (issue 23); the tests run where no modiar.table lies.
    out = ok("analyze", "modiar", "--depth", "3")
    expect(out.splitlines()[1], "Estimate to depth 3 (not exact unless marked exact): the final "
           "stone difference for South.", "analyze by search")
    expect(out.splitlines()[-1], "For exact values, solve the game: 'mancala solve modiar' "
           "writes modiar.table.", "analyze suggests the table")
    out = ok("analyze", "rio-kadalis-5/x,4,4,4,4,x,4,4,4,4/S/0,0/0/4,4", "--depth", "2")
    expect(out.splitlines()[-1], "For exact values, solve the game: 'mancala solve "
           "rio-kadalis-5 --open 4,4' writes rio-kadalis-5-open-4-4.table.", "a round's table")
    # Every pit open: the endgame table, as large as the position needs,
    # and none for more stones than it can hold.
    out = ok("analyze", "rio-kadalis/0,0,2,0,3,0,0,1,0,4,1,3/S/20,14/9/0,0", "--depth", "2")
    expect(out.splitlines()[-1], "For exact values, solve the game: 'mancala solve rio-kadalis "
           "--max-stones 14' writes rio-kadalis.table.", "an endgame's table")
    out = ok("analyze", "rio-kadalis", "--depth", "2")
    check("For exact values" not in out, out)
    expect(analysis_rows(ok("analyze", "modiar/0,0,0,2,1,1/N/12,26/27")),
           [(3, 18, 18, "exact", [3])], "analyze M6")

    # Small endings: every move's exact score equals a minimax through
    # 'moves', best first, each with its line.
    for position in ENDINGS:
        rows = analysis_rows(ok("analyze", position, "--depth", "30"))
        values = move_values(position)
        expect({r[0]: (r[1], r[2], r[3]) for r in rows},
               {m: (v, v, "exact") for m, v in values.items()}, f"analyze {position}")
        expect([r[1] for r in rows], sorted(values.values(), reverse=True), "best first")
        check(all(r[4][0] == r[0] for r in rows), "each line starts with its move")

    rows = analysis_rows(ok("analyze", "rio-kadalis", "--time", "0.3"))
    expect(sorted(r[0] for r in rows), [0, 1, 2, 3, 4, 5], "analyze --time ranks every move")

    # Search players and hints.
    game = ok("play", "modiar", "--south", "search:4", "--north", "random", "--seed", "2")
    check(game.splitlines()[-1].startswith("Game over: "), game)
    check(re.search(r"^  \(search: depth \d+, score [+-]\d+\)$", game, re.M), game)
    expect(ok("play", "modiar", "--south", "search:4", "--north", "random", "--seed", "2"), game,
           "a search player plays the same game twice")
    match = ok("play", "rio-kadalis-5", "--south", "search:3", "--north", "search:2", "--rounds", "1")
    check(match.splitlines()[-1] in ("Match stopped after 1 round (--rounds).",) or
          match.splitlines()[-1].startswith("Match over"), match)
    hint = ok("play", "modiar", "--north", "human", stdin="h\nq\n")
    m = re.search(r"^Hint: play (\d+) \(estimate to depth 8, not exact: score [+-]\d+\)\.\n"
                  r"For exact hints, solve the game: 'mancala solve modiar' writes "
                  r"modiar\.table\.$", hint, re.M)
    check(m and int(m.group(1)) in (0, 1, 2), f"a hint among the legal moves:\n{hint}")


def interrupted(args, every):
    """Starts mancala ARGS and sends it Ctrl-C (SIGINT) every EVERY seconds
    until it exits (at most 100 times); returns (status, stdout, stderr)."""
    proc = subprocess.Popen([os.path.abspath(MANCALA), *args], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(100):
            try:
                out, err = proc.communicate(timeout=every)
                return proc.returncode, out, err
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGINT)
        raise Failure(f"mancala {' '.join(args)} did not stop after Ctrl-C")
    finally:
        proc.kill()
        proc.wait()


def test_search_interrupted():
    # Issue 23: Ctrl-C stops a search that would take hours; analyze shows
    # the moves ranked so far, the last at its completed depth.
    status, out, err = interrupted(["analyze", "rio-kadalis", "--depth", "64"], 0.5)
    expect((status, err), (1, ""), f"analyze interrupted:\n{out}")
    *table, last = out.splitlines()
    rows = analysis_rows("\n".join(table))
    check(1 <= len(rows) <= 6 and all(1 < int(r[3].split()[1]) < 64 for r in rows), out)
    expect(last, f"Interrupted (Ctrl-C): {len(rows)} of 6 moves ranked, the last at the depth "
           "it had completed.", "the last line")
    # In play, the engine then plays the best move of its last depth.
    status, out, err = interrupted(["play", "rio-kadalis", "--south", "search:64", "--north",
                                    "random", "--seed", "1"], 0.3)
    check(re.search(r"^  \(search stopped by Ctrl-C: depth \d+, score [+-]\d+\)$", out, re.M),
          f"status {status}\n{out}\n{err}")
    # And an mcts player its best move so far (it ran its billion playouts
    # to the end before).
    # Ctrl-C twice in a row (0.3 s apart) also ends the game after that
    # move, as Ctrl-C does while nothing thinks: a game of two engines
    # stops too, by SIGINT, with every move played in its record.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "match.txt")
        status, out, err = interrupted(["play", "rio-kadalis", "--south", "mcts:1000000000",
                                        "--north", "search:64", "--seed", "1", "--rounds", "1",
                                        "--save", path], 0.3)
        check(re.search(r"^  \(mcts stopped by Ctrl-C: [1-9]\d* playouts\)$", out, re.M),
              f"status {status}\n{out}\n{err}")
        expect(status, -signal.SIGINT, f"the game ended by Ctrl-C twice:\n{out}\n{err}")
        played = len(re.findall(r"^(?:South|North) plays ", out, re.M))
        with open(path) as f:
            moves = [w for w in f.read().split()[1:] if w.isdigit()]
        check(1 <= played <= 3 and len(moves) == played, f"{played} moves, record {moves}\n{out}")


def test_levels():
    # Issue 26: level:L players; the same seed gives the same game.
    status, out, err = run("play", "modiar", "--south", "level:3", "--north", "level:12",
                           "--seed", "5")
    if status == 1 and unavailable(err, "the search"):
        raise Skip("the library has no search engine yet")
    expect((status, err), (0, ""), "level:3 against level:12")
    check(re.search(r"^  \(level 3\)$", out, re.M) and re.search(r"^  \(level 12\)$", out, re.M),
          out)
    expect(ok("play", "modiar", "--south", "level:3", "--north", "level:12", "--seed", "5"), out,
           "a replayed seed")
    for bad in ("0", "21", "x", ""):
        one_line_error(["play", "modiar", "--south", "level:" + bad], 2,
                       f"mancala: play: the level must be a whole number from 1 to 20, not '{bad}'")
    # Level 12 beats level 1 from either seat.
    wins = 0
    for seed in range(1, 5):
        south, north = ("level:12", "level:1") if seed % 2 else ("level:1", "level:12")
        last = ok("play", "modiar", "--south", south, "--north", north,
                  "--seed", str(seed)).splitlines()[-1]
        strong = "South" if seed % 2 else "North"
        wins += last.endswith(f"{strong} wins.")
    check(wins >= 3, f"level 12 won {wins} of 4 games against level 1")


class EngineClient:
    """The reference client of the protocol (doc/protocol.md): starts
    'mancala engine', sends command lines, reads answer lines."""

    def __init__(self, *args, cwd=None):
        self.proc = subprocess.Popen([os.path.abspath(MANCALA), "engine", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd)
        self.buffer = b""

    def send(self, line):
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def read(self, timeout=30):
        """The next line (unbuffered reads, so that select() sees the rest)."""
        import select
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
            check(ready, "the engine answered in time")
            data = os.read(self.proc.stdout.fileno(), 65536)
            check(data, "the engine ended")
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()

    def until(self, prefix, timeout=30):
        """The lines read up to and including the first that starts with prefix."""
        lines = []
        while not lines or not lines[-1].startswith(prefix):
            lines.append(self.read(timeout))
            check(lines[-1] != "" or self.proc.poll() is None, f"the engine ended: {lines}")
        return lines

    def close(self):
        self.proc.kill()
        self.proc.wait()


def test_protocol():
    # Issue 26: every command of 'mancala engine', malformed input, stop, quit.
    e = EngineClient()
    try:
        e.send("uci")
        lines = e.until("uciok")
        expect(lines[0], f"id name mancala {os.environ.get('MANCALA_VERSION', lines[0][16:])}",
               "id name")
        check("option name Level type spin default 0 min 0 max 20" in lines, lines)
        check("option name Engine type combo default search var search var mcts" in lines, lines)
        e.send("isready")
        expect(e.read(), "readyok", "isready")
        # M5: North has one move, 4, worth +2.
        e.send("position modiar/0,0,0,2,4,10/N/18,8/19")
        e.send("go depth 4")
        info, best = e.until("bestmove")
        check(re.fullmatch(r"info depth \d+ score 2 exact nodes \d+ time \d+ pv 4", info), info)
        expect(best, "bestmove 4", "M5's only move")
        # Moves, rounds ('next'), levels, MCTS.
        e.send("position modiar moves 0 3 1")
        e.send("go depth 3")
        lines = e.until("bestmove")
        # An info line for each depth as it completes, the last the move's.
        infos = [re.fullmatch(r"info depth (\d+) score -?\d+ nodes (\d+) time \d+ pv((?: \d+)+)",
                              line) for line in lines[:-1]]
        check(all(infos), lines)
        expect([int(m[1]) for m in infos], [1, 2, 3], f"the depths: {lines}")
        expect([len(m[3].split()) for m in infos], [1, 2, 3], f"the variations: {lines}")
        nodes = [int(m[2]) for m in infos]
        check(nodes == sorted(set(nodes)), f"the nodes grow: {lines}")
        check(lines[-1] in ("bestmove 3", "bestmove 4", "bestmove 5"), lines)
        expect(lines[-1], "bestmove " + infos[-1][3].split()[0], "the move of the last depth")
        e.send("setoption name Level value 7")
        e.send("newgame")
        e.send("position rio-kadalis moves 0")
        e.send("go")
        lines = e.until("bestmove")
        check(re.fullmatch(r"info level 7 time \d+", lines[0]), lines)
        check(re.fullmatch(r"bestmove ([6-9]|1[01])", lines[1]), lines)
        e.send("setoption name Level value 0")
        e.send("setoption name Engine value mcts")
        e.send("go playouts 200")
        lines = e.until("bestmove")
        check(re.fullmatch(r"info playouts 200 visits \d+ time \d+ pv( \d+)+", lines[0]), lines)
        e.send("setoption name Engine value search")
        # A finished round, then the next one.
        e.send("position rio-kadalis/0,0,0,0,0,0,0,0,0,0,0,4/S/24,20/40/0,0")
        e.send("go")
        expect(e.until("bestmove")[-1], "bestmove none", "a finished round has no move")
        e.send("position rio-kadalis")
        # Malformed input: one error line each, and the engine goes on.
        bad = ["bogus", "go depth x", "go depth 0", "go depth", "go sideways",
               "setoption name Level value 21", "setoption name Hash value 1", "setoption",
               "setoption name Level", "position", "position chess", "position modiar moves 9",
               "position modiar moves 0 0", "position modiar/7,7/S/0,0/0", "position modiar to 3",
               "position modiar moves -1", "x" * 70000, "\x01\x7f\u00e9"]
        for line in bad:
            e.send(line)
            answer = e.read()
            check(answer.startswith("info string error "), f"{line[:40]!r}: {answer!r}")
        e.send("isready")
        expect(e.read(), "readyok", "alive after malformed input")
        # stop: a search that would take hours answers at once.
        e.send("position rio-kadalis")
        e.send("go infinite")
        import time
        time.sleep(0.5)
        e.send("isready")
        # Between the answers, the info lines of the depths completed.
        lines = e.until("readyok")
        check(all(line.startswith("info depth ") for line in lines[:-1]),
              f"isready while thinking: {lines}")
        e.send("position modiar")
        lines = e.until("info string")
        check(lines[-1].startswith("info string error 'position': not while thinking"), "busy")
        start = time.monotonic()
        e.send("stop")
        lines = e.until("bestmove")
        took = time.monotonic() - start
        check(took < 0.5, f"stop took {took:.3f} s")
        check(re.fullmatch(r"bestmove [0-5]", lines[-1]), lines)
        # quit while thinking.
        e.send("go infinite")
        time.sleep(0.2)
        e.send("quit")
        expect(e.proc.wait(timeout=10), 0, "quit while thinking")
    finally:
        e.close()
    # End of input is quit too.
    expect(run("engine", stdin="uci\n")[0], 0, "end of input")
    protocol_lines()
    protocol_limits()
    protocol_options()
    protocol_tables()


def protocol_lines():
    # Issue 46: a line is what was read up to its newline. One with a NUL
    # byte is refused whole (it was cut there and the part before it run),
    # and so is one over 65,534 bytes, whatever it holds (with an early NUL
    # its tail was run as commands).
    e = EngineClient()
    try:
        e.send("position modiar/0,0,0,2,4,10/N/18,8/19")
        e.send("position modiar/7,7,7,7,7,7/S/0,0/0\0junk")
        expect(e.read(), "info string error a line with a NUL byte (byte 36): refused", "a NUL")
        e.send("go depth 1")
        expect(e.until("bestmove")[-1], "bestmove 4", "the position of before the refused line")
        too_long = "info string error a line longer than 65534 bytes: refused"
        for line, answer in (("bogus\0" + " " * (65535 - 6) + "isready", too_long),
                             ("isready" + " " * (65534 - 7), "readyok"),
                             ("isready" + " " * (65534 - 7) + "\r", "readyok"),
                             ("isready" + " " * (65535 - 7), too_long),
                             ("x" * 200000 + "\0isready", too_long)):
            e.send(line)
            e.send("isready")
            expect([e.read(), e.read()], [answer, "readyok"], f"a line of {len(line)} bytes")
    finally:
        e.close()
    # The last line may end without a newline.
    expect(run("engine", stdin="isready\nisready")[1], "readyok\nreadyok\n",
           "a last line without a newline")


def go_ends(e, command, timeout=60):
    """Sends `command` (a go); returns the lines up to bestmove, which must
    come by itself, and (for a search) by depth 8 at most when no limit
    of the search is given."""
    e.send(command)
    lines = []
    deadline = time.monotonic() + timeout
    while not lines or not lines[-1].startswith("bestmove"):
        left = deadline - time.monotonic()
        check(left > 0, f"{command!r} ended by itself: {lines[-3:]}")
        lines.append(e.read(left))
    return lines


def protocol_limits():
    # Issue 46: every form of go ends by itself with every engine. A limit
    # the engine has no use for is said so, and the engine's own default
    # applies (the search's depth 8; 1000 playouts of MCTS): 'go playouts
    # 300' searched on past depth 50 until stop, and MCTS given only a
    # depth ran until stop, so that it lost every game of a tournament
    # played with --depth.
    e = EngineClient()
    try:
        e.send("position modiar")
        lines = go_ends(e, "go playouts 300")
        expect(lines[0], "info string the search has no playouts limit: depth 8", "the note")
        expect([line.split()[2] for line in lines[1:-1]], [str(d) for d in range(1, 9)],
               f"the search to depth 8: {lines}")
        e.send("setoption name Engine value mcts")
        lines = go_ends(e, "go depth 4")
        expect(lines[0], "info string mcts has no depth limit: 1000 playouts", "the note")
        check(re.fullmatch(r"info playouts 1000 visits \d+ time \d+ pv( \d+)+", lines[1]), lines)
        # A nodes limit the tree cannot reach (a position near its end):
        # no more playouts than nodes.
        e.send("position modiar/0,0,0,2,4,10/N/18,8/19")
        lines = go_ends(e, "go nodes 20000")
        check(re.fullmatch(r"info playouts 20000 visits \d+ time \d+ pv 4", lines[0]), lines)
        expect(lines[1], "bestmove 4", "M5's only move")
        # Every form, every engine.
        e.send("position rio-kadalis moves 0")
        for engine in ("search", "mcts", "level"):
            e.send("setoption name Engine value " + ("mcts" if engine == "mcts" else "search"))
            e.send("setoption name Level value " + ("3" if engine == "level" else "0"))
            for go in ("go", "go depth 3", "go nodes 3000", "go movetime 50", "go playouts 300",
                       "go depth 2 playouts 200", "go nodes 3000 movetime 5000"):
                lines = go_ends(e, go)
                check(re.fullmatch(r"bestmove ([6-9]|1[01])", lines[-1]),
                      f"{engine}, {go}: {lines}")
    finally:
        e.close()


def protocol_tables():
    # Issue 50: the search at full strength and level 20 uses the solved
    # tables it finds (the current folder, or --tables DIR), named in one
    # info line: at depth 1 its score is then the table's value, not the
    # evaluation's. A round of a match uses its round's table, also turned
    # round (the seats exchanged); the levels below 20 use none.
    with tempfile.TemporaryDirectory() as tmp:
        ok("solve", "rio-kadalis", "--max-stones", "8", "-q", cwd=tmp)
        ok("solve", "rio-kadalis-5", "--open", "1,5", "--step", "4", "--max-stones", "12", "-q",
           cwd=tmp)
        open_board = "rio-kadalis/2,0,3,0,0,0,0,1,0,2,0,0/S/20,20/7/0,0"
        rounds = ("rio-kadalis-5/x,x,x,x,1,2,0,1,0,0/N/0,20/7/2,14",
                  "rio-kadalis-5/1,2,0,1,0,x,x,x,x,0/S/20,0/7/14,2")
        for position, table, value, evaluation in (
                (open_board, "rio-kadalis.table", 8, 2),
                (rounds[0], "rio-kadalis-5-open-1-5.table", 36, 34),
                (rounds[1], "rio-kadalis-5-open-1-5.table", 36, 36)):
            rows = analysis_rows(ok("analyze", position, "--table", os.path.join(tmp, table)))
            expect(rows[0][1], value, f"the table's value of {position}")
            for args, cwd, named, score in (([], tmp, "'.'", value),
                                            (["--tables", tmp], None, repr(tmp), value),
                                            (["--no-tables"], tmp, None, evaluation)):
                e = EngineClient(*args) if cwd is None else EngineClient(*args, cwd=cwd)
                try:
                    e.send(f"position {position}")
                    e.send("go depth 1")
                    lines = e.until("bestmove")
                    rules = position.split("/")[0]
                    expect(lines[:-2], [f"info string tables for {rules} in {named}: {table}"]
                           if named else [], f"{args} {position}: the tables named")
                    check(re.fullmatch(rf"info depth 1 score {score} nodes \d+ time \d+ pv \d+",
                                       lines[-2]), f"{args} {position}: {lines}")
                    e.send("go depth 1")
                    expect(len(e.until("bestmove")), 2, "the tables are named once")
                finally:
                    e.close()
        # Level 20 names them too; the levels below do not use them.
        for level, named in ((20, True), (19, False)):
            e = EngineClient("--level", str(level), cwd=tmp)
            try:
                e.send(f"position {open_board}")
                e.send("go")
                lines = e.until("bestmove", timeout=60)
                expect(lines[0].startswith("info string tables for rio-kadalis in '.'"), named,
                       f"level {level}: {lines}")
            finally:
                e.close()
        # Where the table decides, level 20 plays a move that keeps the
        # table's value (the search's choice among them, or the table's).
        e = EngineClient("--level", "20", cwd=tmp)
        try:
            for position in (open_board, "rio-kadalis/0,1,2,1,1,0,2,0,0,0,0,1/S/20,20/7/0,0"):
                rows = analysis_rows(ok("analyze", position, cwd=tmp))
                keeping = {f"bestmove {row[0]}" for row in rows if row[1] == rows[0][1]}
                e.send(f"position {position}")
                e.send("go")
                check(e.until("bestmove", timeout=60)[-1] in keeping, f"{position}: {keeping}")
        finally:
            e.close()
        one_line_error(["engine", "--tables", os.path.join(tmp, "none")], 2,
                       f"mancala: engine: --tables: '{os.path.join(tmp, 'none')}': No such file "
                       "or directory")
        one_line_error(["engine", "--tables", os.path.join(tmp, "rio-kadalis.table")], 2,
                       f"mancala: engine: --tables: '{os.path.join(tmp, 'rio-kadalis.table')}' is "
                       "not a folder")
        one_line_error(["engine", "--tables", tmp, "--no-tables"], 2,
                       "mancala: engine: give --tables or --no-tables, not both")


def protocol_options():
    # Issue 46: option names are not case-sensitive (as in UCI), and a
    # number out of range is answered with the range.
    e = EngineClient()
    try:
        e.send("setoption name level value 5")
        e.send("setoption name ENGINE value mcts")
        e.send("setoption name sEED value 3")
        e.send("position modiar")
        e.send("go")
        check(re.fullmatch(r"info level 5 time \d+", e.read()), "level 5 set as 'level'")
        e.read()
        e.send("setoption name Level value 0")
        e.send("go playouts 10")
        check(e.read().startswith("info playouts 10 "), "mcts set as 'ENGINE'")
        e.read()
        for line, message in (
                ("go depth 200", "go: depth must be a whole number from 1 to 128, not '200'"),
                ("go depth 0", "go: depth must be a whole number from 1 to 128, not '0'"),
                ("go nodes 2x", "go: nodes must be a whole number from 1 to 9223372036854775807, "
                                "not '2x'"),
                ("go movetime", "go: movetime must be a whole number from 1 to "
                                "9223372036854775807, not ''"),
                ("setoption name Level value 21",
                 "setoption: Level must be a whole number from 0 to 20, not '21'"),
                ("setoption name Seed value -1",
                 "setoption: Seed must be a whole number from 0 to 9223372036854775807, not '-1'"),
                ("position modiar moves 9", "position: move 1 ('9'): modiar has pits 0 to 5"),
                ("position rio-kadalis-5 moves 12", "position: move 1 ('12'): rio-kadalis-5 has "
                                                    "pits 0 to 9"),
                ("position modiar moves 0 +3", "position: move 2 ('+3'): modiar has pits 0 to 5")):
            e.send(line)
            expect(e.read(), "info string error " + message, line)
    finally:
        e.close()


FAKE_ENGINE = r"""import subprocess, sys, threading, time
mode = sys.argv[1]
def say(text):
    try:
        print(text, flush=True)
    except BrokenPipeError:  # the tournament has given up on this engine
        sys.exit(0)
# A real engine (the rest of the command line) with its bestmove changed.
BESTMOVE = {"junk": "bestmove {}junk", "fraction": "bestmove {}.9", "hex": "bestmove 0x{}",
            "long": "bestmove {}"}
if mode in BESTMOVE:
    real = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    def relay():
        for answer in real.stdout:
            if answer.startswith("bestmove ") and mode == "long":
                # As long as a line may be, "bestmove 99" at byte 4096; then
                # over the limit, "bestmove 99" after its first 65,536 bytes.
                say("info string " + "x" * 4084 + "bestmove 99" + "x" * 61427)
                say("info string " + "x" * 65524 + "bestmove 99")
            if answer.startswith("bestmove "):
                answer = BESTMOVE[mode].format(answer.split()[1])
            say(answer.rstrip("\n"))
    threading.Thread(target=relay, daemon=True).start()
    for line in sys.stdin:
        real.stdin.write(line)
        real.stdin.flush()
    sys.exit(0)
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "uci":
        say("uciok")
    elif word == "isready":
        say("readyok")
    elif word == "go":
        if mode == "slowcrash":
            time.sleep(4)
        if mode in ("crash", "slowcrash"):
            sys.exit(3)
        if mode == "illegal":
            say("bestmove 11")
        # hang: never answers
"""


@contextlib.contextmanager
def fake_engine():
    """A temporary folder with FAKE_ENGINE in it as fake.py: yields the
    folder and the script's path."""
    with tempfile.TemporaryDirectory() as folder:
        fake = os.path.join(folder, "fake.py")
        with open(fake, "w") as f:
            f.write(FAKE_ENGINE)
        yield folder, fake


def test_tournament():
    # Issue 26: two levels to an SPRT verdict; faulty engines lose.
    me = os.path.abspath(MANCALA)
    status, out, err = run("tournament", f"{me} engine --level 12", f"{me} engine --level 2",
                           "--games", "40", "--concurrency", "2", "--sprt", "0,200,0.05,0.05",
                           "--seed", "3")
    expect((status, err), (0, ""), f"tournament:\n{out}")
    check(out.splitlines()[-1].endswith("H1 accepted: ENGINE1 is stronger by elo1."), out)
    games = re.findall(r"^game (\d+): ENGINE([12]) as South: (ENGINE1 wins|ENGINE2 wins|draw)$",
                       out, re.M)
    check(4 <= len(games) < 40, out)
    check(all((int(n) % 2 == 1) == (south == "1") for n, south, _ in games), "seats alternate")
    with fake_engine() as (folder, fake):
        os.mkdir(os.path.join(folder, "records"))
        for mode, fault in (("crash", "crashed"), ("hang", "did not answer in time"),
                            ("illegal", "played an illegal move")):
            status, out, err = run("tournament", f"{sys.executable} {fake} {mode}",
                                   f"{me} engine --level 5", "--games", "4",
                                   # long enough for a Python engine to start on a
                                   # loaded machine (the grace covers its handshake too)
                                   "--timeout", "2000",
                                   # the hanging games wait out their timeouts together
                                   "--concurrency", "4" if mode == "hang" else "1",
                                   "--records", os.path.join(folder, "records"))
            expect((status, err), (0, ""), f"{mode}:\n{out}")
            check(out.count(f"(engine 1 {fault})") == 4, out)
            check("Score of ENGINE1: 0.0 of 4 games (+0 =0 -4), 0.0%; lost by a fault: ENGINE1 4, "
                  "ENGINE2 0." in out, out)
        # Each game's record parses back (the game where ENGINE1 was North:
        # ENGINE2 moved, then ENGINE1 failed).
        record = open(os.path.join(folder, "records", "game-2.txt")).read()
        check(record.startswith("modiar/7,7,7,7,7,7/S/0,0/0"), record)
    one_line_error(["tournament", "a", "b", "--sprt", "1,2"], 2,
                   "mancala: tournament: --sprt must be ELO0,ELO1,ALPHA,BETA (such as "
                   "0,200,0.05,0.05), not '1,2'")
    sprt_on_faults()
    tournament_stopped()
    tournament_of_three()
    tournament_answers()
    sprt_with_concurrency()
    tournament_openings()
    openings_refused()


def tournament_answers():
    # Issue 46: a bestmove is the whole word a number: '2junk' and '2.9'
    # were played as 2, '0x3' as 0. A line may be 65,534 bytes long (one of
    # 4,096 was cut, and its tail read as the next line), and a longer one
    # is skipped to its end.
    me = os.path.abspath(MANCALA)
    with fake_engine() as (folder, fake):
        for mode, fault in (("junk", " (engine 1 played an illegal move)"),
                            ("fraction", " (engine 1 played an illegal move)"),
                            ("hex", " (engine 1 played an illegal move)"), ("long", "")):
            status, out, err = run("tournament", f"{sys.executable} {fake} {mode} {me} engine "
                                   "--level 1", f"{me} engine --level 1", "--games", "2",
                                   "--depth", "1", "--timeout", "10000")
            expect((status, err), (0, ""), f"{mode}:\n{out}")
            games = re.findall(r"^game \d+: ENGINE\d as South: .*$", out, re.M)
            expect(len(games), 2, f"{mode}: the games:\n{out}")
            check(all(game.endswith(fault) for game in games), f"{mode}:\n{out}")
            if mode == "long":
                check(all("(" not in game for game in games), f"no fault:\n{out}")
    # An MCTS engine given a depth plays its 1000 playouts.
    status, out, err = run("tournament", f"{me} engine --engine mcts", f"{me} engine --level 1",
                           "--games", "2", "--depth", "4", "--timeout", "10000")
    expect((status, err), (0, ""), f"mcts with --depth:\n{out}")
    check("lost by a fault" not in out, f"mcts with --depth:\n{out}")


def sprt_with_concurrency():
    # Issue 46: at 0,400,0.05,0.05 two losses give H0 (LLR -3.41, bound
    # -2.94) and a win then takes the LLR back inside (-2.81). ENGINE1
    # crashes at once as South (games 1 and 3) and wins as North (game 2)
    # when ENGINE2 crashes after 4 s: game 3 decides while game 2 is under
    # way, and that game is stopped and left out, so that the score and the
    # LLR are those of the same games. (It used to finish and count: the
    # verdict H0 stood beside the score +1 -2, whose LLR is -2.81.)
    with fake_engine() as (folder, fake):
        status, out, err = run("tournament", f"{sys.executable} {fake} crash",
                               f"{sys.executable} {fake} slowcrash", "--games", "20",
                               "--concurrency", "2", "--timeout", "20000",
                               "--sprt", "0,400,0.05,0.05")
        expect((status, err), (0, ""), f"SPRT at concurrency 2:\n{out}")
        expect(out.splitlines()[2:], [
            "game 1: ENGINE1 as South: ENGINE2 wins (engine 1 crashed)",
            "game 3: ENGINE1 as South: ENGINE2 wins (engine 1 crashed)",
            "The SPRT decided at game 3; games under way then, stopped and left out: 1.",
            "Score of ENGINE1: 0.0 of 2 games (+0 =0 -2), 0.0%; lost by a fault: ENGINE1 2, "
            "ENGINE2 0.",
            "Elo difference: -inf, 95% interval -inf to -inf.",
            "Pairs: 0; ENGINE1 scored 0, 1/2, 1, 3/2, 2 points of 2 in 0, 0, 0, 0, 0 of them; "
            "games without their pair, left out of the pairs: 2.",
            "Elo difference from the pairs: none (no pair was played whole).",
            "Distinct games: 2 of 2.",
            "SPRT (elo0 0, elo1 400, alpha 0.05, beta 0.05): LLR -3.41 (bounds -2.94, 2.94): "
            "H0 accepted: ENGINE1 is not stronger by elo1."],
               "the verdict of the games counted")


MODIAR_START = "modiar/7,7,7,7,7,7/S/0,0/0"


def record_words(path):
    """The start and the moves (and '|') of the match record in `path`,
    its tags and options left out."""
    with open(path) as f:
        text = re.sub(r' [A-Za-z][\w-]*=(?:"(?:[^"\\]|\\.)*"|\S*)', "", f.read())
    return text.split()


def tournament_openings():
    # Issue 50: --openings FILE plays each opening of the book as a pair of
    # games, each engine on each seat; the pairs are scored as one outcome
    # each (pentanomial) and the distinct games counted. Two copies of one
    # deterministic engine play the same game from an opening on either
    # seat: 3 openings, 6 games, 3 distinct, every pair 1 point of 2.
    me = os.path.abspath(MANCALA)
    engine = f"{me} engine"
    with tempfile.TemporaryDirectory() as folder:
        book = os.path.join(folder, "book.txt")
        with open(book, "w") as f:
            f.write(f"# three openings\n\n{MODIAR_START} 0 3\n"
                    "  modiar/2,8,8,8,8,8/N/0,0/1 \r\n"
                    f'{MODIAR_START} value="0" 1 4\n')
        records = os.path.join(folder, "records")
        os.mkdir(records)
        status, out, err = run("tournament", engine, engine, "--depth", "1", "--openings", book,
                               "--records", records)
        expect((status, err), (0, ""), f"a book:\n{out}")
        lines = out.splitlines()
        expect(len([line for line in lines if line.startswith("game ")]), 6, f"the games:\n{out}")
        expect(lines[-3:], [
            "Pairs: 3; ENGINE1 scored 0, 1/2, 1, 3/2, 2 points of 2 in 0, 0, 3, 0, 0 of them.",
            "Elo difference from the pairs: +0; every pair scored 1 of 2 points, so the pairs' "
            "variance is 0 and gives no interval.",
            "Distinct games: 3 of 6."], "the pairs")
        games = {n: record_words(os.path.join(records, f"game-{n}.txt")) for n in range(1, 7)}
        for n, start, opening in ((1, MODIAR_START, ["0", "3"]),
                                  (3, "modiar/2,8,8,8,8,8/N/0,0/1", []),
                                  (5, MODIAR_START, ["1", "4"])):
            expect(games[n][:1 + len(opening)], [start] + opening, f"game {n}'s opening")
            expect(games[n + 1], games[n], f"game {n + 1}, the same game with the seats exchanged")
        # An odd number of games: the last has no pair; more games than the
        # book has pairs go through it again.
        status, out, err = run("tournament", engine, engine, "--depth", "1", "--openings", book,
                               "--games", "9")
        expect((status, err), (0, ""), f"9 games:\n{out}")
        expect(out.splitlines()[-3:], [
            "Pairs: 4; ENGINE1 scored 0, 1/2, 1, 3/2, 2 points of 2 in 0, 0, 4, 0, 0 of them; "
            "games without their pair, left out of the pairs: 1.",
            "Elo difference from the pairs: +0; every pair scored 1 of 2 points, so the pairs' "
            "variance is 0 and gives no interval.",
            "Distinct games: 3 of 9."], "9 games of 3 openings")
        # Rio Kadalis: a position with closed pits and banks, and a match
        # record in its second round (the engines are sent 'next').
        rio = "rio-kadalis/x,4,4,4,4,4,x,4,4,4,4,4/S/0,0/0/4,4"
        status, out, err = run("tournament", engine, engine, "--depth", "1", "--rules",
                               "rio-kadalis", "--rounds", "2", "--games", "1", "--records",
                               records)
        expect((status, err), (0, ""), f"a Rio Kadalis match:\n{out}")
        match = record_words(os.path.join(records, "game-1.txt"))
        check("|" in match, f"a match of two rounds: {match}")
        opening = match[:match.index("|") + 2]  # the first move of round 2 included
        with open(book, "w") as f:
            f.write(f"{rio}\n{' '.join(opening)}\n")
        status, out, err = run("tournament", engine, engine, "--depth", "1", "--rules",
                               "rio-kadalis", "--rounds", "2", "--openings", book, "--records",
                               records)
        expect((status, err), (0, ""), f"a Rio Kadalis book:\n{out}")
        expect(out.splitlines()[-1], "Distinct games: 2 of 4.", f"Rio Kadalis:\n{out}")
        for n, opening in ((1, [rio]), (3, opening)):
            words = record_words(os.path.join(records, f"game-{n}.txt"))
            expect(words[:len(opening)], opening, f"Rio Kadalis game {n}'s opening")
        one_line_error(["tournament", engine, engine, "--rules", "rio-kadalis", "--rounds", "1",
                        "--openings", book], 2,
                       f"mancala: tournament: --openings '{book}': line 2: the opening is in "
                       "round 2, after the last (--rounds 1)")


def openings_refused():
    # Issue 50: a bad line is refused with its number, and nothing is
    # played; so is a book without an opening.
    with tempfile.TemporaryDirectory() as folder:
        book = os.path.join(folder, "book.txt")
        for text, message in (
                (f"{MODIAR_START} 0 3\n{MODIAR_START} 0 9\n",
                 "line 2: word 3 (round 1, move 2): pit 9 is not on the board (0-5)"),
                ("# nothing\n\n", "no opening in the file (one position or match record a line)"),
                ("rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0\n",
                 "line 1: a rio-kadalis opening; the tournament plays modiar (--rules)"),
                (f"# a comment\n{MODIAR_START} repetition=0 0\n",
                 "line 2: an opening sets no options: the games are played by the rules' "
                 "defaults"),
                (f"{MODIAR_START} 0 3\n{MODIAR_START} 1\n{MODIAR_START} event=\"x\" 0 3\n",
                 "line 3: the same opening as line 1"),
                ("modiar/1,1,0,0,0,1/S/20,19/30\n", "line 1: the game is over"),
                (f"{MODIAR_START}\0 0\n", "line 1: a NUL byte in the line")):
            with open(book, "w") as f:
                f.write(text)
            one_line_error(["tournament", "a", "b", "--openings", book], 2,
                           f"mancala: tournament: --openings '{book}': {message}")
        missing = os.path.join(folder, "missing.txt")
        one_line_error(["tournament", "a", "b", "--openings", missing], 1,
                       f"mancala: tournament: --openings '{missing}': No such file or directory")


def sprt_on_faults():
    # Issue 26: results known in advance (an engine that crashes loses
    # every game) give the SPRT's exact verdicts. Without draws its LLR is
    # that of the binomial (score 0.760 at 200 Elo): a loss adds -0.733 at
    # 0,200, a win +0.418, the bounds are +-log(19) = +-2.944: H0
    # after 5 losses (4 give -2.931), H1 after 8 wins (7 give +2.928).
    # The normal approximation with the games' own variance gave no
    # verdict at all here (a variance of 0), and H1 after +3 =2 -0.
    me = os.path.abspath(MANCALA)
    with fake_engine() as (folder, fake):
        crash, level = f"{sys.executable} {fake} crash", f"{me} engine --level 5"
        for engines, games, llr, verdict in (
                ((crash, level), 5, "-3.66", "H0 accepted: ENGINE1 is not stronger by elo1."),
                ((level, crash), 8, "3.35", "H1 accepted: ENGINE1 is stronger by elo1.")):
            status, out, err = run("tournament", *engines, "--games", "40", "--depth", "1",
                                   "--timeout", "5000", "--sprt", "0,200,0.05,0.05")
            expect((status, err), (0, ""), f"SPRT on faults:\n{out}")
            expect(len(re.findall(r"^game \d+: ", out, re.M)), games, f"the games:\n{out}")
            expect(out.splitlines()[-1], "SPRT (elo0 0, elo1 200, alpha 0.05, beta 0.05): LLR "
                   f"{llr} (bounds -2.94, 2.94): {verdict}", "the verdict")


def tournament_stopped():
    # Issue 26: SIGINT (Ctrl-C on the terminal: the whole foreground
    # process group), SIGTERM and SIGHUP stop a tournament within a second,
    # even while an engine hangs: the games being played are left out, the
    # finished ones are reported as at the end, and no engine is left
    # running (a command /bin/sh does not replace by the engine included).
    me = os.path.abspath(MANCALA)
    with fake_engine() as (folder, fake):
        for signo in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            marker = f"stopped-{os.getpid()}-{signo}"
            # Pair 1-2 plays 4 quick games; pair 1-3 then hangs.
            engines = [f"{me} engine --level 2", f"{me} engine --level 1",
                       f"{sys.executable} {fake} hang {marker}; true"]
            proc = subprocess.Popen([me, "tournament", *engines, "--games", "4", "--depth", "1",
                                     "--concurrency", "2", "--timeout", "60000",
                                     "--records", folder],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    start_new_session=True)
            lines = [proc.stdout.readline() for _ in range(3 + 4)]
            check(all(line.startswith("game ") for line in lines[3:]), lines)
            time.sleep(0.5)  # the hanging games under way
            out, err, took = stop_with(proc, signo)
            check(took < 1.5, f"{signo.name} took {took:.2f} s")
            expect((proc.returncode, err), (1, f"mancala: tournament: stopped by {signo.name} "
                                               "after 4 of 12 games; unfinished games left out "
                                               "of the results above: 2\n"), "the stop")
            check(out.startswith("Standings"), out)
            rows = {row[1]: row for row in STANDING.findall(out)}
            expect([(int(rows[e][2]), int(rows[e][8])) for e in "123"], [(4, 0), (4, 0), (0, 0)],
                   f"the games counted:\n{out}")
            expect(sorted(os.listdir(folder)), ["fake.py"] + [f"game-{n}.txt" for n in range(1, 5)],
                   "the records of the finished games only")
            for name in os.listdir(folder):
                if name.startswith("game-"):
                    os.remove(os.path.join(folder, name))
            left = [pid for pid in os.listdir("/proc")
                    if pid.isdigit() and marker.encode() in command_line(pid)]
            expect(left, [], "engines left running")


def command_line(pid):
    """The command line of process `pid`, or b"" if it has ended since it
    was listed (any process of the machine may end at any time)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except (FileNotFoundError, ProcessLookupError):
        return b""


GAME_LINE = re.compile(r"^game (\d+): ENGINE(\d+) as South, ENGINE(\d+) as North: "
                       r"(?:ENGINE(\d+) wins|draw)(?: \((.*)\))?$", re.M)
STANDING = re.compile(r"^ +(\d+) ENGINE(\d+) +(\d+)  (\d+\.\d) \(\+(\d+) =(\d+) -(\d+)\) +"
                      r"(\d+\.\d)% +(\d+)  ([+-](?:\d+|inf)) \(([+-](?:\d+|inf)) to "
                      r"([+-](?:\d+|inf))\)$", re.M)


def round_robin(out, engines, games):
    """The game lines and standings of a round robin of `engines` engines,
    `games` a pair, checked against each other; returns the games as
    {number: (south, north, winner or None, fault)} and the standings as
    [(engine, points, wins, draws, losses, faults, elo)], best first."""
    played = {int(m[0]): (int(m[1]), int(m[2]), int(m[3]) if m[3] else None, m[4])
              for m in GAME_LINE.findall(out)}
    pairs = [(a, b) for a in range(1, engines + 1) for b in range(a + 1, engines + 1)]
    expect(sorted(played), list(range(1, len(pairs) * games + 1)), f"the games played:\n{out}")
    points = dict.fromkeys(range(1, engines + 1), 0.0)
    for n, (south, north, winner, _) in played.items():
        # Each pair's games in a row, its first engine South in odd ones.
        first, second = pairs[(n - 1) // games]
        k = (n - 1) % games
        expect((south, north), (first, second) if k % 2 == 0 else (second, first),
               f"the seats of game {n}")
        check(winner in (None, south, north), f"game {n}: a winner that did not play")
        for engine in (south, north):
            points[engine] += 1 if winner == engine else 0.5 if winner is None else 0
    table = out[out.index("\nStandings"):]
    check(table.startswith("\nStandings (each engine's Elo against the others together, from its "
                           "score):\nrank engine      games  score                score%  faults  "
                           "Elo (95% interval)\n"), table)
    rows = STANDING.findall(table)
    expect(len(rows), engines, f"the standings:\n{table}")
    standings = []
    for rank, row in enumerate(rows, 1):
        (place, engine, n, score, wins, draws, losses, percent, faults, elo, lo, hi) = row
        engine, n, score, wins, draws, losses = (int(engine), int(n), float(score), int(wins),
                                                 int(draws), int(losses))
        expect(int(place), rank, "the ranks in order")
        expect((n, wins + draws + losses), ((engines - 1) * games,) * 2, f"ENGINE{engine}'s games")
        expect((score, wins + draws / 2), (points[engine],) * 2, f"ENGINE{engine}'s score")
        expect(percent, f"{100 * score / n:.1f}", f"ENGINE{engine}'s score %")
        check(float(lo) <= float(elo) <= float(hi), f"ENGINE{engine}'s interval")
        standings.append((engine, score, wins, draws, losses, int(faults), float(elo)))
    check(all(a[1] >= b[1] for a, b in zip(standings, standings[1:])), "the best score first")
    # Every game gives out one point in all.
    expect(sum(row[1] for row in standings), float(len(played)), "the points of all engines")
    return played, standings


def tournament_of_three():
    # Issue 26: a round robin of three levels, far apart, 8 games a pair;
    # deterministic for the seed, as a level's moves depend on its seed and
    # the game only (below level 20, not on go's limits or the timing).
    me = os.path.abspath(MANCALA)
    levels = [f"{me} engine --level {level}" for level in (12, 6, 1)]
    with tempfile.TemporaryDirectory() as folder:
        status, out, err = run("tournament", *levels, "--games", "8", "--depth", "1",
                               "--seed", "3", "--concurrency", "2", "--records", folder)
        expect((status, err), (0, ""), f"round robin:\n{out}")
        check(out.startswith("".join(f"ENGINE{i}: {c}\n" for i, c in enumerate(levels, 1))), out)
        played, standings = round_robin(out, 3, 8)
        expect([row[0] for row in standings], [1, 2, 3], f"the stronger level first:\n{out}")
        check(standings[0][6] > 0 > standings[2][6], out)
        check(all(fault == "" for *_, fault in played.values()), out)
        # Openings paired: games 2k+1 and 2k+2 of a pair start alike, and
        # every pair plays the same openings; the tags name the engines.
        openings = {}
        for n, (south, north, winner, _) in played.items():
            record = open(os.path.join(folder, f"game-{n}.txt")).read()
            tags = dict(re.findall(r'([a-z-]+)="([^"]*)"', record))
            expect((tags["south-engine"], tags["north-engine"], tags["game"]),
                   (levels[south - 1], levels[north - 1], str(n)), f"the tags of game {n}")
            expect(tags["result"], "draw" if winner is None else
                   "South wins" if winner == south else "North wins", f"game {n}'s result tag")
            openings.setdefault((n - 1) % 8 // 2, set()).add(
                tuple(re.sub(r'[a-z-]+="[^"]*"', "", record).split()[1:3]))
        expect(sorted(len(o) for o in openings.values()), [1] * 4, f"openings: {openings}")
    # The same games, one at a time.
    status, again, err = run("tournament", *levels, "--games", "8", "--depth", "1", "--seed", "3")
    expect(sorted(again.splitlines()), sorted(out.splitlines()), "the games at concurrency 1")
    # Each engine has its own seed in each game: Modiar has at most 9
    # openings of two plies, so 12 opening pairs repeat some, and yet no
    # two of the 24 games of two drawing levels are the same game.
    with tempfile.TemporaryDirectory() as folder:
        status, out, err = run("tournament", levels[2], f"{me} engine --level 2", "--games", "24",
                               "--seed", "3", "--concurrency", "2", "--records", folder)
        expect((status, err), (0, ""), f"level 1 against level 2:\n{out}")
        games = [re.sub(r'[a-z-]+="[^"]*"', "", open(os.path.join(folder, f"game-{n}.txt")).read())
                 for n in range(1, 25)]
        check(len({tuple(g.split()[1:3]) for g in games}) < 12, "openings repeated")
        expect(len(set(games)), 24, "distinct games")

    # An engine that crashes loses each of its games, and the others play on.
    with fake_engine() as (folder, fake):
        status, out, err = run("tournament", levels[1], f"{sys.executable} {fake} crash",
                               levels[2], "--games", "4", "--depth", "1", "--timeout", "2000")
        expect((status, err), (0, ""), f"a faulty engine:\n{out}")
        played, standings = round_robin(out, 3, 4)
        for n, (south, north, winner, fault) in played.items():
            if 2 in (south, north):
                expect((winner, fault), (north if south == 2 else south, "engine 2 crashed"),
                       f"game {n}")
            else:
                expect(fault, "", f"game {n}")
        expect(standings[-1][:6], (2, 0.0, 0, 0, 8, 8), f"the faulty engine last:\n{out}")
        expect([row[5] for row in standings[:2]], [0, 0], "the others' faults")

    for args, message in (
            (["a"], "missing ENGINE2"),
            (["a", "b", "c", "--sprt", "0,200,0.05,0.05"], "--sprt compares two engines, not 3"),
            (["a", "b", "c", "--games", "400000"],
             "--games 400000 for each of the 3 pairs of 3 engines is 1200000 games; a "
             "tournament has at most 1000000"),
            (["a", "b", "c", "--games", "0"],
             "--games must be a whole number from 1 to 1000000, not '0'"),
            ([str(i) for i in range(1500)] + ["--games", "1"],
             "--games 1 for each of the 1124250 pairs of 1500 engines is 1124250 games; a "
             "tournament has at most 1000000")):
        one_line_error(["tournament", *args], 2, "mancala: tournament: " + message)


def test_mcts():
    status, out, err = run("play", "modiar", "--south", "mcts:20", "--north", "random", "--seed", "1")
    if status == 1 and unavailable(err, "Monte Carlo tree search"):
        raise Skip("the library has no Monte Carlo tree search yet")
    expect((status, err), (0, ""), "mcts against random")
    check(out.splitlines()[-1].startswith("Game over: "), out)
    expect(ok("play", "modiar", "--south", "mcts:20", "--north", "random", "--seed", "1"), out,
           "the same seed gives the same game")
    match = ok("play", "rio-kadalis", "--south", "mcts:30", "--north", "random", "--seed", "4",
               "--rounds", "1")
    check(re.search(r"^Round 1 over: ", match, re.M), match)


LOG_LINE = (r"layer (\d+)/(\d+): (\S+) of (\S+) positions done(?:, (\d+\.\d) % exact)?, "
            r"\S+ positions/s, \d+:\d\d(?::\d\d)? elapsed, peak memory \d+ MiB, \S+ left")


def check_log(err, layers):
    """The progress of a solve into a pipe: a few plain lines, the last
    one the end, never a layer past the count."""
    lines = err.splitlines()
    check(lines and "\r" not in err and "\033" not in err, f"plain progress lines:\n{err!r}")
    for line in lines:
        m = re.fullmatch(LOG_LINE, line)
        check(m and 1 <= int(m.group(1)) <= int(m.group(2)) == layers, f"a log line: {line!r}")
    m = re.fullmatch(LOG_LINE, lines[-1])
    check(m.group(1) == m.group(2) and m.group(3) == m.group(4), f"the last line: {lines[-1]!r}")


def test_solve():
    with tempfile.TemporaryDirectory() as tmp:
        table = os.path.join(tmp, "modiar.table")
        status, out, err = run("solve", "modiar", "-o", table)
        if status == 1 and unavailable(err, "the Modiar solver"):
            raise Skip("the library has no Modiar solver yet")
        expect(status, 0, f"solve modiar: {err}")
        check_log(err, 43)
        check(len(err.splitlines()) < 43, f"now and then, not every layer:\n{err}")
        expect(out.splitlines()[0],
               "The start position: South, to move, forces -2; best first move: 2.",
               "the value of Modiar")
        check(re.fullmatch(r"Solved modiar \(positions of at most 42 stones\) in \d+:\d\d(:\d\d)?, "
                           r"peak memory \d+ MiB; the table is in " + re.escape(table) +
                           r" \(49086112 bytes\)\.\n", out.splitlines(True)[1]), out)

        rows = analysis_rows(ok("analyze", "modiar", "--table", table))
        expect(sorted(r[0] for r in rows), [0, 1, 2], "every first move ranked")
        check(all(r[3] == "solved" for r in rows), "ranked by the table")
        expect(analysis_rows(ok("analyze", "modiar/0,0,0,2,4,10/N/18,8/19", "--table", table)),
               [(4, 2, 2, "exact", [4])], "M5 by the table")
        for position in [p for p in ENDINGS if p.startswith("modiar/")]:
            rows = analysis_rows(ok("analyze", position, "--table", table))
            expect({r[0]: (r[1], r[2]) for r in rows},
                   {m: (v, v) for m, v in move_values(position).items()},
                   f"the table's values of {position}")

        # A path named on stdout is escaped like one in a message.
        odd = os.path.join(tmp, "odd\x1b[31m.table")
        os.link(table, odd)
        out = ok("analyze", "modiar", "--table", odd)
        check("\x1b" not in out and "odd\\e[31m.table." in out, f"the path echoed: {out!r}")

        # The perfect player gets at least the value of the start position.
        value = rows[0][1]
        game = ok("play", "modiar", "--south", "perfect", "--north", "random", "--seed", "9",
                  "--table", table)
        m = re.search(r"South (\d+), North (\d+)", game.splitlines()[-1])
        check(m and int(m.group(1)) - int(m.group(2)) >= value,
              f"perfect play keeps the value {value}:\n{game.splitlines()[-1]}")

        # A hint uses the table that analyze uses (modiar.table here): only
        # pit 2 keeps -2; the search at depth 8 suggested pit 1.
        hint = ok("play", "modiar", stdin="h\nq\n", cwd=tmp)
        check(re.search(r"^Hint: play 2 \(exact, by the solved table: value -2\)\.$", hint, re.M),
              hint)
        expect(analysis_rows(ok("analyze", "modiar", cwd=tmp))[0][:4], (2, -2, -2, "solved"),
               "analyze uses modiar.table in the current directory")

        # Rio Kadalis endgames: solved, analyzed, played perfectly.
        rio = os.path.join(tmp, "rk.table")
        status, out, err = run("solve", "rio-kadalis", "--max-stones", "7", "--out", rio)
        expect(status, 0, f"solve rio-kadalis: {err}")
        check_log(err, 8)
        check(out.startswith("Solved rio-kadalis (positions of at most 7 stones) in "), out)
        for position in [p for p in ENDINGS if p.startswith("rio-kadalis/")]:
            rows = analysis_rows(ok("analyze", position, "--table", rio))
            check(all(r[3] in ("solved", "exact") for r in rows), f"ranked by the table:\n{rows}")
            for move, v in move_values(position).items():
                lo, hi = next((r[1], r[2]) for r in rows if r[0] == move)
                check(lo <= v <= hi, f"{position} move {move}: {v} in [{lo}, {hi}]")
        endgame = "rio-kadalis/0,0,0,0,1,1,3,0,0,0,0,2/S/20,21/30/0,0"
        lo = analysis_rows(ok("analyze", endgame, "--table", rio))[0][1]
        for seed in ("1", "2", "3"):
            game = ok("play", endgame, "--south", "perfect", "--north", "random", "--seed", seed,
                      "--table", rio, "--rounds", "1")
            m = re.search(r"^Round 1 over: .*South (\d+), North (\d+)", game, re.M)
            # 20 and 21 stones are captured, the banks are empty.
            check(m and int(m.group(1)) - int(m.group(2)) >= lo, f"perfect keeps {lo}:\n{game}")
        # The lean solver: the same values, so the same analysis; its
        # perfect player keeps them too.
        lean = os.path.join(tmp, "rk-lean.table")
        status, out, err = run("solve", "rio-kadalis", "--max-stones", "7", "--lean", "-o", lean)
        expect(status, 0, f"solve rio-kadalis --lean: {err}")
        check(out.startswith("Solved rio-kadalis (positions of at most 7 stones) in "), out)
        check(not os.path.exists(lean + ".partial"), "the partial file removed")
        for position in [p for p in ENDINGS if p.startswith("rio-kadalis/")] + [endgame]:
            expect([r[:3] for r in analysis_rows(ok("analyze", position, "--table", lean))],
                   [r[:3] for r in analysis_rows(ok("analyze", position, "--table", rio))],
                   f"{position} by the lean table")
        game = ok("play", endgame, "--south", "perfect", "--north", "random", "--seed", "1",
                  "--table", lean, "--rounds", "1")
        m = re.search(r"^Round 1 over: .*South (\d+), North (\d+)", game, re.M)
        check(m and int(m.group(1)) - int(m.group(2)) >= lo, f"perfect keeps {lo}:\n{game}")
        # Beyond its stones the table helps the search, and says so.
        out = ok("analyze", "rio-kadalis", "--table", rio)
        check(out.startswith("South to move; 6 legal moves ranked by search to depth 8 using the "
                             f"table {rio} where it applies (the table covers positions of at "
                             "most 7 stones on the board; this one has 48).\n"), out)
        # A table of other rules, or of another format, is named as such.
        one_line_error(["analyze", "modiar", "--table", rio], 1,
                       f"mancala: analyze: '{rio}': a table of rio-kadalis, not of modiar")
        old = os.path.join(tmp, "old.table")
        with open(rio, "rb") as f:
            data = bytearray(f.read())
        data[8:12] = (1).to_bytes(4, "little")
        with open(old, "wb") as f:
            f.write(data)
        one_line_error(["analyze", endgame, "--table", old], 1,
                       f"mancala: analyze: '{old}': table format 1, expected 2 to 3: solve again")
        one_line_error(["play", "rio-kadalis", "--north", "perfect", "--table", old], 1,
                       f"mancala: play: '{old}': table format 1, expected 2 to 3: solve again")

    with tempfile.TemporaryDirectory() as tmp:
        # An invalid or strange modiar.table in the current directory: analyze
        # warns and searches; a FIFO does not block it.
        with open(os.path.join(tmp, "modiar.table"), "w") as f:
            f.write("not a table\n")
        position = "modiar/0,0,0,2,4,10/N/18,8/19"
        searched = ok("analyze", position)
        status, out, err = run("analyze", position, cwd=tmp)
        expect((status, out, err), (0, searched, "mancala: analyze: warning: modiar.table not "
                                    "used: not a valid table file (damaged or incomplete): solve "
                                    "again\n"), "an invalid modiar.table is skipped")
        os.remove(os.path.join(tmp, "modiar.table"))
        os.mkfifo(os.path.join(tmp, "modiar.table"))
        status, out, err = run("analyze", position, cwd=tmp, timeout=60)
        expect((status, out, err), (0, searched, "mancala: analyze: warning: modiar.table not "
                                    "used: not a regular file\n"), "a FIFO is skipped")
        one_line_error(["analyze", position, "--table", os.path.join(tmp, "modiar.table")], 1,
                       f"mancala: analyze: '{tmp}/modiar.table': not a regular file")

        # The solver replaces only regular files, removes only what it made,
        # and checks the destination first. (A FIFO stands for /dev/full.)
        fifo = os.path.join(tmp, "modiar.table")
        one_line_error(["solve", "modiar", "-o", fifo], 1,
                       f"mancala: solve: '{fifo}': not a regular file (a table replaces only a "
                       "regular file)")
        check(stat.S_ISFIFO(os.stat(fifo).st_mode), "the FIFO is still there")
        one_line_error(["solve", "modiar", "-q", "-o", f"{tmp}/no/such.table"], 1,
                       f"mancala: solve: '{tmp}/no/such.table': cannot write in '{tmp}/no': No such "
                       "file or directory")
        keep = os.path.join(tmp, "keep.table")
        ok("solve", "rio-kadalis", "--max-stones", "4", "-q", "-o", keep)
        with open(keep, "rb") as f:
            before = f.read()

        def small_files():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))

        status, out, err = run("solve", "rio-kadalis", "--max-stones", "8", "-q", "-o", keep,
                               preexec_fn=small_files)
        expect((status, out), (1, ""), f"a failed write: {err}")
        with open(keep, "rb") as f:
            check(f.read() == before, "a failed solve leaves the table that was there")
        expect(sorted(os.listdir(tmp)), ["keep.table", "modiar.table"], "no file left behind")


# ---------------------------------------------------------------- messages

def run_bytes(*args, stdin=b""):
    """Runs mancala with byte arguments; returns (status, stdout, stderr) as bytes."""
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    proc = subprocess.run([MANCALA.encode(), *args], input=stdin, capture_output=True,
                          env=env, timeout=600)
    return proc.returncode, proc.stdout, proc.stderr


def test_messages():
    # Arguments echoed in messages are quoted: one line, no control
    # characters, valid UTF-8, shortened; before, the raw bytes went out.
    cases = [
        ([b"show", b"\x1b[2J\x1b[31mred"],
         "show: unknown rules '\\e[2J\\e[31mred' (expected modiar, rio-kadalis, "
         "rio-kadalis-5, rio-kadalis-cw or rio-kadalis-5-cw)"),
        ([b"show", b"a\nb"], "show: unknown rules 'a\\nb' (expected modiar, rio-kadalis, "
                             "rio-kadalis-5, rio-kadalis-cw or rio-kadalis-5-cw)"),
        ([b"play", b"modiar", b"--south", b"it's\xff\xc2\x9b\\"],
         "play: --south: unknown player 'it\\'s\\xff\\u009b\\\\' (expected human, random, "
         "search, search:DEPTH, level:L, mcts:PLAYOUTS or perfect)"),
        ([b"perft", b"modiar", "d\u00e9j\u00e0".encode()],
         "perft: DEPTH must be a whole number from 1 to 40, not 'd\u00e9j\u00e0'"),
        ([b"frob\x07"], "unknown command 'frob\\x07' (try 'mancala --help')"),
        ([b"show", b"modiar", b"--fr\tob=1"], "show: unknown option '--fr\\tob'"),
        ([b"analyze", b"modiar", b"--time", b"\r1"],
         "analyze: --time must be a number of seconds above 0, not '\\r1'"),
        ([b"show", b"modiar", b"--svg", b"/nonexistent/\x1b.svg"],
         "show: '/nonexistent/\\e.svg': No such file or directory"),
        ([b"show", b"modiar", b"--svg", b""],
         "show: --svg needs a file name (or - for standard output)"),
        ([b"solve", b"x\ny"], "solve: tables can be solved for modiar and rio-kadalis, not 'x\\ny'"),
    ]
    for args, message in cases:
        status, out, err = run_bytes(*args)
        check(status in (1, 2), f"status of mancala {args!r}: {status}")
        expect(err.decode(), "mancala: " + message + "\n", f"stderr of mancala {args!r}")
    # A long argument (130 KB) is cut after 64 characters (not bytes), with its length.
    status, out, err = run_bytes(b"show", "\u00e9".encode() * 65000)
    expect(err.decode(), "mancala: show: unknown rules '" + "\u00e9" * 64 + "'... (130000 bytes) "
           "(expected modiar, rio-kadalis, rio-kadalis-5, rio-kadalis-cw or rio-kadalis-5-cw)\n",
           "a 130 KB argument")
    # PLY at INT32_MAX is refused, with the reason (it used to list moves
    # it then refused, and analyze leaked the child it could not play).
    for command in (["show"], ["moves"], ["analyze", "--depth", "3"], ["perft"]):
        args = [command[0], "modiar/7,7,7,7,7,7/S/0,0/2147483647", *command[1:]]
        if command[0] == "perft":
            args.append("2")
        one_line_error(args, 2, f"mancala: {command[0]}: bad position: "
                       "PLY: more than 1000000000 moves in '2147483647'")
    expect(ok("perft", "modiar/7,7,7,7,7,7/S/0,0/1000000000", "2"),
           "depth 1: 3\ndepth 2: 9\n", "perft at the largest PLY")


def test_output_errors():
    # Output that cannot be written is a failure, reported on stderr.
    if not os.path.exists("/dev/full"):
        raise Skip("no /dev/full")
    for args in (["--help"], ["--version"], ["show", "modiar"], ["perft", "modiar", "2"],
                 ["show", "--help"]):
        with open("/dev/full", "w") as full:
            proc = subprocess.run([MANCALA, *args], stdout=full, stderr=subprocess.PIPE,
                                  text=True, timeout=60)
        expect(proc.returncode, 1, f"status of mancala {' '.join(args)} > /dev/full")
        expect(proc.stderr, "mancala: cannot write standard output: No space left on device\n",
               f"stderr of mancala {' '.join(args)} > /dev/full")
    # A NUL byte in a typed line makes that line unreadable, not the next.
    status, out, err = run_bytes(b"play", b"modiar", b"--north", b"random", b"--seed", b"1",
                                 stdin=b"0\0junk\n1\nq\n")
    expect(status, 0, "status of a game with a NUL byte typed")
    text = out.decode()
    check("your move (0 1 2; u undo, h hint, q quit): ?\nType a pit number" in text,
          f"the line with a NUL byte is refused:\n{text}")
    check("South plays 1:" in text, f"the next line is played:\n{text}")
    # Typed lines are echoed safely when stdin is not a terminal; escape
    # sequences (arrow keys) are left out of them.
    status, out, err = run_bytes(b"play", b"modiar", stdin=b"\x1b[31m\nq\n")
    check(b"\x1b" not in out and b"quit): \nSouth, your move" in out, f"echo of an escape: {out!r}")
    status, out, err = run_bytes(b"play", b"modiar", stdin=b"\x01\x7f\nq\n")
    check(b"\x01" not in out and b"): \\x01\\x7f\n" in out, f"echo of controls: {out!r}")
    # Standard input that is a directory ends the game like end of input.
    directory = os.open("/", os.O_RDONLY)
    try:
        proc = subprocess.run([MANCALA, "play", "modiar"], stdin=directory,
                              capture_output=True, text=True, timeout=60)
    finally:
        os.close(directory)
    expect(proc.returncode, 0, "status with a directory as standard input")
    check(proc.stdout.endswith("\nEnd of input.\nQuit.\n"), f"end of input: {proc.stdout!r}")


def test_rounds():
    """Tables of match rounds with closed pits: solved by --open, found by
    their names, used by analyze and the perfect player."""
    with tempfile.TemporaryDirectory() as tmp:
        status, out, err = run("solve", "rio-kadalis", "--open", "1,6", "--step", "4",
                               "--max-stones", "12", "-q", cwd=tmp)
        expect((status, err), (0, ""), "solve --open 1,6")
        check(out.startswith("Solved rio-kadalis (positions of at most 12 stones, 1 and 6 pits "
                             "open, multiples of 4) in "), out)
        check(" the table is in rio-kadalis-open-1-6.table (" in out, out)
        expect(sorted(os.listdir(tmp)), ["rio-kadalis-open-1-6.table"], "the table's name")
        # South's one pit against North's six, four stones on the board.
        position = "rio-kadalis/x,x,x,x,x,3,1,0,0,0,0,0/S/22,21/30/0,1"
        out = ok("analyze", position, cwd=tmp)
        check(out.startswith("South to move; 1 legal move ranked by the solved table "
                             "rio-kadalis-open-1-6.table.\n"), out)
        rows = analysis_rows(out)
        expect({r[0]: (r[1], r[2]) for r in rows},
               {m: (v, v) for m, v in move_values(position).items()}, "the table's values")
        # The same position turned round (North has the one pit): the table
        # of 1,6 serves, with the moves turned round too.
        turned = "rio-kadalis/1,0,0,0,0,0,x,x,x,x,x,3/N/21,22/30/1,0"
        out = ok("analyze", turned, cwd=tmp)
        check(out.startswith("North to move; 1 legal move ranked by the solved table "
                             "rio-kadalis-open-1-6.table.\n"), out)
        expect({r[0]: (r[1], r[2]) for r in analysis_rows(out)},
               {(m + 6) % 12: (v, v) for m, v in move_values(position).items()},
               "the values turned round")
        # At a round's start (ply 0, nothing captured yet) the round's value
        # and what it means for the match.
        start = "rio-kadalis/x,x,x,x,x,4,0,0,4,0,0,0/N/0,0/0/6,34"
        expect(analysis_rows(ok("analyze", start, "--depth", "64"))[0][1:4], (36, 36, "exact"),
               "the round's value by search")
        out = ok("analyze", start, cwd=tmp)
        check(out.endswith("\nRound value: North +36 with perfect play; the round ends North 42, "
                           "South 6.\nNext round: South moves first. South opens 1 pit, bank 2; "
                           "North opens 6 pits, bank 18.\n"), out)
        start = "rio-kadalis/x,x,x,x,x,4,0,0,0,0,0,4/S/0,0/0/2,38"
        expect(analysis_rows(ok("analyze", start, "--depth", "64"))[0][1:4], (-44, -44, "exact"),
               "the round's value by search")
        out = ok("analyze", start, cwd=tmp)
        check(out.endswith("\nRound value: South -44 with perfect play; the round ends South 2, "
                           "North 46.\nSouth, with fewer than 4 stones, loses the match.\n"), out)
        check("Round value" not in ok("analyze", position, cwd=tmp), "only at a round's start")
        # The perfect player finds the round's table by its closed pits.
        game = ok("play", position, "--south", "perfect", "--north", "random", "--seed", "4",
                  "--rounds", "1", cwd=tmp)
        check("(perfect: value " in game, game)
        # Other closed pits, stones the table does not hold: search instead.
        out = ok("analyze", "rio-kadalis/x,x,x,x,x,3,1,1,0,0,0,0/S/22,20/30/0,1", "--table",
                 os.path.join(tmp, "rio-kadalis-open-1-6.table"))
        check("(the table covers other closed pits or other stone counts; this position has 5 "
              "closed and 5 stones on the board)" in out, out)
    # The progress into a file: plain lines with the exact share of the
    # layers done, no carriage return; and no file left but the table.
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "progress.log")
        with open(log, "w") as f:
            proc = subprocess.run([os.path.abspath(MANCALA), "solve", "rio-kadalis", "--open", "2,2",
                                   "--step", "4"], stdout=subprocess.PIPE, stderr=f, cwd=tmp,
                                  timeout=600)
        expect(proc.returncode, 0, "solve --open 2,2 into a file")
        with open(log, "rb") as f:
            err = f.read().decode()
        check_log(err, 17)
        # The share at the end is the table's: entries (4 bytes after a
        # 64-byte header) whose lo and hi are equal.
        with open(os.path.join(tmp, "rio-kadalis-open-2-2.table"), "rb") as f:
            data = f.read()[64:64 + 4 * 1625]
        exact = sum(data[i] == data[i + 1] for i in range(0, len(data), 4))
        shares = [re.fullmatch(LOG_LINE, line).group(5) for line in err.splitlines()]
        expect(shares[-1], f"{100 * exact / 1625:.1f}", f"the exact share at the end:\n{err}")
        expect(sorted(os.listdir(tmp)), ["progress.log", "rio-kadalis-open-2-2.table"],
               "the files after the solve")
        # The lean solver's partial file, in format 3 (2 bytes an entry:
        # exact where bit 7 of the second is clear): the same share.
        lean = os.path.join(tmp, "lean.table")
        with open(log, "w") as f:
            proc = subprocess.run([os.path.abspath(MANCALA), "solve", "rio-kadalis", "--open", "2,2",
                                   "--step", "4", "--lean", "-o", lean], stdout=subprocess.PIPE,
                                  stderr=f, cwd=tmp, timeout=600)
        expect(proc.returncode, 0, "solve --open 2,2 --lean into a file")
        with open(log, "rb") as f:
            err = f.read().decode()
        with open(lean, "rb") as f:
            data = f.read()[64:64 + 2 * 1625]
        lean_exact = sum(not data[i + 1] & 0x80 for i in range(0, len(data), 2))
        expect(lean_exact, exact, "the same exact entries")
        shares = [re.fullmatch(LOG_LINE, line).group(5) for line in err.splitlines()]
        expect(shares[-1], f"{100 * exact / 1625:.1f}", f"the lean exact share at the end:\n{err}")
        os.remove(lean)
        # Every pit open, multiples of four: beyond 16 stones (refused
        # here for its folder, not for its count, before any solving).
        status, out, err = run("solve", "rio-kadalis", "--max-stones", "24", "--step", "4", "-q",
                               "-o", os.path.join(tmp, "none", "t.table"), timeout=60)
        check(status == 1 and "cannot write in" in err, f"--max-stones 24 --step 4: {err}")
    # Every Rio Kadalis variant has tables now; a missing one is named.
    one_line_error(["play", "rio-kadalis-5", "--north", "perfect"], 1,
                   "mancala: play: 'rio-kadalis-5.table': No such file or directory (make it with "
                   "'mancala solve rio-kadalis-5')")
    one_line_error(["solve", "rio-kadalis", "--open", "0,6"], 2,
                   "mancala: solve: --open must be KS,KN with 1 to 6 open pits each, not '0,6'")
    one_line_error(["solve", "rio-kadalis-5", "--open", "1,6"], 2,
                   "mancala: solve: --open must be KS,KN with 1 to 5 open pits each, not '1,6'")
    one_line_error(["solve", "rio-kadalis", "--step", "2"], 2,
                   "mancala: solve: --step must be 1 or 4, not '2'")
    one_line_error(["solve", "modiar", "--open", "1,1"], 2,
                   "mancala: solve: --open is for rio-kadalis: modiar is solved whole")


def test_all_open_round():
    """The table of a round with every pit open (--open 5,5: the endgames'
    name), here in the lean solver's format 3, serves an all-open position
    of a match round as the table solver's format 2 does."""
    with tempfile.TemporaryDirectory() as lean, tempfile.TemporaryDirectory() as today:
        for where, more in ((lean, ["--lean"]), (today, [])):
            status, out, err = run("solve", "rio-kadalis-5", "--open", "5,5", "--step", "4",
                                   "--max-stones", "12", "-q", *more, cwd=where)
            expect((status, err), (0, ""), f"solve --open 5,5 {more}")
            expect(os.listdir(where), ["rio-kadalis-5.table"], "the table's name")
        with open(os.path.join(today, "rio-kadalis-5.table"), "rb") as f:
            count = int.from_bytes(f.read(48)[44:48], "little")
        expect([os.path.getsize(os.path.join(d, "rio-kadalis-5.table")) for d in (lean, today)],
               [64 + (2 * count + 7) // 8 * 8, 64 + (4 * count + 7) // 8 * 8],
               "two bytes an entry, and four")
        for position in ("rio-kadalis-5/0,2,0,0,2,1,0,3,0,0/S/16,16/30/0,0",
                         "rio-kadalis-5/4,0,0,0,4,0,0,4,0,0/N/14,14/31/0,0",
                         "rio-kadalis-5/3,1,0,2,0,1,1,0,3,1/S/14,14/40/0,0"):
            out = ok("analyze", position, cwd=lean)
            check(" legal move" in out and " ranked by the solved table rio-kadalis-5.table.\n"
                  in out, out)
            expect(out, ok("analyze", position, cwd=today), f"analyze {position}")


def test_stopped_solves():
    """SIGINT, SIGTERM and SIGHUP stop a solve of a round's table with a
    message, keeping its finished layers in FILE.partial; the same command
    goes on from there to the same table. A partial file in use, of other
    arguments or damaged is refused and left as it is."""
    args = ["solve", "rio-kadalis", "--open", "1,6", "--step", "4"]
    with tempfile.TemporaryDirectory() as tmp:
        ref, table = os.path.join(tmp, "ref.table"), os.path.join(tmp, "t.table")
        partial = table + ".partial"
        ok(*args, "-q", "-o", ref)

        def finished_layers():
            try:
                with open(partial, "rb") as f:
                    return int.from_bytes(f.read(64)[56:], "little")
            except OSError:
                return 0

        def started(layers=0):
            """A solve of `table` that has drawn its first progress line and
            written `layers` finished layers to its partial file (watched
            there, not timed: the whole solve takes 2 s in a fast build, a
            minute in the coverage build)."""
            proc = subprocess.Popen([os.path.abspath(MANCALA), *args, "-o", table], text=True,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            check(proc.stderr.readline().startswith("layer "), "a progress line")
            deadline = time.monotonic() + 120
            while finished_layers() < layers and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.002)
            return proc

        def refused(extra, message, running=False):
            with open(partial, "rb") as f:
                before = f.read()
            status, out, err = run(*args, *extra, "-o", table, timeout=120)
            check(status == 1 and message in err, f"refused ({message}): {status} {err!r}")
            with open(partial, "rb") as f:  # (a running solve writes it meanwhile)
                check(running or f.read() == before, f"the partial file unchanged ({message})")
            check(not os.path.exists(table), "no table written")

        for signo in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            proc = started()
            proc.send_signal(signo)
            out, err = proc.communicate(timeout=120)
            check(proc.returncode == 1 and f"mancala: solve: interrupted; {table} is as it was "
                  "(the same command goes on from the last finished layer, kept in "
                  f"{partial})" in err, f"stopped by signal {signo}: {proc.returncode} {err!r}")
            check(os.path.exists(partial) and not os.path.exists(table), "the partial file kept")

        proc = started()
        refused([], "t.table.partial is in use by another solve", running=True)
        proc.kill()
        proc.communicate()
        refused(["--max-stones", "20"], "t.table.partial is not a checkpoint of this solve")
        proc = started(layers=1)
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=120)
        with open(partial, "rb") as f:
            check(int.from_bytes(f.read(64)[56:], "little") > 0, "a finished layer")
        with open(partial, "r+b") as f:  # the first entry of layer 0
            f.seek(64)
            byte = f.read(1)
            f.seek(64)
            f.write(bytes([byte[0] ^ 1]))
        refused([], "does not match its checksum")
        with open(partial, "r+b") as f:
            f.seek(64)
            f.write(byte)
        ok(*args, "-q", "-o", table)
        with open(ref, "rb") as a, open(table, "rb") as b:
            check(a.read() == b.read(), "the resumed table is the uninterrupted one")
        check(not os.path.exists(partial), "the partial file removed")

        # The lean solver keeps the layer under way too, and says so.
        lean_ref, lean = os.path.join(tmp, "lean-ref.table"), os.path.join(tmp, "lean.table")
        ok(*args, "--lean", "-q", "-o", lean_ref)
        proc = subprocess.Popen([os.path.abspath(MANCALA), *args, "--lean", "-o", lean],
                                text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        check(proc.stderr.readline().startswith("layer "), "a progress line")
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
        check(proc.returncode == 1 and f"mancala: solve: interrupted; {lean} is as it was (the "
              f"same command goes on from where it stopped, kept in {lean}.partial)" in err,
              f"the lean solve stopped: {proc.returncode} {err!r}")
        # Writing the layer under way takes seconds on a large table: a
        # line says so the moment the stop is noticed, before the last one.
        expect(err.splitlines()[-2:],
               [f"mancala: solve: stopping: writing the layer under way to {lean}.partial ...",
                f"mancala: solve: interrupted; {lean} is as it was (the same command goes on "
                f"from where it stopped, kept in {lean}.partial)"],
               "the lean solve says it is stopping, then that it stopped")
        ok(*args, "--lean", "-q", "-o", lean)
        with open(lean_ref, "rb") as a, open(lean, "rb") as b:
            check(a.read() == b.read(), "the resumed lean table is the uninterrupted one")
        check(not os.path.exists(lean + ".partial"), "the lean partial file removed")


ROUND = ["solve", "rio-kadalis", "--open", "1,6", "--step", "4", "--max-stones", "20"]


def stopped_solve(table, layers, args=ROUND, partial=None):
    """Starts a solve of `table`, waits for its first progress line and
    `layers` finished layers in `partial`, then stops it with SIGINT;
    returns its status and stderr."""
    partial = partial or table + ".partial"

    def finished():
        try:
            with open(partial, "rb") as f:
                return int.from_bytes(f.read(64)[56:], "little")
        except OSError:
            return 0

    proc = subprocess.Popen([os.path.abspath(MANCALA), *args, "-o", table], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    check(proc.stderr.readline().startswith("layer "), "a progress line")
    deadline = time.monotonic() + 120
    while finished() < layers and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err


def same_file(a, b, what):
    with open(a, "rb") as f, open(b, "rb") as g:
        check(f.read() == g.read(), what)


def test_solve_files():
    """The files of a solve named as they are: through a symbolic link
    (also one that leads to no file yet) the partial file beside the file
    it leads to; a partial file that cannot be used, with its path and the
    reason; the rate of a resumed solve, of this run's positions."""
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "ref.table")
        ok(*ROUND, "-q", "-o", ref)
        os.mkdir(os.path.join(tmp, "disk"))
        real = os.path.join(tmp, "disk", "real.table")
        link = os.path.join(tmp, "link.table")
        open(real, "w").close()
        os.symlink("disk/real.table", link)
        status, err = stopped_solve(link, 0, partial=real + ".partial")
        check(status == 1 and err.endswith(f"mancala: solve: interrupted; {link} is as it was (the "
                                           "same command goes on from the last finished layer, "
                                           f"kept in {real}.partial)\n"), f"stopped: {err!r}")
        one_line_error([*ROUND[:-1], "16", "-q", "-o", link], 1,
                       f"mancala: solve: {real}.partial is not a checkpoint of this solve (made "
                       "with other arguments, or damaged: a finished layer does not match its "
                       "checksum): run the command that made it to resume it, or delete it to "
                       "solve from the start")
        os.remove(f"{real}.partial")  # as the message says: the solve starts afresh
        ok(*ROUND[:-1], "16", "-q", "-o", link)
        check(os.path.islink(link) and os.path.getsize(real) > 0, "the table through the link")

        # A link to no file yet: the table is made where it leads.
        new = os.path.join(tmp, "disk", "new.table")
        os.symlink(new, os.path.join(tmp, "new.table"))
        out = ok(*ROUND, "-q", "-o", "new.table", cwd=tmp)
        check(" the table is in new.table (" in out, out)
        same_file(ref, new, "the table made through a link to no file")
        expect(sorted(os.listdir(os.path.join(tmp, "disk"))), ["new.table", "real.table"],
               "no file left but the tables")
        os.symlink(f"{tmp}/none/x.table", os.path.join(tmp, "none.table"))
        one_line_error([*ROUND, "-q", "-o", os.path.join(tmp, "none.table")], 1,
                       f"mancala: solve: '{tmp}/none.table' (a link to '{tmp}/none/x.table'): "
                       f"cannot write in '{tmp}/none': No such file or directory")
        # --save too.
        os.symlink("disk/game.txt", os.path.join(tmp, "game.txt"))
        out = ok("play", "modiar", "--north", "random", "--seed", "1", "--save", "game.txt",
                 stdin="q\n", cwd=tmp)
        with open(os.path.join(tmp, "disk", "game.txt")) as f:
            check(f.read().startswith("modiar/7,7,7,7,7,7/S/0,0/0 "), "--save through the link")
        check(os.path.islink(os.path.join(tmp, "game.txt")), "--save keeps the link")

    with tempfile.TemporaryDirectory() as tmp:
        table = os.path.join(tmp, "t.table")
        partial = table + ".partial"
        # A folder of the partial file's name; a complete table copied there.
        os.mkdir(partial)
        one_line_error([*ROUND, "-q", "-o", table], 1,
                       f"mancala: solve: {partial}: Is a directory (left as it is: a solve reads "
                       "and writes it; delete it to solve from the start)")
        os.rmdir(partial)
        ok(*ROUND, "-q", "-o", partial)
        one_line_error([*ROUND, "-q", "-o", table], 1,
                       f"mancala: solve: {partial} is a complete table, not the checkpoint of a "
                       "solve: rename it, or delete it to solve from the start")
        os.remove(partial)
        # One the user cannot read or write (root can: then as nobody).
        status, _ = stopped_solve(table, 1)
        os.chmod(partial, 0)
        as_user = None
        if os.getuid() == 0:
            os.chmod(tmp, 0o777)

            def as_user():
                os.setgid(65534)
                os.setuid(65534)
        status, out, err = run(*ROUND, "-q", "-o", table, preexec_fn=as_user)
        expect((status, out, err), (1, "", f"mancala: solve: {partial}: Permission denied (left "
                                    "as it is: a solve reads and writes it; delete it to solve "
                                    "from the start)\n"), "a partial file that cannot be read")
        os.chmod(partial, 0o644)
        # Resumed: the rate counts the positions solved in this run (none
        # at the first line), not the layers read back.
        status, out, err = run(*ROUND, "-o", table)
        expect(status, 0, f"resumed: {err}")
        first = err.splitlines()[0]
        check(re.fullmatch(LOG_LINE, first) and ", 0 positions/s, " in first and
              first.endswith(", ? left"), f"the first line of a resumed solve: {first!r}")
        check(not first.startswith("layer 1/"), f"resumed past layer 1: {first!r}")
        ok(*ROUND, "-q", "-o", os.path.join(tmp, "ref.table"))
        same_file(os.path.join(tmp, "ref.table"), table, "the resumed table")


def test_full_disk():
    """A full disk stops a solve of a round's table at the layer whose
    checkpoint cannot be written, keeping the layers before it, with the
    reason; the same command goes on once there is room. On a small
    tmpfs: as root only."""
    if os.getuid() != 0:
        raise Skip("mounting a small tmpfs needs root")
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "ref.table")
        args = [*ROUND[:-1], "24", "-q"]
        ok(*args, "-o", ref)
        disk = os.path.join(tmp, "disk")
        os.mkdir(disk)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=5m", "tmpfs", disk],
                          capture_output=True).returncode != 0:
            raise Skip("cannot mount a tmpfs here")
        try:
            table = os.path.join(disk, "t.table")
            # Layers 0 to 20 take 2.5 MB of the 5 MiB; 24 does not fit.
            one_line_error([*args, "-o", table], 1,
                           "mancala: solve: the checkpoint of the layer of 24 stones could "
                           f"not be written to {table}.partial (No space left on device); it "
                           "keeps the layers before it: the same command goes on from there "
                           "once the problem is fixed")
            with open(table + ".partial", "rb") as f:
                expect(int.from_bytes(f.read(64)[56:], "little"), 21, "the layers kept")
            subprocess.run(["mount", "-o", "remount,size=32m", disk], check=True)
            ok(*args, "-o", table)
            same_file(ref, table, "the table resumed after the disk was full")
            expect(os.listdir(disk), ["t.table"], "the partial file removed")
        finally:
            subprocess.run(["umount", disk], check=True)


GROUPS = {name[5:]: fn for name, fn in globals().items() if name.startswith("test_")}


def main():
    global MANCALA
    if len(sys.argv) != 3 or sys.argv[2] not in GROUPS:
        print(f"usage: {sys.argv[0]} MANCALA {{{','.join(GROUPS)}}}", file=sys.stderr)
        return 2
    MANCALA = sys.argv[1]
    try:
        GROUPS[sys.argv[2]]()
    except Skip as skip:
        print(f"SKIP: {skip}")
        return SKIP
    except Failure as failure:
        print(f"FAIL: {failure}")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())

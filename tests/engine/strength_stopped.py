#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mancala-strength stopped by a signal (research/strength.c): for each of
SIGINT, SIGTERM and SIGHUP, a run of hours stopped after a second must
end within a second with status 1, print its tables of the games it
finished, and say on stderr how many it played; a deep search under way
is cancelled, not waited for.

Usage: strength_stopped.py MANCALA-STRENGTH
"""

import os
import re
import signal
import subprocess
import sys
import time

STRENGTH = sys.argv[1]


def stopped(signo, players, rules="modiar"):
    """Runs the program on `players`, sends `signo` after a second; returns
    (status, seconds to end, stdout, stderr)."""
    child = subprocess.Popen([STRENGTH, "--rules", rules, "--games", "100000", "--threads", "2",
                              *players], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signo)
        out, err = child.communicate(timeout=30)
        return child.returncode, time.monotonic() - sent, out, err
    finally:
        child.kill()
        child.wait()


def check(condition, what):
    if not condition:
        sys.exit(f"FAIL: {what}")


for signo in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    name = signal.Signals(signo).name
    status, seconds, out, err = stopped(signo, ["random", "ab2", "mcts50"])
    check(status == 1, f"{name}: status {status}")
    check(seconds < 1.0, f"{name}: ended {seconds:.2f} s after the signal")
    found = re.fullmatch(rf"mancala-strength: stopped by {name}; (\d+) of 300000 games played "
                         r"\(above\), the rest not\n", err)
    check(found, f"{name}: stderr {err!r}")
    played = int(found.group(1))
    check(0 < played < 300000, f"{name}: {played} games played")
    check("Score of the row player against the column player" in out, f"{name}: no table")
    # Each pair's row: a score for every other player (the three pairs
    # all start within a second, two threads taking games in turn).
    rows = [line.split() for line in out.splitlines() if line.startswith(("random ", "ab2 "))]
    check(len(rows) == 4 and all(len(row) == 5 for row in rows), f"{name}: tables {out!r}")
    # The games go pair by pair, 100,000 each: in a second, only the first
    # pair's are played, and mcts50 has no score at all.
    check(["mcts50", "-", "-", "-", "-"] in [line.split() for line in out.splitlines()],
          f"{name}: mcts50's scores {out!r}")
    print(f"ok: {name}: status 1 within {seconds:.2f} s, {played} games in the tables")

# A search of hours (Rio Kadalis, 40 plies deep) is cancelled, not waited for.
status, seconds, out, err = stopped(signal.SIGINT, ["ab40", "ab39"], "rio-kadalis")
check(status == 1 and seconds < 1.0, f"deep search: status {status} after {seconds:.2f} s")
check(re.fullmatch(r"mancala-strength: stopped by SIGINT; 0 of 100000 games played \(above\), "
                   r"the rest not\n", err), f"deep search: stderr {err!r}")
print(f"ok: a deep search cancelled within {seconds:.2f} s")

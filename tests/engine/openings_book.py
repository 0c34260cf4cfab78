#!/usr/bin/env python3
"""The committed books of openings (data/openings/) are what their
generator writes from their seed, and the tournament plays them.

Run by meson test as: openings_book.py MANCALA-OPENINGS MANCALA DATA-DIR
Rio Kadalis's book is checked by making its first openings again (a
search to depth 14 for each try: seconds); Modiar's and the five-hole
book need solved tables, so only their headers and counts, and that the
tournament takes them, are checked.
"""
import os
import subprocess
import sys
import tempfile

COUNT = 5


def openings(text):
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def main():
    generator, mancala, data = sys.argv[1:4]
    with open(os.path.join(data, "rio-kadalis.txt")) as f:
        book = f.read()
    made = subprocess.run([generator, "rio-kadalis", "--count", str(COUNT)], capture_output=True,
                          text=True, check=True).stdout
    if openings(made) != openings(book)[:COUNT]:
        sys.exit(f"rio-kadalis.txt does not begin with the generator's openings:\n{made}")
    if len(openings(book)) != 200:
        sys.exit(f"rio-kadalis.txt holds {len(openings(book))} openings, not 200")
    with open(os.path.join(data, "modiar.txt")) as f:
        modiar = f.read()
    if not modiar.startswith("# Modiar openings") or len(openings(modiar)) != 100:
        sys.exit("modiar.txt is not the generator's book of 100 openings")
    with open(os.path.join(data, "rio-kadalis-5.txt")) as f:
        five = f.read()
    if ("mancala-openings rio-kadalis-5 --table" not in five or len(openings(five)) != 200
            or not all(o.startswith("rio-kadalis-5/") and 'value="0"' in o for o in openings(five))):
        sys.exit("rio-kadalis-5.txt is not the generator's book of 200 drawn openings")
    # A round's table with closed pits values no opening: refused at once.
    with tempfile.TemporaryDirectory() as tmp:
        round_table = os.path.join(tmp, "round.table")
        subprocess.run([mancala, "solve", "rio-kadalis-5", "--open", "1,5", "--step", "4", "-q",
                        "-o", round_table], check=True, capture_output=True)
        out = subprocess.run([generator, "rio-kadalis-5", "--table", round_table, "--count", "1"],
                             capture_output=True, text=True)
        if (out.returncode != 1 or out.stdout or out.stderr != f"mancala-openings: {round_table}: "
                "no value of the start position (a table of a later round, with closed pits?)\n"):
            sys.exit(f"a round's table: status {out.returncode}\n{out.stdout}{out.stderr}")
    # Each book is taken whole by the tournament (a bad line would be
    # refused before the first game): its first pair is played.
    engine = f"{mancala} engine"
    for rules, name in (("modiar", "modiar.txt"), ("rio-kadalis", "rio-kadalis.txt"),
                        ("rio-kadalis-5", "rio-kadalis-5.txt")):
        out = subprocess.run([mancala, "tournament", engine, engine, "--depth", "1", "--rules",
                              rules, "--rounds", "1", "--games", "2", "--openings",
                              os.path.join(data, name)], capture_output=True, text=True)
        if out.returncode or out.stderr or "Distinct games: 1 of 2." not in out.stdout:
            sys.exit(f"{name}: status {out.returncode}\n{out.stdout}{out.stderr}")


if __name__ == "__main__":
    main()

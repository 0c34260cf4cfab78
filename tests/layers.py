#!/usr/bin/env python3
"""The `layers` test: every `#include "folder/..."` of a lib/ folder inside
lib/, cli/, bench/, examples/, research/, tools/ and tests/ keeps to the tables of
lib/README.md (which layer may include which). Also: lib/ has no file
outside a layer's folder but the build files, the version script and the
README, and every layer of the table is a folder and the other way round.

usage: layers.py SOURCE_ROOT
"""
import os
import re
import sys

root = sys.argv[1]
readme = open(os.path.join(root, "lib", "README.md"), encoding="utf-8").read()

# The two tables: "| name | may include | ..." rows after their header.
rules = {}
for row in re.findall(r"^\| *([a-z]+) *\| *([^|]*?) *\|", readme, re.M):
    name, allowed = row
    if name in ("layer", "folder"):
        continue
    rules[name] = {a.strip() for a in allowed.split(",") if a.strip()}

layers = sorted(n for n in rules if os.path.isdir(os.path.join(root, "lib", n)))
errors = []
on_disk = sorted(e for e in os.listdir(os.path.join(root, "lib"))
                 if os.path.isdir(os.path.join(root, "lib", e)))
if on_disk != layers:
    errors.append(f"lib/ has the folders {on_disk}, lib/README.md's table {layers}")
for entry in os.listdir(os.path.join(root, "lib")):
    path = os.path.join(root, "lib", entry)
    if os.path.isfile(path) and entry not in ("meson.build", "mancala.map", "README.md"):
        errors.append(f"lib/{entry}: every source file belongs in a layer's folder")

include = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/([A-Za-z0-9_.]+)"', re.M)
checked = 0
for top in ["lib", "cli", "bench", "examples", "research", "tools", "tests"]:
    for dirpath, _, files in os.walk(os.path.join(root, top)):
        for f in files:
            if not f.endswith((".c", ".h")):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, root)
            parts = rel.split(os.sep)
            who = parts[1] if top == "lib" else top
            if who not in rules:
                errors.append(f"{rel}: its folder is in no table of lib/README.md")
                continue
            allowed = rules[who] | ({who} if top == "lib" else set())
            for folder, header in include.findall(open(path, encoding="utf-8").read()):
                if folder not in layers:
                    continue  # a folder of its own tree (tests/fuzz/...)
                checked += 1
                if folder not in allowed and f"{folder}/{header}" not in allowed:
                    errors.append(f"{rel}: includes {folder}/{header}, "
                                  f"but {who} may include only {', '.join(sorted(allowed)) or 'the public API'}")
if checked < 40:
    errors.append(f"only {checked} includes of lib/ checked: the pattern no longer finds them")
for e in errors:
    print(e)
print(f"{checked} includes checked against the layers of lib/README.md; {len(errors)} errors")
sys.exit(1 if errors else 0)

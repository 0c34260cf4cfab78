#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `manpages-markup` test: doc/manpages.py on manpages-sample.h, a header
using every piece of Doxygen markup the generator renders. Each page must
format cleanly with no Doxygen command left, and show the markup as roff:
the code block verbatim, "Since 1.3.", the return values, the enumeration's
values, the links of the enumerators, the index in the overview.

Usage: test_manpages.py MANPAGES.PY SAMPLE.H OVERVIEW.IN
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_manpages import leftovers  # noqa: E402


def main(argv):
    generator, header, overview = argv[1:4]
    groff = shutil.which("groff")
    if not groff:
        print("groff not found (Debian package groff-base)")
        return 77
    failures = []
    with tempfile.TemporaryDirectory() as out:
        listed = subprocess.run([sys.executable, generator, "--list", header],
                                capture_output=True, text=True, check=True).stdout.split()
        result = subprocess.run([sys.executable, generator, header, out, "9.9.9", "/DOC",
                                 overview], capture_output=True, text=True)
        if result.returncode:
            return print(result.stderr) or 1
        if "@todo" not in result.stderr:
            failures.append("no warning for the unknown @todo: %r" % result.stderr)
        written = sorted(name[:-2] for name in os.listdir(out))
        if sorted(listed + ["mancala"]) != written:
            failures.append("--list says %s, written %s" % (listed, written))
        text, source = {}, {}
        for name in written:
            with open(os.path.join(out, name + ".3"), encoding="utf-8") as file:
                source[name] = file.read()
            if source[name].startswith(".so "):
                continue
            run = subprocess.run([groff, "-man", "-ww", "-Tutf8", "-P-cbou",
                                  os.path.join(out, name + ".3")],
                                 capture_output=True, text=True)
            if run.stderr:
                failures.append("%s: groff says %s" % (name, run.stderr.strip()))
            text[name] = " ".join(run.stdout.split())
            if leftovers(run.stdout):
                failures.append("%s shows %s" % (name, leftovers(run.stdout)))
        expect = {
            "mancala_sample_new": [
                "mancala_sample_new - Makes a sample of a mancala_sample_kind.",
                "mancala_sample *s; if (mancala_sample_new(&s, MANCALA_SAMPLE_A) == 0)"
                " mancala_sample_free(s); .starts with a dot",
                "Values of mancala_sample_kind MANCALA_SAMPLE_A (1) The first, with code.",
                "RETURN VALUE 0 or a negative status. 0 Success. -1 A bad kind.",
                "WARNINGS Not thread-safe.", "DEPRECATED Use something else.",
                "Before the call: out is not NULL.", "NOTES Allocates. dropped",
                "HISTORY Since 1.3.", "the kinds",
                "SEE ALSO mancala_sample_free(3), mancala_sample(3),"
                " mancala_sample_kind(3), mancala(3), mancala(1)"],
            "mancala_sample_free": ["mancala_sample_free - Frees a sample.",
                                    "sample The sample; NULL is a no-op.",
                                    "HISTORY Since 1.3."],
            "mancala_sample_kind": [
                "enum mancala_sample_kind { MANCALA_SAMPLE_A = 1, MANCALA_SAMPLE_B = 2,"
                " MANCALA_SAMPLE_C = -4 };",
                "MANCALA_SAMPLE_B (2) The second, on two lines. Since 1.3.",
                "MANCALA_SAMPLE_C (-4) A negative one. Since 1.3.",
                "DESCRIPTION Kinds of a sample value. VALUES", "HISTORY Since 1.3."],
            "MANCALA_SAMPLE_MAX": ["#define MANCALA_SAMPLE_MAX 8"],
            "mancala": ["mancala_sample_new(3) Makes a sample of a mancala_sample_kind.",
                        "mancala_sample_kind(3) Kinds of a sample value",
                        "Values: MANCALA_SAMPLE_A, MANCALA_SAMPLE_B, MANCALA_SAMPLE_C.",
                        "Constants MANCALA_SAMPLE_MAX(3) The most samples"],
        }
        for name, pieces in expect.items():
            for piece in pieces:
                if piece not in text.get(name, ""):
                    failures.append("%s lacks %r:\n%s" % (name, piece, text.get(name)))
        for name in ("MANCALA_SAMPLE_A", "MANCALA_SAMPLE_B", "MANCALA_SAMPLE_C"):
            if source.get(name) != ".so man3/mancala_sample_kind.3\n":
                failures.append("%s.3 is not a link to mancala_sample_kind.3" % name)
        if not re.search(r"\n\.EX\n.*\n\\&\.starts with a dot\n\.EE\n",
                         source["mancala_sample_new"], re.S):
            failures.append("the code block is not verbatim:\n" + source["mancala_sample_new"])
    for failure in failures:
        print("FAIL:", failure)
    print("%d pages written" % len(written))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

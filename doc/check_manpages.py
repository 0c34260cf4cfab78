#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `manpages` test: every function the library exports (lib/mancala.map)
has its manual page, and every page, the overview mancala.3 included,
formats without a warning, names mancala(1) and the installed RULES.md.

Usage: check_manpages.py MAP PAGE.3...
"""

import os
import re
import shutil
import subprocess
import sys


def main(argv):
    mapfile, pages = argv[1], argv[2:]
    with open(mapfile, encoding="utf-8") as file:
        text = re.sub(r"/\*.*?\*/", "", file.read(), flags=re.S)
    exported = set(re.findall(r"\b(mancala_\w+)\s*;", text))
    named = {os.path.basename(page)[:-2] for page in pages}
    failures = ["%s is exported but has no manual page" % name
                for name in sorted(exported - named)]
    groff = shutil.which("groff")
    if not groff:
        print("groff not found (Debian package groff-base): pages not formatted")
        return 77
    for page in pages:
        with open(page, encoding="utf-8") as file:
            source = file.read()
        for needed in (r"\.BR mancala \(1\)", r"/RULES\.md"):
            if not re.search(needed, source):
                failures.append("%s does not name %s" % (page, needed.replace("\\", "")))
        # Comment syntax or another declaration leaking in from the header.
        for leak in ("*/", "/**", "enum ", "#define"):
            if leak in source:
                failures.append("%s holds %r from the header" % (page, leak))
        result = subprocess.run([groff, "-man", "-ww", "-z", "-Tutf8", page],
                                capture_output=True, text=True)
        if result.returncode or result.stderr:
            failures.append("%s: groff says: %s" % (page, result.stderr.strip()))
    for failure in failures:
        print("FAIL:", failure)
    print("%d exported functions, %d pages checked" % (len(exported), len(pages)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `manpages` test: every function the library exports (lib/mancala.map)
has its manual page, and every page, the overview mancala.3 included,
formats without a warning, names mancala(1) and the installed RULES.md,
and shows no Doxygen command (@since, @code, \\brief ...) once formatted,
nor a word broken where roff should not break it (a hyphen after a
bracket, or inside one of the library's names).
A page that is a link (".so man3/OTHER.3", an enumerator's) must lead to
one of the pages.

Usage: check_manpages.py MAP PAGE.3...
"""

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from manpages import DOXYGEN_COMMANDS  # noqa: E402

# A command surviving formatting. With a backslash, the one-letter commands
# that are also C escapes (\n in "\r\n") are not counted.
AT_COMMAND = re.compile(r"(?<![\w@.])@(%s)\b" % "|".join(DOXYGEN_COMMANDS))
BACKSLASH_COMMAND = re.compile(r"(?<![\w\\])\\(%s)\b" % "|".join(
    c for c in DOXYGEN_COMMANDS if len(c) > 1 or c in "cp"))


def leftovers(text):
    """The Doxygen commands left in a formatted page's text."""
    return sorted({m.group(0) for m in AT_COMMAND.finditer(text)}
                  | {m.group(0) for m in BACKSLASH_COMMAND.finditer(text)})


# A formatted line ending in a hyphen (U+2010 with -Tutf8) after anything but
# a letter, as "(" + hyphen: roff's \\% marks a place to break when it is not
# at the start of a word. Or a hyphen inside one of the library's names.
BAD_BREAK = re.compile(r"(?:[^\w\s]|(?<!\w)(?:mancala|MANCALA)_\w*)\u2010$")


def bad_breaks(text):
    """The formatted lines that break a word where it must not be broken."""
    return [line.strip() for line in text.splitlines() if BAD_BREAK.search(line)]


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
    links = 0
    for page in pages:
        with open(page, encoding="utf-8") as file:
            source = file.read()
        link = re.fullmatch(r"\.so man3/(\w+)\.3\n", source)
        if link:
            links += 1
            if link.group(1) not in named or link.group(1) == os.path.basename(page)[:-2]:
                failures.append("%s links to %s.3, which is not a page" % (page, link.group(1)))
            continue
        for needed in (r"\.BR \\?%?mancala \(1\)", r"/RULES\.md"):
            if not re.search(needed, source):
                failures.append("%s does not name %s" % (page, needed.replace("\\", "")))
        # Comment syntax or another declaration leaking in from the header.
        leaks = ("*/", "/**")
        if os.path.basename(page)[:-2] in exported:
            leaks += ("enum ", "#define")
        for leak in leaks:
            if leak in source:
                failures.append("%s holds %r from the header" % (page, leak))
        result = subprocess.run([groff, "-man", "-ww", "-Tutf8", "-P-cbou", page],
                                capture_output=True, text=True)
        if result.returncode or result.stderr:
            failures.append("%s: groff says: %s" % (page, result.stderr.strip()))
        broken = bad_breaks(result.stdout)
        if broken:
            failures.append("%s breaks a word badly: %s" % (page, " | ".join(broken)))
        left = leftovers(result.stdout)
        if left:
            failures.append("%s shows Doxygen commands: %s" % (page, " ".join(left)))
    for failure in failures:
        print("FAIL:", failure)
    print("%d exported functions, %d pages checked, %d of them links"
          % (len(exported), len(pages), links))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

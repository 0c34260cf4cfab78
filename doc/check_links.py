#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `links` test: every relative link of the README, NEWS.md and the
manual (doc/*.md) leads to a file of the source tree, and every #anchor to
a heading of its page (named as GitHub names them), so that moving a
section or a file cannot leave a link behind.

Usage: check_links.py SOURCE_ROOT PAGE.md...
"""

import os
import re
import sys

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def anchor(heading):
    """A heading's anchor: lower case, punctuation dropped, spaces as "-"."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as file:
        text = re.sub(r"```.*?```", "", file.read(), flags=re.S)
    return {anchor(h) for h in re.findall(r"^#+\s+(.*?)\s*$", text, re.M)}


def main(argv):
    root, pages = argv[1], argv[2:]
    failures, count = [], 0
    for page in pages:
        with open(page, encoding="utf-8") as file:
            text = re.sub(r"```.*?```", "", file.read(), flags=re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            count += 1
            path, _, fragment = target.partition("#")
            file = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not os.path.exists(file):
                failures.append("%s: %s leads nowhere" % (page, target))
            elif fragment and file.endswith(".md") and fragment not in anchors(file):
                failures.append("%s: %s: no heading %r there" % (page, target, fragment))
            elif not os.path.abspath(file).startswith(os.path.abspath(root)):
                failures.append("%s: %s leaves the source tree" % (page, target))
    for failure in failures:
        print("FAIL:", failure)
    print("%d links checked in %d pages" % (count, len(pages)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The manual as installed: the pages (RULES.md, doc/*.md, NEWS.md) lie in
one folder there, beside no source tree, so each relative link of a page
is made to lead where it can: to the page's name in that folder, to the
installed header, or, for a file that is not installed (an example, the
page's screenshot), to its path in the source, as text.

Usage: installed_manual.py SOURCE_ROOT DOCDIR INCLUDEDIR OUTDIR PAGE.md...
DOCDIR and INCLUDEDIR are the absolute folders the pages and mancala.h
are installed in.
"""

import os
import re
import sys

LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")
FENCE = re.compile(r"(```.*?```)", re.S)


def rewrite(text, page, root, pages, header):
    """The text of PAGE (a source path) with its relative links rewritten."""

    def link(match):
        image, label, target = match.groups()
        if re.match(r"[a-z]+:", target):
            return match.group(0)
        path, hash_, fragment = target.partition("#")
        if not path:
            return match.group(0)
        source = os.path.normpath(os.path.join(os.path.dirname(page), path))
        if source in pages:
            return "%s[%s](%s%s%s)" % (image, label, os.path.basename(source), hash_, fragment)
        if source == os.path.join(root, "include", "mancala.h"):
            return "%s[%s](%s)" % (image, label, header)
        where = os.path.relpath(source, root).replace(os.sep, "/")
        if source.endswith(os.sep) or os.path.isdir(source):
            where += "/"
        if image:
            return "(a picture in libmancala's source, `%s`: %s)" % (where, label)
        if label.strip("`") == where:
            return "`%s` of libmancala's source" % where
        return "%s (`%s` in libmancala's source)" % (label, where)

    pieces = FENCE.split(text)
    return "".join(piece if i % 2 else LINK.sub(link, piece) for i, piece in enumerate(pieces))


def main(argv):
    root, docdir, includedir, outdir = (os.path.abspath(a) for a in argv[1:5])
    pages = [os.path.abspath(p) for p in argv[5:]]
    header = os.path.relpath(os.path.join(includedir, "mancala.h"), docdir).replace(os.sep, "/")
    for page in pages:
        with open(page, encoding="utf-8") as file:
            text = rewrite(file.read(), page, root, set(pages), header)
        with open(os.path.join(outdir, os.path.basename(page)), "w", encoding="utf-8") as file:
            file.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

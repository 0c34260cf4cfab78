#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes one manual page, section 3, per public function of mancala.h,
from the function's Doxygen comment: a function added to the header gets
its page with no other change.

    manpages.py --list HEADER                 the function names, one a line
    manpages.py HEADER OUTDIR VERSION DOCDIR  writes OUTDIR/NAME.3 for each

The comments use a small part of Doxygen: @brief, @param[dir], @return,
@note, @p NAME, ::NAME, `code`, **bold**, "- " lists and "|" tables.
"""

import re
import sys

# A doc comment (one: its text holds no "*/") right before a declaration.
COMMENT_AND_DECL = re.compile(r"/\*\*((?:(?!\*/).)*)\*/\s*([^;{}#/]*?;)", re.S)
FUNCTION = re.compile(r"\b(mancala_\w+)\s*\(")


def functions(header_text):
    """(name, comment lines, declaration) of every documented function."""
    found = []
    for match in COMMENT_AND_DECL.finditer(header_text):
        comment, decl = match.groups()
        name = FUNCTION.search(decl)
        if not name or decl.lstrip().startswith("typedef"):
            continue
        lines = [re.sub(r"^\s*\* ?", "", line) for line in comment.strip("*\n").split("\n")]
        found.append((name.group(1), lines, " ".join(decl.split())))
    return found


def sections(lines):
    """Splits a comment into its brief, details, parameters, return and notes."""
    parts = {"brief": [], "details": [], "param": [], "return": [], "note": []}
    current = parts["details"]
    # A command may follow text on the same line ("@brief X. @param y Y").
    text = "\n".join(lines)
    for chunk in re.split(r"(?=@(?:brief|param|return|note)\b)", text):
        command = re.match(r"@(brief|param|return|note)(\[\w+\])?\s*", chunk)
        if not command:
            current.extend(chunk.split("\n"))
            continue
        body = chunk[command.end():]
        kind = command.group(1)
        if kind == "param":
            name, _, rest = body.partition(" ")
            parts["param"].append((name.strip(), (command.group(2) or "").strip("[]"),
                                   rest.split("\n")))
            current = parts["param"][-1][2]
        elif kind == "brief":
            # The brief ends at the first blank line; what follows is detail.
            brief, _, rest = body.partition("\n\n")
            parts["brief"] = brief.split("\n")
            parts["details"].extend(rest.split("\n"))
            current = parts["details"]
        else:
            parts[kind].append(body.split("\n"))
            current = parts[kind][-1]
    return parts


def escape(text):
    text = text.replace("\\", "\\e")
    return text


def inline(text):
    """Doxygen's inline markup as roff fonts."""
    out = []
    for i, piece in enumerate(re.split(r"(`[^`]*`)", text)):
        if i % 2:
            out.append("\\fB" + escape(piece[1:-1]).replace("-", "\\-") + "\\fR")
            continue
        piece = escape(piece)
        piece = re.sub(r"\*\*(.+?)\*\*", r"\\fB\1\\fR", piece)
        piece = re.sub(r"@p\s+(\w+)", r"\\fI\1\\fR", piece)
        piece = re.sub(r"::(\w+)", r"\\fB\1\\fR", piece)
        piece = re.sub(r"\b(mancala_\w+)\(\)", r"\\fB\1\\fR()", piece)
        out.append(piece)
    return "".join(out)


def roff_lines(lines):
    """Paragraphs, "- " lists and "|" tables of a comment as roff."""
    out = []
    paragraph = []
    table = False

    def flush():
        if paragraph:
            text = " ".join(line.strip() for line in paragraph)
            out.append(inline(text))
            paragraph.clear()

    for line in lines + [""]:
        stripped = line.strip()
        if stripped.startswith("|"):
            flush()
            if not table:
                out.extend([".PP", ".nf"])
                table = True
            if not re.fullmatch(r"[|\s:-]+", stripped):
                out.append(inline(stripped))
            continue
        if table:
            out.append(".fi")
            table = False
        if not stripped:
            flush()
            if out and out[-1] != ".PP":
                out.append(".PP")
        elif stripped.startswith("- "):
            flush()
            out.append(".IP \\(bu 2")
            paragraph.append(stripped[2:])
        else:
            paragraph.append(stripped)
    while out and out[-1] == ".PP":
        out.pop()
    while out and out[0] == ".PP":
        out.pop(0)
    return [("\\&" + line if line[:1] in (".", "'") and not re.match(r"\.(PP|IP|nf|fi)\b", line)
             else line) for line in out]


def page(name, lines, decl, version, docdir, all_names):
    parts = sections(lines)
    brief = " ".join(line.strip() for line in parts["brief"]).strip() or name
    out = [".\\\" SPDX-License-Identifier: MIT",
           ".\\\" Generated from the comment of %s() in mancala.h." % name,
           '.TH %s 3 "" "libmancala %s" "Library Functions Manual"' % (name, version),
           ".nh", ".SH NAME", "%s \\- %s" % (name, inline(brief)),
           ".SH LIBRARY", "libmancala", ".RI ( -lmancala ,", ".B pkg-config mancala\\/)",
           ".SH SYNOPSIS", ".nf", ".B #include <mancala.h>", ".PP",
           ".B " + escape(decl), ".fi"]
    details = roff_lines(parts["details"])
    if details:
        out += [".SH DESCRIPTION"] + details
    if parts["param"]:
        out.append(".SH PARAMETERS" if not details else ".SS Parameters")
        for pname, direction, text in parts["param"]:
            out += [".TP", ".I " + pname + (" (%s)" % direction if direction else "")]
            out += roff_lines(text)
    for kind, title in (("return", "RETURN VALUE"), ("note", "NOTES")):
        if parts[kind]:
            out.append(".SH " + title)
            for index, text in enumerate(parts[kind]):
                if index:
                    out.append(".PP")
                out += roff_lines(text)
    out += [".SH FILES", ".TP", ".I %s/RULES.md" % docdir,
            "The rules the library implements, with the position notation and"
            " worked examples."]
    text = "\n".join(lines)
    related = sorted(set(re.findall(r"\b(mancala_\w+)\(\)", text)) & all_names - {name})
    see = [".BR mancala (3),", ".BR mancala (1)"]
    for other in related:
        see[-1] += ","
        see.append(".BR %s (3)" % other)
    out += [".SH SEE ALSO"] + see
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) == 3 and argv[1] == "--list":
        with open(argv[2], encoding="utf-8") as header:
            for name, _, _ in functions(header.read()):
                print(name)
        return 0
    if len(argv) != 5:
        sys.stderr.write(__doc__)
        return 2
    header, outdir, version, docdir = argv[1:]
    with open(header, encoding="utf-8") as file:
        found = functions(file.read())
    names = {name for name, _, _ in found}
    for name, lines, decl in found:
        with open("%s/%s.3" % (outdir, name), "w", encoding="utf-8") as out:
            out.write(page(name, lines, decl, version, docdir, names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

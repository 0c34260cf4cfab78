#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the manual pages, section 3, of mancala.h from its Doxygen
comments: one page per public function, one per type (enumerations,
structs, handles, callbacks) and per documented constant, a link to its
enumeration's page per enumerator, and the overview mancala(3) with an
index of them all. A function or type added to the header gets its page
with no other change.

    manpages.py --list HEADER                           the page names, one a line
    manpages.py HEADER OUTDIR VERSION DOCDIR OVERVIEW   writes OUTDIR/NAME.3 for
                                                        each, and OUTDIR/mancala.3
                                                        from OVERVIEW (mancala.3.in)

The comments use a part of Doxygen: @brief, @param[dir], @return(s),
@retval, @note, @since, @see/@sa, @warning, @deprecated, @pre, @post,
@details, @code ... @endcode, @p/@a/@e/@em NAME, @c/@b NAME, @ref NAME,
::NAME, `code`, **bold**, "- " lists and "|" tables; \\command is the same
as @command. Any other command is dropped, with a warning on standard
error, so that none reaches a page.
"""

import re
import sys

# Every Doxygen command a page must not show (check_manpages.py reads this
# list too). Written with a backslash, the one-letter ones that are also C
# escapes (\a \b \e \n ...) are left to the text.
DOXYGEN_COMMANDS = (
    "a addtogroup anchor arg attention author authors b brief bug c callgraph"
    " class code cond copybrief copydetails copydoc date def defgroup deprecated"
    " details dir docbookonly dot dotfile e else elseif em endcode endcond enddot"
    " endif endlink endverbatim enum example exception extends file fn headerfile"
    " hideinitializer htmlinclude htmlonly if ifnot image include includelineno"
    " ingroup internal invariant interface li line link mainpage memberof msc n"
    " name namespace note overload p package page par paragraph param post pre"
    " private property protected public pure ref related relates remark remarks"
    " result return returns retval sa section see short showinitializer since"
    " skip skipline snippet struct subpage subsection subsubsection tableofcontents"
    " test throw throws todo tparam typedef union until var verbatim verbinclude"
    " version warning weakgroup xrefitem"
).split()

# Commands that start a section of a comment, and the section they start.
SECTION_COMMANDS = {
    "brief": "brief", "short": "brief", "details": "details",
    "param": "param", "tparam": "param",
    "return": "return", "returns": "return", "result": "return", "retval": "retval",
    "note": "note", "remark": "note", "remarks": "note", "attention": "note",
    "warning": "warning", "deprecated": "deprecated", "pre": "pre", "post": "post",
    "invariant": "post", "since": "since", "see": "see", "sa": "see",
}

DOC = re.compile(r"/\*\*(?!<)(.*?)\*/", re.S)
FUNCTION = re.compile(r"\b(mancala_\w+)\s*\(")
CODE_MARK = "\x00code%d\x00"


class Entity:
    """A documented declaration of the header."""

    def __init__(self, kind, name, lines, decl, members=None, value=None):
        self.kind = kind          # function, callback, opaque, enum, struct, define
        self.name = name
        self.lines = lines        # the comment's lines
        self.decl = decl          # the declaration as written in the synopsis
        self.members = members or []   # (name, value or type, comment lines)
        self.value = value


def comment_lines(comment):
    """The lines of a comment without its frame ("/**", " * ", "*/")."""
    lines = comment.strip("*\n").split("\n")
    return [re.sub(r"^\s*\*(?!\*) ?", "", line) if re.match(r"^\s*\*(?!\*)", line)
            else line.strip() for line in lines]


def members_of(body, enum):
    """The enumerators (name, value) or fields (name, declaration) of a
    body, each with the lines of its comment (before or after it)."""
    found = []
    pending = None
    item = (r"([A-Za-z_]\w*)\s*(?:=\s*([^,/}]+?))?\s*(?:,|(?=/\*)|$)" if enum
            else r"([^;/]+?)\s*;")
    token = re.compile(r"/\*\*<(.*?)\*/|/\*\*(.*?)\*/|/\*.*?\*/|" + item, re.S)
    for match in token.finditer(body):
        after, before = match.group(1), match.group(2)
        if after is not None:
            if found:
                found[-1][2].extend(comment_lines(after))
        elif before is not None:
            pending = comment_lines(before)
        elif match.group(3) and match.group(3).strip():
            if enum:
                name, value = match.group(3), (match.group(4) or "").strip()
            else:
                decl = " ".join(match.group(3).split())
                name = re.search(r"(\w+)\s*(\[[^\]]*\])?$", decl).group(1)
                value = decl
            found.append((name, value, list(pending or [])))
            pending = None
    if enum:
        # Values left implicit count on from the previous one.
        numbered, last = [], -1
        for name, value, lines in found:
            try:
                last = int(value, 0) if value else last + 1
                value = str(last)
            except ValueError:
                pass
            numbered.append((name, value, lines))
        found = numbered
    return found


def entities(header_text):
    """Every documented declaration of the header, in its order."""
    found = []
    pos = 0
    while True:
        match = DOC.search(header_text, pos)
        if not match:
            break
        pos = match.end()
        lines = comment_lines(match.group(1))
        rest = header_text[match.end():]
        rest = rest[len(rest) - len(rest.lstrip()):]
        start = len(header_text) - len(rest)
        define = re.match(r"#define\s+(\w+)\s+(.*)", rest)
        enum = re.match(r"enum\s+(\w+)\s*\{(.*?)\};", rest, re.S)
        struct = re.match(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", rest, re.S)
        decl = re.match(r"[^;{}#/]*;", rest)
        if define:
            found.append(Entity("define", define.group(1), lines,
                                "#define %s %s" % (define.group(1), define.group(2).strip()),
                                value=define.group(2).strip()))
            pos = start + define.end()
        elif enum:
            members = members_of(enum.group(2), True)
            body = "".join("    %s = %s,\n" % (name, value) for name, value, _ in members)
            found.append(Entity("enum", enum.group(1), lines,
                                "enum %s {\n%s};" % (enum.group(1), body.rstrip(",\n") + "\n"),
                                members))
            pos = start + enum.end()
        elif struct:
            members = members_of(struct.group(2), False)
            body = "".join("    %s;\n" % decl for _, decl, _ in members)
            found.append(Entity("struct", struct.group(3), lines,
                                "typedef struct %s {\n%s} %s;" % (struct.group(1), body,
                                                                  struct.group(3)),
                                members))
            pos = start + struct.end()
        elif decl:
            text = " ".join(decl.group(0).split())
            callback = re.match(r"typedef\b.*\(\s*\*\s*(\w+)\s*\)", text)
            opaque = re.match(r"typedef\s+struct\s+\w+\s+(\w+)\s*;", text)
            function = FUNCTION.search(text)
            if callback:
                found.append(Entity("callback", callback.group(1), lines, text))
            elif opaque:
                found.append(Entity("opaque", opaque.group(1), lines, text))
            elif function and not text.startswith("typedef"):
                found.append(Entity("function", function.group(1), lines, text))
            pos = start + decl.end()
    return found


def functions(header_text):
    """(name, comment lines, declaration) of every documented function."""
    return [(e.name, e.lines, e.decl) for e in entities(header_text) if e.kind == "function"]


def page_names(found):
    """The pages written for the header's entities: one per entity, and one
    link per enumerator."""
    names = [e.name for e in found]
    for e in found:
        if e.kind == "enum":
            names += [name for name, _, _ in e.members if name not in names]
    return names


def warn(message):
    sys.stderr.write("manpages.py: %s\n" % message)


def split_code(text):
    """Takes the @code ... @endcode blocks out of a comment's text: the text
    with a mark line in place of each, and the blocks' lines."""
    blocks = []

    def keep(match):
        lines = match.group(1).split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
        blocks.append([l[indent:] for l in lines])
        return "\n" + CODE_MARK % (len(blocks) - 1) + "\n"

    text = re.sub(r"[@\\]code(?:\{[^}]*\})?(.*?)[@\\]endcode", keep, text, flags=re.S)
    return text, blocks


def sections(lines):
    """Splits a comment into its brief, details, parameters, return values
    and the other sections, and its code blocks."""
    parts = {key: [] for key in ("brief", "details", "param", "return", "retval", "note",
                                 "warning", "deprecated", "pre", "post", "since", "see")}
    text, blocks = split_code("\n".join(lines))
    # \command is @command.
    text = re.sub(r"\\(?=(?:%s)\b)" % "|".join(SECTION_COMMANDS), "@", text)
    current = parts["details"]
    starts = r"(?=[@](?:%s)\b)" % "|".join(SECTION_COMMANDS)
    for chunk in re.split(starts, text):
        command = re.match(r"@(\w+)(\[[\w,\s]+\])?\s*", chunk)
        if not command or command.group(1) not in SECTION_COMMANDS:
            current.extend(chunk.split("\n"))
            continue
        body = chunk[command.end():]
        kind = SECTION_COMMANDS[command.group(1)]
        if kind == "param":
            name, _, rest = body.partition(" ")
            parts["param"].append((name.strip(), (command.group(2) or "").strip("[]"),
                                   rest.split("\n")))
            current = parts["param"][-1][2]
        elif kind == "retval":
            value, _, rest = body.partition(" ")
            parts["retval"].append((value.strip(), rest.split("\n")))
            current = parts["retval"][-1][1]
        elif kind == "brief":
            # The brief ends at the first blank line; what follows is detail.
            brief, _, rest = body.partition("\n\n")
            parts["brief"] = brief.split("\n")
            parts["details"].extend(rest.split("\n"))
            current = parts["details"]
        elif kind == "details":
            parts["details"].extend(body.split("\n"))
            current = parts["details"]
        else:
            # A paragraph command: it ends at a blank line.
            para, blank, rest = body.partition("\n\n")
            parts[kind].append(para.split("\n"))
            current = parts["details"] if kind in ("since", "see") else parts[kind][-1]
            if blank:
                current.extend(rest.split("\n"))
                current = parts["details"]
    return parts, blocks


def escape(text):
    return text.replace("\\", "\\e")


def nohyphen(text):
    """The library's names never hyphenated: roff's \\% at the start of each
    word holding one ("(mancala_play()," included). Elsewhere in a word,
    as after the bracket, \\% would mark a place to break it instead."""
    return re.sub(r"(?<!\S)(?!\\%)(?=(?:\S*?(?:\\f[BIRP]|[^\w%\s]))?(?:mancala|MANCALA)_\w)",
                  r"\\%", text)


def since_text(text):
    """"@since 1.1" as the words "Since 1.1."."""
    text = " ".join(text.split()).rstrip(".")
    return "Since %s." % text if text else ""


def inline(text):
    """Doxygen's inline markup as roff fonts."""
    out = []
    for i, piece in enumerate(re.split(r"(`[^`]*`)", text)):
        if i % 2:
            out.append(nohyphen("\\fB" + escape(piece[1:-1]).replace("-", "\\-") + "\\fR"))
            continue
        piece = re.sub(r"\\(?=(?:%s)\b)" % "|".join(
            c for c in DOXYGEN_COMMANDS if len(c) > 1 or c in "cp"), "@", piece)
        piece = escape(piece)
        piece = re.sub(r"@since\s+(\S+(?:\s+\([^)]*\))?)",
                       lambda m: since_text(m.group(1)), piece)
        piece = re.sub(r"\*\*(.+?)\*\*", r"\\fB\1\\fR", piece)
        piece = re.sub(r"@(?:p|a|e|em|arg)\s+(\w+)", r"\\fI\1\\fR", piece)
        piece = re.sub(r"@(?:c|b)\s+(\S+?)(?=[\s,.;:)]|$)", r"\\fB\1\\fR", piece)
        piece = re.sub(r"@ref\s+(\w+)(?:\s+\"([^\"]*)\")?",
                       lambda m: "\\fB%s\\fR" % (m.group(2) or m.group(1)), piece)
        piece = re.sub(r"::(\w+)", r"\\fB\1\\fR", piece)
        piece = re.sub(r"\b(mancala_\w+)\(\)", r"\\fB\1\\fR()", piece)

        def drop(match):
            if match.group(1) in DOXYGEN_COMMANDS:
                warn("@%s is not rendered; dropped from: %s" % (match.group(1), text.strip()))
                return ""
            return match.group(0)
        piece = re.sub(r"(?<![\w@])@(\w+)\s?", drop, piece)
        out.append(nohyphen(piece))
    return "".join(out)


def code_block(lines):
    """A @code block, verbatim."""
    out = [".PP", ".in +4n", ".EX"]
    for line in lines:
        line = escape(line)
        out.append("\\&" + line if line[:1] in (".", "'") else line)
    return out + [".EE", ".in"]


def roff_lines(lines, blocks=()):
    """Paragraphs, "- " lists, "|" tables and code blocks of a comment as roff."""
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
        code = re.fullmatch(CODE_MARK.replace("%d", r"(\d+)"), stripped)
        if code:
            flush()
            if table:
                out.append(".fi")
                table = False
            out.extend(code_block(blocks[int(code.group(1))]))
            out.append(".PP")
            continue
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
    # No two paragraph breaks in a row, and text never read as a request.
    tidy = []
    for line in out:
        if line == ".PP" and tidy and tidy[-1] == ".PP":
            continue
        tidy.append(line)
    requests = r"\.(PP|IP|nf|fi|EX|EE|in)\b"
    result, verbatim = [], False
    for line in tidy:
        if line == ".EX":
            verbatim = True
        elif line == ".EE":
            verbatim = False
        elif not verbatim and line[:1] in (".", "'") and not re.match(requests, line):
            line = "\\&" + line
        result.append(line)
    return result


def brief_of(entity, parts):
    """The one-line summary of an entity: its @brief, else its comment's
    first sentence."""
    brief = " ".join(line.strip() for line in parts["brief"]).strip()
    if not brief:
        text = " ".join(" ".join(line.strip() for line in parts["details"]).split())
        text = re.sub(CODE_MARK.replace("%d", r"\d+"), "", text)
        brief = re.split(r"(?<=[.:;])\s", text, maxsplit=1)[0].rstrip(".:;") if text else ""
    return brief or entity.name


def related(entity, found, by_name, enum_of):
    """The pages a page's SEE ALSO names: the functions and types its
    comment and declaration name, the pages that name it, the enumeration
    of each enumerator it names, and its siblings (mancala_search_* for
    mancala_search_run)."""
    def mentions(e):
        text = "\n".join(e.lines) + "\n" + e.decl
        for _, _, lines in e.members:
            text += "\n" + "\n".join(lines)
        words = set(re.findall(r"\b(mancala_\w+|MANCALA_\w+)\b", text))
        names = {w for w in words if w in by_name}
        names |= {enum_of[w] for w in words if w in enum_of}
        return names
    names = mentions(entity)
    named_by = {e.name for e in found if entity.name in mentions(e)}
    if entity.kind == "function" or len(named_by) <= 12:
        names |= named_by
    else:
        # A type most functions name: those that make or release it, and
        # those whose parameter is named after it (mancala_strerror(status)).
        word = entity.name.rsplit("_", 1)[-1]
        names |= {e.name for e in found if e.kind == "function" and (
            re.search(r"\b%s\s*\*\*" % entity.name, e.decl)
            or re.search(r"_(free|close)$", e.name) and entity.name in e.decl
            or re.search(r"\bint\s+%s\b" % word, e.decl))}
    if entity.kind == "function":
        family = re.match(r"mancala_(search|table|solve|match)_", entity.name)
        if family:
            names |= {e.name for e in found if e.kind == "function"
                      and e.name.startswith("mancala_%s_" % family.group(1))}
    names.discard(entity.name)
    order = {"function": 0, "callback": 1, "opaque": 1, "enum": 1, "struct": 1, "define": 2}
    return sorted(names, key=lambda n: (order[by_name[n].kind], n))


def values_section(enum, title):
    """The values of an enumeration, as a list."""
    out = [title]
    for name, value, lines in enum.members:
        value = escape(value).replace("-", "\\-")
        out += [".TP", ".BR \\%%%s \\ (%s)" % (name, value) if value else ".B \\%" + name]
        parts, blocks = sections(lines)
        text = roff_lines(parts["brief"] + [""] + parts["details"], blocks)
        for since in parts["since"]:
            text.append(since_text(" ".join(since)))
        out += text or ["\\&"]
    return out


def page(entity, version, docdir, found):
    by_name = {e.name: e for e in found}
    enum_of = {m: e.name for e in found if e.kind == "enum" for m, _, _ in e.members}
    parts, blocks = sections(entity.lines)
    brief = brief_of(entity, parts)
    what = {"function": "%s()" % entity.name, "callback": "the type %s" % entity.name,
            "opaque": "the type %s" % entity.name, "enum": "enum %s" % entity.name,
            "struct": "the type %s" % entity.name, "define": "the constant %s" % entity.name}
    out = [".\\\" SPDX-License-Identifier: MIT",
           ".\\\" Generated from the comment of %s in mancala.h." % what[entity.kind],
           '.TH %s 3 "" "libmancala %s" "Library Functions Manual"' % (entity.name, version),
           ".nh", ".SH NAME", "%s \\- %s" % (entity.name, inline(brief)),
           ".SH LIBRARY", "libmancala", ".RI ( -lmancala ,", ".B pkg-config mancala\\/)",
           ".SH SYNOPSIS", ".nf", ".B #include <mancala.h>", ".PP"]
    if "\n" in entity.decl:
        out += [escape(line).replace("= -", "= \\-") for line in entity.decl.split("\n")]
    else:
        out.append(".B " + escape(entity.decl))
    out.append(".fi")
    details = roff_lines(parts["details"], blocks)
    if details:
        out += [".SH DESCRIPTION"] + details
    for kind, title in (("pre", "Before the call: "), ("post", "After the call: ")):
        for text in parts[kind]:
            out += [".PP"] + roff_lines([title + text[0]] + text[1:], blocks)
    if entity.kind == "enum":
        out += values_section(entity, ".SH VALUES")
    if entity.kind == "struct":
        out.append(".SH FIELDS")
        for name, decl, lines in entity.members:
            out += [".TP", ".B " + escape(decl)] + (roff_lines(lines) or ["\\&"])
    if parts["param"]:
        out.append(".SH PARAMETERS" if not details else ".SS Parameters")
        for pname, direction, text in parts["param"]:
            out += [".TP", ".I " + pname + (" (%s)" % direction if direction else "")]
            out += roff_lines(text, blocks) or ["\\&"]
    # The values of each enumeration the comment names (::mancala_limit).
    for name in sorted(set(re.findall(r"::(mancala_\w+)", "\n".join(entity.lines)))):
        if name in by_name and by_name[name].kind == "enum" and entity.kind != "enum":
            out += values_section(by_name[name], ".SS Values of %s" % name)
    if parts["return"] or parts["retval"]:
        out.append(".SH RETURN VALUE")
        for index, text in enumerate(parts["return"]):
            if index:
                out.append(".PP")
            out += roff_lines(text, blocks)
        for value, text in parts["retval"]:
            out += [".TP", ".B " + escape(value)] + (roff_lines(text, blocks) or ["\\&"])
    for kind, title in (("warning", "WARNINGS"), ("deprecated", "DEPRECATED"),
                        ("note", "NOTES")):
        if parts[kind]:
            out.append(".SH " + title)
            for index, text in enumerate(parts[kind]):
                if index:
                    out.append(".PP")
                out += roff_lines(text, blocks)
    if parts["since"]:
        out += [".SH HISTORY"] + [inline(since_text(" ".join(text))) for text in parts["since"]]
    out += [".SH FILES", ".TP", ".I %s/RULES.md" % docdir,
            "The rules the library implements, with the position notation and"
            " worked examples.", ".TP", ".I %s/index.md" % docdir,
            "The manual of libmancala, one page per subject."]
    see = related(entity, found, by_name, enum_of)
    for text in parts["see"]:
        for word in re.findall(r"\b(mancala_\w+|MANCALA_\w+)\b", " ".join(text)):
            word = enum_of.get(word, word)
            if word in by_name and word not in see and word != entity.name:
                see.append(word)
    # Left-adjusted: a line of long names cannot be stretched to both
    # margins (groff warns "cannot adjust line").
    out += [".SH SEE ALSO", ".ad l"]
    out += [".BR \\%%%s (3)," % name for name in see]
    out += [".BR \\%mancala (3),", ".BR \\%mancala (1)"]
    return "\n".join(out) + "\n"


def link_page(target):
    """A page that shows another (an enumerator's: its enumeration's)."""
    return ".so man3/%s.3\n" % target


def index(found):
    """The index of every page, for mancala(3)."""
    headings = (("function", "Functions"), ("type", "Types"), ("define", "Constants"))
    out = []
    for kind, title in headings:
        group = [e for e in found if e.kind == kind
                 or (kind == "type" and e.kind in ("callback", "opaque", "enum", "struct"))]
        if not group:
            continue
        out.append(".SS " + title)
        for e in group:
            parts, _ = sections(e.lines)
            out += [".TP", ".BR \\%%%s (3)" % e.name, inline(brief_of(e, parts))]
            if e.kind == "enum":
                # Long names that may not be hyphenated: left-adjusted, as a
                # justified line could not be filled (a groff warning).
                out += [".br", ".ad l", "Values: " + ", ".join(
                    "\\fB\\%%%s\\fR" % name for name, _, _ in e.members) + ".", ".br", ".ad b"]
    return "\n".join(out)


def main(argv):
    if len(argv) == 3 and argv[1] == "--list":
        with open(argv[2], encoding="utf-8") as header:
            for name in page_names(entities(header.read())):
                print(name)
        return 0
    if len(argv) != 6:
        sys.stderr.write(__doc__)
        return 2
    header, outdir, version, docdir, overview = argv[1:]
    with open(header, encoding="utf-8") as file:
        found = entities(file.read())
    for entity in found:
        with open("%s/%s.3" % (outdir, entity.name), "w", encoding="utf-8") as out:
            out.write(page(entity, version, docdir, found))
    written = {e.name for e in found}
    for entity in found:
        if entity.kind == "enum":
            for name, _, _ in entity.members:
                if name not in written:
                    with open("%s/%s.3" % (outdir, name), "w", encoding="utf-8") as out:
                        out.write(link_page(entity.name))
                    written.add(name)
    with open(overview, encoding="utf-8") as file:
        text = file.read()
    text = (text.replace("@VERSION@", version).replace("@DOCDIR@", docdir)
            .replace("@INDEX@", index(found)))
    with open("%s/mancala.3" % outdir, "w", encoding="utf-8") as out:
        out.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

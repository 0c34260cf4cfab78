#!/usr/bin/env bash
# Prefix test: configures this source tree for a temporary, non-system
# prefix, installs the library, the mancala command and the manuals there
# (what a user's `meson install` to --prefix=$HOME/.local or /opt/... puts
# in place), and checks that the installed command starts with no
# LD_LIBRARY_PATH, still starts once the whole prefix is moved, and that
# `man 3 mancala_play` and the installed RULES.md are where the pages say.
#
# Usage: prefix.sh SOURCEDIR CC...
set -euo pipefail

source=$(cd "$1" && pwd)
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/p

fail() { echo "FAIL: $*"; exit 1; }

# Only what the check needs is built (the library, the command, the
# pages); the install tags leave out the rest.
CC="$*" meson setup "$work/build" "$source" --prefix "$prefix" -Dtests=disabled \
    >"$work/setup.log" 2>&1 || { cat "$work/setup.log"; exit 1; }
meson compile -C "$work/build" -j 2 cli/mancala:executable function-manpages installed-manual \
    >"$work/compile.log" 2>&1 || { cat "$work/compile.log"; exit 1; }
meson install -C "$work/build" --no-rebuild --quiet --tags runtime,man,doc,python-runtime \
    >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }

version=$(meson introspect --projectinfo "$work/build" |
          python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
run() { # PROGRAM: runs it as a user's shell would, with no library path
    env -u LD_LIBRARY_PATH "$1" --version
}

mancala=$prefix/bin/mancala
[ -x "$mancala" ] || fail "bin/mancala was not installed"
out=$(run "$mancala" 2>&1) || fail "installed bin/mancala --version does not start: $out"
[[ $out == *"$version"* ]] || fail "bin/mancala --version printed '$out', not version $version"
echo "bin/mancala --version: $out"
runpath=$(readelf -d "$mancala" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
[[ $runpath == '$ORIGIN/../'* ]] || fail "bin/mancala's run path is '$runpath', not relative to \$ORIGIN"
echo "run path: $runpath"

# The Python package, installed beside the library: it finds the library
# relative to itself, with no MANCALA_LIBRARY and no library path.
package=$(find "$prefix" -name _install.py -path '*/mancala/*')
[ -n "$package" ] || fail "the Python package was not installed"
pyload() { # PACKAGE-PARENT: prints the library the installed package loads
    (cd "$work" && env -u LD_LIBRARY_PATH -u MANCALA_LIBRARY PYTHONPATH="$1" \
        PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=/nonexistent \
        /usr/bin/python3 -c 'import mancala; print(mancala.library_path)')
}
python_dir=$(dirname "$(dirname "$package")")
out=$(pyload "$python_dir" 2>&1) || fail "import mancala from the prefix: $out"
[[ $out == "$prefix/"*/libmancala.so.1 ]] || fail "the installed package loaded $out"
echo "python: the installed package loads $out"

# A moved prefix (an unpacked archive, a renamed folder) keeps working.
mv "$prefix" "$work/moved"
out=$(run "$work/moved/bin/mancala" 2>&1) || fail "a moved install does not start: $out"
out=$(pyload "$work/moved${python_dir#"$prefix"}" 2>&1) || fail "import mancala from the moved prefix: $out"
[[ $out == "$work/moved/"*/libmancala.so.1 ]] || fail "the moved package loaded $out"
mv "$work/moved" "$prefix"

# The manuals: a page per function, the overview, the command's page; the
# rules text where the pages say it is.
rules=$prefix/share/doc/mancala/RULES.md
[ -f "$rules" ] || fail "RULES.md was not installed in share/doc/mancala"
cmp -s "$rules" "$source/doc/RULES.md" || fail "the installed RULES.md differs from doc/RULES.md"
grep -c "$rules" "$prefix/share/man/man3/mancala.3" >/dev/null \
    || fail "mancala(3) does not name the installed $rules"
# The manual beside it, each page as in the source with its links made to
# lead within the installed folder (doc/installed_manual.py; the docs
# suite's links-installed test follows them), named by both overviews.
manual=$prefix/share/doc/mancala
expected=$work/manual
mkdir "$expected"
python3 "$source/doc/installed_manual.py" "$source" "$manual" "$prefix/include" "$expected" \
    "$source"/doc/*.md "$source/NEWS.md"
for page in index install cli python javascript engine findings performance \
            hardening compatibility NEWS; do
    cmp -s "$manual/$page.md" "$expected/$page.md" \
        || fail "the manual's $page.md was not installed in share/doc/mancala"
done
for page in man3/mancala.3 man1/mancala.1; do
    grep -c "$manual/index.md" "$prefix/share/man/$page" >/dev/null \
        || fail "$page does not name the installed manual $manual/index.md"
done
command -v man >/dev/null || fail "man not found (Debian package man-db)"
for page in "3 mancala_play" "3 mancala_strerror" "3 mancala" "1 mancala" \
            "3 mancala_status" "3 mancala_event" "3 MANCALA_E_EMPTY"; do
    # shellcheck disable=SC2086 # "SECTION NAME"
    text=$(MANPAGER=cat MANWIDTH=80 man -M "$prefix/share/man" $page 2>&1) \
        || fail "man $page: $text"
    [[ $text == *"SEE ALSO"* ]] || fail "man $page has no SEE ALSO"
done
text=$(MANPAGER=cat MANWIDTH=80 man -M "$prefix/share/man" 3 mancala_play)
[[ $text == *"mancala_play - Plays a move"* && $text == *"mancala(1)"* ]] \
    || fail "man 3 mancala_play is not the page of mancala_play naming mancala(1): $text"
text=$(MANPAGER=cat MANWIDTH=80 man -M "$prefix/share/man" 3 MANCALA_E_EMPTY)
[[ $text == *"mancala_status - Status codes"* && $text == *"MANCALA_E_EMPTY (-15)"* ]] \
    || fail "man 3 MANCALA_E_EMPTY does not show the page of mancala_status: $text"
echo "man 3 mancala_play, man 3 mancala, man 1 mancala, man 3 MANCALA_E_EMPTY: found; $rules installed"

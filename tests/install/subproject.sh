#!/usr/bin/env bash
# Subproject test: builds tests/install/subproject, a tiny Meson project
# that finds libmancala with dependency('mancala'), with this source tree
# as its subprojects/mancala, and runs its test. Twice:
#
# - static (the parent's default_library): only libmancala.a is built, the
#   parent's `meson install` installs nothing of libmancala, and none of
#   libmancala's tests (such as `docs`) appear in the parent's tests;
# - shared, with -Dmancala:install=enabled: only the shared library is
#   built, and the install has the header, library, pkg-config file and
#   manual.
#
# Usage: subproject.sh SOURCEDIR CC...
set -euo pipefail

source=$(cd "$1" && pwd)
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*"; exit 1; }

cp "$source/tests/install/subproject/meson.build" "$source/tests/install/subproject/main.c" "$work/"
mkdir "$work/subprojects"
ln -s "$source" "$work/subprojects/mancala"

build() { # NAME MESON-OPTIONS...: configures, builds and tests the parent
    local dir=$work/$1
    shift
    # --force-fallback-for: use the subproject even where a libmancala is
    # installed on the machine.
    CC="${cc[*]}" meson setup "$dir" "$work" --force-fallback-for=mancala "$@" \
        >"$work/setup.log" 2>&1 || { cat "$work/setup.log"; exit 1; }
    meson compile -C "$dir" -j 2 >"$work/compile.log" || { cat "$work/compile.log"; exit 1; }
    meson test -C "$dir" --no-rebuild --print-errorlogs uses-mancala >/dev/null \
        || fail "uses-mancala failed ($*)"
    others=$(meson test -C "$dir" --no-rebuild --list 2>/dev/null | grep -v 'uses-mancala$' || true)
    [ -z "$others" ] || fail "libmancala registers tests in the parent: $others"
    meson install -C "$dir" --no-rebuild --destdir "$work/stage-$(basename "$dir")" \
        >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
}
built() { # DIR PATTERN: the files of libmancala's build matching PATTERN
    find "$work/$1/subprojects/mancala" -name "$2" | sed "s|$work/$1/||"
}
cc=("$@")

build static -Ddefault_library=static
[ -n "$(built static 'libmancala.a')" ] || fail "static: libmancala.a was not built"
[ -z "$(built static 'libmancala.so*')" ] || fail "static: a shared library was built: $(built static 'libmancala.so*')"
installed=$(cd "$work" && find stage-static -type f 2>/dev/null || true)
[ -z "$installed" ] || fail "static: the parent's install installed: $installed"
echo "static: only libmancala.a built, nothing installed, no test of libmancala registered"

build shared -Ddefault_library=shared -Dmancala:install=enabled
[ -n "$(built shared 'libmancala.so.1')" ] || fail "shared: libmancala.so.1 was not built"
[ -z "$(built shared 'libmancala.a')" ] || fail "shared: a static library was built"
for file in include/mancala.h include/mancala_version.h 'libmancala.so.1' mancala.pc \
            man3/mancala.3 man3/mancala_play.3 doc/mancala/RULES.md; do
    [ -n "$(find "$work/stage-shared" -path "*/$file")" ] \
        || fail "shared, -Dmancala:install=enabled: $file was not installed"
done
echo "shared: only libmancala.so built; -Dmancala:install=enabled installs it all"

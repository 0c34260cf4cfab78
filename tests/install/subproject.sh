#!/usr/bin/env bash
# Subproject test: builds tests/install/subproject, a tiny Meson project
# that finds libmancala with dependency('mancala'), with this source tree
# as its subprojects/mancala, and runs its test.
#
# Usage: subproject.sh SOURCEDIR CC...
set -euo pipefail

source=$(cd "$1" && pwd)
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp "$source/tests/install/subproject/meson.build" "$source/tests/install/subproject/main.c" "$work/"
mkdir "$work/subprojects"
ln -s "$source" "$work/subprojects/mancala"

# --force-fallback-for: use the subproject even where a libmancala is
# installed on the machine.
CC="$*" meson setup "$work/build" "$work" --force-fallback-for=mancala >"$work/setup.log" 2>&1 \
    || { cat "$work/setup.log"; exit 1; }
meson compile -C "$work/build" -j 2 >"$work/compile.log" || { cat "$work/compile.log"; exit 1; }
meson test -C "$work/build" --no-rebuild --print-errorlogs uses-mancala

#!/usr/bin/env bash
# The Windows build (cross/x86_64-w64-mingw32.ini) under wine, against the
# Linux build: the same programs on the same seeded input must print the
# same bytes (line ends aside) and write the same table file. Debian has
# no Check library for MinGW, so the unit suites do not build for Windows;
# these runs cover the rules, notation, search, Monte Carlo, matches and
# the solver's file writing (port.h) through the library's DLL.
#
# Usage: compare.sh LINUX-BUILDDIR WINDOWS-BUILDDIR
set -euo pipefail

linux=$(cd "$1" && pwd) windows=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'wineserver -k 2>/dev/null; rm -rf "$work"' EXIT
export WINEDEBUG=-all WINEPATH="$windows/lib"
# wine's own prefix, made on first use (about 10 s), in the scratch folder
# unless one is given.
export WINEPREFIX=${WINEPREFIX:-$work/wine}
# (the trap stops the wineserver of this prefix before removing it)

fail() { echo "FAIL: $*"; exit 1; }

same() { # NAME PROGRAM ARGS...: the program's output, Linux and Windows
    local name=$1 program=$2
    shift 2
    "$linux/$program" "$@" >"$work/$name.linux" || fail "$name: the Linux build exited with $?"
    wine "$windows/$program.exe" "$@" 2>"$work/$name.err" | tr -d '\r' >"$work/$name.windows" \
        || { cat "$work/$name.err"; fail "$name: the Windows build exited with $?"; }
    cmp -s "$work/$name.linux" "$work/$name.windows" \
        || { diff "$work/$name.linux" "$work/$name.windows" | head -20; fail "$name differs"; }
    echo "same: $name ($(wc -l <"$work/$name.linux") lines)"
}

# The command runs alone, without the DLL on its path: it links the static
# library (a DLL is found only beside the program or on PATH).
status=0
alone=$(env -u WINEPATH wine "$windows/cli/mancala.exe" --version 2>"$work/alone.err") || status=$?
[ $status = 0 ] || { cat "$work/alone.err"; fail "mancala.exe without WINEPATH exited with $status"; }
[ "${alone%$'\r'}" = "$("$linux/cli/mancala" --version)" ] \
    || fail "mancala.exe --version printed '$alone'"
echo "alone: mancala.exe runs without the DLL on its path"

same embed examples/mancala-embed
same demo examples/mancala-demo 7
same version cli/mancala --version
same perft-modiar cli/mancala perft modiar 7
same perft-rio-kadalis cli/mancala perft rio-kadalis 6
same moves cli/mancala moves rio-kadalis --all
same play-modiar cli/mancala play modiar --south search:4 --north mcts:300 --seed 7
same play-rio-kadalis cli/mancala play rio-kadalis --south random --north search:3 --seed 3 --rounds 3
same svg cli/mancala show modiar/2,8,8,8,8,8/N/0,0/1 --svg -

# The solver through the port layer: the table bytes, written twice (the
# second time over the first file, which Windows' rename cannot do).
(cd "$work" && "$linux/cli/mancala" solve rio-kadalis --open 1,6 --max-stones 12 -q -o linux.table >/dev/null)
for _ in 1 2; do
    (cd "$work" && wine "$windows/cli/mancala.exe" solve rio-kadalis --open 1,6 --max-stones 12 -q \
        -o windows.table >/dev/null 2>"$work/solve.err") || { cat "$work/solve.err"; fail "solve on Windows"; }
done
cmp "$work/linux.table" "$work/windows.table" || fail "the tables differ"
echo "same: rio-kadalis table, 1 and 6 pits open, 12 stones ($(stat -c %s "$work/linux.table") bytes)"

# Colours on a console: a Windows console prints escape sequences as text
# ("[1mSouth[0m") unless its virtual-terminal processing is on, which the
# command turns on or else prints no colour. Under a pseudo-terminal
# (script), wine gives the program a console and draws it with escape
# sequences of its own; once those are taken out, no escape character and
# no SGR code of the program may be left as text.
script -qec "wine '$windows/cli/mancala.exe' play modiar --south random --north random --seed 1" \
    /dev/null </dev/null >"$work/console.out" 2>&1 || fail "play on a console exited with $?"
python3 - "$work/console.out" <<'PY' || fail "the console showed escape sequences as text"
import re, sys
shown = re.sub(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)", b"",
               open(sys.argv[1], "rb").read())
for word in (b"South", b"North", b"wins"):
    assert word in shown, f"{word} is not on the console: {shown[:300]!r}"
for raw in (b"\x1b", b"[0m", b"[1m", b"[2m"):
    assert raw not in shown, f"{raw!r} shown as text: {shown[:300]!r}"
PY
echo "console: play modiar in colour, no escape sequence shown as text"

# A CMake game built with MinGW against the installed Windows build
# (find_package(mancala), tests/install/cmake), linked to the DLL and to
# the static library (MANCALA_USE_STATIC_LIBS): the examples print what
# the Linux build's print.
meson install -C "$windows" --destdir "$work/stage" --no-rebuild --quiet
prefix=$(meson introspect --buildoptions "$windows" |
         python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
version=$("$linux/cli/mancala" --version | sed -n 's/^mancala \([^ ]*\) .*/\1/p')
source=$(cd "$(dirname "$0")/../.." && pwd)
for static in OFF ON; do
    cmake -S "$source/tests/install/cmake" -B "$work/cmake-$static" -G Ninja \
        -DCMAKE_SYSTEM_NAME=Windows -DCMAKE_C_COMPILER=x86_64-w64-mingw32-gcc \
        -DCMAKE_EXE_LINKER_FLAGS=-static -DCMAKE_PREFIX_PATH="$work/stage$prefix" \
        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF \
        -DMANCALA_USE_STATIC_LIBS=$static -DEXPECTED_VERSION="$version" \
        -DEXAMPLES="$source/examples" >"$work/cmake-$static.log" 2>&1 \
        && cmake --build "$work/cmake-$static" >>"$work/cmake-$static.log" 2>&1 \
        || { tail -n 20 "$work/cmake-$static.log"; fail "CMake with MANCALA_USE_STATIC_LIBS=$static"; }
    for example in embed demo; do
        args=()
        [ $example = demo ] && args=(7)
        status=0
        WINEPATH="$work/stage$prefix/bin" wine "$work/cmake-$static/$example.exe" "${args[@]}" \
            2>"$work/$example.err" | tr -d '\r' >"$work/$example-cmake.windows" || status=$?
        [ $status = 0 ] \
            || { cat "$work/$example.err"; fail "$example (CMake, static $static) exited with $status"; }
        cmp -s "$work/$example-cmake.windows" "$work/$example.linux" \
            || fail "$example (CMake, static $static) differs from the Linux build's"
    done
    echo "cmake: embed and demo built with MinGW, MANCALA_USE_STATIC_LIBS=$static"
done

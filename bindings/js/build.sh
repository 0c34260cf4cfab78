#!/usr/bin/env bash
# Builds the WebAssembly module and the TypeScript wrapper into dist/:
#   dist/mancala.mjs       the emscripten glue (an ES module factory)
#   dist/mancala.wasm      lib/*/*.c compiled by emcc
#   dist/index.js, dist/index.d.ts  the API (src/index.ts compiled by tsc)
# Needs Debian's emscripten package, and `npm ci` run once in this folder
# (for the pinned typescript).
set -euo pipefail
cd "$(dirname "$0")"
root=../..
out=dist
gen=build
mkdir -p "$gen" "$out"

# mancala_version.h from the version in meson.build, as Meson writes it.
version=$(sed -n "s/^  version: '\([0-9.]*\)',$/\1/p" "$root/meson.build" | head -n1)
IFS=. read -r major minor patch <<<"$version"
sed -e "s/@MAJOR@/$major/" -e "s/@MINOR@/$minor/" -e "s/@PATCH@/$patch/" \
    -e "s/@VERSION@/$version/" "$root/include/mancala_version.h.in" >"$gen/mancala_version.h.tmp"
mv "$gen/mancala_version.h.tmp" "$gen/mancala_version.h"

# XXH3 (the table checksum) from Debian's libxxhash-dev, header-only here
# (XXH_INLINE_ALL): copied alone, as the rest of /usr/include is the
# native libc's, not emscripten's.
cp /usr/include/xxhash.h "$gen/xxhash.h"

# Every mancala_ function the wrapper calls (the solver, which writes
# files, and the allocator hooks stay out), plus malloc/free for buffers.
# A function the library lacks (mancala_table_open_memory before 1.1) is
# left out, and the wrapper says so when it is called.
exports=$(for f in $(grep -o '_mancala_[a-z0-9_]*' src/index.ts | sort -u); do
    if grep -q "^MANCALA_EXPORT .*[ *]${f#_}(" "$root"/lib/*/*.c; then printf '%s,' "$f"; fi
done)

# -O3 -flto: the fastest of -O2/-O3, with or without LTO and SIMD, in
# bench.mjs (LTO also inlines wasm/memcmp.c into the repetition check).
# The files off the hot path (notation, match records and their tags,
# tables, the picture, messages, the narration of a move, and the tree of
# mancala_mcts(), whose time goes to the playouts in game.c) are compiled
# for size (-Oz marks their functions so for the link-time optimiser too;
# 400 bytes shorter than -Os), and the handle (game.c) at -O2, as fast
# there as -O3 in bench.mjs and 1.3 KB shorter: this keeps the module in
# its budget (test/package.test.mjs).
# EMCC_EXTRA adds flags (--profiling-funcs).
# emcc's optimiser (a node script) finds its modules here on Debian.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
cflags=(-flto ${EMCC_EXTRA:-} -std=c11 -Wall -Wextra -Werror
        -I"$root/include" -I"$gen" -I"$root/lib" -DXXH_INLINE_ALL -DXXH_NO_INLINE_HINTS=1)
objects=()
for c in "$root"/lib/*/*.c wasm/memcmp.c; do
    name=$(basename "$c" .c)
    case $name in
    port_windows) continue ;; # Windows' versions of POSIX calls (lib/platform/port.h)
    describe | facts | format | level | mcts | notation | out | record | solve_table | status | svg | tags) level=-Oz ;;
    batch) level=-Os ;; # the learning batch: 1.8 KB less than at -O3 (doc/javascript.md)
    game) level=-O2 ;;
    *) level=-O3 ;;
    esac
    # Without the fingerprints of endless lap starts (lib/rules/endless_table.h):
    # the stone count and the two-lap proof settle most moves, and the
    # others are sown (the same moves, as exact); the module keeps within
    # its budget (with them up to 12 stones: 65,733 bytes). The laps are
    # sown on the pits as one 16-byte vector (lib/rules/rio_kadalis.c): with
    # WebAssembly's SIMD (every browser since 2023, Node 16.4), 679 bytes
    # more and legalMoves()+play() 9 % faster; without, emcc spells each
    # vector operation out in bytes, 7.3 KB more.
    defines=()
    [ "$name" != rio_kadalis ] || defines=(-DENDLESS_TABLE_STONES=0 -msimd128)
    emcc "$level" "${cflags[@]}" "${defines[@]}" -c "$c" -o "$gen/$name.o"
    objects+=("$gen/$name.o")
done
emcc -O3 -flto ${EMCC_EXTRA:-} "${objects[@]}" \
    -sMODULARIZE -sEXPORT_ES6 -sENVIRONMENT=web -sWASM_BIGINT -sALLOW_MEMORY_GROWTH \
    -sFILESYSTEM=0 -sMALLOC=emmalloc -sEXPORT_NAME=createMancalaModule \
    -sEXPORTED_FUNCTIONS="${exports}_malloc,_free" \
    -sEXPORTED_RUNTIME_METHODS=[] \
    -o "$out/mancala.mjs"

# npm pack takes LICENSE from the package's folder: the one at the top of
# the repository, copied (a symbolic link would be left out).
cp "$root/LICENSE" LICENSE

# The declarations keep the comments, for editors; the JavaScript (glue
# and wrapper) is minified, as it counts against the size budget.
npx --no-install tsc -p tsconfig.json
for js in "$out/index.js" "$out/mancala.mjs"; do
    npx --no-install terser "$js" --module --compress --mangle -o "$js.tmp"
    mv "$js.tmp" "$js"
done

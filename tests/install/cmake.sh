#!/usr/bin/env bash
# CMake consumer test: installs the build into a staging directory, then
# builds the examples as a CMake game would (find_package(mancala 1.3),
# target mancala::mancala; tests/install/cmake/CMakeLists.txt), linked
# shared and static, and checks that they print what the in-tree examples
# print.
#
# Usage: cmake.sh BUILDDIR SOURCEDIR PREFIX CC...
set -euo pipefail

build=$1 source=$2 prefix=$3
shift 3
cc=("$@")

command -v cmake >/dev/null || { echo "cmake not found (Debian package cmake)"; exit 77; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/root

fail() { echo "FAIL: $*"; exit 1; }

meson install -C "$build" --destdir "$root" --no-rebuild --quiet
config=$(find "$root$prefix" -name mancalaConfig.cmake)
[ -n "$config" ] || fail "mancalaConfig.cmake was not installed (configure with cmake on PATH)"
[ -f "$(dirname "$config")/mancalaConfigVersion.cmake" ] || fail "mancalaConfigVersion.cmake was not installed"
version=$(meson introspect --projectinfo "$build" |
          python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')

for kind in shared static; do
    static=OFF
    [ $kind = static ] && static=ON
    # The staged prefix comes before the system's: a libmancala installed
    # on this machine must not answer (checked below).
    CC="${cc[*]}" cmake -S "$source/tests/install/cmake" -B "$stage/$kind" -G Ninja \
        -DCMAKE_PREFIX_PATH="$root$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
        -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF \
        -DMANCALA_USE_STATIC_LIBS=$static -DEXPECTED_VERSION="$version" \
        -DEXAMPLES="$source/examples" >"$stage/$kind.log" 2>&1 \
        || { cat "$stage/$kind.log"; fail "cmake ($kind) failed to configure"; }
    grep -qxF -- "-- mancala package: $(dirname "$config")" "$stage/$kind.log" \
        || fail "cmake ($kind) did not find the staged package"
    cmake --build "$stage/$kind" >>"$stage/$kind.log" 2>&1 \
        || { cat "$stage/$kind.log"; fail "cmake ($kind) failed to build"; }
    if readelf -d "$stage/$kind/embed" | grep -c 'NEEDED.*\[libmancala\.so\.1\]' >/dev/null; then
        [ $kind = shared ] || fail "the static program needs libmancala.so.1"
    else
        [ $kind = static ] || fail "the shared program does not need libmancala.so.1"
    fi
    for example in embed demo; do
        args=()
        [ $example = demo ] && args=(7)
        env LD_LIBRARY_PATH="$(dirname "$(dirname "$(dirname "$config")")")" \
            "$stage/$kind/$example" "${args[@]}" >"$stage/$example-$kind.out" \
            || fail "$example ($kind) exited with $?"
        "$build/examples/mancala-$example" "${args[@]}" >"$stage/$example.expected"
        cmp -s "$stage/$example.expected" "$stage/$example-$kind.out" \
            || fail "$example ($kind) printed other output than the in-tree example"
    done
    echo "$kind: embed and demo built with CMake (find_package(mancala 1.3)) and ran"
done

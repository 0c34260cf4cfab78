#!/usr/bin/env bash
# Consumer test: installs the build into a staging directory, then builds
# the examples as another project would, with nothing but
# `pkg-config --cflags --libs mancala`, linked shared and static, and
# checks that they print what the in-tree examples print.
#
# Usage: consumer.sh BUILDDIR SOURCEDIR PREFIX LIBDIR CC...
set -euo pipefail

build=$1 source=$2 prefix=$3 libdir=$4
shift 4
cc=("$@")

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/root

meson install -C "$build" --destdir "$root" --no-rebuild --quiet

case $libdir in /*) ;; *) libdir=$prefix/$libdir ;; esac
# Only the staged mancala.pc, never one installed on this machine, and
# the system's own (libxxhash.pc, which mancala.pc requires); the sysroot
# prefixes its -I and -L paths with the staging directory.
export PKG_CONFIG_LIBDIR=$root$libdir/pkgconfig:$(pkg-config --variable pc_path pkg-config)
export PKG_CONFIG_SYSROOT_DIR=$root
unset PKG_CONFIG_PATH

fail() { echo "FAIL: $*"; exit 1; }

[ -f "$root$prefix/share/man/man3/mancala.3" ] || fail "mancala.3 was not installed"
[ -f "$root$prefix/share/man/man3/mancala_play.3" ] || fail "mancala_play.3 was not installed"
# The dynamic linker searches /usr and /usr/local itself (after ldconfig):
# a program installed there carries no run path (tests/install/prefix.sh
# checks one installed elsewhere).
case $prefix in
/usr | /usr/local)
    if readelf -d "$root$prefix/bin/mancala" | grep -c 'R.*PATH' >/dev/null; then
        fail "bin/mancala installed in $prefix has a run path"
    fi
    ;;
esac
pkg-config --exists mancala || fail "pkg-config does not find the installed mancala.pc"
# XXH3 through libxxhash's own pkg-config file, not a hand-written -lxxhash.
pc=$root$libdir/pkgconfig/mancala.pc
grep -qx 'Requires.private: libxxhash' "$pc" || fail "mancala.pc does not require libxxhash privately"
if grep -q 'xxhash' <(grep -v '^Requires.private:' "$pc"); then
    fail "mancala.pc names xxhash outside Requires.private"
fi
[[ " $(pkg-config --static --libs mancala) " == *" -lxxhash "* ]] \
    || fail "pkg-config --static --libs mancala lacks -lxxhash"
# The licence goes with every copy.
cmp -s "$root$prefix/share/doc/mancala/LICENSE" "$source/LICENSE" \
    || fail "LICENSE was not installed in share/doc/mancala"
echo "mancala.pc: version $(pkg-config --modversion mancala)"
echo "  shared: $(pkg-config --cflags --libs mancala)"
echo "  static: $(pkg-config --static --cflags --libs mancala)"

run_examples() { # KIND RUNNER...
    local kind=$1
    shift
    for example in embed demo; do
        local args=()
        [ $example = demo ] && args=(7)
        "$@" "$stage/$example-$kind" "${args[@]}" >"$stage/$example-$kind.out" \
            || fail "$example ($kind) exited with $?"
        "$build/examples/mancala-$example" "${args[@]}" >"$stage/$example.expected"
        cmp -s "$stage/$example.expected" "$stage/$example-$kind.out" \
            || fail "$example ($kind) printed other output than the in-tree example"
    done
}

# Shared: the program needs libmancala.so.1 and finds it in the staging
# directory (LD_LIBRARY_PATH comes before any installed copy).
for example in embed demo; do
    # shellcheck disable=SC2046 # pkg-config's output is a list of words
    "${cc[@]}" $(pkg-config --cflags mancala) "$source/examples/$example.c" \
        -o "$stage/$example-shared" $(pkg-config --libs mancala)
done
# grep -c, not grep -q, after a pipe: with pipefail, grep -q exiting early
# would fail the pipeline through the writer's SIGPIPE.
readelf -d "$stage/embed-shared" | grep -c 'NEEDED.*\[libmancala\.so\.1\]' >/dev/null \
    || fail "the shared program does not need libmancala.so.1"
LD_LIBRARY_PATH=$root$libdir ldd "$stage/embed-shared" >"$stage/ldd.out"
grep -q "=> $root$libdir/libmancala.so.1 " "$stage/ldd.out" \
    || { cat "$stage/ldd.out"; fail "the shared program does not load the staged libmancala.so.1"; }
run_examples shared env LD_LIBRARY_PATH="$root$libdir"
echo "shared: embed and demo built and ran"

# Static: everything from libmancala.a and Libs.private, no shared objects.
for example in embed demo; do
    # shellcheck disable=SC2046
    "${cc[@]}" -static $(pkg-config --static --cflags mancala) "$source/examples/$example.c" \
        -o "$stage/$example-static" $(pkg-config --static --libs mancala)
done
if readelf -d "$stage/embed-static" | grep -c NEEDED >/dev/null; then
    fail "the static program still needs shared objects"
fi
run_examples static env
echo "static: embed and demo built and ran"

#!/usr/bin/env bash
# The `links-installed` test: installs the build's manual and header into a
# staging folder and checks every relative link of the installed pages
# (doc/check_links.py), as a reader of /usr/share/doc/mancala follows them.
#
# Usage: check_installed_links.sh BUILDDIR DOCDIR CHECK_LINKS.PY
set -euo pipefail
build=$1 docdir=$2 check=$3
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
meson install -C "$build" --destdir "$stage" --no-rebuild --quiet --tags doc,devel
shopt -s nullglob
pages=("$stage$docdir"/*.md)
[ ${#pages[@]} -gt 0 ] || { echo "FAIL: no page installed in $docdir"; exit 1; }
exec python3 "$check" "$stage" "${pages[@]}"

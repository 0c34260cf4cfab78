#!/bin/bash
# Runs one mancala-bench command against several builds of the library,
# in turn (A B C A B C ...), and prints the median rate of each with its
# minimum and maximum, and the ratio of each median to the first one's.
# Runs taken in turn see the same machine: on a shared one, only such
# ratios mean something.
#
#   bench/compare.sh [-n RUNS] BENCH LIBDIR... -- COMMAND ARGS...
#
# BENCH is a mancala-bench program, each LIBDIR a folder holding a
# libmancala.so.1 (a build's lib/ folder); the library is swapped with
# LD_LIBRARY_PATH, so every build runs the same benchmark program.
# Example:
#   bench/compare.sh -n 7 build/bench/mancala-bench old/build/lib build/lib \
#       -- playouts rio-kadalis 100000 1
#
# SPDX-License-Identifier: MIT
set -eu

runs=7
if [ "${1:-}" = "-n" ]; then
    runs=${2:-}
    if ! [[ $runs =~ ^[1-9][0-9]{0,3}$ ]]; then
        echo "$0: -n takes a number of runs from 1 to 9999, not $(printf '%q' "$runs" | cut -c1-40)" >&2
        exit 2
    fi
    shift 2
fi
if [ $# -lt 4 ]; then
    echo "usage: $0 [-n RUNS] BENCH LIBDIR... -- COMMAND ARGS..." >&2
    exit 2
fi
bench=$1
shift
libs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    libs+=("$1")
    shift
done
if [ $# -lt 2 ] || [ ${#libs[@]} -eq 0 ]; then
    echo "usage: $0 [-n RUNS] BENCH LIBDIR... -- COMMAND ARGS..." >&2
    exit 2
fi
shift
for lib in "${libs[@]}"; do
    if [ ! -e "$lib/libmancala.so.1" ]; then
        echo "$0: no libmancala.so.1 in $(printf '%q' "$lib" | cut -c1-80)" >&2
        exit 2
    fi
done

rates=$(mktemp)
trap 'rm -f "$rates"' EXIT
for ((r = 0; r < runs; r++)); do
    for i in "${!libs[@]}"; do
        line=$(LD_LIBRARY_PATH="${libs[$i]}" "$bench" "$@")
        rate=$(printf '%s\n' "$line" | sed -n 's/.*_per_s=\([0-9]*\).*/\1/p')
        if [ -z "$rate" ]; then
            echo "$0: no rate in the output of $(printf '%q' "$bench" | cut -c1-80): $(printf '%q' "$line" | cut -c1-200)" >&2
            exit 1
        fi
        echo "$i $rate" >>"$rates"
    done
done

echo "$*  (medians of $runs runs, millions per second, min-max)"
first=""
for i in "${!libs[@]}"; do
    # The median, minimum and maximum of this build's rates.
    read -r median low high < <(awk -v i="$i" '$1 == i { print $2 }' "$rates" | sort -n |
        awk '{ v[NR] = $1 } END { printf "%s %s %s\n", v[int((NR + 1) / 2)], v[1], v[NR] }')
    [ -n "$first" ] || first=$median
    awk -v lib="${libs[$i]}" -v m="$median" -v lo="$low" -v hi="$high" -v f="$first" \
        'BEGIN { printf "  %-40s %8.2f (%.2f-%.2f)  x%.2f\n", lib, m / 1e6, lo / 1e6, hi / 1e6, m / f }'
done

#!/usr/bin/env bash
# mancala-solve-mpi against the single-process solver: the tables written by
# 1, 2, 3 and 4 processes are byte-identical to 'mancala solve's, for every
# pit open up to 12 stones and for round configurations with closed pits;
# and a job whose process is killed in the middle of a layer resumes, with
# the same or another number of processes, to the same table.
#
#   solve_mpi.sh MANCALA MANCALA_SOLVE_MPI MPIRUN
set -euo pipefail
mancala=$(realpath "$1") solve_mpi=$(realpath "$2") mpirun=$3
# More processes than cores (CI machines have two), and as root in CI.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Waiting processes yield the core: with more processes than cores, busy
# polling slows everyone.
export OMPI_MCA_mpi_yield_when_idle=1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"

fail() { echo "FAIL: $*" >&2; exit 1; }

run() { # NP ARGS...: the MPI solver on NP processes
    local np=$1
    shift
    "$mpirun" --oversubscribe -np "$np" "$solve_mpi" "$@"
}

same() { # NAME ARGS...: every NP from 1 to 4 against the single process
    local name=$1
    shift
    "$mancala" solve "$@" -q -o "ref-$name.table" >/dev/null
    for np in 1 2 3 4; do
        run "$np" "$@" -q -o "$name-$np.table" >"$name-$np.log" 2>&1 ||
            { cat "$name-$np.log" >&2; fail "$name: -np $np failed"; }
        cmp "ref-$name.table" "$name-$np.table" || fail "$name: -np $np differs"
        echo "ok: $name, -np $np: the same table ($(grep -o 'seconds=[0-9.]*' "$name-$np.log"))"
    done
}

same all-open-12 rio-kadalis --max-stones 12
same open-1-6-step-4 rio-kadalis --open 1,6 --step 4 --max-stones 16
same open-2-2 rio-kadalis --open 2,2
same five-open-3-2 rio-kadalis-5-cw --open 3,2 --max-stones 12

# Killed in the middle of a layer (the test hook of solve_mpi.c), then run
# again: resumes from the last finished layer, here with a different and
# then with the same number of processes.
resume() { # KILLED-NP KILLED-RANK LAYER RESUMED-NP
    rm -f k.table k.table.*
    if MANCALA_SOLVE_MPI_KILL="$2,$3" run "$1" rio-kadalis --max-stones 10 -o k.table \
        >killed.log 2>&1; then
        fail "the job with a killed process succeeded"
    fi
    [ -e k.table ] && fail "a killed job left a table"
    [ -s k.table.mpi-partial ] || fail "no checkpoint"
    run "$4" rio-kadalis --max-stones 10 -o k.table >resumed.log 2>&1 ||
        { cat resumed.log >&2; fail "the resumed job failed"; }
    grep -q "^resuming from layer $3 " resumed.log || { cat resumed.log >&2; fail "did not resume at $3"; }
    cmp ref-10.table k.table || fail "the resumed table differs (-np $1 killed at $3, -np $4)"
    [ -e k.table.mpi-partial ] && fail "the checkpoint was left"
    echo "ok: -np $1 killed in layer $3, resumed on -np $4: the same table"
}
"$mancala" solve rio-kadalis --max-stones 10 -q -o ref-10.table >/dev/null

# Exchanges in many rounds and windows (the test hook of solve_mpi.c makes
# them a few hundred positions and nodes): the same table.
for np in 1 3; do
    MANCALA_SOLVE_MPI_SMALL=1 run "$np" rio-kadalis --max-stones 10 -q -o small.table >/dev/null
    cmp ref-10.table small.table || fail "-np $np with small windows differs"
    echo "ok: -np $np in small rounds and windows: the same table"
done
resume 3 1 7 2
resume 2 0 9 2
resume 4 3 10 1

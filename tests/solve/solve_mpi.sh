#!/usr/bin/env bash
# mancala-solve-mpi against the single-process solver: the tables written by
# 1, 2, 3 and 4 processes are byte-identical to 'mancala solve's, for every
# pit open up to 12 stones and for round configurations with closed pits;
# and a job whose process is killed in the middle of a layer resumes, with
# the same or another number of processes, to the same table; a partial
# file in use, damaged or of other arguments is refused and kept; a
# checkpoint that cannot be written (a full tmpfs) fails the job, which
# then resumes.
#
# The same for the lean solver (--lean): its tables against 'mancala solve
# --lean', and (with SOLVE_LEAN_STATS) their values against the table
# solver's; a job killed in a layer resumed on another number of
# processes; the partial file of one solver refused by the other.
#
#   solve_mpi.sh MANCALA MANCALA_SOLVE_MPI MPIRUN [SOLVE_LEAN_STATS]
set -euo pipefail
mancala=$(realpath "$1") solve_mpi=$(realpath "$2") mpirun=$3
lean_stats=${4:+$(realpath "$4")}
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

# A partial file is refused, and left as it is, when another job holds it
# (here a lock taken as a solve takes it), when it is damaged (one byte of
# a finished layer changed) or of other arguments; removed, the job starts
# afresh.
refused() { # WHAT MESSAGE ARGS...: the job on $table (k.table) fails, saying
    # MESSAGE, its partial file unchanged
    local what=$1 message=$2 t=${table:-k.table}
    shift 2
    cp "$t.mpi-partial" before.partial
    if run 2 "$@" -o "$t" >refused.log 2>&1; then
        fail "$what: the job succeeded"
    fi
    grep -qF "$message" refused.log || { cat refused.log >&2; fail "$what: no message"; }
    cmp before.partial "$t.mpi-partial" || fail "$what: the partial file was changed"
    [ -e "$t" ] && fail "$what: a table was written"
    echo "ok: $what: refused, the partial file kept"
}
rm -f k.table k.table.*
MANCALA_SOLVE_MPI_KILL=1,7 run 2 rio-kadalis --max-stones 10 -o k.table >killed.log 2>&1 &&
    fail "the job with a killed process succeeded"
: >locked.log # there before the holder starts, for the wait below
python3 - k.table.mpi-partial >locked.log 2>&1 <<'PY' &
import fcntl, sys, time
with open(sys.argv[1], "r+b") as f:
    fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    print("locked", flush=True)
    time.sleep(120)
PY
holder=$!
for _ in $(seq 100); do grep -q locked locked.log && break; sleep 0.1; done
refused "in use by another job" "is in use by another solve" rio-kadalis --max-stones 10
kill "$holder"
wait "$holder" || true
refused "other arguments" "not a checkpoint of this solve" rio-kadalis --max-stones 9
# Layer 3 starts at entry C(14, 12) = 91 of the table: change its first byte.
printf '\x7f' | dd of=k.table.mpi-partial bs=1 seek=$((64 + 91 * 4)) conv=notrunc status=none
refused "a damaged layer" "does not match its checksum" rio-kadalis --max-stones 10
rm k.table.mpi-partial
run 2 rio-kadalis --max-stones 10 -q -o k.table >/dev/null
cmp ref-10.table k.table || fail "the solve after removing the partial file differs"

# A checkpoint that cannot be written (a full disk: a small tmpfs, where
# the test may mount one) fails the job with a message and keeps the
# layers before it; with room again, the same command goes on from there
# to the same table.
mkdir full
if mount -t tmpfs -o size=1m tmpfs full 2>/dev/null; then
    # (Under set -e: an umount that fails, the tmpfs gone already, must not
    # become the script's status.)
    trap 'umount "$dir/full" 2>/dev/null || true; rm -rf "$dir"' EXIT
    # (On 3 processes: Open MPI's collective writes hung there.)
    if run 3 rio-kadalis --max-stones 10 -o full/k.table >full.log 2>&1; then
        fail "a job on a full disk succeeded"
    fi
    grep -q "the checkpoint of the layer of [0-9]* stones could not be written to \
full/k.table.mpi-partial (No space left on device)" full.log ||
        { cat full.log >&2; fail "no message about the failed checkpoint"; }
    layer=$(sed -n 's/.*the checkpoint of the layer of \([0-9]*\) stones could not.*/\1/p' full.log)
    mount -o remount,size=16m full
    run 2 rio-kadalis --max-stones 10 -o full/k.table >resumed.log 2>&1 ||
        { cat resumed.log >&2; fail "the job with room again failed"; }
    grep -q "^resuming from layer $layer " resumed.log ||
        { cat full.log resumed.log >&2; fail "did not resume at layer $layer"; }
    cmp ref-10.table full/k.table || fail "the table after a full disk differs"
    umount full
    echo "ok: a full disk at layer $layer failed the job; resumed to the same table"
else
    echo "skip: no tmpfs can be mounted here (not root?): the full disk is not tested"
fi

# Through a symbolic link the partial file is beside the file it leads
# to, and the messages name that one; a complete table there is named so.
mkdir sub
touch sub/real.table
ln -s sub/real.table link.table
cp ref-10.table sub/real.table.mpi-partial
if run 2 rio-kadalis --max-stones 10 -o link.table >link.log 2>&1; then
    fail "a job with a table at the partial file's name succeeded"
fi
grep -qF "$(realpath sub)/real.table.mpi-partial is a complete table, not the checkpoint" link.log ||
    { cat link.log >&2; fail "the partial file through a link not named"; }
cmp ref-10.table sub/real.table.mpi-partial || fail "the refused table was changed"
echo "ok: through a link: the partial file named, a complete table there refused as such"

# SIGTERM (as mpirun forwards it) stops the job inside a layer, with a
# message; the finished layers are kept and the same command goes on.
"$mancala" solve rio-kadalis --open 1,6 --step 4 -q -o ref-1-6.table >/dev/null
rm -f t.table t.table.*
# mpirun itself in the background (not a subshell running it): the
# signal goes to mpirun, which forwards it to the processes.
"$mpirun" --oversubscribe -np 2 "$solve_mpi" rio-kadalis --open 1,6 --step 4 -o t.table \
    >term.log 2>&1 &
job=$!
for _ in $(seq 600); do grep -q "^layer 16/" term.log && break; sleep 0.1; done
kill -TERM "$job"
# A job that wrote its table and was ending when the signal came is no
# stopped job, whatever mpirun's status; one that says it was interrupted
# must have written no table.
if wait "$job" || { [ -e t.table ] && ! grep -q "interrupted" term.log; }; then
    echo "skip: the job ended before SIGTERM reached it"
else
    grep -q "interrupted; t.table is as it was" term.log || { cat term.log >&2; fail "no message"; }
    [ -e t.table ] && fail "an interrupted job wrote a table"
    run 2 rio-kadalis --open 1,6 --step 4 -o t.table >resumed.log 2>&1 ||
        { cat resumed.log >&2; fail "the job after SIGTERM failed"; }
    grep -q "^resuming from layer" resumed.log || { cat resumed.log >&2; fail "did not resume"; }
    cmp ref-1-6.table t.table || fail "the table after SIGTERM differs"
    echo "ok: SIGTERM stopped the job; resumed to the same table"
fi

# ---- The lean solver (--lean, format 3) ----
# The same table as 'mancala solve --lean', byte for byte, on 1 to 4
# processes: every pit open, a round with closed pits in steps of 4, a
# five-hole clockwise round; in rounds of a few hundred positions too.
same lean-all-open-7 rio-kadalis --max-stones 7 --lean
same lean-open-1-6-step-4 rio-kadalis --open 1,6 --step 4 --max-stones 16 --lean
same lean-five-cw-3-2 rio-kadalis-5-cw --open 3,2 --max-stones 12 --lean
for np in 1 3; do
    MANCALA_SOLVE_MPI_SMALL=1 run "$np" rio-kadalis --max-stones 7 --lean -q -o small.table >/dev/null
    cmp ref-lean-all-open-7.table small.table || fail "--lean -np $np in small rounds differs"
    echo "ok: --lean -np $np in small rounds: the same table"
done
# The same values as the table solver's (format 2), entry by entry.
if [ -n "$lean_stats" ]; then
    for name in open-1-6-step-4 five-cw-3-2; do
        format2=ref-$name.table
        [ "$name" = five-cw-3-2 ] && format2=ref-five-open-3-2.table
        "$lean_stats" compare "$format2" "lean-$name-3.table" >compare.log ||
            { cat compare.log >&2; fail "--lean $name: values differ from format 2"; }
        grep -q " differ 0$" compare.log || { cat compare.log >&2; fail "no comparison"; }
        echo "ok: --lean $name: the values of format 2 ($(cat compare.log))"
    done
fi

# Killed in the middle of a layer (after its first value sweep), resumed
# with another number of processes: the same table. The test hook's small
# rounds also keep the state of the layer after every sweep: the job then
# goes on from the sweep it had done (a value sweep, or with ",d" a
# distance sweep); without, from the layer's start.
lean_args=(rio-kadalis --open 1,6 --step 4 --max-stones 16 --lean)
lean_resume() { # KILLED-NP KILLED-RANK LAYER[,d] RESUMED-NP [small]
    local sweeps="1 value sweeps and 0 distance sweeps"
    case $3 in *,d) sweeps="[0-9]* value sweeps and 1 distance sweeps" ;; esac
    set -- "$1" "$2" "${3%,d}" "$4" "${5:-}" "$3"
    rm -f l.table l.table.*
    if MANCALA_SOLVE_MPI_KILL="$2,$6" MANCALA_SOLVE_MPI_SMALL=${5:+1} \
        run "$1" "${lean_args[@]}" -o l.table >killed.log 2>&1; then
        fail "the --lean job with a killed process succeeded"
    fi
    [ -e l.table ] && fail "a killed --lean job left a table"
    [ -s l.table.mpi-partial ] || fail "no --lean checkpoint"
    run "$4" "${lean_args[@]}" -o l.table >resumed.log 2>&1 ||
        { cat resumed.log >&2; fail "the resumed --lean job failed"; }
    # (The partial file counts layers to the next one not done: 9 for 12.)
    grep -q "^resuming from layer" resumed.log && [ "$(grep -m1 "^layer " resumed.log |
        cut -d/ -f1)" = "layer $3" ] || { cat resumed.log >&2; fail "--lean did not resume at $3"; }
    if [ -n "${5:-}" ]; then
        grep -q "^resuming the layer of $3 stones after $sweeps$" \
            resumed.log || { cat resumed.log >&2; fail "--lean did not resume inside layer $3"; }
    else
        grep -q "^resuming the layer" resumed.log && fail "--lean resumed a layer never kept"
    fi
    cmp ref-lean-open-1-6-step-4.table l.table ||
        fail "the resumed --lean table differs (-np $1 killed at $3, -np $4)"
    [ -e l.table.mpi-partial ] && fail "the --lean checkpoint was left"
    echo "ok: --lean -np $1 killed in layer $3, resumed on -np $4${5:+ inside the layer}: the same table"
}
lean_resume 3 1 12 2
lean_resume 2 0 16 4 small
lean_resume 4 3 12 1 small
lean_resume 3 2 16,d 2 small

# The state of a layer that does not verify (one byte of its bounds
# changed) is refused, and the partial file kept.
rm -f l.table l.table.*
MANCALA_SOLVE_MPI_KILL=1,16 MANCALA_SOLVE_MPI_SMALL=1 run 2 "${lean_args[@]}" -o l.table \
    >killed.log 2>&1 && fail "the --lean job with a killed process succeeded"
python3 - l.table.mpi-partial <<'PY'
import math, sys
# Layer 16 of --open 1,6 --step 4: both sides of 7 open pits.
start = sum(2 * math.comb(t + 6, 6) for t in range(0, 16, 4))
with open(sys.argv[1], "r+b") as f:
    f.seek(64 + 2 * (start + 1000))
    byte = f.read(1)
    f.seek(64 + 2 * (start + 1000))
    f.write(bytes([byte[0] ^ 1]))
PY
cp l.table.mpi-partial before.partial
if run 3 "${lean_args[@]}" -o l.table >refused.log 2>&1; then
    fail "a damaged --lean layer state was resumed"
fi
grep -q "l.table.mpi-partial is not a checkpoint of this solve" refused.log ||
    { cat refused.log >&2; fail "a damaged --lean layer state: no message"; }
cmp before.partial l.table.mpi-partial || fail "the damaged --lean partial file was changed"
echo "ok: a damaged --lean layer state: refused, the partial file kept"

# The partial file of one solver is refused by the other, and kept.
cross() { # WHAT MESSAGE KILLED-ARGS -- REFUSING-ARGS
    local what=$1 message=$2
    shift 2
    local killed=()
    while [ "$1" != -- ]; do killed+=("$1"); shift; done
    shift
    rm -f x.table x.table.*
    MANCALA_SOLVE_MPI_KILL=1,8 run 2 "${killed[@]}" -o x.table >killed.log 2>&1 &&
        fail "$what: the job with a killed process succeeded"
    table=x.table refused "$what" "$message" "$@"
}
another="x.table.mpi-partial was written by another version of the solver and cannot be resumed"
cross "the table solver's partial file given to --lean" "$another" \
    rio-kadalis --max-stones 10 -- rio-kadalis --max-stones 10 --lean
cross "a --lean partial file given to the table solver" "$another" \
    rio-kadalis --max-stones 10 --lean -- rio-kadalis --max-stones 10
cross "a --lean partial file of other arguments" "not a checkpoint of this solve" \
    rio-kadalis --max-stones 10 --lean -- rio-kadalis --max-stones 9 --lean

# SIGTERM stops a --lean job inside a layer, with a message, keeping the
# state of the layer; the same command goes on from there.
# (The whole round, up to 28 stones: its larger layers take a while.)
"$mancala" solve rio-kadalis --open 1,6 --step 4 --lean -q -o ref-lean-1-6.table >/dev/null
rm -f t.table t.table.*
"$mpirun" --oversubscribe -np 2 "$solve_mpi" rio-kadalis --open 1,6 --step 4 --lean -o t.table \
    >term.log 2>&1 &
job=$!
for _ in $(seq 600); do grep -q "^layer 16/" term.log && break; sleep 0.1; done
kill -TERM "$job"
if wait "$job" || { [ -e t.table ] && ! grep -q "interrupted" term.log; }; then
    echo "skip: the --lean job ended before SIGTERM reached it"
else
    # It says at once that it is stopping, then that it stopped.
    [ "$(grep "^mancala: solve-mpi: " term.log)" = "mancala: solve-mpi: stopping: writing the \
layer under way to t.table.mpi-partial ...
mancala: solve-mpi: interrupted; t.table is as it was (the same command goes on from where it \
stopped, kept in t.table.mpi-partial)" ] || { cat term.log >&2; fail "no messages"; }
    [ -e t.table ] && fail "an interrupted --lean job wrote a table"
    run 3 rio-kadalis --open 1,6 --step 4 --lean -o t.table >resumed.log 2>&1 ||
        { cat resumed.log >&2; fail "the --lean job after SIGTERM failed"; }
    grep -q "^resuming the layer of" resumed.log || { cat resumed.log >&2; fail "did not resume"; }
    cmp ref-lean-1-6.table t.table || fail "the --lean table after SIGTERM differs"
    echo "ok: SIGTERM stopped the --lean job; resumed on 3 processes to the same table"
fi

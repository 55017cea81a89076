#!/bin/sh
# mpi_test.sh DRLSIM [TEST_CLUSTER [SRCDIR]] - one job over MPI ranks (drlsim built
# with -Dmpi=enabled).
#  - test_cluster (the reductions of cluster.h against the serial merge) passes
#    under mpirun -n 1, 2 and 3;
#  - `mpirun -n P drlsim run` for P = 1, 2, 3 (threads 1 and 2, jobs with fewer
#    chunks than ranks, ranks holding different strata of dlevels 1-1000,
#    --ranges with several parts, --shard, --resume) writes
#    the same report, byte for byte, as the reference run without mpirun;
#  - `drlsim rooms` prints the same table and JSON, once;
#  - only rank 0 writes: one output file, no temporary files left, one report
#    on stdout;
#  - a rank that fails while the others wait in a collective ends the job with
#    a non-zero status and a message naming the rank (no hang), and so does
#    rank 0 when the report's directory is not writable, and ranks given
#    different jobs or different rule tables (--data copies that differ);
#    a build without MPI under mpirun warns;
#  - SIGTERM to every rank (as scancel does) leaves a valid partial report equal
#    to a run of its completed ranges; so do SIGTERM to one rank and then the
#    other, and SIGINT to mpirun.  No case hangs (a watchdog kills at 120 s).
# The reference is $DRLSIM_REF (a drlsim built without MPI) when set, else
# DRLSIM itself run directly (one process, P = 1).
drlsim=$1
ref=${DRLSIM_REF:-$drlsim}
. "$(dirname "$0")/harness.sh"

if ! command -v mpirun >/dev/null 2>&1; then
    echo "mpi_test: no mpirun on PATH"
    echo "0 passed, 1 failed"
    exit 1
fi
# Open MPI refuses root unless told, and more ranks than cores unless told.
mpiflags="--oversubscribe"
[ "$(id -u)" = 0 ] && mpiflags="$mpiflags --allow-run-as-root"
# mpirun with a watchdog: a hung job is killed after 120 s (exit 137).
mpi() {
    n=$1; shift
    # shellcheck disable=SC2086
    timeout -s KILL 120 mpirun $mpiflags -n "$n" "$@"
}
echo "reference: $ref"

# --- the reductions themselves ------------------------------------------------
if [ -n "$2" ]; then
    for n in 1 2 3; do
        mpi $n "$2" >"$tmp/tc.out" 2>&1 && ok || ko "mpirun -n $n test_cluster: $(cat "$tmp/tc.out")"
    done
fi

# --- byte-identical reports -------------------------------------------------
job="--levels 30000 --dlevels 1-12 --seed 77 --difficulty 4 --progress never"
# shellcheck disable=SC2086
"$ref" run $job --out "$tmp/ref.json" 2>/dev/null || ko "reference run"
for n in 1 2 3; do
    for th in 1 2; do
        mkdir "$tmp/o$n$th"
        # shellcheck disable=SC2086
        mpi $n "$drlsim" run $job --threads $th --out "$tmp/o$n$th/r.json" 2>"$tmp/err" \
            || ko "mpirun -n $n run --threads $th: $(cat "$tmp/err")"
        cmp -s "$tmp/ref.json" "$tmp/o$n$th/r.json" && ok \
            || ko "mpirun -n $n --threads $th: report differs from the reference"
        # one file, written by one rank, no temporary left behind
        [ "$(ls -A "$tmp/o$n$th")" = r.json ] && ok || ko "-n $n: output dir has $(ls -A "$tmp/o$n$th")"
        [ "$(grep -c 'levels in' "$tmp/err")" = 1 ] && ok || ko "-n $n: summary not printed once"
    done
done
# Fewer chunks (2 of 4096 levels) than ranks; several parts; a shard; resume.
small="--levels 5000 --dlevel 7 --seed 5 --progress never"
# shellcheck disable=SC2086
"$ref" run $small --out "$tmp/small.json" 2>/dev/null
# shellcheck disable=SC2086
mpi 3 "$drlsim" run $small --out "$tmp/small3.json" 2>/dev/null
cmp -s "$tmp/small.json" "$tmp/small3.json" && ok || ko "-n 3 with 2 chunks differs"
# Deep: a chunk a rank over dlevels 1-1000, so the ranks hold different
# strata and the reduction must first agree on their union.
deep="--levels 12000 --dlevels 1-1000 --seed 12 --progress never"
# shellcheck disable=SC2086
"$ref" run $deep --out "$tmp/deep.json" --csv "$tmp/deep" 2>/dev/null
for n in 2 3; do
    # shellcheck disable=SC2086
    mpi $n "$drlsim" run $deep --threads 1 --out "$tmp/deep$n.json" --csv "$tmp/deep$n" 2>/dev/null
    cmp -s "$tmp/deep.json" "$tmp/deep$n.json" && diff -r "$tmp/deep" "$tmp/deep$n" >/dev/null \
        && ok || ko "-n $n over dlevels 1-1000: report or CSV differs"
done
parts="--ranges 0-100,3000-9000,20000-29001"
# shellcheck disable=SC2086
"$ref" run $job $parts --out "$tmp/parts.json" 2>/dev/null
# shellcheck disable=SC2086
mpi 2 "$drlsim" run $job $parts --out "$tmp/parts2.json" 2>/dev/null
cmp -s "$tmp/parts.json" "$tmp/parts2.json" && ok || ko "-n 2 --ranges differs"
# shellcheck disable=SC2086
"$ref" run $job --shard 1/3 --out "$tmp/shard.json" 2>/dev/null
# shellcheck disable=SC2086
mpi 3 "$drlsim" run $job --shard 1/3 --out "$tmp/shard3.json" 2>/dev/null
cmp -s "$tmp/shard.json" "$tmp/shard3.json" && ok || ko "-n 3 --shard 1/3 differs"
mpi 2 "$drlsim" run --resume "$tmp/parts.json" --progress never --out "$tmp/resumed.json" 2>/dev/null
cmp -s "$tmp/ref.json" "$tmp/resumed.json" && ok || ko "-n 2 --resume differs from the whole run"

# The report on stdout (--out -): once, from rank 0.
# shellcheck disable=SC2086
mpi 3 "$drlsim" run $job >"$tmp/stdout.json" 2>/dev/null
cmp -s "$tmp/ref.json" "$tmp/stdout.json" && ok || ko "-n 3 --out -: stdout is not the one report"

# --- check ------------------------------------------------------------------
# The conformance check splits each sample group over the ranks: the same JSON
# and Markdown as the plain build, the summary printed once.
"$ref" check --scale 0.02 --seed 4 --progress never --json "$tmp/check.json" \
    --markdown "$tmp/check.md" >/dev/null 2>&1
for n in 2 3; do
    mpi $n "$drlsim" check --scale 0.02 --seed 4 --threads 1 --progress never \
        --json "$tmp/check$n.json" --markdown "$tmp/check$n.md" >"$tmp/check$n.txt" 2>/dev/null
    cmp -s "$tmp/check.json" "$tmp/check$n.json" && ok || ko "check -n $n: JSON differs"
    cmp -s "$tmp/check.md" "$tmp/check$n.md" && ok || ko "check -n $n: Markdown differs"
    [ "$(grep -c ' passed, ' "$tmp/check$n.txt")" = 1 ] && ok || ko "check -n $n: summary not printed once"
done

# --- rooms ------------------------------------------------------------------
for type in normal city; do
    "$ref" rooms --type $type --levels 20000 --seed 9 --progress never --json "$tmp/rooms.json" \
        >"$tmp/rooms.txt" 2>/dev/null
    for n in 2 3; do
        mpi $n "$drlsim" rooms --type $type --levels 20000 --seed 9 --progress never \
            --json "$tmp/rooms$n.json" >"$tmp/rooms$n.txt" 2>/dev/null
        cmp -s "$tmp/rooms.json" "$tmp/rooms$n.json" && ok || ko "rooms $type -n $n: JSON differs"
        cmp -s "$tmp/rooms.txt" "$tmp/rooms$n.txt" && ok || ko "rooms $type -n $n: table differs"
    done
done
mpi 2 "$drlsim" rooms --levels 5000 --progress never --json - >"$tmp/rj.txt" 2>/dev/null
[ "$(grep -c '"rooms_per_layout"' "$tmp/rj.txt")" = 1 ] && ok || ko "rooms --json - not printed once"

# --- failures ---------------------------------------------------------------
# Rank 1 fails at once (usage error) while rank 0 enters the reduction.
export drlsim tmp
mpi 2 sh -c 'if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then exec "$drlsim" run --resume "$tmp/none.json";
             else exec "$drlsim" run --levels 100000 --progress never --out "$tmp/fail.json"; fi' \
    >/dev/null 2>"$tmp/err"
st=$?
if [ "$st" != 0 ] && [ "$st" != 137 ] && grep -q "rank 1 of 2: failed with exit status 2" "$tmp/err"
then ok; else ko "failing rank: status $st, stderr: $(cat "$tmp/err")"; fi
[ ! -e "$tmp/fail.json" ] && ok || ko "a failed job wrote a report"

# Rank 0 cannot write the report: the job stops at once with its status 3.
mpi 2 "$drlsim" run --levels 1000 --progress never --out "$tmp/nodir/r.json" >/dev/null 2>"$tmp/err"
st=$?
[ "$st" = 3 ] && grep -q "rank 0 of 2: failed with exit status 3" "$tmp/err" && ok \
    || ko "unwritable --out: status $st, stderr: $(cat "$tmp/err")"

# Ranks given different jobs (here: different shards) refuse to add them up.
mpi 2 sh -c 'exec "$drlsim" run --levels 100000 --shard "$OMPI_COMM_WORLD_RANK/2" \
             --progress never --out "$tmp/mixed.json"' >/dev/null 2>"$tmp/err"
st=$?
[ "$st" = 2 ] && grep -q "ranks were given different jobs" "$tmp/err" && [ ! -e "$tmp/mixed.json" ] \
    && ok || ko "different jobs per rank: status $st, stderr: $(cat "$tmp/err")"
# Ranks reading different tables (one number of water.json changed in rank
# 1's --data copy, as a node with other files at the same path would).
if [ -n "$3" ]; then
    mkdir "$tmp/data0" "$tmp/data1"
    cp -r "$3"/../data/* "$tmp/data0/"
    cp -r "$3"/../data/* "$tmp/data1/"
    sed -i 's/"multiple": \[1, 3\]/"multiple": [1, 4]/' "$tmp/data1/water.json"
    mpi 2 sh -c 'exec "$drlsim" run --levels 100000 --data "$tmp/data$OMPI_COMM_WORLD_RANK" \
                 --progress never --out "$tmp/mixed2.json"' >/dev/null 2>"$tmp/err"
    st=$?
    [ "$st" = 2 ] && grep -q "ranks were given different rule tables" "$tmp/err" \
        && [ ! -e "$tmp/mixed2.json" ] \
        && ok || ko "different tables per rank: status $st, stderr: $(cat "$tmp/err")"
fi
# A build without MPI under mpirun says that every process runs the whole job.
if [ -n "$DRLSIM_REF" ]; then
    mpi 2 "$ref" run --levels 10 --progress never --out /dev/null 2>"$tmp/err"
    grep -q "built without MPI" "$tmp/err" && ok || ko "no warning from a build without MPI"
fi

# pids and ranks of the running processes whose command line has MARKER
ranks_of() {
    for d in /proc/[0-9]*; do
        { tr '\0' ' ' <"$d/cmdline"; } 2>/dev/null | grep -q -- "drlsim run .*$1" || continue
        r=$({ tr '\0' '\n' <"$d/environ"; } 2>/dev/null | sed -n 's/^OMPI_COMM_WORLD_RANK=//p')
        [ -n "$r" ] && echo "${d#/proc/} $r"
    done
}
# children_of PID: the processes whose parent is PID (procps may be absent).
children_of() {
    for d in /proc/[0-9]*; do
        { read -r _ _ _ pp _ <"$d/stat"; } 2>/dev/null || continue
        [ "$pp" = "$1" ] && echo "${d#/proc/}"
    done
}
# start_long NAME N [MPIRUN-OPTIONS]: a job of 10^9 levels on N ranks, in the
# background, once rank 0 is generating (its progress bar has been drawn).
start_long() {
    seed=$((424240 + $2))
    # shellcheck disable=SC2086
    timeout -s KILL 120 mpirun $mpiflags $3 -n "$2" "$drlsim" run --levels 1000000000 \
        --dlevels 1-12 --seed $seed --threads 1 --progress always --out "$tmp/$1.json" \
        >/dev/null 2>"$tmp/$1.err" &
    bg=$!
    i=0
    while ! grep -q "ETA" "$tmp/$1.err" 2>/dev/null && [ $i -lt 300 ]; do
        sleep 0.1; i=$((i + 1))
    done
    sleep 0.5
}
# check_partial NAME: a valid incomplete report, equal to a run of its ranges.
check_partial() {
    if python3 - "$tmp/$1.json" >"$tmp/$1.ranges" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] is False and 0 < r["levels"] < 10**9
assert sum(b - a for a, b in r["ranges"]) == r["levels"]
print(",".join(f"{a}-{b}" for a, b in r["ranges"]))
PY
    then ok; else ko "$1: not a valid partial report"; return; fi
    "$ref" run --levels 1000000000 --dlevels 1-12 --seed "$seed" --progress never \
        --ranges "$(cat "$tmp/$1.ranges")" --out "$tmp/$1.rerun.json" 2>/dev/null
    cmp -s "$tmp/$1.json" "$tmp/$1.rerun.json" && ok || ko "$1: differs from a run of its ranges"
}

# SIGTERM to every rank: all stop at a chunk boundary, rank 0 writes.
start_long term 3
ranks_of "--seed $seed" >"$tmp/pids"
[ "$(wc -l <"$tmp/pids")" = 3 ] && ok || ko "expected 3 ranks: $(cat "$tmp/pids")"
while read -r pid r; do kill -TERM "$pid"; done <"$tmp/pids"
wait $bg
st=$?
[ "$st" != 0 ] && [ "$st" != 137 ] && ok || ko "SIGTERM to all ranks: mpirun status $st"
grep -q "interrupted: report marked incomplete" "$tmp/term.err" && ok \
    || ko "SIGTERM to all ranks: $(tr '\r' '\n' <"$tmp/term.err" | tail -3)"
check_partial term

# SIGTERM to rank 1 alone: rank 1 stops, the others finish their blocks...
# of 10^9 levels: too long, so SIGTERM them a moment later.  No hang.
start_long one 2
ranks_of "--seed $seed" >"$tmp/pids"
kill -TERM "$(awk '$2 == 1 { print $1 }' "$tmp/pids")"
sleep 1
kill -TERM "$(awk '$2 == 0 { print $1 }' "$tmp/pids")"
wait $bg
st=$?
[ "$st" != 0 ] && [ "$st" != 137 ] && ok || ko "SIGTERM to ranks one by one: mpirun status $st"
check_partial one

# Ctrl-C in a terminal: SIGINT to mpirun and to every rank (one process
# group).  Open MPI 4.1 sends the ranks SIGTERM odls_base_sigkill_timeout
# seconds later (default 1) and SIGKILL as long again after that; in that
# time rank 0 writes the partial report (docs/cluster.md).  10 s leaves room
# on a loaded machine (the value the docs advise).  The signals go to the
# processes themselves, not through `timeout` ($bg), which would pass SIGINT
# to mpirun twice (directly and to its process group): a second Ctrl-C, on
# which mpirun kills the ranks at once, whenever the machine is slow enough
# that mpirun handles the first before the second arrives.
start_long int 3 "--mca odls_base_sigkill_timeout 10"
ranks_of "--seed $seed" >"$tmp/pids"
kill -INT $(children_of $bg) $(awk '{ print $1 }' "$tmp/pids")
wait $bg
st=$?
[ "$st" != 0 ] && [ "$st" != 137 ] && ok || ko "SIGINT to mpirun: status $st (137: hung)"
check_partial int

finish

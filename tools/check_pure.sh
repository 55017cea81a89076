#!/bin/sh
# check_pure.sh - prove that a change to drlsim is output-neutral.
#
#   tools/check_pure.sh record  REFDIR [DRLSIM]   write the reference outputs
#   tools/check_pure.sh compare REFDIR [DRLSIM]   regenerate them and cmp each
#
# A speed-up must not change a single output: every level is a pure function
# of (seed, index, params), so the run, rooms and check reports and the
# levels themselves (maps, monsters, items as `gen --json` prints them) must
# stay byte-identical.  Record with the unmodified build into a directory
# outside the repository, then compare after every change.  DRLSIM defaults
# to build/src/drlsim; THREADS (default: all cores) is passed to the
# multi-level commands, whose reports do not depend on it.  The goldens
# (tests/golden) are compared by `meson test` already.  Exit status 0 when
# everything matches (compare) or was written (record), 1 on a difference.
set -eu

usage() {
    echo "usage: $0 record|compare REFDIR [DRLSIM]" >&2
    exit 2
}
[ $# -ge 2 ] || usage
mode=$1
ref=$2
root=$(cd "$(dirname "$0")/.." && pwd)
drlsim=${3:-$root/build/src/drlsim}
case $mode in record|compare) ;; *) usage ;; esac
[ -x "$drlsim" ] || { echo "$0: no drlsim at $drlsim (build first)" >&2; exit 2; }
threads=${THREADS:-$(nproc)}

if [ "$mode" = record ]; then
    mkdir -p "$ref"
    out=$ref
else
    [ -d "$ref" ] || { echo "$0: no reference directory $ref (record first)" >&2; exit 2; }
    out=$(mktemp -d "${TMPDIR:-/tmp}/check_pure.XXXXXX")
    trap 'rm -rf "$out"' EXIT
fi

types="normal small-rooms warehouse city caves arena maze single"
q="--progress never --threads $threads"

# Every histogram of a dlevel range on two difficulties (types drawn).
for d in 2 5; do
    "$drlsim" run --levels 200000 --dlevels 1-30 --difficulty "$d" --seed 9 $q \
        --out "$out/run-d$d.json" 2>/dev/null
done
# Every type alone at the issue's reference dlevel.
for t in $types; do
    "$drlsim" run --type "$t" --levels 50000 --dlevel 12 $q --out "$out/run-$t.json" 2>/dev/null
done
# Layout-only runs (the room table).
for t in normal city; do
    "$drlsim" rooms --type "$t" --levels 50000 $q --json "$out/rooms-$t.json" >/dev/null 2>&1
done
# The conformance suite at 5% of its default size (its exit status is the
# verdict, not ours).
"$drlsim" check --scale 0.05 $q --json "$out/check.json" >/dev/null 2>&1 || true
# Whole levels, cell by cell with monsters and items: every type (and the
# drawn type) on three dlevels and three difficulties, plus layout-only maps.
(
    for t in any $types; do
        targ=""
        [ "$t" = any ] || targ="--type $t"
        for dl in 3 12 25; do
            for d in 1 3 5; do
                for i in 0 1 2 3 4 5 6 7; do
                    # shellcheck disable=SC2086
                    "$drlsim" gen $targ --dlevel $dl --difficulty $d --seed 7 --index $i --json
                done
            done
        done
    done
    for t in normal city caves warehouse; do
        for i in $(seq 0 15); do
            "$drlsim" gen --type $t --dlevel 12 --seed 5 --index "$i" --layout-only --json
        done
    done
) >"$out/levels.jsonl"

[ "$mode" = record ] && { echo "recorded into $ref"; exit 0; }

status=0
for f in "$ref"/*; do
    name=$(basename "$f")
    if cmp -s "$f" "$out/$name"; then
        echo "same    $name"
    else
        echo "DIFFERS $name"
        status=1
    fi
done
[ $status = 0 ] && echo "check_pure: all outputs byte-identical" || echo "check_pure: OUTPUTS CHANGED"
exit $status

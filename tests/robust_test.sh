#!/bin/sh
# robust_test.sh DRLSIM - shards, merge, resume, interruption and bad reports.
#  - shards 0/3, 1/3, 2/3 merged (in any order) == the whole run, byte for byte;
#  - a partial report (--ranges) resumed == the whole run;
#  - SIGINT during a run leaves a valid report marked incomplete whose counts
#    equal a fresh run of exactly its completed ranges;
#  - merge refuses mismatched jobs, overlaps and broken reports with one line on
#    stderr, exit status 2 and no output file.
drlsim=$1
. "$(dirname "$0")/harness.sh"
run() { "$drlsim" run --progress never "$@" 2>/dev/null; }

job="--levels 30000 --dlevels 1-12 --seed 77 --difficulty 4"
# shellcheck disable=SC2086
run $job --out "$tmp/whole.json" || ko "whole run"
for i in 0 1 2; do
    # shellcheck disable=SC2086
    run $job --shard $i/3 --threads $((i + 1)) --out "$tmp/s$i.json" || ko "shard $i"
done
"$drlsim" merge "$tmp/s2.json" "$tmp/s0.json" "$tmp/s1.json" --out "$tmp/merged.json" \
    && cmp -s "$tmp/whole.json" "$tmp/merged.json" && ok || ko "merged shards differ from the whole run"
"$drlsim" merge "$tmp/s0.json" "$tmp/s1.json" --out "$tmp/two.json" && ok || ko "merge two shards"
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['complete'] is False and r['levels'] == 20000" \
    "$tmp/two.json" && ok || ko "two shards: incomplete, 20000 levels"

# shellcheck disable=SC2086
run $job --ranges 5000-12000,20000-21000 --out "$tmp/partial.json" || ko "ranges run"
run --resume "$tmp/partial.json" --threads 3 --out "$tmp/resumed.json" || ko "resume"
cmp -s "$tmp/whole.json" "$tmp/resumed.json" && ok || ko "resumed report differs from the whole run"

# Interruption: SIGINT after a moment; the partial report must be valid.
"$drlsim" run --levels 1000000000 --dlevels 1-12 --seed 3 --progress never \
    --out "$tmp/int.json" 2>"$tmp/int.err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
status=$?
[ "$status" = 130 ] && ok || ko "interrupted run exit status $status, want 130"
if python3 - "$tmp/int.json" >"$tmp/ranges" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] is False and 0 < r["levels"] < 10**9
assert sum(b - a for a, b in r["ranges"]) == r["levels"]
print(",".join(f"{a}-{b}" for a, b in r["ranges"]))
PY
then ok; else ko "interrupted report is not a valid partial report"; fi
run --levels 1000000000 --dlevels 1-12 --seed 3 --ranges "$(cat "$tmp/ranges")" \
    --out "$tmp/int2.json" || ko "rerun of the completed ranges"
cmp -s "$tmp/int.json" "$tmp/int2.json" && ok || ko "interrupted report differs from a run of its ranges"

# The same stop twice at once (a terminal's Ctrl-C and mpirun's, say): the
# second comes within DRIVER_SIGNAL_ECHO_S of the first and is ignored, so
# the partial report is still written.
"$drlsim" run --levels 1000000000 --seed 4 --progress never --out "$tmp/twice.json" \
    2>/dev/null &
pid=$!
sleep 1
kill -INT $pid; kill -TERM $pid
wait $pid
status=$?
[ "$status" = 130 ] && [ -s "$tmp/twice.json" ] && ok \
    || ko "two signals at once: status $status, want 130 and a report"

# Writing to a device writes through it and never replaces the node.
run --levels 100 --out /dev/null && [ -c /dev/null ] && ok || ko "--out /dev/null replaced the device"

# Bad merges and resumes: one line, exit 2, no output file.
expect_bad() {
    needle=$1; shift
    rm -f "$tmp/out.json"
    "$drlsim" "$@" --out "$tmp/out.json" >/dev/null 2>"$tmp/err"
    st=$?
    if [ "$st" != 2 ]; then ko "$* exited $st, want 2"; return; fi
    if [ -e "$tmp/out.json" ]; then ko "$* left an output file"; return; fi
    if [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -q -- "$needle" "$tmp/err"; then
        ko "$*: stderr '$(cat "$tmp/err")' lacks '$needle'"; return; fi
    ok
}
# shellcheck disable=SC2086
run --levels 30000 --dlevels 1-12 --seed 78 --difficulty 4 --shard 0/3 --out "$tmp/other.json"
expect_bad "differs" merge "$tmp/s0.json" "$tmp/other.json"
expect_bad "overlap" merge "$tmp/s0.json" "$tmp/two.json"
expect_bad "cannot open" merge "$tmp/nope.json"
printf '{"schema": "drlsim-run-2", ' >"$tmp/trunc.json"
expect_bad "malformed JSON" merge "$tmp/trunc.json"
echo '{"schema": "something-else"}' >"$tmp/schema.json"
expect_bad "not a run report" merge "$tmp/schema.json"
sed 's/"drlsim-run-2"/"drlsim-run-1"/' "$tmp/whole.json" >"$tmp/old.json"
expect_bad "older run report" merge "$tmp/old.json"
expect_bad "no reports" merge
sed 's/"levels":\t30000/"levels":\t30001/' "$tmp/whole.json" >"$tmp/levels.json"
expect_bad "ranges hold" merge "$tmp/levels.json"
sed 's/"river_orientation"/"river_direction"/' "$tmp/s0.json" >"$tmp/hist.json"
expect_bad "unknown histogram" merge "$tmp/hist.json"
edit() { # edit IN OUT PYTHON-STATEMENT (r is the report)
    python3 -c "import json,sys; r=json.load(open(sys.argv[1])); $3; json.dump(r, open(sys.argv[2], 'w'))" "$1" "$2"
}
edit "$tmp/s0.json" "$tmp/neg.json" "r['strata'][0]['histograms']['river']['no'] = -5"
expect_bad "non-negative" merge "$tmp/neg.json"
edit "$tmp/s0.json" "$tmp/huge.json" "r['strata'][0]['histograms']['river']['no'] = 1e30"
expect_bad "too large" merge "$tmp/huge.json"
edit "$tmp/s0.json" "$tmp/frac.json" "r['strata'][0]['histograms']['river']['no'] = 2.5"
expect_bad "integer" merge "$tmp/frac.json"
edit "$tmp/s0.json" "$tmp/bin.json" "r['strata'][0]['histograms']['river']['maybe'] = 1"
expect_bad "unknown bin" merge "$tmp/bin.json"
edit "$tmp/s0.json" "$tmp/type.json" "r['strata'][0]['type'] = 'dungeon'"
expect_bad "unknown level type" merge "$tmp/type.json"
edit "$tmp/s0.json" "$tmp/miss.json" "del r['params']['seed']"
expect_bad "missing key" merge "$tmp/miss.json"
edit "$tmp/s0.json" "$tmp/dup.json" "r['strata'].append(r['strata'][0])"
expect_bad "twice" merge "$tmp/dup.json"
# an empty stratum with counts (the report_parse fuzz target's rewrite check)
edit "$tmp/s0.json" "$tmp/empty.json" "r['strata'].append(dict(r['strata'][0], type='maze', levels=0, histograms={'river': {'yes': 5}}))"
expect_bad "without levels" merge "$tmp/empty.json"
expect_bad "only --threads" run --resume "$tmp/partial.json" --levels 5
expect_bad "overlap" run --levels 100 --ranges 0-50,40-60
expect_bad "beyond" run --levels 100 --ranges 0-500
expect_bad "I/N" run --levels 100 --shard 3/3

finish

#!/bin/sh
# robust_test.sh DRLSIM SRCDIR - shards, merge, resume, interruption, bad reports
# and bad data files.
#  - shards 0/3, 1/3, 2/3 merged (in any order) == the whole run, byte for byte;
#  - a partial report (--ranges) resumed == the whole run;
#  - SIGINT during a run leaves a valid report marked incomplete whose counts
#    equal a fresh run of exactly its completed ranges;
#  - merge refuses mismatched jobs, overlaps and broken reports with one line on
#    stderr, exit status 2 and no output file;
#  - merge and resume refuse reports made with other rule tables (a --data copy
#    with one number changed) or another drlsim version, naming the table;
#  - every data loader refuses a misspelt key, naming the file, the key and
#    the nearest known key; inputs of the wrong kind (a directory, an
#    expectations file as a report and the reverse) say what they are.
drlsim=$1
src=$2
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
# Over dlevels 1-1000 the threads split each chunk by dlevel and each walks
# the chunks on its own: a stop must still end them at one chunk (8 threads
# on fewer cores drift apart by chunks, so some must catch up).
for int in "--dlevels 1-12:1" "--dlevels 1-1000 --threads 8:1"; do
    dls=${int%:*}
    # shellcheck disable=SC2086
    "$drlsim" run --levels 1000000000 $dls --seed 3 --progress never \
        --out "$tmp/int.json" 2>"$tmp/int.err" &
    pid=$!
    sleep "${int#*:}"
    kill -INT $pid
    wait $pid
    status=$?
    [ "$status" = 130 ] && ok || ko "interrupted run ($dls) exit status $status, want 130"
    if python3 - "$tmp/int.json" >"$tmp/ranges" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] is False and 0 < r["levels"] < 10**9
assert sum(b - a for a, b in r["ranges"]) == r["levels"]
print(",".join(f"{a}-{b}" for a, b in r["ranges"]))
PY
    then ok; else ko "interrupted report ($dls) is not a valid partial report"; fi
    # shellcheck disable=SC2086
    run --levels 1000000000 $dls --seed 3 --ranges "$(cat "$tmp/ranges")" \
        --out "$tmp/int2.json" || ko "rerun of the completed ranges ($dls)"
    cmp -s "$tmp/int.json" "$tmp/int2.json" && ok \
        || ko "interrupted report ($dls) differs from a run of its ranges"
done

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
sed 's/"drlsim-run-4"/"drlsim-run-1"/' "$tmp/whole.json" >"$tmp/old.json"
expect_bad "older run report (its monster and outcome bins are numbers)" merge "$tmp/old.json"
# drlsim-run-2 did not record the rule tables and the version: refused too
sed 's/"drlsim-run-4"/"drlsim-run-2"/' "$tmp/whole.json" >"$tmp/old2.json"
expect_bad "older run report (it does not record which rule tables" merge "$tmp/old2.json"
# drlsim-run-3 held the generator's reachability rows: refused (compare too: cases.tsv)
sed 's/"drlsim-run-4"/"drlsim-run-3"/' "$tmp/whole.json" >"$tmp/old3.json"
expect_bad "older run report (its reachability rows are the generator's record" merge "$tmp/old3.json"
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

# ---- Which rules made a report: tables' content hashes and the version ----
# A --data copy of the tables, unchanged: its reports are those of the
# embedded tables, byte for byte (the hash is of the bytes, wherever read).
mkdir "$tmp/same" "$tmp/edited"
cp -r "$src"/../data/* "$tmp/same/"
cp -r "$src"/../data/* "$tmp/edited/"
# one number of water.json changed: rivers are multiple 1/4 of the time, not 1/3
python3 - "$tmp/edited/water.json" <<'PY'
import sys
p = sys.argv[1]; s = open(p).read()
assert s.count('"multiple": [1, 3]') == 1
open(p, 'w').write(s.replace('"multiple": [1, 3]', '"multiple": [1, 4]'))
PY
# shellcheck disable=SC2086
run $job --shard 1/3 --data "$tmp/same" --out "$tmp/s1same.json" || ko "shard with a --data copy"
cmp -s "$tmp/s1.json" "$tmp/s1same.json" && ok || ko "a --data copy of the tables changed the report"
"$drlsim" merge "$tmp/s0.json" "$tmp/s1same.json" "$tmp/s2.json" --out "$tmp/merged2.json" \
    && cmp -s "$tmp/whole.json" "$tmp/merged2.json" && ok || ko "merge with a --data copy's shard"
# shellcheck disable=SC2086
run $job --shard 1/3 --data "$tmp/edited" --out "$tmp/s1edited.json" || ko "shard with edited data"
python3 -c "import json,sys; p=[json.load(open(f))['params'] for f in sys.argv[1:]]; \
assert p[0]['tables']['water.json'] != p[1]['tables']['water.json']; \
assert all(p[0]['tables'][k] == p[1]['tables'][k] for k in p[0]['tables'] if k != 'water.json'); \
assert sorted(p[0]['tables']) == ['arena.txt', 'monsters.json', 'population.json', 'ruleset.json', \
    'smallrooms.txt', 'walled.json', 'water.json'] and p[0]['drlsim_version']" \
    "$tmp/s1.json" "$tmp/s1edited.json" && ok || ko "params.tables: water.json's hash alone differs"
expect_bad "s1edited.json: table water.json differs from $tmp/s0.json's (made with other rules: --data?)" \
    merge "$tmp/s0.json" "$tmp/s1edited.json" "$tmp/s2.json"
expect_bad "s0.json: table water.json differs from $tmp/s1edited.json's" \
    merge "$tmp/s1edited.json" "$tmp/s0.json"
# resuming needs the tables the report was made with
expect_bad "s1edited.json: table water.json differs from this run's (made with other rules: --data?)" \
    run --resume "$tmp/s1edited.json"
expect_bad "s0.json: table water.json differs from this run's" \
    run --resume "$tmp/s0.json" --data "$tmp/edited"
run --resume "$tmp/s1edited.json" --data "$tmp/edited" --out "$tmp/whole-edited.json" \
    && ok || ko "resume with the report's own tables"
# another drlsim version: refused even with the same tables (the generators
# are code too)
sed 's/"drlsim_version":\t"[^"]*"/"drlsim_version":\t"0.0.0-other"/' "$tmp/s1.json" >"$tmp/s1v.json"
expect_bad "s1v.json: made by drlsim 0.0.0-other, $tmp/s0.json by drlsim" merge "$tmp/s0.json" "$tmp/s1v.json"
expect_bad "made by drlsim 0.0.0-other, this run by drlsim" run --resume "$tmp/s1v.json"
edit "$tmp/s1.json" "$tmp/notab.json" "del r['params']['tables']['arena.txt']"
expect_bad "table arena.txt is in $tmp/s0.json's rules only" merge "$tmp/s0.json" "$tmp/notab.json"
edit "$tmp/s1.json" "$tmp/badhash.json" "r['params']['tables']['arena.txt'] = 'XYZ'"
expect_bad "params.tables.arena.txt: expected a content hash" merge "$tmp/badhash.json"
edit "$tmp/s1.json" "$tmp/nover.json" "del r['params']['drlsim_version']"
expect_bad "params.drlsim_version: missing key" merge "$tmp/nover.json"
edit "$tmp/s1.json" "$tmp/extra.json" "r['params']['sed'] = 1"
expect_bad "params: unknown key \"sed\" (did you mean \"seed\"?)" merge "$tmp/extra.json"

# ---- Strict data loaders: a misspelt key names the file, key and nearest ----
# bad_data FILE OLD NEW NEEDLE: a copy of data/ with OLD replaced by NEW
# (once) in FILE; gen must stop with exit 2 and one line naming the file
# and holding NEEDLE.
bad_data() {
    rm -rf "$tmp/typo"; mkdir "$tmp/typo"; cp -r "$src"/../data/* "$tmp/typo/"
    python3 - "$tmp/typo/$1" "$2" "$3" <<'PY' || { ko "edit of $1 does not apply: $2"; return; }
import sys
p, old, new = sys.argv[1:]; s = open(p).read()
assert s.count(old) >= 1, old
open(p, 'w').write(s.replace(old, new, 1))
PY
    "$drlsim" gen --data "$tmp/typo" >/dev/null 2>"$tmp/err"
    st=$?
    if [ "$st" != 2 ]; then ko "$1 with '$3': gen exited $st, want 2"; return; fi
    if [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -qF -- "$tmp/typo/$1" "$tmp/err" \
        || ! grep -qF -- "$4" "$tmp/err"; then
        ko "$1 with '$3': stderr '$(cat "$tmp/err")' lacks '$1' or '$4'"; return; fi
    ok
}
bad_data ruleset.json '"danger_percent": 67' '"danger_percnt": 67' \
    'types.caves: unknown key "danger_percnt" (did you mean "danger_percent"?)'
bad_data ruleset.json '"from": 3, "to": 5, "weights": { "normal": 7' '"from": 3, "to": 5, "weights": { "nromal": 7' \
    'type_bands[1].weights: unknown level type "nromal" (did you mean "normal"?)'
bad_data water.json '"horizontal_bridge"' '"horizontal_brige"' \
    'river: unknown key "horizontal_brige" (did you mean "horizontal_bridge"?)'
bad_data water.json '"walks": "d3-1"' '"walk": "d3-1"' \
    'fluid_bands[0]: unknown key "walk" (did you mean "walks"?)'
bad_data monsters.json '"danger": 1 }' '"dangr": 1 }' \
    'monsters[0]: unknown key "dangr" (did you mean "danger"?)'
bad_data population.json '"dlevel_above": 50' '"dlevel_abov": 50' \
    'single.rows[6].replace: unknown key "dlevel_abov" (did you mean "dlevel_above"?)'
bad_data population.json '"teleporter": 5' '"teleportr": 5' \
    'special_rooms.weights.default: unknown key "teleportr" (did you mean "teleporter"?)'
bad_data population.json '"pick": { "demons": 1 }' '"pick": { "demon": 1 }' \
    'caves.rows[1].pick: unknown outcome "demon" (did you mean "demons"?)'
bad_data population.json '"difficulty_step": 3' '"difficulty_stp": 3' \
    'caves.roll: unknown key "difficulty_stp" (did you mean "difficulty_step"?)'
bad_data population.json '"rule": "sqrt", "k": 180' '"rule": "sqrt", "k": 180, "mul": 2' \
    'budget.difficulties[1]: key "mul" is not used by rule "sqrt"'
bad_data walled.json '"box_tries"' '"box_trys"' \
    'warehouse: unknown key "box_trys" (did you mean "box_tries"?)'
bad_data walled.json '"lengths": [2]' '"length": [2]' \
    'maze.styles[0]: unknown key "length" (did you mean "lengths"?)'
bad_data arena.txt 'roll 25' 'rol 25' \
    'arena.txt:17: unknown keyword "rol" (did you mean "roll"?)'
# a key far from every known one: named, no suggestion
bad_data walled.json '"maze": {' '"maze": { "zzz": 1,' 'maze: unknown key "zzz"'
# expectations.json: read by check (--expect FILE)
cp "$src"/../data/expectations.json "$tmp/exp.json"
python3 - "$tmp/exp.json" <<'PY'
import sys
p = sys.argv[1]; s = open(p).read()
open(p, 'w').write(s.replace('"known_discrepancy"', '"known_discrepency"', 1))
PY
bad_input() { # bad_input NEEDLE ARGS...: exit 2, one line on stderr holding NEEDLE
    needle=$1; shift
    "$drlsim" "$@" >/dev/null 2>"$tmp/err"
    st=$?
    if [ "$st" != 2 ]; then ko "$* exited $st, want 2"; return; fi
    if [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -qF -- "$needle" "$tmp/err"; then
        ko "$*: stderr '$(cat "$tmp/err")' lacks '$needle'"; return; fi
    ok
}
bad_input 'unknown key "known_discrepency" (did you mean "known_discrepancy"?)' \
    check --expect "$tmp/exp.json"

# ---- Inputs of the wrong kind say what they are ----
bad_input "$tmp: is a directory, not a file" merge "$tmp"
bad_input "$tmp: is a directory, not a file" run --resume "$tmp"
bad_input "$tmp: is a directory, not a file" check --expect "$tmp"
mkdir "$tmp/dirdata"; cp -r "$src"/../data/* "$tmp/dirdata/"; rm "$tmp/dirdata/water.json"
mkdir "$tmp/dirdata/water.json"
bad_input "water.json: is a directory, not a file" gen --data "$tmp/dirdata"
bad_input "this is an expectations file (drlsim check --expect), not a drlsim run report" \
    merge "$src"/../data/expectations.json
bad_input "this is a drlsim run report (drlsim-run-4), not an expectations file" \
    check --expect "$tmp/whole.json"
"$drlsim" check --only arena-of-caves --scale 0.01 --json "$tmp/checkout.json" >/dev/null 2>&1
bad_input "this is a drlsim check report (check --json), not a drlsim run report" \
    merge "$tmp/checkout.json"
bad_input "this is a drlsim check report (check --json), not an expectations file" \
    check --expect "$tmp/checkout.json"

finish

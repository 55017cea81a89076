#!/bin/sh
# cli_test.sh DRLSIM SRCDIR - the command line: help, errors, determinism, goldens.
# Prints one line per check and "N passed, M failed" at the end.
drlsim=$1
src=$2
. "$(dirname "$0")/harness.sh"

# expect_status STATUS NEEDLE ARGS... : exit status and a stderr line naming the problem
expect_status() {
    want=$1; needle=$2; shift 2
    "$drlsim" "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" != "$want" ]; then ko "drlsim $* exited $got, want $want"; return; fi
    if [ -n "$needle" ] && ! grep -q -- "$needle" "$tmp/err"; then
        ko "drlsim $*: stderr lacks '$needle': $(cat "$tmp/err")"; return; fi
    if [ "$want" = 2 ] && [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        ko "drlsim $*: error is not one line"; return; fi
    ok
}

expect_status 0 "" --help
expect_status 0 "" gen --help
expect_status 2 "unknown command" frobnicate
expect_status 2 "" 
expect_status 2 "unknown option '--bogus'" gen --bogus
expect_status 2 "not an integer" gen --dlevel abc
expect_status 2 "out of range" gen --dlevel 0
expect_status 2 "out of range" gen --dlevel 100000
expect_status 2 "out of range" gen --difficulty 6
expect_status 2 "not a non-negative integer" gen --seed -4
expect_status 2 "not a 64-bit" gen --seed 99999999999999999999999
expect_status 2 "unknown level type 'dungeon'" gen --type dungeon
expect_status 2 "needs a value" gen --seed
expect_status 2 "is not one of" gen --color purple
expect_status 2 "unexpected argument" gen normal
expect_status 2 "cannot open" gen --data /nonexistent-dir
# A broken layout table (a sublayout line one cell short) stops gen with one
# line naming the file and the line.
mkdir "$tmp/bad" && cp -r "$src"/../data/* "$tmp/bad"/ && sed -i '12s/.$//' "$tmp/bad/smallrooms.txt"
expect_status 2 "smallrooms.txt: line 12: expected 19 cells, got 18" gen --data "$tmp/bad"

# gen --help documents the legend and every option
"$drlsim" gen --help >"$tmp/help"
for w in --type --dlevel --difficulty --seed --json --color --reference wall floor door; do
    if grep -q -- "$w" "$tmp/help"; then ok; else ko "gen --help lacks $w"; fi
done

# Determinism and seed sensitivity
"$drlsim" gen --type normal --seed 42 --dlevel 3 --color never >"$tmp/a" && ok || ko "gen seed 42"
"$drlsim" gen --type normal --seed 42 --dlevel 3 --color never >"$tmp/b"
if cmp -s "$tmp/a" "$tmp/b"; then ok; else ko "gen is not reproducible"; fi
"$drlsim" gen --type normal --seed 43 --dlevel 3 --color never >"$tmp/c"
if cmp -s "$tmp/a" "$tmp/c"; then ko "seeds 42 and 43 give the same level"; else ok; fi
if [ "$(head -20 "$tmp/a" | awk '{ if (length($0) != 78) bad = 1 } END { print bad + 0 }')" = 0 ] \
    && [ "$(wc -l <"$tmp/a")" = 21 ]; then ok; else ko "map is not 20 lines of 78"; fi
if grep -q '\x1b' "$tmp/a"; then ko "colour with --color never"; else ok; fi
# the plain reference generator makes the same level (tests/test_reference.c holds it over many)
"$drlsim" gen --type normal --seed 42 --dlevel 3 --color never --reference >"$tmp/r"
if cmp -s "$tmp/a" "$tmp/r"; then ok; else ko "gen --reference differs from gen"; fi
"$drlsim" gen --type normal --seed 42 --color always >"$tmp/col"
if grep -q "$(printf '\033')\[" "$tmp/col"; then ok; else ko "no colour with --color always"; fi

# The game ruleset makes each of its eleven types on request; a type only it
# has is refused under the default ruleset, in one line.
for t in normal small-rooms warehouse city caves caves-2 lava maze arena single single-plus; do
    expect_status 0 "" gen --rules game-0.9.9.7 --type "$t" --dlevel 20 --seed 3 --color never
done
expect_status 2 "lava" gen --type lava

# Golden levels: any change to a generator shows up here (regenerate with
# tests/golden/update.sh after reviewing the new pictures).
for g in "$src"/golden/*.args; do
    name=$(basename "$g" .args)
    # shellcheck disable=SC2046
    "$drlsim" gen $(cat "$g") --color never >"$tmp/$name.txt" 2>&1
    if cmp -s "$tmp/$name.txt" "$src/golden/$name.txt"; then ok; else
        ko "golden $name differs:"; diff "$src/golden/$name.txt" "$tmp/$name.txt" | head -20; fi
done

# JSON: parses, has the documented keys, map is 20 x 78
"$drlsim" gen --type normal --seed 7 --dlevel 5 --json >"$tmp/j.json"
if python3 - "$tmp/j.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
for k in ("type", "dlevel", "difficulty", "seed", "map", "rooms", "legend", "start"):
    assert k in o, k
assert o["type"] == "normal" and o["dlevel"] == 5 and o["seed"] == 7
assert len(o["map"]) == 20 and all(len(r) == 78 for r in o["map"])
assert all(set(r) <= {"x", "y", "w", "h"} for r in o["rooms"])
assert all(ch in o["legend"] for row in o["map"] for ch in row)
PY
then ok; else ko "gen --json"; fi

# run: bad arguments, determinism across thread counts, atomic output
expect_status 2 "--levels is required" run
expect_status 2 "out of range" run --levels 0
expect_status 2 "not a 64-bit" run --levels 1000000000000000000000000000000
expect_status 2 "is not a" run --levels 1e30
expect_status 2 "out of range" run --levels 10 --threads 0
expect_status 2 "exclude each other" run --levels 10 --dlevel 3 --dlevels 1-4
expect_status 2 "not a range" run --levels 10 --dlevels 4
expect_status 2 "must satisfy" run --levels 10 --dlevels 5-2
expect_status 3 "cannot write" run --levels 10 --out /nonexistent-dir/r.json
for k in 1 2 3; do
    "$drlsim" run --levels 20000 --dlevels 1-7 --seed 11 --threads $k --progress never \
        --out "$tmp/run$k.json" 2>/dev/null || ko "run --threads $k failed"
done
if cmp -s "$tmp/run1.json" "$tmp/run2.json" && cmp -s "$tmp/run1.json" "$tmp/run3.json"; then ok
else ko "run reports differ across --threads 1/2/3"; fi
# Deep: three chunks over dlevels 1-1000, so each thread holds other strata
# (and some the same) and their merge both moves and adds strata.
for k in 1 2 3; do
    "$drlsim" run --levels 12000 --dlevels 1-1000 --seed 12 --threads $k --progress never \
        --out "$tmp/deep$k.json" --csv "$tmp/deep$k" 2>/dev/null || ko "deep run --threads $k failed"
done
if cmp -s "$tmp/deep1.json" "$tmp/deep2.json" && cmp -s "$tmp/deep1.json" "$tmp/deep3.json" &&
    diff -r "$tmp/deep1" "$tmp/deep2" >/dev/null && diff -r "$tmp/deep1" "$tmp/deep3" >/dev/null
then ok; else ko "dlevels 1-1000: reports or CSV differ across --threads 1/2/3"; fi
if ls -a "$tmp" | grep -q drlsim-tmp; then ko "temporary file left behind"; else ok; fi
# Every ruleset's report names it (not the ruleset.json it may inherit) and
# its shards merge into the whole run's report.
for rs in wiki-0.9.9.3 game-0.9.9.7 game-0.10.10b; do
    "$drlsim" run --rules $rs --levels 600 --dlevels 1-25 --progress never --out "$tmp/$rs.json" \
        2>/dev/null || ko "run --rules $rs failed"
    for i in 0 1; do
        "$drlsim" run --rules $rs --levels 600 --dlevels 1-25 --shard $i/2 --progress never \
            --out "$tmp/$rs-$i.json" 2>/dev/null || ko "run --rules $rs --shard $i/2 failed"
    done
    "$drlsim" merge "$tmp/$rs-0.json" "$tmp/$rs-1.json" --out "$tmp/$rs-m.json" 2>/dev/null
    if cmp -s "$tmp/$rs.json" "$tmp/$rs-m.json" &&
        grep -Eq "\"rules\":[[:space:]]*\"$rs\"" "$tmp/$rs.json"; then ok
    else ko "run --rules $rs: the report does not name it, or its shards do not merge into it"; fi
done
if python3 - "$tmp/run1.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["levels"] == 20000 and r["complete"] is True
assert sum(r["types"].values()) == 20000
assert sum(s["levels"] for s in r["strata"]) == 20000
# dlevels 1-7 evenly: level i at dlevel 1 + i % 7
per = {}
for s in r["strata"]:
    per[s["dlevel"]] = per.get(s["dlevel"], 0) + s["levels"]
assert per == {d: 20000 // 7 + (1 if d - 1 < 20000 % 7 else 0) for d in range(1, 8)}, per
PY
then ok; else ko "run report content"; fi
# JSON population: monsters, items, special rooms, rolls, budget (docs/rules.md §5)
"$drlsim" gen --type single --seed 5 --dlevel 20 --difficulty 4 --json >"$tmp/s.json"
if python3 - "$tmp/s.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
for k in ("monsters", "items", "special_rooms", "rolls", "budget", "danger_placed"):
    assert k in o, k
assert o["monsters"] and all(set(m) == {"kind", "x", "y", "hunting"} for m in o["monsters"])
assert o["items"]["count"] == len(o["items"]["positions"]) == 30   # floor(1.5 * 20)
assert all(set(s) == {"kind", "room"} for s in o["special_rooms"])
r = o["rolls"]
for k in ("cave", "cave_outcome", "single", "single_outcome", "arena", "arena_layout",
          "fluid_room", "fluid_room_kind", "ammo", "ammo_kind", "ammo_stacks"):
    assert k in r, k
assert r["cave"] is None and 21 <= r["single"] <= 30            # d10 + min(20+6-4, 20)
assert o["budget"] == 144 and o["danger_placed"] >= o["budget"]  # ceil(32 sqrt 20)
names = set(o["legend"].values())
glyphs = [g for g, n in o["legend"].items()]
assert len(glyphs) == len(set(glyphs))
rows = o["map"]
for m in o["monsters"]:
    assert o["legend"][rows[m["y"] - 1][m["x"] - 1]] != "floor"
PY
then ok; else ko "gen --json population"; fi
if "$drlsim" gen --help | grep -q "arch-vile"; then ok; else ko "gen --help legend lacks monsters"; fi
# a broken table is a one-line error naming the file and the key
mkdir "$tmp/data"
cp -r "$src"/../data/* "$tmp/data/"
sed 's/"glyph": "g"/"glyph": "h"/' "$src/../data/monsters.json" >"$tmp/data/monsters.json"
expect_status 2 "monsters.json: monsters.1.: glyph 'h' repeats" gen --data "$tmp/data"
cp "$src/../data/monsters.json" "$tmp/data/"
sed 's/"die": 5,/"die": 0,/' "$src/../data/population.json" >"$tmp/data/population.json"
expect_status 2 "population.json: caves.roll.die" gen --data "$tmp/data"

# bench: help, bad arguments, and a tiny run whose JSON holds a positive rate
# (wall and CPU time) for each stage of the type
expect_status 0 "" bench --help
expect_status 2 "out of range" bench --reps 0
expect_status 2 "unknown level type" bench --type dungeon
if "$drlsim" bench --type arena --seconds 0.02 --reps 1 --threads 1 --json "$tmp/bench.json" \
        >"$tmp/bench.txt" && python3 - "$tmp/bench.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
assert list(b["types"]) == ["arena"]
for stage in ("layout", "full"):
    s = b["types"]["arena"][stage]
    for run in ("one_thread", "all_threads"):
        m = s[run]
        assert 0 < m["min"] <= m["median"] <= m["max"], m
        assert m["cpu_time_median"] > 0, m
PY
then ok; else ko "bench --json rates"; fi


# Exit status 3: an output that cannot be written, standard output included
# (a full disk must never end in status 0, nor look like a failed check).
if [ -w /dev/full ]; then
    "$drlsim" gen --json >/dev/full 2>"$tmp/err"; st=$?
    if [ "$st" = 3 ] && grep -q "standard output" "$tmp/err"; then ok; else
        ko "gen --json >/dev/full: status $st, want 3: $(cat "$tmp/err")"; fi
    "$drlsim" gen >/dev/full 2>/dev/null; st=$?
    if [ "$st" = 3 ]; then ok; else ko "gen >/dev/full: status $st, want 3"; fi
    expect_status 3 "/dev/full" check --scale 0.002 --only river-rate --progress never --json /dev/full
    expect_status 3 "/dev/full" rooms --levels 100 --progress never --json /dev/full
fi
# drlsim help COMMAND is COMMAND --help.
"$drlsim" help gen >"$tmp/out" 2>&1 && head -1 "$tmp/out" | grep -q "^usage: drlsim gen" \
    && ok || ko "drlsim help gen does not print gen's help"
expect_status 2 "unknown command" help nosuch


# Colour on a terminal only, and never with NO_COLOR set or TERM=dumb
# (script(1) gives drlsim a terminal).
if command -v script >/dev/null 2>&1; then
    script -qc "TERM=xterm \"$drlsim\" gen --seed 1" /dev/null >"$tmp/tty" 2>&1
    if grep -q "$(printf '\033')\\[" "$tmp/tty"; then ok; else ko "gen on a terminal: no colour"; fi
    for env in "NO_COLOR=1 TERM=xterm" "TERM=dumb"; do
        script -qc "$env \"$drlsim\" gen --seed 1" /dev/null >"$tmp/tty" 2>&1
        if grep -q "$(printf '\033')" "$tmp/tty"; then ko "gen with $env: coloured"; else ok; fi
    done
fi


# '-' means this stream carries the data: nothing else on stdout.
"$drlsim" rooms --levels 200 --progress never --json - 2>/dev/null >"$tmp/r.json"
python3 -m json.tool "$tmp/r.json" >/dev/null 2>&1 && ok || ko "rooms --json -: stdout is not JSON"
# bench --steps: three steps, each a positive time, in the text and the JSON
if "$drlsim" bench --type arena --seconds 0.02 --reps 1 --threads 1 --steps --json "$tmp/steps.json" \
        >"$tmp/steps.txt" && grep -q "arena        steps   generate" "$tmp/steps.txt" &&
    python3 - "$tmp/steps.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["types"]["arena"]["steps"]
assert sorted(s) == ["generate_ns", "observer_ns", "tally_add_ns"], s
assert all(v > 0 for v in s.values()), s
PY
then ok; else ko "bench --steps"; fi
"$drlsim" bench --type arena --seconds 0.02 --reps 1 --json - 2>/dev/null >"$tmp/b.json"
python3 -m json.tool "$tmp/b.json" >/dev/null 2>&1 && ok || ko "bench --json -: stdout is not JSON"
"$drlsim" check --scale 0.001 --only river-rate --progress never --html - 2>/dev/null >"$tmp/c.html"
head -1 "$tmp/c.html" | grep -q '^<!DOCTYPE html>' && ! grep -q '^RESULT' "$tmp/c.html" && ok \
    || ko "check --html -: stdout is not only the page"
expect_status 2 "only one of" check --json - --html -

# CSV export (docs/report.md): one tidy file per histogram; every row is a
# non-empty bin of the JSON report's strata and every such bin is a row.
"$drlsim" run --levels 6000 --dlevels 2-4 --seed 5 --progress never --csv "$tmp/csv" 2>/dev/null \
    && ok || ko "run --csv failed"
if python3 - "$tmp/csv" <<'PY'
import csv, json, os, sys
d = sys.argv[1]
r = json.load(open(os.path.join(d, "report.json")))   # no --out: the report goes with the CSVs
names = [f[:-4] for f in os.listdir(d) if f.endswith(".csv")]
assert "river_orientation" in names and "budget" in names and len(names) > 40, names
assert not [f for f in os.listdir(d) if f.startswith(".drlsim-tmp")]
for name in names:
    with open(os.path.join(d, name + ".csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    got = {}
    for row in rows:
        key = (int(row["dlevel"]), row["type"])
        if "bin" in row:
            assert list(row) == ["dlevel", "type", "bin", "count"], list(row)
            assert int(row["count"]) > 0
            got.setdefault(key, {})[row["bin"]] = int(row["count"])
        else:
            assert list(row) == ["dlevel", "type", "n", "sum", "sumsq", "min", "max"], list(row)
            got[key] = {k: int(v) for k, v in row.items() if k not in ("dlevel", "type")}
    want = {(s["dlevel"], s["type"]): s["histograms"][name]
            for s in r["strata"] if name in s["histograms"]}
    assert got == want, (name, got, want)
PY
then ok; else ko "run --csv: the CSV files do not hold the JSON report's counts"; fi
# with --out the JSON goes there, and merge --csv converts a report to the same files
"$drlsim" run --levels 6000 --dlevels 2-4 --seed 5 --progress never --csv "$tmp/csv2" \
    --out "$tmp/csv2.json" 2>/dev/null
if cmp -s "$tmp/csv2.json" "$tmp/csv/report.json" && [ ! -e "$tmp/csv2/report.json" ]; then ok
else ko "run --csv DIR --out FILE: the report is not (only) in FILE"; fi
"$drlsim" merge "$tmp/csv2.json" --csv "$tmp/csv3" 2>/dev/null
if diff -r "$tmp/csv" "$tmp/csv3" >/dev/null; then ok; else ko "merge --csv differs from run --csv"; fi
: >"$tmp/plainfile"
expect_status 3 "is not a directory" run --levels 10 --csv "$tmp/plainfile"
expect_status 2 "is not a directory name" run --levels 10 --csv -
expect_status 3 "cannot make the CSV directory" run --levels 10 --csv /nonexistent-dir/csv
expect_status 3 "is not a directory" merge "$tmp/csv2.json" --csv "$tmp/plainfile"
# rooms --csv: the distributions of rooms --json, row for row
"$drlsim" rooms --type city --levels 500 --progress never --json "$tmp/rooms.json" \
    --csv "$tmp/rooms.csv" >/dev/null 2>&1
if python3 - "$tmp/rooms.json" "$tmp/rooms.csv" <<'PY'
import csv, json, sys
j = json.load(open(sys.argv[1]))
with open(sys.argv[2], newline="") as f:
    rows = list(csv.DictReader(f))
assert rows and list(rows[0]) == ["type", "statistic", "value", "count"]
got = {}
for row in rows:
    assert row["type"] == "city"
    got.setdefault(row["statistic"], {})[row["value"]] = int(row["count"])
want = {k: v["distribution"] for k, v in j.items() if isinstance(v, dict) and "distribution" in v}
assert "buildings_per_layout" in want and got == want, (got, want)
PY
then ok; else ko "rooms --csv does not hold rooms --json's distributions"; fi
"$drlsim" rooms --levels 100 --progress never --csv - 2>/dev/null | head -1 \
    | grep -q '^type,statistic,value,count$' && ok || ko "rooms --csv -: stdout is not the CSV"
expect_status 2 "only one of" rooms --levels 10 --json - --csv -


# An empty output path is refused before any level is made; '--' ends the
# options (merge's operands may then start with '-').
expect_status 2 "output path is empty" run --levels 100000000 --out ''
expect_status 2 "output path is empty" check --json ''
expect_status 0 "" gen --seed 3 --
expect_status 2 "unexpected argument" gen -- --json
( cd "$tmp" && "$drlsim" run --levels 50 --progress never --out ./-dash.json 2>/dev/null &&
  "$drlsim" merge -- -dash.json >"$tmp/dash-merged.json" 2>/dev/null ) && cmp -s "$tmp/-dash.json" "$tmp/dash-merged.json" \
    && ok || ko "merge -- -dash.json: not the report back"

finish

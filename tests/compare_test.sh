#!/bin/sh
# compare_test.sh DRLSIM SRCDIR - `drlsim compare` end to end, and the JUnit XML
# of compare and check against tests/junit.xsd (xmllint, Debian's libxml2-utils).
#   - a report against itself: nothing differs, every p-value is 1;
#   - the same job with another seed (200000 levels at dlevels 1-25, about 100
#     histograms tested): none differs at alpha 0.01 per family after Holm;
#   - a report made with an edited table (--data: the horizontal share of rivers
#     doubled, 1 in 4 -> 2 in 4) against the built-in one: exit 1, the river
#     orientation histograms differ, the population and room ones do not;
#   - the wiki ruleset against the released game's (100000 levels each at
#     dlevels 3-25): the type histogram differs with p < 1e-12, the
#     histograms whose bins are each ruleset's own monsters are not compared,
#     and every statistic is finite (or the histogram not tested);
#   - other jobs (other dlevels, a fixed type) are compared on their common
#     strata and show no difference; no common stratum, bad reports and bad
#     options exit 2 with one line and nothing on stdout.
# Seeds are fixed, so every outcome is deterministic.
drlsim=$1
src=$2
. "$(dirname "$0")/harness.sh"
alpha=0.01

# one_line MESSAGE-PREFIX: stderr is exactly one line starting so, stdout is empty
one_line() {
    if [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "^$1" "$tmp/err" && [ ! -s "$tmp/out" ]; then
        ok
    else
        ko "want one line '$1...' and no stdout, got: $(head -3 "$tmp/err")"
    fi
}
run() { "$drlsim" run --progress never "$@" 2>/dev/null || ko "drlsim run $* failed"; }

run --levels 200000 --dlevels 1-25 --seed 1 --out "$tmp/a.json"
run --levels 200000 --dlevels 1-25 --seed 2 --out "$tmp/b.json"

# 1. identical reports
expect 0 compare "$tmp/a.json" "$tmp/a.json" --json "$tmp/aa.json"
python3 - "$tmp/aa.json" <<'PY' && ok || ko "a report against itself: a p-value below 1"
import json, sys
o = json.load(open(sys.argv[1]))
t = [h for h in o["histograms"] if h["test"] != "none"]
assert len(t) >= 90 and o["summary"]["differ"] == 0, o["summary"]
assert all(h["p"] == 1 and not h["differs"] for h in t), [h["name"] for h in t if h["p"] != 1]
PY

# 2. the same job, another seed
expect 0 compare "$tmp/a.json" "$tmp/b.json" --alpha $alpha --json "$tmp/ab.json" \
    --junit "$tmp/ab.xml" --markdown "$tmp/ab.md"
python3 - "$tmp/ab.json" <<'PY' && ok || ko "another seed: a histogram differs"
import json, sys
o = json.load(open(sys.argv[1]))
s = o["summary"]
assert s["tested"] >= 90 and s["differ"] == 0 and o["common_strata"] >= 150, (s, o["common_strata"])
tests = {h["test"] for h in o["histograms"]}
assert {"cmh", "cmh-dispersion", "means"} <= tests, tests
PY
grep -q "0 differ" "$tmp/ab.md" && ok || ko "markdown: no '0 differ'"

# 3. an edited rule table: rivers horizontal 2 in 4 instead of 1 in 4
mkdir "$tmp/data"
cp "$src/../data/"* "$tmp/data/" 2>/dev/null
sed 's/"horizontal": \[1, 4\]/"horizontal": [2, 4]/' "$src/../data/water.json" >"$tmp/data/water.json"
if cmp -s "$src/../data/water.json" "$tmp/data/water.json"; then ko "the edit did not apply"; fi
run --levels 200000 --dlevels 1-25 --seed 2 --data "$tmp/data" --out "$tmp/e.json"
expect 1 compare "$tmp/a.json" "$tmp/e.json" --alpha $alpha --json "$tmp/ae.json" --junit "$tmp/ae.xml"
grep -q "^made with other rules: water.json$" "$tmp/out" && ok || ko "no 'made with other rules' line"
grep -q "^DIFFERS  *water  *river_orientation " "$tmp/out" && ok || ko "river_orientation not listed"
python3 - "$tmp/ae.json" <<'PY' && ok || ko "the edit: wrong histograms differ"
import json, sys
o = json.load(open(sys.argv[1]))
h = {x["name"]: x for x in o["histograms"]}
for n in ("river_orientation", "river_bridge_by_orientation", "river_bridge"):
    assert h[n]["differs"] and h[n]["p_holm"] < 1e-10, (n, h[n])
# what the edit does not touch: rooms, monsters, the width of a horizontal river
for n in ("rooms", "monsters_by_kind", "first_monster", "cave_outcome", "type", "budget",
          "river_width_horizontal", "river", "room_width"):
    assert not h[n]["differs"], (n, h[n])
assert o["rules_differ"] == "water.json", o["rules_differ"]
assert h["river_bridge"]["effect_size"] == "diff_prop" and h["river_bridge"]["bin"] == "yes"
assert h["fluid_cells"]["test"] == "means" and h["fluid_cells"]["effect_size"] == "diff_sd"
PY

# 4. other jobs: other dlevels, a fixed type (another mixture of the same strata)
run --levels 20000 --dlevels 20-30 --seed 3 --out "$tmp/c.json"
expect 0 compare "$tmp/a.json" "$tmp/c.json" --alpha $alpha --json "$tmp/ac.json"
run --levels 20000 --dlevels 1-25 --type caves --seed 4 --out "$tmp/caves.json"
expect 0 compare "$tmp/caves.json" "$tmp/a.json" --alpha $alpha --json "$tmp/ca.json"
python3 - "$tmp/ac.json" "$tmp/ca.json" <<'PY' && ok || ko "other jobs: wrong strata"
import json, sys
ac, ca = (json.load(open(f)) for f in sys.argv[1:])
assert 20 <= ac["common_strata"] <= 6 * 8, ac["common_strata"]
assert 20 <= ca["common_strata"] <= 25, ca["common_strata"]
h = {x["name"]: x for x in ca["histograms"]}
assert h["cave_roll"]["test"] != "none" and not h["cave_roll"]["differs"]
assert h["type"]["test"] == "none" and "--type" in h["type"]["note"]
PY

# 5. no common stratum, bad reports, bad options: exit 2, one line
run --levels 100 --dlevels 30-31 --seed 1 --out "$tmp/d.json"
expect 2 compare "$tmp/a.json" "$tmp/d.json"
one_line "drlsim compare: no common stratum: "
run --levels 100 --dlevels 1-25 --difficulty 4 --seed 1 --out "$tmp/d4.json"
expect 2 compare "$tmp/a.json" "$tmp/d4.json"
one_line "drlsim compare: no common stratum: .*difficulty 3, .*difficulty 4"
expect 2 compare "$tmp/a.json"
one_line "drlsim compare: two reports needed"
expect 2 compare "$tmp/a.json" "$tmp/b.json" "$tmp/c.json"
one_line "drlsim compare: unexpected argument"
expect 2 compare "$tmp/a.json" "$tmp/missing.json"
one_line "drlsim compare: "
printf '{"schema": "drlsim-run-4"' >"$tmp/broken.json"
expect 2 compare "$tmp/broken.json" "$tmp/a.json"
one_line "drlsim compare: "
expect 2 compare "$tmp/a.json" "$tmp/ab.json"
one_line "drlsim compare: "
expect 2 compare "$tmp/a.json" "$tmp/b.json" --alpha 0.7
one_line "drlsim compare: --alpha"
expect 2 compare "$tmp/a.json" "$tmp/b.json" --json - --junit -
one_line "drlsim compare: only one of"
expect 0 compare --help
grep -q "^usage: drlsim compare" "$tmp/out" && ok || ko "compare --help"

# 6. JUnit XML: valid against tests/junit.xsd, a test case per histogram or check
if ! command -v xmllint >/dev/null; then
    ko "xmllint not found (Debian package libxml2-utils, installed by tools/setup.sh)"
else
    valid() { xmllint --noout --schema "$src/junit.xsd" "$1" 2>"$tmp/xmlerr" && ok ||
        { ko "$1 is not valid JUnit XML"; head -3 "$tmp/xmlerr"; }; }
    valid "$tmp/ab.xml"
    valid "$tmp/ae.xml"
    # a path that needs escaping, and a control byte, in the suite's name
    weird="$tmp/$(printf 'a&<"\001b').json"
    cp "$tmp/a.json" "$weird"
    expect 0 compare "$weird" "$tmp/b.json" --alpha $alpha --junit "$tmp/weird.xml"
    valid "$tmp/weird.xml"
    # check: PASS, XFAIL (skipped with its discrepancy), left out (skipped), FAIL
    # (an edited table: the river orientation checks fail)
    expect 0 check --progress never --only arena --scale 0.05 --junit "$tmp/check.xml" \
        --json "$tmp/check.json"
    valid "$tmp/check.xml"
    expect 1 check --progress never --only river --scale 0.05 --data "$tmp/data" \
        --junit "$tmp/fail.xml" --json "$tmp/fail.json"
    valid "$tmp/fail.xml"
    python3 - "$tmp/check.xml" "$tmp/check.json" "$tmp/fail.xml" "$tmp/fail.json" \
        "$tmp/ae.xml" "$tmp/ae.json" <<'PY' && ok || ko "JUnit test cases do not match the results"
import json, sys
import xml.etree.ElementTree as ET
for xf, jf in zip(sys.argv[1::2], sys.argv[2::2]):
    root = ET.parse(xf).getroot()
    cases = root.findall("testsuite/testcase")
    o = json.load(open(jf))
    if "checks" in o:
        rows = [(c["family"], c["name"], c["verdict"]) for c in o["checks"]]
        bad = {"FAIL", "XPASS"}
        skip = {"XFAIL", "SKIP", "NOTRUN"}
    else:
        rows = [(h["family"], h["name"], "DIFFERS" if h["differs"] else
                 "NONE" if h["test"] == "none" else "SAME") for h in o["histograms"]]
        bad, skip = {"DIFFERS"}, {"NONE"}
    assert len(cases) == len(rows), (xf, len(cases), len(rows))
    for c, (fam, name, v) in zip(cases, rows):
        assert (c.get("classname"), c.get("name")) == (fam, name), (c.attrib, fam, name)
        assert (c.find("failure") is not None) == (v in bad), (name, v)
        assert (c.find("skipped") is not None) == (v in skip), (name, v)
        if v == "XFAIL":
            assert c.find("skipped").get("message").startswith("XFAIL: known discrepancy: ")
        if v == "FAIL":
            assert "expected" in c.find("failure").text and "observed" in c.find("failure").text
    s = root.find("testsuite")
    assert int(s.get("failures")) == sum(v in bad for *_, v in rows)
    assert int(s.get("skipped")) == sum(v in skip for *_, v in rows)
verdicts = [c["verdict"] for c in json.load(open(sys.argv[2]))["checks"]]
assert "XFAIL" in verdicts and "PASS" in verdicts and "SKIP" in verdicts, set(verdicts)
assert "FAIL" in [c["verdict"] for c in json.load(open(sys.argv[4]))["checks"]]
PY
fi
# The wiki's rules against the released game's: the level types differ.
"$drlsim" run --levels 100000 --dlevels 3-25 --seed 11 --progress never --out "$tmp/rw.json" 2>/dev/null
"$drlsim" run --rules game-0.9.9.7 --levels 100000 --dlevels 3-25 --seed 12 --progress never \
    --out "$tmp/rg.json" 2>/dev/null
expect 1 compare "$tmp/rw.json" "$tmp/rg.json" --json "$tmp/rwg.json"
if python3 - "$tmp/rwg.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
h = {r["name"]: r for r in o["histograms"]}
assert h["type"]["differs"] and h["type"]["p"] < 1e-12, h["type"]
assert h["monsters_by_kind"]["p"] is None and "own monsters" in h["monsters_by_kind"]["note"]
# finite statistics or not tested, never inf or nan (JSON null)
for r in o["histograms"]:
    if r["test"] != "none":
        assert r["p"] is not None and r["effect"] is not None, r
        assert r["test"] in ("fisher", "rate") or r["stat"] is not None, r
PY
then ok; else ko "wiki against game: the type histogram, or a statistic not finite"; fi
"$drlsim" compare "$tmp/rw.json" "$tmp/rg.json" >"$tmp/out" 2>&1
if grep -qiw "inf\|nan" "$tmp/out"; then ko "wiki against game: inf or nan in the table"; else ok; fi
finish

#!/bin/sh
# check_test.sh DRLSIM SRCDIR - `drlsim check` end to end: the true expectations pass,
# a slightly wrong one fails (and only it), the reports do not depend on --threads,
# known discrepancies give XFAIL/XPASS, a check without observations fails, bad
# input exits 2 with one line.  Prints "N passed, M failed".
drlsim=$1
src=$2
. "$(dirname "$0")/harness.sh"

# run WANT_STATUS ARGS... : runs drlsim check, output in $tmp/out, $tmp/err
run() {
    want=$1; shift
    "$drlsim" check --progress never "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$want" ]; then ok; else
        ko "drlsim check $* exited $got, want $want"; sed 's/^/  /' "$tmp/err" | head -5; fi
}

# verdicts FILE: "name verdict" lines of a --json report
verdicts() {
    python3 -c '
import json, sys
for c in json.load(open(sys.argv[1]))["checks"]:
    print(c["name"], c["verdict"])' "$1"
}

# 1. The true expectations (enabled checks) pass on a twentieth of the default sample.
run 0 --scale 0.05 --threads 2 --json "$tmp/true.json" --markdown "$tmp/true.md"
if python3 - "$tmp/true.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
s = o["summary"]
assert s["failed"] == 0 and s["passed"] >= 10, s
for k in ("passed", "failed", "xfail", "xpass", "levels", "seed"):
    assert k in s, k
for c in o["checks"]:
    for k in ("name", "family", "source", "expected", "observed", "interval", "p", "p_holm",
              "effect", "mde", "verdict"):
        assert k in c, (c["name"], k)
    assert c["verdict"] in ("PASS", "XFAIL", "XPASS", "SKIP"), c
    if c["test"] == "distribution" and c["verdict"] != "SKIP":
        assert set(c["observed"]) >= set(c["expected"]), (c["name"], c["observed"])
        assert set(c["interval"]) == set(c["observed"]), c["name"]
PY
then ok; else ko "true expectations: JSON report"; fi
if grep -q '^| verdict | check |' "$tmp/true.md" && grep -q 'arena-of-caves-dl10' "$tmp/true.md"; then
    ok; else ko "markdown report lacks its table"; fi

# The HTML page (drawn by report_html.c with gnuplot; tools/setup.sh installs it):
# well-formed (every tag closed in order), valid UTF-8 without control bytes
# (a hand-counted literal length once wrote a NUL), ids unique, every in-page link
# resolving; one table row per check (id check-NAME), each linking to its family's
# figure, one figure per family with an SVG and a link back to the family's table,
# one contents entry per family; the header names the version, the command line and
# the seed.  Run under a hostile --only (quotes, <, &) to see it escaped.
# check_html PAGE JSON: the strict reading above
check_html() {
    python3 - "$1" "$2" <<'PY'
import json, sys
from html.parser import HTMLParser
VOID = {"meta", "br", "link", "img", "input", "hr", "path", "circle", "use", "rect", "line"}
class Strict(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.ids, self.links, self.rows, self.figures = [], [], [], {}, {}
        self.svgs, self.toc, self.cur_fig, self.in_toc, self.row = 0, [], None, False, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "ul" and a.get("class") == "toc":
            self.in_toc = True
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
            if self.in_toc:
                self.toc.append(a["href"][1:])
            if self.stack and self.stack[-1] == "td" and self.row:
                self.rows[self.row] = a["href"][1:]
            if self.cur_fig:
                self.figures[self.cur_fig]["back"] = a["href"][1:]
        if tag == "tr":
            self.row = a.get("id") if a.get("id", "").startswith("check-") else None
            if self.row:
                self.rows[self.row] = None
        if tag == "figure":
            self.cur_fig = a["id"]
            self.figures[a["id"]] = {"svg": 0, "back": None}
        if tag == "svg":
            self.svgs += 1
            self.figures[self.cur_fig]["svg"] += 1
        if tag not in VOID:
            self.stack.append(tag)
    def handle_endtag(self, tag):
        if tag == "ul":
            self.in_toc = False
        if tag == "figure":
            self.cur_fig = None
        if tag in VOID:
            return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-4:])
        self.stack.pop()
raw = open(sys.argv[1], "rb").read()
bad = [i for i, b in enumerate(raw) if (b < 32 and b not in (9, 10, 13)) or b == 127]
assert not bad, ("control bytes", bad[:5], raw[max(0, bad[0] - 40):bad[0] + 5])
p = Strict()
page = raw.decode("utf-8")
p.feed(page)
assert not p.stack, p.stack
ids = set(p.ids)
assert len(ids) == len(p.ids), ("repeated ids", [i for i in ids if p.ids.count(i) > 1][:5])
missing = [l for l in p.links if l not in ids]
assert not missing, ("links to no id", missing[:5])
res = json.load(open(sys.argv[2]))
checks = res["checks"]
# A row per check selected; the checks left out (SKIP: --only, disabled) are
# counted at the top, and a family of none but those is not on the page.
listed = [c for c in checks if c["verdict"] != "SKIP"]
assert sorted(p.rows) == sorted("check-" + c["name"] for c in listed), "a row per check"
left_out = len(checks) - len(listed)
assert (f"{left_out} checks left out by" in page) == (left_out > 0), "the left-out count"
for row, fig in p.rows.items():
    assert fig in p.figures, (row, "links to", fig, "which is no figure")
families = []
for c in listed:
    if c["family"] not in families:
        families.append(c["family"])
assert len(p.figures) == len(families) and len(p.toc) == len(families), (p.figures, p.toc)
for f, fig in p.figures.items():
    assert fig["back"] in ids and fig["back"] in p.toc, (f, "no link back to its table")
    mine = [c["verdict"] for c in listed if "family-" + c["family"] == f]
    ran = [v for v in mine if v != "NOTRUN"]
    want = {1} if ran else {0, 1}
    assert fig["svg"] in want, (f, fig)
assert p.svgs == len([f for f in p.figures.values() if f["svg"]])
for want in ("drlsim check", "seed", str(res["summary"]["seed"])):
    assert want in page, want
PY
}
run 0 --scale 0.01 --threads 2 --html "$tmp/true.html" --json "$tmp/true-h.json"
if check_html "$tmp/true.html" "$tmp/true-h.json"; then ok; else
    ko "check --html: page malformed, or a check row, a link or a family picture missing"; fi
run 0 --scale 0.01 --threads 2 --only 'fluid-kind-normal-dl1' --html "$tmp/only.html" \
    --json "$tmp/only.json" --seed 3
if check_html "$tmp/only.html" "$tmp/only.json"; then ok; else ko "check --html --only: page malformed"; fi
# The command line is shown as typed, escaped: a file name with <, &, quotes stays text.
evil="$tmp/a<b&c\"d'e.html"
run 0 --scale 0.01 --only 'fluid-kind-normal-dl1' --alpha 1e-4 --html "$evil" --json "$tmp/q.json"
if check_html "$evil" "$tmp/q.json" && grep -qF -- "--only fluid-kind-normal-dl1 --alpha 1e-4 --html '$tmp/a&lt;b&amp;c&quot;d'\\''e.html'" "$evil"
then ok; else ko "the page does not show the command line, escaped"; fi
# Byte-identical for any thread count but for the date and the run time (the
# lines of class "when"); the same arguments, threads set by OMP_NUM_THREADS.
for t in 1 3; do
    OMP_NUM_THREADS=$t "$drlsim" check --progress never --scale 0.01 --seed 5 \
        --html "$tmp/h.html" >/dev/null 2>&1 && grep -v 'class="when"' "$tmp/h.html" >"$tmp/h$t.html"
done
if [ -s "$tmp/h1.html" ] && cmp -s "$tmp/h1.html" "$tmp/h3.html" \
    && [ "$(grep -c 'class="when"' "$tmp/h.html")" = 2 ]; then ok; else
    ko "check --html differs between 1 and 3 threads beyond its date and run time lines"; fi

# 2. Shift one probability a little (arena share of caves 1/4 -> 0.27): at the 18000
#    caves and arenas of half the dlevel-10 group the test sees the 0.02 (6 sigma), and
#    only that check fails.
python3 - "$src/../data/expectations.json" "$tmp/shifted.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["checks"]:
    if c["name"] == "arena-of-caves-dl10":
        assert c["expected"]["p"] == [1, 4]
        c["expected"]["p"] = 0.27
json.dump(d, open(sys.argv[2], "w"), indent=1)
PY
run 1 --expect "$tmp/shifted.json" --only dl10 --scale 0.5 --threads 2 --json "$tmp/shifted-out.json"
verdicts "$tmp/shifted-out.json" | grep -v ' SKIP$' >"$tmp/v"
if [ "$(grep -c ' FAIL$' "$tmp/v")" = 1 ] && grep -q '^arena-of-caves-dl10 FAIL$' "$tmp/v" \
    && grep -q '^type-shares-dl10 PASS$' "$tmp/v"; then ok; else
    ko "shifted arena share: $(tr '\n' ' ' <"$tmp/v")"; fi

# 3. Byte-identical reports for any thread count.
for t in 1 2 3; do
    run 0 --scale 0.02 --seed 7 --threads $t --json "$tmp/t$t.json" --markdown "$tmp/t$t.md"
done
if cmp -s "$tmp/t1.json" "$tmp/t2.json" && cmp -s "$tmp/t1.json" "$tmp/t3.json"; then ok; else
    ko "check --json differs between --threads 1, 2, 3"; fi
if cmp -s "$tmp/t1.md" "$tmp/t2.md" && cmp -s "$tmp/t1.md" "$tmp/t3.md"; then ok; else
    ko "check --markdown differs between --threads 1, 2, 3"; fi
if python3 - "$tmp/t1.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
assert s["seed"] == 7 and not any(k in s for k in ("seconds", "threads", "time")), s
PY
then ok; else ko "JSON summary: seed missing or timing/threads present"; fi
# what made the report: version, ruleset, tables, scale, the command that
# decides the results; each check's claims and derivation from data/
if python3 - "$tmp/t1.json" "$src/../data/expectations.json" "$src/../data" <<'PY'
import hashlib, json, os, sys
o = json.load(open(sys.argv[1]))
s = o["summary"]
assert s["rules"] == "wiki-0.9.9.3" and s["data"] is None and s["scale"] == 0.02, s
assert s["command"] == ["drlsim", "check", "--scale", "0.02", "--seed", "7"], s["command"]
assert s["drlsim_version"] and "water.json" in s["tables"], s
# the tables' hashes are FNV-1a 64 of the files' bytes (docs/report.md)
def fnv(b):
    h = 0xcbf29ce484222325
    for x in b:
        h = ((h ^ x) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"
assert s["tables"]["water.json"] == fnv(open(os.path.join(sys.argv[3], "water.json"), "rb").read())
want = {c["name"]: c for c in json.load(open(sys.argv[2]))["checks"]}
for c in o["checks"]:
    w = want[c["name"]]
    assert c.get("claims") == w.get("claims") and c.get("derivation") == w.get("derivation"), c["name"]
assert sum("claims" in c for c in o["checks"]) > 100
PY
then ok; else ko "JSON summary: provenance, or a check's claims and derivation"; fi

# 4. Known discrepancies: a true claim marked as one is an XPASS (loud, and it
#    fails the run unless --allow-xpass: a discrepancy that disappears means a
#    rule changed); a false one is an XFAIL (exit 0).  A check with no
#    observations fails.
cat >"$tmp/kd.json" <<'EOF'
{"levels": 2000, "checks": [
 {"name": "kd-true", "family": "t", "source": "wiki", "observation": "type",
  "sample": {"type": null, "dlevel": 2, "difficulty": 3}, "test": "exact",
  "expected": {"value": "normal"}, "known_discrepancy": "marked wrongly, for the test"},
 {"name": "kd-false", "family": "t", "source": "wiki", "observation": "type",
  "sample": {"type": null, "dlevel": 2, "difficulty": 3}, "test": "exact",
  "expected": {"value": "caves"}, "known_discrepancy": "dlevel 2 is always normal"}
]}
EOF
run 1 --expect "$tmp/kd.json" --json "$tmp/kd-out.json"
if [ "$(verdicts "$tmp/kd-out.json" | tr '\n' ' ')" = "kd-true XPASS kd-false XFAIL " ]; then ok; else
    ko "known discrepancies: $(verdicts "$tmp/kd-out.json" | tr '\n' ' ')"; fi
if grep -q 'XPASS kd-true' "$tmp/err"; then ok; else ko "XPASS is not reported on stderr"; fi
run 0 --expect "$tmp/kd.json" --allow-xpass
run 0 --expect "$tmp/kd.json" --only kd-false

# 5. --data DIR: the whole check on edited tables, no rebuild.  An unchanged
#    copy of data/ passes; one number changed (arena's hunting chance 1/2 ->
#    1/3) fails with that check named; a missing directory is bad input.
cp -r "$src/../data" "$tmp/data"
run 0 --data "$tmp/data" --only hunting
sed 's/"danger_percent": 67, "special_rooms": false, "hunting": \[1, 2\]/"danger_percent": 67, "special_rooms": false, "hunting": [1, 3]/' \
    "$src/../data/ruleset.json" >"$tmp/data/ruleset.json"
if cmp -s "$src/../data/ruleset.json" "$tmp/data/ruleset.json"; then
    ko "--data test: the edit to ruleset.json did not apply"; else ok; fi
run 1 --data "$tmp/data" --only hunting
if grep -q '^FAIL  *hunting-arena ' "$tmp/out"; then ok; else ko "--data: hunting-arena is not the failing check"; fi
run 2 --data "$tmp/no-such-dir" --only hunting
if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'no-such-dir/' "$tmp/err"; then ok; else
    ko "--data with a missing directory: want one line naming the file"; fi
# 5b. --fail-fast: where no check can fail whatever the rest give, the run
#     is the whole run, report for report; with the hunting change above it
#     stops at a check that the whole run fails too, exit 1, the checks of the
#     samples after it NOTRUN and the report marked stopped, not complete.
run 0 --scale 0.02 --seed 7 --threads 2 --fail-fast --json "$tmp/ff-true.json"
if cmp -s "$tmp/t1.json" "$tmp/ff-true.json"; then ok; else
    ko "check --fail-fast on true rules differs from the whole run"; fi
run 1 --data "$tmp/data" --scale 0.2 --json "$tmp/ff-whole.json"
run 1 --data "$tmp/data" --scale 0.2 --fail-fast --json "$tmp/ff-stop.json"
if python3 - "$tmp/ff-whole.json" "$tmp/ff-stop.json" "$tmp/out" <<'PY'
import json, re, sys
whole, stop = (json.load(open(f)) for f in sys.argv[1:3])
s = stop["summary"]
assert s["stopped"] is True and s["complete"] is False and "stopped" not in whole["summary"], s
name = re.search(r"STOPPED by --fail-fast: (\S+) fails", open(sys.argv[3]).read()).group(1)
v = {c["name"]: c["verdict"] for c in whole["checks"]}
w = {c["name"]: c["verdict"] for c in stop["checks"]}
assert v[name] == "FAIL" and w[name] == "FAIL", (name, v[name], w[name])
notrun = [c for c in stop["checks"] if c["verdict"] == "NOTRUN"]
assert notrun and s["not_run"] == len(notrun) and s["levels"] < whole["summary"]["levels"], s
assert all(c["reason"].startswith("not run: --fail-fast") for c in notrun), notrun[0]
PY
then ok; else ko "check --fail-fast on a changed rule"; fi

cat >"$tmp/none.json" <<'EOF'
{"levels": 2000, "checks": [
 {"name": "never-observed", "family": "t", "source": "wiki", "observation": "special_rolled",
  "sample": {"type": "small-rooms", "dlevel": 10, "difficulty": 3}, "test": "exact",
  "expected": {"value": 0}, "derivation": "small rooms never roll special rooms: no observations"}
]}
EOF
run 1 --expect "$tmp/none.json" --json "$tmp/none-out.json"
if python3 - "$tmp/none-out.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["checks"][0]
assert c["verdict"] == "FAIL" and c["reason"].startswith("no observations"), c
PY
then ok; else ko "a check without observations does not fail"; fi

# 6. Bad input: exit 2 and one line naming the problem.
printf '{"levels": 10, "checks": [' >"$tmp/broken.json"
for args in "--expect $tmp/broken.json:malformed JSON" "--expect /nonexistent.json:cannot open" \
            "--alpha 0:out of range" "--alpha 0.7:out of range" "--levels 0:out of range" \
            "--bogus:unknown option" "--only no-such-check:no check selected" \
            "--threads 0:out of range" "--progress sometimes:is not one of" \
            "--json - --markdown -:only one of"; do
    a=${args%%:*}; needle=${args#*:}
    # shellcheck disable=SC2086
    "$drlsim" check $a >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = 2 ] && grep -q -- "$needle" "$tmp/err" && [ "$(wc -l <"$tmp/err")" = 1 ]; then ok; else
        ko "check $a: exit $got, stderr: $(cat "$tmp/err")"; fi
done
"$drlsim" check --help >"$tmp/help" 2>&1 && ok || ko "check --help"
for w in --levels --seed --alpha --threads --expect --json --markdown --html --progress --scale --only --all; do
    if grep -q -- "$w" "$tmp/help"; then ok; else ko "check --help lacks $w"; fi
done

# A claim id must look like one (W and digits).
cat >"$tmp/claims.json" <<'EOF'
{"levels": 100, "checks": [
 {"name": "c1", "family": "t", "source": "wiki", "observation": "type", "claims": ["X1"],
  "sample": {"type": null, "dlevel": 2, "difficulty": 3}, "test": "exact", "expected": {"value": "normal"}}]}
EOF
run 2 --expect "$tmp/claims.json"
if grep -q 'claims: a claim id is W' "$tmp/err"; then ok; else ko "bad claim id: $(cat "$tmp/err")"; fi

# Interruption: SIGINT during the run writes the results of the levels done,
# marked "complete": false, the checks not reached NOTRUN (not FAIL), and
# exits 130.
"$drlsim" check --progress never --json "$tmp/int.json" --html "$tmp/int.html" >/dev/null 2>&1 &
pid=$!
sleep 2
kill -INT $pid
wait $pid
st=$?
if [ "$st" = 130 ] && python3 - "$tmp/int.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
s = o["summary"]
assert s["complete"] is False and 0 < s["levels"] < 1800000, s
# Checks whose sample was not reached are NOTRUN, never FAIL.
assert s["not_run"] > 0 and s["failed"] == 0, s
assert all(c["verdict"] != "FAIL" for c in o["checks"])
PY
then ok; else ko "interrupted check: exit $st, or no valid partial report"; fi
# Its page says so at the top and shows the checks not reached as not run, grey.
if check_html "$tmp/int.html" "$tmp/int.json" && grep -q 'class="alert">Interrupted' "$tmp/int.html" \
    && grep -q '<tr class="NOTRUN"' "$tmp/int.html" && ! grep -q '<tr class="FAIL"' "$tmp/int.html"
then ok; else ko "interrupted check: the page does not show the checks not run as such"; fi

finish

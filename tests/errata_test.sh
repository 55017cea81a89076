#!/bin/sh
# errata_test.sh DRLSIM SRCDIR - `drlsim errata` at a small scale: the wiki's
# claims game-0.9.9.7 contradicts are listed as differing or not in the game,
# the ones it keeps as agreeing; on every game ruleset (--rules) every check of
# the wiki ruleset has a verdict and a why, and the whys and exact values are
# its errata file's over the file it inherits; the committed pages
# (docs/errata.md, the default ruleset; docs/errata-0.9.9.7.md) are what the
# command makes now but for the measured columns; the HTML page speaks the
# errata's words; bad rulesets and errata files get one line and exit 2.
drlsim=$1
src=$2
. "$(dirname "$0")/harness.sh"

"$drlsim" errata --rules game-0.9.9.7 --scale 0.1 --seed 7 --progress never \
    --json "$tmp/e.json" --markdown "$tmp/e.md" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" = 0 ]; then ok; else ko "drlsim errata exited $st: $(tail -3 "$tmp/err")"; fi
if python3 - "$tmp/e.json" "$src/../data/expectations.json" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
wiki = json.load(open(sys.argv[2]))
v = {c["name"]: c["verdict"] for c in e["checks"]}
want = {c["name"] for c in wiki["checks"] if c.get("enabled", True)}
assert set(v) == want, ("checks without a verdict", sorted(want - set(v)))
s = e["summary"]
assert s["agrees"] + s["differs"] + s["not_in_the_game"] == len(v), s
# what made it: the game's levels, its tables, the command (docs/expectations.md)
assert s["rules"] == "game-0.9.9.7" and s["drlsim_version"] and s["command"][:2] == [
    "drlsim", "errata"] and "game-0.9.9.7/water.json" in s["tables"], s
claims = {c["name"]: c.get("claims") for c in wiki["checks"]}
assert all(c.get("claims") == claims[c["name"]] for c in e["checks"]), "claims"
# The released game's departures from the page (docs/rulesets.md).
differs = ["type-shares-dl3", "type-shares-dl4", "type-shares-dl5", "type-shares-dl10",
           "type-shares-dl15", "arena-of-caves-dl10", "arena-of-caves-dl20",
           "single-share-dl20", "items-maze", "items-arena", "special-count-normal",
           "river-x-caves", "river-rate-normal"]
# dlevel 10 is Deimos: the game's normal levels there draw no special-room kind (G77)
absent = ["arena-roll-dl10", "arena-layout-dl30", "cave-roll-dl10-d3", "special-kinds-normal"]
agrees = ["type-dl2", "items-caves", "items-single", "river-rate-city", "hunting-arena"]
for n in differs:
    assert v[n] == "differs", (n, v[n])
for n in absent:
    assert v[n] == "not in the game", (n, v[n])
for n in agrees:
    assert v[n] == "agrees", (n, v[n])
for c in e["checks"]:
    assert c.get("why"), ("no why", c["name"])
    assert c["verdict"] == "not in the game" or c.get("game_observed"), ("no observation", c["name"])
print(f"{s['agrees']} agree, {s['differs']} differ, {s['not_in_the_game']} not in the game")
PY
then ok; else ko "errata verdicts"; fi
# The game rulesets errata takes and its default, as its help names them.
"$drlsim" errata --help >"$tmp/help"
games=$(sed -n 's/^ *one of: \(.*\)$/\1/p' "$tmp/help" | tr -d ',')
default=$(sed -n 's/.*(default \([^,]*\), the current release.*/\1/p' "$tmp/help")
if [ -n "$games" ] && [ -n "$default" ] && echo " $games " | grep -q " $default "; then ok; else
    ko "errata --help: no list of game rulesets ($games) or no default ($default)"; fi
# Every game ruleset: a verdict and a why for every check, and the whys and
# exact values its errata file gives over the one it inherits (an entry
# replaces the inherited one field by field, null removes it).
for r in $games; do
    "$drlsim" errata --rules "$r" --scale 0.02 --progress never --json "$tmp/$r.json" \
        --markdown "$tmp/$r.md" >"$tmp/$r.out" 2>"$tmp/err"
    st=$?
    if [ "$st" = 0 ]; then ok; else ko "errata --rules $r exited $st: $(tail -1 "$tmp/err")"; fi
    if python3 - "$tmp/$r.json" "$src/../data" "$r" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
data, rules = sys.argv[2], sys.argv[3]
wiki = json.load(open(f"{data}/expectations.json"))
assert e["summary"]["rules"] == rules == e["summary"]["game_rules"], e["summary"]
want = [c["name"] for c in wiki["checks"] if c.get("enabled", True)]
assert [c["name"] for c in e["checks"]] == want, "not every check has a verdict, in order"
assert {c["verdict"] for c in e["checks"]} <= {"agrees", "differs", "not in the game"}
def load(name, depth=0):
    f = json.load(open(f"{data}/{name}/errata.json"))
    if "inherits" not in f:
        return f
    assert depth < 3, "inherits: a loop"
    base = load(f["inherits"], depth + 1)
    for part in ("families", "single_outcomes"):
        for k, v in f.get(part, {}).items():
            base.setdefault(part, {}).pop(k, None)
            if v is not None:
                base[part][k] = v
    for k, v in f.get("checks", {}).items():
        old = base.setdefault("checks", {}).setdefault(k, {})
        for field, x in v.items():
            old.pop(field, None)
            if x is not None:
                old[field] = x
    return f | {"families": base["families"], "checks": base["checks"]}
w = load(rules)
for c in e["checks"]:
    mine = w["checks"].get(c["name"], {})
    why = mine.get("why", w["families"].get(c["family"]))
    assert why and c.get("why") == why, ("why", c["name"], c.get("why"), why)
    assert c.get("game_exact") == mine.get("game"), ("exact", c["name"])
s = e["summary"]
print(f"{rules}: {s['agrees']} agree, {s['differs']} differ, {s['not_in_the_game']} not in the game, "
      f"{sum('game_exact' in c for c in e['checks'])} exact values")
PY
    then ok; else ko "errata --rules $r: verdicts, whys or exact values"; fi
    # the table on stdout names the ruleset and closes with the counts
    if head -1 "$tmp/$r.out" | grep -q "claims on $r:" &&
        tail -1 "$tmp/$r.out" | grep -q "^$r: [0-9]* agree, [0-9]* differ, [0-9]* not in the game$"
    then ok; else ko "errata --rules $r: its table on stdout"; fi
done
# The committed pages are the command's output now, but for what a sample
# measures: the same title and ruleset, the same tables (name and hash), and
# per family the same checks with the same wiki claim, exact value and why,
# and the same value wherever the page's levels all showed one.  When they
# are not (a rule table, an errata file or the levels of a ruleset changed),
# regenerate them with tools/errata_docs.sh.
for pair in "$default errata.md" "game-0.9.9.7 errata-0.9.9.7.md"; do
    set -- $pair
    if python3 - "$src/../docs/$2" "$tmp/$1.json" "$1" <<'PY'
import json, re, sys
page = open(sys.argv[1]).read()
e, rules = json.load(open(sys.argv[2])), sys.argv[3]
assert page.startswith(f"# Errata: the wiki's claims on {rules}\n"), "title"
m = re.search(r"from these tables: (.*)\.\n", page)
tables = dict(re.findall(r"(\S+) `([0-9a-f]{16})`", m.group(1))) if m else None
assert tables == e["summary"]["tables"], ("tables", tables, e["summary"]["tables"])
rows, family = [], None
for line in page.splitlines():
    if line.startswith("## "):
        family = line[3:]
    elif line.startswith("| ") and not line.startswith("| check |"):
        cells = line[2:-2].split(" | ")
        assert len(cells) == 7, line
        rows.append((family, cells[0], cells[1], cells[2], cells[6], cells[3]))
want = [(c["family"], c["name"], c["wiki_says"], c.get("game_exact", "-"), c["why"])
        for c in e["checks"]]
for a, b in zip(rows, want):
    assert a[:5] == b, (a, b)
assert len(rows) == len(want), (len(rows), len(want))
# What the levels show where every level of the page's sample showed the
# same (a budget "always 64", all items in one bin "13 1.0000") any sample
# shows: a change of the levels' rules that moves it makes the page stale.
seen = {c["name"]: c.get("game_observed") for c in e["checks"]}
same = [r for r in rows if re.fullmatch(r"always -?\d+|\S+ 1\.0000", r[5])]
assert len(same) >= 20, len(same)
for r in same:
    assert seen[r[1]] == r[5], ("measured", r[1], r[5], seen[r[1]])
PY
    then ok; else ko "docs/$2 is not what \`drlsim errata --rules $1\` makes now: regenerate it with tools/errata_docs.sh"; fi
done
# HTML: one well-formed page (every tag closed in order, no control bytes, unique
# ids, every in-page link resolving), a row per check, the errata's own words:
# agrees, differs, not in the game, never check's PASS, FAIL, XFAIL or XPASS
# in what a reader sees; no chi-square of "-" in a caption; the family of
# every differing check open; each check's exact value in its row.
"$drlsim" errata --scale 0.01 --progress never --html "$tmp/e.html" \
    --json "$tmp/eh.json" >/dev/null 2>&1
if python3 - "$tmp/e.html" "$tmp/eh.json" <<'PY'
import html, json, re, sys
from html.parser import HTMLParser
VOID = {"meta", "br", "link", "img", "input", "hr", "path", "circle", "use", "rect", "line"}
class Strict(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.ids, self.links, self.rows, self.open = [], [], [], [], {}
        self.text, self.row, self.cells, self.skip = [], None, {}, 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
            if tag == "tr" and a["id"].startswith("check-"):
                self.rows.append(a["id"][6:])
                self.row = a["id"][6:]
                self.cells[self.row] = []
            if tag == "details" and a["id"].startswith("fam-"):
                self.open[a["id"][4:]] = "open" in a
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
        if tag in ("style", "script"):
            self.skip += 1
        if tag not in VOID:
            self.stack.append(tag)
    def handle_endtag(self, tag):
        if tag in VOID:
            return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-4:])
        self.stack.pop()
        if tag in ("style", "script"):
            self.skip -= 1
        if tag == "tr":
            self.row = None
    def handle_data(self, d):
        if not self.skip:
            self.text.append(d)
            if self.row:
                self.cells[self.row].append(d)
raw = open(sys.argv[1], "rb").read()
assert not [b for b in raw if (b < 32 and b not in (9, 10, 13)) or b == 127], "control bytes"
page = raw.decode("utf-8")
p = Strict()
p.feed(page)
assert not p.stack and len(set(p.ids)) == len(p.ids), "tags or ids"
assert all(l in p.ids for l in p.links), "links to no id"
e = json.load(open(sys.argv[2]))
rules = e["summary"]["rules"]
assert sorted(p.rows) == sorted(c["name"] for c in e["checks"]), "a row per check"
text = "\n".join(p.text)
assert f"the wiki's claims on {rules}" in text, "the ruleset in the title"
for want in ("drlsim errata", "agrees", "differs", "not in the game"):
    assert want in text, want
bad = re.findall(r"\b(X?FAIL|X?PASS|SKIP|NOTRUN)\b", text)
assert not bad, ("check's words on the errata page", sorted(set(bad)))
assert not re.search("\u03c7\u00b2 -|chi2 -|chi-square -", text), "a chi-square of '-'"
differs = {c["family"] for c in e["checks"] if c["verdict"] == "differs"}
assert differs and all(p.open[f] for f in differs), ("closed", [f for f in differs if not p.open[f]])
exact = [c for c in e["checks"] if c.get("game_exact")]
assert exact, "no exact value"
for c in exact:
    assert c["game_exact"] in "".join(p.cells[c["name"]]), ("exact value", c["name"])
print(f"{len(p.rows)} rows, {len(exact)} exact values, {len(differs)} open families differ")
PY
then ok; else ko "errata --html: not the page it should be"; fi
# Bad input: a ruleset errata does not know, the wiki's own (no claims to try
# on it), an errata file naming a check the claims do not have, or inheriting
# in a loop: one line each, exit 2.
expect 2 errata --rules game-0.9.9.9
if [ "$(wc -l <"$tmp/err")" = 1 ]; then ok; else ko "errata --rules unknown: not one line"; fi
expect 2 errata --rules wiki-0.9.9.3 --scale 0.01
if [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "no claims to try" "$tmp/err"; then ok; else
    ko "errata --rules wiki-0.9.9.3: $(cat "$tmp/err")"; fi
cp -R "$src/../data" "$tmp/data"
python3 - "$tmp/data" <<'PY'
import json, sys
p = f"{sys.argv[1]}/game-0.10.10b/errata.json"
e = json.load(open(p))
e["checks"]["no-such-check"] = {"why": "x"}
json.dump(e, open(p, "w"))
PY
expect 2 errata --rules game-0.10.10b --data "$tmp/data" --scale 0.01
if [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "game-0.10.10b/errata.json.*no-such-check" "$tmp/err"
then ok; else ko "errata: an unknown check in an errata file: $(cat "$tmp/err")"; fi
cp "$src/../data/game-0.10.10b/errata.json" "$tmp/data/game-0.10.10b/errata.json"
python3 - "$tmp/data" <<'PY'
import json, sys
p = f"{sys.argv[1]}/game-0.9.9.7/errata.json"
e = json.load(open(p))
e["inherits"] = "game-0.10.10b"
json.dump(e, open(p, "w"))
PY
expect 2 errata --rules game-0.10.10b --data "$tmp/data" --scale 0.01
if [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "inherits" "$tmp/err"; then ok; else
    ko "errata: errata files inheriting in a loop: $(cat "$tmp/err")"; fi
# JUnit: a failure per differing check, skipped for the ones not in the game
"$drlsim" errata --scale 0.01 --only items --progress never --junit "$tmp/e.xml" >/dev/null 2>&1
if xmllint --noout --schema "$src/junit.xsd" "$tmp/e.xml" 2>/dev/null &&
    grep -q 'name="items-maze"' "$tmp/e.xml"; then ok; else ko "errata --junit: not valid JUnit"; fi
"$drlsim" errata --scale 0.01 --json /nonexistent/e.json >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" = 3 ] && [ "$(wc -l <"$tmp/err")" = 1 ]; then ok; else ko "errata to a missing directory: exit $st"; fi
finish

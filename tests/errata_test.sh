#!/bin/sh
# errata_test.sh DRLSIM SRCDIR - `drlsim errata` at a small scale: the wiki's
# claims the released game contradicts are listed as differing or not in the
# game, the ones it keeps as agreeing, every check of the wiki ruleset has a
# verdict, and the Markdown has the structure of the committed docs/errata.md
# (its title, a section per family, the same table header).
drlsim=$1
src=$2
. "$(dirname "$0")/harness.sh"

"$drlsim" errata --scale 0.1 --seed 7 --progress never --json "$tmp/e.json" \
    --markdown "$tmp/e.md" >"$tmp/out" 2>"$tmp/err"
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
# The Markdown's structure is the committed page's.
for f in "$tmp/e.md" "$src/../docs/errata.md"; do
    if head -1 "$f" | grep -q '^# Errata: the wiki' &&
        grep -q '^| check | wiki says | game does | verdict | p | why |$' "$f" &&
        [ "$(grep -c '^## ' "$f")" -ge 30 ]; then ok; else ko "$f: not the errata page's structure"; fi
done
a=$(grep '^## ' "$tmp/e.md")
b=$(grep '^## ' "$src/../docs/errata.md")
if [ "$a" = "$b" ]; then ok; else ko "docs/errata.md's families differ from a fresh run's: regenerate it"; fi
# HTML: one well-formed page (every tag closed in order, no control bytes, unique
# ids, every in-page link resolving), a row per check, the errata's own words.
"$drlsim" errata --scale 0.02 --only level-type --progress never --html "$tmp/e.html" \
    --json "$tmp/eh.json" >/dev/null 2>&1
if python3 - "$tmp/e.html" "$tmp/eh.json" <<'PY'
import json, sys
from html.parser import HTMLParser
VOID = {"meta", "br", "link", "img", "input", "hr", "path", "circle", "use", "rect", "line"}
class Strict(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.ids, self.links, self.rows = [], [], [], []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
            if tag == "tr" and a["id"].startswith("check-"):
                self.rows.append(a["id"][6:])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
        if tag not in VOID:
            self.stack.append(tag)
    def handle_endtag(self, tag):
        if tag in VOID:
            return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-4:])
        self.stack.pop()
raw = open(sys.argv[1], "rb").read()
assert not [b for b in raw if (b < 32 and b not in (9, 10, 13)) or b == 127], "control bytes"
page = raw.decode("utf-8")
p = Strict()
p.feed(page)
assert not p.stack and len(set(p.ids)) == len(p.ids), "tags or ids"
assert all(l in p.ids for l in p.links), "links to no id"
e = json.load(open(sys.argv[2]))
assert sorted(p.rows) == sorted(c["name"] for c in e["checks"]), "a row per check"
for want in ("drlsim errata", "agrees", "differs"):
    assert want in page, want
PY
then ok; else ko "errata --html: not the page it should be"; fi
# JUnit: a failure per differing check, skipped for the ones not in the game
"$drlsim" errata --scale 0.01 --only items --progress never --junit "$tmp/e.xml" >/dev/null 2>&1
if xmllint --noout --schema "$src/junit.xsd" "$tmp/e.xml" 2>/dev/null &&
    grep -q 'name="items-maze"' "$tmp/e.xml"; then ok; else ko "errata --junit: not valid JUnit"; fi
"$drlsim" errata --scale 0.01 --json /nonexistent/e.json >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" = 3 ] && [ "$(wc -l <"$tmp/err")" = 1 ]; then ok; else ko "errata to a missing directory: exit $st"; fi
finish

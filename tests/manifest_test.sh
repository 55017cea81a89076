#!/bin/sh
# manifest_test.sh DRLSIM SRCDIR - a ruleset built on another, end to end: a
# folder holds manifest.json (its name, its base game-0.9.9.7, the one table
# it replaces) and a copy of the base's ruleset.json with one weight changed
# (maze 20 -> 120 at dlevels 4-7), and `--data FOLDER` makes gen, run,
# check, compare and errata use it:
#   - run: the maze share at dlevel 5 is 120/275 (normal 100, maze 120,
#     caves 20, warehouse 25, city 10), not the base's 20/175, and the
#     report's id names the folder's manifest and ruleset file;
#   - compare of the base's report against it: exit 1, the type histogram
#     differs, no other;
#   - check: the dlevel 5 type checks (written for the base) fail, and pass
#     on the base;
#   - errata: tried on the folder's ruleset, the dlevel 4 shares it observes
#     hold maze near 120/275;
#   - a constant of the base's table replaced ("constants"): the check of
#     that river width fails, the other widths' pass;
#   - a broken manifest, an unknown base, a file the base has not, a
#     constant out of range, a step of a ruleset with other tables and a
#     base other than --rules asks exit 2 with one line.
drlsim=$1
src=$2
. "$(dirname "$0")/harness.sh"

# one_line TEXT: stderr is one line holding TEXT
one_line() {
    if [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q -- "$1" "$tmp/err"; then ok; else
        ko "stderr is not one line with '$1':"; sed 's/^/  /' "$tmp/err" | head -5; fi
}

mod=$tmp/mod
mkdir "$mod"
python3 - "$src/../data/game-0.9.9.7/ruleset.json" "$mod" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
band = '{ "from": 4,  "to": 7,    "weights": { "normal": 100, "maze": 20,'
assert text.count(band) == 1, "the dlevel 4-7 band of the base"
open(sys.argv[2] + "/ruleset.json", "w").write(
    text.replace(band, band.replace('"maze": 20,', '"maze": 120,')))
json.dump({"name": "maze-mod", "base": "game-0.9.9.7",
           "comment": "maze weighs 120 at dlevels 4-7", "tables": ["ruleset.json"]},
          open(sys.argv[2] + "/manifest.json", "w"))
PY

expect 0 gen --data "$mod" --dlevel 5 --seed 3
if grep -q '^type .*, dlevel 5,' "$tmp/out"; then ok; else ko "gen --data: no level"; fi

expect 0 run --data "$mod" --dlevel 5 --levels 20000 --out "$tmp/mod.json" --progress never
expect 0 run --rules game-0.9.9.7 --dlevel 5 --levels 20000 --out "$tmp/base.json" --progress never
if python3 - "$tmp/mod.json" "$tmp/base.json" <<'PY'
import json, math, sys
mod, base = (json.load(open(p)) for p in sys.argv[1:3])
for r, p in ((mod, 120 / 275), (base, 20 / 175)):
    n = sum(r["types"].values())
    share = r["types"]["maze"] / n
    sigma = math.sqrt(p * (1 - p) / n)
    assert abs(share - p) < 5 * sigma, (share, p)
ids = mod["params"]["tables"]
assert "maze-mod/manifest.json" in ids and "maze-mod/ruleset.json" in ids, ids
assert "game-0.9.9.7/ruleset.json" not in ids and "game-0.9.9.7/population.json" in ids, ids
PY
then ok; else ko "run --data: the maze share or the report's id"; fi

expect 1 compare "$tmp/base.json" "$tmp/mod.json" --json "$tmp/cmp.json"
if python3 - "$tmp/cmp.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
differ = [h["name"] for h in c["histograms"] if h.get("differs")]
assert differ == ["type"], differ
PY
then ok; else ko "compare: not the type histogram alone"; fi

expect 1 check --data "$mod" --only type-dl5 --json "$tmp/chk.json" --progress never
if python3 - "$tmp/chk.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
v = {e["name"]: e["verdict"] for e in c["checks"] if e["verdict"] != "SKIP"}
assert v == {f"type-dl5-d{d}": "FAIL" for d in (1, 3, 5)}, v
PY
then ok; else ko "check --data: the type checks do not all fail"; fi
expect 0 check --rules game-0.9.9.7 --only type-dl5 --progress never

expect 0 errata --data "$mod" --only type-shares-dl4 --scale 0.2 --json "$tmp/e.json" --progress never
if python3 - "$tmp/e.json" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
assert e["summary"]["game_rules"] == "maze-mod", e["summary"]
(c,) = e["checks"]
assert abs(c["observed"]["maze"] - 120 / 275) < 0.02, c["observed"]
PY
then ok; else ko "errata --data: not tried on the folder's ruleset"; fi

# A constant of the base's table replaced by the manifest: a lone vertical
# river d3 + 2 wide (3..5), not d3 + 3 (4..6): the base's check of those
# widths fails, the others of river widths pass.
narrow=$tmp/narrow
mkdir "$narrow"
printf '{"name": "narrow", "base": "game-0.9.9.7", "constants": {"vriver_one_width_plus": 2}}' \
    >"$narrow/manifest.json"
expect 1 check --data "$narrow" --only river-width --json "$tmp/narrow.json" --progress never
if python3 - "$tmp/narrow.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
v = {e["name"]: e["verdict"] for e in c["checks"] if e["verdict"] != "SKIP"}
assert v.pop("river-width-one-normal") == "FAIL", v
assert v and all(x == "PASS" for x in v.values()), v
PY
then ok; else ko "constants: not the lone river's width alone"; fi
printf '{"name": "x", "base": "game-0.9.9.7", "constants": {"vriver_one_width_plus": 99}}' \
    >"$narrow/manifest.json"
expect 2 gen --data "$narrow"
one_line "vriver_one_width_plus"

# bad manifests: one line, exit 2
bad=$tmp/bad
mkdir "$bad"
printf '{"name": "x", "base": "game-0.9.9.7", "tables": ["nosuch.json"]}' >"$bad/manifest.json"
expect 2 gen --data "$bad"
one_line "nosuch.json is not a file of ruleset game-0.9.9.7"
printf '{"name": "x", "base": "game-0.9.8"}' >"$bad/manifest.json"
expect 2 run --data "$bad" --levels 10 --out "$tmp/x.json"
one_line 'base'
printf '{"name": "x", "base": ' >"$bad/manifest.json"
expect 2 check --data "$bad"
one_line "$bad/manifest.json"
printf '{"name": "x", "base": "game-0.9.9.7", "steps": {"census": "wiki-0.9.9.3"}}' \
    >"$bad/manifest.json"
expect 2 gen --data "$bad"
one_line "census: ruleset wiki-0.9.9.3 reads other tables than game-0.9.9.7"
printf '{"name": "x", "base": "game-0.9.9.7", "steps": {"water": "game-0.9.9.7"}}' \
    >"$bad/manifest.json"
expect 0 gen --data "$bad" --seed 4
expect 2 gen --data "$mod" --rules wiki-0.9.9.3
one_line "built on game-0.9.9.7, not on wiki-0.9.9.3"
finish

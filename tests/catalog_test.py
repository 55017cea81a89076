#!/usr/bin/env python3
"""catalog_test.py DRLSIM ROOT - drlsim catalog: one row per level, as gen shows it.

  - 1000 random rows of catalogues of the three rulesets (wiki-0.9.9.3,
    game-0.9.9.7, game-0.10.10b; dlevels 1-30, two difficulties each) are
    compared with `drlsim gen --json` of the level the row's keys name: every
    column gen's JSON shows (type, rooms, doors, rivers, fluid cells, special
    rooms and monsters by kind, hunting, budget, danger, items, unreachable)
    exactly, and the columns read off the map (passable cells and so the
    open, fluid and reachable shares, the start-to-stairs path by a BFS
    written here, stairs, bridges and barrels) exactly where the map shows
    the cell and within the cells that monsters, items and the start hide;
    the event is none or an event of the ruleset's population.json;
  - the CSV header is the JSON Lines keys, and its rows the same values;
  - the rows are the same for 1 and 2 threads, and in index order;
  - --where keeps exactly the rows its expression holds for (checked here in
    Python), --limit the first N of them;
  - every column of `--columns` is documented in docs/catalog.md, which holds
    its table as printed;
  - a bad --where is one line naming the problem and exit status 2, an
    output that cannot be written exit status 3 and no file;
  - analysis/expressive_range.sh (with gnuplot) draws three heatmaps a level
    type, each counting every level of that type once.
Prints one line per failure and "N passed, M failed".
"""
import collections
import csv
import io
import json
import os
import random
import subprocess
import sys
import tempfile

drlsim = os.path.abspath(sys.argv[1])
root = sys.argv[2]
RULESETS = ["wiki-0.9.9.3", "game-0.9.9.7", "game-0.10.10b"]
MAP_W, MAP_H = 78, 20
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


def run(args, ok=(0,)):
    p = subprocess.run([drlsim] + args, capture_output=True, text=True)
    if p.returncode not in ok:
        raise SystemExit(f"drlsim {' '.join(args)}: status {p.returncode}: {p.stderr.strip()}")
    return p


def rows_of(args):
    return [json.loads(line) for line in run(["catalog"] + args).stdout.splitlines()]


def events_of(rules):
    path = os.path.join(root, "data", rules, "population.json")
    if not os.path.exists(path):
        return set()
    ev = json.load(open(path)).get("events", {})
    return {e["id"] for e in ev.get("list", [])}


def bfs(pas, start, goals):
    """Steps of the shortest 8-way walk from start to any goal over pas."""
    if start in goals:
        return 0
    seen = {start}
    front = [start]
    step = 0
    while front:
        step += 1
        nxt = []
        for (x, y) in front:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    c = (x + dx, y + dy)
                    if c in pas and c not in seen:
                        if c in goals:
                            return step
                        seen.add(c)
                        nxt.append(c)
        front = nxt
    return -1


def share(n, d):
    return round(n / d, 4) if d else 0.0


def compare(row, rules, extra):
    """row against gen --json of its level: a list of problems."""
    args = ["gen", "--json", "--rules", rules, "--seed", str(row["seed"]), "--index",
            str(row["index"]), "--dlevel", str(row["dlevel"]), "--difficulty",
            str(row["difficulty"])] + extra
    g = json.loads(run(args).stdout)
    bad = []

    def eq(col, want):
        if row[col] != want:
            bad.append(f"{col} {row[col]!r}, gen {want!r}")

    def within(col, lo, hi):
        if not lo <= row[col] <= hi:
            bad.append(f"{col} {row[col]!r}, the map shows {lo}..{hi}")

    for k in ("type", "dlevel", "difficulty", "seed", "index", "rooms_ge4", "rooms_small",
              "doors", "unreachable", "budget", "danger_placed"):
        eq(k, g[k])
    eq("ruleset", rules)
    eq("rooms", len(g["rooms"]))
    eq("river_count", g["rivers"]["count"])
    eq("river_orient", g["rivers"]["orientation"])
    eq("river_fluid", g["rivers"]["fluid"] or "none")
    eq("river_bridge", int(g["rivers"]["bridge"]))
    for f in ("water", "acid", "lava"):
        eq(f, g["fluid_cells"][f])
    eq("items", g["items"]["count"])
    eq("monsters", len(g["monsters"]))
    eq("hunting", sum(m["hunting"] for m in g["monsters"]))
    kinds = collections.Counter(m["kind"] for m in g["monsters"])
    mon_cols = {k[4:] for k in row if k.startswith("mon_")}
    for k in mon_cols | set(kinds):
        if "mon_" + k not in row:
            bad.append(f"no column mon_{k}")
        else:
            eq("mon_" + k, kinds.get(k, 0))
    eq("specials", len(g["special_rooms"]))
    sp = collections.Counter(s["kind"] for s in g["special_rooms"])
    for k in ("warehouse", "fluid", "ammo", "teleporter", "lever", "vault"):
        eq("special_" + k, sp.get(k, 0))
    events = events_of(rules)
    if row["event"] != "none" and row["event"] not in events:
        bad.append(f"event {row['event']!r} is not an event of {rules}")
    # the map: each cell's kind, or None under a monster, an item or the start
    kind_of = {glyph: name for glyph, name in g["legend"].items()}
    cells = {}
    for y, line in enumerate(g["map"], start=1):
        for x, ch in enumerate(line, start=1):
            name = kind_of.get(ch)
            cells[(x, y)] = name if name in (
                "floor", "wall", "door", "water", "acid", "lava", "bridge", "box", "stairs",
                "edge_fluid", "barrel", "acid_barrel", "napalm_barrel", "mud", "blood") else None
    hidden = sum(1 for v in cells.values() if v is None)
    count = collections.Counter(cells.values())
    passable_kinds = ("floor", "door", "bridge", "stairs", "water", "acid", "lava", "mud",
                      "blood")
    # a thing stands on a passable cell (the observer counts those that do not)
    pas = {c for c, v in cells.items() if v in passable_kinds or v is None}
    fluid = row["water"] + row["acid"] + row["lava"] + row["mud"] + row["blood"]
    eq("open_share", share(len(pas) - fluid, MAP_W * MAP_H))
    eq("fluid_share", share(fluid, MAP_W * MAP_H))
    eq("reach_share", share(len(pas) - row["unreachable"], len(pas)))
    for col, k in (("mud", "mud"), ("blood", "blood"),
                   ("stairs", "stairs"), ("bridges", "bridge"), ("barrels_plain", "barrel"),
                   ("barrels_acid", "acid_barrel"), ("barrels_napalm", "napalm_barrel")):
        within(col, count[k], count[k] + hidden)
    eq("barrels", row["barrels_plain"] + row["barrels_acid"] + row["barrels_napalm"])
    start = (g["start"]["x"], g["start"]["y"]) if g["start"] else None
    goals = {(s["x"], s["y"]) for s in g["stairs"] if cells[(s["x"], s["y"])] in ("stairs", None)}
    eq("path", bfs(pas, start, goals) if start and goals else -1)
    return bad, args


# 1. 1000 random rows against gen
rng = random.Random(20261204)
plan = []
for rules in RULESETS:
    for diff in (2, 4):
        seed = rng.randrange(1 << 40)
        rows = rows_of(["--rules", rules, "--levels", "3000", "--dlevels", "1-30",
                        "--difficulty", str(diff), "--seed", str(seed), "--progress", "never"])
        check(len(rows) == 3000, f"{rules}: {len(rows)} rows of 3000 levels")
        check([r["index"] for r in rows] == list(range(3000)), f"{rules}: rows not in index order")
        plan += [(rules, r) for r in rng.sample(rows, 167 if len(plan) < 4 * 167 else 166)]
check(len(plan) == 1000, f"{len(plan)} rows sampled, not 1000")
shown = 0
for rules, row in plan:
    bad, args = compare(row, rules, [])
    check(not bad, f"{rules} row {row['index']}: " + "; ".join(bad[:4]) + " (drlsim "
          + " ".join(args) + ")")
    shown += bool(bad)
    if shown > 10:
        break

# 2. CSV = JSON Lines; threads; --where and --limit; --type and --no-single
base = ["--rules", "game-0.9.9.7", "--levels", "5000", "--dlevels", "1-25", "--seed", "7",
        "--progress", "never"]
j1 = run(["catalog", "--threads", "1"] + base).stdout
j2 = run(["catalog", "--threads", "2"] + base).stdout
check(j1 == j2, "1 and 2 threads give different rows")
rows = [json.loads(line) for line in j1.splitlines()]
c = list(csv.DictReader(io.StringIO(run(["catalog", "--csv"] + base).stdout)))
check(len(c) == len(rows) and list(c[0].keys()) == list(rows[0].keys()),
      "the CSV header is not the JSON keys")
check(all(str(r[k]) == v or (isinstance(r[k], float) and f"{r[k]:.4f}" == v)
          for r, cr in zip(rows, c) for k, v in cr.items()), "CSV and JSON values differ")
where = "type = 'city' and (special_vault > 0 or lava >= 100) and not dlevel < 5"
want = [r for r in rows if r["type"] == "city" and (r["special_vault"] > 0 or r["lava"] >= 100)
        and not r["dlevel"] < 5]
got = rows_of(base + ["--where", where])
check(got == want and len(want) > 3, f"--where {where!r}: {len(got)} rows, want {len(want)}")
got = rows_of(base + ["--where", "river_bridge", "--limit", "3"])
check(got == [r for r in rows if r["river_bridge"]][:3], "--where river_bridge --limit 3")
got = rows_of(base + ["--where", "river_fluid != 'none' and path > 40 or mon_imp >= 3"])
check(got == [r for r in rows if (r["river_fluid"] != "none" and r["path"] > 40)
              or r["mon_imp"] >= 3], "--where with or")
typed = rows_of(["--levels", "200", "--type", "caves", "--no-single", "--dlevel", "9"])
check(all(r["type"] == "caves" for r in typed), "--type caves made other types")
for r in rng.sample(typed, 5):
    bad, args = compare(r, "wiki-0.9.9.3", ["--type", "caves", "--no-single"])
    check(not bad, f"--type caves row {r['index']}: {'; '.join(bad[:4])}")

# 3. the documented columns
cols = run(["catalog", "--columns"]).stdout
doc = open(os.path.join(root, "docs", "catalog.md")).read()
check(cols in doc, "docs/catalog.md does not hold the table `drlsim catalog --columns` prints")
for k in rows[0]:
    name = k if not k.startswith(("mon_", "special_")) else k.split("_")[0] + "_"
    check(f"| `{name}" in cols, f"column {k} is not in --columns")

# 4. errors
for expr, words in (("rooms >", "found the end"), ("typ = 'city'", "unknown column 'typ'"),
                    ("type < 'city'", "= and != only"), ("type = 3", "compares a text"),
                    ("(rooms > 3", "expected ')'"), ("rooms = 3 4", "expected and, or"),
                    ("rooms == 3", "'=='"), ("type", "is a text"), ("'abc", "not closed"),
                    ("", "empty"), ("rooms > 3x", "not a number")):
    p = run(["catalog", "--levels", "10", "--where", expr], ok=(2,))
    lines = p.stderr.strip().splitlines()
    check(p.returncode == 2 and len(lines) == 1 and words in lines[0] and not p.stdout,
          f"--where {expr!r}: status {p.returncode}, {lines}")
with tempfile.TemporaryDirectory() as d:
    p = run(["catalog", "--levels", "10", "--out", os.path.join(d, "no", "c.jsonl")], ok=(3,))
    check(p.returncode == 3 and not os.listdir(d), "an output in a missing directory")
    out = os.path.join(d, "c.csv")
    run(["catalog", "--levels", "300", "--csv", "--out", out])
    check(len(open(out).read().splitlines()) == 301 and os.listdir(d) == ["c.csv"],
          "--out: 300 rows and a header, no other file")
    if os.path.exists("/dev/full"):
        p = run(["catalog", "--levels", "100000", "--out", "/dev/full"], ok=(3,))
        check(p.returncode == 3 and len(p.stderr.strip().splitlines()) == 1,
              f"/dev/full: status {p.returncode}, {p.stderr.strip()}")
p = run(["catalog", "--levels", "5", "--limit", "0"], ok=(2,))
check(p.returncode == 2, "--limit 0 accepted")

# 5. analysis/expressive_range.sh: every type's heatmaps, each counting its levels
import re
import shutil
if shutil.which("gnuplot"):
    with tempfile.TemporaryDirectory() as d:
        cat = os.path.join(d, "c.csv")
        run(["catalog", "--levels", "2000", "--dlevels", "1-20", "--csv", "--out", cat])
        er = os.path.join(d, "er")
        p = subprocess.run(["sh", os.path.join(root, "analysis", "expressive_range.sh"), cat, er],
                           capture_output=True, text=True)
        check(p.returncode == 0, f"expressive_range.sh: status {p.returncode}: {p.stderr[-300:]}")
        types = collections.Counter(r["type"] for r in csv.DictReader(open(cat)))
        page = open(os.path.join(er, "index.html")).read() if p.returncode == 0 else ""
        imgs = re.findall(r'<img src="([^"]+)"', page)
        check(len(imgs) == 3 * len(types), f"{len(imgs)} heatmaps for {len(types)} types")
        check(all(os.path.getsize(os.path.join(er, i)) > 1000 for i in imgs), "an empty heatmap")
        for i in imgs:
            dat = os.path.join(er, i[:-4] + ".dat")
            n = sum(int(line.split()[2]) for line in open(dat) if not line.startswith("#"))
            typ = i.split("_")[1]
            check(n == types[typ], f"{i}: {n} levels counted, the catalogue has {types[typ]}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)

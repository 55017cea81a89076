#!/usr/bin/env python3
"""range_test.py DRLSIM - the range rows and their heatmaps (docs/report.md,
"The range histograms"; docs/catalog.md, "The range metrics").

  1. `run --range` over the three rulesets: each range row, summed over the
     strata of a type, equals the 2-D histogram this test bins itself, by
     the formulas of docs/report.md, from the catalogue's rows of the same
     levels (`catalog` with the same options): open = open_share * 1560,
     fluid = fluid_share * 1560 (exact: a row's 4 decimals resolve 1/1560),
     passable = open + fluid, reachable = passable - unreachable;
  2. without --range the report has no range rows and no params.range (the
     report of before), with it params.range is true;
  3. `run --html FILE` writes one self-contained page (no script, no
     external reference) with, per level type of the report, a heading and
     the three heatmaps, whose tooltips' counts sum to the type's levels in
     the row;
  4. merge refuses a report with the range rows and one without (one line,
     status 2); --resume --html of a report made without --range is refused.

Prints one line per check and "N passed, M failed".
"""
import json
import os
import re
import sys
import tempfile
from harness import check, finish, run_drlsim

drlsim = os.path.abspath(sys.argv[1])
NB = 20
MAP = 78 * 20


def run(args, cwd):
    return run_drlsim(drlsim, args, cwd)


def axis(v, scale, den):
    """docs/report.md: bin floor(v * scale / den), the last bin also larger values."""
    if v < 0 or den <= 0:
        return None
    return min(v * scale // den, NB - 1)


def pairs_of(row):
    open_ = round(row["open_share"] * MAP)
    fluid = round(row["fluid_share"] * MAP)
    passable = open_ + fluid
    reach = passable - row["unreachable"]
    out = {}
    i, j = axis(open_, 20, MAP), axis(row["rooms"], 1, 1)
    out["range_open_rooms"] = None if i is None or j is None else i * NB + j
    i, j = axis(row["path"], 1, 5), axis(row["danger_placed"], 1, 10)
    out["range_path_danger"] = None if i is None or j is None else i * NB + j
    i, j = axis(fluid, 40, MAP), axis(reach, 20, passable)
    out["range_fluid_reach"] = None if i is None or j is None else i * NB + j
    return out


d = tempfile.mkdtemp()
opts = ["--levels", "3000", "--dlevels", "1-25", "--seed", "7"]
for rules in ["wiki-0.9.9.3", "game-0.9.9.7", "game-0.10.10b"]:
    p = run(["run"] + opts + ["--rules", rules, "--range", "--out", "r.json"], d)
    q = run(["catalog"] + opts + ["--rules", rules, "--out", "c.jsonl"], d)
    check(p.returncode == 0 and q.returncode == 0, "%s: run --range and catalog" % rules)
    rep = json.load(open(os.path.join(d, "r.json")))
    want = {}
    for line in open(os.path.join(d, "c.jsonl")):
        row = json.loads(line)
        for h, b in pairs_of(row).items():
            if b is not None:
                key = (row["type"], h, b)
                want[key] = want.get(key, 0) + 1
    got = {}
    for s in rep["strata"]:
        for h, bins in s["histograms"].items():
            if h.startswith("range_"):
                for b, n in bins.items():
                    key = (s["type"], h, int(b))
                    got[key] = got.get(key, 0) + n
    check(got == want and len(got) > 100,
          "%s: the range rows are the catalogue's metrics binned as documented (%d bins)"
          % (rules, len(want)))
    check(rep["params"].get("range") is True, "%s: params.range is true" % rules)

p = run(["run"] + opts + ["--out", "plain.json"], d)
plain = json.load(open(os.path.join(d, "plain.json")))
check("range" not in plain["params"] and
      not any(h.startswith("range_") for s in plain["strata"] for h in s["histograms"]),
      "without --range: no range rows, no params.range")

p = run(["run"] + opts + ["--rules", "game-0.9.9.7", "--html", "r.html", "--out", "h.json"], d)
check(p.returncode == 0, "run --html: exit 0 (%s)" % p.stderr.strip()[:200])
html = open(os.path.join(d, "r.html")).read()
rep = json.load(open(os.path.join(d, "h.json")))
check(html.startswith("<!DOCTYPE html>") and "<script" not in html and
      not re.search(r'(src|href)="', html), "the page is self-contained")
types = [t for t, n in rep["types"].items() if int(n) > 0]
heads = re.findall(r"<h2>([^<]+)</h2>", html)
check(heads == types, "a section per level type of the report (%d)" % len(types))
heats = re.findall(r'<svg [^>]*class="heat"[^>]*data-hist="(\w+)"[^>]*>(.*?)</svg>', html, re.S)
check(len(heats) == 3 * len(types), "three heatmaps per type (%d)" % len(heats))
ok = True
for k, (h, body) in enumerate(heats):
    t = types[k // 3]
    n = sum(int(x) for x in re.findall(r": (\d+) levels, share", body))
    inrow = sum(v for s in rep["strata"] if s["type"] == t for v in s["histograms"].get(h, {}).values())
    ok = ok and n == inrow and n > 0
check(ok, "each heatmap's bins hold the row's counts of its type")

p = run(["run"] + opts + ["--range", "--out", "g.json"], d)
p = run(["merge", "g.json", "plain.json"], d)
check(p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "params" in p.stderr,
      "merge refuses a report with range rows and one without: %s" % p.stderr.strip())
p = run(["run", "--levels", "100", "--ranges", "0-50", "--out", "part.json"], d)
p = run(["run", "--resume", "part.json", "--html", "x.html", "--out", "y.json"], d)
check(p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and
      not os.path.exists(os.path.join(d, "x.html")),
      "--resume --html of a report without the range rows is refused: %s" % p.stderr.strip())

finish(need_a_pass=True)

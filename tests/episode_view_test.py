#!/usr/bin/env python3
"""episode_view_test.py DRLSIM ROOT - `drlsim episode`, what a player meets dlevel
by dlevel (docs/guide.md, "What a player meets").

For game-0.9.9.7 and for the default ruleset (the newest game ruleset) at a
small --levels:
  - the table has one row per dlevel of the ruleset's data/RULES/episode.json
    (25), each marked random or scripted as that file says, in the text
    table, the Markdown and the JSON alike;
  - a scripted row is empty (no levels, every value null; nothing after its
    kind in the text table);
  - a random row holds N levels, its type shares sum to 1, its means lie
    within their histograms' range;
  - its values are those of `drlsim run --episode --levels 20N` with the same
    seed, recomputed here from that report's strata (type shares, the means
    of special rooms, budget, danger placed and items, the event share);
  - bad options are one line on stderr and exit status 2; a ruleset without
    an episode (wiki-0.9.9.3) too.
Prints one line per failure and exits 1 if any."""
import json
import os
import subprocess
import sys
import tempfile

drlsim, root = os.path.abspath(sys.argv[1]), sys.argv[2]
N = 30            # levels per random dlevel
SEED = 7
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def run(args, ok=0):
    p = subprocess.run([drlsim] + args, capture_output=True, text=True)
    if p.returncode != ok:
        fail(f"drlsim {' '.join(args)}: exit {p.returncode}, wanted {ok}: {p.stderr.strip()}")
    return p


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


def from_report(path):
    """Per dlevel, the row the view should show, from a run report's strata."""
    rep = json.load(open(path))
    rows = {}
    for s in rep["strata"]:
        r = rows.setdefault(s["dlevel"], {"levels": 0, "types": {}, "special": 0, "items": 0,
                                          "budget": [0, 0], "danger": [0, 0], "events": 0})
        h = s["histograms"]
        r["levels"] += s["levels"]
        r["types"][s["type"]] = r["types"].get(s["type"], 0) + s["levels"]
        r["special"] += sum(int(k) * v for k, v in h.get("special_per_level", {}).items())
        r["items"] += sum(int(k) * v for k, v in h.get("items", {}).items())
        for key, name in (("budget", "budget"), ("danger", "danger_placed")):
            m = h.get(name, {"n": 0, "sum": 0})
            r[key][0] += m["n"]
            r[key][1] += m["sum"]
        r["events"] += h.get("game_event", {}).get("event", 0)
    return rows


def check(rules):
    label = rules or "default"
    with tempfile.TemporaryDirectory() as d:
        extra = ["--rules", rules] if rules else []
        js, md = os.path.join(d, "e.json"), os.path.join(d, "e.md")
        p = run(["episode", "--levels", str(N), "--seed", str(SEED), "--progress", "never",
                 "--json", js, "--markdown", md] + extra)
        if p.returncode != 0:
            return
        view = json.load(open(js))
        name = view["rules"]
        if rules and name != rules:
            fail(f"{label}: the view is of {name}")
        ep = json.load(open(os.path.join(root, "data", name, "episode.json")))["episode"]
        kinds = {e["dlevel"]: e["level"] for e in ep}
        rows = view["dlevels"]
        text = [l for l in p.stdout.splitlines() if l[:6].strip().isdigit()]
        mdrows = [l for l in open(md).read().splitlines()
                  if l.startswith("| ") and l[2:].split(" ")[0].isdigit()]
        head = [l for l in open(md).read().splitlines() if l.startswith("| dlevel")]
        cells = [c.strip() for c in head[0].strip("|").split("|")] if head else []
        if cells != ["dlevel", "level"] + list(rows[0]["type_shares"]) + \
                ["special", "budget", "danger", "items", "events"]:
            fail(f"{label}: the Markdown header is {head}")
        for what, got in (("JSON", len(rows)), ("text", len(text)), ("Markdown", len(mdrows))):
            if got != len(ep) or got != 25:
                fail(f"{label}: the {what} table has {got} rows, not 25 ({len(ep)} in episode.json)")
        rep = os.path.join(d, "r.json")
        run(["run", "--episode", "--levels", str(N * sum(1 for k in kinds.values()
                                                           if k == "random")),
             "--seed", str(SEED), "--progress", "never", "--out", rep, "--rules", name])
        want = from_report(rep) if os.path.exists(rep) else {}
        for i, r in enumerate(rows):
            dl = r["dlevel"]
            if dl != i + 1 or r["level"] != kinds.get(dl):
                fail(f"{label}: row {i}: dlevel {dl} {r['level']}, episode.json says "
                     f"{i + 1} {kinds.get(i + 1)}")
                continue
            if i < len(text) and text[i].split()[:2] != [str(dl), r["level"]]:
                fail(f"{label}: text row {i} is '{text[i]}'")
            if i < len(mdrows) and mdrows[i].split("|")[2].strip() != r["level"]:
                fail(f"{label}: Markdown row {i} is '{mdrows[i]}'")
            values = [r[k] for k in ("special", "budget", "danger", "items", "events")]
            if r["level"] == "scripted":
                if r["levels"] != 0 or any(v is not None for v in values) or \
                        any(v is not None for v in r["type_shares"].values()):
                    fail(f"{label}: scripted dlevel {dl} is not empty: {r}")
                if i < len(text) and len(text[i].split()) != 2:
                    fail(f"{label}: scripted text row '{text[i]}' holds values")
                continue
            if r["levels"] != N:
                fail(f"{label}: dlevel {dl}: {r['levels']} levels, not {N}")
            shares = r["type_shares"]
            if not close(sum(shares.values()), 1.0):
                fail(f"{label}: dlevel {dl}: type shares sum to {sum(shares.values())}")
            if not 0 <= r["events"] <= 1 or r["special"] < 0 or r["items"] < 0:
                fail(f"{label}: dlevel {dl}: values out of range: {r}")
            w = want.get(dl)
            if not w or w["levels"] != N:
                fail(f"{label}: dlevel {dl}: run --episode made {w and w['levels']} levels")
                continue
            for t, s in shares.items():
                if not close(s, w["types"].get(t, 0) / N):
                    fail(f"{label}: dlevel {dl}: {t} share {s}, run --episode "
                         f"{w['types'].get(t, 0) / N}")
            exp = {"special": w["special"] / N, "items": w["items"] / N,
                   "budget": w["budget"][1] / w["budget"][0],
                   "danger": w["danger"][1] / w["danger"][0], "events": w["events"] / N}
            for k, v in exp.items():
                if not close(r[k], v):
                    fail(f"{label}: dlevel {dl}: {k} {r[k]}, run --episode {v}")


check("game-0.9.9.7")
check(None)

# bad input: one line on stderr, exit status 2, nothing written
with tempfile.TemporaryDirectory() as d:
    for args in (["--levels", "0"], ["--levels", "x"], ["--difficulty", "9"],
                 ["--rules", "nosuch"], ["--rules", "wiki-0.9.9.3"], ["--bogus"],
                 ["--json", "-", "--markdown", "-"], ["extra"],
                 ["--threads", "0"]):
        p = subprocess.run([drlsim, "episode", "--progress", "never"] + args, cwd=d,
                           capture_output=True, text=True)
        lines = p.stderr.strip().splitlines()
        if p.returncode != 2 or len(lines) != 1 or p.stdout:
            fail(f"episode {' '.join(args)}: exit {p.returncode}, stderr {lines}, "
                 f"stdout {p.stdout[:80]!r}: wanted one line and exit 2")
    if os.listdir(d):
        fail(f"bad options left {os.listdir(d)}")
p = subprocess.run([drlsim, "episode", "--help"], capture_output=True, text=True)
if p.returncode != 0 or "usage: drlsim episode" not in p.stdout:
    fail("episode --help")

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)

#!/usr/bin/env python3
"""changes_test.py DRLSIM SRCDIR - `drlsim changes A B`: what changed between two rulesets.

  1. `changes wiki-0.9.9.3 game-0.9.9.7` at a small size with --json,
     --markdown and --html at once: every histogram of the tally (the list
     `drlsim compare` gives for a run report) is changed, unchanged or not
     compared exactly once; the changed ones are ranked by the size of their
     effect; the text, the Markdown and the JSON list the same changes; the
     page has one gnuplot picture per changed family;
  2. the known large differences appear, with values the rules give: the
     type histogram changed, and the game's share of caves-2 levels is the
     one docs/rules.md G6-G7 give for the episode's random dlevels on HMP
     (weight 20 of 231..257 from dlevel 9, none before) while the wiki makes
     none; the game's barrels, which the wiki ruleset never places;
     monsters_by_kind compared by monster id, over the ids of both tables;
  3. every histogram has an entry in data/changes.json (its longest name
     prefix), "no rule" or a rule for each ruleset that generates it, and a
     changed histogram's rule is the entry of ruleset B;
  4. a ruleset against itself with another seed (--seed-b) changes nothing at
     alpha, for both rulesets;
  5. docs/changes-game-0.9.9.7.md and docs/changes-game-0.10.10b.md, the committed outputs at the default
     scale, lists the changed and unchanged histograms a run at the default
     seed and scale gives (a full run, about 10 s on two cores);
  6. --threads 1 and 2 give the same results; bad input gets one line and exit status 2, an output the file system
     refuses 3.

Prints one line per check and "N passed, M failed".
"""
import json
import math
import os
import re
import shutil
import sys
import tempfile
from harness import check, finish, run_drlsim

drlsim = os.path.abspath(sys.argv[1])
src = os.path.abspath(sys.argv[2])
LEVELS = 400


def run(args, cwd):
    return run_drlsim(drlsim, args, cwd)


def rows(j):
    return j["changed"] + j["unchanged"] + j["not_compared"]


def rule_entry(rules, name):
    best = None
    for k in rules:
        if name.startswith(k) and (best is None or len(k) > len(best)):
            best = k
    return best


d = tempfile.mkdtemp()
try:
    # ---- 1. one run, every output ----
    gp = shutil.which("gnuplot") is not None
    args = ["changes", "wiki-0.9.9.3", "game-0.9.9.7", "--levels", str(LEVELS),
            "--json", "c.json", "--markdown", "c.md"] + (["--html", "c.html"] if gp else [])
    p = run(args, d)
    check(p.returncode == 0, "changes wiki-0.9.9.3 game-0.9.9.7 --levels %d: exit 0 (%d: %s)"
          % (LEVELS, p.returncode, p.stderr.strip()[:200]))
    j = json.load(open(os.path.join(d, "c.json")))
    names = [r["name"] for r in rows(j)]
    # the histograms of the tally, as compare lists them
    q = run(["run", "--levels", "20", "--out", "r.json"], d)
    q = run(["compare", "r.json", "r.json", "--json", "-"], d)
    # the range rows are the page's heatmaps (below), not histograms to rank
    all_h = [h["name"] for h in json.loads(q.stdout)["histograms"]
             if not h["name"].startswith("range_")]
    check(sorted(names) == sorted(all_h) and len(set(names)) == len(names),
          "every one of the %d histograms is changed, unchanged or not compared exactly once"
          % len(all_h))
    eff = [abs(r["effect"]) for r in j["changed"]]
    check(all(r["effect"] is not None for r in j["changed"]) and
          all(eff[i] >= eff[i + 1] for i in range(len(eff) - 1)),
          "the %d changed histograms are ranked by |effect|" % len(eff))
    check(all(r["p_holm"] is not None and r["p_holm"] < j["alpha"] for r in j["changed"]) and
          all(r["p_holm"] is None or r["p_holm"] >= j["alpha"] for r in j["unchanged"]),
          "changed: p (Holm) below alpha; unchanged: not below")
    check(all(r["a"] is not None and r["b"] is not None and r["test"] != "none"
              for r in j["changed"]), "every change shows both values and its test")
    check(all(r["test"] == "none" and r.get("note") for r in j["not_compared"]),
          "every histogram not compared says why")
    md = open(os.path.join(d, "c.md")).read()
    sec = md.split("## Unchanged")[0]
    md_changed = re.findall(r"^\| (\w+) \|", sec, re.M)
    md_changed = [n for n in md_changed if n != "histogram"]
    check(md_changed == [r["name"] for r in j["changed"]],
          "the Markdown lists the JSON's changes in its order")
    t = run(["changes", "wiki-0.9.9.3", "game-0.9.9.7", "--levels", str(LEVELS)], d)
    txt_changed = []
    for line in t.stdout.splitlines()[3:]:
        if not line.strip():
            break
        txt_changed.append(line.split()[0])
    check(t.returncode == 0 and txt_changed == [r["name"] for r in j["changed"]],
          "the text lists the JSON's changes in its order")
    if gp:
        html = open(os.path.join(d, "c.html")).read()
        check(("<p>%d levels per dlevel and ruleset," % LEVELS) in html,
              "the page says its %d levels per dlevel and ruleset" % LEVELS)
        fams = []
        for r in j["changed"]:
            if r["family"] not in fams:
                fams.append(r["family"])
        diffs = re.findall(r'<svg [^>]*class="diff"[^>]*>(.*?)</svg>', html, re.S)
        check(html.count("<svg") - len(diffs) == len(fams) and
              html.count("<h2>Family ") == len(fams),
              "the page has one picture per changed family (%d)" % len(fams))
        # the range heatmaps: three per type both rulesets make (the wiki's
        # eight, docs/rules.md), each the difference of two sets of shares
        # that each sum to 1, so its bins sum to 0 and lie in [-1, 1]
        sums = [sum(float(v) for v in re.findall(r'data-d="([^"]+)"', s)) for s in diffs]
        vals = [float(v) for s in diffs for v in re.findall(r'data-d="([^"]+)"', s)]
        check(len(diffs) == 3 * 8, "a difference heatmap per range pair and shared type "
              "(24, got %d)" % len(diffs))
        check(all(abs(x) < 1e-9 for x in sums) and all(-1 <= v <= 1 for v in vals) and
              any(v != 0 for v in vals),
              "each difference heatmap sums to 0 (largest |sum| %.2g) with bins in [-1, 1]"
              % max([abs(x) for x in sums] or [0]))
        check(html.count('class="legend"') == 11 * len(diffs),
              "each difference heatmap has its legend")
    else:
        check(False, "gnuplot on PATH for the --html check")

    # ---- 2. the known differences, from the rules ----
    byname = {r["name"]: r for r in rows(j)}
    ty = byname["type"]
    check(ty in j["changed"], "the type histogram changed")
    c2 = ty["bins"].index("caves-2")
    # G6-G7, HMP: totals of the weights at each random dlevel of the episode
    dls = list(range(2, 8)) + list(range(9, 16)) + list(range(17, 24))
    def total(dl):
        if dl < 3:
            return None
        if dl < 4:
            return 165
        if dl < 8:
            return 175
        w = 50 + 20 + 30 + 20 + 6 + 25 + 40 + 40  # normal maze caves caves-2 arena wh archi city
        if dl >= 12:
            w += 10 if dl <= 20 else 20  # lava
        if dl >= 16:
            w += 6  # single
        return w
    share = sum(20 / total(dl) if dl >= 8 else 0 for dl in dls) / len(dls)
    n = LEVELS * len(dls)
    got = ty["shares_b"][c2]
    sd = math.sqrt(share * (1 - share) / n)
    check(ty["shares_a"][c2] == 0 and abs(got - share) < 4 * sd,
          "caves-2: the wiki makes none, the game %.4f of its levels (G6-G7: %.4f +- %.4f)"
          % (got, share, 4 * sd))
    bar = byname["game_barrel_count"]
    check(bar in j["changed"] and bar["a"] == 0 and bar["b"] > 0.5,
          "the game's barrels (G48) changed: wiki 0 per level, game %.3g" % bar["b"])

    # bins the tables name: compared by name, over both rulesets' monster ids
    ids = set()
    for f in ("data/monsters.json", "data/game-0.9.9.7/monsters.json"):
        ids |= {m["id"] for m in json.load(open(os.path.join(src, f)))["monsters"]}
    mk = byname["monsters_by_kind"]
    named = {b for b in mk.get("bins", []) if not b.isdigit()}
    check(mk["test"] != "none" and named == ids,
          "monsters_by_kind is compared bin by monster id, over both rulesets' %d ids" % len(ids))

    # ---- 3. data/changes.json ----
    rules = json.load(open(os.path.join(src, "data", "changes.json")))["rules"]
    missing = [h for h in all_h if rule_entry(rules, h) is None]
    check(not missing, "every histogram has an entry in data/changes.json%s"
          % (": missing " + " ".join(missing) if missing else ""))
    bad = []
    for k, v in rules.items():
        if isinstance(v, str):
            if v != "no rule":
                bad.append(k)
            continue
        if not all(isinstance(x, str) and x for x in v.values()) or "game-0.9.9.7" not in v:
            bad.append(k)
        if not k.startswith("game_") and not all(r in v for r in ("wiki-0.9.9.3", "game-0.10.10b")):
            bad.append(k)
    check(not bad, "each entry is \"no rule\" or a rule per ruleset%s" % (": " + " ".join(bad) if bad else ""))
    wrong = []
    for r in j["changed"]:
        v = rules[rule_entry(rules, r["name"])]
        want = v if isinstance(v, str) else v.get("game-0.9.9.7")
        if r["rule"] != want:
            wrong.append(r["name"])
    check(not wrong, "every change quotes ruleset B's rule%s" % (": " + " ".join(wrong) if wrong else ""))
    sections = re.findall(r"\*\*([GH]\d+)\.\*\*", open(os.path.join(src, "docs", "rules.md")).read())
    cited = set()
    for v in rules.values():
        for x in ([v] if isinstance(v, str) else v.values()):
            cited |= set(re.findall(r"\b([GH]\d+)\b", x))
    check(cited <= set(sections), "every rule id data/changes.json cites is in docs/rules.md")

    # ---- 4. a ruleset against itself ----
    for rs in ("wiki-0.9.9.3", "game-0.9.9.7"):
        p = run(["changes", rs, rs, "--levels", str(LEVELS), "--seed-b", "11", "--json", "-"], d)
        s = json.loads(p.stdout) if p.returncode == 0 else {"changed": [None]}
        check(s["changed"] == [] and s["seed_b"] == 11,
              "%s against itself, seed 0 and 11: nothing changed (%s)"
              % (rs, " ".join(r["name"] for r in s["changed"] if r)))

    # the same levels for any thread count
    outs = []
    for k in ("1", "2"):
        p = run(["changes", "wiki-0.9.9.3", "game-0.9.9.7", "--levels", "100", "--threads", k,
                 "--json", "-"], d)
        outs.append(p.stdout)
    check(outs[0] == outs[1] and outs[0], "--threads 1 and 2 give the same JSON")

    # ---- 5. the committed outputs: each release against the one before ----
    for a, b in (("wiki-0.9.9.3", "game-0.9.9.7"), ("game-0.9.9.7", "game-0.10.10b")):
        page = "docs/changes-%s.md" % b
        p = run(["changes", a, b, "--json", "full.json"], d)
        full = json.load(open(os.path.join(d, "full.json")))
        doc = open(os.path.join(src, page)).read()
        ch_part, rest = doc.split("## Unchanged")
        unch_part = rest.split("## Not compared")[0]
        doc_changed = [n for n in re.findall(r"^\| (\w+) \|", ch_part, re.M) if n != "histogram"]
        doc_unchanged = re.findall(r"`(\w+)`", unch_part)
        check(doc_changed == [r["name"] for r in full["changed"]],
              "%s lists the changes of a default run, in its order (remake it: drlsim changes "
              "%s %s --markdown %s)" % (page, a, b, page))
        check(sorted(doc_unchanged) == sorted(r["name"] for r in full["unchanged"]),
              "%s lists the unchanged histograms of a default run" % page)

    # ---- 6. bad input, refused outputs ----
    for a, st in ((["wiki-0.9.9.3"], 2), (["wiki-0.9.9.3", "game"], 2),
                  (["wiki-0.9.9.3", "game-0.9.9.7", "x"], 2),
                  (["wiki-0.9.9.3", "game-0.9.9.7", "--levels", "0"], 2),
                  (["wiki-0.9.9.3", "game-0.9.9.7", "--json", "-", "--markdown", "-"], 2),
                  (["wiki-0.9.9.3", "game-0.9.9.7", "--json", "no/such/dir/c.json"], 3),
                  (["wiki-0.9.9.3", "game-0.9.9.7", "--levels", "5", "--markdown", "/dev/full"], 3)):
        p = run(["changes"] + a, d)
        check(p.returncode == st and len(p.stderr.strip().splitlines()) == 1 and not p.stdout,
              "changes %s: exit %d and one line (%d: %s)" % (" ".join(a), st, p.returncode,
                                                          p.stderr.strip()))
finally:
    shutil.rmtree(d)

finish()

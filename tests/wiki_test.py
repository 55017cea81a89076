#!/usr/bin/env python3
"""wiki_test.py DRLSIM - `drlsim wiki` writes MediaWiki tables that hold the JSON's numbers.

For both rulesets, `drlsim wiki --levels N --json w.json --out w.txt`, then:

  1. the markup parses as MediaWiki table markup: every `{|` is closed by a
     `|}` (no nesting), a table has one caption `|+`, one header row `!` and
     data rows begun by `|-`, every data row has one cell per header cell,
     and no cell is empty;
  2. every number of the tables is the JSON's, rounded as the page rounds
     (fractions reduced, shares to 4 decimals, means to 3): the type shares
     band by band, the type rules, the measured rows, the outcome rows and
     the room tables;
  3. for wiki-0.9.9.3 the exact type shares are the wiki page's own words,
     worked out here from its sentences (dlevel < 3 always normal; below 6
     7/12 normal, 2/12 small rooms, 1/12 warehouse, city and caves; above
     that 2/11 each and 1/11 maze; caves become arena 1/4 of the time; past
     dlevel 15 single monster replaces any type 1/25 of the time);
  4. the same seed gives the same page for 1 and 2 threads, and bad input
     gets one line and exit status 2 (an output the file system refuses, 3).

Prints one line per check and "N passed, M failed".
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from fractions import Fraction as F
from harness import check, finish

drlsim = os.path.abspath(sys.argv[1])
LEVELS = max(200, 2000 // int(os.environ.get("DRLSIM_TEST_SCALE", "1")))


def tables(text):
    """The tables of the markup: [{caption, heads, rows}]; raises on bad markup."""
    out, cur = [], None
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("{|"):
            assert cur is None, f"line {n}: a table inside a table"
            cur = {"caption": None, "heads": None, "rows": [], "line": n}
        elif line.startswith("|}"):
            assert cur is not None, f"line {n}: |}} without {{|"
            assert cur["caption"] and cur["heads"], f"line {n}: a table without caption or header"
            out.append(cur)
            cur = None
        elif cur is None:
            assert not line.startswith(("|", "!")), f"line {n}: a cell outside a table"
        elif line.startswith("|+"):
            assert cur["caption"] is None and not cur["rows"], f"line {n}: a second caption"
            cur["caption"] = line[2:].strip()
        elif line.startswith("!"):
            assert cur["heads"] is None, f"line {n}: a second header row"
            cur["heads"] = [h.strip() for h in line[1:].split("!!")]
        elif line == "|-":
            cur["rows"].append(None)
        elif line.startswith("|"):
            assert cur["rows"] and cur["rows"][-1] is None, f"line {n}: cells without |-"
            cells = [c.strip() for c in line[1:].split("||")]
            assert len(cells) == len(cur["heads"]), \
                f"line {n}: {len(cells)} cells under {len(cur['heads'])} headers"
            assert all(cells), f"line {n}: an empty cell"
            cur["rows"][-1] = cells
        else:
            raise AssertionError(f"line {n}: not table markup inside a table: {line!r}")
    assert cur is None, "a table left open"
    for t in out:
        assert all(r is not None for r in t["rows"]), f"table at line {t['line']}: an empty row"
    return out


def frac(f):
    a, b = F(int(f[0]), int(f[1])), None
    return "0" if a == 0 else str(a.numerator) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"


def share(s):
    return f"{s['share']:.4f} [{s['ci95'][0]:.4f}, {s['ci95'][1]:.4f}]"


def mean(s):
    return f"{s['mean']:.3f} [{s['ci95'][0]:.3f}, {s['ci95'][1]:.3f}]"


def band_label(b):
    lo, hi = b["dlevels"]
    return f"{lo}+" if hi is None else f"{lo}" if hi == lo else f"{lo}-{hi}"


def wiki_words(dlevel):
    """The wiki page's type shares at dlevel, from its sentences."""
    if dlevel < 3:
        s = {"normal": F(1)}
    elif dlevel < 6:
        s = {"normal": F(7, 12), "small-rooms": F(2, 12), "warehouse": F(1, 12),
             "city": F(1, 12), "caves": F(1, 12)}
    else:
        s = {t: F(2, 11) for t in ("normal", "small-rooms", "warehouse", "city", "caves")}
        s["maze"] = F(1, 11)
    caves = s.pop("caves", F(0))
    s["caves"], s["arena"] = caves * F(3, 4), caves * F(1, 4)
    if dlevel > 15:
        s = {t: p * F(24, 25) for t, p in s.items()}
        s["single"] = F(1, 25)
    return s


def verify(rules, page, text):
    name = rules
    try:
        tabs = tables(text)
    except AssertionError as e:
        check(False, f"{name}: the markup parses as MediaWiki tables ({e})")
        return
    check(True, f"{name}: the markup parses as MediaWiki tables ({len(tabs)} tables)")
    by_cap = {t["caption"]: t for t in tabs}
    # type shares
    ts = page["type_shares"]
    t = next(t for c, t in by_cap.items() if c.startswith("Level type by dlevel"))
    want = [[band_label(b)] + [frac(b["shares"][ty]) for ty in ts["types"]] for b in ts["bands"]]
    check(t["heads"] == ["dlevel"] + ts["types"] and t["rows"] == want,
          f"{name}: the type shares table holds the JSON's fractions, band by band")
    # rules
    t = next(t for c, t in by_cap.items() if c.startswith("The rules of each level type"))
    ok = len(t["rows"]) == len(page["type_rules"])
    for row, r in zip(t["rows"], page["type_rules"]):
        ok &= row[0] == r["type"] and row[1] == frac(r["river"]) and row[5] == r["items"]
        ok &= row[6] == f"{r['danger_percent']:.0f}%" and row[8] == frac(r["hunting"])
    check(ok, f"{name}: the rules table holds the JSON's rules")
    # measured
    t = next(t for c, t in by_cap.items() if c.startswith("What the levels of each type show"))
    ok = len(t["rows"]) == len(page["measured"])
    for row, m in zip(t["rows"], page["measured"]):
        ok &= row == [m["type"], str(m["river"]["n"]), share(m["river"]), share(m["fluid_present"]),
                      mean(m["special_rooms"]), mean(m["items"]), mean(m["monsters"]),
                      mean(m["danger"])]
        ok &= m["river"]["n"] == LEVELS
    check(ok, f"{name}: the measured table holds the JSON's shares and means, {LEVELS} levels a type")
    # outcomes
    ok = True
    for o in page["outcomes"]:
        t = next((t for c, t in by_cap.items() if c.startswith(o["type"] + ": the monster roll")), None)
        ok &= t is not None and t["rows"] == [[k, str(v["count"]), share(v)] for k, v in o["shares"].items()]
        ok &= sum(v["count"] for v in o["shares"].values()) == o["n"]
    check(ok and page["outcomes"], f"{name}: the outcome tables hold the JSON's rows")
    # rooms
    ok = bool(page["rooms"])
    for r in page["rooms"]:
        t = next((t for c, t in by_cap.items() if c.startswith(r["type"] + ": room generation")), None)
        ok &= t is not None and f"a sample of {r['layouts']} random layouts" in t["caption"]
        ok &= t is not None and t["rows"] == [
            [x["label"], f"{x['mean']:.3f}", f"{x['sd']:.3f}",
             f"[{x['ci95'][0]:.3f}, {x['ci95'][1]:.3f}]", str(x["min"]), str(x["max"])]
            for x in r["rows"]]
    check(ok, f"{name}: the room tables hold the JSON's statistics")
    check(text.count(f"'''{rules}'''") == 1, f"{name}: the ruleset is named once, at the top")


with tempfile.TemporaryDirectory() as d:
    for rules in ("wiki-0.9.9.3", "game-0.9.9.7"):
        w, j = os.path.join(d, "w.txt"), os.path.join(d, "w.json")
        p = subprocess.run([drlsim, "wiki", "--rules", rules, "--levels", str(LEVELS),
                            "--progress", "never", "--threads", "2", "--out", w, "--json", j],
                           capture_output=True, text=True)
        check(p.returncode == 0 and p.stderr == "", f"{rules}: drlsim wiki exits 0, quietly")
        if p.returncode:
            print(p.stderr)
            continue
        page, text = json.load(open(j)), open(w).read()
        verify(rules, page, text)
        if rules == "wiki-0.9.9.3":
            ok = True
            for b in page["type_shares"]["bands"]:
                lo, hi = b["dlevels"]
                for dl in range(lo, (hi or lo + 5) + 1):
                    words = wiki_words(dl)
                    got = {t: F(*v) for t, v in b["shares"].items()}
                    ok &= all(got[t] == words.get(t, F(0)) for t in got) and sum(got.values()) == 1
            bands = [band_label(b) for b in page["type_shares"]["bands"]]
            check(ok and bands == ["1-2", "3-5", "6-15", "16+"],
                  f"wiki-0.9.9.3: the type shares are the wiki page's words ({', '.join(bands)})")
            p1 = subprocess.run([drlsim, "wiki", "--levels", "300", "--threads", "1",
                                 "--progress", "never"], capture_output=True, text=True)
            p2 = subprocess.run([drlsim, "wiki", "--levels", "300", "--threads", "2",
                                 "--progress", "never"], capture_output=True, text=True)
            check(p1.returncode == 0 and p1.stdout == p2.stdout,
                  "the same seed gives the same page for 1 and 2 threads")
    for args, msg, status in ((["--levels", "1"], "--levels", 2), (["--rules", "nope"], "--rules", 2),
                              (["--out", os.path.join(d, "no", "such", "dir", "x")], "no/such/dir", 3)):
        p = subprocess.run([drlsim, "wiki"] + args, capture_output=True, text=True)
        check(p.returncode == status and p.stdout == "" and len(p.stderr.splitlines()) == 1
              and msg in p.stderr, f"wiki {' '.join(args)}: one line naming {msg}, exit {status}")
finish()

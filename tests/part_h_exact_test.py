#!/usr/bin/env python3
"""part_h_exact_test.py ROOT - the expected values of the game-0.10.10b checks
that analysis/part_h_exact.py computes (exact enumerations of docs/rules.md
Part H) are the program's output, bin for bin: a rule's program and its
check cannot drift apart.  Each check the program names must be in
data/game-0.10.10b/expectations.json, name the program in its derivation,
and expect exactly the program's distribution."""
import json
import subprocess
import sys

root = sys.argv[1]
prog = root + "/analysis/part_h_exact.py"
want = json.loads(subprocess.check_output([sys.executable, prog]))
checks = {c["name"]: c for c in json.load(open(root + "/data/game-0.10.10b/expectations.json"))["checks"]}
bad = []
for name, exp in want.items():
    c = checks.get(name)
    if c is None:
        bad.append(f"{name}: not in data/game-0.10.10b/expectations.json")
    elif c["test"] != "distribution" or c["expected"] != exp:
        bad.append(f"{name}: its expected distribution is not analysis/part_h_exact.py's")
    elif "analysis/part_h_exact.py" not in c.get("derivation", ""):
        bad.append(f"{name}: its derivation does not name analysis/part_h_exact.py")
# the program's numbers themselves, a few by hand (docs/rules.md H23, H24, H17)
spot = {("lay10-vbridge-rows-city", "2"): [41, 51], ("lay10-vbridge-first-city", "19"): [1, 54],
        ("lay10-river-fluid-dl45", "lava"): [17, 24], ("lay10-cave-river-fluid-hmp", "blood"): [2, 9]}
for (name, b), v in spot.items():
    if want[name].get(b) != v:
        bad.append(f"{name}: bin {b} is {want[name].get(b)}, by hand {v}")
for b in bad:
    print(b)
print(f"{len(want)} checks from analysis/part_h_exact.py: {'ok' if not bad else 'BAD'}")
sys.exit(1 if bad else 0)

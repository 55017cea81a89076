#!/usr/bin/env python3
"""tools/profile_parts.py: its one-line errors, and, where valgrind is
installed, a level's steps found by the names the tool looks for (a renamed
step function would leave its column at 0).

    profile_parts_test.py DRLSIM SOURCE_ROOT
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import check as expect, finish  # noqa: E402

drlsim, root = sys.argv[1], sys.argv[2]
tool = os.path.join(root, "tools", "profile_parts.py")


def run(*args):
    return subprocess.run([sys.executable, tool, *args], capture_output=True, text=True,
                          timeout=600)


for args, what in [(["/nonexistent/drlsim"], "/nonexistent/drlsim: not an executable"),
                   ([drlsim, "--types", "hall"], "unknown type 'hall'"),
                   ([drlsim, "--levels", "0"], "--levels must be at least 1")]:
    p = run(*args)
    expect(p.returncode == 2 and p.stderr == f"profile_parts: {what}\n",
           f"{args}: exit 2 and one line naming the problem, got {p.returncode}: {p.stderr!r}")

def valgrind_runs(exe):
    """Whether valgrind can run exe (not a sanitized build, whose runtime
    valgrind cannot host)."""
    p = subprocess.run(["valgrind", "--tool=none", "-q", exe, "--version"],
                       capture_output=True, text=True, timeout=120)
    return p.returncode == 0


if not (shutil.which("valgrind") and shutil.which("callgrind_annotate")):
    print("valgrind is not installed: the errors only")
elif not valgrind_runs(drlsim):
    print("valgrind cannot run this build (a sanitized one): the errors only")
else:
    p = run(drlsim, "--types", "arena,normal", "--levels", "10")
    expect(p.returncode == 0, f"a profile: exit {p.returncode}: {p.stderr}")
    steps = [l for l in p.stdout.splitlines() if l.startswith("| normal |")]
    expect(len(steps) == 2, f"normal's step row and observer row: {p.stdout}")
    if steps:
        cells = [c.strip().split(" ")[0].replace(",", "") for c in steps[0].split("|")[2:-1]]
        # level loop, layout, water, population, census, rest, tally_add, observer, its rows, driver
        loop, layout, water, pop, _, _, tally, obs, seen, _ = (float(c) for c in cells)
        for name, v in [("level loop", loop), ("layout", layout), ("water", water),
                        ("population", pop), ("tally_add", tally), ("observer", obs),
                        ("its rows", seen)]:
            expect(v > 0, f"normal's {name} found: {steps[0]}")
        expect(layout + water + pop + tally + obs + seen < loop,
               f"the steps inside the level loop: {steps[0]}")
    arena = [l for l in p.stdout.splitlines() if l.startswith("| arena |")]
    expect(len(arena) == 2 and arena[0].split("|")[4].strip().startswith("0 "),
           f"the arena's water is inside its layout: {arena}")

finish(need_a_pass=True)

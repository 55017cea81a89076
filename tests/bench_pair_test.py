#!/usr/bin/env python3
"""tools/bench_pair.py: two builds' bench rates side by side, and its errors.

    bench_pair_test.py DRLSIM SOURCE_ROOT
"""
import os
import subprocess
import sys

drlsim, root = sys.argv[1], sys.argv[2]
tool = os.path.join(root, "tools", "bench_pair.py")
failures = 0


def run(*args):
    return subprocess.run([sys.executable, tool, *args], capture_output=True, text=True,
                          timeout=300)


def expect(cond, what):
    global failures
    if not cond:
        failures += 1
        print(f"FAIL: {what}")


# one build against itself: both stages of the type, positive rates and ratios
p = run(drlsim, drlsim, "--types", "arena", "--rounds", "2", "--seconds", "0.05")
expect(p.returncode == 0, f"a build against itself: exit {p.returncode}: {p.stderr}")
rows = [l.split() for l in p.stdout.splitlines() if l.startswith("arena")]
expect([r[1] for r in rows] == ["layout", "full"], f"arena's two stages: {p.stdout}")
for r in rows:
    nums = [float(x) for x in r[2:]]
    expect(len(nums) == 6 and all(x > 0 for x in nums), f"positive rates and ratios: {r}")
# the full level costs more than its layout
expect(len(rows) == 2 and float(rows[1][2]) < float(rows[0][2]),
       f"a full level slower than its layout: {rows}")

# another ruleset for B only, as a Markdown table
p = run(drlsim, drlsim, "--types", "normal", "--rounds", "1", "--seconds", "0.05",
        "--b-args", "--rules game-0.9.9.7", "--markdown")
expect(p.returncode == 0, f"--b-args: exit {p.returncode}: {p.stderr}")
expect("| type | stage |" in p.stdout and "| normal | full |" in p.stdout,
       f"a Markdown table: {p.stdout}")
expect("--rules game-0.9.9.7" in p.stdout, "B's options named in the header")

# bad input: one line naming the problem, exit 2, no table
for args, word in [
    (["/nonexistent/drlsim", drlsim, "--types", "arena", "--rounds", "1"], "cannot run"),
    ([drlsim, drlsim, "--types", "hallway"], "unknown type"),
    ([drlsim, drlsim, "--rounds", "0"], "--rounds"),
    ([drlsim, drlsim, "--types", "arena", "--rounds", "1", "--seconds", "0.05",
      "--b-args", "--rules nowhere"], "failed"),
]:
    p = run(*args)
    lines = p.stderr.strip().splitlines()
    expect(p.returncode == 2 and len(lines) == 1 and word in lines[0] and not p.stdout,
           f"{args}: exit {p.returncode}, stderr {p.stderr!r}, stdout {p.stdout!r}")

print(f"bench_pair: {'ok' if not failures else f'{failures} failures'}")
sys.exit(1 if failures else 0)

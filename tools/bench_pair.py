#!/usr/bin/env python3
"""Compare two drlsim builds' speed side by side, in one run.

    tools/bench_pair.py A B [--types all|T,T..] [--rounds N] [--seconds S]
                        [--dlevel D] [--b-args "..."] [--markdown]

A and B are drlsim executables (B is usually the build under test, A an older
one).  Each round runs `bench --type T --threads 1 --reps 1` of both for every
type, A first in odd rounds and B first in even ones, so that a change in the
machine's load between the two falls on both alike; the result is, per type
and stage (the layout alone, the full level), the median over the rounds of
each build's levels per second on one thread (by wall time and by CPU time)
and the ratio B / A of those medians.  --b-args passes further options to B's
bench only (e.g. --rules game-0.9.9.7 to set a ruleset against A's default).

The builds must have `bench --json` (every drlsim has).  Nothing is timed
here: the rates are bench's own.  Exit 0, or 2 with a one-line message when a
build cannot be run or gives no number.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

TYPES = ["normal", "small-rooms", "warehouse", "city", "caves", "arena", "maze", "single"]
STAGES = ["layout", "full"]


def fail(msg):
    print(f"bench_pair: {msg}", file=sys.stderr)
    sys.exit(2)


def bench(exe, level_type, seconds, dlevel, extra):
    # the JSON into a file of its own: older builds print their table on
    # stdout even with --json -
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "bench.json")
        cmd = [exe, "bench", "--type", level_type, "--threads", "1", "--reps", "1",
               "--seconds", str(seconds), "--dlevel", str(dlevel), "--json", out] + extra
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            fail(f"cannot run {exe}: {e}")
        if p.returncode != 0:
            last = (p.stderr.strip().splitlines() or ["no message"])[-1]
            fail(f"{exe} bench --type {level_type} failed (exit {p.returncode}): {last}")
        try:
            with open(out) as f:
                text = f.read()
        except OSError:
            text = ""
    try:
        stages = json.loads(text)["types"][level_type]
        return {s: (stages[s]["one_thread"]["median"],
                    stages[s]["one_thread"].get("cpu_time_median", 0.0)) for s in STAGES}
    except (ValueError, KeyError, TypeError):
        fail(f"{exe} bench --type {level_type} gave no rates")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="the reference drlsim executable")
    ap.add_argument("b", help="the drlsim executable under test")
    ap.add_argument("--types", default="all", help="all (default) or a comma-separated list")
    ap.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--seconds", type=float, default=1.0,
                    help="bench's time per measurement (default 1.0)")
    ap.add_argument("--dlevel", type=int, default=12, help="dlevel (default 12)")
    ap.add_argument("--b-args", default="", help="further bench options for B only")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    o = ap.parse_args()
    types = TYPES if o.types == "all" else o.types.split(",")
    for t in types:
        if t not in TYPES:
            fail(f"unknown type '{t}' (one of {', '.join(TYPES)})")
    if o.rounds < 1 or o.seconds <= 0:
        fail("--rounds must be at least 1 and --seconds above 0")
    extra_b = shlex.split(o.b_args)
    got = {(w, t, s): ([], []) for w in "ab" for t in types for s in STAGES}
    for r in range(o.rounds):
        for t in types:
            order = [("a", o.a, []), ("b", o.b, extra_b)]
            if r % 2:
                order.reverse()
            for who, exe, extra in order:
                for s, (wall, cpu) in bench(exe, t, o.seconds, o.dlevel, extra).items():
                    got[(who, t, s)][0].append(wall)
                    got[(who, t, s)][1].append(cpu)
        print(f"bench_pair: round {r + 1} of {o.rounds} done", file=sys.stderr)
    med = {k: (statistics.median(v[0]), statistics.median(v[1])) for k, v in got.items()}
    rows = []
    for t in types:
        for s in STAGES:
            (aw, ac), (bw, bc) = med[("a", t, s)], med[("b", t, s)]
            rows.append((t, s, aw, bw, bw / aw if aw else 0.0, ac, bc, bc / ac if ac else 0.0))
    head = ("type", "stage", "A levels/s", "B levels/s", "B/A", "A by CPU", "B by CPU", "B/A by CPU")
    print(f"# A: {o.a}\n# B: {o.b} {o.b_args}".rstrip())
    print(f"# dlevel {o.dlevel}, one thread, medians of {o.rounds} rounds of ~{o.seconds} s")
    if o.markdown:
        print("| " + " | ".join(head) + " |")
        print("|---|---|" + "---:|" * 6)
        for t, s, aw, bw, rw, ac, bc, rc in rows:
            print(f"| {t} | {s} | {aw:.0f} | {bw:.0f} | {rw:.2f} | {ac:.0f} | {bc:.0f} | {rc:.2f} |")
    else:
        print("%-12s %-7s %12s %12s %6s %12s %12s %10s" % head)
        for t, s, aw, bw, rw, ac, bc, rc in rows:
            print(f"{t:<12} {s:<7} {aw:12.0f} {bw:12.0f} {rw:6.2f} {ac:12.0f} {bc:12.0f} {rc:10.2f}")


if __name__ == "__main__":
    main()

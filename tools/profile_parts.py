#!/usr/bin/env python3
"""Where a full level's instructions go, per level type, by step and by part
of the observer: the tables of docs/performance.md, "Where each type's
instructions go, step by step".

    tools/profile_parts.py DRLSIM [--rules NAME] [--types T,T..] [--levels N]
                           [--dlevel D]

DRLSIM should be built with debug information and the release optimisation
(`meson setup build-prof -Ddebug=true -Doptimization=3`): the observer's
parts are read from its source lines.  For each type, callgrind runs `drlsim
run --type T --levels N` and `--levels 2N` (one thread, seed 3, dlevel 12) and
the difference over N is the cost a level, start-up cancelled.

The steps are the functions the level loop calls, inclusive: the layout
(`layout_<type>`, the ruleset's layout table; for the game rulesets the
whole generation is one step, `level_generate`), the water (`water_*`), the
room list's summary, the population (`*_populate`), the layout census, the
tally of the generator's record (`tally_add`), and the observer
(`observer_look`) with the tally of its rows (`tally_add_observed` less the
observer).  The observer's parts are its instructions by the function of
src/gen/observer.c whose lines they come from; instructions from intrinsics
headers count to the observer line before them.  Helpers shared by the parts
(the POPCNT row counts, `pop`) are a part of their own.

Exit 0, or 2 with a one-line message (valgrind missing, a run failing).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

TYPES = ["normal", "small-rooms", "warehouse", "city", "caves", "arena", "maze", "single"]
# the wiki's water step of each type (src/gen/water.c WIKI_WATER; the arena
# has its fluids inside its layout)
WATER_FN = {"normal": "water_standard", "single": "water_standard", "warehouse": "water_standard",
            "maze": "water_standard", "caves": "water_standard", "small-rooms": "water_small_rooms",
            "city": "water_city"}
LAYOUT_FN = {"normal": "layout_normal", "small-rooms": "layout_small_rooms",
             "warehouse": "layout_warehouse", "city": "layout_city", "caves": "layout_caves",
             "arena": "layout_arena", "maze": "layout_maze", "single": "layout_single"}

# observer.c functions -> the part they make
PARTS = [
    ("classifying pass", r"padding_rows|classify_\w+"),
    ("flood", r"h2_\w+|touched|grow_\w+|runs_of|flood\w*|unreached\w*"),
    ("things' cells", r"look_at\w*"),
    ("stairs list, ring, passable rows", r"look|look_avx2|look_plain|observer_look"),
    ("doors", r"doors_\w+|look_doors"),
    ("rivers", r"look_rivers"),
    ("rooms", r"room_on_map|columns|fluids_\w+|vault_boxed|boxes_in_blocks|floor_inside"
              r"|rooms_on_map\w*|look_rooms"),
    ("game-0.10.10b's geometry", r"look_layout10"),
    ("the layout's own",
     r"mirror9|look_arena|look_city|look_small_rooms|look_warehouse|look_layout"),
    ("row counts (POPCNT)", r"pop|pop64"),
]


def fail(msg):
    print(f"profile_parts: {msg}", file=sys.stderr)
    sys.exit(2)


def functions_of(src):
    """(first line, name) of each function defined in src, in order: a line
    at the left margin naming a function (not a declaration)."""
    starts = []
    for i, line in enumerate(open(src, encoding="utf-8"), 1):
        if not line.strip() or line[0] in " \t#/}{*" or line.rstrip().endswith(";"):
            continue
        names = [n for n in re.findall(r"([A-Za-z_][A-Za-z_0-9]*)\(", line)
                 if n not in ("__attribute__", "always_inline", "optimize", "_Static_assert")]
        if names:
            starts.append((i, names[0]))
    return starts


def part_of(fn):
    for name, pat in PARTS:
        if re.fullmatch(pat, fn):
            return name
    return "other"


def observer_parts(raw, observer_c, starts):
    """Self instructions of the observer's lines in a callgrind file (no name
    compression), by part."""
    def enclosing(line):
        name = "?"
        for s, f in starts:
            if s <= line:
                name = f
            else:
                break
        return name

    tot = {}
    fl = fi = None
    last_obs_line = None
    skip_next = False
    for line in open(raw, encoding="utf-8", errors="replace"):
        if skip_next:
            skip_next = False
            continue
        if line.startswith("fl="):
            fl = fi = line[3:].strip()
            last_obs_line = None
        elif line.startswith(("fi=", "fe=")):
            fi = line[3:].strip()
        elif line.startswith("fn="):
            fi = fl
            last_obs_line = None
        elif line.startswith("calls="):
            skip_next = True  # the call's inclusive cost: not the observer's own
        elif line[:1].isdigit():
            p = line.split()
            if len(p) < 2:
                continue
            ln, ir = int(p[0]), int(p[1])
            if fi and fi.endswith(observer_c):
                last_obs_line = ln
            elif not (fl and fl.endswith(observer_c)) or last_obs_line is None:
                continue
            else:
                ln = last_obs_line  # an intrinsic inlined into an observer line
            part = part_of(enclosing(ln))
            tot[part] = tot.get(part, 0) + ir
    return tot


def inclusive(raw):
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", raw],
                         capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"callgrind_annotate failed on {raw}")
    d = {}
    for line in out.stdout.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+\S*?:(\S+)", line)
        if m:
            fn = re.sub(r"'\d+$", "", m.group(2))
            d[fn] = max(d.get(fn, 0), int(m.group(1).replace(",", "")))
    return d


def profile(exe, rules, level_type, n, dlevel, tmp, observer_c, starts):
    res = []
    for k in (n, 2 * n):
        raw = os.path.join(tmp, f"cg.{level_type}.{k}")
        cmd = ["valgrind", "--tool=callgrind", "--compress-strings=no", "--compress-pos=no",
               f"--callgrind-out-file={raw}", exe, "run", "--rules", rules, "--type", level_type,
               "--levels", str(k), "--dlevel", str(dlevel), "--threads", "1", "--seed", "3",
               "--out", os.devnull]
        if subprocess.run(cmd, capture_output=True).returncode != 0:
            fail(f"`{' '.join(cmd[5:])}` failed under callgrind")
        res.append((inclusive(raw), observer_parts(raw, observer_c, starts)))
    (a, pa), (b, pb) = res
    steps = {f: (b.get(f, 0) - a.get(f, 0)) / n for f in set(a) | set(b)}
    parts = {p: (pb.get(p, 0) - pa.get(p, 0)) / n for p in set(pa) | set(pb)}
    return steps, parts


def step_row(level_type, st, wiki):
    loop = st.get("chunk_part", 0)
    obs = st.get("observer_look", 0)
    seen_rows = st.get("tally_add_observed", 0) - obs
    gen = st.get("level_generate", 0)
    if wiki:
        layout = st.get(LAYOUT_FN[level_type], 0)
        water = st.get(WATER_FN.get(level_type, ""), 0)
        summary = st.get("rooms_summarize_list", 0)
        # (the registry's wrappers may reach these by a tail call: the
        # callee then holds the cost)
        pop = max(st.get("wiki_populate", 0), st.get("populate_census", 0))
        census = max(st.get("wiki_census", 0), st.get("census_layout", 0))
        rest = gen - layout - water - summary - pop - census
        cols = [layout, water, pop, census, summary + rest]
    else:
        cols = [gen]
    tally = st.get("tally_add", 0)
    cols += [tally, obs, seen_rows]
    other = loop - gen - tally - st.get("tally_add_observed", 0)
    return loop, cols + [other]


def main():
    ap = argparse.ArgumentParser(description="Where a full level's instructions go, by step "
                                 "and by part of the observer (markdown tables on stdout).")
    ap.add_argument("drlsim")
    ap.add_argument("--rules", default="wiki-0.9.9.3")
    ap.add_argument("--types", default="all")
    ap.add_argument("--levels", type=int, default=2000)
    ap.add_argument("--dlevel", type=int, default=12)
    args = ap.parse_args()
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        fail("valgrind (callgrind) is not installed")
    if not os.access(args.drlsim, os.X_OK):
        fail(f"{args.drlsim}: not an executable")
    if args.levels < 1:
        fail("--levels must be at least 1")
    types = TYPES if args.types == "all" else args.types.split(",")
    for t in types:
        if t not in TYPES:
            fail(f"unknown type '{t}'")
    here = os.path.dirname(os.path.abspath(__file__))
    observer_src = os.path.join(here, "..", "src", "gen", "observer.c")
    starts = functions_of(observer_src)
    wiki = args.rules.startswith("wiki")
    rows, parts_rows = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for t in types:
            st, parts = profile(args.drlsim, args.rules, t, args.levels, args.dlevel, tmp,
                                "src/gen/observer.c", starts)
            rows.append((t, *step_row(t, st, wiki)))
            parts_rows.append((t, st.get("observer_look", 0), parts))
            print(f"profile_parts: {t} done", file=sys.stderr)
    heads = (["layout", "water", "population", "layout census", "room list and the rest"]
             if wiki else ["generation"]) + ["`tally_add`", "observer", "its rows", "driver"]
    print(f"# {args.rules}, dlevel {args.dlevel}, instructions a level (callgrind, "
          f"{args.levels} and {2 * args.levels} levels)")
    print()
    print("| type | level loop | " + " | ".join(heads) + " |")
    print("|---|---:|" + "---:|" * len(heads))
    for t, loop, cols in rows:
        cells = [f"{c:,.0f} ({100 * c / loop:.0f}%)" if loop else "-" for c in cols]
        print(f"| {t} | {loop:,.0f} | " + " | ".join(cells) + " |")
    print()
    names = [p for p, _ in PARTS] + ["other"]
    used = [p for p in names if any(abs(pr.get(p, 0)) >= 0.5 for _, _, pr in parts_rows)]
    print("| type | observer | " + " | ".join(used) + " |")
    print("|---|---:|" + "---:|" * len(used))
    for t, obs, pr in parts_rows:
        print(f"| {t} | {obs:,.0f} | " + " | ".join(f"{pr.get(p, 0):,.0f}" for p in used) + " |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""episode_test.py ROOT - the episode tables of the game rulesets
(data/game-0.9.9.7/episode.json, data/game-0.10.10b/episode.json; docs/rules.md
G75-G77 and H3-H5) stay well formed and say what the docs say: dlevels 1..25
each listed once and in order, random or scripted, every style a declared one,
the random dlevels 2-7, 9-15 and 17-23, and the room reader knowing the walls
and doors of every random level's style except the Deimos wall of
game-0.9.9.7 (G76, H4).  The rulesets' loaders read them (src/rules/episode.c)."""
import json
import os
import sys

LAST = 25                                   # the episode's last dlevel (dis is 24, the fortress 25)
RANDOM = set(range(2, 8)) | set(range(9, 16)) | set(range(17, 24))
SECTIONS = {"phobos", "deimos", "hell"}
TOP = {"comment", "styles", "room_reader_cells", "episode"}
ENTRY = {"dlevel", "level", "script", "section", "style", "special_exit"}
STYLE = {"id", "floor", "wall", "door", "caves"}
# ruleset -> does the room reader know the wall of a Deimos random level?
DEIMOS_ROOMS = {"game-0.9.9.7": False, "game-0.10.10b": True}

failures = []


def fail(path, msg):
    failures.append(f"{path}: {msg}")


def check(root, ruleset):
    path = os.path.join(root, "data", ruleset, "episode.json")
    try:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        fail(path, f"cannot be read: {e}")
        return
    if not isinstance(d, dict) or set(d) != TOP:
        fail(path, f"top keys must be {sorted(TOP)}")
        return
    styles = {}
    for i, s in enumerate(d["styles"]):
        if not isinstance(s, dict) or not set(s) <= STYLE or not {"id", "floor", "wall", "door"} <= set(s):
            fail(path, f"styles[{i}] needs id, floor, wall, door (and optionally caves)")
            continue
        if not isinstance(s["id"], int) or s["id"] in styles:
            fail(path, f"styles[{i}]: id {s['id']!r} is not a new integer")
            continue
        if not all(isinstance(s[k], str) and s[k] for k in ("floor", "wall", "door")):
            fail(path, f"styles[{i}]: floor, wall and door must be cell names")
        styles[s["id"]] = s
    reader = d["room_reader_cells"]
    if not isinstance(reader, list) or not all(isinstance(c, str) for c in reader):
        fail(path, "room_reader_cells must be a list of cell names")
        reader = []
    seen_scripts = set()
    ep = d["episode"]
    if not isinstance(ep, list) or len(ep) != LAST:
        fail(path, f"episode must list dlevels 1..{LAST}, once each")
        return
    for i, e in enumerate(ep):
        where = f"episode[{i}]"
        if not isinstance(e, dict) or not set(e) <= ENTRY:
            fail(path, f"{where}: keys must be among {sorted(ENTRY)}")
            continue
        if e.get("dlevel") != i + 1:
            fail(path, f"{where}: dlevel {e.get('dlevel')!r}, expected {i + 1} (in order, once each)")
        kind = e.get("level")
        if kind not in ("random", "scripted"):
            fail(path, f"{where}: level must be random or scripted")
        if (kind == "random") != (i + 1 in RANDOM):
            fail(path, f"{where}: dlevel {i + 1} is {kind}, the game's random dlevels are 2-7, 9-15, 17-23")
        if (kind == "scripted") != ("script" in e):
            fail(path, f"{where}: a scripted level and only it names its script")
        if e.get("section") not in SECTIONS:
            fail(path, f"{where}: section must be one of {sorted(SECTIONS)}")
        st = e.get("style")
        if not isinstance(st, list) or not st or any(x not in styles for x in st):
            fail(path, f"{where}: style must be a non-empty list of declared style ids")
            st = []
        for x in st:
            if kind == "random" and styles[x].get("caves"):
                fail(path, f"{where}: a cave style is set by the caves generator, not by the episode")
            if kind != "random":
                continue
            known = styles[x]["wall"] in reader and styles[x]["door"] in reader
            want = e.get("section") != "deimos" or DEIMOS_ROOMS[ruleset]
            if known != want:
                fail(path, f"{where}: the room reader {'knows' if known else 'misses'} style {x}'s "
                           f"wall or door, the docs say it {'does' if want else 'does not'}")
        for name in [e["script"]] if "script" in e else []:
            seen_scripts.add(name)
        exits = e.get("special_exit", [])
        if exits and kind != "random":
            fail(path, f"{where}: only a random level has a special exit")
        for j, x in enumerate(exits if isinstance(exits, list) else [None]):
            if (not isinstance(x, dict) or set(x) != {"script", "min_diff"} or not isinstance(x["script"], str)
                    or not isinstance(x["min_diff"], int) or not 1 <= x["min_diff"] <= 5):
                fail(path, f"{where}.special_exit[{j}]: needs script and min_diff 1..5")
                continue
            if x["script"] in seen_scripts:
                fail(path, f"{where}.special_exit[{j}]: {x['script']} is listed twice")
            seen_scripts.add(x["script"])


def main():
    if len(sys.argv) != 2:
        print("usage: episode_test.py ROOT", file=sys.stderr)
        return 2
    for ruleset in DEIMOS_ROOMS:
        check(sys.argv[1], ruleset)
    for f in failures:
        print("FAIL", f)
    print(f"episode tables: {len(DEIMOS_ROOMS)} files, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

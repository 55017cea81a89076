#!/usr/bin/env python3
"""newtables_test.py DRLSIM ROOT - the tables of data/game-0.10.10b/ keep the formats of data/game-0.9.9.7/.

The ruleset game-0.10.10b reads data/game-0.10.10b/ with loaders taught its new
keys.  This test shows that everything else in those files is in the formats of
data/game-0.9.9.7/ by feeding them to the game-0.9.9.7 ruleset: a copy of data/
gets them in place of its game-0.9.9.7 files, adapted in the only ways
docs/rules.md Part H ("The tables of data/game-0.10.10b") lists: the new keys
removed, the rows beyond the old limits dropped, and the one key the new rules
no longer have put back.  The strict loaders reject any other unknown key, so a
key missing from that list fails here; every key and limit of the list must be
named in that section.  Then `drlsim gen --rules game-0.9.9.7 --data COPY` must
succeed on every type, and
differ from the built-in tables where the being table changed (dlevel 21)."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

NEW = "game-0.10.10b"
OLD = "game-0.9.9.7"
# (file, path): keys the 0.9.9.7 loaders do not know ("[]" = every row of that list)
NEW_KEYS = [
    ("population.json", "budget.dlevel_shift"),
    ("population.json", "lever_kinds"),
    ("population.json", "ammo_room"),
    ("population.json", "vault"),
    ("water.json", "fluid_bands[].fluid_pick"),
    ("water.json", "deep_fluid"),
    ("water.json", "cave_fluid_bands[].fluid_pick"),
    ("water.json", "cave_fluid_overrides"),
    ("water.json", "river.fluid[].fluid_pick"),
    ("water.json", "river.widths"),
    ("water.json", "river.bridges"),
    ("water.json", "cave_river"),
]
# (file, list path, the present limit's name, its value): rows beyond it are dropped
LIMITS = [
    ("monsters.json", "monsters", "MONSTER_KINDS_MAX", 32),
    ("population.json", "groups", "GPOP_MAX_GROUPS", 24),
    ("water.json", "river.fluid", "river fluid rows", 3),
]
# (file, path, value): required by the 0.9.9.7 loader, absent from the 0.10.10b rules
OBSOLETE = [("water.json", "river.horizontal_bridge", [5, 6])]
FILES = ["monsters.json", "population.json", "water.json"]

failures = []


def parts(path):
    return path.split(".")


def strip(node, keys):
    """Remove the dotted path keys ('a[].b' walks every row of list a)."""
    head, rest = keys[0], keys[1:]
    many = head.endswith("[]")
    name = head[:-2] if many else head
    if name not in node:
        raise KeyError(name)
    if not rest:
        del node[name]
    elif many:
        rows = [row for row in node[name] if len(rest) > 1 or rest[0] in row]
        if not rows:
            raise KeyError(rest[0])
        for row in rows:
            strip(row, rest)
    else:
        strip(node[name], rest)


def get(node, path):
    for p in parts(path):
        node = node[p]
    return node


def adapt(tables):
    for f, path in NEW_KEYS:
        try:
            strip(tables[f], parts(path))
        except KeyError:
            failures.append(f"{f}: the new key {path} is not in the file")
    for f, path, _, limit in LIMITS:
        rows = get(tables[f], path)
        if len(rows) <= limit:
            failures.append(f"{f}: {path} has {len(rows)} rows, within the old limit {limit}: drop it from LIMITS")
        if f == "monsters.json":
            keep = [m for m in rows if m["id"] not in ("nrevenant", "nmancubus")]
            tables[f]["monsters"] = keep
            for c, ids in tables[f]["classes"].items():
                if isinstance(ids, list):
                    tables[f]["classes"][c] = [i for i in ids if i in {m["id"] for m in keep}]
        elif f == "water.json":
            # the lava row below 51 goes; the open last row (lava, picked past 50) stays
            del rows[limit - 1]
        else:
            del rows[limit:]
    for f, path, value in OBSOLETE:
        *up, last = parts(path)
        node = tables[f]
        for p in up:
            node = node[p]
        node[last] = value


def run(drlsim, data, *args):
    cmd = [drlsim, "gen", "--rules", OLD, "--json"] + (["--data", data] if data else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        failures.append(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.strip()[:300]}")
    return p.stdout


def main():
    if len(sys.argv) != 3:
        print("usage: newtables_test.py DRLSIM ROOT", file=sys.stderr)
        return 2
    drlsim, root = sys.argv[1], sys.argv[2]
    tables = {}
    for f in FILES:
        with open(os.path.join(root, "data", NEW, f), encoding="utf-8") as fh:
            tables[f] = json.load(fh)
    # a row with a pick keeps its first entry as the fluid the present loader reads
    w = tables["water.json"]
    for path, rows in (("fluid_bands", w["fluid_bands"]), ("cave_fluid_bands", w["cave_fluid_bands"]),
                       ("river.fluid", w["river"]["fluid"]), ("cave_river.fluid", w["cave_river"]["fluid"])):
        for i, row in enumerate(rows):
            if "fluid_pick" in row and row["fluid_pick"][:1] != [row["fluid"]]:
                failures.append(f"water.json: {path}[{i}].fluid is not the first entry of its fluid_pick")
    adapt(tables)
    # every adaptation is documented in Part H's section on these tables
    with open(os.path.join(root, "docs", "rules.md"), encoding="utf-8") as fh:
        rules = fh.read()
    m = re.search(r"^### The tables of data/game-0\.10\.10b$(.*?)(?=^#|\Z)", rules, re.M | re.S)
    section = m.group(1) if m else ""
    if not m:
        failures.append("docs/rules.md has no section '### The tables of data/game-0.10.10b'")
    for f, path in NEW_KEYS:
        if f"`{path}`" not in section:
            failures.append(f"docs/rules.md does not list the new key `{path}` of {f}")
    for f, path, name, _ in LIMITS:
        if name not in section:
            failures.append(f"docs/rules.md does not name the limit {name} ({f} {path})")
    for f, path, _ in OBSOLETE:
        if f"`{path}`" not in section:
            failures.append(f"docs/rules.md does not list the obsolete key `{path}`")
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        shutil.copytree(os.path.join(root, "data"), data)
        for f in FILES:
            with open(os.path.join(data, OLD, f), "w", encoding="utf-8") as fh:
                json.dump(tables[f], fh)
        types = ["normal", "small-rooms", "warehouse", "city", "caves", "caves-2", "arena", "maze",
                 "single", "single-plus", "lava"]
        for t in types:
            for dl in (3, 12, 22, 40):
                run(drlsim, data, "--type", t, "--dlevel", str(dl), "--difficulty", "4", "--seed", "7")
        # commando (max 17 -> 21), pain (20 -> 40) and groups at dlevel 21: the tables are read
        differ = sum(run(drlsim, data, "--type", "normal", "--dlevel", "21", "--seed", str(s))
                     != run(drlsim, None, "--type", "normal", "--dlevel", "21", "--seed", str(s))
                     for s in range(1, 6))
        if differ == 0:
            failures.append("the adapted tables give the same levels as the built-in ones: were they read?")
    for f in failures:
        print("FAIL", f)
    print(f"{NEW} tables: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

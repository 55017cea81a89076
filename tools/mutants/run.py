#!/usr/bin/env python3
"""run.py - mutation testing of the conformance checker (docs/mutants.md).

A mutant is one deliberate rule change: one text replacement in one file of
data/ or of the source tree, listed in tools/mutants/data.txt or source.txt.
Each is run through the whole default `drlsim check`; it is CAUGHT when the
check exits 1 (a check failed or XPASSed), SURVIVED when it exits 0, and an
ERROR otherwise (exit 2: the mutant made the tables invalid) or when the
mutant cannot be applied or built.

  python3 tools/mutants/run.py --list         the mutants, each checked to apply
  python3 tools/mutants/run.py ID...          those mutants
  python3 tools/mutants/run.py                all of them

Data mutants run with --data on a scratch copy of data/ and the drlsim of
--drlsim.  Source mutants are built in a scratch copy of the source tree
(configured once, then compiled incrementally); the real tree is only read.
Both scratch copies live in --work.  One line per mutant:
  CAUGHT id (checks: a, b) / SURVIVED id: claim / ERROR id: why
Exit status: 0 when every mutant run was caught (or survived with an
expect_survive reason), 1 when one survived, 99 when one was an ERROR
(meson test's "hard error").
"""
import argparse
import fcntl
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LISTS = [os.path.join(ROOT, "tools", "mutants", f) for f in ("data.txt", "source.txt", "game.txt",
                                                                 "game10.txt")]
# A mutant of the game ruleset's own files runs that ruleset's check.
GAME_RULES = "game-0.9.9.7"
GAME_FILES = ("data/game-0.9.9.7/", "src/gen/game/")
KEYS = ("id", "file", "source", "claim", "find", "replace", "expect_survive", "rules")
SOURCES = ("wiki", "game", "decision")
ERROR_EXIT = 99


class MutantError(Exception):
    pass


def unescape(s):
    r"""Values may hold \n (newline) and \\ (backslash)."""
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s) and s[i + 1] in "n\\":
            out.append("\n" if s[i + 1] == "n" else "\\")
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def parse(path):
    """Stanzas of 'key: value' lines separated by blank lines; '#' comments."""
    mutants, cur = [], {}
    lines = open(path, encoding="utf-8").read().split("\n")
    for n, line in enumerate(lines + [""], 1):
        if line.startswith("#"):
            continue
        if not line.strip():
            if cur:
                mutants.append(cur)
                cur = {}
            continue
        key, sep, value = line.partition(": ")
        if not sep or key not in KEYS:
            raise MutantError(f"{path}:{n}: expected 'key: value' with a key of {', '.join(KEYS)}")
        if key in cur:
            raise MutantError(f"{path}:{n}: {key} given twice")
        cur[key] = value if key in ("find", "replace") else value.strip()
        cur.setdefault("where", f"{os.path.relpath(path, ROOT)}:{n}")
    for m in mutants:
        missing = [k for k in KEYS[:6] if k not in m]
        if missing:
            raise MutantError(f"{m['where']}: mutant lacks {', '.join(missing)}")
        if m["source"] not in SOURCES:
            raise MutantError(f"{m['where']}: source must be one of {', '.join(SOURCES)}")
        m["find"], m["replace"] = unescape(m["find"]), unescape(m["replace"])
        if m["find"] == m["replace"]:
            raise MutantError(f"{m['where']}: {m['id']}: replace equals find")
    return mutants


def load(paths):
    mutants, seen = [], set()
    for p in paths:
        for m in parse(p):
            if m["id"] in seen:
                raise MutantError(f"{m['where']}: id {m['id']} given twice")
            seen.add(m["id"])
            mutants.append(m)
    return mutants


def is_data(m):
    return m["file"].startswith("data/")


def rules_of(m):
    """The ruleset whose check runs on mutant m (None: the default): its
    "rules" key, else the game ruleset's for a file of its own."""
    if "rules" in m:
        return m["rules"]
    return GAME_RULES if m["file"].startswith(GAME_FILES) else None


def mutate(m, tree):
    """Apply m's replacement to its file under tree; return the original text."""
    path = os.path.join(tree, m["file"])
    if not os.path.isfile(path):
        raise MutantError(f"{m['file']}: no such file")
    text = open(path, encoding="utf-8").read()
    n = text.count(m["find"])
    if n != 1:
        raise MutantError(f"the text to replace occurs {n} times in {m['file']}, not once")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(m["find"], m["replace"]))
    return text


def sync_tree(dst):
    """Make dst a copy of the source tree (not .git, build*/, out/), writing
    only files that differ, so that an incremental build stays incremental."""
    want = set()
    for top in sorted(os.listdir(ROOT)):
        if top.startswith(".") or top.startswith("build") or top == "out":
            continue
        src = os.path.join(ROOT, top)
        walk = os.walk(src) if os.path.isdir(src) else [(ROOT, [], [top])]
        for d, dirs, files in walk:
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            for f in files:
                rel = os.path.relpath(os.path.join(d, f), ROOT)
                want.add(rel)
                data = open(os.path.join(ROOT, rel), "rb").read()
                out = os.path.join(dst, rel)
                if os.path.isfile(out) and open(out, "rb").read() == data:
                    continue
                os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(out, "wb") as fo:
                    fo.write(data)
                shutil.copymode(os.path.join(ROOT, rel), out)
    for d, _, files in os.walk(dst):
        for f in files:
            if os.path.relpath(os.path.join(d, f), dst) not in want:
                os.remove(os.path.join(d, f))


def build(work):
    """Compile the scratch tree's drlsim (configuring it the first time)."""
    tree, bdir = os.path.join(work, "tree"), os.path.join(work, "build")
    if not os.path.isfile(os.path.join(bdir, "build.ninja")):
        shutil.rmtree(bdir, ignore_errors=True)
        r = subprocess.run(["meson", "setup", bdir, tree], capture_output=True, text=True)
        if r.returncode:
            raise MutantError("meson setup of the scratch tree failed:\n" + r.stdout + r.stderr)
    r = subprocess.run(["meson", "compile", "-C", bdir, "src/drlsim:executable"],
                       capture_output=True, text=True)
    out = r.stdout + r.stderr
    warnings = [line for line in out.splitlines() if "warning:" in line]
    if warnings:
        print("\n".join("  " + w for w in warnings))
    if r.returncode:
        raise MutantError("the mutant does not compile:\n" + "\n".join(out.splitlines()[-15:]))
    return os.path.join(bdir, "src", "drlsim")


def check(drlsim, work, data_dir=None, rules=None):
    """Run the default check (--fail-fast); return (exit status, failing checks, stderr)."""
    report = os.path.join(work, "check.json")
    if os.path.exists(report):
        os.remove(report)
    # --fail-fast stops at the first check that fails whatever the rest give:
    # a mutant it stops on is one the whole check fails too, and a mutant it
    # does not stop on gets the whole check.
    cmd = [drlsim, "check", "--progress", "never", "--fail-fast", "--json", report]
    if data_dir:
        cmd += ["--data", data_dir]
    if rules:
        cmd += ["--rules", rules]
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    failing = []
    if r.returncode == 1 and os.path.exists(report):
        failing = [c["name"] for c in json.load(open(report))["checks"]
                   if c["verdict"] in ("FAIL", "XPASS")]
    return r.returncode, failing, r.stderr.strip()


def run_one(m, drlsim, work):
    """Run one mutant; print its line; return 'caught', 'survived' or 'error'."""
    try:
        if is_data(m):
            data_dir = os.path.join(work, "data")
            shutil.rmtree(data_dir, ignore_errors=True)
            shutil.copytree(os.path.join(ROOT, "data"), data_dir)
            mutate(m, work)
            status, failing, err = check(drlsim, work, data_dir, rules_of(m))
        else:
            tree = os.path.join(work, "tree")
            sync_tree(tree)
            original = mutate(m, tree)
            try:
                binary = build(work)
            finally:
                with open(os.path.join(tree, m["file"]), "w", encoding="utf-8") as f:
                    f.write(original)
            status, failing, err = check(binary, work, rules=rules_of(m))
    except MutantError as e:
        print(f"ERROR {m['id']}: {e}")
        return "error"
    if status == 1:
        shown = ", ".join(failing[:8]) + (f", +{len(failing) - 8} more" if len(failing) > 8 else "")
        print(f"CAUGHT {m['id']} (checks: {shown})")
        if "expect_survive" in m:
            print(f"  {m['id']} is marked expect_survive but is caught: remove the mark")
            return "error"
        return "caught"
    if status == 0:
        if "expect_survive" in m:
            print(f"SURVIVED {m['id']}: {m['claim']} (expected: {m['expect_survive']})")
            return "expected"
        print(f"SURVIVED {m['id']}: {m['claim']}")
        return "survived"
    why = err.splitlines()[-1] if err else "no message"
    print(f"ERROR {m['id']}: drlsim check exited {status} (an invalid mutant?): {why}")
    return "error"


def main():
    ap = argparse.ArgumentParser(description="Mutation testing of drlsim check (docs/mutants.md).")
    ap.add_argument("ids", nargs="*", help="mutants to run (default: all)")
    ap.add_argument("--list", action="store_true", help="list the mutants, checking each applies")
    ap.add_argument("--drlsim", default=os.path.join(ROOT, "build", "src", "drlsim"),
                    help="drlsim for data mutants (default: build/src/drlsim)")
    ap.add_argument("--work", default=os.path.join(ROOT, "build-mutants", "mutants-work"),
                    help="scratch directory (default: build-mutants/mutants-work)")
    ap.add_argument("--mutants", action="append", metavar="FILE",
                    help="mutant list (default: tools/mutants/data.txt, source.txt, game.txt and game10.txt)")
    a = ap.parse_args()
    try:
        mutants = load(a.mutants or LISTS)
    except (MutantError, OSError) as e:
        print(f"run.py: {e}", file=sys.stderr)
        return 2
    by_id = {m["id"]: m for m in mutants}
    unknown = [i for i in a.ids if i not in by_id]
    if unknown:
        print(f"run.py: no mutant {', '.join(unknown)} (see --list)", file=sys.stderr)
        return 2
    chosen = [by_id[i] for i in a.ids] if a.ids else mutants

    if a.list:
        bad = 0
        for m in chosen:
            text = open(os.path.join(ROOT, m["file"]), encoding="utf-8").read() \
                if os.path.isfile(os.path.join(ROOT, m["file"])) else ""
            n = text.count(m["find"])
            bad += n != 1
            note = "" if n == 1 else f"  <- BAD: the text occurs {n} times"
            print(f"{m['id']:32} {m['source']:8} {m['file']:26} {m['claim']}{note}")
        print(f"{len(chosen)} mutants ({sum(map(is_data, chosen))} data, "
              f"{sum(not is_data(m) for m in chosen)} source), {bad} that do not apply")
        return 1 if bad else 0

    os.makedirs(a.work, exist_ok=True)
    with open(os.path.join(a.work, "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one run per scratch directory at a time
        start, results = time.monotonic(), []
        for m in chosen:
            sys.stdout.flush()
            results.append(run_one(m, a.drlsim, a.work))
    caught = results.count("caught")
    if len(chosen) > 1:
        print(f"mutants: {caught} of {len(chosen)} caught "
              f"({results.count('survived')} survived, {results.count('error')} errors, "
              f"{results.count('expected')} expected to survive; {time.monotonic() - start:.0f} s)")
    if "error" in results:
        return ERROR_EXIT
    return 1 if "survived" in results else 0


if __name__ == "__main__":
    sys.exit(main())

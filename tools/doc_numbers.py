#!/usr/bin/env python3
"""doc_numbers.py - the numbers of the docs that the build knows, held to it.

A number in README.md or docs/*.md that the tree or a build can compute (how
many mutants CI runs, how many checks a ruleset has, how many levels its
check makes, how many tests the suite holds) is written behind a marker,
an HTML comment that Markdown does not show:

    the <!--n:mutants_ci-->103 mutants ... <!--n:check_levels_wiki:M1-->3.1 million levels

The marker names a fact and, after a second colon, a format: none (the
integer), `M1` or `M2` (millions with 1 or 2 decimals: "3.1 million"; the
word "million" follows the marker's number in the text).  --check compares
every marker whose fact is known with the fact and exits 1 naming each one
that differs; --write puts the facts in.

Facts from the tree (always known): mutants_data, mutants_source,
mutants_game, mutants_game10 (the CI lists of tools/mutants/), mutants_ci (their sum),
mutants_extra, checks_wiki and checks_game (the checks of
data/expectations.json and data/game-0.9.9.7/expectations.json).  With
--build DIR: tests_plain (the tests of `meson test --list` there, the fuzz
corpus replays included, mutants and the sanitizer's report excluded).  Any other fact comes as --fact
KEY=VALUE (the check tests pass check_levels_wiki and check_levels_game,
read off the check's own report); with --only KEY,... only those markers
are compared, and markers of facts not known are left alone.

  python3 tools/doc_numbers.py --check [--build build]
  python3 tools/doc_numbers.py --write --build build --fact check_levels_wiki=3135000
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
MARKER = re.compile(r"<!--n:([a-z_0-9]+)(?::(M[12]))?-->([0-9][0-9.,]*)")


def count_mutants(name):
    path = os.path.join(ROOT, "tools", "mutants", name)
    return sum(1 for line in open(path, encoding="utf-8") if line.startswith("id: "))


def count_checks(rel):
    return len(json.load(open(os.path.join(ROOT, rel), encoding="utf-8"))["checks"])


def tree_facts():
    f = {
        "mutants_data": count_mutants("data.txt"),
        "mutants_source": count_mutants("source.txt"),
        "mutants_game": count_mutants("game.txt"),
        "mutants_game10": count_mutants("game10.txt"),
        "mutants_extra": count_mutants("extra.txt"),
        "checks_wiki": count_checks("data/expectations.json"),
        "checks_game": count_checks("data/game-0.9.9.7/expectations.json"),
    }
    f["mutants_ci"] = (f["mutants_data"] + f["mutants_source"] + f["mutants_game"] +
                       f["mutants_game10"])
    return f


def build_facts(build):
    out = subprocess.run(["meson", "test", "-C", build, "--list"], capture_output=True,
                         text=True, check=True).stdout
    names = [l for l in out.splitlines() if " / " in l]
    plain = [l for l in names if ":mutants" not in l and ":sanitize" not in l]
    return {"tests_plain": len(plain)}


def render(value, fmt):
    if fmt is None:
        return str(value)
    return f"{value / 1e6:.{int(fmt[1])}f}"


def docs():
    return [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    ap.add_argument("--build")
    ap.add_argument("--fact", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--only")
    a = ap.parse_args()
    facts = tree_facts()
    if a.build:
        facts.update(build_facts(a.build))
    for kv in a.fact:
        k, sep, v = kv.partition("=")
        if not sep or not v.isdigit():
            sys.exit(f"doc_numbers.py: --fact {kv}: expected KEY=INTEGER")
        facts[k] = int(v)
    only = set(a.only.split(",")) if a.only else None
    if only:
        facts = {k: v for k, v in facts.items() if k in only}
    bad, seen = [], 0
    for path in docs():
        text = open(path, encoding="utf-8").read()

        def fix(m):
            nonlocal seen
            key, fmt, shown = m.group(1), m.group(2), m.group(3)
            if key not in facts:
                return m.group(0)
            seen += 1
            want = render(facts[key], fmt)
            if shown != want:
                line = text.count("\n", 0, m.start()) + 1
                bad.append(f"{os.path.relpath(path, ROOT)}:{line}: {key} is {want}, "
                           f"the text says {shown}")
            return m.group(0)[: m.start(3) - m.start(0)] + want

        new = MARKER.sub(fix, text)
        if a.write and new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
    if a.check:
        for b in bad:
            print(b)
        print(f"doc_numbers: {seen} numbers checked, {len(bad)} wrong")
        return 1 if bad else 0
    print(f"doc_numbers: {len(bad)} of {seen} numbers rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())

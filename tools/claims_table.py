#!/usr/bin/env python3
"""claims_table.py - the table of the wiki page's claims and the checks that test them.

Reads the claims (docs/rules.md, appendix: | Wnn | section | claim | rule |), the
checks' "claims" lists (data/expectations.json) and the claims no check tests with
their reason (docs/expectations.md, the list under "Claims without a check": lines
"- **Wnn** (reason|gap): text").  Prints the Markdown table that docs/expectations.md
holds between its "claims-table" markers; --check compares it with the file and
checks coverage: every claim has a check or a listed reason, every id is real.
Exit 0 when all is well, 1 otherwise (with one line per problem).
"""
import json
import re
import sys

ROOT = sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv else "."
BEGIN, END = "<!-- claims-table: begin -->", "<!-- claims-table: end -->"


def claims():
    rows = {}
    for line in open(f"{ROOT}/docs/rules.md", encoding="utf-8"):
        m = re.match(r"^\| (W\d+) \| ([^|]*) \| ([^|]*) \| ([^|]*) \|$", line.strip())
        if m:
            rows[m.group(1)] = (m.group(2).strip(), m.group(3).strip())
    return rows


def checks():
    by = {}
    for c in json.load(open(f"{ROOT}/data/expectations.json", encoding="utf-8"))["checks"]:
        for w in c.get("claims", []):
            by.setdefault(w, []).append(c["name"])
    return by


def unchecked(text):
    out = {}
    for m in re.finditer(r"^- \*\*(W\d+)\*\* \((reason|gap)\): (.+)$", text, re.M):
        out[m.group(1)] = (m.group(2), m.group(3).strip())
    return out


def table(rows, by, none):
    lines = ["| id | section of the page | claim | checks |", "|---|---|---|---|"]
    for w in sorted(rows, key=lambda s: int(s[1:])):
        section, claim = rows[w]
        if w in by:
            cell = ", ".join(f"`{n}`" for n in by[w])
        elif w in none:
            cell = ("no check: " if none[w][0] == "reason" else "**not yet checked**: ") + none[w][1]
        else:
            cell = "**missing**"
        lines.append(f"| {w} | {section} | {claim} | {cell} |")
    return "\n".join(lines)


def main():
    doc = open(f"{ROOT}/docs/expectations.md", encoding="utf-8").read()
    rows, by, none = claims(), checks(), unchecked(doc)
    text = table(rows, by, none)
    if "--check" not in sys.argv:
        print(text)
        return 0
    bad = []
    for w in by:
        if w not in rows:
            bad.append(f"{w}: a check names a claim docs/rules.md does not list: {by[w]}")
    for w in rows:
        if w not in by and w not in none:
            bad.append(f"{w}: no check tests it and docs/expectations.md gives no reason")
        if w in by and w in none and none[w][0] == "reason":
            bad.append(f"{w}: has checks but is also listed as unobservable")
    m = re.search(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END), doc, re.S)
    if not m:
        bad.append("docs/expectations.md: no claims-table markers")
    elif m.group(1) != text + "\n":
        bad.append("docs/expectations.md: the claims table is stale "
                   "(python3 tools/claims_table.py --write)")
    if "--write" in sys.argv and m:
        doc = doc[:m.start(1)] + text + "\n" + doc[m.end(1):]
        open(f"{ROOT}/docs/expectations.md", "w", encoding="utf-8").write(doc)
        bad = [b for b in bad if "stale" not in b]
    for b in bad:
        print(b)
    gaps = sum(1 for w in none if none[w][0] == "gap" and w not in by)
    print(f"claims: {len(rows)}, with checks {len(set(by) & set(rows))}, "
          f"unobservable {sum(1 for w in none if none[w][0] == 'reason')}, not yet checked {gaps}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""robustness_table.py - the table of bad inputs in docs/robustness.md.

Reads tests/robustness/cases.tsv (every bad input and fault the robustness
test feeds drlsim, with the exit status and message it must give) and prints
the Markdown that docs/robustness.md holds between its "robustness-table"
markers: a count per category, then one row per case (category, input,
exit status, message).  --check compares it with the file (exit 1 when
stale), --write rewrites it.  --root DIR: the repository (default .).
"""
import collections
import re
import sys

ROOT = sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv else "."
sys.path.insert(0, f"{ROOT}/tests/robustness")
import run  # noqa: E402  (the test's own parser of cases.tsv)

BEGIN, END = "<!-- robustness-table: begin -->", "<!-- robustness-table: end -->"
DOC = f"{ROOT}/docs/robustness.md"


def code(s):
    """s as Markdown inline code, safe in a table cell."""
    s = s.replace("|", "\\|")
    ticks = "``" if "`" in s else "`"
    pad = " " if "`" in s else ""
    return f"{ticks}{pad}{s}{pad}{ticks}"


def message(c):
    m = c["err"]
    if m.startswith("re:"):
        return "matches " + code(m[3:])
    return code(m) if m else "(nothing)"


def table(cases):
    counts = collections.Counter(c["cat"] for c in cases)
    out = [f"{len(cases)} cases.", "", "| category | cases |", "|---|---|"]
    out += [f"| {k} | {counts[k]} |" for k in counts]
    out += ["", "| category | input | exit | message (stderr) |", "|---|---|---|---|"]
    for c in cases:
        inp = (code(c["setup"]) + ", then " if c["setup"] else "") + code(c["cmd"])
        if c["leaves"]:
            inp += " (leaves " + ", ".join(code(l) for l in c["leaves"]) + ")"
        out.append(f"| {c['cat']} | {inp} | {c['status']} | {message(c)} |")
    return "\n".join(out)


def main():
    text = table(run.parse(f"{ROOT}/tests/robustness/cases.tsv"))
    if "--check" not in sys.argv and "--write" not in sys.argv:
        print(text)
        return 0
    doc = open(DOC, encoding="utf-8").read()
    m = re.search(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END), doc, re.S)
    if not m:
        print("docs/robustness.md: no robustness-table markers")
        return 1
    if m.group(1) == text + "\n":
        return 0
    if "--write" in sys.argv:
        open(DOC, "w", encoding="utf-8").write(doc[:m.start(1)] + text + "\n" + doc[m.end(1):])
        return 0
    print("docs/robustness.md: the robustness table is stale "
          "(python3 tools/robustness_table.py --write)")
    return 1


if __name__ == "__main__":
    sys.exit(main())

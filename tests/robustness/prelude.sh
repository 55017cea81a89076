# prelude.sh - shell helpers for the setup column of tests/robustness/cases.tsv.
# Sourced before a case's setup; the case runs in its own empty directory and
# $FIX holds the shared fixtures (a copy of data/ and small run reports made
# once by run.py).  Every helper fails loudly when its edit does not apply,
# so a case can never pass by testing the pristine file.

# data [DIR]: a copy of data/ in DIR (default d)
data() { cp -R "$FIX/data" "${1:-d}"; }
# report NAME [AS]: a copy of the fixture report NAME.json as AS (default NAME.json)
report() { cp "$FIX/$1.json" "${2:-$1.json}"; }
# edit FILE OLD NEW: replace the first OLD in FILE by NEW (OLD must be there);
# '\n' in OLD and NEW stands for a newline
edit() {
    python3 - "$1" "$2" "$3" <<'PY'
import sys
p, old, new = (a.replace("\\n", "\n") for a in sys.argv[1:])
s = open(p, encoding="utf-8", errors="surrogateescape").read()
if old not in s:
    sys.exit(f"edit: {old!r} not in {p}")
open(p, "w", encoding="utf-8", errors="surrogateescape").write(s.replace(old, new, 1))
PY
}
# jedit FILE STATEMENT: load FILE as JSON into j, run the Python statement,
# write j back (json.dump)
jedit() {
    python3 - "$1" "$2" <<'PY'
import json, sys
p, stmt = sys.argv[1:]
j = json.load(open(p))
exec(stmt)
json.dump(j, open(p, "w"), indent=1)
PY
}
# line FILE N TEXT: replace line N (1-based) of FILE by TEXT
line() {
    python3 - "$1" "$2" "$3" <<'PY'
import sys
p, n, text = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ls = open(p, encoding="utf-8", errors="surrogateescape").read().split("\n")
if n > len(ls):
    sys.exit(f"line: {p} has no line {n}")
ls[n - 1] = text
open(p, "w", encoding="utf-8", errors="surrogateescape").write("\n".join(ls))
PY
}
# truncate FILE N: keep the first N bytes of FILE
truncate_to() { python3 -c "import sys; p=sys.argv[1]; b=open(p,'rb').read(); open(p,'wb').write(b[:int(sys.argv[2])])" "$1" "$2"; }
# expect_one NAME [STATEMENT]: e.json, an expectations file holding only the
# check NAME of data/expectations.json, after the Python STATEMENT on it (c)
expect_one() {
    python3 - "$FIX/data/expectations.json" "$1" "${2:-pass}" <<'PY'
import json, sys
src, name, stmt = sys.argv[1:]
j = json.load(open(src))
c = [c for c in j["checks"] if c["name"] == name]
if len(c) != 1:
    sys.exit(f"expect_one: no check {name}")
c = c[0]
exec(stmt)
j["checks"] = [c]
json.dump(j, open("e.json", "w"), indent=1)
PY
}
# hide NAME: ./hidden, the programs of $PATH (a symlink each, the first of a
# name winning) without NAME: `PATH=$PWD/hidden drlsim ...` runs drlsim where
# NAME is not installed, everything else (MPI's helpers too) still there
hide() {
    python3 - "$1" <<'PY'
import os, sys
os.mkdir("hidden")
for d in os.environ["PATH"].split(os.pathsep):
    try:
        names = sorted(os.listdir(d or "."))
    except OSError:
        continue
    for n in names:
        p = os.path.join(d or ".", n)
        if n != sys.argv[1] and not os.path.lexists(os.path.join("hidden", n)) and os.access(p, os.X_OK):
            os.symlink(os.path.abspath(p), os.path.join("hidden", n))
if os.path.lexists(os.path.join("hidden", sys.argv[1])):
    sys.exit("hide: still there")
PY
}

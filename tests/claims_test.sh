#!/bin/sh
# claims_test.sh SRCDIR - every claim of the wiki page (docs/rules.md, appendix)
# has a check that names it (data/expectations.json "claims") or an entry in
# docs/expectations.md's list of claims without a check, every claim a check
# names exists, and the claims table of docs/expectations.md is up to date
# (tools/claims_table.py).
src=$1
. "$(dirname "$0")/harness.sh"
if python3 "$src/../tools/claims_table.py" --check --root "$src/.." >"$tmp/out" 2>&1; then ok; else
    ko "claims: $(head -5 "$tmp/out")"; fi
sed 's/^/  /' "$tmp/out" | tail -1
finish

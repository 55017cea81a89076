#!/bin/sh
# selfcontained_test.sh SRCDIR - the repository states its own rules: no file
# refers to a spec outside it (the rules live in docs/rules.md), and the wiki
# claims of docs/rules.md's appendix are all there.
src=$1
. "$(dirname "$0")/harness.sh"
cd "$src/.." || exit 1
if [ -d .git ] && command -v git >/dev/null 2>&1; then
    files=$(git ls-files)
else
    files=$(find . -type f ! -path './build*' ! -path './.git/*' -print)
fi
# The names of the external spec, spelt so that this file does not match itself.
outside='RULE[S][.]md|GAME-099[7]|share[d]/spec|[.][.]/share[d]|spe[c]/(wiki|monsters)'
# shellcheck disable=SC2086
hits=$(printf '%s\n' $files | xargs grep -a -n -E "$outside" 2>/dev/null)
if [ -z "$hits" ]; then ok; else ko "references outside the repository:"; printf '%s\n' "$hits" | head -20; fi
n=$(grep -c -E '^\| W[0-9]+ \|' docs/rules.md)
if [ "$n" -ge 94 ]; then ok; else ko "docs/rules.md lists $n wiki claims, want them all (>= 94)"; fi
finish

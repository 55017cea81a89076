#!/bin/sh
# errata_docs.sh [DRLSIM] - regenerate the committed errata pages: docs/errata.md,
# the wiki's claims on the current release (game-0.10.10b, errata's default),
# and docs/errata-0.9.9.7.md, the same claims on game-0.9.9.7.  Each is the
# default run (seed 0, full size) of `drlsim errata --rules NAME --markdown
# FILE`; tests/errata_test.sh holds the pages to what the command makes now
# (the same checks, wiki claims, exact values and whys, and the same tables).
# DRLSIM defaults to build/src/drlsim.  A few minutes per page on 2 cores.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
drlsim=${1:-$root/build/src/drlsim}
case $drlsim in /*) ;; *) drlsim=$(pwd)/$drlsim ;; esac
cd "$root"
for page in "game-0.10.10b docs/errata.md" "game-0.9.9.7 docs/errata-0.9.9.7.md"; do
    set -- $page
    echo "errata_docs: $2 (--rules $1)" >&2
    nice "$drlsim" errata --rules "$1" --progress never --markdown "$2" >/dev/null
done

#!/bin/sh
# docs_test.sh DRLSIM GUIDE - run every example of the user guide
# (docs/guide.md, "The examples in this guide are tested").
#
# The convention: inside a fenced block (```), a line that starts with
# "drlsim " is an example.  A block with lines starting with "$ " is a
# transcript: there only "$ drlsim " lines are examples, the rest is output.  The examples run in document order in one
# empty scratch directory (so one may read a file an earlier one wrote), with
# `drlsim` meaning DRLSIM, each through the shell (pipes and redirections
# work).  Each must exit 0, or N when the line carries a comment "# exit N".
# Prints one line per failed example and "N passed, M failed" at the end.
case $1 in /*) drlsim=$1 ;; *) drlsim=$(pwd)/$1 ;; esac
guide=$2
. "$(dirname "$0")/harness.sh"

work="$tmp/work"
mkdir "$work"
awk '
    /^```/ {
        if (inblock)
            for (i = 1; i <= n; i++)
                if (transcript ? line[i] ~ /^\$ drlsim / : line[i] ~ /^drlsim /) {
                    sub(/^\$ /, "", line[i]); print line[i]
                }
        inblock = !inblock; n = 0; transcript = 0; next
    }
    inblock { line[++n] = $0; if ($0 ~ /^\$ /) transcript = 1 }
' "$guide" >"$tmp/examples"
n=$(wc -l <"$tmp/examples")
# a guard against a changed convention silently running nothing
if [ "$n" -ge 10 ]; then ok; else ko "only $n examples found in $guide"; fi

while IFS= read -r line; do
    want=$(printf '%s\n' "$line" | sed -n 's/.*# *exit \([0-9][0-9]*\).*/\1/p')
    [ -n "$want" ] || want=0
    # the function is defined in the subshell that runs the example only
    (
        cd "$work" || exit 99
        drlsim() { "$drlsim" "$@"; }
        eval "$line"
    ) >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" = "$want" ]; then ok; else
        ko "exit $got, want $want: $line"
        tail -3 "$tmp/err"
    fi
done <"$tmp/examples"
finish

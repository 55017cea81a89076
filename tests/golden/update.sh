#!/bin/sh
# update.sh DRLSIM - rewrite the golden ASCII levels from DRLSIM.  Review the
# diff before committing: a golden change means a generator changed.
drlsim=${1:-build/src/drlsim}
dir=$(dirname "$0")
for g in "$dir"/*.args; do
    name=$(basename "$g" .args)
    # shellcheck disable=SC2046
    "$drlsim" gen $(cat "$g") --color never >"$dir/$name.txt" 2>&1
done

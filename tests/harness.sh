# harness.sh - sourced by the shell tests (tests/*_test.sh): a counter of
# passed and failed checks, a scratch directory removed on exit, and the
# closing "N passed, M failed" line with the exit status.
#   ok            one check passed
#   ko MESSAGE    one check failed (printed as "FAIL: MESSAGE")
#   finish        print the summary; status 0 only when nothing failed
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" = 0 ]
}

# harness.sh - sourced by the shell tests (tests/*_test.sh): a counter of
# passed and failed checks, a scratch directory removed on exit, and the
# closing "N passed, M failed" line with the exit status.
#   ok            one check passed
#   ko MESSAGE    one check failed (printed as "FAIL: MESSAGE")
#   finish        print the summary; status 0 only when nothing failed
#   expect WANT CMD...  run $drlsim CMD..., stdout in $tmp/out, stderr in
#                 $tmp/err; one check: it exits WANT
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() {
    want=$1; shift
    "$drlsim" "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$want" ]; then ok; else
        ko "drlsim $* exited $got, want $want"; sed 's/^/  /' "$tmp/err" | head -5; fi
}
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" = 0 ]
}
# check_scaled DRLSIM ARGS...: where DRLSIM_TEST_SCALE is above 1 (the
# sanitized and portable suites), run `DRLSIM check ARGS...` at 1/scale of
# its levels and assert only that it runs clean: exit 0 or 1 and a complete
# JSON report with a verdict for every check; then exit with the summary.
# The verdicts at the full sample are the plain suite's to judge.  Without
# the scale it returns and the caller runs its full check.
check_scaled() {
    scale=${DRLSIM_TEST_SCALE:-1}
    [ "$scale" -gt 1 ] 2>/dev/null || return 0
    d=$1
    shift
    "$d" check "$@" --scale "$(awk "BEGIN { print 1 / $scale }")" --progress never \
        --json "$tmp/scaled.json" >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" = 0 ] || [ "$st" = 1 ]; then ok; else ko "check at 1/$scale exited $st: $(tail -3 "$tmp/err")"; fi
    if python3 - "$tmp/scaled.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
assert o["summary"]["complete"], o["summary"]
assert o["checks"] and all(c["verdict"] in ("PASS", "FAIL", "XFAIL", "XPASS") for c in o["checks"])
PY
    then ok; else ko "check at 1/$scale: the report is incomplete or a check has no verdict"; fi
    finish
    exit
}

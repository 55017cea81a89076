#!/bin/sh
# check_game.sh DRLSIM - `drlsim check --rules game-0.9.9.7` at its default
# sample: the game ruleset's own checks (data/game-0.9.9.7/expectations.json)
# all PASS, none disabled, FAIL, XPASS or NOTRUN (the file records no known
# discrepancy: it states the game's generator, which the ruleset follows), and
# every statistical check able to see a 2-point shift with power 0.9 at its
# Holm-adjusted alpha (none "underpowered").  Under DRLSIM_TEST_SCALE
# (sanitized, portable suites) only a clean run at a fraction of the levels is
# asserted (check_scaled, harness.sh).
drlsim=$1
. "$(dirname "$0")/harness.sh"

check_scaled "$drlsim" --rules game-0.9.9.7

"$drlsim" check --rules game-0.9.9.7 --progress never --json "$tmp/check.json" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" = 0 ]; then ok; else ko "drlsim check --rules game-0.9.9.7 exited $st: $(tail -3 "$tmp/err")"; fi
if python3 - "$tmp/check.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
s = o["summary"]
bad = [c["name"] + " " + c["verdict"] + " " + c.get("reason", "") for c in o["checks"]
       if c["verdict"] != "PASS"]
assert not bad, bad
assert s["complete"] and s["failed"] == s["xfail"] == s["xpass"] == s["skipped"] == 0, s
assert not [c for c in o["checks"] if "known_discrepancy" in c or "pending" in c]
assert all(c["source"] == "game" for c in o["checks"])
weak = [(c["name"], c["mde"]) for c in o["checks"] if c["underpowered"]]
assert not weak, ("underpowered", weak)
stat = [c for c in o["checks"] if c["test"] in ("distribution", "proportion")]
assert stat and all(c["mde"] is not None and c["mde"] <= s["mde_target"] for c in stat), s
print(f"{s['passed']} PASS, {len(stat)} statistical checks all powered, {s['levels']} levels")
PY
then ok; else ko "game check: a check failed, was skipped, XPASSed or is underpowered"; fi
# The docs' numbers of this check (its levels, its checks) are the run's
# (tools/doc_numbers.py; the markers of README.md and docs/).
levels=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["levels"])' "$tmp/check.json")
if python3 "$(dirname "$0")/../tools/doc_numbers.py" --check --only check_levels_game,checks_game \
    --fact "check_levels_game=$levels" >"$tmp/numbers" 2>&1; then ok; else
    ko "the docs' numbers of the game check: $(tr '\n' ' ' <"$tmp/numbers")"; fi
finish

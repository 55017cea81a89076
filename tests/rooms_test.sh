#!/bin/sh
# rooms_test.sh DRLSIM - `drlsim rooms` against an independent computation.
#  1. For 5 layouts of a fixed seed, recompute every number of the table from
#     the room lists that `drlsim gen --layout-only --json --index i` prints
#     (python, not drlsim's tally) and compare with `drlsim rooms --json`.
#  2. With 10^5 layouts, the mean rooms per layout of two seeds agree within
#     their intervals (|m1 - m2| <= 3.9 * sqrt(se1^2 + se2^2): alpha 1e-4).
drlsim=$1
. "$(dirname "$0")/harness.sh"

for type in normal city single; do
    for i in 0 1 2 3 4; do
        "$drlsim" gen --type "$type" --seed 99 --index $i --dlevel 3 --layout-only --json \
            >"$tmp/$type-$i.json" || ko "gen $type $i"
    done
    "$drlsim" rooms --type "$type" --levels 5 --seed 99 --threads 2 --progress never \
        --json "$tmp/$type-table.json" >"$tmp/$type-table.txt" 2>/dev/null || ko "rooms $type"
    if python3 - "$tmp" "$type" <<'PY'
import json, math, sys
tmp, t = sys.argv[1], sys.argv[2]
levels = [json.load(open(f"{tmp}/{t}-{i}.json")) for i in range(5)]
table = json.load(open(f"{tmp}/{t}-table.json"))
assert table["type"] == t and table["levels"] == 5 and table["seed"] == 99
def check(key, values):
    row = table[key]
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0
    assert abs(row["mean"] - mean) < 1e-9, (key, row["mean"], mean)
    assert abs(row["sd"] - sd) < 1e-9, (key, row["sd"], sd)
    assert row["min"] == min(values) and row["max"] == max(values), key
    dist = {}
    for v in values:
        dist[str(v)] = dist.get(str(v), 0) + 1
    assert row["distribution"] == dist, (key, row["distribution"], dist)
    lo, hi = row["ci95"]
    assert lo <= mean <= hi
rooms = [l["rooms"] for l in levels]
check("rooms_per_layout", [len(r) for r in rooms])
check("rooms_ge4_per_layout", [sum(1 for x in r if x["w"] >= 4 and x["h"] >= 4) for r in rooms])
check("small_entries_per_layout", [sum(1 for x in r if x["w"] == 2 and x["h"] == 2) for r in rooms])
check("doors_per_layout", [sum(row.count("+") for row in l["map"]) for l in levels])
check("room_width", [x["w"] for r in rooms for x in r])
check("room_height", [x["h"] for r in rooms for x in r])
check("room_area", [x["w"] * x["h"] for r in rooms for x in r])
PY
    then ok; else ko "rooms $type table differs from the gen room lists"; fi
done

for s in 1 2; do
    "$drlsim" rooms --levels 100000 --seed $s --progress never --json "$tmp/big$s.json" \
        >/dev/null 2>&1 || ko "rooms 10^5 seed $s"
done
if python3 - "$tmp" <<'PY'
import json, math, sys
a, b = (json.load(open(f"{sys.argv[1]}/big{s}.json"))["rooms_per_layout"] for s in (1, 2))
se = lambda r: r["sd"] / math.sqrt(r["n"])
d = abs(a["mean"] - b["mean"])
print(f"rooms per layout: {a['mean']:.4f} vs {b['mean']:.4f}, |diff| {d:.4f}, "
      f"bound {3.9 * math.hypot(se(a), se(b)):.4f}")
assert d <= 3.9 * math.hypot(se(a), se(b))
PY
then ok; else ko "mean rooms per layout unstable across seeds"; fi

expect_fail() {
    if "$drlsim" rooms "$@" >/dev/null 2>"$tmp/err"; then ko "rooms $* succeeded"; return; fi
    [ "$(wc -l <"$tmp/err")" = 1 ] && ok || ko "rooms $*: not one error line"
}
expect_fail --type caves
expect_fail --levels 0
expect_fail --json /nonexistent/x.json

finish

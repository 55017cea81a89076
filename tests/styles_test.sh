#!/bin/sh
# styles_test.sh DRLSIM - level styles and the standard episode (docs/rules.md
# G75-G77, H5-H7): --style on every command that generates (a bad value is
# one line and exit status 2), run --episode (only the episode's random
# dlevels, none of the scripted 1, 8, 16, 24, 25), and the Deimos rule of
# game-0.9.9.7 (no room list on normal levels at dlevels 9-15, a room list at
# 2-7 and 17-23 and under game-0.10.10b).
case $1 in /*) drlsim=$1 ;; *) drlsim=$(pwd)/$1 ;; esac
. "$(dirname "$0")/harness.sh"

# one line on stderr, nothing on stdout
one_line() {
    if [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -s "$tmp/out" ]; then ok; else
        ko "$1: not one line on stderr: $(head -3 "$tmp/err")"; fi
}
# stderr holds TEXT
says() {
    if grep -q -- "$2" "$tmp/err"; then ok; else ko "$1: stderr lacks '$2': $(cat "$tmp/err")"; fi
}

# ---- --style: bad values -------------------------------------------------
G="--rules game-0.9.9.7"
for cmd in "gen $G" "run $G --levels 10" "check $G --only deimos" "rooms $G" \
    "bench $G --seconds 0.01 --reps 1" "wiki $G --levels 10" "errata $G --only x"; do
    # shellcheck disable=SC2086
    expect 2 $cmd --style 9
    one_line "$cmd --style 9"
    says "$cmd --style 9" "no style 9 (its styles: 1, 2, 3, 4, 5, 6, 7)"
    # shellcheck disable=SC2086
    expect 2 $cmd --style x
    one_line "$cmd --style x"
    # shellcheck disable=SC2086
    expect 2 $cmd --style 0
    one_line "$cmd --style 0"
done
expect 2 changes wiki-0.9.9.3 game-0.9.9.7 --levels 10 --style 12
one_line "changes --style 12"
expect 2 changes wiki-0.9.9.3 wiki-0.9.9.3 --levels 10 --style 1
says "changes of two rulesets without styles" "has no styles"
# the wiki ruleset has no styles
for cmd in "gen" "run --levels 10" "rooms" "check --only x"; do
    # shellcheck disable=SC2086
    expect 2 $cmd --style 1
    one_line "$cmd --style 1 (wiki)"
    says "$cmd --style 1 (wiki)" "wiki-0.9.9.3 has no styles"
done
expect 2 gen --rules game-0.10.10b --style 13
says "game-0.10.10b --style 13" "its styles: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"
expect 0 gen --rules game-0.10.10b --style 12 --type normal --dlevel 10

# ---- run --episode -----------------------------------------------------
for rules in game-0.9.9.7 game-0.10.10b; do
    expect 0 run --rules "$rules" --episode --levels 2000 --seed 4 --out "$tmp/ep.json" --progress never
    if python3 - "$tmp/ep.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
random = list(range(2, 8)) + list(range(9, 16)) + list(range(17, 24))
seen = sorted({s["dlevel"] for s in d["strata"]})
levels = {}
for s in d["strata"]:
    levels[s["dlevel"]] = levels.get(s["dlevel"], 0) + s["levels"]
# the twenty random dlevels, each 2000 / 20 levels, no scripted one
ok = seen == random and set(levels.values()) == {100} and d["params"]["dlevel_list"] == random
ok = ok and d["params"]["dlevels"] == [2, 23] and not {1, 8, 16, 24, 25} & set(seen)
sys.exit(0 if ok else 1)
EOF
    then ok; else ko "$rules run --episode: not exactly the random dlevels 2-7, 9-15, 17-23"; fi
done
expect 2 run --episode --levels 10
one_line "wiki run --episode"
expect 2 run --rules game-0.9.9.7 --episode --dlevels 2-5 --levels 10
one_line "run --episode --dlevels"
# a resumed and a merged --episode job are the whole job's report
expect 0 run $G --episode --levels 3000 --seed 2 --out "$tmp/w.json" --progress never
expect 0 run $G --episode --levels 3000 --seed 2 --ranges 0-1000 --out "$tmp/p.json" --progress never
expect 0 run --resume "$tmp/p.json" --out "$tmp/r.json" --progress never
if cmp -s "$tmp/w.json" "$tmp/r.json"; then ok; else ko "run --resume of an --episode job differs"; fi
expect 0 run $G --episode --levels 3000 --seed 2 --shard 0/2 --out "$tmp/s0.json" --progress never
expect 0 run $G --episode --levels 3000 --seed 2 --shard 1/2 --out "$tmp/s1.json" --progress never
expect 0 merge "$tmp/s0.json" "$tmp/s1.json" --out "$tmp/m.json"
if cmp -s "$tmp/w.json" "$tmp/m.json"; then ok; else ko "merge of an --episode job's shards differs"; fi
# a shard of another job (no --episode) does not merge with it
expect 0 run $G --dlevels 2-23 --levels 3000 --seed 2 --shard 1/2 --out "$tmp/x1.json" --progress never
expect 2 merge "$tmp/s0.json" "$tmp/x1.json" --out "$tmp/bad.json"

# ---- the Deimos rule (G77) --------------------------------------------
# rooms: the entries of the room list; special_per_level: special rooms set up;
# style: the level's style id.  ARGS... -> "rooms_mean special_mean styles"
stats() {
    "$drlsim" run --type normal --levels 700 --seed 5 --progress never --out "$tmp/s.json" "$@" \
        2>"$tmp/err" || { ko "run $*: $(cat "$tmp/err")"; echo "x x x"; return; }
    python3 - "$tmp/s.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
styles = sorted({k for st in d["strata"] for k in st["histograms"].get("style", {})})
print(s["rooms"]["mean"], s["special_per_level"]["mean"], ",".join(styles) or "-")
EOF
}
is() { # WHAT GOT WANT
    if [ "$2" = "$3" ]; then ok; else ko "$1: got '$2', want '$3'"; fi
}
nonzero() { # WHAT "ROOMS SPECIAL STYLES" STYLES: both means above 0 and those styles
    set -- "$1" $2 "$3"
    if awk "BEGIN { exit !($2 > 0 && $3 > 0) }" && [ "$4" = "$5" ]; then ok; else
        ko "$1: rooms $2, special rooms $3, styles $4 (want both above 0, styles $5)"; fi
}
is "game-0.9.9.7 normal at 9-15" "$(stats $G --dlevels 9-15)" "0 0 2"
nonzero "game-0.9.9.7 normal at 2-7" "$(stats $G --dlevels 2-7)" 1
nonzero "game-0.9.9.7 normal at 17-23" "$(stats $G --dlevels 17-23)" 3
nonzero "game-0.9.9.7 normal at 9-15 in style 1" "$(stats $G --dlevels 9-15 --style 1)" 1
is "game-0.9.9.7 normal at 5 in style 2" "$(stats $G --dlevel 5 --style 2)" "0 0 2"
nonzero "game-0.9.9.7 beyond the episode" "$(stats $G --dlevel 30)" -
nonzero "game-0.10.10b normal at 9-15 (H7)" "$(stats --rules game-0.10.10b --dlevels 9-15)" 2,6
nonzero "wiki normal at 9-15 (no styles)" "$(stats --dlevels 9-15)" -
# single levels read their rooms with the same reader
expect 0 run $G --type single --dlevel 20 --style 2 --levels 300 --out "$tmp/sg.json" --progress never
if python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; sys.exit(s['rooms']['mean'] != 0)" "$tmp/sg.json"
then ok; else ko "a single level in style 2 lists rooms"; fi
# gen and rooms agree: a Deimos-style layout lists no room
expect 0 gen $G --type normal --dlevel 12 --seed 3
if tail -1 "$tmp/out" | grep -q "rooms 0, rooms>=4 0"; then ok; else ko "gen at dlevel 12: $(tail -1 "$tmp/out")"; fi
expect 0 gen $G --type normal --dlevel 12 --seed 3 --style 1
if tail -1 "$tmp/out" | grep -q "rooms 0,"; then ko "gen at dlevel 12 in style 1 lists no room"; else ok; fi
expect 0 rooms $G --dlevel 12 --levels 200 --json "$tmp/rooms.json"
if python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if '\"mean\": 0' in json.dumps(d) else 1)" "$tmp/rooms.json"
then ok; else ko "rooms at dlevel 12 under game-0.9.9.7: a room list"; fi
finish

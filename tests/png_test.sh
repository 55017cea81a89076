#!/bin/sh
# png_test.sh DRLSIM - `drlsim gen --png`: good pictures, bad paths, bad tiles.
#  - a picture is a PNG (signature, IHDR size 78*tile wide), reproducible byte
#    for byte, and leaves the text output unchanged; `--png -` writes the PNG
#    to stdout instead of the text;
#  - bad paths (missing directory, a directory, a FIFO, empty name) and bad
#    --tile values give one line on stderr, exit status 2 and no file.
drlsim=$1
. "$(dirname "$0")/harness.sh"

# png_size FILE: "WIDTH HEIGHT" from the IHDR chunk, or nothing if not a PNG
png_size() {
    python3 - "$1" <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read(24)
if b[:8] == b"\x89PNG\r\n\x1a\n" and b[12:16] == b"IHDR":
    print(*struct.unpack(">II", b[16:24]))
PY
}

# expect_fail NEEDLE ARGS... : status 2 (bad usage; expect_unwritable: 3, the
# picture cannot be written there), one stderr line naming the problem,
# nothing left in $tmp/out (no picture, no temporary file)
expect_fail() { expect_status_of 2 "$@"; }
expect_unwritable() { expect_status_of 3 "$@"; }
expect_status_of() {
    want=$1; needle=$2; shift 2
    rm -rf "$tmp/out" && mkdir "$tmp/out"
    "$drlsim" gen --type normal --seed 1 "$@" >"$tmp/stdout" 2>"$tmp/err"
    got=$?
    if [ "$got" != "$want" ]; then ko "gen $* exited $got, want $want"; return; fi
    if ! grep -q -- "$needle" "$tmp/err"; then ko "gen $*: stderr lacks '$needle': $(cat "$tmp/err")"; return; fi
    if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then ko "gen $*: error is not one line"; return; fi
    if [ -s "$tmp/stdout" ]; then ko "gen $*: printed on stdout"; return; fi
    if [ -n "$(ls -A "$tmp/out")" ]; then ko "gen $*: left $(ls -A "$tmp/out")"; return; fi
    ok
}

expect_unwritable "cannot write in" --png "$tmp/out/missing/level.png"
expect_unwritable "is a directory" --png "$tmp/out"
expect_fail "empty file name" --png ""
expect_fail "out of range 4..48" --png "$tmp/out/level.png" --tile 3
expect_fail "out of range 4..48" --png "$tmp/out/level.png" --tile 49
expect_fail "out of range 4..48" --png "$tmp/out/level.png" --tile 0
expect_fail "not an integer" --png "$tmp/out/level.png" --tile 12px
expect_fail "--tile needs --png" --tile 12

# A good picture: size, determinism, text output unchanged.
args="--type normal --seed 42 --dlevel 12 --color never"
# shellcheck disable=SC2086
"$drlsim" gen $args >"$tmp/plain.txt" || ko "gen without --png"
for tile in 4 12 48; do
    # shellcheck disable=SC2086
    "$drlsim" gen $args --png "$tmp/t$tile.png" --tile $tile >"$tmp/with.txt" 2>"$tmp/err" \
        || ko "gen --png --tile $tile failed: $(cat "$tmp/err")"
    size=$(png_size "$tmp/t$tile.png")
    w=${size% *}
    h=${size#* }
    if [ "$w" = $((78 * tile)) ] && [ "$h" -gt $((20 * tile)) ]; then ok
    else ko "tile $tile: picture is '$size', want $((78 * tile)) wide and over $((20 * tile)) high"; fi
    if cmp -s "$tmp/plain.txt" "$tmp/with.txt" && [ ! -s "$tmp/err" ]; then ok
    else ko "tile $tile: --png changed the text output"; fi
done
# shellcheck disable=SC2086
"$drlsim" gen $args --png "$tmp/again.png" --tile 12 >/dev/null
if cmp -s "$tmp/t12.png" "$tmp/again.png"; then ok; else ko "the picture is not reproducible"; fi
# shellcheck disable=SC2086
"$drlsim" gen $args --png "$tmp/default.png" >/dev/null
if cmp -s "$tmp/t12.png" "$tmp/default.png"; then ok; else ko "the default tile is not 12"; fi
# shellcheck disable=SC2086
"$drlsim" gen $args --png - >"$tmp/stdout.png"
if cmp -s "$tmp/t12.png" "$tmp/stdout.png"; then ok; else ko "--png - differs from the file"; fi
if ls -A "$tmp" | grep -q drlsim-tmp; then ko "temporary file left behind"; else ok; fi
# An existing picture is replaced whole.
printf 'old' >"$tmp/old.png"
# shellcheck disable=SC2086
"$drlsim" gen $args --png "$tmp/old.png" >/dev/null
if cmp -s "$tmp/t12.png" "$tmp/old.png"; then ok; else ko "an existing file was not replaced"; fi
"$drlsim" gen --help | grep -q -- "--tile" && ok || ko "gen --help lacks --tile"

finish

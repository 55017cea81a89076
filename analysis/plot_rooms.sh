#!/bin/sh
# plot_rooms.sh ROOMS.json OUTDIR - plots of a `drlsim rooms --json` table:
#   OUTDIR/rooms_per_layout.png  the distribution of rooms per layout
#   OUTDIR/room_sizes.png        the distributions of room width and height
# Needs gnuplot (Debian: gnuplot-nox) and python3.
set -eu
json=$1
out=$2
mkdir -p "$out"
python3 - "$json" "$out" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
out = sys.argv[2]
def dump(key, name):
    d = t[key]["distribution"]
    n = sum(d.values())
    with open(f"{out}/{name}.dat", "w") as f:
        for k in sorted(d, key=int):
            f.write(f"{k} {d[k]} {d[k] / n}\n")
dump("rooms_per_layout", "rooms")
dump("room_width", "width")
dump("room_height", "height")
with open(f"{out}/title.txt", "w") as f:
    f.write(f"{t['type']} layout, {t['levels']} layouts, seed {t['seed']}")
PY
title=$(cat "$out/title.txt")
gnuplot <<GP
set terminal pngcairo size 900,500 font "sans,11"
set style fill solid 0.7 border -1
set boxwidth 0.8
set grid ytics
set output "$out/rooms_per_layout.png"
set title "Rooms per layout: $title"
set xlabel "rooms in the room list"
set ylabel "share of layouts"
plot "$out/rooms.dat" using 1:3 with boxes lc rgb "#4a7ab0" notitle
set output "$out/room_sizes.png"
set title "Room sizes (walls included): $title"
set xlabel "cells"
set ylabel "share of rooms"
set boxwidth 0.4
plot "$out/width.dat" using (\$1-0.2):3 with boxes lc rgb "#4a7ab0" title "width", \
     "$out/height.dat" using (\$1+0.2):3 with boxes lc rgb "#c0504d" title "height"
GP
rm -f "$out/rooms.dat" "$out/width.dat" "$out/height.dat" "$out/title.txt"
echo "wrote $out/rooms_per_layout.png and $out/room_sizes.png"

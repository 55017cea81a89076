#!/bin/sh
# expressive_range.sh CATALOG.csv OUTDIR - the expressive range of the
# generator (Smith & Whitehead 2010, "Analyzing the expressive range of a
# level generator"): for each ruleset and level type of a `drlsim catalog
# --csv` file, 2-D histograms of pairs of the catalogue's metrics drawn as
# heatmaps, and OUTDIR/index.html showing them:
#   open_share vs rooms          how open a level is against how many rooms
#   path vs danger_placed        the start-to-stairs walk against the danger
#   fluid_share vs reach_share   how wet a level is against how connected
# Each heatmap's cells count the levels (the colour: the share of the
# ruleset and type's levels, log scale), its bins fixed per pair so that
# heatmaps of the same pair compare across types and rulesets.  Also writes
# OUTDIR/RULESET_TYPE_PAIR.dat (x y count per non-empty bin) for other tools.
# Needs gnuplot (Debian: gnuplot-nox) and python3.
#   drlsim catalog --rules game-0.9.9.7 --levels 200000 --dlevels 1-25 --csv --out c.csv
#   analysis/expressive_range.sh c.csv er/
set -eu
csv=$1
out=$2
command -v gnuplot >/dev/null || { echo "expressive_range.sh: gnuplot is not installed" >&2; exit 2; }
mkdir -p "$out"
python3 - "$csv" "$out" <<'PY'
import collections, csv, html, math, os, sys
src, out = sys.argv[1], sys.argv[2]
# (x column, y column, x bin width, x range, y bin width, y range, title)
PAIRS = [
    ("rooms", "open_share", 1, (0, 40), 0.02, (0, 1), "open-floor share vs rooms"),
    ("danger_placed", "path", 5, (0, 200), 5, (-5, 200), "start-to-stairs path vs danger placed"),
    ("reach_share", "fluid_share", 0.02, (0, 1.02), 0.02, (0, 0.6), "fluid share vs reachable share"),
]
hist = collections.defaultdict(collections.Counter)   # (ruleset, type, pair) -> bins
levels = collections.Counter()                       # (ruleset, type) -> rows
with open(src) as f:
    for r in csv.DictReader(f):
        key = (r["ruleset"], r["type"])
        levels[key] += 1
        for k, (xc, yc, xw, xr, yw, yr, _) in enumerate(PAIRS):
            x = min(max(float(r[xc]), xr[0]), xr[1] - xw / 2)   # clamp into the range
            y = min(max(float(r[yc]), yr[0]), yr[1] - yw / 2)
            hist[key + (k,)][(math.floor((x - xr[0]) / xw), math.floor((y - yr[0]) / yw))] += 1
if not levels:
    sys.exit("expressive_range.sh: no rows in " + src)
plots = []
for (ruleset, typ, k), bins in sorted(hist.items()):
    xc, yc, xw, xr, yw, yr, title = PAIRS[k]
    n = levels[(ruleset, typ)]
    name = f"{ruleset}_{typ}_{xc}_{yc}".replace("/", "-")
    with open(os.path.join(out, name + ".dat"), "w") as f:
        f.write(f"# {ruleset} {typ}: {xc} (bin {xw}) vs {yc} (bin {yw}), {n} levels\n")
        f.write(f"# {xc}_lo {yc}_lo count share\n")
        for (i, j), c in sorted(bins.items()):
            f.write(f"{xr[0] + i * xw:g} {yr[0] + j * yw:g} {c} {c / n:.6g}\n")
    plots.append((ruleset, typ, k, name, n))
with open(os.path.join(out, "plots.txt"), "w") as f:
    for ruleset, typ, k, name, n in plots:
        xc, yc, xw, xr, yw, yr, title = PAIRS[k]
        f.write(f"{name}\t{xc}\t{yc}\t{xw}\t{yw}\t{xr[0]}\t{xr[1]}\t{yr[0]}\t{yr[1]}\t"
                f"{ruleset} {typ}: {title} ({n} levels)\n")
with open(os.path.join(out, "index.html"), "w") as f:
    f.write("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<title>drlsim: expressive range</title>\n<style>body{font-family:sans-serif}"
            "img{width:420px;margin:4px}</style></head><body>\n"
            f"<h1>Expressive range of {html.escape(os.path.basename(src))}</h1>\n"
            "<p>Each heatmap counts the levels of one ruleset and type by two metrics of "
            "the catalogue (docs/catalog.md); the colour is the share of those levels "
            "in the bin, on a log scale.</p>\n")
    for ruleset in sorted({p[0] for p in plots}):
        for typ in sorted({p[1] for p in plots if p[0] == ruleset}):
            n = levels[(ruleset, typ)]
            f.write(f"<h2>{html.escape(ruleset)}: {html.escape(typ)} ({n} levels)</h2>\n<p>")
            for p in plots:
                if p[0] == ruleset and p[1] == typ:
                    f.write(f"<img src=\"{html.escape(p[3])}.png\" alt=\"{html.escape(PAIRS[p[2]][6])}\">")
            f.write("</p>\n")
    f.write("</body></html>\n")
PY
# one heatmap per line of plots.txt
tab=$(printf '\t')
while IFS="$tab" read -r name xc yc xw yw x0 x1 y0 y1 title; do
    gnuplot <<GP
set terminal pngcairo size 640,480 font "sans,10" noenhanced
set output "$out/$name.png"
set title "$title"
set xlabel "$xc"
set ylabel "$yc"
set xrange [$x0:$x1]
set yrange [$y0:$y1]
set logscale cb
set cblabel "share of the levels"
set palette defined (0 "#fff7bc", 1 "#fec44f", 2 "#d95f0e", 3 "#7f0000")
unset key
plot "$out/$name.dat" using (\$1 + $xw / 2.0):(\$2 + $yw / 2.0):($xw / 2.0):($yw / 2.0):4 \
     with boxxyerror fill solid 1.0 noborder lc palette
GP
done <"$out/plots.txt"
rm -f "$out/plots.txt"
echo "expressive_range.sh: $out/index.html"

# family_plot.gp - expected vs observed shares for one family of checks.
#
# `drlsim check --html` prepends the definitions below and runs gnuplot on the
# result, embedding the SVG it prints in the report:
#   npanels          number of panels, one above the other
#   array titles[n]  panel titles
#   width, height    picture size in pixels
#   $DATA            one index block per panel (blocks separated by two blank
#                    lines), rows: label expected observed lo hi
# Expected shares are bars, observed shares points with their 95% interval.
set terminal svg size width, height dynamic font "sans,10" background rgb "white"
set multiplot layout npanels, 1
set style fill solid 0.45 border -1
set boxwidth 0.6
set grid ytics lc rgb "#dddddd"
set key top right opaque
set ylabel "share"
set offsets 0.5, 0.5, 0, 0
do for [i=1:npanels] {
    set title titles[i] noenhanced
    set yrange [0:*]
    set xtics rotate by -25 noenhanced
    plot $DATA index (i-1) using 0:2:xtic(1) with boxes lc rgb "#7f9fbf" title "expected", \
         '' index (i-1) using 0:3:4:5 with yerrorbars pt 7 ps 0.6 lc rgb "#c0392b" title "observed (95%)"
}
unset multiplot

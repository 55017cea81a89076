# family_plot.gp - one family of checks as one picture, for `drlsim check --html`.
#
# report_html.c prepends the definitions below and runs gnuplot on the result,
# embedding the SVG it prints in the page.  Pixel positions come from C, which
# knows the labels' lengths; this file only says how each kind of panel looks.
#   W, H              picture size in pixels
#   N                 number of panels
#   kind[i]           1 shares: one row per check, its observed share with the
#                       95% interval against the expected share (proportions,
#                       and exact checks of a named value: the share that has it)
#                     2 values: one row per check of one quantity, in its own
#                       unit: the observed values' min..max against the
#                       expected value or range (exact and range checks)
#                     3 a distribution over numbered bins: expected share per
#                       bin as a bar, the observed share as a dot with its 95%
#                       interval; 4 the same over named bins, one row per bin
#   title[i]          the panel's title, from x = TX[i]; tcolor[i] its colour
#                     (by verdict)
#   xlabel[i]         the x axis' label
#   L[i] R[i] T[i] B[i]  the plot area, in pixels from the left and the top
#   xmin[i] xmax[i]   x range (kinds 1, 2, 4); ymax[i] y range (kind 3)
#   xstep[i]          kind 2: distance between x tics
#   rows[i]           rows (kinds 1, 2) or bins (kind 3)
#   $DATA             one index block per panel, blocks separated by two blank
#                     lines; NaN where a check was not run
#     kinds 1, 2: label exp_lo exp_hi obs lo hi band text
#                 (kind 2: lo..hi the observed min..max, obs unused; band the
#                 row's background by verdict; text printed right of the row)
#     kinds 3, 4: bin expected observed lo hi
set terminal svg size W, H font "sans,11" background rgb "white"
fw = W * 1.0
fh = H * 1.0
set encoding utf8
set termoption noenhanced
EXP_FILL = "#9dbcdc"
EXP_LINE = "#2f6497"
OBS = "#1a1a1a"
set multiplot
do for [i=1:N] {
    unset label
    unset key
    unset grid
    unset xlabel
    unset xtics
    unset ytics
    unset x2tics
    unset y2tics
    set border 3 lc rgb "#666666"
    set lmargin at screen L[i]/fw
    set rmargin at screen R[i]/fw
    set tmargin at screen 1 - T[i]/fh
    set bmargin at screen 1 - B[i]/fh
    set label 1 title[i] at screen TX[i]/fw, 1 - (T[i] - 30.0)/fh left front tc rgb tcolor[i]
    set key at screen R[i]/fw, 1 - (T[i] - 4.0)/fh right bottom horizontal samplen 2 maxrows 1 noopaque
    if (kind[i] < 3) {
        # Rows: the first check at the top; the band by verdict spans the row.
        set border 15 lc rgb "#666666"
        set yrange [rows[i] - 0.5 : -0.5]
        set xrange [xmin[i] : xmax[i]]
        set ytics scale 0 nomirror
        set xtics nomirror out scale 0.5
        set grid xtics lc rgb "#e2e2e2" lw 1
        set xlabel xlabel[i] offset 0, 0.3
        dx = (xmax[i] - xmin[i]) * 0.0025
        if (kind[i] == 1) {
            set xtics 0, 0.1, 1 format "%.1f"
            plot $DATA index (i-1) using (xmin[i]):0:(xmin[i]):(xmax[i]):($0-0.5):($0+0.5):7:ytic(1) \
                     with boxxyerror fs solid 1.0 noborder lc rgb variable notitle, \
                 '' index (i-1) using 2:0:($2-dx):($3+dx):($0-0.36):($0+0.36) \
                     with boxxyerror fs solid 0.5 border lc rgb EXP_LINE lc rgb EXP_FILL \
                     title "expected share", \
                 '' index (i-1) using 4:0:5:6 with xerrorbars pt 7 ps 0.75 lw 1.5 lc rgb OBS \
                     title "observed, 95% interval", \
                 '' index (i-1) using (xmax[i]):0:8 with labels left offset char 1, 0 notitle
        } else {
            set xtics xstep[i] format "%g"
            plot $DATA index (i-1) using (xmin[i]):0:(xmin[i]):(xmax[i]):($0-0.5):($0+0.5):7:ytic(1) \
                     with boxxyerror fs solid 1.0 noborder lc rgb variable notitle, \
                 '' index (i-1) using 2:0:($2-dx):($3+dx):($0-0.36):($0+0.36) \
                     with boxxyerror fs solid 0.5 border lc rgb EXP_LINE lc rgb EXP_FILL \
                     title "expected value or range", \
                 '' index (i-1) using 5:0:($6-$5):(0) with vectors nohead lw 3 lc rgb OBS \
                     title "observed min..max", \
                 '' index (i-1) using 5:0 with points pt 7 ps 0.75 lc rgb OBS notitle, \
                 '' index (i-1) using 6:0 with points pt 7 ps 0.75 lc rgb OBS notitle, \
                 '' index (i-1) using (xmax[i]):0:8 with labels left offset char 1, 0 notitle
        }
    }
    if (kind[i] == 4) {
        set border 15 lc rgb "#666666"
        set yrange [rows[i] - 0.5 : -0.5]
        set xrange [xmin[i] : xmax[i]]
        set ytics scale 0 nomirror
        set xtics nomirror out scale 0.5 autofreq format "%g"
        set grid xtics lc rgb "#e2e2e2" lw 1
        set xlabel xlabel[i] offset 0, 0.3
        plot $DATA index (i-1) using (0):0:(0):2:($0-0.32):($0+0.32):ytic(1) with boxxyerror \
                 fs solid 0.5 border lc rgb EXP_LINE lc rgb EXP_FILL title "expected share", \
             '' index (i-1) using 3:0:4:5 with xerrorbars pt 7 ps 0.75 lw 1.5 lc rgb OBS \
                 title "observed, 95% interval"
    }
    if (kind[i] == 3) {
        set xrange [-0.6 : rows[i] - 0.4]
        set yrange [0 : ymax[i]]
        set ytics nomirror out scale 0.5
        set grid ytics lc rgb "#e2e2e2" lw 1
        set xtics nomirror scale 0 norotate
        set boxwidth 0.62
        plot $DATA index (i-1) using 0:2:xtic(1) with boxes fs solid 0.5 border lc rgb EXP_LINE \
                 lc rgb EXP_FILL title "expected share", \
             '' index (i-1) using 0:3:4:5 with yerrorbars pt 7 ps 0.75 lw 1.5 lc rgb OBS \
                 title "observed, 95% interval"
    }
}
unset multiplot

/* report_csv.c - see report_csv.h.
 *
 * The JSON report nests counts as strata -> histograms -> bins; a data frame
 * wants them long and flat, one observation a row.  Each histogram gets its
 * own file because counts and moments have different columns, and so that
 * `pandas.read_csv(DIR + "/river_orientation.csv")` is all a reader needs.
 * Rows are exactly the non-empty bins the JSON lists, so the two agree count
 * for count.
 */
#include "report_csv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

void csv_field(strbuf_t *b, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        sb_puts(b, s);
        return;
    }
    sb_put(b, "\"", 1);
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            sb_put(b, "\"", 1);
        sb_put(b, p, 1);
    }
    sb_put(b, "\"", 1);
}

int report_csv_prepare(const char *dir)
{
    struct stat st;
    int err;
    if (stat(dir, &st) != 0) {
        /* Made when written (outfile_mkdir): here only its parent is tried. */
        char parent[4200];
        err = errno;
        if (err == ENOENT && snprintf(parent, sizeof parent, "%s", dir) < (int)sizeof parent) {
            char *slash = strrchr(parent, '/');
            if (slash == parent)
                slash[1] = '\0';
            else if (slash)
                *slash = '\0';
            else
                snprintf(parent, sizeof parent, ".");
            err = outfile_probe_dir(parent);
        }
        if (err) {
            fprintf(stderr, "drlsim: %s: cannot make the CSV directory: %s\n", dir,
                    strerror(err));
            return OUTFILE_CANNOT;
        }
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) {
        fprintf(stderr, "drlsim: %s: is not a directory (--csv takes one)\n", dir);
        return OUTFILE_CANNOT;
    }
    if ((err = outfile_probe_dir(dir)) != 0) {
        fprintf(stderr, "drlsim: %s: cannot write in it: %s\n", dir, strerror(err));
        return OUTFILE_CANNOT;
    }
    return 0;
}

/* The CSV text of histogram h: a header, then one row per non-empty bin of
 * every non-empty stratum (dlevel ascending, types in their order). */
static void hist_csv(strbuf_t *b, const tally_t *t, const tally_names_t *names, int h)
{
    const hist_def_t *d = &TALLY_HISTS[h];
    bool moments = d->kind == HIST_MOMENTS;
    sb_puts(b, moments ? "dlevel,type,n,sum,sumsq,min,max\n" : "dlevel,type,bin,count\n");
    char lbl[32];
    for (int dl = t->dlevel_lo; dl <= t->dlevel_hi; dl++) {
        for (int ty = 0; ty < LT__COUNT; ty++) {
            if (!tally_levels(t, dl, dl, 1u << ty))
                continue;
            const uint64_t *s = tally_stratum(t, dl, (level_type_t)ty, h);
            const char *tn = level_type_name((level_type_t)ty);
            if (moments) {
                if (s[MOM_N])
                    sb_printf(b, "%d,%s,%llu,%llu,%llu,%llu,%llu\n", dl, tn,
                              (unsigned long long)s[MOM_N], (unsigned long long)s[MOM_SUM],
                              (unsigned long long)s[MOM_SUMSQ], (unsigned long long)s[MOM_MIN],
                              (unsigned long long)s[MOM_MAX]);
                continue;
            }
            for (int bin = 0; bin < d->nbins; bin++) {
                if (!s[bin])
                    continue;
                sb_printf(b, "%d,%s,", dl, tn);
                csv_field(b, tally_bin_label(names, h, bin, lbl, sizeof lbl));
                sb_printf(b, ",%llu\n", (unsigned long long)s[bin]);
            }
        }
    }
}

int report_csv_write(const char *dir, const tally_t *t, const tally_names_t *names)
{
    if (outfile_mkdir(dir) != 0) /* made here unless the caller made it */
        return -1;
    for (int h = 0; h < TALLY_NHISTS; h++) {
        strbuf_t b = {0};
        hist_csv(&b, t, names, h);
        size_t n = strlen(dir) + strlen(TALLY_HISTS[h].name) + 8;
        char *path = malloc(n);
        if (b.oom || !path) {
            fprintf(stderr, "drlsim: out of memory writing the CSV files in %s\n", dir);
            free(b.s);
            free(path);
            return -1;
        }
        snprintf(path, n, "%s/%s.csv", dir, TALLY_HISTS[h].name);
        int rc = outfile_write(path, b.s, b.len);
        free(path);
        free(b.s);
        if (rc != 0)
            return -1;
    }
    return 0;
}

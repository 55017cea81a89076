/* report_html.c - see report_html.h; the page is described in docs/report.md.
 *
 * The page is built in memory and written atomically.  Each family gets a
 * <details> block: its checks' table, then one picture.  The picture comes
 * from gnuplot: this file lays the panels out (it knows the labels' lengths)
 * and writes their numbers as an inline data block; analysis/family_plot.gp
 * (embedded at build time) says how each kind of panel is drawn, and the SVG
 * gnuplot prints goes into the page with its ids made unique.
 *
 * Every check is drawn as what it is, in the quantity's own unit:
 *  - a share row (proportions; exact checks of a named value, as the share
 *    that has it): observed share and 95% interval against the expected share;
 *  - a value row (exact and range checks of a number, one panel per
 *    quantity): the observed min..max against the expected value or range;
 *  - a distribution: expected share per bin as a bar, observed share as a dot
 *    with its 95% interval (bins on the y axis when they have names).
 * Checks not run (interrupted: NOTRUN) are grey rows; checks left out (SKIP)
 * are not drawn.  Nothing on the page depends on the thread count; only the
 * date and the run time (lines of class "when") differ between runs.
 */
#include "report_html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "data.h"
#include "outfile.h"
#include "strbuf.h"
#include "tally.h"

#ifndef DRLSIM_VERSION
#define DRLSIM_VERSION "dev"
#endif

/* Picture geometry, in pixels (gnuplot's sans at 11 points). */
#define FIG_W 1160       /* picture width */
#define CHAR_PX 6.8      /* a generous average character width */
#define ROW_PX 20        /* one check, or one named bin, per row */
#define HEAD_PX 46       /* title line and key line above a plot area */
#define XAXIS_PX 44      /* x tick labels and the x label below a plot area */
#define GAP_PX 18        /* between panels */
#define BARS_PX 150      /* plot height of a distribution over numbered bins */
#define WIDE_BINS 16     /* more numbered bins than this: a full-width panel */
#define MAX_FAMILIES 256

/* ---- reading the results ---- */

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(it) ? it->valuestring : "";
}

static double num(const cJSON *o, const char *k)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(it) ? it->valuedouble : NAN;
}

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

static bool pair_of(const cJSON *a, double *x, double *y)
{
    const cJSON *p = cJSON_GetArrayItem(a, 0), *q = cJSON_GetArrayItem(a, 1);
    if (!cJSON_IsArray(a) || !cJSON_IsNumber(p) || !cJSON_IsNumber(q))
        return false;
    *x = p->valuedouble;
    *y = q->valuedouble;
    return true;
}

/* A whole string as a number ("16", "-3"); false for a name ("water"). */
static bool numeric(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return *s && *end == '\0' && isfinite(*v);
}

static bool is(const cJSON *c, const char *verdict)
{
    return strcmp(str(c, "verdict"), verdict) == 0;
}

static const char *const VERDICTS[] = {"PASS", "FAIL", "XFAIL", "XPASS", "NOTRUN", "SKIP"};
#define NVERDICTS 6

static int verdict_index(const cJSON *c)
{
    for (int v = 0; v < NVERDICTS; v++)
        if (is(c, VERDICTS[v]))
            return v;
    return 0;
}


/* Left out by --only or disabled: not part of this run, not drawn. */
static bool skipped(const cJSON *c)
{
    return is(c, "SKIP");
}

/* The run stopped before the check's sample: drawn grey, never failed. */
static bool not_run(const cJSON *c)
{
    return is(c, "NOTRUN");
}

typedef enum { ROW_SHARE, ROW_VALUE, ROW_DIST } row_kind_t;

/* The observed values' span of a number check: a value histogram's
 * [min, max], else the smallest and largest bin seen; *outside counts the
 * observations outside [lo, hi] (-1 when unknown). */
static bool value_span(const cJSON *c, double lo, double hi, double *mn, double *mx,
                       double *outside)
{
    *outside = -1;
    if (pair_of(get(c, "observed"), mn, mx))
        return true;
    const cJSON *counts = get(c, "counts"), *b;
    if (!cJSON_IsObject(counts))
        return false;
    bool any = false;
    *outside = 0;
    cJSON_ArrayForEach(b, counts)
    {
        double v;
        if (!numeric(b->string, &v))
            return false;
        if (!cJSON_IsNumber(b) || b->valuedouble <= 0)
            continue;
        if (!any || v < *mn)
            *mn = v;
        if (!any || v > *mx)
            *mx = v;
        any = true;
        if (v < lo || v > hi)
            *outside += b->valuedouble;
    }
    return any;
}

/* How a check is drawn, and its expected value or range [*elo, *ehi]. */
static row_kind_t row_kind(const cJSON *c, double *elo, double *ehi)
{
    const char *test = str(c, "test");
    const cJSON *ex = get(c, "expected");
    *elo = *ehi = 1.0; /* an exact check of a name: all of them have it */
    if (strcmp(test, "distribution") == 0)
        return ROW_DIST;
    if (strcmp(test, "proportion") == 0) {
        *elo = *ehi = cJSON_IsNumber(ex) ? ex->valuedouble : NAN;
        return ROW_SHARE;
    }
    double a, b, mn, mx, out;
    if (cJSON_IsNumber(ex))
        a = b = ex->valuedouble;
    else if (!pair_of(ex, &a, &b))
        return ROW_SHARE;
    /* A number check whose observations are not numbers (no counts yet:
     * not run, or none seen) is still a value row. */
    if (!cJSON_IsNull(get(c, "observed")) && !value_span(c, a, b, &mn, &mx, &out))
        return ROW_SHARE;
    *elo = a;
    *ehi = b;
    return ROW_VALUE;
}

/* ---- verdict colours (the page's CSS uses the same) ---- */

static int band_rgb(const cJSON *c)
{
    if (is(c, "FAIL"))
        return 0xf6c9c6;
    if (is(c, "XFAIL"))
        return 0xfbefc6;
    if (is(c, "XPASS"))
        return 0xf5c26b;
    if (not_run(c) || skipped(c))
        return 0xe6e6e6;
    return 0xffffff;
}

static const char *title_rgb(const cJSON *c)
{
    if (is(c, "FAIL"))
        return "#b00000";
    if (is(c, "XFAIL"))
        return "#806000";
    if (is(c, "XPASS"))
        return "#b35900";
    if (not_run(c) || skipped(c))
        return "#888888";
    return "#222222";
}

/* ---- text helpers ---- */

/* Text into a gnuplot double-quoted string or quoted data field: printable
 * ASCII and UTF-8 pass, double quotes become single ones, controls go. */
static void sb_gq(strbuf_t *b, const char *s)
{
    sb_puts(b, "\"");
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch < 0x20 || ch == 0x7f)
            continue;
        if (ch == '"')
            sb_puts(b, "'");
        else if (ch == '\\')
            sb_puts(b, "\\\\");
        else
            sb_put(b, s, 1);
    }
    sb_puts(b, "\"");
}

static void fmt_num(char *buf, size_t n, double v)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else if (v != 0 && (fabs(v) < 1e-4 || fabs(v) >= 1e6))
        snprintf(buf, n, "%.3g", v);
    else
        snprintf(buf, n, "%.4f", v);
}

/* A value in its own unit: 16, 0.5, 1e+06. */
static void fmt_val(char *buf, size_t n, double v)
{
    snprintf(buf, n, "%.6g", v);
}

/* An id from a name: letters, digits, '-', '_' and '.' kept, the rest '_'. */
static void sb_id(strbuf_t *b, const char *prefix, const char *name)
{
    sb_puts(b, prefix);
    for (const char *s = name; *s; s++) {
        char ch = *s;
        bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.';
        sb_put(b, keep ? s : "_", 1);
    }
}

/* One argument as a POSIX shell would need it to be typed. */
static void sb_shell_arg(strbuf_t *b, const char *a)
{
    bool plain = *a != '\0';
    for (const char *s = a; *s && plain; s++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                       "_-+=./:,@%",
                       *s) != NULL;
    if (plain) {
        sb_html(b, a);
        return;
    }
    sb_puts(b, "'");
    for (const char *s = a; *s; s++) {
        if (*s == '\'')
            sb_puts(b, "'\\''");
        else {
            char one[2] = {*s, 0};
            sb_html(b, one);
        }
    }
    sb_puts(b, "'");
}

/* The text right of a check's row in the picture, and the table's observed
 * and interval cells. */
typedef struct row_text {
    char right[192], observed[96], interval[112];
} row_text_t;

static void describe(const cJSON *c, row_kind_t k, double elo, double ehi, row_text_t *t,
                     const char *const *say)
{
    snprintf(t->interval, sizeof t->interval, "-");
    if (skipped(c)) {
        snprintf(t->right, sizeof t->right, "%s", say[5]);
        snprintf(t->observed, sizeof t->observed, "%s", say[5]);
        return;
    }
    if (not_run(c)) {
        snprintf(t->right, sizeof t->right, "not run");
        snprintf(t->observed, sizeof t->observed, "not run");
        return;
    }
    if (!(num(c, "n") > 0)) {
        snprintf(t->right, sizeof t->right, "no observations");
        snprintf(t->observed, sizeof t->observed, "no observations");
        return;
    }
    double o = num(c, "observed"), lo = NAN, hi = NAN;
    bool iv = pair_of(get(c, "interval"), &lo, &hi);
    char a[32], b[32], d[32];
    if (k == ROW_DIST) {
        if (isnan(num(c, "chi2")))
            snprintf(t->observed, sizeof t->observed, "see the plot (no \xcf\x87\xc2\xb2)");
        else
            snprintf(t->observed, sizeof t->observed, "\xcf\x87\xc2\xb2 = %.4g, %.0f dof",
                     num(c, "chi2"), num(c, "dof"));
        snprintf(t->interval, sizeof t->interval, "per bin: see the plot");
        t->right[0] = '\0';
        return;
    }
    if (k == ROW_SHARE) {
        fmt_num(a, sizeof a, o);
        fmt_num(b, sizeof b, lo);
        fmt_num(d, sizeof d, hi);
        snprintf(t->right, sizeof t->right, "%s [%s, %s]", a, b, d);
        snprintf(t->observed, sizeof t->observed, "%s", a);
        const cJSON *ex = get(c, "expected"), *counts = get(c, "counts");
        if (cJSON_IsString(ex) && cJSON_GetArraySize(counts) == 1 && counts->child &&
            strcmp(counts->child->string, ex->valuestring) == 0)
            snprintf(t->observed, sizeof t->observed, "all %s", ex->valuestring);
        if (iv)
            snprintf(t->interval, sizeof t->interval, "[%s, %s]", b, d);
        return;
    }
    double mn, mx, out;
    if (!value_span(c, elo, ehi, &mn, &mx, &out)) {
        snprintf(t->right, sizeof t->right, "-");
        snprintf(t->observed, sizeof t->observed, "-");
        return;
    }
    fmt_val(a, sizeof a, mn);
    fmt_val(b, sizeof b, mx);
    if (mn == mx)
        snprintf(t->observed, sizeof t->observed, "all %s", a);
    else
        snprintf(t->observed, sizeof t->observed, "%s..%s", a, b);
    if (out > 0)
        snprintf(t->right, sizeof t->right, "%s: %.0f of %.0f outside", t->observed, out,
                 num(c, "n"));
    else
        snprintf(t->right, sizeof t->right, "%s", t->observed);
    if (iv) { /* the share that conforms */
        fmt_num(b, sizeof b, lo);
        fmt_num(d, sizeof d, hi);
        snprintf(t->interval, sizeof t->interval, "conforming: [%s, %s]", b, d);
    }
}

/* ---- the picture of one family ---- */

typedef struct panel {
    int kind;            /* 1 shares, 2 values, 3 bars by number, 4 bars by name */
    int x, y, w, h;      /* the panel's cell in the picture */
    int l, r, t, b;      /* its plot area */
    int tx;              /* where its title starts */
    int rows;
    double xmin, xmax, ymax, xstep; /* xstep 0: gnuplot chooses */
    bool fraction;                  /* a value row holds a non-integer */
    strbuf_t title, xlabel, data;
    const char *tcolor;
} panel_t;

#define MAX_PANELS 512

typedef struct figure {
    panel_t p[MAX_PANELS];
    int n;
} figure_t;

static panel_t *new_panel(figure_t *f, int kind)
{
    if (f->n == MAX_PANELS)
        return NULL;
    panel_t *p = &f->p[f->n++];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->tcolor = "#222222";
    return p;
}

/* One row of a share or value panel. */
static void add_row(panel_t *p, const cJSON *c, row_kind_t k, double elo, double ehi,
                    size_t *lw, size_t *rw, const char *const *say)
{
    row_text_t t;
    describe(c, k, elo, ehi, &t, say);
    double o = NAN, lo = NAN, hi = NAN, out;
    bool ran = !not_run(c) && num(c, "n") > 0;
    if (ran && k == ROW_SHARE) {
        o = num(c, "observed");
        if (!pair_of(get(c, "interval"), &lo, &hi))
            lo = hi = o;
    } else if (ran && !value_span(c, elo, ehi, &lo, &hi, &out)) {
        lo = hi = NAN;
    }
    sb_gq(&p->data, str(c, "name"));
    sb_printf(&p->data, " %.10g %.10g %.10g %.10g %.10g %d ", elo, ehi, o, lo, hi, band_rgb(c));
    sb_gq(&p->data, t.right);
    sb_puts(&p->data, "\n");
    if (p->kind == 1) {
        p->xmin = -0.03;
        p->xmax = 1.03;
    } else {
        double v[4] = {elo, ehi, lo, hi};
        for (int i = 0; i < 4; i++) {
            if (isnan(v[i]))
                continue;
            p->fraction |= v[i] != floor(v[i]);
            if (p->rows == 0 && i == 0)
                p->xmin = p->xmax = v[i];
            p->xmin = fmin(p->xmin, v[i]);
            p->xmax = fmax(p->xmax, v[i]);
        }
    }
    p->rows++;
    size_t nl = strlen(str(c, "name")), nr = strlen(t.right);
    *lw = nl > *lw ? nl : *lw;
    *rw = nr > *rw ? nr : *rw;
}

/* A distribution's panel: its bins in order (the observed object holds every
 * bin expected or seen; before any observation the expected one). */
static void add_distribution(figure_t *f, const cJSON *c, const char *const *say)
{
    const cJSON *ex = get(c, "expected"), *ob = get(c, "observed"), *iv = get(c, "interval");
    const cJSON *bins = cJSON_IsObject(ob) ? ob : ex, *bin;
    if (!cJSON_IsObject(bins) || !cJSON_GetArraySize(bins) || !(num(c, "n") > 0))
        return;
    bool named = false;
    size_t maxlab = 0;
    int nb = 0;
    cJSON_ArrayForEach(bin, bins)
    {
        double v;
        named |= !numeric(bin->string, &v);
        maxlab = strlen(bin->string) > maxlab ? strlen(bin->string) : maxlab;
        nb++;
    }
    panel_t *p = new_panel(f, named ? 4 : 3);
    if (!p)
        return;
    p->rows = nb;
    p->tcolor = title_rgb(c);
    char pv[32], ph[32];
    snprintf(pv, sizeof pv, "%.3g", num(c, "p"));
    snprintf(ph, sizeof ph, "%.3g", num(c, "p_holm"));
    sb_printf(&p->title, "%s %s: n %.0f, ", say[verdict_index(c)], str(c, "name"), num(c, "n"));
    /* Without a chi-square (a bin of expected share 0 was seen, or every
     * level fell in one bin) the title says why instead of a "-". */
    if (isnan(num(c, "chi2")) && *str(c, "reason"))
        sb_gq(&p->title, str(c, "reason"));
    else
        sb_printf(&p->title, "\xcf\x87\xc2\xb2 %.4g, %.0f dof", num(c, "chi2"), num(c, "dof"));
    sb_printf(&p->title, ", p %s (Holm %s)", pv, ph);
    sb_puts(&p->xlabel, "share");
    double top = 0;
    /* Numbered bins thin their labels out to one per ~26 pixels. */
    int every = 1;
    if (!named && nb > WIDE_BINS)
        every = (int)ceil(nb * 26.0 / (FIG_W - 90));
    else if (!named)
        every = (int)ceil(nb * 26.0 / (FIG_W / 2 - 80));
    int i = 0;
    cJSON_ArrayForEach(bin, bins)
    {
        double e = num(ex, bin->string), o = num(ob, bin->string), lo, hi;
        if (isnan(e))
            e = 0; /* seen but not expected: probability 0 */
        if (isnan(o))
            o = 0;
        if (!pair_of(get(iv, bin->string), &lo, &hi))
            lo = hi = o;
        top = fmax(top, fmax(e, hi));
        sb_gq(&p->data, named || i % every == 0 ? bin->string : "");
        sb_printf(&p->data, " %.10g %.10g %.10g %.10g\n", e, o, lo, hi);
        i++;
    }
    /* Room above the highest bar or interval, so nothing sits on the frame. */
    top = top > 0 ? top * 1.12 : 0.05;
    if (named) {
        p->xmin = 0;
        p->xmax = top;
    } else {
        p->ymax = top;
    }
    p->w = named || nb <= WIDE_BINS ? FIG_W / 2 : FIG_W;
    if (named) {
        p->l = (int)(maxlab * CHAR_PX) + 24;
        p->h = HEAD_PX + nb * ROW_PX + XAXIS_PX;
    } else {
        p->l = 58;
        p->h = HEAD_PX + BARS_PX + 30;
    }
}

/* Lay the panels out: row panels span the width; distributions share a
 * line two by two unless they are wide.  Returns the picture's height. */
static int layout(figure_t *f, size_t lw, size_t rw)
{
    int y = 8, lineh = 0;
    int col = 0; /* 0: at a line's start, 1: the left half is taken */
    for (int i = 0; i < f->n; i++) {
        panel_t *p = &f->p[i];
        if (p->kind <= 2) {
            p->w = FIG_W;
            p->l = (int)(lw * CHAR_PX) + 20;
            p->r = FIG_W - (int)(rw * CHAR_PX) - 24;
            p->h = HEAD_PX + p->rows * ROW_PX + XAXIS_PX;
        }
        bool half = p->w < FIG_W;
        if (col == 1 && !half) { /* close the half-full line */
            y += lineh + GAP_PX;
            lineh = 0;
            col = 0;
        }
        p->x = col == 1 ? FIG_W / 2 : 0;
        p->y = y;
        if (p->kind > 2)
            p->r = p->w - 20;
        p->l += p->x;
        p->r += p->x;
        p->t = p->y + HEAD_PX;
        p->tx = p->kind <= 2 ? p->l : p->x + 12;
        p->b = p->y + p->h - (p->kind == 3 ? 30 : XAXIS_PX);
        lineh = p->h > lineh ? p->h : lineh;
        if (half && col == 0) {
            col = 1;
        } else {
            y += lineh + GAP_PX;
            lineh = 0;
            col = 0;
        }
    }
    if (col == 1)
        y += lineh + GAP_PX;
    return y;
}

/* The gnuplot definitions for a family's picture; 0 panels: no picture. */
static int family_script(strbuf_t *g, const cJSON *checks, const char *family,
                         const char *const *say)
{
    figure_t *f = calloc(1, sizeof *f);
    if (!f) {
        g->oom = true;
        return 0;
    }
    size_t lw = 8, rw = 8;
    const cJSON *c;
    /* Shares first, one panel for the family. */
    panel_t *share = NULL;
    cJSON_ArrayForEach(c, checks)
    {
        double elo, ehi;
        if (strcmp(str(c, "family"), family) != 0 || skipped(c) ||
            row_kind(c, &elo, &ehi) != ROW_SHARE)
            continue;
        if (!share && !(share = new_panel(f, 1)))
            break;
        add_row(share, c, ROW_SHARE, elo, ehi, &lw, &rw, say);
    }
    if (share) {
        sb_printf(&share->title, "%s: shares (proportions; exact checks of a named value: the "
                                 "share that has it)", family);
        sb_puts(&share->xlabel, "share");
    }
    /* Values, one panel per quantity (observation), in order of first use. */
    cJSON_ArrayForEach(c, checks)
    {
        double elo, ehi;
        if (strcmp(str(c, "family"), family) != 0 || skipped(c) ||
            row_kind(c, &elo, &ehi) != ROW_VALUE)
            continue;
        const char *obs = str(c, "observation");
        panel_t *p = NULL;
        for (int i = 0; i < f->n && !p; i++)
            if (f->p[i].kind == 2 && strcmp(f->p[i].xlabel.s ? f->p[i].xlabel.s : "", obs) == 0)
                p = &f->p[i];
        if (!p && (p = new_panel(f, 2)) != NULL) {
            sb_puts(&p->xlabel, obs);
            int h = tally_hist_index(obs);
            sb_printf(&p->title, "%s: %s (exact and range checks)", family,
                      h >= 0 ? TALLY_HISTS[h].doc : obs);
        }
        if (p)
            add_row(p, c, ROW_VALUE, elo, ehi, &lw, &rw, say);
    }
    for (int i = 0; i < f->n; i++) {
        panel_t *p = &f->p[i];
        if (p->kind != 2)
            continue;
        /* Pad the range so no value sits on the frame. */
        double pad = fmax((p->xmax - p->xmin) * 0.05, 0.5);
        p->xmin -= pad;
        p->xmax += pad;
        /* Ticks 1, 2 or 5 times a power of ten apart, about ten of them;
         * whole numbers for a count. */
        double raw = (p->xmax - p->xmin) / 10, mag = pow(10, floor(log10(raw)));
        p->xstep = raw <= mag ? mag : raw <= 2 * mag ? 2 * mag : raw <= 5 * mag ? 5 * mag
                                                                                : 10 * mag;
        if (!p->fraction && p->xstep < 1)
            p->xstep = 1;
    }
    cJSON_ArrayForEach(c, checks)
    {
        double elo, ehi;
        if (strcmp(str(c, "family"), family) == 0 && !skipped(c) &&
            row_kind(c, &elo, &ehi) == ROW_DIST)
            add_distribution(f, c, say);
    }
    /* Rows first, then the half-width pictures (two to a line), then the
     * wide ones, each group in the checks' order. */
    panel_t *sorted = malloc((size_t)(f->n ? f->n : 1) * sizeof *sorted);
    if (!sorted) {
        g->oom = true;
    } else {
        int m = 0;
        for (int pass = 0; pass < 3; pass++)
            for (int i = 0; i < f->n; i++) {
                panel_t *p = &f->p[i];
                int rank = p->kind <= 2 ? 0 : p->w < FIG_W ? 1 : 2;
                if (rank == pass)
                    sorted[m++] = *p;
            }
        memcpy(f->p, sorted, (size_t)f->n * sizeof *sorted);
        free(sorted);
    }
    int n = f->n;
    if (n) {
        int height = layout(f, lw > 48 ? 48 : lw, rw > 48 ? 48 : rw);
        sb_printf(g, "W = %d\nH = %d\nN = %d\n", FIG_W, height, n);
        static const char *const ARRAYS[] = {"kind", "title", "tcolor", "xlabel", "TX", "L", "R", "T",
                                             "B", "xmin", "xmax", "ymax", "xstep", "rows"};
        for (size_t a = 0; a < sizeof ARRAYS / sizeof ARRAYS[0]; a++)
            sb_printf(g, "array %s[%d]\n", ARRAYS[a], n);
        for (int i = 0; i < n; i++) {
            panel_t *p = &f->p[i];
            int k = i + 1;
            sb_printf(g, "kind[%d] = %d; TX[%d] = %d; L[%d] = %d; R[%d] = %d; T[%d] = %d; "
                         "B[%d] = %d\n",
                      k, p->kind, k, p->tx, k, p->l, k, p->r, k, p->t, k, p->b);
            sb_printf(g, "xmin[%d] = %.10g; xmax[%d] = %.10g; ymax[%d] = %.10g; xstep[%d] = "
                         "%.10g; rows[%d] = %d\n",
                      k, p->xmin, k, p->xmax, k, p->ymax, k, p->xstep, k, p->rows);
            sb_printf(g, "title[%d] = ", k);
            sb_gq(g, p->title.s);
            sb_printf(g, "; tcolor[%d] = ", k);
            sb_gq(g, p->tcolor);
            sb_printf(g, "; xlabel[%d] = ", k);
            sb_gq(g, p->xlabel.s);
            sb_puts(g, "\n");
        }
        sb_puts(g, "$DATA << EOD\n");
        for (int i = 0; i < n; i++) {
            if (i)
                sb_puts(g, "\n\n");
            if (f->p[i].data.s)
                sb_put(g, f->p[i].data.s, f->p[i].data.len);
        }
        sb_puts(g, "EOD\n");
    }
    for (int i = 0; i < f->n; i++) {
        free(f->p[i].title.s);
        free(f->p[i].xlabel.s);
        free(f->p[i].data.s);
        g->oom |= f->p[i].title.oom || f->p[i].xlabel.oom || f->p[i].data.oom;
    }
    free(f);
    return n;
}

/* Make the ids of gnuplot's SVG (the same in every picture) unique to
 * figure k: id='x' -> id='fk-x', and the references #x that point at them. */
static void sb_svg_scoped(strbuf_t *b, const char *svg, size_t len, int k)
{
    static const char *const PATTERNS[] = {"id='", "id=\"", "href='#", "href=\"#", "url(#"};
    size_t i = 0;
    while (i < len) {
        size_t hit = 0;
        for (size_t p = 0; p < sizeof PATTERNS / sizeof PATTERNS[0] && !hit; p++) {
            size_t pl = strlen(PATTERNS[p]);
            if (i + pl <= len && memcmp(svg + i, PATTERNS[p], pl) == 0 &&
                (i == 0 || svg[i - 1] == ' ' || svg[i - 1] == ':' || p == 4 ||
                 svg[i - 1] == '\t' || svg[i - 1] == '\n'))
                hit = pl;
        }
        if (hit) {
            sb_put(b, svg + i, hit);
            sb_printf(b, "f%d-", k);
            i += hit;
        } else {
            sb_put(b, svg + i, 1);
            i++;
        }
    }
}

#define NEEDS_GNUPLOT "drlsim %s: --html needs gnuplot (Debian: apt-get install gnuplot-nox)\n"

int report_html_ready(const char *cmd_name)
{
    /* As the shell of popen would look for it: each directory of PATH. */
    const char *path = getenv("PATH");
    for (const char *d = path ? path : ""; d && *d;) {
        const char *colon = strchr(d, ':');
        size_t n = colon ? (size_t)(colon - d) : strlen(d);
        char exe[4200];
        if (snprintf(exe, sizeof exe, "%.*s/gnuplot", (int)n, n ? d : ".") < (int)sizeof exe &&
            access(exe, X_OK) == 0)
            return 0;
        d = colon ? colon + 1 : NULL;
    }
    fprintf(stderr, NEEDS_GNUPLOT, cmd_name);
    return -1;
}

/* Run gnuplot on script; the <svg> element it prints is appended to out,
 * with its ids scoped to figure k (messages name cmd_name's command).  Its messages go to a file of their own
 * (a warning must not land inside the SVG) and are shown only on failure. */
static int run_gnuplot(const char *cmd_name, const strbuf_t *script, strbuf_t *out, int k)
{
    char path[] = "/tmp/drlsim-plot-XXXXXX", errpath[] = "/tmp/drlsim-plot-err-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        fprintf(stderr, "drlsim %s: cannot create a temporary file for gnuplot\n", cmd_name);
        return -1;
    }
    int efd = mkstemp(errpath);
    FILE *f = fdopen(fd, "w");
    if (efd < 0 || !f || fwrite(script->s, 1, script->len, f) != script->len || fclose(f) != 0) {
        unlink(path);
        if (efd >= 0) {
            close(efd);
            unlink(errpath);
        }
        fprintf(stderr, "drlsim %s: cannot write the gnuplot script\n", cmd_name);
        return -1;
    }
    char cmd[160];
    snprintf(cmd, sizeof cmd, "gnuplot '%s' 2>'%s'", path, errpath);
    FILE *p = popen(cmd, "r");
    strbuf_t got = {0};
    int st = -1;
    if (p) {
        char buf[8192];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, p)) > 0)
            sb_put(&got, buf, n);
        st = pclose(p);
    }
    unlink(path);
    char msg[256] = "";
    ssize_t m = read(efd, msg, sizeof msg - 1);
    msg[m > 0 ? m : 0] = '\0';
    for (char *s = msg; *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
    close(efd);
    unlink(errpath);
    const char *svg = got.s ? strstr(got.s, "<svg") : NULL;
    const char *end = svg ? strstr(svg, "</svg>") : NULL;
    if (st != 0 || !svg || !end || got.oom) {
        if (!p)
            fprintf(stderr, "drlsim %s: cannot run gnuplot\n", cmd_name);
        else if (st == 127 * 256 || strstr(msg, "not found"))
            fprintf(stderr, NEEDS_GNUPLOT, cmd_name);
        else
            fprintf(stderr, "drlsim %s: gnuplot failed: %.200s\n", cmd_name, msg);
        free(got.s);
        return -1;
    }
    /* The <svg> element only (gnuplot prints an XML prolog first), without
     * its <title> (a "Gnuplot" tooltip over the whole picture). */
    end += strlen("</svg>");
    const char *t0 = strstr(svg, "<title>"), *t1 = t0 ? strstr(t0, "</title>") : NULL;
    if (t0 && t1 && t1 < end) {
        sb_svg_scoped(out, svg, (size_t)(t0 - svg), k);
        t1 += strlen("</title>");
        sb_svg_scoped(out, t1, (size_t)(end - t1), k);
    } else {
        sb_svg_scoped(out, svg, (size_t)(end - svg), k);
    }
    free(got.s);
    return 0;
}

int report_html_gnuplot(const char *cmd_name, const strbuf_t *script, strbuf_t *out, int k)
{
    return run_gnuplot(cmd_name, script, out, k);
}

/* ---- the page ---- */

/* A page of at most this many families (an --only run) opens them all. */
#define SMALL_PAGE_FAMILIES 12

static const char *const CSS =
    "body{font-family:sans-serif;margin:1.5em 2em;color:#222;max-width:1240px}"
    "h1{margin:.2em 0 .4em}h2{margin:1.2em 0 .4em;font-size:1.25em}"
    "table{border-collapse:collapse;font-size:13px}"
    "td,th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}"
    "th{background:#eee}td.num{text-align:right;font-family:monospace;white-space:nowrap}"
    "table.run th{background:none;border:none;padding:1px 12px 1px 0;font-weight:normal;"
    "color:#666}table.run td{border:none;padding:1px 0}"
    "table.run code{white-space:pre-wrap;word-break:break-all}"
    ".PASS{background:#dff0d8}.FAIL{background:#f6c9c6}.XFAIL{background:#fbefc6}"
    ".XPASS{background:#f5c26b}.SKIP,.NOTRUN{background:#eee;color:#888}"
    "td.v{font-weight:bold}tr.FAIL td.v,tr.XPASS td.v{color:#900}"
    "span.badge{display:inline-block;padding:2px 9px;margin-right:6px;border-radius:3px;"
    "font-weight:bold}span.zero{opacity:.45}"
    ".summary{font-size:15px;margin:.8em 0}"
    ".alert{background:#f5c26b;padding:.5em;font-weight:bold}"
    ".alert.FAIL{background:#f6c9c6}"
    "details.family{margin:.35em 0;border:1px solid #ccc;border-radius:3px}"
    "details.family>summary{padding:.35em .6em;cursor:pointer;font-size:15px;background:#f7f7f7}"
    "details.family[open]>summary{border-bottom:1px solid #ccc}"
    "details.family>div{padding:.5em .6em}"
    "figure{margin:1em 0 .5em}figcaption{font-size:13px;color:#555;margin-bottom:.3em}"
    "figure svg{max-width:100%;height:auto}"
    "td.weak{color:#b35900}td.num{white-space:normal}a{color:#1f5a99}td.name{white-space:nowrap}"
    "ul.toc{columns:4;list-style:none;padding:0;margin:.3em 0;font-size:14px}"
    "ul.toc li{margin:2px 0;break-inside:avoid}"
    "span.tag{font-size:12px;margin-left:.3em;padding:1px 6px;border-radius:3px}";

/* What check's page calls them. */
static const char *const CHECK_SAY[NVERDICTS] = {"PASS",    "FAIL",   "XFAIL",
                                                 "XPASS",   "not run", "not selected"};

static const char *const *say_of(const report_html_run_t *run)
{
    return run && run->say ? run->say : CHECK_SAY;
}

static const char *command_of(const report_html_run_t *run)
{
    return run && run->command ? run->command : "check";
}

/* The worst verdict of a set of counts, for a family's colour. */
static const char *worst(const int n[NVERDICTS])
{
    if (n[1])
        return "FAIL";
    if (n[3])
        return "XPASS";
    if (n[4])
        return "NOTRUN";
    if (n[2])
        return "XFAIL";
    if (n[0])
        return "PASS";
    return "SKIP";
}

/* "12 PASS, 1 XFAIL" */
static void sb_counts(strbuf_t *b, const int n[NVERDICTS], const char *const *SAY)
{
    bool first = true;
    for (int v = 0; v < NVERDICTS; v++)
        if (n[v]) {
            sb_printf(b, "%s%d %s", first ? "" : ", ", n[v], SAY[v]);
            first = false;
        }
}

static void header(strbuf_t *h, const cJSON *sum, const report_html_run_t *run)
{
    sb_puts(h, "<h1>");
    sb_html(h, run && run->title ? run->title : "drlsim conformance report");
    sb_puts(h, "</h1>\n<table class=\"run\">\n");
    sb_printf(h, "<tr><th>drlsim</th><td>%s</td></tr>\n", DRLSIM_VERSION);
    sb_printf(h, "<tr><th>command</th><td><code>drlsim %s", command_of(run));
    for (int i = 0; run && i < run->argc; i++) {
        sb_puts(h, " ");
        sb_shell_arg(h, run->argv[i]);
    }
    sb_puts(h, "</code></td></tr>\n");
    sb_printf(h, "<tr><th>seed</th><td>%.0f</td></tr>\n", num(sum, "seed"));
    sb_printf(h, "<tr><th>sample</th><td>%.0f levels", num(sum, "levels"));
    if (run)
        sb_printf(h, " in %d sample groups, scale %g (each group's levels times %g)",
                  run->groups, run->scale, run->scale);
    sb_puts(h, "</td></tr>\n");
    sb_printf(h, "<tr><th>statistics</th><td>alpha %g per family after Holm's correction; "
                 "%g%% intervals (Wilson); power %g to see a %g-point shift is the "
                 "&quot;detectable&quot; column</td></tr>\n",
              num(sum, "alpha"), 100 * num(sum, "confidence"), num(sum, "power"),
              100 * num(sum, "mde_target"));
    char date[64] = "-";
    if (run) {
        struct tm tm;
        if (gmtime_r(&run->started, &tm))
            strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", &tm);
    }
    /* The two lines that differ between runs of the same command. */
    sb_printf(h, "<tr class=\"when\"><th>date</th><td>%s</td></tr>\n", date);
    sb_printf(h, "<tr class=\"when\"><th>run time</th><td>%.2f s generating the levels</td>"
                 "</tr>\n</table>\n",
              run ? run->seconds : 0.0);
}

/* The expected column: a long list (a distribution over 40 bins) is cut
 * short, whole in the cell's tooltip. */
static void sb_expected(strbuf_t *h, const char *text)
{
    enum { LONG = 160, SHOWN = 120 };
    size_t len = strlen(text);
    if (len <= LONG) {
        sb_puts(h, "<td>");
        sb_html(h, text);
        sb_puts(h, "</td>");
        return;
    }
    size_t cut = SHOWN;
    while (cut > 0 && ((unsigned char)text[cut] & 0xc0) == 0x80) /* not inside a character */
        cut--;
    char *part = malloc(cut + 1);
    if (!part) {
        h->oom = true;
        return;
    }
    memcpy(part, text, cut);
    part[cut] = '\0';
    sb_puts(h, "<td title=\"");
    sb_html(h, text);
    sb_puts(h, "\">");
    sb_html(h, part);
    sb_printf(h, " &hellip; (%zu characters; the whole list in the tooltip)</td>", len);
    free(part);
}

static void check_row(strbuf_t *h, const cJSON *c, const char *fig_id, const char *const *say,
                      bool exact_col)
{
    double elo, ehi;
    row_kind_t k = row_kind(c, &elo, &ehi);
    row_text_t t;
    describe(c, k, elo, ehi, &t, say);
    char n[32], p[32], praw[32], ef[32], mde[32];
    fmt_num(p, sizeof p, num(c, "p_holm"));
    fmt_num(praw, sizeof praw, num(c, "p"));
    fmt_num(ef, sizeof ef, num(c, "effect"));
    fmt_num(mde, sizeof mde, num(c, "mde"));
    snprintf(n, sizeof n, isnan(num(c, "n")) ? "-" : "%.0f", num(c, "n"));
    if (skipped(c) || not_run(c)) { /* no sample: no statistics */
        strcpy(n, "-");
        strcpy(p, "-");
        strcpy(praw, "-");
        strcpy(ef, "-");
        strcpy(mde, "-");
    }
    sb_printf(h, "<tr class=\"%s\" id=\"", VERDICTS[verdict_index(c)]);
    sb_id(h, "check-", str(c, "name"));
    sb_puts(h, "\"><td class=\"name\">");
    sb_html(h, str(c, "name"));
    sb_puts(h, "</td><td>[");
    sb_html(h, str(c, "source"));
    sb_puts(h, "]</td>");
    sb_expected(h, str(c, "expected_text"));
    if (exact_col) {
        sb_puts(h, "<td>");
        sb_html(h, *str(c, "exact_text") ? str(c, "exact_text") : "-");
        sb_puts(h, "</td>");
    }
    sb_puts(h, "<td class=\"num\">");
    /* a distribution's observed shares, when the results spell them out */
    sb_html(h, k == ROW_DIST && *str(c, "observed_text") ? str(c, "observed_text") : t.observed);
    sb_puts(h, "</td><td class=\"num\">");
    sb_html(h, t.interval);
    bool weak = cJSON_IsTrue(get(c, "underpowered"));
    sb_printf(h, "</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s"
                 "</td><td class=\"num\">%s</td><td class=\"num%s\"%s>%s</td><td class=\"v\">%s",
              n, praw, p, ef, weak ? " weak" : "",
              weak ? " title=\"underpowered: cannot see the target shift\"" : "", mde,
              say[verdict_index(c)]);
    const char *why = str(c, "known_discrepancy");
    if (!*why && !not_run(c)) /* "not run" says it all (the alert at the top, why) */
        why = str(c, "reason");
    if (*why) {
        sb_puts(h, "<br><small>");
        sb_html(h, why);
        sb_puts(h, "</small>");
    }
    sb_printf(h, "</td><td><a href=\"#%s\">plot</a></td></tr>\n", fig_id);
}

int report_html_write(const cJSON *results, const report_html_run_t *run, const char *path)
{
    const char *const *say = say_of(run);
    const char *cmd_name = run->command ? run->command : "check";
    const cJSON *sum = get(results, "summary");
    const cJSON *checks = get(results, "checks");
    if (!cJSON_IsObject(sum) || !cJSON_IsArray(checks)) {
        fprintf(stderr, "drlsim %s: results lack summary or checks\n", cmd_name);
        return -1;
    }
    size_t tlen;
    const char *tmpl = data_embedded("family_plot.gp", &tlen);
    if (!tmpl) {
        fprintf(stderr, "drlsim %s: analysis/family_plot.gp is not embedded in this build\n",
                cmd_name);
        return -1;
    }
    /* Families in order of first appearance, with their verdict counts. */
    const char *fam[MAX_FAMILIES];
    int count[MAX_FAMILIES][NVERDICTS] = {{0}}, total[NVERDICTS] = {0};
    int nfam = 0;
    const cJSON *c;
    const bool list_skipped = run && run->list_skipped;
    bool exact_col = false;
    cJSON_ArrayForEach(c, checks)
    {
        exact_col |= *str(c, "exact_text") != '\0';
        total[verdict_index(c)]++;
        if (skipped(c) && !list_skipped)
            continue; /* counted at the top, not listed */
        const char *f = str(c, "family");
        int k = 0;
        while (k < nfam && strcmp(fam[k], f) != 0)
            k++;
        if (k == nfam) {
            if (nfam == MAX_FAMILIES) {
                fprintf(stderr, "drlsim %s: more than %d families for the HTML page\n", cmd_name,
                        MAX_FAMILIES);
                return -1;
            }
            fam[nfam++] = f;
        }
        count[k][verdict_index(c)]++;
    }

    strbuf_t h = {0};
    sb_printf(&h, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<title>%s</title>\n<style>%s</style>\n</head>\n"
                  "<body>\n",
              run && run->title ? run->title : "drlsim conformance report", CSS);
    header(&h, sum, run);

    /* The verdicts at a glance. */
    if (!cJSON_IsTrue(get(sum, "complete")))
        sb_printf(&h, "<p class=\"alert\">Interrupted: the results cover only the levels "
                      "generated before the stop (%.0f checks not run, shown grey).</p>\n",
                  num(sum, "not_run"));
    sb_puts(&h, "<p class=\"summary\">");
    const char *const *BADGE = say;
    for (int v = 0; v < NVERDICTS; v++) {
        if (!total[v] && (v == 5 || (run && run->say)))
            continue; /* "not selected" only with --only; errata has no XFAIL or XPASS */
        sb_printf(&h, "<span class=\"badge %s%s\">%d %s</span>", VERDICTS[v],
                  total[v] ? "" : " zero", total[v], BADGE[v]);
    }
    sb_puts(&h, "</p>\n");
    if (total[5] && !list_skipped)
        sb_printf(&h, "<p><small>%d checks left out by <code>--only</code> or disabled are "
                      "not listed.</small></p>\n",
                  total[5]);
    /* Failures are named at the top on check's page; another command's
     * second verdict is a finding, shown in its open family. */
    if ((total[1] || total[3]) && !(run && run->say)) {
        sb_printf(&h, "<p class=\"alert FAIL\">%s: ", total[1] ? "Failed" : "Unexpected pass");
        bool first = true;
        cJSON_ArrayForEach(c, checks)
        {
            if (!is(c, "FAIL") && !is(c, "XPASS"))
                continue;
            sb_puts(&h, first ? "" : ", ");
            sb_puts(&h, "<a href=\"#");
            sb_id(&h, "check-", str(c, "name"));
            sb_puts(&h, "\">");
            sb_html(&h, str(c, "name"));
            sb_printf(&h, "</a>%s", is(c, "XPASS") ? " (XPASS)" : "");
            first = false;
        }
        sb_puts(&h, "</p>\n");
    }
    if (total[3])
        sb_puts(&h, "<p class=\"alert\">A known discrepancy passed (XPASS): the wiki's claim "
                    "now matches the generator; review the expectation.</p>\n");

    /* Contents: one entry per family, its verdicts beside it. */
    sb_puts(&h, "<h2>Families</h2>\n<ul class=\"toc\">\n");
    for (int k = 0; k < nfam; k++) {
        sb_puts(&h, "<li><a href=\"#");
        sb_id(&h, "fam-", fam[k]);
        sb_puts(&h, "\">");
        sb_html(&h, fam[k]);
        sb_printf(&h, "</a> <span class=\"tag %s\">", worst(count[k]));
        sb_counts(&h, count[k], say);
        sb_puts(&h, "</span></li>\n");
    }
    /* Open: the families with something to read (anything but a plain
     * pass); all of them when none has. */
    bool open_fam[MAX_FAMILIES], any_open = false;
    for (int k = 0; k < nfam; k++) {
        open_fam[k] = count[k][1] || count[k][2] || count[k][3] || count[k][4] ||
                      (list_skipped && count[k][5]);
        any_open |= open_fam[k];
    }
    for (int k = 0; k < nfam && (!any_open || nfam <= SMALL_PAGE_FAMILIES); k++)
        open_fam[k] = true;
    sb_printf(&h, "</ul>\n<p><small>Each family below opens to its checks and its picture "
                  "(the families with a check that is not %s are open). In the pictures, blue "
                  "is what the rules say (a bar, a band or a line: the expected share, range "
                  "or value) and black what the levels showed (a dot with its 95%% interval, "
                  "or the observed values' span); a row's background is red for %s",
              say[0], say[1]);
    if (!(run && run->say))
        sb_printf(&h, ", yellow for %s, orange for %s", say[2], say[3]);
    sb_printf(&h, ", grey when %s%s%s.</small></p>\n", say[4], list_skipped ? " or " : "",
              list_skipped ? say[5] : "");

    /* Per family: the table, then the picture. */
    int rc = 0;
    for (int k = 0; k < nfam && rc == 0; k++) {
        strbuf_t fig = {0}, tab = {0};
        sb_id(&fig, "family-", fam[k]);
        sb_id(&tab, "fam-", fam[k]);
        if (fig.oom || tab.oom) {
            free(fig.s);
            free(tab.s);
            rc = -1;
            break;
        }
        const char *w = worst(count[k]);
        sb_printf(&h, "<details class=\"family\" id=\"%s\"%s>\n<summary><b>", tab.s,
                  open_fam[k] ? " open" : "");
        sb_html(&h, fam[k]);
        sb_printf(&h, "</b><span class=\"tag %s\">", w);
        sb_counts(&h, count[k], say);
        sb_puts(&h, "</span></summary>\n<div>\n<table>\n<tr><th>check</th><th>source</th><th>");
        sb_html(&h, run && run->expected_head ? run->expected_head : "expected");
        sb_printf(&h, "</th>%s<th>observed</th><th>95%% interval</th><th>n</th><th>p</th>"
                      "<th>p (Holm)</th><th>effect</th><th>detectable</th><th>verdict</th>"
                      "<th></th></tr>\n",
                  exact_col ? "<th>exact</th>" : "");
        cJSON_ArrayForEach(c, checks)
            if (strcmp(str(c, "family"), fam[k]) == 0 && (list_skipped || !skipped(c)))
                check_row(&h, c, fig.s, say, exact_col);
        sb_puts(&h, "</table>\n");
        sb_printf(&h, "<figure id=\"%s\">\n<figcaption><b>", fig.s);
        sb_html(&h, fam[k]);
        sb_printf(&h, "</b>: expected (blue) and observed (black) &middot; <a href=\"#%s\">"
                      "back to the table</a></figcaption>\n",
                  tab.s);
        strbuf_t g = {0};
        int panels = family_script(&g, checks, fam[k], say);
        if (panels) {
            sb_put(&g, tmpl, tlen);
            rc = g.oom ? -1 : run_gnuplot(cmd_name, &g, &h, k);
        } else {
            sb_puts(&h, "<p>Nothing to draw: no check of this family ran.</p>");
        }
        sb_puts(&h, "\n</figure>\n</div>\n</details>\n");
        free(g.s);
        free(fig.s);
        free(tab.s);
    }
    sb_puts(&h, "</body>\n</html>\n");
    if (rc == 0 && h.oom) {
        fprintf(stderr, "drlsim %s: out of memory writing the HTML report\n", cmd_name);
        rc = -1;
    }
    if (rc == 0)
        rc = outfile_write(path, h.s, h.len);
    free(h.s);
    return rc;
}

/* compare.c - see compare.h.  The statistics of `drlsim compare`.
 *
 * Strata.  A histogram is compared within each stratum (dlevel, level type)
 * that both tallies hold (the `type` histogram within each dlevel, its
 * strata being the types), and the strata are combined, never summed: two
 * jobs that put their levels on the common strata in other proportions
 * (a fixed --type against drawn types, other dlevel ranges) would otherwise
 * differ by their mixture alone.
 *
 * Counted histograms.  The generalized Cochran-Mantel-Haenszel statistic
 * (Landis, Heyman and Koch 1978): for each stratum the 2 x C table (report,
 * cell), O - E of report a's counts under the hypergeometric null and its
 * covariance n_a n_b / (N - 1) (diag(p) - p p'); summed over the strata,
 * Q = d' V^- d is chi-square with C - 1 df (V's rank) under homogeneity.
 * Two bins make it the Mantel-Haenszel test, the stratified form of the
 * two-proportion z test (z^2 (N - 1) / N with one stratum).  Sparse cells:
 * over the strata summed, every bin whose expected count in the smaller
 * sample, min(n_a, n_b) t / N, is below COMPARE_MIN_EXPECTED goes into one
 * pooled cell; while the pooled cell is still below, the bin with the next
 * smallest total joins it (stats_chisq_gof's rule).
 *
 * Clustering.  Many histograms count several observations per level (rooms,
 * walls, monsters), which are not independent: the chi-square tests assume
 * they are and would see differences between two seeds.  The per-level
 * data are not in a report, but the strata give replicates: under the null,
 * each stratum's Pearson statistic, scaled by (N - 1) / N, has mean its df
 * times the design effect, so the part of their sum that Q does not hold,
 * (sum X2_s - Q) / (sum df_s - df), estimates the design effect (the
 * quasi-likelihood dispersion of McCullagh and Nelder, from the strata's
 * heterogeneity; an effect that varies between strata inflates it, which
 * only makes the test more cautious).  When it exceeds 1 the test is
 * F = (Q / df) / phi with F(df, sum df_s - df); never below 1, so a
 * histogram of one observation per level keeps the chi-square test.  It is
 * estimated from COMPARE_MIN_DISPERSION_DF df or more only (a two-bin
 * histogram needs that many strata): with fewer strata, histograms of
 * several observations a level are tested as if they were independent,
 * which overstates their differences.
 *
 * Two bins with an expected count below COMPARE_MIN_EXPECTED (strata
 * summed): Fisher's exact test.  A histogram with observations on one side
 * only: the exact conditional test of two Poisson rates, observations per
 * level (binomial, stats_binom_test).  Moment rows (one value per level):
 * the difference of means weighted by n_a n_b / (n_a + n_b) per stratum,
 * with Welch's variance and the Satterthwaite df; one stratum makes it
 * Welch's t test.
 */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>

#include "stats.h"

const char *const COMPARE_TEST_NAME[COMPARE__COUNT] = {"none", "cmh", "cmh-dispersion",
                                                        "fisher", "rate", "welch"};

/* The families: the first prefix a histogram's name starts with names it
 * (so longer prefixes come first where they overlap).  Groups of TALLY_ROWS
 * by what generates them; Holm's correction runs within each. */
static const struct {
    const char *prefix, *family;
} FAMILIES[] = {
    {"levels", "levels"},       {"type", "levels"},           {"failure", "levels"},
    {"retries", "levels"},      {"layout_variant", "levels"}, {"fluid_room", "special rooms"},
    {"river", "water"},         {"fluid", "water"},           {"rooms", "rooms"},
    {"room_", "rooms"},         {"doors", "rooms"},           {"wall", "normal"},
    {"extra_door", "normal"},   {"section", "small rooms"},   {"frame_doors", "small rooms"},
    {"line_gaps", "small rooms"}, {"building", "city"},       {"first_building", "city"},
    {"first_door", "city"},     {"city_", "city"},            {"divider", "warehouse"},
    {"wh_", "warehouse"},       {"cave_roll", "population"},  {"cave_outcome", "population"},
    {"cave_", "caves"},         {"maze_", "maze"},            {"arena_", "arena"},
    {"stray_walls", "arena"},   {"special_", "special rooms"}, {"ammo_", "special rooms"},
    {"start_", "map"},          {"stair", "map"},             {"unreachable", "map"},
    {"monster", "population"},  {"first_monster", "population"}, {"hunting", "population"},
    {"items", "population"},    {"single_", "population"},    {"foreign", "population"},
    {"budget", "population"},   {"danger", "population"},     {"game_", "game"},
};

const char *compare_family(int h)
{
    const char *name = TALLY_HISTS[h].name;
    for (size_t i = 0; i < sizeof FAMILIES / sizeof FAMILIES[0]; i++)
        if (strncmp(name, FAMILIES[i].prefix, strlen(FAMILIES[i].prefix)) == 0)
            return FAMILIES[i].family;
    return "other";
}

/* ---- strata ---- */

typedef struct stratum {
    int dlevel;
    unsigned mask; /* types summed */
} stratum_t;

static int common_lo(const tally_t *a, const tally_t *b)
{
    return a->dlevel_lo > b->dlevel_lo ? a->dlevel_lo : b->dlevel_lo;
}
static int common_hi(const tally_t *a, const tally_t *b)
{
    return a->dlevel_hi < b->dlevel_hi ? a->dlevel_hi : b->dlevel_hi;
}

/* The strata of histogram h: (dlevel, type) with levels on both sides; for
 * `type`, the dlevels with levels on both sides. */
static int strata_of(const tally_t *a, const tally_t *b, bool by_dlevel, stratum_t *out)
{
    int n = 0;
    for (int d = common_lo(a, b); d <= common_hi(a, b); d++) {
        if (by_dlevel) {
            if (tally_levels(a, d, d, TALLY_ALL_TYPES) && tally_levels(b, d, d, TALLY_ALL_TYPES))
                out[n++] = (stratum_t){d, TALLY_ALL_TYPES};
            continue;
        }
        for (int t = 0; t < LT__COUNT; t++)
            if (tally_levels(a, d, d, 1u << t) && tally_levels(b, d, d, 1u << t))
                out[n++] = (stratum_t){d, 1u << t};
    }
    return n;
}

int compare_common_strata(const tally_t *a, const tally_t *b)
{
    if (a->difficulty != b->difficulty)
        return 0;
    int n = 0;
    for (int d = common_lo(a, b); d <= common_hi(a, b); d++)
        for (int t = 0; t < LT__COUNT; t++)
            n += tally_levels(a, d, d, 1u << t) && tally_levels(b, d, d, 1u << t);
    return n;
}

/* ---- exact tests ---- */

double compare_fisher(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    /* a ~ hypergeometric: row 1 of n1 = a + b draws from c1 = a + c
     * successes among N. */
    unsigned n1 = (unsigned)(a + b), c1 = (unsigned)(a + c), c2 = (unsigned)(b + d);
    unsigned lo = n1 > c2 ? n1 - c2 : 0, hi = n1 < c1 ? n1 : c1;
    double p0 = gsl_ran_hypergeometric_pdf((unsigned)a, c1, c2, n1);
    double p = 0;
    for (unsigned x = lo; x <= hi; x++) {
        double px = gsl_ran_hypergeometric_pdf(x, c1, c2, n1);
        if (px <= p0 * (1 + 1e-7))
            p += px;
    }
    return p > 1 ? 1 : p;
}

/* ---- counted histograms ---- */

typedef struct work {
    int ns;
    stratum_t *s;
    uint64_t *sa, *sb; /* [ns][nbins] counts */
    uint64_t *na, *nb; /* [ns] observations */
    uint64_t *la, *lb; /* [ns] levels */
    int *cell;         /* bin -> cell, -1 when the bin is empty */
} work_t;

/* Observations in the common strata on one side only, or none: the exact
 * conditional test of the two rates per level. */
static void rate_test(compare_result_t *r, uint64_t ta, uint64_t tb, uint64_t la, uint64_t lb)
{
    r->test = COMPARE_RATE;
    r->effect_name = "diff_rate";
    r->a_value = (double)ta / (double)la;
    r->b_value = (double)tb / (double)lb;
    r->effect = r->a_value - r->b_value;
    r->stat = NAN;
    r->p = stats_binom_test(ta, ta + tb, (double)la / (double)(la + lb));
}

/* Q = d' V^- d over the eigenvectors of V (symmetric, positive
 * semidefinite); *rank its rank. */
static double quad_form(gsl_matrix *v, const double *d, int k, int *rank)
{
    gsl_vector *eval = gsl_vector_alloc((size_t)k);
    gsl_matrix *evec = gsl_matrix_alloc((size_t)k, (size_t)k);
    gsl_eigen_symmv_workspace *w = gsl_eigen_symmv_alloc((size_t)k);
    if (!eval || !evec || !w) {
        gsl_vector_free(eval);
        gsl_matrix_free(evec);
        gsl_eigen_symmv_free(w);
        *rank = -1;
        return NAN;
    }
    gsl_eigen_symmv(v, eval, evec, w);
    double top = 0;
    for (int i = 0; i < k; i++)
        if (gsl_vector_get(eval, (size_t)i) > top)
            top = gsl_vector_get(eval, (size_t)i);
    double q = 0;
    *rank = 0;
    for (int i = 0; i < k; i++) {
        double l = gsl_vector_get(eval, (size_t)i);
        if (l <= 1e-10 * top)
            continue;
        double u = 0;
        for (int j = 0; j < k; j++)
            u += gsl_matrix_get(evec, (size_t)j, (size_t)i) * d[j];
        q += u * u / l;
        (*rank)++;
    }
    gsl_vector_free(eval);
    gsl_matrix_free(evec);
    gsl_eigen_symmv_free(w);
    return q;
}

/* Pool the bins into cells (see the header); returns the number of cells. */
static int pool_cells(const uint64_t *ta, const uint64_t *tb, int nbins, uint64_t na, uint64_t nb,
                      int *cell, int *pooled)
{
    int *idx = malloc((size_t)nbins * sizeof *idx);
    if (!idx)
        return -1;
    int m = 0;
    for (int i = 0; i < nbins; i++) {
        cell[i] = -1;
        if (ta[i] + tb[i])
            idx[m++] = i;
    }
    for (int x = 1; x < m; x++) { /* by total, stable */
        int v = idx[x], y = x;
        while (y > 0 && ta[idx[y - 1]] + tb[idx[y - 1]] > ta[v] + tb[v]) {
            idx[y] = idx[y - 1];
            y--;
        }
        idx[y] = v;
    }
    double small = (double)(na < nb ? na : nb), n = (double)(na + nb);
    int k = 0;
    double pool = 0;
    while (k < m && small * (double)(ta[idx[k]] + tb[idx[k]]) / n < COMPARE_MIN_EXPECTED) {
        pool += (double)(ta[idx[k]] + tb[idx[k]]);
        k++;
    }
    while (k > 0 && k < m && small * pool / n < COMPARE_MIN_EXPECTED) {
        pool += (double)(ta[idx[k]] + tb[idx[k]]);
        k++;
    }
    /* cell 0 is the pooled one when there is one */
    int cells = k > 0;
    for (int x = 0; x < k; x++)
        cell[idx[x]] = 0;
    for (int x = k; x < m; x++)
        cell[idx[x]] = cells++;
    *pooled = k;
    free(idx);
    return cells;
}

static bool counted(int h, const work_t *w, compare_result_t *r)
{
    const int nb = TALLY_HISTS[h].nbins;
    uint64_t *ta = calloc((size_t)nb * 2, sizeof *ta);
    if (!ta)
        return false;
    uint64_t *tb = ta + nb;
    uint64_t all_a = 0, all_b = 0, la = 0, lb = 0, inf_a = 0, inf_b = 0;
    for (int s = 0; s < w->ns; s++) {
        all_a += w->na[s];
        all_b += w->nb[s];
        la += w->la[s];
        lb += w->lb[s];
        if (!w->na[s] || !w->nb[s])
            continue;
        r->strata++;
        inf_a += w->na[s];
        inf_b += w->nb[s];
        for (int i = 0; i < nb; i++) {
            ta[i] += w->sa[(size_t)s * nb + i];
            tb[i] += w->sb[(size_t)s * nb + i];
        }
    }
    r->n_a = all_a;
    r->n_b = all_b;
    if (!all_a && !all_b) {
        snprintf(r->note, sizeof r->note, "no observations in the common strata");
        free(ta);
        return true;
    }
    if (!r->strata) {
        rate_test(r, all_a, all_b, la, lb);
        free(ta);
        return true;
    }
    int nonzero = 0;
    for (int i = 0; i < nb; i++)
        nonzero += ta[i] + tb[i] > 0;
    if (nonzero < 2) {
        snprintf(r->note, sizeof r->note, "every observation in one bin on both sides");
        free(ta);
        return true;
    }
    /* Two bins: Fisher's exact test when a cell is small. */
    if (nonzero == 2) {
        int b0 = -1, b1 = -1;
        for (int i = 0; i < nb; i++)
            if (ta[i] + tb[i])
                *(b0 < 0 ? &b0 : &b1) = i;
        double n = (double)(inf_a + inf_b), small = (double)(inf_a < inf_b ? inf_a : inf_b);
        double t0 = (double)(ta[b0] + tb[b0]), t1 = (double)(ta[b1] + tb[b1]);
        r->effect_name = "diff_prop";
        r->bin = b1;
        r->a_value = (double)ta[b1] / (double)inf_a;
        r->b_value = (double)tb[b1] / (double)inf_b;
        r->cells = 2;
        if (small * (t0 < t1 ? t0 : t1) / n < COMPARE_MIN_EXPECTED) {
            r->test = COMPARE_FISHER;
            r->stat = NAN;
            r->effect = r->a_value - r->b_value;
            r->p = compare_fisher(ta[b0], ta[b1], tb[b0], tb[b1]);
            free(ta);
            return true;
        }
    }
    int cells = pool_cells(ta, tb, nb, inf_a, inf_b, w->cell, &r->pooled);
    if (cells < 0) {
        free(ta);
        return false;
    }
    r->cells = cells;
    if (cells < 2) {
        snprintf(r->note, sizeof r->note, "one cell after pooling the sparse bins");
        free(ta);
        return true;
    }
    /* d and V over cells 0..k-1 (the last cell is implied). */
    int k = cells - 1;
    double *d = calloc((size_t)cells * 3, sizeof *d);
    gsl_matrix *v = gsl_matrix_calloc((size_t)k, (size_t)k);
    if (!d || !v) {
        free(d);
        gsl_matrix_free(v);
        free(ta);
        return false;
    }
    double *ca = d + cells, *cb = ca + cells;
    double xsum = 0, dfsum = 0;
    for (int s = 0; s < w->ns; s++) {
        if (!w->na[s] || !w->nb[s])
            continue;
        memset(ca, 0, (size_t)cells * 2 * sizeof *ca);
        for (int i = 0; i < nb; i++)
            if (w->cell[i] >= 0) {
                ca[w->cell[i]] += (double)w->sa[(size_t)s * nb + i];
                cb[w->cell[i]] += (double)w->sb[(size_t)s * nb + i];
            }
        double n1 = (double)w->na[s], n2 = (double)w->nb[s], n = n1 + n2;
        double x2 = 0;
        int used = 0;
        for (int c = 0; c < cells; c++) {
            double t = ca[c] + cb[c];
            if (t == 0)
                continue;
            used++;
            double e1 = n1 * t / n, e2 = n2 * t / n;
            x2 += (ca[c] - e1) * (ca[c] - e1) / e1 + (cb[c] - e2) * (cb[c] - e2) / e2;
            if (c < k)
                d[c] += ca[c] - e1;
        }
        if (used >= 2) {
            xsum += x2 * (n - 1) / n;
            dfsum += used - 1;
        }
        if (n > 1) {
            double f = n1 * n2 / (n - 1);
            for (int c = 0; c < k; c++) {
                double pc = (ca[c] + cb[c]) / n;
                if (pc == 0)
                    continue;
                for (int e = 0; e < k; e++) {
                    double pe = (ca[e] + cb[e]) / n;
                    double x = f * ((c == e ? pc : 0) - pc * pe);
                    *gsl_matrix_ptr(v, (size_t)c, (size_t)e) += x;
                }
            }
        }
    }
    int rank;
    double q = quad_form(v, d, k, &rank);
    gsl_matrix_free(v);
    free(d);
    free(ta);
    if (rank < 0)
        return false;
    if (rank == 0) {
        snprintf(r->note, sizeof r->note, "no variation within the common strata");
        return true;
    }
    r->stat = q;
    r->df = rank;
    r->dispersion = 1;
    double dfh = dfsum - rank;
    double phi = dfh >= COMPARE_MIN_DISPERSION_DF ? (xsum - q) / dfh : 1;
    if (phi > 1) {
        r->test = COMPARE_CMH_F;
        r->dispersion = phi;
        r->df2 = dfh;
        r->stat = q / rank / phi;
        r->p = gsl_cdf_fdist_Q(r->stat, rank, dfh);
    } else {
        r->test = COMPARE_CMH;
        r->p = gsl_cdf_chisq_Q(q, rank);
    }
    if (nonzero == 2) {
        /* two bins: the difference of the second bin's shares (strata summed) */
        r->effect = r->a_value - r->b_value;
    } else {
        r->effect_name = "cramers_v";
        r->effect = sqrt(q / r->dispersion / (double)(inf_a + inf_b));
    }
    return true;
}

/* ---- moment rows ---- */

static void moments(const work_t *w, compare_result_t *r)
{
    uint64_t all_a = 0, all_b = 0, la = 0, lb = 0;
    double wsum = 0, dsum = 0, var = 0, dfden = 0, ssw = 0, dfw = 0, ma = 0, mb = 0;
    for (int s = 0; s < w->ns; s++) {
        const uint64_t *a = w->sa + (size_t)s * MOM__COUNT, *b = w->sb + (size_t)s * MOM__COUNT;
        all_a += a[MOM_N];
        all_b += b[MOM_N];
        la += w->la[s];
        lb += w->lb[s];
        if (a[MOM_N] < 2 || b[MOM_N] < 2)
            continue;
        r->strata++;
        double n1 = (double)a[MOM_N], n2 = (double)b[MOM_N];
        double m1 = (double)a[MOM_SUM] / n1, m2 = (double)b[MOM_SUM] / n2;
        long double q1 = (long double)a[MOM_SUMSQ] - (long double)a[MOM_SUM] * a[MOM_SUM] / n1;
        long double q2 = (long double)b[MOM_SUMSQ] - (long double)b[MOM_SUM] * b[MOM_SUM] / n2;
        double v1 = q1 > 0 ? (double)q1 / (n1 - 1) : 0, v2 = q2 > 0 ? (double)q2 / (n2 - 1) : 0;
        double wt = n1 * n2 / (n1 + n2);
        wsum += wt;
        dsum += wt * (m1 - m2);
        ma += wt * m1;
        mb += wt * m2;
        double s1 = v1 / n1, s2 = v2 / n2;
        var += wt * wt * (s1 + s2);
        dfden += pow(wt, 4) * (s1 * s1 / (n1 - 1) + s2 * s2 / (n2 - 1));
        ssw += (n1 - 1) * v1 + (n2 - 1) * v2;
        dfw += n1 + n2 - 2;
    }
    r->n_a = all_a;
    r->n_b = all_b;
    if (!all_a && !all_b) {
        snprintf(r->note, sizeof r->note, "no observations in the common strata");
        return;
    }
    if (!r->strata) {
        if (!all_a || !all_b)
            rate_test(r, all_a, all_b, la, lb);
        else
            snprintf(r->note, sizeof r->note,
                     "no stratum with two observations or more on both sides");
        return;
    }
    r->test = COMPARE_WELCH;
    r->effect_name = "diff_sd";
    double diff = dsum / wsum, se2 = var / (wsum * wsum);
    r->a_value = ma / wsum;
    r->b_value = mb / wsum;
    double sd = dfw > 0 ? sqrt(ssw / dfw) : 0;
    r->effect = sd > 0 ? diff / sd : diff == 0 ? 0 : copysign(INFINITY, diff);
    if (se2 <= 0) { /* constant values on both sides of every stratum */
        r->stat = diff == 0 ? 0 : copysign(INFINITY, diff);
        r->df2 = NAN;
        r->p = diff == 0 ? 1 : 0;
        return;
    }
    r->stat = diff / sqrt(se2);
    r->df2 = dfden > 0 ? var * var / dfden : INFINITY;
    r->df = 1;
    double t = fabs(r->stat);
    r->p = isfinite(r->df2) ? 2 * gsl_cdf_tdist_Q(t, r->df2) : 2 * gsl_cdf_ugaussian_Q(t);
    if (r->p > 1)
        r->p = 1;
}

/* ---- all histograms ---- */

static bool compare_one(const tally_t *a, const tally_t *b, int h, work_t *w,
                        compare_result_t *r)
{
    memset(r, 0, sizeof *r);
    r->hist = h;
    r->family = compare_family(h);
    r->stat = r->p = r->p_holm = r->effect = r->a_value = r->b_value = NAN;
    r->df = r->df2 = NAN;
    r->dispersion = 1;
    r->bin = -1;
    r->effect_name = "";
    int slots = tally_hist_slots(h);
    w->ns = strata_of(a, b, strcmp(TALLY_HISTS[h].name, "type") == 0, w->s);
    for (int s = 0; s < w->ns; s++) {
        uint64_t *xa = w->sa + (size_t)s * slots, *xb = w->sb + (size_t)s * slots;
        tally_sum(a, h, w->s[s].dlevel, w->s[s].dlevel, w->s[s].mask, xa);
        tally_sum(b, h, w->s[s].dlevel, w->s[s].dlevel, w->s[s].mask, xb);
        w->la[s] = tally_levels(a, w->s[s].dlevel, w->s[s].dlevel, w->s[s].mask);
        w->lb[s] = tally_levels(b, w->s[s].dlevel, w->s[s].dlevel, w->s[s].mask);
        w->na[s] = w->nb[s] = 0;
        if (TALLY_HISTS[h].kind == HIST_COUNTS)
            for (int i = 0; i < slots; i++) {
                w->na[s] += xa[i];
                w->nb[s] += xb[i];
            }
    }
    if (TALLY_HISTS[h].nbins < 2 && TALLY_HISTS[h].kind == HIST_COUNTS) {
        snprintf(r->note, sizeof r->note, "one bin: the levels of each stratum");
        return true;
    }
    if (TALLY_HISTS[h].kind == HIST_MOMENTS) {
        moments(w, r);
        return true;
    }
    return counted(h, w, r);
}

int compare_tallies(const tally_t *a, const tally_t *b, bool types_drawn, bool same_names,
                    double alpha, compare_result_t *res)
{
    int maxslots = 0;
    for (int h = 0; h < TALLY_NHISTS; h++)
        if (tally_hist_slots(h) > maxslots)
            maxslots = tally_hist_slots(h);
    int dl = common_hi(a, b) - common_lo(a, b) + 1;
    size_t ns = dl > 0 ? (size_t)dl * LT__COUNT : 1;
    work_t w = {0};
    w.s = malloc(ns * sizeof *w.s);
    w.sa = malloc(ns * (size_t)maxslots * sizeof *w.sa);
    w.sb = malloc(ns * (size_t)maxslots * sizeof *w.sb);
    w.na = malloc(ns * 4 * sizeof *w.na);
    w.cell = malloc((size_t)maxslots * sizeof *w.cell);
    double *p = malloc((size_t)TALLY_NHISTS * sizeof *p);
    int *idx = malloc((size_t)TALLY_NHISTS * sizeof *idx);
    bool ok = w.s && w.sa && w.sb && w.na && w.cell && p && idx;
    if (ok) {
        w.nb = w.na + ns;
        w.la = w.nb + ns;
        w.lb = w.la + ns;
    }
    for (int h = 0; ok && h < TALLY_NHISTS; h++) {
        ok = compare_one(a, b, h, &w, &res[h]);
        const bool fixed_type = !types_drawn && strcmp(TALLY_HISTS[h].name, "type") == 0;
        if (fixed_type || (!same_names && TALLY_HISTS[h].named != TALLY_NAMED_NONE)) {
            compare_result_t *r = &res[h];
            r->test = COMPARE_NONE;
            r->stat = r->p = r->effect = r->a_value = r->b_value = r->df = r->df2 = NAN;
            r->dispersion = 1;
            r->effect_name = "";
            snprintf(r->note, sizeof r->note, "%s",
                     fixed_type ? "a report fixes the level type (run --type)"
                                : "its bins are each ruleset's own monsters or outcome rows");
        }
    }
    int differ = 0;
    /* Holm within each family, over the histograms tested. */
    for (int h = 0; ok && h < TALLY_NHISTS; h++) {
        bool first = true;
        for (int g = 0; g < h && first; g++)
            first = strcmp(res[g].family, res[h].family) != 0;
        if (!first)
            continue;
        int m = 0;
        for (int g = h; g < TALLY_NHISTS; g++)
            if (strcmp(res[g].family, res[h].family) == 0 && res[g].test != COMPARE_NONE) {
                idx[m] = g;
                p[m++] = res[g].p;
            }
        stats_holm(p, m, p);
        for (int i = 0; i < m; i++) {
            res[idx[i]].p_holm = p[i];
            res[idx[i]].differs = p[i] < alpha;
            differ += res[idx[i]].differs;
        }
    }
    free(w.s);
    free(w.sa);
    free(w.sb);
    free(w.na);
    free(w.cell);
    free(p);
    free(idx);
    return ok ? differ : -1;
}

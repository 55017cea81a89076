/* compare.c - see compare.h, whose header holds the formulas.  The
 * statistics of `drlsim compare`.
 *
 * Implementation notes.  The strata of every histogram (and of `type`, by
 * dlevel) are found once per comparison.  V is summed over each stratum's
 * non-empty cells only, and Q = d' V^-1 d is taken by Cholesky's factor,
 * falling back to V's eigenvectors (a generalized inverse, the rank) when
 * V is singular or nearly so: a report of 10^5 levels has histograms of
 * several hundred cells.  The stratified exact test convolves the strata's
 * hypergeometric distributions of x_s.
 */
#include "compare.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>

#include "stats.h"

const char *const COMPARE_TEST_NAME[COMPARE__COUNT] = {"none", "cmh", "cmh-dispersion",
                                                        "fisher", "rate", "means"};

/* The families: the first prefix a histogram's name starts with names it
 * (so longer prefixes come first where they overlap).  Groups of TALLY_ROWS
 * by what generates them; Holm's correction runs within each. */
static const struct {
    const char *prefix, *family;
} FAMILIES[] = {
    {"levels", "levels"},       {"type", "levels"},           {"failure", "levels"},
    {"style", "levels"},
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
    {"seen_", "observed"}, /* the observer of the finished level (observer.h) */
    {"range_", "range"},   /* the range metrics' pairs (run --range, src/gen/metrics.h) */
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
    unsigned mask;     /* types summed */
    uint64_t la, lb;   /* levels on each side */
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
            uint64_t x = tally_levels(a, d, d, TALLY_ALL_TYPES);
            uint64_t y = tally_levels(b, d, d, TALLY_ALL_TYPES);
            if (x && y)
                out[n++] = (stratum_t){d, TALLY_ALL_TYPES, x, y};
            continue;
        }
        for (int t = 0; t < LT__COUNT; t++) {
            uint64_t x = tally_levels(a, d, d, 1u << t), y = tally_levels(b, d, d, 1u << t);
            if (x && y)
                out[n++] = (stratum_t){d, 1u << t, x, y};
        }
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

double compare_exact_strata(int ns, const compare_table_t *t)
{
    /* the pmf of sum_s x_s, x_s hypergeometric: c1 successes and c2 failures,
     * n1 drawn; convolved stratum by stratum */
    size_t len = 1;
    uint64_t obs = 0;
    for (int s = 0; s < ns; s++) {
        if (t[s].n1 > UINT_MAX || t[s].c1 > UINT_MAX || t[s].c2 > UINT_MAX ||
            t[s].c1 + t[s].c2 > UINT_MAX) /* beyond gsl_ran_hypergeometric_pdf */
            return NAN;
        uint64_t lo = t[s].n1 > t[s].c2 ? t[s].n1 - t[s].c2 : 0;
        uint64_t hi = t[s].n1 < t[s].c1 ? t[s].n1 : t[s].c1;
        len += hi - lo;
        obs += t[s].x - lo;
    }
    if (len > COMPARE_EXACT_MAX)
        return NAN;
    double *f = calloc(len * 2, sizeof *f);
    if (!f)
        return NAN;
    double *g = f + len;
    f[0] = 1;
    size_t used = 1;
    for (int s = 0; s < ns; s++) {
        uint64_t lo = t[s].n1 > t[s].c2 ? t[s].n1 - t[s].c2 : 0;
        uint64_t hi = t[s].n1 < t[s].c1 ? t[s].n1 : t[s].c1;
        memset(g, 0, (used + hi - lo) * sizeof *g);
        for (uint64_t x = lo; x <= hi; x++) {
            double px = gsl_ran_hypergeometric_pdf((unsigned)x, (unsigned)t[s].c1,
                                                   (unsigned)t[s].c2, (unsigned)t[s].n1);
            if (px == 0)
                continue;
            for (size_t i = 0; i < used; i++)
                g[i + (x - lo)] += f[i] * px;
        }
        used += hi - lo;
        memcpy(f, g, used * sizeof *f);
    }
    double p0 = f[obs], p = 0;
    for (size_t i = 0; i < used; i++)
        if (f[i] <= p0 * (1 + 1e-7))
            p += f[i];
    free(f);
    return p > 1 ? 1 : p;
}

double compare_fisher(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    /* a ~ hypergeometric: row 1 of n1 = a + b draws from c1 = a + c
     * successes among N */
    compare_table_t t = {a, a + b, a + c, b + d};
    return compare_exact_strata(1, &t);
}

/* ---- counted histograms ---- */

typedef struct work {
    int ns;
    stratum_t *s;
    int ns_type, ns_dlevel;        /* the strata of every histogram, and of `type` */
    stratum_t *s_type, *s_dlevel;
    uint64_t *sa, *sb; /* [ns][nbins] counts */
    uint64_t *na, *nb; /* [ns] observations */
    uint64_t *la, *lb; /* [ns] levels */
    int *cell;         /* bin -> cell, -1 when the bin is empty */
} work_t;

/* Observations in the common strata on one side only, or none: the exact
 * conditional test of the two rates per level, the counts divided by the
 * cluster size m (compare.h; 1 for moment rows, one value a level). */
static void rate_test(compare_result_t *r, uint64_t ta, uint64_t tb, uint64_t la, uint64_t lb,
                      double m)
{
    r->test = COMPARE_RATE;
    r->effect_name = "diff_rate";
    r->a_value = (double)ta / (double)la;
    r->b_value = (double)tb / (double)lb;
    r->effect = r->a_value - r->b_value;
    r->stat = NAN;
    r->dispersion = m;
    uint64_t xa = (uint64_t)llround((double)ta / m), xb = (uint64_t)llround((double)tb / m);
    r->p = stats_binom_test(xa, xa + xb, (double)la / (double)(la + lb));
}

/* The most observations a level of the common strata shows: a stratum's
 * observations over its levels, largest over both sides (at least 1).  In
 * a small report's strata of one or two levels it is about the size of the
 * clusters a level's observations come in. */
static double cluster_size(const work_t *w)
{
    double m = 1;
    for (int s = 0; s < w->ns; s++) {
        if (w->la[s] && (double)w->na[s] / (double)w->la[s] > m)
            m = (double)w->na[s] / (double)w->la[s];
        if (w->lb[s] && (double)w->nb[s] / (double)w->lb[s] > m)
            m = (double)w->nb[s] / (double)w->lb[s];
    }
    return m;
}

/* Q = d' V^-1 d by V's Cholesky factor L (V = L L', Q = |L^-1 d|^2) when
 * V is well inside the positive definite matrices: every pivot L_ii^2 above
 * COMPARE_PIVOT_MIN times V's largest diagonal element.  NAN when it is not
 * (then quad_form's eigenvectors decide the rank); V is overwritten. */
static double quad_form_cholesky(gsl_matrix *v, const double *d, int k)
{
    double top = 0;
    for (int i = 0; i < k; i++)
        if (gsl_matrix_get(v, (size_t)i, (size_t)i) > top)
            top = gsl_matrix_get(v, (size_t)i, (size_t)i);
    if (top <= 0 || gsl_linalg_cholesky_decomp1(v) != GSL_SUCCESS)
        return NAN;
    double q = 0;
    double *u = malloc((size_t)k * sizeof *u);
    if (!u)
        return NAN;
    for (int i = 0; i < k; i++) { /* forward substitution: u = L^-1 d */
        double lii = gsl_matrix_get(v, (size_t)i, (size_t)i);
        if (lii * lii <= COMPARE_PIVOT_MIN * top) {
            free(u);
            return NAN;
        }
        double x = d[i];
        for (int j = 0; j < i; j++)
            x -= gsl_matrix_get(v, (size_t)i, (size_t)j) * u[j];
        u[i] = x / lii;
        q += u[i] * u[i];
    }
    free(u);
    return q;
}

/* Q = d' V^- d (V symmetric, positive semidefinite); *rank its rank (-1:
 * out of memory).  A well-conditioned V by its Cholesky factor; else over
 * the eigenvectors of V, those of eigenvalues below 1e-10 of the largest
 * left out (a generalized inverse). */
static double quad_form(gsl_matrix *v, const double *d, int k, int *rank)
{
    gsl_matrix *c = gsl_matrix_alloc((size_t)k, (size_t)k);
    if (c) {
        gsl_matrix_memcpy(c, v);
        double q = quad_form_cholesky(c, d, k);
        gsl_matrix_free(c);
        if (!isnan(q)) {
            *rank = k;
            return q;
        }
    }
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
        rate_test(r, all_a, all_b, la, lb, cluster_size(w));
        free(ta);
        return true;
    }
    int nonzero = 0;
    for (int i = 0; i < nb; i++)
        nonzero += ta[i] + tb[i] > 0;
    /* the report of fewer levels in the tested strata, and its
     * observations per level: with few levels, the least the dispersion can
     * be (each level one observation) */
    uint64_t lta = 0, ltb = 0;
    for (int s = 0; s < w->ns; s++)
        if (w->na[s] && w->nb[s]) {
            lta += w->la[s];
            ltb += w->lb[s];
        }
    const double per_level = lta <= ltb ? (double)inf_a / (double)lta : (double)inf_b / (double)ltb;
    const bool few = (lta < ltb ? lta : ltb) < COMPARE_FEW_LEVELS && per_level > 1;
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
        if (!few && small * (t0 < t1 ? t0 : t1) / n < COMPARE_MIN_EXPECTED) {
            compare_table_t *tab = malloc((size_t)w->ns * sizeof *tab);
            if (!tab) {
                free(ta);
                return false;
            }
            int m = 0;
            for (int s = 0; s < w->ns; s++)
                if (w->na[s] && w->nb[s]) {
                    const uint64_t *xa = w->sa + (size_t)s * nb, *xb = w->sb + (size_t)s * nb;
                    tab[m++] = (compare_table_t){xa[b1], w->na[s], xa[b1] + xb[b1],
                                                 xa[b0] + xb[b0]};
                }
            double p = compare_exact_strata(m, tab);
            free(tab);
            if (!isnan(p)) {
                r->test = COMPARE_FISHER;
                r->stat = NAN;
                r->effect = r->a_value - r->b_value;
                r->p = p;
                free(ta);
                return true;
            }
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
    int *nz = malloc((size_t)cells * sizeof *nz);
    gsl_matrix *v = gsl_matrix_calloc((size_t)k, (size_t)k);
    if (!d || !nz || !v) {
        free(d);
        free(nz);
        gsl_matrix_free(v);
        free(ta);
        return false;
    }
    double *ca = d + cells, *cb = ca + cells;
    double xsum = 0, dfsum = 0, x2sum = 0, xdsum = 0, d2sum = 0;
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
            double u = x2 * (n - 1) / n;
            xsum += u;
            dfsum += used - 1;
            x2sum += u * u;
            xdsum += u * (used - 1);
            d2sum += (double)(used - 1) * (used - 1);
        }
        if (n > 1) { /* over the stratum's non-empty cells only */
            double f = n1 * n2 / (n - 1);
            int m = 0;
            for (int c = 0; c < k; c++)
                if (ca[c] + cb[c] > 0)
                    nz[m++] = c;
            for (int x = 0; x < m; x++) {
                double pc = (ca[nz[x]] + cb[nz[x]]) / n;
                double *row = gsl_matrix_ptr(v, (size_t)nz[x], 0);
                row[nz[x]] += f * pc;
                for (int y = 0; y < m; y++)
                    row[nz[y]] -= f * pc * (ca[nz[y]] + cb[nz[y]]) / n;
            }
        }
    }
    int rank;
    double q = quad_form(v, d, k, &rank);
    gsl_matrix_free(v);
    free(d);
    free(nz);
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
    const bool estimable = dfh >= COMPARE_MIN_DISPERSION_DF;
    double phi = estimable ? (xsum - q) / dfh : 1, kappa = 1;
    if (estimable) { /* the strata's spread (compare.h) */
        double f = xsum / dfsum;
        double m2 = (x2sum - 2 * f * xdsum + f * f * d2sum) / (2 * dfsum);
        if (m2 > f * f)
            kappa = m2 / (f * f);
    }
    if (phi < 1)
        phi = 1;
    if (few && per_level > phi) {
        r->test = COMPARE_CMH_F;
        r->dispersion = per_level;
        r->df2 = INFINITY;
        r->stat = q / rank / per_level;
        r->p = gsl_cdf_chisq_Q(q / per_level, rank);
    } else if (phi > 1 || kappa > 1) {
        r->test = COMPARE_CMH_F;
        r->dispersion = phi;
        r->spread = kappa;
        r->df2 = dfh / kappa;
        r->stat = q / rank / phi;
        r->p = gsl_cdf_fdist_Q(r->stat, rank / kappa, dfh / kappa);
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
    double wsum = 0, dsum = 0, var = 0, ss = 0, dfs = 0, ma = 0, mb = 0, top = 0;
    for (int s = 0; s < w->ns; s++) {
        const uint64_t *a = w->sa + (size_t)s * MOM__COUNT, *b = w->sb + (size_t)s * MOM__COUNT;
        all_a += a[MOM_N];
        all_b += b[MOM_N];
        la += w->la[s];
        lb += w->lb[s];
        if (!a[MOM_N] || !b[MOM_N])
            continue;
        r->strata++;
        double n1 = (double)a[MOM_N], n2 = (double)b[MOM_N], n = n1 + n2;
        double m1 = (double)a[MOM_SUM] / n1, m2 = (double)b[MOM_SUM] / n2;
        /* both sides' values around their common mean: the sum of squares
         * of the stratum's n values under the null, whose permutation
         * variance it gives */
        long double sum = (long double)a[MOM_SUM] + b[MOM_SUM];
        long double q = (long double)a[MOM_SUMSQ] + b[MOM_SUMSQ] - sum * sum / n;
        double s2 = q > 0 ? (double)q / (n - 1) : 0;
        double wt = n1 * n2 / n;
        wsum += wt;
        dsum += wt * (m1 - m2);
        ma += wt * m1;
        mb += wt * m2;
        var += wt * s2;
        ss += q > 0 ? (double)q : 0;
        dfs += n - 1;
        /* the most one value can move the stratum's term: its range over
         * the smaller side's count, weighted */
        uint64_t lo = a[MOM_MIN] < b[MOM_MIN] ? a[MOM_MIN] : b[MOM_MIN];
        uint64_t hi = a[MOM_MAX] > b[MOM_MAX] ? a[MOM_MAX] : b[MOM_MAX];
        double one = wt * (double)(hi - lo) / (n1 < n2 ? n1 : n2);
        if (one > top)
            top = one;
    }
    r->n_a = all_a;
    r->n_b = all_b;
    if (!all_a && !all_b) {
        snprintf(r->note, sizeof r->note, "no observations in the common strata");
        return;
    }
    if (!r->strata) {
        rate_test(r, all_a, all_b, la, lb, 1);
        return;
    }
    if (var <= 0) {
        snprintf(r->note, sizeof r->note, "one value in every common stratum, on both sides");
        return;
    }
    r->test = COMPARE_MEANS;
    r->effect_name = "diff_sd";
    double diff = dsum / wsum;
    r->a_value = ma / wsum;
    r->b_value = mb / wsum;
    r->effect = diff / sqrt(ss / dfs);
    r->stat = dsum / sqrt(var);
    r->df = 1;
    double m = top / sqrt(var), z = fabs(r->stat);
    r->p = 2 * gsl_cdf_ugaussian_Q(z / sqrt(1 + m * z / 3));
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
    r->dispersion = r->spread = 1;
    r->bin = -1;
    r->effect_name = "";
    int slots = tally_hist_slots(h);
    const bool by_dlevel = strcmp(TALLY_HISTS[h].name, "type") == 0;
    w->ns = by_dlevel ? w->ns_dlevel : w->ns_type;
    memcpy(w->s, by_dlevel ? w->s_dlevel : w->s_type, (size_t)w->ns * sizeof *w->s);
    for (int s = 0; s < w->ns; s++) {
        uint64_t *xa = w->sa + (size_t)s * slots, *xb = w->sb + (size_t)s * slots;
        tally_sum(a, h, w->s[s].dlevel, w->s[s].dlevel, w->s[s].mask, xa);
        tally_sum(b, h, w->s[s].dlevel, w->s[s].dlevel, w->s[s].mask, xb);
        w->la[s] = w->s[s].la;
        w->lb[s] = w->s[s].lb;
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
    w.s = malloc(ns * 3 * sizeof *w.s);
    w.sa = malloc(ns * (size_t)maxslots * sizeof *w.sa);
    w.sb = malloc(ns * (size_t)maxslots * sizeof *w.sb);
    w.na = malloc(ns * 4 * sizeof *w.na);
    w.cell = malloc((size_t)maxslots * sizeof *w.cell);
    double *p = malloc((size_t)TALLY_NHISTS * sizeof *p);
    int *idx = malloc((size_t)TALLY_NHISTS * sizeof *idx);
    bool ok = w.s && w.sa && w.sb && w.na && w.cell && p && idx;
    if (ok) {
        w.s_type = w.s + ns;
        w.s_dlevel = w.s_type + ns;
        w.ns_type = strata_of(a, b, false, w.s_type);
        w.ns_dlevel = strata_of(a, b, true, w.s_dlevel);
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
            r->dispersion = r->spread = 1;
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

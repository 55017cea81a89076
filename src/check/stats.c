/* stats.c - the statistical tests of the conformance engine.
 *
 * Monte Carlo samples here are large (10^5 to 10^8 levels per check), which
 * is where GSL's binomial CDF and beta quantiles give up: gsl_cdf_binomial_P
 * (2.5e6, 0.25, 1e7) and gsl_cdf_beta_Pinv(0.0005, 2.5e6, 7.5e6) return NaN
 * because the incomplete beta continued fraction runs out of iterations.  So
 * the binomial side is computed here directly: the pmf by Loader's
 * saddle-point formula (C. Loader, "Fast and accurate computation of binomial
 * probabilities", 2000: Stirling-series remainders and the deviance term
 * bd0, accurate to about 1e-15 relative for any n), tails as sums of pmf
 * terms walked away from the mode by the ratio recurrence (so a tiny tail
 * keeps its relative accuracy and costs O(sqrt(n p q)) terms at most), and
 * the Clopper-Pearson bounds by bisection on those exact tails.  GSL remains
 * the source of the chi-square and normal distributions, which are robust.
 */
#include "stats.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>

/* ---- chi-square goodness of fit ---- */

void stats_chisq_gof(const uint64_t *obs, const double *prob, int k, stats_chisq_t *out)
{
    assert(k >= 1 && k <= STATS_MAX_CELLS);
    memset(out, 0, sizeof *out);
    uint64_t n = 0;
    for (int i = 0; i < k; i++)
        n += obs[i];
    out->n = n;
    out->p = 1.0;
    for (int i = 0; i < k; i++) {
        if (prob[i] <= 0.0 && obs[i] > 0) {
            out->impossible = true;
            out->stat = INFINITY;
            out->w = INFINITY;
            out->p = 0.0;
            return;
        }
    }
    if (n == 0)
        return;

    /* The categories that can occur, by expected count ascending (ties by
     * index, so the pooling never depends on sort internals). */
    int idx[STATS_MAX_CELLS];
    int m = 0;
    for (int i = 0; i < k; i++)
        if (prob[i] > 0.0)
            idx[m++] = i;
    for (int a = 1; a < m; a++) {  /* insertion sort: stable, k is small */
        int v = idx[a], b = a;
        while (b > 0 && prob[idx[b - 1]] > prob[v]) {
            idx[b] = idx[b - 1];
            b--;
        }
        idx[b] = v;
    }
    double dn = (double)n;
    int pooled = 0;
    double pool_e = 0.0, pool_o = 0.0;
    while (pooled < m && prob[idx[pooled]] * dn < STATS_MIN_EXPECTED) {
        pool_e += prob[idx[pooled]] * dn;
        pool_o += (double)obs[idx[pooled]];
        pooled++;
    }
    /* A pooled cell that is still too small takes the next smallest ones. */
    while (pooled > 0 && pooled < m && pool_e < STATS_MIN_EXPECTED) {
        pool_e += prob[idx[pooled]] * dn;
        pool_o += (double)obs[idx[pooled]];
        pooled++;
    }
    double stat = 0.0;
    for (int a = pooled; a < m; a++) {
        double e = prob[idx[a]] * dn;
        double d = (double)obs[idx[a]] - e;
        stat += d * d / e;
    }
    if (pooled > 0) {
        double d = pool_o - pool_e;
        stat += d * d / pool_e;
    }
    out->cells = (m - pooled) + (pooled > 0);
    out->pooled = pooled;
    out->dof = out->cells - 1;
    out->stat = stat;
    out->w = sqrt(stat / dn);
    out->p = out->dof >= 1 ? gsl_cdf_chisq_Q(stat, out->dof) : 1.0;
}

/* ---- binomial distribution ---- */

#define STATS_LN_2PI 1.8378770664093454836 /* log(2 pi) */

/* log(n!) - log(sqrt(2 pi n) (n/e)^n): the error of Stirling's formula. */
static double stirlerr(double n)
{
    static const double S0 = 1.0 / 12, S1 = 1.0 / 360, S2 = 1.0 / 1260, S3 = 1.0 / 1680,
                        S4 = 1.0 / 1188;
    if (n <= 15.0)
        return gsl_sf_lngamma(n + 1.0) - (n + 0.5) * log(n) + n - 0.5 * STATS_LN_2PI;
    double nn = n * n;
    if (n > 500)
        return (S0 - S1 / nn) / n;
    if (n > 80)
        return (S0 - (S1 - S2 / nn) / nn) / n;
    if (n > 35)
        return (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n;
    return (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n;
}

/* x log(x/m) + m - x, without cancellation when x is close to m. */
static double bd0(double x, double m)
{
    if (fabs(x - m) < 0.1 * (x + m)) {
        double v = (x - m) / (x + m);
        double s = (x - m) * v;
        double ej = 2.0 * x * v;
        v *= v;
        for (int j = 1; j < 1000; j++) {
            ej *= v;
            double s1 = s + ej / (2 * j + 1);
            if (s1 == s)
                return s1;
            s = s1;
        }
        return s;
    }
    return x * log(x / m) + m - x;
}

double stats_binom_pmf(uint64_t x, uint64_t n, double p)
{
    if (x > n)
        return 0.0;
    if (p <= 0.0)
        return x == 0 ? 1.0 : 0.0;
    if (p >= 1.0)
        return x == n ? 1.0 : 0.0;
    double q = 1.0 - p, dn = (double)n, dx = (double)x;
    if (x == 0)
        return exp(dn * log1p(-p));
    if (x == n)
        return exp(dn * log(p));
    double lc = stirlerr(dn) - stirlerr(dx) - stirlerr(dn - dx) - bd0(dx, dn * p) -
                bd0(dn - dx, dn * q);
    double lf = STATS_LN_2PI + log(dx) + log1p(-dx / dn);
    return exp(lc - 0.5 * lf);
}

static uint64_t binom_mode(uint64_t n, double p)
{
    double m = floor(((double)n + 1.0) * p);
    return m >= (double)n ? n : (uint64_t)m;
}

/* Terms smaller than this share of the running sum end a tail walk. */
#define TAIL_EPS 1e-17

double stats_binom_le(uint64_t x, uint64_t n, double p)
{
    if (x >= n || p <= 0.0)
        return 1.0;
    if (p >= 1.0)
        return 0.0;
    if (x >= binom_mode(n, p))
        return 1.0 - stats_binom_ge(x + 1, n, p);
    /* Below the mode the terms fall as we walk down: sum them from x. */
    double q = 1.0 - p, t = stats_binom_pmf(x, n, p), s = t;
    for (uint64_t i = x; i > 0 && t > s * TAIL_EPS; i--) {
        t *= (double)i * q / ((double)(n - i + 1) * p);
        s += t;
    }
    return s > 1.0 ? 1.0 : s;
}

double stats_binom_ge(uint64_t x, uint64_t n, double p)
{
    if (x == 0)
        return 1.0;
    if (x > n || p <= 0.0)
        return 0.0;
    if (p >= 1.0)
        return 1.0;
    if (x <= binom_mode(n, p))
        return 1.0 - stats_binom_le(x - 1, n, p);
    double q = 1.0 - p, t = stats_binom_pmf(x, n, p), s = t;
    for (uint64_t i = x; i < n && t > s * TAIL_EPS; i++) {
        t *= (double)(n - i) * p / ((double)(i + 1) * q);
        s += t;
    }
    return s > 1.0 ? 1.0 : s;
}

double stats_binom_test(uint64_t x, uint64_t n, double p0)
{
    assert(x <= n);
    if (n == 0)
        return 1.0;
    if (p0 <= 0.0)
        return x == 0 ? 1.0 : 0.0;
    if (p0 >= 1.0)
        return x == n ? 1.0 : 0.0;
    double m = (double)n * p0;
    if ((double)x == m)
        return 1.0;
    /* R's relative tolerance: outcomes within 1e-7 of x's probability count
     * as "as likely", so rounding never splits a tie of a symmetric pmf. */
    double d = stats_binom_pmf(x, n, p0) * (1.0 + 1e-7);
    double pv;
    if ((double)x < m) {
        /* The pmf does not increase on ceil(m)..n: find the first outcome
         * there that is no more likely than x. */
        uint64_t lo = (uint64_t)ceil(m), hi = n + 1;
        while (lo < hi) {
            uint64_t mid = lo + (hi - lo) / 2;
            if (stats_binom_pmf(mid, n, p0) <= d)
                hi = mid;
            else
                lo = mid + 1;
        }
        pv = stats_binom_le(x, n, p0) + stats_binom_ge(lo, n, p0);
    } else {
        /* The pmf does not decrease on 0..floor(m): find the last outcome
         * there that is no more likely than x (none: lo = 0). */
        uint64_t lo = 0, hi = (uint64_t)floor(m) + 1; /* answer + 1 in lo..hi */
        while (lo < hi) {
            uint64_t mid = lo + (hi - lo) / 2;
            if (stats_binom_pmf(mid, n, p0) <= d)
                lo = mid + 1;
            else
                hi = mid;
        }
        pv = (lo > 0 ? stats_binom_le(lo - 1, n, p0) : 0.0) + stats_binom_ge(x, n, p0);
    }
    return pv > 1.0 ? 1.0 : pv;
}

void stats_wilson(uint64_t x, uint64_t n, double alpha, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    double z = gsl_cdf_ugaussian_Qinv(alpha / 2.0), dn = (double)n, ph = (double)x / dn;
    double z2 = z * z, den = 1.0 + z2 / dn;
    double c = (ph + z2 / (2.0 * dn)) / den;
    double h = z / den * sqrt(ph * (1.0 - ph) / dn + z2 / (4.0 * dn * dn));
    /* The bounds at x = 0 and x = n are exactly 0 and 1 (c - h there is 0
     * in exact arithmetic; in doubles it is a rounding residue like 1e-20). */
    *lo = x == 0 || c - h < 0.0 ? 0.0 : c - h;
    *hi = x == n || c + h > 1.0 ? 1.0 : c + h;
}

/* The p in [a, b] where tail(p) crosses target; tail increasing in p when
 * up is true.  Bisection to a relative width of 1e-14. */
static double bisect_tail(uint64_t x, uint64_t n, double target, bool up, double a, double b)
{
    for (int it = 0; it < 300; it++) {
        double mid = 0.5 * (a + b);
        if (mid <= a || mid >= b || b - a <= 1e-14 * b)
            break;
        double t = up ? stats_binom_ge(x, n, mid) : stats_binom_le(x, n, mid);
        bool below = up ? t < target : t > target; /* root lies above mid */
        if (below)
            a = mid;
        else
            b = mid;
    }
    return 0.5 * (a + b);
}

void stats_clopper_pearson(uint64_t x, uint64_t n, double alpha, double *lo, double *hi)
{
    assert(x <= n);
    if (n == 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    double ph = (double)x / (double)n, t = alpha / 2.0;
    /* Lower: P(X >= x; p) = alpha/2, increasing in p, root in [0, x/n]. */
    *lo = x == 0 ? 0.0 : bisect_tail(x, n, t, true, 0.0, ph);
    /* Upper: P(X <= x; p) = alpha/2, decreasing in p, root in [x/n, 1]. */
    *hi = x == n ? 1.0 : bisect_tail(x, n, t, false, ph, 1.0);
}

double stats_exact_p(uint64_t others)
{
    return others == 0 ? 1.0 : 0.0;
}

/* ---- Holm-Bonferroni ---- */

void stats_holm(const double *p, int m, double *adj)
{
    if (m <= 0)
        return;
    int *ord = malloc((size_t)m * sizeof *ord);
    double *tmp = malloc((size_t)m * sizeof *tmp);
    assert(ord && tmp);
    for (int i = 0; i < m; i++)
        ord[i] = i;
    for (int a = 1; a < m; a++) {  /* stable insertion sort by p */
        int v = ord[a], b = a;
        while (b > 0 && p[ord[b - 1]] > p[v]) {
            ord[b] = ord[b - 1];
            b--;
        }
        ord[b] = v;
    }
    double run = 0.0;
    for (int r = 0; r < m; r++) {
        double a = (double)(m - r) * p[ord[r]];
        if (a > 1.0)
            a = 1.0;
        if (a < run)  /* step-down: adjusted values never decrease */
            a = run;
        run = a;
        tmp[ord[r]] = a;
    }
    memcpy(adj, tmp, (size_t)m * sizeof *adj);
    free(ord);
    free(tmp);
}

/* ---- power and minimum detectable effects ---- */

double stats_ncchisq_P(double x, double dof, double lambda)
{
    if (x <= 0.0)
        return 0.0;
    if (lambda <= 0.0)
        return gsl_cdf_chisq_P(x, dof);
    /* sum_j Poisson(j; lambda/2) P(chi2(dof + 2j) <= x), walked outward from
     * the Poisson mode so the heavy terms come first; both directions stop
     * once the weights are negligible. */
    double mu = lambda / 2.0;
    unsigned j0 = (unsigned)floor(mu);
    double s = 0.0;
    for (unsigned j = j0;; j++) {
        double w = gsl_ran_poisson_pdf(j, mu);
        s += w * gsl_cdf_chisq_P(x, dof + 2.0 * j);
        if (w < 1e-18 && j > j0)
            break;
    }
    for (unsigned j = j0; j-- > 0;) {
        double w = gsl_ran_poisson_pdf(j, mu);
        s += w * gsl_cdf_chisq_P(x, dof + 2.0 * j);
        if (w < 1e-18)
            break;
    }
    return s > 1.0 ? 1.0 : s;
}

double stats_mde_chisq(uint64_t n, int dof, double alpha, double power)
{
    if (n == 0 || dof < 1)
        return INFINITY;
    double crit = gsl_cdf_chisq_Qinv(alpha, dof);
    double a = 0.0, b = 1.0;
    while (1.0 - stats_ncchisq_P(crit, dof, b) < power)
        b *= 2.0;
    for (int it = 0; it < 200 && b - a > 1e-12 * b; it++) {
        double mid = 0.5 * (a + b);
        if (1.0 - stats_ncchisq_P(crit, dof, mid) < power)
            a = mid;
        else
            b = mid;
    }
    return sqrt(0.5 * (a + b) / (double)n);
}

double stats_mde_exact(uint64_t n, double power)
{
    if (n == 0)
        return INFINITY;
    return -expm1(log1p(-power) / (double)n);
}

/* |p1 - p0| sqrt(n) - za sqrt(p0 q0) - zb sqrt(p1 q1): zero at the
 * detectable p1 of the normal approximation. */
static double mde_gap(double p1, double p0, double sn, double za, double zb)
{
    return fabs(p1 - p0) * sn - za * sqrt(p0 * (1.0 - p0)) - zb * sqrt(p1 * (1.0 - p1));
}

/* Root of mde_gap between p0 (negative there) and the end e, or NaN. */
static double mde_side(double p0, double e, double sn, double za, double zb)
{
    if (mde_gap(e, p0, sn, za, zb) < 0.0)
        return NAN;
    double a = p0, b = e; /* gap(a) < 0 <= gap(b) */
    for (int it = 0; it < 200 && fabs(b - a) > 1e-15; it++) {
        double mid = 0.5 * (a + b);
        if (mde_gap(mid, p0, sn, za, zb) < 0.0)
            a = mid;
        else
            b = mid;
    }
    return fabs(0.5 * (a + b) - p0);
}

double stats_mde_proportion(uint64_t n, double p0, double alpha, double power)
{
    if (n == 0)
        return INFINITY;
    if (p0 <= 0.0 || p0 >= 1.0)
        return stats_mde_exact(n, power);
    double sn = sqrt((double)n);
    double za = gsl_cdf_ugaussian_Qinv(alpha / 2.0), zb = gsl_cdf_ugaussian_Pinv(power);
    double up = mde_side(p0, 1.0, sn, za, zb), down = mde_side(p0, 0.0, sn, za, zb);
    if (isnan(up) && isnan(down))
        return INFINITY;
    if (isnan(up))
        return down;
    if (isnan(down))
        return up;
    return up < down ? up : down;
}

void stats_summarize_moments(uint64_t n, double sum, double sumsq, int min, int max, double alpha,
                             stats_summary_t *s)
{
    *s = (stats_summary_t){0, 0, 0, 0, 0, -1, -1};
    if (n == 0)
        return;
    const double dn = (double)n;
    s->n = n;
    s->min = min;
    s->max = max;
    s->mean = sum / dn;
    const double var = n > 1 ? (sumsq - dn * s->mean * s->mean) / (dn - 1) : 0;
    s->sd = var > 0 ? sqrt(var) : 0;
    const double q = n > 1 ? gsl_cdf_tdist_Pinv(1 - alpha / 2, dn - 1) : 0;
    s->lo = s->mean - q * s->sd / sqrt(dn);
    s->hi = s->mean + q * s->sd / sqrt(dn);
}

void stats_summarize_counts(const uint64_t *bins, int nbins, double alpha, stats_summary_t *s)
{
    uint64_t n = 0;
    double sum = 0, sumsq = 0;
    int min = -1, max = -1;
    for (int v = 0; v < nbins; v++) {
        if (!bins[v])
            continue;
        n += bins[v];
        sum += (double)bins[v] * v;
        sumsq += (double)bins[v] * v * (double)v;
        if (min < 0)
            min = v;
        max = v;
    }
    stats_summarize_moments(n, sum, sumsq, min, max, alpha, s);
}

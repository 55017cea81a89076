/* compare.h - two run reports' histograms compared by two-sample tests.
 *
 * The tests behind `drlsim compare` (docs/guide.md, "How it compares"):
 * every histogram of TALLY_HISTS is compared between two tallies a and b
 * within the strata s = (dlevel, level type) that both hold, and the strata
 * are combined, never summed, so jobs whose levels fall on the strata in
 * other proportions are compared like with like.  The null hypothesis is
 * that both reports come from one job: in every stratum the same
 * distribution, so under it the two sides' observations of a stratum are
 * one sample, whose variance the tests take from both sides together (a
 * small report's stratum of one level, or of zeros only, has no variance of
 * its own and needs none).  Holm's correction within each family
 * (compare_family).  Pure: reads two tallies, writes results.
 *
 * Counted histograms.  Stratum s: n1, n2 observations (N = n1 + n2), O_c
 * report a's count in cell c, t_c both reports', p_c = t_c / N.  The
 * generalized Cochran-Mantel-Haenszel statistic
 *   d = sum_s (O - n1 p),  V = sum_s n1 n2 / (N - 1) (diag(p) - p p'),
 *   Q = d' V^- d,  chi-square with df = rank V under the null
 * (cells: the bins after pooling, below).  Several observations a level
 * (rooms, monsters) are not independent; the strata are replicates that
 * show by how much.  With u_s = X2_s (N - 1) / N each stratum's Pearson
 * statistic (its own Q) and f_s its cells - 1:
 *   dispersion  phi   = max(1, (sum u_s - Q) / (sum f_s - df)),
 *   spread      kappa = max(1, m2 / phibar^2),  phibar = sum u_s / sum f_s,
 *                       m2 = sum_s (u_s - phibar f_s)^2 / (2 sum f_s),
 *   F = Q / (df phi)  against F(df / kappa, (sum f_s - df) / kappa),
 * the first and second order corrections of Rao and Scott (1984): under
 * clustering u_s is a sum of f_s terms lambda_i chi-square(1), of mean
 * f_s mean(lambda) and variance 2 f_s mean(lambda^2), and Q is
 * Satterthwaite's phi kappa chi-square(df / kappa).  Both are estimated
 * from sum f_s - df >= COMPARE_MIN_DISPERSION_DF only (else 1).  When the
 * report of fewer levels has L < COMPARE_FEW_LEVELS levels in the tested
 * strata and m = (its observations) / L > 1, the strata cannot show the
 * clustering reliably and the dispersion is at least m (every level counted
 * as one observation): if m > phi, Q / m against chi-square(df).
 *
 * Sparse cells: over the strata summed, every bin whose expected count in
 * the smaller report, min(n_a, n_b) t / N, is below COMPARE_MIN_EXPECTED
 * goes into one pooled cell; while the pooled cell is still below, the bin
 * with the next smallest total joins it.  Two bins with a small expected
 * count (and no few-levels dispersion): the exact stratified test
 * (compare_exact_strata).  No stratum with observations on both sides: the
 * exact conditional test of the two rates per level, in clusters,
 *   y_a ~ Binomial(y_a + y_b, L_a / (L_a + L_b)),  y = round(x / c),
 * x a report's observations, L its levels in the common strata, and c the
 * cluster size, the most observations per level of a common stratum on
 * either side (at least 1; a small report's strata of a level or two show
 * how many observations one level gives, e.g. the three rivers of a
 * three-river level) (stats_binom_test; a moment row's c is 1).
 *
 * Moment rows (one value per level; n, sum, sum of squares, min, max per
 * stratum).  Stratum s with n1, n2 >= 1 values (n = n1 + n2), means m1, m2:
 *   w_s = n1 n2 / n,  S2_s = the variance of its n values together,
 *   D = sum_s w_s (m1 - m2),  Var0(D) = sum_s w_s S2_s,  z = D / sqrt(Var0),
 * the normal form of the stratified permutation test of the means (the CMH
 * mean score statistic): Var0 is D's variance over every way of dealing the
 * stratum's values to the two sides.  Rare large values (unreachable cells,
 * retries) make a small side's mean far from normal, so one level's reach
 * enters as in Bernstein's inequality:
 *   r = max_s w_s (max_s - min_s) / min(n1, n2) / sqrt(Var0),
 *   p = 2 Phi(-|z| / sqrt(1 + r |z| / 3)),
 * (max_s - min_s: the range of both sides' values), the normal test when no
 * single value can move D much (r -> 0).  Effect: (sum w_s (m1 - m2) /
 * sum w_s) over the sd of the values within strata, both sides together.
 * No variation in any common stratum: not tested.
 */
#ifndef DRLSIM_COMPARE_H
#define DRLSIM_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

#include "tally.h"

/* Cells whose expected count in the smaller sample is below this are
 * pooled (Cochran's rule, as STATS_MIN_EXPECTED for the checks). */
#define COMPARE_MIN_EXPECTED 5.0

/* The dispersion is estimated only from this many degrees of freedom of
 * heterogeneity or more: from fewer, its estimate is mostly noise (and
 * mostly an effect that differs between strata), and an F test with so few
 * denominator df would miss plain differences. */
#define COMPARE_MIN_DISPERSION_DF 5

/* A histogram of several observations a level whose smaller report has
 * fewer levels than this in the tested strata: its dispersion is at least
 * that report's observations per level (the header).  The calibration test
 * (tests/test_compare_calibration.c) holds 300- and 6-level reports to
 * their alpha with it. */
#define COMPARE_FEW_LEVELS 1000

/* Q = d' V^-1 d is taken by Cholesky's factor when every pivot is above
 * this share of V's largest diagonal element, else by V's eigenvectors
 * (which find its rank): the two agree to rounding on such a V. */
#define COMPARE_PIVOT_MIN 1e-9

typedef enum compare_test {
    COMPARE_NONE = 0, /* not tested: note says why */
    COMPARE_CMH,      /* generalized CMH chi-square, df = cells - 1 */
    COMPARE_CMH_F,    /* the same over the strata's dispersion: F(df, df2) */
    COMPARE_FISHER,   /* two bins, small counts: Fisher's exact test (strata summed) */
    COMPARE_RATE,     /* one side has no observation: exact test of the rates per level */
    COMPARE_MEANS,    /* moment rows: the stratified permutation test of the means, z */
    COMPARE__COUNT
} compare_test_t;

extern const char *const COMPARE_TEST_NAME[COMPARE__COUNT];

typedef struct compare_result {
    int hist;               /* TALLY_HISTS index */
    const char *family;     /* compare_family(hist) */
    compare_test_t test;
    uint64_t n_a, n_b;      /* observations in the common strata */
    int strata;             /* strata with observations on both sides */
    int cells, pooled;      /* cells tested; bins merged into the pooled cell */
    double stat;            /* Q, F, t (Fisher, rate: NAN) */
    double df, df2;         /* degrees of freedom (df2: F's denominator, Welch's df) */
    double dispersion;      /* the variance factor used (1: none) */
    double spread;          /* the second-order factor kappa dividing the F test's df (1: none) */
    double p, p_holm;
    /* Effect size: cells "cramers_v" sqrt(Q / n); two bins "diff_prop"
     * the difference of the shares of the second bin, a - b; moments
     * "diff_sd" the difference of means over the pooled within-stratum sd;
     * rates "diff_rate" observations per level, a - b. */
    const char *effect_name;
    double effect;
    double a_value, b_value; /* the compared quantities: shares, means or rates */
    int bin;                 /* two bins: the bin whose shares a_value, b_value are (-1: none) */
    bool differs;            /* p_holm < alpha */
    char note[160];          /* COMPARE_NONE: why not */
} compare_result_t;

/* The family of histogram h: its group of TALLY_ROWS by name (compare.c's
 * prefix table; docs/guide.md lists them).  Never NULL. */
const char *compare_family(int h);

/* Strata both tallies hold: (dlevel, type) with levels on both sides. */
int compare_common_strata(const tally_t *a, const tally_t *b);

/* Compare every histogram (res[0..TALLY_NHISTS-1], in TALLY_HISTS order),
 * Holm within each family at alpha; GSL's error handler must be off
 * (gsl_set_error_handler_off: a singular V is found by its return code).
 * The tallies must be of the same difficulty.  types_drawn: both jobs
 * drew their level types (no --type); else the `type` histogram is not
 * tested.  same_names: both reports' bins
 * named by the tables (monster ids, outcome rows: tables_t.bin_names) come
 * from one ruleset's tables; else those histograms are not tested (bin k is
 * a different monster in each).  Returns the number of
 * histograms that differ, or -1 when out of memory. */
int compare_tallies(const tally_t *a, const tally_t *b, bool types_drawn, bool same_names,
                    double alpha, compare_result_t *res);

/* One stratum's 2x2 table for the exact test: x of report a's n1
 * observations in the second bin, which holds c1 of both reports' and the
 * first bin c2. */
typedef struct compare_table {
    uint64_t x, n1, c1, c2;
} compare_table_t;

/* The exact conditional test of no difference in ns stratified 2x2 tables
 * (the exact form of the Mantel-Haenszel test): given every stratum's
 * margins, x_s is hypergeometric,
 *   P(x_s = x) = C(c1, x) C(c2, n1 - x) / C(c1 + c2, n1),
 * independently over the strata; T = sum_s x_s has their convolution, and
 * the two-sided p-value is the probability of the values of T no more
 * likely than the observed one (relative tolerance 1e-7, as R's
 * fisher.test).  One stratum: Fisher's exact test.  NAN when T can take
 * more than COMPARE_EXACT_MAX values or memory runs out. */
#define COMPARE_EXACT_MAX 1000000
double compare_exact_strata(int ns, const compare_table_t *t);

/* Fisher's exact test of a 2x2 table [[a, b], [c, d]], two-sided:
 * compare_exact_strata of the one table. */
double compare_fisher(uint64_t a, uint64_t b, uint64_t c, uint64_t d);

#endif

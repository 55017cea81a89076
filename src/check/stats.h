/* stats.h - the statistical tests of the conformance engine (GSL based).
 *
 * Counts in, decisions out: stats never sees a level or a histogram name.
 * Chi-square goodness of fit for categorical outcomes (with pooling of small
 * cells), the exact two-sided binomial test and its Wilson and
 * Clopper-Pearson intervals, the exact check for deterministic quantities,
 * Holm's step-down correction, and the minimum detectable effect of each
 * test at a sample size.  Every function is pure and thread-safe.
 */
#ifndef DRLSIM_STATS_H
#define DRLSIM_STATS_H

#include <stdbool.h>
#include <stdint.h>

/* Cells whose expected count is below this are pooled (Cochran's rule). */
#define STATS_MIN_EXPECTED 5.0
/* Most categories a goodness-of-fit test takes. */
#define STATS_MAX_CELLS 1024

typedef struct stats_chisq {
    uint64_t n;       /* observations */
    double stat;      /* Pearson X^2 over the pooled cells */
    int dof;          /* pooled cells - 1 (0: nothing left to test) */
    double p;         /* upper tail of chi-square(dof): gsl_cdf_chisq_Q */
    double w;         /* Cohen's effect size sqrt(X^2 / n) */
    int cells;        /* cells after pooling */
    int pooled;       /* categories merged into the "other" cell (0: none) */
    bool impossible;  /* a category of probability 0 was observed: p = 0 */
} stats_chisq_t;

/* Pearson goodness of fit of counts obs[0..k-1] against probabilities
 * prob[0..k-1] (summing to 1).  Pooling: every category with expected count
 * below STATS_MIN_EXPECTED goes into one "other" cell; while that cell's
 * expected count is still below the limit, the category with the next
 * smallest expected count joins it.  Categories of probability 0 are not
 * cells: observing one makes the test fail outright (impossible, stat =
 * +inf, p = 0).  n = 0 gives p = 1, dof = 0.  1 <= k <= STATS_MAX_CELLS. */
void stats_chisq_gof(const uint64_t *obs, const double *prob, int k, stats_chisq_t *out);

/* Binomial(n, p) probabilities, accurate for any n (Loader's saddle-point
 * form of the pmf; tails summed term by term from the far side of the mode,
 * so small tails keep their relative accuracy).  GSL's gsl_cdf_binomial_P
 * and gsl_cdf_beta_Pinv give NaN for n around 10^7, hence these. */
double stats_binom_pmf(uint64_t x, uint64_t n, double p);
double stats_binom_le(uint64_t x, uint64_t n, double p); /* P(X <= x) */
double stats_binom_ge(uint64_t x, uint64_t n, double p); /* P(X >= x) */

/* Exact two-sided binomial test of H0: p = p0 for x successes in n trials:
 * the probability of all outcomes no more likely than x (the rule of R's
 * binom.test, with its relative tolerance 1e-7).  Exact for any n. */
double stats_binom_test(uint64_t x, uint64_t n, double p0);

/* Two-sided intervals for a proportion at confidence 1 - alpha. */
void stats_wilson(uint64_t x, uint64_t n, double alpha, double *lo, double *hi);
/* Clopper-Pearson: the p where one tail of Binomial(n, p) at x equals
 * alpha/2, found by bisection on the exact tails above (equal to the beta
 * quantiles gsl_cdf_beta_Pinv(alpha/2, x, n-x+1) and
 * gsl_cdf_beta_Qinv(alpha/2, x+1, n-x), without their failure at large n). */
void stats_clopper_pearson(uint64_t x, uint64_t n, double alpha, double *lo, double *hi);

/* Exact check of a deterministic quantity: passes (returns 1) iff no
 * observation differs from the documented value, else 0.  As a p-value. */
double stats_exact_p(uint64_t others);

/* Holm-Bonferroni: adjusted p-values adj[i] for p[0..m-1] (order kept;
 * adj may alias p).  Reject hypothesis i at level alpha iff adj[i] < alpha. */
void stats_holm(const double *p, int m, double *adj);

/* Noncentral chi-square CDF P(X <= x; dof, lambda) as a Poisson(lambda/2)
 * mixture of central chi-square CDFs (GSL has no noncentral one). */
double stats_ncchisq_P(double x, double dof, double lambda);

/* Minimum detectable effects at power `power` and level alpha (two-sided).
 * Proportion: the smallest |p1 - p0| the binomial test detects, from the
 * normal approximation |p1 - p0| sqrt(n) = z(1-alpha/2) sqrt(p0 q0) +
 * z(power) sqrt(p1 q1), solved on both sides of p0 (the smaller side wins);
 * for p0 = 0 or 1 it is exact: 1 - (1 - power)^(1/n).  Infinity when no p1
 * in [0, 1] is detectable. */
double stats_mde_proportion(uint64_t n, double p0, double alpha, double power);
/* Chi-square: Cohen's w whose noncentrality n w^2 gives the test of `dof`
 * degrees of freedom this power (bisection on the noncentral CDF above). */
double stats_mde_chisq(uint64_t n, int dof, double alpha, double power);
/* Exact check: the smallest share of exceptions seen with this power,
 * 1 - (1 - power)^(1/n). */
double stats_mde_exact(uint64_t n, double power);

/* A count histogram's values (bin v holds the observations of value v):
 * their number, mean, sample sd (0 for n < 2), the two-sided interval of
 * the mean at confidence 1 - alpha (mean -+ t(1 - alpha/2, n - 1) sd /
 * sqrt(n), the mean alone for n < 2), and the least and largest value seen
 * (-1 when n = 0, and then every other field 0). */
typedef struct stats_summary {
    uint64_t n;
    double mean, sd, lo, hi;
    int min, max;
} stats_summary_t;
void stats_summarize_counts(const uint64_t *bins, int nbins, double alpha, stats_summary_t *s);
/* The same from n values' sum, sum of squares, least and largest. */
void stats_summarize_moments(uint64_t n, double sum, double sumsq, int min, int max, double alpha,
                             stats_summary_t *s);

#endif

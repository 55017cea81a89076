/* test_stats.c - known answers for src/check/stats.c.
 *
 * Each expected number says where it comes from: a value computed by hand in
 * the comment beside it, a closed form evaluated here independently of the
 * code under test, or a published output of R (binom.test, p.adjust) or of
 * Cohen's power tables.  Large-n cases are checked against identities and
 * against brute-force sums, because that is where GSL's own binomial and
 * beta inverses fail (see stats.c).
 */
#include <math.h>
#include <stdio.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>

#include "stats.h"
#include "testutil.h"

static bool near(double a, double b, double tol)
{
    return fabs(a - b) <= tol;
}

static bool rnear(double a, double b, double rel)
{
    return fabs(a - b) <= rel * fabs(b);
}

/* Upper tail of chi-square with 3 dof in closed form:
 * Q(x; 3) = 2 Q_N(sqrt x) + sqrt(2x/pi) e^{-x/2}. */
static double chisq3_Q(double x)
{
    return 2.0 * gsl_cdf_ugaussian_Q(sqrt(x)) + sqrt(2.0 * x / 3.14159265358979323846) * exp(-x / 2.0);
}

static void test_chisq(void)
{
    stats_chisq_t r;

    /* Mendel's peas (the textbook chi-square example): 315 round yellow,
     * 108 round green, 101 wrinkled yellow, 32 wrinkled green against
     * 9:3:3:1, n = 556.  By hand: expected 312.75, 104.25, 104.25, 34.75;
     * X^2 = 2.25^2/312.75 + 3.75^2/104.25 + 3.25^2/104.25 + 2.75^2/34.75
     *     = 0.016187 + 0.134892 + 0.101319 + 0.217626 = 0.470024, 3 dof,
     * p = 0.9254 (R's chisq.test prints X-squared = 0.47002, p-value = 0.9254). */
    uint64_t peas[4] = {315, 108, 101, 32};
    double mendel[4] = {9.0 / 16, 3.0 / 16, 3.0 / 16, 1.0 / 16};
    stats_chisq_gof(peas, mendel, 4, &r);
    CHECK(r.n == 556, "peas n %llu", (unsigned long long)r.n);
    CHECK(near(r.stat, 0.470024, 1e-6), "peas X^2 %.7f", r.stat);
    CHECK(r.dof == 3 && r.cells == 4 && r.pooled == 0, "peas dof %d cells %d", r.dof, r.cells);
    CHECK(near(r.p, 0.9254, 5e-5), "peas p %.6f", r.p);
    CHECK(near(r.p, chisq3_Q(r.stat), 1e-12), "peas p vs closed form");
    CHECK(near(r.w, sqrt(0.470024 / 556), 1e-7), "peas w %.7f", r.w);

    /* Pooling, by hand: n = 100, p = .5 .3 .15 .03 .02, observed 45 33 15 4 3.
     * Expected 50 30 15 3 2: the last two (< 5) pool into one cell with
     * expected 5 and observed 7.  X^2 = 25/50 + 9/30 + 0 + 4/5 = 1.6 on 4
     * cells, 3 dof. */
    uint64_t o2[5] = {45, 33, 15, 4, 3};
    double p2[5] = {0.5, 0.3, 0.15, 0.03, 0.02};
    stats_chisq_gof(o2, p2, 5, &r);
    CHECK(near(r.stat, 1.6, 1e-12) && r.dof == 3 && r.cells == 4 && r.pooled == 2,
          "pooled X^2 %.6f dof %d cells %d pooled %d", r.stat, r.dof, r.cells, r.pooled);
    CHECK(near(r.p, chisq3_Q(1.6), 1e-12), "pooled p %.6f", r.p);

    /* A pooled cell still below 5 takes the next smallest: p = .5 .46 .02
     * .01 .01, n = 100, expected 50 46 2 1 1.  Pool {1,1,2} = 4 < 5, so the
     * 46 joins: cells {50} and {46+2+1+1 = 50}.  Observed 52 44 2 1 1:
     * pooled observed 48.  X^2 = 4/50 + 4/50 = 0.16, 1 dof,
     * p = 2 Q_N(0.4) = 2 (1 - 0.655422) = 0.689157. */
    uint64_t o3[5] = {52, 44, 2, 1, 1};
    double p3[5] = {0.5, 0.46, 0.02, 0.01, 0.01};
    stats_chisq_gof(o3, p3, 5, &r);
    CHECK(near(r.stat, 0.16, 1e-12) && r.dof == 1 && r.pooled == 4,
          "growing pool X^2 %.6f dof %d pooled %d", r.stat, r.dof, r.pooled);
    CHECK(near(r.p, 0.689157, 1e-6), "growing pool p %.6f", r.p);

    /* Everything pooled into one cell: nothing left to test. */
    uint64_t o4[4] = {90, 4, 3, 3};
    double p4[4] = {0.96, 0.02, 0.01, 0.01};
    stats_chisq_gof(o4, p4, 4, &r);
    CHECK(r.dof == 0 && r.p == 1.0, "all pooled: dof %d p %g", r.dof, r.p);

    /* A category of probability zero that is observed fails outright. */
    uint64_t o5[3] = {5000, 5000, 1};
    double p5[3] = {0.5, 0.5, 0.0};
    stats_chisq_gof(o5, p5, 3, &r);
    CHECK(r.impossible && r.p == 0.0 && isinf(r.stat), "impossible category: p %g", r.p);
    /* ... and one that is not observed is simply not a cell. */
    o5[2] = 0;
    o5[0] = 5100;
    o5[1] = 4900;
    stats_chisq_gof(o5, p5, 3, &r);
    /* by hand: (100^2 + 100^2)/5000 = 4, 1 dof, p = 2 Q_N(2) = 0.0455003 */
    CHECK(!r.impossible && r.dof == 1 && near(r.stat, 4.0, 1e-12) && near(r.p, 0.0455003, 1e-7),
          "zero cell unobserved: X^2 %g p %.7f", r.stat, r.p);

    /* No observations: nothing to reject. */
    uint64_t z[2] = {0, 0};
    double ph[2] = {0.5, 0.5};
    stats_chisq_gof(z, ph, 2, &r);
    CHECK(r.n == 0 && r.p == 1.0, "n = 0");
}

/* P(X <= x) by summing GSL's pmf (lnchoose based), for cross-checks. */
static double brute_le(unsigned x, unsigned n, double p)
{
    double s = 0.0;
    for (unsigned i = 0; i <= x; i++)
        s += gsl_ran_binomial_pdf(i, p, n);
    return s;
}

/* R's binom.test p-value rule, by brute force over all outcomes. */
static double brute_test(unsigned x, unsigned n, double p)
{
    double d = gsl_ran_binomial_pdf(x, p, n) * (1.0 + 1e-7), s = 0.0;
    for (unsigned i = 0; i <= n; i++) {
        double t = gsl_ran_binomial_pdf(i, p, n);
        if (t <= d)
            s += t;
    }
    return s > 1.0 ? 1.0 : s;
}

static void test_binomial(void)
{
    /* pmf: C(10,3)/2^10 = 120/1024; C(20,0) 0.3^0 0.7^20 = 0.7^20. */
    CHECK(rnear(stats_binom_pmf(3, 10, 0.5), 120.0 / 1024, 1e-14), "pmf(3;10,.5)");
    CHECK(rnear(stats_binom_pmf(0, 20, 0.3), pow(0.7, 20), 1e-14), "pmf(0;20,.3)");
    CHECK(rnear(stats_binom_pmf(7, 50, 0.1), gsl_ran_binomial_pdf(7, 0.1, 50), 1e-12),
          "pmf(7;50,.1) vs GSL");
    /* At the mode of a large binomial the pmf is 1/sqrt(2 pi n p q) to
     * O(1/n): n = 10^8, p = 1/4, mode 2.5e7, npq = 1.875e7. */
    CHECK(rnear(stats_binom_pmf(25000000, 100000000, 0.25), 1.0 / sqrt(2 * 3.14159265358979 * 1.875e7),
                1e-6), "pmf at the mode of n = 1e8");

    /* Exact two-sided tests, by hand.
     * x = 9, n = 10, p = 1/2: outcomes no likelier than 9 are 0, 1, 9, 10:
     * 2 (1 + 10)/1024 = 0.021484375. */
    CHECK(rnear(stats_binom_test(9, 10, 0.5), 22.0 / 1024, 1e-12), "binom 9/10");
    /* x = 2, n = 10: 0..2 and 8..10: 2 (1 + 10 + 45)/1024 = 0.109375. */
    CHECK(rnear(stats_binom_test(2, 10, 0.5), 112.0 / 1024, 1e-12), "binom 2/10");
    /* x = 0, n = 5, p = 0.3: pmf 0.16807 0.36015 0.30870 0.13230 0.02835
     * 0.00243; those <= 0.16807 are x = 0, 3, 4, 5: sum 0.33115. */
    CHECK(near(stats_binom_test(0, 5, 0.3), 0.33115, 1e-12), "binom 0/5 at .3: %.8f",
          stats_binom_test(0, 5, 0.3));
    /* R's ?binom.test example (Mendel): binom.test(c(682, 243), p = 3/4)
     * prints p-value = 0.3825, 95% CI 0.7076683 0.7654066. */
    double lo, hi;
    CHECK(near(stats_binom_test(682, 925, 0.75), 0.3825, 5e-5), "binom 682/925 p %.6f",
          stats_binom_test(682, 925, 0.75));
    stats_clopper_pearson(682, 925, 0.05, &lo, &hi);
    CHECK(near(lo, 0.7076683, 1e-7) && near(hi, 0.7654066, 1e-7), "CP 682/925: %.7f %.7f", lo,
          hi);
    /* x = n p exactly: p = 1; p0 = 0 or 1 are decided outright. */
    CHECK(stats_binom_test(25, 100, 0.25) == 1.0, "x = np");
    CHECK(stats_binom_test(0, 100, 0.0) == 1.0 && stats_binom_test(1, 100, 0.0) == 0.0, "p0 = 0");
    CHECK(stats_binom_test(100, 100, 1.0) == 1.0 && stats_binom_test(99, 100, 1.0) == 0.0,
          "p0 = 1");

    /* Against brute force over every outcome, n up to 2000. */
    static const unsigned NS[] = {1, 7, 40, 333, 2000};
    static const double PS[] = {0.02, 1.0 / 6, 0.25, 0.5, 0.9};
    double worst = 0.0;
    for (size_t a = 0; a < sizeof NS / sizeof NS[0]; a++)
        for (size_t b = 0; b < sizeof PS / sizeof PS[0]; b++) {
            unsigned n = NS[a];
            for (unsigned x = 0; x <= n; x += 1 + n / 37) {
                double want = brute_test(x, n, PS[b]), got = stats_binom_test(x, n, PS[b]);
                double e = fabs(got - want) / (want > 1e-300 ? want : 1.0);
                if (e > worst)
                    worst = e;
                double le = brute_le(x, n, PS[b]), g = stats_binom_le(x, n, PS[b]);
                e = fabs(g - le) / (le > 1e-300 ? le : 1.0);
                if (le > 1e-290 && e > worst)
                    worst = e;
            }
        }
    CHECK(worst < 1e-9, "binomial test and CDF vs brute force: worst relative error %g", worst);

    /* Large n (where GSL's binomial CDF returns NaN): the two tails add up
     * to one, a 2-sigma outcome has the two-sided p of the normal law to
     * O(1/sqrt n), and a far tail is tiny but positive. */
    uint64_t N = 10000000;
    double sd = sqrt(1e7 * 0.25 * 0.75); /* 1369.3 */
    double le = stats_binom_le(2500000, N, 0.25), ge = stats_binom_ge(2500001, N, 0.25);
    CHECK(near(le + ge, 1.0, 1e-12), "tails of n = 1e7 sum to %.15f", le + ge);
    uint64_t x2 = 2500000 + (uint64_t)llround(2 * sd);
    double p2 = stats_binom_test(x2, N, 0.25);
    CHECK(near(p2, 0.0455, 2e-3), "2-sigma at n = 1e7: p %.5f", p2);
    double pfar = stats_binom_test(2500000 - 15000, N, 0.25);
    CHECK(pfar > 0.0 && pfar < 1e-20, "11-sigma at n = 1e7: p %g", pfar);
}

static void test_intervals(void)
{
    double lo, hi;
    /* Wilson, x = 5, n = 10, 95%, by hand: z^2 = 3.841459, centre
     * (0.5 + z^2/20)/(1 + z^2/10) = 0.5, half-width z/(1 + z^2/10)
     * sqrt(0.025 + z^2/400) = 1.959964/1.3841459 * 0.186021 = 0.263407:
     * [0.236593, 0.763407] (R: prop.test(5, 10, correct = FALSE)). */
    stats_wilson(5, 10, 0.05, &lo, &hi);
    CHECK(near(lo, 0.236593, 1e-6) && near(hi, 0.763407, 1e-6), "Wilson 5/10: %.6f %.6f", lo, hi);
    /* x = 0: centre and half-width are both (z^2/2n)/(1 + z^2/n), so the
     * lower bound is exactly 0 (and the upper exactly 1 at x = n), never a
     * rounding residue such as 1.36e-20, at any n and alpha. */
    int wild = 0;
    for (uint64_t n = 1; n < UINT64_C(100000000000); n = n * 3 + 1)
        for (double a = 1e-6; a < 0.5; a *= 7) {
            stats_wilson(0, n, a, &lo, &hi);
            wild += lo != 0.0 || !(hi > 0.0);
            stats_wilson(n, n, a, &lo, &hi);
            wild += hi != 1.0 || !(lo < 1.0);
        }
    CHECK(wild == 0, "Wilson at x = 0 and x = n: %d bounds not exactly 0 or 1", wild);
    /* Clopper-Pearson, x = 5, n = 10: R's binom.test(5, 10) prints
     * 0.1870860 0.8129140. */
    stats_clopper_pearson(5, 10, 0.05, &lo, &hi);
    CHECK(near(lo, 0.1870860, 1e-7) && near(hi, 0.8129140, 1e-7), "CP 5/10: %.7f %.7f", lo, hi);
    /* x = 0, n = 10: upper bound 1 - 0.025^(1/10) = 0.3084971 (closed form). */
    stats_clopper_pearson(0, 10, 0.05, &lo, &hi);
    CHECK(lo == 0.0 && near(hi, 1.0 - pow(0.025, 0.1), 1e-10), "CP 0/10: %.7f", hi);
    stats_clopper_pearson(10, 10, 0.05, &lo, &hi);
    CHECK(hi == 1.0 && near(lo, pow(0.025, 0.1), 1e-10), "CP 10/10: %.7f", lo);
    /* Against GSL's beta quantiles where they work (small n). */
    double worst = 0.0;
    for (unsigned n = 1; n <= 200; n += 13)
        for (unsigned x = 1; x < n; x += 3) {
            stats_clopper_pearson(x, n, 0.001, &lo, &hi);
            double glo = gsl_cdf_beta_Pinv(0.0005, x, n - x + 1);
            double ghi = gsl_cdf_beta_Qinv(0.0005, x + 1, n - x);
            double e = fmax(fabs(lo - glo) / glo, fabs(hi - ghi) / ghi);
            if (e > worst)
                worst = e;
        }
    CHECK(worst < 1e-9, "CP vs gsl_cdf_beta_Pinv/Qinv: worst relative error %g", worst);
    /* Large n, where gsl_cdf_beta_Pinv gives NaN: finite, ordered and within
     * a hair of Wilson (both are sqrt(pq/n) z wide to O(1/n)). */
    double wlo, whi;
    stats_clopper_pearson(2500000, 10000000, 1e-3, &lo, &hi);
    stats_wilson(2500000, 10000000, 1e-3, &wlo, &whi);
    CHECK(lo < 0.25 && hi > 0.25 && near(lo, wlo, 2e-6) && near(hi, whi, 2e-6),
          "CP at n = 1e7: [%.8f, %.8f], Wilson [%.8f, %.8f]", lo, hi, wlo, whi);
    stats_clopper_pearson(1, 50000000, 1e-3, &lo, &hi);
    /* x = 1: lower bound solves 1 - (1-p)^n = 5e-4, so p = -log1p(-5e-4)/n
     * to first order = 1.000250e-11. */
    CHECK(rnear(lo, -log1p(-5e-4) / 5e7, 1e-6) && hi > lo, "CP 1/5e7: %g %g", lo, hi);
}

static void test_exact_and_holm(void)
{
    CHECK(stats_exact_p(0) == 1.0 && stats_exact_p(1) == 0.0, "exact check");
    /* R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02.
     * By hand: sorted 0.005 x4 = 0.02, 0.01 x3 = 0.03, 0.03 x2 = 0.06,
     * 0.04 x1 = 0.04 -> raised to 0.06 by monotonicity. */
    double p[4] = {0.01, 0.04, 0.03, 0.005}, adj[4];
    stats_holm(p, 4, adj);
    CHECK(near(adj[0], 0.03, 1e-15) && near(adj[1], 0.06, 1e-15) && near(adj[2], 0.06, 1e-15) &&
              near(adj[3], 0.02, 1e-15),
          "Holm: %g %g %g %g", adj[0], adj[1], adj[2], adj[3]);
    /* Capped at 1, in place. */
    double q[3] = {0.9, 0.5, 0.0};
    stats_holm(q, 3, q);
    CHECK(q[0] == 1.0 && q[1] == 1.0 && q[2] == 0.0, "Holm in place: %g %g %g", q[0], q[1], q[2]);
}

static void test_power(void)
{
    /* 1 dof: a noncentral chi-square is (Z + sqrt(lambda))^2, so
     * P(X <= x) = Phi(sqrt x - sqrt l) - Phi(-sqrt x - sqrt l). */
    double x = 3.841459, l = 5.0;
    double want = gsl_cdf_ugaussian_P(sqrt(x) - sqrt(l)) - gsl_cdf_ugaussian_P(-sqrt(x) - sqrt(l));
    CHECK(near(stats_ncchisq_P(x, 1, l), want, 1e-12), "ncchisq 1 dof: %.12f vs %.12f",
          stats_ncchisq_P(x, 1, l), want);
    /* 2 dof: the Rice law of |(Z1 + a, Z2)|^2: check the mixture at a large
     * lambda against the 1-dof formula's sum identity P(X <= 0) = 0 and the
     * central case. */
    CHECK(near(stats_ncchisq_P(7.0, 4, 0.0), gsl_cdf_chisq_P(7.0, 4), 1e-15), "lambda 0");
    CHECK(stats_ncchisq_P(1.0, 3, 400.0) < 1e-30, "far tail of lambda 400");

    /* Cohen (1988), Table 7.4.6 (power .80, alpha .05): lambda 7.85 at 1 dof,
     * 9.64 at 2, 10.90 at 3, 11.94 at 4.  With n = 10^4, w = sqrt(lambda/n).
     * At 1 dof the exact value is (1.959964 + 0.841621)^2 = 7.848879 less
     * the far tail Phi(-4.76) ~ 1e-6 of power. */
    double lam[4] = {7.848879, 9.64, 10.90, 11.94};
    double tol[4] = {2e-4, 0.01, 0.01, 0.01};
    for (int d = 1; d <= 4; d++) {
        double w = stats_mde_chisq(10000, d, 0.05, 0.8);
        CHECK(near(w * w * 10000, lam[d - 1], tol[d - 1]), "MDE chi-square %d dof: lambda %.4f", d,
              w * w * 10000);
    }
    /* Proportion, by hand: p0 = 1/2, n = 10^4, alpha .05: delta = (1.959964
     * * 0.5 + 0.841621 * sqrt(p1 q1))/100 with p1 = 0.514006: sqrt(p1 q1) =
     * 0.499804, delta = (0.979982 + 0.420646)/100 = 0.0140063. */
    CHECK(near(stats_mde_proportion(10000, 0.5, 0.05, 0.8), 0.0140063, 2e-7), "MDE p0 .5: %.7f",
          stats_mde_proportion(10000, 0.5, 0.05, 0.8));
    /* p0 = 0 (any success refutes it): 1 - 0.2^(1/n). */
    CHECK(near(stats_mde_proportion(1000, 0.0, 0.05, 0.8), 1.0 - pow(0.2, 1e-3), 1e-15),
          "MDE p0 0");
    CHECK(near(stats_mde_exact(1000, 0.8), 1.0 - pow(0.2, 1e-3), 1e-15), "MDE exact");
    /* A smaller alpha or sample needs a larger effect. */
    CHECK(stats_mde_proportion(10000, 0.25, 1e-6, 0.8) > stats_mde_proportion(10000, 0.25, 0.05, 0.8),
          "MDE grows as alpha shrinks");
    CHECK(isinf(stats_mde_proportion(0, 0.25, 0.05, 0.8)), "MDE of no sample");
}

int main(void)
{
    gsl_set_error_handler_off();
    test_chisq();
    test_binomial();
    test_intervals();
    test_exact_and_holm();
    test_power();
    return test_summary("stats");
}

/* test_compare.c - the two-sample tests of drlsim compare (src/check/compare.c) on
 * tallies filled by hand, against values computed here from the textbook
 * formulas: Fisher's exact test (the tea-tasting table), the Mantel-Haenszel
 * statistic of one stratum (Pearson's X2 times (N - 1) / N), Welch's t test,
 * and the point of comparing within strata (two reports whose strata hold
 * the same shares in opposite proportions do not differ; Simpson's paradox
 * would make their sums differ hugely).  Every histogram has a family. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>

#include "compare.h"
#include "tally.h"
#include "testutil.h"

/* Set histogram `name`'s slots of stratum (dlevel, normal) to v[0..n-1],
 * and the stratum's level count. */
static void put(tally_t *t, int dlevel, const char *name, const uint64_t *v, int n,
                uint64_t levels)
{
    uint64_t *lv = tally_row(t, dlevel, LT_NORMAL, 0);
    lv[0] = levels;
    uint64_t *s = tally_row(t, dlevel, LT_NORMAL, tally_hist_index(name));
    memcpy(s, v, (size_t)n * sizeof *v);
}

static bool close_to(double a, double b, double rel)
{
    return fabs(a - b) <= rel * fabs(b);
}

static void test_fisher(void)
{
    /* Fisher's lady tasting tea: [[3, 1], [1, 3]], two-sided p = 34/70 */
    double p = compare_fisher(3, 1, 1, 3);
    CHECK(close_to(p, 34.0 / 70, 1e-12), "fisher tea %.15g", p);
    CHECK(compare_fisher(4, 0, 0, 4) == 2.0 / 70 || close_to(compare_fisher(4, 0, 0, 4),
          2.0 / 70, 1e-12), "fisher 4,0,0,4");
    CHECK(close_to(compare_fisher(2, 2, 2, 2), 1.0, 1e-12), "fisher even table p = 1");
    /* two strata, margins (n1 2, c1 1, c2 2) and (n1 1, c1 1, c2 1): x1 is 0
     * or 1 with 1/3, 2/3, x2 0 or 1 with 1/2 each, so T = x1 + x2 is 0, 1, 2
     * with 1/6, 1/2, 1/3; T = 0 is the least likely: p = 1/6 */
    const compare_table_t t2[2] = {{0, 2, 1, 2}, {0, 1, 1, 1}};
    p = compare_exact_strata(2, t2);
    CHECK(close_to(p, 1.0 / 6, 1e-12), "exact, two strata: p %.15g", p);
    const compare_table_t t1[2] = {{1, 2, 1, 2}, {0, 1, 1, 1}};
    CHECK(close_to(compare_exact_strata(2, t1), 1.0, 1e-12), "exact, the likeliest T: p = 1");
}

/* A stratum without variance in the small report keeps its uncertainty:
 * 3 levels with no unreachable cell against 1000 of which 5 have 10 each
 * (P(3 zeros) = 0.86 under the null) do not differ, and the statistics are
 * finite.  Reports whose values are constant but unequal per stratum (two
 * rulesets' own rows) give finite statistics too, or "not tested". */
static void test_degenerate(void)
{
    tally_t *a = tally_new(1, 2, 3), *b = tally_new(1, 2, 3);
    static compare_result_t res[512];
    put(a, 1, "unreachable", (const uint64_t[]){1000, 50, 500, 0, 10}, 5, 1000);
    put(b, 1, "unreachable", (const uint64_t[]){3, 0, 0, 0, 0}, 5, 3);
    /* dlevel 2: a constant 4 against a constant 7 */
    put(a, 2, "budget", (const uint64_t[]){50, 200, 800, 4, 4}, 5, 50);
    put(b, 2, "budget", (const uint64_t[]){2, 14, 98, 7, 7}, 5, 2);
    compare_tallies(a, b, true, true, 0.05, res);
    const compare_result_t *r = &res[tally_hist_index("unreachable")];
    CHECK(r->test == COMPARE_MEANS && !r->differs && r->p > 0.5 && isfinite(r->stat) &&
          isfinite(r->effect), "zero variance in the small report: p %g stat %g", r->p, r->stat);
    r = &res[tally_hist_index("budget")];
    CHECK(r->test == COMPARE_NONE || (isfinite(r->stat) && isfinite(r->effect) && isfinite(r->p)),
          "constant unequal values: test %d stat %g effect %g", r->test, r->stat, r->effect);
    for (int h = 0; h < TALLY_NHISTS; h++)
        CHECK(res[h].test == COMPARE_NONE || (isfinite(res[h].p) && !isnan(res[h].effect)),
              "%s: p %g effect %g", TALLY_HISTS[h].name, res[h].p, res[h].effect);
    tally_free(a);
    tally_free(b);
}

static void test_one_stratum(void)
{
    tally_t *a = tally_new(1, 1, 3), *b = tally_new(1, 1, 3);
    static compare_result_t res[512];
    /* river no/yes: 900/100 against 850/150 */
    put(a, 1, "river", (const uint64_t[]){900, 100}, 2, 1000);
    put(b, 1, "river", (const uint64_t[]){850, 150}, 2, 1000);
    /* budget moments: n, sum, sumsq, min, max */
    put(a, 1, "budget", (const uint64_t[]){100, 500, 3000, 1, 9}, 5, 1000);
    put(b, 1, "budget", (const uint64_t[]){80, 480, 3200, 1, 9}, 5, 1000);
    int differ = compare_tallies(a, b, true, true, 0.01, res);
    CHECK(differ >= 1, "one stratum: %d differ", differ);
    const compare_result_t *r = &res[tally_hist_index("river")];
    /* Pearson X2 of the 2x2 table, times (N - 1) / N */
    double o[4] = {900, 100, 850, 150}, x2 = 0;
    for (int i = 0; i < 4; i++) {
        double e = 1000.0 * (o[i % 2] + o[2 + i % 2]) / 2000;
        x2 += (o[i] - e) * (o[i] - e) / e;
    }
    double q = x2 * 1999 / 2000;
    CHECK(r->test == COMPARE_CMH && close_to(r->stat, q, 1e-9) && r->df == 1,
          "river: test %d stat %.12g want %.12g", r->test, r->stat, q);
    CHECK(close_to(r->p, gsl_cdf_chisq_Q(q, 1), 1e-9), "river p %g", r->p);
    CHECK(close_to(r->effect, 0.1 - 0.15, 1e-12) && strcmp(r->effect_name, "diff_prop") == 0,
          "river effect %g", r->effect);
    /* the means: 5 and 6; under the null the 180 values are one sample,
     * sum 980, sum of squares 6200, range 1..9 */
    r = &res[tally_hist_index("budget")];
    double q2 = 6200 - 980.0 * 980 / 180, s2 = q2 / 179, w = 100.0 * 80 / 180;
    double z = w * (5.0 - 6.0) / sqrt(w * s2);
    double m = w * 8 / 80 / sqrt(w * s2);
    double pz = 2 * gsl_cdf_ugaussian_Q(fabs(z) / sqrt(1 + m * fabs(z) / 3));
    CHECK(r->test == COMPARE_MEANS && close_to(r->stat, z, 1e-9) && close_to(r->p, pz, 1e-9),
          "means z %.10g p %.10g, want %.10g %.10g", r->stat, r->p, z, pz);
    CHECK(close_to(r->effect, -1.0 / sqrt(s2), 1e-9), "means effect %g", r->effect);
    /* identical tallies: p = 1 everywhere */
    compare_tallies(a, a, true, true, 0.01, res);
    for (int h = 0; h < TALLY_NHISTS; h++)
        CHECK(res[h].test == COMPARE_NONE || res[h].p == 1, "%s: p %g against itself",
              TALLY_HISTS[h].name, res[h].p);
    tally_free(a);
    tally_free(b);
}

static void test_strata(void)
{
    /* Simpson: dlevel 1 has 10% yes, dlevel 2 has 90% yes in both tallies,
     * but a has its levels at dlevel 1 and b at dlevel 2. */
    tally_t *a = tally_new(1, 2, 3), *b = tally_new(1, 2, 3);
    static compare_result_t res[512];
    put(a, 1, "river", (const uint64_t[]){9000, 1000}, 2, 10000);
    put(a, 2, "river", (const uint64_t[]){10, 90}, 2, 100);
    put(b, 1, "river", (const uint64_t[]){90, 10}, 2, 100);
    put(b, 2, "river", (const uint64_t[]){1000, 9000}, 2, 10000);
    CHECK(compare_common_strata(a, b) == 2, "two common strata");
    compare_tallies(a, b, true, true, 0.01, res);
    const compare_result_t *r = &res[tally_hist_index("river")];
    CHECK(!r->differs && r->p > 0.99 && r->strata == 2, "simpson: p %g strata %d", r->p,
          r->strata);
    /* a real shift in one stratum is seen */
    put(b, 1, "river", (const uint64_t[]){60, 40}, 2, 100);
    compare_tallies(a, b, true, true, 0.01, res);
    CHECK(r->differs, "a shift in one stratum: p %g", r->p);
    /* no common stratum: other difficulty */
    tally_t *c = tally_new(1, 2, 4);
    CHECK(compare_common_strata(a, c) == 0, "other difficulty: no common stratum");
    tally_free(a);
    tally_free(b);
    tally_free(c);
}

/* A report of 3 levels with 13 monsters each: its monsters are not 39
 * independent observations, and 3 levels cannot show by how much, so the
 * dispersion is its observations per level, 13: Q / 13 against
 * chi-square(1), Q the one stratum's Pearson X2 times (N - 1) / N. */
static void test_few_levels(void)
{
    tally_t *a = tally_new(1, 1, 3), *b = tally_new(1, 1, 3);
    static compare_result_t res[512];
    put(a, 1, "hunting", (const uint64_t[]){90000, 40000}, 2, 10000);
    put(b, 1, "hunting", (const uint64_t[]){13, 26}, 2, 3);
    compare_tallies(a, b, true, true, 0.01, res);
    const compare_result_t *r = &res[tally_hist_index("hunting")];
    double o[4] = {90000, 40000, 13, 26}, n1 = 130000, n2 = 39, x2 = 0;
    for (int i = 0; i < 4; i++) {
        double e = (i < 2 ? n1 : n2) * (o[i % 2] + o[2 + i % 2]) / (n1 + n2);
        x2 += (o[i] - e) * (o[i] - e) / e;
    }
    double q = x2 * (n1 + n2 - 1) / (n1 + n2);
    CHECK(r->test == COMPARE_CMH_F && r->dispersion == 13 && !isfinite(r->df2) &&
              close_to(r->p, gsl_cdf_chisq_Q(q / 13, 1), 1e-9),
          "few levels: test %d dispersion %g p %g, want %g", r->test, r->dispersion, r->p,
          gsl_cdf_chisq_Q(q / 13, 1));
    CHECK(gsl_cdf_chisq_Q(q, 1) < 0.01 && !r->differs,
          "few levels: p %g as if independent, %g with the dispersion", gsl_cdf_chisq_Q(q, 1),
          r->p);
    tally_free(a);
    tally_free(b);
}

/* Observations on one side only come in a level's clusters: 4 levels of
 * three rivers each against 4 levels of none are 4 against 0 (two-sided
 * binomial p = 2 / 2^4), not 12 against 0 (2 / 2^12, a difference). */
static void test_rate_clusters(void)
{
    tally_t *a = tally_new(1, 1, 3), *b = tally_new(1, 1, 3);
    static compare_result_t res[512];
    uint64_t x[64] = {0};
    x[10] = x[30] = x[50] = 4;
    put(a, 1, "river_x_three", x, 64, 4);
    memset(x, 0, sizeof x);
    put(b, 1, "river_x_three", x, 64, 4);
    compare_tallies(a, b, true, true, 0.01, res);
    const compare_result_t *r = &res[tally_hist_index("river_x_three")];
    CHECK(r->test == COMPARE_RATE && r->dispersion == 3 && close_to(r->p, 2.0 / 16, 1e-12) &&
              !r->differs, "rate in clusters: test %d c %g p %g", r->test, r->dispersion, r->p);
    tally_free(a);
    tally_free(b);
}

static void test_families(void)
{
    for (int h = 0; h < TALLY_NHISTS; h++)
        CHECK(strcmp(compare_family(h), "other") != 0, "%s has no family",
              TALLY_HISTS[h].name);
    CHECK(strcmp(compare_family(tally_hist_index("cave_roll")), "population") == 0, "cave_roll");
    CHECK(strcmp(compare_family(tally_hist_index("fluid_room_kind")), "special rooms") == 0,
          "fluid_room_kind");
}

int main(void)
{
    gsl_set_error_handler_off();
    CHECK(TALLY_NHISTS <= 512, "result arrays hold every histogram");
    test_fisher();
    test_one_stratum();
    test_strata();
    test_degenerate();
    test_few_levels();
    test_rate_clusters();
    test_families();
    return test_summary("compare");
}

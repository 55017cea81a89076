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
    /* Welch: means 5 and 6, variances from the sums */
    r = &res[tally_hist_index("budget")];
    double v1 = (3000 - 500.0 * 500 / 100) / 99, v2 = (3200 - 480.0 * 480 / 80) / 79;
    double se2 = v1 / 100 + v2 / 80, t = (5.0 - 6.0) / sqrt(se2);
    double df = se2 * se2 / (v1 * v1 / (100.0 * 100 * 99) + v2 * v2 / (80.0 * 80 * 79));
    CHECK(r->test == COMPARE_WELCH && close_to(r->stat, t, 1e-9) && close_to(r->df2, df, 1e-9),
          "welch t %.10g df %.10g, want %.10g %.10g", r->stat, r->df2, t, df);
    CHECK(close_to(r->p, 2 * gsl_cdf_tdist_Q(fabs(t), df), 1e-9), "welch p %g", r->p);
    double sd = sqrt((99 * v1 + 79 * v2) / 178);
    CHECK(close_to(r->effect, -1.0 / sd, 1e-9), "welch effect %g", r->effect);
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
    test_families();
    return test_summary("compare");
}

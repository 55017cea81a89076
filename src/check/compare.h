/* compare.h - two run reports' histograms compared by two-sample tests.
 *
 * The tests behind `drlsim compare` (docs/guide.md, "Compare two reports"):
 * every histogram of TALLY_HISTS is compared between two tallies over the
 * strata (dlevel, level type) that both hold, stratum by stratum, so two
 * jobs whose levels fall on those strata in other proportions are still
 * compared like with like.  Counted histograms: the generalized
 * Cochran-Mantel-Haenszel test (a chi-square test of homogeneity within
 * strata), its variance scaled by the dispersion the strata show when one
 * level gives several observations; two-bin histograms with a small count:
 * Fisher's exact test; moment rows: a stratified Welch t test.  Holm's
 * correction within each family (compare_family).  Pure: reads two
 * tallies, writes results.
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

typedef enum compare_test {
    COMPARE_NONE = 0, /* not tested: note says why */
    COMPARE_CMH,      /* generalized CMH chi-square, df = cells - 1 */
    COMPARE_CMH_F,    /* the same over the strata's dispersion: F(df, df2) */
    COMPARE_FISHER,   /* two bins, small counts: Fisher's exact test (strata summed) */
    COMPARE_RATE,     /* one side has no observation: exact test of the rates per level */
    COMPARE_WELCH,    /* moment rows: stratified Welch t, df2 its Satterthwaite df */
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
 * Holm within each family at alpha.  The tallies must be of the same
 * difficulty.  types_drawn: both jobs drew their level types (no --type);
 * else the `type` histogram is not tested.  same_names: both reports' bins
 * named by the tables (monster ids, outcome rows: tables_t.bin_names) come
 * from one ruleset's tables; else those histograms are not tested (bin k is
 * a different monster in each).  Returns the number of
 * histograms that differ, or -1 when out of memory. */
int compare_tallies(const tally_t *a, const tally_t *b, bool types_drawn, bool same_names,
                    double alpha, compare_result_t *res);

/* Fisher's exact test of a 2x2 table [[a, b], [c, d]], two-sided: the
 * probability of the tables with these margins no more likely than this one
 * (relative tolerance 1e-7, as R's fisher.test). */
double compare_fisher(uint64_t a, uint64_t b, uint64_t c, uint64_t d);

#endif

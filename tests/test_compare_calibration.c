/* test_compare_calibration.c - does `drlsim compare` hold its alpha?
 *
 * Reports of one job (the wiki ruleset's defaults at dlevels 1-25, the
 * guide's and the test suite's job) with other seeds and of 6, 300, 2000 and
 * 10^5 levels, paired in every way: the share of pairs in which a family of
 * histograms differs at alpha (Holm within the family, as compare decides)
 * must be at most alpha, that is alpha must not lie below the share's
 * Clopper-Pearson interval, at alpha 0.01 and 0.001, for every family and
 * pairing.  The interval is the 99.9% one because there are 280 such
 * assertions (10 pairings, 14 families, 2 alphas): at 99% a test that holds
 * its alpha exactly would fail about 1.4 of them by chance (each tail
 * 0.5%), at 99.9% 0.14.  Every tested histogram's p-value and effect must
 * be finite.
 *
 * Cost: the small reports are built here, level by level into a tally as
 * the driver does, one pair index i at a time: reports a_i and b_i of each
 * small size, whose pairings (a6, b6), (a6, a300), (a6, a2000), (a300,
 * b300), (a300, a2000), (a2000, b2000) and (a_i, B_(i mod 21)) each give
 * pair i of their pairing, i < 200 (each small report takes part in up to
 * four pairings, each pairing's pairs independent of one another).  The 21
 * reports B_k of 10^5 levels are shared: a pairing with one of them pairs it
 * with about 10 small reports, and (10^5, 10^5) is every pair of them, 210
 * pairs, not independent of one another (more would cost 4 * 10^7 levels).
 * It can fail: the tests compare had before (Welch's t with each side's own
 * variance, Fisher's test of the summed strata, no second-order spread)
 * fail 14 of its assertions, e.g. map (unreachable) differing in 129 of 200
 * pairs of 2000 against 10^5 levels at alpha 0.001, population (hunting)
 * in 21 of 200 of 6 against 10^5, rooms in 12 of 200 of 2000 against 2000
 * at alpha 0.01.
 *
 * About 3 million levels in all, about a minute of CPU time.  With
 * DRLSIM_TEST_SCALE=k (the sanitized and portable trees) the pairs are 200 /
 * k and the reports of 10^5 levels the fewest that give as many pairs:
 * wider intervals, the same alpha.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <omp.h>

#include "compare.h"
#include "driver.h"
#include "level.h"
#include "stats.h"
#include "tables.h"
#include "tally.h"
#include "testutil.h"

#define DL_LO 1
#define DL_HI 25
enum { SMALL = 3, NSIZES = 4, NPAIRS = 200, NBIG = 21, MAXFAM = 32 };
static const uint64_t SIZES[NSIZES] = {6, 300, 2000, 100000};
#define NALPHA 2
static const double ALPHAS[NALPHA] = {0.01, 0.001};
#define CI_ALPHA 0.001 /* the Clopper-Pearson interval's: 99.9% */

typedef struct acc {
    int pairs;
    int any[NALPHA];
    int fam[NALPHA][MAXFAM]; /* pairs in which the family differs */
    int nonfinite;
} acc_t;

static const char *FAMS[MAXFAM];
static int NFAMS;

static int fam_index(const char *f)
{
    for (int i = 0; i < NFAMS; i++)
        if (strcmp(FAMS[i], f) == 0)
            return i;
    return -1;
}

/* n levels of seed into t (cleared first), dlevels as a job's (driver.h) */
static void fill(tally_t *t, level_t *lv, const gen_params_t *p0, uint64_t seed, uint64_t n)
{
    gen_params_t p = *p0;
    tally_clear(t);
    for (uint64_t i = 0; i < n; i++) {
        p.dlevel = DL_LO + (int)(i % (DL_HI - DL_LO + 1));
        level_generate(lv, &p, seed, i);
        tally_add(t, lv);
        tally_add_observed(t, lv, false); /* as the driver counts a level */
    }
}

/* Compare a and b at each alpha (p_holm does not depend on it). */
static void pair(const tally_t *a, const tally_t *b, compare_result_t *res, acc_t *acc)
{
    compare_tallies(a, b, true, true, ALPHAS[0], res);
    for (int k = 0; k < NALPHA; k++) {
        bool fd[MAXFAM] = {false}, any = false;
        for (int h = 0; h < TALLY_NHISTS; h++)
            if (res[h].test != COMPARE_NONE && res[h].p_holm < ALPHAS[k])
                any = fd[fam_index(res[h].family)] = true;
        for (int f = 0; f < NFAMS; f++)
            acc->fam[k][f] += fd[f];
        acc->any[k] += any;
    }
    for (int h = 0; h < TALLY_NHISTS; h++)
        if (res[h].test != COMPARE_NONE && (!isfinite(res[h].p) || !isfinite(res[h].effect)))
            acc->nonfinite++;
    acc->pairs++;
}

static void add(acc_t *into, const acc_t *from)
{
    into->pairs += from->pairs;
    into->nonfinite += from->nonfinite;
    for (int k = 0; k < NALPHA; k++) {
        into->any[k] += from->any[k];
        for (int f = 0; f < NFAMS; f++)
            into->fam[k][f] += from->fam[k][f];
    }
}

int main(void)
{
    gsl_set_error_handler_off();
    for (int h = 0; h < TALLY_NHISTS; h++)
        if (fam_index(compare_family(h)) < 0 && NFAMS < MAXFAM)
            FAMS[NFAMS++] = compare_family(h);
    CHECK(NFAMS < MAXFAM, "at most %d families", MAXFAM - 1);
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    const int npairs = (int)test_scaled(NPAIRS);
    int nbig = 2;
    while (nbig * (nbig - 1) / 2 < npairs)
        nbig++;
    tally_t *big[NBIG];
    for (int k = 0; k < nbig; k++) {
        big[k] = tally_new(DL_LO, DL_HI, p.difficulty);
        job_t job = {.params = p, .dlevel_lo = DL_LO, .dlevel_hi = DL_HI,
                     .seed = 1000 + (uint64_t)k, .first = 0, .count = SIZES[3]};
        driver_opts_t o = {.threads = 0, .progress = PROGRESS_NEVER};
        driver_result_t r;
        CHECK(big[k] && driver_run(&job, &o, big[k], &r) == 0, "10^5 levels of seed %d", 1000 + k);
        driver_result_free(&r);
    }
    static acc_t acc[NSIZES][NSIZES];
#pragma omp parallel
    {
        tally_t *sm[2][SMALL];
        for (int s = 0; s < 2; s++)
            for (int z = 0; z < SMALL; z++)
                sm[s][z] = tally_new(DL_LO, DL_HI, p.difficulty);
        level_t *lv = malloc(sizeof *lv);
        compare_result_t *res = calloc((size_t)TALLY_NHISTS, sizeof *res);
        acc_t(*mine)[NSIZES] = calloc(NSIZES, sizeof *mine);
        bool ok = lv && res && mine;
        for (int s = 0; s < 2; s++)
            for (int z = 0; z < SMALL; z++)
                ok = ok && sm[s][z];
#pragma omp for schedule(dynamic)
        for (int i = 0; i < npairs; i++) {
            if (!ok)
                continue;
            for (int s = 0; s < 2; s++)
                for (int z = 0; z < SMALL; z++)
                    fill(sm[s][z], lv, &p, 1000000 + (uint64_t)i * 8 + (uint64_t)s * 4 + (uint64_t)z,
                         SIZES[z]);
            for (int x = 0; x < SMALL; x++)
                for (int y = x; y < NSIZES; y++)
                    pair(sm[0][x], y == x ? sm[1][x] : y < SMALL ? sm[0][y] : big[i % nbig], res,
                         &mine[x][y]);
        }
#pragma omp critical(calibration_sum)
        {
            CHECK(ok, "out of memory");
            if (mine)
                for (int x = 0; x < NSIZES; x++)
                    for (int y = 0; y < NSIZES; y++)
                        add(&acc[x][y], &mine[x][y]);
        }
        free(mine);
        free(res);
        free(lv);
        for (int s = 0; s < 2; s++)
            for (int z = 0; z < SMALL; z++)
                tally_free(sm[s][z]);
    }
    compare_result_t *res = calloc((size_t)TALLY_NHISTS, sizeof *res);
    for (int i = 0; res && i < nbig; i++)
        for (int j = i + 1; j < nbig; j++)
            pair(big[i], big[j], res, &acc[SMALL][SMALL]);
    free(res);
    for (int k = 0; k < nbig; k++)
        tally_free(big[k]);

    printf("levels a    levels b   pairs | at alpha:  most pairs a family differs in (share), "
           "pairs anything differs in\n");
    for (int x = 0; x < NSIZES; x++)
        for (int y = x; y < NSIZES; y++) {
            const acc_t *a = &acc[x][y];
            printf("%8llu %10llu %7d |", (unsigned long long)SIZES[x],
                   (unsigned long long)SIZES[y], a->pairs);
            CHECK(a->pairs >= npairs, "%llu vs %llu: %d pairs", (unsigned long long)SIZES[x],
                  (unsigned long long)SIZES[y], a->pairs);
            CHECK(a->nonfinite == 0, "%llu vs %llu: %d p-values or effects not finite",
                  (unsigned long long)SIZES[x], (unsigned long long)SIZES[y], a->nonfinite);
            for (int k = 0; k < NALPHA; k++) {
                int most = 0, fm = 0;
                for (int f = 0; f < NFAMS; f++) {
                    double lo, hi;
                    stats_clopper_pearson((uint64_t)a->fam[k][f], (uint64_t)a->pairs, CI_ALPHA,
                                          &lo, &hi);
                    CHECK(lo <= ALPHAS[k], "%llu vs %llu levels, alpha %g: family %s differs "
                          "in %d of %d pairs (interval from %.4f)", (unsigned long long)SIZES[x],
                          (unsigned long long)SIZES[y], ALPHAS[k], FAMS[f], a->fam[k][f],
                          a->pairs, lo);
                    if (a->fam[k][f] > most) {
                        most = a->fam[k][f];
                        fm = f;
                    }
                }
                printf("  %g: %3d (%.3f, %s), %3d", ALPHAS[k], most, (double)most / a->pairs,
                       most ? FAMS[fm] : "-", a->any[k]);
            }
            printf("\n");
        }
    return test_summary("compare_calibration");
}

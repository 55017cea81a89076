/* testutil.c - see testutil.h. */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "tables.h"

int test_passed, test_failed;

bool test_check(bool ok, const char *file, int line, const char *fmt, ...)
{
    if (ok) {
        test_passed++;
        return true;
    }
    test_failed++;
    va_list ap;
    fprintf(stderr, "FAIL %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return false;
}

double test_chisq_p(const long *observed, const double *p, int k, double *stat, int *dof)
{
    long n = 0;
    for (int i = 0; i < k; i++)
        n += observed[i];
    double chi = 0, pool_e = 0;
    long pool_o = 0;
    int cells = 0;
    for (int i = 0; i < k; i++) {
        double e = p[i] * (double)n;
        if (e < 5.0) {
            pool_e += e;
            pool_o += observed[i];
            continue;
        }
        double d = (double)observed[i] - e;
        chi += d * d / e;
        cells++;
    }
    if (pool_e > 0) {
        double d = (double)pool_o - pool_e;
        chi += d * d / pool_e;
        cells++;
    } else if (pool_o > 0) {
        /* Outcomes of probability zero were seen: an impossible result. */
        chi = 1e300;
    }
    int df = cells - 1;
    if (stat)
        *stat = chi;
    if (dof)
        *dof = df;
    if (df < 1)
        return chi > 0 ? 0.0 : 1.0;
    return gsl_cdf_chisq_Q(chi, df);
}

int test_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, test_passed, test_failed);
    if (test_passed + test_failed == 0) { /* a program that checked nothing proved nothing */
        printf("%s: no check ran\n", name);
        return 1;
    }
    return test_failed ? 1 : 0;
}

long test_scaled(long n)
{
    static long div = 0;
    if (div == 0) {
        const char *s = getenv("DRLSIM_TEST_SCALE");
        div = s ? strtol(s, NULL, 10) : 1;
        if (div < 1)
            div = 1;
    }
    return n / div > 0 ? n / div : 1;
}

const tables_t *test_tables(const char *name)
{
    static struct {
        const char *name;
        tables_t *t;
    } kept[4];
    static int n;
    const char *key = name ? name : TABLES_RULESETS[0];
    for (int i = 0; i < n; i++)
        if (strcmp(kept[i].name, key) == 0)
            return kept[i].t;
    char err[4600];
    tables_t *t = tables_load(key, NULL, err, sizeof err);
    if (!t || n == (int)(sizeof kept / sizeof kept[0])) {
        fprintf(stderr, "test_tables %s: %s\n", key, t ? "too many" : err);
        exit(1);
    }
    kept[n].name = key;
    kept[n].t = t;
    return kept[n++].t;
}

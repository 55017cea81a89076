/* testutil.h - minimal test harness in the style of GSL's gsl_test.
 *
 * CHECK(cond, fmt, ...) records a pass or a failure (printing the failure);
 * test_summary() prints "N passed, M failed" for the program and returns the
 * exit status: 1 when a check failed or when no check ran at all.  Statistical checks use fixed seeds, so they are deterministic.
 */
#ifndef DRLSIM_TESTUTIL_H
#define DRLSIM_TESTUTIL_H

#include <stdbool.h>

extern int test_passed, test_failed;

bool test_check(bool ok, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#define CHECK(cond, ...) test_check((cond), __FILE__, __LINE__, __VA_ARGS__)

/* Chi-square goodness of fit of observed counts against probabilities p
 * (k categories, p summing to 1; cells with expected count below 5 are pooled).
 * Returns the p-value (GSL's chi-square upper tail). */
double test_chisq_p(const long *observed, const double *p, int k, double *stat, int *dof);

int test_summary(const char *name);

/* A sample size n divided by $DRLSIM_TEST_SCALE (an integer >= 1; default 1),
 * at least 1.  The sanitized suite sets it (tests/meson.build) so the largest
 * invariant loops stay quick under ASan; statistical checks keep their alpha,
 * only with less power. */
long test_scaled(long n);

/* The built-in rulesets' names (src/gen/registry.c). */
#define RULESET_WIKI "wiki-0.9.9.3"
#define RULESET_GAME "game-0.9.9.7"
#define RULESET_GAME10 "game-0.10.10b"

/* The built-in tables of ruleset `name` (NULL: the default), loaded on the
 * first call for each name and kept for the program (tables_load makes a
 * new value each time); exits with a message when they do not load. */
struct tables;
const struct tables *test_tables(const char *name);

#endif

/* junit.h - test results as JUnit XML, for CI systems that show them.
 *
 * The common subset of the JUnit format that CI systems read (GitLab,
 * Jenkins, GitHub actions that publish test reports): one <testsuites>
 * holding one <testsuite>, a <testcase classname name> per result, with a
 * <failure message> (its text the details), a <skipped message> or nothing
 * when it passed, and an optional <system-out>.  tests/junit.xsd is the
 * schema drlsim's output is held to.  Every text is XML-escaped and made
 * valid UTF-8 without control characters (sb_html), whatever it holds.
 */
#ifndef DRLSIM_JUNIT_H
#define DRLSIM_JUNIT_H

#include "strbuf.h"

typedef struct junit {
    strbuf_t cases;
    int tests, failures, skipped;
} junit_t;

/* Add one test case.  failure: the failure's one-line message (NULL: none),
 * details its text; skipped: the reason it did not run (NULL: it ran);
 * out: text for <system-out> (NULL: none). */
void junit_case(junit_t *j, const char *classname, const char *name, const char *failure,
                const char *details, const char *skipped, const char *out);

/* The whole document for suite `suite` (its <system-out> `out`, or NULL),
 * malloc'd, NULL when out of memory; frees j's buffer. */
char *junit_finish(junit_t *j, const char *suite, const char *out);

#endif

/* check_report.h - the results of drlsim check as a text table, JSON,
 * Markdown and JUnit XML (check_report.c).
 *
 * The reports only print what check.h decided; the JSON schema is in
 * docs/expectations.md.
 */
#ifndef DRLSIM_CHECK_REPORT_H
#define DRLSIM_CHECK_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "check.h"
#include "report.h"

void check_print_table(FILE *out, const check_result_t *r, int nr);
/* malloc'd text ending in a newline, NULL when out of memory.  pv (NULL:
 * none) adds what made the report to its summary (report_provenance). */
char *check_report_json(const check_result_t *r, int nr, const check_group_t *g,
                        const check_info_t *info, const report_provenance_t *pv);
char *check_report_markdown(const check_result_t *r, int nr, const check_info_t *info);
/* JUnit XML (junit.h): a test case per check, classname its family, name its
 * name; FAIL (and XPASS unless allow_xpass) a <failure> whose text is the
 * expected and observed values; XFAIL, NOTRUN and SKIP <skipped> with the
 * reason (the known discrepancy, the interruption, --only or "pending"). */
char *check_report_junit(const check_result_t *r, int nr, const check_info_t *info,
                         bool allow_xpass);

#endif

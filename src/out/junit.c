/* junit.c - see junit.h. */
#include "junit.h"

#include <stdlib.h>

void junit_case(junit_t *j, const char *classname, const char *name, const char *failure,
                const char *details, const char *skipped, const char *out)
{
    strbuf_t *b = &j->cases;
    j->tests++;
    sb_puts(b, "    <testcase classname=\"");
    sb_html(b, classname);
    sb_puts(b, "\" name=\"");
    sb_html(b, name);
    sb_puts(b, "\" time=\"0\"");
    if (!failure && !skipped && !out) {
        sb_puts(b, "/>\n");
        return;
    }
    sb_puts(b, ">\n");
    if (failure) {
        j->failures++;
        sb_puts(b, "      <failure message=\"");
        sb_html(b, failure);
        sb_puts(b, "\" type=\"failure\">");
        sb_html(b, details ? details : "");
        sb_puts(b, "</failure>\n");
    } else if (skipped) {
        j->skipped++;
        sb_puts(b, "      <skipped message=\"");
        sb_html(b, skipped);
        sb_puts(b, "\"/>\n");
    }
    if (out) {
        sb_puts(b, "      <system-out>");
        sb_html(b, out);
        sb_puts(b, "</system-out>\n");
    }
    sb_puts(b, "    </testcase>\n");
}

char *junit_finish(junit_t *j, const char *suite, const char *out)
{
    strbuf_t b = {0};
    sb_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb_printf(&b, "<testsuites tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">\n",
              j->tests, j->failures, j->skipped);
    sb_puts(&b, "  <testsuite name=\"");
    sb_html(&b, suite);
    sb_printf(&b, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"0\">\n",
              j->tests, j->failures, j->skipped);
    if (j->cases.s)
        sb_puts(&b, j->cases.s);
    if (out) {
        sb_puts(&b, "    <system-out>");
        sb_html(&b, out);
        sb_puts(&b, "</system-out>\n");
    }
    sb_puts(&b, "  </testsuite>\n</testsuites>\n");
    bool oom = b.oom || j->cases.oom;
    free(j->cases.s);
    j->cases = (strbuf_t){0};
    if (oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* strbuf.h - a growing string for reports (Markdown, HTML, JSON text).
 *
 * Appends never fail loudly: on out-of-memory the buffer is marked and later
 * appends do nothing, so a writer builds the whole text and checks `oom` once.
 */
#ifndef DRLSIM_STRBUF_H
#define DRLSIM_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct strbuf {
    char *s; /* NUL-terminated once anything was added; caller frees */
    size_t len, cap;
    bool oom;
} strbuf_t;

void sb_put(strbuf_t *b, const char *s, size_t n);
void sb_puts(strbuf_t *b, const char *s);
void sb_printf(strbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Text escaped for HTML (<, >, &, "), always valid UTF-8 without control
 * characters: a malformed sequence or a control (but tab and newline) becomes
 * U+FFFD, so no input can break the page. */
void sb_html(strbuf_t *b, const char *s);

#endif

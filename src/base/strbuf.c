/* strbuf.c - see strbuf.h. */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(strbuf_t *b, size_t extra)
{
    if (b->oom)
        return false;
    if (b->len + extra + 1 <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->oom = true;
        return false;
    }
    b->s = s;
    b->cap = cap;
    return true;
}

void sb_put(strbuf_t *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_puts(strbuf_t *b, const char *s)
{
    sb_put(b, s, strlen(s));
}

void sb_printf(strbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->oom = true;
        return;
    }
    if (!reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Length of the well-formed UTF-8 sequence at s (1..4), 0 when it is not one
 * (bad lead or continuation byte, overlong, surrogate, beyond U+10FFFF). */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    int n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
    if (n == 0 || (n == 2 && c < 0xc2))
        return n == 1 ? 1 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((n == 3 && c == 0xe0 && s[1] < 0xa0) || (n == 3 && c == 0xed && s[1] >= 0xa0) ||
        (n == 4 && c == 0xf0 && s[1] < 0x90) || (n == 4 && (c > 0xf4 || (c == 0xf4 && s[1] >= 0x90))))
        return 0;
    return n;
}

void sb_html(strbuf_t *b, const char *s)
{
    static const char REPLACEMENT[] = "\xef\xbf\xbd"; /* U+FFFD */
    const unsigned char *u = (const unsigned char *)s;
    while (u && *u) {
        int n = utf8_len(u);
        unsigned c = *u;
        if (n == 0 || (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ||
            (c == 0xc2 && u[1] < 0xa0)) { /* bad UTF-8, C0 and C1 controls */
            sb_puts(b, REPLACEMENT);
            u += n ? n : 1;
            continue;
        }
        switch (c) {
        case '<': sb_puts(b, "&lt;"); break;
        case '>': sb_puts(b, "&gt;"); break;
        case '&': sb_puts(b, "&amp;"); break;
        case '"': sb_puts(b, "&quot;"); break;
        default: sb_put(b, (const char *)u, (size_t)n);
        }
        u += n;
    }
}

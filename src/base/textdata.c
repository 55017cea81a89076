/* textdata.c - see textdata.h. */
#include "textdata.h"

#include <stdarg.h>
#include <stdio.h>

#include "jsonutil.h"

void td_init(td_reader_t *r, const char *text, size_t len, const char *origin, char *err,
             size_t errlen)
{
    *r = (td_reader_t){.text = text, .len = len, .origin = origin, .err = err, .errlen = errlen};
}

bool td_next(td_reader_t *r, const char **s, size_t *n)
{
    while (r->pos < r->len) {
        size_t end = r->pos;
        while (end < r->len && r->text[end] != '\n')
            end++;
        *s = r->text + r->pos;
        *n = end - r->pos;
        if (*n > 0 && (*s)[*n - 1] == '\r')
            (*n)--;
        r->pos = end + 1;
        r->line++;
        if (*n == 0 || (*s)[0] != TD_COMMENT)
            return true;
    }
    return false;
}

bool td_fail(td_reader_t *r, const char *fmt, ...)
{
    int n = r->line ? snprintf(r->err, r->errlen, "%s:%d: ", r->origin, r->line)
                    : snprintf(r->err, r->errlen, "%s: ", r->origin);
    va_list ap;
    va_start(ap, fmt);
    ju_vfinish(r->err, r->errlen, n, fmt, ap);
    va_end(ap);
    return false;
}

size_t td_word(const char *s, size_t n, char *word, size_t size)
{
    size_t k = 0;
    for (; k < n && k < size - 1 && s[k] != ' '; k++)
        word[k] = s[k];
    word[k] = '\0';
    return k;
}

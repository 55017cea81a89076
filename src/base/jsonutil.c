/* jsonutil.c - see jsonutil.h. */
#include "jsonutil.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ju_init(ju_t *ju, const char *origin, char *err, size_t errlen)
{
    ju->origin = origin;
    ju->err = err;
    ju->errlen = errlen;
    ju->failed = false;
    if (errlen)
        err[0] = '\0';
}

void ju_fail(ju_t *ju, const char *path, const char *fmt, ...)
{
    if (ju->failed)
        return;
    ju->failed = true;
    int n = snprintf(ju->err, ju->errlen, "%s: %s%s", ju->origin, path ? path : "",
                     path && *path ? ": " : "");
    va_list ap;
    va_start(ap, fmt);
    ju_vfinish(ju->err, ju->errlen, n, fmt, ap);
    va_end(ap);
}

void ju_vfinish(char *err, size_t errlen, int n, const char *fmt, va_list ap)
{
    if (n >= 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    if (errlen)
        ju_one_line(err);
}

void ju_one_line(char *msg)
{
    for (unsigned char *s = (unsigned char *)msg; *s; s++)
        if (*s < 0x20 || *s == 0x7f)
            *s = '?';
}

cJSON *ju_parse(ju_t *ju, const char *text, size_t len)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (!root) {
        long off = end ? (long)(end - text) : -1;
        int line = 1;
        for (long i = 0; i < off && text[i]; i++)
            line += text[i] == '\n';
        ju_fail(ju, NULL, "malformed JSON near line %d (byte %ld)", line, off);
        return NULL;
    }
    /* One value per file: text after it (a second object, a pasted tail)
     * would otherwise be ignored without a word. */
    size_t off = (size_t)(end - text);
    while (off < len && (text[off] == ' ' || text[off] == '\t' || text[off] == '\n' ||
                         text[off] == '\r'))
        off++;
    if (off < len) {
        int line = 1;
        for (size_t i = 0; i < off; i++)
            line += text[i] == '\n';
        ju_fail(ju, NULL, "text after the JSON value near line %d (byte %zu)", line, off);
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

cJSON *ju_parse_object(ju_t *ju, const char *text, size_t len, const char *const *keys)
{
    cJSON *root = ju_parse(ju, text, len);
    if (!root)
        return NULL;
    if (!cJSON_IsObject(root))
        ju_fail(ju, NULL, "expected a JSON object at the top");
    ju_keys(ju, root, "", keys);
    return root;
}

static void join(char *buf, size_t n, const char *path, const char *key)
{
    if (path && *path)
        snprintf(buf, n, "%s.%s", path, key);
    else
        snprintf(buf, n, "%s", key);
}

const cJSON *ju_get(ju_t *ju, const cJSON *obj, const char *path, const char *key)
{
    if (ju->failed || !obj)
        return NULL;
    if (!cJSON_IsObject(obj)) {
        ju_fail(ju, path, "expected an object");
        return NULL;
    }
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!it) {
        char p[256];
        join(p, sizeof p, path, key);
        ju_fail(ju, p, "missing key");
    }
    return it;
}

const cJSON *ju_object(ju_t *ju, const cJSON *obj, const char *path, const char *key)
{
    const cJSON *it = ju_get(ju, obj, path, key);
    if (it && !cJSON_IsObject(it)) {
        char p[256];
        join(p, sizeof p, path, key);
        ju_fail(ju, p, "expected an object");
        return NULL;
    }
    return it;
}

const cJSON *ju_array(ju_t *ju, const cJSON *obj, const char *path, const char *key)
{
    const cJSON *it = ju_get(ju, obj, path, key);
    if (it && !cJSON_IsArray(it)) {
        char p[256];
        join(p, sizeof p, path, key);
        ju_fail(ju, p, "expected an array");
        return NULL;
    }
    return it;
}

const cJSON *ju_rows(ju_t *ju, const cJSON *obj, const char *path, const char *key, int max,
                     const char *what, int *n)
{
    const cJSON *a = ju_array(ju, obj, path, key);
    *n = 0;
    if (ju->failed)
        return NULL;
    *n = cJSON_GetArraySize(a);
    if (*n < 1 || *n > max) {
        char p[256];
        join(p, sizeof p, path, key);
        ju_fail(ju, p, "expected 1..%d %s, got %d", max, what, *n);
        *n = 0;
    }
    return a;
}

const cJSON *ju_row(ju_t *ju, const cJSON *rows, const char *path, const char *key, int i,
                    const char *const *keys, char *p, size_t n)
{
    char a[256];
    join(a, sizeof a, path, key);
    snprintf(p, n, "%s[%d]", a, i);
    const cJSON *row = cJSON_GetArrayItem(rows, i);
    ju_keys(ju, row, p, keys);
    return row;
}

int ju_int_item(ju_t *ju, const cJSON *it, const char *path, int lo, int hi)
{
    if (ju->failed || !it)
        return lo;
    if (!cJSON_IsNumber(it)) {
        ju_fail(ju, path, "expected an integer");
        return lo;
    }
    double v = it->valuedouble;
    if (!isfinite(v) || v != floor(v)) {
        ju_fail(ju, path, "expected an integer, got %g", v);
        return lo;
    }
    if (v < lo || v > hi) {
        ju_fail(ju, path, "%g is outside %d..%d", v, lo, hi);
        return lo;
    }
    return (int)v;
}

int ju_int(ju_t *ju, const cJSON *obj, const char *path, const char *key, int lo, int hi)
{
    char p[256];
    join(p, sizeof p, path, key);
    return ju_int_item(ju, ju_get(ju, obj, path, key), p, lo, hi);
}

double ju_number(ju_t *ju, const cJSON *obj, const char *path, const char *key, double lo,
                 double hi)
{
    const cJSON *it = ju_get(ju, obj, path, key);
    if (ju->failed || !it)
        return lo;
    char p[256];
    join(p, sizeof p, path, key);
    if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble)) {
        ju_fail(ju, p, "expected a number");
        return lo;
    }
    if (it->valuedouble < lo || it->valuedouble > hi) {
        ju_fail(ju, p, "%g is outside [%g, %g]", it->valuedouble, lo, hi);
        return lo;
    }
    return it->valuedouble;
}

bool ju_bool(ju_t *ju, const cJSON *obj, const char *path, const char *key)
{
    const cJSON *it = ju_get(ju, obj, path, key);
    if (ju->failed || !it)
        return false;
    if (!cJSON_IsBool(it)) {
        char p[256];
        join(p, sizeof p, path, key);
        ju_fail(ju, p, "expected true or false");
        return false;
    }
    return cJSON_IsTrue(it);
}

const char *ju_string(ju_t *ju, const cJSON *obj, const char *path, const char *key)
{
    const cJSON *it = ju_get(ju, obj, path, key);
    if (ju->failed || !it)
        return "";
    if (!cJSON_IsString(it)) {
        char p[256];
        join(p, sizeof p, path, key);
        ju_fail(ju, p, "expected a string");
        return "";
    }
    return it->valuestring;
}

void ju_frac(ju_t *ju, const cJSON *obj, const char *path, const char *key, int *num, int *den)
{
    *num = 0;
    *den = 1;
    const cJSON *it = ju_get(ju, obj, path, key);
    if (ju->failed || !it)
        return;
    char p[256];
    join(p, sizeof p, path, key);
    if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2) {
        ju_fail(ju, p, "expected a fraction [numerator, denominator]");
        return;
    }
    int n = ju_int_item(ju, cJSON_GetArrayItem(it, 0), p, 0, 1000000);
    int d = ju_int_item(ju, cJSON_GetArrayItem(it, 1), p, 1, 1000000);
    if (!ju->failed && n > d) {
        ju_fail(ju, p, "probability %d/%d is above 1", n, d);
        return;
    }
    *num = n;
    *den = d;
}

/* Names compared here are short (keys, type and kind names): longer strings
 * are far from all of them anyway. */
#define EDIT_MAX_LEN 80

int ju_edit_distance(const char *a, const char *b, int limit)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t diff = la > lb ? la - lb : lb - la;
    if (diff > (size_t)limit || la > EDIT_MAX_LEN || lb > EDIT_MAX_LEN)
        return limit + 1;
    int row[EDIT_MAX_LEN + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0], best = row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int d = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < d)
                d = up + 1;
            if (row[j - 1] + 1 < d)
                d = row[j - 1] + 1;
            row[j] = d;
            diag = up;
            if (d < best)
                best = d;
        }
        if (best > limit) /* every later row is at least this */
            return limit + 1;
    }
    return row[lb] > limit ? limit + 1 : row[lb];
}

const char *ju_nearest(const char *s, const char *const *names, int n)
{
    const char *best = NULL;
    int bestd = JU_SUGGEST_MAX + 1;
    for (int i = 0; i < n; i++) {
        if (!names[i])
            continue;
        int d = ju_edit_distance(s, names[i], JU_SUGGEST_MAX);
        /* Not a name that would need every one of its letters changed:
         * "x" is no typo of "k". */
        if (d < bestd && d < (int)strlen(names[i])) {
            best = names[i];
            bestd = d;
        }
    }
    return best;
}

void ju_fail_unknown(ju_t *ju, const char *path, const char *what, const char *s,
                     const char *const *names, int n)
{
    const char *near = ju_nearest(s, names, n);
    if (near)
        ju_fail(ju, path, "unknown %s \"%.80s\" (did you mean \"%s\"?)", what, s, near);
    else
        ju_fail(ju, path, "unknown %s \"%.80s\"", what, s);
}

void ju_keys(ju_t *ju, const cJSON *obj, const char *path, const char *const *keys)
{
    if (ju->failed || !obj || !cJSON_IsObject(obj))
        return;
    int nkeys = 0;
    while (keys[nkeys])
        nkeys++;
    for (const cJSON *it = obj->child; it; it = it->next) {
        bool known = strcmp(it->string, "comment") == 0;
        for (int k = 0; k < nkeys && !known; k++)
            known = strcmp(it->string, keys[k]) == 0;
        if (!known) {
            ju_fail_unknown(ju, path, "key", it->string, keys, nkeys);
            return;
        }
        /* JSON parsers keep both copies of a repeated key; readers see one. */
        for (const cJSON *o = obj->child; o != it; o = o->next)
            if (strcmp(o->string, it->string) == 0) {
                ju_fail(ju, path, "key \"%s\" appears twice", it->string);
                return;
            }
    }
}

const char *ju_text(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

double ju_value(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (cJSON_IsRaw(v))
        return strtod(v->valuestring, NULL);
    return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

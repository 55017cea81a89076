/* jsonutil.h - typed, validated reads from cJSON trees for the data loaders.
 *
 * Each reader checks type and range and, on the first failure, writes one
 * line "ORIGIN: PATH: problem" into the context's buffer; later reads are
 * no-ops, so a loader can read everything and test ju->failed once.
 */
#ifndef DRLSIM_JSONUTIL_H
#define DRLSIM_JSONUTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

typedef struct ju {
    const char *origin; /* file name for messages */
    char *err;
    size_t errlen;
    bool failed;
} ju_t;

void ju_init(ju_t *ju, const char *origin, char *err, size_t errlen);
/* Record a failure (printf-style) unless one is recorded already. */
void ju_fail(ju_t *ju, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Replace control characters in msg by '?', so a message that quotes the
 * input (a JSON key may hold "\n") stays one line. */
void ju_one_line(char *msg);
/* Finish a message in err (errlen bytes) whose prefix ("ORIGIN: PATH: ") is
 * written, n bytes as snprintf returned: the printf-style text after it,
 * then the whole made one line.  The text readers' messages end this way
 * too (textdata.h). */
void ju_vfinish(char *err, size_t errlen, int n, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));

/* Parse text; NULL (and a failure) on malformed JSON. */
cJSON *ju_parse(ju_t *ju, const char *text, size_t len);
/* A data table's start: parse text, which must be one JSON object whose
 * keys are among keys (ju_keys).  NULL (and a failure) on malformed JSON;
 * otherwise the tree (which the caller deletes), with a failure recorded
 * when it is no object or has a key not in keys. */
cJSON *ju_parse_object(ju_t *ju, const char *text, size_t len, const char *const *keys);

/* Member `key` of object `obj` (obj's path `path`), required. */
const cJSON *ju_get(ju_t *ju, const cJSON *obj, const char *path, const char *key);
const cJSON *ju_object(ju_t *ju, const cJSON *obj, const char *path, const char *key);
const cJSON *ju_array(ju_t *ju, const cJSON *obj, const char *path, const char *key);
/* Integer member in lo..hi (a JSON number with no fractional part). */
int ju_int(ju_t *ju, const cJSON *obj, const char *path, const char *key, int lo, int hi);
/* Integer value of an item (not a member). */
int ju_int_item(ju_t *ju, const cJSON *item, const char *path, int lo, int hi);
double ju_number(ju_t *ju, const cJSON *obj, const char *path, const char *key, double lo,
                 double hi);
bool ju_bool(ju_t *ju, const cJSON *obj, const char *path, const char *key);
const char *ju_string(ju_t *ju, const cJSON *obj, const char *path, const char *key);
/* Lenient reads, for a printer of a document drlsim made itself (no ju_t,
 * nothing to report): member `key`'s string ("" when absent or not one) and
 * number (NaN when absent; a count written exactly, report_u64's raw
 * integer, is read too). */
const char *ju_text(const cJSON *obj, const char *key);
double ju_value(const cJSON *obj, const char *key);
/* [num, den] with 0 <= num <= den, den >= 1. */
void ju_frac(ju_t *ju, const cJSON *obj, const char *path, const char *key, int *num, int *den);

/* A table's rows: array member `key` holding 1..max objects, *n of them (0
 * after a failure, "PATH.KEY: expected 1..MAX WHAT, got N" when too few or
 * too many), and row i of it, whose path "PATH.KEY[i]" goes into p (n
 * bytes) and whose keys are checked against keys (ju_keys). */
const cJSON *ju_rows(ju_t *ju, const cJSON *obj, const char *path, const char *key, int max,
                     const char *what, int *n);
const cJSON *ju_row(ju_t *ju, const cJSON *rows, const char *path, const char *key, int i,
                    const char *const *keys, char *p, size_t n);

/* Strict keys.  A hand-edited table with a misspelt key must not load with
 * the key ignored (or its default used): every object level of every loader
 * names the keys it takes.  Typos get a suggestion, the nearest known key by
 * edit distance when it is close (JU_SUGGEST_MAX). */
#define JU_SUGGEST_MAX 2

/* Levenshtein distance between a and b (insert, delete, substitute one byte),
 * computed up to limit: any larger distance is returned as limit + 1. */
int ju_edit_distance(const char *a, const char *b, int limit);
/* The name among names[0..n-1] (NULL entries skipped) nearest to s, when
 * it is close enough to be a typo of it; NULL otherwise.  Ties go to the
 * first. */
const char *ju_nearest(const char *s, const char *const *names, int n);
/* Fail unless every member of obj is one of keys (NULL-terminated) or
 * "comment" (free text, allowed in every object of a table), each once:
 * "PATH: unknown key "x" (did you mean "y"?)", "PATH: key "x" appears
 * twice".  Nothing when obj is NULL or not an object (its reader says so). */
void ju_keys(ju_t *ju, const cJSON *obj, const char *path, const char *const *keys);
/* Fail with "PATH: unknown WHAT "s" (did you mean "y"?)" for a name that
 * is none of names[0..n-1] (maps whose keys are data: types, kinds). */
void ju_fail_unknown(ju_t *ju, const char *path, const char *what, const char *s,
                     const char *const *names, int n);

#endif

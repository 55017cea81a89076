/* jsonutil.h - typed, validated reads from cJSON trees for the data loaders.
 *
 * Each reader checks type and range and, on the first failure, writes one
 * line "ORIGIN: PATH: problem" into the context's buffer; later reads are
 * no-ops, so a loader can read everything and test ju->failed once.
 */
#ifndef DRLSIM_JSONUTIL_H
#define DRLSIM_JSONUTIL_H

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

/* Parse text; NULL (and a failure) on malformed JSON. */
cJSON *ju_parse(ju_t *ju, const char *text, size_t len);

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
/* [num, den] with 0 <= num <= den, den >= 1. */
void ju_frac(ju_t *ju, const cJSON *obj, const char *path, const char *key, int *num, int *den);

#endif

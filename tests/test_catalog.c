/* test_catalog.c - the filter language (src/base/filter.h) on a table of
 * expressions whose answers are worked out here by hand, and its errors.
 * The catalogue's range metrics (the start-to-stairs path, the shares) are
 * tested in test_metrics.c. */
#include <string.h>

#include "filter.h"
#include "testutil.h"

/* Three columns: a = 3, b = 0.5 (numbers), t = "city" (a text). */
static const char *const NAMES[] = {"a", "b", "t"};

static int lookup(void *ctx, const char *name, size_t len, filter_kind_t *kind)
{
    (void)ctx;
    for (int k = 0; k < 3; k++)
        if (strlen(NAMES[k]) == len && memcmp(NAMES[k], name, len) == 0) {
            *kind = k == 2 ? FILTER_TEXT : FILTER_NUMBER;
            return k;
        }
    return -1;
}

static void filters(void)
{
    const filter_value_t row[3] = {{3, NULL}, {0.5, NULL}, {0, "city"}};
    static const struct {
        const char *expr;
        bool want;
    } CASES[] = {
        {"a = 3", true},
        {"a != 3", false},
        {"a < 3", false},
        {"a <= 3", true},
        {"a > 2.5", true},
        {"a >= 4", false},
        {"3 = a", true},
        {"b < a", true},
        {"a", true},
        {"b", true},
        {"a - 3 = 0", false}, /* '-3' is a number: "a -3" is two operands: error, below */
        {"t = 'city'", true},
        {"t = \"city\"", true},
        {"t != 'cave'", true},
        {"t = 'City'", false},
        {"not a = 3", false},
        {"not not a = 3", true},
        {"a = 1 or a = 3", true},
        {"a = 1 and a = 3 or t = 'city'", true},   /* and before or */
        {"a = 1 and (a = 3 or t = 'city')", false},
        {"A = 3 AND T = 'city'", false},           /* columns are case-sensitive: error */
        {"a = 3 AND t = 'city'", true},            /* words are not */
        {"  ( ( a=3 ) )  ", true},
        {"1e0 < a and a < 1e1", true},
        {"b = 0.5", true},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char err[256];
        filter_t *f = filter_parse(CASES[i].expr, lookup, NULL, err, sizeof err);
        const bool bad = strcmp(CASES[i].expr, "a - 3 = 0") == 0 ||
                         strcmp(CASES[i].expr, "A = 3 AND T = 'city'") == 0;
        if (bad) {
            CHECK(!f, "'%s' is refused", CASES[i].expr);
            filter_free(f);
            continue;
        }
        CHECK(f != NULL, "'%s' parses: %s", CASES[i].expr, f ? "" : err);
        if (f)
            CHECK(filter_eval(f, row) == CASES[i].want, "'%s' is %s", CASES[i].expr,
                  CASES[i].want ? "true" : "false");
        filter_free(f);
    }
    static const struct {
        const char *expr, *msg;
    } ERRORS[] = {
        {"", "the expression is empty"},
        {"a >", "at character 4: expected a column, a number or a string, found the end"},
        {"x = 1", "at character 1: unknown column 'x'"},
        {"t < 'a'", "at character 3: texts are compared with = and != only"},
        {"t = 1", "at character 3: compares a text with a number"},
        {"t", "at character 1: t is a text"},
        {"(a = 1", "at character 7: expected ')' to close the '(' at character 1"},
        {"a = 1 a", "at character 7: expected and, or or the end, found 'a'"},
        {"a == 1", "at character 3: '==' is not an operator"},
        {"a = 'x", "at character 5: a string opened here is not closed"},
        {"a = 3x", "at character 5: '3x' is not a number"},
        {"a = and", "at character 5: expected a column, a number or a string, found 'and'"},
    };
    for (size_t i = 0; i < sizeof ERRORS / sizeof ERRORS[0]; i++) {
        char err[256] = "";
        filter_t *f = filter_parse(ERRORS[i].expr, lookup, NULL, err, sizeof err);
        CHECK(!f && strncmp(err, ERRORS[i].msg, strlen(ERRORS[i].msg)) == 0,
              "'%s': '%s', want '%s...'", ERRORS[i].expr, err, ERRORS[i].msg);
        CHECK(!strchr(err, '\n'), "'%s': one line", ERRORS[i].expr);
        filter_free(f);
    }
}

int main(void)
{
    filters();
    return test_summary("catalog");
}

/* filter.h - a small filter language over the named columns of a row.
 *
 * `drlsim catalog --where EXPR` keeps the rows for which EXPR holds.  The
 * language (docs/catalog.md, "--where") knows nothing of levels: the caller
 * names its columns and their kinds (a number or a text) through a look-up,
 * and gives each row's values as an array indexed by column.
 *
 *   expr    := and ("or" and)*
 *   and     := unary ("and" unary)*
 *   unary   := "not" unary | "(" expr ")" | compare
 *   compare := operand (OP operand)?      OP: = != < <= > >=
 *   operand := NAME | NUMBER | STRING     STRING: '...' or "..." (no escapes)
 *
 * A comparison's two sides must be of one kind; texts take = and != only.
 * An operand alone must be a number: it holds when it is not 0.  The words
 * and, or, not are case-insensitive; column names are as the caller spells
 * them.
 */
#ifndef DRLSIM_FILTER_H
#define DRLSIM_FILTER_H

#include <stdbool.h>
#include <stddef.h>

typedef enum filter_kind { FILTER_NUMBER = 0, FILTER_TEXT } filter_kind_t;

/* A value of a row: num for a number column, str for a text column. */
typedef struct filter_value {
    double num;
    const char *str;
} filter_value_t;

/* The column named name[0..len), its index (>= 0) and kind, or -1. */
typedef int (*filter_lookup_fn)(void *ctx, const char *name, size_t len, filter_kind_t *kind);

typedef struct filter filter_t;

/* Parse expr; NULL with a one-line message in err (what is wrong, and at
 * which character of expr) when it is not an expression of the language or
 * names a column the look-up does not know. */
filter_t *filter_parse(const char *expr, filter_lookup_fn lookup, void *ctx, char *err,
                       size_t errlen);

/* Whether the row whose values are row[column] passes. */
bool filter_eval(const filter_t *f, const filter_value_t *row);

void filter_free(filter_t *f);

#endif

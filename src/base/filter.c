/* filter.c - the filter language of filter.h: a recursive-descent parser
 * into a small tree of nodes in one array, evaluated per row.
 *
 * Errors name the character of the expression (1-based) where the parser
 * gave up and what it wanted there, so a typo in a long --where is found
 * without guessing. */
#include "filter.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The most nodes an expression makes: far beyond any filter typed by hand,
 * and a bound on the parser's recursion. */
#define FILTER_MAX_NODES 256

typedef enum { N_OR, N_AND, N_NOT, N_CMP, N_TRUTH } node_op_t;
typedef enum { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE } cmp_t;

typedef struct operand {
    int col;          /* the column, or -1 for a literal */
    double num;       /* a number literal */
    char *str;        /* a text literal (malloc'd), or NULL */
    filter_kind_t kind;
} operand_t;

typedef struct node {
    node_op_t op;
    int a, b;         /* children (N_OR, N_AND: both; N_NOT: a) */
    cmp_t cmp;        /* N_CMP */
    operand_t l, r;   /* N_CMP: both; N_TRUTH: l */
} node_t;

struct filter {
    int n, root;
    node_t node[FILTER_MAX_NODES];
};

typedef struct parser {
    const char *s, *at;   /* the expression, the next character */
    filter_lookup_fn lookup;
    void *ctx;
    filter_t *f;
    char *err;
    size_t errlen;
    bool failed;
    int depth;
} parser_t;

static void fail(parser_t *p, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(parser_t *p, const char *where, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(p->err, p->errlen, "at character %d: %s", (int)(where - p->s) + 1, msg);
}

static void skip_blanks(parser_t *p)
{
    while (*p->at && isspace((unsigned char)*p->at))
        p->at++;
}

static bool is_name_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}

static bool is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The length of the name at s (0: none). */
static size_t name_len(const char *s)
{
    if (!is_name_start(*s))
        return 0;
    size_t n = 1;
    while (is_name_char(s[n]))
        n++;
    return n;
}

/* Whether the word w (and, or, not) is next, as a whole word. */
static bool word_next(parser_t *p, const char *w)
{
    skip_blanks(p);
    size_t n = strlen(w);
    return strncasecmp(p->at, w, n) == 0 && name_len(p->at) == n;
}

static int new_node(parser_t *p, node_op_t op)
{
    if (p->f->n == FILTER_MAX_NODES) {
        fail(p, p->at, "the expression is too long (at most %d terms)", FILTER_MAX_NODES);
        return -1;
    }
    node_t *n = &p->f->node[p->f->n];
    memset(n, 0, sizeof *n);
    n->op = op;
    n->l.col = n->r.col = -1;
    return p->f->n++;
}

/* A short quote of the text at s, for a message. */
static void quote(const char *s, char *out, size_t n)
{
    if (!*s) {
        snprintf(out, n, "the end");
        return;
    }
    size_t len = 0;
    while (s[len] && !isspace((unsigned char)s[len]) && len < 20)
        len++;
    snprintf(out, n, "'%.*s'", (int)(len ? len : 1), s);
}

static bool operand(parser_t *p, operand_t *o)
{
    skip_blanks(p);
    const char *start = p->at;
    char c = *p->at;
    o->col = -1;
    o->str = NULL;
    if (c == '\'' || c == '"') {
        const char *end = strchr(p->at + 1, c);
        if (!end) {
            fail(p, start, "a string opened here is not closed with %c", c);
            return false;
        }
        size_t n = (size_t)(end - p->at - 1);
        o->str = malloc(n + 1);
        if (!o->str) {
            fail(p, start, "out of memory");
            return false;
        }
        memcpy(o->str, p->at + 1, n);
        o->str[n] = '\0';
        o->kind = FILTER_TEXT;
        p->at = end + 1;
        return true;
    }
    if (isdigit((unsigned char)c) || c == '-' || c == '+' || c == '.') {
        char *end;
        o->num = strtod(p->at, &end);
        if (end == p->at || is_name_char(*end) || *end == '.') {
            size_t n = 1;
            while (start[n] && (is_name_char(start[n]) || strchr(".+-", start[n])))
                n++;
            fail(p, start, "'%.*s' is not a number", (int)n, start);
            return false;
        }
        o->kind = FILTER_NUMBER;
        p->at = end;
        return true;
    }
    size_t n = name_len(p->at);
    if (n == 0) {
        char q[32];
        quote(p->at, q, sizeof q);
        fail(p, start, "expected a column, a number or a string, found %s", q);
        return false;
    }
    static const char *const WORDS[] = {"and", "or", "not"};
    for (size_t k = 0; k < 3; k++)
        if (n == strlen(WORDS[k]) && strncasecmp(p->at, WORDS[k], n) == 0) {
            fail(p, start, "expected a column, a number or a string, found '%s'", WORDS[k]);
            return false;
        }
    o->col = p->lookup(p->ctx, p->at, n, &o->kind);
    if (o->col < 0) {
        fail(p, start,
             "unknown column '%.*s' (drlsim catalog --columns lists them; a text is quoted)",
             (int)n, p->at);
        return false;
    }
    p->at += n;
    return true;
}

/* The comparison operator next, or -1 (p->at unchanged). */
static int cmp_op(parser_t *p)
{
    skip_blanks(p);
    static const struct { const char *t; cmp_t c; } OPS[] = {
        {"!=", C_NE}, {"<=", C_LE}, {">=", C_GE}, {"=", C_EQ}, {"<", C_LT}, {">", C_GT},
    };
    for (size_t k = 0; k < sizeof OPS / sizeof OPS[0]; k++) {
        size_t n = strlen(OPS[k].t);
        if (strncmp(p->at, OPS[k].t, n) == 0) {
            if (OPS[k].c == C_EQ && p->at[1] == '=') {
                fail(p, p->at, "'==' is not an operator: equality is '='");
                return -1;
            }
            p->at += n;
            return (int)OPS[k].c;
        }
    }
    return -1;
}

static int expr(parser_t *p);

static const char *kind_name(filter_kind_t k)
{
    return k == FILTER_TEXT ? "a text" : "a number";
}

static int compare(parser_t *p)
{
    const char *start = (skip_blanks(p), p->at);
    operand_t l;
    if (!operand(p, &l))
        return -1;
    const char *op_at = (skip_blanks(p), p->at);
    int c = cmp_op(p);
    if (p->failed) {
        free(l.str);
        return -1;
    }
    if (c < 0) {
        if (l.kind != FILTER_NUMBER) {
            free(l.str);
            fail(p, start, "%.*s is a text: compare it with = or != to a string",
                 (int)(op_at - start), start);
            return -1;
        }
        int k = new_node(p, N_TRUTH);
        if (k < 0)
            return -1;
        p->f->node[k].l = l;
        return k;
    }
    operand_t r;
    if (!operand(p, &r)) {
        free(l.str);
        return -1;
    }
    if (l.kind != r.kind) {
        fail(p, op_at, "compares %s with %s%s", kind_name(l.kind), kind_name(r.kind),
             l.kind == FILTER_TEXT || r.kind == FILTER_TEXT
                 ? " (a text column takes a quoted string: type = 'city')" : "");
        free(l.str);
        free(r.str);
        return -1;
    }
    if (l.kind == FILTER_TEXT && c != C_EQ && c != C_NE) {
        fail(p, op_at, "texts are compared with = and != only");
        free(l.str);
        free(r.str);
        return -1;
    }
    int k = new_node(p, N_CMP);
    if (k < 0) {
        free(l.str);
        free(r.str);
        return -1;
    }
    p->f->node[k].cmp = (cmp_t)c;
    p->f->node[k].l = l;
    p->f->node[k].r = r;
    return k;
}

static int unary(parser_t *p)
{
    if (++p->depth > FILTER_MAX_NODES) {
        fail(p, p->at, "the expression nests too deep");
        return -1;
    }
    int k;
    if (word_next(p, "not")) {
        p->at += 3;
        int a = unary(p);
        if (a < 0)
            return -1;
        k = new_node(p, N_NOT);
        if (k >= 0)
            p->f->node[k].a = a;
    } else if ((skip_blanks(p), *p->at == '(')) {
        const char *open = p->at++;
        k = expr(p);
        if (k < 0)
            return -1;
        skip_blanks(p);
        if (*p->at != ')') {
            char q[32];
            quote(p->at, q, sizeof q);
            fail(p, p->at, "expected ')' to close the '(' at character %d, found %s",
                 (int)(open - p->s) + 1, q);
            return -1;
        }
        p->at++;
    } else {
        k = compare(p);
    }
    p->depth--;
    return k;
}

static int binary(parser_t *p, const char *word, node_op_t op, int (*next)(parser_t *))
{
    int k = next(p);
    while (k >= 0 && word_next(p, word)) {
        p->at += strlen(word);
        int b = next(p);
        if (b < 0)
            return -1;
        int n = new_node(p, op);
        if (n < 0)
            return -1;
        p->f->node[n].a = k;
        p->f->node[n].b = b;
        k = n;
    }
    return k;
}

static int and_expr(parser_t *p)
{
    return binary(p, "and", N_AND, unary);
}

static int expr(parser_t *p)
{
    return binary(p, "or", N_OR, and_expr);
}

filter_t *filter_parse(const char *s, filter_lookup_fn lookup, void *ctx, char *err,
                       size_t errlen)
{
    filter_t *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    parser_t p = {s, s, lookup, ctx, f, err, errlen, false, 0};
    skip_blanks(&p);
    if (!*p.at) {
        snprintf(err, errlen, "the expression is empty");
        filter_free(f);
        return NULL;
    }
    f->root = expr(&p);
    if (!p.failed) {
        skip_blanks(&p);
        if (*p.at) {
            char q[32];
            quote(p.at, q, sizeof q);
            fail(&p, p.at, "expected and, or or the end, found %s", q);
        }
    }
    if (p.failed || f->root < 0) {
        filter_free(f);
        return NULL;
    }
    return f;
}

static filter_value_t value(const operand_t *o, const filter_value_t *row)
{
    if (o->col >= 0)
        return row[o->col];
    return (filter_value_t){o->num, o->str};
}

static bool eval(const filter_t *f, int k, const filter_value_t *row)
{
    const node_t *n = &f->node[k];
    switch (n->op) {
    case N_OR:
        return eval(f, n->a, row) || eval(f, n->b, row);
    case N_AND:
        return eval(f, n->a, row) && eval(f, n->b, row);
    case N_NOT:
        return !eval(f, n->a, row);
    case N_TRUTH:
        return value(&n->l, row).num != 0;
    case N_CMP:
        break;
    }
    filter_value_t l = value(&n->l, row), r = value(&n->r, row);
    if (n->l.kind == FILTER_TEXT) {
        bool eq = strcmp(l.str ? l.str : "", r.str ? r.str : "") == 0;
        return n->cmp == C_EQ ? eq : !eq;
    }
    switch (n->cmp) {
    case C_EQ: return l.num == r.num;
    case C_NE: return l.num != r.num;
    case C_LT: return l.num < r.num;
    case C_LE: return l.num <= r.num;
    case C_GT: return l.num > r.num;
    case C_GE: return l.num >= r.num;
    }
    return false;
}

bool filter_eval(const filter_t *f, const filter_value_t *row)
{
    return eval(f, f->root, row);
}

void filter_free(filter_t *f)
{
    if (!f)
        return;
    for (int k = 0; k < f->n; k++) {
        free(f->node[k].l.str);
        free(f->node[k].r.str);
    }
    free(f);
}

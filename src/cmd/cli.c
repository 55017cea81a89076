/* cli.c - the command-line parser every subcommand shares (cli.h): the walk
 * over argv against a command's option table, and the readers of each kind of
 * value (integers, 64-bit seeds, numbers, ranges, choices), each with its
 * one-line error; and the writer of a command's report text. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"

void cli_init(cli_t *c, const char *cmd)
{
    c->cmd = cmd;
    c->arg = NULL;
    c->opt = NULL;
    c->noperands = 0;
    c->opts = NULL;
    c->given = 0;
}

void cli_error(const cli_t *c, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "drlsim %s: ", c->cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* The readers of each kind: c->arg, as option c->opt; false after the
 * one-line error. */

/* An integer in lo..hi. */
static bool cli_long(const cli_t *c, long lo, long hi, long *out)
{
    const char *s = c->arg;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || errno == ERANGE) {
        cli_error(c, "%s: '%s' is not an integer", c->opt, s);
        return false;
    }
    if (v < lo || v > hi) {
        cli_error(c, "%s: %ld is out of range %ld..%ld", c->opt, v, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

/* A 64-bit unsigned integer: decimal digits, or "0x" and hexadecimal
 * digits; nothing else (no sign, blank or octal). */
static bool cli_u64(const cli_t *c, uint64_t *out)
{
    const char *s = c->arg;
    char *end;
    errno = 0;
    if (*s == '-' || *s == '\0') {
        cli_error(c, "%s: '%s' is not a non-negative integer", c->opt, s);
        return false;
    }
    /* Decimal, or hexadecimal after "0x": strtoull's base 0 would read a
     * leading 0 as octal (--seed 010 was seed 8), and it skips leading
     * blanks and takes a sign after them (--seed ' -1' was 2^64 - 1). */
    bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    unsigned long long v = 0;
    end = (char *)s;
    if (hex ? isxdigit((unsigned char)s[2]) : isdigit((unsigned char)s[0]))
        v = strtoull(hex ? s + 2 : s, &end, hex ? 16 : 10);
    if (end == s || *end != '\0' || errno == ERANGE) {
        cli_error(c, "%s: '%s' is not a 64-bit non-negative integer", c->opt, s);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

/* A number in [lo, hi]. */
static bool cli_double(const cli_t *c, double lo, double hi, double *out)
{
    const char *s = c->arg;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*s == '\0' || *end != '\0' || errno == ERANGE || v != v) {
        cli_error(c, "%s: '%s' is not a number", c->opt, s);
        return false;
    }
    if (v < lo || v > hi) {
        cli_error(c, "%s: %g is out of range [%g, %g]", c->opt, v, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

/* "A-B" into lo..hi within [min, max]. */
static bool cli_range(const cli_t *c, long min, long max, long *lo, long *hi)
{
    const char *s = c->arg;
    char *end;
    errno = 0;
    long a = strtol(s, &end, 10);
    if (end == s || *end != '-' || errno == ERANGE) {
        cli_error(c, "%s: '%s' is not a range A-B", c->opt, s);
        return false;
    }
    const char *t = end + 1;
    long b = strtol(t, &end, 10);
    if (end == t || *end != '\0' || errno == ERANGE) {
        cli_error(c, "%s: '%s' is not a range A-B", c->opt, s);
        return false;
    }
    if (a < min || b > max || a > b) {
        cli_error(c, "%s: range %ld-%ld must satisfy %ld <= A <= B <= %ld", c->opt, a, b, min,
                  max);
        return false;
    }
    *lo = a;
    *hi = b;
    return true;
}

/* One of a NULL-terminated list: its index, or -1 after the error. */
static int cli_choice(const cli_t *c, const char *const *choices)
{
    for (int k = 0; choices[k]; k++)
        if (strcmp(c->arg, choices[k]) == 0)
            return k;
    char list[256] = "";
    for (int k = 0; choices[k]; k++) {
        strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, choices[k], sizeof list - strlen(list) - 1);
    }
    cli_error(c, "%s: '%s' is not one of %s", c->opt, c->arg, list);
    return -1;
}

/* The name of a directory to write into: not empty, not '-'. */
static bool cli_dir_name(const cli_t *c)
{
    if (!*c->arg || strcmp(c->arg, "-") == 0) {
        cli_error(c, "%s: '%s' is not a directory name", c->opt, c->arg);
        return false;
    }
    return true;
}

/* The entry of a long option "--name" or "--name=value" (name: after the
 * dashes, len: up to any '='), or NULL. */
static const cli_spec_t *find_long(const cli_spec_t *opts, const char *name, size_t len)
{
    for (const cli_spec_t *s = opts; s->name; s++)
        if (strlen(s->name) == len && strncmp(s->name, name, len) == 0)
            return s;
    return NULL;
}

static const cli_spec_t *find_letter(const cli_spec_t *opts, char letter)
{
    for (const cli_spec_t *s = opts; s->name; s++)
        if (s->letter && s->letter == letter)
            return s;
    return NULL;
}

static bool takes_value(cli_kind_t k)
{
    return k != CLI_HELP && k != CLI_SET && k != CLI_CLEAR;
}

/* Store c->arg, read as s says, at opts + s->at; false after the error. */
static bool store(const cli_t *c, const cli_spec_t *s, char *opts)
{
    void *dest = opts + s->at;
    long v, lo, hi;
    int k;
    switch (s->kind) {
    case CLI_HELP:
        return true;
    case CLI_SET:
        *(bool *)dest = true;
        return true;
    case CLI_CLEAR:
        *(bool *)dest = false;
        return true;
    case CLI_STR:
        *(const char **)dest = c->arg;
        return true;
    case CLI_DIR:
        if (!cli_dir_name(c))
            return false;
        *(const char **)dest = c->arg;
        return true;
    case CLI_INT:
        if (!cli_long(c, (long)s->lo, (long)s->hi, &v))
            return false;
        *(int *)dest = (int)v;
        return true;
    case CLI_U64: {
        uint64_t u;
        if (!cli_u64(c, &u))
            return false;
        if (s->hi > 0 && (u < (uint64_t)s->lo || u > (uint64_t)s->hi)) {
            cli_error(c, "--%s: %s is out of range %llu..%llu", s->name, c->arg,
                      (unsigned long long)s->lo, (unsigned long long)s->hi);
            return false;
        }
        *(uint64_t *)dest = u;
        return true;
    }
    case CLI_DOUBLE:
        return cli_double(c, s->dlo, s->dhi, (double *)dest);
    case CLI_RANGE:
        if (!cli_range(c, (long)s->lo, (long)s->hi, &lo, &hi))
            return false;
        *(int *)dest = (int)lo;
        *(int *)(opts + s->at2) = (int)hi;
        return true;
    case CLI_CHOICE:
        if ((k = cli_choice(c, s->choices)) < 0)
            return false;
        *(int *)dest = k;
        return true;
    case CLI_CHOICE_NAME:
        if ((k = cli_choice(c, s->choices)) < 0)
            return false;
        *(const char **)dest = c->arg; /* the same text, in argv as every string */
        return true;
    case CLI_FN:
        return s->fn(c, dest);
    }
    return false;
}

int cli_parse(cli_t *c, const cli_cmd_t *cmd, int argc, char **argv, void *opts)
{
    cli_init(c, cmd->name);
    c->opts = cmd->opts;
    int nopts = 0;
    while (cmd->opts[nopts].name)
        nopts++;
    if (nopts > CLI_MAX_OPTS) { /* a table this file cannot keep track of */
        cli_error(c, "internal error: more than %d options", CLI_MAX_OPTS);
        abort();
    }
    bool operands_only = false; /* after "--" */
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        c->arg = NULL;
        c->opt = a;
        if (!operands_only && strcmp(a, "--") == 0) {
            operands_only = true;
            continue;
        }
        const cli_spec_t *s = NULL;
        const char *eq = NULL;
        if (!operands_only && a[0] == '-' && a[1] == '-') {
            const char *name = a + 2;
            eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            if (!(s = find_long(cmd->opts, name, len))) {
                cli_error(c, "unknown option '%.*s' (see --help)", (int)(len + 2), a);
                return CLI_EXIT_USAGE;
            }
        } else if (!operands_only && a[0] == '-' && a[1] != '\0') {
            if (a[2] != '\0' || !(s = find_letter(cmd->opts, a[1]))) {
                cli_error(c, "unexpected argument '%s' (see --help)", a);
                return CLI_EXIT_USAGE;
            }
        } else { /* an operand */
            if (cmd->max_operands == 0) {
                cli_error(c, "unexpected argument '%s' (see --help)", a);
                return CLI_EXIT_USAGE;
            }
            if (c->noperands < cmd->max_operands)
                ((const char **)((char *)opts + cmd->operands_at))[c->noperands] = a;
            c->noperands++;
            continue;
        }
        if (takes_value(s->kind)) {
            if (eq) {
                c->arg = eq + 1;
            } else if (i + 1 < argc) {
                c->arg = argv[++i];
            } else {
                cli_error(c, "option --%s needs a value", s->name);
                return CLI_EXIT_USAGE;
            }
        } else if (eq) {
            cli_error(c, "option --%s takes no value", s->name);
            return CLI_EXIT_USAGE;
        }
        c->given |= UINT64_C(1) << (s - cmd->opts);
        if (s->kind == CLI_HELP) {
            cmd->usage(stdout);
            return 0;
        }
        if (!store(c, s, opts))
            return CLI_EXIT_USAGE;
    }
    return CLI_GO_ON;
}

bool cli_given(const cli_t *c, const char *name)
{
    const cli_spec_t *s = c->opts ? find_long(c->opts, name, strlen(name)) : NULL;
    return s && (c->given >> (s - c->opts) & 1);
}

int cli_write_text(const char *cmd, const char *path, char *text)
{
    if (!text) {
        fprintf(stderr, "drlsim %s: out of memory\n", cmd);
        return 1;
    }
    int rc = outfile_write(path, text, strlen(text)) ? CLI_EXIT_IO : 0;
    free(text);
    return rc;
}

int cli_outputs_end(int wrc)
{
    if (!wrc && outfile_stdout_check() != 0)
        wrc = CLI_EXIT_IO;
    if (wrc)
        outfile_abort();
    else if (outfile_commit() != 0)
        wrc = CLI_EXIT_IO;
    return wrc == 0 ? 0 : wrc == 1 ? 1 : CLI_EXIT_IO;
}

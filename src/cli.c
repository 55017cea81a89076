/* cli.c - see cli.h. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_init(cli_t *c, const char *cmd, int argc, char **argv)
{
    c->cmd = cmd;
    c->argc = argc;
    c->argv = argv;
    c->i = 0;
    c->arg = NULL;
    c->opt = NULL;
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

int cli_next(cli_t *c, const cli_opt_t *opts, int nopts)
{
    if (c->i >= c->argc)
        return 0;
    const char *a = c->argv[c->i++];
    c->arg = NULL;
    c->opt = a;
    if (strcmp(a, "--") == 0) { /* the end of the options: these commands take no operands */
        if (c->i >= c->argc)
            return 0;
        a = c->opt = c->argv[c->i++];
        cli_error(c, "unexpected argument '%s' (see --help)", a);
        return -1;
    }
    if (strcmp(a, "-h") == 0)
        a = "--help";
    if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
        cli_error(c, "unexpected argument '%s' (see --help)", a);
        return -1;
    }
    const char *name = a + 2;
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    for (int k = 0; k < nopts; k++) {
        if (strlen(opts[k].name) != len || strncmp(opts[k].name, name, len) != 0)
            continue;
        if (opts[k].has_arg) {
            if (eq) {
                c->arg = eq + 1;
            } else if (c->i < c->argc) {
                c->arg = c->argv[c->i++];
            } else {
                cli_error(c, "option --%s needs a value", opts[k].name);
                return -1;
            }
        } else if (eq) {
            cli_error(c, "option --%s takes no value", opts[k].name);
            return -1;
        }
        return opts[k].id;
    }
    cli_error(c, "unknown option '%.*s' (see --help)", (int)(len + 2), a);
    return -1;
}

bool cli_long(const cli_t *c, long lo, long hi, long *out)
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

bool cli_u64(const cli_t *c, uint64_t *out)
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

bool cli_double(const cli_t *c, double lo, double hi, double *out)
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

bool cli_range(const cli_t *c, long min, long max, long *lo, long *hi)
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

int cli_choice(const cli_t *c, const char *const *choices)
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

bool cli_dir_name(const cli_t *c)
{
    if (!*c->arg || strcmp(c->arg, "-") == 0) {
        cli_error(c, "%s: '%s' is not a directory name", c->opt, c->arg);
        return false;
    }
    return true;
}

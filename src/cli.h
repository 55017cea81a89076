/* cli.h - command-line parsing shared by the subcommands.
 *
 * Options are "--name VALUE", "--name=VALUE" or flags "--name".  Errors print
 * one line "drlsim CMD: problem" to stderr; callers then exit with status 2
 * (CLI_EXIT_USAGE).  No global state, so the parser can be fuzzed.
 */
#ifndef DRLSIM_CLI_H
#define DRLSIM_CLI_H

#include <stdbool.h>
#include <stdint.h>

/* Exit statuses, the same for every command (docs/guide.md): 0 ok, 1 a
 * check failed (or an internal failure such as out of memory), 2 bad usage
 * or bad input, 3 an output could not be written (stdout included), 130
 * interrupted. */
#define CLI_EXIT_USAGE 2
#define CLI_EXIT_IO 3
/* The statuses as every command's --help states them. */
#define CLI_EXIT_HELP                                                                      \
    "\nExit status: 0 done, 1 an internal failure (out of memory), 2 bad usage or\n"      \
    "bad input, 3 an output could not be written (stdout included), 130\n"              \
    "interrupted (docs/guide.md).\n"

typedef struct cli_opt {
    const char *name; /* without the leading "--" */
    bool has_arg;
    int id;
} cli_opt_t;

typedef struct cli {
    const char *cmd; /* "gen": for messages */
    int argc;
    char **argv;
    int i;           /* next argument */
    const char *arg; /* the value of the last option */
    const char *opt; /* the name of the last option, as written */
} cli_t;

void cli_init(cli_t *c, const char *cmd, int argc, char **argv);

/* Next option: its id, 0 at the end, -1 after printing an error (unknown
 * option, missing value, stray argument).  "-h" maps to the id of "help". */
int cli_next(cli_t *c, const cli_opt_t *opts, int nopts);

/* Print "drlsim CMD: message" to stderr. */
void cli_error(const cli_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Parse c->arg as an integer in lo..hi; false after printing an error. */
/* The option's value names a directory to write into (not empty, not '-');
 * false after the one-line error. */
bool cli_dir_name(const cli_t *c);
bool cli_long(const cli_t *c, long lo, long hi, long *out);
/* Parse c->arg as a 64-bit unsigned integer: decimal digits, or "0x" and
 * hexadecimal digits; nothing else (no sign, blank or octal). */
bool cli_u64(const cli_t *c, uint64_t *out);
/* Parse c->arg as a number in [lo, hi] (alpha); false after an error. */
bool cli_double(const cli_t *c, double lo, double hi, double *out);
/* Parse "A-B" into lo..hi within [min, max]. */
bool cli_range(const cli_t *c, long min, long max, long *lo, long *hi);
/* Match c->arg against a NULL-terminated list; index or -1 after an error. */
int cli_choice(const cli_t *c, const char *const *choices);

#endif

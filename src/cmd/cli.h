/* cli.h - the command-line parser every subcommand shares.
 *
 * A command declares its options once, in a static table (cli_spec_t): the
 * long name, a short letter if any, the kind of value and where in the
 * command's options struct the value goes (an offsetof).  cli_parse walks
 * argv against the table and fills the struct.  Options are "--name VALUE",
 * "--name=VALUE", flags "--name" and short "-h"; they may be repeated (the
 * last one wins) and stand anywhere among the operands; "--" ends them.
 * Errors print one line "drlsim CMD: problem" to stderr; callers then exit
 * with status 2 (CLI_EXIT_USAGE).  No global state, so the parser can be
 * fuzzed (tests/fuzz/fuzz_cli.c).  The options several commands share are
 * declared once in opts.h.
 */
#ifndef DRLSIM_CLI_H
#define DRLSIM_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* cli_parse's answer when the command goes on (0 after --help, 2 after an
 * error are exit statuses). */
#define CLI_GO_ON (-1)

/* At most this many entries in a table (cli_given keeps one bit each). */
#define CLI_MAX_OPTS 64

typedef struct cli cli_t;

/* What an option's value is, and what is stored at its destination. */
typedef enum cli_kind {
    CLI_HELP,        /* no value: print the command's usage on stdout, cli_parse returns 0 */
    CLI_SET,         /* no value: bool, set true */
    CLI_CLEAR,       /* no value: bool, set false (--no-single) */
    CLI_STR,         /* const char *: the value as written */
    CLI_DIR,         /* const char *: a directory to write into (not empty, not '-') */
    CLI_INT,         /* int: a decimal integer in lo..hi */
    CLI_U64,         /* uint64_t: decimal, or hexadecimal after 0x; in lo..hi when hi > 0
                        (that error names --name and shows the value as written) */
    CLI_DOUBLE,      /* double: a number in [dlo, dhi] */
    CLI_RANGE,       /* int at `at`, int at `at2`: "A-B" with lo <= A <= B <= hi */
    CLI_CHOICE,      /* int: the index of the value in `choices` */
    CLI_CHOICE_NAME, /* const char *: the value, one of `choices` */
    CLI_FN,          /* anything else: fn(c, destination) reads c->arg */
} cli_kind_t;

typedef struct cli_spec {
    const char *name;  /* the long name, without "--"; NULL ends the table */
    char letter;       /* the short name "-letter", standing alone, or 0 */
    cli_kind_t kind;
    size_t at;         /* offsetof the destination in the options struct */
    size_t at2;        /* CLI_RANGE: offsetof the upper end's destination */
    long long lo, hi;  /* CLI_INT, CLI_RANGE; CLI_U64 when hi > 0 */
    double dlo, dhi;   /* CLI_DOUBLE */
    const char *const *choices; /* CLI_CHOICE, CLI_CHOICE_NAME: NULL-terminated */
    /* CLI_FN: parse c->arg into dest (the options struct + at); false after
     * printing the error (cli_error). */
    bool (*fn)(const cli_t *c, void *dest);
} cli_spec_t;

/* A command: its name, option table and usage, and its operands. */
typedef struct cli_cmd {
    const char *name;          /* "gen": messages say "drlsim gen: ..." */
    const cli_spec_t *opts;    /* ends with an entry whose name is NULL */
    void (*usage)(FILE *out);  /* what --help prints */
    /* Operands (arguments that are not options): 0, each is an error
     * "unexpected argument"; else the first max_operands are kept, as
     * const char *[max_operands] at operands_at in the options struct, and
     * all are counted in cli_t.noperands. */
    int max_operands;
    size_t operands_at;
} cli_cmd_t;

struct cli {
    const char *cmd;  /* "gen": for messages */
    const char *arg;  /* the value of the option being read */
    const char *opt;  /* that option as written ("--dlevel" or "--dlevel=3") */
    int noperands;    /* operands seen */
    const cli_spec_t *opts; /* the table parsed, for cli_given */
    uint64_t given;   /* bit k: opts[k] was given */
};

/* A cli_t for messages only (cli_error), outside cli_parse. */
void cli_init(cli_t *c, const char *cmd);

/* Parse argv (the arguments after the command word) against cmd's table
 * into *opts, which holds the defaults on entry.  Returns CLI_GO_ON when the
 * command goes on, 0 after --help (usage printed), CLI_EXIT_USAGE after an
 * error (its one line printed).  *c is then ready for cli_given and for the
 * command's own messages. */
int cli_parse(cli_t *c, const cli_cmd_t *cmd, int argc, char **argv, void *opts);

/* Whether the option of that long name was given (at least once). */
bool cli_given(const cli_t *c, const char *name);

/* Print "drlsim CMD: message" to stderr. */
void cli_error(const cli_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Write report text (NULL: it could not be made, out of memory) to path
 * ('-': stdout) whole or not at all (outfile.h), and free it; 0 when
 * written, 1 after "drlsim CMD: out of memory", CLI_EXIT_IO after the
 * write's own one-line error. */
int cli_write_text(const char *cmd, const char *path, char *text);
/* The end of a command's outputs, begun with outfile_begin: wrc is 0 or
 * what the writes returned (1 after a message of their own, else an I/O
 * error); standard output is checked, then the outputs are committed
 * together, or all removed after a failure.  0, 1 or CLI_EXIT_IO. */
int cli_outputs_end(int wrc);

#endif

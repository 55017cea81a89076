/* main.c - drlsim's entry point: dispatch to a subcommand.
 *
 * Commands that run the driver over a whole job (run, rooms) are cluster
 * commands: under MPI they join the MPI job around their run (cluster.h);
 * the others never touch MPI, so they start fast even in the MPI build. */
#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cluster.h"
#include "commands.h"
#include "driver.h"
#include "opts.h"
#include "outfile.h"

#ifndef DRLSIM_VERSION
#define DRLSIM_VERSION "dev"
#endif

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    bool cluster;  /* splits its job over MPI ranks (docs/cluster.md) */
    bool stops;    /* SIGINT and SIGTERM stop it cleanly (driver_catch_signals) */
    const char *summary;
} command_t;

static const command_t COMMANDS[] = {
    {"bench", cmd_bench, false, true, "measure levels/second per type, layout alone and full level"},
    {"catalog", cmd_catalog, false, true, "one row per level (JSON Lines or CSV), filtered by --where"},
    {"changes", cmd_changes, false, true, "what changed in level generation between two rulesets"},
    {"check", cmd_check, true, true, "test the documented probabilities against generated levels"},
    {"compare", cmd_compare, false, false, "compare two run reports histogram by histogram (which differ?)"},
    {"episode", cmd_episode, false, true, "what a player meets on each dlevel of the standard episode"},
    {"errata", cmd_errata, false, true, "try the wiki's claims on the game's generator (its 2016 source)"},
    {"gen", cmd_gen, false, false, "generate one level and print it (ASCII, JSON or PNG)"},
    {"merge", cmd_merge, false, false, "add run reports of one job (shards, partial runs) into one"},
    {"rooms", cmd_rooms, true, true, "the wiki's room statistics over N random layouts, with intervals"},
    {"run", cmd_run, true, true, "generate many levels and write a JSON report of their histograms"},
    {"wiki", cmd_wiki, false, true, "the numbers of the wiki's Level type page, as MediaWiki markup"},
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

static void usage(FILE *out)
{
    fprintf(out, "usage: drlsim COMMAND [OPTIONS]   (drlsim COMMAND --help for its options)\n\n"
                 "drlsim simulates the random level generator of DoomRL 0.9.9.x and tests\n"
                 "the documented probabilities of the wiki against millions of levels.\n\n"
                 "Commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(out, "\n  --help     this text (drlsim help COMMAND: that command's help)\n"
                 "  --version  print the version\n\n"
                 "Exit status: 0 done, 1 a check failed, 2 bad usage or input, 3 an output\n"
                 "could not be written (stdout included), 130 interrupted.\n");
}

/* Every command's standard output is checked once it is done: a failed
 * write (a full disk, a closed pipe) must not end in status 0.  The message
 * is printed once, here or by the command itself (outfile_stdout_check). */
static int finish_stdout(int rc)
{
    if (outfile_stdout_check() != 0)
        return rc == 0 || rc == 1 ? CLI_EXIT_IO : rc;
    return rc;
}

/* Command i on its arguments, its tables closed after. */
static int run(size_t i, int argc, char **argv)
{
    int rc = COMMANDS[i].run(argc, argv);
    opt_tables_close();
    return rc;
}

int main(int argc, char **argv)
{
    driver_on_kill(outfile_discard_pending);
    if (argc < 2) {
        fprintf(stderr, "drlsim: no command given (see drlsim --help)\n");
        return CLI_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "help") == 0 && argc > 3) {
        fprintf(stderr, "drlsim help: unexpected argument '%s' (drlsim help COMMAND)\n", argv[3]);
        return CLI_EXIT_USAGE;
    }
    if ((strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "--version") == 0) &&
        argc > 2) {
        fprintf(stderr, "drlsim: unexpected argument '%s' after %s\n", argv[2], cmd);
        return CLI_EXIT_USAGE;
    }
    if (strcmp(cmd, "help") == 0 && argc > 2) { /* drlsim help CMD = drlsim CMD --help */
        for (size_t i = 0; i < NCOMMANDS; i++)
            if (strcmp(argv[2], COMMANDS[i].name) == 0) {
                char *args[] = {(char *)"--help", NULL};
                return finish_stdout(run(i, 1, args));
            }
        fprintf(stderr, "drlsim help: unknown command '%s' (see drlsim --help)\n", argv[2]);
        return CLI_EXIT_USAGE;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return finish_stdout(0);
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("drlsim %s\n", DRLSIM_VERSION);
        return finish_stdout(0);
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, COMMANDS[i].name) == 0) {
            /* A stop is caught from here on, before any start-up: a signal
             * that came while MPI started would otherwise be lost (a
             * background job of a shell inherits SIGINT ignored) or end the
             * process without its report. */
            if (COMMANDS[i].stops)
                driver_catch_signals();
            if (!COMMANDS[i].cluster)
                return finish_stdout(run(i, argc - 2, argv + 2));
            assert(COMMANDS[i].stops && "a cluster command takes stops");
            driver_hold_signals();
            int init = cluster_init();
            driver_resume_signals();
            if (init != 0)
                return 1;
            return cluster_finish(finish_stdout(run(i, argc - 2, argv + 2)));
        }
    fprintf(stderr, "drlsim: unknown command '%s' (see drlsim --help)\n", cmd);
    return CLI_EXIT_USAGE;
}

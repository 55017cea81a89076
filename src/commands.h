/* commands.h - the subcommands of drlsim; each returns the process exit status.
 * argv[0] is the first argument after the subcommand name. */
#ifndef DRLSIM_COMMANDS_H
#define DRLSIM_COMMANDS_H

int cmd_check(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_rooms(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#endif

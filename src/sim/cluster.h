/* cluster.h - one job over the ranks of an MPI job: who am I, combine results.
 *
 * Built with -Dmpi=enabled, `mpirun -n P drlsim run ...` runs one job on P
 * processes: the driver gives rank r its block of the job's chunks, and the
 * ranks' tallies and completed chunks are combined here with MPI reductions,
 * so that every rank ends with the whole job's tally and rank 0 writes the
 * one report.  The default build (and any command main.c does not mark as a
 * cluster command) is the trivial cluster: rank 0 of 1, and the reductions
 * do nothing.  Two implementations, one compiled per build:
 * cluster_mpi.c (MPI) and cluster_serial.c (no MPI symbols at all).
 * docs/cluster.md is the user's guide.
 */
#ifndef DRLSIM_CLUSTER_H
#define DRLSIM_CLUSTER_H

#include <stdbool.h>
#include <stdint.h>

#include "tally.h"

/* Join the MPI job (MPI_Init_thread, threads funneled); before any other
 * call.  0, or -1 with a message. */
int cluster_init(void);

/* Leave the MPI job at the end of a command with exit status `status`, and
 * return the status to exit with.  A rank that fails (status other than 0,
 * 130 (an interrupted run, which all ranks agree on) or the status agreed
 * by cluster_agree_status) while others may be inside a collective prints a
 * message and aborts the whole job (MPI_Abort) instead of leaving them
 * waiting. */
int cluster_finish(int status);

/* Agree on the exit status of a command whose outcome every rank computes
 * from the combined results (e.g. `check` with failed checks: 1), before
 * rank 0 writes its outputs.  Collective; returns the largest status over
 * the ranks, which cluster_finish then ends normally on every rank (the
 * job's exit status is still non-zero) instead of aborting rank 0. */
int cluster_agree_status(int status);

/* Check that every rank passes the same key (e.g. a hash of the job), and
 * abort the MPI job with a message naming `what` when they differ: ranks
 * given different jobs would add up tallies of different things.
 * Collective. */
void cluster_check_same(uint64_t key, const char *what);

int cluster_rank(void);   /* 0 .. cluster_size() - 1 */
int cluster_size(void);   /* 1 without MPI */
bool cluster_is_root(void); /* rank 0: the one that writes outputs */

/* Combine the tallies of all ranks in place, on every rank: counts and
 * moment sums are exact 64-bit sums, moment minima and maxima are folded.
 * Collective: every rank must call it with a tally of the same shape. */
void cluster_reduce_tally(tally_t *t);

/* Every rank's value, in rank order, on every rank: all[r] is rank r's
 * `mine` (all has cluster_size() entries).  Collective. */
void cluster_gather_u64(uint64_t mine, uint64_t *all);

#endif

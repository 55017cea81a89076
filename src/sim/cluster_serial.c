/* cluster_serial.c - cluster.h for the build without MPI: one rank, no-ops.
 *
 * The driver and the commands call the cluster functions unconditionally;
 * this file makes them the identity, so the default build carries neither
 * MPI symbols nor #ifdefs in the code that calls them.
 */
#include "cluster.h"

#include <stdio.h>
#include <stdlib.h>

int cluster_init(void)
{
    /* Started by mpirun (Open MPI) or a PMI launcher (MPICH, Intel MPI,
     * srun): say that each process will run the whole job. */
    const char *n = getenv("OMPI_COMM_WORLD_SIZE");
    if (!n)
        n = getenv("PMI_SIZE");
    if (n && atoi(n) > 1)
        fprintf(stderr, "drlsim: warning: one of %d processes of an MPI job, but built "
                        "without MPI (-Dmpi=enabled): each runs the whole job\n", atoi(n));
    return 0;
}

int cluster_finish(int status)
{
    return status;
}

int cluster_agree_status(int status)
{
    return status;
}

void cluster_check_same(uint64_t key, const char *what)
{
    (void)key;
    (void)what;
}

int cluster_rank(void)
{
    return 0;
}

int cluster_size(void)
{
    return 1;
}

bool cluster_is_root(void)
{
    return true;
}

void cluster_reduce_tally(tally_t *t)
{
    (void)t;
}

void cluster_gather_u64(uint64_t mine, uint64_t *all)
{
    all[0] = mine;
}

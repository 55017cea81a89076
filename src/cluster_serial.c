/* cluster_serial.c - cluster.h for the build without MPI: one rank, no-ops.
 *
 * The driver and the commands call the cluster functions unconditionally;
 * this file makes them the identity, so the default build carries neither
 * MPI symbols nor #ifdefs in the code that calls them.
 */
#include "cluster.h"

int cluster_init(void)
{
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

void cluster_reduce_result(unsigned char *done, uint64_t n)
{
    (void)done;
    (void)n;
}

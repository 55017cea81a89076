/* cluster_mpi.c - cluster.h over MPI (built only with -Dmpi=enabled).
 *
 * Only the main thread calls MPI, outside the driver's OpenMP regions, so
 * MPI_THREAD_FUNNELED is enough.  The tally is reduced with MPI_SUM over
 * MPI_UINT64_T in place, stratum by stratum over the strata any rank holds
 * (the ranks first agree on them), in (dlevel, type) order (exact: integer
 * addition is associative, so the result does not depend on P or on the
 * reduction tree), except the moment
 * slots MOM_MIN and MOM_MAX, which are taken out before the sum, reduced
 * with MPI_MIN and MPI_MAX, and put back.  Every reduction is an
 * MPI_Allreduce, so that every rank holds the whole job's result and
 * computes the same exit status from it.  A rank that fails aborts the job
 * (cluster_finish): the others may be waiting in a collective.  Statuses
 * every rank reaches together (0, 130, an agreed one) end in MPI_Finalize,
 * which is collective, so no rank exits (and makes mpirun end the job)
 * before rank 0 has written its outputs.
 */
#include "cluster.h"

#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

/* Elements per MPI call: counts are ints, and a tally can in principle pass
 * INT_MAX slots. */
#define CLUSTER_BLOCK (1 << 26)

static bool joined = false;
static int my_rank = 0, nranks = 1;
static bool agreed = false; /* cluster_agree_status ran: agreed_status is common */
static int agreed_status = 0;

int cluster_init(void)
{
    int provided;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "drlsim: MPI_Init_thread failed\n");
        return -1;
    }
    joined = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (provided < MPI_THREAD_FUNNELED && my_rank == 0)
        fprintf(stderr, "drlsim: warning: the MPI library does not promise support for "
                        "OpenMP threads (MPI_THREAD_FUNNELED); use --threads 1 if it fails\n");
    return 0;
}

/* Abort every rank with a message naming this one. */
static void fail(int status, const char *why)
{
    fprintf(stderr, "drlsim: rank %d of %d: %s: aborting the MPI job\n", my_rank, nranks, why);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
    exit(status); /* not reached */
}

int cluster_finish(int status)
{
    if (!joined)
        return status;
    if (nranks > 1 && status != 0 && status != 130 && !(agreed && status == agreed_status)) {
        char why[64];
        snprintf(why, sizeof why, "failed with exit status %d", status);
        fail(status, why);
    }
    /* mpirun may end this rank as soon as another exits non-zero after
     * MPI_Finalize: what rank 0 printed must be out by then. */
    fflush(stdout);
    fflush(stderr);
    MPI_Finalize();
    joined = false;
    return status;
}

int cluster_agree_status(int status)
{
    if (!joined || nranks == 1)
        return status;
    MPI_Allreduce(MPI_IN_PLACE, &status, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    agreed = true;
    agreed_status = status;
    return status;
}

void cluster_check_same(uint64_t key, const char *what)
{
    if (!joined || nranks == 1)
        return;
    /* One reduction gives the minimum and (as ~min of ~key) the maximum. */
    uint64_t k[2] = {key, ~key};
    MPI_Allreduce(MPI_IN_PLACE, k, 2, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    if (k[0] != ~k[1]) {
        char why[160];
        snprintf(why, sizeof why, "the ranks were given different %ss (every rank must "
                 "run the same command line)", what);
        fail(2, why);
    }
}

int cluster_rank(void)
{
    return my_rank;
}

int cluster_size(void)
{
    return nranks;
}

bool cluster_is_root(void)
{
    return my_rank == 0;
}

static void allreduce(void *buf, uint64_t n, MPI_Datatype type, size_t size, MPI_Op op)
{
    char *p = buf;
    for (uint64_t at = 0; at < n; at += CLUSTER_BLOCK) {
        int k = (int)(n - at < CLUSTER_BLOCK ? n - at : CLUSTER_BLOCK);
        MPI_Allreduce(MPI_IN_PLACE, p + at * size, k, type, op, MPI_COMM_WORLD);
    }
}

void cluster_reduce_tally(tally_t *t)
{
    if (nranks == 1)
        return;
    /* First the ranks agree on the strata: the union of those any rank
     * holds, each rank allocating (empty) the ones it lacks.  Then each
     * held stratum, in (dlevel, type) order, is one block of the sums. */
    const int ndl = t->dlevel_hi - t->dlevel_lo + 1;
    const size_t strata = (size_t)ndl * LT__COUNT;
    unsigned char *held = malloc(strata);
    if (!held)
        fail(1, "out of memory for the tally reduction");
    for (int dl = t->dlevel_lo; dl <= t->dlevel_hi; dl++)
        for (int ty = 0; ty < LT__COUNT; ty++)
            held[(size_t)(dl - t->dlevel_lo) * LT__COUNT + ty] =
                tally_holds(t, dl, (level_type_t)ty);
    allreduce(held, strata, MPI_UNSIGNED_CHAR, 1, MPI_MAX);
    size_t nheld = 0;
    for (int dl = t->dlevel_lo; dl <= t->dlevel_hi; dl++)
        for (int ty = 0; ty < LT__COUNT; ty++)
            if (held[(size_t)(dl - t->dlevel_lo) * LT__COUNT + ty]) {
                if (!tally_row(t, dl, (level_type_t)ty, 0))
                    fail(1, "out of memory for the tally reduction");
                nheld++;
            }
    int nmom = 0;
    for (int h = 0; h < TALLY_NHISTS; h++)
        nmom += TALLY_HISTS[h].kind == HIST_MOMENTS;
    const size_t nfold = nheld * (size_t)nmom;
    /* Each moment histogram's slots, and their minima and maxima. */
    uint64_t **at = malloc((nfold ? nfold : 1) * sizeof *at);
    uint64_t *mins = malloc((nfold ? nfold : 1) * sizeof *mins);
    uint64_t *maxs = malloc((nfold ? nfold : 1) * sizeof *maxs);
    if (!at || !mins || !maxs)
        fail(1, "out of memory for the tally reduction");
    size_t k = 0;
    for (int dl = t->dlevel_lo; dl <= t->dlevel_hi; dl++)
        for (int ty = 0; ty < LT__COUNT; ty++) {
            if (!tally_holds(t, dl, (level_type_t)ty))
                continue;
            /* the minima and maxima are taken out before the sum */
            for (int h = 0; h < TALLY_NHISTS; h++) {
                if (TALLY_HISTS[h].kind != HIST_MOMENTS)
                    continue;
                at[k] = tally_row(t, dl, (level_type_t)ty, h);
                mins[k] = at[k][MOM_MIN];
                maxs[k] = at[k][MOM_MAX];
                k++;
            }
            allreduce(tally_row(t, dl, (level_type_t)ty, 0), t->stride, MPI_UINT64_T,
                      sizeof(uint64_t), MPI_SUM);
        }
    allreduce(mins, nfold, MPI_UINT64_T, sizeof *mins, MPI_MIN);
    allreduce(maxs, nfold, MPI_UINT64_T, sizeof *maxs, MPI_MAX);
    for (k = 0; k < nfold; k++) {
        at[k][MOM_MIN] = mins[k];
        at[k][MOM_MAX] = maxs[k];
    }
    free(held);
    free(at);
    free(mins);
    free(maxs);
}

void cluster_gather_u64(uint64_t mine, uint64_t *all)
{
    /* Not joined (a command main.c runs outside MPI, e.g. bench): rank 0 of 1. */
    if (!joined || nranks == 1) {
        all[0] = mine;
        return;
    }
    MPI_Allgather(&mine, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, MPI_COMM_WORLD);
}

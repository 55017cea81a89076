/* test_cluster.c - the MPI reductions of cluster.h, under mpirun -n P.
 *
 * Every rank builds the same P synthetic tallies (rank q's: slot i holds
 * (i + 1) * (q + 1), and its moment minima and maxima depend on q, with some
 * strata empty on some ranks and some not held at all), takes its own, and
 * reduces it.  The result
 * must equal, slot for slot, the serial fold tally_merge(t_0, ..., t_P-1),
 * so the MPI reduction and the driver's thread merge cannot disagree.  Also:
 * the done flags are OR-ed, and cluster_agree_status returns the maximum.
 * Built only with -Dmpi=enabled; run by tests/mpi_test.sh with P = 1, 2, 3.
 */
#include <stdio.h>
#include <string.h>

#include "cluster.h"
#include "testutil.h"

/* Rank q's tally: counts grow with q; moments of stratum s exist on rank q
 * only when (s + q) % 3 != 0, with min 100 + 7q + s and max 500 - 11q + s. */
static void fill(tally_t *t, int q)
{
    size_t s = 0;
    for (int dl = t->dlevel_lo; dl <= t->dlevel_hi; dl++)
        for (int ty = 0; ty < LT__COUNT; ty++, s++) {
            /* stratum s is held by rank q only when (s + q) % 5 != 4, so
             * the ranks hold different sets and the reduction must take
             * their union */
            if ((s + (size_t)q) % 5 == 4)
                continue;
            uint64_t *base = tally_row(t, dl, (level_type_t)ty, 0);
            for (size_t i = 0; i < t->stride; i++)
                base[i] = (uint64_t)(s * t->stride + i + 1) * (uint64_t)(q + 1);
            for (int h = 0; h < TALLY_NHISTS; h++) {
                if (TALLY_HISTS[h].kind != HIST_MOMENTS)
                    continue;
                uint64_t *m = tally_row(t, dl, (level_type_t)ty, h);
                if ((s + (size_t)q) % 3 == 0) {
                    memset(m, 0, MOM__COUNT * sizeof *m);
                    m[MOM_MIN] = UINT64_MAX;
                    continue;
                }
                m[MOM_MIN] = 100 + 7 * (uint64_t)q + s;
                m[MOM_MAX] = 500 - 11 * (uint64_t)q + s;
            }
        }
}

int main(void)
{
    if (cluster_init() != 0)
        return 1;
    int me = cluster_rank(), p = cluster_size();
    CHECK(p >= 1 && me >= 0 && me < p, "rank %d of %d", me, p);
    CHECK(cluster_is_root() == (me == 0), "rank 0 is the root");

    tally_t *mine = tally_new(2, 4, 3), *want = tally_new(2, 4, 3), *other = tally_new(2, 4, 3);
    fill(mine, me);
    for (int q = 0; q < p; q++) {
        tally_clear(other);
        fill(other, q);
        tally_merge(want, other);
    }
    cluster_reduce_tally(mine);
    CHECK(tally_equal(mine, want), "rank %d: reduced tally equals the serial merge", me);
    CHECK(tally_strata_held(mine) == tally_strata_held(want),
          "rank %d: %zu strata held after the reduction, %zu in the serial merge", me,
          tally_strata_held(mine), tally_strata_held(want));
    int hb = tally_hist_index("budget");
    const uint64_t *m = tally_stratum(mine, 2, (level_type_t)0, hb);
    /* stratum 0 holds moments on ranks q with q % 3 != 0: ranks 1 and 2 */
    uint64_t min0 = p > 1 ? 107 : UINT64_MAX, max0 = p > 1 ? 489 : 0;
    CHECK(m[MOM_MIN] == min0 && m[MOM_MAX] == max0, "rank %d: stratum 0 min %llu max %llu", me,
          (unsigned long long)m[MOM_MIN], (unsigned long long)m[MOM_MAX]);

    uint64_t all[64];
    if (p <= 64) {
        cluster_gather_u64(UINT64_C(1000) + (uint64_t)me * 7, all);
        int bad_g = 0;
        for (int r = 0; r < p; r++)
            bad_g += all[r] != UINT64_C(1000) + (uint64_t)r * 7;
        CHECK(bad_g == 0, "rank %d: gathered values in rank order (%d wrong)", me, bad_g);
    }

    CHECK(cluster_agree_status(me) == p - 1, "rank %d: agreed status is the largest", me);

    tally_free(mine);
    tally_free(want);
    tally_free(other);
    char name[32];
    snprintf(name, sizeof name, "cluster rank %d/%d", me, p);
    /* The agreed status ends in MPI_Finalize on every rank, not MPI_Abort. */
    return cluster_finish(test_summary(name));
}

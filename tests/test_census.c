/* test_census.c - the map census: hand counts, and every implementation
 * (portable loop, SSE2, AVX2 where the CPU has it) agreeing on random maps
 * of every cell kind, border ring included. */
#include <stdio.h>
#include <string.h>

#include "census.h"
#include "cpu.h"
#include "rng.h"
#include "testutil.h"

static bool same(const census_t *a, const census_t *b)
{
    return memcmp(a->floor, b->floor, sizeof a->floor) == 0 &&
           memcmp(a->standable, b->standable, sizeof a->standable) == 0 && a->water == b->water &&
           a->acid == b->acid && a->lava == b->lava && a->doors == b->doors;
}

int main(void)
{
    grid_t g;
    census_t c;
    grid_clear(&g);
    grid_set(&g, 5, 5, CELL_WATER);
    grid_set(&g, 6, 5, CELL_ACID);
    grid_set(&g, 7, 5, CELL_LAVA);
    grid_set(&g, 8, 5, CELL_DOOR);
    grid_set(&g, 9, 5, CELL_BOX);
    grid_set(&g, 1, 7, CELL_EDGE);
    census_take(&g, &c);
    CHECK(c.water == 1 && c.acid == 1 && c.lava == 1 && c.doors == 1, "hand counts");
    CHECK((c.floor[5] >> 5 & 1) == 0 && (c.standable[5] >> 5 & 1) == 1, "water is standable");
    CHECK((c.standable[5] >> 6 & 1) == 0 && (c.standable[5] >> 7 & 1) == 0, "acid, lava: not standable");
    CHECK((c.standable[5] >> 8 & 1) == 0 && (c.standable[5] >> 9 & 1) == 0, "door, box: not standable");
    CHECK(c.floor[1] == 0 && c.standable[GRID_H] == 0, "nothing placed on the border rows");
    CHECK((c.floor[4] >> 1 & 1) == 0 && (c.floor[4] >> 2 & 1) == 1, "placement columns 2..77");

    rng_t r;
    rng_stream(&r, 3, 3, RNG_LAYOUT);
    int bad_sse2 = 0, bad_avx2 = 0;
    const cpu_path_t best = cpu_best();
    for (int t = 0; t < 20000; t++) {
        int bias = (int)rng_below(&r, CELL__COUNT + 1);
        for (int y = 1; y <= GRID_H; y++)
            for (int x = 1; x <= GRID_W; x++) {
                int k = (int)rng_below(&r, CELL__COUNT);
                if (bias < CELL__COUNT && rng_chance(&r, 1, 2))
                    k = bias;
                grid_set(&g, x, y, (cell_t)k);
            }
        census_t ref, got;
        cpu_force(CPU_PLAIN);
        census_take(&g, &ref);
        if (best >= CPU_SSE2) {
            cpu_force(CPU_SSE2);
            census_take(&g, &got);
            bad_sse2 += !same(&ref, &got);
        }
        if (best >= CPU_AVX2) {
            cpu_force(CPU_AVX2);
            census_take(&g, &got);
            bad_avx2 += !same(&ref, &got);
        }
    }
    cpu_force(best);
    CHECK(bad_sse2 == 0, "SSE2 census equals the portable loop on 20000 maps (%d differ)",
          bad_sse2);
    CHECK(bad_avx2 == 0, "AVX2 census equals the portable loop on 20000 maps (%d differ)",
          bad_avx2);
    printf("  paths tested up to %s (the best of this build and CPU)\n", cpu_path_name(best));
    return test_summary("census");
}

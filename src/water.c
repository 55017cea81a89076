/* water.c - rivers and fluid passes (RULES.md §4).  Being written: for now
 * the level gets no water at all. */
#include "water.h"

const area_t WATER_INTERIOR = {2, 2, GRID_W - 1, GRID_H - 1};

bool water_river(layout_ctx_t *ctx)
{
    (void)ctx;
    return false;
}

void water_fluid_pass(layout_ctx_t *ctx, const area_t *a)
{
    (void)ctx;
    (void)a;
}

void water_standard(layout_ctx_t *ctx)
{
    (void)ctx;
}

void water_walk(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a)
{
    (void)g; (void)r; (void)x; (void)y; (void)steps; (void)k; (void)a;
}

/* populate.c - start and stairs placement (RULES.md §5 follows).
 *
 * [decision] Where a layout does not fix the player's start (only arena
 * does), the start is a uniformly chosen floor cell, and one down stair is
 * placed on another; both come from the population stream.
 */
#include "populate.h"

/* A uniformly chosen floor cell, or false when there is none. */
static bool random_floor(const level_t *lv, rng_t *r, point_t *out)
{
    uint16_t cells[GRID_W * GRID_H];
    int n = 0;
    for (int y = 2; y < GRID_H; y++)
        for (int x = 2; x < GRID_W; x++)
            if (grid_get(&lv->map, x, y) == CELL_FLOOR)
                cells[n++] = (uint16_t)GRID_IDX(x, y);
    if (n == 0)
        return false;
    int c = cells[rng_below(r, (uint32_t)n)];
    out->x = (uint8_t)(c % GRID_STRIDE);
    out->y = (uint8_t)(c / GRID_STRIDE);
    return true;
}

void populate(level_t *lv, const gen_params_t *p, rng_t *r)
{
    (void)p;
    if (lv->start.x == 0 && !random_floor(lv, r, &lv->start)) {
        lv->obs.failure = FAIL_NO_FLOOR;
        return;
    }
    if (lv->nstairs == 0) {
        point_t s;
        if (random_floor(lv, r, &s) && !(s.x == lv->start.x && s.y == lv->start.y)) {
            grid_set(&lv->map, s.x, s.y, CELL_STAIRS);
            lv->stairs[lv->nstairs++] = s;
        }
    }
}

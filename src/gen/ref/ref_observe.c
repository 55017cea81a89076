/* ref_observe.c - what the final map shows, plainly (docs/rules.md §6).
 *
 * The cells of water, acid and lava and the doors on the whole map, and the
 * passable cells (floor, door, fluid, bridge, stairs) that cannot be walked
 * to from the player's start in 8-way steps (all of them when the start is
 * not passable, as when population found no cell for it).
 */
#include "ref.h"

int ref_unreachable(const grid_t *g, int sx, int sy)
{
    /* open: passable and not reached yet (the ring around the map never is) */
    bool open[GRID_H + 2][GRID_W + 2] = {{false}};
    point_t todo[GRID_W * GRID_H];
    int ntodo = 0, left = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            open[y][x] = cell_is_passable(grid_get(g, x, y));
            left += open[y][x];
        }
    if (grid_in_map(sx, sy) && open[sy][sx]) {
        open[sy][sx] = false;
        todo[ntodo++] = (point_t){(uint8_t)sx, (uint8_t)sy};
    }
    while (ntodo > 0) {
        point_t c = todo[--ntodo];
        left--;
        for (int y = c.y - 1; y <= c.y + 1; y++)
            for (int x = c.x - 1; x <= c.x + 1; x++)
                if (open[y][x]) {
                    open[y][x] = false;
                    todo[ntodo++] = (point_t){(uint8_t)x, (uint8_t)y};
                }
    }
    return left;
}

void ref_observe(level_t *lv)
{
    int count[CELL__COUNT] = {0};
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            count[grid_get(&lv->map, x, y)]++;
    lv->obs.fluid_cells[0] = (uint16_t)count[CELL_WATER];
    lv->obs.fluid_cells[1] = (uint16_t)count[CELL_ACID];
    lv->obs.fluid_cells[2] = (uint16_t)count[CELL_LAVA];
    lv->obs.doors = (uint16_t)count[CELL_DOOR];
    lv->obs.unreachable = (uint16_t)ref_unreachable(&lv->map, lv->start.x, lv->start.y);
}

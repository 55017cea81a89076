/* ref_warehouse.c - the warehouse layout, plainly (docs/rules.md §3 Warehouse,
 * docs/layouts-walled.md).
 *
 * Open floor with the wall border.  A divider count k is drawn from
 * data/walled.json; divider i of k stands at x = floor(78/(k+1))*i + d16 - 8
 * and is a wall plotted vertically through (x, d12+4), which becomes its
 * door.  Then each room, left to right, draws its box size, its number of
 * tries and whether it gets wall blocks instead of boxes (1/3); each try
 * draws a (size+2)-square inside the room's interior (between its walls,
 * rows 2..19) that never reaches the interior's last column or row, and if
 * the square is all floor its inner size x size becomes boxes (or wall).  A
 * room too narrow for a square draws nothing.  The rooms, walls included,
 * are the room list.  The type's water is the pipeline's step after it.
 */
#include "ref.h"

#include "layouts/walled.h"

static int pick(rng_t *r, const walled_pick_t *p)
{
    return p->v[rng_below(r, (uint32_t)p->n)];
}

static bool all_floor(const grid_t *g, int x, int y, int side)
{
    for (int j = y; j < y + side; j++)
        for (int i = x; i < x + side; i++)
            if (grid_get(g, i, j) != CELL_FLOOR)
                return false;
    return true;
}

static void fill_room(grid_t *g, rng_t *r, int x1, int x2, int size, int tries, cell_t kind)
{
    const int y1 = 2, y2 = GRID_H - 1, side = size + 2;
    if (x2 - side < x1 || y2 - side < y1)
        return;
    for (int t = 0; t < tries; t++) {
        int x = rng_range(r, x1, x2 - side);
        int y = rng_range(r, y1, y2 - side);
        if (all_floor(g, x, y, side))
            grid_fill_rect(g, x + 1, y + 1, x + size, y + size, kind);
    }
}

void ref_layout_warehouse(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout;
    const walled_data_t *d = ctx->p->tables->walled;
    if (!d) {
        grid_fill(g, CELL_WALL); /* broken data, reported once by walled_data */
        return;
    }
    grid_clear(g);
    int k = pick(r, &d->wh_dividers);
    int edge[WAREHOUSE_MAX_ROOMS + 1];
    edge[0] = 1;
    for (int i = 1; i <= k; i++) {
        int x = GRID_W / (k + 1) * i + rng_d(r, 16) - 8;
        int y = rng_d(r, 12) + 4;
        for (int wy = y - 1; grid_get(g, x, wy) == CELL_FLOOR; wy--)
            grid_set(g, x, wy, CELL_WALL);
        for (int wy = y + 1; grid_get(g, x, wy) == CELL_FLOOR; wy++)
            grid_set(g, x, wy, CELL_WALL);
        grid_set(g, x, y, CELL_DOOR);
        edge[i] = x;
        lv->obs.divider_x[i - 1] = (uint8_t)x; /* observed, as are each room's draws */
        lv->obs.wh_door_y[i - 1] = (uint8_t)y;
    }
    edge[k + 1] = GRID_W;
    for (int i = 0; i <= k; i++) {
        int size = pick(r, &d->wh_box_size);
        int tries = pick(r, &d->wh_box_tries);
        bool walls = rng_chance(r, d->wh_wall_blocks.num, d->wh_wall_blocks.den);
        lv->obs.wh_box[i] = (uint8_t)size;
        lv->obs.wh_tries[i] = (uint8_t)(tries < 255 ? tries : 255);
        lv->obs.wh_walls = (uint8_t)(lv->obs.wh_walls | (walls ? 1 : 0) << i);
        fill_room(g, r, edge[i] + 1, edge[i + 1] - 1, size, tries, walls ? CELL_WALL : CELL_BOX);
        ref_rooms_add(lv, edge[i], 1, edge[i + 1] - edge[i] + 1, GRID_H);
    }
    lv->obs.layout_variant = (uint8_t)(k + 1);
}

/* ref_observe.c - what the final map shows, plainly (docs/rules.md §6).
 *
 * The cells of water, acid and lava and the doors on the whole map, and the
 * passable cells (floor, door, fluid, bridge, stairs) that cannot be walked
 * to from the player's start in 8-way steps (all of them when the start is
 * not passable, as when population found no cell for it).  Then what the
 * map shows of its layout's rules (docs/rules.md §3, §5): an arena's wall
 * cells outside its centre box and the walls of the 9x7 box around the
 * start, a city's wall cells off the border and off the buildings' wall
 * rings, the floor cells on the small-rooms grid lines, which warehouse
 * rooms hold boxes or wall cells, and the monsters of a single-monster level
 * that its outcome does not name.
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

static bool is_wall(const level_t *lv, int x, int y)
{
    return grid_get(&lv->map, x, y) == CELL_WALL;
}

static void observe_arena(level_t *lv)
{
    const rect_t *k = &lv->keepout;
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++) {
            bool centre = k->x1 != 0 && k->x1 <= x && x <= k->x2 && k->y1 <= y && y <= k->y2;
            if (is_wall(lv, x, y) && !centre)
                stray++;
        }
    lv->obs.stray_walls = (uint16_t)stray;
    /* the 9x7 box around the start, the largest picture of the page */
    int sx = lv->start.x, sy = lv->start.y;
    if (sx < 5 || sx > GRID_W - 4 || sy < 4 || sy > GRID_H - 3)
        return;
    int walls = 0;
    bool symmetric = true;
    for (int y = sy - 3; y <= sy + 3; y++)
        for (int x = sx - 4; x <= sx + 4; x++)
            if (is_wall(lv, x, y)) {
                walls++;
                if (!is_wall(lv, 2 * sx - x, y) || !is_wall(lv, x, 2 * sy - y))
                    symmetric = false;
            }
    lv->obs.centre_walls = (uint8_t)(walls + (symmetric ? 0 : OBS_ASYMMETRIC));
}

static bool on_building_ring(const level_t *lv, int x, int y)
{
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *b = &lv->rooms[i];
        int x2 = b->x + b->w - 1, y2 = b->y + b->h - 1;
        bool inside = b->x <= x && x <= x2 && b->y <= y && y <= y2;
        if (inside && (x == b->x || x == x2 || y == b->y || y == y2))
            return true;
    }
    return false;
}

static void observe_city(level_t *lv)
{
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++)
            if (is_wall(lv, x, y) && !on_building_ring(lv, x, y))
                stray++;
    lv->obs.stray_walls = (uint16_t)stray;
}

static void observe_small_rooms(level_t *lv)
{
    /* the lines x = 3, 21, 39, 57, 75 (y 1..19) and y = 1, 7, 13, 19 (x 3..75) */
    int gaps = 0;
    for (int y = 1; y <= 19; y++)
        for (int x = 3; x <= 75; x++) {
            bool line = x == 3 || x == 21 || x == 39 || x == 57 || x == 75 || y == 1 ||
                        y == 7 || y == 13 || y == 19;
            if (line && grid_get(&lv->map, x, y) == CELL_FLOOR)
                gaps++;
        }
    lv->obs.line_gaps = (uint8_t)(gaps < 255 ? gaps : 255);
}

static void observe_warehouse(level_t *lv)
{
    for (int i = 0; i < lv->nrooms && i < 4; i++) {
        const room_t *r = &lv->rooms[i];
        int seen = 0;
        for (int y = r->y + 1; y < r->y + r->h - 1; y++)
            for (int x = r->x + 1; x < r->x + r->w - 1; x++) {
                if (grid_get(&lv->map, x, y) == CELL_BOX)
                    seen |= OBS_BLOCK_BOX;
                if (grid_get(&lv->map, x, y) == CELL_WALL)
                    seen |= OBS_BLOCK_WALL;
            }
        lv->obs.wh_blocks = (uint8_t)(lv->obs.wh_blocks | seen << (2 * i));
    }
}

static bool outcome_names(const pop_outcome_t *o, int kind)
{
    for (int p = 0; p < o->nparts; p++)
        for (int k = 0; k < o->part[p].nmix; k++)
            if (o->part[p].mix[k] == kind)
                return true;
    return false;
}

static void observe_single(level_t *lv, const pop_tables_t *t)
{
    int oc = lv->obs.roll.single_outcome;
    if (!t || oc < 0 || oc >= t->single.noutcomes)
        return;
    int foreign = 0;
    for (int i = 0; i < lv->nmonsters; i++)
        if (!outcome_names(&t->single.outcome[oc], lv->monster[i].kind))
            foreign++;
    lv->obs.foreign_monsters = (uint16_t)foreign;
}

void ref_observe(level_t *lv, const pop_tables_t *t)
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
    if (lv->type == LT_ARENA)
        observe_arena(lv);
    else if (lv->type == LT_CITY)
        observe_city(lv);
    else if (lv->type == LT_SMALL_ROOMS)
        observe_small_rooms(lv);
    else if (lv->type == LT_WAREHOUSE)
        observe_warehouse(lv);
    else if (lv->type == LT_SINGLE)
        observe_single(lv, t);
}

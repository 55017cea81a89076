/* ref_observe.c - what the final map shows, plainly (docs/rules.md §6).
 *
 * The cells of water, acid and lava and the doors on the whole map.  (The
 * passable cells (floor, door, fluid, bridge, stairs) that cannot be walked
 * to from the player's start in 8-way steps are no part of the record: the
 * observer floods the finished map, observer.h; ref_unreachable is the plain
 * breadth-first twin the observer's test holds its flood to.)  Then what the
 * map shows of its layout's rules (docs/rules.md §3, §5): an arena's wall
 * cells outside its centre box and the walls of the 9x7 box around the
 * start, a city's wall cells off the border and off the buildings' wall
 * rings, the floor cells on the small-rooms grid lines, which warehouse
 * rooms hold boxes or wall cells, and the monsters of a single-monster level
 * that its outcome does not name.  The city's and the single's are written
 * here cell by cell and kind by kind (the fast census marks the rings in a
 * byte map and the named kinds in a bit mask); the arena's, the small
 * rooms' and the warehouse's are plain in the fast census and are called
 * (census_layout).
 */
#include "ref.h"

#include "census_layout.h"

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
            if (grid_get(&lv->map, x, y) == CELL_WALL && !on_building_ring(lv, x, y))
                stray++;
    lv->obs.stray_walls = (uint16_t)stray;
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
    if (lv->type == LT_CITY)
        observe_city(lv);
    else if (lv->type == LT_SINGLE)
        observe_single(lv, t);
    else
        census_layout(lv, t);
}

/* ref_observe.c - what the final map shows, plainly (docs/rules.md §6).
 *
 * The cells of water, acid and lava and the doors on the whole map, and the
 * monsters of a single-monster level that its outcome does not name.  (The
 * passable cells (floor, door, fluid, bridge, stairs) that cannot be walked
 * to from the player's start in 8-way steps are no part of the record: the
 * observer floods the finished map, observer.h; ref_unreachable is the plain
 * breadth-first twin the observer's test holds its flood to.)  And, for the
 * observer's layout geometry (docs/rules.md §3; observer.h's seen_t),
 * ref_layout_seen, cell by cell: an arena's wall cells outside its kept-free
 * box and the walls of the 9x7 box around the start, a city's wall cells off
 * the border and off the buildings' wall rings, the floor cells on the small
 * rooms' grid lines, and which warehouse rooms hold boxes or wall cells
 * inside their walls.
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

static bool is_wall(const level_t *lv, int x, int y)
{
    return grid_get(&lv->map, x, y) == CELL_WALL;
}

static int stray_city(const level_t *lv)
{
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++)
            if (is_wall(lv, x, y) && !on_building_ring(lv, x, y))
                stray++;
    return stray;
}

static int stray_arena(const level_t *lv)
{
    const rect_t *k = &lv->keepout;
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++) {
            const bool in_box = k->x1 && x >= k->x1 && x <= k->x2 && y >= k->y1 && y <= k->y2;
            if (is_wall(lv, x, y) && !in_box)
                stray++;
        }
    return stray;
}

/* The 9x7 box around the start: its wall cells, and whether each has its
 * mirror images across the start's column and across its row. */
static int centre_arena(const level_t *lv)
{
    const int cx = lv->start.x, cy = lv->start.y, hx = SEEN_CENTRE_W / 2, hy = SEEN_CENTRE_H / 2;
    if (cx - hx < 1 || cx + hx > GRID_W || cy - hy < 1 || cy + hy > GRID_H)
        return 0;
    int walls = 0;
    bool asym = false;
    for (int dy = -hy; dy <= hy; dy++)
        for (int dx = -hx; dx <= hx; dx++)
            if (is_wall(lv, cx + dx, cy + dy)) {
                walls++;
                if (!is_wall(lv, cx - dx, cy + dy) || !is_wall(lv, cx + dx, cy - dy))
                    asym = true;
            }
    return walls | (asym ? SEEN_ASYMMETRIC : 0);
}

/* Floor cells on the small rooms' grid lines: rows 1, 7, 13 and 19 over
 * x 3..75 and columns 3, 21, 39, 57 and 75 over y 1..19. */
static int gaps_small_rooms(const level_t *lv)
{
    const int x2 = SEEN_LINE_X0 + (SEEN_LINES_X - 1) * SEEN_PITCH_X;
    const int y2 = SEEN_LINE_Y0 + (SEEN_LINES_Y - 1) * SEEN_PITCH_Y;
    int gaps = 0;
    for (int y = SEEN_LINE_Y0; y <= y2; y++)
        for (int x = SEEN_LINE_X0; x <= x2; x++) {
            const bool on_line = (y - SEEN_LINE_Y0) % SEEN_PITCH_Y == 0 ||
                                 (x - SEEN_LINE_X0) % SEEN_PITCH_X == 0;
            if (on_line && grid_get(&lv->map, x, y) == CELL_FLOOR)
                gaps++;
        }
    return gaps < UINT8_MAX ? gaps : UINT8_MAX;
}

/* Which of the first rooms hold box and wall cells inside their walls. */
static int blocks_warehouse(const level_t *lv)
{
    unsigned blocks = 0;
    for (int i = 0; i < lv->nrooms && i < SEEN_WH_ROOMS; i++) {
        const room_t *r = &lv->rooms[i];
        if (r->w < 3 || r->h < 3 || r->x < 1 || r->y < 1 || r->x + r->w - 1 > GRID_W ||
            r->y + r->h - 1 > GRID_H)
            continue;
        unsigned seen = 0;
        for (int y = r->y + 1; y <= r->y + r->h - 2; y++)
            for (int x = r->x + 1; x <= r->x + r->w - 2; x++) {
                const cell_t c = grid_get(&lv->map, x, y);
                seen |= c == CELL_BOX ? SEEN_BLOCK_BOX : c == CELL_WALL ? SEEN_BLOCK_WALL : 0u;
            }
        blocks |= seen << (2 * i);
    }
    return (int)blocks;
}

void ref_layout_seen(const level_t *lv, seen_t *s)
{
    s->stray_walls = 0;
    s->centre_walls = s->line_gaps = s->wh_blocks = 0;
    switch (lv->type) {
    case LT_ARENA:
        s->stray_walls = (uint16_t)stray_arena(lv);
        s->centre_walls = (uint8_t)centre_arena(lv);
        break;
    case LT_CITY: s->stray_walls = (uint16_t)stray_city(lv); break;
    case LT_SMALL_ROOMS: s->line_gaps = (uint8_t)gaps_small_rooms(lv); break;
    case LT_WAREHOUSE: s->wh_blocks = (uint8_t)blocks_warehouse(lv); break;
    default: break;
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
    if (lv->type == LT_SINGLE)
        observe_single(lv, t);
}

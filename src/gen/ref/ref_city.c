/* ref_city.c - the city layout, plainly (docs/rules.md §3 City,
 * docs/layouts-open.md).
 *
 * Open floor with the wall border; the river roll first (vertical rules
 * only), then 100 tries: draw a site width w = 7..16, height h = 6..12, and
 * a top-left (x, y) with 3 <= x, x + w - 1 <= 75, 3 <= y, y + h - 1 <= 17.
 * A site whose cells are all floor and that overlaps no building becomes a
 * building (a large building's inside, which stays floor, could hold a
 * small site): its outer ring stays floor, the ring inside that becomes
 * wall, and one door goes on one of the building's non-corner wall cells,
 * drawn uniformly (top wall left to right, bottom wall, left wall top to
 * bottom, right wall).  The buildings, walls included, are the room list.
 * The fluid pass is the pipeline's water step after it.
 */
#include "ref.h"

static bool site_free(const level_t *lv, int x, int y, int w, int h)
{
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++)
            if (grid_get(&lv->map, i, j) != CELL_FLOOR)
                return false;
    for (int k = 0; k < lv->nrooms; k++) {
        const room_t *b = &lv->rooms[k];
        if (x < b->x + b->w && b->x < x + w && y < b->y + b->h && b->y < y + h)
            return false;
    }
    return true;
}

static point_t door_cell(rng_t *r, int x, int y, int w, int h)
{
    int across = w - 2, down = h - 2;
    int i = (int)rng_below(r, (uint32_t)(2 * across + 2 * down));
    if (i < across)
        return (point_t){(uint8_t)(x + 1 + i), (uint8_t)y};
    if (i < 2 * across)
        return (point_t){(uint8_t)(x + 1 + i - across), (uint8_t)(y + h - 1)};
    if (i < 2 * across + down)
        return (point_t){(uint8_t)x, (uint8_t)(y + 1 + i - 2 * across)};
    return (point_t){(uint8_t)(x + w - 1), (uint8_t)(y + 1 + i - 2 * across - down)};
}

/* Observed once the buildings stand: each building's door cells on its wall
 * ring and on its corners, and where the first building's door lies when it
 * has exactly one off the corners: its wall (0 top, 1 bottom, 2 left,
 * 3 right) and its cell along that wall, 0 next to the top or left corner;
 * and the cells of a building that are river cells. */
static void observe_buildings(level_t *lv)
{
    obs_t *o = &lv->obs;
    for (int k = 0; k < lv->nrooms; k++) {
        const room_t *b = &lv->rooms[k];
        int x2 = b->x + b->w - 1, y2 = b->y + b->h - 1;
        int doors = 0, corners = 0, side = -1, at = 0;
        for (int y = b->y; y <= y2; y++)
            for (int x = b->x; x <= x2; x++) {
                cell_t cell = grid_get(&lv->map, x, y);
                if (cell != CELL_FLOOR && cell != CELL_WALL && cell != CELL_DOOR)
                    o->building_river++; /* a river cell in the building */
                bool top = y == b->y, bottom = y == y2, left = x == b->x, right = x == x2;
                if (!(top || bottom || left || right) || grid_get(&lv->map, x, y) != CELL_DOOR)
                    continue;
                doors++;
                if ((top || bottom) && (left || right)) {
                    corners++;
                    continue;
                }
                side = top ? 0 : bottom ? 1 : left ? 2 : 3;
                at = side < 2 ? x - b->x - 1 : y - b->y - 1;
            }
        o->buildings_by_doors[doors < 3 ? doors : 3]++;
        o->building_corner_doors = (uint8_t)(o->building_corner_doors + corners);
        if (k == 0 && doors == 1 && corners == 0) {
            o->first_door_side = (uint8_t)side;
            o->first_door_at = (uint8_t)at;
        }
    }
}

void ref_layout_city(layout_ctx_t *ctx)
{
    ref_layout_city_with(ctx, ref_water_river);
}

void ref_layout_city_with(layout_ctx_t *ctx, bool (*river_fn)(layout_ctx_t *ctx))
{
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout;
    grid_clear(g);
    river_fn(ctx);
    int tries = 0;
    for (int t = 0; t < 100; t++) {
        tries++;
        int w = rng_range(r, 7, 16);
        int h = rng_range(r, 6, 12);
        int x = rng_range(r, 3, 76 - w);
        int y = rng_range(r, 3, 18 - h);
        if (!site_free(lv, x, y, w, h))
            continue;
        int bx = x + 1, by = y + 1, bw = w - 2, bh = h - 2;
        for (int i = bx; i < bx + bw; i++) {
            grid_set(g, i, by, CELL_WALL);
            grid_set(g, i, by + bh - 1, CELL_WALL);
        }
        for (int j = by; j < by + bh; j++) {
            grid_set(g, bx, j, CELL_WALL);
            grid_set(g, bx + bw - 1, j, CELL_WALL);
        }
        point_t d = door_cell(r, bx, by, bw, bh);
        grid_set(g, d.x, d.y, CELL_DOOR);
        if (!ref_rooms_add(lv, bx, by, bw, bh))
            break;
    }
    lv->obs.city_tries = (uint8_t)tries;
    observe_buildings(lv);
}

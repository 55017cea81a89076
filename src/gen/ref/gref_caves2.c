/* gref_caves2.c - the game's caves-2, plainly (docs/rules.md G22-G27;
 * [game: generator.lua:466-557]).
 *
 * The lake fluid: lava; a d4 of 1 makes it water, then a d4 of 1 acid.
 * The map: wall, a floor band (8,8)-(71,13), 10 cave walks of d10+40 cells
 * and 50 of d10+20 (one length per group, walks as the caves').  Smoothing:
 * row by row, in place, over (2,2)-(77,19) a wall with fewer than 4 wall
 * neighbours of 8 becomes floor; then each floor cell of (3,3)-(76,18) with
 * more than 2 wall neighbours of 4 marks those 4, and the marks become floor
 * after the pass.  Pillars: d3+2 blobs of d5+5 (gref_blobs.c), marked, then
 * wall.  Buildings: random(5,7) at most, in 1000 tries of a random(7,9) x
 * random(6,9) sub-area of (2,2)-(77,19); an all-floor one gets a wall ring
 * just inside it, one door on the ring (not a corner), its inside marked.
 * Lakes: d5+10 blobs of d40+20 of the fluid.  The marks become floor; then,
 * row by row, a fluid cell with fewer than 4 fluid neighbours of 8 dries to
 * floor.  The mark is CELL_BOX (the game's crate); no room list.  Fluid and
 * lakes from the water stream, the rest from the layout stream.
 */
#include "gref.h"

#define MARK CELL_BOX

static void smooth(grid_t *g)
{
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++)
            if (grid_get(g, x, y) == CELL_WALL && gref_around(g, x, y, CELLSET(CELL_WALL)) < 4)
                grid_set(g, x, y, CELL_FLOOR);
    for (int y = 3; y <= GRID_H - 2; y++)
        for (int x = 3; x <= GRID_W - 2; x++)
            if (grid_get(g, x, y) == CELL_FLOOR &&
                gref_cross_around(g, x, y, CELLSET(CELL_WALL)) > 2) {
                grid_set(g, x, y - 1, MARK);
                grid_set(g, x - 1, y, MARK);
                grid_set(g, x + 1, y, MARK);
                grid_set(g, x, y + 1, MARK);
            }
    gref_replace(g, MARK, CELL_FLOOR);
}

static bool all_floor(const grid_t *g, area_t a)
{
    for (int y = a.y1; y <= a.y2; y++)
        for (int x = a.x1; x <= a.x2; x++)
            if (grid_get(g, x, y) != CELL_FLOOR)
                return false;
    return true;
}

static int buildings(level_t *lv, grid_t *g, rng_t *r)
{
    const area_t inside_ring = {2, 2, GRID_W - 1, GRID_H - 1};
    int most = gref_between(r, 5, 7);
    lv->obs.glay_buildings_drawn = (uint8_t)most;
    int placed = 0;
    for (int i = 0; i < 1000; i++) {
        int w = gref_between(r, 7, 9);
        int h = gref_between(r, 6, 9);
        area_t a = gref_subarea(r, &inside_ring, w, h);
        if (!all_floor(g, a))
            continue;
        area_t ring = {a.x1 + 1, a.y1 + 1, a.x2 - 1, a.y2 - 1};
        gref_fill(g, ring, CELL_WALL);
        point_t door = gref_inner_edge(r, &ring);
        grid_set(g, door.x, door.y, CELL_DOOR);
        gref_fill(g, (area_t){ring.x1 + 1, ring.y1 + 1, ring.x2 - 1, ring.y2 - 1}, MARK);
        placed++;
        if (placed == most)
            break;
    }
    return placed;
}

void gref_caves_2(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout, *w = ctx->water;

    cell_t fluid = CELL_LAVA;
    if (gref_dn(w, 4) == 1)
        fluid = CELL_WATER;
    if (gref_dn(w, 4) == 1)
        fluid = CELL_ACID;
    lv->obs.glay_lake_fluid = (uint8_t)fluid;

    grid_fill(g, CELL_WALL);
    gref_fill(g, (area_t){8, 8, 71, 13}, CELL_FLOOR);
    int length = gref_dn(r, 10) + 40;
    lv->obs.glay_walk_len[0] = (uint8_t)length;
    ref_caves_edge_walks(lv, r, 10, length, CELL_FLOOR);
    length = gref_dn(r, 10) + 20;
    lv->obs.glay_walk_len[1] = (uint8_t)length;
    ref_caves_edge_walks(lv, r, 50, length, CELL_FLOOR);
    smooth(g);

    int pillars = gref_dn(r, 3) + 2;
    lv->obs.glay_pillars_drawn = (uint8_t)pillars;
    int started = gref_blobs(g, r, pillars, 5, 5, MARK, &lv->obs.glay_blob_size[0]);
    gref_replace(g, MARK, CELL_WALL);
    lv->obs.glay_buildings = (uint8_t)buildings(lv, g, r);

    int lakes = gref_dn(w, 5) + 10;
    lv->obs.glay_lakes_drawn = (uint8_t)lakes;
    started += gref_blobs(g, w, lakes, 40, 20, fluid, &lv->obs.glay_blob_size[1]);
    lv->obs.glay_blobs = (uint8_t)started;
    gref_replace(g, MARK, CELL_FLOOR);
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++)
            if (grid_get(g, x, y) == fluid && gref_around(g, x, y, CELLSET(fluid)) < 4)
                grid_set(g, x, y, CELL_FLOOR);
}

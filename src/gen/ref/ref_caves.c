/* ref_caves.c - the caves layout, plainly (docs/rules.md §3 Caves,
 * docs/layouts-open.md).
 *
 * Fill with wall.  One floor walk of d40+100 steps from (38,10); 5 floor
 * walks of d40+35 steps (one length for the five); the first fluid pass of
 * the cave table (its walk count and length drawn once); 40 floor walks of
 * d40+25; the second fluid pass, as many walks, 20 steps longer.  Every
 * walk steps one of 9 ways and ends when a step would leave (2,2)-(77,19).
 * Every walk but the first starts on an interior cell with at least one
 * orthogonal neighbour open (floor or fluid) and at least one wall: up to
 * 64 interior cells are drawn (x, then y) until one qualifies, else one of
 * the qualifying cells is drawn from their row-major list (uniform either
 * way).  The river roll is the pipeline's water step after it (not in
 * layout-only mode).  Digging draws from the layout stream, fluid and river
 * from the water stream.  No rooms.
 * The game ruleset's caves dig the same way with its own fluid bands
 * (ref_caves_dig with the game's tables) and draw the game's river
 * (gref_caves.c).
 */
#include "ref.h"

static bool is_open(cell_t k)
{
    return k == CELL_FLOOR || cell_is_fluid(k);
}

static bool cave_edge(const grid_t *g, int x, int y)
{
    cell_t around[4] = {grid_get(g, x - 1, y), grid_get(g, x + 1, y), grid_get(g, x, y - 1),
                        grid_get(g, x, y + 1)};
    bool open = false, wall = false;
    for (int i = 0; i < 4; i++) {
        open = open || is_open(around[i]);
        wall = wall || around[i] == CELL_WALL;
    }
    return open && wall;
}

static bool edge_start(const grid_t *g, rng_t *r, int *x, int *y)
{
    const area_t *a = &WATER_INTERIOR;
    for (int t = 0; t < 64; t++) {
        *x = rng_range(r, a->x1, a->x2);
        *y = rng_range(r, a->y1, a->y2);
        if (cave_edge(g, *x, *y))
            return true;
    }
    point_t cells[GRID_W * GRID_H];
    int n = 0;
    for (int cy = a->y1; cy <= a->y2; cy++)
        for (int cx = a->x1; cx <= a->x2; cx++)
            if (cave_edge(g, cx, cy))
                cells[n++] = (point_t){(uint8_t)cx, (uint8_t)cy};
    if (n == 0)
        return false;
    point_t c = cells[rng_below(r, (uint32_t)n)];
    *x = c.x;
    *y = c.y;
    return true;
}

/* Returns the walks made. */
int ref_caves_edge_walks(level_t *lv, rng_t *r, int walks, int steps, cell_t k)
{
    int made = 0;
    for (int i = 0; i < walks; i++) {
        int x, y;
        if (edge_start(&lv->map, r, &x, &y)) {
            ref_water_walk_stop(&lv->map, r, x, y, steps, k, &WATER_INTERIOR);
            made++;
        } else {
            lv->obs.retries++;
        }
    }
    return made;
}

void ref_caves_dig(layout_ctx_t *ctx, const water_tables_t *wt)
{
    ref_caves_dig_with(ctx, wt, NULL, NULL);
}

void ref_caves_dig_with(layout_ctx_t *ctx, const water_tables_t *wt, caves_fluid_fn choose,
                        const void *arg)
{
    level_t *lv = ctx->lv;
    rng_t *r = ctx->layout;
    const fluid_band_t *fb = water_band(&wt->cave, lv->dlevel);
    grid_fill(&lv->map, CELL_WALL);
    int first = rng_d(r, 40) + 100;
    lv->obs.cave_first = (uint8_t)first;
    ref_water_walk_stop(&lv->map, r, 38, 10, first, CELL_FLOOR, &WATER_INTERIOR);
    lv->obs.cave_early_walks =
        (uint8_t)ref_caves_edge_walks(lv, r, 5, rng_d(r, 40) + 35, CELL_FLOOR);

    int fwalks, flength; /* the draws and the record are the plain shared ones */
    water_pass_roll(&wt->cave, lv->dlevel, ctx->water, &fwalks, &flength);
    const cell_t fluid = choose ? choose(ctx, fb->fluid, (int)(fb - wt->cave.band), arg) : fb->fluid;
    water_pass_note(&lv->obs, fluid, fwalks, flength);
    ref_caves_edge_walks(lv, ctx->water, fwalks, flength, fluid);

    lv->obs.cave_late_walks =
        (uint8_t)ref_caves_edge_walks(lv, r, 40, rng_d(r, 40) + 25, CELL_FLOOR);
    ref_caves_edge_walks(lv, ctx->water, fwalks, flength + wt->cave_second_extra, fluid);
    water_pass_note(&lv->obs, fluid, fwalks, flength + wt->cave_second_extra);
}

void ref_layout_caves(layout_ctx_t *ctx)
{
    ref_caves_dig(ctx, ctx->p->tables->water);
}

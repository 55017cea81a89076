/* gref_caves.c - the game's caves, plainly (docs/rules.md G18-G21; [game:
 * generator.lua:362-393]).
 *
 * The digging and the two groups of fluid walks are the wiki ruleset's
 * (ref_caves_dig), with the game's cave fluid bands (G19).  Then, unless
 * the level is layout-only or rivers are off, the river (G20): with a d3
 * of 1, of the river fluid (G40); with a further d3 of 1 one horizontal
 * river of width d3+1, bridged unless a d6 comes up 1; otherwise a cell is
 * looked for by drawing uniform map cells (x, then y), at most 5000 times,
 * until one is floor, water or bridge, and one vertical river of width
 * d3+3 (a d4 drawn and ignored) is drawn through it.  With no such cell
 * there is no river, and obs.retries counts it.  Digging from the layout
 * stream, fluid and river from the water stream.
 */
#include "gref.h"

/* [game: valk:src/vmaparea.pas:154-166] draws of random_empty_coord */
#define EMPTY_TRIES 5000

static bool river_cell(const grid_t *g, rng_t *r, point_t *at)
{
    for (int i = 0; i < EMPTY_TRIES; i++) {
        int x, y;
        gref_random_at(r, 1, GRID_W, 1, GRID_H, &x, &y);
        cell_t k = grid_get(g, x, y);
        if (k == CELL_FLOOR || k == CELL_WATER || k == CELL_BRIDGE) {
            *at = (point_t){(uint8_t)x, (uint8_t)y};
            return true;
        }
    }
    return false;
}

static void cave_river(level_t *lv, rng_t *r, const glay_tables_t *gt)
{
    const water_tables_t *wt = &gt->water;
    const glay_const_t *k = &gt->k;
    if (gref_dn(r, 3) != 1)
        return;
    cell_t fluid = gref_river_fluid(r, wt, lv->dlevel, lv->difficulty);
    if (gref_dn(r, 3) == 1) {
        int width = gref_dn(r, k->river_width_die) + k->cave_hriver_width_plus;
        bool bridge = gref_dn(r, 6) != 1;
        gref_horizontal_river(lv, r, fluid, width, bridge);
        return;
    }
    point_t at;
    if (!river_cell(&lv->map, r, &at)) {
        lv->obs.retries++;
        return;
    }
    lv->obs.glay_river_at = at;
    int width = gref_dn(r, k->river_width_die) + k->cave_vriver_width_plus;
    (void)gref_dn(r, 4);
    gref_vertical_river(lv, r, fluid, width, 0, &at);
}

void gref_caves(layout_ctx_t *ctx)
{
    const water_tables_t *wt = &ctx->p->tables->glay->water;
    ref_caves_dig(ctx, wt);
    if (!ctx->p->layout_only && ctx->p->rivers)
        cave_river(ctx->lv, ctx->water, ctx->p->tables->glay);
}

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
 * stream, fluid and river from the water stream.  The digging and the
 * vertical river are the reference's own (ref_caves.c, gref_rivers.c); the
 * fluid roll, the dice, the search for the river cell (standard_empty) and
 * the horizontal river are the fast code's.
 */
#include "gref.h"

static void cave_river(level_t *lv, rng_t *r, const glay_tables_t *gt)
{
    const glay_const_t *k = &gt->k;
    if (glay_dn(r, 3) != 1)
        return;
    cell_t fluid = glay_river_fluid(r, gt, lv->dlevel, lv->difficulty);
    if (glay_dn(r, 3) == 1) {
        int width = glay_dn(r, k->river_width_die) + k->cave_hriver_width_plus;
        bool bridge = glay_dn(r, 6) != 1;
        glay_horiz_river(lv, r, fluid, width, bridge);
        return;
    }
    point_t at;
    if (!standard_empty(&lv->map, r, &at)) {
        lv->obs.retries++;
        return;
    }
    lv->obs.game.river_at = at;
    int width = glay_dn(r, k->river_width_die) + k->cave_vriver_width_plus;
    (void)glay_dn(r, 4);
    gref_vertical_river(lv, r, fluid, width, 0, &at);
}

void gref_caves(layout_ctx_t *ctx)
{
    const water_tables_t *wt = &ctx->p->tables->glay->water;
    ref_caves_dig(ctx, wt);
    if (!ctx->p->layout_only && ctx->p->rivers)
        cave_river(ctx->lv, ctx->water, ctx->p->tables->glay);
}

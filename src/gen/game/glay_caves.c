/* glay_caves.c - the game-0.9.9.7 caves: the wiki ruleset's cave with the
 * game's fluid bands and the game's river (docs/rules.md, the game's caves).
 *
 * The digging and the two fluid passes are the same walks as the wiki
 * ruleset's (src/gen/layouts/caves.c, caves_dig), which already follow the game
 * [game: generator.lua:371-377]; only the dlevel bands of the fluid differ
 * (data/game-0.9.9.7/water.json: water below 7, acid 7..11, lava from 12).
 * The river: with 1/3 a river of the river fluid roll; with 1/3 of those it
 * is horizontal (width d3 + 1, a bridge with 5/6), otherwise one vertical
 * river of width d3 + 3 through a random empty cell of the finished cave
 * [game: generator.lua:379-393].  The cave wall is CELL_WALL (the game's cave
 * styles are not modelled); the cave's monster set is not drawn here.
 */
#include "glay.h"

#include "layouts/layouts.h"

#define CAVE_RIVER_DIE 3          /* [game: generator.lua:379-393] a river with 1d3 = 1 */
#define CAVE_RIVER_HORIZ_DIE 3    /* horizontal with 1d3 = 1 */
                                  /* width d3 + 1 (glay_const_t), */
#define CAVE_HRIVER_BRIDGE_DIE 6  /* a bridge unless 1d6 = 1 */
                                  /* width d3 + 3 (glay_const_t), */
#define CAVE_VRIVER_BRIDGE_DIE 4  /* the ignored bridge argument 1d4 ~= 1 */
/* [game: vmaparea.pas:154-166] random_empty_coord draws uniform cells of
 * the whole map at most this many times, and finds none after that. */
#define EMPTY_COORD_TRIES 5000

/* The game's standard_empty_coord on a fresh cave (no beings, items or
 * stairs yet): a cell that does not block movement and does not harm,
 * i.e. floor, water or bridge [game: dflevel.pas:212-223]. */
bool standard_empty(const grid_t *g, rng_t *r, point_t *at)
{
    for (int i = 0; i < EMPTY_COORD_TRIES; i++) {
        int x, y; /* x first */
        game_random_at(r, 1, GRID_W, 1, GRID_H, &x, &y);
        cell_t k = grid_get(g, x, y);
        if (k == CELL_FLOOR || k == CELL_WATER || k == CELL_BRIDGE) {
            *at = (point_t){(uint8_t)x, (uint8_t)y};
            return true;
        }
    }
    return false;
}

static void cave_river(level_t *lv, rng_t *r, const glay_tables_t *t)
{
    if (glay_dn(r, CAVE_RIVER_DIE) != 1)
        return;
    const cell_t fluid = glay_river_fluid(r, t, lv->dlevel, lv->difficulty);
    if (glay_dn(r, CAVE_RIVER_HORIZ_DIE) == 1) {
        int width = glay_dn(r, t->k.river_width_die) + t->k.cave_hriver_width_plus;
        bool bridge = glay_dn(r, CAVE_HRIVER_BRIDGE_DIE) != 1;
        glay_horiz_river(lv, r, fluid, width, bridge);
        return;
    }
    point_t at;
    if (!standard_empty(&lv->map, r, &at)) {
        lv->obs.retries++; /* no empty cell: no river, as in the game; counted */
        return;
    }
    lv->obs.game.river_at = at;
    int width = glay_dn(r, t->k.river_width_die) + t->k.cave_vriver_width_plus;
    (void)glay_dn(r, CAVE_VRIVER_BRIDGE_DIE);
    glay_vert_river(lv, r, fluid, width, 0, &at);
}

void glay_caves(layout_ctx_t *ctx, const glay_tables_t *t)
{
    caves_dig(ctx, &t->water);
    /* [decision] as the wiki ruleset's caves: the river is drawn on the
     * finished cave, so layout-only mode (the water that shapes a layout)
     * and --no-rivers skip it, without a draw. */
    if (!ctx->p->layout_only && ctx->p->rivers)
        cave_river(ctx->lv, ctx->water, t);
}

/* ---- game-0.10.10b (docs/rules.md H16-H17) ------------------------------ */

/* [game-0.10.10b: bin/data/drl/generator.lua:230-241] the band's pick, then
 * the first cave_fluid_overrides row that holds replaces it by its pick. */
cell_t glay10_cave_fluid(layout_ctx_t *ctx, cell_t fluid, int band, const void *arg)
{
    const glay_water10_t *w = arg;
    const level_t *lv = ctx->lv;
    const glay_pick_t *pick = &w->cave_pick[band];
    if (pick->n > 0)
        fluid = pick->k[glay_random(ctx->water, pick->n)];
    for (int i = 0; i < w->noverrides; i++) {
        if (lv->dlevel < w->override[i].from || lv->difficulty < w->override[i].min_diff ||
            (w->override[i].if_fluid >= 0 && (int)fluid != w->override[i].if_fluid))
            continue;
        const glay_pick_t *o = &w->override[i].pick;
        return o->k[glay_random(ctx->water, o->n)];
    }
    return fluid;
}

/* [game-0.10.10b: core/generator.lua:295-297] the standard empty test on
 * a cave with no things yet: a cell that neither blocks nor harms. */
#define STANDARD_EMPTY10                                                                  \
    (CELLSET(CELL_FLOOR) | CELLSET(CELL_WATER) | CELLSET(CELL_MUD) | CELLSET(CELL_BLOOD) | \
     CELLSET(CELL_BRIDGE) | CELLSET(CELL_DOOR))
static const area_t WHOLE_MAP = {1, 1, GRID_W, GRID_H};
#define CAVE_VRIVER_X_MIN 3 /* [game-0.10.10b: generator.lua:255-276] position */
#define CAVE_VRIVER_X_MAX 75 /* clamp(x, 3, 75) */

void glay10_cave_river(level_t *lv, rng_t *r, const glay_tables_t *t, cell_t cave_fluid)
{
    const glay_water10_t *w = &t->w10;
    if (glay_random(r, w->cave_river_chance.den) >= w->cave_river_chance.num)
        return;
    const cell_t fluid =
        glay10_river_fluid(r, t, w->cave_river_row, w->ncave_river, lv, cave_fluid);
    if (glay_random(r, w->cave_river_horizontal.den) < w->cave_river_horizontal.num) {
        const int width = glay_dn(r, t->k.river_width_die) + t->k.cave_hriver_width_plus;
        glay10_horiz_river(lv, r, t, fluid, width);
        return;
    }
    point_t at;
    if (!glay10_empty(&lv->map, r, &WHOLE_MAP, STANDARD_EMPTY10, &at)) {
        lv->obs.retries++; /* no such cell: no river, as in the game; counted */
        return;
    }
    lv->obs.game.river_at = at;
    const int pos = at.x < CAVE_VRIVER_X_MIN   ? CAVE_VRIVER_X_MIN
                    : at.x > CAVE_VRIVER_X_MAX ? CAVE_VRIVER_X_MAX
                                               : at.x;
    glay10_vert_river(lv, r, t, fluid, pos, t->k.cave_vriver_width_plus);
}

void glay10_caves(layout_ctx_t *ctx, const glay_tables_t *t)
{
    caves_dig_with(ctx, &t->water, glay10_cave_fluid, &t->w10);
    if (!ctx->p->layout_only && ctx->p->rivers)
        glay10_cave_river(ctx->lv, ctx->water, t, (cell_t)ctx->lv->obs.fluid_kind);
}

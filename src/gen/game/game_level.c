/* game_level.c - see game_level.h. */
#include "game_level.h"

#include "layouts/layouts.h"
#include "tables.h"
#include "glay.h"

/* [game: generators.lua] tiled, archi, warehouse, city and maze draw the
 * same geometry as the wiki ruleset's layouts (docs/rulesets.md), single
 * and single_plus the tiled layout. */
static const layout_fn SHARED_LAYOUTS[LT__COUNT] = {
    [LT_NORMAL] = layout_normal,
    [LT_SMALL_ROOMS] = layout_small_rooms,
    [LT_WAREHOUSE] = layout_warehouse,
    [LT_CITY] = layout_city,
    [LT_MAZE] = layout_maze,
    [LT_SINGLE] = layout_normal,
    [LT_SINGLE_PLUS] = layout_normal,
};

bool game_has_layout(level_type_t t)
{
    return t < LT__COUNT && (SHARED_LAYOUTS[t] || t == LT_CAVES || t == LT_CAVES_2 ||
                             t == LT_LAVA || t == LT_ARENA);
}

/* p in [num/den] comes up; no draw for a sure thing. */
static bool chance(rng_t *r, frac_t f)
{
    if (f.num <= 0)
        return false;
    return f.num >= f.den || rng_chance(r, f.num, f.den);
}

void game_layout(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    const glay_tables_t *gt = ctx->p->tables->glay;
    switch (lv->type) {
    case LT_CAVES: /* the game's own geometry, each with its water inside */
        glay_caves(ctx, gt);
        return;
    case LT_CAVES_2:
        glay_caves_2(ctx, gt);
        return;
    case LT_LAVA:
        glay_lava(ctx, gt);
        return;
    case LT_ARENA:
        glay_arena(ctx, gt);
        return;
    default:
        break;
    }
    /* A shared layout draws no water of its own here (the city its river
     * before the buildings only): the pipeline draws it after the layout
     * [game: generator.lua:24-50]. */
    const type_rules_t *tr = ctx->rules;
    type_rules_t quiet = *tr;
    quiet.fluid_passes = 0;
    if (lv->type != LT_CITY)
        quiet.river = (frac_t){0, 1};
    layout_ctx_t c = *ctx;
    c.rules = &quiet;
    SHARED_LAYOUTS[lv->type](&c);
    ctx->doors = c.doors;
    if (ctx->p->layout_only)
        return;
    /* fluids at their 1d100 chance, then the river roll */
    const area_t *area = lv->type == LT_SMALL_ROOMS ? &GLAY_FLUID_AREA_ARCHI : &GLAY_FLUID_AREA;
    if (tr->fluid_passes > 0 && chance(ctx->water, tr->fluid_chance))
        for (int i = 0; i < tr->fluid_passes; i++)
            glay_fluids(lv, ctx->water, gt, area);
    if (lv->type != LT_CITY && ctx->p->rivers && chance(ctx->water, tr->river))
        glay_rivers(lv, ctx->water, gt, true, true);
}

void game_gen_of(level_type_t t, const type_rules_t *tr, gpop_gen_t *g)
{
    *g = (gpop_gen_t){
        .barrels = tr->barrels,
        .rooms = tr->special_rooms && tr->rooms_hi > 0,
        .rooms_lo = tr->rooms_lo,
        .rooms_hi = tr->rooms_hi,
        .monsters = t == LT_CAVES         ? GPOP_MONSTERS_CAVES
                    : t == LT_SINGLE      ? GPOP_MONSTERS_SINGLE
                    : t == LT_SINGLE_PLUS ? GPOP_MONSTERS_SINGLE_PLUS
                                          : GPOP_MONSTERS_STANDARD,
        .monster_percent = tr->danger_percent,
        .monster_round = tr->danger_ceil ? GPOP_CEIL : GPOP_FLOOR,
        .items = GPOP_ITEMS_PERCENT,
        .item_percent = 100,
        /* [game: generators.lua:100-149] the arena's layout places its own
         * stairs and the player */
        .place_stairs = t != LT_ARENA,
        .place_player = t != LT_ARENA,
        .events = tr->events,
        .hunting_num = tr->hunting.num,
        .hunting_den = tr->hunting.den,
    };
    switch (tr->items) {
    case ITEMS_FIXED: /* [game: generator.lua:432] the caves' 10, before the monsters */
        g->items = GPOP_ITEMS_FIXED_FIRST;
        g->items_fixed = tr->items_n;
        break;
    case ITEMS_PERCENT_CEIL:
        g->item_percent = tr->items_n;
        break;
    default: /* ITEMS_FORMULA: the amount itself */
        break;
    }
}

/* game_level.c - see game_level.h. */
#include "game_level.h"

#include "episode.h"
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

/* [game: generator.lua:194-277; generators.lua:265-347] the types whose
 * layout lists its rooms with the tiled layout's room reader (normal,
 * single, single-plus), which a style's wall or door unknown to the reader
 * leaves without a room list (docs/rules.md G77).  The city's and the lava
 * level's rooms are listed as they are built, without the reader. */
static const bool READS_ROOMS[LT__COUNT] = {
    [LT_NORMAL] = true,
    [LT_SINGLE] = true,
    [LT_SINGLE_PLUS] = true,
};

/* p in [num/den] comes up; no draw for a sure thing. */
static bool chance(rng_t *r, frac_t f)
{
    if (f.num <= 0)
        return false;
    return f.num >= f.den || rng_chance(r, f.num, f.den);
}

/* The game's own geometry, each with its water inside. */
static void caves(layout_ctx_t *ctx)
{
    glay_caves(ctx, ctx->p->tables->glay);
}

static void caves_2(layout_ctx_t *ctx)
{
    glay_caves_2(ctx, ctx->p->tables->glay);
}

static void lava(layout_ctx_t *ctx)
{
    glay_lava(ctx, ctx->p->tables->glay);
}

static void arena(layout_ctx_t *ctx)
{
    glay_arena(ctx, ctx->p->tables->glay);
}

/* A shared layout draws no water of its own (the city its river before
 * the buildings only): the pipeline draws it after the layout [game:
 * generator.lua:24-50], GAME_WATER. */
static void shared(layout_ctx_t *ctx)
{
    SHARED_LAYOUTS[ctx->lv->type](ctx);
    /* the room list the layout hands on (G77): none when the reader cannot
     * see the style's walls or doors */
    if (READS_ROOMS[ctx->lv->type] && level_reader_blind(ctx->lv, ctx->p->tables))
        ctx->lv->nrooms = EPISODE_READER_BLIND;
}

typedef void (*rivers_fn)(level_t *lv, rng_t *r, const glay_tables_t *t, bool allow_horiz,
                          bool allow_more);

/* fluids at their 1d100 chance, then the river roll */
static void water_with(layout_ctx_t *ctx, rivers_fn rivers)
{
    level_t *lv = ctx->lv;
    const glay_tables_t *gt = ctx->p->tables->glay;
    const type_rules_t *tr = ctx->rules;
    const area_t *area = lv->type == LT_SMALL_ROOMS ? &WATER_SMALL_ROOMS : &WATER_INTERIOR;
    if (tr->fluid_passes > 0 && chance(ctx->water, tr->fluid_chance))
        for (int i = 0; i < tr->fluid_passes; i++)
            glay_fluids(lv, ctx->water, gt, area);
    if (lv->type != LT_CITY && ctx->p->rivers && chance(ctx->water, tr->river))
        rivers(lv, ctx->water, gt, true, true);
}

static void water(layout_ctx_t *ctx)
{
    water_with(ctx, glay_rivers);
}

/* ---- game-0.10.10b (docs/rules.md H11-H27) ------------------------------ */

static void water10(layout_ctx_t *ctx)
{
    water_with(ctx, glay10_rivers);
}

static void tiled10(layout_ctx_t *ctx)
{
    glay10_tiled(ctx, ctx->p->tables->glay);
}

static void caves10(layout_ctx_t *ctx)
{
    glay10_caves(ctx, ctx->p->tables->glay);
}

static void caves_2_10(layout_ctx_t *ctx)
{
    glay10_caves_2(ctx, ctx->p->tables->glay);
}

static void lava10(layout_ctx_t *ctx)
{
    glay10_lava(ctx, ctx->p->tables->glay);
}

/* [game-0.10.10b: bin/data/drl/generators.lua:204-239] (H15) the city's
 * river: its chance, vertical only, the rivers of H21-H23 */
bool game10_city_river(layout_ctx_t *ctx)
{
    const frac_t f = ctx->rules->river;
    if (!ctx->p->rivers || f.num <= 0 || !chance(ctx->water, f))
        return false;
    glay10_rivers(ctx->lv, ctx->water, ctx->p->tables->glay, false, true);
    return true;
}

/* the city's river and buildings (its fluid pass: GAME10_WATER) */
static void city10(layout_ctx_t *ctx)
{
    layout_city_with(ctx, game10_city_river);
}

const layout_fn GAME10_LAYOUTS[LT__COUNT] = {
    [LT_NORMAL] = tiled10,       [LT_SMALL_ROOMS] = shared, [LT_WAREHOUSE] = shared,
    [LT_CITY] = city10,          [LT_MAZE] = shared,        [LT_SINGLE] = tiled10,
    [LT_SINGLE_PLUS] = tiled10,  [LT_CAVES] = caves10,      [LT_CAVES_2] = caves_2_10,
    [LT_LAVA] = lava10,          [LT_ARENA] = arena,
};

const layout_fn GAME10_WATER[LT__COUNT] = {
    [LT_NORMAL] = water10, [LT_SMALL_ROOMS] = water10, [LT_WAREHOUSE] = water10,
    [LT_CITY] = water10,   [LT_MAZE] = water10,        [LT_SINGLE] = water10,
    [LT_SINGLE_PLUS] = water10,
};

const layout_fn GAME_LAYOUTS[LT__COUNT] = {
    [LT_NORMAL] = shared, [LT_SMALL_ROOMS] = shared, [LT_WAREHOUSE] = shared,
    [LT_CITY] = shared,   [LT_MAZE] = shared,        [LT_SINGLE] = shared,
    [LT_SINGLE_PLUS] = shared, [LT_CAVES] = caves,   [LT_CAVES_2] = caves_2,
    [LT_LAVA] = lava,     [LT_ARENA] = arena,
};

const layout_fn GAME_WATER[LT__COUNT] = {
    [LT_NORMAL] = water, [LT_SMALL_ROOMS] = water, [LT_WAREHOUSE] = water,
    [LT_CITY] = water,   [LT_MAZE] = water,        [LT_SINGLE] = water,
    [LT_SINGLE_PLUS] = water,
};

void game_populate(level_t *lv, const layout_ctx_t *ctx, rng_t *pop, census_t *cs)
{
    gpop_gen_t g;
    game_gen_of(lv->type, ctx->rules, &g);
    gpop_populate(lv, ctx->p, &g, ctx->p->tables->gpop, pop, cs);
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

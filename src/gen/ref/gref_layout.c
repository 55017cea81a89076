/* gref_layout.c - the layout step of a game level and its water, plainly
 * (docs/rules.md G9-G17, G31, G42).
 *
 * Caves, caves-2, lava and arena are the game's own layouts and draw their
 * own water: the caves' digging is the reference's own (gref_caves.c);
 * caves-2, lava and arena are plain already and are the fast code's
 * (glay_caves_2, glay_lava, glay_arena), as is the fluid pass (glay_fluids,
 * docs/design.md, the reference generator).  The
 * other types draw the layouts the two rulesets share, made by the wiki
 * reference (single and single-plus the normal one, G12) with no water of
 * their own, except the city's river, which comes before its buildings
 * (G17).  Then, unless the level is layout-only, the pipeline's water
 * (G9): the fluid pass, fluid_passes times, when the type has one and its
 * chance comes up (a d100 at most the percentage; no roll when it is
 * certain), over (2,2)-(77,19), or (4,2)-(74,18) on small rooms (G15); then
 * the river roll the same way, not on the city and not with rivers off,
 * allowing horizontal and several rivers (G42).  Both from the water
 * stream.
 */
#include "gref.h"

#include "episode.h"

static layout_fn shared_layout(level_type_t t)
{
    switch (t) {
    case LT_NORMAL:
    case LT_SINGLE:
    case LT_SINGLE_PLUS:
        return ref_layout_normal;
    case LT_SMALL_ROOMS:
        return ref_layout_small_rooms;
    case LT_WAREHOUSE:
        return ref_layout_warehouse;
    case LT_CITY:
        return ref_layout_city;
    case LT_MAZE:
        return ref_layout_maze;
    default:
        return NULL;
    }
}

/* A chance of the type's rules: never at 0, no draw when certain. */
static bool comes_up(rng_t *r, frac_t f)
{
    if (f.num <= 0)
        return false;
    if (f.num >= f.den)
        return true;
    return rng_chance(r, f.num, f.den);
}

void gref_layout(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    switch (lv->type) {
    case LT_CAVES:
        gref_caves(ctx);
        return;
    case LT_CAVES_2:
        glay_caves_2(ctx, ctx->p->tables->glay);
        return;
    case LT_LAVA:
        glay_lava(ctx, ctx->p->tables->glay);
        return;
    case LT_ARENA:
        glay_arena(ctx, ctx->p->tables->glay);
        return;
    default:
        break;
    }
    const type_rules_t *tr = ctx->rules;
    shared_layout(lv->type)(ctx); /* its own water: the city's river only */
    /* G77: the tiled layout's reader, blind to the style's wall or door,
     * lists no room */
    if (shared_layout(lv->type) == ref_layout_normal && level_reader_blind(lv, ctx->p->tables))
        lv->nrooms = EPISODE_READER_BLIND;
    if (ctx->p->layout_only)
        return;

    const area_t *area = lv->type == LT_SMALL_ROOMS ? &WATER_SMALL_ROOMS : &WATER_INTERIOR;
    if (tr->fluid_passes > 0 && comes_up(ctx->water, tr->fluid_chance))
        for (int i = 0; i < tr->fluid_passes; i++)
            glay_fluids(lv, ctx->water, ctx->p->tables->glay, area);
    if (lv->type != LT_CITY && ctx->p->rivers && comes_up(ctx->water, tr->river))
        gref_rivers(lv, ctx->water, ctx->p->tables->glay);
}

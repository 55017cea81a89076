/* gref10.c - the layout step of a game-0.10.10b level and its water, plainly
 * (docs/rules.md H9, H11-H27).
 *
 * The tiled layout's fast form (glay10_tiled: door candidates from wall bit
 * rows, the room filter by column masks) has its plain twin,
 * gref10_tiled (gref_tiled10.c).  The other steps game-0.10.10b adds are
 * plain code already (src/gen/game/: glay10_rivers, glay_fluids with its
 * picks, glay10_caves_2, glay10_lava and the caves' fluid choice and
 * river), so the reference calls them; what it draws plainly itself is
 * everything they are built on: the shared layouts (small rooms,
 * warehouse, maze, the city's buildings: the wiki reference), the caves'
 * digging (ref_caves_dig_with) and the arena (gref_arena).  The order is G9's: the layout, then unless
 * layout-only the fluid pass at its chance and the river roll, both from
 * the water stream.
 */
#include "gref.h"

#include "game/game_level.h"

static bool comes_up(rng_t *r, frac_t f)
{
    if (f.num <= 0)
        return false;
    if (f.num >= f.den)
        return true;
    return rng_chance(r, f.num, f.den);
}

void gref10_layout(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    const glay_tables_t *gt = ctx->p->tables->glay;
    switch (lv->type) {
    case LT_CAVES:
        ref_caves_dig_with(ctx, &gt->water, glay10_cave_fluid, &gt->w10);
        if (!ctx->p->layout_only && ctx->p->rivers)
            glay10_cave_river(lv, ctx->water, gt, (cell_t)lv->obs.fluid_kind);
        return;
    case LT_CAVES_2:
        glay10_caves_2(ctx, gt);
        return;
    case LT_LAVA:
        glay10_lava(ctx, gt);
        return;
    case LT_ARENA: /* game-0.9.9.7's arena with its fluid passes of H25 */
        glay_arena(ctx, gt);
        return;
    case LT_NORMAL:
    case LT_SINGLE:
    case LT_SINGLE_PLUS:
        gref10_tiled(ctx);
        break;
    case LT_SMALL_ROOMS: /* the shared layouts: no water of their own */
        ref_layout_small_rooms(ctx);
        break;
    case LT_WAREHOUSE:
        ref_layout_warehouse(ctx);
        break;
    case LT_MAZE:
        ref_layout_maze(ctx);
        break;
    case LT_CITY: /* its river before the buildings */
        ref_layout_city_with(ctx, game10_city_river);
        break;
    default:
        return;
    }
    if (ctx->p->layout_only)
        return;
    const type_rules_t *tr = ctx->rules;
    area_t area = {2, 2, GRID_W - 1, GRID_H - 1};
    if (lv->type == LT_SMALL_ROOMS)
        area = (area_t){4, 2, 74, 18};
    if (tr->fluid_passes > 0 && comes_up(ctx->water, tr->fluid_chance))
        for (int i = 0; i < tr->fluid_passes; i++)
            glay_fluids(lv, ctx->water, gt, &area);
    if (lv->type != LT_CITY && ctx->p->rivers && comes_up(ctx->water, tr->river))
        glay10_rivers(lv, ctx->water, gt, true, true);
}

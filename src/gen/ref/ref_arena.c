/* ref_arena.c - the arena layout, plainly (docs/rules.md §3 Arena,
 * docs/layouts-open.md).
 *
 * Open floor with the wall border.  A roll of d25 + min(dlevel, 25) picks
 * the centre picture of data/arena.txt; the type's water runs (no river,
 * three fluid passes); then the picture is drawn over it with the player
 * cell on (38,10), and an L of three stairs in each interior corner (the
 * corner and its neighbours along both walls).  The picture's box is the
 * keep-out box of monsters.  No rooms.  The roll and the water are the
 * reference's (ref_water.c's walks); drawing the picture and the stairs is
 * plain in the fast code and is called (arena_draw_centre,
 * arena_draw_stairs).
 */
#include "ref.h"

#include "layouts/layouts.h"

void ref_layout_arena(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    const arena_table_t *t = ctx->p->tables->arena;
    grid_clear(&lv->map);
    int roll = rng_d(ctx->layout, 25) + (lv->dlevel < 25 ? lv->dlevel : 25);
    int pick = arena_pick(t, roll);
    lv->obs.roll.arena = (int16_t)roll;
    lv->obs.roll.arena_layout = (int8_t)pick;
    lv->obs.layout_variant = (uint8_t)pick;
    ref_water_standard(ctx);

    arena_draw_centre(lv, &t->pic[pick]);
    arena_draw_stairs(lv);
    lv->start = (point_t){38, 10};
}

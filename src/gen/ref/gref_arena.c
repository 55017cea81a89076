/* gref_arena.c - the game's arena, plainly (docs/rules.md G32-G35; [game:
 * generators.lua:100-149; bin/core/generator.lua:95-106]).
 *
 * Open floor inside the wall ring; the fluid pass three times over
 * (2,2)-(77,19) (water stream).  One of the seven corner tiles, a d7,
 * drawn four times, a w x h tile: as it is at (2,2), mirrored left-right
 * at (78-w, 2), mirrored both ways at (78-w, 20-h), mirrored top-bottom at
 * (2, 20-h); its stairs cells are the level's stairs.  Then the centre
 * scheme random(min(ceil(dl/10), 4), min(ceil(dl/4), 7)), its tile drawn
 * with its middle cell on (38,10); its box is the keep-out box (no-spawn,
 * G52) and (38,10) the start.  The picks from the layout stream; the tiles
 * are data/game-0.9.9.7/arena.txt.
 */
#include "gref.h"

static int ceil_div(int a, int b)
{
    return (a + b - 1) / b;
}

static int min_of(int a, int b)
{
    return a < b ? a : b;
}

static void draw_tile(level_t *lv, const glay_tile_t *t, int x0, int y0, bool flip_x,
                      bool flip_y)
{
    for (int j = 0; j < t->h; j++)
        for (int i = 0; i < t->w; i++) {
            int ti = flip_x ? t->w - 1 - i : i;
            int tj = flip_y ? t->h - 1 - j : j;
            cell_t k = (cell_t)t->cell[tj][ti];
            grid_set(&lv->map, x0 + i, y0 + j, k);
            if (k == CELL_STAIRS)
                lv->stairs[lv->nstairs++] = (point_t){(uint8_t)(x0 + i), (uint8_t)(y0 + j)};
        }
}

void gref_arena(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    const glay_tables_t *gt = ctx->p->tables->glay;
    const area_t fluid_area = {2, 2, GRID_W - 1, GRID_H - 1};
    grid_clear(&lv->map);
    for (int i = 0; i < 3; i++)
        gref_fluids(lv, ctx->water, &gt->water, &fluid_area);

    int q = gref_dn(ctx->layout, 7);
    const glay_tile_t *corner = &gt->arena.quad[q - 1];
    int far_x = GRID_W - corner->w, far_y = GRID_H - corner->h;
    draw_tile(lv, corner, 2, 2, false, false);
    draw_tile(lv, corner, far_x, 2, true, false);
    draw_tile(lv, corner, far_x, far_y, true, true);
    draw_tile(lv, corner, 2, far_y, false, true);
    lv->obs.glay_arena_quad = (uint8_t)q;

    int low = min_of(ceil_div(lv->dlevel, 10), 4);
    int high = min_of(ceil_div(lv->dlevel, 4), 7);
    int s = gref_between(ctx->layout, low, high);
    const glay_tile_t *centre = &gt->arena.centre[s - 1];
    int hw = centre->w / 2, hh = centre->h / 2;
    draw_tile(lv, centre, 38 - hw, 10 - hh, false, false);
    lv->keepout = (rect_t){(uint8_t)(38 - hw), (uint8_t)(10 - hh), (uint8_t)(38 + hw),
                           (uint8_t)(10 + hh)};
    lv->obs.glay_arena_scheme = (uint8_t)s;
    lv->obs.layout_variant = (uint8_t)s;
    lv->start = (point_t){38, 10};
}

/* ref_arena.c - the arena layout, plainly (docs/rules.md §3 Arena,
 * docs/layouts-open.md).
 *
 * Open floor with the wall border.  A roll of d25 + min(dlevel, 25) picks
 * the centre picture of data/arena.txt; the type's water runs (no river,
 * three fluid passes); then the picture is drawn over it with the player
 * cell on (38,10), and an L of three stairs in each interior corner (the
 * corner and its neighbours along both walls).  The picture's box is the
 * keep-out box of monsters.  No rooms.
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

    const arena_picture_t *p = &t->pic[pick];
    int x0 = 38 - p->px, y0 = 10 - p->py;
    for (int j = 0; j < p->h; j++)
        for (int i = 0; i < p->w; i++)
            grid_set(&lv->map, x0 + i, y0 + j, (cell_t)p->cell[j][i]);
    lv->keepout = (rect_t){(uint8_t)x0, (uint8_t)y0, (uint8_t)(x0 + p->w - 1),
                           (uint8_t)(y0 + p->h - 1)};

    static const int CORNER_X[4] = {2, GRID_W - 1, 2, GRID_W - 1};
    static const int CORNER_Y[4] = {2, 2, GRID_H - 1, GRID_H - 1};
    for (int c = 0; c < 4; c++) {
        int inx = CORNER_X[c] == 2 ? 1 : -1, iny = CORNER_Y[c] == 2 ? 1 : -1;
        point_t l[3] = {{(uint8_t)CORNER_X[c], (uint8_t)CORNER_Y[c]},
                        {(uint8_t)(CORNER_X[c] + inx), (uint8_t)CORNER_Y[c]},
                        {(uint8_t)CORNER_X[c], (uint8_t)(CORNER_Y[c] + iny)}};
        for (int i = 0; i < 3; i++) {
            grid_set(&lv->map, l[i].x, l[i].y, CELL_STAIRS);
            lv->stairs[lv->nstairs++] = l[i];
        }
    }
    lv->start = (point_t){38, 10};
}

/* glay_arena.c - the game-0.9.9.7 arena layout (docs/rules.md, the game's
 * arena; [game: generators.lua:100-149], the corners [game:
 * core/generator.lua:95-106]).
 *
 * An open floor, three fluid passes over it, then one of the seven corner
 * tiles drawn in the four corners, mirrored so that each corner's copy
 * faces the middle: as it is at (2,2), mirrored left-right at (78-w, 2),
 * mirrored both ways at (78-w, 20-h), mirrored top-bottom at (2, 20-h).
 * Each copy holds one stairs cell, so the level has four.  Then the centre
 * scheme random(min(ceil(dl/10), 4), min(ceil(dl/4), 7)), centred on
 * (38,10); its box is the keep-out rectangle (the game's no-spawn flag) and
 * (38,10) the start.  Tile pictures: data/game-0.9.9.7/arena.txt.  Fluids
 * from the water stream, the two picks from the layout stream.
 */
#include "glay.h"

#include <assert.h>

#define CENTRE_X 38               /* [game: generators.lua:100-149] the centre and start */
#define CENTRE_Y 10
#define FLUID_PASSES 3            /* generate_fluids three times, first */
#define SCHEME_LOW_DIV 10         /* scheme from min(ceil(dl/10), 4) */
#define SCHEME_LOW_CAP 4
#define SCHEME_HIGH_DIV 4         /* to min(ceil(dl/4), the schemes' count) */
#define QUAD_FAR_X GRID_W         /* a mirrored copy's corner: (78 - w, 20 - h) */
#define QUAD_FAR_Y GRID_H
#define QUAD_NEAR 2               /* the first copy's corner: (2, 2) */

static int ceil_div(int a, int b)
{
    return (a + b - 1) / b;
}

static int mini(int a, int b)
{
    return a < b ? a : b;
}

/* Tile cell (i, j) drawn at (x0 + i, y0 + j), the tile mirrored as asked;
 * stairs are added to the level's list. */
static void place(level_t *lv, const glay_tile_t *tl, int x0, int y0, bool flip_x, bool flip_y)
{
    for (int j = 0; j < tl->h; j++)
        for (int i = 0; i < tl->w; i++) {
            int si = flip_x ? tl->w - 1 - i : i, sj = flip_y ? tl->h - 1 - j : j;
            cell_t k = (cell_t)tl->cell[sj][si];
            int x = x0 + i, y = y0 + j;
            grid_set(&lv->map, x, y, k);
            if (k == CELL_STAIRS) {
                assert(lv->nstairs < LEVEL_MAX_STAIRS);
                lv->stairs[lv->nstairs++] = (point_t){(uint8_t)x, (uint8_t)y};
            }
        }
}

int glay_arena_scheme_low(int dlevel)
{
    return mini(ceil_div(dlevel, SCHEME_LOW_DIV), SCHEME_LOW_CAP);
}

int glay_arena_scheme_high(int dlevel)
{
    return mini(ceil_div(dlevel, SCHEME_HIGH_DIV), GLAY_ARENA_TILES);
}

void glay_arena(layout_ctx_t *ctx, const glay_tables_t *t)
{
    level_t *lv = ctx->lv;
    rng_t *r = ctx->layout;
    grid_clear(&lv->map);
    for (int i = 0; i < FLUID_PASSES; i++)
        glay_fluids(lv, ctx->water, t, &WATER_INTERIOR);

    const int q = glay_dn(r, GLAY_ARENA_TILES);
    const glay_tile_t *quad = &t->arena.quad[q - 1];
    const int far_x = QUAD_FAR_X - quad->w, far_y = QUAD_FAR_Y - quad->h;
    place(lv, quad, QUAD_NEAR, QUAD_NEAR, false, false);
    place(lv, quad, far_x, QUAD_NEAR, true, false);
    place(lv, quad, far_x, far_y, true, true);
    place(lv, quad, QUAD_NEAR, far_y, false, true);
    lv->obs.game.arena_quad = (uint8_t)q;

    const int s = glay_between(r, glay_arena_scheme_low(lv->dlevel),
                               glay_arena_scheme_high(lv->dlevel));
    const glay_tile_t *c = &t->arena.centre[s - 1];
    const int hw = c->w / 2, hh = c->h / 2;
    place(lv, c, CENTRE_X - hw, CENTRE_Y - hh, false, false);
    lv->keepout = (rect_t){(uint8_t)(CENTRE_X - hw), (uint8_t)(CENTRE_Y - hh),
                           (uint8_t)(CENTRE_X + hw), (uint8_t)(CENTRE_Y + hh)};
    lv->obs.game.arena_scheme = (uint8_t)s;
    lv->obs.layout_variant = (uint8_t)s;
    lv->start = (point_t){CENTRE_X, CENTRE_Y};
}

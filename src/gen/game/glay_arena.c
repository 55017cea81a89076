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
#include <string.h>

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

/* The n cells of a tile's row from s to d, 1 <= n <= GLAY_TILE_MAX_W, as
 * overlapping copies of fixed size (a copy of n bytes would be a call). */
static inline void copy_row(uint8_t *d, const uint8_t *s, int n)
{
    _Static_assert(GLAY_TILE_MAX_W <= 48, "three 16-byte copies cover a row");
    if (n >= 16) {
        memcpy(d, s, 16);
        memcpy(d + n - 16, s + n - 16, 16);
        if (n > 32)
            memcpy(d + 16, s + 16, 16);
    } else if (n >= 4) {
        uint32_t a, b, c, e; /* the first and last 4 and 8 bytes (n >= 8) */
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        if (n >= 8) {
            memcpy(&c, s + 4, 4);
            memcpy(&e, s + n - 8, 4);
            memcpy(d + 4, &c, 4);
            memcpy(d + n - 8, &e, 4);
        }
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
    } else {
        for (int i = 0; i < n; i++)
            d[i] = s[i];
    }
}

/* The tile drawn at (x0, y0) as `flip` draws it (glay_tile_t: the rows made
 * with the tables); its stairs cell, if any, added to the level's list. */
static void place(level_t *lv, const glay_tile_t *tl, int x0, int y0, int flip)
{
    for (int j = 0; j < tl->h; j++)
        copy_row(&lv->map.c[GRID_IDX(x0, y0 + j)], tl->drawn[flip][j], tl->w);
    if (tl->stairs) {
        assert(lv->nstairs < LEVEL_MAX_STAIRS);
        lv->stairs[lv->nstairs++] = (point_t){(uint8_t)(x0 + tl->stairs_at[flip].x),
                                              (uint8_t)(y0 + tl->stairs_at[flip].y)};
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
    place(lv, quad, QUAD_NEAR, QUAD_NEAR, 0);
    place(lv, quad, far_x, QUAD_NEAR, GLAY_FLIP_X);
    place(lv, quad, far_x, far_y, GLAY_FLIP_X | GLAY_FLIP_Y);
    place(lv, quad, QUAD_NEAR, far_y, GLAY_FLIP_Y);
    lv->obs.game.arena_quad = (uint8_t)q;

    const int s = glay_between(r, glay_arena_scheme_low(lv->dlevel),
                               glay_arena_scheme_high(lv->dlevel));
    const glay_tile_t *c = &t->arena.centre[s - 1];
    const int hw = c->w / 2, hh = c->h / 2;
    place(lv, c, CENTRE_X - hw, CENTRE_Y - hh, 0);
    lv->keepout = (rect_t){(uint8_t)(CENTRE_X - hw), (uint8_t)(CENTRE_Y - hh),
                           (uint8_t)(CENTRE_X + hw), (uint8_t)(CENTRE_Y + hh)};
    lv->obs.game.arena_scheme = (uint8_t)s;
    lv->obs.layout_variant = (uint8_t)s;
    lv->start = (point_t){CENTRE_X, CENTRE_Y};
}

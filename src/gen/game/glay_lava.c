/* glay_lava.c - the game-0.9.9.7 lava layout (docs/rules.md, the game's lava;
 * [game: generator.lua:279-346]).
 *
 * A sea of lava inside a permanent-lava border (CELL_EDGE).  Three big
 * quads: a random sub-area of (3,3)-(76,18) with its corners moved to even
 * coordinates, its inside refilled with lava on 1d2 = 1, the lava of its
 * edge turned into bridge, and a 3x3 floor on each corner.  Then eight room
 * tries: a random sub-area that holds no wall becomes floor with a wall
 * ring inside it (one door, never on a corner), the ring added to the room
 * list; the ring's inside is marked (CELL_BOX, the game's crate) while the
 * tries run and is floor at the end.  All draws from the layout stream.
 */
#include "glay.h"

#include <assert.h>

/* [game: generator.lua:279-346], every constant below */
#define QUADS 3
#define QUAD_W_MIN 10             /* dims (10..70) x (8..18), x drawn first */
#define QUAD_W_MAX 70
#define QUAD_H_MIN 8
#define QUAD_H_MAX 18
#define QUAD_REFILL_DIE 2         /* the inside refilled with lava on 1d2 = 1 */
#define CORNER_RADIUS 1           /* a floor square of 3x3 on each corner */
#define ROOM_TRIES 8
#define ROOM_W_MIN 12             /* dims (12..20) x (10..16) */
#define ROOM_W_MAX 20
#define ROOM_H_MIN 10
#define ROOM_H_MAX 16
#define MARKER CELL_BOX

static const area_t INSIDE = {3, 3, GRID_W - 2, GRID_H - 2}; /* the map shrunk by 2 */

static void fill(grid_t *g, const area_t *a, cell_t k)
{
    grid_fill_rect(g, a->x1, a->y1, a->x2, a->y2, k);
}

static int maxi(int a, int b)
{
    return a > b ? a : b;
}

static int mini(int a, int b)
{
    return a < b ? a : b;
}

/* random_subarea(INSIDE, dims), clamped into INSIDE: coord.random of the
 * dims (x first), then the corner; the dims drawn go to *dw, *dh unless
 * they are NULL. */
static area_t random_quad(rng_t *r, int wmin, int hmin, int wmax, int hmax, uint8_t *dw,
                          uint8_t *dh)
{
    int w = wmin + glay_random(r, wmax - wmin + 1);
    int h = hmin + glay_random(r, hmax - hmin + 1);
    if (dw) {
        *dw = (uint8_t)w;
        *dh = (uint8_t)h;
    }
    area_t q = glay_random_subarea(r, &INSIDE, w, h);
    q.x1 = maxi(q.x1, INSIDE.x1);
    q.y1 = maxi(q.y1, INSIDE.y1);
    q.x2 = mini(q.x2, INSIDE.x2);
    q.y2 = mini(q.y2, INSIDE.y2);
    return q;
}

static int even_up(int v)
{
    return v % 2 == 1 ? v + 1 : v;
}

static void big_quad(level_t *lv, rng_t *r, int index, cell_t fluid)
{
    grid_t *g = &lv->map;
    area_t q = random_quad(r, QUAD_W_MIN, QUAD_H_MIN, QUAD_W_MAX, QUAD_H_MAX,
                           &lv->obs.game.quad_w[index], &lv->obs.game.quad_h[index]);
    q = (area_t){even_up(q.x1), even_up(q.y1), even_up(q.x2), even_up(q.y2)};
    if (glay_dn(r, QUAD_REFILL_DIE) == 1) {
        fill(g, &(area_t){q.x1 + 1, q.y1 + 1, q.x2 - 1, q.y2 - 1}, fluid);
        lv->obs.game.lava_refill |= (uint8_t)(1u << index);
    }
    for (int y = q.y1; y <= q.y2; y++)
        for (int x = q.x1; x <= q.x2; x++) {
            bool edge = x == q.x1 || x == q.x2 || y == q.y1 || y == q.y2;
            if (edge && grid_get(g, x, y) == fluid)
                grid_set(g, x, y, CELL_BRIDGE);
        }
    const int cx[4] = {q.x1, q.x2, q.x1, q.x2}, cy[4] = {q.y1, q.y1, q.y2, q.y2};
    for (int c = 0; c < 4; c++)
        fill(g,
             &(area_t){cx[c] - CORNER_RADIUS, cy[c] - CORNER_RADIUS, cx[c] + CORNER_RADIUS,
                       cy[c] + CORNER_RADIUS},
             CELL_FLOOR);
}

static bool holds_wall(const grid_t *g, const area_t *a)
{
    for (int y = a->y1; y <= a->y2; y++)
        for (int x = a->x1; x <= a->x2; x++)
            if (grid_get(g, x, y) == CELL_WALL)
                return true;
    return false;
}

/* One room try; true when the room was placed. */
static bool room(level_t *lv, rng_t *r)
{
    grid_t *g = &lv->map;
    const bool first = lv->obs.game.room_tries++ == 0;
    area_t q = random_quad(r, ROOM_W_MIN, ROOM_H_MIN, ROOM_W_MAX, ROOM_H_MAX,
                           first ? &lv->obs.game.room_w : NULL, first ? &lv->obs.game.room_h : NULL);
    if (holds_wall(g, &q))
        return false;
    fill(g, &q, CELL_FLOOR);
    area_t ring = {q.x1 + 1, q.y1 + 1, q.x2 - 1, q.y2 - 1};
    fill(g, &ring, CELL_WALL);
    point_t door = glay_inner_edge_coord(r, &ring);
    grid_set(g, door.x, door.y, CELL_DOOR);
    fill(g, &(area_t){ring.x1 + 1, ring.y1 + 1, ring.x2 - 1, ring.y2 - 1}, MARKER);
    assert(lv->nrooms < LEVEL_MAX_ROOMS);
    lv->rooms[lv->nrooms++] = (room_t){(uint8_t)ring.x1, (uint8_t)ring.y1,
                                       (uint8_t)(ring.x2 - ring.x1 + 1),
                                       (uint8_t)(ring.y2 - ring.y1 + 1)};
    return true;
}

/* The map of fluid (its ring CELL_EDGE, the permanent fluid, when
 * edge), the quads and the rooms. */
static void lava(layout_ctx_t *ctx, cell_t fluid, bool edge)
{
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout;
    grid_fill(g, fluid);
    for (int y = 1; y <= GRID_H && edge; y++)
        for (int x = 1; x <= GRID_W; x++)
            if (grid_on_border(x, y))
                grid_set(g, x, y, CELL_EDGE); /* the game's permanent lava */
    for (int i = 0; i < QUADS; i++)
        big_quad(lv, r, i, fluid);
    int placed = 0;
    for (int i = 0; i < ROOM_TRIES; i++)
        placed += room(lv, r);
    lv->obs.game.buildings = (uint8_t)placed;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            if (grid_get(g, x, y) == MARKER)
                grid_set(g, x, y, CELL_FLOOR);
}

void glay_lava(layout_ctx_t *ctx, const glay_tables_t *t)
{
    (void)t; /* lava's numbers are all the game's code, none a table */
    lava(ctx, CELL_LAVA, true);
}

/* [game-0.10.10b: bin/data/drl/generator.lua:136-215] (docs/rules.md H20)
 * the fluid: one of FLUIDS10 by a d2 up to dlevel 30, a d3 to 40, else a d4 */
static const cell_t FLUIDS10[] = {CELL_LAVA, CELL_LAVA, CELL_ACID, CELL_BLOOD};
#define FLUID10_D2_UPTO 30
#define FLUID10_D3_UPTO 40

void glay10_lava(layout_ctx_t *ctx, const glay_tables_t *t)
{
    (void)t;
    const int dl = ctx->lv->dlevel;
    const int range = dl <= FLUID10_D2_UPTO ? 2 : dl <= FLUID10_D3_UPTO ? 3 : 4;
    const cell_t fluid = FLUIDS10[glay_random(ctx->layout, range)];
    ctx->lv->obs.game.lake_fluid = (uint8_t)fluid;
    lava(ctx, fluid, false); /* no permanent fluid: the ring is that fluid (H26) */
}

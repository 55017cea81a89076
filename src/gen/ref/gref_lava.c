/* gref_lava.c - the game's lava layout, plainly (docs/rules.md G28-G30;
 * [game: generator.lua:279-346]).
 *
 * The map is lava; its ring is permanent lava (CELL_EDGE).  Three big
 * quads, each: dims random(10,70) x random(8,18) (x first), a sub-area of
 * (3,3)-(76,18) (G4) clamped into that area, every corner coordinate moved
 * up to the next even number; with a d2 of 1 its inside becomes lava again
 * (obs.glay_lava_refill bit i); the lava on its edge becomes bridge; a 3x3
 * floor goes on each corner (top-left, top-right, bottom-left,
 * bottom-right).  Eight room tries, each: dims random(12,20) x
 * random(10,16), a clamped sub-area as above; when it holds no wall it
 * becomes floor, the ring just inside it wall with one door (not a
 * corner), the ring's inside marked, and the ring joins the room list.
 * The marks (CELL_BOX, the game's crate) become floor at the end.  All
 * draws from the layout stream.
 */
#include "gref.h"

#define MARK CELL_BOX

static const area_t INSIDE = {3, 3, GRID_W - 2, GRID_H - 2};

/* The quad's drawn size goes to *dw, *dh when they are not NULL. */
static area_t random_quad(rng_t *r, int wmin, int wmax, int hmin, int hmax, uint8_t *dw,
                          uint8_t *dh)
{
    int w = gref_between(r, wmin, wmax);
    int h = gref_between(r, hmin, hmax);
    if (dw) {
        *dw = (uint8_t)w;
        *dh = (uint8_t)h;
    }
    area_t q = gref_subarea(r, &INSIDE, w, h);
    q.x1 = gref_clamp(q.x1, INSIDE.x1, INSIDE.x2);
    q.y1 = gref_clamp(q.y1, INSIDE.y1, INSIDE.y2);
    q.x2 = gref_clamp(q.x2, INSIDE.x1, INSIDE.x2);
    q.y2 = gref_clamp(q.y2, INSIDE.y1, INSIDE.y2);
    return q;
}

static int even(int v)
{
    return v % 2 == 1 ? v + 1 : v;
}

static void big_quad(level_t *lv, rng_t *r, int i)
{
    grid_t *g = &lv->map;
    area_t q = random_quad(r, 10, 70, 8, 18, &lv->obs.glay_quad_w[i], &lv->obs.glay_quad_h[i]);
    q = (area_t){even(q.x1), even(q.y1), even(q.x2), even(q.y2)};
    if (gref_dn(r, 2) == 1) {
        gref_fill(g, (area_t){q.x1 + 1, q.y1 + 1, q.x2 - 1, q.y2 - 1}, CELL_LAVA);
        lv->obs.glay_lava_refill |= (uint8_t)(1 << i);
    }
    for (int y = q.y1; y <= q.y2; y++)
        for (int x = q.x1; x <= q.x2; x++) {
            bool edge = x == q.x1 || x == q.x2 || y == q.y1 || y == q.y2;
            if (edge && grid_get(g, x, y) == CELL_LAVA)
                grid_set(g, x, y, CELL_BRIDGE);
        }
    gref_fill(g, (area_t){q.x1 - 1, q.y1 - 1, q.x1 + 1, q.y1 + 1}, CELL_FLOOR);
    gref_fill(g, (area_t){q.x2 - 1, q.y1 - 1, q.x2 + 1, q.y1 + 1}, CELL_FLOOR);
    gref_fill(g, (area_t){q.x1 - 1, q.y2 - 1, q.x1 + 1, q.y2 + 1}, CELL_FLOOR);
    gref_fill(g, (area_t){q.x2 - 1, q.y2 - 1, q.x2 + 1, q.y2 + 1}, CELL_FLOOR);
}

static bool holds_wall(const grid_t *g, area_t a)
{
    for (int y = a.y1; y <= a.y2; y++)
        for (int x = a.x1; x <= a.x2; x++)
            if (grid_get(g, x, y) == CELL_WALL)
                return true;
    return false;
}

static bool room(level_t *lv, rng_t *r)
{
    grid_t *g = &lv->map;
    bool first = lv->obs.glay_room_tries == 0;
    lv->obs.glay_room_tries++;
    area_t q = random_quad(r, 12, 20, 10, 16, first ? &lv->obs.glay_room_w : NULL,
                           first ? &lv->obs.glay_room_h : NULL);
    if (holds_wall(g, q))
        return false;
    gref_fill(g, q, CELL_FLOOR);
    area_t ring = {q.x1 + 1, q.y1 + 1, q.x2 - 1, q.y2 - 1};
    gref_fill(g, ring, CELL_WALL);
    point_t door = gref_inner_edge(r, &ring);
    grid_set(g, door.x, door.y, CELL_DOOR);
    gref_fill(g, (area_t){ring.x1 + 1, ring.y1 + 1, ring.x2 - 1, ring.y2 - 1}, MARK);
    lv->rooms[lv->nrooms++] =
        (room_t){(uint8_t)ring.x1, (uint8_t)ring.y1, (uint8_t)(ring.x2 - ring.x1 + 1),
                 (uint8_t)(ring.y2 - ring.y1 + 1)};
    return true;
}

void gref_lava(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    grid_fill(&lv->map, CELL_LAVA);
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            if (grid_on_border(x, y))
                grid_set(&lv->map, x, y, CELL_EDGE);
    for (int i = 0; i < 3; i++)
        big_quad(lv, ctx->layout, i);
    int placed = 0;
    for (int i = 0; i < 8; i++)
        if (room(lv, ctx->layout))
            placed++;
    lv->obs.glay_buildings = (uint8_t)placed;
    gref_replace(&lv->map, MARK, CELL_FLOOR);
}

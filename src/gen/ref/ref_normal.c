/* ref_normal.c - the normal layout, plainly (docs/rules.md §3 Normal,
 * docs/layouts-normal.md).
 *
 * Ten walls are plotted through random points: walls 1-2 vertical, 3-5
 * horizontal, 6-10 horizontal with probability 1/3.  Each wall draws its
 * orientation (walls 6-10 only), then x, then y.  Plotting walks both ways
 * from the point turning cells into wall, each walk stopping just before a
 * wall or door, and makes the point a door (a point already on a wall or
 * door only becomes a door).  Then the extra doors: the wall cells of x
 * 2..77, y 2..19 with exactly two wall cells among their 8 neighbours are
 * listed once, row by row; eight times one of them is drawn, with
 * replacement, and becomes a door unless a neighbour is a door.  Then the
 * room scan (ref_rooms.c); the water is the pipeline's step after it.  The
 * single-monster type uses this layout unchanged.
 */
#include "ref.h"

#define WALLS 10
#define EXTRA_DOOR_TRIES 8

static bool solid(const grid_t *g, int x, int y)
{
    return grid_get(g, x, y) == CELL_WALL || grid_get(g, x, y) == CELL_DOOR;
}

/* A wall through (x, y) along one axis (ref.h). */
void ref_plot_wall(grid_t *g, int x, int y, bool horizontal)
{
    int dx = horizontal ? 1 : 0, dy = horizontal ? 0 : 1;
    if (!solid(g, x, y)) {
        for (int i = 1; !solid(g, x + i * dx, y + i * dy); i++)
            grid_set(g, x + i * dx, y + i * dy, CELL_WALL);
        for (int i = 1; !solid(g, x - i * dx, y - i * dy); i++)
            grid_set(g, x - i * dx, y - i * dy, CELL_WALL);
    }
    grid_set(g, x, y, CELL_DOOR);
}

/* A uniform value lo, lo+2, ..., hi. */
static int every_other(rng_t *r, int lo, int hi)
{
    return lo + 2 * (int)rng_below(r, (uint32_t)((hi - lo) / 2 + 1));
}

/* Cells of kind k among the 8 neighbours of (x, y). */
static int neighbours(const grid_t *g, int x, int y, cell_t k)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx != 0 || dy != 0) && grid_get(g, x + dx, y + dy) == k)
                n++;
    return n;
}

/* Returns the tries made. */
static int extra_doors(grid_t *g, rng_t *r)
{
    point_t cand[GRID_W * GRID_H];
    int n = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++)
            if (grid_get(g, x, y) == CELL_WALL && neighbours(g, x, y, CELL_WALL) == 2)
                cand[n++] = (point_t){(uint8_t)x, (uint8_t)y};
    if (n == 0)
        return 0;
    int tries = 0;
    for (int i = 0; i < EXTRA_DOOR_TRIES; i++) {
        point_t c = cand[rng_below(r, (uint32_t)n)];
        if (neighbours(g, c.x, c.y, CELL_DOOR) == 0)
            grid_set(g, c.x, c.y, CELL_DOOR);
        tries++;
    }
    return tries;
}

void ref_layout_normal(layout_ctx_t *ctx)
{
    grid_t *g = &ctx->lv->map;
    rng_t *r = ctx->layout;
    obs_t *o = &ctx->lv->obs;
    grid_clear(g);
    for (int i = 0; i < WALLS; i++) {
        bool horizontal = i >= 2;
        if (i >= 5)
            horizontal = rng_chance(r, 1, 3);
        int x, y;
        if (horizontal) {
            x = every_other(r, 3, 75); /* x odd 3..75, y odd 3..17 */
            y = every_other(r, 3, 17);
        } else if (i < 2) {
            x = i == 0 ? every_other(r, 4, 36) : every_other(r, 38, 70);
            y = every_other(r, 4, 18);
        } else {
            x = every_other(r, 4, 76); /* later vertical walls: y even 4..14 */
            y = every_other(r, 4, 14);
        }
        ref_plot_wall(g, x, y, horizontal);
        o->walls++; /* observed: the walls plotted, each wall's point and axis */
        o->wall_at[i] = (point_t){(uint8_t)x, (uint8_t)y};
        if (horizontal)
            o->wall_horizontal |= (uint16_t)(1u << i);
    }
    o->door_tries = (uint8_t)extra_doors(g, r);
    ref_rooms_scan(ctx->lv);
}

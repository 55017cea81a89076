/* glay_prim.c - the game's drawing primitives, as the game-0.9.9.7 layouts use
 * them (docs/rules.md, the game's RNG and map).
 *
 * random(a,b) (the game's Random(n) itself is inline in glay.h), the sub-area draw
 * with its quirk (the corner's upper bound is the container's far corner
 * minus the size, so a sub-area never reaches the container's last column
 * or row), the edge-ring draw without corners, neighbour counts and
 * restore_walls.  Plain code: these run a few hundred times per level.
 */
#include "glay.h"

int glay_between(rng_t *r, int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return lo + glay_random(r, hi - lo + 1);
}

area_t glay_random_subarea(rng_t *r, const area_t *a, int w, int h)
{
    /* [game: vrltools.pas:1114-1119] corner from a's corner to a.x2 - w,
     * a.y2 - h, x drawn first */
    int x, y;
    game_random_at(r, a->x1, a->x2 - w - a->x1 + 1, a->y1, a->y2 - h - a->y1 + 1, &x, &y);
    return (area_t){x, y, x + w - 1, y + h - 1};
}

point_t glay_inner_edge_coord(rng_t *r, const area_t *a)
{
    /* [game: vrltools.pas:1078-1100] top row, bottom row, left column,
     * right column, each without its corners */
    const int xs = a->x2 - a->x1 - 1, ys = a->y2 - a->y1 - 1;
    int k = glay_random(r, 2 * xs + 2 * ys);
    int x, y;
    if (k < xs) {
        x = a->x1 + 1 + k;
        y = a->y1;
    } else if (k < 2 * xs) {
        x = a->x1 + 1 + (k - xs);
        y = a->y2;
    } else if (k < 2 * xs + ys) {
        x = a->x1;
        y = a->y1 + 1 + (k - 2 * xs);
    } else {
        x = a->x2;
        y = a->y1 + 1 + (k - 2 * xs - ys);
    }
    return (point_t){(uint8_t)x, (uint8_t)y};
}

static int count_in(const grid_t *g, int x, int y, cellset_t set, bool cross)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if ((dx == 0 && dy == 0) || (cross && dx != 0 && dy != 0))
                continue;
            int nx = x + dx, ny = y + dy;
            if (grid_in_map(nx, ny) && (set & CELLSET(grid_get(g, nx, ny))))
                n++;
        }
    return n;
}

int glay_around(const grid_t *g, int x, int y, cellset_t set)
{
    return count_in(g, x, y, set, false);
}

int glay_cross_around(const grid_t *g, int x, int y, cellset_t set)
{
    return count_in(g, x, y, set, true);
}

void glay_restore_walls(grid_t *g, bool keep_fluids)
{
    /* [game: generator.lua:109-119, 3-10]: each border cell once, through a
     * table of what each kind becomes (a fluid, or a border fluid already,
     * CELL_EDGE when fluids are kept; anything else wall): the top and
     * bottom rows, then the two side columns between them. */
    uint8_t to[CELL__COUNT];
    for (int k = 0; k < CELL__COUNT; k++) {
        bool fluid = cell_is_fluid((cell_t)k) || k == CELL_EDGE;
        to[k] = (uint8_t)(keep_fluids && fluid ? CELL_EDGE : CELL_WALL);
    }
    uint8_t *top = &g->c[GRID_IDX(1, 1)], *bottom = &g->c[GRID_IDX(1, GRID_H)];
    for (int x = 0; x < GRID_W; x++) {
        top[x] = to[top[x]];
        bottom[x] = to[bottom[x]];
    }
    for (int y = 2; y < GRID_H; y++) {
        uint8_t *left = &g->c[GRID_IDX(1, y)], *right = &g->c[GRID_IDX(GRID_W, y)];
        *left = to[*left];
        *right = to[*right];
    }
}

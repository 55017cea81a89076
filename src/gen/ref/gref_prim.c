/* gref_prim.c - the game's dice and map primitives, plainly (docs/rules.md
 * G3, G4, G41).
 *
 * Random(n) is uniform on 0..n-1; Random(0) is 0 and Random(n < 0) a value
 * in n+1..0, and both still use a draw [game: valk:src/vlua.pas:43-63].
 * math.random(n) is 1 + Random(n); random(a, b) is uniform between the two.
 * A w x h sub-area has its corner uniform from the area's corner to
 * (x2 - w, y2 - h), x first, one short of what would fit [game:
 * valk:src/vrltools.pas:1114-1119].  An inner edge cell is uniform over the
 * edge ring without its corners: top row, bottom row, left column, right
 * column [game: valk:src/vrltools.pas:1078-1100].  restore_walls turns
 * every ring cell holding fluid into permanent fluid and every other ring
 * cell into wall [game: generator.lua:3-10, 109-119].  A weighted pick
 * takes the first entry whose running sum exceeds Random(total) [game:
 * valk:src/vluatools.pas:1672-1767].
 */
#include "gref.h"

int gref_clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

int gref_random(rng_t *r, int n)
{
    if (n > 0)
        return (int)rng_below(r, (uint32_t)n);
    if (n == 0) {
        (void)rng_next(r);
        return 0;
    }
    return -(int)rng_below(r, (uint32_t)-n);
}

void gref_random_at(rng_t *r, int x0, int nx, int y0, int ny, int *x, int *y)
{
    if (!GAME_CELL_ONE_OUTPUT || nx <= 0 || ny <= 0) {
        *x = x0 + gref_random(r, nx);
        *y = y0 + gref_random(r, ny);
        return;
    }
    uint64_t u = rng_next(r);
    *x = x0 + (int)rng_bounded(r, (uint32_t)(u >> 32), (uint32_t)nx); /* the high half */
    *y = y0 + (int)rng_bounded(r, (uint32_t)u, (uint32_t)ny);         /* the low half */
}

int gref_dn(rng_t *r, int n)
{
    return 1 + gref_random(r, n);
}

int gref_between(rng_t *r, int a, int b)
{
    int lo = a < b ? a : b;
    int hi = a < b ? b : a;
    return lo + gref_random(r, hi - lo + 1);
}

area_t gref_subarea(rng_t *r, const area_t *a, int w, int h)
{
    int x, y;
    gref_random_at(r, a->x1, (a->x2 - w) - a->x1 + 1, a->y1, (a->y2 - h) - a->y1 + 1, &x, &y);
    return (area_t){x, y, x + w - 1, y + h - 1};
}

point_t gref_inner_edge(rng_t *r, const area_t *a)
{
    int across = a->x2 - a->x1 - 1; /* a row's cells without its corners */
    int down = a->y2 - a->y1 - 1;   /* a column's */
    int k = gref_random(r, 2 * across + 2 * down);
    int x, y;
    if (k < across) {
        x = a->x1 + 1 + k;
        y = a->y1;
    } else if (k < 2 * across) {
        x = a->x1 + 1 + (k - across);
        y = a->y2;
    } else if (k < 2 * across + down) {
        x = a->x1;
        y = a->y1 + 1 + (k - 2 * across);
    } else {
        x = a->x2;
        y = a->y1 + 1 + (k - 2 * across - down);
    }
    return (point_t){(uint8_t)x, (uint8_t)y};
}

static bool in_set(const grid_t *g, int x, int y, cellset_t set)
{
    return grid_in_map(x, y) && (set & CELLSET(grid_get(g, x, y))) != 0;
}

int gref_around(const grid_t *g, int x, int y, cellset_t set)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx != 0 || dy != 0) && in_set(g, x + dx, y + dy, set))
                n++;
    return n;
}

int gref_cross_around(const grid_t *g, int x, int y, cellset_t set)
{
    return in_set(g, x, y - 1, set) + in_set(g, x - 1, y, set) + in_set(g, x + 1, y, set) +
           in_set(g, x, y + 1, set);
}

void gref_fill(grid_t *g, area_t a, cell_t k)
{
    for (int y = a.y1; y <= a.y2; y++)
        for (int x = a.x1; x <= a.x2; x++)
            if (grid_in_map(x, y))
                grid_set(g, x, y, k);
}

void gref_replace(grid_t *g, cell_t from, cell_t to)
{
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            if (grid_get(g, x, y) == from)
                grid_set(g, x, y, to);
}

void gref_restore_walls(grid_t *g)
{
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            if (!grid_on_border(x, y))
                continue;
            cell_t k = grid_get(g, x, y);
            bool fluid = cell_is_fluid(k) || k == CELL_EDGE;
            grid_set(g, x, y, fluid ? CELL_EDGE : CELL_WALL);
        }
}

int gref_weighted(rng_t *r, const int *w, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    int x = gref_random(r, total);
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sum += w[i];
        if (sum > x)
            return i;
    }
    return n - 1;
}

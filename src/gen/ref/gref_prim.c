/* gref_prim.c - the game's map primitives the reference keeps (docs/rules.md
 * G4, G41).
 *
 * restore_walls turns every ring cell holding fluid into permanent fluid and
 * every other ring cell into wall [game: generator.lua:3-10, 109-119]: here
 * cell by cell, where the fast code (glay_restore_walls) goes through a
 * table of what each kind becomes, row and column at a time; the test holds
 * the two equal on every vertical river.  A fill of an area (clipped to the
 * map), the plain helper of the reference's population.  The game's dice
 * and the other map primitives (Random(n), math.random, random(a, b), the
 * sub-area and inner-edge draws, the neighbour counts) are plain in the fast
 * code too, and the reference calls those (grandom.h, glay.h;
 * docs/design.md).
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

void gref_fill(grid_t *g, area_t a, cell_t k)
{
    for (int y = a.y1; y <= a.y2; y++)
        for (int x = a.x1; x <= a.x2; x++)
            if (grid_in_map(x, y))
                grid_set(g, x, y, k);
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

/* test_grid.c - the map and the wall-plotting primitive (docs/rules.md §1, §3).
 * Expected maps are drawn by hand from the rule's wording. */
#include <string.h>

#include "grid.h"
#include "rng.h"
#include "testutil.h"

static void basics(void)
{
    grid_t g;
    grid_clear(&g);
    bool border = true, inside = true;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            if (grid_on_border(x, y))
                border &= grid_get(&g, x, y) == CELL_WALL;
            else
                inside &= grid_get(&g, x, y) == CELL_FLOOR;
        }
    CHECK(border, "cleared map has a wall ring");
    CHECK(inside, "cleared map is floor inside");
    CHECK(grid_count(&g, CELL_FLOOR) == 76 * 18, "76x18 floor cells");
    CHECK(grid_count(&g, CELL_WALL) == 2 * 78 + 2 * 18, "border cell count");
    grid_fill_rect(&g, -5, -5, 3, 3, CELL_WATER);
    CHECK(grid_count(&g, CELL_WATER) == 9, "fill_rect clips to the map");
    CHECK(cell_glyph(CELL_WALL) == '#' && cell_glyph(CELL_FLOOR) == '.' &&
              cell_glyph(CELL_DOOR) == '+',
          "legend glyphs");
    /* Every kind has a distinct glyph, so the ASCII map can be read back. */
    bool distinct = true;
    for (int a = 0; a < CELL__COUNT; a++)
        for (int b = a + 1; b < CELL__COUNT; b++)
            distinct &= cell_glyph((cell_t)a) != cell_glyph((cell_t)b);
    CHECK(distinct, "cell glyphs are distinct");
}

static void plot(void)
{
    grid_t g;
    grid_clear(&g);
    /* A vertical wall through (10,5) on an empty map spans rows 2..19. */
    CHECK(grid_plot_wall(&g, 10, 5, false), "vertical wall drawn");
    bool ok = grid_get(&g, 10, 5) == CELL_DOOR;
    for (int y = 2; y <= 19; y++)
        if (y != 5)
            ok &= grid_get(&g, 10, y) == CELL_WALL;
    CHECK(ok, "vertical wall rows 2..19 with the door at (10,5)");
    CHECK(grid_get(&g, 9, 5) == CELL_FLOOR && grid_get(&g, 11, 5) == CELL_FLOOR,
          "vertical wall is one cell wide");
    /* A horizontal wall through (20,7) stops just before the vertical wall at x=10
     * and at the right border: x 11..77. */
    CHECK(grid_plot_wall(&g, 20, 7, true), "horizontal wall drawn");
    ok = grid_get(&g, 20, 7) == CELL_DOOR && grid_get(&g, 10, 7) == CELL_WALL &&
         grid_get(&g, 9, 7) == CELL_FLOOR;
    for (int x = 11; x <= 77; x++)
        if (x != 20)
            ok &= grid_get(&g, x, 7) == CELL_WALL;
    CHECK(ok, "horizontal wall x 11..77, stopped by the existing wall");
    /* A horizontal wall walking into a door stops before it. */
    CHECK(grid_plot_wall(&g, 3, 5, true), "wall left of the door drawn");
    CHECK(grid_get(&g, 9, 5) == CELL_WALL && grid_get(&g, 10, 5) == CELL_DOOR &&
              grid_get(&g, 11, 5) == CELL_FLOOR,
          "a walk stops before a door and leaves it a door");
    /* Plotting on an existing wall only places a door. */
    int walls = grid_count(&g, CELL_WALL);
    CHECK(!grid_plot_wall(&g, 10, 15, true), "plot on a wall draws nothing");
    CHECK(grid_get(&g, 10, 15) == CELL_DOOR, "plot on a wall leaves a door");
    CHECK(grid_count(&g, CELL_WALL) == walls - 1, "only that cell changed");
    CHECK(grid_get(&g, 11, 15) == CELL_FLOOR && grid_get(&g, 9, 15) == CELL_FLOOR,
          "no wall drawn from a plot on a wall");
}

/* grid_neighbour_is against the 8 reads it stands for, on random maps of
 * every kind, at every map cell (border included). */
static void neighbours(void)
{
    grid_t g;
    rng_t r;
    rng_stream(&r, 11, 0, RNG_LAYOUT);
    long bad = 0;
    for (int t = 0; t < 300; t++) {
        grid_fill(&g, CELL_WALL);
        for (int y = 1; y <= GRID_H; y++)
            for (int x = 1; x <= GRID_W; x++)
                grid_set(&g, x, y, (cell_t)rng_below(&r, t % 2 ? 3 : CELL__COUNT));
        for (int y = 1; y <= GRID_H; y++)
            for (int x = 1; x <= GRID_W; x++)
                for (int k = 0; k < CELL__COUNT; k++) {
                    bool want = false;
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++)
                            want |= (dx || dy) && grid_get(&g, x + dx, y + dy) == (cell_t)k;
                    bad += grid_neighbour_is(&g, x, y, (cell_t)k) != want;
                }
    }
    CHECK(bad == 0, "grid_neighbour_is matches the 8 reads (%ld differ)", bad);
}

int main(void)
{
    neighbours();
    basics();
    plot();
    return test_summary("grid");
}

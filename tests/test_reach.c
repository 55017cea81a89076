/* test_reach.c - the row flood fill against a plain breadth-first
 * search (written here, cell by cell) on random and hand-made maps; on
 * random maps every CPU path (cpu.h: plain, and the PEXT/PDEP fill of
 * CPU_BMI2 where the CPU has it) is held to the search. */
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "reach.h"
#include "rng.h"
#include "testutil.h"

/* Every path on g's passable rows, as reach_unreachable makes them: the
 * plain count, or -1 when a faster path's differs. */
static int both_unreachable(const grid_t *g, int sx, int sy)
{
    bitrow_t pass[GRID_H + 2];
    const bitrow_t columns = (BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0);
    grid_mask_rows(g, CELLSET_IMPASSABLE, pass);
    for (int y = 1; y <= GRID_H; y++)
        pass[y] = ~pass[y] & columns;
    const cpu_path_t best = cpu_force(CPU_PLAIN);
    const int n = reach_unreachable_rows(pass, sx, sy);
    bool same = true;
    for (int path = CPU_PLAIN + 1; path <= (int)cpu_best(); path++) {
        cpu_force((cpu_path_t)path);
        same = same && reach_unreachable_rows(pass, sx, sy) == n;
    }
    cpu_force(best);
    return same ? n : -1;
}

static int bfs_unreachable(const grid_t *g, int sx, int sy)
{
    static uint8_t seen[GRID_CELLS];
    static int queue[GRID_CELLS];
    memset(seen, 0, sizeof seen);
    int total = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            total += cell_is_passable(grid_get(g, x, y));
    if (!cell_is_passable(grid_get(g, sx, sy)))
        return total;
    int head = 0, tail = 0;
    queue[tail++] = GRID_IDX(sx, sy);
    seen[GRID_IDX(sx, sy)] = 1;
    while (head < tail) {
        int c = queue[head++];
        int cx = c % GRID_STRIDE, cy = c / GRID_STRIDE;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = cx + dx, y = cy + dy;
                if (!grid_in_map(x, y))
                    continue;
                int n = GRID_IDX(x, y);
                if (!seen[n] && cell_is_passable((cell_t)g->c[n])) {
                    seen[n] = 1;
                    queue[tail++] = n;
                }
            }
    }
    return total - tail;
}

int main(void)
{
    grid_t g;
    /* Hand-made: a wall splitting the map leaves the right side unreachable. */
    grid_clear(&g);
    for (int y = 1; y <= GRID_H; y++)
        grid_set(&g, 40, y, CELL_WALL);
    CHECK(reach_unreachable(&g, 2, 2) == 37 * 18, "right half unreachable: %d",
          reach_unreachable(&g, 2, 2));
    grid_set(&g, 40, 10, CELL_DOOR);
    CHECK(reach_unreachable(&g, 2, 2) == 0, "a door joins the halves");
    grid_set(&g, 40, 10, CELL_WALL);
    grid_set(&g, 40, 10, CELL_WATER);
    CHECK(reach_unreachable(&g, 2, 2) == 0, "fluid is passable");
    /* 76x18 interior less the 18 cells of column 40, one of them now water. */
    CHECK(reach_unreachable(&g, 1, 1) == 76 * 18 - 17, "a start on the border wall reaches nothing");
    /* A snake-shaped corridor: the flood must turn many times. */
    grid_fill(&g, CELL_WALL);
    for (int y = 2; y < GRID_H; y += 2) {
        for (int x = 2; x < GRID_W; x++)
            grid_set(&g, x, y, CELL_FLOOR);
        grid_set(&g, (y / 2) % 2 ? GRID_W - 1 : 2, y + 1, y + 1 < GRID_H ? CELL_FLOOR : CELL_WALL);
    }
    CHECK(reach_unreachable(&g, 2, 2) == bfs_unreachable(&g, 2, 2), "snake corridor");
    /* Random maps at several densities, random starts: same count as BFS. */
    rng_t r;
    rng_stream(&r, 5, 5, RNG_LAYOUT);
    int bad = 0;
    for (int trial = 0; trial < 20000; trial++) {
        int wall_pct = 20 + trial % 50;
        grid_clear(&g);
        for (int y = 2; y < GRID_H; y++)
            for (int x = 2; x < GRID_W; x++)
                if (rng_d(&r, 100) <= wall_pct)
                    grid_set(&g, x, y, rng_d(&r, 10) == 1 ? CELL_LAVA : CELL_WALL);
        int sx = rng_range(&r, 1, GRID_W), sy = rng_range(&r, 1, GRID_H);
        const int want = bfs_unreachable(&g, sx, sy);
        bad += (reach_unreachable(&g, sx, sy) != want) + (both_unreachable(&g, sx, sy) != want);
    }
    CHECK(bad == 0, "row flood equals BFS on 20000 random maps (%d differ)", bad);
    /* Every cell random, the border ring too (rivers leave passable-looking
     * edge cells; the count must follow the cells, whatever they are), and
     * the densest row pattern: 39 runs per row. */
    bad = 0;
    static const cell_t kinds[] = {CELL_FLOOR, CELL_WALL, CELL_DOOR, CELL_WATER, CELL_BOX,
                                   CELL_EDGE,  CELL_BRIDGE, CELL_STAIRS, CELL_LAVA};
    for (int trial = 0; trial < 20000; trial++) {
        int wall_pct = trial % 100;
        for (int y = 1; y <= GRID_H; y++)
            for (int x = 1; x <= GRID_W; x++) {
                cell_t k = rng_d(&r, 100) <= wall_pct ? CELL_WALL : kinds[rng_below(&r, 9)];
                if (trial % 7 == 0)
                    k = (x + y + trial / 7) % 2 ? CELL_WALL : CELL_FLOOR;
                grid_set(&g, x, y, k);
            }
        int sx = rng_range(&r, 1, GRID_W), sy = rng_range(&r, 1, GRID_H);
        const int want = bfs_unreachable(&g, sx, sy);
        bad += (reach_unreachable(&g, sx, sy) != want) + (both_unreachable(&g, sx, sy) != want);
    }
    CHECK(bad == 0, "row flood equals BFS on 20000 fully random maps (%d differ)", bad);
    printf("  paths tested up to %s\n", cpu_path_name(cpu_best()));
    return test_summary("reach");
}

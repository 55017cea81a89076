/* test_normal.c - the normal layout's invariants (docs/rules.md §3 Normal).
 *
 * Over 10^5 seeds: border intact; every interior wall cell lies on a vertical
 * wall line (even x) or a horizontal one (odd y); every plotted point is a
 * door; the walls recorded for the checks are the map's; the room list's interiors tile the non-solid interior without
 * overlap; 2x2 entries start on a floor dead end; the extra doors never
 * touch another door (8-neighbourhood) unless one is a plotted point.
 * The extra-door candidates of every CPU path (cpu.h) against a
 * cell-by-cell count, on random solid/door rows; whole layouts of each SIMD
 * path against the plain one.
 */
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "layouts/layouts.h"
#include "level.h"
#include "rooms.h"
#include "ruleset.h"
#include "tables.h"
#include "testutil.h"

#define SEEDS 100000

static bool border_ok(const grid_t *g)
{
    for (int x = 1; x <= GRID_W; x++)
        if (grid_get(g, x, 1) != CELL_WALL || grid_get(g, x, GRID_H) != CELL_WALL)
            return false;
    for (int y = 1; y <= GRID_H; y++)
        if (grid_get(g, 1, y) != CELL_WALL || grid_get(g, GRID_W, y) != CELL_WALL)
            return false;
    return true;
}

static bool parity_ok(const grid_t *g)
{
    for (int y = 2; y < GRID_H; y++)
        for (int x = 2; x < GRID_W; x++)
            if (cell_is_solid(grid_get(g, x, y)) && x % 2 != 0 && y % 2 != 1)
                return false;
    return true;
}

static bool only_walls_doors_floor(const grid_t *g)
{
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            cell_t k = grid_get(g, x, y);
            if (k != CELL_WALL && k != CELL_FLOOR && k != CELL_DOOR)
                return false;
        }
    return true;
}

/* Interiors of rooms with both sides >= 3 cover each non-solid cell once;
 * rooms with a side of 2 are 2x2 entries cornered on a floor cell. */
static bool tiling_ok(const level_t *lv, int *small)
{
    static uint8_t cover[GRID_CELLS];
    memset(cover, 0, sizeof cover);
    *small = 0;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *r = &lv->rooms[i];
        if (r->w < 3 || r->h < 3) {
            if (r->w != 2 || r->h != 2 || grid_get(&lv->map, r->x, r->y) != CELL_FLOOR)
                return false;
            (*small)++;
            continue;
        }
        if (!cell_is_solid(grid_get(&lv->map, r->x, r->y)))
            return false;
        for (int y = r->y + 1; y < r->y + r->h - 1; y++)
            for (int x = r->x + 1; x < r->x + r->w - 1; x++)
                if (cover[GRID_IDX(x, y)]++)
                    return false;
    }
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            bool open = !cell_is_solid(grid_get(&lv->map, x, y));
            if (open != (cover[GRID_IDX(x, y)] == 1))
                return false;
        }
    return true;
}

/* The walls the layout records for the checks (obs.walls, wall_at,
 * wall_horizontal) are the map's: the plotted points in order, each with
 * wall or door on both sides along its recorded axis and not across it
 * (the cells across are never both solid, by the parity of the ranges). */
static bool walls_observed(const level_t *lv, const point_t plotted[NORMAL_WALLS])
{
    if (lv->obs.walls != NORMAL_WALLS || lv->obs.wall_horizontal >> NORMAL_WALLS)
        return false;
    for (int i = 0; i < NORMAL_WALLS; i++) {
        const int x = plotted[i].x, y = plotted[i].y;
        if (lv->obs.wall_at[i].x != x || lv->obs.wall_at[i].y != y)
            return false;
        const bool along_x = cell_is_solid(grid_get(&lv->map, x - 1, y)) &&
                             cell_is_solid(grid_get(&lv->map, x + 1, y));
        const bool along_y = cell_is_solid(grid_get(&lv->map, x, y - 1)) &&
                             cell_is_solid(grid_get(&lv->map, x, y + 1));
        const bool horizontal = lv->obs.wall_horizontal >> i & 1;
        if (along_x != horizontal || along_y == horizontal)
            return false;
    }
    return true;
}

static void invariants(void)
{
    static level_t lv;
    int bad_border = 0, bad_parity = 0, bad_door = 0, bad_tiling = 0, bad_kind = 0, bad_obs = 0;
    long rooms = 0, small = 0, ge4 = 0;
    int min_rooms = 1000, max_rooms = 0;
    for (int s = 0; s < SEEDS; s++) {
        rng_t r;
        rng_stream(&r, 77, (uint64_t)s, RNG_LAYOUT);
        point_t plotted[NORMAL_WALLS];
        lv.nrooms = 0;
        memset(&lv.obs, 0, sizeof lv.obs);
        normal_walls(&lv, &r, plotted);
        rooms_scan(&lv);
        rooms_summarize(&lv);
        bad_border += !border_ok(&lv.map);
        bad_parity += !parity_ok(&lv.map);
        bad_kind += !only_walls_doors_floor(&lv.map);
        for (int w = 0; w < NORMAL_WALLS; w++)
            bad_door += grid_get(&lv.map, plotted[w].x, plotted[w].y) != CELL_DOOR;
        bad_obs += !walls_observed(&lv, plotted);
        int sm;
        bad_tiling += !tiling_ok(&lv, &sm) || sm != lv.obs.rooms_small;
        rooms += lv.nrooms;
        small += lv.obs.rooms_small;
        ge4 += lv.obs.rooms_ge4;
        min_rooms = lv.nrooms < min_rooms ? lv.nrooms : min_rooms;
        max_rooms = lv.nrooms > max_rooms ? lv.nrooms : max_rooms;
    }
    CHECK(bad_border == 0, "border intact (%d bad of %d)", bad_border, SEEDS);
    CHECK(bad_parity == 0, "wall parity (%d bad)", bad_parity);
    CHECK(bad_kind == 0, "only wall, floor and door (%d bad)", bad_kind);
    CHECK(bad_door == 0, "every plotted point is a door (%d bad)", bad_door);
    CHECK(bad_obs == 0, "the observed walls are the map's (%d bad)", bad_obs);
    CHECK(bad_tiling == 0, "rooms tile the interior (%d bad)", bad_tiling);
    printf("normal over %d layouts: rooms %.3f/layout (min %d, max %d), >=4 %.3f, 2x2 %.3f\n",
           SEEDS, (double)rooms / SEEDS, min_rooms, max_rooms, (double)ge4 / SEEDS,
           (double)small / SEEDS);
    /* Walls 1 and 2 always draw (the map is empty then), so every layout has
     * at least three rectangles; a list at capacity would have been cut. */
    CHECK(min_rooms >= 3, "at least three rooms (min %d)", min_rooms);
    CHECK(max_rooms < LEVEL_MAX_ROOMS, "room list within capacity (max %d)", max_rooms);
}

/* Hand-built map: the room scan on two walls (one vertical at x=10, one
 * horizontal at y=7 right of it) finds the three rectangles, sizes by hand. */
static void scan_known(void)
{
    static level_t lv;
    lv.nrooms = 0;
    memset(&lv.obs, 0, sizeof lv.obs);
    grid_clear(&lv.map);
    grid_plot_wall(&lv.map, 10, 5, false);
    grid_plot_wall(&lv.map, 20, 7, true);
    rooms_scan(&lv);
    CHECK(lv.nrooms == 3, "three rooms, got %d", lv.nrooms);
    static const room_t want[3] = {{1, 1, 10, 20}, {10, 1, 69, 7}, {10, 7, 69, 14}};
    for (int i = 0; i < 3 && i < lv.nrooms; i++)
        CHECK(memcmp(&lv.rooms[i], &want[i], sizeof want[i]) == 0,
              "room %d: got %d,%d %dx%d", i, lv.rooms[i].x, lv.rooms[i].y, lv.rooms[i].w,
              lv.rooms[i].h);
    /* A one-wide corridor: vertical walls at x=30 and x=32 below y=7 make a
     * dead end at (31,19)... the corridor x=31 runs rows 8..19 and its bottom
     * cell has walls left, right and below: a 2x2 entry at (31,19). */
    grid_plot_wall(&lv.map, 30, 12, false);
    grid_plot_wall(&lv.map, 32, 12, false);
    lv.nrooms = 0;
    rooms_scan(&lv);
    rooms_summarize(&lv);
    bool found = false;
    for (int i = 0; i < lv.nrooms; i++)
        found |= lv.rooms[i].x == 31 && lv.rooms[i].y == 19 && lv.rooms[i].w == 2 &&
                 lv.rooms[i].h == 2;
    CHECK(found, "dead end of a one-wide corridor is a 2x2 entry");
    CHECK(lv.obs.rooms_small == 1, "one 2x2 entry, got %d", lv.obs.rooms_small);
    CHECK(lv.obs.rooms_ge4 == 4, "rooms >= 4: got %d", lv.obs.rooms_ge4);
}

/* Random rows: solid with density 1/2 or 1/8, doors a quarter of them;
 * padding columns solid as the layout keeps them. */
static void random_rows(rng_t *r, bitrow_t solid[GRID_H + 2], bitrow_t door[GRID_H + 2], int t)
{
    for (int y = 0; y < GRID_H + 2; y++) {
        solid[y] = door[y] = 0;
        for (int x = 0; x < GRID_STRIDE; x++) {
            bool s = y <= 1 || y >= GRID_H || x <= 1 || x >= GRID_W ||
                     rng_below(r, t % 2 ? 2 : 8) == 0;
            if (s)
                solid[y] |= BITROW_BIT(x);
            if (s && rng_below(r, 4) == 0)
                door[y] |= BITROW_BIT(x);
        }
    }
}

static void door_candidates(void)
{
    rng_t r;
    rng_stream(&r, 5, 0, RNG_LAYOUT);
    bitrow_t solid[GRID_H + 2], door[GRID_H + 2], cand[GRID_H + 2], wide[GRID_H + 2];
    int count[GRID_H + 2], wcount[GRID_H + 2], count_lo[GRID_H + 2], wcount_lo[GRID_H + 2];
    const cpu_path_t best = cpu_best();
    long bad = 0, bad_wide = 0, tried_wide = 0;
    for (int t = 0; t < 20000; t++) {
        random_rows(&r, solid, door, t);
        cpu_force(CPU_PLAIN);
        int n = normal_door_candidates(solid, door, cand, count, count_lo);
        int want_n = 0;
        for (int y = 2; y < GRID_H; y++) {
            int want_count = 0;
            for (int x = 2; x < GRID_W; x++) {
                bool wall = (solid[y] & ~door[y]) >> x & 1;
                int around = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        around += (dx || dy) && ((solid[y + dy] & ~door[y + dy]) >> (x + dx) & 1);
                bool want = wall && around == 2;
                bad += want != (bool)(cand[y] >> x & 1);
                want_count += want;
            }
            bad += (cand[y] & ~(((BITROW_BIT(GRID_W) - 1) >> 2) << 2)) != 0;
            bad += count[y] != want_count;
            int want_lo = 0;
            for (int x = 0; x < 64; x++)
                want_lo += (int)(cand[y] >> x & 1);
            bad += count_lo[y] != want_lo;
            want_n += want_count;
        }
        bad += n != want_n;
        /* every faster path this build and CPU have: the same outputs */
        for (int path = CPU_PLAIN + 1; path <= (int)best; path++) {
            cpu_force((cpu_path_t)path);
            int nw = normal_door_candidates(solid, door, wide, wcount, wcount_lo);
            tried_wide++;
            bad_wide += nw != n;
            for (int y = 2; y < GRID_H; y++)
                bad_wide +=
                    wide[y] != cand[y] || wcount[y] != count[y] || wcount_lo[y] != count_lo[y];
        }
    }
    cpu_force(best);
    CHECK(bad == 0, "door candidates match the cell-by-cell count on 20000 maps (%ld differ)", bad);
    CHECK(bad_wide == 0, "SIMD door candidates (paths up to %s) equal the plain ones on %ld maps "
          "(%ld differ)", cpu_path_name(best), tried_wide, bad_wide);
    if (!tried_wide)
        printf("note: no SIMD path in this build or CPU; only the plain door candidates were tested\n");
}

/* Every path draws the same layouts as the plain one, map byte for byte
 * (padding ring and slack included): each map starts as different garbage,
 * so a cell either path failed to write would differ too. */
static void paths_agree(void)
{
    static level_t a, b;
    const cpu_path_t best = cpu_best();
    if (best == CPU_PLAIN) {
        printf("note: no SIMD path in this build or CPU; only the plain layout paths were tested\n");
        return;
    }
    long bad = 0, bad_rooms = 0, tried = 0;
    for (int s = 0; s < 20000; s++) {
        const cpu_path_t path = (cpu_path_t)(CPU_SSE2 + s % best); /* each faster path in turn */
        point_t pa[NORMAL_WALLS], pb[NORMAL_WALLS];
        rng_t r;
        memset(&a.map, 0x5a, sizeof a.map);
        rng_stream(&r, 91, (uint64_t)s, RNG_LAYOUT);
        cpu_force(path);
        normal_walls(&a, &r, pa);
        memset(&b.map, 0xa5, sizeof b.map);
        rng_stream(&r, 91, (uint64_t)s, RNG_LAYOUT);
        cpu_force(CPU_PLAIN);
        normal_walls(&b, &r, pb);
        bad += memcmp(&a.map, &b.map, sizeof a.map) != 0 || memcmp(pa, pb, sizeof pa) != 0;
        /* the room scan's starts, both ways, on the same map */
        a.nrooms = b.nrooms = 0;
        cpu_force(path);
        rooms_scan(&a);
        b.map = a.map;
        cpu_force(CPU_PLAIN);
        rooms_scan(&b);
        bad_rooms += a.nrooms != b.nrooms ||
                     memcmp(a.rooms, b.rooms, (size_t)a.nrooms * sizeof a.rooms[0]) != 0;
        tried++;
    }
    /* whole layout-only levels: rooms and the layout's door count */
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    p.type = LT_NORMAL;
    p.dlevel = 12;
    p.layout_only = true;
    long bad_levels = 0;
    for (int s = 0; s < 5000; s++) {
        cpu_force((cpu_path_t)(CPU_SSE2 + s % best));
        level_generate(&a, &p, 17, (uint64_t)s);
        cpu_force(CPU_PLAIN);
        level_generate(&b, &p, 17, (uint64_t)s);
        bad_levels += memcmp(&a.map, &b.map, sizeof a.map) != 0 || a.nrooms != b.nrooms ||
                      memcmp(a.rooms, b.rooms, (size_t)a.nrooms * sizeof a.rooms[0]) != 0 ||
                      memcmp(&a.obs, &b.obs, sizeof a.obs) != 0;
    }
    cpu_force(best);
    CHECK(bad == 0, "SIMD and plain layouts identical on %ld seeds (%ld differ)", tried, bad);
    CHECK(bad_levels == 0, "SIMD and plain layout-only levels identical (%ld of 5000 differ)",
          bad_levels);
    CHECK(bad_rooms == 0, "SIMD and plain room starts identical on %ld maps (%ld differ)",
          tried, bad_rooms);
}

int main(void)
{
    door_candidates();
    paths_agree();
    scan_known();
    invariants();
    return test_summary("normal");
}

/* test_open_layouts.c - city, caves and arena (docs/rules.md §3, §4).
 *
 * Invariants over 10^4 seeds at each of four dlevels per type (full levels,
 * and layout-only levels where the fluid pass would hide the layout):
 *   all: the map is 78x20, its border wall or CELL_EDGE (edge only under a
 *   river), only the cell kinds the type can produce;
 *   city: buildings 5..14 x 4..10 walls included, a wall ring with exactly one
 *   door on a non-corner cell, a floor inside, a floor buffer so no two
 *   buildings touch (not even diagonally), at least 2 cells from the border
 *   walls; every passable cell reachable from the start;
 *   caves: always some fluid, of the band's kind (< 6 water, 6..10 acid, later
 *   lava), no rooms, open cells one 8-connected region before the river;
 *   arena: the player on (38,10), 12 stairs in four corner L groups, the
 *   centre picture of its roll (1-24 5x5, 25-34 7x5, 35-44 7x7, 45+ 9x7, roll
 *   d25 + min(dlevel, 25); pictures typed from the wiki page), no river, three
 *   fluid passes, everything reachable.
 * Statistics (chi-square, alpha 1e-5, fixed seeds; expected values typed from
 * docs/rules.md): arena picture shares by dlevel (10^5 layouts each), the caves'
 * river 1/3 with horizontal 1/3 and their fluid walk counts d3 / d5.
 * Observations printed, not checked: dry reachability (fluids impassable,
 * bridges passable) where the game does not guarantee it.
 */
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "layouts/layouts.h"
#include "level.h"
#include "observer.h"
#include "ruleset.h"
#include "tables.h"
#include "testutil.h"
#include "water.h"

/* The passable cells the start does not reach: the observer's flood of the
 * finished map (reachability is not recorded, observer.h). */
static int unreached_seen(const level_t *lv)
{
    seen_t s;
    observer_look(lv, &s);
    return s.unreachable;
}

#define SEEDS 10000
#define ALPHA 1e-5
#define ARENA_SHARE_DRAWS 100000

static level_t lv;

static void gen(level_type_t t, int dlevel, uint64_t seed, uint64_t index, bool layout_only)
{
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    p.type = (int)t;
    p.dlevel = dlevel;
    p.difficulty = 1 + (int)(index % 5);
    p.layout_only = layout_only;
    level_generate(&lv, &p, seed, index);
}

static void chisq(const char *what, const long *obs, const double *p, int k)
{
    double stat;
    int dof;
    double pv = test_chisq_p(obs, p, k, &stat, &dof);
    CHECK(pv > ALPHA, "%s: chi2 %.2f dof %d p %.3g", what, stat, dof, pv);
}

#define BIT(k) (1u << (k))
#define FLUIDS (BIT(CELL_WATER) | BIT(CELL_ACID) | BIT(CELL_LAVA))

/* Border wall (or edge fluid under a river); every cell of an allowed kind. */
static bool map_ok(const grid_t *g, unsigned allowed)
{
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            cell_t k = grid_get(g, x, y);
            if (!(allowed & BIT(k)))
                return false;
            if (grid_on_border(x, y) ? k != CELL_WALL && k != CELL_EDGE : k == CELL_EDGE)
                return false;
        }
    return true;
}

static int count_kind(const grid_t *g, cell_t k)
{
    return grid_count(g, k);
}

/* Cells of `want` not reached from (sx,sy) moving 8 ways over `pass` cells. */
static int unreached(const grid_t *g, int sx, int sy, unsigned pass, unsigned want)
{
    static uint8_t seen[GRID_CELLS];
    static uint16_t queue[GRID_CELLS];
    memset(seen, 0, sizeof seen);
    int head = 0, tail = 0;
    int s = GRID_IDX(sx, sy);
    if (pass & BIT(g->c[s])) {
        seen[s] = 1;
        queue[tail++] = (uint16_t)s;
    }
    while (head < tail) {
        int c = queue[head++];
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int n = c + dy * GRID_STRIDE + dx;
                if (!seen[n] && (pass & BIT(g->c[n]))) {
                    seen[n] = 1;
                    queue[tail++] = (uint16_t)n;
                }
            }
    }
    int missed = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            missed += (want & BIT(grid_get(g, x, y))) && !seen[GRID_IDX(x, y)];
    return missed;
}

static const int DLEVELS[4] = {3, 8, 13, 25};

/* ---- city ---------------------------------------------------------------- */

/* One building: wall ring with one non-corner door, floor inside, floor ring
 * around it, 2+ cells from the border walls, sizes 5..14 x 4..10. */
static bool building_ok(const grid_t *g, const room_t *r, int *why)
{
    int x1 = r->x, y1 = r->y, x2 = r->x + r->w - 1, y2 = r->y + r->h - 1;
    if (r->w < 5 || r->w > 14 || r->h < 4 || r->h > 10)
        return *why = 1, false;
    if (x1 < 4 || y1 < 4 || x2 > GRID_W - 3 || y2 > GRID_H - 3)
        return *why = 2, false;
    int doors = 0;
    for (int y = y1 - 1; y <= y2 + 1; y++)
        for (int x = x1 - 1; x <= x2 + 1; x++) {
            cell_t k = grid_get(g, x, y);
            bool buffer = x < x1 || x > x2 || y < y1 || y > y2;
            bool ring = !buffer && (x == x1 || x == x2 || y == y1 || y == y2);
            bool corner = (x == x1 || x == x2) && (y == y1 || y == y2);
            if (buffer && k != CELL_FLOOR)
                return *why = 3, false;
            if (!buffer && !ring && k != CELL_FLOOR)
                return *why = 4, false;
            if (ring && k == CELL_DOOR) {
                if (corner)
                    return *why = 5, false;
                doors++;
            } else if (ring && k != CELL_WALL) {
                return *why = 6, false;
            }
        }
    if (doors != 1)
        return *why = 7, false;
    return true;
}

static bool touches(const room_t *a, const room_t *b)
{
    return a->x - 1 <= b->x + b->w - 1 && b->x <= a->x + a->w && a->y - 1 <= b->y + b->h - 1 &&
           b->y <= a->y + a->h;
}

/* The buildings' doors as the observation record has them, recounted cell
 * by cell on the layout's map: per building the door cells of its wall
 * ring, those on corners, and the first building's one door's wall and
 * place along it. */
static bool buildings_observed(const level_t *l)
{
    int by_doors[4] = {0}, corners = 0, side = OBS_NO_DOOR, at = 0;
    for (int i = 0; i < l->nrooms; i++) {
        const room_t *r = &l->rooms[i];
        int doors = 0, c = 0, s = OBS_NO_DOOR, a = 0;
        for (int y = r->y; y < r->y + r->h; y++)
            for (int x = r->x; x < r->x + r->w; x++) {
                const bool top = y == r->y, bottom = y == r->y + r->h - 1;
                const bool left = x == r->x, right = x == r->x + r->w - 1;
                if (!(top || bottom || left || right) || grid_get(&l->map, x, y) != CELL_DOOR)
                    continue;
                doors++;
                if ((top || bottom) && (left || right))
                    c++;
                else if (top || bottom)
                    s = bottom, a = x - r->x - 1;
                else
                    s = 2 + right, a = y - r->y - 1;
            }
        by_doors[doors < 3 ? doors : 3]++;
        corners += c;
        if (i == 0 && doors == 1 && c == 0)
            side = s, at = a;
    }
    const obs_t *o = &l->obs;
    return memcmp(by_doors, (int[4]){o->buildings_by_doors[0], o->buildings_by_doors[1],
                                     o->buildings_by_doors[2], o->buildings_by_doors[3]},
                  sizeof by_doors) == 0 &&
           corners == o->building_corner_doors && side == o->first_door_side &&
           (side == OBS_NO_DOOR || at == o->first_door_at);
}

static void city(void)
{
    const unsigned allowed = BIT(CELL_FLOOR) | BIT(CELL_WALL) | BIT(CELL_DOOR) | FLUIDS |
                             BIT(CELL_BRIDGE) | BIT(CELL_EDGE) | BIT(CELL_STAIRS);
    const unsigned dry = BIT(CELL_FLOOR) | BIT(CELL_DOOR) | BIT(CELL_BRIDGE) | BIT(CELL_STAIRS);
    int bad_map = 0, bad_building = 0, why_hist[8] = {0}, bad_touch = 0, bad_doors = 0;
    int bad_reach = 0, bad_layout_map = 0, bad_edge_no_river = 0, bad_obs = 0;
    long rooms = 0, levels = 0, rivers = 0, dry_cut[4] = {0}, dry_levels[4] = {0};
    long full_dry_cut = 0;
    int wmin = 99, wmax = 0, hmin = 99, hmax = 0, rmin = 999, rmax = 0;
    for (int d = 0; d < 4; d++)
        for (int s = 0; s < SEEDS; s++) {
            /* layout only: the buildings as drawn, before the fluid pass */
            gen(LT_CITY, DLEVELS[d], 31, (uint64_t)s, true);
            levels++;
            rooms += lv.nrooms;
            rmin = lv.nrooms < rmin ? lv.nrooms : rmin;
            rmax = lv.nrooms > rmax ? lv.nrooms : rmax;
            bad_layout_map += !map_ok(&lv.map, allowed & ~BIT(CELL_STAIRS));
            bad_edge_no_river += !lv.obs.river && count_kind(&lv.map, CELL_EDGE) > 0;
            bad_obs += !buildings_observed(&lv);
            for (int i = 0; i < lv.nrooms; i++) {
                int why = 0;
                const room_t *r = &lv.rooms[i];
                if (!building_ok(&lv.map, r, &why)) {
                    bad_building++;
                    why_hist[why]++;
                }
                wmin = r->w < wmin ? r->w : wmin;
                wmax = r->w > wmax ? r->w : wmax;
                hmin = r->h < hmin ? r->h : hmin;
                hmax = r->h > hmax ? r->h : hmax;
                for (int j = i + 1; j < lv.nrooms; j++)
                    bad_touch += touches(r, &lv.rooms[j]);
            }
            bad_doors += count_kind(&lv.map, CELL_DOOR) != lv.nrooms;
            rivers += lv.obs.river;
            /* dry reachability from a floor cell in the first column of streets */
            int rc = lv.obs.river ? lv.obs.river_count : 0;
            dry_levels[rc]++;
            dry_cut[rc] += unreached(&lv.map, 2, 2, dry, dry) > 0;

            /* the full level */
            gen(LT_CITY, DLEVELS[d], 32, (uint64_t)s, false);
            bad_map += !map_ok(&lv.map, allowed);
            bad_reach += unreached_seen(&lv) != 0;
            full_dry_cut += unreached(&lv.map, lv.start.x, lv.start.y, dry, dry) > 0;
        }
    CHECK(bad_layout_map == 0, "city layouts: border and cell kinds (%d bad)", bad_layout_map);
    CHECK(bad_edge_no_river == 0, "city: edge fluid only under a river (%d bad)",
          bad_edge_no_river);
    CHECK(bad_building == 0,
          "city: buildings well formed (%d bad: size %d, border %d, buffer %d, inside %d, "
          "corner door %d, ring %d, doors %d)",
          bad_building, why_hist[1], why_hist[2], why_hist[3], why_hist[4], why_hist[5],
          why_hist[6], why_hist[7]);
    CHECK(bad_touch == 0, "city: no two buildings touch (%d pairs)", bad_touch);
    CHECK(bad_obs == 0, "city: the observed building doors are the map's (%d bad)", bad_obs);
    CHECK(bad_doors == 0, "city: one door per building, no others (%d bad)", bad_doors);
    CHECK(wmin == 5 && wmax == 14 && hmin == 4 && hmax == 10,
          "city: building sizes span 5..14 x 4..10 (saw %d..%d x %d..%d)", wmin, wmax, hmin, hmax);
    CHECK(bad_map == 0, "city levels: border and cell kinds (%d bad)", bad_map);
    CHECK(bad_reach == 0, "city levels: every passable cell reachable (%d bad)", bad_reach);
    printf("city over %ld layouts: %.3f buildings (min %d, max %d), river %.4f\n", levels,
           (double)rooms / levels, rmin, rmax, (double)rivers / levels);
    printf("city dry reachability (fluids impassable, bridges passable), layouts with a cut:"
           " no river %ld/%ld, 1 river %ld/%ld, 2 rivers %ld/%ld, 3 rivers %ld/%ld;"
           " full levels %ld/%ld\n",
           dry_cut[0], dry_levels[0], dry_cut[1], dry_levels[1], dry_cut[2], dry_levels[2],
           dry_cut[3], dry_levels[3], full_dry_cut, levels);
    CHECK(dry_cut[0] == 0, "city without a river: streets and buildings all connected (%ld cut)",
          dry_cut[0]);
}

/* The city's SIMD and plain paths (cpu.h) draw the same levels, map byte
 * for byte (padding ring and slack included: each map starts as different
 * garbage), rooms and observations alike; layout-only levels and, fewer,
 * full ones. */
static void city_paths_agree(void)
{
    static level_t a, b;
    const cpu_path_t best = cpu_best();
    if (best == CPU_PLAIN) {
        printf("note: no SIMD path in this build or CPU; only the plain city path was tested\n");
        return;
    }
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    p.type = LT_CITY;
    p.dlevel = 12;
    long bad = 0, tried = 0;
    for (int s = 0; s < 12000; s++) {
        p.layout_only = s < 10000;
        memset(&a, 0x5a, sizeof a);
        memset(&b, 0xa5, sizeof b);
        cpu_force((cpu_path_t)(CPU_SSE2 + s % best)); /* each SIMD path in turn */
        level_generate(&a, &p, 23, (uint64_t)s);
        cpu_force(CPU_PLAIN);
        level_generate(&b, &p, 23, (uint64_t)s);
        bad += memcmp(&a.map, &b.map, sizeof a.map) != 0 || a.nrooms != b.nrooms ||
               memcmp(a.rooms, b.rooms, (size_t)a.nrooms * sizeof a.rooms[0]) != 0 ||
               memcmp(&a.obs, &b.obs, sizeof a.obs) != 0;
        tried++;
    }
    cpu_force(best);
    CHECK(bad == 0, "city: SIMD and plain paths draw the same levels (%ld of %ld differ)",
          bad, tried);
}

/* ---- caves ------------------------------------------------------------- */

static void caves(void)
{
    const unsigned allowed = BIT(CELL_FLOOR) | BIT(CELL_WALL) | FLUIDS | BIT(CELL_BRIDGE) |
                             BIT(CELL_EDGE) | BIT(CELL_STAIRS);
    const unsigned open = BIT(CELL_FLOOR) | FLUIDS;
    static const cell_t BAND[4] = {CELL_WATER, CELL_ACID, CELL_LAVA, CELL_LAVA};
    int bad_map = 0, no_fluid = 0, bad_kind = 0, rooms = 0, bad_edge = 0, bad_connected = 0;
    int bad_passes = 0;
    long river_cls[4][3] = {{0}}, walks[4][6] = {{0}}, cut = 0, cut_river = 0, levels_river = 0;
    long floor_cells = 0;
    for (int d = 0; d < 4; d++)
        for (int s = 0; s < SEEDS; s++) {
            gen(LT_CAVES, DLEVELS[d], 41, (uint64_t)s, true);
            bad_connected += unreached(&lv.map, 38, 10, open, open) != 0;
            bad_map += !map_ok(&lv.map, allowed & ~(BIT(CELL_EDGE) | BIT(CELL_BRIDGE) |
                                                    BIT(CELL_STAIRS)));

            gen(LT_CAVES, DLEVELS[d], 42, (uint64_t)s, false);
            const obs_t *o = &lv.obs;
            bad_map += !map_ok(&lv.map, allowed);
            bad_edge += !o->river && count_kind(&lv.map, CELL_EDGE) > 0;
            no_fluid += o->fluid_cells[0] + o->fluid_cells[1] + o->fluid_cells[2] == 0;
            bad_passes += o->fluid_passes != 2 || o->fluid_kind != BAND[d];
            for (int k = CELL_WATER; k <= CELL_LAVA; k++)
                if (count_kind(&lv.map, (cell_t)k) &&
                    k != (int)BAND[d] && !(o->river && k == o->river_fluid))
                    bad_kind++;
            rooms += lv.nrooms;
            river_cls[d][!o->river ? 0 : o->river_orient == RIVER_HORIZONTAL ? 1 : 2]++;
            bad_edge += o->river && o->river_count != 1;
            if (o->fluid_walks < 6)
                walks[d][o->fluid_walks]++;
            if (o->river) {
                levels_river++;
                cut_river += unreached_seen(&lv) > 0;
            } else {
                cut += unreached_seen(&lv) > 0;
            }
            floor_cells += count_kind(&lv.map, CELL_FLOOR);
        }
    CHECK(bad_map == 0, "caves: border and cell kinds (%d bad)", bad_map);
    CHECK(bad_edge == 0, "caves: edge fluid only under a river, one river at most (%d bad)",
          bad_edge);
    CHECK(no_fluid == 0, "caves: always some fluid (%d without)", no_fluid);
    CHECK(bad_passes == 0, "caves: two fluid passes of the band's fluid (%d bad)", bad_passes);
    CHECK(bad_kind == 0, "caves: fluid of the band or the river only (%d bad)", bad_kind);
    CHECK(rooms == 0, "caves: no rooms (%d)", rooms);
    CHECK(bad_connected == 0, "caves before the river: open cells one region (%d bad)",
          bad_connected);
    CHECK(cut == 0, "caves without a river: everything reachable from the start (%ld cut)", cut);
    printf("caves over %d levels: %.1f floor cells; with a river %ld, of which %ld leave "
           "passable cells unreachable from the start\n",
           4 * SEEDS, (double)floor_cells / (4 * SEEDS), levels_river, cut_river);
    double pr[3] = {2.0 / 3, 1.0 / 9, 2.0 / 9};
    for (int d = 0; d < 4; d++) {
        char what[96];
        snprintf(what, sizeof what, "caves dlevel %d: river 1/3, horizontal 1/3", DLEVELS[d]);
        chisq(what, river_cls[d], pr, 3);
        /* cave fluid walks: d3 below dlevel 11, d5 from 11 */
        double pw[6] = {0};
        int n = DLEVELS[d] <= 10 ? 3 : 5;
        for (int w = 1; w <= n; w++)
            pw[w] = 1.0 / n;
        snprintf(what, sizeof what, "caves dlevel %d: fluid walks d%d", DLEVELS[d], n);
        chisq(what, walks[d], pw, 6);
    }
}

/* ---- arena ------------------------------------------------------------- */

/* The wiki's four pictures ('.' for its middle dot), typed from the page. */
static const char *const PIC5X5[] = {"#...#", ".....", "..@..", ".....", "#...#"};
static const char *const PIC7X5[] = {"##...##", ".......", "...@...", ".......", "##...##"};
static const char *const PIC7X7[] = {"##...##", "#.....#", ".......", "...@...",
                                     ".......", "#.....#", "##...##"};
static const char *const PIC9X7[] = {".##...##.", "##..#..##", ".........", "..#.@.#..",
                                     ".........", "##..#..##", ".##...##."};
static const struct {
    const char *const *rows;
    int w, h;
} PICS[4] = {{PIC5X5, 5, 5}, {PIC7X5, 7, 5}, {PIC7X7, 7, 7}, {PIC9X7, 9, 7}};

/* docs/rules.md §3: 1-24 5x5, 25-34 7x5, 35-44 7x7, 45+ 9x7. */
static int layout_of_roll(int roll)
{
    return roll < 25 ? 0 : roll < 35 ? 1 : roll < 45 ? 2 : 3;
}

static bool centre_ok(const level_t *l, int pic)
{
    int w = PICS[pic].w, h = PICS[pic].h;
    int x0 = 38 - w / 2, y0 = 10 - h / 2;
    if (l->keepout.x1 != x0 || l->keepout.y1 != y0 || l->keepout.x2 != x0 + w - 1 ||
        l->keepout.y2 != y0 + h - 1)
        return false;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            char c = PICS[pic].rows[j][i];
            cell_t want = c == '#' ? CELL_WALL : CELL_FLOOR;
            if (grid_get(&l->map, x0 + i, y0 + j) != want)
                return false;
        }
    return PICS[pic].rows[h / 2][w / 2] == '@';
}

static bool stairs_ok(const level_t *l)
{
    /* corner cell and its neighbours along both walls, in every corner */
    static const int want[12][2] = {{2, 2},   {3, 2},   {2, 3},   {77, 2},  {76, 2},  {77, 3},
                                    {2, 19},  {3, 19},  {2, 18},  {77, 19}, {76, 19}, {77, 18}};
    if (l->nstairs != 12 || grid_count(&l->map, CELL_STAIRS) != 12)
        return false;
    for (int i = 0; i < 12; i++) {
        if (grid_get(&l->map, want[i][0], want[i][1]) != CELL_STAIRS)
            return false;
        bool listed = false;
        for (int k = 0; k < l->nstairs; k++)
            listed |= l->stairs[k].x == want[i][0] && l->stairs[k].y == want[i][1];
        if (!listed)
            return false;
    }
    return true;
}

static void arena(void)
{
    const unsigned allowed = BIT(CELL_FLOOR) | BIT(CELL_WALL) | FLUIDS | BIT(CELL_STAIRS);
    int bad_map = 0, bad_centre = 0, bad_stairs = 0, bad_start = 0, bad_reach = 0, bad_water = 0;
    int bad_obs = 0;
    for (int d = 0; d < 4; d++)
        for (int s = 0; s < SEEDS; s++) {
            gen(LT_ARENA, DLEVELS[d], 51, (uint64_t)s, false);
            const obs_t *o = &lv.obs;
            bad_map += !map_ok(&lv.map, allowed);
            int pic = layout_of_roll(o->roll.arena);
            bad_obs += o->roll.arena_layout != pic || o->layout_variant != pic ||
                       o->roll.arena < 1 + (DLEVELS[d] < 25 ? DLEVELS[d] : 25) ||
                       o->roll.arena > 25 + (DLEVELS[d] < 25 ? DLEVELS[d] : 25);
            bad_centre += !centre_ok(&lv, pic);
            bad_stairs += !stairs_ok(&lv);
            bad_start += lv.start.x != 38 || lv.start.y != 10 ||
                         grid_get(&lv.map, 38, 10) != CELL_FLOOR;
            bad_reach += unreached_seen(&lv) != 0;
            bad_water += o->river || o->fluid_passes != 3 || lv.nrooms != 0;
        }
    CHECK(bad_map == 0, "arena: border wall, cell kinds (%d bad)", bad_map);
    CHECK(bad_obs == 0, "arena: roll and layout recorded (%d bad)", bad_obs);
    CHECK(bad_centre == 0, "arena: centre picture of its roll, keep-out box (%d bad)",
          bad_centre);
    CHECK(bad_stairs == 0, "arena: four corner stair groups (%d bad)", bad_stairs);
    CHECK(bad_start == 0, "arena: player on (38,10) floor (%d bad)", bad_start);
    CHECK(bad_reach == 0, "arena: everything reachable (%d bad)", bad_reach);
    CHECK(bad_water == 0, "arena: no river, three fluid passes, no rooms (%d bad)", bad_water);

    /* picture shares by dlevel: roll d25 + min(dlevel, 25) */
    static const int SHARE_DL[] = {1, 10, 15, 20, 25, 40};
    for (size_t d = 0; d < sizeof SHARE_DL / sizeof SHARE_DL[0]; d++) {
        int dl = SHARE_DL[d], cap = dl < 25 ? dl : 25;
        double p[4] = {0};
        for (int k = 1; k <= 25; k++)
            p[layout_of_roll(k + cap)] += 1.0 / 25;
        long got[4] = {0};
        for (int i = 0; i < ARENA_SHARE_DRAWS; i++) {
            gen(LT_ARENA, dl, 52 + d, (uint64_t)i, true);
            got[lv.obs.roll.arena_layout]++;
        }
        char what[96];
        snprintf(what, sizeof what, "arena dlevel %d: picture shares (%d layouts)", dl,
                 ARENA_SHARE_DRAWS);
        chisq(what, got, p, 4);
    }
}

/* data/arena.txt: the loader's error lines. */
static void arena_data(void)
{
    const arena_table_t *t = test_tables(NULL)->arena;
    CHECK(t && t->n == 4, "data/arena.txt: four pictures");
    for (int i = 0; t && i < t->n && i < 4; i++) {
        bool same = t->pic[i].w == PICS[i].w && t->pic[i].h == PICS[i].h;
        for (int j = 0; same && j < PICS[i].h; j++)
            for (int k = 0; k < PICS[i].w; k++)
                same &= t->pic[i].cell[j][k] == (PICS[i].rows[j][k] == '#' ? CELL_WALL : CELL_FLOOR);
        CHECK(same, "data/arena.txt picture %d is the wiki's", i);
    }
    static const struct {
        const char *text, *needle;
    } BAD[] = {
        {"roll 2\n#@#\n", "arena.txt:1: the first picture must start at roll 1"},
        {"roll 1\n#@#\n\nroll 1\n.@.\n", "arena.txt:4: roll 1 does not follow roll 1"},
        {"roll 1\n#@#\n##\n", "arena.txt:3: row is 2 cells wide"},
        {"roll 1\n#x#\n", "arena.txt:2: unexpected character 'x'"},
        {"roll 1\n###\n", "arena.txt:2: picture for roll 1 has no '@'"},
        {"#@#\n", "arena.txt:1: picture row outside a picture"},
        {"; nothing\n", "no pictures"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        arena_table_t bad;
        char err[256];
        bool ok = arena_parse(&bad, BAD[i].text, strlen(BAD[i].text), "data/arena.txt", err,
                              sizeof err);
        CHECK(!ok && strstr(err, BAD[i].needle) && !strchr(err, '\n'),
              "bad arena file %zu: got \"%s\", want \"%s\"", i, err, BAD[i].needle);
    }
}

int main(void)
{
    if (!test_tables(NULL)->rules || !test_tables(NULL)->water || !test_tables(NULL)->arena)
        return 1;
    arena_data();
    arena();
    city();
    city_paths_agree();
    caves();
    return test_summary("open_layouts");
}

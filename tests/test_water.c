/* test_water.c - rivers and fluid passes (docs/rules.md §4).
 *
 * Expected values are typed here from docs/rules.md, never read from
 * data/water.json, so a wrong data file fails this test:
 *   fluid pass by dlevel: < 6 water d3-1 walks of d40+2; 6..10 acid d3-1 of
 *   d40+2; 11..15 lava d5-1 of d50+2; > 15 lava d5+3 of d40+2;
 *   cave fluid: < 6 water d3 of d40+22; 6..10 acid d3 of d40+42; later lava d5
 *   of d50+42;
 *   river fluid dlevel + d(2D+6): < 17 water, < 27 acid, else lava;
 *   rivers by type: normal 1/2, small rooms 1/4, warehouse 1/6, city 1/3
 *   (vertical only), caves 1/3 (horizontal 1/3, else one vertical), maze 2/3,
 *   arena and single never; standard rivers horizontal 1/4, else vertical with
 *   two (1/3 * 3/4) or three (1/3 * 1/4) rivers; horizontal bridge 5/6,
 *   vertical always; a drift draw with probability 1/6 per column
 *   (horizontal) and 1/3 per row (vertical), each moving the river by d3-2
 *   (-1, 0 or +1 equally): a move each way 1/18 per column, 1/9 per row.
 * Chi-square goodness of fit, fixed seeds, alpha 1e-5; samples stated per check.
 */
#include <stdio.h>
#include <string.h>

#include "level.h"
#include "ruleset.h"
#include "tables.h"
#include "testutil.h"
#include "water.h"

#define ALPHA 1e-5
#define RIVER_DRAWS 1000000
#define PASS_DRAWS 200000
#define GEOM_DRAWS 100000

static level_t lv;
static gen_params_t params;

/* A fresh level of type t on an empty (floor, walled) map, and its context. */
static layout_ctx_t fresh(level_type_t t, int dlevel, int difficulty, rng_t *water)
{
    lv.type = t;
    lv.dlevel = dlevel;
    lv.difficulty = difficulty;
    memset(&lv.obs, 0, sizeof lv.obs);
    lv.obs.river_fluid = CELL_FLOOR;
    lv.obs.fluid_kind = CELL_FLOOR;
    grid_clear(&lv.map);
    params.dlevel = dlevel;
    params.difficulty = difficulty;
    params.type = (int)t;
    return (layout_ctx_t){.lv = &lv, .p = &params, .rules = &params.tables->rules->type[t],
                          .layout = NULL, .water = water};
}

static void chisq(const char *what, const long *obs, const double *p, int k)
{
    double stat;
    int dof;
    double pv = test_chisq_p(obs, p, k, &stat, &dof);
    CHECK(pv > ALPHA, "%s: chi2 %.2f dof %d p %.3g", what, stat, dof, pv);
}

/* ---- the data file ------------------------------------------------------ */

typedef struct want_band {
    int from, to;
    cell_t fluid;
    int wx, wn, wk, lx, ln, lk;
} want_band_t;

static void tables_match_rules(void)
{
    const water_tables_t *t = test_tables(NULL)->water;
    CHECK(t != NULL, "data/water.json loads");
    if (!t)
        return;
    static const want_band_t FLUID[] = {
        {1, 5, CELL_WATER, 1, 3, -1, 1, 40, 2},  {6, 10, CELL_ACID, 1, 3, -1, 1, 40, 2},
        {11, 15, CELL_LAVA, 1, 5, -1, 1, 50, 2}, {16, 0, CELL_LAVA, 1, 5, 3, 1, 40, 2}};
    static const want_band_t CAVE[] = {{1, 5, CELL_WATER, 1, 3, 0, 1, 40, 22},
                                       {6, 10, CELL_ACID, 1, 3, 0, 1, 40, 42},
                                       {11, 0, CELL_LAVA, 1, 5, 0, 1, 50, 42}};
    const struct {
        const char *name;
        const fluid_table_t *got;
        const want_band_t *want;
        int n;
    } tabs[2] = {{"fluid_bands", &t->fluid, FLUID, 4}, {"cave_fluid_bands", &t->cave, CAVE, 3}};
    for (int i = 0; i < 2; i++) {
        CHECK(tabs[i].got->nbands == tabs[i].n, "%s: %d bands", tabs[i].name, tabs[i].n);
        for (int b = 0; b < tabs[i].n && b < tabs[i].got->nbands; b++) {
            const fluid_band_t *g = &tabs[i].got->band[b];
            const want_band_t *w = &tabs[i].want[b];
            CHECK(g->from == w->from && g->to == w->to && g->fluid == w->fluid &&
                      g->walks.x == w->wx && g->walks.n == w->wn && g->walks.k == w->wk &&
                      g->length.x == w->lx && g->length.n == w->ln && g->length.k == w->lk,
                  "%s[%d] is docs/rules.md's", tabs[i].name, b);
        }
    }
    const river_rules_t *r = &t->river;
    CHECK(r->die_per_difficulty == 2 && r->die_plus == 6, "river roll d(2D+6)");
    CHECK(r->nfluids == 3 && r->below[0] == 17 && r->fluid[0] == CELL_WATER &&
              r->below[1] == 27 && r->fluid[1] == CELL_ACID && r->fluid[2] == CELL_LAVA,
          "river fluid < 17 water, < 27 acid, else lava");
    CHECK(r->horizontal.num * 4 == r->horizontal.den, "horizontal 1/4");
    CHECK(r->horizontal_bridge.num * 6 == r->horizontal_bridge.den * 5, "bridge 5/6");
    CHECK(r->multiple.num * 3 == r->multiple.den, "multiple 1/3");
    CHECK(r->three_of_multiple.num * 4 == r->three_of_multiple.den, "three 1/4");
    /* bands found for every dlevel */
    CHECK(water_band(&t->fluid, 5)->fluid == CELL_WATER && water_band(&t->fluid, 6)->fluid ==
              CELL_ACID && water_band(&t->fluid, 11)->fluid == CELL_LAVA &&
              water_band(&t->fluid, 999)->walks.k == 3,
          "water_band picks the bands at their edges");
}

/* Broken files give one line naming the file and the key. */
static void tables_reject_bad(void)
{
    static const struct {
        const char *json, *needle;
    } BAD[] = {
        {"{", "malformed JSON"},
        {"{\"fluid_bands\": []}", "fluid_bands: expected 1..8 bands"},
        {"{\"fluid_bands\": [{\"from\": 2, \"to\": null, \"fluid\": \"water\", \"walks\": \"d3\","
         " \"length\": \"d4\"}]}",
         "fluid_bands[0]: from is 2, expected 1"},
        {"{\"fluid_bands\": [{\"from\": 1, \"to\": null, \"fluid\": \"mud\", \"walks\": \"d3\","
         " \"length\": \"d4\"}]}",
         "fluid_bands[0].fluid: \"mud\" is not a fluid"},
        {"{\"fluid_bands\": [{\"from\": 1, \"to\": null, \"fluid\": \"lava\", \"walks\": \"d3-2\","
         " \"length\": \"d4\"}]}",
         "fluid_bands[0].walks: \"d3-2\" can roll below 0"},
        {"{\"fluid_bands\": [{\"from\": 1, \"to\": null, \"fluid\": \"lava\", \"walks\": \"3x\","
         " \"length\": \"d4\"}]}",
         "fluid_bands[0].walks: \"3x\" is not dice"},
        {"{\"fluid_bands\": [{\"from\": 1, \"to\": 5, \"fluid\": \"lava\", \"walks\": \"d3\","
         " \"length\": \"d4\"}]}",
         "fluid_bands[0].to: the last band must be open-ended"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        water_tables_t t;
        char err[256];
        bool ok = water_tables_parse(&t, BAD[i].json, strlen(BAD[i].json), "data/water.json",
                                     err, sizeof err);
        CHECK(!ok && strstr(err, BAD[i].needle) && strncmp(err, "data/water.json: ", 17) == 0 &&
                  !strchr(err, '\n'),
              "bad file %zu: got \"%s\", want \"%s\"", i, err, BAD[i].needle);
    }
}

/* ---- walks -------------------------------------------------------------- */

static void walks(void)
{
    /* One step from the middle of a large area: the 9 moves are uniform. */
    long moves[9] = {0};
    double p9[9];
    for (int i = 0; i < 9; i++)
        p9[i] = 1.0 / 9;
    rng_t r;
    rng_stream(&r, 11, 0, RNG_WATER);
    grid_t g;
    int outside = 0, too_many = 0;
    for (int i = 0; i < 450000; i++) {
        grid_clear(&g);
        water_walk(&g, &r, 40, 10, 1, CELL_WATER, &WATER_INTERIOR);
        int n = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if ((dx || dy) && grid_get(&g, 40 + dx, 10 + dy) == CELL_WATER) {
                    moves[(dy + 1) * 3 + dx + 1]++;
                    n++;
                }
        if (n == 0)
            moves[4]++;
    }
    chisq("water_walk: 9 moves uniform (450000 steps)", moves, p9, 9);

    /* Long walks from the corner of a small area stay inside it and paint at
     * most steps + 1 cells; the stopping walk never reaches the border. */
    const area_t small = {4, 2, 74, 18};
    for (int i = 0; i < 20000; i++) {
        grid_clear(&g);
        int steps = 1 + (int)rng_below(&r, 200);
        water_walk(&g, &r, small.x1, small.y2, steps, CELL_LAVA, &small);
        int n = 0;
        for (int y = 1; y <= GRID_H; y++)
            for (int x = 1; x <= GRID_W; x++)
                if (grid_get(&g, x, y) == CELL_LAVA) {
                    n++;
                    outside += x < small.x1 || x > small.x2 || y < small.y1 || y > small.y2;
                }
        too_many += n > steps + 1;
        grid_clear(&g);
        water_walk_stop(&g, &r, 2, 2, steps, CELL_WATER, &WATER_INTERIOR);
        for (int x = 1; x <= GRID_W; x++)
            outside += grid_get(&g, x, 1) != CELL_WALL || grid_get(&g, x, GRID_H) != CELL_WALL;
        for (int y = 1; y <= GRID_H; y++)
            outside += grid_get(&g, 1, y) != CELL_WALL || grid_get(&g, GRID_W, y) != CELL_WALL;
    }
    CHECK(outside == 0, "walks stay inside their area (%d cells outside)", outside);
    CHECK(too_many == 0, "a walk paints at most steps + 1 cells (%d bad)", too_many);
}

/* ---- river rolls ---------------------------------------------------------- */

/* Outcome classes: none, horizontal, vertical x1, x2, x3. */
static void river_rates(level_type_t t, const double want[5])
{
    long got[5] = {0};
    long hbridge = 0, hcount = 0, vbridge_missing = 0, no_draw_bad = 0;
    rng_t r;
    for (int i = 0; i < RIVER_DRAWS; i++) {
        rng_stream(&r, 500 + (uint64_t)t, (uint64_t)i, RNG_WATER);
        layout_ctx_t ctx = fresh(t, 8, DIFF_HMP, &r);
        bool drawn = water_river(&ctx);
        const obs_t *o = &lv.obs;
        if (drawn != (o->river == 1))
            no_draw_bad++;
        if (!o->river) {
            got[0]++;
        } else if (o->river_orient == RIVER_HORIZONTAL) {
            got[1]++;
            hcount++;
            hbridge += o->river_bridge;
        } else {
            got[1 + o->river_count]++;
            vbridge_missing += !o->river_bridge;
        }
    }
    char what[96];
    snprintf(what, sizeof what, "%s: river outcome (%d draws)", level_type_name(t), RIVER_DRAWS);
    chisq(what, got, want, 5);
    CHECK(no_draw_bad == 0, "%s: return value matches obs.river", level_type_name(t));
    CHECK(vbridge_missing == 0, "%s: every vertical river has a bridge", level_type_name(t));
    if (hcount > 1000) {
        long b[2] = {hbridge, hcount - hbridge};
        double pb[2] = {5.0 / 6, 1.0 / 6};
        snprintf(what, sizeof what, "%s: horizontal bridge 5/6 (%ld rivers)", level_type_name(t),
                 hcount);
        chisq(what, b, pb, 2);
    }
}

static void river_rates_all(void)
{
    /* standard: none 1-q; horizontal q/4; vertical q*3/4 * (2/3, 1/3*3/4, 1/3*1/4) */
    static const struct {
        level_type_t t;
        double q;
    } STD[] = {{LT_NORMAL, 1.0 / 2}, {LT_SMALL_ROOMS, 1.0 / 4}, {LT_WAREHOUSE, 1.0 / 6},
               {LT_MAZE, 2.0 / 3}};
    for (size_t i = 0; i < sizeof STD / sizeof STD[0]; i++) {
        double q = STD[i].q, v = q * 3 / 4;
        double want[5] = {1 - q, q / 4, v * 2 / 3, v / 3 * 3 / 4, v / 3 / 4};
        river_rates(STD[i].t, want);
    }
    double q = 1.0 / 3;
    double city[5] = {1 - q, 0, q * 2 / 3, q / 3 * 3 / 4, q / 3 / 4};
    river_rates(LT_CITY, city);
    double caves[5] = {1 - q, q / 3, q * 2 / 3, 0, 0};
    river_rates(LT_CAVES, caves);
    double never[5] = {1, 0, 0, 0, 0};
    river_rates(LT_ARENA, never);
    river_rates(LT_SINGLE, never);

    /* rivers off: no roll at all (the water stream is untouched). */
    rng_t r, before;
    rng_stream(&r, 9, 9, RNG_WATER);
    before = r;
    params.rivers = false;
    layout_ctx_t ctx = fresh(LT_NORMAL, 8, DIFF_HMP, &r);
    bool drawn = water_river(&ctx);
    params.rivers = true;
    CHECK(!drawn && memcmp(&r, &before, sizeof r) == 0 && lv.obs.river == 0,
          "--no-rivers: water_river draws nothing");
}

/* River fluid: dlevel + d(2D+6) < 17 water, < 27 acid, else lava. */
static void river_fluid(void)
{
    static const int CASES[][2] = {{1, 1}, {8, 3}, {10, 3}, {12, 5}, {18, 5}, {20, 1}, {30, 2}};
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        int dl = CASES[c][0], d = CASES[c][1], sides = 2 * d + 6;
        int ways[3] = {0, 0, 0};
        for (int k = 1; k <= sides; k++) {
            int roll = dl + k;
            ways[roll < 17 ? 0 : roll < 27 ? 1 : 2]++;
        }
        double want[3] = {(double)ways[0] / sides, (double)ways[1] / sides,
                          (double)ways[2] / sides};
        long got[3] = {0};
        rng_t r;
        int n = 0;
        for (int i = 0; n < 200000; i++) {
            rng_stream(&r, 77 + c, (uint64_t)i, RNG_WATER);
            layout_ctx_t ctx = fresh(LT_MAZE, dl, d, &r); /* maze: 2/3, the most rivers */
            if (!water_river(&ctx))
                continue;
            got[lv.obs.river_fluid - CELL_WATER]++;
            n++;
        }
        char what[96];
        snprintf(what, sizeof what, "river fluid dlevel %d D %d (200000 rivers)", dl, d);
        chisq(what, got, want, 3);
    }
}

/* ---- river geometry ----------------------------------------------------- */

static bool is_river(cell_t k)
{
    return cell_is_fluid(k) || k == CELL_BRIDGE || k == CELL_EDGE;
}

/* First and last river cell of row y (vertical) or column x (horizontal);
 * false unless the river cells there form one run. */
static bool run_of(const grid_t *g, bool horizontal, int line, int *first, int *last)
{
    int n = horizontal ? GRID_H : GRID_W;
    *first = *last = 0;
    for (int i = 1; i <= n; i++) {
        cell_t k = horizontal ? grid_get(g, line, i) : grid_get(g, i, line);
        if (!is_river(k))
            continue;
        if (*first && *last != i - 1)
            return false;
        if (!*first)
            *first = i;
        *last = i;
    }
    return *first != 0;
}

/* Single rivers (normal's horizontal ones and its one-river verticals; the
 * caves' vertical one): one run per line of constant width; border cells
 * EDGE; bridges two lines wide in the documented range; drift 1/6 (1/3) with
 * both directions equally likely where the clamp does not bite. */
static void river_geometry(level_type_t t, bool want_horizontal)
{
    long drift[3] = {0}; /* stay, -1, +1 */
    int bad_run = 0, bad_width = 0, bad_edge = 0, bad_bridge = 0, bad_range = 0, bad_x = 0;
    int rivers = 0, widths[8] = {0}, xmin = 99, xmax = 0;
    rng_t r;
    for (int i = 0; rivers < GEOM_DRAWS && i < 100 * GEOM_DRAWS; i++) {
        rng_stream(&r, 900 + (uint64_t)t, (uint64_t)i, RNG_WATER);
        layout_ctx_t ctx = fresh(t, 12, DIFF_HMP, &r);
        if (!water_river(&ctx) || lv.obs.river_count != 1 ||
            (lv.obs.river_orient == RIVER_HORIZONTAL) != want_horizontal)
            continue;
        rivers++;
        bool h = want_horizontal;
        int lines = h ? GRID_W : GRID_H;
        int width = -1, prev = -1, bridge_lines = 0, bridge_first = 0;
        for (int line = 1; line <= lines; line++) {
            int a, b;
            if (!run_of(&lv.map, h, line, &a, &b)) {
                bad_run++;
                break;
            }
            if (width < 0)
                width = b - a + 1;
            bad_width += b - a + 1 != width;
            bool on_border = line == 1 || line == lines;
            int bridges = 0;
            for (int j = a; j <= b; j++) {
                cell_t k = h ? grid_get(&lv.map, line, j) : grid_get(&lv.map, j, line);
                bool edge_cell = on_border || j == 1 || j == (h ? GRID_H : GRID_W);
                bad_edge += edge_cell != (k == CELL_EDGE);
                bridges += k == CELL_BRIDGE;
            }
            if (bridges) {
                bad_bridge += bridges != width;
                if (!bridge_lines)
                    bridge_first = line;
                bridge_lines++;
            }
            if (line == 1 && !h) {
                xmin = a < xmin ? a : xmin;
                xmax = a > xmax ? a : xmax;
            }
            /* interior lines stay inside the drift range: rows 4..18 or
             * columns 4..75 */
            if (!on_border && (h ? (a < 4 || b > 18) : (a < 4 || b > 75)))
                bad_range++;
            int lo = 4, hi = (h ? 19 : 76) - width;
            if (prev >= 0 && prev > lo && prev < hi)
                drift[a == prev ? 0 : a < prev ? 1 : 2]++;
            prev = a;
        }
        if (width >= 0 && width < 8)
            widths[width]++;
        if (h) {
            if (lv.obs.river_bridge)
                bad_bridge += bridge_lines != 2 || bridge_first < 9 || bridge_first > 68;
            else
                bad_bridge += bridge_lines != 0;
        } else {
            bad_bridge += bridge_lines != 2 || bridge_first < 4 || bridge_first > 17;
        }
    }
    const char *name = level_type_name(t);
    const char *o = want_horizontal ? "horizontal" : "vertical";
    CHECK(rivers == GEOM_DRAWS, "%s %s: %d rivers drawn", name, o, rivers);
    CHECK(bad_run == 0, "%s %s: one run per line (%d bad)", name, o, bad_run);
    CHECK(bad_width == 0, "%s %s: constant width (%d bad)", name, o, bad_width);
    CHECK(bad_edge == 0, "%s %s: border cells are CELL_EDGE, no others (%d bad)", name, o,
          bad_edge);
    CHECK(bad_bridge == 0, "%s %s: bridges 2 lines, across the river, in range (%d bad)", name, o,
          bad_bridge);
    CHECK(bad_range == 0, "%s %s: drift stays in range (%d bad)", name, o, bad_range);
    /* widths: horizontal d3+1, vertical d3+3 */
    int w0 = want_horizontal ? 2 : 4;
    long wc[3] = {widths[w0], widths[w0 + 1], widths[w0 + 2]};
    double pw[3] = {1.0 / 3, 1.0 / 3, 1.0 / 3};
    char what[96];
    snprintf(what, sizeof what, "%s %s: width d3+%d", name, o, w0 - 1);
    chisq(what, wc, pw, 3);
    CHECK(wc[0] + wc[1] + wc[2] == rivers, "%s %s: no other width", name, o);
    double den = want_horizontal ? 6 : 3;
    /* a drift draw 1/den, then d3-2: each way 1/(3 den), no move otherwise */
    double pd[3] = {1 - 2 / (3 * den), 1 / (3 * den), 1 / (3 * den)};
    snprintf(what, sizeof what, "%s %s: drift 1/%.0f of d3-2", name, o, den);
    chisq(what, drift, pd, 3);
    if (!want_horizontal) {
        /* first column x + 1: standard 18+d40 -> 20..59; caves d16+33 -> 35..50 */
        int lo = t == LT_CAVES ? 35 : 20, hi = t == LT_CAVES ? 50 : 59;
        bad_x = xmin != lo || xmax != hi;
        CHECK(!bad_x, "%s vertical: first column in %d..%d, saw %d..%d", name, lo, hi, xmin, xmax);
    }
}

/* Two and three rivers: border cells EDGE, every river column run bridged. */
static void multi_rivers(void)
{
    int seen[4] = {0}, bad_edge = 0, bad_bridge_rows = 0;
    rng_t r;
    for (int i = 0; i < GEOM_DRAWS; i++) {
        rng_stream(&r, 1234, (uint64_t)i, RNG_WATER);
        layout_ctx_t ctx = fresh(LT_CITY, 12, DIFF_HMP, &r);
        if (!water_river(&ctx))
            continue;
        seen[lv.obs.river_count]++;
        for (int x = 1; x <= GRID_W; x++)
            for (int y = 1; y <= GRID_H; y++) {
                cell_t k = grid_get(&lv.map, x, y);
                if (grid_on_border(x, y))
                    bad_edge += k != CELL_WALL && k != CELL_EDGE;
                else
                    bad_edge += k == CELL_EDGE;
            }
        int rows = 0;
        for (int y = 1; y <= GRID_H; y++)
            for (int x = 1; x <= GRID_W; x++)
                if (grid_get(&lv.map, x, y) == CELL_BRIDGE) {
                    rows++;
                    break;
                }
        /* each river has 2 bridge rows; rivers may share rows */
        bad_bridge_rows += rows < 2 || rows > 2 * lv.obs.river_count;
    }
    CHECK(bad_edge == 0, "city rivers: border wall or EDGE, EDGE only there (%d bad)", bad_edge);
    CHECK(bad_bridge_rows == 0, "city rivers: bridge rows present (%d bad)", bad_bridge_rows);
    CHECK(seen[2] > 0 && seen[3] > 0, "city draws two and three rivers (%d, %d)", seen[2],
          seen[3]);
}

/* ---- fluid passes ----------------------------------------------------------- */

static void fluid_pass_band(int dlevel, cell_t fluid, int wlo, int whi, int lplus, int ldie)
{
    long walks[16] = {0}, length[64] = {0};
    int bad_kind = 0, bad_cells = 0;
    rng_t r;
    for (int i = 0; i < PASS_DRAWS; i++) {
        rng_stream(&r, 3000 + (uint64_t)dlevel, (uint64_t)i, RNG_WATER);
        layout_ctx_t ctx = fresh(LT_NORMAL, dlevel, DIFF_HMP, &r);
        water_fluid_pass(&ctx, &WATER_INTERIOR);
        const obs_t *o = &lv.obs;
        bad_kind += o->fluid_kind != fluid || o->fluid_passes != 1;
        if (o->fluid_walks < 16)
            walks[o->fluid_walks]++;
        if (o->fluid_length < 64)
            length[o->fluid_length]++;
        int cells = 0;
        for (int y = 2; y < GRID_H; y++)
            for (int x = 2; x < GRID_W; x++) {
                cell_t k = grid_get(&lv.map, x, y);
                cells += k == fluid;
                bad_kind += k != fluid && k != CELL_FLOOR;
            }
        /* walks share one length: at most walks * (length + 1) cells */
        bad_cells += cells > o->fluid_walks * (o->fluid_length + 1) ||
                     (o->fluid_walks > 0 && cells == 0);
    }
    CHECK(bad_kind == 0, "dlevel %d: fluid %s only (%d bad)", dlevel, cell_name(fluid), bad_kind);
    CHECK(bad_cells == 0, "dlevel %d: fluid cells within walks x (length + 1) (%d bad)", dlevel,
          bad_cells);
    double pw[16] = {0}, pl[64] = {0};
    for (int w = wlo; w <= whi; w++)
        pw[w] = 1.0 / (whi - wlo + 1);
    for (int l = lplus + 1; l <= lplus + ldie; l++)
        pl[l] = 1.0 / ldie;
    char what[96];
    snprintf(what, sizeof what, "dlevel %d: walks %d..%d uniform (%d passes)", dlevel, wlo, whi,
             PASS_DRAWS);
    chisq(what, walks, pw, 16);
    snprintf(what, sizeof what, "dlevel %d: length d%d+%d", dlevel, ldie, lplus);
    chisq(what, length, pl, 64);
}

static void fluid_passes(void)
{
    fluid_pass_band(1, CELL_WATER, 0, 2, 2, 40);   /* d3-1, d40+2 */
    fluid_pass_band(5, CELL_WATER, 0, 2, 2, 40);
    fluid_pass_band(6, CELL_ACID, 0, 2, 2, 40);
    fluid_pass_band(10, CELL_ACID, 0, 2, 2, 40);
    fluid_pass_band(11, CELL_LAVA, 0, 4, 2, 50);   /* d5-1, d50+2 */
    fluid_pass_band(15, CELL_LAVA, 0, 4, 2, 50);
    fluid_pass_band(16, CELL_LAVA, 4, 8, 2, 40);   /* d5+3, d40+2 */
    fluid_pass_band(60, CELL_LAVA, 4, 8, 2, 40);
}

/* water_standard by type: rivers and fluids never both where the type says
 * so; arena three passes; layout-only draws nothing. */
static void standard_by_type(void)
{
    int both = 0, neither_normal = 0, arena_bad = 0, maze_bad = 0, layout_only_bad = 0;
    rng_t r;
    for (int i = 0; i < 100000; i++) {
        rng_stream(&r, 4000, (uint64_t)i, RNG_WATER);
        layout_ctx_t ctx = fresh(LT_NORMAL, 3, DIFF_HMP, &r);
        water_standard(&ctx);
        both += lv.obs.river && lv.obs.fluid_passes;
        neither_normal += !lv.obs.river && lv.obs.fluid_passes != 1;
        ctx = fresh(LT_ARENA, 3, DIFF_HMP, &r);
        water_standard(&ctx);
        arena_bad += lv.obs.river || lv.obs.fluid_passes != 3;
        ctx = fresh(LT_MAZE, 3, DIFF_HMP, &r);
        water_standard(&ctx);
        maze_bad += lv.obs.fluid_passes != 1; /* maze: fluids always */
        params.layout_only = true;
        rng_t before = r;
        ctx = fresh(LT_NORMAL, 3, DIFF_HMP, &r);
        water_standard(&ctx);
        layout_only_bad += memcmp(&r, &before, sizeof r) != 0 || lv.obs.fluid_passes;
        params.layout_only = false;
    }
    CHECK(both == 0, "normal: never a river and fluids (%d)", both);
    CHECK(neither_normal == 0, "normal: one fluid pass without a river (%d bad)", neither_normal);
    CHECK(arena_bad == 0, "arena: no river, three passes (%d bad)", arena_bad);
    CHECK(maze_bad == 0, "maze: a fluid pass with or without a river (%d bad)",
          maze_bad);
    CHECK(layout_only_bad == 0, "layout-only: water_standard draws nothing (%d bad)",
          layout_only_bad);
}

int main(void)
{
    gen_params_default(&params, test_tables(NULL));
    if (!params.tables)
        return 1;
    tables_match_rules();
    tables_reject_bad();
    walks();
    river_rates_all();
    river_fluid();
    river_geometry(LT_NORMAL, true);
    river_geometry(LT_NORMAL, false);
    river_geometry(LT_CAVES, false);
    multi_rivers();
    fluid_passes();
    standard_by_type();
    return test_summary("water");
}

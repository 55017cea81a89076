/* glay_water.c - the game-0.9.9.7 fluid pass and rivers (docs/rules.md, the
 * game's rivers and fluids).
 *
 * The numbers by dlevel are data/game-0.9.9.7/water.json; the river geometry
 * is the game's and lives here as named constants.  Where this differs from
 * the wiki ruleset's water.c: a fluid walk sets as many cells as its length,
 * its start included (each step clamps, sets, then moves), where the wiki's
 * wording walks that many moves after its start; the river's fluid roll
 * comes first and every die the game rolls is rolled, in the game's order,
 * including the vertical rivers' bridge arguments the game ignores and the
 * second pass over a vertical river's first row; and a vertical river can
 * start from a given cell and be drawn down from it, then up from it (the
 * caves' river).  A river overwrites every cell it crosses; restore_walls
 * then turns its border cells into CELL_EDGE and every other border cell
 * into wall.  All draws come from the stream passed in (the water stream).
 */
#include "glay.h"

#include <assert.h>
#include <string.h>

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* ---- fluid pass [game: generator.lua:559-566, core/generator.lua:198-205] */

/* `steps` times: clamp into a, set the cell, move [game: vluadungen.pas,
 * run_drunkard_walk].  The walk is kept from a's corner, at (u, v) with
 * 0 <= u <= w and 0 <= v <= h: it starts inside, and a move of -1, 0 or +1
 * that leaves the area is clamped straight back, which is the move not
 * made (each clamp one unsigned compare, the next step's clamp made with
 * the move).  The draws come from a local copy of the stream, written back
 * at the end: the map's byte stores could otherwise alias the stream's
 * state and keep it in memory. */
static void fluid_walk(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a)
{
    rng_t rl = *r;
    uint8_t *const corner = &g->c[GRID_IDX(a->x1, a->y1)];
    const unsigned w = (unsigned)(a->x2 - a->x1), h = (unsigned)(a->y2 - a->y1);
    int u = x - a->x1, v = y - a->y1;
    for (int s = steps; s > 0; s--) {
        corner[v * GRID_STRIDE + u] = (uint8_t)k;
        int dx, dy;
        game_random_shift(&rl, &dx, &dy);
        u = (unsigned)(u + dx) <= w ? u + dx : u;
        v = (unsigned)(v + dy) <= h ? v + dy : v;
    }
    *r = rl;
}

void glay_fluids(level_t *lv, rng_t *r, const glay_tables_t *t, const area_t *a)
{
    const glay_water10_t *w = &t->w10;
    /* [game-0.10.10b: bin/data/drl/generator.lua:446-458] (docs/rules.md
     * H25) past deep_fluid's dlevel the band is chosen by its lvl roll and
     * a lava band's fluid is its pick, both drawn first; without the key
     * (game-0.9.9.7) neither is drawn */
    int dlevel = lv->dlevel; /* the band's */
    cell_t deep_lava = CELL_LAVA;
    if (w->deep && dlevel > w->deep_above) {
        dlevel = dice_roll(r, w->deep_lvl);
        deep_lava = w->deep_lava.k[glay_random(r, w->deep_lava.n)];
    }
    int walks, length; /* the count first, then one length for every walk */
    const fluid_band_t *b = water_pass_roll(&t->water.fluid, dlevel, r, &walks, &length);
    cell_t fluid = b->fluid == CELL_LAVA ? deep_lava : b->fluid;
    /* a band's fluid_pick, drawn after the count and length, even for no
     * walks (H25) */
    const glay_pick_t *pick = &w->fluid_pick[b - t->water.fluid.band];
    if (pick->n > 0)
        fluid = pick->k[glay_random(r, pick->n)];
    water_pass_note(&lv->obs, fluid, walks, length);
    for (int i = 0; i < walks; i++) {
        int x, y; /* x first */
        game_random_at(r, a->x1, a->x2 - a->x1 + 1, a->y1, a->y2 - a->y1 + 1, &x, &y);
        fluid_walk(&lv->map, r, x, y, length, fluid, a);
    }
}

/* ---- rivers [game: generator.lua:121-191] ------------------------------ */

#define RIVER_BRIDGE_CELLS 2      /* a bridge is two columns (rows) across */

#define HRIVER_BRIDGE_BASE 8      /* bridge column 8 + d60 */
#define HRIVER_BRIDGE_DIE 60
#define HRIVER_CENTRE 10          /* first row above the river: 10 + d(2w) - w */
#define HRIVER_Y_MIN 3            /* drift keeps that row in 3..MAXY - w - 2 */
#define HRIVER_BOTTOM_MARGIN 2
#define HRIVER_DRIFT_DIE 6        /* a drift with 1d6 = 1 per column */

#define VRIVER_BRIDGE_BASE 3      /* bridge rows 3 + d14 and the next; always */
#define VRIVER_BRIDGE_DIE 14
#define VRIVER_X_MIN 3            /* drift keeps the column before the river in */
#define VRIVER_RIGHT_MARGIN 3     /* 3..MAXX - w - 3 */
#define VRIVER_DRIFT_DIE 3        /* a drift with 1d3 = 1 per row */
#define VRIVER_ONE_X_BASE 18      /* a lone river's x: 18 + d40 */
#define VRIVER_ONE_X_DIE 40

#define RIVER_DRIFT_STEP_DIE 3    /* a drift moves by d3 - 2 */

cell_t glay_river_fluid(rng_t *r, const glay_tables_t *t, int dlevel, int difficulty)
{
    const river_rules_t *rr = &t->water.river;
    int lvl = dlevel + glay_dn(r, rr->die_per_difficulty * difficulty + rr->die_plus);
    for (int i = 0; i < rr->nfluids - 1; i++)
        if (lvl < rr->below[i])
            return rr->fluid[i];
    return rr->fluid[rr->nfluids - 1];
}

void glay_horiz_river(level_t *lv, rng_t *stream, cell_t fluid, int width, bool bridge)
{
    grid_t *g = &lv->map;
    rng_t local = *stream, *r = &local; /* a local copy, as fluid_walk */
    const int b = bridge ? HRIVER_BRIDGE_BASE + glay_dn(r, HRIVER_BRIDGE_DIE) : -GRID_W;
    int y = HRIVER_CENTRE + glay_dn(r, 2 * width) - width;
    const int y_first = y;
    int y_last = y;
    for (int x = 1; x <= GRID_W; x++) {
        y_last = y;
        cell_t k = x >= b && x < b + RIVER_BRIDGE_CELLS ? CELL_BRIDGE : fluid;
        for (int w = 1; w <= width; w++)
            grid_set(g, x, y + w, k);
        if (glay_dn(r, HRIVER_DRIFT_DIE) == 1)
            y = clampi(y + glay_dn(r, RIVER_DRIFT_STEP_DIE) - 2, HRIVER_Y_MIN,
                       GRID_H - width - HRIVER_BOTTOM_MARGIN);
    }
    *stream = local;
    glay_restore_walls(g, true);
    obs_t *o = &lv->obs;
    o->river = 1;
    o->river_fluid = (uint8_t)fluid;
    o->river_orient = RIVER_HORIZONTAL;
    o->river_count = 1;
    o->river_bridge = bridge;
    o->river_width[0] = (uint8_t)width;
    o->game.hriver_drift = (int8_t)(y_last - y_first);
    o->game.bridge_at = (uint8_t)(bridge ? b : 0);
}

/* One row of a vertical river at x (its cells x+1..x+width), then the drift. */
static int vriver_row(grid_t *g, rng_t *r, cell_t fluid, int width, int bridge_y, int x, int y)
{
    cell_t k = y >= bridge_y && y < bridge_y + RIVER_BRIDGE_CELLS ? CELL_BRIDGE : fluid;
    glay_fill_run(&g->c[GRID_IDX(x + 1, y)], width, k);
    if (glay_dn(r, VRIVER_DRIFT_DIE) == 1)
        x = clampi(x + glay_dn(r, RIVER_DRIFT_STEP_DIE) - 2, VRIVER_X_MIN,
                   GRID_W - width - VRIVER_RIGHT_MARGIN);
    return x;
}

void glay_vert_river(level_t *lv, rng_t *stream, cell_t fluid, int width, int x_given,
                     const point_t *through)
{
    grid_t *g = &lv->map;
    rng_t local = *stream, *r = &local; /* a local copy, as fluid_walk */
    obs_t *o = &lv->obs;
    const int bridge_y = VRIVER_BRIDGE_BASE + glay_dn(r, VRIVER_BRIDGE_DIE);
    int x_start, y_start = 1;
    if (through) {
        x_start = clampi(through->x + 1 - glay_dn(r, width), VRIVER_X_MIN,
                         GRID_W - width - VRIVER_RIGHT_MARGIN);
        y_start = through->y;
    } else {
        x_start = x_given > 0 ? x_given : VRIVER_ONE_X_BASE + glay_dn(r, VRIVER_ONE_X_DIE);
    }
    int drawn_at[GRID_H + 1]; /* the x each row was (last) drawn at */
    int x = x_start;
    for (int y = y_start; y <= GRID_H; y++) {
        drawn_at[y] = x;
        x = vriver_row(g, r, fluid, width, bridge_y, x, y);
    }
    x = x_start; /* and up from the start row again (drawn twice) */
    for (int y = y_start; y >= 1; y--) {
        drawn_at[y] = x;
        x = vriver_row(g, r, fluid, width, bridge_y, x, y);
    }
    *stream = local;
    glay_restore_walls(g, true);
    glay_note_vriver(o, fluid, true, x_start, width, drawn_at[GRID_H] - drawn_at[1], bridge_y);
}

void glay_note_vriver(obs_t *o, int fluid, bool bridged, int x, int width, int drift,
                      int bridge_at)
{
    const int i = o->river_orient == RIVER_VERTICAL ? o->river_count : 0;
    assert(i < 3);
    o->river = 1;
    o->river_fluid = (uint8_t)fluid;
    o->river_orient = RIVER_VERTICAL;
    o->river_count = (uint8_t)(i + 1);
    o->river_bridge = (uint8_t)(o->river_bridge || bridged);
    o->river_x[i] = (uint8_t)x;
    o->river_width[i] = (uint8_t)width;
    if (i == 0) {
        o->river_drift = (int8_t)drift;
        o->game.bridge_at = (uint8_t)bridge_at;
    }
}

/* The vertical rivers of one call: width d3 + its plus (the ruleset's
 * constants), the ignored bridge argument 1d(bridge_die) ~= 1, then
 * x = x_base + d(x_die) (glay.h). */
const glay_river_pos_t GLAY_RIVERS_THREE[3] = {{4, 8, 20}, {4, 32, 16}, {4, 50, 20}};
const glay_river_pos_t GLAY_RIVERS_TWO[2] = {{3, 8, 22}, {3, 48, 22}};
#define ONE_BRIDGE_DIE 4          /* a lone river: bridge argument 1d4 ~= 1 (ignored) */

void glay_rivers(level_t *lv, rng_t *r, const glay_tables_t *t, bool allow_horiz,
                 bool allow_more)
{
    const river_rules_t *rr = &t->water.river;
    const cell_t fluid = glay_river_fluid(r, t, lv->dlevel, lv->difficulty);
    if (allow_horiz && rng_chance(r, rr->horizontal.num, rr->horizontal.den)) {
        int width = glay_dn(r, t->k.river_width_die) + t->k.hriver_width_plus;
        bool bridge = rng_chance(r, rr->horizontal_bridge.num, rr->horizontal_bridge.den);
        glay_horiz_river(lv, r, fluid, width, bridge);
        return;
    }
    if (allow_more && rng_chance(r, rr->multiple.num, rr->multiple.den)) {
        bool three = rng_chance(r, rr->three_of_multiple.num, rr->three_of_multiple.den);
        const glay_river_pos_t *set = three ? GLAY_RIVERS_THREE : GLAY_RIVERS_TWO;
        const int n = three ? 3 : 2;
        const int plus = three ? t->k.vriver_three_width_plus : t->k.vriver_two_width_plus;
        for (int i = 0; i < n; i++) {
            int width = glay_dn(r, t->k.river_width_die) + plus;
            (void)glay_dn(r, set[i].bridge_die);
            int x = set[i].x_base + glay_dn(r, set[i].x_die);
            glay_vert_river(lv, r, fluid, width, x, NULL);
        }
        return;
    }
    int width = glay_dn(r, t->k.river_width_die) + t->k.vriver_one_width_plus;
    (void)glay_dn(r, ONE_BRIDGE_DIE);
    glay_vert_river(lv, r, fluid, width, 0, NULL);
}

/* gref_rivers.c - the game's rivers, plainly (docs/rules.md G40-G46;
 * [game: generator.lua:121-191]).
 *
 * One river call draws its fluid first: dlevel + d(2D+6) against the
 * table's rows (G40).  Then, with a d4 of 1, one horizontal river of width
 * d3+1, bridged unless a d6 comes up 1; else, with a d3 of 1, three
 * vertical rivers (a d4 of 1; widths d3+1 at x = 8+d20, 32+d16, 50+d20) or
 * two (widths d3+2 at x = 8+d22, 48+d22), each drawing its width, a bridge
 * die the game ignores (d4, d3) and its x; else one of width d3+3, a d4
 * ignored, and its x = 18+d40 drawn after its bridge rows (G44).
 * A horizontal river: bridge columns 8+d60 and the next when bridged, then
 * y = 10 + d(2w) - w; each column x = 1..78 gets (x, y+1..y+w), then a d6
 * of 1 moves y by d3-2, kept in 3..18-w (G45).  A vertical river: bridge
 * rows 3+d14 and the next, always; each row gets (x+1..x+w, y), then a d3
 * of 1 moves x by d3-2, kept in 3..75-w; drawn from its start row down to
 * row 20, then from the start row (x back at its start) up to row 1 (G46).
 * The caves' river starts at a cell (G20).  Every river ends with
 * restore_walls (G41) and is recorded in the river fields of obs, a
 * vertical one as the level's next.  All draws from the water stream.
 */
#include "gref.h"

cell_t gref_river_fluid(rng_t *r, const water_tables_t *wt, int dlevel, int difficulty)
{
    const river_rules_t *rr = &wt->river;
    int lvl = dlevel + gref_dn(r, rr->die_per_difficulty * difficulty + rr->die_plus);
    for (int i = 0; i < rr->nfluids - 1; i++)
        if (lvl < rr->below[i])
            return rr->fluid[i];
    return rr->fluid[rr->nfluids - 1];
}

void gref_horizontal_river(level_t *lv, rng_t *r, cell_t fluid, int width, bool bridge)
{
    int b = -100; /* no bridge column */
    if (bridge)
        b = 8 + gref_dn(r, 60);
    int y = 10 + gref_dn(r, 2 * width) - width;
    int y_at[GRID_W + 1]; /* the row above the river at each column */
    for (int x = 1; x <= GRID_W; x++) {
        y_at[x] = y;
        for (int i = 1; i <= width; i++)
            grid_set(&lv->map, x, y + i, x == b || x == b + 1 ? CELL_BRIDGE : fluid);
        if (gref_dn(r, 6) == 1)
            y = gref_clamp(y + gref_dn(r, 3) - 2, 3, GRID_H - width - 2);
    }
    gref_restore_walls(&lv->map);
    obs_t *o = &lv->obs;
    o->river = 1;
    o->river_fluid = (uint8_t)fluid;
    o->river_orient = RIVER_HORIZONTAL;
    o->river_count = 1;
    o->river_bridge = bridge;
    o->river_width[0] = (uint8_t)width;
    o->glay_hriver_drift = (int8_t)(y_at[GRID_W] - y_at[1]);
    o->glay_bridge_at = (uint8_t)(bridge ? b : 0);
}

/* One row of a vertical river; returns the x of the next row. */
static int vertical_row(grid_t *g, rng_t *r, cell_t fluid, int width, int b, int x, int y)
{
    for (int i = 1; i <= width; i++)
        grid_set(g, x + i, y, y == b || y == b + 1 ? CELL_BRIDGE : fluid);
    if (gref_dn(r, 3) == 1)
        x = gref_clamp(x + gref_dn(r, 3) - 2, 3, GRID_W - width - 3);
    return x;
}

/* x > 0: the river's x; else through a cell, or, with no cell, a lone river. */
void gref_vertical_river(level_t *lv, rng_t *r, cell_t fluid, int width, int x,
                         const point_t *through)
{
    int b = 3 + gref_dn(r, 14);
    int y_start = 1;
    if (through) {
        x = gref_clamp(through->x + 1 - gref_dn(r, width), 3, GRID_W - width - 3);
        y_start = through->y;
    } else if (x <= 0) {
        x = 18 + gref_dn(r, 40);
    }
    int x_at[GRID_H + 1]; /* the x each row was last drawn at */
    int cx = x;
    for (int y = y_start; y <= GRID_H; y++) {
        x_at[y] = cx;
        cx = vertical_row(&lv->map, r, fluid, width, b, cx, y);
    }
    cx = x;
    for (int y = y_start; y >= 1; y--) {
        x_at[y] = cx;
        cx = vertical_row(&lv->map, r, fluid, width, b, cx, y);
    }
    gref_restore_walls(&lv->map);
    obs_t *o = &lv->obs;
    int i = o->river_orient == RIVER_VERTICAL ? o->river_count : 0;
    o->river = 1;
    o->river_fluid = (uint8_t)fluid;
    o->river_orient = RIVER_VERTICAL;
    o->river_count = (uint8_t)(i + 1);
    o->river_bridge = 1;
    o->river_x[i] = (uint8_t)x;
    o->river_width[i] = (uint8_t)width;
    if (i == 0) {
        o->river_drift = (int8_t)(x_at[GRID_H] - x_at[1]);
        o->glay_bridge_at = (uint8_t)b;
    }
}

/* The rivers of a set: width d3 + the set's plus (the ruleset's constants),
 * the ignored bridge die, x = base + d(die). */
typedef struct river_spec {
    int bridge_die, base, die;
} river_spec_t;

static const river_spec_t THREE[3] = {{4, 8, 20}, {4, 32, 16}, {4, 50, 20}};
static const river_spec_t TWO[2] = {{3, 8, 22}, {3, 48, 22}};

void gref_rivers(level_t *lv, rng_t *r, const glay_tables_t *gt)
{
    const water_tables_t *wt = &gt->water;
    const glay_const_t *k = &gt->k;
    const river_rules_t *rr = &wt->river;
    cell_t fluid = gref_river_fluid(r, wt, lv->dlevel, lv->difficulty);
    if (rng_chance(r, rr->horizontal.num, rr->horizontal.den)) {
        int width = gref_dn(r, k->river_width_die) + k->hriver_width_plus;
        bool bridge = rng_chance(r, rr->horizontal_bridge.num, rr->horizontal_bridge.den);
        gref_horizontal_river(lv, r, fluid, width, bridge);
        return;
    }
    if (rng_chance(r, rr->multiple.num, rr->multiple.den)) {
        bool three = rng_chance(r, rr->three_of_multiple.num, rr->three_of_multiple.den);
        for (int i = 0; i < (three ? 3 : 2); i++) {
            const river_spec_t *s = three ? &THREE[i] : &TWO[i];
            int width = gref_dn(r, k->river_width_die) +
                        (three ? k->vriver_three_width_plus : k->vriver_two_width_plus);
            (void)gref_dn(r, s->bridge_die);
            int x = s->base + gref_dn(r, s->die);
            gref_vertical_river(lv, r, fluid, width, x, NULL);
        }
        return;
    }
    int width = gref_dn(r, k->river_width_die) + k->vriver_one_width_plus;
    (void)gref_dn(r, 4);
    gref_vertical_river(lv, r, fluid, width, 0, NULL);
}

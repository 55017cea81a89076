/* gref_rivers.c - the game's vertical river, plainly, and the river call
 * that reaches it (docs/rules.md G40-G46; [game: generator.lua:121-191]).
 *
 * A vertical river: bridge rows 3+d14 and the next, always; each row gets
 * (x+1..x+w, y), cell by cell, then a d3 of 1 moves x by d3-2, kept in
 * 3..75-w; drawn from its start row down to row 20, then from the start
 * row (x back at its start) up to row 1 (G46); x given, or through a cell
 * (the caves' river, G20), or else 18+d40 drawn after its bridge rows.  It
 * ends with restore_walls (G41, gref_prim.c) and is recorded as the level's
 * next vertical river.  The fast code stores a row as two overlapping words
 * (glay_water.c, put_run): this is the plain form the test holds it to.
 * The river call (G42-G44) is the fast code's order written again only so
 * that its vertical rivers are these; its fluid roll (G40) and horizontal
 * river (G45) are plain in the fast code and are called
 * (glay_river_fluid, glay_horiz_river).  All draws from the water stream.
 */
#include "gref.h"

/* One row of a vertical river; returns the x of the next row. */
static int vertical_row(grid_t *g, rng_t *r, cell_t fluid, int width, int b, int x, int y)
{
    for (int i = 1; i <= width; i++)
        grid_set(g, x + i, y, y == b || y == b + 1 ? CELL_BRIDGE : fluid);
    if (glay_dn(r, 3) == 1)
        x = gref_clamp(x + glay_dn(r, 3) - 2, 3, GRID_W - width - 3);
    return x;
}

/* x > 0: the river's x; else through a cell, or, with no cell, a lone river. */
void gref_vertical_river(level_t *lv, rng_t *r, cell_t fluid, int width, int x,
                         const point_t *through)
{
    int b = 3 + glay_dn(r, 14);
    int y_start = 1;
    if (through) {
        x = gref_clamp(through->x + 1 - glay_dn(r, width), 3, GRID_W - width - 3);
        y_start = through->y;
    } else if (x <= 0) {
        x = 18 + glay_dn(r, 40);
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
        o->game.bridge_at = (uint8_t)b;
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
    const glay_const_t *k = &gt->k;
    const river_rules_t *rr = &gt->water.river;
    cell_t fluid = glay_river_fluid(r, gt, lv->dlevel, lv->difficulty);
    if (rng_chance(r, rr->horizontal.num, rr->horizontal.den)) {
        int width = glay_dn(r, k->river_width_die) + k->hriver_width_plus;
        bool bridge = rng_chance(r, rr->horizontal_bridge.num, rr->horizontal_bridge.den);
        glay_horiz_river(lv, r, fluid, width, bridge);
        return;
    }
    if (rng_chance(r, rr->multiple.num, rr->multiple.den)) {
        bool three = rng_chance(r, rr->three_of_multiple.num, rr->three_of_multiple.den);
        for (int i = 0; i < (three ? 3 : 2); i++) {
            const river_spec_t *s = three ? &THREE[i] : &TWO[i];
            int width = glay_dn(r, k->river_width_die) +
                        (three ? k->vriver_three_width_plus : k->vriver_two_width_plus);
            (void)glay_dn(r, s->bridge_die);
            int x = s->base + glay_dn(r, s->die);
            gref_vertical_river(lv, r, fluid, width, x, NULL);
        }
        return;
    }
    int width = glay_dn(r, k->river_width_die) + k->vriver_one_width_plus;
    (void)glay_dn(r, 4);
    gref_vertical_river(lv, r, fluid, width, 0, NULL);
}

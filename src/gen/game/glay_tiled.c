/* glay_tiled.c - the tiled layout of game-0.10.10b (docs/rules.md H11-H13).
 *
 * [game-0.10.10b: bin/data/core/generator.lua:719-800] Plots A (two or
 * three full-height vertical walls), B (four banded horizontal walls) and
 * C (five mixed walls), each a wall line through a point ending on the next
 * wall or the ring, its point a door (grid_plot_wall: by the parity of the
 * points a line never meets a door, so the game's blockset {wall} and
 * drlsim's {wall, door} draw the same).  Then the door candidates, row by
 * row, and the two lists drawn without replacement.  Then the room list
 * (rooms.c's scan) without the entries whose inside holds a wall (H12).
 * Plain code; every draw from the layout stream, in the game's order.
 */
#include "glay.h"

#include "rooms.h"

/* [game-0.10.10b: generator.lua:743-761] the points: x = mul * d(die) + plus */
typedef struct axis {
    int mul, die, plus;
} axis_t;

static const axis_t A_Y = {2, 8, 2};                       /* even 4..18 */
static const axis_t A_TWO_X[2] = {{2, 11, 4}, {2, 11, 42}}; /* even 6..26, 44..64 */
static const axis_t A_THREE_X[3] = {{2, 7, 4}, {2, 15, 20}, {2, 7, 46}}; /* 6..18, 22..50, 48..60 */
#define A_TWO_DIE 3               /* with a d3 of 1 two verticals, else three */
#define B_WALLS 4                 /* four horizontals, x = 2*d6 + 20(i-1) + 3, */
static const axis_t B_X = {2, 6, 3};
#define B_X_STEP 20
static const axis_t B_Y = {4, 4, 1};                       /* y in 5, 9, 13, 17 */
#define C_WALLS 5                 /* five times a d3: */
#define C_DIE 3
#define C_HORIZONTAL_ON 3         /* 3 a horizontal, else a vertical */
static const axis_t C_H_X = {2, 37, 1}, C_H_Y = {2, 8, 1}; /* odd 3..75, odd 3..17 */
static const axis_t C_V_X = {2, 37, 2}, C_V_Y = {2, 6, 2}; /* even 4..76, even 4..14 */
/* [game-0.10.10b: generator.lua:763-797] the doors */
#define CAND_X1 2                 /* candidates in (2,2)-(77,19) */
#define CAND_Y1 2
#define CAND_X2 (GRID_W - 1)
#define CAND_Y2 (GRID_H - 1)
#define CAND_AT_ONCE_ABOVE 4      /* more than 4 walls around: a door at once */
#define CAND_PRIORITY_WALLS 4     /* exactly 4: the priority list, else normal */
#define PRIORITY_DOORS 8          /* 8 removals from the priority list, */
#define NORMAL_DOORS 4            /* then 4 from the normal list */
#define CAND_MAX (GRID_W * GRID_H)

static int roll(rng_t *r, axis_t a)
{
    return a.mul * glay_dn(r, a.die) + a.plus;
}

/* A point, x drawn first, and its plot. */
static void plot(grid_t *g, rng_t *r, axis_t ax, axis_t ay, bool horizontal)
{
    const int x = roll(r, ax), y = roll(r, ay);
    grid_plot_wall(g, x, y, horizontal);
}

static bool door_around(const grid_t *g, int x, int y)
{
    return grid_neighbour_is(g, x, y, CELL_DOOR);
}

/* The game's table.random_remove: one draw even from an empty list. */
static bool random_remove(rng_t *r, uint16_t *list, int *n, int *at)
{
    const int i = glay_random(r, *n > 0 ? *n : 0);
    if (*n == 0)
        return false;
    *at = list[i];
    list[i] = list[--*n]; /* the order left does not matter: each removal
                           * is uniform over what is left */
    return true;
}

/* [decision] The list's order after a removal: the game shifts the later
 * entries down; drlsim moves the last entry into the gap.  Either way the
 * next removal is uniform over the entries left, so the doors drawn have
 * the same distribution (not the same draws). */
static void doors(grid_t *g, rng_t *r)
{
    uint16_t prio[CAND_MAX], norm[CAND_MAX];
    int np = 0, nn = 0;
    /* The candidates' neighbours all lie on the map (x 2..77, y 2..19), so
     * each test reads its eight cells by index: the same tests as
     * door_around, glay_cross_around and glay_around, which cost a bounds
     * test and a set lookup a neighbour on the ~300 wall cells of a level. */
    uint8_t *c = g->c;
    const int S = GRID_STRIDE;
    /* The wall cells, row by row from bit rows; a cell made a door at once
     * is the one under test, so the rows read before stay exact. */
    bitrow_t wall[GRID_H + 2];
    grid_mask_rows(g, CELLSET(CELL_WALL), wall);
    const bitrow_t span = (BITROW_BIT(CAND_X2 + 1) - 1) & ~(BITROW_BIT(CAND_X1) - 1);
    for (int y = CAND_Y1; y <= CAND_Y2; y++)
        for (bitrow_t left = wall[y] & span; left; left &= left - 1) {
            const int x = bitrow_ctz(left);
            const int i = GRID_IDX(x, y);
            const uint8_t n = c[i - S], so = c[i + S], w = c[i - 1], e = c[i + 1];
            const uint8_t nw = c[i - S - 1], ne = c[i - S + 1], sw = c[i + S - 1],
                          se = c[i + S + 1];
            if (n == CELL_DOOR || so == CELL_DOOR || w == CELL_DOOR || e == CELL_DOOR ||
                nw == CELL_DOOR || ne == CELL_DOOR || sw == CELL_DOOR || se == CELL_DOOR)
                continue;
            const int cross_walls =
                (n == CELL_WALL) + (so == CELL_WALL) + (w == CELL_WALL) + (e == CELL_WALL);
            const int cross_floors =
                (n == CELL_FLOOR) + (so == CELL_FLOOR) + (w == CELL_FLOOR) + (e == CELL_FLOOR);
            if (cross_walls != 2 || cross_floors != 2)
                continue;
            const int walls = cross_walls + (nw == CELL_WALL) + (ne == CELL_WALL) +
                              (sw == CELL_WALL) + (se == CELL_WALL);
            if (walls > CAND_AT_ONCE_ABOVE)
                c[i] = CELL_DOOR;
            else if (walls == CAND_PRIORITY_WALLS)
                prio[np++] = (uint16_t)i;
            else
                norm[nn++] = (uint16_t)i;
        }
    for (int pass = 0; pass < 2; pass++) {
        uint16_t *list = pass ? norm : prio;
        int *n = pass ? &nn : &np;
        for (int i = 0; i < (pass ? NORMAL_DOORS : PRIORITY_DOORS); i++) {
            int at;
            if (random_remove(r, list, n, &at) &&
                !door_around(g, at % GRID_STRIDE, at / GRID_STRIDE))
                g->c[at] = CELL_DOOR;
        }
    }
}

/* [game-0.10.10b: generator.lua:430-433] drop an entry whose inside (the
 * rectangle shrunk by one) holds a wall-set cell; [decision:
 * GLAY10_ROOM_FILTER] applied and counted, though a tiled map (every face a
 * rectangle) never gives one. */
static void filter_rooms(level_t *lv)
{
    bitrow_t walls[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET(CELL_WALL) | CELLSET(CELL_BOX), walls);
    int kept = 0;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *m = &lv->rooms[i];
        /* the inside's columns m->x+1 .. m->x+m->w-2, rows likewise */
        const bitrow_t cols = m->w > 2 ? (BITROW_BIT(m->x + m->w - 1) - 1) &
                                             ~(BITROW_BIT(m->x + 1) - 1)
                                       : 0;
        bool inside = false;
        for (int y = m->y + 1; y < m->y + m->h - 1 && !inside; y++)
            inside = (walls[y] & cols) != 0;
        if (inside)
            lv->obs.game.rooms_dropped++;
        else
            lv->rooms[kept++] = *m;
    }
    lv->nrooms = kept;
}

void glay10_tiled(layout_ctx_t *ctx, const glay_tables_t *t)
{
    (void)t; /* the layout's numbers are the game's code, none a table */
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout;
    grid_clear(g);
    int plots = 0;
    if (glay_dn(r, A_TWO_DIE) == 1) {
        for (int i = 0; i < 2; i++, plots++)
            plot(g, r, A_TWO_X[i], A_Y, false);
    } else {
        for (int i = 0; i < 3; i++, plots++)
            plot(g, r, A_THREE_X[i], A_Y, false);
    }
    for (int i = 0; i < B_WALLS; i++, plots++) {
        const axis_t bx = {B_X.mul, B_X.die, B_X.plus + B_X_STEP * i};
        plot(g, r, bx, B_Y, true);
    }
    for (int i = 0; i < C_WALLS; i++, plots++) {
        if (glay_dn(r, C_DIE) == C_HORIZONTAL_ON)
            plot(g, r, C_H_X, C_H_Y, true);
        else
            plot(g, r, C_V_X, C_V_Y, false);
    }
    doors(g, r);
    lv->obs.walls = (uint8_t)plots;
    rooms_scan(lv);
    filter_rooms(lv);
    if (ctx->p->layout_only)
        ctx->doors = grid_count(g, CELL_DOOR);
}

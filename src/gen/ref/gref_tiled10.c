/* gref_tiled10.c - the tiled layout of game-0.10.10b, plainly (docs/rules.md
 * H11-H13).
 *
 * The fast layout (glay10_tiled, src/gen/game/glay_tiled.c) finds its door
 * candidates from the wall bit rows with each cell's eight neighbours read by
 * index, and tests each room's inside against a column mask; here the rule
 * as it reads.  The plots A, B and C in order, each point x first, then y:
 * a plot walks both ways from its point turning cells into wall, each walk
 * stopping before a wall or door (the ring is wall), and makes the point a
 * door (a point already on a wall or door only becomes a door).  Then the
 * cells of (2,2)-(77,19), row by row: a wall cell with no door among its 8
 * neighbours and exactly 2 wall and 2 floor cells among its 4 orthogonal ones
 * is a candidate; with more than 4 walls among its 8 neighbours it becomes a
 * door at once, with exactly 4 it joins the priority list, else the normal
 * list.  Then 8 removals from the priority list and 4 from the normal list,
 * each one draw (even from an empty list), the removed cell a door unless a
 * neighbour is one; a removal moves the last entry into the gap (the
 * decision of docs/rules.md H.11).  Then the room scan (ref_rooms.c) and the
 * room filter of H12: an entry whose inside (the rectangle shrunk by one)
 * holds a wall or box cell is dropped and counted.
 */
#include "gref.h"

#define A_TWO_DIE 3 /* with a d3 of 1 two verticals, else three */
#define B_WALLS 4
#define C_WALLS 5
#define C_DIE 3
#define C_HORIZONTAL_ON 3
#define PRIORITY_DOORS 8
#define NORMAL_DOORS 4

/* 2 * d(half) + plus: the even or odd values of the rule's table. */
static int doubled(rng_t *r, int half, int plus)
{
    return 2 * glay_dn(r, half) + plus;
}

static int around(const grid_t *g, int x, int y, cell_t k)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            n += (dx != 0 || dy != 0) && grid_get(g, x + dx, y + dy) == k;
    return n;
}

static int cross(const grid_t *g, int x, int y, cell_t k)
{
    return (grid_get(g, x, y - 1) == k) + (grid_get(g, x, y + 1) == k) +
           (grid_get(g, x - 1, y) == k) + (grid_get(g, x + 1, y) == k);
}

typedef struct list {
    point_t at[GRID_W * GRID_H];
    int n;
} list_t;

static void doors(grid_t *g, rng_t *r)
{
    list_t lists[2] = {{.n = 0}, {.n = 0}}; /* priority, normal */
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++) {
            if (grid_get(g, x, y) != CELL_WALL || around(g, x, y, CELL_DOOR) > 0 ||
                cross(g, x, y, CELL_WALL) != 2 || cross(g, x, y, CELL_FLOOR) != 2)
                continue;
            const int walls = around(g, x, y, CELL_WALL);
            if (walls > 4)
                grid_set(g, x, y, CELL_DOOR);
            else {
                list_t *l = &lists[walls == 4 ? 0 : 1];
                l->at[l->n++] = (point_t){(uint8_t)x, (uint8_t)y};
            }
        }
    for (int k = 0; k < 2; k++) {
        list_t *l = &lists[k];
        for (int t = 0; t < (k == 0 ? PRIORITY_DOORS : NORMAL_DOORS); t++) {
            const int i = glay_random(r, l->n); /* one draw, even from an empty list */
            if (l->n == 0)
                continue;
            const point_t c = l->at[i];
            l->at[i] = l->at[--l->n];
            if (around(g, c.x, c.y, CELL_DOOR) == 0)
                grid_set(g, c.x, c.y, CELL_DOOR);
        }
    }
}

static void filter_rooms(level_t *lv)
{
    int kept = 0;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t m = lv->rooms[i];
        bool inside = false;
        for (int y = m.y + 1; y <= m.y + m.h - 2; y++)
            for (int x = m.x + 1; x <= m.x + m.w - 2; x++)
                inside = inside || grid_get(&lv->map, x, y) == CELL_WALL ||
                         grid_get(&lv->map, x, y) == CELL_BOX;
        if (inside)
            lv->obs.game.rooms_dropped++;
        else
            lv->rooms[kept++] = m;
    }
    lv->nrooms = kept;
}

void gref10_tiled(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout;
    grid_clear(g);
    int plots = 0;
    if (glay_dn(r, A_TWO_DIE) == 1) { /* x 6..26 then 44..64, y 4..18 */
        for (int i = 0; i < 2; i++, plots++) {
            const int x = doubled(r, 11, i == 0 ? 4 : 42);
            ref_plot_wall(g, x, doubled(r, 8, 2), false);
        }
    } else { /* x 6..18, 22..50, 48..60 */
        static const int half[3] = {7, 15, 7}, plus[3] = {4, 20, 46};
        for (int i = 0; i < 3; i++, plots++) {
            const int x = doubled(r, half[i], plus[i]);
            ref_plot_wall(g, x, doubled(r, 8, 2), false);
        }
    }
    for (int i = 0; i < B_WALLS; i++, plots++) { /* x odd 5..15 + 20i, y 5, 9, 13, 17 */
        const int x = doubled(r, 6, 3 + 20 * i);
        ref_plot_wall(g, x, 4 * glay_dn(r, 4) + 1, true);
    }
    for (int i = 0; i < C_WALLS; i++, plots++) {
        if (glay_dn(r, C_DIE) == C_HORIZONTAL_ON) { /* odd 3..75, odd 3..17 */
            const int x = doubled(r, 37, 1);
            ref_plot_wall(g, x, doubled(r, 8, 1), true);
        } else { /* even 4..76, even 4..14 */
            const int x = doubled(r, 37, 2);
            ref_plot_wall(g, x, doubled(r, 6, 2), false);
        }
    }
    doors(g, r);
    lv->obs.walls = (uint8_t)plots;
    ref_rooms_scan(lv);
    filter_rooms(lv);
    if (ctx->p->layout_only)
        ctx->doors = ref_count_doors(g);
}

/* ref_maze.c - the maze layout, plainly (docs/rules.md §3 Maze,
 * docs/layouts-walled.md).
 *
 * Open floor with the wall border; row 19 becomes wall.  A style of
 * data/walled.json is drawn (its tries and segment lengths).  Each try
 * draws a grid point (3*d25+1, 3*d6+1); when it and its 4 orthogonal
 * neighbours are floor, a length from the style's list and one of the 4
 * directions (right, left, down, up) are drawn and a wall segment is laid:
 * while steps remain and the next cell is floor, wall the current cell and
 * step on; then wall the cell where it stopped.  No doors, no rooms.  The
 * type's water is the pipeline's step after it.
 */
#include "ref.h"

#include "layouts/walled.h"

static const int DIR_X[4] = {1, -1, 0, 0}, DIR_Y[4] = {0, 0, 1, -1};

static bool floor_cross(const grid_t *g, int x, int y)
{
    return grid_get(g, x, y) == CELL_FLOOR && grid_get(g, x - 1, y) == CELL_FLOOR &&
           grid_get(g, x + 1, y) == CELL_FLOOR && grid_get(g, x, y - 1) == CELL_FLOOR &&
           grid_get(g, x, y + 1) == CELL_FLOOR;
}

void ref_layout_maze(layout_ctx_t *ctx)
{
    grid_t *g = &ctx->lv->map;
    rng_t *r = ctx->layout;
    const walled_data_t *d = ctx->p->tables->walled;
    if (!d) {
        grid_fill(g, CELL_WALL); /* broken data, reported once by walled_data */
        return;
    }
    grid_clear(g);
    for (int x = 1; x <= GRID_W; x++)
        grid_set(g, x, GRID_H - 1, CELL_WALL);
    int s = (int)rng_below(r, (uint32_t)d->maze_nstyles);
    const maze_style_t *st = &d->maze_style[s];
    obs_t *o = &ctx->lv->obs;
    for (int t = 0; t < st->tries; t++) {
        int x = 3 * rng_d(r, 25) + 1;
        int y = 3 * rng_d(r, 6) + 1;
        if (t == 0) {
            o->maze_first_x = (uint8_t)x;
            o->maze_first_y = (uint8_t)y;
        }
        o->maze_tries++;
        if (!floor_cross(g, x, y))
            continue;
        int len = st->length.v[rng_below(r, (uint32_t)st->length.n)];
        int dir = (int)rng_below(r, 4);
        while (len > 0 && grid_get(g, x + DIR_X[dir], y + DIR_Y[dir]) == CELL_FLOOR) {
            grid_set(g, x, y, CELL_WALL);
            x += DIR_X[dir];
            y += DIR_Y[dir];
            len--;
        }
        grid_set(g, x, y, CELL_WALL);
    }
    ctx->lv->obs.layout_variant = (uint8_t)s;
}

/* maze.c - the maze layout (docs/rules.md §3 Maze).
 *
 * Random wall segments on a 3-cell grid.  On an open floor map, row 19
 * becomes wall; a style is picked uniformly from data/walled.json
 * ((500 tries, length 2), (300, 4/7/10), (100, 4/7/10)).  Each try picks the
 * grid point (3*d25+1, 3*d6+1); when it and its 4 orthogonal neighbours are
 * floor it draws a length from the style's list and one of the 4
 * directions, and lays a wall segment from the point:
 *
 *   while steps remain and the next cell is floor: the current cell becomes
 *   wall, step forward, one step fewer; then the cell where the walk stopped
 *   becomes wall too.
 *
 * [decision, from the game's mechanism] so an unobstructed segment of length
 * L covers L+1 cells (the point and L more), and a segment that meets
 * anything not floor stops on the cell just before it and walls that cell,
 * which "joins" the segment to the obstacle: segments end touching
 * (orthogonally) the wall they ran into, never one cell short of it.
 * No doors, no room list.  Water: river 2/3, fluid pass always.
 */
#include "layouts.h"
#include "walled.h"

#include <string.h>

#include "tables.h"
#include "water.h"

/* [game] the row that becomes wall before the segments (MAXY - 1) */
#define MAZE_WALL_ROW (GRID_H - 1)
/* [game] grid points (3*d25+1, 3*d6+1): step 3 from offset 1, floor(77/3)
 * columns and floor(19/3) rows of points */
#define MAZE_STEP 3
#define MAZE_OFFSET 1
#define MAZE_POINTS_X ((GRID_W - 1) / MAZE_STEP)
#define MAZE_POINTS_Y ((GRID_H - 1) / MAZE_STEP)
/* [game] the 4 directions are equally likely */
#define MAZE_DIRECTIONS 4

static const int MAZE_DIR[MAZE_DIRECTIONS] = {1, -1, GRID_STRIDE, -GRID_STRIDE};

/* Is c floor with floor on its 4 sides?  Floor is 0, so the five bytes OR
 * to 0: cells c-1..c+1 as one 4-byte read (its last byte masked off), the
 * cells above and below as two byte reads, and one branch on the whole
 * test, whose outcome the predictor cannot know, instead of five. */
_Static_assert(CELL_FLOOR == 0, "floor is the zero byte");
static inline bool cross_floor(const grid_t *g, int c)
{
    uint32_t row;
    memcpy(&row, &g->c[c - 1], sizeof row); /* c + 2 is inside the array */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    row >>= 8;
#else
    row &= 0xffffffu;
#endif
    return (row | g->c[c - GRID_STRIDE] | g->c[c + GRID_STRIDE]) == 0;
}

void maze_draw(level_t *lv, rng_t *stream, const walled_data_t *d, maze_info_t *info)
{
    /* a local copy of the stream: the map's byte stores could alias it */
    rng_t rl = *stream, *r = &rl;
    grid_t *g = &lv->map;
    grid_clear(g);
    grid_fill_rect(g, 1, MAZE_WALL_ROW, GRID_W, MAZE_WALL_ROW, CELL_WALL);
    const int s = (int)rng_below(r, (uint32_t)d->maze_nstyles);
    const maze_style_t *st = &d->maze_style[s];
    int segments = 0, t, first_x = 0, first_y = 0;
    for (t = 0; t < st->tries; t++) {
        int x = MAZE_STEP * rng_d(r, MAZE_POINTS_X) + MAZE_OFFSET;
        int y = MAZE_STEP * rng_d(r, MAZE_POINTS_Y) + MAZE_OFFSET;
        if (t == 0) {
            first_x = x;
            first_y = y;
        }
        int c = GRID_IDX(x, y);
        if (!cross_floor(g, c))
            continue;
        int len = st->length.v[rng_below(r, (uint32_t)st->length.n)];
        int step = MAZE_DIR[rng_below(r, MAZE_DIRECTIONS)];
        /* The padding ring is wall, so the walk never leaves the array. */
        while (len > 0 && g->c[c + step] == CELL_FLOOR) {
            g->c[c] = CELL_WALL;
            c += step;
            len--;
        }
        g->c[c] = CELL_WALL;
        segments++;
    }
    *stream = rl;
    if (info) {
        info->style = s;
        info->segments = segments;
        info->tries = t;
        info->first_x = first_x;
        info->first_y = first_y;
    }
}

void layout_maze(layout_ctx_t *ctx)
{
    const walled_data_t *d = ctx->p->tables->walled;
    if (!d) {
        /* Broken data (already reported once): an all-wall map, which the
         * population step counts as FAIL_NO_FLOOR. */
        grid_fill(&ctx->lv->map, CELL_WALL);
        return;
    }
    maze_info_t info;
    maze_draw(ctx->lv, ctx->layout, d, &info);
    obs_t *o = &ctx->lv->obs;
    o->layout_variant = (uint8_t)info.style;
    o->maze_tries = (uint16_t)info.tries;
    o->maze_first_x = (uint8_t)info.first_x;
    o->maze_first_y = (uint8_t)info.first_y;
}

/* ref_small_rooms.c - the small-rooms layout, plainly (docs/rules.md §3 Small
 * rooms, docs/layouts-walled.md).
 *
 * Fill with wall.  Twelve sections of 19x7 cells, four across and three
 * down, section (i, j) at (3 + 18i, 1 + 6j), so neighbours share their wall
 * line; row by row from the top left, each draws one of the twelve
 * sublayouts of data/smallrooms.txt, then a mirror left-right (1/2), then a
 * mirror top-bottom (1/2), and is copied onto the map.  Doors on the outer
 * frame of the sections (x = 3 or 75, y = 1 or 19) become wall; the border
 * ring is wall.  No rooms.  Its water is the pipeline's step after it
 * (ref_water_small_rooms).
 */
#include "ref.h"

#include "layouts/walled.h"

void ref_layout_small_rooms(layout_ctx_t *ctx)
{
    grid_t *g = &ctx->lv->map;
    rng_t *r = ctx->layout;
    const walled_data_t *d = ctx->p->tables->walled;
    ctx->lv->obs.layout_variant = 0;
    grid_fill(g, CELL_WALL);
    if (!d)
        return; /* broken data, reported once by walled_data */
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 4; i++) {
            int block = (int)rng_below(r, 12);
            bool flip_x = rng_chance(r, 1, 2);
            bool flip_y = rng_chance(r, 1, 2);
            ctx->lv->obs.section_pick[4 * j + i] =
                (uint8_t)(block | (flip_x ? OBS_FLIP_X : 0) | (flip_y ? OBS_FLIP_Y : 0));
            for (int dy = 0; dy < 7; dy++)
                for (int dx = 0; dx < 19; dx++) {
                    int row = flip_y ? 6 - dy : dy, col = flip_x ? 18 - dx : dx;
                    grid_set(g, 3 + 18 * i + dx, 1 + 6 * j + dy, (cell_t)d->small[block][row][col]);
                }
            /* observed: wall and door cells strictly inside the section's frame */
            int inner = 0;
            for (int y = 1 + 6 * j + 1; y <= 1 + 6 * j + 5; y++)
                for (int x = 3 + 18 * i + 1; x <= 3 + 18 * i + 17; x++)
                    inner += grid_get(g, x, y) == CELL_WALL || grid_get(g, x, y) == CELL_DOOR;
            ctx->lv->obs.section_walls[4 * j + i] = (uint8_t)inner;
            ctx->lv->obs.sections++; /* observed: the sections drawn */
        }
    for (int y = 1; y <= 19; y++)
        for (int x = 3; x <= 75; x++)
            if ((x == 3 || x == 75 || y == 1 || y == 19) && grid_get(g, x, y) == CELL_DOOR)
                grid_set(g, x, y, CELL_WALL);
    grid_border(g);
    /* observed: the sections, and the doors left outside the frame's inside */
    int outside = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            if (!(x > 3 && x < 75 && y > 1 && y < 19) && grid_get(g, x, y) == CELL_DOOR)
                outside++;
    ctx->lv->obs.frame_doors = (uint8_t)(outside < 255 ? outside : 255);
}

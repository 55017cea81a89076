/* ref_rooms.c - the room list of a walled map, plainly (docs/rules.md §3 Normal
 * step 4, docs/layouts-normal.md).
 *
 * Scan the cells row by row, the last row and column excluded.  A cell
 * starts a room when it is on the left border (x = 1) with a wall or door
 * to its right, on the top border (y = 1, x > 1) with a wall or door below
 * it, or elsewhere has wall or door on its right, below, and on its left or
 * above.  The cell itself may be floor.  The room reaches right to the first
 * wall or door in the row below the start (x = 78 at the latest) and down to
 * the first wall or door in the column right of the start (y = 20 at the
 * latest); sizes include the walls.  A full list stops the scan and counts
 * FAIL_TOO_MANY.
 */
#include "ref.h"

static bool solid(const grid_t *g, int x, int y)
{
    return grid_get(g, x, y) == CELL_WALL || grid_get(g, x, y) == CELL_DOOR;
}

static bool starts_room(const grid_t *g, int x, int y)
{
    if (x == 1)
        return solid(g, 2, y);
    if (y == 1)
        return solid(g, x, 2);
    return solid(g, x + 1, y) && solid(g, x, y + 1) && (solid(g, x - 1, y) || solid(g, x, y - 1));
}

bool ref_rooms_add(level_t *lv, int x, int y, int w, int h)
{
    if (lv->nrooms == LEVEL_MAX_ROOMS) {
        lv->obs.failure = FAIL_TOO_MANY;
        return false;
    }
    lv->rooms[lv->nrooms++] = (room_t){(uint8_t)x, (uint8_t)y, (uint8_t)w, (uint8_t)h};
    return true;
}

void ref_rooms_scan(level_t *lv)
{
    const grid_t *g = &lv->map;
    for (int y = 1; y < GRID_H; y++)
        for (int x = 1; x < GRID_W; x++) {
            if (!starts_room(g, x, y))
                continue;
            int x2 = x + 1, y2 = y + 1;
            while (x2 < GRID_W && !solid(g, x2, y + 1))
                x2++;
            while (y2 < GRID_H && !solid(g, x + 1, y2))
                y2++;
            if (!ref_rooms_add(lv, x, y, x2 - x + 1, y2 - y + 1))
                return;
        }
}

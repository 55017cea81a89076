/* rooms.c - the game's room scan (RULES.md §3 Normal step 4).
 *
 * A cell starts a room when it is a top-left corner: on the left border with
 * solid (wall or door) to its right, on the top border with solid below, or
 * elsewhere with solid on all four sides or on three including right and
 * below.  The cell itself may be floor: a floor cell closed on three sides
 * (the dead end of a one-wide corridor) starts a 2x2 entry, which is how the
 * game's list gets its small entries.  The last column and row start nothing.
 */
#include "rooms.h"

bool rooms_add(level_t *lv, int x, int y, int w, int h)
{
    if (lv->nrooms >= LEVEL_MAX_ROOMS) {
        lv->obs.failure = FAIL_TOO_MANY;
        return false;
    }
    room_t *r = &lv->rooms[lv->nrooms++];
    r->x = (uint8_t)x;
    r->y = (uint8_t)y;
    r->w = (uint8_t)w;
    r->h = (uint8_t)h;
    return true;
}

static inline bool solid_at(const grid_t *g, int x, int y)
{
    return cell_is_solid(grid_get(g, x, y));
}

static bool starts_room(const grid_t *g, int x, int y)
{
    bool right = solid_at(g, x + 1, y);
    if (x == 1)
        return right;
    bool below = solid_at(g, x, y + 1);
    if (y == 1)
        return below;
    if (!right || !below)
        return false;
    return solid_at(g, x - 1, y) || solid_at(g, x, y - 1);
}

void rooms_scan(level_t *lv)
{
    const grid_t *g = &lv->map;
    for (int y = 1; y < GRID_H; y++) {
        for (int x = 1; x < GRID_W; x++) {
            if (!starts_room(g, x, y))
                continue;
            int x2 = x + 1;
            while (x2 < GRID_W && !solid_at(g, x2, y + 1))
                x2++;
            int y2 = y + 1;
            while (y2 < GRID_H && !solid_at(g, x + 1, y2))
                y2++;
            if (!rooms_add(lv, x, y, x2 - x + 1, y2 - y + 1))
                return;
        }
    }
}

void rooms_summarize(level_t *lv)
{
    int ge4 = 0, small = 0;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *r = &lv->rooms[i];
        ge4 += r->w >= ROOM_REAL_MIN_SIDE && r->h >= ROOM_REAL_MIN_SIDE;
        small += r->w == 2 && r->h == 2;
    }
    int doors = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            doors += grid_get(&lv->map, x, y) == CELL_DOOR;
    lv->obs.doors = (uint16_t)doors;
    lv->obs.rooms = (uint16_t)lv->nrooms;
    lv->obs.rooms_ge4 = (uint16_t)ge4;
    lv->obs.rooms_small = (uint16_t)small;
}

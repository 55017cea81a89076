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

/* Bits 2..GRID_W-1: the cells that start rooms by the interior rules. */
#define INNER_COLUMNS (((BITROW_BIT(GRID_W) - 1) >> 2) << 2)

void rooms_scan(level_t *lv)
{
    bitrow_t solid[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET_SOLID, solid);
    rooms_scan_rows(lv, solid);
}

void rooms_scan_rows(level_t *lv, const bitrow_t solid[GRID_H + 2])
{
    for (int y = 1; y < GRID_H; y++) {
        const bitrow_t right = solid[y] >> 1; /* bit x: cell x+1 is solid */
        bitrow_t start;
        if (y == 1)
            start = solid[2] & INNER_COLUMNS;
        else
            start = right & solid[y + 1] & ((solid[y] << 1) | solid[y - 1]) & INNER_COLUMNS;
        if (right & BITROW_BIT(1)) /* the left border rule */
            start |= BITROW_BIT(1);
        if (!start)
            continue;
        /* The rooms' bottoms, all starts of the row at once: walk down the
         * rows with the set of columns x+1 still open, noting where each
         * meets a solid cell (or row GRID_H). */
        uint8_t bottom[GRID_STRIDE];
        bitrow_t open = start << 1;
        for (int y2 = y + 1; open; y2++) {
            bitrow_t hit = y2 < GRID_H ? open & solid[y2] : open;
            open &= ~hit;
            while (hit) {
                bottom[bitrow_ctz(hit)] = (uint8_t)y2;
                hit &= hit - 1;
            }
        }
        while (start) {
            int x = bitrow_ctz(start);
            start &= start - 1;
            int x2 = x + 1 + bitrow_ctz(solid[y + 1] >> (x + 1));
            if (x2 > GRID_W)
                x2 = GRID_W;
            if (!rooms_add(lv, x, y, x2 - x + 1, bottom[x + 1] - y + 1))
                return;
        }
    }
}

void rooms_summarize_list(level_t *lv)
{
    int ge4 = 0, small = 0;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *r = &lv->rooms[i];
        ge4 += r->w >= ROOM_REAL_MIN_SIDE && r->h >= ROOM_REAL_MIN_SIDE;
        small += r->w == 2 && r->h == 2;
    }
    lv->obs.rooms = (uint16_t)lv->nrooms;
    lv->obs.rooms_ge4 = (uint16_t)ge4;
    lv->obs.rooms_small = (uint16_t)small;
}

void rooms_summarize(level_t *lv)
{
    rooms_summarize_list(lv);
    int doors = grid_count(&lv->map, CELL_DOOR);
    lv->obs.doors = (uint16_t)doors;
}

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

/* The starts of rows 1..GRID_H-1. */
static void starts(const bitrow_t solid[GRID_H + 2], bitrow_t start[GRID_H + 1])
{
    for (int y = 1; y < GRID_H; y++) {
        const bitrow_t right = solid[y] >> 1; /* bit x: cell x+1 is solid */
        if (y == 1)
            start[y] = solid[2] & INNER_COLUMNS;
        else
            start[y] = right & solid[y + 1] & ((solid[y] << 1) | solid[y - 1]) & INNER_COLUMNS;
        if (right & BITROW_BIT(1)) /* the left border rule */
            start[y] |= BITROW_BIT(1);
    }
}

/* The right edge of the room starting at (x, y): the first solid cell right
 * of x in the row below (the right border at the latest). */
static inline int room_right(const bitrow_t solid[GRID_H + 2], int x, int y)
{
    const int x2 = x + 1 + bitrow_ctz(solid[y + 1] >> (x + 1));
    return x2 > GRID_W ? GRID_W : x2;
}

void rooms_scan_rows(level_t *lv, const bitrow_t solid[GRID_H + 2])
{
    bitrow_t start[GRID_H + 1];
    starts(solid, start);
    /* The rooms' bottoms, every start at once: one walk down the rows with
     * the set of columns x+1 still open, each noting where it meets a solid
     * cell (or row GRID_H).  A start's own cell x+1 is solid, so a column is
     * never open for two starts at once: the earlier one stops on that row. */
    uint8_t bottom[GRID_H + 1][GRID_STRIDE], owner[GRID_STRIDE];
    bitrow_t open = 0;
    for (int y = 1; y <= GRID_H; y++) {
        bitrow_t hit = y < GRID_H ? open & solid[y] : open;
        open &= ~hit;
        while (hit) {
            const int c = bitrow_ctz(hit);
            hit &= hit - 1;
            bottom[owner[c]][c] = (uint8_t)y;
        }
        if (y == GRID_H)
            break;
        bitrow_t opened = start[y] << 1;
        open |= opened;
        while (opened) {
            owner[bitrow_ctz(opened)] = (uint8_t)y;
            opened &= opened - 1;
        }
    }
    for (int y = 1; y < GRID_H; y++) {
        bitrow_t st = start[y];
        while (st) {
            int x = bitrow_ctz(st);
            st &= st - 1;
            const int x2 = room_right(solid, x, y);
            if (!rooms_add(lv, x, y, x2 - x + 1, bottom[y][x + 1] - y + 1))
                return;
        }
    }
}

void rooms_scan_columns(level_t *lv, const bitrow_t solid[GRID_H + 2],
                        const uint32_t col[GRID_STRIDE])
{
    bitrow_t start[GRID_H + 1];
    starts(solid, start);
    for (int y = 1; y < GRID_H; y++) {
        bitrow_t st = start[y];
        while (st) {
            int x = bitrow_ctz(st);
            st &= st - 1;
            const int x2 = room_right(solid, x, y);
            /* the first solid cell below in column x+1 (row GRID_H at the latest) */
            int y2 = y + 1 + __builtin_ctz((col[x + 1] | UINT32_C(1) << GRID_H) >> (y + 1));
            if (!rooms_add(lv, x, y, x2 - x + 1, y2 - y + 1))
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

/* rooms.c - the game's room scan (docs/rules.md §3 Normal step 4).
 *
 * A cell starts a room when it is a top-left corner: on the left border with
 * solid (wall or door) to its right, on the top border with solid below, or
 * elsewhere with solid on all four sides or on three including right and
 * below.  The cell itself may be floor: a floor cell closed on three sides
 * (the dead end of a one-wide corridor) starts a 2x2 entry, which is how the
 * game's list gets its small entries.  The last column and row start nothing.
 */
#include "rooms.h"

#include <stddef.h>
#include <string.h>


/* rooms_add for the scans, inlined: one store of the four bytes (all four
 * are map coordinates or sizes, below 256: no byte needs masking). */
static inline bool room_push(level_t *lv, int x, int y, int w, int h)
{
    if (lv->nrooms >= LEVEL_MAX_ROOMS) {
        lv->obs.failure = FAIL_TOO_MANY;
        return false;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(sizeof(room_t) == 4 && offsetof(room_t, h) == 3, "x, y, w, h bytes");
    const uint32_t v = (uint32_t)x | (uint32_t)y << 8 | (uint32_t)w << 16 | (uint32_t)h << 24;
    memcpy(&lv->rooms[lv->nrooms++], &v, sizeof v);
#else
    lv->rooms[lv->nrooms++] = (room_t){(uint8_t)x, (uint8_t)y, (uint8_t)w, (uint8_t)h};
#endif
    return true;
}

bool rooms_add(level_t *lv, int x, int y, int w, int h)
{
    return room_push(lv, x, y, w, h);
}

/* Bits 2..GRID_W-1: the cells that start rooms by the interior rules. */
#define INNER_COLUMNS (((BITROW_BIT(GRID_W) - 1) >> 2) << 2)

void rooms_scan(level_t *lv)
{
    bitrow_t solid[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET_SOLID, solid);
    rooms_scan_rows(lv, solid);
}

/* The starts of rows 1..GRID_H-1 as 64-bit words: word 2y is the low half
 * of row y (cells 0..63), word 2y+1 its high half (cells 64..79).  Returns
 * the words that hold a start, bit i for word i, so that the scans visit
 * every start in order (y, then x) in one loop over set bits, whose only
 * unpredictable branch is its end (a loop per row mispredicts at the end of
 * most rows).  Words 0, 1 and 2*GRID_H.. are not written. */
#define START_WORDS ROOMS_START_WORDS
_Static_assert(START_WORDS <= 64 && GRID_STRIDE <= 128, "a row is two words, a bit a word");

static inline uint64_t starts(const bitrow_t solid[GRID_H + 2], uint64_t word[START_WORDS])
{
    uint64_t left = 0;
    for (int y = 1; y < GRID_H; y++) {
        const bitrow_t right = solid[y] >> 1; /* bit x: cell x+1 is solid */
        const bitrow_t inner = y == 1 ? solid[2] : right & solid[y + 1] &
                                                       ((solid[y] << 1) | solid[y - 1]);
        const bitrow_t st = (inner & INNER_COLUMNS) | (right & BITROW_BIT(1)); /* left border */
        word[2 * y] = (uint64_t)st;
        word[2 * y + 1] = (uint64_t)(st >> 64);
        left |= (uint64_t)(word[2 * y] != 0) << (2 * y);
        left |= (uint64_t)(word[2 * y + 1] != 0) << (2 * y + 1);
    }
    return left;
}

/* The right edge of the room starting at (x, y): the first solid cell right
 * of x in the row below (the right border at the latest).  Without a branch
 * (which would mispredict whenever the edge lies in the other half than the
 * last room's): the cells > x of each half, then the low half's first one,
 * or when it has none the high half's (never empty: padding cell GRID_W+1
 * is solid). */
static inline int room_right(const bitrow_t solid[GRID_H + 2], int x, int y)
{
    const uint64_t lo = (uint64_t)solid[y + 1], hi = (uint64_t)(solid[y + 1] >> 64);
    const unsigned s = (unsigned)x + 1;
    const uint64_t from_s = ~UINT64_C(0) << (s & 63); /* cells >= s of s's half */
    const uint64_t s_lo = (uint64_t)(s >> 6) - 1;      /* all ones when s < 64 */
    const uint64_t in_lo = lo & from_s & s_lo;
    const uint64_t in_hi = hi & (from_s | s_lo);
    /* 63 when in_lo is empty, then 64 + the high half's first */
    const int first_lo = __builtin_ctzll(in_lo | UINT64_C(1) << 63);
    const uint64_t past_lo = (uint64_t)(1 + __builtin_ctzll(in_hi));
    const int x2 = first_lo + (int)(-(uint64_t)(in_lo == 0) & past_lo);
    return x2 > GRID_W ? GRID_W : x2;
}

void rooms_scan_rows(level_t *lv, const bitrow_t solid[GRID_H + 2])
{
    uint64_t word[START_WORDS];
    starts(solid, word);
    bitrow_t start[GRID_H + 1];
    for (int y = 1; y < GRID_H; y++)
        start[y] = (bitrow_t)word[2 * y] | (bitrow_t)word[2 * y + 1] << 64;
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
            if (!room_push(lv, x, y, x2 - x + 1, bottom[y][x + 1] - y + 1))
                return;
        }
    }
}

uint64_t rooms_starts(const bitrow_t solid[GRID_H + 2], uint64_t word[START_WORDS])
{
    return starts(solid, word);
}

void rooms_scan_columns(level_t *lv, const bitrow_t solid[GRID_H + 2],
                        const uint32_t col[GRID_STRIDE])
{
    uint64_t word[START_WORDS];
    rooms_scan_starts(lv, solid, col, word, starts(solid, word));
}

/* left: the words with starts not yet visited. */
void rooms_scan_starts(level_t *lv, const bitrow_t solid[GRID_H + 2],
                       const uint32_t col[GRID_STRIDE], uint64_t word[START_WORDS], uint64_t left)
{
    while (left) {
        const int i = __builtin_ctzll(left);
        const uint64_t st = word[i];
        const int y = i >> 1, x = 64 * (i & 1) + __builtin_ctzll(st);
        const uint64_t rest = word[i] = st & (st - 1);
        left &= left - (rest == 0); /* bit i is left's lowest: cleared when the word is done */
        const int x2 = room_right(solid, x, y);
        /* the first solid cell below in column x+1 (row GRID_H at the latest) */
        const int y2 = y + 1 + __builtin_ctz((col[x + 1] | UINT32_C(1) << GRID_H) >> (y + 1));
        if (!room_push(lv, x, y, x2 - x + 1, y2 - y + 1))
            return;
    }
}

void rooms_summarize_list(level_t *lv)
{
    int ge4 = 0, small = 0;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *r = &lv->rooms[i];
        /* & rather than &&: no branch on the room's shape */
        ge4 += (r->w >= ROOM_REAL_MIN_SIDE) & (r->h >= ROOM_REAL_MIN_SIDE);
        small += (r->w == 2) & (r->h == 2);
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

/* city.c - the city layout: open floor, a river, then small buildings.
 *
 * docs/rules.md §3 City.  The river (vertical only, 1/3) comes first so that
 * buildings, which need an all-floor site, never overlap it.  Then 100 tries
 * of a candidate site of w x h cells (w drawn before h); a site that is all
 * floor keeps its outer ring as a floor buffer, gets a wall ring inside that
 * with one door on a non-corner wall cell, and its inside (floor) is marked in
 * bit rows so no later site can overlap it.  Because a site's wall ring is one cell in from its
 * edge, two buildings never touch, not even diagonally.  The buildings (walls
 * included) are the room list; their doors, as the map shows them, go to the
 * observation record for the layout checks.  The fluid pass runs last, over
 * everything.
 */
#include "layouts.h"

#include <pthread.h>
#include <string.h>

/* The helpers of the building tries are inlined into them. */
#ifdef __GNUC__
#define CITY_INLINE static inline __attribute__((always_inline))
#else
#define CITY_INLINE static inline
#endif

#include "rooms.h"
#include "water.h"

#define CITY_TRIES 100   /* [game] building tries */
#define CITY_SITE_W_MIN 7 /* [game] site w = 7..16, drawn first ... */
#define CITY_SITE_W_MAX 16
#define CITY_SITE_H_MIN 6 /* [game] ... then h = 6..12 */
#define CITY_SITE_H_MAX 12
/* [game] The city area (3,3)-(76,18); a site never touches its last column
 * or row (the engine's sub-area draw is one short there), so a site spans
 * x..x+w-1 with CITY_X1 <= x and x+w-1 <= CITY_X2-1 (rows likewise). */
#define CITY_X1 3
#define CITY_Y1 3
#define CITY_X2 76
#define CITY_Y2 18
/* The cells no site may cover: everything but floor (the river), and the
 * inside of each building placed, which stays floor on the map.  A site's
 * rows y..y+h-1 are the union of its first and its last SITE_HALF rows (h
 * is SITE_HALF..2*SITE_HALF), so what is kept is, for each row y, the
 * taken cells of rows y..y+SITE_HALF-1 together (a run), and a site is
 * tested with two of them and one branch: a loop that stopped at the first
 * taken row ended at a different row each try and mispredicted about once a
 * try, and ORing the twelve rows at each of the hundred tries cost more
 * than updating the runs when one of the few buildings is drawn.  A site's
 * rows lie in CITY_Y1..CITY_Y2-1, so only the runs RUN_FIRST..RUN_LAST are
 * ever read, and only they are kept.  Each run is kept as two 64-bit views,
 * bits 0..63 and bits VIEW_SHIFT..VIEW_SHIFT+63, side by side: a site
 * lies inside view 0 when it starts left of VIEW_SHIFT and inside view 1
 * otherwise, so it is tested with one 64-bit shift (a 128-bit shift of the
 * bit row cost more). */
#define SITE_HALF 6
_Static_assert(CITY_SITE_H_MIN >= SITE_HALF && CITY_SITE_H_MAX <= 2 * SITE_HALF,
               "a site's rows are its first and last SITE_HALF rows");
#define RUN_FIRST CITY_Y1
#define RUN_LAST (CITY_Y2 - SITE_HALF)
typedef struct taken {
    uint64_t run[RUN_LAST + 1][2]; /* run[y][v], y >= RUN_FIRST: view v of rows y..y+SITE_HALF-1 */
} taken_t;
#define VIEW_SHIFT 32
_Static_assert(VIEW_SHIFT - 1 + CITY_SITE_W_MAX - 1 < 64 && CITY_X2 - 1 - VIEW_SHIFT < 64,
               "a site lies inside the view its first column picks");

/* The bits of r into run y's views. */
static inline void taken_or(taken_t *t, int y, bitrow_t r)
{
    t->run[y][0] |= (uint64_t)r;
    t->run[y][1] |= (uint64_t)(r >> VIEW_SHIFT);
}

/* The cells of rows (bit rows of the whole map) added to the runs. */
static void taken_add_rows(taken_t *t, const bitrow_t rows[GRID_H + 2])
{
    for (int r = RUN_FIRST; r <= RUN_LAST; r++)
        for (int j = 0; j < SITE_HALF; j++)
            taken_or(t, r, rows[r + j]);
}

CITY_INLINE bool site_is_free(const taken_t *t, int x, int y, int w, int h)
{
    const int v = x >= VIEW_SHIFT;
    const uint64_t any = t->run[y][v] | t->run[y + h - SITE_HALF][v];
    const uint64_t span = (UINT64_C(1) << w) - 1;
    return !((any >> (x - VIEW_SHIFT * v)) & span);
}

/* A uniformly chosen wall cell of the building (bx,by,bw,bh) that is not a
 * corner [wiki]: the top and bottom walls have bw-2 such cells, the left
 * and right walls bh-2. */
CITY_INLINE point_t door_cell(rng_t *r, int bx, int by, int bw, int bh)
{
    int across = bw - 2, down = bh - 2;
    int i = (int)rng_below(r, (uint32_t)(2 * across + 2 * down));
    if (i < across)
        return (point_t){(uint8_t)(bx + 1 + i), (uint8_t)by};
    i -= across;
    if (i < across)
        return (point_t){(uint8_t)(bx + 1 + i), (uint8_t)(by + bh - 1)};
    i -= across;
    if (i < down)
        return (point_t){(uint8_t)bx, (uint8_t)(by + 1 + i)};
    i -= down;
    return (point_t){(uint8_t)(bx + bw - 1), (uint8_t)(by + 1 + i)};
}

/* The wall ring of the building (bx,by,bw,bh), its cells marked taken.
 * Fixed counts, no branch on the size: the wall rows are BW_STORES 4-byte
 * stores at offsets clamped to bw-4 (overlapping, never outside the
 * building), row j of BH_ROWS is the building's row min(j, bh-1) (the last
 * one repeated), and the runs its rows fall in, by-SITE_HALF+1..by+bh-1
 * within the kept ones (at most all of them), are run j of RUN_ROWS from
 * the first, clamped to the last (a run ORed twice is the same), so a
 * building costs no mispredicted loop end. */
#define BW_STORES 4
#define BH_ROWS (CITY_SITE_H_MAX - 2)
#define RUN_ROWS (RUN_LAST - RUN_FIRST + 1)
_Static_assert(CITY_SITE_W_MIN - 2 >= 4 && CITY_SITE_W_MAX - 2 <= 4 * BW_STORES,
               "BW_STORES clamped 4-byte stores cover a wall row");
CITY_INLINE void draw_building(grid_t *g, taken_t *t, int bx, int by, int bw, int bh)
{
    static const uint8_t wall4[4] = {CELL_WALL, CELL_WALL, CELL_WALL, CELL_WALL};
    uint8_t *top = &g->c[GRID_IDX(bx, by)], *bottom = top + (bh - 1) * GRID_STRIDE;
    for (int i = 0; i < BW_STORES; i++) {
        const int o = 4 * i < bw - 4 ? 4 * i : bw - 4;
        memcpy(top + o, wall4, 4);
        memcpy(bottom + o, wall4, 4);
    }
    const bitrow_t inside = (BITROW_BIT(bw) - 1) << bx;
    for (int j = 0; j < BH_ROWS; j++) {
        uint8_t *c = top + (j < bh - 1 ? j : bh - 1) * GRID_STRIDE;
        c[0] = CELL_WALL;
        c[bw - 1] = CELL_WALL;
    }
    const int first = by - (SITE_HALF - 1) > RUN_FIRST ? by - (SITE_HALF - 1) : RUN_FIRST;
    const int last = by + bh - 1 < RUN_LAST ? by + bh - 1 : RUN_LAST;
    for (int j = 0; j < RUN_ROWS; j++)
        taken_or(t, first + j < last ? first + j : last, inside);
}

/* The buildings' doors as the map shows them once the buildings stand, for
 * the layout checks: each building's door cells (on its corners, and on all
 * of its wall ring), and where the first building's door lies when it has
 * exactly one off the corners: its wall (0 top, 1 bottom, 2 left, 3 right)
 * and its cell along that wall (0 next to the top or left corner).  They
 * are noted as the door is placed, not read off the map afterwards: the
 * building's ring has just been drawn all wall, its door is the one door
 * written on this level that can land on it, and nothing else writes those
 * cells before the observation is read: the river was drawn before, a later
 * site never covers an earlier building (its cells are taken, see
 * draw_building), and the fluid pass comes after the census (its own
 * pipeline step).  So the door at (dx,dy) gives the building 1 door cell on
 * its ring when it lies on the ring, else 0 (test_open_layouts recounts
 * them on the map). */
CITY_INLINE void note_door(obs_t *o, bool first, int bx, int by, int bw, int bh, int dx, int dy)
{
    const int right = bx + bw - 1, bottom = by + bh - 1;
    const bool in_box = dx >= bx && dx <= right && dy >= by && dy <= bottom;
    const bool across = dy == by || dy == bottom, down = dx == bx || dx == right;
    const bool on_ring = in_box && (across || down), corner = in_box && across && down;
    o->buildings_by_doors[on_ring]++;
    o->building_corner_doors = (uint8_t)(o->building_corner_doors + corner);
    if (!first || !on_ring || corner)
        return;
    o->first_door_side = (uint8_t)(across ? dy == bottom : 2 + (dx == right));
    o->first_door_at = (uint8_t)(across ? dx - bx - 1 : dy - by - 1);
}

/* Write the door of the building (bx,by,bw,bh) at (dx,dy) and note it when
 * the building made the room list (listed; it is then the list's last), in
 * one call, so that the census sees the cell the map got. */
CITY_INLINE void place_door(level_t *lv, bool listed, int bx, int by, int bw, int bh, int dx,
                            int dy)
{
    grid_set(&lv->map, dx, dy, CELL_DOOR);
    if (listed)
        note_door(&lv->obs, lv->nrooms == 1, bx, by, bw, bh, dx, dy);
}

/* The taken rows of grid_clear's map (its border ring and padding). */
static taken_t cleared_taken;

static void make_cleared(void)
{
    grid_t g;
    grid_clear(&g);
    bitrow_t rows[GRID_H + 2];
    grid_mask_rows(&g, CELLSET(CELL_FLOOR), rows);
    for (int y = 0; y < GRID_H + 2; y++)
        rows[y] = ~rows[y];
    taken_add_rows(&cleared_taken, rows);
}

/* river: the map's non-floor cells after the river (its cells, the
 * border and the padding), or NULL when no river was drawn on the cleared
 * map. */
static void buildings(level_t *lv, rng_t *stream, const bitrow_t *river)
{
    /* a local copy of the stream: the map's byte stores could alias it */
    rng_t rl = *stream, *r = &rl;
    grid_t *g = &lv->map;
    /* Without a river the map is still grid_clear's, whose taken rows are
     * made once; a river's cells are read off the map. */
    static pthread_once_t cleared_once = PTHREAD_ONCE_INIT;
    pthread_once(&cleared_once, make_cleared);
    taken_t taken = cleared_taken;
    if (river)
        taken_add_rows(&taken, river);
    int tries = 0; /* tries made, for the observation record */
    for (int t = 0; t < CITY_TRIES; t++) {
        tries++;
        int w = rng_range(r, CITY_SITE_W_MIN, CITY_SITE_W_MAX);
        int h = rng_range(r, CITY_SITE_H_MIN, CITY_SITE_H_MAX);
        int x = rng_range(r, CITY_X1, CITY_X2 - w);
        int y = rng_range(r, CITY_Y1, CITY_Y2 - h);
        if (!site_is_free(&taken, x, y, w, h))
            continue;
        /* The site's outer ring stays floor: the buffer. */
        int bx = x + 1, by = y + 1, bw = w - 2, bh = h - 2;
        draw_building(g, &taken, bx, by, bw, bh);
        point_t d = door_cell(r, bx, by, bw, bh);
        const bool listed = rooms_add(lv, bx, by, bw, bh);
        place_door(lv, listed, bx, by, bw, bh, d.x, d.y);
        if (!listed)
            break;
    }
    *stream = rl;
    lv->obs.city_tries = (uint8_t)tries;
}

/* The river cells that lie in the buildings: as the map showed them before
 * the buildings (river, see buildings), inside each building's walls, since
 * a building draws only its wall ring and its door (over any river cells
 * there) and no building is drawn over another (test_open_layouts recounts
 * them on the map). */
static void observe_building_river(level_t *lv, const bitrow_t *river)
{
    obs_t *o = &lv->obs;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *b = &lv->rooms[i];
        if (b->w <= 2)
            continue;
        const bitrow_t inside = (BITROW_BIT(b->w - 2) - 1) << (b->x + 1);
        for (int y = b->y + 1; y < b->y + b->h - 1; y++)
            o->building_river = (uint16_t)(o->building_river + bitrow_popcount(river[y] & inside));
    }
}

void layout_city(layout_ctx_t *ctx)
{
    layout_city_with(ctx, water_river);
}

void layout_city_with(layout_ctx_t *ctx, bool (*river_fn)(layout_ctx_t *ctx))
{
    grid_clear(&ctx->lv->map);
    /* [wiki] before the buildings, vertical only (the type's river style) */
    bitrow_t rows[GRID_H + 2];
    const bitrow_t *river = NULL;
    if (river_fn(ctx)) {
        grid_mask_rows(&ctx->lv->map, CELLSET(CELL_FLOOR), rows);
        for (int y = 0; y < GRID_H + 2; y++)
            rows[y] = ~rows[y];
        river = rows;
    }
    buildings(ctx->lv, ctx->layout, river);
    if (river)
        observe_building_river(ctx->lv, river);
    /* its fluid passes: the pipeline's water step (water_city) */
}

/* census_layout.c - the final map's layout census (census_layout.h).
 *
 * Arena: interior wall cells outside the centre box (the keepout rectangle)
 * and the walls of the 9x7 box around the start, with whether they are
 * mirror-symmetric about the start; city: wall cells neither on the outer
 * ring nor on a building's wall ring; small rooms: floor cells on the 4x3
 * grid's wall lines; warehouse: which rooms hold box or wall cells inside
 * their walls; single monster: monsters of kinds the outcome does not name.
 * Each type reads the bit rows of the kinds it counts (grid_mask_rows, one
 * pass over the map each) and counts with masks and popcounts; the plain
 * statement, cell by cell, is src/gen/ref/ref_observe.c.
 */
#include "census_layout.h"

/* The bits of columns x1..x2 (x1 <= x2 + 1, x2 < 127). */
static inline bitrow_t columns(int x1, int x2)
{
    return (BITROW_BIT(x2 + 1) - 1) & ~(BITROW_BIT(x1) - 1);
}

/* The stray walls' cells: x 2..77 of rows 2..19. */
#define STRAY_COLUMNS columns(2, GRID_W - 1)

/* A row of the centre box (bit i the cell cx - hx + i) mirrored across the
 * start's column: bit i becomes bit CENSUS_CENTRE_W - 1 - i. */
static inline unsigned mirror9(unsigned v)
{
    unsigned m = 0;
    for (int i = 0; i < CENSUS_CENTRE_W; i++)
        m |= (v >> i & 1u) << (CENSUS_CENTRE_W - 1 - i);
    return m;
}

static void arena(level_t *lv)
{
    bitrow_t wall[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET(CELL_WALL), wall);
    const rect_t *k = &lv->keepout;
    /* the kept-free box, when there is one, is left out of its rows */
    const bitrow_t box = k->x1 ? columns(k->x1, k->x2) : 0;
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++) {
        const bool in_box = y >= k->y1 && y <= k->y2;
        stray += bitrow_popcount(wall[y] & STRAY_COLUMNS & ~(in_box ? box : 0));
    }
    lv->obs.stray_walls = (uint16_t)stray;
    const int cx = lv->start.x, cy = lv->start.y, hx = CENSUS_CENTRE_W / 2, hy = CENSUS_CENTRE_H / 2;
    if (cx - hx < 1 || cx + hx > GRID_W || cy - hy < 1 || cy + hy > GRID_H)
        return;
    /* each row of the box as 9 bits; a wall cell's mirror images across the
     * start's column (the row reversed) and row (the row -dy) are wall */
    const unsigned row_bits = (1u << CENSUS_CENTRE_W) - 1;
    int walls = 0;
    bool asym = false;
    for (int dy = -hy; dy <= hy; dy++) {
        const unsigned row = (unsigned)(wall[cy + dy] >> (cx - hx)) & row_bits;
        const unsigned across = (unsigned)(wall[cy - dy] >> (cx - hx)) & row_bits;
        walls += bitrow_popcount(row);
        asym |= (row & ~(mirror9(row) & across)) != 0;
    }
    lv->obs.centre_walls = (uint8_t)(walls | (asym ? OBS_ASYMMETRIC : 0));
}

static void city(level_t *lv)
{
    /* the buildings' wall rings as bit rows */
    bitrow_t ring[GRID_H + 2] = {0};
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *b = &lv->rooms[i];
        const int x2 = b->x + b->w - 1, y2 = b->y + b->h - 1;
        if (x2 >= GRID_STRIDE || y2 >= GRID_H + 2 || b->w < 1 || b->h < 1)
            continue;
        const bitrow_t sides = BITROW_BIT(b->x) | BITROW_BIT(x2);
        ring[b->y] |= columns(b->x, x2);
        ring[y2] |= columns(b->x, x2);
        for (int y = b->y + 1; y < y2; y++)
            ring[y] |= sides;
    }
    bitrow_t wall[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET(CELL_WALL), wall);
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        stray += bitrow_popcount(wall[y] & STRAY_COLUMNS & ~ring[y]);
    lv->obs.stray_walls = (uint16_t)stray;
}

static void small_rooms(level_t *lv)
{
    const int x2 = CENSUS_LINE_X0 + (CENSUS_LINES_X - 1) * CENSUS_PITCH_X;
    const int y2 = CENSUS_LINE_Y0 + (CENSUS_LINES_Y - 1) * CENSUS_PITCH_Y;
    bitrow_t across = 0; /* the vertical lines' cells of a row */
    for (int i = 0; i < CENSUS_LINES_X; i++)
        across |= BITROW_BIT(CENSUS_LINE_X0 + i * CENSUS_PITCH_X);
    const bitrow_t along = columns(CENSUS_LINE_X0, x2); /* a horizontal line's */
    bitrow_t floor[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET(CELL_FLOOR), floor);
    /* A horizontal line's row is popcounted; between them, the vertical
     * lines' cells of each row are added as integers, so that each line's
     * count builds up in the bits from its column on: the lines are
     * CENSUS_PITCH_X bits apart and a count stays below 32, so no count
     * carries into the next. */
    _Static_assert(GRID_H < 32 && CENSUS_PITCH_X >= 5, "a line's count in its own 5 bits");
    int gaps = 0;
    bitrow_t sums = 0;
    for (int y = CENSUS_LINE_Y0; y <= y2; y++) {
        if ((y - CENSUS_LINE_Y0) % CENSUS_PITCH_Y == 0)
            gaps += bitrow_popcount(floor[y] & along);
        else
            sums += floor[y] & across;
    }
    for (int i = 0; i < CENSUS_LINES_X; i++)
        gaps += (int)(sums >> (CENSUS_LINE_X0 + i * CENSUS_PITCH_X) & 31);
    lv->obs.line_gaps = (uint8_t)(gaps < UINT8_MAX ? gaps : UINT8_MAX);
}

static void warehouse(level_t *lv)
{
    bitrow_t box[GRID_H + 2], wall[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET(CELL_BOX), box);
    grid_mask_rows(&lv->map, CELLSET(CELL_WALL), wall);
    unsigned blocks = 0;
    for (int i = 0; i < lv->nrooms && i < OBS_WH_ROOMS; i++) {
        const room_t *r = &lv->rooms[i];
        if (r->w < 3 || r->h < 3)
            continue;
        const bitrow_t inside = columns(r->x + 1, r->x + r->w - 2);
        bitrow_t b = 0, w = 0;
        for (int y = r->y + 1; y <= r->y + r->h - 2; y++) {
            b |= box[y];
            w |= wall[y];
        }
        const unsigned seen = (b & inside ? OBS_BLOCK_BOX : 0u) | (w & inside ? OBS_BLOCK_WALL : 0u);
        blocks |= seen << (2 * i);
    }
    lv->obs.wh_blocks = (uint8_t)blocks;
}

static void single(level_t *lv, const pop_tables_t *t)
{
    const int oc = lv->obs.roll.single_outcome;
    if (!t || oc < 0 || oc >= t->single.noutcomes)
        return;
    uint64_t named = 0;
    const pop_outcome_t *o = &t->single.outcome[oc];
    for (int p = 0; p < o->nparts; p++)
        for (int k = 0; k < o->part[p].nmix; k++)
            named |= UINT64_C(1) << (o->part[p].mix[k] & 63);
    int foreign = 0;
    for (int i = 0; i < lv->nmonsters; i++)
        foreign += !(named >> (lv->monster[i].kind & 63) & 1);
    lv->obs.foreign_monsters = (uint16_t)foreign;
}

void census_layout(level_t *lv, const pop_tables_t *t)
{
    switch (lv->type) {
    case LT_ARENA: arena(lv); break;
    case LT_CITY: city(lv); break;
    case LT_SMALL_ROOMS: small_rooms(lv); break;
    case LT_WAREHOUSE: warehouse(lv); break;
    case LT_SINGLE: single(lv, t); break;
    default: break;
    }
}

/* census_layout.c - the final map's layout census (census_layout.h).
 *
 * Arena: interior wall cells outside the centre box (the keepout rectangle)
 * and the walls of the 9x7 box around the start, with whether they are
 * mirror-symmetric about the start; city: wall cells neither on the outer
 * ring nor on a building's wall ring; small rooms: floor cells on the 4x3
 * grid's wall lines; warehouse: which rooms hold box or wall cells inside
 * their walls; single monster: monsters of kinds the outcome does not name.
 * Each type reads only its own cells, once per level.
 */
#include "census_layout.h"

#include <string.h>

static inline bool in_rect(const rect_t *r, int x, int y)
{
    return r->x1 && x >= r->x1 && x <= r->x2 && y >= r->y1 && y <= r->y2;
}

static void arena(level_t *lv)
{
    const grid_t *g = &lv->map;
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++)
            stray += g->c[GRID_IDX(x, y)] == CELL_WALL && !in_rect(&lv->keepout, x, y);
    lv->obs.stray_walls = (uint16_t)stray;
    const int cx = lv->start.x, cy = lv->start.y, hx = CENSUS_CENTRE_W / 2, hy = CENSUS_CENTRE_H / 2;
    if (cx - hx < 1 || cx + hx > GRID_W || cy - hy < 1 || cy + hy > GRID_H)
        return;
    int walls = 0;
    bool asym = false;
    for (int dy = -hy; dy <= hy; dy++)
        for (int dx = -hx; dx <= hx; dx++) {
            if (g->c[GRID_IDX(cx + dx, cy + dy)] != CELL_WALL)
                continue;
            walls++;
            asym |= g->c[GRID_IDX(cx - dx, cy + dy)] != CELL_WALL ||
                    g->c[GRID_IDX(cx + dx, cy - dy)] != CELL_WALL;
        }
    lv->obs.centre_walls = (uint8_t)(walls | (asym ? OBS_ASYMMETRIC : 0));
}

static void city(level_t *lv)
{
    /* the buildings' wall rings, one bit per cell */
    static const uint8_t zero[GRID_H + 2][GRID_STRIDE];
    uint8_t ring[GRID_H + 2][GRID_STRIDE];
    memcpy(ring, zero, sizeof ring);
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *b = &lv->rooms[i];
        const int x2 = b->x + b->w - 1, y2 = b->y + b->h - 1;
        if (x2 >= GRID_STRIDE || y2 >= GRID_H + 2)
            continue;
        memset(&ring[b->y][b->x], 1, b->w);
        memset(&ring[y2][b->x], 1, b->w);
        for (int y = b->y; y <= y2; y++)
            ring[y][b->x] = ring[y][x2] = 1;
    }
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++)
            stray += lv->map.c[GRID_IDX(x, y)] == CELL_WALL && !ring[y][x];
    lv->obs.stray_walls = (uint16_t)stray;
}

static void small_rooms(level_t *lv)
{
    const grid_t *g = &lv->map;
    const int x2 = CENSUS_LINE_X0 + (CENSUS_LINES_X - 1) * CENSUS_PITCH_X;
    const int y2 = CENSUS_LINE_Y0 + (CENSUS_LINES_Y - 1) * CENSUS_PITCH_Y;
    int gaps = 0;
    for (int y = CENSUS_LINE_Y0; y <= y2; y++)
        for (int x = CENSUS_LINE_X0; x <= x2; x++) {
            const bool line = (x - CENSUS_LINE_X0) % CENSUS_PITCH_X == 0 ||
                              (y - CENSUS_LINE_Y0) % CENSUS_PITCH_Y == 0;
            gaps += line && g->c[GRID_IDX(x, y)] == CELL_FLOOR;
        }
    lv->obs.line_gaps = (uint8_t)(gaps < UINT8_MAX ? gaps : UINT8_MAX);
}

static void warehouse(level_t *lv)
{
    unsigned blocks = 0;
    for (int i = 0; i < lv->nrooms && i < OBS_WH_ROOMS; i++) {
        const room_t *r = &lv->rooms[i];
        unsigned seen = 0;
        for (int y = r->y + 1; y <= r->y + r->h - 2; y++)
            for (int x = r->x + 1; x <= r->x + r->w - 2; x++) {
                const uint8_t c = lv->map.c[GRID_IDX(x, y)];
                seen |= c == CELL_BOX ? OBS_BLOCK_BOX : c == CELL_WALL ? OBS_BLOCK_WALL : 0u;
            }
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

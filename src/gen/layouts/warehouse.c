/* warehouse.c - the warehouse layout (docs/rules.md §3 Warehouse).
 *
 * An open floor map split by k full-height vertical dividers, k picked from
 * data/walled.json (1, 2, 2, 2, 2, 3: 2 to 4 rooms, three most often).
 * Divider i of k stands at x = floor(78/(k+1))*i + d16 - 8 and is plotted
 * through (x, d12+4), which becomes its door.  Then each room, left to
 * right, draws its box size, its number of tries, and whether it gets solid
 * wall blocks instead of boxes (an independent 1/3 per room); each try picks
 * a (size+2)-square inside the room's interior, never on its last column or
 * row, and when the whole square is floor fills its inner size x size with
 * boxes (or wall), so every block keeps a floor ring and no two blocks, and
 * no block and wall, ever touch.  The rooms (walls included) are the room
 * list, so the room count is observable; obs.layout_variant holds it too.
 * Water: the type's usual roll (river 1/6, fluids only without a river).
 */
#include "layouts.h"
#include "walled.h"

#include <assert.h>
#include <string.h>

#include "rooms.h"
#include "tables.h"
#include "water.h"

/* [game] divider i of k: x = floor(GRID_W/(k+1))*i + d16 - 8 */
#define WAREHOUSE_X_JITTER_DIE 16
#define WAREHOUSE_X_JITTER_SHIFT 8
/* [game] the divider's door: y = d12 + 4 (5..16) */
#define WAREHOUSE_DOOR_DIE 12
#define WAREHOUSE_DOOR_BASE 4
/* [game] a room's interior, where its blocks go: between its dividers, rows 2..19 */
#define WAREHOUSE_TOP 2
#define WAREHOUSE_BOTTOM (GRID_H - 1)
/* [game] the placement square is the block plus a one-cell floor ring */
#define WAREHOUSE_RING 1

static int pick(rng_t *r, const walled_pick_t *p)
{
    return p->v[rng_below(r, (uint32_t)p->n)];
}

/* n cells of kind k from c: blocks are 2..4 wide, so two overlapping 2-byte
 * stores do it without a call to memset. */
static inline void fill_cells(uint8_t *c, int n, cell_t k)
{
    if (n >= 2 && n <= 4) {
        const uint16_t two = (uint16_t)(k * 0x0101u);
        memcpy(c, &two, 2);
        memcpy(c + n - 2, &two, 2);
    } else {
        memset(c, (int)k, (size_t)n);
    }
}

/* Tries at (size+2)-squares inside x1..x2, y1..y2 (the room's interior).
 * [game] the square's top-left is uniform on x1..x2-dim, y1..y2-dim: the
 * engine's sub-area draw is one short, so a square never reaches the
 * interior's last column or row (as in city).  [decision] when the interior
 * is too narrow for any square the try draws nothing: such a square would
 * overlap the room's walls and could never be all floor.
 * The interior is all floor but for the room's own blocks (its walls and
 * the other rooms' blocks lie outside it), so the blocks are kept as 64-bit
 * rows relative to x1 (a room's interior fits one word: with one divider or
 * more no room is wider than half the map plus the jitter): win[WIN_PAD+y]
 * is the OR of the dim rows from y down, so a square is tested with one
 * shift.  A block changes the 2*size+1 windows from its top row - dim + 1 to
 * its bottom row, a count fixed per room: windows above y1 (in the padding)
 * or below y2 - dim are never read, so they are updated unclipped.  The
 * draws come from a local copy of the stream (the map's byte stores could
 * alias the caller's). */
#define WIN_PAD GRID_H /* > dim - 2 - y1: box sizes are at most GRID_H - 6 */
static int fill_room(grid_t *g, rng_t *r, int x1, int y1, int x2, int y2, int size, int tries,
                     cell_t kind)
{
    const int dim = size + 2 * WAREHOUSE_RING;
    if (x2 - dim < x1 || y2 - dim < y1)
        return 0;
    _Static_assert(GRID_W / 2 + WAREHOUSE_X_JITTER_DIE < 64, "a room's interior fits 64 bits");
    _Static_assert(WAREHOUSE_RING == 1, "2 * size + 1 windows (size + dim - 1) below");
    assert(x2 - x1 < 64 && dim - 2 - y1 < WIN_PAD);
    const uint64_t square = (UINT64_C(1) << dim) - 1;
    const uint64_t block = ((UINT64_C(1) << size) - 1) << WAREHOUSE_RING;
    uint64_t win[WIN_PAD + GRID_H + 2] = {0};
    rng_t rl = *r;
    int placed = 0;
    for (int t = 0; t < tries; t++) {
        int sx = rng_range(&rl, x1, x2 - dim);
        int sy = rng_range(&rl, y1, y2 - dim);
        if ((win[WIN_PAD + sy] >> (sx - x1)) & square)
            continue;
        const int top = sy + WAREHOUSE_RING;
        uint8_t *c = &g->c[GRID_IDX(sx + WAREHOUSE_RING, top)];
        const uint64_t add = block << (sx - x1);
        uint64_t *w = &win[WIN_PAD + top - dim + 1];
        if (size >= 2 && size <= 4) {
            /* The listed sizes, without a loop end that depends on the size
             * (this branch goes the same way all room long): the block's
             * rows j and size-1-j for j = 0, 1, and windows j and
             * 2*size-4+j for j = 0..4, are all of them. */
            for (int j = 0; j < 2; j++) {
                fill_cells(c + j * GRID_STRIDE, size, kind);
                fill_cells(c + (size - 1 - j) * GRID_STRIDE, size, kind);
            }
            for (int j = 0; j < 5; j++) {
                w[j] |= add;
                w[2 * size - 4 + j] |= add;
            }
        } else {
            for (int j = 0; j < size; j++)
                fill_cells(c + j * GRID_STRIDE, size, kind);
            for (int j = 0; j < 2 * size + 1; j++)
                w[j] |= add;
        }
        placed++;
    }
    *r = rl;
    return placed;
}

void warehouse_draw(level_t *lv, rng_t *r, const walled_data_t *d, warehouse_info_t *info)
{
    grid_t *g = &lv->map;
    warehouse_info_t local;
    if (!info)
        info = &local;
    grid_clear(g);
    const int k = pick(r, &d->wh_dividers);
    assert(k >= 1 && k <= WAREHOUSE_MAX_DIVIDERS);
    info->rooms = k + 1;
    /* Room edges, walls included: the left border, the dividers, the right border. */
    int edge[WAREHOUSE_MAX_ROOMS + 1];
    edge[0] = 1;
    for (int i = 1; i <= k; i++) {
        int x = (GRID_W / (k + 1)) * i + rng_d(r, WAREHOUSE_X_JITTER_DIE) -
                WAREHOUSE_X_JITTER_SHIFT;
        int y = rng_d(r, WAREHOUSE_DOOR_DIE) + WAREHOUSE_DOOR_BASE;
        /* grid_plot_wall's vertical wall through (x, y), drawn as the
         * column it always is: the dividers stand at distinct columns
         * inside the border, so the walk from (x, y) meets only floor
         * until the border rows. */
        _Static_assert(GRID_W / (WAREHOUSE_MAX_DIVIDERS + 1) > WAREHOUSE_X_JITTER_DIE + 1,
                       "dividers stand at distinct columns, a floor column apart");
        assert(x > edge[i - 1] + 1 && x < GRID_W - 1);
#if defined(__GNUC__)
#pragma GCC unroll 18 /* all of it: no mispredicted loop end */
#endif
        for (int wy = 2; wy <= GRID_H - 1; wy++)
            g->c[GRID_IDX(x, wy)] = CELL_WALL;
        grid_set(g, x, y, CELL_DOOR);
        info->divider_x[i - 1] = x;
        info->door_y[i - 1] = y;
        edge[i] = x;
    }
    edge[k + 1] = GRID_W;
    for (int i = 0; i <= k; i++) {
        /* [decision] size, tries and the wall-block roll are drawn per room
         * (in that order), as the game does for each of its areas. */
        int size = pick(r, &d->wh_box_size);
        int tries = pick(r, &d->wh_box_tries);
        bool walls = rng_chance(r, d->wh_wall_blocks.num, d->wh_wall_blocks.den);
        info->box_size[i] = size;
        info->tries[i] = tries;
        info->wall_blocks[i] = walls;
        info->placed[i] = fill_room(g, r, edge[i] + 1, WAREHOUSE_TOP, edge[i + 1] - 1,
                                    WAREHOUSE_BOTTOM, size, tries, walls ? CELL_WALL : CELL_BOX);
        rooms_add(lv, edge[i], 1, edge[i + 1] - edge[i] + 1, GRID_H);
    }
}

void layout_warehouse(layout_ctx_t *ctx)
{
    const walled_data_t *d = ctx->p->tables->walled;
    if (!d) {
        /* Broken data (already reported once): an all-wall map, which the
         * population step counts as FAIL_NO_FLOOR. */
        grid_fill(&ctx->lv->map, CELL_WALL);
        return;
    }
    warehouse_info_t info;
    warehouse_draw(ctx->lv, ctx->layout, d, &info);
    obs_t *o = &ctx->lv->obs;
    o->layout_variant = (uint8_t)info.rooms;
    /* what each divider and room drew, for the layout checks */
    _Static_assert(WAREHOUSE_MAX_DIVIDERS == OBS_DIVIDERS && WAREHOUSE_MAX_ROOMS == OBS_WH_ROOMS,
                   "obs holds every divider and room");
    for (int i = 0; i < info.rooms - 1; i++) {
        o->divider_x[i] = (uint8_t)info.divider_x[i];
        o->wh_door_y[i] = (uint8_t)info.door_y[i];
    }
    for (int i = 0; i < info.rooms; i++) {
        o->wh_box[i] = (uint8_t)info.box_size[i];
        o->wh_tries[i] = (uint8_t)(info.tries[i] < UINT8_MAX ? info.tries[i] : UINT8_MAX);
        o->wh_walls = (uint8_t)(o->wh_walls | info.wall_blocks[i] << i);
    }
}

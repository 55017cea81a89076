/* warehouse.c - the warehouse layout (RULES.md §3 Warehouse).
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

#include "../rooms.h"
#include "../water.h"

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

/* Tries at (size+2)-squares inside x1..x2, y1..y2 (the room's interior).
 * [game] the square's top-left is uniform on x1..x2-dim, y1..y2-dim: the
 * engine's sub-area draw is one short, so a square never reaches the
 * interior's last column or row (as in city).  [decision] when the interior
 * is too narrow for any square the try draws nothing: such a square would
 * overlap the room's walls and could never be all floor.
 * `solid` holds the map's non-floor cells as bit rows and is kept in step
 * with the blocks placed; win[y] is the OR of the dim rows from y down, so a
 * square is tested with one shift.  The draws come from a local copy of the
 * stream (the map's byte stores could alias the caller's). */
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

/* The blocks of one try, placed: the map and the bit rows. */
static inline void place_block(grid_t *g, bitrow_t solid[GRID_H + 2], int sx, int sy, int size,
                               int dim, cell_t kind, bitrow_t block)
{
    const bitrow_t add = block << sx;
    for (int y = sy + WAREHOUSE_RING; y <= sy + dim - 1 - WAREHOUSE_RING; y++) {
        solid[y] |= add;
        fill_cells(&g->c[GRID_IDX(sx + WAREHOUSE_RING, y)], size, kind);
    }
}

static int fill_room(grid_t *g, rng_t *r, bitrow_t solid[GRID_H + 2], int x1, int y1, int x2,
                     int y2, int size, int tries, cell_t kind)
{
    const int dim = size + 2 * WAREHOUSE_RING;
    if (x2 - dim < x1 || y2 - dim < y1)
        return 0;
    const bitrow_t block = (BITROW_BIT(size) - 1) << WAREHOUSE_RING;
    /* A room's interior fits one 64-bit word (with one divider or more no
     * room is wider than half the map plus the jitter), so the windows are
     * kept relative to x1 and a try is a 64-bit shift and mask. */
    _Static_assert(GRID_W / 2 + WAREHOUSE_X_JITTER_DIE < 64, "a room's interior fits 64 bits");
    assert(x2 - x1 < 64);
    const uint64_t square = (UINT64_C(1) << dim) - 1, block64 = (uint64_t)block;
    uint64_t row[GRID_H + 2], win[GRID_H + 2];
    for (int y = y1; y <= y2; y++)
        row[y] = (uint64_t)(solid[y] >> x1);
    for (int y = y1; y <= y2 - dim; y++) {
        uint64_t w = row[y];
        for (int j = 1; j < dim; j++)
            w |= row[y + j];
        win[y] = w;
    }
    rng_t rl = *r;
    int placed = 0;
    for (int t = 0; t < tries; t++) {
        int sx = rng_range(&rl, x1, x2 - dim);
        int sy = rng_range(&rl, y1, y2 - dim);
        if ((win[sy] >> (sx - x1)) & square)
            continue;
        place_block(g, solid, sx, sy, size, dim, kind, block);
        /* the windows that include a changed row */
        const uint64_t add = block64 << (sx - x1);
        const int top = sy + WAREHOUSE_RING, bottom = sy + dim - 1 - WAREHOUSE_RING;
        for (int y = top - dim + 1 > y1 ? top - dim + 1 : y1; y <= bottom && y <= y2 - dim; y++)
            win[y] |= add;
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
        grid_plot_wall(g, x, y, false);
        info->divider_x[i - 1] = x;
        info->door_y[i - 1] = y;
        edge[i] = x;
    }
    edge[k + 1] = GRID_W;
    /* The non-floor cells now: the border ring (and padding) and the
     * dividers' full columns (each door, on a divider, is not floor either). */
    bitrow_t solid[GRID_H + 2];
    const bitrow_t ring = BITROW_BIT(0) | BITROW_BIT(1) | BITROW_BIT(GRID_W) |
                          BITROW_BIT(GRID_W + 1);
    bitrow_t columns = ring;
    for (int i = 1; i <= k; i++)
        columns |= BITROW_BIT(edge[i]);
    for (int y = 0; y < GRID_H + 2; y++)
        solid[y] = y <= 1 || y >= GRID_H ? BITROW_BIT(GRID_STRIDE) - 1 : columns;
    for (int i = 0; i <= k; i++) {
        /* [decision] size, tries and the wall-block roll are drawn per room
         * (in that order), as the game does for each of its areas. */
        int size = pick(r, &d->wh_box_size);
        int tries = pick(r, &d->wh_box_tries);
        bool walls = rng_chance(r, d->wh_wall_blocks.num, d->wh_wall_blocks.den);
        info->box_size[i] = size;
        info->tries[i] = tries;
        info->wall_blocks[i] = walls;
        info->placed[i] = fill_room(g, r, solid, edge[i] + 1, WAREHOUSE_TOP, edge[i + 1] - 1,
                                    WAREHOUSE_BOTTOM, size, tries, walls ? CELL_WALL : CELL_BOX);
        rooms_add(lv, edge[i], 1, edge[i + 1] - edge[i] + 1, GRID_H);
    }
}

void layout_warehouse(layout_ctx_t *ctx)
{
    const walled_data_t *d = walled_data();
    if (!d) {
        /* Broken data (already reported once): an all-wall map, which the
         * population step counts as FAIL_NO_FLOOR. */
        grid_fill(&ctx->lv->map, CELL_WALL);
        return;
    }
    warehouse_info_t info;
    warehouse_draw(ctx->lv, ctx->layout, d, &info);
    ctx->lv->obs.layout_variant = (uint8_t)info.rooms;
    water_standard(ctx);
}

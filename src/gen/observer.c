/* observer.c - the finished level seen from the level alone, see observer.h.
 *
 * One pass classifies every cell into eight classes at once (a byte of class
 * bits per cell kind, looked up 16 cells at a time by a byte shuffle on the
 * AVX2 path, one cell at a time on the plain path: the same bit rows either
 * way) and leaves a bit row per class; everything else is read from those
 * rows, from the positions of the things on the level, and from the room
 * list.  Nothing here reads lv->obs.
 */
#include "observer.h"

#include <string.h>

#include "cpu.h"

/* the class bits of a cell kind */
enum {
    K_BLOCK = 1,  /* wall, box, ring fluid, barrels: nothing stands or walks here */
    K_DOOR = 2,
    K_WET = 4,    /* water, acid, lava, bridge, ring fluid */
    K_STAIRS = 8,
    K_BRIDGE = 16,
    K_BOX = 32,
    K_BARREL = 64,
    K_HAZARD = 128, /* acid, lava */
};
#define N_CLASSES 8
static const uint8_t CLASS[16] = {
    [CELL_FLOOR] = 0,
    [CELL_WALL] = K_BLOCK,
    [CELL_DOOR] = K_DOOR,
    [CELL_WATER] = K_WET,
    [CELL_ACID] = K_WET | K_HAZARD,
    [CELL_LAVA] = K_WET | K_HAZARD,
    [CELL_BRIDGE] = K_WET | K_BRIDGE,
    [CELL_BOX] = K_BLOCK | K_BOX,
    [CELL_STAIRS] = K_STAIRS,
    [CELL_EDGE] = K_BLOCK | K_WET,
    [CELL_BARREL] = K_BLOCK | K_BARREL,
    [CELL_BARREL_ACID] = K_BLOCK | K_BARREL,
    [CELL_BARREL_NAPALM] = K_BLOCK | K_BARREL,
};
_Static_assert(CELL__COUNT <= 16, "a cell kind indexes the 16-byte class table");

/* the map's columns 1..78 */
#define COLUMNS ((BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0))

typedef struct classes {
    bitrow_t row[N_CLASSES][GRID_H + 2]; /* rows 0..21, bits 0..79 */
    int count[N_CLASSES];                /* cells of each class in columns 1..78, rows 1..20 */
} classes_t;

static void classify_plain(const grid_t *g, classes_t *k)
{
    for (int y = 0; y < GRID_H + 2; y++) {
        bitrow_t r[N_CLASSES] = {0};
        const uint8_t *c = &g->c[GRID_IDX(0, y)];
        for (int x = 0; x < GRID_STRIDE; x++) {
            const unsigned cl = c[x] < 16 ? CLASS[c[x]] : K_BLOCK;
            for (int j = 0; j < N_CLASSES; j++)
                r[j] |= (bitrow_t)(cl >> j & 1) << x;
        }
        for (int j = 0; j < N_CLASSES; j++)
            k->row[j][y] = r[j];
    }
    for (int j = 0; j < N_CLASSES; j++) {
        k->count[j] = 0;
        for (int y = 1; y <= GRID_H; y++)
            k->count[j] += bitrow_popcount(k->row[j][y] & COLUMNS);
    }
}

#if CPU_SIMD
/* 16 cells: their class bytes by one shuffle, then class j's bits by a
 * shift that brings bit j to each byte's top and a movemask. */
CPU_AVX2_FN static void classify_avx2(const grid_t *g, classes_t *k)
{
    _Static_assert(GRID_STRIDE == 80, "a row is five 16-byte chunks");
    const __m128i table = _mm_loadu_si128((const __m128i *)CLASS);
    for (int y = 0; y < GRID_H + 2; y++) {
        const uint8_t *c = &g->c[GRID_IDX(0, y)];
        uint64_t m[N_CLASSES][5];
        for (int chunk = 0; chunk < 5; chunk++) {
            const __m128i v = _mm_loadu_si128((const __m128i *)(c + 16 * chunk));
            const __m128i cl = _mm_shuffle_epi8(table, v);
#define CLASS_BIT(j) m[j][chunk] = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi64(cl, 7 - (j)))
            CLASS_BIT(0);
            CLASS_BIT(1);
            CLASS_BIT(2);
            CLASS_BIT(3);
            CLASS_BIT(4);
            CLASS_BIT(5);
            CLASS_BIT(6);
            m[7][chunk] = (uint64_t)(unsigned)_mm_movemask_epi8(cl);
#undef CLASS_BIT
        }
        for (int j = 0; j < N_CLASSES; j++)
            k->row[j][y] = (bitrow_t)(m[j][0] | m[j][1] << 16 | m[j][2] << 32 | m[j][3] << 48) |
                           (bitrow_t)m[j][4] << 64;
    }
    /* the counts by the POPCNT instruction this target has */
    const uint64_t lo = ~UINT64_C(1), hi = (UINT64_C(1) << (GRID_W + 1 - 64)) - 1;
    for (int j = 0; j < N_CLASSES; j++) {
        int n = 0;
        for (int y = 1; y <= GRID_H; y++)
            n += __builtin_popcountll((uint64_t)k->row[j][y] & lo) +
                 __builtin_popcountll((uint64_t)(k->row[j][y] >> 64) & hi);
        k->count[j] = n;
    }
}
#endif

static void classify(const grid_t *g, classes_t *k)
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2)) {
        classify_avx2(g, k);
        return;
    }
#endif
    classify_plain(g, k);
}

static inline int class_of(const level_t *lv, int x, int y)
{
    const uint8_t c = lv->map.c[GRID_IDX(x, y)];
    return c < 16 ? CLASS[c] : K_BLOCK;
}

static inline bool in_rect(rect_t r, int x, int y)
{
    return r.x1 && x >= r.x1 && x <= r.x2 && y >= r.y1 && y <= r.y2;
}

static inline bool bit_at(const bitrow_t *rows, int x, int y)
{
    return rows[y] >> x & 1;
}

/* Monsters (or items) at pts: where they stand, and how many share a cell. */
typedef struct placed {
    uint16_t blocked, hazard, stacked, on_stairs, on_start, keepout;
} placed_t;

static placed_t look_at(const level_t *lv, const uint8_t *xy, int n, size_t step)
{
    placed_t p = {0};
    uint8_t used[GRID_CELLS];
    memset(used, 0, sizeof used);
    for (int i = 0; i < n; i++, xy += step) {
        const int x = xy[0], y = xy[1];
        if (!grid_in_map(x, y)) {
            p.blocked++;
            continue;
        }
        const int cl = class_of(lv, x, y);
        p.blocked += (cl & (K_BLOCK | K_DOOR)) != 0;
        p.hazard += (cl & K_HAZARD) != 0;
        p.on_stairs += (cl & K_STAIRS) != 0;
        p.on_start += x == lv->start.x && y == lv->start.y;
        p.keepout += in_rect(lv->keepout, x, y);
        p.stacked += used[GRID_IDX(x, y)];
        used[GRID_IDX(x, y)] = 1;
    }
    return p;
}

/* Doors not in a wall line, among those with nothing wet around them, and
 * orthogonally adjacent pairs of doors. */
static void look_doors(const classes_t *k, seen_t *s)
{
    const bitrow_t *door = k->row[1], *wet = k->row[2], *block = k->row[0];
    int off = 0, pairs = 0;
    bitrow_t solid[GRID_H + 2], near[GRID_H + 2];
    for (int y = 0; y < GRID_H + 2; y++) {
        /* wall (blocking, not a box, barrel or ring fluid) or door */
        solid[y] = (block[y] & ~k->row[5][y] & ~k->row[6][y] & ~wet[y]) | door[y];
        near[y] = wet[y] | wet[y] << 1 | wet[y] >> 1;
    }
    for (int y = 1; y <= GRID_H; y++) {
        const bitrow_t d = door[y] & COLUMNS;
        if (!d)
            continue;
        const bitrow_t line = (solid[y] << 1 & solid[y] >> 1) | (solid[y - 1] & solid[y + 1]);
        off += bitrow_popcount(d & ~line & ~(near[y - 1] | near[y] | near[y + 1]));
        pairs += bitrow_popcount(d & d >> 1) + bitrow_popcount(d & door[y + 1]);
    }
    s->doors_off_line = (uint8_t)(off > 255 ? 255 : off);
    s->door_pairs = (uint8_t)(pairs > 255 ? 255 : pairs);
}

/* The fewest wet, barrel or stairs cells in a column 2..77 (a horizontal
 * river: wet on column 1 or 78) and in a row (a vertical river: wet on row
 * 1 or 20). */
static void look_rivers(const classes_t *k, seen_t *s)
{
    /* a river's cells, and the barrels and stairs that may stand on them */
    bitrow_t wet[GRID_H + 2];
    for (int y = 0; y < GRID_H + 2; y++)
        wet[y] = k->row[2][y] | k->row[3][y] | k->row[6][y];
    bool h = false;
    for (int y = 1; y <= GRID_H; y++)
        h |= ((wet[y] >> 1 | wet[y] >> GRID_W) & 1) != 0;
    if (h) {
        /* each column's count as five bit planes (a ripple-carry add of
         * each row), then the smallest count some column 2..77 has */
        bitrow_t plane[5] = {0};
        for (int y = 1; y <= GRID_H; y++) {
            bitrow_t carry = wet[y];
            for (int b = 0; b < 5 && carry; b++) {
                const bitrow_t t = plane[b] & carry;
                plane[b] ^= carry;
                carry = t;
            }
        }
        const bitrow_t inner = COLUMNS & ~BITROW_BIT(1) & ~BITROW_BIT(GRID_W);
        for (int v = 0; v <= GRID_H; v++) {
            bitrow_t eq = inner;
            for (int b = 0; b < 5; b++)
                eq &= v >> b & 1 ? plane[b] : ~plane[b];
            if (eq) {
                s->span_cols = (uint8_t)v;
                break;
            }
        }
    }
    if ((wet[1] | wet[GRID_H]) & COLUMNS) {
        int fewest = GRID_W;
        for (int y = 1; y <= GRID_H; y++) {
            const int n = bitrow_popcount(wet[y] & COLUMNS);
            fewest = n < fewest ? n : fewest;
        }
        s->span_rows = (uint8_t)fewest;
    }
    bitrow_t cols = 0;
    int rows = 0;
    for (int y = 1; y <= GRID_H; y++) {
        cols |= k->row[4][y];
        rows += (k->row[4][y] & COLUMNS) != 0;
    }
    s->bridge_cols = (uint8_t)bitrow_popcount(cols & COLUMNS);
    s->bridge_rows = (uint8_t)rows;
}

static inline bool room_on_map(const room_t *r)
{
    return r->w >= 1 && r->h >= 1 && r->x >= 1 && r->y >= 1 && r->x + r->w - 1 <= GRID_W &&
           r->y + r->h - 1 <= GRID_H;
}

/* A vault's inner box, one cell in from the room's walls: a ring of wall
 * with exactly one door, not on a corner. */
static bool vault_boxed(const level_t *lv, const room_t *r)
{
    const int x1 = r->x + 2, y1 = r->y + 2, x2 = r->x + r->w - 3, y2 = r->y + r->h - 3;
    if (x2 - x1 < 2 || y2 - y1 < 2)
        return false;
    int doors = 0;
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++) {
            if (x != x1 && x != x2 && y != y1 && y != y2)
                continue;
            const cell_t c = grid_get(&lv->map, x, y);
            const bool corner = (x == x1 || x == x2) && (y == y1 || y == y2);
            if (c == CELL_DOOR && !corner)
                doors++;
            else if (c != CELL_WALL)
                return false;
        }
    return doors == 1;
}

/* A room's box cells form whole 2x2 blocks. */
static bool boxes_in_blocks(const level_t *lv, const classes_t *k, const room_t *r)
{
    const bitrow_t inside = (BITROW_BIT(r->x + r->w - 1) - 1) & ~(BITROW_BIT(r->x + 1) - 1);
    bitrow_t any = 0;
    for (int y = r->y + 1; y < r->y + r->h - 1; y++)
        any |= k->row[5][y] & inside;
    if (!any)
        return true;
    int boxes = 0, blocks = 0;
    for (int y = r->y + 1; y < r->y + r->h - 1; y++)
        for (int x = r->x + 1; x < r->x + r->w - 1; x++) {
            if (grid_get(&lv->map, x, y) != CELL_BOX)
                continue;
            boxes++;
            blocks += grid_get(&lv->map, x - 1, y) != CELL_BOX &&
                      grid_get(&lv->map, x, y - 1) != CELL_BOX &&
                      grid_get(&lv->map, x + 1, y) == CELL_BOX &&
                      grid_get(&lv->map, x, y + 1) == CELL_BOX &&
                      grid_get(&lv->map, x + 1, y + 1) == CELL_BOX;
        }
    return boxes == 4 * blocks;
}

static void look_rooms(const level_t *lv, const classes_t *k, seen_t *s)
{
    for (int i = 0; i < lv->nrooms; i++)
        s->rooms_outside += !room_on_map(&lv->rooms[i]);
    s->fluid_room_kind = CELL_FLOOR;
    uint64_t used[(LEVEL_MAX_ROOMS + 63) / 64] = {0};
    for (int i = 0; i < lv->nspecial; i++) {
        const int ri = lv->special[i].room;
        if (ri >= lv->nrooms || !room_on_map(&lv->rooms[ri]))
            continue;
        s->special_shared += (used[ri / 64] >> (ri % 64) & 1) != 0;
        used[ri / 64] |= UINT64_C(1) << (ri % 64);
        const room_t *r = &lv->rooms[ri];
        switch (lv->special[i].kind) {
        case SPECIAL_FLUID: {
            int n[CELL__COUNT] = {0};
            for (int y = r->y + 1; y < r->y + r->h - 1; y++)
                for (int x = r->x + 1; x < r->x + r->w - 1; x++)
                    n[grid_get(&lv->map, x, y)]++;
            s->fluid_room_floor += (uint8_t)n[CELL_FLOOR];
            if (s->fluid_room_kind == CELL_FLOOR) {
                int best = CELL_WATER;
                for (int c = CELL_ACID; c <= CELL_LAVA; c++)
                    best = n[c] > n[best] ? c : best;
                s->fluid_room_kind = (uint8_t)(n[best] ? best : CELL_FLOOR);
            }
            break;
        }
        case SPECIAL_VAULT:
            s->vaults++;
            s->vault_unboxed += !vault_boxed(lv, r);
            break;
        case SPECIAL_WAREHOUSE:
            s->box_blocks_bad += !boxes_in_blocks(lv, k, r);
            break;
        default:
            break;
        }
    }
}

void observer_look(const level_t *lv, seen_t *s)
{
    memset(s, 0, sizeof *s);
    classes_t k;
    classify(&lv->map, &k);
    s->doors = (uint16_t)k.count[1];
    s->stairs = (uint8_t)k.count[3];
    s->bridges = (uint16_t)k.count[4];
    s->barrels = (uint16_t)k.count[6];
    /* the ring: wall (blocking, none of box, barrel, fluid) or ring fluid (blocking and wet) */
    int open = 0;
    for (int y = 1; y <= GRID_H; y++) {
        const bitrow_t ring = y == 1 || y == GRID_H ? COLUMNS : BITROW_BIT(1) | BITROW_BIT(GRID_W);
        const bitrow_t closed = k.row[0][y] & ~k.row[5][y] & ~k.row[6][y];
        open += bitrow_popcount(ring & ~closed);
    }
    s->ring_open = (uint8_t)open;
    const int sx = lv->start.x, sy = lv->start.y;
    s->start_cell = grid_in_map(sx, sy) ? lv->map.c[GRID_IDX(sx, sy)] : CELL_WALL;
    /* where things stand */
    _Static_assert(offsetof(monster_t, y) == offsetof(monster_t, x) + 1, "x then y");
    _Static_assert(offsetof(point_t, y) == offsetof(point_t, x) + 1, "x then y");
    const placed_t m = look_at(lv, &lv->monster[0].x, lv->nmonsters, sizeof(monster_t));
    const placed_t it = look_at(lv, &lv->item[0].x, lv->nitems, sizeof(point_t));
    s->mon_blocked = m.blocked;
    s->mon_hazard = m.hazard;
    s->mon_stacked = m.stacked;
    s->mon_on_stairs = m.on_stairs;
    s->mon_on_start = m.on_start;
    s->mon_keepout = m.keepout;
    s->item_blocked = it.blocked;
    s->item_hazard = it.hazard;
    s->item_stacked = it.stacked;
    s->item_on_stairs = it.on_stairs;
    s->item_on_start = it.on_start;
    /* the stairs list against the stairs cells */
    int listed = 0;
    bitrow_t seen_st[GRID_H + 2] = {0};
    for (int i = 0; i < lv->nstairs; i++) {
        const int x = lv->stairs[i].x, y = lv->stairs[i].y;
        if (grid_in_map(x, y) && grid_get(&lv->map, x, y) == CELL_STAIRS && !bit_at(seen_st, x, y)) {
            seen_st[y] |= BITROW_BIT(x);
            listed++;
        } else {
            s->stairs_off++;
        }
    }
    s->stairs_off = (uint8_t)(s->stairs_off + (s->stairs - listed));
    if (s->doors)
        look_doors(&k, s);
    look_rivers(&k, s);
    if (lv->nrooms)
        look_rooms(lv, &k, s);
}

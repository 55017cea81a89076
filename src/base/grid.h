/* grid.h - the 78x20 DoomRL map and its drawing primitives.
 *
 * Coordinates are 1-based as in the game and docs/rules.md §1: (1,1) is the
 * top-left corner, (78,20) the bottom-right, and the outer ring is wall.
 * The cells live in one flat array with a one-cell padding ring around the
 * map (x = 0 and 79, y = 0 and 21), so neighbour reads at the border need
 * no bounds checks; padding cells are wall and are never part of the map.
 */
#ifndef DRLSIM_GRID_H
#define DRLSIM_GRID_H

#include <stdbool.h>
#include <stdint.h>

#define GRID_W 78
#define GRID_H 20
#define GRID_STRIDE (GRID_W + 2)
#define GRID_CELLS (GRID_STRIDE * (GRID_H + 2))
#define GRID_IDX(x, y) ((y) * GRID_STRIDE + (x))
/* Wall bytes after the last padding row, so that word-wide reads starting
 * at a map cell (grid_neighbour_is reads 4 bytes from x-1 of the row below)
 * stay inside the array. */
#define GRID_SLACK 8

/* Cell kinds (docs/rules.md §1).  CELL_EDGE is a river's fluid on the border ring:
 * drawn as fluid, but as impassable as the wall it replaced.  The barrels
 * come only from the game-0.9.9.7 ruleset's population ([game: cells.lua]
 * barrel, barrela, barreln): they block movement like a crate; the wiki
 * ruleset never draws them, and the legends list only the kinds before
 * CELL_WIKI_KINDS, so its output is the same as before they existed.  Mud
 * and blood come only from game-0.10.10b (docs/rules.md H27): fluids like
 * water, passable, liquid, not harmful; game-0.9.9.7 lists the kinds before
 * CELL_GAME_KINDS. */
typedef enum cell {
    CELL_FLOOR = 0,
    CELL_WALL,
    CELL_DOOR,
    CELL_WATER,
    CELL_ACID,
    CELL_LAVA,
    CELL_BRIDGE,
    CELL_BOX,
    CELL_STAIRS,
    CELL_EDGE,
    CELL_BARREL,        /* explosive barrel */
    CELL_BARREL_ACID,   /* acid barrel */
    CELL_BARREL_NAPALM, /* napalm barrel */
    CELL_MUD,           /* game-0.10.10b's mud (docs/rules.md H27) */
    CELL_BLOOD,         /* game-0.10.10b's blood (H27) */
    CELL__COUNT
} cell_t;
/* Their names as gen --json, data files and reports spell them ("water"),
 * in enum order (cell_name). */
extern const char *const CELL_NAMES[CELL__COUNT];

/* The kinds the wiki ruleset draws: the text and JSON legends list these. */
#define CELL_WIKI_KINDS CELL_BARREL
/* The kinds game-0.9.9.7 draws (the kinds before mud): its legends and
 * reports list these, so adding later kinds leaves its output as it was. */
#define CELL_GAME_KINDS CELL_MUD

static inline bool cell_is_barrel(cell_t k)
{
    return k == CELL_BARREL || k == CELL_BARREL_ACID || k == CELL_BARREL_NAPALM;
}

typedef struct grid {
    uint8_t c[GRID_CELLS + GRID_SLACK];
} grid_t;

static inline cell_t grid_get(const grid_t *g, int x, int y)
{
    return (cell_t)g->c[GRID_IDX(x, y)];
}

static inline void grid_set(grid_t *g, int x, int y, cell_t k)
{
    g->c[GRID_IDX(x, y)] = (uint8_t)k;
}

static inline bool grid_in_map(int x, int y)
{
    return x >= 1 && x <= GRID_W && y >= 1 && y <= GRID_H;
}

static inline bool grid_on_border(int x, int y)
{
    return x == 1 || x == GRID_W || y == 1 || y == GRID_H;
}

/* Wall or door: what stops a plotted wall and bounds a room (docs/rules.md §3). */
static inline bool cell_is_solid(cell_t k)
{
    return k == CELL_WALL || k == CELL_DOOR;
}

static inline bool cell_is_fluid(cell_t k)
{
    return k == CELL_WATER || k == CELL_ACID || k == CELL_LAVA || k == CELL_MUD ||
           k == CELL_BLOOD;
}

/* The game's CF_LIQUID cells (docs/rules.md H3, H27): water, acid, lava,
 * mud and blood; only acid and lava harm. */
static inline bool cell_liquid(cell_t k)
{
    return k == CELL_WATER || k == CELL_ACID || k == CELL_LAVA || k == CELL_MUD ||
           k == CELL_BLOOD;
}

/* Can a walker stand here?  Fluids and bridges count as passable. */
static inline bool cell_is_passable(cell_t k)
{
    return k == CELL_FLOOR || k == CELL_DOOR || k == CELL_BRIDGE || k == CELL_STAIRS ||
           cell_is_fluid(k);
}

/* Fill the whole map (padding ring stays wall). */
void grid_fill(grid_t *g, cell_t k);
/* Fill the rectangle x1..x2, y1..y2 (inclusive, clipped to the map). */
void grid_fill_rect(grid_t *g, int x1, int y1, int x2, int y2, cell_t k);
/* Make the outer ring wall. */
void grid_border(grid_t *g);
/* A floor map with a wall ring: the start of the open layouts. */
void grid_clear(grid_t *g);

/* Plot a wall through (x,y) along one axis (docs/rules.md §3 Normal step 1):
 * from the point, walk both ways turning cells into wall, stopping each walk
 * just before a wall or door; the point itself becomes a door.  If the point
 * is already wall or door, only the door is placed.  Returns true when a wall
 * was drawn. */
bool grid_plot_wall(grid_t *g, int x, int y, bool horizontal);

/* Count the cells of kind k on the map. */
int grid_count(const grid_t *g, cell_t k);

/* One map row as bits: bit x is cell x (0..79, padding included), so row
 * operations (neighbour counts, runs, floods) work 128 cells at a time. */
typedef unsigned __int128 bitrow_t;
#define BITROW_BIT(x) ((bitrow_t)1 << (x))

/* A set of cell kinds, bit k for kind k. */
typedef uint32_t cellset_t;
#define CELLSET(k) ((cellset_t)1 << (k))
#define CELLSET_SOLID (CELLSET(CELL_WALL) | CELLSET(CELL_DOOR))
#define CELLSET_BARRELS \
    (CELLSET(CELL_BARREL) | CELLSET(CELL_BARREL_ACID) | CELLSET(CELL_BARREL_NAPALM))
#define CELLSET_IMPASSABLE \
    (CELLSET(CELL_WALL) | CELLSET(CELL_BOX) | CELLSET(CELL_EDGE) | CELLSET_BARRELS)

/* rows[y] for y = 0..GRID_H+1: bit x set when cell (x, y) is of a kind in
 * `kinds` (padding cells are wall). */
void grid_mask_rows(const grid_t *g, cellset_t kinds, bitrow_t rows[GRID_H + 2]);

/* Population count without relying on a POPCNT instruction (the portable
 * x86-64 baseline lacks it, and the library fallback is a call): SWAR. */
static inline int popcount64(uint64_t v)
{
    v = v - ((v >> 1) & UINT64_C(0x5555555555555555));
    v = (v & UINT64_C(0x3333333333333333)) + ((v >> 2) & UINT64_C(0x3333333333333333));
    v = (v + (v >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((v * UINT64_C(0x0101010101010101)) >> 56);
}

/* Both halves' SWAR counts joined once their 4-bit fields are made (each
 * at most 4 + 4, so they fit), then one byte fold and one multiply: the
 * same count as popcount64 of each half, with fewer steps. */
static inline int bitrow_popcount(bitrow_t r)
{
    const uint64_t m1 = UINT64_C(0x5555555555555555), m2 = UINT64_C(0x3333333333333333);
    uint64_t a = (uint64_t)r, b = (uint64_t)(r >> 64);
    a = a - ((a >> 1) & m1);
    b = b - ((b >> 1) & m1);
    uint64_t v = (a & m2) + ((a >> 2) & m2) + (b & m2) + ((b >> 2) & m2);
    v = (v & UINT64_C(0x0f0f0f0f0f0f0f0f)) + ((v >> 4) & UINT64_C(0x0f0f0f0f0f0f0f0f));
    return (int)((v * UINT64_C(0x0101010101010101)) >> 56);
}

static inline int bitrow_ctz(bitrow_t r)
{
    unsigned long long lo = (unsigned long long)r;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((unsigned long long)(r >> 64));
}

/* Highest set bit of r (r != 0). */
static inline int bitrow_top(bitrow_t r)
{
    unsigned long long hi = (unsigned long long)(r >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((unsigned long long)r);
}

/* Position of the k-th (0-based) set bit of x, k < popcount(x): byte prefix
 * counts by one multiplication (Vigna, "Broadword implementation of
 * rank/select queries", 2008), then a short walk inside the byte. */
static inline int select64(uint64_t x, int k)
{
    const uint64_t L8 = UINT64_C(0x0101010101010101), H8 = UINT64_C(0x8080808080808080);
    uint64_t s = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    s = (s & UINT64_C(0x3333333333333333)) + ((s >> 2) & UINT64_C(0x3333333333333333));
    s = (s + (s >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    const uint64_t b = s * L8; /* byte j: set bits in bytes 0..j (at most 64) */
    /* byte j's top bit survives when b_j <= k (no borrows: 0x80 + k > b_j) */
    const uint64_t le = ((((uint64_t)k * L8) | H8) - b) & H8;
    const int j = (int)(((le >> 7) * L8) >> 56); /* the bit lies in byte j */
    k -= (int)(((b << 8) >> (8 * j)) & 0xff);    /* bits in bytes before j */
    unsigned byte = (unsigned)(x >> (8 * j)) & 0xffu;
    while (k--)
        byte &= byte - 1;
    return 8 * j + __builtin_ctz(byte);
}

/* select64 as the hot lookups use it: one PDEP on the CPU_BMI2 path
 * (cpu.h), else select64. */
int grid_select64(uint64_t x, int k);

/* Position of the k-th (0-based) set bit of r, k < bitrow_popcount(r). */
static inline int bitrow_select(bitrow_t r, int k)
{
    uint64_t lo = (uint64_t)r;
    int n = popcount64(lo);
    return k < n ? grid_select64(lo, k) : 64 + grid_select64((uint64_t)(r >> 64), k - n);
}

/* Is one of the 8 neighbours of (x, y) (the cell itself not counted) of
 * kind k?  (x, y) must not be in the padding.  The three-cell strips above
 * and below and the two sides are read four bytes at a time; a byte equal
 * to k becomes zero after the XOR, and the zero-byte test finds it. */
static inline bool grid_neighbour_is(const grid_t *g, int x, int y, cell_t k)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint32_t ones = 0x01010101u, kk = ones * (uint32_t)k;
    const uint8_t *c = &g->c[GRID_IDX(x - 1, y)];
    uint32_t above, below, sides;
    __builtin_memcpy(&above, c - GRID_STRIDE, 4);
    __builtin_memcpy(&below, c + GRID_STRIDE, 4);
    __builtin_memcpy(&sides, c, 4);
    /* byte 0 is cell x-1; the bytes not looked at are forced nonzero */
    above = (above ^ kk) | 0xff000000u;
    below = (below ^ kk) | 0xff000000u;
    sides = (sides ^ kk) | 0xff00ff00u;
    return (((above - ones) & ~above) | ((below - ones) & ~below) | ((sides - ones) & ~sides)) &
           0x80808080u;
#else
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && grid_get(g, x + dx, y + dy) == k)
                return true;
    return false;
#endif
}

/* Glyphs and names of cell kinds (docs/cli.md lists them). */
char cell_glyph(cell_t k);
const char *cell_name(cell_t k);

#endif

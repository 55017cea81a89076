/* wallbits.h - walls plotted on bit rows and columns, the map written once.
 *
 * grid_plot_wall's rule (docs/rules.md §3 Normal step 1, and H11 for the
 * tiled layout) on bits: the solid cells (wall or door) as rows (bit x of
 * row y, padding included) and again as columns (bit y of col[x]), and the
 * doors as rows.  A wall's ends are bit scans of a row (horizontal) or of a
 * column (vertical), and the map is written from the rows once the walls
 * and doors are drawn (wallbits_map), instead of a walk over the map's
 * bytes per wall and a read of the map into rows afterwards.  Used by the
 * normal layout (src/gen/layouts/normal.c) and game-0.10.10b's tiled layout
 * (src/gen/game/glay_tiled.c).  Single door bits are set through the 64-bit
 * half of the row that holds them (door_half, see wallbits_door_word): a
 * 128-bit shift costs several instructions more.
 */
#ifndef DRLSIM_WALLBITS_H
#define DRLSIM_WALLBITS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "grid.h"

typedef struct wallbits {
    union {
        bitrow_t solid[GRID_H + 2];
        uint64_t solid_half[2 * (GRID_H + 2)];
    };
    union {
        bitrow_t door[GRID_H + 2];
        uint64_t door_half[2 * (GRID_H + 2)];
    };
    uint32_t col[GRID_STRIDE];
} wallbits_t;

#define WALLBITS_ALL_COLUMNS (BITROW_BIT(GRID_STRIDE) - 1)
#define WALLBITS_RING_COLUMNS \
    (BITROW_BIT(0) | BITROW_BIT(1) | BITROW_BIT(GRID_W) | BITROW_BIT(GRID_W + 1))

/* The columns of grid_clear's map (wallbits.c). */
extern const uint32_t WALLBITS_CLEARED_COLUMNS[GRID_STRIDE];

/* The rows and columns of grid_clear's map: padding and border ring are wall.
 * Unrolled (a loop of this size compiles to rep stos). */
static inline void wallbits_clear(wallbits_t *w)
{
#pragma GCC unroll 22
    for (int y = 0; y < GRID_H + 2; y++) {
        w->solid[y] = y <= 1 || y >= GRID_H ? WALLBITS_ALL_COLUMNS : WALLBITS_RING_COLUMNS;
        w->door[y] = 0;
    }
    memcpy(w->col, WALLBITS_CLEARED_COLUMNS, sizeof w->col);
}

/* The 64-bit half of door (or solid) row y that holds cell x (bit x & 63 of it): the
 * row's low half is the first in memory unless the machine is big-endian. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define WALLBITS_LOW_HALF_AT 1
#else
#define WALLBITS_LOW_HALF_AT 0
#endif
/* (The stores index the union member itself: a type pun through a pointer
 * to it, read back as bitrow_t, is not one the compiler must respect.) */
static inline int wallbits_door_word(int x, int y)
{
    return 2 * y + ((x >> 6) ^ WALLBITS_LOW_HALF_AT);
}

/* BITROW_BIT(k) for a variable k < 128 by masks, without the branch the
 * compiler may make of a 128-bit shift. */
static inline bitrow_t wallbits_bit_at(int k)
{
    const uint64_t high = (uint64_t)(k >> 6), b = UINT64_C(1) << (k & 63);
    return (bitrow_t)(b & (high - 1)) | (bitrow_t)(b & -high) << 64;
}

/* (x, y), already solid, becomes a door. */
static inline void wallbits_make_door(wallbits_t *w, int x, int y)
{
    w->door_half[wallbits_door_word(x, y)] |= UINT64_C(1) << (x & 63);
}

/* A horizontal wall's cells left < x < right of row y: bit y of each of
 * their columns. */
static inline void wallbits_run(uint32_t col[GRID_STRIDE], int left, int right, int y)
{
    for (int c = left + 1; c < right; c++)
        col[c] |= UINT32_C(1) << y;
}

/* A vertical wall's cells of column x in rows up < y < down: bit x of each
 * of their rows, set in the 64-bit half that holds it (one instruction a
 * row, where a 128-bit OR is a load, two ORs and a store of each half). */
static inline void wallbits_column(wallbits_t *w, int x, int up, int down)
{
    const uint64_t bit = UINT64_C(1) << (x & 63);
    for (int y = up + 1; y < down; y++)
        w->solid_half[wallbits_door_word(x, y)] |= bit; /* (the union member itself) */
}

/* grid_plot_wall on the bit rows and columns: from (x, y) both ways along
 * the axis to just before a solid cell, the point a door; a point already
 * solid only becomes a door.  (Inline: each caller has its axis known.) */
static inline void wallbits_plot(wallbits_t *w, int x, int y, bool horizontal)
{
    if (w->col[x] >> y & 1) {
        wallbits_make_door(w, x, y);
        return;
    }
    if (horizontal) {
        const bitrow_t solid = w->solid[y];
        const int right = x + 1 + bitrow_ctz(solid >> (x + 1));
        const int left = bitrow_top(solid & (BITROW_BIT(x) - 1));
        w->solid[y] |= wallbits_bit_at(right) - wallbits_bit_at(left + 1);
        wallbits_run(w->col, left, right, y);
    } else {
        const uint32_t col = w->col[x];
        const int down = y + 1 + __builtin_ctz(col >> (y + 1));
        const int up = 31 - __builtin_clz(col & ((UINT32_C(1) << y) - 1));
        const uint32_t span = (UINT32_C(1) << down) - (UINT32_C(1) << (up + 1));
        w->col[x] |= span;
        wallbits_column(w, x, up, down);
    }
    wallbits_make_door(w, x, y);
}

/* The map of the solid rows: floor, and wall where a solid bit is set
 * (padding and border included); rows 0, 1, GRID_H and GRID_H+1 all wall
 * (the walls stop at the border), and the slack too, as in grid_clear.
 * Every byte of the map is written; the doors are the caller's to write. */
void wallbits_map(grid_t *g, const bitrow_t solid[GRID_H + 2]);

#endif

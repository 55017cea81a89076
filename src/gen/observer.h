/* observer.h - what the finished level shows, seen from the level alone.
 *
 * The observer reads only what a player would find on a finished level: the
 * map, the room list and its special rooms, the positions of the monsters,
 * items, stairs and the start, and the arena's kept-free box; it finds the
 * passable cells the start reaches with a flood of its own.  It never reads
 * the observation record (obs_t), in which the generator writes down what it
 * drew (but for whether a river was drawn and which way), so a bug between
 * a draw and the map (a thing put on the wrong cell, a bridge recorded but
 * not drawn) shows here as a disagreement with the rules or with the
 * record.  Its result is its own record, seen_t; the tallies
 * count it (docs/expectations.md, "The observer", says what each field is
 * for and which rule of docs/rules.md it sees).
 */
#ifndef DRLSIM_OBSERVER_H
#define DRLSIM_OBSERVER_H

#include <stdint.h>

#include "level.h"

/* The layouts' geometry as docs/rules.md states it (independent of the
 * layouts' own constants, so a layout that moved them shows). */
#define SEEN_CENTRE_W 9  /* [wiki: Arena] the largest centre picture, 9 x 7 */
#define SEEN_CENTRE_H 7
#define SEEN_LINE_X0 3   /* [wiki: Small Rooms] sections every 18 columns and 6 rows */
#define SEEN_LINE_Y0 1   /* from (3,1), sharing their wall lines (docs/rules.md §3 */
#define SEEN_PITCH_X 18  /* Small rooms): lines x = 3, 21, 39, 57, 75 over y 1..19 */
#define SEEN_PITCH_Y 6   /* and y = 1, 7, 13, 19 over x 3..75 */
#define SEEN_LINES_X 5   /* 4 sections across: 5 lines */
#define SEEN_LINES_Y 4   /* 3 sections down: 4 lines */
#define SEEN_ASYMMETRIC 0x40 /* centre_walls: the box is not mirror-symmetric */
#define SEEN_BLOCK_BOX 1     /* wh_blocks: a room holds box cells */
#define SEEN_BLOCK_WALL 2    /* ... wall cells inside its walls */
#define SEEN_WH_ROOMS 4      /* wh_blocks: the room list's first four rooms */

/* Where the monsters (or the items) of a level stand. */
typedef struct seen_things {
    uint16_t blocked;   /* on wall, door, box, barrel or ring cells */
    uint16_t hazard;    /* on acid or lava */
    uint16_t stacked;   /* on a cell an earlier one of them holds */
    uint16_t on_stairs; /* on a stairs cell */
    uint16_t on_start;  /* on the start */
    uint16_t keepout;   /* inside the kept-free box (lv->keepout) */
    uint16_t on_other;  /* items: on a cell a monster holds; monsters: 0 */
} seen_things_t;

typedef struct seen {
    /* cells on the map (1..78 x 1..20) */
    uint16_t doors;           /* door cells */
    uint16_t bridges;         /* bridge cells */
    uint16_t barrels;         /* barrel cells of the three kinds */
    uint8_t stairs;           /* stairs cells */
    uint8_t ring_open;        /* ring cells that are neither wall nor ring fluid */
    uint8_t start_cell;       /* the cell kind under the start */
    uint16_t unreachable;     /* passable cells (all but wall, box, barrel and ring
                               * fluid, read off the map by the observer) not reachable
                               * 8-way from the start; all of them when the start is not
                               * passable */
    uint8_t edge_cells;       /* CELL_EDGE cells */
    int8_t ring_dry;          /* with a river: the ring rows (vertical) or columns
                               * (horizontal) it crosses, 1 and 20 (1 and 78), that
                               * hold no fluid cell (a barrel or stairs on the river
                               * counts as fluid); lava: ring cells not fluid;
                               * else -1 */
    int8_t tiled_offgrid;     /* tiled types (normal, single, single-plus) with no
                               * fluid cell and no vault: wall or door cells of
                               * (2,2)-(77,19) with an odd x and an even y; else -1 */
    int8_t tiled_full_columns; /* tiled types with no fluid cell: the columns 6..64
                               * whose rows 2..19 are all wall or door; else -1 */
    /* where things stand: the monsters (mon) and the items (item) */
    seen_things_t mon, item;
    uint8_t stairs_off;       /* listed stairs not on a stairs cell, plus stairs cells
                               * no list entry names */
    /* structure */
    uint8_t doors_off_line;   /* doors with no wall or door on both sides along either
                               * axis, among the doors with no fluid, bridge or ring fluid
                               * in their 3x3 block */
    uint8_t door_pairs;       /* orthogonally adjacent pairs of door cells */
    uint8_t rooms_outside;    /* room list entries not inside the map */
    uint8_t special_shared;   /* special rooms on a room an earlier special room has */
    uint8_t fluid_room_floor; /* floor cells inside the walls of fluid special rooms */
    uint8_t fluid_room_kind;  /* the first fluid special room's fluid (most of its
                               * inside), CELL_FLOOR when none */
    uint8_t vaults;           /* vault special rooms */
    uint8_t vault_unboxed;    /* vaults whose inner box (one cell in from the room's
                               * walls) is not a wall ring with exactly one door */
    uint8_t box_blocks_bad;   /* warehouse special rooms whose box cells do not form
                               * whole 2x2 blocks */
    uint8_t span_cols;        /* with wet cells on column 1 or 78 (a horizontal river):
                               * the fewest wet, barrel or stairs cells in a column
                               * 2..77 (what may stand on a river counts); else 0 */
    uint8_t span_rows;        /* with wet cells on row 1 or 20 (a vertical river): the
                               * same in a row; else 0 */
    uint8_t bridge_cols;      /* columns holding bridge cells */
    uint8_t bridge_rows;      /* rows holding bridge cells */
    /* the layouts' geometry (docs/rules.md §3), each 0 on the types it does not
     * concern */
    uint16_t stray_walls;     /* arena: wall cells of x 2..77, y 2..19 outside the
                               * kept-free box (lv->keepout); city: those off every
                               * room list entry's wall ring (a building's) */
    uint8_t centre_walls;     /* arena: wall cells in the 9x7 box centred on the start,
                               * plus SEEN_ASYMMETRIC when one's mirror image across the
                               * start's column or row is not wall (0: the box leaves
                               * the map) */
    uint8_t line_gaps;        /* small rooms: floor cells on the 4x3 grid's wall lines */
    uint8_t wh_blocks;        /* warehouse: room i's 2 bits at bit 2i (i < SEEN_WH_ROOMS),
                               * SEEN_BLOCK_BOX when box cells stand inside its walls,
                               * SEEN_BLOCK_WALL wall cells */
} seen_t;

/* Look at the finished level lv and fill s. */
void observer_look(const level_t *lv, seen_t *s);

#endif

/* walled.h - the small-rooms, warehouse and maze layouts and their data.
 *
 * The three layouts' tables live in data/ (docs/rules.md as data): the twelve
 * small-rooms sublayouts in data/smallrooms.txt, the warehouse and maze pick
 * tables in data/walled.json.  walled_data_load() parses and validates both
 * into a table set; layout_small_rooms, layout_warehouse and
 * layout_maze (layouts.h) use it.  The *_draw functions draw the layout alone
 * (no water, no room scan) and report what they drew, for tests.
 * docs/layouts-walled.md describes every rule and decision.
 */
#ifndef DRLSIM_LAYOUTS_WALLED_H
#define DRLSIM_LAYOUTS_WALLED_H

#include <stdbool.h>
#include <stddef.h>

#include "level.h"

/* [wiki] twelve sublayouts of 19x7 cells, walls included */
#define SMALL_BLOCKS 12
#define SMALL_BLOCK_W 19
#define SMALL_BLOCK_H 7
/* [wiki] a 4x3 grid of sections */
#define SMALL_SECTIONS_X 4
#define SMALL_SECTIONS_Y 3
#define SMALL_SECTIONS (SMALL_SECTIONS_X * SMALL_SECTIONS_Y)

#define WALLED_PICK_MAX 16      /* entries of one pick table */
#define WAREHOUSE_MAX_DIVIDERS 3 /* [game] the divider spacing keeps 1..3 apart */
#define WAREHOUSE_MAX_ROOMS (WAREHOUSE_MAX_DIVIDERS + 1)
#define MAZE_MAX_STYLES 8

/* A uniform pick among n listed values (repeats weigh more). */
typedef struct walled_pick {
    int n;
    int v[WALLED_PICK_MAX];
} walled_pick_t;

typedef struct maze_style {
    int tries;
    walled_pick_t length;
} maze_style_t;

typedef struct walled_data {
    uint8_t small[SMALL_BLOCKS][SMALL_BLOCK_H][SMALL_BLOCK_W]; /* cell_t */
    uint8_t small_mirror[SMALL_BLOCKS][SMALL_BLOCK_H][SMALL_BLOCK_W]; /* each row reversed */
    uint8_t small_inner[SMALL_BLOCKS]; /* wall and door cells strictly inside the block's
                                        * 17x5 interior (made at load; mirroring keeps it) */
    walled_pick_t wh_dividers;  /* divider count */
    walled_pick_t wh_box_size;  /* box side */
    walled_pick_t wh_box_tries; /* placement tries */
    frac_t wh_wall_blocks;      /* a room gets wall blocks instead of boxes */
    int maze_nstyles;
    maze_style_t maze_style[MAZE_MAX_STYLES];
} walled_data_t;

/* Parse data/smallrooms.txt text into d->small.  False with a one-line
 * message "ORIGIN: line N: problem" in err on any malformed input. */
bool walled_parse_smallrooms(walled_data_t *d, const char *text, size_t len, const char *origin,
                             char *err, size_t errlen);
/* Parse data/walled.json text into d's pick tables.  False with a one-line
 * message "ORIGIN: KEY: problem" in err. */
bool walled_parse_tables(walled_data_t *d, const char *json, size_t len, const char *origin,
                         char *err, size_t errlen);

/* Both files of src ("smallrooms.txt", "walled.json"), into d; false with a
 * one-line message in err when either is broken. */
bool walled_data_load(walled_data_t *d, data_src_t *src, char *err, size_t errlen);

/* What small_rooms_draw chose for each section (row-major from the top left). */
typedef struct small_rooms_pick {
    uint8_t block;  /* 0..11, index into d->small */
    uint8_t flip_x; /* mirrored left-right */
    uint8_t flip_y; /* mirrored top-bottom */
} small_rooms_pick_t;

/* Top-left map cell of section (i, j), i = 0..3 across, j = 0..2 down. */
int small_rooms_section_x(int i);
int small_rooms_section_y(int j);

/* Draw the small-rooms map (walls, floors, doors) into lv->map and each
 * section's pick into lv->obs.section_pick; picks may be NULL. */
void small_rooms_draw(level_t *lv, rng_t *r, const walled_data_t *d,
                      small_rooms_pick_t picks[SMALL_SECTIONS]);
/* Door cells on or outside the outer frame of the section grid (anywhere
 * but x 4..74, y 2..18): obs.frame_doors of a small-rooms map. */
int small_rooms_doors_outside(const grid_t *g);

typedef struct warehouse_info {
    int rooms;                             /* dividers + 1 */
    int divider_x[WAREHOUSE_MAX_DIVIDERS]; /* left to right */
    int door_y[WAREHOUSE_MAX_DIVIDERS];
    int box_size[WAREHOUSE_MAX_ROOMS];
    int tries[WAREHOUSE_MAX_ROOMS];
    bool wall_blocks[WAREHOUSE_MAX_ROOMS]; /* this room got wall blocks, not boxes */
    int placed[WAREHOUSE_MAX_ROOMS];       /* blocks placed in this room */
} warehouse_info_t;

/* Draw the warehouse map into lv->map and its rooms into lv->rooms; info may be NULL. */
void warehouse_draw(level_t *lv, rng_t *r, const walled_data_t *d, warehouse_info_t *info);

typedef struct maze_info {
    int style;    /* index into d->maze_style */
    int segments; /* tries that laid a segment */
    int tries;    /* tries made */
    int first_x, first_y; /* the first try's grid point, 0 when none */
} maze_info_t;

/* Draw the maze map into lv->map; info may be NULL. */
void maze_draw(level_t *lv, rng_t *r, const walled_data_t *d, maze_info_t *info);

#endif

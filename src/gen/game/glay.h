/* glay.h - the layout geometry and water of the game-0.9.9.7 ruleset.
 *
 * The released game's generators that the wiki ruleset does not draw the
 * game's way: caves (its river), caves_2, lava and arena, and the game's
 * own fluid pass and rivers (docs/rules.md, the game part).  Tiled, archi,
 * warehouse, city and maze are the wiki ruleset's layouts (src/gen/layouts/),
 * which already draw them cell for cell as the game does.
 *
 * Every function takes its tables and streams as arguments: geometry draws
 * from the layout stream, fluids and rivers from the water stream, in the
 * game's order within each step.  The tables are data/game-0.9.9.7/water.json
 * (the format of data/water.json) and data/game-0.9.9.7/arena.txt.
 */
#ifndef DRLSIM_GLAY_H
#define DRLSIM_GLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "grandom.h"
#include "level.h"
#include "water.h"

/* ---- tables --------------------------------------------------------- */

#define GLAY_ARENA_TILES 7    /* [game: archi.lua:224-339] seven of each */
#define GLAY_TILE_MAX_W 38    /* a corner tile and its mirror image never overlap: */
#define GLAY_TILE_MAX_H 9     /* 2 + w <= 78 - w and 2 + h <= 20 - h */

/* A tile's four ways of being drawn: bit 0 mirrored left-right, bit 1
 * top-bottom. */
enum { GLAY_FLIP_X = 1, GLAY_FLIP_Y = 2, GLAY_FLIPS = 4 };

/* One tile picture: [row][column] cell_t (CELL_FLOOR, WALL, DOOR, STAIRS).
 * Made with it by glay_arena_parse: the picture as each flip draws it
 * (drawn[flip][row], the rows copied to the map as they are), and where
 * its stairs cell lands in each (stairs: whether it has one; the parser
 * allows a tile one at most). */
typedef struct glay_tile {
    int w, h;
    uint8_t cell[GLAY_TILE_MAX_H][GLAY_TILE_MAX_W];
    uint8_t drawn[GLAY_FLIPS][GLAY_TILE_MAX_H][GLAY_TILE_MAX_W];
    bool stairs;
    point_t stairs_at[GLAY_FLIPS]; /* (column, row) in drawn[flip] */
} glay_tile_t;

typedef struct glay_arena_tiles {
    glay_tile_t centre[GLAY_ARENA_TILES]; /* scheme s is centre[s - 1] */
    glay_tile_t quad[GLAY_ARENA_TILES];   /* corner tile q is quad[q - 1] */
} glay_arena_tiles_t;

/* The numbers of the game's rivers that a later release changes, one table
 * per ruleset (Brogue's gameConst): its registry entry holds the values, a
 * manifest's "constants" replace some (registry.c).  Every width is
 * d(river_width_die) + a plus. */
typedef struct glay_const {
    int river_width_die;         /* [game: generator.lua:169-191] d3 + ... */
    int hriver_width_plus;       /* the pipeline's horizontal river: d3 + 1 */
    int vriver_one_width_plus;   /* a lone vertical river: d3 + 3 */
    int vriver_two_width_plus;   /* each of two: d3 + 2 */
    int vriver_three_width_plus; /* each of three: d3 + 1 */
    int cave_hriver_width_plus;  /* [game: generator.lua:379-393] caves, horizontal: d3 + 1 */
    int cave_vriver_width_plus;  /* caves, vertical: d3 + 3 */
    int caves2_blood_above;      /* [game-0.10.10b: generator.lua:368] caves_2 lakes are
                                  * blood with 1/caves2_blood_die past this dlevel
                                  * (0: never, game-0.9.9.7) */
    int caves2_blood_die;
} glay_const_t;

/* ---- the keys game-0.10.10b adds to water.json (docs/rules.md H.13) ---- */

#define GLAY_PICK_MAX 8    /* the entries of a fluid pick list */
#define GLAY_OVERRIDES_MAX 4
#define GLAY_RIVER_ROWS_MAX 6

/* A uniform pick of one of n fluids (n = 0: no pick, the row's fluid). */
typedef struct glay_pick {
    int n;
    cell_t k[GLAY_PICK_MAX];
} glay_pick_t;

/* One fluid row of a river: lvl below `below` (0: any), its fluid or a pick. */
typedef struct glay_river_row {
    int below;
    cell_t fluid;
    glay_pick_t pick;
    bool keep_cave_blood; /* cave_river: a blood cave's river stays blood */
} glay_river_row_t;

/* The bridges of one river orientation (H22, H23). */
typedef struct glay_bridges {
    frac_t singles_chance; /* with a pair: singles instead of pairs */
    dice_t singles;        /* how many single columns (rows) */
    dice_t doubles;        /* how many pairs */
    int edge_below, edge_above; /* a pair starting below or ending above
                                   does not count */
} glay_bridges_t;

typedef struct glay_water10 {
    glay_pick_t fluid_pick[WATER_MAX_BANDS]; /* fluid_bands[].fluid_pick */
    glay_pick_t cave_pick[WATER_MAX_BANDS];  /* cave_fluid_bands[].fluid_pick */
    bool deep;                               /* deep_fluid present */
    int deep_above;                          /* past this dlevel: */
    dice_t deep_lvl;                         /* the band by this roll */
    glay_pick_t deep_lava;                   /* and a lava band's fluid picked */
    int noverrides;                          /* cave_fluid_overrides: the first */
    struct {                                 /* row that matches replaces the fluid */
        int from;       /* dlevel >= from */
        int if_fluid;   /* only this fluid (-1: any) */
        int min_diff;   /* difficulty >= this */
        glay_pick_t pick;
    } override[GLAY_OVERRIDES_MAX];
    int nriver;                              /* river.fluid, all rows with their */
    glay_river_row_t river[GLAY_RIVER_ROWS_MAX]; /* picks (0: the base rows) */
    bool bridges;                            /* river.bridges present */
    glay_bridges_t hbridges, vbridges;
    bool cave_river;                         /* cave_river present */
    frac_t cave_river_chance, cave_river_horizontal;
    int ncave_river;
    glay_river_row_t cave_river_row[GLAY_RIVER_ROWS_MAX];
} glay_water10_t;

typedef struct glay_tables {
    water_tables_t water;     /* its folder's water.json */
    glay_water10_t w10;       /* its new keys (all absent: game-0.9.9.7's rules) */
    glay_arena_tiles_t arena; /* its folder's arena.txt */
    glay_const_t k;           /* its constants */
} glay_tables_t;

/* Parse arena.txt text: seven "centre N" and seven "quad N" tiles, numbered
 * in order.  false with a one-line "ORIGIN:LINE: problem" in err. */
bool glay_arena_parse(glay_arena_tiles_t *t, const char *text, size_t len, const char *origin,
                      char *err, size_t errlen);

/* The layout tables of src (its "water.json" and "arena.txt"), into t;
 * false with a one-line message in err when either is broken. */
bool glay_tables_load(glay_tables_t *t, data_src_t *src, char *err, size_t errlen);

/* ---- the game's primitives (docs/rules.md, the game's RNG) ------------ */

/* The game's Random(n) (grandom.h). */
static inline int glay_random(rng_t *r, int n)
{
    return game_random(r, n);
}
/* The game's math.random(n): 1dn, uniform on 1..n (n >= 1). */
static inline int glay_dn(rng_t *r, int n)
{
    return 1 + glay_random(r, n);
}
/* The game's random(a, b): uniform on min(a,b)..max(a,b). */
int glay_between(rng_t *r, int a, int b);
/* A sub-area of w x h cells of a with the game's quirk: its corner drawn
 * from a's corner to (a.x2 - w, a.y2 - h), x first. */
area_t glay_random_subarea(rng_t *r, const area_t *a, int w, int h);
/* A uniform cell of a's edge ring, corners excluded. */
point_t glay_inner_edge_coord(rng_t *r, const area_t *a);
/* Neighbours of (x,y) among the 8 (cross: the 4 orthogonal) whose kind is
 * in set; cells off the map are not counted. */
int glay_around(const grid_t *g, int x, int y, cellset_t set);
int glay_cross_around(const grid_t *g, int x, int y, cellset_t set);
/* The game's restore_walls: every border cell becomes wall, except, with
 * keep_fluids, a fluid (or a border fluid already) becomes CELL_EDGE. */
void glay_restore_walls(grid_t *g, bool keep_fluids);
/* Record a vertical river of the level's rivers in o: its fluid, whether
 * it has a bridge, its first column and width, and for the first river its
 * drift and bridge position (both rulesets' vertical rivers). */
void glay_note_vriver(obs_t *o, int fluid, bool bridged, int x, int width, int drift,
                      int bridge_at);

/* ---- water ------------------------------------------------------------ */

/* One call of the game's generate_fluids(area): the dlevel's band of
 * t->water.fluid_bands (no roll for the fluid), its walk count and then its
 * length drawn once, each walk from a uniform cell of a, setting `length`
 * cells (its start included), clamped into a.  Records the pass with the
 * fluid it draws (water_pass_note).  Draws from r (the water stream). */
void glay_fluids(level_t *lv, rng_t *r, const glay_tables_t *t, const area_t *a);

/* The game's generate_rivers(allow_horiz, allow_more): fluid by dlevel +
 * d(2D+6); with allow_horiz, 1/4 one horizontal river; else with
 * allow_more 1/3 two or three vertical rivers; else one.  Then
 * restore_walls(keep_fluids).  Records river, river_orient, river_count,
 * river_fluid, river_bridge, river_x, river_width and river_drift as the
 * wiki ruleset does.  Draws from r (the water stream). */
void glay_rivers(level_t *lv, rng_t *r, const glay_tables_t *t, bool allow_horiz,
                 bool allow_more);

/* The steps of a river, for layouts that draw their own (caves): the
 * river's fluid roll; one horizontal river (bridge column 8 + d60 when
 * bridge); one vertical river at x_given (> 0), or through the cell
 * `through` (its x_start pos.x + 1 - d(width), drawn from pos.y down, then
 * from pos.y up), or else at 18 + d40.  Each ends with restore_walls and
 * records itself in the river fields of obs (a vertical river as the next
 * of the level's vertical rivers). */
cell_t glay_river_fluid(rng_t *r, const glay_tables_t *t, int dlevel, int difficulty);
void glay_horiz_river(level_t *lv, rng_t *r, cell_t fluid, int width, bool bridge);
void glay_vert_river(level_t *lv, rng_t *r, cell_t fluid, int width, int x_given,
                     const point_t *through);

/* ---- game-0.10.10b's rivers (docs/rules.md H21-H24) -------------------- */

/* The positions of two and three vertical rivers, x = x_base + d(x_die)
 * [game: generator.lua:175-190], the same in both releases; bridge_die is
 * game-0.9.9.7's ignored bridge argument. */
typedef struct glay_river_pos {
    int bridge_die, x_base, x_die;
} glay_river_pos_t;
extern const glay_river_pos_t GLAY_RIVERS_TWO[2];
extern const glay_river_pos_t GLAY_RIVERS_THREE[3];

/* A river's fluid (H24, H17): lvl = dlevel + d(2D+6), then the first row
 * of rows (n of them) whose below exceeds lvl: its pick, or its fluid (a
 * keep_cave_blood row's fluid is blood when cave_fluid is). */
cell_t glay10_river_fluid(rng_t *r, const glay_tables_t *t, const glay_river_row_t *rows, int n,
                          const level_t *lv, cell_t cave_fluid);

/* One horizontal river of width w (H22): drawn across the whole map, the
 * ring columns included, then its bridges where both banks are open; no
 * re-walling.  One vertical river (H23) at position pos (0: 18 + d40,
 * drawn first) with its width drawn by width_die + width_plus after pos.
 * Each records itself in the river fields of lv->obs (a vertical river as
 * the next of the level's vertical rivers). */
void glay10_horiz_river(level_t *lv, rng_t *r, const glay_tables_t *t, cell_t fluid, int width);
void glay10_vert_river(level_t *lv, rng_t *r, const glay_tables_t *t, cell_t fluid, int pos,
                       int width_plus);

/* The pipeline's river call (H21): the fluid once (H24), then with
 * allow_horiz 1/4 one horizontal river, else with allow_more 1/3 two or
 * three vertical rivers (their positions drawn first), else one.  Draws
 * from r (the water stream). */
void glay10_rivers(level_t *lv, rng_t *r, const glay_tables_t *t, bool allow_horiz,
                   bool allow_more);

/* The empty-cell searches of H2, on a map with no things yet: a uniform
 * cell of a up to `tries` times (x, then y), then a row-by-row scan; the
 * first cell whose kind is in `ok` (glay10_empty) or that is floor with 8
 * floor neighbours (glay10_square, whose area is a shrunk by one).  false
 * when no cell of the area passes. */
#define GLAY10_EMPTY_TRIES 10001  /* [game: valk:src/vluamapnode.pas:1162-1219] */
#define GLAY10_SQUARE_TRIES 40001 /* [game: valk:src/vluamapnode.pas:1086-1115] */
bool glay10_empty(const grid_t *g, rng_t *r, const area_t *a, cellset_t ok, point_t *at);
bool glay10_square(const grid_t *g, rng_t *r, const area_t *a, point_t *at);

/* ---- layouts: each draws the whole map ------------------------------- */

/* Caves: the wiki ruleset's digging and fluid walks (caves.c) with the
 * game's cave fluid bands, then (unless ctx->p->layout_only or
 * !ctx->p->rivers) the caves' river: 1/3; horizontal with 1/3, else one
 * vertical river through a random empty cell.  Digging: ctx->layout;
 * fluids and river: ctx->water.  No rooms; the monsters are not drawn here. */
void glay_caves(layout_ctx_t *ctx, const glay_tables_t *t);
/* The caves' river cell: the game's standard_empty_coord on the fresh cave,
 * up to 5000 uniform map cells (x, then y) until one is floor, water or
 * bridge; false when none is found. */
bool standard_empty(const grid_t *g, rng_t *r, point_t *at);

/* game-0.10.10b's caves (H16-H17): the same digging with the fluid of H16
 * (its band's pick, then the first matching cave_fluid_overrides row), and
 * the river of H17 (t->w10.cave_river). */
void glay10_caves(layout_ctx_t *ctx, const glay_tables_t *t);
/* Its two parts, for the reference (src/gen/ref/gref10.c): the walks'
 * fluid (a caves_fluid_fn of layouts.h, arg the glay_water10_t), and the
 * river on the finished cave of fluid cave_fluid. */
cell_t glay10_cave_fluid(layout_ctx_t *ctx, cell_t fluid, int band, const void *arg);
void glay10_cave_river(level_t *lv, rng_t *r, const glay_tables_t *t, cell_t cave_fluid);

/* Caves_2: a cave band, walks, two smoothings, pillars, up to 5..7
 * walled buildings (one door each; no room list), fluid lakes of a fluid
 * chosen lava / water 1/4 / acid 1/4, and a last clean-up of thin fluid.
 * Geometry: ctx->layout; the fluid's choice and lakes: ctx->water. */
void glay_caves_2(layout_ctx_t *ctx, const glay_tables_t *t);
/* game-0.10.10b's caves_2 (H19): the blob starts by glay10_square; the
 * lakes blood with 1/caves2_blood_die past caves2_blood_above (glay_const_t,
 * which game-0.9.9.7 has 0: never). */
void glay10_caves_2(layout_ctx_t *ctx, const glay_tables_t *t);

/* Lava: a lava map with a permanent-lava border, three big quads with
 * bridge edges and floor corners, then up to 8 walled rooms with one door
 * each, added to lv->rooms (their wall rings).  ctx->layout only. */
void glay_lava(layout_ctx_t *ctx, const glay_tables_t *t);
/* game-0.10.10b's lava (H20): the fluid one of lava, lava, acid, blood by a
 * d2 (to dlevel 30), d3 (31-40) or d4, drawn first, filling the whole map
 * with its ring (no CELL_EDGE); the quads and rooms with that fluid. */
void glay10_lava(layout_ctx_t *ctx, const glay_tables_t *t);

/* game-0.10.10b's tiled layout (H11) and its room list (H12): the plots
 * A, B, C, the door candidates and their priority and normal lists, then
 * the room scan dropping every entry with a wall inside (counted in
 * obs.game.rooms_dropped).  Used by normal, single and single-plus. */
void glay10_tiled(layout_ctx_t *ctx, const glay_tables_t *t);

/* Arena: an open floor, three fluid passes (ctx->water), one of the seven
 * corner tiles mirrored into the four corners (four stairs, in lv->stairs),
 * the centre scheme random(min(ceil(dl/10),4), min(ceil(dl/4),7)) centred on
 * (38,10) (lv->keepout), the start (38,10) (ctx->layout for the picks). */
void glay_arena(layout_ctx_t *ctx, const glay_tables_t *t);
/* The arena's scheme range at a dlevel: min(ceil(dl/10), 4) ..
 * min(ceil(dl/4), 7). */
int glay_arena_scheme_low(int dlevel);
int glay_arena_scheme_high(int dlevel);

/* n cells from p set to k (a river's row or strip: a few cells), by
 * stores of 8, 4, 2 or 1 bytes, the first and last ones overlapping,
 * instead of a call to memset per row; every byte the same, so no byte
 * order. */
static inline void glay_fill_run(uint8_t *p, int n, cell_t k)
{
    if (n > 16) {
        memset(p, (int)k, (size_t)n);
    } else if (n >= 8) {
        const uint64_t v = UINT64_C(0x0101010101010101) * (uint8_t)k;
        memcpy(p, &v, sizeof v);
        memcpy(p + n - 8, &v, sizeof v);
    } else if (n >= 4) {
        const uint32_t v = UINT32_C(0x01010101) * (uint8_t)k;
        memcpy(p, &v, sizeof v);
        memcpy(p + n - 4, &v, sizeof v);
    } else if (n >= 2) {
        const uint16_t v = (uint16_t)(0x0101u * (uint8_t)k);
        memcpy(p, &v, sizeof v);
        memcpy(p + n - 2, &v, sizeof v);
    } else if (n == 1) {
        p[0] = (uint8_t)k;
    }
}

#endif

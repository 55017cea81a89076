/* tally.c - the histogram schema and the per-stratum counting of tally.h.
 *
 * Each schema row names an observation and how a level feeds it.  Rows that
 * concern a subset of levels (river fluid: only levels with a river) simply
 * add nothing for the others, so a histogram's total is the number of
 * relevant observations, which is what the statistics need.
 */
#include "tally.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "episode.h"
#include "metrics.h"
#include "observer.h"
#include "poptable.h"

/* a bin per outcome row a population table can hold */
#define N_SINGLE_OUTCOMES POP_MAX_OUTCOMES

/* ---- bin labels ---- */
static const char *const LBL_NO_YES[] = {"no", "yes"};
static const char *const LBL_GAME_VAULT_LOCK[] = {"none", "no_key", "open", "locked"};
static const char *const LBL_GAME_FLOOD_ENDS[] = {"opposite", "not"};
#define LBL_TYPE LEVEL_TYPE_NAMES
#define LBL_ORIENT RIVER_ORIENT_NAMES
/* the fluid cells' names, in fluid_bin's order */
#define LBL_FLUID (CELL_NAMES + CELL_WATER)
_Static_assert(CELL_ACID == CELL_WATER + 1 && CELL_LAVA == CELL_WATER + 2, "fluids in a row");
static const char *const LBL_RIVER_FLUIDS[] = {"neither", "river", "fluids", "both"};
static const char *const LBL_BRIDGE_ORIENT[] = {"horizontal-no", "horizontal-yes", "vertical-no",
                                                "vertical-yes"};
/* A vertical river's net drift over its 20 rows, -20..20 (19 drift draws
 * reach at most 19 either way). */
#define DRIFT_MAX 20
static const char *const LBL_DRIFT[2 * DRIFT_MAX + 1] = {
    "-20", "-19", "-18", "-17", "-16", "-15", "-14", "-13", "-12", "-11", "-10", "-9", "-8", "-7",
    "-6",  "-5",  "-4",  "-3",  "-2",  "-1",  "0",   "1",   "2",   "3",   "4",   "5",  "6",  "7",
    "8",   "9",   "10",  "11",  "12",  "13",  "14",  "15",  "16",  "17",  "18",  "19", "20"};
#define LBL_SPECIAL SPECIAL_KIND_NAMES
static const char *const LBL_ARENA[] = {"5x5", "7x5", "7x7", "9x7"};
#define LBL_AMMO AMMO_NAMES
#define LBL_FAIL FAILURE_NAMES
/* wall N's axis (wall_orientation) */
#define LBL_WALL(n) #n "-vertical", #n "-horizontal"
static const char *const LBL_WALL_AXIS[2 * OBS_WALLS] = {
    LBL_WALL(1), LBL_WALL(2), LBL_WALL(3), LBL_WALL(4), LBL_WALL(5),
    LBL_WALL(6), LBL_WALL(7), LBL_WALL(8), LBL_WALL(9), LBL_WALL(10)};
#undef LBL_WALL
_Static_assert(OBS_WALLS == 10, "LBL_WALL_AXIS names ten walls");
/* a wall's axis, then the parity of its point's x and y (wall_parity) */
static const char *const LBL_PARITY[8] = {
    "vertical-even-even",   "vertical-even-odd",   "vertical-odd-even",   "vertical-odd-odd",
    "horizontal-even-even", "horizontal-even-odd", "horizontal-odd-even", "horizontal-odd-odd"};
/* a plotted point on the final map: a door, or covered by a river or fluid */
static const char *const LBL_POINT[3] = {"no", "yes", "water"};
static const char *const LBL_MIRROR[4] = {"none", "x", "y", "both"};
static const char *const LBL_SIDE[4] = {"top", "bottom", "left", "right"};
static const char *const LBL_QUARTER[4] = {"first", "second", "third", "fourth"};
/* what a warehouse room holds inside its walls on the final map (wh_room_blocks) */
static const char *const LBL_BLOCKS[4] = {"none", "boxes", "wall-blocks", "both"};

static inline void bump(uint64_t *bins, int nbins, int v)
{
    if (v < 0)
        return;
    /* values past the last bin are rare: the clamp is a branch the
     * predictor learns, off the common path (and gone where v's type
     * cannot pass the last bin) */
    const int last = nbins - 1;
    if (__builtin_expect(v > last, 0))
        v = last;
    bins[v]++;
}

static inline int fluid_bin(int cell)
{
    switch (cell) {
    case CELL_WATER: return 0;
    case CELL_ACID: return 1;
    case CELL_LAVA: return 2;
    case CELL_MUD: return 3;
    case CELL_BLOOD: return 4;
    default: return -1;
    }
}

/* ---- the schema ---- */
/* bins shared by several rows, or sized by a limit */
#define N_ROOMS (LEVEL_MAX_ROOMS + 1)
#define N_DOORS 256
#define N_WIDTH (GRID_W + 1)
#define N_HEIGHT (GRID_H + 1)
#define N_AREA (GRID_W * GRID_H + 1)
#define N_ITEMS (LEVEL_MAX_ITEMS + 1)
#define N_X (GRID_STRIDE)      /* x 0..79: every map column below the last bin */
#define N_Y (GRID_H + 2)       /* y 0..21 */
#define N_BLOCKS 16            /* small rooms sublayout index (12 used) */
#define N_SMALL_COUNT 17
#define N_MARGIN 10
#define N_SIZE 24              /* first city building's width or height */
#define N_BOX 8
#define N_TRIES 256
#define N_STAIRS (LEVEL_MAX_STAIRS + 1)
#define N_SPECIAL (LEVEL_MAX_SPECIAL + 1)
#define N_FLUID_AREA 161       /* fluid rooms' area, limit 120 below the last bin */
#define N_RIVER_W 8            /* a river's width (d3+1 .. d3+3: 2..6) */
#define N_INNER 48             /* small rooms: wall cells inside a section, per sublayout */
#define N_TRIES_SMALL 128      /* extra-door and city tries, cave walk counts */
#define N_CAVE_FIRST 192       /* the caves' first walk: d40+100 steps */
#define N_MAZE_TRIES 512       /* maze tries per style: 500, 300 or 100 */
#define N_LENGTH 128           /* steps per fluid walk */
#define N_RIVER_X (GRID_W + 2)
/* the fluids of fluid_bin, named by the ruleset's tables (game-0.10.10b's
 * mud and blood after the three every ruleset has) */
#define N_FLUID_BINS 5
#define N_CENSUS 16            /* walls, sections, stray cells per level (15: 15 or more) */
#define N_KINDS (OBS_SECTIONS + 2) /* distinct sublayouts per level, 0..12 and more */
#define N_CENTRE 128           /* arena_centre: per picture, centre_walls 0..127 */
/* the game-0.9.9.7 ruleset's own observations */
#define N_GAME_ROOMS 16        /* special rooms rolled: 4..10, 4..12 in cities */
#define N_GAME_BARRELS 64      /* the barrel count: 12 or 50 */
#define N_GAME_TILE 8          /* arena corner tile 1..7 */
#define N_GAME_SETS 24         /* cave monster sets, data/game-0.9.9.7/population.json */
#define N_STYLE (EPISODE_MAX_STYLE_ID + 1) /* style ids 1..EPISODE_MAX_STYLE_ID */
#define N_GAME_EVENTS TABLES_MAX_EVENTS /* the events of population.json events.list */
#define N_GAME_GROUP 32        /* a group's members drawn (the game's table: 1..16) */
#define N_GAME_COUNT 32        /* caves_2's counts drawn (<= 15), lava's room tries (8) */
#define N_GAME_QUAD_W (GRID_W + 2) /* a lava quad's drawn width, 10..70 */
#define N_GAME_QUAD_H (GRID_H + 2) /* and height, 8..18 */
#define N_GAME_WH_TRIES 64     /* a warehouse room's crate-site draws: 30 */
#define N_GAME_GUARDS 32       /* a vault's guards drawn: at most 4 + 2 + 6 */
#define N_GAME_SIZE 64         /* caves_2's blob sizes (<= 60) and walk lengths (<= 50) */

/* The schema, one row per histogram in report order: C rows are counts fed
 * by add_<id>, R rows counts fed by add_<id> that tally_add feeds in loops
 * of its own (the three per-room rows in one loop, the rows of one walk over
 * the monster kinds or the special kinds together, the layout rows group by
 * group for the level's type only: feed_layout), M rows moments of val_<id>, S rows moments of what the observer
 * sees (tally_add_observed feeds them from its one look; val_<id> looks
 * again, for tally_add_rows).  A C row whose bins the ruleset's
 * tables name has NAMED(kind) for its labels (tally_named_t).  Expanded into
 * the table, the slot offsets and tally_add, so all three follow one list. */
/* The observer's rows (src/gen/observer.h): what the finished level shows,
 * seen without the record, and where noted set against the record (the
 * "_vs_record" and "_lost" rows).  R rows of TALLY_ROWS: tally_add_observed
 * looks once and feeds them all; each row's value is seen_<id>'s (-1: the
 * level does not count). */
#define SEEN_ROWS(R) \
    R(seen_ring_open, "seen_ring_open", N_CENSUS, NULL, "map: ring cells that are neither wall nor ring fluid, per level") \
    R(seen_start_cell, "seen_start_cell", CELL__COUNT, NAMED(CELL), "map: the cell kind under the start") \
    R(seen_edge_cells, "seen_edge_cells", N_CENSUS, NULL, "map: CELL_EDGE (ring fluid that blocks) cells per level") \
    R(seen_ring_dry, "seen_ring_dry", N_CENSUS, NULL, "map: ring rows (a vertical river) or columns (a horizontal one) the level's rivers cross holding no fluid, levels with a river; lava levels: ring cells not fluid") \
    R(seen_tiled_offgrid, "seen_tiled_offgrid", N_CENSUS, NULL, "map, normal/single/single-plus: interior wall or door cells on an odd column and even row, levels with no fluid cell and no vault") \
    R(seen_tiled_full_columns, "seen_tiled_full_columns", N_CENSUS, NULL, "map, normal/single/single-plus: columns 6..64 whose rows 2..19 are all wall or door, levels with no fluid cell") \
    R(seen_stairs, "seen_stairs", N_STAIRS, NULL, "map: stairs cells per level") \
    R(seen_stairs_off, "seen_stairs_off", N_CENSUS, NULL, "map: listed stairs off a stairs cell plus stairs cells not listed") \
    R(seen_mon_blocked, "seen_mon_blocked", N_CENSUS, NULL, "map: monsters on wall, door, box, barrel or ring cells, per level") \
    R(seen_mon_hazard, "seen_mon_hazard", N_CENSUS, NULL, "map: monsters on acid or lava, per level") \
    R(seen_mon_stacked, "seen_mon_stacked", N_CENSUS, NULL, "map: monsters on a cell another monster holds, per level") \
    R(seen_mon_on_stairs, "seen_mon_on_stairs", N_CENSUS, NULL, "map: monsters on stairs, per level") \
    R(seen_mon_on_start, "seen_mon_on_start", N_CENSUS, NULL, "map: monsters on the start, per level") \
    R(seen_mon_keepout, "seen_mon_keepout", N_CENSUS, NULL, "map: monsters in the kept-free box, per level") \
    R(seen_item_blocked, "seen_item_blocked", N_CENSUS, NULL, "map: items on wall, door, box, barrel or ring cells, per level") \
    R(seen_item_hazard, "seen_item_hazard", N_CENSUS, NULL, "map: items on acid or lava, per level") \
    R(seen_item_stacked, "seen_item_stacked", N_CENSUS, NULL, "map: items on a cell another item holds, per level") \
    R(seen_item_on_stairs, "seen_item_on_stairs", N_CENSUS, NULL, "map: items on stairs, per level") \
    R(seen_item_on_start, "seen_item_on_start", N_CENSUS, NULL, "map: items on the start, per level") \
    R(seen_item_on_monster, "seen_item_on_monster", N_CENSUS, NULL, "map: items on a monster's cell, per level") \
    R(seen_doors_off_line, "seen_doors_off_line", N_CENSUS, NULL, "map: dry doors without wall or door on both sides along an axis, per level") \
    R(seen_door_pairs, "seen_door_pairs", N_CENSUS, NULL, "map: orthogonally adjacent door pairs, per level") \
    R(seen_rooms_outside, "seen_rooms_outside", N_CENSUS, NULL, "room list: entries not inside the map, per level") \
    R(seen_special_shared, "seen_special_shared", N_CENSUS, NULL, "room list: special rooms on a room another special room has, per level") \
    R(seen_fluid_room_floor, "seen_fluid_room_floor", N_CENSUS, NULL, "map: floor cells inside fluid special rooms, levels with one") \
    R(seen_fluid_room_kind, "seen_fluid_room_kind", 3, LBL_FLUID, "map: the first fluid special room's fluid, levels with one") \
    R(seen_vault_unboxed, "seen_vault_unboxed", N_CENSUS, NULL, "map: vaults without an inner wall box with one door, levels with a vault") \
    R(seen_box_blocks_bad, "seen_box_blocks_bad", N_CENSUS, NULL, "map: warehouse special rooms whose boxes are not whole 2x2 blocks, levels with one") \
    R(seen_doors_vs_record, "seen_doors_vs_record", 4, NULL, "map against record: door cells 0 as recorded, 1 fewer, 2 more") \
    R(seen_river_width_vs_record, "seen_river_width_vs_record", 4, NULL, "map against record, one river and no fluid pass: narrowest river section 0 the drawn width, 1 narrower, 2 wider") \
    R(seen_bridge_vs_record, "seen_bridge_vs_record", 4, NULL, "map against record, one river and no fluid pass: 0 the bridge cells are two rows (columns) of the drawn width, or none as recorded; 1 not") \
    R(seen_barrels_lost, "seen_barrels_lost", N_GAME_BARRELS, NULL, "map against record, game ruleset: barrels placed minus barrels on the map (63: fewer placed than seen)") \
    R(seen_off_spawn_excess, "seen_off_spawn_excess", N_CENSUS, NULL, "map against record: monsters on acid, lava or the kept-free box beyond the group members recorded there") \
    R(seen_unreachable_any, "seen_unreachable_any", 2, LBL_NO_YES, "map: levels with passable cells (all but wall, box, barrel and ring fluid) that the observer's own flood does not reach from the start")

/* The expressive-range rows: 2-D histograms of pairs of range metrics
 * (tally.h TALLY_RANGE, src/gen/metrics.h), R rows that tally_add_observed
 * feeds from one measure of the level; each row's bin is range_<id>'s of the
 * level's metrics (-1: the level does not count). */
#define RANGE_ROWS(R) \
    R(range_open_rooms, "range_open_rooms", TALLY_RANGE_BINS * TALLY_RANGE_BINS, NULL, "map: open share (bins of 0.05) x rooms (bins of 1), i * 20 + j, per level") \
    R(range_path_danger, "range_path_danger", TALLY_RANGE_BINS * TALLY_RANGE_BINS, NULL, "map: start-to-stairs path (bins of 5 steps) x danger placed (bins of 10), i * 20 + j, levels with a path") \
    R(range_fluid_reach, "range_fluid_reach", TALLY_RANGE_BINS * TALLY_RANGE_BINS, NULL, "map: fluid share (bins of 0.025) x reachable share (bins of 0.05), i * 20 + j, levels with a passable cell")

#define TALLY_ROWS(C, R, M, S) \
    C(levels, "levels", 1, NULL, "levels generated") \
    C(type, "type", LT__COUNT, LBL_TYPE, "levels by level type (for type shares)") \
    C(river, "river", 2, LBL_NO_YES, "levels with a river") \
    C(river_orient, "river_orientation", 3, LBL_ORIENT, "river orientation per level") \
    C(river_count, "river_count", 4, NULL, "rivers per level") \
    C(river_fluid, "river_fluid", N_FLUID_BINS, NAMED(FLUID), "fluid of the river, levels with a river") \
    C(river_bridge, "river_bridge", 2, LBL_NO_YES, "river has a bridge, levels with a river") \
    C(fluid_passes, "fluid_passes", 8, NULL, "fluid passes run per level") \
    C(fluid_kind, "fluid_kind", N_FLUID_BINS, NAMED(FLUID), "fluid of the fluid pass, levels with a pass") \
    C(fluid_walks, "fluid_walks", 16, NULL, "walks of the first fluid pass, levels with a pass") \
    C(fluid_present, "fluid_present", 2, LBL_NO_YES, "any water, acid or lava on the final map") \
    C(fluid_length, "fluid_length", N_LENGTH, NULL, "steps per walk of the first fluid pass, levels with a pass") \
    C(fluid_length2, "fluid_length_second", N_LENGTH, NULL, "steps per walk of the second fluid pass, levels with two or more") \
    C(river_fluids, "river_and_fluids", 4, LBL_RIVER_FLUIDS, "river drawn, fluid pass run, neither or both, per level") \
    C(river_bridge_orient, "river_bridge_by_orientation", 4, LBL_BRIDGE_ORIENT, "bridge by river orientation, levels with a river") \
    C(river_x_one, "river_x_one", N_RIVER_X, NULL, "x of a level's one vertical river before drift (first column x+1)") \
    C(river_x_two, "river_x_two", N_RIVER_X, NULL, "x of both rivers of a two-river level, before drift") \
    C(river_x_three, "river_x_three", N_RIVER_X, NULL, "x of the three rivers of a three-river level, before drift") \
    C(river_drift, "river_drift", 2 * DRIFT_MAX + 1, LBL_DRIFT, "one vertical river: x at row 20 minus x at row 1") \
    C(river_w_one, "river_width_one", N_RIVER_W, NULL, "width of a level's one vertical river, as drawn") \
    C(river_w_two, "river_width_two", N_RIVER_W, NULL, "width of both rivers of a two-river level, as drawn") \
    C(river_w_three, "river_width_three", N_RIVER_W, NULL, "width of the three rivers of a three-river level, as drawn") \
    C(river_w_horizontal, "river_width_horizontal", N_RIVER_W, NULL, "width of a horizontal river, as drawn") \
    C(rooms, "rooms", N_ROOMS, NULL, "entries of the room list per level") \
    C(rooms_ge4, "rooms_ge4", N_ROOMS, NULL, "rooms with both sides >= 4 per level") \
    C(rooms_small, "rooms_small", N_ROOMS, NULL, "2x2 dead-end entries per level") \
    C(doors, "doors", N_DOORS, NULL, "door cells per level") \
    R(wall_orientation, "wall_orientation", 2 * OBS_WALLS, LBL_WALL_AXIS, "normal: each wall's axis, per wall") \
    R(wall_parity, "wall_parity", 8, LBL_PARITY, "normal: wall axis and the parity of its point's x and y, per wall") \
    R(wall_door, "wall_door", 3, LBL_POINT, "normal: the wall's point is a door (or under water) on the final map") \
    R(wall1_x, "wall1_x", N_X, NULL, "normal: x of wall 1's point") \
    R(wall2_x, "wall2_x", N_X, NULL, "normal: x of wall 2's point") \
    R(wall12_y, "wall12_y", N_Y, NULL, "normal: y of the points of walls 1 and 2") \
    R(wall_h_x, "wall_h_x", N_X, NULL, "normal: x of the points of walls 3-10 seen horizontal") \
    R(wall_h_y, "wall_h_y", N_Y, NULL, "normal: y of the points of walls 3-10 seen horizontal") \
    R(wall_v_x, "wall_v_x", N_X, NULL, "normal: x of the points of walls 3-10 seen vertical") \
    R(wall_v_y, "wall_v_y", N_Y, NULL, "normal: y of the points of walls 3-10 seen vertical") \
    R(door_tries, "extra_door_tries", N_TRIES_SMALL, NULL, "normal: extra-door tries made, per level") \
    R(section_block, "section_block", N_BLOCKS, NULL, "small rooms: sublayout (0-based, the wiki's order) per section") \
    R(section_mirror, "section_mirror", 4, LBL_MIRROR, "small rooms: mirroring per section") \
    R(frame_doors, "frame_doors", N_SMALL_COUNT, NULL, "small rooms: door cells on or outside the outer frame, per level") \
    R(section_walls, "section_walls", N_BLOCKS * N_INNER, NULL, "small rooms: sublayout index * 48 + wall and door cells strictly inside the section's 17x5 interior, per section") \
    R(building_doors, "building_doors", 4, NULL, "city: door cells on a building's walls, per building") \
    R(building_corner_doors, "building_corner_doors", N_SMALL_COUNT, NULL, "city: door cells on building corners, per level") \
    R(building_margin, "building_margin", N_MARGIN, NULL, "city: floor cells between a building and the outer wall") \
    R(building_gap, "building_gap", N_X, NULL, "city: fewest cells between two buildings, levels with two or more") \
    R(first_building_w, "first_building_w", N_SIZE, NULL, "city without a river: the first building's width") \
    R(first_building_h, "first_building_h", N_SIZE, NULL, "city without a river: the first building's height") \
    R(first_building_x, "first_building_x", N_X, NULL, "city without a river: the first building's left wall x") \
    R(first_building_y, "first_building_y", N_Y, NULL, "city without a river: the first building's top wall y") \
    R(first_door_side, "first_door_side", 4, LBL_SIDE, "city without a river: the first building's door's wall") \
    R(first_door_quarter, "first_door_quarter", 4, LBL_QUARTER, "city without a river: quarter of its wall with the first building's door") \
    R(city_tries, "city_tries", N_TRIES_SMALL, NULL, "city: building tries made, per level") \
    R(divider_x, "divider_x", N_X, NULL, "warehouse: divider columns, per divider") \
    R(wh_box_size, "wh_box_size", N_BOX, NULL, "warehouse: box size, per room") \
    R(wh_box_tries, "wh_box_tries", N_TRIES, NULL, "warehouse: box placement tries, per room") \
    R(wh_wall_blocks, "wh_wall_blocks", 2, LBL_NO_YES, "warehouse: room filled with wall blocks, per room") \
    R(wh_door_y, "wh_door_y", N_Y, NULL, "warehouse: y of each divider's door, per divider") \
    R(cave_first_walk, "cave_first_walk", N_CAVE_FIRST, NULL, "caves: steps of the first walk as drawn") \
    R(cave_early_walks, "cave_early_walks", N_TRIES_SMALL, NULL, "caves: walks made after the first, before the first fluid pass") \
    R(cave_late_walks, "cave_late_walks", N_TRIES_SMALL, NULL, "caves: walks made between the two fluid passes") \
    R(maze_first_x, "maze_first_x", N_X, NULL, "maze: x of the first try's grid point") \
    R(maze_first_y, "maze_first_y", N_Y, NULL, "maze: y of the first try's grid point") \
    R(maze_tries, "maze_tries", N_MAZE_TRIES, NULL, "maze: tries made, per level") \
    C(start_x, "start_x", N_X, NULL, "x of the player's start") \
    C(start_y, "start_y", N_Y, NULL, "y of the player's start") \
    R(stair_corners, "stair_corners", 6, NULL, "map corners with stairs in their 3x3 interior block, per level") \
    R(stairs_off_corner, "stairs_off_corner", N_STAIRS, NULL, "stairs outside the corner blocks, per level") \
    C(special_per_level, "special_per_level", N_SPECIAL, NULL, "special rooms placed per level") \
    R(special_w_warehouse, "special_w_warehouse", N_X, NULL, "width of each warehouse special room") \
    R(special_h_warehouse, "special_h_warehouse", N_Y, NULL, "height of each warehouse special room") \
    R(special_w_fluid, "special_w_fluid", N_X, NULL, "width of each fluid special room") \
    R(special_h_fluid, "special_h_fluid", N_Y, NULL, "height of each fluid special room") \
    R(special_area_fluid, "special_area_fluid", N_FLUID_AREA, NULL, "area of each fluid special room") \
    R(special_w_ammo, "special_w_ammo", N_X, NULL, "width of each ammo special room") \
    R(special_h_ammo, "special_h_ammo", N_Y, NULL, "height of each ammo special room") \
    R(special_w_teleporter, "special_w_teleporter", N_X, NULL, "width of each teleporter special room") \
    R(special_h_teleporter, "special_h_teleporter", N_Y, NULL, "height of each teleporter special room") \
    R(special_w_lever, "special_w_lever", N_X, NULL, "width of each lever special room") \
    R(special_h_lever, "special_h_lever", N_Y, NULL, "height of each lever special room") \
    R(special_w_vault, "special_w_vault", N_X, NULL, "width of each vault special room") \
    R(special_h_vault, "special_h_vault", N_Y, NULL, "height of each vault special room") \
    R(room_width, "room_width", N_WIDTH, NULL, "room widths, walls included, per room") \
    R(room_height, "room_height", N_HEIGHT, NULL, "room heights, walls included, per room") \
    R(room_area, "room_area", N_AREA, NULL, "room areas, walls included, per room") \
    C(variant, "layout_variant", 16, NULL, "warehouse rooms, maze style, arena centre") \
    C(special_rolled, "special_rolled", 8, NULL, "special rooms rolled (7d2-7), types with special rooms") \
    R(special_drawn, "special_drawn", SPECIAL__COUNT, LBL_SPECIAL, "special room kinds drawn, placed or skipped") \
    R(special_placed, "special_placed", SPECIAL__COUNT, LBL_SPECIAL, "special rooms placed by kind") \
    R(special_skipped, "special_skipped", SPECIAL__COUNT, LBL_SPECIAL, "special rooms skipped (no room fits) by kind") \
    R(monsters_by_kind, "monsters_by_kind", MONSTER_KINDS_MAX, NAMED(MONSTER), "monsters placed by kind") \
    C(hunting, "hunting", 2, LBL_NO_YES, "monsters by hunting state") \
    C(items, "items", N_ITEMS, NULL, "items per level") \
    C(first_monster, "first_monster", MONSTER_KINDS_MAX, NAMED(MONSTER), "kind of the first monster, levels with monsters") \
    R(monster_kinds, "monster_kinds", 8, NULL, "distinct monster kinds per level (7: 7 or more), levels with monsters") \
    C(cave_roll, "cave_roll", 256, NULL, "cave monster roll d5+dlevel+3(D-2)-3") \
    C(cave_outcome, "cave_outcome", MONSTER_KINDS_MAX, NAMED(CAVE_OUTCOME), "cave monster outcome row") \
    C(single_roll, "single_roll", 32, NULL, "single monster roll d10+min(dlevel+3(D-2)-4,20)") \
    C(single_outcome, "single_outcome", N_SINGLE_OUTCOMES, NAMED(SINGLE_OUTCOME), "single monster outcome row") \
    C(arena_roll, "arena_roll", 64, NULL, "arena centre roll d25+min(dlevel,25)") \
    C(arena_layout, "arena_layout", 4, LBL_ARENA, "arena centre layout") \
    C(fluid_room_roll, "fluid_room_roll", 64, NULL, "fluid room roll d10+dlevel/5") \
    C(fluid_room_kind, "fluid_room_kind", 3, LBL_FLUID, "fluid room fluid") \
    C(ammo_roll, "ammo_roll", 128, NULL, "ammo room roll d3+dlevel") \
    C(ammo_kind, "ammo_kind", 4, LBL_AMMO, "ammo room kind") \
    C(ammo_stacks, "ammo_stacks", 8, NULL, "ammo room stacks d3+2") \
    R(walls_plotted, "walls_plotted", N_CENSUS, NULL, "normal and single: walls plotted per level") \
    R(sections, "sections", N_CENSUS, NULL, "small rooms: sections drawn per level") \
    R(section_kinds, "section_kinds", N_KINDS, NULL, "small rooms: distinct sublayouts among a level's sections") \
    R(line_gaps, "line_gaps", N_CENSUS, NULL, "small rooms: floor cells on the 4x3 grid's wall lines, final map (the observer's)") \
    R(stray_walls, "stray_walls", N_CENSUS, NULL, "arena: wall cells off the border and the centre box; city: off the border and the buildings' rings; final map (the observer's)") \
    R(arena_centre, "arena_centre", 4 * N_CENTRE, NULL, "arena: picture rolled * 128 + wall cells in the 9x7 box around the start (+64 when not mirror-symmetric; the observer's)") \
    R(building_river, "building_river", N_CENSUS, NULL, "city with a river: building cells that are river cells, before the fluid pass") \
    R(wh_room_blocks, "wh_room_blocks", 4, LBL_BLOCKS, "warehouse: what each room holds inside its walls on the final map (the observer's)") \
    R(foreign_monsters, "foreign_monsters", N_CENSUS, NULL, "single monster: monsters of kinds the outcome does not name, levels with monsters") \
    C(failure, "failure", FAIL__COUNT, LBL_FAIL, "generation failures by reason") \
    M(budget, "budget", "danger budget after the type modifier") \
    M(danger, "danger_placed", "danger of the monsters placed") \
    M(monsters, "monsters", "monsters per level") \
    M(fluid_cells, "fluid_cells", "water, acid and lava cells per level") \
    S(unreachable, "unreachable", "map: passable cells the observer's flood does not reach from the start (seen_unreachable_any: levels with any)") \
    M(retries, "retries", "generation retries per level") \
    C(game_river_mix, "game_river_mix", 5, LBL_GAME_RIVER_MIX, "game ruleset: the river drawn, none, horizontal or one, two, three vertical") \
    C(game_special_rolled, "game_special_rolled", N_GAME_ROOMS, NULL, "game ruleset: special rooms rolled (handle_rooms' count), types with special rooms") \
    C(game_barrel_count, "game_barrel_count", N_GAME_BARRELS, NULL, "game ruleset: the barrel count roll, 0 on types without barrels") \
    C(game_barrel_kinds, "game_barrel_kinds", 6, LBL_GAME_BARREL_KINDS, "game ruleset: the barrel kinds a level shows, levels with barrels") \
    C(game_arena_tile, "game_arena_tile", N_GAME_TILE, NULL, "game ruleset: the arena's corner tile, 1..7") \
    C(game_cave_set, "game_cave_set", N_GAME_SETS, NULL, "game ruleset: the caves' monster set (0-based, population.json caves.sets)") \
    C(game_event, "game_event", 3, LBL_GAME_EVENT, "game ruleset: the generator rolls no event, rolled none, or an event") \
    C(game_event_kind, "game_event_kind", N_GAME_EVENTS, NULL, "game ruleset: the event drawn (0-based, population.json events.list), levels with an event") \
    C(game_room_picks, "game_room_picks", SPECIAL__COUNT, SPECIAL_KIND_NAMES, "game ruleset: special-room picks by type, set up or lost, per pick") \
    C(game_group_size, "game_group_size", N_GAME_GROUP, NULL, "game ruleset: members drawn for the monster flood's first group, levels with a group") \
    C(game_lake_fluid, "game_lake_fluid", N_FLUID_BINS, NAMED(FLUID), "game ruleset caves-2: the fluid of its lakes; game-0.10.10b lava: the fluid of the level (H20)") \
    C(game_lava_refill, "game_lava_refill", 8, NULL, "game ruleset lava: the big quads whose inside was refilled with lava, bit i quad i") \
    C(game_hriver_drift, "game_hriver_drift", 2 * DRIFT_MAX + 1, LBL_DRIFT, "game ruleset: a horizontal river's first row at column 78 minus at column 1") \
    C(game_caves2_pillars, "game_caves2_pillars", N_GAME_COUNT, NULL, "game ruleset caves-2: the pillars drawn") \
    C(game_caves2_buildings, "game_caves2_buildings", N_GAME_COUNT, NULL, "game ruleset caves-2: the buildings drawn (placed: at most that many)") \
    C(game_caves2_lakes, "game_caves2_lakes", N_GAME_COUNT, NULL, "game ruleset caves-2: the lakes drawn") \
    C(game_lava_quad_w, "game_lava_quad_w", N_GAME_QUAD_W, NULL, "game ruleset lava: each big quad's drawn width, per quad") \
    C(game_lava_quad_h, "game_lava_quad_h", N_GAME_QUAD_H, NULL, "game ruleset lava: each big quad's drawn height, per quad") \
    C(game_lava_room_tries, "game_lava_room_tries", N_GAME_COUNT, NULL, "game ruleset lava: the room sites drawn") \
    C(game_wh_room_tries, "game_wh_room_tries", N_GAME_WH_TRIES, NULL, "game ruleset: the crate sites the first warehouse room drew, levels with one") \
    C(game_vault_guards, "game_vault_guards", N_GAME_GUARDS, NULL, "game ruleset: the guards the first vault drew, levels with a vault") \
    C(game_vault_guard_kind, "game_vault_guard_kind", MONSTER_KINDS_MAX, NAMED(MONSTER), "game ruleset: the kind of the first vault's guards, levels with a vault") \
    C(game_vault_loot, "game_vault_loot", N_GAME_COUNT, NULL, "game ruleset: the loot items the first vault drew, levels with a vault") \
    C(game_hriver_bridge, "game_hriver_bridge", N_GAME_QUAD_W, NULL, "game ruleset: a bridged horizontal river's first bridge column") \
    C(game_vriver_bridge, "game_vriver_bridge", N_GAME_QUAD_H, NULL, "game ruleset: the first vertical river's first bridge row") \
    C(game_caves2_pillar_size, "game_caves2_pillar_size", N_GAME_SIZE, NULL, "game ruleset caves-2: the first pillar's drawn size") \
    C(game_caves2_lake_size, "game_caves2_lake_size", N_GAME_SIZE, NULL, "game ruleset caves-2: the first lake's drawn size") \
    C(game_caves2_walk_early, "game_caves2_walk_early", N_GAME_SIZE, NULL, "game ruleset caves-2: the early walks' length") \
    C(game_caves2_walk_late, "game_caves2_walk_late", N_GAME_SIZE, NULL, "game ruleset caves-2: the late walks' length") \
    C(game_lava_room_w, "game_lava_room_w", N_GAME_QUAD_W, NULL, "game ruleset lava: the first room site's drawn width") \
    C(game_lava_room_h, "game_lava_room_h", N_GAME_QUAD_H, NULL, "game ruleset lava: the first room site's drawn height") \
    C(style, "style", N_STYLE, NULL, "game rulesets: the level's style id (episode.json), levels with a style") \
    C(game_vault_lock, "game_vault_lock", 4, LBL_GAME_VAULT_LOCK, "game ruleset with a vault lock: the first vault had no key cell, was open or locked, levels with a vault") \
    C(game_lever_kind, "game_lever_kind", 16, NULL, "game ruleset with lever_kinds: the last lever's kind (0-based, population.json lever_kinds), levels with a lever") \
    C(game_flood_ends, "game_flood_ends", 2, LBL_GAME_FLOOD_ENDS, "levels whose flood event moved them: the stairs and the player in opposite end zones (x <= 20 and x >= 60) or not") \
    C(game_barrels_wet, "game_barrels_wet", N_GAME_BARRELS, NULL, "game ruleset: barrels placed on a liquid cell, levels with barrels") \
    C(game_start_wet, "game_start_wet", 2, LBL_NO_YES, "game ruleset: the player's start on a liquid cell of the finished map, levels with a start") \
    C(game_rooms_dropped, "game_rooms_dropped", N_CENSUS, NULL, "game ruleset normal, single, single-plus: room-list entries the reader dropped for a wall inside (game-0.10.10b, docs/rules.md H12)") \
    C(game_vriver_bridge_rows, "game_vriver_bridge_rows", N_GAME_QUAD_H, NULL, "game-0.10.10b, levels whose first vertical river has a bridge: its rows holding bridge cells once its bridges are drawn (docs/rules.md H23)") \
    M(rooms_river, "rooms_with_river", "entries of the room list, levels with a river") \
    M(rooms_dry, "rooms_without_river", "entries of the room list, levels without a river") \
    SEEN_ROWS(R) \
    RANGE_ROWS(R)

/* Each count row's bins, NB_<id>: its feeder clamps to them, so the row
 * states them once. */
enum tally_bins {
#define NB_COUNTS(id, n, nb, lbl, d) NB_##id = (nb),
#define NB_MOMENTS(id, n, d)
    TALLY_ROWS(NB_COUNTS, NB_COUNTS, NB_MOMENTS, NB_MOMENTS)
#undef NB_COUNTS
#undef NB_MOMENTS
};

/* The tables name these rows' bins as they load (tables_name_bins), before
 * any tally: each row has a bin for every row its table can hold. */
_Static_assert(NB_monsters_by_kind >= MONSTER_KINDS_MAX && NB_first_monster >= MONSTER_KINDS_MAX,
               "a bin per row of a monster table");
_Static_assert(NB_cave_outcome >= POP_MAX_OUTCOMES, "a bin per cave outcome row");
_Static_assert(NB_single_outcome >= POP_MAX_OUTCOMES && NB_single_outcome >= TABLES_MAX_SINGLE_OUTCOMES,
               "a bin per single monster outcome row, of either ruleset");

/* ---- feeders: one per histogram ---- */
/* A feeder counting one value of the level, clamped to its row's bins. */
#define VALUE_FEEDER(id, v) \
    static void add_##id(const level_t *lv, uint64_t *b) { bump(b, NB_##id, v); }
static void add_levels(const level_t *lv, uint64_t *b) { (void)lv; b[0]++; }
static void add_type(const level_t *lv, uint64_t *b) { b[lv->type]++; }
static void add_river(const level_t *lv, uint64_t *b) { b[lv->obs.river ? 1 : 0]++; }
VALUE_FEEDER(river_orient, lv->obs.river_orient)
VALUE_FEEDER(river_count, lv->obs.river_count)
static void add_river_fluid(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river)
        bump(b, NB_river_fluid, fluid_bin(lv->obs.river_fluid));
}
static void add_river_bridge(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river)
        b[lv->obs.river_bridge ? 1 : 0]++;
}
VALUE_FEEDER(fluid_passes, lv->obs.fluid_passes)
static void add_fluid_kind(const level_t *lv, uint64_t *b)
{
    if (lv->obs.fluid_passes)
        bump(b, NB_fluid_kind, fluid_bin(lv->obs.fluid_kind));
}
static void add_fluid_walks(const level_t *lv, uint64_t *b)
{
    if (lv->obs.fluid_passes)
        bump(b, NB_fluid_walks, lv->obs.fluid_walks);
}
static void add_fluid_present(const level_t *lv, uint64_t *b)
{
    const uint16_t *f = lv->obs.fluid_cells;
    b[(f[0] + f[1] + f[2]) > 0 ? 1 : 0]++;
}
static void add_fluid_length(const level_t *lv, uint64_t *b)
{
    if (lv->obs.fluid_passes)
        bump(b, NB_fluid_length, lv->obs.fluid_length);
}
static void add_fluid_length2(const level_t *lv, uint64_t *b)
{
    if (lv->obs.fluid_passes >= 2)
        bump(b, NB_fluid_length2, lv->obs.fluid_length2);
}
static void add_river_fluids(const level_t *lv, uint64_t *b)
{
    b[(lv->obs.river ? 1 : 0) + (lv->obs.fluid_passes ? 2 : 0)]++;
}
static void add_river_bridge_orient(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river)
        b[(lv->obs.river_orient == RIVER_VERTICAL ? 2 : 0) + (lv->obs.river_bridge ? 1 : 0)]++;
}
/* Levels whose river is one vertical river (the caves' too). */
static inline bool one_vertical(const obs_t *o)
{
    return o->river && o->river_orient == RIVER_VERTICAL && o->river_count == 1;
}
static void add_river_x_one(const level_t *lv, uint64_t *b)
{
    if (one_vertical(&lv->obs))
        bump(b, NB_river_x_one, lv->obs.river_x[0]);
}
static void add_river_x_two(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river && lv->obs.river_count == 2)
        for (int i = 0; i < 2; i++)
            bump(b, NB_river_x_two, lv->obs.river_x[i]);
}
static void add_river_x_three(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river && lv->obs.river_count == 3)
        for (int i = 0; i < 3; i++)
            bump(b, NB_river_x_three, lv->obs.river_x[i]);
}
static void add_river_drift(const level_t *lv, uint64_t *b)
{
    if (one_vertical(&lv->obs))
        bump(b, NB_river_drift, lv->obs.river_drift + DRIFT_MAX);
}
/* each river's drawn width, by kind of river set */
static void add_river_w_one(const level_t *lv, uint64_t *b)
{
    if (one_vertical(&lv->obs))
        bump(b, NB_river_w_one, lv->obs.river_width[0]);
}
static void add_river_w_two(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river && lv->obs.river_count == 2)
        for (int i = 0; i < 2; i++)
            bump(b, NB_river_w_two, lv->obs.river_width[i]);
}
static void add_river_w_three(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river && lv->obs.river_count == 3)
        for (int i = 0; i < 3; i++)
            bump(b, NB_river_w_three, lv->obs.river_width[i]);
}
static void add_river_w_horizontal(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river && lv->obs.river_orient == RIVER_HORIZONTAL)
        bump(b, NB_river_w_horizontal, lv->obs.river_width[0]);
}
VALUE_FEEDER(rooms, lv->obs.rooms)
VALUE_FEEDER(rooms_ge4, lv->obs.rooms_ge4)
VALUE_FEEDER(rooms_small, lv->obs.rooms_small)
VALUE_FEEDER(doors, lv->obs.doors)
/* ---- the layout rows: a reference feeder per row (tally_add_rows), and
 * one feeder per group of rows for tally_add (feed_walls ...), which tests
 * the level's kind once and walks its walls, sections, buildings or rooms
 * once for all the group's rows (test_tally holds the two equal) ---- */

/* The types whose layout plots walls (layout_normal, and game-0.10.10b's
 * tiled layout): the layouts of the others leave the walls unrecorded, so
 * the wall rows count these types only (and tally_add's instantiations for
 * the others drop them). */
static inline bool walls_type(level_type_t t)
{
    return t == LT_NORMAL || t == LT_SINGLE || t == LT_SINGLE_PLUS;
}
/* The normal layout's walls (levels that recorded them): wall i's axis, 0
 * vertical, 1 horizontal. */
static inline int walls_of(const level_t *lv)
{
    return walls_type(lv->type) && lv->obs.walls ? OBS_WALLS : 0;
}
static inline int wall_axis(const obs_t *o, int i) { return o->wall_horizontal >> i & 1; }
static void add_wall_orientation(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < walls_of(lv); i++)
        b[2 * i + wall_axis(&lv->obs, i)]++;
}
static inline int parity_bin(const obs_t *o, int i)
{
    return 4 * wall_axis(o, i) + 2 * (o->wall_at[i].x & 1) + (o->wall_at[i].y & 1);
}
static void add_wall_parity(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < walls_of(lv); i++)
        b[parity_bin(&lv->obs, i)]++;
}
/* Wall i's point on the final map: 1 a door, 2 under a river or fluid
 * (which overwrite doors), 0 anything else. */
static const uint8_t POINT_BIN[256] = {[CELL_DOOR] = 1, [CELL_WATER] = 2, [CELL_ACID] = 2,
                                       [CELL_LAVA] = 2, [CELL_BRIDGE] = 2};
static inline int point_bin(const level_t *lv, int i)
{
    const point_t p = lv->obs.wall_at[i];
    return p.x < GRID_STRIDE && p.y < GRID_H + 2 ? POINT_BIN[lv->map.c[GRID_IDX(p.x, p.y)]] : 0;
}
static void add_wall_door(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < walls_of(lv); i++)
        b[point_bin(lv, i)]++;
}
static void add_wall1_x(const level_t *lv, uint64_t *b)
{
    if (walls_of(lv))
        bump(b, NB_wall1_x, lv->obs.wall_at[0].x);
}
static void add_wall2_x(const level_t *lv, uint64_t *b)
{
    if (walls_of(lv))
        bump(b, NB_wall2_x, lv->obs.wall_at[1].x);
}
static void add_wall12_y(const level_t *lv, uint64_t *b)
{
    if (walls_of(lv)) {
        bump(b, NB_wall12_y, lv->obs.wall_at[0].y);
        bump(b, NB_wall12_y, lv->obs.wall_at[1].y);
    }
}
/* walls 3-10 plotted along one axis (0 vertical, 1 horizontal) */
static inline void add_later_walls(const level_t *lv, uint64_t *b, int axis, bool y)
{
    for (int i = 2; i < walls_of(lv); i++)
        if (wall_axis(&lv->obs, i) == axis)
            bump(b, y ? N_Y : N_X, y ? lv->obs.wall_at[i].y : lv->obs.wall_at[i].x);
}
static void add_wall_h_x(const level_t *lv, uint64_t *b) { add_later_walls(lv, b, 1, false); }
static void add_wall_h_y(const level_t *lv, uint64_t *b) { add_later_walls(lv, b, 1, true); }
static void add_wall_v_x(const level_t *lv, uint64_t *b) { add_later_walls(lv, b, 0, false); }
static void add_wall_v_y(const level_t *lv, uint64_t *b) { add_later_walls(lv, b, 0, true); }

/* small rooms */
static inline int sections_of(const level_t *lv)
{
    return lv->type == LT_SMALL_ROOMS && lv->obs.sections ? OBS_SECTIONS : 0;
}
static inline int mirror_bin(int pick)
{
    return ((pick & OBS_FLIP_X) ? 1 : 0) + ((pick & OBS_FLIP_Y) ? 2 : 0);
}
static void add_section_block(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < sections_of(lv); i++)
        bump(b, NB_section_block, lv->obs.section_pick[i] & (OBS_FLIP_X - 1));
}
static void add_section_mirror(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < sections_of(lv); i++)
        b[mirror_bin(lv->obs.section_pick[i])]++;
}
static void add_frame_doors(const level_t *lv, uint64_t *b)
{
    if (sections_of(lv))
        bump(b, NB_frame_doors, lv->obs.frame_doors);
}

/* small rooms: sublayout index and wall cells inside its section, one bin
 * per pair */
static void add_section_walls(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < sections_of(lv); i++) {
        const int w = lv->obs.section_walls[i];
        b[(lv->obs.section_pick[i] & (OBS_FLIP_X - 1)) * N_INNER +
          (w < N_INNER - 1 ? w : N_INNER - 1)]++;
    }
}
/* the counts the layouts record, each for its own type only (0: not made) */
static void add_door_tries(const level_t *lv, uint64_t *b)
{
    if (walls_of(lv))
        bump(b, NB_door_tries, lv->obs.door_tries);
}
static void add_city_tries(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CITY)
        bump(b, NB_city_tries, lv->obs.city_tries);
}
static void add_cave_first_walk(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CAVES && lv->obs.cave_first)
        bump(b, NB_cave_first_walk, lv->obs.cave_first);
}
static void add_cave_early_walks(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CAVES && lv->obs.cave_first)
        bump(b, NB_cave_early_walks, lv->obs.cave_early_walks);
}
static void add_cave_late_walks(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CAVES && lv->obs.cave_first)
        bump(b, NB_cave_late_walks, lv->obs.cave_late_walks);
}
static void add_maze_first_x(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_MAZE && lv->obs.maze_tries)
        bump(b, NB_maze_first_x, lv->obs.maze_first_x);
}
static void add_maze_first_y(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_MAZE && lv->obs.maze_tries)
        bump(b, NB_maze_first_y, lv->obs.maze_first_y);
}
static void add_maze_tries(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_MAZE && lv->obs.maze_tries)
        bump(b, NB_maze_tries, lv->obs.maze_tries);
}
/* the layouts' counts of what they drew, and the single-monster census (census_layout.h) */
static void add_walls_plotted(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_NORMAL || lv->type == LT_SINGLE)
        bump(b, NB_walls_plotted, lv->obs.walls);
}
static void add_sections(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_SMALL_ROOMS)
        bump(b, NB_sections, lv->obs.sections);
}
static void add_section_kinds(const level_t *lv, uint64_t *b)
{
    if (!sections_of(lv))
        return;
    unsigned seen = 0;
    for (int i = 0; i < OBS_SECTIONS; i++)
        seen |= 1u << (lv->obs.section_pick[i] & (OBS_FLIP_X - 1));
    bump(b, NB_section_kinds, popcount64(seen));
}
/* The layouts' geometry on the final map is the observer's (seen_t):
 * tally_add_observed feeds these rows from its look (feed_layout_seen);
 * each reference feeder looks itself. */
static void add_line_gaps(const level_t *lv, uint64_t *b)
{
    seen_t s;
    if (lv->type != LT_SMALL_ROOMS)
        return;
    observer_look(lv, &s);
    bump(b, NB_line_gaps, s.line_gaps);
}
static void add_stray_walls(const level_t *lv, uint64_t *b)
{
    seen_t s;
    if (lv->type != LT_ARENA && lv->type != LT_CITY)
        return;
    observer_look(lv, &s);
    bump(b, NB_stray_walls, s.stray_walls);
}
static void add_arena_centre(const level_t *lv, uint64_t *b)
{
    seen_t s;
    if (lv->type != LT_ARENA || lv->obs.roll.arena_layout < 0 || lv->obs.roll.arena_layout >= 4)
        return;
    observer_look(lv, &s);
    b[lv->obs.roll.arena_layout * N_CENTRE + (s.centre_walls & (N_CENTRE - 1))]++;
}
static void add_wh_room_blocks(const level_t *lv, uint64_t *b)
{
    seen_t s;
    if (lv->type != LT_WAREHOUSE)
        return;
    observer_look(lv, &s);
    for (int i = 0; i < lv->nrooms && i < SEEN_WH_ROOMS; i++)
        b[s.wh_blocks >> (2 * i) & 3]++;
}
static void add_building_river(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CITY && lv->obs.river)
        bump(b, NB_building_river, lv->obs.building_river);
}
static void add_foreign_monsters(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_SINGLE && lv->obs.monsters)
        bump(b, NB_foreign_monsters, lv->obs.foreign_monsters);
}
static void add_wh_door_y(const level_t *lv, uint64_t *b)
{
    if (lv->type != LT_WAREHOUSE)
        return;
    for (int i = 0; i < OBS_DIVIDERS; i++)
        if (lv->obs.wh_door_y[i])
            bump(b, NB_wh_door_y, lv->obs.wh_door_y[i]);
}

/* city: the buildings are the room list */
_Static_assert(sizeof ((obs_t *)0)->buildings_by_doors == NB_building_doors,
               "a bin per count the record keeps");
static void add_building_doors(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CITY)
        for (int k = 0; k < NB_building_doors; k++)
            b[k] += lv->obs.buildings_by_doors[k];
}
static void add_building_corner_doors(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CITY)
        bump(b, NB_building_corner_doors, lv->obs.building_corner_doors);
}
/* floor cells between the building's walls and the outer wall (0 when it
 * reaches the border) */
static inline int building_margin(const room_t *r)
{
    int m = r->x - 2;
    m = m < r->y - 2 ? m : r->y - 2;
    m = m < GRID_W - (r->x + r->w) ? m : GRID_W - (r->x + r->w);
    m = m < GRID_H - (r->y + r->h) ? m : GRID_H - (r->y + r->h);
    return m < 0 ? 0 : m;
}
static void add_building_margin(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CITY)
        for (int i = 0; i < lv->nrooms; i++)
            bump(b, NB_building_margin, building_margin(&lv->rooms[i]));
}
/* The fewest cells between two buildings, along the axis that parts them
 * (0: they touch, even at a corner, or overlap); -1 under two buildings.
 * Each pair once, each building's far sides summed once. */
static int building_gap(const level_t *lv)
{
    const int n = lv->nrooms;
    if (n < 2)
        return -1;
    int x0[LEVEL_MAX_ROOMS], x1[LEVEL_MAX_ROOMS], y0[LEVEL_MAX_ROOMS], y1[LEVEL_MAX_ROOMS];
    int gap = GRID_W;
    for (int i = 0; i < n; i++) {
        const room_t *q = &lv->rooms[i];
        x0[i] = q->x, x1[i] = q->x + q->w, y0[i] = q->y, y1[i] = q->y + q->h;
        for (int j = 0; j < i; j++) { /* the pairs with an earlier building */
            const int dx1 = x0[i] - x1[j], dx2 = x0[j] - x1[i];
            const int dy1 = y0[i] - y1[j], dy2 = y0[j] - y1[i];
            const int dx = dx1 > dx2 ? dx1 : dx2, dy = dy1 > dy2 ? dy1 : dy2;
            const int g = dx > dy ? dx : dy;
            gap = g < gap ? g : gap;
        }
    }
    return gap < 0 ? 0 : gap;
}
static void add_building_gap(const level_t *lv, uint64_t *b)
{
    if (lv->type == LT_CITY)
        bump(b, NB_building_gap, building_gap(lv));
}
/* The first building of a city without a river comes from the first try,
 * which always fits: its size, place and door are the rule's own draws. */
static inline bool first_building(const level_t *lv)
{
    return lv->type == LT_CITY && !lv->obs.river && lv->nrooms > 0;
}
static void add_first_building_w(const level_t *lv, uint64_t *b)
{
    if (first_building(lv))
        bump(b, NB_first_building_w, lv->rooms[0].w);
}
static void add_first_building_h(const level_t *lv, uint64_t *b)
{
    if (first_building(lv))
        bump(b, NB_first_building_h, lv->rooms[0].h);
}
static void add_first_building_x(const level_t *lv, uint64_t *b)
{
    if (first_building(lv))
        bump(b, NB_first_building_x, lv->rooms[0].x);
}
static void add_first_building_y(const level_t *lv, uint64_t *b)
{
    if (first_building(lv))
        bump(b, NB_first_building_y, lv->rooms[0].y);
}
static void add_first_door_side(const level_t *lv, uint64_t *b)
{
    if (first_building(lv) && lv->obs.first_door_side < 4)
        b[lv->obs.first_door_side]++;
}
/* the door's cell k of the n non-corner cells of its wall: quarter 4k/n */
static inline int door_quarter(const level_t *lv)
{
    const int n = (lv->obs.first_door_side < 2 ? lv->rooms[0].w : lv->rooms[0].h) - 2;
    return n > 0 ? 4 * lv->obs.first_door_at / n : -1;
}
static void add_first_door_quarter(const level_t *lv, uint64_t *b)
{
    if (first_building(lv) && lv->obs.first_door_side < 4)
        bump(b, NB_first_door_quarter, door_quarter(lv));
}

/* warehouse (the warehouse layout's levels only): a room is recorded when
 * its box size is */
static void add_divider_x(const level_t *lv, uint64_t *b)
{
    if (lv->type != LT_WAREHOUSE)
        return;
    for (int i = 0; i < OBS_DIVIDERS; i++)
        if (lv->obs.divider_x[i])
            bump(b, NB_divider_x, lv->obs.divider_x[i]);
}
static void add_wh_box_size(const level_t *lv, uint64_t *b)
{
    if (lv->type != LT_WAREHOUSE)
        return;
    for (int i = 0; i < OBS_WH_ROOMS; i++)
        if (lv->obs.wh_box[i])
            bump(b, NB_wh_box_size, lv->obs.wh_box[i]);
}
static void add_wh_box_tries(const level_t *lv, uint64_t *b)
{
    if (lv->type != LT_WAREHOUSE)
        return;
    for (int i = 0; i < OBS_WH_ROOMS; i++)
        if (lv->obs.wh_box[i])
            bump(b, NB_wh_box_tries, lv->obs.wh_tries[i]);
}
static void add_wh_wall_blocks(const level_t *lv, uint64_t *b)
{
    if (lv->type != LT_WAREHOUSE)
        return;
    for (int i = 0; i < OBS_WH_ROOMS; i++)
        if (lv->obs.wh_box[i])
            b[lv->obs.wh_walls >> i & 1]++;
}

/* start and stairs (every level that has them) */
static void add_start_x(const level_t *lv, uint64_t *b)
{
    if (lv->start.x)
        bump(b, NB_start_x, lv->start.x);
}
static void add_start_y(const level_t *lv, uint64_t *b)
{
    if (lv->start.x)
        bump(b, NB_start_y, lv->start.y);
}
/* The corner (0..3) whose CORNER_BLOCK x CORNER_BLOCK block of interior
 * cells holds p, or -1. */
#define CORNER_BLOCK 3
static inline int corner_of(point_t p)
{
    const int cx = p.x <= 1 + CORNER_BLOCK ? 0 : p.x >= GRID_W - CORNER_BLOCK ? 1 : -1;
    const int cy = p.y <= 1 + CORNER_BLOCK ? 0 : p.y >= GRID_H - CORNER_BLOCK ? 2 : -1;
    return cx < 0 || cy < 0 ? -1 : cx + cy;
}
static void add_stair_corners(const level_t *lv, uint64_t *b)
{
    if (!lv->nstairs)
        return;
    unsigned seen = 0;
    for (int i = 0; i < lv->nstairs; i++) {
        const int c = corner_of(lv->stairs[i]);
        seen |= c < 0 ? 0u : 1u << c;
    }
    b[popcount64(seen)]++;
}
static void add_stairs_off_corner(const level_t *lv, uint64_t *b)
{
    if (!lv->nstairs)
        return;
    int n = 0;
    for (int i = 0; i < lv->nstairs; i++)
        n += corner_of(lv->stairs[i]) < 0;
    bump(b, NB_stairs_off_corner, n);
}

/* special rooms placed per level, and each placed room's size by kind */
VALUE_FEEDER(special_per_level, lv->nspecial)
/* The room of special room i, NULL when the record is out of range. */
static inline const room_t *special_room(const level_t *lv, int i)
{
    const special_room_t *s = &lv->special[i];
    return s->kind < SPECIAL__COUNT && s->room < lv->nrooms ? &lv->rooms[s->room] : NULL;
}
static inline void add_special_side(const level_t *lv, uint64_t *b, int kind, bool height)
{
    for (int i = 0; i < lv->nspecial; i++) {
        const room_t *r = special_room(lv, i);
        if (r && lv->special[i].kind == kind)
            bump(b, height ? N_Y : N_X, height ? r->h : r->w);
    }
}
#define SPECIAL_SIZE_FEEDERS(k, K) \
    static void add_special_w_##k(const level_t *lv, uint64_t *b) \
    { \
        add_special_side(lv, b, K, false); \
    } \
    static void add_special_h_##k(const level_t *lv, uint64_t *b) \
    { \
        add_special_side(lv, b, K, true); \
    }
SPECIAL_SIZE_FEEDERS(warehouse, SPECIAL_WAREHOUSE)
SPECIAL_SIZE_FEEDERS(fluid, SPECIAL_FLUID)
SPECIAL_SIZE_FEEDERS(ammo, SPECIAL_AMMO)
SPECIAL_SIZE_FEEDERS(teleporter, SPECIAL_TELEPORTER)
SPECIAL_SIZE_FEEDERS(lever, SPECIAL_LEVER)
SPECIAL_SIZE_FEEDERS(vault, SPECIAL_VAULT)
#undef SPECIAL_SIZE_FEEDERS
static void add_special_area_fluid(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < lv->nspecial; i++) {
        const room_t *r = special_room(lv, i);
        if (r && lv->special[i].kind == SPECIAL_FLUID)
            bump(b, NB_special_area_fluid, r->w * r->h);
    }
}

static void add_room_width(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < lv->nrooms; i++)
        bump(b, NB_room_width, lv->rooms[i].w);
}
static void add_room_height(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < lv->nrooms; i++)
        bump(b, NB_room_height, lv->rooms[i].h);
}
static void add_room_area(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < lv->nrooms; i++)
        bump(b, NB_room_area, lv->rooms[i].w * lv->rooms[i].h);
}
VALUE_FEEDER(variant, lv->obs.layout_variant)
static void add_special_rolled(const level_t *lv, uint64_t *b)
{
    if (lv->obs.special_made)
        bump(b, NB_special_rolled, lv->obs.special_rolled);
}
static void add_special_placed(const level_t *lv, uint64_t *b)
{
    for (int k = 0; k < SPECIAL__COUNT; k++)
        b[k] += lv->obs.special_placed[k];
}
static void add_special_skipped(const level_t *lv, uint64_t *b)
{
    for (int k = 0; k < SPECIAL__COUNT; k++)
        b[k] += lv->obs.special_skipped[k];
}
static void add_special_drawn(const level_t *lv, uint64_t *b)
{
    for (int k = 0; k < SPECIAL__COUNT; k++)
        b[k] += (uint64_t)lv->obs.special_placed[k] + lv->obs.special_skipped[k];
}
static void add_monsters_by_kind(const level_t *lv, uint64_t *b)
{
    if (!lv->obs.monsters) /* layout-only levels: all zero */
        return;
    for (int k = 0; k < MONSTER_KINDS_MAX; k++)
        b[k] += lv->obs.monsters_by_kind[k];
}
static void add_hunting(const level_t *lv, uint64_t *b)
{
    b[1] += lv->obs.hunting;
    b[0] += (uint64_t)(lv->obs.monsters - lv->obs.hunting);
}
VALUE_FEEDER(items, lv->obs.items)
VALUE_FEEDER(first_monster, lv->obs.first_monster)
static void add_monster_kinds(const level_t *lv, uint64_t *b)
{
    if (!lv->obs.monsters)
        return;
    int kinds = 0;
    for (int k = 0; k < MONSTER_KINDS_MAX; k++)
        kinds += lv->obs.monsters_by_kind[k] != 0;
    bump(b, NB_monster_kinds, kinds);
}
VALUE_FEEDER(cave_roll, lv->obs.roll.cave)
VALUE_FEEDER(cave_outcome, lv->obs.roll.cave_outcome)
VALUE_FEEDER(single_roll, lv->obs.roll.single)
VALUE_FEEDER(single_outcome, lv->obs.roll.single_outcome)
VALUE_FEEDER(arena_roll, lv->obs.roll.arena)
VALUE_FEEDER(arena_layout, lv->obs.roll.arena_layout)
VALUE_FEEDER(fluid_room_roll, lv->obs.roll.fluid_room)
VALUE_FEEDER(fluid_room_kind, fluid_bin(lv->obs.roll.fluid_room_kind))
VALUE_FEEDER(ammo_roll, lv->obs.roll.ammo)
VALUE_FEEDER(ammo_kind, lv->obs.roll.ammo_kind)
VALUE_FEEDER(ammo_stacks, lv->obs.roll.ammo_stacks)
VALUE_FEEDER(failure, lv->obs.failure)

/* ---- the game-0.9.9.7 ruleset's own observations (src/gen/game/): each row
 * counts only the levels its population ran on (obs.game.made), so the wiki
 * ruleset's reports gain nothing but empty rows ---- */
static const char *const LBL_GAME_RIVER_MIX[] = {"none", "horizontal", "one", "two", "three"};
/* the pair of barrel kinds a level's barrels show: each row of
 * population.json barrels.kinds gives one of these */
static const char *const LBL_GAME_BARREL_KINDS[] = {"plain", "plain-acid", "plain-napalm",
                                                    "napalm", "acid-napalm", "other"};
static const char *const LBL_GAME_EVENT[] = {"ineligible", "none", "event"};
static void add_game_river_mix(const level_t *lv, uint64_t *b)
{
    const obs_t *o = &lv->obs;
    if (!o->game.made)
        return;
    if (!o->river)
        b[0]++;
    else if (o->river_orient == RIVER_HORIZONTAL)
        b[1]++;
    else if (o->river_count >= 1 && o->river_count <= 3)
        b[1 + o->river_count]++;
}
static void add_game_special_rolled(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.special_made)
        bump(b, NB_game_special_rolled, lv->obs.special_rolled);
}
static void add_game_barrel_count(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made)
        bump(b, NB_game_barrel_count, lv->obs.game.barrel_count);
}
static void add_game_barrel_kinds(const level_t *lv, uint64_t *b)
{
    const obs_t *o = &lv->obs;
    if (!o->game.made || !o->game.barrels)
        return;
    const int seen = (o->game.barrels_by_kind[0] ? 1 : 0) | (o->game.barrels_by_kind[1] ? 2 : 0) |
                     (o->game.barrels_by_kind[2] ? 4 : 0);
    switch (seen) {
    case 1: b[0]++; break;
    case 1 | 2: b[1]++; break;
    case 1 | 4: b[2]++; break;
    case 4: b[3]++; break;
    case 2 | 4: b[4]++; break;
    default: b[5]++; break;
    }
}
static void add_game_arena_tile(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.arena_quad)
        bump(b, NB_game_arena_tile, lv->obs.game.arena_quad);
}
static void add_game_cave_set(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made)
        bump(b, NB_game_cave_set, lv->obs.game.cave_set);
}
static void add_game_event(const level_t *lv, uint64_t *b)
{
    const obs_t *o = &lv->obs;
    if (o->game.made)
        b[!o->game.event_eligible ? 0 : o->game.event < 0 ? 1 : 2]++;
}

static void add_game_vault_lock(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.vault_lock)
        b[lv->obs.game.vault_lock]++;
}
static void add_game_lever_kind(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made)
        bump(b, NB_game_lever_kind, lv->obs.game.lever_kind - 1);
}
/* From the finished map's positions: the stairs (the first) and the start. */
static void add_game_flood_ends(const level_t *lv, uint64_t *b)
{
    if (!lv->obs.game.made || !lv->obs.game.flood_setup || lv->nstairs < 1)
        return;
    const int sx = lv->stairs[0].x, px = lv->start.x;
    b[(sx <= 20 && px >= 60) || (sx >= 60 && px <= 20) ? 0 : 1]++;
}
static void add_game_start_wet(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->start.x)
        b[cell_liquid((cell_t)grid_get(&lv->map, lv->start.x, lv->start.y))]++;
}
static void add_game_barrels_wet(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.barrels)
        bump(b, NB_game_barrels_wet, lv->obs.game.barrels_wet);
}
static void add_game_event_kind(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.event >= 0)
        bump(b, NB_game_event_kind, lv->obs.game.event);
}
static void add_game_room_picks(const level_t *lv, uint64_t *b)
{
    const obs_t *o = &lv->obs;
    if (o->game.made && o->special_made)
        for (int k = 0; k < SPECIAL__COUNT; k++)
            b[k] += (uint64_t)o->special_placed[k] + o->special_skipped[k];
}
static void add_game_group_size(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.group_size)
        bump(b, NB_game_group_size, lv->obs.game.group_size);
}
static void add_game_lake_fluid(const level_t *lv, uint64_t *b)
{
    const obs_game_t *g = &lv->obs.game; /* lava records a fluid under game-0.10.10b only */
    if (g->made && (lv->type == LT_CAVES_2 || (lv->type == LT_LAVA && g->lake_fluid)))
        bump(b, NB_game_lake_fluid, fluid_bin(g->lake_fluid));
}
static void add_game_lava_refill(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_LAVA)
        bump(b, NB_game_lava_refill, lv->obs.game.lava_refill);
}
static void add_game_hriver_drift(const level_t *lv, uint64_t *b)
{
    const obs_t *o = &lv->obs;
    if (o->game.made && o->river && o->river_orient == RIVER_HORIZONTAL)
        bump(b, NB_game_hriver_drift, o->game.hriver_drift + DRIFT_MAX);
}
static void add_game_caves2_pillars(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_CAVES_2)
        bump(b, NB_game_caves2_pillars, lv->obs.game.pillars_drawn);
}
static void add_game_caves2_buildings(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_CAVES_2)
        bump(b, NB_game_caves2_buildings, lv->obs.game.buildings_drawn);
}
static void add_game_caves2_lakes(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_CAVES_2)
        bump(b, NB_game_caves2_lakes, lv->obs.game.lakes_drawn);
}
static void add_game_lava_quad_w(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_LAVA)
        for (int i = 0; i < 3; i++)
            bump(b, NB_game_lava_quad_w, lv->obs.game.quad_w[i]);
}
static void add_game_lava_quad_h(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_LAVA)
        for (int i = 0; i < 3; i++)
            bump(b, NB_game_lava_quad_h, lv->obs.game.quad_h[i]);
}
static void add_game_lava_room_tries(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_LAVA)
        bump(b, NB_game_lava_room_tries, lv->obs.game.room_tries);
}
static void add_game_wh_room_tries(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.wh_tries)
        bump(b, NB_game_wh_room_tries, lv->obs.game.wh_tries);
}
static void add_game_vault_guards(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.guards_drawn)
        bump(b, NB_game_vault_guards, lv->obs.game.guards_drawn);
}
static void add_game_vault_guard_kind(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.guards_drawn)
        bump(b, NB_game_vault_guard_kind, lv->obs.game.guard_kind);
}
static void add_game_vault_loot(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->obs.game.loot_drawn)
        bump(b, NB_game_vault_loot, lv->obs.game.loot_drawn);
}
static void add_game_hriver_bridge(const level_t *lv, uint64_t *b)
{
    const obs_t *o = &lv->obs;
    if (o->game.made && o->river && o->river_orient == RIVER_HORIZONTAL && o->game.bridge_at)
        bump(b, NB_game_hriver_bridge, o->game.bridge_at);
}
static void add_game_vriver_bridge(const level_t *lv, uint64_t *b)
{
    const obs_t *o = &lv->obs;
    if (o->game.made && o->river && o->river_orient == RIVER_VERTICAL)
        bump(b, NB_game_vriver_bridge, o->game.bridge_at);
}
static void add_game_caves2_pillar_size(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_CAVES_2)
        bump(b, NB_game_caves2_pillar_size, lv->obs.game.blob_size[0]);
}
static void add_game_caves2_lake_size(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_CAVES_2)
        bump(b, NB_game_caves2_lake_size, lv->obs.game.blob_size[1]);
}
static void add_game_caves2_walk_early(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_CAVES_2)
        bump(b, NB_game_caves2_walk_early, lv->obs.game.walk_len[0]);
}
static void add_game_caves2_walk_late(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_CAVES_2)
        bump(b, NB_game_caves2_walk_late, lv->obs.game.walk_len[1]);
}
static void add_game_lava_room_w(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_LAVA)
        bump(b, NB_game_lava_room_w, lv->obs.game.room_w);
}
static void add_game_rooms_dropped(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made &&
        (lv->type == LT_NORMAL || lv->type == LT_SINGLE || lv->type == LT_SINGLE_PLUS))
        bump(b, NB_game_rooms_dropped, lv->obs.game.rooms_dropped);
}
static void add_game_vriver_bridge_rows(const level_t *lv, uint64_t *b)
{
    const obs_t *o = &lv->obs;
    if (o->game.made && o->river && o->river_orient == RIVER_VERTICAL && o->game.bridge_rows)
        bump(b, NB_game_vriver_bridge_rows, popcount64(o->game.bridge_rows));
}
static void add_game_lava_room_h(const level_t *lv, uint64_t *b)
{
    if (lv->obs.game.made && lv->type == LT_LAVA)
        bump(b, NB_game_lava_room_h, lv->obs.game.room_h);
}
static void add_style(const level_t *lv, uint64_t *b)
{
    if (lv->obs.style)
        bump(b, NB_style, lv->obs.style);
}

/* ---- the observer's rows (SEEN_ROWS): each row's value from what the
 * observer saw (s) and, for the rows against the record, lv->obs ---- */
static inline int cmp3(int seen, int recorded) { return seen == recorded ? 0 : seen < recorded ? 1 : 2; }
#define seen_ring_open(lv, s) ((s)->ring_open)
#define seen_start_cell(lv, s) ((s)->start_cell)
#define seen_edge_cells(lv, s) ((s)->edge_cells)
#define seen_ring_dry(lv, s) ((s)->ring_dry)
#define seen_tiled_offgrid(lv, s) ((s)->tiled_offgrid)
#define seen_tiled_full_columns(lv, s) ((s)->tiled_full_columns)
#define seen_stairs(lv, s) ((s)->stairs)
#define seen_stairs_off(lv, s) ((s)->stairs_off)
#define seen_mon_blocked(lv, s) ((s)->mon.blocked)
#define seen_mon_hazard(lv, s) ((s)->mon.hazard)
#define seen_mon_stacked(lv, s) ((s)->mon.stacked)
#define seen_mon_on_stairs(lv, s) ((s)->mon.on_stairs)
#define seen_mon_on_start(lv, s) ((s)->mon.on_start)
#define seen_mon_keepout(lv, s) ((s)->mon.keepout)
#define seen_item_blocked(lv, s) ((s)->item.blocked)
#define seen_item_hazard(lv, s) ((s)->item.hazard)
#define seen_item_stacked(lv, s) ((s)->item.stacked)
#define seen_item_on_stairs(lv, s) ((s)->item.on_stairs)
#define seen_item_on_start(lv, s) ((s)->item.on_start)
#define seen_item_on_monster(lv, s) ((s)->item.on_other)
#define seen_doors_off_line(lv, s) ((s)->doors_off_line)
#define seen_door_pairs(lv, s) ((s)->door_pairs)
#define seen_rooms_outside(lv, s) ((s)->rooms_outside)
#define seen_special_shared(lv, s) ((s)->special_shared)
/* levels with a special room of kind k (from the level's list, not the record) */
static inline bool has_special(const level_t *lv, int k)
{
    for (int i = 0; i < lv->nspecial; i++)
        if (lv->special[i].kind == k)
            return true;
    return false;
}
#define seen_fluid_room_floor(lv, s) (has_special(lv, SPECIAL_FLUID) ? (s)->fluid_room_floor : -1)
#define seen_fluid_room_kind(lv, s) fluid_bin((s)->fluid_room_kind)
#define seen_vault_unboxed(lv, s) ((s)->vaults ? (s)->vault_unboxed : -1)
#define seen_box_blocks_bad(lv, s) (has_special(lv, SPECIAL_WAREHOUSE) ? (s)->box_blocks_bad : -1)
#define seen_doors_vs_record(lv, s) cmp3((s)->doors, (lv)->obs.doors)
/* one river and no fluid pass: nothing but the river made the map's wet cells
 * across it (a fluid room only adds) */
static inline bool lone_river(const obs_t *o)
{
    return o->river && o->river_count == 1 && !o->fluid_passes;
}
static inline int river_width_vs_record(const level_t *lv, const seen_t *s)
{
    const obs_t *o = &lv->obs;
    if (!lone_river(o))
        return -1;
    return cmp3(o->river_orient == RIVER_HORIZONTAL ? s->span_cols : s->span_rows, o->river_width[0]);
}
#define seen_river_width_vs_record(lv, s) river_width_vs_record(lv, s)
static inline int bridge_vs_record(const level_t *lv, const seen_t *s)
{
    const obs_t *o = &lv->obs;
    if (!lone_river(o))
        return -1;
    if (!o->river_bridge)
        return s->bridges != 0;
    const int lines = o->river_orient == RIVER_HORIZONTAL ? s->bridge_cols : s->bridge_rows;
    return !(lines == 2 && s->bridges == 2 * o->river_width[0]);
}
#define seen_bridge_vs_record(lv, s) bridge_vs_record(lv, s)
static inline int barrels_lost(const level_t *lv, const seen_t *s)
{
    if (!lv->obs.game.made)
        return -1;
    const int lost = lv->obs.game.barrels - s->barrels;
    return lost < 0 ? N_GAME_BARRELS - 1 : lost;
}
#define seen_barrels_lost(lv, s) barrels_lost(lv, s)
static inline int off_spawn_excess(const level_t *lv, const seen_t *s)
{
    const int v = s->mon.hazard + s->mon.keepout - lv->obs.game.off_spawn;
    return v < 0 ? 0 : v;
}
#define seen_off_spawn_excess(lv, s) off_spawn_excess(lv, s)
#define seen_unreachable_any(lv, s) ((s)->unreachable != 0)

/* the reference feeders (tally_add_rows): each looks at the level itself */
#define SEEN_FEEDER(id, n, nb, lbl, d) \
    static void add_##id(const level_t *lv, uint64_t *b) \
    { \
        seen_t s; \
        observer_look(lv, &s); \
        bump(b, NB_##id, id(lv, &s)); \
    }
SEEN_ROWS(SEEN_FEEDER)
#undef SEEN_FEEDER

/* ---- the range rows (RANGE_ROWS): each row's bin from the level's range
 * metrics (metrics.h); the axes' bins in TALLY_RANGE's widths ---- */
/* An axis's bins: a metric's value v (of a whole den) in bins of 1/scale of
 * den: bin v * scale / den, the last bin also every larger value. */
static inline int range_axis(int v, int scale, int den)
{
    if (v < 0 || den <= 0)
        return -1;
    const int k = (int)((int64_t)v * scale / den);
    return k < TALLY_RANGE_BINS - 1 ? k : TALLY_RANGE_BINS - 1;
}
static inline int range_pair(int i, int j)
{
    return i < 0 || j < 0 ? -1 : i * TALLY_RANGE_BINS + j;
}
/* the axes: shares of the map in 20ths (open) and 40ths (fluid), the
 * reachable share of the passable cells in 20ths, rooms one a bin, the path
 * 5 steps a bin, the danger 10 a bin */
#define RANGE_OPEN(m) range_axis((m)->open, 20, METRICS_MAP_CELLS)
#define RANGE_FLUID(m) range_axis((m)->fluid, 40, METRICS_MAP_CELLS)
#define RANGE_REACH(m) range_axis((m)->reachable, 20, (m)->passable)
#define RANGE_ROOMS(m) range_axis((m)->rooms, 1, 1)
#define RANGE_PATH(m) range_axis((m)->path, 1, 5)
#define RANGE_DANGER(m) range_axis((m)->danger, 1, 10)
#define range_open_rooms(m) range_pair(RANGE_OPEN(m), RANGE_ROOMS(m))
#define range_path_danger(m) range_pair(RANGE_PATH(m), RANGE_DANGER(m))
#define range_fluid_reach(m) range_pair(RANGE_FLUID(m), RANGE_REACH(m))
const tally_range_pair_t TALLY_RANGE[TALLY_RANGE_PAIRS] = {
    {"range_open_rooms", {"open_share", "open share", 1.0 / 20}, {"rooms", "rooms", 1}},
    {"range_path_danger", {"path", "start-to-stairs path (steps)", 5}, {"danger_placed", "danger placed", 10}},
    {"range_fluid_reach", {"fluid_share", "fluid share", 1.0 / 40}, {"reach_share", "reachable share", 1.0 / 20}},
};
/* the reference feeders (tally_add_rows): each measures the level itself */
#define RANGE_FEEDER(id, n, nb, lbl, d) \
    static void add_##id(const level_t *lv, uint64_t *b) \
    { \
        seen_t s; \
        observer_look(lv, &s); \
        metrics_t m; \
        metrics_measure(&m, lv, &s, -1); \
        bump(b, NB_##id, id(&m)); \
    }
RANGE_ROWS(RANGE_FEEDER)
#undef RANGE_FEEDER

static int64_t val_budget(const level_t *lv) { return lv->obs.budget; }
static int64_t val_danger(const level_t *lv) { return lv->obs.danger_placed; }
static int64_t val_monsters(const level_t *lv) { return lv->obs.monsters; }
static int64_t val_fluid_cells(const level_t *lv)
{
    return (int64_t)lv->obs.fluid_cells[0] + lv->obs.fluid_cells[1] + lv->obs.fluid_cells[2];
}
/* S rows: seen_moment_<id> is the row's value in what the observer saw;
 * tally_add_observed feeds it from its look, val_<id> (the reference
 * feeder, tally_add_rows) looks at the level itself */
#define seen_moment_unreachable(s) ((s)->unreachable)
static int64_t val_unreachable(const level_t *lv)
{
    seen_t s;
    observer_look(lv, &s);
    return seen_moment_unreachable(&s);
}
static int64_t val_retries(const level_t *lv) { return lv->obs.retries; }
static int64_t val_rooms_river(const level_t *lv) { return lv->obs.river ? lv->obs.rooms : -1; }
static int64_t val_rooms_dry(const level_t *lv) { return lv->obs.river ? -1 : lv->obs.rooms; }


#define ROW_COUNTS(id, n, nb, lbl, d) \
    {.name = n, .kind = HIST_COUNTS, .nbins = nb, .labels = lbl, .doc = d, .add = add_##id},
#define ROW_MOMENTS(id, n, d) \
    {.name = n, .kind = HIST_MOMENTS, .nbins = MOM__COUNT, .doc = d, .value = val_##id},
/* the labels column of a row whose bins the ruleset's tables name */
#define NAMED(kind) NULL, .named = TALLY_NAMED_##kind
const hist_def_t TALLY_HISTS[] = {TALLY_ROWS(ROW_COUNTS, ROW_COUNTS, ROW_MOMENTS, ROW_MOMENTS)};
#undef ROW_COUNTS
#undef ROW_MOMENTS
#undef NAMED
const int TALLY_NHISTS = (int)(sizeof TALLY_HISTS / sizeof TALLY_HISTS[0]);

/* Each histogram's first slot in a stratum, as constants for tally_add:
 * OFF_<id> is one past the previous row's last slot. */
enum tally_offsets {
#define OFF_COUNTS(id, n, nb, lbl, doc) OFF_##id, OFF_LAST_##id = OFF_##id + (nb) - 1,
#define OFF_MOMENTS(id, n, doc) OFF_##id, OFF_LAST_##id = OFF_##id + MOM__COUNT - 1,
    TALLY_ROWS(OFF_COUNTS, OFF_COUNTS, OFF_MOMENTS, OFF_MOMENTS) OFF__END
#undef OFF_COUNTS
#undef OFF_MOMENTS
};

/* The same by histogram index, and the stride (a stratum's slots) last. */
static const size_t hist_offset[] = {
#define HIST_OFF(id, ...) OFF_##id,
    TALLY_ROWS(HIST_OFF, HIST_OFF, HIST_OFF, HIST_OFF) OFF__END
#undef HIST_OFF
};
_Static_assert(sizeof hist_offset / sizeof hist_offset[0] ==
                   sizeof TALLY_HISTS / sizeof TALLY_HISTS[0] + 1,
               "an offset per histogram");

int tally_hist_index(const char *name)
{
    for (int h = 0; h < TALLY_NHISTS; h++)
        if (strcmp(TALLY_HISTS[h].name, name) == 0)
            return h;
    return -1;
}

bool tally_hist_range(int h)
{
    for (int k = 0; k < TALLY_RANGE_PAIRS; k++)
        if (strcmp(TALLY_HISTS[h].name, TALLY_RANGE[k].hist) == 0)
            return true;
    return false;
}

int tally_hist_slots(int h)
{
    assert(h >= 0 && h < TALLY_NHISTS);
    return TALLY_HISTS[h].kind == HIST_MOMENTS ? MOM__COUNT : TALLY_HISTS[h].nbins;
}

_Static_assert(MONSTER_KINDS_MAX >= N_SINGLE_OUTCOMES, "tally_names_t holds every named bin");

bool tally_hist_labelled(int h)
{
    const hist_def_t *d = &TALLY_HISTS[h];
    return d->labels || d->named != TALLY_NAMED_NONE;
}

/* The name of bin b of histogram h, NULL when it goes by its number. */
static const char *bin_name(const tally_names_t *names, int h, int b)
{
    const hist_def_t *d = &TALLY_HISTS[h];
    if (!tally_hist_labelled(h))
        return NULL; /* an integer bin (or a moment's value) */
    assert(b >= 0 && b < d->nbins);
    if (d->named != TALLY_NAMED_NONE)
        return names ? names->bin[d->named][b] : NULL;
    return d->labels[b];
}

const char *tally_bin_label(const tally_names_t *names, int h, int b, char *buf, size_t n)
{
    const char *name = bin_name(names, h, b);
    if (name)
        return name;
    snprintf(buf, n, "%d", b);
    return buf;
}

bool tally_bin_named(const tally_names_t *names, int h, int b)
{
    return bin_name(names, h, b) != NULL;
}

bool tally_name_bins(tally_names_t *into, const char *hist, const char *const *names, int n)
{
    const int h = tally_hist_index(hist);
    if (h < 0 || TALLY_HISTS[h].named == TALLY_NAMED_NONE || n < 0 || n > TALLY_HISTS[h].nbins)
        return false;
    return tables_name_bins(into, TALLY_HISTS[h].named, names, n);
}

/* An empty stratum: zero counts, and each moment's minimum above any value
 * (what tally_stratum reads for a stratum the tally does not hold). */
static const uint64_t EMPTY_STRATUM[OFF__END] = {
#define EMPTY_COUNTS(id, ...)
#define EMPTY_MOMENTS(id, n, doc) [OFF_##id + MOM_MIN] = UINT64_MAX,
    TALLY_ROWS(EMPTY_COUNTS, EMPTY_COUNTS, EMPTY_MOMENTS, EMPTY_MOMENTS)
#undef EMPTY_COUNTS
#undef EMPTY_MOMENTS
};

static size_t strata_of(const tally_t *t)
{
    return (size_t)(t->dlevel_hi - t->dlevel_lo + 1) * LT__COUNT;
}

tally_t *tally_new(int dlevel_lo, int dlevel_hi, int difficulty)
{
    assert(dlevel_lo >= 1 && dlevel_lo <= dlevel_hi);
    tally_t *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->dlevel_lo = dlevel_lo;
    t->dlevel_hi = dlevel_hi;
    t->difficulty = difficulty;
    t->stride = hist_offset[TALLY_NHISTS];
    t->nheld = 0;
    t->oom = false;
    t->strata = calloc(strata_of(t), sizeof *t->strata);
    if (!t->strata) {
        free(t);
        return NULL;
    }
    return t;
}

void tally_free(tally_t *t)
{
    if (!t)
        return;
    tally_clear(t);
    free(t->strata);
    free(t);
}

void tally_clear(tally_t *t)
{
    const size_t n = strata_of(t);
    for (size_t s = 0; s < n; s++) {
        free(t->strata[s]);
        t->strata[s] = NULL;
    }
    t->nheld = 0;
    t->oom = false;
}

static size_t stratum_index(const tally_t *t, int dlevel, level_type_t type)
{
    assert(dlevel >= t->dlevel_lo && dlevel <= t->dlevel_hi && type < LT__COUNT);
    return (size_t)(dlevel - t->dlevel_lo) * LT__COUNT + type;
}

/* Stratum s, allocated empty when the tally does not hold it (NULL, and
 * t->oom, when out of memory). */
static uint64_t *stratum_get(tally_t *t, size_t s)
{
    if (t->strata[s])
        return t->strata[s];
    uint64_t *p = malloc(sizeof EMPTY_STRATUM);
    if (!p) {
        t->oom = true;
        return NULL;
    }
    memcpy(p, EMPTY_STRATUM, sizeof EMPTY_STRATUM);
    t->nheld++;
    return t->strata[s] = p;
}

static uint64_t *stratum_slots(tally_t *t, int dlevel, level_type_t type)
{
    return stratum_get(t, stratum_index(t, dlevel, type));
}

static inline void add_moment(uint64_t *b, int64_t v)
{
    if (v < 0)
        return;
    uint64_t u = (uint64_t)v;
    b[MOM_N]++;
    b[MOM_SUM] += u;
    b[MOM_SUMSQ] += u * u;
    if (u < b[MOM_MIN])
        b[MOM_MIN] = u;
    if (u > b[MOM_MAX])
        b[MOM_MAX] = u;
}

/* The layout rows' groups, as their reference feeders count them. */
/* Counts of up to 8 bins that a loop adds to one at a time, as the bytes of
 * a register (at most 255 each) and added to the bins once: ten increments
 * of one bin in memory would wait on each other. */
static inline void add_packed(uint64_t *b, int nbins, uint64_t packed)
{
    for (int k = 0; k < nbins; k++)
        b[k] += packed >> (8 * k) & 0xff;
}

/* The layouts' geometry on the final map, from the observer's look s
 * (seen_t: the stray walls, the centre box, the grid lines, the rooms'
 * blocks); tally_add_observed feeds these rows, add_<id> looks itself. */
static inline void feed_layout_seen(const level_t *lv, const seen_t *s, uint64_t *base)
{
    switch (lv->type) {
    case LT_SMALL_ROOMS: bump(base + OFF_line_gaps, NB_line_gaps, s->line_gaps); break;
    case LT_CITY: bump(base + OFF_stray_walls, NB_stray_walls, s->stray_walls); break;
    case LT_ARENA:
        bump(base + OFF_stray_walls, NB_stray_walls, s->stray_walls);
        if (lv->obs.roll.arena_layout >= 0 && lv->obs.roll.arena_layout < 4)
            base[OFF_arena_centre + lv->obs.roll.arena_layout * N_CENTRE +
                 (s->centre_walls & (N_CENTRE - 1))]++;
        break;
    case LT_WAREHOUSE:
        for (int i = 0; i < lv->nrooms && i < SEEN_WH_ROOMS; i++)
            base[OFF_wh_room_blocks + (s->wh_blocks >> (2 * i) & 3)]++;
        break;
    default: break;
    }
}

/* A made-up record's point off the grid (only tests make them): each
 * coordinate to its row's last bin, as the reference feeders count it. */
__attribute__((cold, noinline)) static void bump_point(uint64_t *bx, uint64_t *by, int x, int y)
{
    bump(bx, N_X, x);
    bump(by, N_Y, y);
}

/* The wall rows: walls 1 and 2 have x rows of their own and share a y row,
 * walls 3-10 go to the x and y rows of their axis. */
static inline void feed_walls(const level_t *lv, uint64_t *base)
{
    const obs_t *o = &lv->obs;
    if (!walls_of(lv))
        return;
    _Static_assert(N_X == GRID_STRIDE && N_Y == GRID_H + 2, "a point in the grid is in the bins");
    uint64_t parity = 0, door = 0;
#pragma GCC unroll 10
    for (int i = 0; i < OBS_WALLS; i++) {
        const int a = wall_axis(o, i), x = o->wall_at[i].x, y = o->wall_at[i].y;
        /* walls 3-10: the axis picks the rows by arithmetic (a branch on it
         * would be a coin toss) */
        uint64_t *bx = base + (i >= 2   ? OFF_wall_v_x + a * (OFF_wall_h_x - OFF_wall_v_x)
                               : i == 1 ? OFF_wall2_x
                                        : OFF_wall1_x);
        uint64_t *by = base + (i >= 2 ? OFF_wall_v_y + a * (OFF_wall_h_y - OFF_wall_v_y) : OFF_wall12_y);
        base[OFF_wall_orientation + 2 * i + a]++;
        parity += UINT64_C(1) << (8 * parity_bin(o, i));
        if (__builtin_expect(x < N_X && y < N_Y, 1)) {
            door += UINT64_C(1) << (8 * POINT_BIN[lv->map.c[GRID_IDX(x, y)]]);
            bx[x]++;
            by[y]++;
        } else {
            door++;
            bump_point(bx, by, x, y);
        }
    }
    add_packed(base + OFF_wall_parity, NB_wall_parity, parity);
    add_packed(base + OFF_wall_door, NB_wall_door, door);
}

/* The section rows, in one walk over the sections. */
static inline void feed_sections(const level_t *lv, uint64_t *base)
{
    const obs_t *o = &lv->obs;
    if (!sections_of(lv))
        return;
    _Static_assert(OBS_FLIP_X == NB_section_block && NB_section_walls == NB_section_block * N_INNER,
                   "a sublayout index is a bin of section_block and a block of section_walls");
    uint64_t mirror = 0;
    unsigned kinds = 0;
    for (int i = 0; i < OBS_SECTIONS; i++) {
        const int pick = o->section_pick[i], block = pick & (OBS_FLIP_X - 1), w = o->section_walls[i];
        base[OFF_section_block + block]++;
        mirror += UINT64_C(1) << (8 * mirror_bin(pick));
        base[OFF_section_walls + block * N_INNER + (w < N_INNER - 1 ? w : N_INNER - 1)]++;
        kinds |= 1u << block;
    }
    add_packed(base + OFF_section_mirror, NB_section_mirror, mirror);
    bump(base + OFF_frame_doors, NB_frame_doors, o->frame_doors);
    bump(base + OFF_section_kinds, NB_section_kinds, popcount64(kinds));
}

static inline void feed_city(const level_t *lv, uint64_t *base)
{
    if (lv->type != LT_CITY)
        return;
    const obs_t *o = &lv->obs;
    for (int k = 0; k < NB_building_doors; k++)
        base[OFF_building_doors + k] += o->buildings_by_doors[k];
    bump(base + OFF_building_corner_doors, NB_building_corner_doors, o->building_corner_doors);
    for (int i = 0; i < lv->nrooms; i++)
        bump(base + OFF_building_margin, NB_building_margin, building_margin(&lv->rooms[i]));
    bump(base + OFF_building_gap, NB_building_gap, building_gap(lv));
    if (!first_building(lv))
        return;
    const room_t *r = &lv->rooms[0];
    bump(base + OFF_first_building_w, NB_first_building_w, r->w);
    bump(base + OFF_first_building_h, NB_first_building_h, r->h);
    bump(base + OFF_first_building_x, NB_first_building_x, r->x);
    bump(base + OFF_first_building_y, NB_first_building_y, r->y);
    if (o->first_door_side < 4) {
        base[OFF_first_door_side + o->first_door_side]++;
        bump(base + OFF_first_door_quarter, NB_first_door_quarter, door_quarter(lv));
    }
}

static inline void feed_warehouse(const level_t *lv, uint64_t *base)
{
    if (lv->type != LT_WAREHOUSE)
        return;
    const obs_t *o = &lv->obs;
    for (int i = 0; i < OBS_DIVIDERS; i++)
        if (o->divider_x[i])
            bump(base + OFF_divider_x, NB_divider_x, o->divider_x[i]);
    for (int i = 0; i < OBS_WH_ROOMS; i++)
        if (o->wh_box[i]) {
            bump(base + OFF_wh_box_size, NB_wh_box_size, o->wh_box[i]);
            bump(base + OFF_wh_box_tries, NB_wh_box_tries, o->wh_tries[i]);
            base[OFF_wh_wall_blocks + (o->wh_walls >> i & 1)]++;
        }
}

static inline void feed_stairs(const level_t *lv, uint64_t *base)
{
    if (!lv->nstairs)
        return;
    unsigned seen = 0;
    int off = 0;
    for (int i = 0; i < lv->nstairs; i++) {
        const int c = corner_of(lv->stairs[i]);
        seen |= c < 0 ? 0u : 1u << c;
        off += c < 0;
    }
    base[OFF_stair_corners + popcount64(seen)]++;
    bump(base + OFF_stairs_off_corner, NB_stairs_off_corner, off);
}

/* special_placed, special_skipped and special_drawn (their sum) in one walk
 * over the kinds */
static inline void feed_special_counts(const level_t *lv, uint64_t *base)
{
    const obs_t *o = &lv->obs;
    for (int k = 0; k < SPECIAL__COUNT; k++) {
        const unsigned placed = o->special_placed[k], skipped = o->special_skipped[k];
        base[OFF_special_placed + k] += placed;
        base[OFF_special_skipped + k] += skipped;
        base[OFF_special_drawn + k] += placed + skipped;
    }
}

static inline void feed_specials(const level_t *lv, uint64_t *base)
{
    static const uint16_t OFF_W[SPECIAL__COUNT] = {
        OFF_special_w_warehouse, OFF_special_w_fluid, OFF_special_w_ammo,
        OFF_special_w_teleporter, OFF_special_w_lever, OFF_special_w_vault};
    static const uint16_t OFF_H[SPECIAL__COUNT] = {
        OFF_special_h_warehouse, OFF_special_h_fluid, OFF_special_h_ammo,
        OFF_special_h_teleporter, OFF_special_h_lever, OFF_special_h_vault};
    _Static_assert(SPECIAL_WAREHOUSE == 0 && SPECIAL_FLUID == 1 && SPECIAL_AMMO == 2 &&
                       SPECIAL_TELEPORTER == 3 && SPECIAL_LEVER == 4 && SPECIAL_VAULT == 5,
                   "OFF_W and OFF_H in the kinds' order");
    for (int i = 0; i < lv->nspecial; i++) {
        const room_t *r = special_room(lv, i);
        if (!r)
            continue;
        const int k = lv->special[i].kind;
        bump(base + OFF_W[k], N_X, r->w);
        bump(base + OFF_H[k], N_Y, r->h);
        if (k == SPECIAL_FLUID)
            bump(base + OFF_special_area_fluid, NB_special_area_fluid, r->w * r->h);
    }
}

/* monsters_by_kind and monster_kinds in one walk over the kinds, four at a
 * time: a level has a few of them, and the rest are zero. */
static inline void feed_monsters(const level_t *lv, uint64_t *base)
{
    const obs_t *o = &lv->obs;
    if (!o->monsters) /* layout-only levels: all zero */
        return;
    _Static_assert(MONSTER_KINDS_MAX % 4 == 0 && sizeof o->monsters_by_kind[0] == 2,
                   "the kinds' counts in 64-bit words of four");
    int kinds = 0;
    for (int k = 0; k < MONSTER_KINDS_MAX; k += 4) {
        uint64_t four;
        memcpy(&four, &o->monsters_by_kind[k], sizeof four);
        if (!four)
            continue;
        for (int j = k; j < k + 4; j++) {
            base[OFF_monsters_by_kind + j] += o->monsters_by_kind[j];
            kinds += o->monsters_by_kind[j] != 0;
        }
    }
    bump(base + OFF_monster_kinds, NB_monster_kinds, kinds);
}

/* The rows of the types' own layouts, fed for the level's type only: the
 * other types' records leave them empty (and their feeders test the type). */
static inline void feed_layout(const level_t *lv, uint64_t *base)
{
#define FEED(id) add_##id(lv, base + OFF_##id)
    switch (lv->type) {
    case LT_NORMAL:
    case LT_SINGLE:
    case LT_SINGLE_PLUS:
        feed_walls(lv, base);
        FEED(door_tries);
        FEED(walls_plotted);
        FEED(foreign_monsters);
        break;
    case LT_SMALL_ROOMS:
        feed_sections(lv, base);
        FEED(sections);
        break;
    case LT_CITY:
        feed_city(lv, base);
        FEED(city_tries);
        FEED(building_river);
        break;
    case LT_WAREHOUSE:
        feed_warehouse(lv, base);
        FEED(wh_door_y);
        break;
    case LT_CAVES:
        FEED(cave_first_walk);
        FEED(cave_early_walks);
        FEED(cave_late_walks);
        break;
    case LT_MAZE:
        FEED(maze_first_x);
        FEED(maze_first_y);
        FEED(maze_tries);
        break;
    default: break;
    }
#undef FEED
}

void tally_add(tally_t *t, const level_t *lv)
{
    assert(t->stride == OFF__END);
    uint64_t *base = stratum_slots(t, lv->dlevel, lv->type);
    if (!base)
        return;
    /* The rows' feeders called by name at constant offsets, so each is
     * inlined (a call and an offset load per row before); the per-room rows
     * share one loop over the rooms (one loop exit, not three). */
#define FEED_COUNTS(id, n, nb, lbl, doc) add_##id(lv, base + OFF_##id);
#define FEED_LOOPED(id, n, nb, lbl, doc)
#define FEED_MOMENTS(id, n, doc) add_moment(base + OFF_##id, val_##id(lv));
#define FEED_SEEN(id, n, doc)
    /* (the game rows' tests of obs.game.made: the compiler threads them, so
     * a wiki level passes all of them at one test) */
    TALLY_ROWS(FEED_COUNTS, FEED_LOOPED, FEED_MOMENTS, FEED_SEEN)
#undef FEED_COUNTS
#undef FEED_LOOPED
#undef FEED_MOMENTS
#undef FEED_SEEN
    uint64_t *bw = base + OFF_room_width, *bh = base + OFF_room_height, *ba = base + OFF_room_area;
    for (int i = 0; i < lv->nrooms; i++) {
        const int w = lv->rooms[i].w, h = lv->rooms[i].h;
        bump(bw, NB_room_width, w);
        bump(bh, NB_room_height, h);
        bump(ba, NB_room_area, w * h);
    }
    feed_monsters(lv, base);
    feed_layout(lv, base);
    feed_stairs(lv, base);
    feed_special_counts(lv, base);
    feed_specials(lv, base);
}

void tally_add_observed(tally_t *t, const level_t *lv, bool range)
{
    uint64_t *base = stratum_slots(t, lv->dlevel, lv->type);
    seen_t s;
    observer_look(lv, &s);
    feed_layout_seen(lv, &s, base);
#define SEEN_FEED(id, n, nb, lbl, d) bump(base + OFF_##id, NB_##id, id(lv, &s));
    SEEN_ROWS(SEEN_FEED)
#undef SEEN_FEED
#define NO_ROW(...)
#define S_FEED(id, n, doc) add_moment(base + OFF_##id, seen_moment_##id(&s));
    TALLY_ROWS(NO_ROW, NO_ROW, NO_ROW, S_FEED)
#undef NO_ROW
#undef S_FEED
    if (!range)
        return;
    metrics_t m;
    metrics_measure(&m, lv, &s, -1);
#define RANGE_FEED(id, n, nb, lbl, d) bump(base + OFF_##id, NB_##id, id(&m));
    RANGE_ROWS(RANGE_FEED)
#undef RANGE_FEED
}

void tally_add_rows(tally_t *t, const level_t *lv)
{
    uint64_t *base = stratum_slots(t, lv->dlevel, lv->type);
    if (!base)
        return;
    for (int h = 0; h < TALLY_NHISTS; h++) {
        const hist_def_t *d = &TALLY_HISTS[h];
        uint64_t *b = base + hist_offset[h];
        if (d->kind == HIST_COUNTS)
            d->add(lv, b);
        else
            add_moment(b, d->value(lv));
    }
}

/* Combine one histogram's slots: counts and moment sums add, min/max fold. */
static void combine(int h, uint64_t *into, const uint64_t *from)
{
    if (TALLY_HISTS[h].kind == HIST_COUNTS) {
        for (int i = 0; i < TALLY_HISTS[h].nbins; i++)
            into[i] += from[i];
        return;
    }
    into[MOM_N] += from[MOM_N];
    into[MOM_SUM] += from[MOM_SUM];
    into[MOM_SUMSQ] += from[MOM_SUMSQ];
    if (from[MOM_MIN] < into[MOM_MIN])
        into[MOM_MIN] = from[MOM_MIN];
    if (from[MOM_N] && from[MOM_MAX] > into[MOM_MAX])
        into[MOM_MAX] = from[MOM_MAX];
}

static void same_shape(const tally_t *a, const tally_t *b)
{
    assert(a->dlevel_lo == b->dlevel_lo && a->dlevel_hi == b->dlevel_hi &&
           a->difficulty == b->difficulty);
    (void)a;
    (void)b;
}

/* into's stratum s += from (a held stratum). */
static int merge_stratum(tally_t *into, size_t s, const uint64_t *from)
{
    uint64_t *to = stratum_get(into, s);
    if (!to)
        return -1;
    for (int h = 0; h < TALLY_NHISTS; h++)
        combine(h, to + hist_offset[h], from + hist_offset[h]);
    return 0;
}

int tally_merge(tally_t *into, const tally_t *from)
{
    same_shape(into, from);
    const size_t n = strata_of(into);
    for (size_t s = 0; s < n; s++)
        if (from->strata[s] && merge_stratum(into, s, from->strata[s]) != 0)
            return -1;
    return 0;
}

int tally_absorb(tally_t *into, tally_t *from)
{
    same_shape(into, from);
    const size_t n = strata_of(into);
    for (size_t s = 0; s < n; s++) {
        if (!from->strata[s])
            continue;
        if (!into->strata[s]) {
            into->strata[s] = from->strata[s];
            into->nheld++;
        } else if (merge_stratum(into, s, from->strata[s]) != 0) {
            return -1;
        } else {
            free(from->strata[s]);
        }
        from->strata[s] = NULL;
        from->nheld--;
    }
    return 0;
}

const uint64_t *tally_stratum(const tally_t *t, int dlevel, level_type_t type, int h)
{
    const uint64_t *s = t->strata[stratum_index(t, dlevel, type)];
    return (s ? s : EMPTY_STRATUM) + hist_offset[h];
}

bool tally_holds(const tally_t *t, int dlevel, level_type_t type)
{
    return t->strata[stratum_index(t, dlevel, type)] != NULL;
}

uint64_t *tally_row(tally_t *t, int dlevel, level_type_t type, int h)
{
    assert(h >= 0 && h < TALLY_NHISTS);
    uint64_t *s = stratum_slots(t, dlevel, type);
    return s ? s + hist_offset[h] : NULL;
}

size_t tally_strata_held(const tally_t *t)
{
    return t->nheld;
}

size_t tally_bytes(const tally_t *t)
{
    return sizeof *t + strata_of(t) * sizeof *t->strata + t->nheld * sizeof EMPTY_STRATUM;
}

bool tally_equal(const tally_t *a, const tally_t *b)
{
    same_shape(a, b);
    for (int dl = a->dlevel_lo; dl <= a->dlevel_hi; dl++)
        for (int ty = 0; ty < LT__COUNT; ty++)
            if (memcmp(tally_stratum(a, dl, (level_type_t)ty, 0),
                       tally_stratum(b, dl, (level_type_t)ty, 0), sizeof EMPTY_STRATUM) != 0)
                return false;
    return true;
}

void tally_sum(const tally_t *t, int h, int dlevel_lo, int dlevel_hi, unsigned type_mask,
               uint64_t *out)
{
    int n = tally_hist_slots(h);
    memset(out, 0, (size_t)n * sizeof *out);
    if (TALLY_HISTS[h].kind == HIST_MOMENTS)
        out[MOM_MIN] = UINT64_MAX;
    if (dlevel_lo < t->dlevel_lo)
        dlevel_lo = t->dlevel_lo;
    if (dlevel_hi > t->dlevel_hi)
        dlevel_hi = t->dlevel_hi;
    /* an empty stratum adds nothing: only the held ones are read */
    for (int dl = dlevel_lo; dl <= dlevel_hi; dl++)
        for (int ty = 0; ty < LT__COUNT; ty++)
            if (type_mask & (1u << ty) && tally_holds(t, dl, (level_type_t)ty))
                combine(h, out, tally_stratum(t, dl, (level_type_t)ty, h));
}

uint64_t tally_levels(const tally_t *t, int dlevel_lo, int dlevel_hi, unsigned type_mask)
{
    uint64_t n;
    tally_sum(t, 0, dlevel_lo, dlevel_hi, type_mask, &n);
    return n;
}

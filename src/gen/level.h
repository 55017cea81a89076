/* level.h - one generated level and its observation record.
 *
 * A level is a pure function of (master seed, index, parameters): level_generate
 * chooses the type (docs/rules.md §2), runs the type's layout, the water and the
 * population steps in the game's order, and fills two things only: the level
 * itself (map, rooms, monsters, items) and the observation record `obs`, which
 * holds every quantity docs/rules.md §6 says drlsim observes.  Tallies read levels;
 * generators never know about tallies.
 */
#ifndef DRLSIM_LEVEL_H
#define DRLSIM_LEVEL_H

#include <stdbool.h>
#include <stdint.h>

#include "grid.h"
#include "monsters.h"
#include "poptable.h"
#include "rng.h"
#include "ruleset.h"

#define LEVEL_MAX_ROOMS 96
#define LEVEL_MAX_MONSTERS 512
#define LEVEL_MAX_ITEMS 64
#define LEVEL_MAX_STAIRS 16
#define DLEVEL_MAX 1000

/* A room: top-left corner and size, walls included (docs/rules.md §3). */
typedef struct room {
    uint8_t x, y, w, h;
} room_t;

typedef struct monster {
    uint8_t kind; /* index into the monster table */
    uint8_t x, y;
    uint8_t hunting;
} monster_t;

typedef struct point {
    uint8_t x, y;
} point_t;

/* An inclusive rectangle of cells; x1 == 0 means none. */
typedef struct rect {
    uint8_t x1, y1, x2, y2;
} rect_t;

typedef struct special_room {
    uint8_t kind;  /* special_kind_t */
    uint8_t room;  /* index into level.rooms */
} special_room_t;

typedef enum river_orient { RIVER_NONE = 0, RIVER_HORIZONTAL, RIVER_VERTICAL } river_orient_t;
/* "none", "horizontal", "vertical": as reports and gen --json spell them. */
extern const char *const RIVER_ORIENT_NAMES[RIVER_VERTICAL + 1];

/* Generation failures and retries, counted, never hidden. */
typedef enum gen_failure {
    FAIL_NONE = 0,
    FAIL_NO_FLOOR,        /* nowhere left to place a monster or item */
    FAIL_TOO_MANY,        /* a capacity (rooms, monsters) was reached */
    FAIL__COUNT
} gen_failure_t;
/* "none", "no_floor", "too_many": as reports spell them. */
extern const char *const FAILURE_NAMES[FAIL__COUNT];

/* Rolls that population and layouts record; -1 when not made. */
typedef struct rolls {
    int16_t cave;           /* d5 + dlevel + 3(D-2) - 3 */
    int8_t cave_outcome;    /* index into data/population.json caves.outcomes */
    int16_t single;         /* d10 + min(dlevel + 3(D-2) - 4, 20) */
    int8_t single_outcome;  /* index into data/population.json single.outcomes */
    int16_t arena;          /* d25 + min(dlevel, 25) */
    int8_t arena_layout;    /* 0..3: 5x5, 7x5, 7x7, 9x7 */
    int16_t fluid_room;     /* d10 + floor(dlevel/5), last fluid room */
    int8_t fluid_room_kind; /* CELL_WATER/ACID/LAVA */
    int16_t ammo;           /* d3 + dlevel, last ammo room */
    int8_t ammo_kind;       /* 0 10mm, 1 shells, 2 rockets, 3 cells */
    int8_t ammo_stacks;     /* d3 + 2 */
} rolls_t;

/* Sizes of the layout observations (the layouts assert that they match
 * their own constants). */
#define OBS_WALLS 10     /* normal: ten plotted walls */
#define OBS_SECTIONS 12  /* small rooms: 4x3 sections */
#define OBS_FLIP_X 0x10  /* section_pick: mirrored left-right */
#define OBS_FLIP_Y 0x20  /* section_pick: mirrored top-bottom */
#define OBS_DIVIDERS 3   /* warehouse: at most three dividers */
#define OBS_WH_ROOMS 4   /* ... so four rooms */
#define OBS_NO_DOOR 0xff

/* The observation record: everything docs/rules.md §6 lists, one per level. */
/* What only the game rulesets (src/gen/game) observe: their layouts' own
 * geometry and their population's own record.  Every field stays zero on
 * other levels (made = 0), and the game_ rows of the tally count only levels
 * with made set. */
typedef struct obs_game {
    /* the population (src/gen/game/gpop.c).  On those levels monsters_by_kind
     * indexes data/game-0.9.9.7/monsters.json, budget is the danger asked of the
     * flood after the type's modifier, danger_placed/monsters/first_monster count
     * what the flood placed (groups included), special_rolled is handle_rooms'
     * count, special_placed the rooms set up, special_skipped the picks lost (no
     * fitting unused room, or a setup that failed), roll.single/single_outcome the
     * single-monster roll, roll.fluid_room/ammo the basain and ammo rooms. */
    uint8_t made;          /* 1 when the game ruleset's population ran */
    uint8_t barrel_count;  /* the barrel count roll: 12 or 50; 0 without barrels */
    uint8_t barrels;       /* barrels placed */
    uint8_t barrels_by_kind[3]; /* ... plain, acid, napalm */
    uint8_t setup_failed;  /* special-room picks lost because the setup failed */
    uint16_t groups;       /* monster groups dropped */
    uint8_t group_size;    /* members drawn (the sum of their amounts) for the
                                 flood's first group, 0 when it drew none */
    uint16_t members_lost; /* group members that found no free cell near the group */
    uint16_t off_spawn;    /* group members standing on acid, lava or a no-spawn cell */
    int8_t cave_set;       /* caves: the set rolled (population.json caves.sets), else -1 */
    int8_t single_split;   /* single: 1 arch split in two lists, 0 not, -1 no arch */
    uint8_t event_eligible;/* 1 when the generator rolls for an event */
    int8_t event_roll;     /* the event's 1d100, -1 when not made */
    int8_t event;          /* the event rolled (population.json events.list), -1 none */
    uint8_t stairs_lost;   /* 1 when the stairs found no empty cell */
    uint8_t guards;        /* vault guards placed (in lv->monster after the flood's
                                 beings, not counted in monsters or monsters_by_kind) */
    uint8_t guards_drawn;  /* the first vault's guard count as drawn; 0 no vault */
    uint8_t wh_tries;      /* the first warehouse room's crate-site draws; 0 none */
    uint8_t loot_drawn;    /* the first vault's loot count as drawn; 0 no vault */
    uint8_t guard_kind;    /* the first vault's guards' monster kind (with
                                 guards_drawn > 0) */
    uint8_t vault_lock;    /* the first vault's lock (docs/rules.md H39): 0 no vault
                                 or no lock rule, 1 no key cell, 2 open, 3 locked */
    uint8_t flood_setup;   /* 1 when a flood event moved the stairs and the player (H33) */
    uint8_t lever_kind;    /* the last lever's kind + 1 (population.json lever_kinds),
                                 0 none or no lever_kinds table */
    uint8_t barrels_wet;   /* barrels placed on a liquid cell (none under H28) */
    /* the layouts' own geometry (src/gen/game/glay.h) */
    uint8_t arena_quad;    /* arena: the corner tile drawn, 1..7; else 0 */
    uint8_t arena_scheme;  /* arena: the centre scheme drawn, 1..7; else 0 */
    uint8_t buildings;     /* caves_2: buildings placed (<= 7); lava: rooms placed
                                 * (<= 8); else 0 */
    uint8_t lava_refill;   /* lava: bit i set when big quad i had its inside
                                 * refilled with lava (the 1d2 roll); else 0 */
    uint8_t lake_fluid;    /* caves_2: cell_t of its lakes; game-0.10.10b lava:
                                 * its fluid; else 0 */
    uint8_t blobs;         /* caves_2: pillar blobs + lakes that found a start */
    point_t river_at;      /* caves: the empty cell the vertical river passes
                                 * through, (0,0) for none */
    int8_t hriver_drift;   /* a horizontal river: its first row at column 78 minus
                                 * its first row at column 1; 0 for none */
    uint8_t pillars_drawn; /* caves_2: the counts drawn (1d3+2 pillars, */
    uint8_t buildings_drawn; /* random(5,7) buildings, 1d5+10 lakes), before */
    uint8_t lakes_drawn;   /* any is placed; else 0 */
    uint8_t quad_w[3];     /* lava: each big quad's drawn width and height, */
    uint8_t quad_h[3];     /* before the sub-area and clamping; else 0 */
    uint8_t room_tries;    /* lava: room sites drawn; else 0 */
    uint8_t room_w;        /* lava: the first room site's drawn width and */
    uint8_t room_h;        /* height; else 0 */
    uint8_t blob_size[2];  /* caves_2: the first pillar's and the first lake's
                                 * drawn sizes; else 0 */
    uint8_t walk_len[2];   /* caves_2: the early and the late walks' length */
    uint8_t rooms_dropped; /* game-0.10.10b tiled: room entries the reader
                                 * dropped for a wall inside (H12); else 0 */
    uint8_t bridge_at;     /* the first river's bridge as drawn: a horizontal
                                 * river's column, a vertical river's row; 0 none */
    uint32_t bridge_rows;  /* game-0.10.10b: the first vertical river's rows
                                 * holding bridge cells on the map once its
                                 * bridges are drawn, bit y row y; else 0 */
} obs_game_t;

typedef struct obs {
    /* water */
    uint8_t river;            /* 1 when a river was drawn */
    uint8_t river_orient;     /* river_orient_t */
    uint8_t river_count;      /* 0..3 */
    uint8_t river_fluid;      /* cell_t of the river, CELL_FLOOR when none */
    uint8_t river_bridge;     /* 1 when the river has a bridge */
    uint8_t fluid_passes;     /* fluid passes that ran */
    uint8_t fluid_kind;       /* cell_t of the fluid pass, CELL_FLOOR when none */
    uint8_t fluid_walks;      /* walks drawn by the first fluid pass */
    uint8_t fluid_length;     /* steps per walk of the first fluid pass */
    uint16_t fluid_cells[3];  /* cells of water, acid, lava on the final map */
    uint8_t river_x[3];       /* each vertical river's x as drawn, before drift (its first
                                 column is x + 1); 0 for none */
    int8_t river_drift;       /* first vertical river: x at row 20 minus x at row 1 */
    uint8_t fluid_length2;    /* steps per walk of the second fluid pass (caves: the first
                                 pass's + 20); 0 with fewer than two passes */
    uint8_t river_width[3];   /* each river's drawn width (a horizontal river's in [0]); 0 none */
    /* rooms */
    uint16_t rooms;           /* entries of the room list */
    uint16_t rooms_ge4;       /* rooms with both sides >= 4 */
    uint16_t rooms_small;     /* 2x2 dead-end entries */
    uint16_t doors;           /* door cells once the layout (with its water) is drawn */
    uint8_t layout_variant;   /* warehouse: rooms; maze: style; arena: centre; else 0 */
    /* the layout's own geometry, for the layout checks (docs/rules.md §3); each
     * group is left zero by the layouts that do not draw it */
    uint8_t walls;            /* normal (and single): walls plotted (OBS_WALLS recorded), else 0 */
    point_t wall_at[OBS_WALLS]; /* the walls' plotted points, in plotting order */
    uint16_t wall_horizontal; /* bit i: wall i+1 was plotted horizontally */
    uint8_t sections;         /* small rooms: sections drawn (OBS_SECTIONS recorded), else 0 */
    uint8_t section_pick[OBS_SECTIONS]; /* sublayout index | OBS_FLIP_X | OBS_FLIP_Y */
    uint8_t frame_doors;      /* small rooms: door cells outside (4,2)-(74,18), before water */
    uint8_t buildings_by_doors[4]; /* city: buildings with 0, 1, 2, 3+ door cells on their
                                    * wall ring, on the map before the fluid pass */
    uint8_t building_corner_doors; /* city: door cells on building corners */
    uint8_t first_door_side;  /* city: the first building's one door on its top, bottom,
                               * left or right wall (0..3), OBS_NO_DOOR when not one */
    uint8_t first_door_at;    /* ... its cell along that wall, 0 next to the first corner */
    uint8_t divider_x[OBS_DIVIDERS]; /* warehouse: divider columns left to right, 0 none */
    uint8_t wh_box[OBS_WH_ROOMS];    /* warehouse: each room's box size, 0 no room */
    uint8_t wh_tries[OBS_WH_ROOMS];  /* ... its placement tries */
    uint8_t wh_walls;         /* ... bit i: room i got wall blocks, not boxes */
    uint8_t wh_door_y[OBS_DIVIDERS]; /* warehouse: each divider's door y as drawn, 0 none */
    uint8_t door_tries;       /* normal (and single): extra-door tries made, else 0 */
    uint8_t city_tries;       /* city: building tries made, else 0 */
    uint8_t cave_first;       /* caves: the first walk's drawn length (steps), else 0 */
    uint8_t cave_early_walks; /* caves: walks made before the first fluid pass (after the first) */
    uint8_t cave_late_walks;  /* caves: walks made between the two fluid passes */
    uint8_t maze_first_x;     /* maze: the first try's grid point as drawn, 0 none */
    uint8_t maze_first_y;
    uint16_t maze_tries;      /* maze: tries made, 0 for other types */
    uint8_t section_walls[OBS_SECTIONS]; /* small rooms: wall and door cells strictly inside
                                          * each section's 17x5 interior, as drawn */
    uint16_t building_river;  /* city: cells of the buildings (walls included) that are
                               * river cells, once the buildings stand (before the fluid pass) */
    /* (what the final map shows of the layouts' geometry, the wiki's stray walls, centre
     * box, grid lines and rooms' blocks, is the observer's: seen_t, src/gen/observer.h) */
    uint16_t foreign_monsters; /* single monster: monsters of kinds its outcome does not name */
    /* special rooms */
    uint8_t special_made;     /* 1 when the level's type rolled special rooms */
    uint8_t special_rolled;   /* 7d2-7 */
    uint8_t special_placed[SPECIAL__COUNT];
    uint8_t special_skipped[SPECIAL__COUNT];
    /* population */
    int32_t budget;           /* danger budget after the type modifier */
    int32_t danger_placed;
    uint16_t monsters;
    uint16_t monsters_by_kind[MONSTER_KINDS_MAX];
    uint16_t hunting;
    uint16_t items;
    int8_t first_monster;     /* kind of the level's first monster, -1 when none: one
                                 weighted pick per level, whatever the budget */
    uint8_t style;            /* the level's style id (episode.json, docs/rules.md G76,
                                 H6); 0: none (the wiki ruleset, beyond the episode) */
    obs_game_t game;         /* the game rulesets' own record, zero elsewhere */
    rolls_t roll;
    /* (reachability is not recorded: it is a property of the finished map,
     * which the observer floods, observer.h seen_t.unreachable) */
    /* failures */
    uint8_t failure;          /* gen_failure_t */
    uint16_t retries;
} obs_t;

typedef struct level {
    grid_t map;
    const struct monster_table *monsters; /* the table monster kinds index (the
                                             ruleset's, tables_t.monsters) */
    level_type_t type;
    int dlevel, difficulty;
    uint64_t seed, index;
    point_t start;
    rect_t keepout; /* no monster is placed here (the arena's centre box) */
    int nstairs;
    point_t stairs[LEVEL_MAX_STAIRS];
    int nrooms;
    room_t rooms[LEVEL_MAX_ROOMS];
    int nmonsters;
    monster_t monster[LEVEL_MAX_MONSTERS];
    int nitems;
    point_t item[LEVEL_MAX_ITEMS];
    int nspecial;
    special_room_t special[LEVEL_MAX_SPECIAL];
    obs_t obs;
} level_t;

struct tables; /* tables.h */

/* What a run fixes for every level it makes. */
typedef struct gen_params {
    const struct tables *tables; /* every table of the ruleset (tables_load) */
    int dlevel;          /* >= 1 */
    int difficulty;      /* 1..5 */
    int type;            /* a level_type_t, or -1 to draw it (docs/rules.md §2) */
    bool single_enabled; /* the 1/25 single-monster replacement */
    bool layout_only;    /* stop after the layout's own water and room list */
    bool rivers;         /* false: skip rivers (drlsim rooms --no-rivers) */
    bool reference;      /* make the level with the plain reference steps
                            (src/gen/ref/): the same level, slower */
    int style;           /* 0: each level's style picked from the episode's entry of
                            its dlevel (level_style); else that style id (--style) */
} gen_params_t;

/* Defaults over tables t (tables_load): dlevel 1, HMP, type drawn, single
 * on, full level. */
void gen_params_default(gen_params_t *p, const struct tables *t);

/* The style of level `index` of seed `seed` under p (docs/rules.md G76, H6):
 * p->style when set; else its dlevel's episode entry's, one of the entry's
 * styles picked uniformly from the level's style stream (RNG_STYLE: a draw
 * only when the entry lists more than one); 0 when the tables have no
 * episode or the dlevel lies beyond it. */
int level_style(const gen_params_t *p, uint64_t seed, uint64_t index);
/* [decision: LEVEL_STYLE_STREAM] the game picks each dlevel's style once,
 * when the episode is made; drlsim picks it for each level from the level's
 * own stream of this purpose, so a level stays a pure function of (seed,
 * index, parameters, tables) and many levels show the styles in the shares
 * many episodes would (docs/rules.md G76, H6). */
#define LEVEL_STYLE_STREAM RNG_STYLE
/* Does the tiled layout's room reader miss the wall or the door of level
 * lv's style (docs/rules.md G77), so that the layout hands back no room
 * list?  False without a style. */
bool level_reader_blind(const level_t *lv, const struct tables *t);

/* Generate level `index` of master seed `seed`.  Never fails: problems are
 * counted in lv->obs.failure / retries. */
void level_generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index);

/* Per-type stages (a ruleset's layout and water steps).  A layout draws the
 * map and its room list, and calls the water functions itself only where the
 * type's order puts geometry after them (city: river first); the water step
 * after it draws the rest. */
typedef struct layout_ctx {
    level_t *lv;
    const gen_params_t *p;
    const type_rules_t *rules;
    rng_t *layout;  /* the layout stream */
    rng_t *water;   /* the water stream */
    int doors;      /* door cells, when the layout knows them in layout-only mode; -1 */
} layout_ctx_t;

typedef void (*layout_fn)(layout_ctx_t *ctx);

/* The layout table: the wiki pipeline's generator of each level type
 * (src/gen/layouts/); NULL for the types it does not make.  Its registry
 * entry's layouts. */
extern const layout_fn LAYOUTS[LT__COUNT];
layout_fn layout_for(level_type_t t);

#endif

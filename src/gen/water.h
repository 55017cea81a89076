/* water.h - rivers and fluid passes (docs/rules.md §4).
 *
 * The water of a wiki level is a step of its ruleset's pipeline
 * (WIKI_WATER, run by level.c after the layout, never in layout-only mode):
 * the river roll and then the fluid passes over the map's interior
 * (water_standard), or inside the small rooms' area (water_small_rooms), or
 * the city's passes alone (water_city: its river is drawn by its layout,
 * before the buildings, with water_river).  Two layouts keep water inside,
 * where the type's order interleaves it with geometry: the caves dig around
 * their own fluid walks (water_walk_stop, the cave fluid table), and the
 * arena draws its fluid passes (water_standard) before the centre picture
 * and the stairs drawn over them.  All draws come from the level's water
 * stream (ctx->water).  The numbers are data/water.json, loaded into each
 * table set (water_tables_load); docs/water.md says what each step does and
 * every decision taken where docs/rules.md is silent.
 */
#ifndef DRLSIM_WATER_H
#define DRLSIM_WATER_H

#include <stdbool.h>
#include <stddef.h>

#include "level.h"

/* Rectangle of cells (inclusive) a fluid walk is kept inside. */
typedef struct area {
    int x1, y1, x2, y2;
} area_t;

/* The interior of the map, (2,2)-(77,19): where fluid walks stay by
 * default.  Both rulesets' passes. */
extern const area_t WATER_INTERIOR;
/* [game: generators.lua:226] the small rooms' (the game's archi) fluid
 * walks stay inside (4,2)-(74,18).  Both rulesets' passes. */
extern const area_t WATER_SMALL_ROOMS;

/* XdN+K. */
typedef struct dice {
    int x, n, k;
} dice_t;

static inline int dice_roll(rng_t *r, dice_t d)
{
    return rng_dice(r, d.x, d.n, d.k);
}

#define WATER_MAX_BANDS 8

/* One dlevel band of a fluid table: from..to (to = 0: no upper bound). */
typedef struct fluid_band {
    int from, to;
    cell_t fluid;
    dice_t walks;  /* walks per pass */
    dice_t length; /* steps per walk, drawn once per pass */
} fluid_band_t;

typedef struct fluid_table {
    int nbands;
    fluid_band_t band[WATER_MAX_BANDS];
} fluid_table_t;

/* River fluid by dlevel + d(difficulty_times * D + plus): the first row whose
 * `below` exceeds the roll (below = 0: any roll). */
typedef struct river_rules {
    int die_per_difficulty, die_plus;
    int nfluids;
    int below[3];
    cell_t fluid[3];
    frac_t horizontal;         /* standard style: horizontal river */
    frac_t horizontal_bridge;  /* a horizontal river has its bridge */
    frac_t multiple;           /* vertical: two or three rivers */
    frac_t three_of_multiple;  /* of those, three */
} river_rules_t;

typedef struct water_tables {
    fluid_table_t fluid;      /* the standard fluid pass */
    fluid_table_t cave;       /* the caves' own fluid walks */
    int cave_second_extra;    /* the second cave fluid pass walks this much longer */
    river_rules_t river;
} water_tables_t;

/* Parse data/water.json text.  On error returns false with a one-line
 * message naming `origin` and the key. */
bool water_tables_parse(water_tables_t *t, const char *json, size_t len, const char *origin,
                        char *err, size_t errlen);

/* The tables of file `name` of src ("water.json"), into t; false with a
 * one-line message in err when it is broken. */
bool water_tables_load(water_tables_t *t, data_src_t *src, const char *name, char *err,
                       size_t errlen);

/* A fluid pass's draws, which every pass shares (the wiki's, the game's,
 * the caves' and their references): the band of table t that holds dlevel,
 * its walk count, then the one length its walks share, drawn from r.
 * Returns the band; the pass then records itself (water_pass_note) and
 * draws its walks. */
const fluid_band_t *water_pass_roll(const fluid_table_t *t, int dlevel, rng_t *r, int *walks,
                                    int *length);

/* The observation of one fluid pass of `walks` walks of `length` of fluid
 * k, which every pass records alike: the level's first pass its fluid,
 * walks and length (fluid_kind, fluid_walks, fluid_length), its second its
 * length (fluid_length2); each counts in fluid_passes. */
void water_pass_note(obs_t *o, cell_t k, int walks, int length);

/* water_pass_roll at the level's dlevel, then water_pass_note of the band's
 * fluid: a pass whose fluid is its band's. */
const fluid_band_t *water_pass_draw(level_t *lv, rng_t *r, const fluid_table_t *t, int *walks,
                                    int *length);

/* The band of table t that holds dlevel (always found for dlevel >= 1). */
const fluid_band_t *water_band(const fluid_table_t *t, int dlevel);

/* The river roll of ctx's type and, when it comes up, the river(s).
 * Records river, orientation, count, fluid and bridge in obs, and for
 * vertical rivers each one's x and the first one's net drift.  Does nothing
 * (no roll at all) when ctx->p->rivers is false or the type's river chance is
 * zero.  Rivers are drawn in layout-only mode too (city draws its river
 * before its buildings).  Returns true when a river was drawn. */
bool water_river(layout_ctx_t *ctx);

/* One fluid pass (dlevel bands of docs/rules.md §4) with walks kept inside a.
 * The first pass of a level records fluid_kind, fluid_walks, fluid_length,
 * the second fluid_length2; every pass counts in fluid_passes. */
void water_fluid_pass(layout_ctx_t *ctx, const area_t *a);

/* The type's fluid passes (rules->fluid_passes of them) inside a; none after
 * a river when the type says so (fluids_only_without_river), none in
 * layout-only mode. */
void water_fluids(layout_ctx_t *ctx, const area_t *a);

/* The type's usual water: river roll, then its fluid passes inside the map's
 * interior.  Nothing in layout-only mode (the arena's layout calls it). */
void water_standard(layout_ctx_t *ctx);

/* The small rooms' water: river roll, then the fluid passes inside
 * WATER_SMALL_ROOMS (docs/rules.md §4). */
void water_small_rooms(layout_ctx_t *ctx);

/* The city's water after its buildings: the fluid passes alone, its river
 * being drawn by the layout before the buildings (water_river). */
void water_city(layout_ctx_t *ctx);

/* The wiki pipeline's water step of each level type, for its registry
 * entry: water_standard (normal, single, warehouse, maze, and caves, whose
 * fluid_passes is 0: their river alone), water_small_rooms, water_city;
 * NULL for the arena, whose layout draws its passes before its centre. */
extern const layout_fn WIKI_WATER[LT__COUNT];

/* One 9-way random walk of `steps` steps from (x,y), turning the start and
 * each visited cell into k; a step that would leave a is pushed back inside
 * (clamped).  Used by the fluid passes. */
void water_walk(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a);

/* The caves' walk: `steps` cells, its start included, each next one a 9-way
 * step from the last; it stops as soon as a step would leave a (docs/rules.md §3
 * Caves: "stopping at the border").  [game] The game's walk loop sets the
 * cell, then moves, `steps` times, so the start counts as one of the steps
 * (the fluid pass's water_walk takes `steps` moves after its start, as
 * docs/rules.md §4 words that [wiki] rule). */
void water_walk_stop(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a);

#endif

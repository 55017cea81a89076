/* gref.h - the plain reference of the game-0.9.9.7 ruleset (docs/rules.md
 * part G, rules G1-G74).
 *
 * The steps of the game pipeline of src/gen/game/ whose fast form differs
 * from the rule as it reads (bit rows, a table per kind, overlapping word
 * stores, running sums, cells kept in masks while the population runs),
 * written again the plain way: cell-by-cell loops, every draw where the
 * rule makes it, no cached tables.  Where the fast code is the plain rule
 * already (the game's dice, caves-2, lava, arena, the fluid pass, the
 * horizontal river, the rule formulas of gpop.h), the reference calls it:
 * a second copy of plain code is not a reference (docs/design.md, the
 * reference generator, lists what is whose).  The layouts the two rulesets
 * share (normal, small rooms, warehouse, city, maze) are the wiki
 * reference's (ref.h).  The files, in pipeline order:
 *
 *   gref_level.c     the order of one level (G5, G9) and its observation
 *   gref_layout.c    which layout each type draws, the pipeline's fluid
 *                    pass and river roll (G9, G10, G15, G42)
 *   gref_prim.c      restore_walls (G41) and the population's map helpers
 *   gref_rivers.c    the vertical river (G46) and the river call (G43, G44)
 *   gref_caves.c     caves (G18-G21)
 *   gref_pop.c       the population's order, barrels, items, stairs, player,
 *                    event, hunting (G47-G51, G68, G71-G73)
 *   gref_place.c     the empty-cell test and the placements (G52, G65, G66)
 *   gref_tiled10.c   game-0.10.10b's tiled layout (H11-H13), the twin of
 *                    glay10_tiled's bit-row door scan and room filter
 *   gref_rooms.c     special rooms and the small setups (G53-G57, G61);
 *                    gref_vault.c the warehouse room and the vault (G58-G60)
 *   gref_monsters.c  budget, being table, flood, groups (G62-G66);
 *                    gref_sets.c caves sets, single, single-plus (G67-G70)
 */
#ifndef DRLSIM_GREF_H
#define DRLSIM_GREF_H

#include "game/glay.h"
#include "game/gpop.h"
#include "ref.h"

/* ---- the map primitives the reference keeps (gref_prim.c); the dice and
 * the others are the fast code's (grandom.h, glay.h) ---- */

int gref_clamp(int v, int lo, int hi);
/* Every map cell of a becomes k. */
void gref_fill(grid_t *g, area_t a, cell_t k);
/* The ring: a fluid cell becomes permanent fluid, any other wall (G41). */
void gref_restore_walls(grid_t *g);

/* ---- rivers (gref_rivers.c), from the water stream ---- */

/* One vertical river at x, or through the cell `through` (G20, G46); the
 * pipeline's river call (G42-G44). */
void gref_vertical_river(level_t *lv, rng_t *r, cell_t fluid, int width, int x,
                         const point_t *through);
void gref_rivers(level_t *lv, rng_t *r, const glay_tables_t *gt);

/* ---- layouts: each draws the whole map ---- */

/* The layout of ctx->lv->type with the water of its rules (G9, G10). */
void gref_layout(layout_ctx_t *ctx);
/* game-0.10.10b's layout step with its water (gref10.c). */
void gref10_layout(layout_ctx_t *ctx);
/* game-0.10.10b's tiled layout, plainly (gref_tiled10.c, H11-H13) */
void gref10_tiled(layout_ctx_t *ctx);
void gref_caves(layout_ctx_t *ctx);

/* ---- population, from the population stream ---- */

/* The empty-cell flags [game: constants.lua:165-173] and the sets (G52). */
enum {
    GREF_NOBLOCK = 1,
    GREF_NOITEMS = 2,
    GREF_NOBEINGS = 4,
    GREF_NOSTAIRS = 8,
    GREF_NOHARM = 16,
    GREF_NOSPAWN = 32,
};
#define GREF_STANDARD \
    (GREF_NOBLOCK | GREF_NOITEMS | GREF_NOBEINGS | GREF_NOSTAIRS | GREF_NOHARM | GREF_NOSPAWN)
#define GREF_MONSTER (GREF_NOBLOCK | GREF_NOBEINGS | GREF_NOHARM | GREF_NOSPAWN)
#define GREF_ITEM (GREF_NOBLOCK | GREF_NOITEMS | GREF_NOHARM | GREF_NOSPAWN)
#define GREF_MEMBER (GREF_NOBLOCK | GREF_NOBEINGS | GREF_NOSTAIRS)
#define GREF_PLAYER_LAST (GREF_NOBLOCK | GREF_NOITEMS | GREF_NOBEINGS | GREF_NOSPAWN)
#define GREF_ROOM_ITEM (GREF_NOBLOCK | GREF_NOITEMS | GREF_NOSTAIRS | GREF_NOHARM | GREF_NOSPAWN)

/* [decision: GPOP_MAX_GUARDS, src/gen/game/gpop.c] at most 32 vault guards,
 * and the flood leaves room for them in the level's monster list. */
#define GREF_MAX_GUARDS 32

/* What stands where while the population runs: the map is the level's. */
typedef struct gref_pop {
    level_t *lv;
    const gpop_tables_t *t;
    rng_t *r;
    bool being[GRID_H + 2][GRID_W + 2];   /* a being (monster, guard, player) */
    bool item[GRID_H + 2][GRID_W + 2];    /* an item (a level's or a room's) */
    bool nospawn[GRID_H + 2][GRID_W + 2]; /* the arena's centre box, a vault's inside */
    int nguards;
    monster_t guard[GREF_MAX_GUARDS];     /* vault guards, listed after the flood's beings */
} gref_pop_t;

/* Steps 4-10 of G9 for a level of type rules tr. */
void gref_populate(level_t *lv, const type_rules_t *tr, const gpop_tables_t *t, rng_t *r);

/* gref_place.c */
bool gref_empty(const gref_pop_t *s, int x, int y, int flags);
bool gref_random_empty(gref_pop_t *s, int flags, area_t a, point_t *out);
bool gref_put_being(gref_pop_t *s, int kind, point_t at);
bool gref_drop_near(gref_pop_t *s, point_t at, point_t *out);
void gref_add_guard(gref_pop_t *s, const char *id, point_t at);

/* gref_rooms.c, gref_vault.c */
void gref_special_rooms(gref_pop_t *s, int lo, int hi);
void gref_setup_warehouse(gref_pop_t *s, const room_t *rm);
void gref_setup_vault(gref_pop_t *s, const room_t *rm);
/* The cells of rm shrunk by `in` on every side. */
area_t gref_room_area(const room_t *rm, int in);

/* gref_monsters.c, gref_sets.c */
typedef struct gref_entry {
    int kind, group, weight; /* a being (group -1) or a group (kind -1) */
} gref_entry_t;
typedef struct gref_table {
    int n;
    gref_entry_t e[MONSTER_KINDS_MAX + GPOP_MAX_GROUPS];
} gref_table_t;

void gref_monsters(gref_pop_t *s, level_type_t type, const type_rules_t *tr);
void gref_flood(gref_pop_t *s, const gref_table_t *tb, double danger);
/* The table of the kinds of a list, each at its own weight. */
void gref_list_table(const gpop_tables_t *t, const gpop_list_t *l, gref_table_t *tb);
void gref_cave_monsters(gref_pop_t *s, int danger);
void gref_single_monsters(gref_pop_t *s, int bw);
void gref_single_plus_monsters(gref_pop_t *s, int bw);

#endif

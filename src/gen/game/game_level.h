/* game_level.h - the game pipeline's layouts and population switches.
 *
 * level.c makes a level of a "pipeline": "game" ruleset (docs/rulesets.md)
 * in the released game's order [game: generator.lua:19-92]: the generator's
 * layout (its fluids and rivers at the point the type's rules say), then
 * barrels, special rooms, monsters, items, stairs, player and event
 * (gpop_populate).  This module says which layout draws each type and what
 * the type's rules ask of the population.
 */
#ifndef DRLSIM_GAME_LEVEL_H
#define DRLSIM_GAME_LEVEL_H

#include "level.h"
#include "gpop.h"

/* The game pipeline's steps per level type, for its registry entry
 * (registry.c): the layout of each type it draws (NULL: none), and the
 * water drawn after the layouts it shares with the wiki ruleset (NULL: the
 * layout draws its own, or none). */
extern const layout_fn GAME_LAYOUTS[LT__COUNT];
extern const layout_fn GAME_WATER[LT__COUNT];
/* game-0.10.10b's (docs/rules.md H.12): the tiled layout on normal, single
 * and single-plus, its caves, caves-2, lava and city river, and its rivers
 * in the water; every other entry game-0.9.9.7's step. */
extern const layout_fn GAME10_LAYOUTS[LT__COUNT];
extern const layout_fn GAME10_WATER[LT__COUNT];
/* game-0.10.10b's city river (H15): its chance, then glay10_rivers vertical
 * only; true when drawn.  The reference draws it too. */
bool game10_city_river(layout_ctx_t *ctx);

/* The population step: barrels, special rooms, monsters, items, stairs,
 * player and event as the type's rules (ctx->rules) switch them, leaving the
 * census of the final map in cs. */
void game_populate(level_t *lv, const layout_ctx_t *ctx, rng_t *pop, census_t *cs);

/* The population switches of type t from its rules (ruleset.json). */
void game_gen_of(level_type_t t, const type_rules_t *tr, gpop_gen_t *g);

#endif

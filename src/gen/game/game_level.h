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

/* Does the game pipeline draw type t? */
bool game_has_layout(level_type_t t);

/* The layout of ctx->lv->type under the game pipeline, with the water the
 * type's rules ask for (src/gen/game/glay.h for the game's own geometry and
 * water). */
void game_layout(layout_ctx_t *ctx);

/* The population switches of type t from its rules (ruleset.json). */
void game_gen_of(level_type_t t, const type_rules_t *tr, gpop_gen_t *g);

#endif

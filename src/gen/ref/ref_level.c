/* ref_level.c - one level made by the reference steps (level.h's order).
 *
 * Reset the level; draw the type from the type stream unless the
 * parameters fix it; run the type's layout (layout and water streams),
 * which leaves the map and the room list; count the rooms; in layout-only
 * mode count the doors and stop; else draw the type's water (water
 * stream), populate (population stream) and observe the final map.  Each stream is derived from (seed, index,
 * purpose), so one step's draws never shift another's.  The game ruleset's
 * levels have their own steps (gref_level.c), which share the reset, the
 * type draw and the door count below.
 */
#include "ref.h"

#include <string.h>

void ref_level_reset(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index)
{
    lv->monsters = p->tables ? p->tables->monsters : NULL;
    lv->dlevel = p->dlevel;
    lv->difficulty = p->difficulty;
    lv->seed = seed;
    lv->index = index;
    lv->start = (point_t){0, 0};
    lv->keepout = (rect_t){0, 0, 0, 0};
    lv->nstairs = lv->nrooms = lv->nmonsters = lv->nitems = lv->nspecial = 0;
    obs_t *o = &lv->obs;
    memset(o, 0, sizeof *o);
    o->river_fluid = o->fluid_kind = CELL_FLOOR; /* no fluid seen */
    rolls_t *ro = &o->roll;                       /* no roll made */
    o->first_monster = -1;
    o->first_door_side = OBS_NO_DOOR;
    ro->cave = ro->single = ro->arena = ro->fluid_room = ro->ammo = -1;
    ro->cave_outcome = ro->single_outcome = ro->arena_layout = -1;
    ro->fluid_room_kind = ro->ammo_kind = ro->ammo_stacks = -1;
}

int ref_count_doors(const grid_t *g)
{
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            n += grid_get(g, x, y) == CELL_DOOR;
    return n;
}

void ref_level_type(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index)
{
    if (p->type >= 0) {
        lv->type = (level_type_t)p->type;
    } else {
        rng_t tr;
        rng_stream(&tr, seed, index, RNG_TYPE);
        lv->type = ruleset_pick_type(p->tables->rules, p->dlevel, p->difficulty,
                                     p->single_enabled, &tr);
    }
}

void ref_level_generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index)
{
    ref_level_reset(lv, p, seed, index);
    ref_level_type(lv, p, seed, index);
    rng_t layout, water;
    rng_stream(&layout, seed, index, RNG_LAYOUT);
    rng_stream(&water, seed, index, RNG_WATER);
    layout_ctx_t ctx = {.lv = lv, .p = p, .rules = &p->tables->rules->type[lv->type],
                        .layout = &layout, .water = &water, .doors = -1};
    ref_layout_for(lv->type)(&ctx);
    rooms_summarize_list(lv);
    if (p->layout_only) {
        lv->obs.doors = (uint16_t)ref_count_doors(&lv->map);
        return;
    }
    if (ref_water_for(lv->type))
        ref_water_for(lv->type)(&ctx);
    rng_t pop;
    rng_stream(&pop, seed, index, RNG_POPULATE);
    ref_populate(lv, p, p->tables->pop, &pop);
    ref_observe(lv, p->tables->pop);
}

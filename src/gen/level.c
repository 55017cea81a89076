/* level.c - one level from (seed, index, parameters): the order of the steps.
 *
 * 1. type (type stream, docs/rules.md §2) unless the parameters fix it;
 * 2. the type's layout (layout and water streams), which leaves the map and
 *    the room list, then the water the ruleset draws after it, if any;
 * 3. population (population stream): start, stairs, monsters, items, special
 *    rooms;
 * 4. observation of the final map: fluid and door cells and the ruleset's
 *    census of its layouts' rules (census_layout.c).  Reachability is the
 *    observer's (observer.h), which floods the finished map once.
 * The steps are the ruleset's (registry.h, p->tables->def); streams are per
 * purpose, so e.g. a river never shifts the room list.
 */
#include "level.h"

#include <assert.h>
#include <string.h>
#include "episode.h"
#include "registry.h"
#include "rooms.h"
#include "tables.h"

const char *const RIVER_ORIENT_NAMES[RIVER_VERTICAL + 1] = {
    [RIVER_NONE] = "none", [RIVER_HORIZONTAL] = "horizontal", [RIVER_VERTICAL] = "vertical"};

const char *const FAILURE_NAMES[FAIL__COUNT] = {
    [FAIL_NONE] = "none", [FAIL_NO_FLOOR] = "no_floor", [FAIL_TOO_MANY] = "too_many"};

void gen_params_default(gen_params_t *p, const tables_t *t)
{
    memset(p, 0, sizeof *p);
    p->tables = t;
    p->dlevel = 1;
    p->difficulty = DIFF_HMP;
    p->type = -1;
    p->single_enabled = true;
    p->layout_only = false;
    p->rivers = true;
    p->reference = false;
    p->style = 0;
}

/* level_style with the level's stream key. */
static int style_of(const gen_params_t *p, uint64_t key)
{
    const episode_t *e = p->tables->episode;
    if (!e)
        return 0;
    if (p->style > 0)
        return p->style;
    const episode_entry_t *en = episode_entry(e, p->dlevel);
    rng_t r = {{0}};
    if (en && en->nstyle > 1) /* no stream seeded for a sure style */
        rng_stream_keyed(&r, key, LEVEL_STYLE_STREAM);
    return episode_pick(e, p->dlevel, &r);
}

int level_style(const gen_params_t *p, uint64_t seed, uint64_t index)
{
    return style_of(p, rng_level_key(seed, index));
}

bool level_reader_blind(const level_t *lv, const tables_t *t)
{
    const episode_style_t *s = lv->obs.style ? episode_style(t->episode, lv->obs.style) : NULL;
    return s && !s->reader;
}

/* The final map's observations, from the census population took (the map
 * has not changed since in any way the census sees). */
static void observe(level_t *lv, const census_t *cs)
{
    obs_t *o = &lv->obs;
    o->fluid_cells[0] = (uint16_t)cs->water;
    o->fluid_cells[1] = (uint16_t)cs->acid;
    o->fluid_cells[2] = (uint16_t)cs->lava;
    o->doors = (uint16_t)cs->doors;
}

/* A level's observation record before any step: nothing seen, no fluid,
 * no roll made (-1).  Copied in 16-byte moves: clearing the record and
 * setting the rolls (or a plain copy, which GCC turns into that) became a
 * rep stos, slow to start and a mispredicted loop exit to a branch
 * simulator. */
static const obs_t OBS_FRESH = {
    .river_fluid = CELL_FLOOR,
    .fluid_kind = CELL_FLOOR,
    .first_monster = -1,
    .first_door_side = OBS_NO_DOOR,
    .roll = {.cave = -1, .cave_outcome = -1, .single = -1, .single_outcome = -1, .arena = -1,
             .arena_layout = -1, .fluid_room = -1, .fluid_room_kind = -1, .ammo = -1,
             .ammo_kind = -1, .ammo_stacks = -1},
};

static inline void obs_fresh(obs_t *o)
{
    *o = OBS_FRESH;
}

static void reset(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index)
{
    lv->monsters = p->tables ? p->tables->monsters : NULL;
    lv->dlevel = p->dlevel;
    lv->difficulty = p->difficulty;
    lv->seed = seed;
    lv->index = index;
    lv->start = (point_t){0, 0};
    lv->keepout = (rect_t){0, 0, 0, 0};
    lv->nstairs = 0;
    lv->nrooms = 0;
    lv->nmonsters = 0;
    lv->nitems = 0;
    lv->nspecial = 0;
    obs_fresh(&lv->obs);
}

void level_generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index)
{
    const ruleset_def_t *rs = p->tables->def;
    if (__builtin_expect(p->reference, 0)) {
        rs->reference(lv, p, seed, index);
        return;
    }
    reset(lv, p, seed, index);
    /* the streams' common key, mixed once for the level's three or four */
    const uint64_t key = rng_level_key(seed, index);
    if (p->type >= 0) {
        lv->type = (level_type_t)p->type;
    } else {
        rng_t tr;
        rng_stream_keyed(&tr, key, RNG_TYPE);
        lv->type = ruleset_pick_type(p->tables->rules, p->dlevel, p->difficulty,
                                     p->single_enabled, &tr);
    }
    lv->obs.style = (uint8_t)style_of(p, key);
    rng_t layout, water;
    rng_stream_keyed(&layout, key, RNG_LAYOUT);
    rng_stream_keyed(&water, key, RNG_WATER);
    layout_ctx_t ctx = {
        .lv = lv, .p = p, .rules = &p->tables->rules->type[lv->type], .layout = &layout,
        .water = &water, .doors = -1,
    };
    rs->layout[lv->type](&ctx);
    if (p->layout_only) {
        rooms_summarize_list(lv);
        lv->obs.doors = (uint16_t)(ctx.doors >= 0 ? ctx.doors : grid_count(&lv->map, CELL_DOOR));
        return;
    }
    if (rs->water && rs->water[lv->type])
        rs->water[lv->type](&ctx);
    /* doors: counted by the census (population changes no door) */
    rooms_summarize_list(lv);
    rng_t pop;
    rng_stream_keyed(&pop, key, RNG_POPULATE);
    census_t cs;
    rs->populate(lv, &ctx, &pop, &cs);
    observe(lv, &cs);
    if (rs->census)
        rs->census(lv, p->tables);
}

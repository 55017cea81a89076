/* gref_level.c - one game-0.9.9.7 level made by the reference steps
 * (docs/rules.md G5, G9).
 *
 * Reset the level and its observation record; the type, fixed or drawn
 * from the type stream (G6); the layout with its water (gref_layout.c:
 * layout stream, water stream); the room list's counts; in layout-only
 * mode the doors and stop.  Else the population (gref_pop.c: barrels,
 * special rooms, monsters, items, stairs, player, event, all from the
 * population stream) and what the final map shows: its water, acid and
 * lava cells and its doors (reachability is the observer's, observer.h,
 * not the record's).  None of the wiki ruleset's layout
 * census: the game's levels have none of those rules.
 */
#include "gref.h"

static void observe(level_t *lv)
{
    obs_t *o = &lv->obs;
    int water = 0, acid = 0, lava = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            cell_t k = grid_get(&lv->map, x, y);
            water += k == CELL_WATER;
            acid += k == CELL_ACID;
            lava += k == CELL_LAVA;
        }
    o->fluid_cells[0] = (uint16_t)water;
    o->fluid_cells[1] = (uint16_t)acid;
    o->fluid_cells[2] = (uint16_t)lava;
    o->doors = (uint16_t)ref_count_doors(&lv->map);
}

static void generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index,
                     void (*layout_step)(layout_ctx_t *ctx), bool own_population);

void gref_level_generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index)
{
    generate(lv, p, seed, index, gref_layout, true);
}

/* game-0.10.10b: its layouts by the reference, its population by the
 * ruleset's own step (Part G's code under the switches of Part H, which the
 * reference population does not follow), so that the test compares its maps
 * before the population and holds the rest equal to itself; the conformance
 * check and the observer test that population (docs/design.md, "The reference
 * generator"). */
void gref10_level_generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index)
{
    generate(lv, p, seed, index, gref10_layout, false);
}

static void generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index,
                     void (*layout_step)(layout_ctx_t *ctx), bool own_population)
{
    ref_level_reset(lv, p, seed, index);
    ref_level_type(lv, p, seed, index);
    lv->obs.style = (uint8_t)level_style(p, seed, index);
    rng_t layout, water;
    rng_stream(&layout, seed, index, RNG_LAYOUT);
    rng_stream(&water, seed, index, RNG_WATER);
    const type_rules_t *tr = &p->tables->rules->type[lv->type];
    layout_ctx_t ctx = {.lv = lv, .p = p, .rules = tr, .layout = &layout, .water = &water,
                        .doors = -1};
    layout_step(&ctx);
    rooms_summarize_list(lv);
    if (p->layout_only) {
        lv->obs.doors = (uint16_t)ref_count_doors(&lv->map);
        return;
    }
    rng_t pop;
    rng_stream(&pop, seed, index, RNG_POPULATE);
    if (own_population) {
        gref_populate(lv, tr, p->tables->gpop, &pop);
    } else {
        census_t cs;
        p->tables->def->populate(lv, &ctx, &pop, &cs);
    }
    observe(lv);
}

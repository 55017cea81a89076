/* ref_populate.c - the population step, plainly (docs/rules.md §5,
 * docs/population.md).
 *
 * In this order, all from the population stream: the special rooms (types
 * that have them); the start and one down stair where the layout fixed
 * none, each a cell drawn from the row-major list of floor cells (the start
 * taken out of it first); the monsters, spending the danger budget on the
 * standard weighted pick of the kinds whose window holds the dlevel, or on
 * the cave or single-monster table's outcome, each monster hunting with the
 * type's chance after it is placed; the items.  Monsters and items stand on
 * free standable cells (floor, water, bridge), drawn from one list that
 * keeps the cells outside the keep-out box in front: monsters draw among
 * those, items among all.  Running out of cells counts FAIL_NO_FLOOR, a
 * full list FAIL_TOO_MANY.
 */
#include "ref.h"

#include "populate.h"

static void fail(level_t *lv, gen_failure_t f)
{
    if (lv->obs.failure == FAIL_NONE)
        lv->obs.failure = (uint8_t)f;
}

static bool start_and_stairs(level_t *lv, rng_t *r)
{
    bool need_start = lv->start.x == 0, need_stairs = lv->nstairs == 0;
    if (!need_start && !need_stairs)
        return true;
    ref_cells_t floor;
    ref_cells_of(&floor, &lv->map, CELLSET(CELL_FLOOR));
    if (!need_start) {
        int i = ref_cells_find(&floor, lv->start.x, lv->start.y);
        if (i >= 0)
            ref_cells_remove(&floor, i);
    } else {
        if (floor.n == 0)
            return false;
        int i = (int)rng_below(r, (uint32_t)floor.n);
        lv->start = floor.at[i];
        ref_cells_remove(&floor, i);
    }
    if (need_stairs && floor.n > 0) {
        point_t s = floor.at[rng_below(r, (uint32_t)floor.n)];
        grid_set(&lv->map, s.x, s.y, CELL_STAIRS);
        lv->stairs[lv->nstairs++] = s;
    }
    return true;
}

typedef struct spend {
    level_t *lv;
    const pop_tables_t *t;
    const type_rules_t *tr;
    ref_pool_t *pool;
    rng_t *r;
} spend_t;

static bool place_monster(spend_t *s, int kind)
{
    level_t *lv = s->lv;
    point_t c;
    if (lv->nmonsters == LEVEL_MAX_MONSTERS) {
        fail(lv, FAIL_TOO_MANY);
        return false;
    }
    if (!ref_pool_take(s->pool, true, s->r, &c)) {
        fail(lv, FAIL_NO_FLOOR);
        return false;
    }
    const frac_t h = s->tr->hunting;
    bool hunt = h.num > 0 && rng_chance(s->r, h.num, h.den);
    lv->monster[lv->nmonsters++] = (monster_t){(uint8_t)kind, c.x, c.y, (uint8_t)hunt};
    lv->obs.monsters++;
    lv->obs.monsters_by_kind[kind]++;
    lv->obs.hunting += hunt;
    lv->obs.danger_placed += s->t->monsters->kind[kind].danger;
    return true;
}

/* While budget remains, pick one of kinds[] by monster weight (no draw for
 * a single kind) and pay its danger.  False once nothing more can be placed. */
static bool spend(spend_t *s, const uint8_t *kinds, int n, int budget)
{
    const monster_kind_t *mk = s->t->monsters->kind;
    int total = 0;
    for (int i = 0; i < n; i++)
        total += mk[kinds[i]].weight;
    while (total > 0 && budget > 0) {
        int i = 0;
        if (n > 1) {
            int x = rng_d(s->r, total);
            while (x > mk[kinds[i]].weight)
                x -= mk[kinds[i++]].weight;
        }
        int danger = mk[kinds[i]].danger;
        if (s->t->last_monster == POP_LAST_STOP && danger > budget)
            break;
        if (!place_monster(s, kinds[i]))
            return false;
        budget -= danger;
    }
    return true;
}

static void standard_monsters(spend_t *s, int budget)
{
    const monster_table_t *m = s->t->monsters;
    int dl = s->lv->dlevel, shift = s->t->window_shift[s->lv->difficulty];
    uint8_t kinds[MONSTER_KINDS_MAX];
    int n = 0;
    for (int k = 0; k < m->n; k++)
        if (m->kind[k].min - shift <= dl && dl <= m->kind[k].max)
            kinds[n++] = (uint8_t)k;
    spend(s, kinds, n, budget);
}

/* Cave and single-monster levels: a roll, an outcome, its parts' shares
 * (floor(budget * percent / 100), the last part the rest). */
static void table_monsters(spend_t *s, const pop_table_t *tab, int budget, int16_t *roll_out,
                           int8_t *outcome_out)
{
    level_t *lv = s->lv;
    int roll = rng_d(s->r, tab->roll.die) +
               poptable_roll_shift(&tab->roll, lv->dlevel, lv->difficulty);
    int oc = poptable_draw(tab, roll, lv->dlevel, lv->difficulty, s->r);
    *roll_out = (int16_t)roll;
    *outcome_out = (int8_t)oc;
    const pop_outcome_t *o = &tab->outcome[oc];
    int left = budget;
    for (int i = 0; i < o->nparts; i++) {
        int share = i == o->nparts - 1 ? left : budget * o->part[i].percent / 100;
        left -= share;
        if (!spend(s, o->part[i].mix, o->part[i].nmix, share))
            break;
    }
}

void ref_populate(level_t *lv, const gen_params_t *p, const pop_tables_t *t, rng_t *r)
{
    const type_rules_t *tr = &p->tables->rules->type[lv->type];
    if (tr->special_rooms)
        ref_special_rooms(lv, &t->special, r);
    if (!start_and_stairs(lv, r)) {
        fail(lv, FAIL_NO_FLOOR);
        return;
    }
    ref_pool_t pool;
    ref_pool_build(&pool, lv);
    int budget = populate_budget(t, tr, lv->dlevel, lv->difficulty);
    lv->obs.budget = budget;
    spend_t s = {lv, t, tr, &pool, r};
    rolls_t *ro = &lv->obs.roll;
    if (lv->type == LT_CAVES)
        table_monsters(&s, &t->caves, budget, &ro->cave, &ro->cave_outcome);
    else if (lv->type == LT_SINGLE)
        table_monsters(&s, &t->single, budget, &ro->single, &ro->single_outcome);
    else
        standard_monsters(&s, budget);
    if (lv->nmonsters) /* observed: the first pick, one draw by weight */
        lv->obs.first_monster = (int8_t)lv->monster[0].kind;
    int count = populate_item_count(tr, lv->dlevel, r);
    if (count > LEVEL_MAX_ITEMS) {
        fail(lv, FAIL_TOO_MANY);
        count = LEVEL_MAX_ITEMS;
    }
    for (int i = 0; i < count; i++) {
        point_t c;
        if (!ref_pool_take(&pool, false, r, &c)) {
            fail(lv, FAIL_NO_FLOOR);
            break;
        }
        lv->item[lv->nitems++] = c;
    }
    lv->obs.items = (uint16_t)lv->nitems;
}

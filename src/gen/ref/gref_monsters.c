/* gref_monsters.c - the game's monsters, plainly (docs/rules.md G62-G66;
 * [game: bin/core/level.lua:1-91; bin/lua/generator.lua:64-68, 95-103]).
 *
 * The budget bw by difficulty (population.json budget): linear
 * ceil(dl * mul + add) or ceil(sqrt(dl * inner) * outer), in doubles.
 * Caves and the standard flood spend bw * percent/100 of the type's rules,
 * rounded up, or down where the rules say (caves); single and single-plus
 * spend bw (gref_sets.c).  The being table: dmod = clamp(3(D-2), 0, 6);
 * every being, then every group, of positive weight with dl + dmod at
 * least its minimum and dl at most its maximum.  The flood: while danger
 * is left (above 0), a weighted pick of the table, then a monster cell of
 * the map (none: the flood stops for good); a being goes there (a full
 * monster list stops the flood) and pays its danger; a group is counted,
 * and each member, its amount lo + d(hi - lo + 1) - 1, goes on the group's
 * cell or near it (gref_place.c; none: lost) and pays its danger all the
 * same.  The budget, its percentage and the eligibility tests are plain
 * formulas in the fast code and are called (gpop.h); the weighted pick is
 * the reference's own scan, where the fast flood picks from running sums
 * made once.
 */
#include "gref.h"

static void being_table(const gpop_tables_t *t, int dlevel, int difficulty, gref_table_t *tb)
{
    tb->n = 0;
    for (int k = 0; k < t->monsters.n; k++)
        if (gpop_kind_eligible(t, k, dlevel, difficulty))
            tb->e[tb->n++] = (gref_entry_t){k, -1, t->monsters.kind[k].weight};
    for (int g = 0; g < t->ngroups; g++)
        if (gpop_group_eligible(t, g, dlevel, difficulty))
            tb->e[tb->n++] = (gref_entry_t){-1, g, t->group[g].weight};
}

static const gref_entry_t *pick(rng_t *r, const gref_table_t *tb)
{
    int total = 0;
    for (int i = 0; i < tb->n; i++)
        total += tb->e[i].weight;
    int x = game_random(r, total);
    int sum = 0;
    for (int i = 0; i < tb->n; i++) {
        sum += tb->e[i].weight;
        if (sum > x)
            return &tb->e[i];
    }
    return &tb->e[tb->n - 1];
}

static void drop_group(gref_pop_t *s, const gpop_group_t *g, point_t at, double *danger)
{
    s->lv->obs.game.groups++;
    int drawn = 0;
    for (int m = 0; m < g->nmembers; m++) {
        const gpop_member_t *mem = &g->member[m];
        int amount = mem->lo + glay_dn(s->r, mem->hi - mem->lo + 1) - 1;
        drawn += amount;
        for (int i = 0; i < amount; i++) {
            point_t c;
            if (gref_drop_near(s, at, &c))
                gref_put_being(s, mem->kind, c);
            else
                s->lv->obs.game.members_lost++;
            *danger -= s->t->monsters.kind[mem->kind].danger;
        }
    }
    if (s->lv->obs.game.group_size == 0) /* the first group's */
        s->lv->obs.game.group_size = (uint8_t)(drawn < UINT8_MAX ? drawn : UINT8_MAX);
}

void gref_flood(gref_pop_t *s, const gref_table_t *tb, double danger)
{
    if (tb->n == 0)
        return;
    const area_t map = {1, 1, GRID_W, GRID_H};
    while (danger > 0) {
        const gref_entry_t *e = pick(s->r, tb);
        point_t at;
        if (!gref_random_empty(s, GREF_MONSTER, map, &at))
            return;
        if (e->group >= 0) {
            drop_group(s, &s->t->group[e->group], at, &danger);
            continue;
        }
        if (!gref_put_being(s, e->kind, at))
            return;
        danger -= s->t->monsters.kind[e->kind].danger;
    }
}

void gref_monsters(gref_pop_t *s, level_type_t type, const type_rules_t *tr)
{
    level_t *lv = s->lv;
    int bw = gpop_budget(s->t, lv->dlevel, lv->difficulty);
    if (type == LT_SINGLE) {
        lv->obs.budget = bw;
        gref_single_monsters(s, bw);
        return;
    }
    if (type == LT_SINGLE_PLUS) {
        lv->obs.budget = bw;
        gref_single_plus_monsters(s, bw);
        return;
    }
    int danger = gpop_budget_modified(bw, tr->danger_percent, tr->danger_ceil ? GPOP_CEIL : GPOP_FLOOR);
    lv->obs.budget = danger;
    if (type == LT_CAVES) {
        gref_cave_monsters(s, danger);
        return;
    }
    gref_table_t tb;
    being_table(s->t, lv->dlevel, lv->difficulty, &tb);
    gref_flood(s, &tb, danger);
}

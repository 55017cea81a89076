/* gref_sets.c - the caves' monster sets, single and single-plus, plainly
 * (docs/rules.md G67, G69, G70; [game: bin/lua/generator.lua:395-438;
 * bin/lua/generators.lua:265-347]).
 *
 * A list's table holds its kinds of positive weight, each at its own
 * weight.  Caves: mlevel = max(dl + 3(D-2), 0); a set of population.json
 * is eligible when min <= mlevel <= max and D reaches its difficulty,
 * which is waived once mlevel exceeds twice its minimum; one eligible set
 * by weight (none: no monsters), and its list floods the caves' danger.
 * Single: roll = min(dl + 3(D-2) - 4, 20) + d10; the outcome of the first
 * row whose bound exceeds the roll, else the last row's.  An outcome that
 * may split (arch-viles) splits with its chance: its list and its split
 * list each flood bw / divisor.  Else its list floods bw, then each extra
 * list whose difficulty or dlevel bound the level exceeds floods
 * bw / its divisor.  Single-plus: one kind of its list, Random(3), floods
 * bw.  mlevel, the sets' test, the single roll's shift and its outcome
 * row are plain formulas in the fast code and are called (gpop.h), as is
 * the weighted pick of a set (weight_roll).
 */
#include "gref.h"

void gref_list_table(const gpop_tables_t *t, const gpop_list_t *l, gref_table_t *tb)
{
    tb->n = 0;
    for (int i = 0; i < l->n; i++) {
        int w = t->monsters.kind[l->kind[i]].weight;
        if (w > 0)
            tb->e[tb->n++] = (gref_entry_t){l->kind[i], -1, w};
    }
}

static void flood_list(gref_pop_t *s, const gpop_list_t *l, double danger)
{
    gref_table_t tb;
    gref_list_table(s->t, l, &tb);
    gref_flood(s, &tb, danger);
}

void gref_cave_monsters(gref_pop_t *s, int danger)
{
    const gpop_tables_t *t = s->t;
    level_t *lv = s->lv;
    int D = lv->difficulty;
    int mlevel = gpop_mlevel(t, lv->dlevel, D);
    int set[GPOP_MAX_SETS], weight[GPOP_MAX_SETS], n = 0;
    for (int i = 0; i < t->nsets; i++)
        if (gpop_set_eligible(t, i, mlevel, D)) {
            set[n] = i;
            weight[n] = t->set[i].weight;
            n++;
        }
    if (n == 0)
        return;
    int chosen = set[weight_roll(s->r, weight, n)];
    lv->obs.game.cave_set = (int8_t)chosen;
    flood_list(s, &t->set[chosen].list, danger);
}

void gref_single_monsters(gref_pop_t *s, int bw)
{
    const gpop_single_t *st = &s->t->single;
    level_t *lv = s->lv;
    int roll = gpop_single_shift(s->t, lv->dlevel, lv->difficulty) + glay_dn(s->r, st->die);
    int outcome = gpop_single_outcome(s->t, roll);
    lv->obs.roll.single = (int16_t)roll;
    lv->obs.roll.single_outcome = (int8_t)outcome;
    const gpop_single_outcome_t *so = &st->outcome[outcome];
    if (so->has_split) {
        bool split = rng_chance(s->r, so->split_num, so->split_den);
        lv->obs.game.single_split = split;
        if (split) {
            flood_list(s, &so->list, (double)bw / so->split_divisor);
            flood_list(s, &so->split, (double)bw / so->split_divisor);
            return;
        }
    }
    flood_list(s, &so->list, bw);
    for (int i = 0; i < so->nextras; i++) {
        const gpop_extra_t *ex = &so->extra[i];
        if (lv->difficulty > ex->difficulty_above || lv->dlevel > ex->dlevel_above)
            flood_list(s, &ex->list, (double)bw / ex->divisor);
    }
}

void gref_single_plus_monsters(gref_pop_t *s, int bw)
{
    const gpop_list_t *l = &s->t->single_plus;
    gpop_list_t one = {1, {l->kind[game_random(s->r, l->n)]}};
    flood_list(s, &one, bw);
}

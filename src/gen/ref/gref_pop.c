/* gref_pop.c - the game's population in its order, plainly (docs/rules.md
 * G9 steps 4-10, G47-G51, G68, G71-G73; [game: bin/lua/generator.lua:52-92]).
 *
 * The arena's keep-out box is no-spawn from the start.  Then, as the
 * type's rules switch them on: barrels; special rooms (gref_rooms.c); the
 * caves' 10 items before their monsters; the monsters (gref_monsters.c);
 * the items of every other type, ceil(amount * percent/100) with amount =
 * ceil(21 - max(25 - dl, 0)/3); the stairs and the player, except on the
 * arena, whose layout placed them; the event roll; the type's hunting
 * chance for each being; then the beings that hunt are counted and the
 * vault guards join the monster list.
 * Barrels: lvl = dl + d5, the count 50 when a d22 comes up 22, else 12;
 * the first kinds row whose bound lvl does not exceed gives the pair, its
 * first barrel acid instead with a d4 of 1 where the row says; count/2
 * pairs, each barrel on a standard cell.  Items: each counts, then takes
 * an item cell if there is one.  Stairs: a standard cell.  Player: a
 * standard cell, else one free of beings, items, blocking and no-spawn.
 * Event: min(dl/2, 20) > d100 picks one by weight among those the level's
 * dlevel and difficulty reach; the alarm makes every being hunt.
 */
#include "gref.h"

#include <math.h>
#include <string.h>

static const area_t MAP = {1, 1, GRID_W, GRID_H};

static void barrels(gref_pop_t *s)
{
    const gpop_tables_t *t = s->t;
    obs_t *o = &s->lv->obs;
    int lvl = s->lv->dlevel + glay_dn(s->r, t->barrel_level_die);
    int count = t->barrel_count;
    if (glay_dn(s->r, t->barrel_big_die) == t->barrel_big_die)
        count = t->barrel_big_count;
    int row = 0; /* the first row lvl does not exceed; the last at most */
    while (row < t->nbarrel_rows - 1 && lvl > t->barrel_row[row].lvl_max)
        row++;
    const gpop_barrel_row_t *br = &t->barrel_row[row];
    cell_t first = (cell_t)br->first;
    if (br->alt_die > 0 && glay_dn(s->r, br->alt_die) == 1)
        first = (cell_t)br->first_alt;
    o->game.barrel_count = (uint8_t)count;
    for (int i = 0; i < count / 2; i++)
        for (int j = 0; j < 2; j++) {
            point_t c;
            if (!gref_random_empty(s, GREF_STANDARD, MAP, &c))
                continue;
            cell_t k = j == 0 ? first : (cell_t)br->second;
            o->game.barrels_wet += cell_liquid((cell_t)grid_get(&s->lv->map, c.x, c.y));
            grid_set(&s->lv->map, c.x, c.y, k);
            o->game.barrels++;
            o->game.barrels_by_kind[k - CELL_BARREL]++;
        }
}

static void items(gref_pop_t *s, int amount)
{
    level_t *lv = s->lv;
    for (int i = 0; i < amount; i++) {
        lv->obs.items++;
        point_t c;
        if (!gref_random_empty(s, GREF_ITEM, MAP, &c))
            continue;
        s->item[c.y][c.x] = true;
        if (lv->nitems < LEVEL_MAX_ITEMS)
            lv->item[lv->nitems++] = c;
        else if (lv->obs.failure == FAIL_NONE)
            lv->obs.failure = FAIL_TOO_MANY;
    }
}

static void stairs(gref_pop_t *s)
{
    level_t *lv = s->lv;
    point_t c;
    if (!gref_random_empty(s, GREF_STANDARD, MAP, &c) || lv->nstairs >= LEVEL_MAX_STAIRS) {
        lv->obs.game.stairs_lost = 1;
        return;
    }
    grid_set(&lv->map, c.x, c.y, CELL_STAIRS);
    lv->stairs[lv->nstairs++] = c;
}

static void player(gref_pop_t *s)
{
    point_t c;
    if (gref_random_empty(s, GREF_STANDARD, MAP, &c) ||
        gref_random_empty(s, GREF_PLAYER_LAST, MAP, &c)) {
        s->lv->start = c;
        s->being[c.y][c.x] = true;
    } else if (s->lv->obs.failure == FAIL_NONE) {
        s->lv->obs.failure = FAIL_NO_FLOOR;
    }
}

static void event(gref_pop_t *s)
{
    const gpop_tables_t *t = s->t;
    level_t *lv = s->lv;
    obs_t *o = &lv->obs;
    o->game.event_eligible = 1;
    int v = lv->dlevel / t->event_div;
    if (v > t->event_cap)
        v = t->event_cap;
    int roll = glay_dn(s->r, t->event_die);
    o->game.event_roll = (int8_t)roll;
    if (v <= roll)
        return;
    int which[GPOP_MAX_EVENTS], weight[GPOP_MAX_EVENTS], n = 0;
    for (int i = 0; i < t->nevents; i++)
        if (lv->dlevel >= t->event[i].min_dlevel && lv->difficulty >= t->event[i].min_diff) {
            which[n] = i;
            weight[n] = t->event[i].weight;
            n++;
        }
    if (n == 0)
        return;
    int e = which[weight_roll(s->r, weight, n)];
    o->game.event = (int8_t)e;
    if (t->event[e].all_hunting)
        for (int i = 0; i < lv->nmonsters; i++)
            lv->monster[i].hunting = 1;
}

void gref_populate(level_t *lv, const type_rules_t *tr, const gpop_tables_t *t, rng_t *r)
{
    gref_pop_t s;
    memset(&s, 0, sizeof s);
    s.lv = lv;
    s.t = t;
    s.r = r;
    obs_t *o = &lv->obs;
    o->game.made = 1;
    o->game.cave_set = o->game.single_split = o->game.event_roll = o->game.event = -1;
    if (lv->keepout.x1 != 0)
        for (int y = lv->keepout.y1; y <= lv->keepout.y2; y++)
            for (int x = lv->keepout.x1; x <= lv->keepout.x2; x++)
                s.nospawn[y][x] = true;

    if (tr->barrels)
        barrels(&s);
    if (tr->special_rooms && tr->rooms_hi > 0)
        gref_special_rooms(&s, tr->rooms_lo, tr->rooms_hi);
    if (tr->items == ITEMS_FIXED)
        items(&s, tr->items_n);
    gref_monsters(&s, lv->type, tr);
    if (tr->items != ITEMS_FIXED) {
        int percent = tr->items == ITEMS_PERCENT_CEIL ? tr->items_n : 100;
        items(&s, gpop_item_count(t, lv->dlevel, percent));
    }
    if (lv->type != LT_ARENA) {
        stairs(&s);
        player(&s);
    }
    if (tr->events)
        event(&s);
    if (tr->hunting.num > 0)
        for (int i = 0; i < lv->nmonsters; i++)
            if (rng_chance(r, tr->hunting.num, tr->hunting.den))
                lv->monster[i].hunting = 1;
    for (int i = 0; i < lv->nmonsters; i++)
        o->hunting += lv->monster[i].hunting;
    for (int i = 0; i < s.nguards && lv->nmonsters < LEVEL_MAX_MONSTERS; i++) {
        lv->monster[lv->nmonsters++] = s.guard[i];
        o->game.guards++;
    }
}

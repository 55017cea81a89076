/* test_game_levels.c - whole levels of the game-0.9.9.7 ruleset (docs/rules.md
 * part G), every generator, through level_generate.
 *
 * For each of the eleven level types, thousands of seeds spread over the
 * dlevels and difficulties where the game makes that type (and a few where
 * it does not: a fixed type must still make a sound level), these hold:
 *
 *  - the map's border ring is wall or permanent fluid (CELL_EDGE), and
 *    CELL_EDGE is nowhere else (G2, G41);
 *  - every entry of the room list lies inside the map; its sides are at
 *    least 3, except the 2x2 entries the tiled room scan finds at the dead
 *    end of a one-cell corridor (G11, §3 Normal step 4), which only the
 *    tiled layouts have;
 *  - the stairs the population placed are stairs cells; the start is a
 *    passable cell that is not a door; the arena's four stairs are stairs
 *    and its start is (38,10) (G33, G35, G49, G50);
 *  - monsters stand on distinct passable cells (never a door, a box or a
 *    barrel), items likewise among items, neither on the start (G52, G65,
 *    G73);
 *  - no monster stands on acid, lava or the arena's keep-out box on a level
 *    without groups; on a level with groups, every monster that does is of
 *    a kind some group drops (only group members are dropped there, G52,
 *    G66);
 *  - the barrel roll is 12 or 50 on the types with barrels and none is
 *    rolled elsewhere; every rolled barrel is placed unless no empty cell is
 *    left (counted: expected never), and the barrel cells on the final map
 *    equal the count, fewer only on a level where a vault or a fluid room
 *    was set up over some of them (G47, G48, G56, G59);
 *  - reachability from the start, 8-way, over the passable cells with
 *    barrels counted passable (they can be blown up; a box cannot): every
 *    passable cell but fluid reachable on normal, single, single-plus, small
 *    rooms, city and warehouse.  Why these: their walls form closed rooms joined
 *    by doors (the tiled partition puts a door in every wall it draws; the
 *    small-rooms tiles all share one doored frame; every city building and
 *    every lava room has one door and buildings keep a floor ring; each
 *    warehouse divider has its door and boxes keep a floor ring), and water
 *    only turns cells passable (G39), though a fluid walk across a solid
 *    block of walls (a warehouse's 4 x 4 crate stack) can leave fluid cells
 *    inside its ring that no one reaches; a vault (walls with one door inside a
 *    room) keeps a one-cell passage around it (G59).  G11, G14, G16, G17.  Maze is NOT asserted: its wall
 *    segments can meet other walls at both ends and close a pocket (the
 *    game does not prevent it), nor are caves, caves-2, lava and arena,
 *    whose walks, blobs and lava leave islands by design; for those the
 *    share of levels with an unreachable cell is printed.
 *  - Drawn types: over dlevels 1..60 and every difficulty, the drawn type
 *    is one the game's registry makes there: normal from 1, maze, caves and
 *    warehouse from 3, city from 4, small rooms from 8, and from difficulty
 *    2 caves-2 and arena from 8, lava from 12, single from 16; single-plus
 *    from 50 and difficulty 3 (G6, G7).  Every type is seen.
 *
 * Also printed per type: the share of levels with groups, with fewer
 * barrels on the map than placed, with an unreachable cell, and with more
 * special rooms placed than lv->special holds (LEVEL_MAX_SPECIAL: the
 * level's list keeps the first ones; obs counts them all).
 */
#include <stdio.h>
#include <string.h>

#include "game/gpop.h"
#include "level.h"
#include "ruleset.h"
#include "tables.h"
#include "testutil.h"

static const tables_t *T;
static level_t lv;

/* The documented registry minimums (docs/rules.md G6): min dlevel, min
 * difficulty; in level_type_t order. */
static const struct {
    level_type_t t;
    int min_dlevel, min_diff;
} MINIMUM[] = {
    {LT_NORMAL, 1, 1},  {LT_SMALL_ROOMS, 8, 1}, {LT_WAREHOUSE, 3, 1}, {LT_CITY, 4, 1},
    {LT_CAVES, 3, 1},   {LT_ARENA, 8, 2},       {LT_MAZE, 3, 1},      {LT_SINGLE, 16, 2},
    {LT_CAVES_2, 8, 2}, {LT_LAVA, 12, 2},       {LT_SINGLE_PLUS, 50, 3},
};

static int min_dlevel(level_type_t t)
{
    for (size_t i = 0; i < sizeof MINIMUM / sizeof MINIMUM[0]; i++)
        if (MINIMUM[i].t == t)
            return MINIMUM[i].min_dlevel;
    return 1;
}

static int min_diff(level_type_t t)
{
    for (size_t i = 0; i < sizeof MINIMUM / sizeof MINIMUM[0]; i++)
        if (MINIMUM[i].t == t)
            return MINIMUM[i].min_diff;
    return 1;
}

/* Which types have barrels, a tiled room list, guaranteed reachability
 * (see the header). */
static bool has_barrels(level_type_t t)
{
    return t != LT_CAVES && t != LT_LAVA;
}

static bool tiled(level_type_t t)
{
    return t == LT_NORMAL || t == LT_SINGLE || t == LT_SINGLE_PLUS;
}

static bool connected_by_design(level_type_t t)
{
    return tiled(t) || t == LT_SMALL_ROOMS || t == LT_CITY || t == LT_WAREHOUSE;
}

static bool is_barrel(cell_t k)
{
    return k == CELL_BARREL || k == CELL_BARREL_ACID || k == CELL_BARREL_NAPALM;
}

/* Where a monster or an item may stand: passable and not a door. */
static bool standable(cell_t k)
{
    return cell_is_passable(k) && k != CELL_DOOR;
}

static bool in_keepout(const level_t *l, int x, int y)
{
    return l->keepout.x1 && x >= l->keepout.x1 && x <= l->keepout.x2 && y >= l->keepout.y1 &&
           y <= l->keepout.y2;
}

/* Passable cells (barrels counted) not reachable 8-way from the start;
 * without fluids_too, fluid cells are not counted. */
static int unreachable(const level_t *l, bool fluids_too)
{
    static bool seen[GRID_H + 2][GRID_W + 2];
    static point_t queue[GRID_W * GRID_H];
    memset(seen, 0, sizeof seen);
    int head = 0, tail = 0;
    point_t s = l->start;
    cell_t sk = grid_get(&l->map, s.x, s.y);
    if (cell_is_passable(sk)) {
        seen[s.y][s.x] = true;
        queue[tail++] = s;
    }
    while (head < tail) {
        point_t c = queue[head++];
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = c.x + dx, y = c.y + dy;
                if (!grid_in_map(x, y) || seen[y][x])
                    continue;
                cell_t k = grid_get(&l->map, x, y);
                if (!cell_is_passable(k) && !is_barrel(k))
                    continue;
                seen[y][x] = true;
                queue[tail++] = (point_t){(uint8_t)x, (uint8_t)y};
            }
    }
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            cell_t k = grid_get(&l->map, x, y);
            bool counted = fluids_too || !cell_is_fluid(k);
            n += counted && (cell_is_passable(k) || is_barrel(k)) && !seen[y][x];
        }
    return n;
}

/* Kinds some group of the tables drops. */
static bool group_kind[MONSTER_KINDS_MAX];

typedef struct tally {
    long levels, bad_border, bad_room, small_room, bad_stairs, bad_start, bad_monster,
        bad_item, hazard_single, hazard_member, bad_barrels, barrels_short, barrels_covered,
        unreach_levels, unreach_dry, groups, special_cut;
} tally_t;

static void one_level(level_type_t t, int dl, int diff, uint64_t seed, uint64_t index,
                      tally_t *c)
{
    static gen_params_t p;
    gen_params_default(&p, T);
    p.dlevel = dl;
    p.difficulty = diff;
    p.type = (int)t;
    level_generate(&lv, &p, seed, index);
    const grid_t *g = &lv.map;
    const obs_t *o = &lv.obs;
    c->levels++;

    /* border */
    bool border = true;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            cell_t k = grid_get(g, x, y);
            if (grid_on_border(x, y) ? k != CELL_WALL && k != CELL_EDGE : k == CELL_EDGE)
                border = false;
        }
    c->bad_border += !border;

    /* room list */
    for (int i = 0; i < lv.nrooms; i++) {
        const room_t *r = &lv.rooms[i];
        bool inside = r->x >= 1 && r->y >= 1 && r->x + r->w - 1 <= GRID_W &&
                      r->y + r->h - 1 <= GRID_H;
        bool dead_end = tiled(t) && r->w == 2 && r->h == 2;
        if (!inside || ((r->w < 3 || r->h < 3) && !dead_end))
            c->bad_room++;
        c->small_room += dead_end;
    }

    /* stairs and start */
    for (int i = 0; i < lv.nstairs; i++)
        if (grid_get(g, lv.stairs[i].x, lv.stairs[i].y) != CELL_STAIRS)
            c->bad_stairs++;
    if (t == LT_ARENA) {
        c->bad_stairs += lv.nstairs != 4;
        c->bad_start += lv.start.x != 38 || lv.start.y != 10;
    } else {
        c->bad_stairs += lv.nstairs != 1 && !o->game.stairs_lost;
    }
    c->bad_start += !standable(grid_get(g, lv.start.x, lv.start.y));

    /* monsters and items */
    static uint8_t mon_at[GRID_H + 2][GRID_W + 2], item_at[GRID_H + 2][GRID_W + 2];
    memset(mon_at, 0, sizeof mon_at);
    memset(item_at, 0, sizeof item_at);
    int on_hazard = 0, on_hazard_nonmember = 0;
    for (int i = 0; i < lv.nmonsters; i++) {
        const monster_t *m = &lv.monster[i];
        cell_t k = grid_get(g, m->x, m->y);
        if (!grid_in_map(m->x, m->y) || !standable(k) || mon_at[m->y][m->x] ||
            (m->x == lv.start.x && m->y == lv.start.y))
            c->bad_monster++;
        mon_at[m->y][m->x] = 1;
        if (k == CELL_ACID || k == CELL_LAVA || in_keepout(&lv, m->x, m->y)) {
            on_hazard++;
            on_hazard_nonmember += !group_kind[m->kind];
        }
    }
    if (o->game.groups == 0)
        c->hazard_single += on_hazard > 0;
    else
        c->hazard_member += on_hazard_nonmember > 0;
    c->groups += o->game.groups > 0;
    for (int i = 0; i < lv.nitems; i++) {
        const point_t *it = &lv.item[i];
        cell_t k = grid_get(g, it->x, it->y);
        if (!grid_in_map(it->x, it->y) || !standable(k) || k == CELL_ACID || k == CELL_LAVA ||
            item_at[it->y][it->x] || (it->x == lv.start.x && it->y == lv.start.y))
            c->bad_item++;
        item_at[it->y][it->x] = 1;
    }

    /* barrels */
    int on_map = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            on_map += is_barrel(grid_get(g, x, y));
    if (has_barrels(t)) {
        /* (obs counts every special room; lv.special keeps the first
         * LEVEL_MAX_SPECIAL only) */
        bool covered = o->special_placed[SPECIAL_VAULT] + o->special_placed[SPECIAL_FLUID] > 0;
        if (o->game.barrel_count != 12 && o->game.barrel_count != 50)
            c->bad_barrels++;
        if (o->game.barrels < o->game.barrel_count)
            c->barrels_short++;
        if (on_map > o->game.barrels || (on_map < o->game.barrels && !covered))
            c->bad_barrels++;
        c->barrels_covered += on_map < o->game.barrels;
    } else if (on_map != 0 || o->game.barrel_count != 0) {
        c->bad_barrels++;
    }

    /* special rooms beyond the level's list (LEVEL_MAX_SPECIAL) */
    int placed = 0;
    for (int k = 0; k < SPECIAL__COUNT; k++)
        placed += o->special_placed[k];
    c->special_cut += placed > lv.nspecial;

    /* reachability */
    c->unreach_levels += unreachable(&lv, true) > 0;
    c->unreach_dry += unreachable(&lv, false) > 0;
}

static void by_type(level_type_t t)
{
    static const int DL[] = {1, 3, 5, 8, 9, 12, 16, 17, 21, 25, 40, 50, 60};
    tally_t c = {0};
    const long per = test_scaled(80);
    for (size_t d = 0; d < sizeof DL / sizeof DL[0]; d++)
        for (int diff = DIFF_ITYTD; diff <= DIFF_NIGHTMARE; diff++)
            for (long s = 0; s < per; s++)
                one_level(t, DL[d], diff, 0x9a3e + (uint64_t)t, (uint64_t)(s * 97 + DL[d] * 5 + diff), &c);
    const char *name = level_type_name(t);
    CHECK(c.bad_border == 0, "%s: %ld of %ld levels with a broken border", name, c.bad_border,
          c.levels);
    CHECK(c.bad_room == 0, "%s: %ld room-list entries outside the map or under 3", name,
          c.bad_room);
    CHECK(tiled(t) || c.small_room == 0, "%s: %ld 2x2 entries", name, c.small_room);
    CHECK(c.bad_stairs == 0, "%s: %ld bad stairs", name, c.bad_stairs);
    CHECK(c.bad_start == 0, "%s: %ld starts not on a standable cell", name, c.bad_start);
    CHECK(c.bad_monster == 0, "%s: %ld monsters misplaced", name, c.bad_monster);
    CHECK(c.bad_item == 0, "%s: %ld items misplaced", name, c.bad_item);
    CHECK(c.hazard_single == 0, "%s: %ld group-less levels with a monster on a hazard", name,
          c.hazard_single);
    CHECK(c.hazard_member == 0, "%s: %ld levels with a non-member on a hazard", name,
          c.hazard_member);
    CHECK(c.bad_barrels == 0, "%s: %ld levels with wrong barrels", name, c.bad_barrels);
    CHECK(c.barrels_short == 0, "%s: %ld levels placed fewer barrels than rolled", name,
          c.barrels_short);
    if (connected_by_design(t))
        CHECK(c.unreach_dry == 0, "%s: %ld of %ld levels with unreachable cells not fluid",
              name, c.unreach_dry, c.levels);
    printf("# %-11s %6ld levels: groups on %5.1f%%, barrels under a room %5.2f%%, "
           "unreachable cells on %5.2f%%, "
           "more special rooms than the list holds %5.2f%%\n",
           name, c.levels, 100.0 * c.groups / c.levels, 100.0 * c.barrels_covered / c.levels,
           100.0 * c.unreach_levels / c.levels, 100.0 * c.special_cut / c.levels);
}

static void drawn_types(void)
{
    long seen[LT__COUNT] = {0}, bad = 0;
    /* Not scaled down under sanitizers: every type must come up, and
     * single-plus (deep, rare) needs about this many per dlevel. */
    const long per = 300;
    static gen_params_t p;
    for (int dl = 1; dl <= 60; dl++)
        for (int diff = DIFF_ITYTD; diff <= DIFF_NIGHTMARE; diff++)
            for (long s = 0; s < per; s++) {
                gen_params_default(&p, T);
                p.dlevel = dl;
                p.difficulty = diff;
                p.layout_only = true;
                level_generate(&lv, &p, 77, (uint64_t)(s * 61 + dl * 5 + diff));
                level_type_t t = lv.type;
                if (t >= LT__COUNT || dl < min_dlevel(t) || diff < min_diff(t)) {
                    if (bad++ < 5)
                        printf("drawn %s at dl %d D %d\n", level_type_name(t), dl, diff);
                }
                seen[t]++;
            }
    CHECK(bad == 0, "%ld drawn types the game does not make there", bad);
    for (int t = 0; t < LT__COUNT; t++)
        CHECK(seen[t] > 0, "type %s never drawn", level_type_name((level_type_t)t));
}

int main(void)
{
    T = test_tables(RULESET_GAME);
    if (!T)
        return 1;
    const gpop_tables_t *gt = T->gpop;
    for (int g = 0; g < gt->ngroups; g++)
        for (int m = 0; m < gt->group[g].nmembers; m++)
            group_kind[gt->group[g].member[m].kind] = true;
    for (int t = 0; t < LT__COUNT; t++)
        by_type((level_type_t)t);
    drawn_types();
    return test_summary("game_levels");
}

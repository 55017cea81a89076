/* gref_place.c - where the game's population puts things, plainly
 * (docs/rules.md G52, G65, G66).
 *
 * The empty-cell test: a cell of the map passes when, for each flag asked,
 * it is free to stand on (floor, water, acid, lava, bridge or stairs: a
 * closed door blocks [decision: GPOP_DOOR_BLOCKS]), not acid or lava, not
 * stairs, without a being, without an item, not no-spawn [game:
 * src/dflevel.pas:212-223].  A random empty cell of an area (clipped to the
 * map): uniform coordinates, x before y, until one passes, at most 5000
 * draws [game: valk:src/vmaparea.pas:154-166].  A group member goes on its
 * group's cell if a member may stand there, else on a uniform cell of the
 * nearest ring around it (distance 1, 2, ... 5; each ring's cells listed
 * row by row) that holds one [decision: GPOP_DROP_RADIUS].  A being keeps
 * 32 places of the monster list free for vault guards and is recorded in
 * the monster counts of obs; a member on acid, lava or no-spawn is counted
 * in gp_off_spawn.
 */
#include "gref.h"

#define EMPTY_TRIES 5000
#define DROP_RADIUS 5

static bool free_to_stand(cell_t k)
{
    return k == CELL_FLOOR || k == CELL_WATER || k == CELL_ACID || k == CELL_LAVA ||
           k == CELL_BRIDGE || k == CELL_STAIRS || k == CELL_MUD || k == CELL_BLOOD;
}

bool gref_empty(const gref_pop_t *s, int x, int y, int flags)
{
    if (!grid_in_map(x, y))
        return false;
    cell_t k = grid_get(&s->lv->map, x, y);
    if ((flags & GREF_NOBLOCK) && !free_to_stand(k))
        return false;
    if ((flags & GREF_NOHARM) && (k == CELL_ACID || k == CELL_LAVA))
        return false;
    if ((flags & GREF_NOSTAIRS) && k == CELL_STAIRS)
        return false;
    if ((flags & GREF_NOBEINGS) && s->being[y][x])
        return false;
    if ((flags & GREF_NOITEMS) && s->item[y][x])
        return false;
    if ((flags & GREF_NOSPAWN) && s->nospawn[y][x])
        return false;
    return true;
}

bool gref_random_empty(gref_pop_t *s, int flags, area_t a, point_t *out)
{
    a.x1 = a.x1 < 1 ? 1 : a.x1;
    a.y1 = a.y1 < 1 ? 1 : a.y1;
    a.x2 = a.x2 > GRID_W ? GRID_W : a.x2;
    a.y2 = a.y2 > GRID_H ? GRID_H : a.y2;
    if (a.x1 > a.x2 || a.y1 > a.y2)
        return false;
    for (int i = 0; i < EMPTY_TRIES; i++) {
        int x, y;
        game_random_at(s->r, a.x1, a.x2 - a.x1 + 1, a.y1, a.y2 - a.y1 + 1, &x, &y);
        if (gref_empty(s, x, y, flags)) {
            *out = (point_t){(uint8_t)x, (uint8_t)y};
            return true;
        }
    }
    return false;
}

bool gref_put_being(gref_pop_t *s, int kind, point_t at)
{
    level_t *lv = s->lv;
    obs_t *o = &lv->obs;
    if (lv->nmonsters >= LEVEL_MAX_MONSTERS - GREF_MAX_GUARDS) {
        if (o->failure == FAIL_NONE)
            o->failure = FAIL_TOO_MANY;
        return false;
    }
    uint8_t hunts = s->t->always_hunting[kind] ? 1 : 0;
    lv->monster[lv->nmonsters++] = (monster_t){(uint8_t)kind, at.x, at.y, hunts};
    s->being[at.y][at.x] = true;
    if (o->monsters == 0)
        o->first_monster = (int8_t)kind;
    o->monsters++;
    o->monsters_by_kind[kind]++;
    o->danger_placed += s->t->monsters.kind[kind].danger;
    cell_t k = grid_get(&lv->map, at.x, at.y);
    if (k == CELL_ACID || k == CELL_LAVA || s->nospawn[at.y][at.x])
        o->game.off_spawn++;
    return true;
}

bool gref_drop_near(gref_pop_t *s, point_t at, point_t *out)
{
    if (gref_empty(s, at.x, at.y, GREF_MEMBER)) {
        *out = at;
        return true;
    }
    for (int d = 1; d <= DROP_RADIUS; d++) {
        point_t ring[8 * DROP_RADIUS];
        int n = 0;
        for (int y = at.y - d; y <= at.y + d; y++)
            for (int x = at.x - d; x <= at.x + d; x++) {
                bool on_ring = x == at.x - d || x == at.x + d || y == at.y - d || y == at.y + d;
                if (on_ring && gref_empty(s, x, y, GREF_MEMBER))
                    ring[n++] = (point_t){(uint8_t)x, (uint8_t)y};
            }
        if (n > 0) {
            *out = ring[game_random(s->r, n)];
            return true;
        }
    }
    return false;
}

void gref_add_guard(gref_pop_t *s, const char *id, point_t at)
{
    int kind = monsters_find(&s->t->monsters, id);
    if (kind < 0 || s->nguards >= GREF_MAX_GUARDS)
        return;
    s->guard[s->nguards++] = (monster_t){(uint8_t)kind, at.x, at.y, 0};
    s->being[at.y][at.x] = true;
}

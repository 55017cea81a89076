/* gref_rooms.c - the game's special rooms, plainly (docs/rules.md G53-G57,
 * G61; [game: bin/core/generator.lua:313-350; bin/lua/rooms.lua]).
 *
 * The count random(lo, hi) of the type's rules is drawn even when the
 * room list is empty, and then nothing more happens.  Each pick rolls a
 * kind by weight (population.json special_rooms), then draws one room
 * uniformly among the listed rooms not used yet whose width and height
 * (walls included) are at least the kind's minimum, at most its maxima,
 * and whose area is at most its limit.  No room, or a setup that fails,
 * loses the pick; else the room is used and recorded.  The setups here:
 * lever, an item cell in the room, then the lever's kind (Random(17));
 * teleporter, up to 4 interior cells drawn until one has more than 2
 * orthogonal floor neighbours; ammo, d3 + dl: below 5 10mm, below 11
 * shells, below 13 rockets, else cells, and d3+2 stacks on item cells of
 * the room until one finds none; fluid room, d10 + dl/5: below 8 water,
 * below 13 acid, else lava, and with a d3 below 3 in a room of both sides
 * 6 or more a bridge ring inside the walls around the fluid, else the whole
 * inside the fluid.  What rooms drop marks its cell as an item's
 * [decision: GPOP_ROOM_ITEMS] but is no level item.  Warehouse room and
 * vault: gref_vault.c.
 */
#include "gref.h"

area_t gref_room_area(const room_t *rm, int in)
{
    return (area_t){rm->x + in, rm->y + in, rm->x + rm->w - 1 - in, rm->y + rm->h - 1 - in};
}

static bool fits(const gpop_room_type_t *rt, const room_t *rm)
{
    return rm->w >= rt->min_size && rm->h >= rt->min_size && rm->w <= rt->max_x &&
           rm->h <= rt->max_y && rm->w * rm->h <= rt->max_area;
}

static bool lever(gref_pop_t *s, const room_t *rm)
{
    point_t c;
    if (!gref_random_empty(s, GREF_ROOM_ITEM, gref_room_area(rm, 0), &c))
        return false;
    (void)game_random(s->r, 17); /* the lever's kind: weights 17 in all */
    s->item[c.y][c.x] = true;
    return true;
}

static bool teleporter(gref_pop_t *s, const room_t *rm)
{
    area_t in = gref_room_area(rm, 1);
    for (int i = 0; i < 4; i++) {
        int x, y;
        game_random_at(s->r, in.x1, in.x2 - in.x1 + 1, in.y1, in.y2 - in.y1 + 1, &x, &y);
        if (glay_cross_around(&s->lv->map, x, y, CELLSET(CELL_FLOOR)) > 2) {
            s->item[y][x] = true;
            return true;
        }
    }
    return false;
}

static void ammo(gref_pop_t *s, const room_t *rm)
{
    int roll = glay_dn(s->r, 3) + s->lv->dlevel;
    int kind = AMMO_CELLS;
    if (roll < 5)
        kind = AMMO_10MM;
    else if (roll < 11)
        kind = AMMO_SHELLS;
    else if (roll < 13)
        kind = AMMO_ROCKETS;
    int stacks = glay_dn(s->r, 3) + 2;
    rolls_t *ro = &s->lv->obs.roll;
    ro->ammo = (int16_t)roll;
    ro->ammo_kind = (int8_t)kind;
    ro->ammo_stacks = (int8_t)stacks;
    for (int i = 0; i < stacks; i++) {
        point_t c;
        if (!gref_random_empty(s, GREF_ITEM, gref_room_area(rm, 0), &c))
            return;
        s->item[c.y][c.x] = true;
    }
}

static void fluid_room(gref_pop_t *s, const room_t *rm)
{
    int roll = glay_dn(s->r, 10) + s->lv->dlevel / 5;
    cell_t fluid = CELL_LAVA;
    if (roll < 8)
        fluid = CELL_WATER;
    else if (roll < 13)
        fluid = CELL_ACID;
    s->lv->obs.roll.fluid_room = (int16_t)roll;
    s->lv->obs.roll.fluid_room_kind = (int8_t)fluid;
    bool ring = glay_dn(s->r, 3) < 3;
    if (ring && rm->w >= 6 && rm->h >= 6) {
        gref_fill(&s->lv->map, gref_room_area(rm, 1), CELL_BRIDGE);
        gref_fill(&s->lv->map, gref_room_area(rm, 2), fluid);
    } else {
        gref_fill(&s->lv->map, gref_room_area(rm, 1), fluid);
    }
}

static bool set_up(gref_pop_t *s, int kind, const room_t *rm)
{
    switch (kind) {
    case SPECIAL_LEVER:
        return lever(s, rm);
    case SPECIAL_TELEPORTER:
        return teleporter(s, rm);
    case SPECIAL_AMMO:
        ammo(s, rm);
        return true;
    case SPECIAL_FLUID:
        fluid_room(s, rm);
        return true;
    case SPECIAL_WAREHOUSE:
        gref_setup_warehouse(s, rm);
        return true;
    case SPECIAL_VAULT:
        gref_setup_vault(s, rm);
        return true;
    default:
        return false;
    }
}

void gref_special_rooms(gref_pop_t *s, int lo, int hi)
{
    level_t *lv = s->lv;
    const gpop_tables_t *t = s->t;
    obs_t *o = &lv->obs;
    int count = glay_between(s->r, lo, hi);
    o->special_made = 1;
    o->special_rolled = (uint8_t)count;
    if (count < 1 || lv->nrooms == 0)
        return;
    int weight[SPECIAL__COUNT];
    for (int i = 0; i < t->nroom_types; i++)
        weight[i] = t->room_type[i].weight;
    bool used[LEVEL_MAX_ROOMS] = {false};
    for (int i = 0; i < count; i++) {
        const gpop_room_type_t *rt = &t->room_type[weight_roll(s->r, weight, t->nroom_types)];
        int fitting[LEVEL_MAX_ROOMS], n = 0;
        for (int j = 0; j < lv->nrooms; j++)
            if (!used[j] && fits(rt, &lv->rooms[j]))
                fitting[n++] = j;
        if (n == 0) {
            o->special_skipped[rt->kind]++;
            continue;
        }
        int j = fitting[game_random(s->r, n)];
        if (!set_up(s, rt->kind, &lv->rooms[j])) {
            o->special_skipped[rt->kind]++;
            o->game.setup_failed++;
            continue;
        }
        used[j] = true;
        o->special_placed[rt->kind]++;
        if (lv->nspecial < LEVEL_MAX_SPECIAL)
            lv->special[lv->nspecial++] = (special_room_t){rt->kind, (uint8_t)j};
    }
}

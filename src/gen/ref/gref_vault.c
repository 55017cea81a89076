/* gref_vault.c - the warehouse room and the vault, plainly (docs/rules.md
 * G58-G60; [game: bin/lua/rooms.lua:103, 118-175;
 * bin/core/generator.lua:280-300]).
 *
 * Warehouse room: 30 tries of a 4 x 4 sub-area of the room's inside (G4);
 * an all-floor one draws a d100 (a special crate or not) and Random(2)
 * (which crate), and its middle 2 x 2 becomes crates.
 * Vault: a d2 for a spacing the game does not use when both sides exceed
 * 10.  Two cells in from the room's walls a rectangle of wall, one door on
 * its edge ring (not a corner), its inside floor.  Guards: roll = d5 + dl
 * + 3(D-2), at least 1: below 4 former humans, below 10 lost souls, below
 * 15 demons, below 30 cacodemons, else by roll mod 6: 3 nightmare imps, 4
 * nightmare cacodemons, 5 nightmare demons, otherwise cacodemons.  The
 * count is d4 + 2 + m, where m = 2(D-2), replaced by a d(2(D-2)) when
 * positive (so ITYTD has d4).  Each guard on a monster cell of the inside
 * (a failed search places none).  Then d3+2 loot items on item cells of the
 * inside until one finds none.  Never locked (G60).  The inside becomes
 * no-spawn.  Guards spend no danger and follow the flood's beings.
 */
#include "gref.h"

void gref_setup_warehouse(gref_pop_t *s, const room_t *rm)
{
    grid_t *g = &s->lv->map;
    area_t in = gref_room_area(rm, 1);
    int tries = 0;
    for (int i = 0; i < 30; i++) {
        area_t a = glay_random_subarea(s->r, &in, 4, 4);
        tries++;
        bool floor = true;
        for (int y = a.y1; y <= a.y2; y++)
            for (int x = a.x1; x <= a.x2; x++)
                if (!grid_in_map(x, y) || grid_get(g, x, y) != CELL_FLOOR)
                    floor = false;
        if (!floor)
            continue;
        (void)glay_dn(s->r, 100);
        (void)game_random(s->r, 2);
        gref_fill(g, (area_t){a.x1 + 1, a.y1 + 1, a.x2 - 1, a.y2 - 1}, CELL_BOX);
    }
    if (s->lv->obs.game.wh_tries == 0)
        s->lv->obs.game.wh_tries = (uint8_t)tries;
}

static const char *guard_kind(int roll)
{
    if (roll < 4)
        return "former";
    if (roll < 10)
        return "lostsoul";
    if (roll < 15)
        return "demon";
    if (roll < 30)
        return "cacodemon";
    switch (roll % 6) {
    case 3:
        return "nimp";
    case 4:
        return "ncacodemon";
    case 5:
        return "ndemon";
    default:
        return "cacodemon";
    }
}

void gref_setup_vault(gref_pop_t *s, const room_t *rm)
{
    level_t *lv = s->lv;
    if (rm->w > 10 && rm->h > 10)
        (void)glay_dn(s->r, 2);
    area_t v = gref_room_area(rm, 2);
    gref_fill(&lv->map, v, CELL_WALL);
    point_t door = glay_inner_edge_coord(s->r, &v);
    grid_set(&lv->map, door.x, door.y, CELL_DOOR);
    area_t inside = {v.x1 + 1, v.y1 + 1, v.x2 - 1, v.y2 - 1};
    gref_fill(&lv->map, inside, CELL_FLOOR);

    int D = lv->difficulty;
    int roll = glay_dn(s->r, 5) + lv->dlevel + 3 * (D - 2);
    if (roll < 1)
        roll = 1;
    int more = 2 * (D - 2);
    if (more > 0)
        more = glay_dn(s->r, more);
    const char *id = guard_kind(roll);
    int guards = glay_dn(s->r, 4) + 2 + more;
    const bool first = lv->obs.game.guards_drawn == 0; /* the level's first vault */
    if (first) {
        lv->obs.game.guards_drawn = (uint8_t)guards;
        int k = monsters_find(&s->t->monsters, id);
        if (k >= 0)
            lv->obs.game.guard_kind = (uint8_t)k;
    }
    for (int i = 0; i < guards; i++) {
        point_t c;
        if (gref_random_empty(s, GREF_MONSTER, inside, &c))
            gref_add_guard(s, id, c);
    }
    int loot = glay_dn(s->r, 3) + 2;
    if (first)
        lv->obs.game.loot_drawn = (uint8_t)loot;
    for (int i = 0; i < loot; i++) {
        point_t c;
        if (!gref_random_empty(s, GREF_ROOM_ITEM, inside, &c))
            break;
        s->item[c.y][c.x] = true;
    }
    for (int y = inside.y1; y <= inside.y2; y++)
        for (int x = inside.x1; x <= inside.x2; x++)
            s->nospawn[y][x] = true;
}

/* test_observer.c - the observer (src/gen/observer.h) on hand-made levels
 * whose answers are counted here by hand, and its CPU paths (plain and
 * AVX2) held equal on levels of every type of both rulesets. */
#include <string.h>

#include "cpu.h"
#include "observer.h"
#include "ref/ref.h"
#include "tables.h"
#include "testutil.h"

/* An open 78 x 20 level: floor inside a wall ring, the start at (5,5), one
 * listed stairs cell at (70,15), nothing else. */
static void open_level(level_t *lv)
{
    memset(lv, 0, sizeof *lv);
    grid_clear(&lv->map);
    lv->type = LT_NORMAL;
    lv->dlevel = 1;
    lv->start = (point_t){5, 5};
    grid_set(&lv->map, 70, 15, CELL_STAIRS);
    lv->stairs[lv->nstairs++] = (point_t){70, 15};
}

static void hand_made(void)
{
    static level_t lv;
    seen_t s;
    open_level(&lv);
    observer_look(&lv, &s);
    CHECK(s.ring_open == 0 && s.stairs == 1 && s.stairs_off == 0 && s.start_cell == CELL_FLOOR,
          "an open level: ring closed, one listed stair, start on floor");
    CHECK(s.doors == 0 && s.mon.blocked == 0 && s.item.stacked == 0 && s.span_cols == 0 &&
              s.span_rows == 0,
          "an open level: nothing else");

    /* placement: a monster on a wall, one on the start, two on one cell, one
     * on lava, one on the stairs; items on a door, on a monster, two on one
     * cell; a keep-out box holding one monster */
    open_level(&lv);
    grid_set(&lv.map, 10, 10, CELL_WALL);
    grid_set(&lv.map, 12, 12, CELL_LAVA);
    grid_set(&lv.map, 20, 5, CELL_DOOR);
    grid_set(&lv.map, 20, 4, CELL_WALL);
    grid_set(&lv.map, 20, 6, CELL_WALL);
    const point_t mons[] = {{10, 10}, {5, 5}, {30, 3}, {30, 3}, {12, 12}, {70, 15}, {40, 10}};
    for (int i = 0; i < 7; i++)
        lv.monster[lv.nmonsters++] = (monster_t){.x = mons[i].x, .y = mons[i].y};
    lv.keepout = (rect_t){38, 8, 42, 12};
    lv.item[lv.nitems++] = (point_t){20, 5};
    lv.item[lv.nitems++] = (point_t){30, 3};
    lv.item[lv.nitems++] = (point_t){50, 9};
    lv.item[lv.nitems++] = (point_t){50, 9};
    observer_look(&lv, &s);
    CHECK(s.mon.blocked == 1 && s.mon.on_start == 1 && s.mon.stacked == 1 && s.mon.hazard == 1 &&
              s.mon.on_stairs == 1 && s.mon.keepout == 1,
          "monsters: blocked %d start %d stacked %d hazard %d stairs %d keepout %d",
          s.mon.blocked, s.mon.on_start, s.mon.stacked, s.mon.hazard, s.mon.on_stairs,
          s.mon.keepout);
    CHECK(s.item.blocked == 1 && s.item.on_other == 1 && s.item.stacked == 1 &&
              s.item.hazard == 0 && s.item.on_start == 0,
          "items: blocked %d on monster %d stacked %d", s.item.blocked, s.item.on_other,
          s.item.stacked);
    CHECK(s.doors == 1 && s.doors_off_line == 0 && s.door_pairs == 0,
          "a door between two walls is in line");
    /* the same level looked at again: the marks of the last look do not count */
    observer_look(&lv, &s);
    CHECK(s.mon.stacked == 1 && s.item.stacked == 1 && s.item.on_other == 1,
          "a second look counts the same");

    /* structure: a door in open floor, two doors side by side, a ring gap,
     * an unlisted stairs cell, a room off the map, one room twice special */
    open_level(&lv);
    grid_set(&lv.map, 30, 10, CELL_DOOR);
    grid_set(&lv.map, 50, 10, CELL_DOOR);
    grid_set(&lv.map, 51, 10, CELL_DOOR);
    grid_set(&lv.map, 50, 9, CELL_WALL);
    grid_set(&lv.map, 50, 11, CELL_WALL);
    grid_set(&lv.map, 51, 9, CELL_WALL);
    grid_set(&lv.map, 51, 11, CELL_WALL);
    grid_set(&lv.map, 1, 7, CELL_FLOOR);
    grid_set(&lv.map, 60, 3, CELL_STAIRS);
    lv.rooms[lv.nrooms++] = (room_t){2, 2, 10, 6};
    lv.rooms[lv.nrooms++] = (room_t){70, 15, 10, 6};
    lv.special[lv.nspecial++] = (special_room_t){SPECIAL_LEVER, 0};
    lv.special[lv.nspecial++] = (special_room_t){SPECIAL_AMMO, 0};
    observer_look(&lv, &s);
    CHECK(s.doors == 3 && s.doors_off_line == 1 && s.door_pairs == 1,
          "doors: %d, off line %d, pairs %d", s.doors, s.doors_off_line, s.door_pairs);
    CHECK(s.ring_open == 1 && s.stairs == 2 && s.stairs_off == 1,
          "ring open %d, stairs %d, off %d", s.ring_open, s.stairs, s.stairs_off);
    CHECK(s.rooms_outside == 1 && s.special_shared == 1, "rooms outside %d, shared %d",
          s.rooms_outside, s.special_shared);

    /* the stairs cell listed twice, and an entry on floor: the second entry and
     * the floor entry are off (2); the same on a second look */
    open_level(&lv);
    lv.stairs[lv.nstairs++] = (point_t){70, 15};
    lv.stairs[lv.nstairs++] = (point_t){10, 10};
    for (int look = 0; look < 2; look++) {
        observer_look(&lv, &s);
        CHECK(s.stairs == 1 && s.stairs_off == 2, "look %d: stairs %d, off %d", look, s.stairs,
              s.stairs_off);
    }

    /* a horizontal river of width 3 over rows 8-10 with a 2-column bridge at
     * x 20-21, one of its cells under a barrel; a fluid room with one floor
     * cell left; a vault whose inner box has one door; a warehouse room with
     * a broken crate block */
    open_level(&lv);
    for (int x = 1; x <= GRID_W; x++)
        for (int y = 8; y <= 10; y++)
            grid_set(&lv.map, x, y,
                     x == 1 || x == GRID_W ? CELL_EDGE
                     : x == 20 || x == 21  ? CELL_BRIDGE
                                           : CELL_WATER);
    grid_set(&lv.map, 40, 9, CELL_BARREL);
    observer_look(&lv, &s);
    CHECK(s.span_cols == 3 && s.span_rows == 0 && s.bridges == 6 && s.bridge_cols == 2 &&
              s.bridge_rows == 3 && s.barrels == 1,
          "river: span %d/%d, bridges %d in %d columns, %d rows", s.span_cols, s.span_rows,
          s.bridges, s.bridge_cols, s.bridge_rows);
    open_level(&lv);
    lv.rooms[lv.nrooms++] = (room_t){3, 3, 6, 5};   /* fluid: inside (4..7, 4..6) */
    lv.rooms[lv.nrooms++] = (room_t){20, 2, 10, 9}; /* vault: box (22..27, 4..8) */
    lv.rooms[lv.nrooms++] = (room_t){40, 2, 10, 8}; /* warehouse */
    lv.special[lv.nspecial++] = (special_room_t){SPECIAL_FLUID, 0};
    lv.special[lv.nspecial++] = (special_room_t){SPECIAL_VAULT, 1};
    lv.special[lv.nspecial++] = (special_room_t){SPECIAL_WAREHOUSE, 2};
    for (int y = 4; y <= 6; y++)
        for (int x = 4; x <= 7; x++)
            grid_set(&lv.map, x, y, x == 7 && y == 6 ? CELL_FLOOR : CELL_ACID);
    for (int y = 4; y <= 8; y++)
        for (int x = 22; x <= 27; x++)
            if (x == 22 || x == 27 || y == 4 || y == 8)
                grid_set(&lv.map, x, y, CELL_WALL);
    grid_set(&lv.map, 24, 8, CELL_DOOR);
    for (int y = 4; y <= 5; y++)
        for (int x = 42; x <= 43; x++)
            grid_set(&lv.map, x, y, CELL_BOX);
    grid_set(&lv.map, 44, 4, CELL_BOX);
    observer_look(&lv, &s);
    CHECK(s.fluid_room_floor == 1 && s.fluid_room_kind == CELL_ACID, "fluid room: floor %d, kind %d",
          s.fluid_room_floor, s.fluid_room_kind);
    CHECK(s.vaults == 1 && s.vault_unboxed == 0, "a vault box with one door");
    CHECK(s.box_blocks_bad == 1, "a crate block of five cells is not whole 2x2 blocks");
    grid_set(&lv.map, 44, 4, CELL_FLOOR);
    grid_set(&lv.map, 22, 4, CELL_DOOR); /* a door on the box's corner */
    observer_look(&lv, &s);
    CHECK(s.box_blocks_bad == 0 && s.vault_unboxed == 1, "a whole block; a corner door");
}

/* Reachability from the map alone, counted by hand: a pocket walled in,
 * then walled by a box, a barrel and ring fluid, then opened by a door, a
 * bridge, acid and the stairs; the start on a wall. */
static void reach_by_hand(void)
{
    static level_t lv;
    seen_t s;
    open_level(&lv);
    observer_look(&lv, &s);
    CHECK(s.unreachable == 0, "an open level: all reached (%d)", s.unreachable);
    /* a 3 x 2 pocket (x 31..33, y 11..12) inside a ring of wall (x 30..34, y 10..13) */
    for (int y = 10; y <= 13; y++)
        for (int x = 30; x <= 34; x++)
            grid_set(&lv.map, x, y, x == 30 || x == 34 || y == 10 || y == 13 ? CELL_WALL : CELL_FLOOR);
    observer_look(&lv, &s);
    CHECK(s.unreachable == 6, "a walled 3 x 2 pocket: 6 unreached (%d)", s.unreachable);
    /* only the corner closed by a box, a barrel and ring fluid: still closed (8-way
     * would pass a corner, so the corner cell itself is what blocks) */
    grid_set(&lv.map, 30, 10, CELL_BOX);
    grid_set(&lv.map, 34, 13, CELL_BARREL_ACID);
    grid_set(&lv.map, 34, 10, CELL_EDGE);
    observer_look(&lv, &s);
    CHECK(s.unreachable == 6, "box, barrel and ring fluid block: 6 unreached (%d)", s.unreachable);
    static const cell_t OPEN[] = {CELL_DOOR, CELL_BRIDGE, CELL_ACID, CELL_STAIRS, CELL_MUD,
                                  CELL_FLOOR};
    for (size_t i = 0; i < sizeof OPEN / sizeof OPEN[0]; i++) {
        grid_set(&lv.map, 30, 13, OPEN[i]); /* the corner, reached diagonally */
        observer_look(&lv, &s);
        CHECK(s.unreachable == 0, "a corner of kind %d opens the pocket (%d)", OPEN[i],
              s.unreachable);
        grid_set(&lv.map, 30, 13, CELL_WALL);
    }
    /* the start on a wall: every passable cell unreached, the 76 x 18 inside
     * but the pocket's ring of 14 blocking cells */
    lv.start = (point_t){30, 12};
    observer_look(&lv, &s);
    CHECK(s.unreachable == 76 * 18 - 14, "start on a wall: %d", s.unreachable);
}

/* Shapes a flood by rows, runs or bands could get wrong, on every CPU path
 * and as a normal and an arena level (an arena floods equal rows next to
 * each other as one band): each count by hand and held to the reference's
 * plain search too. */
static void reach_shapes(void)
{
    static level_t lv;
    const cpu_path_t best = cpu_best();
    for (int path = 0; path < 2; path++)
        for (int arena = 0; arena < 2; arena++) {
            cpu_force(path ? best : CPU_PLAIN);
#define LOOK(want, what)                                                                   \
    do {                                                                                   \
        lv.type = arena ? LT_ARENA : LT_NORMAL;                                            \
        seen_t s_;                                                                         \
        observer_look(&lv, &s_);                                                           \
        const int ref_ = ref_unreachable(&lv.map, lv.start.x, lv.start.y);                 \
        CHECK(s_.unreachable == (want) && ref_ == (want), "path %d arena %d, %s: %d (ref %d), want %d", \
              path, arena, what, s_.unreachable, ref_, (want));                            \
    } while (0)
            /* a wall line across the map at y 10 with one gap: the halves meet
             * only by a diagonal step through the gap's corner */
            open_level(&lv);
            for (int x = 1; x <= GRID_W; x++)
                grid_set(&lv.map, x, 10, CELL_WALL);
            LOOK(76 * 9, "a full wall line: rows 11..19 unreached");
            for (int x = 1; x <= GRID_W; x++)
                grid_set(&lv.map, x, 11, CELL_WALL);
            grid_set(&lv.map, 40, 10, CELL_FLOOR); /* (40,10) touches (41,11) only diagonally */
            grid_set(&lv.map, 41, 11, CELL_FLOOR);
            LOOK(0, "two wall rows passed by a diagonal step");
            grid_set(&lv.map, 41, 11, CELL_WALL);
            grid_set(&lv.map, 42, 11, CELL_FLOOR); /* two columns apart: no touch */
            LOOK(76 * 8 + 1, "cells two columns apart do not touch");
            /* a U: two arms (x 20 and x 60, rows 2..17) joined only at the
             * bottom row 18, walled off from the rest; the start in the left
             * arm: the right arm is reached from below, late */
            open_level(&lv);
            for (int y = 1; y <= 19; y++)
                for (int x = 19; x <= 61; x++)
                    if (y == 1 || y == 19 || x == 19 || x == 61 || (y <= 17 && x >= 21 && x <= 59))
                        grid_set(&lv.map, x, y, CELL_WALL);
            lv.start = (point_t){20, 2};
            /* the box x 19..61 spans rows 1..19: the outside is a strip
             * each side, x 2..18 and 62..77, rows 2..19 (the ring's inside) */
            LOOK(17 * 18 + 16 * 18, "a U from its left arm: both strips unreached");
            grid_set(&lv.map, 61, 5, CELL_DOOR); /* the right arm opens to the right strip */
            LOOK(17 * 18, "a U opened through its right arm: the left strip unreached");
            grid_set(&lv.map, 19, 18, CELL_DOOR); /* and through its left arm's foot */
            LOOK(0, "a U opened both ways");
            /* a run touching two runs above it (a comb: teeth x 10, 12, 14 in
             * rows 2..8 over a bar row 9, the rest walled); the start on the
             * first tooth */
            open_level(&lv);
            for (int y = 1; y <= GRID_H; y++)
                for (int x = 1; x <= GRID_W; x++)
                    grid_set(&lv.map, x, y, CELL_WALL);
            for (int y = 2; y <= 8; y++)
                for (int x = 10; x <= 14; x += 2)
                    grid_set(&lv.map, x, y, CELL_FLOOR);
            for (int x = 11; x <= 13; x++)
                grid_set(&lv.map, x, 9, CELL_FLOOR); /* touches teeth 10 and 14 diagonally, 12 above */
            grid_set(&lv.map, 70, 15, CELL_STAIRS);  /* the stairs cell, alone */
            lv.start = (point_t){10, 2};
            LOOK(1, "a comb of three teeth on a bar: the lone stairs cell");
            grid_set(&lv.map, 12, 9, CELL_WALL); /* the bar is (11,9) and (13,9): still one */
            LOOK(1, "a bar of two cells under three teeth");
            grid_set(&lv.map, 11, 9, CELL_WALL);
            grid_set(&lv.map, 13, 9, CELL_WALL); /* three teeth apart */
            LOOK(2 * 7 + 1, "three teeth apart: two of them and the stairs unreached");
            lv.start = (point_t){11, 5}; /* the start on a wall: every passable cell */
            LOOK(3 * 7 + 1, "the start on a wall");
            /* a path crossing columns 63 and 64 (bits 63 and 64 of a row):
             * a walled map but a corridor (x 60..68, y 5) and a column down
             * from x 64 and x 63 */
            open_level(&lv);
            for (int y = 1; y <= GRID_H; y++)
                for (int x = 1; x <= GRID_W; x++)
                    grid_set(&lv.map, x, y, CELL_WALL);
            for (int x = 60; x <= 68; x++)
                grid_set(&lv.map, x, 5, CELL_FLOOR);
            for (int y = 6; y <= 12; y++)
                grid_set(&lv.map, y % 2 ? 63 : 64, y, CELL_FLOOR); /* zigzag over the halves */
            grid_set(&lv.map, 65, 14, CELL_FLOOR);
            lv.start = (point_t){60, 5};
            LOOK(1, "a zigzag over columns 63 and 64: (65,14) alone");
            grid_set(&lv.map, 64, 13, CELL_FLOOR); /* (64,13) joins (63,12) and (65,14) */
            LOOK(0, "the zigzag reaches (65,14)");
            lv.start = (point_t){65, 14};
            LOOK(0, "and the other way");
            /* equal rows next to each other (an arena's band): a pocket of
             * rows 6..12 in a band of equal rows, the start in another band */
            open_level(&lv);
            for (int y = 6; y <= 12; y++)
                grid_set(&lv.map, 30, y, CELL_WALL), grid_set(&lv.map, 34, y, CELL_WALL);
            for (int x = 30; x <= 34; x++)
                grid_set(&lv.map, x, 5, CELL_WALL), grid_set(&lv.map, x, 13, CELL_WALL);
            LOOK(3 * 7, "a pocket of seven equal rows");
            lv.start = (point_t){32, 9};
            LOOK(76 * 18 - 24 - 21, "the start in the pocket");
            grid_set(&lv.map, 34, 13, CELL_FLOOR); /* the corner opens the pocket */
            LOOK(0, "the pocket's corner open");
#undef LOOK
        }
    cpu_force(best);
}

/* Rooms on and off the map, on every CPU path (the AVX2 path takes eight
 * rooms a step): counted by hand from room_on_map's rule, every cell of the
 * room in 1..78 x 1..20. */
static void rooms_by_hand(void)
{
    static level_t lv;
    static const room_t ROOMS[] = {
        {1, 1, 78, 20},  /* the whole map: on */
        {0, 5, 4, 4},    /* x 0: off */
        {5, 5, 0, 4},    /* no width: off */
        {5, 5, 4, 0},    /* no height: off */
        {75, 2, 4, 3},   /* x 75..78: on */
        {75, 2, 5, 3},   /* x 75..79: off */
        {3, 17, 4, 4},   /* y 17..20: on */
        {3, 17, 4, 5},   /* y 17..21: off */
        {200, 3, 100, 3}, /* x + w past 255: off */
        {3, 200, 3, 100}, /* y + h past 255: off */
        {10, 10, 5, 5},  /* on */
    };
    const int n = (int)(sizeof ROOMS / sizeof ROOMS[0]), off = 7;
    const cpu_path_t best = cpu_best();
    for (int path = 0; path < 2; path++) {
        cpu_force(path ? best : CPU_PLAIN);
        for (int k = 1; k <= n; k++) { /* the first k rooms: every tail length */
            open_level(&lv);
            for (int i = 0; i < k; i++)
                lv.rooms[lv.nrooms++] = ROOMS[i];
            /* the rooms past the list are not looked at */
            for (int i = k; i < LEVEL_MAX_ROOMS; i++)
                lv.rooms[i] = (room_t){0, 0, 0, 0};
            int want = 0;
            for (int i = 0; i < k; i++)
                want += i == 1 || i == 2 || i == 3 || i == 5 || i == 7 || i == 8 || i == 9;
            seen_t s;
            observer_look(&lv, &s);
            CHECK(s.rooms_outside == want, "path %d, %d rooms: %d outside, want %d", path, k,
                  s.rooms_outside, want);
        }
        /* a special room on an off-map room is not looked at; on an on-map one it is */
        open_level(&lv);
        for (int i = 0; i < n; i++)
            lv.rooms[lv.nrooms++] = ROOMS[i];
        lv.special[lv.nspecial++] = (special_room_t){SPECIAL_VAULT, 5};
        lv.special[lv.nspecial++] = (special_room_t){SPECIAL_VAULT, 10};
        lv.special[lv.nspecial++] = (special_room_t){SPECIAL_AMMO, 10};
        seen_t s;
        observer_look(&lv, &s);
        CHECK(s.rooms_outside == off && s.vaults == 1 && s.special_shared == 1,
              "path %d: outside %d, vaults %d, shared %d", path, s.rooms_outside, s.vaults,
              s.special_shared);
    }
    cpu_force(best);
}

/* Things off the map (one of them at the start's index, GRID_STRIDE
 * columns on), on the start, in the kept-free box, stacked, on the stairs
 * and on each other, more than eight of each (the AVX2 path takes eight a
 * step), on every CPU path: counted by hand. */
static void things_by_hand(void)
{
    static level_t lv;
    static const point_t MONS[] = {
        {0, 5}, {79, 5}, {5, 0}, {5, 21}, {200, 3}, /* off the map */
        {5, 5}, {5, 5},                             /* the start, twice */
        {40, 10}, {38, 8}, {43, 8},                 /* in the box, its corner, beside it */
        {70, 15},                                   /* the stairs */
        {85, 4},                                    /* off: 4 * 80 + 85 is the start's index */
    };
    static const point_t ITEMS[] = {
        {5, 5},   /* the start, on monsters */
        {85, 4},  /* off */
        {70, 15}, /* the stairs, on a monster */
        {70, 15}, /* again: stacked, not counted on the monster twice */
        {12, 12}, /* lava */
        {40, 10}, /* on a monster, in the box */
        {0, 0},   /* off */
        {20, 5},  /* a door */
        {30, 3},  /* floor */
    };
    const cpu_path_t best = cpu_best();
    for (int path = 0; path < 2; path++) {
        cpu_force(path ? best : CPU_PLAIN);
        open_level(&lv);
        grid_set(&lv.map, 12, 12, CELL_LAVA);
        grid_set(&lv.map, 20, 5, CELL_DOOR);
        lv.keepout = (rect_t){38, 8, 42, 12};
        for (size_t i = 0; i < sizeof MONS / sizeof MONS[0]; i++)
            lv.monster[lv.nmonsters++] = (monster_t){.x = MONS[i].x, .y = MONS[i].y};
        for (size_t i = 0; i < sizeof ITEMS / sizeof ITEMS[0]; i++)
            lv.item[lv.nitems++] = ITEMS[i];
        seen_t s;
        observer_look(&lv, &s);
        CHECK(s.mon.blocked == 6 && s.mon.on_start == 2 && s.mon.stacked == 1 &&
                  s.mon.keepout == 2 && s.mon.on_stairs == 1 && s.mon.hazard == 0 &&
                  s.mon.on_other == 0,
              "path %d monsters: blocked %d start %d stacked %d keepout %d stairs %d", path,
              s.mon.blocked, s.mon.on_start, s.mon.stacked, s.mon.keepout, s.mon.on_stairs);
        CHECK(s.item.blocked == 3 && s.item.on_start == 1 && s.item.on_other == 3 &&
                  s.item.stacked == 1 && s.item.on_stairs == 2 && s.item.hazard == 1 &&
                  s.item.keepout == 1,
              "path %d items: blocked %d start %d other %d stacked %d stairs %d hazard %d "
              "keepout %d",
              path, s.item.blocked, s.item.on_start, s.item.on_other, s.item.stacked,
              s.item.on_stairs, s.item.hazard, s.item.keepout);
    }
    cpu_force(best);
}

/* Every CPU path sees the same on real levels of every type. */
static void paths_agree(const char *rules)
{
    const tables_t *t = test_tables(rules);
    CHECK(t != NULL, "tables of %s", rules);
    if (!t)
        return;
    static level_t lv;
    long differ = 0, levels = 0, unreached = 0;
    const cpu_path_t best = cpu_best();
    for (int type = 0; type < LT__COUNT; type++) {
        if (!t->rules->has_type[type])
            continue;
        gen_params_t p;
        gen_params_default(&p, t);
        p.type = type;
        for (int i = 0; i < 300; i++) {
            p.dlevel = 1 + i % 30;
            cpu_force(best);
            level_generate(&lv, &p, 11, (uint64_t)i);
            seen_t a, b;
            cpu_force(CPU_PLAIN);
            observer_look(&lv, &a);
            cpu_force(best);
            observer_look(&lv, &b);
            differ += memcmp(&a, &b, sizeof a) != 0;
            /* the observer's flood against a plain breadth-first search of the
             * map's passable cells (the reference generator's) */
            unreached += a.unreachable != ref_unreachable(&lv.map, lv.start.x, lv.start.y);
            levels++;
        }
    }
    cpu_force(best);
    CHECK(differ == 0, "%s: the paths differ on %ld of %ld levels", rules, differ, levels);
    CHECK(unreached == 0, "%s: the observer's unreached cells differ on %ld levels", rules,
          unreached);
}

int main(void)
{
    hand_made();
    reach_by_hand();
    reach_shapes();
    rooms_by_hand();
    things_by_hand();
    paths_agree(RULESET_WIKI);
    paths_agree(RULESET_GAME);
    paths_agree(RULESET_GAME10);
    return test_summary("observer");
}

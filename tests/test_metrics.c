/* test_metrics.c - the range metrics (src/gen/metrics.h): the start-to-stairs
 * walk on hand-made maps whose shortest 8-way walks are counted by hand, the
 * bit-parallel search (on each CPU path: AVX2 and plain) held equal to a
 * plain queue search written here from the definition, on real levels of
 * every type of the three rulesets, and the
 * shares of a hand-made map whose cells are counted by hand. */
#include <string.h>

#include "cpu.h"
#include "metrics.h"
#include "observer.h"
#include "tables.h"
#include "testutil.h"

/* Floor inside a wall ring (rows 1 and 20, columns 1 and 78), the start at
 * (5,5), one listed stairs cell. */
static void open_level(level_t *lv, int sx, int sy)
{
    memset(lv, 0, sizeof *lv);
    grid_clear(&lv->map);
    lv->start = (point_t){5, 5};
    grid_set(&lv->map, sx, sy, CELL_STAIRS);
    lv->stairs[lv->nstairs++] = (point_t){(uint8_t)sx, (uint8_t)sy};
}

static void paths(void)
{
    static level_t lv;
    /* 8-way: the steps are the larger of |dx| and |dy| */
    open_level(&lv, 70, 15);
    CHECK(metrics_path_length(&lv) == 65, "open map: 65 steps, not %d", metrics_path_length(&lv));
    open_level(&lv, 6, 6);
    CHECK(metrics_path_length(&lv) == 1, "a diagonal neighbour: 1 step");
    open_level(&lv, 5, 5);
    CHECK(metrics_path_length(&lv) == 0, "the start on the stairs: 0 steps");
    /* a wall at x = 40 down from the ring to row 18: round its foot at
     * (40, 19) (row 20 is the ring), 35 steps from the start, then 4 to
     * (41, 15); straight it would be 36 */
    open_level(&lv, 41, 15);
    for (int y = 2; y <= 18; y++)
        grid_set(&lv.map, 40, y, CELL_WALL);
    CHECK(metrics_path_length(&lv) == 39, "round a wall: 39 steps, not %d",
          metrics_path_length(&lv));
    /* fluids are walked through, as the observer's flood walks */
    grid_set(&lv.map, 40, 19, CELL_LAVA);
    CHECK(metrics_path_length(&lv) == 39, "through lava: 39 steps");
    /* a barrel blocks as a wall does */
    grid_set(&lv.map, 40, 19, CELL_BARREL);
    CHECK(metrics_path_length(&lv) == -1, "a barrel closes the gap: -1");
    /* closed: the whole column wall */
    grid_set(&lv.map, 40, 19, CELL_WALL);
    CHECK(metrics_path_length(&lv) == -1, "walled off: -1");
    /* no stairs cell under the listed stairs, or no start */
    open_level(&lv, 70, 15);
    grid_set(&lv.map, 70, 15, CELL_FLOOR);
    CHECK(metrics_path_length(&lv) == -1, "no stairs cell: -1");
    open_level(&lv, 70, 15);
    lv.start = (point_t){0, 0};
    CHECK(metrics_path_length(&lv) == -1, "no start: -1");
}

/* The plain search: a queue of cells, each cell's distance set when it is
 * first reached from a neighbour (8-way) that is passable; the distance of
 * the nearest listed stairs cell. */
static int plain_path(const level_t *lv)
{
    static int dist[GRID_CELLS];
    static int queue[GRID_CELLS];
    const point_t s = lv->start;
    if (!s.x || !cell_is_passable(grid_get(&lv->map, s.x, s.y)))
        return -1;
    for (int i = 0; i < GRID_CELLS; i++)
        dist[i] = -1;
    int head = 0, tail = 0;
    dist[GRID_IDX(s.x, s.y)] = 0;
    queue[tail++] = GRID_IDX(s.x, s.y);
    while (head < tail) {
        const int c = queue[head++], x = c % GRID_STRIDE, y = c / GRID_STRIDE;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                const int nx = x + dx, ny = y + dy;
                if (nx < 1 || nx > GRID_W || ny < 1 || ny > GRID_H)
                    continue;
                const int n = GRID_IDX(nx, ny);
                if (dist[n] < 0 && cell_is_passable(lv->map.c[n])) {
                    dist[n] = dist[c] + 1;
                    queue[tail++] = n;
                }
            }
    }
    int best = -1;
    for (int i = 0; i < lv->nstairs; i++) {
        const point_t p = lv->stairs[i];
        if (grid_get(&lv->map, p.x, p.y) != CELL_STAIRS)
            continue;
        const int d = dist[GRID_IDX(p.x, p.y)];
        if (d >= 0 && (best < 0 || d < best))
            best = d;
    }
    return best;
}

/* The bit-parallel search against the plain one on real levels. */
static void paths_agree(const char *rules)
{
    const tables_t *t = test_tables(rules);
    static level_t lv;
    long differ = 0, levels = 0, none = 0;
    for (int type = 0; type < LT__COUNT; type++) {
        if (!t->rules->has_type[type])
            continue;
        gen_params_t p;
        gen_params_default(&p, t);
        p.type = type;
        for (long i = 0; i < test_scaled(400); i++) {
            p.dlevel = 1 + (int)(i % 25);
            level_generate(&lv, &p, 5, (uint64_t)i);
            seen_t s;
            observer_look(&lv, &s);
            metrics_t m;
            metrics_measure(&m, &lv, &s, -1);
            const int want = plain_path(&lv);
            if (m.path != want || metrics_path_length(&lv) != want) {
                if (!differ)
                    printf("  %s %s level %ld: %d, plain %d\n", rules,
                           level_type_name((level_type_t)type), i, m.path, want);
                differ++;
            }
            none += want < 0;
            levels++;
        }
    }
    CHECK(differ == 0, "%s: the searches differ on %ld of %ld levels", rules, differ, levels);
    CHECK(levels - none > levels / 2, "%s: most levels have a walk (%ld of %ld)", rules,
          levels - none, levels);
}

/* A hand-made map: the ring of walls, inside it columns 2..77 by rows 2..19
 * (76 x 18 = 1368 cells); a wall column at x = 40 (18 cells) cuts the map in
 * two; 10 water and 5 lava cells and a barrel on the left, 3 mud cells on
 * the right.  Left of the wall: columns 2..39, 38 x 18 = 684 cells, 683
 * passable (the barrel), 15 of them fluid; right: columns 41..77, 37 x 18 =
 * 666 passable, 3 fluid, unreachable.  So passable 1349, fluid 18, open 1331
 * (of the map's 1560), reachable 683 (of 1349). */
static void shares(void)
{
    static level_t lv;
    open_level(&lv, 10, 10);
    for (int y = 2; y <= GRID_H - 1; y++)
        grid_set(&lv.map, 40, y, CELL_WALL);
    for (int x = 20; x < 30; x++)
        grid_set(&lv.map, x, 3, CELL_WATER);
    for (int x = 20; x < 25; x++)
        grid_set(&lv.map, x, 8, CELL_LAVA);
    grid_set(&lv.map, 30, 12, CELL_BARREL);
    for (int x = 50; x < 53; x++)
        grid_set(&lv.map, x, 12, CELL_MUD);
    /* the census metrics_measure reads: water, acid and lava; the cells not
     * reachable from the start are the observer's, who also sees the barrel */
    lv.obs.fluid_cells[0] = 10;
    lv.obs.fluid_cells[2] = 5;
    lv.obs.danger_placed = 17;
    lv.nrooms = 2;
    seen_t s;
    observer_look(&lv, &s);
    CHECK(s.unreachable == 666 && s.barrels == 1, "the observer: 666 unreached (%d), 1 barrel (%d)",
          s.unreachable, s.barrels);
    metrics_t m;
    metrics_measure(&m, &lv, &s, -1);
    CHECK(m.passable == 1349, "passable 1349, not %d", m.passable);
    CHECK(m.fluid == 18, "fluid 18, not %d", m.fluid);
    CHECK(m.open == 1331 && m.reachable == 683, "open 1331 (%d), reachable 683 (%d)", m.open,
          m.reachable);
    CHECK(m.barrels[0] == 1 && m.barrels[1] == 0 && m.barrels[2] == 0, "one plain barrel");
    CHECK(m.rooms == 2 && m.danger == 17, "rooms and danger from the level");
    CHECK(m.path == 5, "(5,5) to (10,10): 5 steps, not %d", m.path);
    CHECK(metrics_open_share(&m) == 1331.0 / 1560, "open share %g", metrics_open_share(&m));
    CHECK(metrics_fluid_share(&m) == 18.0 / 1560, "fluid share %g", metrics_fluid_share(&m));
    CHECK(metrics_reach_share(&m) == 683.0 / 1349, "reach share %g", metrics_reach_share(&m));
    /* not looking for barrels: the barrel's cell counts as passable */
    seen_t no_barrels = s;
    no_barrels.barrels = 0;
    metrics_measure(&m, &lv, &no_barrels, -1);
    CHECK(m.passable == 1350 && m.barrels[0] == 0, "barrels not looked for: 1350 passable");
    /* the mud and blood as the caller counted them: taken, not counted again */
    metrics_measure(&m, &lv, &s, 0);
    CHECK(m.fluid == 15 && m.open == 1334, "mud and blood given as 0: fluid 15 (%d), open 1334 (%d)",
          m.fluid, m.open);
}

int main(void)
{
    /* each CPU path's search (cpu.h): the AVX2 one where the CPU has it, and
     * the plain one */
    const cpu_path_t best = cpu_best();
    for (int k = 0; k < 2; k++) {
        cpu_force(k ? CPU_PLAIN : best);
        paths();
        shares();
        paths_agree("wiki-0.9.9.3");
        paths_agree("game-0.9.9.7");
        paths_agree("game-0.10.10b");
    }
    cpu_force(best);
    return test_summary("metrics");
}

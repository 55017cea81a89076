/* metrics.c - the expressive-range metrics of metrics.h.
 *
 * Every measure of the map is a count of bit rows (grid_mask_rows), and the
 * start-to-stairs walk is a breadth-first search over those rows: a step
 * widens the whole frontier at once (the rows above, at and below, each
 * shifted a column either way), so a level costs a few row operations a
 * step instead of a queue entry a cell.  tests/test_metrics.c holds it equal
 * to a plain queue search.
 */
#include "metrics.h"

/* The map's columns 1..78 in a bit row. */
#define MAP_COLUMNS ((BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0))

static int rows_count(const bitrow_t rows[GRID_H + 2])
{
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        n += bitrow_popcount(rows[y] & MAP_COLUMNS);
    return n;
}

int metrics_path_rows(const bitrow_t pass[GRID_H + 2], const level_t *lv)
{
    const int sx = lv->start.x, sy = lv->start.y;
    point_t goal[LEVEL_MAX_STAIRS];
    int ngoal = 0;
    for (int i = 0; i < lv->nstairs; i++)
        if (grid_get(&lv->map, lv->stairs[i].x, lv->stairs[i].y) == CELL_STAIRS)
            goal[ngoal++] = lv->stairs[i];
    if (!ngoal || !sx || !(pass[sy] & BITROW_BIT(sx)))
        return -1;
    for (int i = 0; i < ngoal; i++)
        if (goal[i].x == sx && goal[i].y == sy)
            return 0;
    /* Breadth first, a whole ring of cells a step: the frontier's 8-way
     * neighbours that are passable and not yet seen become the next
     * frontier, over the rows the walk may have reached (one more each way
     * a step). */
    bitrow_t seen[GRID_H + 2] = {0}, buf[2][GRID_H + 2] = {{0}};
    bitrow_t *front = buf[0], *next = buf[1];
    seen[sy] = front[sy] = BITROW_BIT(sx);
    int lo = sy, hi = sy;
    for (int step = 1;; step++) {
        lo = lo > 1 ? lo - 1 : 1;
        hi = hi < GRID_H ? hi + 1 : GRID_H;
        bitrow_t any = 0;
        for (int y = lo; y <= hi; y++) {
            const bitrow_t near = front[y - 1] | front[y] | front[y + 1];
            const bitrow_t n = (near | near << 1 | near >> 1) & pass[y] & ~seen[y];
            next[y] = n;
            seen[y] |= n;
            any |= n;
        }
        if (!any)
            return -1;
        for (int i = 0; i < ngoal; i++)
            if (next[goal[i].y] & BITROW_BIT(goal[i].x))
                return step;
        bitrow_t *t = front;
        front = next;
        next = t;
    }
}

/* The passable kinds (cell_is_passable) and the fluids, as cell sets. */
#define FLUIDS                                                                              \
    (CELLSET(CELL_WATER) | CELLSET(CELL_ACID) | CELLSET(CELL_LAVA) | CELLSET(CELL_MUD) |     \
     CELLSET(CELL_BLOOD))
#define PASSABLE                                                                            \
    (CELLSET(CELL_FLOOR) | CELLSET(CELL_DOOR) | CELLSET(CELL_BRIDGE) | CELLSET(CELL_STAIRS) | \
     FLUIDS)

int metrics_path_length(const level_t *lv)
{
    bitrow_t pass[GRID_H + 2];
    grid_mask_rows(&lv->map, PASSABLE, pass);
    return metrics_path_rows(pass, lv);
}

void metrics_measure(metrics_t *m, const level_t *lv, bool barrels_seen, int mud_blood)
{
    /* The passable cells: those of no impassable kind.  Three kinds are
     * tested cell by cell (a mask costs a compare a kind), the barrels' only
     * on a level the observer saw barrels on. */
    bitrow_t pass[GRID_H + 2], rows[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET(CELL_WALL) | CELLSET(CELL_BOX) | CELLSET(CELL_EDGE), pass);
    for (int y = 0; y < GRID_H + 2; y++)
        pass[y] = ~pass[y] & MAP_COLUMNS;
    pass[0] = pass[GRID_H + 1] = 0;
    static const cell_t BARRELS[3] = {CELL_BARREL, CELL_BARREL_ACID, CELL_BARREL_NAPALM};
    for (int k = 0; k < 3; k++) {
        m->barrels[k] = 0;
        if (barrels_seen) {
            grid_mask_rows(&lv->map, CELLSET(BARRELS[k]), rows);
            m->barrels[k] = rows_count(rows);
            for (int y = 1; y <= GRID_H; y++)
                pass[y] &= ~rows[y];
        }
    }
    _Static_assert(CELLSET_IMPASSABLE == (CELLSET(CELL_WALL) | CELLSET(CELL_BOX) |
                                          CELLSET(CELL_EDGE) | CELLSET_BARRELS),
                   "the impassable kinds are these six");
    _Static_assert(PASSABLE == ((((cellset_t)1 << CELL__COUNT) - 1) & ~CELLSET_IMPASSABLE),
                   "every kind is passable or impassable");
    m->passable = rows_count(pass);
    m->path = metrics_path_rows(pass, lv);
    /* the final map's fluid cells: level.c's census counts water, acid and
     * lava; mud and blood (game-0.10.10b) are read off the map */
    if (mud_blood < 0) {
        grid_mask_rows(&lv->map, CELLSET(CELL_MUD) | CELLSET(CELL_BLOOD), rows);
        mud_blood = rows_count(rows);
    }
    m->fluid = lv->obs.fluid_cells[0] + lv->obs.fluid_cells[1] + lv->obs.fluid_cells[2] +
               mud_blood;
    m->open = m->passable - m->fluid;
    m->reachable = m->passable - lv->obs.unreachable;
    m->rooms = lv->nrooms;
    m->danger = lv->obs.danger_placed;
}

double metrics_open_share(const metrics_t *m)
{
    return (double)m->open / METRICS_MAP_CELLS;
}

double metrics_fluid_share(const metrics_t *m)
{
    return (double)m->fluid / METRICS_MAP_CELLS;
}

double metrics_reach_share(const metrics_t *m)
{
    return m->passable ? (double)m->reachable / m->passable : 0.0;
}

/* metrics.c - the expressive-range metrics of metrics.h.
 *
 * Every measure of the map is a count of bit rows (grid_mask_rows), and the
 * start-to-stairs walk is a breadth-first search over those rows: a step
 * widens the whole frontier at once (the rows above, at and below, each
 * shifted a column either way), so a level costs a few row operations a
 * step instead of a queue entry a cell.  On the AVX2 path two rows share a
 * register (the map's 22 rows in 11), so a step is a few instructions a row;
 * tests/test_metrics.c holds both paths equal to a plain queue search.
 */
#include "metrics.h"

#include "cpu.h"

/* The map's columns 1..78 in a bit row. */
#define MAP_COLUMNS ((BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0))

static int rows_count(const bitrow_t rows[GRID_H + 2])
{
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        n += bitrow_popcount(rows[y] & MAP_COLUMNS);
    return n;
}

#if CPU_SIMD
/* Rows of the map in AVX2 registers, two a register: register k holds rows
 * 2k (low lane) and 2k + 1 (high lane). */
#define PAIRS ((GRID_H + 2) / 2)
_Static_assert((GRID_H + 2) % 2 == 0 && sizeof(bitrow_t) == 16, "rows pair into registers");

/* The AVX2 form of path_search below: the same steps, two rows at once. */
CPU_AVX2_FN static int path_avx2(const bitrow_t pass[GRID_H + 2], int sx, int sy,
                                 const point_t *goal, int ngoal)
{
    __m256i p[PAIRS], seen[PAIRS], buf[2][PAIRS + 2], g[LEVEL_MAX_STAIRS];
    int gk[LEVEL_MAX_STAIRS];
    const __m256i zero = _mm256_setzero_si256();
    for (int k = 0; k < PAIRS; k++) {
        p[k] = _mm256_loadu_si256((const __m256i *)&pass[2 * k]);
        seen[k] = zero;
    }
    /* front[k] is buf[.][k + 1]: a zero register either side of the map */
    for (int k = 0; k < PAIRS + 2; k++)
        buf[0][k] = buf[1][k] = zero;
    bitrow_t one[2] = {0, 0};
    for (int i = 0; i < ngoal; i++) {
        one[goal[i].y & 1] = BITROW_BIT(goal[i].x);
        one[!(goal[i].y & 1)] = 0;
        g[i] = _mm256_loadu_si256((const __m256i *)one);
        gk[i] = goal[i].y / 2;
    }
    one[sy & 1] = BITROW_BIT(sx);
    one[!(sy & 1)] = 0;
    __m256i *front = buf[0] + 1, *next = buf[1] + 1;
    seen[sy / 2] = front[sy / 2] = _mm256_loadu_si256((const __m256i *)one);
    /* the registers the walk may have reached: one row more each way a step */
    int lo = sy, hi = sy;
    for (int step = 1;; step++) {
        lo = lo > 1 ? lo - 1 : 1;
        hi = hi < GRID_H ? hi + 1 : GRID_H;
        __m256i any = zero;
        for (int k = lo / 2; k <= hi / 2; k++) {
            /* rows 2k-1, 2k and rows 2k+1, 2k+2: the neighbours above and below */
            const __m256i up = _mm256_permute2x128_si256(front[k - 1], front[k], 0x21);
            const __m256i down = _mm256_permute2x128_si256(front[k], front[k + 1], 0x21);
            const __m256i near = _mm256_or_si256(front[k], _mm256_or_si256(up, down));
            /* a column either way within each 128-bit row: the bit crossing
             * the row's middle carried from the other 64-bit half */
            const __m256i left = _mm256_or_si256(
                _mm256_slli_epi64(near, 1), _mm256_srli_epi64(_mm256_slli_si256(near, 8), 63));
            const __m256i right = _mm256_or_si256(
                _mm256_srli_epi64(near, 1), _mm256_slli_epi64(_mm256_srli_si256(near, 8), 63));
            const __m256i n = _mm256_andnot_si256(
                seen[k], _mm256_and_si256(p[k], _mm256_or_si256(near, _mm256_or_si256(left, right))));
            next[k] = n;
            seen[k] = _mm256_or_si256(seen[k], n);
            any = _mm256_or_si256(any, n);
        }
        if (_mm256_testz_si256(any, any))
            return -1;
        for (int i = 0; i < ngoal; i++)
            if (!_mm256_testz_si256(next[gk[i]], g[i]))
                return step;
        __m256i *t = front;
        front = next;
        next = t;
    }
}
#endif

/* Breadth first from (sx, sy) to the first of goal[0..ngoal) reached, over
 * the bit rows pass: a whole ring of cells a step, the frontier's 8-way
 * neighbours that are passable and not yet seen becoming the next frontier,
 * over the rows the walk may have reached (one more each way a step). */
static int path_search(const bitrow_t pass[GRID_H + 2], int sx, int sy, const point_t *goal,
                       int ngoal)
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2))
        return path_avx2(pass, sx, sy, goal, ngoal);
#endif
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
    return path_search(pass, sx, sy, goal, ngoal);
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

void metrics_measure(metrics_t *m, const level_t *lv, const seen_t *seen, int mud_blood)
{
    const bool barrels_seen = seen->barrels != 0;
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
    m->reachable = m->passable - seen->unreachable; /* the observer's flood */
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

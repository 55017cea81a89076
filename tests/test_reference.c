/* test_reference.c - the fast generator equals the plain reference, byte for byte.
 *
 * src/gen/ref/ implements every rule plainly (no intrinsics, no bit tricks)
 * with the same random draws in the same order.  This test makes levels
 * both ways (gen_params_t.reference) and compares everything a level holds:
 * the map (padding included), the room list, start, keep-out box, stairs,
 * monsters, items, special rooms and the whole observation record.  It
 * stops at the first differing level of each sample and says which (seed,
 * index, type, dlevel, difficulty) and what differed.
 *
 *   1. full levels: 10^5 per type (all 8), cycling through dlevels and
 *      difficulties that cover every fluid band, river fluid, cave and
 *      single-monster row, budget rule and item rule;
 *   2. layout-only levels (the doors of the layout itself, caves without
 *      their river), rivers on and off: 10^4 per type;
 *   3. full levels on each CPU path (cpu.h) slower than the best, forced
 *      (plain C, SSE2, ...): 2*10^4 per type and path.
 * DRLSIM_TEST_SCALE divides the sizes (the sanitized build).  The samples
 * run on all threads (OMP_NUM_THREADS); each reports its own first
 * difference.
 */
#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpu.h"
#include "gen/ref/ref.h"
#include "layouts/layouts.h"
#include "layouts/walled.h"
#include "level.h"
#include "poptable.h"
#include "rooms.h"
#include "ruleset.h"
#include "tables.h"
#include "testutil.h"
#include "water.h"

/* (dlevel, difficulty) pairs the levels cycle through: every fluid band
 * (<6, 6..10, 11..15, >15), river fluids, budget rules, item counts and the
 * cave and single-monster rows, up to the hard ones (dlevel > 50 on UV/N!). */
static const int CONFIG[][2] = {
    {1, DIFF_ITYTD}, {3, DIFF_HNTR}, {5, DIFF_HMP},  {6, DIFF_UV},   {8, DIFF_NIGHTMARE},
    {11, DIFF_HMP},  {13, DIFF_UV},  {16, DIFF_HNTR}, {20, DIFF_NIGHTMARE}, {27, DIFF_HMP},
    {35, DIFF_UV},   {55, DIFF_NIGHTMARE},
};
#define NCONFIG ((int)(sizeof CONFIG / sizeof CONFIG[0]))

/* The named fields of obs_t, for the report; any other byte is reported by
 * its offset. */
#define OBS_FIELD(f) {#f, offsetof(obs_t, f), sizeof(((obs_t *)0)->f)}
static const struct {
    const char *name;
    size_t at, size;
} OBS_FIELDS[] = {
    OBS_FIELD(river),          OBS_FIELD(river_orient),   OBS_FIELD(river_count),
    OBS_FIELD(river_fluid),    OBS_FIELD(river_bridge),   OBS_FIELD(fluid_passes),
    OBS_FIELD(fluid_kind),     OBS_FIELD(fluid_walks),    OBS_FIELD(fluid_length),
    OBS_FIELD(fluid_cells),    OBS_FIELD(rooms),          OBS_FIELD(rooms_ge4),
    OBS_FIELD(rooms_small),    OBS_FIELD(doors),          OBS_FIELD(layout_variant),
    OBS_FIELD(special_made),   OBS_FIELD(special_rolled), OBS_FIELD(special_placed),
    OBS_FIELD(special_skipped), OBS_FIELD(budget),        OBS_FIELD(danger_placed),
    OBS_FIELD(monsters),       OBS_FIELD(monsters_by_kind), OBS_FIELD(hunting),
    OBS_FIELD(items),          OBS_FIELD(roll),           OBS_FIELD(unreachable),
    OBS_FIELD(failure),        OBS_FIELD(retries),        OBS_FIELD(walls),
    OBS_FIELD(sections),       OBS_FIELD(building_river), OBS_FIELD(stray_walls),
    OBS_FIELD(centre_walls),   OBS_FIELD(line_gaps),      OBS_FIELD(wh_blocks),
    OBS_FIELD(foreign_monsters),
};

static void describe_obs(const obs_t *a, const obs_t *b, char *out, size_t len)
{
    const unsigned char *pa = (const unsigned char *)a, *pb = (const unsigned char *)b;
    for (size_t i = 0; i < sizeof OBS_FIELDS / sizeof OBS_FIELDS[0]; i++)
        if (memcmp(pa + OBS_FIELDS[i].at, pb + OBS_FIELDS[i].at, OBS_FIELDS[i].size) != 0) {
            snprintf(out, len, "obs.%s", OBS_FIELDS[i].name);
            return;
        }
    for (size_t i = 0; i < sizeof *a; i++)
        if (pa[i] != pb[i]) {
            snprintf(out, len, "obs byte %zu (fast %u, reference %u)", i, pa[i], pb[i]);
            return;
        }
}

#define DIFFER(...) (snprintf(out, len, __VA_ARGS__), false)

/* Equal point lists (stairs, items), else false with the first difference. */
static bool same_points(const char *what, const point_t *f, int nf, const point_t *r, int nr,
                        char *out, size_t len)
{
    if (nf != nr)
        return DIFFER("%ss: fast %d, reference %d", what, nf, nr);
    for (int i = 0; i < nf; i++)
        if (f[i].x != r[i].x || f[i].y != r[i].y)
            return DIFFER("%s %d: fast (%d,%d), reference (%d,%d)", what, i, f[i].x, f[i].y,
                          r[i].x, r[i].y);
    return true;
}

/* Equal levels, else false with the first difference in out. */
static bool same_level(const level_t *f, const level_t *r, char *out, size_t len)
{
    if (f->type != r->type)
        return DIFFER("type: fast %d, reference %d", f->type, r->type);
    for (int y = 0; y < GRID_H + 2; y++)
        for (int x = 0; x < GRID_STRIDE; x++)
            if (f->map.c[GRID_IDX(x, y)] != r->map.c[GRID_IDX(x, y)])
                return DIFFER("map cell (%d,%d): fast '%c', reference '%c'", x, y,
                              cell_glyph(grid_get(&f->map, x, y)),
                              cell_glyph(grid_get(&r->map, x, y)));
    if (memcmp(&f->map, &r->map, sizeof f->map) != 0)
        return DIFFER("map slack bytes");
    if (f->nrooms != r->nrooms)
        return DIFFER("rooms: fast %d, reference %d", f->nrooms, r->nrooms);
    for (int i = 0; i < f->nrooms; i++)
        if (memcmp(&f->rooms[i], &r->rooms[i], sizeof(room_t)) != 0)
            return DIFFER("room %d: fast %dx%d at (%d,%d), reference %dx%d at (%d,%d)", i,
                          f->rooms[i].w, f->rooms[i].h, f->rooms[i].x, f->rooms[i].y,
                          r->rooms[i].w, r->rooms[i].h, r->rooms[i].x, r->rooms[i].y);
    if (memcmp(&f->start, &r->start, sizeof f->start) != 0)
        return DIFFER("start: fast (%d,%d), reference (%d,%d)", f->start.x, f->start.y,
                      r->start.x, r->start.y);
    if (memcmp(&f->keepout, &r->keepout, sizeof f->keepout) != 0)
        return DIFFER("keep-out box");
    if (!same_points("stair", f->stairs, f->nstairs, r->stairs, r->nstairs, out, len))
        return false;
    if (f->nspecial != r->nspecial ||
        memcmp(f->special, r->special, (size_t)f->nspecial * sizeof f->special[0]) != 0)
        return DIFFER("special rooms (fast %d, reference %d)", f->nspecial, r->nspecial);
    if (f->nmonsters != r->nmonsters)
        return DIFFER("monsters: fast %d, reference %d", f->nmonsters, r->nmonsters);
    for (int i = 0; i < f->nmonsters; i++)
        if (memcmp(&f->monster[i], &r->monster[i], sizeof(monster_t)) != 0)
            return DIFFER("monster %d: fast kind %d at (%d,%d), reference kind %d at (%d,%d)", i,
                          f->monster[i].kind, f->monster[i].x, f->monster[i].y,
                          r->monster[i].kind, r->monster[i].x, r->monster[i].y);
    if (!same_points("item", f->item, f->nitems, r->item, r->nitems, out, len))
        return false;
    if (memcmp(&f->obs, &r->obs, sizeof f->obs) != 0) {
        describe_obs(&f->obs, &r->obs, out, len);
        return false;
    }
    if (f->dlevel != r->dlevel || f->difficulty != r->difficulty || f->seed != r->seed ||
        f->index != r->index)
        return DIFFER("dlevel, difficulty, seed or index");
    return true;
}

/* One sample: n levels of one type from one seed, compared both ways. */
typedef struct job {
    const char *sample;
    level_type_t type;
    uint64_t seed;
    long n;
    bool layout_only, no_rivers_half; /* rivers off on odd indices */
    bool ok;
    char what[300]; /* the first difference */
} job_t;

static void run_job(job_t *j)
{
    level_t *f = malloc(sizeof *f), *r = malloc(sizeof *r);
    if (!f || !r) {
        snprintf(j->what, sizeof j->what, "out of memory");
        j->ok = false;
        free(f);
        free(r);
        return;
    }
    gen_params_t p;
    gen_params_default(&p, tables_load(NULL));
    p.type = (int)j->type;
    p.layout_only = j->layout_only;
    j->ok = true;
    for (long i = 0; i < j->n && j->ok; i++) {
        p.dlevel = CONFIG[i % NCONFIG][0];
        p.difficulty = CONFIG[i % NCONFIG][1];
        p.rivers = !(j->no_rivers_half && i % 2);
        /* padding bytes start equal, so the records compare with memcmp */
        memset(&f->obs, 0, sizeof f->obs);
        memset(&r->obs, 0, sizeof r->obs);
        p.reference = false;
        level_generate(f, &p, j->seed, (uint64_t)i);
        p.reference = true;
        level_generate(r, &p, j->seed, (uint64_t)i);
        char what[200];
        if (!same_level(f, r, what, sizeof what)) {
            snprintf(j->what, sizeof j->what,
                     "%s: %s differs at seed %llu index %ld (dlevel %d, difficulty %d%s): %s",
                     j->sample, level_type_name(j->type), (unsigned long long)j->seed, i,
                     p.dlevel, p.difficulty, p.rivers ? "" : ", no rivers", what);
            j->ok = false;
        }
    }
    free(f);
    free(r);
}

/* The jobs on all threads (each job's levels in order, so the first
 * difference reported is the first of its sample). */
static void run_jobs(job_t *jobs, int n)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < n; i++)
        run_job(&jobs[i]);
    for (int i = 0; i < n; i++)
        CHECK(jobs[i].ok, "%s", jobs[i].ok ? jobs[i].sample : jobs[i].what);
}

/* The wiki pipeline's types: the reference generator makes those. */
#define NWIKI (LT_LAST_WIKI + 1)

int main(void)
{
    if (!tables_load(NULL))
        return 1;
    printf("reference parts: layouts of all 8 types, room scan, rivers, fluid passes and walks,\n"
           "special rooms, start and stairs, free-cell lists, monster picks, items,\n"
           "observation (fluid and door counts, reachability); shared with the fast code:\n"
           "the rule tables, their lookups (ruleset_pick_type, water_band, arena_pick,\n"
           "poptable_draw, populate_budget, populate_item_count), grid_clear/fill/border\n"
           "and the rng\n");
    const long full = test_scaled(100000), layout = test_scaled(10000),
               portable = test_scaled(20000);
    const double w0 = omp_get_wtime();
    const clock_t c0 = clock();
    job_t fast[2 * NWIKI], port[CPU__COUNT][NWIKI];
    const cpu_path_t best = cpu_best();
    for (int t = 0; t < NWIKI; t++) {
        const uint64_t seed = 0x5eed0000u + (uint64_t)t;
        fast[2 * t] = (job_t){"full levels", (level_type_t)t, seed, full, false, false, true, ""};
        fast[2 * t + 1] =
            (job_t){"layout only", (level_type_t)t, seed + 100, layout, true, true, true, ""};
        for (int path = CPU_PLAIN; path < CPU__COUNT; path++)
            port[path][t] = (job_t){cpu_path_name((cpu_path_t)path), (level_type_t)t,
                                    seed + 200 + 100 * (uint64_t)path, portable, false, false,
                                    true, ""};
    }
    run_jobs(fast, 2 * NWIKI);
    /* process-wide: only between the parallel runs */
    int slower = 0; /* the paths below the best */
    for (int path = CPU_PLAIN; path < (int)best; path++, slower++) {
        cpu_force((cpu_path_t)path);
        run_jobs(port[path], NWIKI);
    }
    cpu_force(best);
    for (int t = 0; t < NWIKI; t++) {
        bool ok = fast[2 * t].ok && fast[2 * t + 1].ok;
        for (int path = 0; path < slower; path++)
            ok = ok && port[path][t].ok;
        printf("%-12s %s: %ld full, %ld layout-only, %ld levels on each of %d slower paths\n",
               level_type_name((level_type_t)t), ok ? "equal" : "DIFFER", full, layout, portable,
               slower);
    }
    printf("%.1f s (%.1f s of CPU)\n", omp_get_wtime() - w0,
           (double)(clock() - c0) / CLOCKS_PER_SEC);
    return test_summary("reference");
}

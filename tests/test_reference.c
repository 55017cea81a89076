/* test_reference.c - the fast generator equals the plain reference, byte for byte.
 *
 * src/gen/ref/ states plainly (no intrinsics, no bit tricks) every step of
 * both rulesets whose fast form differs from the rule: the ref_ files the
 * wiki-0.9.9.3 levels, the gref_ files the game-0.9.9.7 levels, with the
 * same random draws in the same order; where the fast code is the plain
 * rule already it calls that (docs/design.md, the reference generator, says
 * which, and what is therefore compared with itself).  This test makes levels both ways (gen_params_t.reference)
 * and compares everything a level holds: the map (padding included), the
 * room list, start, keep-out box, stairs, monsters (vault guards
 * included), items, special rooms and the whole observation record (the
 * game's glay_ and gp_ fields included).  It stops at the first differing
 * level of each sample and says which (ruleset, seed, index, type, dlevel,
 * difficulty) and what differed.  For each ruleset:
 *
 *   1. full levels: 10^5 per type (wiki: all 8; game: all 11), cycling
 *      through dlevels and difficulties that cover every band of the
 *      ruleset's tables (fluid bands, river fluids, budget rules, item
 *      rules, cave and single-monster rows; the game's barrel rows, cave
 *      monster sets, single extras, events and arena schemes);
 *   2. layout-only levels (the doors of the layout itself, caves without
 *      their river), rivers on and off: 10^4 per type;
 *   3. full levels on each CPU path (cpu.h) slower than the best, forced
 *      (plain C, SSE2, ...): 2*10^4 per type and path;
 *   4. full levels of drawn types (the type stream and the ruleset's type
 *      bands): 2*10^4;
 *   5. the skipped draws of a search that finds no cell (gskip.h) against
 *      the same draws made one by one, on every CPU path: ranges from 1 to
 *      2^31 + 1, so that rounds with a rejection's extra draw, rounds only
 *      flagged as maybe having one, and clean rounds all occur.
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
#include "game/gskip.h"
#include "ref/ref.h"
#include "layouts/layouts.h"
#include "layouts/walled.h"
#include "level.h"
#include "poptable.h"
#include "rooms.h"
#include "ruleset.h"
#include "tables.h"
#include "testutil.h"
#include "water.h"

/* (dlevel, difficulty) pairs the wiki levels cycle through: every fluid
 * band (<6, 6..10, 11..15, >15), river fluids, budget rules, item counts
 * and the cave and single-monster rows, up to the hard ones (dlevel > 50
 * on UV/N!). */
static const int WIKI_CONFIG[][2] = {
    {1, DIFF_ITYTD}, {3, DIFF_HNTR}, {5, DIFF_HMP},  {6, DIFF_UV},   {8, DIFF_NIGHTMARE},
    {11, DIFF_HMP},  {13, DIFF_UV},  {16, DIFF_HNTR}, {20, DIFF_NIGHTMARE}, {27, DIFF_HMP},
    {35, DIFF_UV},   {55, DIFF_NIGHTMARE},
};

/* The game levels' pairs (docs/rules.md part G): the fluid bands (<7,
 * 7..11, 12..16, >16) and the caves' (<7, 7..11, >11) with each
 * difficulty; river fluids (dl + d(2D+6) below 17, below 27, above); every
 * type band (1-2, 3, 4-7, 8, 9-11, 12-15, 16-20, 21-24, 25-49, 50+), for
 * the drawn-types sample; every budget rule and dmod (D = 1..5, ITYTD to
 * N!); barrel rows (dl + d5 up to 6, 7-13, 14-18, above); the arena's
 * schemes (1-2 at 8, 2-4 at 13-16, 3-7 from 25); cave monster sets up to
 * mlevel dl + 3(D-2) = 72 (the sets from 60 and 70 at D >= 3); single
 * rows up to arch-viles and their extras (D > 3, dlevel > 60); events
 * from dlevel 4 (all of their dlevel and difficulty minimums). */
static const int GAME_CONFIG[][2] = {
    {1, DIFF_ITYTD},      {2, DIFF_NIGHTMARE}, {3, DIFF_HNTR},  {5, DIFF_NIGHTMARE},
    {6, DIFF_HMP},        {7, DIFF_UV},        {8, DIFF_HNTR},  {9, DIFF_ITYTD},
    {11, DIFF_NIGHTMARE}, {12, DIFF_HMP},      {14, DIFF_UV},   {16, DIFF_ITYTD},
    {17, DIFF_HNTR},      {19, DIFF_NIGHTMARE}, {22, DIFF_HMP}, {25, DIFF_UV},
    {30, DIFF_HNTR},      {38, DIFF_NIGHTMARE}, {45, DIFF_HMP}, {50, DIFF_UV},
    {55, DIFF_ITYTD},     {60, DIFF_NIGHTMARE}, {61, DIFF_HMP}, {63, DIFF_NIGHTMARE},
};

/* One ruleset's tables, the types it makes and its pairs. */
typedef struct ruleset_run {
    const char *name; /* tables_load's name */
    const tables_t *tables;
    int ntypes;
    const int (*config)[2];
    int nconfig;
} ruleset_run_t;

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
    OBS_FIELD(fluid_cells),    OBS_FIELD(river_x),        OBS_FIELD(river_drift),
    OBS_FIELD(fluid_length2),  OBS_FIELD(river_width),    OBS_FIELD(rooms),
    OBS_FIELD(rooms_ge4),      OBS_FIELD(rooms_small),    OBS_FIELD(doors),
    OBS_FIELD(layout_variant), OBS_FIELD(walls),          OBS_FIELD(wall_at),
    OBS_FIELD(wall_horizontal), OBS_FIELD(sections),      OBS_FIELD(section_pick),
    OBS_FIELD(frame_doors),    OBS_FIELD(buildings_by_doors), OBS_FIELD(building_corner_doors),
    OBS_FIELD(first_door_side), OBS_FIELD(first_door_at), OBS_FIELD(divider_x),
    OBS_FIELD(wh_box),         OBS_FIELD(wh_tries),       OBS_FIELD(wh_walls),
    OBS_FIELD(wh_door_y),      OBS_FIELD(door_tries),     OBS_FIELD(city_tries),
    OBS_FIELD(cave_first),     OBS_FIELD(cave_early_walks), OBS_FIELD(cave_late_walks),
    OBS_FIELD(maze_first_x),   OBS_FIELD(maze_first_y),   OBS_FIELD(maze_tries),
    OBS_FIELD(section_walls),  OBS_FIELD(building_river), OBS_FIELD(foreign_monsters), OBS_FIELD(game.arena_quad), OBS_FIELD(game.arena_scheme),
    OBS_FIELD(game.buildings), OBS_FIELD(game.lava_refill), OBS_FIELD(game.lake_fluid),
    OBS_FIELD(game.blobs),     OBS_FIELD(game.river_at),  OBS_FIELD(special_made),
    OBS_FIELD(special_rolled), OBS_FIELD(special_placed), OBS_FIELD(special_skipped),
    OBS_FIELD(budget),         OBS_FIELD(danger_placed),  OBS_FIELD(monsters),
    OBS_FIELD(monsters_by_kind), OBS_FIELD(hunting),      OBS_FIELD(items),
    OBS_FIELD(first_monster),  OBS_FIELD(game.made),        OBS_FIELD(game.barrel_count),
    OBS_FIELD(game.barrels),     OBS_FIELD(game.barrels_by_kind), OBS_FIELD(game.setup_failed),
    OBS_FIELD(game.groups),      OBS_FIELD(game.members_lost), OBS_FIELD(game.off_spawn),
    OBS_FIELD(game.cave_set),    OBS_FIELD(game.single_split), OBS_FIELD(game.event_eligible),
    OBS_FIELD(game.event_roll),  OBS_FIELD(game.event),       OBS_FIELD(game.stairs_lost),
    OBS_FIELD(game.guards),      OBS_FIELD(roll),
    OBS_FIELD(failure),        OBS_FIELD(retries),
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
            return DIFFER("monster %d: fast kind %d at (%d,%d) hunting %d, reference kind %d "
                          "at (%d,%d) hunting %d",
                          i, f->monster[i].kind, f->monster[i].x, f->monster[i].y,
                          f->monster[i].hunting, r->monster[i].kind, r->monster[i].x,
                          r->monster[i].y, r->monster[i].hunting);
    if (!same_points("item", f->item, f->nitems, r->item, r->nitems, out, len))
        return false;
    if (memcmp(&f->obs, &r->obs, sizeof f->obs) != 0) {
        describe_obs(&f->obs, &r->obs, out, len);
        return false;
    }
    if (f->dlevel != r->dlevel || f->difficulty != r->difficulty || f->seed != r->seed ||
        f->index != r->index)
        return DIFFER("dlevel, difficulty, seed or index");
    /* the observer's layout geometry on the fast level against the
     * reference's cell-by-cell count on its own */
    seen_t fs, rs;
    observer_look(f, &fs);
    ref_layout_seen(r, &rs);
    if (fs.stray_walls != rs.stray_walls || fs.centre_walls != rs.centre_walls ||
        fs.line_gaps != rs.line_gaps || fs.wh_blocks != rs.wh_blocks)
        return DIFFER("observer's layout geometry: stray walls %d, centre %d, line gaps %d, "
                      "blocks %d; reference %d, %d, %d, %d",
                      fs.stray_walls, fs.centre_walls, fs.line_gaps, fs.wh_blocks, rs.stray_walls,
                      rs.centre_walls, rs.line_gaps, rs.wh_blocks);
    return true;
}

/* One sample: n levels of one type (or of drawn types) of one ruleset
 * from one seed, compared both ways. */
typedef struct job {
    const ruleset_run_t *rs;
    const char *sample;
    int type; /* a level_type_t, or -1: drawn as the ruleset draws it */
    uint64_t seed;
    long n;
    bool layout_only, no_rivers_half; /* rivers off on odd indices */
    bool ok;
    double seconds; /* the job's own wall time */
    char what[480]; /* the first difference */
} job_t;

static const char *type_name(int type)
{
    return type < 0 ? "drawn types" : level_type_name((level_type_t)type);
}

static void run_job(job_t *j)
{
    const double t0 = omp_get_wtime();
    level_t *f = malloc(sizeof *f), *r = malloc(sizeof *r);
    if (!f || !r) {
        snprintf(j->what, sizeof j->what, "out of memory");
        j->ok = false;
        free(f);
        free(r);
        return;
    }
    gen_params_t p;
    gen_params_default(&p, j->rs->tables);
    p.type = j->type;
    p.layout_only = j->layout_only;
    j->ok = true;
    for (long i = 0; i < j->n && j->ok; i++) {
        p.dlevel = j->rs->config[i % j->rs->nconfig][0];
        p.difficulty = j->rs->config[i % j->rs->nconfig][1];
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
                     "%s %s: %s differs at seed %llu index %ld (type %s, dlevel %d, "
                     "difficulty %d%s): %s",
                     j->rs->name, j->sample, type_name(j->type), (unsigned long long)j->seed,
                     i, level_type_name(f->type), p.dlevel, p.difficulty,
                     p.rivers ? "" : ", no rivers", what);
            j->ok = false;
        }
    }
    free(f);
    free(r);
    j->seconds = omp_get_wtime() - t0;
}

/* The jobs on all threads (each job's levels in order, so the first
 * difference reported is the first of its sample). */
static void run_jobs(job_t *jobs, int n)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < n; i++)
        run_job(&jobs[i]);
    for (int i = 0; i < n; i++) {
        if (jobs[i].ok)
            CHECK(true, "%s %s %s", jobs[i].rs->name, jobs[i].sample, type_name(jobs[i].type));
        else
            CHECK(false, "%s", jobs[i].what);
    }
}

/* Part 5: gskip_cells against gskip_cells_plain, from random states, for
 * stretches of Part G's length (1242) and a short one, each CPU path.  The
 * ranges: the map's and a vault's (a draw flagged less than once in 10^7),
 * ranges near 2^32 / 5000 (about one round in two with an output flagged,
 * some with a real rejection: the rounds made one by one again), and
 * 2^31 + 1 (every round flagged). */
static void skip_paths(void)
{
    static gskip_t tables[2];
    const int qs[2] = {1242, 7};
    for (int i = 0; i < 2; i++)
        gskip_make(&tables[i], qs[i]);
    const uint32_t ranges[][2] = {{78, 20}, {3, 1},        {1, 1},         {65536, 7},
                                  {858993, 20}, {78, 1000003}, {0x80000001u, 5}};
    const int nranges = (int)(sizeof ranges / sizeof ranges[0]);
    const cpu_path_t best = cpu_best();
    for (int path = CPU_PLAIN; path <= (int)best; path++) {
        cpu_force((cpu_path_t)path);
        int differ = 0, cases = 0;
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < nranges; k++)
                for (int seed = 0; seed < 40; seed++) {
                    rng_t a, b;
                    rng_stream(&a, 0x5c1b0000u + (uint64_t)seed, (uint64_t)k, RNG_POPULATE);
                    b = a;
                    const int n = seed % 4 == 0 ? 9969 : seed % 4 == 1 ? 4968 : 4 * qs[t] + seed;
                    gskip_cells(&a, ranges[k][0], ranges[k][1], n, &tables[t]);
                    gskip_cells_plain(&b, ranges[k][0], ranges[k][1], n);
                    differ += memcmp(&a, &b, sizeof a) != 0;
                    cases++;
                }
        CHECK(differ == 0, "skipped draws, %s path: %d of %d differ", cpu_path_name((cpu_path_t)path),
              differ, cases);
    }
    cpu_force(best);
}

#define NRULESETS 3
#define MAX_JOBS (NRULESETS * (2 * LT__COUNT + 1))

int main(void)
{
    ruleset_run_t runs[NRULESETS] = {
        {RULESET_WIKI, test_tables(RULESET_WIKI), LT_SINGLE + 1, WIKI_CONFIG,
         (int)(sizeof WIKI_CONFIG / sizeof WIKI_CONFIG[0])},
        {RULESET_GAME, test_tables(RULESET_GAME), LT__COUNT, GAME_CONFIG,
         (int)(sizeof GAME_CONFIG / sizeof GAME_CONFIG[0])},
        /* game-0.10.10b: the same pairs reach its mud (below 7), blood caves
         * (21-23 on HMP+), deep fluids and lava of acid or blood (past 30) */
        {RULESET_GAME10, test_tables(RULESET_GAME10), LT__COUNT, GAME_CONFIG,
         (int)(sizeof GAME_CONFIG / sizeof GAME_CONFIG[0])},
    };
    for (int k = 0; k < NRULESETS; k++)
        if (!runs[k].tables)
            return 1;
    skip_paths();
    printf("reference parts: wiki-0.9.9.3: layouts of all 8 types, room scan, rivers, fluid\n"
           "passes and walks, special rooms' kinds and rooms, start and stairs, free-cell lists,\n"
           "monster picks, items, observation (fluid and door counts, reachability, city and\n"
           "single census); game-0.9.9.7: its pipeline, caves, the vertical river,\n"
           "restore_walls, barrels, special rooms and their setups, monsters, groups, cave sets,\n"
           "single and single-plus, items, stairs, player, event, hunting, and the wiki layouts\n"
           "it shares; game-0.10.10b: game-0.9.9.7's parts with its own caves digging, the\n"
           "wiki layouts and its tiled layout (door scan, room filter) drawn by the reference,\n"
           "calling its other new steps, which are plain code (rivers and bridges, fluid\n"
           "picks, caves' fluid and river, caves-2, lava); the fast code's own (plain already, compared with itself): the rule\n"
           "tables and their lookups, the game's dice, caves-2, lava and arena, fluid pass,\n"
           "horizontal river and population formulas, the wiki arena's picture and stairs,\n"
           "special-room features, room counts and the other layouts' census\n");
    const long full = test_scaled(100000), layout = test_scaled(10000),
               drawn = test_scaled(20000), portable = test_scaled(20000);
    const double w0 = omp_get_wtime();
    const clock_t c0 = clock();
    static job_t fast[MAX_JOBS], port[CPU__COUNT][NRULESETS * LT__COUNT];
    int nfast = 0, nport = 0;
    const cpu_path_t best = cpu_best();
    for (int k = 0; k < NRULESETS; k++) {
        const uint64_t base = k == 0 ? 0x5eed0000u : k == 1 ? 0x6a3e0000u : 0x7a3e0000u;
        for (int t = 0; t < runs[k].ntypes; t++) {
            const uint64_t seed = base + (uint64_t)t;
            fast[nfast++] = (job_t){&runs[k], "full levels", t, seed, full, false, false,
                                    true, 0, ""};
            fast[nfast++] = (job_t){&runs[k], "layout only", t, seed + 100, layout, true, true,
                                    true, 0, ""};
            for (int path = CPU_PLAIN; path < CPU__COUNT; path++)
                port[path][nport] = (job_t){&runs[k], cpu_path_name((cpu_path_t)path), t,
                                            seed + 200 + 100 * (uint64_t)path, portable, false,
                                            false, true, 0, ""};
            nport++;
        }
        fast[nfast++] = (job_t){&runs[k], "drawn types", -1, base + 99, drawn, false, false,
                                true, 0, ""};
    }
    run_jobs(fast, nfast);
    /* process-wide: only between the parallel runs */
    int slower = 0; /* the paths below the best */
    for (int path = CPU_PLAIN; path < (int)best; path++, slower++) {
        cpu_force((cpu_path_t)path);
        run_jobs(port[path], nport);
    }
    cpu_force(best);
    for (int k = 0, f = 0, q = 0; k < NRULESETS; k++) {
        double seconds = 0;
        printf("%s:\n", runs[k].name);
        for (int t = 0; t < runs[k].ntypes; t++, f += 2, q++) {
            bool ok = fast[f].ok && fast[f + 1].ok;
            seconds += fast[f].seconds + fast[f + 1].seconds;
            for (int path = 0; path < slower; path++) {
                ok = ok && port[path][q].ok;
                seconds += port[path][q].seconds;
            }
            printf("  %-12s %s: %ld full, %ld layout-only, %ld levels on each of %d slower "
                   "paths\n",
                   level_type_name((level_type_t)t), ok ? "equal" : "DIFFER", full, layout,
                   portable, slower);
        }
        seconds += fast[f].seconds;
        printf("  %-12s %s: %ld full levels\n", "drawn types", fast[f].ok ? "equal" : "DIFFER",
               drawn);
        printf("  %.1f s of thread time\n", seconds);
        f++;
    }
    printf("%.1f s (%.1f s of CPU)\n", omp_get_wtime() - w0,
           (double)(clock() - c0) / CLOCKS_PER_SEC);
    return test_summary("reference");
}

/* tally.c - the histogram schema and the per-stratum counting of tally.h.
 *
 * Each schema row names an observation and how a level feeds it.  Rows that
 * concern a subset of levels (river fluid: only levels with a river) simply
 * add nothing for the others, so a histogram's total is the number of
 * relevant observations, which is what the statistics need.
 */
#include "tally.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_SINGLE_OUTCOMES 16

/* ---- bin labels ---- */
static const char *const LBL_NO_YES[] = {"no", "yes"};
/* Spelled as level_type_name() spells them (test_expect checks it). */
static const char *const LBL_TYPE[LT__COUNT] = {"normal", "small-rooms", "warehouse", "city",
                                                "caves",  "arena",       "maze",      "single"};
static const char *const LBL_ORIENT[] = {"none", "horizontal", "vertical"};
static const char *const LBL_FLUID[] = {"water", "acid", "lava"};
static const char *const LBL_RIVER_FLUIDS[] = {"neither", "river", "fluids", "both"};
static const char *const LBL_BRIDGE_ORIENT[] = {"horizontal-no", "horizontal-yes", "vertical-no",
                                                "vertical-yes"};
/* A vertical river's net drift over its 20 rows, -20..20 (19 drift draws
 * reach at most 19 either way). */
#define DRIFT_MAX 20
static const char *const LBL_DRIFT[2 * DRIFT_MAX + 1] = {
    "-20", "-19", "-18", "-17", "-16", "-15", "-14", "-13", "-12", "-11", "-10", "-9", "-8", "-7",
    "-6",  "-5",  "-4",  "-3",  "-2",  "-1",  "0",   "1",   "2",   "3",   "4",   "5",  "6",  "7",
    "8",   "9",   "10",  "11",  "12",  "13",  "14",  "15",  "16",  "17",  "18",  "19", "20"};
static const char *const LBL_SPECIAL[SPECIAL__COUNT] = {"warehouse", "fluid",  "ammo",
                                                        "teleporter", "lever", "vault"};
static const char *const LBL_ARENA[] = {"5x5", "7x5", "7x7", "9x7"};
static const char *const LBL_AMMO[] = {"10mm", "shells", "rockets", "cells"};
static const char *const LBL_FAIL[FAIL__COUNT] = {"none", "no_floor", "too_many"};
/* Bins named by the data files (tally_name_bins): monster ids of
 * data/monsters.json, outcome rows of data/population.json.  A bin with no
 * name (the data has fewer rows, or was not loaded) goes by its number. */
static const char *LBL_MONSTER[MONSTER_KINDS_MAX];
static const char *LBL_CAVE_OUTCOME[MONSTER_KINDS_MAX];
static const char *LBL_SINGLE_OUTCOME[N_SINGLE_OUTCOMES];

static inline void bump(uint64_t *bins, int nbins, int v)
{
    if (v < 0)
        return;
    /* min(v, nbins - 1) by arithmetic: the compiler made it a branch, which
     * a level's varying values (rooms, doors) mispredict */
    const int d = v - (nbins - 1);
    bins[nbins - 1 + (d & (d >> 31))]++;
}

static inline int fluid_bin(int cell)
{
    switch (cell) {
    case CELL_WATER: return 0;
    case CELL_ACID: return 1;
    case CELL_LAVA: return 2;
    default: return -1;
    }
}

/* ---- feeders: one per histogram ---- */
#define N_ROOMS (LEVEL_MAX_ROOMS + 1)
#define N_DOORS 256
#define N_WIDTH (GRID_W + 1)
#define N_HEIGHT (GRID_H + 1)
#define N_AREA (GRID_W * GRID_H + 1)
#define N_ITEMS (LEVEL_MAX_ITEMS + 1)

static void add_levels(const level_t *lv, uint64_t *b) { (void)lv; b[0]++; }
static void add_type(const level_t *lv, uint64_t *b) { b[lv->type]++; }
static void add_river(const level_t *lv, uint64_t *b) { b[lv->obs.river ? 1 : 0]++; }
static void add_river_orient(const level_t *lv, uint64_t *b) { bump(b, 3, lv->obs.river_orient); }
static void add_river_count(const level_t *lv, uint64_t *b) { bump(b, 4, lv->obs.river_count); }
static void add_river_fluid(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river)
        bump(b, 3, fluid_bin(lv->obs.river_fluid));
}
static void add_river_bridge(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river)
        b[lv->obs.river_bridge ? 1 : 0]++;
}
static void add_fluid_passes(const level_t *lv, uint64_t *b) { bump(b, 8, lv->obs.fluid_passes); }
static void add_fluid_kind(const level_t *lv, uint64_t *b)
{
    if (lv->obs.fluid_passes)
        bump(b, 3, fluid_bin(lv->obs.fluid_kind));
}
static void add_fluid_walks(const level_t *lv, uint64_t *b)
{
    if (lv->obs.fluid_passes)
        bump(b, 16, lv->obs.fluid_walks);
}
static void add_fluid_present(const level_t *lv, uint64_t *b)
{
    const uint16_t *f = lv->obs.fluid_cells;
    b[(f[0] + f[1] + f[2]) > 0 ? 1 : 0]++;
}
#define N_LENGTH 128
#define N_RIVER_X (GRID_W + 2)
static void add_fluid_length(const level_t *lv, uint64_t *b)
{
    if (lv->obs.fluid_passes)
        bump(b, N_LENGTH, lv->obs.fluid_length);
}
static void add_fluid_length2(const level_t *lv, uint64_t *b)
{
    if (lv->obs.fluid_passes >= 2)
        bump(b, N_LENGTH, lv->obs.fluid_length2);
}
static void add_river_fluids(const level_t *lv, uint64_t *b)
{
    b[(lv->obs.river ? 1 : 0) + (lv->obs.fluid_passes ? 2 : 0)]++;
}
static void add_river_bridge_orient(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river)
        b[(lv->obs.river_orient == RIVER_VERTICAL ? 2 : 0) + (lv->obs.river_bridge ? 1 : 0)]++;
}
/* Levels whose river is one vertical river (the caves' too). */
static inline bool one_vertical(const obs_t *o)
{
    return o->river && o->river_orient == RIVER_VERTICAL && o->river_count == 1;
}
static void add_river_x_one(const level_t *lv, uint64_t *b)
{
    if (one_vertical(&lv->obs))
        bump(b, N_RIVER_X, lv->obs.river_x[0]);
}
static void add_river_x_two(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river && lv->obs.river_count == 2)
        for (int i = 0; i < 2; i++)
            bump(b, N_RIVER_X, lv->obs.river_x[i]);
}
static void add_river_x_three(const level_t *lv, uint64_t *b)
{
    if (lv->obs.river && lv->obs.river_count == 3)
        for (int i = 0; i < 3; i++)
            bump(b, N_RIVER_X, lv->obs.river_x[i]);
}
static void add_river_drift(const level_t *lv, uint64_t *b)
{
    if (one_vertical(&lv->obs))
        bump(b, 2 * DRIFT_MAX + 1, lv->obs.river_drift + DRIFT_MAX);
}
static void add_rooms(const level_t *lv, uint64_t *b) { bump(b, N_ROOMS, lv->obs.rooms); }
static void add_rooms_ge4(const level_t *lv, uint64_t *b) { bump(b, N_ROOMS, lv->obs.rooms_ge4); }
static void add_rooms_small(const level_t *lv, uint64_t *b) { bump(b, N_ROOMS, lv->obs.rooms_small); }
static void add_doors(const level_t *lv, uint64_t *b) { bump(b, N_DOORS, lv->obs.doors); }
static void add_room_width(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < lv->nrooms; i++)
        bump(b, N_WIDTH, lv->rooms[i].w);
}
static void add_room_height(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < lv->nrooms; i++)
        bump(b, N_HEIGHT, lv->rooms[i].h);
}
static void add_room_area(const level_t *lv, uint64_t *b)
{
    for (int i = 0; i < lv->nrooms; i++)
        bump(b, N_AREA, lv->rooms[i].w * lv->rooms[i].h);
}
static void add_variant(const level_t *lv, uint64_t *b) { bump(b, 16, lv->obs.layout_variant); }
static void add_special_rolled(const level_t *lv, uint64_t *b)
{
    if (lv->obs.special_made)
        bump(b, 8, lv->obs.special_rolled);
}
static void add_special_placed(const level_t *lv, uint64_t *b)
{
    for (int k = 0; k < SPECIAL__COUNT; k++)
        b[k] += lv->obs.special_placed[k];
}
static void add_special_skipped(const level_t *lv, uint64_t *b)
{
    for (int k = 0; k < SPECIAL__COUNT; k++)
        b[k] += lv->obs.special_skipped[k];
}
static void add_special_drawn(const level_t *lv, uint64_t *b)
{
    for (int k = 0; k < SPECIAL__COUNT; k++)
        b[k] += (uint64_t)lv->obs.special_placed[k] + lv->obs.special_skipped[k];
}
static void add_monsters_by_kind(const level_t *lv, uint64_t *b)
{
    if (!lv->obs.monsters) /* layout-only levels: all zero */
        return;
    for (int k = 0; k < MONSTER_KINDS_MAX; k++)
        b[k] += lv->obs.monsters_by_kind[k];
}
static void add_hunting(const level_t *lv, uint64_t *b)
{
    b[1] += lv->obs.hunting;
    b[0] += (uint64_t)(lv->obs.monsters - lv->obs.hunting);
}
static void add_items(const level_t *lv, uint64_t *b) { bump(b, N_ITEMS, lv->obs.items); }
static void add_first_monster(const level_t *lv, uint64_t *b)
{
    bump(b, MONSTER_KINDS_MAX, lv->obs.first_monster);
}
static void add_cave_roll(const level_t *lv, uint64_t *b) { bump(b, 256, lv->obs.roll.cave); }
static void add_cave_outcome(const level_t *lv, uint64_t *b)
{
    bump(b, MONSTER_KINDS_MAX, lv->obs.roll.cave_outcome);
}
static void add_single_roll(const level_t *lv, uint64_t *b) { bump(b, 32, lv->obs.roll.single); }
static void add_single_outcome(const level_t *lv, uint64_t *b)
{
    bump(b, N_SINGLE_OUTCOMES, lv->obs.roll.single_outcome);
}
static void add_arena_roll(const level_t *lv, uint64_t *b) { bump(b, 64, lv->obs.roll.arena); }
static void add_arena_layout(const level_t *lv, uint64_t *b) { bump(b, 4, lv->obs.roll.arena_layout); }
static void add_fluid_room_roll(const level_t *lv, uint64_t *b) { bump(b, 64, lv->obs.roll.fluid_room); }
static void add_fluid_room_kind(const level_t *lv, uint64_t *b)
{
    bump(b, 3, fluid_bin(lv->obs.roll.fluid_room_kind));
}
static void add_ammo_roll(const level_t *lv, uint64_t *b) { bump(b, 128, lv->obs.roll.ammo); }
static void add_ammo_kind(const level_t *lv, uint64_t *b) { bump(b, 4, lv->obs.roll.ammo_kind); }
static void add_ammo_stacks(const level_t *lv, uint64_t *b) { bump(b, 8, lv->obs.roll.ammo_stacks); }
static void add_unreachable_any(const level_t *lv, uint64_t *b) { b[lv->obs.unreachable ? 1 : 0]++; }
static void add_failure(const level_t *lv, uint64_t *b) { bump(b, FAIL__COUNT, lv->obs.failure); }

static int64_t val_budget(const level_t *lv) { return lv->obs.budget; }
static int64_t val_danger(const level_t *lv) { return lv->obs.danger_placed; }
static int64_t val_monsters(const level_t *lv) { return lv->obs.monsters; }
static int64_t val_fluid_cells(const level_t *lv)
{
    return (int64_t)lv->obs.fluid_cells[0] + lv->obs.fluid_cells[1] + lv->obs.fluid_cells[2];
}
static int64_t val_unreachable(const level_t *lv) { return lv->obs.unreachable; }
static int64_t val_retries(const level_t *lv) { return lv->obs.retries; }

/* The schema, one row per histogram in report order: C rows are counts fed
 * by add_<id>, R rows counts fed per room by add_<id> (tally_add feeds the
 * three in one loop), M rows moments of val_<id>.  Expanded into the table,
 * the slot offsets and tally_add, so all three follow one list. */
#define TALLY_ROWS(C, R, M) \
    C(levels, "levels", 1, NULL, "levels generated") \
    C(type, "type", LT__COUNT, LBL_TYPE, "levels by level type (for type shares)") \
    C(river, "river", 2, LBL_NO_YES, "levels with a river") \
    C(river_orient, "river_orientation", 3, LBL_ORIENT, "river orientation per level") \
    C(river_count, "river_count", 4, NULL, "rivers per level") \
    C(river_fluid, "river_fluid", 3, LBL_FLUID, "fluid of the river, levels with a river") \
    C(river_bridge, "river_bridge", 2, LBL_NO_YES, "river has a bridge, levels with a river") \
    C(fluid_passes, "fluid_passes", 8, NULL, "fluid passes run per level") \
    C(fluid_kind, "fluid_kind", 3, LBL_FLUID, "fluid of the fluid pass, levels with a pass") \
    C(fluid_walks, "fluid_walks", 16, NULL, "walks of the first fluid pass, levels with a pass") \
    C(fluid_present, "fluid_present", 2, LBL_NO_YES, "any water, acid or lava on the final map") \
    C(fluid_length, "fluid_length", N_LENGTH, NULL, "steps per walk of the first fluid pass, levels with a pass") \
    C(fluid_length2, "fluid_length_second", N_LENGTH, NULL, "steps per walk of the second fluid pass, levels with two or more") \
    C(river_fluids, "river_and_fluids", 4, LBL_RIVER_FLUIDS, "river drawn, fluid pass run, neither or both, per level") \
    C(river_bridge_orient, "river_bridge_by_orientation", 4, LBL_BRIDGE_ORIENT, "bridge by river orientation, levels with a river") \
    C(river_x_one, "river_x_one", N_RIVER_X, NULL, "x of a level's one vertical river before drift (first column x+1)") \
    C(river_x_two, "river_x_two", N_RIVER_X, NULL, "x of both rivers of a two-river level, before drift") \
    C(river_x_three, "river_x_three", N_RIVER_X, NULL, "x of the three rivers of a three-river level, before drift") \
    C(river_drift, "river_drift", 2 * DRIFT_MAX + 1, LBL_DRIFT, "one vertical river: x at row 20 minus x at row 1") \
    C(rooms, "rooms", N_ROOMS, NULL, "entries of the room list per level") \
    C(rooms_ge4, "rooms_ge4", N_ROOMS, NULL, "rooms with both sides >= 4 per level") \
    C(rooms_small, "rooms_small", N_ROOMS, NULL, "2x2 dead-end entries per level") \
    C(doors, "doors", N_DOORS, NULL, "door cells per level") \
    R(room_width, "room_width", N_WIDTH, NULL, "room widths, walls included, per room") \
    R(room_height, "room_height", N_HEIGHT, NULL, "room heights, walls included, per room") \
    R(room_area, "room_area", N_AREA, NULL, "room areas, walls included, per room") \
    C(variant, "layout_variant", 16, NULL, "warehouse rooms, maze style, arena centre") \
    C(special_rolled, "special_rolled", 8, NULL, "special rooms rolled (7d2-7), types with special rooms") \
    C(special_drawn, "special_drawn", SPECIAL__COUNT, LBL_SPECIAL, "special room kinds drawn, placed or skipped") \
    C(special_placed, "special_placed", SPECIAL__COUNT, LBL_SPECIAL, "special rooms placed by kind") \
    C(special_skipped, "special_skipped", SPECIAL__COUNT, LBL_SPECIAL, "special rooms skipped (no room fits) by kind") \
    C(monsters_by_kind, "monsters_by_kind", MONSTER_KINDS_MAX, LBL_MONSTER, "monsters placed by kind") \
    C(hunting, "hunting", 2, LBL_NO_YES, "monsters by hunting state") \
    C(items, "items", N_ITEMS, NULL, "items per level") \
    C(first_monster, "first_monster", MONSTER_KINDS_MAX, LBL_MONSTER, "kind of the first monster, levels with monsters") \
    C(cave_roll, "cave_roll", 256, NULL, "cave monster roll d5+dlevel+3(D-2)-3") \
    C(cave_outcome, "cave_outcome", MONSTER_KINDS_MAX, LBL_CAVE_OUTCOME, "cave monster outcome row") \
    C(single_roll, "single_roll", 32, NULL, "single monster roll d10+min(dlevel+3(D-2)-4,20)") \
    C(single_outcome, "single_outcome", N_SINGLE_OUTCOMES, LBL_SINGLE_OUTCOME, "single monster outcome row") \
    C(arena_roll, "arena_roll", 64, NULL, "arena centre roll d25+min(dlevel,25)") \
    C(arena_layout, "arena_layout", 4, LBL_ARENA, "arena centre layout") \
    C(fluid_room_roll, "fluid_room_roll", 64, NULL, "fluid room roll d10+dlevel/5") \
    C(fluid_room_kind, "fluid_room_kind", 3, LBL_FLUID, "fluid room fluid") \
    C(ammo_roll, "ammo_roll", 128, NULL, "ammo room roll d3+dlevel") \
    C(ammo_kind, "ammo_kind", 4, LBL_AMMO, "ammo room kind") \
    C(ammo_stacks, "ammo_stacks", 8, NULL, "ammo room stacks d3+2") \
    C(unreachable_any, "unreachable_any", 2, LBL_NO_YES, "levels with passable cells unreachable from the start") \
    C(failure, "failure", FAIL__COUNT, LBL_FAIL, "generation failures by reason") \
    M(budget, "budget", "danger budget after the type modifier") \
    M(danger, "danger_placed", "danger of the monsters placed") \
    M(monsters, "monsters", "monsters per level") \
    M(fluid_cells, "fluid_cells", "water, acid and lava cells per level") \
    M(unreachable, "unreachable", "passable cells unreachable from the start") \
    M(retries, "retries", "generation retries per level")

#define ROW_COUNTS(id, n, nb, lbl, doc) {n, HIST_COUNTS, nb, lbl, doc, add_##id, NULL},
#define ROW_MOMENTS(id, n, doc) {n, HIST_MOMENTS, MOM__COUNT, NULL, doc, NULL, val_##id},
const hist_def_t TALLY_HISTS[] = {TALLY_ROWS(ROW_COUNTS, ROW_COUNTS, ROW_MOMENTS)};
#undef ROW_COUNTS
#undef ROW_MOMENTS
const int TALLY_NHISTS = (int)(sizeof TALLY_HISTS / sizeof TALLY_HISTS[0]);

/* Offsets of each histogram's slots within a stratum (computed once). */
static size_t hist_offset[sizeof TALLY_HISTS / sizeof TALLY_HISTS[0] + 1];
static bool offsets_ready = false;

static void init_offsets(void)
{
    if (offsets_ready)
        return;
    size_t off = 0;
    for (int h = 0; h < TALLY_NHISTS; h++) {
        hist_offset[h] = off;
        off += (size_t)tally_hist_slots(h);
    }
    hist_offset[TALLY_NHISTS] = off;
    offsets_ready = true;
}

int tally_hist_index(const char *name)
{
    for (int h = 0; h < TALLY_NHISTS; h++)
        if (strcmp(TALLY_HISTS[h].name, name) == 0)
            return h;
    return -1;
}

int tally_hist_slots(int h)
{
    assert(h >= 0 && h < TALLY_NHISTS);
    return TALLY_HISTS[h].kind == HIST_MOMENTS ? MOM__COUNT : TALLY_HISTS[h].nbins;
}

const char *tally_bin_label(int h, int b, char *buf, size_t n)
{
    const hist_def_t *d = &TALLY_HISTS[h];
    if (d->labels && d->labels[b])
        return d->labels[b];
    snprintf(buf, n, "%d", b);
    return buf;
}

bool tally_bin_named(int h, int b)
{
    const hist_def_t *d = &TALLY_HISTS[h];
    return d->labels && d->labels[b];
}

bool tally_name_bins(const char *hist, const char *const *names, int n)
{
    const char **to = NULL;
    int nbins = 0;
    if (strcmp(hist, "monsters_by_kind") == 0) /* first_monster shares these names */
        to = LBL_MONSTER, nbins = MONSTER_KINDS_MAX;
    else if (strcmp(hist, "cave_outcome") == 0)
        to = LBL_CAVE_OUTCOME, nbins = MONSTER_KINDS_MAX;
    else if (strcmp(hist, "single_outcome") == 0)
        to = LBL_SINGLE_OUTCOME, nbins = N_SINGLE_OUTCOMES;
    if (!to || n < 0 || n > nbins)
        return false;
    for (int i = 0; i < n; i++) {
        /* all digits would read as an unnamed bin's number */
        if (!names[i] || !*names[i] || strspn(names[i], "0123456789") == strlen(names[i]))
            return false;
        for (int j = 0; j < i; j++)
            if (strcmp(names[i], names[j]) == 0)
                return false;
    }
    for (int b = 0; b < nbins; b++)
        to[b] = b < n ? names[b] : NULL;
    return true;
}

tally_t *tally_new(int dlevel_lo, int dlevel_hi, int difficulty)
{
    assert(dlevel_lo >= 1 && dlevel_lo <= dlevel_hi);
    /* Offsets are computed before any thread runs: tally_new is called by
     * the driver before its parallel region. */
    init_offsets();
    tally_t *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->dlevel_lo = dlevel_lo;
    t->dlevel_hi = dlevel_hi;
    t->difficulty = difficulty;
    t->stride = hist_offset[TALLY_NHISTS];
    size_t strata = (size_t)(dlevel_hi - dlevel_lo + 1) * LT__COUNT;
    t->slots = calloc(strata * t->stride, sizeof *t->slots);
    if (!t->slots) {
        free(t);
        return NULL;
    }
    tally_clear(t);
    return t;
}

void tally_free(tally_t *t)
{
    if (!t)
        return;
    free(t->slots);
    free(t);
}

void tally_clear(tally_t *t)
{
    size_t strata = (size_t)(t->dlevel_hi - t->dlevel_lo + 1) * LT__COUNT;
    memset(t->slots, 0, strata * t->stride * sizeof *t->slots);
    for (size_t s = 0; s < strata; s++)
        for (int h = 0; h < TALLY_NHISTS; h++)
            if (TALLY_HISTS[h].kind == HIST_MOMENTS)
                t->slots[s * t->stride + hist_offset[h] + MOM_MIN] = UINT64_MAX;
}

static uint64_t *stratum_slots(const tally_t *t, int dlevel, level_type_t type)
{
    assert(dlevel >= t->dlevel_lo && dlevel <= t->dlevel_hi && type < LT__COUNT);
    size_t s = (size_t)(dlevel - t->dlevel_lo) * LT__COUNT + type;
    return &t->slots[s * t->stride];
}

/* Each histogram's first slot in a stratum, as constants for tally_add:
 * OFF_<id> is one past the previous row's last slot. */
enum tally_offsets {
#define OFF_COUNTS(id, n, nb, lbl, doc) OFF_##id, OFF_LAST_##id = OFF_##id + (nb) - 1,
#define OFF_MOMENTS(id, n, doc) OFF_##id, OFF_LAST_##id = OFF_##id + MOM__COUNT - 1,
    TALLY_ROWS(OFF_COUNTS, OFF_COUNTS, OFF_MOMENTS) OFF__END
#undef OFF_COUNTS
#undef OFF_MOMENTS
};

static inline void add_moment(uint64_t *b, int64_t v)
{
    if (v < 0)
        return;
    uint64_t u = (uint64_t)v;
    b[MOM_N]++;
    b[MOM_SUM] += u;
    b[MOM_SUMSQ] += u * u;
    if (u < b[MOM_MIN])
        b[MOM_MIN] = u;
    if (u > b[MOM_MAX])
        b[MOM_MAX] = u;
}

void tally_add(tally_t *t, const level_t *lv)
{
    assert(t->stride == OFF__END);
    uint64_t *base = stratum_slots(t, lv->dlevel, lv->type);
    /* The rows' feeders called by name at constant offsets, so each is
     * inlined (a call and an offset load per row before); the per-room rows
     * share one loop over the rooms (one loop exit, not three). */
#define FEED_COUNTS(id, n, nb, lbl, doc) add_##id(lv, base + OFF_##id);
#define FEED_ROOMS(id, n, nb, lbl, doc)
#define FEED_MOMENTS(id, n, doc) add_moment(base + OFF_##id, val_##id(lv));
    TALLY_ROWS(FEED_COUNTS, FEED_ROOMS, FEED_MOMENTS)
#undef FEED_COUNTS
#undef FEED_ROOMS
#undef FEED_MOMENTS
    uint64_t *bw = base + OFF_room_width, *bh = base + OFF_room_height, *ba = base + OFF_room_area;
    for (int i = 0; i < lv->nrooms; i++) {
        const int w = lv->rooms[i].w, h = lv->rooms[i].h;
        bump(bw, N_WIDTH, w);
        bump(bh, N_HEIGHT, h);
        bump(ba, N_AREA, w * h);
    }
}

void tally_add_rows(tally_t *t, const level_t *lv)
{
    uint64_t *base = stratum_slots(t, lv->dlevel, lv->type);
    for (int h = 0; h < TALLY_NHISTS; h++) {
        const hist_def_t *d = &TALLY_HISTS[h];
        uint64_t *b = base + hist_offset[h];
        if (d->kind == HIST_COUNTS)
            d->add(lv, b);
        else
            add_moment(b, d->value(lv));
    }
}

/* Combine one histogram's slots: counts and moment sums add, min/max fold. */
static void combine(int h, uint64_t *into, const uint64_t *from)
{
    if (TALLY_HISTS[h].kind == HIST_COUNTS) {
        for (int i = 0; i < TALLY_HISTS[h].nbins; i++)
            into[i] += from[i];
        return;
    }
    into[MOM_N] += from[MOM_N];
    into[MOM_SUM] += from[MOM_SUM];
    into[MOM_SUMSQ] += from[MOM_SUMSQ];
    if (from[MOM_MIN] < into[MOM_MIN])
        into[MOM_MIN] = from[MOM_MIN];
    if (from[MOM_N] && from[MOM_MAX] > into[MOM_MAX])
        into[MOM_MAX] = from[MOM_MAX];
}

void tally_merge(tally_t *into, const tally_t *from)
{
    assert(into->dlevel_lo == from->dlevel_lo && into->dlevel_hi == from->dlevel_hi &&
           into->difficulty == from->difficulty);
    size_t strata = (size_t)(into->dlevel_hi - into->dlevel_lo + 1) * LT__COUNT;
    for (size_t s = 0; s < strata; s++)
        for (int h = 0; h < TALLY_NHISTS; h++)
            combine(h, &into->slots[s * into->stride + hist_offset[h]],
                    &from->slots[s * from->stride + hist_offset[h]]);
}

const uint64_t *tally_stratum(const tally_t *t, int dlevel, level_type_t type, int h)
{
    return stratum_slots(t, dlevel, type) + hist_offset[h];
}

void tally_sum(const tally_t *t, int h, int dlevel_lo, int dlevel_hi, unsigned type_mask,
               uint64_t *out)
{
    int n = tally_hist_slots(h);
    memset(out, 0, (size_t)n * sizeof *out);
    if (TALLY_HISTS[h].kind == HIST_MOMENTS)
        out[MOM_MIN] = UINT64_MAX;
    if (dlevel_lo < t->dlevel_lo)
        dlevel_lo = t->dlevel_lo;
    if (dlevel_hi > t->dlevel_hi)
        dlevel_hi = t->dlevel_hi;
    for (int dl = dlevel_lo; dl <= dlevel_hi; dl++)
        for (int ty = 0; ty < LT__COUNT; ty++)
            if (type_mask & (1u << ty))
                combine(h, out, tally_stratum(t, dl, (level_type_t)ty, h));
}

uint64_t tally_levels(const tally_t *t, int dlevel_lo, int dlevel_hi, unsigned type_mask)
{
    uint64_t n;
    tally_sum(t, 0, dlevel_lo, dlevel_hi, type_mask, &n);
    return n;
}

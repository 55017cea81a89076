/* test_tally.c - exact counting and merging of tally.h.
 *
 * Levels are built by hand (no generator), so every expected count below is
 * known without running drlsim: e.g. three levels with rivers of acid, lava
 * and none give river {no: 1, yes: 2} and river_fluid {acid: 1, lava: 1}.
 */
#include <string.h>

#include "tally.h"
#include "testutil.h"

static void fake(level_t *lv, int dlevel, level_type_t type)
{
    memset(lv, 0, sizeof *lv);
    lv->dlevel = dlevel;
    lv->type = type;
    lv->obs.river_fluid = CELL_FLOOR;
    lv->obs.roll.cave = lv->obs.roll.single = lv->obs.roll.arena = -1;
    lv->obs.roll.cave_outcome = lv->obs.roll.single_outcome = lv->obs.roll.arena_layout = -1;
    lv->obs.roll.fluid_room = lv->obs.roll.ammo = -1;
    lv->obs.roll.fluid_room_kind = lv->obs.roll.ammo_kind = lv->obs.roll.ammo_stacks = -1;
}

/* A tally holds only the strata levels were counted into: ten levels of a
 * 1000-dlevel job, in seven strata, take seven strata and the index. */
static void test_held(void)
{
    static level_t lv;
    static const struct {
        int dlevel;
        level_type_t type;
    } LEVELS[10] = {{1, LT_NORMAL},   {1, LT_NORMAL}, {1, LT_CITY},  {17, LT_CAVES},
                    {500, LT_MAZE},   {500, LT_MAZE}, {999, LT_NORMAL}, {1000, LT_ARENA},
                    {1000, LT_ARENA}, {1000, LT_SINGLE}};
    enum { HELD = 7 }; /* distinct (dlevel, type) pairs above */
    tally_t *t = tally_new(1, 1000, 3);
    CHECK(tally_strata_held(t) == 0, "a new tally holds no stratum");
    const size_t index = sizeof *t + (size_t)1000 * LT__COUNT * sizeof(uint64_t *);
    CHECK(tally_bytes(t) == index, "a new tally takes its index only (%zu bytes)", tally_bytes(t));
    for (int i = 0; i < 10; i++) {
        fake(&lv, LEVELS[i].dlevel, LEVELS[i].type);
        lv.obs.budget = 10 * i;
        tally_add(t, &lv);
    }
    CHECK(!t->oom, "no stratum failed to allocate");
    CHECK(tally_strata_held(t) == HELD, "10 levels in 7 strata hold 7 strata (%zu)",
          tally_strata_held(t));
    CHECK(tally_bytes(t) == index + HELD * t->stride * sizeof(uint64_t),
          "and take 7 strata's slots beside the index (%zu bytes)", tally_bytes(t));
    int held = 0;
    for (int dl = 1; dl <= 1000; dl++)
        for (int ty = 0; ty < LT__COUNT; ty++)
            held += tally_holds(t, dl, (level_type_t)ty);
    CHECK(held == HELD && tally_holds(t, 17, LT_CAVES) && !tally_holds(t, 17, LT_NORMAL),
          "the held strata are the ones counted into");
    CHECK(tally_levels(t, 1, 1000, TALLY_ALL_TYPES) == 10 &&
              tally_levels(t, 1000, 1000, 1u << LT_ARENA) == 2,
          "10 levels, 2 of them arena at dlevel 1000");
    /* a stratum not held reads as empty: no levels, no moments */
    const int hb = tally_hist_index("budget");
    const uint64_t *m = tally_stratum(t, 2, LT_NORMAL, hb);
    CHECK(tally_stratum(t, 2, LT_NORMAL, 0)[0] == 0 && m[MOM_N] == 0 && m[MOM_MIN] == UINT64_MAX,
          "a stratum not held is empty");
    CHECK(tally_strata_held(t) == HELD, "reading does not allocate");

    /* merge copies, absorb moves: the same counts either way; absorb
     * leaves its source empty and takes no stratum it does not need */
    tally_t *u = tally_new(1, 1000, 3), *v = tally_new(1, 1000, 3);
    fake(&lv, 1, LT_NORMAL);
    lv.obs.budget = 3;
    tally_add(u, &lv);
    tally_add(v, &lv);
    CHECK(tally_merge(u, t) == 0 && tally_absorb(v, t) == 0, "merge and absorb succeed");
    CHECK(tally_equal(u, v) && tally_strata_held(u) == HELD && tally_strata_held(v) == HELD,
          "merge and absorb give the same 7 strata");
    CHECK(tally_strata_held(t) == 0 && tally_levels(t, 1, 1000, TALLY_ALL_TYPES) == 0,
          "absorb empties its source");
    uint64_t s[MOM__COUNT];
    tally_sum(v, hb, 1, 1, TALLY_ALL_TYPES, s);
    /* budgets 0, 10, 20 (levels 0-2 at dlevel 1) and 3 */
    CHECK(s[MOM_N] == 4 && s[MOM_SUM] == 33 && s[MOM_MIN] == 0 && s[MOM_MAX] == 20,
          "dlevel 1's budgets after the merge: n 4 sum 33 min 0 max 20");
    tally_free(t);
    tally_free(u);
    tally_free(v);
}

int main(void)
{
    CHECK(tally_hist_index("levels") == 0, "levels is histogram 0");
    CHECK(tally_hist_index("river_fluid") > 0, "river_fluid exists");
    CHECK(tally_hist_index("no_such_thing") == -1, "unknown histogram");
    for (int h = 0; h < TALLY_NHISTS; h++)
        for (int g = h + 1; g < TALLY_NHISTS; g++)
            CHECK(strcmp(TALLY_HISTS[h].name, TALLY_HISTS[g].name) != 0, "names unique");

    tally_t *a = tally_new(3, 5, 3), *b = tally_new(3, 5, 3);
    static level_t lv;
    fake(&lv, 3, LT_NORMAL);
    lv.obs.river = 1;
    lv.obs.river_fluid = CELL_ACID;
    lv.obs.budget = 40;
    lv.nrooms = 2;
    lv.rooms[0] = (room_t){1, 1, 10, 5};
    lv.rooms[1] = (room_t){10, 1, 200, 5}; /* width beyond the last bin: clamped */
    tally_add(a, &lv);
    fake(&lv, 3, LT_NORMAL);
    lv.obs.river = 1;
    lv.obs.river_fluid = CELL_LAVA;
    lv.obs.budget = 50;
    tally_add(b, &lv);
    fake(&lv, 5, LT_CITY);
    lv.obs.budget = 7;
    lv.obs.roll.cave = 300; /* clamped into the last bin */
    tally_add(b, &lv);
    tally_merge(a, b);

    uint64_t s[8];
    int hr = tally_hist_index("river"), hf = tally_hist_index("river_fluid");
    tally_sum(a, hr, 1, 100, TALLY_ALL_TYPES, s);
    CHECK(s[0] == 1 && s[1] == 2, "river no 1 yes 2 (got %llu %llu)", (unsigned long long)s[0],
          (unsigned long long)s[1]);
    tally_sum(a, hf, 3, 5, TALLY_ALL_TYPES, s);
    CHECK(s[0] == 0 && s[1] == 1 && s[2] == 1, "river_fluid acid 1 lava 1");
    CHECK(tally_levels(a, 3, 5, TALLY_ALL_TYPES) == 3, "3 levels");
    CHECK(tally_levels(a, 3, 3, 1u << LT_NORMAL) == 2, "2 normal at dlevel 3");
    CHECK(tally_levels(a, 4, 5, 1u << LT_NORMAL) == 0, "no normal at 4-5");
    int hb = tally_hist_index("budget");
    tally_sum(a, hb, 3, 5, TALLY_ALL_TYPES, s);
    CHECK(s[MOM_N] == 3 && s[MOM_SUM] == 97 && s[MOM_SUMSQ] == 1600 + 2500 + 49 &&
              s[MOM_MIN] == 7 && s[MOM_MAX] == 50,
          "budget moments n 3 sum 97 sumsq 4149 min 7 max 50");
    tally_sum(a, hb, 4, 4, TALLY_ALL_TYPES, s);
    CHECK(s[MOM_N] == 0, "no budget at dlevel 4");
    int hw = tally_hist_index("room_width");
    const uint64_t *w = tally_stratum(a, 3, LT_NORMAL, hw);
    CHECK(w[10] == 1 && w[TALLY_HISTS[hw].nbins - 1] == 1, "room widths 10 and clamped");
    int hc = tally_hist_index("cave_roll");
    const uint64_t *cr = tally_stratum(a, 5, LT_CITY, hc);
    CHECK(cr[255] == 1, "cave roll 300 clamped to the last bin");
    tally_free(a);
    tally_free(b);

    /* tally_add feeds the rows inline (one loop for the per-room rows):
     * it must count exactly as the table's feeders do, on observations of
     * any value (random bytes: negative rolls, values past the last bin,
     * up to a full room list). */
    a = tally_new(1, 4, 3);
    b = tally_new(1, 4, 3);
    rng_t r;
    rng_stream(&r, 7, 7, RNG_LAYOUT);
    for (int t = 0; t < 20000; t++) {
        fake(&lv, 1 + (int)rng_below(&r, 4), (level_type_t)rng_below(&r, LT__COUNT));
        if (rng_chance(&r, 3, 4)) {
            uint8_t *o = (uint8_t *)&lv.obs;
            for (size_t i = 0; i < sizeof lv.obs; i++)
                o[i] = (uint8_t)(rng_chance(&r, 1, 2) ? 0 : rng_next(&r));
        }
        lv.nrooms = (int)rng_below(&r, LEVEL_MAX_ROOMS + 1);
        for (int i = 0; i < lv.nrooms; i++) {
            uint64_t x = rng_next(&r);
            lv.rooms[i] = (room_t){(uint8_t)x, (uint8_t)(x >> 8), (uint8_t)(x >> 16),
                                   (uint8_t)(x >> 24)};
            if (x >> 32 & 1) /* mostly map-sized rooms */
                lv.rooms[i].w %= GRID_W + 1, lv.rooms[i].h %= GRID_H + 1;
        }
        tally_add(a, &lv);
        tally_add_observed(a, &lv, true); /* the seen_ rows, which tally_add leaves */
        tally_add_rows(b, &lv);
    }
    CHECK(a->stride == b->stride && tally_equal(a, b),
          "tally_add counts as the table's feeders on 20000 random levels");
    tally_free(a);
    tally_free(b);

    test_held();
    return test_summary("tally");
}

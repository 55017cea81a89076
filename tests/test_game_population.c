/* test_game_population.c - the game-0.9.9.7 population (src/gen/game/gpop.c).
 *
 * Known answers typed from docs/rules.md's game part and worked by hand
 * (never read back from the data files or drlsim's output): the budget table
 * for dl 2, 5, 10, 15, 20, 23 at every difficulty, the item amounts, dmod,
 * the cave sets' eligibility by mlevel, the single-monster thresholds and the
 * event chance.  Then statistics over populated levels (normal layouts made
 * by the wiki layout, populated by gpop_populate) with fixed seeds: the
 * 1/22 chance of 50 barrels, group eligibility, the flood's overshoot, special
 * rooms only in rooms within their type's limits, and no single being on
 * acid, lava or a no-spawn cell.  A statistical check fails when its p-value
 * is below ALPHA = 1e-6 (about 5 sigma).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "game/gpop.h"
#include "level.h"
#include "tables.h"
#include "testutil.h"

#define ALPHA 1e-6

static const gpop_tables_t *T;

static int kind(const char *id)
{
    int k = monsters_find(&T->monsters, id);
    if (k < 0) {
        fprintf(stderr, "no being %s\n", id);
        exit(1);
    }
    return k;
}

static double binom_p(long k, long n, double p)
{
    double lo = gsl_cdf_binomial_P((unsigned)k, p, (unsigned)n);
    double hi = k > 0 ? gsl_cdf_binomial_Q((unsigned)k - 1, p, (unsigned)n) : 1.0;
    double v = 2 * (lo < hi ? lo : hi);
    return v > 1 ? 1 : v;
}

/* ---- known answers ---- */

static void budget_table(void)
{
    /* GAME §9 budget table: ceil(2.2dl+6), ceil(0.6 sqrt(500dl)), ceil(20, 32, 40 sqrt(dl)) */
    static const int DL[6] = {2, 5, 10, 15, 20, 23};
    static const int B[6][5] = {{11, 19, 29, 46, 57},   {17, 30, 45, 72, 90},
                                {28, 43, 64, 102, 127}, {39, 52, 78, 124, 155},
                                {50, 60, 90, 144, 179}, {57, 65, 96, 154, 192}};
    int bad = 0;
    for (int i = 0; i < 6; i++)
        for (int d = 1; d <= 5; d++)
            if (gpop_budget(T, DL[i], d) != B[i][d - 1]) {
                bad++;
                fprintf(stderr, "budget dl %d D%d: %d, expected %d\n", DL[i], d,
                        gpop_budget(T, DL[i], d), B[i][d - 1]);
            }
    CHECK(bad == 0, "budget table (30 values)");
    /* modifiers: ceil for 100/150/67, floor for caves' 67: 57*0.67 = 38.19 */
    CHECK(gpop_budget_modified(57, 67, GPOP_FLOOR) == 38, "caves floor(57*0.67) = 38");
    CHECK(gpop_budget_modified(57, 67, GPOP_CEIL) == 39, "arena ceil(57*0.67) = 39");
    CHECK(gpop_budget_modified(45, 150, GPOP_CEIL) == 68, "maze ceil(45*1.5) = 68");
    CHECK(gpop_budget_modified(100, 67, GPOP_CEIL) == 67, "ceil(100*0.67) = 67");
    CHECK(gpop_budget_modified(29, 100, GPOP_CEIL) == 29, "default x1.0");
}

static void item_table(void)
{
    /* GAME §10: 13 at 1, 14 at 2-4, 15 at 5-7, ..., 21 at 23+ */
    static const struct { int lo, hi, n; } ROWS[] = {
        {1, 1, 13},   {2, 4, 14},   {5, 7, 15},   {8, 10, 16},  {11, 13, 17},
        {14, 16, 18}, {17, 19, 19}, {20, 22, 20}, {23, 24, 21}, {25, 40, 21}};
    int bad = 0;
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++)
        for (int dl = ROWS[i].lo; dl <= ROWS[i].hi; dl++)
            bad += gpop_item_amount(T, dl) != ROWS[i].n;
    CHECK(bad == 0, "item amount table");
    /* maze 0.8: 12..17 over dl 3..25; arena 0.67: 11..15 over 8..25; single 1.5: 27..32 over 16..25 */
    CHECK(gpop_item_count(T, 3, 80) == 12 && gpop_item_count(T, 25, 80) == 17, "maze x0.8");
    CHECK(gpop_item_count(T, 8, 67) == 11 && gpop_item_count(T, 25, 67) == 15, "arena x0.67");
    CHECK(gpop_item_count(T, 16, 150) == 27 && gpop_item_count(T, 25, 150) == 32, "single x1.5");
    CHECK(gpop_item_count(T, 50, 200) == 42, "single_plus x2");
}

static void dmod_and_eligibility(void)
{
    static const int DMOD[6] = {0, 0, 0, 3, 6, 6};
    int bad = 0;
    for (int d = 1; d <= 5; d++)
        bad += gpop_dmod(T, d) != DMOD[d];
    CHECK(bad == 0, "dmod = 0, 0, 3, 6, 6");
    /* captain 5..15: dl 2 at UV (2+6 >= 5), not at HNTR; dl 16 never */
    CHECK(gpop_kind_eligible(T, kind("captain"), 2, 4) &&
              !gpop_kind_eligible(T, kind("captain"), 2, 2) &&
              !gpop_kind_eligible(T, kind("captain"), 16, 5),
          "captain window with dmod");
    CHECK(gpop_kind_eligible(T, kind("cyberdemon"), 80, 1) &&
              !gpop_kind_eligible(T, kind("cyberdemon"), 73, 5) &&
              gpop_kind_eligible(T, kind("cyberdemon"), 74, 5),
          "cyberdemon from 80, 74 at N!");
}

/* Sum of the weights of the cave sets eligible at (mlevel, D). */
static int cave_weight(int mlevel, int d)
{
    int w = 0;
    for (int i = 0; i < T->nsets; i++)
        w += gpop_set_eligible(T, i, mlevel, d) ? T->set[i].weight : 0;
    return w;
}

static void cave_sets(void)
{
    CHECK(gpop_mlevel(T, 4, 1) == 1 && gpop_mlevel(T, 2, 1) == 0 && gpop_mlevel(T, 10, 5) == 19,
          "mlevel = max(dl + 3(D-2), 0)");
    /* GAME §5.5 table, D <= 2 */
    static const struct { int ml, w; } W[] = {{0, 3},   {4, 3},   {5, 6},   {6, 6},  {7, 8},
                                              {9, 8},   {10, 13}, {13, 13}, {14, 14}, {15, 15},
                                              {16, 18}, {17, 15}, {19, 15}, {20, 16}};
    int bad = 0;
    for (size_t i = 0; i < sizeof W / sizeof W[0]; i++)
        if (cave_weight(W[i].ml, 2) != W[i].w) {
            bad++;
            fprintf(stderr, "mlevel %d: weight %d, expected %d\n", W[i].ml,
                    cave_weight(W[i].ml, 2), W[i].w);
        }
    CHECK(bad == 0, "eligible cave set weights by mlevel (D <= 2)");
    CHECK(cave_weight(20, 3) == 17, "mlevel 20 at D3 adds the pain set");
    /* the pain-only set (20, none, min_diff 3): waived once mlevel > 40 */
    int pain = -1;
    for (int i = 0; i < T->nsets; i++)
        if (T->set[i].list.n == 1 && T->set[i].list.kind[0] == kind("pain"))
            pain = i;
    CHECK(pain >= 0 && !gpop_set_eligible(T, pain, 40, 1) && gpop_set_eligible(T, pain, 41, 1),
          "the pain set's min_diff waived at mlevel 41");
}

static void single_table(void)
{
    static const struct { int roll; const char *name; } R[] = {
        {5, "former"},     {16, "former"},    {17, "imp"},      {18, "imp"},
        {19, "knight"},    {20, "knight"},    {21, "mancubus"}, {23, "mancubus"},
        {24, "revenant"},  {25, "revenant"},  {26, "arch"},     {30, "arch"}};
    int bad = 0;
    for (size_t i = 0; i < sizeof R / sizeof R[0]; i++)
        bad += strcmp(T->single.outcome[gpop_single_outcome(T, R[i].roll)].name, R[i].name) != 0;
    CHECK(bad == 0, "single thresholds <17, 17-18, 19-20, 21-23, 24-25, >=26");
    CHECK(gpop_single_shift(T, 16, 2) == 12 && gpop_single_shift(T, 30, 5) == 20 &&
              gpop_single_shift(T, 16, 1) == 9,
          "single roll shift min(dl + 3(D-2) - 4, 20)");
}

static void event_chance(void)
{
    /* max(min(floor(dl/2), 20) - 1, 0) / 100 */
    CHECK(gpop_event_chance(T, 2) == 0 && gpop_event_chance(T, 3) == 0, "no event below dl 4");
    CHECK(fabs(gpop_event_chance(T, 4) - 0.01) < 1e-12, "dl 4: 1%%");
    CHECK(fabs(gpop_event_chance(T, 10) - 0.04) < 1e-12, "dl 10: 4%%");
    CHECK(fabs(gpop_event_chance(T, 41) - 0.19) < 1e-12 &&
              fabs(gpop_event_chance(T, 99) - 0.19) < 1e-12,
          "cap 20: 19%%");
}

/* ---- populated levels ---- */

static gpop_gen_t tiled_gen(void)
{
    return (gpop_gen_t){.barrels = true, .rooms = true, .rooms_lo = 4, .rooms_hi = 10,
                        .monsters = GPOP_MONSTERS_STANDARD, .monster_percent = 100,
                        .monster_round = GPOP_CEIL, .items = GPOP_ITEMS_PERCENT,
                        .item_percent = 100, .place_stairs = true, .place_player = true,
                        .events = true, .hunting_num = 0, .hunting_den = 1};
}

/* A normal layout (walls, doors, room list) of seed/index, then gpop. */
static void make(level_t *lv, int dlevel, int d, uint64_t i, const gpop_gen_t *g, bool hazards)
{
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    p.type = LT_NORMAL;
    p.dlevel = dlevel;
    p.difficulty = d;
    p.layout_only = true;
    level_generate(lv, &p, 77, i);
    rng_t r;
    rng_stream(&r, 77, i, RNG_POPULATE);
    if (hazards) { /* acid and lava patches and a keep-out box, drawn from another stream */
        rng_t h;
        rng_stream(&h, 78, i, RNG_WATER);
        for (int k = 0; k < 300; k++) {
            int x = rng_range(&h, 2, 77), y = rng_range(&h, 2, 19);
            if (grid_get(&lv->map, x, y) == CELL_FLOOR)
                grid_set(&lv->map, x, y, k % 2 ? CELL_ACID : CELL_LAVA);
        }
        lv->keepout = (rect_t){30, 6, 46, 14};
    }
    census_t cs;
    gpop_populate(lv, &p, g, T, &r, &cs);
}

static void barrels_big(void)
{
    static level_t lv;
    gpop_gen_t g = tiled_gen();
    g.rooms = false;
    g.monsters = GPOP_MONSTERS_NONE;
    g.items = GPOP_ITEMS_NONE;
    const long n = test_scaled(22000);
    long big = 0, bad = 0;
    for (long i = 0; i < n; i++) {
        make(&lv, 5, 3, (uint64_t)i, &g, false);
        big += lv.obs.game.barrel_count == 50;
        bad += lv.obs.game.barrel_count != 12 && lv.obs.game.barrel_count != 50;
        bad += lv.obs.game.barrels != lv.obs.game.barrel_count; /* room enough on a normal map */
    }
    double p = binom_p(big, n, 1.0 / 22);
    CHECK(bad == 0, "barrel count 12 or 50, all placed (%ld bad)", bad);
    CHECK(p > ALPHA, "50 barrels with P 1/22: %ld of %ld, p = %.3g", big, n, p);
}

/* The most danger one roll of the being table can cost. */
static int max_entry(int dlevel, int d)
{
    int m = 0;
    for (int k = 0; k < T->monsters.n; k++)
        if (gpop_kind_eligible(T, k, dlevel, d) && T->monsters.kind[k].danger > m)
            m = T->monsters.kind[k].danger;
    for (int g = 0; g < T->ngroups; g++) {
        if (!gpop_group_eligible(T, g, dlevel, d))
            continue;
        int s = 0;
        for (int j = 0; j < T->group[g].nmembers; j++)
            s += T->group[g].member[j].hi * T->monsters.kind[T->group[g].member[j].kind].danger;
        m = s > m ? s : m;
    }
    return m;
}

static void floods(void)
{
    static level_t lv;
    gpop_gen_t g = tiled_gen();
    const long n = test_scaled(3000);
    static const int DL[3] = {5, 12, 22};
    long under = 0, over = 0, groups = 0, ineligible = 0, bad_room = 0, off = 0, nonempty = 0;
    for (int di = 0; di < 3; di++)
        for (long i = 0; i < n; i++) {
            int d = 1 + (int)(i % 5);
            make(&lv, DL[di], d, (uint64_t)(di * n + i), &g, i % 2 == 0);
            const obs_t *o = &lv.obs;
            groups += o->game.groups;
            if (o->game.members_lost == 0 && o->failure == FAIL_NONE)
                under += o->danger_placed < o->budget;
            over += o->danger_placed - o->budget > max_entry(DL[di], d) - 1;
            for (int k = 0; k < T->monsters.n; k++)
                ineligible += o->monsters_by_kind[k] && !gpop_kind_eligible(T, k, DL[di], d) &&
                              !(o->game.groups > 0); /* group members keep their own window */
            for (int s = 0; s < lv.nspecial; s++) {
                const room_t *rm = &lv.rooms[lv.special[s].room];
                const gpop_room_type_t *rt = NULL;
                for (int j = 0; j < T->nroom_types; j++)
                    if (T->room_type[j].kind == lv.special[s].kind)
                        rt = &T->room_type[j];
                bad_room += !rt || rm->w < rt->min_size || rm->h < rt->min_size ||
                            rm->w > rt->max_x || rm->h > rt->max_y || rm->w * rm->h > rt->max_area;
            }
            /* the flood's single beings: on no acid, lava or keep-out cell */
            if (o->game.groups == 0) {
                for (int m = 0; m < o->monsters; m++) {
                    const monster_t *b = &lv.monster[m];
                    cell_t k = grid_get(&lv.map, b->x, b->y);
                    bool ko = b->x >= lv.keepout.x1 && b->x <= lv.keepout.x2 &&
                              b->y >= lv.keepout.y1 && b->y <= lv.keepout.y2 && lv.keepout.x1;
                    off += k == CELL_ACID || k == CELL_LAVA || ko;
                }
                off += o->game.off_spawn;
            }
            nonempty += o->monsters > 0;
        }
    CHECK(under == 0, "the flood places at least its budget (%ld levels short)", under);
    CHECK(over == 0, "overshoot below one roll's cost (%ld levels over)", over);
    CHECK(groups > 0, "groups are dropped (%ld)", groups);
    CHECK(ineligible == 0, "single beings only from the eligible table (%ld)", ineligible);
    CHECK(bad_room == 0, "special rooms only in rooms within their type's limits (%ld)", bad_room);
    CHECK(off == 0, "no single being on acid, lava or keep-out (%ld)", off);
    CHECK(nonempty == 3 * n, "every level has monsters");
}

static void groups_by_level(void)
{
    /* imps x3-4 (5..8): dl 5 D1 yes, dl 9 D1 no; sergeant group (7..16): dl 5 only with dmod >= 2 */
    int imps = -1, serg = -1;
    for (int i = 0; i < T->ngroups; i++) {
        if (T->group[i].min == 5 && T->group[i].max == 8)
            imps = i;
        if (T->group[i].min == 7 && T->group[i].max == 16)
            serg = i;
    }
    CHECK(imps >= 0 && serg >= 0, "the imp and sergeant groups are in the table");
    CHECK(gpop_group_eligible(T, imps, 5, 1) && !gpop_group_eligible(T, imps, 9, 1) &&
              !gpop_group_eligible(T, imps, 4, 2) && gpop_group_eligible(T, imps, 2, 3),
          "imp group 5..8 with dmod");
    CHECK(!gpop_group_eligible(T, serg, 5, 2) && gpop_group_eligible(T, serg, 5, 3),
          "sergeant group from dl 7, dl 5 at HMP");
    /* at dl 5 D1 (no group but the imps eligible) any group dropped is the imps' */
    static level_t lv;
    gpop_gen_t g = tiled_gen();
    const long n = test_scaled(2000);
    long bad = 0, seen = 0;
    for (long i = 0; i < n; i++) {
        make(&lv, 5, 1, (uint64_t)(100000 + i), &g, false);
        seen += lv.obs.game.groups;
        for (int k = 0; k < T->monsters.n; k++)
            bad += lv.obs.monsters_by_kind[k] && !gpop_kind_eligible(T, k, 5, 1) &&
                   k != kind("imp");
    }
    CHECK(seen > 0 && bad == 0, "dl 5 ITYTD: only the imp group (%ld groups, %ld bad)", seen, bad);
}

static void single_rolls(void)
{
    static level_t lv;
    gpop_gen_t g = tiled_gen();
    g.monsters = GPOP_MONSTERS_SINGLE;
    g.item_percent = 150;
    const long n = test_scaled(5000);
    long count[4] = {0};
    const char *NAMES[4] = {"former", "imp", "knight", "mancubus"};
    long bad = 0;
    for (long i = 0; i < n; i++) {
        make(&lv, 16, 2, (uint64_t)(200000 + i), &g, false);
        const char *name = T->single.outcome[lv.obs.roll.single_outcome].name;
        int j = 0;
        while (j < 4 && strcmp(name, NAMES[j]) != 0)
            j++;
        if (j < 4)
            count[j]++;
        bad += j == 4 || lv.obs.roll.single < 13 || lv.obs.roll.single > 22;
        bad += lv.obs.items != 27;
    }
    /* dl 16 HNTR: roll 12 + 1d10 = 13..22: former 4/10, imp, knight, mancubus 2/10 each */
    static const double P[4] = {0.4, 0.2, 0.2, 0.2};
    double stat, p;
    int dof;
    p = test_chisq_p(count, P, 4, &stat, &dof);
    CHECK(bad == 0, "single rolls 13..22, 27 items (%ld bad)", bad);
    CHECK(p > ALPHA, "single outcomes 4:2:2:2 (chi2 %.2f, p = %.3g)", stat, p);
}

/* Part H's tables: the budget's dlevel shift (docs/rules.md H40 table),
 * the lever kinds (H36), the ammo tiers (H38), the lock (H39) and the
 * side levels (H5); and H2's search, its draws and then its scan. */
static bool only_at(const void *ctx, int x, int y)
{
    const point_t *p = ctx;
    return x == p->x && y == p->y;
}

static void game10_tables(void)
{
    const gpop_tables_t *t = test_tables(RULESET_GAME10)->gpop;
    CHECK(t != NULL, "game-0.10.10b tables load");
    if (!t)
        return;
    static const int DL[6] = {9, 12, 16, 17, 20, 23};
    static const int B[6][5] = {{28, 43, 64, 102, 127},  {35, 49, 73, 116, 145},
                                {44, 56, 83, 132, 165},  {48, 59, 88, 140, 175},
                                {55, 63, 94, 151, 188},  {62, 68, 100, 160, 200}};
    int bad = 0;
    for (int i = 0; i < 6; i++)
        for (int d = 1; d <= 5; d++)
            bad += gpop_budget(t, DL[i], d) != B[i][d - 1];
    for (int dl = 2; dl <= 8; dl++) /* below 9 the old budget */
        for (int d = 1; d <= 5; d++)
            bad += gpop_budget(t, dl, d) != gpop_budget(T, dl, d);
    CHECK(bad == 0, "H40 budget table and dlevels 2-8 as G62");
    int w = 0;
    for (int i = 0; i < t->nlevers; i++)
        w += t->lever[i].weight;
    CHECK(t->nlevers == 10 && w == 19, "H36: ten lever kinds weighing 19");
    CHECK(t->nammo_tiers == 3 && t->ammo_die == 3 && t->ammo_tier[1].above == 11 &&
              t->ammo_tier[2].above == 14,
          "H38: three ammo tiers, above 11 and 14");
    CHECK(t->vault_lock && t->vault_lock_die == 25 && t->vault_lock_num == 1 &&
              t->vault_lock_den == 4 && t->vault_key_min == 4 && t->vault_locked_add == 5,
          "H39: the lock's d25, 1 in 4, key room side 4, +5");
    CHECK(t->side_exit_min_diff[4] == 1 && t->side_exit_min_diff[9] == 2 &&
              t->side_exit_min_diff[20] == 2 && t->side_exit_min_diff[3] == 0 &&
              t->side_exit_min_diff[23] == 0,
          "H5: side levels at 4 (D1), 9 and 20 (D2), none at 3 and 23");
    CHECK(T->nshifts == 0 && T->nlevers == 0 && T->nammo_tiers == 0 && !T->vault_lock,
          "game-0.9.9.7 has none of Part H's keys");
    /* its episode has side levels too (G75: the mortuary or limbo at 20 from
     * D2), but Part G makes no second stairs for them */
    CHECK(T->side_exit_min_diff[20] == 2 && T->side_exit_min_diff[4] == 0 &&
              !GPOP_RULES_G.side_stairs,
          "game-0.9.9.7: side levels read from its episode, no second stairs (G75)");
    rng_t r;
    rng_stream(&r, 7, 0, RNG_POPULATE);
    point_t at = {40, 10}, got = {0, 0};
    CHECK(gpop_search_cell(&r, 1, 1, 78, 20, 0, true, only_at, &at, &got) && got.x == 40 &&
              got.y == 10,
          "H2: the scan finds the one passing cell after the draws");
    CHECK(!gpop_search_cell(&r, 1, 1, 78, 20, 0, false, only_at, &at, &got),
          "G52: without the scan a search whose draws fail finds nothing");
    point_t none = {0, 0};
    CHECK(!gpop_search_cell(&r, 1, 1, 78, 20, 10, true, only_at, &none, &got),
          "H2: nothing only when no cell passes");
}

int main(void)
{
    T = test_tables(RULESET_GAME)->gpop;
    CHECK(T != NULL, "game tables load");
    if (!T)
        return test_summary("game_population");
    budget_table();
    item_table();
    dmod_and_eligibility();
    cave_sets();
    single_table();
    event_chance();
    groups_by_level();
    barrels_big();
    floods();
    single_rolls();
    game10_tables();
    return test_summary("game_population");
}

/* test_populate.c - the population step (docs/rules.md §5).
 *
 * Known answers typed from docs/rules.md and worked by hand in the comments (never
 * read back from data/population.json or from drlsim's output): the danger
 * budget per difficulty, the type modifiers, item counts, level windows,
 * every boundary of the cave, single-monster, fluid-room and ammo tables, and
 * the special-room size limits.  Then statistics over prepared levels (a
 * cleared map of the wanted type, or a full normal/single level): roll and
 * outcome distributions, the 1/5, 1/3 and 1/7 replacements, hunting in the
 * arena, item counts, special-room counts and kinds, and invariants of every
 * placement.  Every statistical check uses fixed seeds, states its sample
 * size, and fails when its p-value is below ALPHA = 1e-6 (about 5 sigma).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_cdf.h>

#include "data.h"
#include "level.h"
#include "monsters.h"
#include "populate.h"
#include "poptable.h"
#include "special.h"
#include "tables.h"
#include "testutil.h"

#define ALPHA 1e-6
#define EPS 1e-12

static const ruleset_t *RS;
static const pop_tables_t *T;

/* ---- helpers ---- */

static int kind_of(const char *id)
{
    int k = monsters_find(T->monsters, id);
    if (k < 0) {
        fprintf(stderr, "no monster %s\n", id);
        exit(1);
    }
    return k;
}

static int outcome_of(const pop_table_t *t, const char *name)
{
    for (int i = 0; i < t->noutcomes; i++)
        if (strcmp(t->outcome[i].name, name) == 0)
            return i;
    fprintf(stderr, "no outcome %s\n", name);
    exit(1);
}

/* Two-sided binomial p-value of k successes in n trials of probability p. */
static double binom_p(long k, long n, double p)
{
    double lo = gsl_cdf_binomial_P((unsigned)k, p, (unsigned)n);
    double hi = k == 0 ? 1.0 : gsl_cdf_binomial_Q((unsigned)(k - 1), p, (unsigned)n);
    double v = 2 * (lo < hi ? lo : hi);
    return v > 1 ? 1 : v;
}

static void chisq_check(const char *what, const long *obs, const double *p, int k, long n)
{
    double chi;
    int dof;
    double pv = test_chisq_p(obs, p, k, &chi, &dof);
    CHECK(pv > ALPHA, "%s: chi2 %.2f dof %d p %.3g (n %ld, alpha %g)", what, chi, dof, pv, n,
          ALPHA);
    printf("  %-58s n %7ld  chi2 %8.2f dof %2d  p %.3g\n", what, n, chi, dof, pv);
}

static void binom_check(const char *what, long k, long n, double p)
{
    double pv = binom_p(k, n, p);
    CHECK(pv > ALPHA, "%s: %ld of %ld (%.5f, expected %.5f), p %.3g, alpha %g", what, k, n,
          (double)k / n, p, pv, ALPHA);
    printf("  %-58s n %7ld  %.5f (exp %.5f)  p %.3g\n", what, n, (double)k / n, p, pv);
}

/* A prepared level: a cleared 78x20 map (floor inside a wall ring) of type t,
 * no rooms; the arena gets the start, corner stairs and a keep-out box as its
 * layout would leave them. */
static void prepare(level_t *lv, level_type_t t, int dlevel, int diff)
{
    lv->type = t;
    lv->dlevel = dlevel;
    lv->difficulty = diff;
    grid_clear(&lv->map);
    lv->nrooms = 0;
    lv->nstairs = 0;
    lv->start = (point_t){0, 0};
    lv->keepout = (rect_t){0, 0, 0, 0};
    memset(&lv->obs, 0, sizeof lv->obs);
    if (t == LT_ARENA) {
        lv->start = (point_t){38, 10};
        lv->keepout = (rect_t){34, 8, 42, 12};
        static const point_t corners[4] = {{2, 2}, {77, 2}, {2, 19}, {77, 19}};
        for (int i = 0; i < 4; i++) {
            grid_set(&lv->map, corners[i].x, corners[i].y, CELL_STAIRS);
            lv->stairs[lv->nstairs++] = corners[i];
        }
    }
}

static void run_prepared(level_t *lv, level_type_t t, int dlevel, int diff, uint64_t seed,
                         uint64_t i)
{
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    prepare(lv, t, dlevel, diff);
    rng_t r;
    rng_stream(&r, seed, i, RNG_POPULATE);
    populate(lv, &p, &r);
}

static void run_full(level_t *lv, level_type_t t, int dlevel, int diff, uint64_t seed,
                     uint64_t i)
{
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    p.type = t;
    p.dlevel = dlevel;
    p.difficulty = diff;
    level_generate(lv, &p, seed, i);
}

/* A walled level: the type's own layout (level_generate in layout-only mode),
 * then populate on the population stream - level_generate without the final
 * observation pass, which population does not need. */
static void run_layout(level_t *lv, level_type_t t, int dlevel, int diff, uint64_t seed,
                       uint64_t i)
{
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    p.type = t;
    p.dlevel = dlevel;
    p.difficulty = diff;
    p.layout_only = true;
    level_generate(lv, &p, seed, i);
    rng_t r;
    rng_stream(&r, seed, i, RNG_POPULATE);
    populate(lv, &p, &r);
}

/* ---- loading and validation ---- */

static void loaders(void)
{
    CHECK(T != NULL, "population tables load");
    CHECK(T->monsters->n == 29, "29 monsters in the table, got %d", T->monsters->n);
    /* the legend maps glyph -> name: every glyph distinct, none a cell glyph */
    bool uniq = true;
    for (int i = 0; i < T->monsters->n; i++)
        for (int j = 0; j < i; j++)
            uniq &= T->monsters->kind[i].glyph != T->monsters->kind[j].glyph;
    CHECK(uniq, "monster glyphs are distinct");
    /* spot checks against the monster table of docs/rules.md §5 */
    const monster_kind_t *m = &T->monsters->kind[kind_of("arch")];
    CHECK(m->min == 16 && m->max == MONSTER_NO_MAX && m->weight == 4 && m->danger == 14,
          "arch-vile row 16..none, weight 4, danger 14");
    m = &T->monsters->kind[kind_of("cacodemon")];
    CHECK(m->min == 10 && m->max == 50 && m->weight == 6 && m->danger == 6, "cacodemon row");

    monster_table_t mt;
    char err[256];
    const char *dup = "{\"monsters\":[{\"id\":\"a\",\"name\":\"A\",\"glyph\":\"h\",\"min\":0,"
                      "\"max\":null,\"weight\":1,\"danger\":1},{\"id\":\"b\",\"name\":\"B\","
                      "\"glyph\":\"h\",\"min\":0,\"max\":3,\"weight\":1,\"danger\":1}]}";
    CHECK(!monsters_parse(&mt, dup, strlen(dup), "m.json", err, sizeof err) &&
              strstr(err, "m.json: monsters[1]") && strstr(err, "glyph"),
          "duplicate glyph is a one-line error naming file and key: %s", err);
    const char *cellg = "{\"monsters\":[{\"id\":\"a\",\"name\":\"A\",\"glyph\":\"X\",\"min\":0,"
                        "\"max\":null,\"weight\":1,\"danger\":1}]}";
    CHECK(!monsters_parse(&mt, cellg, strlen(cellg), "m.json", err, sizeof err),
          "the box glyph X is refused: %s", err);
    const char *nodanger = "{\"monsters\":[{\"id\":\"a\",\"name\":\"A\",\"glyph\":\"h\",\"min\":0,"
                           "\"max\":null,\"weight\":1}]}";
    CHECK(!monsters_parse(&mt, nodanger, strlen(nodanger), "m.json", err, sizeof err) &&
              strstr(err, "monsters[0].danger"),
          "missing danger is named: %s", err);

    /* a broken population file: take the real one and open a gap in the cave rows */
    size_t len;
    char origin[64];
    char *text = data_read("population.json", &len, origin, sizeof origin, err, sizeof err);
    CHECK(text != NULL, "population.json readable");
    if (text) {
        char *gap = strstr(text, "\"from\": 10,");
        if (gap) {
            memcpy(gap, "\"from\": 11,", 11);
            pop_tables_t *pt = malloc(sizeof *pt);
            bool ok = poptable_parse(pt, T->monsters, text, len, "p.json", err, sizeof err);
            CHECK(!ok && strstr(err, "p.json: caves.rows[1]") && strchr(err, '\n') == NULL,
                  "a gap in the cave rows is named: %s", err);
            free(pt);
        }
        free(text);
    }
}

/* ---- budget ---- */

static void budget_hand(void)
{
    static const struct {
        int diff, dl, want;
    } B[] = {
        /* ITYTD ceil(2.2 dl + 6) */
        {1, 1, 9},   /* 2.2 + 6 = 8.2 -> 9 */
        {1, 3, 13},  /* 6.6 + 6 = 12.6 -> 13 */
        {1, 5, 17},  /* 11 + 6 = 17 exactly (2.2*5 in doubles is 11.000000000000002) */
        {1, 10, 28}, /* 22 + 6 = 28 exactly */
        {1, 20, 50}, /* 44 + 6 = 50 exactly */
        /* HNTR ceil(0.6 sqrt(500 dl)) */
        {2, 1, 14},  /* 0.6 * 22.3607 = 13.42 -> 14 */
        {2, 2, 19},  /* 0.6 * 31.6228 = 18.97 -> 19 */
        {2, 5, 30},  /* 0.6 * sqrt(2500) = 0.6 * 50 = 30 exactly */
        {2, 20, 60}, /* 0.6 * 100 = 60 exactly */
        {2, 45, 90}, /* 0.6 * 150 = 90 exactly */
        /* HMP ceil(20 sqrt dl) */
        {3, 1, 20},  /* 20 */
        {3, 2, 29},  /* 28.28 -> 29 */
        {3, 4, 40},  /* 20 * 2 = 40 */
        {3, 9, 60},  /* 20 * 3 = 60 */
        {3, 10, 64}, /* 63.25 -> 64 */
        {3, 16, 80}, /* 20 * 4 = 80 */
        /* UV ceil(32 sqrt dl) */
        {4, 1, 32},   /* 32 */
        {4, 2, 46},   /* 45.25 -> 46 */
        {4, 3, 56},   /* 55.43 -> 56 */
        {4, 4, 64},   /* 64 */
        {4, 25, 160}, /* 32 * 5 = 160 */
        /* N! ceil(40 sqrt dl) */
        {5, 1, 40},    /* 40 */
        {5, 2, 57},    /* 56.57 -> 57 */
        {5, 3, 70},    /* 69.28 -> 70 */
        {5, 9, 120},   /* 40 * 3 = 120 */
        {5, 100, 400}, /* 40 * 10 = 400 */
    };
    for (size_t i = 0; i < sizeof B / sizeof B[0]; i++) {
        int got = populate_budget_base(T, B[i].dl, B[i].diff);
        CHECK(got == B[i].want, "budget D%d dl %d: %d, want %d", B[i].diff, B[i].dl, got,
              B[i].want);
    }
    /* type modifiers: floor(budget * percent / 100) */
    CHECK(populate_budget(T, &RS->type[LT_ARENA], 4, 3) == 26, "arena HMP dl 4: 40*0.67 = 26.8 -> 26");
    CHECK(populate_budget(T, &RS->type[LT_CAVES], 1, 1) == 6, "caves ITYTD dl 1: 9*0.67 = 6.03 -> 6");
    CHECK(populate_budget(T, &RS->type[LT_MAZE], 4, 3) == 60, "maze HMP dl 4: 40*1.5 = 60");
    CHECK(populate_budget(T, &RS->type[LT_MAZE], 2, 3) == 43, "maze HMP dl 2: 29*1.5 = 43.5 -> 43");
    CHECK(populate_budget(T, &RS->type[LT_NORMAL], 9, 5) == 120, "normal N! dl 9: 120");
    CHECK(populate_budget(T, &RS->type[LT_SINGLE], 25, 4) == 160, "single UV dl 25: 160");
}

/* ---- items ---- */

static void items_hand(void)
{
    /* ceil(21 - max(25 - dl, 0)/3) */
    static const int F[][2] = {
        {1, 13},  /* 21 - 24/3 = 13 */
        {2, 14},  /* 21 - 23/3 = 13.33 -> 14 */
        {3, 14},  /* 21 - 22/3 = 13.67 -> 14 */
        {4, 14},  /* 21 - 21/3 = 14 */
        {5, 15},  /* 21 - 20/3 = 14.33 -> 15 */
        {10, 16}, /* 21 - 15/3 = 16 */
        {22, 20}, /* 21 - 3/3 = 20 */
        {23, 21}, /* 21 - 2/3 = 20.33 -> 21 */
        {25, 21}, /* 21 - 0 */
        {90, 21}, /* max(.., 0) */
    };
    rng_t r;
    rng_stream(&r, 1, 1, RNG_POPULATE);
    for (size_t i = 0; i < sizeof F / sizeof F[0]; i++) {
        CHECK(populate_items_formula(F[i][0]) == F[i][1], "items formula dl %d: want %d",
              F[i][0], F[i][1]);
        for (int t = LT_NORMAL; t <= LT_CITY; t++)
            CHECK(populate_item_count(&RS->type[t], F[i][0], &r) == F[i][1],
                  "%s dl %d: formula", level_type_name((level_type_t)t), F[i][0]);
        CHECK(populate_item_count(&RS->type[LT_CAVES], F[i][0], &r) == 10, "caves: 10");
        CHECK(populate_item_count(&RS->type[LT_ARENA], F[i][0], &r) == 10, "arena: 10");
    }
    /* single: floor(1.5 x formula) */
    static const int S[][2] = {
        {1, 19},  /* 1.5 * 13 = 19.5 -> 19 */
        {2, 21},  /* 1.5 * 14 = 21 */
        {5, 22},  /* 1.5 * 15 = 22.5 -> 22 */
        {10, 24}, /* 1.5 * 16 = 24 */
        {25, 31}, /* 1.5 * 21 = 31.5 -> 31 */
    };
    for (size_t i = 0; i < sizeof S / sizeof S[0]; i++)
        CHECK(populate_item_count(&RS->type[LT_SINGLE], S[i][0], &r) == S[i][1],
              "single dl %d: want %d", S[i][0], S[i][1]);
}

/* ---- windows ---- */

static void windows_hand(void)
{
    static const struct {
        int diff, dl;
        const char *ids; /* every eligible id, space-separated, from the monster table of docs/rules.md §5 */
    } W[] = {
        {1, 1, "former imp"},
        {2, 2, "former sergeant imp"},
        /* HMP lowers min by 3: sergeant 2-3, demon 4-3 = 1 */
        {3, 1, "former sergeant imp demon"},
        /* UV lowers by 6: captain 5-6, demon, lostsoul 6-6 = 0 */
        {4, 1, "former sergeant captain imp demon lostsoul"},
        {5, 1, "former sergeant captain imp demon lostsoul"},
        /* ITYTD 13: former's max 12 is past */
        {1, 13, "sergeant captain imp demon lostsoul knight cacodemon pain commando baron "
                "arachno revenant"},
        /* N! 100: only open-ended rows and windows still holding 100 */
        {5, 100, "baron revenant mancubus arch ndemon ncaco narachno bruiser ecaptain lavael "
                 "shambler ecommando agony cyberdemon narch"},
    };
    for (size_t i = 0; i < sizeof W / sizeof W[0]; i++) {
        bool want[MONSTER_KINDS_MAX] = {false};
        char buf[256];
        snprintf(buf, sizeof buf, "%s", W[i].ids);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
            want[kind_of(tok)] = true;
        bool same = true;
        for (int k = 0; k < T->monsters->n; k++)
            same &= populate_eligible(T, k, W[i].dl, W[i].diff) == want[k];
        CHECK(same, "eligible at D%d dl %d: %s", W[i].diff, W[i].dl, W[i].ids);
    }
}

/* ---- roll tables at their boundaries ---- */

typedef struct expect {
    const char *name;
    double p;
} expect_t;

static void probs_check(const pop_table_t *t, const char *table, int roll, int dl, int diff,
                        const expect_t *e)
{
    double got[POP_MAX_OUTCOMES], want[POP_MAX_OUTCOMES] = {0};
    for (; e->name; e++)
        want[outcome_of(t, e->name)] = e->p;
    poptable_probs(t, roll, dl, diff, got);
    bool same = true;
    for (int i = 0; i < POP_MAX_OUTCOMES; i++)
        same &= fabs(got[i] - want[i]) < EPS;
    CHECK(same, "%s roll %d (D%d, dl %d): outcome probabilities", table, roll, diff, dl);
}

static void cave_boundaries(void)
{
    const pop_table_t *c = &T->caves;
    static const expect_t LOST[] = {{"lost souls", 1}, {NULL, 0}};
    static const expect_t DEMON[] = {{"demons", 1}, {NULL, 0}};
    static const expect_t CACO[] = {{"cacodemons", 1}, {NULL, 0}};
    static const expect_t ARACH[] = {{"arachnotrons", 1}, {NULL, 0}};
    static const expect_t ARACH_UV[] = {{"arachnotrons", 0.8}, {"pain elementals", 0.2},
                                        {NULL, 0}};
    static const expect_t NIGHT[] = {{"nightmare demons", 1.0 / 3},
                                     {"nightmare arachnotrons", 1.0 / 3},
                                     {"nightmare cacodemons", 1.0 / 3}, {NULL, 0}};
    /* >= 81 on UV/N!: lava 1/5, else the nightmare third: 4/5 * 1/3 = 4/15 */
    static const expect_t NIGHT_UV[] = {{"lava elementals", 0.2},
                                        {"nightmare demons", 4.0 / 15},
                                        {"nightmare arachnotrons", 4.0 / 15},
                                        {"nightmare cacodemons", 4.0 / 15}, {NULL, 0}};
    for (int d = DIFF_ITYTD; d <= DIFF_NIGHTMARE; d++) {
        bool uv = d >= DIFF_UV;
        probs_check(c, "cave", 9, 10, d, LOST);
        probs_check(c, "cave", 10, 10, d, DEMON);
        probs_check(c, "cave", 14, 10, d, DEMON);
        probs_check(c, "cave", 15, 10, d, CACO);
        probs_check(c, "cave", 19, 10, d, CACO);
        probs_check(c, "cave", 20, 10, d, uv ? ARACH_UV : ARACH);
        probs_check(c, "cave", 49, 10, d, uv ? ARACH_UV : ARACH);
        probs_check(c, "cave", 50, 10, d, NIGHT);
        probs_check(c, "cave", 80, 10, d, NIGHT);
        probs_check(c, "cave", 81, 10, d, uv ? NIGHT_UV : NIGHT);
        probs_check(c, "cave", -5, 1, d, LOST);
        probs_check(c, "cave", 500, 1, d, uv ? NIGHT_UV : NIGHT);
    }
    /* roll shift dlevel + 3(D-2) - 3 */
    CHECK(poptable_roll_shift(&c->roll, 18, 3) == 18, "cave shift HMP dl 18: 18 + 3 - 3");
    CHECK(poptable_roll_shift(&c->roll, 12, 1) == 6, "cave shift ITYTD dl 12: 12 - 3 - 3");
    CHECK(poptable_roll_shift(&c->roll, 75, 4) == 78, "cave shift UV dl 75: 75 + 6 - 3");
    CHECK(c->roll.die == 5, "cave die d5");
}

static void single_boundaries(void)
{
    const pop_table_t *s = &T->single;
    static const expect_t FL[] = {{"former humans", 1}, {NULL, 0}};
    static const expect_t IMP[] = {{"imps", 1}, {NULL, 0}};
    static const expect_t KB[] = {{"hell knights and barons", 1}, {NULL, 0}};
    static const expect_t MAN[] = {{"mancubi", 1}, {NULL, 0}};
    static const expect_t REV[] = {{"revenants", 1}, {NULL, 0}};
    static const expect_t ARCH[] = {{"arch-viles", 2.0 / 3}, {"arch-viles and formers", 1.0 / 3},
                                    {NULL, 0}};
    static const expect_t FH[] = {{"former humans (high roll)", 1}, {NULL, 0}};
    /* harder 1/7, split in thirds: 1/21 each */
    static const expect_t FH_HARD[] = {{"former humans (high roll)", 6.0 / 7},
                                       {"cyberdemons", 1.0 / 21},
                                       {"shamblers", 1.0 / 21},
                                       {"bruisers", 1.0 / 21}, {NULL, 0}};
    static const struct {
        int diff, dl;
        bool harder;
    } C[] = {{1, 60, false}, {3, 60, false}, {4, 50, false}, {4, 51, true},
             {5, 51, true},  {5, 50, false}, {3, 100, false}, {5, 16, false}};
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        int d = C[i].diff, dl = C[i].dl;
        probs_check(s, "single", 11, dl, d, FL);
        probs_check(s, "single", 16, dl, d, FL);
        probs_check(s, "single", 17, dl, d, IMP);
        probs_check(s, "single", 18, dl, d, IMP);
        probs_check(s, "single", 19, dl, d, KB);
        probs_check(s, "single", 20, dl, d, KB);
        probs_check(s, "single", 21, dl, d, MAN);
        probs_check(s, "single", 23, dl, d, MAN);
        probs_check(s, "single", 24, dl, d, REV);
        probs_check(s, "single", 25, dl, d, REV);
        probs_check(s, "single", 26, dl, d, ARCH);
        probs_check(s, "single", 27, dl, d, ARCH);
        probs_check(s, "single", 28, dl, d, C[i].harder ? FH_HARD : FH);
        probs_check(s, "single", 30, dl, d, C[i].harder ? FH_HARD : FH);
    }
    /* d10 + min(dlevel + 3(D-2) - 4, 20) */
    CHECK(poptable_roll_shift(&s->roll, 16, 3) == 15, "single shift HMP dl 16: 16 + 3 - 4");
    CHECK(poptable_roll_shift(&s->roll, 16, 1) == 9, "single shift ITYTD dl 16: 16 - 3 - 4");
    CHECK(poptable_roll_shift(&s->roll, 60, 5) == 20, "single shift N! dl 60: min(65, 20)");
    CHECK(poptable_roll_shift(&s->roll, 18, 4) == 20, "single shift UV dl 18: min(20, 20)");
    CHECK(s->roll.die == 10, "single die d10");
    /* documented outcome index list (docs/population.md) */
    static const char *const IDX[] = {"former humans", "imps", "hell knights and barons",
                                      "mancubi", "revenants", "arch-viles",
                                      "arch-viles and formers", "former humans (high roll)",
                                      "cyberdemons", "shamblers", "bruisers"};
    for (int i = 0; i < 11; i++)
        CHECK(outcome_of(s, IDX[i]) == i, "single outcome %d is %s", i, IDX[i]);
    static const char *const CIDX[] = {"lost souls", "demons", "cacodemons", "arachnotrons",
                                       "pain elementals", "nightmare demons",
                                       "nightmare arachnotrons", "nightmare cacodemons",
                                       "lava elementals"};
    for (int i = 0; i < 9; i++)
        CHECK(outcome_of(&T->caves, CIDX[i]) == i, "cave outcome %d is %s", i, CIDX[i]);
}

static void room_tables(void)
{
    const special_tables_t *s = &T->special;
    /* fluid room: d10 + floor(dl/5): < 5 water, 5-9 acid, >= 10 lava */
    CHECK(poptable_range_value(&s->fluid, 4) == CELL_WATER, "fluid 4 water");
    CHECK(poptable_range_value(&s->fluid, 5) == CELL_ACID, "fluid 5 acid");
    CHECK(poptable_range_value(&s->fluid, 9) == CELL_ACID, "fluid 9 acid");
    CHECK(poptable_range_value(&s->fluid, 10) == CELL_LAVA, "fluid 10 lava");
    CHECK(s->fluid.die == 10 && s->fluid.dlevel_div == 5, "fluid roll d10 + dl/5");
    /* ammo: d3 + dl: < 5 10mm, 5-10 shells, 11-12 rockets, > 12 cells */
    CHECK(poptable_range_value(&s->ammo, 4) == AMMO_10MM, "ammo 4 10mm");
    CHECK(poptable_range_value(&s->ammo, 5) == AMMO_SHELLS, "ammo 5 shells");
    CHECK(poptable_range_value(&s->ammo, 10) == AMMO_SHELLS, "ammo 10 shells");
    CHECK(poptable_range_value(&s->ammo, 11) == AMMO_ROCKETS, "ammo 11 rockets");
    CHECK(poptable_range_value(&s->ammo, 12) == AMMO_ROCKETS, "ammo 12 rockets");
    CHECK(poptable_range_value(&s->ammo, 13) == AMMO_CELLS, "ammo 13 cells");
    CHECK(s->ammo.die == 3 && s->ammo.dlevel_div == 1, "ammo roll d3 + dl");
    CHECK(s->stacks_x == 1 && s->stacks_n == 3 && s->stacks_k == 2, "ammo stacks d3+2");
    /* size limits, width x height with walls */
    static const struct {
        special_kind_t k;
        int w, h;
        bool fits;
    } L[] = {
        {SPECIAL_WAREHOUSE, 8, 8, true},   {SPECIAL_WAREHOUSE, 7, 8, false},
        {SPECIAL_WAREHOUSE, 78, 20, true}, {SPECIAL_WAREHOUSE, 8, 7, false},
        {SPECIAL_FLUID, 3, 3, true},       {SPECIAL_FLUID, 2, 3, false},
        {SPECIAL_FLUID, 10, 12, true},     /* area 120 */
        {SPECIAL_FLUID, 11, 11, false},    /* area 121 */
        {SPECIAL_FLUID, 40, 3, true},      {SPECIAL_FLUID, 41, 3, false},
        {SPECIAL_FLUID, 6, 20, true},      {SPECIAL_FLUID, 7, 20, false}, /* 140 */
        {SPECIAL_AMMO, 3, 3, true},        {SPECIAL_AMMO, 78, 20, true},
        {SPECIAL_AMMO, 3, 2, false},       {SPECIAL_TELEPORTER, 2, 3, false},
        {SPECIAL_TELEPORTER, 78, 3, true}, {SPECIAL_LEVER, 4, 4, true},
        {SPECIAL_LEVER, 3, 4, false},      {SPECIAL_LEVER, 20, 15, true},
        {SPECIAL_LEVER, 21, 15, false},    {SPECIAL_LEVER, 20, 16, false},
        {SPECIAL_VAULT, 8, 8, true},       {SPECIAL_VAULT, 26, 14, true},
        {SPECIAL_VAULT, 27, 14, false},    {SPECIAL_VAULT, 8, 15, false},
        {SPECIAL_VAULT, 7, 10, false},
    };
    for (size_t i = 0; i < sizeof L / sizeof L[0]; i++) {
        room_t r = {1, 1, (uint8_t)L[i].w, (uint8_t)L[i].h};
        CHECK(special_fits(&s->limits[L[i].k], &r) == L[i].fits, "%s %dx%d %s",
              special_kind_name(L[i].k), L[i].w, L[i].h, L[i].fits ? "fits" : "does not fit");
    }
    /* weights out of 50 */
    static const int WN[SPECIAL__COUNT] = {19, 5, 5, 5, 11, 5};
    static const int WS[SPECIAL__COUNT] = {19, 5, 5, 5, 16, 0};
    CHECK(memcmp(s->weight[LT_NORMAL], WN, sizeof WN) == 0 && s->total[LT_NORMAL] == 50,
          "normal special weights 19/5/5/5/11/5");
    CHECK(memcmp(s->weight[LT_CITY], WN, sizeof WN) == 0, "city special weights as normal");
    CHECK(memcmp(s->weight[LT_SINGLE], WS, sizeof WS) == 0 && s->total[LT_SINGLE] == 50,
          "single special weights 19/5/5/5/16/0");
}

/* The four-rooms-at-a-time fit test against special_fits room by room:
 * random room lists (any bytes, any length) and random limits, the loaded
 * ones among them. */
static void fitting_twins(void)
{
    static level_t lv;
    rng_t r;
    rng_stream(&r, 31, 0, RNG_LAYOUT);
    long bad = 0;
    for (int t = 0; t < 20000; t++) {
        lv.nrooms = (int)rng_below(&r, LEVEL_MAX_ROOMS + 1);
        for (int j = 0; j < lv.nrooms; j++) {
            const int big = (int)rng_below(&r, 8) == 0 ? 255 : 40;
            lv.rooms[j] = (room_t){(uint8_t)rng_below(&r, 256), (uint8_t)rng_below(&r, 256),
                                   (uint8_t)rng_below(&r, (uint32_t)big + 1),
                                   (uint8_t)rng_below(&r, (uint32_t)big / 2 + 1)};
        }
        special_limits_t l;
        if (t % 4 == 0) {
            l = T->special.limits[t / 4 % SPECIAL__COUNT];
        } else {
            l.wmin = rng_range(&r, 0, 40);
            l.wmax = rng_range(&r, l.wmin, GRID_W);
            l.hmin = rng_range(&r, 0, 15);
            l.hmax = rng_range(&r, l.hmin, GRID_H);
            l.area_max = rng_chance(&r, 1, 3) ? 0 : rng_range(&r, 1, GRID_W * GRID_H);
        }
        uint64_t fast[2], slow[2] = {0, 0};
        special_fitting(&lv, &l, fast);
        for (int j = 0; j < lv.nrooms; j++)
            slow[j >> 6] |= (uint64_t)special_fits(&l, &lv.rooms[j]) << (j & 63);
        bad += fast[0] != slow[0] || fast[1] != slow[1];
    }
    CHECK(bad == 0, "special_fitting equals special_fits on 20000 room lists "
                    "(%ld differ)",
          bad);
}

/* ---- statistics ---- */

/* Cave levels: roll uniform over shift+1..shift+5 and outcomes as docs/rules.md. */
static void cave_stats(const char *what, int dl, int diff, const expect_t *e)
{
    enum { N = 100000 };
    static level_t lv;
    const pop_table_t *c = &T->caves;
    int shift = dl + 3 * (diff - 2) - 3;
    long rolls[5] = {0}, outc[POP_MAX_OUTCOMES] = {0};
    long bad_roll = 0, mixed = 0, wrong_kind = 0, bad_budget = 0;
    long arach_rows = 0, pain = 0, high_rows = 0, lava = 0;
    int o_pain = outcome_of(c, "pain elementals"), o_lava = outcome_of(c, "lava elementals");
    for (int i = 0; i < N; i++) {
        run_prepared(&lv, LT_CAVES, dl, diff, 5010 + (uint64_t)(dl * 10 + diff), (uint64_t)i);
        int r = lv.obs.roll.cave - shift - 1;
        if (r < 0 || r > 4) {
            bad_roll++;
            continue;
        }
        rolls[r]++;
        int oc = lv.obs.roll.cave_outcome;
        outc[oc]++;
        int roll = lv.obs.roll.cave;
        arach_rows += roll >= 20 && roll <= 49;
        pain += oc == o_pain;
        high_rows += roll >= 81;
        lava += oc == o_lava;
        int kind = c->outcome[oc].part[0].mix[0];
        int kinds = 0;
        for (int k = 0; k < MONSTER_KINDS_MAX; k++)
            kinds += lv.obs.monsters_by_kind[k] > 0;
        mixed += kinds != 1;
        wrong_kind += lv.obs.monsters_by_kind[kind] != lv.obs.monsters;
        /* overshoot: placed danger reaches the budget, by less than one monster */
        int dg = T->monsters->kind[kind].danger;
        bad_budget += lv.obs.danger_placed < lv.obs.budget ||
                      lv.obs.danger_placed >= lv.obs.budget + dg;
    }
    char buf[128];
    CHECK(bad_roll == 0, "%s: cave roll outside d5 + %d (%ld)", what, shift, bad_roll);
    CHECK(mixed == 0 && wrong_kind == 0, "%s: one monster kind per cave (%ld, %ld)", what, mixed,
          wrong_kind);
    CHECK(bad_budget == 0, "%s: danger placed within one monster over budget (%ld)", what,
          bad_budget);
    double pu[5] = {0.2, 0.2, 0.2, 0.2, 0.2};
    snprintf(buf, sizeof buf, "%s: cave roll uniform on %d..%d", what, shift + 1, shift + 5);
    chisq_check(buf, rolls, pu, 5, N);
    double p[POP_MAX_OUTCOMES] = {0};
    for (; e->name; e++)
        p[outcome_of(c, e->name)] = e->p;
    snprintf(buf, sizeof buf, "%s: cave outcomes", what);
    chisq_check(buf, outc, p, c->noutcomes, N);
    /* the UV/N! replacements, conditional on their rows */
    if (diff >= DIFF_UV && arach_rows > 0) {
        snprintf(buf, sizeof buf, "%s: roll 20-49 pain elementals 1/5", what);
        binom_check(buf, pain, arach_rows, 0.2);
    }
    if (diff >= DIFF_UV && high_rows > 0) {
        snprintf(buf, sizeof buf, "%s: roll >= 81 lava elementals 1/5", what);
        binom_check(buf, lava, high_rows, 0.2);
    }
    if (diff < DIFF_UV)
        CHECK(pain == 0 && lava == 0, "%s: no replacements below UV", what);
}

static void caves(void)
{
    printf("caves (prepared cleared maps, %d levels per line):\n", 100000);
    /* ITYTD dl 12: d5 + 6 = 7..11: 7-9 lost souls 3/5, 10-11 demons 2/5 */
    static const expect_t A[] = {{"lost souls", 0.6}, {"demons", 0.4}, {NULL, 0}};
    cave_stats("ITYTD dl 12", 12, DIFF_ITYTD, A);
    /* HMP dl 18: d5 + 18 = 19..23: 19 cacodemons 1/5, 20-23 arachnotrons 4/5 (no pain on HMP) */
    static const expect_t B[] = {{"cacodemons", 0.2}, {"arachnotrons", 0.8}, {NULL, 0}};
    cave_stats("HMP dl 18", 18, DIFF_HMP, B);
    /* N! dl 10: d5 + 16 = 17..21: 17-19 cacodemons 3/5; 20-21 (2/5): arachnotrons
     * 4/5 -> 8/25, pain 1/5 -> 2/25 */
    static const expect_t C[] = {{"cacodemons", 0.6}, {"arachnotrons", 8.0 / 25},
                                 {"pain elementals", 2.0 / 25}, {NULL, 0}};
    cave_stats("N! dl 10", 10, DIFF_NIGHTMARE, C);
    /* UV dl 75: d5 + 78 = 79..83: 79-80 (2/5) nightmare thirds -> 2/15 each; 81-83 (3/5):
     * lava 1/5 -> 3/25, nightmare 4/5 * 1/3 -> 4/25 each; so each nightmare kind
     * 2/15 + 4/25 = 22/75, lava 9/75 */
    static const expect_t D[] = {{"nightmare demons", 22.0 / 75},
                                 {"nightmare arachnotrons", 22.0 / 75},
                                 {"nightmare cacodemons", 22.0 / 75},
                                 {"lava elementals", 9.0 / 75}, {NULL, 0}};
    cave_stats("UV dl 75", 75, DIFF_UV, D);
}

/* Single-monster levels on prepared maps: roll uniform, outcomes as docs/rules.md,
 * the 1/3 and 1/7 conditionals, composition of each outcome. */
static void single_stats(const char *what, int dl, int diff, const expect_t *e, bool conditionals)
{
    enum { N = 100000 };
    static level_t lv;
    const pop_table_t *s = &T->single;
    int shift = dl + 3 * (diff - 2) - 4;
    if (shift > 20)
        shift = 20;
    long rolls[10] = {0}, outc[POP_MAX_OUTCOMES] = {0};
    long bad_roll = 0, bad_kind = 0, bad_split = 0;
    long arch_rolls = 0, arch_mixed = 0, high_rolls = 0, harder = 0;
    int o_arch = outcome_of(s, "arch-viles"), o_mixed = outcome_of(s, "arch-viles and formers");
    int o_fh = outcome_of(s, "former humans (high roll)");
    int k_arch = kind_of("arch");
    for (int i = 0; i < N; i++) {
        run_prepared(&lv, LT_SINGLE, dl, diff, 5020 + (uint64_t)(dl * 10 + diff), (uint64_t)i);
        int roll = lv.obs.roll.single;
        if (roll < shift + 1 || roll > shift + 10) {
            bad_roll++;
            continue;
        }
        rolls[roll - shift - 1]++;
        int oc = lv.obs.roll.single_outcome;
        outc[oc]++;
        if (roll == 26 || roll == 27) {
            arch_rolls++;
            arch_mixed += oc == o_mixed;
        }
        if (roll >= 28) {
            high_rolls++;
            harder += oc != o_fh;
        }
        /* every monster belongs to the outcome's parts */
        bool allowed[MONSTER_KINDS_MAX] = {false};
        const pop_outcome_t *o = &s->outcome[oc];
        for (int p = 0; p < o->nparts; p++)
            for (int m = 0; m < o->part[p].nmix; m++)
                allowed[o->part[p].mix[m]] = true;
        for (int m = 0; m < lv.nmonsters; m++)
            bad_kind += !allowed[lv.monster[m].kind];
        if (oc == o_mixed) {
            /* half the budget each: the arch-vile part spends floor(budget/2) and may
             * overshoot it by less than one arch-vile (danger 14) */
            int half = lv.obs.budget / 2;
            int arch_danger = lv.obs.monsters_by_kind[k_arch] * 14;
            bad_split += arch_danger < half || arch_danger >= half + 14;
        }
        if (oc == o_arch)
            bad_kind += lv.obs.monsters_by_kind[k_arch] != lv.obs.monsters;
    }
    char buf[128];
    CHECK(bad_roll == 0, "%s: single roll outside d10 + %d (%ld)", what, shift, bad_roll);
    CHECK(bad_kind == 0, "%s: monsters belong to their outcome (%ld)", what, bad_kind);
    CHECK(bad_split == 0, "%s: mixed arch-viles spend half the budget (%ld)", what, bad_split);
    double pu[10];
    for (int i = 0; i < 10; i++)
        pu[i] = 0.1;
    snprintf(buf, sizeof buf, "%s: single roll uniform on %d..%d", what, shift + 1, shift + 10);
    chisq_check(buf, rolls, pu, 10, N);
    double p[POP_MAX_OUTCOMES] = {0};
    for (; e->name; e++)
        p[outcome_of(s, e->name)] = e->p;
    snprintf(buf, sizeof buf, "%s: single outcomes", what);
    chisq_check(buf, outc, p, s->noutcomes, N);
    if (conditionals) {
        snprintf(buf, sizeof buf, "%s: roll 26-27 mixed arch-viles 1/3", what);
        binom_check(buf, arch_mixed, arch_rolls, 1.0 / 3);
        snprintf(buf, sizeof buf, "%s: roll 28-30 harder level 1/7", what);
        binom_check(buf, harder, high_rolls, 1.0 / 7);
    }
}

static void singles(void)
{
    printf("single monster (prepared cleared maps, %d levels per line):\n", 100000);
    /* HMP dl 16: d10 + 15 = 16..25: 16 formers 1/10, 17-18 imps 2/10, 19-20 knights and
     * barons 2/10, 21-23 mancubi 3/10, 24-25 revenants 2/10 */
    static const expect_t A[] = {{"former humans", 0.1}, {"imps", 0.2},
                                 {"hell knights and barons", 0.2}, {"mancubi", 0.3},
                                 {"revenants", 0.2}, {NULL, 0}};
    single_stats("HMP dl 16", 16, DIFF_HMP, A, false);
    /* N! dl 60: d10 + 20 = 21..30: mancubi 3/10, revenants 2/10, arch-viles 2/10 *
     * 2/3 = 2/15, mixed 1/15, formers 3/10 * 6/7 = 9/35, each harder 3/10 * 1/7 * 1/3 =
     * 1/70 */
    static const expect_t B[] = {{"mancubi", 0.3}, {"revenants", 0.2},
                                 {"arch-viles", 2.0 / 15}, {"arch-viles and formers", 1.0 / 15},
                                 {"former humans (high roll)", 9.0 / 35},
                                 {"cyberdemons", 1.0 / 70}, {"shamblers", 1.0 / 70},
                                 {"bruisers", 1.0 / 70}, {NULL, 0}};
    single_stats("N! dl 60", 60, DIFF_NIGHTMARE, B, true);
    /* UV dl 50: d10 + 20 again, but dlevel 50 is not > 50: no harder level */
    static const expect_t C[] = {{"mancubi", 0.3}, {"revenants", 0.2},
                                 {"arch-viles", 2.0 / 15}, {"arch-viles and formers", 1.0 / 15},
                                 {"former humans (high roll)", 0.3}, {NULL, 0}};
    single_stats("UV dl 50", 50, DIFF_UV, C, false);
}

/* Standard picks: the first monster of a level is one weighted draw among the
 * eligible kinds, so its kind follows the weights exactly. */
static void standard_first_pick(void)
{
    enum { N = 100000 };
    static level_t lv;
    long first[MONSTER_KINDS_MAX] = {0};
    for (int i = 0; i < N; i++) {
        run_prepared(&lv, LT_NORMAL, 1, DIFF_HMP, 503, (uint64_t)i);
        first[lv.monster[0].kind]++;
    }
    /* HMP dl 1: former 10, sergeant 10, imp 8, demon 6 (of 34) */
    double p[MONSTER_KINDS_MAX] = {0};
    p[kind_of("former")] = 10.0 / 34;
    p[kind_of("sergeant")] = 10.0 / 34;
    p[kind_of("imp")] = 8.0 / 34;
    p[kind_of("demon")] = 6.0 / 34;
    printf("standard monsters:\n");
    chisq_check("HMP dl 1: first monster by weight 10/10/8/6", first, p, T->monsters->n, N);
}

/* Hunting: arena monsters each hunt with probability 1/2, others never. */
static void hunting(void)
{
    enum { N = 100000 };
    static level_t lv;
    long mons = 0, hunt = 0, bad_count = 0, in_box = 0;
    for (int i = 0; i < N; i++) {
        run_prepared(&lv, LT_ARENA, 10, DIFF_HMP, 504, (uint64_t)i);
        int h = 0;
        for (int m = 0; m < lv.nmonsters; m++) {
            h += lv.monster[m].hunting;
            in_box += lv.monster[m].x >= 34 && lv.monster[m].x <= 42 && lv.monster[m].y >= 8 &&
                      lv.monster[m].y <= 12;
        }
        bad_count += h != lv.obs.hunting;
        mons += lv.nmonsters;
        hunt += h;
    }
    printf("hunting (arena HMP dl 10, %d prepared levels):\n", N);
    CHECK(bad_count == 0, "obs.hunting counts the hunting monsters");
    CHECK(in_box == 0, "no monster in the arena's keep-out box (%ld)", in_box);
    binom_check("arena: hunting fraction 1/2 (binomial over monsters)", hunt, mons, 0.5);
    long normal_hunt = 0;
    for (int i = 0; i < 10000; i++) {
        run_prepared(&lv, LT_NORMAL, 10, DIFF_HMP, 505, (uint64_t)i);
        normal_hunt += lv.obs.hunting;
    }
    CHECK(normal_hunt == 0, "no hunting outside the arena (%ld over 10^4 levels)", normal_hunt);
}

/* Item counts: exact for every type but maze; maze d8+10 uniform on 11..18. */
static void items(void)
{
    enum { N = 10000, NMAZE = 100000 };
    static level_t lv;
    /* by hand: formula ceil(21 - max(25 - dl, 0)/3) and single floor(1.5 x formula) */
    static const int DL[6] = {1, 2, 5, 10, 24, 30};
    static const int FORMULA[6] = {13, 14, 15, 16, 21, 21}; /* 21-8, 21-7.67, 21-6.67, 21-5, 21-0.33, 21 */
    static const int SINGLE[6] = {19, 21, 22, 24, 31, 31};  /* 19.5, 21, 22.5, 24, 31.5, 31.5 */
    for (int t = 0; t < LT__COUNT; t++) {
        if (t == LT_MAZE)
            continue;
        long bad = 0;
        for (int i = 0; i < N; i++) {
            int dl = DL[i % 6];
            run_prepared(&lv, (level_type_t)t, dl, 1 + i % 5, 506, (uint64_t)i);
            int want = t == LT_CAVES || t == LT_ARENA ? 10
                       : t == LT_SINGLE              ? SINGLE[i % 6]
                                                     : FORMULA[i % 6];
            bad += lv.obs.items != want || lv.nitems != want;
        }
        CHECK(bad == 0, "%s: item count exact over %d levels (%ld wrong)",
              level_type_name((level_type_t)t), N, bad);
    }
    long hist[8] = {0}, out = 0;
    for (int i = 0; i < NMAZE; i++) {
        run_prepared(&lv, LT_MAZE, 10, DIFF_HMP, 507, (uint64_t)i);
        if (lv.nitems < 11 || lv.nitems > 18)
            out++;
        else
            hist[lv.nitems - 11]++;
    }
    CHECK(out == 0, "maze items within 11..18 (%ld outside)", out);
    double p[8];
    for (int i = 0; i < 8; i++)
        p[i] = 1.0 / 8;
    printf("items:\n");
    chisq_check("maze: d8+10 uniform on 11..18", hist, p, 8, NMAZE);
}

/* Special rooms on walled normal and single levels: 7d2-7 ~ binomial(7, 1/2),
 * drawn kinds (placed or skipped) by the /50 weights, fluid rooms filled. */
static void special_stats(level_type_t t, int dl, const int w[SPECIAL__COUNT])
{
    enum { N = 100000 };
    static level_t lv;
    long count[8] = {0}, drawn[SPECIAL__COUNT] = {0}, bad = 0, bad_fill = 0, bad_roll = 0;
    long fluid_roll[10] = {0}, fluid_n = 0, bad_ammo = 0;
    for (int i = 0; i < N; i++) {
        run_layout(&lv, t, dl, DIFF_HMP, 5080 + (uint64_t)t, (uint64_t)i);
        int n = lv.obs.special_rolled, placed = 0;
        count[n]++;
        for (int k = 0; k < SPECIAL__COUNT; k++) {
            drawn[k] += lv.obs.special_placed[k] + lv.obs.special_skipped[k];
            placed += lv.obs.special_placed[k];
            n -= lv.obs.special_placed[k] + lv.obs.special_skipped[k];
        }
        bad += n != 0 || placed != lv.nspecial;
        /* each placed feature sits in its own room, inside its limits */
        for (int a = 0; a < lv.nspecial; a++) {
            const room_t *rm = &lv.rooms[lv.special[a].room];
            bad += !special_fits(&T->special.limits[lv.special[a].kind], rm);
            for (int b = 0; b < a; b++)
                bad += lv.special[a].room == lv.special[b].room;
            if (lv.special[a].kind != SPECIAL_FLUID)
                continue;
            /* the whole interior is one fluid; at dl 25 it is acid or lava */
            cell_t k0 = grid_get(&lv.map, rm->x + 1, rm->y + 1);
            for (int y = rm->y + 1; y < rm->y + rm->h - 1; y++)
                for (int x = rm->x + 1; x < rm->x + rm->w - 1; x++) {
                    cell_t c = grid_get(&lv.map, x, y);
                    bad_fill += c != k0 && c != CELL_STAIRS && c != CELL_DOOR;
                }
            bad_fill += dl == 25 && k0 != CELL_ACID && k0 != CELL_LAVA;
        }
        if (lv.obs.roll.fluid_room >= 0) {
            /* d10 + floor(25/5) = 6..15 */
            int r = lv.obs.roll.fluid_room - dl / 5 - 1;
            if (r < 0 || r > 9)
                bad_roll++;
            else
                fluid_roll[r]++;
            fluid_n++;
            int fk = lv.obs.roll.fluid_room_kind;
            bad_roll += (lv.obs.roll.fluid_room < 10) != (fk == CELL_ACID) ||
                        (lv.obs.roll.fluid_room >= 10) != (fk == CELL_LAVA);
        }
        if (lv.obs.roll.ammo >= 0) {
            /* stacks d3+2, kind by d3 + 25 = 26..28: cells */
            bad_ammo += lv.obs.roll.ammo_stacks < 3 || lv.obs.roll.ammo_stacks > 5 ||
                        lv.obs.roll.ammo < dl + 1 || lv.obs.roll.ammo > dl + 3 ||
                        lv.obs.roll.ammo_kind != AMMO_CELLS;
        }
    }
    char buf[128];
    const char *tn = level_type_name(t);
    CHECK(bad == 0, "%s: special room bookkeeping and limits (%ld)", tn, bad);
    CHECK(bad_fill == 0, "%s: fluid rooms fill their interior with one fluid (%ld)", tn, bad_fill);
    CHECK(bad_roll == 0, "%s: fluid room roll and kind (%ld)", tn, bad_roll);
    CHECK(bad_ammo == 0, "%s: ammo room stacks and kind (%ld)", tn, bad_ammo);
    /* 7d2-7: each d2-1 is 0/1 with 1/2, so binomial(7, 1/2): C(7,k)/128 */
    static const double B7[8] = {1.0 / 128,  7.0 / 128,  21.0 / 128, 35.0 / 128,
                                 35.0 / 128, 21.0 / 128, 7.0 / 128,  1.0 / 128};
    snprintf(buf, sizeof buf, "%s: special room count 7d2-7 = binomial(7, 1/2)", tn);
    chisq_check(buf, count, B7, 8, N);
    double p[SPECIAL__COUNT];
    long total = 0;
    for (int k = 0; k < SPECIAL__COUNT; k++) {
        p[k] = w[k] / 50.0;
        total += drawn[k];
    }
    snprintf(buf, sizeof buf, "%s: drawn kinds by the /50 weights", tn);
    chisq_check(buf, drawn, p, SPECIAL__COUNT, total);
    if (fluid_n > 0) {
        double pu[10];
        for (int i = 0; i < 10; i++)
            pu[i] = 0.1;
        snprintf(buf, sizeof buf, "%s: last fluid room roll d10 + 5 uniform", tn);
        chisq_check(buf, fluid_roll, pu, 10, fluid_n);
    }
}

static void specials(void)
{
    printf("special rooms (layout + population, HMP dl 25, %d per type):\n", 100000);
    /* warehouse 19, fluid 5, ammo 5, teleporter 5, lever 11, vault 5 */
    static const int WN[SPECIAL__COUNT] = {19, 5, 5, 5, 11, 5};
    special_stats(LT_NORMAL, 25, WN);
    /* single monster: lever 16, vault 0 */
    static const int WS[SPECIAL__COUNT] = {19, 5, 5, 5, 16, 0};
    special_stats(LT_SINGLE, 25, WS);
}

/* The [decision] alternative for the last monster: with last_monster "stop"
 * a monster that costs more than what is left is not placed, so the danger
 * placed never exceeds the budget and falls short of it by less than the
 * dearest eligible kind (the loop stops at the first that does not fit). */
static void last_monster_stop(void)
{
    enum { N = 10000 };
    char err[256], origin[64];
    size_t len;
    char *text = data_read("population.json", &len, origin, sizeof origin, err, sizeof err);
    char *at = text ? strstr(text, "\"rule\": \"overshoot\"") : NULL;
    CHECK(at != NULL, "population.json has last_monster overshoot");
    if (!at) {
        free(text);
        return;
    }
    /* splice "stop" in place of "overshoot" */
    size_t pre = (size_t)(at - text), oldlen = strlen("\"rule\": \"overshoot\"");
    char *mod = malloc(len + 1);
    memcpy(mod, text, pre);
    size_t n = pre + (size_t)sprintf(mod + pre, "\"rule\": \"stop\"");
    memcpy(mod + n, at + oldlen, len - pre - oldlen);
    n += len - pre - oldlen;
    pop_tables_t *pt = malloc(sizeof *pt);
    bool ok = poptable_parse(pt, T->monsters, mod, n, "stop.json", err, sizeof err);
    CHECK(ok && pt->last_monster == POP_LAST_STOP, "last_monster stop parses: %s", err);
    long over = 0, short_by = 0;
    static level_t lv;
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    for (int i = 0; ok && i < N; i++) {
        prepare(&lv, LT_NORMAL, 1 + i % 30, 1 + i % 5);
        rng_t r;
        rng_stream(&r, 511, (uint64_t)i, RNG_POPULATE);
        populate_with(&lv, &p, pt, &r);
        int maxd = 0;
        for (int k = 0; k < T->monsters->n; k++)
            if (populate_eligible(T, k, lv.dlevel, lv.difficulty) &&
                T->monsters->kind[k].danger > maxd)
                maxd = T->monsters->kind[k].danger;
        over += lv.obs.danger_placed > lv.obs.budget;
        short_by += lv.obs.budget - lv.obs.danger_placed >= maxd;
    }
    CHECK(over == 0, "stop: danger placed never above the budget (%ld of %d)", over, N);
    CHECK(short_by == 0, "stop: short of the budget by less than the dearest kind (%ld)",
          short_by);
    free(pt);
    free(mod);
    free(text);
}

/* The per-thread cache of the standard monster mix follows the table, not
 * its address: a table parsed anew into the same memory (with a former
 * human's weight 10 -> 1, which changes the monsters drawn) must give the
 * levels a table parsed elsewhere gives. */
/* The monsters of level i, as a hash of its monster list. */
static uint64_t populate_into(const pop_tables_t *pt, int i)
{
    static level_t lv;
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    prepare(&lv, LT_NORMAL, 5, 3); /* one dlevel: the cache's key stays */
    rng_t r;
    rng_stream(&r, 77, (uint64_t)i, RNG_POPULATE);
    populate_with(&lv, &p, pt, &r);
    uint64_t h = (uint64_t)lv.nmonsters;
    for (int k = 0; k < lv.nmonsters; k++)
        h = h * 1000003u + (uint64_t)lv.monster[k].kind * 65536u + lv.monster[k].x * 256u +
            lv.monster[k].y;
    return h;
}

static void mix_cache_follows_table(void)
{
    enum { N = 200 };
    char err[256], origin[64];
    size_t mlen, plen;
    char *mtext = data_read("monsters.json", &mlen, origin, sizeof origin, err, sizeof err);
    char *ptext = data_read("population.json", &plen, origin, sizeof origin, err, sizeof err);
    char *w = mtext ? strstr(mtext, "\"weight\": 10,") : NULL;
    CHECK(w && ptext, "monsters.json has a weight 10 row; population.json readable");
    if (!w || !ptext) {
        free(mtext);
        free(ptext);
        return;
    }
    char *mod = malloc(mlen + 1);
    memcpy(mod, mtext, mlen + 1);
    memcpy(mod + (w - mtext), "\"weight\":  1,", strlen("\"weight\": 10,"));
    static monster_table_t same, other;
    pop_tables_t *pt_same = malloc(sizeof *pt_same), *pt_other = malloc(sizeof *pt_other);
    static uint64_t first[N], again[N], elsewhere[N];
    bool ok = monsters_parse(&same, mtext, mlen, "m.json", err, sizeof err) &&
              poptable_parse(pt_same, &same, ptext, plen, "p.json", err, sizeof err);
    for (int i = 0; ok && i < N; i++) /* the cache filled from the first table */
        first[i] = populate_into(pt_same, i);
    ok = ok && monsters_parse(&same, mod, mlen, "m.json", err, sizeof err) &&
         poptable_parse(pt_same, &same, ptext, plen, "p.json", err, sizeof err) &&
         monsters_parse(&other, mod, mlen, "m.json", err, sizeof err) &&
         poptable_parse(pt_other, &other, ptext, plen, "p.json", err, sizeof err);
    CHECK(ok, "tables parse: %s", err);
    for (int i = 0; ok && i < N; i++)
        again[i] = populate_into(pt_same, i);
    for (int i = 0; ok && i < N; i++)
        elsewhere[i] = populate_into(pt_other, i);
    int differ = 0, changed = 0;
    for (int i = 0; ok && i < N; i++) {
        differ += again[i] != elsewhere[i];
        changed += first[i] != elsewhere[i];
    }
    CHECK(ok && changed > 0, "the weight change changes some levels (%d of %d)", changed, N);
    CHECK(ok && differ == 0, "a table reparsed in place gives its own monsters (%d of %d differ)",
          differ, N);
    free(pt_same);
    free(pt_other);
    free(mod);
    free(mtext);
    free(ptext);
}

/* Placement invariants over full normal levels and prepared levels of every
 * type: nothing on a hazard, wall, door or stairs; no two things share a
 * cell; nothing on the start; counts agree with the lists. */
static void invariants(void)
{
    enum { N = 10000 };
    static level_t lv;
    long bad_cell = 0, bad_overlap = 0, bad_counts = 0, bad_budget = 0, fails = 0;
    for (int i = 0; i < 2 * N; i++) {
        level_type_t t = (level_type_t)(i % LT__COUNT);
        int dl = 1 + (i * 7) % 60, diff = 1 + i % 5;
        if (i < N)
            run_full(&lv, i % 2 ? LT_NORMAL : LT_SINGLE, dl, diff, 509, (uint64_t)i);
        else
            run_prepared(&lv, t, dl, diff, 510, (uint64_t)i);
        fails += lv.obs.failure != FAIL_NONE;
        static uint8_t used[GRID_CELLS];
        memset(used, 0, sizeof used);
        used[GRID_IDX(lv.start.x, lv.start.y)] = 1;
        for (int s = 0; s < lv.nstairs; s++)
            used[GRID_IDX(lv.stairs[s].x, lv.stairs[s].y)] = 1;
        long by_kind = 0, danger = 0, hunt = 0;
        for (int m = 0; m < lv.nmonsters; m++) {
            const monster_t *mo = &lv.monster[m];
            cell_t c = grid_get(&lv.map, mo->x, mo->y);
            bad_cell += c != CELL_FLOOR && c != CELL_WATER && c != CELL_BRIDGE;
            bad_overlap += used[GRID_IDX(mo->x, mo->y)]++ != 0;
            danger += T->monsters->kind[mo->kind].danger;
            hunt += mo->hunting;
        }
        for (int it = 0; it < lv.nitems; it++) {
            cell_t c = grid_get(&lv.map, lv.item[it].x, lv.item[it].y);
            bad_cell += c != CELL_FLOOR && c != CELL_WATER && c != CELL_BRIDGE;
            bad_overlap += used[GRID_IDX(lv.item[it].x, lv.item[it].y)]++ != 0;
        }
        for (int k = 0; k < MONSTER_KINDS_MAX; k++)
            by_kind += lv.obs.monsters_by_kind[k];
        bad_counts += by_kind != lv.nmonsters || lv.obs.monsters != lv.nmonsters ||
                      danger != lv.obs.danger_placed || hunt != lv.obs.hunting ||
                      lv.obs.items != lv.nitems ||
                      lv.obs.first_monster != (lv.nmonsters ? lv.monster[0].kind : -1);
        /* the budget is spent: overshoot by less than the most expensive kind (30) */
        bad_budget += lv.obs.danger_placed < lv.obs.budget ||
                      lv.obs.danger_placed >= lv.obs.budget + 30;
        bad_budget += lv.obs.budget !=
                      populate_budget(T, &RS->type[lv.type], lv.dlevel, lv.difficulty);
    }
    printf("invariants over %d full and %d prepared levels\n", N, N);
    CHECK(bad_cell == 0, "monsters and items on floor, water or bridge only (%ld)", bad_cell);
    CHECK(bad_overlap == 0, "no two things on one cell, none on start or stairs (%ld)",
          bad_overlap);
    CHECK(bad_counts == 0, "observation counts and the first monster agree with the lists (%ld)",
          bad_counts);
    CHECK(bad_budget == 0, "budget recorded and spent with overshoot < 30 (%ld)", bad_budget);
    CHECK(fails == 0, "no generation failures (%ld)", fails);
}

int main(void)
{
    RS = test_tables(NULL)->rules;
    T = test_tables(NULL)->pop;
    if (!RS || !T)
        return 1;
    static void (*const STEPS[])(void) = {
        loaders,  budget_hand, items_hand,          windows_hand, cave_boundaries,
        single_boundaries, room_tables, fitting_twins, caves, singles, standard_first_pick,
        hunting,  items,       specials,            invariants, last_monster_stop,
        mix_cache_follows_table,
    };
    for (size_t i = 0; i < sizeof STEPS / sizeof STEPS[0]; i++) {
        clock_t t0 = clock();
        STEPS[i]();
        printf("  [step %zu: %.1f s cpu]\n", i, (double)(clock() - t0) / CLOCKS_PER_SEC);
    }
    return test_summary("populate");
}

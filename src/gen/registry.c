/* registry.c - see registry.h: the rulesets' entries, their loaders and the
 * adapters that give their steps one shape. */
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "census_layout.h"
#include "episode.h"
#include "game/game_level.h"
#include "game/glay.h"
#include "game/gpop.h"
#include "jsonutil.h"
#include "layouts/layouts.h"
#include "populate.h"
#include "ref/ref.h"
#include "tables.h"
#include "water.h"

/* The rulesets' names: every other file asks RULESET_DEFS (the default
 * first) or registry_find. */
#define RULESET_WIKI "wiki-0.9.9.3"
#define RULESET_GAME "game-0.9.9.7"
#define RULESET_GAME10 "game-0.10.10b"

/* A table set and the storage of all its tables, in one allocation (the
 * loaders fill what their ruleset has). */
typedef struct tables_store {
    tables_t t; /* first: a tables_t * is the store's */
    ruleset_t rules;
    water_tables_t water;
    arena_table_t arena;
    walled_data_t walled;
    monster_table_t monsters;
    pop_tables_t pop;
    gpop_tables_t gpop;
    glay_tables_t glay;
    episode_t episode;
    tally_names_t bins;
    char root[REGISTRY_ROOT_MAX];
    /* a manifest's ruleset: its name, its entry, the files it replaces */
    char name[16]; /* short: "NAME/population.json" names a file of its id */
    ruleset_def_t def;
    char replaced_name[TABLES_MAX][64];
    const char *replaced[TABLES_MAX + 1];
    bool const_set[REGISTRY_MAX_CONSTS]; /* the manifest's constants */
    int const_value[REGISTRY_MAX_CONSTS];
} tables_store_t;

/* Copy def's constants table (n bytes) into `into`, then the manifest's. */
static void load_constants(const tables_store_t *s, void *into, size_t n)
{
    const ruleset_def_t *def = s->t.def;
    memcpy(into, def->consts, n);
    for (int i = 0; def->const_names && def->const_names[i].name; i++)
        if (s->const_set[i])
            memcpy((char *)into + def->const_names[i].offset, &s->const_value[i], sizeof(int));
}

tables_t *registry_alloc(void)
{
    tables_store_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->t.rules = &s->rules;
    s->t.bin_names = &s->bins;
    return &s->t;
}

void registry_free(const tables_t *t)
{
    free((tables_store_t *)t); /* the store's first member */
}

char *registry_root(tables_t *t)
{
    return ((tables_store_t *)t)->root;
}

/* ---- names of report bins ----------------------------------------------- */

/* Name the report bins of kind k, those of histogram `hist`, by n names
 * (tables_t.bin_names; the strings live in the loaded tables).  False with a
 * one-line error in err naming files, the data that names them. */
static bool name_bins(tally_names_t *into, tally_named_t k, const char *hist,
                      const char *const *names, int n, const char *files, char *err,
                      size_t errlen)
{
    if (tables_name_bins(into, k, names, n))
        return true;
    snprintf(err, errlen, "%s: names a report cannot give the bins of %s (more than its "
                          "bins, empty, repeated or digits only)",
             files, hist);
    return false;
}

/* The monster ids of m as the bins of monsters_by_kind and first_monster. */
static bool name_monsters(tally_names_t *into, const monster_table_t *m, const char *file,
                          char *err, size_t errlen)
{
    const char *names[MONSTER_KINDS_MAX];
    for (int i = 0; i < m->n; i++)
        names[i] = m->kind[i].id;
    return name_bins(into, TALLY_NAMED_MONSTER, "monsters_by_kind", names, m->n, file, err,
                     errlen);
}

/* The cell kinds as the bins of seen_start_cell: every kind before mud (the
 * reports named them all before later kinds existed, CELL_GAME_KINDS) and
 * the ruleset's further kinds, so that a kind added for one ruleset leaves
 * the other rulesets' reports as they were. */
static bool name_cells(tally_names_t *into, const ruleset_def_t *def, char *err, size_t errlen)
{
    const int n = def->cell_kinds > CELL_GAME_KINDS ? def->cell_kinds : CELL_GAME_KINDS;
    return name_bins(into, TALLY_NAMED_CELL, "seen_start_cell", CELL_NAMES, n, "src/base/grid.c",
                     err, errlen);
}

/* The fluids as the bins of river_fluid, fluid_kind and game_lake_fluid:
 * water, acid and lava on every ruleset, mud and blood where the ruleset
 * draws them (the same rule as name_cells). */
static bool name_fluids(tally_names_t *into, const ruleset_def_t *def, char *err, size_t errlen)
{
    static const cell_t FLUIDS[] = {CELL_WATER, CELL_ACID, CELL_LAVA, CELL_MUD, CELL_BLOOD};
    const char *names[sizeof FLUIDS / sizeof FLUIDS[0]];
    int n = 0;
    for (size_t i = 0; i < sizeof FLUIDS / sizeof FLUIDS[0]; i++)
        if (FLUIDS[i] < CELL_GAME_KINDS || (int)FLUIDS[i] < def->cell_kinds)
            names[n++] = cell_name(FLUIDS[i]);
    return name_bins(into, TALLY_NAMED_FLUID, "river_fluid", names, n, "src/base/grid.c", err,
                     errlen);
}

/* ---- wiki-0.9.9.3 ------------------------------------------------------- */

/* Every file of data/ a generation reads, by name (the loaders below read
 * them; test_ruleset holds this list equal to what tables_load reads).
 * Not expectations.json: the checks, not the rules. */
static const char *const WIKI_FILES[] = {
    "arena.txt",   "monsters.json",  "population.json", "ruleset.json",
    "smallrooms.txt", "walled.json", "water.json", NULL,
};
_Static_assert(sizeof WIKI_FILES / sizeof WIKI_FILES[0] - 1 <= TABLES_MAX, "TABLES_MAX");

static bool load_wiki(tables_t *t, char *err, size_t errlen)
{
    tables_store_t *s = (tables_store_t *)t;
    if (!water_tables_load(&s->water, &t->src, "water.json", err, errlen) ||
        !arena_table_load(&s->arena, &t->src, "arena.txt", err, errlen) ||
        !walled_data_load(&s->walled, &t->src, err, errlen) ||
        !monsters_load(&s->monsters, &t->src, "monsters.json", err, errlen) ||
        !poptable_load(&s->pop, &s->monsters, &t->src, "population.json", err, errlen))
        return false;
    const pop_tables_t *pt = &s->pop;
    const char *cave[POP_MAX_OUTCOMES], *single[POP_MAX_OUTCOMES];
    for (int i = 0; i < pt->caves.noutcomes; i++)
        cave[i] = pt->caves.outcome[i].name;
    for (int i = 0; i < pt->single.noutcomes; i++)
        single[i] = pt->single.outcome[i].name;
    if (!name_monsters(&s->bins, pt->monsters, "data/monsters.json", err, errlen) ||
        !name_bins(&s->bins, TALLY_NAMED_CAVE_OUTCOME, "cave_outcome", cave, pt->caves.noutcomes,
                   "data/population.json", err, errlen) ||
        !name_bins(&s->bins, TALLY_NAMED_SINGLE_OUTCOME, "single_outcome", single,
                   pt->single.noutcomes, "data/population.json", err, errlen) ||
        !name_cells(&s->bins, t->def, err, errlen) || !name_fluids(&s->bins, t->def, err, errlen))
        return false;
    t->water = &s->water;
    t->arena = &s->arena;
    t->walled = &s->walled;
    t->pop = &s->pop;
    t->monsters = &s->monsters;
    return true;
}

static void wiki_populate(level_t *lv, const layout_ctx_t *ctx, rng_t *pop, census_t *cs)
{
    populate_census(lv, ctx->p, ctx->p->tables->pop, pop, cs);
}

static void wiki_census(level_t *lv, const tables_t *t)
{
    census_layout(lv, t->pop);
}

static const ruleset_def_t WIKI = {
    .name = RULESET_WIKI,
    .pipeline = "wiki",
    .folder = "",
    .files = WIKI_FILES,
    .load = load_wiki,
    .layout = LAYOUTS,
    .water = WIKI_WATER,
    .populate = wiki_populate,
    .census = wiki_census,
    .reference = ref_level_generate,
    .cell_kinds = CELL_WIKI_KINDS,
    .expectations = "expectations.json",
    .source = "the DoomRL wiki's Level type page (written for 0.9.9.3, last edited in 2014), "
              "the game's geometry where it is silent",
};

/* ---- game-0.9.9.7 ------------------------------------------------------- */

/* The game ruleset's files: its own, and the wiki's tables of the layouts
 * both rulesets draw alike (docs/rulesets.md). */
static const char *const GAME_FILES[] = {
    "game-0.9.9.7/arena.txt",      "game-0.9.9.7/episode.json", "game-0.9.9.7/monsters.json",
    "game-0.9.9.7/population.json", "game-0.9.9.7/ruleset.json", "game-0.9.9.7/water.json",
    "smallrooms.txt", "walled.json", NULL,
};
_Static_assert(sizeof GAME_FILES / sizeof GAME_FILES[0] - 1 <= TABLES_MAX, "TABLES_MAX");
_Static_assert(GPOP_MAX_SINGLE <= TABLES_MAX_SINGLE_OUTCOMES && GPOP_MAX_EVENTS == TABLES_MAX_EVENTS,
               "the tallies' bins hold the game's outcome rows and events");

static bool load_game(tables_t *t, char *err, size_t errlen)
{
    tables_store_t *s = (tables_store_t *)t;
    load_constants(s, &s->glay.k, sizeof s->glay.k);
    if (!glay_tables_load(&s->glay, &t->src, err, errlen) ||
        !walled_data_load(&s->walled, &t->src, err, errlen) ||
        !gpop_tables_load(&s->gpop, &t->src, err, errlen) ||
        !episode_load(&s->episode, &t->src, "episode.json", err, errlen))
        return false;
    for (int i = 0; i < s->episode.n && s->episode.entry[i].dlevel <= GPOP_EPISODE_DLEVELS; i++)
        s->gpop.side_exit_min_diff[s->episode.entry[i].dlevel] = s->episode.entry[i].side_min_diff;
    /* its being table's ids and single-monster outcome rows; no cave outcome
     * rows (the game's caves draw a monster set: game_cave_set) */
    const gpop_tables_t *gp = &s->gpop;
    const char *single[GPOP_MAX_SINGLE];
    for (int i = 0; i < gp->single.noutcomes; i++)
        single[i] = gp->single.outcome[i].name;
    if (!name_monsters(&s->bins, &gp->monsters, "data/game-0.9.9.7/monsters.json", err,
                       errlen) ||
        !name_bins(&s->bins, TALLY_NAMED_SINGLE_OUTCOME, "single_outcome", single,
                   gp->single.noutcomes, "data/game-0.9.9.7/population.json", err, errlen) ||
        !name_cells(&s->bins, t->def, err, errlen) || !name_fluids(&s->bins, t->def, err, errlen))
        return false;
    const char *event[GPOP_MAX_EVENTS];
    for (int i = 0; i < gp->nevents; i++)
        event[i] = gp->event[i].id;
    if (!name_bins(&s->bins, TALLY_NAMED_EVENT, "game_event_kind", event, gp->nevents,
                   "population.json", err, errlen))
        return false;
    t->water = &s->glay.water;
    t->walled = &s->walled;
    t->gpop = &s->gpop;
    t->glay = &s->glay;
    t->monsters = &s->gpop.monsters;
    t->episode = &s->episode;
    return true;
}

/* [game: generator.lua:169-191, 379-393] the rivers' widths, d3 + plus */
static const glay_const_t GAME_CONST = {
    .river_width_die = 3,
    .hriver_width_plus = 1,
    .vriver_one_width_plus = 3,
    .vriver_two_width_plus = 2,
    .vriver_three_width_plus = 1,
    .cave_hriver_width_plus = 1,
    .cave_vriver_width_plus = 3,
    .caves2_blood_above = 0, /* no blood lakes */
    .caves2_blood_die = 3,
};

#define GAME_CONST_NAMED(F, LO, HI) {#F, offsetof(glay_const_t, F), LO, HI}
static const registry_const_t GAME_CONST_NAMES[] = {
    /* a width stays inside the map with its drift margins */
    GAME_CONST_NAMED(river_width_die, 1, 6),
    GAME_CONST_NAMED(hriver_width_plus, 0, 6),
    GAME_CONST_NAMED(vriver_one_width_plus, 0, 10),
    GAME_CONST_NAMED(vriver_two_width_plus, 0, 10),
    GAME_CONST_NAMED(vriver_three_width_plus, 0, 10),
    GAME_CONST_NAMED(cave_hriver_width_plus, 0, 6),
    GAME_CONST_NAMED(cave_vriver_width_plus, 0, 10),
    GAME_CONST_NAMED(caves2_blood_above, 0, DLEVEL_MAX),
    GAME_CONST_NAMED(caves2_blood_die, 1, 100),
    {NULL, 0, 0, 0},
};
_Static_assert(sizeof GAME_CONST_NAMES / sizeof GAME_CONST_NAMES[0] - 1 <= REGISTRY_MAX_CONSTS,
               "REGISTRY_MAX_CONSTS");

static const ruleset_def_t GAME = {
    .name = RULESET_GAME,
    .pipeline = "game",
    .folder = "game-0.9.9.7",
    .files = GAME_FILES,
    .load = load_game,
    .layout = GAME_LAYOUTS,
    .water = GAME_WATER,
    .populate = game_populate,
    .census = NULL,
    .reference = gref_level_generate,
    .consts = &GAME_CONST,
    .const_names = GAME_CONST_NAMES,
    .cell_kinds = CELL_GAME_KINDS,
    .expectations = "expectations.json",
    .errata = "errata.json",
    .claims = RULESET_WIKI,
    .source = "chaosforgeorg/drl commit 1eea1a3 (2016-12-06), the first public source, which "
              "calls itself 0.9.9.8 BETA 1: the 0.9.9.7 generator with the beta's darkness event",
};

/* ---- game-0.10.10b ------------------------------------------------------ */

/* The current release: game-0.9.9.7 with its changed tables (the files of
 * data/game-0.10.10b/) and the steps whose algorithm changed (docs/rules.md
 * Part H, H.12); every other step and file is game-0.9.9.7's. */
static const char *const GAME10_FILES[] = {
    "game-0.10.10b/episode.json", "game-0.10.10b/monsters.json",
    "game-0.10.10b/population.json", "game-0.10.10b/water.json", "game-0.9.9.7/arena.txt",
    "game-0.9.9.7/ruleset.json",   "smallrooms.txt",             "walled.json", NULL,
};
_Static_assert(sizeof GAME10_FILES / sizeof GAME10_FILES[0] - 1 <= TABLES_MAX, "TABLES_MAX");

/* [decision: GPOP10_EMPTY_TRIES] the empty-cell search's uniform draws
 * before its row scan [game: valk:src/vluamapnode.pas:1162-1219] (H2) */
#define GPOP10_EMPTY_TRIES 10001
/* [decision: GPOP10_DROP_RADIUS] the rings a dropped member tries, no line
 * of sight [game: valk:src/vluamapnode.pas:415-457] (H4) */
#define GPOP10_DROP_RADIUS 7
/* [decision: GPOP10_BARREL_ITEM] barrels are barrel cells that hold their
 * cell as a blocking item (H28) */
#define GPOP10_BARREL_ITEM true
/* [decision: GPOP10_FLOOD_SETUP] the three floods move the stairs and the
 * player as their setup does (H33) */
#define GPOP10_FLOOD_SETUP true
/* [decision: GPOP10_SPECIAL_STAIRS] second stairs on the episode's dlevels
 * with a side level at the level's difficulty (H5, H29) */
#define GPOP10_SPECIAL_STAIRS true

/* The population steps of Part H (docs/rules.md H.12) where they differ
 * from Part G's (GPOP_RULES_G). */
static const gpop_rules_t GAME10_POP = {
    .empty_tries = GPOP10_EMPTY_TRIES,
    .empty_scan = true,
    .drop_radius = GPOP10_DROP_RADIUS,
    .drop_least_distance = true,
    .barrels_after_rooms = true,
    .barrels_dry = GPOP10_BARREL_ITEM,
    /* [game: bin/data/drl/generator.lua:12-96] the layouts that hand back a
     * room list (H9) */
    .room_list_types = 1u << LT_NORMAL | 1u << LT_SINGLE | 1u << LT_SINGLE_PLUS |
                       1u << LT_CITY | 1u << LT_LAVA,
    .player_safe = true,
    /* [game: bin/data/core/generator.lua:556-583] the first radius (H31) */
    .player_radius = {[DIFF_ITYTD] = 7, [DIFF_HNTR] = 6, [DIFF_HMP] = 4, [DIFF_UV] = 3,
                      [DIFF_NIGHTMARE] = 3},
    .flood_setup = GPOP10_FLOOD_SETUP,
    .side_stairs = GPOP10_SPECIAL_STAIRS,
};

/* game-0.9.9.7's population step with the steps of Part H. */
static void game10_populate(level_t *lv, const layout_ctx_t *ctx, rng_t *pop, census_t *cs)
{
    gpop_gen_t g;
    game_gen_of(lv->type, ctx->rules, &g);
    g.rules = &GAME10_POP;
    gpop_populate(lv, ctx->p, &g, ctx->p->tables->gpop, pop, cs);
}

/* game-0.9.9.7's loader; its steps also read the water.json keys that
 * game-0.9.9.7's file has not (docs/rules.md H.13), so they must be there. */
static bool load_game10(tables_t *t, char *err, size_t errlen)
{
    if (!load_game(t, err, errlen))
        return false;
    const glay_water10_t *w = &t->glay->w10;
    if (!w->bridges || !w->cave_river) {
        snprintf(err, errlen, "%s: water.json lacks %s, which its rivers read", t->def->name,
                 !w->bridges ? "river.bridges" : "cave_river");
        return false;
    }
    return true;
}

/* [game-0.10.10b: bin/data/core/generator.lua:1204-1261] (docs/rules.md H21)
 * a lone vertical river is 3..5 wide; [game-0.10.10b: bin/data/drl/
 * generator.lua:368] (H19) caves_2 lakes are blood with a d3 of 1 past
 * dlevel 30; the rest as game-0.9.9.7 */
static const glay_const_t GAME10_CONST = {
    .river_width_die = 3,
    .hriver_width_plus = 1,
    .vriver_one_width_plus = 2,
    .vriver_two_width_plus = 2,
    .vriver_three_width_plus = 1,
    .cave_hriver_width_plus = 1,
    .cave_vriver_width_plus = 3,
    .caves2_blood_above = 30,
    .caves2_blood_die = 3,
};

static const ruleset_def_t GAME10 = {
    .name = RULESET_GAME10,
    .base = RULESET_GAME,
    .pipeline = "game",
    .folder = "game-0.10.10b",
    .files = GAME10_FILES,
    .load = load_game10,
    .layout = GAME10_LAYOUTS,
    .water = GAME10_WATER,
    .populate = game10_populate,
    .census = NULL,
    .reference = gref10_level_generate,
    .consts = &GAME10_CONST,
    .const_names = GAME_CONST_NAMES,
    .cell_kinds = CELL__COUNT,
    .expectations = "expectations.json",
    .errata = "errata.json", /* inherits game-0.9.9.7's, overrides what Part H changed */
    .claims = RULESET_WIKI,
    .source = "chaosforgeorg/drl tag 0_10_10b, commit 17d9be1 (2026-07-28), the current "
              "release DRL 0.10.10b",
};

/* ---- the table ---------------------------------------------------------- */

const ruleset_def_t *const RULESET_DEFS[] = {&WIKI, &GAME, &GAME10, NULL};
const char *const TABLES_RULESETS[] = {RULESET_WIKI, RULESET_GAME, RULESET_GAME10, NULL};

const ruleset_def_t *registry_find(const char *name)
{
    for (int i = 0; RULESET_DEFS[i]; i++)
        if (strcmp(RULESET_DEFS[i]->name, name) == 0)
            return RULESET_DEFS[i];
    return NULL;
}

/* ---- a ruleset built on another: a folder's manifest ---------------------- */

#define MANIFEST_FILE "manifest.json"

static const char *const MANIFEST_KEYS[] = {"name",  "comment",   "base", "tables",
                                            "steps", "constants", NULL};
/* The steps a manifest can take from another ruleset, by name. */
static const char *const STEP_NAMES[] = {"layout", "water", "populate", "census", "reference",
                                         NULL};

static int nrulesets(void)
{
    int n = 0;
    while (RULESET_DEFS[n])
        n++;
    return n;
}

bool registry_has_manifest(const char *dir)
{
    char path[REGISTRY_ROOT_MAX + 32];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_FILE);
    return *dir && stat(path, &st) == 0;
}

/* The base's file of that name (the last part of a path of def->files, or
 * its expectations or errata), or NULL. */
static bool base_has_file(const ruleset_def_t *def, const char *name)
{
    for (int i = 0; def->files[i]; i++) {
        const char *slash = strrchr(def->files[i], '/');
        if (strcmp(slash ? slash + 1 : def->files[i], name) == 0)
            return true;
    }
    return strcmp(name, def->expectations) == 0 || (def->errata && strcmp(name, def->errata) == 0);
}

/* Step `step` of def d taken from ruleset `from`. */
static void take_step(ruleset_def_t *d, const ruleset_def_t *from, int step)
{
    switch (step) {
    case 0: d->layout = from->layout; break;
    case 1: d->water = from->water; break;
    case 2: d->populate = from->populate; break;
    case 3: d->census = from->census; break;
    default: d->reference = from->reference; break;
    }
}

static void parse_manifest(ju_t *ju, tables_store_t *s, const cJSON *root, const char *want)
{
    const char *name = ju_string(ju, root, "", "name");
    const char *base = ju_string(ju, root, "", "base");
    if (ju->failed)
        return;
    const ruleset_def_t *b = registry_find(base);
    if (!b) {
        ju_fail_unknown(ju, "base", "ruleset", base, TABLES_RULESETS, nrulesets());
        return;
    }
    if (!*name || strlen(name) >= sizeof s->name || registry_find(name)) {
        ju_fail(ju, "name", "\"%s\" is empty, longer than %d characters or a built-in "
                            "ruleset's", name, (int)sizeof s->name - 1);
        return;
    }
    if (want && strcmp(want, name) != 0 && strcmp(want, base) != 0) {
        ju_fail(ju, "base", "the folder's ruleset %s is built on %s, not on %s", name, base,
                want);
        return;
    }
    snprintf(s->name, sizeof s->name, "%s", name);
    s->def = *b;
    int n = 0;
    s->replaced[n] = NULL;
    if (cJSON_GetObjectItemCaseSensitive(root, "tables")) {
        const cJSON *files = ju_array(ju, root, "", "tables");
        const cJSON *f;
        cJSON_ArrayForEach(f, files) {
            if (ju->failed)
                return;
            if (!cJSON_IsString(f) || !base_has_file(b, f->valuestring)) {
                ju_fail(ju, "tables", "%s is not a file of ruleset %s",
                        cJSON_IsString(f) ? f->valuestring : "an entry", base);
                return;
            }
            if (n == TABLES_MAX - 1) {
                ju_fail(ju, "tables", "more than %d files", TABLES_MAX - 1);
                return;
            }
            snprintf(s->replaced_name[n], sizeof s->replaced_name[n], "%s", f->valuestring);
            s->replaced[n] = s->replaced_name[n];
            s->replaced[++n] = NULL;
        }
    }
    if (cJSON_GetObjectItemCaseSensitive(root, "constants")) {
        const registry_const_t *k = b->const_names;
        const char *names[REGISTRY_MAX_CONSTS + 1];
        int nk = 0;
        for (; k && k[nk].name; nk++)
            names[nk] = k[nk].name;
        names[nk] = NULL;
        const cJSON *c = ju_object(ju, root, "", "constants");
        ju_keys(ju, c, "constants", names);
        for (int i = 0; i < nk && !ju->failed; i++)
            if (cJSON_GetObjectItemCaseSensitive(c, k[i].name)) {
                s->const_value[i] = ju_int(ju, c, "constants", k[i].name, k[i].lo, k[i].hi);
                s->const_set[i] = true;
            }
    }
    if (cJSON_GetObjectItemCaseSensitive(root, "steps")) {
        const cJSON *steps = ju_object(ju, root, "", "steps");
        ju_keys(ju, steps, "steps", STEP_NAMES);
        for (int i = 0; STEP_NAMES[i] && !ju->failed; i++) {
            if (!cJSON_GetObjectItemCaseSensitive(steps, STEP_NAMES[i]))
                continue;
            const char *from = ju_string(ju, steps, "steps", STEP_NAMES[i]);
            const ruleset_def_t *d = ju->failed ? NULL : registry_find(from);
            if (!ju->failed && !d)
                ju_fail_unknown(ju, "steps", "ruleset", from, TABLES_RULESETS, nrulesets());
            else if (d && d->load != b->load) /* its steps would read tables b has not */
                ju_fail(ju, "steps", "%s: ruleset %s reads other tables than %s", STEP_NAMES[i],
                        from, base);
            else if (d)
                take_step(&s->def, d, i);
        }
    }
}

bool registry_manifest(tables_t *t, const char *dir, const char *want, char *err, size_t errlen)
{
    tables_store_t *s = (tables_store_t *)t;
    char path[REGISTRY_ROOT_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_FILE);
    size_t len;
    char *text = data_read_file(path, &len, err, errlen);
    if (!text)
        return false;
    ju_t ju;
    ju_init(&ju, path, err, errlen);
    cJSON *root = ju_parse_object(&ju, text, len, MANIFEST_KEYS);
    if (root)
        parse_manifest(&ju, s, root, want);
    cJSON_Delete(root);
    if (ju.failed) {
        free(text);
        return false;
    }
    snprintf(s->root, sizeof s->root, "%s", dir);
    t->name = s->name;
    t->def = &s->def;
    t->expectations = s->def.expectations;
    t->src = (data_src_t){.folder = s->def.folder, .files = s->def.files, .overlay = s->root,
                          .overlay_id = s->name, .replaced = s->replaced};
    /* the manifest is part of the rules: its steps make the levels */
    char id[sizeof s->name + sizeof MANIFEST_FILE + 1];
    snprintf(id, sizeof id, "%s/%s", s->name, MANIFEST_FILE);
    data_src_note(&t->src, id, text, len);
    free(text);
    return true;
}

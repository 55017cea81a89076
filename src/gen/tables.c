/* tables.c - see tables.h.  One line per table: adding a table is one call. */
#include "tables.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "game/glay.h"
#include "game/gpop.h"

#include "layouts/layouts.h"
#include "layouts/walled.h"
#include "poptable.h"
#include "water.h"

bool tables_name_bins(tally_names_t *into, tally_named_t k, const char *const *names, int n)
{
    assert(k > TALLY_NAMED_NONE && k < TALLY_NAMED__COUNT);
    if (n < 0 || n > MONSTER_KINDS_MAX)
        return false;
    for (int i = 0; i < n; i++) {
        /* all digits would read as an unnamed bin's number */
        if (!names[i] || !*names[i] || strspn(names[i], "0123456789") == strlen(names[i]))
            return false;
        for (int j = 0; j < i; j++)
            if (strcmp(names[i], names[j]) == 0)
                return false;
    }
    for (int b = 0; b < MONSTER_KINDS_MAX; b++)
        into->bin[k][b] = b < n ? names[b] : NULL;
    return true;
}

/* Name the report bins of kind k, those of histogram `hist`, by n names
 * (tables_t.bin_names; the strings live in the loaded tables, which are
 * never freed).  False after a one-line error naming files, the data that
 * names them. */
static bool name_bins(tally_names_t *into, tally_named_t k, const char *hist,
                      const char *const *names, int n, const char *files)
{
    if (tables_name_bins(into, k, names, n))
        return true;
    fprintf(stderr, "drlsim: %s: names a report cannot give the bins of %s (more than its "
                    "bins, empty, repeated or digits only)\n",
            files, hist);
    return false;
}

/* The monster ids of m as the bins of monsters_by_kind and first_monster. */
static bool name_monsters(tally_names_t *into, const monster_table_t *m, const char *file)
{
    const char *names[MONSTER_KINDS_MAX];
    for (int i = 0; i < m->n; i++)
        names[i] = m->kind[i].id;
    return name_bins(into, TALLY_NAMED_MONSTER, "monsters_by_kind", names, m->n, file);
}

/* Every file of data/ a generation reads, by name (the loaders below read
 * them; test_ruleset holds this list equal to what tables_load reads).
 * Not expectations.json: the checks, not the rules. */
static const char *const WIKI_FILES[] = {
    "arena.txt",   "monsters.json",  "population.json", "ruleset.json",
    "smallrooms.txt", "walled.json", "water.json",
};
#define NWIKI_FILES ((int)(sizeof WIKI_FILES / sizeof WIKI_FILES[0]))
_Static_assert(sizeof WIKI_FILES / sizeof WIKI_FILES[0] <= TABLES_MAX, "TABLES_MAX");

/* The game ruleset's files: its own, and the wiki's tables of the layouts
 * both rulesets draw alike (docs/rulesets.md). */
static const char *const GAME_FILES[] = {
    "game-0.9.9.7/arena.txt",      "game-0.9.9.7/monsters.json", "game-0.9.9.7/population.json",
    "game-0.9.9.7/ruleset.json",   "game-0.9.9.7/water.json",    "smallrooms.txt",
    "walled.json",
};
#define NGAME_FILES ((int)(sizeof GAME_FILES / sizeof GAME_FILES[0]))
_Static_assert(sizeof GAME_FILES / sizeof GAME_FILES[0] <= TABLES_MAX, "TABLES_MAX");

const char *const TABLES_RULESETS[] = {RULESET_WIKI, RULESET_GAME, NULL};

static const tables_t *load_wiki(void)
{
    static tables_t t;
    static tally_names_t bins;
    if (t.rules)
        return &t;
    const ruleset_t *rs = ruleset_default();
    /* poptable_default loads data/monsters.json too. */
    const pop_tables_t *pt = NULL;
    const water_tables_t *wt = NULL;
    const arena_table_t *at = NULL;
    const walled_data_t *wd = NULL;
    if (rs && (rs->pipeline != RULES_WIKI || strcmp(rs->name, RULESET_WIKI) != 0)) {
        fprintf(stderr, "drlsim: ruleset.json: ruleset \"%s\" of the %s pipeline, expected \"%s\" "
                        "of the wiki pipeline\n",
                rs->name, rs->pipeline == RULES_WIKI ? "wiki" : "game", RULESET_WIKI);
        return NULL;
    }
    if (!rs || !(wt = water_tables()) || !(at = arena_table()) || !(wd = walled_data()) ||
        !(pt = poptable_default()))
        return NULL;
    const char *cave[POP_MAX_OUTCOMES], *single[POP_MAX_OUTCOMES];
    for (int i = 0; i < pt->caves.noutcomes; i++)
        cave[i] = pt->caves.outcome[i].name;
    for (int i = 0; i < pt->single.noutcomes; i++)
        single[i] = pt->single.outcome[i].name;
    if (!name_monsters(&bins, pt->monsters, "data/monsters.json") ||
        !name_bins(&bins, TALLY_NAMED_CAVE_OUTCOME, "cave_outcome", cave, pt->caves.noutcomes,
                   "data/population.json") ||
        !name_bins(&bins, TALLY_NAMED_SINGLE_OUTCOME, "single_outcome", single,
                   pt->single.noutcomes, "data/population.json"))
        return NULL;
    t = (tables_t){.name = RULESET_WIKI, .family = RULES_WIKI, .rules = rs, .water = wt,
                   .arena = at, .walled = wd, .pop = pt, .monsters = pt->monsters,
                   .bin_names = &bins, .expectations = "expectations.json"};
    return &t;
}

static const tables_t *load_game(void)
{
    static tables_t t;
    static ruleset_t rs;
    static tally_names_t bins;
    if (t.rules)
        return &t;
    size_t len;
    char err[512], origin[256];
    char *text = data_read("game-0.9.9.7/ruleset.json", &len, origin, sizeof origin, err,
                           sizeof err);
    if (!text || !ruleset_parse(&rs, text, len, origin, err, sizeof err)) {
        free(text);
        fprintf(stderr, "drlsim: %s\n", err);
        return NULL;
    }
    free(text);
    if (rs.pipeline != RULES_GAME || strcmp(rs.name, RULESET_GAME) != 0) {
        fprintf(stderr, "drlsim: %s: ruleset \"%s\" of the %s pipeline, expected \"%s\" of the "
                        "game pipeline\n",
                origin, rs.name, rs.pipeline == RULES_WIKI ? "wiki" : "game", RULESET_GAME);
        return NULL;
    }
    const glay_tables_t *gl = NULL;
    const walled_data_t *wd = NULL;
    const gpop_tables_t *gp = NULL;
    if (!(gl = glay_tables_load()) || !(wd = walled_data()) || !(gp = gpop_tables_load()))
        return NULL;
    /* its being table's ids and single-monster outcome rows; no cave outcome
     * rows (the game's caves draw a monster set: game_cave_set) */
    const char *single[GPOP_MAX_SINGLE];
    for (int i = 0; i < gp->single.noutcomes; i++)
        single[i] = gp->single.outcome[i].name;
    if (!name_monsters(&bins, &gp->monsters, "data/game-0.9.9.7/monsters.json") ||
        !name_bins(&bins, TALLY_NAMED_SINGLE_OUTCOME, "single_outcome", single,
                   gp->single.noutcomes, "data/game-0.9.9.7/population.json"))
        return NULL;
    t = (tables_t){.name = RULESET_GAME, .family = RULES_GAME, .rules = &rs, .water = &gl->water,
                   .walled = wd, .gpop = gp, .glay = gl, .monsters = &gp->monsters,
                   .bin_names = &bins, .expectations = "game-0.9.9.7/expectations.json"};
    return &t;
}

void tables_type_list(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int t = 0; t < LT__COUNT && used < n; t++) {
        const char *sep = t == 0 ? "" : t == LT_LAST_WIKI + 1 ? "; " RULESET_GAME " also " : ", ";
        int k = snprintf(buf + used, n - used, "%s%s", sep, LEVEL_TYPE_NAMES[t]);
        if (k < 0)
            break;
        used += (size_t)k;
    }
}

const tables_t *tables_load(const char *name)
{
    if (!name || strcmp(name, RULESET_WIKI) == 0)
        return load_wiki();
    if (strcmp(name, RULESET_GAME) == 0)
        return load_game();
    fprintf(stderr, "drlsim: unknown ruleset \"%s\" (known: %s, %s)\n", name, RULESET_WIKI,
            RULESET_GAME);
    return NULL;
}

const tables_t *tables_open(const char *cmd, const char *name, const char *data_dir, int type)
{
    if (data_dir)
        data_set_dir(data_dir);
    const tables_t *t = tables_load(name);
    if (!t)
        return NULL;
    if (type >= 0 && !t->rules->has_type[type]) {
        fprintf(stderr, "drlsim %s: --type %s: not a level type of ruleset %s\n", cmd,
                level_type_name((level_type_t)type), t->name);
        return NULL;
    }
    return t;
}

void tables_id(const tables_t *t, tables_id_t *id)
{
    memset(id, 0, sizeof *id);
    snprintf(id->version, sizeof id->version, "%s", DRLSIM_VERSION);
    const char *const *files = t->family == RULES_GAME ? GAME_FILES : WIKI_FILES;
    int n = t->family == RULES_GAME ? NGAME_FILES : NWIKI_FILES;
    for (int i = 0; i < n; i++) {
        bool read = data_hash_of(files[i], &id->file[i].hash);
        assert(read && "tables_load reads every table first");
        (void)read;
        snprintf(id->file[i].name, sizeof id->file[i].name, "%s", files[i]);
    }
    id->n = n;
}

uint64_t tables_id_key(const tables_id_t *id)
{
    uint64_t h = data_hash(id->version, strlen(id->version));
    for (int i = 0; i < id->n; i++) {
        uint64_t v[2] = {data_hash(id->file[i].name, strlen(id->file[i].name)),
                         id->file[i].hash};
        h = data_hash(v, sizeof v) ^ (h * UINT64_C(0x100000001b3));
    }
    return h;
}

/* tables.c - see tables.h.  One line per table: adding a table is one call. */
#include "tables.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "data.h"

#include "layouts/layouts.h"
#include "layouts/walled.h"
#include "poptable.h"
#include "tally.h"
#include "water.h"

/* The report bins the data names: monster ids, the caves' and the single
 * monster's outcome rows (tally_name_bins).  The names live in the loaded
 * tables, which are never freed. */
static bool name_bins(const pop_tables_t *t)
{
    static const char *names[MONSTER_KINDS_MAX];
    const monster_table_t *m = t->monsters;
    for (int i = 0; i < m->n; i++)
        names[i] = m->kind[i].id;
    bool ok = tally_name_bins("monsters_by_kind", names, m->n);
    for (int i = 0; i < t->caves.noutcomes; i++)
        names[i] = t->caves.outcome[i].name;
    ok = ok && tally_name_bins("cave_outcome", names, t->caves.noutcomes);
    for (int i = 0; i < t->single.noutcomes; i++)
        names[i] = t->single.outcome[i].name;
    ok = ok && tally_name_bins("single_outcome", names, t->single.noutcomes);
    if (!ok)
        fprintf(stderr, "drlsim: data/monsters.json, data/population.json: monster ids or "
                        "outcome rows a report cannot name (more than its bins, or digits "
                        "only)\n");
    return ok;
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

const char *const TABLES_RULESETS[] = {RULESET_WIKI, NULL};

static const tables_t *load_wiki(void)
{
    static tables_t t;
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
        !(pt = poptable_default()) || !name_bins(pt))
        return NULL;
    t = (tables_t){.name = RULESET_WIKI, .family = RULES_WIKI, .rules = rs, .water = wt,
                   .arena = at, .walled = wd, .pop = pt, .expectations = "expectations.json"};
    return &t;
}

const tables_t *tables_load(const char *name)
{
    if (!name || strcmp(name, RULESET_WIKI) == 0)
        return load_wiki();
    fprintf(stderr, "drlsim: unknown ruleset \"%s\" (known: %s)\n", name, RULESET_WIKI);
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
    assert(t->family == RULES_WIKI);
    for (int i = 0; i < NWIKI_FILES; i++) {
        bool read = data_hash_of(WIKI_FILES[i], &id->file[i].hash);
        assert(read && "tables_load reads every table first");
        (void)read;
        snprintf(id->file[i].name, sizeof id->file[i].name, "%s", WIKI_FILES[i]);
    }
    id->n = NWIKI_FILES;
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

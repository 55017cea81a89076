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

/* Every file of data/ a generation reads, by name (the loaders below read
 * them; test_ruleset holds this list equal to what tables_load reads).
 * Not expectations.json: the checks, not the rules. */
static const char *const WIKI_FILES[] = {
    "arena.txt",   "monsters.json",  "population.json", "ruleset.json",
    "smallrooms.txt", "walled.json", "water.json", NULL,
};
_Static_assert(sizeof WIKI_FILES / sizeof WIKI_FILES[0] - 1 <= TABLES_MAX, "TABLES_MAX");

/* The game ruleset's files: its own, and the wiki's tables of the layouts
 * both rulesets draw alike (docs/rulesets.md). */
static const char *const GAME_FILES[] = {
    "game-0.9.9.7/arena.txt",      "game-0.9.9.7/monsters.json", "game-0.9.9.7/population.json",
    "game-0.9.9.7/ruleset.json",   "game-0.9.9.7/water.json",    "smallrooms.txt",
    "walled.json", NULL,
};
_Static_assert(sizeof GAME_FILES / sizeof GAME_FILES[0] - 1 <= TABLES_MAX, "TABLES_MAX");

const char *const TABLES_RULESETS[] = {RULESET_WIKI, RULESET_GAME, NULL};

/* A table set and the storage of all its tables, in one allocation. */
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
    tally_names_t bins;
    char root[4096];
} tables_store_t;

/* The ruleset file of src into s->rules, of the pipeline and name asked. */
static bool load_rules(tables_store_t *s, ruleset_family_t pipeline, const char *name, char *err,
                       size_t errlen)
{
    if (!ruleset_load(&s->rules, &s->t.src, "ruleset.json", err, errlen))
        return false;
    const ruleset_t *rs = &s->rules;
    if (rs->pipeline != pipeline || strcmp(rs->name, name) != 0) {
        snprintf(err, errlen, "%s: ruleset \"%s\" of the %s pipeline, expected \"%s\" of the %s "
                              "pipeline",
                 s->t.src.read[s->t.src.nread - 1].name, rs->name,
                 rs->pipeline == RULES_WIKI ? "wiki" : "game", name,
                 pipeline == RULES_WIKI ? "wiki" : "game");
        return false;
    }
    return true;
}

static bool load_wiki(tables_store_t *s, char *err, size_t errlen)
{
    tables_t *t = &s->t;
    if (!load_rules(s, RULES_WIKI, RULESET_WIKI, err, errlen) ||
        !water_tables_load(&s->water, &t->src, "water.json", err, errlen) ||
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
                   pt->single.noutcomes, "data/population.json", err, errlen))
        return false;
    t->family = RULES_WIKI;
    t->water = &s->water;
    t->arena = &s->arena;
    t->walled = &s->walled;
    t->pop = &s->pop;
    t->monsters = &s->monsters;
    return true;
}

static bool load_game(tables_store_t *s, char *err, size_t errlen)
{
    tables_t *t = &s->t;
    if (!load_rules(s, RULES_GAME, RULESET_GAME, err, errlen) ||
        !glay_tables_load(&s->glay, &t->src, err, errlen) ||
        !walled_data_load(&s->walled, &t->src, err, errlen) ||
        !gpop_tables_load(&s->gpop, &t->src, err, errlen))
        return false;
    /* its being table's ids and single-monster outcome rows; no cave outcome
     * rows (the game's caves draw a monster set: game_cave_set) */
    const gpop_tables_t *gp = &s->gpop;
    const char *single[GPOP_MAX_SINGLE];
    for (int i = 0; i < gp->single.noutcomes; i++)
        single[i] = gp->single.outcome[i].name;
    if (!name_monsters(&s->bins, &gp->monsters, "data/game-0.9.9.7/monsters.json", err,
                       errlen) ||
        !name_bins(&s->bins, TALLY_NAMED_SINGLE_OUTCOME, "single_outcome", single,
                   gp->single.noutcomes, "data/game-0.9.9.7/population.json", err, errlen))
        return false;
    t->family = RULES_GAME;
    t->water = &s->glay.water;
    t->walled = &s->walled;
    t->gpop = &s->gpop;
    t->glay = &s->glay;
    t->monsters = &s->gpop.monsters;
    return true;
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

/* The rulesets: name, folder, files, loader and checks of each. */
typedef struct ruleset_entry {
    const char *name;
    const char *folder;
    const char *const *files;
    bool (*load)(tables_store_t *s, char *err, size_t errlen);
    const char *expectations;
} ruleset_entry_t;

static const ruleset_entry_t RULESETS[] = {
    {RULESET_WIKI, "", WIKI_FILES, load_wiki, "expectations.json"},
    {RULESET_GAME, "game-0.9.9.7", GAME_FILES, load_game, "expectations.json"},
};
#define NRULESETS ((int)(sizeof RULESETS / sizeof RULESETS[0]))

tables_t *tables_load(const char *name, const char *data_dir, char *err, size_t errlen)
{
    const ruleset_entry_t *e = NULL;
    for (int i = 0; i < NRULESETS && !e; i++)
        if (!name || strcmp(name, RULESETS[i].name) == 0)
            e = &RULESETS[i];
    if (!e) {
        snprintf(err, errlen, "unknown ruleset \"%s\" (known: %s, %s)", name, RULESET_WIKI,
                 RULESET_GAME);
        return NULL;
    }
    if (data_dir && strlen(data_dir) >= sizeof ((tables_store_t *)0)->root) {
        snprintf(err, errlen, "--data: the directory name is too long");
        return NULL;
    }
    tables_store_t *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (data_dir)
        snprintf(s->root, sizeof s->root, "%s", data_dir);
    s->t.src = (data_src_t){.root = data_dir ? s->root : NULL, .folder = e->folder,
                            .files = e->files};
    s->t.name = e->name;
    s->t.rules = &s->rules;
    s->t.bin_names = &s->bins;
    s->t.expectations = e->expectations;
    if (!e->load(s, err, errlen)) {
        free(s);
        return NULL;
    }
    return &s->t;
}

void tables_close(const tables_t *t)
{
    free((tables_store_t *)t); /* the store's first member */
}

const tables_t *tables_open(const char *cmd, const char *name, const char *data_dir, int type)
{
    char err[4600];
    const tables_t *t = tables_load(name, data_dir, err, sizeof err);
    if (!t) {
        fprintf(stderr, "drlsim: %s\n", err);
        return NULL;
    }
    if (type >= 0 && !t->rules->has_type[type]) {
        fprintf(stderr, "drlsim %s: --type %s: not a level type of ruleset %s\n", cmd,
                level_type_name((level_type_t)type), t->name);
        tables_close(t);
        return NULL;
    }
    return t;
}

char *tables_read(const tables_t *t, const char *name, size_t *len, char *origin,
                  size_t originlen, char *err, size_t errlen)
{
    data_src_t src = t->src; /* a copy: what t's id holds stays as loaded */
    return data_src_read(&src, name, len, origin, originlen, err, errlen);
}

void tables_id(const tables_t *t, tables_id_t *id)
{
    memset(id, 0, sizeof *id);
    snprintf(id->version, sizeof id->version, "%s", DRLSIM_VERSION);
    int n = 0;
    for (; t->src.files[n]; n++) {
        bool read = data_src_hash_of(&t->src, t->src.files[n], &id->file[n].hash);
        assert(read && "tables_load reads every table first");
        (void)read;
        snprintf(id->file[n].name, sizeof id->file[n].name, "%s", t->src.files[n]);
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

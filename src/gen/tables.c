/* tables.c - see tables.h.  One line per table: adding a table is one call. */
#include "tables.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "registry.h"

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

/* The ruleset file of t into t->rules: of ruleset def's name, of a
 * pipeline whose layouts draw every type it lists. */
static bool load_rules(tables_t *t, const ruleset_def_t *def, char *err, size_t errlen)
{
    ruleset_t *rs = (ruleset_t *)t->rules;
    size_t len;
    char origin[4200];
    char *text = data_src_read(&t->src, "ruleset.json", &len, origin, sizeof origin, err, errlen);
    bool ok = text && ruleset_parse(rs, text, len, origin, err, errlen);
    free(text);
    if (!ok)
        return false;
    const ruleset_def_t *by = NULL; /* the ruleset of the pipeline it names */
    for (int i = 0; RULESET_DEFS[i] && !by; i++)
        if (strcmp(RULESET_DEFS[i]->pipeline, rs->pipeline) == 0)
            by = RULESET_DEFS[i];
    if (!by) {
        snprintf(err, errlen, "%s: pipeline: \"%s\" is not the pipeline of a ruleset", origin,
                 rs->pipeline);
        return false;
    }
    for (int ty = 0; ty < LT__COUNT; ty++) {
        if (!rs->has_type[ty] || by->layout[ty])
            continue;
        const ruleset_def_t *maker = NULL;
        for (int i = 0; RULESET_DEFS[i] && !maker; i++)
            if (RULESET_DEFS[i]->layout[ty])
                maker = RULESET_DEFS[i];
        snprintf(err, errlen, "%s: types: level type \"%s\" is made only by the %s pipeline "
                              "(\"pipeline\": \"%s\")",
                 origin, level_type_name((level_type_t)ty), maker->pipeline, maker->pipeline);
        return false;
    }
    /* a manifest's ruleset file may keep its base's name or take its own */
    if (strcmp(by->pipeline, def->pipeline) != 0 ||
        (strcmp(rs->name, def->name) != 0 && strcmp(rs->name, t->name) != 0 &&
         !(def->base && strcmp(rs->name, def->base) == 0))) {
        snprintf(err, errlen, "%s: ruleset \"%s\" of the %s pipeline, expected \"%s\" of the %s "
                              "pipeline",
                 origin, rs->name, rs->pipeline, def->name, def->pipeline);
        return false;
    }
    return true;
}

void tables_type_list(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    bool listed[LT__COUNT] = {false};
    for (int r = 0; RULESET_DEFS[r]; r++) {
        bool first = true;
        for (int t = 0; t < LT__COUNT && used < n; t++) {
            if (listed[t] || !RULESET_DEFS[r]->layout[t])
                continue;
            char sep[80];
            if (!first)
                snprintf(sep, sizeof sep, ", ");
            else if (r == 0)
                sep[0] = '\0';
            else
                snprintf(sep, sizeof sep, "; %s also ", RULESET_DEFS[r]->name);
            first = false;
            listed[t] = true;
            int k = snprintf(buf + used, n - used, "%s%s", sep, LEVEL_TYPE_NAMES[t]);
            if (k < 0)
                break;
            used += (size_t)k;
        }
    }
}

tables_t *tables_load(const char *name, const char *data_dir, char *err, size_t errlen)
{
    if (data_dir && strlen(data_dir) >= REGISTRY_ROOT_MAX) {
        snprintf(err, errlen, "--data: the directory name is too long");
        return NULL;
    }
    const bool manifest = data_dir && registry_has_manifest(data_dir);
    const ruleset_def_t *def = manifest ? NULL : name ? registry_find(name) : RULESET_DEFS[0];
    if (!manifest && !def) {
        int k = snprintf(err, errlen, "unknown ruleset \"%s\" (known: ", name);
        for (int i = 0; RULESET_DEFS[i] && k >= 0 && (size_t)k < errlen; i++)
            k += snprintf(err + k, errlen - (size_t)k, "%s%s", i ? ", " : "",
                          RULESET_DEFS[i]->name);
        if (k >= 0 && (size_t)k < errlen)
            snprintf(err + k, errlen - (size_t)k, ")");
        return NULL;
    }
    tables_t *t = registry_alloc();
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (manifest) { /* a ruleset built on a built-in one (registry_manifest) */
        if (!registry_manifest(t, data_dir, name, err, errlen)) {
            registry_free(t);
            return NULL;
        }
        def = t->def;
    } else { /* a built-in ruleset, from the embedded data or a whole data tree */
        char *root = registry_root(t);
        if (data_dir)
            snprintf(root, REGISTRY_ROOT_MAX, "%s", data_dir);
        t->src = (data_src_t){.root = data_dir ? root : NULL, .folder = def->folder,
                              .files = def->files};
        t->name = def->name;
        t->def = def;
        t->expectations = def->expectations;
    }
    if (!load_rules(t, def, err, errlen) || !def->load(t, err, errlen)) {
        registry_free(t);
        return NULL;
    }
    return t;
}

void tables_close(const tables_t *t)
{
    registry_free(t);
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
    /* what its loaders read (a manifest's files under its name), in name order */
    int n = 0;
    for (int i = 0; i < t->src.nread && n < TABLES_MAX; i++) {
        int at = n++;
        while (at > 0 && strcmp(id->file[at - 1].name, t->src.read[i].name) > 0) {
            id->file[at] = id->file[at - 1];
            at--;
        }
        snprintf(id->file[at].name, sizeof id->file[at].name, "%s", t->src.read[i].name);
        id->file[at].hash = t->src.read[i].hash;
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

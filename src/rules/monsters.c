/* monsters.c - loading and validating the monster table, glyphs, legend.
 *
 * The table is data (data/monsters.json, docs/rules.md §5); this file only reads
 * it, checks every row (types, ranges, unique ids and glyphs, glyphs that
 * do not collide with map cells, at most MONSTER_KINDS_MAX rows) and answers
 * glyph, name and class questions for the renderers.  The optional "classes"
 * object ({"former": [ids...], ...}) sorts kinds into the picture classes of
 * monsters.h; every id it names must be a row, in one class at most.
 */
#include "monsters.h"

#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "grid.h"
#include "jsonutil.h"

#define MONSTER_DLEVEL_LIMIT 1000000

/* A glyph is a letter that is no cell's glyph (the box is 'X'). */
static bool glyph_ok(char g)
{
    if (!((g >= 'a' && g <= 'z') || (g >= 'A' && g <= 'Z')))
        return false;
    for (int k = 0; k < CELL__COUNT; k++)
        if (cell_glyph((cell_t)k) == g)
            return false;
    return true;
}

static const char *const TOP_KEYS[] = {"monsters", "classes", NULL};
static const char *const ROW_KEYS[] = {"id", "name", "glyph", "min", "max", "weight", "danger",
                                       NULL};

static void parse_row(ju_t *ju, monster_table_t *t, const cJSON *row, int i)
{
    char path[48];
    snprintf(path, sizeof path, "monsters[%d]", i);
    ju_keys(ju, row, path, ROW_KEYS);
    monster_kind_t *m = &t->kind[i];
    const char *id = ju_string(ju, row, path, "id");
    const char *name = ju_string(ju, row, path, "name");
    const char *glyph = ju_string(ju, row, path, "glyph");
    if (ju->failed)
        return;
    if (!*id || strlen(id) >= sizeof m->id) {
        ju_fail(ju, path, "id must be 1..%d characters", (int)sizeof m->id - 1);
        return;
    }
    if (!*name || strlen(name) >= sizeof m->name) {
        ju_fail(ju, path, "name must be 1..%d characters", (int)sizeof m->name - 1);
        return;
    }
    snprintf(m->id, sizeof m->id, "%s", id);
    snprintf(m->name, sizeof m->name, "%s", name);
    if (strlen(glyph) != 1 || !glyph_ok(glyph[0])) {
        ju_fail(ju, path, "glyph \"%s\" must be one letter that is no map cell's glyph", glyph);
        return;
    }
    m->glyph = glyph[0];
    m->min = ju_int(ju, row, path, "min", 0, MONSTER_DLEVEL_LIMIT);
    const cJSON *max = ju_get(ju, row, path, "max");
    if (ju->failed)
        return;
    if (cJSON_IsNull(max)) {
        m->max = MONSTER_NO_MAX;
    } else {
        char mp[64];
        snprintf(mp, sizeof mp, "%s.max", path);
        m->max = ju_int_item(ju, max, mp, m->min, MONSTER_DLEVEL_LIMIT);
    }
    m->weight = ju_int(ju, row, path, "weight", 0, 1000000);
    m->danger = ju_int(ju, row, path, "danger", 1, 1000000);
    for (int j = 0; j < i && !ju->failed; j++) {
        if (strcmp(t->kind[j].id, m->id) == 0)
            ju_fail(ju, path, "id \"%s\" repeats monsters[%d]", m->id, j);
        else if (t->kind[j].glyph == m->glyph)
            ju_fail(ju, path, "glyph '%c' repeats monsters[%d] (%s): the legend would be "
                    "ambiguous", m->glyph, j, t->kind[j].id);
    }
}

const char *const MONSTER_CLASS_NAME[MCLASS__COUNT] = {
    [MCLASS_OTHER] = "other",         [MCLASS_FORMER] = "former", [MCLASS_DEMON] = "demon",
    [MCLASS_UNDEAD] = "undead",       [MCLASS_NIGHTMARE] = "nightmare",
    [MCLASS_BOSS] = "boss",
};

/* "classes": {"former": ["former", ...], ..., "comment": "..."}. */
static void parse_classes(ju_t *ju, monster_table_t *t, const cJSON *classes)
{
    if (!cJSON_IsObject(classes)) {
        ju_fail(ju, "classes", "must be an object of class name -> list of monster ids");
        return;
    }
    bool seen[MONSTER_KINDS_MAX] = {false};
    const cJSON *list;
    cJSON_ArrayForEach(list, classes)
    {
        if (strcmp(list->string, "comment") == 0)
            continue;
        int c = 1;
        while (c < MCLASS__COUNT && strcmp(list->string, MONSTER_CLASS_NAME[c]) != 0)
            c++;
        char path[64];
        snprintf(path, sizeof path, "classes.%.40s", list->string);
        if (c == MCLASS__COUNT) {
            ju_fail(ju, path, "unknown class (former, demon, undead, nightmare, boss)");
            return;
        }
        if (!cJSON_IsArray(list)) {
            ju_fail(ju, path, "must be a list of monster ids");
            return;
        }
        const cJSON *id;
        cJSON_ArrayForEach(id, list)
        {
            int k = cJSON_IsString(id) ? monsters_find(t, id->valuestring) : -1;
            if (k < 0) {
                ju_fail(ju, path, "\"%.40s\" is no monster id",
                        cJSON_IsString(id) ? id->valuestring : "(not a string)");
                return;
            }
            if (seen[k]) {
                ju_fail(ju, path, "\"%s\" is in two classes", t->kind[k].id);
                return;
            }
            seen[k] = true;
            t->kind[k].cls = (uint8_t)c;
        }
    }
}

/* The table's stamp (monsters.h): FNV-1a over its size and each kind's
 * window, weight and danger, never 0. */
static uint64_t monsters_stamp(const monster_table_t *t)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a 64 offset basis */
    int v[4 * MONSTER_KINDS_MAX + 1];
    int n = 0;
    v[n++] = t->n;
    for (int i = 0; i < t->n; i++) {
        const monster_kind_t *k = &t->kind[i];
        v[n++] = k->min;
        v[n++] = k->max;
        v[n++] = k->weight;
        v[n++] = k->danger;
    }
    for (int i = 0; i < n; i++)
        for (int b = 0; b < 4; b++) {
            h ^= (uint8_t)((unsigned)v[i] >> (8 * b));
            h *= 1099511628211u; /* FNV-1a 64 prime */
        }
    return h ? h : 1;
}

bool monsters_parse(monster_table_t *t, const char *json, size_t len, const char *origin,
                    char *err, size_t errlen)
{
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    memset(t, 0, sizeof *t);
    cJSON *root = ju_parse_object(&ju, json, len, TOP_KEYS);
    if (!root)
        return false;
    int n;
    const cJSON *rows = ju_rows(&ju, root, "", "monsters", MONSTER_KINDS_MAX, "monsters", &n);
    if (!ju.failed) {
        for (int i = 0; i < n && !ju.failed; i++)
            parse_row(&ju, t, cJSON_GetArrayItem(rows, i), i);
        t->n = ju.failed ? 0 : n;
        const cJSON *classes = cJSON_GetObjectItemCaseSensitive(root, "classes");
        if (!ju.failed && classes)
            parse_classes(&ju, t, classes);
        if (ju.failed)
            t->n = 0;
    }
    t->stamp = ju.failed ? 0 : monsters_stamp(t);
    cJSON_Delete(root);
    return !ju.failed;
}

static bool parse_into(void *t, const char *text, size_t len, const char *origin, char *err,
                       size_t errlen)
{
    return monsters_parse(t, text, len, origin, err, errlen);
}

bool monsters_load(monster_table_t *t, data_src_t *src, const char *name, char *err,
                   size_t errlen)
{
    return data_src_load(src, name, parse_into, t, err, errlen);
}

int monsters_find(const monster_table_t *t, const char *id)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->kind[i].id, id) == 0)
            return i;
    return -1;
}

char monster_glyph(const monster_table_t *t, int k)
{
    return t && k >= 0 && k < t->n ? t->kind[k].glyph : '?';
}

const char *monster_id(const monster_table_t *t, int k)
{
    return t && k >= 0 && k < t->n ? t->kind[k].id : "?";
}

monster_class_t monster_class(const monster_table_t *t, int k)
{
    return t && k >= 0 && k < t->n ? (monster_class_t)t->kind[k].cls : MCLASS_OTHER;
}

int monster_by_glyph(const monster_table_t *t, char g)
{
    for (int i = 0; t && i < t->n; i++)
        if (t->kind[i].glyph == g)
            return i;
    return -1;
}

void monsters_legend_json(const monster_table_t *t, cJSON *legend)
{
    if (!t)
        return;
    char key[2] = {0, 0};
    for (int i = 0; i < t->n; i++) {
        key[0] = t->kind[i].glyph;
        cJSON_AddStringToObject(legend, key, t->kind[i].name);
    }
}

void monsters_legend_text(const monster_table_t *t, FILE *out)
{
    if (!t)
        return;
    for (int i = 0; i < t->n; i++)
        fprintf(out, "  %c %s\n", t->kind[i].glyph, t->kind[i].name);
}

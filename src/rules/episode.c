/* episode.c - see episode.h. */
#include "episode.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "jsonutil.h"

static const char *const TOP_KEYS[] = {"styles", "room_reader_cells", "episode", NULL};
static const char *const STYLE_KEYS[] = {"id", "floor", "wall", "door", "caves", NULL};
static const char *const ENTRY_KEYS[] = {"dlevel", "level", "script", "section", "style",
                                         "special_exit", NULL};
static const char *const EXIT_KEYS[] = {"script", "min_diff", NULL};

/* A cell name into dst (EPISODE_NAME_MAX bytes). */
static void cell_name(ju_t *ju, const cJSON *obj, const char *path, const char *key, char *dst)
{
    const char *s = ju_string(ju, obj, path, key);
    if (ju->failed)
        return;
    if (!*s || strlen(s) >= EPISODE_NAME_MAX) {
        ju_fail(ju, path, "%s: \"%s\" is not a cell name of 1..%d characters", key, s,
                EPISODE_NAME_MAX - 1);
        return;
    }
    snprintf(dst, EPISODE_NAME_MAX, "%s", s);
}

static bool known_cell(const episode_t *e, const char *name)
{
    for (int i = 0; i < e->ncells; i++)
        if (strcmp(e->cell[i], name) == 0)
            return true;
    return false;
}

static void parse_styles(ju_t *ju, episode_t *e, const cJSON *root)
{
    int n;
    const cJSON *rows = ju_rows(ju, root, "", "styles", EPISODE_MAX_STYLES, "styles", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *r = ju_row(ju, rows, "", "styles", i, STYLE_KEYS, p, sizeof p);
        episode_style_t *s = &e->style[i];
        s->id = ju_int(ju, r, p, "id", 1, EPISODE_MAX_STYLE_ID);
        cell_name(ju, r, p, "floor", s->floor);
        cell_name(ju, r, p, "wall", s->wall);
        cell_name(ju, r, p, "door", s->door);
        s->caves = cJSON_GetObjectItemCaseSensitive(r, "caves") && ju_bool(ju, r, p, "caves");
        for (int j = 0; j < i && !ju->failed; j++)
            if (e->style[j].id == s->id)
                ju_fail(ju, p, "id %d appears twice", s->id);
    }
    e->nstyles = ju->failed ? 0 : n;
}

static void parse_cells(ju_t *ju, episode_t *e, const cJSON *root)
{
    const cJSON *a = ju_array(ju, root, "", "room_reader_cells");
    if (ju->failed)
        return;
    int n = cJSON_GetArraySize(a);
    if (n < 1 || n > EPISODE_MAX_CELLS) {
        ju_fail(ju, "room_reader_cells", "expected 1..%d cell names, got %d", EPISODE_MAX_CELLS,
                n);
        return;
    }
    const cJSON *c;
    int i = 0;
    cJSON_ArrayForEach(c, a) {
        if (!cJSON_IsString(c) || !*c->valuestring ||
            strlen(c->valuestring) >= EPISODE_NAME_MAX) {
            ju_fail(ju, "room_reader_cells", "entry %d is not a cell name of 1..%d characters",
                    i, EPISODE_NAME_MAX - 1);
            return;
        }
        snprintf(e->cell[i++], EPISODE_NAME_MAX, "%s", c->valuestring);
    }
    e->ncells = n;
}

static void parse_entry(ju_t *ju, episode_t *e, const cJSON *r, const char *p, int i)
{
    episode_entry_t *en = &e->entry[i];
    en->dlevel = ju_int(ju, r, p, "dlevel", 1, EPISODE_MAX_DLEVELS);
    if (!ju->failed && en->dlevel != i + 1) {
        ju_fail(ju, p, "dlevel %d, expected %d (dlevels 1..n, in order, once each)", en->dlevel,
                i + 1);
        return;
    }
    const char *kind = ju_string(ju, r, p, "level");
    if (ju->failed)
        return;
    if (strcmp(kind, "random") != 0 && strcmp(kind, "scripted") != 0) {
        ju_fail(ju, p, "level \"%s\" is neither random nor scripted", kind);
        return;
    }
    en->random = strcmp(kind, "random") == 0;
    if (en->random == (cJSON_GetObjectItemCaseSensitive(r, "script") != NULL)) {
        ju_fail(ju, p, "a scripted level, and only it, names its script");
        return;
    }
    if (!en->random)
        (void)ju_string(ju, r, p, "script");
    (void)ju_string(ju, r, p, "section");
    const cJSON *st = ju_array(ju, r, p, "style");
    if (ju->failed)
        return;
    int n = cJSON_GetArraySize(st);
    if (n < 1 || n > EPISODE_MAX_PICK) {
        ju_fail(ju, p, "style: expected 1..%d style ids, got %d", EPISODE_MAX_PICK, n);
        return;
    }
    for (int k = 0; k < n && !ju->failed; k++) {
        int id = ju_int_item(ju, cJSON_GetArrayItem(st, k), p, 1, EPISODE_MAX_STYLE_ID);
        if (!ju->failed && !episode_style(e, id))
            ju_fail(ju, p, "style %d is not one of the file's styles", id);
        en->style[k] = (uint8_t)id;
    }
    en->nstyle = n;
    const cJSON *ex = cJSON_GetObjectItemCaseSensitive(r, "special_exit");
    if (ex && !ju->failed) {
        char q[64];
        snprintf(q, sizeof q, "%s.special_exit", p);
        if (!cJSON_IsArray(ex)) {
            ju_fail(ju, q, "expected a list of side levels");
            return;
        }
        const cJSON *x;
        cJSON_ArrayForEach(x, ex) {
            ju_keys(ju, x, q, EXIT_KEYS);
            (void)ju_string(ju, x, q, "script");
            const int d = ju_int(ju, x, q, "min_diff", 1, 5);
            if (!ju->failed && (en->side_min_diff == 0 || d < en->side_min_diff))
                en->side_min_diff = (uint8_t)d;
        }
    }
}

bool episode_parse(episode_t *e, const char *json, size_t len, const char *origin, char *err,
                   size_t errlen)
{
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    memset(e, 0, sizeof *e);
    cJSON *root = ju_parse_object(&ju, json, len, TOP_KEYS);
    if (!root)
        return false;
    parse_styles(&ju, e, root);
    parse_cells(&ju, e, root);
    int n = 0;
    const cJSON *rows =
        ju.failed ? NULL : ju_rows(&ju, root, "", "episode", EPISODE_MAX_DLEVELS, "dlevels", &n);
    for (int i = 0; i < n && !ju.failed; i++) {
        char p[48];
        const cJSON *r = ju_row(&ju, rows, "", "episode", i, ENTRY_KEYS, p, sizeof p);
        if (!ju.failed)
            parse_entry(&ju, e, r, p, i);
    }
    e->n = ju.failed ? 0 : n;
    for (int i = 0; i < e->nstyles; i++)
        e->style[i].reader = known_cell(e, e->style[i].wall) && known_cell(e, e->style[i].door);
    cJSON_Delete(root);
    if (ju.failed)
        memset(e, 0, sizeof *e);
    return !ju.failed;
}

static bool parse_into(void *e, const char *text, size_t len, const char *origin, char *err,
                       size_t errlen)
{
    return episode_parse(e, text, len, origin, err, errlen);
}

bool episode_load(episode_t *e, data_src_t *src, const char *name, char *err, size_t errlen)
{
    return data_src_load(src, name, parse_into, e, err, errlen);
}

const episode_style_t *episode_style(const episode_t *e, int id)
{
    for (int i = 0; e && i < e->nstyles; i++)
        if (e->style[i].id == id)
            return &e->style[i];
    return NULL;
}

const episode_entry_t *episode_entry(const episode_t *e, int dlevel)
{
    return e && dlevel >= 1 && dlevel <= e->n ? &e->entry[dlevel - 1] : NULL;
}

int episode_pick(const episode_t *e, int dlevel, rng_t *r)
{
    const episode_entry_t *en = episode_entry(e, dlevel);
    if (!en)
        return EPISODE_BEYOND_STYLE;
    return en->nstyle == 1 ? en->style[0] : en->style[rng_below(r, (uint32_t)en->nstyle)];
}

int episode_random_dlevels(const episode_t *e, int *out, int max)
{
    int n = 0;
    for (int i = 0; e && i < e->n && n < max; i++)
        if (e->entry[i].random)
            out[n++] = e->entry[i].dlevel;
    return n;
}

void episode_style_list(const episode_t *e, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; e && i < e->nstyles && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%d", i ? ", " : "", e->style[i].id);
}

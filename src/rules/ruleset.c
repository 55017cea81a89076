/* ruleset.c - loading a ruleset from JSON and drawing level types (docs/rules.md §2).
 *
 * The type draw takes, in this order: one weighted pick among the band's
 * types, the caves -> arena chance when caves came up, then (above the
 * single-monster dlevel) the single-monster chance, which replaces any type.
 */
#include "ruleset.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "jsonutil.h"

/* NULL-terminated, so the list is also the types object's key list. */
const char *const LEVEL_TYPE_NAMES[LT__COUNT + 1] = {
    [LT_NORMAL] = "normal", [LT_SMALL_ROOMS] = "small-rooms", [LT_WAREHOUSE] = "warehouse",
    [LT_CITY] = "city",     [LT_CAVES] = "caves",             [LT_ARENA] = "arena",
    [LT_MAZE] = "maze",     [LT_SINGLE] = "single",           [LT_CAVES_2] = "caves-2",
    [LT_LAVA] = "lava",     [LT_SINGLE_PLUS] = "single-plus",
};

const char *level_type_name(level_type_t t)
{
    assert(t < LT__COUNT);
    return LEVEL_TYPE_NAMES[t];
}

int level_type_from_name(const char *name)
{
    char spelt[32];
    size_t n = strlen(name);
    if (n >= sizeof spelt)
        return -1;
    for (size_t i = 0; i <= n; i++)
        spelt[i] = name[i] == '_' ? '-' : name[i];
    for (int t = 0; t < LT__COUNT; t++)
        if (strcmp(spelt, LEVEL_TYPE_NAMES[t]) == 0)
            return t;
    return -1;
}

const char *const DIFFICULTY_NAMES[DIFF_NIGHTMARE + 1] = {
    [DIFF_ITYTD] = "ITYTD", [DIFF_HNTR] = "HNTR", [DIFF_HMP] = "HMP",
    [DIFF_UV] = "UV",       [DIFF_NIGHTMARE] = "N!",
};

static const char *const TOP_KEYS[] = {"name",  "type_bands", "arena_from_caves", "single",
                                        "types", "min_difficulty", "pipeline", NULL};
static const char *const BAND_KEYS[] = {"from", "to", "weights", NULL};
static const char *const SINGLE_KEYS[] = {"above_dlevel", "chance", NULL};
static const char *const TYPE_KEYS[] = {"river", "river_style", "river_horizontal",
                                        "fluid_passes", "fluids_only_without_river",
                                        "danger_percent", "special_rooms", "hunting", "items",
                                        "fluid_chance", "danger_round", "comment",
                                        "rooms", "barrels", "events", NULL};
static const char *const ITEMS_KEYS[] = {"rule", "x", "n", "k", NULL};

/* A key the object may hold in general but not with the variant chosen:
 * it would be ignored, so it is refused. */
static void unused_key(ju_t *ju, const cJSON *o, const char *path, const char *key,
                       const char *why)
{
    if (!ju->failed && cJSON_GetObjectItemCaseSensitive(o, key))
        ju_fail(ju, path, "key \"%s\" is not used %s", key, why);
}

static void parse_bands(ju_t *ju, ruleset_t *rs, const cJSON *root)
{
    int n;
    const cJSON *bands = ju_rows(ju, root, "", "type_bands", RULESET_MAX_BANDS, "bands", &n);
    rs->nbands = n;
    int expect_from = 1;
    for (int i = 0; i < n && !ju->failed; i++) {
        char path[64];
        const cJSON *b = ju_row(ju, bands, "", "type_bands", i, BAND_KEYS, path, sizeof path);
        type_band_t *tb = &rs->band[i];
        tb->from = ju_int(ju, b, path, "from", 1, 1000000);
        const cJSON *to = ju_get(ju, b, path, "to");
        if (ju->failed)
            return;
        if (cJSON_IsNull(to)) {
            tb->to = 0;
            if (i != n - 1)
                ju_fail(ju, path, "only the last band may be open-ended (to: null)");
        } else {
            tb->to = ju_int(ju, b, path, "to", tb->from, 1000000);
            if (i == n - 1 && !ju->failed)
                ju_fail(ju, path, "the last band must be open-ended (to: null)");
        }
        if (!ju->failed && tb->from != expect_from)
            ju_fail(ju, path, "bands must cover dlevels without gaps: expected from %d, got %d",
                    expect_from, tb->from);
        expect_from = tb->to + 1;
        const cJSON *w = ju_object(ju, b, path, "weights");
        if (ju->failed)
            return;
        memset(tb->weight, 0, sizeof tb->weight);
        tb->total = 0;
        bool seen[LT__COUNT] = {false};
        const cJSON *it;
        cJSON_ArrayForEach(it, w)
        {
            char wp[128];
            snprintf(wp, sizeof wp, "%s.weights.%s", path, it->string);
            int t = level_type_from_name(it->string);
            if (t < 0) {
                char mp[96];
                snprintf(mp, sizeof mp, "%s.weights", path);
                ju_fail_unknown(ju, mp, "level type", it->string, LEVEL_TYPE_NAMES, LT__COUNT);
                return;
            }
            if (rs->replacements && (t == LT_ARENA || t == LT_SINGLE)) {
                ju_fail(ju, wp, "not a type a band can weigh (arena and single are replacements)");
                return;
            }
            /* JSON parsers keep both copies of a repeated key: a second
             * weight would count in the total but not in the draw. */
            if (seen[t]) {
                ju_fail(ju, wp, "weighed twice");
                return;
            }
            seen[t] = true;
            tb->weight[t] = ju_int_item(ju, it, wp, 0, 1000000);
            tb->total += tb->weight[t];
        }
        if (!ju->failed && tb->total <= 0)
            ju_fail(ju, path, "weights sum to zero");
    }
}

/* The optional keys of a type (the game ruleset's pipeline, docs/rulesets.md);
 * absent, each takes the wiki's way. */
static void parse_type_game_keys(ju_t *ju, type_rules_t *tr, const cJSON *o, const char *path)
{
    tr->fluid_chance = (frac_t){1, 1};
    if (cJSON_GetObjectItemCaseSensitive(o, "fluid_chance"))
        ju_frac(ju, o, path, "fluid_chance", &tr->fluid_chance.num, &tr->fluid_chance.den);
    tr->danger_ceil = false;
    if (cJSON_GetObjectItemCaseSensitive(o, "danger_round")) {
        const char *w = ju_string(ju, o, path, "danger_round");
        if (ju->failed)
            return;
        if (strcmp(w, "ceil") == 0)
            tr->danger_ceil = true;
        else if (strcmp(w, "floor") != 0)
            ju_fail(ju, path, "danger_round \"%s\" is not floor or ceil", w);
    }
    tr->rooms_lo = tr->rooms_hi = 0;
    const cJSON *rooms = cJSON_GetObjectItemCaseSensitive(o, "rooms");
    if (rooms && !ju->failed) {
        char rp[96];
        snprintf(rp, sizeof rp, "%s.rooms", path);
        if (!cJSON_IsArray(rooms) || cJSON_GetArraySize(rooms) != 2) {
            ju_fail(ju, rp, "expected [lo, hi]");
            return;
        }
        tr->rooms_lo = ju_int_item(ju, cJSON_GetArrayItem(rooms, 0), rp, 1, 100);
        tr->rooms_hi = ju_int_item(ju, cJSON_GetArrayItem(rooms, 1), rp, tr->rooms_lo, 100);
        if (!ju->failed && !tr->special_rooms)
            ju_fail(ju, rp, "a count of special rooms for a type without special_rooms");
    }
    tr->barrels = cJSON_GetObjectItemCaseSensitive(o, "barrels") && ju_bool(ju, o, path, "barrels");
    tr->events = cJSON_GetObjectItemCaseSensitive(o, "events") && ju_bool(ju, o, path, "events");
}

static void parse_type(ju_t *ju, type_rules_t *tr, const cJSON *types, level_type_t t)
{
    char path[64];
    snprintf(path, sizeof path, "types.%s", level_type_name(t));
    const cJSON *o = ju_object(ju, types, "types", level_type_name(t));
    ju_keys(ju, o, path, TYPE_KEYS);
    if (ju->failed)
        return;
    ju_frac(ju, o, path, "river", &tr->river.num, &tr->river.den);
    const char *style = ju_string(ju, o, path, "river_style");
    if (ju->failed)
        return;
    if (strcmp(style, "standard") == 0)
        tr->river_style = RIVER_STANDARD;
    else if (strcmp(style, "vertical_only") == 0)
        tr->river_style = RIVER_VERTICAL_ONLY;
    else if (strcmp(style, "caves") == 0) {
        tr->river_style = RIVER_CAVES;
        ju_frac(ju, o, path, "river_horizontal", &tr->river_horizontal.num,
                &tr->river_horizontal.den);
    } else {
        ju_fail(ju, path, "river_style \"%s\" is not standard, vertical_only or caves", style);
        return;
    }
    if (tr->river_style != RIVER_CAVES)
        unused_key(ju, o, path, "river_horizontal", "by this river_style (only by caves)");
    tr->fluid_passes = ju_int(ju, o, path, "fluid_passes", 0, 10);
    tr->fluids_only_without_river = ju_bool(ju, o, path, "fluids_only_without_river");
    tr->danger_percent = ju_int(ju, o, path, "danger_percent", 0, 10000);
    tr->special_rooms = ju_bool(ju, o, path, "special_rooms");
    ju_frac(ju, o, path, "hunting", &tr->hunting.num, &tr->hunting.den);
    const cJSON *items = ju_object(ju, o, path, "items");
    char ipath[80];
    snprintf(ipath, sizeof ipath, "%s.items", path);
    ju_keys(ju, items, ipath, ITEMS_KEYS);
    const char *rule = ju_string(ju, items, ipath, "rule");
    if (ju->failed)
        return;
    tr->items_x = tr->items_n = tr->items_k = 0;
    if (strcmp(rule, "formula") == 0) {
        tr->items = ITEMS_FORMULA;
    } else if (strcmp(rule, "fixed") == 0) {
        tr->items = ITEMS_FIXED;
        tr->items_n = ju_int(ju, items, ipath, "n", 0, 1000);
    } else if (strcmp(rule, "dice") == 0) {
        tr->items = ITEMS_DICE;
        tr->items_x = ju_int(ju, items, ipath, "x", 1, 100);
        tr->items_n = ju_int(ju, items, ipath, "n", 1, 1000);
        tr->items_k = ju_int(ju, items, ipath, "k", 0, 1000);
    } else if (strcmp(rule, "percent") == 0) {
        tr->items = ITEMS_PERCENT;
        tr->items_n = ju_int(ju, items, ipath, "n", 0, 10000);
    } else if (strcmp(rule, "percent_ceil") == 0) {
        tr->items = ITEMS_PERCENT_CEIL;
        tr->items_n = ju_int(ju, items, ipath, "n", 0, 10000);
    } else {
        ju_fail(ju, ipath, "rule \"%s\" is not formula, fixed, dice, percent or percent_ceil",
                rule);
    }
    char why[64];
    snprintf(why, sizeof why, "by rule \"%s\"", rule);
    if (tr->items != ITEMS_DICE) {
        unused_key(ju, items, ipath, "x", why);
        unused_key(ju, items, ipath, "k", why);
    }
    if (tr->items == ITEMS_FORMULA)
        unused_key(ju, items, ipath, "n", why);
    parse_type_game_keys(ju, tr, o, path);
}

bool ruleset_parse(ruleset_t *rs, const char *json, size_t len, const char *origin, char *err,
                   size_t errlen)
{
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    memset(rs, 0, sizeof *rs);
    cJSON *root = ju_parse_object(&ju, json, len, TOP_KEYS);
    if (!root)
        return false;
    const char *name = ju_string(&ju, root, "", "name");
    snprintf(rs->name, sizeof rs->name, "%s", name);
    /* which pipeline it names is the registry's to judge (tables.c) */
    snprintf(rs->pipeline, sizeof rs->pipeline, "%s", RULESET_PIPELINE_DEFAULT);
    if (root && cJSON_GetObjectItemCaseSensitive(root, "pipeline")) {
        const char *pl = ju_string(&ju, root, "", "pipeline");
        if (!ju.failed && strlen(pl) >= sizeof rs->pipeline)
            ju_fail(&ju, "pipeline", "\"%s\" is longer than %d characters", pl,
                    (int)sizeof rs->pipeline - 1);
        else if (!ju.failed)
            snprintf(rs->pipeline, sizeof rs->pipeline, "%s", pl);
    }
    /* The replacements come as a pair: both keys, or neither. */
    bool arena_key = root && cJSON_GetObjectItemCaseSensitive(root, "arena_from_caves");
    bool single_key = root && cJSON_GetObjectItemCaseSensitive(root, "single");
    if (!ju.failed && arena_key != single_key)
        ju_fail(&ju, "", "\"%s\" without \"%s\": the replacements come as a pair",
                arena_key ? "arena_from_caves" : "single", arena_key ? "single" : "arena_from_caves");
    rs->replacements = arena_key;
    parse_bands(&ju, rs, root);
    if (rs->replacements) {
        ju_frac(&ju, root, "", "arena_from_caves", &rs->arena_from_caves.num,
                &rs->arena_from_caves.den);
        const cJSON *single = ju_object(&ju, root, "", "single");
        ju_keys(&ju, single, "single", SINGLE_KEYS);
        rs->single_above_dlevel = ju_int(&ju, single, "single", "above_dlevel", 0, 1000000);
        ju_frac(&ju, single, "single", "chance", &rs->single_chance.num, &rs->single_chance.den);
    }
    const cJSON *types = ju_object(&ju, root, "", "types");
    /* A misspelt type name is an unknown key; a type a band weighs (or a
     * replacement makes) must have its rules. */
    ju_keys(&ju, types, "types", LEVEL_TYPE_NAMES);
    for (int t = 0; t < LT__COUNT && !ju.failed; t++) {
        bool weighed = rs->replacements && (t == LT_ARENA || t == LT_SINGLE);
        for (int b = 0; b < rs->nbands; b++)
            weighed = weighed || rs->band[b].weight[t] > 0;
        bool listed = cJSON_GetObjectItemCaseSensitive(types, level_type_name((level_type_t)t));
        if (!listed && weighed) {
            ju_fail(&ju, "types", "no rules for level type \"%s\", which the ruleset draws",
                    level_type_name((level_type_t)t));
            break;
        }
        rs->has_type[t] = listed;
        if (listed)
            parse_type(&ju, &rs->type[t], types, (level_type_t)t);
    }
    const cJSON *md = root ? cJSON_GetObjectItemCaseSensitive(root, "min_difficulty") : NULL;
    if (md && !ju.failed) {
        md = ju_object(&ju, root, "", "min_difficulty");
        const cJSON *it;
        cJSON_ArrayForEach(it, md)
        {
            if (ju.failed)
                break;
            if (strcmp(it->string, "comment") == 0)
                continue;
            int t = level_type_from_name(it->string);
            if (t < 0 || !rs->has_type[t]) {
                ju_fail_unknown(&ju, "min_difficulty", "level type", it->string, LEVEL_TYPE_NAMES,
                                LT__COUNT);
                break;
            }
            char mp[96];
            snprintf(mp, sizeof mp, "min_difficulty.%s", it->string);
            rs->min_difficulty[t] = ju_int_item(&ju, it, mp, 1, 5);
        }
    }
    /* Every band draws some type at every difficulty (the lowest allows
     * the fewest). */
    for (int b = 0; b < rs->nbands && !ju.failed; b++) {
        int total = 0;
        for (int t = 0; t < LT__COUNT; t++)
            total += rs->min_difficulty[t] <= DIFFICULTY_LOWEST ? rs->band[b].weight[t] : 0;
        if (total <= 0)
            ju_fail(&ju, "min_difficulty", "type_bands[%d] draws no type at difficulty %d", b,
                    DIFFICULTY_LOWEST);
    }
    cJSON_Delete(root);
    return !ju.failed;
}

static bool parse_into(void *rs, const char *text, size_t len, const char *origin, char *err,
                       size_t errlen)
{
    return ruleset_parse(rs, text, len, origin, err, errlen);
}

bool ruleset_load(ruleset_t *rs, data_src_t *src, const char *name, char *err, size_t errlen)
{
    return data_src_load(src, name, parse_into, rs, err, errlen);
}

const type_band_t *ruleset_band(const ruleset_t *rs, int dlevel)
{
    for (int i = 0; i < rs->nbands; i++) {
        const type_band_t *b = &rs->band[i];
        if (dlevel >= b->from && (b->to == 0 || dlevel <= b->to))
            return b;
    }
    return NULL;
}

/* The band's weight of type t at difficulty d (0 when d is below the type's
 * minimum). */
static int weight_at(const ruleset_t *rs, const type_band_t *b, int t, int difficulty)
{
    return difficulty >= rs->min_difficulty[t] ? b->weight[t] : 0;
}

level_type_t ruleset_pick_type(const ruleset_t *rs, int dlevel, int difficulty,
                               bool single_enabled, rng_t *r)
{
    const type_band_t *b = ruleset_band(rs, dlevel);
    assert(b && b->total > 0);
    int total = 0;
    for (int i = 0; i < LT__COUNT; i++)
        total += weight_at(rs, b, i, difficulty);
    assert(total > 0);
    int roll = rng_d(r, total);
    level_type_t t = LT_NORMAL;
    for (int i = 0; i < LT__COUNT; i++) {
        int w = weight_at(rs, b, i, difficulty);
        if (roll <= w) {
            t = (level_type_t)i;
            break;
        }
        roll -= w;
    }
    if (!rs->replacements)
        return t;
    if (t == LT_CAVES && rng_chance(r, rs->arena_from_caves.num, rs->arena_from_caves.den))
        t = LT_ARENA;
    if (single_enabled && dlevel > rs->single_above_dlevel &&
        rng_chance(r, rs->single_chance.num, rs->single_chance.den))
        t = LT_SINGLE;
    return t;
}

void ruleset_type_shares(const ruleset_t *rs, int dlevel, int difficulty, bool single_enabled,
                         long long num[LT__COUNT], long long *den)
{
    const type_band_t *b = ruleset_band(rs, dlevel);
    assert(b && b->total > 0);
    long long total = 0;
    for (int i = 0; i < LT__COUNT; i++)
        total += weight_at(rs, b, i, difficulty);
    assert(total > 0);
    *den = total;
    for (int i = 0; i < LT__COUNT; i++)
        num[i] = weight_at(rs, b, i, difficulty);
    if (!rs->replacements)
        return;
    /* caves: arena with a_n/a_d, over total * a_d */
    const long long an = rs->arena_from_caves.num, ad = rs->arena_from_caves.den;
    for (int i = 0; i < LT__COUNT; i++)
        num[i] *= ad;
    num[LT_ARENA] += num[LT_CAVES] / ad * an;
    num[LT_CAVES] = num[LT_CAVES] / ad * (ad - an);
    *den *= ad;
    if (single_enabled && dlevel > rs->single_above_dlevel) {
        /* then any type: single with s_n/s_d, over the last * s_d */
        const long long sn = rs->single_chance.num, sd = rs->single_chance.den;
        for (int i = 0; i < LT__COUNT; i++)
            num[i] *= sd - sn;
        num[LT_SINGLE] += sn * *den;
        *den *= sd;
    }
}

void ruleset_type_probs(const ruleset_t *rs, int dlevel, int difficulty, bool single_enabled,
                        double p[LT__COUNT])
{
    long long num[LT__COUNT], den;
    ruleset_type_shares(rs, dlevel, difficulty, single_enabled, num, &den);
    for (int i = 0; i < LT__COUNT; i++)
        p[i] = (double)num[i] / (double)den;
}

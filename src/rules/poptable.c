/* poptable.c - loading data/population.json and looking rolls up in it.
 *
 * The loader checks everything a generator relies on, so a broken file is a
 * one-line message naming the key, never a wrong level: budget rules for the
 * five difficulties, roll tables whose rows cover every integer roll in
 * order, picks and replacements that name existing outcomes, outcomes whose
 * parts name existing monsters and add up to 100 percent, special-room
 * weights and limits for every kind.  Lookups are pure functions of the
 * tables (and the stream, for draws), so tests can hit each boundary.
 */
#include "poptable.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "grid.h"
#include "jsonutil.h"

const char *const AMMO_NAMES[AMMO__COUNT] = {
    [AMMO_10MM] = "10mm", [AMMO_SHELLS] = "shells", [AMMO_ROCKETS] = "rockets",
    [AMMO_CELLS] = "cells"};

const char *poptable_ammo_name(int kind)
{
    return kind >= 0 && kind < AMMO__COUNT ? AMMO_NAMES[kind] : "?";
}

const char *const SPECIAL_KIND_NAMES[SPECIAL__COUNT + 1] = {
    [SPECIAL_WAREHOUSE] = "warehouse", [SPECIAL_FLUID] = "fluid",
    [SPECIAL_AMMO] = "ammo",           [SPECIAL_TELEPORTER] = "teleporter",
    [SPECIAL_LEVER] = "lever",         [SPECIAL_VAULT] = "vault",
};

static const char *const TOP_KEYS[] = {"budget", "window_shift", "last_monster", "caves",
                                        "single", "special_rooms", NULL};
static const char *const BUDGET_KEYS[] = {"difficulties", NULL};
static const char *const RULE_KEYS[] = {"name", "rule", "mul", "add", "div", "k", NULL};
static const char *const SHIFT_KEYS[] = {"by_difficulty", NULL};
static const char *const LAST_KEYS[] = {"rule", NULL};
static const char *const TABLE_KEYS[] = {"roll", "outcomes", "rows", NULL};
static const char *const ROLL_KEYS[] = {"die", "difficulty_step", "difficulty_base", "add", "cap",
                                        NULL};
static const char *const OUTCOME_KEYS[] = {"name", "parts", NULL};
static const char *const PART_KEYS[] = {"monsters", "percent", NULL};
static const char *const ROW_KEYS[] = {"from", "to", "pick", "replace", NULL};
static const char *const REPLACE_KEYS[] = {"difficulty_min", "dlevel_above", "chance", "pick",
                                           NULL};
static const char *const SPECIAL_KEYS[] = {"count", "weights", "limits", "fluid_room",
                                           "ammo_room", NULL};
static const char *const DICE_KEYS[] = {"x", "n", "k", NULL};
static const char *const LIMIT_KEYS[] = {"w", "h", "area_max", NULL};
static const char *const FLUID_ROOM_KEYS[] = {"roll", "rows", NULL};
static const char *const AMMO_ROOM_KEYS[] = {"stacks", "roll", "rows", NULL};
static const char *const RANGE_ROLL_KEYS[] = {"die", "dlevel_div", NULL};
static const char *const RANGE_ROW_KEYS[] = {"from", "to", "value", NULL};

/* A key the rule chosen does not use: refused, as it would be ignored. */
static void unused_key(ju_t *ju, const cJSON *o, const char *path, const char *key,
                       const char *rule)
{
    if (!ju->failed && cJSON_GetObjectItemCaseSensitive(o, key))
        ju_fail(ju, path, "key \"%s\" is not used by rule \"%s\"", key, rule);
}

/* An integer member that may be null: null gives dflt. */
static int int_or_null(ju_t *ju, const cJSON *o, const char *path, const char *key, int lo, int hi,
                       int dflt)
{
    const cJSON *it = ju_get(ju, o, path, key);
    if (ju->failed || cJSON_IsNull(it))
        return dflt;
    char p[160];
    snprintf(p, sizeof p, "%s.%s", path, key);
    return ju_int_item(ju, it, p, lo, hi);
}

static void parse_budget(ju_t *ju, pop_tables_t *t, const cJSON *root)
{
    const cJSON *b = ju_object(ju, root, "", "budget");
    ju_keys(ju, b, "budget", BUDGET_KEYS);
    const cJSON *d = ju_array(ju, b, "budget", "difficulties");
    if (ju->failed)
        return;
    if (cJSON_GetArraySize(d) != DIFF_NIGHTMARE) {
        ju_fail(ju, "budget.difficulties", "expected %d rules (ITYTD..N!)", DIFF_NIGHTMARE);
        return;
    }
    for (int i = 1; i <= DIFF_NIGHTMARE && !ju->failed; i++) {
        char path[48];
        snprintf(path, sizeof path, "budget.difficulties[%d]", i - 1);
        const cJSON *o = cJSON_GetArrayItem(d, i - 1);
        ju_keys(ju, o, path, RULE_KEYS);
        const char *name = ju_string(ju, o, path, "name");
        const char *rule = ju_string(ju, o, path, "rule");
        if (ju->failed)
            return;
        if (strcmp(name, DIFFICULTY_NAMES[i]) != 0) {
            ju_fail(ju, path, "name \"%s\": expected \"%s\" (rules are in difficulty order)",
                    name, DIFFICULTY_NAMES[i]);
            return;
        }
        pop_budget_rule_t *br = &t->budget[i];
        if (strcmp(rule, "linear") == 0) {
            br->sqrt = false;
            br->mul = ju_int(ju, o, path, "mul", 0, 100000);
            br->add = ju_int(ju, o, path, "add", -100000, 100000);
            br->div = ju_int(ju, o, path, "div", 1, 100000);
            unused_key(ju, o, path, "k", rule);
        } else if (strcmp(rule, "sqrt") == 0) {
            br->sqrt = true;
            br->k = ju_int(ju, o, path, "k", 1, 100000);
            unused_key(ju, o, path, "mul", rule);
            unused_key(ju, o, path, "add", rule);
            unused_key(ju, o, path, "div", rule);
        } else {
            ju_fail(ju, path, "rule \"%s\" is not linear or sqrt", rule);
        }
    }
    const cJSON *ws = ju_object(ju, root, "", "window_shift");
    ju_keys(ju, ws, "window_shift", SHIFT_KEYS);
    const cJSON *by = ju_array(ju, ws, "window_shift", "by_difficulty");
    if (ju->failed)
        return;
    if (cJSON_GetArraySize(by) != DIFF_NIGHTMARE) {
        ju_fail(ju, "window_shift.by_difficulty", "expected %d values (ITYTD..N!)",
                DIFF_NIGHTMARE);
        return;
    }
    for (int i = 1; i <= DIFF_NIGHTMARE; i++)
        t->window_shift[i] = ju_int_item(ju, cJSON_GetArrayItem(by, i - 1),
                                         "window_shift.by_difficulty", 0, 1000);
    const cJSON *lm = ju_object(ju, root, "", "last_monster");
    ju_keys(ju, lm, "last_monster", LAST_KEYS);
    const char *rule = ju_string(ju, lm, "last_monster", "rule");
    if (ju->failed)
        return;
    if (strcmp(rule, "overshoot") == 0)
        t->last_monster = POP_LAST_OVERSHOOT;
    else if (strcmp(rule, "stop") == 0)
        t->last_monster = POP_LAST_STOP;
    else
        ju_fail(ju, "last_monster.rule", "\"%s\" is not overshoot or stop", rule);
}

static void parse_roll(ju_t *ju, pop_roll_t *r, const cJSON *o, const char *path)
{
    char p[96];
    snprintf(p, sizeof p, "%s.roll", path);
    const cJSON *ro = ju_object(ju, o, path, "roll");
    ju_keys(ju, ro, p, ROLL_KEYS);
    r->die = ju_int(ju, ro, p, "die", 1, 1000);
    r->step = ju_int(ju, ro, p, "difficulty_step", -1000, 1000);
    r->base = ju_int(ju, ro, p, "difficulty_base", 0, DIFF_NIGHTMARE);
    r->add = ju_int(ju, ro, p, "add", -100000, 100000);
    r->cap = int_or_null(ju, ro, p, "cap", -100000, 100000, POP_ROLL_HIGH);
    r->capped = r->cap != POP_ROLL_HIGH;
}

static int outcome_index(const pop_table_t *t, const char *name)
{
    for (int i = 0; i < t->noutcomes; i++)
        if (strcmp(t->outcome[i].name, name) == 0)
            return i;
    return -1;
}

static void parse_outcomes(ju_t *ju, pop_table_t *t, const monster_table_t *m, const cJSON *o,
                           const char *path)
{
    int n;
    const cJSON *arr = ju_rows(ju, o, path, "outcomes", POP_MAX_OUTCOMES, "outcomes", &n);
    t->noutcomes = 0;
    for (int i = 0; i < n && !ju->failed; i++) {
        char op[128];
        const cJSON *oc = ju_row(ju, arr, path, "outcomes", i, OUTCOME_KEYS, op, sizeof op);
        pop_outcome_t *out = &t->outcome[i];
        const char *name = ju_string(ju, oc, op, "name");
        if (ju->failed)
            return;
        if (!*name || strlen(name) >= sizeof out->name || outcome_index(t, name) >= 0) {
            ju_fail(ju, op, "name \"%s\" is empty, too long or repeated", name);
            return;
        }
        snprintf(out->name, sizeof out->name, "%s", name);
        const cJSON *parts = ju_array(ju, oc, op, "parts");
        if (ju->failed)
            return;
        out->nparts = cJSON_GetArraySize(parts);
        if (out->nparts < 1 || out->nparts > POP_MAX_PARTS) {
            ju_fail(ju, op, "expected 1..%d parts", POP_MAX_PARTS);
            return;
        }
        int sum = 0;
        for (int j = 0; j < out->nparts && !ju->failed; j++) {
            char pp[160];
            snprintf(pp, sizeof pp, "%s.parts[%d]", op, j);
            const cJSON *part = cJSON_GetArrayItem(parts, j);
            pop_part_t *pt = &out->part[j];
            ju_keys(ju, part, pp, PART_KEYS);
            pt->percent = ju_int(ju, part, pp, "percent", 1, 100);
            sum += pt->percent;
            const cJSON *mix = ju_array(ju, part, pp, "monsters");
            if (ju->failed)
                return;
            pt->nmix = cJSON_GetArraySize(mix);
            if (pt->nmix < 1 || pt->nmix > POP_MAX_MIX) {
                ju_fail(ju, pp, "expected 1..%d monsters", POP_MAX_MIX);
                return;
            }
            int wsum = 0;
            for (int k = 0; k < pt->nmix; k++) {
                const cJSON *id = cJSON_GetArrayItem(mix, k);
                int kind = cJSON_IsString(id) ? monsters_find(m, id->valuestring) : -1;
                if (kind < 0) {
                    ju_fail(ju, pp, "monsters[%d] is not a monster id of monsters.json", k);
                    return;
                }
                pt->mix[k] = (uint8_t)kind;
                wsum += m->kind[kind].weight;
            }
            if (wsum <= 0)
                ju_fail(ju, pp, "the monsters' weights sum to zero");
        }
        if (!ju->failed && sum != 100)
            ju_fail(ju, op, "parts' percents sum to %d, not 100", sum);
        t->noutcomes = i + 1;
    }
}

static void parse_pick(ju_t *ju, pop_pick_t *pk, const pop_table_t *t, const cJSON *o,
                       const char *path, const char *key)
{
    char p[160];
    snprintf(p, sizeof p, "%s.%s", path, key);
    const cJSON *obj = ju_object(ju, o, path, key);
    if (ju->failed)
        return;
    pk->n = 0;
    pk->total = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, obj)
    {
        int oi = outcome_index(t, it->string);
        if (oi < 0) {
            const char *names[POP_MAX_OUTCOMES];
            for (int i = 0; i < t->noutcomes; i++)
                names[i] = t->outcome[i].name;
            ju_fail_unknown(ju, p, "outcome", it->string, names, t->noutcomes);
            return;
        }
        if (pk->n >= POP_MAX_PICK) {
            ju_fail(ju, p, "more than %d outcomes", POP_MAX_PICK);
            return;
        }
        char wp[200];
        snprintf(wp, sizeof wp, "%s.%s", p, it->string);
        pk->outcome[pk->n] = (uint8_t)oi;
        pk->weight[pk->n] = ju_int_item(ju, it, wp, 0, 1000000);
        pk->total += pk->weight[pk->n];
        pk->n++;
    }
    if (!ju->failed && pk->total <= 0)
        ju_fail(ju, p, "weights sum to zero");
}

/* from/to of row i: the first row opens with from null, the last closes with
 * to null, and each row starts right after the previous one. */
static void parse_range(ju_t *ju, const cJSON *row, const char *path, int i, int n, int prev_to,
                        int *from, int *to)
{
    const cJSON *f = ju_get(ju, row, path, "from");
    const cJSON *tt = ju_get(ju, row, path, "to");
    if (ju->failed)
        return;
    char p[160];
    if (i == 0) {
        if (!cJSON_IsNull(f)) {
            ju_fail(ju, path, "the first row must start open (from: null)");
            return;
        }
        *from = POP_ROLL_LOW;
    } else {
        snprintf(p, sizeof p, "%s.from", path);
        *from = ju_int_item(ju, f, p, -100000, 100000);
        if (!ju->failed && *from != prev_to + 1) {
            ju_fail(ju, path, "rows must cover every roll: expected from %d, got %d",
                    prev_to + 1, *from);
            return;
        }
    }
    if (i == n - 1) {
        if (!cJSON_IsNull(tt)) {
            ju_fail(ju, path, "the last row must end open (to: null)");
            return;
        }
        *to = POP_ROLL_HIGH;
    } else {
        snprintf(p, sizeof p, "%s.to", path);
        int lo = i == 0 ? -100000 : *from;
        *to = ju_int_item(ju, tt, p, lo, 100000);
    }
}

static void parse_rows(ju_t *ju, pop_table_t *t, const cJSON *o, const char *path)
{
    int n;
    const cJSON *arr = ju_rows(ju, o, path, "rows", POP_MAX_ROWS, "rows", &n);
    t->nrows = n;
    int prev_to = 0;
    for (int i = 0; i < n && !ju->failed; i++) {
        char rp[128];
        const cJSON *row = ju_row(ju, arr, path, "rows", i, ROW_KEYS, rp, sizeof rp);
        pop_row_t *r = &t->row[i];
        parse_range(ju, row, rp, i, n, prev_to, &r->from, &r->to);
        prev_to = r->to;
        parse_pick(ju, &r->pick, t, row, rp, "pick");
        const cJSON *rep = cJSON_GetObjectItemCaseSensitive(row, "replace");
        r->has_replace = rep != NULL;
        if (rep && !ju->failed) {
            char pp[160];
            snprintf(pp, sizeof pp, "%s.replace", rp);
            ju_keys(ju, rep, pp, REPLACE_KEYS);
            r->replace_difficulty_min = ju_int(ju, rep, pp, "difficulty_min", DIFF_ITYTD,
                                               DIFF_NIGHTMARE);
            r->replace_dlevel_above = ju_int(ju, rep, pp, "dlevel_above", 0, 1000000);
            ju_frac(ju, rep, pp, "chance", &r->replace_chance.num, &r->replace_chance.den);
            parse_pick(ju, &r->replace, t, rep, pp, "pick");
        }
    }
}

static void parse_table(ju_t *ju, pop_table_t *t, const monster_table_t *m, const cJSON *root,
                        const char *key)
{
    const cJSON *o = ju_object(ju, root, "", key);
    ju_keys(ju, o, key, TABLE_KEYS);
    parse_roll(ju, &t->roll, o, key);
    parse_outcomes(ju, t, m, o, key);
    parse_rows(ju, t, o, key);
}

static int fluid_from_name(const char *s)
{
    if (strcmp(s, "water") == 0)
        return CELL_WATER;
    if (strcmp(s, "acid") == 0)
        return CELL_ACID;
    if (strcmp(s, "lava") == 0)
        return CELL_LAVA;
    return -1;
}

static int ammo_from_name(const char *s)
{
    for (int i = 0; i < AMMO__COUNT; i++)
        if (strcmp(s, AMMO_NAMES[i]) == 0)
            return i;
    return -1;
}

static void parse_range_table(ju_t *ju, pop_range_table_t *t, const cJSON *o, const char *path,
                              int (*value_of)(const char *), const char *what)
{
    char p[96];
    snprintf(p, sizeof p, "%s.roll", path);
    const cJSON *ro = ju_object(ju, o, path, "roll");
    ju_keys(ju, ro, p, RANGE_ROLL_KEYS);
    t->die = ju_int(ju, ro, p, "die", 1, 1000);
    t->dlevel_div = ju_int(ju, ro, p, "dlevel_div", 1, 1000);
    const cJSON *arr = ju_array(ju, o, path, "rows");
    if (ju->failed)
        return;
    int n = cJSON_GetArraySize(arr);
    snprintf(p, sizeof p, "%s.rows", path);
    if (n < 1 || n > POP_MAX_RANGE_ROWS) {
        ju_fail(ju, p, "expected 1..%d rows", POP_MAX_RANGE_ROWS);
        return;
    }
    t->nrows = n;
    int prev_to = 0;
    for (int i = 0; i < n && !ju->failed; i++) {
        char rp[128];
        snprintf(rp, sizeof rp, "%s[%d]", p, i);
        const cJSON *row = cJSON_GetArrayItem(arr, i);
        ju_keys(ju, row, rp, RANGE_ROW_KEYS);
        parse_range(ju, row, rp, i, n, prev_to, &t->from[i], &t->to[i]);
        prev_to = t->to[i];
        const char *v = ju_string(ju, row, rp, "value");
        if (ju->failed)
            return;
        t->value[i] = value_of(v);
        if (t->value[i] < 0)
            ju_fail(ju, rp, "value \"%s\" is not %s", v, what);
    }
}

static void parse_dice(ju_t *ju, const cJSON *o, const char *path, const char *key, int *x, int *n,
                       int *k)
{
    char p[96];
    snprintf(p, sizeof p, "%s.%s", path, key);
    const cJSON *d = ju_object(ju, o, path, key);
    ju_keys(ju, d, p, DICE_KEYS);
    *x = ju_int(ju, d, p, "x", 0, 100);
    *n = ju_int(ju, d, p, "n", 1, 1000);
    *k = ju_int(ju, d, p, "k", -1000, 1000);
}

/* [lo, hi] with 1 <= lo <= hi <= max. */
static void parse_span(ju_t *ju, const cJSON *o, const char *path, const char *key, int max,
                       int *lo, int *hi)
{
    *lo = *hi = 0;
    const cJSON *a = ju_get(ju, o, path, key);
    if (ju->failed)
        return;
    char p[128];
    snprintf(p, sizeof p, "%s.%s", path, key);
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != 2) {
        ju_fail(ju, p, "expected [min, max]");
        return;
    }
    *lo = ju_int_item(ju, cJSON_GetArrayItem(a, 0), p, 1, max);
    *hi = ju_int_item(ju, cJSON_GetArrayItem(a, 1), p, *lo, max);
}

static void parse_weights(ju_t *ju, int w[SPECIAL__COUNT], int *total, const cJSON *o,
                          const char *path)
{
    *total = 0;
    ju_keys(ju, o, path, SPECIAL_KIND_NAMES);
    for (int k = 0; k < SPECIAL__COUNT; k++) {
        w[k] = ju_int(ju, o, path, SPECIAL_KIND_NAMES[k], 0, 1000000);
        *total += w[k];
    }
    if (!ju->failed && *total <= 0)
        ju_fail(ju, path, "weights sum to zero");
}

static void parse_special(ju_t *ju, special_tables_t *s, const cJSON *root)
{
    const char *P = "special_rooms";
    const cJSON *o = ju_object(ju, root, "", P);
    ju_keys(ju, o, P, SPECIAL_KEYS);
    parse_dice(ju, o, P, "count", &s->count_x, &s->count_n, &s->count_k);
    if (!ju->failed && (s->count_x + s->count_k < 0 ||
                        s->count_x * s->count_n + s->count_k > LEVEL_MAX_SPECIAL))
        ju_fail(ju, "special_rooms.count", "must stay within 0..%d", LEVEL_MAX_SPECIAL);
    const cJSON *w = ju_object(ju, o, P, "weights");
    /* "default" and any level type's own row */
    const char *rows[LT__COUNT + 2] = {"default"};
    for (int t = 0; t < LT__COUNT; t++)
        rows[t + 1] = level_type_name((level_type_t)t);
    ju_keys(ju, w, "special_rooms.weights", rows);
    const cJSON *def = ju_object(ju, w, "special_rooms.weights", "default");
    int dw[SPECIAL__COUNT], dt;
    parse_weights(ju, dw, &dt, def, "special_rooms.weights.default");
    for (int t = 0; t < LT__COUNT && !ju->failed; t++) {
        memcpy(s->weight[t], dw, sizeof dw);
        s->total[t] = dt;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, w)
    {
        if (ju->failed || strcmp(it->string, "default") == 0)
            continue;
        char p[96];
        snprintf(p, sizeof p, "special_rooms.weights.%s", it->string);
        int t = level_type_from_name(it->string);
        if (t < 0)
            continue; /* "comment" */
        parse_weights(ju, s->weight[t], &s->total[t], it, p);
    }
    const cJSON *lim = ju_object(ju, o, P, "limits");
    ju_keys(ju, lim, "special_rooms.limits", SPECIAL_KIND_NAMES);
    for (int k = 0; k < SPECIAL__COUNT && !ju->failed; k++) {
        const char *name = SPECIAL_KIND_NAMES[k];
        char p[96];
        snprintf(p, sizeof p, "special_rooms.limits.%s", name);
        const cJSON *l = ju_object(ju, lim, "special_rooms.limits", name);
        special_limits_t *sl = &s->limits[k];
        ju_keys(ju, l, p, LIMIT_KEYS);
        parse_span(ju, l, p, "w", GRID_W, &sl->wmin, &sl->wmax);
        parse_span(ju, l, p, "h", GRID_H, &sl->hmin, &sl->hmax);
        sl->area_max = int_or_null(ju, l, p, "area_max", 1, GRID_W * GRID_H, 0);
    }
    _Static_assert(SPECIAL__COUNT <= 8, "a size's kinds fit in a byte");
    for (int w = 0; w <= GRID_W; w++)
        for (int h = 0; h <= GRID_H; h++) {
            unsigned bits = 0;
            for (int k = 0; k < SPECIAL__COUNT; k++)
                bits |= (unsigned)special_limits_fit(&s->limits[k], w, h) << k;
            s->fits_by_size[w][h] = (uint8_t)bits;
        }
    const cJSON *fl = ju_object(ju, o, P, "fluid_room");
    ju_keys(ju, fl, "special_rooms.fluid_room", FLUID_ROOM_KEYS);
    parse_range_table(ju, &s->fluid, fl, "special_rooms.fluid_room", fluid_from_name,
                      "water, acid or lava");
    const cJSON *am = ju_object(ju, o, P, "ammo_room");
    ju_keys(ju, am, "special_rooms.ammo_room", AMMO_ROOM_KEYS);
    parse_dice(ju, am, "special_rooms.ammo_room", "stacks", &s->stacks_x, &s->stacks_n,
               &s->stacks_k);
    parse_range_table(ju, &s->ammo, am, "special_rooms.ammo_room", ammo_from_name,
                      "10mm, shells, rockets or cells");
}

bool poptable_parse(pop_tables_t *t, const monster_table_t *m, const char *json, size_t len,
                    const char *origin, char *err, size_t errlen)
{
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    memset(t, 0, sizeof *t);
    t->monsters = m;
    cJSON *root = ju_parse_object(&ju, json, len, TOP_KEYS);
    if (!root)
        return false;
    parse_budget(&ju, t, root);
    parse_table(&ju, &t->caves, m, root, "caves");
    parse_table(&ju, &t->single, m, root, "single");
    parse_special(&ju, &t->special, root);
    cJSON_Delete(root);
    return !ju.failed;
}

typedef struct load_ctx {
    pop_tables_t *t;
    const monster_table_t *m;
} load_ctx_t;

static bool parse_into(void *ctx, const char *text, size_t len, const char *origin, char *err,
                       size_t errlen)
{
    load_ctx_t *c = ctx;
    return poptable_parse(c->t, c->m, text, len, origin, err, errlen);
}

bool poptable_load(pop_tables_t *t, const monster_table_t *m, data_src_t *src, const char *name,
                   char *err, size_t errlen)
{
    load_ctx_t c = {t, m};
    return data_src_load(src, name, parse_into, &c, err, errlen);
}

int poptable_roll_shift(const pop_roll_t *r, int dlevel, int difficulty)
{
    int s = dlevel + r->step * (difficulty - r->base) + r->add;
    return r->capped && s > r->cap ? r->cap : s;
}

int poptable_row(const pop_table_t *t, int roll)
{
    for (int i = 0; i < t->nrows; i++)
        if (roll >= t->row[i].from && roll <= t->row[i].to)
            return i;
    assert(!"roll table rows cover every roll");
    return t->nrows - 1;
}

static int pick_draw(const pop_pick_t *pk, rng_t *r)
{
    if (pk->n == 1)
        return pk->outcome[0];
    int x = rng_d(r, pk->total);
    for (int i = 0; i < pk->n; i++) {
        if (x <= pk->weight[i])
            return pk->outcome[i];
        x -= pk->weight[i];
    }
    return pk->outcome[pk->n - 1];
}

static bool replace_applies(const pop_row_t *row, int dlevel, int difficulty)
{
    return row->has_replace && difficulty >= row->replace_difficulty_min &&
           dlevel > row->replace_dlevel_above;
}

int poptable_draw(const pop_table_t *t, int roll, int dlevel, int difficulty, rng_t *r)
{
    const pop_row_t *row = &t->row[poptable_row(t, roll)];
    if (replace_applies(row, dlevel, difficulty) &&
        rng_chance(r, row->replace_chance.num, row->replace_chance.den))
        return pick_draw(&row->replace, r);
    return pick_draw(&row->pick, r);
}

static void pick_probs(const pop_pick_t *pk, double scale, double *p)
{
    for (int i = 0; i < pk->n; i++)
        p[pk->outcome[i]] += scale * pk->weight[i] / pk->total;
}

void poptable_probs(const pop_table_t *t, int roll, int dlevel, int difficulty, double *p)
{
    for (int i = 0; i < POP_MAX_OUTCOMES; i++)
        p[i] = 0.0;
    const pop_row_t *row = &t->row[poptable_row(t, roll)];
    double rep = 0.0;
    if (replace_applies(row, dlevel, difficulty)) {
        rep = (double)row->replace_chance.num / row->replace_chance.den;
        pick_probs(&row->replace, rep, p);
    }
    pick_probs(&row->pick, 1.0 - rep, p);
}

int poptable_range_value(const pop_range_table_t *t, int roll)
{
    for (int i = 0; i < t->nrows; i++)
        if (roll >= t->from[i] && roll <= t->to[i])
            return t->value[i];
    assert(!"range table rows cover every roll");
    return t->value[t->nrows - 1];
}

/* gpop_tables.c - loading the game pipeline's monsters.json and population.json.
 *
 * The being table has the schema of data/monsters.json and is read by
 * monsters_parse; population.json is read here with strict keys (ju_keys),
 * every id checked against the being table, every range checked, so a broken
 * file is a one-line message naming file and key, never a wrong level.
 */
#include "gpop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "jsonutil.h"
#include "poptable.h" /* AMMO_* */

#define GPOP_MONSTERS_FILE "monsters.json"
#define GPOP_POPULATION_FILE "population.json"
#define BIG 1000000

static const char *const TOP_KEYS[] = {"budget", "dmod", "hunting_always", "item_amount",
                                        "groups", "caves", "single", "single_plus",
                                        "barrels", "events", "special_rooms",
                                        "lever_kinds", "ammo_room", "vault", NULL};

/* An integer member that may be null (then GPOP_NONE_LIMIT). */
static int int_or_none(ju_t *ju, const cJSON *o, const char *path, const char *key, int lo,
                       int hi)
{
    const cJSON *it = ju_get(ju, o, path, key);
    if (ju->failed || cJSON_IsNull(it))
        return GPOP_NONE_LIMIT;
    char p[160];
    snprintf(p, sizeof p, "%s.%s", path, key);
    return ju_int_item(ju, it, p, lo, hi);
}

/* An optional integer member (absent: dflt). */
static int int_opt(ju_t *ju, const cJSON *o, const char *path, const char *key, int lo, int hi,
                   int dflt)
{
    if (!cJSON_GetObjectItemCaseSensitive(o, key))
        return dflt;
    return ju_int(ju, o, path, key, lo, hi);
}

static int kind_of(ju_t *ju, const gpop_tables_t *t, const cJSON *it, const char *path)
{
    int k = cJSON_IsString(it) ? monsters_find(&t->monsters, it->valuestring) : -1;
    if (k < 0 && !ju->failed)
        ju_fail(ju, path, "\"%.40s\" is no being of " GPOP_MONSTERS_FILE,
                cJSON_IsString(it) ? it->valuestring : "(not a string)");
    return k < 0 ? 0 : k;
}

/* A list of being ids. */
static void parse_list(ju_t *ju, const gpop_tables_t *t, const cJSON *o, const char *path,
                       const char *key, gpop_list_t *l)
{
    char p[160];
    snprintf(p, sizeof p, "%s.%s", path, key);
    const cJSON *a = ju_array(ju, o, path, key);
    if (ju->failed)
        return;
    int n = cJSON_GetArraySize(a);
    if (n < 1 || n > GPOP_MAX_LIST) {
        ju_fail(ju, p, "expected 1..%d beings, got %d", GPOP_MAX_LIST, n);
        return;
    }
    l->n = n;
    for (int i = 0; i < n; i++)
        l->kind[i] = (uint8_t)kind_of(ju, t, cJSON_GetArrayItem(a, i), p);
}

static void parse_budget(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"difficulties", "dlevel_shift", NULL};
    static const char *const RULE_KEYS[] = {"name", "rule", "mul", "add", "inner", "outer",
                                            NULL};
    static const char *const SHIFT_KEYS[] = {"above", "add", NULL};
    const cJSON *b = ju_object(ju, root, "", "budget");
    ju_keys(ju, b, "budget", KEYS);
    if (!ju->failed && cJSON_GetObjectItemCaseSensitive(b, "dlevel_shift")) {
        int n;
        const cJSON *a = ju_rows(ju, b, "budget", "dlevel_shift", GPOP_MAX_SHIFTS, "rows", &n);
        for (int i = 0; i < n && !ju->failed; i++) {
            char p[48];
            const cJSON *r = ju_row(ju, a, "budget", "dlevel_shift", i, SHIFT_KEYS, p, sizeof p);
            t->shift_above[i] = ju_int(ju, r, p, "above", 0, BIG);
            t->shift_add[i] = ju_int(ju, r, p, "add", -100, 100);
        }
        t->nshifts = ju->failed ? 0 : n;
    }
    const cJSON *a = ju_array(ju, b, "budget", "difficulties");
    if (ju->failed)
        return;
    if (cJSON_GetArraySize(a) != DIFF_NIGHTMARE) {
        ju_fail(ju, "budget.difficulties", "expected %d rules (ITYTD..N!)", DIFF_NIGHTMARE);
        return;
    }
    for (int d = 1; d <= DIFF_NIGHTMARE && !ju->failed; d++) {
        char p[48];
        snprintf(p, sizeof p, "budget.difficulties[%d]", d - 1);
        const cJSON *r = cJSON_GetArrayItem(a, d - 1);
        ju_keys(ju, r, p, RULE_KEYS);
        ju_string(ju, r, p, "name");
        const char *rule = ju_string(ju, r, p, "rule");
        if (ju->failed)
            return;
        gpop_budget_rule_t *br = &t->budget[d];
        if (strcmp(rule, "linear") == 0) {
            br->sqrt = false;
            br->mul = ju_number(ju, r, p, "mul", 0, 1000);
            br->add = ju_number(ju, r, p, "add", -1000, 1000);
        } else if (strcmp(rule, "sqrt") == 0) {
            br->sqrt = true;
            br->inner = ju_number(ju, r, p, "inner", 0, 100000);
            br->outer = ju_number(ju, r, p, "outer", 0, 1000);
        } else {
            ju_fail(ju, p, "rule \"%.20s\" is neither \"linear\" nor \"sqrt\"", rule);
        }
    }
}

static void parse_groups(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"min", "max", "weight", "members", NULL};
    static const char *const MEMBER_KEYS[] = {"id", "amount", NULL};
    int n;
    const cJSON *a = ju_rows(ju, root, "", "groups", GPOP_MAX_GROUPS, "entries", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *g = ju_row(ju, a, "", "groups", i, KEYS, p, sizeof p);
        gpop_group_t *gr = &t->group[i];
        gr->min = ju_int(ju, g, p, "min", 0, BIG);
        gr->max = int_or_none(ju, g, p, "max", gr->min, BIG);
        gr->weight = ju_int(ju, g, p, "weight", 1, BIG);
        int m;
        const cJSON *ms = ju_rows(ju, g, p, "members", GPOP_MAX_MEMBERS, "entries", &m);
        gr->nmembers = m;
        for (int j = 0; j < m && !ju->failed; j++) {
            char q[80];
            const cJSON *mem = ju_row(ju, ms, p, "members", j, MEMBER_KEYS, q, sizeof q);
            gr->member[j].kind = (uint8_t)kind_of(ju, t, ju_get(ju, mem, q, "id"), q);
            gr->member[j].lo = gr->member[j].hi = 1;
            const cJSON *am = cJSON_GetObjectItemCaseSensitive(mem, "amount");
            if (am) {
                if (!cJSON_IsArray(am) || cJSON_GetArraySize(am) != 2) {
                    ju_fail(ju, q, "amount must be [lo, hi]");
                    return;
                }
                gr->member[j].lo = ju_int_item(ju, cJSON_GetArrayItem(am, 0), q, 1, 100);
                gr->member[j].hi =
                    ju_int_item(ju, cJSON_GetArrayItem(am, 1), q, gr->member[j].lo, 100);
            }
        }
    }
    t->ngroups = ju->failed ? 0 : n;
}

static void parse_caves(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"mlevel", "sets", NULL};
    static const char *const ML_KEYS[] = {"step", "base", NULL};
    static const char *const SET_KEYS[] = {"min", "max", "weight", "monsters", "min_diff", NULL};
    const cJSON *c = ju_object(ju, root, "", "caves");
    ju_keys(ju, c, "caves", KEYS);
    const cJSON *ml = ju_object(ju, c, "caves", "mlevel");
    ju_keys(ju, ml, "caves.mlevel", ML_KEYS);
    t->mlevel_step = ju_int(ju, ml, "caves.mlevel", "step", 0, 100);
    t->mlevel_base = ju_int(ju, ml, "caves.mlevel", "base", 0, DIFF_NIGHTMARE);
    int n;
    const cJSON *a = ju_rows(ju, c, "caves", "sets", GPOP_MAX_SETS, "entries", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *s = ju_row(ju, a, "caves", "sets", i, SET_KEYS, p, sizeof p);
        gpop_cave_set_t *cs = &t->set[i];
        cs->min = ju_int(ju, s, p, "min", 0, BIG);
        cs->max = int_or_none(ju, s, p, "max", cs->min, BIG);
        cs->weight = ju_int(ju, s, p, "weight", 1, BIG);
        cs->min_diff = int_opt(ju, s, p, "min_diff", 0, DIFF_NIGHTMARE, 0);
        parse_list(ju, t, s, p, "monsters", &cs->list);
    }
    t->nsets = ju->failed ? 0 : n;
}

static void parse_single(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"roll", "rows", "outcomes", NULL};
    static const char *const ROLL_KEYS[] = {"die", "step", "base", "add", "cap", NULL};
    static const char *const ROW_KEYS[] = {"below", "outcome", NULL};
    static const char *const OC_KEYS[] = {"name", "monsters", "extras", "split", NULL};
    static const char *const EX_KEYS[] = {"difficulty_above", "dlevel_above", "divisor",
                                          "monsters", NULL};
    static const char *const SPLIT_KEYS[] = {"chance", "divisor", "monsters", NULL};
    gpop_single_t *s = &t->single;
    const cJSON *o = ju_object(ju, root, "", "single");
    ju_keys(ju, o, "single", KEYS);
    const cJSON *r = ju_object(ju, o, "single", "roll");
    ju_keys(ju, r, "single.roll", ROLL_KEYS);
    s->die = ju_int(ju, r, "single.roll", "die", 1, 1000);
    s->step = ju_int(ju, r, "single.roll", "step", 0, 100);
    s->base = ju_int(ju, r, "single.roll", "base", 0, DIFF_NIGHTMARE);
    s->add = ju_int(ju, r, "single.roll", "add", -1000, 1000);
    s->cap = ju_int(ju, r, "single.roll", "cap", -1000, 1000);
    int n;
    const cJSON *oc = ju_rows(ju, o, "single", "outcomes", GPOP_MAX_SINGLE, "entries", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *e = ju_row(ju, oc, "single", "outcomes", i, OC_KEYS, p, sizeof p);
        gpop_single_outcome_t *so = &s->outcome[i];
        const char *name = ju_string(ju, e, p, "name");
        if (ju->failed)
            return;
        snprintf(so->name, sizeof so->name, "%s", name);
        parse_list(ju, t, e, p, "monsters", &so->list);
        if (cJSON_GetObjectItemCaseSensitive(e, "extras")) {
            int m;
            const cJSON *xs = ju_rows(ju, e, p, "extras", GPOP_MAX_EXTRAS, "entries", &m);
            so->nextras = m;
            for (int j = 0; j < m && !ju->failed; j++) {
                char q[80];
                const cJSON *x = ju_row(ju, xs, p, "extras", j, EX_KEYS, q, sizeof q);
                gpop_extra_t *ex = &so->extra[j];
                ex->difficulty_above = int_or_none(ju, x, q, "difficulty_above", 0, BIG);
                ex->dlevel_above = int_or_none(ju, x, q, "dlevel_above", 0, BIG);
                ex->divisor = ju_int(ju, x, q, "divisor", 1, 1000);
                parse_list(ju, t, x, q, "monsters", &ex->list);
            }
        }
        const cJSON *sp = cJSON_GetObjectItemCaseSensitive(e, "split");
        if (sp) {
            char q[80];
            snprintf(q, sizeof q, "%s.split", p);
            ju_keys(ju, sp, q, SPLIT_KEYS);
            so->has_split = true;
            ju_frac(ju, sp, q, "chance", &so->split_num, &so->split_den);
            so->split_divisor = ju_int(ju, sp, q, "divisor", 1, 1000);
            parse_list(ju, t, sp, q, "monsters", &so->split);
        }
    }
    s->noutcomes = ju->failed ? 0 : n;
    const cJSON *rows = ju_rows(ju, o, "single", "rows", GPOP_MAX_SINGLE, "entries", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *e = ju_row(ju, rows, "single", "rows", i, ROW_KEYS, p, sizeof p);
        s->below[i] = int_or_none(ju, e, p, "below", -BIG, BIG);
        const char *name = ju_string(ju, e, p, "outcome");
        if (ju->failed)
            return;
        int k = 0;
        while (k < s->noutcomes && strcmp(s->outcome[k].name, name) != 0)
            k++;
        if (k == s->noutcomes)
            ju_fail(ju, p, "outcome \"%.20s\" is not in single.outcomes", name);
        else if (i > 0 && s->below[i] <= s->below[i - 1])
            ju_fail(ju, p, "below must increase");
        else if (s->below[i] == GPOP_NONE_LIMIT && i != n - 1)
            ju_fail(ju, p, "only the last row may have below null");
        s->row_outcome[i] = k;
    }
    s->nrows = ju->failed ? 0 : n;
}

static const char *const BARREL_NAMES[] = {"barrel", "acid", "napalm"};

static uint8_t barrel_cell(ju_t *ju, const cJSON *o, const char *path, const char *key)
{
    const char *s = ju_string(ju, o, path, key);
    if (ju->failed)
        return CELL_BARREL;
    for (int i = 0; i < 3; i++)
        if (strcmp(s, BARREL_NAMES[i]) == 0)
            return (uint8_t)(CELL_BARREL + i);
    char p[80];
    snprintf(p, sizeof p, "%s.%s", path, key);
    ju_fail_unknown(ju, p, "barrel", s, BARREL_NAMES, 3);
    return CELL_BARREL;
}

static void parse_barrels(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"level_die", "count", "big_count", "big_die", "kinds",
                                       NULL};
    static const char *const ROW_KEYS[] = {"lvl_max", "first", "second", "first_alt", "alt_die",
                                           NULL};
    const cJSON *b = ju_object(ju, root, "", "barrels");
    ju_keys(ju, b, "barrels", KEYS);
    t->barrel_level_die = ju_int(ju, b, "barrels", "level_die", 1, 1000);
    t->barrel_count = ju_int(ju, b, "barrels", "count", 0, 200);
    t->barrel_big_count = ju_int(ju, b, "barrels", "big_count", 0, 200);
    t->barrel_big_die = ju_int(ju, b, "barrels", "big_die", 1, 1000);
    int n;
    const cJSON *a = ju_rows(ju, b, "barrels", "kinds", GPOP_MAX_BARREL_ROWS, "entries", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *e = ju_row(ju, a, "barrels", "kinds", i, ROW_KEYS, p, sizeof p);
        gpop_barrel_row_t *br = &t->barrel_row[i];
        br->lvl_max = int_or_none(ju, e, p, "lvl_max", -BIG, BIG);
        br->first = barrel_cell(ju, e, p, "first");
        br->second = barrel_cell(ju, e, p, "second");
        br->first_alt = br->first;
        br->alt_die = 0;
        if (cJSON_GetObjectItemCaseSensitive(e, "first_alt")) {
            br->first_alt = barrel_cell(ju, e, p, "first_alt");
            br->alt_die = ju_int(ju, e, p, "alt_die", 1, 1000);
        }
        if (!ju->failed && br->lvl_max == GPOP_NONE_LIMIT && i != n - 1)
            ju_fail(ju, p, "only the last row may have lvl_max null");
    }
    if (!ju->failed && n > 0 && t->barrel_row[n - 1].lvl_max != GPOP_NONE_LIMIT)
        ju_fail(ju, "barrels.kinds", "the last row must have lvl_max null");
    t->nbarrel_rows = ju->failed ? 0 : n;
}

static void parse_events(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"div", "cap", "die", "list", NULL};
    static const char *const EV_KEYS[] = {"id", "weight", "min_dlevel", "min_diff",
                                          "all_hunting", NULL};
    const cJSON *e = ju_object(ju, root, "", "events");
    ju_keys(ju, e, "events", KEYS);
    t->event_div = ju_int(ju, e, "events", "div", 1, 1000);
    t->event_cap = ju_int(ju, e, "events", "cap", 0, 1000);
    t->event_die = ju_int(ju, e, "events", "die", 1, 1000);
    int n;
    const cJSON *a = ju_rows(ju, e, "events", "list", GPOP_MAX_EVENTS, "entries", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *o = ju_row(ju, a, "events", "list", i, EV_KEYS, p, sizeof p);
        gpop_event_t *ev = &t->event[i];
        const char *id = ju_string(ju, o, p, "id");
        if (ju->failed)
            return;
        snprintf(ev->id, sizeof ev->id, "%s", id);
        ev->weight = ju_int(ju, o, p, "weight", 1, BIG);
        ev->min_dlevel = ju_int(ju, o, p, "min_dlevel", 0, BIG);
        ev->min_diff = ju_int(ju, o, p, "min_diff", 0, DIFF_NIGHTMARE);
        ev->all_hunting = cJSON_GetObjectItemCaseSensitive(o, "all_hunting")
                              ? ju_bool(ju, o, p, "all_hunting")
                              : false;
    }
    t->nevents = ju->failed ? 0 : n;
}

/* The game's room type names and the special kinds they are counted as. */
static const char *const ROOM_NAMES[SPECIAL__COUNT] = {"warehouse", "basain", "ammo",
                                                       "teleport", "lever", "vault"};

static void parse_rooms(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"types", NULL};
    static const char *const TYPE_KEYS[] = {"id", "weight", "min_size", "max_x", "max_y",
                                            "max_area", NULL};
    _Static_assert(SPECIAL_WAREHOUSE == 0 && SPECIAL_FLUID == 1 && SPECIAL_AMMO == 2 &&
                       SPECIAL_TELEPORTER == 3 && SPECIAL_LEVER == 4 && SPECIAL_VAULT == 5,
                   "ROOM_NAMES follows special_kind_t");
    const cJSON *s = ju_object(ju, root, "", "special_rooms");
    ju_keys(ju, s, "special_rooms", KEYS);
    int n;
    const cJSON *a = ju_rows(ju, s, "special_rooms", "types", SPECIAL__COUNT, "entries", &n);
    bool seen[SPECIAL__COUNT] = {false};
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *o = ju_row(ju, a, "special_rooms", "types", i, TYPE_KEYS, p, sizeof p);
        const char *id = ju_string(ju, o, p, "id");
        if (ju->failed)
            return;
        int k = 0;
        while (k < SPECIAL__COUNT && strcmp(id, ROOM_NAMES[k]) != 0)
            k++;
        if (k == SPECIAL__COUNT) {
            ju_fail_unknown(ju, p, "room type", id, ROOM_NAMES, SPECIAL__COUNT);
            return;
        }
        if (seen[k]) {
            ju_fail(ju, p, "room type \"%s\" appears twice", id);
            return;
        }
        seen[k] = true;
        gpop_room_type_t *rt = &t->room_type[i];
        rt->kind = (uint8_t)k;
        rt->weight = ju_int(ju, o, p, "weight", 1, BIG);
        rt->min_size = ju_int(ju, o, p, "min_size", 1, 100);
        rt->max_x = ju_int(ju, o, p, "max_x", rt->min_size, BIG);
        rt->max_y = ju_int(ju, o, p, "max_y", rt->min_size, BIG);
        rt->max_area = int_or_none(ju, o, p, "max_area", 1, BIG);
    }
    t->nroom_types = ju->failed ? 0 : n;
}

/* lever_kinds (docs/rules.md H36), optional. */
static void parse_levers(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"kinds", NULL};
    static const char *const KIND_KEYS[] = {"id", "weight", "full_chance", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "lever_kinds");
    if (!o)
        return;
    ju_keys(ju, o, "lever_kinds", KEYS);
    int n;
    const cJSON *a = ju_rows(ju, o, "lever_kinds", "kinds", GPOP_MAX_LEVERS, "kinds", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *k = ju_row(ju, a, "lever_kinds", "kinds", i, KIND_KEYS, p, sizeof p);
        const char *id = ju_string(ju, k, p, "id");
        if (ju->failed)
            return;
        snprintf(t->lever[i].id, sizeof t->lever[i].id, "%s", id);
        t->lever[i].weight = ju_int(ju, k, p, "weight", 1, BIG);
        t->lever[i].full = int_opt(ju, k, p, "full_chance", 1, 100, 0);
    }
    t->nlevers = ju->failed ? 0 : n;
}

static const char *const AMMO_ROOM_KINDS[] = {"10mm", "shells", "rockets", "cells"};
static const int AMMO_ROOM_KIND_OF[] = {AMMO_10MM, AMMO_SHELLS, AMMO_ROCKETS, AMMO_CELLS};

/* ammo_room (H38), optional. */
static void parse_ammo(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"die", "tiers", NULL};
    static const char *const TIER_KEYS[] = {"above", "entries", NULL};
    static const char *const E_KEYS[] = {"weight", "id", "kind", "amount", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "ammo_room");
    if (!o)
        return;
    ju_keys(ju, o, "ammo_room", KEYS);
    t->ammo_die = ju_int(ju, o, "ammo_room", "die", 1, 1000);
    int n;
    const cJSON *a = ju_rows(ju, o, "ammo_room", "tiers", GPOP_MAX_AMMO_TIERS, "tiers", &n);
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[48];
        const cJSON *tr = ju_row(ju, a, "ammo_room", "tiers", i, TIER_KEYS, p, sizeof p);
        gpop_ammo_tier_t *ti = &t->ammo_tier[i];
        ti->above = int_or_none(ju, tr, p, "above", -BIG, BIG);
        if (ti->above == GPOP_NONE_LIMIT)
            ti->above = -BIG; /* null: always */
        int m;
        const cJSON *es = ju_rows(ju, tr, p, "entries", GPOP_MAX_AMMO_ENTRIES, "entries", &m);
        for (int j = 0; j < m && !ju->failed; j++) {
            char q[80];
            const cJSON *e = ju_row(ju, es, p, "entries", j, E_KEYS, q, sizeof q);
            gpop_ammo_entry_t *en = &ti->e[j];
            en->weight = ju_int(ju, e, q, "weight", 1, BIG);
            ju_string(ju, e, q, "id");
            const char *kind = ju_string(ju, e, q, "kind");
            if (ju->failed)
                return;
            int k = 0;
            while (k < 4 && strcmp(kind, AMMO_ROOM_KINDS[k]) != 0)
                k++;
            if (k == 4) {
                ju_fail_unknown(ju, q, "ammo kind", kind, AMMO_ROOM_KINDS, 4);
                return;
            }
            en->kind = AMMO_ROOM_KIND_OF[k];
            const cJSON *am = ju_get(ju, e, q, "amount");
            if (!ju->failed && (!cJSON_IsArray(am) || cJSON_GetArraySize(am) != 2)) {
                ju_fail(ju, q, "amount must be [lo, hi]");
                return;
            }
            if (ju->failed)
                return;
            en->lo = ju_int_item(ju, cJSON_GetArrayItem(am, 0), q, 1, 100);
            en->hi = ju_int_item(ju, cJSON_GetArrayItem(am, 1), q, en->lo, 100);
        }
        ti->n = ju->failed ? 0 : m;
        if (!ju->failed && i > 0 && ti->above <= t->ammo_tier[i - 1].above)
            ju_fail(ju, p, "above must increase (the first tier's null: always)");
    }
    if (!ju->failed && n > 0 && t->ammo_tier[0].above != -BIG)
        ju_fail(ju, "ammo_room.tiers[0]", "the first tier must have above null");
    t->nammo_tiers = ju->failed ? 0 : n;
}

/* vault (H39), optional: the lock. */
static void parse_vault(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const KEYS[] = {"key_room_min_size", "lock_die", "lock_chance",
                                       "locked_roll_add", NULL};
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "vault");
    if (!o)
        return;
    ju_keys(ju, o, "vault", KEYS);
    t->vault_key_min = ju_int(ju, o, "vault", "key_room_min_size", 1, 100);
    t->vault_lock_die = ju_int(ju, o, "vault", "lock_die", 1, 1000);
    ju_frac(ju, o, "vault", "lock_chance", &t->vault_lock_num, &t->vault_lock_den);
    t->vault_locked_add = ju_int(ju, o, "vault", "locked_roll_add", -1000, 1000);
    t->vault_lock = !ju->failed;
}

static void parse_population(ju_t *ju, gpop_tables_t *t, const cJSON *root)
{
    static const char *const DMOD_KEYS[] = {"step", "base", "min", "max", NULL};
    static const char *const ITEM_KEYS[] = {"base", "pivot", "div", NULL};
    static const char *const PLUS_KEYS[] = {"monsters", NULL};
    parse_budget(ju, t, root);
    const cJSON *d = ju_object(ju, root, "", "dmod");
    ju_keys(ju, d, "dmod", DMOD_KEYS);
    t->dmod_step = ju_int(ju, d, "dmod", "step", 0, 100);
    t->dmod_base = ju_int(ju, d, "dmod", "base", 0, DIFF_NIGHTMARE);
    t->dmod_min = ju_int(ju, d, "dmod", "min", -100, 100);
    t->dmod_max = ju_int(ju, d, "dmod", "max", t->dmod_min, 100);
    gpop_list_t hunt = {0};
    if (!ju->failed)
        parse_list(ju, t, root, "", "hunting_always", &hunt);
    for (int i = 0; i < hunt.n; i++)
        t->always_hunting[hunt.kind[i]] = true;
    const cJSON *it = ju_object(ju, root, "", "item_amount");
    ju_keys(ju, it, "item_amount", ITEM_KEYS);
    t->item_base = ju_int(ju, it, "item_amount", "base", 0, 1000);
    t->item_pivot = ju_int(ju, it, "item_amount", "pivot", 0, 1000);
    t->item_div = ju_int(ju, it, "item_amount", "div", 1, 1000);
    if (!ju->failed)
        parse_groups(ju, t, root);
    if (!ju->failed)
        parse_caves(ju, t, root);
    if (!ju->failed)
        parse_single(ju, t, root);
    const cJSON *sp = ju_object(ju, root, "", "single_plus");
    ju_keys(ju, sp, "single_plus", PLUS_KEYS);
    if (!ju->failed)
        parse_list(ju, t, sp, "single_plus", "monsters", &t->single_plus);
    if (!ju->failed)
        parse_barrels(ju, t, root);
    if (!ju->failed)
        parse_events(ju, t, root);
    if (!ju->failed)
        parse_rooms(ju, t, root);
    if (!ju->failed)
        parse_levers(ju, t, root);
    if (!ju->failed)
        parse_ammo(ju, t, root);
    if (!ju->failed)
        parse_vault(ju, t, root);
}

bool gpop_tables_parse(gpop_tables_t *t, const char *monsters_json, size_t mlen,
                       const char *monsters_origin, const char *pop_json, size_t plen,
                       const char *pop_origin, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    if (!monsters_parse(&t->monsters, monsters_json, mlen, monsters_origin, err, errlen))
        return false;
    ju_t ju;
    ju_init(&ju, pop_origin, err, errlen);
    cJSON *root = ju_parse_object(&ju, pop_json, plen, TOP_KEYS);
    if (root && !ju.failed)
        parse_population(&ju, t, root);
    cJSON_Delete(root);
    if (!ju.failed)
        gpop_tables_derive(t);
    return !ju.failed;
}

bool gpop_tables_load(gpop_tables_t *t, data_src_t *src, char *err, size_t errlen)
{
    char morigin[4200], porigin[4200];
    size_t mlen = 0, plen = 0;
    char *m = data_src_read(src, GPOP_MONSTERS_FILE, &mlen, morigin, sizeof morigin, err, errlen);
    char *p = m ? data_src_read(src, GPOP_POPULATION_FILE, &plen, porigin, sizeof porigin, err,
                                errlen)
                : NULL;
    bool ok = m && p && gpop_tables_parse(t, m, mlen, morigin, p, plen, porigin, err, errlen);
    if (ok)
        gpop_tables_skip(t);
    free(m);
    free(p);
    return ok;
}

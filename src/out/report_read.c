/* report_read.c - reading run reports back: merge, resume, and their checks.
 *
 * A report holds everything needed to rebuild its tally exactly: the job
 * (params), the completed index ranges and every non-empty histogram bin per
 * stratum.  The reader validates all of it (schema, types, ranges inside the
 * job, counts that sum to the level count) and refuses anything it cannot
 * read exactly, e.g. a count above 2^53, which JSON parsers round.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "episode.h"
#include "jsonutil.h"
#include "outfile.h"
#include "report.h"

#define EXACT_MAX 9007199254740992.0 /* 2^53: larger JSON numbers are not exact */

static uint64_t read_u64(ju_t *ju, const cJSON *it, const char *path)
{
    if (ju->failed)
        return 0;
    if (!it || !cJSON_IsNumber(it)) {
        ju_fail(ju, path, "expected a non-negative integer");
        return 0;
    }
    double v = it->valuedouble;
    if (!isfinite(v) || v < 0 || v != floor(v)) {
        ju_fail(ju, path, "expected a non-negative integer, got %g", v);
        return 0;
    }
    if (v > EXACT_MAX) {
        ju_fail(ju, path, "count %g is too large to read exactly", v);
        return 0;
    }
    return (uint64_t)v;
}

static int bin_of(const tally_names_t *names, int h, const char *label)
{
    char buf[32];
    for (int b = 0; b < tally_hist_slots(h); b++)
        if (strcmp(tally_bin_label(names, h, b, buf, sizeof buf), label) == 0)
            return b;
    return -1;
}

static void read_histograms(ju_t *ju, const cJSON *hs, const char *path,
                            const tally_names_t *names, uint64_t *base)
{
    const cJSON *hj;
    cJSON_ArrayForEach(hj, hs)
    {
        char p[160];
        snprintf(p, sizeof p, "%s.%s", path, hj->string);
        int h = tally_hist_index(hj->string);
        if (h < 0) {
            ju_fail(ju, p, "unknown histogram");
            return;
        }
        if (!cJSON_IsObject(hj)) {
            ju_fail(ju, p, "expected an object");
            return;
        }
        /* Locate this histogram's slots: offsets follow the schema order. */
        uint64_t *slots = base;
        for (int k = 0; k < h; k++)
            slots += tally_hist_slots(k);
        if (TALLY_HISTS[h].kind == HIST_MOMENTS) {
            static const char *const KEYS[MOM__COUNT] = {"n", "sum", "sumsq", "min", "max"};
            for (int k = 0; k < MOM__COUNT; k++) {
                char q[200];
                snprintf(q, sizeof q, "%s.%s", p, KEYS[k]);
                slots[k] = read_u64(ju, ju_get(ju, hj, p, KEYS[k]), q);
            }
            if (!ju->failed && slots[MOM_N] == 0)
                ju_fail(ju, p, "empty moments are left out of reports, not written with n = 0");
            continue;
        }
        const cJSON *bj;
        cJSON_ArrayForEach(bj, hj)
        {
            char q[200];
            snprintf(q, sizeof q, "%s.%s", p, bj->string);
            int b = bin_of(names, h, bj->string);
            if (b < 0) {
                ju_fail(ju, q, "unknown bin");
                return;
            }
            slots[b] = read_u64(ju, bj, q);
        }
        if (ju->failed)
            return;
    }
}

bool ranges_normalize(index_range_t *r, int *n)
{
    /* insertion sort: range lists are short */
    for (int i = 1; i < *n; i++) {
        index_range_t x = r[i];
        int j = i - 1;
        while (j >= 0 && r[j].lo > x.lo) {
            r[j + 1] = r[j];
            j--;
        }
        r[j + 1] = x;
    }
    int m = 0;
    for (int i = 0; i < *n; i++) {
        if (r[i].lo >= r[i].hi)
            continue;
        if (m && r[i].lo < r[m - 1].hi)
            return false;
        if (m && r[i].lo == r[m - 1].hi)
            r[m - 1].hi = r[i].hi;
        else
            r[m++] = r[i];
    }
    *n = m;
    return true;
}

/* What a report holds; anything else was not written by drlsim. */
static const char *const TOP_KEYS[] = {"schema", "levels", "complete", "params", "ranges",
                                       "types", "summary", "strata", NULL};
static const char *const PARAMS_KEYS[] = {"seed", "first", "count", "dlevels", "difficulty",
                                          "type", "single", "rules", "tables", "drlsim_version",
                                          "style", "dlevel_list", "range", NULL};
static const char *const STRATUM_KEYS[] = {"dlevel", "type", "levels", "histograms", NULL};

/* params.tables ({file: 16 hex digits}) and params.drlsim_version. */
static void read_id(ju_t *ju, const cJSON *p, tables_id_t *id)
{
    const cJSON *tb = ju_object(ju, p, "params", "tables");
    if (ju->failed)
        return;
    id->n = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, tb)
    {
        char q[96];
        snprintf(q, sizeof q, "params.tables.%.40s", it->string);
        if (!*it->string || strlen(it->string) >= sizeof id->file[0].name) {
            ju_fail(ju, "params.tables", "a file name is 1..%d characters",
                    (int)sizeof id->file[0].name - 1);
            return;
        }
        for (int i = 0; i < id->n; i++)
            if (strcmp(id->file[i].name, it->string) == 0) {
                ju_fail(ju, q, "listed twice");
                return;
            }
        if (id->n == TABLES_MAX) {
            ju_fail(ju, "params.tables", "more than %d tables", TABLES_MAX);
            return;
        }
        const char *h = cJSON_IsString(it) ? it->valuestring : "";
        bool hex = strlen(h) == 16;
        for (int k = 0; hex && k < 16; k++)
            hex = (h[k] >= '0' && h[k] <= '9') || (h[k] >= 'a' && h[k] <= 'f');
        if (!hex) {
            ju_fail(ju, q, "expected a content hash: 16 lowercase hex digits");
            return;
        }
        snprintf(id->file[id->n].name, sizeof id->file[0].name, "%s", it->string);
        id->file[id->n].hash = strtoull(h, NULL, 16);
        id->n++;
    }
    const char *v = ju_string(ju, p, "params", "drlsim_version");
    if (!ju->failed && (!*v || strlen(v) >= sizeof id->version))
        ju_fail(ju, "params.drlsim_version", "expected 1..%d characters",
                (int)sizeof id->version - 1);
    if (!ju->failed)
        snprintf(id->version, sizeof id->version, "%s", v);
}

static void read_params(ju_t *ju, const cJSON *root, loaded_report_t *r, const tables_t *tables)
{
    const cJSON *p = ju_object(ju, root, "", "params");
    ju_keys(ju, p, "params", PARAMS_KEYS);
    job_t *job = &r->job;
    gen_params_default(&job->params, tables);
    const ruleset_t *rules = tables->rules;
    job->seed = read_u64(ju, ju_get(ju, p, "params", "seed"), "params.seed");
    job->first = read_u64(ju, ju_get(ju, p, "params", "first"), "params.first");
    job->count = read_u64(ju, ju_get(ju, p, "params", "count"), "params.count");
    const cJSON *dl = ju_array(ju, p, "params", "dlevels");
    if (ju->failed)
        return;
    if (cJSON_GetArraySize(dl) != 2) {
        ju_fail(ju, "params.dlevels", "expected [lo, hi]");
        return;
    }
    job->dlevel_lo = ju_int_item(ju, cJSON_GetArrayItem(dl, 0), "params.dlevels", 1, DLEVEL_MAX);
    job->dlevel_hi = ju_int_item(ju, cJSON_GetArrayItem(dl, 1), "params.dlevels",
                                 job->dlevel_lo, DLEVEL_MAX);
    job->params.difficulty = ju_int(ju, p, "params", "difficulty", DIFF_ITYTD, DIFF_NIGHTMARE);
    const cJSON *ty = ju_get(ju, p, "params", "type");
    if (ju->failed)
        return;
    if (cJSON_IsNull(ty)) {
        job->params.type = -1;
    } else if (cJSON_IsString(ty) && level_type_from_name(ty->valuestring) >= 0 &&
               rules->has_type[level_type_from_name(ty->valuestring)]) {
        job->params.type = level_type_from_name(ty->valuestring);
    } else {
        ju_fail(ju, "params.type", "expected a level type name of ruleset %s, or null",
                rules->name);
        return;
    }
    job->params.single_enabled = ju_bool(ju, p, "params", "single");
    if (cJSON_GetObjectItemCaseSensitive(p, "style"))
        job->params.style = ju_int(ju, p, "params", "style", 1, EPISODE_MAX_STYLE_ID);
    if (!ju->failed && job->params.style && !episode_style(tables->episode, job->params.style))
        ju_fail(ju, "params.style", "ruleset %s has no style %d", rules->name,
                job->params.style);
    if (cJSON_GetObjectItemCaseSensitive(p, "range")) /* run --range */
        job->range = ju_bool(ju, p, "params", "range");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(p, "dlevel_list");
    if (list && !ju->failed) {
        int d[JOB_MAX_DLEVELS], n = cJSON_GetArraySize(list);
        for (int i = 0; i < n && i < JOB_MAX_DLEVELS && !ju->failed; i++)
            d[i] = ju_int_item(ju, cJSON_GetArrayItem(list, i), "params.dlevel_list", 1,
                               DLEVEL_MAX);
        if (!ju->failed && (!cJSON_IsArray(list) || !job_set_dlevels(job, d, n) ||
                            job->dlevel_lo != ju_int_item(ju, cJSON_GetArrayItem(dl, 0), "", 1,
                                                          DLEVEL_MAX) ||
                            job->dlevel_hi != ju_int_item(ju, cJSON_GetArrayItem(dl, 1), "", 1,
                                                          DLEVEL_MAX)))
            ju_fail(ju, "params.dlevel_list", "expected 1..%d ascending dlevels from "
                                              "params.dlevels' lo to its hi", JOB_MAX_DLEVELS);
    }
    read_id(ju, p, &r->id);
    const char *rn = ju_string(ju, p, "params", "rules");
    if (!ju->failed && strcmp(rn, tables->def->name) != 0)
        ju_fail(ju, "params.rules", "report made with ruleset \"%s\", this run uses \"%s\"", rn,
                tables->def->name);
    if (!ju->failed && job->count == 0)
        ju_fail(ju, "params.count", "a job has at least one level");
}

bool report_rules_name(const char *text, size_t len, char *name, size_t n)
{
    cJSON *root = cJSON_ParseWithLength(text, len);
    const cJSON *p = root ? cJSON_GetObjectItemCaseSensitive(root, "params") : NULL;
    const cJSON *rn = p ? cJSON_GetObjectItemCaseSensitive(p, "rules") : NULL;
    bool ok = cJSON_IsString(rn) && strlen(rn->valuestring) < n;
    if (ok)
        snprintf(name, n, "%s", rn->valuestring);
    cJSON_Delete(root);
    return ok;
}

/* What a JSON object without "schema" is, by the keys drlsim's other
 * outputs and inputs have; NULL when none fits. */
static const char *json_kind(const cJSON *root)
{
    static const struct {
        const char *key, *also, *what;
    } KINDS[] = {
        {"checks", "wiki_rules", "a drlsim errata report (errata --json)"},
        {"checks", "summary", "a drlsim check report (check --json)"},
        {"checks", NULL, "an expectations file (drlsim check --expect)"},
        {"histograms", "common_strata", "a drlsim compare report (compare --json)"},
        {"rooms_per_layout", NULL, "a drlsim rooms report (rooms --json)"},
        {"map", "legend", "a level (drlsim gen --json)"},
    };
    const cJSON *summary = cJSON_GetObjectItemCaseSensitive(root, "summary");
    for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++) {
        if (!cJSON_GetObjectItemCaseSensitive(root, KINDS[i].key))
            continue;
        if (!KINDS[i].also || cJSON_GetObjectItemCaseSensitive(root, KINDS[i].also) ||
            (summary && cJSON_GetObjectItemCaseSensitive(summary, KINDS[i].also)))
            return KINDS[i].what;
    }
    return NULL;
}

bool report_parse(loaded_report_t *r, const char *text, size_t len, const char *origin,
                  const tables_t *tables, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    cJSON *root = ju_parse(&ju, text, len);
    if (!root)
        return false;
    if (!cJSON_IsObject(root))
        ju_fail(&ju, NULL, "expected a JSON object (a drlsim run report)");
    /* The other JSON files drlsim reads or writes, given here by mistake. */
    if (!ju.failed && !cJSON_GetObjectItemCaseSensitive(root, "schema")) {
        const char *what = json_kind(root);
        if (what)
            ju_fail(&ju, NULL, "this is %s, not a drlsim run report", what);
        else
            ju_fail(&ju, NULL, "not a drlsim run report (drlsim run --out): it has no \"schema\" "
                    "key (a run report's is \"%s\")", REPORT_SCHEMA);
    }
    const char *schema = ju_string(&ju, root, "", "schema");
    static const char *const OLD[][2] = {
        {"drlsim-run-1", "its monster and outcome bins are numbers"},
        {"drlsim-run-2", "it does not record which rule tables and drlsim made it"},
        {"drlsim-run-3", "its reachability rows are the generator's record, unreachable_any and "
                         "seen_reach_vs_record, which the observer's flood replaced"},
    };
    for (size_t i = 0; i < sizeof OLD / sizeof OLD[0] && !ju.failed; i++)
        if (strcmp(schema, OLD[i][0]) == 0)
            ju_fail(&ju, "schema", "\"%s\" is an older run report (%s); rerun its job with this "
                    "drlsim (%s)", schema, OLD[i][1], REPORT_SCHEMA);
    if (!ju.failed && strcmp(schema, REPORT_SCHEMA) != 0)
        ju_fail(&ju, "schema", "\"%s\" is not a run report (%s)", schema, REPORT_SCHEMA);
    ju_keys(&ju, root, "", TOP_KEYS);
    read_params(&ju, root, r, tables);
    uint64_t levels = read_u64(&ju, ju_get(&ju, root, "", "levels"), "levels");
    const cJSON *rg = ju_array(&ju, root, "", "ranges");
    if (!ju.failed) {
        int n = cJSON_GetArraySize(rg);
        r->res.ranges = calloc((size_t)(n ? n : 1), sizeof *r->res.ranges);
        if (!r->res.ranges)
            ju_fail(&ju, "ranges", "out of memory");
        for (int i = 0; i < n && !ju.failed; i++) {
            const cJSON *pair = cJSON_GetArrayItem(rg, i);
            if (!cJSON_IsArray(pair) || cJSON_GetArraySize(pair) != 2) {
                ju_fail(&ju, "ranges", "expected [lo, hi] pairs");
                break;
            }
            index_range_t x = {read_u64(&ju, cJSON_GetArrayItem(pair, 0), "ranges"),
                               read_u64(&ju, cJSON_GetArrayItem(pair, 1), "ranges")};
            if (!ju.failed && (x.lo >= x.hi || x.lo < r->job.first ||
                               x.hi > r->job.first + r->job.count))
                ju_fail(&ju, "ranges", "[%llu, %llu) is empty or outside the job's indices",
                        (unsigned long long)x.lo, (unsigned long long)x.hi);
            r->res.ranges[r->res.nranges++] = x;
        }
        if (!ju.failed && !ranges_normalize(r->res.ranges, &r->res.nranges))
            ju_fail(&ju, "ranges", "ranges overlap");
        uint64_t total = 0;
        for (int i = 0; i < r->res.nranges; i++)
            total += r->res.ranges[i].hi - r->res.ranges[i].lo;
        if (!ju.failed && total != levels)
            ju_fail(&ju, "levels", "%llu levels but the ranges hold %llu",
                    (unsigned long long)levels, (unsigned long long)total);
        r->res.done = levels;
    }
    if (!ju.failed) {
        r->tally = tally_new(r->job.dlevel_lo, r->job.dlevel_hi, r->job.params.difficulty);
        if (!r->tally)
            ju_fail(&ju, NULL, "out of memory");
    }
    const cJSON *strata = ju_array(&ju, root, "", "strata");
    uint64_t counted = 0;
    for (int i = 0; !ju.failed && i < cJSON_GetArraySize(strata); i++) {
        char path[64];
        snprintf(path, sizeof path, "strata[%d]", i);
        const cJSON *s = cJSON_GetArrayItem(strata, i);
        ju_keys(&ju, s, path, STRATUM_KEYS);
        int d = ju_int(&ju, s, path, "dlevel", r->job.dlevel_lo, r->job.dlevel_hi);
        const char *tn = ju_string(&ju, s, path, "type");
        if (ju.failed)
            break;
        int ty = level_type_from_name(tn);
        if (ty < 0) {
            ju_fail(&ju, path, "unknown level type \"%s\"", tn);
            break;
        }
        if (tally_holds(r->tally, d, (level_type_t)ty)) {
            ju_fail(&ju, path, "stratum dlevel %d type %s appears twice", d, tn);
            break;
        }
        uint64_t *base = tally_row(r->tally, d, (level_type_t)ty, 0);
        if (!base) {
            ju_fail(&ju, path, "out of memory");
            break;
        }
        const cJSON *hs = ju_object(&ju, s, path, "histograms");
        char hp[96];
        snprintf(hp, sizeof hp, "%s.histograms", path);
        read_histograms(&ju, hs, hp, tables->bin_names, base);
        uint64_t n = read_u64(&ju, ju_get(&ju, s, path, "levels"), path);
        if (!ju.failed && base[0] != n)
            ju_fail(&ju, path, "levels %llu but histogram levels %llu", (unsigned long long)n,
                    (unsigned long long)base[0]);
        /* Reports leave empty strata out; counts in one would vanish from
         * the strata of a merged report while staying in its summary. */
        if (!ju.failed && n == 0)
            ju_fail(&ju, path, "a stratum without levels (reports leave empty strata out)");
        /* counted <= levels holds here, so this cannot wrap around */
        if (!ju.failed && n > levels - counted)
            ju_fail(&ju, "strata", "strata hold more than the report's %llu levels",
                    (unsigned long long)levels);
        counted += n;
    }
    if (!ju.failed && counted != levels)
        ju_fail(&ju, "strata", "strata hold %llu levels, the report says %llu",
                (unsigned long long)counted, (unsigned long long)levels);
    cJSON_Delete(root);
    if (ju.failed) {
        loaded_report_free(r);
        return false;
    }
    r->res.complete = levels == r->job.count;
    return true;
}

void loaded_report_free(loaded_report_t *r)
{
    tally_free(r->tally);
    r->tally = NULL;
    driver_result_free(&r->res);
}

int report_write_run(const char *path, const job_t *job, const tables_id_t *id,
                     const tally_t *t, const driver_result_t *res)
{
    cJSON *rep = report_run(job, id, t, res);
    int rc = report_write_json(path, rep);
    cJSON_Delete(rep);
    return rc;
}

bool report_same_rules(const tables_id_t *a, const char *a_name, const tables_id_t *b,
                       const char *b_name, char *err, size_t errlen)
{
    const char *why = "made with other rules: --data?";
    for (int i = 0; i < b->n; i++)
        for (int j = 0; j < a->n; j++)
            if (strcmp(a->file[j].name, b->file[i].name) == 0 &&
                a->file[j].hash != b->file[i].hash) {
                snprintf(err, errlen, "%s: table %s differs from %s's (%s)", b_name,
                         b->file[i].name, a_name, why);
                return false;
            }
    /* The generators are code, not only tables: another drlsim may make
     * other levels from the same tables. */
    if (strcmp(a->version, b->version) != 0) {
        snprintf(err, errlen, "%s: made by drlsim %s, %s by drlsim %s (the generators may "
                 "differ: make every part with one drlsim)", b_name, b->version, a_name,
                 a->version);
        return false;
    }
    for (int k = 0; k < 2; k++) {
        const tables_id_t *x = k ? b : a, *y = k ? a : b;
        for (int i = 0; i < x->n; i++) {
            bool found = false;
            for (int j = 0; j < y->n && !found; j++)
                found = strcmp(x->file[i].name, y->file[j].name) == 0;
            if (!found) {
                snprintf(err, errlen, "%s: table %s is in %s's rules only (made by another "
                         "drlsim?)", b_name, x->file[i].name, k ? b_name : a_name);
                return false;
            }
        }
    }
    return true;
}

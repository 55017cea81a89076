/* report.c - the run report of report.h.
 *
 * Layout: params (everything that defines the job, and which rules made
 * it: the tables' content hashes and the drlsim version), levels, complete
 * and the completed index ranges, "types" (levels per type over the run),
 * "summary" (per histogram over the whole run: count of observations, mean,
 * sd and a 95% interval of the mean; shares with Wilson 95% intervals for
 * labelled histograms) and "strata" (every non-empty dlevel x type cell with
 * its full histograms).  docs/report.md is the schema.
 */
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "outfile.h"

cJSON *report_u64(uint64_t v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    return cJSON_CreateRaw(buf);
}

char *report_json_text(const cJSON *o)
{
    char *text = cJSON_Print(o);
    if (!text)
        return NULL;
    size_t len = strlen(text);
    char *out = realloc(text, len + 2);
    if (!out) {
        free(text);
        return NULL;
    }
    out[len] = '\n';
    out[len + 1] = '\0';
    return out;
}

int report_write_json(const char *path, const cJSON *o)
{
    char *text = o ? report_json_text(o) : NULL;
    if (!text) {
        fprintf(stderr, "drlsim: out of memory writing %s\n", path);
        return -1;
    }
    int rc = outfile_write(path, text, strlen(text));
    free(text);
    return rc;
}

static cJSON *moments_json(const uint64_t *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "n", report_u64(m[MOM_N]));
    cJSON_AddItemToObject(o, "sum", report_u64(m[MOM_SUM]));
    cJSON_AddItemToObject(o, "sumsq", report_u64(m[MOM_SUMSQ]));
    cJSON_AddItemToObject(o, "min", report_u64(m[MOM_N] ? m[MOM_MIN] : 0));
    cJSON_AddItemToObject(o, "max", report_u64(m[MOM_MAX]));
    return o;
}

cJSON *report_histograms(const tally_t *t, const tally_names_t *names, int dlevel_lo,
                         int dlevel_hi, unsigned type_mask)
{
    cJSON *o = cJSON_CreateObject();
    uint64_t buf[GRID_W * GRID_H + 8];
    char lbl[32];
    for (int h = 0; h < TALLY_NHISTS; h++) {
        const hist_def_t *d = &TALLY_HISTS[h];
        tally_sum(t, h, dlevel_lo, dlevel_hi, type_mask, buf);
        if (d->kind == HIST_MOMENTS) {
            if (buf[MOM_N])
                cJSON_AddItemToObject(o, d->name, moments_json(buf));
            continue;
        }
        cJSON *hj = NULL;
        for (int b = 0; b < d->nbins; b++) {
            if (!buf[b])
                continue;
            if (!hj)
                hj = cJSON_AddObjectToObject(o, d->name);
            cJSON_AddItemToObject(hj, tally_bin_label(names, h, b, lbl, sizeof lbl),
                                  report_u64(buf[b]));
        }
    }
    return o;
}

static cJSON *interval(double lo, double hi)
{
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToArray(a, cJSON_CreateNumber(lo));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(hi));
    return a;
}

/* Wilson score interval for k successes in n at 95%. */
static void wilson95(uint64_t k, uint64_t n, double *lo, double *hi)
{
    const double z = gsl_cdf_ugaussian_Pinv(0.975);
    double p = (double)k / (double)n, nn = (double)n;
    double den = 1 + z * z / nn;
    double centre = (p + z * z / (2 * nn)) / den;
    double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;
    /* exactly 0 and 1 at k = 0 and k = n, not a rounding residue (1e-20) */
    *lo = k == 0 || centre - half < 0 ? 0 : centre - half;
    *hi = k == n || centre + half > 1 ? 1 : centre + half;
}

/* Summary of one histogram over the run: mean and 95% interval of the mean
 * (normal approximation, fine at Monte Carlo sizes); shares for labels. */
static cJSON *summary_json(const tally_names_t *names, int h, const uint64_t *b)
{
    const hist_def_t *d = &TALLY_HISTS[h];
    double n = 0, sum = 0, sumsq = 0;
    if (d->kind == HIST_MOMENTS) {
        n = (double)b[MOM_N];
        sum = (double)b[MOM_SUM];
        sumsq = (double)b[MOM_SUMSQ];
    } else {
        for (int i = 0; i < d->nbins; i++) {
            n += (double)b[i];
            sum += (double)b[i] * i;
            sumsq += (double)b[i] * i * (double)i;
        }
    }
    if (n == 0)
        return NULL;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "n", n);
    if (tally_hist_labelled(h)) {
        cJSON *sh = cJSON_AddObjectToObject(o, "shares");
        for (int i = 0; i < d->nbins; i++) {
            if (!tally_bin_named(names, h, i) && !b[i])
                continue; /* a bin the data does not use */
            double lo, hi;
            char lbl[16];
            wilson95(b[i], (uint64_t)n, &lo, &hi);
            cJSON *s = cJSON_AddObjectToObject(sh, tally_bin_label(names, h, i, lbl, sizeof lbl));
            cJSON_AddNumberToObject(s, "share", (double)b[i] / n);
            cJSON_AddItemToObject(s, "ci95", interval(lo, hi));
        }
        return o;
    }
    double mean = sum / n;
    double var = n > 1 ? (sumsq - n * mean * mean) / (n - 1) : 0;
    double sd = var > 0 ? sqrt(var) : 0;
    double half = gsl_cdf_ugaussian_Pinv(0.975) * sd / sqrt(n);
    cJSON_AddNumberToObject(o, "mean", mean);
    cJSON_AddNumberToObject(o, "sd", sd);
    cJSON_AddItemToObject(o, "ci95", interval(mean - half, mean + half));
    return o;
}

const report_option_t REPORT_NOT_RESULTS[] = {
    {"--threads", true}, {"--progress", true}, {"--json", true}, {"--markdown", true},
    {"--junit", true},   {"--html", true},     {"--fail-fast", false}, {NULL, false}};

cJSON *report_tables(const tables_id_t *id)
{
    cJSON *tb = cJSON_CreateObject();
    for (int i = 0; tb && i < id->n; i++) {
        char hex[17];
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)id->file[i].hash);
        cJSON_AddStringToObject(tb, id->file[i].name, hex);
    }
    return tb;
}

void report_provenance(cJSON *o, const report_provenance_t *pv)
{
    cJSON_AddStringToObject(o, "drlsim_version", pv->id->version);
    cJSON_AddStringToObject(o, "rules", pv->rules);
    cJSON_AddStringToObject(o, "rules_source", pv->source ? pv->source : "");
    if (pv->data_dir)
        cJSON_AddStringToObject(o, "data", pv->data_dir);
    else
        cJSON_AddNullToObject(o, "data");
    cJSON_AddItemToObject(o, "tables", report_tables(pv->id));
    cJSON_AddNumberToObject(o, "scale", pv->scale);
    cJSON *cmd = cJSON_AddArrayToObject(o, "command");
    if (cmd) {
        cJSON_AddItemToArray(cmd, cJSON_CreateString("drlsim"));
        cJSON_AddItemToArray(cmd, cJSON_CreateString(pv->command));
    }
    for (int i = 0; cmd && i < pv->argc; i++) {
        const char *a = pv->argv[i];
        bool skip = false;
        for (int k = 0; REPORT_NOT_RESULTS[k].name && !skip; k++) {
            const report_option_t *x = &REPORT_NOT_RESULTS[k];
            size_t n = strlen(x->name);
            if (strncmp(a, x->name, n) == 0 && (!a[n] || (x->value && a[n] == '='))) {
                skip = true;
                i += x->value && !a[n] && i + 1 < pv->argc; /* its value, when separate */
            }
        }
        if (!skip)
            cJSON_AddItemToArray(cmd, cJSON_CreateString(a));
    }
}

cJSON *report_run(const job_t *job, const tables_id_t *id, const tally_t *t,
                  const driver_result_t *res)
{
    const tally_names_t *names = job->params.tables->bin_names;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "schema", REPORT_SCHEMA);
    cJSON *p = cJSON_AddObjectToObject(o, "params");
    cJSON_AddItemToObject(p, "seed", report_u64(job->seed));
    cJSON_AddItemToObject(p, "first", report_u64(job->first));
    cJSON_AddItemToObject(p, "count", report_u64(job->count));
    cJSON *dl = cJSON_AddArrayToObject(p, "dlevels");
    cJSON_AddItemToArray(dl, cJSON_CreateNumber(job->dlevel_lo));
    cJSON_AddItemToArray(dl, cJSON_CreateNumber(job->dlevel_hi));
    if (job->ndl > 0) { /* run --episode: only these dlevels of the range */
        cJSON *list = cJSON_AddArrayToObject(p, "dlevel_list");
        for (int i = 0; i < job->ndl; i++)
            cJSON_AddItemToArray(list, cJSON_CreateNumber(job->dl[i]));
    }
    cJSON_AddNumberToObject(p, "difficulty", job->params.difficulty);
    if (job->params.type >= 0)
        cJSON_AddStringToObject(p, "type", level_type_name((level_type_t)job->params.type));
    else
        cJSON_AddNullToObject(p, "type");
    cJSON_AddBoolToObject(p, "single", job->params.single_enabled);
    if (job->params.style) /* --style */
        cJSON_AddNumberToObject(p, "style", job->params.style);
    if (job->range) /* --range: the range rows are counted */
        cJSON_AddBoolToObject(p, "range", true);
    cJSON_AddStringToObject(p, "rules", job->params.tables->def->name);
    cJSON_AddItemToObject(p, "tables", report_tables(id));
    cJSON_AddStringToObject(p, "drlsim_version", id->version);
    cJSON_AddItemToObject(o, "levels", report_u64(res->done));
    cJSON_AddBoolToObject(o, "complete", res->done == job->count);
    cJSON *rg = cJSON_AddArrayToObject(o, "ranges");
    for (int i = 0; i < res->nranges; i++) {
        cJSON *r = cJSON_CreateArray();
        cJSON_AddItemToArray(r, report_u64(res->ranges[i].lo));
        cJSON_AddItemToArray(r, report_u64(res->ranges[i].hi));
        cJSON_AddItemToArray(rg, r);
    }
    cJSON *types = cJSON_AddObjectToObject(o, "types");
    for (int ty = 0; ty < LT__COUNT; ty++)
        if (job->params.tables->rules->has_type[ty])
            cJSON_AddItemToObject(types, level_type_name((level_type_t)ty),
                                  report_u64(tally_levels(t, t->dlevel_lo, t->dlevel_hi, 1u << ty)));
    cJSON *sum = cJSON_AddObjectToObject(o, "summary");
    uint64_t buf[GRID_W * GRID_H + 8];
    for (int h = 1; h < TALLY_NHISTS; h++) {
        tally_sum(t, h, t->dlevel_lo, t->dlevel_hi, TALLY_ALL_TYPES, buf);
        cJSON *s = summary_json(names, h, buf);
        if (s)
            cJSON_AddItemToObject(sum, TALLY_HISTS[h].name, s);
    }
    cJSON *strata = cJSON_AddArrayToObject(o, "strata");
    for (int d = t->dlevel_lo; d <= t->dlevel_hi; d++) {
        for (int ty = 0; ty < LT__COUNT; ty++) {
            uint64_t n = tally_levels(t, d, d, 1u << ty);
            if (!n)
                continue;
            cJSON *s = cJSON_CreateObject();
            cJSON_AddNumberToObject(s, "dlevel", d);
            cJSON_AddStringToObject(s, "type", level_type_name((level_type_t)ty));
            cJSON_AddItemToObject(s, "levels", report_u64(n));
            cJSON_AddItemToObject(s, "histograms", report_histograms(t, names, d, d, 1u << ty));
            cJSON_AddItemToArray(strata, s);
        }
    }
    return o;
}

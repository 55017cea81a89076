/* fuzz_report_parse.c - fuzz target: report_parse, the run-report reader of
 * `drlsim merge` and `drlsim run --resume`.
 *
 * Any bytes: parse against the embedded ruleset; on failure the message is
 * one line naming the origin.  A report that parses must survive what merge
 * and resume do with it: written back (report_run, as merge writes it) it
 * reads again to the same job, rules (tables and version), ranges and tally,
 * slot for slot, and the
 * rewrite is stable (the same bytes twice).
 */
#include <cjson/cJSON.h>

#include "fuzz.h"
#include "report.h"

#define ORIGIN "fuzz-report.json"

static char *write_report(const loaded_report_t *r)
{
    cJSON *o = report_run(&r->job, &r->id, r->tally, &r->res);
    FUZZ_CHECK(o != NULL, "report_run failed");
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    FUZZ_CHECK(text != NULL, "cJSON_Print failed");
    return text;
}

static void check_same(const loaded_report_t *a, const loaded_report_t *b)
{
    const job_t *x = &a->job, *y = &b->job;
    FUZZ_CHECK(x->seed == y->seed && x->first == y->first && x->count == y->count &&
                   x->dlevel_lo == y->dlevel_lo && x->dlevel_hi == y->dlevel_hi &&
                   x->params.difficulty == y->params.difficulty &&
                   x->params.type == y->params.type &&
                   x->params.single_enabled == y->params.single_enabled,
               "the job changed on a rewrite");
    char err[256] = "";
    FUZZ_CHECK(a->id.n == b->id.n && report_same_rules(&a->id, "a", &b->id, "b", err, sizeof err),
               "the rules changed on a rewrite: %s", err);
    for (int i = 0; i < a->id.n; i++)
        FUZZ_CHECK(strcmp(a->id.file[i].name, b->id.file[i].name) == 0,
                   "table %d changed its place on a rewrite", i);
    FUZZ_CHECK(a->res.done == b->res.done && a->res.complete == b->res.complete &&
                   a->res.nranges == b->res.nranges,
               "levels or ranges changed on a rewrite");
    for (int i = 0; i < a->res.nranges; i++)
        FUZZ_CHECK(a->res.ranges[i].lo == b->res.ranges[i].lo &&
                       a->res.ranges[i].hi == b->res.ranges[i].hi,
                   "range %d changed on a rewrite", i);
    const tally_t *s = a->tally, *t = b->tally;
    FUZZ_CHECK(s->stride == t->stride, "stride");
    FUZZ_CHECK(tally_equal(s, t), "the tally changed on a rewrite");
    FUZZ_CHECK(tally_strata_held(s) == tally_strata_held(t), "the strata changed on a rewrite");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const tables_t *rules = fuzz_tables(NULL);
    FUZZ_CHECK(rules != NULL, "the embedded tables do not load");
    loaded_report_t r, back;
    char err[512];
    if (!report_parse(&r, (const char *)data, size, ORIGIN, rules, err, sizeof err)) {
        fuzz_check_message(err, ORIGIN);
        return 0;
    }
    FUZZ_CHECK(r.tally != NULL, "parsed without a tally");
    char *text = write_report(&r);
    bool ok = report_parse(&back, text, strlen(text), ORIGIN, rules, err, sizeof err);
    FUZZ_CHECK(ok, "the rewritten report does not read back: %s", err);
    check_same(&r, &back);
    char *again = write_report(&back);
    FUZZ_CHECK(strcmp(text, again) == 0, "the rewrite is not stable");
    free(again);
    free(text);
    loaded_report_free(&back);
    loaded_report_free(&r);
    return 0;
}

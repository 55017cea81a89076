/* expect.c - loading and validating data/expectations.json (expect.h).
 *
 * The documented probabilities are data so that anyone can add a check
 * without touching C; the price is that the loader must catch every mistake
 * a hand-edited file can hold: malformed JSON, wrong types, missing or
 * misspelt or repeated keys (unknown keys are errors, so "knwon_discrepancy" cannot
 * silently turn an XFAIL into a FAIL), probabilities outside [0, 1] or not
 * summing to 1, histogram and bin names the tally does not have, type names,
 * dlevels and difficulties out of range.  Probabilities may be written as
 * numbers or as exact fractions [num, den]; the fraction is kept as text for
 * the reports, so "1/4" reads as the wiki wrote it.
 */
#include "expect.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "episode.h"
#include "jsonutil.h"
#include "level.h"
#include "registry.h"
#include "tables.h"
#include "tally.h"

/* Probabilities of a distribution must sum to 1 within this. */
#define EXPECT_SUM_TOL 1e-9
#define TEXT_MAX 1024

static const char *const TEST_NAMES[] = {"distribution", "proportion", "exact", "range", "less"};
static const char *const SOURCE_NAMES[] = {"wiki", "game", "decision"};

const char *expect_test_name(expect_test_t t)
{
    return TEST_NAMES[t];
}

const char *expect_source_name(expect_source_t s)
{
    return SOURCE_NAMES[s];
}

static const char *const TOP_KEYS[] = {"comment", "levels", "base", "checks", NULL};
static const char *const BASE_KEYS[] = {"rules", "drop", NULL};
static const char *const CHECK_KEYS[] = {
    "name",     "family",  "source",  "observation",       "sample",  "types",
    "given",    "test",    "expected", "known_discrepancy", "enabled", "pending",
    "derivation", "comment", "claims", NULL};
static const char *const SAMPLE_KEYS[] = {"type", "dlevel", "difficulty", "no_single", "levels",
                                          "style", NULL};

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* Append to a bounded text buffer; marks truncation with "...". */
static void text_add(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void text_add(char *buf, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used >= TEXT_MAX - 4)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + used, TEXT_MAX - used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= TEXT_MAX - used)
        strcpy(buf + TEXT_MAX - 4, "...");
}

static void sub(char *out, size_t n, const char *path, const char *key)
{
    if (snprintf(out, n, "%s.%s", path, key) >= (int)n)
        out[n - 1] = '\0'; /* a long path is cut, which only shortens a message */
}

/* A probability: a number in [0, 1] or a fraction [num, den].  Its text
 * ("1/4" or "0.25") goes to text (24 bytes). */
static double probability(ju_t *ju, const cJSON *it, const char *path, char *text)
{
    text[0] = '\0';
    if (ju->failed)
        return 0.0;
    if (cJSON_IsArray(it)) {
        const cJSON *a = cJSON_GetArrayItem(it, 0), *b = cJSON_GetArrayItem(it, 1);
        if (cJSON_GetArraySize(it) != 2 || !cJSON_IsNumber(a) || !cJSON_IsNumber(b)) {
            ju_fail(ju, path, "expected a probability: a number or a fraction [num, den]");
            return 0.0;
        }
        int num = ju_int_item(ju, a, path, 0, 1000000000);
        int den = ju_int_item(ju, b, path, 1, 1000000000);
        if (ju->failed)
            return 0.0;
        if (num > den) {
            ju_fail(ju, path, "probability %d/%d is outside [0, 1]", num, den);
            return 0.0;
        }
        if (num == 0 || num == den)
            snprintf(text, 24, "%d", num == den);
        else
            snprintf(text, 24, "%d/%d", num, den);
        return (double)num / (double)den;
    }
    if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble)) {
        ju_fail(ju, path, "expected a probability: a number or a fraction [num, den]");
        return 0.0;
    }
    double v = it->valuedouble;
    if (v < 0.0 || v > 1.0) {
        ju_fail(ju, path, "probability %g is outside [0, 1]", v);
        return 0.0;
    }
    snprintf(text, 24, "%.10g", v);
    return v;
}

/* The bin of e's histogram called label; -1 (and a failure) when none. */
static int bin_of(ju_t *ju, const expect_check_t *e, const char *label, const char *path)
{
    const int h = e->hist;
    char buf[32];
    for (int b = 0; b < TALLY_HISTS[h].nbins; b++)
        if (strcmp(tally_bin_label(e->names, h, b, buf, sizeof buf), label) == 0)
            return b;
    if (tally_hist_labelled(h)) {
        char list[256] = "";
        for (int b = 0; b < TALLY_HISTS[h].nbins; b++) {
            if (!tally_bin_named(e->names, h, b))
                continue;
            strncat(list, *list ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, tally_bin_label(e->names, h, b, buf, sizeof buf),
                    sizeof list - strlen(list) - 1);
        }
        ju_fail(ju, path, "'%s' is not a bin of %s (bins: %s)", label, TALLY_HISTS[h].name, list);
    } else {
        ju_fail(ju, path, "'%s' is not a bin of %s (bins: 0..%d)", label, TALLY_HISTS[h].name,
                TALLY_HISTS[h].nbins - 1);
    }
    return -1;
}

/* A bin of e's histogram named by a string or (integer histograms) a number. */
static int bin_item(ju_t *ju, const expect_check_t *e, const cJSON *it, const char *path)
{
    if (ju->failed)
        return -1;
    char buf[32];
    if (cJSON_IsString(it))
        return bin_of(ju, e, it->valuestring, path);
    if (cJSON_IsNumber(it) && !tally_hist_labelled(e->hist)) {
        int v = ju_int_item(ju, it, path, 0, 1 << 30);
        if (ju->failed)
            return -1;
        snprintf(buf, sizeof buf, "%d", v);
        return bin_of(ju, e, buf, path);
    }
    ju_fail(ju, path, "expected a bin name of %s", TALLY_HISTS[e->hist].name);
    return -1;
}

/* An integer histogram's last bin also counts larger values: a check that
 * needs "exactly this value" cannot use it. */
static bool clamped_bin(int h, int b)
{
    return !tally_hist_labelled(h) && b == TALLY_HISTS[h].nbins - 1;
}

static int64_t int64_item(ju_t *ju, const cJSON *it, const char *path, int64_t lo, int64_t hi)
{
    if (ju->failed)
        return lo;
    if (!it || !cJSON_IsNumber(it) || !isfinite(it->valuedouble) ||
        it->valuedouble != floor(it->valuedouble)) {
        ju_fail(ju, path, "expected an integer");
        return lo;
    }
    double v = it->valuedouble;
    if (v < (double)lo || v > (double)hi) {
        ju_fail(ju, path, "%.17g is outside %lld..%lld", v, (long long)lo, (long long)hi);
        return lo;
    }
    return (int64_t)v;
}

static void parse_sample(ju_t *ju, const cJSON *s, const char *path, expect_sample_t *out)
{
    ju_keys(ju, s, path, SAMPLE_KEYS);
    char p[256];
    const cJSON *t = ju_get(ju, s, path, "type");
    out->type = -1;
    if (t && !cJSON_IsNull(t)) {
        sub(p, sizeof p, path, "type");
        if (!cJSON_IsString(t))
            ju_fail(ju, p, "expected a level type name or null (drawn)");
        else if ((out->type = level_type_from_name(t->valuestring)) < 0)
        {
            char list[256];
            tables_type_list(list, sizeof list);
            ju_fail(ju, p, "unknown level type '%s' (%s)", t->valuestring, list);
        }
    }
    const cJSON *d = ju_get(ju, s, path, "dlevel");
    sub(p, sizeof p, path, "dlevel");
    if (d && cJSON_IsArray(d)) {
        if (cJSON_GetArraySize(d) != 2) {
            ju_fail(ju, p, "expected a dlevel or a range [lo, hi]");
        } else {
            out->dlevel_lo = ju_int_item(ju, cJSON_GetArrayItem(d, 0), p, 1, DLEVEL_MAX);
            out->dlevel_hi = ju_int_item(ju, cJSON_GetArrayItem(d, 1), p, 1, DLEVEL_MAX);
            if (!ju->failed && out->dlevel_lo > out->dlevel_hi)
                ju_fail(ju, p, "empty range %d..%d", out->dlevel_lo, out->dlevel_hi);
            if (!ju->failed && out->dlevel_hi - out->dlevel_lo >= EXPECT_MAX_DLEVEL_SPAN)
                ju_fail(ju, p, "range %d..%d is wider than %d dlevels", out->dlevel_lo,
                        out->dlevel_hi, EXPECT_MAX_DLEVEL_SPAN);
        }
    } else if (d) {
        out->dlevel_lo = out->dlevel_hi = ju_int_item(ju, d, p, 1, DLEVEL_MAX);
    }
    out->difficulty = ju_int(ju, s, path, "difficulty", DIFF_ITYTD, DIFF_NIGHTMARE);
    out->no_single = false;
    out->style = 0;
    if (!ju->failed && cJSON_GetObjectItemCaseSensitive(s, "style"))
        out->style = ju_int(ju, s, path, "style", 1, EPISODE_MAX_STYLE_ID);
    if (!ju->failed && cJSON_GetObjectItemCaseSensitive(s, "no_single"))
        out->no_single = ju_bool(ju, s, path, "no_single");
    out->levels = 0;
    const cJSON *lv = cJSON_GetObjectItemCaseSensitive(s, "levels");
    if (!ju->failed && lv) {
        sub(p, sizeof p, path, "levels");
        out->levels = (uint64_t)int64_item(ju, lv, p, 1, (int64_t)EXPECT_MAX_LEVELS);
    }
}

/* Bins listed in an array (labels) into mask; duplicates are errors. */
static void bin_list(ju_t *ju, const expect_check_t *e, const cJSON *arr, const char *path,
                     uint8_t *mask)
{
    if (ju->failed)
        return;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) == 0) {
        ju_fail(ju, path, "expected a non-empty array of bins");
        return;
    }
    int i = 0;
    char p[256];
    for (const cJSON *it = arr->child; it && !ju->failed; it = it->next, i++) {
        snprintf(p, sizeof p, "%s[%d]", path, i);
        int b = bin_item(ju, e, it, p);
        if (b < 0)
            return;
        if (mask[b]) {
            ju_fail(ju, p, "bin listed twice");
            return;
        }
        mask[b] = 1;
    }
}

static void label_text(const expect_check_t *e, int b, char *buf, size_t n)
{
    char tmp[32];
    snprintf(buf, n, "%s", tally_bin_label(e->names, e->hist, b, tmp, sizeof tmp));
}

static void parse_expected(ju_t *ju, const cJSON *c, const char *path, expect_check_t *e)
{
    const hist_def_t *hd = &TALLY_HISTS[e->hist];
    const cJSON *x = ju_get(ju, c, path, "expected");
    char p[256], q[300], text[TEXT_MAX] = "", lbl[32], pt[24];
    sub(p, sizeof p, path, "expected");
    if (ju->failed)
        return;
    bool moments = hd->kind == HIST_MOMENTS;
    if (moments && (e->test == EXPECT_DISTRIBUTION || e->test == EXPECT_PROPORTION)) {
        ju_fail(ju, p, "%s is a per-level value (moments), which takes only exact, range or "
                       "less tests", hd->name);
        return;
    }
    if (!moments && e->test == EXPECT_LESS) {
        ju_fail(ju, p, "%s has bins; a less test compares per-level values (moments)", hd->name);
        return;
    }
    if (!cJSON_IsObject(x)) {
        ju_fail(ju, p, "expected an object");
        return;
    }
    switch (e->test) {
    case EXPECT_DISTRIBUTION: {
        double sum = 0.0;
        for (const cJSON *it = x->child; it && !ju->failed; it = it->next) {
            snprintf(q, sizeof q, "%s.%s", p, it->string);
            int b = bin_of(ju, e, it->string, q);
            if (b < 0)
                return;
            if (!e->given[b]) {
                ju_fail(ju, q, "bin is not among \"given\"");
                return;
            }
            double v = probability(ju, it, q, pt);
            if (ju->failed)
                return;
            e->prob[b] = v;
            sum += v;
        }
        if (!x->child) {
            ju_fail(ju, p, "no probabilities given");
            return;
        }
        if (fabs(sum - 1.0) > EXPECT_SUM_TOL) {
            ju_fail(ju, p, "probabilities sum to %.12g, not 1", sum);
            return;
        }
        /* Text in bin order, with the fractions as written; a uniform run
         * of consecutive integer bins reads "11..35 each 1/25". */
        int first = -1, last = -1, listed = 0;
        bool uniform = !tally_hist_labelled(e->hist);
        char ut[24] = "";
        for (int b = 0; b < e->nbins; b++) {
            for (const cJSON *it = x->child; it; it = it->next) {
                char tmp[32];
                if (strcmp(it->string, tally_bin_label(e->names, e->hist, b, tmp, sizeof tmp)))
                    continue;
                probability(ju, it, p, pt);
                text_add(text, "%s%s %s", text[0] ? ", " : "", it->string, pt);
                if (first < 0) {
                    first = b;
                    snprintf(ut, sizeof ut, "%s", pt);
                }
                uniform = uniform && b == first + listed && strcmp(ut, pt) == 0;
                last = b;
                listed++;
            }
        }
        if (uniform && listed >= 4) {
            text[0] = '\0';
            text_add(text, "%d..%d each %s", first, last, ut);
        }
        break;
    }
    case EXPECT_PROPORTION: {
        ju_keys(ju, x, p, (const char *const[]){"bins", "p", NULL});
        const cJSON *bins = ju_array(ju, x, p, "bins");
        sub(q, sizeof q, p, "bins");
        bin_list(ju, e, bins, q, e->hit);
        for (int b = 0; b < e->nbins && !ju->failed; b++)
            if (e->hit[b] && !e->given[b])
                ju_fail(ju, q, "bin %s is not among \"given\"",
                        tally_bin_label(e->names, e->hist, b, lbl, sizeof lbl));
        const cJSON *pv = ju_get(ju, x, p, "p");
        sub(q, sizeof q, p, "p");
        e->p = probability(ju, pv, q, pt);
        if (ju->failed)
            return;
        bool first = true;
        text_add(text, "P(");
        for (int b = 0; b < e->nbins; b++)
            if (e->hit[b]) {
                label_text(e, b, lbl, sizeof lbl);
                text_add(text, "%s%s", first ? "" : " or ", lbl);
                first = false;
            }
        text_add(text, ") = %s", pt);
        break;
    }
    case EXPECT_EXACT: {
        ju_keys(ju, x, p, (const char *const[]){"value", NULL});
        const cJSON *v = ju_get(ju, x, p, "value");
        sub(q, sizeof q, p, "value");
        if (ju->failed)
            return;
        if (moments) {
            e->lo = e->hi = int64_item(ju, v, q, 0, INT64_C(1) << 50);
            text_add(text, "= %lld", (long long)e->lo);
            break;
        }
        int b = bin_item(ju, e, v, q);
        if (b < 0)
            return;
        if (clamped_bin(e->hist, b)) {
            ju_fail(ju, q, "bin %d is the last of %s, which also counts larger values", b,
                    hd->name);
            return;
        }
        if (!e->given[b]) {
            ju_fail(ju, q, "bin is not among \"given\"");
            return;
        }
        e->hit[b] = 1;
        label_text(e, b, lbl, sizeof lbl);
        text_add(text, "= %s", lbl);
        break;
    }
    case EXPECT_RANGE: {
        ju_keys(ju, x, p, (const char *const[]){"min", "max", "attained", NULL});
        if (!moments && tally_hist_labelled(e->hist)) {
            ju_fail(ju, p, "%s has named bins; a range needs an integer histogram", hd->name);
            return;
        }
        int64_t top = moments ? INT64_C(1) << 50 : hd->nbins - 2;
        sub(q, sizeof q, p, "min");
        e->lo = int64_item(ju, ju_get(ju, x, p, "min"), q, 0, top);
        sub(q, sizeof q, p, "max");
        e->hi = int64_item(ju, ju_get(ju, x, p, "max"), q, 0, top);
        if (!ju->failed && e->lo > e->hi)
            ju_fail(ju, p, "empty range %lld..%lld", (long long)e->lo, (long long)e->hi);
        if (!ju->failed && cJSON_GetObjectItemCaseSensitive(x, "attained")) {
            sub(q, sizeof q, p, "attained");
            e->attained = int64_item(ju, ju_get(ju, x, p, "attained"), q, 1, INT64_C(1) << 50);
        }
        text_add(text, "%lld..%lld", (long long)e->lo, (long long)e->hi);
        if (e->attained)
            text_add(text, " attained from n %lld", (long long)e->attained);
        break;
    }
    case EXPECT_LESS: {
        ju_keys(ju, x, p, (const char *const[]){"than", NULL});
        const char *than = ju_string(ju, x, p, "than");
        if (ju->failed)
            return;
        sub(q, sizeof q, p, "than");
        e->than = tally_hist_index(than);
        if (e->than < 0) {
            ju_fail(ju, q, "'%s' is not a histogram of the tally (see docs/report.md)", than);
            return;
        }
        if (TALLY_HISTS[e->than].kind != HIST_MOMENTS || e->than == e->hist) {
            ju_fail(ju, q, "'%s' must be another per-level value (moments)", than);
            return;
        }
        text_add(text, "mean below that of %s", than);
        break;
    }
    }
    if (!ju->failed && !(e->expected_text = dupstr(text)))
        ju_fail(ju, p, "out of memory");
}

static void parse_check(ju_t *ju, const cJSON *c, const char *path, expect_check_t *e)
{
    char p[256];
    if (!cJSON_IsObject(c)) {
        ju_fail(ju, path, "expected an object");
        return;
    }
    ju_keys(ju, c, path, CHECK_KEYS);
    const char *name = ju_string(ju, c, path, "name");
    const char *family = ju_string(ju, c, path, "family");
    const char *source = ju_string(ju, c, path, "source");
    const char *obs = ju_string(ju, c, path, "observation");
    const char *test = ju_string(ju, c, path, "test");
    if (ju->failed)
        return;
    if (!*name || strlen(name) > 64 || strpbrk(name, " \t\n|")) {
        sub(p, sizeof p, path, "name");
        ju_fail(ju, p, "a name is 1..64 characters without spaces or '|'");
        return;
    }
    if (!*family) {
        sub(p, sizeof p, path, "family");
        ju_fail(ju, p, "empty family");
        return;
    }
    e->name = dupstr(name);
    e->family = dupstr(family);
    e->observation = dupstr(obs);
    int s = -1;
    for (int k = 0; k < 3; k++)
        if (strcmp(source, SOURCE_NAMES[k]) == 0)
            s = k;
    if (s < 0) {
        sub(p, sizeof p, path, "source");
        ju_fail(ju, p, "'%s' is not wiki, game or decision", source);
        return;
    }
    e->source = (expect_source_t)s;
    e->hist = tally_hist_index(obs);
    e->than = -1;
    if (e->hist < 0) {
        sub(p, sizeof p, path, "observation");
        ju_fail(ju, p, "'%s' is not a histogram of the tally (see docs/report.md)", obs);
        return;
    }
    int t = -1;
    for (int k = 0; k < (int)(sizeof TEST_NAMES / sizeof TEST_NAMES[0]); k++)
        if (strcmp(test, TEST_NAMES[k]) == 0)
            t = k;
    if (t < 0) {
        sub(p, sizeof p, path, "test");
        ju_fail(ju, p, "'%s' is not distribution, proportion, exact, range or less", test);
        return;
    }
    e->test = (expect_test_t)t;

    sub(p, sizeof p, path, "sample");
    parse_sample(ju, ju_object(ju, c, path, "sample"), p, &e->sample);
    if (ju->failed)
        return;

    /* Strata: the sample's type, or the listed types of a drawn sample. */
    e->types = e->sample.type >= 0 ? 1u << e->sample.type : TALLY_ALL_TYPES;
    const cJSON *types = cJSON_GetObjectItemCaseSensitive(c, "types");
    if (types) {
        sub(p, sizeof p, path, "types");
        if (!cJSON_IsArray(types) || cJSON_GetArraySize(types) == 0) {
            ju_fail(ju, p, "expected a non-empty array of level type names");
            return;
        }
        unsigned m = 0;
        int i = 0;
        for (const cJSON *it = types->child; it; it = it->next, i++) {
            char q[300];
            snprintf(q, sizeof q, "%s[%d]", p, i);
            int ty = cJSON_IsString(it) ? level_type_from_name(it->valuestring) : -1;
            if (ty < 0) {
                char list[256];
                tables_type_list(list, sizeof list);
                if (cJSON_IsString(it))
                    ju_fail(ju, q, "unknown level type '%s' (%s)", it->valuestring, list);
                else
                    ju_fail(ju, q, "expected a level type name (%s)", list);
                return;
            }
            m |= 1u << ty;
        }
        if (e->sample.type >= 0 && !(m & (1u << e->sample.type))) {
            ju_fail(ju, p, "the sample's type %s is not listed", level_type_name(e->sample.type));
            return;
        }
        e->types = m & e->types;
    }

    const hist_def_t *hd = &TALLY_HISTS[e->hist];
    e->nbins = hd->kind == HIST_COUNTS ? hd->nbins : 0;
    size_t nb = e->nbins ? (size_t)e->nbins : 1;
    e->given = calloc(nb, 1);
    e->hit = calloc(nb, 1);
    e->prob = calloc(nb, sizeof *e->prob);
    if (!e->given || !e->hit || !e->prob) {
        ju_fail(ju, path, "out of memory");
        return;
    }
    const cJSON *given = cJSON_GetObjectItemCaseSensitive(c, "given");
    if (given) {
        sub(p, sizeof p, path, "given");
        if (hd->kind == HIST_MOMENTS || e->test == EXPECT_RANGE) {
            ju_fail(ju, p, "\"given\" applies to distribution, proportion and exact tests of "
                           "counted bins");
            return;
        }
        bin_list(ju, e, given, p, e->given);
    } else {
        memset(e->given, 1, nb);
    }
    parse_expected(ju, c, path, e);
    if (ju->failed)
        return;

    const cJSON *kd = cJSON_GetObjectItemCaseSensitive(c, "known_discrepancy");
    if (kd) {
        const char *r = ju_string(ju, c, path, "known_discrepancy");
        if (!ju->failed && !*r) {
            sub(p, sizeof p, path, "known_discrepancy");
            ju_fail(ju, p, "give the reason");
        }
        if (!ju->failed)
            e->discrepancy = dupstr(r);
    }
    e->enabled = true;
    if (cJSON_GetObjectItemCaseSensitive(c, "enabled"))
        e->enabled = ju_bool(ju, c, path, "enabled");
    const cJSON *pend = cJSON_GetObjectItemCaseSensitive(c, "pending");
    sub(p, sizeof p, path, "pending");
    if (!ju->failed && !e->enabled) {
        const char *r = ju_string(ju, c, path, "pending");
        if (!ju->failed && !*r)
            ju_fail(ju, p, "a disabled check says why in \"pending\"");
        if (!ju->failed)
            e->pending = dupstr(r);
    } else if (!ju->failed && pend) {
        ju_fail(ju, p, "\"pending\" belongs to disabled checks (\"enabled\": false)");
    }
    if (!ju->failed && cJSON_GetObjectItemCaseSensitive(c, "derivation")) {
        const char *d = ju_string(ju, c, path, "derivation");
        if (!ju->failed && !(e->derivation = dupstr(d)))
            ju_fail(ju, path, "out of memory");
    }
    /* "claims": the ids of the wiki page's claims the check tests
     * (docs/rules.md, appendix), ["W84", "W80"]; tests/claims_test.py holds
     * every claim to a check or a written reason. */
    const cJSON *cl = cJSON_GetObjectItemCaseSensitive(c, "claims");
    if (!ju->failed && cl) {
        sub(p, sizeof p, path, "claims");
        if (!cJSON_IsArray(cl) || cJSON_GetArraySize(cl) < 1) {
            ju_fail(ju, p, "a list of claim ids such as [\"W84\"]");
        } else {
            const cJSON *id;
            size_t len = 1;
            cJSON_ArrayForEach(id, cl) {
                const char *s = cJSON_IsString(id) ? id->valuestring : NULL;
                if (!s || s[0] != 'W' || !s[1] || strspn(s + 1, "0123456789") != strlen(s + 1)) {
                    ju_fail(ju, p, "a claim id is W followed by digits, such as \"W84\"");
                    break;
                }
                len += strlen(s) + 1;
            }
            if (!ju->failed && !(e->claims = calloc(len, 1)))
                ju_fail(ju, p, "out of memory");
            cJSON_ArrayForEach(id, cl) {
                if (ju->failed)
                    break;
                if (e->claims[0])
                    strcat(e->claims, " ");
                strcat(e->claims, id->valuestring);
            }
        }
    }
    if (!ju->failed && cJSON_GetObjectItemCaseSensitive(c, "comment"))
        ju_string(ju, c, path, "comment");
}

static void free_check(expect_check_t *e)
{
    free(e->name);
    free(e->family);
    free(e->observation);
    free(e->given);
    free(e->hit);
    free(e->prob);
    free(e->expected_text);
    free(e->discrepancy);
    free(e->pending);
    free(e->claims);
    free(e->derivation);
}

void expect_free(expect_set_t *set)
{
    for (int i = 0; i < set->n; i++)
        free_check(&set->check[i]);
    free(set->check);
    for (int i = 0; i < set->ndrop; i++)
        free(set->drop[i]);
    memset(set, 0, sizeof *set);
}

bool expect_parse(expect_set_t *set, const char *json, size_t len, const char *origin,
                  const tally_names_t *names, char *err, size_t errlen)
{
    memset(set, 0, sizeof *set);
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    cJSON *root = ju_parse(&ju, json, len);
    if (!root)
        return false;
    if (!cJSON_IsObject(root))
        ju_fail(&ju, NULL, "expected an object {\"levels\": N, \"checks\": [...]}");
    /* The other JSON files drlsim writes, given here by mistake. */
    const cJSON *schema = cJSON_GetObjectItemCaseSensitive(root, "schema");
    if (!ju.failed && cJSON_IsString(schema) && strncmp(schema->valuestring, "drlsim-run", 10) == 0)
        ju_fail(&ju, NULL, "this is a drlsim run report (%.40s), not an expectations file",
                schema->valuestring);
    const cJSON *summary = cJSON_GetObjectItemCaseSensitive(root, "summary");
    if (!ju.failed && cJSON_IsObject(summary) && cJSON_GetObjectItemCaseSensitive(root, "checks"))
        ju_fail(&ju, NULL, "this is %s, not an expectations file",
                cJSON_GetObjectItemCaseSensitive(summary, "wiki_rules")
                    ? "a drlsim errata report (errata --json)"
                    : "a drlsim check report (check --json)");
    ju_keys(&ju, root, "", TOP_KEYS);
    set->levels = (uint64_t)int64_item(&ju, ju_get(&ju, root, "", "levels"), "levels", 1,
                                       (int64_t)EXPECT_MAX_LEVELS);
    const cJSON *base = cJSON_GetObjectItemCaseSensitive(root, "base");
    if (!ju.failed && base) {
        const cJSON *b = ju_object(&ju, root, "", "base");
        ju_keys(&ju, b, "base", BASE_KEYS);
        const char *rules = ju_string(&ju, b, "base", "rules");
        if (!ju.failed && (!registry_find(rules) || strlen(rules) >= sizeof set->base))
            ju_fail(&ju, "base.rules", "\"%.40s\" is no built-in ruleset", rules);
        else if (!ju.failed)
            snprintf(set->base, sizeof set->base, "%s", rules);
        const cJSON *drop = ju.failed ? NULL : ju_array(&ju, b, "base", "drop");
        const cJSON *d;
        cJSON_ArrayForEach(d, drop) {
            if (ju.failed)
                break;
            if (!cJSON_IsString(d) || set->ndrop == EXPECT_MAX_DROP)
                ju_fail(&ju, "base.drop", "expected at most %d names of checks or families",
                        EXPECT_MAX_DROP);
            else if (!(set->drop[set->ndrop++] = dupstr(d->valuestring)))
                ju_fail(&ju, "base.drop", "out of memory");
        }
    }
    const cJSON *checks = ju_array(&ju, root, "", "checks");
    int n = checks ? cJSON_GetArraySize(checks) : 0;
    if (!ju.failed && n == 0)
        ju_fail(&ju, "checks", "no checks");
    if (!ju.failed) {
        set->check = calloc((size_t)n, sizeof *set->check);
        if (!set->check)
            ju_fail(&ju, "checks", "out of memory");
    }
    int i = 0;
    for (const cJSON *c = checks ? checks->child : NULL; c && !ju.failed; c = c->next, i++) {
        char path[64];
        snprintf(path, sizeof path, "checks[%d]", i);
        set->n = i + 1;
        set->check[i].names = names;
        parse_check(&ju, c, path, &set->check[i]);
        for (int j = 0; j < i && !ju.failed; j++)
            if (strcmp(set->check[j].name, set->check[i].name) == 0) {
                char p[96];
                snprintf(p, sizeof p, "%s.name", path);
                ju_fail(&ju, p, "'%s' is also the name of checks[%d]", set->check[i].name, j);
            }
    }
    cJSON_Delete(root);
    if (ju.failed) {
        expect_free(set);
        return false;
    }
    return true;
}

/* Is check c left out by one of set's drop names (its name or family)? */
static bool dropped(const expect_set_t *set, const expect_check_t *c)
{
    for (int i = 0; i < set->ndrop; i++)
        if (strcmp(set->drop[i], c->name) == 0 || strcmp(set->drop[i], c->family) == 0)
            return true;
    return false;
}

/* set's own checks, then those of its base's expectations (read from the
 * same data tree, its own base's in turn) that it does not drop.  A name
 * both have is an error: a changed check is dropped and written anew. */
static bool add_base(expect_set_t *set, const tables_t *tables, int depth, char *err,
                     size_t errlen)
{
    if (!set->base[0])
        return true;
    const ruleset_def_t *def = registry_find(set->base);
    if (depth > 4 || !def) {
        snprintf(err, errlen, "expectations: base %s: too deep or unknown", set->base);
        return false;
    }
    data_src_t src = {.root = tables->src.root, .folder = def->folder};
    size_t len = 0;
    char origin[512];
    char *text = data_src_read(&src, def->expectations, &len, origin, sizeof origin, err, errlen);
    if (!text)
        return false;
    expect_set_t b;
    bool ok = expect_parse(&b, text, len, origin, tables->bin_names, err, errlen) &&
              add_base(&b, tables, depth + 1, err, errlen);
    free(text);
    if (!ok)
        return false;
    expect_check_t *all = ok ? realloc(set->check, (size_t)(set->n + b.n) * sizeof *all) : NULL;
    if (!all) {
        snprintf(err, errlen, "expectations: out of memory");
        expect_free(&b);
        return false;
    }
    set->check = all;
    for (int i = 0; i < b.n; i++) {
        bool keep = !dropped(set, &b.check[i]);
        for (int j = 0; j < set->n && keep; j++)
            if (strcmp(set->check[j].name, b.check[i].name) == 0) {
                snprintf(err, errlen, "%s: check %s is also one of base %s's: drop it there",
                         origin, b.check[i].name, set->base);
                ok = false;
                keep = false;
            }
        if (keep) {
            set->check[set->n++] = b.check[i];
            memset(&b.check[i], 0, sizeof b.check[i]);
        }
    }
    expect_free(&b);
    return ok;
}

bool expect_load(expect_set_t *set, const char *path, const tables_t *tables, char *err,
                 size_t errlen)
{
    size_t len = 0;
    char origin[512];
    char *text;
    if (path) {
        snprintf(origin, sizeof origin, "%s", path);
        text = data_read_file(path, &len, err, errlen);
    } else {
        text = tables_read(tables, tables->expectations, &len, origin, sizeof origin, err, errlen);
    }
    if (!text) {
        memset(set, 0, sizeof *set);
        return false;
    }
    bool ok = expect_parse(set, text, len, origin, tables->bin_names, err, errlen) &&
              add_base(set, tables, 0, err, errlen);
    free(text);
    if (!ok)
        expect_free(set);
    return ok;
}

bool expect_same_sample(const expect_sample_t *a, const expect_sample_t *b)
{
    return a->type == b->type && a->dlevel_lo == b->dlevel_lo && a->dlevel_hi == b->dlevel_hi &&
           a->difficulty == b->difficulty && a->no_single == b->no_single &&
           a->style == b->style;
}

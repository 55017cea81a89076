/* test_expect.c - the expectations loader: the real file, and every kind of
 * mistake a hand-edited file can hold, each giving one line naming the file,
 * the path of the bad value and the problem.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "expect.h"
#include "game/gpop.h"
#include "poptable.h"
#include "tables.h"
#include "tally.h"
#include "testutil.h"

/* A valid check; the cases below replace one piece of it. */
#define SAMPLE "\"sample\": {\"type\": null, \"dlevel\": 10, \"difficulty\": 3}"
#define HEAD "\"name\": \"a\", \"family\": \"f\", \"source\": \"wiki\", "
#define ARENA "\"observation\": \"type\", " SAMPLE ", \"types\": [\"caves\", \"arena\"], " \
              "\"test\": \"proportion\", \"expected\": {\"bins\": [\"arena\"], \"p\": [1, 4]}"

static char err[512];

/* The default ruleset's bin names (test_data_names checks that it loads). */
static const tally_names_t *wiki_names(void)
{
    const tables_t *t = test_tables(NULL);
    return t ? t->bin_names : NULL;
}

static bool parse(const char *checks, expect_set_t *set)
{
    char doc[4096];
    snprintf(doc, sizeof doc, "{\"levels\": 1000, \"checks\": [%s]}", checks);
    return expect_parse(set, doc, strlen(doc), "x.json", wiki_names(), err, sizeof err);
}

/* The text must be rejected with a one-line message containing needle. */
static void bad(const char *checks, const char *needle)
{
    expect_set_t set;
    bool ok = parse(checks, &set);
    CHECK(!ok, "accepted: %s", checks);
    if (ok) {
        expect_free(&set);
        return;
    }
    CHECK(strncmp(err, "x.json: ", 8) == 0, "message does not start with the file: %s", err);
    CHECK(strstr(err, needle) != NULL, "message '%s' lacks '%s'", err, needle);
    CHECK(strchr(err, '\n') == NULL, "message is not one line: %s", err);
}

static void good(const char *checks, expect_set_t *set)
{
    bool ok = parse(checks, set);
    CHECK(ok, "rejected (%s): %s", err, checks);
}

static void test_real_file(void)
{
    expect_set_t set;
    bool ok = expect_load(&set, NULL, test_tables(NULL), err, sizeof err);
    CHECK(ok, "data/expectations.json: %s", err);
    if (!ok)
        return;
    CHECK(set.n >= 80, "only %d checks", set.n);
    int enabled = 0, xfail = 0;
    for (int i = 0; i < set.n; i++) {
        const expect_check_t *e = &set.check[i];
        enabled += e->enabled;
        xfail += e->discrepancy != NULL;
        if (e->test == EXPECT_DISTRIBUTION) {
            double s = 0;
            for (int b = 0; b < e->nbins; b++)
                s += e->prob[b];
            CHECK(fabs(s - 1) < 1e-9, "%s sums to %.12f", e->name, s);
        }
    }
    CHECK(enabled >= 80, "%d enabled checks", enabled);
    CHECK(xfail == 6,
          "%d known discrepancies (warehouse rooms, city width and height, arena roll, "
          "single-monster rooms and special rooms)",
          xfail);
    expect_free(&set);

    /* The tally's type bins are spelled as the CLI spells types. */
    int h = tally_hist_index("type");
    CHECK(h >= 0 && TALLY_HISTS[h].nbins == LT__COUNT, "type histogram");
    char buf[32];
    for (int t = 0; h >= 0 && t < LT__COUNT; t++)
        CHECK(strcmp(tally_bin_label(NULL, h, t, buf, sizeof buf),
                     level_type_name((level_type_t)t)) == 0,
              "type bin %d", t);
}

static void test_good(void)
{
    expect_set_t set;
    good("{" HEAD ARENA "}", &set);
    if (set.n == 1) {
        const expect_check_t *e = &set.check[0];
        CHECK(e->test == EXPECT_PROPORTION && fabs(e->p - 0.25) < 1e-15, "proportion 1/4");
        CHECK(e->types == ((1u << LT_CAVES) | (1u << LT_ARENA)), "types mask %x", e->types);
        CHECK(strcmp(e->expected_text, "P(arena) = 1/4") == 0, "text '%s'", e->expected_text);
        CHECK(e->enabled && !e->discrepancy && e->sample.type == -1 && e->sample.dlevel_lo == 10,
              "defaults");
        expect_free(&set);
    }
    /* Distribution with given bins, numbers and fractions, a dlevel range. */
    good("{" HEAD "\"observation\": \"river_count\", \"sample\": {\"type\": \"normal\", "
         "\"dlevel\": [3, 5], \"difficulty\": 2, \"no_single\": true, \"levels\": 5000}, "
         "\"given\": [\"1\", \"2\", 3], \"test\": \"distribution\", "
         "\"expected\": {\"1\": 0.75, \"2\": [3, 16], \"3\": [1, 16]}, "
         "\"enabled\": false, \"pending\": \"water\", \"derivation\": \"by hand\"}",
         &set);
    if (set.n == 1) {
        const expect_check_t *e = &set.check[0];
        CHECK(!e->given[0] && e->given[1] && e->given[3] && e->prob[2] == 0.1875, "given/prob");
        CHECK(e->sample.dlevel_lo == 3 && e->sample.dlevel_hi == 5 && e->sample.no_single &&
                  e->sample.levels == 5000 && !e->enabled,
              "sample");
        CHECK(strcmp(e->expected_text, "1 0.75, 2 3/16, 3 1/16") == 0, "text '%s'", e->expected_text);
        expect_free(&set);
    }
    /* Range, exact on a moments histogram, a known discrepancy. */
    good("{" HEAD "\"observation\": \"room_width\", " SAMPLE ", \"test\": \"range\", "
         "\"expected\": {\"min\": 5, \"max\": 14}, \"known_discrepancy\": \"why\"}, "
         "{\"name\": \"b\", \"family\": \"f\", \"source\": \"game\", \"observation\": \"monsters\", "
         SAMPLE ", \"test\": \"exact\", \"expected\": {\"value\": 0}}",
         &set);
    if (set.n == 2) {
        CHECK(set.check[0].lo == 5 && set.check[0].hi == 14 && set.check[0].discrepancy, "range");
        CHECK(set.check[1].nbins == 0 && set.check[1].lo == 0 && set.check[1].hi == 0, "moments");
        CHECK(expect_same_sample(&set.check[0].sample, &set.check[1].sample), "same sample");
        expect_free(&set);
    }
}

static void test_bad(void)
{
    bad("{" HEAD ARENA, "malformed JSON");
    {
        expect_set_t set;
        const char *t = "[1, 2]";
        CHECK(!expect_parse(&set, t, strlen(t), "x.json", NULL, err, sizeof err) &&
                  strstr(err, "expected an object"), "top level array: %s", err);
        t = "{\"levels\": \"many\", \"checks\": []}";
        CHECK(!expect_parse(&set, t, strlen(t), "x.json", NULL, err, sizeof err) &&
                  strstr(err, "levels: expected an integer"), "levels string: %s", err);
        t = "{\"levels\": 10, \"checks\": [], \"extra\": 1}";
        CHECK(!expect_parse(&set, t, strlen(t), "x.json", NULL, err, sizeof err) &&
                  strstr(err, "x.json: unknown key \"extra\""), "unknown top key: %s", err);
        t = "{\"levels\": 10, \"checks\": []}";
        CHECK(!expect_parse(&set, t, strlen(t), "x.json", NULL, err, sizeof err) &&
                  strstr(err, "no checks"), "empty: %s", err);
    }
    /* missing keys and wrong types */
    bad("{\"name\": \"a\", \"family\": \"f\", \"source\": \"wiki\", \"observation\": \"type\", " SAMPLE
        ", \"expected\": {}}", "checks[0].test: missing key");
    bad("{" HEAD "\"observation\": 3, " SAMPLE ", \"test\": \"exact\", \"expected\": {}}",
        "checks[0].observation: expected a string");
    bad("{" HEAD ARENA ", \"enabled\": \"no\"}", "checks[0].enabled: expected true or false");
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": null, \"dlevel\": 10}, "
        "\"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}",
        "checks[0].sample.difficulty: missing key");
    bad("{" HEAD ARENA ", \"knwon_discrepancy\": \"typo\"}", "checks[0]: unknown key \"knwon_discrepancy\" (did you mean \"known_discrepancy\"?)");
    bad("{" HEAD ARENA ", \"known_discrepancy\": \"\"}", "give the reason");
    bad("{" HEAD ARENA ", \"enabled\": false}", "checks[0].pending: missing key");
    bad("{" HEAD ARENA ", \"pending\": \"x\"}", "belongs to disabled checks");
    bad("{" HEAD ARENA "}, {" HEAD ARENA "}", "checks[1].name: 'a' is also the name of checks[0]");
    /* probabilities */
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"proportion\", "
        "\"expected\": {\"bins\": [\"arena\"], \"p\": 1.2}}",
        "checks[0].expected.p: probability 1.2 is outside [0, 1]");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"proportion\", "
        "\"expected\": {\"bins\": [\"arena\"], \"p\": [5, 4]}}", "probability 5/4 is outside [0, 1]");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"proportion\", "
        "\"expected\": {\"bins\": [\"arena\"], \"p\": -0.1}}", "outside [0, 1]");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"distribution\", "
        "\"expected\": {\"normal\": [1, 2], \"caves\": [1, 3]}}", "checks[0].expected: probabilities sum to");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"distribution\", "
        "\"expected\": {\"normal\": 0.5, \"caves\": 0.5000001}}", "sum to");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"distribution\", "
        "\"expected\": {\"normal\": \"half\", \"caves\": [1, 2]}}", "expected a probability");
    /* names the tally and the CLI do not know */
    bad("{" HEAD "\"observation\": \"river_colour\", " SAMPLE ", \"test\": \"exact\", "
        "\"expected\": {\"value\": 1}}", "checks[0].observation: 'river_colour' is not a histogram");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"proportion\", "
        "\"expected\": {\"bins\": [\"dungeon\"], \"p\": 0.5}}", "'dungeon' is not a bin of type");
    bad("{" HEAD "\"observation\": \"river_count\", " SAMPLE ", \"test\": \"distribution\", "
        "\"expected\": {\"1\": 0.5, \"9\": 0.5}}", "'9' is not a bin of river_count (bins: 0..3)");
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": \"dungeon\", \"dlevel\": 3, "
        "\"difficulty\": 3}, \"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}",
        "checks[0].sample.type: unknown level type 'dungeon'");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"types\": [\"caves\", \"cavern\"], "
        "\"test\": \"exact\", \"expected\": {\"value\": \"caves\"}}",
        "checks[0].types[1]: unknown level type 'cavern'");
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": \"maze\", \"dlevel\": 10, "
        "\"difficulty\": 3}, \"types\": [\"caves\"], \"test\": \"exact\", \"expected\": {\"value\": \"caves\"}}",
        "the sample's type maze is not listed");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"source\": \"forum\", \"test\": \"exact\", "
        "\"expected\": {\"value\": \"caves\"}}", "checks[0]: key \"source\" appears twice");
    bad("{\"name\": \"a\", \"family\": \"f\", \"source\": \"forum\", \"observation\": \"type\", "
        SAMPLE ", \"test\": \"exact\", \"expected\": {\"value\": \"caves\"}}",
        "checks[0].source: 'forum' is not wiki, game or decision");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"median\", \"expected\": {}}",
        "'median' is not distribution, proportion, exact, range or less");
    /* dlevel and difficulty */
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": null, \"dlevel\": 0, "
        "\"difficulty\": 3}, \"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}",
        "checks[0].sample.dlevel: 0 is outside 1..1000");
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": null, \"dlevel\": [9, 4], "
        "\"difficulty\": 3}, \"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}",
        "empty range 9..4");
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": null, \"dlevel\": [1, 500], "
        "\"difficulty\": 3}, \"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}",
        "wider than");
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": null, \"dlevel\": 2.5, "
        "\"difficulty\": 3}, \"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}",
        "expected an integer");
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": null, \"dlevel\": 4, "
        "\"difficulty\": 6}, \"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}",
        "checks[0].sample.difficulty: 6 is outside 1..5");
    bad("{" HEAD "\"observation\": \"type\", \"sample\": {\"type\": null, \"dlevel\": 4, "
        "\"difficulty\": 3, \"levels\": 0}, \"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}",
        "checks[0].sample.levels: 0 is outside");
    /* tests that do not fit their histogram */
    bad("{" HEAD "\"observation\": \"budget\", " SAMPLE ", \"test\": \"distribution\", "
        "\"expected\": {\"1\": 1}}", "takes only exact, range or less tests");
    bad("{" HEAD "\"observation\": \"river_fluid\", " SAMPLE ", \"test\": \"range\", "
        "\"expected\": {\"min\": 0, \"max\": 1}}", "a range needs an integer histogram");
    bad("{" HEAD "\"observation\": \"river_count\", " SAMPLE ", \"test\": \"exact\", "
        "\"expected\": {\"value\": 3}}", "bin 3 is the last of river_count");
    bad("{" HEAD "\"observation\": \"room_width\", " SAMPLE ", \"test\": \"range\", "
        "\"expected\": {\"min\": 9, \"max\": 4}}", "empty range 9..4");
    bad("{" HEAD "\"observation\": \"river_count\", " SAMPLE ", \"given\": [\"1\", \"2\"], "
        "\"test\": \"distribution\", \"expected\": {\"1\": 0.5, \"3\": 0.5}}",
        "checks[0].expected.3: bin is not among \"given\"");
    bad("{" HEAD "\"observation\": \"river_count\", " SAMPLE ", \"given\": [\"1\", \"1\"], "
        "\"test\": \"exact\", \"expected\": {\"value\": 1}}", "checks[0].given[1]: bin listed twice");
    bad("{" HEAD "\"observation\": \"type\", " SAMPLE ", \"test\": \"proportion\", "
        "\"expected\": {\"bins\": [\"arena\"], \"p\": 0.5, \"q\": 1}}", "checks[0].expected: unknown key \"q\"");
}

/* Bins the tables name (tables_t.bin_names): each ruleset's own names,
 * untouched by another ruleset loaded after it; without names, numbers;
 * bins the data does not use keep their numbers; bad namings are refused. */
static void test_data_names(void)
{
    char b1[32], b2[32];
    const int hc = tally_hist_index("cave_outcome"), hs = tally_hist_index("single_outcome"),
              hm = tally_hist_index("monsters_by_kind"), hf = tally_hist_index("first_monster");
    CHECK(hc >= 0 && hs >= 0 && hm >= 0 && hf >= 0, "data-named histograms exist");
    if (hc < 0 || hs < 0 || hm < 0 || hf < 0)
        return;
    CHECK(strcmp(tally_bin_label(NULL, hc, 1, b1, sizeof b1), "1") == 0 &&
              !tally_bin_named(NULL, hc, 1) && tally_hist_labelled(hc),
          "without names, cave_outcome bin 1 is '1'");
    const tables_t *w = test_tables(RULESET_WIKI), *g = test_tables(RULESET_GAME);
    CHECK(w && g, "tables load");
    if (!w || !g)
        return;
    const pop_tables_t *t = w->pop;
    const tally_names_t *wn = w->bin_names, *gn = g->bin_names;
    int bad = 0;
    for (int i = 0; i < t->caves.noutcomes; i++)
        bad += strcmp(tally_bin_label(wn, hc, i, b1, sizeof b1), t->caves.outcome[i].name) != 0;
    for (int i = 0; i < t->single.noutcomes; i++)
        bad += strcmp(tally_bin_label(wn, hs, i, b1, sizeof b1), t->single.outcome[i].name) != 0;
    for (int i = 0; i < t->monsters->n; i++) {
        bad += strcmp(tally_bin_label(wn, hm, i, b1, sizeof b1), t->monsters->kind[i].id) != 0;
        bad += strcmp(tally_bin_label(wn, hf, i, b1, sizeof b1), t->monsters->kind[i].id) != 0;
    }
    CHECK(bad == 0, "the wiki's outcome rows and monster ids name its bins, the game's tables "
                    "loaded after it (%d differ)", bad);
    bad = 0;
    int differ = 0;
    for (int i = 0; i < g->monsters->n; i++) {
        bad += strcmp(tally_bin_label(gn, hm, i, b1, sizeof b1), g->monsters->kind[i].id) != 0;
        differ += i >= t->monsters->n || strcmp(g->monsters->kind[i].id, t->monsters->kind[i].id);
    }
    for (int i = 0; i < g->gpop->single.noutcomes; i++)
        bad += strcmp(tally_bin_label(gn, hs, i, b1, sizeof b1), g->gpop->single.outcome[i].name);
    CHECK(bad == 0 && differ > 0 && !tally_bin_named(gn, hc, 0),
          "the game's own monster ids (%d differ from the wiki's) and single-monster rows name "
          "its bins, and it names no cave outcome (%d differ)", differ, bad);
    const int unused = t->caves.noutcomes;
    snprintf(b2, sizeof b2, "%d", unused);
    CHECK(!tally_bin_named(wn, hc, unused) &&
              strcmp(tally_bin_label(wn, hc, unused, b1, sizeof b1), b2) == 0,
          "an outcome bin the data does not use keeps its number");
    tally_names_t mine = *wn;
    const char *dup[] = {"a", "b", "a"}, *empty[] = {"a", ""}, *ok[] = {"x"};
    CHECK(!tally_name_bins(&mine, "cave_outcome", dup, 3), "repeated names refused");
    CHECK(!tally_name_bins(&mine, "cave_outcome", empty, 2), "empty name refused");
    const char *digits[] = {"a", "12"};
    CHECK(!tally_name_bins(&mine, "cave_outcome", digits, 2), "a name of digits only refused");
    CHECK(!tally_name_bins(&mine, "rooms", ok, 1), "a histogram the data does not name refused");
    CHECK(!tally_name_bins(&mine, "single_outcome", (const char *const[17]){0}, 17),
          "too many names refused");
    CHECK(memcmp(&mine, wn, sizeof mine) == 0, "refused namings change nothing");
    CHECK(tally_name_bins(&mine, "cave_outcome", ok, 1) &&
              strcmp(tally_bin_label(&mine, hc, 0, b1, sizeof b1), "x") == 0 &&
              !tally_bin_named(&mine, hc, 1) &&
              strcmp(tally_bin_label(wn, hc, 0, b1, sizeof b1), t->caves.outcome[0].name) == 0,
          "a naming names the bins of its own value only");
}

/* A file with "base" gets its base's checks less those it drops
 * (docs/expectations.md): game-0.10.10b's over game-0.9.9.7's. */
static void test_base(void)
{
    const tables_t *g = test_tables(RULESET_GAME), *g10 = test_tables(RULESET_GAME10);
    CHECK(g && g10, "game tables load");
    if (!g || !g10)
        return;
    char err[512];
    expect_set_t base, set;
    bool ok = expect_load(&base, NULL, g, err, sizeof err);
    CHECK(ok, "game-0.9.9.7's checks load: %s", ok ? "" : err);
    ok = ok && expect_load(&set, NULL, g10, err, sizeof err);
    CHECK(ok, "game-0.10.10b's checks load with its base: %s", ok ? "" : err);
    if (!ok)
        return;
    int inherited = 0, own = 0, dropped = 0;
    for (int i = 0; i < set.n; i++) {
        bool in_base = false;
        for (int j = 0; j < base.n && !in_base; j++)
            in_base = strcmp(set.check[i].name, base.check[j].name) == 0;
        inherited += in_base && strcmp(set.check[i].family, "game-type") != 0;
        own += !in_base;
        dropped += strcmp(set.check[i].name, "ammo-stacks") == 0 ||
                   strcmp(set.check[i].family, "game-budget") == 0;
    }
    CHECK(inherited > 50 && own > 50 && dropped == 0,
          "inherited %d checks, %d of its own, none it drops", inherited, own);
    expect_free(&base);
    expect_free(&set);
    const char *bad = "{\"levels\": 10, \"base\": {\"rules\": \"no-such\", \"drop\": []},"
                      " \"checks\": [{\"name\": \"a\", \"family\": \"f\", \"source\": \"game\","
                      " \"observation\": \"type\", \"sample\": {\"type\": null, \"dlevel\": 3,"
                      " \"difficulty\": 1}, \"test\": \"exact\", \"expected\": {\"value\": \"normal\"}}]}";
    CHECK(!expect_parse(&set, bad, strlen(bad), "t", NULL, err, sizeof err) &&
              strstr(err, "base.rules"),
          "an unknown base is refused: %s", err);
}

int main(void)
{
    test_base();
    test_data_names();
    test_real_file();
    test_good();
    test_bad();
    return test_summary("expect");
}

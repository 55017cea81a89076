/* test_ruleset.c - level-type choice (docs/rules.md §2) and the ruleset loader.
 *
 * The expected shares are typed here from docs/rules.md §2, not read from
 * data/ruleset.json, so a wrong data file fails this test:
 *   dlevel < 3: normal; 3..5: 7/12, 2/12, 1/12, 1/12, 1/12 (normal, small rooms,
 *   warehouse, city, caves); >= 6: 2/11 each and maze 1/11; caves -> arena 1/4;
 *   dlevel > 15: any type -> single 1/25.
 * Chi-square goodness of fit over 10^6 draws per dlevel, alpha = 1e-4.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "level.h"
#include "jsonutil.h"
#include "ruleset.h"
#include "tables.h"
#include "testutil.h"

#define DRAWS 1000000
#define ALPHA 1e-4

static void spec_probs(int dlevel, bool single, double p[LT__COUNT])
{
    memset(p, 0, sizeof(double) * LT__COUNT);
    if (dlevel < 3) {
        p[LT_NORMAL] = 1;
    } else if (dlevel < 6) {
        p[LT_NORMAL] = 7.0 / 12;
        p[LT_SMALL_ROOMS] = 2.0 / 12;
        p[LT_WAREHOUSE] = p[LT_CITY] = 1.0 / 12;
        p[LT_CAVES] = 1.0 / 12 * 3 / 4;
        p[LT_ARENA] = 1.0 / 12 / 4;
    } else {
        p[LT_NORMAL] = p[LT_SMALL_ROOMS] = p[LT_WAREHOUSE] = p[LT_CITY] = 2.0 / 11;
        p[LT_CAVES] = 2.0 / 11 * 3 / 4;
        p[LT_ARENA] = 2.0 / 11 / 4;
        p[LT_MAZE] = 1.0 / 11;
    }
    if (single && dlevel > 15) {
        for (int t = 0; t < LT__COUNT; t++)
            p[t] *= 24.0 / 25;
        p[LT_SINGLE] = 1.0 / 25;
    }
}

static void distribution(const ruleset_t *rs, int dlevel, bool single)
{
    long counts[LT__COUNT] = {0};
    double p[LT__COUNT], q[LT__COUNT];
    rng_t r;
    for (int i = 0; i < DRAWS; i++) {
        rng_stream(&r, 2026, (uint64_t)i, RNG_TYPE);
        counts[ruleset_pick_type(rs, dlevel, DIFF_HMP, single, &r)]++;
    }
    spec_probs(dlevel, single, p);
    ruleset_type_probs(rs, dlevel, DIFF_HMP, single, q);
    bool same = true;
    for (int t = 0; t < LT__COUNT; t++)
        same &= q[t] > p[t] - 1e-12 && q[t] < p[t] + 1e-12;
    CHECK(same, "dlevel %d: ruleset_type_probs matches docs/rules.md §2", dlevel);
    double chi;
    int dof;
    double pv = test_chisq_p(counts, p, LT__COUNT, &chi, &dof);
    printf("dlevel %2d%s: chi2 = %8.2f dof = %d p = %.4f |", dlevel, single ? "" : " (no single)",
           chi, dof, pv);
    for (int t = 0; t < LT__COUNT; t++)
        printf(" %s %.4f", level_type_name((level_type_t)t), (double)counts[t] / DRAWS);
    printf("\n");
    CHECK(pv > ALPHA, "dlevel %d type shares fit docs/rules.md §2: p = %g", dlevel, pv);
}

static void bad(const char *json, const char *needle)
{
    ruleset_t rs;
    char err[512];
    bool ok = ruleset_parse(&rs, json, strlen(json), "bad.json", err, sizeof err);
    CHECK(!ok, "bad ruleset rejected: %s", json);
    CHECK(strstr(err, needle) != NULL && strncmp(err, "bad.json: ", 10) == 0,
          "message '%s' names the file and '%s'", err, needle);
}

static void loader(void)
{
    size_t len;
    char err[512];
    char *text = data_read("ruleset.json", &len, NULL, 0, err, sizeof err);
    CHECK(text != NULL, "embedded ruleset present");
    if (!text)
        return;
    bad("{", "malformed JSON");
    bad("[]", "expected a JSON object");
    /* found by fuzzing: a message quoting a key with "\n" stays one line */
    bad("{\"name\": \"x\", \"type_bands\": [{\"from\": 1, \"to\": null, "
        "\"weights\": {\"a\\nb\": 1}}]}", "weights: unknown level type \"a?b\"");
    /* Take the real file and break one thing at a time. */
    struct { const char *from, *to, *needle; } edits[] = {
        {"\"arena_from_caves\": [1, 4]", "\"arena_from_caves\": [5, 4]", "above 1"},
        {"\"arena_from_caves\": [1, 4]", "\"arena_from_caves\": [1, 0]", "outside"},
        {"\"above_dlevel\": 15", "\"above_dlevel\": \"15\"", "expected an integer"},
        {"\"from\": 3", "\"from\": 4", "without gaps"},
        {"\"maze\": 1 }", "\"mace\": 1 }",
         "type_bands[2].weights: unknown level type \"mace\" (did you mean \"maze\"?)"},
        /* found by fuzzing: a repeated key counted in the total only */
        {"\"maze\": 1 }", "\"maze\": 1, \"maze\": 2 }", "weighed twice"},
        {"\"danger_percent\": 150", "\"danger_percent\": -1", "outside"},
        {"\"river_style\": \"caves\"", "\"river_style\": \"lake\"", "lake"},
        {"\"rule\": \"formula\"", "\"rule\": \"many\"", "many"},
        /* strict keys: a misspelt key is named with the nearest known one */
        {"\"danger_percent\": 67", "\"danger_percnt\": 67",
         "bad.json: types.caves: unknown key \"danger_percnt\" (did you mean \"danger_percent\"?)"},
        {"\"arena_from_caves\"", "\"arena_from_cave\"",
         "bad.json: unknown key \"arena_from_cave\" (did you mean \"arena_from_caves\"?)"},
        {"\"above_dlevel\"", "\"above_dlvl\"",
         "single: unknown key \"above_dlvl\" (did you mean \"above_dlevel\"?)"},
        {"\"from\": 3", "\"fro\": 3", "type_bands[1]: unknown key \"fro\" (did you mean \"from\"?)"},
        {"\"small-rooms\": { \"river\"", "\"smallrooms\": { \"river\"",
         "types: unknown key \"smallrooms\" (did you mean \"small-rooms\"?)"},
        {"\"rule\": \"dice\"", "\"rul\": \"dice\"",
         "types.maze.items: unknown key \"rul\" (did you mean \"rule\"?)"},
        {"\"hunting\": [1, 2]", "\"hunting\": [1, 2], \"zzzz\": 1",
         "types.arena: unknown key \"zzzz\""},
        {"\"arena_from_caves\": [1, 4]", "\"arena_from_caves\": [1, 4], \"arena_from_caves\": [1, 2]",
         "key \"arena_from_caves\" appears twice"},
        /* keys a variant does not use would be ignored: refused too */
        {"\"rule\": \"formula\" }", "\"rule\": \"formula\", \"n\": 3 }",
         "types.normal.items: key \"n\" is not used by rule \"formula\""},
        {"\"river_style\": \"vertical_only\"",
         "\"river_style\": \"vertical_only\", \"river_horizontal\": [1, 2]",
         "types.city: key \"river_horizontal\" is not used by this river_style"},
    };
    char buf[16384];
    for (size_t k = 0; k < sizeof edits / sizeof edits[0]; k++) {
        const char *at = strstr(text, edits[k].from);
        CHECK(at != NULL, "edit %zu applies", k);
        if (!at || len + 64 > sizeof buf)
            continue;
        size_t pre = (size_t)(at - text);
        snprintf(buf, sizeof buf, "%.*s%s%s", (int)pre, text, edits[k].to,
                 at + strlen(edits[k].from));
        bad(buf, edits[k].needle);
    }
    free(text);
}

/* The game ruleset's registry, written here a second way: each generator's
 * ranged weight, min_dlevel and min_diff as docs/rules.md part G's
 * registry table states them [game: generators.lua], as code rather than
 * bands.  The file's draw must give exactly weight / total. */
static int game_weight(level_type_t t, int dl, int d)
{
    switch (t) {
    case LT_NORMAL: return dl <= 8 ? 100 : 50;
    case LT_MAZE: return dl >= 3 ? 20 : 0;
    case LT_CAVES: return dl < 3 ? 0 : dl >= 9 && dl <= 24 ? 30 : 20;
    case LT_CAVES_2: return dl >= 8 && d >= 2 ? 20 : 0;
    case LT_ARENA: return dl >= 8 && d >= 2 ? 6 : 0;
    case LT_WAREHOUSE: return dl >= 3 ? 25 : 0;
    case LT_SMALL_ROOMS: return dl >= 8 ? 40 : 0;
    case LT_CITY: return dl < 4 ? 0 : dl <= 8 ? 10 : 40;
    case LT_SINGLE: return dl >= 16 && d >= 2 ? 6 : 0;
    case LT_SINGLE_PLUS: return dl >= 50 && d >= 3 ? 1 : 0;
    case LT_LAVA: return dl < 12 || d < 2 ? 0 : dl <= 20 ? 10 : 20;
    default: return -1;
    }
}

static void game_registry(void)
{
    size_t len;
    char err[512];
    char *text = data_read("game-0.9.9.7/ruleset.json", &len, NULL, 0, err, sizeof err);
    CHECK(text != NULL, "embedded game ruleset present");
    if (!text)
        return;
    static ruleset_t rs;
    bool ok = ruleset_parse(&rs, text, len, "game.json", err, sizeof err);
    free(text);
    CHECK(ok, "game ruleset parses: %s", ok ? "" : err);
    if (!ok)
        return;
    CHECK(strcmp(rs.pipeline, "game") == 0 && !rs.replacements, "game pipeline, no replacements");
    bool all = true;
    for (int dl = 1; dl <= 60; dl++)
        for (int d = DIFF_ITYTD; d <= DIFF_NIGHTMARE; d++) {
            double p[LT__COUNT];
            ruleset_type_probs(&rs, dl, d, true, p);
            int total = 0;
            for (int t = 0; t < LT__COUNT; t++)
                total += game_weight((level_type_t)t, dl, d);
            for (int t = 0; t < LT__COUNT; t++) {
                double want = (double)game_weight((level_type_t)t, dl, d) / total;
                if (fabs(p[t] - want) > 1e-12) {
                    CHECK(false, "dlevel %d, difficulty %d, %s: %.6f, want %.6f", dl, d,
                          level_type_name((level_type_t)t), p[t], want);
                    all = false;
                }
            }
        }
    CHECK(all, "game registry: every type's share at dlevels 1-60, difficulties 1-5");
    /* Two of the registry's totals as the spec prints them: 241 at dlevel 8 on
     * HNTR and up, 205 at dlevels 9-24 on ITYTD. */
    double p[LT__COUNT];
    ruleset_type_probs(&rs, 8, DIFF_HNTR, true, p);
    CHECK(fabs(p[LT_NORMAL] - 100.0 / 241) < 1e-12, "dlevel 8: normal 100/241");
    ruleset_type_probs(&rs, 20, DIFF_ITYTD, true, p);
    CHECK(fabs(p[LT_CITY] - 40.0 / 205) < 1e-12, "dlevel 20 ITYTD: city 40/205");
    CHECK(rs.type[LT_MAZE].danger_ceil && rs.type[LT_MAZE].danger_percent == 150 &&
              !rs.type[LT_CAVES].danger_ceil && rs.type[LT_CAVES].danger_percent == 67,
          "budget modifiers: maze ceil 150%%, caves floor 67%%");
    CHECK(rs.type[LT_CITY].rooms_lo == 4 && rs.type[LT_CITY].rooms_hi == 12 &&
              rs.type[LT_NORMAL].rooms_lo == 4 && rs.type[LT_NORMAL].rooms_hi == 10,
          "special room counts 4..10, city 4..12");
    CHECK(rs.type[LT_NORMAL].fluid_chance.num == 60 && rs.type[LT_NORMAL].fluid_chance.den == 100 &&
              rs.type[LT_NORMAL].river.num == 60 && rs.type[LT_NORMAL].river.den == 100,
          "tiled: fluids 60%%, rivers 60%%");
    /* (a wiki-pipeline file naming a game type is the registry's to refuse:
     * tables_load, tests/robustness case game-ruleset-pipeline) */
}

/* The strict-key helpers of jsonutil (every loader uses them). */
static void strict_keys(void)
{
    static const struct { const char *a, *b; int d; } ED[] = {
        /* Levenshtein distances worked by hand: one edit per letter */
        {"", "", 0}, {"abc", "abc", 0}, {"", "abc", 3}, {"from", "fro", 1},
        {"danger_percent", "danger_percnt", 1}, {"kitten", "sitting", 3},
        {"percent", "percnet", 2}, {"maze", "mace", 1}, {"to", "ot", 2},
    };
    for (size_t i = 0; i < sizeof ED / sizeof ED[0]; i++) {
        int d = ju_edit_distance(ED[i].a, ED[i].b, 10);
        CHECK(d == ED[i].d, "distance(%s, %s) = %d, want %d", ED[i].a, ED[i].b, d, ED[i].d);
        CHECK(ju_edit_distance(ED[i].b, ED[i].a, 10) == d, "distance is symmetric");
        int capped = ju_edit_distance(ED[i].a, ED[i].b, 1);
        CHECK(capped == (d > 1 ? 2 : d), "distance(%s, %s) capped at 1: %d", ED[i].a, ED[i].b,
              capped);
    }
    static const char *const K[] = {"from", "to", "weights", "k", NULL};
    CHECK(ju_nearest("fron", K, 4) == K[0], "fron -> from");
    CHECK(ju_nearest("t", K, 4) == K[1], "t -> to");
    CHECK(ju_nearest("weihgts", K, 4) == K[2], "weihgts -> weights (distance 2)");
    CHECK(ju_nearest("wieghst", K, 4) == NULL, "no suggestion beyond distance 2");
    CHECK(ju_nearest("x", K, 4) == NULL, "x is no typo of k (every letter changed)");
    CHECK(ju_nearest("zzzz", K, 4) == NULL, "zzzz: no suggestion");
}

/* tables_id lists exactly the files tables_load read (tables.c's list is
 * the loaders' file names, typed twice: this holds the two equal), each with
 * the FNV-1a 64 hash of its bytes. */
static void table_ids(void)
{
    CHECK(data_hash("", 0) == UINT64_C(0xcbf29ce484222325), "FNV-1a 64 of nothing");
    CHECK(data_hash("a", 1) == UINT64_C(0xaf63dc4c8601ec8c), "FNV-1a 64 of \"a\"");
    CHECK(data_hash("foobar", 6) == UINT64_C(0x85944171f73967e8), "FNV-1a 64 of \"foobar\"");
    const tables_t *t = test_tables(NULL);
    CHECK(t != NULL, "tables load");
    if (!t)
        return;
    tables_id_t id;
    tables_id(t, &id);
    const int n = t->src.nread;
    CHECK(n == id.n, "%d files read, %d in the id", n, id.n);
    for (int i = 0; i < n; i++) {
        bool listed = false;
        for (int j = 0; j < id.n; j++)
            listed |= strcmp(t->src.read[i].name, id.file[j].name) == 0;
        CHECK(listed, "%s was read but is not in tables_id", t->src.read[i].name);
    }
    for (int j = 0; j < id.n; j++) {
        size_t len;
        const char *bytes = data_embedded(id.file[j].name, &len);
        CHECK(bytes && data_hash(bytes, len) == id.file[j].hash, "%s: hash of its bytes",
              id.file[j].name);
        CHECK(j == 0 || strcmp(id.file[j - 1].name, id.file[j].name) < 0, "names in order");
    }
    CHECK(strcmp(id.version, DRLSIM_VERSION) == 0, "version");
}

/* Write n bytes to dir/name; false when it cannot. */
static bool write_file(const char *dir, const char *name, const char *bytes, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(bytes, 1, n, f) == n;
    return f ? fclose(f) == 0 && ok : false;
}

/* Two data folders in one process are two table sets: the built-in data and
 * a copy of it whose dlevel 6+ band weighs maze 20 instead of 1
 * (data/ruleset.json), each generating its own levels.  At dlevel 8 the
 * band's shares are 1/11 maze against 20/30; single (1/25 above dlevel 15)
 * and arena (caves only) do not touch maze there, so of 2000 levels about
 * 182 against 1333 are mazes. */
static void two_folders(void)
{
    const tables_t *a = test_tables(NULL);
    char dir[] = "/tmp/drlsim-test-ruleset-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "temporary data folder");
    bool ok = true;
    for (int i = 0; a->src.files[i]; i++) {
        size_t len;
        const char *bytes = data_embedded(a->src.files[i], &len);
        if (strcmp(a->src.files[i], "ruleset.json") != 0) {
            ok &= bytes && write_file(dir, a->src.files[i], bytes, len);
            continue;
        }
        char *text = malloc(len + 1);
        memcpy(text, bytes, len);
        text[len] = '\0';
        char *maze = strstr(text, "\"maze\": 1 }");
        CHECK(maze != NULL, "ruleset.json weighs maze 1");
        char edited[16384];
        if (maze)
            snprintf(edited, sizeof edited, "%.*s\"maze\": 20 }%s", (int)(maze - text), text,
                     maze + strlen("\"maze\": 1 }"));
        ok &= maze && write_file(dir, "ruleset.json", edited, strlen(edited));
        free(text);
    }
    CHECK(ok, "the copy is written");
    char err[4600];
    tables_t *b = tables_load(NULL, dir, err, sizeof err);
    CHECK(b != NULL, "the copy loads: %s", b ? "" : err);
    if (!b)
        return;
    CHECK(b != a && b->rules != a->rules, "two values");
    const type_band_t *ba = ruleset_band(a->rules, 8), *bb = ruleset_band(b->rules, 8);
    CHECK(ba->weight[LT_MAZE] == 1 && bb->weight[LT_MAZE] == 20, "maze weighs 1 and 20");
    level_t *lv = malloc(sizeof *lv);
    gen_params_t pa, pb;
    gen_params_default(&pa, a);
    gen_params_default(&pb, b);
    pa.dlevel = pb.dlevel = 8;
    long maze_a = 0, maze_b = 0, same = 0;
    for (uint64_t i = 0; i < 2000; i++) {
        level_generate(lv, &pa, 1, i);
        const level_type_t ta = lv->type;
        maze_a += ta == LT_MAZE;
        level_generate(lv, &pb, 1, i);
        maze_b += lv->type == LT_MAZE;
        same += lv->type == ta;
    }
    /* 182 +- 5 sigma (sqrt(2000 * 1/11 * 10/11) = 12.9), 1333 +- 5 * 21.1 */
    CHECK(maze_a > 117 && maze_a < 247, "built-in data: %ld mazes of 2000", maze_a);
    CHECK(maze_b > 1228 && maze_b < 1438, "the copy: %ld mazes of 2000", maze_b);
    CHECK(same < 2000, "the two folders' levels differ (%ld of 2000 alike)", same);
    free(lv);
    tables_close(b);
    char path[512];
    for (int i = 0; a->src.files[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, a->src.files[i]);
        remove(path);
    }
    remove(dir);
}

int main(void)
{
    const ruleset_t *rs = test_tables(NULL)->rules;
    CHECK(rs != NULL, "default ruleset loads");
    if (!rs)
        return test_summary("ruleset");
    static const int DL[] = {1, 2, 3, 5, 6, 15, 16, 25};
    for (size_t i = 0; i < sizeof DL / sizeof DL[0]; i++)
        distribution(rs, DL[i], true);
    distribution(rs, 25, false);
    CHECK(level_type_from_name("small-rooms") == LT_SMALL_ROOMS, "type names");
    CHECK(level_type_from_name("smallrooms") == -1, "unknown type name");
    CHECK(level_type_from_name("caves_2") == LT_CAVES_2, "'_' read as '-'");
    CHECK(!rs->has_type[LT_LAVA] && rs->has_type[LT_SINGLE], "the wiki ruleset's types");
    loader();
    strict_keys();
    table_ids();
    two_folders();
    game_registry();
    return test_summary("ruleset");
}

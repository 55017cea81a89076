/* cmd_errata.c - `drlsim errata`: the wiki's claims, tried on the released game.
 *
 * Every check of the wiki ruleset's expectations (data/expectations.json) is
 * run on levels of a game ruleset (--rules: any registry entry that names
 * the ruleset of its claims; default the newest, the current release): the
 * same samples, the same tests (check.c), but the levels come from the
 * game's generator.  A check that
 * passes says the game agrees with the wiki's claim, one that fails says it
 * differs; a check whose sample or observation the game never produces (a
 * type the game does not make at that dlevel, a roll the game does not draw)
 * is "not in the game".  Known discrepancies of the wiki ruleset do not apply:
 * the game is tried against the wiki's words.  Each result carries one line of
 * why from the ruleset's errata file, data/RULESET/errata.json (by check, else
 * by family), and the game's exact value where its rules give one; a file may
 * inherit another ruleset's ("inherits") and give only what changed.
 *
 * The expectations are read under the wiki's tables (their bin names are the
 * wiki's), then the bins named by monster ids or single-monster outcome names
 * are moved to the game's tables' indices by name, and those checks' bins go
 * by the game's names; a bin the game does not have makes its check "not in
 * the game".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <gsl/gsl_errno.h>

#include "check.h"
#include "check_report.h"
#include "cli.h"
#include "cluster.h"
#include "commands.h"
#include "data.h"
#include "jsonutil.h"
#include "junit.h"
#include "opts.h"
#include "outfile.h"
#include "report_html.h"
#include "report.h"
#include "strbuf.h"
#include "tables.h"
#include "tally.h"

#define ERRATA_DEFAULT_ALPHA 1e-4 /* per family, after Holm: the check's own */
/* the why of each claim: its ruleset's errata file (registry.h) */

typedef enum errata_verdict { E_AGREES = 0, E_DIFFERS, E_ABSENT, E__COUNT } errata_verdict_t;
static const char *const E_NAME[E__COUNT] = {"agrees", "differs", "not in the game"};

typedef opt_checks_t opts_t; /* errata takes the checks' options, no others */

/* The ruleset errata tries the claims on by default: the newest that has
 * claims to try (the registry lists the rulesets oldest first). */
static const ruleset_def_t *default_game(void)
{
    const ruleset_def_t *d = NULL;
    for (int i = 0; RULESET_DEFS[i]; i++)
        if (RULESET_DEFS[i]->claims)
            d = RULESET_DEFS[i];
    return d;
}

/* "game-0.9.9.7, game-0.10.10b": the rulesets --rules takes. */
static void game_names(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; RULESET_DEFS[i] && used < n; i++)
        if (RULESET_DEFS[i]->claims) {
            int k = snprintf(buf + used, n - used, "%s%s", used ? ", " : "",
                             RULESET_DEFS[i]->name);
            used += k > 0 ? (size_t)k : 0;
        }
}

static void usage(FILE *out)
{
    char games[160];
    game_names(games, sizeof games);
    const ruleset_def_t *d = default_game();
    fprintf(out,
            "usage: drlsim errata [--rules NAME] [--scale F] [--seed S] [--alpha A]\n"
            "                     [--threads K] [--json FILE] [--markdown FILE]\n"
            "                     [--junit FILE] [--html FILE] [--only TEXT] [--data DIR]\n"
            "                     [--style ID]\n"
            "                     [--progress auto|always|never]\n"
            "\n"
            "Try every claim of the wiki ruleset's checks (data/expectations.json) on a\n"
            "game ruleset's generator: the same samples and tests as `drlsim check`,\n"
            "levels made by the game's rules.  Each check is listed with what the wiki\n"
            "says, the game's exact value where its rules give one, what the game does\n"
            "(measured, with its 95%% interval), the verdict (agrees, differs, or not in\n"
            "the game: the game never makes that sample or draws that roll), its p-value\n"
            "and effect, and one line of why (data/RULESET/errata.json;\n"
            "docs/rulesets.md).\n"
            "\n"
            "  --rules NAME     the game ruleset to try the claims on (docs/rulesets.md),\n"
            "                   one of: %s\n"
            "                   (default %s, the current release)\n"
            "  --scale F        multiply every sample's levels by F (default 1)\n"
            "  --seed S         master seed (default 0)\n"
            "  --alpha A        significance level per family, Holm (default %g)\n"
            "  --threads K      worker threads (default: OMP_NUM_THREADS if set, else all\n"
            "                   cores); results do not depend on it\n"
            "  --json FILE      write the results as JSON ('-': stdout, no table)\n"
            "  --markdown FILE  write the results as Markdown ('-': stdout, no table)\n"
            "  --junit FILE     write the results as JUnit XML for CI: a test case per check,\n"
            "                   'differs' a failure, 'not in the game' skipped ('-': stdout)\n"
            "  --html FILE      write one HTML page: per family, what the wiki says against\n"
            "                   what the game does, with a gnuplot picture (needs gnuplot)\n"
            "  --only TEXT      only the checks whose name or family contains TEXT\n"
            "  --data DIR       the game ruleset's tables from DIR: a data tree, or a\n"
            "                   folder whose manifest.json builds a ruleset on one (then\n"
            "                   the default ruleset is the folder's)\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            OPT_STYLE_HELP
            "\n"
            "SIGINT or SIGTERM stops the run: nothing is written, exit status 130.\n",
            games, d ? d->name : "-", ERRATA_DEFAULT_ALPHA);
    fputs(CLI_EXIT_HELP, out);
}

/* The table's struct: the options and the data folder. */
typedef struct errata_args {
    opts_t o;
    const char *data_dir;
    const char *rules; /* --rules, or NULL */
} errata_args_t;

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_CHECKS(errata_args_t, o),
    OPT_DATA(errata_args_t, data_dir),
    OPT_RULES(errata_args_t, rules),
    {.name = NULL},
};

static const cli_cmd_t CMD = {"errata", OPTS, usage, 0, 0};

/* The reports asked for, in the order their paths are checked. */
#define OUTPUTS(o) {(o)->json, (o)->markdown, (o)->junit, (o)->html}

/* cli_parse's answer: CLI_GO_ON, or the exit status. */
static int parse_opts(int argc, char **argv, opts_t *o, const char **data_dir,
                      const char **rules)
{
    errata_args_t a = {.data_dir = NULL, .rules = NULL};
    opt_checks_default(&a.o, ERRATA_DEFAULT_ALPHA);
    cli_t c;
    int rc = cli_parse(&c, &CMD, argc, argv, &a);
    if (rc != CLI_GO_ON)
        return rc;
    *o = a.o;
    *data_dir = a.data_dir;
    *rules = a.rules;
    if (a.rules && !registry_find(a.rules)->claims) {
        char games[160];
        game_names(games, sizeof games);
        cli_error(&c, "--rules %s: a ruleset with no claims to try on it (the wiki's claims "
                      "are tried on %s)", a.rules, games);
        return CLI_EXIT_USAGE;
    }
    const char *outs[] = OUTPUTS(o);
    if (opt_to_stdout(outs, 4) > 1) {
        cli_error(&c, "only one of --json, --markdown, --junit and --html can write to stdout ('-')");
        return CLI_EXIT_USAGE;
    }
    if ((rc = opt_outputs_check(outs, 4)) != 0 || (rc = opt_threads(&c, &o->d.threads)) != 0)
        return rc;
    if (o->html && report_html_ready("errata") != 0)
        return CLI_EXIT_IO; /* the page could not be written */
    return CLI_GO_ON;
}

/* ---- bins named by the tables ------------------------------------------ */

/* Move a check's per-bin arrays from the wiki's bin order to the game's:
 * to[i] is the game's bin of wiki bin i, -1 when the game has none.  False
 * when a bin the check looks at has no game bin. */
static bool move_bins(expect_check_t *e, const int *to, int nto)
{
    bool whole = true;
    uint8_t *given = calloc((size_t)e->nbins, 1), *hit = calloc((size_t)e->nbins, 1);
    double *prob = calloc((size_t)e->nbins, sizeof *prob);
    if (!given || !hit || !prob) {
        free(given);
        free(hit);
        free(prob);
        return false;
    }
    for (int i = 0; i < e->nbins; i++) {
        bool used = (e->hit && e->hit[i]) || (e->prob && e->prob[i] > 0);
        int j = i < nto ? to[i] : -1;
        if (j < 0) {
            whole = whole && !used;
            continue;
        }
        /* several wiki bins may be one game bin: their shares add */
        given[j] |= e->given ? e->given[i] : 1;
        hit[j] |= e->hit ? e->hit[i] : 0;
        prob[j] += e->prob ? e->prob[i] : 0;
    }
    if (e->given)
        memcpy(e->given, given, (size_t)e->nbins);
    if (e->hit)
        memcpy(e->hit, hit, (size_t)e->nbins);
    if (e->prob)
        memcpy(e->prob, prob, (size_t)e->nbins * sizeof *prob);
    free(given);
    free(hit);
    free(prob);
    return whole;
}

/* The game bin of every wiki bin of the histograms the tables name: monster
 * ids (monsters_by_kind, first_monster) and single-monster outcomes (by the
 * errata file's "single_outcomes": wiki row name -> game row name); a moved
 * check's bins are then named by the game's tables. */
static void remap(expect_set_t *set, const tables_t *wiki, const tables_t *game,
                  const cJSON *outcomes, bool *absent)
{
    int mon[MONSTER_KINDS_MAX], out[MONSTER_KINDS_MAX];
    for (int i = 0; i < MONSTER_KINDS_MAX; i++) {
        mon[i] = i < wiki->monsters->n ? monsters_find(game->monsters, wiki->monsters->kind[i].id)
                                       : -1;
        out[i] = -1;
        /* the outcome rows' names are the bins' names of single_outcome */
        const char *const *from = wiki->bin_names->bin[TALLY_NAMED_SINGLE_OUTCOME];
        const char *const *into = game->bin_names->bin[TALLY_NAMED_SINGLE_OUTCOME];
        const cJSON *to = from[i] ? cJSON_GetObjectItemCaseSensitive(outcomes, from[i]) : NULL;
        for (int j = 0; cJSON_IsString(to) && j < MONSTER_KINDS_MAX && into[j]; j++)
            if (strcmp(to->valuestring, into[j]) == 0)
                out[i] = j;
    }
    const int h_kind = tally_hist_index("monsters_by_kind"),
              h_first = tally_hist_index("first_monster"),
              h_single = tally_hist_index("single_outcome");
    for (int i = 0; i < set->n; i++) {
        expect_check_t *e = &set->check[i];
        if (e->hist == h_kind || e->hist == h_first)
            absent[i] = !move_bins(e, mon, MONSTER_KINDS_MAX);
        else if (e->hist == h_single)
            absent[i] = !move_bins(e, out, MONSTER_KINDS_MAX);
        else
            continue;
        e->names = game->bin_names;
    }
}

/* ---- why ---------------------------------------------------------------- */

/* How many files a chain of "inherits" may read: a file, its base's, ... */
#define ERRATA_INHERIT_MAX 4

typedef struct why_table {
    cJSON *root; /* {"families": {F: text}, "checks": {NAME: {"why": text, "game": text}},
                    "single_outcomes": {WIKI ROW: GAME ROW}}, inheritance resolved */
} why_table_t;

/* Overlay `over`'s entries on `into` (both objects): an entry replaces the
 * one of its name, null removes it; with `fields`, each entry is an object
 * whose fields are overlaid the same way (a check's why and game). */
static void overlay(cJSON *into, const cJSON *over, bool fields)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, over)
    {
        cJSON *old = cJSON_GetObjectItemCaseSensitive(into, it->string);
        if (fields && cJSON_IsObject(old) && cJSON_IsObject(it)) {
            overlay(old, it, false);
            continue;
        }
        cJSON_DeleteItemFromObjectCaseSensitive(into, it->string);
        if (cJSON_IsNull(it))
            continue;
        cJSON *copy = cJSON_Duplicate(it, true);
        if (fields) { /* a new check's null fields are nothing to remove */
            for (cJSON *f = copy ? copy->child : NULL, *next; f; f = next) {
                next = f->next;
                if (cJSON_IsNull(f))
                    cJSON_DeleteItemFromObjectCaseSensitive(copy, f->string);
            }
        }
        cJSON_AddItemToObject(into, it->string, copy);
    }
}

/* Is `name` a check (families: a family) of the claims? */
static bool claims_have(const expect_set_t *set, const char *name, bool family)
{
    for (int i = 0; i < set->n; i++)
        if (strcmp(family ? set->check[i].family : set->check[i].name, name) == 0)
            return true;
    return false;
}

/* Read and validate the errata file of ruleset def from src (the root the
 * tried ruleset's tables come from; depth 0: its own file, as its tables
 * read it), then the file it inherits, overlaid by this one.  NULL with a
 * one-line error in err. */
static cJSON *why_read(const tables_t *game, const ruleset_def_t *def, int depth,
                       const expect_set_t *set, char *err, size_t errlen)
{
    size_t len;
    char origin[256];
    char *text;
    if (depth == 0) {
        text = tables_read(game, def->errata, &len, origin, sizeof origin, err, errlen);
    } else { /* the inherited ruleset's folder under the same data root */
        data_src_t src = game->src;
        src.folder = def->folder;
        src.files = def->files;
        src.overlay = NULL;
        src.replaced = NULL;
        text = data_src_read(&src, def->errata, &len, origin, sizeof origin, err, errlen);
    }
    if (!text)
        return NULL;
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    static const char *const TOP[] = {"comment", "inherits", "families", "checks",
                                      "single_outcomes", NULL};
    cJSON *root = ju_parse_object(&ju, text, len, TOP);
    free(text);
    if (!root)
        return NULL;
    const cJSON *f = ju_object(&ju, root, "", "families");
    const cJSON *c = ju_object(&ju, root, "", "checks");
    const cJSON *it;
    cJSON_ArrayForEach(it, f)
    {
        if (ju.failed || strcmp(it->string, "comment") == 0)
            continue;
        if (!cJSON_IsString(it) && !cJSON_IsNull(it))
            ju_fail(&ju, "families", "%s: expected a string (or null: no why)", it->string);
        else if (!claims_have(set, it->string, true))
            ju_fail(&ju, "families", "%s: no family of that name among the checks of %s",
                    it->string, def->claims);
    }
    const cJSON *so = cJSON_GetObjectItemCaseSensitive(root, "single_outcomes")
                          ? ju_object(&ju, root, "", "single_outcomes")
                          : NULL;
    cJSON_ArrayForEach(it, so)
    {
        if (!ju.failed && !cJSON_IsString(it) && !cJSON_IsNull(it))
            ju_fail(&ju, "single_outcomes", "%s: expected a game outcome name", it->string);
    }
    static const char *const CK[] = {"why", "game", "comment", NULL};
    cJSON_ArrayForEach(it, c)
    {
        if (ju.failed)
            break;
        char path[160];
        snprintf(path, sizeof path, "checks.%.140s", it->string);
        if (!cJSON_IsObject(it)) {
            ju_fail(&ju, path, "expected an object with \"why\" and \"game\"");
            break;
        }
        ju_keys(&ju, it, path, CK);
        const cJSON *w;
        cJSON_ArrayForEach(w, it)
        {
            if (!ju.failed && !cJSON_IsString(w) && !cJSON_IsNull(w))
                ju_fail(&ju, path, "%s: expected a string (or null: none)", w->string);
        }
        if (!ju.failed && !claims_have(set, it->string, false))
            ju_fail(&ju, path, "no check of that name among the checks of %s", def->claims);
    }
    /* "inherits": the ruleset whose file this one overlays */
    const cJSON *inh = cJSON_GetObjectItemCaseSensitive(root, "inherits");
    const ruleset_def_t *base = NULL;
    if (!ju.failed && inh) {
        const char *name = ju_string(&ju, root, "", "inherits");
        base = ju.failed ? NULL : registry_find(name);
        if (!ju.failed && (!base || !base->errata || base == def))
            ju_fail(&ju, "inherits", "\"%s\" is not another ruleset with an errata file", name);
        else if (!ju.failed && depth + 1 >= ERRATA_INHERIT_MAX)
            ju_fail(&ju, "inherits", "more than %d files inherit one from another",
                    ERRATA_INHERIT_MAX);
    }
    if (ju.failed) {
        cJSON_Delete(root);
        return NULL;
    }
    if (!base)
        return root;
    cJSON *under = why_read(game, base, depth + 1, set, err, errlen);
    if (!under) {
        cJSON_Delete(root);
        return NULL;
    }
    static const char *const PARTS[] = {"families", "checks", "single_outcomes"};
    for (int k = 0; k < 3; k++) {
        cJSON *into = cJSON_GetObjectItemCaseSensitive(under, PARTS[k]);
        if (!into)
            into = cJSON_AddObjectToObject(under, PARTS[k]);
        overlay(into, cJSON_GetObjectItemCaseSensitive(root, PARTS[k]), k == 1);
    }
    cJSON_Delete(root);
    return under;
}

/* The why of each claim tried on `game`: its ruleset's errata file, with
 * the files it inherits; none when the ruleset has no errata file. */
static bool why_load(why_table_t *w, const tables_t *game, const expect_set_t *set, char *err,
                     size_t errlen)
{
    w->root = game->def->errata ? why_read(game, game->def, 0, set, err, errlen)
                                : cJSON_CreateObject();
    return w->root != NULL;
}

static const char *why_of(const why_table_t *w, const expect_check_t *e, const char *key)
{
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(w->root, "checks"), e->name);
    const cJSON *s = c ? cJSON_GetObjectItemCaseSensitive(c, key) : NULL;
    if (cJSON_IsString(s))
        return s->valuestring;
    if (strcmp(key, "why") != 0)
        return NULL;
    s = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(w->root, "families"),
                                         e->family);
    return cJSON_IsString(s) ? s->valuestring : NULL;
}

/* ---- the run ------------------------------------------------------------ */

static bool selected(const expect_check_t *e, const opts_t *o)
{
    return e->enabled &&
           (!o->only || strstr(e->name, o->only) || strstr(e->family, o->only));
}

/* The errata verdict of a check run on the game's levels. */
static errata_verdict_t verdict_of(const check_result_t *r, bool absent)
{
    if (absent || r->n == 0 || strncmp(r->reason, "no observations", 15) == 0)
        return E_ABSENT;
    switch (r->v) {
    case VERDICT_PASS:
    case VERDICT_XPASS: /* the wiki's words hold although drlsim's reading departs */
        return E_AGREES;
    case VERDICT_FAIL:
    case VERDICT_XFAIL:
        return E_DIFFERS;
    default:
        return E_ABSENT;
    }
}

/* Markdown: a header saying what made it (the ruleset, its source, the
 * command, the tables and their hashes: what tests/errata_test.sh holds the
 * committed pages to), then per family a table of the checks. */
static char *markdown(const cJSON *rep)
{
    strbuf_t b = {0};
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(rep, "summary");
    const char *game = ju_text(s, "game_rules");
    sb_printf(&b,
              "# Errata: the wiki's claims on %s\n\n"
              "Every check of the wiki ruleset (docs/expectations.md), run on levels of the\n"
              "%s ruleset (docs/rulesets.md) by `drlsim errata`: %d agree, %d differ, %d are "
              "not in the game (%.0f levels, seed %s, alpha %g per family after Holm).\n\n"
              "The ruleset's source: %s.\n\n"
              "\"exactly\" is the game's own value where its rules give one, \"measured\" "
              "what its levels show (a share with its 95%% interval), \"why\" the rule that "
              "makes the game agree or differ (docs/rules.md).\n\n"
              "Made by `",
              game, game, (int)ju_value(s, "agrees"), (int)ju_value(s, "differs"),
              (int)ju_value(s, "not_in_the_game"), ju_value(s, "levels"),
              ju_text(s, "seed_text"), ju_value(s, "alpha"), ju_text(s, "rules_source"));
    const cJSON *a;
    bool first = true;
    cJSON_ArrayForEach(a, cJSON_GetObjectItemCaseSensitive(s, "command"))
    {
        sb_printf(&b, "%s%s", first ? "" : " ", cJSON_IsString(a) ? a->valuestring : "");
        first = false;
    }
    sb_printf(&b, " --markdown FILE` from these tables:");
    first = true;
    cJSON_ArrayForEach(a, cJSON_GetObjectItemCaseSensitive(s, "tables"))
    {
        sb_printf(&b, "%s %s `%s`", first ? "" : ",", a->string,
                  cJSON_IsString(a) ? a->valuestring : "");
        first = false;
    }
    sb_printf(&b, ".\n");
    const cJSON *checks = cJSON_GetObjectItemCaseSensitive(rep, "checks");
    const char *family = NULL;
    const cJSON *c;
    cJSON_ArrayForEach(c, checks)
    {
        const char *f = ju_text(c, "family");
        if (!family || strcmp(family, f) != 0) {
            sb_printf(&b,
                      "\n## %s\n\n| check | wiki says | exactly | measured | verdict | p | why |\n"
                      "|---|---|---|---|---|---|---|\n",
                      f);
            family = f;
        }
        const cJSON *obs = cJSON_GetObjectItemCaseSensitive(c, "game_observed");
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(c, "p");
        const cJSON *exact = cJSON_GetObjectItemCaseSensitive(c, "game_exact");
        sb_printf(&b, "| %s | %s | %s | %s | %s | ", ju_text(c, "name"), ju_text(c, "wiki_says"),
                  cJSON_IsString(exact) ? exact->valuestring : "-",
                  cJSON_IsString(obs) ? obs->valuestring : "-", ju_text(c, "verdict"));
        if (cJSON_IsNumber(p))
            sb_printf(&b, "%.3g", p->valuedouble);
        else
            sb_printf(&b, "-");
        sb_printf(&b, " | %s |\n", ju_text(c, "why"));
    }
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* The HTML page shows the errata's verdicts in the words of the page of
 * check's verdicts: agrees is check's PASS, differs its FAIL, not in the
 * game its SKIP (a row without statistics). */
static const char *const HTML_SAY[6] = {"agrees", "differs", "XFAIL", "XPASS", "not run",
                                        "not in the game"};

/* The page's input: the check report's summary and entries, each with the
 * errata's verdict as check's word and the why as its reason. */
static cJSON *html_results(const cJSON *rep, const cJSON *summary)
{
    cJSON *page = cJSON_CreateObject();
    if (!page || !summary)
        return page;
    cJSON_AddItemToObject(page, "summary", cJSON_Duplicate(summary, true));
    cJSON *arr = cJSON_AddArrayToObject(page, "checks");
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(rep, "checks"))
    {
        cJSON *d = cJSON_Duplicate(c, true);
        const char *v = cJSON_GetObjectItemCaseSensitive(c, "verdict")->valuestring;
        const cJSON *why = cJSON_GetObjectItemCaseSensitive(c, "why");
        cJSON_DeleteItemFromObjectCaseSensitive(d, "verdict");
        cJSON_DeleteItemFromObjectCaseSensitive(d, "reason");
        cJSON_AddStringToObject(d, "verdict", strcmp(v, E_NAME[E_AGREES]) == 0    ? "PASS"
                                              : strcmp(v, E_NAME[E_DIFFERS]) == 0 ? "FAIL"
                                                                                  : "SKIP");
        if (cJSON_IsString(why))
            cJSON_AddStringToObject(d, "reason", why->valuestring);
        const cJSON *exact = cJSON_GetObjectItemCaseSensitive(c, "game_exact");
        if (cJSON_IsString(exact))
            cJSON_AddStringToObject(d, "exact_text", exact->valuestring);
        const cJSON *seen = cJSON_GetObjectItemCaseSensitive(c, "game_observed");
        if (cJSON_IsString(seen))
            cJSON_AddStringToObject(d, "observed_text", seen->valuestring);
        cJSON_AddItemToArray(arr, d);
    }
    return page;
}

/* JUnit: a test case per check, classname its family; a check the game
 * contradicts is a failure, one it never makes skipped. */
static char *junit(const cJSON *rep)
{
    junit_t j = {0};
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(rep, "checks"))
    {
        const char *v = cJSON_GetObjectItemCaseSensitive(c, "verdict")->valuestring;
        const cJSON *obs = cJSON_GetObjectItemCaseSensitive(c, "game_observed");
        const cJSON *why = cJSON_GetObjectItemCaseSensitive(c, "why");
        char msg[1024];
        snprintf(msg, sizeof msg, "the wiki says %s; the game does %s",
                 cJSON_GetObjectItemCaseSensitive(c, "wiki_says")->valuestring,
                 cJSON_IsString(obs) ? obs->valuestring : "nothing of it");
        bool differs = strcmp(v, E_NAME[E_DIFFERS]) == 0, absent = strcmp(v, E_NAME[E_ABSENT]) == 0;
        junit_case(&j, cJSON_GetObjectItemCaseSensitive(c, "family")->valuestring,
                   cJSON_GetObjectItemCaseSensitive(c, "name")->valuestring,
                   differs ? "differs from the wiki" : NULL, differs ? msg : NULL,
                   absent ? "not in the game" : NULL,
                   cJSON_IsString(why) ? why->valuestring : NULL);
    }
    return junit_finish(&j, "drlsim errata", NULL);
}

/* What the game did, in the check's own terms, from its check report entry. */
static void observed_text(const cJSON *c, char *buf, size_t n)
{
    const cJSON *test = cJSON_GetObjectItemCaseSensitive(c, "test");
    const cJSON *obs = cJSON_GetObjectItemCaseSensitive(c, "observed");
    const cJSON *iv = cJSON_GetObjectItemCaseSensitive(c, "interval");
    buf[0] = '\0';
    if (!cJSON_IsString(test) || !obs)
        return;
    if (cJSON_IsNumber(obs) && cJSON_IsArray(iv) && cJSON_GetArraySize(iv) == 2) {
        const char *what = strcmp(test->valuestring, "range") == 0   ? "in range"
                           : strcmp(test->valuestring, "exact") == 0 ? "holds in"
                                                                     : "share";
        snprintf(buf, n, "%s %.4f [%.4f, %.4f]", what, obs->valuedouble,
                 cJSON_GetArrayItem(iv, 0)->valuedouble, cJSON_GetArrayItem(iv, 1)->valuedouble);
        return;
    }
    if (cJSON_IsArray(obs) && cJSON_GetArraySize(obs) == 2) { /* moments: min, max */
        double lo = cJSON_GetArrayItem(obs, 0)->valuedouble,
               hi = cJSON_GetArrayItem(obs, 1)->valuedouble;
        if (lo == hi)
            snprintf(buf, n, "always %.0f", lo);
        else
            snprintf(buf, n, "%.0f..%.0f", lo, hi);
        return;
    }
    if (cJSON_IsObject(obs)) {
        size_t used = 0;
        const cJSON *it;
        cJSON_ArrayForEach(it, obs)
        {
            if (!cJSON_IsNumber(it) || it->valuedouble == 0)
                continue;
            int k = snprintf(buf + used, n - used, "%s%s %.4f", used ? ", " : "", it->string,
                             it->valuedouble);
            if (k < 0 || (size_t)k >= n - used) {
                buf[used] = '\0';
                break;
            }
            used += (size_t)k;
        }
    }
}

int cmd_errata(int argc, char **argv)
{
    opts_t o;
    const char *data_dir, *rules;
    const time_t started = time(NULL); /* the HTML page's date */
    int rc = parse_opts(argc, argv, &o, &data_dir, &rules);
    if (rc != CLI_GO_ON)
        return rc;
    gsl_set_error_handler_off();
    char err[512];
    /* The ruleset the claims are tried on: --rules, else a manifest's own
     * (--data), else the newest game ruleset; the tables of the ruleset that
     * makes the claims name the bins the expectations speak of. */
    const ruleset_def_t *dflt = default_game();
    const char *on = rules                                           ? rules
                     : data_dir && registry_has_manifest(data_dir) ? NULL
                     : dflt                                          ? dflt->name
                                                                     : RULESET_DEFS[0]->name;
    const tables_t *game = opt_tables("errata", on, data_dir, -1);
    if (!game)
        return CLI_EXIT_USAGE;
    if (!game->def->claims) { /* a manifest built on the wiki's ruleset */
        fprintf(stderr, "drlsim errata: %s: a ruleset with no claims to try on it\n",
                game->name);
        return CLI_EXIT_USAGE;
    }
    const tables_t *wiki = opt_tables("errata", game->def->claims, NULL, -1);
    if (!wiki)
        return CLI_EXIT_USAGE;
    expect_set_t set;
    if (!expect_load(&set, NULL, wiki, err, sizeof err)) {
        fprintf(stderr, "drlsim errata: %s\n", err);
        return CLI_EXIT_USAGE;
    }
    why_table_t why = {NULL};
    if ((rc = opt_style("errata", game, o.style)) != 0) {
        expect_free(&set);
        return rc;
    }
    if (!why_load(&why, game, &set, err, sizeof err)) {
        fprintf(stderr, "drlsim errata: %s\n", err);
        expect_free(&set);
        return CLI_EXIT_USAGE;
    }
    for (int i = 0; i < set.n && o.style; i++) /* --style: every sample in it */
        set.check[i].sample.style = o.style;
    const size_t n = set.n > 0 ? (size_t)set.n : 1;
    check_result_t *r = calloc(n, sizeof *r);
    check_group_t *g = calloc(n, sizeof *g);
    bool *absent = calloc(n, sizeof *absent);
    bool *sel = calloc(n, sizeof *sel);
    cJSON *rep = NULL;
    int ng = 0;
    rc = 1;
    if (!r || !g || !absent || !sel) {
        fprintf(stderr, "drlsim errata: out of memory\n");
        goto done;
    }
    remap(&set, wiki, game, cJSON_GetObjectItemCaseSensitive(why.root, "single_outcomes"),
          absent);
    for (int i = 0; i < set.n; i++)
        sel[i] = selected(&set.check[i], &o);
    ng = check_plan(&set, sel, o.seed, set.levels, o.scale, r, g);
    if (ng == 0) {
        fprintf(stderr, "drlsim errata: no check selected%s%s\n", o.only ? " by --only " : "",
                o.only ? o.only : "");
        rc = CLI_EXIT_USAGE;
        goto done;
    }
    driver_catch_signals();
    uint64_t levels = 0;
    double secs = 0;
    int threads = 0;
    o.d.label = "errata"; /* its progress bar's */
    bool ok = check_run_groups(g, ng, &o.d, game, &levels, &secs, &threads, NULL, NULL);
    uint64_t wanted = 0;
    for (int k = 0; k < ng; k++)
        wanted += g[k].s.levels;
    driver_release_signals();
    if (!ok || levels < wanted) {
        if (levels < wanted)
            fprintf(stderr, "drlsim errata: interrupted: nothing written\n");
        rc = levels < wanted ? 130 : 1;
        goto done;
    }
    for (int i = 0; i < set.n; i++)
        if (r[i].run)
            check_evaluate(&r[i], &g[r[i].group], o.alpha);
    if (!check_decide(r, set.n, o.alpha)) {
        fprintf(stderr, "drlsim errata: out of memory\n");
        goto done;
    }
    /* The check report's entries, each with the errata's own fields. */
    check_info_t info = {levels, o.seed, o.alpha, true, false};
    char *ctext = check_report_json(r, set.n, g, &info, NULL);
    cJSON *crep = ctext ? cJSON_Parse(ctext) : NULL;
    free(ctext);
    if (!crep) {
        fprintf(stderr, "drlsim errata: out of memory\n");
        goto done;
    }
    rep = cJSON_CreateObject();
    cJSON *summary = cJSON_AddObjectToObject(rep, "summary");
    cJSON *out = cJSON_AddArrayToObject(rep, "checks");
    int count[E__COUNT] = {0};
    const cJSON *centries = cJSON_GetObjectItemCaseSensitive(crep, "checks");
    for (int i = 0; i < set.n; i++) {
        if (!r[i].run)
            continue;
        /* check_report_json lists every check, in order */
        cJSON *c = cJSON_Duplicate(cJSON_GetArrayItem(centries, i), true);
        errata_verdict_t v = verdict_of(&r[i], absent[i]);
        count[v]++;
        const expect_check_t *e = r[i].e;
        cJSON_DeleteItemFromObjectCaseSensitive(c, "verdict");
        cJSON_AddStringToObject(c, "wiki_says", e->expected_text);
        char obs[512];
        observed_text(c, obs, sizeof obs);
        if (v != E_ABSENT && obs[0])
            cJSON_AddStringToObject(c, "game_observed", obs);
        const char *exact = why_of(&why, e, "game");
        if (exact)
            cJSON_AddStringToObject(c, "game_exact", exact);
        cJSON_AddStringToObject(c, "verdict", E_NAME[v]);
        const char *w = why_of(&why, e, "why");
        if (w)
            cJSON_AddStringToObject(c, "why", w);
        cJSON_AddItemToArray(out, c);
    }
    cJSON_AddNumberToObject(summary, "agrees", count[E_AGREES]);
    cJSON_AddNumberToObject(summary, "differs", count[E_DIFFERS]);
    cJSON_AddNumberToObject(summary, "not_in_the_game", count[E_ABSENT]);
    cJSON_AddNumberToObject(summary, "levels", (double)levels); /* < 2^53 */
    cJSON_AddItemToObject(summary, "seed", report_u64(o.seed));
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)o.seed);
    cJSON_AddStringToObject(summary, "seed_text", seed);
    cJSON_AddNumberToObject(summary, "alpha", o.alpha);
    cJSON_AddStringToObject(summary, "wiki_rules", wiki->name);
    cJSON_AddStringToObject(summary, "game_rules", game->name);
    tables_id_t gid; /* the levels are the game's */
    tables_id(game, &gid);
    const report_provenance_t pv = {&gid,    game->name, game->def->source, data_dir,
                                    o.scale, "errata",   argc,              argv};
    report_provenance(summary, &pv);
    cJSON *crep_summary = cJSON_DetachItemFromObjectCaseSensitive(crep, "summary");
    cJSON_Delete(crep);
    const char *outs[] = OUTPUTS(&o);
    bool to_stdout = opt_to_stdout(outs, 4) > 0;
    rc = 0;
    outfile_begin(); /* every output or none (outfile.h) */
    if (o.json)
        rc |= cli_write_text("errata", o.json, report_json_text(rep));
    if (o.markdown)
        rc |= cli_write_text("errata", o.markdown, markdown(rep));
    if (o.junit)
        rc |= cli_write_text("errata", o.junit, junit(rep));
    if (o.html) {
        char title[96];
        snprintf(title, sizeof title, "drlsim errata: the wiki's claims on %s", game->name);
        report_html_run_t run = {argc, argv, o.scale, ng, started, secs, "errata",
                                 title, HTML_SAY, "wiki says", true};
        cJSON *page = html_results(rep, crep_summary);
        rc |= !page ? 1 : report_html_write(page, &run, o.html) ? CLI_EXIT_IO : 0;
        cJSON_Delete(page);
    }
    if (!to_stdout) { /* per claim: verdict, name, the wiki's, exact, measured; why */
        printf("The wiki's claims on %s:\n\n", game->name);
        const cJSON *c;
        cJSON_ArrayForEach(c, out)
        {
            const char *ex = ju_text(c, "game_exact"), *ob = ju_text(c, "game_observed");
            printf("%-16s %s: wiki %s%s%s%s%s\n%-16s %s\n", ju_text(c, "verdict"),
                   ju_text(c, "name"), ju_text(c, "wiki_says"), *ex ? "; exactly " : "", ex,
                   *ob ? "; measured " : "", ob, "", ju_text(c, "why"));
        }
        printf("\n%s: %d agree, %d differ, %d not in the game\n", game->name, count[E_AGREES],
               count[E_DIFFERS], count[E_ABSENT]);
    }
    if (rc == 0 && outfile_stdout_check() != 0)
        rc = CLI_EXIT_IO;
    if (rc)
        outfile_abort();
    else if (outfile_commit() != 0)
        rc = CLI_EXIT_IO;
    if (rc == 0)
        fprintf(stderr, "drlsim errata: %llu levels in %.2f s (%.0f levels/s, %d threads)\n",
                (unsigned long long)levels, secs, secs > 0 ? (double)levels / secs : 0.0,
                threads);
    rc = rc ? (rc & CLI_EXIT_IO ? CLI_EXIT_IO : rc) : 0;
    cJSON_Delete(crep_summary);
done:
    cJSON_Delete(rep);
    cJSON_Delete(why.root);
    for (int i = 0; r && i < set.n; i++)
        free(r[i].counts);
    for (int k = 0; g && k < ng; k++)
        tally_free(g[k].t);
    free(r);
    free(g);
    free(absent);
    free(sel);
    expect_free(&set);
    return rc;
}

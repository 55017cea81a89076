/* cmd_gen.c - `drlsim gen`: generate one level and print it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "data.h"
#include "level.h"
#include "opts.h"
#include "outfile.h"
#include "picture.h"
#include "render.h"
#include "tables.h"
#include "tty.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim gen [--type T] [--dlevel N] [--difficulty D] [--seed S] [--index I]\n"
            "                  [--json] [--color auto|always|never] [--no-single]\n"
            "                  [--rules NAME] [--style ID] [--data DIR]\n"
            "                  [--layout-only] [--reference] [--png FILE [--tile N]]\n"
            "\n"
            "Generate one DoomRL level and print it: the 78x20 map, then a summary line.\n"
            "The level is a pure function of (seed, index, dlevel, difficulty, type).\n"
            "\n"
            "  --type T         normal, small-rooms, warehouse, city, caves, arena, maze or\n"
            "                   single, and under the game rulesets also caves-2, lava or\n"
            "                   single-plus; without it the type is drawn by the ruleset\n"
            "  --dlevel N       dungeon level, 1..%d (default 1)\n"
            "  --difficulty D   1 ITYTD, 2 HNTR, 3 HMP, 4 UV, 5 N! (default 3): the number\n"
            "                   or the name\n"
            "  --seed S         master seed, a 64-bit integer (default 0)\n"
            "  --index I        level index within the seed's sequence (default 0); level I\n"
            "                   of `drlsim run --seed S` is `gen --seed S --index I`\n"
            "  --json           print one JSON object instead of ASCII\n"
            "  --color WHEN     colour the ASCII map: auto (when stdout is a terminal,\n"
            "                   TERM is not dumb and NO_COLOR is unset), always or never\n"
            "                   (default auto)\n"
            "  --no-single      no single-monster levels (as in 0.9.9.3)\n"
            TABLES_RULES_HELP
            OPT_STYLE_HELP
            "  --data DIR       read rule tables from DIR instead of the built-in data/\n"
            "  --layout-only    only the layout, as `drlsim rooms` sees it: no population\n"
            "                   and no water, except the city's river drawn before buildings\n"
            "  --reference      make the level with the plain reference generator\n"
            "                   (src/gen/ref/, each rule as it reads): the same level, slower\n"
            "  --png FILE       also draw the level as a PNG: one square tile per cell and a\n"
            "                   legend below (docs/pictures.md); '-' writes it to stdout\n"
            "                   instead of the text\n"
            "  --tile N         tile side in pixels for --png, %d..%d (default %d)\n"
            "\n"
            "Legend:\n",
            DLEVEL_MAX, PICTURE_TILE_MIN, PICTURE_TILE_MAX, PICTURE_TILE_DEFAULT);
    /* the built-in tables of the default ruleset (the game ruleset's maps add
     * its barrels and beings: gen --rules game-0.9.9.7 --json lists them) */
    const tables_t *t = opt_tables("gen", NULL, NULL, -1);
    if (t)
        render_legend_text(out, t);
    fputs(CLI_EXIT_HELP, out);
}

static bool png_name(const cli_t *c, void *dest)
{
    if (c->arg[0] == '\0') {
        cli_error(c, "--png: empty file name");
        return false;
    }
    *(const char **)dest = c->arg;
    return true;
}

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    {.name = "type", .kind = CLI_FN, .at = offsetof(gen_opts_t, p.type), .fn = opt_level_type},
    OPT_DLEVEL(gen_opts_t, p.dlevel),
    OPT_DIFFICULTY(gen_opts_t, p.difficulty),
    OPT_SEED(gen_opts_t, seed),
    {.name = "index", .kind = CLI_U64, .at = offsetof(gen_opts_t, index)},
    {.name = "json", .kind = CLI_SET, .at = offsetof(gen_opts_t, json)},
    {.name = "color", .kind = CLI_CHOICE, .at = offsetof(gen_opts_t, color), .choices = OPT_WHEN},
    OPT_NO_SINGLE(gen_opts_t, p.single_enabled),
    OPT_RULES(gen_opts_t, rules),
    OPT_STYLE(gen_opts_t, p.style),
    OPT_DATA(gen_opts_t, data_dir),
    {.name = "layout-only", .kind = CLI_SET, .at = offsetof(gen_opts_t, p.layout_only)},
    {.name = "reference", .kind = CLI_SET, .at = offsetof(gen_opts_t, p.reference)},
    {.name = "png", .kind = CLI_FN, .at = offsetof(gen_opts_t, png), .fn = png_name},
    {.name = "tile", .kind = CLI_INT, .at = offsetof(gen_opts_t, tile), .lo = PICTURE_TILE_MIN,
     .hi = PICTURE_TILE_MAX},
    {.name = NULL},
};

static const cli_cmd_t CMD = {"gen", OPTS, usage, 0, 0};

int gen_parse(gen_opts_t *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o); /* seed 0, index 0, colour auto, no files */
    gen_params_default(&o->p, NULL);
    cli_t c;
    int rc = cli_parse(&c, &CMD, argc, argv, o);
    if (rc != CLI_GO_ON)
        return rc;
    if (o->tile && !o->png) {
        cli_error(&c, "--tile needs --png");
        return CLI_EXIT_USAGE;
    }
    /* the PNG replaces the text: --json would be dropped */
    if (o->png && o->json && strcmp(o->png, "-") == 0) {
        cli_error(&c, "--png - writes the picture instead of the text: it takes no --json");
        return CLI_EXIT_USAGE;
    }
    return CLI_GO_ON;
}

int cmd_gen(int argc, char **argv)
{
    gen_opts_t o;
    int rc = gen_parse(&o, argc, argv);
    if (rc >= 0)
        return rc;
    if (o.png && (rc = opt_output_status(outfile_check(o.png))) != 0)
        return rc;
    gen_params_t p = o.p;
    p.tables = opt_tables("gen", o.rules, o.data_dir, p.type);
    if (!p.tables)
        return CLI_EXIT_USAGE;
    if ((rc = opt_style("gen", p.tables, p.style)) != 0)
        return rc;
    level_t *lv = malloc(sizeof *lv);
    if (!lv) {
        fprintf(stderr, "drlsim gen: out of memory\n");
        return 1;
    }
    level_generate(lv, &p, o.seed, o.index);
    outfile_begin(); /* the picture only with the text (outfile.h) */
    if (o.png) {
        if (picture_write(o.png, lv, o.tile ? o.tile : PICTURE_TILE_DEFAULT) != 0) {
            outfile_abort();
            free(lv);
            return CLI_EXIT_IO;
        }
        if (strcmp(o.png, "-") == 0) {
            free(lv);
            return outfile_commit() == 0 ? 0 : CLI_EXIT_IO;
        }
    }
    if (o.json) {
        cJSON *j = render_json(lv, p.tables);
        char *s = cJSON_PrintUnformatted(j);
        printf("%s\n", s);
        free(s);
        cJSON_Delete(j);
    } else {
        bool col = o.color == 1 || (o.color == 0 && tty_auto(STDOUT_FILENO, true));
        render_ascii(stdout, lv, col);
    }
    free(lv);
    if (outfile_stdout_check() != 0) {
        outfile_abort();
        return CLI_EXIT_IO;
    }
    return outfile_commit() == 0 ? 0 : CLI_EXIT_IO;
}

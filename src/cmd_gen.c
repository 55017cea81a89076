/* cmd_gen.c - `drlsim gen`: generate one level and print it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "data.h"
#include "level.h"
#include "outfile.h"
#include "picture.h"
#include "render.h"
#include "tables.h"
#include "tty.h"

enum { O_HELP = 1, O_TYPE, O_DLEVEL, O_DIFF, O_SEED, O_INDEX, O_JSON, O_COLOR, O_NO_SINGLE,
       O_DATA, O_LAYOUT_ONLY, O_PNG, O_TILE, O_REFERENCE, O_RULES };

static const cli_opt_t OPTS[] = {
    {"help", false, O_HELP},         {"type", true, O_TYPE},
    {"dlevel", true, O_DLEVEL},      {"difficulty", true, O_DIFF},
    {"seed", true, O_SEED},          {"index", true, O_INDEX},
    {"json", false, O_JSON},         {"color", true, O_COLOR},
    {"no-single", false, O_NO_SINGLE}, {"data", true, O_DATA},
    {"layout-only", false, O_LAYOUT_ONLY},
    {"png", true, O_PNG},            {"tile", true, O_TILE},
    {"reference", false, O_REFERENCE}, {"rules", true, O_RULES},
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim gen [--type T] [--dlevel N] [--difficulty D] [--seed S] [--index I]\n"
            "                  [--json] [--color auto|always|never] [--no-single]\n"
            "                  [--rules NAME] [--data DIR]\n"
            "                  [--layout-only] [--reference] [--png FILE [--tile N]]\n"
            "\n"
            "Generate one DoomRL level and print it: the 78x20 map, then a summary line.\n"
            "The level is a pure function of (seed, index, dlevel, difficulty, type).\n"
            "\n"
            "  --type T         normal, small-rooms, warehouse, city, caves, arena, maze or\n"
            "                   single, and under game-0.9.9.7 also caves-2, lava or\n"
            "                   single-plus; without it the type is drawn by the ruleset\n"
            "  --dlevel N       dungeon level, 1..%d (default 1)\n"
            "  --difficulty D   1 ITYTD, 2 HNTR, 3 HMP, 4 UV, 5 N! (default 3)\n"
            "  --seed S         master seed, a 64-bit integer (default 0)\n"
            "  --index I        level index within the seed's sequence (default 0); level I\n"
            "                   of `drlsim run --seed S` is `gen --seed S --index I`\n"
            "  --json           print one JSON object instead of ASCII\n"
            "  --color WHEN     colour the ASCII map: auto (when stdout is a terminal,\n"
            "                   TERM is not dumb and NO_COLOR is unset), always or never\n"
            "                   (default auto)\n"
            "  --no-single      no single-monster levels (as in 0.9.9.3)\n"
            TABLES_RULES_HELP
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
    const tables_t *t = tables_load(NULL);
    if (t)
        render_legend_text(out, t);
    fputs(CLI_EXIT_HELP, out);
}

int gen_parse(gen_opts_t *o, int argc, char **argv)
{
    cli_t c;
    cli_init(&c, "gen", argc, argv);
    gen_params_t p;
    gen_params_default(&p, NULL);
    uint64_t seed = 0, index = 0;
    bool json = false;
    int color = 0; /* 0 auto, 1 always, 2 never */
    const char *png = NULL, *data_dir = NULL, *rules = NULL;
    long tile = 0;
    static const char *const COLORS[] = {"auto", "always", "never", NULL};
    long v;
    int id;
    while ((id = cli_next(&c, OPTS, (int)(sizeof OPTS / sizeof OPTS[0]))) != 0) {
        switch (id) {
        case -1:
            return CLI_EXIT_USAGE;
        case O_HELP:
            usage(stdout);
            return 0;
        case O_TYPE:
            p.type = level_type_from_name(c.arg);
            if (p.type < 0) {
                cli_error(&c, "--type: unknown level type '%s' (normal, small-rooms, "
                              "warehouse, city, caves, arena, maze, single; game-0.9.9.7 also "
                              "caves-2, lava, single-plus)", c.arg);
                return CLI_EXIT_USAGE;
            }
            break;
        case O_DLEVEL:
            if (!cli_long(&c, 1, DLEVEL_MAX, &v))
                return CLI_EXIT_USAGE;
            p.dlevel = (int)v;
            break;
        case O_DIFF:
            if (!cli_long(&c, DIFF_ITYTD, DIFF_NIGHTMARE, &v))
                return CLI_EXIT_USAGE;
            p.difficulty = (int)v;
            break;
        case O_SEED:
            if (!cli_u64(&c, &seed))
                return CLI_EXIT_USAGE;
            break;
        case O_INDEX:
            if (!cli_u64(&c, &index))
                return CLI_EXIT_USAGE;
            break;
        case O_JSON:
            json = true;
            break;
        case O_COLOR:
            if ((color = cli_choice(&c, COLORS)) < 0)
                return CLI_EXIT_USAGE;
            break;
        case O_NO_SINGLE:
            p.single_enabled = false;
            break;
        case O_DATA:
            data_dir = c.arg;
            break;
        case O_RULES:
            if (cli_choice(&c, TABLES_RULESETS) < 0)
                return CLI_EXIT_USAGE;
            rules = c.arg;
            break;
        case O_LAYOUT_ONLY:
            p.layout_only = true;
            break;
        case O_REFERENCE:
            p.reference = true;
            break;
        case O_PNG:
            if (c.arg[0] == '\0') {
                cli_error(&c, "--png: empty file name");
                return CLI_EXIT_USAGE;
            }
            png = c.arg;
            break;
        case O_TILE:
            if (!cli_long(&c, PICTURE_TILE_MIN, PICTURE_TILE_MAX, &tile))
                return CLI_EXIT_USAGE;
            break;
        }
    }
    if (tile && !png) {
        cli_error(&c, "--tile needs --png");
        return CLI_EXIT_USAGE;
    }
    if (png && json && strcmp(png, "-") == 0) { /* the PNG replaces the text: --json was dropped */
        cli_error(&c, "--png - writes the picture instead of the text: it takes no --json");
        return CLI_EXIT_USAGE;
    }
    *o = (gen_opts_t){p, seed, index, json, color, data_dir, rules, png, (int)tile};
    return -1;
}

int cmd_gen(int argc, char **argv)
{
    gen_opts_t o;
    int rc = gen_parse(&o, argc, argv);
    if (rc >= 0)
        return rc;
    if (o.png && outfile_check(o.png) != 0)
        return CLI_EXIT_USAGE;
    gen_params_t p = o.p;
    p.tables = tables_open("gen", o.rules, o.data_dir, p.type);
    if (!p.tables)
        return CLI_EXIT_USAGE;
    level_t *lv = malloc(sizeof *lv);
    if (!lv) {
        fprintf(stderr, "drlsim gen: out of memory\n");
        return 1;
    }
    level_generate(lv, &p, o.seed, o.index);
    if (o.png) {
        if (picture_write(o.png, lv, o.tile ? o.tile : PICTURE_TILE_DEFAULT) != 0) {
            free(lv);
            return CLI_EXIT_IO;
        }
        if (strcmp(o.png, "-") == 0) {
            free(lv);
            return 0;
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
    return 0;
}

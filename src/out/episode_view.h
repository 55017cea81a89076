/* episode_view.h - `drlsim episode`: what a player meets, dlevel by dlevel.
 *
 * One row per dlevel of a game ruleset's standard episode (docs/rules.md
 * G75, H5): a scripted dlevel is marked and left empty (drlsim makes no
 * scripted level); a random one holds, from the tally of its levels, the
 * level types' shares and the means of the special rooms placed, the danger
 * budget, the danger placed and the items per level, and the share of
 * levels with an event.  Printed as a text table, Markdown, JSON, or an HTML
 * page with a gnuplot picture.
 */
#ifndef DRLSIM_EPISODE_VIEW_H
#define DRLSIM_EPISODE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "episode.h"
#include "level.h"
#include "tally.h"

typedef struct episode_row {
    int dlevel;
    bool random;            /* false: scripted, every value below 0 */
    uint64_t levels;        /* levels counted */
    double type_share[LT__COUNT];
    double special;         /* special rooms placed per level (special_per_level) */
    double budget;          /* danger budget (budget) */
    double danger;          /* danger placed (danger_placed) */
    double items;           /* items per level (items) */
    double events;          /* share of levels with an event (game_event) */
} episode_row_t;

typedef struct episode_view {
    const char *rules;      /* the ruleset's name */
    int difficulty;
    uint64_t seed, per_dlevel;
    int n;                  /* rows: dlevels 1..n */
    episode_row_t row[EPISODE_MAX_DLEVELS];
    bool type_seen[LT__COUNT]; /* a column per type seen on some dlevel */
} episode_view_t;

/* The rows of episode e from tally t (which covers its random dlevels). */
void episode_view_fill(episode_view_t *v, const episode_t *e, const tally_t *t);

/* The view as a text table, Markdown or JSON (malloc'd; NULL when out of
 * memory). */
char *episode_view_text(const episode_view_t *v);
char *episode_view_markdown(const episode_view_t *v);
char *episode_view_json(const episode_view_t *v);
/* The HTML page, with its gnuplot picture, to path (outfile_write).  0, or
 * -1 after a one-line error naming `drlsim episode`. */
int episode_view_html(const episode_view_t *v, const char *path);

#endif

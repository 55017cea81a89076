/* episode.h - a game ruleset's standard episode and its styles (episode.json).
 *
 * The episode lists, for each dlevel, whether the game makes a random level
 * there or a scripted one, and the styles that level may take (one picked);
 * a style names the level's floor, wall and door cells.  The room reader of
 * the tiled layout knows a fixed set of cells (room_reader_cells): a style
 * whose wall or door is not among them leaves that layout without a room
 * list (docs/rules.md G76-G77, H6-H7).  The wiki ruleset has no episode.
 */
#ifndef DRLSIM_EPISODE_H
#define DRLSIM_EPISODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data.h"
#include "rng.h"

#define EPISODE_MAX_STYLES 16   /* styles of a file (ids 1..EPISODE_MAX_STYLE_ID) */
#define EPISODE_MAX_STYLE_ID 15 /* a report's style histogram has a bin each */
#define EPISODE_MAX_CELLS 24    /* cells the room reader knows */
#define EPISODE_MAX_DLEVELS 64  /* entries of the episode, dlevels 1..64 */
#define EPISODE_MAX_PICK 8      /* styles one entry picks among */
#define EPISODE_NAME_MAX 24     /* a cell's name, with its NUL */

/* [decision: EPISODE_BEYOND_STYLE] a level beyond the episode's last dlevel
 * has no style (0): its layout keeps its room list (docs/rules.md G76). */
#define EPISODE_BEYOND_STYLE 0
/* [decision: EPISODE_READER_BLIND] the rooms a room reader blind to its
 * style's wall or door lists: none.  The game's reader still counts the
 * doors it knows and finds about 0.005 entries a Deimos level (docs/rules.md
 * G77); drlsim lists none. */
#define EPISODE_READER_BLIND 0

typedef struct episode_style {
    int id;
    char floor[EPISODE_NAME_MAX], wall[EPISODE_NAME_MAX], door[EPISODE_NAME_MAX];
    bool caves;      /* a caves style (caves take theirs by dlevel, G76) */
    bool reader;     /* the room reader knows its wall and its door */
} episode_style_t;

typedef struct episode_entry {
    int dlevel;
    bool random;     /* a random level (else scripted: drlsim makes none) */
    int nstyle;
    uint8_t style[EPISODE_MAX_PICK]; /* the ids one is picked among */
    uint8_t side_min_diff; /* the least min_diff of its special_exit side levels
                              (docs/rules.md H5), 0: none */
} episode_entry_t;

typedef struct episode {
    int nstyles;
    episode_style_t style[EPISODE_MAX_STYLES];
    int ncells;
    char cell[EPISODE_MAX_CELLS][EPISODE_NAME_MAX]; /* room_reader_cells */
    int n;           /* entries, dlevels 1..n in order */
    episode_entry_t entry[EPISODE_MAX_DLEVELS];
} episode_t;

/* Parse an episode file (docs/rules.md G75-G77): styles with distinct ids,
 * room_reader_cells, and dlevels 1..n each once in order, each a random or
 * scripted level with a non-empty list of declared style ids.  False with a
 * one-line message in err. */
bool episode_parse(episode_t *e, const char *json, size_t len, const char *origin, char *err,
                   size_t errlen);
bool episode_load(episode_t *e, data_src_t *src, const char *name, char *err, size_t errlen);

/* The style of that id, or NULL. */
const episode_style_t *episode_style(const episode_t *e, int id);
/* The entry of dlevel, or NULL beyond the episode. */
const episode_entry_t *episode_entry(const episode_t *e, int dlevel);
/* The style of a level at dlevel: its entry's one style, or one of its
 * styles uniformly from r (one draw, only when it lists more than one);
 * EPISODE_BEYOND_STYLE beyond the episode. */
int episode_pick(const episode_t *e, int dlevel, rng_t *r);
/* The random dlevels, in order, into out (at most max); their number. */
int episode_random_dlevels(const episode_t *e, int *out, int max);
/* The style ids as "1, 2, ..., 7" into buf (n bytes), for a message. */
void episode_style_list(const episode_t *e, char *buf, size_t n);

#endif

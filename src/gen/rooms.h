/* rooms.h - the room list of a walled layout (docs/rules.md §3 Normal step 4).
 *
 * The game finds rooms by scanning for top-left corners and measuring each
 * room along its first inner row and column; drlsim does the same, so the
 * list includes the game's small 2x2 dead-end entries.  rooms_summarize
 * fills the room counts of the observation record from a level's list.
 */
#ifndef DRLSIM_ROOMS_H
#define DRLSIM_ROOMS_H

#include "level.h"

/* A room whose sides are both at least this is a "real" room (docs/rules.md §3). */
#define ROOM_REAL_MIN_SIDE 4

/* Scan g for rooms, append them to lv->rooms (at most LEVEL_MAX_ROOMS; an
 * overflow is counted as FAIL_TOO_MANY). */
void rooms_scan(level_t *lv);
/* The same from the map's solid cells as bit rows (rows 0..GRID_H+1, bit x
 * set when cell x is wall or door, padding included). */
void rooms_scan_rows(level_t *lv, const bitrow_t solid[GRID_H + 2]);
/* The same with the solid cells by column as well (bit y of col[x]): each
 * room's bottom is then one bit scan. */
void rooms_scan_columns(level_t *lv, const bitrow_t solid[GRID_H + 2],
                        const uint32_t col[GRID_STRIDE]);

/* The room starts of rows 1..GRID_H-1 as 64-bit words (word 2y: cells 0..63
 * of row y, word 2y+1: cells 64..79; words 0, 1 unwritten): rooms_starts
 * makes them from the solid rows and returns the mask of the words that
 * hold a start (bit i for word i).  A layout that makes them in a pass of
 * its own over the solid rows (the normal layout's extra-door candidates)
 * hands them to rooms_scan_starts, which is rooms_scan_columns without the
 * starts pass; word is consumed. */
#define ROOMS_START_WORDS (2 * GRID_H)
uint64_t rooms_starts(const bitrow_t solid[GRID_H + 2], uint64_t word[ROOMS_START_WORDS]);
void rooms_scan_starts(level_t *lv, const bitrow_t solid[GRID_H + 2],
                       const uint32_t col[GRID_STRIDE], uint64_t word[ROOMS_START_WORDS],
                       uint64_t left);

/* Count rooms, rooms >= 4, 2x2 entries and the layout's doors into lv->obs
 * (called once the layout is drawn, before population; in layout-only mode
 * the layout has no water yet, so the doors are the layout's own). */
void rooms_summarize(level_t *lv);
/* The room counts alone (level_generate takes the door count of a full
 * level from its census, see census.h). */
void rooms_summarize_list(level_t *lv);

/* Append one room; false (and FAIL_TOO_MANY) when the list is full. */
bool rooms_add(level_t *lv, int x, int y, int w, int h);

#endif

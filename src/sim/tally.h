/* tally.h - integer histograms of observations, per stratum; exact merge.
 *
 * A tally counts what levels show, nothing else.  Its layout is a schema:
 * a fixed list of named histograms (TALLY_HISTS), each fed by a small
 * function that reads a level's observation record.  Counts are kept per
 * stratum (dlevel x level type) for one difficulty, as uint64 bins, so
 * merging two tallies is an exact element-wise sum and memory does not
 * grow with the number of levels; only the strata counted into are held.  The names are the contract with
 * data/expectations.json and the reports (docs/report.md).
 */
#ifndef DRLSIM_TALLY_H
#define DRLSIM_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "level.h"
#include "tables.h"

typedef enum hist_kind {
    HIST_COUNTS = 0, /* bins[v] += 1 for each value v (clamped to the last bin) */
    HIST_MOMENTS,    /* one value per level: n, sum, sum of squares, min, max */
} hist_kind_t;

/* The five slots of a HIST_MOMENTS histogram. */
enum { MOM_N = 0, MOM_SUM, MOM_SUMSQ, MOM_MIN, MOM_MAX, MOM__COUNT };

typedef struct hist_def {
    const char *name;   /* "river_orientation" */
    hist_kind_t kind;
    int nbins;          /* HIST_COUNTS: values 0..nbins-1, the last is "nbins-1 or more" */
    /* names of the bins (NULL: the bins are integers) */
    const char *const *labels;
    const char *doc;    /* one line: what is counted, and over which levels */
    /* HIST_COUNTS: add to bins.  HIST_MOMENTS: return the level's value, or a
     * negative number when the level has none (e.g. no cave roll). */
    void (*add)(const level_t *lv, uint64_t *bins);
    int64_t (*value)(const level_t *lv);
    /* not TALLY_NAMED_NONE: the ruleset's tables name the bins (labels is
     * NULL); a bin they leave unnamed goes by its number */
    tally_named_t named;
} hist_def_t;

extern const hist_def_t TALLY_HISTS[];
extern const int TALLY_NHISTS;

/* Index of a histogram by name, -1 when unknown. */
int tally_hist_index(const char *name);
/* Number of uint64 slots the histogram takes (nbins or MOM__COUNT). */
int tally_hist_slots(int h);

/* Does histogram h have named bins (drlsim's labels or the tables' names),
 * rather than integer bins? */
bool tally_hist_labelled(int h);
/* Name of bin b of histogram h ("horizontal", a monster id of names, or the
 * integer) into buf.  names: the ruleset's (NULL: data-named bins go by
 * their numbers). */
const char *tally_bin_label(const tally_names_t *names, int h, int b, char *buf, size_t n);
/* Does bin b of a labelled histogram have a name (not just its number)? */
bool tally_bin_named(const tally_names_t *names, int h, int b);
/* Name the bins of histogram `hist`, one the tables name (named is not
 * TALLY_NAMED_NONE; "monsters_by_kind" names first_monster's bins too), in
 * into: n names for bins 0..n-1, the rest unnamed.  The strings must live as
 * long as into (the loaded tables' do).  False, into unchanged, when the
 * histogram is not one of those, n is above its bins, or a name is one
 * tables_name_bins refuses. */
bool tally_name_bins(tally_names_t *into, const char *hist, const char *const *names, int n);

/* The expressive-range rows ("range_" in TALLY_HISTS): per stratum, a 2-D
 * histogram of a pair of range metrics (src/gen/metrics.h, docs/catalog.md
 * "The range metrics") in TALLY_RANGE_BINS x TALLY_RANGE_BINS bins, held as
 * one count row: bin i * TALLY_RANGE_BINS + j counts the levels whose x
 * metric falls in bin i and y metric in bin j.  An axis's bin k holds the
 * values in [k * width, (k + 1) * width), its last bin also every larger
 * value (docs/report.md, "The range histograms"). */
#define TALLY_RANGE_BINS 20
#define TALLY_RANGE_PAIRS 3
typedef struct tally_range_axis {
    const char *metric; /* the catalogue's column of the metric (open_share, rooms, ...) */
    const char *title;  /* its words on a picture's axis */
    double width;       /* a bin's width in the metric's unit */
} tally_range_axis_t;
typedef struct tally_range_pair {
    const char *hist;   /* the row (TALLY_HISTS' name) */
    tally_range_axis_t x, y;
} tally_range_pair_t;
extern const tally_range_pair_t TALLY_RANGE[TALLY_RANGE_PAIRS];

/* A tally holds only the strata it has counted into (or read, merged or
 * reduced): each stratum's slots are allocated the first time a level of
 * that dlevel and type is counted, so memory follows what a run visits, not
 * its dlevel range.  A stratum not held reads as empty. */
typedef struct tally {
    int dlevel_lo, dlevel_hi;  /* strata: dlevels lo..hi */
    int difficulty;
    size_t stride;             /* slots per stratum */
    /* [(dlevel - lo) * LT__COUNT + type]: the stratum's stride slots, NULL
     * while it is empty */
    uint64_t **strata;
    size_t nheld;              /* strata allocated */
    bool oom;                  /* a stratum could not be allocated: levels were lost */
} tally_t;

/* An empty tally for dlevels lo..hi at one difficulty; NULL when out of memory. */
tally_t *tally_new(int dlevel_lo, int dlevel_hi, int difficulty);
void tally_free(tally_t *t);
/* Empty every stratum (and forget an earlier out of memory). */
void tally_clear(tally_t *t);

/* Count one level (its dlevel must lie in the tally's range).  When its
 * stratum cannot be allocated the level is not counted and t->oom is set. */
void tally_add(tally_t *t, const level_t *lv);
/* The observer's rows (the "seen_" rows of TALLY_ROWS and the moments of
 * what it sees, `unreachable`): look at lv with observer_look
 * (src/gen/observer.h) and count what it saw; with range, also
 * the range rows (TALLY_RANGE: lv's range metrics, src/gen/metrics.h, which
 * cost about as much again, so a run feeds them only when asked: job_t.range).
 * tally_add leaves them to this; tally_add_rows feeds them all. */
void tally_add_observed(tally_t *t, const level_t *lv, bool range);
/* Is histogram h a range row (TALLY_RANGE)? */
bool tally_hist_range(int h);
/* The same, row by row through TALLY_HISTS' feeders (for tests: tally_add
 * feeds the rows inline and must count exactly as this does). */
void tally_add_rows(tally_t *t, const level_t *lv);

/* into += from (same ranges and difficulty; asserted).  -1 when a stratum
 * could not be allocated (into then holds part of from), else 0. */
int tally_merge(tally_t *into, const tally_t *from);
/* The same, emptying from as it goes: a stratum into lacks is moved, not
 * copied, and each of from's strata is freed once added, so the two never
 * take more memory together than before.  -1 as tally_merge. */
int tally_absorb(tally_t *into, tally_t *from);

/* The slots of histogram h in one stratum (read-only; an empty stratum's
 * when the tally does not hold it). */
const uint64_t *tally_stratum(const tally_t *t, int dlevel, level_type_t type, int h);
/* Does the tally hold stratum (dlevel, type)? */
bool tally_holds(const tally_t *t, int dlevel, level_type_t type);
/* The slots of histogram h in one stratum, to write: the stratum is
 * allocated when the tally does not hold it yet.  NULL when out of memory. */
uint64_t *tally_row(tally_t *t, int dlevel, level_type_t type, int h);
/* Strata held, and the bytes the tally takes (strata and index). */
size_t tally_strata_held(const tally_t *t);
size_t tally_bytes(const tally_t *t);
/* Same counts in every stratum (held or not)?  Same ranges and difficulty
 * asserted. */
bool tally_equal(const tally_t *a, const tally_t *b);

/* Sum histogram h over dlevels lo..hi and the types in type_mask (bit t for
 * type t; TALLY_ALL_TYPES for all) into out (tally_hist_slots(h) slots).
 * Moments are combined exactly (n, sums added; min/max taken). */
#define TALLY_ALL_TYPES ((1u << LT__COUNT) - 1)
void tally_sum(const tally_t *t, int h, int dlevel_lo, int dlevel_hi, unsigned type_mask,
               uint64_t *out);

/* Levels counted in dlevels lo..hi and types type_mask. */
uint64_t tally_levels(const tally_t *t, int dlevel_lo, int dlevel_hi, unsigned type_mask);

#endif

/* expect.h - the documented expectations (data/expectations.json), validated.
 *
 * Each expectation names a histogram of the tally (tally.h), the sample of
 * levels it needs (type or drawn, dlevels, difficulty, the single switch),
 * the strata and bins it looks at, and a test: a distribution (chi-square),
 * a proportion (exact binomial), an exact value or a range (no exception
 * allowed).  The loader checks everything a typo could break and reports the
 * first problem as one line "FILE: PATH: problem".  docs/expectations.md is
 * the format.
 */
#ifndef DRLSIM_EXPECT_H
#define DRLSIM_EXPECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ruleset.h"

/* A group's dlevel range is at most this wide (its tally holds every dlevel). */
#define EXPECT_MAX_DLEVEL_SPAN 100
#define EXPECT_MAX_LEVELS UINT64_C(10000000000)

typedef enum expect_test {
    EXPECT_DISTRIBUTION = 0, /* chi-square goodness of fit over the bins */
    EXPECT_PROPORTION,       /* share of some bins: exact binomial test */
    EXPECT_EXACT,            /* every observation has one value */
    EXPECT_RANGE,            /* every observation lies in min..max */
    EXPECT_LESS,             /* a per-level value's mean is shown below another's */
} expect_test_t;

typedef enum expect_source { SRC_WIKI = 0, SRC_GAME, SRC_DECISION } expect_source_t;

/* What levels a check needs; checks with equal samples share one run. */
typedef struct expect_sample {
    int type;                 /* a level_type_t, or -1: drawn as the game does */
    int dlevel_lo, dlevel_hi;
    int difficulty;
    bool no_single;           /* the 1/25 single-monster replacement off */
    int style;                /* 0: each level's episode style; else that style
                                 (drlsim check --style, gen_params_t.style) */
    uint64_t levels;          /* 0: the file's (or --levels') default */
} expect_sample_t;

struct tally_names; /* tables.h */
struct tables;      /* tables.h */

typedef struct expect_check {
    char *name, *family, *observation;
    expect_source_t source;
    int hist;                 /* index into TALLY_HISTS */
    /* the names of hist's bins the ruleset's tables name (tables_t.bin_names:
     * those the file was read with; NULL: by number) */
    const struct tally_names *names;
    int than;                 /* less: the histogram whose mean is the larger, else -1 */
    expect_sample_t sample;
    unsigned types;           /* strata summed: bit t for type t */
    expect_test_t test;
    int nbins;                /* HIST_COUNTS: bins; HIST_MOMENTS: 0 */
    uint8_t *given;           /* [nbins]: 1 when the bin is in the population */
    uint8_t *hit;             /* [nbins]: proportion's bins, exact's value bin */
    double *prob;             /* [nbins]: distribution (0 outside the expected) */
    double p;                 /* proportion */
    int64_t lo, hi;           /* range; exact on moments: lo == hi */
    int64_t attained;         /* range: from this many observations the observed min and
                                 max must be lo and hi (0: not tested) */
    char *expected_text;      /* e.g. "normal 28/48, small-rooms 8/48, ..." */
    char *discrepancy;        /* known_discrepancy reason, or NULL */
    bool enabled;
    char *pending;            /* why it is disabled (NULL when enabled) */
    char *claims;             /* the wiki claims it tests, "W01 W77" (NULL: none listed) */
    char *derivation;         /* how the expected value follows from the rules, or NULL */
} expect_check_t;

#define EXPECT_MAX_DROP 64

typedef struct expect_set {
    uint64_t levels;          /* default levels per sample group */
    int n;
    expect_check_t *check;
    /* "base": the ruleset whose checks this file inherits (empty: none), and
     * the names and families of its checks left out (docs/expectations.md) */
    char base[32];
    int ndrop;
    char *drop[EXPECT_MAX_DROP];
} expect_set_t;

const char *expect_test_name(expect_test_t t);
const char *expect_source_name(expect_source_t s);

/* Parse and validate; bins the tables name (monster ids, outcome rows) go
 * by names (a ruleset's tables_t.bin_names; NULL: by number).  On error
 * returns false with one line "ORIGIN: PATH: problem" in err (and set left
 * empty). */
bool expect_parse(expect_set_t *set, const char *json, size_t len, const char *origin,
                  const struct tally_names *names, char *err, size_t errlen);

/* Load a file, or when path is NULL the expectations of ruleset tables
 * (tables_t.expectations: embedded, or from --data DIR), its bins named by
 * tables. */
bool expect_load(expect_set_t *set, const char *path, const struct tables *tables, char *err,
                 size_t errlen);

void expect_free(expect_set_t *set);

/* True when two samples need the same levels (levels counts aside). */
bool expect_same_sample(const expect_sample_t *a, const expect_sample_t *b);

#endif

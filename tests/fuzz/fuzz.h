/* fuzz.h - what the fuzz targets share (tests/fuzz/).
 *
 * A target is one function, LLVMFuzzerTestOneInput, fed arbitrary bytes by
 * libFuzzer (-Dfuzz=true) or by replay.c (every other build).  Targets call
 * the product's loaders on the bytes as they are (never NUL-terminated
 * beyond size, so over-reads show) and check the loaders' promises with
 * FUZZ_CHECK, which aborts: libFuzzer records an abort as a crash.
 */
#ifndef DRLSIM_FUZZ_H
#define DRLSIM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "tables.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                       \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: fuzz check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
            abort();                                                                \
        }                                                                           \
    } while (0)

/* A loader's error message is one non-empty line that starts with the
 * origin it was given (jsonutil.h, walled.h, report.h). */
static inline void fuzz_check_message(const char *err, const char *origin)
{
    size_t n = strlen(origin);
    FUZZ_CHECK(strncmp(err, origin, n) == 0 && err[n] == ':', "message \"%s\"", err);
    for (const char *s = err; *s; s++)
        FUZZ_CHECK(*s != '\n' && *s != '\r', "message \"%s\" is not one line", err);
}

/* The built-in tables of ruleset `name` (NULL: the default), loaded once per
 * target and name and kept (a static pointer, so no leak); aborts when they
 * do not load: nothing to fuzz against. */
static inline const tables_t *fuzz_tables(const char *name)
{
    static const tables_t *kept[2];
    const int i = name && strcmp(name, TABLES_RULESETS[0]) != 0;
    char err[4600];
    if (!kept[i] && !(kept[i] = tables_load(name, NULL, err, sizeof err))) {
        fprintf(stderr, "fuzz: the built-in tables do not load: %s\n", err);
        abort();
    }
    return kept[i];
}

/* A 64-bit hash of the input, to derive seeds from it. */
static inline uint64_t fuzz_hash(const uint8_t *data, size_t size)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * UINT64_C(1099511628211);
    return h;
}

/* The map keeps its outer ring wall (docs/rules.md §1), whatever data drew it. */
static inline void fuzz_check_border(const grid_t *g)
{
    for (int x = 1; x <= GRID_W; x++)
        FUZZ_CHECK(grid_get(g, x, 1) == CELL_WALL && grid_get(g, x, GRID_H) == CELL_WALL,
                   "border cell (%d, 1) or (%d, %d) is not wall", x, x, GRID_H);
    for (int y = 1; y <= GRID_H; y++)
        FUZZ_CHECK(grid_get(g, 1, y) == CELL_WALL && grid_get(g, GRID_W, y) == CELL_WALL,
                   "border cell (1, %d) or (%d, %d) is not wall", y, GRID_W, y);
}

#endif

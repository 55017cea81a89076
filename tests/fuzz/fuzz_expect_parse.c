/* fuzz_expect_parse.c - fuzz target: expect_parse (data/expectations.json or
 * a file given to `drlsim check --expect`).  Any bytes: parse; a failure is
 * one line naming the origin; a set that parses has probabilities in [0, 1].
 * The default ruleset's tables name the bins of cave_outcome, single_outcome
 * and monsters_by_kind, as in `drlsim check`. */
#include <stdlib.h>

#include "expect.h"
#include "fuzz.h"
#include "tables.h"

#define ORIGIN "fuzz.json"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const tables_t *tables;
    if (!tables && !(tables = fuzz_tables(NULL)))
        abort(); /* the embedded tables are broken: nothing to fuzz against */
    expect_set_t set;
    char err[512];
    if (!expect_parse(&set, (const char *)data, size, ORIGIN, tables->bin_names, err,
                      sizeof err)) {
        fuzz_check_message(err, ORIGIN);
        return 0;
    }
    FUZZ_CHECK(set.n >= 0, "%d checks", set.n);
    expect_free(&set);
    return 0;
}

/* fuzz_ruleset_parse.c - fuzz target: ruleset_parse (data/ruleset.json, or
 * the file a user points --data at).
 *
 * Any bytes: parse, and on failure the message is one line naming the origin.
 * A ruleset that parses must be usable, as the generator assumes: every
 * dlevel 1..DLEVEL_MAX has a band with a positive total, the type
 * probabilities are a distribution, and levels generate from it.
 */
#include <math.h>

#include "fuzz.h"
#include "level.h"
#include "ruleset.h"
#include "tables.h"

#define ORIGIN "fuzz.json"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ruleset_t rs;
    static level_t lv;
    char err[512];
    if (!ruleset_parse(&rs, (const char *)data, size, ORIGIN, err, sizeof err)) {
        fuzz_check_message(err, ORIGIN);
        return 0;
    }
    for (int dl = 1; dl <= DLEVEL_MAX; dl++) {
        const type_band_t *b = ruleset_band(&rs, dl);
        FUZZ_CHECK(b && b->total > 0, "dlevel %d has no band", dl);
    }
    static const int DLEVELS[] = {1, 3, 6, 16, 17, DLEVEL_MAX};
    uint64_t seed = fuzz_hash(data, size);
    for (size_t i = 0; i < sizeof DLEVELS / sizeof DLEVELS[0]; i++) {
        for (int single = 0; single <= 1; single++)
            for (int d = DIFF_ITYTD; d <= DIFF_NIGHTMARE; d++) {
                double p[LT__COUNT], sum = 0;
                ruleset_type_probs(&rs, DLEVELS[i], d, single, p);
                for (int t = 0; t < LT__COUNT; t++) {
                    FUZZ_CHECK(p[t] >= 0 && p[t] <= 1, "p[%d] = %g", t, p[t]);
                    FUZZ_CHECK(p[t] == 0 || rs.has_type[t], "p[%d] = %g, no rules", t, p[t]);
                    sum += p[t];
                }
                FUZZ_CHECK(fabs(sum - 1) < 1e-9, "type probabilities sum to %.17g", sum);
            }
        /* Levels of the pipeline the ruleset names, over that ruleset's
         * other tables. */
        const tables_t *tables = fuzz_tables(RULESET_DEFS[0]->name);
        bool drawn = strcmp(rs.pipeline, tables->def->pipeline) == 0;
        for (int t = 0; t < LT__COUNT; t++)
            drawn &= !rs.has_type[t] || tables->def->layout[t] != NULL;
        if (!drawn) /* tables_load refuses it */
            continue;
        tables_t mine = *tables;
        mine.rules = &rs;
        gen_params_t gp;
        gen_params_default(&gp, &mine);
        gp.dlevel = DLEVELS[i];
        level_generate(&lv, &gp, seed, i);
        FUZZ_CHECK(lv.type < LT__COUNT, "type %d", (int)lv.type);
    }
    return 0;
}

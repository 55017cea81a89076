/* wiki.h - the numbers of the wiki's "Level type" page as MediaWiki markup.
 *
 * Prints the document `drlsim wiki` builds (its --json, docs/guide.md
 * "Updating the wiki") as wikitext: a line naming the ruleset and how the
 * numbers were made, then one `{| class="wikitable"` table per part, each
 * caption saying whether its values are exact (from the rules) or measured
 * (with n and 95% intervals).  Reports only print: every number comes from
 * the document, rounded the same way in every cell (shares to 4 decimals,
 * means and sds to 3).
 */
#ifndef DRLSIM_WIKI_H
#define DRLSIM_WIKI_H

#include <cjson/cJSON.h>

/* The page as malloc'd text, or NULL when out of memory. */
char *wiki_markup(const cJSON *page);

#endif

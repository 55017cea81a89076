/* test_testutil.c - the harness itself: test_summary fails a program whose
 * checks never ran (a loop over an empty table, a main that forgot to call
 * its tests), as it fails one whose check failed. */
#include <stdio.h>

#include "testutil.h"

int main(void)
{
    /* Before any CHECK: nothing ran, so nothing is shown to work. */
    int none = test_summary("testutil (no check yet)");
    CHECK(none == 1, "test_summary with no check ran: %d, want 1", none);
    /* One check passed, none failed: a pass. */
    int one = test_summary("testutil (one check)");
    CHECK(one == 0, "test_summary after one passing check: %d, want 0", one);
    /* A failed check fails the program: recorded, then taken back so this
     * program's own verdict is its checks'. */
    test_check(false, __FILE__, __LINE__, "a deliberate failure (expected)");
    int failed = test_summary("testutil (one failure)");
    test_failed--;
    CHECK(failed == 1, "test_summary after a failed check: %d, want 1", failed);
    return test_summary("testutil");
}

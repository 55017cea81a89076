/* early.c - see early.h.
 *
 * The hook is an entry of the executable's .preinit_array, which the dynamic
 * loader runs before the initialisers of the shared libraries (libgomp's
 * reads the environment).  At that moment the C library has not yet set
 * environ, so the hook edits the array it is given: the entry of
 * OMP_NUM_THREADS is pointed at a copy under another name
 * (DRLSIM_OMP_NUM_THREADS=VALUE), which keeps the array's length (what
 * follows its end, the auxiliary vector, stays where the loader found it). */
#include "early.h"

#include <signal.h>
#include <string.h>

#define OMP_VAR "OMP_NUM_THREADS="
#define KEPT_AS "DRLSIM_" OMP_VAR

static char kept[96] = KEPT_AS;
static bool was_set = false, was_truncated = false;

static void early_hook(int argc, char **argv, char **envp)
{
    (void)argc;
    (void)argv;
    signal(SIGPIPE, SIG_IGN);
    for (char **e = envp; e && *e; e++) {
        if (strncmp(*e, OMP_VAR, strlen(OMP_VAR)) != 0)
            continue;
        if (!was_set) { /* the first of several wins, as getenv's would */
            const char *v = *e + strlen(OMP_VAR);
            size_t room = sizeof kept - strlen(KEPT_AS) - 1, n = strlen(v);
            was_truncated = n > room;
            memcpy(kept + strlen(KEPT_AS), v, n > room ? room : n);
            kept[strlen(KEPT_AS) + (n > room ? room : n)] = '\0';
            was_set = true;
        }
        *e = kept;
    }
}

__attribute__((section(".preinit_array"), used)) static void (*const early_entry)(
    int, char **, char **) = early_hook;

const char *early_omp_num_threads(bool *truncated)
{
    *truncated = was_truncated;
    return was_set ? kept + strlen(KEPT_AS) : NULL;
}

/* tty.c - see tty.h. */
#include "tty.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool tty_auto(int fd, bool colour)
{
    if (!isatty(fd))
        return false;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0)
        return false;
    const char *nc = getenv("NO_COLOR");
    return !(colour && nc && nc[0]);
}

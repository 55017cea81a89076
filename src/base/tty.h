/* tty.h - whether "auto" decorates a stream (colours, a progress bar).
 *
 * Only a terminal, and not when TERM is "dumb"; colours also honour NO_COLOR
 * (set and not empty: no colour, as no-color.org asks).  "always" and "never"
 * options bypass this.
 */
#ifndef DRLSIM_TTY_H
#define DRLSIM_TTY_H

#include <stdbool.h>

bool tty_auto(int fd, bool colour);

#endif

/* textdata.h - the text tables of data/ (arena.txt, smallrooms.txt,
 * game-0.9.9.7/arena.txt), read line by line.
 *
 * Those files are pictures: rows of cell characters, keyword lines, blank
 * lines between pictures and ';' comment lines.  A reader hands out the
 * lines that are not comments, without their line break (a CR before the LF
 * included), and keeps the current line's number for the one-line message
 * that stops a broken file.
 */
#ifndef DRLSIM_TEXTDATA_H
#define DRLSIM_TEXTDATA_H

#include <stdbool.h>
#include <stddef.h>

#define TD_COMMENT ';' /* a line starting with it is a comment */

typedef struct td_reader {
    const char *text;
    size_t len, pos;
    const char *origin; /* the file's name for messages */
    char *err;
    size_t errlen;
    int line; /* the number of the line last read (comments count), 0 before any */
} td_reader_t;

void td_init(td_reader_t *r, const char *text, size_t len, const char *origin, char *err,
             size_t errlen);
/* The next line that is not a comment: its bytes in *s, its length in *n;
 * false at the end of the text. */
bool td_next(td_reader_t *r, const char **s, size_t *n);
/* Write "ORIGIN:LINE: message" ("ORIGIN: message" before the first line)
 * into the reader's err as one line (the file's own bytes may be quoted);
 * returns false. */
bool td_fail(td_reader_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The first word of line s (n bytes): the bytes up to a space, at most
 * size - 1 of them, into word; returns its length. */
size_t td_word(const char *s, size_t n, char *word, size_t size);

#endif

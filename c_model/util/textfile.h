/* textfile.h: opening the text files a user names (configuration, trace, fault file, a
 * sweep's argument and point files) so that anything but a regular file is refused with
 * one line, instead of being waited on or read forever (a FIFO, /dev/zero), read as empty
 * (a directory) or cut at a NUL byte; a UTF-8 byte-order mark is skipped. */
#ifndef FLITNET_TEXTFILE_H
#define FLITNET_TEXTFILE_H
#include <stddef.h>
#include <stdio.h>

/* a regular file without NUL bytes, open for reading past any byte-order mark; NULL with
 * "cannot open WHAT 'path': reason" in err */
FILE *textfile_open(const char *path, const char *what, char *err, size_t errlen);

/* the next line of F into *line (getline's buffer), without its LF or CR LF end: its length,
 * or -1 at the end of the file */
long textfile_line(char **line, size_t *cap, FILE *f);
#endif

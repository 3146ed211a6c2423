/* textfile.h: opening the text files a user names (configuration, trace, fault file) so
 * that anything but a regular file is refused with one line, instead of being read
 * forever (/dev/zero, a pipe), read as empty (a directory) or cut at a NUL byte. */
#ifndef FLITNET_TEXTFILE_H
#define FLITNET_TEXTFILE_H
#include <stddef.h>
#include <stdio.h>

/* fopen(path, "r") of a regular file without NUL bytes; NULL with "cannot open WHAT 'path': reason" in err */
FILE *textfile_open(const char *path, const char *what, char *err, size_t errlen);
#endif

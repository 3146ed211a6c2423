/* textfile.c: see textfile.h. */
#include "textfile.h"
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

FILE *textfile_open(const char *path, const char *what, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot open %s '%s': %s", what, path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot read %s '%s': not a regular file", what, path);
        fclose(f);
        return NULL;
    }
    /* a NUL ends a C string: the rest of its line would be dropped without a word */
    char buf[65536];
    size_t got;
    long line = 1;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
        const char *nul = memchr(buf, 0, got);
        for (const char *p = buf, *end = nul ? nul : buf + got; (p = memchr(p, '\n', (size_t)(end - p))); p++) line++;
        if (nul) {
            snprintf(err, errlen, "cannot read %s '%s': line %ld holds a NUL byte (not a text file)", what, path, line);
            fclose(f);
            return NULL;
        }
    }
    if (ferror(f) || fseek(f, 0, SEEK_SET)) {
        snprintf(err, errlen, "cannot read %s '%s': %s", what, path, strerror(errno));
        fclose(f);
        return NULL;
    }
    return f;
}

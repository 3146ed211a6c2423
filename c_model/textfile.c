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
    return f;
}

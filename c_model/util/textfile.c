/* textfile.c: see textfile.h. */
#include "textfile.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *textfile_open(const char *path, const char *what, char *err, size_t errlen)
{
    /* opened without blocking, so that a FIFO with no writer (or a device) is refused here
     * rather than waited on forever; a regular file is then read as usual */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open %s '%s': %s", what, path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot read %s '%s': not a regular file", what, path);
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    FILE *f = fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) ? NULL : fdopen(fd, "r");
    if (!f) {
        snprintf(err, errlen, "cannot open %s '%s': %s", what, path, strerror(errno));
        close(fd);
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
    /* a UTF-8 byte-order mark is not text: every input skips it alike */
    unsigned char bom[3];
    if (fread(bom, 1, 3, f) != 3 || bom[0] != 0xEF || bom[1] != 0xBB || bom[2] != 0xBF) {
        if (fseek(f, 0, SEEK_SET)) {
            snprintf(err, errlen, "cannot read %s '%s': %s", what, path, strerror(errno));
            fclose(f);
            return NULL;
        }
    }
    return f;
}

long textfile_line(char **line, size_t *cap, FILE *f)
{
    ssize_t got = getline(line, cap, f);
    if (got < 0) return -1;
    /* a line ends at LF or CR LF, in every text input */
    if (got && (*line)[got - 1] == '\n') (*line)[--got] = 0;
    if (got && (*line)[got - 1] == '\r') (*line)[--got] = 0;
    return (long)got;
}

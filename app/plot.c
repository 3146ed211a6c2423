/* plot.c: see plot.h. */
#include "plot.h"
#include "cli.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int plot_writable(const char *path, char *err, size_t errlen)
{
    const char *ext = strrchr(path, '.');
    if (!ext || (strcmp(ext, ".svg") && strcmp(ext, ".png"))) {
        snprintf(err, errlen, "'%s': a plot is written as .svg or .png, by the name's ending", path);
        return 0;
    }
    return !cli_path_writable(path, err, errlen);
}

int plot_tmp_begin(plot_tmp *t, char *err, size_t errlen)
{
    const char *base = getenv("TMPDIR");
    snprintf(t->dir, sizeof t->dir, "%s/flitnet-plot-XXXXXX", base && *base ? base : "/tmp");
    t->nfiles = 0;
    t->figure[0] = 0;
    if (!mkdtemp(t->dir)) { snprintf(err, errlen, "cannot make a temporary directory: %s", strerror(errno)); return -1; }
    return 0;
}

FILE *plot_tmp_open(plot_tmp *t, const char *name, char *path, size_t plen, char *err, size_t errlen)
{
    if (t->nfiles >= 16) { snprintf(err, errlen, "too many curves for one plot"); return NULL; }
    char full[320];
    snprintf(full, sizeof full, "%s/%s", t->dir, name);
    memcpy(t->files[t->nfiles], full, sizeof full);
    FILE *f = fopen(t->files[t->nfiles], "w");
    if (!f) { snprintf(err, errlen, "cannot write '%s': %s", t->files[t->nfiles], strerror(errno)); return NULL; }
    snprintf(path, plen, "%s", t->files[t->nfiles++]);
    return f;
}

void plot_tmp_end(plot_tmp *t)
{
    for (int i = 0; i < t->nfiles; i++) remove(t->files[i]);
    rmdir(t->dir);
}

/* s as a gnuplot string literal: single quotes, where only '' stands for a quote (a path
 * or a title may hold quotes and backslashes) */
static void put_literal(FILE *g, const char *s)
{
    fputc('\'', g);
    for (; *s; s++) {
        if (*s == '\n') { /* a single-quoted string takes no escapes: a line break is joined on */
            fputs("'.\"\\n\".'", g);
            continue;
        }
        if (*s == '\'') fputc('\'', g);
        fputc(*s, g);
    }
    fputc('\'', g);
}

void plot_terminal(FILE *g, plot_tmp *t, const char *path, const char *title, int width, int height)
{
    const char *ext = strrchr(path, '.');
    int png = ext && !strcmp(ext, ".png");
    snprintf(t->figure, sizeof t->figure, "%s/figure.%s", t->dir, png ? "png" : "svg");
    memcpy(t->files[t->nfiles++], t->figure, sizeof t->figure); /* removed with the data */
    fprintf(g, "set terminal %s size %d,%d font 'sans,12' background rgb 'white'\n", png ? "pngcairo" : "svg", width,
            height);
    fprintf(g, "set termoption noenhanced\n");
    fputs("set output ", g);
    put_literal(g, t->figure);
    fputs("\nset title ", g);
    put_literal(g, title ? title : "");
    fputc('\n', g);
}

/* copies the file from to path; 0, or -1 with why not (a full disk is found here) */
static int copy_file(const char *from, const char *path, char *err, size_t errlen)
{
    FILE *in = fopen(from, "rb");
    if (!in) { snprintf(err, errlen, "gnuplot wrote no figure for '%s'", path); return -1; }
    FILE *out = fopen(path, "wb");
    if (!out) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        fclose(in);
        return -1;
    }
    char buf[65536];
    size_t n;
    int bad = 0;
    while (!bad && (n = fread(buf, 1, sizeof buf, in)) > 0) bad = fwrite(buf, 1, n, out) != n;
    bad |= ferror(in);
    fclose(in);
    if (fclose(out)) bad = 1;
    if (bad) { snprintf(err, errlen, "writing '%s' failed: %s", path, strerror(errno)); return -1; }
    return 0;
}

int plot_finish(FILE *g, plot_tmp *t, const char *path, char *err, size_t errlen)
{
    int rc = pclose(g);
    if (rc) snprintf(err, errlen, "gnuplot failed writing '%s'", path);
    else rc = copy_file(t->figure, path, err, errlen);
    plot_tmp_end(t);
    return rc ? -1 : 0;
}

/* plot.h: what every gnuplot figure of flitnet shares: the output file checked before
 * any work, the data files in a temporary directory of their own (removed when the
 * figure is made), the terminal (.png or SVG), gnuplot's exit status, and the figure
 * written to its file by us (gnuplot exits 0 when its own write fails). */
#ifndef FLITNET_PLOT_H
#define FLITNET_PLOT_H
#include <stddef.h>
#include <stdio.h>

typedef struct {
    char dir[256];
    char files[17][320]; /* the data files, then the figure gnuplot makes */
    int nfiles;
    char figure[320]; /* where gnuplot writes the figure, in dir */
} plot_tmp;

/* 1 if the file is named .svg or .png and can be written (tried before a run or a sweep,
 * so a bad path costs no run, and gnuplot's complaint about it would take several lines),
 * else 0 with a reason */
int plot_writable(const char *path, char *err, size_t errlen);
/* a temporary directory for the data files; 0 or -1 with a reason */
int plot_tmp_begin(plot_tmp *t, char *err, size_t errlen);
/* a data file `name` in it, open for writing, its path in path; NULL with a reason */
FILE *plot_tmp_open(plot_tmp *t, const char *name, char *path, size_t plen, char *err, size_t errlen);
/* removes the data files and the directory */
void plot_tmp_end(plot_tmp *t);
/* gnuplot's terminal for path (pngcairo for .png, else SVG) at width x height pixels, its
 * output (a file in t's directory, copied to path by plot_finish) and the title; text is
 * not "enhanced" (routing names have underscores) */
void plot_terminal(FILE *g, plot_tmp *t, const char *path, const char *title, int width, int height);
/* closes gnuplot g, copies the figure to path and removes the data; 0, or -1 when gnuplot
 * failed or the figure could not be written */
int plot_finish(FILE *g, plot_tmp *t, const char *path, char *err, size_t errlen);
#endif

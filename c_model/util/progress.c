/* progress.c: see progress.h. */
#include "progress.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define LEVELS 4
static int enabled, depth, shown; /* shown: the width of the line on the terminal */
static double t_start, t_shown;
static char label[LEVELS][48]; /* each open task's last state, shown before an inner one's */

void progress_enable(int on) { enabled = on; }
int progress_enabled(void) { return enabled; }

double progress_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void progress_begin(void)
{
    if (depth < LEVELS) label[depth][0] = 0;
    if (depth++ || !enabled) return;
    t_start = progress_now();
    t_shown = 0;
    shown = 0;
}

void progress_end(void)
{
    if (depth > 0 && --depth == 0 && enabled && shown) fprintf(stderr, "\r%*s\r", shown, "");
}

void progress_show(const char *fmt, ...)
{
    if (!enabled || !depth) return;
    const int d = depth <= LEVELS ? depth - 1 : LEVELS - 1;
    const double now = progress_now();
    /* kept: an outer task's state shows before its inner tasks' (its own calls may be rare) */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(label[d], sizeof label[d], fmt, ap);
    va_end(ap);
    if (now - t_start < PROGRESS_AFTER_S || now - t_shown < 1) return;
    char line[LEVELS * 50] = "";
    for (int i = 0; i <= d; i++)
        if (label[i][0]) snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", line[0] ? "; " : "", label[i]);
    const int w = fprintf(stderr, "\r[%s, %.0f s]%8s", line, now - t_start, "");
    t_shown = now;
    if (w > shown) shown = w;
}

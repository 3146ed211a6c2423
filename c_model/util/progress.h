/* progress.h: one line on stderr for work that takes more than a few seconds (a run's
 * cycles, drawing a fault set, checking every pair of a routing): shown only once enabled
 * (the command line enables it when stderr is a terminal), after PROGRESS_AFTER_S seconds
 * of a task, at most once a second, and cleared when the task ends. It reads the clock
 * only: it cannot change a result. Tasks nest: an inner one's lines show under the outer
 * one's clock. */
#ifndef FLITNET_PROGRESS_H
#define FLITNET_PROGRESS_H

#define PROGRESS_AFTER_S 3.0

void progress_enable(int on);
int progress_enabled(void);
/* a task starts (the outermost starts the clock) and ends (the outermost clears its line) */
void progress_begin(void);
void progress_end(void);
/* the task's state as printf(fmt, ...) if a line is due (cheap when not: the clock only) */
void progress_show(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* seconds on a monotonic clock */
double progress_now(void);
#endif

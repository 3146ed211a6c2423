/* sweep.h: latency-vs-rate sweeps run as parallel worker processes, stopped at the
 * first saturated point, printed as a table, written as CSV and plotted with gnuplot. */
#ifndef FLITNET_SWEEP_H
#define FLITNET_SWEEP_H
#include "config.h"

typedef struct {
    double rate;
    int ok;                /* 1: ran; 0: skipped past saturation; -1: failed */
    int saturated, deadlock;
    double avg_latency, latency_ci95, avg_network_latency, avg_source_wait, p99;
    double accepted_flit_rate, normalized_throughput, zero_load_latency, wall_seconds;
    unsigned long long messages_delivered, flit_hops, cycles;
    char err[256];
} sweep_point;

typedef struct {
    double from, to, step;
    int flit_unit;         /* the range is in flits/node/cycle */
    int jobs;
    int all;               /* run every point, even past saturation */
    const char *csv, *plot, *title;
} sweep_spec;

/* parses "A:B:STEP"; 0 or -1 with a reason */
int sweep_parse_range(const char *s, sweep_spec *sp, char *err, size_t errlen);
/* runs the points; fills *pts (malloc'd) and *npts; prints the table on stdout.
 * Returns 0, or -1 with a reason. */
int sweep_run(const sim_config *base, const sweep_spec *sp, sweep_point **pts, int *npts, char *err, size_t errlen);
/* a model's latency curve drawn beside the measurement */
typedef struct {
    const char *name;
    const double *rate, *latency;  /* NAN latency: saturated, not drawn */
    int n;
} plot_curve;

/* gnuplot of the measured latency (with CI bars) vs rate and any model curves;
 * 0 or -1 with a reason */
int sweep_plot(const char *path, const char *title, const sweep_point *pts, int n, const plot_curve *curves,
               int ncurves, char *err, size_t errlen);
#endif

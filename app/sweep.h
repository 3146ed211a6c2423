/* sweep.h: latency-vs-rate sweeps run as parallel worker processes, stopped at the
 * first saturated point, printed as a table, written as CSV and plotted with gnuplot. */
#ifndef FLITNET_SWEEP_H
#define FLITNET_SWEEP_H
#include "config.h"
#include "plot.h" /* plot_writable, for the callers of the plots below */

typedef struct {
    double rate;
    int ok;                /* 1: ran; 0: skipped past saturation; -1: failed */
    int corrupt;           /* failed by corrupt deliveries (exit 3), not at set-up */
    int saturated, deadlock;
    double avg_latency, latency_ci95, avg_network_latency, avg_source_wait, p99;
    double accepted_flit_rate, normalized_throughput, zero_load_latency, wall_seconds;
    double capacity;       /* the topology's ideal uniform-traffic throughput, flits/node/cycle */
    unsigned long long messages_delivered, flit_hops, cycles;
    unsigned long long inputs; /* merge: a digest of the fault set the point ran on */
    char err[256];
} sweep_point;

typedef struct {
    double from, to, step;
    int flit_unit;         /* the range is in flits/node/cycle */
    int jobs;
    int all;               /* run every point, even past saturation */
    const char *csv, *plot, *title;
    const char *throughput;  /* accepted vs offered plot, or NULL */
} sweep_spec;

/* the grid of a range: its number of points, and point i in the range's own unit */
int sweep_npoints(const sweep_spec *sp);
double sweep_point_rate(const sweep_spec *sp, int i);
/* parses "A:B:STEP"; 0 or -1 with a reason */
/* without sp->all, the points above the first saturated (or deadlocked) one are skipped
 * (ok = 0), whichever of them a worker had already finished: the output does not depend on
 * the workers' timing */
void sweep_cut(const sweep_spec *sp, sweep_point *pts, int n);
/* the points' table on stdout and, with sp->csv, the CSV file (what sweep_run prints) */
int sweep_output(const sim_config *base, const sweep_spec *sp, const sweep_point *pts, int n, char *err, size_t errlen);
/* prints each distinct failure of the points once ("flitnet: rate R: why") on stderr;
 * returns the exit status they call for: 0 none failed, 3 a corrupt delivery, else 1.
 * *all (if not NULL) is set when no point ran. */
int sweep_report_failures(const sweep_point *pts, int n, int *all);
int sweep_parse_range(const char *s, sweep_spec *sp, char *err, size_t errlen);
/* the range argument ("rate=A:B:STEP" or "flit_rate=A:B:STEP", blanks allowed before the
 * key) gives flits/node/cycle */
int sweep_range_in_flits(const char *range);
/* a range the process cannot offer (a Bernoulli rate above 1), or a configuration its runs
 * would refuse (net_setup_check at the first rate): -1 with a reason, else 0 */
int sweep_check_range(const sim_config *base, const sweep_spec *sp, char *err, size_t errlen);
/* runs the points; fills *pts (malloc'd) and *npts; prints the table on stdout.
 * Returns 0, or -1 with a reason. */
int sweep_run(const sim_config *base, const sweep_spec *sp, sweep_point **pts, int *npts, char *err, size_t errlen);
/* the digits after the decimal point that show the rates of a grid from A by STEP
 * (0.001 -> 3, 0.0005 -> 4), at most 3 significant digits of STEP */
int sweep_rate_decimals(double from, double step);
/* a round grid step near x: 1, 2, 2.5 or 5 times a power of ten */
double sweep_round_step(double x);

/* one measured curve of a plot */
typedef struct {
    const char *name;      /* legend prefix (a routing), or NULL for "simulation" */
    const sweep_point *pts;
    int n;
} plot_series;

/* a model's latency curve drawn beside the measurement */
typedef struct {
    const char *name;
    const double *rate, *latency;  /* NAN latency: saturated, not drawn */
    int n;
    int series;            /* drawn in the colour of this series; -1: a colour of its own */
} plot_curve;

/* the load as a share of the capacity on a second axis, when capacity > 0 */
typedef struct {
    double msg_len, capacity;
} plot_axes;

/* gnuplot of the measured latency (with CI bars) vs rate and any model curves; the data
 * files live in a temporary directory removed afterwards. 0 or -1 with a reason */
int sweep_plot(const char *path, const char *title, const plot_series *series, int nseries, const plot_curve *curves,
               int ncurves, const plot_axes *axes, char *err, size_t errlen);
/* gnuplot of the accepted throughput vs the offered load, with the ideal (accepted =
 * offered, up to the capacity); 0 or -1 with a reason */
int sweep_plot_throughput(const char *path, const char *title, const plot_series *series, int nseries,
                          const plot_axes *axes, char *err, size_t errlen);
#endif

/* sweep.c: see sweep.h. Each point runs in a forked worker that writes its
 * sweep_point (smaller than PIPE_BUF, so one atomic write) to a pipe. */
#include "sweep.h"
#include "progress.h"
#include "plot.h"
#include "cli.h"
#include "netsetup.h"
#include "report.h"
#include "sim.h"
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int sweep_parse_range(const char *s, sweep_spec *sp, char *err, size_t errlen)
{
    char extra;
    if (sscanf(s, "%lf :%lf :%lf %c", &sp->from, &sp->to, &sp->step, &extra) != 3) {
        snprintf(err, errlen, "rate range '%s' is not A:B:STEP", s);
        return -1;
    }
    if (!(sp->from > 0) || !(sp->step > 0) || sp->to < sp->from) {
        snprintf(err, errlen, "rate range '%s' needs 0 < A <= B and STEP > 0", s);
        return -1;
    }
    if ((sp->to - sp->from) / sp->step > 10000) {
        snprintf(err, errlen, "rate range '%s' has more than 10000 points", s);
        return -1;
    }
    return 0;
}

int sweep_range_in_flits(const char *range) { return !strncmp(range + strspn(range, " \t"), "flit_rate", 9); }

int sweep_npoints(const sweep_spec *sp) { return (int)floor((sp->to - sp->from) / sp->step + 1e-9) + 1; }
double sweep_point_rate(const sweep_spec *sp, int i)
{
    if (i == 0) return sp->from;
    /* the point as the decimal it stands for: from + i * step carries the sum's rounding
     * (0.1 + 2 * 0.1 is 0.30000000000000004), which the same rate typed by hand does not,
     * and a point run again by hand must be the sweep's point */
    char b[32];
    snprintf(b, sizeof b, "%.15g", sp->from + i * sp->step);
    return strtod(b, NULL);
}

int sweep_report_failures(const sweep_point *pts, int n, int *all)
{
    int rc = 0, ran = 0;
    for (int i = 0; i < n; i++) {
        if (pts[i].ok == 1) ran = 1;
        if (pts[i].ok >= 0) continue;
        if (pts[i].corrupt) rc = 3;
        else if (!rc) rc = 1;
        int seen = 0;
        for (int j = 0; j < i && !seen; j++) seen = pts[j].ok < 0 && !strcmp(pts[j].err, pts[i].err);
        if (!seen) fprintf(stderr, "flitnet: rate %.6g: %s\n", pts[i].rate, pts[i].err);
    }
    if (all) *all = !ran;
    return rc;
}

static void run_point(const sim_config *base, double rate, int flit_unit, sweep_point *p)
{
    sim_config c = *base;
    c.rate = flit_unit ? rate / c.msg_len : rate;
    c.flit_rate = c.rate * c.msg_len;
    sim_result r;
    memset(p, 0, sizeof *p);
    p->rate = c.rate;
    if (sim_run(&c, NULL, &r, p->err, sizeof p->err)) {
        p->ok = -1;
        return;
    }
    p->ok = 1;
    p->saturated = r.saturated;
    p->deadlock = r.deadlock;
    p->avg_latency = r.avg_latency;
    p->latency_ci95 = r.latency_ci95;
    p->avg_network_latency = r.avg_network_latency;
    p->avg_source_wait = r.avg_source_wait;
    p->p99 = r.p99;
    p->accepted_flit_rate = r.accepted_flit_rate;
    p->normalized_throughput = r.normalized_throughput;
    p->zero_load_latency = r.zero_load_latency;
    p->wall_seconds = r.wall_seconds;
    p->capacity = r.capacity;
    p->messages_delivered = r.messages_delivered;
    p->flit_hops = r.flit_hops;
    p->cycles = r.cycles;
    if (r.corrupt) {
        p->ok = -1;
        p->corrupt = 1;
        snprintf(p->err, sizeof p->err, "%llu corrupt deliveries: %.200s", (unsigned long long)r.corrupt, r.corrupt_first);
    }
    sim_result_free(&r);
}

static const char *pstatus(const sweep_point *p)
{
    if (p->ok == 0) return "skipped";
    if (p->ok < 0) return "FAILED";
    if (p->deadlock) return "DEADLOCK";
    return p->saturated ? "SATURATED" : "ok";
}

int sweep_check_range(const sim_config *base, const sweep_spec *sp, char *err, size_t errlen)
{
    const double top = sp->flit_unit ? sp->to / base->msg_len : sp->to;
    if (base->process == PROC_BERNOULLI && top > 1) { /* as sim refuses one such rate */
        snprintf(err, errlen, "the rate range reaches %g messages/cycle, above 1, impossible for a Bernoulli process", top);
        return -1;
    }
    /* what every point's run checks before its first cycle, once rather than per point */
    sim_config first = *base;
    first.rate = sp->flit_unit ? sp->from / base->msg_len : sp->from;
    first.flit_rate = first.rate * first.msg_len;
    return net_setup_check(&first, err, errlen);
}

int sweep_run(const sim_config *base, const sweep_spec *sp, sweep_point **pts_out, int *npts, char *err, size_t errlen)
{
    int n = sweep_npoints(sp);
    if (sweep_check_range(base, sp, err, errlen)) return -1;
    sweep_point *pts = calloc((size_t)n, sizeof *pts);
    pid_t *pid = calloc((size_t)n, sizeof *pid);
    int *fd = calloc((size_t)n, sizeof *fd);
    if (!pts || !pid || !fd) { snprintf(err, errlen, "out of memory"); free(pts); free(pid); free(fd); return -1; }
    int jobs = sp->jobs > 0 ? sp->jobs : 1, running = 0, next = 0, done = 0, stop_at = n;
    int tty = isatty(2);
    for (int i = 0; i < n; i++) pts[i].rate = sweep_point_rate(sp, i);
    fflush(stdout);
    /* points at index >= stop_at lie past a saturated point and are skipped (ok = 0) */
    while (running || next < stop_at) {
        while (running < jobs && next < stop_at) {
            int p[2];
            if (pipe(p)) { snprintf(err, errlen, "pipe: %s", strerror(errno)); goto fail; }
            pid_t c = fork();
            if (c < 0) {
                snprintf(err, errlen, "fork: %s", strerror(errno));
                close(p[0]);
                close(p[1]);
                goto fail;
            }
            if (c == 0) {
                close(p[0]);
                progress_enable(0); /* the workers share one terminal: the table shows the points */
                sweep_point r;
                run_point(base, pts[next].rate, sp->flit_unit, &r);
                ssize_t w = write(p[1], &r, sizeof r);
                _exit(w == (ssize_t)sizeof r ? 0 : 1);
            }
            close(p[1]);
            pid[next] = c;
            fd[next] = p[0];
            running++;
            next++;
        }
        int status;
        pid_t c = waitpid(-1, &status, 0);
        if (c < 0) { snprintf(err, errlen, "waitpid: %s", strerror(errno)); goto fail; }
        int i;
        for (i = 0; i < n && pid[i] != c; i++) {}
        if (i == n) continue;
        double rate = pts[i].rate;
        sweep_point r;
        ssize_t got = read(fd[i], &r, sizeof r);
        close(fd[i]);
        pid[i] = 0;
        running--;
        done++;
        if (got == (ssize_t)sizeof r) pts[i] = r;
        else { pts[i].ok = -1; pts[i].rate = rate; snprintf(pts[i].err, sizeof pts[i].err, "worker died"); }
        if (tty)
            fprintf(stderr, "\r[%d/%d] rate %.6g: %s, latency %.1f        ", done, stop_at, pts[i].rate,
                    pstatus(&pts[i]), pts[i].avg_latency);
        if (!sp->all && pts[i].ok == 1 && (pts[i].saturated || pts[i].deadlock) && i + 1 < stop_at) {
            /* results above i that already finished are kept; the rest is skipped */
            for (int j = i + 1; j < n; j++) {
                if (pid[j]) {
                    kill(pid[j], SIGKILL);
                    waitpid(pid[j], NULL, 0);
                    close(fd[j]);
                    pid[j] = 0;
                    running--;
                    pts[j].ok = 0;
                } else if (j >= next) {
                    pts[j].ok = 0;
                }
            }
            stop_at = i + 1;
        }
    }
    if (tty) fprintf(stderr, "\n");
    free(pid);
    free(fd);
    sweep_cut(sp, pts, n);
    if (sweep_output(base, sp, pts, n, err, errlen)) { free(pts); return -1; }
    *pts_out = pts;
    *npts = n;
    return 0;
fail: /* stop the workers still running, free what the sweep holds */
    for (int i = 0; i < next; i++)
        if (pid[i] > 0) {
            kill(pid[i], SIGKILL);
            waitpid(pid[i], NULL, 0);
            close(fd[i]);
        }
    free(pts);
    free(pid);
    free(fd);
    return -1;
}

void sweep_cut(const sweep_spec *sp, sweep_point *pts, int n)
{
    if (sp->all) return;
    int i = 0;
    while (i < n && !(pts[i].ok == 1 && (pts[i].saturated || pts[i].deadlock))) i++;
    for (int j = i + 1; j < n; j++) pts[j].ok = 0;
}

int sweep_output(const sim_config *base, const sweep_spec *sp, const sweep_point *pts, int n, char *err, size_t errlen)
{
    /* rates to the digits of the grid (its points are sums of doubles), flit rates likewise */
    const double msgs_step = sp->flit_unit ? sp->step / base->msg_len : sp->step;
    const double msgs_from = sp->flit_unit ? sp->from / base->msg_len : sp->from;
    const int dm = sweep_rate_decimals(msgs_from, msgs_step),
              df = sweep_rate_decimals(msgs_from * base->msg_len, msgs_step * base->msg_len);
    printf("%-12s %-11s %10s %8s %9s %9s %8s %9s %7s  %s\n", "rate", "flit_rate", "latency", "ci95", "network",
           "src_wait", "p99", "accepted", "norm", "status");
    for (int i = 0; i < n; i++) {
        const sweep_point *p = &pts[i];
        if (p->ok == 0) continue;
        printf("%-12.*f %-11.*f", dm, p->rate, df, p->rate * base->msg_len);
        if (p->ok < 0) { printf("  FAILED: %s\n", p->err); continue; }
        char acc[16] = "-", norm[16] = "-"; /* not measured: a run not simulated, a deadlock in the warm-up */
        if (isfinite(p->accepted_flit_rate)) {
            snprintf(acc, sizeof acc, "%.5f", p->accepted_flit_rate);
            snprintf(norm, sizeof norm, "%.4f", p->normalized_throughput);
        }
        if (!p->messages_delivered || !isfinite(p->avg_latency)) { /* a deadlock can stop a run before any delivery */
            printf(" %10s %8s %9s %9s %8s %9s %7s  %s\n", "-", "-", "-", "-", "-", acc, norm, pstatus(p));
            continue;
        }
        char ci[16];
        if (isfinite(p->latency_ci95)) snprintf(ci, sizeof ci, "%.2f", p->latency_ci95);
        else snprintf(ci, sizeof ci, "-");
        printf(" %10.2f %8s %9.2f %9.2f %8.0f %9s %7s  %s\n", p->avg_latency, ci, p->avg_network_latency,
               p->avg_source_wait, p->p99, acc, norm, pstatus(p));
    }
    if (sp->csv) {
        FILE *f = report_csv_open(sp->csv, "rate,flit_rate,avg_latency,latency_ci95,avg_network_latency,"
                                           "avg_source_wait,p99,accepted_flit_rate,normalized_throughput,"
                                           "zero_load_latency,messages_delivered,flit_hops,cycles,wall_seconds,status");
        if (!f) { snprintf(err, errlen, "cannot write '%s': %s", sp->csv, strerror(errno)); return -1; }
        for (int i = 0; i < n; i++) {
            const sweep_point *p = &pts[i];
            if (p->ok != 1) continue;
            fprintf(f, "%.8g,%.8g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%llu,%llu,%llu,%.4f,%s\n", p->rate,
                    p->rate * base->msg_len, p->avg_latency, p->latency_ci95, p->avg_network_latency,
                    p->avg_source_wait, p->p99, p->accepted_flit_rate, p->normalized_throughput,
                    p->zero_load_latency, p->messages_delivered, p->flit_hops, p->cycles, p->wall_seconds,
                    pstatus(p));
        }
        if (report_csv_close(f, sp->csv, err, errlen)) return -1;
    }
    return 0;
}

int sweep_rate_decimals(double from, double step)
{
    if (!(step > 0) || !isfinite(step)) return 6;
    /* 3 significant digits of the step, and of the first rate when that is smaller (a
     * first rate of 1e-6 under a step of 0.01 must not show as 0.0000) */
    int cap = 2 - (int)floor(log10(step));
    if (from > 0 && isfinite(from) && 2 - (int)floor(log10(from)) > cap) cap = 2 - (int)floor(log10(from));
    for (int d = 0; d < cap; d++) {
        double a = step * pow(10, d), b = from * pow(10, d);
        if (fabs(a - round(a)) < 1e-6 * a && fabs(b - round(b)) < 1e-6 * (b > a ? b : a)) return d;
    }
    return cap < 0 ? 0 : cap;
}

double sweep_round_step(double x)
{
    if (!(x > 0) || !isfinite(x)) return x;
    double p = pow(10, floor(log10(x))), m = x / p;
    return p * (m < 1.5 ? 1 : m < 2.25 ? 2 : m < 3.5 ? 2.5 : m < 7.5 ? 5 : 10);
}

/* the data of one series: rate, latency, ci95, saturated-or-deadlocked, accepted flit rate */
static FILE *write_series(plot_tmp *t, int k, const plot_series *s, char *path, size_t plen, char *err, size_t errlen)
{
    char name[32];
    snprintf(name, sizeof name, "sim%d.dat", k);
    FILE *d = plot_tmp_open(t, name, path, plen, err, errlen);
    if (!d) return NULL;
    for (int i = 0; i < s->n; i++) {
        const sweep_point *p = &s->pts[i];
        if (p->ok != 1) continue;
        int lat_ok = !p->deadlock && isfinite(p->avg_latency);
        /* a throughput not measured is gnuplot's missing value: no point, and no line to it */
        char acc[24] = "?";
        if (isfinite(p->accepted_flit_rate)) snprintf(acc, sizeof acc, "%.6g", p->accepted_flit_rate);
        fprintf(d, "%.8g %.6g %.6g %d %s\n", p->rate, lat_ok ? p->avg_latency : 0,
                lat_ok && isfinite(p->latency_ci95) ? p->latency_ci95 : 0, p->saturated || !lat_ok, acc);
    }
    return d;
}

/* the terminal, the x range (a margin past the last point, so a saturation mark at the
 * last point stays off the frame) and the second axes that show the load as a share of
 * capacity (the y2 axis too when ytop > 0: the top of the y range) */
static void plot_head(FILE *g, plot_tmp *t, const char *path, const char *title, double xmax, const plot_axes *axes, double ytop)
{
    plot_terminal(g, t, path, title, 900, 600);
    fprintf(g, "set xlabel 'offered load (messages/node/cycle)'\nset grid\n");
    if (xmax > 0) fprintf(g, "set xrange [0:%.8g]\n", xmax * 1.06);
    else fprintf(g, "set xrange [0:*]\n");
    if (axes && axes->capacity > 0 && axes->msg_len > 0 && xmax > 0) {
        /* gnuplot's linked axes need an explicit tic step */
        const double f = axes->msg_len / axes->capacity * 100;
        fprintf(g, "set xtics nomirror\nset link x2 via x*%.10g inverse x/%.10g\nset x2tics %g\n", f, f,
                sweep_round_step(xmax * 1.06 * f / 8));
        fprintf(g, "set x2label 'offered load (%% of the uniform-traffic capacity, %.4g flits/node/cycle)'\n",
                axes->capacity);
        if (ytop > 0) {
            const double h = 100 / axes->capacity;
            fprintf(g, "set ytics nomirror\nset link y2 via y*%.10g inverse y/%.10g\nset y2tics %g\n", h, h,
                    sweep_round_step(ytop * h / 8));
            fprintf(g, "set y2label 'accepted (%% of the capacity)'\n");
        }
    }
}

static double series_xmax(const plot_series *series, int nseries)
{
    double x = 0;
    for (int k = 0; k < nseries; k++)
        for (int i = 0; i < series[k].n; i++)
            if (series[k].pts[i].ok == 1 && series[k].pts[i].rate > x) x = series[k].pts[i].rate;
    return x;
}

int sweep_plot(const char *path, const char *title, const plot_series *series, int nseries, const plot_curve *curves,
               int ncurves, const plot_axes *axes, char *err, size_t errlen)
{
    plot_tmp t;
    if (!plot_writable(path, err, errlen) || plot_tmp_begin(&t, err, errlen)) return -1;
    char dat[16][320];
    double ymax = 0, zl = -1, sat_rate[16];
    if (nseries > 8 || ncurves > 8) { snprintf(err, errlen, "too many curves for one plot"); plot_tmp_end(&t); return -1; }
    for (int k = 0; k < nseries; k++) {
        FILE *d = write_series(&t, k, &series[k], dat[k], sizeof dat[k], err, errlen);
        if (!d) { plot_tmp_end(&t); return -1; }
        fclose(d);
        sat_rate[k] = -1;
        for (int i = 0; i < series[k].n; i++) {
            const sweep_point *p = &series[k].pts[i];
            if (p->ok != 1) continue;
            if ((p->saturated || p->deadlock) && sat_rate[k] < 0) sat_rate[k] = p->rate;
            if (zl < 0) zl = p->zero_load_latency;
            if (!p->saturated && !p->deadlock && isfinite(p->avg_latency) && p->avg_latency > ymax) ymax = p->avg_latency;
        }
    }
    double xmax = series_xmax(series, nseries);
    for (int c = 0; c < ncurves; c++) {
        char name[32];
        snprintf(name, sizeof name, "model%d.dat", c);
        FILE *m = plot_tmp_open(&t, name, dat[8 + c], sizeof dat[8 + c], err, errlen);
        if (!m) { plot_tmp_end(&t); return -1; }
        for (int i = 0; i < curves[c].n; i++)
            if (isfinite(curves[c].latency[i])) {
                fprintf(m, "%.8g %.6g\n", curves[c].rate[i], curves[c].latency[i]);
                if (!nseries && curves[c].rate[i] > xmax) xmax = curves[c].rate[i];
            }
        fclose(m);
    }
    FILE *g = popen("gnuplot", "w");
    if (!g) { snprintf(err, errlen, "cannot run gnuplot"); plot_tmp_end(&t); return -1; }
    plot_head(g, &t, path, title, xmax, axes, 0);
    fprintf(g, "set ylabel 'mean message latency (cycles)'\nset key top left\n");
    if (ymax > 0) fprintf(g, "set yrange [0:%g]\n", ymax * 1.6);
    else fprintf(g, "set yrange [0:*]\n");
    for (int k = 0; k < nseries; k++)
        if (sat_rate[k] > 0) /* saturated latencies are off any useful scale: mark the rate instead */
            fprintf(g, "set arrow from %.8g, graph 0 to %.8g, graph 1 nohead dt 3 lw 2 lc %d\n"
                       "set label '%s%sfirst saturated point' at %.8g, graph %.2f right offset -0.5,0 textcolor lt %d\n",
                    sat_rate[k], sat_rate[k], k + 1, series[k].name ? series[k].name : "",
                    series[k].name ? " " : "", sat_rate[k], 0.95 - 0.05 * k, k + 1);
    const char *sep = "plot ";
    for (int k = 0; k < nseries; k++, sep = ", ")
        fprintf(g, "%s'%s' using 1:($4==0?$2:1/0):3 with yerrorlines lw 2 pt 7 lc %d title '%s%ssimulation (95%% CI)'",
                sep, dat[k], k + 1, series[k].name ? series[k].name : "", series[k].name ? " " : "");
    if (zl > 0) {
        fprintf(g, "%s%.6g with lines dt 2 lc rgb 'gray40' title 'zero-load closed form (%.1f)'", sep, zl, zl);
        sep = ", ";
    }
    for (int c = 0; c < ncurves; c++, sep = ", ") {
        int col = curves[c].series >= 0 ? curves[c].series + 1 : nseries + c + 1;
        fprintf(g, "%s'%s' using 1:2 with lines lw 2 dt %d lc %d title '%s'", sep, dat[8 + c],
                curves[c].series >= 0 ? 2 + 2 * (c % 2) : c + 1, col, curves[c].name);
    }
    if (!nseries && !ncurves) fprintf(g, "%s0 notitle", sep);
    fprintf(g, "\n");
    return plot_finish(g, &t, path, err, errlen);
}

int sweep_plot_throughput(const char *path, const char *title, const plot_series *series, int nseries,
                          const plot_axes *axes, char *err, size_t errlen)
{
    plot_tmp t;
    if (!plot_writable(path, err, errlen) || plot_tmp_begin(&t, err, errlen)) return -1;
    char dat[8][320];
    if (nseries < 1 || nseries > 8) { snprintf(err, errlen, "a throughput plot needs 1..8 curves"); plot_tmp_end(&t); return -1; }
    double ymax = 0;
    for (int k = 0; k < nseries; k++) {
        FILE *d = write_series(&t, k, &series[k], dat[k], sizeof dat[k], err, errlen);
        if (!d) { plot_tmp_end(&t); return -1; }
        fclose(d);
        for (int i = 0; i < series[k].n; i++)
            if (series[k].pts[i].ok == 1 && series[k].pts[i].accepted_flit_rate > ymax)
                ymax = series[k].pts[i].accepted_flit_rate;
    }
    const double cap = axes ? axes->capacity : 0, M = axes ? axes->msg_len : 0;
    if (cap > ymax) ymax = cap;
    FILE *g = popen("gnuplot", "w");
    if (!g) { snprintf(err, errlen, "cannot run gnuplot"); plot_tmp_end(&t); return -1; }
    plot_head(g, &t, path, title, series_xmax(series, nseries), axes, ymax * 1.12);
    fprintf(g, "set ylabel 'accepted throughput (flits/node/cycle)'\nset key bottom right opaque\n");
    fprintf(g, "set yrange [0:%.6g]\n", ymax * 1.12);
    const char *sep = "plot ";
    for (int k = 0; k < nseries; k++, sep = ", ")
        fprintf(g, "%s'%s' using 1:5 with linespoints lw 2 pt 7 lc %d title '%s%saccepted'", sep, dat[k], k + 1,
                series[k].name ? series[k].name : "", series[k].name ? " " : "");
    /* the ideal network accepts what is offered, up to its capacity */
    if (M > 0 && cap > 0)
        fprintf(g, ", (x*%.8g < %.8g ? x*%.8g : 1/0) with lines dt 2 lw 2 lc rgb 'gray40' title "
                   "'ideal: accepted = offered', %.8g with lines dt 3 lw 2 lc rgb 'black' title "
                   "'ideal capacity, uniform traffic (%.4g)'",
                M, cap, M, cap, cap);
    fprintf(g, "\n");
    return plot_finish(g, &t, path, err, errlen);
}

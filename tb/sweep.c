/* sweep.c: see sweep.h. Each point runs in a forked worker that writes its
 * sweep_point (smaller than PIPE_BUF, so one atomic write) to a pipe. */
#include "sweep.h"
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
    if (sscanf(s, "%lf:%lf:%lf%c", &sp->from, &sp->to, &sp->step, &extra) != 3) {
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
    p->messages_delivered = r.messages_delivered;
    p->flit_hops = r.flit_hops;
    p->cycles = r.cycles;
    if (r.corrupt) {
        p->ok = -1;
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

int sweep_run(const sim_config *base, const sweep_spec *sp, sweep_point **pts_out, int *npts, char *err, size_t errlen)
{
    int n = (int)floor((sp->to - sp->from) / sp->step + 1e-9) + 1;
    sweep_point *pts = calloc((size_t)n, sizeof *pts);
    pid_t *pid = calloc((size_t)n, sizeof *pid);
    int *fd = calloc((size_t)n, sizeof *fd);
    if (!pts || !pid || !fd) { snprintf(err, errlen, "out of memory"); free(pts); free(pid); free(fd); return -1; }
    int jobs = sp->jobs > 0 ? sp->jobs : 1, running = 0, next = 0, done = 0, stop_at = n;
    int tty = isatty(2);
    for (int i = 0; i < n; i++) pts[i].rate = sp->from + i * sp->step;
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
    const char *unit = sp->flit_unit ? "flits" : "msgs";
    printf("%-12s %-11s %10s %8s %9s %9s %8s %9s %7s  %s\n", "rate", "flit_rate", "latency", "ci95", "network",
           "src_wait", "p99", "accepted", "norm", "status");
    (void)unit;
    for (int i = 0; i < n; i++) {
        sweep_point *p = &pts[i];
        if (p->ok == 0) continue;
        if (p->ok < 0) { printf("%-12.6g %-11.6g  FAILED: %s\n", p->rate, p->rate * base->msg_len, p->err); continue; }
        printf("%-12.6g %-11.6g %10.2f %8.2f %9.2f %9.2f %8.0f %9.5f %7.4f  %s\n", p->rate, p->rate * base->msg_len,
               p->avg_latency, p->latency_ci95, p->avg_network_latency, p->avg_source_wait, p->p99,
               p->accepted_flit_rate, p->normalized_throughput, pstatus(p));
    }
    if (sp->csv) {
        FILE *f = fopen(sp->csv, "w");
        if (!f) { snprintf(err, errlen, "cannot write '%s': %s", sp->csv, strerror(errno)); free(pts); return -1; }
        fprintf(f, "rate,flit_rate,avg_latency,latency_ci95,avg_network_latency,avg_source_wait,p99,"
                   "accepted_flit_rate,normalized_throughput,zero_load_latency,messages_delivered,flit_hops,cycles,"
                   "wall_seconds,status\n");
        for (int i = 0; i < n; i++) {
            sweep_point *p = &pts[i];
            if (p->ok != 1) continue;
            fprintf(f, "%.8g,%.8g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%llu,%llu,%llu,%.4f,%s\n", p->rate,
                    p->rate * base->msg_len, p->avg_latency, p->latency_ci95, p->avg_network_latency,
                    p->avg_source_wait, p->p99, p->accepted_flit_rate, p->normalized_throughput,
                    p->zero_load_latency, p->messages_delivered, p->flit_hops, p->cycles, p->wall_seconds,
                    pstatus(p));
        }
        fclose(f);
    }
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

int sweep_plot(const char *path, const char *title, const sweep_point *pts, int n, const plot_curve *curves,
               int ncurves, char *err, size_t errlen)
{
    char dat[4096];
    snprintf(dat, sizeof dat, "%s.sim.dat", path);
    FILE *d = fopen(dat, "w");
    if (!d) { snprintf(err, errlen, "cannot write '%s': %s", dat, strerror(errno)); return -1; }
    double ymax = 0, sat_rate = -1, zl = -1;
    for (int i = 0; i < n; i++) {
        if (pts[i].ok != 1) continue;
        if ((pts[i].saturated || pts[i].deadlock) && sat_rate < 0) sat_rate = pts[i].rate;
        if (zl < 0) zl = pts[i].zero_load_latency;
        if (!pts[i].deadlock && isfinite(pts[i].avg_latency)) {
            fprintf(d, "%.8g %.6g %.6g %d\n", pts[i].rate, pts[i].avg_latency,
                    isfinite(pts[i].latency_ci95) ? pts[i].latency_ci95 : 0, pts[i].saturated);
            if (!pts[i].saturated && pts[i].avg_latency > ymax) ymax = pts[i].avg_latency;
        }
    }
    fclose(d);
    for (int c = 0; c < ncurves; c++) {
        char md[4200];
        snprintf(md, sizeof md, "%s.model%d.dat", path, c);
        FILE *m = fopen(md, "w");
        if (!m) { snprintf(err, errlen, "cannot write '%s': %s", md, strerror(errno)); return -1; }
        for (int i = 0; i < curves[c].n; i++)
            if (isfinite(curves[c].latency[i])) fprintf(m, "%.8g %.6g\n", curves[c].rate[i], curves[c].latency[i]);
        fclose(m);
    }
    FILE *g = popen("gnuplot", "w");
    if (!g) { snprintf(err, errlen, "cannot run gnuplot"); return -1; }
    const char *ext = strrchr(path, '.');
    int png = ext && !strcmp(ext, ".png");
    fprintf(g, "set terminal %s size 900,600 font 'sans,12' background rgb 'white'\n", png ? "pngcairo" : "svg");
    fprintf(g, "set output '%s'\n", path);
    fprintf(g, "set title \"%s\" noenhanced\n", title ? title : "");
    fprintf(g, "set xlabel 'offered load (messages/node/cycle)'\nset ylabel 'mean message latency (cycles)'\n");
    fprintf(g, "set key top left\nset grid\nset xrange [0:*]\n");
    if (ymax > 0) fprintf(g, "set yrange [0:%g]\n", ymax * 1.6);
    else if (!n) fprintf(g, "set yrange [0:*]\n");
    if (sat_rate > 0) /* saturated latencies are off any useful scale: mark the rate instead */
        fprintf(g, "set arrow from %.8g, graph 0 to %.8g, graph 1 nohead dt 3 lw 2 lc rgb 'red'\n"
                   "set label 'saturated' at %.8g, graph 0.95 right offset -0.5,0 textcolor rgb 'red'\n",
                sat_rate, sat_rate, sat_rate);
    const char *sep = "plot ";
    if (n) {
        fprintf(g, "plot '%s' using 1:($4==0?$2:1/0):3 with yerrorlines lw 2 pt 7 title 'simulation (95%% CI)'", dat);
        sep = ", ";
    }
    if (zl > 0) fprintf(g, ", %.6g with lines dt 2 lc rgb 'gray40' title 'zero-load closed form (%.1f)'", zl, zl);
    for (int c = 0; c < ncurves; c++, sep = ", ")
        fprintf(g, "%s'%s.model%d.dat' using 1:2 with lines lw 2 dt %d title '%s'", sep, path, c, c + 1,
                curves[c].name);
    fprintf(g, "\n");
    int rc = pclose(g);
    if (rc) { snprintf(err, errlen, "gnuplot failed writing '%s'", path); return -1; }
    return 0;
}

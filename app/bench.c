/* bench.c: see bench.h. Every run is a forked child, so the peak RSS that wait4()
 * reports belongs to that run alone. Timings are printed, never asserted. */
#include "bench.h"
#include "progress.h"
#include "cli.h"
#include "config.h"
#include "memory.h"
#include "netsetup.h"
#include "qmodel.h"
#include "report.h"
#include "sim.h"
#include "threads.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/wait.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif
#include <time.h>
#include <unistd.h>

typedef struct {
    int ok, saturated;
    double wall, cycles, flit_hops, accepted, latency;
    long rss_kb;
    double cpu;                 /* user + system seconds of the whole child (set-up included) */
    double instructions;        /* user-space instructions of the run (set-up included); < 0: not counted */
} bench_run;

/* why the hardware instruction counter is not available here ("" when it is) */
static char instr_why[160];

/* a user-space instruction counter of this process, disabled; -1 (and instr_why) when the
 * kernel or the machine gives none (no PMU in a VM, perf_event_paranoid > 2, not Linux) */
static int instr_open(void)
{
#ifdef __linux__
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_HARDWARE;
    a.size = sizeof a;
    a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.disabled = 1;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    if (fd < 0)
        snprintf(instr_why, sizeof instr_why, "perf_event_open(PERF_COUNT_HW_INSTRUCTIONS): %s", strerror(errno));
    return fd;
#else
    snprintf(instr_why, sizeof instr_why, "no perf_event_open on this system");
    return -1;
#endif
}

/* the counter's value, or -1 */
static double instr_read(int fd)
{
    uint64_t v;
    if (fd < 0 || read(fd, &v, sizeof v) != (ssize_t)sizeof v) return -1;
    return (double)v;
}

static bench_run run_child(const sim_config *c)
{
    bench_run b;
    memset(&b, 0, sizeof b);
    int p[2];
    if (pipe(p)) return b;
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        progress_enable(0); /* a benchmark's own line, not progress */
        sim_result r;
        char err[512];
        bench_run o;
        memset(&o, 0, sizeof o);
        const int fd = instr_open();
#ifdef __linux__
        if (fd >= 0) ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
#endif
        const int rc = sim_run(c, NULL, &r, err, sizeof err);
#ifdef __linux__
        if (fd >= 0) ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
#endif
        o.instructions = instr_read(fd);
        if (!rc) {
            o.ok = 1;
            o.saturated = r.saturated;
            o.wall = r.wall_seconds;
            o.cycles = (double)r.cycles;
            o.flit_hops = (double)r.flit_hops;
            o.accepted = r.accepted_flit_rate;
            o.latency = r.avg_latency;
        } else {
            fprintf(stderr, "flitnet bench: %s\n", err);
        }
        _exit(write(p[1], &o, sizeof o) == (ssize_t)sizeof o ? 0 : 1);
    }
    close(p[1]);
    if (read(p[0], &b, sizeof b) != (ssize_t)sizeof b) b.ok = 0;
    if (b.instructions < 0 && !instr_why[0]) { /* the child's reason, found again here */
        int fd = instr_open();
        if (fd >= 0) close(fd);
    }
    close(p[0]);
    int st;
    struct rusage ru;
    wait4(pid, &st, 0, &ru);
    b.rss_kb = ru.ru_maxrss;
    b.cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec +
            1e-6 * (double)ru.ru_stime.tv_usec;
    return b;
}

static void set(sim_config *c, const char *k, const char *v)
{
    char err[256];
    if (config_set(c, k, v, err, sizeof err)) {
        fprintf(stderr, "flitnet bench: %s\n", err);
        exit(1);
    }
}

/* the analytical models: time of the saturation rate and of a 50-point latency curve
 * up to 0.99 of it (solved as one series, as `flitnet model` does), each on a 16x16
 * torus (timeout: its own 2^10 hypercube), M = 32, and the refined Duato-Nbc model
 * also with M = 64 */
static void bench_models(void)
{
    static const struct { qm_kind kind; int variant; double M; } cases[] = {
        {QM_DUATO_NBC, QM_SEED, 32}, {QM_DUATO_NBC, QM_REFINED, 32}, {QM_DUATO_NBC, QM_REFINED, 64},
        {QM_SWFT, QM_SEED, 32},      {QM_TIMEOUT, QM_SEED, 32},      {QM_DOR_COMB, QM_SEED, 32},
        {QM_DOR_COMB, QM_REFINED, 32},
    };
    printf("\nmodels: saturation rate and a 50-point latency curve up to 0.99 of it, 16x16 torus (timeout: 2^10 "
           "hypercube)\n");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qm_params p;
        qm_params_init(&p, cases[i].kind);
        p.variant = cases[i].variant;
        p.M = cases[i].M;
        if (p.topo != QM_HYPERCUBE) p.k[0] = p.k[1] = 16;
        if (p.variant == QM_REFINED) { /* the refined models describe this simulator's router */
            p.tie_positive = 1;
            p.dateline = 2;
            if (p.kind == QM_DOR_COMB) {
                p.topo = QM_TORUS_BI;
                p.V = 10;
            }
        }
        struct timespec t0, t1, t2;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        double sat = qm_saturation_rate(&p, 1e-6);
        clock_gettime(CLOCK_MONOTONIC, &t2);
        double rates[50];
        qm_result r[50];
        for (int j = 0; j < 50; j++) rates[j] = 0.99 * sat * (j + 1) / 50.0;
        qm_curve(&p, rates, 50, r);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ms = (double)(t1.tv_sec - t2.tv_sec) * 1e3 + (double)(t1.tv_nsec - t2.tv_nsec) / 1e6;
        double bs = (double)(t2.tv_sec - t0.tv_sec) * 1e3 + (double)(t2.tv_nsec - t0.tv_nsec) / 1e6;
        printf("  %-9s %-7s M=%-3g saturation %.6g: bisection %7.2f ms, curve %7.2f ms\n", qm_name(p.kind),
               p.variant == QM_REFINED ? "refined" : "seed", p.M, sat, bs, ms);
    }
}

/* f-rings: the same routing and load with no faults and with 10 % faulty nodes */
static int bench_fring(long cycles)
{
    static const char *routings[] = {"duato", "dor"};
    printf("\nf-rings: 8x8 torus, V=10, M=64, 0.004 messages/node/cycle, no faults vs faults=10%% (fring)\n");
    printf("%-8s %-10s %9s %10s %12s %12s %12s\n", "routing", "faults", "latency", "accepted", "cycles/s",
           "flit-hops/s", "run incl. set-up");
    for (size_t i = 0; i < sizeof routings / sizeof routings[0]; i++)
        for (int f = 0; f < 2; f++) {
            sim_config c;
            char err[256], buf[64];
            config_defaults(&c);
            set(&c, "routing", routings[i]);
            set(&c, "rate", "0.004");
            snprintf(buf, sizeof buf, "%ld", cycles);
            set(&c, "cycles", buf);
            set(&c, "warmup", "10000");
            if (f) set(&c, "faults", "10%");
            if (config_resolve(&c, err, sizeof err)) { fprintf(stderr, "flitnet: %s\n", err); return 1; }
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            bench_run b = run_child(&c);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            if (!b.ok) return 1;
            double all = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
            /* a saturated run's latency is no measurement: marked, not printed as one */
            printf("%-8s %-10s %9.1f %10.4f %12.4g %12.4g %10.2f s%s\n", routings[i], f ? "10% fring" : "none", b.latency,
                   b.accepted, b.cycles / b.wall, b.flit_hops / b.wall, all, b.saturated ? "  (saturated)" : "");
            fflush(stdout);
        }
    /* fault set-up: drawing, the block closure, the connectivity check and the ring
     * tables, from the configuration to a routing ready to run (net_setup_routing) */
    printf("\nfault set-up at 10 %% faulty nodes (duato, fault_seed 1..5; the draws that were outside the block model "
           "included)\n%-10s %8s %8s %10s %14s\n", "network", "faulty", "regions", "draws", "set-up (mean)");
    static const char *ks[] = {"32", "64", "128"};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        double secs = 0;
        long draws = 0, regions = 0;
        int nf = 0;
        for (int s = 1; s <= 5; s++) {
            sim_config c;
            char err[256], buf[32];
            config_defaults(&c);
            set(&c, "routing", "duato");
            set(&c, "k", ks[i]);
            set(&c, "faults", "10%");
            snprintf(buf, sizeof buf, "%d", s);
            set(&c, "fault_seed", buf);
            if (config_resolve(&c, err, sizeof err)) { fprintf(stderr, "flitnet: %s\n", err); return 1; }
            struct timespec t0, t1;
            net_setup ns;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            if (net_setup_routing(&ns, &c, err, sizeof err)) { fprintf(stderr, "flitnet: %s\n", err); return 1; }
            clock_gettime(CLOCK_MONOTONIC, &t1);
            secs += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
            draws += ns.fs.draws;
            regions += ns.fs.nregions;
            nf = ns.fs.nf;
            net_setup_free(&ns);
        }
        printf("%sx%-7s %8d %8.1f %10.1f %12.4f s\n", ks[i], ks[i], nf, regions / 5.0, draws / 5.0, secs / 5);
        fflush(stdout);
    }
    return 0;
}

/* one run on T threads (key threads): the 16x16 torus at 60 % of its saturation rate, and
 * the 64x64 and 16x16x16 tori at the same share of their capacity (DOR on a torus
 * saturates near the same share), for T = 1, 2 and the CPUs online. The results are
 * identical for every T; cpu/wall shows how many cores the run really had (the machine
 * may be busy with other work). */
static int bench_threads(long cycles, double share)
{
    int online = threads_online(), Ts[3] = {1, 2, online}, nT = online > 2 ? 3 : 2;
    const char *nets[][2] = {{"16", "2"}, {"64", "2"}, {"16", "3"}};
    printf("\nthreads: one run split over T threads (torus, V=10, M=64, dor, uniform, %.1f%% of capacity = 60%% of "
           "the 16x16 saturation), %ld cycles per run, %d CPUs online\n", 100 * share, cycles / 20, online);
    printf("%-9s %3s %12s %12s %9s %9s\n", "net", "T", "cycles/s", "flit-hops/s", "speed-up", "cpu/wall");
    for (int ni = 0; ni < 3; ni++) {
        sim_config c;
        char err[256], buf[64];
        config_defaults(&c);
        set(&c, "k", nets[ni][0]);
        set(&c, "n", nets[ni][1]);
        snprintf(buf, sizeof buf, "%ld", cycles / 20); /* a large network costs ~1 ms per cycle */
        set(&c, "cycles", buf);
        if (config_resolve(&c, err, sizeof err)) { fprintf(stderr, "flitnet: %s\n", err); return 1; }
        double cap = 8.0 / atoi(nets[ni][0]); /* bidirectional k-ary torus, uniform traffic: 8/k flits/node/cycle */
        c.rate = share * cap / c.msg_len;
        double base = 0;
        for (int i = 0; i < nT; i++) {
            c.threads = Ts[i];
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            bench_run b = run_child(&c);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            if (!b.ok) return 1;
            /* cpu/wall of the whole child: its CPU time holds the set-up too (the run's
             * wall time alone made one thread read 2.00 on a 16x16 torus) */
            const double all = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
            double cps = b.cycles / b.wall;
            if (i == 0) base = cps;
            char net[32];
            snprintf(net, sizeof net, ni == 2 ? "%sx%sx%s" : "%sx%s", nets[ni][0], nets[ni][0], nets[ni][0]);
            printf("%-9s %3d %12.4g %12.4g %8.2fx %9.2f\n", net, Ts[i], cps, b.flit_hops / b.wall, cps / base,
                   b.cpu / all);
            fflush(stdout);
        }
    }
    return 0;
}

/* the saturation rate of c's network and routing: bisection on the saturated flag, with
 * runs as long as the measured ones; -1 when a run fails */
static double bench_saturation(sim_config *c)
{
    double lo = 0, hi = 2.0 / c->msg_len; /* 2 flits/node/cycle is beyond any capacity here */
    for (int it = 0; it < 9; it++) {
        double mid = (lo + hi) / 2;
        c->rate = mid;
        bench_run b = run_child(c);
        if (!b.ok) return -1;
        if (b.saturated) hi = mid;
        else lo = mid;
    }
    return lo;
}

/* instructions per flit-hop as a column: "-" when not counted */
static void instr_cell(char *buf, size_t len, const bench_run *b)
{
    if (b->instructions >= 0 && b->flit_hops > 0) snprintf(buf, len, "%.0f", b->instructions / b->flit_hops);
    else snprintf(buf, len, "-");
}

/* the main table: each network and routing at 20 %, 60 % and 100 % of its saturation rate;
 * points_only: the rates alone, one `point NET ROUTING LOAD RATE` line each (for
 * scripts/bench_instr.sh). *sat16: the 16x16 DOR saturation rate. Returns 0, or 1 on a failure. */
static int bench_table(long cycles, int points_only, double *sat16)
{
    static const char *nets[] = {"8", "16"}, *routings[] = {"dor", "duato_nbc"};
    static const char *names[] = {"20% of sat", "60% of sat", "saturation"};
    static const double frac[] = {0.2, 0.6, 1.0};
    if (!points_only) {
        printf("flitnet %s bench: torus, V=10, M=64, uniform traffic, %ld cycles per point, single thread\n",
               FLITNET_VERSION, cycles);
        printf("%-6s %-9s %-11s %10s %10s %9s %12s %12s %10s %10s\n", "net", "routing", "load", "rate", "accepted",
               "latency", "cycles/s", "flit-hops/s", "instr/hop", "peak RSS");
    }
    for (int ri = 0; ri < 2; ri++)
        for (int ni = 0; ni < 2; ni++) {
            sim_config c;
            char err[256], buf[64];
            config_defaults(&c);
            set(&c, "k", nets[ni]);
            set(&c, "routing", routings[ri]);
            snprintf(buf, sizeof buf, "%ld", cycles);
            set(&c, "cycles", buf);
            set(&c, "warmup", "10000");
            if (config_resolve(&c, err, sizeof err)) { fprintf(stderr, "flitnet: %s\n", err); return 1; }
            double sat = bench_saturation(&c);
            if (sat < 0) return 1;
            if (ni == 1 && ri == 0) *sat16 = sat;
            char net[16];
            snprintf(net, sizeof net, "%sx%s", nets[ni], nets[ni]);
            for (int j = 0; j < 3; j++) {
                c.rate = sat * frac[j];
                if (points_only) {
                    printf("point %s %s %s %.9g\n", nets[ni], routings[ri], j == 2 ? "sat" : j ? "60" : "20", c.rate);
                    continue;
                }
                bench_run b = run_child(&c);
                if (!b.ok) return 1;
                char ins[32];
                instr_cell(ins, sizeof ins, &b);
                printf("%-6s %-9s %-11s %10.6f %10.4f %9.1f %12.4g %12.4g %10s %7.1f MB%s\n", net, routings[ri], names[j],
                       c.rate, b.accepted, b.latency, b.cycles / b.wall, b.flit_hops / b.wall, ins, b.rss_kb / 1024.0,
                       b.saturated ? " (saturated)" : "");
            }
            fflush(stdout);
        }
    if (!points_only && instr_why[0])
        printf("instr/hop: not counted here (%s); `make bench-instr` counts the same points under callgrind\n",
               instr_why);
    return 0;
}

/* scale: the large networks, one run each at 40 % of capacity (uniform traffic: 8/k
 * flits/node/cycle on a bidirectional k-ary torus, 2 on a hypercube), dor, V = 10 on the
 * tori and 2 on the hypercube; peak RSS beside the memory estimate (tb/memory.h) and
 * per router, to show the growth is linear */
static int bench_scale(long cycles)
{
    static const struct { const char *name, *keys[4]; double cap; long div; } nets[] = {
        {"64x64", {"k=64", "n=2", "vcs=10", NULL}, 8.0 / 64, 50},
        {"128x128", {"k=128", "n=2", "vcs=10", NULL}, 8.0 / 128, 50},
        {"16x16x16", {"k=16", "n=3", "vcs=10", NULL}, 8.0 / 16, 50},
        {"2^14 cube", {"topology=hypercube", "n=14", "vcs=2", NULL}, 2.0, 200}, /* 2 flits/node/cycle: 20x the work */
    };
    printf("\nscale: dor, M=64, uniform, 40%% of capacity, %ld cycles per run (%ld on the hypercube; a quarter "
           "warm-up)\n", cycles / 50, cycles / 200);
    printf("%-10s %7s %12s %12s %10s %10s %12s\n", "net", "nodes", "cycles/s", "flit-hops/s", "peak RSS", "estimate",
           "RSS/router");
    int rc = 0;
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
        sim_config c;
        char err[256], buf[64];
        config_defaults(&c);
        for (int k = 0; nets[i].keys[k]; k++) {
            char kv[64], *eq;
            snprintf(kv, sizeof kv, "%s", nets[i].keys[k]);
            eq = strchr(kv, '=');
            *eq = 0;
            set(&c, kv, eq + 1);
        }
        snprintf(buf, sizeof buf, "%ld", cycles / nets[i].div); /* 1-30 ms per cycle on these */
        set(&c, "cycles", buf);
        snprintf(buf, sizeof buf, "%ld", cycles / nets[i].div / 4);
        set(&c, "warmup", buf);
        if (config_resolve(&c, err, sizeof err)) { fprintf(stderr, "flitnet: %s\n", err); return 1; }
        c.rate = 0.4 * nets[i].cap / c.msg_len;
        topology t;
        if (topo_init(&t, c.topology, c.n, c.k, err, sizeof err)) { fprintf(stderr, "flitnet: %s\n", err); return 1; }
        mem_estimate e;
        memory_estimate(&c, &t, &e);
        const int N = t.N;
        topo_free(&t);
        bench_run b = run_child(&c);
        if (!b.ok) { /* refused (the child said why: memory, limits): the next, smaller or not, still runs */
            printf("%-10s %7d %12s\n", nets[i].name, N, "refused");
            rc = 1;
            continue;
        }
        printf("%-10s %7d %12.4g %12.4g %7.0f MB %7.0f MB %9.1f KB\n", nets[i].name, N, b.cycles / b.wall,
               b.flit_hops / b.wall, b.rss_kb / 1024.0, (double)(e.network + e.nodes) / (1 << 20), (double)b.rss_kb / N);
        fflush(stdout);
    }
    return rc;
}

int bench_main(int argc, char **argv)
{
    long cycles = 100000;
    int points_only = 0, scale_only = 0, models_only = 0;
    for (int i = 0; i < argc; i++) {
        if (!strncmp(argv[i], "cycles=", 7)) {
            if (cli_parse_long(argv[i] + 7, 20000, 1000000000L, &cycles)) {
                fprintf(stderr, "flitnet: bench cycles=N needs a whole number from 20000 to 1e9 (got '%s')\n", argv[i] + 7);
                return 1;
            }
        } else if (!strcmp(argv[i], "--points")) {
            points_only = 1;
        } else if (!strcmp(argv[i], "--scale")) {
            scale_only = 1;
        } else if (!strcmp(argv[i], "--models")) {
            models_only = 1;
        } else {
            fprintf(stderr, "flitnet: bench takes only cycles=N, --points, --scale and --models (got '%s')\n", argv[i]);
            return 1;
        }
    }
    if (points_only + scale_only + models_only > 1) {
        fprintf(stderr, "flitnet: bench runs one of --points, --scale and --models at a time\n");
        return 1;
    }
    if (cycles < 20000) cycles = 20000;
    if (models_only) {
        bench_models();
        return 0;
    }
    if (scale_only) return bench_scale(cycles);
    double sat16 = 0;
    if (bench_table(cycles, points_only, &sat16)) return 1;
    if (points_only) return 0;
    double share16 = 0.6 * sat16 * 64 / 0.5; /* 16x16 capacity: 8/16 flits/node/cycle; M = 64 */
    bench_fring(cycles);
    if (bench_threads(cycles, share16)) return 1;
    if (bench_scale(cycles)) return 1;
    bench_models();
    return 0;
}

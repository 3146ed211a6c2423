/* sweepcmd.c: see sweepcmd.h. */
#include "sweepcmd.h"
#include "cli.h"
#include "report.h"
#include "sweep.h"
#include "threads.h"
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SWEEP_ARGS_FILE "sweep.args"

/* the sweep's configuration, range and options from its arguments; jobs_dir: --jobs DIR */
static int sweep_parse(int argc, char **argv, sim_config *c, sweep_spec *sp, const char **jobs_dir)
{
    char *rest[CLI_MAX_ARGS];
    int nrest;
    const char *range = NULL;
    if (cli_build_config(argc, argv, c, rest, &nrest, &range)) return 1;
    if (!range) return cli_fail("sweep needs rate=A:B:STEP (or flit_rate=A:B:STEP)");
    if (c->traffic == TR_TRACE) /* every point would run the same trace */
        return cli_fail("sweep varies the rate, and traffic = trace takes its load from the trace: run `flitnet sim`");
    memset(sp, 0, sizeof *sp);
    sp->jobs = 1;
    char err[CFG_ERR];
    if (sweep_parse_range(strchr(range, '=') + 1, sp, err, sizeof err)) return cli_fail(err);
    sp->flit_unit = !strncmp(range, "flit_rate", 9);
    for (int i = 0; i < nrest; i++) {
        if (!strcmp(rest[i], "-j") && i + 1 < nrest) {
            long j;
            if (cli_parse_long(rest[++i], 1, 256, &j)) return cli_fail("-j needs a number of workers in 1..256");
            sp->jobs = (int)j;
        } else if (!strcmp(rest[i], "--csv") && i + 1 < nrest) sp->csv = rest[++i];
        else if (!strcmp(rest[i], "--plot") && i + 1 < nrest) sp->plot = rest[++i];
        else if (!strcmp(rest[i], "--throughput") && i + 1 < nrest) sp->throughput = rest[++i];
        else if (!strcmp(rest[i], "--title") && i + 1 < nrest) sp->title = rest[++i];
        else if (!strcmp(rest[i], "--all")) sp->all = 1;
        else if (!strcmp(rest[i], "--jobs") && i + 1 < nrest && jobs_dir) *jobs_dir = rest[++i];
        else {
            snprintf(err, sizeof err, "unknown option '%s'", rest[i]);
            return cli_fail(err);
        }
    }
    /* -j J runs J points at once, each on `threads` threads: threads = 0 shares the CPUs
     * among the J workers, and more threads than CPUs in all is refused (a run's threads
     * wait on each other every cycle, so an oversubscribed sweep only goes slower) */
    const int cpus = threads_online();
    if (!(jobs_dir && *jobs_dir) && c->threads == 0) c->threads = cpus / sp->jobs > 0 ? cpus / sp->jobs : 1;
    if (!(jobs_dir && *jobs_dir) && sp->jobs > 1 && (long)c->threads * sp->jobs > cpus) {
        snprintf(err, sizeof err, "threads = %d with -j %d needs %ld CPUs, %d are online: lower one (threads = 0 shares them)",
                 c->threads, sp->jobs, (long)c->threads * sp->jobs, cpus);
        return cli_fail(err);
    }
    if ((sp->plot && !plot_writable(sp->plot, err, sizeof err)) ||
        (sp->throughput && !plot_writable(sp->throughput, err, sizeof err)))
        return cli_fail(err);
    if (sp->csv && !(jobs_dir && *jobs_dir) && cli_writable(sp->csv)) return 1; /* --jobs: merge writes it */
    return 0;
}

/* after the table: the failures, the saturation line, the plots; the exit status */
static int sweep_report(const sim_config *c, const sweep_spec *sp, sweep_point *pts, int n)
{
    char err[CFG_ERR];
    int rc = sweep_report_failures(pts, n, NULL), sat = -1;
    for (int i = 0; i < n; i++)
        if (pts[i].ok == 1 && pts[i].saturated && sat < 0) sat = i;
    if (sat >= 0) {
        double best = 0;
        for (int i = 0; i < n; i++)
            if (pts[i].ok == 1 && pts[i].accepted_flit_rate > best) best = pts[i].accepted_flit_rate;
        printf("saturation: first saturated point at rate %.6g; highest accepted throughput %.5f flits/node/cycle\n",
               pts[sat].rate, best);
    } else {
        printf("saturation: not reached in this range\n");
    }
    if (sp->plot || sp->throughput) {
        char title[512], k[64];
        snprintf(title, sizeof title, "%s", sp->title ? sp->title : "");
        if (!sp->title)
            snprintf(title, sizeof title, "%s, V=%d, M=%g, %s routing, %s traffic", config_shape(c, k, sizeof k),
                     c->vcs, c->msg_len, c->routing, config_traffic_name(c->traffic));
        plot_series s = {NULL, pts, n};
        /* a share of the capacity means something under uniform traffic only */
        plot_axes ax = {c->msg_len, 0};
        for (int i = 0; i < n && c->traffic == TR_UNIFORM && !ax.capacity; i++)
            if (pts[i].ok == 1) ax.capacity = pts[i].capacity;
        if ((sp->plot && sweep_plot(sp->plot, title, &s, 1, NULL, 0, &ax, err, sizeof err)) ||
            (sp->throughput && sweep_plot_throughput(sp->throughput, title, &s, 1, &ax, err, sizeof err)))
            return cli_fail(err);
        if (sp->plot) printf("plot: %s\n", sp->plot);
        if (sp->throughput) printf("throughput plot: %s\n", sp->throughput);
    }
    if (sp->csv) printf("csv: %s\n", sp->csv);
    return rc;
}

/* the sweep's grid: point i's rate in messages/node/cycle (as sweep_run computes it) */
static int grid(const sweep_spec *sp, const sim_config *c, double **rates)
{
    int n = sweep_npoints(sp);
    *rates = malloc(sizeof **rates * (size_t)n);
    if (!*rates) return -1;
    for (int i = 0; i < n; i++) {
        double r = sweep_point_rate(sp, i);
        (*rates)[i] = sp->flit_unit ? r / c->msg_len : r;
    }
    return n;
}

/* a shell word: single quotes, with ' as '\'' */
static void put_word(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'') fputs("'\\''", f);
        else fputc(*s, f);
    fputc('\'', f);
}

static int write_jobs(const char *dir, const sim_config *c, const sweep_spec *sp, int argc, char **argv)
{
    char err[CFG_ERR], path[PATH_MAX + 64], self[PATH_MAX], adir[PATH_MAX];
    if (mkdir(dir, 0777) && errno != EEXIST) {
        snprintf(err, sizeof err, "cannot create '%s': %s", dir, strerror(errno));
        return cli_fail(err);
    }
    if (!realpath(dir, adir)) {
        snprintf(err, sizeof err, "'%s': %s", dir, strerror(errno));
        return cli_fail(err);
    }
    /* jobs run on other machines: the binary by its absolute path (the same on each, as on a
     * shared file system), and the configuration as the keys the user gave */
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl <= 0) return cli_fail("cannot find the flitnet binary's path (/proc/self/exe)");
    self[sl] = 0;
    double *rates;
    int n = grid(sp, c, &rates);
    if (n < 0) return cli_fail("out of memory");
    snprintf(path, sizeof path, "%s/jobs.txt", adir);
    FILE *f = fopen(path, "w");
    if (!f) { free(rates); snprintf(err, sizeof err, "cannot write '%.300s': %s", path, strerror(errno)); return cli_fail(err); }
    for (int i = 0; i < n; i++) {
        put_word(f, self);
        fputs(" sim", f);
        for (int k = 0; config_key_name(k); k++) {
            const char *key = config_key_name(k);
            if (!config_given(c, key) || !strcmp(key, "rate") || !strcmp(key, "flit_rate")) continue;
            char v[1024], kv[1100];
            config_value(c, k, v, sizeof v);
            snprintf(kv, sizeof kv, "%s=%s", key, v);
            fputc(' ', f);
            put_word(f, kv);
        }
        char kv[64];
        memcpy(kv, "rate=", 5);
        config_format_double(kv + 5, sizeof kv - 5, rates[i]);
        fputc(' ', f);
        put_word(f, kv);
        fputs(" --json ", f);
        char out[PATH_MAX + 32];
        snprintf(out, sizeof out, "%s/point-%d.json", adir, i + 1);
        put_word(f, out);
        snprintf(out, sizeof out, "%s/point-%d.txt", adir, i + 1);
        fputs(" > ", f);
        put_word(f, out);
        fputs(" 2>&1\n", f);
    }
    free(rates);
    if (cli_close_out(f, path, err, sizeof err)) return cli_fail(err);
    /* what merge needs: the sweep's own arguments, one per line */
    snprintf(path, sizeof path, "%s/%s", adir, SWEEP_ARGS_FILE);
    if (!(f = fopen(path, "w"))) { snprintf(err, sizeof err, "cannot write '%.300s'", path); return cli_fail(err); }
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--jobs")) { i++; continue; }
        if (strchr(argv[i], '\n')) { fclose(f); return cli_fail("--jobs: an argument holds a newline"); }
        fprintf(f, "%s\n", argv[i]);
    }
    if (cli_close_out(f, path, err, sizeof err)) return cli_fail(err);
    /* a SLURM job array over the lines of jobs.txt */
    snprintf(path, sizeof path, "%s/sweep.sbatch", adir);
    if (!(f = fopen(path, "w"))) { snprintf(err, sizeof err, "cannot write '%.300s'", path); return cli_fail(err); }
    fprintf(f, "#!/bin/bash\n"
               "#SBATCH --job-name=flitnet-sweep\n"
               "#SBATCH --array=1-%d\n"
               "#SBATCH --ntasks=1\n"
               "#SBATCH --cpus-per-task=1\n"
               "#SBATCH --output=%s/slurm-%%a.out\n"
               "# one simulation per array task: line $SLURM_ARRAY_TASK_ID of jobs.txt\n"
               "sed -n \"${SLURM_ARRAY_TASK_ID}p\" '%s/jobs.txt' | bash\n",
            n, adir, adir);
    if (cli_close_out(f, path, err, sizeof err)) return cli_fail(err);
    printf("%d jobs: %s/jobs.txt (one `flitnet sim` per line; e.g. parallel < jobs.txt, or over machines with "
           "parallel --sshlogin ...), %s/sweep.sbatch (sbatch, a SLURM job array); then: flitnet merge %s\n",
           n, adir, adir, dir);
    return 0;
}

int cmd_sweep(int argc, char **argv)
{
    sim_config c;
    sweep_spec sp;
    const char *jobs_dir = NULL;
    if (argc > CLI_MAX_ARGS) return cli_fail("too many arguments");
    if (sweep_parse(argc, argv, &c, &sp, &jobs_dir)) return 1;
    if (jobs_dir) return write_jobs(jobs_dir, &c, &sp, argc, argv);
    char err[CFG_ERR];
    sweep_point *pts;
    int n;
    if (sweep_run(&c, &sp, &pts, &n, err, sizeof err)) return cli_fail(err);
    int rc = sweep_report(&c, &sp, pts, n);
    free(pts);
    return rc;
}

static double num(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(v) ? v->valuedouble : NAN; /* null: a NaN the run printed as such */
}

/* point i from DIR/point-(i+1).json: 1 loaded, 0 missing, -1 unreadable (p->err says why) */
static int load_point(const char *dir, int i, double rate, sweep_point *p)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/point-%d.json", dir, i + 1);
    memset(p, 0, sizeof *p);
    p->rate = rate;
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = len > 0 ? malloc((size_t)len + 1) : NULL;
    size_t got = text ? fread(text, 1, (size_t)len, f) : 0;
    fclose(f);
    cJSON *o = NULL;
    if (text) {
        text[got] = 0;
        o = cJSON_Parse(text);
        free(text);
    }
    const cJSON *cfg = o ? cJSON_GetObjectItemCaseSensitive(o, "config") : NULL;
    const cJSON *jr = cfg ? cJSON_GetObjectItemCaseSensitive(cfg, "rate") : NULL;
    if (!cJSON_IsString(jr) || strtod(jr->valuestring, NULL) != rate) {
        snprintf(p->err, sizeof p->err, "point-%d.json is not this sweep's point (rate %.6g)", i + 1, rate);
        cJSON_Delete(o);
        p->ok = -1;
        return -1;
    }
    p->ok = 1;
    p->saturated = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "saturated"));
    p->deadlock = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "deadlock"));
    p->avg_latency = num(o, "avg_latency");
    p->latency_ci95 = num(o, "latency_ci95");
    p->avg_network_latency = num(o, "avg_network_latency");
    p->avg_source_wait = num(o, "avg_source_wait");
    p->p99 = num(o, "p99");
    p->accepted_flit_rate = num(o, "accepted_flit_rate");
    p->normalized_throughput = num(o, "normalized_throughput");
    p->zero_load_latency = num(o, "zero_load_latency");
    p->wall_seconds = num(o, "wall_seconds");
    p->capacity = num(o, "capacity");
    p->messages_delivered = (unsigned long long)num(o, "messages_delivered");
    p->flit_hops = (unsigned long long)num(o, "flit_hops");
    p->cycles = (unsigned long long)num(o, "cycles");
    double corrupt = num(o, "corrupt");
    if (corrupt > 0) {
        p->ok = -1;
        p->corrupt = 1;
        snprintf(p->err, sizeof p->err, "%.0f corrupt deliveries (point %d)", corrupt, i + 1);
    }
    cJSON_Delete(o);
    return 1;
}

int cmd_merge(int argc, char **argv)
{
    if (argc < 1 || argv[0][0] == '-') return cli_fail("merge needs the directory of a `sweep --jobs DIR`");
    const char *dir = argv[0];
    char path[PATH_MAX + 64], err[CFG_ERR];
    snprintf(path, sizeof path, "%s/%s", dir, SWEEP_ARGS_FILE);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, sizeof err, "'%s' is not the directory of a `sweep --jobs` (no %s)", dir, SWEEP_ARGS_FILE);
        return cli_fail(err);
    }
    /* the sweep's arguments, then merge's own options after them (the later wins) */
    char *args[CLI_MAX_ARGS], line[4096];
    int na = 0, rc = 0;
    while (na < CLI_MAX_ARGS && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (!(args[na++] = strdup(line))) rc = cli_fail("out of memory");
    }
    fclose(f);
    for (int i = 1; i < argc && !rc; i++) {
        if (!strcmp(argv[i], "-j") || !strcmp(argv[i], "--jobs")) {
            rc = cli_fail("merge runs nothing: -j and --jobs do not apply");
            break;
        }
        if (na == CLI_MAX_ARGS) rc = cli_fail("too many arguments");
        else if (!(args[na++] = strdup(argv[i]))) rc = cli_fail("out of memory");
    }
    sim_config c;
    sweep_spec sp;
    if (!rc && sweep_parse(na, args, &c, &sp, NULL)) rc = 1;
    double *rates = NULL;
    int n = rc ? 0 : grid(&sp, &c, &rates);
    sweep_point *pts = n > 0 ? calloc((size_t)n, sizeof *pts) : NULL;
    if (!rc && !pts) rc = cli_fail("out of memory");
    if (!rc) {
        for (int i = 0; i < n; i++)
            if (load_point(dir, i, rates[i], &pts[i]) == 0) {
                pts[i].ok = -1;
                snprintf(pts[i].err, sizeof pts[i].err, "no result (its line of jobs.txt has not run, or failed)");
            }
        /* a sweep that saturated leaves the points above skipped: they may be missing */
        sweep_cut(&sp, pts, n);
        int missing = 0;
        char list[512] = "";
        for (int i = 0; i < n; i++)
            if (pts[i].ok < 0 && !strncmp(pts[i].err, "no result", 9)) {
                size_t l = strlen(list);
                if (l < sizeof list - 16) snprintf(list + l, sizeof list - l, "%s%d", missing ? "," : "", i + 1);
                missing++;
            }
        if (missing) fprintf(stderr, "flitnet: %d of %d points missing: lines %s of %s/jobs.txt\n", missing, n, list, dir);
        if (sweep_output(&c, &sp, pts, n, err, sizeof err)) rc = cli_fail(err);
        else rc = sweep_report(&c, &sp, pts, n);
    }
    free(pts);
    free(rates);
    for (int i = 0; i < na; i++) free(args[i]);
    return rc;
}

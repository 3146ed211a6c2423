/* sweepcmd.c: see sweepcmd.h. */
#include "sweepcmd.h"
#include "cli.h"
#include "memory.h"
#include "netsetup.h"
#include "report.h"
#include "rng.h"
#include "config.h"
#include "sweep.h"
#include "textfile.h"
#include "threads.h"
#include <cjson/cJSON.h>
#include <errno.h>
#include <fnmatch.h>
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
    sp->flit_unit = sweep_range_in_flits(range);
    int j_given = 0;
    for (int i = 0; i < nrest; i++) {
        if (!strcmp(rest[i], "-j") && i + 1 < nrest) {
            long j;
            if (cli_parse_long(rest[++i], 1, 256, &j)) return cli_fail("-j needs a number of workers in 1..256");
            sp->jobs = (int)j;
            j_given = 1;
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
    if (j_given && jobs_dir && *jobs_dir) { /* it would be silently ignored */
        return cli_fail("--jobs writes the points' commands and runs none: -j does not apply (give the workers to "
                        "the engine that runs jobs.txt, e.g. parallel -j N)");
    }
    /* -j J runs J points at once, each on `threads` threads: threads = 0 shares the CPUs
     * among the J workers, and more threads than CPUs in all is refused (a run's threads
     * wait on each other every cycle, so an oversubscribed sweep only goes slower) */
    const int cpus = threads_online();
    if (!(jobs_dir && *jobs_dir) && c->threads == 0) c->threads = threads_auto(config_nodes(c), sp->jobs);
    if (!(jobs_dir && *jobs_dir) && sp->jobs > 1 && (long)c->threads * sp->jobs > cpus) {
        if (c->threads == 1) /* one thread a worker already */
            snprintf(err, sizeof err, "-j %d runs more workers than the %d CPUs online: give -j %d or fewer", sp->jobs, cpus,
                     cpus);
        else
            snprintf(err, sizeof err,
                     "threads = %d with -j %d needs %ld CPUs, %d are online: lower one (threads = 0 shares them)",
                     c->threads, sp->jobs, (long)c->threads * sp->jobs, cpus);
        return cli_fail(err);
    }
    /* each worker checks its own run's memory: together they must fit too */
    if (!(jobs_dir && *jobs_dir) && memory_check_workers(c, sp->jobs, err, sizeof err)) return cli_fail(err);
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
    int rc = sweep_report_failures(pts, n, NULL), sat = -1, dead = -1;
    for (int i = 0; i < n; i++) {
        if (pts[i].ok == 1 && pts[i].deadlock) dead = dead < 0 ? i : dead;
        else if (pts[i].ok == 1 && pts[i].saturated && sat < 0) sat = i;
    }
    /* as `flitnet sim`: a deadlock is the configuration's failure, not a saturation */
    if (dead >= 0) {
        printf("deadlock: at rate %.6g (`flitnet sim` at that rate reports the dead set)\n", pts[dead].rate);
        if (!rc) rc = 2;
    }
    if (sat >= 0) {
        double best = 0;
        for (int i = 0; i < n; i++)
            if (pts[i].ok == 1 && pts[i].accepted_flit_rate > best) best = pts[i].accepted_flit_rate;
        printf("saturation: first saturated point at rate %.6g; highest accepted throughput %.5f flits/node/cycle\n",
               pts[sat].rate, best);
    } else {
        int skipped = 0; /* the rates a sweep stopped by a deadlock did not run */
        for (int i = dead + 1; dead >= 0 && i < n; i++) skipped |= pts[i].ok == 0;
        if (skipped) printf("saturation: not reached below the deadlock (the rates above it were not run)\n");
        else printf("saturation: not reached in this range\n");
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

/* path as an absolute one (a job or merge may run in another directory); 0, or -1 if too long */
static int absolute(const char *path, char *out, size_t len)
{
    char cwd[PATH_MAX];
    if (path[0] == '/') return snprintf(out, len, "%s", path) < (int)len ? 0 : -1;
    if (!getcwd(cwd, sizeof cwd)) return -1;
    return snprintf(out, len, "%s/%s", cwd, path) < (int)len ? 0 : -1;
}

/* the keys the user gave (from the command line or a config file), but the rate, as
 * key=value words: shell words for jobs.txt (shell = 1), else one per line (sweep.args).
 * A file the configuration names is given by its absolute path: the jobs run elsewhere. */
static int put_keys(FILE *f, const sim_config *c, int shell, char *err, size_t errlen)
{
    for (int k = 0; config_key_name(k); k++) {
        const char *key = config_key_name(k);
        if (!config_given(c, key) || !strcmp(key, "rate") || !strcmp(key, "flit_rate")) continue;
        char v[CFG_VALUE_MAX], kv[PATH_MAX + CFG_VALUE_MAX + 64];
        config_value(c, k, v);
        if (!strcmp(key, "fault_file") && v[0]) {
            char abs[PATH_MAX];
            if (!realpath(v, abs)) {
                snprintf(err, errlen, "fault_file '%.300s': %s", v, strerror(errno));
                return -1;
            }
            snprintf(kv, sizeof kv, "%s=%s", key, abs);
        } else {
            snprintf(kv, sizeof kv, "%s=%s", key, v);
        }
        if (strchr(kv, '\n')) {
            snprintf(err, errlen, "--jobs: the value of %s holds a newline", key);
            return -1;
        }
        if (shell) {
            fputc(' ', f);
            put_word(f, kv);
        } else {
            fprintf(f, "%s\n", kv);
        }
    }
    return 0;
}

/* DIR/sweep.args, what merge needs: the configuration as put_keys gives it, the range and
 * the sweep's own options (output files by their absolute paths), one argument a line */
static int write_args(const char *path, const sim_config *c, const sweep_spec *sp, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) { snprintf(err, errlen, "cannot write '%.300s': %s", path, strerror(errno)); return -1; }
    int rc = put_keys(f, c, 0, err, errlen);
    char from[40], to[40], step[40];
    config_format_double(from, sizeof from, sp->from);
    config_format_double(to, sizeof to, sp->to);
    config_format_double(step, sizeof step, sp->step);
    fprintf(f, "%s=%s:%s:%s\n", sp->flit_unit ? "flit_rate" : "rate", from, to, step);
    if (sp->all) fputs("--all\n", f);
    if (sp->title) {
        if (strchr(sp->title, '\n') && !rc) { snprintf(err, errlen, "--jobs: the title holds a newline"); rc = -1; }
        fprintf(f, "--title\n%s\n", sp->title);
    }
    const char *opt[] = {"--csv", "--plot", "--throughput"}, *val[] = {sp->csv, sp->plot, sp->throughput};
    for (int i = 0; i < 3; i++) {
        if (!val[i]) continue;
        char abs[PATH_MAX];
        if (absolute(val[i], abs, sizeof abs) || strchr(abs, '\n')) {
            if (!rc) snprintf(err, errlen, "--jobs: the path '%.200s' is too long or holds a newline", val[i]);
            rc = -1;
            break;
        }
        fprintf(f, "%s\n%s\n", opt[i], abs);
    }
    char e2[CFG_ERR];
    if (cli_close_out(f, path, e2, sizeof e2) && !rc) {
        snprintf(err, errlen, "%s", e2);
        rc = -1;
    }
    return rc;
}

/* DIR/sweep.args into args[] (strdup'd, *na of them), as merge reads it: one argument a
 * line, of any length (a fixed buffer would split a long one in two). 0, or 1 (said) */
static int read_args(const char *path, char **args, int *na)
{
    char err[CFG_ERR];
    FILE *f = textfile_open(path, "the sweep's arguments", err, sizeof err);
    if (!f) return cli_fail(err);
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    /* (a title keeps its own blanks: only the line's end goes) */
    for (long got; !rc && (got = textfile_line(&line, &cap, f)) >= 0;) {
        if (*na == CLI_MAX_ARGS) rc = cli_fail("the sweep's argument file holds too many arguments");
        else if (!(args[(*na)++] = strdup(line))) rc = cli_fail("out of memory");
    }
    free(line);
    fclose(f);
    return rc;
}

/* one line of jobs.txt split into its words as the shell splits what put_word writes
 * (a quoted word, '\'' inside it, and the bare words > and 2>&1): the count, or -1 for
 * a line the shell would read otherwise (an unclosed quote: a newline inside a word) */
static int shell_words(const char *line, char **w, int max)
{
    int n = 0;
    while (*line) {
        while (*line == ' ') line++;
        if (!*line) break;
        if (n == max) return -1;
        size_t len = strlen(line);
        char *o = malloc(len + 1), *q = o;
        if (!o) break;
        w[n++] = o;
        while (*line && *line != ' ') {
            if (*line == '\'') {
                const char *end = strchr(line + 1, '\'');
                if (!end) {
                    while (n) free(w[--n]);
                    return -1;
                }
                memcpy(q, line + 1, (size_t)(end - line - 1));
                q += end - line - 1;
                line = end + 1;
            } else if (*line == '\\' && line[1]) {
                *q++ = line[1];
                line += 2;
            } else {
                *q++ = *line++;
            }
        }
        *q = 0;
    }
    if (*line) { /* out of memory */
        while (n) free(w[--n]);
        return -1;
    }
    return n;
}

/* whether two configurations are the same run, key by key (rate and flit_rate apart: the
 * caller compares the load); a file key by the file it names. 0, or -1 naming the key */
static int same_keys(const sim_config *a, const sim_config *b, char *err, size_t errlen)
{
    for (int k = 0; config_key_name(k); k++) {
        const char *key = config_key_name(k);
        if (!strcmp(key, "rate") || !strcmp(key, "flit_rate")) continue;
        char va[CFG_VALUE_MAX], vb[CFG_VALUE_MAX];
        config_value(a, k, va);
        config_value(b, k, vb);
        if (!strcmp(key, "fault_file") && va[0] && vb[0]) {
            char ra[PATH_MAX], rb[PATH_MAX];
            if (realpath(va, ra) && realpath(vb, rb) && !strcmp(ra, rb)) continue;
        }
        if (strcmp(va, vb)) {
            snprintf(err, errlen, "%s reads back as '%.60s', not '%.60s'", key, vb, va);
            return -1;
        }
    }
    return 0;
}

/* what --jobs wrote, read back as the jobs and merge will read it: every line of jobs.txt
 * one `sim` of this configuration at its rate writing its point, and sweep.args the same
 * sweep. A job that would fail, or run another configuration, is found here, before the
 * cluster runs it. 0, or 1 (said) */
static int verify_jobs(const char *adir, const char *self, const sim_config *c, const sweep_spec *sp,
                       const double *rates, int n)
{
    char path[PATH_MAX + 64], err[CFG_ERR], ctx[96];
    int rc = 0;
    /* sweep.args, as merge reads it */
    snprintf(path, sizeof path, "%s/%s", adir, SWEEP_ARGS_FILE);
    char *args[CLI_MAX_ARGS];
    int na = 0;
    cli_fail_context("--jobs wrote a sweep.args that merge would refuse: ");
    if (read_args(path, args, &na)) rc = 1;
    sim_config c2;
    sweep_spec sp2;
    if (!rc && sweep_parse(na, args, &c2, &sp2, NULL)) rc = 1;
    cli_fail_context(NULL);
    if (!rc) {
        double *r2 = NULL;
        int n2 = grid(&sp2, &c2, &r2);
        if (same_keys(c, &c2, err, sizeof err) || n2 != n || sp2.all != sp->all ||
            (n2 > 0 && memcmp(r2, rates, sizeof *rates * (size_t)n))) {
            if (n2 != n || sp2.all != sp->all || (n2 > 0 && memcmp(r2, rates, sizeof *rates * (size_t)n)))
                snprintf(err, sizeof err, "the range or --all reads back otherwise");
            char m[CFG_ERR + 80];
            snprintf(m, sizeof m, "--jobs wrote a sweep.args merge would read as another sweep: %s", err);
            rc = cli_fail(m);
        }
        free(r2);
    }
    for (int i = 0; i < na; i++) free(args[i]);
    if (rc) return rc;
    /* jobs.txt, line by line, as the shell and `sim` read it */
    snprintf(path, sizeof path, "%s/jobs.txt", adir);
    FILE *f = textfile_open(path, "jobs.txt", err, sizeof err);
    if (!f) return cli_fail(err);
    char *line = NULL;
    size_t cap = 0;
    int ln = 0;
    while (!rc && textfile_line(&line, &cap, f) >= 0) {
        snprintf(ctx, sizeof ctx, "--jobs wrote a job that would fail (line %d of jobs.txt): ", ++ln);
        char *w[CLI_MAX_ARGS + 8];
        int nw = ln <= n ? shell_words(line, w, (int)(sizeof w / sizeof *w)) : -2;
        char want[PATH_MAX + 32];
        if (nw == -2) {
            snprintf(err, sizeof err, "more lines than the %d points", n);
        } else if (nw < 7 || strcmp(w[0], self) || strcmp(w[1], "sim") || strcmp(w[nw - 5], "--json") ||
                   strcmp(w[nw - 3], ">") || strcmp(w[nw - 1], "2>&1")) {
            snprintf(err, sizeof err, "the shell does not read it as one `flitnet sim ... --json FILE > FILE 2>&1`");
        } else {
            err[0] = 0;
            snprintf(want, sizeof want, "%s/point-%d.json", adir, ln);
            if (strcmp(w[nw - 4], want)) snprintf(err, sizeof err, "its --json is not %.300s", want);
            snprintf(want, sizeof want, "%s/point-%d.txt", adir, ln);
            if (!err[0] && strcmp(w[nw - 2], want)) snprintf(err, sizeof err, "its output is not %.300s", want);
            /* the words sim reads, as sim reads them (its --json included) */
            char *rest[CLI_MAX_ARGS];
            int nrest;
            sim_config cj;
            cli_fail_context(ctx);
            if (!err[0] && cli_build_config(nw - 5, w + 2, &cj, rest, &nrest, NULL)) rc = 1;
            cli_fail_context(NULL);
            if (!rc && !err[0] && (same_keys(c, &cj, err, sizeof err) == 0 && cj.rate != rates[ln - 1]))
                snprintf(err, sizeof err, "its rate reads back otherwise");
        }
        for (int j = 0; j < nw; j++) free(w[j]);
        if (!rc && err[0]) {
            char m[sizeof ctx + CFG_ERR];
            snprintf(m, sizeof m, "%s%s", ctx, err);
            rc = cli_fail(m);
        }
    }
    free(line);
    fclose(f);
    if (!rc && ln != n) {
        snprintf(err, sizeof err, "--jobs wrote %d lines to jobs.txt for %d points", ln, n);
        rc = cli_fail(err);
    }
    return rc;
}

static int write_jobs(const char *dir, const sim_config *c, const sweep_spec *sp)
{
    char err[CFG_ERR], path[PATH_MAX + 64], self[PATH_MAX], adir[PATH_MAX];
    double *rates;
    int n = grid(sp, c, &rates);
    if (n < 0) return cli_fail("out of memory");
    /* refused now rather than by every job: what a run checks before its first cycle */
    if (sweep_check_range(c, sp, err, sizeof err)) {
        free(rates);
        return cli_fail(err);
    }
    if (strchr(dir, '\n')) { /* every job is one line of jobs.txt, and names its files in dir */
        free(rates);
        return cli_fail("--jobs: the directory's name holds a newline (each job is one line of jobs.txt)");
    }
    if (mkdir(dir, 0777) && errno != EEXIST) {
        free(rates);
        snprintf(err, sizeof err, "cannot create '%s': %s", dir, strerror(errno));
        return cli_fail(err);
    }
    if (!realpath(dir, adir)) {
        free(rates);
        snprintf(err, sizeof err, "'%s': %s", dir, strerror(errno));
        return cli_fail(err);
    }
    /* jobs run on other machines: the binary by its absolute path (the same on each, as on a
     * shared file system), and the configuration as the keys the user gave */
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl <= 0) { free(rates); return cli_fail("cannot find the flitnet binary's path (/proc/self/exe)"); }
    self[sl] = 0;
    snprintf(path, sizeof path, "%s/jobs.txt", adir);
    FILE *f = fopen(path, "w");
    if (!f) { free(rates); snprintf(err, sizeof err, "cannot write '%.300s': %s", path, strerror(errno)); return cli_fail(err); }
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        put_word(f, self);
        fputs(" sim", f);
        rc = put_keys(f, c, 1, err, sizeof err);
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
    char e2[CFG_ERR];
    if (cli_close_out(f, path, e2, sizeof e2) && !rc) {
        snprintf(err, sizeof err, "%s", e2);
        rc = -1;
    }
    snprintf(path, sizeof path, "%s/%s", adir, SWEEP_ARGS_FILE);
    if (!rc && write_args(path, c, sp, err, sizeof err)) rc = -1;
    /* a SLURM job array over the lines of jobs.txt */
    snprintf(path, sizeof path, "%s/sweep.sbatch", adir);
    if (!rc && !(f = fopen(path, "w"))) {
        snprintf(err, sizeof err, "cannot write '%.300s'", path);
        rc = -1;
    }
    if (rc) {
        free(rates);
        return cli_fail(err);
    }
    /* the task's output goes to DIR/slurm-N.out by the script itself: an #SBATCH line
     * takes no quotes, so a directory with a blank (or a % sign) cannot be named there */
    fprintf(f, "#!/bin/bash\n"
               "#SBATCH --job-name=flitnet-sweep\n"
               "#SBATCH --array=1-%d\n"
               "#SBATCH --ntasks=1\n"
               "#SBATCH --cpus-per-task=1\n"
               "#SBATCH --output=/dev/null\n"
               "# one simulation per array task: line $SLURM_ARRAY_TASK_ID of jobs.txt\n"
               "dir=",
            n);
    put_word(f, adir);
    fprintf(f, "\nexec > \"$dir/slurm-$SLURM_ARRAY_TASK_ID.out\" 2>&1\n"
               "sed -n \"${SLURM_ARRAY_TASK_ID}p\" \"$dir/jobs.txt\" | bash\n");
    if (cli_close_out(f, path, err, sizeof err)) {
        free(rates);
        return cli_fail(err);
    }
    if (verify_jobs(adir, self, c, sp, rates, n)) {
        /* nothing left that a cluster could run */
        const char *const own[] = {"jobs.txt", SWEEP_ARGS_FILE, "sweep.sbatch"};
        for (int i = 0; i < 3; i++) {
            snprintf(path, sizeof path, "%s/%s", adir, own[i]);
            unlink(path);
        }
        free(rates);
        return 1;
    }
    free(rates);
    /* merge takes an argument that begins with '-' for an option: the directory by its path */
    printf("%d jobs: %s/jobs.txt (one `flitnet sim` per line; e.g. parallel < jobs.txt, or over machines with "
           "parallel --sshlogin ...), %s/sweep.sbatch (sbatch, a SLURM job array); then: flitnet merge %s\n",
           n, adir, adir, dir[0] == '-' ? adir : dir);
    return 0;
}

int cmd_sweep(int argc, char **argv)
{
    sim_config c;
    sweep_spec sp;
    const char *jobs_dir = NULL;
    if (argc > CLI_MAX_ARGS) return cli_fail("too many arguments");
    if (sweep_parse(argc, argv, &c, &sp, &jobs_dir)) return 1;
    if (jobs_dir) return write_jobs(jobs_dir, &c, &sp);
    char err[CFG_ERR];
    sweep_point *pts;
    int n;
    if (sweep_run(&c, &sp, &pts, &n, err, sizeof err)) return cli_fail(err);
    int rc = sweep_report(&c, &sp, pts, n);
    free(pts);
    return rc;
}

/* a JSON number, or null (a NaN the run printed as such); -1 if missing or of another type */
static int num_field(const cJSON *o, const char *k, double *v)
{
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, k);
    if (cJSON_IsNumber(j)) *v = j->valuedouble;
    else if (cJSON_IsNull(j)) *v = NAN;
    else return -1;
    return 0;
}

/* whether a point's JSON is the run of this sweep at this rate: 0, or -1 with why not.
 * Its configuration must be the sweep's key by key (threads apart: it does not change the
 * results), so that a point of another sweep, or of an edited one, is not merged. */
static int same_run(const cJSON *o, const sim_config *c, double rate, int i, char *err, size_t errlen)
{
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(o, "version");
    const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(o, "config");
    if (!cJSON_IsString(ver) || !cJSON_IsObject(cfg)) {
        snprintf(err, errlen, "point-%d.json is not a `flitnet sim --json` result (no version or config)", i + 1);
        return -1;
    }
    if (strcmp(ver->valuestring, FLITNET_VERSION)) {
        snprintf(err, errlen, "point-%d.json was written by flitnet %.40s, this is %s: run its line of jobs.txt again",
                 i + 1, ver->valuestring, FLITNET_VERSION);
        return -1;
    }
    const cJSON *jr = cJSON_GetObjectItemCaseSensitive(cfg, "rate");
    char *end = NULL;
    double r = cJSON_IsString(jr) ? strtod(jr->valuestring, &end) : NAN;
    if (!end || *end || r != rate) {
        char want[40]; /* every digit: two rates may differ only in the last */
        config_format_double(want, sizeof want, rate);
        snprintf(err, errlen, "point-%d.json is another sweep's point: rate %.40s there, %s in this sweep (run its line of jobs.txt again)", i + 1,
                 cJSON_IsString(jr) ? jr->valuestring : "(none)", want);
        return -1;
    }
    for (int k = 0; config_key_name(k); k++) {
        const char *key = config_key_name(k);
        if (!strcmp(key, "rate") || !strcmp(key, "flit_rate") || !strcmp(key, "threads")) continue;
        char v[CFG_VALUE_MAX];
        config_value(c, k, v);
        const cJSON *jv = cJSON_GetObjectItemCaseSensitive(cfg, key);
        if (!cJSON_IsString(jv) || strcmp(jv->valuestring, v)) {
            snprintf(err, errlen, "point-%d.json is another sweep's point: %s = %.60s there, %.60s in this sweep (run its line of jobs.txt again)", i + 1,
                     key, cJSON_IsString(jv) ? jv->valuestring : "(none)", v);
            return -1;
        }
    }
    return 0;
}

/* point i from DIR/point-(i+1).json: 1 loaded, 0 missing, -1 unusable (p->err says why) */
static int load_point(const char *dir, int i, double rate, const sim_config *c, sweep_point *p)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/point-%d.json", dir, i + 1);
    memset(p, 0, sizeof *p);
    p->rate = rate;
    p->ok = -1;
    struct stat st;
    if (stat(path, &st)) {
        snprintf(p->err, sizeof p->err, "no result (line %d of jobs.txt has not run, or failed: see point-%d.txt)", i + 1,
                 i + 1);
        return 0;
    }
    char why[PATH_MAX + 160];
    FILE *f = textfile_open(path, "point file", why, sizeof why);
    if (!f) {
        snprintf(p->err, sizeof p->err, "point-%d.json cannot be read: %.200s", i + 1, why);
        return -1;
    }
    char *text = malloc((size_t)st.st_size + 1);
    size_t got = text ? fread(text, 1, (size_t)st.st_size, f) : 0;
    fclose(f);
    cJSON *o = NULL;
    const char *why_bad = st.st_size ? "not JSON, or cut short" : "empty";
    if (text) {
        text[got] = 0;
        const char *end = NULL;
        o = cJSON_ParseWithOpts(text, &end, 0);
        /* exactly one document: a second one, or any bytes after it (a NUL among them),
         * is a file written twice or damaged, whatever its first document says */
        if (o) {
            while (end < text + got && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')) end++;
            if (end != text + got) {
                cJSON_Delete(o);
                o = NULL;
                why_bad = "bytes after its JSON document (a second document, or trailing bytes)";
            }
        }
        free(text);
    }
    if (!o) {
        snprintf(p->err, sizeof p->err, "point-%d.json is damaged: %s (run its line of jobs.txt again)", i + 1, why_bad);
        return -1;
    }
    if (same_run(o, c, rate, i, p->err, sizeof p->err)) {
        cJSON_Delete(o);
        return -1;
    }
    static const char *const fields[] = {"avg_latency", "latency_ci95", "avg_network_latency", "avg_source_wait",
                                         "p99", "accepted_flit_rate", "normalized_throughput", "zero_load_latency",
                                         "wall_seconds", "capacity", "messages_delivered", "flit_hops", "cycles",
                                         "corrupt"};
    /* each field's physical range: 'n' a measure that is null when nothing was measured,
     * else finite and >= 0; 'p' finite and > 0; 'c' a count, a whole number in [0, 2^53] */
    static const char kind[] = "nnnnnnnnnpcccc";
    _Static_assert(sizeof kind - 1 == sizeof fields / sizeof *fields, "a range for every field");
    double v[sizeof fields / sizeof *fields];
    for (size_t k = 0; k < sizeof fields / sizeof *fields; k++) {
        const char *bad = NULL;
        if (num_field(o, fields[k], &v[k])) bad = "is missing or not a number";
        else if (isnan(v[k])) bad = kind[k] == 'n' ? NULL : "is null";
        else if (!isfinite(v[k])) bad = "is not finite";
        else if (v[k] < 0 || (kind[k] == 'p' && v[k] == 0)) bad = "is out of its range (negative or zero)";
        else if (kind[k] == 'c' && (v[k] != floor(v[k]) || v[k] > 9007199254740992.0)) bad = "is not a whole count";
        if (bad) {
            snprintf(p->err, sizeof p->err, "point-%d.json is damaged: %s %s", i + 1, fields[k], bad);
            cJSON_Delete(o);
            return -1;
        }
    }
    const cJSON *sat = cJSON_GetObjectItemCaseSensitive(o, "saturated"), *dl = cJSON_GetObjectItemCaseSensitive(o, "deadlock");
    if (!cJSON_IsBool(sat) || !cJSON_IsBool(dl)) {
        snprintf(p->err, sizeof p->err, "point-%d.json is damaged: saturated or deadlock is missing or not true/false", i + 1);
        cJSON_Delete(o);
        return -1;
    }
    /* what the configuration names but does not hold: the fault set the run read (a
     * fault_file edited between two points' runs makes them differ; a sweep takes no trace) */
    char *faults = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(o, "faults"));
    uint64_t h = 0;
    for (const char *q = faults ? faults : ""; *q; q++) h = splitmix64(h ^ (unsigned char)*q);
    cJSON_free(faults);
    p->inputs = h;
    p->ok = 1;
    p->saturated = cJSON_IsTrue(sat);
    p->deadlock = cJSON_IsTrue(dl);
    p->avg_latency = v[0];
    p->latency_ci95 = v[1];
    p->avg_network_latency = v[2];
    p->avg_source_wait = v[3];
    p->p99 = v[4];
    p->accepted_flit_rate = v[5];
    p->normalized_throughput = v[6];
    p->zero_load_latency = v[7];
    p->wall_seconds = v[8];
    p->capacity = v[9];
    p->messages_delivered = (unsigned long long)v[10];
    p->flit_hops = (unsigned long long)v[11];
    p->cycles = (unsigned long long)v[12];
    if (v[13] > 0) {
        p->ok = -1;
        p->corrupt = 1;
        snprintf(p->err, sizeof p->err, "%.0f corrupt deliveries (point %d)", v[13], i + 1);
    }
    cJSON_Delete(o);
    return 1;
}

/* 1 if out names one of the files of the sweep directory dir (a point, jobs.txt,
 * sweep.args, sweep.sbatch, a SLURM output): merge must not write over its input */
static int sweep_own_file(const char *dir, const char *out)
{
    static const char *const own[] = {"point-*.json", "point-*.txt", "jobs.txt", SWEEP_ARGS_FILE, "sweep.sbatch",
                                      "slurm-*.out"};
    char d[PATH_MAX], o[PATH_MAX + 256];
    if (!realpath(dir, d)) return 0;
    cli_output_identity(out, o, sizeof o);
    const size_t n = strlen(d);
    if (strncmp(o, d, n) || o[n] != '/' || strchr(o + n + 1, '/')) return 0;
    for (size_t i = 0; i < sizeof own / sizeof *own; i++)
        if (!fnmatch(own[i], o + n + 1, 0)) return 1;
    return 0;
}

int cmd_merge(int argc, char **argv)
{
    if (argc < 1 || argv[0][0] == '-') return cli_fail("merge needs the directory of a `sweep --jobs DIR`");
    const char *dir = argv[0];
    char path[PATH_MAX + 64], err[CFG_ERR];
    snprintf(path, sizeof path, "%s/%s", dir, SWEEP_ARGS_FILE);
    struct stat st;
    if (stat(path, &st)) {
        snprintf(err, sizeof err, "'%s' is not the directory of a `sweep --jobs` (no %s)", dir, SWEEP_ARGS_FILE);
        return cli_fail(err);
    }
    /* the sweep's arguments, then merge's own options after them: one of merge's replaces
     * the sweep's of the same name (an option is given once: cli_build_config) */
    char *args[CLI_MAX_ARGS];
    int na = 0, rc = read_args(path, args, &na) ? 1 : 0;
    const int nsweep = na;
    for (int i = 1; i < argc && !rc; i++) {
        if (!strcmp(argv[i], "-j") || !strcmp(argv[i], "--jobs")) {
            rc = cli_fail("merge runs nothing: -j and --jobs do not apply");
            break;
        }
        /* the configuration is the sweep's (sweep.args): a key here would relabel its points */
        if (argv[i][0] != '-') {
            snprintf(err, sizeof err, "merge takes the configuration from %s/%s: '%.100s' does not apply", dir,
                     SWEEP_ARGS_FILE, argv[i]);
            rc = cli_fail(err);
            break;
        }
        const int has_value = !strcmp(argv[i], "--csv") || !strcmp(argv[i], "--plot") ||
                              !strcmp(argv[i], "--throughput") || !strcmp(argv[i], "--title");
        for (int j = 0; has_value && j + 1 < nsweep; j++)
            if (args[j] && !strcmp(args[j], argv[i])) { /* the sweep's: merge's own replaces it */
                free(args[j]);
                free(args[j + 1]);
                args[j] = args[j + 1] = NULL;
            }
        for (int k = 0; k <= (has_value && i + 1 < argc) && !rc; k++) {
            if (na == CLI_MAX_ARGS) rc = cli_fail("too many arguments");
            else if (!(args[na++] = strdup(argv[i + k]))) rc = cli_fail("out of memory");
        }
        i += has_value;
    }
    int kept = 0; /* without the sweep's options that merge's replaced */
    for (int j = 0; j < na; j++)
        if (args[j]) args[kept++] = args[j];
    na = kept;
    sim_config c;
    sweep_spec sp;
    if (!rc && sweep_parse(na, args, &c, &sp, NULL)) rc = 1;
    const char *outs[] = {rc ? NULL : sp.csv, rc ? NULL : sp.plot, rc ? NULL : sp.throughput};
    for (int i = 0; i < 3 && !rc; i++)
        if (outs[i] && sweep_own_file(dir, outs[i])) {
            snprintf(err, sizeof err, "'%.200s' is a file of the sweep in %.200s: merge would write over its input", outs[i], dir);
            rc = cli_fail(err);
        }
    double *rates = NULL;
    int n = rc ? 0 : grid(&sp, &c, &rates);
    sweep_point *pts = n > 0 ? calloc((size_t)n, sizeof *pts) : NULL;
    if (!rc && !pts) rc = cli_fail("out of memory");
    if (!rc) {
        for (int i = 0; i < n; i++)
            load_point(dir, i, rates[i], &c, &pts[i]);
        for (int i = 0, first = -1; i < n; i++) {
            if (pts[i].ok != 1) continue;
            if (first < 0) first = i;
            else if (pts[i].inputs != pts[first].inputs) {
                pts[i].ok = -1;
                snprintf(pts[i].err, sizeof pts[i].err,
                         "point-%d.json ran on another fault set than point-%d.json (was fault_file edited between "
                         "their runs?): run its line of jobs.txt again", i + 1, first + 1);
            }
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

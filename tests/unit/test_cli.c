/* test_cli.c: the command line as a user meets it: every kind of bad input gives one
 * clear line on stderr and exit status 1; the JSON output carries the documented
 * fields. Runs build/flitnet (FLITNET overrides the path). */
#include "testutil.h"
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *bin(void)
{
    const char *b = getenv("FLITNET");
    return b ? b : "build/flitnet";
}

static char tmpdir[] = "/tmp/flitnet_cli_XXXXXX";

static int setup(void **st)
{
    (void)st;
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **st)
{
    (void)st;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd) ? -1 : 0;
}

static void write_file(const char *name, const char *text)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s", tmpdir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* runs `flitnet ARGS`, returns the exit status, stderr into err */
static int run(const char *args, char *err, size_t len)
{
    char cmd[2048], ep[256];
    snprintf(ep, sizeof ep, "%s/stderr", tmpdir);
    snprintf(cmd, sizeof cmd, "cd %s && %s/%s %s >/dev/null 2>%s", tmpdir, getenv("PWD"), bin(), args, ep);
    if (bin()[0] == '/') snprintf(cmd, sizeof cmd, "cd %s && %s %s >/dev/null 2>%s", tmpdir, bin(), args, ep);
    int st = system(cmd);
    FILE *f = fopen(ep, "r");
    size_t n = f ? fread(err, 1, len - 1, f) : 0;
    err[n] = 0;
    if (f) fclose(f);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static void expect_error(const char *args, const char *words)
{
    char err[4096];
    int rc = run(args, err, sizeof err);
    if (rc != 1) fail_msg("`flitnet %s`: exit %d, expected 1 (stderr: %s)", args, rc, err);
    size_t lines = 0;
    for (char *p = err; *p; p++) lines += *p == '\n';
    if (lines != 1 || strncmp(err, "flitnet: ", 9))
        fail_msg("`flitnet %s`: expected one 'flitnet: ...' line on stderr, got: %s", args, err);
    if (!strstr(err, words)) fail_msg("`flitnet %s`: stderr '%s' does not mention '%s'", args, err, words);
}

static void rejects_impossible_networks(void **st)
{
    (void)st;
    expect_error("sim k=1", "k: value 1 is out of range");
    expect_error("sim n=0", "n = 0 is out of range");
    expect_error("sim k=8,1", "out of range");
    expect_error("sim topology=ring", "topology: unknown value 'ring'");
    expect_error("sim topology=hypercube k=4", "hypercube has radix 2");
    expect_error("sim k=4,4,4 n=2", "k lists 3 radices but n = 2");
    expect_error("sim vcs=0", "vcs = 0 is out of range");
    expect_error("sim k=255 n=3", "network too large");
}

static void rejects_too_few_vcs(void **st)
{
    (void)st;
    expect_error("sim vcs=1", "too few VCs for routing dor");
    expect_error("sim vcs=1 routing=dor_escape topology=mesh", "too few VCs for routing dor_escape");
    expect_error("sim routing=xyz", "routing: unknown value 'xyz'");
}

static void rejects_bad_rates_and_keys(void **st)
{
    (void)st;
    expect_error("sim rate=0", "rate must be > 0");
    expect_error("sim rate=-0.1", "rate must be > 0");
    expect_error("sim flit_rate=0", "flit_rate must be > 0");
    expect_error("sim rate=0.1 flit_rate=0.2", "either rate or flit_rate");
    expect_error("sim rate=abc", "rate: 'abc' is not a number");
    expect_error("sim process=bernoulli rate=2", "Bernoulli");
    expect_error("sim foo=1", "unknown key 'foo'");
    expect_error("sim select=best", "select: unknown value 'best'");
    expect_error("sim cycles=100 warmup=100", "warmup (100) must be smaller than cycles");
    expect_error("sim msg_len=0", "msg_len = 0 is out of range");
    expect_error("sim msg_len=2.5", "must be an integer");
    expect_error("sim traffic=locality locality_p=0.5,0.2", "locality_p must sum to 1");
    expect_error("sim --bogus", "unknown option '--bogus'");
    expect_error("frobnicate", "unknown command 'frobnicate'");
}

static void rejects_bad_patterns(void **st)
{
    (void)st;
    expect_error("sim topology=mesh k=4,8 traffic=transpose", "transpose needs");
    expect_error("sim k=6 traffic=bitrev", "power-of-two");
    expect_error("sim topology=mesh traffic=locality", "vertex-symmetric");
    expect_error("sim traffic=hotspot hotspot=64", "hotspot = 64 is not a node");
    expect_error("sim traffic=trace", "needs trace = FILE");
}

static void rejects_malformed_files(void **st)
{
    (void)st;
    write_file("bad1.conf", "# comment\nk = 8\nvcs 10\n");
    expect_error("sim bad1.conf", "bad1.conf line 3: malformed line");
    write_file("bad2.conf", "k = 8\n  colour = blue\n");
    expect_error("sim bad2.conf", "bad2.conf line 2: unknown key 'colour'");
    write_file("bad3.conf", "[router]\nk = 8\n");
    expect_error("sim bad3.conf", "sections");
    write_file("bad4.conf", "vcs = ten\n");
    expect_error("sim bad4.conf", "line 1: vcs: 'ten' is not an integer");
    expect_error("sim missing.conf", "cannot open config file 'missing.conf'");
    expect_error("sim a.conf b.conf", "cannot open config file");
    write_file("t1.tr", "0 1 2 8\n5 2 3\n");
    expect_error("sim traffic=trace trace=t1.tr", "t1.tr line 2: expected `cycle src dst length`");
    write_file("t2.tr", "0 1 2 8\n5 2 99 4\n");
    expect_error("sim traffic=trace trace=t2.tr", "t2.tr line 2: node id out of range");
    write_file("t3.tr", "10 1 2 8\n5 2 3 4\n");
    expect_error("sim traffic=trace trace=t3.tr", "t3.tr line 2: cycles must not decrease");
    write_file("t4.tr", "10 4 4 8\n");
    expect_error("sim traffic=trace trace=t4.tr", "source equals destination");
    expect_error("sim traffic=trace trace=nope.tr", "cannot open trace file 'nope.tr'");
    expect_error("sweep", "sweep needs rate=A:B:STEP");
    expect_error("sweep rate=0.3:0.1:0.1", "needs 0 < A <= B");
    expect_error("sweep rate=0.1:0.2", "is not A:B:STEP");
}

static void json_output_has_the_documented_fields(void **st)
{
    (void)st;
    write_file("ok.conf", "# a small run\nk = 4\nvcs = 4\n\n  msg_len = 16\nrate = 0.005\ncycles = 20000\nwarmup = 2000\n");
    char err[4096], path[300];
    assert_int_equal(run("sim ok.conf seed=7 --json out.json", err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/out.json", tmpdir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    cJSON *o = cJSON_Parse(buf);
    assert_non_null(o);
    const char *fields[] = {"avg_latency", "avg_network_latency", "avg_source_wait", "latency_ci95",
                            "accepted_flit_rate", "normalized_throughput", "messages_generated",
                            "messages_delivered", "flits_injected", "flits_delivered", "flits_in_flight",
                            "flit_hops", "cycles", "wall_seconds", "saturated", "config", "version"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (!cJSON_GetObjectItem(o, fields[i])) fail_msg("JSON lacks '%s'", fields[i]);
    cJSON *cfg = cJSON_GetObjectItem(o, "config");
    assert_string_equal(cJSON_GetObjectItem(cfg, "k")->valuestring, "4,4");
    assert_string_equal(cJSON_GetObjectItem(cfg, "seed")->valuestring, "7");
    assert_string_equal(cJSON_GetObjectItem(cfg, "msg_len")->valuestring, "16");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(o, "saturated")));
    double inj = cJSON_GetObjectItem(o, "flits_injected")->valuedouble;
    double del = cJSON_GetObjectItem(o, "flits_delivered")->valuedouble;
    double fl = cJSON_GetObjectItem(o, "flits_in_flight")->valuedouble;
    assert_double_equal(inj, del + fl, 0);
    cJSON_Delete(o);
}

static void deadlock_exits_nonzero_with_report(void **st)
{
    (void)st;
    char err[4096];
    int rc = run("sim k=8 n=1 vcs=2 dateline=0 msg_len=32 flit_rate=0.9 deadlock_cycles=300 max_queue=100000", err,
                 sizeof err);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(err, "deadlock detected"));
}

static void model_and_compare_reject_what_they_do_not_cover(void **st)
{
    (void)st;
    expect_error("model", "model needs model=");
    expect_error("model model=magic", "model: unknown value 'magic'");
    expect_error("model model=duato-nbc k=8 n=3", "duato-nbc");
    expect_error("model model=timeout", "hypercube");
    expect_error("model model=dor-comb traffic=transpose", "covers uniform traffic only");
    expect_error("model model=dor-comb variant=best", "variant: unknown value 'best'");
    expect_error("model model=dor-comb tau=x", "tau: 'x' is not a number");
    expect_error("model model=dor-comb dateline=0", "dateline = 0 is not covered");
    expect_error("compare model=duato-nbc rate=0.001:0.002:0.001", "run it with routing=duato_nbc (got dor)");
    expect_error("compare routing=duato topology=hypercube n=4 vcs=3 tau=5 rate=0.001:0.002:0.001",
                 "compare takes the time-out from the simulator's key timeout=N");
    expect_error("compare routing=nbc k=4 vcs=6 rate=0.001:0.002:0.001", "no model matches routing nbc");
    expect_error("compare routing=dor_escape variant=refined rate=0.001:0.002:0.001", "does not describe routing dor_escape");
    expect_error("compare model=dor-comb routing=dor vcs=5 variant=refined rate=0.001:0.002:0.001", "even V");
    expect_error("compare", "compare needs rate=A:B:STEP");
    expect_error("bench k=8", "bench takes only cycles=N");
    /* the validation script refuses an unknown experiment with its usage line */
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cd %s && scripts/validate.sh nosuch /tmp >/dev/null 2>%s/v.err", getenv("PWD"), tmpdir);
    int st2 = system(cmd);
    assert_true(WIFEXITED(st2) && WEXITSTATUS(st2) == 1);
}

static void model_and_compare_run(void **st)
{
    (void)st;
    char err[4096], path[300];
    assert_int_equal(run("model model=dor-comb variant=refined --csv m.csv", err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/m.csv", tmpdir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    double prev = 0, rate, lat;
    int rows = 0;
    assert_non_null(fgets(line, sizeof line, f)); /* header */
    while (fgets(line, sizeof line, f) && sscanf(line, "%lf,%lf", &rate, &lat) == 2) {
        assert_true(lat > prev); /* latency rises with load below saturation */
        prev = lat;
        rows++;
    }
    fclose(f);
    assert_true(rows >= 20);
    assert_int_equal(run("compare k=4 vcs=4 msg_len=16 cycles=20000 warmup=2000 rate=0.002:0.01:0.004 -j 2 "
                         "--csv c.csv --plot c.svg",
                         err, sizeof err),
                     0);
    /* the three models whose routings landed with issue 4's completion: each compare prints its errors */
    const char *more[] = {
        "compare routing=duato_nbc k=4 vcs=6 msg_len=16 cycles=8000 warmup=1000 rate=0.004:0.012:0.004",
        "compare routing=swft k=4 vcs=4 faults=2 msg_len=16 cycles=8000 warmup=1000 rate=0.004:0.012:0.004",
        "compare routing=duato topology=hypercube n=4 vcs=3 timeout=16 msg_len=16 msg_len_dist=exp traffic=locality "
        "locality_alpha=0.5 cycles=8000 warmup=1000 rate=0.004:0.012:0.004",
    };
    for (int i = 0; i < 3; i++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd, "%s --summary cmp%d.md", more[i], i);
        if (run(cmd, err, sizeof err)) fail_msg("%s: %s", more[i], err);
        char out[8192];
        snprintf(path, sizeof path, "%s/cmp%d.md", tmpdir, i);
        f = fopen(path, "r");
        assert_non_null(f);
        size_t nr = fread(out, 1, sizeof out - 1, f);
        out[nr] = 0;
        fclose(f);
        /* one row: | title | routing | measured saturation | seed saturation (error) | seed MAE ... */
        if (!strstr(out, "%") || strncmp(out, "| ", 2)) fail_msg("%s wrote the summary:\n%s", more[i], out);
    }
    snprintf(path, sizeof path, "%s/c.svg", tmpdir);
    f = fopen(path, "r");
    assert_non_null(f);
    fclose(f);
    snprintf(path, sizeof path, "%s/c.csv", tmpdir);
    f = fopen(path, "r");
    assert_non_null(f);
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, "refined_error"));
    fclose(f);
}

/* a file's text without the lines (JSON) or columns (CSV) that hold wall-clock times */
static void read_without_timing(const char *name, char *buf, size_t len)
{
    char path[300], line[4096];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t o = 0;
    buf[0] = 0;
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "\"wall_seconds\"")) continue;
        /* CSV: drop the wall_seconds column (second to last) */
        char *last = strrchr(line, ','), *prev = NULL;
        if (last && strchr(line, '"') == NULL) {
            *last = 0;
            prev = strrchr(line, ',');
            *last = ',';
            if (prev) memmove(prev, last, strlen(last) + 1);
        }
        o += (size_t)snprintf(buf + o, len - o, "%s", line);
    }
    fclose(f);
}

static void same_seed_same_bytes(void **st)
{
    (void)st;
    static char a[1 << 20], b[1 << 20];
    char err[4096];
    assert_int_equal(run("sim k=4 vcs=3 msg_len=8 flit_rate=0.3 cycles=20000 warmup=1000 --json d1.json", err,
                         sizeof err), 0);
    assert_int_equal(run("sim k=4 vcs=3 msg_len=8 flit_rate=0.3 cycles=20000 warmup=1000 --json d2.json", err,
                         sizeof err), 0);
    read_without_timing("d1.json", a, sizeof a);
    read_without_timing("d2.json", b, sizeof b);
    assert_true(strlen(a) > 1000);
    assert_string_equal(a, b);
    /* a sweep gives the same table whatever the number of workers */
    assert_int_equal(run("sweep k=4 vcs=4 msg_len=8 cycles=15000 warmup=1000 flit_rate=0.1:0.5:0.1 -j 1 --csv s1.csv",
                         err, sizeof err), 0);
    assert_int_equal(run("sweep k=4 vcs=4 msg_len=8 cycles=15000 warmup=1000 flit_rate=0.1:0.5:0.1 -j 2 --csv s2.csv",
                         err, sizeof err), 0);
    read_without_timing("s1.csv", a, sizeof a);
    read_without_timing("s2.csv", b, sizeof b);
    assert_true(strlen(a) > 200);
    assert_string_equal(a, b);
}

static void c_model_waves(void **st)
{
    (void)st;
    char err[4096], cmd[1024];
    assert_int_equal(run("sim k=4 vcs=2 msg_len=8 rate=0.01 cycles=3000 warmup=100 --vcd w.vcd --vcd-window 100:299",
                         err, sizeof err), 0);
    /* GTKWave's own converter is the parser: it must read the file */
    snprintf(cmd, sizeof cmd, "cd %s && vcd2fst w.vcd w.fst >/dev/null 2>&1", tmpdir);
    assert_int_equal(system(cmd), 0);
    /* the window: the last timestamp is cycle 299 (10 time units per cycle, half cycles) */
    snprintf(cmd, sizeof cmd, "cd %s && grep -c '^#' w.vcd > n.txt && tail -n 40 w.vcd | grep '^#' | tail -n 1 > last.txt",
             tmpdir);
    assert_int_equal(system(cmd), 0);
    char path[300], line[64];
    snprintf(path, sizeof path, "%s/last.txt", tmpdir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    long last = atol(line + 1);
    assert_true(last >= 2990 && last <= 3005);
    expect_error("sim --vcd w.vcd --vcd-window 9:2", "--vcd-window needs FROM:TO");
    expect_error("sim --vcd /nonexistent/dir/w.vcd cycles=20000", "w.vcd");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rejects_impossible_networks),
        cmocka_unit_test(rejects_too_few_vcs),
        cmocka_unit_test(rejects_bad_rates_and_keys),
        cmocka_unit_test(rejects_bad_patterns),
        cmocka_unit_test(rejects_malformed_files),
        cmocka_unit_test(json_output_has_the_documented_fields),
        cmocka_unit_test(deadlock_exits_nonzero_with_report),
        cmocka_unit_test(model_and_compare_reject_what_they_do_not_cover),
        cmocka_unit_test(model_and_compare_run),
        cmocka_unit_test(same_seed_same_bytes),
        cmocka_unit_test(c_model_waves),
    };
    return cmocka_run_group_tests_name("cli", tests, setup, teardown);
}

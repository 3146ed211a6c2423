/* testutil.h: helpers shared by the unit tests: build a configuration from
 * "key=value" strings and run it. */
#ifndef FLITNET_TESTUTIL_H
#define FLITNET_TESTUTIL_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include <math.h>
#include "config.h"
#include "sim.h"

/* under AddressSanitizer (about 4x slower) the long randomized runs take a shorter
 * sample: the sanitizer build checks the code paths for memory errors, the plain build
 * keeps the full sample (ASAN_OR(plain, shorter)) */
#if defined(__SANITIZE_ADDRESS__)
#define ASAN_OR(plain, asan) (asan)
#else
#define ASAN_OR(plain, asan) (plain)
#endif

#ifndef assert_double_equal
/* cmocka 1.1.5 (Debian 12) has no double comparison */
#define assert_double_equal(a, b, eps)                                                                   \
    do {                                                                                                 \
        double a_ = (a), b_ = (b);                                                                       \
        if (!(fabs(a_ - b_) <= (eps))) fail_msg("%s = %.17g, expected %.17g (+- %g)", #a, a_, b_, (double)(eps)); \
    } while (0)
#endif

/* applies NULL-terminated "key=value" strings to the defaults (a bad key fails the test)
 * and resolves them; returns config_resolve's result, its reason in err */
static inline int cfg_apply(sim_config *c, va_list ap, char *err, size_t errlen)
{
    config_defaults(c);
    for (const char *kv = va_arg(ap, const char *); kv; kv = va_arg(ap, const char *)) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", kv);
        char *eq = strchr(buf, '=');
        assert_non_null(eq);
        *eq = 0;
        if (config_set(c, buf, eq + 1, err, errlen)) fail_msg("config_set %s: %s", kv, err);
    }
    return config_resolve(c, err, errlen);
}

/* as cfg_apply; fails the test on any error */
static inline void cfg_build(sim_config *c, ...)
{
    char err[CFG_ERR];
    va_list ap;
    va_start(ap, c);
    int rc = cfg_apply(c, ap, err, sizeof err);
    va_end(ap);
    if (rc) fail_msg("config_resolve: %s", err);
}

static inline void run_ok(const sim_config *c, sim_result *r, int shuffle)
{
    char err[CFG_ERR];
    sim_options o = {.shuffle_order = shuffle, .quiet = 1, .check_invariants = 1}; /* every test run checks the invariants */
    if (sim_run(c, &o, r, err, sizeof err)) fail_msg("sim_run: %s", err);
    if (r->corrupt) fail_msg("corrupt deliveries: %s", r->corrupt_first);
}
/* the configuration (NULL-terminated "key=value" strings) is refused, at resolution or by
 * sim_run, with one line containing want */
static inline void expect_refused(const char *want, ...)
{
    sim_config c;
    char err[CFG_ERR];
    va_list ap;
    va_start(ap, want);
    int rc = cfg_apply(&c, ap, err, sizeof err);
    va_end(ap);
    if (rc == 0) {
        sim_result r;
        if (sim_run(&c, NULL, &r, err, sizeof err) == 0) fail_msg("expected an error containing '%s'", want);
    }
    if (!strstr(err, want)) fail_msg("error '%s' does not contain '%s'", err, want);
    assert_null(strchr(err, '\n'));
}

/* the latency of one message of m flits from src to dst, alone in the network (a trace
 * run of 400 cycles: the message, injected in cycle 7, needs under 100 on every network
 * the tests use); checks it arrived once by a minimal path */
static inline double single_message_latency_v(const char *topo, const char *k, const char *n, int B, int src, int dst,
                                              int m, const char *routing, int vcs)
{
    char path[] = "/tmp/flitnet_trace_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "# one message\n7 %d %d %d\n", src, dst, m);
    fclose(f);
    char kv[7][128];
    snprintf(kv[0], 128, "topology=%s", topo);
    snprintf(kv[1], 128, "k=%s", k);
    snprintf(kv[2], 128, "n=%s", n);
    snprintf(kv[3], 128, "buf_depth=%d", B);
    snprintf(kv[4], 128, "trace=%s", path);
    snprintf(kv[5], 128, "routing=%s", routing);
    snprintf(kv[6], 128, "vcs=%d", vcs);
    sim_config c;
    cfg_build(&c, kv[0], kv[1], kv[2], kv[3], "traffic=trace", kv[4], kv[5], kv[6], "cycles=400", "warmup=0",
              "batches=2", NULL);
    sim_result r;
    run_ok(&c, &r, 0);
    unlink(path);
    assert_int_equal(r.messages_delivered, 1);
    assert_int_equal(r.nonminimal, 0);
    double lat = r.avg_latency;
    sim_result_free(&r);
    return lat;
}
#endif

/* test_threads.c: a run split over threads (key threads, tb/threads.h) gives the result
 * of one thread, field for field: every scalar of sim_result (latency mean, CI and
 * percentiles, throughput, counters, the deliveries' fingerprint, per-VC use and flit
 * shares, the outcome and its text), the channel loads, the node loads, the fault map
 * and the deadlock report, for threads = 1, 2, 3 (and 3 in a shuffled order) on
 * routings, topologies, buffer depths and outcomes (saturated, deadlocked, drained) that
 * exercise every counter the threads keep apart. */
#include "testutil.h"

/* the result with what may differ between thread counts (wall clock, the count itself)
 * and the pointers cleared, for a byte comparison (sim_run zeroes the whole struct first) */
static sim_result scalars(const sim_result *r)
{
    sim_result s = *r;
    s.wall_seconds = 0;
    s.threads = 0;
    s.deadlock_report = NULL;
    s.chan_util = s.node_load = NULL;
    s.fault_state = NULL;
    s.regions = NULL;
    return s;
}

static void same(const char *what, int T, const sim_result *a, const sim_result *b)
{
    sim_result sa = scalars(a), sb = scalars(b);
    if (memcmp(&sa, &sb, sizeof sa))
        fail_msg("%s, threads = %d: the result differs from one thread's (latency %.17g vs %.17g, hops %llu vs %llu, "
                 "fingerprint %llx vs %llx)", what, T, a->avg_latency, b->avg_latency, (unsigned long long)a->flit_hops,
                 (unsigned long long)b->flit_hops, (unsigned long long)a->fingerprint, (unsigned long long)b->fingerprint);
    const size_t N = (size_t)a->N, Pn = (size_t)a->Pn;
    if (memcmp(a->chan_util, b->chan_util, N * Pn * sizeof *a->chan_util)) fail_msg("%s, threads = %d: channel loads differ", what, T);
    if (memcmp(a->node_load, b->node_load, N * sizeof *a->node_load)) fail_msg("%s, threads = %d: node loads differ", what, T);
    assert_true(!a->fault_state == !b->fault_state);
    if (a->fault_state) {
        if (memcmp(a->fault_state, b->fault_state, N)) fail_msg("%s, threads = %d: fault maps differ", what, T);
        if (memcmp(a->regions, b->regions, sizeof *a->regions * (size_t)a->nregions)) fail_msg("%s: regions differ", what);
    }
    assert_true(!a->deadlock_report == !b->deadlock_report);
    if (a->deadlock_report) assert_string_equal(a->deadlock_report, b->deadlock_report);
}

static void run_threads(const sim_config *c0, int T, int shuffle, sim_result *r)
{
    sim_config c = *c0;
    c.threads = T;
    char err[CFG_ERR];
    sim_options o = {.shuffle_order = shuffle, .quiet = 1};
    if (sim_run(&c, &o, r, err, sizeof err)) fail_msg("sim_run: %s", err);
    assert_int_equal(r->threads, T);
}

/* the configuration's result for 1 thread, then 2, 3 and 3 shuffled, each compared */
static void check(const char *what, const char *const *kv, int nkv, int want_sat, int want_dead)
{
    sim_config c;
    config_defaults(&c);
    char err[CFG_ERR];
    for (int i = 0; i < nkv; i++) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", kv[i]);
        char *eq = strchr(buf, '=');
        *eq = 0;
        if (config_set(&c, buf, eq + 1, err, sizeof err)) fail_msg("%s: %s", what, err);
    }
    if (config_resolve(&c, err, sizeof err)) fail_msg("%s: %s", what, err);
    sim_result one;
    run_threads(&c, 1, 0, &one);
    if (one.corrupt) fail_msg("%s: corrupt deliveries: %s", what, one.corrupt_first);
    if (want_sat >= 0 && one.saturated != want_sat) fail_msg("%s: saturated = %d", what, one.saturated);
    if (want_dead >= 0 && one.deadlock != want_dead) fail_msg("%s: deadlock = %d", what, one.deadlock);
    if (!one.messages_delivered) fail_msg("%s: nothing delivered", what);
    static const int Ts[] = {2, 3, 3};
    for (int i = 0; i < 3; i++) {
        sim_result r;
        run_threads(&c, Ts[i], i == 2, &r);
        same(what, Ts[i], &one, &r);
        sim_result_free(&r);
    }
    sim_result_free(&one);
}

#define CHECK(what, sat, dead, ...)                                                                                   \
    do {                                                                                                             \
        static const char *const kv_[] = {__VA_ARGS__};                                                             \
        check(what, kv_, (int)(sizeof kv_ / sizeof kv_[0]), sat, dead);                                              \
    } while (0)

static void test_torus_dor(void **state)
{
    (void)state;
    CHECK("8x8 torus dor", 0, 0, "k=8", "vcs=4", "msg_len=8", "rate=0.03", "cycles=2000");
    CHECK("4x4x4 torus dor B=2 Bo=2 drain exp", 0, 0, "k=4", "n=3", "vcs=4", "buf_depth=2", "obuf_depth=2", "msg_len=6",
          "msg_len_dist=exp", "rate=0.04", "cycles=2000", "drain=1");
}

static void test_adaptive(void **state)
{
    (void)state;
    CHECK("6x6 torus duato_nbc B=3", 0, 0, "k=6", "routing=duato_nbc", "vcs=6", "buf_depth=3", "msg_len=8", "rate=0.03",
          "cycles=2000");
    CHECK("6x6 mesh fully_adaptive B=2", 0, 0, "topology=mesh", "k=6", "routing=fully_adaptive", "vcs=4", "buf_depth=2",
          "msg_len=8", "rate=0.03", "cycles=2000");
    CHECK("2^6 hypercube duato B=2", 0, 0, "topology=hypercube", "n=6", "routing=duato", "vcs=4", "buf_depth=2",
          "msg_len=8", "rate=0.03", "cycles=2000");
}

static void test_faults(void **state)
{
    (void)state;
    CHECK("8x8 swft, 3 faults", 0, 0, "k=8", "routing=swft", "vcs=6", "faults=3", "msg_len=8", "rate=0.02",
          "reinject_delay=2", "cycles=2000");
    CHECK("8x8 dor f-rings, 4 faults, B=2", 0, 0, "k=8", "vcs=6", "faults=4", "fault_handling=fring", "buf_depth=2",
          "msg_len=8", "rate=0.02", "cycles=2000");
    CHECK("8x8 duato f-rings, 3 faults", -1, 0, "k=8", "routing=duato", "vcs=8", "faults=3", "msg_len=8",
          "rate=0.02", "cycles=2000");
}

static void test_outcomes(void **state)
{
    (void)state;
    CHECK("8x8 dor past saturation (stops)", 1, 0, "k=8", "vcs=4", "msg_len=16", "rate=0.05", "cycles=3000");
    CHECK("8x8 swft past saturation (runs on, queues overflow)", 1, -1, "k=8", "routing=swft", "vcs=6", "faults=3",
          "msg_len=8", "rate=0.08", "stop_saturated=0", "max_queue=20", "cycles=2000");
    CHECK("8x8 torus without datelines (deadlocks)", -1, 1, "k=8", "vcs=2", "dateline=0", "msg_len=32", "rate=0.05",
          "stop_saturated=0", "deadlock_cycles=200", "cycles=3000");
    CHECK("8x8 precision stop", 0, 0, "k=8", "vcs=4", "msg_len=8", "rate=0.02", "cycles=6000", "precision=0.2");
}

/* threads = 0: one per CPU online; a network smaller than the count gets one node per thread */
static void test_counts(void **state)
{
    (void)state;
    sim_config c;
    cfg_build(&c, "topology=hypercube", "n=1", "vcs=2", "msg_len=2", "rate=0.1", "cycles=2000", NULL);
    sim_result r;
    run_threads(&c, 2, 0, &r);
    sim_result_free(&r);
    c.threads = 5;
    char err[CFG_ERR];
    sim_options o = {.quiet = 1};
    assert_int_equal(sim_run(&c, &o, &r, err, sizeof err), 0);
    assert_int_equal(r.threads, 2);
    sim_result_free(&r);
    assert_int_equal(config_set(&c, "threads", "-1", err, sizeof err), -1);
    assert_int_equal(config_set(&c, "threads", "0", err, sizeof err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_torus_dor), cmocka_unit_test(test_adaptive), cmocka_unit_test(test_faults),
        cmocka_unit_test(test_outcomes), cmocka_unit_test(test_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

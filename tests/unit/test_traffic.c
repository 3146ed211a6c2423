/* test_traffic.c: the message stream: rates, lengths, destinations, patterns, locality,
 * independence from the network; and the statistics helpers. */
#include "testutil.h"
#include "stats.h"
#include "traffic.h"
#include <math.h>
#include <stdlib.h>

typedef struct {
    const topology *t;
    long n, self, len_sum;
    long *dst_count;   /* [N] */
    long *dist_count;  /* [D+1] */
    int last_src, last_dst;
} tally;

static void count(void *u, uint64_t cycle, int s, int d, int len)
{
    (void)cycle;
    tally *t = u;
    t->n++;
    t->self += s == d;
    t->len_sum += len;
    t->dst_count[d]++;
    t->dist_count[topo_distance(t->t, s, d)]++;
    t->last_src = s;
    t->last_dst = d;
}

static void generate(sim_config *c, topology *t, traffic *tr, tally *ta, long cycles)
{
    char err[256];
    if (topo_init(t, c->topology, c->n, c->k, err, sizeof err)) fail_msg("%s", err);
    if (traffic_init(tr, c, t, err, sizeof err)) fail_msg("%s", err);
    memset(ta, 0, sizeof *ta);
    ta->t = t;
    ta->dst_count = calloc((size_t)t->N, sizeof(long));
    ta->dist_count = calloc((size_t)t->diameter + 1, sizeof(long));
    for (long cy = 0; cy < cycles; cy++) traffic_cycle(tr, (uint64_t)cy, count, ta);
}

static void done(topology *t, traffic *tr, tally *ta)
{
    free(ta->dst_count);
    free(ta->dist_count);
    traffic_free(tr);
    topo_free(t);
}

static void poisson_rate_and_uniform_destinations(void **st)
{
    (void)st;
    sim_config c;
    topology t;
    traffic tr;
    tally ta;
    cfg_build(&c, "k=8", "rate=0.01", "msg_len=20", "msg_len_dist=exp", NULL);
    generate(&c, &t, &tr, &ta, 200000);
    double expect = 0.01 * 64 * 200000; /* 128000, sd ~358 */
    assert_true(fabs(ta.n - expect) < 4 * sqrt(expect));
    assert_int_equal(ta.self, 0);
    /* geometric lengths with mean 20: sd of the mean ~ 19.5/sqrt(n) */
    assert_true(fabs((double)ta.len_sum / ta.n - 20.0) < 0.25);
    for (int x = 0; x < 64; x++) assert_true(fabs(ta.dst_count[x] - ta.n / 64.0) < 5 * sqrt(ta.n / 64.0));
    done(&t, &tr, &ta);
}

static void bernoulli_at_most_one_per_cycle(void **st)
{
    (void)st;
    sim_config c;
    topology t;
    traffic tr;
    tally ta;
    cfg_build(&c, "k=4", "process=bernoulli", "rate=0.5", "msg_len=4", NULL);
    generate(&c, &t, &tr, &ta, 20000);
    double expect = 0.5 * 16 * 20000;
    assert_true(fabs(ta.n - expect) < 4 * sqrt(expect * 0.5));
    assert_int_equal(ta.len_sum, 4 * ta.n);
    done(&t, &tr, &ta);
}

static void permutation_patterns(void **st)
{
    (void)st;
    sim_config c;
    topology t;
    traffic tr;
    char err[256];
    struct { const char *kv[3]; int src, dst; } cases[] = {
        {{"traffic=transpose", "k=8", "n=2"}, 1 + 8 * 3, 3 + 8 * 1},   /* (1,3) -> (3,1) */
        {{"traffic=bitcomp", "k=8", "n=2"}, 0, 63},
        {{"traffic=bitrev", "k=8", "n=2"}, 1, 32},                      /* 000001 -> 100000 */
        {{"traffic=shuffle", "k=8", "n=2"}, 33, 3},                     /* 100001 -> 000011 */
        {{"traffic=tornado", "k=8", "n=2"}, 0, 3 + 8 * 3},
        {{"traffic=neighbor", "k=8", "n=2"}, 7, 0 + 8 * 1},
        {{"traffic=transpose", "topology=hypercube", "n=6"}, 5, 40},    /* 000101 -> 101000 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cfg_build(&c, cases[i].kv[0], cases[i].kv[1], cases[i].kv[2], NULL);
        assert_int_equal(topo_init(&t, c.topology, c.n, c.k, err, sizeof err), 0);
        assert_int_equal(traffic_init(&tr, &c, &t, err, sizeof err), 0);
        assert_int_equal(traffic_pattern_dst(&tr, cases[i].src), cases[i].dst);
        traffic_free(&tr);
        topo_free(&t);
    }
    /* diagonal nodes of a transpose map to themselves and stay silent */
    cfg_build(&c, "traffic=transpose", "k=8", NULL);
    assert_int_equal(topo_init(&t, c.topology, c.n, c.k, err, sizeof err), 0);
    assert_int_equal(traffic_init(&tr, &c, &t, err, sizeof err), 0);
    assert_int_equal(traffic_pattern_dst(&tr, 9), -1);
    traffic_free(&tr);
    topo_free(&t);
}

static void locality_by_distance(void **st)
{
    (void)st;
    sim_config c;
    topology t;
    traffic tr;
    tally ta;
    /* seed 003's communication pattern 2 on a 2^10 hypercube */
    cfg_build(&c, "topology=hypercube", "n=10", "traffic=locality",
              "locality_p=0.7,0.2,0.0125,0.0125,0.0125,0.0125,0.0125,0.0125,0.0125,0.0125", "rate=0.01", NULL);
    generate(&c, &t, &tr, &ta, 20000);
    double p[11] = {0, 0.7, 0.2, 0.0125, 0.0125, 0.0125, 0.0125, 0.0125, 0.0125, 0.0125, 0.0125};
    for (int i = 1; i <= 10; i++) {
        double e = p[i] * ta.n;
        assert_true(fabs(ta.dist_count[i] - e) < 5 * sqrt(e) + 5);
    }
    assert_int_equal(ta.self, 0);
    done(&t, &tr, &ta);
    /* alpha form on a torus: p_i proportional to alpha^i */
    cfg_build(&c, "k=8", "traffic=locality", "locality_alpha=0.5", "rate=0.01", NULL);
    generate(&c, &t, &tr, &ta, 20000);
    double s = 0;
    for (int i = 1; i <= 8; i++) s += pow(0.5, i);
    for (int i = 1; i <= 8; i++) {
        double e = pow(0.5, i) / s * ta.n;
        assert_true(fabs(ta.dist_count[i] - e) < 5 * sqrt(e) + 5);
    }
    done(&t, &tr, &ta);
}

static void hotspot_fraction(void **st)
{
    (void)st;
    sim_config c;
    topology t;
    traffic tr;
    tally ta;
    cfg_build(&c, "k=8", "traffic=hotspot", "hotspot=27", "hotspot_frac=0.2", "rate=0.01", NULL);
    generate(&c, &t, &tr, &ta, 50000);
    /* 63 nodes send 20 % + uniform share to 27 */
    double e = ta.n * (63.0 / 64) * (0.2 + 0.8 / 63);
    assert_true(fabs(ta.dst_count[27] - e) < 5 * sqrt(e));
    done(&t, &tr, &ta);
}

static void stream_depends_only_on_seed(void **st)
{
    (void)st;
    sim_config c;
    topology t1, t2;
    traffic a, b;
    tally x, y;
    cfg_build(&c, "k=4", "rate=0.05", "seed=9", NULL);
    generate(&c, &t1, &a, &x, 5000);
    generate(&c, &t2, &b, &y, 5000);
    assert_int_equal(x.n, y.n);
    assert_int_equal(x.len_sum, y.len_sum);
    assert_memory_equal(x.dst_count, y.dst_count, sizeof(long) * 16);
    done(&t1, &a, &x);
    done(&t2, &b, &y);
}

static void stats_percentiles_and_ci(void **st)
{
    (void)st;
    lat_stats s;
    assert_int_equal(stats_init(&s, 10, 0, 1000), 0);
    for (int i = 0; i < 1000; i++) stats_add(&s, (uint64_t)i, (uint64_t)(i % 100) + 1, 1, 0);
    assert_double_equal(stats_mean(&s), 50.5, 1e-12);
    assert_double_equal(stats_percentile(&s, 0.5), 50, 0);
    assert_double_equal(stats_percentile(&s, 0.99), 99, 0);
    /* identical batches: zero-width interval */
    assert_double_equal(stats_ci95(&s), 0, 1e-12);
    stats_add(&s, 5, 100000, 1, 0); /* beyond the exact range: bucket error < 0.1 % */
    assert_true(fabs(stats_percentile(&s, 1.0) - 100000) / 100000 < 1e-3);
    stats_add(&s, 5000, 7, 1, 0);   /* outside the window: ignored */
    assert_int_equal(s.n, 1001);
    stats_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(poisson_rate_and_uniform_destinations),
        cmocka_unit_test(bernoulli_at_most_one_per_cycle),
        cmocka_unit_test(permutation_patterns),
        cmocka_unit_test(locality_by_distance),
        cmocka_unit_test(hotspot_fraction),
        cmocka_unit_test(stream_depends_only_on_seed),
        cmocka_unit_test(stats_percentiles_and_ci),
    };
    return cmocka_run_group_tests_name("traffic", tests, NULL, NULL);
}

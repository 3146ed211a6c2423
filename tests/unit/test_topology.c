/* test_topology.c: addresses, neighbours, minimal distances and capacities. */
#include "testutil.h"
#include "topology.h"

static void make(topology *t, topo_kind k, int n, int k0)
{
    int ks[MAX_DIMS];
    char err[256];
    for (int d = 0; d < MAX_DIMS; d++) ks[d] = k0;
    if (topo_init(t, k, n, ks, err, sizeof err)) fail_msg("%s", err);
}

static void torus_8x8(void **st)
{
    (void)st;
    topology t;
    make(&t, TOPO_TORUS, 2, 8);
    assert_int_equal(t.N, 64);
    assert_int_equal(t.P, 5);
    assert_int_equal(t.diameter, 8);
    /* mean over the 63 other nodes: 4 hops on average over 64 incl. self */
    assert_double_equal(t.mean_dist, 256.0 / 63.0, 1e-12);
    /* 256 channels / (64 * 256/63) */
    assert_double_equal(t.capacity, 63.0 / 64.0, 1e-12);
    /* node 7 = (7,0): +x wraps to (0,0); -x goes to (6,0) */
    assert_int_equal(t.nbr[7 * t.Pn + 0], 0);
    assert_int_equal(t.nbr[7 * t.Pn + 1], 6);
    assert_int_equal(t.nbr[0 * t.Pn + 3], 56);
    int port;
    /* offset 4 = k/2: both minimal, the contract picks + */
    assert_int_equal(topo_dim_hops(&t, 0, 4, 0, &port), 4);
    assert_int_equal(port, 0);
    assert_int_equal(topo_dim_hops(&t, 0, 5, 0, &port), 3);
    assert_int_equal(port, 1);
    assert_int_equal(topo_distance(&t, 5, 40), 6);
    topo_free(&t);
}

static void brute_mean(const topology *t, double *mean, int *diam)
{
    long s = 0, c = 0;
    *diam = 0;
    for (int a = 0; a < t->N; a++)
        for (int b = 0; b < t->N; b++)
            if (a != b) {
                int h = topo_distance(t, a, b);
                s += h;
                c++;
                if (h > *diam) *diam = h;
            }
    *mean = (double)s / c;
}

static void mean_distance_matches_enumeration(void **st)
{
    (void)st;
    struct { topo_kind k; int n, k0; } cases[] = {
        {TOPO_TORUS, 2, 5}, {TOPO_TORUS, 3, 4}, {TOPO_TORUS_UNI, 2, 6}, {TOPO_MESH, 2, 5}, {TOPO_MESH, 3, 3},
        {TOPO_HYPERCUBE, 5, 2}, {TOPO_TORUS, 1, 7},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        topology t;
        make(&t, cases[i].k, cases[i].n, cases[i].k0);
        double m;
        int d;
        brute_mean(&t, &m, &d);
        assert_double_equal(t.mean_dist, m, 1e-9);
        assert_int_equal(t.diameter, d);
        /* neighbours are one hop away and links pair up as in and out */
        for (int x = 0; x < t.N; x++)
            for (int p = 0; p < t.Pn; p++) {
                int y = t.nbr[x * t.Pn + p];
                if (y >= 0 && t.kind != TOPO_TORUS_UNI) assert_int_equal(topo_distance(&t, x, y) <= 1, 1);
            }
        topo_free(&t);
    }
}

static void mixed_radix_and_mesh_capacity(void **st)
{
    (void)st;
    topology t;
    char err[256];
    int k[2] = {4, 8};
    assert_int_equal(topo_init(&t, TOPO_TORUS, 2, k, err, sizeof err), 0);
    assert_int_equal(t.N, 32);
    assert_int_equal(topo_coord(&t, 5, 0), 1);
    assert_int_equal(topo_coord(&t, 5, 1), 1);
    assert_int_equal(t.diameter, 2 + 4);
    topo_free(&t);
    /* 8x8 mesh: the middle cut carries 32*32/63 flits per unit load over 8 channels */
    make(&t, TOPO_MESH, 2, 8);
    assert_double_equal(t.capacity, 8.0 / (32.0 * 32.0 / 63.0), 1e-12);
    assert_int_equal(t.nbr[0 * t.Pn + 1], -1);
    topo_free(&t);
}

static void rejects_bad_shapes(void **st)
{
    (void)st;
    topology t;
    char err[256];
    int k1[1] = {1};
    assert_int_equal(topo_init(&t, TOPO_TORUS, 1, k1, err, sizeof err), -1);
    assert_non_null(strstr(err, "k must be >= 2"));
    assert_int_equal(topo_init(&t, TOPO_TORUS, 0, k1, err, sizeof err), -1);
    assert_non_null(strstr(err, "n must be >= 1"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(torus_8x8),
        cmocka_unit_test(mean_distance_matches_enumeration),
        cmocka_unit_test(mixed_radix_and_mesh_capacity),
        cmocka_unit_test(rejects_bad_shapes),
    };
    return cmocka_run_group_tests_name("topology", tests, NULL, NULL);
}

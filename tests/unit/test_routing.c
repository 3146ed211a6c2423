/* test_routing.c: the routings of docs/microarchitecture.md §6.1-6.3, the time-out of
 * §5.1 and the fault handling of §7.1: exact zero-load latency, the hop-class bounds on
 * every path, an acyclic escape channel-dependency graph, freedom from deadlock past
 * saturation, delivery around faults, and the one-line errors for bad input. */
#include "cdg.h"
#include "faults.h"
#include "flit.h"
#include "netsetup.h"
#include "route.h"
#include "testutil.h"
#include "topology.h"
#include "rng.h"
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

static const char *hop_routings[] = {"phop", "nhop", "pbc", "nbc", "duato_phop", "duato_nhop", "duato_pbc",
                                     "duato_nbc", "duato"};
#define NHOP (int)(sizeof hop_routings / sizeof hop_routings[0])

/* builds topology + layout + routing from key strings; returns 0 or -1 (err filled) */
typedef struct {
    topology t;
    flit_layout fl;
    routing rt;
} rnet;

static int rnet_init(rnet *n, const char *topo, const char *k, int nd, const char *routing, int V, int E, char *err)
{
    sim_config c;
    char kv_topo[64], kv_k[64], kv_n[64];
    snprintf(kv_topo, sizeof kv_topo, "topology=%s", topo);
    snprintf(kv_k, sizeof kv_k, "k=%s", k);
    snprintf(kv_n, sizeof kv_n, "n=%d", nd);
    cfg_build(&c, kv_topo, kv_k, kv_n, NULL);
    if (topo_init(&n->t, c.topology, c.n, c.k, err, 256)) return -1;
    if (flit_layout_init(&n->fl, n->t.N, n->t.diameter, n->t.n, V, err, 256) ||
        routing_init(&n->rt, route_find(routing), &n->t, &n->fl, V, 1, E, FH_NONE, err, 256)) {
        topo_free(&n->t);
        return -1;
    }
    return 0;
}

static double single_message_latency(const char *topo, const char *k, const char *n, int B, int src, int dst, int m,
                                     const char *routing)
{
    return single_message_latency_v(topo, k, n, B, src, dst, m, routing, 12);
}

/* every routing of the registry meets the contract's zero-load closed form exactly, on
 * each network it accepts (and it accepts the 4x4 torus) */
static void zero_load_all_routings(void **st)
{
    (void)st;
    struct { const char *topo, *k, *n; int odd; } nets[] = {
        {"torus", "4", "2", 0}, {"torus_uni", "4", "2", 0}, {"mesh", "5", "2", 0}, {"hypercube", "2", "4", 0},
        {"torus", "4,3,5", "3", 1},
    };
    int cases = 0;
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
        topology t;
        sim_config c;
        char kv[3][64], err[256];
        snprintf(kv[0], 64, "topology=%s", nets[i].topo);
        snprintf(kv[1], 64, "k=%s", nets[i].k);
        snprintf(kv[2], 64, "n=%s", nets[i].n);
        cfg_build(&c, kv[0], kv[1], kv[2], NULL);
        assert_int_equal(topo_init(&t, c.topology, c.n, c.k, err, sizeof err), 0);
        int pairs[][2] = {{0, 1}, {0, t.N - 1}, {3 % t.N, (t.N / 2 + 1) % t.N}};
        for (int r = 0; route_at(r); r++) {
            const char *rt = route_at(r)->name;
            rnet probe;
            char why[256];
            if (rnet_init(&probe, nets[i].topo, nets[i].k, atoi(nets[i].n), rt, 12, 0, why)) { /* refused here */
                if (i == 0) fail_msg("%s refuses the 4x4 torus at V = 12: %s", rt, why);
                continue;
            }
            routing_free(&probe.rt);
            topo_free(&probe.t);
            for (size_t p = 0; p < 3; p++) {
                int s = pairs[p][0], d = pairs[p][1];
                if (s == d) continue;
                int H = topo_distance(&t, s, d);
                for (int B = 1; B <= 2; B++) {
                    int m = 5, delta = B == 1 ? 2 : 1;
                    assert_double_equal(single_message_latency(nets[i].topo, nets[i].k, nets[i].n, B, s, d, m, rt),
                                        2.0 * H + 3 + delta * (m - 1), 0);
                    cases++;
                }
            }
        }
        topo_free(&t);
    }
    print_message("closed form matched in %d configurations\n", cases);
}

/* Walks random paths choosing any candidate (adaptive or escape) and checks, at every hop:
 * the route is minimal, an escape candidate exists, lo <= hi <= C-1, and the classes
 * offered are exactly lo..hi (for P without bonus cards: the hops taken). */
static void hop_class_bounds_on_every_path(void **st)
{
    (void)st;
    struct { const char *topo, *k; int n; } nets[] = {{"torus", "8", 2}, {"torus", "16", 2}, {"mesh", "5", 2},
                                                       {"hypercube", "2", 6}, {"torus_uni", "4", 2}, {"torus", "6,4", 2}};
    rng_t g;
    rng_seed(&g, 7, 1);
    long hops = 0;
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++)
        for (int r = 0; r < NHOP - 1; r++) {
            rnet n;
            char err[256];
            if (rnet_init(&n, nets[i].topo, nets[i].k, nets[i].n, hop_routings[r], 32, 0, err)) fail_msg("%s", err);
            const routing *rt = &n.rt;
            int bonus_scheme = strstr(hop_routings[r], "bc") != NULL, duato = !strncmp(hop_routings[r], "duato", 5);
            for (int trial = 0; trial < 400; trial++) {
                int s = (int)rng_below(&g, (uint32_t)n.t.N), d = (int)rng_below(&g, (uint32_t)n.t.N);
                if (s == d) continue;
                flit_t h = route_init_head(rt, s, d, flit_make_head(&n.fl, d, s, 0, 0, 1));
                const hop_classes *hc = route_hop_info(rt);
                int x = s, taken = 0, H = topo_distance(&n.t, s, d);
                while (x != d) {
                    route_cands c;
                    route_candidates(rt, x, n.t.Pn, h, &c);
                    int lo = flit_neg(&n.fl, h), hi = lo + flit_bonus(&n.fl, h);
                    assert_true(hi <= hc->C - 1);
                    if (!bonus_scheme) assert_int_equal(hi, lo);
                    if (!strcmp(hop_routings[r] + (duato ? 6 : 0), "phop")) assert_int_equal(lo, taken);
                    uint32_t want = hc->cls_ge[lo] & hc->cls_le[hi], esc = 0;
                    int ncand = 0, cp[64], cw[64];
                    for (int l = 0; l < ROUTE_LEVELS; l++)
                        for (int p = 0; p < n.t.P; p++) {
                            if (!c.m[l][p]) continue;
                            assert_true(p < n.t.Pn);
                            int y = n.t.nbr[x * n.t.Pn + p];
                            assert_int_equal(topo_distance(&n.t, y, d), topo_distance(&n.t, x, d) - 1);
                            if (l == (duato ? 1 : 0)) esc |= c.m[l][p];
                            for (uint32_t m = c.m[l][p]; m; m &= m - 1)
                                if (ncand < 64) cp[ncand] = p, cw[ncand++] = __builtin_ctz(m);
                        }
                    assert_true(esc != 0);
                    assert_int_equal(esc, want);
                    int k = (int)rng_below(&g, (uint32_t)ncand);
                    h = route_update(rt, x, h, cp[k], cw[k]);
                    x = n.t.nbr[x * n.t.Pn + cp[k]];
                    taken++;
                    hops++;
                }
                assert_int_equal(taken, H);
            }
            routing_free(&n.rt);
            topo_free(&n.t);
        }
    print_message("%ld hops checked\n", hops);
}

static int cdg_ok(const routing *rt)
{
    cdg_result res;
    char err[256];
    if (cdg_check(rt, &res, err, sizeof err)) fail_msg("%s", err);
    return res.ok;
}

/* the product's checker (cdg.c) proves every routing acyclic and delivering on even and
 * odd radices, 2-D and 3-D, meshes and hypercubes where the routing applies */
static void escape_dependencies_are_acyclic(void **st)
{
    (void)st;
    struct { const char *topo, *k; int n, V; } nets[] = {{"torus", "4", 2, 6},  {"mesh", "4", 2, 10}, {"hypercube", "2", 3, 5},
                                                          {"torus", "6", 2, 8},  {"torus", "5", 2, 8}, {"torus", "4", 3, 9},
                                                          {"torus_uni", "4", 2, 8}, {"mesh", "3,5", 2, 10}};
    int checked = 0;
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++)
        for (int r = 0; route_at(r); r++) {
            rnet n;
            char err[256];
            const char *name = route_at(r)->name;
            if (rnet_init(&n, nets[i].topo, nets[i].k, nets[i].n, name, nets[i].V, 0, err)) {
                topo_free(&n.t); /* not for this network (odd radix for N-schemes, swft off a torus, too few VCs) */
                continue;
            }
            if (!cdg_ok(&n.rt)) {
                cdg_result res;
                cdg_check(&n.rt, &res, err, sizeof err);
                fail_msg("%s on %s k=%s n=%d: %s", name, nets[i].topo, nets[i].k, nets[i].n, res.reason);
            }
            checked++;
            routing_free(&n.rt);
            topo_free(&n.t);
        }
    /* the checker can fail: DOR without dateline classes on a torus has a cycle */
    rnet n;
    char err[256];
    sim_config c;
    cfg_build(&c, "k=4", NULL);
    assert_int_equal(topo_init(&n.t, c.topology, c.n, c.k, err, sizeof err), 0);
    assert_int_equal(flit_layout_init(&n.fl, n.t.N, n.t.diameter, n.t.n, 2, err, sizeof err), 0);
    assert_int_equal(routing_init(&n.rt, route_find("dor"), &n.t, &n.fl, 2, 0, 0, FH_NONE, err, sizeof err), 0);
    cdg_result res;
    assert_int_equal(cdg_check(&n.rt, &res, err, sizeof err), 0);
    assert_false(res.ok);
    assert_non_null(strstr(res.reason, "cycle"));
    routing_free(&n.rt);
    assert_int_equal(routing_init(&n.rt, route_find("dor"), &n.t, &n.fl, 2, 1, 0, FH_NONE, err, sizeof err), 0);
    assert_true(cdg_ok(&n.rt));
    routing_free(&n.rt);
    topo_free(&n.t);
    print_message("%d routing/network pairs acyclic and delivering; dor without dateline found cyclic\n", checked);
}

/* far past saturation every routing keeps delivering: no deadlock, minimal paths */
static void no_deadlock_past_saturation(void **st)
{
    (void)st;
    const char *nets[][4] = {{"topology=torus", "k=4", "n=2", "vcs=6"}, {"topology=mesh", "k=4", "n=2", "vcs=10"},
                             {"topology=hypercube", "k=2", "n=4", "vcs=6"}};
    for (int i = 0; i < 3; i++)
        for (int r = 0; r < NHOP; r++) {
            char kv[64];
            snprintf(kv, sizeof kv, "routing=%s", hop_routings[r]);
            sim_config c;
            sim_result res;
            cfg_build(&c, nets[i][0], nets[i][1], nets[i][2], nets[i][3], kv, "msg_len=8", "flit_rate=2",
                      ASAN_OR("cycles=6000", "cycles=2500"), ASAN_OR("warmup=1000", "warmup=500"), "deadlock_cycles=300",
                      "max_queue=1000000", NULL);
            run_ok(&c, &res, 0);
            if (res.deadlock) fail_msg("%s %s: %s", nets[i][0], kv, res.deadlock_report);
            assert_true(res.messages_delivered > 500);
            assert_int_equal(res.nonminimal, 0);
            sim_result_free(&res);
        }
}

/* a longer time-out keeps more heads on the adaptive VCs; the escape VC's share falls */
static void timeout_delays_escape_use(void **st)
{
    (void)st;
    double share[3];
    const char *tau[] = {"timeout=0", "timeout=16", "timeout=2000"};
    for (int i = 0; i < 3; i++) {
        sim_config c;
        sim_result r;
        cfg_build(&c, "topology=hypercube", "n=6", "vcs=3", "routing=duato", tau[i], "msg_len=16",
                  "msg_len_dist=exp", "flit_rate=0.5", "cycles=20000", "warmup=2000", NULL);
        run_ok(&c, &r, 0);
        assert_false(r.deadlock);
        share[i] = r.vc_flit_share[0];
        sim_result_free(&r);
    }
    print_message("escape VC flit share: %.4f (tau 0), %.4f (tau 16), %.4f (tau 2000)\n", share[0], share[1], share[2]);
    assert_true(share[0] > share[1]);
    assert_true(share[1] > share[2]);
    assert_true(share[0] > 0.02);
}

/* swft delivers everything around faults, at the final destination, and reroutes */
static void swft_delivers_around_faults(void **st)
{
    (void)st;
    const char *sets[][3] = {{"k=8", "n=2", "faults=5"}, {"k=8", "n=2", "faults=12"}, {"k=6", "n=3", "faults=10"},
                             {"k=8", "n=2", "fault_nodes=9,10,17,18"}};
    for (int i = 0; i < 4; i++) {
        sim_config c;
        sim_result r;
        cfg_build(&c, sets[i][0], sets[i][1], sets[i][2], "routing=swft", "vcs=4", "msg_len=8", "flit_rate=0.1",
                  "cycles=8000", "warmup=1000", "drain=1", NULL);
        run_ok(&c, &r, 0);
        assert_false(r.deadlock);
        assert_int_equal(r.messages_delivered, r.messages_generated);
        assert_true(r.messages_rerouted > 0);
        sim_result_free(&r);
    }
    /* no faults: swft is DOR, bit for bit */
    sim_config a, b;
    sim_result ra, rb;
    cfg_build(&a, "routing=swft", "vcs=4", "msg_len=8", "flit_rate=0.3", "cycles=5000", "warmup=500", NULL);
    cfg_build(&b, "routing=dor", "vcs=4", "msg_len=8", "flit_rate=0.3", "cycles=5000", "warmup=500", NULL);
    run_ok(&a, &ra, 0);
    run_ok(&b, &rb, 0);
    assert_int_equal(ra.fingerprint, rb.fingerprint);
    assert_int_equal(ra.messages_rerouted, 0);
    sim_result_free(&ra);
    sim_result_free(&rb);
}

/* §7.1: swft's zero-load line counts each segment a node's software re-injects as a
 * message of its own: the walk gives each pair's hops and segments (8x8, node 11 = (3,1)
 * faulty), and a run at 0.7 % of capacity measures the mean of those pairs (a line without
 * the segments (73.2) or without reinject_delay (100.2) is more than 2 CIs off) */
static void swft_zero_load_counts_the_reinjections(void **st)
{
    (void)st;
    sim_config c;
    cfg_build(&c, "routing=swft", "vcs=4", "fault_nodes=11", NULL);
    net_setup ns;
    char err[CFG_ERR];
    assert_int_equal(net_setup_routing(&ns, &c, err, sizeof err), 0);
    /* {src, dst, hops, segments}: direct; blocked after one hop, then the other way round
     * (1 + 5 hops); blocked at the source itself (0 + 5) */
    const int want[][4] = {{9, 10, 1, 1}, {9, 13, 6, 2}, {10, 13, 5, 2}, {13, 9, 4, 1}};
    for (int i = 0; i < 4; i++) {
        int h = -1, g = -1;
        assert_int_equal(routing_walk(&ns.rt, want[i][0], want[i][1], &h, &g), 1);
        assert_int_equal(h, want[i][2]);
        assert_int_equal(g, want[i][3]);
    }
    net_setup_free(&ns);
    sim_result r;
    cfg_build(&c, "routing=swft", "vcs=4", "fault_nodes=11,24,32,56", "msg_len=32", "rate=0.0002", "cycles=60000",
              "warmup=5000", "reinject_delay=100", NULL);
    run_ok(&c, &r, 0);
    assert_true(r.messages_rerouted > 0);
    assert_true(fabs(r.avg_latency - r.zero_load_latency) < 2 * r.latency_ci95);
    sim_result_free(&r);
}

/* the memoized walk is the plain walk, pair by pair: arrival, hops and segments, on random
 * node sets of 2 % to 40 % (the dense ones with pairs that loop, which swft's set-up would
 * refuse) on tori of even and odd radices, destinations in order and shuffled */
static void walk_memo_is_the_walk(void **st)
{
    (void)st;
    const char *const radix[][2] = {{"k=8", "n=2"}, {"k=7,5", "n=2"}, {"k=4,3,5", "n=3"}};
    uint64_t z = 12345;
    int loops = 0, arrivals = 0;
    for (int ri = 0; ri < 3; ri++)
        for (int set = 0; set < 20; set++) {
            sim_config c;
            cfg_build(&c, "routing=swft", "vcs=4", radix[ri][0], radix[ri][1], NULL);
            net_setup ns;
            char err[CFG_ERR];
            assert_int_equal(net_setup_routing(&ns, &c, err, sizeof err), 0);
            const int N = ns.t.N;
            uint8_t *faulty = calloc((size_t)N, 1);
            const int pct = 2 + set * 2;
            for (int x = 0; x < N; x++) faulty[x] = (int)((z = splitmix64(z)) % 100) < pct;
            ns.rt.faulty = faulty;
            walk_memo m;
            assert_int_equal(walk_memo_init(&m, &ns.rt), 0);
            for (int j = 0; j < N; j++) {
                const int f = set & 1 ? (j * 7 + 3) % N : j; /* (7 and N coprime here) */
                for (int s = 0; s < N; s++) {
                    if (s == f || faulty[s] || faulty[f]) continue;
                    int h1 = -1, g1 = -1, h2 = -1, g2 = -1;
                    const int a = routing_walk(&ns.rt, s, f, &h1, &g1), b = routing_walk_memo(&ns.rt, &m, s, f, &h2, &g2);
                    assert_int_equal(a, b);
                    if (a) {
                        assert_int_equal(h1, h2);
                        assert_int_equal(g1, g2);
                    }
                    arrivals += a;
                    loops += !a;
                }
            }
            walk_memo_free(&m);
            ns.rt.faulty = NULL;
            free(faulty);
            net_setup_free(&ns);
        }
    assert_true(loops > 100 && arrivals > 1000); /* both outcomes were compared */
}

static void bad_input_is_refused(void **st)
{
    (void)st;
    expect_refused("too few VCs for routing nbc: 5 hop classes", "routing=nbc", "vcs=4", NULL);
    expect_refused("too few VCs for routing duato_nbc: 5 escape VCs", "routing=duato_nbc", "vcs=5", NULL);
    expect_refused("too few VCs for routing phop: 9 hop classes", "routing=phop", "vcs=8", NULL);
    /* a diameter past the router's VCs: no vcs would do, and the message says so */
    expect_refused("routing nbc cannot run here: 33 hop classes (diameter 64) need 33 VCs, more than the 32 a router has",
                   "routing=nbc", "k=64", "vcs=32", NULL);
    /* the same for a Duato form whatever its escape VCs: not "got" a number it never had */
    expect_refused("routing duato_nbc cannot run here: 65 hop classes (diameter 128) need 66 VCs", "routing=duato_nbc",
                   "k=128", "vcs=10", NULL);
    expect_refused("needs an even radix", "routing=nhop", "k=5", NULL);
    expect_refused("escape_vcs applies to the duato_* routings", "routing=nbc", "escape_vcs=7", NULL);
    expect_refused("timeout needs a routing with escape VCs", "routing=dor", "timeout=10", NULL);
    expect_refused("fault_handling = software needs routing swft", "routing=duato", "faults=3", "fault_handling=software", NULL);
    expect_refused("disconnects the network", "routing=swft", "k=4", "fault_nodes=1,4,6,9", NULL);
    expect_refused("fault_nodes: node 99 does not exist", "routing=swft", "k=4", "fault_nodes=99", NULL);
    expect_refused("fault_nodes: 'x' is not a node id", "routing=swft", "k=4", "fault_nodes=3,x", NULL);
    expect_refused("only traffic = uniform", "routing=swft", "faults=2", "traffic=transpose", NULL);
    expect_refused("routing swft needs a bidirectional torus", "routing=swft", "topology=mesh", NULL);
    expect_refused("give one of faults, fault_nodes and fault_file", "routing=swft", "faults=2", "fault_nodes=3", NULL);
}

/* what `flitnet routings` prints of each routing (tests/lib/registry.sh) is what it does:
 * escape_set iff some escape_vcs below V is taken, node software iff the f-ring layer refuses it */
static void registry_flags_are_behaviour(void **st)
{
    (void)st;
    for (int i = 0; route_at(i); i++) {
        const route_algo *a = route_at(i);
        rnet n;
        char err[256];
        int took = 0; /* some escape_vcs = 1..11 of 12 VCs */
        for (int E = 1; E < 12 && !took; E++)
            if (!rnet_init(&n, "torus", "4", 2, a->name, 12, E, err)) {
                routing_free(&n.rt);
                topo_free(&n.t);
                took = 1;
            }
        if (took != a->escape_set) fail_msg("%s: escape_set = %d but escape_vcs = 1..11 %s", a->name, a->escape_set,
                                            took ? "is taken" : "is refused");
        topology t;
        flit_layout fl;
        routing r;
        assert_int_equal(topo_init(&t, TOPO_TORUS, 2, (int[]){4, 4}, err, sizeof err), 0);
        assert_int_equal(flit_layout_init(&fl, t.N, t.diameter, t.n, 12, err, sizeof err), 0);
        int wrapped = !routing_init(&r, a, &t, &fl, 12, 1, 0, FH_FRING, err, sizeof err);
        if (wrapped) routing_free(&r);
        if (wrapped != !a->reroute) fail_msg("%s: the f-ring layer %s it", a->name, wrapped ? "wraps" : "refuses");
        topo_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registry_flags_are_behaviour),
        cmocka_unit_test(zero_load_all_routings),
        cmocka_unit_test(hop_class_bounds_on_every_path),
        cmocka_unit_test(escape_dependencies_are_acyclic),
        cmocka_unit_test(no_deadlock_past_saturation),
        cmocka_unit_test(timeout_delays_escape_use),
        cmocka_unit_test(swft_delivers_around_faults),
        cmocka_unit_test(swft_zero_load_counts_the_reinjections),
        cmocka_unit_test(walk_memo_is_the_walk),
        cmocka_unit_test(bad_input_is_refused),
    };
    return cmocka_run_group_tests_name("routing", tests, NULL, NULL);
}

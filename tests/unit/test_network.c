/* test_network.c: the invariants of the router network (issue 2, item 10) and the
 * contract's closed forms (docs/microarchitecture.md §9). */
#include "invariants.h"
#include "lfsr.h"
#include "memory.h"
#include "netsetup.h"
#include "node.h"
#include "testutil.h"
#include "topology.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static double single_message_latency(const char *topo, const char *k, const char *n, int B, int src, int dst, int m,
                                     const char *routing)
{
    return single_message_latency_v(topo, k, n, B, src, dst, m, routing, 4);
}

static void zero_load_equals_closed_form(void **st)
{
    (void)st;
    struct { const char *topo, *k, *n; } nets[] = {
        {"torus", "8", "2"}, {"torus_uni", "4", "2"}, {"mesh", "5", "2"}, {"hypercube", "2", "4"},
        {"torus", "4,3,5", "3"},
    };
    int cases = 0;
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
        topology t;
        sim_config c;
        char kv_topo[64], kv_k[64], kv_n[64], err[256];
        snprintf(kv_topo, sizeof kv_topo, "topology=%s", nets[i].topo);
        snprintf(kv_k, sizeof kv_k, "k=%s", nets[i].k);
        snprintf(kv_n, sizeof kv_n, "n=%s", nets[i].n);
        cfg_build(&c, kv_topo, kv_k, kv_n, NULL);
        assert_int_equal(topo_init(&t, c.topology, c.n, c.k, err, sizeof err), 0);
        int pairs[][2] = {{0, 1}, {0, t.N - 1}, {3 % t.N, (t.N / 2 + 1) % t.N}, {t.N - 1, 2}};
        for (size_t p = 0; p < 4; p++) {
            int s = pairs[p][0], d = pairs[p][1];
            if (s == d) continue;
            int H = topo_distance(&t, s, d);
            for (int B = 1; B <= 2; B++)
                for (int m = 1; m <= 9; m += 4) {
                    int delta = B == 1 ? 2 : 1;
                    double want = 2.0 * H + 3 + delta * (m - 1);
                    assert_double_equal(single_message_latency(nets[i].topo, nets[i].k, nets[i].n, B, s, d, m, "dor"),
                                        want, 0);
                    assert_double_equal(
                        single_message_latency(nets[i].topo, nets[i].k, nets[i].n, B, s, d, m, "dor_escape"), want, 0);
                    cases++;
                }
        }
        topo_free(&t);
    }
    print_message("closed form matched in %d configurations\n", cases);
}

static void low_load_near_closed_form(void **st)
{
    (void)st;
    sim_config c;
    cfg_build(&c, "rate=0.0002", "cycles=60000", "warmup=5000", NULL);
    sim_result r;
    run_ok(&c, &r, 0);
    /* contention at 1.3 % of capacity adds little: within 2 % of the closed form */
    assert_true(fabs(r.avg_latency - r.zero_load_latency) / r.zero_load_latency < 0.02);
    assert_true(r.avg_latency >= r.zero_load_latency - 1.0);
    sim_result_free(&r);
}

static void flit_and_message_conservation(void **st)
{
    (void)st;
    const char *topos[][3] = {{"topology=torus", "k=6", "n=2"}, {"topology=mesh", "k=4", "n=3"},
                              {"topology=hypercube", "k=2", "n=5"}, {"topology=torus_uni", "k=5", "n=2"}};
    for (int i = 0; i < 4; i++) {
        sim_config c;
        sim_result r;
        /* no drain: whatever is not delivered is still inside */
        cfg_build(&c, topos[i][0], topos[i][1], topos[i][2], "vcs=4", "msg_len=8", "msg_len_dist=exp",
                  "flit_rate=0.25", "cycles=20000", "warmup=2000", NULL);
        run_ok(&c, &r, 0);
        assert_int_equal(r.flits_injected, r.flits_delivered + (uint64_t)r.flits_in_flight);
        assert_true(r.messages_delivered > 1000);
        sim_result_free(&r);
        /* drain: every message delivered once, intact, in order (the sink checks each flit) */
        cfg_build(&c, topos[i][0], topos[i][1], topos[i][2], "vcs=4", "msg_len=8", "msg_len_dist=exp",
                  "flit_rate=0.15", "cycles=20000", "warmup=2000", "drain=1", NULL);
        run_ok(&c, &r, 0);
        assert_false(r.saturated);
        assert_int_equal(r.messages_generated, r.messages_delivered);
        assert_int_equal(r.flits_in_flight, 0);
        assert_int_equal(r.messages_queued, 0);
        assert_int_equal(r.flits_injected, r.flits_delivered);
        assert_int_equal(r.nonminimal, 0);
        assert_int_equal(r.corrupt, 0);
        sim_result_free(&r);
    }
}

static void minimal_paths_under_load(void **st)
{
    (void)st;
    const char *routings[] = {"routing=dor", "routing=dor_escape"};
    for (int i = 0; i < 2; i++) {
        sim_config c;
        sim_result r;
        cfg_build(&c, "k=8", "vcs=4", routings[i], "msg_len=16", "flit_rate=0.3", "cycles=20000", "warmup=2000",
                  "traffic=uniform", NULL);
        run_ok(&c, &r, 0);
        assert_true(r.messages_delivered > 5000);
        assert_int_equal(r.nonminimal, 0);
        sim_result_free(&r);
    }
}

static void same_seed_same_output(void **st)
{
    (void)st;
    sim_config c;
    sim_result a, b, d;
    cfg_build(&c, "k=6", "vcs=4", "msg_len=12", "flit_rate=0.3", "cycles=15000", "warmup=1000", "seed=42", NULL);
    run_ok(&c, &a, 0);
    run_ok(&c, &b, 0);
    assert_int_equal(a.fingerprint, b.fingerprint);
    assert_memory_equal(&a.avg_latency, &b.avg_latency, sizeof(double));
    assert_int_equal(a.flit_hops, b.flit_hops);
    cfg_build(&c, "k=6", "vcs=4", "msg_len=12", "flit_rate=0.3", "cycles=15000", "warmup=1000", "seed=43", NULL);
    run_ok(&c, &d, 0);
    assert_true(d.fingerprint != a.fingerprint);
    sim_result_free(&a);
    sim_result_free(&b);
    sim_result_free(&d);
}

static void shuffled_evaluation_order_changes_nothing(void **st)
{
    (void)st;
    const char *sel[] = {"select=random", "select=first"};
    for (int i = 0; i < 2; i++) {
        sim_config c;
        sim_result a, b;
        cfg_build(&c, "k=5", "vcs=3", "buf_depth=2", sel[i], "msg_len=10", "flit_rate=0.35", "cycles=12000",
                  "warmup=1000", NULL);
        run_ok(&c, &a, 0);
        run_ok(&c, &b, 1);
        assert_int_equal(a.fingerprint, b.fingerprint);
        assert_memory_equal(&a.avg_latency, &b.avg_latency, sizeof(double));
        assert_int_equal(a.flit_hops, b.flit_hops);
        assert_int_equal(a.flits_injected, b.flits_injected);
        assert_memory_equal(a.vc_usage, b.vc_usage, sizeof a.vc_usage);
        assert_memory_equal(a.chan_util, b.chan_util, sizeof(double) * (size_t)(a.N * a.Pn));
        sim_result_free(&a);
        sim_result_free(&b);
    }
}

static void littles_law(void **st)
{
    (void)st;
    sim_config c;
    sim_result r;
    cfg_build(&c, "k=8", "vcs=10", "msg_len=32", "rate=0.005", "cycles=80000", "warmup=5000", NULL);
    run_ok(&c, &r, 0);
    assert_false(r.saturated);
    double rel = fabs(r.little_L - r.little_lambda_W) / r.little_L;
    print_message("Little: L = %.3f, lambda*W = %.3f (%.2f%%)\n", r.little_L, r.little_lambda_W, 100 * rel);
    assert_true(rel < 0.03);
    sim_result_free(&r);
}

static void saturation_is_reported_and_stops_early(void **st)
{
    (void)st;
    sim_config c;
    sim_result r;
    cfg_build(&c, "k=8", "vcs=10", "msg_len=64", "flit_rate=2.0", "cycles=300000", NULL);
    run_ok(&c, &r, 0);
    assert_true(r.saturated);
    assert_true(r.cycles < 300000);
    assert_true(r.accepted_flit_rate > 0.1);
    assert_true(strlen(r.saturated_why) > 10);
    sim_result_free(&r);
}

static void deadlock_without_dateline_is_detected(void **st)
{
    (void)st;
    sim_config c;
    sim_result r;
    /* a ring of 8 with one VC class: the classic cyclic dependency */
    cfg_build(&c, "k=8", "n=1", "vcs=2", "dateline=0", "msg_len=32", "flit_rate=0.9", "cycles=200000",
              "deadlock_cycles=500", "max_queue=100000", NULL);
    run_ok(&c, &r, 0);
    assert_true(r.deadlock);
    assert_non_null(r.deadlock_report);
    assert_non_null(strstr(r.deadlock_report, "cycle of"));
    assert_non_null(strstr(r.deadlock_report, "waits"));
    print_message("%s", r.deadlock_report);
    sim_result_free(&r);
    /* the same load with the dateline classes does not deadlock */
    cfg_build(&c, "k=8", "n=1", "vcs=2", "dateline=1", "msg_len=32", "flit_rate=0.9", "cycles=30000",
              "deadlock_cycles=500", "max_queue=100000", NULL);
    run_ok(&c, &r, 0);
    assert_false(r.deadlock);
    sim_result_free(&r);
}

static void partial_deadlock_is_detected(void **st)
{
    (void)st;
    sim_config c;
    sim_result r;
    /* a 16x16 torus without dateline classes at moderate load: some rings lock up while the
     * rest of the network keeps moving, so "nothing moved" never happens */
    cfg_build(&c, "k=16", "vcs=2", "dateline=0", "msg_len=32", "flit_rate=0.15", "cycles=100000",
              "deadlock_cycles=2000", NULL);
    run_ok(&c, &r, 0);
    assert_true(r.deadlock);
    assert_non_null(strstr(r.deadlock_report, "wait only on each other"));
    assert_non_null(strstr(r.deadlock_report, "dead set of"));
    assert_true(r.cycles < 10000);
    sim_result_free(&r);
    /* deadlock-free routing far past saturation, checked often: no false alarm */
    const char *cases[][3] = {{"vcs=2", "msg_len=32", "flit_rate=0.9"}, {"vcs=3", "msg_len=8", "flit_rate=1.5"}};
    for (int i = 0; i < 2; i++) {
        cfg_build(&c, "k=8", cases[i][0], cases[i][1], cases[i][2], "cycles=40000", "deadlock_cycles=300",
                  "max_queue=100000", NULL);
        run_ok(&c, &r, 0);
        assert_false(r.deadlock);
        assert_true(r.saturated);
        sim_result_free(&r);
    }
}

/* §5.1, §6.6: an adaptive VC is allocated again only once its downstream buffer has
 * drained. Without that rule these two configurations (found by the soak test) deadlock
 * although flitnet cdg proves them: a message granted an adaptive VC queued behind the
 * previous message's flits, which waited for an escape VC, a dependency outside Duato's
 * extended graph. Both must drain, and so must Duato-family runs with deep buffers past
 * saturation (the invariants, checked every cycle, include "no adaptive buffer holds two
 * messages"). */
static void adaptive_vcs_wait_for_a_drained_buffer(void **st)
{
    (void)st;
    const char *cases[][11] = {
        {"n=1", "k=5", "topology=torus_uni", "routing=minimal", "vcs=6", "buf_depth=4", "obuf_depth=2", "select=first", "msg_len=5",
         "flit_rate=0.37", "seed=9554"},
        {"n=1", "k=5", "topology=torus_uni", "routing=dor_escape", "vcs=3", "buf_depth=1", "obuf_depth=2", "select=random", "msg_len=6",
         "flit_rate=0.23", "seed=9307"},
        {"n=2", "k=4", "topology=torus", "routing=duato_nbc", "vcs=5", "buf_depth=3", "obuf_depth=1", "select=random", "msg_len=4",
         "flit_rate=0.9", "seed=3"},
        {"n=2", "k=4", "topology=torus_uni", "routing=fully_adaptive", "vcs=3", "buf_depth=4", "obuf_depth=3", "select=first",
         "msg_len=3", "flit_rate=0.5", "seed=5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sim_config c;
        sim_result r;
        const char **k = cases[i];
        cfg_build(&c, k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7], k[8], k[9], k[10], "msg_len_dist=exp",
                  "cycles=4000", "warmup=200", "drain=1", "stop_saturated=0", "deadlock_cycles=1000", NULL);
        run_ok(&c, &r, 0);
        if (r.deadlock) fail_msg("%s %s: %s", k[2], k[3], r.deadlock_report);
        assert_int_equal(r.messages_delivered, r.messages_generated);
        assert_int_equal(r.flits_delivered, r.flits_injected);
        sim_result_free(&r);
    }
}

static void vc_usage_and_channel_load_are_consistent(void **st)
{
    (void)st;
    sim_config c;
    sim_result r;
    cfg_build(&c, "k=8", "vcs=10", "msg_len=64", "rate=0.004", "cycles=40000", "warmup=5000", NULL);
    run_ok(&c, &r, 0);
    double s = 0, u = 0;
    for (int v = 0; v < r.V; v++) s += r.vc_flit_share[v];
    assert_double_equal(s, 1.0, 1e-9);
    int ch = 0;
    for (int i = 0; i < r.N * r.Pn; i++)
        if (r.chan_util[i] >= 0) { u += r.chan_util[i]; ch++; }
    /* flits over channels equal accepted rate x nodes x mean hops (uniform traffic) */
    double want = r.accepted_flit_rate * r.N * (256.0 / 63.0) / ch;
    assert_true(fabs(u / ch - want) / want < 0.05);
    sim_result_free(&r);
}

/* the invariant checker (c_model/router/invariants.h) holds on a hand-driven network and fires on
 * each kind of broken state, naming it */
static void expect_broken(const network *net, uint64_t t, const char *want, const char *or_want)
{
    char err[512];
    assert_int_equal(network_check(net, t, err, sizeof err), -1);
    if (!strstr(err, want) && !(or_want && strstr(err, or_want))) fail_msg("'%s' does not name '%s'", err, want);
}

/* steps every router of a 4x4 torus with V = 4 and buffers b, bo from cycle 0 to last:
 * every node sends one 3-flit message on VC 0 in cycles 0..2, to the node 10 away, and
 * nothing after; the invariants hold after each cycle */
static void drive_three_flit_messages(net_setup *ns, const char *b, const char *bo, uint64_t last)
{
    sim_config c;
    cfg_build(&c, "k=4", "vcs=4", b, bo, NULL);
    char err[512];
    if (net_setup_build(ns, &c, err, sizeof err)) fail_msg("%s", err);
    network *net = &ns->net;
    const int N = net->N, P = net->P, Pn = net->Pn;
    for (uint64_t t = 0; t <= last; t++) {
        for (int x = 0; x < N; x++) {
            link_sig *in = &net->in[t & 1][x * P + Pn];
            int dst = (x + 10) % N;
            in->vc = t < 3 ? 0 : -1;
            in->flit = t == 0 ? route_init_head(&ns->rt, x, dst, flit_make_head(&ns->fl, dst, x, 0, 0, 0))
                              : flit_make_body(x, 0, (int)t, t == 2);
            router_step(net, x, t);
        }
        if (network_check(net, t, err, sizeof err)) fail_msg("%s", err);
    }
}

static void invariants_fire_on_broken_state(void **st)
{
    (void)st;
    net_setup ns;
    char err[512];
    const uint64_t t = 3;
    drive_three_flit_messages(&ns, "buf_depth=2", "obuf_depth=2", t);
    network *net = &ns.net;
    const int N = net->N, P = net->P, Pn = net->Pn, V = net->V;
    /* a credit too many on an output VC with a message out */
    int found = 0;
    for (int i = 0; i < N * P && !found; i++)
        for (int w = 0; w < V && !found; w++)
            if (i % P < Pn && net->down[i] >= 0 && net->ovc[i * V + w].credit < 2) {
                net->ovc[i * V + w].credit++;
                expect_broken(net, t, "credits of output VC", NULL);
                net->ovc[i * V + w].credit--;
                found = 1;
            }
    assert_true(found);
    /* an active input VC whose output VC is not busy */
    found = 0;
    for (int i = 0; i < N * P && !found; i++)
        for (int v = 0; v < V && !found; v++)
            if (net->ps[i].ivc_act >> v & 1) {
                int x = i / P, o = net->ivc[i * V + v].oport, w = net->ivc[i * V + v].ovc;
                net->ps[x * P + o].ovc_busy &= ~(1u << w);
                expect_broken(net, t, "which it does not own", "but is free"); /* whichever side is checked first */
                net->ps[x * P + o].ovc_busy |= 1u << w;
                found = 1;
            }
    assert_true(found);
    /* a stalled hint on an idle input VC */
    net->ps[3 * P].stalled |= 1u << 3;
    expect_broken(net, t, "is marked stalled", NULL);
    net->ps[3 * P].stalled &= ~(1u << 3);
    /* a blocked hint without cached candidates */
    net->ps[3 * P].blocked |= 1u << 3;
    expect_broken(net, t, "blocked without cached candidates", NULL);
    net->ps[3 * P].blocked &= ~(1u << 3);
    /* §5.1: an adaptive VC's input buffer holding a tail and the next message's head
     * (router 0's upstream routers are checked after it, so this is the first break) */
    {
        const int iv = 0 * V + 3; /* router 0, input port 0, VC 3: empty here */
        assert_int_equal(network_ib_count(net, iv), 0);
        const uint32_t keep = net->adaptive;
        net->adaptive = 1u << 3;
        net->ib[iv * 2] = flit_make_body(1, 0, 2, 1);
        net->ib[iv * 2 + 1] = flit_make_head(&ns.fl, 0, 1, 1, 0, 0);
        net->ivc[iv].head = 0;
        net->ivc[iv].cnt = 2;
        net->ps[0].ib_ne |= 1u << 3;
        expect_broken(net, t, "holds flits of two messages", NULL);
        net->ps[0].ib_ne &= ~(1u << 3);
        net->ivc[iv].cnt = 0;
        net->adaptive = keep;
    }
    /* a flit of cycle t-1 left in a slot its receiver took it from */
    net->in[(t & 1) ^ 1][0].vc = 0;
    expect_broken(net, t, "kept mask in (absorbed slots)", NULL);
    net->in[(t & 1) ^ 1][0].vc = -1;
    /* a flit on a link its receiver was not told about */
    found = 0;
    for (int i = 0; i < N * P && !found; i++)
        if (i % P < Pn && net->in[t & 1][i].vc < 0) {
            net->in[t & 1][i].vc = 0;
            expect_broken(net, t, "kept mask arr_in", "credits of output VC");
            net->in[t & 1][i].vc = -1;
            found = 1;
        }
    assert_true(found);
    /* a port with a head to allocate missing from va_ports */
    net->ps[2 * P].ib_ne |= 1u << 1;
    expect_broken(net, t, "kept mask va", "non-empty bit");
    net->ps[2 * P].ib_ne &= ~(1u << 1);
    assert_int_equal(network_check(net, t, err, sizeof err), 0);
    net_setup_free(&ns);
}

/* With one-slot buffers the checker visits only the VCs with something set and checks the
 * credits of the others as masks (invariants.c). Each kind of break is still found, and
 * named as the full scan names it: the messages above move on, cycle after cycle, until
 * each kind has been tried on a VC where only the check it breaks can see it. */
enum { CREDIT_LOST, TWICE_BUFFERED, TWICE_ON_LINK, TWICE_RETURNING, FLIT_IN_FREE_OVC, ACTIVE_NOT_OWNER, OWNER_PORT, BREAKS };

/* breaks *word's bits `flip`, expects the checker to name it `want`, mends it */
static void try_break(const network *net, uint64_t t, uint32_t *word, uint32_t flip, const char *want)
{
    *word ^= flip;
    expect_broken(net, t, want, NULL);
    *word ^= flip;
}

static void invariants_fire_with_one_slot_buffers(void **st)
{
    (void)st;
    net_setup ns;
    char err[512];
    drive_three_flit_messages(&ns, "buf_depth=1", "obuf_depth=1", 3);
    network *net = &ns.net;
    const int N = net->N, P = net->P, Pn = net->Pn, V = net->V;
    int tried[BREAKS] = {0}, left = BREAKS;
    for (uint64_t t = 3; left && t < 30; t++) {
        if (t > 3) {
            for (int x = 0; x < N; x++) {
                net->in[t & 1][x * P + Pn].vc = -1;
                router_step(net, x, t);
            }
            if (network_check(net, t, err, sizeof err)) fail_msg("%s", err);
        }
        /* an active input VC sent to a free output VC of a later port (its own check comes
         * first), a busy output VC whose kept owner_port is wrong; each where the other
         * side of the same port and VC has nothing set */
        for (int i = 0; i < N * P; i++)
            for (uint32_t m = net->ps[i].ivc_act; m; m &= m - 1) {
                const int v = __builtin_ctz(m), iv = i * V + v, o = net->ivc[iv].oport, w = net->ivc[iv].ovc;
                const int oi = i / P * P + o;
                const uint32_t free = ~net->ps[oi].ovc_busy & ((1u << V) - 1);
                const int in_alone = !((net->ps[i].ovc_busy | net->ps[i].ob_ne | net->ps[i].stalled) >> v & 1);
                const int out_alone = !((net->ps[oi].ivc_act | net->ps[oi].blocked | net->ps[oi].stalled | net->ps[oi].ob_ne) >> w & 1);
                if (!tried[ACTIVE_NOT_OWNER] && in_alone && i % P < o && free) {
                    net->ivc[iv].ovc = (uint8_t)__builtin_ctz(free);
                    expect_broken(net, t, "which it does not own", NULL);
                    net->ivc[iv].ovc = (uint8_t)w;
                    tried[ACTIVE_NOT_OWNER] = 1, left--;
                }
                if (!tried[OWNER_PORT] && out_alone) {
                    net->owner_port[oi * V + w] ^= 1;
                    expect_broken(net, t, "owner_port", NULL);
                    net->owner_port[oi * V + w] ^= 1;
                    tried[OWNER_PORT] = 1, left--;
                }
            }
        /* on output VCs with nothing set: the credit lost, or twice (the sender has it while
         * the flit waits in the receiver's buffer, is on the link, or the credit is on its
         * way back); a flit in the buffer of the free VC whose credit is downstream (with
         * the credit at the sender the kept mask la would name it first) */
        for (int i = 0; i < N * P; i++) {
            if (i % P >= Pn || net->down[i] < 0) continue;
            port_state *ps = &net->ps[i];
            const int slot = net->down[i];
            for (int w = 0; w < V; w++) {
                const uint32_t bit = 1u << w;
                if ((ps->ivc_act | ps->ovc_busy | ps->ob_ne | ps->blocked | ps->stalled) & bit) continue;
                const int where = (net->ps[slot].ib_ne & bit)    ? TWICE_BUFFERED
                                  : net->in[t & 1][slot].vc == w ? TWICE_ON_LINK
                                  : (net->cr[t & 1][i] & bit)    ? TWICE_RETURNING
                                                                 : CREDIT_LOST;
                if ((where == CREDIT_LOST) != !!(ps->cred_ok & bit)) continue;
                if (!tried[where]) {
                    try_break(net, t, &ps->cred_ok, bit, "credits of output VC");
                    tried[where] = 1, left--;
                }
                if (!tried[FLIT_IN_FREE_OVC] && where != CREDIT_LOST) {
                    try_break(net, t, &ps->ob_ne, bit, "holds 1 flits but is free");
                    tried[FLIT_IN_FREE_OVC] = 1, left--;
                }
                /* a flit waits in a one-slot buffer only behind contention, which these
                 * messages do not meet: one is put there, beside the sender's credit (a
                 * receiver checked after the sender) */
                if (!tried[TWICE_BUFFERED] && where == CREDIT_LOST && i / P < slot / P) {
                    try_break(net, t, &net->ps[slot].ib_ne, bit, "credits of output VC");
                    tried[TWICE_BUFFERED] = 1, left--;
                }
            }
        }
        if (!left) {
            /* hints on an input VC with nothing else set */
            int i = Pn, v = 0;
            while (i < N * P && (net->ps[i].ib_ne | net->ps[i].ivc_act | net->ps[i].ovc_busy | net->ps[i].ob_ne) >> v & 1)
                if (++v == V) v = 0, i += P;
            assert_true(i < N * P);
            try_break(net, t, &net->ps[i].stalled, 1u << v, "is marked stalled");
            try_break(net, t, &net->ps[i].blocked, 1u << v, "blocked without cached candidates");
            assert_int_equal(network_check(net, t, err, sizeof err), 0);
        }
    }
    assert_int_equal(left, 0);
    net_setup_free(&ns);
}

/* the invariant checker, every cycle, over routings, topologies, buffer depths, faults and
 * threads, near saturation: the kept masks (va/sw/la_ports, driven and arrived slots) and
 * the hints stay equal to the state they summarize */
/* the memory a network takes grows linearly with its routers (issue: 128x128 tori and
 * 2^14 hypercubes run in memory that grows with the network, and a network too big for
 * the machine is refused up front by its estimate): network_bytes is exactly
 * proportional to N at fixed P, V, B, Bo, and the memory check refuses a configuration
 * whose estimate exceeds the address-space limit (the child's RLIMIT_AS) */
static void memory_grows_linearly_and_is_checked(void **st)
{
    (void)st;
    const router_params rps[] = {{.V = 10, .B = 1, .Bo = 1}, {.V = 2, .B = 4, .Bo = 2}, {.V = 32, .B = 64, .Bo = 64}};
    for (size_t i = 0; i < sizeof rps / sizeof rps[0]; i++)
        for (int P = 3; P <= 15; P += 2) {
            size_t one = network_bytes(64, P, &rps[i]);
            assert_true(one > 0);
            assert_int_equal(network_bytes(128, P, &rps[i]), 2 * one);
            assert_int_equal(network_bytes(16384, P, &rps[i]), 256 * one);
        }
    sim_config c;
    cfg_build(&c, "k=128", NULL);
    topology t;
    char err[CFG_ERR];
    assert_int_equal(topo_init(&t, c.topology, c.n, c.k, err, sizeof err), 0);
    mem_estimate e;
    memory_estimate(&c, &t, &e);
    assert_true(e.network > 50u << 20 && e.network < 200u << 20); /* ~5 KB a router with V = 10, B = Bo = 1 */
    pid_t pid = fork();
    if (pid == 0) { /* a limit below the estimate: refused, with the estimate in the line */
        struct rlimit rl = {e.network, e.network};
        if (setrlimit(RLIMIT_AS, &rl)) _exit(2);
        _exit(memory_check(&c, &t, err, sizeof err) == -1 && strstr(err, "16384 routers") ? 0 : 1);
    }
    int status;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(memory_check(&c, &t, err, sizeof err), 0); /* this machine has the memory */
    topo_free(&t);
}

static void invariants_hold_under_load(void **st)
{
    (void)st;
    static const char *cases[][6] = {
        {"routing=dor", "rate=0.008", "k=8", "vcs=10", "buf_depth=1", "threads=1"},
        {"routing=duato_nbc", "rate=0.012", "k=8", "vcs=10", "buf_depth=1", "threads=2"},
        {"routing=duato", "rate=0.02", "topology=mesh", "vcs=4", "buf_depth=2", "obuf_depth=2"},
        {"routing=duato", "rate=0.04", "topology=hypercube", "n=5", "vcs=3", "timeout=8"},
        {"routing=dor_escape", "rate=0.01", "topology=torus_uni", "vcs=5", "buf_depth=3", "threads=3"},
        {"routing=swft", "rate=0.01", "faults=5", "vcs=4", "obuf_depth=2", "threads=1"},
        {"routing=duato", "rate=0.01", "faults=10%", "vcs=10", "buf_depth=1", "select=first"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sim_config c;
        sim_result res;
        char err[CFG_ERR];
        cfg_build(&c, cases[i][0], cases[i][1], cases[i][2], cases[i][3], cases[i][4], cases[i][5], "msg_len=16",
                  "cycles=1500", "warmup=100", "stop_saturated=0", NULL);
        sim_options o = {.quiet = 1, .check_invariants = 1};
        if (sim_run(&c, &o, &res, err, sizeof err)) fail_msg("%s %s: %s", cases[i][0], cases[i][2], err);
        assert_true(res.flit_hops > 0);
        sim_result_free(&res);
    }
}

/* lfsr_at (a table and the cycle modulo the period, without a division) equals the LFSR
 * stepped from its reset value, within the first periods and far beyond 2^32 cycles */
static void lfsr_at_equals_stepping(void **st)
{
    (void)st;
    const uint64_t seeds[] = {1, 7, 123456789};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++)
        for (int x = 0; x < 3; x++) {
            const uint16_t s0 = lfsr_seed(seeds[k], x);
            const uint32_t pos = lfsr_position(s0);
            uint16_t s = s0;
            for (uint64_t t = 0; t < 3 * (uint64_t)LFSR_PERIOD + 7; t++) {
                if (lfsr_at(pos, t) != s) fail_msg("seed %llu router %d: lfsr_at differs in cycle %llu", (unsigned long long)seeds[k], x, (unsigned long long)t);
                s = lfsr_step(s);
            }
            /* the period repeats: cycle t + m * 65535 is cycle t, for t near 2^32, 2^48 and 2^64 */
            const uint64_t far[] = {0xFFFFFFFFull, 0x1000000000000ull + 12345, 0xFFFFFFFFFFFFFFF0ull};
            for (size_t i = 0; i < sizeof far / sizeof far[0]; i++)
                assert_int_equal(lfsr_at(pos, far[i]), lfsr_at(pos, far[i] % LFSR_PERIOD));
        }
}

/* node_cycle, the harnesses' step of the C model, takes the cycles in order from 0 and
 * refuses any other, stepping nothing (the staged step relies on the order) */
static void node_cycle_keeps_the_cycle_order(void **st)
{
    (void)st;
    for (int b = 1; b <= 2; b++) {
        sim_config c;
        cfg_build(&c, "k=4", "vcs=2", b == 1 ? "buf_depth=1" : "buf_depth=2", "flit_rate=0.3", NULL);
        net_setup ns;
        node_set nodes;
        char err[512];
        if (net_setup_build(&ns, &c, err, sizeof err)) fail_msg("%s", err);
        assert_int_equal(node_init(&nodes, &ns, &c), 0);
        assert_int_equal(node_cycle(&nodes, &ns.net, 1), -1); /* not cycle 0 first */
        for (uint64_t t = 0; t < 50; t++) {
            traffic_cycle(&ns.tr, t, node_on_message, &nodes);
            assert_int_equal(node_cycle(&nodes, &ns.net, t), 0);
            assert_int_equal(node_cycle(&nodes, &ns.net, t), -1); /* the same cycle again */
            assert_int_equal(node_cycle(&nodes, &ns.net, t + 2), -1); /* one skipped */
            if (network_check(&ns.net, t, err, sizeof err)) fail_msg("cycle %llu: %s", (unsigned long long)t, err);
        }
        assert_true(nodes.injected > 0);
        node_free(&nodes);
        net_setup_free(&ns);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zero_load_equals_closed_form),
        cmocka_unit_test(low_load_near_closed_form),
        cmocka_unit_test(flit_and_message_conservation),
        cmocka_unit_test(minimal_paths_under_load),
        cmocka_unit_test(same_seed_same_output),
        cmocka_unit_test(shuffled_evaluation_order_changes_nothing),
        cmocka_unit_test(littles_law),
        cmocka_unit_test(saturation_is_reported_and_stops_early),
        cmocka_unit_test(deadlock_without_dateline_is_detected),
        cmocka_unit_test(partial_deadlock_is_detected),
        cmocka_unit_test(adaptive_vcs_wait_for_a_drained_buffer),
        cmocka_unit_test(vc_usage_and_channel_load_are_consistent),
        cmocka_unit_test(invariants_fire_on_broken_state),
        cmocka_unit_test(invariants_fire_with_one_slot_buffers),
        cmocka_unit_test(invariants_hold_under_load),
        cmocka_unit_test(memory_grows_linearly_and_is_checked),
        cmocka_unit_test(lfsr_at_equals_stepping),
        cmocka_unit_test(node_cycle_keeps_the_cycle_order),
    };
    return cmocka_run_group_tests_name("network", tests, NULL, NULL);
}

/* test_fring.c: block faults and f-ring rerouting (docs/microarchitecture.md §6.5-6.7,
 * §7.2): regions formed as the contract says, one fault set for every routing, every
 * fault-tolerant routing confirmed deadlock- and livelock-free on random fault sets (by
 * construction: nothing is redrawn for it), nothing lost on a thousand random sets and on
 * hand-made ones, no deadlock past saturation, and one-line errors for bad input. */
#include "cdg.h"
#include "fault_distance.h"
#include "netsetup.h"
#include "testutil.h"

/* the routings the f-ring layer wraps: the registry's, less node software (main fills it) */
static const char *fring_routings[64];
static int NFR;

static void setup_ok(net_setup *ns, ...)
{
    sim_config c;
    char err[CFG_ERR];
    va_list ap;
    va_start(ap, ns);
    int rc = cfg_apply(&c, ap, err, sizeof err);
    va_end(ap);
    if (rc) fail_msg("config: %s", err);
    if (net_setup_routing(ns, &c, err, sizeof err)) fail_msg("set-up: %s", err);
}

static int region_is(const fault_set *fs, int r, int x0, int w, int y0, int h)
{
    const fault_region *g = &fs->regions[r];
    return g->lo[0] == x0 && g->len[0] == w && g->lo[1] == y0 && g->len[1] == h;
}

/* §7.2: diagonal faults become a box, an L becomes its bounding box, regions one row apart
 * stay apart (their rings overlap), a region can span the wraparound */
static void regions_are_boxes(void **st)
{
    (void)st;
    net_setup ns;
    /* (2,2) and (3,3) on 8x8: diagonal, so (3,2) and (2,3) are disabled */
    setup_ok(&ns, "routing=duato", "fault_nodes=18,27", NULL);
    assert_int_equal(ns.fs.nregions, 1);
    assert_int_equal(ns.fs.ndisabled, 2);
    assert_true(region_is(&ns.fs, 0, 2, 2, 2, 2));
    net_setup_free(&ns);
    /* an L: (1,1) (2,1) (3,1) (3,2) (3,3) -> box x 1..3, y 1..3 */
    setup_ok(&ns, "routing=duato", "fault_nodes=9,10,11,19,27", NULL);
    assert_int_equal(ns.fs.nregions, 1);
    assert_true(region_is(&ns.fs, 0, 1, 3, 1, 3));
    assert_int_equal(ns.fs.ndisabled, 4);
    net_setup_free(&ns);
    /* one row apart: (2,2) and (2,4): two regions whose rings share row 3 */
    setup_ok(&ns, "routing=duato", "fault_nodes=18,34", NULL);
    assert_int_equal(ns.fs.nregions, 2);
    assert_int_equal(ns.fs.ndisabled, 0);
    net_setup_free(&ns);
    /* across the wraparound: (7,3) and (0,3) are neighbours: one region x 7..0 */
    setup_ok(&ns, "routing=duato", "fault_nodes=31,24", NULL);
    assert_int_equal(ns.fs.nregions, 1);
    assert_true(region_is(&ns.fs, 0, 7, 2, 3, 1));
    net_setup_free(&ns);
    /* the same in a file, by coordinates, with comments */
    char path[] = "/tmp/flitnet_faults_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "# two faults\n7,3\n\n24  # by id\n");
    fclose(f);
    char kv[128];
    snprintf(kv, sizeof kv, "fault_file=%s", path);
    setup_ok(&ns, "routing=duato", kv, NULL);
    assert_int_equal(ns.fs.nf, 2);
    assert_true(region_is(&ns.fs, 0, 7, 2, 3, 1));
    net_setup_free(&ns);
    unlink(path);
    /* 10 % of 64 is 6 (6.4 rounded), 5 % is 3 (3.2) */
    sim_config c;
    cfg_build(&c, "routing=duato", "faults=10%", NULL);
    assert_int_equal(c.faults, 6);
    cfg_build(&c, "routing=duato", "faults=5%", NULL);
    assert_int_equal(c.faults, 3);
}

/* §6.6 on every fault-tolerant routing, even and odd radix, 2-D and 3-D tori and meshes:
 * every set of the block model passes the check (the set-up never runs it) */
static void random_fault_sets_are_proved(void **st)
{
    (void)st;
    struct { const char *topo, *k, *n, *vcs, *faults; } nets[] = {
        {"topology=torus", "k=6", "n=2", "vcs=12", "faults=3"}, {"topology=torus", "k=5", "n=2", "vcs=12", "faults=2"},
        {"topology=mesh", "k=5", "n=2", "vcs=14", "faults=3"},  {"topology=torus", "k=4", "n=3", "vcs=14", "faults=3"},
    };
    /* per routing and network: at least 200 proved per routing. Under AddressSanitizer a
     * third of them (the proof's code paths are the same for every set; its 86 s there
     * were over half the sanitizer build's time in make test) */
    const int sets = ASAN_OR(67, 22);
    long draws = 0, proved = 0, states = 0, skipped = 0;
    for (int r = 0; r < NFR; r++)
        for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++)
            for (int s = 1; s <= sets; s++) {
                char rk[64], sk[64];
                snprintf(rk, sizeof rk, "routing=%s", fring_routings[r]);
                snprintf(sk, sizeof sk, "fault_seed=%d", s);
                net_setup ns;
                sim_config c;
                char err[CFG_ERR];
                cfg_build(&c, nets[i].topo, nets[i].k, nets[i].n, nets[i].vcs, nets[i].faults, rk, sk, NULL);
                if (net_setup_routing(&ns, &c, err, sizeof err)) {
                    /* the N-schemes need even radices; a routing may need more VCs than the net has */
                    if (strstr(err, "even radix") || strstr(err, "too few VCs")) {
                        skipped++;
                        continue;
                    }
                    fail_msg("%s %s seed %d: %s", rk, nets[i].k, s, err);
                }
                assert_true(route_fring(&ns.rt));
                cdg_result res;
                if (cdg_check(&ns.rt, &res, err, sizeof err)) fail_msg("%s", err);
                if (!res.ok) fail_msg("%s %s seed %d: %s", rk, nets[i].k, s, res.reason);
                draws += ns.fs.draws;
                proved++;
                states += res.states;
                net_setup_free(&ns);
            }
    print_message("%ld fault sets proved (%ld draws), %ld head states; %ld routing/network pairs not applicable\n",
                  proved, draws, states, skipped / sets);
    assert_true(proved >= 3L * sets * NFR); /* 3 of the 4 networks on average: 201 sets at 67 */
}

/* one fault set under one routing: its regions, the dependency check, and a drained run
 * that delivers every message (faults: a fault_nodes key; len, rate, cycles: run keys);
 * the run's flit-hops on the ring VCs */
static uint64_t proved_and_drained(const char *rk, const char *vk, const char *faults, int regions, const char *len,
                                   const char *rate, const char *cycles)
{
    net_setup ns;
    char err[CFG_ERR];
    setup_ok(&ns, rk, vk, faults, NULL);
    assert_int_equal(ns.fs.nregions, regions);
    cdg_result res;
    if (cdg_check(&ns.rt, &res, err, sizeof err)) fail_msg("%s", err);
    if (!res.ok) fail_msg("%s %s: %s", rk, faults, res.reason);
    net_setup_free(&ns);
    sim_config c;
    sim_result sr;
    cfg_build(&c, rk, vk, faults, len, rate, cycles, "warmup=200", "drain=1", "stop_saturated=0", "deadlock_cycles=2000",
              NULL);
    run_ok(&c, &sr, 0);
    if (sr.deadlock) fail_msg("%s %s: %s", rk, faults, sr.deadlock_report);
    assert_int_equal(sr.messages_delivered, sr.messages_generated);
    uint64_t ring = sr.ring_flit_hops;
    sim_result_free(&sr);
    return ring;
}

/* the chain of rings that deadlocked the layer when ring hops went back to the base's
 * dateline classes: regions at rows 0, 2, 4, 6 of column 1 of an 8x8 torus, their rings
 * overlapping all round the y ring. F keeps to the mesh view: proved, and it delivers */
static void ring_chain_round_the_torus(void **st)
{
    (void)st;
    for (int r = 0; r < NFR; r++) {
        char rk[64];
        snprintf(rk, sizeof rk, "routing=%s", fring_routings[r]);
        proved_and_drained(rk, "vcs=14", "fault_nodes=1,17,33,49", 4, "msg_len=6", "flit_rate=0.4", "cycles=2000");
    }
}

/* §7.2 and §6.5: every message generated at a fault-free node for a fault-free node arrives
 * once, intact, in order (the sink checks each flit) on >= 1000 random fault sets */
static void nothing_lost_on_random_sets(void **st)
{
    (void)st;
    struct { const char *topo, *k, *vcs, *faults; } nets[] = {{"topology=torus", "k=4", "vcs=10", "faults=2"},
                                                               {"topology=torus", "k=6", "vcs=12", "faults=4"},
                                                               {"topology=mesh", "k=5", "vcs=14", "faults=3"}};
    long runs = 0, msgs = 0, misrouted = 0;
    for (int r = 0; r <= NFR; r++)
        for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++)
            for (int s = 1; s <= ASAN_OR(26, 9); s++) {
                char rk[64], sk[64];
                int swft = r == NFR;
                if (swft && strstr(nets[i].topo, "mesh")) continue;
                snprintf(rk, sizeof rk, "routing=%s", swft ? "swft" : fring_routings[r]);
                snprintf(sk, sizeof sk, "fault_seed=%d", s);
                sim_config c;
                sim_result res;
                cfg_build(&c, nets[i].topo, nets[i].k, nets[i].vcs, nets[i].faults, rk, sk, "msg_len=6",
                          "msg_len_dist=exp", "flit_rate=0.25", "cycles=800", "warmup=100", "drain=1", "stop_saturated=0",
                          "deadlock_cycles=400", NULL);
                char err[CFG_ERR];
                sim_options o = {.quiet = 1, .check_invariants = 1};
                if (sim_run(&c, &o, &res, err, sizeof err)) {
                    fail_msg("%s %s seed %d: %s", rk, nets[i].k, s, err);
                }
                if (res.corrupt) fail_msg("%s: %s", rk, res.corrupt_first);
                if (res.deadlock) fail_msg("%s %s seed %d: %s", rk, nets[i].k, s, res.deadlock_report);
                assert_int_equal(res.messages_delivered, res.messages_generated);
                assert_int_equal(res.flits_delivered, res.flits_injected - (swft ? res.flits_injected - res.flits_delivered : 0));
                runs++;
                msgs += (long)res.messages_delivered;
                misrouted += (long)res.misrouted;
                sim_result_free(&res);
            }
    print_message("%ld runs on random fault sets: %ld messages delivered once and intact, %ld after detours\n", runs,
                  msgs, misrouted);
    assert_true(runs >= ASAN_OR(1000, 340));
    assert_true(misrouted > 0);
}

/* hand-made sets: overlapping rings, a ring across the wraparound, a region next to a mesh
 * edge (an f-chain), destinations on rings and sources in ring corners (all pairs: the
 * proof covers every pair; the drained run delivers them) */
static void hand_made_sets(void **st)
{
    (void)st;
    uint64_t misrouted = 0;
    const char *sets[][3] = {
        {"topology=torus", "k=8", "fault_nodes=18,19,34"},   /* rings one row apart: share row 3 */
        {"topology=torus", "k=8", "fault_nodes=18,20"},      /* one column apart: share column 3 */
        {"topology=torus", "k=8", "fault_nodes=24,31,32"},   /* a region across the x wraparound */
        {"topology=torus", "k=8", "fault_nodes=3,59"},       /* across the y wraparound */
        {"topology=mesh", "k=6", "fault_nodes=0,1"},         /* in a mesh corner: f-chains */
        {"topology=mesh", "k=6", "fault_nodes=14,15,20"},    /* next to the west edge */
        {"topology=mesh", "k=6", "fault_nodes=9,27"},        /* two chains one row apart */
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        for (int r = 0; r < NFR; r++) {
            char rk[64];
            snprintf(rk, sizeof rk, "routing=%s", fring_routings[r]);
            sim_config c;
            sim_result res;
            cfg_build(&c, sets[i][0], sets[i][1], sets[i][2], rk, "vcs=16", "msg_len=4", "flit_rate=0.15", "cycles=3000",
                      "warmup=300", "drain=1", "deadlock_cycles=500", NULL);
            char err[CFG_ERR];
            sim_options o = {.shuffle_order = 1, .quiet = 1, .check_invariants = 1};
            if (sim_run(&c, &o, &res, err, sizeof err)) fail_msg("%s %s: %s", rk, sets[i][2], err);
            if (res.corrupt) fail_msg("%s: %s", rk, res.corrupt_first);
            if (res.deadlock) fail_msg("%s %s: %s", rk, sets[i][2], res.deadlock_report);
            if (res.saturated) fail_msg("%s %s: saturated (%s)", rk, sets[i][2], res.saturated_why);
            assert_int_equal(res.messages_delivered, res.messages_generated);
            /* dor cannot avoid a ring; the adaptive routings may pass a corner region without
             * one, and a detour round a mesh corner can still be minimal */
            if (!strcmp(fring_routings[r], "dor") && !res.ring_flit_hops) fail_msg("dor %s: no ring flit-hops", sets[i][2]);
            misrouted += res.misrouted;
            sim_result_free(&res);
        }
    assert_true(misrouted > 0);
}

/* seed 000's Figure 8 layout (study-000's: a 3x2 block at x 2..4, y 3..4, single faults at
 * (0,4) and (6,1), rings overlapping row-wise) at the seed's V = 10 for every routing that
 * fits in it (§6.7), the same VCs for all, and at their least V for the four that do not:
 * the set as listed (no node disabled), proved, and drained runs deliver everything */
static void figure8_layout(void **st)
{
    (void)st;
    const char *layout = "fault_nodes=26,27,28,34,35,36,32,14";
    int at10 = 0;
    for (int r = 0; r < NFR; r++) {
        char rk[64];
        snprintf(rk, sizeof rk, "routing=%s", fring_routings[r]);
        const int p_scheme = strstr(fring_routings[r], "pbc") || strstr(fring_routings[r], "phop");
        const char *vk = p_scheme ? (strstr(fring_routings[r], "duato") ? "vcs=14" : "vcs=13") : "vcs=10";
        assert_true(proved_and_drained(rk, vk, layout, 3, "msg_len=64", "flit_rate=0.3", "cycles=4000") > 0);
        at10 += !p_scheme;
    }
    assert_int_equal(at10, 9); /* every routing but the four P-schemes at V = 10 */
}

/* long runs far past saturation with faults: the watchdog stays silent */
static void no_deadlock_past_saturation_with_faults(void **st)
{
    (void)st;
    for (int r = 0; r <= NFR; r++) {
        char rk[64];
        snprintf(rk, sizeof rk, "routing=%s", r < NFR ? fring_routings[r] : "swft");
        sim_config c;
        sim_result res;
        cfg_build(&c, "k=6", "vcs=12", "faults=4", rk, "msg_len=8", "flit_rate=2", ASAN_OR("cycles=6000", "cycles=2500"),
                  ASAN_OR("warmup=1000", "warmup=500"), "deadlock_cycles=300", "max_queue=1000000", NULL);
        run_ok(&c, &res, 0);
        if (res.deadlock) fail_msg("%s: %s", rk, res.deadlock_report);
        assert_true(res.messages_delivered > 300);
        sim_result_free(&res);
    }
}

/* the zero-load line uses the mean distance round the faults; the per-node load leaves the
 * faulty nodes out */
static void measurements_with_faults(void **st)
{
    (void)st;
    sim_config c;
    sim_result res;
    cfg_build(&c, "routing=duato", "fault_nodes=18,27", "msg_len=4", "rate=0.002", "cycles=4000", "warmup=400", NULL);
    run_ok(&c, &res, 0);
    assert_non_null(res.fault_state);
    assert_int_equal(res.fault_state[18], 1);
    assert_int_equal(res.fault_state[19], 2);
    assert_true(res.node_load[18] < 0 && res.node_load[19] < 0 && res.node_load[0] >= 0);
    /* 2 Hbar + 3 + 2 (M - 1) with Hbar the mean distance round the faults */
    net_setup ns;
    setup_ok(&ns, "routing=duato", "fault_nodes=18,27", NULL);
    double hbar = faults_mean_distance(&ns.t, ns.faulty);
    net_setup_free(&ns);
    print_message("mean distance round the faults %.6f (fault-free %.6f)\n", hbar, 256.0 / 63);
    assert_double_equal(res.zero_load_latency, 2 * hbar + 3 + 2 * 3, 1e-9);
    sim_result_free(&res);
}

/* the mean distance round the faults is the plain search's to the last bit, on random
 * topologies (every kind, odd and mixed radices) and random blocked sets: scattered nodes,
 * boxes (the shadows behind a block), sets that cut the network (pairs not counted) and
 * dense ones (the fast way gives up and searches in full) */
static void mean_distance_equals_search(void **st)
{
    (void)st;
    rng_t r;
    rng_seed(&r, 17, 0);
    const topo_kind kinds[] = {TOPO_TORUS, TOPO_TORUS_UNI, TOPO_MESH, TOPO_HYPERCUBE};
    int cases = 0, differ = 0;
    for (int i = 0; i < 400; i++) {
        topo_kind kind = kinds[i % 4];
        int n = kind == TOPO_HYPERCUBE ? 3 + (int)rng_below(&r, 6) : 1 + (int)rng_below(&r, 3), k[MAX_DIMS];
        for (int d = 0; d < n; d++) k[d] = kind == TOPO_HYPERCUBE ? 2 : 2 + (int)rng_below(&r, n == 1 ? 20 : n == 2 ? 9 : 5);
        topology t;
        char err[200];
        if (topo_init(&t, kind, n, k, err, sizeof err)) fail_msg("topology: %s", err);
        uint8_t *blocked = calloc((size_t)t.N, 1);
        assert_non_null(blocked);
        int shape = (int)rng_below(&r, 4);
        if (shape == 0) { /* scattered */
            for (int j = 0, m = 1 + (int)rng_below(&r, 4); j < m; j++) blocked[rng_below(&r, (uint32_t)t.N)] = 1;
        } else if (shape == 1 || shape == 2) { /* one or two boxes */
            for (int b = 0; b < shape; b++) {
                int lo[MAX_DIMS], len[MAX_DIMS];
                for (int d = 0; d < n; d++) {
                    lo[d] = (int)rng_below(&r, (uint32_t)k[d]);
                    len[d] = 1 + (int)rng_below(&r, (uint32_t)(k[d] > 2 ? k[d] - 1 : 1));
                }
                for (int x = 0; x < t.N; x++) {
                    int in = 1;
                    for (int d = 0; d < n && in; d++) {
                        int c = topo_coord(&t, x, d) - lo[d];
                        if (c < 0) c += k[d];
                        in = c < len[d];
                    }
                    if (in) blocked[x] = 1;
                }
            }
        } else { /* dense */
            for (int x = 0; x < t.N; x++) blocked[x] = rng_below(&r, 3) == 0;
        }
        double fast = faults_mean_distance(&t, blocked), plain = faults_mean_distance_bfs(&t, blocked);
        if (memcmp(&fast, &plain, sizeof fast)) {
            print_message("case %d: %s n=%d N=%d shape %d: %.17g against the search's %.17g\n", i, topo_name(kind), n, t.N,
                          shape, fast, plain);
            differ++;
        }
        cases++;
        free(blocked);
        topo_free(&t);
    }
    assert_int_equal(cases, 400);
    assert_int_equal(differ, 0);
}

/* A draw that is not the last is refused as soon as a region being gathered cannot be
 * gone round, without the reason: that must refuse exactly the sets the whole forming
 * refuses, and leave the accepted ones as they were */
static void quick_refusal_agrees(void **st)
{
    (void)st;
    rng_t r;
    rng_seed(&r, 23, 0);
    const int per_mille[] = {5, 15, 30, 60, 100, 200};
    int cases = 0, refused = 0, accepted = 0, differ = 0;
    for (int i = 0; i < 600; i++) {
        topo_kind kind = i % 2 ? TOPO_MESH : TOPO_TORUS;
        int n = 1 + (int)rng_below(&r, 4), k[MAX_DIMS];
        for (int d = 0; d < n; d++) k[d] = 3 + (int)rng_below(&r, n == 1 ? 20 : n == 2 ? 10 : n == 3 ? 5 : 3);
        topology t;
        char err[200], qerr[200];
        if (topo_init(&t, kind, n, k, err, sizeof err)) fail_msg("topology: %s", err);
        uint8_t *faulty = calloc((size_t)t.N, 1), *full = calloc((size_t)t.N, 1), *quick = calloc((size_t)t.N, 1);
        assert_true(faulty && full && quick);
        int pm = per_mille[rng_below(&r, 6)];
        for (int x = 0; x < t.N; x++) faulty[x] = (int)rng_below(&r, 1000) < pm;
        int a = faults_form(&t, faulty, 0, full, err, sizeof err), b = faults_form(&t, faulty, 1, quick, qerr, sizeof qerr);
        assert_true(a > -2 && b > -2);
        if (a != b || (a == 0 && memcmp(full, quick, (size_t)t.N))) {
            print_message("case %d: %s n=%d N=%d %d per mille: %d (%s) against quick %d (%s)\n", i, topo_name(kind), n, t.N,
                          pm, a, a ? err : "accepted", b, b ? qerr : "accepted");
            differ++;
        }
        refused += a != 0;
        accepted += a == 0;
        cases++;
        free(faulty);
        free(full);
        free(quick);
        topo_free(&t);
    }
    print_message("%d cases: %d refused, %d accepted, %d differ\n", cases, refused, accepted, differ);
    assert_true(refused >= 100 && accepted >= 100);
    assert_int_equal(differ, 0);
}

/* §7.2: a block set depends on the fault keys and the topology only: the same faulty and
 * disabled nodes, regions and draws under every routing, for drawn, listed and percentage
 * sets on tori, meshes and a 3-D torus */
static void same_set_for_every_routing(void **st)
{
    (void)st;
    struct { const char *topo, *k, *n, *faults; } nets[] = {
        {"topology=torus", "k=8", "n=2", "faults=10%"}, {"topology=torus", "k=8", "n=2", "faults=15%"},
        {"topology=mesh", "k=8", "n=2", "faults=6"},    {"topology=torus", "k=4", "n=3", "faults=5"},
        {"topology=torus", "k=16", "n=2", "faults=10%"},
    };
    int compared = 0;
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++)
        for (int s = 1; s <= 12; s++) {
            char sk[64];
            snprintf(sk, sizeof sk, "fault_seed=%d", s);
            net_setup ref;
            setup_ok(&ref, nets[i].topo, nets[i].k, nets[i].n, nets[i].faults, sk, "routing=dor", "vcs=24", NULL);
            for (int r = 0; r < NFR; r++) {
                char rk[64];
                snprintf(rk, sizeof rk, "routing=%s", fring_routings[r]);
                net_setup ns;
                setup_ok(&ns, nets[i].topo, nets[i].k, nets[i].n, nets[i].faults, sk, rk, "vcs=24", NULL);
                assert_int_equal(ns.fs.draws, ref.fs.draws);
                assert_int_equal(ns.fs.nregions, ref.fs.nregions);
                assert_memory_equal(ns.fs.faulty, ref.fs.faulty, (size_t)ref.t.N);
                assert_memory_equal(ns.fs.blocked, ref.fs.blocked, (size_t)ref.t.N);
                net_setup_free(&ns);
                compared++;
            }
            net_setup_free(&ref);
        }
    print_message("%d routing/set pairs with the fault map of dor's\n", compared);
}

static void bad_input_is_refused(void **st)
{
    (void)st;
    expect_refused("too few VCs for routing phop with f-rings: 4 ring VCs and 9 for phop need vcs >= 13, got 10",
                   "routing=phop", "vcs=10", "faults=3", NULL);
    expect_refused("f-rings need a bidirectional torus or a mesh", "routing=duato", "topology=hypercube", "n=4",
                 "faults=2", NULL);
    expect_refused("f-rings need a bidirectional torus or a mesh", "routing=dor", "topology=torus_uni", "faults=2", NULL);
    expect_refused("too few VCs for routing duato with f-rings: 4 ring VCs and 3 for duato need vcs >= 7, got 6",
                 "routing=duato", "vcs=6", "faults=2", NULL);
    expect_refused("fault_handling = fring needs a fault set", "routing=duato", "fault_handling=fring", NULL);
    expect_refused("fault_handling = fring applies to the other routings", "routing=swft", "fault_handling=fring",
                 "faults=2", NULL);
    expect_refused("spans 7 of the 8 nodes of dimension 0", "routing=duato", "fault_nodes=0,1,2,3,4,5,6", NULL);
    expect_refused("spans mesh dimension 1 from edge to edge", "routing=duato", "topology=mesh", "k=4",
                 "fault_nodes=1,5,9,13", NULL);
    expect_refused("cannot open fault_file '/nonexistent'", "routing=duato", "fault_file=/nonexistent", NULL);
    sim_config c;
    char err[CFG_ERR];
    config_defaults(&c);
    assert_int_equal(config_set(&c, "faults", "120%", err, sizeof err), -1);
    assert_non_null(strstr(err, "faults: '120%' is not a percentage"));
    /* 100 % would leave no node: the message names the open bound */
    assert_int_equal(config_set(&c, "faults", "100%", err, sizeof err), -1);
    assert_non_null(strstr(err, "faults: '100%' is not a percentage from 0 to below 100%"));
    assert_int_equal(config_set(&c, "faults", "x", err, sizeof err), -1);
    assert_non_null(strstr(err, "faults: 'x' is not a node count"));
    expect_refused("give one of faults, fault_nodes and fault_file", "routing=duato", "faults=2", "fault_file=/x", NULL);
    /* a file with a bad line names the file and the line */
    char path[] = "/tmp/flitnet_badfaults_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "3\n1,2,3\n");
    fclose(f);
    char kv[128], want[160];
    snprintf(kv, sizeof kv, "fault_file=%s", path);
    snprintf(want, sizeof want, "fault_file %s line 2: 3 numbers; give a node id or 2 coordinates", path);
    expect_refused(want, "routing=duato", kv, NULL);
    f = fopen(path, "w");
    fprintf(f, "9,1\n");
    fclose(f);
    snprintf(want, sizeof want, "fault_file %s line 1: coordinate 9 of dimension 0 is outside 0..7", path);
    expect_refused(want, "routing=duato", kv, NULL);
    unlink(path);
}

int main(void)
{
    for (int i = 0; route_at(i); i++)
        if (!route_at(i)->reroute && NFR < (int)(sizeof fring_routings / sizeof fring_routings[0]))
            fring_routings[NFR++] = route_at(i)->name;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(regions_are_boxes),
        cmocka_unit_test(random_fault_sets_are_proved),
        cmocka_unit_test(ring_chain_round_the_torus),
        cmocka_unit_test(nothing_lost_on_random_sets),
        cmocka_unit_test(hand_made_sets),
        cmocka_unit_test(figure8_layout),
        cmocka_unit_test(no_deadlock_past_saturation_with_faults),
        cmocka_unit_test(measurements_with_faults),
        cmocka_unit_test(mean_distance_equals_search),
        cmocka_unit_test(quick_refusal_agrees),
        cmocka_unit_test(same_set_for_every_routing),
        cmocka_unit_test(bad_input_is_refused),
    };
    return cmocka_run_group_tests_name("fring", tests, NULL, NULL);
}

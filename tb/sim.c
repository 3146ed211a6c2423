/* sim.c: see sim.h. */
#include "sim.h"
#include "progress.h"
#include "cdg.h"
#include "deadlock.h"
#include "fault_distance.h"
#include "invariants.h"
#include "netsetup.h"
#include "network.h"
#include "node.h"
#include "rng.h"
#include "stats.h"
#include "threads.h"
#include "traffic.h"
#include "vcd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <time.h>

/* Saturation (the run stops early, or is flagged at the end):
 *  - during the window, from the SAT_MIN_BATCHES-th batch on, the messages in the system
 *    grew by more than SAT_GROWTH_SHARE of those offered so far, and by more than N plus
 *    SAT_NOISE_Z standard deviations of the offered count (a Poisson count: its square
 *    root), which a stable network's backlog reaches by chance: without that term a small
 *    network at a fifth of its capacity was called saturated after a few short batches;
 *  - at the end, the last third of the window held more than SAT_TREND_FACTOR times the
 *    first third's backlog plus SAT_TREND_NODES * N messages plus SAT_TREND_Z times the
 *    square root of the first third's backlog (a stable system has no trend; the root is
 *    the chance swing of a small backlog: 2 messages in the first third and 6 in the last
 *    is noise on a 4-node ring at a quarter of its capacity).
 * The noise terms were set on 1440 runs (tiny to 8x8 networks, 20 % to 200 % of the
 * saturation rate of 100,000-cycle runs, 2,000 to 20,000 cycles, 30 batches, 12 seeds
 * each; docs/results.md, "When a run is saturated"). */
/* the watchdog's frozen network (run_watchdog): a move starts at most 2 cycles after a credit
 * is sent (its round trip), 1 after an output VC is freed or a head arrives (allocation),
 * 1 after the allocation (traversal); 8 leaves room over the 4 of the longest chain */
#define FROZEN_SLACK 8
#define SAT_MIN_BATCHES 3
/* the detector's segments ("batches" above) are the CI batches, but at least this many, so
 * that a run with few CI batches (batches = 2) still has thirds to compare */
#define SAT_MIN_SEGMENTS 9
/* A node offered one message per cycle or more is saturated without a cycle simulated: a
 * message has at least one flit and the injection channel carries one flit per cycle. (Its
 * source would generate that many messages per cycle: rate = 1e9 would never end a cycle.) */
#define SAT_RATE_BOUND 4.0 /* flits/node/cycle offered: four injection channels' worth */
#define SAT_GROWTH_SHARE 0.05
#define SAT_NOISE_Z 4.0
#define SAT_TREND_FACTOR 1.25
#define SAT_TREND_NODES 0.5
#define SAT_TREND_Z 3.0
#define now_seconds progress_now

/* mean hop count of the configured traffic, for the zero-load closed form */
static double traffic_mean_hops(const sim_config *c, const topology *t, const traffic *tr, const uint8_t *blocked)
{
    switch (c->traffic) {
    case TR_UNIFORM: return blocked ? faults_mean_distance(t, blocked) : t->mean_dist;
    case TR_HOTSPOT: {
        double hs = 0;
        for (int x = 0; x < t->N; x++)
            if (x != c->hotspot) hs += topo_distance(t, x, c->hotspot);
        hs /= t->N - 1;
        /* the hotspot node itself sends uniform traffic */
        return ((t->N - 1) * (c->hotspot_frac * hs + (1 - c->hotspot_frac) * t->mean_dist) + t->mean_dist) / t->N;
    }
    case TR_LOCALITY: {
        double h = 0, prev = 0;
        for (int i = 1; i <= t->diameter; i++) {
            h += i * (tr->loc_cdf[i] - prev);
            prev = tr->loc_cdf[i];
        }
        return h;
    }
    case TR_TRACE: {
        double h = 0;
        for (long i = 0; i < tr->ntrace; i++) h += topo_distance(t, tr->trace[i].src, tr->trace[i].dst);
        return tr->ntrace ? h / (double)tr->ntrace : 0;
    }
    default: {
        double h = 0;
        int cnt = 0;
        for (int x = 0; x < t->N; x++) {
            int d = traffic_pattern_dst(tr, x);
            if (d >= 0) {
                h += topo_distance(t, x, d);
                cnt++;
            }
        }
        return cnt ? h / cnt : 0;
    }
    }
}

void sim_result_free(sim_result *r)
{
    free(r->deadlock_report);
    free(r->chan_util);
    free(r->node_load);
    free(r->fault_state);
    free(r->regions);
    r->deadlock_report = NULL;
    r->chan_util = r->node_load = NULL;
    r->fault_state = NULL;
    r->regions = NULL;
}

/* everything one run holds; the functions below each do one job on it */
struct part;
typedef struct {
    const sim_config *cfg;
    const sim_options *opt;
    sim_result *res;
    net_setup ns;
    int built;                    /* ns is built */
    node_set nodes;               /* sources, sinks, node software (node.h) */
    int nodes_built;
    lat_stats st;
    int *order;                   /* evaluation order of the nodes (shuffled in tests) */
    rng_t shuffle_rng;
    vcd_writer *vcd;
    uint64_t warmup, cycles, blen; /* blen: a saturation segment's cycles */
    uint64_t cycles0;              /* the configured end (cycles may end earlier: precision) */
    int nseg;                      /* saturation segments: max(batches, SAT_MIN_SEGMENTS) */
    uint64_t fp;                   /* the deliveries' fingerprint */
    uint64_t last_moves, last_progress, next_check;  /* the watchdog */
    uint64_t frozen;     /* cycles without a move after which nothing can move again */
    uint64_t sat_stop;   /* saturated: the cycle its deadlock check is done (0: not yet saturated) */
    long outstanding_at_warmup;
    double in_system, *batch_in_system;
    char dead_buf[1 << 15];
    /* the parallel cycle (threads = T): part k steps the nodes order[lo..hi) of a static
     * partition into T contiguous blocks (a router's neighbours along dimension 0 share its
     * block, and its registers a cache line with them), counting into its own part */
    int nparts;
    struct part *parts;            /* [nparts] */
    thread_pool *pool;             /* NULL with one part */
    uint64_t cur_t;                /* the cycle being stepped, and whether it is in the window */
    int cur_in_window;
} run;

/* what one part (thread) of the cycle counted and saw, folded by run_fold in part order */
typedef struct part {
    int lo, hi;                    /* its slice of the evaluation order */
    node_lane lane;                /* the nodes' counters (node.h) */
    net_counters ctr;              /* the routers' counters (network.h) */
    struct { int x; node_delivery d; } *dl; /* deliveries in node order (for stats, in order) */
    int ndl;
    int full_node;                 /* the last node whose queue overflowed on a re-injection, or -1 */
    int idfail_node;               /* the first node out of message ids, or -1 */
    char pad[64];                  /* parts of different threads on different cache lines */
} part;

static void run_part(void *arg, int k);

/* the partition and, with more than one part, the worker threads */
static int run_setup_parts(run *r, char *err, size_t errlen)
{
    const int N = r->ns.t.N;
    int T = r->cfg->threads ? r->cfg->threads : threads_auto(N, 1);
    if (T > N) T = N; /* at least one node per part */
    r->nparts = T;
    r->res->threads = T;
    r->ns.net.concurrent = T > 1; /* routers then mark their neighbours' words atomically */
    r->parts = calloc((size_t)T, sizeof *r->parts);
    if (!r->parts) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* with the staged step, parts of 64 nodes' multiples when they are that large: then a
     * word of the step's sets belongs to one part, and only the words that neighbours in
     * another part mark need atomic operations (network_set_parts) */
    const int align = r->ns.net.staged && N / T >= 64 ? 64 : 1;
    for (int k = 0; k < T; k++) {
        part *pt = &r->parts[k];
        pt->lo = (int)((long)N * k / T + align / 2) / align * align;
        pt->hi = k + 1 == T ? N : (int)((long)N * (k + 1) / T + align / 2) / align * align;
        pt->full_node = pt->idfail_node = -1;
        pt->dl = malloc(sizeof *pt->dl * (size_t)(pt->hi - pt->lo));
        if (node_lane_init(&pt->lane, &r->nodes, pt->hi - pt->lo) || !pt->dl) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    if (T > 1 && r->ns.net.staged) {
        int *lo = malloc(sizeof(int) * (size_t)T);
        if (!lo) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        for (int k = 0; k < T; k++) lo[k] = r->parts[k].lo;
        network_set_parts(&r->ns.net, lo, T);
        free(lo);
    }
    if (T > 1 && !(r->pool = pool_start(T, run_part, r))) {
        snprintf(err, errlen, "cannot start %d threads", T - 1);
        return -1;
    }
    return 0;
}

static int run_setup(run *r, char *err, size_t errlen)
{
    const sim_config *cfg = r->cfg;
    if (net_setup_build(&r->ns, cfg, err, errlen)) return -1;
    r->built = 1;
    if (cfg->buf_depth == 1 && cfg->obuf_depth == 1 && !r->opt->per_router) network_use_stages(&r->ns.net);
    if (!cfg->dateline) { /* the one key that makes a routing deadlock-prone: say whether it is here */
        cdg_result *cr = malloc(sizeof *cr);
        char e2[CFG_ERR]; /* a network too large to check runs unchecked, as before */
        if (cr && !cdg_check(&r->ns.rt, cr, e2, sizeof e2) && !cr->ok)
            snprintf(r->res->not_deadlock_free, sizeof r->res->not_deadlock_free, "%.*s",
                     (int)strcspn(cr->reason, ":"), cr->reason);
        free(cr);
    }
    const topology *tp = &r->ns.t;
    sim_result *res = r->res;
    r->nodes_built = 1;
    if (node_init(&r->nodes, &r->ns, cfg) ||
        stats_init(&r->st, cfg->batches, (uint64_t)cfg->warmup, (uint64_t)cfg->cycles)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (r->ns.net.staged && !r->opt->shuffle_order) r->nodes.wake = r->ns.net.st_src; /* (run_sources) */
    r->order = malloc(sizeof(int) * (size_t)tp->N);
    r->nseg = cfg->batches > SAT_MIN_SEGMENTS ? cfg->batches : SAT_MIN_SEGMENTS;
    if ((long)r->nseg > cfg->cycles - cfg->warmup) r->nseg = (int)(cfg->cycles - cfg->warmup);
    r->batch_in_system = calloc((size_t)r->nseg, sizeof(double));
    res->chan_util = calloc((size_t)tp->N * tp->Pn, sizeof(double));
    res->node_load = calloc((size_t)tp->N, sizeof(double));
    if (!r->order || !r->batch_in_system || !res->chan_util || !res->node_load) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int x = 0; x < tp->N; x++) r->order[x] = x;
    if (r->opt->vcd) {
        uint64_t to = r->opt->vcd_to;
        if (r->opt->vcd_auto_window) { /* waves grow with every VC: a big network gets a short default window */
            uint64_t len = SIM_VCD_BUDGET / ((uint64_t)tp->N * (uint64_t)tp->P * (uint64_t)cfg->vcs);
            to = r->opt->vcd_from + (len < 20 ? 20 : len > 1000 ? 1000 : len) - 1;
        }
        res->vcd_from = r->opt->vcd_from;
        res->vcd_to = to;
        if (!(r->vcd = vcd_open(r->opt->vcd, &r->ns.net, r->opt->vcd_from, to, err, errlen))) return -1;
    }
    rng_seed(&r->shuffle_rng, cfg->seed, 0xC0FFEEULL);
    r->warmup = (uint64_t)cfg->warmup;
    r->cycles = (uint64_t)cfg->cycles;
    r->blen = (r->cycles - r->warmup) / (uint64_t)r->nseg;
    r->cycles0 = r->cycles;
    r->res->batches = cfg->batches;
    r->next_check = (uint64_t)cfg->deadlock_cycles;
    /* a network in which no flit moved and none entered for longer than any wait the
     * router keeps (the time-out) plus its pipeline (credit round trip, allocation,
     * traversal) is frozen for good: the watchdog need not wait deadlock_cycles for it */
    r->frozen = (uint64_t)cfg->timeout + FROZEN_SLACK;
    if (r->frozen > (uint64_t)cfg->deadlock_cycles) r->frozen = (uint64_t)cfg->deadlock_cycles;
    return run_setup_parts(r, err, errlen);
}

static void run_free(run *r)
{
    pool_stop(r->pool);
    if (r->parts)
        for (int k = 0; k < r->nparts; k++) {
            node_lane_free(&r->parts[k].lane);
            free(r->parts[k].dl);
        }
    free(r->parts);
    free(r->batch_in_system);
    if (r->nodes_built) node_free(&r->nodes);
    free(r->order);
    stats_free(&r->st);
    if (r->built) net_setup_free(&r->ns);
}

/* the staged step's sources of part pt in cycle tt, in node order: those in the set of
 * sources with work (st_src) and those whose credits came back. A source leaves the set once
 * it has had nothing to do for two cycles in a row: both of its injection slots then read
 * "no flit", and it has no message, no busy VC and no credit on its way (those would bring
 * it back: a queued or re-injected message, node.c; a credit, the router's mark). */
static void run_sources(run *r, part *pt, uint64_t tt)
{
    node_set *nodes = &r->nodes;
    network *net = &r->ns.net;
    for (int j = pt->lo >> 6; j <= (pt->hi - 1) >> 6; j++) {
        const uint64_t mine = network_part_bits(j, (uint32_t)pt->lo, (uint32_t)pt->hi);
        uint64_t *w = &net->st_src[j];
        const uint64_t m = ((net->concurrent ? __atomic_load_n(w, __ATOMIC_RELAXED) : *w) & mine) |
                           network_source_credited(net, j, pt->lo, pt->hi, tt);
        uint64_t gone = 0;
        for (uint64_t k = m; k; k &= k - 1) {
            const int b = __builtin_ctzll(k), x = j << 6 | b;
            if (node_source_only_in(nodes, &pt->lane, net, x, tt) && pt->idfail_node < 0) pt->idfail_node = x;
            network_source_done(net, x, tt);
            source *s = &nodes->src[x];
            const int idle = ((s->vc_busy | (uint64_t)s->qlen) == 0) & (network_injection(net, x, tt)->vc < 0);
            s->quiet = idle ? s->quiet + 1 : 0;
            gone |= (uint64_t)(s->quiet >= 2) << b;
        }
        if (net->concurrent) {
            __atomic_fetch_or(w, m & ~gone, __ATOMIC_RELAXED);
            __atomic_fetch_and(w, ~gone, __ATOMIC_RELAXED);
        } else {
            *w = (*w | m) & ~gone;
        }
    }
}

/* node x's sink takes the flit on its ejection channel in cycle tt */
static inline void run_sink(run *r, part *pt, int x, uint64_t tt, int in_window)
{
    if (node_sink_body(&r->nodes, &pt->lane, x, in_window, network_ejection(&r->ns.net, x, tt))) return;
    node_delivery d;
    switch (node_sink_in(&r->nodes, &pt->lane, x, tt, in_window, network_ejection(&r->ns.net, x, tt), &d)) {
    case NODE_QUEUE_FULL:
        pt->full_node = x;
        break;
    case NODE_DELIVERED:
        pt->dl[pt->ndl].x = x;
        pt->dl[pt->ndl++].d = d;
        break;
    default:
        break;
    }
}

/* part k of cycle r->cur_t: each node of its slice, its source, router, sink and node
 * software (node.h); it writes only its own nodes and routers, its part and the message
 * table (under the table's locks). A source out of message ids drives nothing; its
 * router still steps, so that the cycle is the same whichever parts ran. */
static void run_part(void *arg, int k)
{
    run *r = arg;
    part *pt = &r->parts[k];
    node_set *nodes = &r->nodes;
    network *net = &r->ns.net;
    const uint64_t tt = r->cur_t;
    const int in_window = r->cur_in_window;
    /* the sources, the routers, the sinks of the part's nodes, each in node order: they
     * talk only through signals of the cycle before, but for the sink, which takes the flit
     * its router ejects in this cycle (node_source_router_in does the first two for one
     * node; a loop over the routers pays the step's set-up once) */
    if (net->staged) { /* one-slot buffers: the routers step stage by stage (network_staged.c) */
        if (r->opt->shuffle_order) {
            for (int oi = pt->lo; oi < pt->hi; oi++) {
                const int x = r->order[oi];
                if (node_source_only_in(nodes, &pt->lane, net, x, tt) && pt->idfail_node < 0) pt->idfail_node = x;
                network_source_done(net, x, tt);
            }
            for (int j = pt->lo >> 6; j <= (pt->hi - 1) >> 6; j++) (void)network_source_credited(net, j, pt->lo, pt->hi, tt);
        } else {
            run_sources(r, pt, tt);
        }
        /* a part's positions of the order hold its block of nodes, shuffled or not */
        network_step_part(net, pt->lo, pt->hi, tt, &pt->ctr);
        if (!r->opt->shuffle_order) { /* the sinks with a flit, in node order */
            for (int j = pt->lo >> 6; j <= (pt->hi - 1) >> 6; j++)
                for (uint64_t m = network_ejected(net, j, pt->lo, pt->hi, tt); m; m &= m - 1)
                    run_sink(r, pt, j << 6 | __builtin_ctzll(m), tt, in_window);
            return;
        }
    } else {
        for (int oi = pt->lo; oi < pt->hi; oi++) {
            const int x = r->order[oi];
            if (node_source_only_in(nodes, &pt->lane, net, x, tt) && pt->idfail_node < 0) pt->idfail_node = x;
        }
        network_step_routers(net, r->order, pt->lo, pt->hi, tt, &pt->ctr);
    }
    for (int oi = pt->lo; oi < pt->hi; oi++) {
        const int x = r->order[oi];
        if (network_ejection(net, x, tt)->vc >= 0) run_sink(r, pt, x, tt, in_window); /* most nodes, most cycles: no call */
    }
}

/* adds the parts' counters and deliveries into the run's, part by part: the parts hold
 * consecutive slices of the order, so the statistics see the deliveries in the order one
 * thread would have made them (floating-point sums come out the same for every T);
 * returns 1 when the run must stop (saturated: by rerouting, or out of message ids) */
static int run_fold(run *r, uint64_t tt)
{
    node_set *nodes = &r->nodes;
    network *net = &r->ns.net;
    int stop = 0, idfail = -1;
    for (int k = 0; k < r->nparts; k++) {
        part *pt = &r->parts[k];
        network_add_counters(&net->ctr, &pt->ctr, net->V);
        node_fold(nodes, &pt->lane);
        for (int i = 0; i < pt->ndl; i++) {
            const msg_rec *m = &pt->dl[i].d.msg;
            const uint64_t x = (uint64_t)pt->dl[i].x;
            uint64_t lat = tt - m->gen + 1, wait = m->inj - m->gen;
            stats_add(&r->st, m->gen, lat, lat - wait, wait);
            r->fp += splitmix64((tt << 20) ^ (x << 40) ^ ((uint64_t)pt->dl[i].d.src << 8) ^ m->id);
        }
        pt->ndl = 0;
        if (pt->full_node >= 0) {
            r->res->saturated = 1;
            snprintf(r->res->saturated_why, sizeof r->res->saturated_why,
                     "source queue of node %d exceeded max_queue = %ld messages at cycle %llu (rerouting)",
                     pt->full_node, r->cfg->max_queue, (unsigned long long)tt);
            stop = 1;
            pt->full_node = -1;
        }
        if (pt->idfail_node >= 0 && idfail < 0) idfail = pt->idfail_node;
        pt->idfail_node = -1;
    }
    if (idfail >= 0) { /* only an overloaded network holds that many messages of one source */
        r->res->saturated = 1;
        snprintf(r->res->saturated_why, sizeof r->res->saturated_why,
                 "node %d has more messages in flight than the flit's %d message-id bits name", idfail, r->ns.fl.IW);
        stop = 1;
    }
    return stop;
}

/* the nodes of cycle tt, in the evaluation order, in parts (one per thread); returns 1
 * when the run must stop */
static int run_nodes(run *r, uint64_t tt, int in_window)
{
    if (r->opt->shuffle_order) /* each part its own slice: the partition stays as it is */
        for (int k = 0; k < r->nparts; k++)
            for (int i = r->parts[k].hi - 1, lo = r->parts[k].lo; i > lo; i--) {
                int j = lo + (int)rng_below(&r->shuffle_rng, (uint32_t)(i - lo + 1)), tmp = r->order[i];
                r->order[i] = r->order[j];
                r->order[j] = tmp;
            }
    r->cur_t = tt;
    r->cur_in_window = in_window;
    if (r->pool) pool_round(r->pool);
    else run_part(r, 0);
    return run_fold(r, tt);
}

/* Watchdog: flits inside and nothing moved at all for deadlock_cycles; and every
 * deadlock_cycles, a dead set among the VCs that moved nothing (a partial deadlock).
 * Returns 1 when a deadlock was found, with the report in res. */
static int run_watchdog(run *r, uint64_t tt)
{
    const sim_config *cfg = r->cfg;
    network *net = &r->ns.net;
    uint64_t moves = net->ctr.moves + r->nodes.injected;
    int dead = 0;
    if (moves != r->last_moves || r->nodes.injected == r->nodes.ejected) {
        r->last_moves = moves;
        r->last_progress = tt;
    } else if (tt - r->last_progress >= r->frozen) {
        dead = 1;
    }
    if (!dead && tt + 1 >= r->next_check) {
        r->next_check = tt + 1 + (uint64_t)cfg->deadlock_cycles;
        if (network_find_stuck(net, r->nodes.injected != r->nodes.ejected, r->dead_buf, sizeof r->dead_buf)) dead = 2;
    }
    if (!dead) return 0;
    sim_result *res = r->res;
    res->deadlock = 1;
    size_t cap = 1 << 16;
    res->deadlock_report = malloc(cap);
    if (res->deadlock_report) {
        unsigned long long inside = (unsigned long long)(r->nodes.injected - r->nodes.ejected);
        int n = dead == 1 ? snprintf(res->deadlock_report, cap,
                                     "deadlock at cycle %llu: %llu flits in the network, none moved for %llu cycles\n",
                                     (unsigned long long)tt, inside, (unsigned long long)r->frozen)
                          : snprintf(res->deadlock_report, cap,
                                     "deadlock at cycle %llu: %llu flits in the network; some VCs moved nothing for "
                                     "%ld cycles and wait only on each other\n",
                                     (unsigned long long)tt, inside, cfg->deadlock_cycles);
        if (dead == 1 && !deadlock_find(net, NULL, res->deadlock_report + n, cap - (size_t)n))
            snprintf(res->deadlock_report + n, cap - (size_t)n, "no cycle of waiting VCs found\n");
        if (dead == 2) snprintf(res->deadlock_report + n, cap - (size_t)n, "%s", r->dead_buf);
    }
    return 1;
}

/* saturation during the window: messages in the system keep growing across batches */
static int run_saturated_now(run *r, uint64_t tt)
{
    const uint64_t warmup = r->warmup;
    if (!(tt > warmup && (tt - warmup) % r->blen == 0 && (tt - warmup) / r->blen >= SAT_MIN_BATCHES)) return 0;
    const int N = r->ns.t.N;
    long growth = (long)(r->nodes.generated - r->nodes.delivered) - r->outstanding_at_warmup;
    double offered = r->cfg->rate * (double)N * (double)(tt - warmup);
    if (!(growth > N + SAT_NOISE_Z * sqrt(offered) && growth > SAT_GROWTH_SHARE * offered)) return 0;
    r->res->saturated = 1;
    snprintf(r->res->saturated_why, sizeof r->res->saturated_why,
             "messages in the system grew by %ld (%.1f%% of those offered) in %llu cycles", growth,
             100.0 * growth / offered, (unsigned long long)(tt - warmup));
    return 1;
}

/* saturation judged at the end: a stable system's backlog does not trend; in steady state
 * the last third of the window holds as many messages as the first third */
static void run_saturated_at_end(run *r, uint64_t tt)
{
    /* the segments the window held: all of them, unless precision ended it early */
    const int batches = tt >= r->cycles0 ? r->nseg : (int)((tt - r->warmup) / r->blen), third = batches / 3;
    if (!third) return;
    double first = 0, last = 0;
    for (int b = 0; b < third; b++) {
        first += r->batch_in_system[b] / (double)r->blen;
        last += r->batch_in_system[batches - 1 - b] / (double)r->blen;
    }
    first /= third;
    last /= third;
    if (last > SAT_TREND_FACTOR * first + SAT_TREND_NODES * r->ns.t.N + SAT_TREND_Z * sqrt(first)) {
        r->res->saturated = 1;
        snprintf(r->res->saturated_why, sizeof r->res->saturated_why,
                 "messages in the system grew from %.0f (first third of the window) to %.0f (last third)", first, last);
    }
}

/* precision: when cycle t begins CI batch k (from the PRECISION_MIN_BATCHES-th on), the run
 * ends if the 95 % CI over batches 0..k-1 is within `precision` of their mean: the
 * measurement is the messages generated before t, in the batches they were counted in */
static int run_precise(run *r, uint64_t t)
{
    const uint64_t W = r->cycles0 - r->warmup, nb = (uint64_t)r->cfg->batches, g = t - r->warmup;
    const uint64_t k = g * nb / W; /* batch k holds the generation cycles g with g nb / W in [k, k+1) */
    if (k < PRECISION_MIN_BATCHES || k >= nb || (k * W + nb - 1) / nb != g) return 0;
    double mean, ci = stats_ci95_first(&r->st, (int)k, &mean);
    if (!(ci <= r->cfg->precision * mean)) return 0;
    /* batch means are independent enough for the interval only over batches many latencies
     * long: shorter ones, stopped where a run of fast messages narrowed the interval, read
     * 5 % low with a 0.7 % interval (4x4, 90-cycle batches) */
    if ((double)W < PRECISION_BATCH_LATENCIES * mean * (double)nb) return 0;
    stats_truncate(&r->st, (int)k);
    r->cycles = t;
    r->res->batches = (int)k;
    r->res->precision_stop = 1;
    return 1;
}

static inline int run_stop(int64_t *end, int64_t v)
{
    *end = v;
    return 1;
}

/* cycle tt of the run, written once for sim_run's loop and for sim_cycle; returns 0 when
 * the run goes on, 1 when it stops, *end then holding the first cycle not simulated (or
 * -1: an error, in err) */
static inline __attribute__((always_inline)) int run_cycle(run *r, uint64_t tt, int64_t *end, char *err, size_t errlen)
{
    const sim_config *cfg = r->cfg;
    network *net = &r->ns.net;
    /* progress reads the clock only (every 64 cycles: a 255x255 torus runs about 40
     * cycles a second, and 4096 left it silent for minutes): it cannot change a result */
    if (!(tt & 63) && tt) progress_show("cycle %llu of %llu", (unsigned long long)tt, (unsigned long long)r->cycles);
    const int in_window = tt >= r->warmup && tt < r->cycles;
    if (tt == r->warmup) {
        network_open_window(net, r->warmup);
        r->outstanding_at_warmup = (long)(r->nodes.generated - r->nodes.delivered);
    }
    if (tt == r->cycles) network_close_window(net, r->cycles);
    if (tt < r->cycles) {
        traffic_cycle(&r->ns.tr, tt, node_on_message, &r->nodes);
        if (r->nodes.overflow_node >= 0) {
            r->res->saturated = 1;
            snprintf(r->res->saturated_why, sizeof r->res->saturated_why,
                     "source queue of node %d exceeded max_queue = %ld messages at cycle %llu", r->nodes.overflow_node,
                     cfg->max_queue, (unsigned long long)tt);
            return run_stop(end, (int64_t)tt);
        }
    } else if (!cfg->drain || r->nodes.generated == r->nodes.delivered) {
        return run_stop(end, (int64_t)tt);
    }
    int stop = run_nodes(r, tt, in_window);
    if (stop) return run_stop(end, (int64_t)tt + 1);
    if (r->vcd) {
        vcd_cycle(r->vcd, net, tt);
        if (vcd_error(r->vcd)) { /* the waves asked for cannot be written: stop now, not at the end */
            snprintf(err, errlen, "writing the VCD file '%s' failed at cycle %llu: %s", r->opt->vcd,
                     (unsigned long long)tt, strerror(vcd_error(r->vcd)));
            return run_stop(end, -1);
        }
    }
    if (r->opt->check_invariants > 0 && tt % (uint64_t)r->opt->check_invariants == 0 &&
        network_check(net, tt, err, errlen))
        return run_stop(end, -1);
    if (in_window) {
        double q = (double)(r->nodes.generated - r->nodes.delivered);
        r->in_system += q;
        uint64_t b = (tt - r->warmup) / r->blen;
        if (b < (uint64_t)r->nseg) r->batch_in_system[b] += q;
    }
    if (run_watchdog(r, tt)) return run_stop(end, (int64_t)tt + 1);
    if (r->sat_stop && tt + 1 >= r->sat_stop) {
        size_t l = strlen(r->res->saturated_why);
        snprintf(r->res->saturated_why + l, sizeof r->res->saturated_why - l,
                 "; no deadlock in the %ld cycles after", cfg->deadlock_cycles);
        return run_stop(end, (int64_t)tt + 1);
    }
    if (in_window && !r->res->saturated && run_saturated_now(r, tt) && cfg->stop_saturated) {
        /* a deadlock makes the backlog grow too: the run goes on for one watchdog period
         * begun now, so that a dead set formed before now is found and reported as such */
        network_find_stuck(net, 0, NULL, 0);
        r->next_check = tt + 1 + (uint64_t)cfg->deadlock_cycles;
        r->sat_stop = r->next_check;
    }
    if (in_window && cfg->precision > 0 && run_precise(r, tt + 1)) {
        if (!cfg->drain) {
            network_close_window(net, tt + 1);
            return run_stop(end, (int64_t)tt + 1);
        }
        /* run_precise set r->cycles = tt + 1: the window ends here (closed at the next cycle's
         * top); drain = 1 then delivers the rest */
    }
    return 0;
}

/* the cycle loop; returns the cycle it stopped at (the first not simulated), or -1 */
/* not inlined: `make bench-instr` counts the instructions of this function alone */
__attribute__((noinline)) static int64_t run_loop(run *r, char *err, size_t errlen)
{
    int64_t end;
    for (uint64_t tt = 0;; tt++)
        if (run_cycle(r, tt, &end, err, errlen)) return end;
}

/* the measurements of a run that stopped at cycle tt */
/* the latency statistics of the messages measured, and the zero-load reference */
static void results_latency(const run *r, sim_result *res)
{
    const sim_config *cfg = r->cfg;
    const lat_stats *st = &r->st;
    res->avg_latency = stats_mean(st);
    res->avg_network_latency = st->n ? st->sum_net / (double)st->n : NAN;
    res->avg_source_wait = st->n ? st->sum_wait / (double)st->n : NAN;
    res->latency_ci95 = stats_ci95(st);
    res->ci_batches = stats_batches_used(st);
    res->p50 = stats_percentile(st, 0.50);
    res->p90 = stats_percentile(st, 0.90);
    res->p99 = stats_percentile(st, 0.99);
    res->max_latency = st->n ? (double)st->max_lat : NAN;
    int delta = cfg->buf_depth == 1 ? 2 : 1;
    double len = cfg->msg_len; /* a trace gives each message its length: the closed form is linear in it */
    if (cfg->traffic == TR_TRACE && r->ns.tr.ntrace) {
        len = 0;
        for (long i = 0; i < r->ns.tr.ntrace; i++) len += r->ns.tr.trace[i].len;
        len /= (double)r->ns.tr.ntrace;
    }
    const double one = 3 + delta * (len - 1); /* a message's latency beyond its hops */
    if (r->ns.fh == FH_SOFTWARE) {
        /* §7.1: a message the node software takes off the network goes on as a new one after
         * reinject_delay, so each segment costs `one` again; the walk gives every pair's hops
         * and segments (uniform traffic over the fault-free nodes: the only traffic then) */
        double hs = 0, ss = 0, np = 0;
        walk_memo m;
        if (walk_memo_init(&m, &r->ns.rt)) m.R = 0; /* out of memory: no zero-load latency */
        progress_begin();
        for (int f = 0; f < r->ns.t.N && m.R; f++) {
            progress_show("zero-load latency: destination %d of %d", f + 1, r->ns.t.N);
            for (int s = 0; s < r->ns.t.N && !r->ns.faulty[f]; s++) {
                int h, g;
                if (f == s || r->ns.faulty[s] || !routing_walk_memo(&r->ns.rt, &m, s, f, &h, &g)) continue;
                hs += h;
                ss += g;
                np++;
            }
        }
        progress_end();
        walk_memo_free(&m);
        res->zero_load_latency = np ? (2 * hs + ss * one + (ss - np) * (double)cfg->reinject_delay) / np : NAN;
    } else {
        res->zero_load_latency = 2 * traffic_mean_hops(cfg, &r->ns.t, &r->ns.tr, r->ns.faulty) + one;
    }
}

/* throughput, message and flit counts, Little's law and the sinks' checks after cycle tt */
static void results_counts(const run *r, uint64_t tt, double win, sim_result *res)
{
    const sim_config *cfg = r->cfg;
    const net_setup *ns = &r->ns;
    const topology *tp = &ns->t;
    res->offered_flit_rate = cfg->traffic == TR_TRACE ? NAN : cfg->rate * cfg->msg_len;
    /* per node that sends and receives: faulty and disabled nodes do neither (§7.2) */
    const int usable = ns->faulty ? ns->tr.nalive : tp->N;
    res->accepted_flit_rate = (double)r->nodes.win_flits / (win * usable);
    res->capacity = tp->capacity;
    res->normalized_throughput = res->accepted_flit_rate / tp->capacity;
    res->messages_generated = r->nodes.generated;
    res->messages_dropped = r->nodes.dropped;
    res->source_drop = r->cfg->source_full;
    res->messages_delivered = r->nodes.delivered;
    res->messages_rerouted = r->nodes.reinjected;
    res->messages_measured = r->st.n;
    res->flits_injected = r->nodes.injected;
    res->flits_delivered = r->nodes.ejected;
    res->flits_in_flight = network_flits(&ns->net, tt ? tt - 1 : 0);
    res->flit_hops = ns->net.ctr.flit_hops;
    long queued = 0;
    for (int x = 0; x < tp->N; x++) {
        const source *sx = &r->nodes.src[x];
        queued += sx->qlen;
        for (int v = 0; v < cfg->vcs; v++) /* messages assigned to an injection VC, not yet fully sent */
            if (sx->vc_busy >> v & 1 && sx->on[v].next == 0) queued++;
    }
    res->messages_queued = queued;
    res->little_L = r->in_system / win;
    res->little_lambda_W = (double)r->nodes.win_delivered / win * res->avg_latency;
    res->corrupt = r->nodes.errs.corrupt;
    res->nonminimal = r->nodes.errs.nonminimal;
    res->misrouted = r->nodes.errs.misrouted;
    snprintf(res->corrupt_first, sizeof res->corrupt_first, "%s", r->nodes.errs.first_error);
}

/* each network channel's utilization and each node's mean load; returns the channels measured */
static int results_channel_loads(const run *r, double win, sim_result *res)
{
    const net_setup *ns = &r->ns;
    const topology *tp = &ns->t;
    const network *net = &ns->net;
    const int P = tp->P, Pn = tp->Pn;
    int nchan = 0;
    for (int x = 0; x < tp->N; x++) {
        double s = 0;
        int c = 0;
        for (int o = 0; o < Pn; o++) {
            int y = tp->nbr[x * Pn + o];
            /* unconnected, or a link from or to a faulty or disabled node: no measurement */
            if (net->down[x * P + o] < 0 || (ns->faulty && (ns->faulty[x] || ns->faulty[y]))) {
                res->chan_util[x * Pn + o] = -1;
                continue;
            }
            double u = (double)net->chan_flits[x * P + o] / win;
            res->chan_util[x * Pn + o] = u;
            s += u;
            c++;
        }
        nchan += c;
        res->node_load[x] = ns->faulty && ns->faulty[x] ? -1 : c ? s / c : 0;
    }
    return nchan;
}

/* the fault set the run had (node states, regions, draws); -1 when out of memory */
static int results_faults(const run *r, sim_result *res, char *err, size_t errlen)
{
    const net_setup *ns = &r->ns;
    res->fault_handling = ns->fh;
    if (ns->fh == FH_NONE) return 0;
    const int N = ns->t.N;
    res->fault_state = malloc((size_t)N);
    res->regions = malloc(sizeof *res->regions * (size_t)(ns->fs.nregions ? ns->fs.nregions : 1));
    if (!res->fault_state || !res->regions) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int x = 0; x < N; x++) res->fault_state[x] = (int8_t)(ns->fs.faulty[x] ? 1 : ns->fs.blocked[x] ? 2 : 0);
    memcpy(res->regions, ns->fs.regions, sizeof *res->regions * (size_t)ns->fs.nregions);
    res->nregions = ns->fs.nregions;
    res->fault_draws = ns->fs.draws;
    return 0;
}

/* per VC index: the share of the window its network OVCs were allocated, and of the flits;
 * the f-ring layer's ring VCs and the flit-hops they carried */
static void results_vcs(const run *r, int nchan, double win, sim_result *res)
{
    const sim_config *cfg = r->cfg;
    const net_counters *ctr = &r->ns.net.ctr;
    const routing *rtp = &r->ns.rt;
    if (route_fring(rtp)) {
        res->ring_vcs = cfg->vcs - rtp->base->V;
        for (int v = rtp->base->V; v < cfg->vcs; v++) res->ring_flit_hops += ctr->vc_flits[v];
    }
    uint64_t vf = 0;
    for (int v = 0; v < cfg->vcs; v++) vf += ctr->vc_flits[v];
    for (int v = 0; v < cfg->vcs; v++) {
        res->vc_usage[v] = nchan ? (double)ctr->vc_busy[v] / ((double)nchan * win) : 0;
        res->vc_flit_share[v] = vf ? (double)ctr->vc_flits[v] / (double)vf : 0;
    }
}

static int run_results(run *r, uint64_t tt, char *err, size_t errlen)
{
    sim_result *res = r->res;
    const topology *tp = &r->ns.t;
    const uint64_t end = tt < r->cycles ? tt : r->cycles;
    const double win = end > r->warmup ? (double)(end - r->warmup) : 1;
    results_latency(r, res);
    /* the batch the run stopped in (as stats_add files a message generated at end - 1) */
    const lat_stats *st = &r->st;
    res->batches_reached = end <= st->start ? 0
                           : (int)((end - 1 - st->start) * (uint64_t)st->nb / (st->end - st->start)) + 1;
    if (res->batches_reached > st->nused) res->batches_reached = st->nused;
    results_counts(r, tt, win, res);
    /* no cycle of the window ran (not simulated, or a deadlock in the warm-up): the
     * throughput was not measured, which is not a throughput of 0 */
    if (end <= r->warmup) res->accepted_flit_rate = res->normalized_throughput = NAN;
    res->V = r->cfg->vcs;
    res->N = tp->N;
    res->Pn = tp->Pn;
    res->n = tp->n;
    int nchan = results_channel_loads(r, win, res);
    if (results_faults(r, res, err, errlen)) return -1;
    results_vcs(r, nchan, win, res);
    res->fingerprint = r->fp;
    return 0;
}

/* saturation without a cycle simulated: a node offered one message per cycle or more */
static int run_overloaded(run *r)
{
    const sim_config *cfg = r->cfg;
    if (cfg->traffic == TR_TRACE) return 0;
    /* several times what an injection channel carries: the sources would only fill their
     * queues. Below that the run is simulated, so that an overloaded network's accepted
     * throughput is measured (the top rate of [1]'s study offers 2.1 flits/node/cycle), and
     * so is any run asked to go on past saturation (stop_saturated = 0: stress, deadlocks)
     * unless it offers a whole message a cycle or more */
    const double flits = cfg->rate * cfg->msg_len;
    /* (with source_full = drop the queues stay bounded whatever the load: it is simulated) */
    if (cfg->source_full || !(cfg->rate >= 1 || (cfg->stop_saturated && flits >= SAT_RATE_BOUND))) return 0;
    r->res->saturated = 1;
    snprintf(r->res->saturated_why, sizeof r->res->saturated_why,
             "%g flits/node/cycle offered, %g times all the injection channel carries (1 flit/cycle): no headroom; "
             "not simulated", flits, flits);
    return 1;
}

/* the outcome of a run that stopped at cycle tt after t0 (wall clock), and its measurements */
static int run_finish(run *r, uint64_t tt, double t0, char *err, size_t errlen)
{
    const sim_config *cfg = r->cfg;
    sim_result *res = r->res;
    if (!res->saturated && !res->deadlock && tt >= r->cycles) run_saturated_at_end(r, tt);
    res->drained = cfg->drain && !res->deadlock && tt >= r->cycles && r->nodes.generated == r->nodes.delivered;
    res->wall_seconds = now_seconds() - t0;
    res->cycles = tt;
    /* stopped early: the window closes here (nothing when it never opened) */
    if (tt < r->cycles) network_close_window(&r->ns.net, tt);
    return run_results(r, tt, err, errlen);
}

static void sim_session_free(sim_session *s);

/* a run stepped by its caller: the run, the wall clock at its start, and where it ended */
struct sim_session {
    run *r;
    double t0;
    uint64_t tt;     /* the next cycle to simulate */
    int64_t end;     /* the first cycle not simulated once ended, or -1 (an error) */
    int ended, opened;
};

sim_session *sim_open(const sim_config *cfg, const sim_options *opt, sim_result *res, char *err, size_t errlen)
{
    static const sim_options defopt = {0};
    memset(res, 0, sizeof *res);
    sim_session *s = calloc(1, sizeof *s);
    run *r = s ? calloc(1, sizeof *r) : NULL;
    if (!r) {
        free(s);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->r = r;
    r->cfg = cfg;
    r->opt = opt ? opt : &defopt;
    r->res = res;
    if (run_setup(r, err, errlen)) {
        sim_session_free(s);
        sim_result_free(res);
        return NULL;
    }
    s->t0 = now_seconds();
    s->opened = 1;
    progress_begin();
    if (run_overloaded(r)) { /* nothing to simulate: the run ends before cycle 0 */
        s->ended = 1;
        s->end = 0;
    }
    return s;
}

int sim_cycle(sim_session *s, char *err, size_t errlen)
{
    if (s->ended) return s->end < 0 ? -1 : 1;
    if (run_cycle(s->r, s->tt, &s->end, err, errlen)) {
        s->ended = 1;
        return s->end < 0 ? -1 : 1;
    }
    s->tt++;
    return 0;
}

uint64_t sim_now(const sim_session *s) { return s->tt; }
const network *sim_network(const sim_session *s) { return &s->r->ns.net; }
const topology *sim_topology(const sim_session *s) { return &s->r->ns.t; }

/* the measurements and the waves' end; frees what the run held but the session */
static int sim_finish(sim_session *s, char *err, size_t errlen)
{
    run *r = s->r;
    progress_end();
    int rc = !s->ended ? (snprintf(err, errlen, "the run was closed at cycle %llu, before it ended",
                                   (unsigned long long)s->tt), -1)
             : s->end < 0 ? -1 : run_finish(r, (uint64_t)s->end, s->t0, err, errlen);
    if (r->vcd && vcd_close(r->vcd) && !rc) {
        snprintf(err, errlen, "writing the VCD file '%s' failed: %s", r->opt->vcd, strerror(errno));
        rc = -1;
    }
    r->vcd = NULL;
    return rc;
}

static void sim_session_free(sim_session *s)
{
    if (!s) return;
    if (s->r) {
        if (s->r->vcd) vcd_close(s->r->vcd);
        run_free(s->r);
        free(s->r);
    }
    free(s);
}

int sim_close(sim_session *s, char *err, size_t errlen)
{
    sim_result *res = s->r->res;
    const int rc = sim_finish(s, err, errlen);
    sim_session_free(s);
    if (rc) sim_result_free(res);
    return rc;
}

int sim_run(const sim_config *cfg, const sim_options *opt, sim_result *res, char *err, size_t errlen)
{
    sim_session *s = sim_open(cfg, opt, res, err, errlen);
    if (!s) return -1;
    if (!s->ended) { /* run_loop, not sim_cycle: the loop's instructions are what `make bench-instr` counts */
        s->end = run_loop(s->r, err, errlen);
        s->ended = 1;
    }
    return sim_close(s, err, errlen);
}

/* sim.c: see sim.h. */
#include "sim.h"
#include "deadlock.h"
#include "invariants.h"
#include "message.h"
#include "netsetup.h"
#include "network.h"
#include "rng.h"
#include "sink.h"
#include "source.h"
#include "stats.h"
#include "traffic.h"
#include "vcd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Saturation (the run stops early, or is flagged at the end):
 *  - during the window, from the SAT_MIN_BATCHES-th batch on, the messages in the system
 *    grew by more than N and by more than SAT_GROWTH_SHARE of those offered so far;
 *  - at the end, the last third of the window held more than SAT_TREND_FACTOR times the
 *    first third's backlog plus SAT_TREND_NODES * N messages (a stable system has no trend). */
#define SAT_MIN_BATCHES 3
#define SAT_GROWTH_SHARE 0.05
#define SAT_TREND_FACTOR 1.25
#define SAT_TREND_NODES 0.5

typedef struct {
    source *src;
    uint64_t generated, gen_window;
    int overflow_node;
} gen_ctx;

static void on_message(void *user, uint64_t cycle, int s, int d, int len)
{
    gen_ctx *g = user;
    if (source_enqueue(&g->src[s], cycle, d, len)) {
        if (g->overflow_node < 0) g->overflow_node = s;
        return;
    }
    g->generated++;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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

int sim_run(const sim_config *cfg, const sim_options *opt, sim_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    sim_options defopt = {0, 0, NULL, 0, 0, 0};
    if (!opt) opt = &defopt;
    net_setup ns;
    msg_table msgs;
    lat_stats st;
    memset(&msgs, 0, sizeof msgs);
    memset(&st, 0, sizeof st);
    source *src = NULL;
    sink *snk = NULL;
    int *order = NULL, rc = -1;
    vcd_writer *vcd = NULL;
    double *batch_in_system = NULL;
    if (net_setup_build(&ns, cfg, err, errlen)) return -1;
    const topology *tp = &ns.t;
    const flit_layout *flp = &ns.fl;
    const routing *rtp = &ns.rt;
    network *net = &ns.net;
    traffic *trp = &ns.tr;
    if (msgtab_init(&msgs, tp->N, flp->IW)) { snprintf(err, errlen, "out of memory"); goto done; }
    if (stats_init(&st, cfg->batches, (uint64_t)cfg->warmup, (uint64_t)cfg->cycles)) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    src = calloc((size_t)tp->N, sizeof *src);
    snk = calloc((size_t)tp->N, sizeof *snk);
    order = malloc(sizeof(int) * (size_t)tp->N);
    res->chan_util = calloc((size_t)tp->N * tp->Pn, sizeof(double));
    res->node_load = calloc((size_t)tp->N, sizeof(double));
    if (!src || !snk || !order || !res->chan_util || !res->node_load) { snprintf(err, errlen, "out of memory"); goto done; }
    for (int x = 0; x < tp->N; x++) {
        if (source_init(&src[x], cfg->max_queue, cfg->vcs, cfg->buf_depth)) { snprintf(err, errlen, "out of memory"); goto done; }
        sink_init(&snk[x]);
        order[x] = x;
    }
    if (opt->vcd && !(vcd = vcd_open(opt->vcd, net, opt->vcd_from, opt->vcd_to, err, errlen))) goto done;
    rc = 0;

    sink_errors serr = {0, 0, 0, ""};
    source_env senv;
    source_env_init(&senv, cfg->vcs, cfg->buf_depth, flp, rtp, &msgs);
    sink_env kenv = {flp, tp, rtp->minimal, &msgs, &serr, rtp->algo->reroute != NULL};
    int stop = 0;
    uint64_t rerouted = 0;
    gen_ctx g = {src, 0, 0, -1};
    rng_t shuffle_rng;
    rng_seed(&shuffle_rng, cfg->seed, 0xC0FFEEULL);

    const uint64_t warmup = (uint64_t)cfg->warmup, cycles = (uint64_t)cfg->cycles;
    const uint64_t window = cycles - warmup, blen = window / (uint64_t)cfg->batches;
    const int P = tp->P, Pn = tp->Pn;
    uint64_t injected = 0, delivered_flits = 0, delivered_msgs = 0, win_flits = 0, win_msgs = 0;
    uint64_t last_moves = 0, last_progress = 0, fp = 0, next_check = (uint64_t)cfg->deadlock_cycles;
    static char dead_buf[1 << 15];
    long outstanding_at_warmup = 0;
    double in_system = 0;
    batch_in_system = calloc((size_t)cfg->batches, sizeof(double));
    if (!batch_in_system) { snprintf(err, errlen, "out of memory"); rc = -1; goto done; }
    const double t0 = now_seconds();
    uint64_t tt = 0;
    for (;; tt++) {
        const int cur = (int)(tt & 1), prv = cur ^ 1;
        const int in_window = tt >= warmup && tt < cycles;
        if (tt == warmup) {
            network_open_window(net, warmup);
            outstanding_at_warmup = (long)(g.generated - delivered_msgs);
        }
        if (tt == cycles) {
            network_close_window(net, cycles);
        }
        if (tt < cycles) {
            traffic_cycle(trp, tt, on_message, &g);
            if (g.overflow_node >= 0) {
                res->saturated = 1;
                snprintf(res->saturated_why, sizeof res->saturated_why,
                         "source queue of node %d exceeded max_queue = %ld messages at cycle %llu", g.overflow_node,
                         cfg->max_queue, (unsigned long long)tt);
                break;
            }
        } else if (!cfg->drain || (g.generated == delivered_msgs)) {
            break;
        }
        if (opt->shuffle_order)
            for (int i = tp->N - 1; i > 0; i--) {
                int j = (int)rng_below(&shuffle_rng, (uint32_t)(i + 1)), tmp = order[i];
                order[i] = order[j];
                order[j] = tmp;
            }
        for (int oi = 0; oi < tp->N; oi++) {
            const int x = order[oi];
            int s = source_step(&src[x], &senv, x, tt, net->cr[prv][x * P + Pn], &net->in[cur][x * P + Pn]);
            if (s < 0) {
                snprintf(err, errlen, "node %d has more messages in flight than message ids (%d bits)", x, flp->IW);
                rc = -1;
                goto done;
            }
            injected += (uint64_t)s;
            router_step(net, x, tt);
            const link_sig *ej = &net->ej[cur][x];
            if (ej->vc < 0) continue;
            delivered_flits++;
            if (in_window) win_flits++;
            msg_rec m;
            int msrc;
            int ks = sink_step(&snk[x], &kenv, x, tt, ej, &m, &msrc);
            if (ks == 2) { /* the node software re-injects it (§7.1); its flits were not accepted yet */
                if (in_window) win_flits -= (uint64_t)m.len < win_flits ? (uint64_t)m.len : win_flits;
                rerouted++;
                if (source_forward(&src[x], &senv, x, tt, &m, cfg->reinject_delay)) {
                    res->saturated = 1;
                    snprintf(res->saturated_why, sizeof res->saturated_why,
                             "source queue of node %d exceeded max_queue = %ld messages at cycle %llu (rerouting)", x,
                             cfg->max_queue, (unsigned long long)tt);
                    stop = 1;
                }
            } else if (ks) {
                delivered_msgs++;
                if (in_window) win_msgs++;
                uint64_t lat = tt - m.gen + 1, wait = m.inj - m.gen;
                stats_add(&st, m.gen, lat, lat - wait, wait);
                fp += splitmix64((tt << 20) ^ ((uint64_t)x << 40) ^ ((uint64_t)msrc << 8) ^ m.id);
            }
        }
        if (stop) {
            tt++;
            break;
        }
        if (vcd) vcd_cycle(vcd, net, tt);
        if (opt->check_invariants && network_check(net, tt, err, errlen)) {
            rc = -1;
            goto done;
        }
        if (in_window) {
            double q = (double)(g.generated - delivered_msgs);
            in_system += q;
            uint64_t b = (tt - warmup) / blen;
            if (b < (uint64_t)cfg->batches) batch_in_system[b] += q;
        }
        /* watchdog: flits inside and nothing moved at all for deadlock_cycles; and every
         * deadlock_cycles, a dead set among the VCs that moved nothing (a partial deadlock) */
        uint64_t moves = net->moves + injected;
        int dead = 0;
        if (moves != last_moves || injected == delivered_flits) {
            last_moves = moves;
            last_progress = tt;
        } else if (tt - last_progress >= (uint64_t)cfg->deadlock_cycles) {
            dead = 1;
        }
        if (!dead && tt + 1 >= next_check) {
            next_check = tt + 1 + (uint64_t)cfg->deadlock_cycles;
            if (network_find_stuck(net, injected != delivered_flits, dead_buf, sizeof dead_buf)) dead = 2;
        }
        if (dead) {
            res->deadlock = 1;
            size_t cap = 1 << 16;
            res->deadlock_report = malloc(cap);
            if (res->deadlock_report) {
                int n = dead == 1 ? snprintf(res->deadlock_report, cap,
                                             "deadlock at cycle %llu: %llu flits in the network, none moved for %ld cycles\n",
                                             (unsigned long long)tt, (unsigned long long)(injected - delivered_flits),
                                             cfg->deadlock_cycles)
                                  : snprintf(res->deadlock_report, cap,
                                             "deadlock at cycle %llu: %llu flits in the network; some VCs moved nothing for "
                                             "%ld cycles and wait only on each other\n",
                                             (unsigned long long)tt, (unsigned long long)(injected - delivered_flits),
                                             cfg->deadlock_cycles);
                if (dead == 1 && !deadlock_find(net, NULL, res->deadlock_report + n, cap - (size_t)n))
                    snprintf(res->deadlock_report + n, cap - (size_t)n, "no cycle of waiting VCs found\n");
                if (dead == 2) snprintf(res->deadlock_report + n, cap - (size_t)n, "%s", dead_buf);
            }
            tt++;
            break;
        }
        /* saturation: messages in the system keep growing across batches */
        if (in_window && tt > warmup && (tt - warmup) % blen == 0 && (tt - warmup) / blen >= SAT_MIN_BATCHES) {
            long growth = (long)(g.generated - delivered_msgs) - outstanding_at_warmup;
            double offered = cfg->rate * (double)tp->N * (double)(tt - warmup);
            if (growth > tp->N && growth > SAT_GROWTH_SHARE * offered) {
                res->saturated = 1;
                snprintf(res->saturated_why, sizeof res->saturated_why,
                         "messages in the system grew by %ld (%.1f%% of those offered) in %llu cycles", growth,
                         100.0 * growth / offered, (unsigned long long)(tt - warmup));
                tt++;
                break;
            }
        }
    }
    /* A stable system's backlog does not trend: in steady state the last third of the
     * window holds as many messages as the first third. Past saturation it grows. */
    if (!res->saturated && !res->deadlock && tt >= cycles) {
        int third = cfg->batches / 3;
        double first = 0, last = 0;
        for (int b = 0; b < third; b++) {
            first += batch_in_system[b] / (double)blen;
            last += batch_in_system[cfg->batches - 1 - b] / (double)blen;
        }
        if (third) {
            first /= third;
            last /= third;
            if (last > SAT_TREND_FACTOR * first + SAT_TREND_NODES * tp->N) {
                res->saturated = 1;
                snprintf(res->saturated_why, sizeof res->saturated_why,
                         "messages in the system grew from %.0f (first third of the window) to %.0f (last third)",
                         first, last);
            }
        }
    }
    res->wall_seconds = now_seconds() - t0;
    res->cycles = tt;
    uint64_t end = tt < cycles ? tt : cycles;
    if (tt < cycles) network_close_window(net, tt); /* stopped early: no-op before the window */
    double win = end > warmup ? (double)(end - warmup) : 1;

    res->avg_latency = stats_mean(&st);
    res->avg_network_latency = st.n ? st.sum_net / (double)st.n : NAN;
    res->avg_source_wait = st.n ? st.sum_wait / (double)st.n : NAN;
    res->latency_ci95 = stats_ci95(&st);
    res->p50 = stats_percentile(&st, 0.50);
    res->p90 = stats_percentile(&st, 0.90);
    res->p99 = stats_percentile(&st, 0.99);
    res->max_latency = st.n ? (double)st.max_lat : NAN;
    int delta = cfg->buf_depth == 1 ? 2 : 1;
    res->zero_load_latency = 2 * traffic_mean_hops(cfg, tp, trp, ns.faulty) + 3 + delta * (cfg->msg_len - 1);
    res->offered_flit_rate = cfg->traffic == TR_TRACE ? NAN : cfg->rate * cfg->msg_len;
    /* per node that sends and receives: faulty and disabled nodes do neither (§7.2) */
    const int usable = ns.faulty ? trp->nalive : tp->N;
    res->accepted_flit_rate = (double)win_flits / (win * usable);
    res->capacity = tp->capacity;
    res->normalized_throughput = res->accepted_flit_rate / tp->capacity;
    res->messages_generated = g.generated;
    res->messages_delivered = delivered_msgs;
    res->messages_rerouted = rerouted;
    res->messages_measured = st.n;
    res->flits_injected = injected;
    res->flits_delivered = delivered_flits;
    res->flits_in_flight = network_flits(net, tt ? tt - 1 : 0);
    res->flit_hops = net->flit_hops;
    long queued = 0;
    for (int x = 0; x < tp->N; x++) {
        queued += src[x].qlen;
        for (int v = 0; v < cfg->vcs; v++) /* messages assigned to an injection VC, not yet fully sent */
            if (src[x].vc_busy >> v & 1 && src[x].vc_next[v] == 0) queued++;
    }
    res->messages_queued = queued;
    res->little_L = in_system / win;
    res->little_lambda_W = (double)win_msgs / win * res->avg_latency;
    res->corrupt = serr.corrupt;
    res->nonminimal = serr.nonminimal;
    snprintf(res->corrupt_first, sizeof res->corrupt_first, "%s", serr.first_error);
    res->V = cfg->vcs;
    res->N = tp->N;
    res->Pn = Pn;
    res->n = tp->n;
    int nchan = 0;
    for (int x = 0; x < tp->N; x++) {
        double s = 0;
        int c = 0;
        for (int o = 0; o < Pn; o++) {
            int y = tp->nbr[x * Pn + o];
            /* unconnected, or a link from or to a faulty or disabled node: no measurement */
            if (net->down[x * P + o] < 0 || (ns.faulty && (ns.faulty[x] || ns.faulty[y]))) {
                res->chan_util[x * Pn + o] = -1;
                continue;
            }
            double u = (double)net->chan_flits[x * P + o] / win;
            res->chan_util[x * Pn + o] = u;
            s += u;
            c++;
        }
        nchan += c;
        res->node_load[x] = ns.faulty && ns.faulty[x] ? -1 : c ? s / c : 0;
    }
    res->misrouted = serr.misrouted;
    res->fault_handling = ns.fh;
    if (ns.fh != FH_NONE) {
        res->fault_state = malloc((size_t)tp->N);
        res->regions = malloc(sizeof *res->regions * (size_t)(ns.fs.nregions ? ns.fs.nregions : 1));
        if (!res->fault_state || !res->regions) { snprintf(err, errlen, "out of memory"); rc = -1; goto done; }
        for (int x = 0; x < tp->N; x++) res->fault_state[x] = (int8_t)(ns.fs.faulty[x] ? 1 : ns.fs.blocked[x] ? 2 : 0);
        memcpy(res->regions, ns.fs.regions, sizeof *res->regions * (size_t)ns.fs.nregions);
        res->nregions = ns.fs.nregions;
        res->fault_draws = ns.fs.draws;
    }
    if (route_fring(rtp))
        for (int v = rtp->base->V; v < cfg->vcs; v++) res->ring_flit_hops += net->vc_flits[v];
    uint64_t vf = 0;
    for (int v = 0; v < cfg->vcs; v++) vf += net->vc_flits[v];
    for (int v = 0; v < cfg->vcs; v++) {
        res->vc_usage[v] = nchan ? (double)net->vc_busy[v] / ((double)nchan * win) : 0;
        res->vc_flit_share[v] = vf ? (double)net->vc_flits[v] / (double)vf : 0;
    }
    res->fingerprint = fp;
done:
    if (vcd && vcd_close(vcd) && !rc) {
        snprintf(err, errlen, "writing the VCD file '%s' failed", opt->vcd);
        rc = -1;
    }
    free(batch_in_system);
    if (src)
        for (int x = 0; x < tp->N; x++) source_free(&src[x]);
    free(src);
    free(snk);
    free(order);
    stats_free(&st);
    msgtab_free(&msgs);
    net_setup_free(&ns);
    if (rc) sim_result_free(res);
    return rc;
}

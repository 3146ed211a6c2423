/* router_core.h: what the two router steps share (network.c steps one router at a time,
 * for any buffer depths; network_staged.c steps a whole network stage by stage, for
 * one-slot buffers): the per-router view of the network, round-robin picks, the port
 * summaries, VC allocation's request (§5.1) and the link's statistics. Internal to
 * c_model/: nothing outside the two steps includes it. */
#ifndef FLITNET_ROUTER_CORE_H
#define FLITNET_ROUTER_CORE_H
#include "network.h"
#include "route.h"
#include "lfsr.h"

static inline int ctz32(uint32_t m) { return __builtin_ctz(m); }

/* round-robin: first set bit at or after ptr, circularly */
static inline int rr_pick(uint32_t m, int ptr)
{
    uint32_t hi = ptr >= 32 ? 0 : m & (0xFFFFFFFFu << ptr);
    return ctz32(hi ? hi : m);
}

/* The steps are written with the buffer depths B and Bo as parameters of always-inline
 * functions, instantiated with constants for B = Bo = 1 (the default and the seeds'
 * router), where a FIFO is one slot whose occupancy is its mask bit and a credit counter
 * is its cred_ok bit, and for any other depths. */
#define HOT static inline __attribute__((always_inline))

/* what one router's step works with, read from the network once: a store to a 32-bit
 * mask may alias the network's int fields, which would make every later use reload them */
typedef struct {
    network *net;
    port_state *ps;          /* the router's ports, ps[p] */
    router_sum *r;
    int x, rp, P, Pn, V, cur, prv, measure;
    uint32_t adaptive;
    uint64_t t;
} rstep;

HOT flit_t ib_front(const network *net, int iv, const int B)
{
    return B == 1 ? net->ib[iv] : net->ib[(size_t)iv * B + net->ivc[iv].head];
}

/* The per-router port masks (router_sum va, sw, la) follow the masks they
 * summarize so that the stages visit only ports with work: a stage recomputes the bit of
 * each port it visits, and elsewhere a change that can only set a bit sets it. */
HOT void set_bit(uint32_t *m, int k, int on) { *m = (*m & ~(1u << k)) | ((uint32_t)(on != 0) << k); }
HOT void sum_va(router_sum *r, const port_state *p, int i) { set_bit(&r->va, i, p->ib_ne & ~p->ivc_act & ~p->blocked); }
HOT void sum_sw(router_sum *r, const port_state *p, int i) { set_bit(&r->sw, i, p->ivc_act & p->ib_ne & ~p->stalled); }
HOT void sum_la(router_sum *r, const port_state *p, int o) { set_bit(&r->la, o, p->ob_ne & p->cred_ok); }

/* tells a neighbour that its port k has something in buffer [cur] (its word: atomic
 * when routers step on several threads) */
HOT void mark(int conc, uint32_t *word, int k)
{
    if (conc) __atomic_fetch_or(word, 1u << k, __ATOMIC_RELAXED);
    else *word |= 1u << k;
}

/* an OVC of port o becomes free (released, or its last credit back): the heads waiting on o try again */
HOT void wake_waiters(const rstep *s, int o)
{
    const int P = s->P;
    uint32_t *wt = &s->net->waiters[(s->rp + o) * P];
    for (int i = 0; i < P; i++) {
        if (!wt[i]) continue;
        s->ps[i].blocked &= ~wt[i];
        wt[i] = 0;
        sum_va(s->r, &s->ps[i], i);
    }
}

/* §5.1: the OVCs of a port that cannot be allocated: busy ones, and adaptive ones whose
 * downstream input buffer still holds flits (a credit is out) */
HOT uint32_t ovc_taken(const port_state *p, uint32_t adaptive, const int B)
{
    const uint32_t full = B == 1 ? p->cred_ok : p->cred_full;
    return p->ovc_busy | (adaptive & ~full);
}

/* one head's request (§5.1): 0 when it waits, else 1 with the OVC it picked in *o, *w.
 * A head blocked on every candidate waits in `waiters` of its candidate ports. */
HOT int va_request(const rstep *s, int i, int v, uint16_t lfsr, int *o_out, int *w_out, int *blocked, const int B)
{
    network *net = s->net;
    const int P = s->P, V = s->V, rp = s->rp;
    const int iv = (rp + i) * V + v;
    const uint32_t bit = 1u << v;
    port_state *pi = &s->ps[i];
    uint32_t *c = &net->rc[(size_t)iv * ROUTE_LEVELS * P];
    if (!(pi->rc_valid & bit)) {
        route_cands rc;
        route_candidates(net->rt, s->x, i, ib_front(net, iv, B), &rc);
        uint32_t cp = 0;
        for (int l = 0; l < ROUTE_LEVELS; l++)
            for (int o = 0; o < P; o++) {
                c[l * P + o] = rc.m[l][o];
                cp |= (uint32_t)(rc.m[l][o] != 0) << o;
            }
        net->rc_ports[iv] = cp;
        pi->rc_valid |= bit;
        net->wait_start[iv] = s->t;
    }
    const uint32_t ports = net->rc_ports[iv];
    uint32_t f[MAX_PORTS];
    int count = 0, levels = ROUTE_LEVELS, gated = 0;
    if (net->timeout && s->t - net->wait_start[iv] < (uint64_t)net->timeout) {
        levels = 1; /* §5.1: level 1 only after the time-out */
        for (uint32_t pm = ports; pm; pm &= pm - 1) gated |= c[P + ctz32(pm)] != 0;
    }
    for (int l = 0; l < levels && !count; l++)
        for (uint32_t pm = ports; pm; pm &= pm - 1) {
            int o = ctz32(pm);
            f[o] = c[l * P + o] & ~ovc_taken(&s->ps[o], s->adaptive, B);
            count += __builtin_popcount(f[o]);
        }
    if (!count) {
        if (gated) return 0; /* the time-out will open level 1: try every cycle */
        pi->blocked |= bit;
        *blocked = 1;
        for (uint32_t pm = ports; pm; pm &= pm - 1) net->waiters[(rp + ctz32(pm)) * P + i] |= bit;
        return 0;
    }
    int idx = 0;
    if (net->select == SELECT_RANDOM) {
        uint32_t r = (uint32_t)(lfsr + (uint32_t)(i * V + v) * 0x9E37u) & 0xFFFFu;
        idx = (int)((r * (uint32_t)count) >> 16);
    }
    int o = 0;
    for (uint32_t pm = ports;; pm &= pm - 1) {
        o = ctz32(pm);
        int pc = __builtin_popcount(f[o]);
        if (idx < pc) break;
        idx -= pc;
    }
    uint32_t m = f[o];
    while (idx--) m &= m - 1;
    *o_out = o;
    *w_out = ctz32(m);
    return 1;
}

/* §5.1 steps 1-4 for router s: every requester's pick (va_request) and each output port's
 * round-robin winner among those that picked it, from va_ptr; returns the output ports with
 * a winner, its requester q = i*V + v in win_q[o] and its OVC in win_w[o]. Both steps grant
 * the winners their own way. */
HOT uint32_t va_winners(const rstep *s, int *win_q, int *win_w, const int B)
{
    network *net = s->net;
    router_sum *r = s->r;
    const int V = s->V, PV = s->P * V;
    int win_d[MAX_PORTS];
    uint32_t win_ports = 0;
    uint16_t lfsr = 0;
    if (net->select == SELECT_RANDOM) lfsr = lfsr_at(net->lfsr_pos[s->x], s->t);
    for (uint32_t ports = r->va; ports; ports &= ports - 1) {
        const int i = ctz32(ports);
        const port_state *pi = &s->ps[i];
        int blocked = 0;
        for (uint32_t req = pi->ib_ne & ~pi->ivc_act & ~pi->blocked; req; req &= req - 1) {
            const int v = ctz32(req);
            int o, w;
            if (!va_request(s, i, v, lfsr, &o, &w, &blocked, B)) continue;
            const int q = i * V + v;
            int d = q - s->ps[o].va_ptr;
            if (d < 0) d += PV;
            if (!(win_ports >> o & 1) || d < win_d[o]) {
                win_q[o] = q;
                win_w[o] = w;
                win_d[o] = d;
                win_ports |= 1u << o;
            }
        }
        if (blocked) sum_va(r, pi, i);
    }
    return win_ports;
}

/* the statistics of a flit on network link o, VC w */
HOT void count_hop(const rstep *s, net_counters *c, int o, int w)
{
    c->flit_hops++;
    if (s->measure) {
        s->net->chan_flits[s->rp + o]++;
        c->vc_flits[w]++;
    }
}

/* an OVC released by its tail: the waiting heads, and its allocated time */
HOT void release_ovc(const rstep *s, net_counters *c, port_state *po, int o, int w)
{
    po->ovc_busy &= ~(1u << w);
    wake_waiters(s, o);
    if (s->measure && o < s->Pn) {
        uint64_t since = s->net->ovc_since[(s->rp + o) * s->V + w];
        if (since < s->net->window_start) since = s->net->window_start;
        c->vc_busy[w] += s->t + 1 - since;
    }
}

#endif

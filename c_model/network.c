/* network.c: building the routers and the per-cycle router step.
 * The step follows docs/microarchitecture.md §5 literally: every decision reads
 * state(t); effects that later decisions of the same cycle must not see are ordered
 * so that they cannot (VC allocation before the link releases OVCs; the link pops an
 * output buffer before the crossbar tests it for room, which is the contract's
 * "room at the end of the cycle"). */
#include "network.h"
#include "deadlock.h"
#include "lfsr.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t sz, int *fail)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p) *fail = 1;
    return p;
}

int network_init(network *net, const topology *t, const routing *rt, const flit_layout *fl,
                 const router_params *rp, char *err, size_t errlen)
{
    memset(net, 0, sizeof *net);
    if (rp->V < 1 || rp->V > MAX_VCS) { snprintf(err, errlen, "vcs must be in 1..%d (got %d)", MAX_VCS, rp->V); return -1; }
    if (rp->B < 1 || rp->B > 64) { snprintf(err, errlen, "buf_depth must be in 1..64 (got %d)", rp->B); return -1; }
    if (rp->Bo < 1 || rp->Bo > 64) { snprintf(err, errlen, "obuf_depth must be in 1..64 (got %d)", rp->Bo); return -1; }
    net->t = t;
    net->rt = rt;
    net->fl = fl;
    net->N = t->N;
    net->P = t->P;
    net->Pn = t->Pn;
    net->V = rp->V;
    net->B = rp->B;
    net->Bo = rp->Bo;
    net->select = rp->select;
    net->timeout = rp->timeout;
    if (rp->timeout < 0 || rp->timeout > 65535) {
        snprintf(err, errlen, "timeout must be in 0..65535 cycles (got %d)", rp->timeout);
        return -1;
    }
    if (rp->timeout && rt->levels < 2) {
        snprintf(err, errlen, "timeout needs a routing with escape VCs (duato, duato_*, dor_escape); %s has one level",
                 rt->algo->name);
        return -1;
    }
    size_t NP = (size_t)t->N * t->P, NV = NP * rp->V;
    int fail = 0;
    net->ib = xcalloc(NV * rp->B, sizeof(flit_t), &fail);
    net->ivc = xcalloc(NV, sizeof(ivc_state), &fail);
    net->rc = xcalloc(NV * ROUTE_LEVELS * (size_t)t->P, 4, &fail);
    net->rc_ports = xcalloc(NV, 4, &fail);
    net->wait_start = xcalloc(NV, sizeof(uint64_t), &fail);
    net->rc_valid = xcalloc(NP, 4, &fail);
    net->blocked = xcalloc(NP, 4, &fail);
    net->waiters = xcalloc(NP * (size_t)t->P, 4, &fail);
    net->ob = xcalloc(NV * rp->Bo, sizeof(flit_t), &fail);
    net->ovc = xcalloc(NV, sizeof(ovc_state), &fail);
    net->ovc_since = xcalloc(NV, sizeof(uint64_t), &fail);
    net->ib_ne = xcalloc(NP, 4, &fail);
    net->ivc_act = xcalloc(NP, 4, &fail);
    net->ob_ne = xcalloc(NP, 4, &fail);
    net->ob_full = xcalloc(NP, 4, &fail);
    net->ovc_busy = xcalloc(NP, 4, &fail);
    net->cred_ok = xcalloc(NP, 4, &fail);
    net->cred_full = xcalloc(NP, 4, &fail);
    net->link_ptr = xcalloc(NP, 2, &fail);
    net->va_ptr = xcalloc(NP, 2, &fail);
    net->lfsr_pos = xcalloc((size_t)t->N, 4, &fail);
    net->up = xcalloc(NP, sizeof(int), &fail);
    net->down = xcalloc(NP, sizeof(int), &fail);
    net->out_slot = xcalloc(NP, sizeof(int), &fail);
    net->cr_slot = xcalloc(NP, sizeof(int), &fail);
    net->stalled = xcalloc(NP, 4, &fail);
    net->moved = xcalloc(NP, 4, &fail);
    net->ovc_owner = xcalloc(NV, 2, &fail);
    net->chan_flits = xcalloc(NP, sizeof(uint64_t), &fail);
    net->rs = xcalloc((size_t)t->N, sizeof(router_sum), &fail);
    net->down_x = xcalloc(NP, sizeof(int), &fail);
    net->up_x = xcalloc(NP, sizeof(int), &fail);
    for (int b = 0; b < 2; b++) {
        /* past the signals, one scratch slot per router for its unconnected ports: routers
         * stepped on different threads (tb/threads.h) never write the same word */
        net->in[b] = xcalloc(NP + 2 * (size_t)t->N, sizeof(link_sig), &fail);
        net->cr[b] = xcalloc(NP + (size_t)t->N, 4, &fail);
        net->ej[b] = net->in[b] ? net->in[b] + NP : NULL;
    }
    if (fail) { network_free(net); snprintf(err, errlen, "out of memory for the network"); return -1; }
    uint32_t all = route_all_vcs(rp->V);
    net->adaptive = all & ~rt->escape;
    for (size_t i = 0; i < NV; i++) net->ovc[i].credit = (uint8_t)rp->B;
    for (size_t i = 0; i < NP; i++) {
        net->cred_ok[i] = all;
        net->cred_full[i] = 0xFFFFFFFFu; /* never cleared on the local port: the sink needs no credits */
        net->up[i] = net->down[i] = net->up_x[i] = net->down_x[i] = -1;
        net->out_slot[i] = (int)NP + t->N + (int)(i / (size_t)t->P); /* the router's scratch */
        net->cr_slot[i] = (int)NP + (int)(i / (size_t)t->P);          /* the router's scratch */
    }
    for (int b = 0; b < 2; b++) {
        for (size_t i = 0; i < NP + 2 * (size_t)t->N; i++) net->in[b][i].vc = -1;
    }
    for (int x = 0; x < t->N; x++) {
        for (int p = 0; p < t->Pn; p++) {
            int y = t->nbr[x * t->Pn + p];
            if (y < 0) continue;
            /* output port p of x feeds input port p of y; y returns credits to x's port p */
            net->down[x * t->P + p] = net->out_slot[x * t->P + p] = y * t->P + p;
            net->up[y * t->P + p] = net->cr_slot[y * t->P + p] = x * t->P + p;
            net->down_x[x * t->P + p] = y;
            net->up_x[y * t->P + p] = x;
        }
        net->out_slot[x * t->P + t->Pn] = (int)NP + x;
        net->cr_slot[x * t->P + t->Pn] = x * t->P + t->Pn;
        net->cred_ok[x * t->P + t->Pn] = 0xFFFFFFFFu; /* the sink needs no credits */
        net->lfsr_pos[x] = lfsr_position(lfsr_seed(rp->seed, x));
    }
    return 0;
}

void network_free(network *net)
{
    void *ptrs[] = {net->ib, net->ivc, net->rc, net->rc_ports, net->wait_start, net->rc_valid, net->blocked, net->waiters, net->ob,
                    net->ovc, net->ovc_since, net->ib_ne, net->ivc_act, net->ob_ne, net->ob_full,
                    net->ovc_busy, net->cred_ok, net->cred_full, net->link_ptr, net->va_ptr, net->lfsr_pos, net->up,
                    net->down, net->stalled, net->moved, net->ovc_owner, net->chan_flits, net->in[0], net->in[1], net->cr[0],
                    net->cr[1], net->rs, net->down_x, net->up_x, net->out_slot, net->cr_slot};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; i++) free(ptrs[i]);
    memset(net, 0, sizeof *net);
}

static inline int ctz32(uint32_t m) { return __builtin_ctz(m); }

/* round-robin: first set bit at or after ptr, circularly */
static inline int rr_pick(uint32_t m, int ptr)
{
    uint32_t hi = ptr >= 32 ? 0 : m & (0xFFFFFFFFu << ptr);
    return ctz32(hi ? hi : m);
}

/* The step is written once, with the buffer depths B and Bo as parameters of
 * always-inline functions; router_step instantiates it for B = Bo = 1 (the default and
 * the seeds' router) with constants, where a FIFO is one slot whose occupancy is its
 * mask bit and a credit counter is its cred_ok bit, and for any other depths. */
#define HOT static inline __attribute__((always_inline))

HOT void ib_push(network *net, int iv, int port_idx, int v, flit_t f, const int B)
{
    if (B == 1) {
        net->ib[iv] = f;
    } else {
        ivc_state *is = &net->ivc[iv];
        int slot = is->head + is->cnt;
        if (slot >= B) slot -= B;
        net->ib[(size_t)iv * B + slot] = f;
        is->cnt++;
    }
    net->ib_ne[port_idx] |= 1u << v;
}

HOT flit_t ib_front(const network *net, int iv, const int B)
{
    return B == 1 ? net->ib[iv] : net->ib[(size_t)iv * B + net->ivc[iv].head];
}

HOT flit_t ib_pop(network *net, int iv, int port_idx, int v, const int B)
{
    if (B == 1) {
        net->ib_ne[port_idx] &= ~(1u << v);
        return net->ib[iv];
    }
    ivc_state *is = &net->ivc[iv];
    flit_t f = net->ib[(size_t)iv * B + is->head];
    is->head = (uint8_t)(is->head + 1 == B ? 0 : is->head + 1);
    if (--is->cnt == 0) net->ib_ne[port_idx] &= ~(1u << v);
    return f;
}

/* the OVC's buffer is full: for Bo = 1 that is its non-empty bit */
HOT uint32_t ob_full_mask(const network *net, int port_idx, const int Bo)
{
    return Bo == 1 ? net->ob_ne[port_idx] : net->ob_full[port_idx];
}

HOT void ob_push(network *net, int ov, int port_idx, int w, flit_t f, const int Bo)
{
    if (Bo == 1) {
        net->ob[ov] = f;
    } else {
        ovc_state *os = &net->ovc[ov];
        int slot = os->head + os->cnt;
        if (slot >= Bo) slot -= Bo;
        net->ob[(size_t)ov * Bo + slot] = f;
        if (++os->cnt == Bo) net->ob_full[port_idx] |= 1u << w;
    }
    net->ob_ne[port_idx] |= 1u << w;
}

/* pops the head of an OVC's output buffer; *was_full tells whether it was full */
HOT flit_t ob_pop(network *net, int ov, int port_idx, int w, int *was_full, const int Bo)
{
    const uint32_t bit = 1u << w;
    if (Bo == 1) {
        *was_full = 1;
        net->ob_ne[port_idx] &= ~bit;
        return net->ob[ov];
    }
    ovc_state *os = &net->ovc[ov];
    flit_t f = net->ob[(size_t)ov * Bo + os->head];
    os->head = (uint8_t)(os->head + 1 == Bo ? 0 : os->head + 1);
    if (--os->cnt == 0) net->ob_ne[port_idx] &= ~bit;
    *was_full = (net->ob_full[port_idx] & bit) != 0;
    net->ob_full[port_idx] &= ~bit;
    return f;
}

/* The per-router port masks (router_sum va, sw, la) follow the masks they
 * summarize so that the stages visit only ports with work: a stage recomputes the bit of
 * each port it visits, and elsewhere a change that can only set a bit sets it. */
HOT void set_bit(uint32_t *m, int k, int on) { *m = (*m & ~(1u << k)) | ((uint32_t)(on != 0) << k); }

HOT void sum_va(network *net, int x, int i)
{
    const int pi = x * net->P + i;
    set_bit(&net->rs[x].va, i, net->ib_ne[pi] & ~net->ivc_act[pi] & ~net->blocked[pi]);
}

HOT void sum_sw(network *net, int x, int i)
{
    const int pi = x * net->P + i;
    set_bit(&net->rs[x].sw, i, net->ivc_act[pi] & net->ib_ne[pi] & ~net->stalled[pi]);
}

HOT void sum_la(network *net, int x, int o)
{
    const int po = x * net->P + o;
    set_bit(&net->rs[x].la, o, net->ob_ne[po] & net->cred_ok[po]);
}

/* tells router y that its port k has something in buffer [cur] (a neighbour's word:
 * atomic when routers step on several threads) */
HOT void mark(network *net, uint32_t *word, int k)
{
    if (net->concurrent) __atomic_fetch_or(word, 1u << k, __ATOMIC_RELAXED);
    else *word |= 1u << k;
}

/* an OVC of port o becomes free (released, or its last credit back): the heads waiting on o try again */
HOT void wake_waiters(network *net, int x, int o)
{
    const int P = net->P;
    uint32_t *wt = &net->waiters[(x * P + o) * P];
    for (int i = 0; i < P; i++) {
        if (!wt[i]) continue;
        net->blocked[x * P + i] &= ~wt[i];
        wt[i] = 0;
        sum_va(net, x, i);
    }
}

/* takes in the flits and credits driven to x in cycle t-1.
 * The neighbours marked their slots (arr_in, arr_cr); the source's slot is read. */
HOT void absorb(network *net, int x, int prv, const int B)
{
    const int P = net->P, V = net->V, Pn = net->Pn;
    const link_sig *in = &net->in[prv][x * P];
    const uint32_t *cr = &net->cr[prv][x * P];
    uint32_t fm = net->rs[x].arr_in[prv], cm = net->rs[x].arr_cr[prv];
    if (fm) net->rs[x].arr_in[prv] = 0;
    if (cm) net->rs[x].arr_cr[prv] = 0;
    fm |= (uint32_t)(in[Pn].vc >= 0) << Pn;
    for (uint32_t m = fm; m; m &= m - 1) {
        const int i = ctz32(m), v = in[i].vc, pi = x * P + i;
        const uint32_t bit = 1u << v;
        ib_push(net, pi * V + v, pi, v, in[i].flit, B);
        /* a flit for a waiting VC: a head to allocate unless one already blocked there;
         * for an active one: a flit to send unless the VC is stalled */
        if (!(net->ivc_act[pi] & bit)) {
            if (!(net->blocked[pi] & bit)) net->rs[x].va |= 1u << i;
        } else if (!(net->stalled[pi] & bit)) {
            net->rs[x].sw |= 1u << i;
        }
    }
    for (uint32_t m = cm; m; m &= m - 1) {
        int o = ctz32(m);
        uint32_t c = cr[o], full = c;
        net->cred_ok[x * P + o] |= c;
        if (net->ob_ne[x * P + o] & c) net->rs[x].la |= 1u << o;
        if (B != 1) {
            full = 0;
            for (; c; c &= c - 1) {
                int w = ctz32(c);
                full |= (uint32_t)(++net->ovc[(x * P + o) * V + w].credit == B) << w;
            }
            net->cred_full[x * P + o] |= full;
        }
        /* §5.1: an adaptive OVC becomes free when its last credit is back */
        if (full & net->adaptive & ~net->ovc_busy[x * P + o]) wake_waiters(net, x, o);
    }
}

/* the flit slots of ports `ports` of x in buffer [cur] read "nothing" */
HOT void clear_out(network *net, int x, int cur, uint32_t ports)
{
    for (; ports; ports &= ports - 1) net->in[cur][net->out_slot[x * net->P + ctz32(ports)]].vc = -1;
}

HOT void clear_cr(network *net, int x, int cur, uint32_t ports)
{
    for (; ports; ports &= ports - 1) net->cr[cur][net->cr_slot[x * net->P + ctz32(ports)]] = 0;
}

/* an idle router's slots in buffer [cur] must read "nothing" */
static void drive_idle(network *net, int x, int cur)
{
    clear_out(net, x, cur, net->rs[x].drv_out[cur]);
    clear_cr(net, x, cur, net->rs[x].drv_cr[cur]);
    net->rs[x].drv_out[cur] = net->rs[x].drv_cr[cur] = 0;
}

/* §5.1: the OVCs of a port that cannot be allocated: busy ones, and adaptive ones whose
 * downstream input buffer still holds flits (a credit is out) */
HOT uint32_t ovc_taken(const network *net, int port_idx, const int B)
{
    const uint32_t full = B == 1 ? net->cred_ok[port_idx] : net->cred_full[port_idx];
    return net->ovc_busy[port_idx] | (net->adaptive & ~full);
}

/* §5.1: route computation and VC allocation; grants take effect immediately (nothing
 * later in the cycle reads the busy bits the grants set).
 * Two shortcuts keep the result exact: a head's candidates depend only on the head and
 * the router, so they are computed once per head; and a head that found no free
 * candidate stays blocked until an OVC of one of its candidate ports is released (the
 * free set only grows through releases): it waits in `waiters` of those ports. */
HOT void vc_alloc(network *net, int x, uint64_t t, const int B)
{
    const int P = net->P, V = net->V, PV = P * V;
    const int rp = x * P;
    int win_q[MAX_PORTS], win_w[MAX_PORTS], win_d[MAX_PORTS];
    uint32_t win_ports = 0, ports = net->rs[x].va;
    if (!ports) return;
    uint16_t lfsr = 0;
    if (net->select == SELECT_RANDOM) lfsr = lfsr_at(net->lfsr_pos[x], t);
    for (; ports; ports &= ports - 1) {
        const int i = ctz32(ports);
        uint32_t req = net->ib_ne[rp + i] & ~net->ivc_act[rp + i] & ~net->blocked[rp + i];
        int newly_blocked = 0;
        while (req) {
            int v = ctz32(req);
            req &= req - 1;
            int iv = (rp + i) * V + v;
            const uint32_t bit = 1u << v;
            uint32_t *c = &net->rc[(size_t)iv * ROUTE_LEVELS * P];
            if (!(net->rc_valid[rp + i] & bit)) {
                route_cands rc;
                route_candidates(net->rt, x, i, ib_front(net, iv, B), &rc);
                uint32_t cp = 0;
                for (int l = 0; l < ROUTE_LEVELS; l++)
                    for (int o = 0; o < P; o++) {
                        c[l * P + o] = rc.m[l][o];
                        cp |= (uint32_t)(rc.m[l][o] != 0) << o;
                    }
                net->rc_ports[iv] = cp;
                net->rc_valid[rp + i] |= bit;
                net->wait_start[iv] = t;
            }
            uint32_t f[MAX_PORTS];
            int count = 0, levels = ROUTE_LEVELS, gated = 0;
            if (net->timeout && t - net->wait_start[iv] < (uint64_t)net->timeout) {
                levels = 1; /* §5.1: level 1 only after the time-out */
                for (uint32_t pm = net->rc_ports[iv]; pm; pm &= pm - 1) gated |= c[P + ctz32(pm)] != 0;
            }
            for (int l = 0; l < levels && !count; l++)
                for (uint32_t pm = net->rc_ports[iv]; pm; pm &= pm - 1) {
                    int o = ctz32(pm);
                    f[o] = c[l * P + o] & ~ovc_taken(net, rp + o, B);
                    count += __builtin_popcount(f[o]);
                }
            if (!count) {
                if (gated) continue; /* the time-out will open level 1: try every cycle */
                net->blocked[rp + i] |= bit;
                newly_blocked = 1;
                for (uint32_t pm = net->rc_ports[iv]; pm; pm &= pm - 1)
                    net->waiters[(rp + ctz32(pm)) * P + i] |= bit;
                continue;
            }
            int q = i * V + v;
            int idx = 0;
            if (net->select == SELECT_RANDOM) {
                uint32_t r = (uint32_t)(lfsr + (uint32_t)q * 0x9E37u) & 0xFFFFu;
                idx = (int)((r * (uint32_t)count) >> 16);
            }
            int o = 0;
            for (uint32_t pm = net->rc_ports[iv];; pm &= pm - 1) {
                o = ctz32(pm);
                int pc = __builtin_popcount(f[o]);
                if (idx < pc) break;
                idx -= pc;
            }
            uint32_t m = f[o];
            while (idx--) m &= m - 1;
            int w = ctz32(m);
            int d = q - net->va_ptr[rp + o];
            if (d < 0) d += PV;
            if (!(win_ports >> o & 1) || d < win_d[o]) {
                win_q[o] = q;
                win_w[o] = w;
                win_d[o] = d;
                win_ports |= 1u << o;
            }
        }
        if (newly_blocked) sum_va(net, x, i);
    }
    for (uint32_t pm = win_ports; pm; pm &= pm - 1) {
        int o = ctz32(pm);
        int q = win_q[o];
        int i = q / V, v = q - i * V, w = win_w[o];
        int iv = (rp + i) * V + v;
        net->ivc_act[rp + i] |= 1u << v;
        net->rc_valid[rp + i] &= ~(1u << v);
        sum_va(net, x, i);
        net->rs[x].sw |= 1u << i; /* its head waits in the buffer; an idle VC is never stalled */
        net->ivc[iv].oport = (uint8_t)o;
        net->ivc[iv].ovc = (uint8_t)w;
        net->ovc_busy[rp + o] |= 1u << w;
        net->ovc_owner[(rp + o) * V + w] = (uint16_t)q;
        net->ovc_since[(rp + o) * V + w] = t;
        net->va_ptr[rp + o] = (uint16_t)(q + 1 == PV ? 0 : q + 1);
    }
}

/* §5.2: one flit per output port, round-robin among eligible VCs; returns the mask
 * of ports that drive a flit */
HOT uint32_t link_arbitrate(network *net, int x, uint64_t t, int cur, net_counters *c, const int B, const int Bo)
{
    const int P = net->P, Pn = net->Pn, V = net->V, rp = x * P;
    const uint32_t ports = net->rs[x].la;
    /* every port in `ports` drives a flit: the others' slots must read "nothing" */
    clear_out(net, x, cur, net->rs[x].drv_out[cur] & ~ports);
    net->rs[x].drv_out[cur] = ports;
    for (uint32_t pm = ports; pm; pm &= pm - 1) {
        const int o = ctz32(pm);
        uint32_t elig = net->ob_ne[rp + o] & net->cred_ok[rp + o];
        int w = rr_pick(elig, net->link_ptr[rp + o]);
        const uint32_t bit = 1u << w;
        int ov = (rp + o) * V + w, was_full;
        flit_t f = ob_pop(net, ov, rp + o, w, &was_full, Bo);
        if (was_full) { /* the owner may move again */
            int q = net->ovc_owner[ov], i = q / V;
            const uint32_t vb = 1u << (q - i * V);
            net->stalled[rp + i] &= ~vb;
            if (net->ivc_act[rp + i] & net->ib_ne[rp + i] & vb) net->rs[x].sw |= 1u << i;
        }
        link_sig *s = &net->in[cur][net->out_slot[rp + o]];
        s->flit = f;
        s->vc = w;
        net->link_ptr[rp + o] = (uint16_t)(w + 1 == V ? 0 : w + 1);
        /* one-slot buffers: w lost its flit, so the port keeps one with a credit unless w was its only one */
        if (B == 1 && Bo == 1) {
            if (!(elig & ~bit)) net->rs[x].la &= ~(1u << o);
        }
        if (o < Pn) {
            const int y = net->down_x[rp + o];
            if (y >= 0) mark(net, &net->rs[y].arr_in[cur], o);
            if (B == 1 || --net->ovc[ov].credit == 0) net->cred_ok[rp + o] &= ~bit;
            net->cred_full[rp + o] &= ~bit;
            c->flit_hops++;
            if (net->measure) {
                net->chan_flits[rp + o]++;
                c->vc_flits[w]++;
            }
        }
        if (B != 1 || Bo != 1) sum_la(net, x, o);
        if (flit_is_tail(f)) {
            net->ovc_busy[rp + o] &= ~bit;
            wake_waiters(net, x, o);
            if (net->measure && o < Pn) {
                uint64_t since = net->ovc_since[ov];
                if (since < net->window_start) since = net->window_start;
                c->vc_busy[w] += t + 1 - since;
            }
        }
    }
    c->moves += (uint64_t)__builtin_popcount(ports);
    return ports;
}

/* §5.3 and the credit wires of §5.4; returns the ports that returned credits (non-zero: drove) */
HOT uint32_t switch_traverse(network *net, int x, int cur, net_counters *c, const int B, const int Bo)
{
    const int P = net->P, V = net->V, Pn = net->Pn, rp = x * P;
    uint32_t drove = 0;
    int nmoved = 0;
    for (uint32_t ports = net->rs[x].sw; ports; ports &= ports - 1) {
        const int i = ctz32(ports);
        uint32_t m = net->ivc_act[rp + i] & net->ib_ne[rp + i] & ~net->stalled[rp + i], moved = 0;
        while (m) {
            int v = ctz32(m);
            m &= m - 1;
            int iv = (rp + i) * V + v;
            int o = net->ivc[iv].oport, w = net->ivc[iv].ovc;
            if (ob_full_mask(net, rp + o, Bo) >> w & 1) {
                net->stalled[rp + i] |= 1u << v;
                continue;
            }
            flit_t f = ib_pop(net, iv, rp + i, v, B);
            if (flit_is_head(f)) f = route_update(net->rt, x, f, o, w);
            ob_push(net, (rp + o) * V + w, rp + o, w, f, Bo);
            if (flit_is_tail(f)) {
                net->ivc_act[rp + i] &= ~(1u << v);
                /* the next message's head (B > 1) waits to be allocated: an active VC is never blocked */
                if (B != 1 && (net->ib_ne[rp + i] >> v & 1)) net->rs[x].va |= 1u << i;
            } else if (ob_full_mask(net, rp + o, Bo) >> w & 1) {
                /* the buffer it just filled has no room until the link pops it: stalled
                 * now rather than found full on the next visit (the same moves) */
                net->stalled[rp + i] |= 1u << v;
            }
            if (net->cred_ok[rp + o] >> w & 1) net->rs[x].la |= 1u << o;
            moved |= 1u << v;
        }
        /* with one-flit input buffers every VC of m moved (its buffer is empty) or stalled */
        if (B == 1) net->rs[x].sw &= ~(1u << i);
        else sum_sw(net, x, i);
        if (!moved) continue;
        net->cr[cur][net->cr_slot[rp + i]] = moved;
        if (i < Pn) {
            const int y = net->up_x[rp + i];
            if (y >= 0) mark(net, &net->rs[y].arr_cr[cur], i);
        }
        net->moved[rp + i] |= moved;
        drove |= 1u << i;
        nmoved += __builtin_popcount(moved);
    }
    clear_cr(net, x, cur, net->rs[x].drv_cr[cur] & ~drove);
    net->rs[x].drv_cr[cur] = drove;
    c->moves += (uint64_t)nmoved;
    return drove;
}

/* no stage has work (the slots it drove two cycles ago still need clearing) */
HOT int stages_idle(const router_sum *r) { return !(r->va | r->sw | r->la); }

HOT void step(network *net, int x, uint64_t t, net_counters *c, const int B, const int Bo)
{
    const int cur = (int)(t & 1), prv = cur ^ 1;
    absorb(net, x, prv, B);
    /* with no port to visit the stages would change nothing but the driven slots */
    if (stages_idle(&net->rs[x])) {
        if (net->rs[x].drv_out[cur] | net->rs[x].drv_cr[cur]) drive_idle(net, x, cur);
        return;
    }
    vc_alloc(net, x, t, B);
    link_arbitrate(net, x, t, cur, c, B, Bo);
    switch_traverse(net, x, cur, c, B, Bo);
}

/* nothing arrived and no stage has work: the step would only clear driven slots */
static inline int router_quiet(const network *net, int x, uint64_t t)
{
    const router_sum *r = &net->rs[x];
    const int prv = (int)(t & 1) ^ 1;
    return stages_idle(r) && !(r->arr_in[prv] | r->arr_cr[prv]) && net->in[prv][x * net->P + net->Pn].vc < 0;
}

static void step_b1(network *net, int x, uint64_t t, net_counters *c) { step(net, x, t, c, 1, 1); }
static void step_any(network *net, int x, uint64_t t, net_counters *c) { step(net, x, t, c, net->B, net->Bo); }

void router_step_counting(network *net, int x, uint64_t t, net_counters *c)
{
    if (router_quiet(net, x, t)) {
        const int cur = (int)(t & 1);
        if (net->rs[x].drv_out[cur] | net->rs[x].drv_cr[cur]) drive_idle(net, x, cur);
        return;
    }
    if (net->B == 1 && net->Bo == 1) step_b1(net, x, t, c);
    else step_any(net, x, t, c);
}

void router_step(network *net, int x, uint64_t t) { router_step_counting(net, x, t, &net->ctr); }

void network_add_counters(net_counters *into, net_counters *from, int V)
{
    into->flit_hops += from->flit_hops;
    into->moves += from->moves;
    from->flit_hops = from->moves = 0;
    for (int v = 0; v < V; v++) {
        into->vc_flits[v] += from->vc_flits[v];
        into->vc_busy[v] += from->vc_busy[v];
        from->vc_flits[v] = from->vc_busy[v] = 0;
    }
}

int network_ib_count(const network *net, int iv)
{
    if (net->B == 1) {
        int port_idx = iv / net->V, v = iv % net->V;
        return (int)(net->ib_ne[port_idx] >> v & 1);
    }
    return net->ivc[iv].cnt;
}

flit_t network_ib_front(const network *net, int iv)
{
    return net->B == 1 ? net->ib[iv] : net->ib[(size_t)iv * net->B + net->ivc[iv].head];
}

/* flits in x's buffers (counted when asked: the step keeps no count) */
static long router_flits(const network *net, int x)
{
    long s = 0;
    for (int p = 0; p < net->P; p++) {
        const int pi = x * net->P + p;
        for (int v = 0; v < net->V; v++) {
            s += network_ib_count(net, pi * net->V + v);
            s += net->Bo == 1 ? (long)(net->ob_ne[pi] >> v & 1) : net->ovc[pi * net->V + v].cnt;
        }
    }
    return s;
}

long network_flits(const network *net, uint64_t t)
{
    long s = 0;
    const int cur = (int)(t & 1);
    for (int x = 0; x < net->N; x++) s += router_flits(net, x);
    /* flits driven in cycle t and not yet absorbed (the ejection channel delivers) */
    for (int i = 0; i < net->N * net->P; i++) s += net->in[cur][i].vc >= 0;
    return s;
}
void network_open_window(network *net, uint64_t t)
{
    net->measure = 1;
    net->window_start = t;
}

int network_find_stuck(network *net, int look, char *buf, size_t len)
{
    const size_t np = (size_t)net->N * (size_t)net->P;
    const uint32_t all = route_all_vcs(net->V);
    int n = 0;
    if (look) {
        for (size_t i = 0; i < np; i++) net->moved[i] = ~net->moved[i] & all; /* now: did not move */
        n = deadlock_find(net, net->moved, buf, len);
    }
    memset(net->moved, 0, np * sizeof *net->moved);
    return n;
}

void network_close_window(network *net, uint64_t t_end)
{
    if (!net->measure) return; /* the window never opened */
    for (int x = 0; x < net->N; x++)
        for (int o = 0; o < net->Pn; o++) {
            uint32_t m = net->ovc_busy[x * net->P + o];
            while (m) {
                int w = ctz32(m);
                m &= m - 1;
                uint64_t since = net->ovc_since[(x * net->P + o) * net->V + w];
                if (since < net->window_start) since = net->window_start;
                if (t_end > since) net->ctr.vc_busy[w] += t_end - since;
            }
        }
    net->measure = 0;
}

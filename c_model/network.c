/* network.c: building the routers and the per-cycle router step.
 * The step follows docs/microarchitecture.md §5 literally: every decision reads
 * state(t); effects that later decisions of the same cycle must not see are ordered
 * so that they cannot (VC allocation before the link releases OVCs; the link pops an
 * output buffer before the crossbar tests it for room, which is the contract's
 * "room at the end of the cycle"). */
#include "network.h"
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
    size_t NP = (size_t)t->N * t->P, NV = NP * rp->V;
    int fail = 0;
    net->ib = xcalloc(NV * rp->B, sizeof(flit_t), &fail);
    net->ivc = xcalloc(NV, sizeof(ivc_state), &fail);
    net->rc = xcalloc(NV * ROUTE_LEVELS * (size_t)t->P, 4, &fail);
    net->rc_ports = xcalloc(NV, 4, &fail);
    net->rc_valid = xcalloc(NP, 4, &fail);
    net->blocked = xcalloc(NP, 4, &fail);
    net->freed = xcalloc((size_t)t->N, 4, &fail);
    net->ob = xcalloc(NV * rp->Bo, sizeof(flit_t), &fail);
    net->ovc = xcalloc(NV, sizeof(ovc_state), &fail);
    net->ovc_since = xcalloc(NV, sizeof(uint64_t), &fail);
    net->ib_ne = xcalloc(NP, 4, &fail);
    net->ivc_act = xcalloc(NP, 4, &fail);
    net->ob_ne = xcalloc(NP, 4, &fail);
    net->ob_full = xcalloc(NP, 4, &fail);
    net->ovc_busy = xcalloc(NP, 4, &fail);
    net->cred_ok = xcalloc(NP, 4, &fail);
    net->link_ptr = xcalloc(NP, 1, &fail);
    net->va_ptr = xcalloc(NP, 2, &fail);
    net->lfsr_pos = xcalloc((size_t)t->N, 4, &fail);
    net->held = xcalloc((size_t)t->N, sizeof(int), &fail);
    net->up = xcalloc(NP, sizeof(int), &fail);
    net->down = xcalloc(NP, sizeof(int), &fail);
    net->stalled = xcalloc(NP, 4, &fail);
    net->ovc_owner = xcalloc(NV, 2, &fail);
    net->chan_flits = xcalloc(NP, sizeof(uint64_t), &fail);
    for (int b = 0; b < 2; b++) {
        net->in[b] = xcalloc(NP, sizeof(link_sig), &fail);
        net->cr[b] = xcalloc(NP, 4, &fail);
        net->ej[b] = xcalloc((size_t)t->N, sizeof(link_sig), &fail);
        net->drove_in[b] = xcalloc((size_t)t->N, 4, &fail);
        net->drove_cr[b] = xcalloc((size_t)t->N, 4, &fail);
    }
    if (fail) { network_free(net); snprintf(err, errlen, "out of memory for the network"); return -1; }
    uint32_t all = rp->V >= 32 ? 0xFFFFFFFFu : (1u << rp->V) - 1;
    for (size_t i = 0; i < NV; i++) net->ovc[i].credit = (uint8_t)rp->B;
    for (size_t i = 0; i < NP; i++) {
        net->cred_ok[i] = all;
        net->up[i] = net->down[i] = -1;
    }
    for (int b = 0; b < 2; b++) {
        for (size_t i = 0; i < NP; i++) net->in[b][i].vc = -1;
        for (int x = 0; x < t->N; x++) net->ej[b][x].vc = -1;
    }
    for (int x = 0; x < t->N; x++) {
        for (int p = 0; p < t->Pn; p++) {
            int y = t->nbr[x * t->Pn + p];
            if (y < 0) continue;
            /* output port p of x feeds input port p of y; y returns credits to x's port p */
            net->down[x * t->P + p] = y * t->P + p;
            net->up[y * t->P + p] = x * t->P + p;
        }
        net->lfsr_pos[x] = lfsr_position(lfsr_seed(rp->seed, x));
    }
    return 0;
}

void network_free(network *net)
{
    void *ptrs[] = {net->ib, net->ivc, net->rc, net->rc_ports, net->rc_valid, net->blocked, net->freed, net->ob,
                    net->ovc, net->ovc_since, net->ib_ne, net->ivc_act, net->ob_ne, net->ob_full,
                    net->ovc_busy, net->cred_ok, net->link_ptr, net->va_ptr, net->lfsr_pos, net->held, net->up,
                    net->down, net->stalled, net->ovc_owner, net->chan_flits, net->in[0], net->in[1], net->cr[0],
                    net->cr[1], net->ej[0], net->ej[1], net->drove_in[0], net->drove_in[1], net->drove_cr[0],
                    net->drove_cr[1]};
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

/* takes in the flits and credits driven to x in cycle t-1; returns 0 if there were none */
static int absorb(network *net, int x, int prv)
{
    const int P = net->P, V = net->V, B = net->B;
    const link_sig *in = &net->in[prv][x * P];
    const uint32_t *cr = &net->cr[prv][x * P];
    int any = 0;
    for (int i = 0; i < P; i++) {
        if (in[i].vc < 0) continue;
        any = 1;
        int v = in[i].vc, iv = (x * P + i) * V + v;
        ivc_state *is = &net->ivc[iv];
        int slot = is->head + is->cnt;
        if (slot >= B) slot -= B;
        net->ib[(size_t)iv * B + slot] = in[i].flit;
        is->cnt++;
        net->ib_ne[x * P + i] |= 1u << v;
        net->held[x]++;
    }
    for (int o = 0; o < net->Pn; o++) {
        uint32_t m = cr[o];
        if (!m) continue;
        any = 1;
        net->cred_ok[x * P + o] |= m;
        for (; m; m &= m - 1) net->ovc[(x * P + o) * V + ctz32(m)].credit++;
    }
    return any;
}

/* clears the slots x drove two cycles ago and does not drive now */
static void undrive(network *net, int x, int cur, uint32_t out_now, uint32_t cr_now)
{
    const int P = net->P;
    for (uint32_t m = net->drove_in[cur][x] & ~out_now; m; m &= m - 1) {
        int o = ctz32(m);
        if (o == net->Pn) net->ej[cur][x].vc = -1;
        else net->in[cur][net->down[x * P + o]].vc = -1;
    }
    for (uint32_t m = net->drove_cr[cur][x] & ~cr_now; m; m &= m - 1) {
        int i = ctz32(m);
        net->cr[cur][i == net->Pn ? x * P + i : net->up[x * P + i]] = 0;
    }
    net->drove_in[cur][x] = out_now;
    net->drove_cr[cur][x] = cr_now;
}

/* §5.1: route computation and VC allocation; grants take effect immediately (nothing
 * later in the cycle reads the busy bits the grants set).
 * Two shortcuts keep the result exact: a head's candidates depend only on the head and
 * the router, so they are computed once per head; and a head that found no free
 * candidate stays blocked until an OVC of one of its candidate ports is released,
 * because the free set only grows through releases. */
static void vc_alloc(network *net, int x, uint64_t t)
{
    const int P = net->P, V = net->V, B = net->B, PV = P * V;
    const int rp = x * P;
    const uint32_t freed = net->freed[x];
    int win_q[MAX_PORTS], win_w[MAX_PORTS], win_d[MAX_PORTS];
    uint32_t win_ports = 0;
    uint16_t lfsr = 0;
    if (net->select == SELECT_RANDOM) lfsr = lfsr_at(net->lfsr_pos[x], t);
    for (int i = 0; i < P; i++) {
        uint32_t req = net->ib_ne[rp + i] & ~net->ivc_act[rp + i];
        while (req) {
            int v = ctz32(req);
            req &= req - 1;
            int iv = (rp + i) * V + v;
            const uint32_t bit = 1u << v;
            uint32_t *c = &net->rc[(size_t)iv * ROUTE_LEVELS * P];
            if (!(net->rc_valid[rp + i] & bit)) {
                flit_t head = net->ib[(size_t)iv * B + net->ivc[iv].head];
                route_cands rc;
                route_candidates(net->rt, x, head, &rc);
                uint32_t ports = 0;
                for (int l = 0; l < ROUTE_LEVELS; l++)
                    for (int o = 0; o < P; o++) {
                        c[l * P + o] = rc.m[l][o];
                        if (rc.m[l][o]) ports |= 1u << o;
                    }
                net->rc_ports[iv] = ports;
                net->rc_valid[rp + i] |= bit;
                net->blocked[rp + i] &= ~bit;
            } else if ((net->blocked[rp + i] & bit) && !(net->rc_ports[iv] & freed)) {
                continue;
            }
            uint32_t f[MAX_PORTS];
            int count = 0;
            for (int l = 0; l < ROUTE_LEVELS && !count; l++)
                for (uint32_t pm = net->rc_ports[iv]; pm; pm &= pm - 1) {
                    int o = ctz32(pm);
                    f[o] = c[l * P + o] & ~net->ovc_busy[rp + o];
                    count += __builtin_popcount(f[o]);
                }
            if (!count) {
                net->blocked[rp + i] |= bit;
                continue;
            }
            net->blocked[rp + i] &= ~bit;
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
    }
    net->freed[x] = 0;
    for (uint32_t pm = win_ports; pm; pm &= pm - 1) {
        int o = ctz32(pm);
        int q = win_q[o];
        int i = q / V, v = q - i * V, w = win_w[o];
        int iv = (rp + i) * V + v;
        net->ivc_act[rp + i] |= 1u << v;
        net->rc_valid[rp + i] &= ~(1u << v);
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
static uint32_t link_arbitrate(network *net, int x, uint64_t t, int cur)
{
    const int P = net->P, Pn = net->Pn, V = net->V, Bo = net->Bo, rp = x * P;
    uint32_t drove = 0;
    for (int o = 0; o < P; o++) {
        uint32_t elig = net->ob_ne[rp + o];
        if (o < Pn) elig &= net->cred_ok[rp + o];
        if (!elig) continue;
        int w = rr_pick(elig, net->link_ptr[rp + o]);
        int ov = (rp + o) * V + w;
        ovc_state *os = &net->ovc[ov];
        flit_t f = net->ob[(size_t)ov * Bo + os->head];
        os->head = (uint8_t)(os->head + 1 == Bo ? 0 : os->head + 1);
        if (--os->cnt == 0) net->ob_ne[rp + o] &= ~(1u << w);
        if (net->ob_full[rp + o] >> w & 1) {
            net->ob_full[rp + o] &= ~(1u << w);
            int q = net->ovc_owner[ov], i = q / V;
            net->stalled[rp + i] &= ~(1u << (q - i * V));
        }
        link_sig *s = o < Pn ? &net->in[cur][net->down[rp + o]] : &net->ej[cur][x];
        s->flit = f;
        s->vc = w;
        drove |= 1u << o;
        net->held[x]--;
        net->link_ptr[rp + o] = (uint8_t)(w + 1 == V ? 0 : w + 1);
        if (o < Pn) {
            if (--os->credit == 0) net->cred_ok[rp + o] &= ~(1u << w);
            net->flit_hops++;
            if (net->measure) {
                net->chan_flits[rp + o]++;
                net->vc_flits[w]++;
            }
        }
        if (flit_is_tail(f)) {
            net->ovc_busy[rp + o] &= ~(1u << w);
            net->freed[x] |= 1u << o;
            if (net->measure && o < Pn) {
                uint64_t since = net->ovc_since[ov];
                if (since < net->window_start) since = net->window_start;
                net->vc_busy[w] += t + 1 - since;
            }
        }
    }
    net->moves += (uint64_t)__builtin_popcount(drove);
    return drove;
}

/* §5.3 and the credit wires of §5.4; returns the mask of input ports that return credits */
static uint32_t switch_traverse(network *net, int x, int cur)
{
    const int P = net->P, V = net->V, B = net->B, Bo = net->Bo, rp = x * P;
    uint32_t drove = 0;
    for (int i = 0; i < P; i++) {
        uint32_t m = net->ivc_act[rp + i] & net->ib_ne[rp + i] & ~net->stalled[rp + i], moved = 0;
        while (m) {
            int v = ctz32(m);
            m &= m - 1;
            int iv = (rp + i) * V + v;
            ivc_state *is = &net->ivc[iv];
            int o = is->oport, w = is->ovc;
            if (net->ob_full[rp + o] >> w & 1) {
                net->stalled[rp + i] |= 1u << v;
                continue;
            }
            int ov = (rp + o) * V + w;
            flit_t f = net->ib[(size_t)iv * B + is->head];
            is->head = (uint8_t)(is->head + 1 == B ? 0 : is->head + 1);
            if (--is->cnt == 0) net->ib_ne[rp + i] &= ~(1u << v);
            if (flit_is_head(f)) f = route_update(net->rt, x, f, o, w);
            if (flit_is_tail(f)) net->ivc_act[rp + i] &= ~(1u << v);
            ovc_state *os = &net->ovc[ov];
            int slot = os->head + os->cnt;
            if (slot >= Bo) slot -= Bo;
            net->ob[(size_t)ov * Bo + slot] = f;
            if (++os->cnt == Bo) net->ob_full[rp + o] |= 1u << w;
            net->ob_ne[rp + o] |= 1u << w;
            moved |= 1u << v;
        }
        if (moved) {
            net->cr[cur][i == net->Pn ? rp + i : net->up[rp + i]] = moved;
            drove |= 1u << i;
            net->moves += (uint64_t)__builtin_popcount(moved);
        }
    }
    return drove;
}

void router_step(network *net, int x, uint64_t t)
{
    const int cur = (int)(t & 1), prv = cur ^ 1;
    if (!absorb(net, x, prv) && !net->held[x]) {
        if (net->drove_in[cur][x] | net->drove_cr[cur][x]) undrive(net, x, cur, 0, 0);
        return;
    }
    vc_alloc(net, x, t);
    uint32_t out = link_arbitrate(net, x, t, cur);
    uint32_t crd = switch_traverse(net, x, cur);
    undrive(net, x, cur, out, crd);
}

long network_flits(const network *net, uint64_t t)
{
    long s = 0;
    const int cur = (int)(t & 1);
    for (int x = 0; x < net->N; x++) s += net->held[x];
    /* flits driven in cycle t and not yet absorbed (the ejection channel delivers) */
    for (int i = 0; i < net->N * net->P; i++) s += net->in[cur][i].vc >= 0;
    return s;
}
void network_close_window(network *net, uint64_t t_end)
{
    for (int x = 0; x < net->N; x++)
        for (int o = 0; o < net->Pn; o++) {
            uint32_t m = net->ovc_busy[x * net->P + o];
            while (m) {
                int w = ctz32(m);
                m &= m - 1;
                uint64_t since = net->ovc_since[(x * net->P + o) * net->V + w];
                if (since < net->window_start) since = net->window_start;
                if (t_end > since) net->vc_busy[w] += t_end - since;
            }
        }
}

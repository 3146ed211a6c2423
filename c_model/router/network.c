/* network.c: building the routers and the per-cycle router step.
 * The step follows docs/microarchitecture.md §5 literally: every decision reads
 * state(t); effects that later decisions of the same cycle must not see are ordered
 * so that they cannot (VC allocation before the link releases OVCs; the link pops an
 * output buffer before the crossbar tests it for room, which is the contract's
 * "room at the end of the cycle"). */
#include "network.h"
#include "deadlock.h"
#include "lfsr.h"
#include "router_core.h"
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t sz, int *fail)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p) *fail = 1;
    return p;
}

/* every array of a network: where its pointer lives, its element count and size. One
 * list serves the allocation, the freeing and the memory estimate (network_bytes), so
 * they cannot drift apart. */
typedef struct {
    void **p;
    size_t n, size;
} net_array;
#define NET_ARRAYS 40 /* room above the 34 below */

static int network_arrays(network *net, int N, int P, const router_params *rp, net_array *a)
{
    const size_t NP = (size_t)N * P, NV = NP * rp->V, n = (size_t)N;
    int i = 0;
#define ARR(field, count, sz) a[i++] = (net_array){(void **)&net->field, (count), (sz)}
    ARR(ib, NV * rp->B, sizeof(flit_t));
    ARR(ivc, NV, sizeof(ivc_state));
    ARR(rc, NV * ROUTE_LEVELS * (size_t)P, 4);
    ARR(rc_ports, NV, 4);
    ARR(wait_start, NV, sizeof(uint64_t));
    ARR(waiters, NP * (size_t)P, 4);
    ARR(ob, NV * rp->Bo, sizeof(flit_t));
    ARR(ovc, NV, sizeof(ovc_state));
    ARR(ovc_since, NV, sizeof(uint64_t));
    ARR(lfsr_pos, n, 4);
    ARR(up, NP, sizeof(int));
    ARR(down, NP, sizeof(int));
    ARR(moved, NP, 4);
    ARR(ovc_owner, NV, 2);
    ARR(owner_port, NV, 2);
    ARR(chan_flits, NP, sizeof(uint64_t));
    ARR(rs, n, sizeof(router_sum));
    ARR(ps, NP, sizeof(port_state));
    /* the staged step's sets: a word per router, so that the memory stays a multiple of N
     * (with P < 64 ports a router, N words hold the ports' bits) */
    ARR(st_la, n, 8);
    ARR(st_local, n, 8);
    ARR(st_va, n, 8);
    ARR(st_src, n, 8);
    ARR(st_shared, n, 8); /* a bit a word of a set: 2N words need N/32 */
    ARR(st_out, NV, 4);
    ARR(st_owner, NV, 4);
    ARR(st_rel, NP, 4);
    /* past the signals, one scratch slot per router for its unconnected ports: routers
     * stepped on different threads (tb/threads.h) never write the same word */
    for (int b = 0; b < 2; b++) {
        ARR(in[b], NP + 2 * n, sizeof(link_sig));
        ARR(cr[b], NP + n, 4);
        ARR(st_fin[b], n, 8);
        ARR(st_cin[b], 2 * n, 8); /* the ports' words, then from word nwp the sources' (a bit a node) */
        ARR(st_ej[b], n, 8);
    }
#undef ARR
    return i;
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
        snprintf(err, errlen, "timeout needs a routing with escape VCs (duato, duato_*, dor_escape, fully_adaptive); %s has one level",
                 rt->base ? rt->base->algo->name : rt->algo->name); /* the routing, not the f-ring layer over it */
        return -1;
    }
    net_array a[NET_ARRAYS];
    int na = network_arrays(net, t->N, t->P, rp, a), fail = 0;
    for (int i = 0; i < na; i++) *a[i].p = xcalloc(a[i].n, a[i].size, &fail);
    const size_t NP = (size_t)t->N * t->P, NV = NP * rp->V;
    for (int b = 0; b < 2; b++) net->ej[b] = net->in[b] ? net->in[b] + NP : NULL;
    if (fail) { network_free(net); snprintf(err, errlen, "out of memory for the network"); return -1; }
    net->nwp = (int)((NP + 63) / 64);
    uint32_t all = route_all_vcs(rp->V);
    net->adaptive = all & ~rt->escape;
    for (size_t i = 0; i < NV; i++) net->ovc[i].credit = (uint8_t)rp->B;
    for (size_t i = 0; i < NP; i++) {
        net->ps[i].cred_ok = all;
        net->ps[i].cred_full = 0xFFFFFFFFu; /* never cleared on the local port: the sink needs no credits */
        net->up[i] = net->down[i] = net->ps[i].up_x = net->ps[i].down_x = -1;
        net->ps[i].out_slot = (int)NP + t->N + (int)(i / (size_t)t->P); /* the router's scratch */
        net->ps[i].cr_slot = (int)NP + (int)(i / (size_t)t->P);          /* the router's scratch */
    }
    for (int b = 0; b < 2; b++) {
        for (size_t i = 0; i < NP + 2 * (size_t)t->N; i++) net->in[b][i].vc = -1;
    }
    for (int x = 0; x < t->N; x++) {
        for (int p = 0; p < t->Pn; p++) {
            int y = t->nbr[x * t->Pn + p];
            if (y < 0) continue;
            /* output port p of x feeds input port p of y; y returns credits to x's port p */
            net->down[x * t->P + p] = net->ps[x * t->P + p].out_slot = y * t->P + p;
            net->up[y * t->P + p] = net->ps[y * t->P + p].cr_slot = x * t->P + p;
            net->ps[x * t->P + p].down_x = y;
            net->ps[y * t->P + p].up_x = x;
        }
        net->ps[x * t->P + t->Pn].out_slot = (int)NP + x;
        net->ps[x * t->P + t->Pn].cr_slot = x * t->P + t->Pn;
        net->ps[x * t->P + t->Pn].cred_ok = 0xFFFFFFFFu; /* the sink needs no credits */
        net->lfsr_pos[x] = lfsr_position(lfsr_seed(rp->seed, x));
    }
    return 0;
}

void network_free(network *net)
{
    net_array a[NET_ARRAYS];
    int na = network_arrays(net, net->N, net->P, &(router_params){.V = net->V, .B = net->B, .Bo = net->Bo}, a);
    for (int i = 0; i < na; i++) free(*a[i].p);
    memset(net, 0, sizeof *net);
}

size_t network_bytes(int N, int P, const router_params *rp)
{
    network scratch;
    net_array a[NET_ARRAYS];
    int na = network_arrays(&scratch, N, P, rp, a);
    size_t sum = 0;
    for (int i = 0; i < na; i++) sum += a[i].n * a[i].size;
    return sum;
}

HOT void ib_push(network *net, port_state *p, int iv, int v, flit_t f, const int B)
{
    /* the credit protocol leaves room (§5.4): the pops of the cycle come first */
    assert(B == 1 ? !(p->ib_ne >> v & 1u) : net->ivc[iv].cnt < B);
    if (B == 1) {
        net->ib[iv] = f;
    } else {
        ivc_state *is = &net->ivc[iv];
        int slot = is->head + is->cnt;
        if (slot >= B) slot -= B;
        net->ib[(size_t)iv * B + slot] = f;
        is->cnt++;
    }
    p->ib_ne |= 1u << v;
}

HOT flit_t ib_pop(network *net, port_state *p, int iv, int v, const int B)
{
    assert(p->ib_ne >> v & 1u);
    if (B == 1) {
        p->ib_ne &= ~(1u << v);
        return net->ib[iv];
    }
    ivc_state *is = &net->ivc[iv];
    flit_t f = net->ib[(size_t)iv * B + is->head];
    is->head = (uint8_t)(is->head + 1 == B ? 0 : is->head + 1);
    if (--is->cnt == 0) p->ib_ne &= ~(1u << v);
    return f;
}

/* the OVC's buffer is full: for Bo = 1 that is its non-empty bit */
HOT uint32_t ob_full_mask(const port_state *p, const int Bo) { return Bo == 1 ? p->ob_ne : p->ob_full; }

HOT void ob_push(network *net, port_state *p, int ov, int w, flit_t f, const int Bo)
{
    assert(!(ob_full_mask(p, Bo) >> w & 1u)); /* the crossbar moves only into room (§5.3) */
    if (Bo == 1) {
        net->ob[ov] = f;
    } else {
        ovc_state *os = &net->ovc[ov];
        int slot = os->head + os->cnt;
        if (slot >= Bo) slot -= Bo;
        net->ob[(size_t)ov * Bo + slot] = f;
        if (++os->cnt == Bo) p->ob_full |= 1u << w;
    }
    p->ob_ne |= 1u << w;
}

/* pops the head of an OVC's output buffer; *was_full tells whether it was full */
HOT flit_t ob_pop(network *net, port_state *p, int ov, int w, int *was_full, const int Bo)
{
    const uint32_t bit = 1u << w;
    assert(p->ob_ne & bit);
    if (Bo == 1) {
        *was_full = 1;
        p->ob_ne &= ~bit;
        return net->ob[ov];
    }
    ovc_state *os = &net->ovc[ov];
    flit_t f = net->ob[(size_t)ov * Bo + os->head];
    os->head = (uint8_t)(os->head + 1 == Bo ? 0 : os->head + 1);
    if (--os->cnt == 0) p->ob_ne &= ~bit;
    *was_full = (p->ob_full & bit) != 0;
    p->ob_full &= ~bit;
    return f;
}

/* a flit into input port i's VC v */
HOT void take_flit(const rstep *s, int i, int v, flit_t f, const int B)
{
    port_state *p = &s->ps[i];
    const uint32_t bit = 1u << v;
    ib_push(s->net, p, (s->rp + i) * s->V + v, v, f, B);
    /* a flit for an active VC (most flits: the branch is predictable) has a flit to send
     * unless the VC is stalled; one for a waiting VC is a head to allocate unless one is
     * already blocked there (the sets without branches: those outcomes are data) */
    if (p->ivc_act & bit) s->r->sw |= (uint32_t)!(p->stalled & bit) << i;
    else s->r->va |= (uint32_t)!(p->blocked & bit) << i;
}

/* takes in the flits and credits driven to x in cycle t-1: the neighbours marked their
 * slots (arr_in, arr_cr), the source's slot is read. A neighbour's slot is emptied once
 * taken, so that a driver writes only the slots it drives (§1's "no flit" is the empty
 * slot); the source writes its slot every cycle. */
HOT void absorb(const rstep *s, const int B)
{
    network *net = s->net;
    router_sum *r = s->r;
    const int V = s->V, rp = s->rp, prv = s->prv;
    link_sig *in = &net->in[prv][rp];
    uint32_t *cr = &net->cr[prv][rp];
    const uint32_t fm = r->arr_in[prv], cm = r->arr_cr[prv];
    r->arr_in[prv] = r->arr_cr[prv] = 0;
    for (uint32_t m = fm; m; m &= m - 1) {
        const int i = ctz32(m);
        take_flit(s, i, in[i].vc, in[i].flit, B);
        in[i].vc = -1;
    }
    if (in[s->Pn].vc >= 0) take_flit(s, s->Pn, in[s->Pn].vc, in[s->Pn].flit, B);
    for (uint32_t m = cm; m; m &= m - 1) {
        const int o = ctz32(m);
        port_state *p = &s->ps[o];
        uint32_t c = cr[o], full = c;
        cr[o] = 0;
        p->cred_ok |= c;
        r->la |= (uint32_t)((p->ob_ne & c) != 0) << o;
        if (B != 1) {
            full = 0;
            for (; c; c &= c - 1) {
                int w = ctz32(c);
                full |= (uint32_t)(++net->ovc[(rp + o) * V + w].credit == B) << w;
            }
            p->cred_full |= full;
        }
        /* §5.1: an adaptive OVC becomes free when its last credit is back */
        if (full & s->adaptive & ~p->ovc_busy) wake_waiters(s, o);
    }
}


/* §5.1: route computation and VC allocation; grants take effect immediately (nothing
 * later in the cycle reads the busy bits the grants set).
 * Two shortcuts keep the result exact: a head's candidates depend only on the head and
 * the router, so they are computed once per head; and a head that found no free
 * candidate stays blocked until an OVC of one of its candidate ports is released (the
 * free set only grows through releases): it waits in `waiters` of those ports. */
HOT void vc_alloc(const rstep *s, const int B)
{
    network *net = s->net;
    router_sum *r = s->r;
    const int V = s->V, PV = s->P * V, rp = s->rp;
    int win_q[MAX_PORTS], win_w[MAX_PORTS];
    const uint32_t win_ports = va_winners(s, win_q, win_w, B);
    for (uint32_t pm = win_ports; pm; pm &= pm - 1) {
        const int o = ctz32(pm), q = win_q[o], i = q / V, v = q - i * V, w = win_w[o];
        const int iv = (rp + i) * V + v;
        port_state *pi = &s->ps[i], *po = &s->ps[o];
        pi->ivc_act |= 1u << v;
        pi->rc_valid &= ~(1u << v);
        sum_va(r, pi, i);
        r->sw |= 1u << i; /* its head waits in the buffer; an idle VC is never stalled */
        net->ivc[iv].oport = (uint8_t)o;
        net->ivc[iv].ovc = (uint8_t)w;
        po->ovc_busy |= 1u << w;
        net->ovc_owner[(rp + o) * V + w] = (uint16_t)q;
        net->owner_port[(rp + o) * V + w] = (uint16_t)i;
        net->ovc_since[(rp + o) * V + w] = s->t;
        po->va_ptr = (uint16_t)(q + 1 == PV ? 0 : q + 1);
    }
}

/* §5.2 for output port o: the round-robin pick among its eligible VCs goes on the link;
 * net: a network port (else the ejection channel, which needs no credits) */
HOT void link_port(const rstep *s, net_counters *c, int o, const int net_port, const int B, const int Bo, const int conc)
{
    network *net = s->net;
    router_sum *r = s->r;
    const int V = s->V;
    port_state *po = &s->ps[o];
    const uint32_t elig = po->ob_ne & po->cred_ok;
    const int w = rr_pick(elig, po->link_ptr), ov = (s->rp + o) * V + w;
    const uint32_t bit = 1u << w;
    int was_full;
    flit_t f = ob_pop(net, po, ov, w, &was_full, Bo);
    if (was_full) { /* the owner may move again */
        const int q = net->ovc_owner[ov], i = net->owner_port[ov];
        const uint32_t vb = 1u << (q - i * V);
        port_state *pi = &s->ps[i];
        pi->stalled &= ~vb;
        r->sw |= (uint32_t)((pi->ivc_act & pi->ib_ne & vb) != 0) << i;
    }
    link_sig *sig = &net->in[s->cur][po->out_slot];
    sig->flit = f;
    sig->vc = w;
    po->link_ptr = (uint16_t)(w + 1 == V ? 0 : w + 1);
    if (net_port) {
        const int y = po->down_x;
        if (y >= 0) mark(conc, &net->rs[y].arr_in[s->cur], o);
        if (B == 1 || --net->ovc[ov].credit == 0) po->cred_ok &= ~bit;
        po->cred_full &= ~bit;
        count_hop(s, c, o, w);
    }
    /* one-slot buffers: w lost its flit, so the port keeps one with a credit unless w was its only one */
    if (B == 1 && Bo == 1) r->la &= ~((uint32_t)!(elig & ~bit) << o);
    else sum_la(r, po, o);
    if (flit_is_tail(f)) release_ovc(s, c, po, o, w);
}

/* §5.2: one flit per output port with an eligible VC; the network ports first, then the
 * ejection port (the order does not matter: ports share nothing here; apart, the loop
 * has no port-kind branch to mispredict) */
HOT void link_arbitrate(const rstep *s, net_counters *c, const int B, const int Bo, const int conc)
{
    const uint32_t ports = s->r->la, local = 1u << s->Pn;
    for (uint32_t pm = ports & ~local; pm; pm &= pm - 1) link_port(s, c, ctz32(pm), 1, B, Bo, conc);
    if (ports & local) link_port(s, c, s->Pn, 0, B, Bo, conc);
    c->moves += (uint64_t)__builtin_popcount(ports);
}

/* §5.3 for input port i: its VCs with a flit and room move one flit each; returns them */
HOT uint32_t switch_port(const rstep *s, int i, const int B, const int Bo)
{
    network *net = s->net;
    router_sum *r = s->r;
    const int V = s->V, rp = s->rp;
    port_state *pi = &s->ps[i];
    uint32_t moved = 0;
    for (uint32_t m = pi->ivc_act & pi->ib_ne & ~pi->stalled; m; m &= m - 1) {
        const int v = ctz32(m), iv = (rp + i) * V + v;
        const int o = net->ivc[iv].oport, w = net->ivc[iv].ovc;
        port_state *po = &s->ps[o];
        if (ob_full_mask(po, Bo) >> w & 1) {
            pi->stalled |= 1u << v;
            continue;
        }
        flit_t f = ib_pop(net, pi, iv, v, B);
        if (flit_is_head(f)) f = route_update(net->rt, s->x, f, o, w);
        ob_push(net, po, (rp + o) * V + w, w, f, Bo);
        if (flit_is_tail(f)) {
            pi->ivc_act &= ~(1u << v);
            /* the next message's head (B > 1) waits to be allocated: an active VC is never blocked */
            if (B != 1 && (pi->ib_ne >> v & 1)) r->va |= 1u << i;
        } else if (ob_full_mask(po, Bo) >> w & 1) {
            /* the buffer it just filled has no room until the link pops it: stalled
             * now rather than found full on the next visit (the same moves) */
            pi->stalled |= 1u << v;
        }
        r->la |= (po->cred_ok >> w & 1) << o;
        moved |= 1u << v;
    }
    /* with one-slot input buffers every VC visited moved (its buffer is empty) or stalled */
    if (B == 1) r->sw &= ~(1u << i);
    else sum_sw(r, pi, i);
    return moved;
}

/* §5.3 and the credit wires of §5.4: the network ports' credits go to the neighbour,
 * the injection port's to the source (apart: no port-kind branch in the loop) */
HOT void switch_traverse(const rstep *s, net_counters *c, const int B, const int Bo, const int conc)
{
    network *net = s->net;
    const int cur = s->cur, Pn = s->Pn;
    uint32_t *cr_cur = net->cr[cur];
    const uint32_t ports = s->r->sw, local = 1u << Pn;
    int nmoved = 0;
    for (uint32_t pm = ports & ~local; pm; pm &= pm - 1) {
        const int i = ctz32(pm);
        const uint32_t moved = switch_port(s, i, B, Bo);
        if (!moved) continue;
        const port_state *pi = &s->ps[i];
        cr_cur[pi->cr_slot] = moved;
        mark(conc, &net->rs[pi->up_x].arr_cr[cur], i); /* a flit came in: the port is connected */
        net->moved[s->rp + i] |= moved;
        nmoved += __builtin_popcount(moved);
    }
    if (ports & local) {
        const uint32_t moved = switch_port(s, Pn, B, Bo);
        cr_cur[s->ps[Pn].cr_slot] = moved; /* clear_local emptied it */
        net->moved[s->rp + Pn] |= moved;
        nmoved += __builtin_popcount(moved);
    }
    c->moves += (uint64_t)nmoved;
}

/* no stage has work */
HOT int stages_idle(const router_sum *r) { return !(r->va | r->sw | r->la); }

HOT void step(network *net, int x, uint64_t t, net_counters *c, const int B, const int Bo, const int conc)
{
    const int P = net->P, cur = (int)(t & 1);
    const rstep s = {net,     &net->ps[x * P], &net->rs[x], x,       x * P, P, net->Pn, net->V, cur,
                     cur ^ 1, net->measure,    net->adaptive, t};
    absorb(&s, B);
    /* the node's slots (ejection, the source's credits) read "nothing" until the stages
     * drive them: nobody in the network empties them */
    network_clear_local(net, x, t);
    /* with no port to visit the stages would change nothing */
    if (stages_idle(s.r)) return;
    if (s.r->va) vc_alloc(&s, B);
    link_arbitrate(&s, c, B, Bo, conc);
    switch_traverse(&s, c, B, Bo, conc);
}

/* the step instantiated for one-slot buffers or any depths, and for one thread or
 * several (conc: neighbours' arrival words are then OR-ed atomically) */
static void step_b1(network *net, int x, uint64_t t, net_counters *c) { step(net, x, t, c, 1, 1, 0); }
static void step_b1_conc(network *net, int x, uint64_t t, net_counters *c) { step(net, x, t, c, 1, 1, 1); }
static void step_any(network *net, int x, uint64_t t, net_counters *c) { step(net, x, t, c, net->B, net->Bo, net->concurrent); }

/* the routers order[lo..hi) in turn (network_step_routers): the step inlined in one loop,
 * so that its frame and set-up are paid once per call rather than once per router */
HOT void steps(network *net, const int *order, int lo, int hi, uint64_t t, net_counters *c, const int B, const int Bo,
               const int conc)
{
    for (int oi = lo; oi < hi; oi++) {
        const int x = order[oi];
        if (network_router_quiet(net, x, t)) network_clear_local(net, x, t);
        else step(net, x, t, c, B, Bo, conc);
    }
}
static void steps_b1(network *net, const int *order, int lo, int hi, uint64_t t, net_counters *c)
{
    steps(net, order, lo, hi, t, c, 1, 1, 0);
}
static void steps_b1_conc(network *net, const int *order, int lo, int hi, uint64_t t, net_counters *c)
{
    steps(net, order, lo, hi, t, c, 1, 1, 1);
}

void network_step_routers(network *net, const int *order, int lo, int hi, uint64_t t, net_counters *c)
{
    if (net->B == 1 && net->Bo == 1) {
        if (net->concurrent) steps_b1_conc(net, order, lo, hi, t, c);
        else steps_b1(net, order, lo, hi, t, c);
    } else {
        for (int oi = lo; oi < hi; oi++) router_step_counting(net, order[oi], t, c);
    }
}

void router_step_busy(network *net, int x, uint64_t t, net_counters *c)
{
    if (net->B == 1 && net->Bo == 1) {
        if (net->concurrent) step_b1_conc(net, x, t, c);
        else step_b1(net, x, t, c);
    } else {
        step_any(net, x, t, c);
    }
}

void router_step_counting(network *net, int x, uint64_t t, net_counters *c)
{
    if (network_router_quiet(net, x, t)) network_clear_local(net, x, t);
    else router_step_busy(net, x, t, c);
}

void router_step(network *net, int x, uint64_t t) { router_step_counting(net, x, t, &net->ctr); }

void network_drive_router(network *net, int x, uint64_t t, const link_sig *out, const uint32_t *cr)
{
    const int cur = (int)(t & 1), P = net->P, Pn = net->Pn;
    assert(!net->staged);
    for (int p = 0; p < Pn; p++) {
        const port_state *ps = &net->ps[x * P + p];
        /* a neighbour's slot is written only when driven (absorb empties it) */
        if (out[p].vc >= 0 && ps->down_x >= 0) {
            net->in[cur][ps->out_slot] = out[p];
            mark(net->concurrent, &net->rs[ps->down_x].arr_in[cur], p);
        }
        if (cr[p] && ps->up_x >= 0) {
            net->cr[cur][ps->cr_slot] = cr[p];
            mark(net->concurrent, &net->rs[ps->up_x].arr_cr[cur], p);
        }
    }
    /* the local slots are written every cycle: the sink and the source read them */
    net->ej[cur][x] = out[Pn];
    net->cr[cur][net->ps[x * P + Pn].cr_slot] = cr[Pn];
}

void network_take_router(network *net, int x, uint64_t t, link_sig *in, uint32_t *cr)
{
    const int cur = (int)(t & 1), P = net->P, Pn = net->Pn;
    link_sig *row = &net->in[cur][x * P];
    uint32_t *crow = &net->cr[cur][x * P];
    for (int p = 0; p < Pn; p++) {
        in[p] = row[p];
        row[p].vc = -1;
        cr[p] = crow[p];
        crow[p] = 0;
    }
    in[Pn] = row[Pn]; /* the source writes its slot every cycle */
    cr[Pn] = 0;
    net->rs[x].arr_in[cur] = net->rs[x].arr_cr[cur] = 0;
}

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
        return (int)(net->ps[port_idx].ib_ne >> v & 1);
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
            s += net->Bo == 1 ? (long)(net->ps[pi].ob_ne >> v & 1) : net->ovc[pi * net->V + v].cnt;
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
            uint32_t m = net->ps[x * net->P + o].ovc_busy;
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

/* network_staged.c: the network's cycle with one-slot buffers (B = Bo = 1), stepped stage
 * by stage over all the routers of a part instead of router by router.
 *
 * What has work is kept as bit sets over ports (index x*P + p) and nodes, walked a 64-bit
 * word at a time: the credits and flits that arrived, the output ports with an eligible
 * OVC, the routers with a head to allocate. A stage therefore visits only the ports with
 * work, in index order, with one loop exit per word instead of one per router and stage
 * (those exits, data to the branch predictor, were most of the per-router step's cost).
 *
 * With one-slot buffers a flit crosses the switch (§5.3) in exactly three situations,
 * and the step moves it there instead of scanning the inputs afterwards:
 *   - the link pops an output buffer whose owner holds the message's next flit (a refill);
 *   - a flit arrives on an active VC whose output buffer has room after the link's pops;
 *   - a head is granted an OVC (a free OVC's buffer is empty).
 * Every other flit of an active VC waits in its input buffer for the pop of its output
 * buffer: between two cycles an active VC with a flit has a full output buffer (invariants.c
 * checks it). For that the stages run in another order than §5 lists them, with the same
 * effects (docs/c-model-speed.md, "The staged step"):
 *   1. the credits of t-1 (they are state(t));
 *   2. the link on state(t), before any flit of t crosses (a flit that crosses in t must
 *      not leave in t); a popped tail's release waits for step 5;
 *   3. the flits of t-1: an arrival sees the room the link left;
 *   4. VC allocation, which sees the OVCs the link released as busy (state(t)); an OVC the
 *      link popped is busy in state(t), so the credit the link took cannot change a decision;
 *   5. the releases, and the heads they wake.
 * Stages of different routers touch nothing in common but the signals of cycle t, which
 * only the next cycle reads, so running them router after router or stage after stage is
 * the same cycle. */
#include "network.h"
#include "lfsr.h"
#include "router_core.h"
#include <stdlib.h>
#include <string.h>

static inline int ctz64(uint64_t m) { return __builtin_ctzll(m); }

/* sets bit i of a set (atomically when routers step on several threads: a word may hold
 * ports of two parts) */
HOT void bit_or(uint64_t *set, uint32_t i, uint64_t on, const int conc)
{
    if (conc) {
        if (on) __atomic_fetch_or(&set[i >> 6], 1ull << (i & 63), __ATOMIC_RELAXED);
    } else {
        set[i >> 6] |= on << (i & 63);
    }
}

/* bit_or for a set whose word i/64 only this part writes unless network_word_shared says so (every
 * word until network_set_parts): then
 * atomically (with one thread: plainly) */
HOT void bit_or_w(const network *net, uint64_t *set, uint32_t i, uint64_t on, const int conc)
{
    bit_or(set, i, on, conc && network_word_shared(net, i >> 6));
}


/* what the stages of one cycle work with, read from the network once: stores to the 32-bit
 * masks and the sets may alias the network's own fields, which would make every use reload
 * them */
typedef struct {
    network *net;
    port_state *ps;
    flit_t *ib, *ob;
    link_sig *in_cur;
    uint32_t *cr_cur, *st_out, *st_owner, *moved;
    uint64_t *fin_cur, *cin_cur, *ej_cur, *la, *chan_flits;
    uint32_t V, ej_base; /* ej_base: N*P, the ejection channels' first slot */
    int measure;
} stage_ctx;

/* the step's view of one router, for the stages that work per router (VC allocation) or
 * need its waiting heads (a release, a credit that frees an adaptive OVC) */
HOT rstep router_view(network *net, int x, uint64_t t)
{
    const int cur = (int)(t & 1);
    const rstep s = {net, &net->ps[x * net->P], &net->rs[x], x, x * net->P, net->P, net->Pn, net->V,
                     cur, cur ^ 1, net->measure, net->adaptive, t};
    return s;
}

/* an OVC of port pi became free: the heads waiting on it try again (and their router
 * has heads to allocate) */
HOT void wake_port(network *net, uint32_t pi, uint64_t t, const int conc)
{
    const int x = (int)(pi / (uint32_t)net->P);
    const rstep s = router_view(net, x, t);
    wake_waiters(&s, (int)pi - s.rp);
    bit_or_w(net, net->st_va, (uint32_t)x, net->rs[x].va != 0, conc);
}

/* the credit of input port pi's VC v goes back upstream in cycle cur when mv (0 or 1):
 * without a branch, since whether a flit waits or finds room is data. The slot is OR-ed
 * (several VCs of a port may move in one cycle) and emptied by its reader. */
HOT void credit_back(const stage_ctx *g, port_state *pi, uint32_t pin, int v, uint32_t mv, const int conc)
{
    g->cr_cur[pi->cr_slot] |= mv << v;
    bit_or_w(g->net, g->cin_cur, pi->cin_bit, mv, conc);
    g->moved[pin] |= mv << v;
}

/* 2. the link of output port pi (§5.2), with the refill of the popped buffer from its
 * owner (§5.3). Returns 1 when the port keeps an eligible OVC. ej: the ejection port. */
HOT int link_pop(const stage_ctx *g, net_counters *c, uint32_t pi, uint32_t *rel, int *nrel, uint64_t *moves,
                 const int ej, const int conc)
{
    const uint32_t V = g->V;
    port_state *po = &g->ps[pi];
    const uint32_t elig = po->ob_ne & po->cred_ok;
    const int w = rr_pick(elig, po->link_ptr);
    const uint32_t ov = pi * V + (uint32_t)w, bit = 1u << w;
    const flit_t f = g->ob[ov];
    link_sig *sig = &g->in_cur[po->out_slot];
    sig->flit = f;
    sig->vc = w;
    po->link_ptr = (uint16_t)((uint32_t)w + 1 == V ? 0 : w + 1);
    if (ej) {
        bit_or_w(g->net, g->ej_cur, (uint32_t)po->out_slot - g->ej_base, 1, conc);
    } else {
        bit_or_w(g->net, g->fin_cur, (uint32_t)po->out_slot, 1, conc);
        po->cred_ok &= ~bit;
        if (g->measure) {
            g->chan_flits[pi]++;
            c->vc_flits[w]++;
        }
    }
    if (!flit_is_tail(f)) {
        /* the message goes on: its owner is active on this OVC */
        const uint32_t own = g->st_owner[ov], pin = own >> 5;
        const int v = (int)(own & 31);
        port_state *pp = &g->ps[pin];
        const uint32_t has = pp->ib_ne >> v & 1;
        const flit_t h = g->ib[pin * V + (uint32_t)v];
        g->ob[ov] = has ? h : f;
        po->ob_ne &= ~((has ^ 1) << w);
        pp->ib_ne &= ~(has << v);
        if (flit_is_tail(h)) pp->ivc_act &= ~(has << v); /* (one flit in a message: predictable) */
        credit_back(g, pp, pin, v, has, conc);
        *moves += has;
    } else {
        po->ob_ne &= ~bit;
        rel[(*nrel)++] = pi << 5 | (uint32_t)w;
    }
    /* w has no credit now (network ports): the port keeps one only through another VC */
    return ej ? po->ob_ne != 0 : (elig & ~bit) != 0;
}

/* 3. a flit into input port pi's VC v (§5.4), crossing at once when its VC is active and its
 * output buffer has room after the link's pops (§5.3); the slot keeps it either way, as the
 * RTL's FIFO register does. inj: the injection port (its credits go to the source). */
HOT void arrive(const stage_ctx *g, uint32_t pin, int v, flit_t f, uint64_t *moves, const int conc)
{
    const uint32_t V = g->V;
    port_state *pp = &g->ps[pin];
    const uint32_t vb = 1u << v, iv = pin * V + (uint32_t)v;
    g->ib[iv] = f;
    if (pp->ivc_act & vb) {
        const uint32_t out = g->st_out[iv], po_i = out >> 5;
        const int w = (int)(out & 31);
        port_state *po = &g->ps[po_i];
        flit_t *slot = &g->ob[po_i * V + (uint32_t)w];
        const uint32_t full = po->ob_ne >> w & 1, mv = full ^ 1;
        const flit_t old = *slot;
        pp->ib_ne |= full << v; /* a full buffer: it waits for the pop */
        *slot = full ? old : f;
        po->ob_ne |= 1u << w;
        bit_or_w(g->net, g->la, po_i, po->cred_ok >> w & 1, conc); /* (already set when it waits) */
        if (flit_is_tail(f)) pp->ivc_act &= ~(mv << v);
        credit_back(g, pp, pin, v, mv, conc);
        *moves += mv;
    } else {
        pp->ib_ne |= vb;
        if (!(pp->blocked & vb)) { /* a head to allocate (one flit in a message: not the common case) */
            network *net = g->net;
            const uint32_t x = pin / (uint32_t)net->P;
            net->rs[x].va |= 1u << (pin - x * (uint32_t)net->P);
            bit_or_w(net, net->st_va, x, 1, conc);
        }
    }
}

/* 4. §5.1 for router x; the grants' heads cross at once (§5.3) */
HOT void allocate(const stage_ctx *g, net_counters *c, int x, uint64_t t, const int conc)
{
    network *net = g->net;
    const rstep sv = router_view(net, x, t), *s = &sv;
    router_sum *r = s->r;
    const int V = s->V, PV = s->P * V, rp = s->rp;
    int win_q[MAX_PORTS], win_w[MAX_PORTS];
    const uint32_t win_ports = va_winners(s, win_q, win_w, 1);
    for (uint32_t pm = win_ports; pm; pm &= pm - 1) {
        const int o = ctz32(pm), q = win_q[o], i = q / V, v = q - i * V, w = win_w[o];
        const uint32_t pin = (uint32_t)(rp + i), pout = (uint32_t)(rp + o);
        const uint32_t iv = pin * (uint32_t)V + (uint32_t)v, ov = pout * (uint32_t)V + (uint32_t)w, vb = 1u << v;
        port_state *pi = &s->ps[i], *po = &s->ps[o];
        pi->rc_valid &= ~vb;
        net->ivc[iv].oport = (uint8_t)o;
        net->ivc[iv].ovc = (uint8_t)w;
        net->st_out[iv] = pout << 5 | (uint32_t)w;
        po->ovc_busy |= 1u << w;
        net->ovc_owner[ov] = (uint16_t)q;
        net->owner_port[ov] = (uint16_t)i;
        net->st_owner[ov] = pin << 5 | (uint32_t)v;
        net->ovc_since[ov] = t;
        po->va_ptr = (uint16_t)(q + 1 == PV ? 0 : q + 1);
        /* the head crosses: the free OVC's buffer is empty */
        const flit_t f = route_update(net->rt, x, net->ib[iv], o, w);
        net->ob[ov] = f;
        po->ob_ne |= 1u << w;
        bit_or_w(net, net->st_la, pout, po->cred_ok >> w & 1, conc);
        pi->ib_ne &= ~vb;
        if (!flit_is_tail(f)) pi->ivc_act |= vb;
        credit_back(g, pi, pin, v, 1, conc);
        c->moves++;
        sum_va(r, pi, i);
    }
    if (!r->va) {
        if (conc && network_word_shared(net, (uint32_t)x >> 6)) __atomic_fetch_and(&net->st_va[x >> 6], ~(1ull << (x & 63)), __ATOMIC_RELAXED);
        else net->st_va[x >> 6] &= ~(1ull << (x & 63));
    }
}

/* the words [lo, hi) of a set of ports or nodes whose bits [bl, bh) belong to the part */
typedef struct {
    int lo, hi;
    uint32_t bl, bh;
} word_range;

static word_range words_of(uint32_t bl, uint32_t bh)
{
    word_range w = {(int)(bl >> 6), (int)((bh + 63) >> 6), bl, bh};
    if (bl >= bh) w.hi = w.lo;
    return w;
}

static inline uint64_t part_bits(const word_range *r, int j) { return network_part_bits(j, r->bl, r->bh); }

/* takes the part's bits of word j out of a set: all of them when one part has the set */
HOT uint64_t take_word(const network *net, uint64_t *set, int j, const word_range *r, const int conc)
{
    if (!conc || !network_word_shared(net, (uint32_t)j)) { /* (a word only this part writes is all its own) */
        const uint64_t m = set[j];
        set[j] = 0;
        return m;
    }
    const uint64_t mine = part_bits(r, j);
    return __atomic_fetch_and(&set[j], ~mine, __ATOMIC_RELAXED) & mine;
}

HOT void steps_staged(network *net, int xlo, int xhi, uint64_t t, net_counters *c, const int conc)
{
    const int P = net->P, cur = (int)(t & 1), prv = cur ^ 1;
    const word_range pw = words_of((uint32_t)(xlo * P), (uint32_t)(xhi * P)), nw = words_of((uint32_t)xlo, (uint32_t)xhi);
    port_state *ps = net->ps;
    const uint64_t *local = net->st_local;
    const stage_ctx g = {net, ps, net->ib, net->ob, net->in[cur], net->cr[cur], net->st_out, net->st_owner, net->moved,
                         net->st_fin[cur], net->st_cin[cur], net->st_ej[cur], net->st_la, net->chan_flits,
                         (uint32_t)net->V, (uint32_t)(net->N * P), net->measure};

    /* 1. the credits of t-1 */
    uint32_t *cr = net->cr[prv];
    for (int j = pw.lo; j < pw.hi; j++) {
        uint64_t m = take_word(net, net->st_cin[prv], j, &pw, conc), la = 0;
        for (; m; m &= m - 1) {
            const int b = ctz64(m);
            const uint32_t pi = (uint32_t)j << 6 | (uint32_t)b;
            port_state *p = &ps[pi];
            const uint32_t k = cr[pi];
            cr[pi] = 0;
            p->cred_ok |= k;
            la |= (uint64_t)((p->ob_ne & k) != 0) << b;
            /* §5.1: an adaptive OVC becomes free when its last credit is back */
            if (k & net->adaptive & ~p->ovc_busy) wake_port(net, pi, t, conc);
        }
        if (la) {
            if (conc && network_word_shared(net, (uint32_t)j)) __atomic_fetch_or(&net->st_la[j], la, __ATOMIC_RELAXED);
            else net->st_la[j] |= la;
        }
    }
    /* the ejection channels of t-2 read "no flit" again */
    for (int j = nw.lo; j < nw.hi; j++)
        for (uint64_t m = take_word(net, net->st_ej[cur], j, &nw, conc); m; m &= m - 1)
            net->ej[cur][j << 6 | ctz64(m)].vc = -1;

    /* 2. the link on state(t); a tail's release waits in the part's own stretch of st_rel
     * (one pop per port and cycle) */
    uint32_t *rel = &net->st_rel[xlo * P];
    int nrel = 0;
    uint64_t pops = 0, hops = 0, moves = 0;
    for (int j = pw.lo; j < pw.hi; j++) {
        const int sh = conc && network_word_shared(net, (uint32_t)j);
        const uint64_t m = sh ? __atomic_load_n(&net->st_la[j], __ATOMIC_RELAXED) & part_bits(&pw, j) : net->st_la[j];
        if (!m) continue;
        uint64_t gone = 0;
        const uint64_t mn = m & ~local[j];
        for (uint64_t k = mn; k; k &= k - 1) {
            const int b = ctz64(k);
            gone |= (uint64_t)!link_pop(&g, c, (uint32_t)j << 6 | (uint32_t)b, rel, &nrel, &moves, 0, conc) << b;
        }
        for (uint64_t k = m & local[j]; k; k &= k - 1) {
            const int b = ctz64(k);
            gone |= (uint64_t)!link_pop(&g, c, (uint32_t)j << 6 | (uint32_t)b, rel, &nrel, &moves, 1, conc) << b;
        }
        hops += (uint64_t)__builtin_popcountll(mn);
        if (sh) __atomic_fetch_and(&net->st_la[j], ~gone, __ATOMIC_RELAXED);
        else net->st_la[j] = m & ~gone;
        pops += (uint64_t)__builtin_popcountll(m);
    }
    c->flit_hops += hops;

    /* 3. the flits of t-1 (a network slot is emptied once taken; the source writes its own
     * every cycle) */
    link_sig *in = net->in[prv];
    for (int j = pw.lo; j < pw.hi; j++) {
        const uint64_t m = take_word(net, net->st_fin[prv], j, &pw, conc);
        for (uint64_t k = m & ~local[j]; k; k &= k - 1) {
            const uint32_t pin = (uint32_t)j << 6 | (uint32_t)ctz64(k);
            arrive(&g, pin, in[pin].vc, in[pin].flit, &moves, conc);
            in[pin].vc = -1;
        }
        for (uint64_t k = m & local[j]; k; k &= k - 1) {
            const uint32_t pin = (uint32_t)j << 6 | (uint32_t)ctz64(k);
            arrive(&g, pin, in[pin].vc, in[pin].flit, &moves, conc);
        }
    }

    /* 4. VC allocation */
    for (int j = nw.lo; j < nw.hi; j++) {
        uint64_t m = conc && network_word_shared(net, (uint32_t)j) ? __atomic_load_n(&net->st_va[j], __ATOMIC_RELAXED) & part_bits(&nw, j)
                                                           : net->st_va[j];
        for (; m; m &= m - 1) allocate(&g, c, j << 6 | ctz64(m), t, conc);
    }
    c->moves += pops + moves;

    /* 5. the OVCs the tails left: free from t+1 */
    for (int k = 0; k < nrel; k++) {
        const uint32_t pi = rel[k] >> 5;
        const int w = (int)(rel[k] & 31), x = (int)(pi / (uint32_t)P), o = (int)pi - x * P;
        const rstep s = router_view(net, x, t);
        release_ovc(&s, c, &ps[pi], o, w);
        bit_or_w(net, net->st_va, (uint32_t)x, net->rs[x].va != 0, conc);
    }
}

static void steps_staged_one(network *net, int xlo, int xhi, uint64_t t, net_counters *c)
{
    steps_staged(net, xlo, xhi, t, c, 0);
}
static void steps_staged_conc(network *net, int xlo, int xhi, uint64_t t, net_counters *c)
{
    steps_staged(net, xlo, xhi, t, c, 1);
}

void network_step_part(network *net, int xlo, int xhi, uint64_t t, net_counters *c)
{
    if (net->concurrent) steps_staged_conc(net, xlo, xhi, t, c);
    else steps_staged_one(net, xlo, xhi, t, c);
}

void network_set_parts(network *net, const int *lo, int T)
{
    const int N = net->N, P = net->P;
    const int nw = 2 * N; /* the words a set may use (st_cin's: the ports', then the nodes') */
    memset(net->st_shared, 0, sizeof(uint64_t) * (size_t)((nw + 63) / 64));
    int *part = malloc(sizeof(int) * (size_t)N);
    if (!part) { /* every word shared: right, only slower */
        memset(net->st_shared, 0xFF, sizeof(uint64_t) * (size_t)((nw + 63) / 64));
        return;
    }
    for (int k = 0; k < T; k++)
        for (int x = lo[k]; x < (k + 1 < T ? lo[k + 1] : N); x++) part[x] = k;
#define SHARE(w) (net->st_shared[(w) >> 6] |= 1ull << ((w) & 63))
    /* a port word: its ports in two parts, or one of them marked from another part (an
     * input port by its upstream router, an output port by its downstream one) */
    for (int pi = 0; pi < N * P; pi++) {
        const int x = pi / P, w = pi >> 6, first = w << 6;
        const port_state *s = &net->ps[pi];
        if (part[first / P] != part[x] || (s->up_x >= 0 && s->up_x < N && part[s->up_x] != part[x]) ||
            (s->down_x >= 0 && part[s->down_x] != part[x]))
            SHARE(w);
    }
    /* a node word, and st_cin's node word: its nodes in two parts */
    for (int x = 0; x < N; x++)
        if (part[(x >> 6) << 6] != part[x]) {
            SHARE(x >> 6);
            SHARE(net->nwp + (x >> 6));
        }
#undef SHARE
    free(part);
}

void network_use_stages(network *net)
{
    const int N = net->N, P = net->P, Pn = net->Pn;
    net->staged = 1;
    memset(net->st_shared, 0xFF, sizeof(uint64_t) * (size_t)((2 * N + 63) / 64)); /* until the parts are known */
    for (int x = 0; x < N; x++) {
        const uint32_t pl = (uint32_t)(x * P + Pn);
        net->st_local[pl >> 6] |= 1ull << (pl & 63);
        for (int p = 0; p < P; p++) {
            port_state *s = &net->ps[x * P + p];
            s->cin_bit = p == Pn ? ((uint32_t)net->nwp << 6) + (uint32_t)x : (uint32_t)s->cr_slot;
        }
    }
}

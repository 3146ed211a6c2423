/* invariants.c: see invariants.h. */
#include "invariants.h"
#include <stdarg.h>
#include <stdio.h>

static int broken(char *err, size_t errlen, uint64_t t, int x, const char *fmt, ...)
{
    int n = snprintf(err, errlen, "invariant broken after cycle %llu at router %d: ", (unsigned long long)t, x);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < errlen) vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* input VC w of port port_idx: network_ib_count without its division (this runs for
 * every VC after every cycle of every test) */
static int ib_count(const network *net, int port_idx, int w)
{
    if (net->B == 1) return (int)(net->ps[port_idx].ib_ne >> w & 1);
    return net->ivc[port_idx * net->V + w].cnt;
}

static int ob_count(const network *net, int ov, int port_idx, int w)
{
    if (net->Bo == 1) return (int)(net->ps[port_idx].ob_ne >> w & 1);
    return net->ovc[ov].cnt;
}

/* the OVCs of a port that VC allocation cannot grant (§5.1 step 1) */
static uint32_t taken(const network *net, int port_idx)
{
    const uint32_t full = net->B == 1 ? net->ps[port_idx].cred_ok : net->ps[port_idx].cred_full;
    return net->ps[port_idx].ovc_busy | (net->adaptive & ~full);
}

static int set_bit_of(const uint64_t *set, int i) { return (int)(set[i >> 6] >> (i & 63) & 1); }

/* the staged step's sets (network_staged.c) equal what they stand for at router x, and what
 * it keeps beside the registers (an active VC's output, an OVC's owner) names them */
static int check_staged(const network *net, int x, int cur, uint64_t t, char *err, size_t errlen)
{
    const int P = net->P, Pn = net->Pn, V = net->V, prv = cur ^ 1;
    const router_sum *r = &net->rs[x];
    if (r->sw || r->la || r->arr_in[0] | r->arr_in[1] | r->arr_cr[0] | r->arr_cr[1])
        return broken(err, errlen, t, x, "the staged step left a per-router mask set (sw 0x%x, la 0x%x)", r->sw, r->la);
    if (set_bit_of(net->st_va, x) != (r->va != 0))
        return broken(err, errlen, t, x, "st_va says %d, but the router's va mask is 0x%x", set_bit_of(net->st_va, x), r->va);
    if (set_bit_of(net->st_ej[cur], x) != (net->ej[cur][x].vc >= 0) || set_bit_of(net->st_ej[prv], x) != (net->ej[prv][x].vc >= 0))
        return broken(err, errlen, t, x, "st_ej disagrees with the ejection channel");
    if (net->cr[prv][x * P + Pn])
        return broken(err, errlen, t, x, "the source's credits of cycle %llu were not emptied once read", (unsigned long long)t - 1);
    if (set_bit_of(net->st_cin[cur], (net->nwp << 6) + x) != (net->cr[cur][x * P + Pn] != 0) ||
        set_bit_of(net->st_cin[prv], (net->nwp << 6) + x))
        return broken(err, errlen, t, x, "st_cin's bit of the source disagrees with its credits");
    for (int p = 0; p < P; p++) {
        const int pi = x * P + p;
        const port_state *ps = &net->ps[pi];
        const struct { const char *name; int kept, real; } m[] = {
            {"st_la", set_bit_of(net->st_la, pi), (ps->ob_ne & ps->cred_ok) != 0},
            {"st_fin", set_bit_of(net->st_fin[cur], pi), net->in[cur][pi].vc >= 0},
            {"st_fin (taken)", set_bit_of(net->st_fin[prv], pi), 0},
            {"st_cin", p < Pn && set_bit_of(net->st_cin[cur], pi), p < Pn && net->cr[cur][pi] != 0},
            {"st_cin (taken)", p < Pn && set_bit_of(net->st_cin[prv], pi), 0},
            {"st_local", set_bit_of(net->st_local, pi), p == Pn},
        };
        for (size_t k = 0; k < sizeof m / sizeof m[0]; k++)
            if (m[k].kept != m[k].real)
                return broken(err, errlen, t, x, "port %d: kept set %s says %d, but the state says %d", p, m[k].name,
                              m[k].kept, m[k].real);
        if (ps->stalled) return broken(err, errlen, t, x, "port %d: the staged step marked input VCs stalled", p);
        if (ps->cin_bit != (p == Pn ? ((uint32_t)net->nwp << 6) + (uint32_t)x : (uint32_t)ps->cr_slot))
            return broken(err, errlen, t, x, "port %d: its credits mark bit %u of st_cin", p, ps->cin_bit);
        for (uint32_t a = ps->ivc_act; a; a &= a - 1) {
            const int v = __builtin_ctz(a), iv = pi * V + v;
            const uint32_t want = (uint32_t)(x * P + net->ivc[iv].oport) << 5 | net->ivc[iv].ovc;
            if (net->st_out[iv] != want)
                return broken(err, errlen, t, x, "input VC %d.%d: st_out 0x%x, its output VC is 0x%x", p, v, net->st_out[iv], want);
        }
        for (uint32_t b = ps->ovc_busy; b; b &= b - 1) {
            const int w = __builtin_ctz(b), ov = pi * V + w, q = net->ovc_owner[ov];
            const uint32_t want = (uint32_t)(x * P + q / V) << 5 | (uint32_t)(q % V);
            if (net->st_owner[ov] != want)
                return broken(err, errlen, t, x, "output VC %d.%d: st_owner 0x%x, its owner is 0x%x", p, w, net->st_owner[ov], want);
        }
    }
    return 0;
}

/* the masks the step keeps to skip idle ports (network.h) equal what they summarize,
 * and the slots of cycle t-1 that x took in are empty again */
static int check_kept_masks(const network *net, int x, int cur, uint64_t t, char *err, size_t errlen)
{
    const int P = net->P, Pn = net->Pn;
    if (net->staged && check_staged(net, x, cur, t, err, errlen)) return -1;
    uint32_t va = 0, sw = 0, la = 0, arr_in = 0, arr_cr = 0, left_in = 0, left_cr = 0;
    for (int p = 0; p < P; p++) {
        const int pi = x * P + p;
        const port_state *ps = &net->ps[pi];
        va |= (uint32_t)((ps->ib_ne & ~ps->ivc_act & ~ps->blocked) != 0) << p;
        sw |= (uint32_t)((ps->ivc_act & ps->ib_ne & ~ps->stalled) != 0) << p;
        la |= (uint32_t)((ps->ob_ne & ps->cred_ok) != 0) << p;
        if (p < Pn) {
            arr_in |= (uint32_t)(net->in[cur][pi].vc >= 0) << p;
            arr_cr |= (uint32_t)(net->cr[cur][pi] != 0) << p;
            left_in |= (uint32_t)(net->in[cur ^ 1][pi].vc >= 0) << p;
            left_cr |= (uint32_t)(net->cr[cur ^ 1][pi] != 0) << p;
        }
    }
    if (net->staged) sw = la = arr_in = arr_cr = 0; /* kept as the sets check_staged checked */
    const struct { const char *name; uint32_t kept, real; } m[] = {
        {"va", net->rs[x].va, va},
        {"sw", net->rs[x].sw, sw},
        {"la", net->rs[x].la, la},
        {"arr_in", net->rs[x].arr_in[cur], arr_in},
        {"arr_cr", net->rs[x].arr_cr[cur], arr_cr},
        {"arr_in (absorbed)", net->rs[x].arr_in[cur ^ 1], 0},
        {"arr_cr (absorbed)", net->rs[x].arr_cr[cur ^ 1], 0},
        {"in (absorbed slots)", left_in, 0},
        {"cr (absorbed slots)", left_cr, 0},
    };
    for (size_t k = 0; k < sizeof m / sizeof m[0]; k++)
        if (m[k].kept != m[k].real)
            return broken(err, errlen, t, x, "kept mask %s = 0x%x, but the state says 0x%x", m[k].name, m[k].kept,
                          m[k].real);
    return 0;
}

/* every check of input VC v and output VC v of port p of router x (B, Bo any) */
static int check_vc(const network *net, int x, int p, int v, int cur, uint64_t t, char *err, size_t errlen)
{
    const int P = net->P, Pn = net->Pn, V = net->V, B = net->B, Bo = net->Bo, pi = x * P + p;
    const uint32_t bit = 1u << v;
    const int iv = pi * V + v, ov = pi * V + v;
    int n = ib_count(net, pi, v), m = ob_count(net, ov, pi, v);
    if (B > 1 && ((net->ps[pi].ib_ne & bit) != 0) != (n > 0))
        return broken(err, errlen, t, x, "input VC %d.%d: non-empty bit %d, %d flits", p, v,
                      (int)(net->ps[pi].ib_ne >> v & 1), n);
    if (Bo > 1 && (((net->ps[pi].ob_ne & bit) != 0) != (m > 0) || ((net->ps[pi].ob_full & bit) != 0) != (m == Bo)))
        return broken(err, errlen, t, x, "output VC %d.%d: masks disagree with %d flits", p, v, m);
    /* a busy output VC: its owner holds it, or the owner's tail waits in its buffer */
    if (net->ps[pi].ovc_busy & bit) {
        int q = net->ovc_owner[ov], i = q / V, u = q % V, oiv = (x * P + i) * V + u;
        if (net->owner_port[ov] != i)
            return broken(err, errlen, t, x, "output VC %d.%d: owner_port %d, but its owner is on port %d", p, v,
                          net->owner_port[ov], i);
        int holds = (net->ps[x * P + i].ivc_act >> u & 1) && net->ivc[oiv].oport == p && net->ivc[oiv].ovc == v;
        if (!holds && !m)
            return broken(err, errlen, t, x,
                          "output VC %d.%d is busy, but its owner %d.%d does not hold it and its buffer is empty",
                          p, v, i, u);
    } else if (m && !(net->ps[pi].ovc_busy & bit)) {
        return broken(err, errlen, t, x, "output VC %d.%d holds %d flits but is free", p, v, m);
    }
    if (net->ps[pi].ivc_act & bit) {
        int o = net->ivc[iv].oport, w = net->ivc[iv].ovc;
        if (!(net->ps[x * P + o].ovc_busy >> w & 1) || net->ovc_owner[(x * P + o) * V + w] != p * V + v)
            return broken(err, errlen, t, x, "input VC %d.%d is active on output VC %d.%d, which it does not own",
                          p, v, o, w);
        if (B == 1 && Bo == 1 && (net->ps[pi].ib_ne & bit) && !ob_count(net, (x * P + o) * V + w, x * P + o, w))
            return broken(err, errlen, t, x, "input VC %d.%d holds a flit, but its output VC %d.%d has room", p, v, o, w);
        if ((net->ps[pi].stalled & bit) && !(ob_count(net, (x * P + o) * V + w, x * P + o, w) == Bo))
            return broken(err, errlen, t, x, "input VC %d.%d is marked stalled but output VC %d.%d has room",
                          p, v, o, w);
    } else if (net->ps[pi].stalled & bit) {
        return broken(err, errlen, t, x, "idle input VC %d.%d is marked stalled", p, v);
    }
    /* a blocked head: every cached candidate busy, unless a time-out gates level 1 */
    if ((net->ps[pi].blocked & bit) && !(net->ps[pi].ivc_act & bit)) {
        if (!(net->ps[pi].rc_valid & bit))
            return broken(err, errlen, t, x, "input VC %d.%d is blocked without cached candidates", p, v);
        const uint32_t *c = &net->rc[(size_t)iv * ROUTE_LEVELS * P];
        for (uint32_t pm = net->rc_ports[iv]; pm; pm &= pm - 1) {
            int o = __builtin_ctz(pm);
            for (int l = 0; l < ROUTE_LEVELS; l++) {
                uint32_t fr = c[l * P + o] & ~taken(net, x * P + o);
                if (fr)
                    return broken(err, errlen, t, x,
                                  "input VC %d.%d is blocked but output VC %d.%d (level %d) is free", p, v, o,
                                  __builtin_ctz(fr), l);
            }
        }
    }
    /* §5.1: an adaptive VC's input buffer never holds flits of two messages
     * (Duato's assumption, §6.6): nothing follows a tail */
    if (p < Pn && (net->adaptive & bit) && n > 1)
        for (int k = 0; k + 1 < n; k++)
            if (flit_is_tail(net->ib[(size_t)iv * B + (net->ivc[iv].head + k) % B]))
                return broken(err, errlen, t, x,
                              "adaptive input VC %d.%d holds flits of two messages (a flit follows a tail)", p, v);
    /* credits: the sender's count, the downstream buffer, the link and the wire back add up to B */
    if (p < Pn && net->down[pi] >= 0) {
        int slot = net->down[pi];
        int credit = B == 1 ? (int)(net->ps[pi].cred_ok >> v & 1) : net->ovc[ov].credit;
        int in_buf = ib_count(net, slot, v);
        int on_link = net->in[cur][slot].vc == v;
        int on_wire = (int)(net->cr[cur][pi] >> v & 1);
        if (B > 1 && ((net->ps[pi].cred_full >> v & 1) != 0) != (credit == B))
            return broken(err, errlen, t, x, "output VC %d.%d: credit-full bit %d, %d credits of B = %d", p, v,
                          (int)(net->ps[pi].cred_full >> v & 1), credit, B);
        if (credit + in_buf + on_link + on_wire != B)
            return broken(err, errlen, t, x,
                          "credits of output VC %d.%d: %d + %d buffered + %d on the link + %d returning != B = %d",
                          p, v, credit, in_buf, on_link, on_wire, B);
    }
    return 0;
}

/* with B = Bo = 1: the credit of each VC of network output port pi is in exactly one place
 * (the sender, the receiver's one-slot buffer, the link, the wire back), as masks */
static int credits_add_up_b1(const network *net, int pi, int cur)
{
    const uint32_t full = net->V == 32 ? ~0u : (1u << net->V) - 1;
    const int slot = net->down[pi];
    const uint32_t c = net->ps[pi].cred_ok & full, b = net->ps[slot].ib_ne & full, w = net->cr[cur][pi] & full;
    const uint32_t l = net->in[cur][slot].vc >= 0 ? (1u << net->in[cur][slot].vc) & full : 0;
    return (c | b | l | w) == full && !(c & b) && !((c | b) & l) && !((c | b | l) & w);
}

int network_check(const network *net, uint64_t t, char *err, size_t errlen)
{
    const int N = net->N, P = net->P, Pn = net->Pn, V = net->V, cur = (int)(t & 1);
    const uint32_t full = V == 32 ? ~0u : (1u << V) - 1;
    for (int x = 0; x < N; x++) {
        for (int p = 0; p < P; p++) {
            const int pi = x * P + p;
            const port_state *ps = &net->ps[pi];
            /* With one-slot buffers a VC with none of these bits set and its credit in
             * exactly one place can break no check of check_vc: only the others are visited
             * (this runs after every cycle of every test). A port whose credits do not add up
             * is visited whole, so that the first break named is the one the full scan names. */
            uint32_t todo = full;
            if (net->B == 1 && net->Bo == 1) {
                todo = (ps->ivc_act | ps->blocked | ps->stalled | ps->ob_ne | ps->ovc_busy) & full;
                if (p < Pn && net->down[pi] >= 0 && !credits_add_up_b1(net, pi, cur)) todo = full;
            }
            for (; todo; todo &= todo - 1)
                if (check_vc(net, x, p, __builtin_ctz(todo), cur, t, err, errlen)) return -1;
        }
        if (check_kept_masks(net, x, cur, t, err, errlen)) return -1;
    }
    return 0;
}

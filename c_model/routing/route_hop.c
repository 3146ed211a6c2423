/* route_hop.c: the hop-class routings and Duato's protocol (docs/microarchitecture.md §6.2).
 * phop, nhop, pbc, nbc:      every VC is an escape VC of some hop class; one level.
 * duato_{phop,nhop,pbc,nbc}: adaptive VCs E..V-1 on every minimal port at level 0, the
 *                            hop-class escape VCs 0..E-1 at level 1.
 * The header keeps lo (field neg), the lowest class the next hop may use, and the bonus
 * cards left (field bonus); the class bounds of a hop are lo .. lo + bonus. */
#include "route.h"
#include <stdio.h>
#include <stdlib.h>

enum { F_N = 1, F_BONUS = 2, F_DUATO = 4 };

static int label(const topology *t, int x)
{
    int s = 0;
    for (int d = 0; d < t->n; d++) s += topo_coord(t, x, d);
    return s & 1;
}

static inline const hop_classes *hc(const routing *r) { return r->priv; }

static int inc(const routing *r, int x) { return hc(r)->nscheme ? label(r->t, x) : 1; }

static void hop_release(routing *r) { free(r->priv); }

static int hop_check(routing *r, int flags, char *err, size_t errlen)
{
    const topology *t = r->t;
    const char *name = r->algo->name;
    const int nscheme = (flags & F_N) != 0;
    if (nscheme && topo_is_torus(t))
        for (int d = 0; d < t->n; d++)
            if (t->k[d] % 2) {
                snprintf(err, errlen,
                         "routing %s needs an even radix in every torus dimension (a 2-colouring of the nodes); k%d = %d",
                         name, d, t->k[d]);
                return -1;
            }
    int C = nscheme ? 1 + t->diameter / 2 : t->diameter + 1;
    int E = flags & F_DUATO ? (r->E ? r->E : C) : r->V;
    if (!(flags & F_DUATO) && r->E && r->E != r->V) {
        snprintf(err, errlen, "escape_vcs applies to the duato_* routings; routing %s uses all %d VCs as escape VCs", name,
                 r->V);
        return -1;
    }
    /* a network whose diameter needs more classes than a router has VCs cannot run the routing at all: said
     * so, whatever vcs and escape_vcs (which are then beside the point) */
    const int need = flags & F_DUATO ? C + 1 : C;
    if (C > MAX_CLASSES || need > MAX_VCS) {
        snprintf(err, errlen, "routing %s cannot run here: %d hop classes (diameter %d) need %d VCs, more than the "
                 MAX_VCS_STR " a router has (the network's diameter is too large for this routing)", name, C,
                 t->diameter, need);
        return -1;
    }
    if (E < C) {
        snprintf(err, errlen, "too few VCs for routing %s: %d hop classes (diameter %d) need %s >= %d, got %d", name, C,
                 t->diameter, flags & F_DUATO ? "escape VCs" : "vcs", C, E);
        return -1;
    }
    if ((flags & F_DUATO) && r->V < E + 1) {
        snprintf(err, errlen, "too few VCs for routing %s: %d escape VCs and at least 1 adaptive VC need vcs >= %d, got %d",
                 name, E, E + 1, r->V);
        return -1;
    }
    hop_classes *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    h->C = C;
    h->nscheme = nscheme;
    for (int c = 0; c <= C; c++) h->cls_ge[c] = route_vc_range(c * E / C, E);
    for (int c = 0; c < C; c++) h->cls_le[c] = route_vc_range(0, (c + 1) * E / C);
    for (int v = 0; v < MAX_VCS; v++) h->cls[v] = v < E ? (int8_t)(((v + 1) * C - 1) / E) : -1;
    r->priv = h;
    r->E = E;
    r->escape = route_vc_range(0, E);
    return 0;
}

const hop_classes *route_hop_info(const routing *r) { return r->algo->release == hop_release ? r->priv : NULL; }

/* the escape VCs of classes lo .. min(lo + bonus, C - 1) */
static uint32_t escape_mask(const routing *r, flit_t head)
{
    const hop_classes *h = hc(r);
    int lo = flit_neg(r->fl, head), hi = lo + flit_bonus(r->fl, head);
    if (lo > h->C - 1) return 0; /* lo..hi empty (unreachable on minimal paths) */
    if (hi > h->C - 1) hi = h->C - 1;
    return h->cls_ge[lo] & h->cls_le[hi];
}

static void hop_cands(const routing *r, int node, flit_t head, route_cands *c, int duato)
{
    uint32_t ports = route_min_ports(r->t, node, flit_dst(r->fl, head));
    uint32_t esc = escape_mask(r, head), ad = route_vc_range(r->E, r->V);
    for (; ports; ports &= ports - 1) {
        int p = __builtin_ctz(ports);
        if (duato) {
            c->m[0][p] = ad;
            c->m[1][p] = esc;
        } else {
            c->m[0][p] = esc;
        }
    }
}

static flit_t hop_update(const routing *r, int node, flit_t head, int oport, int ovc)
{
    (void)oport;
    const flit_layout *fl = r->fl;
    int lo = flit_neg(fl, head), bonus = flit_bonus(fl, head), c = hc(r)->cls[ovc];
    if (c >= 0) { /* an escape hop of class c */
        bonus -= c - lo;
        lo = c;
    }
    lo += inc(r, node);
    int top = (1 << fl->CW) - 1;
    if (lo > top) lo = top; /* saturating, as the contract says; bonus cannot go below 0 */
    head = bits_set(head, fl->neg_lo, fl->CW, (uint64_t)lo);
    return bits_set(head, fl->bonus_lo, fl->CW, (uint64_t)bonus);
}

/* bonus = (C - 1) minus the increments of the first H - 1 nodes of a minimal path */
static flit_t hop_init_head(const routing *r, int src, int dst, flit_t head)
{
    int H = topo_distance(r->t, src, dst);
    if (H < 1) return head;
    int used = hc(r)->nscheme ? (label(r->t, src) ? H / 2 : (H - 1) / 2) : H - 1;
    int b = hc(r)->C - 1 - used;
    return bits_set(head, r->fl->bonus_lo, r->fl->CW, (uint64_t)(b < 0 ? 0 : b));
}

#define HOP_ROUTING(NAME, FLAGS, CODE, SUMMARY)                                                                        \
    static int NAME##_check(routing *r, char *err, size_t errlen) { return hop_check(r, FLAGS, err, errlen); }   \
    static void NAME##_cands(const routing *r, int node, int inport, flit_t head, route_cands *c)                     \
    {                                                                                                                  \
        (void)inport;                                                                                                  \
        hop_cands(r, node, head, c, (FLAGS)&F_DUATO);                                                                  \
    }                                                                                                                  \
    const route_algo route_##NAME = {                                                                                  \
        .name = #NAME,                                                                                                 \
        .summary = SUMMARY,                                                                                            \
        .check = NAME##_check,                                                                                         \
        .cands = NAME##_cands,                                                                                         \
        .update = hop_update,                                                                                          \
        .init_head = (FLAGS)&F_BONUS ? hop_init_head : NULL,                                                           \
        .release = hop_release,                                                                                        \
        .minimal = 1,                                                                                                  \
        .code = CODE,                                                                                                  \
        .levels = (FLAGS)&F_DUATO ? 2 : 1,                                                                             \
        .escape_set = (FLAGS)&F_DUATO ? 1 : 0,                                                                         \
    };

HOP_ROUTING(phop, 0, 2, "positive-hop: class = hops taken, D+1 classes, any minimal port")
HOP_ROUTING(nhop, F_N, 3, "negative-hop: class = negative hops taken, 1+floor(D/2) classes, any minimal port")
HOP_ROUTING(pbc, F_BONUS, 4, "phop with bonus cards: classes lo..lo+bonus")
HOP_ROUTING(nbc, F_N | F_BONUS, 5, "nhop with bonus cards: classes lo..lo+bonus")
HOP_ROUTING(duato_phop, F_DUATO, 6, "Duato: adaptive VCs, then phop escape VCs")
HOP_ROUTING(duato_nhop, F_DUATO | F_N, 7, "Duato: adaptive VCs, then nhop escape VCs")
HOP_ROUTING(duato_pbc, F_DUATO | F_BONUS, 8, "Duato: adaptive VCs, then pbc escape VCs")
HOP_ROUTING(duato_nbc, F_DUATO | F_N | F_BONUS, 9, "Duato: adaptive VCs, then nbc escape VCs (Safaei et al. [1], [2])")

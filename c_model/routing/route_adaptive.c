/* route_adaptive.c: the adaptive routings with a DOR escape (docs/microarchitecture.md
 * §6.2, §6.4). All three offer the adaptive VCs E..V-1 on every minimal port and the DOR
 * escape VC (dateline class 0/1 on tori, E = 2; VC 0 elsewhere, E = 1) on the DOR port:
 *   duato:          adaptive at level 0, escape at level 1 (seed 003 on the hypercube);
 *   minimal:        adaptive and escape together at level 0 (no preference);
 *   fully_adaptive: duato, plus misroutes at level 1 beside the escape: adaptive VCs on
 *                   every non-minimal connected port but the U-turn, while the head's
 *                   bonus field (misroutes left) is above 0; an escape hop spends them. */
#include "route.h"
#include <stdio.h>

/* misroutes a fully_adaptive message may take (its header's bonus field at the source) */
#define FA_MISROUTES 2

static int dor_escape_check(routing *r, char *err, size_t errlen)
{
    const int E = topo_is_torus(r->t) ? 2 : 1;
    if (r->E) {
        snprintf(err, errlen, "escape_vcs does not apply to routing %s (its DOR escape uses %d VC%s)", r->algo->name, E,
                 E > 1 ? "s" : "");
        return -1;
    }
    if (r->V < E + 1) {
        snprintf(err, errlen, "too few VCs for routing %s: %d escape VC%s and at least 1 adaptive VC need vcs >= %d, got %d",
                 r->algo->name, E, E > 1 ? "s" : "", E + 1, r->V);
        return -1;
    }
    r->E = E;
    r->escape = route_vc_range(0, E);
    return 0;
}

/* adaptive VCs on the minimal ports at level la, the escape VC on the DOR port at level le */
static void adaptive_cands(const routing *r, int node, flit_t head, route_cands *c, int la, int le)
{
    int dst = flit_dst(r->fl, head), port;
    uint32_t ports = route_min_ports(r->t, node, dst), ad = route_vc_range(r->E, r->V);
    for (; ports; ports &= ports - 1) c->m[la][__builtin_ctz(ports)] = ad;
    int d = route_dor_dim(r->t, node, dst, &port);
    c->m[le][port] |= route_dor_escape_vc(r, node, dst, d);
}

static void duato_cands(const routing *r, int node, int inport, flit_t head, route_cands *c)
{
    (void)inport;
    adaptive_cands(r, node, head, c, 0, 1);
}

const route_algo route_duato = {
    .name = "duato",
    .summary = "Duato: adaptive VCs on minimal ports first, DOR escape second (dateline VC 0/1 on tori, VC 0 elsewhere)",
    .check = dor_escape_check,
    .cands = duato_cands,
    .minimal = 1,
    .code = 10,
    .levels = 2,
};

static void minimal_cands(const routing *r, int node, int inport, flit_t head, route_cands *c)
{
    (void)inport;
    adaptive_cands(r, node, head, c, 0, 0);
}

const route_algo route_minimal = {
    .name = "minimal",
    .summary = "Minimal of Safaei et al. [1] (our reading): adaptive VCs on minimal ports and the DOR escape, no preference",
    .check = dor_escape_check,
    .cands = minimal_cands,
    .minimal = 1,
    .code = 12,
    .levels = 1,
};

static void fa_cands(const routing *r, int node, int inport, flit_t head, route_cands *c)
{
    adaptive_cands(r, node, head, c, 0, 1);
    if (!flit_bonus(r->fl, head)) return;
    const topology *t = r->t;
    uint32_t mis = ~route_min_ports(t, node, flit_dst(r->fl, head)) & ((1u << t->Pn) - 1);
    int u = route_uturn_port(t, inport);
    if (u >= 0) mis &= ~(1u << u);
    const uint32_t ad = route_vc_range(r->E, r->V);
    for (; mis; mis &= mis - 1) {
        int p = __builtin_ctz(mis);
        if (t->nbr[node * t->Pn + p] >= 0) c->m[1][p] |= ad;
    }
}

/* a misroute spends one; an escape hop spends all: after it the message routes as duato,
 * so no escape channel can wait on itself through misroutes (§6.4) */
static flit_t fa_update(const routing *r, int node, flit_t head, int oport, int ovc)
{
    int left = flit_bonus(r->fl, head);
    if (r->escape >> ovc & 1) left = 0;
    else if (!(route_min_ports(r->t, node, flit_dst(r->fl, head)) >> oport & 1)) left--;
    return bits_set(head, r->fl->bonus_lo, r->fl->CW, (uint64_t)left);
}

static flit_t fa_init_head(const routing *r, int src, int dst, flit_t head)
{
    (void)src;
    (void)dst;
    return bits_set(head, r->fl->bonus_lo, r->fl->CW, FA_MISROUTES);
}

const route_algo route_fully_adaptive = {
    .name = "fully_adaptive",
    .summary = "Fully-Adaptive of Safaei et al. [1] (our reading): duato plus up to 2 misroutes (no U-turn) beside the escape",
    .check = dor_escape_check,
    .cands = fa_cands,
    .update = fa_update,
    .init_head = fa_init_head,
    .minimal = 0,
    .code = 13,
    .levels = 2,
    .inport = 1,
};

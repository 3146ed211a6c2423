/* route_dor.c: dimension-order routing (docs/microarchitecture.md §6).
 * dor:        the DOR port; on tori the Dally-Seitz dateline classes split the VCs in
 *             two halves (class 0 while c_d < d_d, class 1 otherwise).
 * dor_escape: seed 004's scheme: VCs 2..V-1 free along the DOR path (level 0), and
 *             escape VC 0 (c_d < d_d) or VC 1 (otherwise) at level 1. */
#include "route.h"
#include <stdio.h>

static int dor_check(routing *r, char *err, size_t errlen)
{
    if (route_fixed_escape(r, err, errlen)) return -1;
    int need = topo_is_torus(r->t) && r->dateline ? 2 : 1;
    if (r->V < need) {
        snprintf(err, errlen, "too few VCs for routing dor: vcs=%d, dateline classes on a torus need vcs >= 2", r->V);
        return -1;
    }
    return 0;
}

static void dor_cands(const routing *r, int node, int inport, flit_t head, route_cands *c)
{
    (void)inport;
    int dst = flit_dst(r->fl, head), port;
    int d = route_dor_dim(r->t, node, dst, &port);
    c->m[0][port] = route_dor_vcs(r, node, dst, d);
}

const route_algo route_dor = {
    .name = "dor",
    .summary = "dimension-order routing; Dally-Seitz dateline VC classes on tori",
    .check = dor_check,
    .cands = dor_cands,
    .minimal = 1,
    .code = 0,
    .levels = 1,
    .dateline_classes = 1,
};

static int esc_check(routing *r, char *err, size_t errlen)
{
    if (route_fixed_escape(r, err, errlen)) return -1;
    if (r->V < 2) {
        snprintf(err, errlen, "too few VCs for routing dor_escape: vcs=%d, the escape VCs v1 and v2 need vcs >= 2", r->V);
        return -1;
    }
    r->escape = 3u; /* v1 and v2 */
    return 0;
}

static void esc_cands(const routing *r, int node, int inport, flit_t head, route_cands *c)
{
    (void)inport;
    int dst = flit_dst(r->fl, head), port;
    int d = route_dor_dim(r->t, node, dst, &port);
    c->m[0][port] = route_vc_range(2, r->V);
    c->m[1][port] = 1u << route_dateline_class(r->t, node, dst, d);
}

const route_algo route_dor_escape = {
    .name = "dor_escape",
    .summary = "Najaf-abadi and Sarbazi-Azad [5]: DOR path, VCs v3..vL free, escape v1 if c_i < d_i else v2",
    .check = esc_check,
    .cands = esc_cands,
    .minimal = 1,
    .code = 1,
    .levels = 2,
};

/* route_swft.c: software-based fault-tolerant DOR (docs/microarchitecture.md §6.3, seed
 * 002). The router follows DOR (reversed in the current dimension while the head's rev
 * bit is set) and, when the next node is faulty, sends the message to its own local port:
 * the node's software takes it and re-injects it (tb/source.c: source_forward). */
#include "route.h"
#include "progress.h"
#include <stdio.h>

#define RING_REV 1u  /* travel the current dimension in direction RING_DIR, not the minimal one */
#define RING_DIR 2u  /* 0: +, 1: - */

static int swft_check(routing *r, char *err, size_t errlen)
{
    if (route_fixed_escape(r, err, errlen)) return -1;
    if (r->t->kind != TOPO_TORUS) {
        snprintf(err, errlen, "routing swft needs a bidirectional torus (it reroutes the other way round a ring)");
        return -1;
    }
    if (r->V < 2) {
        /* also with dateline = 0: the contract's swft has dor's two classes (§6.3) */
        snprintf(err, errlen, "too few VCs for routing swft: vcs=%d; swft needs vcs >= 2 (dor's two dateline classes, "
                 "§6.3), also with dateline = 0", r->V);
        return -1;
    }
    return 0;
}

static int swft_port(const routing *r, int node, flit_t head, int *dim)
{
    int dst = flit_dst(r->fl, head), port;
    int d = route_dor_dim(r->t, node, dst, &port);
    int ring = flit_ring(r->fl, head);
    if (ring & RING_REV) port = 2 * d + (ring & RING_DIR ? 1 : 0);
    *dim = d;
    return port;
}

static void swft_cands(const routing *r, int node, int inport, flit_t head, route_cands *c)
{
    (void)inport;
    int d, port = swft_port(r, node, head, &d);
    int y = r->t->nbr[node * r->t->Pn + port];
    if (r->faulty && r->faulty[y]) { /* absorb: the node's software re-injects it */
        c->m[0][r->t->Pn] = route_vc_range(0, r->V);
        return;
    }
    c->m[0][port] = route_dor_vcs(r, node, flit_dst(r->fl, head), d);
}

static flit_t swft_update(const routing *r, int node, flit_t head, int oport, int ovc)
{
    (void)ovc;
    const topology *t = r->t;
    int d = oport / 2, y = t->nbr[node * t->Pn + oport];
    if (topo_coord(t, y, d) == topo_coord(t, flit_dst(r->fl, head), d))
        head = bits_set(head, r->fl->ring_lo, r->fl->RW, (uint64_t)(flit_ring(r->fl, head) & ~(RING_REV | RING_DIR)));
    return head;
}

/* §7.1: the node software's (dst, ring) for a message taken off the network at x */
static int swft_reroute(const routing *r, int x, const reroute_msg *m, int *dst, int *rev_out)
{
    const topology *t = r->t;
    const int hw_dst = m->dst, rev = m->ring, final = m->final;
    if (hw_dst == x) { /* at an intermediate node: on to the final destination */
        *dst = final;
        *rev_out = 0;
        return 0;
    }
    int port, d = route_dor_dim(t, x, hw_dst, &port);
    if (!(rev & RING_REV)) { /* first fault in this dimension: the other way round the ring */
        *dst = hw_dst;
        *rev_out = (int)(RING_REV | ((port & 1) ? 0 : RING_DIR));
        return 0;
    }
    /* both ways blocked: a step in a perpendicular dimension e. A higher e is one hop (DOR
     * then retries d in the next line); a lower e would be undone by DOR at once, so the
     * intermediate node also takes d to its destination coordinate, in the next line. */
    for (int j = 1; j < t->n; j++) {
        int e = (d + j) % t->n;
        for (int s = 0; s < 2; s++) {
            int y = t->nbr[x * t->Pn + 2 * e + s];
            if (e < d) y = topo_with_coord(t, y, d, topo_coord(t, hw_dst, d));
            if (!(r->faulty && r->faulty[y])) {
                *dst = y;
                *rev_out = 0;
                return 0;
            }
        }
    }
    return -1;
}

/* every ordered pair of fault-free nodes is delivered without a rerouting loop (the walks
 * destination by destination, sharing what they learn: routing_walk_memo) */
static int swft_prepare(routing *r, char *err, size_t errlen)
{
    const topology *t = r->t;
    if (!r->faulty) return 0;
    walk_memo m;
    if (walk_memo_init(&m, r)) {
        snprintf(err, errlen, "out of memory checking routing swft's pairs");
        return -1;
    }
    int rc = 0;
    progress_begin();
    for (int f = 0; f < t->N && !rc; f++) {
        progress_show("swft's pairs: destination %d of %d", f + 1, t->N);
        if (r->faulty[f]) continue;
        for (int s = 0; s < t->N; s++) {
            if (f == s || r->faulty[s] || routing_walk_memo(r, &m, s, f, NULL, NULL)) continue;
            char na[64], nb[64];
            snprintf(err, errlen, "routing swft cannot deliver from node %s to node %s with this fault set (rerouting loops)",
                     topo_node_name(t, s, na, sizeof na), topo_node_name(t, f, nb, sizeof nb));
            rc = -1;
            break;
        }
    }
    progress_end();
    walk_memo_free(&m);
    return rc;
}

const route_algo route_swft = {
    .name = "swft",
    .summary = "Safaei et al. 2006 [3]: DOR; a faulty next node sends the message to the node's software, which re-injects it",
    .check = swft_check,
    .cands = swft_cands,
    .update = swft_update,
    .prepare = swft_prepare,
    .reroute = swft_reroute,
    .minimal = 0,
    .code = 11,
    .levels = 1,
    .dateline_classes = 1,
};

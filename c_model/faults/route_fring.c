/* route_fring.c: f-ring rerouting (docs/microarchitecture.md §6.5), a layer over any
 * routing. It owns the ring VCs (the top 2n VCs; the base routing gets the rest), the
 * routers' constant ring_ok inputs and the head's ring field. A message follows the base,
 * on ports to usable nodes only, until the base has no escape VC left for it; it then
 * travels the f-ring network F on the ring VCs to its destination and never goes back to
 * the base's VCs. F is Chalasani and Boppana's dimension-order routing round block faults
 * with one VC class per message type (d, s), taken in the mesh view of the network (no
 * wrap link), so it is deadlock-free for every fault set of the block model by its
 * classes alone (§6.5 gives the argument). */
#include "faults.h"
#include "route.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PH_NONE = 0, PH_OUT = 1, PH_ALONG = 2, PH_BACK = 3 };
/* the ring field of a message in F between two traversals: phase none, bit 2 set (a
 * message of the base has the field 0) */
#define RING_F_NONE 4

typedef struct {
    int vbase;          /* ring VCs vbase .. V-1: class (d, s) is VC vbase + 2d + s */
    uint32_t *ring_ok;  /* [N] bit 2p+o: F may go round in orientation o when blocked at port p */
} fring_state;

/* one hop of F: its phase, the traversal's orientation, class (d, s), and the port */
typedef struct {
    int ph, o, s, d, port;
} fring_step;

static int fring_blocked(const routing *r, int x, int p)
{
    int y = r->t->nbr[x * r->t->Pn + p];
    return y >= 0 && r->faulty && r->faulty[y];
}

/* dst's coordinate minus x's in dimension d: the offset in the mesh view */
static int mesh_off(const topology *t, int x, int dst, int d) { return topo_coord(t, dst, d) - topo_coord(t, x, d); }

/* the hop F takes from x for a head with ring field `ring` (§6.5, steps 1 and 2): a phase
 * that ends falls through to the next one's test at the same node */
static fring_step fring_next(const routing *r, int x, int dst, int ring)
{
    const topology *t = r->t;
    const fring_state *fs = r->priv;
    int ph = ring & 3, o = ring >> 2 & 1, s = ring >> 3 & 1, d = ring >> 4;
    int e = (d + 1) % t->n, pd = 2 * d + s, back = 2 * e + 1 - o;
    if (ph == PH_OUT) {
        if (fring_blocked(r, x, pd)) return (fring_step){PH_OUT, o, s, d, 2 * e + o};
        return (fring_step){PH_ALONG, o, s, d, pd}; /* the corner: the first hop along */
    }
    if (ph == PH_ALONG) {
        if (mesh_off(t, x, dst, d) && fring_blocked(r, x, back)) return (fring_step){PH_ALONG, o, s, d, pd};
        ph = PH_BACK;
    }
    if (ph == PH_BACK) {
        int oe = mesh_off(t, x, dst, e);
        if (oe && (oe < 0) == 1 - o && !fring_blocked(r, x, back)) return (fring_step){PH_BACK, o, s, d, back};
    }
    /* between traversals: dimension order in the mesh view */
    for (d = 0; !mesh_off(t, x, dst, d); d++) {}
    s = mesh_off(t, x, dst, d) < 0;
    pd = 2 * d + s;
    if (!fring_blocked(r, x, pd)) return (fring_step){PH_NONE, 0, s, d, pd};
    /* blocked: round the region in e, toward the destination (+ when level), the other way
     * where that side of the ring is missing */
    e = (d + 1) % t->n;
    o = mesh_off(t, x, dst, e) < 0;
    if (!(fs->ring_ok[x] >> (2 * pd + o) & 1)) o ^= 1;
    return (fring_step){PH_OUT, o, s, d, 2 * e + o};
}

static uint32_t step_vc(const routing *r, fring_step st)
{
    return 1u << (((const fring_state *)r->priv)->vbase + 2 * st.d + st.s);
}

static void fring_cands(const routing *r, int x, int inport, flit_t h, route_cands *c)
{
    const topology *t = r->t;
    const int ring = flit_ring(r->fl, h), dst = flit_dst(r->fl, h);
    if (ring) { /* in F: its hop alone */
        fring_step st = fring_next(r, x, dst, ring);
        c->m[0][st.port] = step_vc(r, st);
        return;
    }
    const routing *b = r->base;
    b->algo->cands(b, x, inport, h, c);
    uint32_t esc = 0;
    for (int p = 0; p < t->Pn; p++) {
        if (fring_blocked(r, x, p))
            for (int l = 0; l < ROUTE_LEVELS; l++) c->m[l][p] = 0;
        for (int l = 0; l < ROUTE_LEVELS; l++) esc |= c->m[l][p] & b->escape;
    }
    if (!esc) { /* blocked: F's first hop, at the base's last level */
        fring_step st = fring_next(r, x, dst, 0);
        c->m[r->levels - 1][st.port] |= step_vc(r, st);
    }
}

static flit_t fring_update(const routing *r, int x, flit_t h, int oport, int ovc)
{
    const fring_state *fs = r->priv;
    const flit_layout *fl = r->fl;
    const routing *b = r->base;
    if (ovc < fs->vbase) return b->algo->update ? b->algo->update(b, x, h, oport, ovc) : h;
    /* a hop of F: the phase it was offered in; the base's fields stay as they are */
    fring_step st = fring_next(r, x, flit_dst(fl, h), flit_ring(fl, h));
    int ring = st.ph == PH_NONE ? RING_F_NONE : st.ph | st.o << 2 | st.s << 3 | st.d << 4;
    return bits_set(h, fl->ring_lo, fl->RW, (uint64_t)ring);
}

static flit_t fring_init_head(const routing *r, int src, int dst, flit_t h)
{
    return route_init_head(r->base, src, dst, h);
}

/* ring_ok (§6.5): from a usable node x whose port p = (d, s) leads into a region, going
 * round in orientation o of e = d + 1 (mod n) is possible when the region's nodes next to
 * x along e in that direction end, inside the mesh view, at a usable node */
static int fring_prepare(routing *r, char *err, size_t errlen)
{
    fring_state *fs = r->priv;
    const topology *t = r->t;
    char nb[64];
    memset(fs->ring_ok, 0, sizeof(uint32_t) * (size_t)t->N);
    if (!r->faulty) return 0;
    for (int x = 0; x < t->N; x++) {
        if (r->faulty[x]) continue;
        for (int p = 0; p < t->Pn; p++) {
            if (!fring_blocked(r, x, p)) continue;
            const int e = (p / 2 + 1) % t->n, ke = t->k[e];
            for (int o = 0; o < 2; o++) {
                int y = t->nbr[x * t->Pn + p];
                while (y >= 0 && r->faulty[y]) {
                    int ce = topo_coord(t, y, e);
                    y = (o ? ce == 0 : ce == ke - 1) ? -1 : t->nbr[y * t->Pn + 2 * e + o]; /* no wrap link */
                }
                if (y >= 0) fs->ring_ok[x] |= 1u << (2 * p + o);
            }
            if (!(fs->ring_ok[x] >> (2 * p) & 3)) { /* the block model's checks (§7.2) rule this out */
                snprintf(err, errlen, "messages blocked at node %s port %d cannot go round: the region spans dimension %d",
                         topo_node_name(t, x, nb, sizeof nb), p, e);
                return -1;
            }
        }
    }
    return 0;
}

static void fring_release(routing *r)
{
    fring_state *fs = r->priv;
    if (fs) free(fs->ring_ok);
    free(fs);
}

const route_algo route_fring_layer = {
    .name = "fring",
    .summary = "Chalasani-Boppana f-ring rerouting round block faults, over any routing",
    .prepare = fring_prepare,
    .cands = fring_cands,
    .update = fring_update,
    .init_head = fring_init_head,
    .release = fring_release,
    .minimal = 0,
    .code = -1,
    .levels = 0,
};

/* the smallest V the base accepts, or -1 */
static int base_min_vcs(const routing *top, const route_algo *a, int R)
{
    char e2[256];
    for (int v = 1; v + R <= MAX_VCS; v++) {
        routing b;
        if (!routing_init(&b, a, top->t, top->fl, v, top->dateline, top->E, FH_NONE, e2, sizeof e2)) {
            routing_free(&b);
            return v;
        }
    }
    return -1;
}

/* routing_init for fault_handling = fring: r holds the base's settings and algorithm */
int fring_wrap(routing *r, char *err, size_t errlen)
{
    const topology *t = r->t;
    const route_algo *a = r->algo;
    if ((t->kind != TOPO_TORUS && t->kind != TOPO_MESH) || t->n < 2 || t->n > FAULT_MAX_BLOCK_DIMS) {
        snprintf(err, errlen, "f-rings need a bidirectional torus or a mesh of 2 to %d dimensions (a ring goes both ways "
                 "round a region in a second dimension)", FAULT_MAX_BLOCK_DIMS);
        return -1;
    }
    if (t->kind == TOPO_TORUS && !r->dateline) {
        snprintf(err, errlen, "f-rings on a torus need dateline = 1: without its dateline classes %s is not deadlock-free "
                 "before any fault", a->name);
        return -1;
    }
    const int R = FRING_RING_VCS(t->n);
    char e2[256];
    routing *b = calloc(1, sizeof *b);
    fring_state *fs = calloc(1, sizeof *fs);
    if (fs) fs->ring_ok = calloc((size_t)t->N, sizeof(uint32_t));
    if (!b || !fs || !fs->ring_ok) {
        free(b);
        if (fs) free(fs->ring_ok);
        free(fs);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (r->V - R < 1 || routing_init(b, a, t, r->fl, r->V - R, r->dateline, r->E, FH_NONE, e2, sizeof e2)) {
        int m = base_min_vcs(r, a, R);
        if (m < 0 && r->V - R < 1)
            snprintf(err, errlen, "too few VCs for routing %s with f-rings: its %d ring VCs take all of vcs = %d", a->name,
                     R, r->V);
        else if (m < 0) snprintf(err, errlen, "routing %s with f-rings: %s", a->name, e2);
        else
            snprintf(err, errlen, "too few VCs for routing %s with f-rings: %d ring VCs and %d for %s need vcs >= %d, got %d",
                     a->name, R, m, a->name, m + R, r->V);
        free(b);
        free(fs->ring_ok);
        free(fs);
        return -1;
    }
    fs->vbase = r->V - R;
    r->algo = &route_fring_layer;
    r->base = b;
    r->priv = fs;
    r->levels = b->levels;
    r->minimal = 0;
    r->E = b->E;
    r->escape = b->escape | route_vc_range(fs->vbase, r->V);
    return 0;
}

uint32_t route_ring_ok(const routing *r, int x)
{
    for (; r; r = r->base)
        if (r->algo == &route_fring_layer) return ((const fring_state *)r->priv)->ring_ok[x];
    return 0;
}

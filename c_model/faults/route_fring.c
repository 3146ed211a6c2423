/* route_fring.c: f-ring rerouting (docs/microarchitecture.md §6.5), a layer over any
 * routing. It owns the ring VCs (the top 2n VCs; the base routing gets the rest), the
 * routers' constant ring_ok inputs, the ring phases in the head's ring field, and the
 * per-fault-set proof (cdg.c) run when the fault set is fixed. The base routing is
 * called unchanged; the layer removes faulty ports from its candidates and, when no
 * escape candidate is left, offers the ring. */
#include "cdg.h"
#include "faults.h"
#include "route.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* set-up runs the per-fault-set proof (§6.6) for networks of up to this many nodes (and
 * CDG_MAX_CHANNELS channels) */
#define FRING_CDG_MAX_NODES 1024
#define FRING_CDG_STR_(x) #x
#define FRING_CDG_STR(x) FRING_CDG_STR_(x)

enum { PH_NONE = 0, PH_OUT = 1, PH_ALONG = 2, PH_BACK = 3 };

typedef struct {
    int vbase;          /* ring VCs vbase .. V-1; class (d, s) is VC vbase + 2d + s; V: none */
    int own_classes;    /* the base's hop classes carry the ring hops (no ring VCs) */
    uint32_t *ring_ok;  /* [N] bit 2p+o: orientation o allowed when blocked at port p */
    int proof;          /* what prepare's proof of the fault set gave: ROUTE_PROOF_* */
    const char *skipped;/* why prepare did not run it (too large), or NULL */
} fring_state;

static int fring_blocked(const routing *r, int x, int p)
{
    int y = r->t->nbr[x * r->t->Pn + p];
    return y >= 0 && r->faulty && r->faulty[y];
}

/* the ring field: phase, orientation o, blocked direction s and dimension d */
static int ring_field(int ph, int o, int s, int d) { return ph | o << 2 | s << 3 | d << 4; }

/* step 1 of §6.5: the phase after advancing, and the port of the ring hop if any */
static int advance(const routing *r, int x, int dst, int ph, int o, int s, int d, int *port)
{
    const topology *t = r->t;
    const int e = (d + 1) % t->n, back = 2 * e + 1 - o, pd = 2 * d + s;
    int pm, hd = topo_dim_hops(t, x, dst, d, &pm);
    if (ph == PH_OUT) {
        if (hd > 0 && fring_blocked(r, x, pd)) {
            *port = 2 * e + o;
            return PH_OUT;
        }
        if (hd > 0) { /* at the ring's corner: the first hop along, whatever lies behind */
            *port = pd;
            return PH_ALONG;
        }
        ph = PH_ALONG;
    }
    if (ph == PH_ALONG) {
        if (hd > 0 && fring_blocked(r, x, back)) {
            *port = pd;
            return PH_ALONG;
        }
        ph = PH_BACK;
    }
    if (ph == PH_BACK) {
        int pe, he = topo_dim_hops(t, x, dst, e, &pe);
        if (he > 0 && pe == back && t->nbr[x * t->Pn + back] >= 0 && !fring_blocked(r, x, back)) {
            *port = back;
            return PH_BACK;
        }
    }
    return PH_NONE;
}

/* a blocked message enters the ring: its dimension d, direction s, orientation o, the port */
static int enter(const routing *r, int x, int dst, int *d_out, int *s_out, int *o_out)
{
    const fring_state *fs = r->priv;
    const topology *t = r->t;
    int pd, d = route_dor_dim(t, x, dst, &pd), e = (d + 1) % t->n, pe;
    int o = topo_dim_hops(t, x, dst, e, &pe) > 0 ? pe & 1 : 0;
    /* tori: messages of the two dateline classes of d go round opposite sides, so one ring
     * channel never joins class 0 to class 1 (a cycle round the torus, §6.5) */
    if (t->kind == TOPO_TORUS) o = route_dateline_class(t, x, dst, d);
    if (!(fs->ring_ok[x] >> (2 * pd + o) & 1)) o ^= 1;
    *d_out = d;
    *s_out = pd & 1;
    *o_out = o;
    return 2 * e + o;
}

/* the VCs of a ring hop of class (d, s): the ring VC, or the base's own classes lo..hi */
static uint32_t ring_vcs(const routing *r, flit_t h, int d, int s)
{
    const fring_state *fs = r->priv;
    return fs->own_classes ? r->base->algo->escape_classes(r->base, h) : 1u << (fs->vbase + 2 * d + s);
}

static void fring_cands(const routing *r, int x, int inport, flit_t h, route_cands *c)
{
    const topology *t = r->t;
    const int ring = flit_ring(r->fl, h), dst = flit_dst(r->fl, h), d = ring >> 4, sd = ring >> 3 & 1;
    int port, ph = advance(r, x, dst, ring & 3, ring >> 2 & 1, sd, d, &port);
    if (ph != PH_NONE) {
        c->m[0][port] = ring_vcs(r, h, d, sd);
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
    if (!esc) { /* blocked: the ring is the escape */
        int d2, s2, o2;
        port = enter(r, x, dst, &d2, &s2, &o2);
        c->m[r->levels - 1][port] |= ring_vcs(r, h, d2, s2);
    }
}

static flit_t fring_update(const routing *r, int x, flit_t h, int oport, int ovc)
{
    const fring_state *fs = r->priv;
    const flit_layout *fl = r->fl;
    const routing *b = r->base;
    const int ring = flit_ring(fl, h), dst = flit_dst(fl, h);
    int o = ring >> 2 & 1, sd = ring >> 3 & 1, d = ring >> 4, port;
    int ph = advance(r, x, dst, ring & 3, o, sd, d, &port);
    /* a ring hop: on a ring VC, or (own classes) on the ring or on a port no minimal path
     * takes (the base offers minimal ports only, so that is the ring's entry) */
    int is_ring = fs->own_classes ? ph != PH_NONE || !(route_min_ports(r->t, x, dst) >> oport & 1) : ovc >= fs->vbase;
    if (is_ring) { /* the phase it was offered in */
        if (ph == PH_NONE) {
            ph = PH_OUT;
            port = enter(r, x, dst, &d, &sd, &o);
        }
        (void)port;
        h = bits_set(h, fl->ring_lo, fl->RW, (uint64_t)ring_field(ph, o, sd, d));
        /* own classes: a hop like any other (lo grows); ring VCs: the base's classes stay */
        if (!b->algo->update) return h;
        return b->algo->update(b, x, h, oport, fs->own_classes ? ovc : ROUTE_LAYER_ESCAPE);
    }
    h = bits_set(h, fl->ring_lo, fl->RW, 0);
    return b->algo->update ? b->algo->update(b, x, h, oport, ovc) : h;
}

static flit_t fring_init_head(const routing *r, int src, int dst, flit_t h)
{
    return route_init_head(r->base, src, dst, h);
}

/* the constant inputs of §6.5, then the per-fault-set proof of §6.6 */
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
            int e = (p / 2 + 1) % t->n;
            for (int o = 0; o < 2; o++) {
                int y = t->nbr[x * t->Pn + p];
                while (y >= 0 && r->faulty[y]) y = t->nbr[y * t->Pn + 2 * e + o];
                if (y >= 0 || t->kind == TOPO_TORUS) fs->ring_ok[x] |= 1u << (2 * p + o);
            }
            if (!(fs->ring_ok[x] >> (2 * p) & 3)) {
                snprintf(err, errlen, "messages blocked at node %s port %d cannot go round: the region touches both edges of "
                         "mesh dimension %d", topo_node_name(t, x, nb, sizeof nb), p, e);
                return -1;
            }
        }
    }
    fs->skipped = NULL;
    fs->proof = ROUTE_PROOF_NOT_RUN;
    if (!r->prove) return 0;
    /* too large to prove at set-up (the state walk grows with N^2, the channel graph is a
     * bit matrix): the run goes on and says so */
    if (t->N > FRING_CDG_MAX_NODES) {
        fs->skipped = "more than " FRING_CDG_STR(FRING_CDG_MAX_NODES) " nodes";
        return 0;
    }
    if ((long)t->N * t->Pn * r->V > CDG_MAX_CHANNELS) {
        fs->skipped = "more than " FRING_CDG_STR(CDG_MAX_CHANNELS) " channels";
        return 0;
    }
    cdg_result res;
    if (cdg_check(r, &res, err, errlen)) return -1;
    if (!res.ok) {
        fs->proof = ROUTE_PROOF_FAILED;
        snprintf(err, errlen, "the fault set fails the f-ring proof (deadlock and delivery): %s", res.reason);
        return -1;
    }
    fs->proof = ROUTE_PROOF_PASSED;
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
        if (!routing_init(&b, a, top->t, top->fl, v, top->dateline, top->E, FH_FRING_BASE, e2, sizeof e2)) {
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
                 "before any fault, and every fault set would fail the f-ring proof", a->name);
        return -1;
    }
    /* a base whose escape hops may take any port on its own classes detours on them; the
     * others get one ring VC per blocked direction (§6.5) */
    const int R = a->escape_classes ? 0 : 2 * t->n;
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
    if (r->V - R < 1 || routing_init(b, a, t, r->fl, r->V - R, r->dateline, r->E, FH_FRING_BASE, e2, sizeof e2)) {
        int m = base_min_vcs(r, a, R);
        if (m < 0 && r->V - R < 1)
            snprintf(err, errlen, "too few VCs for routing %s with f-rings: its %d ring VCs take all of vcs = %d", a->name,
                     R, r->V);
        else if (m < 0) snprintf(err, errlen, "routing %s with f-rings: %s", a->name, e2);
        else if (R)
            snprintf(err, errlen, "too few VCs for routing %s with f-rings: %d ring VCs and %d for %s need vcs >= %d, got %d",
                     a->name, R, m, a->name, m + R, r->V);
        else /* its own hop classes carry the detours: no ring VCs to count */
            snprintf(err, errlen, "too few VCs for routing %s with f-rings: it needs vcs >= %d (its hop classes carry the "
                     "detours), got %d", a->name, m, r->V);
        free(b);
        free(fs->ring_ok);
        free(fs);
        return -1;
    }
    fs->vbase = r->V - R;
    fs->own_classes = R == 0;
    r->algo = &route_fring_layer;
    r->base = b;
    r->priv = fs;
    r->levels = b->levels;
    r->minimal = 0;
    r->E = b->E;
    r->escape = b->escape | route_vc_range(fs->vbase, r->V);
    return 0;
}

int route_fring_proof(const routing *r, const char **skipped)
{
    if (skipped) *skipped = NULL;
    for (; r; r = r->base)
        if (r->algo == &route_fring_layer) {
            const fring_state *fs = r->priv;
            if (skipped) *skipped = fs->skipped;
            return fs->proof;
        }
    return ROUTE_PROOF_NOT_RUN;
}

uint32_t route_ring_ok(const routing *r, int x)
{
    for (; r; r = r->base)
        if (r->algo == &route_fring_layer) return ((const fring_state *)r->priv)->ring_ok[x];
    return 0;
}

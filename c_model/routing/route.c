/* route.c: the registry of routing algorithms, a routing's life cycle, and what the
 * algorithms share (minimal ports, the DOR port, U-turns). */
#include "route.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const route_algo route_dor, route_dor_escape, route_phop, route_nhop, route_pbc, route_nbc, route_duato_phop,
    route_duato_nhop, route_duato_pbc, route_duato_nbc, route_duato, route_swft, route_minimal, route_fully_adaptive;
extern const route_algo route_fring_layer;
/* the f-ring layer's set-up (route_fring.c) */
int fring_wrap(routing *r, char *err, size_t errlen);

#ifdef FLITNET_TEST_ROUTING
/* tests/suites/registry.sh builds flitnet with one more routing, dor under another name,
 * to show that every list of routings the scripts use follows the registry */
static int test_dummy_check(routing *r, char *err, size_t errlen) { return route_dor.check(r, err, errlen); }
static void test_dummy_cands(const routing *r, int node, int inport, flit_t head, route_cands *c)
{
    route_dor.cands(r, node, inport, head, c);
}
static const route_algo route_test_dummy = {
    .name = "test_dummy",
    .summary = "dor under another name (a test build only)",
    .check = test_dummy_check,
    .cands = test_dummy_cands,
    .minimal = 1,
    .code = 14,
    .levels = 1,
    .dateline_classes = 1,
};
#define TEST_ROUTING , &route_test_dummy
#else
#define TEST_ROUTING
#endif

/* the registry: one line per routing; the RTL codes are the algorithms' own `code` */
static const route_algo *const algos[] = {
    &route_dor,       &route_dor_escape, &route_phop,  &route_nhop,    &route_pbc,
    &route_nbc,       &route_duato_phop, &route_duato_nhop, &route_duato_pbc, &route_duato_nbc,
    &route_duato,     &route_swft,       &route_minimal,    &route_fully_adaptive TEST_ROUTING};
#define NALGOS (int)(sizeof algos / sizeof algos[0])

const route_algo *route_find(const char *name)
{
    for (int i = 0; i < NALGOS; i++)
        if (!strcmp(algos[i]->name, name)) return algos[i];
    return NULL;
}

const route_algo *route_at(int i) { return i >= 0 && i < NALGOS ? algos[i] : NULL; }

const char *route_names(void)
{
    static char buf[512];
    if (!buf[0]) {
        size_t o = 0;
        for (int i = 0; i < NALGOS; i++)
            o += (size_t)snprintf(buf + o, sizeof buf - o, i ? ", %s" : "%s", algos[i]->name);
    }
    return buf;
}

int route_fixed_escape(const routing *r, char *err, size_t errlen)
{
    if (r->E <= 0) return 0;
    snprintf(err, errlen, "escape_vcs applies to the duato_* routings; routing %s fixes its own escape VCs", r->algo->name);
    return -1;
}

int routing_init(routing *r, const route_algo *a, const topology *t, const flit_layout *fl, int V, int dateline,
                 int escape_vcs, fault_handling fh, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->algo = a;
    r->t = t;
    r->fl = fl;
    r->V = V;
    r->dateline = dateline;
    r->E = escape_vcs;
    r->levels = a->levels;
    r->minimal = a->minimal;
    r->escape = route_all_vcs(V); /* a routing without adaptive VCs: every VC escapes */
    if (!dateline && topo_is_torus(t) && !a->dateline_classes) { /* the key would change nothing */
        snprintf(err, errlen, "dateline = 0 changes nothing for routing %s (only dor and swft have dateline classes to "
                 "switch off): leave dateline out", a->name);
        return -1;
    }
    if (fh == FH_SOFTWARE && !a->reroute) {
        snprintf(err, errlen, "fault_handling = software needs routing swft (or dor); %s has no node software", a->name);
        return -1;
    }
    if (fh == FH_FRING) {
        if (a->reroute) {
            snprintf(err, errlen, "routing %s reroutes in software; fault_handling = fring applies to the other routings",
                     a->name);
            return -1;
        }
        return fring_wrap(r, err, errlen);
    }
    if (a->check && a->check(r, err, errlen)) {
        routing_free(r);
        return -1;
    }
    return 0;
}

int routing_prepare(routing *r, const uint8_t *faulty, char *err, size_t errlen)
{
    r->faulty = faulty;
    if (r->base && routing_prepare(r->base, faulty, err, errlen)) return -1;
    return r->algo->prepare ? r->algo->prepare(r, err, errlen) : 0;
}

void routing_free(routing *r)
{
    if (r->base) {
        routing_free(r->base);
        free(r->base);
        r->base = NULL;
    }
    if (r->algo && r->algo->release) r->algo->release(r);
    r->priv = NULL;
}

int route_fring(const routing *r)
{
    for (; r; r = r->base)
        if (r->algo == &route_fring_layer) return 1;
    return 0;
}

uint32_t route_min_ports(const topology *t, int node, int dst)
{
    uint32_t m = 0;
    for (int d = 0; d < t->n; d++) {
        int c = topo_coord(t, node, d), g = topo_coord(t, dst, d), k = t->k[d];
        if (c == g) continue;
        switch (t->kind) {
        case TOPO_TORUS: {
            int o = g - c + (g < c ? k : 0);
            if (2 * o <= k) m |= 1u << (2 * d);
            if (2 * o >= k) m |= 1u << (2 * d + 1);
            break;
        }
        case TOPO_MESH: m |= 1u << (2 * d + (g < c)); break;
        default: m |= 1u << d; break; /* unidirectional torus, hypercube */
        }
    }
    return m;
}

/* a message that has not arrived after this many steps (hops and re-injections) loops */
#define WALK_STEP_LIMIT(N) (8 * (N) + 64)

/* one step of a walk towards final destination f from (x, dst, ring): WALK_HOP (x moved on),
 * WALK_REROUTED (the node software sent it on as a new message), WALK_ARRIVED, WALK_STUCK
 * (no candidate, or the software has no way on) */
enum { WALK_HOP, WALK_REROUTED, WALK_ARRIVED, WALK_STUCK };
static int walk_step(const routing *rt, int f, int *x, int *dst, int *ring)
{
    const topology *t = rt->t;
    int absorbed = 0;
    route_cands c;
    flit_t head = 0;
    if (*x != *dst) {
        head = flit_make_head(rt->fl, *dst, *x, 0, 0, 1);
        head = bits_set(head, rt->fl->ring_lo, rt->fl->RW, (uint64_t)*ring);
        route_candidates(rt, *x, t->Pn, head, &c);
        absorbed = c.m[0][t->Pn] != 0; /* sent to its own node's software */
    }
    if (*x == *dst || absorbed) {
        if (*x == f && *dst == f) return WALK_ARRIVED;
        /* the node software sends it on as a new message (§7.1) */
        reroute_msg m = {*dst, *ring, f};
        if (!rt->algo->reroute || rt->algo->reroute(rt, *x, &m, dst, ring)) return WALK_STUCK;
        return WALK_REROUTED;
    }
    int port = 0;
    while (port < t->Pn && !c.m[0][port]) port++;
    if (port == t->Pn) return WALK_STUCK; /* no candidate at level 0 */
    head = route_update(rt, *x, head, port, __builtin_ctz(c.m[0][port]));
    *ring = flit_ring(rt->fl, head);
    *x = t->nbr[*x * t->Pn + port];
    return WALK_HOP;
}

int routing_walk(const routing *rt, int s, int f, int *hops, int *segments)
{
    int x = s, dst = f, ring = 0, h = 0, seg = 1;
    for (int steps = 0; steps < WALK_STEP_LIMIT(rt->t->N); steps++) {
        switch (walk_step(rt, f, &x, &dst, &ring)) {
        case WALK_HOP: h++; break;
        case WALK_REROUTED: seg++; break;
        case WALK_ARRIVED:
            if (hops) *hops = h;
            if (segments) *segments = seg;
            return 1;
        default: return 0;
        }
    }
    return 0;
}

/* walk_memo: per state (x, ring) of a message that heads for f itself, the outcome of the
 * rest of its walk (a state's future does not depend on how it was reached) */
#define MEMO_ONPATH (-1)
#define MEMO_FAIL (-2)
int walk_memo_init(walk_memo *m, const routing *rt)
{
    memset(m, 0, sizeof *m);
    m->R = 1 << rt->fl->RW;
    const size_t n = (size_t)rt->t->N * (size_t)m->R;
    m->stamp = calloc(n, sizeof *m->stamp);
    m->hops = malloc(n * sizeof *m->hops);
    m->segs = malloc(n * sizeof *m->segs);
    m->path = malloc((size_t)(WALK_STEP_LIMIT(rt->t->N) + 1) * sizeof *m->path);
    if (!m->stamp || !m->hops || !m->segs || !m->path) {
        walk_memo_free(m);
        return -1;
    }
    return 0;
}

void walk_memo_free(walk_memo *m)
{
    free(m->stamp);
    free(m->hops);
    free(m->segs);
    free(m->path);
    memset(m, 0, sizeof *m);
}

int routing_walk_memo(const routing *rt, walk_memo *m, int s, int f, int *hops, int *segments)
{
    const uint32_t cur = (uint32_t)f + 1; /* a stamp per destination: no clearing between them */
    int x = s, dst = f, ring = 0, h = 0, seg = 1, np = 0, ok = 0;
    for (int steps = 0; steps < WALK_STEP_LIMIT(rt->t->N); steps++) {
        if (dst == f) {
            const size_t i = (size_t)x * (size_t)m->R + (size_t)ring;
            if (m->stamp[i] == cur) {
                if (m->hops[i] >= 0) { /* known: the rest of the walk is the memo's */
                    h += m->hops[i];
                    seg += m->segs[i];
                    ok = 1;
                }
                break; /* a failure, or back on this walk's own path: a loop */
            }
            m->stamp[i] = cur;
            m->hops[i] = MEMO_ONPATH;
            m->path[np].i = i;
            m->path[np].h = h;
            m->path[np++].seg = seg;
        }
        const int st = walk_step(rt, f, &x, &dst, &ring);
        if (st == WALK_HOP) h++;
        else if (st == WALK_REROUTED) seg++;
        else {
            ok = st == WALK_ARRIVED;
            break;
        }
    }
    for (int j = 0; j < np; j++) {
        const size_t i = m->path[j].i;
        m->hops[i] = ok ? h - m->path[j].h : MEMO_FAIL;
        m->segs[i] = seg - m->path[j].seg;
    }
    if (ok) {
        if (hops) *hops = h;
        if (segments) *segments = seg;
    }
    return ok;
}

int route_dor_dim(const topology *t, int node, int dst, int *port)
{
    for (int d = 0; d < t->n; d++)
        if (topo_dim_hops(t, node, dst, d, port) > 0) return d;
    return -1;
}

int route_uturn_port(const topology *t, int inport)
{
    if (inport >= t->Pn) return -1; /* the local port */
    switch (t->kind) {
    case TOPO_TORUS:
    case TOPO_MESH: return inport ^ 1;
    case TOPO_HYPERCUBE: return inport;
    default: return -1; /* a unidirectional ring cannot turn back */
    }
}

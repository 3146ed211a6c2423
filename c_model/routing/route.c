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

/* the registry: one line per routing; the RTL codes are the algorithms' own `code` */
static const route_algo *const algos[] = {
    &route_dor,       &route_dor_escape, &route_phop,  &route_nhop,    &route_pbc,
    &route_nbc,       &route_duato_phop, &route_duato_nhop, &route_duato_pbc, &route_duato_nbc,
    &route_duato,     &route_swft,       &route_minimal,    &route_fully_adaptive};
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

int routing_walk(const routing *rt, int s, int f, int *hops, int *segments)
{
    const topology *t = rt->t;
    int x = s, dst = f, ring = 0, h = 0, seg = 1;
    for (int steps = 0; steps < WALK_STEP_LIMIT(t->N); steps++) {
        reroute_msg m = {dst, ring, f};
        int absorbed = 0;
        route_cands c;
        flit_t head = 0;
        if (x != dst) {
            head = flit_make_head(rt->fl, dst, x, 0, 0, 1);
            head = bits_set(head, rt->fl->ring_lo, rt->fl->RW, (uint64_t)ring);
            route_candidates(rt, x, t->Pn, head, &c);
            absorbed = c.m[0][t->Pn] != 0; /* sent to its own node's software */
        }
        if (x == dst || absorbed) {
            if (x == f && dst == f) {
                if (hops) *hops = h;
                if (segments) *segments = seg;
                return 1;
            }
            /* the node software sends it on as a new message (§7.1) */
            if (!rt->algo->reroute || rt->algo->reroute(rt, x, &m, &dst, &ring)) return 0;
            seg++;
            continue;
        }
        int port = 0;
        while (port < t->Pn && !c.m[0][port]) port++;
        if (port == t->Pn) return 0; /* no candidate at level 0 */
        head = route_update(rt, x, head, port, __builtin_ctz(c.m[0][port]));
        ring = flit_ring(rt->fl, head);
        x = t->nbr[x * t->Pn + port];
        h++;
    }
    return 0;
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

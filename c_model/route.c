/* route.c: the registry of routing algorithms and what they share. */
#include "route.h"
#include <stdio.h>
#include <string.h>

extern const route_algo route_dor, route_dor_escape, route_phop, route_nhop, route_pbc, route_nbc, route_duato_phop,
    route_duato_nhop, route_duato_pbc, route_duato_nbc, route_duato, route_swft;

static const route_algo *const algos[] = {&route_dor,        &route_dor_escape, &route_phop,       &route_nhop,
                                          &route_pbc,        &route_nbc,        &route_duato_phop, &route_duato_nhop,
                                          &route_duato_pbc,  &route_duato_nbc,  &route_duato,      &route_swft};
#define NALGOS (int)(sizeof algos / sizeof algos[0])

const route_algo *route_find(const char *name)
{
    for (int i = 0; i < NALGOS; i++)
        if (!strcmp(algos[i]->name, name)) return algos[i];
    return NULL;
}

const char *route_names(void)
{
    static char buf[256];
    if (!buf[0]) {
        size_t o = 0;
        for (int i = 0; i < NALGOS; i++)
            o += (size_t)snprintf(buf + o, sizeof buf - o, i ? ", %s" : "%s", algos[i]->name);
    }
    return buf;
}

int routing_init(routing *r, const route_algo *a, const topology *t, const flit_layout *fl, int V,
                 int dateline, char *err, size_t errlen)
{
    return routing_init_ex(r, a, t, fl, V, dateline, 0, NULL, err, errlen);
}

int routing_init_ex(routing *r, const route_algo *a, const topology *t, const flit_layout *fl, int V,
                    int dateline, int escape_vcs, const uint8_t *faulty, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->algo = a;
    r->t = t;
    r->fl = fl;
    r->V = V;
    r->dateline = dateline;
    r->E = escape_vcs;
    r->faulty = faulty;
    for (int w = 0; w < MAX_VCS; w++) r->cls[w] = -1;
    if (faulty && !a->faults) {
        snprintf(err, errlen, "routing %s does not tolerate faults (routing swft does)", a->name);
        return -1;
    }
    return a->check ? a->check(r, err, errlen) : 0;
}

uint32_t route_min_ports(const topology *t, int node, int dst)
{
    uint32_t m = 0;
    for (int d = 0; d < t->n; d++) {
        int c = topo_coord(t, node, d), g = topo_coord(t, dst, d), k = t->k[d];
        if (c == g) continue;
        switch (t->kind) {
        case TOPO_TORUS: {
            int o = ((g - c) % k + k) % k;
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

int route_dor_dim(const topology *t, int node, int dst, int *port)
{
    for (int d = 0; d < t->n; d++)
        if (topo_dim_hops(t, node, dst, d, port) > 0) return d;
    return -1;
}

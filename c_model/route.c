/* route.c: the registry of routing algorithms and what they share. */
#include "route.h"
#include <stdio.h>
#include <string.h>

extern const route_algo route_dor, route_dor_escape;

static const route_algo *const algos[] = {&route_dor, &route_dor_escape};
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
    r->algo = a;
    r->t = t;
    r->fl = fl;
    r->V = V;
    r->dateline = dateline;
    return a->check ? a->check(r, err, errlen) : 0;
}

int route_dor_dim(const topology *t, int node, int dst, int *port)
{
    for (int d = 0; d < t->n; d++)
        if (topo_dim_hops(t, node, dst, d, port) > 0) return d;
    return -1;
}

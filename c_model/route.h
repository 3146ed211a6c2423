/* route.h: the routing-function interface (docs/microarchitecture.md §6).
 * A routing algorithm is a pure function of the head flit, the router's address and
 * its local view of faults. It yields candidate output VCs per priority level and
 * rewrites the head's routing state for the hop it takes. The router core calls only
 * route_candidates() and route_update(); algorithms register in route.c. */
#ifndef FLITNET_ROUTE_H
#define FLITNET_ROUTE_H
#include "flit.h"
#include "topology.h"
#include <stdint.h>

#define ROUTE_LEVELS 2
#define MAX_VCS 32

typedef struct {
    uint32_t m[ROUTE_LEVELS][MAX_PORTS];  /* [level][output port]: mask of output VCs */
} route_cands;

struct routing;

typedef struct route_algo {
    const char *name;
    const char *summary;
    /* minimum VCs etc.; 0 or -1 with a one-line reason */
    int (*check)(const struct routing *r, char *err, size_t errlen);
    /* candidates of a head at node != its destination; c is zeroed by the caller */
    void (*cands)(const struct routing *r, int node, flit_t head, route_cands *c);
    /* the algorithm's own head fields for hop (oport, ovc); hops is counted by the caller */
    flit_t (*update)(const struct routing *r, int node, flit_t head, int oport, int ovc);
    /* initial bonus cards of a message */
    int (*init_bonus)(const struct routing *r, int src, int dst);
    int minimal;  /* every route is a minimal path (checked by the tests) */
} route_algo;

typedef struct routing {
    const route_algo *algo;
    const topology *t;
    const flit_layout *fl;
    int V;
    int dateline;  /* 1: Dally-Seitz dateline VC classes on tori */
} routing;

/* by name; NULL if unknown */
const route_algo *route_find(const char *name);
/* "dor, dor_escape" for error messages */
const char *route_names(void);

int routing_init(routing *r, const route_algo *a, const topology *t, const flit_layout *fl, int V,
                 int dateline, char *err, size_t errlen);

static inline void route_candidates(const routing *r, int node, flit_t head, route_cands *c)
{
    for (int l = 0; l < ROUTE_LEVELS; l++)
        for (int p = 0; p < r->t->P; p++) c->m[l][p] = 0;
    if (flit_dst(r->fl, head) == node) {
        c->m[0][r->t->Pn] = r->V >= 32 ? 0xFFFFFFFFu : (1u << r->V) - 1;
        return;
    }
    r->algo->cands(r, node, head, c);
}

static inline flit_t route_update(const routing *r, int node, flit_t head, int oport, int ovc)
{
    if (oport == r->t->Pn) return head;
    head = flit_count_up(r->fl, head, r->fl->hops_lo);
    return r->algo->update ? r->algo->update(r, node, head, oport, ovc) : head;
}

/* the lowest dimension with a non-zero offset from node to dst, its port; -1 if none */
int route_dor_dim(const topology *t, int node, int dst, int *port);
#endif

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
    /* minimum VCs etc., and the routing's derived fields (E, C, class tables);
     * 0 or -1 with a one-line reason */
    int (*check)(struct routing *r, char *err, size_t errlen);
    /* candidates of a head at node != its destination; c is zeroed by the caller */
    void (*cands)(const struct routing *r, int node, flit_t head, route_cands *c);
    /* the algorithm's own head fields for hop (oport, ovc); hops is counted by the caller */
    flit_t (*update)(const struct routing *r, int node, flit_t head, int oport, int ovc);
    /* initial bonus cards of a message */
    int (*init_bonus)(const struct routing *r, int src, int dst);
    int minimal;  /* every route is a minimal path (checked by the tests) */
    int code;     /* the RTL's ROUTING parameter (docs/rtl.md) */
    int faults;   /* tolerates faulty nodes (routing.faulty) */
    int levels;   /* priority levels used: a time-out needs 2 */
} route_algo;

#define MAX_CLASSES 64

typedef struct routing {
    const route_algo *algo;
    const topology *t;
    const flit_layout *fl;
    int V;
    int dateline;  /* 1: Dally-Seitz dateline VC classes on tori */
    const uint8_t *faulty; /* [N] 1 = faulty node, or NULL; a router reads its neighbours' only */
    /* hop-class routings (microarchitecture.md §6.2), set by the algorithm's check */
    int E, C;                    /* escape VCs 0..E-1, classes */
    int nscheme;                 /* 1: N-scheme (negative hops), 0: P-scheme (every hop) */
    int8_t cls[MAX_VCS];         /* class of escape VC w, -1 for an adaptive VC */
    uint32_t cls_ge[MAX_CLASSES + 1], cls_le[MAX_CLASSES]; /* VCs of classes >= c, <= c */
} routing;

/* by name; NULL if unknown */
const route_algo *route_find(const char *name);
/* "dor, dor_escape" for error messages */
const char *route_names(void);

int routing_init(routing *r, const route_algo *a, const topology *t, const flit_layout *fl, int V,
                 int dateline, char *err, size_t errlen);
/* with the escape VCs of the Duato hop-class routings (0: their minimum) and a fault set */
int routing_init_ex(routing *r, const route_algo *a, const topology *t, const flit_layout *fl, int V,
                    int dateline, int escape_vcs, const uint8_t *faulty, char *err, size_t errlen);

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
/* swft: the port DOR (reversed while rev) takes from node, and its dimension */
int route_swft_port(const routing *r, int node, flit_t head, int *dim);
/* swft, §7.1: the node software's (dst, ring) for a message whose tail reached x with
 * header (hw_dst, ring); -1 when no fault-free perpendicular neighbour exists */
int route_swft_reroute(const routing *r, int x, int hw_dst, int ring, int final, int *dst, int *ring_out);
/* §6.1: the minimal ports from node to dst (both ports of a dimension at a torus tie) */
uint32_t route_min_ports(const topology *t, int node, int dst);
/* VCs lo..hi-1 */
static inline uint32_t route_vc_range(int lo, int hi)
{
    uint32_t m = hi >= 32 ? 0xFFFFFFFFu : (1u << hi) - 1;
    return lo >= 32 ? 0 : m & ~((1u << lo) - 1);
}
/* the dateline class of dimension d (§6): 0 while c_d < d_d */
static inline int route_dateline_class(const topology *t, int node, int dst, int d)
{
    return topo_coord(t, node, d) < topo_coord(t, dst, d) ? 0 : 1;
}
/* dor's VCs for a hop in dimension d: the dateline class's half on tori, else all */
static inline uint32_t route_dor_vcs(const routing *r, int node, int dst, int d)
{
    const int tor = r->t->kind == TOPO_TORUS || r->t->kind == TOPO_TORUS_UNI, h = r->V / 2;
    if (!tor || !r->dateline) return route_vc_range(0, r->V);
    return route_dateline_class(r->t, node, dst, d) ? route_vc_range(h, r->V) : route_vc_range(0, h);
}
#endif

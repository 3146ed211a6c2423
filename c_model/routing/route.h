/* route.h: the routing-function interface (docs/microarchitecture.md §6).
 * A routing is a pure function of the head flit, the router's address, its constant
 * inputs (the fault view) and the input port the head waits at. It yields candidate
 * output VCs per priority level and rewrites the head's routing state for the hop it
 * takes. The router core calls only route_candidates() and route_update(); the source
 * calls route_init_head(); the node software calls route_reroute(). Algorithms register
 * in route.c; a layer (the f-ring layer, route_fring.c) is a routing that wraps another.
 *
 * Life of a routing: routing_init (the algorithm's check: VC minimum, its own tables in
 * priv), then routing_prepare once the fault set is fixed (ring tables, delivery checks;
 * may run again for a redrawn set), then any number of pure calls, then routing_free. */
#ifndef FLITNET_ROUTE_H
#define FLITNET_ROUTE_H
#include "flit.h"
#include "topology.h"
#include <stdint.h>

/* two levels serve every routing: a misrouting routing ranks minimal hops first and puts
 * its misroutes beside the escape hop at level 1 (§6) */
#define ROUTE_LEVELS 2
#define MAX_VCS 32
#define MAX_VCS_STR "32" /* for messages */
/* the f-ring layer's ring VCs (§6.5): one class per message type (d, s) */
#define FRING_RING_VCS(n) (2 * (n))

typedef struct {
    uint32_t m[ROUTE_LEVELS][MAX_PORTS];  /* [level][output port]: mask of output VCs */
} route_cands;

typedef enum { FH_NONE, FH_FRING, FH_SOFTWARE } fault_handling;

/* what the node software knows of a message it takes off the network (§7.1) */
typedef struct {
    int dst;    /* the head's destination (where the router sent it) */
    int ring;   /* the head's ring field */
    int final;  /* the message's final destination */
} reroute_msg;

struct routing;

typedef struct route_algo {
    const char *name;
    const char *summary;
    /* minimum VCs etc.; builds the routing's own tables (r->priv) and sets r->escape;
     * 0, or -1 with a one-line reason */
    int (*check)(struct routing *r, char *err, size_t errlen);
    /* once the fault set r->faulty is fixed (may run again for another set); NULL: nothing */
    int (*prepare)(struct routing *r, char *err, size_t errlen);
    /* Candidates of a head at node != its destination, waiting at input port inport; c is
     * zeroed by the caller. Must be PURE: a function of (node, inport, head) and the
     * routing's constant tables only. network.c caches the result per head and wakes
     * blocked heads only when an OVC is released, both of which rely on it. */
    void (*cands)(const struct routing *r, int node, int inport, flit_t head, route_cands *c);
    /* the algorithm's own head fields for hop (oport, ovc); hops is counted by the caller */
    flit_t (*update)(const struct routing *r, int node, flit_t head, int oport, int ovc);
    /* the routing fields of a new message's head (neg, bonus, ring); NULL: all zero */
    flit_t (*init_head)(const struct routing *r, int src, int dst, flit_t head);
    /* node software: a message taken off the network at x that is not at its final
     * destination leaves x again with (*dst, *ring); -1 if it cannot. NULL: the routing
     * never takes messages off the network early. */
    int (*reroute)(const struct routing *r, int x, const reroute_msg *m, int *dst, int *ring);
    void (*release)(struct routing *r);  /* frees priv; NULL: nothing to free */
    int minimal;  /* every route is a minimal path (checked by the sink) */
    int code;     /* the RTL's ROUTING parameter (docs/rtl.md) */
    int levels;   /* priority levels used: a time-out needs 2 */
    int inport;   /* the candidates depend on the input port (U-turns) */
    /* dateline = 0 switches this routing's dateline classes off on tori (dor, swft; §6);
     * the others keep their escape's own classes, so dateline = 0 is refused for them there */
    int dateline_classes;
    int escape_set; /* escape_vcs = E sets its escape VCs to 0..E-1 (the duato_* hop routings) */
} route_algo;

/* hop-class tables of phop/nhop/pbc/nbc and their Duato forms (§6.2): route_hop.c's priv */
#define MAX_CLASSES 64
typedef struct {
    int C;                       /* classes */
    int nscheme;                 /* 1: N-scheme (negative hops), 0: P-scheme (every hop) */
    int8_t cls[MAX_VCS];         /* class of escape VC w, -1 for an adaptive VC */
    uint32_t cls_ge[MAX_CLASSES + 1], cls_le[MAX_CLASSES]; /* VCs of classes >= c, <= c */
} hop_classes;

typedef struct routing {
    const route_algo *algo;
    const topology *t;
    const flit_layout *fl;
    int V;                 /* VCs this routing may use (a layer gives its base fewer) */
    int dateline;          /* 1: Dally-Seitz dateline VC classes on tori */
    int E;                 /* escape VCs 0..E-1 of the Duato routings (0 at init: their minimum) */
    uint32_t escape;       /* the escape VCs: the deadlock-free sub-network (§6, §6.6) */
    int levels, minimal;   /* of the whole stack (a layer's may differ from its base's) */
    const uint8_t *faulty; /* [N] 1 = faulty or disabled, or NULL; set by routing_prepare */
    void *priv;            /* the algorithm's own tables */
    struct routing *base;  /* a layer: the routing it wraps (owned), else NULL */
} routing;

/* by name; NULL if unknown */
const route_algo *route_find(const char *name);
/* "dor, dor_escape, ..." for error messages */
const char *route_names(void);
/* the registry, for help texts and the scripts: NULL past the last one */
const route_algo *route_at(int i);

/* fh = FH_FRING wraps the routing in the f-ring layer (route_fring.c) */
int routing_init(routing *r, const route_algo *a, const topology *t, const flit_layout *fl, int V, int dateline,
                 int escape_vcs, fault_handling fh, char *err, size_t errlen);
/* the fault set is fixed (faulty may be NULL: none); runs every layer's prepare */
int routing_prepare(routing *r, const uint8_t *faulty, char *err, size_t errlen);
void routing_free(routing *r);

/* for a routing whose escape VCs are fixed: refuses escape_vcs > 0 (it would be ignored) */
int route_fixed_escape(const routing *r, char *err, size_t errlen);
static inline uint32_t route_all_vcs(int V) { return V >= 32 ? 0xFFFFFFFFu : (1u << V) - 1; }

static inline void route_candidates(const routing *r, int node, int inport, flit_t head, route_cands *c)
{
    for (int l = 0; l < ROUTE_LEVELS; l++)
        for (int p = 0; p < r->t->P; p++) c->m[l][p] = 0;
    if (flit_dst(r->fl, head) == node) {
        c->m[0][r->t->Pn] = route_all_vcs(r->V);
        return;
    }
    r->algo->cands(r, node, inport, head, c);
}

static inline flit_t route_update(const routing *r, int node, flit_t head, int oport, int ovc)
{
    if (oport == r->t->Pn) return head;
    head = flit_count_up(r->fl, head, r->fl->hops_lo);
    return r->algo->update ? r->algo->update(r, node, head, oport, ovc) : head;
}

static inline flit_t route_init_head(const routing *r, int src, int dst, flit_t head)
{
    return r->algo->init_head ? r->algo->init_head(r, src, dst, head) : head;
}

/* the routing at the bottom of the stack (its code is the RTL's ROUTING) */
static inline const routing *route_base(const routing *r)
{
    while (r->base) r = r->base;
    return r;
}
static inline const route_algo *route_base_algo(const routing *r) { return route_base(r)->algo; }
/* 1 when the f-ring layer wraps the routing */
int route_fring(const routing *r);
/* f-ring constant input of node x: bit 2p+o = ring_ok[p][o] (§6.5); 0 without f-rings */
uint32_t route_ring_ok(const routing *r, int x);

/* follows a message from node s to node f as the routing and the node software (its
 * reroute) take it, on the first candidate port and VC of level 0 at each hop: 1 when it
 * arrives, with the network hops and the segments it took (a segment ends where a node's
 * software takes it off the network; either pointer may be NULL), 0 when it loops or has
 * no candidate. The route it follows is the one a message takes whatever the load for
 * routings with one candidate per hop (dor, swft) only. */
int routing_walk(const routing *r, int s, int f, int *hops, int *segments);
/* routing_walk for many pairs at once: what the walks towards one destination learn of the
 * states they pass (a node and ring field, heading for the destination itself) answers the
 * later walks there, so all pairs cost about one walk per state, not one per pair. The
 * same results as routing_walk (tests/unit/test_routing.c). */
typedef struct {
    int R;                    /* ring field values */
    uint32_t *stamp;          /* [N*R] destination + 1 whose walk filled the entry */
    int32_t *hops, *segs;     /* [N*R] the rest of the walk's hops (< 0: loops) and segments */
    struct { size_t i; int h, seg; } *path;
} walk_memo;
int walk_memo_init(walk_memo *m, const routing *r); /* 0, or -1 out of memory */
void walk_memo_free(walk_memo *m);
int routing_walk_memo(const routing *r, walk_memo *m, int s, int f, int *hops, int *segments);
/* the lowest dimension with a non-zero offset from node to dst, its port; -1 if none */
int route_dor_dim(const topology *t, int node, int dst, int *port);
/* §6.1: the minimal ports from node to dst (both ports of a dimension at a torus tie) */
uint32_t route_min_ports(const topology *t, int node, int dst);
/* the port of the reverse direction of input port i (a U-turn), -1 for none */
int route_uturn_port(const topology *t, int inport);
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
    const int h = r->V / 2;
    if (!topo_is_torus(r->t) || !r->dateline) return route_vc_range(0, r->V);
    return route_dateline_class(r->t, node, dst, d) ? route_vc_range(h, r->V) : route_vc_range(0, h);
}
/* the escape VC of the DOR escape of duato, minimal and fully_adaptive (§6.2, §6.4):
 * the dateline class's VC on tori (E = 2), VC 0 elsewhere */
static inline uint32_t route_dor_escape_vc(const routing *r, int node, int dst, int d)
{
    return r->E == 2 ? 1u << route_dateline_class(r->t, node, dst, d) : 1u;
}
/* hop-class routings: their tables (NULL for other routings) */
const hop_classes *route_hop_info(const routing *r);
#endif

/* topology.h: k-ary n-cube tori (bi- and unidirectional, any radix per dimension),
 * meshes and hypercubes. Owns node addresses, port numbering, neighbours, minimal
 * distances and directions, wrap links, the diameter and the ideal uniform-traffic
 * capacity (docs/microarchitecture.md §2). */
#ifndef FLITNET_TOPOLOGY_H
#define FLITNET_TOPOLOGY_H
#include <stddef.h>
#include <stdint.h>

#define MAX_DIMS 16
#define MAX_PORTS (2 * MAX_DIMS + 1)
#define MAX_NODES 65536

typedef enum { TOPO_TORUS, TOPO_TORUS_UNI, TOPO_MESH, TOPO_HYPERCUBE } topo_kind;

typedef struct {
    topo_kind kind;
    int n;               /* dimensions */
    int k[MAX_DIMS];     /* radix per dimension */
    int N;               /* nodes */
    int Pn;              /* network ports per router */
    int P;               /* ports including the local port (index Pn) */
    int diameter;
    double mean_dist;    /* mean minimal distance over destinations != source */
    double capacity;     /* ideal uniform-traffic throughput, flits/node/cycle */
    int *nbr;            /* [N*Pn]: node reached through output port p, -1 if none */
    uint8_t *coord;      /* [N*n]: coordinate of node x in dimension d */
} topology;

const char *topo_name(topo_kind k);
int topo_from_name(const char *s, topo_kind *out);

/* Builds the tables. Returns 0, or -1 with a one-line reason in err. */
int topo_init(topology *t, topo_kind kind, int n, const int *k, char *err, size_t errlen);
void topo_free(topology *t);

/* a torus of either kind (wrap links, dateline classes) */
static inline int topo_is_torus(const topology *t) { return t->kind == TOPO_TORUS || t->kind == TOPO_TORUS_UNI; }

static inline int topo_coord(const topology *t, int x, int d) { return t->coord[x * t->n + d]; }

/* minimal hop count from a to b */
int topo_distance(const topology *t, int a, int b);
/* node x with coordinate d replaced by v */
static inline int topo_with_coord(const topology *t, int x, int d, int v)
{
    int stride = 1;
    for (int e = 0; e < d; e++) stride *= t->k[e];
    return x + (v - topo_coord(t, x, d)) * stride;
}
/* offset still to travel in dimension d from a to b (hops, >= 0) and its port,
 * following the minimal-direction rule (ties in bidirectional tori go +). */
int topo_dim_hops(const topology *t, int a, int b, int d, int *port);
/* Human name of a port: "+x0", "-x1", "local". Returns buf. */
const char *topo_port_name(const topology *t, int p, char *buf, size_t len);
/* "(3,5)" for node x. Returns buf. */
const char *topo_node_name(const topology *t, int x, char *buf, size_t len);
#endif

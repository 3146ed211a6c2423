/* traffic.h: the message stream. Per node a Poisson (or Bernoulli) arrival process of
 * its own seeded random stream, message lengths (fixed or geometric), and destinations
 * by pattern, or a trace file. The stream never looks at the network, so the same
 * stream can drive the C model and the RTL. */
#ifndef FLITNET_TRAFFIC_H
#define FLITNET_TRAFFIC_H
#include "config.h"
#include "rng.h"
#include "topology.h"
#include <stdint.h>

typedef struct {
    uint64_t cycle;
    int src, dst, len;
} trace_rec;

typedef struct {
    const sim_config *cfg;
    const topology *t;
    rng_t *rng;            /* [N] */
    double *next;          /* [N] next arrival time (Poisson) */
    /* Poisson: the sending nodes in a min-heap of their next arrivals (built at the first
     * cycle, and again when the senders change), so that a cycle visits only the nodes due
     * in it; and what they generate, put back in node order */
    int *heap, nheap, heap_built;
    struct traffic_due { int x, d, l, seq; } *due;
    int ndue, cap_due;
    int *pattern_dst;      /* [N] for fixed permutations; -1: node is silent */
    /* locality: cumulative distribution over hop distance 1..D, and nodes by distance
     * from node 0 offset (vertex-symmetric topologies only) */
    double *loc_cdf;       /* [D+1] */
    int **by_dist;         /* [D+1] lists of nodes at each distance from each node */
    int *by_dist_n;
    trace_rec *trace;
    long ntrace, trace_pos;
    /* faulty nodes (§7.1) send nothing and receive nothing: uniform over the alive ones */
    const uint8_t *faulty;
    int *alive, *alive_idx, nalive;
} traffic;

typedef void (*traffic_sink_fn)(void *user, uint64_t cycle, int src, int dst, int len);

int traffic_init(traffic *tr, const sim_config *cfg, const topology *t, char *err, size_t errlen);
void traffic_free(traffic *tr);
/* restricts uniform traffic to the fault-free nodes; -1 with a reason for other patterns */
int traffic_set_faults(traffic *tr, const uint8_t *faulty, char *err, size_t errlen);
/* emits the messages generated in cycle t, node by node, in a fixed order */
void traffic_cycle(traffic *tr, uint64_t t, traffic_sink_fn fn, void *user);
/* the destination pattern's partner of src ("-1" = silent), for tests */
int traffic_pattern_dst(const traffic *tr, int src);
/* reads a trace; exposed for tests */
int trace_load(const char *path, const topology *t, trace_rec **out, long *n, char *err, size_t errlen);
#endif

/* cdg.h: deadlock and livelock freedom of a routing on one network and fault set,
 * proved by exhaustion (docs/microarchitecture.md §6.6). For every destination it walks
 * every head state a message can reach from every source (node, input port where the
 * routing looks at it, and the header's routing fields), and checks:
 *   - delivery: every state off the destination has a candidate and an escape candidate
 *     (or is taken off by the node software), and no state can be reached again (no
 *     livelock);
 *   - Duato's extended channel-dependency graph of the escape VCs is acyclic (an edge
 *     a -> b when a message that took escape channel a can take escape channel b next,
 *     directly or after adaptive hops). Without adaptive VCs that is the plain CDG. */
#ifndef FLITNET_CDG_H
#define FLITNET_CDG_H
#include "route.h"
#include <stddef.h>

/* the channel graph is a bit matrix: networks up to this many channels (N * Pn * V) */
#define CDG_MAX_CHANNELS 32768

typedef struct {
    int ok;                 /* 1: delivery and an acyclic escape graph */
    long states;            /* head states explored, summed over destinations */
    long channels;          /* escape channels in the graph */
    long edges;             /* dependencies between them */
    char reason[2048];      /* when !ok: the cycle of channels, or the state that fails */
} cdg_result;

/* 0 with res filled, or -1 with a reason (out of memory, network too large) */
int cdg_check(const routing *r, cdg_result *res, char *err, size_t errlen);
#endif

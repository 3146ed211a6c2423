/* node.h: the nodes around the routers, one cycle at a time (docs/microarchitecture.md
 * §7): each node's source injects with the credits its router returned, its sink takes
 * the ejection channel and checks every message, and its node software re-injects a
 * message that completed short of its final destination (swft, §7.1). Owns the sources,
 * the sinks, the message table and the counters of what crossed the nodes' channels.
 *
 * The simulator (sim.c) and the harnesses (harness/harness.h, one node set per side: the
 * C model's and the RTL's) both run their nodes through here. A node
 * reads only what was driven in an earlier cycle (the credits of cycle t-1) or by its
 * own router in this cycle (the ejection channel), and writes only its own injection
 * channel and its own source queue, so no result depends on the order of the nodes.
 *
 * Nodes stepped on several threads (sim.c, tb/threads.h) count into one node_lane per
 * thread; node_fold adds a lane into the set's totals between cycles, the lanes in node
 * order, so every total (and the first error's text) is what one thread would have
 * counted. The message table is the one structure the nodes share: a sink removes the
 * record of another node's message, under that node's ring lock (message.h). */
#ifndef FLITNET_NODE_H
#define FLITNET_NODE_H
#include "config.h"
#include "message.h"
#include "netsetup.h"
#include "network.h"
#include "sink.h"
#include "source.h"
#include <stdint.h>

/* what the nodes stepped by one thread counted since the last node_fold */
typedef struct {
    uint64_t injected, ejected, delivered, win_delivered, reinjected, reinject_rule[3];
    uint64_t win_flits;       /* in-window flits ejected */
    uint64_t win_taken;       /* ... of them, those of messages the node software took back */
    sink_errors errs;
    sink_env kenv;            /* the set's, reporting into errs */
} node_lane;

typedef struct {
    int N;
    source *src;              /* [N] */
    sink *snk;                /* [N] */
    msg_table msgs;
    source_env senv;
    sink_env kenv;
    sink_errors errs;
    long reinject_delay;      /* the node software's delay (cycles) before a re-injection may leave */
    uint64_t generated;       /* messages the traffic handed to the sources */
    int overflow_node;        /* the first node whose queue was full when a message was generated, or -1 */
    int drop_full;            /* source_full = drop: such a message is dropped (counted in dropped) instead */
    uint64_t dropped;         /* messages dropped at a full source queue */
    uint64_t injected;        /* flits the sources drove */
    uint64_t ejected;         /* flits the sinks took */
    uint64_t win_flits;       /* ... in the window, less those of messages the node software took back */
    /* the node software (software rerouting only; else NULL): [x * V + v] the in-window
     * flits of the message arriving on node x's ejection VC v so far, which a take-back
     * subtracts exactly */
    uint32_t *win_part;
    int V;
    uint64_t delivered;       /* messages completed at their final destination */
    uint64_t win_delivered;   /* ... in the window */
    uint64_t reinjected;      /* messages the node software re-injected */
    uint64_t reinject_rule[3];/* ... by its rule: absorbed with rev 0, with rev 1, at an intermediate node */
    node_lane solo;           /* node_sink's lane, folded at once */
    uint64_t next_cycle;      /* node_cycle: the cycle it must be called for next */
    /* with the staged step (sim's node loop): the set of sources to step (network.h st_src),
     * which a queued or re-injected message joins; NULL: every source steps every cycle */
    uint64_t *wake;
} node_set;

/* what a node's sink did with the ejection flit of a cycle */
typedef enum {
    NODE_NOTHING = 0,         /* no flit, or one that completes nothing */
    NODE_DELIVERED,           /* a message reached its final destination (see node_delivery) */
    NODE_REINJECTED,          /* the node software put a message back into the node's queue */
    NODE_QUEUE_FULL,          /* ... but the queue was full: the run is saturated */
} node_event;

typedef struct {
    msg_rec msg;              /* the message's record (generation and injection cycles, length, id) */
    int src;                  /* the source that injected it last */
} node_delivery;

/* sources, sinks and message table for the run s builds (c: max_queue, vcs, buf_depth,
 * reinject_delay); -1 when out of memory (node_free releases what was built). The set
 * must stay where it is: its environments point into it. */
int node_init(node_set *n, const net_setup *s, const sim_config *c);
void node_free(node_set *n);

/* the traffic's generated message for node s: joins its queue, or sets overflow_node */
void node_enqueue(node_set *n, uint64_t cycle, int s, int d, int len);
/* the same, as the callback traffic_cycle takes (user: the node_set) */
void node_on_message(void *user, uint64_t cycle, int s, int d, int len);

/* the source of node x in cycle t: absorbs credits_in (its router's credits of cycle
 * t-1) and drives *out. 0, or -1 when node x has more messages in flight than the
 * flit's message-id bits name. */
int node_source(node_set *n, int x, uint64_t t, uint32_t credits_in, link_sig *out);
/* the sink and node software of node x in cycle t, given its ejection channel;
 * in_window: cycle t is inside the measurement window */
node_event node_sink(node_set *n, int x, uint64_t t, int in_window, const link_sig *ej, node_delivery *d);

/* every node's source and router on the C model's network in cycle t, one thread: what
 * the harnesses step beside the RTL. With one-slot buffers the network steps stage by
 * stage (network_staged.c, switched on in cycle 0), the sources first and then the
 * routers. Returns 0; 1 + x when node x has more messages in flight than the flit's
 * message-id bits name (the run stops); -1, stepping nothing, when t is not the cycle
 * after the last call's (cycles come in order from 0). */
int node_cycle(node_set *n, network *net, uint64_t t);
/* the same, but router `skip` is not stepped: its caller steps it (a design in a mixed
 * network: network_drive_router, network_take_router). The per-router step, never the
 * staged one. */
int node_cycle_without(node_set *n, network *net, uint64_t t, int skip);

/* a lane for up to `nodes` nodes of n (one take-back per node and cycle); -1 when out of memory */
int node_lane_init(node_lane *L, const node_set *n, int nodes);
void node_lane_free(node_lane *L);
/* node_sink counting into lane L: what a thread calls for its nodes */
node_event node_sink_in(node_set *n, node_lane *L, int x, uint64_t t, int in_window, const link_sig *ej,
                        node_delivery *d);
/* adds lane L into n's totals and clears it; call for the lanes in node order */
void node_fold(node_set *n, node_lane *L);

/* node_source counting into lane L (inline: a busy source steps every cycle) */
static inline int node_source_in(node_set *n, node_lane *L, int x, uint64_t t, uint32_t credits_in, link_sig *out)
{
    if (source_idle(&n->src[x], &n->senv, credits_in, t)) { /* most sources, most cycles: no call */
        out->vc = -1;
        return 0;
    }
    int s = source_step(&n->src[x], &n->senv, x, t, credits_in, out);
    if (s < 0) return -1;
    L->injected += (uint64_t)s;
    return 0;
}

/* node_sink_in for the common flit, a body flit (neither head nor tail) of a message open on
 * its VC, in order and intact: 1 when it took it; 0, having changed nothing, for any other
 * flit (node_sink_in then takes it, and names what is wrong). Inline: most flits are bodies. */
static inline int node_sink_body(node_set *n, node_lane *L, int x, int in_window, const link_sig *ej)
{
    const flit_t f = ej->flit;
    sink_vc *c = &n->snk[x].vc[ej->vc];
    if (flit_kind(f) != FK_BODY || n->win_part || c->src < 0 || flit_seq(f) != (c->next & 0xFFFF) ||
        (f >> FLIT_PAYLOAD_LO) != flit_payload(c->src, c->id, c->next))
        return 0;
    c->next++;
    L->ejected++;
    L->win_flits += (uint64_t)(in_window != 0);
    return 1;
}

/* node x's source for one cycle, counting into lane L: the one place sim's threads and the
 * co-simulation step a source. Inline, so that an idle source (most, at low load) costs no
 * call. -1 as node_source. */
static inline int node_source_only_in(node_set *n, node_lane *L, network *net, int x, uint64_t t)
{
    const uint32_t credits = network_source_credits(net, x, t);
    link_sig *inj = network_injection(net, x, t);
    if (source_idle(&n->src[x], &n->senv, credits, t)) {
        inj->vc = -1;
        return 0;
    }
    return node_source_in(n, L, x, t, credits, inj);
}

/* node_source_router counting into lane L and the router counters c: a node's source and
 * router for one cycle. A source and a router talk only through the signals of the
 * cycle before, so the sources of many nodes may step before their routers
 * (network_step_routers), as sim's parts do. */
static inline int node_source_router_in(node_set *n, node_lane *L, network *net, int x, uint64_t t, net_counters *c)
{
    const int rc = node_source_only_in(n, L, net, x, t);
    if (network_router_quiet(net, x, t)) network_clear_local(net, x, t);
    else router_step_busy(net, x, t, c);
    return rc;
}
#endif

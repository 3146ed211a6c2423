/* sink.h: the sink module of one node (docs/microarchitecture.md §7). It accepts the
 * ejection channel's flit every cycle, reassembles messages per ejection VC, checks
 * that each arrives intact, in flit order, once, at the right node and by a minimal
 * path when the routing is minimal, and reports deliveries. */
#ifndef FLITNET_SINK_H
#define FLITNET_SINK_H
#include "flit.h"
#include "message.h"
#include "network.h"
#include "topology.h"
#include <stdint.h>

/* the message open on one ejection VC: what each of its flits is checked against */
typedef struct {
    int32_t src;      /* -1: none */
    uint32_t id;
    int32_t next;     /* next flit index expected */
    int32_t dst, ring; /* the head's dst and ring field */
    int32_t hops;     /* the head's hop count */
} sink_vc;

typedef struct {
    sink_vc vc[MAX_VCS];
} sink;

typedef struct {
    uint64_t corrupt;   /* flits out of order, bad payload, wrong node, unknown message */
    uint64_t nonminimal;
    uint64_t misrouted; /* delivered after more hops than the minimal distance (detours) */
    char first_error[256];
} sink_errors;

typedef struct {
    const flit_layout *fl;
    const topology *t;
    int check_minimal;
    msg_table *msgs;
    sink_errors *errs;
    int absorb;         /* the routing may eject a message before its destination (swft) */
} sink_env;

void sink_init(sink *k);
/* absorbs the ejection channel of cycle t. Returns 1 and fills *done when a tail
 * completes a message at its final destination, 2 when it completes one whose final
 * destination is elsewhere (absorbed or at an intermediate node: hand it to
 * source_forward); the record is removed from the table. Else 0. */
int sink_step(sink *k, const sink_env *e, int x, uint64_t t, const link_sig *in, msg_rec *done, int *src_out);
#endif

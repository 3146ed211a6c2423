/* network.h: the routers of a network and the link signals between them.
 * Owns every router register (docs/microarchitecture.md §4) as flat arrays, the
 * double-buffered link signals (§1), and the per-cycle router step (§5). Sources and
 * sinks (tb/) talk to a router only through the injection, credit and ejection
 * signals declared here. */
#ifndef FLITNET_NETWORK_H
#define FLITNET_NETWORK_H
#include "flit.h"
#include "route.h"
#include "topology.h"
#include <stdint.h>

enum { SELECT_FIRST = 0, SELECT_RANDOM = 1 };

typedef struct {
    flit_t flit;
    int32_t vc;  /* -1: no flit this cycle */
} link_sig;

/* the small per-VC registers, packed so that one load fetches them. With B = Bo = 1
 * the FIFO fields and the credit counter are not kept: a one-slot FIFO's occupancy is
 * its ib_ne/ob_ne bit and a 0..1 credit counter is its cred_ok bit. */
typedef struct {
    uint8_t head, cnt;      /* input FIFO */
    uint8_t oport, ovc;     /* owned output VC while active */
} ivc_state;

typedef struct {
    uint8_t head, cnt;      /* output FIFO */
    uint8_t credit, pad;    /* free slots downstream */
} ovc_state;

/* what the routers count as they step: the statistics of the measurement window and the
 * watchdog's sign of progress. A router adds to the counters it is handed, so routers
 * stepped on different threads count apart (tb/threads.h); integer sums do not depend on
 * the order they are added in. */
typedef struct {
    uint64_t flit_hops;          /* all network-link traversals */
    uint64_t moves;              /* flit moves of any kind (watchdog) */
    uint64_t vc_flits[MAX_VCS];  /* in-window network-link flits per VC index */
    uint64_t vc_busy[MAX_VCS];   /* in-window cycles network OVCs of an index were allocated */
} net_counters;

/* the registers and wiring of one router port (x, p), packed so that a port's state is
 * one cache line: index x*P + p. Masks have one bit per VC. */
typedef struct {
    /* input side (input port p) */
    uint32_t ib_ne;      /* input VC FIFO non-empty */
    uint32_t ivc_act;    /* input VC active (owns an output VC) */
    uint32_t blocked;    /* hint: the head found no free candidate when last tried */
    uint32_t stalled;    /* hint: the active input VC's output buffer was full */
    uint32_t rc_valid;   /* the head's candidates are cached in rc */
    /* output side (output port p) */
    uint32_t ob_ne, ob_full; /* output VC FIFO non-empty / full */
    uint32_t ovc_busy;   /* output VC allocated */
    uint32_t cred_ok;    /* output VC has a credit */
    uint32_t cred_full;  /* credit == B: the downstream input buffer is empty (B > 1; B = 1 uses cred_ok) */
    /* not char types: their stores would make the compiler reload every field */
    uint16_t link_ptr, va_ptr;  /* round-robin pointers of link arbitration and VC allocation */
    /* wiring, precomputed */
    int32_t out_slot;    /* `in` slot output port p drives (unconnected: the router's scratch slot) */
    int32_t cr_slot;     /* `cr` slot input port p drives (unconnected: the router's scratch slot) */
    int32_t down_x;      /* the router output port p feeds, or -1 (also for the ejection port) */
    int32_t up_x;        /* the router input port p returns credits to, or -1 (also for the source) */
    uint32_t cin_bit;    /* the staged step: the bit of st_cin a credit of input port p marks (its
                          * cr_slot; the source's port: nwp*64 + x, its node's bit) */
} port_state;           /* 64 bytes: a port is one aligned line, its index a shift */

/* a router's port masks that let the step skip idle routers, ports and stages */
typedef struct {
    uint32_t va;             /* input ports with a head to allocate: ib_ne & ~ivc_act & ~blocked */
    uint32_t sw;             /* input ports with a flit to send: ivc_act & ib_ne & ~stalled */
    uint32_t la;             /* output ports with a flit and a credit: ob_ne & cred_ok */
    /* network input ports i whose in[b] slot holds a flit / output ports o whose cr[b]
     * slot holds credits: set by the neighbour that drives them (an atomic OR when routers
     * step on several threads: `concurrent`), cleared by the router as it absorbs */
    uint32_t arr_in[2], arr_cr[2];
    uint32_t pad;            /* 32 bytes: two routers a cache line, the index a shift */
} router_sum;

typedef struct {
    int V, B, Bo, select;
    uint64_t seed;
    int timeout;         /* §5.1: level 1 only after this many cycles of waiting; 0 = off */
} router_params;

typedef struct {
    const topology *t;
    const routing *rt;
    const flit_layout *fl;
    int N, P, Pn, V, B, Bo, select, timeout;

    /* input VCs: index iv = (x*P + i)*V + v */
    flit_t *ib;          /* [NIV*B] */
    ivc_state *ivc;      /* [NIV] */
    uint32_t *rc;        /* [NIV*2*P] candidates of the waiting head: [(iv*2 + level)*P + port] */
    uint32_t *rc_ports;  /* [NIV] ports with candidates (any level) */
    uint64_t *wait_start;/* [NIV] with a time-out: the first cycle the head requested (wait = t - start) */
    /* output VCs: index ov = (x*P + o)*V + w */
    flit_t *ob;          /* [NOV*Bo] */
    ovc_state *ovc;      /* [NOV] */
    uint64_t *ovc_since; /* cycle of allocation, for VC-usage statistics */
    port_state *ps;      /* [N*P] per (x, port): its VC masks, pointers and wiring */
    uint32_t adaptive;   /* the routing's VCs outside its escape set: allocated only with cred_full (§5.1) */
    uint32_t *waiters;   /* [N*P*P] (x, output port o, input port i): blocked heads of i with
                          * candidates on o; a release on o unblocks them */
    uint32_t *lfsr_pos;  /* [N] */

    uint32_t *moved;     /* [N*P] IVCs that sent a flit through the crossbar since the last
                          * network_find_stuck */
    uint16_t *ovc_owner; /* [NOV] i*V + v of the IVC that owns the OVC */
    uint16_t *owner_port;/* [NOV] its i = ovc_owner / V, kept: a division per flit is slow */

    /* wiring, precomputed: neighbour slots, -1 if unconnected */
    int *down;           /* [N*P] output port o of x -> slot y*P + o of `in` (receiver's input port);
                          * the local port -> slot N*P + x (the ejection channel) */
    int *up;             /* [N*P] input port i of x -> slot x'*P + i of `cr` (sender's output port);
                          * the local port -> slot x*P + Pn (the source's credits) */

    /* signals, double-buffered by cycle parity; each is indexed by the module that
     * reads it, so a router absorbs one contiguous row:
     *   in[b][x*P + i]  flit arriving at input port i of x (i = Pn: from the source)
     *   in[b][N*P + x]  flit on the ejection channel of x (to the sink); ej[b] points there
     *   cr[b][x*P + o]  credits arriving at output port o of x (o = Pn: to the source of x) */
    link_sig *in[2];
    uint32_t *cr[2];
    link_sig *ej[2];

    /* what the step keeps so that its cost follows the work (docs/c-model-speed.md):
     * each mask equals what it summarizes (c_model/router/invariants.c checks) */
    router_sum *rs;          /* [N] */
    int concurrent;          /* routers step on several threads (set by the caller) */

    /* the staged step (network_staged.c, B = Bo = 1): what has work as bit sets over ports
     * (index x*P + p) or nodes, kept instead of router_sum's la and arrival masks */
    int staged;              /* network_use_stages was called: network_step_part steps the routers */
    int nwp;                 /* 64-bit words a set of ports uses (each set has N or more) */
    uint64_t *st_la;         /* output ports with an eligible OVC: ob_ne & cred_ok != 0 */
    uint64_t *st_fin[2];     /* input ports whose in[b] slot holds a flit (the source's too) */
    uint64_t *st_cin[2];     /* network output ports whose cr[b] slot holds credits; from word nwp
                              * on, the nodes whose source has credits in cr[b] (bit nwp*64 + x) */
    uint64_t *st_shared;     /* words of the sets two parts may write at once: a bit a word
                              * (network_set_parts; all of them until it is called) */
    uint64_t *st_src;        /* the nodes whose source the node loop steps (tb/sim.c keeps it: a
                              * source with work, or one that had some in the last two cycles) */
    uint64_t *st_ej[2];      /* nodes with a flit on the ejection channel in cycle b */
    uint64_t *st_va;         /* routers with a head to allocate: rs[x].va != 0 */
    uint64_t *st_local;      /* the local ports x*P + Pn (constant) */
    uint32_t *st_out;        /* [NIV] an active IVC's output port and VC: (x*P + o) << 5 | w */
    uint32_t *st_owner;      /* [NOV] an OVC's owner, input port and VC: (x*P + i) << 5 | v */
    uint32_t *st_rel;        /* [N*P] a cycle's releases, (x*P + o) << 5 | w, each part in its own ports' stretch */

    /* statistics gathered by the routers */
    int measure;                 /* inside the measurement window */
    uint64_t window_start;
    uint64_t *chan_flits;        /* [N*P] in-window flits per output port (each router its own) */
    net_counters ctr;            /* router_step's counters (a parallel run adds its threads' in) */
} network;

int network_init(network *net, const topology *t, const routing *rt, const flit_layout *fl,
                 const router_params *rp, char *err, size_t errlen);
void network_free(network *net);
/* the bytes network_init allocates for N routers of P ports: the memory estimate a run
 * is refused by up front when the machine does not have it */
size_t network_bytes(int N, int P, const router_params *rp);

/* One router, one cycle (§5): absorbs the signals of cycle t-1, decides and applies
 * its actions of cycle t, drives its signals of cycle t. Order-independent: it reads
 * only slots of parity (t-1)&1 and writes only slots of parity t&1. */
void router_step(network *net, int x, uint64_t t);
/* the same, counting into c instead of net->ctr: routers stepped concurrently (each
 * router by one thread) touch nothing in common but the counters */
void router_step_counting(network *net, int x, uint64_t t, net_counters *c);
/* the same for a router known not to be quiet (network_router_quiet is 0): the caller
 * has checked, so the step does not check again */
void router_step_busy(network *net, int x, uint64_t t, net_counters *c);
/* router_step_counting for the routers order[lo..hi), in that order */
void network_step_routers(network *net, const int *order, int lo, int hi, uint64_t t, net_counters *c);
/* With one-slot buffers the network may instead step stage by stage over all the routers of
 * a part (network_staged.c: the same cycle, faster): network_use_stages, once before the
 * first cycle, then each cycle the sources (each followed by network_source_done), then
 * network_step_part for every part, then the sinks (network_ejected names the nodes with
 * a flit on the ejection channel). B = Bo = 1 only. */
void network_use_stages(network *net);
/* the parts the routers step in on several threads (part k: nodes lo[k] to lo[k+1] - 1, the
 * last to N - 1): a set's word that only one part writes is then written without atomics */
void network_set_parts(network *net, const int *lo, int T);
void network_step_part(network *net, int xlo, int xhi, uint64_t t, net_counters *c);
/* adds *from into *into (the first V VCs) and clears *from */
void network_add_counters(net_counters *into, net_counters *from, int V);

/* occupancy and head of input VC iv's FIFO (the representation depends on B) */
int network_ib_count(const network *net, int iv);
flit_t network_ib_front(const network *net, int iv);
/* flits in the network after cycle t: held in router buffers or driven on a network
 * or injection link in cycle t */
long network_flits(const network *net, uint64_t t);
/* the measurement window opens at cycle t (statistics count from there) */
void network_open_window(network *net, uint64_t t);
/* adds the allocation time of OVCs still held at the end of the window, and closes it */
void network_close_window(network *net, uint64_t t_end);
/* A router stepped outside the model (a design in a mixed network, harness/mixed.cpp), on
 * the per-router step (not network_use_stages). Its outputs of cycle t go where the
 * model's router x would have driven them: out[p] the flit of output port p (out[Pn]:
 * the ejection channel), cr[p] the credit mask of input port p (cr[Pn]: the source's).
 * Call before the model's routers step cycle t. */
void network_drive_router(network *net, int x, uint64_t t, const link_sig *out, const uint32_t *cr);
/* ... and its inputs of cycle t, taken as router x takes them (its network slots emptied):
 * in[p] the flit arriving at input port p (in[Pn]: the injection channel), cr[p] the
 * credits arriving at output port p (cr[Pn] = 0). Call after the model's routers and the
 * sources stepped cycle t. */
void network_take_router(network *net, int x, uint64_t t, link_sig *in, uint32_t *cr);
/* a partial-deadlock check: when look, the dead set among the input VCs that moved nothing
 * since the last call (deadlock.h), written into buf; always starts a new period. Returns
 * the dead set's size (0 when not looking). */
int network_find_stuck(network *net, int look, char *buf, size_t len);

static inline int net_iv(const network *n, int x, int p, int v) { return (x * n->P + p) * n->V + v; }
/* the signals between router x and its node (§7): the injection channel the node's
 * source drives in cycle t, the credits the router returned to that source in cycle t-1,
 * and the ejection channel the router drives in cycle t */
static inline link_sig *network_injection(network *n, int x, uint64_t t) { return &n->in[t & 1][x * n->P + n->Pn]; }
static inline uint32_t network_source_credits(const network *n, int x, uint64_t t)
{
    return n->cr[(t & 1) ^ 1][x * n->P + n->Pn];
}
static inline const link_sig *network_ejection(const network *n, int x, uint64_t t) { return &n->ej[t & 1][x]; }

/* Router x in cycle t has nothing to take in and no stage has work: its step would only
 * empty its node's slots (network_clear_local). Inline so that a caller stepping many
 * routers skips the quiet ones without a call; router_step does the same itself. */
static inline int network_router_quiet(const network *n, int x, uint64_t t)
{
    const router_sum *r = &n->rs[x];
    const int prv = (int)(t & 1) ^ 1;
    return !(r->va | r->sw | r->la | r->arr_in[prv] | r->arr_cr[prv]) && n->in[prv][x * n->P + n->Pn].vc < 0;
}
/* the staged step's sets: the bits of word j that fall in [lo, hi) (a part's ports or nodes) */
static inline uint64_t network_part_bits(int j, uint32_t lo, uint32_t hi)
{
    uint64_t m = ~0ull;
    if (j == (int)(lo >> 6)) m &= ~0ull << (lo & 63);
    if (j == (int)((hi - 1) >> 6) && (hi & 63)) m &= ~0ull >> (64 - (hi & 63));
    return m;
}
/* word w of a set may be written by two parts at once (network_set_parts) */
static inline int network_word_shared(const network *n, uint32_t w) { return (int)(n->st_shared[w >> 6] >> (w & 63) & 1); }

/* the staged step: node x's source has stepped cycle t (it read its credits and drove its
 * injection channel) */
static inline void network_source_done(network *n, int x, uint64_t t)
{
    const uint32_t pl = (uint32_t)(x * n->P + n->Pn);
    const int cur = (int)(t & 1);
    n->cr[cur ^ 1][pl] = 0; /* read: the staged step ORs the next credits into it */
    const uint64_t drove = n->in[cur][pl].vc >= 0;
    if (!n->concurrent || !network_word_shared(n, pl >> 6))
        n->st_fin[cur][pl >> 6] |= drove << (pl & 63); /* (without a branch: data) */
    else if (drove) __atomic_fetch_or(&n->st_fin[cur][pl >> 6], 1ull << (pl & 63), __ATOMIC_RELAXED);
}
/* the staged step: the nodes of word j in [lo, hi) whose source got credits in cycle t - 1,
 * taken out of the set (the node loop steps them in cycle t) */
static inline uint64_t network_source_credited(network *n, int j, int lo, int hi, uint64_t t)
{
    const uint64_t mine = network_part_bits(j, (uint32_t)lo, (uint32_t)hi);
    uint64_t *w = &n->st_cin[(t & 1) ^ 1][n->nwp + j];
    if (n->concurrent && network_word_shared(n, (uint32_t)(n->nwp + j))) return __atomic_fetch_and(w, ~mine, __ATOMIC_RELAXED) & mine;
    const uint64_t m = *w & mine;
    *w &= ~mine;
    return m;
}

/* the staged step: the nodes of word j (nodes 64j..64j+63) in [lo, hi) with a flit on their
 * ejection channel in cycle t */
static inline uint64_t network_ejected(const network *n, int j, int lo, int hi, uint64_t t)
{
    return n->st_ej[t & 1][j] & network_part_bits(j, (uint32_t)lo, (uint32_t)hi);
}
static inline void network_clear_local(network *n, int x, uint64_t t)
{
    n->ej[t & 1][x].vc = -1;
    n->cr[t & 1][x * n->P + n->Pn] = 0;
}
#endif

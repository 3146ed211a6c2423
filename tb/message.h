/* message.h: the testbench's record of every message between its injection and its
 * delivery, keyed by (source, id). The flits carry only what the hardware would; the
 * generation and injection times the statistics need stay here.
 *
 * A ring belongs to its source, but the sink that completes a message removes it, and on
 * a parallel run (sim.c) that sink may be stepped on another thread: every access to a
 * ring takes its lock. A record removed in cycle t still occupies its slot for a put of
 * the same cycle, so what a put finds never depends on the order of the nodes. */
#ifndef FLITNET_MESSAGE_H
#define FLITNET_MESSAGE_H
#include <stdint.h>

typedef struct {
    uint64_t gen, inj;      /* generation and first injection, at the original source */
    int32_t dst, len;       /* dst: the header's destination */
    uint32_t id;
    int32_t live;
    int32_t final, osrc;    /* the node software's view (§7.1): final destination, original source */
    int32_t nfwd;           /* times the node software re-injected it */
    int32_t ring;           /* the head's ring field as it reached the sink */
    uint64_t freed;         /* the cycle it was removed in, plus 1 (0: never) */
} msg_rec;

typedef struct {
    msg_rec *slot;  /* ring indexed by id & mask, grown on collision */
    uint32_t mask;
    long live;
    unsigned char lock;   /* taken with the compiler's atomic built-ins (the header is also C++'s) */
} msg_ring;

typedef struct {
    int N;
    msg_ring *ring; /* [N] */
    uint32_t id_mask; /* ids wrap at the flit's id width */
} msg_table;

int msgtab_init(msg_table *m, int N, int id_bits);
void msgtab_free(msg_table *m);
/* records a message injected in cycle t; -1 when out of memory or when the slot of its id
 * still holds a message (more in flight than the id bits name) */
int msgtab_put(msg_table *m, int src, const msg_rec *r, uint64_t t);
/* the live record of (src, id), or NULL (single-threaded use: no lock) */
msg_rec *msgtab_get(msg_table *m, int src, uint32_t id);
/* removes the live record of (src, id) in cycle t into *out; -1 when there is none */
int msgtab_take(msg_table *m, int src, uint32_t id, uint64_t t, msg_rec *out);
#endif

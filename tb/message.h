/* message.h: the testbench's record of every message between its injection and its
 * delivery, keyed by (source, id). The flits carry only what the hardware would; the
 * generation and injection times the statistics need stay here. */
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
} msg_rec;

typedef struct {
    msg_rec *slot;  /* ring indexed by id & mask, grown on collision */
    uint32_t mask;
    long live;
} msg_ring;

typedef struct {
    int N;
    msg_ring *ring; /* [N] */
    uint32_t id_mask; /* ids wrap at the flit's id width */
} msg_table;

int msgtab_init(msg_table *m, int N, int id_bits);
void msgtab_free(msg_table *m);
/* records an injected message; -1 on out of memory */
int msgtab_put(msg_table *m, int src, const msg_rec *r);
/* the live record of (src, id), or NULL */
msg_rec *msgtab_get(msg_table *m, int src, uint32_t id);
#endif

/* source.h: the source module of one node (docs/microarchitecture.md §7): an
 * unbounded FIFO of generated messages feeding V injection VCs over one injection
 * channel. It sees the router only through the credit wires of the router's local
 * input port and drives only the injection channel. */
#ifndef FLITNET_SOURCE_H
#define FLITNET_SOURCE_H
#include "flit.h"
#include "message.h"
#include "network.h"
#include "route.h"
#include <stdint.h>

typedef struct {
    uint64_t gen, inj, ready;    /* inj: first injection (0 until injected); ready: may leave from */
    uint32_t id;
    int32_t dst, len;
    int32_t final, osrc, nfwd, ring;
} queued_msg;

/* what each flit of the message on an injection VC needs: kept apart from the messages
 * themselves, so that a node's injection touches the same two or three cache lines every
 * cycle, whichever VC it serves */
typedef struct {
    int32_t next, last;   /* the next flit's index, the tail's */
    uint32_t id;          /* the message id in the flit's id width */
} source_flits;

typedef struct {
    /* what every step reads */
    uint32_t vc_busy, cred_ok;
    int ptr;
    uint32_t next_id;
    long qhead, qlen;
    uint64_t head_ready;  /* q[qhead].ready while qlen > 0, kept beside the counts */
    int quiet;            /* cycles in a row stepped with nothing to do (the node loop's set) */
    queued_msg *q;        /* ring of capacity qcap */
    long qcap;
    source_flits on[MAX_VCS];
    uint8_t credit[MAX_VCS];   /* B > 1: the credits of each VC (B = 1: its cred_ok bit) */
    queued_msg vc_msg[MAX_VCS]; /* the message on each VC (its head reads it) */
} source;

typedef struct {
    int V, B;
    const flit_layout *fl;
    const routing *rt;
    msg_table *msgs;      /* may be NULL: no records */
    uint32_t all_vcs;     /* mask of the V VCs */
    uint32_t id_mask;     /* ids wrap at the flit's id width */
} source_env;

void source_env_init(source_env *e, int V, int B, const flit_layout *fl, const routing *rt, msg_table *msgs);

int source_init(source *s, long qcap, int V, int B);
void source_free(source *s);
/* appends a generated message; -1 when the queue holds qcap messages already */
int source_enqueue(source *s, uint64_t gen, int dst, int len);
/* the node software (§7.1): a message whose tail reached node x in cycle t but whose
 * final destination is elsewhere joins x's queue with its new header; -1 when the queue
 * is full or no detour exists (the fault check at set-up rules that out) */
int source_forward(source *s, const source_env *e, int x, uint64_t t, const msg_rec *m, long delay);
/* source_step's rare parts, out of line: the queue's head message takes the lowest free
 * injection VC; a message's head flit (and its record in the message table: -1 when that
 * overflows) */
void source_start(source *s, const source_env *e);
int source_head(source *s, const source_env *e, int x, uint64_t t, int v, int tail, flit_t *f);

/* one cycle: absorb the credits of cycle t-1, drive the injection channel for cycle t.
 * Returns 1 if a flit was driven (counts as injected), -1 on a message-table overflow.
 * Inline: a busy source steps every cycle, most of its flits bodies. */
static inline __attribute__((always_inline)) int source_step(source *s, const source_env *e, int x, uint64_t t, uint32_t credits_in, link_sig *out)
{
    out->vc = -1;
    s->cred_ok |= credits_in;
    if (e->B != 1)
        for (uint32_t m = credits_in; m; m &= m - 1) s->credit[__builtin_ctz(m)]++;
    /* 1. allocation: the queue head takes the lowest free injection VC */
    if (s->qlen && (~s->vc_busy & e->all_vcs) && s->head_ready <= t) source_start(s, e);
    /* 2. injection arbitration, round-robin */
    const uint32_t elig = s->vc_busy & s->cred_ok;
    if (!elig) return 0;
    const uint32_t hi = elig & (0xFFFFFFFFu << s->ptr);
    const int v = __builtin_ctz(hi ? hi : elig);
    source_flits *o = &s->on[v];
    const int j = o->next++, tail = j == o->last;
    flit_t f;
    if (j == 0) {
        if (source_head(s, e, x, t, v, tail, &f)) return -1;
    } else {
        f = flit_make_body(x, o->id, j, tail);
    }
    out->flit = f;
    out->vc = v;
    if (e->B == 1 || --s->credit[v] == 0) s->cred_ok &= ~(1u << v);
    s->ptr = v + 1 == e->V ? 0 : v + 1;
    if (tail) s->vc_busy &= ~(1u << v);
    return 1;
}
/* source_step in cycle t would only drive "no flit" and change nothing: no credit coming
 * in, no VC with a message and a credit, and no queued message it could start (none, no
 * free VC, or the head not ready): idle at low load, blocked on credits at saturation */
static inline int source_idle(const source *s, const source_env *e, uint32_t credits_in, uint64_t t)
{
    if (credits_in | (s->vc_busy & s->cred_ok)) return 0;
    return !s->qlen || !(~s->vc_busy & e->all_vcs) || s->head_ready > t;
}
#endif

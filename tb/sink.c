/* sink.c: see sink.h. */
#include "sink.h"
#include <stdio.h>

void sink_init(sink *k)
{
    for (int v = 0; v < MAX_VCS; v++) k->src[v] = -1;
}

static void fail(const sink_env *e, int x, uint64_t t, const char *what)
{
    if (!e->errs->corrupt)
        snprintf(e->errs->first_error, sizeof e->errs->first_error, "cycle %llu node %d: %s",
                 (unsigned long long)t, x, what);
    e->errs->corrupt++;
}

int sink_step(sink *k, const sink_env *e, int x, uint64_t t, const link_sig *in, msg_rec *done, int *src_out)
{
    if (in->vc < 0) return 0;
    int v = in->vc;
    flit_t f = in->flit;
    if (flit_is_head(f)) {
        if (k->src[v] >= 0) fail(e, x, t, "head flit while a message is open on the VC");
        if (flit_dst(e->fl, f) != x && !e->absorb) fail(e, x, t, "message ejected at the wrong node");
        k->dst[v] = flit_dst(e->fl, f);
        k->ring[v] = flit_ring(e->fl, f);
        k->src[v] = flit_src(e->fl, f);
        k->id[v] = flit_id(e->fl, f);
        k->next[v] = 1;
        k->hops[v] = flit_hops(e->fl, f);
        if (e->check_minimal && flit_hops(e->fl, f) != topo_distance(e->t, k->src[v], x)) e->errs->nonminimal++;
    } else {
        if (k->src[v] < 0) { fail(e, x, t, "body flit without a head"); return 0; }
        if (flit_seq(f) != (k->next[v] & 0xFFFF)) fail(e, x, t, "flit out of order");
        else if ((f >> FLIT_PAYLOAD_LO) != flit_payload(k->src[v], k->id[v], k->next[v])) fail(e, x, t, "payload corrupted");
        k->next[v]++;
    }
    if (!flit_is_tail(f)) return 0;
    int src = k->src[v];
    k->src[v] = -1;
    if (!e->msgs) return 0;
    if (msgtab_take(e->msgs, src, k->id[v], t, done)) { fail(e, x, t, "message delivered twice or never sent"); return 0; }
    if (done->len != k->next[v]) fail(e, x, t, "message length differs from the length sent");
    done->ring = k->ring[v];
    *src_out = src;
    if (k->dst[v] != x || done->final != x) return 2;
    if (k->hops[v] > topo_distance(e->t, src, x)) e->errs->misrouted++;
    return 1;
}

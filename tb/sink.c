/* sink.c: see sink.h. */
#include "sink.h"
#include <stdio.h>

void sink_init(sink *k)
{
    for (int v = 0; v < MAX_VCS; v++) k->vc[v].src = -1;
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
    sink_vc *c = &k->vc[v];
    if (flit_is_head(f)) {
        if (c->src >= 0) fail(e, x, t, "head flit while a message is open on the VC");
        if (flit_dst(e->fl, f) != x && !e->absorb) fail(e, x, t, "message ejected at the wrong node");
        c->dst = flit_dst(e->fl, f);
        c->ring = flit_ring(e->fl, f);
        c->src = flit_src(e->fl, f);
        c->id = flit_id(e->fl, f);
        c->next = 1;
        c->hops = flit_hops(e->fl, f);
        if (e->check_minimal && flit_hops(e->fl, f) != topo_distance(e->t, c->src, x)) e->errs->nonminimal++;
    } else {
        if (c->src < 0) { fail(e, x, t, "body flit without a head"); return 0; }
        if (flit_seq(f) != (c->next & 0xFFFF)) fail(e, x, t, "flit out of order");
        else if ((f >> FLIT_PAYLOAD_LO) != flit_payload(c->src, c->id, c->next)) fail(e, x, t, "payload corrupted");
        c->next++;
    }
    if (!flit_is_tail(f)) return 0;
    int src = c->src;
    c->src = -1;
    if (!e->msgs) return 0;
    if (msgtab_take(e->msgs, src, c->id, t, done)) { fail(e, x, t, "message delivered twice or never sent"); return 0; }
    if (done->len != c->next) fail(e, x, t, "message length differs from the length sent");
    done->ring = c->ring;
    *src_out = src;
    if (c->dst != x || done->final != x) return 2;
    if (c->hops > topo_distance(e->t, src, x)) e->errs->misrouted++;
    return 1;
}

/* source.c: see source.h. */
#include "source.h"
#include <stdlib.h>
#include <string.h>

int source_init(source *s, long qcap, int V, int B)
{
    memset(s, 0, sizeof *s);
    s->qcap = qcap;
    s->q = malloc(sizeof *s->q * (size_t)qcap);
    for (int v = 0; v < V; v++) s->credit[v] = (uint8_t)B;
    s->cred_ok = route_all_vcs(V);
    return s->q ? 0 : -1;
}

void source_free(source *s)
{
    free(s->q);
    s->q = NULL;
}

void source_env_init(source_env *e, int V, int B, const flit_layout *fl, const routing *rt, msg_table *msgs)
{
    e->V = V;
    e->B = B;
    e->fl = fl;
    e->rt = rt;
    e->msgs = msgs;
    e->all_vcs = route_all_vcs(V);
    e->id_mask = fl->IW >= 32 ? 0xFFFFFFFFu : (1u << fl->IW) - 1;
}

int source_enqueue(source *s, uint64_t gen, int dst, int len)
{
    if (s->qlen >= s->qcap) return -1;
    queued_msg *m = &s->q[(s->qhead + s->qlen) % s->qcap];
    memset(m, 0, sizeof *m);
    m->gen = m->ready = gen;
    m->dst = m->final = dst;
    m->osrc = -1;
    m->len = len;
    m->id = s->next_id++;
    if (!s->qlen++) s->head_ready = m->ready;
    return 0;
}

int source_forward(source *s, const source_env *e, int x, uint64_t t, const msg_rec *r, long delay)
{
    int dst, rev;
    if (s->qlen >= s->qcap || !e->rt->algo->reroute) return -1;
    reroute_msg rm = {r->dst, r->ring, r->final};
    if (e->rt->algo->reroute(e->rt, x, &rm, &dst, &rev)) return -1;
    queued_msg *m = &s->q[(s->qhead + s->qlen) % s->qcap];
    memset(m, 0, sizeof *m);
    m->gen = r->gen;
    m->inj = r->inj;
    m->ready = t + 1 + (uint64_t)delay;
    m->dst = dst;
    m->final = r->final;
    m->osrc = r->osrc;
    m->nfwd = r->nfwd + 1;
    m->ring = rev;
    m->len = r->len;
    m->id = s->next_id++;
    if (!s->qlen++) s->head_ready = m->ready;
    return 0;
}

void source_start(source *s, const source_env *e)
{
    int v = __builtin_ctz(~s->vc_busy & e->all_vcs);
    s->vc_msg[v] = s->q[s->qhead];
    s->on[v] = (source_flits){0, s->vc_msg[v].len - 1, s->vc_msg[v].id & e->id_mask};
    s->qhead = (s->qhead + 1) % s->qcap;
    /* an empty queue starts again at its first slot: the ring then touches only the
     * pages its longest backlog needs, not all of max_queue as the head goes round */
    if (!--s->qlen) s->qhead = 0;
    else s->head_ready = s->q[s->qhead].ready;
    s->vc_busy |= 1u << v;
}

int source_head(source *s, const source_env *e, int x, uint64_t t, int v, int tail, flit_t *f)
{
    const queued_msg *m = &s->vc_msg[v];
    const uint32_t id = s->on[v].id;
    *f = route_init_head(e->rt, x, m->dst, flit_make_head(e->fl, m->dst, x, id, 0, tail));
    if (m->ring) *f = bits_set(*f, e->fl->ring_lo, e->fl->RW, (uint64_t)m->ring);
    if (e->msgs) {
        msg_rec r = {.gen = m->gen, .inj = m->nfwd ? m->inj : t, .dst = m->dst, .len = m->len, .id = id,
                     .final = m->final, .osrc = m->osrc < 0 ? x : m->osrc, .nfwd = m->nfwd};
        if (msgtab_put(e->msgs, x, &r, t)) return -1;
    }
    return 0;
}

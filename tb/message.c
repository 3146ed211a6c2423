/* message.c: see message.h. */
#include "message.h"
#include <stdlib.h>
#include <string.h>

int msgtab_init(msg_table *m, int N, int id_bits)
{
    m->N = N;
    m->id_mask = id_bits >= 32 ? 0xFFFFFFFFu : (1u << id_bits) - 1;
    m->ring = calloc((size_t)N, sizeof *m->ring);
    if (!m->ring) return -1;
    for (int x = 0; x < N; x++) {
        m->ring[x].mask = 63;
        m->ring[x].slot = calloc(64, sizeof(msg_rec));
        if (!m->ring[x].slot) return -1;
    }
    return 0;
}

void msgtab_free(msg_table *m)
{
    if (m->ring)
        for (int x = 0; x < m->N; x++) free(m->ring[x].slot);
    free(m->ring);
    memset(m, 0, sizeof *m);
}

static int grow(msg_ring *r)
{
    uint32_t nm = r->mask * 2 + 1;
    msg_rec *ns = calloc((size_t)nm + 1, sizeof *ns);
    if (!ns) return -1;
    for (uint32_t i = 0; i <= r->mask; i++)
        if (r->slot[i].live) ns[r->slot[i].id & nm] = r->slot[i];
    free(r->slot);
    r->slot = ns;
    r->mask = nm;
    return 0;
}

int msgtab_put(msg_table *m, int src, const msg_rec *rec)
{
    msg_ring *r = &m->ring[src];
    /* ids are consecutive per source, so a collision means more messages of this
     * source are in flight than the ring holds */
    while (r->slot[rec->id & r->mask].live)
        if (r->mask >= m->id_mask || grow(r)) return -1;
    r->slot[rec->id & r->mask] = *rec;
    r->slot[rec->id & r->mask].live = 1;
    r->live++;
    return 0;
}

msg_rec *msgtab_get(msg_table *m, int src, uint32_t id)
{
    if (src < 0 || src >= m->N) return NULL;
    msg_rec *e = &m->ring[src].slot[id & m->ring[src].mask];
    return e->live && e->id == id ? e : NULL;
}

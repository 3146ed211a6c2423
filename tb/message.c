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

static void lock(msg_ring *r)
{
    while (__atomic_test_and_set(&r->lock, __ATOMIC_ACQUIRE)) {
    }
}

static void unlock(msg_ring *r) { __atomic_clear(&r->lock, __ATOMIC_RELEASE); }

/* a slot is taken when it holds a live record or one removed in this cycle t */
static int taken(const msg_rec *e, uint64_t t) { return e->live || e->freed == t + 1; }

int msgtab_put(msg_table *m, int src, const msg_rec *rec, uint64_t t)
{
    msg_ring *r = &m->ring[src];
    int rc = 0;
    lock(r);
    /* ids are consecutive per source, so a collision means more messages of this
     * source are in flight than the ring holds */
    while (taken(&r->slot[rec->id & r->mask], t))
        if (r->mask >= m->id_mask || grow(r)) {
            rc = -1;
            break;
        }
    if (!rc) {
        msg_rec *e = &r->slot[rec->id & r->mask];
        *e = *rec;
        e->live = 1;
        e->freed = 0;
        r->live++;
    }
    unlock(r);
    return rc;
}

int msgtab_take(msg_table *m, int src, uint32_t id, uint64_t t, msg_rec *out)
{
    if (src < 0 || src >= m->N) return -1;
    msg_ring *r = &m->ring[src];
    lock(r);
    msg_rec *e = &r->slot[id & r->mask];
    int ok = e->live && e->id == id;
    if (ok) {
        *out = *e;
        e->live = 0;
        e->freed = t + 1;
        r->live--;
    }
    unlock(r);
    return ok ? 0 : -1;
}

msg_rec *msgtab_get(msg_table *m, int src, uint32_t id)
{
    if (src < 0 || src >= m->N) return NULL;
    msg_rec *e = &m->ring[src].slot[id & m->ring[src].mask];
    return e->live && e->id == id ? e : NULL;
}

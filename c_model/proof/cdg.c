/* cdg.c: see cdg.h. One destination at a time: an iterative depth-first walk over head
 * states (grey = on the current path: reaching one again is a livelock), and in post
 * order each state's set E(S) of escape channels a message in S can take next after any
 * adaptive hops. An escape hop a into state S' adds the edges a -> E(S'). The sets are
 * bit sets over every channel that keep the range of words they use (a channel's number
 * grows with its node's, and a state's set holds channels near it): only that range is
 * read, written or cleared. */
#include "cdg.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t key;
    int idx;
} slot;

typedef struct {
    const routing *r;
    int dst, NC, W;          /* channels, 64-bit words per channel set */
    int use_in;
    /* states of this destination */
    slot *tab;               /* open addressing, capacity tcap (a power of two) */
    size_t tcap;
    int nst, cap;
    uint64_t *keys;          /* [cap] */
    uint8_t *color;          /* [cap] 0 new, 1 on the path, 2 done */
    uint64_t *E;             /* [cap * W] */
    int *elo, *ehi;          /* [cap]: E's words outside [elo, ehi) are not its (may hold anything) */
    uint64_t *edge;          /* [NC * W] */
    int *glo, *ghi;          /* [NC]: the same for the edge rows */
    long states;
} walk;

static uint64_t mkkey(const walk *w, int x, int inport, flit_t h)
{
    const flit_layout *fl = w->r->fl;
    uint64_t k = (uint64_t)x;
    k = k * 64 + (uint64_t)(w->use_in ? inport : 0);
    k = (k << fl->CW) | (uint64_t)flit_neg(fl, h);
    k = (k << fl->CW) | (uint64_t)flit_bonus(fl, h);
    k = (k << fl->RW) | (uint64_t)flit_ring(fl, h);
    return k;
}

static uint64_t mix(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return k;
}

/* the state's index, added if new; -1 out of memory */
static int state_of(walk *w, uint64_t key)
{
    if ((size_t)(w->nst + 1) * 2 > w->tcap) {
        size_t nc = w->tcap ? w->tcap * 2 : 1024;
        slot *nt = malloc(nc * sizeof *nt);
        if (!nt) return -1;
        for (size_t i = 0; i < nc; i++) nt[i].idx = -1;
        for (size_t i = 0; i < w->tcap; i++)
            if (w->tab[i].idx >= 0) {
                size_t j = mix(w->tab[i].key) & (nc - 1);
                while (nt[j].idx >= 0) j = (j + 1) & (nc - 1);
                nt[j] = w->tab[i];
            }
        free(w->tab);
        w->tab = nt;
        w->tcap = nc;
    }
    size_t j = mix(key) & (w->tcap - 1);
    while (w->tab[j].idx >= 0) {
        if (w->tab[j].key == key) return w->tab[j].idx;
        j = (j + 1) & (w->tcap - 1);
    }
    if (w->nst == w->cap) {
        int nc = w->cap ? w->cap * 2 : 1024;
        uint64_t *k2 = realloc(w->keys, sizeof(uint64_t) * (size_t)nc);
        if (k2) w->keys = k2;
        uint8_t *c2 = realloc(w->color, (size_t)nc);
        if (c2) w->color = c2;
        uint64_t *e2 = realloc(w->E, sizeof(uint64_t) * (size_t)nc * (size_t)w->W);
        if (e2) w->E = e2;
        int *l2 = realloc(w->elo, sizeof(int) * (size_t)nc);
        if (l2) w->elo = l2;
        int *h2 = realloc(w->ehi, sizeof(int) * (size_t)nc);
        if (h2) w->ehi = h2;
        if (!k2 || !c2 || !e2 || !l2 || !h2) return -1;
        w->cap = nc;
    }
    int i = w->nst++;
    w->tab[j].key = key;
    w->tab[j].idx = i;
    w->keys[i] = key;
    w->color[i] = 0;
    w->elo[i] = w->W; /* empty */
    w->ehi[i] = 0;
    return i;
}

typedef struct {
    int st, x, inport;
    flit_t h;
    route_cands c;
    int l, p;                /* the next candidate to look at */
    uint32_t m;
    int child, child_ch;     /* the child being walked and the escape channel into it (-1: adaptive) */
    int merged;              /* the last state whose E was taken into this one's (its VCs on one port
                              * mostly lead to the same state: taking it in again changes nothing) */
} frame;

static void chan_name(const routing *r, int ch, char *buf, size_t len)
{
    const topology *t = r->t;
    int w = ch % r->V, xp = ch / r->V, x = xp / t->Pn, p = xp % t->Pn;
    char a[48], b[16];
    snprintf(buf, len, "%s %s vc %d", topo_node_name(t, x, a, sizeof a), topo_port_name(t, p, b, sizeof b), w);
}

/* the head's ring field in words (§6.5: phase in bits 1:0, orientation o bit 2, blocked
 * direction s bit 3, dimension d above) */
static void ring_name(int ring, char *buf, size_t len)
{
    static const char *const phase[] = {"", "going out", "going along", "coming back"};
    if (!(ring & 3)) snprintf(buf, len, "off any f-ring");
    else
        snprintf(buf, len, "on an f-ring, %s in orientation %c, blocked in dimension %d %c", phase[ring & 3],
                 ring >> 2 & 1 ? '-' : '+', ring >> 4, ring >> 3 & 1 ? '-' : '+');
}

/* the head's routing fields in words: the hop-class routings keep the lowest class its
 * next hop may take and the bonus classes above it (§6.3) */
static void state_name(const walk *w, int x, flit_t h, char *buf, size_t len)
{
    char a[48], rn[96], cls[64] = "";
    const flit_layout *fl = w->r->fl;
    if (route_hop_info(route_base(w->r)))
        snprintf(cls, sizeof cls, "lowest hop class %d, bonus %d, ", flit_neg(fl, h), flit_bonus(fl, h));
    ring_name(flit_ring(fl, h), rn, sizeof rn);
    snprintf(buf, len, "node %s (%s%s)", topo_node_name(w->r->t, x, a, sizeof a), cls, rn);
}

/* dst (words [*dlo, *dhi)) grows to cover [lo, hi); the words it takes in are cleared */
static void grow(uint64_t *dst, int *dlo, int *dhi, int lo, int hi)
{
    if (*dlo >= *dhi) {
        memset(dst + lo, 0, sizeof(uint64_t) * (size_t)(hi - lo));
        *dlo = lo;
        *dhi = hi;
        return;
    }
    if (lo < *dlo) {
        memset(dst + lo, 0, sizeof(uint64_t) * (size_t)(*dlo - lo));
        *dlo = lo;
    }
    if (hi > *dhi) {
        memset(dst + *dhi, 0, sizeof(uint64_t) * (size_t)(hi - *dhi));
        *dhi = hi;
    }
}

/* dst |= src, each with its range of words; most of the walk's time */
static void or_into(uint64_t *restrict dst, int *dlo, int *dhi, const uint64_t *restrict src, int slo, int shi)
{
    if (slo >= shi) return;
    grow(dst, dlo, dhi, slo, shi);
    for (int i = slo; i < shi; i++) dst[i] |= src[i];
}

static void set_bit(uint64_t *dst, int *dlo, int *dhi, int ch)
{
    grow(dst, dlo, dhi, ch / 64, ch / 64 + 1);
    dst[ch / 64] |= 1ULL << (ch % 64);
}

/* walks every state for destination w->dst; 0 ok, 1 failed (reason written), -1 memory */
/* a new state's own check: a message there must have a candidate, and an escape one
 * (the node software's port counts as one: it takes the message off the network);
 * 1 with the reason written when it has not */
static int state_stuck(const walk *w, const frame *f, cdg_result *res)
{
    const routing *r = w->r;
    const int Pn = r->t->Pn;
    uint32_t any = 0, esc = 0;
    for (int l = 0; l < ROUTE_LEVELS; l++)
        for (int p = 0; p < r->t->P; p++) {
            any |= f->c.m[l][p];
            if (p < Pn) esc |= f->c.m[l][p] & r->escape;
            else esc |= f->c.m[l][p]; /* taken off by the node software */
        }
    if (any && esc) return 0;
    char a[224], b[160];
    state_name(w, f->x, f->h, a, sizeof a);
    snprintf(res->reason, sizeof res->reason, "a message for node %s is stuck at %s: %s",
             topo_node_name(r->t, w->dst, b, sizeof b), a, any ? "no escape VC among its candidates" : "no candidate VC at any port");
    return 1;
}

/* the walk came back to state s2 (node y, head h2) through port p while s2 is on the
 * stack: the loop from s2 to the top of the stack, written into reason */
static void livelock_reason(const walk *w, const frame *stk, int sp, int s2, int p, int y, flit_t h2, cdg_result *res)
{
    const topology *t = w->r->t;
    char a[224], b[160];
    state_name(w, y, h2, a, sizeof a);
    size_t o = (size_t)snprintf(res->reason, sizeof res->reason, "livelock: a message for node %s can come back to %s:",
                                topo_node_name(t, w->dst, b, sizeof b), a);
    int from = sp - 1;
    while (from > 0 && stk[from].st != s2) from--;
    for (int i = from; i < sp && o + 192 < sizeof res->reason; i++) {
        char pn[16];
        int q = i + 1 < sp ? stk[i + 1].inport : p;
        char rn[96];
        ring_name(flit_ring(w->r->fl, stk[i].h), rn, sizeof rn);
        o += (size_t)snprintf(res->reason + o, sizeof res->reason - o, " %s %s (%s),",
                              topo_node_name(t, stk[i].x, b, sizeof b), topo_port_name(t, q, pn, sizeof pn), rn);
    }
}

/* state st (node x, entered through inport with head h) onto the stack, grey, with its
 * candidates; -1 when the stack cannot grow */
static int push_state(walk *w, frame **stk, int *fcap, int *sp, int st, int x, int inport, flit_t h)
{
    if (*sp == *fcap) {
        frame *ns = realloc(*stk, sizeof **stk * (size_t)(2 * *fcap));
        if (!ns) return -1;
        *stk = ns;
        *fcap *= 2;
    }
    frame *g = &(*stk)[(*sp)++];
    *g = (frame){.st = st, .x = x, .inport = inport, .h = h, .l = 0, .p = 0, .m = 0, .child = -1, .merged = -1};
    w->color[st] = 1;
    route_candidates(w->r, x, inport, h, &g->c);
    return 0;
}

static int walk_dst(walk *w, cdg_result *res)
{
    const routing *r = w->r;
    const topology *t = r->t;
    const flit_layout *fl = r->fl;
    const int Pn = t->Pn, V = r->V, dst = w->dst;
    int fcap = 256, sp = 0;
    frame *stk = malloc(sizeof *stk * (size_t)fcap);
    if (!stk) return -1;
    char a[224], b[160];
    int rc = 0;
    for (int src = 0; src < t->N && !rc; src++) {
        if (src == dst || (r->faulty && r->faulty[src])) continue;
        flit_t h0 = route_init_head(r, src, dst, flit_make_head(fl, dst, src, 0, 0, 1));
        int s0 = state_of(w, mkkey(w, src, Pn, h0));
        if (s0 < 0) { rc = -1; break; }
        if (w->color[s0]) continue;
        sp = 0;
        push_state(w, &stk, &fcap, &sp, s0, src, Pn, h0); /* (the first frame fits) */
        int first = 1;
        while (sp && !rc) {
            frame *f = &stk[sp - 1];
            if (first) { /* a new state: its own checks */
                first = 0;
                w->states++;
                if ((rc = state_stuck(w, f, res))) break;
                f->m = f->c.m[0][0];
            }
            if (f->child >= 0) { /* back from a child: take in its escape set */
                const int c = f->child;
                const uint64_t *Ec = &w->E[(size_t)c * w->W];
                if (f->child_ch >= 0)
                    or_into(&w->edge[(size_t)f->child_ch * w->W], &w->glo[f->child_ch], &w->ghi[f->child_ch], Ec,
                            w->elo[c], w->ehi[c]);
                else {
                    or_into(&w->E[(size_t)f->st * w->W], &w->elo[f->st], &w->ehi[f->st], Ec, w->elo[c], w->ehi[c]);
                    f->merged = c;
                }
                f->child = -1;
            }
            /* the next candidate (l, p, vc) */
            while (!f->m && f->l < ROUTE_LEVELS) {
                if (++f->p >= t->P) { f->p = 0; f->l++; }
                if (f->l < ROUTE_LEVELS) f->m = f->c.m[f->l][f->p];
            }
            if (f->l >= ROUTE_LEVELS) { /* done */
                w->color[f->st] = 2;
                sp--;
                continue;
            }
            int p = f->p, vc = __builtin_ctz(f->m);
            f->m &= f->m - 1;
            if (p == Pn) continue; /* ejection or the node software: the worm ends here */
            int ch = (f->x * Pn + p) * V + vc, is_esc = r->escape >> vc & 1;
            if (is_esc) set_bit(&w->E[(size_t)f->st * w->W], &w->elo[f->st], &w->ehi[f->st], ch);
            flit_t h2 = route_update(r, f->x, f->h, p, vc);
            int y = t->nbr[f->x * Pn + p];
            if (y < 0) {
                state_name(w, f->x, f->h, a, sizeof a);
                snprintf(res->reason, sizeof res->reason, "a message for node %s at %s is offered an unconnected port",
                         topo_node_name(t, dst, b, sizeof b), a);
                rc = 1;
                break;
            }
            if (y == dst) { /* arrives: ejection takes no network channel */
                continue;
            }
            int s2 = state_of(w, mkkey(w, y, p, h2));
            if (s2 < 0) { rc = -1; break; }
            f = &stk[sp - 1]; /* state_of does not move the stack, but keep f fresh */
            if (w->color[s2] == 1) {
                livelock_reason(w, stk, sp, s2, p, y, h2, res);
                rc = 1;
                break;
            }
            if (w->color[s2] == 2) {
                const uint64_t *Ec = &w->E[(size_t)s2 * w->W];
                if (is_esc) or_into(&w->edge[(size_t)ch * w->W], &w->glo[ch], &w->ghi[ch], Ec, w->elo[s2], w->ehi[s2]);
                else if (s2 != f->merged) {
                    or_into(&w->E[(size_t)f->st * w->W], &w->elo[f->st], &w->ehi[f->st], Ec, w->elo[s2], w->ehi[s2]);
                    f->merged = s2;
                }
                continue;
            }
            f->child = s2;
            f->child_ch = is_esc ? ch : -1;
            if (push_state(w, &stk, &fcap, &sp, s2, y, p, h2)) { rc = -1; break; }
            first = 1;
        }
    }
    free(stk);
    return rc;
}

/* Kahn's algorithm on the bit matrix; on a cycle, one cycle written into reason */
static int acyclic(const walk *w, cdg_result *res)
{
    const int NC = w->NC, W = w->W;
    if (NC <= 0) return 1;
    int *indeg = calloc((size_t)NC, sizeof(int)), *q = malloc(sizeof(int) * (size_t)NC);
    uint8_t *gone = calloc((size_t)NC, 1);
    if (!indeg || !q || !gone) { free(indeg); free(q); free(gone); return -1; }
    long edges = 0;
    for (int a = 0; a < NC; a++)
        for (int i = w->glo[a]; i < w->ghi[a]; i++)
            for (uint64_t m = w->edge[(size_t)a * W + i]; m; m &= m - 1) {
                indeg[i * 64 + __builtin_ctzll(m)]++;
                edges++;
            }
    res->edges = edges;
    int qh = 0, qt = 0, done = 0;
    for (int a = 0; a < NC; a++)
        if (!indeg[a]) q[qt++] = a;
    while (qh < qt) {
        int a = q[qh++];
        gone[a] = 1;
        done++;
        for (int i = w->glo[a]; i < w->ghi[a]; i++)
            for (uint64_t m = w->edge[(size_t)a * W + i]; m; m &= m - 1) {
                int b = i * 64 + __builtin_ctzll(m);
                if (--indeg[b] == 0) q[qt++] = b;
            }
    }
    int ok = done == NC;
    if (!ok) {
        /* every channel left has a predecessor left: walk back until one repeats */
        int *seen = malloc(sizeof(int) * (size_t)NC), *path = malloc(sizeof(int) * (size_t)NC), n = 0, c = 0;
        if (!seen || !path) { free(seen); free(path); free(indeg); free(q); free(gone); return -1; }
        for (int i = 0; i < NC; i++) seen[i] = -1;
        while (gone[c]) c++;
        while (seen[c] < 0) {
            seen[c] = n;
            path[n++] = c;
            int pred = -1;
            for (int a = 0; a < NC && pred < 0; a++)
                if (!gone[a] && c / 64 >= w->glo[a] && c / 64 < w->ghi[a] &&
                    (w->edge[(size_t)a * W + c / 64] >> (c % 64) & 1))
                    pred = a;
            c = pred;
        }
        /* path[seen[c]] .. path[n-1] is a cycle walked backwards */
        size_t o = (size_t)snprintf(res->reason, sizeof res->reason, "escape channel dependency cycle (%d channels):",
                                    n - seen[c]);
        for (int i = n - 1; i >= seen[c] && o < sizeof res->reason - 80; i--) {
            char nm[96];
            chan_name(w->r, path[i], nm, sizeof nm);
            o += (size_t)snprintf(res->reason + o, sizeof res->reason - o, " %s ->", nm);
        }
        char nm[96];
        chan_name(w->r, path[n - 1], nm, sizeof nm);
        snprintf(res->reason + o, sizeof res->reason - o, " %s", nm);
        free(seen);
        free(path);
    }
    free(indeg);
    free(q);
    free(gone);
    return ok;
}

int cdg_check(const routing *r, cdg_result *res, char *err, size_t errlen)
{
    const topology *t = r->t;
    memset(res, 0, sizeof *res);
    walk w;
    memset(&w, 0, sizeof w);
    w.r = r;
    w.NC = t->N * t->Pn * r->V;
    w.W = (w.NC + 63) / 64;
    w.use_in = route_base_algo(r)->inport;
    if (w.NC > CDG_MAX_CHANNELS) {
        snprintf(err, errlen, "the network has %d channels; the dependency check handles up to %d", w.NC, CDG_MAX_CHANNELS);
        return -1;
    }
    w.edge = malloc(sizeof(uint64_t) * (size_t)w.NC * (size_t)w.W);
    w.glo = malloc(sizeof(int) * (size_t)w.NC);
    w.ghi = calloc((size_t)w.NC, sizeof(int));
    if (!w.edge || !w.glo || !w.ghi) {
        free(w.edge);
        free(w.glo);
        free(w.ghi);
        snprintf(err, errlen, "out of memory for the channel graph");
        return -1;
    }
    for (int c = 0; c < w.NC; c++) w.glo[c] = w.W; /* every row empty */
    int rc = 0;
    for (int d = 0; d < t->N && !rc; d++) {
        if (r->faulty && r->faulty[d]) continue;
        w.dst = d;
        w.nst = 0;
        for (size_t i = 0; i < w.tcap; i++) w.tab[i].idx = -1;
        rc = walk_dst(&w, res);
    }
    res->states = w.states;
    for (int c = 0; c < w.NC; c++)
        if (r->escape >> (c % r->V) & 1) res->channels++;
    if (!rc) {
        int a = acyclic(&w, res);
        if (a < 0) rc = -1;
        else res->ok = a;
    }
    free(w.tab);
    free(w.keys);
    free(w.color);
    free(w.E);
    free(w.elo);
    free(w.ehi);
    free(w.edge);
    free(w.glo);
    free(w.ghi);
    if (rc < 0) {
        snprintf(err, errlen, "out of memory in the dependency check");
        return -1;
    }
    return 0;
}

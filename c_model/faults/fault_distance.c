/* fault_distance.c: see fault_distance.h.
 *
 * A search from every node costs N^2 steps: 100 s of CPU on a 16x16x16x16 torus with one
 * faulty node. But a few faults lengthen few paths, and which ones follows from the
 * fault-free distance d:
 * a node t keeps d'(s, t) = d(s, t) exactly when one of its predecessors towards s (an
 * in-neighbour u with d(s, u) = d(s, t) - 1) is not blocked and keeps its own distance.
 * So the nodes that lose it ("bad") are found level by level from the blocked nodes'
 * successors, and only they need a search (a shortest-path search seeded by their good
 * in-neighbours). The sum over the good nodes is the fault-free sum less the blocked
 * nodes' terms, and the fault-free sum is one per dimension (every topology here is a
 * product: d is the sum over dimensions of a 1-D distance). A source that gathers more
 * than N/4 candidates is searched in full instead, so no network costs much more than the
 * plain search (a dense 5 % on 128x128: 4 s). The sums are integers: the mean is the plain
 * search's to the last bit. */
#include "fault_distance.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { ST_CAND = 1, ST_GOOD, ST_BAD, ST_DONE };

typedef struct {
    const topology *t;
    const uint8_t *blocked;
    int N, Pn;
    int *in;            /* [N*Pn]: the node whose output port p reaches x (-1: none) */
    int64_t *dim_sum;   /* [n*256]: sum over c' of the 1-D distance c -> c' in dimension d */
    uint8_t *hops;      /* [n*256*256]: the 1-D distance c -> c' in dimension d */
    int src[MAX_DIMS];  /* the source's coordinates */
    int *blk;           /* the blocked nodes */
    int nblk;
    int *stamp;         /* [N]: s + 1 when state/dist/dp of x are of source s */
    uint8_t *state;
    int *dist, *dp;
    int *bhead, *bnext; /* candidates by level: bhead[L] lists them through bnext */
    int *bad;           /* the bad nodes, in the order found */
    uint64_t *heap;     /* (dp << 32 | node), a binary min-heap */
    int heap_cap;
    int *queue;         /* the plain search */
} fd_ctx;

static void bfs_source(const topology *t, const uint8_t *blocked, int s, int *queue, int *dist, int64_t *sum,
                       long *pairs)
{
    for (int x = 0; x < t->N; x++) dist[x] = -1;
    int qh = 0, qt = 0;
    queue[qt++] = s;
    dist[s] = 0;
    while (qh < qt) {
        int x = queue[qh++];
        if (x != s) { *sum += dist[x]; (*pairs)++; }
        for (int p = 0; p < t->Pn; p++) {
            int y = t->nbr[x * t->Pn + p];
            if (y >= 0 && !blocked[y] && dist[y] < 0) { dist[y] = dist[x] + 1; queue[qt++] = y; }
        }
    }
}

double faults_mean_distance_bfs(const topology *t, const uint8_t *blocked)
{
    int N = t->N, *queue = malloc(sizeof(int) * (size_t)N), *dist = malloc(sizeof(int) * (size_t)N);
    if (!queue || !dist) { free(queue); free(dist); return NAN; }
    int64_t sum = 0;
    long pairs = 0;
    for (int s = 0; s < N; s++)
        if (!blocked[s]) bfs_source(t, blocked, s, queue, dist, &sum, &pairs);
    free(queue);
    free(dist);
    return pairs ? (double)sum / (double)pairs : 0;
}

/* d(s, x) without faults, kept for the source */
static int fd_dist(fd_ctx *c, int s, int x)
{
    if (c->stamp[x] != s + 1) {
        c->stamp[x] = s + 1;
        c->state[x] = 0;
        const uint8_t *cx = &c->t->coord[x * c->t->n];
        int h = 0;
        for (int d = 0; d < c->t->n; d++) h += c->hops[(d * 256 + c->src[d]) * 256 + cx[d]];
        c->dist[x] = h;
    }
    return c->dist[x];
}

/* makes the successors of x (at distance L from s) not yet seen candidates of level L + 1;
 * returns how many */
static int fd_successors(fd_ctx *c, int s, int x, int L)
{
    int added = 0;
    for (int p = 0; p < c->Pn; p++) {
        int y = c->t->nbr[x * c->Pn + p];
        if (y < 0 || c->blocked[y] || fd_dist(c, s, y) != L + 1 || c->state[y]) continue;
        c->state[y] = ST_CAND;
        c->bnext[y] = c->bhead[L + 1];
        c->bhead[L + 1] = y;
        added++;
    }
    return added;
}

static void heap_push(fd_ctx *c, int *n, int key, int x)
{
    uint64_t v = (uint64_t)key << 32 | (uint32_t)x;
    int i = (*n)++;
    while (i > 0 && c->heap[(i - 1) / 2] > v) { c->heap[i] = c->heap[(i - 1) / 2]; i = (i - 1) / 2; }
    c->heap[i] = v;
}

static uint64_t heap_pop(fd_ctx *c, int *n)
{
    uint64_t top = c->heap[0], v = c->heap[--(*n)];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1;
        if (l >= *n) break;
        if (l + 1 < *n && c->heap[l + 1] < c->heap[l]) l++;
        if (c->heap[l] >= v) break;
        c->heap[i] = c->heap[l];
        i = l;
    }
    c->heap[i] = v;
    return top;
}

/* adds source s's sum and pair count; 0, or -1 when its bad set is too large for the
 * fast way (the caller searches in full) */
static int fd_source(fd_ctx *c, int s, int healthy, int64_t *sum, long *pairs)
{
    const topology *t = c->t;
    const int Pn = c->Pn;
    int64_t base = 0;
    for (int d = 0; d < t->n; d++) {
        c->src[d] = topo_coord(t, s, d);
        base += (int64_t)(c->N / t->k[d]) * c->dim_sum[d * 256 + c->src[d]];
    }
    long pr = healthy - 1;
    for (int L = 0; L <= t->diameter + 1; L++) c->bhead[L] = -1;
    int ncand = 0, nbad = 0;
    for (int i = 0; i < c->nblk; i++) {
        int f = c->blk[i], df = fd_dist(c, s, f);
        base -= df;
        ncand += fd_successors(c, s, f, df);
    }
    /* level by level: a candidate is bad when every predecessor is blocked or bad */
    for (int L = 1; L <= t->diameter; L++) {
        for (int x = c->bhead[L]; x >= 0; x = c->bnext[x]) {
            int good = 0;
            for (int p = 0; p < Pn && !good; p++) {
                int u = c->in[x * Pn + p];
                if (u < 0 || c->blocked[u] || fd_dist(c, s, u) != L - 1) continue;
                good = c->state[u] != ST_BAD;
            }
            if (good) { c->state[x] = ST_GOOD; continue; }
            c->state[x] = ST_BAD;
            c->bad[nbad++] = x;
            ncand += fd_successors(c, s, x, L);
            if (ncand > c->N / 4) return -1;
        }
    }
    /* the bad nodes' distances: a shortest-path search seeded by their good in-neighbours */
    int hn = 0;
    for (int i = 0; i < nbad; i++) {
        int x = c->bad[i], best = -1;
        for (int p = 0; p < Pn; p++) {
            int u = c->in[x * Pn + p];
            if (u < 0 || c->blocked[u] || (c->stamp[u] == s + 1 && c->state[u] == ST_BAD)) continue;
            int du = fd_dist(c, s, u) + 1;
            if (best < 0 || du < best) best = du;
        }
        c->dp[x] = best;
        if (best >= 0) {
            if (hn >= c->heap_cap) return -1;
            heap_push(c, &hn, best, x);
        }
    }
    int64_t extra = 0;
    while (hn > 0) {
        uint64_t v = heap_pop(c, &hn);
        int x = (int)(uint32_t)v, dx = (int)(v >> 32);
        if (c->state[x] == ST_DONE || dx != c->dp[x]) continue;
        c->state[x] = ST_DONE;
        extra += dx - c->dist[x];
        for (int p = 0; p < Pn; p++) {
            int y = t->nbr[x * Pn + p];
            if (y < 0 || c->blocked[y] || c->stamp[y] != s + 1 || c->state[y] != ST_BAD) continue;
            if (c->dp[y] < 0 || dx + 1 < c->dp[y]) {
                if (hn >= c->heap_cap) return -1;
                c->dp[y] = dx + 1;
                heap_push(c, &hn, dx + 1, y);
            }
        }
    }
    /* bad nodes never reached: not a pair (as in the plain search) */
    for (int i = 0; i < nbad; i++)
        if (c->state[c->bad[i]] != ST_DONE) { base -= c->dist[c->bad[i]]; pr--; }
    *sum += base + extra;
    *pairs += pr;
    return 0;
}

double faults_mean_distance(const topology *t, const uint8_t *blocked)
{
    const int N = t->N, Pn = t->Pn;
    fd_ctx c = {.t = t, .blocked = blocked, .N = N, .Pn = Pn};
    c.in = malloc(sizeof(int) * (size_t)N * (size_t)Pn);
    c.dim_sum = calloc((size_t)t->n * 256, sizeof(int64_t));
    c.hops = calloc((size_t)t->n * 256 * 256, 1);
    c.blk = malloc(sizeof(int) * (size_t)N);
    c.stamp = calloc((size_t)N, sizeof(int));
    c.state = calloc((size_t)N, 1);
    c.dist = malloc(sizeof(int) * (size_t)N);
    c.dp = malloc(sizeof(int) * (size_t)N);
    c.bhead = malloc(sizeof(int) * (size_t)(t->diameter + 2));
    c.bnext = malloc(sizeof(int) * (size_t)N);
    c.bad = malloc(sizeof(int) * (size_t)N);
    c.heap_cap = 2 * N;
    c.heap = malloc(sizeof(uint64_t) * (size_t)c.heap_cap);
    c.queue = malloc(sizeof(int) * (size_t)N);
    double res = NAN;
    if (!c.in || !c.dim_sum || !c.hops || !c.blk || !c.stamp || !c.state || !c.dist || !c.dp || !c.bhead || !c.bnext || !c.bad ||
        !c.heap || !c.queue)
        goto out;
    /* in-neighbours: the links read backwards (a unidirectional torus has no reverse link) */
    int *deg = c.bnext; /* free until the sources use it */
    memset(deg, 0, sizeof(int) * (size_t)N);
    for (int i = 0; i < N * Pn; i++) c.in[i] = -1;
    for (int x = 0; x < N; x++)
        for (int p = 0; p < Pn; p++) {
            int y = t->nbr[x * Pn + p];
            if (y >= 0) c.in[y * Pn + deg[y]++] = x;
        }
    /* the fault-free distance is a sum over dimensions of a 1-D distance */
    for (int d = 0; d < t->n; d++)
        for (int a = 0; a < t->k[d]; a++) {
            int xa = topo_with_coord(t, 0, d, a), p;
            for (int b = 0; b < t->k[d]; b++) {
                int h = topo_dim_hops(t, xa, topo_with_coord(t, 0, d, b), d, &p);
                c.hops[(d * 256 + a) * 256 + b] = (uint8_t)h;
                c.dim_sum[d * 256 + a] += h;
            }
        }
    int healthy = 0;
    for (int x = 0; x < N; x++) {
        if (blocked[x]) c.blk[c.nblk++] = x;
        else healthy++;
    }
    int64_t sum = 0;
    long pairs = 0;
    for (int s = 0; s < N; s++) {
        if (blocked[s]) continue;
        if (fd_source(&c, s, healthy, &sum, &pairs) == 0) continue;
        /* the fast way gave up: the plain search (the marks are the source's, s + 1) */
        bfs_source(t, blocked, s, c.queue, c.dp, &sum, &pairs);
    }
    res = pairs ? (double)sum / (double)pairs : 0;
out:
    free(c.in);
    free(c.dim_sum);
    free(c.hops);
    free(c.blk);
    free(c.stamp);
    free(c.state);
    free(c.dist);
    free(c.dp);
    free(c.bhead);
    free(c.bnext);
    free(c.bad);
    free(c.heap);
    free(c.queue);
    return res;
}

/* traffic.c: see traffic.h. Patterns follow Dally & Towles' definitions, extended to
 * any radix by acting on coordinates; a node whose pattern partner is itself sends
 * nothing. */
#include "traffic.h"
#include "textfile.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_pow2(int x) { return x > 0 && !(x & (x - 1)); }
static int log2i(int x) { int b = 0; while ((1 << b) < x) b++; return b; }

static int from_coords(const topology *t, const int *c)
{
    int id = 0;
    for (int d = t->n - 1; d >= 0; d--) id = id * t->k[d] + c[d];
    return id;
}

static int pattern(const topology *t, traffic_kind kind, int s, char *err, size_t errlen)
{
    int c[MAX_DIMS], o[MAX_DIMS], n = t->n;
    for (int d = 0; d < n; d++) c[d] = topo_coord(t, s, d);
    int bits = log2i(t->N);
    switch (kind) {
    case TR_TRANSPOSE:
        if (t->kind == TOPO_HYPERCUBE) {
            if (n % 2) { snprintf(err, errlen, "transpose on a hypercube needs an even n (got %d)", n); return -2; }
            int h = n / 2, lo = s & ((1 << h) - 1);
            return (s >> h) | (lo << h);
        }
        for (int d = 0; d < n; d++)
            if (t->k[d] != t->k[n - 1 - d]) { snprintf(err, errlen, "transpose needs k_d = k_(n-1-d) in every dimension"); return -2; }
        for (int d = 0; d < n; d++) o[d] = c[n - 1 - d];
        return from_coords(t, o);
    case TR_BITCOMP:
        for (int d = 0; d < n; d++) o[d] = t->k[d] - 1 - c[d];
        return from_coords(t, o);
    case TR_BITREV: {
        if (!is_pow2(t->N)) { snprintf(err, errlen, "bitrev needs a power-of-two node count (N = %d)", t->N); return -2; }
        int r = 0;
        for (int b = 0; b < bits; b++)
            if (s >> b & 1) r |= 1 << (bits - 1 - b);
        return r;
    }
    case TR_SHUFFLE:
        if (!is_pow2(t->N)) { snprintf(err, errlen, "shuffle needs a power-of-two node count (N = %d)", t->N); return -2; }
        return bits ? ((s << 1) | (s >> (bits - 1))) & (t->N - 1) : s;
    case TR_TORNADO:
        for (int d = 0; d < n; d++) o[d] = (c[d] + (t->k[d] + 1) / 2 - 1) % t->k[d];
        return from_coords(t, o);
    case TR_NEIGHBOR:
        for (int d = 0; d < n; d++) o[d] = (c[d] + 1) % t->k[d];
        return from_coords(t, o);
    default:
        return -1;
    }
}

/* node at offset `off` (a node id read as a coordinate vector) from s */
static int translate(const topology *t, int s, int off)
{
    if (t->kind == TOPO_HYPERCUBE) return s ^ off;
    int o[MAX_DIMS];
    for (int d = 0; d < t->n; d++) o[d] = (topo_coord(t, s, d) + topo_coord(t, off, d)) % t->k[d];
    return from_coords(t, o);
}

/* the first n blank-separated integers of p fit in a long long (strtoll says ERANGE) */
static int fits_64(const char *p, int n)
{
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        (void)strtoll(p, &end, 10);
        if (errno == ERANGE || end == p) return 0;
        p = end;
    }
    return 1;
}

int trace_load(const char *path, const topology *t, trace_rec **out, long *n, char *err, size_t errlen)
{
    FILE *f = textfile_open(path, "trace file", err, errlen);
    if (!f) return -1;
    long cap = 1024, cnt = 0, lineno = 0;
    trace_rec *r = malloc(sizeof *r * (size_t)cap);
    char line[1024];
    uint64_t last = 0;
    while (r && fgets(line, sizeof line, f)) {
        lineno++;
        if (strlen(line) == sizeof line - 1 && line[sizeof line - 2] != '\n' && !feof(f)) {
            snprintf(err, errlen, "trace %s line %ld: line too long (at most %d characters)", path, lineno,
                     (int)sizeof line - 2);
            free(r);
            fclose(f);
            return -1;
        }
        char *h = strchr(line, '#');
        if (h) *h = 0;
        char *p = line;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (!*p) continue;
        long long cy, s, d, l;
        char extra[8];
        int got = sscanf(p, "%lld %lld %lld %lld %7s", &cy, &s, &d, &l, extra);
        const char *why = NULL;
        if (got != 4) why = "expected `cycle src dst length`";
        else if (!fits_64(p, 4)) why = "a number out of range"; /* scanf clamps it silently */
        else if (cy < 0) why = "negative cycle";
        else if (s < 0 || s >= t->N || d < 0 || d >= t->N) why = "node id out of range";
        else if (s == d) why = "source equals destination";
        else if (l < 1 || l > 1000000) why = "length must be 1..1000000";
        else if ((uint64_t)cy < last) why = "cycles must not decrease";
        if (why) {
            snprintf(err, errlen, "trace %s line %ld: %s", path, lineno, why);
            free(r);
            fclose(f);
            return -1;
        }
        if (cnt == cap) {
            cap *= 2;
            trace_rec *nr = realloc(r, sizeof *r * (size_t)cap);
            if (!nr) { free(r); r = NULL; break; }
            r = nr;
        }
        r[cnt++] = (trace_rec){(uint64_t)cy, (int)s, (int)d, (int)l};
        last = (uint64_t)cy;
    }
    fclose(f);
    if (!r) { snprintf(err, errlen, "out of memory reading trace '%s'", path); return -1; }
    *out = r;
    *n = cnt;
    return 0;
}

int traffic_init(traffic *tr, const sim_config *cfg, const topology *t, char *err, size_t errlen)
{
    memset(tr, 0, sizeof *tr);
    tr->cfg = cfg;
    tr->t = t;
    if (t->N < 2) { snprintf(err, errlen, "a network needs at least 2 nodes"); return -1; }
    if (cfg->traffic == TR_TRACE) {
        if (trace_load(cfg->trace, t, &tr->trace, &tr->ntrace, err, errlen)) return -1;
        /* a run that sends nothing would report an empty measurement as a result */
        if (!tr->ntrace) {
            snprintf(err, errlen, "trace %s has no message: nothing would be sent", cfg->trace);
            return -1;
        }
        if (tr->trace[0].cycle >= (uint64_t)cfg->cycles) {
            snprintf(err, errlen, "trace %s starts at cycle %llu, after the run's %ld cycles: nothing would be sent",
                     cfg->trace, (unsigned long long)tr->trace[0].cycle, cfg->cycles);
            return -1;
        }
        return 0;
    }
    tr->rng = malloc(sizeof *tr->rng * (size_t)t->N);
    tr->next = malloc(sizeof *tr->next * (size_t)t->N);
    tr->pattern_dst = malloc(sizeof(int) * (size_t)t->N);
    if (!tr->rng || !tr->next || !tr->pattern_dst) { snprintf(err, errlen, "out of memory"); return -1; }
    int is_pattern = 0, senders = 0;
    for (int x = 0; x < t->N; x++) {
        rng_seed(&tr->rng[x], cfg->seed, (uint64_t)x);
        tr->next[x] = cfg->process == PROC_POISSON ? rng_exp(&tr->rng[x]) / cfg->rate : 0;
        int d = pattern(t, cfg->traffic, x, err, errlen);
        if (d == -2) return -1;
        is_pattern |= d >= 0;
        senders += d >= 0 && d != x;
        tr->pattern_dst[x] = d == x ? -1 : d;
    }
    if (is_pattern && !senders) { /* e.g. tornado with k = 2: the run would measure nothing */
        snprintf(err, errlen, "traffic = %s sends nothing on this network: every node is its own destination",
                 config_traffic_name(cfg->traffic));
        return -1;
    }
    if (cfg->traffic == TR_HOTSPOT && cfg->hotspot >= t->N) {
        snprintf(err, errlen, "hotspot = %d is not a node (N = %d)", cfg->hotspot, t->N);
        return -1;
    }
    if (cfg->traffic == TR_LOCALITY) {
        if (t->kind == TOPO_MESH) {
            snprintf(err, errlen, "locality traffic needs a vertex-symmetric topology (torus, torus_uni, hypercube)");
            return -1;
        }
        int D = t->diameter;
        if (cfg->n_locality_p > D) {
            snprintf(err, errlen, "locality_p has %d values but the diameter is %d", cfg->n_locality_p, D);
            return -1;
        }
        tr->loc_cdf = calloc((size_t)D + 1, sizeof(double));
        tr->by_dist = calloc((size_t)D + 1, sizeof(int *));
        tr->by_dist_n = calloc((size_t)D + 1, sizeof(int));
        if (!tr->loc_cdf || !tr->by_dist || !tr->by_dist_n) { snprintf(err, errlen, "out of memory"); return -1; }
        for (int i = 1; i <= D; i++) tr->by_dist[i] = malloc(sizeof(int) * (size_t)t->N);
        for (int y = 1; y < t->N; y++) {
            int h = topo_distance(t, 0, y);
            tr->by_dist[h][tr->by_dist_n[h]++] = y;
        }
        double w[65] = {0}, s = 0;
        /* alpha^i relative to the largest term: alpha = 1e9 over 20 hops would overflow */
        const int top = cfg->locality_alpha > 1 ? (D < 64 ? D : 64) : 0;
        for (int i = 1; i <= D && i <= 64; i++) {
            w[i] = cfg->n_locality_p ? (i <= cfg->n_locality_p ? cfg->locality_p[i - 1] : 0)
                                     : pow(cfg->locality_alpha, i - top);
            s += w[i];
        }
        if (!(s > 0)) { snprintf(err, errlen, "locality distribution is empty"); return -1; }
        double acc = 0;
        for (int i = 1; i <= D; i++) {
            acc += (i <= 64 ? w[i] : 0) / s;
            tr->loc_cdf[i] = acc;
        }
        tr->loc_cdf[D] = 1.0;
    }
    return 0;
}

void traffic_free(traffic *tr)
{
    if (tr->by_dist)
        for (int i = 0; i <= tr->t->diameter; i++) free(tr->by_dist[i]);
    free(tr->by_dist);
    free(tr->by_dist_n);
    free(tr->loc_cdf);
    free(tr->rng);
    free(tr->next);
    free(tr->heap);
    free(tr->due);
    free(tr->pattern_dst);
    free(tr->trace);
    free(tr->alive);
    free(tr->alive_idx);
    memset(tr, 0, sizeof *tr);
}

int traffic_pattern_dst(const traffic *tr, int src) { return tr->pattern_dst ? tr->pattern_dst[src] : -1; }

static int uniform_dst(rng_t *r, int N, int src)
{
    int d = (int)rng_below(r, (uint32_t)(N - 1));
    return d >= src ? d + 1 : d;
}

int traffic_set_faults(traffic *tr, const uint8_t *faulty, char *err, size_t errlen)
{
    if (!faulty) return 0;
    tr->heap_built = 0; /* the senders change */
    if (tr->cfg->traffic != TR_UNIFORM) {
        snprintf(err, errlen, "with faulty nodes only traffic = uniform is supported (got %s)",
                 config_traffic_name(tr->cfg->traffic));
        return -1;
    }
    const int N = tr->t->N;
    tr->alive = malloc(sizeof(int) * (size_t)N);
    tr->alive_idx = malloc(sizeof(int) * (size_t)N);
    if (!tr->alive || !tr->alive_idx) { snprintf(err, errlen, "out of memory"); return -1; }
    tr->nalive = 0;
    for (int x = 0; x < N; x++) {
        tr->alive_idx[x] = faulty[x] ? -1 : tr->nalive;
        if (!faulty[x]) tr->alive[tr->nalive++] = x;
    }
    tr->faulty = faulty;
    return 0;
}

static int pick_dst(traffic *tr, int x)
{
    const sim_config *c = tr->cfg;
    rng_t *r = &tr->rng[x];
    if (tr->faulty) /* uniform over the other fault-free nodes */
        return tr->alive[uniform_dst(r, tr->nalive, tr->alive_idx[x])];
    switch (c->traffic) {
    case TR_UNIFORM: return uniform_dst(r, tr->t->N, x);
    case TR_HOTSPOT:
        if (x != c->hotspot && rng_uniform(r) < c->hotspot_frac) return c->hotspot;
        return uniform_dst(r, tr->t->N, x);
    case TR_LOCALITY: {
        double u = rng_uniform(r);
        int i = 1;
        while (i < tr->t->diameter && u >= tr->loc_cdf[i]) i++;
        while (!tr->by_dist_n[i]) i--; /* cannot happen for p_i > 0; guards rounding */
        int off = tr->by_dist[i][rng_below(r, (uint32_t)tr->by_dist_n[i])];
        return translate(tr->t, x, off);
    }
    default: return tr->pattern_dst[x];
    }
}

static int pick_len(traffic *tr, int x)
{
    const sim_config *c = tr->cfg;
    if (c->msg_len_dist == LEN_FIXED) return (int)c->msg_len;
    if (c->msg_len <= 1) return 1;
    /* geometric on 1,2,... with mean M: the discrete exponential */
    double u = rng_uniform(&tr->rng[x]);
    double l = 1 + floor(log1p(-u) / log1p(-1.0 / c->msg_len));
    return l > 1000000 ? 1000000 : (int)l;
}

/* the heap of senders: node a before node b when its next arrival is earlier (ties by node:
 * any strict order would do, since the nodes due in a cycle are put back in node order) */
static int heap_before(const traffic *tr, int a, int b)
{
    return tr->next[a] < tr->next[b] || (tr->next[a] == tr->next[b] && a < b);
}

static void heap_down(traffic *tr, int i)
{
    int *h = tr->heap, n = tr->nheap, x = h[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && heap_before(tr, h[c + 1], h[c])) c++;
        if (!heap_before(tr, h[c], x)) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = x;
}

static int heap_build(traffic *tr)
{
    free(tr->heap);
    tr->heap = malloc(sizeof *tr->heap * (size_t)tr->t->N);
    if (!tr->heap) return -1;
    tr->nheap = 0;
    for (int x = 0; x < tr->t->N; x++)
        if (!(tr->faulty && tr->faulty[x])) tr->heap[tr->nheap++] = x;
    for (int i = tr->nheap / 2 - 1; i >= 0; i--) heap_down(tr, i);
    tr->heap_built = 1;
    return 0;
}

static int due_cmp(const void *a, const void *b)
{
    const struct traffic_due *p = a, *q = b;
    return p->x != q->x ? (p->x > q->x) - (p->x < q->x) : (p->seq > q->seq) - (p->seq < q->seq);
}

/* Poisson arrivals of cycle t: the nodes due in it come off the heap, draw their messages
 * from their own streams as the node-by-node scan did, go back with their next arrival,
 * and their messages are emitted in node order */
static void traffic_poisson(traffic *tr, uint64_t t, traffic_sink_fn fn, void *user)
{
    const double end = (double)(t + 1);
    if (!tr->heap_built && heap_build(tr)) {
        /* no memory for the heap: the scan of every node, as before it */
        for (int x = 0; x < tr->t->N; x++) {
            if (tr->faulty && tr->faulty[x]) continue;
            while (tr->next[x] < end) {
                tr->next[x] += rng_exp(&tr->rng[x]) / tr->cfg->rate;
                int d = pick_dst(tr, x), l = pick_len(tr, x);
                if (d >= 0) fn(user, t, x, d, l);
            }
        }
        return;
    }
    tr->ndue = 0;
    while (tr->nheap && tr->next[tr->heap[0]] < end) {
        const int x = tr->heap[0];
        while (tr->next[x] < end) {
            tr->next[x] += rng_exp(&tr->rng[x]) / tr->cfg->rate;
            int d = pick_dst(tr, x), l = pick_len(tr, x);
            if (d < 0) continue;
            if (tr->ndue == tr->cap_due) {
                int cap = tr->cap_due ? 2 * tr->cap_due : 64;
                struct traffic_due *nd = realloc(tr->due, sizeof *nd * (size_t)cap);
                if (!nd) { /* no memory to keep them: emit at once (node order lost only here) */
                    fn(user, t, x, d, l);
                    continue;
                }
                tr->due = nd;
                tr->cap_due = cap;
            }
            tr->due[tr->ndue++] = (struct traffic_due){x, d, l, 0};
        }
        heap_down(tr, 0);
    }
    /* node order; a node's own messages (drawn together) stay in the order drawn */
    if (tr->ndue <= 32) {
        for (int i = 1; i < tr->ndue; i++) {
            struct traffic_due m = tr->due[i];
            int j = i;
            for (; j > 0 && tr->due[j - 1].x > m.x; j--) tr->due[j] = tr->due[j - 1];
            tr->due[j] = m;
        }
    } else {
        for (int i = 0; i < tr->ndue; i++) tr->due[i].seq = i;
        qsort(tr->due, (size_t)tr->ndue, sizeof *tr->due, due_cmp);
    }
    for (int i = 0; i < tr->ndue; i++) fn(user, t, tr->due[i].x, tr->due[i].d, tr->due[i].l);
}

void traffic_cycle(traffic *tr, uint64_t t, traffic_sink_fn fn, void *user)
{
    const sim_config *c = tr->cfg;
    if (c->traffic == TR_TRACE) {
        while (tr->trace_pos < tr->ntrace && tr->trace[tr->trace_pos].cycle <= t) {
            const trace_rec *r = &tr->trace[tr->trace_pos++];
            fn(user, t, r->src, r->dst, r->len);
        }
        return;
    }
    if (c->process == PROC_POISSON) {
        traffic_poisson(tr, t, fn, user);
        return;
    }
    for (int x = 0; x < tr->t->N; x++) {
        if (tr->faulty && tr->faulty[x]) continue;
        if (rng_uniform(&tr->rng[x]) < c->rate) {
            int d = pick_dst(tr, x), l = pick_len(tr, x);
            if (d >= 0) fn(user, t, x, d, l);
        }
    }
}

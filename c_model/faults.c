/* faults.c: see faults.h. */
#include "faults.h"
#include "rng.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int faults_alloc(fault_set *fs, const topology *t)
{
    fs->nf = 0;
    fs->faulty = calloc((size_t)t->N, 1);
    return fs->faulty ? 0 : -1;
}

void faults_free(fault_set *fs)
{
    free(fs->faulty);
    fs->faulty = NULL;
    fs->nf = 0;
}

int faults_disconnected(const topology *t, const uint8_t *faulty, int *a)
{
    int N = t->N, *queue = malloc(sizeof(int) * (size_t)N), res = -1;
    uint8_t *seen = calloc((size_t)N, 1);
    if (!queue || !seen) { free(queue); free(seen); return -1; }
    int start = 0;
    while (start < N && faulty[start]) start++;
    *a = start;
    if (start < N) {
        int qh = 0, qt = 0;
        queue[qt++] = start;
        seen[start] = 1;
        while (qh < qt) {
            int x = queue[qh++];
            for (int p = 0; p < t->Pn; p++) {
                int y = t->nbr[x * t->Pn + p];
                if (y >= 0 && !faulty[y] && !seen[y]) { seen[y] = 1; queue[qt++] = y; }
            }
        }
        for (int x = 0; x < N && res < 0; x++)
            if (!faulty[x] && !seen[x]) res = x;
    }
    free(queue);
    free(seen);
    return res;
}

/* follows the message from s to f hop by hop (the route does not depend on the load) */
static int swft_delivers(const routing *rt, int s, int f)
{
    const topology *t = rt->t;
    int x = s, dst = f, rev = 0, limit = 8 * t->N + 64;
    for (int steps = 0; steps < limit; steps++) {
        if (x == dst) {
            if (dst == f) return 1;
            if (route_swft_reroute(rt, x, dst, rev, f, &dst, &rev)) return 0;
            continue;
        }
        flit_t h = flit_make_head(rt->fl, dst, x, 0, 0, 1);
        h = bits_set(h, rt->fl->ring_lo, FLIT_RING_W, (uint64_t)rev);
        route_cands c;
        route_candidates(rt, x, h, &c);
        if (c.m[0][t->Pn]) { /* absorbed */
            if (route_swft_reroute(rt, x, dst, rev, f, &dst, &rev)) return 0;
            continue;
        }
        int port = 0;
        while (!c.m[0][port]) port++;
        h = route_update(rt, x, h, port, __builtin_ctz(c.m[0][port]));
        rev = flit_ring(rt->fl, h);
        x = t->nbr[x * t->Pn + port];
    }
    return 0;
}

int faults_swft_check(const routing *rt, int *bad_src, int *bad_dst)
{
    const int N = rt->t->N;
    for (int s = 0; s < N; s++) {
        if (rt->faulty && rt->faulty[s]) continue;
        for (int f = 0; f < N; f++) {
            if (f == s || (rt->faulty && rt->faulty[f])) continue;
            if (!swft_delivers(rt, s, f)) {
                *bad_src = s;
                *bad_dst = f;
                return -1;
            }
        }
    }
    return 0;
}

static int parse_list(fault_set *fs, const topology *t, const char *list, char *err, size_t errlen)
{
    const char *p = list;
    while (*p) {
        while (isspace((unsigned char)*p) || *p == ',') p++;
        if (!*p) break;
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p) {
            snprintf(err, errlen, "fault_nodes: '%.20s' is not a node id", p);
            return -1;
        }
        if (v < 0 || v >= t->N) {
            snprintf(err, errlen, "fault_nodes: node %ld does not exist (nodes 0..%d)", v, t->N - 1);
            return -1;
        }
        if (fs->faulty[v]) {
            snprintf(err, errlen, "fault_nodes: node %ld is listed twice", v);
            return -1;
        }
        fs->faulty[v] = 1;
        fs->nf++;
        p = end;
        while (isspace((unsigned char)*p)) p++;
        if (*p && *p != ',') {
            snprintf(err, errlen, "fault_nodes: unexpected '%c' (expected a comma list of node ids)", *p);
            return -1;
        }
    }
    return 0;
}

/* 0 when the set is usable; otherwise the reason in err */
static int check_set(const fault_set *fs, const topology *t, const routing *rt, char *err, size_t errlen)
{
    char na[64], nb[64];
    if (t->N - fs->nf < 2) {
        snprintf(err, errlen, "%d faulty nodes leave fewer than 2 fault-free nodes of %d", fs->nf, t->N);
        return -1;
    }
    int a, b = faults_disconnected(t, fs->faulty, &a);
    if (b >= 0) {
        snprintf(err, errlen, "the fault set disconnects the network: node %s cannot reach node %s",
                 topo_node_name(t, a, na, sizeof na), topo_node_name(t, b, nb, sizeof nb));
        return -1;
    }
    if (rt->algo->faults && !strcmp(rt->algo->name, "swft") && faults_swft_check(rt, &a, &b)) {
        snprintf(err, errlen, "routing swft cannot deliver from node %s to node %s with this fault set (rerouting loops)",
                 topo_node_name(t, a, na, sizeof na), topo_node_name(t, b, nb, sizeof nb));
        return -1;
    }
    return 0;
}

int faults_build(fault_set *fs, const topology *t, const routing *rt, const char *list, int count, uint64_t seed,
                 char *err, size_t errlen)
{
    if (list && *list) {
        if (count) {
            snprintf(err, errlen, "give either faults or fault_nodes, not both");
            return -1;
        }
        if (parse_list(fs, t, list, err, errlen)) return -1;
        return check_set(fs, t, rt, err, errlen);
    }
    if (count > t->N - 2) {
        snprintf(err, errlen, "faults = %d leaves fewer than 2 fault-free nodes of %d", count, t->N);
        return -1;
    }
    int *perm = malloc(sizeof(int) * (size_t)t->N);
    if (!perm) { snprintf(err, errlen, "out of memory"); return -1; }
    rng_t r;
    rng_seed(&r, seed, 0xFA171ULL);
    char last[400];
    for (int attempt = 0; attempt < 1000; attempt++) {
        /* a partial Fisher-Yates shuffle picks `count` distinct nodes */
        for (int x = 0; x < t->N; x++) perm[x] = x;
        memset(fs->faulty, 0, (size_t)t->N);
        for (int i = 0; i < count; i++) {
            int j = i + (int)rng_below(&r, (uint32_t)(t->N - i)), tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
            fs->faulty[perm[i]] = 1;
        }
        fs->nf = count;
        if (!check_set(fs, t, rt, last, sizeof last)) {
            free(perm);
            return 0;
        }
    }
    free(perm);
    snprintf(err, errlen, "no usable set of %d faulty nodes in 1000 draws (last: %s)", count, last);
    return -1;
}

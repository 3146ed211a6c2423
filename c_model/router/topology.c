/* topology.c: see topology.h. */
#include "topology.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = {"torus", "torus_uni", "mesh", "hypercube"};

const char *topo_name(topo_kind k) { return names[k]; }

int topo_from_name(const char *s, topo_kind *out)
{
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, names[i])) {
            *out = (topo_kind)i;
            return 0;
        }
    return -1;
}

int topo_dim_hops(const topology *t, int a, int b, int d, int *port)
{
    int ca = topo_coord(t, a, d), cb = topo_coord(t, b, d), k = t->k[d];
    switch (t->kind) {
    case TOPO_TORUS: {
        int o = cb - ca + (cb < ca ? k : 0); /* coordinates are in 0..k-1: no division */
        if (o == 0) return 0;
        if (2 * o <= k) { *port = 2 * d; return o; }  /* tie k/2 goes + */
        *port = 2 * d + 1;
        return k - o;
    }
    case TOPO_TORUS_UNI: {
        int o = cb - ca + (cb < ca ? k : 0);
        *port = d;
        return o;
    }
    case TOPO_MESH:
        if (cb > ca) { *port = 2 * d; return cb - ca; }
        *port = 2 * d + 1;
        return ca - cb;
    case TOPO_HYPERCUBE:
        *port = d;
        return ca != cb;
    }
    return 0;
}

int topo_distance(const topology *t, int a, int b)
{
    int h = 0, p;
    for (int d = 0; d < t->n; d++) h += topo_dim_hops(t, a, b, d, &p);
    return h;
}

const char *topo_port_name(const topology *t, int p, char *buf, size_t len)
{
    if (p == t->Pn) snprintf(buf, len, "local");
    else if (t->kind == TOPO_TORUS || t->kind == TOPO_MESH)
        snprintf(buf, len, "%cx%d", (p & 1) ? '-' : '+', p / 2);
    else snprintf(buf, len, "+x%d", p);
    return buf;
}

const char *topo_node_name(const topology *t, int x, char *buf, size_t len)
{
    size_t o = 0;
    o += (size_t)snprintf(buf + o, len - o, "(");
    for (int d = 0; d < t->n && o < len; d++)
        o += (size_t)snprintf(buf + o, len - o, d ? ",%d" : "%d", topo_coord(t, x, d));
    if (o < len) snprintf(buf + o, len - o, ")");
    return buf;
}

/* Ideal capacity (flits/node/cycle) under uniform traffic without self-traffic.
 * Hypercubes and tori of one radix are edge-symmetric, so perfectly balanced minimal
 * routing loads every channel equally: channels / (N * mean distance). A torus of
 * several radices loads the channels of its longest dimension most: the channels of
 * dimension d (Pn/n per node) carry the hops in d, N (N/k_d) S_d / (N - 1) flits per
 * unit of load, S_d the ring distances summed over the k_d offsets (for one radix this
 * equals the first expression, which is kept there so that such results stay the same
 * to the last bit). A mesh is limited by its most loaded cut. */
static double capacity(const topology *t)
{
    double N = t->N;
    int one_radix = 1;
    for (int d = 1; d < t->n; d++) one_radix &= t->k[d] == t->k[0];
    if (t->kind == TOPO_HYPERCUBE || ((t->kind == TOPO_TORUS || t->kind == TOPO_TORUS_UNI) && one_radix))
        return (double)t->N * t->Pn / (N * t->mean_dist);
    double best = 1e300;
    if (t->kind != TOPO_MESH) {
        for (int d = 0; d < t->n; d++) {
            const int k = t->k[d];
            double S = 0;
            for (int j = 1; j < k; j++) S += t->kind == TOPO_TORUS_UNI ? j : (j < k - j ? j : k - j);
            const double cap = (N - 1) * ((double)t->Pn / t->n) * k / (N * S);
            if (cap < best) best = cap;
        }
        return best;
    }
    for (int d = 0; d < t->n; d++) {
        int k = t->k[d];
        double per_row = N / k; /* channels crossing a cut in one direction */
        for (int x = 0; x + 1 < k; x++) {
            double left = per_row * (x + 1), right = per_row * (k - x - 1);
            double load = left * right / (N - 1) / per_row;
            if (load > 0 && 1.0 / load < best) best = 1.0 / load;
        }
    }
    return best;
}

int topo_init(topology *t, topo_kind kind, int n, const int *k, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    if (n < 1) { snprintf(err, errlen, "n must be >= 1 (got %d)", n); return -1; }
    if (n > MAX_DIMS) { snprintf(err, errlen, "n must be <= %d (got %d)", MAX_DIMS, n); return -1; }
    t->kind = kind;
    t->n = n;
    long N = 1;
    for (int d = 0; d < n; d++) {
        int kd = kind == TOPO_HYPERCUBE ? 2 : k[d];
        if (kd < 2) { snprintf(err, errlen, "radix k must be >= 2 in every dimension (dimension %d has k=%d)", d, kd); return -1; }
        if (kd > 255) { snprintf(err, errlen, "radix k must be <= 255 (dimension %d has k=%d)", d, kd); return -1; }
        t->k[d] = kd;
        N *= kd;
        if (N > MAX_NODES) { snprintf(err, errlen, "network too large: more than %d nodes", MAX_NODES); return -1; }
    }
    t->N = (int)N;
    t->Pn = (kind == TOPO_TORUS || kind == TOPO_MESH) ? 2 * n : n;
    if (t->Pn + 1 > 32) { snprintf(err, errlen, "too many ports per router (%d): n must be <= 15 for tori and meshes", t->Pn + 1); return -1; }
    t->P = t->Pn + 1;
    t->coord = malloc((size_t)t->N * n);
    t->nbr = malloc(sizeof(int) * (size_t)t->N * t->Pn);
    if (!t->coord || !t->nbr) { snprintf(err, errlen, "out of memory"); return -1; }
    for (int x = 0; x < t->N; x++) {
        int r = x;
        for (int d = 0; d < n; d++) {
            t->coord[x * n + d] = (uint8_t)(r % t->k[d]);
            r /= t->k[d];
        }
    }
    long stride[MAX_DIMS];
    stride[0] = 1;
    for (int d = 1; d < n; d++) stride[d] = stride[d - 1] * t->k[d - 1];
    for (int x = 0; x < t->N; x++)
        for (int p = 0; p < t->Pn; p++) {
            int d = (kind == TOPO_TORUS || kind == TOPO_MESH) ? p / 2 : p;
            int minus = (kind == TOPO_TORUS || kind == TOPO_MESH) && (p & 1);
            int c = t->coord[x * n + d], kd = t->k[d];
            int c2 = minus ? c - 1 : c + 1;
            if (kind == TOPO_MESH && (c2 < 0 || c2 >= kd)) { t->nbr[x * t->Pn + p] = -1; continue; }
            if (kind == TOPO_HYPERCUBE) c2 = c ^ 1;
            c2 = (c2 + kd) % kd;
            t->nbr[x * t->Pn + p] = (int)(x + (c2 - c) * stride[d]);
        }
    /* Distance is a sum over dimensions and uniform pairs are a product over
     * dimensions, so the mean over all ordered pairs (self included) is the sum of
     * per-dimension means; excluding self scales it by N/(N-1). */
    double mean_all = 0;
    int diam = 0;
    for (int d = 0; d < n; d++) {
        int kd = t->k[d], dmax = 0;
        long s = 0;
        for (int a = 0; a < kd; a++)
            for (int b = 0; b < kd; b++) {
                int o = ((b - a) % kd + kd) % kd, h;
                if (kind == TOPO_TORUS) h = o < kd - o ? o : kd - o;
                else if (kind == TOPO_TORUS_UNI) h = o;
                else if (kind == TOPO_MESH) h = a > b ? a - b : b - a;
                else h = a != b;
                s += h;
                if (h > dmax) dmax = h;
            }
        mean_all += (double)s / ((double)kd * kd);
        diam += dmax;
    }
    t->diameter = diam;
    t->mean_dist = t->N > 1 ? mean_all * t->N / (t->N - 1) : 0;
    t->capacity = t->N > 1 ? capacity(t) : 0;
    return 0;
}

void topo_free(topology *t)
{
    free(t->nbr);
    free(t->coord);
    t->nbr = NULL;
    t->coord = NULL;
}

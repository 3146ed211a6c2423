/* dor_routes.c - dimension-order routes and their channel overlap
 * (dor_routes.h). */
#include "dor_routes.h"

void dor_route_of(const qm_params *p, int bidir, long src, long dst, uint64_t *st, dor_route *r)
{
    long s = src, d = dst;
    r->src = src;
    r->dst = dst;
    for (int i = 0; i < p->n; i++) {
        int k = p->k[i], a = (int)(s % k), b = (int)(d % k);
        s /= k;
        d /= k;
        r->s[i] = a;
        r->d[i] = b;
        int up = (b - a + k) % k, down = (a - b + k) % k;
        if (!bidir || up < down) { r->dir[i] = 0; r->h[i] = up; }
        else if (down < up) { r->dir[i] = 1; r->h[i] = down; }
        else { r->dir[i] = p->tie_positive ? 0 : (int)(qm_xorshift64(st) & 1); r->h[i] = up; }
    }
}

/* Injection channels are shared iff the sources are, ejection channels iff
 * the destinations are.  Dimension i's hops run on the ring whose other
 * coordinates are the destination's below i and the source's above i; two
 * segments on one ring in one direction share a channel iff one starts
 * within the other's h links, measured along the travel.  O(n^2), where
 * intersecting the channel sets costs O(path length). */
int dor_routes_meet(const qm_params *p, const dor_route *a, const dor_route *b)
{
    if (a->src == b->src || a->dst == b->dst) return 1;
    for (int i = 0; i < p->n; i++) {
        if (!a->h[i] || !b->h[i] || a->dir[i] != b->dir[i]) continue;
        int ring = 1;
        for (int j = 0; j < i && ring; j++) ring = (a->d[j] == b->d[j]);
        for (int j = i + 1; j < p->n && ring; j++) ring = (a->s[j] == b->s[j]);
        if (!ring) continue;
        int k = p->k[i];
        int ab = (b->s[i] - a->s[i] + k) % k, ba = (a->s[i] - b->s[i] + k) % k;
        if (a->dir[i]) { int t = ab; ab = ba; ba = t; }
        if (ab < a->h[i] || ba < b->h[i]) return 1;
    }
    return 0;
}

/* dor_routes.h - dimension-order routes of the analytical models.
 *
 * Owns: the route of one message on a torus under dimension-order routing
 * (per dimension: source and destination coordinate, direction, hops), and
 * the test whether two such routes use a common channel (injection,
 * network or ejection).  The refined DOR model's P_int samples it.
 */
#ifndef DOR_ROUTES_H
#define DOR_ROUTES_H

#include "qmodel.h"
#include <stdint.h>

typedef struct {
    long src, dst;
    int s[QM_MAX_DIM], d[QM_MAX_DIM]; /* source and destination coordinate */
    int dir[QM_MAX_DIM];               /* 0 '+', 1 '-' */
    int h[QM_MAX_DIM];                 /* hops in the dimension */
} dor_route;

/* the models' fixed-seed generator (xorshift64) */
static inline uint64_t qm_xorshift64(uint64_t *st)
{
    *st ^= *st << 13;
    *st ^= *st >> 7;
    *st ^= *st << 17;
    return *st;
}

/* The route from node src to node dst (node = sum of coordinate x stride,
 * dimension 0 fastest).  bidir = 0: every dimension in '+'.  bidir = 1: the
 * minimal direction; a half-way tie goes '+' if p->tie_positive, else by
 * one draw of *st per tied dimension, in dimension order. */
void dor_route_of(const qm_params *p, int bidir, long src, long dst, uint64_t *st, dor_route *r);

/* 1 iff routes a and b (same network) use a common channel. */
int dor_routes_meet(const qm_params *p, const dor_route *a, const dor_route *b);

#endif

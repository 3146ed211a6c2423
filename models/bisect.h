/* bisect.h - bisection for the saturation rate.
 *
 * Owns the search for the supremum of the rates at which a model has a
 * steady state, on a monotone predicate (stable below, saturated above).
 * GSL's root finders need a continuous function with a sign change; the
 * predicate here is boolean, so a plain bracketing bisection is the clean
 * tool.
 */
#ifndef QM_BISECT_H
#define QM_BISECT_H

/* stable(x, ctx) returns 1 when the model is stable at x.
 * Finds lo < hi with stable(lo), !stable(hi), (hi - lo) <= tol * hi,
 * starting from guess (> 0): steps down by halving until stable, up by
 * doubling until not (at most 200 steps each way).  Returns lo, or -1 when
 * no stable rate > 1e-300 exists, or +INFINITY when no unstable one was
 * found. */
double bisect_sup(int (*stable)(double x, void *ctx), void *ctx, double guess, double tol);

#endif

/* fixed_point.h - the damped fixed-point driver every model uses.
 *
 * Owns the convergence criterion and the saturation (no steady state)
 * detection, so that all models report them the same way.
 *
 * Iteration: x <- x + w (g(x) - x), starting from the caller's x (the
 * zero-load values, so that for the monotone maps of these models the
 * iterates climb to the smallest fixed point).
 * Converged when  max_i |g_i(x) - x_i| / max(|g_i(x)|, 1) < tol  (default
 * 1e-9): relative for unknowns of one cycle or more, absolute (in cycles)
 * below that, so unknowns that are 0 at zero load do not stall the test.
 * Saturated when the map reports a utilisation >= 1 (returns FP_INFEASIBLE),
 * when an unknown is not finite or exceeds `blowup`, or when max_iter is
 * reached while the unknowns still grow (run-away towards no fixed point).
 * The damping w starts at 1 and is halved when successive steps change sign
 * (oscillation), down to 1/64.
 */
#ifndef QM_FIXED_POINT_H
#define QM_FIXED_POINT_H

#include <stddef.h>

enum { FP_OK = 0, FP_INFEASIBLE = 1 };               /* map return codes */
enum { FP_CONVERGED = 0, FP_SATURATED = 1, FP_NOCONV = 2 }; /* solve status */

/* g(x) -> gx; return FP_OK, or FP_INFEASIBLE when some utilisation is >= 1
 * at x (the caller may write a reason into why, up to whylen bytes). */
typedef int (*fp_map)(const double *x, double *gx, void *ctx, char *why, size_t whylen);

typedef struct {
    double tol;     /* default 1e-9 */
    int max_iter;   /* default 200000 */
    double blowup;  /* default 1e12 cycles */
} fp_options;

typedef struct {
    int status;     /* FP_CONVERGED / FP_SATURATED / FP_NOCONV */
    int iterations;
    double change;  /* last relative change */
    char why[160];
} fp_report;

/* n unknowns (n <= 64).  x holds the start on entry and the last iterate on
 * return.  opt may be NULL for the defaults. Returns rep->status. */
int fp_solve(fp_map g, void *ctx, double *x, int n, const fp_options *opt, fp_report *rep);

#endif

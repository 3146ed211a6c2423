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
 *
 * Accelerated mode (accel = 1), for the saturation bisection: close to a
 * saturation rate the iterates creep along one slow mode for up to 10^5
 * iterations (towards a fixed point that is about to vanish, or through the
 * bottleneck left where it has).  Windows of 16 calm iterations (no sign
 * change) measure the ratio r by which the largest step shrinks or grows.
 * When two windows agree on r in [0.5, 1) to 5 % of 1 - r, and the step is
 * smaller than at the last such jump, the step is taken 1/(1 - r) times: its
 * geometric tail at once.  When they agree on r in (1, 1.05), the steps of
 * one e-fold, 1/(r - 1), are taken at once.  Jumps are capped at 10^4 steps;
 * the cap of tail jumps doubles with each one taken (each needs progress).
 * A calm window without a jump undoes one halving of the damping (at most
 * 12 per solve).  The map, the convergence test and the saturation tests are
 * the plain mode's, so a converged solve stops at a fixed point to the same
 * tolerance (the last digits of the iterate and the iteration count differ).
 * On the climb to the smallest fixed point of a monotone map the tail falls
 * short of the distance left (the rate slows towards a fold), so the jump
 * stays below the fixed point; where none exists it only hastens the
 * run-away.  The maps here are not monotone in every unknown, which is what
 * the caps and the window length guard against (an uncapped jump after windows
 * of 8 did pass a fixed point on 16x16 Nbc); docs/models.md, "Speed", lists
 * the checks against the plain mode.
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
    int accel;      /* 1: accelerated mode (above); default 0 */
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

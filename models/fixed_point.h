/* fixed_point.h - the fixed-point drivers every model uses.
 *
 * Own the convergence criterion and the saturation (no steady state)
 * detection, so that all models report them the same way.
 *
 * Plain mode (fp_solve): x <- x + w (g(x) - x), starting from the caller's x
 * (the zero-load values, so that for the monotone maps of these models the
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
 * Accelerated mode (fp_solve, accel = 1): close to a saturation rate the
 * iterates creep along one slow mode for up to 10^5 iterations (towards a
 * fixed point that is about to vanish, or through the bottleneck left where
 * it has).  Windows of 16 calm iterations (no sign change) measure the ratio r
 * by which the largest step shrinks or grows.  When two windows agree on r in
 * [0.5, 1) to 5 % of 1 - r, and the step is smaller than at the last such
 * jump, the step is taken 1/(1 - r) times: its geometric tail at once.  When
 * they agree on r in (1, 1.05), the steps of one e-fold, 1/(r - 1), are taken
 * at once.  Jumps are capped at 10^4 steps; the cap of tail jumps doubles with
 * each one taken (each needs progress).  A calm window without a jump undoes
 * one halving of the damping (at most 12 per solve).  The map, the
 * convergence test and the saturation tests are the plain mode's.  The maps
 * here are not monotone in every unknown, which is what the caps and the
 * window length guard against (an uncapped jump after windows of 8 did pass a
 * fixed point on 16x16 Nbc).
 *
 * Anderson mode (fp_anderson), what the models run first (qm_iterate):
 * x <- g(x) - dG gamma, gamma the least-squares fit of the last 5 residual
 * differences dF to the residual (weighted as the convergence test weighs),
 * a multi-secant method that solves in tens of maps what the plain mode
 * solves in hundreds to 10^5.  Safeguards: an iterate outside the caller's
 * bounds (lo: the start, which the unknowns only climb from; hi: probabilities
 * below 1), where the map fails, or whose residual is 4 times the best one,
 * is replaced by the damped step x + beta f from the best iterate (beta halved
 * each time).  Converged as the plain mode, and then only where the plain
 * iteration could settle: det(I - J) > 0 (Jacobian by differences), which the
 * other fixed point of a fold, the one the iteration leaves, fails.  A run that
 * stalls (no halving of the residual in 20 maps) at a residual below 1e-2 goes
 * on with damped Newton steps (step shortened until the residual falls): below
 * a fixed point near a fold they converge, while past the fold they stop at
 * the ghost of the vanished fixed point, a positive minimum of the residual
 * where I - J is singular along the slow direction.  There the plain iteration
 * would creep for thousands of steps and then run away or climb to a fixed
 * point further up: with ghost_ends the solve ends there as saturated
 * (rep->ghost = 1); otherwise the creep is skipped by a step of 10 % along the
 * slow direction and the accelerated mode decides.  A stall above 1e-2 or a
 * failing map leaves the verdict to the caller (FP_NOCONV), which runs the
 * plain or accelerated mode from the start.
 */
#ifndef QM_FIXED_POINT_H
#define QM_FIXED_POINT_H

#include <stddef.h>

#define FP_MAXN 64 /* most unknowns */

enum { FP_OK = 0, FP_INFEASIBLE = 1 };               /* map return codes */
enum { FP_CONVERGED = 0, FP_SATURATED = 1, FP_NOCONV = 2 }; /* solve status */

/* g(x) -> gx; return FP_OK, or FP_INFEASIBLE when some utilisation is >= 1
 * at x (the caller may write a reason into why, up to whylen bytes). */
typedef int (*fp_map)(const double *x, double *gx, void *ctx, char *why, size_t whylen);

typedef struct {
    double tol;     /* default 1e-9 */
    int max_iter;   /* default 200000 (Anderson mode: 1000 maps) */
    double blowup;  /* default 1e12 cycles */
    int accel;      /* 1: accelerated mode (above); default 0 */
    const double *lo, *hi; /* Anderson mode: bounds of the iterates, or NULL */
    int ghost_ends;        /* Anderson mode: 1, a fold's ghost ends the solve (see fp_anderson) */
} fp_options;

typedef struct {
    int status;     /* FP_CONVERGED / FP_SATURATED / FP_NOCONV */
    int iterations;
    double change;  /* last relative change */
    int ghost;      /* Anderson mode: saturated at a fold's ghost, without the run past it */
    char why[160];
} fp_report;

/* n unknowns (n <= 64).  x holds the start on entry and the last iterate on
 * return.  opt may be NULL for the defaults. Returns rep->status. */
int fp_solve(fp_map g, void *ctx, double *x, int n, const fp_options *opt, fp_report *rep);

/* Anderson mode: see the header comment.  opt may be NULL (tol 1e-9, 1000
 * maps; accel and blowup are not used).  Returns FP_CONVERGED, FP_SATURATED at
 * a fold's ghost (ghost_ends) or when the plain iteration run past it finds no
 * fixed point, or FP_NOCONV when it cannot tell (the caller then runs fp_solve
 * from the start); rep->iterations counts maps. */
int fp_anderson(fp_map g, void *ctx, double *x, int n, const fp_options *opt, fp_report *rep);

#endif

/* fixed_point.c - see fixed_point.h. */
#include "fixed_point.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define FP_MAXN 64
/* accelerated mode (fixed_point.h): iterations per ratio estimate; at most this
 * many damping halvings undone per solve; the first tail jump's cap, in steps,
 * and its growth with every jump that brought progress (an uncapped jump of
 * 1e5 steps after windows of 8 passed a fixed point on 16x16 Nbc, starting at
 * 1e4 and doubling did not; windows of 16 carry a further margin) */
#define FP_WINDOW 16
#define FP_MAXUP 12
#define FP_MAXJUMP 1e4
#define FP_CAPGROW 2.0

int fp_solve(fp_map g, void *ctx, double *x, int n, const fp_options *opt, fp_report *rep)
{
    double tol = 1e-9, blowup = 1e12;
    int max_iter = 200000, accel = 0;
    if (opt) {
        if (opt->tol > 0) tol = opt->tol;
        if (opt->max_iter > 0) max_iter = opt->max_iter;
        if (opt->blowup > 0) blowup = opt->blowup;
        accel = opt->accel;
    }
    memset(rep, 0, sizeof *rep);
    if (n < 1 || n > FP_MAXN) {
        rep->status = FP_NOCONV;
        snprintf(rep->why, sizeof rep->why, "fixed point: bad number of unknowns %d", n);
        return rep->status;
    }
    double gx[FP_MAXN], prev_step[FP_MAXN] = {0};
    double w = 1.0;
    int grew = 0; /* consecutive iterations in which every unknown grew */
    /* accel: a step followed by a geometric tail of ratio r sums to step/(1 - r);
     * that is taken at once (see the header) */
    int calm = 0;               /* iterations since the last flip, damping change or jump */
    double ch0 = 0.0, r0 = -1.0; /* change at the window's start, last window's ratio */
    int ups = 0;                /* damping halvings undone */
    /* largest step at the last tail jump: the next one must find it smaller
     * (a jump that did not bring the iterate closer is not repeated) */
    double chs = INFINITY;
    double tcap = FP_MAXJUMP; /* tail jumps: cap, grows with every jump that brought progress */
    for (int it = 1; it <= max_iter; it++) {
        rep->iterations = it;
        char why[160];
        why[0] = 0; /* the map writes a reason only when infeasible; no need to clear it all */
        if (g(x, gx, ctx, why, sizeof why) == FP_INFEASIBLE) {
            rep->status = FP_SATURATED;
            snprintf(rep->why, sizeof rep->why, "%s", why[0] ? why : "a utilisation reached 1");
            return rep->status;
        }
        double change = 0.0;
        int flips = 0, all_up = 1;
        for (int i = 0; i < n; i++) {
            if (!isfinite(gx[i]) || fabs(gx[i]) > blowup) {
                rep->status = FP_SATURATED;
                snprintf(rep->why, sizeof rep->why,
                         "unknown %d ran away (%.3g) at iteration %d", i, gx[i], it);
                return rep->status;
            }
            double step = gx[i] - x[i];
            double rel = fabs(step) / fmax(fabs(gx[i]), 1.0);
            if (rel > change) change = rel;
            if (step * prev_step[i] < 0.0) flips++;
            if (!(step > 0.0)) all_up = 0;
            prev_step[i] = step;
        }
        rep->change = change;
        if (change < tol) {
            memcpy(x, gx, (size_t)n * sizeof *x);
            rep->status = FP_CONVERGED;
            return rep->status;
        }
        double jump = 1.0;
        if (flips && w > 1.0 / 64) {
            w *= 0.5; /* oscillation: damp */
            calm = 0;
        } else if (accel && !flips) {
            if (++calm == 1) {
                ch0 = change;
                r0 = -1.0;
            } else if (calm == 1 + FP_WINDOW) {
                double r = pow(change / ch0, 1.0 / FP_WINDOW);
                /* two windows agree on a slow, steady rate: the slow mode dominates */
                if (r0 >= 0.5 && r0 < 1.0 && r < 1.0 && fabs(r - r0) <= 0.05 * (1.0 - r) && change < chs) {
                    jump = fmin(1.0 / (1.0 - fmin(r, r0)), tcap);
                    calm = 0;
                    chs = change;
                    tcap *= FP_CAPGROW;
                } else if (r0 > 1.0 && r > 1.0 && r < 1.05 && change < 0.1 && fabs(r - r0) <= 0.05 * (r - 1.0)) {
                    /* small steps growing at a steady rate: past the bottleneck of
                     * a rate with no fixed point; take the steps of one e-fold at once */
                    jump = fmin(1.0 / (fmax(r, r0) - 1.0), FP_MAXJUMP);
                    calm = 0;
                } else if (w < 1.0 && ups < FP_MAXUP) {
                    /* a calm window: undo one halving of the damping, which the
                     * first steps' oscillation set and which slows the creep */
                    w *= 2.0;
                    ups++;
                    calm = 0;
                } else {
                    r0 = r;
                    ch0 = change;
                    calm = 1;
                }
            }
        } else {
            calm = 0;
        }
        grew = all_up ? grew + 1 : 0;
        for (int i = 0; i < n; i++)
            x[i] += jump * w * (gx[i] - x[i]);
    }
    if (grew > max_iter / 2) {
        rep->status = FP_SATURATED;
        snprintf(rep->why, sizeof rep->why,
                 "no fixed point: unknowns still growing after %d iterations", max_iter);
    } else {
        rep->status = FP_NOCONV;
        snprintf(rep->why, sizeof rep->why,
                 "no convergence in %d iterations (last change %.2g)", max_iter, rep->change);
    }
    return rep->status;
}

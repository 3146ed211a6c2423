/* fixed_point.c - see fixed_point.h. */
#include "fixed_point.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define FP_MAXN 64

int fp_solve(fp_map g, void *ctx, double *x, int n, const fp_options *opt, fp_report *rep)
{
    double tol = 1e-9, blowup = 1e12;
    int max_iter = 200000;
    if (opt) {
        if (opt->tol > 0) tol = opt->tol;
        if (opt->max_iter > 0) max_iter = opt->max_iter;
        if (opt->blowup > 0) blowup = opt->blowup;
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
        if (flips && w > 1.0 / 64)
            w *= 0.5; /* oscillation: damp */
        grew = all_up ? grew + 1 : 0;
        for (int i = 0; i < n; i++)
            x[i] += w * (gx[i] - x[i]);
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

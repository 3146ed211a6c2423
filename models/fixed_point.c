/* fixed_point.c - see fixed_point.h. */
#include "fixed_point.h"
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* accelerated mode (fixed_point.h): iterations per ratio estimate; at most this
 * many damping halvings undone per solve; the first tail jump's cap, in steps,
 * and its growth with every jump that brought progress (an uncapped jump of
 * 1e5 steps after windows of 8 passed a fixed point on 16x16 Nbc, starting at
 * 1e4 and doubling did not; windows of 16 carry a further margin) */
#define FP_WINDOW 16
#define FP_MAXUP 12
#define FP_MAXJUMP 1e4
#define FP_CAPGROW 2.0
/* Anderson mode (fixed_point.h): differences kept; iterations without halving the
 * best residual that count as a stall; an iterate's residual, in units of the best
 * one, above which the secants have led astray; the default budget of maps; Newton
 * steps at most after a stall; the stalled residual below which Newton steps are
 * tried (above it the damped iteration decides); the relative size of the step
 * past a fold's ghost (fp_past_ghost) */
#define FP_AA_MEM 5
#define FP_AA_STALL 20
#define FP_AA_GROW 4.0
#define FP_AA_MAXIT 1000
#define FP_NT_MAXIT 20
#define FP_AA_NEAR 1e-2
#define FP_AA_PAST 0.1

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
            /* the values are the iterate's, not the load's: say so */
            snprintf(rep->why, sizeof rep->why, "no fixed point: iterate %d has %.120s", it,
                     why[0] ? why : "a utilisation of 1 or more");
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

/* ---- Anderson mode (fixed_point.h) ---- */

/* the last FP_AA_MEM differences of residuals f = g(x) - x and of map values g,
 * oldest overwritten first */
typedef struct {
    double df[FP_AA_MEM][FP_MAXN], dg[FP_AA_MEM][FP_MAXN];
    double fprev[FP_MAXN], gprev[FP_MAXN];
    int len, head;
} aa_hist;

static void aa_push(aa_hist *h, const double *f, const double *gx, int n, int first)
{
    if (!first) {
        int s = h->head;
        h->head = (h->head + 1) % FP_AA_MEM;
        if (h->len < FP_AA_MEM) h->len++;
        for (int i = 0; i < n; i++) {
            h->df[s][i] = f[i] - h->fprev[i];
            h->dg[s][i] = gx[i] - h->gprev[i];
        }
    }
    memcpy(h->fprev, f, (size_t)n * sizeof *f);
    memcpy(h->gprev, gx, (size_t)n * sizeof *gx);
}

/* gamma minimising |W (f - dF gamma)|, W = diag(w), by modified Gram-Schmidt over
 * the differences, newest first; a difference that the newer ones (nearly) span is
 * left out, which keeps the solve well conditioned without a tolerance on gamma.
 * Returns the number of differences used, col[k] the history slot of gam[k]. */
static int aa_lsq(const aa_hist *h, const double *f, const double *w, int n, double *gam, int *col)
{
    double q[FP_AA_MEM][FP_MAXN], r[FP_AA_MEM][FP_AA_MEM], qf[FP_AA_MEM];
    int nc = 0;
    for (int j = 0; j < h->len; j++) {
        int s = (h->head - 1 - j + 2 * FP_AA_MEM) % FP_AA_MEM;
        double *v = q[nc], n0 = 0.0, n1 = 0.0;
        for (int i = 0; i < n; i++) {
            v[i] = w[i] * h->df[s][i];
            n0 += v[i] * v[i];
        }
        for (int k = 0; k < nc; k++) {
            double d = 0.0;
            for (int i = 0; i < n; i++) d += q[k][i] * v[i];
            r[k][nc] = d;
            for (int i = 0; i < n; i++) v[i] -= d * q[k][i];
        }
        for (int i = 0; i < n; i++) n1 += v[i] * v[i];
        if (!(n1 > 1e-20 * n0)) continue;
        r[nc][nc] = sqrt(n1);
        for (int i = 0; i < n; i++) v[i] /= r[nc][nc];
        col[nc++] = s;
    }
    for (int k = 0; k < nc; k++) {
        qf[k] = 0.0;
        for (int i = 0; i < n; i++) qf[k] += q[k][i] * w[i] * f[i];
    }
    for (int k = nc - 1; k >= 0; k--) {
        double t = qf[k];
        for (int j = k + 1; j < nc; j++) t -= r[k][j] * gam[j];
        gam[k] = t / r[k][k];
    }
    return nc;
}

/* The next iterate g(x) - dG gamma, gamma fitting the residual differences dF to the
 * residual f with the convergence test's weights 1/max(|g_i|, 1), so that unknowns of
 * every size count as the test counts them. */
static void aa_mix(const aa_hist *h, const double *f, const double *gx, int n, double *x)
{
    double w[FP_MAXN], gam[FP_AA_MEM];
    int col[FP_AA_MEM];
    for (int i = 0; i < n; i++) w[i] = 1.0 / fmax(fabs(gx[i]), 1.0);
    int nc = aa_lsq(h, f, w, n, gam, col);
    for (int i = 0; i < n; i++) {
        double v = gx[i];
        for (int k = 0; k < nc; k++) v -= gam[k] * h->dg[col[k]][i];
        x[i] = v;
    }
}

/* g at x: f = g(x) - x and the convergence test's change into *change; 0, or 1
 * (with the reason in rep) when the map is infeasible or a value not finite */
static int aa_eval(fp_map g, void *ctx, const double *x, int n, double *gx, double *f, double *change,
                   fp_report *rep)
{
    char why[160];
    why[0] = 0;
    if (g(x, gx, ctx, why, sizeof why) == FP_INFEASIBLE) {
        snprintf(rep->why, sizeof rep->why, "no fixed point: iterate %d has %.120s", rep->iterations,
                 why[0] ? why : "a utilisation of 1 or more");
        return 1;
    }
    *change = 0.0;
    for (int i = 0; i < n; i++) {
        if (!isfinite(gx[i])) {
            snprintf(rep->why, sizeof rep->why, "unknown %d not finite", i);
            return 1;
        }
        f[i] = gx[i] - x[i];
        *change = fmax(*change, fabs(f[i]) / fmax(fabs(gx[i]), 1.0));
    }
    return 0;
}

enum { AA_CONV, AA_STALL, AA_FAIL };

/* an Anderson run's problem and its state at the current iterate */
typedef struct {
    fp_map g;
    void *ctx;
    int n, budget;
    const double *lo, *hi;
    double tol;
    fp_report *rep;
    double x[FP_MAXN], gx[FP_MAXN], f[FP_MAXN], change; /* the current iterate */
    double xb[FP_MAXN], fb[FP_MAXN], best;              /* the one of the smallest residual */
    double beta;                                        /* damping of the steps that restart */
} aa_state;

/* move to y: evaluate it; 0, or 1 (state unchanged) when the map fails there */
static int aa_move(aa_state *s, const double *y)
{
    double gy[FP_MAXN], fy[FP_MAXN], ch;
    s->rep->iterations++;
    s->budget--;
    if (aa_eval(s->g, s->ctx, y, s->n, gy, fy, &ch, s->rep)) return 1;
    size_t sz = (size_t)s->n * sizeof *y;
    memcpy(s->x, y, sz);
    memcpy(s->gx, gy, sz);
    memcpy(s->f, fy, sz);
    s->change = ch;
    s->rep->change = ch;
    if (ch < s->best) {
        memcpy(s->xb, y, sz);
        memcpy(s->fb, fy, sz);
        s->best = ch;
    }
    return 0;
}

static int aa_inside(const aa_state *s, const double *y)
{
    for (int i = 0; i < s->n; i++)
        if ((s->lo && y[i] < s->lo[i]) || (s->hi && y[i] > s->hi[i])) return 0;
    return 1;
}

/* To the mixed iterate, unless it leaves the bounds, the map fails there or its
 * residual exceeds FP_AA_GROW times the best one: then the secants led astray, and
 * the history is dropped for a damped step from the best iterate, x + beta f, beta
 * halved each time (down to 1/64).  0, or 1 when the map fails there too. */
static int aa_step(aa_state *s, aa_hist *h)
{
    double y[FP_MAXN];
    int n = s->n;
    aa_mix(h, s->f, s->gx, n, y);
    if (aa_inside(s, y) && aa_move(s, y) == 0 && s->change <= FP_AA_GROW * s->best) {
        aa_push(h, s->f, s->gx, n, 0);
        return 0;
    }
    h->len = h->head = 0;
    for (int i = 0; i < n; i++) y[i] = s->xb[i] + s->beta * s->fb[i];
    s->beta = fmax(0.5 * s->beta, 1.0 / 64);
    if (aa_move(s, y)) return 1;
    aa_push(h, s->f, s->gx, n, 1);
    return 0;
}

/* One Anderson run from s->x with an empty history.  AA_CONV: s->x is the fixed
 * point (the map's value at the last iterate).  AA_STALL: the residual has not
 * halved in FP_AA_STALL iterations; s->x is the iterate of the smallest residual,
 * *best that residual.  AA_FAIL: the map failed at an iterate and at the damped
 * step from the best one, or the budget ran out. */
static int aa_run(aa_state *s, double *best)
{
    aa_hist h;
    size_t sz = (size_t)s->n * sizeof *s->x;
    h.len = h.head = 0;
    s->best = INFINITY;
    s->beta = 1.0;
    if (aa_move(s, s->x)) return AA_FAIL;
    aa_push(&h, s->f, s->gx, s->n, 1);
    double ref = s->change; /* the residual at the last halving */
    for (int it = 1, ref_it = 1; s->budget > 0; it++) {
        if (s->change < s->tol) {
            memcpy(s->x, s->gx, sz);
            return AA_CONV;
        }
        if (s->change < 0.5 * ref) {
            ref = s->change;
            ref_it = it;
        } else if (it - ref_it >= FP_AA_STALL) {
            memcpy(s->x, s->xb, sz);
            *best = s->best;
            return AA_STALL;
        }
        if (aa_step(s, &h)) return AA_FAIL;
    }
    snprintf(s->rep->why, sizeof s->rep->why, "no convergence (last change %.2g)", s->change);
    return AA_FAIL;
}

/* LU factorisation with partial pivoting (GSL's) of the n x n matrix a (rows of
 * FP_MAXN), in place, the permutation in piv; returns the sign of det(a), 0 when
 * singular */
static int lu(double (*a)[FP_MAXN], int n, size_t *piv)
{
    gsl_matrix_view m = gsl_matrix_view_array_with_tda(&a[0][0], (size_t)n, (size_t)n, FP_MAXN);
    gsl_permutation p = {(size_t)n, piv};
    int signum;
    gsl_linalg_LU_decomp(&m.matrix, &p, &signum);
    return gsl_linalg_LU_sgndet(&m.matrix, signum);
}

/* solve a x = b with lu's factors; b is overwritten with x */
static void lu_solve(double (*a)[FP_MAXN], int n, size_t *piv, double *b)
{
    gsl_matrix_view m = gsl_matrix_view_array_with_tda(&a[0][0], (size_t)n, (size_t)n, FP_MAXN);
    gsl_permutation p = {(size_t)n, piv};
    gsl_vector_view v = gsl_vector_view_array(b, (size_t)n);
    gsl_linalg_LU_svx(&m.matrix, &p, &v.vector);
}

/* I - J at x, J the map's Jacobian by forward differences (n + 1 maps, counted in
 * *maps), LU-factored into a; f = g(x) - x.  Returns det(I - J)'s sign, or 2 when
 * the map fails at or next to x. */
static int jac(fp_map g, void *ctx, const double *x, int n, double (*a)[FP_MAXN], size_t *piv, double *f, int *maps)
{
    double y[FP_MAXN], gx[FP_MAXN], gy[FP_MAXN];
    char why[160];
    ++*maps;
    if (g(x, gx, ctx, why, sizeof why) == FP_INFEASIBLE) return 2;
    memcpy(y, x, (size_t)n * sizeof *y);
    for (int j = 0; j < n; j++) {
        double h = 1e-6 * fmax(fabs(x[j]), 1e-3);
        y[j] = x[j] + h;
        ++*maps;
        if (g(y, gy, ctx, why, sizeof why) == FP_INFEASIBLE) return 2;
        for (int i = 0; i < n; i++) a[i][j] = (i == j) - (gy[i] - gx[i]) / h;
        y[j] = x[j];
    }
    for (int i = 0; i < n; i++) f[i] = gx[i] - x[i];
    return lu(a, n, piv);
}

/* Whether the damped iteration can settle at the fixed point x: every eigenvalue
 * of the Jacobian J left of 1 (real part), so det(I - J) > 0, where one eigenvalue
 * past 1 (the other fixed point of a fold, which the iteration leaves) makes it
 * negative.  1 also when the map fails next to x (the test cannot tell). */
static int fp_settles(fp_map g, void *ctx, const double *x, int n, int *maps)
{
    static _Thread_local double a[FP_MAXN][FP_MAXN];
    size_t piv[FP_MAXN];
    double f[FP_MAXN];
    return jac(g, ctx, x, n, a, piv, f, maps) > 0;
}

/* weighted dot product, the weights of the convergence test at x */
static double wdot(const double *u, const double *v, const double *x, int n)
{
    double d = 0.0;
    for (int i = 0; i < n; i++) {
        double w = 1.0 / fmax(fabs(x[i]), 1.0);
        d += u[i] * v[i] * w * w;
    }
    return d;
}

enum { NT_CONV, NT_FLOOR, NT_FAIL };

/* the weighted 2-norm of f, the weights of the convergence test at x */
static double wnorm(const double *f, const double *x, int n)
{
    return sqrt(wdot(f, f, x, n));
}

/* the largest t <= 1 that keeps x + t d within the bounds */
static double in_bounds(const aa_state *s, const double *d)
{
    double t = 1.0;
    for (int i = 0; i < s->n; i++) {
        if (s->lo && d[i] < 0.0 && s->x[i] + t * d[i] < s->lo[i]) t = fmax(0.0, (s->lo[i] - s->x[i]) / d[i]);
        if (s->hi && d[i] > 0.0 && s->x[i] + t * d[i] > s->hi[i]) t = fmax(0.0, (s->hi[i] - s->x[i]) / d[i]);
    }
    return t;
}

/* Damped Newton from s->x, where an Anderson run stalled: the Jacobian by
 * differences, the Newton step shortened (by 4, down to 1e-4) until the residual's
 * weighted norm falls.  That step always points downhill, so the iterates reach a
 * fixed point (NT_CONV; s->x is it), as below one near a fold where Anderson's
 * secants are poor, or else a minimum of the residual above the tolerance:
 * NT_FLOOR, the ghost of a fixed point past a fold, where I - J is singular along
 * the fold's slow direction; v is then the last Newton step, pointing the way the
 * plain iteration moves (along g(x) - x).  NT_FAIL: the map failed. */
static int newton_run(aa_state *s, double *v)
{
    static _Thread_local double a[FP_MAXN][FP_MAXN];
    int n = s->n;
    size_t piv[FP_MAXN];
    double f[FP_MAXN], d[FP_MAXN], y[FP_MAXN], hist[FP_NT_MAXIT];
    for (int it = 0; it < FP_NT_MAXIT; it++) {
        int sign = jac(s->g, s->ctx, s->x, n, a, piv, f, &s->rep->iterations);
        if (sign == 2 || sign == 0) return NT_FAIL; /* the map failed, or I - J is singular */
        double ch = 0.0;
        for (int i = 0; i < n; i++) ch = fmax(ch, fabs(f[i]) / fmax(fabs(s->x[i] + f[i]), 1.0));
        if (ch < s->tol) {
            for (int i = 0; i < n; i++) s->x[i] += f[i];
            return NT_CONV;
        }
        memcpy(d, f, (size_t)n * sizeof *d);
        lu_solve(a, n, piv, d);
        double n0 = wnorm(f, s->x, n), t = in_bounds(s, d), x1[FP_MAXN];
        hist[it] = n0;
        memcpy(x1, s->x, (size_t)n * sizeof *x1);
        for (; t >= 1e-4; t *= 0.25) {
            for (int i = 0; i < n; i++) y[i] = x1[i] + t * d[i];
            if (aa_move(s, y) == 0 && wnorm(s->f, x1, n) < (1.0 - 1e-4 * t) * n0) break;
            memcpy(s->x, x1, (size_t)n * sizeof *x1);
        }
        /* stuck: no step helps, or three steps took off less than a tenth */
        if (t < 1e-4 || (it >= 3 && n0 > 0.9 * hist[it - 3])) {
            double dir = wdot(d, f, x1, n) < 0.0 ? -1.0 : 1.0;
            for (int i = 0; i < n; i++) v[i] = dir * d[i];
            memcpy(s->x, x1, (size_t)n * sizeof *x1);
            s->change = ch;
            return NT_FLOOR;
        }
    }
    return NT_FAIL;
}

/* Past a fold's ghost at x: the plain iteration creeps through it along the slow
 * direction v, then runs away or climbs to a fixed point further up.  The creep is
 * skipped: a step along v of FP_AA_PAST relative size, then the accelerated
 * iteration, whose verdict is the solve's. */
static void fp_past_ghost(fp_map g, void *ctx, double *x, const double *v, int n, fp_report *rep)
{
    double m = 0.0;
    int its = rep->iterations;
    for (int i = 0; i < n; i++) m = fmax(m, fabs(v[i]) / fmax(fabs(x[i]), 1.0));
    for (int i = 0; i < n; i++) x[i] += FP_AA_PAST / m * v[i];
    fp_options o = {0};
    o.accel = 1;
    fp_solve(g, ctx, x, n, &o, rep);
    rep->iterations += its;
}

int fp_anderson(fp_map g, void *ctx, double *x, int n, const fp_options *opt, fp_report *rep)
{
    memset(rep, 0, sizeof *rep);
    rep->status = FP_NOCONV;
    if (n < 1 || n > FP_MAXN) {
        snprintf(rep->why, sizeof rep->why, "fixed point: bad number of unknowns %d", n);
        return rep->status;
    }
    aa_state s = {g, ctx, n, FP_AA_MAXIT, NULL, NULL, 1e-9, rep, {0}, {0}, {0}, 0.0, {0}, {0}, 0.0, 1.0};
    if (opt && opt->tol > 0) s.tol = opt->tol;
    if (opt && opt->max_iter > 0) s.budget = opt->max_iter;
    if (opt) {
        s.lo = opt->lo;
        s.hi = opt->hi;
    }
    memcpy(s.x, x, (size_t)n * sizeof *x);
    double b = INFINITY, v[FP_MAXN], up[FP_MAXN];
    int r = aa_run(&s, &b), nt = NT_FAIL;
    if (r == AA_STALL && b <= FP_AA_NEAR) {
        /* a small residual that does not shrink: below a fixed point near a fold,
         * where secants are poor, or at the ghost of one past the fold; Newton
         * steps tell them apart */
        nt = newton_run(&s, v);
        r = nt == NT_CONV ? AA_CONV : nt == NT_FLOOR ? AA_STALL : AA_FAIL;
        b = s.change;
    }
    for (int i = 0; i < n; i++) up[i] = s.x[i] - x[i];
    memcpy(x, s.x, (size_t)n * sizeof *x);
    if (r == AA_CONV) {
        if (fp_settles(g, ctx, x, n, &rep->iterations))
            rep->status = FP_CONVERGED;
        else
            snprintf(rep->why, sizeof rep->why, "converged to a fixed point the iteration leaves");
    } else if (nt == NT_FLOOR && wdot(v, up, x, n) > 0.0) {
        /* and the plain iteration would go on the way it came from the start: a
         * ghost, not the dip between the two fixed points of a fold */
        if (opt && opt->ghost_ends) {
            rep->status = FP_SATURATED;
            rep->ghost = 1;
            snprintf(rep->why, sizeof rep->why, "no fixed point: the residual stays at %.2g past a fold", b);
        } else {
            fp_past_ghost(g, ctx, x, v, n, rep);
        }
    } else if (r == AA_STALL) {
        snprintf(rep->why, sizeof rep->why, "stalled at residual %.2g", b);
    }
    return rep->status;
}

/* timeout.c - seed 003 s.2: latency of Duato's adaptive routing with a
 * time-out selection function in a 2^n hypercube under locality traffic,
 * exponential message lengths, eqs 1-19, read as docs/models.md
 * ("timeout") says.  Waiting at the adaptive VCs is an M/M/1 queue with
 * deterministic impatience (impatient.h).
 *
 * Unknown of the fixed point: the mean network latency S (eq 7), also the
 * channel service time of eqs 10-17.
 */
#include "qm_internal.h"
#include "fixed_point.h"
#include "impatient.h"
#include "mg1.h"
#include "qm_geometry.h"
#include "vc_occupancy.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define TO_MAXV 64

typedef struct {
    int n, V;
    double M, lg, lc, tau, dbar;
    double p[QM_MAX_DIM + 1]; /* p[i], i = 1..n */
    double Ptr, vbarV, vbarV1;
} to_ctx;

/* p_i from alpha (eq 4) or the explicit list; returns dbar (eq 1) */
static double to_probs(const qm_params *q, double *p)
{
    int n = q->n;
    for (int i = 0; i <= n; i++) p[i] = 0.0;
    if (q->n_p > 0) {
        for (int i = 1; i <= q->n_p; i++) p[i] = q->p[i - 1];
    } else if (fabs(q->alpha - 1.0) < 1e-12) {
        for (int i = 1; i <= n; i++) p[i] = 1.0 / n; /* limit of eq 4 */
    } else {
        for (int i = 1; i <= n; i++)
            p[i] = (q->alpha - 1.0) * pow(q->alpha, i - 1) / (pow(q->alpha, n) - 1.0);
    }
    double d = 0.0;
    for (int i = 1; i <= n; i++) d += i * p[i];
    return d;
}

/* eq 14 with a non-integer upper bound dbar: sum_{i=1}^{floor dbar} x^i plus
 * the fractional part of the next term (equal to the printed sum when dbar
 * is an integer), divided by dbar. */
static double to_ptr_sum(double x, double dbar)
{
    int fl = (int)floor(dbar);
    double s = 0.0, xi = 1.0;
    for (int i = 1; i <= fl; i++) { xi *= x; s += xi; }
    s += (dbar - fl) * xi * x;
    return s / dbar;
}

static int to_map(const double *xv, double *gx, void *vctx, char *why, size_t whylen)
{
    to_ctx *c = vctx;
    double S = xv[0], P[TO_MAXV + 1];
    int V = c->V;
    if (vc_occupancy(c->lc, S, V, P)) { /* eq 10 */
        snprintf(why, whylen, "channel utilisation lambda_c*S = %.4f >= 1", c->lc * S);
        return FP_INFEASIBLE;
    }
    double x = P[V] + P[V - 1] / qm_choose(V, V - 1); /* base of eq 8 */
    double Pd = P[V];                                  /* eq 9 */
    impatient_result im;
    mm1_impatient(c->lc, S, c->tau, &im);              /* eqs 12-13 */
    double Ptr = im.p_timeout * to_ptr_sum(x, c->dbar); /* eq 14 */
    double ld = Ptr * c->lc;
    if (!(ld * S < 1.0)) {
        snprintf(why, whylen, "deterministic VC utilisation P_tr*lambda_c*S = %.4f >= 1", ld * S);
        return FP_INFEASIBLE;
    }
    double wd = mm1_wait(ld, S); /* eq 15, standard M/M/1 wait */
    double Sbar = 0.0;
    for (int i = 1; i <= c->n; i++) {
        if (c->p[i] == 0.0) continue;
        double Si = c->M + i; /* eq 6 */
        for (int j = 1; j <= i; j++) {
            double Pa = pow(x, i - j + 1); /* eq 8 */
            Si += (1.0 - Ptr) * Pa * im.wait_served + Ptr * (c->tau + Pd * wd); /* eq 16 */
        }
        Sbar += c->p[i] * Si; /* eq 7 */
    }
    gx[0] = Sbar;
    c->Ptr = Ptr;
    return FP_OK;
}

static int to_check(const qm_params *p, char *err, size_t errlen)
{
    if (p->topo != QM_HYPERCUBE)
        return qm_fail(err, errlen, "timeout covers hypercubes only, not a %s", qm_topo_name(p->topo));
    if (p->V < 2 || p->V > TO_MAXV)
        return qm_fail(err, errlen, "timeout needs V >= 2 (V-1 adaptive + 1 deterministic VC) and <= %d (got %d)",
                       TO_MAXV, p->V);
    if (!p->exp_len)
        return qm_fail(err, errlen, "timeout assumes exponential message lengths (msg_len_dist = exp)");
    if (!(p->tau >= 0.0) || isnan(p->tau))
        return qm_fail(err, errlen, "timeout: time-out tau must be >= 0 cycles (got %g)", p->tau);
    if (p->n_p > 0) {
        if (p->n_p > p->n || p->n_p > QM_MAX_P)
            return qm_fail(err, errlen, "timeout: locality list has %d entries, the %d-cube allows 1..%d hops",
                           p->n_p, p->n, p->n);
        double s = 0.0;
        for (int i = 0; i < p->n_p; i++) {
            if (!(p->p[i] >= 0.0))
                return qm_fail(err, errlen, "timeout: locality probability p_%d = %g is negative", i + 1, p->p[i]);
            s += p->p[i];
        }
        if (fabs(s - 1.0) > 1e-6)
            return qm_fail(err, errlen, "timeout: locality list p_1..p_%d sums to %.9g, not 1", p->n_p, s);
    } else if (!(p->alpha > 0.0) || !isfinite(p->alpha)) {
        return qm_fail(err, errlen, "timeout: locality alpha must be > 0 (or give p_1..p_n), got %g", p->alpha);
    }
    return 0;
}

static double to_zero_load(const qm_params *p)
{
    double pr[QM_MAX_DIM + 1];
    return p->M + to_probs(p, pr); /* S = M + dbar, both multiplexing degrees 1 */
}

static int to_solve(const qm_params *p, qm_result *out)
{
    to_ctx c;
    memset(&c, 0, sizeof c);
    c.n = p->n; c.V = p->V; c.M = p->M; c.lg = p->rate; c.tau = p->tau;
    c.dbar = to_probs(p, c.p);
    c.lc = c.lg * c.dbar / c.n; /* eq 11 */
    double x[1] = {c.M + c.dbar};
    int sat = qm_iterate(to_map, &c, x, NULL, 1, out);
    out->lambda_c = c.lc;
    out->network_latency = x[0];
    if (sat) return 0;
    double S = x[0], lv = c.lg / c.V;
    if (!(lv * S < 1.0)) {
        out->saturated = 1;
        out->latency = INFINITY;
        snprintf(out->why, sizeof out->why, "source queue utilisation (lambda_g/V)*S = %.4f >= 1", lv * S);
        return 0;
    }
    double P[TO_MAXV + 1];
    vc_occupancy(c.lc, S, c.V, P);
    double vV = vc_vbar(P, c.V);     /* eq 18 */
    vc_occupancy(c.lc, S, c.V - 1, P);
    double vV1 = vc_vbar(P, c.V - 1); /* same chain with the V-1 adaptive VCs */
    out->source_wait = mm1_wait(lv, S); /* eq 17, standard M/M/1 wait */
    out->vbar = vV;
    out->latency = out->source_wait * vV + S * (vV * c.Ptr + vV1 * (1.0 - c.Ptr)); /* eq 19 */
    return 0;
}

const qm_model_ops qm_timeout_ops = {to_check, to_solve, to_zero_load};

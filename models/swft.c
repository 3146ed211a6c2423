/* swft.c - seed 002 s.3: latency of software-based fault-tolerant
 * (absorb-and-re-inject) dimension-order routing in a bidirectional k-ary
 * n-cube whose nodes fail independently with probability Pf, eqs 1-22,
 * read as docs/models.md ("swft") says.
 *
 * Unknowns of the fixed point: the channel service times T_1..T_n of
 * eq 8 (T_0 = M) and the local-queue wait W_s (it feeds back through the
 * re-injection term of eq 6).
 */
#include "qm_internal.h"
#include "fixed_point.h"
#include "mg1.h"
#include "qm_geometry.h"
#include "vc_occupancy.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define SW_MAXV 64

typedef struct {
    int n, k, V;
    double M, lg, lc, kf, pf, dre;
    /* outputs of the last map evaluation */
    double Wc[QM_MAX_DIM + 1], PV[QM_MAX_DIM + 1], vbar, lt, PB, ETT, ETT2;
} sw_ctx;

/* eq 2 as read: mean hops per dimension, Agarwal's fault-free value times
 * (1 + k Pf sum_{i=1}^{floor(k/2)} ((-1)^i + 1)/(2i)). */
double qm_swft_kf(int k, double pf)
{
    double base;
    if (k % 2 == 0) {
        double s = 0.0;
        for (int i = 1; i <= k / 2 - 1; i++) s += i;
        base = (2.0 * s + k / 2.0) / k;
    } else {
        double s = 0.0;
        for (int i = 1; i <= (k - 1) / 2; i++) s += i;
        base = 2.0 * s / k;
    }
    double alt = 0.0;
    for (int i = 1; i <= k / 2; i++)
        alt += ((i % 2 == 0 ? 1.0 : -1.0) + 1.0) / (2.0 * i);
    return base * (1.0 + k * pf * alt);
}

static int sw_map(const double *x, double *gx, void *vctx, char *why, size_t whylen)
{
    sw_ctx *c = vctx;
    int n = c->n, V = c->V;
    double T[QM_MAX_DIM + 1], P[SW_MAXV + 1], Ws = x[n];
    double vsum = 0.0, pvavg = 0.0, ell[QM_MAX_DIM + 1];
    T[0] = c->M;
    for (int j = 1; j <= n; j++) T[j] = x[j - 1];
    for (int j = 1; j <= n; j++) {
        if (vc_occupancy(c->lc, T[j], V, P)) { /* eq 21 */
            snprintf(why, whylen, "dimension %d channel utilisation lambda_c*T = %.4f >= 1", j, c->lc * T[j]);
            return FP_INFEASIBLE;
        }
        double d = T[j] - T[j - 1];
        c->Wc[j] = mg1_wait_var(c->lc, T[j], d * d); /* eqs 10-12 */
        double Pb = P[V] + P[V - 1] / qm_choose(V, V - 1); /* eq 5 */
        c->PV[j] = P[V];
        pvavg += P[V] / n;
        vsum += vc_vbar(P, V) / n;                          /* eq 22 */
        /* eqs 6-7 solved for the latency added by one hop of dimension j */
        ell[j] = 1.0 + Pb * c->Wc[j] + c->pf * (c->M + c->dre + Ws) / (1.0 - P[V]);
    }
    for (int j = 1; j <= n; j++) /* eq 8 */
        gx[j - 1] = (j == 1 ? c->M : gx[j - 2]) + c->kf * ell[j];
    double Tn = gx[n - 1], Wcn = c->Wc[n];
    /* local queue, eqs 13-20 */
    c->lt = c->lg + 2.0 * n * c->lc * pvavg;
    c->PB = pvavg * (c->lg + 2.0 * n * c->lc) / c->lt;
    double a = Tn + Wcn, g = c->PB / (1.0 - c->PB);
    c->ETT = a + g;                                                   /* eq 18 */
    c->ETT2 = a * a + 2.0 * a * g + c->PB * (1.0 + c->PB) / ((1.0 - c->PB) * (1.0 - c->PB)); /* eq 19, corrected */
    double lv = c->lt / V;
    if (!(lv * c->ETT < 1.0)) {
        snprintf(why, whylen, "local queue utilisation (lambda_t/V)*E[T] = %.4f >= 1", lv * c->ETT);
        return FP_INFEASIBLE;
    }
    gx[n] = mg1_wait(lv, c->ETT, c->ETT2); /* eq 20 */
    c->vbar = vsum;
    return FP_OK;
}

static double sw_pf(const qm_params *p)
{
    return p->nf > 0 ? p->nf / qm_nodes(p) : p->pf;
}

static int sw_check(const qm_params *p, char *err, size_t errlen)
{
    if (p->topo != QM_TORUS_BI)
        return qm_fail(err, errlen, "swft covers bidirectional k-ary n-cubes (topology = torus) only, not a %s", qm_topo_name(p->topo));
    for (int i = 1; i < p->n; i++)
        if (p->k[i] != p->k[0])
            return qm_fail(err, errlen, "swft covers k-ary n-cubes with one radix only (k[0]=%d, k[%d]=%d)",
                           p->k[0], i, p->k[i]);
    if (p->k[0] < 3)
        return qm_fail(err, errlen, "swft needs radix k >= 3 (got %d)", p->k[0]);
    if (p->V < 2 || p->V > SW_MAXV)
        return qm_fail(err, errlen, "swft needs 2 <= V <= %d virtual channels (got %d)", SW_MAXV, p->V);
    double N = qm_nodes(p);
    if (p->nf < 0 || p->nf >= N)
        return qm_fail(err, errlen, "swft: faulty nodes nf must be 0..N-1 = %g (got %d)", N - 1, p->nf);
    if (p->nf == 0 && !(p->pf >= 0.0 && p->pf < 1.0))
        return qm_fail(err, errlen, "swft: failure probability pf must be in [0,1) (got %g)", p->pf);
    if (!(p->delta_reinject >= 0.0) || !isfinite(p->delta_reinject))
        return qm_fail(err, errlen, "swft: re-injection overhead delta must be >= 0 (got %g)", p->delta_reinject);
    if (p->exp_len)
        return qm_fail(err, errlen, "swft assumes fixed-length messages (msg_len_dist = fixed)");
    return 0;
}

static double sw_zero_load(const qm_params *p)
{
    /* no blocking, W_s = 0, P_V = 0: every hop costs 1 + Pf (M + Delta) */
    double pf = sw_pf(p);
    return p->M + p->n * qm_swft_kf(p->k[0], pf) * (1.0 + pf * (p->M + p->delta_reinject));
}

static int sw_solve(const qm_params *p, qm_result *out)
{
    sw_ctx c;
    memset(&c, 0, sizeof c);
    c.n = p->n; c.k = p->k[0]; c.V = p->V; c.M = p->M; c.lg = p->rate;
    c.pf = sw_pf(p); c.dre = p->delta_reinject;
    c.kf = qm_swft_kf(c.k, c.pf);
    c.lc = c.lg * c.kf / 2.0; /* eq 3 */
    double x[QM_MAX_DIM + 1];
    double hop0 = 1.0 + c.pf * (c.M + c.dre);
    for (int j = 1; j <= c.n; j++) x[j - 1] = c.M + j * c.kf * hop0;
    x[c.n] = 0.0;
    int sat = qm_iterate(sw_map, &c, x, NULL, c.n + 1, out);
    out->lambda_c = c.lc;
    out->network_latency = x[c.n - 1];
    if (sat) return 0;
    out->source_wait = x[c.n];
    out->vbar = c.vbar;
    out->latency = (x[c.n - 1] + x[c.n]) * c.vbar; /* eq 1 */
    return 0;
}

const qm_model_ops qm_swft_ops = {sw_check, sw_solve, sw_zero_load};

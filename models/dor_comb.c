/* dor_comb.c - seed 004 s.2: combinatorial latency model of dimension-order
 * wormhole routing in an n-D torus with radix k_i per dimension and L >= 2
 * VCs (two escape VCs v1/v2 picked by c_i < d_i, L-2 free), read as
 * docs/models.md ("dor-comb") says.  topo 1 is the unidirectional torus
 * the paper prints; topo 0 is our bidirectional adaptation (minimal
 * direction per dimension, 2n output channels, the paper's (2d_i - 1)L
 * waiting bound).
 *
 * The paper's weighted sums of P_m C_m^{...}/C_{m}^{...} are probabilities
 * of events on the per-dimension hop counts of a uniformly chosen
 * destination; they are evaluated here directly from the per-dimension hop
 * distributions (the same numbers; tests check the C_m recursion against
 * the convolution).
 *
 * Unknowns of the fixed point: D_{d_i} and W_{d_i} for each dimension.
 */
#include "qm_internal.h"
#include "fixed_point.h"
#include "mg1.h"
#include "qm_geometry.h"
#include "vc_occupancy.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define DC_MAXV 64

typedef struct {
    int n, L, bidir;
    double M, lg, lc, h, Wej;
    double first[QM_MAX_DIM]; /* P(first hop in dimension i) */
    double qterm[QM_MAX_DIM]; /* P_t,d_i / (mean hops in d_i): termination after one hop */
    double R[QM_MAX_DIM][QM_MAX_DIM]; /* sum_s P(>= s more hops in d_j | in d_i) */
    int J[QM_MAX_DIM];        /* most messages that can wait for a hop in d_i */
    double kw[QM_MAX_DIM];    /* weights of the multiplexing average (the radices) */
} dc_ctx;

static void dc_setup(const qm_params *p, dc_ctx *c)
{
    memset(c, 0, sizeof *c);
    c->n = p->n; c->L = p->V; c->M = p->M; c->lg = p->rate;
    c->bidir = (p->topo == QM_TORUS_BI);
    double N = net_nodes(p->n, p->k);
    double q0[QM_MAX_DIM], mean[QM_MAX_DIM], E1[QM_MAX_DIM];
    for (int i = 0; i < c->n; i++) {
        double qp[QM_TOPO_MAXK], qm[QM_TOPO_MAXK];
        int hmax = ring_hops(p->k[i], c->bidir, p->tie_positive, qp, qm);
        double m = 0.0;
        for (int h = 1; h <= hmax; h++) m += h * (qp[h] + qm[h]);
        q0[i] = 1.0 / p->k[i];
        mean[i] = m;                    /* E[h_i] over all positions */
        E1[i] = m / (1.0 - q0[i]);      /* E[h_i | h_i >= 1]; k_i/2 when unidirectional */
        c->kw[i] = p->k[i];
    }
    c->h = net_mean_distance(p->n, p->k, c->bidir);
    c->lc = c->h * c->lg / (c->bidir ? 2.0 * c->n : c->n);
    for (int i = 0; i < c->n; i++) {
        double before = 1.0, after = 1.0;
        for (int j = 0; j < i; j++) before *= q0[j];
        for (int j = i + 1; j < c->n; j++) after *= q0[j];
        c->first[i] = before * (1.0 - q0[i]) * N / (N - 1.0);
        c->qterm[i] = after / E1[i]; /* P_t,d_i / (k_i/2) */
        for (int j = 0; j < c->n; j++)
            c->R[i][j] = (j < i) ? 0.0 : (j == i) ? E1[i] - 1.0 : mean[j];
        c->J[i] = (c->bidir ? 2 * i + 1 : i + 1) * c->L;
    }
}

/* x = (D_0..D_{n-1}, W_0..W_{n-1}) */
static int dc_map(const double *x, double *gx, void *vctx, char *why, size_t whylen)
{
    dc_ctx *c = vctx;
    int n = c->n, L = c->L;
    const double *D = x, *W = x + n;
    for (int i = 0; i < n; i++) {
        double P[DC_MAXV + 1];
        double rho = c->lc * D[i];
        if (vc_occupancy(c->lc, D[i], L, P)) {
            snprintf(why, whylen, "dimension %d channel utilisation lambda_c*D = %.4f >= 1", i, rho);
            return FP_INFEASIBLE;
        }
        double q = c->qterm[i], nq = 1.0 - q;
        double PB = P[L] + P[L - 1] / L;
        double Pd = q * pow(nq, L - 1) * P[L] / L + pow(nq, L) * P[L] + pow(nq, L - 1) * P[L - 1] / L;
        double ratio = (PB > 1e-300) ? Pd / PB : pow(nq, L - 1); /* limit as load -> 0 */
        /* truncated geometric number of waiting messages, j = 0..J */
        double Nw = 0.0, r = 1.0;
        for (int j = 0; j <= c->J[i]; j++) {
            double pj = (j < c->J[i]) ? (1.0 - rho) * r : r;
            if (j >= L) Nw += j * pj;
            r *= rho;
        }
        double rest = 0.0;
        for (int j = i; j < n; j++) rest += W[j] * c->R[i][j];
        double What = ratio * rest + c->M;   /* W-hat_{d_i}, t_c = 1 */
        gx[n + i] = What * Nw;               /* W_{d_i} */
        gx[i] = rest + c->M + c->Wej;        /* D_{d_i} */
    }
    return FP_OK;
}

static int dc_check(const qm_params *p, char *err, size_t errlen)
{
    if (p->topo != QM_TORUS_UNI && p->topo != QM_TORUS_BI)
        return qm_fail(err, errlen, "dor-comb covers tori (torus, torus_uni), not a %s", qm_topo_name(p->topo));
    if (p->V < 2 || p->V > DC_MAXV)
        return qm_fail(err, errlen, "dor-comb needs L >= 2 VCs (v1, v2 escape + L-2 free) and <= %d, got V=%d",
                       DC_MAXV, p->V);
    if (p->exp_len)
        return qm_fail(err, errlen, "dor-comb assumes fixed-length messages (msg_len_dist = fixed)");
    if (net_nodes(p->n, p->k) > 1e7)
        return qm_fail(err, errlen, "dor-comb: network too large (%g nodes, limit 1e7)", net_nodes(p->n, p->k));
    return 0;
}

static double dc_zero_load(const qm_params *p)
{
    return p->M + net_mean_distance(p->n, p->k, p->topo == QM_TORUS_BI); /* S = M, l = 1 */
}

static int dc_solve(const qm_params *p, qm_result *out)
{
    dc_ctx c;
    dc_setup(p, &c);
    out->lambda_c = c.lc;
    double ue = c.M * c.lg;
    if (!(ue < 1.0)) {
        out->saturated = 1;
        out->latency = INFINITY;
        snprintf(out->why, sizeof out->why, "ejection channel utilisation M*lambda_g = %.4f >= 1", ue);
        return 0;
    }
    c.Wej = c.M * c.M * c.lg / (2.0 * (1.0 - ue)); /* M/D/1 */
    double x[2 * QM_MAX_DIM];
    for (int i = 0; i < c.n; i++) { x[i] = c.M + c.Wej; x[c.n + i] = 0.0; }
    int sat = qm_iterate(dc_map, &c, x, NULL, 2 * c.n, out);
    if (sat) return 0;
    double S = 0.0, lsum = 0.0, ksum = 0.0;
    for (int i = 0; i < c.n; i++) {
        double P[DC_MAXV + 1];
        S += c.first[i] * (x[i] + x[c.n + i]);
        vc_occupancy(c.lc, x[i], c.L, P);
        lsum += c.kw[i] * vc_vbar(P, c.L);
        ksum += c.kw[i];
    }
    double lbar = lsum / ksum;
    double lv = c.lg / c.L;
    if (!(lv * S < 1.0)) {
        out->saturated = 1;
        out->latency = INFINITY;
        snprintf(out->why, sizeof out->why, "source queue utilisation (lambda_g/L)*S = %.4f >= 1", lv * S);
        return 0;
    }
    out->network_latency = S + c.h; /* [5]'s S leaves the h hops out; the other models' network part holds them */
    out->vbar = lbar;
    out->source_wait = mg1_wait_var(lv, S, (S - c.M) * (S - c.M));
    out->latency = S * lbar + out->source_wait + c.h * lbar; /* T = S l + W_s + h l */
    return 0;
}

const qm_model_ops qm_dor_comb_ops = {dc_check, dc_solve, dc_zero_load};

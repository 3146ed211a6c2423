/* duato_nbc.c - seed 000 s.6 (= seed 001 s.3): latency of Duato's fully
 * adaptive routing with an Nbc (negative-hop with bonus cards) escape
 * sub-network in a 2-D bidirectional k x k torus, eqs 1-21, read as
 * docs/models.md ("duato-nbc") says.
 *
 * Unknown of the fixed point: the mean network latency S (eq 17), which is
 * also the channel service time of eqs 18-20.
 */
#include "qm_internal.h"
#include "fixed_point.h"
#include "mg1.h"
#include "qm_geometry.h"
#include "vc_occupancy.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define NBC_MAXV 64

typedef struct {
    int k, V, V1, V2, maxd;
    double M, lg, lc, kbar, dbar, Nm1;
    double cnt[2 * QM_TOPO_MAXK + 1]; /* destinations at distance D */
    double vbar, Wc, Ws;
    double br[NBC_MAXV + 1][NBC_MAXV + 1]; /* C(V-U, v-U)/C(V, v), filled once */
} nbc_ctx;

/* P(all U usable VCs of a channel busy) when v of V are busy, the busy set
 * being uniform: C(V-U, v-U) / C(V, v) summed against P_v (eqs 12, 14, 15). */
static double p_all_busy(const double *P, int V, int U, double (*br)[NBC_MAXV + 1])
{
    double s = 0.0;
    if (U < 0) U = 0;
    for (int v = U; v <= V; v++)
        s += P[v] * (br ? br[U][v] : qm_choose(V - U, v - U) / qm_choose(V, v));
    return s;
}

/* P_block1 + (P_block2 + P_block3)/2 for c = ceil(Delta/2) (eqs 11-16).
 * literal = 1 uses the binomial indices exactly as printed in eqs 14-15,
 * which contradict the usable-VC counts stated in the text just above them
 * (docs/models.md); 0 (used by the model) follows the text. */
static double pblock_mix(const double *P, int V, int V1, int V2, int c, int literal,
                         double (*br)[NBC_MAXV + 1])
{
    int U = V1 + V2 - c + 1;          /* usable after an adaptive hop */
    double pv0 = (double)V1 / U;      /* eq 13 */
    double pvl = 1.0 / U;             /* eq 16 */
    double b1 = pv0 * p_all_busy(P, V, U, br); /* eq 12 */
    double b2 = 0.0, b3 = 0.0;
    for (int l = 1; l <= V2 - c; l++)      /* eq 14: next hop negative */
        b2 += pvl * p_all_busy(P, V, literal ? V1 + c + l : V1 + V2 - c - l + 1, br);
    for (int l = 1; l <= V2 - c + 1; l++)  /* eq 15: next hop positive */
        b3 += pvl * p_all_busy(P, V, literal ? V1 + c + l + 1 : V1 + V2 - c - l + 2, br);
    return b1 + 0.5 * (b2 + b3);
}

double qm_nbc_pblock_mix(const double *P, int V, int V1, int V2, int c, int literal)
{
    return pblock_mix(P, V, V1, V2, c, literal, NULL);
}

/* eq 9 with eq 8: number of channels the message can choose at hop h,
 * phi_h = 2 - P_phi_h; P_phi_h = 2/(dbar - h + 1) for kbar <= h, clamped
 * to 1 from h = dbar - 1 on (where the printed range ends). */
static double phi_h(const nbc_ctx *c, int h)
{
    double pphi;
    if (h < c->kbar)
        pphi = 0.0;
    else if (c->dbar - h + 1.0 > 2.0)
        pphi = 2.0 / (c->dbar - h + 1.0);
    else
        pphi = 1.0;
    return 2.0 - pphi;
}

static int nbc_map(const double *x, double *gx, void *vctx, char *why, size_t whylen)
{
    nbc_ctx *c = vctx;
    double S = x[0];
    double P[NBC_MAXV + 1];
    if (vc_occupancy(c->lc, S, c->V, P)) {
        snprintf(why, whylen, "channel utilisation lambda_c*S = %.4f >= 1", c->lc * S);
        return FP_INFEASIBLE;
    }
    double Wc = mg1_wait_var(c->lc, S, (S - c->M) * (S - c->M)); /* eq 18 */
    double mix[QM_TOPO_MAXK + 1];
    int cmax = (c->maxd + 1) / 2;
    for (int cc = 1; cc <= cmax; cc++)
        mix[cc] = pblock_mix(P, c->V, c->V1, c->V2, cc, 0, c->br);
    double sum = 0.0;
    for (int D = 1; D <= c->maxd; D++) {
        if (c->cnt[D] == 0.0) continue;
        double SH = c->M + D; /* eq 5 */
        for (int h = 1; h <= D; h++) {
            int delta = D - h + 1; /* hops still to make, this one included */
            double pb = pow(mix[(delta + 1) / 2], phi_h(c, h)); /* eq 11 */
            SH += pb * Wc; /* eq 7 */
        }
        sum += c->cnt[D] * SH;
    }
    gx[0] = sum / c->Nm1; /* eq 17 */
    c->Wc = Wc;
    c->vbar = vc_vbar(P, c->V);
    return FP_OK;
}

static void nbc_setup(const qm_params *p, nbc_ctx *c)
{
    memset(c, 0, sizeof *c);
    c->k = p->k[0];
    c->V = p->V;
    c->V2 = qm_nbc_escape_vcs(2, c->k);
    c->V1 = c->V - c->V2;
    c->M = p->M;
    c->lg = p->rate;
    c->kbar = c->k / 4.0;        /* eq 2 */
    c->dbar = 2.0 * c->kbar;
    c->lc = c->lg * c->dbar / 4.0; /* eq 3 */
    c->maxd = net_distance_counts(2, p->k, 1, c->cnt);
    c->Nm1 = (double)c->k * c->k - 1.0;
    for (int U = 0; U <= c->V; U++)
        for (int v = 0; v <= c->V; v++)
            c->br[U][v] = qm_choose(c->V - U, v - U) / qm_choose(c->V, v);
}

static int nbc_check(const qm_params *p, char *err, size_t errlen)
{
    if (p->topo != QM_TORUS_BI || p->n != 2)
        return qm_fail(err, errlen, "duato-nbc covers 2-D bidirectional tori only (got %d-D %s)", p->n,
                       p->topo == QM_TORUS_BI ? "torus" : p->topo == QM_TORUS_UNI ? "unidirectional torus"
                       : p->topo == QM_MESH ? "mesh" : "hypercube");
    if (p->k[0] != p->k[1])
        return qm_fail(err, errlen, "duato-nbc covers k x k tori only (got %d x %d)", p->k[0], p->k[1]);
    if (p->k[0] < 3)
        return qm_fail(err, errlen, "duato-nbc needs radix k >= 3 (got %d)", p->k[0]);
    int V2 = qm_nbc_escape_vcs(2, p->k[0]);
    if (V2 + 1 > NBC_MAXV) /* no V is in range: say that, not a range that is empty */
        return qm_fail(err, errlen, "duato-nbc on a %dx%d torus needs %d Nbc escape VCs + 1 adaptive, more than the "
                       "model's %d VCs: k <= %d", p->k[0], p->k[0], V2, NBC_MAXV, 2 * (NBC_MAXV - 2) + 1);
    if (p->V < V2 + 1 || p->V > NBC_MAXV)
        return qm_fail(err, errlen,
                       "duato-nbc on a %dx%d torus needs V >= %d (%d Nbc escape VCs + 1 adaptive) and <= %d, got V=%d",
                       p->k[0], p->k[0], V2 + 1, V2, NBC_MAXV, p->V);
    if (p->exp_len)
        return qm_fail(err, errlen, "duato-nbc assumes fixed-length messages (msg_len_dist = fixed)");
    return 0;
}

static double nbc_zero_load(const qm_params *p)
{
    /* eq 5 with B_h = 0 averaged by eq 17, V-bar = 1, W_s = 0 */
    return p->M + net_mean_distance(2, p->k, 1);
}

static int nbc_solve(const qm_params *p, qm_result *out)
{
    nbc_ctx c;
    nbc_setup(p, &c);
    double x[1] = {nbc_zero_load(p)};
    int sat = qm_iterate(nbc_map, &c, x, NULL, 1, out);
    out->lambda_c = c.lc;
    out->network_latency = x[0];
    if (sat) return 0;
    double S = x[0];
    double lv = c.lg / c.V;
    if (!(lv * S < 1.0)) {
        out->saturated = 1;
        out->latency = INFINITY;
        snprintf(out->why, sizeof out->why, "source queue utilisation (lambda_g/V)*S = %.4f >= 1", lv * S);
        return 0;
    }
    double P[NBC_MAXV + 1];
    vc_occupancy(c.lc, S, c.V, P);
    out->vbar = vc_vbar(P, c.V);                                  /* eq 21 */
    out->source_wait = mg1_wait_var(lv, S, (S - c.M) * (S - c.M)); /* eq 19 */
    out->latency = (S + out->source_wait) * out->vbar;             /* eq 1 */
    return 0;
}

const qm_model_ops qm_duato_nbc_ops = {nbc_check, nbc_solve, nbc_zero_load};

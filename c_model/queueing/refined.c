/* refined.c - the refined model (variant 1) of flitnet's own router, for
 * dimension-order routing with dateline VC classes (dor-comb, variant 1)
 * and for Duato-Nbc (duato-nbc, variant 1).  Derivation and justification:
 * docs/models.md, "Refined model".
 *
 * Router contract modelled: per VC a B-flit input and output buffer,
 * credit loop of 2 cycles, so one VC streams one flit every delta cycles
 * (delta = 2 if B = 1, else 1); a physical channel carries one flit per
 * cycle; 2 cycles per hop; V injection VCs fed by an unbounded source
 * queue; an ejection channel of V VCs draining one flit per cycle.
 * Zero-load latency of an H-hop message: T0 = 2H + 3 + delta (M - 1).
 *
 * Latency = W_src + mean T0 + W_net + W_ej + (T_s - delta (M - 1)):
 *   W_src  M/G/V wait for an injection VC (Allen-Cunneen),
 *   W_net  waits for a VC at each hop (DOR: M/G/(V/2) per dateline class
 *          and link position; Duato-Nbc: all usable VCs of every
 *          productive channel busy),
 *   W_ej   M/G/V wait for an ejection VC,
 *   T_s    streaming time from head to tail delivery: delta (M - 1) plus
 *          kappa M / delta per distinct other message holding a channel of
 *          the path (injection, network, ejection).  With one-flit buffers
 *          a worm moves as one body, so every co-holder costs time wherever
 *          it meets the path.  The mean number of co-holders is
 *          D = lambda_g N P_int T_s (Little over the streaming messages),
 *          P_int the probability that two random paths share a channel;
 *          kappa = 0.6 (overlap argument 2/3, fitted 0.6: docs/models.md).
 * The unknowns (waits and holding times) are solved by the shared damped
 * fixed point; no steady state when a VC pool's offered load reaches its
 * size or a channel's flit load reaches 1.
 */
#include "qm_internal.h"
#include "fixed_point.h"
#include "mg1.h"
#include "qm_geometry.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define RF_MAXV 64
#define RF_MAXT (2 * QM_MAX_DIM + 2) /* link types: injection, ejection, network */
#define RF_MAXPOS QM_TOPO_MAXK

enum { T_INJ = 0, T_EJ = 1, T_NET0 = 2 };

typedef struct {
    int kind; /* QM_DOR_COMB or QM_DUATO_NBC */
    int n, V, delta, ntypes, maxd, exp_len;
    double M, lg, N, Hbar, Hhw; /* Hhw = E[H^2]/E[H] */
    double PH[QM_TOPO_MAXD + 1]; /* P(H = h), h = 1..maxd */
    /* link types */
    double lam[RF_MAXT];         /* message rate per channel */
    double hops[RF_MAXT];        /* mean hops per message on channels of this type */
    double Pn[RF_MAXV + 1];      /* busy VCs of a network channel (Nbc) */
    double Pint;                 /* P(two random paths share a channel) */
    double Snet, Ts, D;          /* last holding time, streaming time, co-holders */
    /* DOR: per network type, per link position and class, message rate */
    int kpos[RF_MAXT];
    double lpc[RF_MAXT][RF_MAXPOS][2];
    /* Nbc */
    int V1, V2;
    double visits[3][2 * QM_TOPO_MAXK + 2]; /* [phi][Delta]: hops per message */
    double br[RF_MAXV + 1][RF_MAXV + 1];    /* C(V2-U, e-U)/C(V2, e) */
} rf_ctx;

/* kappa: delay per co-holder in units of M/delta (docs/models.md) */
#define RF_KAPPA 0.6

static uint64_t rng_next(uint64_t *st)
{
    *st ^= *st << 13;
    *st ^= *st >> 7;
    *st ^= *st << 17;
    return *st;
}

/* minimal path from src to dst; channel ids: node*(2n+2) + port, ports
 * 2i / 2i+1 = dimension i +/-, 2n injection (at src), 2n+1 ejection */
static int build_path(const qm_params *p, int adaptive, int bidir, long src, long dst, uint64_t *st, long *ids)
{
    int n = p->n, np = 2 * n + 2, cnt = 0, left[QM_MAX_DIM], dir[QM_MAX_DIM];
    long stride[QM_MAX_DIM], cur[QM_MAX_DIM], s = src, d = dst;
    for (int i = 0; i < n; i++) {
        stride[i] = (i == 0) ? 1 : stride[i - 1] * p->k[i - 1];
        int k = p->k[i], a = (int)(s % k), b = (int)(d % k);
        s /= k; d /= k;
        cur[i] = a;
        int up = (b - a + k) % k, down = (a - b + k) % k;
        if (!bidir || up < down) { dir[i] = 0; left[i] = up; }
        else if (down < up) { dir[i] = 1; left[i] = down; }
        else { dir[i] = p->tie_positive ? 0 : (int)(rng_next(st) & 1); left[i] = up; }
    }
    long node = src;
    ids[cnt++] = src * np + 2 * n;
    for (;;) {
        int i = -1;
        if (adaptive) { /* uniform among the dimensions still to cross */
            int nl = 0;
            for (int j = 0; j < n; j++) nl += left[j] > 0;
            if (nl) {
                int pick = (int)(rng_next(st) % (uint64_t)nl);
                for (int j = 0; j < n; j++) if (left[j] > 0 && pick-- == 0) { i = j; break; }
            }
        } else {
            for (int j = 0; j < n; j++) if (left[j] > 0) { i = j; break; }
        }
        if (i < 0) break;
        ids[cnt++] = node * np + 2 * i + dir[i];
        int k = p->k[i];
        long nc = dir[i] ? (cur[i] + k - 1) % k : (cur[i] + 1) % k;
        node += (nc - cur[i]) * stride[i];
        cur[i] = nc;
        left[i]--;
    }
    ids[cnt++] = dst * np + 2 * n + 1;
    return cnt;
}

static void sort_ids(long *a, int n)
{
    for (int i = 1; i < n; i++) {
        long v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
        a[j + 1] = v;
    }
}

/* P(the channel sets of two independent uniform messages intersect), by a
 * fixed-seed Monte Carlo (deterministic, about 1 % standard error); cached
 * per geometry in thread-local storage. */
static double overlap_prob(const qm_params *p, int adaptive)
{
    static _Thread_local struct { int valid, n, k[QM_MAX_DIM], adaptive, bidir, tie; double v; } cache[8];
    static _Thread_local int next;
    int bidir = (p->topo == QM_TORUS_BI);
    for (int c = 0; c < 8; c++)
        if (cache[c].valid && cache[c].n == p->n && cache[c].adaptive == adaptive && cache[c].bidir == bidir &&
            cache[c].tie == p->tie_positive && !memcmp(cache[c].k, p->k, sizeof(int) * (size_t)p->n))
            return cache[c].v;
    long N = (long)net_nodes(p->n, p->k);
    uint64_t st = 0x9E3779B97F4A7C15ull;
    long a[QM_TOPO_MAXD + 4], b[QM_TOPO_MAXD + 4];
    const long samples = 200000;
    long hits = 0;
    for (long t = 0; t < samples; t++) {
        long s1 = (long)(rng_next(&st) % (uint64_t)N), d1;
        do d1 = (long)(rng_next(&st) % (uint64_t)N); while (d1 == s1);
        long s2 = (long)(rng_next(&st) % (uint64_t)N), d2;
        do d2 = (long)(rng_next(&st) % (uint64_t)N); while (d2 == s2);
        int na = build_path(p, adaptive, bidir, s1, d1, &st, a);
        int nb = build_path(p, adaptive, bidir, s2, d2, &st, b);
        sort_ids(a, na);
        sort_ids(b, nb);
        for (int i = 0, j = 0; i < na && j < nb;) {
            if (a[i] == b[j]) { hits++; break; }
            if (a[i] < b[j]) i++; else j++;
        }
    }
    double v = (double)hits / samples;
    int c = next++ % 8;
    cache[c].valid = 1; cache[c].n = p->n; cache[c].adaptive = adaptive; cache[c].bidir = bidir;
    cache[c].tie = p->tie_positive; cache[c].v = v;
    memcpy(cache[c].k, p->k, sizeof(int) * (size_t)p->n);
    return v;
}

static double cs2_of(const rf_ctx *c, double S)
{
    double smin = c->delta * (c->M - 1.0) + 1.0;
    double v = (S > smin) ? (S - smin) / S : 0.0;
    double x = v * v;
    if (c->exp_len) x += (c->delta * c->M / S) * (c->delta * c->M / S);
    return x;
}

/* Duato-Nbc: wait at a hop with phi productive channels, Delta hops left */
static double nbc_hop_wait(const rf_ctx *c, int phi, int Delta)
{
    int t = T_NET0, V = c->V;
    int Ue = c->V2 - (Delta + 1) / 2 + 1;
    if (Ue < 1) Ue = 1;
    if (Ue > c->V2) Ue = c->V2;
    double pb = 0.0;
    for (int nb = c->V1 + Ue; nb <= V; nb++) pb += c->Pn[nb] * c->br[Ue][nb - c->V1];
    double a = c->lam[t] * c->Snet;
    double pblock = pow(pb, phi);
    /* first release among the phi (V1 + Ue) usable VCs, slowed by the
     * other heads competing for them as in M/M/m: S / (m (1 - a/V)) */
    return pblock * c->Snet / (phi * (c->V1 + Ue)) * 0.5 * (1.0 + cs2_of(c, c->Snet)) / (1.0 - a / V);
}

/* Busy VCs of a channel: Poisson(a) cut at V (M/G/infinity occupancy;
 * by PASTA what an arriving header sees). */
static void poisson_cut(int V, double a, double *P)
{
    double pk = exp(-a), cum = 0.0;
    for (int n = 0; n < V; n++) {
        P[n] = pk;
        cum += pk;
        pk *= a / (n + 1);
    }
    P[V] = (cum < 1.0) ? 1.0 - cum : 0.0;
}

/* x = (W_net, W_ej, S_net, T_s): total VC wait in the network, ejection VC
 * wait, holding time of a network VC, streaming time.  Only streaming
 * co-holders take bandwidth, so D counts messages for their streaming time
 * T_s, not for the time their heads wait. */
static int rf_map(const double *x, double *gx, void *vctx, char *why, size_t whylen)
{
    rf_ctx *c = vctx;
    double Wnet = x[0], Wej = x[1], Snet = x[2];
    for (int t = 0; t < c->ntypes; t++) {
        double u = c->lam[t] * c->M;
        if (!(u < 1.0)) {
            snprintf(why, whylen, "%s channel out of bandwidth: lambda*M = %.4f >= 1",
                     t == T_INJ ? "injection" : t == T_EJ ? "ejection" : "network", u);
            return FP_INFEASIBLE;
        }
    }
    /* co-holders streaming on the path (Little: N lambda_g T_s messages
     * stream at a time, each meets the path with probability P_int) */
    c->D = c->lg * c->N * c->Pint * x[3];
    c->Ts = c->delta * (c->M - 1.0) + RF_KAPPA * c->M / c->delta * c->D;
    gx[3] = c->Ts;
    c->Snet = Snet;
    double Wdown = Wnet * (c->Hhw - 1.0) / (2.0 * c->Hbar); /* waits still ahead, mean over hops */
    gx[2] = 2.0 + c->Ts + Wdown + Wej;
    double W = 0.0;
    if (c->kind == QM_DOR_COMB) {
        int m = c->V / 2;
        double cs2 = cs2_of(c, Snet);
        for (int t = T_NET0; t < c->ntypes; t++) {
            double num = 0.0, den = 0.0;
            for (int p = 0; p < c->kpos[t]; p++)
                for (int cl = 0; cl < 2; cl++) {
                    double l = c->lpc[t][p][cl];
                    if (l <= 0.0) continue;
                    double w = mgm_wait(m, l, Snet, cs2);
                    if (!isfinite(w)) {
                        snprintf(why, whylen, "dateline class %d VCs exhausted at link position %d (a = %.3f >= %d)",
                                 cl, p, l * Snet, m);
                        return FP_INFEASIBLE;
                    }
                    num += l * w;
                    den += l;
                }
            W += c->hops[t] * (den > 0.0 ? num / den : 0.0);
        }
    } else {
        double a = c->lam[T_NET0] * Snet;
        if (!(a < c->V)) {
            snprintf(why, whylen, "network VCs exhausted: lambda_c*S = %.3f >= V", a);
            return FP_INFEASIBLE;
        }
        poisson_cut(c->V, a, c->Pn);
        for (int phi = 1; phi <= 2; phi++)
            for (int d = 1; d <= c->maxd; d++)
                if (c->visits[phi][d] > 0.0) W += c->visits[phi][d] * nbc_hop_wait(c, phi, d);
    }
    double Sej = 1.0 + c->Ts;
    double wej = mgm_wait(c->V, c->lg, Sej, cs2_of(c, Sej));
    if (!isfinite(wej)) {
        snprintf(why, whylen, "ejection VCs exhausted: lambda_g*S_ej = %.3f >= V", c->lg * Sej);
        return FP_INFEASIBLE;
    }
    gx[0] = W;
    gx[1] = wej;
    return FP_OK;
}

static void common_setup(const qm_params *p, rf_ctx *c, int bidir)
{
    c->n = p->n; c->V = p->V; c->M = p->M; c->lg = p->rate; c->exp_len = p->exp_len;
    c->delta = (p->buf_depth >= 2) ? 1 : 2;
    c->N = net_nodes(p->n, p->k);
    double cnt[QM_TOPO_MAXD + 1];
    c->maxd = net_distance_counts(p->n, p->k, bidir, cnt);
    double e1 = 0.0, e2 = 0.0;
    for (int h = 1; h <= c->maxd; h++) {
        c->PH[h] = cnt[h] / (c->N - 1.0);
        e1 += h * c->PH[h];
        e2 += (double)h * h * c->PH[h];
    }
    c->Hbar = e1;
    c->Hhw = e2 / e1;
    c->lam[T_INJ] = c->lam[T_EJ] = c->lg;
    c->hops[T_INJ] = c->hops[T_EJ] = 1.0;
}

/* DOR: network types are (dimension, direction); class split per position */
static void dor_setup(const qm_params *p, rf_ctx *c)
{
    memset(c, 0, sizeof *c);
    c->kind = QM_DOR_COMB;
    int bidir = (p->topo == QM_TORUS_BI);
    common_setup(p, c, bidir);
    double scale = c->N / (c->N - 1.0);
    int t = T_NET0;
    for (int i = 0; i < p->n; i++) {
        int k = p->k[i];
        double q[2][QM_TOPO_MAXK];
        int hmax = ring_hops(k, bidir, p->tie_positive, q[0], q[1]);
        for (int dir = 0; dir < (bidir ? 2 : 1); dir++, t++) {
            double hsum = 0.0;
            c->kpos[t] = k;
            /* links l_p: p -> p+1 in the travel direction; the wrap link is
             * l_{k-1}.  A route starting at x with h hops uses l_x..l_{x+h-1}. */
            for (int h = 1; h <= hmax; h++) {
                double r = c->lg * scale * q[dir][h];
                if (r == 0.0) continue;
                hsum += h * q[dir][h];
                for (int x = 0; x < k; x++) {
                    int wraps = (x + h >= k);
                    for (int j = 0; j < h; j++) {
                        int pos = (x + j) % k, cl;
                        if (p->dateline == 2) {
                            /* actual coordinates: class 0 while c < d.  x, pos are
                             * measured along the travel direction; mirror for '-' */
                            int c0 = dir ? (k - pos) % k : pos;
                            int d0 = dir ? (k - (x + h) % k) % k : (x + h) % k;
                            cl = (c0 < d0) ? 0 : 1;
                        } else {
                            cl = p->dateline ? (x + j >= k - 1) : wraps;
                        }
                        /* each position sees one start x per offset: rate per link */
                        c->lpc[t][pos][cl] += r / k;
                    }
                }
            }
            c->hops[t] = hsum * scale;
            c->lam[t] = c->lg * c->hops[t];
        }
    }
    c->ntypes = t;
    c->Pint = overlap_prob(p, 0);
    /* lpc was accumulated over the k starts of one ring: rescale to per-link rate */
    for (int u = T_NET0; u < c->ntypes; u++)
        for (int pos = 0; pos < c->kpos[u]; pos++)
            for (int cl = 0; cl < 2; cl++) c->lpc[u][pos][cl] *= c->kpos[u];
}

/* Duato-Nbc: one network type; hops per (phi, Delta) from random
 * interleaving of the two dimensions' hops */
static void nbc_setup(const qm_params *p, rf_ctx *c)
{
    memset(c, 0, sizeof *c);
    c->kind = QM_DUATO_NBC;
    common_setup(p, c, 1);
    int k = p->k[0];
    c->V2 = qm_nbc_escape_vcs(2, k);
    c->V1 = c->V - c->V2;
    c->ntypes = T_NET0 + 1;
    c->hops[T_NET0] = c->Hbar;
    c->lam[T_NET0] = c->lg * c->Hbar / 4.0;
    c->Pint = overlap_prob(p, 1);
    double cntd[QM_TOPO_MAXK];
    for (int h = 0; h <= k / 2; h++) cntd[h] = 0.0;
    for (int off = 0; off < k; off++) cntd[off < k - off ? off : k - off] += 1.0;
    int hm = k / 2;
    for (int hx = 0; hx <= hm; hx++)
        for (int hy = 0; hy <= hm; hy++) {
            if (hx + hy == 0) continue;
            double w = cntd[hx] * cntd[hy] / (c->N - 1.0);
            /* probability of visiting (rx, ry) remaining, 50/50 choice when both remain */
            double pr[QM_TOPO_MAXK][QM_TOPO_MAXK];
            for (int a = 0; a <= hx; a++) for (int b = 0; b <= hy; b++) pr[a][b] = 0.0;
            pr[hx][hy] = 1.0;
            for (int s = hx + hy; s >= 1; s--)
                for (int a = 0; a <= hx; a++) {
                    int b = s - a;
                    if (b < 0 || b > hy || pr[a][b] == 0.0) continue;
                    int phi = (a > 0) + (b > 0);
                    c->visits[phi][s] += w * pr[a][b];
                    if (a > 0 && b > 0) { pr[a - 1][b] += 0.5 * pr[a][b]; pr[a][b - 1] += 0.5 * pr[a][b]; }
                    else if (a > 0) pr[a - 1][b] += pr[a][b];
                    else pr[a][b - 1] += pr[a][b];
                }
        }
    for (int U = 0; U <= c->V2; U++)
        for (int e = 0; e <= c->V2; e++)
            c->br[U][e] = (e >= U) ? qm_choose(c->V2 - U, e - U) / qm_choose(c->V2, e) : 0.0;
}

static int rf_run(rf_ctx *c, qm_result *out)
{
    double x[4] = {0.0, 0.0, c->delta * (c->M - 1.0) + 2.0, c->delta * (c->M - 1.0)};
    double lmax = 0.0;
    for (int t = T_NET0; t < c->ntypes; t++) if (c->lam[t] > lmax) lmax = c->lam[t];
    out->lambda_c = lmax;
    int sat = qm_iterate(rf_map, c, x, 4, out);
    if (sat) return 0;
    double gx[4];
    char why[160];
    rf_map(x, gx, c, why, sizeof why); /* leave T_s of the solution in c */
    double Sinj = 1.0 + c->Ts + x[0] + x[1]; /* the injection VC is held until the tail leaves it */
    double ws = mgm_wait(c->V, c->lg, Sinj, cs2_of(c, Sinj));
    if (!isfinite(ws)) {
        out->saturated = 1;
        out->latency = INFINITY;
        snprintf(out->why, sizeof out->why, "injection VCs exhausted: lambda_g*S_inj = %.3f >= V", c->lg * Sinj);
        return 0;
    }
    double stream0 = c->delta * (c->M - 1.0);
    double T0 = 2.0 * c->Hbar + 3.0 + stream0;
    out->vbar = (stream0 > 0.0) ? c->Ts / stream0 : 1.0;
    out->source_wait = ws;
    out->network_latency = T0 + x[0] + x[1] + (c->Ts - stream0);
    out->latency = ws + out->network_latency;
    return 0;
}

static int rf_common_check(const qm_params *p, char *err, size_t errlen, const char *nm)
{
    if (net_nodes(p->n, p->k) > 1e6)
        return qm_fail(err, errlen, "%s refined: network too large (%g nodes, limit 1e6)", nm, net_nodes(p->n, p->k));
    if (p->V > RF_MAXV)
        return qm_fail(err, errlen, "%s refined: V must be <= %d (got %d)", nm, RF_MAXV, p->V);
    return 0;
}

static int rdor_check(const qm_params *p, char *err, size_t errlen)
{
    if (p->topo != QM_TORUS_BI && p->topo != QM_TORUS_UNI)
        return qm_fail(err, errlen, "dor-comb refined covers n-D tori (topo 0 bidirectional, 1 unidirectional), got topo %d",
                       p->topo);
    if (p->V < 2 || p->V % 2)
        return qm_fail(err, errlen, "dor-comb refined needs an even V >= 2 (two dateline classes of V/2 VCs), got V=%d",
                       p->V);
    if (p->dateline < 0 || p->dateline > 2)
        return qm_fail(err, errlen,
                       "dor-comb refined: dateline must be 0 (class per dimension), 1 (switch at the wrap link) or 2 (class 0 while c_d < d_d)");
    return rf_common_check(p, err, errlen, "dor-comb");
}

static int rnbc_check(const qm_params *p, char *err, size_t errlen)
{
    if (p->topo != QM_TORUS_BI || p->n != 2 || p->k[0] != p->k[1])
        return qm_fail(err, errlen, "duato-nbc refined covers 2-D bidirectional k x k tori only");
    int V2 = qm_nbc_escape_vcs(2, p->k[0]);
    if (p->V < V2 + 1)
        return qm_fail(err, errlen,
                       "duato-nbc on a %dx%d torus needs V >= %d (%d Nbc escape VCs + 1 adaptive), got V=%d",
                       p->k[0], p->k[0], V2 + 1, V2, p->V);
    return rf_common_check(p, err, errlen, "duato-nbc");
}

static double rf_zero_load(const qm_params *p)
{
    int delta = (p->buf_depth >= 2) ? 1 : 2;
    return 2.0 * net_mean_distance(p->n, p->k, p->topo == QM_TORUS_BI) + 3.0 + delta * (p->M - 1.0);
}

static int rdor_solve(const qm_params *p, qm_result *out)
{
    static _Thread_local rf_ctx c; /* large; one per thread keeps the API reentrant */
    dor_setup(p, &c);
    return rf_run(&c, out);
}

static int rnbc_solve(const qm_params *p, qm_result *out)
{
    static _Thread_local rf_ctx c;
    nbc_setup(p, &c);
    return rf_run(&c, out);
}

const qm_model_ops qm_refined_dor_ops = {rdor_check, rdor_solve, rf_zero_load};
const qm_model_ops qm_refined_nbc_ops = {rnbc_check, rnbc_solve, rf_zero_load};

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
 *   W_src  wait for an injection VC,
 *   W_net  waits for a VC at each hop,
 *   W_ej   wait for an ejection VC,
 *   T_s    streaming time from head to tail delivery.
 * DOR: W_src, W_ej M/G/V (Allen-Cunneen); W_net M/G/(V/2) per dateline class
 *   and link position; T_s = delta (M - 1) + kappa M / delta per distinct
 *   other message holding a channel of the path, D = lambda_g N P_int T_s
 *   co-holders (Little over the streaming messages), P_int the probability
 *   that two random DOR paths share a channel; kappa = 0.6 (overlap argument
 *   2/3, fitted 0.6: docs/models.md).
 * Duato-Nbc: a channel carries one flit per cycle and a worm at most 1/delta
 *   of it, so a worm slows down only where more than delta worms share a
 *   channel.  T_s = min(stacking slowdown of the path, processor-sharing law
 *   delta (M - 1)/(1 - beta rho_c)), beta measured on a 12x12 torus; W_net
 *   from the escape-class windows of the N-scheme (busy fractions of the
 *   adaptive and of each escape VC class are unknowns of the fixed point);
 *   W_src, W_ej: the injection and ejection channels as processor-sharing
 *   servers with V VCs.
 * The unknowns (waits, holding times, busy fractions) are solved by the
 * shared damped fixed point; no steady state when a VC pool's offered load
 * reaches its size or a channel's flit load reaches 1.
 */
#include "qm_internal.h"
#include "fixed_point.h"
#include "mg1.h"
#include "dor_routes.h"
#include "qm_geometry.h"
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define RF_MAXV 64
#define RF_MAXT (2 * QM_MAX_DIM + 2) /* link types: injection, ejection, network */
#define RF_MAXPOS QM_TOPO_MAXK
#define RF_NBC_MAXK 32            /* refined Duato-Nbc: radix limit (hop-class tables) */
#define RF_NBC_MAXC (RF_NBC_MAXK / 2 + 1)
#define RF_NBC_MAXD RF_NBC_MAXK
#define RF_NX (4 + 1 + RF_NBC_MAXC) /* unknowns: 4 shared, Nbc: u_A and u_c */
#define RF_NBC_MAXM 4             /* minimal ports of a 2-D torus hop (2 per tie dimension) */

enum { T_INJ = 0, T_EJ = 1, T_NET0 = 2 };

typedef struct {
    int kind; /* QM_DOR_COMB or QM_DUATO_NBC */
    int n, V, delta, ntypes, maxd, exp_len;
    double M, lg, N, Hbar, Hhw; /* Hhw = E[H^2]/E[H] */
    double PH[QM_TOPO_MAXD + 1]; /* P(H = h), h = 1..maxd */
    /* link types */
    double lam[RF_MAXT];         /* message rate per channel */
    double hops[RF_MAXT];        /* mean hops per message on channels of this type */
    double Pint;                 /* P(two random paths share a channel) */
    double Snet, Ts, D;          /* last holding time, streaming time, co-holders */
    /* Duato-Nbc */
    int V1, V2;                   /* adaptive VCs, escape VCs (= hop classes C) */
    double pm[RF_NBC_MAXD + 1][RF_NBC_MAXD][RF_NBC_MAXM + 1]; /* P(m minimal ports at step s | H hops) */
    unsigned char pmtop[RF_NBC_MAXD + 1][RF_NBC_MAXD]; /* largest m with pm > 0 (the loops stop there) */
    double f2;                    /* fraction of network hops with >= 2 minimal ports */
    double beta;                  /* processor-sharing interference factor (12x12 measurement) */
    double pocc[RF_MAXV + 1];     /* streaming worms on a network channel (warm start) */
    double join[RF_MAXV][RF_MAXV + 1]; /* nbc_stack's join weight 2 f(n)/(f(n) + f(j)), fixed by V1 */
    /* DOR: per network type, per link position and class, message rate.  Last, so
     * that a Duato-Nbc solve clears the context up to here only (these 140 KB
     * were a tenth of a curve's time) */
    int kpos[RF_MAXT];
    double lpc[RF_MAXT][RF_MAXPOS][2];
} rf_ctx;

/* kappa: delay per co-holder in units of M/delta (docs/models.md) */
#define RF_KAPPA 0.6

/* P(the channel sets of two independent uniform messages intersect), by a
 * fixed-seed Monte Carlo (deterministic, about 1 % standard error); cached
 * per geometry in thread-local storage.  DOR paths (the Duato-Nbc streaming
 * term does not use it). */
static double overlap_prob(const qm_params *p)
{
    static _Thread_local struct { int valid, n, k[QM_MAX_DIM], bidir, tie; double v; } cache[8];
    static _Thread_local int next;
    int bidir = (p->topo == QM_TORUS_BI);
    for (int c = 0; c < 8; c++)
        if (cache[c].valid && cache[c].n == p->n && cache[c].bidir == bidir &&
            cache[c].tie == p->tie_positive && !memcmp(cache[c].k, p->k, sizeof(int) * (size_t)p->n))
            return cache[c].v;
    long N = (long)net_nodes(p->n, p->k);
    uint64_t st = 0x9E3779B97F4A7C15ull;
    const long samples = 200000;
    long hits = 0;
    dor_route a, b;
    for (long t = 0; t < samples; t++) {
        long s1 = (long)(qm_xorshift64(&st) % (uint64_t)N), d1;
        do d1 = (long)(qm_xorshift64(&st) % (uint64_t)N); while (d1 == s1);
        long s2 = (long)(qm_xorshift64(&st) % (uint64_t)N), d2;
        do d2 = (long)(qm_xorshift64(&st) % (uint64_t)N); while (d2 == s2);
        dor_route_of(p, bidir, s1, d1, &st, &a);
        dor_route_of(p, bidir, s2, d2, &st, &b);
        hits += dor_routes_meet(p, &a, &b);
    }
    double v = (double)hits / samples;
    int c = next++ % 8;
    cache[c].valid = 1; cache[c].n = p->n; cache[c].bidir = bidir;
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

/* ---- Duato-Nbc (docs/models.md, "Refined model", Duato-Nbc) ---- */

/* Erlang B with m servers and offered load a */
static double erlang_b(int m, double a)
{
    double b = 1.0;
    for (int j = 1; j <= m; j++) b = a * b / (j + a * b);
    return b;
}

/* P(all V VCs of an injection or ejection channel are busy) and the mean
 * wait of a head that finds them so.  The channel carries one flit per cycle
 * and a worm at most 1/delta, so it is a processor-sharing server with delta
 * "servers" (M/M/delta occupancy, insensitive): P(n >= V) = C(delta,
 * delta rho) rho^(V - delta), rho = lambda M.  A full channel releases a VC
 * whenever one of its worms ends; with V worms sharing the channel that is
 * about one residual holding time divided by delta. */
static double nbc_edge_wait(const rf_ctx *c, double lam, double S)
{
    double rho = lam * c->M;
    if (rho <= 0.0) return 0.0;
    if (!(rho < 1.0)) return INFINITY;
    int d = c->delta;
    double pfull = erlang_c(d, d * rho) * pow(rho, c->V - d);
    return pfull * 0.5 * S * (1.0 + cs2_of(c, S)) / d;
}

/* Streaming slowdown from stacking.  A channel carries one flit per cycle and
 * a worm streams at most 1/delta, so a worm slows down only while some channel
 * of its path carries more than delta worms.  Others on a network channel: a
 * birth-death chain over the streaming worms n (holding time T_s), in which a
 * head with two minimal ports joins this one with weight 2 f(n)/(f(n) + f(j)),
 * f = free adaptive VCs, j the other port's worms (random selection among free
 * adaptive VCs), and at most V worms.  Injection and ejection channels:
 * Poisson(lambda_g T_s).  Channels independent; the worm's rate on a channel
 * with K others of mean rate d is min(1/delta, max(1/(K+1), 1 - K d)), and
 * its slowdown is set by the slowest channel.  Returns E[slowdown]. */

static double nbc_stack(rf_ctx *c, double Ts)
{
    int V = c->V;
    double lc = c->lam[T_NET0], a = lc * Ts;
    double *P = c->pocc;
    if (P[0] <= 0.0) { /* cold start: Poisson cut at V */
        double pk = exp(-a), cum = 0.0;
        for (int n = 0; n < V; n++) { P[n] = pk; cum += pk; pk *= a / (n + 1); }
        P[V] = cum < 1.0 ? 1.0 - cum : 0.0;
    }
    for (int it = 0; it < 200; it++) {
        double w[RF_MAXV + 1], Q[RF_MAXV + 1], z = 0.0, ch = 0.0;
        for (int n = 0; n < V; n++) {
            double e = 0.0;
            for (int j = 0; j <= V; j++) e += P[j] * c->join[n][j];
            w[n] = (1.0 - c->f2) + c->f2 * e;
        }
        /* departures: n worms, each ending after T_s on average, but no faster
         * than the channel's own share delta/n allows when that is the worse */
        double sbar = Ts / (c->delta * (c->M - 1.0));
        Q[0] = 1.0;
        for (int n = 0; n < V; n++) {
            double mu = (n + 1) / Ts * fmin(1.0, sbar * c->delta / (n + 1.0));
            Q[n + 1] = Q[n] * lc * w[n] / mu;
        }
        for (int n = 0; n <= V; n++) z += Q[n];
        for (int n = 0; n <= V; n++) {
            double q = Q[n] / z;
            ch = fmax(ch, fabs(q - P[n]));
            P[n] = q;
        }
        if (ch < 1e-12) break;
    }
    /* others seen by a worm: size-biased */
    double En = 0.0, Fn[RF_MAXV + 1], Fe[RF_MAXV + 1];
    for (int n = 1; n <= V; n++) En += n * P[n];
    double cum = 0.0, ae = c->lg * Ts, pk = exp(-ae), cume = 0.0;
    for (int k = 0; k < V; k++) {
        cum += (En > 0.0) ? (k + 1) * P[k + 1] / En : (k == 0);
        Fn[k] = fmin(cum, 1.0);
        cume += pk;
        pk *= ae / (k + 1);
        Fe[k] = fmin(cume, 1.0);
    }
    Fn[V - 1] = Fe[V - 1] = 1.0;
    double d = (1.0 / c->delta) * (c->delta * (c->M - 1.0)) / Ts, s[RF_MAXV];
    for (int k = 0; k < V; k++) {
        double r = fmin(1.0 / c->delta, fmax(1.0 / (k + 1), 1.0 - k * d));
        s[k] = (1.0 / c->delta) / r;
    }
    /* Fn[k]^H by one product per H, not a pow call per (H, k): pow was most of
     * this function's time */
    double G = 0.0, pw[RF_MAXV];
    for (int k = 0; k < V; k++) pw[k] = 1.0;
    for (int H = 1; H <= c->maxd; H++) {
        double prev = 0.0, g = 0.0;
        for (int k = 0; k < V; k++) {
            pw[k] *= Fn[k];
            double F = Fe[k] * Fe[k] * pw[k];
            g += (F - prev) * s[k];
            prev = F;
        }
        if (c->PH[H] > 0.0) G += c->PH[H] * g;
    }
    return G;
}

/* Per escape window lo..hi (lo <= hi < C) and number m of minimal ports, what a
 * hop that offers them does, per unit of probability: its wait for a VC (wt), the
 * share that takes a free escape VC of the window (fr) and the share that waits
 * and then takes an escape VC (be); the rest goes adaptive.  They depend on the
 * unknowns only, not on the hop, so nbc_net_wait computes them once per map
 * instead of once per hop.  fsum: the window's free VCs, sum of 1 - u[k]. */
typedef struct {
    double wt[RF_NBC_MAXC][RF_NBC_MAXC][RF_NBC_MAXM + 1];
    double fr[RF_NBC_MAXC][RF_NBC_MAXC][RF_NBC_MAXM + 1];
    double be[RF_NBC_MAXC][RF_NBC_MAXC][RF_NBC_MAXM + 1];
    double fsum[RF_NBC_MAXC][RF_NBC_MAXC];
} nbc_windows;

static void nbc_window_table(const rf_ctx *c, double Sres, double uA, const double *u, nbc_windows *t)
{
    int C = c->V2;
    double um[RF_NBC_MAXM + 1];
    um[0] = 1.0;
    for (int m = 1; m <= RF_NBC_MAXM; m++) um[m] = um[m - 1] * uA;
    for (int lo = 0; lo < C; lo++) {
        double p = 1.0, f = 0.0;
        for (int hi = lo; hi < C; hi++) {
            int w = hi - lo + 1;
            double vw = (double)(c->V1 + w), bm = 1.0;
            p *= u[hi];
            f += 1.0 - u[hi];
            t->fsum[lo][hi] = f;
            for (int m = 1; m <= RF_NBC_MAXM; m++) { /* all m ports blocked: (uA prod u)^m */
                bm *= uA * p;
                t->wt[lo][hi][m] = bm * Sres / (m * vw);
                t->fr[lo][hi][m] = um[m] - bm;
                t->be[lo][hi][m] = bm * w / vw;
            }
        }
    }
}

/* One hop (step st) of the messages with H hops and label L: q[lo] is the
 * probability of window lo..hi before the hop, nq after it.  Adds the hop's waits
 * to *W, its adaptive share to *ahops and its escape hops of class k to esc[k].
 * The escape VC taken is class k with weight 1 - u[k] among the window's free
 * ones (or evenly after a wait), so the escape probability of class k sums, over
 * the windows lo <= k, a free part proportional to 1 - u[k] and a waiting part:
 * both running sums over lo, so that one pass over lo serves every class k = lo
 * (instead of a pass over the classes per window).  A hop moves class k and an
 * adaptive window lo to k + inc and lo + inc, the last class staying: nq is
 * written in the same pass. */
static void nbc_hop(const rf_ctx *c, const nbc_windows *t, const double *u, int H, int L, int st, const double *q,
                    double *nq, double *W, double *ahops, double *esc)
{
    int C = c->V2, bonus = C - 1 - (L ? H / 2 : (H - 1) / 2);
    int lo0 = L ? (st + 1) / 2 : st / 2, hi = lo0 + bonus < C - 1 ? lo0 + bonus : C - 1;
    int inc = (L + st) & 1, mtop = c->pmtop[H][st];
    const double *pmm = c->pm[H][st];
    double spm = 0.0, pf = 0.0, pb = 0.0, w = 0.0, ad = 0.0;
    for (int m = 1; m <= mtop; m++) spm += pmm[m];
    nq[0] = 0.0;
    for (int lo = 0; lo <= hi; lo++) {
        double gad = 0.0;
        if (q[lo] > 0.0) {
            const double *wt = t->wt[lo][hi], *fr = t->fr[lo][hi], *be = t->be[lo][hi];
            double cw = 0.0, cf = 0.0, cb = 0.0;
            for (int m = 1; m <= mtop; m++) {
                cw += pmm[m] * wt[m];
                cf += pmm[m] * fr[m];
                cb += pmm[m] * be[m];
            }
            double gfree = q[lo] * cf, gbe = q[lo] * cb, fs = t->fsum[lo][hi];
            gad = q[lo] * spm - gfree - gbe;
            w += q[lo] * cw;
            ad += gad;
            pf += fs > 0.0 ? gfree / fs : 0.0;
            pb += gbe / (hi - lo + 1);
        }
        double e = (1.0 - u[lo]) * pf + pb;
        esc[lo] += e;
        if (lo + inc < C) nq[lo + inc] = gad + e;
        else nq[C - 1] += gad + e;
    }
    for (int j = hi + 1 + inc; j < C; j++) nq[j] = 0.0;
    *W += w;
    *ahops += ad;
}

/* Waits for a VC in the network, and the new busy fractions of the VCs.
 * uA = P(all V1 adaptive VCs of a port busy), u[c] = P(escape VC of class c
 * of a channel busy).  A message follows its hops s = 0..H-1 with m minimal
 * ports (distribution pm).  Its escape window is lo..hi: hi = hi0 + the
 * label-1 nodes passed (fixed by the path), lo grows by the same on an
 * adaptive hop and jumps to c + inc on an escape hop of class c.  At a hop:
 * all adaptive VCs busy on the m ports with probability uA^m; then it takes
 * a free escape VC of its window (class c with weight 1 - u[c]); it is blocked
 * when on every port the adaptive VCs and the whole window are busy,
 * probability (uA prod u)^m, and then takes the first usable VC to be freed
 * (escape with probability w/(V1 + w)).  It waits for it: the m (V1 + w)
 * usable VCs are held by worms on a channel carrying n_b = V1 + w + (other
 * busy escape VCs) worms, which stream at delta/n_b of their speed, so the
 * first release comes after S_res max(1, n_b/delta)/(m (V1 + w)).
 * Little's law gives the new fractions: u[c] = lambda_g e_c S / 4 (e_c escape
 * hops of class c per message), and the adaptive pool carries
 * lambda_g a S / 4 (a adaptive hops per message), from which uA follows by
 * Erlang B.  Returns W_net; new[0] = uA, new[1 + c] = u[c]. */
static double nbc_net_wait(const rf_ctx *c, double S, double uA, const double *u, double *nw)
{
    static _Thread_local nbc_windows t;
    int C = c->V2, V1 = c->V1;
    double W = 0.0, ahops = 0.0, esc[RF_NBC_MAXC] = {0};
    nbc_window_table(c, 0.5 * S * (1.0 + cs2_of(c, S)), uA, u, &t);
    for (int H = 1; H <= c->maxd; H++) {
        if (c->PH[H] <= 0.0) continue;
        for (int L = 0; L < 2; L++) {
            double qa[RF_NBC_MAXC + 2] = {0}, qb[RF_NBC_MAXC + 2], *q = qa, *nq = qb;
            q[0] = 0.5 * c->PH[H];
            for (int st = 0; st < H; st++) {
                nbc_hop(c, &t, u, H, L, st, q, nq, &W, &ahops, esc);
                double *tmp = q; /* nq becomes the next step's q */
                q = nq;
                nq = tmp;
            }
        }
    }
    for (int k = 0; k < C; k++) nw[1 + k] = c->lg * esc[k] * S / 4.0;
    double carried = c->lg * ahops * S / 4.0, a = carried;
    for (int it = 0; it < 100 && V1 > 1 && carried < V1; it++) { /* offered load whose carried part is `carried` */
        double b = erlang_b(V1, a), na = carried / fmax(1.0 - b, 1e-9);
        if (fabs(na - a) < 1e-12 * (1.0 + a)) break;
        a = na;
    }
    nw[0] = (V1 > 1) ? (carried < V1 ? erlang_b(V1, a) : 1.0) : carried;
    return W;
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
    if (c->kind == QM_DOR_COMB) {
        c->D = c->lg * c->N * c->Pint * x[3];
        c->Ts = c->delta * (c->M - 1.0) + RF_KAPPA * c->M / c->delta * c->D;
    } else {
        /* stacking slowdown, capped by the processor-sharing law
         * T_s = delta (M - 1) / (1 - beta rho_c) that holds at higher load */
        double W0 = c->delta * (c->M - 1.0), rho = c->lam[T_NET0] * c->M;
        if (!(c->beta * rho < 1.0)) {
            snprintf(why, whylen, "streaming time unbounded: beta * lambda_c * M = %.4f >= 1", c->beta * rho);
            return FP_INFEASIBLE;
        }
        double ps = W0 / (1.0 - c->beta * rho);
        c->Ts = fmin(W0 * nbc_stack(c, fmax(x[3], W0)), ps);
        c->D = 0.0;
    }
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
        double nu[1 + RF_NBC_MAXC];
        W = nbc_net_wait(c, Snet, x[4], x + 5, nu);
        /* a busy fraction is a probability: an iterate above 1 (possible on
         * the way up from the zero-load start) is held just below it, and an
         * overloaded pool then shows as waits that grow without bound */
        for (int k = 0; k <= c->V2; k++) gx[4 + k] = fmin(nu[k], 1.0 - 1e-9);
    }
    double Sej = 1.0 + c->Ts;
    double wej = (c->kind == QM_DOR_COMB) ? mgm_wait(c->V, c->lg, Sej, cs2_of(c, Sej)) : nbc_edge_wait(c, c->lg, Sej);
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

/* DOR link loads per unit of lambda_g: network types are (dimension,
 * direction), and per link position and dateline class the rate of messages
 * crossing it.  They depend on the geometry only, so the rate points of a
 * curve share one computation (O(k^3) per ring: 1.5 G steps for a 232x232
 * curve when it was redone per rate). */
typedef struct {
    int valid, n, k[QM_MAX_DIM], bidir, tie, dateline;
    int ntypes, kpos[RF_MAXT];
    double hops[RF_MAXT];              /* mean hops per message on the type */
    double share[RF_MAXT][RF_MAXPOS][2]; /* messages per cycle and unit lambda_g */
} rf_dor_loads;

static const rf_dor_loads *dor_loads(const qm_params *p, double N)
{
    static _Thread_local rf_dor_loads g;
    int bidir = (p->topo == QM_TORUS_BI);
    if (g.valid && g.n == p->n && g.bidir == bidir && g.tie == p->tie_positive && g.dateline == p->dateline &&
        !memcmp(g.k, p->k, sizeof(int) * (size_t)p->n))
        return &g;
    memset(&g, 0, sizeof g);
    double scale = N / (N - 1.0);
    int t = T_NET0;
    for (int i = 0; i < p->n; i++) {
        int k = p->k[i];
        double q[2][QM_TOPO_MAXK];
        int hmax = ring_hops(k, bidir, p->tie_positive, q[0], q[1]);
        for (int dir = 0; dir < (bidir ? 2 : 1); dir++, t++) {
            double hsum = 0.0;
            g.kpos[t] = k;
            /* links l_p: p -> p+1 in the travel direction; the wrap link is
             * l_{k-1}.  A route starting at x with h hops uses l_x..l_{x+h-1}. */
            for (int h = 1; h <= hmax; h++) {
                double r = scale * q[dir][h];
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
                        /* each node starts r messages of h hops per unit lambda_g */
                        g.share[t][pos][cl] += r;
                    }
                }
            }
            g.hops[t] = hsum * scale;
        }
    }
    g.ntypes = t;
    g.valid = 1;
    g.n = p->n;
    g.bidir = bidir;
    g.tie = p->tie_positive;
    g.dateline = p->dateline;
    memcpy(g.k, p->k, sizeof(int) * (size_t)p->n);
    return &g;
}

static void dor_setup(const qm_params *p, rf_ctx *c)
{
    memset(c, 0, offsetof(rf_ctx, kpos));
    c->kind = QM_DOR_COMB;
    common_setup(p, c, p->topo == QM_TORUS_BI);
    const rf_dor_loads *g = dor_loads(p, c->N);
    c->ntypes = g->ntypes;
    for (int t = T_NET0; t < c->ntypes; t++) {
        c->kpos[t] = g->kpos[t];
        c->hops[t] = g->hops[t];
        c->lam[t] = c->lg * c->hops[t];
        for (int pos = 0; pos < c->kpos[t]; pos++)
            for (int cl = 0; cl < 2; cl++) c->lpc[t][pos][cl] = c->lg * g->share[t][pos][cl];
    }
    c->Pint = overlap_prob(p);
}

/* Streaming interference factor beta of the processor-sharing law, by the
 * number of adaptive VCs V1, measured with flitnet's simulator on a 12x12
 * torus (V = 8, 9, 10, 12, 16: not a validation case; docs/models.md):
 * (1 - delta (M - 1)/T_s)/rho_c averaged over M = 32, 64 and rho_c = 0.30,
 * 0.45, B = 1.  Linear interpolation, held beyond the table. */
static double nbc_beta(int V1)
{
    static const int v1[] = {1, 2, 3, 5, 9};
    static const double b[] = {0.947, 0.949, 0.984, 1.067, 1.147};
    if (V1 <= v1[0]) return b[0];
    for (int i = 1; i < 5; i++)
        if (V1 <= v1[i]) return b[i - 1] + (b[i] - b[i - 1]) * (V1 - v1[i - 1]) / (double)(v1[i] - v1[i - 1]);
    return b[4];
}

/* Duato-Nbc: one network type (ties split, so every channel carries
 * lambda_g H/4).  pm[H][s][m]: probability that step s of an H-hop message
 * offers m minimal ports, over every destination offset with H hops and a
 * random choice among the minimal ports (a tie dimension offers both
 * directions until its first hop); f2 the share of hops with m >= 2.  The
 * escape windows are followed along these steps in nbc_net_wait. */
static void nbc_setup(const qm_params *p, rf_ctx *c)
{
    memset(c, 0, offsetof(rf_ctx, kpos)); /* the DOR tables after it are not used */
    c->kind = QM_DUATO_NBC;
    common_setup(p, c, 1);
    int k = p->k[0], hm = k / 2;
    c->V2 = qm_nbc_escape_vcs(2, k);
    c->V1 = c->V - c->V2;
    c->ntypes = T_NET0 + 1;
    c->hops[T_NET0] = c->Hbar;
    c->lam[T_NET0] = c->lg * c->Hbar / 4.0;
    c->beta = nbc_beta(c->V1);
    double cnt[RF_NBC_MAXC], wH[RF_NBC_MAXD + 1] = {0};
    for (int h = 0; h <= hm; h++) cnt[h] = 0.0;
    for (int off = 0; off < k; off++) cnt[off < k - off ? off : k - off] += 1.0;
    static _Thread_local double pr[RF_NBC_MAXC][RF_NBC_MAXC];
    double tot = 0.0, two = 0.0;
    for (int hx = 0; hx <= hm; hx++)
        for (int hy = 0; hy <= hm; hy++) {
            if (hx + hy == 0) continue;
            int H = hx + hy;
            double w = cnt[hx] * cnt[hy];
            wH[H] += w;
            for (int a = 0; a <= hx; a++) for (int b = 0; b <= hy; b++) pr[a][b] = 0.0;
            pr[hx][hy] = w;
            for (int st = H; st >= 1; st--)
                for (int a = 0; a <= hx; a++) {
                    int b = st - a;
                    if (b < 0 || b > hy || pr[a][b] == 0.0) continue;
                    int mx = a ? ((2 * a == k) ? 2 : 1) : 0, my = b ? ((2 * b == k) ? 2 : 1) : 0, m = mx + my;
                    c->pm[H][H - st][m] += pr[a][b];
                    tot += pr[a][b];
                    if (m >= 2) two += pr[a][b];
                    if (a) pr[a - 1][b] += pr[a][b] * mx / m;
                    if (b) pr[a][b - 1] += pr[a][b] * my / m;
                }
        }
    for (int H = 1; H <= c->maxd; H++)
        for (int st = 0; st < H; st++)
            for (int m = 1; m <= RF_NBC_MAXM; m++) {
                c->pm[H][st][m] /= (wH[H] > 0.0 ? wH[H] : 1.0);
                if (c->pm[H][st][m] > 0.0) c->pmtop[H][st] = (unsigned char)m;
            }
    c->f2 = tot > 0.0 ? two / tot : 0.0;
    for (int n = 0; n < c->V; n++)
        for (int j = 0; j <= c->V; j++) {
            double fn = c->V1 - n > 0 ? c->V1 - n : 0, fj = c->V1 - j > 0 ? c->V1 - j : 0;
            c->join[n][j] = (fn + fj > 0.0) ? 2.0 * fn / (fn + fj) : 1.0;
        }
}

/* The last stable solve of a series (the saturation bisection or a curve,
 * qm_series).  A solve at a higher rate of the same series starts from it: the
 * unknowns only grow with the rate, so the climb from there ends at the same
 * (smallest) fixed point, and a rate with none still runs away, with the
 * transient from zero load skipped. */
static _Thread_local struct {
    unsigned series;
    double rate, x[RF_NX], pocc[RF_MAXV + 1];
} rf_warm;

static int rf_run(rf_ctx *c, qm_result *out)
{
    double x[RF_NX] = {0.0, 0.0, c->delta * (c->M - 1.0) + 2.0, c->delta * (c->M - 1.0)};
    int nx = (c->kind == QM_DOR_COMB) ? 4 : 5 + c->V2; /* Nbc: + u_A, u_0..u_{C-1} */
    double lmax = 0.0;
    for (int t = T_NET0; t < c->ntypes; t++) if (c->lam[t] > lmax) lmax = c->lam[t];
    out->lambda_c = lmax;
    unsigned series = qm_series();
    if (series && rf_warm.series == series && rf_warm.rate < c->lg) {
        memcpy(x, rf_warm.x, sizeof x);
        memcpy(c->pocc, rf_warm.pocc, sizeof c->pocc);
    }
    /* busy fractions are probabilities: the map holds its values below 1, and an
     * extrapolated iterate past that is not taken (fp_anderson) */
    double hi[RF_NX];
    for (int i = 0; i < nx; i++) hi[i] = i < 4 ? INFINITY : 1.0;
    int sat = qm_iterate(rf_map, c, x, hi, nx, out);
    if (sat) return 0;
    if (series && (rf_warm.series != series || rf_warm.rate < c->lg)) {
        rf_warm.series = series;
        rf_warm.rate = c->lg;
        memcpy(rf_warm.x, x, sizeof x);
        memcpy(rf_warm.pocc, c->pocc, sizeof c->pocc);
    }
    double gx[RF_NX];
    char why[160];
    rf_map(x, gx, c, why, sizeof why); /* leave T_s of the solution in c */
    double Sinj = 1.0 + c->Ts + x[0] + x[1]; /* the injection VC is held until the tail leaves it */
    double ws = (c->kind == QM_DOR_COMB) ? mgm_wait(c->V, c->lg, Sinj, cs2_of(c, Sinj)) : nbc_edge_wait(c, c->lg, Sinj);
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
        return qm_fail(err, errlen, "dor-comb refined covers tori (torus, torus_uni), not a %s", qm_topo_name(p->topo));
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
    if (p->k[0] % 2 || p->k[0] > RF_NBC_MAXK)
        return qm_fail(err, errlen, "duato-nbc refined needs an even radix k <= %d (N-scheme labels), got k=%d",
                       RF_NBC_MAXK, p->k[0]);
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

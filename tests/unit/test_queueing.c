/* test_queueing.c - cmocka tests of the analytical queueing models
 * (models): the shared queue formulas against hand-derived values,
 * the fixed-point driver (plain, accelerated and Anderson's mode), each model's zero-load limit, monotonicity in the
 * rate, the saturation bisection (also past a fold to a fixed point further up), curves against separate solves, the
 * refined model's exact zero-load latency, the refined
 * Duato-Nbc model against simulator reference points, and the one-line input
 * errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bisect.h"
#include "dor_routes.h"
#include "fixed_point.h"
#include "impatient.h"
#include "mg1.h"
#include "qm_internal.h"
#include "qmodel.h"
#include "qm_geometry.h"
#include "vc_occupancy.h"

#define REL(a, b) (fabs((a) - (b)) / fmax(fabs(b), 1e-300))

/* ---- shared pieces ---- */

static void test_pk_md1_mm1(void **state)
{
    (void)state;
    /* M/D/1, lambda = 0.5, S = 1: W = lambda S^2 / (2 (1 - rho)) = 0.5 */
    assert_true(fabs(mg1_wait(0.5, 1.0, 1.0) - 0.5) < 1e-12);
    assert_true(fabs(mg1_wait_var(0.5, 1.0, 0.0) - 0.5) < 1e-12);
    /* M/M/1, lambda = 0.5, S = 1: W = rho S / (1 - rho) = 1 */
    assert_true(fabs(mm1_wait(0.5, 1.0) - 1.0) < 1e-12);
    /* M/M/1 with S = 4, lambda = 0.2: rho 0.8, W = 16 */
    assert_true(fabs(mm1_wait(0.2, 4.0) - 16.0) < 1e-9);
    assert_true(isinf(mg1_wait(1.0, 1.0, 1.0)));
    assert_true(isinf(mm1_wait(0.3, 4.0)));
    /* Erlang C with one server is rho; M/G/1 via the M/G/m form with cs2 = 1 is M/M/1 */
    assert_true(fabs(erlang_c(1, 0.7) - 0.7) < 1e-12);
    assert_true(fabs(mgm_wait(1, 0.2, 4.0, 1.0) - 16.0) < 1e-9);
    /* M/M/2, a = 1: C = (a^2/2)/(1-a/2) / (1 + a + (a^2/2)/(1-a/2)) = 1/3 */
    assert_true(fabs(erlang_c(2, 1.0) - 1.0 / 3.0) < 1e-12);
}

static void test_vc_occupancy(void **state)
{
    (void)state;
    double P[11];
    for (double lam = 0.001; lam < 0.03; lam += 0.004) {
        assert_int_equal(vc_occupancy(lam, 32.0, 10, P), 0);
        double s = 0.0;
        for (int v = 0; v <= 10; v++) {
            assert_true(P[v] >= 0.0);
            s += P[v];
        }
        assert_true(fabs(s - 1.0) < 1e-12);
    }
    /* Vbar -> 1 as the load -> 0, and grows with the load */
    assert_int_equal(vc_occupancy(1e-9, 32.0, 10, P), 0);
    assert_true(fabs(vc_vbar(P, 10) - 1.0) < 1e-6);
    double prev = 1.0;
    for (double lam = 0.002; lam < 0.03; lam += 0.004) {
        vc_occupancy(lam, 32.0, 10, P);
        double vb = vc_vbar(P, 10);
        assert_true(vb > prev);
        prev = vb;
    }
    /* no steady state at rho >= 1 */
    assert_int_equal(vc_occupancy(1.0 / 32.0, 32.0, 10, P), -1);
    /* P_0 = 1 - rho exactly */
    vc_occupancy(0.01, 20.0, 4, P);
    assert_true(fabs(P[0] - 0.8) < 1e-12);
    assert_true(fabs(P[4] - pow(0.2, 4)) < 1e-15);
}

static void test_impatient(void **state)
{
    (void)state;
    impatient_result r;
    double S = 10.0, lam = 0.06; /* rho 0.6 */
    /* tau -> infinity: the M/M/1 wait, no time-outs */
    assert_int_equal(mm1_impatient(lam, S, INFINITY, &r), 0);
    assert_true(fabs(r.wait_served - mm1_wait(lam, S)) < 1e-12);
    assert_true(r.p_timeout == 0.0);
    assert_int_equal(mm1_impatient(lam, S, 1e5, &r), 0);
    assert_true(REL(r.wait_served, mm1_wait(lam, S)) < 1e-9);
    assert_true(r.p_timeout < 1e-12);
    /* tau = 0: only arrivals that find the server idle are served (an
     * M/M/1/1 loss system): P_t = rho/(1+rho), served customers never wait */
    assert_int_equal(mm1_impatient(lam, S, 0.0, &r), 0);
    assert_true(fabs(r.p_timeout - 0.6 / 1.6) < 1e-12);
    assert_true(fabs(r.wait_served) < 1e-12);
    /* as the load -> 0 at tau = 0, P_t -> rho (the brief's P_t = rho limit) */
    mm1_impatient(1e-6, S, 0.0, &r);
    assert_true(REL(r.p_timeout, 1e-5) < 1e-4);
    /* monotone in tau; defined through rho = 1 and beyond */
    double pt_prev = 1.0, w_prev = 0.0;
    for (double tau = 0.0; tau <= 200.0; tau += 10.0) {
        mm1_impatient(lam, S, tau, &r);
        assert_true(r.p_timeout <= pt_prev + 1e-15);
        assert_true(r.wait_served >= w_prev - 1e-12);
        pt_prev = r.p_timeout;
        w_prev = r.wait_served;
    }
    impatient_result a, b;
    mm1_impatient(0.1 * (1 - 1e-7), S, 30.0, &a);
    mm1_impatient(0.1 * (1 + 1e-7), S, 30.0, &b);
    assert_true(REL(a.p_timeout, b.p_timeout) < 1e-5);
    assert_true(REL(a.wait_served, b.wait_served) < 1e-5);
    /* rho = 1: P_t = E pi0 with pi0 = 1/(1 + lambda tau + 1) = 1/(2 + tau/S) */
    mm1_impatient(0.1, S, 30.0, &a);
    assert_true(fabs(a.p_timeout - 1.0 / (2.0 + 3.0)) < 1e-9);
}

static int fp_contract(const double *x, double *gx, void *ctx, char *why, size_t n)
{
    (void)ctx; (void)why; (void)n;
    gx[0] = 0.5 * x[0] + 1.0;
    gx[1] = 0.25 * x[1] + 3.0;
    return FP_OK;
}

static int fp_runaway(const double *x, double *gx, void *ctx, char *why, size_t n)
{
    (void)ctx; (void)why; (void)n;
    gx[0] = 1.01 * x[0] + 1.0;
    return FP_OK;
}

static int fp_util(const double *x, double *gx, void *ctx, char *why, size_t n)
{
    (void)ctx;
    if (0.01 * x[0] >= 1.0) {
        snprintf(why, n, "utilisation %g", 0.01 * x[0]);
        return FP_INFEASIBLE;
    }
    gx[0] = x[0] + 5.0;
    return FP_OK;
}

static int fp_oscillate(const double *x, double *gx, void *ctx, char *why, size_t n)
{
    (void)ctx; (void)why; (void)n;
    gx[0] = 10.0 - 1.5 * x[0]; /* fixed point 4, slope -1.5: needs damping */
    return FP_OK;
}

static void test_fixed_point(void **state)
{
    (void)state;
    fp_report rep;
    double x[2] = {0.0, 0.0};
    assert_int_equal(fp_solve(fp_contract, NULL, x, 2, NULL, &rep), FP_CONVERGED);
    assert_true(fabs(x[0] - 2.0) < 1e-8 && fabs(x[1] - 4.0) < 1e-8);
    double y[1] = {1.0};
    assert_int_equal(fp_solve(fp_runaway, NULL, y, 1, NULL, &rep), FP_SATURATED);
    y[0] = 0.0;
    assert_int_equal(fp_solve(fp_util, NULL, y, 1, NULL, &rep), FP_SATURATED);
    assert_non_null(strstr(rep.why, "utilisation"));
    /* the value is an iterate's, and the reason says so */
    assert_true(!strncmp(rep.why, "no fixed point: iterate ", 24));
    y[0] = 0.0;
    assert_int_equal(fp_solve(fp_oscillate, NULL, y, 1, NULL, &rep), FP_CONVERGED);
    assert_true(fabs(y[0] - 4.0) < 1e-7);
}

/* a saddle-node: fixed points -sqrt(c) (stable) and +sqrt(c) when c > 0, none
 * when c < 0; the iterates creep through the bottleneck near 0.  The second
 * unknown is a fast one that follows the first. */
static int fp_fold(const double *x, double *gx, void *ctx, char *why, size_t n)
{
    (void)why; (void)n;
    double c = *(const double *)ctx;
    gx[0] = x[0] + 0.01 * (x[0] * x[0] - c);
    gx[1] = 0.5 * x[1] + x[0];
    return FP_OK;
}

/* the accelerated mode stops at the plain mode's fixed point, much sooner, and
 * still finds no fixed point where there is none */
static void test_fixed_point_accel(void **state)
{
    (void)state;
    fp_options acc = {0};
    acc.accel = 1;
    fp_report rp, ra;
    double c = 1e-4, xp[2] = {-1.0, 0.0}, xa[2] = {-1.0, 0.0};
    assert_int_equal(fp_solve(fp_fold, &c, xp, 2, NULL, &rp), FP_CONVERGED);
    assert_int_equal(fp_solve(fp_fold, &c, xa, 2, &acc, &ra), FP_CONVERGED);
    assert_true(fabs(xp[0] + 0.01) < 1e-5 && fabs(xa[0] + 0.01) < 1e-5 && fabs(xa[1] + 0.02) < 1e-5);
    assert_true(ra.iterations * 20 < rp.iterations);
    c = 1e-6; /* so near the fold that the plain mode runs out of iterations */
    xa[0] = -1.0; xa[1] = 0.0;
    assert_int_equal(fp_solve(fp_fold, &c, xa, 2, &acc, &ra), FP_CONVERGED);
    assert_true(fabs(xa[0] + 0.001) < 1e-4); /* steps < 1e-9 at rate 1 - 2e-5: within 5e-5 */
    c = -1e-4; /* no fixed point */
    xp[0] = xa[0] = -1.0; xp[1] = xa[1] = 0.0;
    assert_int_equal(fp_solve(fp_fold, &c, xp, 2, NULL, &rp), FP_SATURATED);
    assert_int_equal(fp_solve(fp_fold, &c, xa, 2, &acc, &ra), FP_SATURATED);
    assert_true(ra.iterations < rp.iterations);
}

/* a fold whose lower fixed point has gone (a ghost near 0, e = 1e-4 > 0), and a
 * stable one further up at 2, which the plain iteration reaches after creeping past
 * the ghost; the second unknown follows the first */
static int fp_scurve(const double *x, double *gx, void *ctx, char *why, size_t n)
{
    (void)ctx; (void)why; (void)n;
    gx[0] = x[0] + 0.01 * (x[0] * x[0] + 1e-4) * (2.0 - x[0]);
    gx[1] = 0.5 * x[1] + x[0];
    return FP_OK;
}

/* Anderson's mode: the plain mode's fixed point in far fewer maps; not the one of
 * a fold that the plain iteration leaves; at a fold's ghost saturated at once when
 * asked (ghost_ends), else the plain iteration's verdict past the ghost, which
 * runs away or climbs to a fixed point further up */
static void test_fixed_point_anderson(void **state)
{
    (void)state;
    fp_report rp, ra;
    fp_options o = {0};
    double x[2] = {0.0, 0.0}, y[2] = {0.0, 0.0};
    assert_int_equal(fp_anderson(fp_contract, NULL, x, 2, NULL, &ra), FP_CONVERGED);
    assert_true(fabs(x[0] - 2.0) < 1e-8 && fabs(x[1] - 4.0) < 1e-8);
    x[0] = 0.0;
    assert_int_equal(fp_anderson(fp_oscillate, NULL, x, 1, NULL, &ra), FP_CONVERGED); /* no damping needed */
    assert_true(fabs(x[0] - 4.0) < 1e-7);
    double c = 1e-4; /* fixed points -0.01 (stable) and +0.01 */
    x[0] = y[0] = -1.0;
    x[1] = y[1] = 0.0;
    assert_int_equal(fp_solve(fp_fold, &c, y, 2, NULL, &rp), FP_CONVERGED);
    assert_int_equal(fp_anderson(fp_fold, &c, x, 2, NULL, &ra), FP_CONVERGED);
    assert_true(fabs(x[0] + 0.01) < 1e-6 && fabs(x[1] + 0.02) < 1e-6);
    assert_true(ra.iterations * 20 < rp.iterations);
    x[0] = 0.02; /* above both: the plain iteration runs away, and +0.01 is no answer */
    x[1] = 0.04;
    assert_int_not_equal(fp_anderson(fp_fold, &c, x, 2, NULL, &ra), FP_CONVERGED);
    c = -1e-6; /* no fixed point: a ghost near 0 */
    x[0] = y[0] = -1.0;
    x[1] = y[1] = 0.0;
    o.ghost_ends = 1;
    assert_int_equal(fp_anderson(fp_fold, &c, x, 2, &o, &ra), FP_SATURATED);
    assert_int_equal(ra.ghost, 1);
    assert_true(ra.iterations < 200);
    x[0] = -1.0;
    x[1] = 0.0;
    assert_int_equal(fp_anderson(fp_fold, &c, x, 2, NULL, &ra), FP_SATURATED); /* ran away past it */
    assert_int_equal(ra.ghost, 0);
    x[0] = y[0] = -1.0;
    x[1] = y[1] = 0.0;
    assert_int_equal(fp_solve(fp_scurve, NULL, y, 2, NULL, &rp), FP_CONVERGED);
    assert_int_equal(fp_anderson(fp_scurve, NULL, x, 2, NULL, &ra), FP_CONVERGED); /* climbed past it */
    assert_true(fabs(x[0] - 2.0) < 1e-6 && fabs(y[0] - 2.0) < 1e-6);
    assert_true(ra.iterations < rp.iterations);
    x[0] = -1.0;
    x[1] = 0.0;
    assert_int_equal(fp_anderson(fp_scurve, NULL, x, 2, &o, &ra), FP_SATURATED);
    assert_int_equal(ra.ghost, 1);
}

static int below(double x, void *ctx)
{
    return x < *(double *)ctx;
}

static void test_bisect(void **state)
{
    (void)state;
    double edge = 0.3;
    double s = bisect_sup(below, &edge, 0.01, 1e-9);
    assert_true(s < 0.3 && s > 0.3 * (1 - 2e-9));
    s = bisect_sup(below, &edge, 7.0, 1e-9); /* start above: steps down */
    assert_true(s < 0.3 && s > 0.3 * (1 - 2e-9));
}

static void test_topology(void **state)
{
    (void)state;
    /* seed 004's C_m recursion = convolution of unidirectional dimensions */
    int k[3] = {3, 4, 5}, km1[3] = {2, 3, 4};
    double cnt[QM_TOPO_MAXD + 1];
    int maxd = net_distance_counts(3, k, 0, cnt);
    assert_int_equal(maxd, 9);
    for (int m = 0; m <= maxd; m++)
        assert_true(fabs(comb_multiset(m, 3, km1) - cnt[m]) < 1e-9);
    /* mean distance of the 8x8 bidirectional torus by enumeration */
    double s = 0.0;
    for (int x = 0; x < 8; x++)
        for (int y = 0; y < 8; y++) {
            int dx = x < 8 - x ? x : 8 - x, dy = y < 8 - y ? y : 8 - y;
            s += dx + dy;
        }
    assert_true(fabs(net_mean_distance(2, (int[]){8, 8}, 1) - s / 63.0) < 1e-12);
    /* hypercube distances are binomial */
    int hk[10] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    net_distance_counts(10, hk, 1, cnt);
    for (int m = 0; m <= 10; m++)
        assert_true(fabs(cnt[m] - qm_choose(10, m)) < 1e-9);
    assert_true(qm_choose(3, 5) == 0.0 && qm_choose(5, -1) == 0.0);
}

/* ---- models ---- */

static void set_timeout_pattern(qm_params *p, int pattern)
{
    p->n_p = 10;
    memset(p->p, 0, sizeof p->p);
    if (pattern == 1) {
        p->p[0] = 0.9;
        p->p[1] = 0.1;
    } else {
        p->p[0] = 0.7;
        p->p[1] = 0.2;
        for (int i = 2; i < 10; i++) p->p[i] = 0.0125;
    }
}

/* a representative configuration of each model (variant 0 and 1) */
static int configs(qm_params *out)
{
    int n = 0;
    qm_params p;
    qm_params_init(&p, QM_DUATO_NBC); p.M = 32; out[n++] = p;
    qm_params_init(&p, QM_DUATO_NBC); p.k[0] = p.k[1] = 16; p.M = 64; out[n++] = p;
    qm_params_init(&p, QM_SWFT); p.nf = 5; p.M = 32; out[n++] = p;
    qm_params_init(&p, QM_SWFT); p.n = 3; p.k[2] = 8; p.V = 10; p.M = 64; out[n++] = p;
    qm_params_init(&p, QM_TIMEOUT); set_timeout_pattern(&p, 2); p.M = 32; p.tau = 32; out[n++] = p;
    qm_params_init(&p, QM_TIMEOUT); p.V = 3; p.M = 256; p.tau = 256; out[n++] = p; /* alpha = 0.5 */
    qm_params_init(&p, QM_DOR_COMB); p.V = 3; p.M = 32; out[n++] = p;
    qm_params_init(&p, QM_DOR_COMB); p.topo = QM_TORUS_BI; p.n = 3; p.k[0] = p.k[1] = p.k[2] = 8; p.V = 5; out[n++] = p;
    qm_params_init(&p, QM_DOR_COMB); p.k[0] = 8; p.k[1] = 4; p.V = 4; out[n++] = p; /* mixed radix */
    qm_params_init(&p, QM_DOR_COMB); p.variant = QM_REFINED; p.topo = QM_TORUS_BI; p.k[0] = p.k[1] = 8; p.V = 10; p.M = 64; out[n++] = p;
    qm_params_init(&p, QM_DOR_COMB); p.variant = QM_REFINED; p.topo = QM_TORUS_BI; p.k[0] = p.k[1] = 16; p.V = 4; p.M = 32; p.buf_depth = 2; out[n++] = p;
    qm_params_init(&p, QM_DUATO_NBC); p.variant = QM_REFINED; p.V = 10; p.M = 64; out[n++] = p;
    return n;
}

static void test_zero_load_limits(void **state)
{
    (void)state;
    qm_params c[16];
    int n = configs(c);
    for (int i = 0; i < n; i++) {
        qm_result r;
        c[i].rate = 1e-10;
        assert_int_equal(qm_solve(&c[i], &r), 0);
        assert_false(r.saturated);
        double z = qm_zero_load(&c[i]);
        if (REL(r.latency, z) > 1e-5)
            fail_msg("%s variant %d: latency %.9g at rate 1e-10, zero-load %.9g", qm_name(c[i].kind),
                     c[i].variant, r.latency, z);
    }
    /* the closed forms themselves */
    qm_params p;
    qm_params_init(&p, QM_DUATO_NBC); /* (M + d)*1: eq 5 with B_h = 0 over eq 17, Vbar = 1 */
    assert_true(fabs(qm_zero_load(&p) - (32.0 + 256.0 / 63.0)) < 1e-12);
    qm_params_init(&p, QM_SWFT); /* M + n k/4 without faults */
    assert_true(fabs(qm_zero_load(&p) - 36.0) < 1e-12);
    p.nf = 12; /* k_f = 2 (1 + 8 (12/64) (1/2 + 1/4)), hop cost 1 + Pf M */
    assert_true(fabs(qm_swft_kf(8, 12.0 / 64.0) - 4.25) < 1e-12);
    assert_true(fabs(qm_zero_load(&p) - (32.0 + 2 * 4.25 * (1.0 + 12.0 / 64.0 * 32.0))) < 1e-9);
    qm_params_init(&p, QM_TIMEOUT); set_timeout_pattern(&p, 1); /* M + dbar */
    assert_true(fabs(qm_zero_load(&p) - 33.1) < 1e-12);
    set_timeout_pattern(&p, 2);
    assert_true(fabs(qm_zero_load(&p) - 33.75) < 1e-12);
    qm_params_init(&p, QM_DOR_COMB); /* M + h, h = 15 * 256/255 */
    assert_true(fabs(qm_zero_load(&p) - (32.0 + 15.0 * 256.0 / 255.0)) < 1e-9);
}

static void test_latency_increasing(void **state)
{
    (void)state;
    qm_params c[16];
    int n = configs(c);
    for (int i = 0; i < n; i++) {
        double sat = qm_saturation_rate(&c[i], 1e-6);
        assert_true(sat > 0.0 && isfinite(sat));
        double prev = qm_zero_load(&c[i]);
        for (int j = 1; j <= 20; j++) {
            qm_result r;
            c[i].rate = sat * j / 20.5;
            qm_solve(&c[i], &r);
            assert_false(r.saturated);
            if (!(r.latency > prev))
                fail_msg("%s variant %d: latency %.6g at %.3g not above %.6g", qm_name(c[i].kind), c[i].variant,
                         r.latency, c[i].rate, prev);
            prev = r.latency;
        }
    }
}

static void test_saturation_bisection(void **state)
{
    (void)state;
    qm_params c[16];
    int n = configs(c);
    for (int i = 0; i < n; i++) {
        double sat = qm_saturation_rate(&c[i], 1e-6);
        qm_result r;
        c[i].rate = sat * (1.0 - 1e-4);
        qm_solve(&c[i], &r);
        assert_false(r.saturated);
        c[i].rate = sat;
        qm_solve(&c[i], &r);
        assert_false(r.saturated);
        c[i].rate = sat * (1.0 + 1e-4);
        qm_solve(&c[i], &r);
        if (!r.saturated)
            fail_msg("%s variant %d: not saturated above %.8g", qm_name(c[i].kind), c[i].variant, sat);
        assert_true(r.why[0] != '\0');
        c[i].rate = sat * 3.0;
        qm_solve(&c[i], &r);
        assert_true(r.saturated);
    }
}

/* a curve (one series, each point from the last) agrees with separate solves to
 * the fixed point's tolerance, saturated where they are */
static const double rates_one[1] = {1e-3};

static void test_curve(void **state)
{
    (void)state;
    qm_params c[16];
    int n = configs(c);
    for (int i = 0; i < n; i++) {
        double sat = qm_saturation_rate(&c[i], 1e-6), rates[12];
        qm_result r[12];
        for (int j = 0; j < 12; j++) rates[j] = sat * (j < 10 ? 0.1 * (j + 1) * 0.99 : j == 10 ? 1.0 : 1.01);
        assert_int_equal(qm_curve(&c[i], rates, 12, r), 0);
        for (int j = 0; j < 12; j++) {
            qm_result one;
            c[i].rate = rates[j];
            qm_solve(&c[i], &one);
            assert_int_equal(one.saturated, r[j].saturated);
            if (!one.saturated && REL(r[j].latency, one.latency) > (j < 10 ? 1e-6 : 3.2e-5))
                fail_msg("%s variant %d at %.4g of saturation: curve %.12g, solve %.12g", qm_name(c[i].kind),
                         c[i].variant, rates[j] / sat, r[j].latency, one.latency);
        }
        assert_true(r[11].saturated);
    }
    qm_params bad;
    qm_params_init(&bad, QM_TIMEOUT);
    bad.topo = QM_TORUS_BI;
    qm_result r[1];
    assert_int_equal(qm_curve(&bad, rates_one, 1, r), -1);
    assert_true(r[0].saturated && strstr(r[0].why, "hypercube"));
}

/* refined Duato-Nbc 6x6, V = 16, M = 64: past the fold of the lower fixed point
 * (near 0.0154897) the iteration climbs to a fixed point further up, up to its own
 * fold at 0.0154948: the bisection's ghosts must not end it at the first fold */
static void test_saturation_upper_branch(void **state)
{
    (void)state;
    qm_params p;
    qm_params_init(&p, QM_DUATO_NBC);
    p.variant = QM_REFINED;
    p.k[0] = p.k[1] = 6;
    p.V = 16;
    p.M = 64;
    p.dateline = 2;
    double sat = qm_saturation_rate(&p, 1e-6);
    assert_true(REL(sat, 0.0154947937) < 2e-6);
    qm_result r;
    p.rate = 0.01549;
    qm_solve(&p, &r);
    assert_false(r.saturated);
}

/* refined: exact T0 = 2H + 3 + delta (M - 1) at zero load, uniform
 * destinations over the N - 1 other nodes of the 8x8 torus, M = 64, B = 1 */
static void test_refined_zero_load_exact(void **state)
{
    (void)state;
    double s = 0.0;
    for (int x = 0; x < 8; x++)
        for (int y = 0; y < 8; y++) {
            if (x == 0 && y == 0) continue;
            int dx = x < 8 - x ? x : 8 - x, dy = y < 8 - y ? y : 8 - y;
            s += 2.0 * (dx + dy) + 3.0 + 2.0 * (64 - 1);
        }
    double T0 = s / 63.0;
    qm_params p;
    qm_params_init(&p, QM_DOR_COMB);
    p.variant = QM_REFINED; p.topo = QM_TORUS_BI; p.k[0] = p.k[1] = 8; p.V = 4; p.M = 64; p.buf_depth = 1;
    p.rate = 1e-12;
    qm_result r;
    assert_int_equal(qm_solve(&p, &r), 0);
    assert_true(fabs(r.latency - T0) < 1e-6);
    assert_true(fabs(qm_zero_load(&p) - T0) < 1e-12);
    qm_params q;
    qm_params_init(&q, QM_DUATO_NBC);
    q.variant = QM_REFINED; q.M = 64; q.rate = 1e-12;
    assert_int_equal(qm_solve(&q, &r), 0);
    assert_true(fabs(r.latency - T0) < 1e-6);
    /* B >= 2: one flit per cycle per VC */
    p.buf_depth = 2;
    assert_true(fabs(qm_zero_load(&p) - (T0 - 63.0)) < 1e-9);
}

/* refined Duato-Nbc against flitnet's simulator (routing=duato_nbc, V = 10,
 * B = 1, 300,000 cycles per point; docs/models.md, "Refined model"): within
 * 5 % from 20 % to 60 % of the measured saturation rate, and the latency
 * rises with the rate up to the model's saturation (16x16: 0.009832) */
static void test_refined_nbc_simulator(void **state)
{
    (void)state;
    static const struct { int k; double M, rate, sim; } pts[] = {
        {8, 32, 0.00516, 85.69},   {8, 32, 0.01032, 110.11},   {8, 32, 0.01548, 145.28},
        {8, 64, 0.00253, 164.64},  {8, 64, 0.00506, 212.63},   {8, 64, 0.00759, 280.79},
        {16, 32, 0.00212, 85.34},  {16, 32, 0.0053, 114.02},   {16, 32, 0.00636, 126.36},
        {16, 64, 0.00102, 153.77}, {16, 64, 0.00255, 212.33}, {16, 64, 0.00306, 235.56},
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        qm_params p;
        qm_params_init(&p, QM_DUATO_NBC);
        p.variant = QM_REFINED; p.k[0] = p.k[1] = pts[i].k; p.V = 10; p.M = pts[i].M; p.rate = pts[i].rate;
        qm_result r;
        assert_int_equal(qm_solve(&p, &r), 0);
        assert_false(r.saturated);
        if (REL(r.latency, pts[i].sim) > 0.05)
            fail_msg("%dx%d M=%g rate %g: model %.2f, simulator %.2f", pts[i].k, pts[i].k, pts[i].M, pts[i].rate,
                     r.latency, pts[i].sim);
    }
    qm_params p;
    qm_params_init(&p, QM_DUATO_NBC);
    p.variant = QM_REFINED; p.k[0] = p.k[1] = 16; p.V = 10; p.M = 32;
    double prev = qm_zero_load(&p);
    for (int j = 1; j <= 20; j++) {
        qm_result r;
        p.rate = 0.0098 * j / 20.0;
        qm_solve(&p, &r);
        assert_false(r.saturated);
        assert_true(r.latency > prev);
        prev = r.latency;
    }
    p.rate = 0.0099;
    qm_result r;
    qm_solve(&p, &r);
    assert_true(r.saturated);
}

/* flitnet's DOR rule (class 0 while c_d < d_d) only swaps the class labels
 * of the classic dateline switch, so both give the same latency */
static void test_refined_dateline_modes(void **state)
{
    (void)state;
    qm_params p;
    qm_params_init(&p, QM_DOR_COMB);
    p.variant = QM_REFINED; p.topo = QM_TORUS_BI; p.k[0] = p.k[1] = 8; p.V = 4; p.M = 32; p.rate = 0.004;
    p.tie_positive = 1;
    qm_result r1, r2;
    p.dateline = 1;
    qm_solve(&p, &r1);
    p.dateline = 2;
    qm_solve(&p, &r2);
    assert_false(r1.saturated);
    assert_true(fabs(r1.latency - r2.latency) < 1e-9 * r1.latency);
    p.dateline = 3;
    char err[200];
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "dateline must be"));
}

/* dor_routes_meet against the plain test: walk both routes hop by hop,
 * list their channels (node, port) and look for a common one; random
 * networks of 1..4 dimensions, radices 2..10, both torus kinds, both tie
 * rules, random pairs (many sharing a source, a destination or a ring) */
static int walk_channels(const qm_params *p, const dor_route *r, long *ch)
{
    int n = p->n, np = 2 * n + 2, c = 0, cur[QM_MAX_DIM];
    long stride[QM_MAX_DIM], node = r->src;
    for (int i = 0; i < n; i++) {
        stride[i] = i ? stride[i - 1] * p->k[i - 1] : 1;
        cur[i] = r->s[i];
    }
    ch[c++] = r->src * np + 2 * n;
    for (int i = 0; i < n; i++)
        for (int h = 0; h < r->h[i]; h++) {
            ch[c++] = node * np + 2 * i + r->dir[i];
            int k = p->k[i], nx = r->dir[i] ? (cur[i] + k - 1) % k : (cur[i] + 1) % k;
            node += (nx - cur[i]) * stride[i];
            cur[i] = nx;
        }
    assert_int_equal(node, r->dst);
    ch[c++] = r->dst * np + 2 * n + 1;
    return c;
}

static void test_dor_routes_meet(void **state)
{
    (void)state;
    uint64_t g = 0x1234567ull, st = 99;
    long pairs = 0, meet = 0;
    for (int net = 0; net < 400; net++) {
        qm_params p;
        qm_params_init(&p, QM_DOR_COMB);
        p.n = 1 + (int)(qm_xorshift64(&g) % 4);
        long N = 1;
        for (int i = 0; i < p.n; i++) N *= (p.k[i] = 2 + (int)(qm_xorshift64(&g) % 9));
        p.tie_positive = (int)(qm_xorshift64(&g) & 1);
        int bidir = (int)(qm_xorshift64(&g) & 1);
        for (int t = 0; t < 500; t++) {
            long e[4];
            for (int i = 0; i < 4; i++) e[i] = (long)(qm_xorshift64(&g) % (uint64_t)N);
            if (t % 5 == 1) e[2] = e[0];
            if (t % 5 == 2) e[3] = e[1];
            if (e[0] == e[1] || e[2] == e[3]) continue;
            dor_route a, b;
            dor_route_of(&p, bidir, e[0], e[1], &st, &a);
            dor_route_of(&p, bidir, e[2], e[3], &st, &b);
            long ca[4 * 10 + 2], cb[4 * 10 + 2];
            int na = walk_channels(&p, &a, ca), nb = walk_channels(&p, &b, cb), common = 0;
            for (int i = 0; i < na && !common; i++)
                for (int j = 0; j < nb && !common; j++) common = (ca[i] == cb[j]);
            assert_int_equal(dor_routes_meet(&p, &a, &b), common);
            assert_int_equal(dor_routes_meet(&p, &b, &a), common);
            pairs++;
            meet += common;
        }
    }
    print_message("dor_routes_meet: %ld pairs, %ld meet, all as the channel lists say\n", pairs, meet);
    assert_true(meet > pairs / 10 && meet < pairs - pairs / 10);
}

/* the DOR link loads are kept per geometry: a solve after other geometries
 * gives what the same solve gives first */
static void test_refined_geometry_cache(void **state)
{
    (void)state;
    qm_params a, b;
    qm_params_init(&a, QM_DOR_COMB);
    a.variant = QM_REFINED; a.topo = QM_TORUS_BI; a.k[0] = a.k[1] = 8; a.V = 4; a.M = 32; a.rate = 0.004;
    b = a;
    b.k[1] = 6;
    qm_result ra1, rb, ra2, rb2;
    qm_solve(&a, &ra1);
    qm_solve(&b, &rb);
    qm_solve(&a, &ra2);
    a.dateline = 2;
    qm_result rd;
    qm_solve(&a, &rd);
    qm_solve(&b, &rb2);
    assert_false(ra1.saturated);
    assert_true(ra1.latency == ra2.latency && rb.latency == rb2.latency);
    assert_true(ra1.latency != rb.latency);
}

static void test_nbc_blocking_readings(void **state)
{
    (void)state;
    double P[11];
    vc_occupancy(0.02, 40.0, 10, P); /* rho 0.8 */
    /* text reading: more hops still to go leaves fewer escape VCs usable,
     * so blocking grows with c = ceil(Delta/2); with the printed indices of
     * eqs 14-15 it first falls (docs/models.md) */
    double prev = 0.0;
    for (int c = 1; c <= 4; c++) {
        double b = qm_nbc_pblock_mix(P, 10, 5, 5, c, 0);
        assert_true(b > prev && b < 1.0);
        assert_true(fabs(b - qm_nbc_pblock_mix(P, 10, 5, 5, c, 1)) > 1e-3);
        prev = b;
    }
    assert_true(qm_nbc_pblock_mix(P, 10, 5, 5, 2, 1) < qm_nbc_pblock_mix(P, 10, 5, 5, 1, 1));
}

static void test_check_errors(void **state)
{
    (void)state;
    char err[200];
    qm_params p;
    qm_params_init(&p, QM_DUATO_NBC);
    p.n = 3; p.k[2] = 8;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "2-D bidirectional tori only"));
    assert_non_null(strstr(err, "3-D"));
    qm_params_init(&p, QM_DUATO_NBC);
    p.V = 5; /* 8x8 needs 5 escape + 1 adaptive */
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "needs V >= 6"));
    qm_params_init(&p, QM_DUATO_NBC);
    p.variant = QM_REFINED; p.k[0] = p.k[1] = 9; /* the N-scheme's labels need an even radix */
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "even radix"));
    qm_params_init(&p, QM_DUATO_NBC);
    p.rate = 0.0;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "rate must be > 0"));
    qm_params_init(&p, QM_TIMEOUT);
    p.topo = QM_TORUS_BI; p.n = 2; p.k[0] = p.k[1] = 8;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "hypercubes"));
    qm_params_init(&p, QM_TIMEOUT);
    set_timeout_pattern(&p, 1);
    p.p[1] = 0.2;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "sums to"));
    qm_params_init(&p, QM_TIMEOUT);
    p.V = 1;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "V >= 2"));
    qm_params_init(&p, QM_SWFT);
    p.nf = 64;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "nf must be"));
    qm_params_init(&p, QM_SWFT);
    p.variant = QM_REFINED;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "refined variant"));
    qm_params_init(&p, QM_DOR_COMB);
    p.V = 1;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "L >= 2"));
    qm_params_init(&p, QM_DOR_COMB);
    p.variant = QM_REFINED; p.V = 5;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "even V"));
    qm_params_init(&p, QM_DOR_COMB);
    p.topo = QM_MESH;
    assert_int_not_equal(qm_check(&p, err, sizeof err), 0);
    assert_non_null(strstr(err, "tori"));
    /* a failing check makes qm_solve return -1 with the reason */
    qm_result r;
    assert_int_equal(qm_solve(&p, &r), -1);
    assert_non_null(strstr(r.why, "tori"));
    assert_true(isnan(qm_saturation_rate(&p, 1e-6)));
    /* names */
    for (int k = 0; k < QM_NKINDS; k++) {
        qm_kind back;
        assert_int_equal(qm_from_name(qm_name((qm_kind)k), &back), 0);
        assert_int_equal((int)back, k);
    }
    qm_kind dummy;
    assert_int_equal(qm_from_name("dally", &dummy), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pk_md1_mm1),
        cmocka_unit_test(test_vc_occupancy),
        cmocka_unit_test(test_impatient),
        cmocka_unit_test(test_fixed_point),
        cmocka_unit_test(test_fixed_point_accel),
        cmocka_unit_test(test_fixed_point_anderson),
        cmocka_unit_test(test_bisect),
        cmocka_unit_test(test_topology),
        cmocka_unit_test(test_zero_load_limits),
        cmocka_unit_test(test_latency_increasing),
        cmocka_unit_test(test_saturation_bisection),
        cmocka_unit_test(test_saturation_upper_branch),
        cmocka_unit_test(test_curve),
        cmocka_unit_test(test_refined_zero_load_exact),
        cmocka_unit_test(test_refined_dateline_modes),
        cmocka_unit_test(test_dor_routes_meet),
        cmocka_unit_test(test_refined_geometry_cache),
        cmocka_unit_test(test_refined_nbc_simulator),
        cmocka_unit_test(test_nbc_blocking_readings),
        cmocka_unit_test(test_check_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

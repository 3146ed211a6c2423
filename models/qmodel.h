/* qmodel.h - public API of flitnet's analytical queueing models.
 *
 * One entry-point family for four models taken from the seed papers:
 *   duato-nbc  seed 000 s.6 / 001 s.3  Duato's protocol with Nbc escape VCs,
 *              2-D bidirectional k x k torus
 *   swft       seed 002 s.3  software-based fault-tolerant (absorb and
 *              re-inject) dimension-order routing, bidirectional k-ary n-cube
 *   timeout    seed 003 s.2  Duato's routing with a time-out selection
 *              function, 2^n hypercube, locality traffic, exponential lengths
 *   dor-comb   seed 004 s.2  combinatorial model of dimension-order routing,
 *              n-D torus with per-dimension radix, unidirectional as printed
 *              or bidirectional (our adaptation, docs/models.md)
 * variant 0 is the seed's model as printed (read as docs/models.md says);
 * variant 1 is the refined model of flitnet's own router (docs/models.md,
 * "Refined model"), available for duato-nbc and dor-comb.
 *
 * Usage: qm_params_init(&p, QM_DOR_COMB); set fields; qm_check() gives a
 * one-line reason when the model does not cover the input; qm_solve()
 * gives the latency at p.rate or flags saturation; qm_saturation_rate()
 * bisects on the rate; qm_curve() solves a list of rates as one series.
 * Thread-safe: the only state is per thread (the refined model's path-overlap
 * cache, and the saturation search's or curve's mode and last stable
 * solution).
 * Units: cycles, flits, messages per node per cycle.
 */
#ifndef QMODEL_H
#define QMODEL_H

#include <stddef.h>

#define QM_MAX_DIM 16
#define QM_MAX_P 16

typedef enum { QM_DUATO_NBC = 0, QM_SWFT, QM_TIMEOUT, QM_DOR_COMB, QM_NKINDS } qm_kind;

enum { QM_SEED = 0, QM_REFINED = 1 };                                   /* variant */
enum { QM_TORUS_BI = 0, QM_TORUS_UNI = 1, QM_MESH = 2, QM_HYPERCUBE = 3 }; /* topo */

typedef struct {
    qm_kind kind;
    int variant;          /* QM_SEED or QM_REFINED */
    int topo;             /* QM_TORUS_BI, QM_TORUS_UNI, QM_MESH, QM_HYPERCUBE */
    int n;                /* dimensions */
    int k[QM_MAX_DIM];    /* radix per dimension (hypercube: 2 or left 0) */
    int V;                /* VCs per physical channel (dor-comb: the paper's L) */
    double M;             /* (mean) message length, flits */
    int exp_len;          /* 1: exponential lengths (timeout), 0: fixed M */
    double rate;          /* lambda_g, messages / node / cycle */
    int buf_depth;        /* refined: flits per VC buffer B (>= 1, 0 = 1) */
    /* timeout / locality */
    double tau;           /* time-out period, cycles */
    double alpha;         /* decreasing-probability locality, used when n_p == 0 */
    int n_p;              /* > 0: explicit p[0..n_p-1] = p_1..p_{n_p}, p_i = P(i hops) */
    double p[QM_MAX_P];
    /* swft */
    double pf;            /* node failure probability, used when nf == 0 */
    int nf;               /* number of faulty nodes: Pf = nf / N */
    double delta_reinject;/* re-injection overhead Delta, cycles */
    /* refined model of the flitnet router (ignored by variant 0) */
    int tie_positive;     /* even radix, half-way destinations: 0 split +/- evenly, 1 always +
                             (flitnet's topology.c sends ties +) */
    int dateline;         /* DOR VC classes: 0 one class per dimension (class 1 iff the
                             route in that dimension wraps), 1 switch to class 1 at the
                             wrap link (classic Dally-Seitz), 2 class 0 while the current
                             coordinate c_d < d_d, else 1 (flitnet's route_dor.c, seed
                             004's v1/v2 rule) */
} qm_params;

typedef struct {
    int saturated;          /* 1: no steady state at this rate (fields below then
                               hold the last iterate, not a latency) */
    double latency;         /* mean message latency, generation -> last flit at sink */
    double network_latency; /* the model's network part (S, L or T_n) */
    double source_wait;     /* mean wait in the source queue */
    double vbar;            /* average VC multiplexing degree (refined: bandwidth
                               slowdown factor of a message) */
    double lambda_c;        /* message rate per network channel (refined: the
                               most loaded channel) */
    int iterations;         /* fixed-point iterations used */
    char why[160];          /* reason when saturated or on error */
} qm_result;

/* Defaults: variant 0, buf_depth 1, M 32, and the seed's own network:
 * duato-nbc 8x8 V=10, swft 8-ary 2-cube V=4, timeout 2^10 V=2 tau=32
 * alpha=0.5 exp_len=1, dor-comb unidirectional 16x16 L=3. */
void qm_params_init(qm_params *p, qm_kind kind);

/* 0 when the model covers p; otherwise non-zero and a one-line reason in
 * err naming what the model covers. */
int qm_check(const qm_params *p, char *err, size_t errlen);

/* Solve at p->rate.  Returns 0 when a result (possibly saturated) was
 * produced, -1 when qm_check fails (out->why holds the reason). */
int qm_solve(const qm_params *p, qm_result *out);

/* The model's latency at rate -> 0 (closed form, no iteration); NAN when
 * qm_check fails. */
double qm_zero_load(const qm_params *p);

/* Largest rate at which the model converges with every utilisation < 1,
 * by bisection to relative tolerance tol (<= 0: 1e-6) on the predicate
 * "qm_solve is not saturated"; p->rate is ignored.  Solving at the returned
 * rate is not saturated; at rate * (1 + 2 tol) it is.  NAN on bad input.
 * In the refined models its solves start from the last stable rate's
 * solution; a solve that meets a fold's ghost counts as saturated without the
 * iteration's run past it, which is done once, at the lowest such rate, to
 * confirm that it runs away there (docs/models.md, "Saturation rate"). */
double qm_saturation_rate(const qm_params *p, double tol);

/* A latency curve: out[i] is qm_solve's result at rates[i] (p->rate is ignored).  Where
 * the rates ascend, each solve starts from the last stable one, so a curve costs much
 * less than n separate solves; the results agree with qm_solve's to the fixed point's
 * tolerance.  Returns 0, or -1 when qm_check refuses p (every out[i].why says why). */
#define QM_HAVE_CURVE 1
int qm_curve(const qm_params *p, const double *rates, int n, qm_result *out);

/* Names: "duato-nbc", "swft", "timeout", "dor-comb". */
const char *qm_name(qm_kind kind);
int qm_from_name(const char *name, qm_kind *kind); /* 0 ok, -1 unknown */

#endif

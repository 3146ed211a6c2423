/* qmodel.c - the public entry points: names, defaults, common input checks,
 * dispatch to the model files, and the saturation-rate bisection. */
#include "qm_internal.h"
#include "bisect.h"
#include "qm_geometry.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const names[QM_NKINDS] = {"duato-nbc", "swft", "timeout", "dor-comb"};

const char *qm_name(qm_kind kind)
{
    return ((unsigned)kind < QM_NKINDS) ? names[kind] : "unknown";
}

int qm_from_name(const char *name, qm_kind *kind)
{
    for (int i = 0; name && i < QM_NKINDS; i++)
        if (strcmp(name, names[i]) == 0) {
            *kind = (qm_kind)i;
            return 0;
        }
    return -1;
}

int qm_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return 1;
}

int qm_nbc_escape_vcs(int n, int k)
{
    return 1 + (n * (k / 2)) / 2;
}

double qm_nodes(const qm_params *p)
{
    return p->topo == QM_HYPERCUBE ? ldexp(1.0, p->n) : net_nodes(p->n, p->k);
}

void qm_params_init(qm_params *p, qm_kind kind)
{
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->variant = QM_SEED;
    p->buf_depth = 1;
    p->M = 32;
    p->rate = 1e-4;
    switch (kind) {
    case QM_DUATO_NBC:
        p->topo = QM_TORUS_BI; p->n = 2; p->k[0] = p->k[1] = 8; p->V = 10;
        break;
    case QM_SWFT:
        p->topo = QM_TORUS_BI; p->n = 2; p->k[0] = p->k[1] = 8; p->V = 4;
        break;
    case QM_TIMEOUT:
        p->topo = QM_HYPERCUBE; p->n = 10; p->V = 2; p->exp_len = 1; p->tau = 32;
        p->alpha = 0.5;
        for (int i = 0; i < p->n; i++) p->k[i] = 2;
        break;
    case QM_DOR_COMB:
    default:
        p->topo = QM_TORUS_UNI; p->n = 2; p->k[0] = p->k[1] = 16; p->V = 3;
        break;
    }
}

static const qm_model_ops *ops_for(const qm_params *p)
{
    if (p->variant == QM_REFINED) {
        if (p->kind == QM_DOR_COMB) return &qm_refined_dor_ops;
        if (p->kind == QM_DUATO_NBC) return &qm_refined_nbc_ops;
        return NULL;
    }
    switch (p->kind) {
    case QM_DUATO_NBC: return &qm_duato_nbc_ops;
    case QM_SWFT: return &qm_swft_ops;
    case QM_TIMEOUT: return &qm_timeout_ops;
    case QM_DOR_COMB: return &qm_dor_comb_ops;
    default: return NULL;
    }
}

/* checks shared by every model; everything except the rate */
static int check_common(const qm_params *p, char *err, size_t errlen)
{
    if (!p)
        return qm_fail(err, errlen, "no parameters");
    if ((unsigned)p->kind >= QM_NKINDS)
        return qm_fail(err, errlen, "unknown model kind %d (known: duato-nbc, swft, timeout, dor-comb)",
                       (int)p->kind);
    const char *nm = qm_name(p->kind);
    if (p->variant != QM_SEED && p->variant != QM_REFINED)
        return qm_fail(err, errlen, "%s: variant must be 0 (seed) or 1 (refined), got %d", nm, p->variant);
    if (!ops_for(p))
        return qm_fail(err, errlen,
                       "model %s has no refined variant (variant = refined exists for duato-nbc and dor-comb)", nm);
    if (p->topo < QM_TORUS_BI || p->topo > QM_HYPERCUBE)
        return qm_fail(err, errlen, "%s: unknown topology code %d (0 torus bi, 1 torus uni, 2 mesh, 3 hypercube)",
                       nm, p->topo);
    if (p->n < 1 || p->n > QM_MAX_DIM)
        return qm_fail(err, errlen, "%s: n must be 1..%d, got %d", nm, QM_MAX_DIM, p->n);
    for (int i = 0; i < p->n; i++)
        if (p->topo == QM_HYPERCUBE ? (p->k[i] != 0 && p->k[i] != 2) : (p->k[i] < 2 || p->k[i] > QM_TOPO_MAXK))
            return qm_fail(err, errlen, p->topo == QM_HYPERCUBE ? "%s: hypercube radix k[%d] must be 2 (or 0), got %d"
                                                                : "%s: radix k[%d] must be 2..256, got %d",
                           nm, i, p->k[i]);
    if (p->V < 1)
        return qm_fail(err, errlen, "%s: V must be >= 1, got %d", nm, p->V);
    if (!(p->M >= 1.0) || !isfinite(p->M))
        return qm_fail(err, errlen, "%s: message length M must be >= 1 flit, got %g", nm, p->M);
    if (p->buf_depth < 0)
        return qm_fail(err, errlen, "%s: buf_depth must be >= 1 (0 means 1), got %d", nm, p->buf_depth);
    return 0;
}

int qm_check(const qm_params *p, char *err, size_t errlen)
{
    if (check_common(p, err, errlen))
        return 1;
    if (!(p->rate > 0.0) || !isfinite(p->rate))
        return qm_fail(err, errlen, "%s: rate must be > 0 messages/node/cycle, got %g", qm_name(p->kind), p->rate);
    return ops_for(p)->check(p, err, errlen);
}

int qm_solve(const qm_params *p, qm_result *out)
{
    memset(out, 0, sizeof *out);
    if (qm_check(p, out->why, sizeof out->why)) {
        out->saturated = 1;
        out->latency = NAN;
        return -1;
    }
    return ops_for(p)->solve(p, out);
}

double qm_zero_load(const qm_params *p)
{
    if (check_common(p, NULL, 0))
        return NAN;
    qm_params q = *p;
    q.rate = 1e-9; /* the rate plays no part; just get past the rate check */
    if (ops_for(&q)->check(&q, NULL, 0))
        return NAN;
    return ops_for(&q)->zero_load(&q);
}

/* the bisection's state: the model, and its lowest rate found saturated (hi) and
 * whether that verdict was a fold's ghost taken without the run past it */
typedef struct {
    qm_params p;
    double hi;
    int hi_ghost;
} sat_ctx;

/* A series of solves of one model at growing rates: the saturation bisection or a
 * curve (qm_curve).  While one runs, a model may start a solve from the series' last
 * stable solution at a lower rate (the unknowns only grow with the rate). */
static _Thread_local int in_series, in_sat_search;
static _Thread_local unsigned series_id;
/* qm_iterate: a fold's ghost ends a solve as saturated (no run past it), and
 * whether the last solve ended so */
static _Thread_local int ghost_ends, last_ghost;

unsigned qm_series(void)
{
    return in_series ? series_id : 0;
}

static void series_begin(void)
{
    in_series = 1;
    if (++series_id == 0) series_id = 1;
}

static int stable_at(double x, void *vctx)
{
    sat_ctx *c = vctx;
    qm_result r;
    c->p.rate = x;
    last_ghost = 0;
    if (qm_solve(&c->p, &r) != 0)
        return 0;
    if (r.saturated && x < c->hi) {
        c->hi = x;
        c->hi_ghost = last_ghost;
    }
    return !r.saturated;
}

/* The bisection; its solves run Anderson's mode from the last stable solution
 * (refined models), and past a fold they stop at its ghost, the rate taken as
 * saturated without the plain iteration's run past it (hundreds to thousands of
 * maps each).  That run decides whether the iteration runs away or climbs to a
 * fixed point further up; the bisection needs it only at the lowest saturated
 * rate it found: if the iteration runs away there, it does at every rate above
 * (the predicate is monotone, as the bisection assumes anyway).  If it climbs
 * instead, the bisection is done again with the run at every ghost. */
static double sat_bisect(sat_ctx *c, double tol)
{
    c->hi = INFINITY;
    c->hi_ghost = 0;
    ghost_ends = 1;
    double s = bisect_sup(stable_at, c, 0.5 / c->p.M, tol);
    ghost_ends = 0;
    if (s > 0.0 && c->hi_ghost && stable_at(c->hi, c))
        s = bisect_sup(stable_at, c, 0.5 / c->p.M, tol);
    return s;
}

double qm_saturation_rate(const qm_params *p, double tol)
{
    sat_ctx c;
    if (check_common(p, NULL, 0))
        return NAN;
    c.p = *p;
    c.p.rate = 1e-6;
    if (ops_for(&c.p)->check(&c.p, NULL, 0))
        return NAN;
    if (tol <= 0.0)
        tol = 1e-6;
    /* a channel can carry at most one flit per cycle: 0.5/M is in range */
    series_begin();
    in_sat_search = 1;
    double s = sat_bisect(&c, tol);
    in_series = in_sat_search = 0;
    return (s < 0.0) ? NAN : s;
}

int qm_curve(const qm_params *p, const double *rates, int n, qm_result *out)
{
    qm_params q = *p;
    int rc = 0;
    series_begin();
    for (int i = 0; i < n; i++) {
        q.rate = rates[i];
        if (qm_solve(&q, &out[i]) != 0) rc = -1;
    }
    in_series = 0;
    return rc;
}

/* The verdict Anderson's mode leaves open: the damped iteration from the start x0,
 * climbing to the smallest fixed point or running away as the model's map leads it;
 * as before Anderson's mode, accelerated in the saturation search, and plain
 * elsewhere until its budget runs out.  Adds its maps to *its. */
static void iterate_damped(fp_map g, void *ctx, double *x, const double *x0, int n, fp_report *rep, int *its)
{
    fp_options o = {0};
    o.accel = in_sat_search;
    memcpy(x, x0, (size_t)n * sizeof *x);
    fp_solve(g, ctx, x, n, &o, rep);
    *its += rep->iterations;
    if (rep->status == FP_NOCONV && !o.accel) {
        o.accel = 1;
        fp_solve(g, ctx, x, n, &o, rep);
        *its += rep->iterations;
    }
}

int qm_iterate(fp_map g, void *ctx, double *x, const double *hi, int n, qm_result *out)
{
    fp_report rep;
    double x0[FP_MAXN];
    if (n < 1 || n > FP_MAXN) n = 0; /* fp_solve refuses it with the reason */
    memcpy(x0, x, (size_t)n * sizeof *x);
    fp_options ao = {0};
    ao.lo = x0; /* the unknowns climb from the start (zero load or a lower rate) */
    ao.hi = hi;
    ao.ghost_ends = ghost_ends;
    fp_anderson(g, ctx, x, n, &ao, &rep);
    int its = rep.iterations;
    last_ghost = rep.ghost;
    if (rep.status == FP_NOCONV) iterate_damped(g, ctx, x, x0, n, &rep, &its);
    out->iterations = its;
    if (rep.status == FP_CONVERGED) return 0;
    out->saturated = 1;
    out->latency = INFINITY;
    snprintf(out->why, sizeof out->why, "%s", rep.why);
    return 1;
}

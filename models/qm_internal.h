/* qm_internal.h - what the model files share with the dispatcher (qmodel.c).
 * Not part of the public API. */
#ifndef QM_INTERNAL_H
#define QM_INTERNAL_H

#include "fixed_point.h"
#include "qmodel.h"
#include <stdarg.h>

typedef struct {
    /* p is already past the common checks of qm_check (rate > 0, n, k, V, M) */
    int (*check)(const qm_params *p, char *err, size_t errlen);
    /* p has passed check; fill out (saturated or not); return 0 */
    int (*solve)(const qm_params *p, qm_result *out);
    double (*zero_load)(const qm_params *p);
} qm_model_ops;

extern const qm_model_ops qm_duato_nbc_ops;   /* duato_nbc.c */
extern const qm_model_ops qm_swft_ops;        /* swft.c */
extern const qm_model_ops qm_timeout_ops;     /* timeout.c */
extern const qm_model_ops qm_dor_comb_ops;    /* dor_comb.c */
extern const qm_model_ops qm_refined_dor_ops; /* refined.c */
extern const qm_model_ops qm_refined_nbc_ops; /* refined.c */

/* printf into err (if any) and return 1, for one-line check failures */
int qm_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Nbc escape (class b) VC count for a k-ary n-cube: 1 + floor(n floor(k/2) / 2) */
int qm_nbc_escape_vcs(int n, int k);

/* duato_nbc.c: P_block1 + (P_block2 + P_block3)/2 for c = ceil(Delta/2);
 * literal = 1 takes the binomial indices of eqs 14-15 as printed */
double qm_nbc_pblock_mix(const double *P, int V, int V1, int V2, int c, int literal);

/* swft.c: eq 2 as read, mean hops per dimension with failure probability pf */
double qm_swft_kf(int k, double pf);

/* Runs a model's fixed-point iteration from x (hi: upper bounds of the unknowns, or
 * NULL): Anderson's mode, and where it cannot tell, the plain mode from x (the
 * accelerated one in the saturation search).  Returns 0 when it converged; otherwise
 * marks out saturated (latency +inf, the reason in why) and returns 1. */
int qm_iterate(fp_map g, void *ctx, double *x, const double *hi, int n, qm_result *out);

/* non-zero while qm_saturation_rate bisects or qm_curve solves: a series of solves at
 * growing rates, whose solves may start from an earlier stable solve of the same series
 * at a lower rate (the value names the series), else 0 */
unsigned qm_series(void);

/* number of nodes */
double qm_nodes(const qm_params *p);


/* a topology code as the configuration names it (for messages) */
static inline const char *qm_topo_name(int topo)
{
    return topo == QM_TORUS_BI ? "torus" : topo == QM_TORUS_UNI ? "torus_uni" : topo == QM_MESH ? "mesh"
                                         : topo == QM_HYPERCUBE ? "hypercube" : "topology of unknown code";
}
#endif

/* qm_speed.c - the cost of a saturation rate and a 50-point latency curve up to 0.99 of
 * it, per queueing model on a 16x16 torus (timeout: its 2^10 hypercube), for
 * tests/models/speed.sh, which counts the instructions of each part under valgrind.
 *
 *   qm_speed MODEL M PART [SAT]
 *     MODEL  nbc | rnbc | swft | timeout | dor | rdor  (r: the refined variant)
 *     PART   0 nothing (the program's own cost), 1 the bisection, 2 the curve at SAT,
 *            3 both; +4 solves one point at a low rate first (the refined DOR model's
 *            path-overlap Monte Carlo, cached afterwards, is then not counted)
 * Prints the saturation rate and the wall time of each part.  Uses qm_curve where the
 * library has it (see qm_table.c), so it builds against older code too.
 */
#include "qmodel.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int setup(const char *name, double M, qm_params *p)
{
    static const struct { const char *name; qm_kind kind; int variant; } models[] = {
        {"nbc", QM_DUATO_NBC, QM_SEED}, {"rnbc", QM_DUATO_NBC, QM_REFINED}, {"swft", QM_SWFT, QM_SEED},
        {"timeout", QM_TIMEOUT, QM_SEED}, {"dor", QM_DOR_COMB, QM_SEED},     {"rdor", QM_DOR_COMB, QM_REFINED}};
    for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
        if (strcmp(name, models[i].name)) continue;
        qm_params_init(p, models[i].kind);
        p->variant = models[i].variant;
        p->M = M;
        if (p->topo != QM_HYPERCUBE) p->k[0] = p->k[1] = 16;
        if (p->variant == QM_REFINED) { /* as `flitnet bench` describes the simulator's router */
            p->tie_positive = 1;
            p->dateline = 2;
            if (p->kind == QM_DOR_COMB) {
                p->topo = QM_TORUS_BI;
                p->V = 10;
            }
        }
        return 0;
    }
    return -1;
}

int main(int argc, char **argv)
{
    qm_params p;
    if (argc < 4 || setup(argv[1], atof(argv[2]), &p)) {
        fprintf(stderr, "usage: qm_speed nbc|rnbc|swft|timeout|dor|rdor M PART [SAT]\n");
        return 2;
    }
    int part = atoi(argv[3]);
    double sat = argc > 4 ? atof(argv[4]) : 0.0;
    if (part & 4) {
        qm_result r;
        p.rate = 1e-6;
        qm_solve(&p, &r);
    }
    double t0 = now();
    if (part & 1) sat = qm_saturation_rate(&p, 1e-6);
    double t1 = now();
    qm_result r[50];
    double rates[50];
    for (int j = 0; j < 50; j++) rates[j] = 0.99 * sat * (j + 1) / 50.0;
    if (part & 2) {
#ifdef QM_HAVE_CURVE
        qm_curve(&p, rates, 50, r);
#else
        for (int j = 0; j < 50; j++) {
            p.rate = rates[j];
            qm_solve(&p, &r[j]);
        }
#endif
    }
    double t2 = now();
    printf("%s M=%g sat %.9g bisection %.4f s curve %.4f s", argv[1], p.M, sat, t1 - t0, t2 - t1);
    if (part & 2) printf(" latency at 0.99 %.6g", r[49].saturated ? -1.0 : r[49].latency);
    printf("\n");
    return 0;
}

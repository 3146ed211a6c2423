/* qm_table.c - every queueing model over a fixed grid of configurations, printed at
 * %.17g, so that a change to the solver can be compared with the code before it
 * (tests/models/compare.sh builds this against both and compares the tables).
 *
 *   qm_table sat            one line per configuration: its name and saturation rate
 *   qm_table curve SATFILE  per configuration of SATFILE (qm_table sat's output, from the
 *                           reference build, so that both builds solve at the same rates):
 *                           the latency, source wait and V-bar at QT_NF fractions of that
 *                           saturation rate, from 0.01 to 1.1 of it, or "sat" where the
 *                           model is saturated; solved by qm_curve (ascending rates, each
 *                           from the last stable point) where the library has it, else by
 *                           qm_solve point by point
 *   qm_table points SATFILE the same by qm_solve point by point (each solve on its own)
 * QT_RANDOM=SEED in the environment replaces the grid by QT_NRAND configurations drawn
 * at random (the same ones for a given SEED), a check on configurations the solver was
 * not tuned on.  Only the public API (qmodel.h) is used, so the driver builds against
 * older code.
 */
#include "qmodel.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QT_MAXC 512
#define QT_NRAND 300
#define QT_NF 44

static const double fracs[QT_NF] = {
    0.01, 0.025, 0.05, 0.1,  0.15,  0.2,    0.25,    0.3,   0.35,     0.4,  0.45, 0.5,   0.55,   0.6,   0.65,
    0.7,  0.75,  0.8,  0.85, 0.875, 0.9,    0.91,    0.92,  0.93,     0.94, 0.95, 0.96,  0.97,   0.975, 0.98,
    0.985, 0.99, 0.993, 0.995, 0.997, 0.998, 0.999, 0.9995, 0.9999, 1.0, 1.0001, 1.001, 1.01, 1.1};

typedef struct {
    char name[96];
    qm_params p;
} qt_case;

static qt_case cases[QT_MAXC];
static int ncases;

static qm_params *add(qm_kind kind, int variant, const char *fmt, int a, int b, int c, int d)
{
    if (ncases == QT_MAXC) {
        fprintf(stderr, "qm_table: more than %d configurations\n", QT_MAXC);
        exit(2);
    }
    qt_case *t = &cases[ncases++];
    snprintf(t->name, sizeof t->name, fmt, a, b, c, d);
    qm_params_init(&t->p, kind);
    t->p.variant = variant;
    return &t->p;
}

static void torus2(qm_params *p, int topo, int k)
{
    p->topo = topo;
    p->n = 2;
    p->k[0] = p->k[1] = k;
}

/* the seeds' models on their own networks and around them */
static void seed_cases(void)
{
    static const int nbc_k[] = {4, 6, 8, 12, 16}, Ms[] = {16, 32, 64};
    for (int i = 0; i < 5; i++)
        for (int v = 0; v < 3; v++)
            for (int m = 0; m < 3; m += (v == 1 ? 1 : 2)) {
                int k = nbc_k[i], V = v == 0 ? 2 + k / 2 : v == 1 ? (k == 16 ? 12 : 10) : 16;
                qm_params *p = add(QM_DUATO_NBC, QM_SEED, "nbc k%d V%d M%d%.0d", k, V, Ms[m], 0);
                torus2(p, QM_TORUS_BI, k);
                p->V = V;
                p->M = Ms[m];
            }
    static const int sw_k[] = {8, 16};
    for (int n = 2; n <= 3; n++)
        for (int i = 0; i < 2; i++)
            for (int V = 2; V <= 6; V += 2)
                for (int f = 0; f < 3; f++) {
                    qm_params *p = add(QM_SWFT, QM_SEED, "swft n%d k%d V%d f%d", n, sw_k[i], V, f);
                    p->n = n;
                    for (int j = 0; j < n; j++) p->k[j] = sw_k[i];
                    p->V = V;
                    p->M = n == 2 ? 32 : 64;
                    if (f == 1) p->nf = 3;
                    if (f == 2) { p->pf = 0.05; p->delta_reinject = 10; }
                }
    static const int taus[] = {8, 32, 128};
    for (int n = 6; n <= 10; n += 2)
        for (int V = 2; V <= 4; V++)
            for (int t = 0; t < 3; t++) {
                qm_params *p = add(QM_TIMEOUT, QM_SEED, "timeout n%d V%d tau%d p%d", n, V, taus[t], V == 3);
                p->n = n;
                for (int j = 0; j < n; j++) p->k[j] = 2;
                p->V = V;
                p->tau = taus[t];
                p->M = n == 8 ? 16 : 32;
                if (V == 3) { /* an explicit locality list instead of alpha */
                    p->n_p = 3;
                    p->p[0] = 0.5; p->p[1] = 0.3; p->p[2] = 0.2;
                }
            }
    static const int dk[][3] = {{16, 0, 0}, {4, 4, 0}, {8, 8, 0}, {16, 16, 0}, {8, 4, 0}, {4, 4, 4}, {8, 8, 8}};
    for (int g = 0; g < 7; g++)
        for (int topo = QM_TORUS_BI; topo <= QM_TORUS_UNI; topo++)
            for (int L = 2; L <= 4; L++) {
                int n = dk[g][2] ? 3 : dk[g][1] ? 2 : 1;
                qm_params *p = add(QM_DOR_COMB, QM_SEED, "dor g%d topo%d L%d%.0d", g, topo, L, 0);
                p->topo = topo;
                p->n = n;
                for (int j = 0; j < n; j++) p->k[j] = dk[g][j];
                p->V = L;
                p->M = L == 3 ? 64 : 32;
            }
}

/* the refined models: flitnet's router on tori, DOR and Duato-Nbc */
static void refined_cases(void)
{
    static const int dk[][3] = {{8, 0, 0}, {4, 4, 0}, {8, 8, 0}, {16, 16, 0}, {4, 4, 4}};
    for (int g = 0; g < 5; g++)
        for (int topo = QM_TORUS_BI; topo <= QM_TORUS_UNI; topo++)
            for (int dl = 0; dl <= 2; dl++)
                for (int V = 2; V <= 10; V += 4) {
                    int n = dk[g][2] ? 3 : dk[g][1] ? 2 : 1;
                    qm_params *p = add(QM_DOR_COMB, QM_REFINED, "rdor g%d topo%d dl%d V%d", g, topo, dl, V);
                    p->topo = topo;
                    p->n = n;
                    for (int j = 0; j < n; j++) p->k[j] = dk[g][j];
                    p->V = V;
                    p->dateline = dl;
                    p->tie_positive = (V + dl) % 2 == 0;
                    p->M = V == 6 ? 64 : 32;
                    p->buf_depth = dl == 1 ? 2 : 1;
                }
    static const int nk[] = {4, 6, 8, 10, 12, 16};
    for (int i = 0; i < 6; i++)
        for (int v = 0; v < 3; v++)
            for (int mb = 0; mb < 4; mb++) {
                int k = nk[i], V = v == 0 ? 2 + k / 2 : v == 1 ? (k < 16 ? 10 : 12) : 16;
                int M = mb & 1 ? 64 : 32, B = mb & 2 ? 2 : 1;
                qm_params *p = add(QM_DUATO_NBC, QM_REFINED, "rnbc k%d V%d M%d B%d", k, V, M, B);
                torus2(p, QM_TORUS_BI, k);
                p->V = V;
                p->M = M;
                p->buf_depth = B;
                p->tie_positive = (i + v + mb) % 2;
                p->dateline = 2;
            }
}

static unsigned long long rnd_state;

/* uniform integer in [a, b] (xorshift; the same sequence on every machine) */
static int rnd(int a, int b)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return a + (int)(rnd_state % (unsigned long long)(b - a + 1));
}

/* one random configuration of a random model, inside what the model covers */
static void random_case(int i)
{
    static const int Ms[] = {8, 16, 32, 48, 64, 128};
    int kind = rnd(0, 5), M = Ms[rnd(0, 5)];
    qm_params *p;
    if (kind == 0 || kind == 5) { /* Duato-Nbc, seed and refined (even radix) */
        int k = kind == 5 ? 2 * rnd(2, 8) : rnd(4, 16), V2 = 1 + k / 2;
        p = add(QM_DUATO_NBC, kind == 5, "rand%d nbc%d k%d M%d", i, kind == 5, k, M);
        torus2(p, QM_TORUS_BI, k);
        p->V = rnd(V2 + 1, V2 + 8);
        p->buf_depth = rnd(1, 2);
        p->tie_positive = rnd(0, 1);
        p->dateline = 2;
    } else if (kind == 1) {
        int n = rnd(2, 3), k = rnd(4, 12);
        p = add(QM_SWFT, QM_SEED, "rand%d swft n%d k%d M%d", i, n, k, M);
        p->n = n;
        for (int j = 0; j < n; j++) p->k[j] = k;
        p->V = rnd(2, 8);
        if (rnd(0, 1)) p->nf = rnd(0, 5);
        else p->pf = rnd(0, 10) / 100.0;
        p->delta_reinject = rnd(0, 20);
    } else if (kind == 2) {
        int n = rnd(4, 10);
        p = add(QM_TIMEOUT, QM_SEED, "rand%d timeout n%d M%d%.0d", i, n, M, 0);
        p->n = n;
        for (int j = 0; j < n; j++) p->k[j] = 2;
        p->V = rnd(2, 6);
        p->tau = rnd(0, 200);
        p->alpha = rnd(2, 20) / 10.0;
    } else { /* dor-comb, seed (kind 3) and refined (kind 4) */
        int n = rnd(1, 3);
        p = add(QM_DOR_COMB, kind == 4, "rand%d dor%d n%d M%d", i, kind == 4, n, M);
        p->topo = rnd(0, 1) ? QM_TORUS_BI : QM_TORUS_UNI;
        p->n = n;
        for (int j = 0; j < n; j++) p->k[j] = rnd(n == 1 ? 3 : 2, n == 3 ? 8 : 16);
        p->V = kind == 4 ? 2 * rnd(1, 6) : rnd(2, 6);
        p->dateline = rnd(0, 2);
        p->tie_positive = rnd(0, 1);
        p->buf_depth = rnd(1, 2);
    }
    p->M = M;
}

static qt_case *find(const char *name)
{
    for (int i = 0; i < ncases; i++)
        if (strcmp(cases[i].name, name) == 0) return &cases[i];
    return NULL;
}

static void curve(qt_case *t, double sat, int points)
{
    double rates[QT_NF];
    qm_result r[QT_NF];
    for (int j = 0; j < QT_NF; j++) rates[j] = sat * fracs[j];
#ifdef QM_HAVE_CURVE
    if (!points) {
        qm_curve(&t->p, rates, QT_NF, r);
        points = -1;
    }
#endif
    for (int j = 0; j < QT_NF && points >= 0; j++) {
        t->p.rate = rates[j];
        qm_solve(&t->p, &r[j]);
    }
    for (int j = 0; j < QT_NF; j++) {
        if (r[j].saturated)
            printf("%s|%g|sat\n", t->name, fracs[j]);
        else
            printf("%s|%g|%.17g|%.17g|%.17g\n", t->name, fracs[j], r[j].latency, r[j].source_wait, r[j].vbar);
    }
}

int main(int argc, char **argv)
{
    const char *seed = getenv("QT_RANDOM");
    if (seed) {
        rnd_state = strtoull(seed, NULL, 10) * 2654435761ull + 88172645463325252ull;
        for (int i = 0; i < QT_NRAND; i++) random_case(i);
    } else {
        seed_cases();
        refined_cases();
    }
    if (argc == 2 && strcmp(argv[1], "sat") == 0) {
        for (int i = 0; i < ncases; i++) {
            char err[200];
            cases[i].p.rate = 1e-6;
            if (qm_check(&cases[i].p, err, sizeof err)) {
                fprintf(stderr, "qm_table: %s: %s\n", cases[i].name, err);
                return 2;
            }
            printf("%s|%.17g\n", cases[i].name, qm_saturation_rate(&cases[i].p, 1e-6));
            fflush(stdout);
        }
        return 0;
    }
    if (argc == 3 && (strcmp(argv[1], "curve") == 0 || strcmp(argv[1], "points") == 0)) {
        FILE *f = fopen(argv[2], "r");
        char line[256];
        if (!f) { perror(argv[2]); return 2; }
        while (fgets(line, sizeof line, f)) {
            char *bar = strchr(line, '|');
            if (!bar) continue;
            *bar = 0;
            qt_case *t = find(line);
            if (!t) { fprintf(stderr, "qm_table: unknown configuration %s\n", line); return 2; }
            curve(t, strtod(bar + 1, NULL), argv[1][0] == 'p');
            fflush(stdout);
        }
        fclose(f);
        return 0;
    }
    fprintf(stderr, "usage: qm_table sat | qm_table curve|points SATFILE\n");
    return 2;
}

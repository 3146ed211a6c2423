/* qm_geometry.c - see topology.h. */
#include "qm_geometry.h"
#include <gsl/gsl_sf_gamma.h>
#include <math.h>
#include <string.h>

double qm_choose(int n, int m)
{
    if (n < 0 || m < 0 || m > n)
        return 0.0; /* GSL treats m > n as a domain error; the models need 0 */
    return gsl_sf_choose((unsigned)n, (unsigned)m);
}

double comb_multiset(int m, int d, const int *kk)
{
    if (m == 0)
        return 1.0;
    if (m < 0 || d <= 0)
        return 0.0; /* no types left but items still to pick */
    double s = 0.0;
    for (int i = 0; i <= kk[d - 1] && i <= m; i++)
        s += comb_multiset(m - i, d - 1, kk);
    return s;
}

int ring_hops(int k, int bidir, int tie_positive, double *qplus, double *qminus)
{
    for (int h = 0; h < k; h++)
        qplus[h] = qminus[h] = 0.0;
    qplus[0] = qminus[0] = 1.0 / k;
    if (!bidir) {
        for (int h = 1; h < k; h++)
            qplus[h] = 1.0 / k;
        return k - 1;
    }
    for (int off = 1; off < k; off++) {
        int up = off, down = k - off;
        if (up < down)
            qplus[up] += 1.0 / k;
        else if (down < up)
            qminus[down] += 1.0 / k;
        else if (tie_positive)
            qplus[up] += 1.0 / k;
        else {
            qplus[up] += 0.5 / k;
            qminus[up] += 0.5 / k;
        }
    }
    return k / 2;
}

int net_distance_counts(int n, const int *k, int bidir, double *cnt)
{
    double cur[QM_TOPO_MAXD + 1], nxt[QM_TOPO_MAXD + 1];
    int maxd = 0;
    memset(cur, 0, sizeof cur);
    cur[0] = 1.0;
    for (int i = 0; i < n; i++) {
        /* per-dimension distance counts: convolve */
        int kmax = bidir ? k[i] / 2 : k[i] - 1;
        double c[QM_TOPO_MAXK];
        for (int h = 0; h <= kmax; h++)
            c[h] = 0.0;
        for (int off = 0; off < k[i]; off++) {
            int h = bidir ? (off < k[i] - off ? off : k[i] - off) : off;
            c[h] += 1.0;
        }
        memset(nxt, 0, sizeof nxt);
        for (int a = 0; a <= maxd; a++)
            for (int h = 0; h <= kmax; h++)
                nxt[a + h] += cur[a] * c[h];
        maxd += kmax;
        memcpy(cur, nxt, sizeof cur);
    }
    memcpy(cnt, cur, (size_t)(maxd + 1) * sizeof *cnt);
    return maxd;
}

double net_nodes(int n, const int *k)
{
    double N = 1.0;
    for (int i = 0; i < n; i++)
        N *= k[i];
    return N;
}

double net_mean_distance(int n, const int *k, int bidir)
{
    double cnt[QM_TOPO_MAXD + 1];
    int maxd = net_distance_counts(n, k, bidir, cnt);
    double s = 0.0;
    for (int m = 1; m <= maxd; m++)
        s += m * cnt[m];
    return s / (net_nodes(n, k) - 1.0);
}

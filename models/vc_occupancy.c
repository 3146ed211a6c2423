/* vc_occupancy.c - see vc_occupancy.h. */
#include "vc_occupancy.h"
#include <math.h>

int vc_occupancy(double lambda, double S, int V, double *P)
{
    double rho = lambda * S;
    if (!(rho < 1.0) || V < 1)
        return -1;
    if (rho < 0.0)
        rho = 0.0;
    double r = 1.0;
    for (int v = 0; v < V; v++) {
        P[v] = (1.0 - rho) * r;
        r *= rho;
    }
    P[V] = r; /* the last state lumps every arrival that finds all VCs busy */
    return 0;
}

double vc_vbar(const double *P, int V)
{
    double s1 = 0.0, s2 = 0.0;
    for (int v = 1; v <= V; v++) {
        s1 += v * P[v];
        s2 += (double)v * v * P[v];
    }
    if (!(s1 > 0.0))
        return 1.0;
    return s2 / s1;
}

/* mg1.c - see mg1.h. */
#include "mg1.h"
#include <math.h>

double mg1_wait(double lambda, double mean, double second_moment)
{
    double rho = lambda * mean;
    if (lambda <= 0.0)
        return 0.0;
    if (!(rho < 1.0))
        return INFINITY;
    return lambda * second_moment / (2.0 * (1.0 - rho));
}

double mg1_wait_var(double lambda, double mean, double var)
{
    return mg1_wait(lambda, mean, var + mean * mean);
}

double mm1_wait(double lambda, double mean)
{
    /* exponential service: E[S^2] = 2 S^2, so P-K gives rho S / (1 - rho) */
    return mg1_wait(lambda, mean, 2.0 * mean * mean);
}

double erlang_c(int m, double a)
{
    if (a <= 0.0)
        return 0.0;
    if (m <= 0 || a >= (double)m)
        return 1.0;
    /* Erlang B by the stable recursion, then convert to C */
    double b = 1.0;
    for (int j = 1; j <= m; j++)
        b = a * b / (j + a * b);
    double rho = a / m;
    return b / (1.0 - rho + rho * b);
}

double mgm_wait(int m, double lambda, double mean, double cs2)
{
    if (lambda <= 0.0 || mean <= 0.0)
        return 0.0;
    double a = lambda * mean;
    if (!(a < (double)m))
        return INFINITY;
    return erlang_c(m, a) * mean / (m - a) * 0.5 * (1.0 + cs2);
}

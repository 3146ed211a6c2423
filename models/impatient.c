/* impatient.c - see impatient.h. */
#include "impatient.h"
#include <math.h>

int mm1_impatient(double lambda, double S, double tau, impatient_result *out)
{
    if (!(S > 0.0) || lambda < 0.0 || tau < 0.0 || isnan(tau))
        return -1;
    double mu = 1.0 / S, rho = lambda * S, a = mu - lambda;
    if (lambda == 0.0) {
        out->p_timeout = 0.0;
        out->wait_served = 0.0;
        out->wait_all = 0.0;
        out->p_idle = 1.0;
        return 0;
    }
    if (isinf(tau)) {
        if (!(rho < 1.0))
            return -1;
        out->p_timeout = 0.0;
        out->p_idle = 1.0 - rho;
        out->wait_served = rho * S / (1.0 - rho);
        out->wait_all = out->wait_served;
        return 0;
    }
    double at = a * tau;
    double E = exp(-at);
    /* integral_0^tau e^{-a x} dx and integral_0^tau x e^{-a x} dx, written so
     * that a -> 0 (rho -> 1) stays accurate */
    double i0, i1;
    if (fabs(at) < 1e-4) {
        i0 = tau * (1.0 - at / 2.0 + at * at / 6.0 - at * at * at / 24.0);
        i1 = tau * tau * (0.5 - at / 3.0 + at * at / 8.0 - at * at * at / 30.0);
    } else {
        i0 = -expm1(-at) / a;
        i1 = (-expm1(-at) - at * E) / (a * a);
    }
    double pi0 = 1.0 / (1.0 + lambda * i0 + rho * E);
    double pt = rho * E * pi0;
    double wq = lambda * pi0 * i1; /* sum over served customers of their wait, per arrival */
    out->p_idle = pi0;
    out->p_timeout = pt;
    out->wait_served = (pt < 1.0) ? wq / (1.0 - pt) : 0.0;
    out->wait_all = wq + pt * tau;
    return 0;
}

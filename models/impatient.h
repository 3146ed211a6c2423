/* impatient.h - M/M/1 queue whose customers leave if they have not started
 * service within a fixed time tau (M/M/1+D, "impatient customers with
 * deterministic impatience", the result seed 003 takes from Tijms).
 *
 * Owns the derivation used for seed 003 eqs 12-13.  With a = mu - lambda,
 * E = exp(-a tau), the virtual waiting time has an atom pi0 at 0 and density
 *   f(x) = lambda pi0 e^{-a x}                  0 < x <= tau
 *   f(x) = lambda pi0 E e^{-mu (x - tau)}       x > tau
 * (level crossing: only arrivals that see a workload <= tau join).  Hence
 *   pi0 = (1 - rho) / (1 - rho^2 E)
 *   P_t = P(V > tau) = rho (1 - rho) E / (1 - rho^2 E)            (eq 13)
 *   mean wait of served customers
 *       = lambda pi0 [1 - E (1 + a tau)] / a^2 / (1 - P_t).
 * It has a steady state for every rho (impatience bounds the workload).
 */
#ifndef QM_IMPATIENT_H
#define QM_IMPATIENT_H

typedef struct {
    double p_timeout;   /* probability an arrival times out (leaves unserved) */
    double wait_served; /* mean wait of the customers that are served */
    double wait_all;    /* mean time in queue over all customers (timed-out ones count tau) */
    double p_idle;      /* pi0: probability an arrival finds the server idle */
} impatient_result;

/* lambda: arrival rate; S: mean (exponential) service time; tau >= 0, may be
 * INFINITY (then it is the plain M/M/1 and needs lambda S < 1).
 * Returns 0, or -1 for bad arguments / tau = inf with rho >= 1. */
int mm1_impatient(double lambda, double S, double tau, impatient_result *out);

#endif

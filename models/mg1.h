/* mg1.h - single-server and multi-server queue formulas shared by all models.
 *
 * Owns: Pollaczek-Khinchine mean wait (M/G/1), M/M/1 mean wait, and the
 * M/G/m approximation (Erlang C with the Allen-Cunneen variability factor)
 * used by the refined model.  Every function returns INFINITY when the queue
 * has no steady state (utilisation >= 1), so callers can test isfinite().
 */
#ifndef QM_MG1_H
#define QM_MG1_H

/* M/G/1 mean waiting time in queue (excluding service):
 *   W = lambda E[S^2] / (2 (1 - lambda E[S])).  */
double mg1_wait(double lambda, double mean, double second_moment);

/* Same, with the service time given by mean and variance. */
double mg1_wait_var(double lambda, double mean, double var);

/* M/M/1 mean waiting time in queue: rho S / (1 - rho), rho = lambda S. */
double mm1_wait(double lambda, double mean);

/* Erlang C: probability that an arrival to M/M/m with offered load a
 * (= lambda S, in Erlangs) has to wait.  1 when a >= m. */
double erlang_c(int m, double a);

/* M/G/m mean wait, Allen-Cunneen: ErlangC(m,a) * S / (m - a) * (1 + cs2) / 2,
 * cs2 = squared coefficient of variation of the service time. */
double mgm_wait(int m, double lambda, double mean, double cs2);

#endif

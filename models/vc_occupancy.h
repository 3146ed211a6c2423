/* vc_occupancy.h - virtual-channel occupancy of one physical channel.
 *
 * Owns: Dally's Markov chain for the number v (0..V) of busy virtual
 * channels (seed 000 eq 20, 002 eq 21, 003 eq 10, 004's P_{d_i,j}), the
 * average multiplexing degree Vbar = sum v^2 P_v / sum v P_v (000 eq 21).
 * (The refined model uses its own occupancy, see refined.c.)
 *
 * Dally's chain: arrivals lambda move v -> v+1, the channel completes one
 * message per S cycles whatever v is (the channel bandwidth is shared), so
 * with rho = lambda S:  P_v = (1 - rho) rho^v for v < V and P_V = rho^V.
 * (The seeds print it through unnormalised Q_v; normalising gives this.)
 */
#ifndef QM_VC_OCCUPANCY_H
#define QM_VC_OCCUPANCY_H

/* Fill P[0..V].  Returns 0, or -1 (P untouched) when lambda*S >= 1. */
int vc_occupancy(double lambda, double S, int V, double *P);

/* sum v^2 P_v / sum v P_v over v = 0..V; 1 when nothing is busy (the
 * limit as load -> 0). */
double vc_vbar(const double *P, int V);

#endif

/* qm_geometry.h - hop-count distributions of tori and hypercubes under uniform
 * traffic, and the small combinatorics the models need.
 *
 * Owns: per-dimension hop distributions (uni- and bidirectional rings, with
 * the half-way tie rule of even radices), the network distance
 * distribution, exact mean distances, guarded binomials (GSL), and seed
 * 004's multiset-combination count C_m^{d,(k_{d-1},...,k_0)}.
 * Destinations are uniform over the N-1 nodes other than the source.
 */
#ifndef QM_GEOMETRY_H
#define QM_GEOMETRY_H

#define QM_TOPO_MAXK 256  /* largest radix handled */
#define QM_TOPO_MAXD 2048 /* largest network diameter handled */

/* Binomial coefficient C(n, m); 0 when m < 0, m > n or n < 0. */
double qm_choose(int n, int m);

/* Number of m-combinations of d distinguishable types, type i having kk[i]
 * identical items (seed 004's C_m^{d,(kk[d-1],...,kk[0])}), by the paper's
 * recursion on the last type.  kk[i] >= 0. */
double comb_multiset(int m, int d, const int *kk);

/* Hop distribution along one ring of radix k, over the k positions of the
 * destination coordinate (h = 0 included).  bidir = 0: unidirectional,
 * h = 0..k-1.  bidir = 1: minimal direction, h = 0..floor(k/2).
 * qplus[h]/qminus[h]: fraction of positions reached with h hops in the +/-
 * direction (qplus[0] = qminus[0] = 1/k, counting "no hop" on both sides).
 * tie_positive = 1 sends the half-way destination of even k always in +;
 * 0 splits it evenly.  Returns the largest h. Arrays need k entries. */
int ring_hops(int k, int bidir, int tie_positive, double *qplus, double *qminus);

/* cnt[m] = number of nodes at distance m (m = 0..return value) from a node
 * of a torus (bidir 0/1) with radices k[0..n-1].  Hypercube = k[i] = 2. */
int net_distance_counts(int n, const int *k, int bidir, double *cnt);

/* Exact mean distance over the N-1 other nodes. */
double net_mean_distance(int n, const int *k, int bidir);

/* Number of nodes. */
double net_nodes(int n, const int *k);

#endif

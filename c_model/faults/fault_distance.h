/* fault_distance.h: the mean shortest-path distance between the nodes a fault set leaves,
 * through those nodes only (the hop count of the zero-load line with faults). Owns the
 * computation; the fault set itself is faults.h's. */
#ifndef FLITNET_FAULT_DISTANCE_H
#define FLITNET_FAULT_DISTANCE_H
#include "topology.h"
#include <stdint.h>

/* mean over ordered pairs (s, t), s != t, of nodes not blocked and t reachable from s, of
 * the length of a shortest path from s to t through nodes not blocked; NAN on no memory */
double faults_mean_distance(const topology *t, const uint8_t *blocked);
/* the same by a breadth-first search from every node: O(N^2) (the reference the tests
 * compare with) */
double faults_mean_distance_bfs(const topology *t, const uint8_t *blocked);
#endif

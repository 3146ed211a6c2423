/* faults.h: the set of faulty nodes of a run (docs/microarchitecture.md §7.1): read from
 * a list or drawn at random, and checked: the fault-free nodes must stay connected and,
 * for swft, every ordered pair of them must be delivered without a rerouting loop. */
#ifndef FLITNET_FAULTS_H
#define FLITNET_FAULTS_H
#include "route.h"
#include "topology.h"
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t *faulty;  /* [N] 1 = faulty */
    int nf;
} fault_set;

/* zeroed array for N nodes; the routing is then initialised with fs->faulty */
int faults_alloc(fault_set *fs, const topology *t);
/* fills the set from `list` ("3,17,22", may be empty) or draws `count` nodes from `seed`,
 * and checks it with the routing (which must point at fs->faulty). 0, or -1 with a
 * one-line reason naming the first pair that fails. */
int faults_build(fault_set *fs, const topology *t, const routing *rt, const char *list, int count, uint64_t seed,
                 char *err, size_t errlen);
void faults_free(fault_set *fs);
/* -1 if the fault-free nodes are connected, else a fault-free node that node a cannot reach
 * (a = the lowest fault-free node) */
int faults_disconnected(const topology *t, const uint8_t *faulty, int *a);
/* swft with the node software of §7.1 delivers every fault-free pair: 0, else -1 with the pair */
int faults_swft_check(const routing *rt, int *bad_src, int *bad_dst);
#endif

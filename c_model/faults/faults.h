/* faults.h: the fault set of a run (docs/microarchitecture.md §7.1, §7.2): faulty nodes
 * listed, read from a file or drawn at random; for the block fault model, the regions
 * (boxes) they form and the fault-free nodes disabled to form them. A set is accepted
 * when the usable nodes stay connected, the regions can be gone round and, where the
 * caller gives one, its check passes (software rerouting's delivery, §7.1); a drawn set is
 * drawn again until it is. Block sets (f-rings) take no check: they depend on the
 * topology and the fault keys only, the same for every routing. */
#ifndef FLITNET_FAULTS_H
#define FLITNET_FAULTS_H
#include "topology.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* drawn sets are drawn again at most this many times */
#define FAULT_MAX_DRAWS 1000
/* how the refusal of a drawn set that stayed outside the block model in every draw begins
 * (faults --seeds and cdg --seeds count such seeds apart from the sets they check) */
#define FAULT_NO_SET "no usable set of "
/* block regions need the 3^n - 1 Chebyshev neighbours: small n only */
#define FAULT_MAX_BLOCK_DIMS 6

typedef struct {
    int lo[MAX_DIMS], len[MAX_DIMS];  /* per dimension: first coordinate and extent (mod k on tori) */
    int nfaulty, ndisabled;
} fault_region;

typedef struct {
    uint8_t *faulty;    /* [N] 1 = faulty (listed or drawn) */
    uint8_t *blocked;   /* [N] 1 = faulty or disabled: no traffic, no route enters it */
    int nf, ndisabled;
    int nregions;
    fault_region *regions;
    int *region_of;     /* [N] region index of a blocked node, else -1 */
    int draws;          /* draws a random set took (0: given) */
    int *work;          /* [N] forming the regions: a stack of nodes */
} fault_set;

typedef struct {
    const char *list;   /* "3,17,22" or NULL */
    const char *file;   /* path or NULL */
    int count;          /* drawn nodes (after resolving a percentage) */
    uint64_t seed;
    int block;          /* 1: form block regions (f-rings), 0: the nodes alone (swft) */
} fault_spec;

/* the caller's check of a candidate set (software rerouting only): 0, or -1 with a reason */
typedef int (*fault_accept)(void *ctx, const fault_set *fs, char *err, size_t errlen);

/* builds the set; 0, or -1 with a one-line reason (for a drawn set: the last draw's), and
 * then fs owns no memory */
int faults_build(fault_set *fs, const topology *t, const fault_spec *sp, fault_accept accept, void *ctx, char *err,
                 size_t errlen);
void faults_free(fault_set *fs);
/* the nodes a fault_nodes list names, checked as faults_build checks it; or -1 with the reason */
int faults_list_count(const topology *t, const char *list, char *err, size_t errlen);
/* the block regions of the faulty nodes alone (for the tests): 0 with the blocked nodes in
 * blocked[N] (when not NULL), -1 with the reason when a region cannot be gone round, -2
 * out of memory; `quick` as for a draw that is not the last (a refusal without its
 * reason, as soon as it is certain) */
int faults_form(const topology *t, const uint8_t *faulty, int quick, uint8_t *blocked, char *err, size_t errlen);
/* -1 if the nodes not blocked are connected, else one that node *a (the lowest) cannot reach */
int faults_disconnected(const topology *t, const uint8_t *blocked, int *a);
/* the number of nodes `faults = P%` draws: round(P * N / 100), half up */
int faults_percent_count(double percent, int N);
/* the text map of §7.2: grid(s), regions, rings */
void faults_print(FILE *f, const fault_set *fs, const topology *t);
#endif

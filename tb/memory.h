/* memory.h: whether a run fits the machine's memory, decided before anything large is
 * allocated. The estimate is the network's arrays exactly (network_bytes), the nodes'
 * sources, sinks and message records, and the source queues at max_queue (reserved whole,
 * filled only as messages wait). The network and the nodes must fit the kernel's
 * MemAvailable; all three must fit the address-space limit (ulimit -v) when one is set. */
#ifndef FLITNET_MEMORY_H
#define FLITNET_MEMORY_H
#include "config.h"
#include "topology.h"
#include <stddef.h>

typedef struct {
    size_t network, nodes, queues; /* bytes: the routers, the node ends, the queues at max_queue */
} mem_estimate;

void memory_estimate(const sim_config *c, const topology *t, mem_estimate *e);
/* 0, or -1 with one line naming the estimate and what is available */
int memory_check(const sim_config *c, const topology *t, char *err, size_t errlen);
/* the same for `workers` runs of c at once (sweep -j): their networks and nodes together
 * must fit MemAvailable (each run checks only itself) */
int memory_check_workers(const sim_config *c, int workers, char *err, size_t errlen);
#endif

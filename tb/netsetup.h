/* netsetup.h: everything a run builds from a configuration before its first cycle:
 * topology, flit layout, routing (with its fault layer), fault set, the routers and the
 * traffic stream. Both the simulator (sim.c) and the co-simulation harness (tests/cosim)
 * build through here, so they cannot drift apart. */
#ifndef FLITNET_NETSETUP_H
#define FLITNET_NETSETUP_H
#include "config.h"
#include "faults.h"
#include "flit.h"
#include "network.h"
#include "route.h"
#include "topology.h"
#include "traffic.h"

typedef struct {
    topology t;
    flit_layout fl;
    fault_set fs;          /* empty without faults */
    routing rt;
    network net;
    traffic tr;
    const uint8_t *faulty; /* = fs.blocked: faulty or disabled nodes (what the RTL's faulty_i gets), or NULL */
    fault_handling fh;
    int built;             /* parts to free */
} net_setup;

/* the fault handling a configuration asks for (auto resolved; FH_NONE without faults) */
fault_handling net_setup_fault_handling(const sim_config *c);
/* topology, layout, routing and fault set only (flitnet faults, flitnet cdg) */
int net_setup_routing(net_setup *s, const sim_config *c, char *err, size_t errlen);
/* what a run refuses before it allocates the routers (routing, faults, traffic), without
 * keeping anything: for commands that write runs for later (sweep --jobs) */
int net_setup_check(const sim_config *c, char *err, size_t errlen);
/* the whole run */
int net_setup_build(net_setup *s, const sim_config *c, char *err, size_t errlen);
void net_setup_free(net_setup *s);
#endif

/* netsetup.h: everything a run builds from a configuration before its first cycle:
 * topology, flit layout, fault set, routing, the routers and the traffic stream. Both the
 * simulator (sim.c) and the co-simulation harness (tests/cosim) build through here, so
 * they cannot drift apart. */
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
    fault_set fs;        /* fs.faulty is NULL without faults */
    routing rt;
    network net;
    traffic tr;
    const uint8_t *faulty; /* = fs.faulty */
    int nfaulty;
    int built;           /* parts to free */
} net_setup;

int net_setup_build(net_setup *s, const sim_config *c, char *err, size_t errlen);
void net_setup_free(net_setup *s);
#endif

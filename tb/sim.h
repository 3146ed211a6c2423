/* sim.h: one simulation run: builds the network, sources, sinks and traffic from a
 * configuration, runs the cycle loop with the deadlock watchdog and the saturation
 * check, and gathers the measurements. */
#ifndef FLITNET_SIM_H
#define FLITNET_SIM_H
#include "config.h"
#include "faults.h"
#include "network.h"
#include "route.h"
#include "topology.h"
#include <stdint.h>

typedef struct {
    /* latency, cycles */
    double avg_latency, avg_network_latency, avg_source_wait, latency_ci95;
    int ci_batches;           /* the batches the interval is over: those that hold a message */
    int batches_reached;      /* the batches the run got into (fewer than batches when it stopped early) */
    double p50, p90, p99, max_latency;
    double zero_load_latency;     /* the contract's closed form for this traffic */
    /* throughput */
    double offered_flit_rate, accepted_flit_rate, normalized_throughput, capacity;
    uint64_t messages_generated, messages_delivered, messages_measured;
    uint64_t messages_dropped;    /* source_full = drop: generated at a full source queue and dropped */
    int source_drop;              /* 1: source_full = drop (the JSON and summary then give messages_dropped) */
    uint64_t messages_rerouted;   /* re-injections by the node software (swft, §7.1) */
    uint64_t flits_injected, flits_delivered, flit_hops;
    long flits_in_flight, messages_queued;
    uint64_t cycles;
    double wall_seconds;
    int threads;                  /* threads that stepped the run (the key resolved): no result depends on it */
    /* Little's law over the window: time-average messages in the system vs rate x latency */
    double little_L, little_lambda_W;
    /* outcome */
    int saturated;
    char saturated_why[256];
    int deadlock;
    int drained;                  /* drain = 1 and the network emptied (a saturated run stops undrained) */
    int batches;                  /* the CI's batches: the key's, or fewer when precision stopped the run */
    int precision_stop;           /* precision > 0 and the CI reached it: the run ended at `cycles` early */
    char *deadlock_report;        /* malloc'd, or NULL */
    uint64_t corrupt, nonminimal;
    /* faults (§7.2): the map, and what the detours cost */
    int fault_handling;           /* FH_NONE, FH_FRING, FH_SOFTWARE */
    int8_t *fault_state;          /* [N] 0 fault-free, 1 faulty, 2 disabled; NULL without faults */
    int fault_draws, nregions;
    fault_region *regions;        /* [nregions] */
    uint64_t misrouted;           /* messages delivered after more hops than their minimal distance */
    uint64_t ring_flit_hops;      /* in-window flit-hops on the ring VCs (f-rings with ring VCs) */
    int ring_vcs;                 /* ring VCs (0: none, or the routing's own classes carry the ring hops) */
    char not_deadlock_free[160];  /* dateline = 0: the escape graph's cycle as `flitnet cdg` finds it, or "" */
    char corrupt_first[256];
    uint64_t vcd_from, vcd_to;    /* the cycles the VCD holds (when one was written) */
    /* per VC index and per channel (window) */
    int V, N, Pn, n;
    double vc_usage[MAX_VCS];     /* fraction of network-channel cycles the VC index was allocated */
    double vc_flit_share[MAX_VCS];
    double *chan_util;            /* [N*Pn], -1 for unconnected ports */
    double *node_load;            /* [N] mean utilisation of the node's output channels */
    /* checks */
    uint64_t fingerprint;         /* hash of every delivery (cycle, node, message): determinism */
} sim_result;

typedef struct {
    int shuffle_order;            /* evaluate the nodes in a per-cycle random order (tests) */
    int per_router;               /* step the routers one at a time (network.c), not stage by stage
                                   * (network_staged.c, B = Bo = 1): the same cycle (tests) */
    int quiet;
    const char *vcd;              /* write the routers' waves (c_model/waves/vcd.h) here, or NULL */
    uint64_t vcd_from, vcd_to;    /* cycles written, inclusive */
    int check_invariants;         /* N > 0: check the routers' state after every N-th cycle (c_model/router/invariants.h) */
    int vcd_auto_window;          /* ignore vcd_to: write the first SIM_VCD_BUDGET / (N P V) cycles (at most 1000) */
} sim_options;

/* the default VCD window holds about this many VC-cycles (nodes x ports x VCs x cycles):
 * 100 cycles of the default 8x8, V = 10 network, a few MB */
#define SIM_VCD_BUDGET 320000

/* Runs one simulation. Returns 0 (result filled, possibly saturated or deadlocked), or
 * -1 with a one-line reason in err for bad input. */
int sim_run(const sim_config *cfg, const sim_options *opt, sim_result *res, char *err, size_t errlen);
void sim_result_free(sim_result *r);

/* The same run stepped by a caller that owns the clock (the SystemC binding, systemc/):
 * sim_open sets the run up (NULL and a reason in err for bad input), each sim_cycle
 * simulates the next cycle exactly as sim_run's loop does (0: the run goes on; 1: it has
 * ended; -1: an error, in err), and sim_close measures it into res and frees the session
 * (0, or -1 with err; res is then empty). sim_run is these three. */
typedef struct sim_session sim_session;
sim_session *sim_open(const sim_config *cfg, const sim_options *opt, sim_result *res, char *err, size_t errlen);
int sim_cycle(sim_session *s, char *err, size_t errlen);
int sim_close(sim_session *s, char *err, size_t errlen);
/* the next cycle sim_cycle simulates; the network and topology (read only: the signals of
 * cycle t are the slots of parity t, network.h) */
uint64_t sim_now(const sim_session *s);
const network *sim_network(const sim_session *s);
const topology *sim_topology(const sim_session *s);
#endif

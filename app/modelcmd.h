/* modelcmd.h: `flitnet model` (a queueing model's latency curve for a configuration)
 * and `flitnet compare` (the simulated sweep beside the matching model, with errors and
 * a plot). Both take the simulator's configuration keys plus the model's own:
 * model, variant, tau, faults, fault_prob, reinject_delay. */
#ifndef FLITNET_MODELCMD_H
#define FLITNET_MODELCMD_H
int cmd_model(int argc, char **argv);
int cmd_compare(int argc, char **argv);
#endif

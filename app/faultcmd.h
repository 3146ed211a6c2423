/* faultcmd.h: `flitnet faults` (the fault map a configuration asks for) and `flitnet cdg`
 * (the proof of docs/microarchitecture.md §6.6 for a configuration and its fault set). */
#ifndef FLITNET_FAULTCMD_H
#define FLITNET_FAULTCMD_H
int cmd_faults(int argc, char **argv);
/* exit 0: delivery and an acyclic escape graph; 2: a cycle, a livelock or a stuck state */
int cmd_cdg(int argc, char **argv);
#endif

/* vcd.h: a VCD writer for the C model's routers, with the hierarchy and signal names
 * of the Verilog network (rtl/flitnet_network.sv under Verilator's TOP), so that one
 * GTKWave view and one comparison serve both (docs/rtl.md lists the shared signals).
 *
 * Timing follows the RTL testbench: at time 10t the clock rises, registers hold
 * state(t) and the routers drive their outputs of cycle t; at 10t+5 the clock falls
 * and the injection channels carry the sources' flits of cycle t.
 *
 * The writer only reads the network; a run that does not open one pays nothing. */
#ifndef FLITNET_VCD_H
#define FLITNET_VCD_H
#include "network.h"
#include <stddef.h>
#include <stdint.h>

typedef struct vcd_writer vcd_writer;

/* Writes cycles t_from..t_to (inclusive) of net to path. Call before cycle 0 is
 * stepped. Returns NULL with a reason in err. */
vcd_writer *vcd_open(const char *path, const network *net, uint64_t t_from, uint64_t t_to, char *err,
                     size_t errlen);
/* after every source and router has been stepped in cycle t; t = 0, 1, 2, ... */
void vcd_cycle(vcd_writer *w, const network *net, uint64_t t);
/* the errno of the first write that failed (0: none yet); checked after each cycle */
int vcd_error(const vcd_writer *w);
/* closes the file; 0, or -1 if writing failed (errno says why) */
int vcd_close(vcd_writer *w);
#endif

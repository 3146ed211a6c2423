/* bench.h: `flitnet bench`: simulator speed (simulated cycles/s, flit-hops/s, peak
 * RSS, instructions per flit-hop where the hardware counts them) on the reference networks
 * at 20 %, 60 % and 100 % of their saturation rate, DOR and duato_nbc; --points prints
 * only the rates (scripts/bench_instr.sh counts their instructions under callgrind). */
#ifndef FLITNET_BENCH_H
#define FLITNET_BENCH_H
int bench_main(int argc, char **argv);
#endif

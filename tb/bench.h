/* bench.h: `flitnet bench`: simulator speed (simulated cycles/s, flit-hops/s, peak
 * RSS) on the reference networks at 20 %, 60 % and 100 % of their saturation rate. */
#ifndef FLITNET_BENCH_H
#define FLITNET_BENCH_H
int bench_main(int argc, char **argv);
#endif

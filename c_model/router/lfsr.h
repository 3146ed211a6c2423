/* lfsr.h: the routers' 16-bit Galois LFSR (docs/microarchitecture.md §8).
 * It advances once per cycle whatever the router does, so its value is a pure
 * function of (seed, cycle): lfsr_at() looks it up instead of stepping idle
 * routers. */
#ifndef FLITNET_LFSR_H
#define FLITNET_LFSR_H
#include <stdint.h>

#define LFSR_TAPS 0xB400u
#define LFSR_PERIOD 65535u

static inline uint16_t lfsr_step(uint16_t s) { return (uint16_t)((s >> 1) ^ ((s & 1u) ? LFSR_TAPS : 0u)); }

/* the reset value of router x for a run seed */
uint16_t lfsr_seed(uint64_t seed, int x);
/* position of state s (nonzero) in the sequence starting from 1 */
uint32_t lfsr_position(uint16_t s);
/* the LFSR of a router whose reset state sits at position pos, in cycle t */
uint16_t lfsr_at(uint32_t pos, uint64_t t);
#endif

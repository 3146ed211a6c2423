/* lfsr.c: see lfsr.h. The tables are built once, on first use. */
#include "lfsr.h"
#include "rng.h"

static uint16_t seq[LFSR_PERIOD];
static uint16_t pos_of[65536];
static int built;

static void build(void)
{
    uint16_t s = 1;
    for (uint32_t i = 0; i < LFSR_PERIOD; i++) {
        seq[i] = s;
        pos_of[s] = (uint16_t)i;
        s = lfsr_step(s);
    }
    built = 1;
}

uint16_t lfsr_seed(uint64_t seed, int x)
{
    uint16_t s = (uint16_t)(splitmix64(seed ^ ((uint64_t)x * 0x9E3779B97F4A7C15ULL)) & 0xFFFF);
    return s ? s : 1;
}

uint32_t lfsr_position(uint16_t s)
{
    if (!built) build();
    return pos_of[s];
}

/* t mod 65535 without a division (2^16 is 1 modulo 65535: the 16-bit digits add up) */
static inline uint32_t mod_period(uint64_t t)
{
    uint64_t s = (t & 0xFFFF) + (t >> 16 & 0xFFFF) + (t >> 32 & 0xFFFF) + (t >> 48);
    s = (s & 0xFFFF) + (s >> 16);
    s = (s & 0xFFFF) + (s >> 16);
    return s >= LFSR_PERIOD ? (uint32_t)(s - LFSR_PERIOD) : (uint32_t)s;
}

uint16_t lfsr_at(uint32_t pos, uint64_t t)
{
    if (!built) build();
    uint32_t i = pos + mod_period(t); /* pos < LFSR_PERIOD */
    if (i >= LFSR_PERIOD) i -= LFSR_PERIOD;
    return seq[i];
}

/* rng.h: the random streams of flitnet.
 * splitmix64 derives seeds (and the routers' LFSR seeds, microarchitecture.md §8);
 * xoshiro256** is the per-node traffic stream. Both are fixed algorithms so that
 * the same seed gives the same message stream on every machine and in the RTL
 * co-simulation. */
#ifndef FLITNET_RNG_H
#define FLITNET_RNG_H
#include <stdint.h>
#include <math.h>

static inline uint64_t splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

typedef struct { uint64_t s[4]; } rng_t;

static inline void rng_seed(rng_t *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = splitmix64(seed) ^ splitmix64(stream + 0x632BE59BD9B4E019ULL);
    for (int i = 0; i < 4; i++) {
        x = splitmix64(x);
        r->s[i] = x;
    }
}

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5;
    uint64_t res = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return res;
}

/* uniform in [0,1) with 53 bits */
static inline double rng_uniform(rng_t *r)
{
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* uniform integer in [0,n) without modulo bias (Lemire) */
static inline uint32_t rng_below(rng_t *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* exponential with mean 1 */
static inline double rng_exp(rng_t *r)
{
    return -log1p(-rng_uniform(r));
}
#endif

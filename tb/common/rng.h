/* Small deterministic random number generator for testbenches (xoshiro256**, seeded
 * through splitmix64), so a seed reproduces a run on any host. */
#ifndef VGIW_RNG_H
#define VGIW_RNG_H

#include <stdint.h>

typedef struct rng { uint64_t s[4]; } rng_t;

static inline uint64_t rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void rng_seed(rng_t *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_u64(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

static inline uint32_t rng_u32(rng_t *r) { return (uint32_t)(rng_u64(r) >> 32); }

/* Uniform in [0, n), n > 0 (multiply-shift; bias is negligible for test generation). */
static inline uint32_t rng_below(rng_t *r, uint32_t n) { return (uint32_t)(((uint64_t)rng_u32(r) * n) >> 32); }

#endif

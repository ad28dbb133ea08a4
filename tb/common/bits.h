/* Bit-field access on little-endian arrays of 32-bit words, the form in which the C
 * shim passes wide ports (a packed array of tokens, a configuration record). Field
 * `lsb` .. `lsb + width - 1`, width 1..64. */
#ifndef VGIW_BITS_H
#define VGIW_BITS_H

#include <stdint.h>

static inline void bits_set(uint32_t *w, unsigned lsb, unsigned width, uint64_t v)
{
    for (unsigned i = 0; i < width; i++) {
        unsigned b = lsb + i;
        uint32_t m = 1u << (b % 32);
        if ((v >> i) & 1u)
            w[b / 32] |= m;
        else
            w[b / 32] &= ~m;
    }
}

static inline uint64_t bits_get(const uint32_t *w, unsigned lsb, unsigned width)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < width; i++) {
        unsigned b = lsb + i;
        v |= (uint64_t)((w[b / 32] >> (b % 32)) & 1u) << i;
    }
    return v;
}

#endif

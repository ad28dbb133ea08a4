/* lowest2 testbench (rtl/common/vgiw_lowest2.sv): random vectors of every density (empty, one
 * bit, a few, half, all) checked against a scan from bit 0 for the first two set bits.
 * L2_W is the -G parameter of the build (prim.mk). */
#include <stdint.h>

#include "bits.h"
#include "dut.h"
#include "rng.h"
#include "sim.h"

#define W L2_W
#define WORDS ((W + 31) / 32)
#define IW (W > 1 ? 32 - __builtin_clz(W - 1) : 1)

int main(int argc, char **argv)
{
    sim_init("lowest2_tb", argc, argv);
    rng_t r;
    rng_seed(&r, sim_args.seed);
    uint64_t count = sim_args.count ? sim_args.count : 100000;

    for (uint64_t v = 0; v < count; v++) {
        uint32_t data[WORDS] = {0};
        unsigned kind = rng_below(&r, 5);
        if (kind == 1) {                             /* exactly one bit */
            bits_set(data, rng_below(&r, W), 1, 1);
        } else if (kind > 1) {                       /* 1 in 2, 1 in W/4 or 1 in W */
            unsigned den = kind == 2 ? 2 : kind == 3 ? (W / 4 ? W / 4 : 1) : W;
            for (unsigned b = 0; b < W; b++)
                if (rng_below(&r, den) == 0)
                    bits_set(data, b, 1, 1);
        }
#if DUT_DATA_I_BITS > 64
        dut_setw_data_i(data);
#else
        dut_set_data_i((uint64_t)data[0] | (WORDS > 1 ? (uint64_t)data[WORDS - 1] << 32 : 0));
#endif
        sim_eval();

        int low[2] = {-1, -1};                       /* model: scan from bit 0 */
        for (unsigned b = 0, k = 0; b < W && k < 2; b++)
            if (bits_get(data, b, 1))
                low[k++] = (int)b;
        uint64_t vld = dut_get_valid_o(), idx = dut_get_idx_o();
        unsigned long long n = (unsigned long long)v;
        for (int k = 0; k < 2; k++) {
            sim_check_eq(vld >> k & 1, low[k] >= 0, "vector %llu: valid %d", n, k);
            sim_check_eq(idx >> (k * IW) & ((1u << IW) - 1), low[k] >= 0 ? (unsigned)low[k] : 0u,
                         "vector %llu: index %d", n, k);
        }
        sim_progress();
    }
    return sim_finish();
}

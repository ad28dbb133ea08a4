/* select_tree testbench (rtl/common/vgiw_select_tree.sv): random valid bits and keys, drawn
 * from a small range half of the time so that ties are common, each vector checked against a
 * scan that keeps the best so far and replaces it only by a strictly better one (the lowest
 * index wins ties). ST_N, ST_KEY_W and ST_MAX are the -G parameters of the build (prim.mk). */
#include <stdint.h>

#include "bits.h"
#include "dut.h"
#include "rng.h"
#include "sim.h"

#define N ST_N
#define KW ST_KEY_W
#define KEY_WORDS ((N * KW + 31) / 32)

int main(int argc, char **argv)
{
    sim_init("select_tree_tb", argc, argv);
    rng_t r;
    rng_seed(&r, sim_args.seed);
    uint64_t count = sim_args.count ? sim_args.count : 100000;
    const uint64_t kmask = KW >= 64 ? ~0ull : (1ull << KW) - 1;

    for (uint64_t v = 0; v < count; v++) {
        uint32_t valid = 0, keyw[KEY_WORDS] = {0};
        uint64_t key[N];
        unsigned pv = rng_below(&r, 101);          /* density of valid candidates */
        int narrow = rng_below(&r, 2);              /* keys in 0..3: many ties */
        for (unsigned c = 0; c < N; c++) {
            valid |= (uint32_t)(rng_below(&r, 100) < pv) << c;
            key[c] = narrow ? rng_below(&r, 4) & kmask : rng_u64(&r) & kmask;
            bits_set(keyw, c * KW, KW, key[c]);
        }
        dut_set_valid_i(valid);
#if DUT_KEY_I_BITS > 64
        dut_setw_key_i(keyw);
#else
        uint64_t packed = 0;
        for (unsigned i = 0; i < KEY_WORDS; i++)
            packed |= (uint64_t)keyw[i] << 32 * i;
        dut_set_key_i(packed);
#endif
        sim_eval();

        int best = -1;                              /* model: scan, strictly better replaces */
        for (unsigned c = 0; c < N; c++)
            if (valid >> c & 1 && (best < 0 || (ST_MAX ? key[c] > key[best] : key[c] < key[best])))
                best = (int)c;
        sim_check_eq(dut_get_valid_o(), best >= 0, "vector %llu: valid (valid %x)", (unsigned long long)v, valid);
        if (best >= 0) {
            sim_check_eq(dut_get_idx_o(), (uint64_t)best, "vector %llu: index (valid %x)", (unsigned long long)v,
                         valid);
            sim_check_eq(dut_get_key_o(), key[best], "vector %llu: key (valid %x)", (unsigned long long)v, valid);
        }
        sim_progress();
    }
    return sim_finish();
}

/* vgiw_bbs_prefetch testbench (rtl/ctrl/vgiw_bbs_prefetch.sv, docs/ctrl.md "Configuration
 * cache"): random CVT summaries (sparse, dense, empty, one block), given to the module as their
 * two smallest non-empty blocks (as vgiw_lowest2 finds them, tested in tb/prim), current blocks,
 * successors (in range, none, the current block itself) and configuration cache probe results,
 * checked against a C model of the prefetch choice: the smallest of the other non-empty block
 * (the smallest non-empty block that is not the current one) and the two successors that is
 * neither the current block nor on chip; when there is none, the smaller of the expected next
 * block's two successors that is neither on chip, nor the current block, nor that block itself. */
#include <stdint.h>

#include "dut.h"
#include "rng.h"
#include "sim.h"
#include "vgiw_cfg.h"

#define MAXB VGIW_BBS_MAX_BLOCKS
#define NONE 0xffffu   /* BT_SUCC_NONE (arch/core.toml) */
#define BW   (MAXB > 1 ? 32 - __builtin_clz(MAXB - 1) : 1)   /* $clog2(MAXB) */
#define SUMW ((MAXB + 31) / 32)

int main(int argc, char **argv)
{
    sim_init("vgiw_bbs_prefetch_tb", argc, argv);
    sim_reset(2);
    rng_t r;
    rng_seed(&r, sim_args.seed);
    uint64_t count = sim_args.count ? sim_args.count : 100000;
    for (uint64_t n = 0; n < count; n++) {
        uint32_t sum[SUMW] = {0};
        unsigned kind = rng_below(&r, 4);
        for (unsigned b = 0; b < MAXB; b++) {
            int set = kind == 0 ? 0 : kind == 1 ? rng_below(&r, MAXB) == 0 : kind == 2 ? rng_below(&r, 2) : rng_below(&r, 8) == 0;
            if (set)
                sum[b / 32] |= 1u << (b % 32);
        }
        unsigned cur = rng_below(&r, MAXB);
        if (rng_below(&r, 2)) {          /* often the current block is non-empty too */
            sum[cur / 32] |= 1u << (cur % 32);
        }
        unsigned s[2];
        for (int i = 0; i < 2; i++) {
            unsigned k = rng_below(&r, 4);
            s[i] = k == 0 ? NONE : k == 1 ? cur : rng_below(&r, MAXB);
        }
        /* the block expected next and its successors (the prefetch after next) */
        unsigned deep = rng_below(&r, 4) != 0, tgt = rng_below(&r, MAXB), ts[2];
        for (int i = 0; i < 2; i++) {
            unsigned k = rng_below(&r, 5);
            ts[i] = k == 0 ? NONE : k == 1 ? cur : k == 2 ? tgt : rng_below(&r, MAXB);
        }
        /* the next block's candidates all on chip in a quarter of the cases */
        unsigned hit = rng_below(&r, 4) == 0 ? 7u | rng_below(&r, 4) << 3 : rng_below(&r, 32);
        unsigned low[2] = {0, 0}, nlow = 0;     /* the summary's two smallest non-empty blocks */
        for (unsigned b = 0; b < MAXB && nlow < 2; b++)
            if (sum[b / 32] >> (b % 32) & 1)
                low[nlow++] = b;
        dut_set_low_vld_i((1u << nlow) - 1);
        dut_set_low_i((uint64_t)low[1] << BW | low[0]);
        dut_set_cur_i(cur);
        dut_set_succ0_i(s[0]);
        dut_set_succ1_i(s[1]);
        dut_set_deep_i(deep);
        dut_set_tgt_i(tgt);
        dut_set_tsucc0_i(ts[0]);
        dut_set_tsucc1_i(ts[1]);
        dut_set_cand_hit_i(hit);
        sim_eval();

        int other = -1;
        for (unsigned b = 0; b < MAXB && other < 0; b++)
            if (sum[b / 32] >> (b % 32) & 1 && b != cur)
                other = (int)b;
        unsigned long long N = (unsigned long long)n;
        sim_check_eq(dut_get_other_vld_o(), other >= 0, "case %llu: other non-empty block", N);
        unsigned cand[5] = {other >= 0 ? (unsigned)other : 0, s[0] % MAXB, s[1] % MAXB, ts[0] % MAXB, ts[1] % MAXB};
        int vld[5] = {other >= 0, s[0] != NONE && s[0] % MAXB != cur, s[1] != NONE && s[1] % MAXB != cur,
                      deep && ts[0] != NONE && ts[0] % MAXB != cur && ts[0] % MAXB != tgt,
                      deep && ts[1] != NONE && ts[1] % MAXB != cur && ts[1] % MAXB != tgt};
        uint32_t cw[(5 * BW + 31) / 32 + 1] = {0};
#if DUT_CAND_O_BITS > 64
        dut_getw_cand_o(cw);
#else
        { uint64_t c = dut_get_cand_o(); cw[0] = (uint32_t)c; cw[1] = (uint32_t)(c >> 32); }
#endif
        for (int i = 0; i < 5; i++) {
            unsigned got = 0;
            for (int bit = 0; bit < BW; bit++) {
                unsigned pos = (unsigned)(BW * i + bit);
                got |= (cw[pos / 32] >> (pos % 32) & 1u) << bit;
            }
            if (vld[i])
                sim_check_eq(got, cand[i], "case %llu: candidate %d", N, i);
        }
        /* the next block's candidates first; only with all of them on chip, the block after next's */
        int pred = -1;
        for (int lvl = 0; lvl < 2 && pred < 0; lvl++)
            for (int i = lvl ? 3 : 0; i < (lvl ? 5 : 3); i++)
                if (vld[i] && !(hit >> i & 1) && (pred < 0 || cand[i] < (unsigned)pred))
                    pred = (int)cand[i];
        sim_check_eq(dut_get_predict_vld_o(), pred >= 0, "case %llu: prefetch valid", N);
        if (pred >= 0)
            sim_check_eq(dut_get_predict_o(), (unsigned)pred, "case %llu: prefetch block", N);
        sim_progress();
        sim_step();
    }
    return sim_finish();
}

/* vgiw_bbs_counters testbench (rtl/ctrl/vgiw_bbs_counters.sv, docs/ctrl.md "Counters"): random
 * events, blocks, thread bitmaps, unit firings, run/clear phases and mem_system counter values;
 * every cycle a random counter index (the whole map of arch/core.toml, the holes and indices
 * past the end included) is selected, and in the next cycle its value is checked against a C
 * model of the counters: the fixed and mem_system counters as they are in that cycle, the unit
 * firings (registered before they count) as they were a cycle before, the per-block ones (block
 * RAM, updated in a two-stage pipeline) as they were two cycles before, except that a start makes
 * them read 0 at once. After a start the blocks' table entries load one by one (blk_load_i, as
 * the BBS loads its block table), a block counts only once its entry has loaded, and the
 * counters of a block not yet loaded read 0 whatever the RAM held before the start. */
#include <stdint.h>
#include <string.h>

#include "dut.h"
#include "rng.h"
#include "sim.h"
#include "vgiw_cfg.h"

#define NFIX  VGIW_CNT_FIXED_COUNT
#define NX    VGIW_CNT_EXT_COUNT
#define MAXB  VGIW_BBS_MAX_BLOCKS
#define U     VGIW_FABRIC_UNITS

static uint64_t fix[NFIX], fire[U], exec_c[MAXB], thr_c[MAXB], blkcyc[MAXB], ext[NX];
/* the per-block counters at the start of the last two cycles: [0] one cycle ago, [1] two */
static uint64_t hist_exec[2][MAXB], hist_thr[2][MAXB], hist_cyc[2][MAXB];
/* the unit firings at the start of the last cycle */
static uint64_t hist_fire[U];

/* the counters are counters.bits wide (TB_COUNTER_BITS when the build narrows them to see them
 * wrap) and wrap there; mem_system's come in at 64 bits */
#ifndef TB_COUNTER_BITS
#define TB_COUNTER_BITS VGIW_COUNTERS_BITS
#endif
#define CNT_MASK (TB_COUNTER_BITS >= 64 ? ~0ull : (1ull << (TB_COUNTER_BITS % 64)) - 1)

static uint64_t model_own(unsigned sel)
{
    if (sel - VGIW_CNT_FIXED < NFIX)   /* CNT_FIXED is 0 */
        return fix[sel - VGIW_CNT_FIXED];
    if (sel >= VGIW_CNT_BLK_EXEC && sel < VGIW_CNT_BLK_EXEC + MAXB)
        return hist_exec[1][sel - VGIW_CNT_BLK_EXEC];
    if (sel >= VGIW_CNT_BLK_THR && sel < VGIW_CNT_BLK_THR + MAXB)
        return hist_thr[1][sel - VGIW_CNT_BLK_THR];
    if (sel >= VGIW_CNT_UNIT_FIRE && sel < VGIW_CNT_UNIT_FIRE + U)
        return hist_fire[sel - VGIW_CNT_UNIT_FIRE];
#ifdef VGIW_CNT_BLK_CYCLES
    if (sel >= VGIW_CNT_BLK_CYCLES && sel < VGIW_CNT_BLK_CYCLES + MAXB)
        return hist_cyc[1][sel - VGIW_CNT_BLK_CYCLES];
#endif
    return 0;
}

static uint64_t model_read(unsigned sel)
{
    if (sel >= VGIW_CNT_EXT && sel < VGIW_CNT_EXT + NX)
        return ext[sel - VGIW_CNT_EXT];
    return model_own(sel) & CNT_MASK;
}

static void set_wide(void (*set)(const uint32_t *), const uint64_t *v, unsigned n)
{
    uint32_t w[2 * NX + 2 * U];
    for (unsigned i = 0; i < n; i++) {
        w[2 * i] = (uint32_t)v[i];
        w[2 * i + 1] = (uint32_t)(v[i] >> 32);
    }
    set(w);
}

int main(int argc, char **argv)
{
    sim_init("vgiw_bbs_counters_tb", argc, argv);
    sim_reset(2);
    rng_t r;
    rng_seed(&r, sim_args.seed);
    uint64_t count = sim_args.count ? sim_args.count : 100000;
    int run = 0;
    unsigned prev_sel = 0;   /* the index of the last cycle: read in this one */
    unsigned hot = 0;                     /* most events go to a few blocks, so counts grow */
    unsigned loaded = 0, to_load = 1 + rng_below(&r, MAXB);   /* table entries loaded, to load */
    for (uint64_t cyc = 0; cyc < count; cyc++) {
        int clear = rng_below(&r, 2000) == 0;
        if (rng_below(&r, 500) == 0)
            run = !run;
        if (rng_below(&r, 1000) == 0 || hot >= loaded)
            hot = loaded ? rng_below(&r, loaded) : 0;
        /* after a start the entries load (some cycles apart) before any block counts, as the BBS
         * loads its block table before any block runs */
        int loading = loaded < to_load;
        int load = !clear && loading && rng_below(&r, 4) != 0;
        uint32_t inc = (uint32_t)rng_u64(&r) & ((1u << NFIX) - 1);
        uint64_t retire = rng_below(&r, 2) ? rng_u64(&r) : ~0ull;
        int exec_inc = rng_below(&r, 8) == 0, thr_inc = rng_below(&r, 2), cyc_inc = rng_below(&r, 3) != 0;
        if (loading)
            exec_inc = thr_inc = cyc_inc = 0;
        unsigned any = loaded ? loaded : 1;
        unsigned exec_blk = rng_below(&r, 2) ? hot : rng_below(&r, any);
        unsigned thr_blk = rng_below(&r, 2) ? hot : rng_below(&r, any);
        unsigned cyc_blk = rng_below(&r, 2) ? hot : rng_below(&r, any);
        uint64_t thr_bits = rng_u64(&r) & rng_u64(&r);
        uint64_t fires = rng_u64(&r) & ((U >= 64) ? ~0ull : ((1ull << U) - 1));
        if (rng_below(&r, 100) == 0)
            for (unsigned i = 0; i < NX; i++)
                ext[i] = rng_u64(&r);
        unsigned sel = rng_below(&r, VGIW_CNT_TOTAL + 8);

        dut_set_clear_i((uint64_t)clear);
        dut_set_run_i((uint64_t)run);
        dut_set_blk_load_i((uint64_t)load);
        dut_set_inc_i(inc);
        dut_set_retire_bits_i(retire);
        dut_set_exec_inc_i((uint64_t)exec_inc);
        dut_set_exec_blk_i(exec_blk);
        dut_set_thr_inc_i((uint64_t)thr_inc);
        dut_set_thr_blk_i(thr_blk);
        dut_set_thr_bits_i(thr_bits);
#ifdef VGIW_CNT_BLK_CYCLES
        dut_set_blk_cyc_inc_i((uint64_t)cyc_inc);
        dut_set_blk_cyc_blk_i(cyc_blk);
#else
        (void)cyc_inc;
        (void)cyc_blk;
#endif
#if DUT_UNIT_FIRE_I_BITS > 64
#error "unit_fire_i wider than 64 bits: extend the testbench"
#else
        dut_set_unit_fire_i(fires);
#endif
        set_wide(dut_setw_ext_cnt_i, ext, NX);
        dut_set_cnt_sel_i(sel);
        sim_eval();
        sim_check_eq(dut_get_cnt_value_o(), model_read(prev_sel), "cycle %llu: counter %u", (unsigned long long)cyc,
                     prev_sel);
        sim_progress();
        prev_sel = sel;
        memcpy(hist_exec[1], hist_exec[0], sizeof hist_exec[0]);
        memcpy(hist_thr[1], hist_thr[0], sizeof hist_thr[0]);
        memcpy(hist_cyc[1], hist_cyc[0], sizeof hist_cyc[0]);
        memcpy(hist_exec[0], exec_c, sizeof exec_c);
        memcpy(hist_thr[0], thr_c, sizeof thr_c);
        memcpy(hist_cyc[0], blkcyc, sizeof blkcyc);
        memcpy(hist_fire, fire, sizeof fire);

        if (load)
            loaded++;
        if (clear) {
            loaded = 0;
            to_load = 1 + rng_below(&r, MAXB);
            memset(fix, 0, sizeof fix);
            memset(fire, 0, sizeof fire);
            memset(exec_c, 0, sizeof exec_c);
            memset(thr_c, 0, sizeof thr_c);
            memset(blkcyc, 0, sizeof blkcyc);
            /* a start reads 0 at once, the per-block counters too */
            memset(hist_exec, 0, sizeof hist_exec);
            memset(hist_thr, 0, sizeof hist_thr);
            memset(hist_cyc, 0, sizeof hist_cyc);
            memset(hist_fire, 0, sizeof hist_fire);
        } else if (run) {
            for (unsigned i = 0; i < NFIX; i++)
                if (inc >> i & 1)
                    fix[i] += i == VGIW_CNT_RETIRED - VGIW_CNT_FIXED ? (uint64_t)__builtin_popcountll(retire) : 1;
            for (unsigned u = 0; u < U; u++)
                fire[u] += fires >> u & 1;
            if (exec_inc)
                exec_c[exec_blk]++;
            if (thr_inc)
                thr_c[thr_blk] += (uint64_t)__builtin_popcountll(thr_bits);
            if (cyc_inc)
                blkcyc[cyc_blk]++;
        }
        sim_step();
    }
    return sim_finish();
}

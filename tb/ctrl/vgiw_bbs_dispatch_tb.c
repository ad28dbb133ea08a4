/* vgiw_bbs_dispatch testbench (rtl/ctrl/vgiw_bbs_dispatch.sv, docs/ctrl.md "Dispatch"):
 * the testbench plays the scheduler (runs of a block with random CVT words, used words, CVUs
 * and successors, sometimes an error), the CVT (read-and-clear of the scanned words) and the
 * CVUs (random readiness, each batch returned as a done packet after a random latency with a
 * random taken subset). Every cycle's outputs are checked against a C model of the dispatch
 * rules (scan order, batch register, round-robin over ready CVUs of the block, one done packet
 * at a time round-robin, merged as it is accepted: taken threads to successor 1, the rest to
 * successor 0 or retired, a second non-empty half one cycle later; drain in the cycle of the
 * last merge); and per run, independently of the model, every thread of the scanned words goes out
 * in exactly one batch and comes back exactly once, merged or retired. */
#include <stdint.h>
#include <string.h>

#include "dut.h"
#include "rng.h"
#include "sim.h"
#include "vgiw_cfg.h"

#define NC    VGIW_UNITS_CVU
#define WORDS (VGIW_CVT_BITS / 64)
#define NONE  0xffffu   /* BT_SUCC_NONE (arch/core.toml) */
#define QCAP  64

/* the CVU ports: bundles cvu_batch / cvu_done of arch/formats.toml, element i at bit
 * i * VGIW_<NAME>_BITS (wider than 64 bits on every preset) */
static cvu_batch_t get_batch(unsigned i)
{
    uint32_t w[(NC * VGIW_CVU_BATCH_BITS + 31) / 32];
    cvu_batch_t b;
    dut_getw_cvu_batch_o(w);
    cvu_batch_unpack_at(w, i * VGIW_CVU_BATCH_BITS, &b);
    return b;
}
static void set_done(const cvu_done_t *d)
{
    uint32_t w[(NC * VGIW_CVU_DONE_BITS + 31) / 32] = { 0 };
    for (unsigned i = 0; i < NC; i++)
        cvu_done_pack_at(&d[i], w, i * VGIW_CVU_DONE_BITS);
    dut_setw_cvu_done_i(w);
}

/* a CVU: batches in flight, each done after its latency */
typedef struct {
    uint32_t base[QCAP];
    uint64_t mask[QCAP], taken[QCAP], due[QCAP];
    unsigned head, n;
} cvu_t;

/* the model's state (the RTL's registers) */
static struct {
    unsigned scan_w, bat_vld, bat_base, bat_split, outstanding, dn_vld, dn_base, ptr_b, ptr_d;
    uint64_t bat_mask, dn_rest;   /* dn_vld: a packet's second half (successor 0's) is held */
} m;

static unsigned rr_pick(unsigned ptr, uint64_t req, int *vld)
{
    for (unsigned k = 0; k < NC; k++)
        if (req >> ((ptr + k) % NC) & 1) {
            *vld = 1;
            return (ptr + k) % NC;
        }
    *vld = 0;
    return 0;
}

int main(int argc, char **argv)
{
    sim_init("vgiw_bbs_dispatch_tb", argc, argv);
    sim_reset(2);
    rng_t r;
    rng_seed(&r, sim_args.seed);
    uint64_t runs = sim_args.count ? sim_args.count : 200;

    static uint64_t cvt[WORDS];
    uint64_t cvt_reg = 0;                     /* the CVT's read register */
    static cvu_t cvu[NC];
    uint64_t cyc = 0;
    for (uint64_t run = 0; run < runs; run++) {
        /* a new run: CVT words, used words, CVUs, successors; sometimes an error on the way */
        unsigned used = 1 + rng_below(&r, rng_below(&r, 4) ? 8 : WORDS);
        uint64_t expect_thr = 0;
        for (unsigned w = 0; w < WORDS; w++) {
            unsigned k = rng_below(&r, 4);
            cvt[w] = k == 0 ? 0 : k == 1 ? ~0ull : rng_u64(&r) & rng_u64(&r);
            if (w < used)
                expect_thr += (uint64_t)__builtin_popcountll(cvt[w]);
        }
        uint64_t cvus = 0;
        while (!cvus)
            cvus = rng_u64(&r) & ((NC >= 64) ? ~0ull : ((1ull << NC) - 1));
        unsigned s0 = rng_below(&r, 4) ? rng_below(&r, VGIW_BBS_MAX_BLOCKS) : NONE;
        unsigned s1 = rng_below(&r, 4) ? rng_below(&r, VGIW_BBS_MAX_BLOCKS) : NONE;
        int err_run = rng_below(&r, 10) == 0;
        uint64_t err_at = cyc + 2 + rng_below(&r, 40);
        unsigned ready_pct = 20 + rng_below(&r, 81), lat_max = 1 + rng_below(&r, 30);
        uint64_t sent_thr = 0, back_thr = 0;
        /* 0: start cycle, 3: waiting (configuration shifting in), 4: the last shift cycle (the
         * first word is read), 1: running, 2: done; a restart (no reconfiguration) runs at once */
        int phase = 0;
        int err = 0;
        unsigned gap = rng_below(&r, 3), wait = rng_below(&r, 4), pre = rng_below(&r, 3) != 0;
        while (phase != 2 || gap) {
            int run_start = phase == 0 && !gap, running = phase == 1, preload = phase == 4;
            if (err_run && cyc >= err_at && phase == 1)
                err = 1;

            uint64_t ready = 0, dvalid = 0;
            cvu_done_t dn[NC];
            for (unsigned i = 0; i < NC; i++) {
                if (rng_below(&r, 100) < ready_pct && cvu[i].n < QCAP)
                    ready |= 1ull << i;
                cvu_t *c = &cvu[i];
                memset(&dn[i], 0, sizeof dn[i]);
                if (c->n && c->due[c->head] <= cyc) {
                    dvalid |= 1ull << i;
                    dn[i].base = c->base[c->head];
                    dn[i].mask = c->mask[c->head];
                    dn[i].taken = c->taken[c->head];
                }
            }
            uint64_t rd = m.scan_w < WORDS ? cvt[m.scan_w] : 0;
            dut_set_run_start_i((uint64_t)run_start);
            dut_set_run_i((uint64_t)running);
            dut_set_preload_i((uint64_t)preload);
            dut_set_err_i((uint64_t)err);
            dut_set_used_words_i(used);
            dut_set_cvu_i(cvus);
            dut_set_succ0_i(s0);
            dut_set_succ1_i(s1);
            /* the CVT: whether the addressed word holds threads now, the last read's threads
             * from the cycle after the read */
            dut_set_cvt_rd_live_i((uint64_t)(rd != 0));
            dut_set_cvt_rd_data_i(cvt_reg);
            dut_set_cvu_batch_ready_i(ready);
            dut_set_cvu_done_valid_i(dvalid);
            set_done(dn);
            sim_eval();

            /* model: combinational */
            int pv, dv;
            unsigned pick = rr_pick(m.ptr_b, cvus & ready, &pv);
            unsigned dpick = rr_pick(m.ptr_d, dvalid, &dv);
            int fire = m.bat_vld && pv && !err;
            int scan_done = m.scan_w >= used;
            /* the tile's last word leaves a 16-thread lane at a time when the tile has fewer words
             * than the block has replicas */
            uint64_t lane = 0;
            for (int l = 3; l >= 0; l--)
                if ((m.bat_mask >> (16 * l)) & 0xffff) lane = 0xffffull << (16 * l);
            uint64_t send = m.bat_split ? (m.bat_mask & lane) : m.bat_mask;
            int more = m.bat_split && (m.bat_mask & ~lane) != 0;
            int load = (running || preload) && !scan_done && !err && (!m.bat_vld || (fire && !more));
            /* done packets merge as they are accepted: taken threads into successor 1, the
             * others into successor 0, one merge per cycle; a second non-empty half waits a
             * cycle, and no packet is accepted while it does */
            int accept = dv && !m.dn_vld;
            uint64_t in_taken = dn[dpick].taken, in_rest = dn[dpick].mask & ~dn[dpick].taken;
            int hold = accept && in_taken && in_rest;
            int fin = m.dn_vld || (accept && !hold);
            int act = m.dn_vld || accept;
            unsigned dest = (m.dn_vld || !in_taken) ? s0 : s1;
            uint64_t bits = m.dn_vld ? m.dn_rest : in_taken ? in_taken : in_rest;
            unsigned dbase = m.dn_vld ? m.dn_base : dn[dpick].base;
            int merge = act && !err && dest != NONE && bits;
            /* drained in the cycle the last packet is wholly merged */
            int drained = scan_done && !m.bat_vld && !hold && m.outstanding == (unsigned)fin;
            int retire = act && dest == NONE;

            const char *at = "cycle %llu run %llu: %s";
            unsigned long long C = (unsigned long long)cyc, R = (unsigned long long)run;
            sim_check_eq(dut_get_cvu_batch_valid_o(), fire ? 1ull << pick : 0, at, C, R, "cvu_batch_valid_o");
            if (fire) {
                cvu_batch_t b = get_batch(pick);
                sim_check_eq(b.base, m.bat_base, at, C, R, "batch base");
                sim_check_eq(b.mask, send, at, C, R, "batch mask");
            }
            sim_check_eq(dut_get_cvt_rd_valid_o(), load, at, C, R, "cvt_rd_valid_o");
            if (load)
                sim_check_eq(dut_get_cvt_rd_word_o(), m.scan_w, at, C, R, "cvt_rd_word_o");
            sim_check_eq(dut_get_cvu_done_ready_o(), accept ? 1ull << dpick : 0, at, C, R, "cvu_done_ready_o");
            sim_check_eq(dut_get_merge_valid_o(), merge, at, C, R, "merge_valid_o");
            if (merge) {
                sim_check_eq(dut_get_merge_block_o(), dest % VGIW_BBS_MAX_BLOCKS, at, C, R, "merge block");
                sim_check_eq(dut_get_merge_word_o(), dbase >> 6, at, C, R, "merge word");
                sim_check_eq(dut_get_merge_bits_o(), bits, at, C, R, "merge bits");
            }
            sim_check_eq(dut_get_drained_o(), drained, at, C, R, "drained_o");
            sim_check_eq(dut_get_idle_o(), !m.outstanding && !m.dn_vld, at, C, R, "idle_o");
            sim_check_eq(dut_get_ev_batch_o(), fire, at, C, R, "ev_batch_o");
            sim_check_eq(dut_get_ev_stall_ready_o(), running && m.bat_vld && !pv, at, C, R, "ev_stall_ready_o");
            sim_check_eq(dut_get_ev_stall_drain_o(), running && scan_done && !m.bat_vld && !drained, at, C, R,
                         "ev_stall_drain_o");
            sim_check_eq(dut_get_ev_retire_o(), retire, at, C, R, "ev_retire_o");
            if (retire)
                sim_check_eq(dut_get_ev_retire_bits_o(), bits, at, C, R, "retired threads");

            /* the run's thread accounting (from the DUT's outputs, not the model) */
            uint64_t bv = dut_get_cvu_batch_valid_o();
            for (unsigned i = 0; i < NC; i++)
                if (bv >> i & 1) {
                    cvu_t *c = &cvu[i];
                    unsigned t = (c->head + c->n) % QCAP;
                    cvu_batch_t b = get_batch(i);
                    c->base[t] = b.base;
                    c->mask[t] = b.mask;
                    /* all taken, none taken (one half of the done packet empty) or some */
                    unsigned tk = rng_below(&r, 4);
                    c->taken[t] = tk == 0 ? 0 : tk == 1 ? c->mask[t] : c->mask[t] & rng_u64(&r);
                    c->due[t] = cyc + 1 + rng_below(&r, lat_max);
                    c->n++;
                    sent_thr += (uint64_t)__builtin_popcountll(c->mask[t]);
                }
            if (dut_get_merge_valid_o())
                back_thr += (uint64_t)__builtin_popcountll(dut_get_merge_bits_o());
            if (dut_get_ev_retire_o() && !err)
                back_thr += (uint64_t)__builtin_popcountll(dut_get_ev_retire_bits_o());
            uint64_t dr = dut_get_cvu_done_ready_o();
            for (unsigned i = 0; i < NC; i++)
                if (dr >> i & 1) {
                    cvu[i].head = (cvu[i].head + 1) % QCAP;
                    cvu[i].n--;
                }
            if (dut_get_cvt_rd_valid_o()) {
                /* the CVT holds the word's threads for the next cycles and clears the word */
                cvt_reg = cvt[dut_get_cvt_rd_word_o()];
                cvt[dut_get_cvt_rd_word_o()] = 0;
            }

            /* model: registers */
            unsigned scan_old = m.scan_w;
            if (run_start)
                m.scan_w = 0;
            else if (load)
                m.scan_w++;
            if (load) {
                m.bat_vld = rd != 0;
                m.bat_base = scan_old * 64;
                m.bat_mask = rd;
                m.bat_split = __builtin_popcountll(cvus) > 1 && used < (unsigned)__builtin_popcountll(cvus) &&
                              scan_old + 1 >= used;
            } else if (fire && more) {
                m.bat_mask &= ~lane;
            } else if (fire || err) {
                m.bat_vld = 0;
            }
            if (fire)
                m.ptr_b = (pick + 1) % NC;
            if (accept)
                m.ptr_d = (dpick + 1) % NC;
            if (hold) {
                m.dn_vld = 1;
                m.dn_base = dn[dpick].base;
                m.dn_rest = in_rest;
            } else if (m.dn_vld) {
                m.dn_vld = 0;
            }
            m.outstanding = m.outstanding + (unsigned)fire - (unsigned)fin;

            if (gap)
                gap--;
            else if (phase == 0)
                phase = wait ? 3 : pre ? 4 : 1;
            else if (phase == 3 && !--wait)
                phase = pre ? 4 : 1;
            else if (phase == 4)
                phase = 1;
            else if (phase == 1 && (err ? !m.outstanding && !m.dn_vld : drained)) {
                phase = 2;
                if (!err) {
                    sim_check_eq(sent_thr, expect_thr, "run %llu: threads dispatched", R);
                    sim_check_eq(back_thr, expect_thr, "run %llu: threads merged or retired", R);
                }
                sim_progress();
            }
            sim_step();
            cyc++;
        }
    }
    return sim_finish();
}

/* lvu_unit testbench: the live value unit (docs/fabric-units/lvu.md) under the shared
 * reordering-unit driver (reorder_tb.h). The live value port is served by
 * tb/common/mem_model (random latency, responses out of order, random refusals), with
 * LV[id][tid] kept at address slot(id) << 18 | tid << 2 for a few live value IDs.
 *
 * Blocks of one operation each: STORE blocks write LV[id][tid] = in0, LOAD blocks read
 * them back (out0), so loads see what earlier blocks stored. Checked: every request (the
 * thread's own tid, the configured ID, the store value, ID = tid mod DEPTH, one request
 * per thread, no ID twice in flight), every loaded value against a C shadow, out1
 * control tokens only after the thread's response; the driver checks epoch order,
 * exactly-once delivery, overtakes and drain. Some blocks are aborted by clear_i with
 * requests in flight; at the end the LV store must equal the shadow. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dut.h"
#include "mem_model.h"
#include "reorder_tb.h"
#include "sim.h"
#include "stats.h"
#include "vgiw_cfg.h"
#include "vgiw_ops.h"

#define N_LV 4u
static uint32_t lvids[N_LV];
static uint32_t *shadow;             /* [N_LV][RT_TIDS]: every thread ID of the preset */
static unsigned cur_slot;
static uint64_t n_requests;

#define U_REQUESTED 0

static uint32_t lv_addr(unsigned slot, uint32_t tid) { return slot << 18 | tid << 2; }

/* ---- live value port (served by reorder_tb's rt_mem_*) -------------------------------- */

/* The port carries the bundles lv_req / lv_rsp of arch/formats.toml: packed and unpacked with
 * the generated lv_*_pack_at / _unpack_at (vgiw_cfg.h), whatever their width. */
#define REQ_WORDS ((VGIW_LV_REQ_BITS + 31u) / 32u + 1u)
#define RSP_WORDS ((VGIW_LV_RSP_BITS + 31u) / 32u + 1u)

static void set_rsp(bool valid, unsigned id, uint32_t rdata)
{
    lv_rsp_t r = { .id = id, .rdata = rdata };
    uint32_t w[RSP_WORDS] = { 0 };
    lv_rsp_pack_at(&r, w, 0);
    dut_set_lv_rsp_valid_i(valid);
#if DUT_LV_RSP_I_BITS > 64
    dut_setw_lv_rsp_i(w);
#else
    dut_set_lv_rsp_i(w[0] | (uint64_t)w[1] << 32);
#endif
}

static void set_req_ready(bool ready) { dut_set_lv_req_ready_i(ready); }

static void get_req(lv_req_t *r)
{
    uint32_t w[REQ_WORDS] = { 0 };
#if DUT_LV_REQ_O_BITS > 64
    dut_getw_lv_req_o(w);
#else
    uint64_t v = dut_get_lv_req_o();
    w[0] = (uint32_t)v;
    w[1] = (uint32_t)(v >> 32);
#endif
    lv_req_unpack_at(w, 0, r);
}

static void port_post(void)
{
    if (!(dut_get_lv_req_valid_o() && dut_get_lv_req_ready_i()))
        return;
    n_requests++;
    lv_req_t req;
    get_req(&req);
    unsigned id = req.id;
    uint32_t tid = req.tid;
    uint32_t lvid = req.lvid;
    bool write = req.write != 0;
    uint32_t wdata = req.wdata;
    bool store = (rt_blk.cfg.op & 1) == LVU_STORE;
    sim_check_eq(id, tid % RT_DEPTH, "tid %u: request ID = tid mod DEPTH", tid);
    int ti = rt_thread_index(tid);
    if (ti < 0) {
        sim_fail("request for tid %u, not a thread of the block", tid);
    } else {
        rt_thread_t *th = &rt_blk.th[ti];
        if (th->user[U_REQUESTED])
            sim_fail("tid %u requested twice", tid);
        th->user[U_REQUESTED] = 1;
        sim_check_eq(write, store, "tid %u: request write", tid);
        sim_check_eq(lvid, rt_blk.cfg.imm & 0xFFFF, "tid %u: live value ID", tid);
        sim_check_eq(wdata, store ? th->in[0] : 0, "tid %u: write data", tid);
        if (rt_blk.cfg.in_const & 1)
            sim_check_eq(wdata, store ? rt_blk.cfg.const_a : 0, "tid %u: write data (constant)", tid);
    }
    mem_req_t q;
    memset(&q, 0, sizeof q);
    q.id = id;
    q.addr = lv_addr(cur_slot, tid % RT_TIDS);   /* a tid out of range failed above */
    q.bytes = 4;
    q.write = write;
    for (unsigned i = 0; i < 4; i++) {
        q.data[i] = (uint8_t)(wdata >> (8 * i));
        q.mask[i] = 1;
    }
    if (write)
        shadow[cur_slot * RT_TIDS + tid % RT_TIDS] = wdata;
    rt_mem_issue(&q, ti);
}

static void make_block(uint64_t max_threads)
{
    rt_block_t *b = &rt_blk;
    unit_cfg_t *c = &b->cfg;
    memset(c, 0, sizeof *c);
    bool store = rng_below(&rt_rng, 2);
    c->op = (store ? LVU_STORE : LVU_LOAD) | (rng_below(&rt_rng, 128) << 1);   /* op[7:1] unused */
    cur_slot = rng_below(&rt_rng, N_LV);
    c->imm = lvids[cur_slot] | (rng_u32(&rt_rng) & 0xFFFF0000u);               /* imm[31:16] unused */
    c->out1_en = rng_below(&rt_rng, 2);
    bool const_in0 = rng_below(&rt_rng, store ? 5 : 10) == 0;
    unsigned sel[4];
    sel[0] = 1 + rng_below(&rt_rng, 12);
    sel[1] = rng_below(&rt_rng, 10) == 0 ? 1 + rng_below(&rt_rng, 12) : 0;
    sel[2] = rng_below(&rt_rng, 10) == 0 ? 1 + rng_below(&rt_rng, 12) : 0;
    sel[3] = rng_below(&rt_rng, 3) == 0 ? 1 + rng_below(&rt_rng, 12) : 0;
    c->in_const = const_in0 ? 1u : 0u;
    c->in_sel = sel[0] | sel[1] << 4 | sel[2] << 8 | sel[3] << 12;
    if (rt_used_inputs(c) == 0)
        c->in_sel |= 1u << 12;
    if (const_in0)
        c->const_a = rng_u32(&rt_rng);
    b->gap_pct = rt_rand_pct();
    b->stall_pct = rt_rand_pct();
    rt_mem_refuse_pct = rt_rand_pct();
    b->abort_after = !rt_throughput && rng_below(&rt_rng, 10) == 0 ? 5 + rng_below(&rt_rng, 400) : 0;
    unsigned max_n = !rt_throughput && rng_below(&rt_rng, 4) == 0 ? 40 : 2000;
    if (max_n > max_threads)
        max_n = (unsigned)max_threads;
    rt_make_threads(max_n);
    for (unsigned i = 0; i < b->n; i++) {
        rt_thread_t *th = &b->th[i];
        th->in[0] = const_in0 ? c->const_a : rng_u32(&rt_rng);
        th->in[1] = rng_u32(&rt_rng);
        th->in[2] = rng_u32(&rt_rng);
        th->in[3] = rng_u32(&rt_rng);
        th->want[0] = !store;
        th->want[1] = c->out1_en;
        th->out0 = store ? 0 : shadow[cur_slot * RT_TIDS + th->tid];
        th->ready_cycle = RT_NO_CYCLE;
    }
}

int main(int argc, char **argv)
{
    rt_port_t port = { .pre = rt_mem_pre, .post = port_post, .tick = rt_mem_tick, .idle = rt_mem_idle };
    rt_init("lvu_unit_tb", argc, argv, &port);
    mem_model_cfg_t mc = { .lat_min = 1, .lat_max = 30, .accept_per_cycle = 1, .respond_per_cycle = 1,
                           .max_outstanding = 64, .in_order = false, .seed = sim_args.seed + 29 };
    rt_mem_port_t drv = { .what = "LV", .set_rsp = set_rsp, .set_req_ready = set_req_ready };
    rt_mem_init(&mc, &drv);
    shadow = malloc(N_LV * RT_TIDS * sizeof *shadow);
    if (!shadow)
        sim_die("out of memory");
    for (unsigned s = 0; s < N_LV; s++) {
        bool fresh;
        do {
            lvids[s] = rng_u32(&rt_rng) & 0xFFFF;
            fresh = true;
            for (unsigned j = 0; j < s; j++)
                fresh = fresh && lvids[j] != lvids[s];
        } while (!fresh);
    }
    /* live values start random (what earlier blocks would have left) */
    for (unsigned s = 0; s < N_LV; s++)
        for (uint32_t t = 0; t < RT_TIDS; t++) {
            uint32_t v = rng_u32(&rt_rng);
            shadow[s * RT_TIDS + t] = v;
            mem_model_write32(rt_mem, lv_addr(s, t), v);
        }

    uint64_t want = sim_args.count ? sim_args.count : 20000;
    while (rt_totals().threads < want) {
        make_block(want - rt_totals().threads);
        rt_run_block();
    }
    rt_drain();
    unsigned bad = 0;
    for (unsigned s = 0; s < N_LV; s++)
        for (uint32_t t = 0; t < RT_TIDS; t++) {
            uint32_t got = mem_model_read32(rt_mem, lv_addr(s, t));
            if (got != shadow[s * RT_TIDS + t] && bad++ < 10)
                sim_fail("LV[0x%04x][%u] = 0x%08x, expected 0x%08x", lvids[s], t, got, shadow[s * RT_TIDS + t]);
        }
    sim_check_u32(bad == 0, "live value store equals the shadow");

    rt_report();
    stats_set("requests", n_requests);
    rt_mem_free();
    free(shadow);
    return sim_finish();
}

/* ldst_unit testbench: the load/store unit (docs/fabric-units/ldst.md) under the shared
 * reordering-unit driver (reorder_tb.h), its memory port served by tb/common/mem_model
 * (random latency, responses out of order, random request refusals).
 *
 * Blocks of one operation each (the configuration is static): stores write bytes, halves
 * or words of a shared region (byte stores of neighbouring threads share words, so a
 * wrong byte enable clobbers another thread's byte), loads read anywhere in it, so later
 * blocks load what earlier ones stored. A C shadow of the region is the reference:
 *   - each request must be the next access expected for its ID (the entries of one ID
 *     serve threads in thread-ID order), with the right address, size, byte enables and
 *     data, and no ID may have two requests in flight (the reservation entry is the ID);
 *   - every load value (sign/zero extension of the addressed byte/half) is checked, and
 *     out1 control tokens must leave only after the thread's response arrived;
 *   - misaligned accesses: no request, data 0, the thread still completes, error_o rises
 *     and stays up (clear_i does not drop it); error_o stays low before any;
 *   - at the end the whole memory region must equal the shadow.
 * Some blocks are aborted by clear_i with accesses in flight: their late responses must
 * be absorbed, never given to the next block's threads. */
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

#define RSIZE 16384u                 /* bytes of the test region */

static uint32_t r0;                  /* region base */
static uint8_t shadow[RSIZE];
static int qhead[RT_DEPTH], qnext[RT_MAX_THREADS];   /* expected request order per ID */
static bool err_possible, err_expected;
static uint64_t n_misaligned, n_requests;

/* thread user fields */
#define U_ADDR 0
#define U_MIS  1
#define U_WDATA 2
#define U_BE   3

static unsigned op_size(unsigned op)
{
    switch (op) {
    case LDST_LD8: case LDST_LD8U: case LDST_ST8:    return 1;
    case LDST_LD16: case LDST_LD16U: case LDST_ST16: return 2;
    default:                                         return 4;
    }
}
static bool op_store(unsigned op) { return op >= LDST_ST8; }

static uint32_t shadow_read(uint32_t addr, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint32_t)shadow[(addr - r0 + i) % RSIZE] << (8 * i);
    return v;
}

static uint32_t load_value(unsigned op, uint32_t addr)
{
    uint32_t v = shadow_read(addr, op_size(op));
    switch (op) {
    case LDST_LD8:  return (uint32_t)(int32_t)(int8_t)v;
    case LDST_LD16: return (uint32_t)(int32_t)(int16_t)v;
    default:        return v;
    }
}

/* ---- memory port (served by reorder_tb's rt_mem_*) ------------------------------------ */

/* The port carries the bundles ldst_req / ldst_rsp of arch/formats.toml: packed and unpacked
 * with the generated ldst_*_pack_at / _unpack_at (vgiw_cfg.h), whatever their width. */
#define REQ_WORDS ((VGIW_LDST_REQ_BITS + 31u) / 32u + 1u)
#define RSP_WORDS ((VGIW_LDST_RSP_BITS + 31u) / 32u + 1u)

static void set_rsp(bool valid, unsigned id, uint32_t rdata)
{
    ldst_rsp_t r = { .id = id, .rdata = rdata };
    uint32_t w[RSP_WORDS] = { 0 };
    ldst_rsp_pack_at(&r, w, 0);
    dut_set_ldst_rsp_valid_i(valid);
#if DUT_LDST_RSP_I_BITS > 64
    dut_setw_ldst_rsp_i(w);
#else
    dut_set_ldst_rsp_i(w[0] | (uint64_t)w[1] << 32);
#endif
}

static void set_req_ready(bool ready) { dut_set_ldst_req_ready_i(ready); }

static void get_req(ldst_req_t *r)
{
    uint32_t w[REQ_WORDS] = { 0 };
#if DUT_LDST_REQ_O_BITS > 64
    dut_getw_ldst_req_o(w);
#else
    uint64_t v = dut_get_ldst_req_o();
    w[0] = (uint32_t)v;
    w[1] = (uint32_t)(v >> 32);
#endif
    ldst_req_unpack_at(w, 0, r);
}

static void port_post(void)
{
    bool err = dut_get_error_o() != 0;
    if (!err_possible && err)
        sim_fail("error_o high with no misaligned access so far (cycle %llu)", (unsigned long long)sim_cycle());
    if (err_expected && !err)
        sim_fail("error_o dropped after a misaligned access (cycle %llu)", (unsigned long long)sim_cycle());
    if (!(dut_get_ldst_req_valid_o() && dut_get_ldst_req_ready_i()))
        return;
    n_requests++;
    ldst_req_t req;
    get_req(&req);
    unsigned id = req.id;
    uint32_t addr = req.addr;
    bool write = req.write != 0;
    unsigned size = req.size;
    uint32_t wdata = req.wdata;
    unsigned be = req.be;
    int ti = qhead[id];
    if (ti < 0) {
        sim_fail("unexpected request: ID %u addr 0x%08x", id, addr);
    } else {
        rt_thread_t *th = &rt_blk.th[ti];
        unsigned op = rt_blk.cfg.op & 31u;
        unsigned sz = op_size(op);
        qhead[id] = qnext[ti];
        sim_check_eq(addr, th->user[U_ADDR], "tid %u: request address", th->tid);
        sim_check_eq(write, op_store(op), "tid %u: request write", th->tid);
        sim_check_eq(size, sz == 1 ? 0 : sz == 2 ? 1 : 2, "tid %u: request size", th->tid);
        sim_check_eq(be, th->user[U_BE], "tid %u: byte enables (addr 0x%08x)", th->tid, addr);
        sim_check_eq(wdata, th->user[U_WDATA], "tid %u: write data", th->tid);
    }
    /* perform it as the port says, on the aligned word */
    mem_req_t q;
    memset(&q, 0, sizeof q);
    q.id = id;
    q.addr = addr & ~3u;
    q.bytes = 4;
    q.write = write;
    uint32_t lanes = wdata << (8 * (addr & 3));
    for (unsigned i = 0; i < 4; i++) {
        q.data[i] = (uint8_t)(lanes >> (8 * i));
        q.mask[i] = (be >> i) & 1;
        if (write && q.mask[i] && q.addr + i - r0 < RSIZE)
            shadow[q.addr + i - r0] = q.data[i];
    }
    rt_mem_issue(&q, ti);
}

/* ---- blocks -------------------------------------------------------------------------- */

static void make_block(uint64_t max_threads, bool allow_misaligned)
{
    rt_block_t *b = &rt_blk;
    unit_cfg_t *c = &b->cfg;
    memset(c, 0, sizeof *c);
    unsigned op = rng_below(&rt_rng, LDST_ST32 + 1);   /* loads and stores; atomics: cache_bank_tb, core */
    unsigned sz = op_size(op);
    bool st = op_store(op);
    c->op = op | (rng_below(&rt_rng, 8) << 5);       /* op[7:5] are not used */
    c->out1_en = rng_below(&rt_rng, 2);
    switch (rng_below(&rt_rng, 3)) {
    case 0:  c->imm = 0; break;
    case 1:  c->imm = (uint32_t)((int32_t)rng_below(&rt_rng, 4096) - 2048); break;
    default: c->imm = rng_u32(&rt_rng); break;
    }
    bool const_addr = !st && rng_below(&rt_rng, 10) == 0;
    bool const_data = st && rng_below(&rt_rng, 5) == 0;
    unsigned sel[4];
    sel[0] = 1 + rng_below(&rt_rng, 12);
    sel[1] = st || rng_below(&rt_rng, 3) == 0 ? 1 + rng_below(&rt_rng, 12) : 0;
    sel[2] = rng_below(&rt_rng, 10) == 0 ? 1 + rng_below(&rt_rng, 12) : 0;
    sel[3] = rng_below(&rt_rng, 3) == 0 ? 1 + rng_below(&rt_rng, 12) : 0;
    c->in_const = (const_addr ? 1u : 0u) | (const_data ? 2u : 0u);
    c->in_sel = sel[0] | sel[1] << 4 | sel[2] << 8 | sel[3] << 12;
    if (rt_used_inputs(c) == 0)
        c->in_sel |= 1u << 12;
    uint32_t caddr = r0 + (rng_below(&rt_rng, RSIZE) & ~(sz - 1));
    uint32_t cdata = rng_u32(&rt_rng);
    if (const_addr)
        c->const_a = caddr - c->imm;
    if (const_data) {
        if (const_addr) c->const_b = cdata;
        else            c->const_a = cdata;
    }
    b->gap_pct = rt_rand_pct();
    b->stall_pct = rt_rand_pct();
    rt_mem_refuse_pct = rt_rand_pct();
    b->abort_after = !rt_throughput && rng_below(&rt_rng, 10) == 0 ? 5 + rng_below(&rt_rng, 400) : 0;
    unsigned mis_pct = allow_misaligned && !b->abort_after && sz > 1 && rng_below(&rt_rng, 4) == 0
                           ? 1 + rng_below(&rt_rng, 10) : 0;
    unsigned max_n = !rt_throughput && rng_below(&rt_rng, 4) == 0 ? 40 : 2000;
    if (max_n > max_threads)
        max_n = (unsigned)max_threads;
    rt_make_threads(max_n);

    uint32_t rot = rng_below(&rt_rng, RSIZE) & ~(sz - 1);
    for (unsigned i = 0; i < RT_DEPTH; i++)
        qhead[i] = -1;
    int qtail[RT_DEPTH];
    bool any_mis = false;
    for (unsigned i = 0; i < b->n; i++) {
        rt_thread_t *th = &b->th[i];
        uint32_t addr;
        if (const_addr)
            addr = caddr;
        else if (st)
            addr = r0 + ((th->tid * sz + rot) % RSIZE);    /* distinct bytes per thread */
        else
            addr = r0 + (rng_below(&rt_rng, RSIZE) & ~(sz - 1));
        bool mis = false;
        if (!const_addr && mis_pct && rng_below(&rt_rng, 100) < mis_pct) {
            addr += 1 + rng_below(&rt_rng, sz - 1);
            mis = true;
        }
        any_mis |= mis;
        uint32_t data = rng_u32(&rt_rng);
        th->in[0] = addr - c->imm;
        th->in[1] = data;
        th->in[2] = rng_u32(&rt_rng);
        th->in[3] = rng_u32(&rt_rng);
        if (const_data)
            data = cdata;
        th->user[U_ADDR] = addr;
        th->user[U_MIS] = mis;
        th->no_request = mis;
        th->user[U_WDATA] = st ? data & (sz == 4 ? 0xFFFFFFFFu : (1u << (8 * sz)) - 1) : 0;
        th->user[U_BE] = (sz == 4 ? 0xFu : sz == 2 ? 0x3u : 0x1u) << (addr & 3);
        th->want[0] = !st;
        th->want[1] = c->out1_en;
        th->out0 = st || mis ? 0 : load_value(op, addr);
        th->ready_cycle = mis ? 0 : RT_NO_CYCLE;
        if (mis) {
            n_misaligned++;
            continue;
        }
        unsigned id = th->tid % RT_DEPTH;
        qnext[i] = -1;
        if (qhead[id] < 0) qhead[id] = (int)i;
        else               qnext[qtail[id]] = (int)i;
        qtail[id] = (int)i;
    }
    if (any_mis)
        err_possible = true;
    b->user_flag = any_mis;
}

int main(int argc, char **argv)
{
    rt_port_t port = { .pre = rt_mem_pre, .post = port_post, .tick = rt_mem_tick, .idle = rt_mem_idle };
    rt_init("ldst_unit_tb", argc, argv, &port);
    mem_model_cfg_t mc = { .lat_min = 1, .lat_max = 40, .accept_per_cycle = 1, .respond_per_cycle = 1,
                           .max_outstanding = 64, .in_order = false, .seed = sim_args.seed + 17 };
    rt_mem_port_t drv = { .what = "memory", .set_rsp = set_rsp, .set_req_ready = set_req_ready };
    rt_mem_init(&mc, &drv);
    static const uint32_t bases[] = { 0x00100000u, 0xFFFFC000u, 0x7FFFE000u };
    r0 = bases[rng_below(&rt_rng, 3)];
    for (unsigned i = 0; i < RSIZE; i++)
        shadow[i] = (uint8_t)rng_u32(&rt_rng);
    mem_model_write(rt_mem, r0, shadow, RSIZE);

    uint64_t want = sim_args.count ? sim_args.count : 20000;
    while (rt_totals().threads < want) {
        /* misaligned accesses only after the first third: error_o must stay low until then */
        make_block(want - rt_totals().threads, !rt_throughput && rt_totals().threads > want / 3);
        bool completed = rt_run_block();
        if (completed && rt_blk.user_flag)
            err_expected = true;
    }
    /* let the last late responses drain, then compare the whole region */
    rt_drain();
    uint8_t got[RSIZE];
    mem_model_read(rt_mem, r0, got, RSIZE);
    unsigned bad = 0;
    for (unsigned i = 0; i < RSIZE; i++)
        if (got[i] != shadow[i] && bad++ < 10)
            sim_fail("memory byte 0x%08x = 0x%02x, expected 0x%02x", r0 + i, got[i], shadow[i]);
    sim_check_u32(bad == 0, "memory region equals the shadow");

    rt_report();
    sim_check_u32(n_misaligned == 0 || err_expected, "misaligned accesses were exercised with error_o");
    stats_set("requests", n_requests);
    stats_set("misaligned", n_misaligned);
    rt_mem_free();
    return sim_finish();
}

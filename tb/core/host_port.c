/* Host-port driver of the VGIW core (host_port.h). */
#include "host_port.h"

#include <string.h>

#include "dut.h"
#include "sim.h"
#include "vgiw_cfg.h"   /* registers VGIW_REG_*, STATUS bits (arch/core.toml) */

#define LINE VGIW_L1_LINE_BYTES

static hp_cfg_t C;
static bool rsp_have, rsp_err;
static mem_resp_t rsp;
static uint64_t mem_reqs, last_traffic;

/* The line port carries the bundles line_req / line_rsp (arch/formats.toml; vgiw_cfg.h packs and
 * unpacks them), on vgiw_core and vgiw_simt_core alike. */
#define PORT_W ((VGIW_LINE_REQ_BITS > VGIW_LINE_RSP_BITS ? VGIW_LINE_REQ_BITS : VGIW_LINE_RSP_BITS) / 32 + 1)

static void port_set_rsp(bool valid, const line_rsp_t *r)
{
    uint32_t w[PORT_W];
    memset(w, 0, sizeof w);
    line_rsp_pack_at(r, w, 0);
    dut_set_line_rsp_valid_i(valid);
    dut_setw_line_rsp_i(w);
}

static void port_get_req(line_req_t *q)
{
    uint32_t w[PORT_W];
    dut_getw_line_req_o(w);
    line_req_unpack_at(w, 0, q);
}

#define port_set_req_ready(v) dut_set_line_req_ready_i(v)
#define port_req_valid() dut_get_line_req_valid_o()
#define port_rsp_ready() dut_get_line_rsp_ready_o()

void hp_init(const hp_cfg_t *c)
{
    C = *c;
    rsp_have = rsp_err = false;
    mem_reqs = last_traffic = 0;
    dut_set_reg_valid_i(0);
    dut_set_reg_write_i(0);
    line_rsp_t r;
    memset(&r, 0, sizeof r);
    port_set_req_ready(0);
    port_set_rsp(false, &r);
}

uint64_t hp_mem_reqs(void) { return mem_reqs; }
uint64_t hp_last_traffic(void) { return last_traffic; }
bool hp_rsp_held(void) { return rsp_have; }

uint32_t hp_reg_peek(uint32_t addr)
{
    dut_set_reg_valid_i(0);
    dut_set_reg_write_i(0);
    dut_set_reg_addr_i(addr);
    sim_eval();
    return (uint32_t)dut_get_reg_rdata_o();
}

/* Drives the memory port for the coming edge (after the register inputs are set): the held
 * response, then whether this cycle's request is accepted. */
static void mem_before_edge(bool *rsp_taken)
{
    if (!rsp_have && mem_model_response(C.mem, &rsp)) {
        rsp_have = true;
        rsp_err = rsp.addr >= C.mem_bytes;
    }
    line_rsp_t r;
    memset(&r, 0, sizeof r);
    r.id = rsp_have ? (uint32_t)rsp.id : 0;
    r.error = rsp_have && rsp_err;
    if (rsp_have && !rsp.write && !rsp_err)
        memcpy(r.rdata, rsp.data, LINE);
    port_set_rsp(rsp_have, &r);
    port_set_req_ready(0);
    sim_eval();
    bool accept = port_req_valid() && mem_model_can_accept(C.mem) &&
                  (!C.refuse_pct || rng_below(C.rng, 100) >= C.refuse_pct);
    if (accept) {
        line_req_t lq;
        port_get_req(&lq);
        mem_req_t q;
        memset(&q, 0, sizeof q);
        q.id = lq.id;
        q.addr = lq.addr;
        q.bytes = LINE;
        q.write = lq.write;
        if (C.check_align)
            sim_check_u32(q.addr % LINE == 0, "memory request at %08x is line aligned", q.addr);
        if (q.write) {
            memcpy(q.data, lq.wdata, LINE);
            /* a write outside the memory is answered with an error and changes nothing */
            memset(q.mask, q.addr < C.mem_bytes ? 1 : 0, LINE);
        }
        if (!mem_model_request(C.mem, &q))
            accept = false;
        else
            mem_reqs++;
    }
    port_set_req_ready(accept);
    sim_eval();
    *rsp_taken = rsp_have && port_rsp_ready();
    if (accept || *rsp_taken) {
        last_traffic = sim_cycle();
        sim_progress();
    }
}

void hp_cycle(bool wr, uint32_t addr, uint32_t data)
{
    dut_set_reg_valid_i(wr);
    dut_set_reg_write_i(wr);
    dut_set_reg_addr_i(addr);
    dut_set_reg_wdata_i(data);
    bool taken;
    mem_before_edge(&taken);
    sim_step();
    if (taken)
        rsp_have = false;
    mem_model_tick(C.mem);
    dut_set_reg_valid_i(0);
    dut_set_reg_write_i(0);
}

uint64_t hp_cnt_read(uint32_t idx)
{
    hp_cycle(true, VGIW_REG_CNT_SEL, idx);
    uint64_t lo = hp_reg_peek(VGIW_REG_CNT_LO), hi = hp_reg_peek(VGIW_REG_CNT_HI);
    return lo | hi << 32;
}

uint32_t hp_start(uint32_t desc)
{
    hp_cycle(true, VGIW_REG_KDESC, desc);
    uint32_t back = hp_reg_peek(VGIW_REG_KDESC);
    hp_cycle(true, VGIW_REG_CTRL, 1);
    return back;
}

void hp_wait(hp_run_t *r)
{
    unsigned n = r->nprobe ? r->nprobe : 1, every = r->every ? r->every : 1;
    if (n > HP_MAX_PROBES)
        sim_die("host port: %u probes (at most %d)", n, HP_MAX_PROBES);
    memset(r->last, 0, sizeof r->last);
    r->watchdog = HP_WD_NONE;
    uint64_t t0 = sim_cycle(), last_prog = t0;
    unsigned k = 0;
    /* CNT_SEL written in one cycle is read in the next */
    hp_cycle(true, VGIW_REG_CNT_SEL, r->probe[0]);
    last_traffic = sim_cycle();
    for (;;) {
        if (dut_get_done_o())
            break;
        uint64_t c = sim_cycle() - t0;
        if (r->max_cycles && c >= r->max_cycles) {
            r->watchdog = HP_WD_MAX_CYCLES;
            break;
        }
        /* between probes the core runs with its inputs unchanged (docs/harness.md
         * "Simulation speed") */
        if (c % every) {
            hp_cycle(false, 0, 0);
            continue;
        }
        uint64_t v = hp_reg_peek(VGIW_REG_CNT_LO);
        if (v != r->last[k]) {
            if (r->on_move)
                r->on_move(r->ctx, k, r->last[k], v);
            r->last[k] = v;
            last_prog = sim_cycle();
            sim_progress();
        }
        if (last_traffic > last_prog)
            last_prog = last_traffic;
        if (r->stall_cycles && sim_cycle() - last_prog > r->stall_cycles) {
            r->watchdog = HP_WD_STALL;
            break;
        }
        if (r->on_probe)
            r->on_probe(r->ctx, c, r->last);
        k = (k + 1) % n;
        hp_cycle(true, VGIW_REG_CNT_SEL, r->probe[k]);
    }
    r->cycles = sim_cycle() - t0;
    r->status = hp_reg_peek(VGIW_REG_STATUS);
}

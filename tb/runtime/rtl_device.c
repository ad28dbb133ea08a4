/* vgiw-rtl: the Verilator model of vgiw_core (one preset) as a device process of the runtime
 * library (docs/runtime.md, sw/runtime/vgiw_rt.h, backend "rtl").
 *
 * The runtime starts this program with pipes on stdin/stdout and sends commands (protocol
 * in sw/runtime/rt_proto.h): write/read the memory model (L2/DRAM behind the core's line
 * port, tb/common/mem_model), run a kernel whose descriptor the runtime has written
 * (docs/core.md: KDESC, CTRL.start, poll done, read every counter), quit. The core is driven
 * exactly as tb/core/core_tb.c drives it. A run ends with done, or with the watchdog
 * (absolute cycle limit, or no progress: no retired thread, batch, cache access or memory
 * traffic for a number of cycles); after a watchdog the device is not usable any more and
 * the runtime reports it.
 *
 * Options: --lat MIN:MAX (memory latency, default 4:40), --outstanding N (default 16),
 * --in-order, --progress (a line on stderr every few seconds of a run), and the harness's
 * --waves F.fst [--waves-from C] [--waves-to C]. */
#define _POSIX_C_SOURCE 199309L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "dut.h"
#include "mem_model.h"
#include "rt_proto.h"
#include "sim.h"
#include "sim_model.h"
#include "vgiw_cfg.h"
#include "vgiw_presets.h"

#define LINE VGIW_L1_LINE_BYTES
#define LINE_WORDS (LINE / 4)

/* registers VGIW_REG_* and counters VGIW_CNT_*: vgiw_cfg.h, generated from arch/core.toml */
enum { NPROBE = 5, PROBE_EVERY = 16 };

static mem_model_t *M;
static int progress;
static uint64_t mem_reqs;

/* ---- pipes ------------------------------------------------------------------------------- */
static int rd_all(void *p, size_t n)
{
    uint8_t *b = p;
    while (n) {
        ssize_t k = read(0, b, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        b += k;
        n -= (size_t)k;
    }
    return 0;
}

static int wr_all(const void *p, size_t n)
{
    const uint8_t *b = p;
    while (n) {
        ssize_t k = write(1, b, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        b += k;
        n -= (size_t)k;
    }
    return 0;
}

static int reply(uint32_t status, const void *data, uint32_t n)
{
    rtp_rsp_t r = { RTP_MAGIC, status, n };
    return wr_all(&r, sizeof r) || (n && wr_all(data, n)) ? -1 : 0;
}

/* ---- the core's ports (as tb/core/core_tb.c) ----------------------------------------------- */
static uint32_t reg_peek(uint32_t addr)
{
    dut_set_reg_valid_i(0);
    dut_set_reg_write_i(0);
    dut_set_reg_addr_i(addr);
    sim_eval();
    return (uint32_t)dut_get_reg_rdata_o();
}

static bool rsp_have, rsp_err;
static mem_resp_t rsp;
static uint64_t last_traffic;

static void mem_before_edge(bool *rsp_taken)
{
    if (!rsp_have && mem_model_response(M, &rsp)) {
        rsp_have = true;
        rsp_err = rsp.addr >= RTP_MEM_BYTES;
    }
    dut_set_mem_rsp_valid_i(rsp_have);
    dut_set_mem_rsp_id_i(rsp_have ? (uint32_t)rsp.id : 0);
    dut_set_mem_rsp_error_i(rsp_have && rsp_err);
    uint32_t w[LINE_WORDS];
    memset(w, 0, sizeof w);
    if (rsp_have && !rsp.write && !rsp_err)
        memcpy(w, rsp.data, LINE);
    dut_setw_mem_rsp_rdata_i(w);
    dut_set_mem_req_ready_i(0);
    sim_eval();
    bool accept = dut_get_mem_req_valid_o() && mem_model_can_accept(M);
    if (accept) {
        mem_req_t q;
        memset(&q, 0, sizeof q);
        q.id = dut_get_mem_req_id_o();
        q.addr = (uint32_t)dut_get_mem_req_addr_o();
        q.bytes = LINE;
        q.write = dut_get_mem_req_write_o();
        if (q.write) {
            dut_getw_mem_req_wdata_o(w);
            memcpy(q.data, w, LINE);
            memset(q.mask, q.addr < RTP_MEM_BYTES ? 1 : 0, LINE);   /* outside: error, no change */
        }
        if (!mem_model_request(M, &q))
            accept = false;
        else
            mem_reqs++;
    }
    dut_set_mem_req_ready_i(accept);
    sim_eval();
    *rsp_taken = rsp_have && dut_get_mem_rsp_ready_o();
    if (accept || *rsp_taken)
        last_traffic = sim_cycle();
}

static void cycle(bool wr, uint32_t addr, uint32_t data)
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
    mem_model_tick(M);
    dut_set_reg_valid_i(0);
    dut_set_reg_write_i(0);
}

static uint64_t cnt_read(uint32_t idx)
{
    cycle(true, VGIW_REG_CNT_SEL, idx);
    uint64_t lo = reg_peek(VGIW_REG_CNT_LO), hi = reg_peek(VGIW_REG_CNT_HI);
    return lo | hi << 32;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- one kernel ---------------------------------------------------------------------------- */
/* res[] below holds the counters of the largest core the runtime serves (rt_proto.h) */
_Static_assert(VGIW_BBS_MAX_BLOCKS <= VRT_MAX_BLOCKS && VGIW_FABRIC_UNITS <= VRT_MAX_UNITS,
               "preset larger than the runtime's VRT_MAX_BLOCKS / VRT_MAX_UNITS (sw/runtime/vgiw_rt.h)");

static int run(const rtp_run_t *rq)
{
    static uint64_t res[RTP_RES_MAX];
    memset(res, 0, sizeof res);
    cycle(true, VGIW_REG_KDESC, rq->desc);
    cycle(true, VGIW_REG_CTRL, 1);
    uint64_t t0 = sim_cycle(), last_prog = t0;
    /* progress probes, round robin (CNT_SEL written in one cycle is read in the next) */
    static const uint32_t probe[NPROBE] = { VGIW_CNT_RETIRED, VGIW_CNT_BATCHES, VGIW_CNT_LVC_ACCESS,
                                          VGIW_CNT_L1_ACCESS, VGIW_CNT_TILES };
    uint64_t last[NPROBE] = { 0, 0, 0, 0, 0 };
    unsigned k = 0;
    uint32_t why = RTP_WD_NONE;
    double w0 = now(), wl = w0;
    cycle(true, VGIW_REG_CNT_SEL, probe[0]);
    last_traffic = sim_cycle();
    for (;;) {
        if (dut_get_done_o())
            break;
        uint64_t c = sim_cycle() - t0;
        if (rq->max_cycles && c >= rq->max_cycles) {
            why = RTP_WD_MAX_CYCLES;
            break;
        }
        /* Probe one counter every PROBE_EVERY cycles only: a host-port write changes the model's
         * inputs, which costs an evaluation of the input logic (docs/harness.md "Simulation
         * speed"); between probes the core runs with its inputs unchanged. */
        if (c % PROBE_EVERY) {
            cycle(false, 0, 0);
            continue;
        }
        uint64_t v = reg_peek(VGIW_REG_CNT_LO);
        if (v != last[k]) {
            last[k] = v;
            last_prog = sim_cycle();
        }
        if (last_traffic > last_prog)
            last_prog = last_traffic;
        if (sim_cycle() - last_prog > rq->stall_cycles) {
            why = RTP_WD_STALL;
            break;
        }
        if (progress && (c & 0x3FFF) == 0) {
            double t = now();
            if (t - wl >= 2.0) {
                wl = t;
                /* Threads retire when they leave an exit block, which runs last in its
                 * tile (smallest block ID first): the tile and batch counts move first. The
                 * time left is estimated from the retired fraction once threads retire. */
                char left[48] = "";
                if (last[0] && last[0] < rq->threads)
                    snprintf(left, sizeof left, ", about %.0f s left",
                             (t - w0) * (double)(rq->threads - last[0]) / (double)last[0]);
                fprintf(stderr, "  [rtl %s] kernel %.40s: %" PRIu64 " cycles, tile %" PRIu64 ", %" PRIu64
                        " batches dispatched, %" PRIu64 " of %u threads retired, %.0f cycles/s%s\n",
                        VGIW_PRESET, rq->name, c, last[4], last[1], last[0], rq->threads, (double)c / (t - w0),
                        left);
            }
        }
        k = (k + 1) % NPROBE;
        cycle(true, VGIW_REG_CNT_SEL, probe[k]);
    }
    res[RTP_RES_STATUS] = reg_peek(VGIW_REG_STATUS);
    res[RTP_RES_SIM_CYCLES] = sim_cycle() - t0;
    res[RTP_RES_WATCHDOG] = why;
    res[RTP_RES_MEM_REQS] = mem_reqs;
    {   /* after a watchdog too: they show where the kernel stopped */
        unsigned n = RTP_RES_CNT;
        for (uint32_t i = 0; i < VGIW_CNT_FIXED_COUNT; i++)
            res[n++] = cnt_read(VGIW_CNT_FIXED + i);
        for (uint32_t i = 0; i < VGIW_CNT_EXT_COUNT; i++)
            res[n++] = cnt_read(VGIW_CNT_EXT + i);
        for (uint32_t b = 0; b < VGIW_CNT_BLK_EXEC_COUNT; b++)
            res[n++] = cnt_read(VGIW_CNT_BLK_EXEC + b);
        for (uint32_t b = 0; b < VGIW_CNT_BLK_THR_COUNT; b++)
            res[n++] = cnt_read(VGIW_CNT_BLK_THR + b);
        for (uint32_t u = 0; u < VGIW_CNT_UNIT_FIRE_COUNT; u++)
            res[n++] = cnt_read(VGIW_CNT_UNIT_FIRE + u);
    }
    unsigned nres = RTP_RES_CNT + RTP_RES_COUNTERS(VGIW_BBS_MAX_BLOCKS, VGIW_FABRIC_UNITS);
    return reply(0, res, (uint32_t)(nres * sizeof(uint64_t)));
}

static int parse_own(int argc, char **argv, mem_model_cfg_t *mc)
{
    int o = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned x, y;
        if (!strcmp(a, "--lat") && v && sscanf(v, "%u:%u", &x, &y) == 2 && x >= 1 && y >= x) {
            mc->lat_min = x;
            mc->lat_max = y;
            i++;
        } else if (!strcmp(a, "--outstanding") && v && sscanf(v, "%u", &x) == 1 && x >= 1) {
            mc->max_outstanding = x;
            i++;
        } else if (!strcmp(a, "--in-order")) {
            mc->in_order = true;
        } else if (!strcmp(a, "--progress")) {
            progress = 1;
        } else if (!strcmp(a, "--lat") || !strcmp(a, "--outstanding")) {
            fprintf(stderr, "vgiw-rtl: bad value for %s\n", a);
            exit(2);
        } else {
            argv[o++] = argv[i];
        }
    }
    return o;
}

int main(int argc, char **argv)
{
    mem_model_cfg_t mc = { .lat_min = 4, .lat_max = 40, .accept_per_cycle = 1, .respond_per_cycle = 1,
                           .max_outstanding = 16, .in_order = false, .seed = 1 };
    /* never outlive the host that started it (the runtime also sets this before exec:
     * docs/runtime.md "Defences"); a host already gone means no one to answer */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() == 1)
        return 2;
    argc = parse_own(argc, argv, &mc);
    /* the harness (tb/common/sim.c): model, clocking, FST trace with a cycle window; its
     * watchdog is replaced by the per-run one above, which reports instead of exiting */
    sim_init("vgiw-rtl", argc, argv);
    sim_args.stall_cycles = UINT64_MAX;
    sim_args.max_cycles = UINT64_MAX;
    M = mem_model_new(&mc);
    if (!M)
        return 2;
    dut_set_reg_valid_i(0);
    dut_set_reg_write_i(0);
    dut_set_mem_req_ready_i(0);
    dut_set_mem_rsp_valid_i(0);
    sim_reset(4);
    int rc = 0;
    static uint8_t buf[RTP_MAX_XFER];
    for (;;) {
        rtp_req_t q;
        if (rd_all(&q, sizeof q) || q.magic != RTP_MAGIC)
            break;   /* the runtime went away */
        if (q.cmd == RTP_HELLO) {
            rtp_hello_t h;
            memset(&h, 0, sizeof h);
            snprintf(h.preset, sizeof h.preset, "%s", VGIW_PRESET);
            h.id = reg_peek(VGIW_REG_ID);
            h.status = reg_peek(VGIW_REG_STATUS);
            h.mem_bytes = RTP_MEM_BYTES;
            if (reply(0, &h, sizeof h))
                break;
        } else if (q.cmd == RTP_WRITE) {
            if (q.n > RTP_MAX_XFER || rd_all(buf, q.n))
                break;
            mem_model_write(M, q.addr, buf, q.n);
            if (reply(0, NULL, 0))
                break;
        } else if (q.cmd == RTP_READ) {
            if (q.n > RTP_MAX_XFER)
                break;
            mem_model_read(M, q.addr, buf, q.n);
            if (reply(0, buf, q.n))
                break;
        } else if (q.cmd == RTP_RUN) {
            rtp_run_t r;
            if (q.n != sizeof r || rd_all(&r, sizeof r))
                break;
            r.name[sizeof r.name - 1] = 0;
            if (run(&r))
                break;
        } else if (q.cmd == RTP_QUIT) {
            reply(0, NULL, 0);
            break;
        } else {
            rc = 2;
            break;
        }
    }
    /* close the trace and the model, not sim_finish (no checks, no verdict here) */
    if (sim_args.waves)
        simm_trace_close();
    simm_destroy();
    mem_model_free(M);
    return rc;
}

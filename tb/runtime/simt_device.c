/* vgiw-simt: the Verilator model of the SIMT core simt_core (one preset) as a device process
 * of the runtime library (docs/runtime.md "The simt device", backend "simt").
 *
 * The same pipe protocol (sw/runtime/rt_proto.h) and the same memory model and host-port
 * driver (tb/core/host_port.c) as vgiw-rtl (tb/runtime/rtl_device.c); only RUN differs: its
 * `desc` is the address of a run block the runtime wrote (sw/simtcc/simt_launch.h
 * SIMT_RB_*: CODE_LO, CODE_HI, ENTRY, THREADS, WG_WARPS, ARG), which this program copies into
 * the core's registers (docs/simt.md "Host interface") before CTRL.start. The result holds
 * STATUS, cycles, the watchdog, FAULT_PC, FAULT_WARP, the SIMT counters 0..SIMT_RES_NCNT-1, the
 * [counters.simt] block (arch/core.toml) and each warp slot's state window (counter 256+w), for
 * the watchdog's message.
 *
 * Options as vgiw-rtl: --lat MIN:MAX, --outstanding N, --in-order, --progress, --waves F.fst
 * [--waves-from C] [--waves-to C]. */
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

#include "host_port.h"
#include "mem_model.h"
#include "rt_proto.h"
#include "simt_launch.h"
#include "sim.h"
#include "sim_model.h"
#include "vgiw_cfg.h"
#include "vgiw_presets.h"

/* registers VGIW_REG_*: vgiw_cfg.h, generated from arch/core.toml; W: VGIW_SIMT_WARPS */

static mem_model_t *M;
static int progress;

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

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- one kernel ---------------------------------------------------------------------------- */
typedef struct progress_ctx {
    const rtp_run_t *rq;
    double w0, wl;
} progress_ctx_t;

static void on_probe(void *ctx, uint64_t c, const uint64_t *last)
{
    progress_ctx_t *pc = ctx;
    if ((c & 0x3FFF) != 0)
        return;
    double t = now();
    if (t - pc->wl < 2.0)
        return;
    pc->wl = t;
    fprintf(stderr, "  [simt %s] kernel %.40s: %" PRIu64 " cycles, %" PRIu64 " warp instructions, %" PRIu64
            " memory passes, %.0f cycles/s\n", VGIW_PRESET, pc->rq->name, c, last[0], last[1],
            (double)c / (t - pc->w0));
}

static int run(const rtp_run_t *rq)
{
    _Static_assert(VGIW_CNT_SIMT_COUNT <= SIMT_RES_NEXT, "SIMT_RES_NEXT must hold [counters.simt]");
    static uint64_t res[SIMT_RES_WORDS(VGIW_SIMT_WARPS)];
    memset(res, 0, sizeof res);
    uint32_t rb[SIMT_RB_WORDS];
    mem_model_read(M, rq->desc, rb, sizeof rb);
    static const uint32_t reg[SIMT_RB_WORDS] = { VGIW_REG_CODE_LO, VGIW_REG_CODE_HI, VGIW_REG_ENTRY,
                                                  VGIW_REG_THREADS, VGIW_REG_WG_WARPS, VGIW_REG_ARG };
    for (unsigned i = 0; i < SIMT_RB_WORDS; i++)
        hp_cycle(true, reg[i], rb[i]);
    hp_cycle(true, VGIW_REG_CTRL, 1);
    /* progress probes: warp instructions issued and memory passes (docs/simt.md "Counters") */
    static const uint32_t probe[2] = { 1, 3 };
    progress_ctx_t pc = { rq, now(), 0 };
    pc.wl = pc.w0;
    static hp_run_t r;
    memset(&r, 0, sizeof r);
    r.probe = probe;
    r.nprobe = 2;
    r.every = 16;
    r.max_cycles = rq->max_cycles;
    r.stall_cycles = rq->stall_cycles;
    r.on_probe = progress ? on_probe : NULL;
    r.ctx = &pc;
    hp_wait(&r);
    uint32_t why = r.watchdog == HP_WD_MAX_CYCLES ? RTP_WD_MAX_CYCLES : r.watchdog == HP_WD_STALL ? RTP_WD_STALL
                                                                                                   : RTP_WD_NONE;
    res[RTP_RES_STATUS] = r.status;
    res[RTP_RES_SIM_CYCLES] = r.cycles;
    res[RTP_RES_WATCHDOG] = why;
    res[RTP_RES_MEM_REQS] = hp_mem_reqs();
    res[SIMT_RES_FAULT_PC] = hp_reg_peek(VGIW_REG_FAULT_PC);
    res[SIMT_RES_FAULT_WARP] = hp_reg_peek(VGIW_REG_FAULT_WARP);
    for (uint32_t i = 0; i < SIMT_RES_NCNT; i++)   /* after a watchdog too: where it stopped */
        res[SIMT_RES_CNT + i] = hp_cnt_read(i);
    for (uint32_t i = 0; i < VGIW_CNT_SIMT_COUNT; i++)
        res[SIMT_RES_EXT + i] = hp_cnt_read(VGIW_CNT_SIMT + i);
    for (uint32_t w = 0; w < VGIW_SIMT_WARPS; w++)
        res[SIMT_RES_WIN + w] = hp_cnt_read(256 + w);
    return reply(0, res, (uint32_t)sizeof res);
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
            fprintf(stderr, "vgiw-simt: bad value for %s\n", a);
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
    sim_init("vgiw-simt", argc, argv);
    sim_args.stall_cycles = UINT64_MAX;
    sim_args.max_cycles = UINT64_MAX;
    M = mem_model_new(&mc);
    if (!M)
        return 2;
    hp_init(&(hp_cfg_t){ .mem = M, .mem_bytes = RTP_MEM_BYTES });
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
            h.id = hp_reg_peek(VGIW_REG_ID);
            h.status = hp_reg_peek(VGIW_REG_STATUS);
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

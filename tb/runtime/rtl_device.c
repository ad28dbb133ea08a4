/* vgiw-rtl: the Verilator model of vgiw_core (one preset) as a device process of the runtime
 * library (docs/runtime.md, sw/runtime/vgiw_rt.h, backend "rtl").
 *
 * The runtime starts this program with pipes on stdin/stdout and sends commands (protocol
 * in sw/runtime/rt_proto.h): write/read the memory model (L2/DRAM behind the core's line
 * port, tb/common/mem_model), run a kernel whose descriptor the runtime has written
 * (docs/core.md: KDESC, CTRL.start, poll done, read every counter), quit. The core is driven
 * by the host-port driver the core testbench uses (tb/core/host_port.c). A run ends with done, or with the watchdog
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

#include "host_port.h"
#include "mem_model.h"
#include "rt_proto.h"
#include "sim.h"
#include "sim_model.h"
#include "vgiw_cfg.h"
#include "vgiw_presets.h"

/* registers VGIW_REG_* and counters VGIW_CNT_*: vgiw_cfg.h, generated from arch/core.toml */
enum { NPROBE = 5, PROBE_EVERY = 16 };

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
/* res[] below holds the counters of the largest core the runtime serves (rt_proto.h) */
_Static_assert(VGIW_BBS_MAX_BLOCKS <= VRT_MAX_BLOCKS && VGIW_FABRIC_UNITS <= VRT_MAX_UNITS,
               "preset larger than the runtime's VRT_MAX_BLOCKS / VRT_MAX_UNITS (sw/runtime/vgiw_rt.h)");

/* A progress line on stderr every two seconds or so (--progress). */
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
    /* Threads retire when they leave an exit block, which runs last in its tile (smallest
     * block ID first): the tile and batch counts move first. The time left is estimated from
     * the retired fraction once threads retire. */
    const rtp_run_t *rq = pc->rq;
    char left[48] = "";
    if (last[0] && last[0] < rq->threads)
        snprintf(left, sizeof left, ", about %.0f s left",
                 (t - pc->w0) * (double)(rq->threads - last[0]) / (double)last[0]);
    fprintf(stderr, "  [rtl %s] kernel %.40s: %" PRIu64 " cycles, tile %" PRIu64 ", %" PRIu64
            " batches dispatched, %" PRIu64 " of %u threads retired, %.0f cycles/s%s\n",
            VGIW_PRESET, rq->name, c, last[4], last[1], last[0], rq->threads, (double)c / (t - pc->w0), left);
}

static int run(const rtp_run_t *rq)
{
    static uint64_t res[RTP_RES_MAX];
    memset(res, 0, sizeof res);
    hp_start(rq->desc);
    /* progress probes, round robin, one every PROBE_EVERY cycles only: a host-port write
     * changes the model's inputs, which costs an evaluation of the input logic (docs/harness.md
     * "Simulation speed"); between probes the core runs with its inputs unchanged. The
     * watchdog: the run's cycle limit, and cycles without a probe moving or memory traffic. */
    static const uint32_t probe[NPROBE] = { VGIW_CNT_RETIRED, VGIW_CNT_BATCHES, VGIW_CNT_LVC_ACCESS,
                                            VGIW_CNT_L1_ACCESS, VGIW_CNT_TILES };
    progress_ctx_t pc = { rq, now(), 0 };
    pc.wl = pc.w0;
    static hp_run_t r;
    memset(&r, 0, sizeof r);
    r.probe = probe;
    r.nprobe = NPROBE;
    r.every = PROBE_EVERY;
    r.max_cycles = rq->max_cycles;
    r.stall_cycles = rq->stall_cycles;
    r.on_probe = progress ? on_probe : NULL;
    r.ctx = &pc;
    hp_wait(&r);
    uint32_t why = r.watchdog == HP_WD_MAX_CYCLES ? RTP_WD_MAX_CYCLES : r.watchdog == HP_WD_STALL ? RTP_WD_STALL
                                                                                                   : RTP_WD_NONE;
    /* the runtime kills a device after a watchdog: close the trace first, so it keeps the
     * cycles of the stall (an unclosed trace loses its last, unflushed cycles) */
    if (why != RTP_WD_NONE)
        sim_trace_stop();
    res[RTP_RES_STATUS] = r.status;
    res[RTP_RES_SIM_CYCLES] = r.cycles;
    res[RTP_RES_WATCHDOG] = why;
    res[RTP_RES_MEM_REQS] = hp_mem_reqs();
    {   /* after a watchdog too: they show where the kernel stopped */
        unsigned n = RTP_RES_CNT;
        for (uint32_t i = 0; i < VGIW_CNT_FIXED_COUNT; i++)
            res[n++] = hp_cnt_read(VGIW_CNT_FIXED + i);
        for (uint32_t i = 0; i < VGIW_CNT_EXT_COUNT; i++)
            res[n++] = hp_cnt_read(VGIW_CNT_EXT + i);
        for (uint32_t b = 0; b < VGIW_CNT_BLK_EXEC_COUNT; b++)
            res[n++] = hp_cnt_read(VGIW_CNT_BLK_EXEC + b);
        for (uint32_t b = 0; b < VGIW_CNT_BLK_THR_COUNT; b++)
            res[n++] = hp_cnt_read(VGIW_CNT_BLK_THR + b);
        for (uint32_t u = 0; u < VGIW_CNT_UNIT_FIRE_COUNT; u++)
            res[n++] = hp_cnt_read(VGIW_CNT_UNIT_FIRE + u);
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
    sim_trace_stop();
    simm_destroy();
    mem_model_free(M);
    return rc;
}

/* vgiw-rtl: the Verilator model of vgiw_core (one preset) as a device process of the runtime
 * library (docs/runtime.md, sw/runtime/vgiw_rt.h, backend "rtl").
 *
 * The runtime starts this program with pipes on stdin/stdout and sends commands (protocol
 * in sw/runtime/rt_proto.h): write/read the memory model (L2/DRAM behind the core's line
 * port, tb/common/mem_model), run a kernel whose descriptor the runtime has written, quit.
 * The loop serving them is shared with vgiw-simt (sw/runtime/device/device_loop.c); this file is the
 * RUN handler of vgiw_core (docs/core.md: KDESC, CTRL.start, poll done, read every counter),
 * driven by the host-port driver the core testbench uses (tb/core/host_port.c). A run ends
 * with done, or with the watchdog
 * (absolute cycle limit, or no progress: no retired thread, batch, cache access or memory
 * traffic for a number of cycles); after a watchdog the device is not usable any more and
 * the runtime reports it.
 *
 * Options: those of the device loop (device_loop.h): --lat MIN:MAX, --outstanding N,
 * --in-order, --progress (a line on stderr every few seconds of a run), and the harness's
 * --waves F.fst [--waves-from C] [--waves-to C]. */
#define _POSIX_C_SOURCE 199309L
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "device_loop.h"
#include "host_port.h"
#include "sim.h"
#include "vgiw_cfg.h"
#include "vgiw_presets.h"

/* registers VGIW_REG_* and counters VGIW_CNT_*: vgiw_cfg.h, generated from arch/core.toml */
enum { NPROBE = 5, PROBE_EVERY = 16 };

/* ---- one kernel ---------------------------------------------------------------------------- */
/* res[] below holds the counters of the largest core the runtime serves (rt_proto.h) */
_Static_assert(VGIW_BBS_MAX_BLOCKS <= VRT_MAX_BLOCKS && VGIW_FABRIC_UNITS <= VRT_MAX_UNITS,
               "preset larger than the runtime's VRT_MAX_BLOCKS / VRT_MAX_UNITS (sw/runtime/vgiw_rt.h)");

/* A progress line (--progress). Threads retire when they leave an exit block, which runs last
 * in its tile (smallest block ID first): the tile and batch counts move first. The time left is
 * estimated from the retired fraction once threads retire. */
static void progress_line(const rtp_run_t *rq, uint64_t c, const uint64_t *last, double secs)
{
    char left[48] = "";
    if (last[0] && last[0] < rq->threads)
        snprintf(left, sizeof left, ", about %.0f s left", secs * (double)(rq->threads - last[0]) / (double)last[0]);
    fprintf(stderr, "  [rtl %s] kernel %.40s: %" PRIu64 " cycles, tile %" PRIu64 ", %" PRIu64
            " batches dispatched, %" PRIu64 " of %u threads retired, %.0f cycles/s%s\n",
            VGIW_PRESET, rq->name, c, last[4], last[1], last[0], rq->threads, (double)c / secs, left);
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
    static hp_run_t r;
    uint32_t why = dev_wait(rq, probe, NPROBE, PROBE_EVERY, progress_line, &r);
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
        for (uint32_t b = 0; b < VGIW_CNT_BLK_CYCLES_COUNT; b++)
            res[n++] = hp_cnt_read(VGIW_CNT_BLK_CYCLES + b);
    }
    unsigned nres = RTP_RES_CNT + RTP_RES_COUNTERS(VGIW_BBS_MAX_BLOCKS, VGIW_FABRIC_UNITS);
    return dev_reply(0, res, (uint32_t)(nres * sizeof(uint64_t)));
}

int main(int argc, char **argv)
{
    return dev_main(argc, argv, "vgiw-rtl", run);
}

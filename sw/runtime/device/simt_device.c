/* vgiw-simt: the Verilator model of the SIMT core simt_core (one preset) as a device process
 * of the runtime library (docs/runtime.md "The simt device", backend "simt").
 *
 * The device loop of vgiw-rtl (sw/runtime/device/device_loop.c: pipe protocol sw/runtime/rt_proto.h,
 * memory model, host-port driver tb/core/host_port.c); this file is its RUN handler: its
 * `desc` is the address of a run block the runtime wrote (sw/simtcc/simt_launch.h
 * SIMT_RB_*: CODE_LO, CODE_HI, ENTRY, THREADS, WG_WARPS, ARG), which this program copies into
 * the core's registers (docs/simt.md "Host interface") before CTRL.start. The result holds
 * STATUS, cycles, the watchdog, FAULT_PC, FAULT_WARP, the SIMT counters 0..SIMT_RES_NCNT-1, the
 * [counters.simt] block (arch/core.toml) and each warp slot's state window (counter 256+w), for
 * the watchdog's message.
 *
 * Options: those of the device loop (device_loop.h), as vgiw-rtl. */
#define _POSIX_C_SOURCE 199309L
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "device_loop.h"
#include "host_port.h"
#include "simt_launch.h"
#include "sim.h"
#include "vgiw_cfg.h"
#include "vgiw_presets.h"

/* registers VGIW_REG_*: vgiw_cfg.h, generated from arch/core.toml; W: VGIW_SIMT_WARPS */

/* ---- one kernel ---------------------------------------------------------------------------- */
/* A progress line (--progress). */
static void progress_line(const rtp_run_t *rq, uint64_t c, const uint64_t *last, double secs)
{
    fprintf(stderr, "  [simt %s] kernel %.40s: %" PRIu64 " cycles, %" PRIu64 " warp instructions, %" PRIu64
            " memory passes, %.0f cycles/s\n", VGIW_PRESET, rq->name, c, last[0], last[1], (double)c / secs);
}

static int run(const rtp_run_t *rq)
{
    _Static_assert(VGIW_CNT_SIMT_COUNT <= SIMT_RES_NEXT, "SIMT_RES_NEXT must hold [counters.simt]");
    static uint64_t res[SIMT_RES_WORDS(VGIW_SIMT_WARPS)];
    memset(res, 0, sizeof res);
    uint32_t rb[SIMT_RB_WORDS];
    mem_model_read(dev_mem, rq->desc, rb, sizeof rb);
    static const uint32_t reg[SIMT_RB_WORDS] = { VGIW_REG_CODE_LO, VGIW_REG_CODE_HI, VGIW_REG_ENTRY,
                                                  VGIW_REG_THREADS, VGIW_REG_WG_WARPS, VGIW_REG_ARG };
    for (unsigned i = 0; i < SIMT_RB_WORDS; i++)
        hp_cycle(true, reg[i], rb[i]);
    hp_cycle(true, VGIW_REG_CTRL, 1);
    /* progress probes: warp instructions issued and memory passes (docs/simt.md "Counters") */
    static const uint32_t probe[2] = { 1, 3 };
    static hp_run_t r;
    uint32_t why = dev_wait(rq, probe, 2, 16, progress_line, &r);
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
    return dev_reply(0, res, (uint32_t)sizeof res);
}

int main(int argc, char **argv)
{
    return dev_main(argc, argv, "vgiw-simt", run);
}

/* Host-port driver of the VGIW core (docs/core.md "Registers", "Memory port"; docs/harness.md):
 * what a host does to a core model, shared by the core testbenches (tb/core/core_tb.c, the SIMT
 * core's tb/simt/simt_core_tb.c) and the runtime's devices (sw/runtime/device/rtl_device.c,
 * simt_device.c).
 *
 * It drives the register port (a read is combinational from reg_addr_i, a write takes one
 * clock edge), serves the line-granular memory port from tb/common/mem_model every cycle
 * (requests at or above the memory size are answered with an error; optional random
 * refusals), launches a kernel (KDESC, CTRL.start) and runs it to done while sampling
 * counters round robin (progress probes), with an optional watchdog of its own (cycle limit,
 * cycles without a probed counter moving or memory traffic). Every cycle with memory
 * traffic or a moving probe also counts as progress for the harness's watchdog (sim.h).
 *
 * The model's ports are reached through dut.h, so the driver serves any top with the same
 * register and memory port names. */
#ifndef VGIW_HOST_PORT_H
#define VGIW_HOST_PORT_H

#include <stdbool.h>
#include <stdint.h>

#include "mem_model.h"
#include "rng.h"

typedef struct hp_cfg {
    mem_model_t *mem;
    uint32_t mem_bytes;     /* requests at or above: error response, a write changes nothing */
    unsigned refuse_pct;    /* percentage of cycles the memory refuses a request (0: never) */
    rng_t *rng;             /* draws the refusals (with refuse_pct > 0) */
    bool check_align;       /* fail a check (sim_check) on a request that is not line aligned */
} hp_cfg_t;

void hp_init(const hp_cfg_t *c);

/* Register port: a combinational read; one cycle with an optional write. */
uint32_t hp_reg_peek(uint32_t addr);
void hp_cycle(bool wr, uint32_t addr, uint32_t data);
/* A 64-bit counter: CNT_SEL written in one cycle, CNT_LO/HI read after it. */
uint64_t hp_cnt_read(uint32_t idx);

/* Memory port figures: requests accepted, the cycle of the last request or response, whether
 * a response is held for the core. */
uint64_t hp_mem_reqs(void);
uint64_t hp_last_traffic(void);
bool hp_rsp_held(void);

enum { HP_WD_NONE, HP_WD_MAX_CYCLES, HP_WD_STALL };
#define HP_MAX_PROBES 264

typedef struct hp_run {
    /* in */
    const uint32_t *probe;   /* counter indices sampled round robin (at least 1) */
    unsigned nprobe;         /* <= HP_MAX_PROBES */
    unsigned every;          /* one probe every `every` cycles (1: every cycle): a register write
                                changes the model's inputs, which costs evaluation time */
    uint64_t max_cycles;     /* own watchdog: cycle limit (0: none) */
    uint64_t stall_cycles;   /* own watchdog: cycles without progress (0: none) */
    /* A probed counter moved from `before` to `now` (probe index k). */
    void (*on_move)(void *ctx, unsigned k, uint64_t before, uint64_t now);
    /* At each probe, after the watchdog checks (progress reports): cycles since start and the
     * probes' last values. */
    void (*on_probe)(void *ctx, uint64_t cycles, const uint64_t *last);
    void *ctx;
    /* out */
    uint64_t cycles;         /* from the cycle after CTRL.start to done (or the watchdog) */
    uint32_t status;         /* STATUS at the end */
    unsigned watchdog;       /* HP_WD_* */
    uint64_t last[HP_MAX_PROBES];
} hp_run_t;

/* Writes KDESC (returns what it reads back) and sets CTRL.start. */
uint32_t hp_start(uint32_t desc);
/* Runs the started kernel to done or to the watchdog. */
void hp_wait(hp_run_t *r);

#endif

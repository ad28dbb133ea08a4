/* Shared driver for the testbenches of the reordering units (ldst_unit, lvu_unit,
 * scu_unit): the common unit interface (cfg_i, in_*, out_*, busy_o, fire_o, clear_i)
 * driven the way the MT-CGRF drives it, and the checks every reordering unit must pass
 * (docs/fabric-units/ldst.md, "Verification").
 *
 * A test is a sequence of blocks. A block configures the unit once and streams a set of
 * threads through it:
 *   - thread IDs increase, densely or sparsely, within a window of RT_MAX_SPAN IDs;
 *   - each used input gets one token per thread, in its own stream: epochs (tid >>
 *     INDEX_BITS) in increasing order, threads in random order inside an epoch, random
 *     gaps; an offered token stays offered until taken (what an upstream fork does);
 *   - each output is back-pressured at random.
 * Every token that leaves is checked: the right output and kind (out0 data, out1
 * control), a thread of the block, exactly once, the expected value, not before the
 * unit-specific "may complete" cycle (the thread's response), and - the property the
 * unit exists for - never of an older epoch than a token that left before it on the
 * same output. Overtakes (a token leaving after a younger one of the same output) are
 * counted: the point of the design is that they happen. At the end of the block every
 * expected token must have left, fire_o must have counted one firing per thread, and
 * busy_o must fall; nothing may leave afterwards. A block can instead be aborted by a
 * clear_i pulse in mid-flight (the next block must not be disturbed by it).
 *
 * The unit-specific side (memory or live value port, expected values) plugs in through
 * rt_port_t callbacks. A request/response port served by tb/common/mem_model (the LDST
 * memory port, the LVU live value port) is driven by the rt_mem_* helpers below, so the
 * testbench adds only its request checks. RT_DEBUG=1 in the environment prints one line
 * per block.
 */
#ifndef VGIW_REORDER_TB_H
#define VGIW_REORDER_TB_H

#include <stdbool.h>
#include <stdint.h>

#include "mem_model.h"
#include "rng.h"
#include "vgiw_cfg.h"

#define RT_MAX_THREADS 4096u
/* thread IDs the preset's tokens carry: a tile's (docs/core.md "Tiles") */
#define RT_TIDS        (1u << VGIW_DATAPATH_TID_BITS)
/* tids of a block lie in [t0, t0 + RT_MAX_SPAN): at most half the range, so t0 varies and the
 * top IDs are reached */
#define RT_MAX_SPAN    (RT_TIDS / 2 < 4096u ? RT_TIDS / 2 : 4096u)
#define RT_DEPTH       VGIW_FABRIC_TOKEN_BUFFER_DEPTH
#define RT_IW          VGIW_FABRIC_TOKEN_INDEX_BITS
#define RT_NO_CYCLE    UINT64_MAX

typedef struct rt_thread {
    uint32_t tid;
    uint32_t in[4];          /* token data of in0..in2 (in3, the enable, is a control token) */
    bool want[2];            /* tokens expected on out0 / out1 */
    uint32_t out0;           /* expected out0 data */
    uint64_t ready_cycle;    /* tokens may leave only after this cycle (RT_NO_CYCLE: not yet;
                                0: no constraint); set by the port when the response arrives */
    bool got[2];
    bool no_request;         /* the unit makes no port request for it (LDST: misaligned) */
    uint64_t complete_cycle; /* driver: cycle its last token was accepted (RT_NO_CYCLE: not yet) */
    uint32_t user[4];        /* unit-specific */
} rt_thread_t;

typedef struct rt_block {
    unit_cfg_t cfg;
    unsigned n;
    rt_thread_t *th;         /* n threads, increasing tid */
    unsigned gap_pct;        /* per input, per cycle: no new token offered */
    unsigned stall_pct;      /* per output, per cycle: out_ready low */
    uint64_t abort_after;    /* 0: run to completion; else clear_i after this many cycles */
    bool user_flag;          /* unit-specific */
} rt_block_t;

typedef struct rt_port {
    void (*pre)(void);       /* before sim_eval(): drive the port's inputs for this cycle */
    void (*post)(void);      /* after sim_eval(): observe the port's outputs (transfers) */
    void (*tick)(void);      /* after sim_step() */
    bool (*idle)(void);      /* nothing outstanding on the port */
} rt_port_t;

extern rng_t rt_rng;
extern rt_block_t rt_blk;

/* --op throughput: every block dense and at full rate (no input gaps, no output stalls,
 * no port refusals, no aborts), to measure sustained threads per cycle
 * (stats fullrate_threads / fullrate_cycles). Testbenches honour it in their blocks. */
extern bool rt_throughput;

void rt_init(const char *name, int argc, char **argv, const rt_port_t *port);

/* Chooses the block's threads (1..max_n of them) and clears their bookkeeping; the
 * caller then fills in[], want[], out0 and user[]. */
void rt_make_threads(unsigned max_n);

/* Used inputs of a configuration (unit_operands' rule). */
unsigned rt_used_inputs(const unit_cfg_t *c);

/* Index of the block thread with this tid, or -1. */
int rt_thread_index(uint32_t tid);

/* Runs the current block; returns false when it was aborted by a clear. */
bool rt_run_block(void);

/* Totals over the run, for the testbench's final checks. */
typedef struct rt_totals {
    uint64_t blocks, aborted, threads, tokens, overtakes, epoch_violations, cycles_busy;
    uint64_t bypasses;       /* port units: requests that passed an older complete thread */
} rt_totals_t;
rt_totals_t rt_totals(void);

/* Random block parameters: gaps, stalls, thread set; a helper for the common case. */
unsigned rt_rand_pct(void);

/* After the last block: runs idle cycles until the port has nothing outstanding (at most
 * 200), so late responses of an aborted block reach the model. */
void rt_drain(void);

/* The checks and counters every reordering unit reports at the end of a run: overtakes
 * happened (and, for a unit with a port, bypasses: below), and the totals as stats. The
 * caller adds its own and calls sim_finish(). */
void rt_report(void);

/* ---- a request/response port served by a memory model -------------------------------
 * The unit's port: req valid/ready, a request ID (the reservation entry), and a response
 * (valid, ID, 32-bit data) that has no ready. rt_mem_pre/rt_mem_tick/rt_mem_idle are the
 * rt_port_t callbacks; the testbench's post callback checks each request the unit makes
 * and hands it to rt_mem_issue. Every response must find its ID in flight; a response
 * for a thread of the running block sets its ready_cycle (so its tokens may leave), one
 * for a block aborted by a clear is delivered to the unit all the same (it must absorb
 * it). Store responses carry random data.
 *
 * Bypasses: the token buffer fires the oldest complete thread whose reservation entry is
 * free, not the oldest complete one (docs/fabric-units/ldst.md). A request of thread Y is
 * counted as a bypass when an older thread X of the block was complete (all its tokens
 * accepted) before the previous request left and has made no request yet: Y left the
 * token buffer no earlier than that previous request left the one-entry issue register,
 * so X was complete, and had not fired, when Y fired. A token buffer that fires only its
 * oldest complete entry makes none, so rt_report requires some. */
typedef struct rt_mem_port {
    const char *what;                                          /* "memory", "LV": messages */
    void (*set_rsp)(bool valid, unsigned id, uint32_t rdata);  /* drive the response inputs */
    void (*set_req_ready)(bool ready);                         /* drive the request ready */
} rt_mem_port_t;

extern mem_model_t *rt_mem;
extern unsigned rt_mem_refuse_pct;   /* per cycle: request refused although acceptable */

void rt_mem_init(const mem_model_cfg_t *cfg, const rt_mem_port_t *drv);
void rt_mem_free(void);
void rt_mem_pre(void);
void rt_mem_tick(void);
bool rt_mem_idle(void);
/* The unit made request q (q->id = its request ID) for block thread `thread` (-1: none). */
void rt_mem_issue(const mem_req_t *q, int thread);

#endif

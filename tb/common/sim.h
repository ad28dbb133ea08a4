/* C testbench harness around one Verilator model (docs/harness.md).
 *
 * A testbench is a C11 program that includes this header and the generated "dut.h"
 * (dut_set_<port>() / dut_get_<port>() for every top-level port). The model's clock
 * must be `clk_i` and its reset the active-low `rst_ni`.
 *
 * Cycle protocol: while the clock is low, the testbench sets inputs and may call
 * sim_eval() to see combinational outputs (ready/valid) settle; sim_step() then
 * applies one rising and one falling edge. A valid/ready transfer happens on a
 * sim_step() when both were 1 after the preceding sim_eval().
 */
#ifndef VGIW_SIM_H
#define VGIW_SIM_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

/* Common command-line options, parsed by sim_init(). */
typedef struct sim_args {
    uint64_t seed;          /* --seed N         random seed (default 1)                  */
    uint64_t count;         /* --count N        test-defined amount of work (default 0)  */
    uint64_t max_cycles;    /* --max-cycles N   watchdog: absolute cycle limit           */
    uint64_t stall_cycles;  /* --stall-cycles N watchdog: cycles without sim_progress()  */
    const char *waves;      /* --waves FILE     write an FST trace                       */
    uint64_t waves_from;    /* --waves-from N   first traced cycle                       */
    uint64_t waves_to;      /* --waves-to N     last traced cycle (0: to the end)        */
    const char *vectors;    /* --vectors FILE   input vectors (test-defined format)      */
    const char *op;         /* --op NAME        operation under test (test-defined)      */
    const char *stats;      /* --stats FILE     write statistics as JSON                 */
    bool quiet;             /* --quiet          less progress output                     */
} sim_args_t;

extern sim_args_t sim_args;

/* Parses the options above (unknown options: usage message, exit 2), builds the model
 * and opens the trace. `name` is printed in messages and verdicts. */
void sim_init(const char *name, int argc, char **argv);

/* Holds rst_ni low for `cycles` cycles, then releases it. */
void sim_reset(unsigned cycles);

void sim_eval(void);           /* settle combinational logic, no clock edge      */
void sim_step(void);           /* one clock cycle; enforces the watchdog          */
void sim_steps(uint64_t n);
uint64_t sim_cycle(void);      /* cycles since sim_init()                         */

/* Watchdog: call sim_progress() whenever the design makes forward progress. If
 * --stall-cycles pass without it, or --max-cycles pass in total, the test fails with
 * a message and the dump callback (if set) prints the design state. */
void sim_progress(void);
void sim_on_watchdog(void (*dump)(void));
/* Closes the --waves trace now (no more cycles are written): a process that may be killed
 * afterwards (the runtime's device after a watchdog) keeps the cycles up to here. */
void sim_trace_stop(void);

/* Self-checking: every check is counted; the first failures are printed in full. */
bool sim_check_u32(bool ok_cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool sim_check_eq(uint64_t got, uint64_t exp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void sim_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
uint64_t sim_passed(void);
uint64_t sim_failed(void);

/* Prints statistics (if any), the final "N passed, N failed" line, closes the trace and
 * frees the model. Returns the process exit status: 0 only if nothing failed and at
 * least one check ran. */
int sim_finish(void);

/* Fatal harness error (bad input file, bad option): message, exit status 2. */
void sim_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif

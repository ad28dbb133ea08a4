/* The device side of the runtime's pipe protocol (sw/runtime/rt_proto.h), shared by every
 * device program (docs/runtime.md): vgiw-rtl (sw/runtime/device/rtl_device.c, vgiw_core) and
 * vgiw-simt (sw/runtime/device/simt_device.c, simt_core). The loop owns the pipes, the memory model
 * (tb/common/mem_model) behind the host-port driver (tb/core/host_port.c), the harness
 * (tb/common/sim.c: model, clocking, FST trace) and the HELLO/WRITE/READ/QUIT commands; a core
 * only supplies what RUN does with the model, the one command whose meaning differs per core.
 *
 * Options taken here: --lat MIN:MAX (memory latency, default 4:40), --outstanding N (default
 * 16), --in-order, --progress; the rest go to the harness (--waves F.fst [--waves-from C]
 * [--waves-to C]). */
#ifndef VGIW_DEVICE_LOOP_H
#define VGIW_DEVICE_LOOP_H

#include <stdint.h>

#include "mem_model.h"
#include "rt_proto.h"

struct hp_run;

/* The core's RUN: start the kernel of `rq`, wait for it (hp_wait with the run's watchdog) and
 * answer with dev_reply; non-zero when the pipe is gone. */
typedef int (*dev_run_fn)(const rtp_run_t *rq);

/* Runs the device: parses the options, sets up the model and memory, serves commands until
 * the runtime quits or goes away. `name` is the program's name in messages. Returns main's
 * exit status. */
int dev_main(int argc, char **argv, const char *name, dev_run_fn run);

/* One reply on stdout: header, then n bytes of data. */
int dev_reply(uint32_t status, const void *data, uint32_t n);

/* Monotonic seconds, for the progress lines. */
double dev_now(void);

/* A core's progress line (--progress): the run's cycles so far, the probes' last values and
 * the seconds since the kernel started. */
typedef void (*dev_line_fn)(const rtp_run_t *rq, uint64_t cycles, const uint64_t *last, double secs);

/* Waits for the started kernel of `rq` with hp_wait: the counters probe[0..nprobe) sampled round
 * robin, one every `every` cycles, the run's watchdog (its cycle and stall limits), and with
 * --progress `line` on stderr every two seconds or so. Fills `r`; returns RTP_WD_*. */
uint32_t dev_wait(const rtp_run_t *rq, const uint32_t *probe, unsigned nprobe, unsigned every, dev_line_fn line,
                  struct hp_run *r);

extern mem_model_t *dev_mem;   /* the memory behind the core's port */
extern int dev_progress;       /* --progress: a line on stderr every few seconds of a run */

#endif

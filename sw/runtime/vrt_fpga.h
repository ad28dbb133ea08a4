/* The runtime's fpga device (docs/runtime.md "The fpga device"): a VGIW core on an FPGA board,
 * reached through the serial host link (docs/fpga.md; sw/lib/hostlink.c over
 * sw/lib/hostlink_serial.c). Internal to the runtime: vgiw_rt.c lays kernels out exactly as for
 * the rtl device (sw/lib/vgiw_layout.h) and calls these for memory, START and the wait.
 *
 * Every call returns VRT_OK or a negative vrt_status with the message in vfpga_error(). */
#ifndef VGIW_VRT_FPGA_H
#define VGIW_VRT_FPGA_H

#include <stddef.h>
#include <stdint.h>

#include "rt_proto.h"   /* the run request and result layout shared with the rtl device */
#include "vgiw_presets.h"
#include "vgiw_rt.h"

/* Board memory from here up holds buffers (the first 4 KB stay unused: a null pointer is not a buffer) */
#define VFPGA_BUF_BASE 0x1000u

typedef struct vfpga vfpga;

/* Opens the serial port (or pseudo-terminal) `port`, PINGs the board (protocol version, memory
 * size) and reads its ID register. */
int vfpga_open(vfpga **out, const vrt_options *o, const vgiw_preset_t *p, char *err, size_t errlen);
void vfpga_close(vfpga *f);
const char *vfpga_error(const vfpga *f);

/* Buffers may end at or below this address (the kernel regions sit above it, docs/runtime.md). */
uint32_t vfpga_buf_limit(const vfpga *f);
/* A new buffer's bytes read as 0: written lazily, before the next read or launch, unless the
 * host writes them first. */
void vfpga_alloc_zero(vfpga *f, uint32_t addr, uint32_t bytes);

/* Memory through MEM_WRITE / MEM_READ; words the host already knows the board holds are not sent. */
int vfpga_write(vfpga *f, uint32_t addr, const void *src, size_t bytes);
int vfpga_read(vfpga *f, uint32_t addr, void *dst, size_t bytes);

/* The region of `bytes` bytes for the descriptor, block table and configurations of the
 * kernel `key` (one per kernel object and size, kept: a relaunch resends only changed words),
 * and the free range [lo, hi) left for a launch's live values and __local memory. */
int vfpga_kernel_region(vfpga *f, const void *key, uint32_t bytes, uint32_t buf_end, uint32_t *base);
void vfpga_scratch(const vfpga *f, uint32_t buf_end, uint32_t *lo, uint32_t *hi);

/* START with the descriptor of `run`, then (vfpga_wait) polls STATUS until the kernel is done
 * and reads the counters into res[] as the rtl device would answer RTP_RUN (rt_proto.h):
 * watchdog (run->max_cycles, run->stall_cycles without progress) and a wall-clock limit. */
int vfpga_start(vfpga *f, const rtp_run_t *run);
int vfpga_wait(vfpga *f, unsigned nblocks, uint64_t *res, uint32_t cap_bytes, uint32_t *got_bytes);

#endif

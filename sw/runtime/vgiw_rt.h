/* vgiw runtime: the host API of a VGIW device (docs/runtime.md).
 *
 * Shaped like the OpenCL / CUDA host APIs: open a device, allocate buffers and copy to and
 * from them, load an image (vgiwcc output), create a kernel object, set its arguments,
 * launch an NDRange (1-3 dimensions), wait, read the counters.
 *
 * Backends:
 *   "rtl"     the Verilator model of vgiw_core for one preset, in a device process
 *             (build/tb/<preset>/vgiw_rtl/vgiw-rtl, sw/runtime/device/rtl_device.c); the image's
 *             placed-and-routed configurations (PNR sections) are loaded as docs/core.md says
 *   "interp"  the functional interpreter (sw/interp), on the graphs or, with
 *             vrt_options.interp_pnr, on the PNR configuration words
 *   "fpga"    a VGIW core on an FPGA board behind the serial host link of docs/fpga.md
 *             (vrt_options.port; sw/runtime/vrt_fpga.c), laid out as for "rtl"
 *
 * Every function returns VRT_OK (0) or a negative vrt_status; the message of the last error
 * of a device is vrt_error(d). Nothing aborts the program: bad handles, copies outside a
 * buffer, arguments that do not match the image, bad NDRanges, device error status, a hung
 * device (watchdog) and a device process that dies are all reported this way.
 */
#ifndef VGIW_RT_H
#define VGIW_RT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
    VRT_OK = 0,
    VRT_ERR_INVALID = -1,   /* bad parameter: NULL pointer, unknown backend/preset, size 0 */
    VRT_ERR_HANDLE = -2,    /* buffer, program or kernel handle unknown or released */
    VRT_ERR_BOUNDS = -3,    /* copy outside a buffer */
    VRT_ERR_ARG = -4,       /* argument index, kind or count does not match the image */
    VRT_ERR_IMAGE = -5,     /* unreadable image, no such kernel, image not for this device */
    VRT_ERR_NDRANGE = -6,   /* dimensions, sizes, work-groups vs. tiles */
    VRT_ERR_DEVICE = -7,    /* the device reported an error (STATUS.error, interpreter fault) */
    VRT_ERR_TIMEOUT = -8,   /* watchdog: cycle limit or no progress; the device is lost */
    VRT_ERR_NOMEM = -9,     /* host or device memory exhausted */
    VRT_ERR_BACKEND = -10,  /* device process missing, died, or broke the protocol */
    VRT_ERR_STATE = -11,    /* wait without launch, launch while one is running, lost device */
} vrt_status;

typedef struct vrt_device vrt_device;
typedef int vrt_buf;       /* handles: >= 1 */
typedef int vrt_program;
typedef int vrt_kernel;

typedef struct {
    const char *backend;       /* "rtl" (default), "interp", "simt" (the SIMT core: vgiw-simtcc programs) or "fpga" */
    const char *config;        /* preset: tiny, small (default), paper */
    const char *device_path;   /* rtl: the device program (default: $VGIW_RTL_DEVICE, else found
                                  next to the host program's build tree or in build/tb/) */
    const char *waves;         /* rtl: FST file */
    uint64_t waves_from, waves_to;
    uint64_t max_cycles;       /* rtl/fpga watchdog per launch: cycle limit (0: none) */
    uint64_t stall_cycles;     /* rtl/fpga watchdog: cycles without progress (default 200000) */
    unsigned lat_min, lat_max; /* rtl: memory latency in cycles (0: device default 4..40) */
    int progress;              /* rtl: progress lines on stderr during long launches */
    unsigned timeout_s;        /* rtl: wall-clock seconds the host waits for one answer of the
                                  device process before killing it; fpga: for one launch or a
                                  kernel left running at open (0: vgp_timeout(), i.e.
                                  --timeout, $VGIW_TIMEOUT, else 600) */
    int interp_pnr;            /* interp: run the PNR configuration words instead of the graphs */
    uint64_t seed;             /* interp: random node order seed (0: index order) */
    uint64_t max_steps;        /* interp: node evaluations before giving up (0: 2^32) */
    const char *port;          /* fpga: the board's serial port (or a pseudo-terminal) */
    unsigned baud;             /* fpga: line speed (0: leave the port's setting alone) */
    unsigned link_timeout_ms;  /* fpga: wait for each byte of a reply (0: 1000 ms) */
} vrt_options;

#define VRT_MAX_BLOCKS 512
#define VRT_MAX_UNITS 512
#define VRT_SIMT_COUNTERS 16   /* simt: counters 0..15 of the SIMT core (docs/simt.md "Counters") */
#define VRT_SIMT_EXT 16        /* simt: the [counters.simt] block (arch/core.toml; names vgiw_cnt_simt_names) */

/* Counters of a launch (rtl: the core's counters, docs/ctrl.md; interp: what it counts). */
typedef struct {
    uint64_t launches;
    uint64_t threads;                /* work-items of the NDRange */
    uint64_t tile_threads;           /* T of docs/core.md (rtl) */
    uint64_t cycles;                 /* kernel busy cycles (core counter 0) */
    uint64_t sim_cycles;             /* clock cycles the host waited, start to done */
    uint64_t tiles, batches, reconfigs, reconfig_cycles, fabric_busy, stall_cfg, stall_ready, stall_drain,
        retired;
    uint64_t cfg_hits, cfg_misses, cfg_fetches;   /* configuration cache (docs/ctrl.md) */
    uint64_t cfg_kept;           /* configurations kept on chip from earlier launches (docs/ctrl.md) */
    uint64_t cfg_bg_shifts, cfg_bg_used;   /* background shifts into the shadow chains, and those a
                                            * one-cycle switch used (docs/ctrl.md "Shadow configuration") */
    uint64_t l1_access, l1_hit, l1_miss, l1_bank_conflict, l1_writeback;
    uint64_t lvc_access, lvc_hit, lvc_miss, lvc_spill;
    uint64_t l1_mshr_stall, l1_refill, l1_miss_cycles;   /* docs/mem.md "Counters" */
    uint64_t lvc_bank_conflict, lvc_mshr_stall, lvc_refill, lvc_miss_cycles;
    uint64_t block_execs_total, thread_blocks;   /* block executions; threads x blocks */
    uint64_t instructions;           /* unit firings (rtl) or node evaluations (interp), non-CVU */
    uint32_t nblocks, nunits;
    uint64_t block_exec[VRT_MAX_BLOCKS], block_threads[VRT_MAX_BLOCKS];
    /* rtl: cycles block b held the fabric, reconfigurations and runs (docs/ctrl.md "Counters") */
    uint64_t block_cycles[VRT_MAX_BLOCKS];
    uint64_t unit_fires[VRT_MAX_UNITS];
    /* simt backend (docs/simt.md "Counters"): warp instructions issued, thread instructions
     * (active lanes of issued instructions; also in `instructions`), load/store passes, passes
     * that left lanes to replay, and every counter of the core by index */
    uint64_t warp_instructions, thread_instructions, mem_passes, mem_replays;
    uint64_t simt_cnt[VRT_SIMT_COUNTERS];
    uint64_t simt[VRT_SIMT_EXT];   /* simt: counter VGIW_CNT_SIMT + i (RF accesses, divergence, stalls) */
    /* rtl: replicas of block b (CVUs in its block table cvu_mask; VGIW §3.5, one CVU per
     * replica); the largest of the launches summed */
    uint32_t block_replicas[VRT_MAX_BLOCKS];
} vrt_stats;

void vrt_options_init(vrt_options *o);
/* On failure *out is NULL and err holds the message. */
int vrt_open(const vrt_options *o, vrt_device **out, char *err, size_t errlen);
void vrt_close(vrt_device *d);
const char *vrt_error(const vrt_device *d);
const char *vrt_status_name(int status);
const char *vrt_backend(const vrt_device *d);
const char *vrt_config(const vrt_device *d);

int vrt_alloc(vrt_device *d, size_t bytes, vrt_buf *out);   /* zeroed */
int vrt_free(vrt_device *d, vrt_buf b);
int vrt_write(vrt_device *d, vrt_buf b, size_t off, const void *src, size_t bytes);
int vrt_read(vrt_device *d, vrt_buf b, size_t off, void *dst, size_t bytes);
int vrt_buf_addr(vrt_device *d, vrt_buf b, uint32_t *addr);   /* device address */

int vrt_program_load(vrt_device *d, const char *path, vrt_program *out);
int vrt_program_load_mem(vrt_device *d, const void *image, size_t bytes, vrt_program *out);
int vrt_program_release(vrt_device *d, vrt_program p);
/* Name of kernel i of the image (VRT_ERR_INVALID past the last one). */
int vrt_program_kernel_name(vrt_device *d, vrt_program p, unsigned i, const char **name);

int vrt_kernel_create(vrt_device *d, vrt_program p, const char *name, vrt_kernel *out);
int vrt_kernel_release(vrt_device *d, vrt_kernel k);
int vrt_kernel_nargs(vrt_device *d, vrt_kernel k, unsigned *nargs);
int vrt_set_arg_buf(vrt_device *d, vrt_kernel k, unsigned i, vrt_buf b);
int vrt_set_arg_u32(vrt_device *d, vrt_kernel k, unsigned i, uint32_t v);   /* any 32-bit scalar */
int vrt_set_arg_i32(vrt_device *d, vrt_kernel k, unsigned i, int32_t v);
int vrt_set_arg_f32(vrt_device *d, vrt_kernel k, unsigned i, float v);
/* A long/ulong argument: the runtime keeps its 8 bytes in a device buffer of the kernel
 * object, which the kernel reads (docs/compiler.md "64-bit integers"). */
int vrt_set_arg_u64(vrt_device *d, vrt_kernel k, unsigned i, uint64_t v);
/* A __local pointer argument of `bytes` bytes per work-group (OpenCL's clSetKernelArg(k, i,
 * bytes, NULL)): laid out at launch after the kernel's own __local variables (vg_local_layout). */
int vrt_set_arg_local(vrt_device *d, vrt_kernel k, unsigned i, uint32_t bytes);
/* A struct or union argument passed by value: `bytes` bytes in the target's C layout
 * (natural alignment, little-endian; docs/runtime.md), exactly the size the image records.
 * The runtime copies them into a device buffer it owns (freed when the argument is set again
 * or the kernel is released). */
int vrt_set_arg_struct(vrt_device *d, vrt_kernel k, unsigned i, const void *data, size_t bytes);

/* global[dims], local[dims] (local NULL: 1 in every dimension). The launch starts the
 * device and returns; vrt_wait blocks until it is done and reports its status. */
int vrt_launch(vrt_device *d, vrt_kernel k, unsigned dims, const uint32_t *global, const uint32_t *local);
int vrt_wait(vrt_device *d);
int vrt_run(vrt_device *d, vrt_kernel k, unsigned dims, const uint32_t *global, const uint32_t *local);

/* Counters of the last completed launch and summed over all launches. */
int vrt_stats_get(vrt_device *d, vrt_stats *last, vrt_stats *total);
void vrt_stats_add(vrt_stats *sum, const vrt_stats *s);
/* Writes the counters as JSON members ("name": value, ...) without the braces. */
void vrt_stats_json(FILE *f, const vrt_stats *s, const char *indent);

#endif

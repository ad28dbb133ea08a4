/* The runtime's simt backend (docs/runtime.md "The simt device"): programs are ELF files of
 * vgiw-simtcc (sw/simtcc), run by the device process vgiw-simt (sw/runtime/device/simt_device.c)
 * over the rtl backend's pipe protocol. Internal to sw/runtime: vgiw_rt.c dispatches to it
 * and exports the few device-process helpers it needs (vrtb_*). */
#ifndef VGIW_VRT_SIMT_H
#define VGIW_VRT_SIMT_H

#include <stddef.h>
#include <stdint.h>

#include "rt_proto.h"
#include "vgiw_image.h"
#include "vgiw_presets.h"
#include "vgiw_rt.h"

/* from vgiw_rt.c */
int vrtb_fail(vrt_device *d, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int vrtb_dev_write(vrt_device *d, uint32_t addr, const void *src, size_t bytes);
int vrtb_dev_run(vrt_device *d, const rtp_run_t *run);
int vrtb_dev_result(vrt_device *d, void *out, uint32_t cap, uint32_t *got);
void vrtb_lost(vrt_device *d);

typedef struct vrt_simt_prog vrt_simt_prog;

/* Reads a vgiw-simtcc ELF: its kernels and their arguments into img (as an image's, no
 * blocks; img->config = config) and its loadable segments into *prog. 0, or -1 with err. */
int vrt_simt_load(const char *path, const char *config, vg_image *img, vrt_simt_prog **prog, char *err,
                  size_t errlen);
void vrt_simt_free(vrt_simt_prog *prog);

typedef struct {
    const vg_kernel *k;
    int kindex;                  /* index of k in the program */
    const uint32_t *argv;        /* launch values of vgiw_rt.c (buffer addresses, scalars, __local offsets) */
    uint32_t g[3], l[3], ng[3];
    uint64_t threads, group_threads, groups;
} vrt_simt_launch_t;

/* Writes the program (unless it is the one in device memory), the launch and run blocks,
 * sends RUN. *resident: the program last written (updated). */
int vrt_simt_launch(vrt_device *d, const vrt_options *o, const vgiw_preset_t *p, vrt_simt_prog *prog,
                    const void **resident, const vrt_simt_launch_t *L, vrt_stats *cur);
/* Reads RUN's result into cur; errors with the faulting PC and warp, the watchdog with every
 * warp slot's state. */
int vrt_simt_wait(vrt_device *d, const vgiw_preset_t *p, const char *kname, vrt_stats *cur);

#endif

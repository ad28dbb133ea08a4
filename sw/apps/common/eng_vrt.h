/* The engines of the application set that run on a device of the runtime library
 * (sw/apps/common/eng_vrt.c, sw/runtime/vgiw_rt.h): "rtl" (the Verilator model of the core),
 * "interp" and "pnr" (the functional interpreter on the graphs or on the placed-and-routed
 * configurations). A device of another kind (the SIMT core, an FPGA) plugs in as a backend of
 * the runtime, not here. */
#ifndef VGIW_ENG_VRT_H
#define VGIW_ENG_VRT_H

#include <stddef.h>

#include "app.h"
#include "vgiw_rt.h"

extern const engine_ops eng_vrt_rtl_ops, eng_vrt_interp_ops, eng_vrt_pnr_ops, eng_vrt_simt_ops, eng_vrt_fpga_ops;

/* Opens the device of options `o`, loads the image file (the caller may remove it afterwards)
 * and creates a kernel object per kernel. ops names the engine (one of the tables above).
 * report: at close, a line of counters per kernel and, with stats, every counter as JSON to
 * that file. NULL with a message in err. */
engine_t *eng_vrt_open(const engine_ops *ops, const char *image, const vrt_options *o, int report,
                       const char *stats, char *err, size_t errlen);

#endif

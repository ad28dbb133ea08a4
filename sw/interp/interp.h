/* Functional interpreter of VGIW images (docs/compiler.md, "Interpreter").
 *
 * Runs one kernel of an image over an NDRange, thread by thread, with VGIW's block
 * scheduling: the smallest block ID with waiting threads runs next, for all threads
 * waiting for it; each thread then waits for the successor its END node chose. Within a
 * block each thread evaluates the graph's nodes in an order that respects only the graph's
 * data and control edges (index order, or a seeded random order that exposes missing
 * ordering edges). Every operation uses sw/lib/vgiw_arith.c.
 */
#ifndef VGIW_INTERP_H
#define VGIW_INTERP_H

#include <stddef.h>
#include <stdint.h>

#include "vgiw_image.h"
#include "vgiw_presets.h"

#define VI_LOCAL_BASE 0xC0000000u   /* __local regions of the work-groups of a tile */

typedef struct {
    uint32_t base, size;   /* byte addresses [base, base + size) */
    uint8_t *data;
    const char *name;
} vi_region;

typedef struct {
    vi_region *r;
    int n;
} vi_memory;

typedef struct {
    uint32_t global[3], local[3];
    const uint32_t *args;       /* one 32-bit value per kernel argument (buffers: base address;
                                   __local pointers: offset in the region, vg_local_layout), then,
                                   if the kernel has constant data, their address in mem
                                   (vg_launch_nargs values in all) */
    uint32_t local_stride;      /* bytes of a work-group's __local region (vg_local_layout);
                                   0: the kernel's own local_bytes (no __local pointer arguments) */
    vi_memory *mem;             /* global memory: the buffers */
    int random_order;           /* evaluate ready nodes in a random order */
    uint64_t seed;
    uint64_t max_steps;         /* node evaluations before giving up (0 = 2^32) */
    uint32_t tile_threads;      /* max threads per tile (whole work-groups; 0 = 2^tid_bits of
                                   pnr_preset, without one 65536: vl_tile_cap) */
    /* Execute the placed-and-routed configurations (PNR sections) instead of the graphs:
     * the words are patched with the launch values, decoded through the preset's
     * interconnect tables (fabexec.h) and every thread runs on one replica (batch of 64
     * threads i -> replica i mod R). Every block must have a PNR section. */
    const vgiw_preset_t *pnr_preset;
    /* statistics (out) */
    uint64_t sched_rounds;      /* block executions scheduled (one per (tile, block) pick) */
    uint64_t thread_blocks;     /* threads x blocks executed */
    uint64_t nodes;             /* node evaluations */
} vi_launch;

/* Returns 0, or -1 with a message (bad NDRange, memory fault, step limit...). */
int vi_run(const vg_kernel *k, vi_launch *L, char *err, size_t errlen);

#endif

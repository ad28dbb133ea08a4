/* Multi-block test kernels of the core testbench (docs/core.md, "Tests"), each with a
 * plain-C golden model that computes the same per-thread results independently of the
 * graphs (it walks the algorithm, not the dataflow nodes). */
#ifndef VGIW_CORE_KERNELS_H
#define VGIW_CORE_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

#include "kbuild.h"

/* Memory map of the test kernels (byte addresses). */
#define KM_DESC     0x00001000u   /* descriptor, block table, configurations */
#define KM_LV       0x00100000u   /* live value matrix */
#define KM_IN0      0x00400000u
#define KM_IN1      0x00500000u
#define KM_OUT      0x00800000u
#define KM_MARK     0x00A00000u   /* block b's visit marks at KM_MARK + b * KM_MARK_STRIDE */
#define KM_MARK_STRIDE 0x00040000u
#define KM_MEM_BYTES 0x04000000u  /* the memory model answers errors above this */
#define KM_MAX_BUFS 20

typedef struct km_buf {
    const char *name;
    uint32_t addr, words;
    uint32_t *init;          /* written before the launch */
    uint32_t *expect;        /* NULL: input only; else compared after the run */
} km_buf_t;

typedef struct km_kernel {
    kb_kernel_t k;
    unsigned nbuf;
    km_buf_t buf[KM_MAX_BUFS];
    uint64_t exp_block_threads[KB_MAX_BLOCKS];   /* from the golden model */
    bool exec_once;          /* every block runs exactly once (one tile, DAG) */
    bool check_order;        /* exp_order: the block order of VGIW Fig. 2 */
    unsigned norder;
    uint16_t exp_order[KB_MAX_BLOCKS];
    uint32_t exp_order_threads[KB_MAX_BLOCKS];
    uint32_t cvt_bits;
    unsigned back_edges;     /* random: blocks whose taken successor is a back edge */
    uint64_t exp_back_taken; /* random: back-edge traversals of the golden model */
} km_kernel_t;

/* Builds kernel `name` for `threads` threads (0: the kernel's default) and computes its
 * golden results. Returns false for an unknown name. Names: diamond, fig2, loop, spill,
 * random (a random CFG from `seed`: a DAG when seed % 3 == 2, else with back edges). */
bool km_build(km_kernel_t *K, const char *name, uint32_t threads, uint64_t seed, const vgiw_preset_t *p,
              uint32_t cvt_bits, unsigned max_blocks);
void km_free(km_kernel_t *K);
extern const char *const km_names[];

#endif

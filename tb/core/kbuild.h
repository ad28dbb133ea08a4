/* Kernel builder for the core testbench (docs/core.md, "Tests"): a multi-block VGIW kernel
 * described as blocks (each a hand-built dataflow graph, possibly replicated on several
 * CVUs), successors and a live value count, placed with the fabric configuration library
 * and laid out in memory exactly as docs/core.md prescribes (descriptor, block table,
 * configurations in shift order, live value matrix).
 *
 * Also: a parser of the laid-out image (the host-side self-check) and a per-thread
 * interpreter of the block graphs with the BBS's scheduling rule (smallest block ID
 * with threads first, VGIW §3.3), used to check the graphs against the plain-C golden
 * models before any RTL runs them. */
#ifndef VGIW_KBUILD_H
#define VGIW_KBUILD_H

#include <stdbool.h>
#include <stdint.h>

#include "fabric_cfg.h"
#include "rng.h"
#include "vgiw_core_map.h"   /* descriptor and block table layouts (arch/core.toml) */
#include "vgiw_layout.h"

#define KB_MAX_NODES  24
#define KB_MAX_BLOCKS 256
#define KB_MAX_REPS   8
#define KB_NONE       VGIW_BT_SUCC_NONE   /* successor: the thread is done */

enum { KB_IN_NONE, KB_IN_EDGE, KB_IN_CONST };

typedef struct kb_in {
    uint8_t kind, out;
    uint16_t node;
    uint32_t value;
} kb_in_t;

typedef struct kb_node {
    unsigned type, op;
    uint32_t imm;
    bool out1;
    kb_in_t in[4];
} kb_node_t;

/* Node 0 is the CVU: out0 carries the linear thread ID; the edge into its in0 is the
 * branch outcome (bit 0: taken -> successor 1). Edges go from lower to higher node
 * indices, except the outcome edge. */
typedef struct kb_graph {
    kb_node_t node[KB_MAX_NODES];
    unsigned n;
} kb_graph_t;

typedef struct kb_block {
    kb_graph_t g;
    uint16_t succ0, succ1;     /* not taken / taken; KB_NONE = done */
    unsigned max_reps;         /* replicas wanted (placed: as many as fit, at least 1) */
    /* filled by kb_place_all */
    unsigned reps;
    uint32_t cvu_mask;
    uint32_t *words;           /* configuration in shift order: word t*chains + ch */
} kb_block_t;

typedef struct kb_kernel {
    const char *name;
    unsigned nblocks;
    kb_block_t block[KB_MAX_BLOCKS];
    uint32_t threads, lv_count;
} kb_kernel_t;

/* ---- graphs --------------------------------------------------------------------------- */
void kb_graph_init(kb_graph_t *g);                 /* node 0 = the CVU */
unsigned kb_node(kb_graph_t *g, unsigned type, unsigned op);
unsigned kb_cu(kb_graph_t *g, unsigned cls, unsigned sub);
void kb_edge(kb_graph_t *g, unsigned src, unsigned out, unsigned dst, unsigned in);
void kb_const(kb_graph_t *g, unsigned dst, unsigned in, uint32_t value);
/* Common shapes. */
unsigned kb_alu(kb_graph_t *g, unsigned op, unsigned a, uint32_t b_const);   /* a op const */
unsigned kb_alu2(kb_graph_t *g, unsigned op, unsigned a, unsigned b);        /* a op b */
unsigned kb_lv_load(kb_graph_t *g, uint32_t lvid, unsigned trigger);
unsigned kb_lv_store(kb_graph_t *g, uint32_t lvid, unsigned value);           /* out1 on */
unsigned kb_load32(kb_graph_t *g, uint32_t base, unsigned addr);              /* mem[base + addr] */
unsigned kb_store32(kb_graph_t *g, uint32_t base, unsigned addr, unsigned value); /* out1 on */
unsigned kb_store32_const(kb_graph_t *g, uint32_t base, unsigned addr, uint32_t value);
/* The outcome: a join of `cond` (or, with cond < 0, of the first completion) with up to
 * three completion tokens (store out1), so a thread reports only when its stores are
 * acknowledged. n_done = 0 and cond >= 0: cond goes to the CVU directly. */
void kb_outcome(kb_graph_t *g, int cond, const unsigned *done, unsigned n_done);

/* ---- placement and layout --------------------------------------------------------------- */
/* Places every block (replicas on up to max_reps CVUs, as many as fit), emits its words in
 * shift order. Returns false with a message on stderr if a block does not fit. */
bool kb_place_all(kb_kernel_t *k, const vgiw_preset_t *p, uint64_t seed, bool verbose);
void kb_free(kb_kernel_t *k);

/* The tile rule, the live value stride, the descriptor, block table and shift order are the
 * kernel-layout library's (sw/lib/vgiw_layout.h): vl_tile_threads, vl_lv_stride, ... */

typedef struct kb_layout {
    uint32_t desc, table, lv_base, lv_bytes, cfg_words, end;
    uint32_t cfg_addr[KB_MAX_BLOCKS];
} kb_layout_t;

typedef void (*kb_write_fn)(void *ctx, uint32_t addr, uint32_t value);
typedef uint32_t (*kb_read_fn)(void *ctx, uint32_t addr);

/* Writes the descriptor at `base`, then the block table (at base + VL_TABLE_OFFSET), then the
 * configurations (each aligned to 256 bytes, so that no two blocks share a cache line), and
 * reserves the live value matrix at lv_base (4 * lv_count * vl_lv_stride bytes). */
kb_layout_t kb_lay_out(const kb_kernel_t *k, const vgiw_preset_t *p, uint32_t base, uint32_t lv_base, uint32_t cvt_bits,
                       kb_write_fn wr, void *ctx);

/* Reads an image back as the BBS would, checks every field against `k` (or, with
 * k = NULL, only the structure). Returns the number of problems (printed to stderr). */
extern bool kb_parse_quiet;   /* no messages (tests that expect problems) */
unsigned kb_parse_check(const kb_kernel_t *k, const vgiw_preset_t *p, uint32_t desc, kb_read_fn rd, void *ctx);

/* ---- the interpreter -------------------------------------------------------------------- */
typedef struct kb_trace {
    unsigned n;                       /* block executions in order (one per selection) */
    uint16_t block[4096];
    uint32_t threads[4096];
    uint64_t block_threads[KB_MAX_BLOCKS];
    uint64_t block_execs[KB_MAX_BLOCKS];
    bool truncated;
} kb_trace_t;

/* Runs the kernel per thread on the memory behind rd/wr (live values in a private
 * matrix): tiles as in docs/core.md, the smallest non-empty block first, a block's whole
 * vector at once. Returns false if a thread exceeded max_steps blocks. */
bool kb_interpret(const kb_kernel_t *k, uint32_t cvt_bits, unsigned tid_bits, kb_read_fn rd, kb_write_fn wr, void *ctx, kb_trace_t *tr,
                  uint64_t max_steps);

#endif

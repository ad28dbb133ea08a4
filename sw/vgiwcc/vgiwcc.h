/* vgiwcc: OpenCL C kernels -> VGIW images (docs/compiler.md).
 *
 * Files in the order the pipeline runs them (pipeline.c is that order, as code):
 *   main.c      driver: options, clang-19, reading and verifying the module, the image
 *   pipeline.c  the stages below, for the module and then for each kernel
 *   clc.c       link the libclc builtins the module calls; scalarize vector values
 *   ir.c        inline calls; read LLVM IR through the C API, check every construct and
 *               lower it to the machine-level IR below (one var per value, unit-typed ops)
 *   cfg.c       dominators, natural loops, the block order (block 0 = entry, back edges
 *               go to smaller IDs, loops contiguous) and the block table
 *   derive.c    (back end only, --derive entry|block) work-item coordinates from the
 *               linear thread ID, as instructions
 *   live.c      liveness of vars across blocks, interference, live value ID allocation
 *   dfg.c       per-block dataflow graphs: unit nodes, LV loads/stores, memory-order
 *               joins, split nodes for fan-out, END node with the branch outcome;
 *               fills the vg_kernel of the image (sw/image)
 *   map.c       back end: DFG nodes -> fabric units and op-codes, launch constants, balancing
 *   place.c     back end: replication, simulated-annealing placement, emission of the
 *               configuration words
 *   route.c     back end: PathFinder routing over the switches
 *   split.c     back end: cutting a block that does not fit the fabric in two
 *   viz.c       --emit-dot, --emit-svg
 *   util.c      errors, allocation and the IR containers, used by all of them
 */
#ifndef VGIWCC_H
#define VGIWCC_H

/* The longest llvm.memcpy/memmove/memset of a constant length that is lowered to loads and
 * stores (ir.c); larger block copies would unroll into too many nodes. main.c compiles a
 * kernel again without LLVM's loop idioms when clang made a longer one out of a loop. */
#define MEMOP_MAX_BYTES 1024

#include <stdint.h>

#include "vgiw_image.h"
#include "vgiw_presets.h"

/* ---- machine-level IR ---- */

enum { OPND_NONE, OPND_VAR, OPND_IMM, OPND_SRC };
typedef struct { uint8_t kind; uint32_t v; } Opnd;   /* VAR: var index, IMM: value, SRC: enum vg_src */

/* Instruction kinds beyond the unit ops of vg_unit. */
enum { IK_UNIT = 0, IK_COPY = 1 };

/* What LLVM proves about the address of a load or store (ir.c mem_alias, dfg.c
 * mem_disjoint; docs/compiler.md "Memory ordering"). All zero: nothing known. */
#define MEM_SCOPES 4
typedef struct {
    uint16_t base;          /* 1 + index of the noalias (restrict) kernel argument the address
                             * is based on through GEPs and casts; 0: unknown */
    uint8_t nscope, nnoalias;                 /* !alias.scope / !noalias list lengths */
    uintptr_t scope[MEM_SCOPES];              /* nscope 0: none, or a longer list (unknown) */
    uintptr_t noalias[MEM_SCOPES];            /* a prefix of a longer list is still true */
} MemAlias;

typedef struct {
    uint8_t kind;          /* IK_UNIT or IK_COPY */
    uint8_t unit, op;      /* IK_UNIT: a vg_unit / op (LDST included; LVU and CVU are never used here) */
    uint8_t nops;
    Opnd ops[3];
    int dst;               /* var defined, -1 if none (stores) */
    uint32_t line;
    MemAlias alias;        /* LDST: what is known of its address */
} Inst;

typedef struct {
    Inst *insts; int ninsts, cap;
    int nsucc; int succ[2];     /* indices into Func.blocks; nsucc 2: cond != 0 -> succ[0] */
    Opnd cond;
    uint32_t end_line;
    int id;                     /* block ID after ordering (cfg.c) */
    /* filled by cfg.c / live.c */
    int *preds; int npreds;
} Block;

typedef struct {
    int def_block;          /* -1: several (phi vars) */
    int is_phivar;
    int lv;                 /* live value ID, -1 if the var never crosses a block */
    int pref;               /* coalescing preference: another var whose LV ID to share */
} Var;

typedef struct {
    char name[VG_NAME_MAX + 1];
    vg_arg *args; int nargs;
    Block *blocks; int nblocks, bcap;   /* before ordering: creation order; after: by ID */
    Var *vars; int nvars, vcap;
    uint32_t local_bytes;
    uint8_t *cdata; uint32_t cbytes;   /* constant data section (ir.c table_load), copied into the vg_kernel */
    uint32_t lv_count;
    /* liveness (live.c): bitsets over vars, one per block */
    uint64_t **livein, **liveout;
    int setwords;
} Func;

/* ---- options ---- */

typedef struct {
    const char *config;
    int fanout;             /* max consumers of one node before a split is inserted */
    int verbose;
    int pnr;                /* 0: no back end, 1: place and route (failure is an error), 2: try (failure: warning) */
    uint64_t seed;          /* placement seed (--seed) */
    int max_replicas;       /* --replicas N: at most N replicas (0: as many as fit) */
    const char *dot, *svg;  /* --emit-dot / --emit-svg file names */
    int derive_entry;       /* --derive: injected by the CVU (2), derived once in block 0 (1), per block (0), default (-1) */
    int unroll;             /* --unroll: -1 automatic (pipeline.c), 0 or 1 off, k >= 2 at most k */
} Options;

/* ---- mapped graph (map.c): DFG nodes as fabric units (docs/compiler.md "Mapping") ---- */

enum { MI_NONE = 0, MI_EDGE, MI_CONST };
typedef struct {
    uint8_t kind;           /* MI_* */
    uint8_t out;            /* EDGE: output port of the source */
    int src;                /* EDGE: source mapped node */
    uint32_t val;           /* CONST: value */
    int reloc;              /* CONST: -1, or enum vg_launch_value patched at launch */
} MIn;

typedef struct {
    uint8_t type, op;       /* enum unit_type, unit op-code as the fabric decodes it */
    uint8_t out1;           /* out1_en */
    uint32_t imm;
    MIn in[4];              /* in0..in2 operands, in3 enable */
    int vg;                 /* DFG node it implements, -1 for nodes the mapping added */
    uint32_t line;
} MNode;

typedef struct {
    MNode *n; int nn, cap;  /* node 0 is the replica's CVU (injects the thread ID, takes the outcome) */
    int delays;             /* SJU DELAY nodes inserted (SGMF §4.4) */
} MGraph;

/* ---- helpers (util.c) ---- */

extern const char *g_source_name;
_Noreturn void fatal(const char *fmt, ...);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
int func_new_var(Func *f);
int func_new_block(Func *f);
Inst *block_add(Block *b);
void func_free(Func *f);
void vg_kernel_free(vg_kernel *k);

static inline Opnd opnd_var(int v) { Opnd o = { OPND_VAR, (uint32_t)v }; return o; }
static inline Opnd opnd_imm(uint32_t v) { Opnd o = { OPND_IMM, v }; return o; }
static inline Opnd opnd_src(uint32_t s) { Opnd o = { OPND_SRC, s }; return o; }

/* ---- pipeline.c ---- */

struct LLVMOpaqueModule;
/* what the driver prints about one kernel */
typedef struct {
    int pnr_ok;             /* placed and routed */
    int splits;             /* blocks cut by the back end */
    int unroll, unrolled;   /* factor of the single-block loops (1: none), and how many were unrolled */
    double ms;              /* graphs to placed image */
    unsigned pathfinder_ok, pathfinder_fallback;
} KernelReport;
/* Every kernel of m (or the one named kname) into img; report is called after each one. */
int compile_module(struct LLVMOpaqueModule *m, const char *kname, const Options *opt, vg_image *img,
                   void (*report)(const vg_kernel *k, const KernelReport *r, void *ctx), void *ctx);
void compile_kernel(struct LLVMOpaqueModule *m, const char *name, const Options *opt, vg_kernel *k, KernelReport *r);

/* ---- stages, in order ---- */

/* clc.c: link the libclc functions the module calls (docs/compiler.md "Math builtins"),
 * and scalarize vector values once they are inlined */
void clc_link(struct LLVMOpaqueModule *m);
void ir_scalarize(struct LLVMOpaqueModule *m);

/* ir.c */
void ir_inline_calls(struct LLVMOpaqueModule *m);
void run_passes(struct LLVMOpaqueModule *m, const char *passes, const char *what);
int ir_kernel_count(struct LLVMOpaqueModule *m);
const char *ir_kernel_name(struct LLVMOpaqueModule *m, int i);
void ir_lower_kernel(struct LLVMOpaqueModule *m, const char *kernel, Func *f);
int ir_own_builtin(const char *name);
void ir_print_own_builtins(void);
int ir_demangle(const char *m, char *name, size_t ncap, const char **params);

/* unroll.c: single-block loops of a kernel, and their unrolling by k (LLVM's loop-unroll) */
int unroll_candidates(struct LLVMOpaqueModule *m, const char *kernel);
int unroll_loops(struct LLVMOpaqueModule *m, const char *kernel, int k);

/* cfg.c */
void cfg_order(Func *f);

/* derive.c: work-item coordinates from the linear thread ID (before live_alloc) */
void derive_sources(Func *f, int at_entry);

/* live.c */
void live_alloc(Func *f);

/* dfg.c */
void dfg_build(Func *f, const Options *opt, vg_kernel *out);

/* map.c */
void map_block(const vg_kernel *k, uint32_t b, MGraph *g);
void map_free(MGraph *g);
unsigned map_count_type(const MGraph *g, unsigned type);
void map_balance(MGraph *g, const vgiw_preset_t *p);

/* place.c: place and route every block of k; returns 0, or -1 with a reason in why. */
int pnr_kernel(vg_kernel *k, const Options *opt, char *why, size_t whylen, int *failed_block);
int pnr_block_replicas(const vg_kernel *k, uint32_t b, const Options *opt);

/* route.c: PathFinder routing of edges (src unit, out port) -> (dst unit, input); 0 = committed */
struct fcfg;
int route_pathfinder(struct fcfg *c, const vgiw_preset_t *p, const int *es, const int *eo, const int *ed,
                     const int *ein, int ne, int *hops_out);
extern unsigned g_pathfinder_ok, g_pathfinder_fallback;

/* split.c: cut block b of f in two consecutive blocks (0: it cannot be cut further) */
int split_block(Func *f, int b, vg_kernel *k);

/* viz.c */
void viz_dot(const vg_image *img, const char *path);
void viz_svg(const vg_image *img, const char *preset, const char *path);

#endif

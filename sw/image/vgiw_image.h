/* The VGIW image: in-memory form, writer and checking reader (docs/image-format.md).
 *
 * An image holds one or more compiled kernels. Each kernel is a block table (block ID ->
 * successors) plus one dataflow graph per block; nodes are typed by the fabric unit that
 * executes them and listed in a topological order (every operand refers to an earlier
 * node). The same structures are used by the compiler (vgiwcc), the functional
 * interpreter and vgiw-objdump.
 */
#ifndef VGIW_IMAGE_H
#define VGIW_IMAGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define VG_IMAGE_MAGIC   "VGIW"
#define VG_IMAGE_MAJOR   1
#define VG_IMAGE_MINOR   3      /* 1.1: PNR sections (placed and routed configurations); 1.2: CONST sections; 1.3: atomic LDST ops */
#define VG_HEADER_BYTES  32
#define VG_NAME_MAX      63      /* kernel and argument names */
#define VG_CONFIG_MAX    11      /* preset name (12 bytes with NUL) */
#define VG_MAX_IN        3       /* operand ports per node (data first, then control) */
#define VG_NO_BLOCK      0xFFFFFFFFu

/* Section kinds. */
enum vg_section {
    VG_SEC_KERNEL = 1,   /* kernel header: name, arguments, counts, block table */
    VG_SEC_DFG    = 2,   /* dataflow graph of one block */
    VG_SEC_PNR    = 3,   /* placed-and-routed fabric configuration of one block (optional, after its DFG) */
    VG_SEC_CONST  = 4,   /* constant data of a kernel (optional, right after its KERNEL section) */
};

/* Fabric unit executing a node. ALU/FMA/FCMP/FCVT are the four datapaths of a CU. */
enum vg_unit {
    VG_U_ALU = 1,   /* op: enum alu_op  (vgiw_ops.h) */
    VG_U_FMA,       /* op: enum fma_op  */
    VG_U_FCMP,      /* op: enum fcmp_op */
    VG_U_FCVT,      /* op: enum fcvt_op */
    VG_U_SCU,       /* op: enum scu_op  */
    VG_U_LDST,      /* op: enum vg_ldst_op */
    VG_U_LVU,       /* op: enum vg_lvu_op, param = live value ID */
    VG_U_CVU,       /* op: enum vg_cvu_op, param = source (IN) */
    VG_U_SJU,       /* op: enum vg_sju_op */
    VG_U_COUNT
};

/* Same numbering as arch's ldst_op (vgiw_ops.h LDST_*), which the fabric decodes. The
 * atomics (VG_AADD..VG_ACMPXCHG, version 1.3) are 32-bit read-modify-writes: operands
 * address, value (and for ACMPXCHG the comparand); the result is the old word. */
enum vg_ldst_op { VG_LD8S, VG_LD8U, VG_LD16S, VG_LD16U, VG_LD32, VG_ST8, VG_ST16, VG_ST32,
                  VG_AADD, VG_ASUB, VG_AXCHG, VG_AMIN, VG_AMAX, VG_AMINU, VG_AMAXU, VG_AAND, VG_AOR, VG_AXOR,
                  VG_ACMPXCHG, VG_LDST_COUNT };
static inline int vg_ldst_is_atomic(unsigned op) { return op >= VG_AADD && op <= VG_ACMPXCHG; }
static inline int vg_ldst_is_store(unsigned op) { return op >= VG_ST8 && op <= VG_ST32; }
static inline int vg_ldst_is_load(unsigned op) { return op <= VG_LD32; }
enum vg_lvu_op  { VG_LVLD, VG_LVST, VG_LVU_COUNT };
enum vg_cvu_op  { VG_CVU_IN, VG_CVU_END, VG_CVU_COUNT };
enum vg_sju_op  { VG_SPLIT, VG_JOIN, VG_SJU_COUNT };

/* CVU_IN sources: per-thread coordinates and per-launch parameters. */
enum vg_src {
    VG_SRC_GLOBAL_ID   = 0,    /* + dim (0..2) */
    VG_SRC_LOCAL_ID    = 3,
    VG_SRC_GROUP_ID    = 6,
    VG_SRC_GLOBAL_SIZE = 9,
    VG_SRC_LOCAL_SIZE  = 12,
    VG_SRC_NUM_GROUPS  = 15,
    VG_SRC_LOCAL_BASE  = 18,   /* address of this thread's work-group __local region */
    /* What the hardware provides (docs/compiler.md "CVU sources"): the CVU injects the
     * linear thread ID; the rest are launch constants. vgiwcc derives the sources above
     * from these with ordinary instructions when it places and routes (derive.c). */
    VG_SRC_LINEAR_ID     = 19, /* work-group-major linear global thread ID */
    VG_SRC_GROUP_THREADS = 20, /* local_size(0) * local_size(1) * local_size(2) */
    VG_SRC_LS01          = 21, /* local_size(0) * local_size(1) */
    VG_SRC_NG01          = 22, /* num_groups(0) * num_groups(1) */
    VG_SRC_LOCAL_BASE0   = 23, /* __local region of the tile's first work-group */
    VG_SRC_LOCAL_STRIDE  = 24, /* bytes between work-groups' __local regions */
    VG_SRC_TILE_GROUPS   = 25, /* work-groups per tile */
    VG_SRC_ARG         = 32,   /* + argument index: scalar value or buffer address */
};
#define VG_SRC_ARG_MAX 64

/* Operand kinds. */
enum vg_opnd_kind {
    VG_O_NONE = 0,
    VG_O_NODE = 1,   /* data token of an earlier node (v = node index) */
    VG_O_IMM  = 2,   /* constant folded into the node's configuration (v = value) */
    VG_O_CTRL = 3,   /* control token of an earlier node: ordering only (v = node index) */
};

typedef struct { uint8_t kind; uint32_t v; } vg_opnd;

typedef struct {
    uint8_t unit, op, nin;
    uint32_t param;
    vg_opnd in[VG_MAX_IN];
    uint32_t line;           /* source line (0 = unknown); informative only */
} vg_node;

/* Launch values a configuration needs (VGIW §3.1: the CVU injects only the linear
 * global thread ID; everything else is a constant patched into unit configurations at
 * launch, docs/compiler.md "Launch constants"). */
enum vg_launch_value {
    VG_L_GLOBAL_SIZE   = 0,    /* + dim */
    VG_L_LOCAL_SIZE    = 3,    /* + dim */
    VG_L_NUM_GROUPS    = 6,    /* + dim */
    VG_L_GROUP_THREADS = 9,    /* local_size(0) * local_size(1) * local_size(2) */
    VG_L_LS01          = 10,   /* local_size(0) * local_size(1) */
    VG_L_NG01          = 11,   /* num_groups(0) * num_groups(1) */
    VG_L_LOCAL_BASE    = 12,   /* address of the first work-group __local region of a tile */
    VG_L_LOCAL_STRIDE  = 13,   /* bytes between consecutive work-groups' regions */
    VG_L_TILE_GROUPS   = 14,   /* work-groups per tile */
    VG_L_COUNT_FIXED   = 15,
    VG_L_ARG           = 32,   /* + argument index */
};
typedef struct { uint32_t word, value; } vg_reloc;   /* word index (shift order), enum vg_launch_value */

/* Placed and routed configuration of one block (docs/image-format.md, PNR). */
typedef struct {
    uint32_t nwords;         /* 0: the block has no PNR section */
    uint32_t *words;         /* shift order: words[t * chains + ch] enters chain ch in cycle t */
    uint32_t chains;         /* configuration chains of the preset */
    uint32_t replicas;       /* replicas of the graph (VGIW §3.1) */
    uint32_t cvu_mask;       /* bit i: CVU i (index among the CVUs) heads a replica */
    uint32_t units_used;     /* placed units, all replicas */
    uint32_t delays;         /* SJU DELAY units inserted for path balancing (SGMF §4.4) */
    uint32_t hops;           /* switch hops of all routed edges */
    uint32_t nrelocs;
    vg_reloc *relocs;
    uint32_t nmap;           /* replicas * nnodes: map[r * nnodes + i] = unit of DFG node i in replica r, */
    uint32_t *map;           /* or VG_NO_UNIT (CVU sources folded into constants) -- for checkers    */
} vg_pnr;
#define VG_NO_UNIT 0xFFFFFFFFu

/* Value of launch value `v` (enum vg_launch_value) for an NDRange; args: one word per
 * kernel argument. Returns 0, or -1 if v is not a launch value. */
int vg_launch_value_of(uint32_t v, const uint32_t global[3], const uint32_t local[3], const uint32_t *args,
                       uint32_t nargs, uint32_t local_base, uint32_t local_stride, uint32_t tile_groups,
                       uint32_t *out);
void vg_launch_name(uint32_t v, char *buf, size_t len);

typedef struct {
    uint8_t nsucc;           /* 0 = thread exits, 1 = jump, 2 = branch: cond != 0 -> succ[0] */
    uint32_t succ[2];
    uint32_t nnodes;
    vg_node *nodes;
    vg_pnr pnr;
} vg_block;

/* VG_ARG_LOCAL: a __local pointer argument (clSetKernelArg(k, i, bytes, NULL)); its size
 * comes at launch and its launch value is its offset in the work-group's __local region
 * (vg_local_layout), the kernel adds the region's base itself. */
/* VG_ARG_STRUCT: a struct or union passed by value (elem_size = its size in the target's
 * C layout); the host puts its bytes in device memory and passes their address, the kernel
 * only reads them (docs/compiler.md "Struct arguments"). */
enum vg_argkind { VG_ARG_BUFFER = 1, VG_ARG_SCALAR = 2, VG_ARG_LOCAL = 3, VG_ARG_STRUCT = 4 };
enum vg_type { VG_T_I8 = 1, VG_T_U8, VG_T_I16, VG_T_U16, VG_T_I32, VG_T_U32, VG_T_F32, VG_T_OTHER,
               VG_T_I64, VG_T_U64 };   /* 64-bit: buffer elements (long/ulong) */
enum vg_addrspace { VG_AS_GLOBAL = 1, VG_AS_CONSTANT = 2 };
/* The VG_T_* type of an OpenCL C type name as clang's kernel_arg_type metadata spells it
 * ("const float*", "uint", "unsigned char", "float4*"), the element size in *size; a vector
 * of width 2, 3, 4, 8 or 16 names its element type (a float4 buffer is a buffer of floats),
 * any other trailing digits are part of the name. VG_T_OTHER (size untouched) when it is
 * none of them. vgiwcc and vgiw-simtcc both describe kernel arguments with it. */
uint8_t vg_type_from_name(const char *s, uint32_t *size);

/* A vector passed by value (float4 s) is a VG_ARG_STRUCT whose type is its lane type and
 * lanes its lane count (2, 3, 4, 8, 16; elem_size the vector's size, a 3-lane vector taking
 * 4 lanes' room); lanes is 0 for every other argument. */
typedef struct {
    char name[VG_NAME_MAX + 1];
    uint8_t kind, type, addrspace, lanes;
    uint32_t elem_size;      /* bytes of one element (buffers) or of the value (scalars, structs) */
} vg_arg;

typedef struct {
    char name[VG_NAME_MAX + 1];
    uint32_t nargs;
    vg_arg *args;
    uint32_t nblocks;
    vg_block *blocks;
    uint32_t lv_count;       /* live value IDs used: 0 .. lv_count-1 */
    uint32_t local_bytes;    /* __local memory per work-group */
    /* Constant data (program-scope __constant tables read at run-time indices, e.g. libclc's
     * log and pow tables; docs/compiler.md "Constant tables"): the host copies these bytes
     * into device memory before a launch and passes their address as the launch value of
     * the argument slot after the last argument (VG_SRC_ARG + nargs, VG_L_ARG + nargs). */
    uint32_t const_bytes;    /* 0: none */
    uint8_t *const_data;
} vg_kernel;

#define VG_CONST_MAX (1u << 20)   /* bytes of constant data per kernel */
#define VG_CONST_ALIGN 16u        /* alignment of the data in device memory */

/* Launch values a launch supplies: one per argument, and one more (the address of the
 * constant data) when the kernel has constant data. */
static inline uint32_t vg_launch_nargs(const vg_kernel *k) { return k->nargs + (k->const_bytes ? 1u : 0u); }

/* Per-work-group __local layout of a launch: the kernel's own __local variables
 * (k->local_bytes) first, then each __local pointer argument i (bytes[i], VG_ARG_LOCAL)
 * at the next multiple of VG_LOCAL_ARG_ALIGN. Writes each such argument's offset into
 * offsets[i] (its launch value; other entries are left alone) and the region size, rounded
 * up to 16, into *stride. Returns 0, or -1 (message in err) for a size 0 or a region above
 * VG_LOCAL_MAX bytes. */
#define VG_LOCAL_ARG_ALIGN 16u
#define VG_LOCAL_MAX (1u << 24)
int vg_local_layout(const vg_kernel *k, const uint32_t *bytes, uint32_t *offsets, uint32_t *stride, char *err,
                    size_t errlen);

typedef struct {
    char config[VG_CONFIG_MAX + 1];
    uint32_t nkernels;
    vg_kernel *kernels;
    uint16_t major, minor;   /* the format version of the file read (vg_image_read) */
} vg_image;

/* Serialize; returns 0 and a malloc'ed buffer, or -1 (message in err). */
int vg_image_write(const vg_image *img, uint8_t **out, size_t *outlen, char *err, size_t errlen);
int vg_image_save(const vg_image *img, const char *path, char *err, size_t errlen);
/* Parse and check everything; returns 0, or -1 with a message naming the problem. */
int vg_image_read(const uint8_t *buf, size_t len, vg_image *img, char *err, size_t errlen);
int vg_image_load(const char *path, vg_image *img, char *err, size_t errlen);
/* Structural checks (also run by the writer and the reader). */
int vg_image_check(const vg_image *img, char *err, size_t errlen);
void vg_image_free(vg_image *img);

uint32_t vg_crc32(const uint8_t *p, size_t n);

/* Names for printing. */
const char *vg_unit_name(unsigned unit);
const char *vg_op_name(unsigned unit, unsigned op);
const char *vg_type_name(unsigned type);
void vg_src_name(uint32_t src, char *buf, size_t len);
/* The CVU output selection (enum cvu_src of vgiw_ops.h, arch/ops.toml) that injects CVU_IN
 * source `src` with every thread (VGIW §2: the thread's ID and coordinates), or -1 when the
 * CVU does not produce it (launch constants, arguments); and back (VG_SRC_LINEAR_ID for an
 * unknown selection, as the hardware does). */
int vg_src_cvu(uint32_t src);
uint32_t vg_cvu_src(unsigned sel);
/* Number of data operands a node of this unit/op takes (-1: variable, i.e. END). */
int vg_op_arity(unsigned unit, unsigned op);
/* Whether a node of this unit/op produces a data token (vs. only a control token). */
int vg_op_has_data(unsigned unit, unsigned op);

void vg_image_dump(FILE *f, const vg_image *img);

#endif

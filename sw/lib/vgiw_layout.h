/* The kernel-in-memory contract of docs/core.md, written once: the tile rule, the descriptor,
 * the block table, where the configurations go, their shift order, and the patching of
 * relocated configuration words with launch values (docs/image-format.md "PNR section").
 *
 * Used by everything that lays a kernel out for the core or reads one the core would run:
 * the runtime's rtl device (sw/runtime/vgiw_rt.c), the core testbenches' kernel builder
 * (tb/core/kbuild.c), the interpreter's placed-configuration mode (sw/interp/interp.c) and
 * the compiler's emission (sw/vgiwcc/place.c). The RTL side of the contract is the BBS
 * (rtl/ctrl/vgiw_bbs.sv); field layouts come from arch/core.toml (vgiw_core_map.h). */
#ifndef VGIW_LAYOUT_H
#define VGIW_LAYOUT_H

#include <stdint.h>

#include "vgiw_core_map.h"   /* descriptor and block table layouts (arch/core.toml) */
#include "vgiw_image.h"      /* vg_pnr: configuration words and their relocations */
#include "vgiw_presets.h"

#define VL_TABLE_OFFSET 128u     /* the block table, this many bytes after the descriptor */
#define VL_CFG_ALIGN    256u     /* the first configuration: no cache line shared with the table */

_Static_assert(4 * VGIW_DESC_WORDS <= VL_TABLE_OFFSET, "the descriptor overlaps the block table");

/* ---- tiles (docs/core.md "Tiles", VGIW §3.2) --------------------------------------------- */

/* The most threads a tile may have: a token's thread ID is tile-relative and `tid_bits` wide
 * (datapath.tid_bits of the preset; docs/fabric.md "Tokens and links"). */
static inline uint32_t vl_tile_cap(unsigned tid_bits) { return 1u << tid_bits; }

/* THE tile rule: threads of a tile of a kernel of `threads` threads and `blocks` blocks on a
 * CVT of `cvt_bits` bits and thread IDs of `tid_bits` bits,
 * T = min(roundup64(N), 64 * floor(cvt_bits / (64 B)), 2^tid_bits);
 * 0 when that is below 64 (too many blocks for the CVT: the core ends the kernel with an
 * error). The BBS computes the same (rtl/ctrl/vgiw_bbs.sv); change both together. Every
 * preset has cvt_bits <= 2^tid_bits (tools/archgen.py), so the last term binds only for
 * CVT sizes no preset has. */
uint32_t vl_tile_threads(uint64_t threads, unsigned blocks, uint32_t cvt_bits, unsigned tid_bits);

/* VGIW §3.4: thread tiling keeps live values from spilling. A tile's live values take
 * 4 * lv_count * (T + LW) bytes (the skewed rows of vl_lv_stride). Returns the largest multiple
 * of 64 threads below `tile_threads` whose live values fit the LVC, when one of at least 64
 * threads exists and (if it makes several tiles) still holds a whole work-group; otherwise
 * `tile_threads` unchanged. The runtime applies it under VGIW_LVC_TILES=fit (docs/core.md "Tiles"). */
uint32_t vl_tile_fit_lvc(uint32_t tile_threads, uint64_t threads, uint64_t group_threads, uint32_t lv_count,
                         const vgiw_preset_t *p);

/* Tiles of whole work-groups (docs/core.md "Tiles"): with T from vl_tile_threads, a kernel that
 * needs several tiles has its tile cut to a multiple of lcm(group_threads, 64) and tells the
 * core through the descriptor's tile_max; one tile holds all `groups` work-groups. */
typedef struct vl_tiling {
    uint32_t threads;    /* threads of a tile */
    uint32_t groups;     /* work-groups of a tile */
    uint32_t max_words;  /* descriptor word tile_max: the cap in 64-thread words, 0 = none */
} vl_tiling_t;

/* Returns 0, or -1 when several tiles are needed and one work-group does not fit a tile. */
int vl_tile_groups(uint32_t tile_threads, uint64_t threads, uint64_t group_threads, uint64_t groups,
                   vl_tiling_t *out);

/* Words between live value rows of the matrix: T + one L1 line of words, the skew that spreads
 * a thread group's live values over the LVC's banks and sets (docs/mem.md "LVC"). <lvid, tid>
 * is at lv_base + 4 * (lvid * stride + tid). */
uint32_t vl_lv_stride(uint32_t tile_threads, const vgiw_preset_t *p);

/* ---- shift order (docs/core.md "Kernel descriptor") --------------------------------------- */

/* Words of one configuration: cfg_chains * cfg_chain_words. */
uint32_t vl_cfg_words(const vgiw_preset_t *p);

/* Index in shift order of the word shifted into chain `chain` in shift cycle `t`. */
uint32_t vl_shift_index(const vgiw_preset_t *p, unsigned chain, unsigned t);

/* fcfg_emit's chain-major words (word t of chain ch at ch * cfg_chain_words + t) into shift
 * order (at vl_shift_index(ch, t)); `shift` holds vl_cfg_words words. */
void vl_shift_order(const vgiw_preset_t *p, const uint32_t *chain_major, uint32_t *shift);

/* Shift-order index of word i of unit u's configuration record: the record sits at offset
 * unit_cfg_off[u] of its row's chain, entered in shift cycle offset + chain_words - chain
 * length (shorter chains get zero words first; docs/fabric-config-library.md "Emission"). */
uint32_t vl_unit_word(const vgiw_preset_t *p, unsigned u, unsigned i);

/* ---- where things go ---------------------------------------------------------------------- */

/* The descriptor at `base`, the block table VL_TABLE_OFFSET bytes after it, the first
 * configuration at the next VL_CFG_ALIGN boundary after the table, block b's configuration at
 * cfg + b * cfg_stride (each configuration's start aligned to `cfg_align` bytes, a power of 2
 * >= 4), and `end` just after the last one. */
typedef struct vl_place {
    uint32_t desc, table, cfg, cfg_stride, end;
} vl_place_t;

vl_place_t vl_place(const vgiw_preset_t *p, uint32_t base, unsigned blocks, uint32_t cfg_align);

static inline uint32_t vl_cfg_addr(const vl_place_t *pl, unsigned b) { return pl->cfg + b * pl->cfg_stride; }

/* ---- descriptor and block table ------------------------------------------------------------ */

/* The descriptor's fields (docs/core.md; arch/core.toml [descriptor]). The magic and the
 * reserved words are filled in by vl_desc_words; fields left 0 are words of 0 (hand-built
 * test kernels select no NDRange coordinate and leave the geometry 0). */
typedef struct vl_desc {
    uint32_t blocks, table, threads, lv_base, lv_count, tile_max;
    uint32_t lsize[3], ngroups[2], gsize[2];
    uint32_t local_base, local_stride, tile_groups, local_span;
    uint32_t launch_esc, launch[VGIW_DESC_LAUNCH_VALUES];   /* launch values (vl_lv_plan) */
} vl_desc_t;

void vl_desc_words(const vl_desc_t *d, uint32_t w[VGIW_DESC_WORDS]);

/* Block table entry: configuration address, successor 0 (not taken) and 1 (taken;
 * VGIW_BT_SUCC_NONE: the thread is done), the CVUs that head a replica; reserved word 0. */
void vl_bt_entry(uint32_t cfg_addr, unsigned succ_not_taken, unsigned succ_taken, uint32_t cvu_mask,
                 uint32_t e[VGIW_BT_ENTRY_WORDS]);

/* ---- launch values (docs/core.md "Launch values", VGIW §3.2, §3.5) -------------------------------- */

/* The launch values a relocated word may take (vg_launch_value_of, sw/image). */
typedef struct vl_launch {
    const uint32_t *global, *local;   /* [3] */
    const uint32_t *args;
    uint32_t nargs, local_base, local_stride, tile_groups;
} vl_launch_t;

/* A configuration word ESC | i (i < VGIW_DESC_LAUNCH_VALUES) is replaced by launch value slot i
 * as the BBS shifts it into the fabric (rtl/ctrl/vgiw_bbs_launch.sv). */
#define VL_LV_SLOT_BITS 8u
#define VL_LV_ESC_MASK  0xFFFFFF00u

/* How a kernel's relocated words are given their launch values: the first
 * VGIW_DESC_LAUNCH_VALUES distinct launch values named by its relocations (blocks in order,
 * relocations in order) get a slot each, and their words hold esc | slot in memory; words of
 * other launch values (a kernel with more) hold the value itself, patched per launch. The
 * escape's upper 24 bits are those of no other word of the kernel's configurations. */
typedef struct vl_lv_plan {
    uint32_t esc;                                  /* descriptor word LAUNCH_ESC; 0: no slots */
    uint32_t nslots;
    uint32_t id[VGIW_DESC_LAUNCH_VALUES];          /* launch value (image relocation value) of slot i */
    uint32_t val[VGIW_DESC_LAUNCH_VALUES];         /* its value in this launch: descriptor LAUNCH<i> */
    uint32_t patched;                              /* relocations patched per launch (no slot) */
} vl_lv_plan_t;

/* Plans kernel k's launch values for launch L. `prefer_esc` (0: none) is kept as the escape when
 * it is still free, so the words in memory do not change from launch to launch. Returns 0, or -1
 * with *bad_block and *bad_reloc naming a relocation outside the words or of a value L cannot
 * give. Every block must have its configuration (nwords > 0). */
int vl_lv_plan(const vg_kernel *k, const vl_launch_t *L, uint32_t prefer_esc, vl_lv_plan_t *pl,
               uint32_t *bad_block, uint32_t *bad_reloc);

/* The words of configuration r as they go to memory under plan pl (r->nwords of them). */
void vl_cfg_mem_words(const vg_pnr *r, const vl_launch_t *L, const vl_lv_plan_t *pl, uint32_t *words);

/* What the BBS does to each word on its way into the fabric: esc | i becomes pl->val[i]. */
void vl_lv_substitute(const vl_lv_plan_t *pl, uint32_t *words, uint32_t n);

/* The launch values into descriptor words LAUNCH_ESC and LAUNCH0.. */
void vl_desc_launch(const vl_lv_plan_t *pl, vl_desc_t *d);

#endif

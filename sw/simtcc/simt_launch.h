/* The launch block of a kernel on the SIMT core (docs/simt.md "Kernels"): written by the
 * runtime (sw/runtime/vrt_simt.c) at the address the core's ARG register holds, read by
 * the start-up code (simt_crt.S) and the work-item library (simt_wi.c) through CSR simt_arg.
 * Every field is a 32-bit word; the offsets are used by the assembly start-up code too. */
#ifndef VGIW_SIMT_LAUNCH_H
#define VGIW_SIMT_LAUNCH_H

#define SIMT_LB_MAGIC       0x4B4D4953u   /* "SIMK" */
#define SIMT_LB_O_MAGIC     0
#define SIMT_LB_O_ENTRY     4     /* the kernel's wrapper __simt_k_<name>(const uint32_t *args) */
#define SIMT_LB_O_MODE      8     /* SIMT_MODE_* */
#define SIMT_LB_O_ITEMS     12    /* work-items of the NDRange */
#define SIMT_LB_O_GSIZE     16    /* [3] global sizes */
#define SIMT_LB_O_LSIZE     28    /* [3] local sizes */
#define SIMT_LB_O_NGROUPS   40    /* [3] work-groups per dimension */
#define SIMT_LB_O_GITEMS    52    /* work-items of one work-group */
#define SIMT_LB_O_HWGROUP   56    /* hardware threads of one work-group (WG_WARPS x lanes) */
#define SIMT_LB_O_FIBERS    60    /* work-items per hardware thread at most (group mode) */
#define SIMT_LB_O_PRIV      64    /* base of the per-thread areas */
#define SIMT_LB_O_AREA      68    /* bytes of one area (context, IDs, stack) */
#define SIMT_LB_O_LANES     72    /* simt.lanes of the core */
#define SIMT_LB_O_NGTOTAL   76    /* work-groups of the NDRange */
#define SIMT_LB_O_SHIFTS    80    /* [4] log2 of GITEMS, LSIZE[0], LSIZE[1], NGROUPS[0] when a power
                                     of two, else 0xFFFFFFFF: the IDs without a division (the
                                     core's divider is one long-latency unit for all warps) */
#define SIMT_LB_O_ARGS      128   /* the argument words, one per kernel argument */
#define SIMT_LB_BYTES(nargs) (SIMT_LB_O_ARGS + 4 * (nargs))

/* flat: one hardware thread per work-item, any grouping (kernels without barrier or __local);
 * group: one hardware work-group per OpenCL work-group, the work-items of a hardware thread
 * run as fibers that switch at barrier() (docs/simt.md "Kernels"). */
#define SIMT_MODE_FLAT  0
#define SIMT_MODE_GROUP 1

/* one area: the saved context of a fiber, its IDs, then its stack (growing down from the end) */
#define SIMT_AREA_O_CTX   0      /* ra sp s0..s11 fs0..fs11 tp: 27 words */
#define SIMT_AREA_O_LID   128    /* [3] */
#define SIMT_AREA_O_GRP   140    /* [3] */
#define SIMT_AREA_O_GID   152    /* [3] */
#define SIMT_AREA_O_DONE  164
#define SIMT_AREA_BYTES   4096   /* default area: 3.9 KB of stack */

/* the kernel-information sections of the ELF (vgiw-simtcc writes them, the runtime reads them) */
#define SIMT_KINFO_MAGIC  0x4F464E4Bu   /* "KNFO" */
#define SIMT_KINFO_FLAG_GROUP 1u        /* uses barrier() or __local memory: group mode */

/* The run block: what the simt device process (sw/runtime/device/simt_device.c) writes into the
 * core's registers before CTRL.start, in this order; the address is RUN's `desc`. */
#define SIMT_RB_WORDS 6   /* CODE_LO CODE_HI ENTRY THREADS WG_WARPS ARG */

/* RUN result of the simt device: u64 words; 0..3 as rt_proto.h (STATUS, SIM_CYCLES,
 * WATCHDOG, MEM_REQS), then FAULT_PC, FAULT_WARP, the counters 0..SIMT_RES_NCNT-1 of CNT_SEL
 * (docs/simt.md "Counters": cycles, the first SIMT counters, the L1's at their mem_system
 * indices; indices the core does not have read 0), the SIMT_RES_NEXT counters of
 * arch/core.toml [counters.simt] from VGIW_CNT_SIMT on (those past VGIW_CNT_SIMT_COUNT read 0),
 * and each warp slot's window 256+w. */
#define SIMT_RES_FAULT_PC   4
#define SIMT_RES_FAULT_WARP 5
#define SIMT_RES_CNT        8
#define SIMT_RES_NCNT       32
#define SIMT_RES_EXT        (SIMT_RES_CNT + SIMT_RES_NCNT)
#define SIMT_RES_NEXT       16
#define SIMT_RES_WIN        (SIMT_RES_EXT + SIMT_RES_NEXT)
#define SIMT_RES_WORDS(warps) (SIMT_RES_WIN + (warps))
#define SIMT_RES_MAX_WARPS  64

/* device addresses (below the runtime's memory end 0x40000000; buffers end at 0x30000000) */
#define SIMT_RUN_ADDR     0x30000000u  /* the run block */
#define SIMT_LAUNCH_ADDR  0x30000100u  /* the launch block (ARG) */
#define SIMT_PRIV_BASE    0x30010000u  /* per-thread areas */
#define SIMT_LOCAL_BASE   0x3C000000u  /* __local pointer arguments of the running work-group */
#define SIMT_TEXT_BASE    0x38000000u  /* the program (vgiw-simtcc's link address) */

#endif

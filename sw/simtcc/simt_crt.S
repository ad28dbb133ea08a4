/* Start-up code of OpenCL kernels on the SIMT core (docs/simt.md "Kernels"). Every hardware
 * thread starts at _start: it finds its area from its warp slot and lane (CSRs simt_warp,
 * simt_lane) and the launch block (CSR simt_arg, sw/simtcc/simt_launch.h), sets tp to the area and sp to
 * its end, and calls __simt_main (simt_wi.c), then exits (ecall 93, docs/simt.md "ISA").
 * Areas are per slot, not per thread ID: a slot runs one thread at a time. */
#include "simt_launch.h"
#include "vgiw_simt_csr.h"   /* VGIW_SIMT_CSR_<NAME>, generated from arch/ */

    .section .text.start, "ax"
    .globl _start
_start:
    csrr    a0, VGIW_SIMT_CSR_ARG       /* the launch block */
    csrr    t0, VGIW_SIMT_CSR_WARP      /* warp slot */
    csrr    t1, VGIW_SIMT_CSR_LANE      /* lane */
    lw      t2, SIMT_LB_O_LANES(a0)
    mul     t0, t0, t2
    add     t0, t0, t1                  /* slot = warp * lanes + lane */
    lw      t3, SIMT_LB_O_FIBERS(a0)
    addi    t3, t3, 1                   /* area 0: the thread itself; 1..K: its fibers */
    mul     t0, t0, t3
    lw      t4, SIMT_LB_O_AREA(a0)
    mul     t0, t0, t4
    lw      t5, SIMT_LB_O_PRIV(a0)
    add     tp, t5, t0
    add     sp, tp, t4
    call    __simt_main
    li      a7, 93
    li      a0, 0
    ecall

/* __simt_swap(save, load): saves the callee-saved state of the running fiber (RISC-V psABI:
 * ra, sp, s0-s11, fs0-fs11, plus tp, which points at the fiber's area) at `save` and resumes
 * the one saved at `load`. barrier() with several work-items per thread switches through it. */
    .text
    .globl __simt_swap
__simt_swap:
    sw      ra, 0(a0)
    sw      sp, 4(a0)
    sw      s0, 8(a0)
    sw      s1, 12(a0)
    sw      s2, 16(a0)
    sw      s3, 20(a0)
    sw      s4, 24(a0)
    sw      s5, 28(a0)
    sw      s6, 32(a0)
    sw      s7, 36(a0)
    sw      s8, 40(a0)
    sw      s9, 44(a0)
    sw      s10, 48(a0)
    sw      s11, 52(a0)
    fsw     fs0, 56(a0)
    fsw     fs1, 60(a0)
    fsw     fs2, 64(a0)
    fsw     fs3, 68(a0)
    fsw     fs4, 72(a0)
    fsw     fs5, 76(a0)
    fsw     fs6, 80(a0)
    fsw     fs7, 84(a0)
    fsw     fs8, 88(a0)
    fsw     fs9, 92(a0)
    fsw     fs10, 96(a0)
    fsw     fs11, 100(a0)
    sw      tp, 104(a0)
    lw      ra, 0(a1)
    lw      sp, 4(a1)
    lw      s0, 8(a1)
    lw      s1, 12(a1)
    lw      s2, 16(a1)
    lw      s3, 20(a1)
    lw      s4, 24(a1)
    lw      s5, 28(a1)
    lw      s6, 32(a1)
    lw      s7, 36(a1)
    lw      s8, 40(a1)
    lw      s9, 44(a1)
    lw      s10, 48(a1)
    lw      s11, 52(a1)
    flw     fs0, 56(a1)
    flw     fs1, 60(a1)
    flw     fs2, 64(a1)
    flw     fs3, 68(a1)
    flw     fs4, 72(a1)
    flw     fs5, 76(a1)
    flw     fs6, 80(a1)
    flw     fs7, 84(a1)
    flw     fs8, 88(a1)
    flw     fs9, 92(a1)
    flw     fs10, 96(a1)
    flw     fs11, 100(a1)
    lw      tp, 104(a1)
    ret

/* First activation of a fiber (its context: ra = here, s0 = the kernel wrapper, s1 = the
 * argument words): run the work-item, then hand back for good. The tracker's call depth
 * (RR-9073 2.4) must be the same whether a fiber starts here or resumes inside barrier()
 * (which returns twice: from __simt_swap and from barrier), and the scheduler must get control
 * back at the depth it left: otherwise threads of one warp that run different numbers of
 * work-items drift apart in depth, and paths at one PC but different depths never merge.
 * So two fake returns before the kernel, one fake call after it (JALR x0, ra: -1; JAL ra: +1). */
    .globl __simt_fiber_start
__simt_fiber_start:
    la      ra, 21f
    ret
21: la      ra, 22f
    ret
22: mv      a0, s1
    jalr    s0
    jal     ra, 23f
23: call    __simt_fiber_done

/* The core's work-group barrier (docs/simt.md "Barrier": custom-0, 0x0000000b), executed by the
 * fiber scheduler of __simt_main only, at one PC (the core resumes a warp's threads at one PC
 * after the barrier). The core releases the work-group when all its live threads have arrived,
 * whatever order the tracker runs the paths in: no call-depth tricks are needed here. */
    .globl __simt_bar
__simt_bar:
    .word   0x0000000b
    ret

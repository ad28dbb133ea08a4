/* Start-up code of the SIMT core's test programs (docs/simt.md "Tests"), the same ELF for the
 * core and for qemu-user. Thread identity: on the core, CSR simt_tid (VGIW_SIMT_CSR_TID of the
 * generated vgiw_simt_csr.h, from arch/base.toml [simt]); under qemu-user,
 * which has no such CSR, the word __simt_qemu_tid that the test driver patches into the ELF
 * per thread (it is -1 in the file the core runs). From the ID: tp = the thread's result blob
 * (registers at +0, its private memory from +128), sp = its stack, gp = the program's table,
 * a0 = the ID; every other register 0, f0..f31 +0.0. The body ends with `j __simt_finish`,
 * which stores x1..x31 at tp+4.., f0..f31 at tp+1920.., fcsr at tp+0 and exits (under qemu it first writes
 * the blob to stdout). */
#include "vgiw_simt_csr.h"
#define BLOB  2048
#define STACK 1024
#define MAXT  256

    .section .text.start, "ax"
    .globl _start
_start:
    la      t0, __simt_qemu_tid
    lw      t1, 0(t0)
    li      t2, -1
    bne     t1, t2, 1f
    csrr    t1, VGIW_SIMT_CSR_TID
1:  slli    t2, t1, 11
    la      tp, __simt_dump
    add     tp, tp, t2
    slli    t2, t1, 10
    la      sp, __simt_stack_top
    sub     sp, sp, t2
    la      gp, __simt_table
    mv      a0, t1
    li x1, 0
    li x5, 0
    li x6, 0
    li x7, 0
    li x8, 0
    li x9, 0
    li x11, 0
    li x12, 0
    li x13, 0
    li x14, 0
    li x15, 0
    li x16, 0
    li x17, 0
    li x18, 0
    li x19, 0
    li x20, 0
    li x21, 0
    li x22, 0
    li x23, 0
    li x24, 0
    li x25, 0
    li x26, 0
    li x27, 0
    li x28, 0
    li x29, 0
    li x30, 0
    li x31, 0
    fmv.w.x f0, x0
    fmv.w.x f1, x0
    fmv.w.x f2, x0
    fmv.w.x f3, x0
    fmv.w.x f4, x0
    fmv.w.x f5, x0
    fmv.w.x f6, x0
    fmv.w.x f7, x0
    fmv.w.x f8, x0
    fmv.w.x f9, x0
    fmv.w.x f10, x0
    fmv.w.x f11, x0
    fmv.w.x f12, x0
    fmv.w.x f13, x0
    fmv.w.x f14, x0
    fmv.w.x f15, x0
    fmv.w.x f16, x0
    fmv.w.x f17, x0
    fmv.w.x f18, x0
    fmv.w.x f19, x0
    fmv.w.x f20, x0
    fmv.w.x f21, x0
    fmv.w.x f22, x0
    fmv.w.x f23, x0
    fmv.w.x f24, x0
    fmv.w.x f25, x0
    fmv.w.x f26, x0
    fmv.w.x f27, x0
    fmv.w.x f28, x0
    fmv.w.x f29, x0
    fmv.w.x f30, x0
    fmv.w.x f31, x0
    j       __simt_body

    .globl __simt_finish
__simt_finish:
    sw x1, 4(tp)
    sw x2, 8(tp)
    sw x3, 12(tp)
    sw x4, 16(tp)
    sw x5, 20(tp)
    sw x6, 24(tp)
    sw x7, 28(tp)
    sw x8, 32(tp)
    sw x9, 36(tp)
    sw x10, 40(tp)
    sw x11, 44(tp)
    sw x12, 48(tp)
    sw x13, 52(tp)
    sw x14, 56(tp)
    sw x15, 60(tp)
    sw x16, 64(tp)
    sw x17, 68(tp)
    sw x18, 72(tp)
    sw x19, 76(tp)
    sw x20, 80(tp)
    sw x21, 84(tp)
    sw x22, 88(tp)
    sw x23, 92(tp)
    sw x24, 96(tp)
    sw x25, 100(tp)
    sw x26, 104(tp)
    sw x27, 108(tp)
    sw x28, 112(tp)
    sw x29, 116(tp)
    sw x30, 120(tp)
    sw x31, 124(tp)
    fsw f0, 1920(tp)
    fsw f1, 1924(tp)
    fsw f2, 1928(tp)
    fsw f3, 1932(tp)
    fsw f4, 1936(tp)
    fsw f5, 1940(tp)
    fsw f6, 1944(tp)
    fsw f7, 1948(tp)
    fsw f8, 1952(tp)
    fsw f9, 1956(tp)
    fsw f10, 1960(tp)
    fsw f11, 1964(tp)
    fsw f12, 1968(tp)
    fsw f13, 1972(tp)
    fsw f14, 1976(tp)
    fsw f15, 1980(tp)
    fsw f16, 1984(tp)
    fsw f17, 1988(tp)
    fsw f18, 1992(tp)
    fsw f19, 1996(tp)
    fsw f20, 2000(tp)
    fsw f21, 2004(tp)
    fsw f22, 2008(tp)
    fsw f23, 2012(tp)
    fsw f24, 2016(tp)
    fsw f25, 2020(tp)
    fsw f26, 2024(tp)
    fsw f27, 2028(tp)
    fsw f28, 2032(tp)
    fsw f29, 2036(tp)
    fsw f30, 2040(tp)
    fsw f31, 2044(tp)
    frcsr   t0                  /* fcsr = {frm, fflags} at the x0 slot: the accrued flags */
    sw      t0, 0(tp)
    la      t0, __simt_qemu_tid
    lw      t1, 0(t0)
    li      t2, -1
    beq     t1, t2, 2f
    li      a7, 64              /* qemu-user: write(1, blob, BLOB) */
    li      a0, 1
    mv      a1, tp
    li      a2, BLOB
    ecall
2:  li      a7, 93              /* exit */
    li      a0, 0
    ecall

    .section .simt_tid, "aw"
    .globl __simt_qemu_tid
__simt_qemu_tid:
    .word   -1

    .section .bss
    .balign 2048
    .globl __simt_dump
__simt_dump:
    .space  BLOB * MAXT
    .space  STACK * MAXT
__simt_stack_top:

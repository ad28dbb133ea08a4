#!/usr/bin/env python3
"""ISA conformance of the SIMT core against qemu-user (docs/simt.md "Tests").

Generates RV32IM test programs (per-instruction programs and seeded random instruction
streams with thread-dependent divergent branches, loops, calls and returns, loads and stores),
builds them with the project's start-up code (tb/simt/simt_core_crt.S, simt_core.ld) into static
freestanding ELFs, runs every thread of each under qemu-riscv32 (the thread ID patched into the
ELF) to get the reference result blob (registers x1..x31 and the thread's private memory), and
runs the same ELF on the core (simt_core_tb), which compares every thread's blob.

  simt_core_conf.py --sim SIM [--mode per-insn|random|csr|errors] [--seed N] [--count N]
                    [--threads N] [--wg-warps G] [--keep DIR]

Ends with `N passed, N failed` (one check per program run) and exits non-zero on a failure.
"""
import argparse
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CC = os.environ.get("SIMT_RV_CC", "clang-19")
LD = os.environ.get("SIMT_RV_LD", "ld.lld-19")
QEMU = os.environ.get("SIMT_QEMU", "qemu-riscv32")
# the preset's generated headers (build/gen/<preset>): vgiw_simt_csr.h names the identity CSRs
# (VGIW_SIMT_CSR_<NAME>, from arch/base.toml [simt]); every program is preprocessed with it
GEN_DIR = None
BLOB = 2048           # bytes per thread: x regs at +0, private memory at +128 .. +128+SCR, f regs at +1920
SCR = 1024
# x2 sp, x3 gp, x4 tp are the start-up code's; x30, x31 are loop counters of the random streams
FREE = [1] + list(range(5, 30))
ABI = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1"] + [f"a{i}" for i in range(8)] + \
      [f"s{i}" for i in range(2, 12)] + ["t3", "t4", "t5", "t6"]

RR = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
      "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"]
RI = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SH = ["slli", "srli", "srai"]
BR = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
LDS = [("lb", 0x3FF), ("lh", 0x3FE), ("lw", 0x3FC), ("lbu", 0x3FF), ("lhu", 0x3FE)]
STS = [("sb", 0x3FF), ("sh", 0x3FE), ("sw", 0x3FC)]
FEDGE = [0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x007FFFFF,
         0x7F7FFFFF, 0x3FC00000, 0x40490FDB, 0xC0200000, 0x4B000000, 0x4F000000, 0xCF000000, 0x4F800000,
         0x80000001, 0x00800000, 0x3EAAAAAB, 0x7F800001, 0xFFC00000, 0x4EFFFFFF, 0xBF000000, 0x3F000001,
         # ties and near-ties for the rounding modes (1 + 2^-24, 2.5, -3.5, 2^24 + 2), overflow (2^127)
         # and underflow (2^-126 - ulp, 0x0DA24260), a signalling NaN with the sign set
         0x33800000, 0x40200000, 0xC0600000, 0x4B800001, 0x7F000000, 0x807FFFFF, 0x0DA24260, 0xFF800002]
# rounding modes: the five static ones and dyn (frm, set per thread by the program)
RMS = ["rne", "rtz", "rdn", "rup", "rmm", "dyn"]
FRM_OPS = {"fadd.s", "fsub.s", "fmul.s", "fdiv.s", "fsqrt.s", "fcvt.w.s", "fcvt.wu.s", "fcvt.s.w", "fcvt.s.wu"} | set(
    ["fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s"])
FRR = ["fadd.s", "fsub.s", "fmul.s", "fdiv.s", "fmin.s", "fmax.s", "fsgnj.s", "fsgnjn.s", "fsgnjx.s"]
FR4 = ["fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s"]
FCMP = ["feq.s", "flt.s", "fle.s"]
EDGE = [0, 1, 2, 0xFFFFFFFF, 0xFFFFFFFE, 0x80000000, 0x7FFFFFFF, 0x80000001, 31, 32, 33, 0x55555555,
        0xAAAAAAAA, 0x0000FFFF, 0xFFFF0000, 0x00008000, 0x00000080, 0x12345678, 0xFEDCBA98, 7, 0xFFFFFFF9, 3]


def table(rng):
    # FP edge values and ordinary floats (random sign, exponent near 1.0) beside random words
    nice = [(rng.getrandbits(1) << 31) | (rng.randint(110, 145) << 23) | rng.getrandbits(23) for _ in range(60)]
    vals = EDGE + FEDGE + nice
    vals += [rng.getrandbits(32) for _ in range(256 - len(vals))]   # 1 KB: operand offsets + 4 * tid stay inside
    return ".section .rodata\n.balign 4\n.globl __simt_table\n__simt_table:\n" + \
        "".join(f"  .word 0x{v:08x}\n" for v in vals)


class Stream:
    """A random RV32IM instruction stream (the body of one program)."""

    def __init__(self, rng, n, fp=True):
        self.rng, self.n, self.out, self.lbl, self.funcs, self.fp = rng, n, [], 0, [], fp

    def label(self):
        self.lbl += 1
        return f".L{self.lbl}"

    def r(self, avoid=()):
        return self.rng.choice([x for x in FREE if x not in avoid])

    def emit(self, s):
        self.out.append("  " + s)

    def address(self, t, src, m, base, off):
        """Computes base + (src & m) into register t, accessed at offset `off` (m makes it
        aligned for the access). Half of the time t holds a misaligned address just before
        its last write: the low bits are kept by the first AND and cleared by a last one (base
        is aligned). A memory instruction waiting on the scoreboard for that write (issuing
        ahead) must check its alignment on the written value, not on the one it reads while it
        waits (gaussian's Fan1 faulted so, docs/simt.md "Pipeline")."""
        align = 4 if m & 3 == 0 else 2 if m & 1 == 0 else 1
        late = align > 1 and self.rng.random() < 0.5
        self.emit(f"andi {ABI[t]}, {src}, {m | (align - 1) if late else m}")
        self.emit(f"add {ABI[t]}, {ABI[t]}, {base}")
        if late:
            self.emit(f"andi {ABI[t]}, {ABI[t]}, {-align}")
        return off

    def straight(self, avoid=(), mem=True):
        rng, R = self.rng, lambda: ABI[self.r(avoid)]
        k = rng.random()
        src = lambda: ABI[rng.choice(FREE + [0, 10])]
        F = lambda: f"f{rng.randrange(32)}"
        RM = lambda op: f", {rng.choice(RMS)}" if op in FRM_OPS else ""
        if self.fp and rng.random() < 0.04:
            # the FP CSRs (RISC-V F §11.2): frm set per thread (always to a valid mode, so that
            # rm = dyn never traps), fflags and fcsr read, set, cleared, written
            k = rng.random()
            t = self.r(avoid)
            if k < 0.2:
                self.emit(f"fsrmi {R()}, {rng.randrange(5)}")
            elif k < 0.4:
                self.emit(f"andi {ABI[t]}, {src()}, 3")            # 0..3, per thread
                self.emit(f"fsrm {R()}, {ABI[t]}")
            elif k < 0.5:
                self.emit(f"andi {ABI[t]}, {src()}, 0x9F")         # frm 0 or 4, random flags
                self.emit(f"fscsr {R()}, {ABI[t]}")
            elif k < 0.6:
                self.emit(f"frflags {R()}")
            elif k < 0.7:
                self.emit(f"frcsr {R()}")
            elif k < 0.8:
                self.emit(f"csrrs {R()}, fflags, {src()}")
            elif k < 0.85:
                self.emit(f"csrrc {R()}, fcsr, {src()}")            # clearing bits keeps frm valid
            elif k < 0.9:
                self.emit(f"csrrsi {R()}, fflags, {rng.randrange(32)}")
            elif k < 0.95:
                self.emit(f"csrrci {R()}, fcsr, {rng.randrange(32)}")
            else:
                self.emit(f"fsflags {R()}, {src()}")
            return
        if self.fp and rng.random() < 0.35:
            k = rng.random()
            if k < 0.35:
                op = rng.choice(FRR)
                self.emit(f"{op} {F()}, {F()}, {F()}{RM(op)}")
            elif k < 0.5:
                op = rng.choice(FR4)
                self.emit(f"{op} {F()}, {F()}, {F()}, {F()}{RM(op)}")
            elif k < 0.55:
                self.emit(f"fsqrt.s {F()}, {F()}{RM('fsqrt.s')}")
            elif k < 0.62:
                self.emit(f"{rng.choice(FCMP)} {R()}, {F()}, {F()}")
            elif k < 0.70:
                self.emit(f"{rng.choice(['fcvt.w.s', 'fcvt.wu.s'])} {R()}, {F()}, {rng.choice(RMS)}")
            elif k < 0.76:
                self.emit(f"{rng.choice(['fcvt.s.w', 'fcvt.s.wu'])} {F()}, {src()}, {rng.choice(RMS)}")
            elif k < 0.80:
                self.emit(f"{rng.choice(['fmv.x.w', 'fclass.s'])} {R()}, {F()}")
            elif k < 0.84:
                self.emit(f"fmv.w.x {F()}, {src()}")
            elif k < 0.94:
                t = self.r(avoid)
                off = self.address(t, src(), 0x3FC, "gp", 0)
                self.emit(f"flw {F()}, {off}({ABI[t]})")
            else:
                t = self.r(avoid)
                off = self.address(t, src(), 0x3FC, "tp", 128)
                self.emit(f"fsw {F()}, {off}({ABI[t]})")
            return
        if k < 0.35:
            self.emit(f"{rng.choice(RR)} {R()}, {src()}, {src()}")
        elif k < 0.55:
            self.emit(f"{rng.choice(RI)} {R()}, {src()}, {rng.randint(-2048, 2047)}")
        elif k < 0.65:
            self.emit(f"{rng.choice(SH)} {R()}, {src()}, {rng.randint(0, 31)}")
        elif k < 0.70:
            self.emit(f"{rng.choice(['lui', 'auipc'])} {R()}, {rng.randint(0, 0xFFFFF)}")
        elif mem and k < 0.85:
            t = self.r(avoid)
            op, m = rng.choice(LDS + STS if rng.random() < 0.8 else LDS)
            off = self.address(t, src(), m, "tp", 128)
            if op.startswith("s"):
                self.emit(f"{op} {src()}, {off}({ABI[t]})")
            else:
                self.emit(f"{op} {R()}, {off}({ABI[t]})")
        elif mem:
            t = self.r(avoid)
            op, m = rng.choice(LDS)
            off = self.address(t, src(), m & 0xFF, "gp", 0)
            self.emit(f"{op} {R()}, {off}({ABI[t]})")
        else:
            self.emit(f"xor {R()}, {src()}, {src()}")

    def forward_branch(self, avoid):
        rng = self.rng
        end = self.label()
        self.emit(f"{rng.choice(BR)} {ABI[rng.choice(FREE + [10])]}, {ABI[rng.choice(FREE + [0, 10])]}, {end}")
        for _ in range(rng.randint(1, 6)):
            self.straight(avoid)
        self.out.append(f"{end}:")

    def call(self, avoid):
        rng = self.rng
        if not self.funcs:
            return
        f = rng.choice(self.funcs)
        if rng.random() < 0.5:
            self.emit(f"jal ra, {f}")
        else:
            # indirect call whose target depends on the thread (a divergent JALR)
            g = rng.choice(self.funcs)
            a, b, t = rng.sample([x for x in FREE if x not in avoid and x != 1], 3)
            c = rng.choice(FREE + [10])
            self.emit(f"la {ABI[a]}, {f}")
            self.emit(f"la {ABI[b]}, {g}")
            self.emit(f"sub {ABI[b]}, {ABI[b]}, {ABI[a]}")
            self.emit(f"andi {ABI[t]}, {ABI[c]}, 1")
            self.emit(f"mul {ABI[b]}, {ABI[b]}, {ABI[t]}")
            self.emit(f"add {ABI[a]}, {ABI[a]}, {ABI[b]}")
            self.emit(f"jalr ra, 0({ABI[a]})")

    def block(self, n, avoid, depth):
        rng = self.rng
        i = 0
        while i < n:
            k = rng.random()
            if k < 0.12:
                self.forward_branch(avoid)
            elif k < 0.17 and depth == 0:
                # a loop whose trip count (1..4) depends on the thread: divergent back edge
                ctr = 30 if 30 not in avoid else 31
                top = self.label()
                self.emit(f"andi {ABI[ctr]}, {ABI[rng.choice(FREE + [10])]}, 3")
                self.emit(f"addi {ABI[ctr]}, {ABI[ctr]}, 1")
                self.out.append(f"{top}:")
                self.block(rng.randint(2, 8), set(avoid) | {ctr}, depth + 1)
                self.emit(f"addi {ABI[ctr]}, {ABI[ctr]}, -1")
                self.emit(f"bnez {ABI[ctr]}, {top}")
            elif k < 0.22:
                self.call(avoid)
            else:
                self.straight(avoid)
            i += 1

    def program(self):
        rng = self.rng
        # leaf-first functions: each may call the ones defined before it
        fbodies = []
        for fi in range(rng.randint(1, 4)):
            name = f"__f{fi}"
            saved_out, self.out = self.out, []
            self.emit("addi sp, sp, -16")
            self.emit("sw ra, 12(sp)")
            self.block(rng.randint(3, 12), {30, 31}, 1)
            self.emit("lw ra, 12(sp)")
            self.emit("addi sp, sp, 16")
            self.emit("ret")
            fbodies.append([f"{name}:"] + self.out)
            self.out = saved_out
            self.funcs.append(name)
        self.out = []
        if self.fp:   # FP registers from the table, thread-dependent (a0 is still the ID)
            for i in range(32):
                t = rng.choice([5, 6, 7])
                self.emit(f"slli {ABI[t]}, a0, 2")
                self.emit(f"addi {ABI[t]}, {ABI[t]}, {4 * rng.randrange(200)}")
                self.emit(f"add {ABI[t]}, {ABI[t]}, gp")
                self.emit(f"flw f{i}, 0({ABI[t]})")
        # thread-dependent initial values: table words mixed with the thread ID (a0)
        for x in FREE:
            if x == 1:
                continue
            self.emit(f"lw {ABI[x]}, {4 * rng.randrange(64)}(gp)")
            self.emit(f"{rng.choice(['xor', 'add', 'mul', 'sll', 'sub'])} {ABI[x]}, {ABI[x]}, a0")
        self.block(self.n, {30, 31}, 0)
        self.emit("j __simt_finish")
        text = ".section .text\n.globl __simt_body\n__simt_body:\n" + "\n".join(self.out) + "\n"
        for f in fbodies:
            text += "\n".join(f) + "\n"
        return text + table(rng)


def per_insn_programs(rng):
    """One program per instruction: edge and random operand pairs chosen by the thread ID."""
    progs = []
    ops = [(o, "rr") for o in RR] + [(o, "ri") for o in RI] + [(o, "sh") for o in SH] + \
          [(o, "br") for o in BR] + [("lui", "u"), ("auipc", "u"), ("jal", "j"), ("jalr", "j")] + \
          [("mem", "mem")] + [(o, "frr") for o in FRR] + [(o, "fr4") for o in FR4] + \
          [("fsqrt.s", "f1"), ("fcvt.w.s", "fi"), ("fcvt.wu.s", "fi"), ("fmv.x.w", "fi"), ("fclass.s", "fi")] + \
          [(o, "fc") for o in FCMP] + [("fcvt.s.w", "if"), ("fcvt.s.wu", "if"), ("fmv.w.x", "if"), ("flw_fsw", "fm")]
    for op, kind in ops:
        out = [".section .text", ".globl __simt_body", "__simt_body:",
               "  slli t0, a0, 2", "  add t0, t0, gp"]
        fp = kind[0] == "f" or kind == "if"
        if op in FRM_OPS:
            # every rounding mode on the same operands; dyn takes frm = thread ID mod 5 (all five
            # modes across the threads), set here: fsrm
            out += ["  li t6, 5", "  remu t6, a0, t6", "  fsrm t6"]
            items = [(k, rm) for k in range(12) for rm in RMS]
        else:
            items = [(k, None) for k in range(24)]
        for idx, (k, rm) in enumerate(items):
            off = 4 * idx + 128
            if rm is None or RMS.index(rm) == 0:
                o1, o2, o3 = 4 * rng.randrange(48), 4 * rng.randrange(48), 4 * rng.randrange(48)
            R = f", {rm}" if rm else ""
            out += [f"  lw t1, {o1 % 256}(t0)", f"  lw t2, {o2 % 256}(t0)"]
            if kind == "rr":
                out.append(f"  {op} t3, t1, t2")
            elif kind == "ri":
                out.append(f"  {op} t3, t1, {rng.choice([0, 1, -1, 2047, -2048, rng.randint(-2048, 2047)])}")
            elif kind == "sh":
                out.append(f"  {op} t3, t1, {rng.choice([0, 1, 31, rng.randint(0, 31)])}")
            elif kind == "br":
                out += ["  li t3, 1", f"  {op} t1, t2, 1f", "  li t3, 2", "1:"]
            elif kind == "u":
                out.append(f"  {op} t3, {rng.randint(0, 0xFFFFF)}")
            elif kind == "frr":
                out += [f"  flw ft1, {o1 % 256}(t0)", f"  flw ft2, {o2 % 256}(t0)", f"  {op} ft3, ft1, ft2{R}",
                        "  fmv.x.w t3, ft3"]
            elif kind == "fr4":
                out += [f"  flw ft1, {o1 % 256}(t0)", f"  flw ft2, {o2 % 256}(t0)", f"  flw ft4, {o3}(t0)",
                        f"  {op} ft3, ft1, ft2, ft4{R}", "  fmv.x.w t3, ft3"]
            elif kind == "f1":
                out += [f"  flw ft1, {o1 % 256}(t0)", f"  {op} ft3, ft1{R}", "  fmv.x.w t3, ft3"]
            elif kind == "fi":
                out += [f"  flw ft1, {o1 % 256}(t0)", f"  {op} t3, ft1{R}"]
            elif kind == "fc":
                out += [f"  flw ft1, {o1 % 256}(t0)", f"  flw ft2, {o2 % 256}(t0)", f"  {op} t3, ft1, ft2"]
            elif kind == "if":
                out += [f"  {op} ft3, t1{R}", "  fmv.x.w t3, ft3"]
            elif kind == "fm":
                out += ["  andi t4, t2, 0x7C", "  add t4, t4, tp", "  fsw f1, 128(t4)", "  flw ft3, 128(t4)",
                        f"  flw f1, {o1 % 256}(t0)", "  fsgnjx.s ft3, ft3, f1", "  fmv.x.w t3, ft3"]
            elif kind == "j" and op == "jal":
                out += ["  jal t3, 1f", "  li t3, 5", "1:", "  sub t3, t3, t1"]
            elif kind == "j":
                out += ["  la t4, 1f", "  andi t5, t1, 1", "  jalr t3, 0(t4)", "  li t3, 5", "1:",
                        "  sub t3, t3, t5"]
            else:
                st, m1 = rng.choice(STS)
                ld, m2 = rng.choice(LDS)
                out += [f"  andi t4, t2, {m1 & 0x7F}", "  add t4, t4, tp", f"  {st} t1, 128(t4)",
                        f"  andi t5, t1, {m2 & 0x7F}", "  add t5, t5, tp", f"  {ld} t3, 128(t5)"]
            out.append(f"  sw t3, {off}(tp)")
            if fp:   # this instruction's exception flags, then cleared (RISC-V F §11.2)
                out += ["  csrrw t5, fflags, x0", f"  sw t5, {off + 512}(tp)"]
        out.append("  j __simt_finish")
        progs.append((op, "\n".join(out) + "\n" + table(rng)))
    return progs


def csr_program(bar, deep=False):
    """Identity CSRs and the work-group barrier (no qemu reference: qemu-user has neither).
    deep: the barrier of three phases is in a function (call depth 1) and lane 0 of every warp
    first runs a delay block placed after the rest of the code, at depth 0: the path that reached
    the barrier is then the one both trackers offer first (deeper; then lower PC), while lane 0
    has not arrived (a barrier that looks only at the offered path releases too early)."""
    if deep:
        return csr_deep_program(bar)
    out = [".section .text", ".globl __simt_body", "__simt_body:"]
    for i, c in enumerate(["TID", "LID", "WGID", "LANE", "NTHREADS", "WGSIZE", "ARG"]):
        out += [f"  csrr t1, VGIW_SIMT_CSR_{c}", f"  sw t1, {128 + 4 * i}(tp)"]
    out += ["  csrr t1, VGIW_SIMT_CSR_WARP", f"  sltiu t1, t1, {64}", "  sw t1, 156(tp)",     # warp slot < 64
            "  csrrs t1, VGIW_SIMT_CSR_TID, x0", "  sw t1, 160(tp)",                          # csrrs/csrrc forms
            "  csrrci t1, VGIW_SIMT_CSR_LANE, 0", "  sw t1, 164(tp)",
            # barrier: write my slot of the shared array, wait, read my right neighbour's
            "  csrr t1, VGIW_SIMT_CSR_TID", "  slli t2, t1, 2", "  la t3, __simt_shared", "  add t2, t2, t3",
            "  addi t4, t1, 1000", "  sw t4, 0(t2)"]
    # the lowest lanes do some extra work first so that warps reach the barrier apart
    out += ["  csrr t5, VGIW_SIMT_CSR_LANE", "  bnez t5, 2f"] + ["  addi t6, t6, 1"] * 40 + ["2:"]
    out += ["  .word 0x0000000b" if bar else "  nop",
            "  csrr t5, VGIW_SIMT_CSR_LID", "  csrr t6, VGIW_SIMT_CSR_WGSIZE", "  addi t5, t5, 1", "  remu t5, t5, t6",
            "  csrr t6, VGIW_SIMT_CSR_WGID", "  csrr a1, VGIW_SIMT_CSR_WGSIZE", "  mul t6, t6, a1", "  add t5, t5, t6",
            "  slli t5, t5, 2", "  add t5, t5, t3", "  lw t5, 0(t5)", "  sw t5, 168(tp)",
            "  j __simt_finish",
            ".section .bss", ".balign 64", ".globl __simt_shared", "__simt_shared:", "  .space 4096"]
    return "\n".join(out) + "\n" + table(random.Random(0))


def csr_deep_program(bar):
    out = [".section .text", ".globl __simt_body", "__simt_body:"]
    for i, c in enumerate(["TID", "LID", "WGID", "LANE", "NTHREADS", "WGSIZE", "ARG"]):
        out += [f"  csrr t1, VGIW_SIMT_CSR_{c}", f"  sw t1, {128 + 4 * i}(tp)"]
    out += ["  csrr t1, VGIW_SIMT_CSR_WARP", "  sltiu t1, t1, 64", "  sw t1, 156(tp)",
            "  csrrs t1, VGIW_SIMT_CSR_TID, x0", "  sw t1, 160(tp)", "  csrrci t1, VGIW_SIMT_CSR_LANE, 0", "  sw t1, 164(tp)",
            # s0: my slot, s1: the right neighbour's, s2: the left neighbour's (in the work-group)
            "  csrr t1, VGIW_SIMT_CSR_TID", "  la t3, __simt_shared", "  slli s0, t1, 2", "  add s0, s0, t3",
            "  csrr t5, VGIW_SIMT_CSR_LID", "  csrr t6, VGIW_SIMT_CSR_WGSIZE", "  csrr a1, VGIW_SIMT_CSR_WGID",
            "  mul a1, a1, t6", "  addi a2, t5, 1", "  remu a2, a2, t6", "  add a2, a2, a1", "  slli s1, a2, 2",
            "  add s1, s1, t3", "  add a2, t5, t6", "  addi a2, a2, -1", "  remu a2, a2, t6", "  add a2, a2, a1",
            "  slli s2, a2, 2", "  add s2, s2, t3", "  csrr s3, VGIW_SIMT_CSR_LANE",
            # phase 1: my slot = tid + 1000 (lane 0 after its delay), barrier, read the right neighbour
            "  addi t4, t1, 1000", "  beqz s3, .Ld1", "  sw t4, 0(s0)", ".Lb1:", "  jal ra, .Lbar",
            "  lw t5, 0(s1)", "  sw t5, 168(tp)",
            # phase 2: barrier (everyone has read), my slot = tid + 2000, barrier, read the left one
            "  beqz s3, .Ld2", ".Lb2:", "  jal ra, .Lbar", "  addi t4, t1, 2000", "  sw t4, 0(s0)",
            "  beqz s3, .Ld3", ".Lb3:", "  jal ra, .Lbar", "  lw t5, 0(s2)", "  sw t5, 172(tp)",
            "  j __simt_finish",
            ".Lbar:", "  .word 0x0000000b" if bar else "  nop", "  ret"]
    for k in (1, 2, 3):
        out += [f".Ld{k}:"] + ["  addi t6, t6, 1"] * 40 + (["  sw t4, 0(s0)"] if k == 1 else []) + [f"  j .Lb{k}"]
    out += [".section .bss", ".balign 64", ".globl __simt_shared", "__simt_shared:", "  .space 4096"]
    return "\n".join(out) + "\n" + table(random.Random(0))


def csr_ref(work, elf, threads, lanes, wg_warps, seed, deep=False):
    ref = bytearray(b"SREF" + struct.pack("<IIII", threads, BLOB, dump_addr(elf), 128))
    ls = lanes * wg_warps
    for t in range(threads):
        b = bytearray(BLOB)
        wg, loc = divmod(t, ls)
        nb = wg * ls + (loc + 1) % ls
        vals = [t, loc, wg, t % lanes, threads, ls, 0x5EED0000 ^ seed, 1, t, t % lanes,
                (nb + 1000) if nb < threads else 0]
        if deep:
            lb = wg * ls + (loc + ls - 1) % ls
            vals.append((lb + 2000) if lb < threads else 0)
        for i, v in enumerate(vals):
            struct.pack_into("<I", b, 128 + 4 * i, v & 0xFFFFFFFF)
        ref += b
    p = os.path.join(work, "ref.bin")
    open(p, "wb").write(ref)
    return p


# Error programs: (name, body, error code name, fault label or None, launch overrides).
# The label __simt_fault marks the instruction whose PC FAULT_PC must hold.
def error_programs():
    lane3 = ["  csrr t0, VGIW_SIMT_CSR_TID", "  li t1, 3", "  bne t0, t1, 1f"]
    return [
        ("illegal", ["  nop", ".globl __simt_fault", "__simt_fault:", "  .word 0xffffffff"], "ILLEGAL_INSTR", True, {}),
        ("illegal_one_lane", lane3 + [".globl __simt_fault", "__simt_fault:", "  .word 0x00000000", "1:",
                                      "  j __simt_finish"], "ILLEGAL_INSTR", True, {}),
        ("csr_write", [".globl __simt_fault", "__simt_fault:", "  csrw VGIW_SIMT_CSR_TID, t0"], "ILLEGAL_INSTR", True, {}),
        ("unknown_csr", [".globl __simt_fault", "__simt_fault:", "  csrr t0, 0xC00"], "ILLEGAL_INSTR", True, {}),
        ("ebreak", [".globl __simt_fault", "__simt_fault:", "  ebreak"], "ILLEGAL_INSTR", True, {}),
        # a reserved static rounding mode (fadd.s f1, f2, f3 with rm = 101), and rm = dyn with frm = 5
        # (RISC-V F §11.2: both illegal; writing 5 into frm is not)
        ("reserved_rm", [".globl __simt_fault", "__simt_fault:", f"  .word 0x{(3 << 20) | (2 << 15) | (5 << 12) | (1 << 7) | 0x53:08x}"],
         "ILLEGAL_INSTR", True, {}),
        ("dyn_bad_frm", ["  fsrmi 5", ".globl __simt_fault", "__simt_fault:", "  fadd.s f1, f2, f3, dyn"],
         "ILLEGAL_INSTR", True, {}),
        ("ecall_not_exit", ["  li a7, 64", ".globl __simt_fault", "__simt_fault:", "  ecall"], "ILLEGAL_INSTR", True, {}),
        ("misaligned_lw", ["  addi t0, tp, 130", ".globl __simt_fault", "__simt_fault:", "  lw t1, 0(t0)"],
         "MISALIGNED", True, {}),
        ("misaligned_sh", lane3 + ["  addi t0, tp, 131", ".globl __simt_fault", "__simt_fault:", "  sh t1, 0(t0)",
                                   "1:", "  j __simt_finish"], "MISALIGNED", True, {}),
        ("misaligned_jalr", ["  la t0, __simt_finish", "  addi t0, t0, 2", ".globl __simt_fault", "__simt_fault:",
                             "  jalr t0"], "MISALIGNED", True, {}),
        ("fetch_range", ["  la t0, __simt_table", "  jr t0"], "FETCH_RANGE", False, {}),
        # 0xFFFFFFFC is the barrier's parking PC (docs/simt.md "Barrier"): a jump there is refused
        ("jump_park", ["  li t0, -4", ".globl __simt_fault", "__simt_fault:", "  jr t0"], "FETCH_RANGE", True, {}),
        ("memory", ["  li t0, 0x40000000", "  lw t1, 0(t0)"], "MEMORY", False, {}),
        ("bad_wg_warps", ["  j __simt_finish"], "BAD_LAUNCH", False, {"wg_warps": 3}),
        ("zero_threads", ["  j __simt_finish"], "BAD_LAUNCH", False, {"threads": 0}),
    ]


def cfg_value(config, key):
    path = os.path.join(HERE, "..", "..", "build", "gen", config, "vgiw_cfg.h")
    for line in open(path):
        p = line.split()
        if len(p) == 3 and p[0] == "#define" and p[1] == "VGIW_" + key:
            return int(p[2].rstrip("u"), 0)
    raise SystemExit(f"{path}: no VGIW_{key}")


def err_code(name):
    path = os.path.join(HERE, "..", "..", "build", "gen", "vgiw_core_map.h")
    for line in open(path):
        p = line.split()
        if len(p) >= 3 and p[0] == "#define" and p[1] == "VGIW_ERR_" + name:
            return int(p[2].rstrip("u"), 0)
    raise SystemExit(f"{path}: no VGIW_ERR_{name}")


def sym(elf, name):
    out = sh(["llvm-nm-19", elf]).decode()
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[2] == name:
            return int(p[0], 16)
    raise SystemExit(f"{elf}: no symbol {name}")


def sh(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, **kw)
    if r.returncode != 0:
        sys.stderr.write(f"command failed ({r.returncode}): {' '.join(cmd)}\n{r.stderr.decode(errors='replace')}")
        raise SystemExit(2)
    return r.stdout


def build(work, name, body, march="rv32imf"):
    src = os.path.join(work, name + ".S")
    with open(src, "w") as f:
        f.write(body)
    objs = []
    for s in (os.path.join(HERE, "simt_core_crt.S"), src):
        o = os.path.join(work, name + "." + os.path.basename(s) + ".o")
        sh([CC, "--target=riscv32-unknown-elf", f"-march={march}", "-mabi=ilp32", "-mno-relax",
            "-I", GEN_DIR, "-include", "vgiw_simt_csr.h", "-c", s, "-o", o])
        objs.append(o)
    elf = os.path.join(work, name + ".elf")
    sh([LD, "-static", "--no-relax", "-T", os.path.join(HERE, "simt_core.ld"), "-o", elf] + objs)
    return elf


def tid_offset(elf):
    """File offset of section .simt_tid (the patched thread-ID word)."""
    b = open(elf, "rb").read()
    shoff, = struct.unpack_from("<I", b, 32)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 46)
    def sec(i):
        return struct.unpack_from("<IIIIIIIIII", b, shoff + i * shentsize)
    stroff = sec(shstrndx)[4]
    for i in range(shnum):
        s = sec(i)
        nm = b[stroff + s[0]: b.index(b"\0", stroff + s[0])].decode()
        if nm == ".simt_tid":
            return s[4]
    raise SystemExit(f"{elf}: no .simt_tid section")


def dump_addr(elf):
    out = sh(["llvm-nm-19", elf]).decode()
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[2] == "__simt_dump":
            return int(p[0], 16)
    raise SystemExit(f"{elf}: no __simt_dump")


def qemu_ref(work, elf, threads):
    """The reference: each thread's blob from its own qemu-user run."""
    b = bytearray(open(elf, "rb").read())
    off = tid_offset(elf)
    ref = bytearray(b"SREF" + struct.pack("<IIII", threads, BLOB, dump_addr(elf), 0))
    pe = os.path.join(work, "qemu.elf")
    for t in range(threads):
        struct.pack_into("<I", b, off, t)
        with open(pe, "wb") as f:
            f.write(b)
        os.chmod(pe, 0o755)
        blob = sh([QEMU, pe], timeout=60)
        if len(blob) != BLOB:
            raise SystemExit(f"qemu run of thread {t} wrote {len(blob)} bytes, not {BLOB}")
        ref += blob
    p = os.path.join(work, "ref.bin")
    open(p, "wb").write(ref)
    return p


def run_sim(sim, elf, ref, a, extra=()):
    cmd = [sim, "--elf", elf, "--seed", str(a.seed), "--wg-warps", str(a.wg_warps), "--quiet"] + list(extra)
    if ref:
        cmd += ["--ref", ref]
    r = subprocess.run(cmd, capture_output=True, text=True)
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    info = [l for l in r.stdout.splitlines() if l.startswith("cycles") or l.startswith("error") or l.startswith("L1:")]
    return r.returncode == 0, last, r.stdout + r.stderr, info


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sim", required=True)
    ap.add_argument("--mode", default="random", choices=["per-insn", "random", "csr", "errors"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=4, help="random programs")
    ap.add_argument("--length", type=int, default=400, help="top-level items of a random stream")
    ap.add_argument("--threads", type=int, default=23)
    ap.add_argument("--wg-warps", type=int, default=1)
    ap.add_argument("--keep", help="keep the programs and references in this directory")
    ap.add_argument("--only", help="per-insn: only these programs (comma-separated names, e.g. fadd.s,fcvt.w.s)")
    ap.add_argument("--config", default="tiny", help="preset the simulator was built for")
    ap.add_argument("--no-barrier", action="store_true",
                    help="csr mode: leave the barrier out (the test must then fail)")
    ap.add_argument("--deep-barrier", action="store_true",
                    help="csr mode: the barrier in a function, the late lane at a lower depth and a higher PC")
    a = ap.parse_args()
    global GEN_DIR
    GEN_DIR = os.path.join(HERE, "..", "..", "build", "gen", a.config)
    if not os.path.exists(os.path.join(GEN_DIR, "vgiw_simt_csr.h")):
        sys.stderr.write(f"simt_core_conf: {GEN_DIR}/vgiw_simt_csr.h missing (make gen)\n")
        return 2
    for tool in (CC, LD, QEMU, "llvm-nm-19"):
        if not shutil.which(tool):
            sys.stderr.write(f"simt_core_conf: {tool} not found (make deps installs it)\n")
            return 2
    work = a.keep or tempfile.mkdtemp(prefix="simt_core_conf.")
    os.makedirs(work, exist_ok=True)
    rng = random.Random(a.seed)
    passed = failed = 0
    try:
        if a.mode == "per-insn":
            progs = per_insn_programs(rng)
            if a.only:
                want = a.only.split(",")
                unknown = [w for w in want if w not in [n for n, _ in progs]]
                if unknown:
                    sys.stderr.write(f"simt_core_conf: --only: no program {', '.join(unknown)}\n")
                    return 2
                progs = [(n, b) for n, b in progs if n in want]
        elif a.mode == "random":
            progs = [(f"random{a.seed}_{i}", Stream(random.Random(a.seed * 1000 + i), a.length).program())
                     for i in range(a.count)]
        else:
            progs = []
        if a.mode == "csr":
            lanes = cfg_value(a.config, "SIMT_LANES")
            elf = build(work, "csr", csr_program(not a.no_barrier, a.deep_barrier))
            ref = csr_ref(work, elf, a.threads, lanes, a.wg_warps, a.seed, a.deep_barrier)
            ok, last, log, info = run_sim(a.sim, elf, ref, a, ["--threads", str(a.threads)])
            print(f"{'PASS' if ok else 'FAIL'} csr+barrier ({a.threads} threads, {a.wg_warps} warps per work-group): {' '.join(info)}")
            if not ok:
                sys.stdout.write("".join("    " + l + "\n" for l in log.splitlines()[-25:]))
            passed += ok
            failed += not ok
        if a.mode == "errors":
            for name, body, code, labelled, over in error_programs():
                src = "\n".join([".section .text", ".globl __simt_body", "__simt_body:"] + body +
                                 ["  j __simt_finish"]) + "\n" + table(rng)
                elf = build(work, "err_" + name, src)
                extra = ["--threads", str(over.get("threads", a.threads)), "--expect-error", str(err_code(code))]
                if labelled:
                    extra += ["--fault-pc", str(sym(elf, "__simt_fault"))]
                elif code == "FETCH_RANGE":
                    extra += ["--fault-pc", str(sym(elf, "__simt_table"))]
                b = argparse.Namespace(**vars(a))
                b.wg_warps = over.get("wg_warps", a.wg_warps)
                ok, last, log, info = run_sim(a.sim, elf, None, b, extra)
                print(f"{'PASS' if ok else 'FAIL'} error {name}: {' '.join(info)}")
                if not ok:
                    sys.stdout.write("".join("    " + l + "\n" for l in log.splitlines()[-15:]))
                passed += ok
                failed += not ok
        for name, body in progs:
            elf = build(work, name, body)
            ref = qemu_ref(work, elf, a.threads)
            ok, last, log, info = run_sim(a.sim, elf, ref, a, ["--threads", str(a.threads)])
            print(f"{'PASS' if ok else 'FAIL'} {name}: {' '.join(info)}")
            if not ok:
                sys.stdout.write("".join("    " + l + "\n" for l in log.splitlines()[-25:]))
            passed += ok
            failed += not ok
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Random OpenCL C kernels, run differentially (in the spirit of CLsmith; issue 23 item 8).

Each seed gives one kernel over the constructs vgiwcc supports: nested and divergent
if/else, loops with data-dependent trip counts, break, integer arithmetic (unsigned, so
that C's undefined signed overflow never arises; signed compares, shifts and divisions by
casts with defined operands), float arithmetic and conversions, math and integer builtins
(libclc), vectors with swizzles, a struct, __local memory with barriers, and (in about half
of the seeds) atomics on __local counters anywhere in the control flow, read only after a
barrier (their old values depend on the order work-items run in). The kernel runs
through clcheck: native execution (the golden model: clang for x86-64), the interpreter on
the graphs and on the placed-and-routed configuration words, for the tiny, small and paper
presets; with --rtl, also on the RTL core of tiny (vgiw-run --engine rtl, when the device
is built). Every output buffer is compared bit for bit. A mismatch is saved as a
reproducible case (the kernel with a "// RUN:" line, so sw/tests/run_kernels.sh and
clcheck replay it) in --save DIR; cases worth keeping go to sw/kernels/tests/ (then
sw.compiler.kernels runs them forever).

usage: difftest.py BIN_DIR [--seeds A:B] [--configs tiny,small,paper] [--save DIR] [--rtl] [--keep]
"""
import argparse, os, random, subprocess, sys, tempfile

NV = 5      # int variables
NF = 3      # float variables
G, L = 64, 16


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        # atomics draw from their own generator, so seeds without them give the kernels
        # they gave before atomics were added
        self.ar = random.Random(seed * 7919 + 17)
        self.atomics = self.ar.random() < 0.5
        self.depth = 0
        self.lines = []

    def iv(self):
        return "v%d" % self.r.randrange(NV)

    def fv(self):
        return "f%d" % self.r.randrange(NF)

    def iexpr(self, d=0):
        r = self.r
        if d > 2 or r.random() < 0.25:
            return r.choice([self.iv(), self.iv(), "%uu" % r.choice([0, 1, 3, 7, 255, 0x80000000, 0xFFFFFFFF, r.getrandbits(32)])])
        a, b = self.iexpr(d + 1), self.iexpr(d + 1)
        k = r.randrange(22)
        return [
            "(%s + %s)" % (a, b), "(%s - %s)" % (a, b), "(%s * %s)" % (a, b), "(%s & %s)" % (a, b),
            "(%s | %s)" % (a, b), "(%s ^ %s)" % (a, b), "(%s << (%s & 31u))" % (a, b), "(%s >> (%s & 31u))" % (a, b),
            "(uint)((int)%s >> (%s & 31u))" % (a, b), "(%s / ((%s & 255u) + 1u))" % (a, b),
            "(uint)((int)%s %% (int)((%s & 127u) + 1u))" % (a, b), "(uint)((int)%s < (int)%s)" % (a, b),
            "(%s >= %s ? %s : %s)" % (a, b, b, a), "min(%s, %s)" % (a, b), "(uint)max((int)%s, (int)%s)" % (a, b),
            "popcount(%s)" % a, "clz(%s)" % a, "rotate(%s, %s)" % (a, b), "mul_hi(%s, %s)" % (a, b),
            "add_sat(%s, %s)" % (a, b), "(uint)(int)clamp(%s, -1e9f, 1e9f)" % self.fexpr(d + 1),
            "(uint)abs((int)%s)" % a,
        ][k]

    def fexpr(self, d=0):
        r = self.r
        if d > 2 or r.random() < 0.3:
            return r.choice([self.fv(), self.fv(), "%.6ff" % r.uniform(-10, 10), "(float)(int)%s" % self.iv()])
        a, b = self.fexpr(d + 1), self.fexpr(d + 1)
        k = r.randrange(14)
        return [
            "(%s + %s)" % (a, b), "(%s - %s)" % (a, b), "(%s * %s)" % (a, b), "(%s / (fabs(%s) + 1.0f))" % (a, b),
            "fmin(%s, %s)" % (a, b), "fmax(%s, %s)" % (a, b), "mad(%s, %s, %s)" % (a, b, self.fv()),
            "sqrt(fabs(%s))" % a, "floor(%s)" % a, "exp(clamp(%s, -20.0f, 20.0f))" % a,
            "(%s < %s ? %s : %s)" % (a, b, a, b), "(float)(%s & 1023u)" % self.iexpr(d + 1),
            "fabs(%s)" % a, "rint(%s)" % a,
        ][k]

    def emit(self, s):
        self.lines.append("    " * (self.depth + 1) + s)

    def stmt(self, budget):
        r = self.r
        k = r.randrange(10)
        if k < 4 or budget <= 1 or self.depth >= 3:
            if r.random() < 0.7:
                self.emit("%s = %s;" % (self.iv(), self.iexpr()))
            else:
                self.emit("%s = %s;" % (self.fv(), self.fexpr()))
            return 1
        if k < 6:
            self.emit("if (%s) {" % r.choice(["(%s & 1u)" % self.iv(), "%s < %s" % (self.fv(), self.fv()),
                                              "(int)%s > (int)%s" % (self.iv(), self.iv())]))
            self.depth += 1
            used = self.block(budget // 2)
            self.depth -= 1
            if r.random() < 0.5:
                self.emit("} else {")
                self.depth += 1
                used += self.block(budget // 2)
                self.depth -= 1
            self.emit("}")
            return used + 1
        if k < 8:
            t = "t%d" % self.depth
            self.emit("for (uint %s = 0; %s < (%s & 7u); %s++) {" % (t, t, self.iv(), t))
            self.depth += 1
            used = self.block(budget // 2)
            if r.random() < 0.3:
                self.emit("if ((%s & 15u) == 3u) break;" % self.iv())
            self.emit("%s += %s;" % (self.iv(), t))
            self.depth -= 1
            self.emit("}")
            return used + 1
        if k == 8:   # vectors
            self.emit("{ uint4 w = (uint4)(%s, %s, %s, %s);" % (self.iv(), self.iv(), self.iexpr(1), self.iv()))
            self.emit("  w = w.wzyx + (uint4)(1u, 2u, 3u, 4u) * w.xxyy; w = select(w, w.yxwz, (int4)(w < w.zwxy));")
            self.emit("  float4 q = (float4)(%s, %s, %s, 0.5f) * convert_float4(w & 255u);" % (self.fv(), self.fv(), self.fexpr(1)))
            self.emit("  %s = w.x ^ w.z; %s = dot(q, q.wzyx) + q.y; }" % (self.iv(), self.fv()))
            return 2
        # a struct
        self.emit("{ struct { uint a; float b; uchar c; } s = { %s, %s, (uchar)%s };" % (self.iv(), self.fv(), self.iv()))
        self.emit("  s.a += s.c; s.b *= 0.5f; %s = s.a; %s = s.b + (float)s.c; }" % (self.iv(), self.fv()))
        return 2

    def block(self, budget):
        used = 0
        n = self.r.randint(1, 3)
        for _ in range(n):
            if used >= budget:
                break
            used += self.stmt(budget - used)
            if self.atomics and self.ar.random() < 0.3:
                self.atomic()
        if not used:
            self.emit("%s ^= 1u;" % self.iv())
        return max(used, 1)

    def atomic(self):
        """An atomic on a __local counter. Each counter takes operations that commute with
        each other, so its final value does not depend on the order: ac[0], ac[1] add, sub,
        inc, dec; ac[2] or; ac[3] xor; ac[4] min; ac[5] max; ac[6] and."""
        a = self.ar
        v = "v%d" % a.randrange(NV)
        c = a.randrange(2)
        self.emit(a.choice([
            "atomic_add(&ac[%d], %s);" % (c, v), "atomic_sub(&ac[%d], %s);" % (c, v), "atomic_inc(&ac[%d]);" % c,
            "atomic_dec(&ac[%d]);" % c, "atom_add(&ac[%d], %s);" % (c, v), "atomic_or(&ac[2], %s);" % v,
            "atomic_xor(&ac[3], %s);" % v, "atomic_min(&ac[4], %s);" % v, "atom_max(&ac[5], %s);" % v,
            "atomic_and(&ac[6], %s | 0x%08xu);" % (v, a.getrandbits(32))]))

    def kernel(self):
        r = self.r
        self.emit("uint gid = get_global_id(0), lid = get_local_id(0);")
        self.emit("__local uint lm[%d];" % L)
        if self.atomics:
            self.emit("__local uint ac[7];")
            self.emit("if (lid < 7u) ac[lid] = lid == 4u ? 0xFFFFFFFFu : lid == 6u ? 0xFFFFFFFFu : 0u;")
            self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
        for i in range(NV):
            self.emit("uint v%d = (uint)a[(gid + %du) %% %du] + %du;" % (i, r.randrange(G), G, r.getrandbits(16)))
        for i in range(NF):
            self.emit("float f%d = f[(gid + %du) %% %du] * %.3ff;" % (i, r.randrange(G), G, r.uniform(-2, 2)))
        for part in range(r.randint(1, 3)):
            self.block(12)
            if r.random() < 0.6:   # __local exchange: uniform control flow, so barriers are legal
                self.emit("lm[lid] = %s;" % self.iv())
                self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
                self.emit("%s += lm[(lid + %du) %% %du];" % (self.iv(), r.randrange(1, L), L))
                self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
        if self.atomics:
            self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
            for i in range(7):
                self.emit("v%d += ac[%d];" % (self.ar.randrange(NV), i))
        for i in range(NV):
            self.emit("o[gid * %du + %du] = v%d;" % (NV, i, i))
        for i in range(NF):
            self.emit("of[gid * %du + %du] = f%d;" % (NF, i, i))
        body = "\n".join(self.lines)
        return ("__kernel void k(__global const int *a, __global const float *f, __global uint *o, __global float *of)\n"
                "{\n%s\n}\n" % body)


def run_line(seed):
    return ("-k k --global %d --local %d --arg buf:i32:%d:rand:%d:-100000:100000 --arg buf:f32:%d:rand:%d:-50:50 "
            "--arg buf:u32:%d --arg buf:f32:%d" % (G, L, G, seed, G, seed + 1, G * NV, G * NF))


def fits_tiny(bindir, path, tmp):
    """Whether the kernel fits tiny's block table (bbs.max_blocks: vgiwcc warns otherwise)."""
    p = subprocess.run([os.path.join(bindir, "vgiwcc"), path, "--config", "tiny", "-o", os.path.join(tmp, "t.vgiw")],
                       capture_output=True, text=True)
    return p.returncode == 0 and "block table" not in p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bindir")
    ap.add_argument("--seeds", default="1:6")
    ap.add_argument("--configs", default="tiny,small,paper")
    ap.add_argument("--save", default="build/difftest")
    ap.add_argument("--rtl", action="store_true", help="also vgiw-run --engine rtl --config tiny")
    ap.add_argument("--print", type=int, help="print the kernel of one seed and exit")
    a = ap.parse_args()
    if a.print is not None:
        sys.stdout.write(Gen(a.print).kernel())
        return 0
    lo, hi = (int(x) for x in a.seeds.split(":"))
    npass = nfail = 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(lo, hi + 1):
            src = "// difftest seed %d (sw/tests/difftest.py)\n// RUN: %s\n%s" % (seed, run_line(seed), Gen(seed).kernel())
            path = os.path.join(tmp, "d%d.cl" % seed)
            with open(path, "w") as f:
                f.write(src)
            cmd = [os.path.join(a.bindir, "clcheck"), path] + run_line(seed).split() + \
                  ["--configs", a.configs, "--seeds", "1", "--pnr", "require"]
            p = subprocess.run(cmd, capture_output=True, text=True)
            ok = p.returncode == 0
            what = "native, interp and pnr on %s" % a.configs
            if ok and a.rtl and not fits_tiny(a.bindir, path, tmp):
                what += "; rtl tiny skipped: more blocks than its block table"
            elif ok and a.rtl:
                rcmd = [os.path.join(a.bindir, "vgiw-run"), path, "--engine", "rtl", "--config", "tiny"] + \
                       [w for w in run_line(seed).split()]
                q = subprocess.run(rcmd, capture_output=True, text=True)
                ok = q.returncode == 0
                p = q if not ok else p
                what += ", rtl tiny"
            if ok:
                print("PASSED seed %d (%s)" % (seed, what))
                npass += 1
            else:
                os.makedirs(a.save, exist_ok=True)
                keep = os.path.join(a.save, "difftest_%d.cl" % seed)
                with open(keep, "w") as f:
                    f.write(src)
                print("FAILED seed %d: saved %s (replay: sw/tests/run_kernels.sh %s %s)" % (seed, keep, a.bindir, keep))
                for l in (p.stdout + p.stderr).splitlines():
                    if not l.startswith("PASSED"):
                        print("    " + l)
                nfail += 1
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())

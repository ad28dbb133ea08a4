/* Work-item library of OpenCL kernels on the SIMT core (docs/simt.md "Kernels"): compiled by
 * clang-19 for riscv32 (rv32imf, ilp32f) to bitcode that vgiw-simtcc links into every kernel
 * module, so the work-item functions inline into the kernel.
 *
 *  - __simt_main: what each hardware thread does (called by simt_crt.S with tp = its area);
 *  - get_global_id & co. read the IDs stored in the running work-item's area (tp) and the
 *    sizes from the launch block (CSR simt_arg);
 *  - barrier(): a switch to the thread's next work-item (fiber); once all of them reached
 *    it, the core's BAR (a work-group larger than the core's W x T threads still runs);
 *  - the scalar builtins vgiwcc lowers itself (sw/vgiwcc/ir.c own_builtins; sw/clc/clc_prep.sh
 *    leaves them out of the libclc bitcode), with the same semantics, on the core's FP
 *    instructions (the same rtl/fu datapaths as the fabric's: bit-identical results).
 * Freestanding: no libc. */
#include <stdint.h>

#include "simt_launch.h"
#include "vgiw_simt_csr.h"   /* VGIW_SIMT_CSR_<NAME>, generated from arch/ */

#define AREA_O_NF    168   /* area 0: fibers of this thread */
#define AREA_O_SCHED 172   /* every area: the thread's area 0 when it is a fiber, else 0 */

typedef void (*simt_entry)(const uint32_t *args);
void __simt_swap(uint8_t *save, uint8_t *load);
void __simt_fiber_start(void);
void __simt_bar(void);
void __simt_fiber_done(void) __attribute__((noreturn));

static inline uint8_t *area(void)
{
    uint8_t *p;
    __asm__("mv %0, tp" : "=r"(p));
    return p;
}
static inline const uint8_t *lblock(void)
{
    uint32_t a;
    __asm__("csrr %0, %1" : "=r"(a) : "i"(VGIW_SIMT_CSR_ARG));
    return (const uint8_t *)(uintptr_t)a;
}
#define CSR_READ(n, v) __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(n))
static inline uint32_t csr_tid(void) { uint32_t v; CSR_READ(VGIW_SIMT_CSR_TID, v); return v; }
static inline uint32_t csr_lid(void) { uint32_t v; CSR_READ(VGIW_SIMT_CSR_LID, v); return v; }
static inline uint32_t csr_wgid(void) { uint32_t v; CSR_READ(VGIW_SIMT_CSR_WGID, v); return v; }

#define W(p, off) (*(uint32_t *)((uintptr_t)(p) + (off)))
#define CW(p, off) (*(const uint32_t *)((uintptr_t)(p) + (off)))

/* x / d, by a shift when the runtime found d a power of two (shift != ~0) */
static inline uint32_t qdiv(uint32_t x, uint32_t d, uint32_t shift) { return shift != ~0u ? x >> shift : x / d; }

/* IDs of work-item l (linear in its group, x fastest) of group g (linear, x fastest) */
static void set_ids(uint8_t *a, const uint8_t *L, uint32_t g, uint32_t l)
{
    uint32_t ls0 = CW(L, SIMT_LB_O_LSIZE), ls1 = CW(L, SIMT_LB_O_LSIZE + 4);
    uint32_t ng0 = CW(L, SIMT_LB_O_NGROUPS), ng1 = CW(L, SIMT_LB_O_NGROUPS + 4);
    uint32_t lid[3], grp[3];
    if (ls0 == CW(L, SIMT_LB_O_GITEMS)) {   /* 1-D work-groups */
        lid[0] = l; lid[1] = 0; lid[2] = 0;
    } else {
        uint32_t r = qdiv(l, ls0, CW(L, SIMT_LB_O_SHIFTS + 4));
        lid[0] = l - r * ls0;
        uint32_t r2 = qdiv(r, ls1, CW(L, SIMT_LB_O_SHIFTS + 8));
        lid[1] = r - r2 * ls1;
        lid[2] = r2;
    }
    if (ng0 == CW(L, SIMT_LB_O_NGTOTAL)) {
        grp[0] = g; grp[1] = 0; grp[2] = 0;
    } else {
        uint32_t r = qdiv(g, ng0, CW(L, SIMT_LB_O_SHIFTS + 12));
        grp[0] = g - r * ng0;
        grp[1] = r % ng1;
        grp[2] = r / ng1;
    }
    for (int d = 0; d < 3; d++) {
        W(a, SIMT_AREA_O_LID + 4 * d) = lid[d];
        W(a, SIMT_AREA_O_GRP + 4 * d) = grp[d];
        W(a, SIMT_AREA_O_GID + 4 * d) = grp[d] * CW(L, SIMT_LB_O_LSIZE + 4 * d) + lid[d];
    }
    W(a, SIMT_AREA_O_DONE) = 0;
    W(a, AREA_O_SCHED) = 0;
}

void __simt_main(const uint8_t *L)
{
    uint8_t *a0 = area();
    simt_entry entry = (simt_entry)(uintptr_t)CW(L, SIMT_LB_O_ENTRY);
    const uint32_t *args = (const uint32_t *)(L + SIMT_LB_O_ARGS);
    uint32_t gi = CW(L, SIMT_LB_O_GITEMS);
    if (CW(L, SIMT_LB_O_MODE) == SIMT_MODE_FLAT) {
        uint32_t t = csr_tid();
        if (t >= CW(L, SIMT_LB_O_ITEMS))
            return;
        uint32_t g = qdiv(t, gi, CW(L, SIMT_LB_O_SHIFTS));
        set_ids(a0, L, g, t - g * gi);
        entry(args);
        return;
    }
    /* group mode: hardware work-group g runs OpenCL work-group g; thread h takes the
     * work-items h, h + H, h + 2H, ... of it */
    uint32_t g = csr_wgid(), h = csr_lid(), H = CW(L, SIMT_LB_O_HWGROUP);
    uint32_t nf = 0;
    for (uint32_t l = h; l < gi; l += H)
        nf++;
    if (nf == 0)
        return;
    /* one work-item or several: always as fibers, so that the core's BAR is executed at one
     * PC and call depth by every thread (__simt_bar in simt_crt.S) */
    uint32_t ab = CW(L, SIMT_LB_O_AREA);
    W(a0, AREA_O_NF) = nf;
    for (uint32_t k = 0; k < nf; k++) {
        uint8_t *a = a0 + (k + 1) * ab;
        set_ids(a, L, g, h + k * H);
        W(a, AREA_O_SCHED) = (uint32_t)(uintptr_t)a0;
        W(a, 0) = (uint32_t)(uintptr_t)__simt_fiber_start;   /* ra */
        W(a, 4) = (uint32_t)(uintptr_t)(a + ab);             /* sp */
        W(a, 8) = (uint32_t)(uintptr_t)entry;                /* s0 */
        W(a, 12) = (uint32_t)(uintptr_t)args;                /* s1 */
        W(a, 104) = (uint32_t)(uintptr_t)a;                  /* tp */
    }
    for (;;) {
        uint32_t done = 0;
        for (uint32_t k = 0; k < nf; k++) {
            uint8_t *a = a0 + (k + 1) * ab;
            if (!W(a, SIMT_AREA_O_DONE))
                __simt_swap(a0, a);   /* runs it to its next barrier() or its end */
            done += W(a, SIMT_AREA_O_DONE);
        }
        if (done == nf)
            return;
        __simt_bar();   /* every work-item of this thread is at the barrier */
    }
}

void __simt_fiber_done(void)
{
    uint8_t *a = area();
    W(a, SIMT_AREA_O_DONE) = 1;
    __simt_swap(a, (uint8_t *)(uintptr_t)W(a, AREA_O_SCHED));
    for (;;)
        ;
}

/* ---- work-item functions (size_t is 32 bits on the core) ---- */

uint32_t _Z13get_global_idj(uint32_t d) { return d < 3 ? W(area(), SIMT_AREA_O_GID + 4 * d) : 0; }
uint32_t _Z12get_local_idj(uint32_t d) { return d < 3 ? W(area(), SIMT_AREA_O_LID + 4 * d) : 0; }
uint32_t _Z12get_group_idj(uint32_t d) { return d < 3 ? W(area(), SIMT_AREA_O_GRP + 4 * d) : 0; }
uint32_t _Z15get_global_sizej(uint32_t d) { return d < 3 ? CW(lblock(), SIMT_LB_O_GSIZE + 4 * d) : 1; }
uint32_t _Z14get_local_sizej(uint32_t d) { return d < 3 ? CW(lblock(), SIMT_LB_O_LSIZE + 4 * d) : 1; }
uint32_t _Z14get_num_groupsj(uint32_t d) { return d < 3 ? CW(lblock(), SIMT_LB_O_NGROUPS + 4 * d) : 1; }
uint32_t _Z12get_work_dimv(void) { return 3; }

/* noinline: vgiw-simtcc finds the kernels that need group mode by their calls of it */
/* disable_tail_calls: the switch is a real call, one level deeper (the depths __simt_fiber_start
 * counts on, simt_crt.S) */
__attribute__((noinline, disable_tail_calls)) void _Z7barrierj(uint32_t flags)
{
    (void)flags;
    uint8_t *a = area();
    uint32_t s = W(a, AREA_O_SCHED);
    if (!s)
        __simt_bar();
    else
        __simt_swap(a, (uint8_t *)(uintptr_t)s);
}
void _Z18work_group_barrierj(uint32_t flags) { _Z7barrierj(flags); }
/* one memory instruction at a time, in order (docs/simt.md "Memory"): fences are no-ops */
void _Z9mem_fencej(uint32_t f) { (void)f; }
void _Z14read_mem_fencej(uint32_t f) { (void)f; }
void _Z15write_mem_fencej(uint32_t f) { (void)f; }

/* ---- float builtins: RISC-V F instructions, round to nearest even (docs/simt.md "ISA") ----
 * FMIN.S/FMAX.S: a NaN operand ignored, -0 below +0, canonical NaN when both are NaN: the
 * project's fmin/fmax (docs/arithmetic.md), which fp_cmp implements for both cores. */
static inline float f_min(float a, float b) { float r; __asm__("fmin.s %0, %1, %2" : "=f"(r) : "f"(a), "f"(b)); return r; }
static inline float f_max(float a, float b) { float r; __asm__("fmax.s %0, %1, %2" : "=f"(r) : "f"(a), "f"(b)); return r; }
static inline float f_sqrt(float a) { float r; __asm__("fsqrt.s %0, %1" : "=f"(r) : "f"(a)); return r; }
static inline float f_fma(float a, float b, float c)
{
    float r;
    __asm__("fmadd.s %0, %1, %2, %3" : "=f"(r) : "f"(a), "f"(b), "f"(c));
    return r;
}
static inline float f_div(float a, float b) { float r; __asm__("fdiv.s %0, %1, %2" : "=f"(r) : "f"(a), "f"(b)); return r; }

float _Z4sqrtf(float x) { return f_sqrt(x); }
float _Z11native_sqrtf(float x) { return f_sqrt(x); }
float _Z9half_sqrtf(float x) { return f_sqrt(x); }
float _Z4fabsf(float x) { return __builtin_fabsf(x); }
float _Z4fminff(float a, float b) { return f_min(a, b); }
float _Z4fmaxff(float a, float b) { return f_max(a, b); }
float _Z3minff(float a, float b) { return f_min(a, b); }
float _Z3maxff(float a, float b) { return f_max(a, b); }
float _Z5clampfff(float x, float lo, float hi) { return f_min(f_max(x, lo), hi); }
float _Z3madfff(float a, float b, float c) { return f_fma(a, b, c); }
float _Z3fmafff(float a, float b, float c) { return f_fma(a, b, c); }
float _Z13native_divideff(float a, float b) { return f_div(a, b); }
float _Z11half_divideff(float a, float b) { return f_div(a, b); }
float _Z12native_recipf(float a) { return f_div(1.0f, a); }
float _Z10half_recipf(float a) { return f_div(1.0f, a); }
float _Z8copysignff(float a, float b) { return __builtin_copysignf(a, b); }

/* ---- integer builtins, every scalar integer type ---- */

#include "../native/vg_int_builtins.h"

/* ---- what the code generator may call for block copies and fills ---- */
void *memcpy(void *d, const void *s, uint32_t n)
{
    uint8_t *p = d;
    const uint8_t *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}
void *memmove(void *d, const void *s, uint32_t n)
{
    uint8_t *p = d;
    const uint8_t *q = s;
    if (p < q)
        while (n--)
            *p++ = *q++;
    else
        while (n--)
            p[n] = q[n];
    return d;
}
void *memset(void *d, int c, uint32_t n)
{
    uint8_t *p = d;
    while (n--)
        *p++ = (uint8_t)c;
    return d;
}

/* ---- rounding to an integral float: FCVT with a static rounding mode ----
 * LLVM's llvm.floor/ceil/round/rint... become calls of these (sw/simtcc/simtcc.c
 * replace_rounding). |x| < 2^23 converts to an integer with the instruction's rm (RDN, RUP, RMM,
 * RNE; the core implements every mode, docs/simt.md "Floating point") and back (exact); the
 * sign is copied from x, which is the sign IEEE 754 gives floor/ceil/round/rint results
 * (-0.5 -> -0 under ceil and round). Larger magnitudes, infinities and NaNs are integral
 * already and returned as they are. truncf stays on the bits (no conversion needed). */
static inline uint32_t fbits(float f) { uint32_t u; __builtin_memcpy(&u, &f, 4); return u; }
static inline float bitsf(uint32_t u) { float f; __builtin_memcpy(&f, &u, 4); return f; }
#define SIMT_ROUND_FCVT(name, rm)                                                              \
    float name(float x)                                                                        \
    {                                                                                          \
        if (!(__builtin_fabsf(x) < 8388608.0f))                                                \
            return x;                         /* integral, inf, NaN */                         \
        int32_t i;                                                                             \
        float r;                                                                               \
        __asm__("fcvt.w.s %0, %1, " rm : "=r"(i) : "f"(x));                                    \
        __asm__("fcvt.s.w %0, %1" : "=f"(r) : "r"(i));   /* |i| <= 2^23: exact */              \
        return __builtin_copysignf(r, x);                                                      \
    }
SIMT_ROUND_FCVT(__simt_floorf, "rdn")
SIMT_ROUND_FCVT(__simt_ceilf, "rup")
SIMT_ROUND_FCVT(__simt_rintf, "rne")   /* to nearest even */
SIMT_ROUND_FCVT(__simt_roundf, "rmm")  /* halfway away from zero */
float __simt_truncf(float x)
{
    uint32_t u = fbits(x);
    int e = (int)((u >> 23) & 0xFF) - 127;
    if (e >= 23)
        return x;                         /* integral, inf, NaN */
    if (e < 0)
        return bitsf(u & 0x80000000u);    /* |x| < 1: a signed zero */
    return bitsf(u & ~(0x007FFFFFu >> e));
}

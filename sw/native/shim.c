/* Native golden execution shim: work-item functions, barrier() and the scalar math
 * builtins, for kernels compiled by clang-19 for the host (x86-64, Itanium-mangled
 * OpenCL builtin names). Independent of the VGIW compiler and interpreter: the math
 * follows the OpenCL C definitions with the project's conventions where OpenCL leaves
 * a choice (fmin/fmax: NaN operand ignored, -0 below +0; mad = fused fma).
 */
#define _GNU_SOURCE
#include "vgiw_native.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#define STACK_BYTES (256 * 1024)

static struct {
    uint32_t global[3], local[3], ngroups[3];
    uint32_t group[3];
    uint32_t nitems, cur;
    uint32_t lid[3];
    ucontext_t main_ctx;
    ucontext_t *ctx;
    unsigned char **stacks;
    uint32_t *barriers;      /* barriers passed by each work-item of the current group */
    char *finished;
    vgn_entry_fn entry;
    void **args;
} S;

static void set_item(uint32_t i)
{
    S.cur = i;
    S.lid[0] = i % S.local[0];
    S.lid[1] = (i / S.local[0]) % S.local[1];
    S.lid[2] = i / (S.local[0] * S.local[1]);
}

static void item_main(void)
{
    S.entry(S.args);
    S.finished[S.cur] = 1;
    /* returning resumes S.main_ctx through uc_link */
}

int vgn_run(vgn_entry_fn entry, void **args, const uint32_t global[3], const uint32_t local[3],
            char *err, size_t errlen)
{
    volatile uint64_t items = 1;
    for (int d = 0; d < 3; d++) {
        if (!global[d] || !local[d] || global[d] % local[d]) {
            snprintf(err, errlen, "bad NDRange in dimension %d", d);
            return -1;
        }
        S.global[d] = global[d];
        S.local[d] = local[d];
        S.ngroups[d] = global[d] / local[d];
        items *= local[d];
    }
    if (items > 4096) {
        snprintf(err, errlen, "native: work-group of %llu items too large (max 4096)", (unsigned long long)items);
        return -1;
    }
    S.nitems = (uint32_t)items;
    S.entry = entry;
    S.args = args;
    S.ctx = calloc(items, sizeof *S.ctx);
    S.stacks = calloc(items, sizeof *S.stacks);
    S.barriers = calloc(items, sizeof *S.barriers);
    S.finished = calloc(items, 1);
    int rc = 0;
    for (uint32_t i = 0; i < items && S.stacks; i++)
        if (!(S.stacks[i] = malloc(STACK_BYTES)))
            rc = -1;
    if (!S.ctx || !S.stacks || !S.barriers || !S.finished || rc) {
        snprintf(err, errlen, "native: out of memory");
        rc = -1;
        goto out;
    }
    for (uint32_t gz = 0; gz < S.ngroups[2]; gz++)
        for (uint32_t gy = 0; gy < S.ngroups[1]; gy++)
            for (uint32_t gx = 0; gx < S.ngroups[0]; gx++) {
                S.group[0] = gx; S.group[1] = gy; S.group[2] = gz;
                for (uint32_t i = 0; i < items; i++) {
                    getcontext(&S.ctx[i]);
                    S.ctx[i].uc_stack.ss_sp = S.stacks[i];
                    S.ctx[i].uc_stack.ss_size = STACK_BYTES;
                    S.ctx[i].uc_link = &S.main_ctx;
                    makecontext(&S.ctx[i], item_main, 0);
                    S.barriers[i] = 0;
                    S.finished[i] = 0;
                }
                /* Round robin: each pass runs every work-item up to its next barrier. */
                for (;;) {
                    uint32_t nfin = 0;
                    for (uint32_t i = 0; i < items; i++) {
                        if (S.finished[i])
                            continue;
                        set_item(i);
                        swapcontext(&S.main_ctx, &S.ctx[i]);
                    }
                    for (uint32_t i = 0; i < items; i++)
                        nfin += S.finished[i];
                    if (nfin == items)
                        break;
                    for (uint32_t i = 1; i < items; i++)
                        if (S.barriers[i] != S.barriers[0] || S.finished[i] != S.finished[0]) {
                            snprintf(err, errlen, "native: barrier not reached by every work-item of group (%u,%u,%u)",
                                     gx, gy, gz);
                            rc = -1;
                            goto out;
                        }
                }
            }
out:
    if (S.stacks)
        for (uint32_t i = 0; i < items; i++)
            free(S.stacks[i]);
    free(S.stacks); free(S.ctx); free(S.barriers); free(S.finished);
    memset(&S, 0, sizeof S);
    return rc;
}

/* ---- work-item functions (size_t is 64-bit on the host) ---- */

size_t _Z13get_global_idj(unsigned d) { return d < 3 ? (size_t)S.group[d] * S.local[d] + S.lid[d] : 0; }
size_t _Z12get_local_idj(unsigned d) { return d < 3 ? S.lid[d] : 0; }
size_t _Z12get_group_idj(unsigned d) { return d < 3 ? S.group[d] : 0; }
size_t _Z15get_global_sizej(unsigned d) { return d < 3 ? S.global[d] : 1; }
size_t _Z14get_local_sizej(unsigned d) { return d < 3 ? S.local[d] : 1; }
size_t _Z14get_num_groupsj(unsigned d) { return d < 3 ? S.ngroups[d] : 1; }

void _Z7barrierj(unsigned flags)
{
    (void)flags;
    uint32_t me = S.cur;
    S.barriers[me]++;
    swapcontext(&S.ctx[me], &S.main_ctx);
}
void _Z18work_group_barrierj(unsigned flags) { _Z7barrierj(flags); }
void _Z9mem_fencej(unsigned f) { (void)f; }
void _Z14read_mem_fencej(unsigned f) { (void)f; }
void _Z15write_mem_fencej(unsigned f) { (void)f; }

/* ---- float builtins ---- */

static float canon(float x) { return isnan(x) ? __builtin_nanf("") : x; }

static float fmin_(float a, float b)
{
    if (isnan(a) && isnan(b)) return __builtin_nanf("");
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == b) return signbit(a) ? a : b;
    return a < b ? a : b;
}
static float fmax_(float a, float b)
{
    if (isnan(a) && isnan(b)) return __builtin_nanf("");
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == b) return signbit(a) ? b : a;
    return a > b ? a : b;
}

float _Z4sqrtf(float x) { return canon(sqrtf(x)); }
float _Z11native_sqrtf(float x) { return canon(sqrtf(x)); }
float _Z9half_sqrtf(float x) { return canon(sqrtf(x)); }
float _Z4fabsf(float x) { return fabsf(x); }
float _Z4fminff(float a, float b) { return fmin_(a, b); }
float _Z4fmaxff(float a, float b) { return fmax_(a, b); }
float _Z3minff(float a, float b) { return fmin_(a, b); }
float _Z3maxff(float a, float b) { return fmax_(a, b); }
float _Z5clampfff(float x, float lo, float hi) { return fmin_(fmax_(x, lo), hi); }
float _Z3madfff(float a, float b, float c) { return canon(fmaf(a, b, c)); }
float _Z3fmafff(float a, float b, float c) { return canon(fmaf(a, b, c)); }
float _Z13native_divideff(float a, float b) { return canon(a / b); }
float _Z11half_divideff(float a, float b) { return canon(a / b); }
float _Z12native_recipf(float a) { return canon(1.0f / a); }
float _Z10half_recipf(float a) { return canon(1.0f / a); }
float _Z8copysignff(float a, float b) { return copysignf(a, b); }

/* ---- integer builtins, for every scalar integer type ---- */

#include "vg_int_builtins.h"

/* The pipeline: one LLVM module in, one image's kernels out (docs/compiler.md "Stages").
 *
 *   module:  link libclc builtins (clc.c) -> inline calls -> scalarize vectors (ir.c, clc.c)
 *   kernel:  lower (ir.c) -> CFG order (cfg.c) -> derive coordinates (derive.c, back end
 *            only) -> live values (live.c) -> DFG (dfg.c) -> back end: map (map.c), place
 *            and replicate (place.c), route (route.c), emit (place.c); a block that does not
 *            fit even once is split (split.c) and the kernel goes through live values, DFG
 *            and back end again.
 *
 * Derivation runs before live values because the instructions it adds may become live
 * values themselves (derive.c). The driver (main.c) only reads options, runs clang, calls
 * compile_module and writes the image.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vgiwcc.h"

/* a bound on block splits per kernel (each one shortens a block, so it is only a guard).
 * Rodinia's myocyte needs 2,214 cuts on `small` (docs/compiler.md "Rodinia's own kernels"):
 * 2000 stopped it with every block still making progress. */
#define MAX_SPLITS 10000

/* --derive: coordinates injected by the CVU (2, VGIW §2), or derived from the linear ID
 * once in block 0 (1) or in each block (0) */
#ifndef DERIVE_ENTRY_DEFAULT
#define DERIVE_ENTRY_DEFAULT 2
#endif

static double ms_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* Back end: place and route every block (pnr_kernel: map, place, replicate, route, emit);
 * while a block does not fit even once, cut it in two consecutive sub-blocks joined by live
 * values (split.c) and build the kernel's graphs again. */
static void back_end(Func *f, const Options *opt, vg_kernel *k, KernelReport *r)
{
    char why[512] = "";
    int fb = -1, cut = 1;
    while ((r->pnr_ok = pnr_kernel(k, opt, why, sizeof why, &fb) == 0) == 0 && fb >= 0 && r->splits < MAX_SPLITS &&
           (cut = split_block(f, fb, k)) != 0) {
        r->splits++;
        if (getenv("VGIWCC_TRACE"))
            fprintf(stderr, "trace: split %d of block %d: %s\n", r->splits, fb, why);
        live_alloc(f);
        vg_kernel nk;
        dfg_build(f, opt, &nk);
        vg_kernel_free(k);
        *k = nk;
    }
    if (r->pnr_ok)
        return;
    size_t l = strlen(why);
    if (r->splits >= MAX_SPLITS)
        snprintf(why + l, sizeof why - l, "; still too large after %d cuts", r->splits);
    else if (!cut)
        snprintf(why + l, sizeof why - l, "; it holds a single instruction after %d cut(s), so it cannot be split further",
                 r->splits);
    if (opt->pnr == 1)
        fatal("%s: error: kernel '%s' cannot be placed and routed on preset '%s': %s", g_source_name, k->name,
              opt->config, why);
    fprintf(stderr, "vgiwcc: %s: warning: kernel '%s' not placed and routed on '%s': %s\n", g_source_name, k->name,
            opt->config, why);
}

void compile_kernel(struct LLVMOpaqueModule *m, const char *name, const Options *opt, vg_kernel *k, KernelReport *r)
{
    memset(r, 0, sizeof *r);
    Func f = { 0 };
    ir_lower_kernel(m, name, &f);
    cfg_order(&f);
    int derive = opt->derive_entry < 0 ? DERIVE_ENTRY_DEFAULT : opt->derive_entry;
    if (opt->pnr && derive != 2)
        derive_sources(&f, derive);
    live_alloc(&f);
    struct timespec t0;
    g_pathfinder_ok = g_pathfinder_fallback = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    dfg_build(&f, opt, k);
    if (opt->pnr)
        back_end(&f, opt, k, r);
    r->ms = ms_since(&t0);
    r->pathfinder_ok = g_pathfinder_ok;
    r->pathfinder_fallback = g_pathfinder_fallback;
    func_free(&f);
}

int compile_module(struct LLVMOpaqueModule *m, const char *kname, const Options *opt, vg_image *img,
                   void (*report)(const vg_kernel *k, const KernelReport *r, void *ctx), void *ctx)
{
    clc_link(m);
    ir_inline_calls(m);
    ir_scalarize(m);
    int nk = ir_kernel_count(m);
    if (nk == 0)
        fatal("%s: error: no __kernel function found", g_source_name);
    snprintf(img->config, sizeof img->config, "%s", opt->config);
    img->kernels = xcalloc((size_t)nk, sizeof *img->kernels);
    for (int i = 0; i < nk; i++) {
        const char *name = ir_kernel_name(m, i);
        if (kname && strcmp(kname, name))
            continue;
        vg_kernel *k = &img->kernels[img->nkernels++];
        KernelReport r;
        compile_kernel(m, name, opt, k, &r);
        report(k, &r, ctx);
    }
    return (int)img->nkernels;
}

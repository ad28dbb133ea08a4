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

#include <llvm-c/Core.h>

#include "vgiw_layout.h"
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
static void back_end(Func *f, const Options *opt, vg_kernel *k, KernelReport *r, int quiet)
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
    if (r->pnr_ok || quiet)
        return;   /* quiet: an unrolled form, compiled again as written (compile_kernel) */
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

/* The front of the kernel pipeline: IR to per-block graphs. */
static void front_end(struct LLVMOpaqueModule *m, const char *name, const Options *opt, Func *f, vg_kernel *k)
{
    memset(f, 0, sizeof *f);
    ir_lower_kernel(m, name, f);
    cfg_order(f);
    int derive = opt->derive_entry < 0 ? DERIVE_ENTRY_DEFAULT : opt->derive_entry;
    if (opt->pnr && derive != 2)
        derive_sources(f, derive);
    live_alloc(f);
    dfg_build(f, opt, k);
}

/* Replicas the unit counts allow for the loop blocks of k (a block that is its own
 * successor): the fewest over them (0: one does not fit even once, or there is none) and
 * the most (0: no loop block). */
static void loop_replicas(const vg_kernel *k, const Options *opt, int *least, int *most)
{
    *least = 1 << 30;
    *most = 0;
    for (uint32_t b = 0; b < k->nblocks; b++) {
        const vg_block *B = &k->blocks[b];
        if (!(B->nsucc == 2 && (B->succ[0] == b || B->succ[1] == b)))
            continue;
        int r = pnr_block_replicas(k, b, opt);
        if (r < *least)
            *least = r;
        if (r > *most)
            *most = r;
    }
    if (*most == 0)
        *least = 0;   /* no loop block */
}

/* Automatic unrolling (--unroll, default): the largest k of 8, 4, 2 for which every loop
 * block of the unrolled kernel still fits the preset's grid and keeps the element
 * throughput of the original loop when many threads fill it (k x its replicas >= the
 * replicas of the original loop blocks), and the kernel still fits the block table.
 * Without the back end nothing says what fits, so only an explicit --unroll k unrolls (by
 * k). Returns the module the kernel is compiled from (a clone when unrolled, disposed by
 * the caller) and sets r->unroll (docs/compiler.md "unroll.c"). */
static struct LLVMOpaqueModule *choose_unroll(struct LLVMOpaqueModule *m, const char *name, const Options *opt,
                                              KernelReport *r)
{
    r->unroll = 1;
    if (opt->unroll == 0 || opt->unroll == 1 || unroll_candidates(m, name) == 0)
        return m;
    if (!opt->pnr) {
        if (opt->unroll < 2)
            return m;
        struct LLVMOpaqueModule *c = LLVMCloneModule(m);
        r->unrolled = unroll_loops(c, name, opt->unroll);
        r->unroll = opt->unroll;
        return c;
    }
    Func f;
    vg_kernel k;
    front_end(m, name, opt, &f, &k);
    int base_least, base_most;
    loop_replicas(&k, opt, &base_least, &base_most);
    const vgiw_preset_t *p = vgiw_preset_find(opt->config);
    uint32_t max_blocks = p && k.nblocks <= p->bbs_max_blocks ? p->bbs_max_blocks : UINT32_MAX;
    /* the largest work-group one tile holds (docs/core.md "Tiles": cvt.bits / blocks threads)
     * must not fall below what the kernel as written allows, or 1,024 */
    uint32_t min_tile = 0;
    if (p) {
        min_tile = vl_tile_threads(UINT32_MAX, k.nblocks, p->cvt_bits, p->datapath_tid_bits);
        if (min_tile > 1024)
            min_tile = 1024;
    }
    vg_kernel_free(&k);
    func_free(&f);
    if (base_most < 1 || base_least < 1)
        return m;   /* no loop of one block once lowered (nothing to test the fit on), or a loop
                     * block that needs splitting already: unrolling would only make it larger */
    int kmax = opt->unroll >= 2 ? opt->unroll : 8;
    for (int u = kmax; u >= 2; u /= 2) {
        struct LLVMOpaqueModule *c = LLVMCloneModule(m);
        int n = unroll_loops(c, name, u);
        front_end(c, name, opt, &f, &k);
        int least, most;
        loop_replicas(&k, opt, &least, &most);
        if (k.nblocks > max_blocks)
            least = 0;   /* the remainder's blocks overflow the block table (docs/ctrl.md) */
        if (p && vl_tile_threads(UINT32_MAX, k.nblocks, p->cvt_bits, p->datapath_tid_bits) < min_tile)
            least = 0;   /* the remainder's blocks shrink the tile below min_tile */
        vg_kernel_free(&k);
        func_free(&f);
        if (getenv("VGIWCC_TRACE"))
            fprintf(stderr, "trace: unroll %s by %d: %d loop(s), loop block replicas %d..%d (before %d..%d)\n", name,
                    u, n, least, most, base_least, base_most);
        if (n > 0 && most >= 1 && least >= 1 && (long long)least * u >= base_most) {
            r->unroll = u;
            r->unrolled = n;
            return c;
        }
        LLVMDisposeModule(c);
    }
    return m;
}

void compile_kernel(struct LLVMOpaqueModule *m, const char *name, const Options *opt, vg_kernel *k, KernelReport *r)
{
    memset(r, 0, sizeof *r);
    struct LLVMOpaqueModule *src = choose_unroll(m, name, opt, r);
    Func f;
    struct timespec t0;
    g_pathfinder_ok = g_pathfinder_fallback = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    front_end(src, name, opt, &f, k);
    if (opt->pnr)
        back_end(&f, opt, k, r, src != m);
    const vgiw_preset_t *p = vgiw_preset_find(opt->config);
    int over = p && k->nblocks > p->bbs_max_blocks;
    if (src != m && opt->pnr && (!r->pnr_ok || over || r->splits > 0)) {
        /* The unit counts said the unrolled loop blocks fit; placement and routing may still
         * have split a block, failed, or the splits overflowed the block table. Compile the
         * kernel as written too and keep the unrolled form only if it is not worse. */
        Func bf;
        vg_kernel bk;
        KernelReport br;
        memset(&br, 0, sizeof br);
        br.unroll = 1;
        front_end(m, name, opt, &bf, &bk);
        back_end(&bf, opt, &bk, &br, 0);
        int keep = r->pnr_ok && !over && r->splits <= br.splits;
        if (getenv("VGIWCC_TRACE"))
            fprintf(stderr, "trace: unroll %s by %d %s: %d split(s)%s, as written %d\n", name, r->unroll,
                    keep ? "kept" : "undone", r->splits, r->pnr_ok ? (over ? ", over bbs.max_blocks" : "") : ", not placed",
                    br.splits);
        if (keep) {
            vg_kernel_free(&bk);
            func_free(&bf);
        } else {
            vg_kernel_free(k);
            func_free(&f);
            *k = bk;
            f = bf;
            *r = br;
        }
    }
    r->ms = ms_since(&t0);
    r->pathfinder_ok = g_pathfinder_ok;
    r->pathfinder_fallback = g_pathfinder_fallback;
    func_free(&f);
    if (src != m)
        LLVMDisposeModule(src);
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

/* Stage 1: the vgiwcc driver.
 *
 *   vgiwcc kernel.cl [-k NAME] [--config paper|small|tiny] [-o kernel.vgiw]
 *          [-D NAME[=VAL]] [-I DIR] [--fanout N] [-q]
 *
 * A .cl file goes through clang-19 (flags in clang_args below and docs/compiler.md) into
 * LLVM bitcode; .ll and .bc files are read directly. Every __kernel (or the one named)
 * is lowered (ir.c), ordered (cfg.c), given live values (live.c) and turned into
 * per-block dataflow graphs (dfg.c); the image (sw/image) is written at the end.
 */
#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/IRReader.h>

#include <limits.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "vg_args.h"
#include "vg_proc.h"
#include "vgiwcc.h"

const char *g_source_name = "?";
/* the bitcode clang writes, in a temporary directory removed at exit and on signals */
static char g_tmpdir[PATH_MAX], g_tmp[PATH_MAX + 16];

/* ---- helpers shared by the stages ---- */

_Noreturn void fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "vgiwcc: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);   /* vg_proc's exit handler removes the temporary directory */
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        fatal("out of memory");
    return p;
}

void *xcalloc(size_t n, size_t m)
{
    void *p = calloc(n ? n : 1, m ? m : 1);
    if (!p)
        fatal("out of memory");
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        fatal("out of memory");
    return p;
}

int func_new_var(Func *f)
{
    if (f->nvars == f->vcap) {
        f->vcap = f->vcap ? f->vcap * 2 : 64;
        f->vars = xrealloc(f->vars, (size_t)f->vcap * sizeof *f->vars);
    }
    Var *v = &f->vars[f->nvars];
    memset(v, 0, sizeof *v);
    v->def_block = -1;
    v->lv = -1;
    v->pref = -1;
    return f->nvars++;
}

int func_new_block(Func *f)
{
    if (f->nblocks == f->bcap) {
        f->bcap = f->bcap ? f->bcap * 2 : 16;
        f->blocks = xrealloc(f->blocks, (size_t)f->bcap * sizeof *f->blocks);
    }
    Block *b = &f->blocks[f->nblocks];
    memset(b, 0, sizeof *b);
    return f->nblocks++;
}

Inst *block_add(Block *b)
{
    if (b->ninsts == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 16;
        b->insts = xrealloc(b->insts, (size_t)b->cap * sizeof *b->insts);
    }
    Inst *in = &b->insts[b->ninsts++];
    memset(in, 0, sizeof *in);
    in->dst = -1;
    return in;
}

void func_free(Func *f)
{
    for (int i = 0; i < f->nblocks; i++) {
        free(f->blocks[i].insts);
        free(f->blocks[i].preds);
        if (f->livein) free(f->livein[i]);
        if (f->liveout) free(f->liveout[i]);
    }
    free(f->livein);
    free(f->liveout);
    free(f->blocks);
    free(f->vars);
    free(f->args);
    memset(f, 0, sizeof *f);
}

/* ---- front end ---- */

static void llvm_fatal(const char *reason)
{
    fatal("%s: error: LLVM: %s", g_source_name, reason);
}

/* LLVM's diagnostics (e.g. "file doesn't start with bitcode header") are kept for our own
 * message, which names the tool and the file. */
static char g_diag[400];
static void llvm_diag(LLVMDiagnosticInfoRef di, void *ctx)
{
    (void)ctx;
    char *d = LLVMGetDiagInfoDescription(di);
    if (LLVMGetDiagInfoSeverity(di) == LLVMDSError || !g_diag[0])
        snprintf(g_diag, sizeof g_diag, "%s", d ? d : "");
    LLVMDisposeMessage(d);
}

static const char *ext_of(const char *path)
{
    const char *d = strrchr(path, '.');
    return d ? d : "";
}

/* Runs clang-19 on a .cl file (a child of vg_proc.h: own process group, killed with
 * vgiwcc, time limit); returns the bitcode file it wrote. */
static const char *run_clang(const char *src, const char **extra, int nextra)
{
    if (vgp_mkdtemp("vgiwcc", g_tmpdir, sizeof g_tmpdir))
        fatal("error: cannot create a temporary directory (TMPDIR)");
    snprintf(g_tmp, sizeof g_tmp, "%s/k.bc", g_tmpdir);
    const char *clang = getenv("VGIW_CLANG");
    if (!clang || !*clang)
        clang = "clang-19";
    const char *fixed[] = { clang, "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header",
        "-cl-kernel-arg-info", "-target", "spir", "-O2", "-fno-unroll-loops", "-fno-vectorize",
        "-fno-slp-vectorize", "-ffp-contract=off", "-g", "-emit-llvm", "-c", "-o", g_tmp };
    size_t nf = sizeof fixed / sizeof fixed[0];
    char **argv = xcalloc(nf + (size_t)nextra + 2, sizeof *argv);
    size_t k = 0;
    for (size_t i = 0; i < nf; i++)
        argv[k++] = (char *)fixed[i];
    for (int i = 0; i < nextra; i++)
        argv[k++] = (char *)extra[i];
    argv[k++] = (char *)src;
    argv[k] = NULL;
    int rc = vgp_run(argv, 0);
    free(argv);
    if (rc == -1)
        fatal("error: cannot run '%s' (is clang-19 installed?)", clang);
    if (rc == VGP_TIMED_OUT)
        fatal("%s: error: clang-19 ran past the time limit of %u s (VGIW_TIMEOUT) and was stopped", src,
              vgp_timeout());
    if (rc != 0)
        fatal("%s: error: clang-19 failed to compile the kernel source", src);
    return g_tmp;
}

static LLVMModuleRef read_module(LLVMContextRef ctx, const char *path, int is_text)
{
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
        fprintf(stderr, "vgiwcc: %s: error: cannot read: %s\n", path, msg ? msg : "?");
        LLVMDisposeMessage(msg);
        fatal("giving up");
    }
    LLVMModuleRef m = NULL;
    if (is_text) {
        if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {   /* takes the buffer */
            fprintf(stderr, "vgiwcc: %s: error: invalid LLVM IR: %s\n", g_source_name, msg ? msg : "?");
            LLVMDisposeMessage(msg);
            fatal("giving up");
        }
    } else {
        /* LLVMParseBitcode2 reports through the context's diagnostic handler (installed in
         * main): the message is kept there and printed with the tool and file name */
        int bad = LLVMParseBitcodeInContext2(ctx, buf, &m);
        LLVMDisposeMemoryBuffer(buf);
        if (bad)
            fatal("%s: error: invalid LLVM bitcode%s%s", g_source_name, g_diag[0] ? ": " : "", g_diag);
    }
    if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
        fprintf(stderr, "vgiwcc: %s: error: LLVM IR fails verification:\n%s", g_source_name, msg ? msg : "");
        LLVMDisposeMessage(msg);
        fatal("giving up");
    }
    LLVMDisposeMessage(msg);
    return m;
}

static void usage_lines(FILE *f)
{
    fprintf(f,
            "usage: vgiwcc KERNEL.cl|.ll|.bc [-k NAME] [--config paper|small|tiny] [-o OUT.vgiw]\n"
            "              [-D NAME[=VAL]] [-I DIR] [--fanout N] [-q]\n"
            "              [--seed N] [--replicas N] [--no-pnr | --pnr-optional] [--emit-dot F.dot] [--emit-svg F.svg]\n"
            "              [--stats FILE.json] [--derive cvu|entry|block]\n");
}

static _Noreturn void usage(void)
{
    usage_lines(stderr);
    exit(2);
}

/* a bound on block splits per kernel (each one shortens a block, so it is only a guard) */
#define MAX_SPLITS 2000

/* --derive: coordinates injected by the CVU (2, VGIW §2), or derived from the linear ID
 * once in block 0 (1) or in each block (0) */
#ifndef DERIVE_ENTRY_DEFAULT
#define DERIVE_ENTRY_DEFAULT 2
#endif

int main(int argc, char **argv)
{
    const char *input = NULL, *output = NULL, *kname = NULL, *stats_path = NULL;
    /* totals over the kernels compiled, for --stats (tools/bench.py counters) */
    double st_ms = 0;
    struct timespec t_start;
    clock_gettime(CLOCK_MONOTONIC, &t_start);
    uint64_t st_blocks = 0, st_lvs = 0, st_nodes = 0, st_reps = 0, st_units = 0, st_splits = 0, st_delays = 0;
    uint64_t st_hops = 0, st_unit_slots = 0, st_over_bbs = 0;
    Options opt = { "small", 4, 1, 1, 1, 0, NULL, NULL, -1 };
    const char **extra = xcalloc((size_t)argc * 2 + 1, sizeof *extra);
    int nextra = 0;
    vgp_init("vgiwcc");
    static const char *const derive_modes[] = { "block", "entry", "cvu", NULL };
    vga_t P;
    vga_init(&P, "vgiwcc", argc, argv, usage_lines);
    while (vga_next(&P)) {
        const char *a = P.arg;
        if (vga_is(&P, "-k")) kname = vga_str(&P);
        else if (vga_is(&P, "-o")) output = vga_str(&P);
        else if (vga_is(&P, "--config")) opt.config = vga_str(&P);
        else if (vga_is(&P, "--fanout")) opt.fanout = (int)vga_u64(&P, 2, 64);
        else if (vga_is(&P, "-q")) opt.verbose = 0;
        else if (vga_is(&P, "--seed")) opt.seed = vga_u64(&P, 0, UINT64_MAX);
        else if (vga_is(&P, "--replicas")) opt.max_replicas = (int)vga_u64(&P, 0, 1024);   /* 0: as many as fit */
        else if (vga_is(&P, "--no-pnr")) { vga_claim(&P, "the place-and-route mode"); opt.pnr = 0; }
        else if (vga_is(&P, "--pnr-optional")) { vga_claim(&P, "the place-and-route mode"); opt.pnr = 2; }
        else if (vga_is(&P, "--emit-dot")) opt.dot = vga_str(&P);
        else if (vga_is(&P, "--emit-svg")) opt.svg = vga_str(&P);
        else if (vga_is(&P, "--stats")) stats_path = vga_str(&P);
        else if (vga_is(&P, "--derive")) opt.derive_entry = vga_choice(&P, derive_modes);
        else if (vga_is(&P, "-D") || vga_is(&P, "-I")) {
            extra[nextra++] = a;
            extra[nextra++] = vga_str(&P);
        } else if (!strncmp(a, "-D", 2) || !strncmp(a, "-I", 2)) extra[nextra++] = a;
        else if (vga_is(&P, "-h") || vga_is(&P, "--help")) usage();
        else if (vga_is(&P, "--own-builtins")) { ir_print_own_builtins(); return 0; }   /* for sw/clc/clc_prep.sh */
        else if (!vga_positional(&P)) vga_unknown(&P);
        else if (!input) input = a;
        else vga_fail(&P, "more than one input ('%s' and '%s')", input, a);
    }
    if (!input)
        usage();
    if (strcmp(opt.config, "paper") && strcmp(opt.config, "small") && strcmp(opt.config, "tiny"))
        fatal("error: unknown config '%s' (paper, small or tiny)", opt.config);
    g_source_name = input;
    char outbuf[512];
    if (!output) {
        const char *base = strrchr(input, '/');
        base = base ? base + 1 : input;
        size_t n = strcspn(base, ".");
        if (n > 400)   /* never a silently shortened name */
            fatal("error: '%s': name too long for the default output name: give -o", input);
        snprintf(outbuf, sizeof outbuf, "%.*s.vgiw", (int)n, base);
        output = outbuf;
    }
    /* never write the image over the source (vgiwcc x.cl -o x.cl) */
    struct stat si, so;
    if (stat(input, &si) == 0 && stat(output, &so) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
        fatal("error: the output '%s' is the input file: refusing to overwrite the kernel source", output);
    LLVMInstallFatalErrorHandler(llvm_fatal);
    const char *ext = ext_of(input);
    const char *irfile = input;
    int is_text;
    if (!strcmp(ext, ".cl")) {
        if (access(input, R_OK) != 0)
            fatal("error: cannot read '%s'", input);
        irfile = run_clang(input, extra, nextra);
        is_text = 0;
    } else if (!strcmp(ext, ".ll")) {
        is_text = 1;
    } else if (!strcmp(ext, ".bc")) {
        is_text = 0;
    } else {
        fatal("error: '%s': expected a .cl, .ll or .bc file", input);
    }
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, llvm_diag, NULL);
    LLVMModuleRef m = read_module(ctx, irfile, is_text);
    if (g_tmpdir[0]) {
        vgp_rmdir(g_tmpdir);
        g_tmpdir[0] = 0;
    }
    clc_link(m);
    ir_inline_calls(m);
    ir_scalarize(m);
    int nk = ir_kernel_count(m);
    if (nk == 0)
        fatal("%s: error: no __kernel function found", input);
    vg_image img = { 0 };
    snprintf(img.config, sizeof img.config, "%s", opt.config);
    img.kernels = xcalloc((size_t)nk, sizeof *img.kernels);
    for (int i = 0; i < nk; i++) {
        const char *name = ir_kernel_name(m, i);
        if (kname && strcmp(kname, name))
            continue;
        Func f = { 0 };
        ir_lower_kernel(m, name, &f);
        cfg_order(&f);
        int derive = opt.derive_entry < 0 ? DERIVE_ENTRY_DEFAULT : opt.derive_entry;
        if (opt.pnr && derive != 2)
            derive_sources(&f, derive);
        live_alloc(&f);
        vg_kernel *k = &img.kernels[img.nkernels++];
        struct timespec t0, t1;
        g_pathfinder_ok = g_pathfinder_fallback = 0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        dfg_build(&f, &opt, k);
        char why[512] = "";
        int pnr_ok = 0, splits = 0;
        if (opt.pnr) {
            int fb = -1;
            /* A block that does not fit even once is split into consecutive sub-blocks
             * joined by live values (split.c), and the kernel is compiled again. */
            int cut = 1;
            while ((pnr_ok = pnr_kernel(k, &opt, why, sizeof why, &fb) == 0) == 0 && fb >= 0 &&
                   splits < MAX_SPLITS && (cut = split_block(&f, fb, k)) != 0) {
                splits++;
                if (getenv("VGIWCC_TRACE"))
                    fprintf(stderr, "trace: split %d of block %d: %s\n", splits, fb, why);
                live_alloc(&f);
                vg_kernel nk;
                dfg_build(&f, &opt, &nk);
                vg_kernel_free(k);
                *k = nk;
            }
            if (!pnr_ok && splits >= MAX_SPLITS) {
                size_t l = strlen(why);
                snprintf(why + l, sizeof why - l, "; still too large after %d cuts", splits);
            } else if (!pnr_ok && !cut) {
                size_t l = strlen(why);
                snprintf(why + l, sizeof why - l, "; it holds a single instruction after %d cut(s), so it cannot be split further",
                         splits);
            }
            if (!pnr_ok) {
                if (opt.pnr == 1)
                    fatal("%s: error: kernel '%s' cannot be placed and routed on preset '%s': %s", input, k->name,
                          opt.config, why);
                fprintf(stderr, "vgiwcc: %s: warning: kernel '%s' not placed and routed on '%s': %s\n", input, k->name,
                        opt.config, why);
            }
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        /* The core's block selector holds bbs.max_blocks table entries (docs/core.md): the
         * interpreter runs any block count, the RTL rejects a larger kernel. */
        const vgiw_preset_t *pp = vgiw_preset_find(opt.config);
        if (opt.pnr && pp && k->nblocks > pp->bbs_max_blocks) {
            st_over_bbs++;
            fprintf(stderr, "vgiwcc: %s: warning: kernel '%s' has %u blocks, more than the block table of preset '%s' holds "
                            "(bbs.max_blocks %u): the RTL core rejects it, the interpreter runs it\n",
                    input, k->name, k->nblocks, opt.config, pp->bbs_max_blocks);
        }
        double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
        if (opt.verbose) {
            uint32_t nodes = 0;
            for (uint32_t b = 0; b < k->nblocks; b++)
                nodes += k->blocks[b].nnodes;
            printf("kernel %s: %u blocks, %u live values, %u nodes, %u bytes __local\n", k->name,
                   k->nblocks, k->lv_count, nodes, k->local_bytes);
            if (pnr_ok) {
                const vgiw_preset_t *p = vgiw_preset_find(opt.config);
                uint32_t used = 0, maxused = 0, delays = 0, hops = 0;
                printf("  pnr %s seed %llu: replicas", opt.config, (unsigned long long)opt.seed);
                for (uint32_t b = 0; b < k->nblocks; b++) {
                    const vg_pnr *q = &k->blocks[b].pnr;
                    printf(" B%u:%u", b, q->replicas);
                    used += q->units_used;
                    maxused = q->units_used > maxused ? q->units_used : maxused;
                    delays += q->delays;
                    hops += q->hops;
                }
                printf("\n  pnr utilization %.1f%% (mean placed units / %u), max %u, %d split(s), %u delay(s), %u switch hops, compile %.1f ms\n",
                       100.0 * used / (k->nblocks * p->fabric_units), p->fabric_units, maxused, splits, delays, hops, ms);
                printf("  routing: %u placement(s) routed by PathFinder, %u by the greedy fallback\n", g_pathfinder_ok,
                       g_pathfinder_fallback);
            } else {
                printf("  compile %.1f ms (not placed and routed)\n", ms);
            }
        }
        st_ms += ms;
        st_blocks += k->nblocks;
        st_lvs += k->lv_count;
        st_splits += (uint64_t)splits;
        for (uint32_t b = 0; b < k->nblocks; b++) {
            st_nodes += k->blocks[b].nnodes;
            st_reps += k->blocks[b].pnr.replicas;
            st_units += k->blocks[b].pnr.units_used;
            st_delays += k->blocks[b].pnr.delays;
            st_hops += k->blocks[b].pnr.hops;
        }
        st_unit_slots += (uint64_t)k->nblocks * vgiw_preset_find(opt.config)->fabric_units;
        func_free(&f);
    }
    if (kname && img.nkernels == 0)
        fatal("%s: error: no kernel named '%s'", input, kname);
    if (opt.dot)
        viz_dot(&img, opt.dot);
    if (opt.svg)
        viz_svg(&img, opt.config, opt.svg);
    if (stats_path) {
        FILE *sf = fopen(stats_path, "w");
        if (!sf)
            fatal("error: cannot write '%s'", stats_path);
        struct timespec t_end;
        clock_gettime(CLOCK_MONOTONIC, &t_end);
        double total_ms = (double)(t_end.tv_sec - t_start.tv_sec) * 1e3 + (double)(t_end.tv_nsec - t_start.tv_nsec) / 1e6;
        fprintf(sf, "{\"counters\": {\"compile_ms\": %.1f, \"total_ms\": %.1f, \"kernels\": %u, \"blocks\": %llu, \"live_values\": %llu, "
                    "\"nodes\": %llu, \"replicas\": %llu, \"units_placed\": %llu, \"utilization_pct\": %.1f, "
                    "\"splits\": %llu, \"delays\": %llu, \"switch_hops\": %llu, \"kernels_over_max_blocks\": %llu}}\n",
                st_ms, total_ms, img.nkernels, (unsigned long long)st_blocks, (unsigned long long)st_lvs,
                (unsigned long long)st_nodes, (unsigned long long)st_reps, (unsigned long long)st_units,
                st_unit_slots ? 100.0 * (double)st_units / (double)st_unit_slots : 0.0, (unsigned long long)st_splits,
                (unsigned long long)st_delays, (unsigned long long)st_hops, (unsigned long long)st_over_bbs);
        if (fclose(sf))
            fatal("error: cannot write '%s'", stats_path);
    }
    char err[512];
    if (vg_image_save(&img, output, err, sizeof err))
        fatal("error: %s", err);
    vg_image_free(&img);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    free(extra);
    return 0;
}

/* The vgiwcc driver: options, the front end (clang-19, reading and verifying the module),
 * the pipeline (pipeline.c) and the image.
 *
 *   vgiwcc kernel.cl [-k NAME] [--config paper|small|tiny] [-o kernel.vgiw]
 *          [-D NAME[=VAL]] [-I DIR] [--fanout N] [-q]
 *
 * A .cl file goes through clang-19 (flags in run_clang below and docs/compiler.md) into
 * LLVM bitcode; .ll and .bc files are read directly. Every __kernel (or the one named) goes
 * through the pipeline; the image (sw/image) is written at the end.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "vg_args.h"
#include "vg_hoist.h"
#include "vg_proc.h"
#include "vgiwcc.h"

/* the bitcode clang writes, in a temporary directory removed at exit and on signals */
static char g_tmpdir[PATH_MAX], g_tmp[PATH_MAX + 16];

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
static const char *run_clang(const char *src, const char **extra, int nextra, int no_loop_idioms, int fp64)
{
    if (vgp_mkdtemp("vgiwcc", g_tmpdir, sizeof g_tmpdir))
        fatal("error: cannot create a temporary directory (TMPDIR)");
    snprintf(g_tmp, sizeof g_tmp, "%s/k.bc", g_tmpdir);
    const char *clang = getenv("VGIW_CLANG");
    if (!clang || !*clang)
        clang = "clang-19";
    /* the front end shared with vgiw-simtcc (vg_hoist.h; without cl_khr_fp64: clang makes an
     * unsuffixed literal a float and refuses the type double with a located error) */
    int src_i;
    char **argv = vgh_front_end(clang, fp64, g_tmp, extra, nextra, no_loop_idioms, src, &src_i);
    if (!argv)
        fatal("out of memory");
    /* __local declared in an inner scope is moved to the kernel's outermost scope (an
     * extension to OpenCL C 1.2 §6.5.2, vg_hoist.h); the notes once, not on the retry */
    int rc = vgh_run_clang(argv, src_i, g_tmpdir, no_loop_idioms || fp64 ? NULL : "vgiwcc", 0);
    free(argv);
    if (rc == -1)
        fatal("error: cannot run '%s' (is clang-19 installed?)", clang);
    if (rc == VGP_TIMED_OUT)
        fatal("%s: error: clang-19 ran past the time limit of %u s (VGIW_TIMEOUT) and was stopped", src,
              vgp_timeout());
    if (rc != 0 && !fp64)
        fatal("%s: error: clang-19 failed to compile the kernel source", src);
    return rc ? NULL : g_tmp;
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

/* LLVM's readers trust their input: a corrupted .bc can make the bitcode reader (or the
 * verifier after it) dereference garbage instead of returning an error (LLVM 19, seen by
 * sw.fuzz on a flipped byte in the metadata block). A file the user gave is therefore read
 * once in a child first; a child that dies is reported as an invalid file, and only a file
 * the child read cleanly, or rejected with an error, is read again here (for its message). */
static void probe_module(const char *path, int is_text)
{
    fflush(NULL);
    pid_t pid = vgp_fork();
    if (pid < 0)
        fatal("error: cannot fork to check '%s'", path);
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr))
            _exit(2);
        LLVMContextRef ctx = LLVMContextCreate();
        LLVMMemoryBufferRef buf;
        LLVMModuleRef m = NULL;
        char *msg = NULL;
        if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg))
            _exit(1);
        int bad = is_text ? LLVMParseIRInContext(ctx, buf, &m, &msg) : LLVMParseBitcodeInContext2(ctx, buf, &m);
        if (!bad)
            bad = LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
        _exit(bad ? 1 : 0);
    }
    int st = 0, rc = vgp_wait(pid, vgp_timeout(), &st);
    if (rc == 1)
        fatal("%s: error: reading it as LLVM %s took longer than %u s (VGIW_TIMEOUT): not a valid file",
              g_source_name, is_text ? "IR" : "bitcode", vgp_timeout());
    if (rc < 0)
        fatal("error: cannot wait for the check of '%s'", path);
    if (WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st) > 1))
        fatal("%s: error: invalid LLVM %s: the LLVM reader failed on it (%s %d)", g_source_name,
              is_text ? "IR" : "bitcode", WIFSIGNALED(st) ? "signal" : "status",
              WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
}

static void usage_lines(FILE *f)
{
    fprintf(f,
            "usage: vgiwcc KERNEL.cl|.ll|.bc [-k NAME] [--config paper|small|tiny] [-o OUT.vgiw]\n"
            "              [-D NAME[=VAL]] [-I DIR] [--fanout N] [-q]\n"
            "              [--seed N] [--replicas N] [--no-pnr | --pnr-optional] [--emit-dot F.dot] [--emit-svg F.svg]\n"
            "              [--stats FILE.json] [--derive cvu|entry|block] [--unroll K]\n");
}

static _Noreturn void usage(void)
{
    usage_lines(stderr);
    exit(2);
}

/* Totals over the kernels compiled, for --stats (tools/bench.py counters). */
typedef struct {
    const char *input;
    const Options *opt;
    double ms;
    uint64_t blocks, lvs, nodes, reps, units, splits, delays, hops, unit_slots, over_bbs;
} Totals;

/* Called by compile_module after each kernel: the warning on the block table, the summary
 * lines (unless -q) and the totals. */
static void report_kernel(const vg_kernel *k, const KernelReport *r, void *ctx)
{
    Totals *t = ctx;
    const Options *opt = t->opt;
    const vgiw_preset_t *p = vgiw_preset_find(opt->config);
    /* The core's block selector holds bbs.max_blocks table entries (docs/core.md): the
     * interpreter runs any block count, the RTL rejects a larger kernel. */
    if (opt->pnr && p && k->nblocks > p->bbs_max_blocks) {
        t->over_bbs++;
        fprintf(stderr, "vgiwcc: %s: warning: kernel '%s' has %u blocks, more than the block table of preset '%s' holds "
                        "(bbs.max_blocks %u): the RTL core rejects it, the interpreter runs it\n",
                t->input, k->name, k->nblocks, opt->config, p->bbs_max_blocks);
    }
    if (opt->verbose) {
        uint32_t nodes = 0;
        for (uint32_t b = 0; b < k->nblocks; b++)
            nodes += k->blocks[b].nnodes;
        printf("kernel %s: %u blocks, %u live values, %u nodes, %u bytes __local\n", k->name,
               k->nblocks, k->lv_count, nodes, k->local_bytes);
        if (r->unrolled)
            printf("  unrolled %d single-block loop(s) by %d\n", r->unrolled, r->unroll);
        if (r->pnr_ok) {
            uint32_t used = 0, maxused = 0, delays = 0, hops = 0;
            printf("  pnr %s seed %llu: replicas", opt->config, (unsigned long long)opt->seed);
            for (uint32_t b = 0; b < k->nblocks; b++) {
                const vg_pnr *q = &k->blocks[b].pnr;
                printf(" B%u:%u", b, q->replicas);
                used += q->units_used;
                maxused = q->units_used > maxused ? q->units_used : maxused;
                delays += q->delays;
                hops += q->hops;
            }
            printf("\n  pnr utilization %.1f%% (mean placed units / %u), max %u, %d split(s), %u delay(s), %u switch hops, compile %.1f ms\n",
                   100.0 * used / (k->nblocks * p->fabric_units), p->fabric_units, maxused, r->splits, delays, hops, r->ms);
            printf("  routing: %u placement(s) routed by PathFinder, %u by the greedy fallback\n", r->pathfinder_ok,
                   r->pathfinder_fallback);
        } else {
            printf("  compile %.1f ms (not placed and routed)\n", r->ms);
        }
    }
    t->ms += r->ms;
    t->blocks += k->nblocks;
    t->lvs += k->lv_count;
    t->splits += (uint64_t)r->splits;
    for (uint32_t b = 0; b < k->nblocks; b++) {
        t->nodes += k->blocks[b].nnodes;
        t->reps += k->blocks[b].pnr.replicas;
        t->units += k->blocks[b].pnr.units_used;
        t->delays += k->blocks[b].pnr.delays;
        t->hops += k->blocks[b].pnr.hops;
    }
    t->unit_slots += (uint64_t)k->nblocks * p->fabric_units;
}

static void write_stats(const char *path, const Totals *t, uint32_t nkernels, const struct timespec *t_start)
{
    FILE *sf = fopen(path, "w");
    if (!sf)
        fatal("error: cannot write '%s'", path);
    struct timespec t_end;
    clock_gettime(CLOCK_MONOTONIC, &t_end);
    double total_ms = (double)(t_end.tv_sec - t_start->tv_sec) * 1e3 + (double)(t_end.tv_nsec - t_start->tv_nsec) / 1e6;
    fprintf(sf, "{\"counters\": {\"compile_ms\": %.1f, \"total_ms\": %.1f, \"kernels\": %u, \"blocks\": %llu, \"live_values\": %llu, "
                "\"nodes\": %llu, \"replicas\": %llu, \"units_placed\": %llu, \"utilization_pct\": %.1f, "
                "\"splits\": %llu, \"delays\": %llu, \"switch_hops\": %llu, \"kernels_over_max_blocks\": %llu}}\n",
            t->ms, total_ms, nkernels, (unsigned long long)t->blocks, (unsigned long long)t->lvs,
            (unsigned long long)t->nodes, (unsigned long long)t->reps, (unsigned long long)t->units,
            t->unit_slots ? 100.0 * (double)t->units / (double)t->unit_slots : 0.0, (unsigned long long)t->splits,
            (unsigned long long)t->delays, (unsigned long long)t->hops, (unsigned long long)t->over_bbs);
    if (fclose(sf))
        fatal("error: cannot write '%s'", path);
}

/* Whether the module calls llvm.memcpy/memmove/memset with a constant length above
 * MEMOP_MAX_BYTES (ir.c refuses those). */
static int has_long_memop(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (LLVMGetInstructionOpcode(i) != LLVMCall || !LLVMIsAFunction(LLVMGetCalledValue(i)))
                    continue;
                size_t n;
                const char *name = LLVMGetValueName2(LLVMGetCalledValue(i), &n);
                if (strncmp(name, "llvm.memcpy", 11) && strncmp(name, "llvm.memmove", 12) &&
                    strncmp(name, "llvm.memset", 11))
                    continue;
                LLVMValueRef len = LLVMGetOperand(i, 2);
                if (LLVMIsAConstantInt(len) && LLVMConstIntGetZExtValue(len) > MEMOP_MAX_BYTES)
                    return 1;
            }
    return 0;
}

static void remove_tmpdir(void)
{
    if (g_tmpdir[0]) {
        vgp_rmdir(g_tmpdir);
        g_tmpdir[0] = 0;
    }
}

/* A .cl file without kernels: Rodinia's particle_double.cl puts them all inside
 * `#if defined(cl_khr_fp64)`, which the device does not define (no double precision, "clang
 * flags" in docs/compiler.md), so "no __kernel function found" would not say why. Compiled
 * again with cl_khr_fp64, such a file has kernels: the error names double and the line of
 * the first conditional on cl_khr_fp64. Otherwise returns (pipeline.c gives the plain error). */
static void no_kernel_fp64(LLVMContextRef ctx, const char *input, const char **extra, int nextra)
{
    const char *bc = run_clang(input, extra, nextra, 0, 1);
    int nk = 0;
    if (bc) {
        LLVMModuleRef m = read_module(ctx, bc, 0);
        nk = ir_kernel_count(m);
        LLVMDisposeModule(m);
    }
    remove_tmpdir();
    if (!nk)
        return;
    char msg[4300];
    vgh_fp64_only(msg, sizeof msg, input, nk);
    fatal("%s", msg);
}

/* Reads the input as an LLVM module: .cl through clang-19, .ll as text, .bc as bitcode.
 * LLVM's loop idiom recognition turns a loop that zeroes or copies an array into one
 * llvm.memset/memcpy; when that is longer than ir.c lowers (Rodinia's dwt2d zeroes an
 * 8,728-byte __local buffer in a loop), the kernel is compiled again without loop idioms,
 * so the loop stays a loop (docs/compiler.md "Unsupported"). A copy or fill the source
 * itself spells is refused as before. */
static LLVMModuleRef front_end(LLVMContextRef ctx, const char *input, const char **extra, int nextra)
{
    const char *ext = ext_of(input);
    const char *irfile = input;
    int is_text;
    if (!strcmp(ext, ".cl")) {
        if (access(input, R_OK) != 0)
            fatal("error: cannot read '%s'", input);
        irfile = run_clang(input, extra, nextra, 0, 0);
        is_text = 0;
    } else if (!strcmp(ext, ".ll")) {
        is_text = 1;
    } else if (!strcmp(ext, ".bc")) {
        is_text = 0;
    } else {
        fatal("error: '%s': expected a .cl, .ll or .bc file", input);
    }
    if (strcmp(ext, ".cl"))
        probe_module(irfile, is_text);   /* the user's file; clang's own output is trusted */
    LLVMModuleRef m = read_module(ctx, irfile, is_text);
    remove_tmpdir();
    if (!strcmp(ext, ".cl") && has_long_memop(m)) {
        LLVMDisposeModule(m);
        m = read_module(ctx, run_clang(input, extra, nextra, 1, 0), 0);
        remove_tmpdir();
    }
    if (!strcmp(ext, ".cl") && ir_kernel_count(m) == 0)
        no_kernel_fp64(ctx, input, extra, nextra);
    return m;
}

/* The command line: the pipeline's options and the driver's own. */
typedef struct {
    Options opt;
    const char *input, *output, *kname, *stats_path;
    const char **extra;     /* -D and -I for clang */
    int nextra;
    char outbuf[512];
} Cmd;

static int parse_command_line(int argc, char **argv, Cmd *c)
{
    Options opt = { "small", 4, 1, 1, 1, 0, NULL, NULL, -1, -1 };
    c->opt = opt;
    c->extra = xcalloc((size_t)argc * 2 + 1, sizeof *c->extra);
    static const char *const derive_modes[] = { "block", "entry", "cvu", NULL };
    vga_t P;
    vga_init(&P, "vgiwcc", argc, argv, usage_lines);
    while (vga_next(&P)) {
        const char *a = P.arg;
        if (vga_is(&P, "-k")) c->kname = vga_str(&P);
        else if (vga_is(&P, "-o")) c->output = vga_str(&P);
        else if (vga_is(&P, "--config")) c->opt.config = vga_str(&P);
        else if (vga_is(&P, "--fanout")) c->opt.fanout = (int)vga_u64(&P, 2, 64);
        else if (vga_is(&P, "-q")) c->opt.verbose = 0;
        else if (vga_is(&P, "--seed")) c->opt.seed = vga_u64(&P, 0, UINT64_MAX);
        else if (vga_is(&P, "--replicas")) c->opt.max_replicas = (int)vga_u64(&P, 0, 1024);   /* 0: as many as fit */
        else if (vga_is(&P, "--no-pnr")) { vga_claim(&P, "the place-and-route mode"); c->opt.pnr = 0; }
        else if (vga_is(&P, "--pnr-optional")) { vga_claim(&P, "the place-and-route mode"); c->opt.pnr = 2; }
        else if (vga_is(&P, "--emit-dot")) c->opt.dot = vga_str(&P);
        else if (vga_is(&P, "--emit-svg")) c->opt.svg = vga_str(&P);
        else if (vga_is(&P, "--stats")) c->stats_path = vga_str(&P);
        else if (vga_is(&P, "--unroll")) c->opt.unroll = (int)vga_u64(&P, 0, 64);
        else if (vga_is(&P, "--derive")) c->opt.derive_entry = vga_choice(&P, derive_modes);
        else if (vga_is(&P, "-D") || vga_is(&P, "-I")) {
            c->extra[c->nextra++] = a;
            c->extra[c->nextra++] = vga_str(&P);
        } else if (!strncmp(a, "-D", 2) || !strncmp(a, "-I", 2)) c->extra[c->nextra++] = a;
        else if (vga_is(&P, "-h") || vga_is(&P, "--help")) usage();
        else if (vga_is(&P, "--own-builtins")) { ir_print_own_builtins(); return 1; }   /* for sw/clc/clc_prep.sh */
        else if (!vga_positional(&P)) vga_unknown(&P);
        else if (!c->input) c->input = a;
        else vga_fail(&P, "more than one input ('%s' and '%s')", c->input, a);
    }
    if (!c->input)
        usage();
    if (!vgiw_preset_find(c->opt.config))
        fatal("error: unknown config '%s' (" VGIW_PRESET_NAMES ")", c->opt.config);
    if (!c->output) {
        const char *base = strrchr(c->input, '/');
        base = base ? base + 1 : c->input;
        size_t n = strcspn(base, ".");
        if (n > 400)   /* never a silently shortened name */
            fatal("error: '%s': name too long for the default output name: give -o", c->input);
        snprintf(c->outbuf, sizeof c->outbuf, "%.*s.vgiw", (int)n, base);
        c->output = c->outbuf;
    }
    /* never write the image over the source (vgiwcc x.cl -o x.cl) */
    struct stat si, so;
    if (stat(c->input, &si) == 0 && stat(c->output, &so) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
        fatal("error: the output '%s' is the input file: refusing to overwrite the kernel source", c->output);
    return 0;
}

int main(int argc, char **argv)
{
    struct timespec t_start;
    clock_gettime(CLOCK_MONOTONIC, &t_start);
    vgp_init("vgiwcc");
    static Cmd c;
    if (parse_command_line(argc, argv, &c))
        return 0;
    g_source_name = c.input;
    LLVMInstallFatalErrorHandler(llvm_fatal);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, llvm_diag, NULL);
    LLVMModuleRef m = front_end(ctx, c.input, c.extra, c.nextra);
    vg_image img = { 0 };
    Totals tot = { .input = c.input, .opt = &c.opt };
    compile_module(m, c.kname, &c.opt, &img, report_kernel, &tot);
    if (c.kname && img.nkernels == 0)
        fatal("%s: error: no kernel named '%s'", c.input, c.kname);
    if (c.opt.dot)
        viz_dot(&img, c.opt.dot);
    if (c.opt.svg)
        viz_svg(&img, c.opt.config, c.opt.svg);
    if (c.stats_path)
        write_stats(c.stats_path, &tot, img.nkernels, &t_start);
    char err[512];
    if (vg_image_save(&img, c.output, err, sizeof err))
        fatal("error: %s", err);
    vg_image_free(&img);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    free(c.extra);
    return 0;
}

/* clcheck: compile an OpenCL C kernel with vgiwcc, run the image in the functional
 * interpreter and the same source natively (clang-19 for the host + sw/native shim) on
 * identical inputs, and compare every buffer bit-exactly (f32: any NaN equals any NaN).
 *
 *   clcheck KERNEL.cl -k NAME --global G[,G,G] [--local L[,L,L]] --arg SPEC...
 *           [--configs tiny,small,paper] [--seeds 1,2,...] [--order random|index]
 *           [--pnr off|try|require] [--pnr-seed N] [--derive cvu|entry|block] [--unroll K] [--max-steps N] [--timeout S]
 *           [-D NAME[=VAL]] [-v]
 *   SPEC: i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | struct:TYPE=V,... | vec:TYPE:V,V,... | buf:TYPE:COUNT[:INIT]
 *         TYPE i8 u8 i16 u16 i32 u32 f32 i64 u64; INIT zero | seq | rand:SEED[:LO:HI] (default 0..100)
 *
 * Each (config, seed) pair is one check: buffers are refilled with the seed added to
 * every rand SEED, the interpreter evaluates nodes in a random order drawn from the seed.
 * Prints PASSED/FAILED per check and "N passed, N failed"; exit 0 only if all passed.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "interp.h"
#include "native_build.h"
#include "self_dir.h"
#include "vg_args.h"
#include "vg_proc.h"
#include "vgiw_presets.h"
#include "ndrange.h"
#include "vgiw_arith.h"
#include "vgiw_image.h"

static char tmpdir[PATH_MAX];
static int verbose;

static void cleanup(void)
{
    if (!tmpdir[0])
        return;
    vgp_rmdir(tmpdir);
    tmpdir[0] = 0;
}

static _Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static _Noreturn void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "clcheck: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    cleanup();
    exit(2);
}

typedef struct {
    ArgSpec spec;
    uint32_t bytes;
    uint8_t *init, *interp, *native;   /* native: shared mapping written by the child */
    uint32_t base;
} Buf;

static int compare(const vg_kernel *k, Buf *bufs)
{
    int bad = 0;
    for (uint32_t a = 0; a < k->nargs; a++) {
        Buf *b = &bufs[a];
        if (b->spec.is_buf)
            bad += compare_buffer(k->args[a].name, &b->spec, b->interp, "interpreter", b->native, "native", 5) != 0;
    }
    return bad;
}

/* Splits a comma-separated list in place; -1 if it has more than max elements. */
static int split_list(char *s, char **out, int max)
{
    int n = 1;
    for (const char *c = s; *c; c++)
        n += *c == ',';
    if (n > max)
        return -1;
    n = 0;
    for (char *p = s; n < max;) {
        out[n++] = p;
        char *c = strchr(p, ',');
        if (!c)
            break;
        *c = 0;
        p = c + 1;
    }
    return n;
}

static void usage_lines(FILE *f)
{
    fprintf(f,
            "usage: clcheck KERNEL.cl -k NAME --global G[,G,G] [--local L[,L,L]] --arg SPEC...\n"
            "               [--configs tiny,small,paper] [--seeds 1,2,...] [--order random|index] [-D X=Y] [-v]\n"
            "               [--pnr off|try|require] [--pnr-seed N] [--derive cvu|entry|block] [--unroll K] [--max-steps N]\n"
            "               [--timeout S]\n"
            "  SPEC: i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | struct:TYPE=V,... | vec:TYPE:V,V,... |\n"
            "        buf:TYPE:COUNT[:zero|seq|rand:SEED[:LO:HI]], TYPE i8 u8 i16 u16 i32 u32 f32 i64 u64\n");
}

static _Noreturn void usage(void)
{
    usage_lines(stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    vgp_init("clcheck");
    const char *src = NULL, *kname = NULL;
    uint32_t g[3] = { 0, 0, 0 }, l[3] = { 1, 1, 1 };
    int have_g = 0, random_order = 1, pnr_mode = 2;
    uint64_t max_steps = 0;
    const char *pnr_seed = "1", *derive = NULL, *unroll = NULL;
    ArgSpec specs[VG_SRC_ARG_MAX];
    const char *spec_text[VG_SRC_ARG_MAX];
    int nspecs = 0;
    const char *cfgarg = "small", *seedarg = "1";
    /* -D values of any length: pointers to argv or to exact-size copies (NULL-terminated) */
    char **defs = calloc((size_t)argc + 1, sizeof *defs), **owned = calloc((size_t)argc + 1, sizeof *owned);
    int ndefs = 0, nowned = 0;
    if (!defs || !owned)
        die("out of memory");
    char err[600];
    static const char *const orders[] = { "index", "random", NULL };
    static const char *const pnr_modes[] = { "off", "require", "try", NULL };
    static const char *const derive_modes[] = { "cvu", "entry", "block", NULL };
    vga_t P;
    vga_init(&P, "clcheck", argc, argv, usage_lines);
    while (vga_next(&P)) {
        const char *a = P.arg;
        if (vga_is(&P, "-k")) kname = vga_str(&P);
        else if (vga_is(&P, "--global")) {
            const char *v = vga_str(&P);
            if (parse_dims(v, g)) vga_fail(&P, "--global '%s': expected G[,G[,G]], each >= 1", v);
            have_g = 1;
        } else if (vga_is(&P, "--local")) {
            const char *v = vga_str(&P);
            if (parse_dims(v, l)) vga_fail(&P, "--local '%s': expected L[,L[,L]], each >= 1", v);
        } else if (vga_is(&P, "--arg")) {
            const char *v = vga_str(&P);
            if (nspecs == VG_SRC_ARG_MAX) vga_fail(&P, "more than %d --arg", VG_SRC_ARG_MAX);
            spec_text[nspecs] = v;
            if (parse_arg(v, &specs[nspecs++], err, sizeof err)) vga_fail(&P, "--arg %s", err);
        } else if (vga_is(&P, "--configs")) cfgarg = vga_str(&P);
        else if (vga_is(&P, "--seeds")) seedarg = vga_str(&P);
        else if (vga_is(&P, "--order")) random_order = vga_choice(&P, orders);
        else if (vga_is(&P, "-D")) {
            const char *v = vga_str(&P);
            size_t n = strlen(v) + 3;
            char *d = malloc(n);
            if (!d) die("out of memory");
            snprintf(d, n, "-D%s", v);
            defs[ndefs++] = owned[nowned++] = d;
        } else if (!strncmp(a, "-D", 2)) defs[ndefs++] = (char *)a;
        else if (vga_is(&P, "-v")) verbose = 1;
        else if (vga_is(&P, "--pnr")) {
            int m = vga_choice(&P, pnr_modes);
            pnr_mode = m == 0 ? 0 : m == 1 ? 1 : 2;
        } else if (vga_is(&P, "--pnr-seed")) {
            pnr_seed = P.i + 1 < P.argc ? P.argv[P.i + 1] : NULL;
            vga_u64(&P, 0, UINT64_MAX);   /* checked here, passed to vgiwcc as written */
        } else if (vga_is(&P, "--derive")) derive = derive_modes[vga_choice(&P, derive_modes)];
        else if (vga_is(&P, "--unroll")) {   /* vgiwcc's --unroll K (docs/compiler.md "unroll.c") */
            unroll = vga_str(&P);
            (void)vga_parse_u64(&P, "--unroll", unroll, 0, 64);
        }
        else if (vga_is(&P, "--max-steps")) max_steps = vga_u64(&P, 0, UINT64_MAX);
        else if (vga_is(&P, "--timeout")) vgp_set_timeout((unsigned)vga_u64(&P, 0, 30u * 24 * 3600));
        else if (vga_is(&P, "-h") || vga_is(&P, "--help")) usage();
        else if (!vga_positional(&P)) vga_unknown(&P);
        else if (!src) src = a;
        else vga_fail(&P, "more than one kernel file ('%s', '%s')", src, a);
    }
    if (!src)
        vga_fail(&P, "no kernel file");
    if (!kname)
        vga_fail(&P, "-k NAME is required");
    if (!have_g)
        vga_fail(&P, "--global is required");
    for (int d = 0; d < 3; d++)
        if (g[d] % l[d])
            die("global size %u is not a multiple of local size %u (dimension %d)", g[d], l[d], d);
    char *cfgbuf = strdup(cfgarg), *seedbuf = strdup(seedarg);
    if (!cfgbuf || !seedbuf)
        die("out of memory");
    char *configs[3], *seeds[32];
    int ncfg = split_list(cfgbuf, configs, 3), nseeds = split_list(seedbuf, seeds, 32);
    if (ncfg < 0)
        vga_fail(&P, "--configs '%s': at most 3 configs", cfgarg);
    if (nseeds < 0)
        vga_fail(&P, "--seeds '%s': at most 32 seeds", seedarg);
    uint64_t seedv[32];
    for (int c = 0; c < ncfg; c++)
        if (!vgiw_preset_find(configs[c]))
            vga_fail(&P, "--configs '%s': unknown config '%s' (" VGIW_PRESET_NAMES ")", cfgarg, configs[c]);
    for (int i = 0; i < nseeds; i++)
        seedv[i] = vga_parse_u64(&P, "--seeds", seeds[i], 0, UINT64_MAX);
    /* Tools live next to this executable; the shim in ../native. */
    char dir[PATH_MAX], vgiwcc[PATH_MAX + 16], shim[PATH_MAX + 64];
    if (vg_self_dir(dir, sizeof dir) != 0)
        die("cannot locate own executable");
    snprintf(vgiwcc, sizeof vgiwcc, "%s/vgiwcc", dir);
    vgnb_shim_path(dir, shim, sizeof shim);
    if (vgp_mkdtemp("clcheck", tmpdir, sizeof tmpdir))
        die("cannot create a temporary directory");
    /* Compile for every config. */
    vg_image imgs[4];
    for (int c = 0; c < ncfg; c++) {
        char out[PATH_MAX + 32];
        snprintf(out, sizeof out, "%s/%s.vgiw", tmpdir, configs[c]);
        const char *cc[16] = { vgiwcc, src, "-k", kname, "--config", configs[c], "-q", "-o", out,
                               pnr_mode == 0 ? "--no-pnr" : pnr_mode == 2 ? "--pnr-optional" : "-q", "--seed", pnr_seed };
        int ncc = 12;
        if (derive) {
            cc[ncc++] = "--derive";
            cc[ncc++] = derive;
        }
        if (unroll) {
            cc[ncc++] = "--unroll";
            cc[ncc++] = unroll;
        }
        int rc = vgnb_run_tool(cc, ncc, defs, ndefs, verbose);
        if (rc < 0)
            die("out of memory");
        if (rc)
            die("vgiwcc failed (status %d)", rc);
        if (vg_image_load(out, &imgs[c], err, sizeof err))
            die("%s: %s", out, err);
    }
    const vg_kernel *k = &imgs[0].kernels[0];
    if ((int)k->nargs != nspecs)
        die("kernel '%s' takes %u arguments, %d --arg given", k->name, k->nargs, nspecs);
    Buf bufs[VG_SRC_ARG_MAX];
    memset(bufs, 0, sizeof bufs);
    uint32_t localb[VG_SRC_ARG_MAX] = { 0 };   /* __local pointer arguments: bytes */
    uint32_t next = 0x00010000u;
    for (uint32_t a = 0; a < k->nargs; a++) {
        const vg_arg *ka = &k->args[a];
        Buf *b = &bufs[a];
        b->spec = specs[a];
        /* the kernel's argument types are in the image */
        if (check_arg(&b->spec, spec_text[a], ka, a, err, sizeof err))
            die("%s", err);
        int want = arg_spec_kind(&b->spec);
        if (want == VG_ARG_STRUCT || b->spec.scalar64) {
            /* the interpreter reads it from memory, like a buffer that is never compared */
            b->bytes = b->spec.struct_bytes;
            b->base = next;
            next = (next + b->bytes + 4096 + 4095) & ~4095u;
            b->init = malloc(b->bytes);
            b->interp = malloc(b->bytes);
            if (!b->init || !b->interp)
                die("out of memory");
            memcpy(b->init, b->spec.sdata, b->bytes);
            continue;
        }
        if (want == VG_ARG_LOCAL) {
            /* native: one host region for every work-group (they run one after another) */
            b->native = calloc(1, b->spec.local_bytes);
            if (!b->native)
                die("out of memory");
            localb[a] = b->spec.local_bytes;
        }
        if (!b->spec.is_buf)
            continue;
        b->bytes = b->spec.count * type_size(b->spec.type);
        b->base = next;
        next = (next + b->bytes + 4096 + 4095) & ~4095u;
        if (next >= VI_LOCAL_BASE)
            die("buffers too large for the 32-bit address space");
        b->init = malloc(b->bytes);
        b->interp = malloc(b->bytes);
        b->native = mmap(NULL, b->bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (!b->init || !b->interp || b->native == MAP_FAILED)
            die("out of memory");
    }
    char so[PATH_MAX + 16];
    vgnb_build_opts nb = { src, k, 1, shim, (const char *const *)defs, tmpdir, verbose };
    if (vgnb_build(&nb, so, sizeof so, err, sizeof err))
        die("native build: %s", err);
    int passed = 0, failed = 0;
    for (int s = 0; s < nseeds; s++) {
        uint64_t seed = seedv[s];
        for (uint32_t a = 0; a < k->nargs; a++)
            if (bufs[a].spec.is_buf) {
                fill_buffer(&bufs[a].spec, bufs[a].init, seed);
                memcpy(bufs[a].native, bufs[a].init, bufs[a].bytes);
            }
        /* native: in a child, writing the shared mappings */
        void *nargs[VG_SRC_ARG_MAX];
        for (uint32_t a = 0; a < k->nargs; a++)
            nargs[a] = bufs[a].spec.is_buf || bufs[a].spec.local_bytes ? (void *)bufs[a].native
                       : bufs[a].spec.struct_bytes ? (void *)bufs[a].spec.sdata : (void *)&bufs[a].spec.scalar;
        /* The native reference runs only after the interpreter has accepted the kernel: the
         * interpreter's NDRange, bounds and step checks speak first (docs/compiler.md). */
        int native_done = 0, native_ok = 0;
        for (int c = 0; c < ncfg; c++) {
            const vg_kernel *kc = &imgs[c].kernels[0];
            vi_region regs[VG_SRC_ARG_MAX];
            uint32_t args[VG_SRC_ARG_MAX];
            vi_memory mem = { regs, 0 };
            for (uint32_t a = 0; a < k->nargs; a++) {
                if (bufs[a].spec.is_buf || bufs[a].spec.struct_bytes) {
                    memcpy(bufs[a].interp, bufs[a].init, bufs[a].bytes);
                    regs[mem.n++] = (vi_region){ bufs[a].base, bufs[a].bytes, bufs[a].interp, k->args[a].name };
                    args[a] = bufs[a].base;
                } else {
                    args[a] = bufs[a].spec.scalar;
                }
            }
            /* the kernel's constant data (docs/compiler.md "Constant tables"): a region after
             * the buffers, its address the launch value after the last argument */
            uint8_t *cdata = NULL;
            if (kc->const_bytes) {
                if ((uint64_t)next + kc->const_bytes >= VI_LOCAL_BASE || !(cdata = malloc(kc->const_bytes)))
                    die("no room for %u bytes of constant data", kc->const_bytes);
                memcpy(cdata, kc->const_data, kc->const_bytes);
                regs[mem.n++] = (vi_region){ next, kc->const_bytes, cdata, "constant data" };
                args[kc->nargs] = next;
            }
            uint32_t local_stride;   /* __local pointer arguments' offsets go into args */
            if (vg_local_layout(kc, localb, args, &local_stride, err, sizeof err))
                die("%s", err);
            /* mode 0: the graphs; mode 1: the placed-and-routed configurations themselves */
            int has_pnr = 1;
            for (uint32_t b = 0; b < kc->nblocks; b++)
                has_pnr &= kc->blocks[b].pnr.nwords != 0;
            for (int mode = 0; mode < 2; mode++) {
                if (mode == 1 && (pnr_mode == 0 || (pnr_mode == 2 && !has_pnr)))
                    break;
                for (uint32_t a = 0; a < k->nargs; a++)
                    if (bufs[a].spec.is_buf || bufs[a].spec.struct_bytes)
                        memcpy(bufs[a].interp, bufs[a].init, bufs[a].bytes);
                vi_launch L = { 0 };
                memcpy(L.global, g, sizeof g);
                memcpy(L.local, l, sizeof l);
                L.args = args;
                L.local_stride = local_stride;
                L.mem = &mem;
                L.random_order = random_order;
                L.seed = seed;
                L.max_steps = max_steps;
                L.pnr_preset = mode ? vgiw_preset_find(imgs[c].config) : NULL;
                int ok = 1;
                if (mode == 1 && !has_pnr) {
                    fprintf(stderr, "clcheck: config %s: kernel not placed and routed\n", configs[c]);
                    ok = 0;
                } else if (mode == 1 && !L.pnr_preset) {
                    fprintf(stderr, "clcheck: unknown preset '%s' in the image\n", imgs[c].config);
                    ok = 0;
                } else if (vi_run(kc, &L, err, sizeof err)) {
                    fprintf(stderr, "clcheck: interpreter (%s): %s\n", mode ? "pnr" : "dfg", err);
                    ok = 0;
                } else if (!native_done && (native_done = 1) &&
                           !(native_ok = vgnb_run(so, k->name, nargs, g, l, err, sizeof err) == VGNB_OK)) {
                    fprintf(stderr, "clcheck: %s\n", err);
                    ok = 0;
                } else if (!native_ok) {
                    ok = 0;
                } else if (compare(k, bufs)) {
                    ok = 0;
                }
                uint32_t reps = 0;
                for (uint32_t b = 0; b < kc->nblocks; b++)
                    reps += kc->blocks[b].pnr.replicas;
                printf("%s %s %s config=%s mode=%s seed=%llu global=%u,%u,%u local=%u,%u,%u (%u blocks, %u LVs, %u replicas, %llu block runs)\n",
                       ok ? "PASSED" : "FAILED", src, k->name, configs[c], mode ? "pnr" : "dfg", (unsigned long long)seed,
                       g[0], g[1], g[2], l[0], l[1], l[2], kc->nblocks, kc->lv_count, reps,
                       (unsigned long long)L.sched_rounds);
                if (ok) passed++; else failed++;
            }
            free(cdata);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    for (uint32_t a = 0; a < k->nargs; a++) {
        free(bufs[a].init);
        free(bufs[a].interp);
        if (bufs[a].native && bufs[a].spec.local_bytes)
            free(bufs[a].native);
        else if (bufs[a].native)
            munmap(bufs[a].native, bufs[a].bytes);
    }
    for (int c = 0; c < ncfg; c++)
        vg_image_free(&imgs[c]);
    for (int i = 0; i < nowned; i++)
        free(owned[i]);
    free(owned);
    free(defs);
    free(cfgbuf);
    free(seedbuf);
    cleanup();
    return failed ? 1 : 0;
}

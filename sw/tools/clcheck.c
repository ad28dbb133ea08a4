/* clcheck: compile an OpenCL C kernel with vgiwcc, run the image in the functional
 * interpreter and the same source natively (clang-19 for the host + sw/native shim) on
 * identical inputs, and compare every buffer bit-exactly (f32: any NaN equals any NaN).
 *
 *   clcheck KERNEL.cl -k NAME --global G[,G,G] [--local L[,L,L]] --arg SPEC...
 *           [--configs tiny,small,paper] [--seeds 1,2,...] [--order random|index]
 *           [-D NAME[=VAL]] [-v]
 *   SPEC: i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | struct:TYPE=V,... | buf:TYPE:COUNT[:INIT]
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
#include "ndrange.h"
#include "vgiw_arith.h"
#include "vgiw_image.h"

static char tmpdir[PATH_MAX];
static int verbose;

static void cleanup(void)
{
    if (!tmpdir[0])
        return;
    vgnb_clean(tmpdir);
    static const char *const files[] = { "tiny.vgiw", "small.vgiw", "paper.vgiw" };
    char p[PATH_MAX + 32];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", tmpdir, files[i]);
        unlink(p);
    }
    rmdir(tmpdir);
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

static int split_list(char *s, char **out, int max)
{
    int n = 0;
    for (char *t = strtok(s, ","); t && n < max; t = strtok(NULL, ","))
        out[n++] = t;
    return n;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: clcheck KERNEL.cl -k NAME --global G[,G,G] [--local L[,L,L]] --arg SPEC...\n"
            "               [--configs tiny,small,paper] [--seeds 1,2,...] [--order random|index] [-D X=Y] [-v]\n"
            "               [--pnr off|try|require] [--pnr-seed N] [--derive entry|block]\n"
            "  SPEC: i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | buf:TYPE:COUNT[:zero|seq|rand:SEED[:LO:HI]]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *src = NULL, *kname = NULL;
    uint32_t g[3] = { 0, 0, 0 }, l[3] = { 1, 1, 1 };
    int have_g = 0, random_order = 1, pnr_mode = 2;
    const char *pnr_seed = "1", *derive = NULL;
    ArgSpec specs[VG_SRC_ARG_MAX];
    int nspecs = 0;
    char cfgbuf[128] = "small", seedbuf[256] = "1";
    char **defs = calloc((size_t)argc + 1, sizeof *defs);
    int ndefs = 0;
    char err[512];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (!strcmp(a, "-k") && more) kname = argv[++i];
        else if (!strcmp(a, "--global") && more) {
            if (parse_dims(argv[++i], g)) die("bad --global '%s' (G[,G[,G]], each >= 1)", argv[i]);
            have_g = 1;
        } else if (!strcmp(a, "--local") && more) {
            if (parse_dims(argv[++i], l)) die("bad --local '%s' (L[,L[,L]], each >= 1)", argv[i]);
        } else if (!strcmp(a, "--arg") && more) {
            if (nspecs == VG_SRC_ARG_MAX) die("too many --arg");
            if (parse_arg(argv[++i], &specs[nspecs++], err, sizeof err)) die("bad --arg: %s", err);
        } else if (!strcmp(a, "--configs") && more) snprintf(cfgbuf, sizeof cfgbuf, "%s", argv[++i]);
        else if (!strcmp(a, "--seeds") && more) snprintf(seedbuf, sizeof seedbuf, "%s", argv[++i]);
        else if (!strcmp(a, "--order") && more) {
            i++;
            if (!strcmp(argv[i], "random")) random_order = 1;
            else if (!strcmp(argv[i], "index")) random_order = 0;
            else die("bad --order '%s'", argv[i]);
        } else if (!strncmp(a, "-D", 2)) {
            if (!a[2] && !more) usage();
            defs[ndefs++] = a[2] ? (char *)a : NULL;
            if (!a[2]) {
                static char dbuf[64][256];
                if (ndefs > 64) die("too many -D");
                snprintf(dbuf[ndefs - 1], sizeof dbuf[0], "-D%s", argv[++i]);
                defs[ndefs - 1] = dbuf[ndefs - 1];
            }
        } else if (!strcmp(a, "-v")) verbose = 1;
        else if (!strcmp(a, "--pnr") && more) {
            i++;
            if (!strcmp(argv[i], "off")) pnr_mode = 0;
            else if (!strcmp(argv[i], "try")) pnr_mode = 2;
            else if (!strcmp(argv[i], "require")) pnr_mode = 1;
            else die("bad --pnr '%s' (off, try, require)", argv[i]);
        } else if (!strcmp(a, "--pnr-seed") && more) pnr_seed = argv[++i];
        else if (!strcmp(a, "--derive") && more) derive = argv[++i];
        else if (a[0] == '-') { fprintf(stderr, "clcheck: unknown option '%s'\n", a); usage(); }
        else if (!src) src = a;
        else usage();
    }
    if (!src || !kname || !have_g)
        usage();
    for (int d = 0; d < 3; d++)
        if (g[d] % l[d])
            die("global size %u is not a multiple of local size %u (dimension %d)", g[d], l[d], d);
    char *configs[4], *seeds[32];
    int ncfg = split_list(cfgbuf, configs, 4), nseeds = split_list(seedbuf, seeds, 32);
    if (!ncfg || !nseeds)
        usage();
    /* Tools live next to this executable; the shim in ../native. */
    char dir[PATH_MAX], vgiwcc[PATH_MAX + 16], shim[PATH_MAX + 64];
    if (vg_self_dir(dir, sizeof dir) != 0)
        die("cannot locate own executable");
    snprintf(vgiwcc, sizeof vgiwcc, "%s/vgiwcc", dir);
    vgnb_shim_path(dir, shim, sizeof shim);
    const char *td = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/clcheck-XXXXXX", td && *td ? td : "/tmp");
    if (!mkdtemp(tmpdir)) {
        tmpdir[0] = 0;
        die("cannot create a temporary directory");
    }
    /* Compile for every config. */
    vg_image imgs[4];
    for (int c = 0; c < ncfg; c++) {
        char out[PATH_MAX + 32];
        snprintf(out, sizeof out, "%s/%s.vgiw", tmpdir, configs[c]);
        if (strcmp(configs[c], "tiny") && strcmp(configs[c], "small") && strcmp(configs[c], "paper"))
            die("unknown config '%s'", configs[c]);
        char *cc[80] = { vgiwcc, (char *)src, "-k", (char *)kname, "--config", configs[c], "-q", "-o", out,
                         pnr_mode == 0 ? "--no-pnr" : pnr_mode == 2 ? "--pnr-optional" : "-q", "--seed", (char *)pnr_seed };
        int n = 12;
        if (derive) {
            cc[n++] = "--derive";
            cc[n++] = (char *)derive;
        }
        for (int i = 0; i < ndefs && n < 78; i++)
            cc[n++] = defs[i];
        cc[n] = NULL;
        int rc = vgnb_run_cmd(cc, verbose);
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
        int want = arg_spec_kind(&b->spec);
        char msg[300];
        if (arg_spec_check(&b->spec, ka, a, msg, sizeof msg))
            die("%s", msg);
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
        if (ka->type != VG_T_OTHER && type_size(ka->type) != type_size(b->spec.type))
            die("argument %u '%s' has %s elements, got %s-sized ones", a, ka->name, vg_type_name(ka->type),
                vg_type_name(b->spec.type));
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
        uint64_t seed = strtoull(seeds[s], NULL, 10);
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
        int nrc = vgnb_run(so, k->name, nargs, g, l, err, sizeof err), native_ok = nrc == VGNB_OK;
        if (nrc == VGNB_ERR_FORK)
            die("%s", err);
        if (!native_ok)
            fprintf(stderr, "clcheck: %s\n", err);
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
                L.pnr_preset = mode ? vgiw_preset_find(imgs[c].config) : NULL;
                int ok = native_ok;
                if (mode == 1 && !has_pnr) {
                    fprintf(stderr, "clcheck: config %s: kernel not placed and routed\n", configs[c]);
                    ok = 0;
                } else if (mode == 1 && !L.pnr_preset) {
                    fprintf(stderr, "clcheck: unknown preset '%s' in the image\n", imgs[c].config);
                    ok = 0;
                } else if (vi_run(kc, &L, err, sizeof err)) {
                    fprintf(stderr, "clcheck: interpreter (%s): %s\n", mode ? "pnr" : "dfg", err);
                    ok = 0;
                } else if (ok && compare(k, bufs)) {
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
    free(defs);
    cleanup();
    return failed ? 1 : 0;
}

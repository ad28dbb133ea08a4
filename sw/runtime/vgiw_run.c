/* vgiw-run: run any OpenCL C kernel on a VGIW device without writing host code, and check
 * every buffer bit-exactly against native host execution of the same source
 * (docs/runtime.md).
 *
 *   vgiw-run KERNEL.cl [-k NAME] --global G[,G,G] [--local L[,L,L]] --arg SPEC...
 *            [--config tiny|small|paper] [--engine rtl|interp] [--stats F.json] [--waves F.fst]
 *            [--dump DIR] [-D NAME[=VAL]] [--max-cycles N] [--progress] [-v]
 *   SPEC: i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | struct:TYPE=V,... | buf:TYPE:COUNT[:INIT]
 *         TYPE i8 u8 i16 u16 i32 u32 f32 i64 u64; INIT zero | seq | rand:SEED[:LO:HI] | file:PATH
 *
 * Prints PASSED/FAILED and the cycles; exit status 0 on PASSED, 1 on a mismatch or a device
 * or native failure, 2 on a usage error (with a message saying what is wrong). --dump DIR
 * writes argN.in.bin and argN.out.bin (raw little-endian) for every buffer argument. */
#define _GNU_SOURCE
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../tools/ndrange.h"
#include "vgiw_arith.h"
#include "native_build.h"
#include "self_dir.h"
#include "vgiw_image.h"
#include "vgiw_presets.h"
#include "vgiw_rt.h"

#define MAXARGS 32

static char tmpdir[PATH_MAX];
static int verbose;

static void cleanup(void)
{
    if (!tmpdir[0])
        return;
    vgnb_clean(tmpdir);
    char p[PATH_MAX + 32];
    snprintf(p, sizeof p, "%s/k.vgiw", tmpdir);
    unlink(p);
    rmdir(tmpdir);
    tmpdir[0] = 0;
}

static _Noreturn void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static _Noreturn void usage_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "vgiw-run: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nusage: vgiw-run KERNEL.cl [-k NAME] --global G[,G,G] [--local L[,L,L]] --arg SPEC...\n"
                    "         [--config tiny|small|paper] [--engine rtl|interp] [--stats F.json] [--waves F.fst]\n"
                    "         [--dump DIR] [-D NAME[=VAL]] [--max-cycles N] [--progress] [-v]\n"
                    "  SPEC: i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | struct:TYPE=V,... | buf:TYPE:COUNT[:INIT],\n"
                    "        TYPE i8 u8 i16 u16 i32 u32 f32 i64 u64,\n"
                    "        INIT zero | seq | rand:SEED[:LO:HI] | file:PATH\n");
    cleanup();
    exit(2);
}

static _Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static _Noreturn void die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "vgiw-run: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    printf("FAILED\n");
    cleanup();
    exit(1);
}

/* vgiwcc and the shim are next to vgiw-run (build/sw/bin); VGIW_SW_BIN overrides */
static void tools_dir(char *out, size_t len)
{
    const char *env = getenv("VGIW_SW_BIN");
    if (env && *env)
        snprintf(out, len, "%s", env);
    else if (vg_self_dir(out, len) != 0)
        snprintf(out, len, "build/sw/bin");
}

typedef struct {
    ArgSpec spec;
    size_t bytes;
    uint8_t *init, *dev, *native;   /* native: shared mapping written by the child */
} Buf;

/* Argument kinds other than buffers (local:BYTES, struct:..., i64:V/u64:V, 32-bit scalars),
 * in one place: what native execution gets, and how the device's argument is set. */
static void *native_arg(Buf *b)
{
    if (b->spec.is_buf)
        return b->native;
    if (b->spec.local_bytes) {   /* one host region serves every work-group (they run one after another) */
        if (!b->init && !(b->init = calloc(1, b->spec.local_bytes)))
            die("out of memory");
        return b->init;
    }
    if (b->spec.struct_bytes)    /* structs and 64-bit scalars: their bytes */
        return b->spec.sdata;
    return &b->spec.scalar;
}

static int set_device_arg(vrt_device *d, vrt_kernel kh, unsigned a, const ArgSpec *s)
{
    if (s->local_bytes)
        return vrt_set_arg_local(d, kh, a, s->local_bytes);
    if (s->scalar64) {
        uint64_t v64;
        memcpy(&v64, s->sdata, 8);
        return vrt_set_arg_u64(d, kh, a, v64);
    }
    if (s->struct_bytes)
        return vrt_set_arg_struct(d, kh, a, s->sdata, s->struct_bytes);
    return vrt_set_arg_u32(d, kh, a, s->scalar);
}

static void dump(const char *dir, unsigned a, const char *what, const uint8_t *p, size_t n)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/arg%u.%s.bin", dir, a, what);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n)
        die("cannot write %s", path);
    fclose(f);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *src = NULL, *kname = NULL, *config = "small", *engine = "rtl", *stats = NULL, *waves = NULL,
               *dumpdir = NULL;
    uint32_t g[3] = { 0, 0, 0 }, l[3] = { 1, 1, 1 };
    int have_g = 0, have_l = 0, nspec = 0, ndefs = 0;
    char *specs[MAXARGS], *defs[33] = { 0 };   /* NULL-terminated */
    uint64_t max_cycles = 0;
    int progress = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "-k") || !strcmp(a, "--global") || !strcmp(a, "--local") || !strcmp(a, "--arg") ||
                    !strcmp(a, "--config") || !strcmp(a, "--engine") || !strcmp(a, "--stats") ||
                    !strcmp(a, "--waves") || !strcmp(a, "--dump") || !strcmp(a, "-D") || !strcmp(a, "--max-cycles");
        if (takes && !v)
            usage_error("%s needs a value", a);
        if (!strcmp(a, "-k")) kname = argv[++i];
        else if (!strcmp(a, "--global")) {
            if (parse_dims(argv[++i], g))
                usage_error("--global '%s': expected G[,G,G], positive integers", argv[i]);
            have_g = 1;
        } else if (!strcmp(a, "--local")) {
            if (parse_dims(argv[++i], l))
                usage_error("--local '%s': expected L[,L,L], positive integers", argv[i]);
            have_l = 1;
        } else if (!strcmp(a, "--arg")) {
            if (nspec == MAXARGS)
                usage_error("more than %d --arg", MAXARGS);
            specs[nspec++] = argv[++i];
        } else if (!strcmp(a, "--config")) config = argv[++i];
        else if (!strcmp(a, "--engine")) engine = argv[++i];
        else if (!strcmp(a, "--stats")) stats = argv[++i];
        else if (!strcmp(a, "--waves")) waves = argv[++i];
        else if (!strcmp(a, "--dump")) dumpdir = argv[++i];
        else if (!strcmp(a, "--max-cycles")) {
            char *end;
            max_cycles = strtoull(argv[++i], &end, 0);
            if (*end || argv[i][0] == '-' || !argv[i][0])
                usage_error("--max-cycles '%s': not a number", argv[i]);
        } else if (!strcmp(a, "-D")) {
            static char dbuf[32][160];
            if (ndefs == 32)
                usage_error("too many -D");
            snprintf(dbuf[ndefs], sizeof dbuf[0], "-D%s", argv[++i]);
            defs[ndefs] = dbuf[ndefs];
            ndefs++;
        } else if (!strcmp(a, "--progress")) progress = 1;
        else if (!strcmp(a, "-v")) verbose = 1;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) usage_error("help");
        else if (a[0] == '-') usage_error("unknown option '%s'", a);
        else if (src) usage_error("more than one kernel file ('%s', '%s')", src, a);
        else src = a;
    }
    if (!src)
        usage_error("no kernel file");
    if (!have_g)
        usage_error("--global is required");
    (void)have_l;
    for (int dd = 0; dd < 3; dd++)
        if (g[dd] % l[dd])
            usage_error("global size %u is not a multiple of local size %u (dimension %d)", g[dd], l[dd], dd);
    if (strcmp(engine, "rtl") && strcmp(engine, "interp"))
        usage_error("--engine '%s': rtl or interp", engine);
    if (!vgiw_preset_find(config))
        usage_error("--config '%s': tiny, small or paper", config);
    if (access(src, R_OK))
        usage_error("cannot read kernel file '%s'", src);
    /* argument specs: file:PATH is handled here, the rest by clcheck's parser */
    Buf bufs[MAXARGS];
    memset(bufs, 0, sizeof bufs);
    const char *files[MAXARGS] = { 0 };
    for (int a = 0; a < nspec; a++) {
        char err[300], tmp[300];
        const char *s = specs[a];
        char *fp = strstr(specs[a], ":file:");
        if (!strncmp(s, "buf:", 4) && fp) {
            snprintf(tmp, sizeof tmp, "%.*s", (int)(fp - s), s);
            files[a] = fp + 6;
            s = tmp;
        }
        if (parse_arg(s, &bufs[a].spec, err, sizeof err))
            usage_error("--arg %s", err);
        if (files[a] && !*files[a])
            usage_error("--arg '%s': file:PATH needs a path", specs[a]);
    }

    const char *td = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/vgiw-run-XXXXXX", td && *td ? td : "/tmp");
    if (!mkdtemp(tmpdir)) {
        tmpdir[0] = 0;
        die("cannot create a temporary directory");
    }
    char dir[PATH_MAX], cc[PATH_MAX + 16], img[PATH_MAX + 16], shim[PATH_MAX + 64];
    tools_dir(dir, sizeof dir);
    snprintf(cc, sizeof cc, "%s/vgiwcc", dir);
    snprintf(img, sizeof img, "%s/k.vgiw", tmpdir);
    char *cargv[64] = { cc, (char *)src, "-q", "-o", img, "--config", (char *)config };
    int n = 7;
    if (kname) {
        cargv[n++] = "-k";
        cargv[n++] = (char *)kname;
    }
    for (int i = 0; i < ndefs; i++)
        cargv[n++] = defs[i];
    cargv[n] = NULL;
    if (vgnb_run_cmd(cargv, verbose))
        die("vgiwcc failed on %s", src);
    vg_image image;
    char err[512];
    if (vg_image_load(img, &image, err, sizeof err))
        die("%s", err);
    const vg_kernel *k = NULL;
    if (kname) {
        for (uint32_t i = 0; i < image.nkernels; i++)
            if (!strcmp(image.kernels[i].name, kname))
                k = &image.kernels[i];
        if (!k) {
            vg_image_free(&image);
            usage_error("no kernel '%s' in %s", kname, src);
        }
    } else if (image.nkernels != 1) {
        uint32_t nk = image.nkernels;
        vg_image_free(&image);
        usage_error("%s has %u kernels: name one with -k", src, nk);
    } else {
        k = &image.kernels[0];
    }
    if ((int)k->nargs != nspec) {
        fprintf(stderr, "vgiw-run: kernel '%s' takes %u arguments:", k->name, k->nargs);
        for (uint32_t a = 0; a < k->nargs; a++)
            fprintf(stderr, " %s (%s)", k->args[a].name, arg_kind_name(k->args[a].kind));
        fprintf(stderr, "; %d --arg given\n", nspec);
        vg_image_free(&image);
        usage_error("wrong argument count");
    }
    for (uint32_t a = 0; a < k->nargs; a++) {
        char msg[300];
        if (arg_spec_check(&bufs[a].spec, &k->args[a], a, msg, sizeof msg)) {
            vg_image_free(&image);
            usage_error("--arg '%s': %s", specs[a], msg);
        }
    }
    /* buffers: initial contents, a device copy, a native shared mapping */
    for (uint32_t a = 0; a < k->nargs; a++) {
        Buf *b = &bufs[a];
        if (!b->spec.is_buf)
            continue;
        b->bytes = (size_t)b->spec.count * type_size(b->spec.type);
        b->init = calloc(1, b->bytes);
        b->dev = calloc(1, b->bytes);
        b->native = mmap(NULL, b->bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (!b->init || !b->dev || b->native == MAP_FAILED)
            die("out of memory");
        if (files[a]) {
            FILE *f = fopen(files[a], "rb");
            if (!f)
                usage_error("--arg '%s': cannot open '%s'", specs[a], files[a]);
            size_t got = fread(b->init, 1, b->bytes, f);
            fclose(f);
            if (got != b->bytes)
                usage_error("--arg '%s': '%s' holds %zu bytes, %zu needed", specs[a], files[a], got, b->bytes);
        } else {
            fill_buffer(&b->spec, b->init, 0);
        }
        memcpy(b->native, b->init, b->bytes);
    }
    /* native golden execution */
    vgnb_shim_path(dir, shim, sizeof shim);
    char so[PATH_MAX + 16];
    vgnb_build_opts nb = { src, k, 1, shim, (const char *const *)defs, tmpdir, verbose };
    if (vgnb_build(&nb, so, sizeof so, err, sizeof err))
        die("native build: %s", err);
    void *nargs[MAXARGS];
    for (uint32_t a = 0; a < k->nargs; a++)
        nargs[a] = native_arg(&bufs[a]);
    if (vgnb_run(so, k->name, nargs, g, l, err, sizeof err)) {
        fprintf(stderr, "vgiw-run: %s\n", err);
        die("native execution failed");
    }
    /* the device */
    vrt_options o;
    vrt_options_init(&o);
    o.backend = engine;
    o.config = config;
    o.waves = waves;
    o.max_cycles = max_cycles;
    o.progress = progress;
    vrt_device *d = NULL;
    if (vrt_open(&o, &d, err, sizeof err))
        die("%s", err);
    vrt_program p;
    vrt_kernel kh;
    int rc = vrt_program_load(d, img, &p);
    if (!rc)
        rc = vrt_kernel_create(d, p, k->name, &kh);
    vrt_buf hb[MAXARGS] = { 0 };
    for (uint32_t a = 0; !rc && a < k->nargs; a++) {
        Buf *b = &bufs[a];
        if (b->spec.is_buf) {
            rc = vrt_alloc(d, b->bytes, &hb[a]);
            if (!rc)
                rc = vrt_write(d, hb[a], 0, b->init, b->bytes);
            if (!rc)
                rc = vrt_set_arg_buf(d, kh, a, hb[a]);
        } else {
            rc = set_device_arg(d, kh, a, &b->spec);
        }
    }
    unsigned dims = g[2] > 1 || l[2] > 1 ? 3 : g[1] > 1 || l[1] > 1 ? 2 : 1;
    if (!rc)
        rc = vrt_run(d, kh, dims, g, l);
    for (uint32_t a = 0; !rc && a < k->nargs; a++)
        if (bufs[a].spec.is_buf)
            rc = vrt_read(d, hb[a], 0, bufs[a].dev, bufs[a].bytes);
    if (rc) {
        fprintf(stderr, "vgiw-run: %s: %s\n", engine, vrt_error(d));
        vrt_close(d);
        vg_image_free(&image);
        die("%s engine error (%s)", engine, vrt_status_name(rc));
    }
    vrt_stats s;
    vrt_stats_get(d, &s, NULL);
    /* compare every buffer bit-exactly (f32: any NaN equals any NaN) */
    int bad = 0;
    for (uint32_t a = 0; a < k->nargs; a++) {
        Buf *b = &bufs[a];
        if (!b->spec.is_buf)
            continue;
        bad += compare_buffer(k->args[a].name, &b->spec, b->dev, engine, b->native, "native", 8) != 0;
        if (dumpdir) {
            mkdir(dumpdir, 0777);
            dump(dumpdir, a, "in", b->init, b->bytes);
            dump(dumpdir, a, "out", b->dev, b->bytes);
        }
    }
    if (stats) {
        FILE *f = fopen(stats, "w");
        if (f) {
            fprintf(f, "{\n  \"kernel\": \"%s\",\n  \"engine\": \"%s\",\n  \"config\": \"%s\",\n  \"counters\": {\n",
                    k->name, engine, config);
            vrt_stats_json(f, &s, "    ");
            fprintf(f, "\n  }\n}\n");
            fclose(f);
        } else {
            fprintf(stderr, "vgiw-run: cannot write %s\n", stats);
            bad++;
        }
    }
    printf("%s %s kernel '%s' on %s (%s): global %u,%u,%u local %u,%u,%u, %llu cycles, %llu tiles, %llu blocks "
           "executed\n", bad ? "FAILED" : "PASSED", src, k->name, engine, config, g[0], g[1], g[2], l[0], l[1], l[2],
           (unsigned long long)s.cycles, (unsigned long long)s.tiles, (unsigned long long)s.block_execs_total);
    vrt_close(d);
    for (uint32_t a = 0; a < k->nargs; a++)
        if (bufs[a].spec.is_buf) {
            free(bufs[a].init);
            free(bufs[a].dev);
            munmap(bufs[a].native, bufs[a].bytes);
        } else {
            free(bufs[a].init);   /* local:BYTES native region, or NULL */
        }
    vg_image_free(&image);
    cleanup();
    return bad ? 1 : 0;
}

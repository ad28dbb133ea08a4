/* vgiw-run: run any OpenCL C kernel on a VGIW device without writing host code, and check
 * every buffer bit-exactly against native host execution of the same source
 * (docs/runtime.md).
 *
 *   vgiw-run KERNEL.cl [-k NAME] --global G[,G,G] [--local L[,L,L]] --arg SPEC...
 *            [--config PRESET] [--engine rtl|interp|simt|fpga] [--stats F.json] [--waves F.fst]
 *            [--port PATH [--baud N] [--link-timeout-ms MS]] [--dump DIR] [-D NAME[=VAL]] [--max-cycles N] [--max-steps N] [--timeout S] [--progress] [-v]
 *   SPEC: i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | struct:TYPE=V,... | vec:TYPE:V,V,... | buf:TYPE:COUNT[:INIT]
 *         TYPE i8 u8 i16 u16 i32 u32 f32 i64 u64; INIT zero | seq | rand:SEED[:LO:HI] | file:PATH
 *
 * The interpreter runs first (with --engine rtl or fpga too, as a guard), then the device, then the
 * native reference: the interpreter's NDRange, bounds and step checks name a bad kernel
 * before a native run could hang or damage itself. Every child (vgiwcc, clang, the native
 * run, the device process) is limited in time and dies with vgiw-run (sw/lib/vg_proc.h).
 * Specs are checked against the kernel's argument types in the image.
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

#include "ndrange.h"
#include "vgiw_arith.h"
#include "native_build.h"
#include "self_dir.h"
#include "vg_args.h"
#include "vg_file.h"
#include "vg_proc.h"
#include "vgiw_image.h"
#include "vgiw_presets.h"
#include "vgiw_hostlink.h"   /* VGIW_HL_BAUD: the board's line speed */
#include "vgiw_rt.h"

#define MAXARGS 32

static char tmpdir[PATH_MAX];
static int verbose;

static void cleanup(void)
{
    if (!tmpdir[0])
        return;
    vgp_rmdir(tmpdir);
    tmpdir[0] = 0;
}

static void usage_lines(FILE *f)
{
    fprintf(f, "usage: vgiw-run KERNEL.cl [-k NAME] --global G[,G,G] [--local L[,L,L]] --arg SPEC...\n"
               "         [--config PRESET] [--engine rtl|interp|simt|fpga] [--stats F.json] [--waves F.fst]\n"
               "         [--port PATH [--baud N] [--link-timeout-ms MS]] (fpga: the board's serial port)\n"
               "         [--dump DIR] [-D NAME[=VAL]] [--max-cycles N] [--max-steps N] [--timeout S] [--progress] [-v]\n"
               "  SPEC: i32:V | u32:V | f32:V | i64:V | u64:V | local:BYTES | struct:TYPE=V,... | vec:TYPE:V,V,... | buf:TYPE:COUNT[:INIT],\n"
               "        TYPE i8 u8 i16 u16 i32 u32 f32 i64 u64,\n"
               "        INIT zero | seq | rand:SEED[:LO:HI] | file:PATH\n");
}

static _Noreturn void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static _Noreturn void usage_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "vgiw-run: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    usage_lines(stderr);
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
    vgp_init("vgiw-run");
    const char *src = NULL, *kname = NULL, *config = "small", *engine = "rtl", *stats = NULL, *waves = NULL,
               *dumpdir = NULL;
    uint32_t g[3] = { 0, 0, 0 }, l[3] = { 1, 1, 1 };
    int have_g = 0, have_l = 0, nspec = 0, ndefs = 0;
    char *specs[MAXARGS];
    /* -D values are any length: pointers into a list sized by argc (NULL-terminated) */
    char **defs = calloc((size_t)argc + 1, sizeof *defs);
    if (!defs)
        die("out of memory");
    uint64_t max_cycles = 0, max_steps = 0;
    int progress = 0;
    static const char *const engines[] = { "rtl", "interp", "simt", "fpga", NULL };
    const char *port = NULL;
    unsigned baud = VGIW_HL_BAUD, link_ms = 0;
    vga_t P;
    vga_init(&P, "vgiw-run", argc, argv, usage_lines);
    while (vga_next(&P)) {
        const char *a = P.arg;
        if (vga_is(&P, "-k")) kname = vga_str(&P);
        else if (vga_is(&P, "--global")) {
            const char *v = vga_str(&P);
            if (parse_dims(v, g))
                usage_error("--global '%s': expected G[,G,G], positive integers", v);
            have_g = 1;
        } else if (vga_is(&P, "--local")) {
            const char *v = vga_str(&P);
            if (parse_dims(v, l))
                usage_error("--local '%s': expected L[,L,L], positive integers", v);
            have_l = 1;
        } else if (vga_is(&P, "--arg")) {
            const char *v = vga_str(&P);
            if (nspec == MAXARGS)
                usage_error("more than %d --arg", MAXARGS);
            specs[nspec++] = (char *)v;
        } else if (vga_is(&P, "--config")) config = vga_str(&P);
        else if (vga_is(&P, "--engine")) engine = engines[vga_choice(&P, engines)];
        else if (vga_is(&P, "--stats")) stats = vga_str(&P);
        else if (vga_is(&P, "--port")) port = vga_str(&P);
        else if (vga_is(&P, "--baud")) baud = (unsigned)vga_u64(&P, 0, 3000000);
        else if (vga_is(&P, "--link-timeout-ms")) link_ms = (unsigned)vga_u64(&P, 1, 3600000);
        else if (vga_is(&P, "--waves")) waves = vga_str(&P);
        else if (vga_is(&P, "--dump")) dumpdir = vga_str(&P);
        else if (vga_is(&P, "--max-cycles")) max_cycles = vga_u64(&P, 0, UINT64_MAX);
        else if (vga_is(&P, "--max-steps")) max_steps = vga_u64(&P, 0, UINT64_MAX);
        else if (vga_is(&P, "--timeout")) vgp_set_timeout((unsigned)vga_u64(&P, 0, 30u * 24 * 3600));
        else if (vga_is(&P, "-D") || (!strncmp(a, "-D", 2) && a[2])) {
            const char *v = a[2] ? a + 2 : vga_str(&P);
            size_t n = strlen(v) + 3;
            defs[ndefs] = malloc(n);
            if (!defs[ndefs])
                die("out of memory");
            snprintf(defs[ndefs++], n, "-D%s", v);
        } else if (vga_is(&P, "--progress")) progress = 1;
        else if (vga_is(&P, "-v")) verbose = 1;
        else if (vga_is(&P, "-h") || vga_is(&P, "--help")) usage_error("help");
        else if (!vga_positional(&P)) vga_unknown(&P);
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
    if (waves && strcmp(engine, "rtl") && strcmp(engine, "simt"))
        usage_error("--waves: only the rtl and simt engines write waveforms (--engine %s)", engine);
    if (!strcmp(engine, "fpga") && !port)
        usage_error("--engine fpga needs --port PATH (the board's serial port)");
    if (port && strcmp(engine, "fpga"))
        usage_error("--port: only the fpga engine uses a serial port (--engine %s)", engine);
    if (!vgiw_preset_find(config))
        usage_error("--config '%s': tiny, small or paper", config);
    if (access(src, R_OK))
        usage_error("cannot read kernel file '%s'", src);
    /* argument specs: file:PATH is handled here, the rest by the table of kinds (ndrange.c) */
    Buf bufs[MAXARGS];
    memset(bufs, 0, sizeof bufs);
    const char *files[MAXARGS] = { 0 };
    for (int a = 0; a < nspec; a++) {
        char err[600];
        const char *s = specs[a];
        char *fp = strstr(specs[a], ":file:"), *head = NULL;
        if (!strncmp(s, "buf:", 4) && fp) {
            head = strndup(s, (size_t)(fp - s));
            if (!head)
                die("out of memory");
            files[a] = fp + 6;
            s = head;
        }
        int bad = parse_arg(s, &bufs[a].spec, err, sizeof err);
        free(head);
        if (bad)
            usage_error("--arg %s", err);
        if (files[a] && !*files[a])
            usage_error("--arg '%s': file:PATH needs a path", specs[a]);
    }

    if (vgp_mkdtemp("vgiw-run", tmpdir, sizeof tmpdir))
        die("cannot create a temporary directory");
    char dir[PATH_MAX], cc[PATH_MAX + 16], img[PATH_MAX + 16], shim[PATH_MAX + 64];
    tools_dir(dir, sizeof dir);
    snprintf(cc, sizeof cc, "%s/vgiwcc", dir);
    snprintf(img, sizeof img, "%s/k.vgiw", tmpdir);
    const char *fixed[] = { cc, src, "-q", "-o", img, "--config", config, "-k", kname };
    int crc = vgnb_run_tool(fixed, kname ? 9 : 7, defs, ndefs, verbose);
    if (crc < 0)
        die("out of memory");
    if (crc)
        die("vgiwcc failed on %s%s", src, crc == 128 + 9 ? " (killed: time limit, --timeout, VGIW_TIMEOUT)" : "");
    /* the SIMT core runs the same source compiled by vgiw-simtcc (docs/runtime.md "The simt
     * device"); the image above still drives the interpreter's guard run and the checks */
    char selp[PATH_MAX + 16];
    snprintf(selp, sizeof selp, "%s/k.simt", tmpdir);
    if (!strcmp(engine, "simt")) {
        char scc[PATH_MAX + 16];
        snprintf(scc, sizeof scc, "%s/vgiw-simtcc", dir);
        const char *sfixed[] = { scc, src, "-q", "-o", selp };
        int src_rc = vgnb_run_tool(sfixed, 5, defs, ndefs, verbose);
        if (src_rc < 0)
            die("out of memory");
        if (src_rc)
            die("vgiw-simtcc failed on %s", src);
    }
    vg_image image;
    char err[600];
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
            fprintf(stderr, " %s (%s%s%s)", k->args[a].name,
                    k->args[a].kind == VG_ARG_BUFFER || k->args[a].kind == VG_ARG_SCALAR
                        ? vg_type_name(k->args[a].type) : "",
                    k->args[a].kind == VG_ARG_BUFFER || k->args[a].kind == VG_ARG_SCALAR ? " " : "",
                    arg_kind_name(k->args[a].kind));
        fprintf(stderr, "; %d --arg given\n", nspec);
        vg_image_free(&image);
        usage_error("wrong argument count");
    }
    /* the kernel's argument types are in the image: every spec must match its argument */
    for (uint32_t a = 0; a < k->nargs; a++)
        if (check_arg(&bufs[a].spec, specs[a], &k->args[a], a, err, sizeof err)) {
            vg_image_free(&image);
            usage_error("%s", err);
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
            /* exactly COUNT x size bytes (docs/runtime.md): one more is refused as too large */
            size_t got;
            char why[600];
            uint8_t *data = vg_read_file(files[a], "a buffer file", b->bytes, &got, why, sizeof why);
            if (!data)
                usage_error("--arg '%s': %s", specs[a], why);
            if (got != b->bytes) {
                free(data);
                usage_error("--arg '%s': '%s' holds %zu bytes, %zu needed", specs[a], files[a], got, b->bytes);
            }
            memcpy(b->init, data, got);
            free(data);
        } else {
            fill_buffer(&b->spec, b->init, 0);
        }
        memcpy(b->native, b->init, b->bytes);
    }
    /* The interpreter sees the kernel first: its NDRange, bounds and step checks name the
     * problem (line, work-item) before the native reference runs it unchecked. With the rtl
     * engine it runs first as a guard (it is far faster than the simulation). */
    vrt_stats s;
    const char *pass[2] = { "interp", strcmp(engine, "interp") ? engine : NULL };
    for (int ps = 0; ps < 2 && pass[ps]; ps++) {
        const char *eng = pass[ps];
        vrt_options o;
        vrt_options_init(&o);
        o.backend = eng;
        o.config = config;
        o.waves = strcmp(eng, "interp") ? waves : NULL;
        o.max_cycles = max_cycles;
        o.max_steps = max_steps;
        o.progress = progress;
        o.port = port;
        o.baud = baud;
        o.link_timeout_ms = link_ms;
        vrt_device *d = NULL;
        if (vrt_open(&o, &d, err, sizeof err))
            die("%s", err);
        vrt_program p;
        vrt_kernel kh;
        int rc = vrt_program_load(d, strcmp(eng, "simt") ? img : selp, &p);
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
            fprintf(stderr, "vgiw-run: %s: %s\n", eng, vrt_error(d));
            vrt_close(d);
            vg_image_free(&image);
            die("%s engine error (%s)%s", eng, vrt_status_name(rc),
                strcmp(eng, engine) ? ", before the device run" : "");
        }
        vrt_stats_get(d, &s, NULL);
        vrt_close(d);
    }
    /* native golden execution (own process group, time limit: vg_proc.h) */
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
    for (uint32_t a = 0; a < k->nargs; a++)
        if (bufs[a].spec.is_buf) {
            free(bufs[a].init);
            free(bufs[a].dev);
            munmap(bufs[a].native, bufs[a].bytes);
        } else {
            free(bufs[a].init);   /* local:BYTES native region, or NULL */
        }
    vg_image_free(&image);
    for (int i = 0; i < ndefs; i++)
        free(defs[i]);
    free(defs);
    cleanup();
    return bad ? 1 : 0;
}

/* Host helper library of the application kernel set: engines (the native one here, the others
 * on the runtime's devices through eng_vrt.c), options, deterministic inputs, comparisons
 * (app.h, docs/apps.md). */
#define _GNU_SOURCE
#include "app.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "eng_vrt.h"
#include "native_build.h"
#include "self_dir.h"
#include "vg_args.h"
#include "vg_proc.h"
#include "vgiw_arith.h"
#include "vgiw_image.h"
#include "vgiw_hostlink.h"   /* VGIW_HL_BAUD */
#include "vgiw_presets.h"

karg_t KF32(float x)
{
    karg_t a = { 0, 0, NULL, 0 };
    memcpy(&a.v, &x, 4);
    return a;
}

void *app_xmalloc(size_t bytes)
{
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

double app_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------------- tools and compilation */

/* The sw tools (vgiwcc) are in build/sw/bin; host programs in build/sw/apps/bin (plain)
 * or build/sw/asan/apps/bin (sanitized twins next to build/sw/asan/bin): ../../bin from
 * here. VGIW_SW_BIN overrides. */
static void tools_dir(char *out, size_t len)
{
    const char *env = getenv("VGIW_SW_BIN");
    char self[PATH_MAX - 16];
    if (env && *env)
        snprintf(out, len, "%s", env);
    else if (vg_self_dir(self, sizeof self) == 0)
        snprintf(out, len, "%s/../../bin", self);
    else
        snprintf(out, len, "build/sw/bin");
}

typedef struct {
    char tmp[PATH_MAX];
    vg_image img;
    int have_img;
    int nbufs;
    size_t bytes[ENG_MAX_BUFS];
    uint8_t *data[ENG_MAX_BUFS];   /* shared mappings: the child that runs the kernel writes them */
    char so[PATH_MAX + 16];
} eng_priv;

static void rm_tmp(eng_priv *p)
{
    if (!p->tmp[0])
        return;
    vgp_rmdir(p->tmp);
    p->tmp[0] = 0;
}

int app_vgiwcc(const char *cl, const char *const *defs, const char *pnr_config, const char *out, char *err,
               size_t errlen)
{
    char dir[PATH_MAX], cc[PATH_MAX + 16];
    tools_dir(dir, sizeof dir);
    snprintf(cc, sizeof cc, "%s/vgiwcc", dir);
    /* The graphs only, unless the engine runs the placed-and-routed configurations. */
    int ndefs = 0;
    while (defs && defs[ndefs])
        ndefs++;
    char **argv = calloc((size_t)ndefs + 8, sizeof *argv);
    if (!argv) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const char *fixed[] = { cc, cl, "-q", "-o", out, "--no-pnr" };
    int n = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        argv[n++] = (char *)fixed[i];
    if (pnr_config) {
        argv[5] = "--config";
        argv[n++] = (char *)pnr_config;
    }
    for (int i = 0; i < ndefs; i++)
        argv[n++] = (char *)defs[i];
    argv[n] = NULL;
    int rc = vgnb_run_cmd(argv, getenv("APP_VERBOSE") != NULL);
    free(argv);
    if (rc) {
        snprintf(err, errlen, "vgiwcc failed on %s (status %d)", cl, rc);
        return -1;
    }
    return 0;
}

/* Runs vgiw-simtcc on cl: the ELF of the SIMT core (docs/simt.md "Kernels"). */
static int app_simtcc(const char *cl, const char *const *defs, const char *out, char *err, size_t errlen)
{
    char dir[PATH_MAX], cc[PATH_MAX + 16];
    tools_dir(dir, sizeof dir);
    snprintf(cc, sizeof cc, "%s/vgiw-simtcc", dir);
    int ndefs = 0;
    while (defs && defs[ndefs])
        ndefs++;
    char **argv = calloc((size_t)ndefs + 6, sizeof *argv);
    if (!argv) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const char *fixed[] = { cc, cl, "-q", "-o", out };
    int n = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        argv[n++] = (char *)fixed[i];
    for (int i = 0; i < ndefs; i++)
        argv[n++] = (char *)defs[i];
    argv[n] = NULL;
    int rc = vgnb_run_cmd(argv, getenv("APP_VERBOSE") != NULL);
    free(argv);
    if (rc) {
        snprintf(err, errlen, "vgiw-simtcc failed on %s (status %d)", cl, rc);
        return -1;
    }
    return 0;
}

static int compile_image(eng_priv *p, const char *cl, const char *const *defs, const char *pnr_config, char *err,
                         size_t errlen)
{
    char out[PATH_MAX + 16];
    snprintf(out, sizeof out, "%s/k.vgiw", p->tmp);
    if (app_vgiwcc(cl, defs, pnr_config, out, err, errlen))
        return -1;
    if (vg_image_load(out, &p->img, err, errlen))
        return -1;
    p->have_img = 1;
    return 0;
}

static const vg_kernel *find_kernel(eng_priv *p, const char *name)
{
    for (uint32_t i = 0; i < p->img.nkernels; i++)
        if (!strcmp(p->img.kernels[i].name, name))
            return &p->img.kernels[i];
    return NULL;
}

static int check_args(engine_t *e, const vg_kernel *k, int nargs, const karg_t *args)
{
    eng_priv *p = e->priv;
    if ((uint32_t)nargs != k->nargs) {
        snprintf(e->err, sizeof e->err, "kernel '%s' takes %u arguments, %d given", k->name, k->nargs, nargs);
        return -1;
    }
    for (int a = 0; a < nargs; a++) {
        const vg_arg *ka = &k->args[a];
        int want = ka->kind == VG_ARG_BUFFER ? 1 : ka->kind == VG_ARG_LOCAL ? 2 : ka->kind == VG_ARG_STRUCT ? 3
                   : ka->type == VG_T_I64 || ka->type == VG_T_U64 ? 4 : 0;
        if (want != args[a].is_buf || (want == 1 && args[a].v >= (uint32_t)p->nbufs) || (want == 2 && !args[a].v) ||
            (want == 3 && (args[a].v != ka->elem_size || !args[a].data))) {
            char sz[64];
            snprintf(sz, sizeof sz, "struct of %u bytes (KSTRUCT)", ka->elem_size);
            snprintf(e->err, sizeof e->err, "kernel '%s' argument %d '%s': %s expected", k->name, a, ka->name,
                     want == 1 ? "valid buffer handle" : want == 2 ? "__local size (KLOCAL)" : want == 3 ? sz
                     : want == 4 ? "64-bit scalar (KI64)" : "scalar");
            return -1;
        }
    }
    return 0;
}

static int common_alloc(engine_t *e, size_t bytes)
{
    eng_priv *p = e->priv;
    if (p->nbufs == ENG_MAX_BUFS) {
        snprintf(e->err, sizeof e->err, "too many buffers");
        return -1;
    }
    int h = p->nbufs;
    p->data[h] = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p->data[h] == MAP_FAILED)
        p->data[h] = NULL;
    if (!p->data[h]) {
        snprintf(e->err, sizeof e->err, "out of memory");
        return -1;
    }
    p->bytes[h] = bytes;
    p->nbufs++;
    return h;
}

static int common_copy(engine_t *e, int buf, size_t off, size_t bytes)
{
    eng_priv *p = e->priv;
    if (buf < 0 || buf >= p->nbufs || off > p->bytes[buf] || bytes > p->bytes[buf] - off) {
        snprintf(e->err, sizeof e->err, "bad copy: buffer %d, offset %zu, %zu bytes", buf, off, bytes);
        return -1;
    }
    return 0;
}

static int common_write(engine_t *e, int buf, size_t off, const void *src, size_t bytes)
{
    if (common_copy(e, buf, off, bytes))
        return -1;
    memcpy(((eng_priv *)e->priv)->data[buf] + off, src, bytes);
    return 0;
}

static int common_read(engine_t *e, int buf, size_t off, void *dst, size_t bytes)
{
    if (common_copy(e, buf, off, bytes))
        return -1;
    memcpy(dst, ((eng_priv *)e->priv)->data[buf] + off, bytes);
    return 0;
}

static void common_close(engine_t *e)
{
    eng_priv *p = e->priv;
    for (int i = 0; i < p->nbufs; i++)
        munmap(p->data[i], p->bytes[i] ? p->bytes[i] : 1);
    if (p->have_img)
        vg_image_free(&p->img);
    rm_tmp(p);
    free(p);
    free(e);
}

/* ---------------------------------------------------------------- native engine */

static int native_launch(engine_t *e, const char *kernel, const uint32_t g[3], const uint32_t l[3], int nargs,
                         const karg_t *args)
{
    eng_priv *p = e->priv;
    const vg_kernel *k = find_kernel(p, kernel);
    if (!k) {
        snprintf(e->err, sizeof e->err, "no kernel '%s'", kernel);
        return -1;
    }
    if (check_args(e, k, nargs, args))
        return -1;
    void *av[VG_SRC_ARG_MAX], *loc[VG_SRC_ARG_MAX] = { 0 };
    uint32_t sv[VG_SRC_ARG_MAX];
    int rc = 0;
    for (int a = 0; a < nargs && a < VG_SRC_ARG_MAX; a++) {
        sv[a] = args[a].v;
        /* __local: one host region, reused by the work-groups (they run one after another) */
        if (args[a].is_buf == 2 && !(loc[a] = calloc(1, args[a].v)))
            rc = -1;
        av[a] = args[a].is_buf == 1   ? (void *)p->data[args[a].v]
                : args[a].is_buf == 2 ? loc[a]
                : args[a].is_buf == 3 ? (void *)args[a].data   /* the wrapper passes the bytes byval */
                : args[a].is_buf == 4 ? (void *)&args[a].v64
                                      : (void *)&sv[a];
    }
    /* In a child process: a crashing kernel is reported as an engine error. */
    char err[400];
    if (rc)
        snprintf(e->err, sizeof e->err, "out of memory");
    else if ((rc = vgnb_run(p->so, kernel, av, g, l, err, sizeof err)) != 0)
        snprintf(e->err, sizeof e->err, "%s", err);
    for (int a = 0; a < nargs && a < VG_SRC_ARG_MAX; a++)
        free(loc[a]);
    return rc ? -1 : 0;
}

/* The kernel file for the host + one wrapper per kernel of the image + the shim, linked
 * into TMP/k.so (sw/native/native_build.c). */
static int build_native(eng_priv *p, const char *cl, const char *const *defs, char *err, size_t errlen)
{
    char dir[PATH_MAX], shim[PATH_MAX + 64], msg[400];
    tools_dir(dir, sizeof dir);
    vgnb_shim_path(dir, shim, sizeof shim);
    vgnb_build_opts nb = { cl, p->img.kernels, p->img.nkernels, shim, defs, p->tmp, getenv("APP_VERBOSE") != NULL };
    if (vgnb_build(&nb, p->so, sizeof p->so, msg, sizeof msg)) {
        snprintf(err, errlen, "native: %s", msg);
        return -1;
    }
    return 0;
}

static const engine_ops native_ops = { "native", common_alloc, common_write, common_read, native_launch, common_close };

/* ---------------------------------------------------------------- open / wrappers */

/* The interp, pnr and rtl engines: the image compiled here (graphs only for interp; placed
 * and routed for the preset of --config for pnr and rtl), run on a device of the runtime. */
static engine_t *device_open(const engine_ops *ops, const char *cl, const char *const *defs, uint64_t seed,
                             char *err, size_t errlen)
{
    int simt = ops == &eng_vrt_simt_ops, fpga = ops == &eng_vrt_fpga_ops;
    int rtl = ops == &eng_vrt_rtl_ops || simt || fpga, pnr = ops == &eng_vrt_pnr_ops;
    const char *cfg = app_config();
    if (pnr && !vgiw_preset_find(cfg)) {
        snprintf(err, errlen, "unknown preset '%s' (VGIW_CONFIG)", cfg);
        return NULL;
    }
    /* removed here, at exit and on SIGINT/SIGTERM/SIGHUP/SIGQUIT (vg_proc.h) */
    char tmp[PATH_MAX], img[PATH_MAX + 16];
    if (vgp_mkdtemp(simt ? "vgiw-simt" : rtl ? "vgiw-rtl" : "vgiw-app", tmp, sizeof tmp)) {
        snprintf(err, errlen, "cannot create a temporary directory");
        return NULL;
    }
    /* the SIMT core's program: the same .cl compiled by vgiw-simtcc, here, as the image is
     * compiled by vgiwcc for the other engines (docs/runtime.md "The simt device") */
    snprintf(img, sizeof img, "%s/k.%s", tmp, simt ? "simt" : "vgiw");
    engine_t *e = NULL;
    if (simt ? !app_simtcc(cl, defs, img, err, errlen) : !app_vgiwcc(cl, defs, rtl || pnr ? cfg : NULL, img, err, errlen)) {
        vrt_options o;
        vrt_options_init(&o);
        if (rtl) {
            o.backend = simt ? "simt" : fpga ? "fpga" : "rtl";
            o.port = app_rtl.port;
            o.baud = app_rtl.baud;
            o.link_timeout_ms = app_rtl.link_timeout_ms;
            o.config = cfg;
            o.waves = app_rtl.waves;
            o.waves_from = app_rtl.waves_from;
            o.waves_to = app_rtl.waves_to;
            o.max_cycles = app_rtl.max_cycles;
            if (app_rtl.stall_cycles)
                o.stall_cycles = app_rtl.stall_cycles;
            o.progress = app_rtl.progress;
        } else {
            /* a random node order per launch (seed + launches) exposes missing ordering edges
             * in the graphs; the preset matters only to pnr (the image's) */
            o.backend = "interp";
            o.seed = seed;
            o.interp_pnr = pnr;
        }
        e = eng_vrt_open(ops, img, &o, rtl, rtl ? app_rtl.stats : NULL, err, errlen);
    }
    vgp_rmdir(tmp);
    return e;
}

engine_t *engine_open(const char *kind, const char *cl, const char *const *defs, uint64_t seed, char *err,
                      size_t errlen)
{
    const engine_ops *dev = !strcmp(kind, "interp") ? &eng_vrt_interp_ops
                            : !strcmp(kind, "pnr") ? &eng_vrt_pnr_ops
                            : !strcmp(kind, "rtl") ? &eng_vrt_rtl_ops
                            : !strcmp(kind, "simt") ? &eng_vrt_simt_ops
                            : !strcmp(kind, "fpga") ? &eng_vrt_fpga_ops : NULL;
    if (dev)
        return device_open(dev, cl, defs, seed, err, errlen);
    if (strcmp(kind, "native")) {
        snprintf(err, errlen, "unknown engine '%s' (interp, native, pnr, rtl, simt, fpga)", kind);
        return NULL;
    }
    engine_t *e = app_xmalloc(sizeof *e);
    eng_priv *p = app_xmalloc(sizeof *p);
    e->ops = &native_ops;
    e->priv = p;
    /* removed at close, at exit and on SIGINT/SIGTERM/SIGHUP/SIGQUIT (vg_proc.h) */
    if (vgp_mkdtemp("vgiw-app", p->tmp, sizeof p->tmp)) {
        snprintf(err, errlen, "cannot create a temporary directory");
        common_close(e);
        return NULL;
    }
    if (compile_image(p, cl, defs, NULL, err, errlen) || build_native(p, cl, defs, err, errlen)) {
        common_close(e);
        return NULL;
    }
    return e;
}

void engine_close(engine_t *e)
{
    if (e)
        e->ops->close(e);
}

static _Noreturn void eng_fail(engine_t *e, const char *what)
{
    fprintf(stderr, "%s engine: %s: %s\n", e->ops->name, what, e->err);
    printf("FAILED (%s engine error)\n", e->ops->name);
    exit(1);
}

int eng_alloc(engine_t *e, size_t bytes)
{
    int h = e->ops->alloc(e, bytes);
    if (h < 0)
        eng_fail(e, "alloc");
    return h;
}

void eng_write(engine_t *e, int buf, const void *src, size_t bytes)
{
    if (e->ops->write(e, buf, 0, src, bytes))
        eng_fail(e, "write");
}

void eng_read(engine_t *e, int buf, void *dst, size_t bytes)
{
    if (e->ops->read(e, buf, 0, dst, bytes))
        eng_fail(e, "read");
}

void eng_launch(engine_t *e, const char *kernel, uint32_t g0, uint32_t g1, uint32_t l0, uint32_t l1, int nargs,
                const karg_t *args)
{
    uint32_t g[3] = { g0, g1, 1 }, l[3] = { l0, l1, 1 };
    if (e->ops->launch(e, kernel, g, l, nargs, args))
        eng_fail(e, kernel);
    e->launches++;
}

/* ---------------------------------------------------------------- options */

app_rtl_opts app_rtl;

/* The preset of the pnr and rtl engines: --config, else $VGIW_CONFIG, else small. */
const char *app_config(void)
{
    if (app_rtl.config)
        return app_rtl.config;
    const char *c = getenv("VGIW_CONFIG");
    return c && *c ? c : "small";
}

static const char *usage_app = "app";
static void usage_lines(FILE *f)
{
    fprintf(f, "usage: %s [--size N] [--seed S] [--engine interp|native|pnr|rtl|simt|fpga|all]... [--cl KERNEL.cl] [--file F] [-v]\n"
            "          [--config PRESET] [--stats F.json] [--waves F.fst [--waves-from C] [--waves-to C]]\n"
            "          [--max-cycles N] [--stall-cycles N] [--progress] [--timeout S] [--variant NAME]\n"
            "          [--port PATH [--baud N] [--link-timeout-ms MS]]   (fpga: the board's serial port)\n",
            usage_app);
}

const char *const *app_variants;

void app_parse(int argc, char **argv, app_opts *o, const char *app, uint32_t default_size)
{
    app_parse_ex(argc, argv, o, app, default_size, 0);
}

void app_parse_ex(int argc, char **argv, app_opts *o, const char *app, uint32_t default_size, int reads_file)
{
    static char clpath[256];
    memset(o, 0, sizeof *o);
    setvbuf(stdout, NULL, _IOLBF, 0);   /* keep verdict lines in order with stderr details */
    vgp_init(app);
    usage_app = app;
    o->app = app;
    o->size = default_size;
    o->seed = 1;
    snprintf(clpath, sizeof clpath, "sw/apps/%s/%s.cl", app, app);
    o->cl = clpath;
    static const char *const engines[] = { "all", "interp", "native", "pnr", "rtl", "simt", "fpga", NULL };
    const char *waves_opt = NULL;
    int has_rtl = 0, has_fpga = 0;
    app_rtl.baud = VGIW_HL_BAUD;
    vga_t P;
    vga_init(&P, app, argc, argv, usage_lines);
    while (vga_next(&P)) {
        if (vga_is(&P, "--size")) o->size = (uint32_t)vga_u64(&P, 1, 1u << 24);
        else if (vga_is(&P, "--seed")) o->seed = vga_u64(&P, 0, UINT64_MAX);
        else if (vga_is(&P, "--cl")) o->cl = vga_str(&P);
        else if (vga_is(&P, "--variant")) {
            o->variant = vga_str(&P);
            int known = 0;
            for (int v = 0; app_variants && app_variants[v]; v++)
                known |= !strcmp(app_variants[v], o->variant);
            if (!known)
                vga_fail(&P, "--variant '%s': %s has no such kernel variant%s%s", o->variant, app,
                         app_variants ? " (variants: " : "", app_variants ? app_variants[0] : "");
            if (o->cl == clpath)
                snprintf(clpath, sizeof clpath, "sw/apps/%s/%s_%s.cl", app, app, o->variant);
        } else if (vga_is(&P, "--file")) {
            if (!reads_file)
                vga_fail(&P, "--file: %s reads no input file (its input is generated from --size and --seed)", app);
            o->file = vga_str(&P);
        } else if (vga_is(&P, "--engine")) {
            int en = vga_choice(&P, engines);
            if (en == 0) {
                o->engines[0] = "interp";
                o->engines[1] = "native";
                o->nengines = 2;
            } else if (o->nengines < APP_MAX_ENGINES) {
                o->engines[o->nengines++] = engines[en];
                has_rtl |= en == 4 || en == 5;
                has_fpga |= en == 6;
            } else vga_fail(&P, "--engine: at most %d engines", APP_MAX_ENGINES);
        } else if (vga_is(&P, "--config")) {
            app_rtl.config = vga_str(&P);
            if (!vgiw_preset_find(app_rtl.config))
                vga_fail(&P, "--config '%s': unknown preset (" VGIW_PRESET_NAMES ")", app_rtl.config);
        } else if (vga_is(&P, "--waves")) { waves_opt = P.arg; app_rtl.waves = vga_str(&P); }
        else if (vga_is(&P, "--waves-from")) { waves_opt = P.arg; app_rtl.waves_from = vga_u64(&P, 0, UINT64_MAX); }
        else if (vga_is(&P, "--waves-to")) { waves_opt = P.arg; app_rtl.waves_to = vga_u64(&P, 0, UINT64_MAX); }
        else if (vga_is(&P, "--stats")) app_rtl.stats = vga_str(&P);
        else if (vga_is(&P, "--max-cycles")) app_rtl.max_cycles = vga_u64(&P, 0, UINT64_MAX);
        else if (vga_is(&P, "--stall-cycles")) app_rtl.stall_cycles = vga_u64(&P, 0, UINT64_MAX);
        else if (vga_is(&P, "--timeout")) vgp_set_timeout((unsigned)vga_u64(&P, 0, 30u * 24 * 3600));
        else if (vga_is(&P, "--progress")) app_rtl.progress = 1;
        else if (vga_is(&P, "--port")) app_rtl.port = vga_str(&P);
        else if (vga_is(&P, "--baud")) app_rtl.baud = (unsigned)vga_u64(&P, 0, 3000000);
        else if (vga_is(&P, "--link-timeout-ms")) app_rtl.link_timeout_ms = (unsigned)vga_u64(&P, 1, 3600000);
        else if (vga_is(&P, "-v")) o->verbose = 1;
        else if (vga_is(&P, "-h") || vga_is(&P, "--help")) { usage_lines(stdout); exit(0); }
        else if (!vga_positional(&P)) vga_unknown(&P);
        else vga_fail(&P, "unexpected argument '%s'", P.arg);
    }
    if (!o->nengines) {
        o->engines[0] = "interp";
        o->engines[1] = "native";
        o->nengines = 2;
    }
    /* only the rtl engine writes waveforms: said, not silently ignored */
    if (waves_opt && !has_rtl)
        vga_fail(&P, "%s: only the rtl and simt engines write waveforms (add --engine rtl or simt)", waves_opt);
    if (has_fpga && !app_rtl.port)
        vga_fail(&P, "--engine fpga needs --port PATH (the board's serial port)");
    if (app_rtl.port && !has_fpga)
        vga_fail(&P, "--port: only the fpga engine uses a serial port (add --engine fpga)");
}

engine_t *app_engine(const app_opts *o, int i, const char *const *defines)
{
    char err[512];
    engine_t *e = engine_open(o->engines[i], o->cl, defines, o->seed, err, sizeof err);
    if (!e) {
        fprintf(stderr, "%s: %s\n", o->app, err);
        printf("FAILED (cannot open engine %s)\n", o->engines[i]);
        exit(1);
    }
    return e;
}

/* ---------------------------------------------------------------- random numbers */

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void app_rng_init(app_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t app_rng_u64(app_rng *r)
{
    uint64_t *s = r->s, res = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return res;
}

uint32_t app_rng_below(app_rng *r, uint32_t n)
{
    return n ? (uint32_t)((app_rng_u64(r) >> 32) % n) : 0;
}

float app_rng_f32(app_rng *r, float lo, float hi)
{
    float u = (float)(app_rng_u64(r) >> 40) / 16777216.0f;   /* exact: 24-bit fraction */
    return lo + (hi - lo) * u;
}

/* ---------------------------------------------------------------- comparison, verdict */

static int n_passed, n_failed;

#define SHOW 8

uint32_t app_cmp_i32(const char *what, const int32_t *got, const int32_t *want, size_t n)
{
    uint32_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ < SHOW)
            fprintf(stderr, "  %s[%zu]: got %d, expected %d\n", what, i, got[i], want[i]);
    if (bad)
        fprintf(stderr, "  %s: %u of %zu elements differ\n", what, bad, n);
    return bad;
}

uint32_t app_cmp_u8(const char *what, const uint8_t *got, const uint8_t *want, size_t n)
{
    uint32_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ < SHOW)
            fprintf(stderr, "  %s[%zu]: got %u, expected %u\n", what, i, got[i], want[i]);
    if (bad)
        fprintf(stderr, "  %s: %u of %zu elements differ\n", what, bad, n);
    return bad;
}

uint32_t app_cmp_f32(const char *what, const float *got, const float *want, size_t n)
{
    uint32_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t x, y;
        memcpy(&x, &got[i], 4);
        memcpy(&y, &want[i], 4);
        if (x == y || (isnan(got[i]) && isnan(want[i])))
            continue;
        if (bad++ < SHOW)
            fprintf(stderr, "  %s[%zu]: got %.9g (0x%08x), expected %.9g (0x%08x)\n", what, i, got[i], x, want[i], y);
    }
    if (bad)
        fprintf(stderr, "  %s: %u of %zu elements differ\n", what, bad, n);
    return bad;
}

uint32_t app_cmp_f32_tol(const char *what, const float *got, const float *want, size_t n, float abs_tol,
                         float rel_tol)
{
    uint32_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        float d = fabsf(got[i] - want[i]);
        if (d <= abs_tol + rel_tol * fabsf(want[i]))
            continue;
        if (bad++ < SHOW)
            fprintf(stderr, "  %s[%zu]: got %.9g, expected %.9g (difference %.3g)\n", what, i, got[i], want[i], d);
    }
    if (bad)
        fprintf(stderr, "  %s: %u of %zu elements outside the tolerance\n", what, bad, n);
    return bad;
}

void app_check(const char *what, uint32_t mismatches)
{
    printf("%s %s\n", mismatches ? "FAILED" : "PASSED", what);
    if (mismatches)
        n_failed++;
    else
        n_passed++;
}

int app_verdict(void)
{
    printf("%d passed, %d failed\n", n_passed, n_failed);
    return n_failed || !n_passed ? 1 : 0;
}

void app_check_f32(const char *app, const char *eng, const char *name, const float *got, const float *want,
                   const float *tol, const char *ref_eng, const float *ref, size_t n)
{
    char what[160];
    snprintf(what, sizeof what, "%s %s vs golden%s: %s", app, eng, tol ? " (tolerance)" : "", name);
    app_check(what, tol ? app_cmp_f32_tol(name, got, want, n, tol[0], tol[1]) : app_cmp_f32(name, got, want, n));
    if (ref) {
        snprintf(what, sizeof what, "%s %s vs %s: %s", app, eng, ref_eng, name);
        app_check(what, app_cmp_f32(name, got, ref, n));
    }
}

void app_check_i32(const char *app, const char *eng, const char *name, const int32_t *got, const int32_t *want,
                   const char *ref_eng, const int32_t *ref, size_t n)
{
    char what[160];
    snprintf(what, sizeof what, "%s %s vs golden: %s", app, eng, name);
    app_check(what, app_cmp_i32(name, got, want, n));
    if (ref) {
        snprintf(what, sizeof what, "%s %s vs %s: %s", app, eng, ref_eng, name);
        app_check(what, app_cmp_i32(name, got, ref, n));
    }
}

/* Host helper library of the application kernel set (docs/apps.md).
 *
 * An ENGINE runs OpenCL C kernels: it owns device buffers (handles), copies to and from
 * them, and launches a named kernel of one source file over an NDRange. Engines today:
 *   "interp"  the image compiled by vgiwcc, run by the functional interpreter (sw/interp)
 *   "pnr"     the same, on the placed-and-routed configurations of --config
 *   "rtl"     the Verilator model of the core of --config
 *   "native"  the same source compiled by clang-19 for the host, run by sw/native's shim
 * interp, pnr and rtl are devices of the runtime library (sw/runtime, eng_vrt.c); a new kind
 * of device plugs in as a backend of the runtime.
 *
 * A host program: parse options (app_parse), generate inputs (app_rng_*), compute the
 * golden outputs, run the kernel sequence on each selected engine, compare (app_cmp_*),
 * and finish with app_verdict (PASSED/FAILED, exit status).
 */
#ifndef VGIW_APP_H
#define VGIW_APP_H

#include <stddef.h>
#include <stdint.h>

/* ---- engines ---- */

typedef struct engine engine_t;

typedef struct {
    int is_buf;         /* 1: buffer handle in v; 0: 32-bit scalar pattern in v; 2: __local pointer of v bytes;
                           3: struct/union by value, v bytes at data; 4: long/ulong scalar in v64 */
    uint32_t v;
    const void *data;
    uint64_t v64;
} karg_t;

static inline karg_t KBUF(int h) { karg_t a = { 1, (uint32_t)h, NULL, 0 }; return a; }
/* a __local pointer argument of `bytes` bytes per work-group (clSetKernelArg(k, i, bytes, NULL)) */
static inline karg_t KLOCAL(uint32_t bytes) { karg_t a = { 2, bytes, NULL, 0 }; return a; }
static inline karg_t KI32(int32_t x) { karg_t a = { 0, (uint32_t)x, NULL, 0 }; return a; }
static inline karg_t KU32(uint32_t x) { karg_t a = { 0, x, NULL, 0 }; return a; }
karg_t KF32(float x);
/* a struct or union argument by value: its bytes in the target's C layout (docs/runtime.md),
 * exactly the size the image records; `p` must stay valid until the launch returns */
static inline karg_t KSTRUCT(const void *p, uint32_t bytes) { karg_t a = { 3, bytes, p, 0 }; return a; }
static inline karg_t KI64(int64_t x) { karg_t a = { 4, 8, NULL, (uint64_t)x }; return a; }

typedef struct {
    const char *name;
    /* Returns a buffer handle >= 0, or -1. Contents start zeroed. */
    int (*alloc)(engine_t *e, size_t bytes);
    int (*write)(engine_t *e, int buf, size_t off, const void *src, size_t bytes);
    int (*read)(engine_t *e, int buf, size_t off, void *dst, size_t bytes);
    /* global/local: 3 dimensions (unused = 1). Returns 0, or -1 with e->err set. */
    int (*launch)(engine_t *e, const char *kernel, const uint32_t global[3], const uint32_t local[3],
                  int nargs, const karg_t *args);
    void (*close)(engine_t *e);
} engine_ops;

#define ENG_MAX_BUFS 32

struct engine {
    const engine_ops *ops;
    char err[512];
    /* statistics over all launches (interp: block executions, threads x blocks) */
    uint64_t launches, sched_rounds, thread_blocks;
    void *priv;
};

/* Compiles cl_path (all its kernels) and opens engine `kind`; NULL with a message in err.
 * defines: NULL or a NULL-terminated list of "-DNAME=VAL" passed to both compilers. */
engine_t *engine_open(const char *kind, const char *cl_path, const char *const *defines, uint64_t seed,
                      char *err, size_t errlen);
void engine_close(engine_t *e);

/* Wrappers that print the error and exit(1): host programs treat engine errors as fatal. */
int eng_alloc(engine_t *e, size_t bytes);
void eng_write(engine_t *e, int buf, const void *src, size_t bytes);
void eng_read(engine_t *e, int buf, void *dst, size_t bytes);
void eng_launch(engine_t *e, const char *kernel, uint32_t g0, uint32_t g1, uint32_t l0, uint32_t l1,
                int nargs, const karg_t *args);
#define ENG_LAUNCH(e, k, g0, g1, l0, l1, ...)                                                         \
    do {                                                                                           \
        karg_t a_[] = { __VA_ARGS__ };                                                             \
        eng_launch((e), (k), (g0), (g1), (l0), (l1), (int)(sizeof a_ / sizeof a_[0]), a_);         \
    } while (0)

/* The options of the rtl engine (sw/apps/common/eng_vrt.c, on the runtime library sw/runtime):
 * the Verilator model of the core of preset `config`, from the command line (app_parse). At
 * close it prints its counters and, with `stats`, writes them as JSON. */
typedef struct {
    const char *config;          /* --config (pnr and rtl engines) */
    const char *waves;           /* --waves F.fst, --waves-from C, --waves-to C */
    uint64_t waves_from, waves_to;
    const char *stats;           /* --stats F.json */
    uint64_t max_cycles, stall_cycles;   /* --max-cycles, --stall-cycles: watchdog per launch */
    int progress;                /* --progress */
    const char *port;            /* --port PATH: the fpga engine's board (serial port) */
    unsigned baud;               /* --baud N (default the host link's, arch/hostlink.toml; 0: as the port is) */
    unsigned link_timeout_ms;    /* --link-timeout-ms MS: per reply byte (default 1000) */
} app_rtl_opts;
extern app_rtl_opts app_rtl;
const char *app_config(void);
/* Runs vgiwcc on cl (placed and routed for pnr_config, or graphs only when NULL) into out. */
int app_vgiwcc(const char *cl, const char *const *defines, const char *pnr_config, const char *out, char *err,
               size_t errlen);

/* ---- options ---- */

#define APP_MAX_ENGINES 4

typedef struct {
    const char *app;             /* name, for messages */
    const char *cl;              /* kernel source (default sw/apps/<app>/<app>.cl, from the repo root) */
    const char *variant;         /* --variant NAME: the kernel variant sw/apps/<app>/<app>_NAME.cl
                                    (NULL: the default kernel); the app launches it its own way */
    uint32_t size;               /* the app's size knob */
    uint64_t seed;
    const char *file;            /* --file PATH: input file, where the app reads one */
    const char *engines[APP_MAX_ENGINES];
    int nengines;
    int verbose;
} app_opts;

/* --size N --seed S --engine interp|native|all (repeatable) --cl PATH -v, the rtl engine's
 * options, --timeout S (children: sw/lib/vg_proc.h). Every option error (unknown, missing
 * value, bad number, out of range, --waves without the rtl engine) is a message naming it
 * and exit(2) (sw/lib/vg_args.h). app_parse_ex(..., 1): the app reads --file PATH; plain
 * app_parse refuses --file. */
void app_parse(int argc, char **argv, app_opts *o, const char *app, uint32_t default_size);
/* The kernel variants an app has (--variant NAME), NULL-terminated; set before app_parse
 * (none by default: --variant is then an error naming the app). */
extern const char *const *app_variants;
void app_parse_ex(int argc, char **argv, app_opts *o, const char *app, uint32_t default_size, int reads_file);
engine_t *app_engine(const app_opts *o, int i, const char *const *defines);
double app_now(void);

/* ---- deterministic inputs (splitmix64 seeding xoshiro256**: same numbers on any host) ---- */

typedef struct { uint64_t s[4]; } app_rng;
void app_rng_init(app_rng *r, uint64_t seed);
uint64_t app_rng_u64(app_rng *r);
uint32_t app_rng_below(app_rng *r, uint32_t n);             /* 0 .. n-1 */
float app_rng_f32(app_rng *r, float lo, float hi);           /* lo + (hi-lo) * k/2^24 */

/* ---- comparison: counts mismatches, prints the first few; returns the count ---- */

uint32_t app_cmp_i32(const char *what, const int32_t *got, const int32_t *want, size_t n);
uint32_t app_cmp_u8(const char *what, const uint8_t *got, const uint8_t *want, size_t n);
/* Bit-exact, any NaN equals any NaN. */
uint32_t app_cmp_f32(const char *what, const float *got, const float *want, size_t n);
/* |got - want| <= abs_tol + rel_tol * |want| */
uint32_t app_cmp_f32_tol(const char *what, const float *got, const float *want, size_t n, float abs_tol,
                         float rel_tol);

/* Records one check ("<engine> vs golden: outputs"): prints PASSED/FAILED. */
void app_check(const char *what, uint32_t mismatches);
/* One output of engine `eng` checked against the golden model (exactly, or within the
 * tolerance when tol is non-NULL: {abs, rel}) and, when ref is non-NULL, bit-exactly
 * against the same output of engine ref_eng (interpreter vs native). */
void app_check_f32(const char *app, const char *eng, const char *name, const float *got, const float *want,
                   const float *tol, const char *ref_eng, const float *ref, size_t n);
void app_check_i32(const char *app, const char *eng, const char *name, const int32_t *got, const int32_t *want,
                   const char *ref_eng, const int32_t *ref, size_t n);

/* Prints "N passed, N failed" and returns the exit status. */
int app_verdict(void);

void *app_xmalloc(size_t bytes);   /* zeroed; exits on failure */

#endif

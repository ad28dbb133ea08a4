/* vgiw runtime: handles, argument checks, NDRange, the interpreter backend, and the rtl
 * backend's translation of an image into the core's memory layout (docs/runtime.md). */
#define _GNU_SOURCE
#include "vgiw_rt.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "interp.h"
#include "rt_proto.h"
#include "self_dir.h"
#include "vg_proc.h"
#include "vgiw_core_map.h"   /* STATUS layout, error codes, descriptor magic (arch/core.toml) */
#include "vgiw_image.h"
#include "vgiw_layout.h"
#include "vgiw_ops.h"
#include "vgiw_presets.h"
#include "vrt_fpga.h"
#include "vrt_simt.h"

#define MAX_BUFS 256
#define MAX_PROGS 32
#define MAX_KERNELS 64

/* device address map (rtl and interp alike) */
#define BUF_BASE   0x00100000u
#define SYS_BASE   0x30000000u   /* descriptor, block table, configurations, live values, __local */
#define SYS_END    RTP_MEM_BYTES

typedef struct {
    int used;
    uint32_t addr, bytes;
    uint8_t *data;               /* interp: host copy; rtl: NULL (memory lives in the device) */
} rt_buf;

typedef struct {
    int used;
    vg_image img;
} rt_prog;

/* Configurations the core may keep across launches (docs/ctrl.md "Keeping configurations
 * across launches"): what this runtime last wrote at each kernel handle's configuration
 * addresses, and the key it gave those words. A block whose words equal the words already
 * there keeps its key (and is not written again); any other write there gets a new key. Keys
 * are never reused within a device session. Launch values reach the fabric through the
 * descriptor (docs/core.md "Launch values"), so the words depend on the image alone and a
 * relaunch with new arguments or sizes writes nothing. */
typedef struct {
    uint32_t sys, blocks;        /* where the kernel's descriptor, table, configurations are */
    uint32_t esc;                /* the launch value escape of the words there (vl_lv_plan) */
    uint32_t *words;             /* blocks x vl_cfg_words(preset): the words in device memory */
    uint32_t key[VRT_MAX_BLOCKS];   /* 0: unknown (not written by us, or the write failed) */
} rt_cfgslot;

typedef struct {
    int used;
    int prog;
    const vg_kernel *k;
    uint32_t argv[VG_SRC_ARG_MAX];
    int argset[VG_SRC_ARG_MAX];
    int argbuf[VG_SRC_ARG_MAX];   /* buffer handle or 0 */
    uint32_t arglocal[VG_SRC_ARG_MAX];   /* __local pointer arguments: bytes (vrt_set_arg_local) */
    uint32_t local_stride;        /* __local region per work-group of the launch (vg_local_layout) */
    int argown[VG_SRC_ARG_MAX];   /* struct arguments: the device buffer holding the bytes (ours) */
} rt_kern;

struct vrt_device {
    int rtl;                     /* memory on a device, PNR images or ELF programs: rtl, simt, fpga */
    int simt;                    /* simt backend (vrt_simt.c): programs are vgiw-simtcc ELF files */
    vrt_simt_prog *sprog[MAX_PROGS];
    const void *resident;        /* simt: the program in device memory */
    vfpga *fpga;                 /* the fpga backend (vrt_fpga.c): the board instead of a process */
    const vgiw_preset_t *preset;
    char config[16];
    char err[640];
    vrt_options opt;
    rt_buf buf[MAX_BUFS];
    rt_prog prog[MAX_PROGS];
    rt_kern kern[MAX_KERNELS];
    uint32_t next_addr;
    /* launch in flight */
    int pending, pending_status, lost, broken;   /* lost: unusable; broken: pipe or protocol failed */
    const vg_kernel *pending_k;
    vrt_stats last, total, cur;
    /* configurations kept across launches (rt_cfgslot): one slot per kernel handle */
    rt_cfgslot cfgslot[MAX_KERNELS];
    uint32_t next_key;           /* last key given */
    int cfg_vouched;             /* 0: the core may hold words we did not write: drop them */
    /* rtl device process */
    pid_t pid;
    int to_dev, from_dev;
    int err_dev;                 /* the device's stderr: passed through, its last line kept */
    char err_part[512], last_line[512], err_line[512];   /* err_line: its first error (an RTL assertion's) */
    size_t err_n;
    unsigned limit_s;            /* wall-clock limit of one wait for the device (0: none) */
    /* interp */
    uint64_t seed;
};

static int fail(vrt_device *d, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(vrt_device *d, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->err, sizeof d->err, fmt, ap);
    va_end(ap);
    return status;
}

const char *vrt_status_name(int s)
{
    switch (s) {
    case VRT_OK:          return "ok";
    case VRT_ERR_INVALID: return "invalid parameter";
    case VRT_ERR_HANDLE:  return "bad handle";
    case VRT_ERR_BOUNDS:  return "out of bounds";
    case VRT_ERR_ARG:     return "argument mismatch";
    case VRT_ERR_IMAGE:   return "image error";
    case VRT_ERR_NDRANGE: return "bad NDRange";
    case VRT_ERR_DEVICE:  return "device error";
    case VRT_ERR_TIMEOUT: return "watchdog timeout";
    case VRT_ERR_NOMEM:   return "out of memory";
    case VRT_ERR_BACKEND: return "backend failure";
    case VRT_ERR_STATE:   return "bad state";
    default:              return "unknown status";
    }
}

const char *vrt_error(const vrt_device *d) { return d ? d->err : "no device"; }
const char *vrt_backend(const vrt_device *d) { return d ? (d->simt ? "simt" : d->fpga ? "fpga" : d->rtl ? "rtl" : "interp") : "none"; }
const char *vrt_config(const vrt_device *d) { return d ? d->config : "none"; }

void vrt_options_init(vrt_options *o)
{
    memset(o, 0, sizeof *o);
    o->backend = "rtl";
    o->config = "small";
    o->stall_cycles = 200000;
}

/* ================================================================ rtl device process */

/* Copies what the device wrote on its stderr to ours, keeping its last complete non-empty
 * line (its last progress line) and its first error line (Verilator's "%Error": an RTL
 * assertion, the cause when it then aborts) for the message should it die. */
static void pump_stderr(vrt_device *d)
{
    char buf[1024];
    ssize_t k = read(d->err_dev, buf, sizeof buf);
    if (k <= 0) {
        if (k == 0 || (errno != EINTR && errno != EAGAIN)) {
            close(d->err_dev);
            d->err_dev = -1;
        }
        return;
    }
    if (fwrite(buf, 1, (size_t)k, stderr) != (size_t)k) { /* our stderr is gone: keep going */ }
    for (ssize_t i = 0; i < k; i++) {
        char c = buf[i];
        if (c == '\n' || c == '\r') {
            size_t n = d->err_n;
            while (n && d->err_part[n - 1] == ' ')
                n--;
            if (n) {
                d->err_part[n] = 0;
                const char *t = d->err_part;
                while (*t == ' ')
                    t++;
                snprintf(d->last_line, sizeof d->last_line, "%s", t);
                if (!d->err_line[0] && strstr(t, "%Error"))
                    snprintf(d->err_line, sizeof d->err_line, "%s", t);
            }
            d->err_n = 0;
        } else if (d->err_n < sizeof d->err_part - 1) {
            d->err_part[d->err_n++] = c;
        }
    }
}

/* Reads or writes n bytes on fd, passing the device's stderr through meanwhile; gives up
 * after d->limit_s seconds without completing (returns -2). */
static int io_all(vrt_device *d, int fd, void *p, size_t n, int wr)
{
    uint8_t *b = p;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (n) {
        struct pollfd pf[2] = { { fd, (short)(wr ? POLLOUT : POLLIN), 0 }, { d->err_dev, POLLIN, 0 } };
        int np = d->err_dev >= 0 ? 2 : 1;
        int r = poll(pf, (nfds_t)np, 1000);
        if (r < 0 && errno != EINTR)
            return -1;
        if (np == 2 && (pf[1].revents & (POLLIN | POLLHUP | POLLERR)))
            pump_stderr(d);
        if (r > 0 && pf[0].revents) {
            ssize_t k = wr ? write(fd, b, n) : read(fd, b, n);
            if (k < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (k <= 0)
                return -1;
            b += k;
            n -= (size_t)k;
            clock_gettime(CLOCK_MONOTONIC, &t0);   /* the limit is on silence, not on a transfer */
            continue;
        }
        if (d->limit_s) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            if ((double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) * 1e-9 >= (double)d->limit_s)
                return -2;
        }
    }
    return 0;
}

/* Waits up to about a second for a device whose pipe closed (it is exiting). */
static int reap_device(vrt_device *d, int *st)
{
    for (int i = 0; i < 100; i++) {
        pid_t w = waitpid(d->pid, st, WNOHANG);
        if (w == d->pid) {
            vgp_forget(d->pid);
            return 1;
        }
        if (w < 0 && errno != EINTR)
            return 0;
        struct timespec ts = { 0, 10 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    return 0;
}

static int dev_lost(vrt_device *d, const char *what, int io_rc)
{
    d->lost = d->broken = 1;
    int st = 0;
    if (d->err_dev >= 0) {   /* what the device said before it went: its last lines */
        struct pollfd pf = { d->err_dev, POLLIN, 0 };
        while (d->err_dev >= 0 && poll(&pf, 1, 100) > 0)
            pump_stderr(d);
    }
    char last[560] = "";
    if (d->err_line[0])
        snprintf(last, sizeof last, "; its error: '%s'", d->err_line);
    else if (d->last_line[0])
        snprintf(last, sizeof last, "; its last line: '%s'", d->last_line);
    if (io_rc == -2 && d->pid > 0) {
        vgp_kill(d->pid);
        reap_device(d, &st);
        d->pid = 0;
        return fail(d, VRT_ERR_TIMEOUT, "rtl device process gave no answer for %u s during %s (time limit: --timeout, "
                    "VGIW_TIMEOUT); it was killed%s", d->limit_s, what, last);
    }
    if (d->pid > 0 && reap_device(d, &st)) {
        d->pid = 0;
        if (WIFSIGNALED(st))
            return fail(d, VRT_ERR_BACKEND, "rtl device process died (signal %d, %s) during %s%s", WTERMSIG(st),
                        strsignal(WTERMSIG(st)), what, last);
        return fail(d, VRT_ERR_BACKEND, "rtl device process exited (status %d) during %s%s", WEXITSTATUS(st), what,
                    last);
    }
    return fail(d, VRT_ERR_BACKEND, "rtl device process: broken pipe during %s%s", what, last);
}

static int dev_send(vrt_device *d, uint32_t cmd, uint32_t addr, const void *data, uint32_t n)
{
    rtp_req_t q = { RTP_MAGIC, cmd, addr, n };
    int rc = io_all(d, d->to_dev, &q, sizeof q, 1);
    if (!rc && n && data)
        rc = io_all(d, d->to_dev, (void *)data, n, 1);
    if (rc)
        return dev_lost(d, "a request", rc);
    return 0;
}

/* Receives a response of at most cap bytes into out; *got = its length. */
static int dev_recv(vrt_device *d, void *out, uint32_t cap, uint32_t *got)
{
    rtp_rsp_t r;
    int rc = io_all(d, d->from_dev, &r, sizeof r, 0);
    if (rc)
        return dev_lost(d, "a response", rc);
    if (r.magic != RTP_MAGIC || r.n > cap) {
        d->lost = d->broken = 1;
        return fail(d, VRT_ERR_BACKEND, "rtl device: protocol error (magic %08x, %u bytes)", r.magic, r.n);
    }
    if (r.n && (rc = io_all(d, d->from_dev, out, r.n, 0)) != 0)
        return dev_lost(d, "a response", rc);
    if (got)
        *got = r.n;
    return r.status ? fail(d, VRT_ERR_BACKEND, "rtl device: request failed (%u)", r.status) : 0;
}

/* The rtl device of one build profile (docs/harness.md "Build profiles"): fast models live in
 * build/tb-fast/<config>/, test models (assertions, tracing) in build/tb/<config>/. Looked for in
 * the ancestors of the program's directory (build/sw/apps/bin/<app>, build/sw/asan/apps/bin/<app>,
 * build/sw/bin/<tool>); 0 when found. */
static const char *d_kind(const char *prog) { return strstr(prog, "simt") ? "simt" : "rtl"; }

static int find_device_in(const char *tbdir, const char *config, const char *prog, char *out, size_t len)
{
    char dir[PATH_MAX];
    char *up = vg_self_dir(dir, sizeof dir) == 0 ? dir : NULL;
    for (int level = 0; up && level < 6; level++) {
        char cand[PATH_MAX + 64];
        snprintf(cand, sizeof cand, "%s/%s/%s/%s", dir, tbdir, config, prog);
        if (access(cand, X_OK) == 0) {
            snprintf(out, len, "%s", cand);
            return 0;
        }
        up = strrchr(dir, '/');   /* one directory up */
        if (up)
            *up = 0;
    }
    snprintf(out, len, "build/%s/%s/%s", tbdir, config, prog);
    return -1;
}

/* VGIW_RTL_DEVICE names the program; VGIW_RTL_PROFILE (fast, the default, or test) the build
 * profile; a run that writes waves needs tracing, so the test profile. Without VGIW_RTL_PROFILE
 * a missing fast device falls back to the test device. */
static void find_device(const char *config, const char *prog, const char *envname, char *out, size_t len, bool waves)
{
    const char *env = getenv(envname);
    if (env && *env) {
        snprintf(out, len, "%s", env);
        return;
    }
    const char *prof = getenv("VGIW_RTL_PROFILE");
    if (waves || (prof && !strcmp(prof, "test"))) {
        find_device_in("tb", config, prog, out, len);
        return;
    }
    if (find_device_in("tb-fast", config, prog, out, len) == 0 || (prof && *prof))
        return;
    char alt[PATH_MAX + 64];
    if (find_device_in("tb", config, prog, alt, sizeof alt) == 0) {
        fprintf(stderr, "runtime: no fast-profile %s device for %s; using the test-profile one (%s)\n",
                d_kind(prog), config, alt);
        snprintf(out, len, "%s", alt);
    }
}

static int rtl_open(vrt_device *d, char *err, size_t errlen)
{
    /* the simt device process speaks the same protocol (sw/runtime/device/simt_device.c) */
    const char *prog = d->simt ? "vgiw_simt/vgiw-simt" : "vgiw_rtl/vgiw-rtl", *kind = d->simt ? "simt" : "rtl";
    uint32_t want_id = d->simt ? d->preset->simt_core_id : VGIW_CORE_ID;
    char path[PATH_MAX + 64];
    if (d->opt.device_path && *d->opt.device_path)
        snprintf(path, sizeof path, "%s", d->opt.device_path);
    else
        find_device(d->config, prog, d->simt ? "VGIW_SIMT_DEVICE" : "VGIW_RTL_DEVICE", path, sizeof path,
                    d->opt.waves && *d->opt.waves);
    if (access(path, X_OK)) {
        snprintf(err, errlen, "%s device program %s not found (build it: make %s-device CONFIG=%s%s)", kind, path,
                 kind, d->config, strstr(path, "/tb-fast/") ? " PROFILE=fast" : "");
        return VRT_ERR_BACKEND;
    }
    char lat[32], wf[24], wt[24];
    char *argv[16];
    int n = 0;
    argv[n++] = path;
    if (d->opt.lat_min) {
        snprintf(lat, sizeof lat, "%u:%u", d->opt.lat_min, d->opt.lat_max > d->opt.lat_min ? d->opt.lat_max
                                                                                            : d->opt.lat_min);
        argv[n++] = "--lat";
        argv[n++] = lat;
    }
    if (d->opt.progress)
        argv[n++] = "--progress";
    if (d->opt.waves && *d->opt.waves) {
        argv[n++] = "--waves";
        argv[n++] = (char *)d->opt.waves;
        snprintf(wf, sizeof wf, "%llu", (unsigned long long)d->opt.waves_from);
        snprintf(wt, sizeof wt, "%llu", (unsigned long long)d->opt.waves_to);
        argv[n++] = "--waves-from";
        argv[n++] = wf;
        argv[n++] = "--waves-to";
        argv[n++] = wt;
        argv[n++] = "--quiet";
    }
    argv[n] = NULL;
    int in[2], out[2], er[2];
    if (pipe2(in, O_CLOEXEC))
        return snprintf(err, errlen, "pipe: %s", strerror(errno)), VRT_ERR_BACKEND;
    if (pipe2(out, O_CLOEXEC)) {
        close(in[0]);
        close(in[1]);
        return snprintf(err, errlen, "pipe: %s", strerror(errno)), VRT_ERR_BACKEND;
    }
    if (pipe2(er, O_CLOEXEC)) {
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        return snprintf(err, errlen, "pipe: %s", strerror(errno)), VRT_ERR_BACKEND;
    }
    /* the simulator: own process group, SIGKILL when the host dies (even by SIGKILL),
     * killed with its group when the host gets SIGINT/SIGTERM or exits (vg_proc.h) */
    pid_t pid = vgp_fork();
    if (pid < 0) {
        close(in[0]); close(in[1]); close(out[0]); close(out[1]); close(er[0]); close(er[1]);
        return snprintf(err, errlen, "fork: %s", strerror(errno)), VRT_ERR_BACKEND;
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(er[1], 2);   /* dup2 clears close-on-exec on 0, 1, 2 */
        execv(path, argv);
        fprintf(stderr, "cannot run %s: %s\n", path, strerror(errno));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(er[1]);
    d->pid = pid;
    d->to_dev = in[1];
    d->from_dev = out[0];
    d->err_dev = er[0];
    d->limit_s = d->opt.timeout_s ? d->opt.timeout_s : vgp_timeout();
    signal(SIGPIPE, SIG_IGN);   /* a dead device is an error status, not a signal */
    rtp_hello_t h;
    uint32_t got = 0;
    if (dev_send(d, RTP_HELLO, 0, NULL, 0) || dev_recv(d, &h, sizeof h, &got) || got != sizeof h) {
        snprintf(err, errlen, "%s device %s does not answer: %s", kind, path, d->err);
        return VRT_ERR_BACKEND;
    }
    h.preset[sizeof h.preset - 1] = 0;
    if (strcmp(h.preset, d->config) || h.id != want_id) {
        snprintf(err, errlen, "%s device %s is preset '%s' (ID %08x), '%s' requested", kind, path, h.preset, h.id,
                 d->config);
        return VRT_ERR_BACKEND;
    }
    return 0;
}

static void rtl_close(vrt_device *d)
{
    if (d->pid <= 0) {   /* reaped when it was lost */
        if (d->err_dev > 0)
            close(d->err_dev);
        d->err_dev = -1;
        return;
    }
    /* a device that still answers quits by itself (closing its waveform) */
    int quit = 0;
    if (!d->broken && !d->pending) {
        uint32_t got;
        quit = !dev_send(d, RTP_QUIT, 0, NULL, 0) && !dev_recv(d, NULL, 0, &got);
    }
    close(d->to_dev);
    close(d->from_dev);
    if (d->pid <= 0)
        goto out;
    if (!quit)
        vgp_kill(d->pid);   /* its whole process group */
    int st;
    while (waitpid(d->pid, &st, 0) < 0 && errno == EINTR)
        ;
    vgp_forget(d->pid);
    d->pid = 0;
out:
    while (d->err_dev >= 0)
        pump_stderr(d);
}

static int fpga_rc(vrt_device *d, int rc)
{
    if (rc == VRT_ERR_BACKEND || rc == VRT_ERR_TIMEOUT)
        d->lost = 1;   /* the link failed: the board's state is unknown */
    return rc ? fail(d, rc, "%s", vfpga_error(d->fpga)) : 0;
}

/* a write that is not a configuration write forgets the slots whose configurations it meets:
 * their next launch writes them again under new keys */
static void cfg_forget(vrt_device *d, uint32_t addr, size_t bytes)
{
    size_t stride = 4u * vl_cfg_words(d->preset);
    for (int i = 0; i < MAX_KERNELS; i++) {
        rt_cfgslot *c = &d->cfgslot[i];
        if (!c->words)
            continue;
        vl_place_t pl = vl_place(d->preset, c->sys, c->blocks, 4);
        if ((uint64_t)addr < pl.cfg + (uint64_t)c->blocks * stride && (uint64_t)addr + bytes > pl.cfg)
            memset(c->key, 0, sizeof c->key);
    }
}

static int dev_write_raw(vrt_device *d, uint32_t addr, const void *src, size_t bytes);
static int dev_write(vrt_device *d, uint32_t addr, const void *src, size_t bytes)
{
    cfg_forget(d, addr, bytes);
    return dev_write_raw(d, addr, src, bytes);
}

static int dev_write_raw(vrt_device *d, uint32_t addr, const void *src, size_t bytes)
{
    if (d->fpga)
        return fpga_rc(d, vfpga_write(d->fpga, addr, src, bytes));
    const uint8_t *p = src;
    while (bytes) {
        uint32_t n = bytes > RTP_MAX_XFER ? RTP_MAX_XFER : (uint32_t)bytes;
        int rc = dev_send(d, RTP_WRITE, addr, p, n);
        if (!rc)
            rc = dev_recv(d, NULL, 0, NULL);
        if (rc)
            return rc;
        p += n;
        addr += n;
        bytes -= n;
    }
    return 0;
}

static int dev_read(vrt_device *d, uint32_t addr, void *dst, size_t bytes)
{
    if (d->fpga)
        return fpga_rc(d, vfpga_read(d->fpga, addr, dst, bytes));
    uint8_t *p = dst;
    while (bytes) {
        uint32_t n = bytes > RTP_MAX_XFER ? RTP_MAX_XFER : (uint32_t)bytes, got = 0;
        int rc = dev_send(d, RTP_READ, addr, NULL, n);
        if (!rc)
            rc = dev_recv(d, p, n, &got);
        if (rc)
            return rc;
        if (got != n)
            return fail(d, VRT_ERR_BACKEND, "rtl device: short read");
        p += n;
        addr += n;
        bytes -= n;
    }
    return 0;
}

/* ---- for the simt backend (vrt_simt.h) ---- */
int vrtb_fail(vrt_device *d, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->err, sizeof d->err, fmt, ap);
    va_end(ap);
    return status;
}
int vrtb_dev_write(vrt_device *d, uint32_t addr, const void *src, size_t bytes) { return dev_write(d, addr, src, bytes); }
int vrtb_dev_run(vrt_device *d, const rtp_run_t *run) { return dev_send(d, RTP_RUN, 0, run, sizeof *run); }
int vrtb_dev_result(vrt_device *d, void *out, uint32_t cap, uint32_t *got) { return dev_recv(d, out, cap, got); }
void vrtb_lost(vrt_device *d) { d->lost = 1; }

/* ================================================================ open / close */

int vrt_open(const vrt_options *o, vrt_device **out, char *err, size_t errlen)
{
    if (!out)
        return VRT_ERR_INVALID;
    *out = NULL;
    vrt_options def;
    vrt_options_init(&def);
    if (!o)
        o = &def;
    const char *be = o->backend ? o->backend : "rtl";
    const char *cfg = o->config ? o->config : "small";
    int simt = !strcmp(be, "simt"), fpga = !strcmp(be, "fpga");
    int rtl = !strcmp(be, "rtl") || simt || fpga;
    if (!rtl && strcmp(be, "interp")) {
        snprintf(err, errlen, "unknown backend '%s' (rtl, interp, simt, fpga)", be);
        return VRT_ERR_INVALID;
    }
    const vgiw_preset_t *p = vgiw_preset_find(cfg);
    if (!p) {
        snprintf(err, errlen, "unknown preset '%s' (" VGIW_PRESET_NAMES ")", cfg);
        return VRT_ERR_INVALID;
    }
    if (p->bbs_max_blocks > VRT_MAX_BLOCKS || p->fabric_units > VRT_MAX_UNITS) {
        snprintf(err, errlen, "preset '%s' exceeds the runtime's counter tables", cfg);
        return VRT_ERR_INVALID;
    }
    vrt_device *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return VRT_ERR_NOMEM;
    }
    d->rtl = rtl;
    d->simt = simt;
    d->err_dev = -1;
    d->preset = p;
    snprintf(d->config, sizeof d->config, "%s", cfg);
    d->opt = *o;
    if (!d->opt.stall_cycles)
        d->opt.stall_cycles = 200000;
    d->next_addr = BUF_BASE;
    d->seed = o->seed;
    if (fpga) {
        int rc = vfpga_open(&d->fpga, o, p, err, errlen);
        if (rc) {
            free(d);
            return rc;
        }
        d->next_addr = VFPGA_BUF_BASE;
    } else if (rtl) {
        int rc = rtl_open(d, err, errlen);
        if (rc) {
            d->lost = 1;
            vrt_close(d);
            return rc;
        }
    }
    *out = d;
    return VRT_OK;
}

void vrt_close(vrt_device *d)
{
    if (!d)
        return;
    if (d->fpga)
        vfpga_close(d->fpga);
    else if (d->rtl)
        rtl_close(d);
    for (int i = 0; i < MAX_BUFS; i++)
        free(d->buf[i].data);
    for (int i = 0; i < MAX_PROGS; i++) {
        if (d->prog[i].used)
            vg_image_free(&d->prog[i].img);
        vrt_simt_free(d->sprog[i]);
    }
    for (int i = 0; i < MAX_KERNELS; i++)
        free(d->cfgslot[i].words);
    free(d);
}

static int usable(vrt_device *d)
{
    if (d->lost)
        return fail(d, VRT_ERR_STATE, "the device was lost after an earlier failure: close it");
    if (d->pending)
        return fail(d, VRT_ERR_STATE, "a launch is in flight: vrt_wait first");
    return 0;
}

/* ================================================================ buffers */

static rt_buf *get_buf(vrt_device *d, vrt_buf b)
{
    if (b < 1 || b > MAX_BUFS || !d->buf[b - 1].used)
        return NULL;
    return &d->buf[b - 1];
}

int vrt_alloc(vrt_device *d, size_t bytes, vrt_buf *out)
{
    if (!d || !out)
        return VRT_ERR_INVALID;
    *out = 0;
    int rc = usable(d);
    if (rc)
        return rc;
    if (!bytes)
        return fail(d, VRT_ERR_INVALID, "alloc: size 0");
    uint64_t end = (uint64_t)d->next_addr + bytes;
    const uint32_t limit = d->fpga ? vfpga_buf_limit(d->fpga) : SYS_BASE;   /* board memory: vrt_fpga.h */
    if (bytes > limit || end > limit)
        return fail(d, VRT_ERR_NOMEM, "alloc: %zu bytes do not fit the device's buffer space (%u KB left)", bytes,
                    limit > d->next_addr ? (limit - d->next_addr) >> 10 : 0);
    int h = 0;
    while (h < MAX_BUFS && d->buf[h].used)
        h++;
    if (h == MAX_BUFS)
        return fail(d, VRT_ERR_NOMEM, "alloc: more than %d buffers", MAX_BUFS);
    rt_buf *B = &d->buf[h];
    memset(B, 0, sizeof *B);
    if (!d->rtl && !(B->data = calloc(1, bytes)))
        return fail(d, VRT_ERR_NOMEM, "alloc: host memory for %zu bytes", bytes);
    B->used = 1;
    B->addr = d->next_addr;
    B->bytes = (uint32_t)bytes;
    /* never reused: fresh device memory reads 0; a 4 KB gap after each buffer (256 bytes on a
     * board, whose memory is small; a board's memory is zeroed by the fpga device) */
    const uint64_t gap = d->fpga ? 256 : 4096;
    d->next_addr = (uint32_t)((end + gap + gap - 1) & ~(gap - 1));
    if (d->fpga)
        vfpga_alloc_zero(d->fpga, B->addr, B->bytes);
    *out = h + 1;
    return VRT_OK;
}

int vrt_free(vrt_device *d, vrt_buf b)
{
    if (!d)
        return VRT_ERR_INVALID;
    if (d->pending)
        return fail(d, VRT_ERR_STATE, "free: a launch is in flight");
    rt_buf *B = get_buf(d, b);
    if (!B)
        return fail(d, VRT_ERR_HANDLE, "free: bad buffer handle %d", b);
    free(B->data);
    memset(B, 0, sizeof *B);
    return VRT_OK;
}

static int copy_check(vrt_device *d, const char *what, vrt_buf b, size_t off, const void *p, size_t bytes,
                      rt_buf **out)
{
    int rc = usable(d);
    if (rc)
        return rc;
    rt_buf *B = get_buf(d, b);
    if (!B)
        return fail(d, VRT_ERR_HANDLE, "%s: bad buffer handle %d", what, b);
    if (!p && bytes)
        return fail(d, VRT_ERR_INVALID, "%s: NULL host pointer", what);
    if (off > B->bytes || bytes > B->bytes - off)
        return fail(d, VRT_ERR_BOUNDS, "%s: %zu bytes at offset %zu outside buffer %d of %u bytes", what, bytes, off,
                    b, B->bytes);
    *out = B;
    return 0;
}

int vrt_write(vrt_device *d, vrt_buf b, size_t off, const void *src, size_t bytes)
{
    if (!d)
        return VRT_ERR_INVALID;
    rt_buf *B;
    int rc = copy_check(d, "write", b, off, src, bytes, &B);
    if (rc || !bytes)
        return rc;
    if (!d->rtl) {
        memcpy(B->data + off, src, bytes);
        return 0;
    }
    return dev_write(d, B->addr + (uint32_t)off, src, bytes);
}

int vrt_read(vrt_device *d, vrt_buf b, size_t off, void *dst, size_t bytes)
{
    if (!d)
        return VRT_ERR_INVALID;
    rt_buf *B;
    int rc = copy_check(d, "read", b, off, dst, bytes, &B);
    if (rc || !bytes)
        return rc;
    if (!d->rtl) {
        memcpy(dst, B->data + off, bytes);
        return 0;
    }
    return dev_read(d, B->addr + (uint32_t)off, dst, bytes);
}

int vrt_buf_addr(vrt_device *d, vrt_buf b, uint32_t *addr)
{
    if (!d || !addr)
        return VRT_ERR_INVALID;
    rt_buf *B = get_buf(d, b);
    if (!B)
        return fail(d, VRT_ERR_HANDLE, "bad buffer handle %d", b);
    *addr = B->addr;
    return 0;
}

/* ================================================================ programs and kernels */

static int add_prog(vrt_device *d, vg_image *img, vrt_simt_prog *sp, vrt_program *out)
{
    int h = 0;
    while (h < MAX_PROGS && d->prog[h].used)
        h++;
    if (h == MAX_PROGS) {
        vg_image_free(img);
        vrt_simt_free(sp);
        return fail(d, VRT_ERR_NOMEM, "more than %d programs loaded", MAX_PROGS);
    }
    if (d->rtl && strcmp(img->config, d->config)) {
        int rc = fail(d, VRT_ERR_IMAGE, "image compiled for preset '%s', the device is '%s' (vgiwcc --config %s)",
                      img->config, d->config, d->config);
        vg_image_free(img);
        return rc;
    }
    d->prog[h].used = 1;
    d->prog[h].img = *img;
    d->sprog[h] = sp;
    *out = h + 1;
    return 0;
}

int vrt_program_load(vrt_device *d, const char *path, vrt_program *out)
{
    if (!d || !path || !out)
        return VRT_ERR_INVALID;
    *out = 0;
    vg_image img;
    char e[400];
    if (d->simt) {   /* a vgiw-simtcc ELF (vrt_simt.c) */
        vrt_simt_prog *sp;
        if (vrt_simt_load(path, d->config, &img, &sp, e, sizeof e))
            return fail(d, VRT_ERR_IMAGE, "%s", e);
        return add_prog(d, &img, sp, out);
    }
    if (vg_image_load(path, &img, e, sizeof e))
        return fail(d, VRT_ERR_IMAGE, "%s: %s", path, e);
    return add_prog(d, &img, NULL, out);
}

int vrt_program_load_mem(vrt_device *d, const void *image, size_t bytes, vrt_program *out)
{
    if (!d || !image || !out)
        return VRT_ERR_INVALID;
    *out = 0;
    vg_image img;
    char e[400];
    if (d->simt)
        return fail(d, VRT_ERR_IMAGE, "the simt backend loads programs from files (vrt_program_load)");
    if (vg_image_read(image, bytes, &img, e, sizeof e))
        return fail(d, VRT_ERR_IMAGE, "image: %s", e);
    return add_prog(d, &img, NULL, out);
}

int vrt_program_release(vrt_device *d, vrt_program p)
{
    if (!d)
        return VRT_ERR_INVALID;
    if (p < 1 || p > MAX_PROGS || !d->prog[p - 1].used)
        return fail(d, VRT_ERR_HANDLE, "bad program handle %d", p);
    if (d->pending)
        return fail(d, VRT_ERR_STATE, "program release: a launch is in flight");
    for (int i = 0; i < MAX_KERNELS; i++)
        if (d->kern[i].used && d->kern[i].prog == p)
            d->kern[i].used = 0;
    vg_image_free(&d->prog[p - 1].img);
    if (d->resident == d->sprog[p - 1])
        d->resident = NULL;
    vrt_simt_free(d->sprog[p - 1]);
    d->sprog[p - 1] = NULL;
    d->prog[p - 1].used = 0;
    return 0;
}

int vrt_program_kernel_name(vrt_device *d, vrt_program p, unsigned i, const char **name)
{
    if (!d || !name)
        return VRT_ERR_INVALID;
    if (p < 1 || p > MAX_PROGS || !d->prog[p - 1].used)
        return fail(d, VRT_ERR_HANDLE, "bad program handle %d", p);
    if (i >= d->prog[p - 1].img.nkernels)
        return VRT_ERR_INVALID;
    *name = d->prog[p - 1].img.kernels[i].name;
    return 0;
}

static rt_kern *get_kern(vrt_device *d, vrt_kernel k)
{
    if (k < 1 || k > MAX_KERNELS || !d->kern[k - 1].used)
        return NULL;
    return &d->kern[k - 1];
}

int vrt_kernel_create(vrt_device *d, vrt_program p, const char *name, vrt_kernel *out)
{
    if (!d || !name || !out)
        return VRT_ERR_INVALID;
    *out = 0;
    if (p < 1 || p > MAX_PROGS || !d->prog[p - 1].used)
        return fail(d, VRT_ERR_HANDLE, "bad program handle %d", p);
    const vg_image *img = &d->prog[p - 1].img;
    const vg_kernel *k = NULL;
    for (uint32_t i = 0; i < img->nkernels; i++)
        if (!strcmp(img->kernels[i].name, name))
            k = &img->kernels[i];
    if (!k)
        return fail(d, VRT_ERR_IMAGE, "no kernel '%s' in the image", name);
    if (vg_launch_nargs(k) > VG_SRC_ARG_MAX)
        return fail(d, VRT_ERR_IMAGE, "kernel '%s': %u arguments (at most %d)", name, k->nargs, VG_SRC_ARG_MAX);
    int h = 0;
    while (h < MAX_KERNELS && d->kern[h].used)
        h++;
    if (h == MAX_KERNELS)
        return fail(d, VRT_ERR_NOMEM, "more than %d kernel objects", MAX_KERNELS);
    rt_kern *K = &d->kern[h];
    memset(K, 0, sizeof *K);
    K->used = 1;
    K->prog = p;
    K->k = k;
    if (k->const_bytes) {
        /* the kernel's constant data (docs/compiler.md "Constant tables") in a device buffer
         * of the kernel object; its address is the launch value after the last argument */
        vrt_buf b;
        int rc = vrt_alloc(d, k->const_bytes, &b);
        if (!rc && (rc = vrt_write(d, b, 0, k->const_data, k->const_bytes)))
            vrt_free(d, b);
        if (rc) {
            K->used = 0;
            return rc;
        }
        K->argown[k->nargs] = b;
        K->argv[k->nargs] = get_buf(d, b)->addr;
    }
    *out = h + 1;
    return 0;
}

int vrt_kernel_release(vrt_device *d, vrt_kernel k)
{
    if (!d)
        return VRT_ERR_INVALID;
    rt_kern *K = get_kern(d, k);
    if (!K)
        return fail(d, VRT_ERR_HANDLE, "bad kernel handle %d", k);
    for (unsigned i = 0; i < VG_SRC_ARG_MAX; i++)
        if (K->argown[i])
            vrt_free(d, K->argown[i]);
    K->used = 0;
    return 0;
}

int vrt_kernel_nargs(vrt_device *d, vrt_kernel k, unsigned *nargs)
{
    if (!d || !nargs)
        return VRT_ERR_INVALID;
    rt_kern *K = get_kern(d, k);
    if (!K)
        return fail(d, VRT_ERR_HANDLE, "bad kernel handle %d", k);
    *nargs = K->k->nargs;
    return 0;
}

static const char *arg_kind_name(unsigned kind)
{
    return kind == VG_ARG_BUFFER ? "buffer" : kind == VG_ARG_LOCAL ? "__local pointer"
           : kind == VG_ARG_STRUCT ? "struct passed by value" : "scalar";
}

/* want: the enum vg_argkind the setter provides */
static int arg_check(vrt_device *d, vrt_kernel k, unsigned i, unsigned want, rt_kern **out)
{
    if (!d)
        return VRT_ERR_INVALID;
    rt_kern *K = get_kern(d, k);
    if (!K)
        return fail(d, VRT_ERR_HANDLE, "set_arg: bad kernel handle %d", k);
    if (i >= K->k->nargs)
        return fail(d, VRT_ERR_ARG, "kernel '%s' has %u arguments: no argument %u", K->k->name, K->k->nargs, i);
    const vg_arg *a = &K->k->args[i];
    if (a->kind != want)
        return fail(d, VRT_ERR_ARG, "kernel '%s' argument %u '%s' is a %s, a %s was given", K->k->name, i, a->name,
                    arg_kind_name(a->kind), arg_kind_name(want));
    if (K->argown[i]) {   /* a struct's bytes set before */
        vrt_free(d, K->argown[i]);
        K->argown[i] = 0;
    }
    *out = K;
    return 0;
}

/* Argument i's launch value v (an address, a scalar, or 0 for a __local offset set at launch)
 * and the buffer it names (0: none). */
static int arg_store(rt_kern *K, unsigned i, uint32_t v, vrt_buf b)
{
    K->argv[i] = v;
    K->argbuf[i] = b;
    K->argset[i] = 1;
    return 0;
}

int vrt_set_arg_buf(vrt_device *d, vrt_kernel k, unsigned i, vrt_buf b)
{
    rt_kern *K;
    int rc = arg_check(d, k, i, VG_ARG_BUFFER, &K);
    if (rc)
        return rc;
    rt_buf *B = get_buf(d, b);
    if (!B)
        return fail(d, VRT_ERR_HANDLE, "kernel '%s' argument %u: bad buffer handle %d", K->k->name, i, b);
    return arg_store(K, i, B->addr, b);
}

int vrt_set_arg_u32(vrt_device *d, vrt_kernel k, unsigned i, uint32_t v)
{
    rt_kern *K;
    int rc = arg_check(d, k, i, VG_ARG_SCALAR, &K);
    if (rc)
        return rc;
    if (K->k->args[i].elem_size == 8)
        return fail(d, VRT_ERR_ARG, "kernel '%s' argument %u '%s' is 64-bit: set it with vrt_set_arg_u64",
                    K->k->name, i, K->k->args[i].name);
    return arg_store(K, i, v, 0);
}

/* The bytes of a struct or 64-bit scalar argument in a device buffer of the kernel object. */
static int set_arg_bytes(vrt_device *d, rt_kern *K, unsigned i, const void *data, size_t bytes)
{
    vrt_buf b;
    int rc;
    if ((rc = vrt_alloc(d, bytes, &b)))
        return rc;
    if ((rc = vrt_write(d, b, 0, data, bytes))) {
        vrt_free(d, b);
        return rc;
    }
    K->argown[i] = b;
    return arg_store(K, i, get_buf(d, b)->addr, b);
}

int vrt_set_arg_u64(vrt_device *d, vrt_kernel k, unsigned i, uint64_t v)
{
    rt_kern *K;
    int rc = arg_check(d, k, i, VG_ARG_SCALAR, &K);
    if (rc)
        return rc;
    if (K->k->args[i].elem_size != 8)
        return fail(d, VRT_ERR_ARG, "kernel '%s' argument %u '%s' is a 32-bit scalar: set it with vrt_set_arg_u32",
                    K->k->name, i, K->k->args[i].name);
    uint8_t le[8];   /* the target is little-endian */
    for (int b = 0; b < 8; b++)
        le[b] = (uint8_t)(v >> (8 * b));
    return set_arg_bytes(d, K, i, le, 8);
}

int vrt_set_arg_struct(vrt_device *d, vrt_kernel k, unsigned i, const void *data, size_t bytes)
{
    if (!data)
        return VRT_ERR_INVALID;
    rt_kern *K;
    int rc = arg_check(d, k, i, VG_ARG_STRUCT, &K);
    if (rc)
        return rc;
    if (bytes != K->k->args[i].elem_size)
        return fail(d, VRT_ERR_ARG, "kernel '%s' argument %u '%s' is a struct of %u bytes, %zu given", K->k->name, i,
                    K->k->args[i].name, K->k->args[i].elem_size, bytes);
    /* the kernel reads the struct from device memory (docs/compiler.md "Struct arguments") */
    return set_arg_bytes(d, K, i, data, bytes);
}

int vrt_set_arg_local(vrt_device *d, vrt_kernel k, unsigned i, uint32_t bytes)
{
    rt_kern *K;
    int rc = arg_check(d, k, i, VG_ARG_LOCAL, &K);
    if (rc)
        return rc;
    if (bytes == 0 || bytes > VG_LOCAL_MAX)
        return fail(d, VRT_ERR_ARG, "kernel '%s' argument %u '%s': __local size %u (1..%u bytes)", K->k->name, i,
                    K->k->args[i].name, bytes, VG_LOCAL_MAX);
    K->arglocal[i] = bytes;
    return arg_store(K, i, 0, 0);   /* the offset is set by vg_local_layout at launch */
}

int vrt_set_arg_i32(vrt_device *d, vrt_kernel k, unsigned i, int32_t v) { return vrt_set_arg_u32(d, k, i, (uint32_t)v); }

int vrt_set_arg_f32(vrt_device *d, vrt_kernel k, unsigned i, float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    return vrt_set_arg_u32(d, k, i, u);
}

/* ================================================================ launch */

typedef struct {
    uint32_t g[3], l[3], ng[3];
    uint64_t threads, group_threads, groups;
} ndr_t;

static int ndrange(vrt_device *d, const vg_kernel *k, unsigned dims, const uint32_t *global, const uint32_t *local,
                   ndr_t *n)
{
    if (dims < 1 || dims > 3)
        return fail(d, VRT_ERR_NDRANGE, "kernel '%s': %u dimensions (1 to 3)", k->name, dims);
    if (!global)
        return fail(d, VRT_ERR_INVALID, "kernel '%s': no global size", k->name);
    n->threads = n->group_threads = n->groups = 1;
    for (unsigned i = 0; i < 3; i++) {
        n->g[i] = i < dims ? global[i] : 1;
        n->l[i] = i < dims && local ? local[i] : 1;
        if (!n->g[i] || !n->l[i])
            return fail(d, VRT_ERR_NDRANGE, "kernel '%s': size 0 in dimension %u", k->name, i);
        if (n->g[i] % n->l[i])
            return fail(d, VRT_ERR_NDRANGE, "kernel '%s': global size %u not a multiple of local size %u (dimension %u)",
                        k->name, n->g[i], n->l[i], i);
        n->ng[i] = n->g[i] / n->l[i];
        n->threads *= n->g[i];
        n->group_threads *= n->l[i];
        n->groups *= n->ng[i];
    }
    if (n->threads > 0xFFFFFFFFull)
        return fail(d, VRT_ERR_NDRANGE, "kernel '%s': %llu work-items (at most 2^32-1)", k->name,
                    (unsigned long long)n->threads);
    return 0;
}

static int launch_interp(vrt_device *d, rt_kern *K, const ndr_t *n)
{
    const vg_kernel *k = K->k;
    vi_region regs[MAX_BUFS];
    vi_memory mem = { regs, 0 };
    for (int i = 0; i < MAX_BUFS; i++)
        if (d->buf[i].used)
            regs[mem.n++] = (vi_region){ d->buf[i].addr, d->buf[i].bytes, d->buf[i].data, "buffer" };
    vi_launch L;
    memset(&L, 0, sizeof L);
    memcpy(L.global, n->g, sizeof L.global);
    memcpy(L.local, n->l, sizeof L.local);
    L.args = K->argv;
    L.local_stride = K->local_stride;
    L.mem = &mem;
    L.random_order = d->seed != 0;
    L.seed = d->seed + d->total.launches;
    L.max_steps = d->opt.max_steps;
    if (d->opt.interp_pnr) {
        const vgiw_preset_t *p = vgiw_preset_find(d->prog[K->prog - 1].img.config);
        for (uint32_t b = 0; b < k->nblocks; b++)
            if (!k->blocks[b].pnr.nwords || !p)
                return fail(d, VRT_ERR_IMAGE, "kernel '%s' block %u has no placed-and-routed configuration", k->name, b);
        L.pnr_preset = p;
    }
    char e[400];
    memset(&d->cur, 0, sizeof d->cur);
    int rc = vi_run(k, &L, e, sizeof e);
    d->cur.block_execs_total = L.sched_rounds;
    d->cur.thread_blocks = L.thread_blocks;
    d->cur.instructions = L.nodes;
    d->cur.nblocks = k->nblocks;
    d->pending_status = rc ? fail(d, VRT_ERR_DEVICE, "interpreter: %s", e) : 0;
    return 0;
}

static uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

/* docs/core.md: descriptor, block table, shift-order configurations with the relocations
 * patched, live value matrix and the tile's __local regions, all in the system area. */
static int launch_rtl(vrt_device *d, rt_kern *K, const ndr_t *n)
{
    const vg_kernel *k = K->k;
    const vgiw_preset_t *p = d->preset;
    uint32_t B = k->nblocks, nwords = vl_cfg_words(p);
    if (B < 1 || B > p->bbs_max_blocks)
        return fail(d, VRT_ERR_IMAGE, "kernel '%s' has %u blocks; the block table of preset '%s' holds %u", k->name,
                    B, p->name, p->bbs_max_blocks);
    for (uint32_t b = 0; b < B; b++) {
        const vg_pnr *r = &k->blocks[b].pnr;
        if (!r->nwords)
            return fail(d, VRT_ERR_IMAGE, "kernel '%s' block %u has no placed-and-routed configuration (compiled "
                        "with --no-pnr, or it did not fit '%s')", k->name, b, p->name);
        if (r->nwords != nwords || r->chains != p->cfg_chains)
            return fail(d, VRT_ERR_IMAGE, "kernel '%s' block %u: %u configuration words in %u chains, preset '%s' "
                        "needs %u in %u", k->name, b, r->nwords, r->chains, p->name, nwords, p->cfg_chains);
    }
    /* tiles (docs/core.md "Tiles"; vgiw_layout.h) of whole work-groups */
    uint32_t T = vl_tile_threads(n->threads, B, p->cvt_bits, p->datapath_tid_bits);
    if (!T)
        return fail(d, VRT_ERR_NDRANGE, "kernel '%s': %u blocks leave tiles of fewer than 64 threads on '%s' (CVT of "
                    "%u bits)", k->name, B, p->name, p->cvt_bits);
    /* VGIW §3.4: with VGIW_LVC_TILES=fit the tile is cut so that its live values fit the LVC
     * (vl_tile_fit_lvc), told to the BBS through tile_max. Not the default: on `small` the extra
     * block executions cost more fill and drain than the spills they save (docs/apps.md "LVC"). */
    const char *lvt = getenv("VGIW_LVC_TILES");
    if (lvt && *lvt && strcmp(lvt, "fit") && strcmp(lvt, "cvt"))
        return fail(d, VRT_ERR_INVALID, "VGIW_LVC_TILES='%s': expected 'fit' (tiles sized to the LVC) or 'cvt' "
                    "(tiles sized to the CVT, the default)", lvt);
    if (lvt && !strcmp(lvt, "fit"))
        T = vl_tile_fit_lvc(T, n->threads, n->group_threads, k->lv_count, p);
    vl_tiling_t tl;
    if (vl_tile_groups(T, n->threads, n->group_threads, n->groups, &tl))
        return fail(d, VRT_ERR_NDRANGE, "kernel '%s': %llu work-items need several tiles of at most %u threads on "
                    "'%s', and a work-group of %llu work-items does not fit one", k->name,
                    (unsigned long long)n->threads, T, p->name, (unsigned long long)n->group_threads);
    uint32_t local_stride = K->local_stride;
    /* descriptor, block table, configurations packed one after the other (docs/core.md) */
    int rc = 0;
    uint32_t sys = SYS_BASE, scratch = 0, scratch_end = SYS_END, al = 4096;
    if (d->fpga) {   /* the board: the kernel's own region, then scratch above the buffers (vrt_fpga.h) */
        vl_place_t p0 = vl_place(p, 0, B, 4);
        if ((rc = vfpga_kernel_region(d->fpga, k, p0.end, d->next_addr, &sys)))
            return fpga_rc(d, rc);
        vfpga_scratch(d->fpga, d->next_addr, &scratch, &scratch_end);
        al = 256;
    }
    if (!d->fpga) {
        /* each kernel handle has its own descriptor, table and configurations, so that the
         * configurations of kernels launched in turn (bfs's two) can stay on chip; live values
         * and __local memory after every handle's slot */
        uint32_t slot = (uint32_t)align_up(vl_place(p, 0, p->bbs_max_blocks, 4).end, 4096);
        sys = SYS_BASE + slot * (uint32_t)(K - d->kern);
        scratch = SYS_BASE + slot * MAX_KERNELS;
    }
    vl_place_t pl = vl_place(p, sys, B, 4);
    uint64_t lv = align_up(scratch, al);
    uint64_t local_base = align_up((uint32_t)(lv + 4ull * k->lv_count * vl_lv_stride(tl.threads, p)), al);
    uint64_t end = local_base + (uint64_t)local_stride * tl.groups;
    if (end > scratch_end)
        return fail(d, VRT_ERR_NOMEM, "kernel '%s': live values and __local memory of a tile need %llu bytes",
                    k->name, (unsigned long long)(end - SYS_BASE));
    uint32_t *words = malloc(4u * nwords);
    if (!words)
        return fail(d, VRT_ERR_NOMEM, "out of host memory");
    const vl_launch_t rl = { n->g, n->l, K->argv, vg_launch_nargs(k), (uint32_t)local_base, local_stride, tl.groups };
    rt_cfgslot *cs = &d->cfgslot[K - d->kern];
    if (cs->words && (cs->sys != sys || cs->blocks < B)) {   /* another layout: forget it */
        free(cs->words);
        cs->words = NULL;
    }
    if (!cs->words) {
        memset(cs, 0, sizeof *cs);
        cs->sys = sys;
        cs->blocks = p->bbs_max_blocks;
        if (!(cs->words = calloc((size_t)p->bbs_max_blocks * nwords, 4))) {
            free(words);
            return fail(d, VRT_ERR_NOMEM, "out of host memory");
        }
    }
    uint32_t keys[VRT_MAX_BLOCKS];
    /* launch values (docs/core.md "Launch values", VGIW §3.2, §3.5): relocated words hold an escape and
     * a slot of the descriptor's launch value table, the same on every launch */
    vl_lv_plan_t lvp;
    uint32_t bad_b, bad_r;
    if (vl_lv_plan(k, &rl, cs->esc, &lvp, &bad_b, &bad_r)) {
        free(words);
        return fail(d, VRT_ERR_IMAGE, "kernel '%s' block %u: bad relocation %u (value %u)", k->name, bad_b, bad_r,
                    k->blocks[bad_b].pnr.relocs[bad_r].value);
    }
    cs->esc = lvp.esc;
    for (uint32_t b = 0; b < B && !rc; b++) {
        const vg_pnr *r = &k->blocks[b].pnr;
        uint32_t *old = cs->words + (size_t)b * nwords;
        vl_cfg_mem_words(r, &rl, &lvp, words);
        if (!cs->key[b] || memcmp(old, words, 4u * nwords)) {
            /* new words here: written, under a key never given before */
            cs->key[b] = 0;
            if (!(rc = dev_write_raw(d, vl_cfg_addr(&pl, b), words, 4u * nwords))) {
                memcpy(old, words, 4u * nwords);
                cs->key[b] = ++d->next_key ? d->next_key : ++d->next_key;
            }
        }
        keys[b] = cs->key[b];
    }
    free(words);
    if (rc)
        return rc;
    uint32_t tab[VGIW_BT_ENTRY_WORDS * VRT_MAX_BLOCKS];
    for (uint32_t b = 0; b < B; b++) {
        const vg_block *bl = &k->blocks[b];
        /* image: succ[0] when the outcome is non-zero (taken); core: successor 1 taken,
         * successor 0 not taken; a jump goes to the same block either way */
        uint32_t taken = VGIW_BT_SUCC_NONE, not_taken = VGIW_BT_SUCC_NONE;
        if (bl->nsucc >= 1)
            taken = not_taken = bl->succ[0];
        if (bl->nsucc == 2)
            not_taken = bl->succ[1];
        vl_bt_entry(vl_cfg_addr(&pl, b), not_taken, taken, bl->pnr.cvu_mask, &tab[VGIW_BT_ENTRY_WORDS * b]);
        tab[VGIW_BT_ENTRY_WORDS * b + VGIW_BT_W_CFG_KEY] = keys[b];
    }
    vl_desc_t ds = {
        .blocks = B, .table = pl.table, .threads = (uint32_t)n->threads, .lv_base = (uint32_t)lv,
        .lv_count = k->lv_count, .tile_max = tl.max_words,
        .lsize = { n->l[0], n->l[1], n->l[2] }, .ngroups = { n->ng[0], n->ng[1] }, .gsize = { n->g[0], n->g[1] },
        .local_base = (uint32_t)local_base, .local_stride = local_stride, .tile_groups = tl.groups,
        .local_span = local_stride * tl.groups,
    };
    vl_desc_launch(&lvp, &ds);
    uint32_t dsc[VGIW_DESC_WORDS];
    vl_desc_words(&ds, dsc);
    /* until a launch of ours has ended cleanly, the core may hold configurations of someone
     * else's (a board keeps them across host programs): the first launch drops them */
    dsc[VGIW_DESC_W_CFG_FLAGS] = d->cfg_vouched ? 0 : 1;
    if ((rc = dev_write(d, pl.table, tab, 4u * VGIW_BT_ENTRY_WORDS * B)) || (rc = dev_write(d, pl.desc, dsc, sizeof dsc)))
        return rc;
    rtp_run_t run;
    memset(&run, 0, sizeof run);
    run.desc = pl.desc;
    run.threads = (uint32_t)n->threads;
    run.max_cycles = d->opt.max_cycles;
    run.stall_cycles = d->opt.stall_cycles;
    snprintf(run.name, sizeof run.name, "%s", k->name);
    memset(&d->cur, 0, sizeof d->cur);
    d->cur.tile_threads = tl.threads;
    if ((rc = d->fpga ? fpga_rc(d, vfpga_start(d->fpga, &run)) : dev_send(d, RTP_RUN, 0, &run, sizeof run)))
        return rc;
    d->pending_k = k;
    return 0;
}

static int wait_rtl(vrt_device *d)
{
    d->cfg_vouched = 0;   /* until this launch is seen to end cleanly */
    static uint64_t res[RTP_RES_MAX];
    uint32_t got = 0;
    int rc = d->fpga ? fpga_rc(d, vfpga_wait(d->fpga, d->pending_k->nblocks, res, sizeof res, &got))
                     : dev_recv(d, res, sizeof res, &got);
    if (rc)
        return rc;
    const vgiw_preset_t *p = d->preset;
    uint32_t want = (uint32_t)((RTP_RES_CNT + RTP_RES_COUNTERS(p->bbs_max_blocks, p->fabric_units)) * sizeof(uint64_t));
    if (got != want) {
        d->lost = 1;
        return fail(d, VRT_ERR_BACKEND, "rtl device: run result of %u bytes, %u expected", got, want);
    }
    vrt_stats *s = &d->cur;
    const vg_kernel *k = d->pending_k;
    uint32_t st = (uint32_t)res[RTP_RES_STATUS];
    s->sim_cycles = res[RTP_RES_SIM_CYCLES];
    /* counters in the order of arch/core.toml (rt_proto.h): fixed, then mem_system's */
    const uint64_t *c = &res[RTP_RES_CNT];
    unsigned ci = 0;
#define FIXED(f) s->f = c[ci++];
    VGIW_CNT_FIXED_LIST(FIXED)
#undef FIXED
    /* mem_system counters count from reset: the difference to the previous launch */
#define EXT(f) s->f = c[ci++] - d->total.f;
    VGIW_CNT_EXT_LIST(EXT)
#undef EXT
    const unsigned nc = ci;   /* then the per-block and per-unit ranges */
    s->nblocks = k->nblocks;
    s->nunits = p->fabric_units;
    for (uint32_t b = 0; b < p->bbs_max_blocks; b++) {
        if (b < k->nblocks) {
            s->block_exec[b] = c[nc + b];
            s->block_threads[b] = c[nc + p->bbs_max_blocks + b];
            s->block_cycles[b] = c[nc + 2 * p->bbs_max_blocks + p->fabric_units + b];
            s->block_replicas[b] = (uint32_t)__builtin_popcount(k->blocks[b].pnr.cvu_mask);
        }
        s->block_execs_total += c[nc + b];
        s->thread_blocks += c[nc + p->bbs_max_blocks + b];
    }
    for (uint32_t u = 0; u < p->fabric_units; u++) {
        s->unit_fires[u] = c[nc + 2 * p->bbs_max_blocks + u];
        if (p->unit_type[u] != UNIT_CVU)
            s->instructions += s->unit_fires[u];
    }
    if (res[RTP_RES_WATCHDOG]) {
        d->lost = 1;
        char where[300] = "";
        size_t w = 0;
        for (uint32_t b = 0; b < k->nblocks && w < sizeof where - 40; b++)
            w += (size_t)snprintf(where + w, sizeof where - w, " B%u:%llux/%llut", b,
                                  (unsigned long long)s->block_exec[b], (unsigned long long)s->block_threads[b]);
        return fail(d, VRT_ERR_TIMEOUT, "kernel '%s': watchdog: %s after %llu cycles (STATUS %08x, %llu of %llu threads "
                    "retired, %llu batches; block executions/threads:%s); the device is lost", k->name,
                    res[RTP_RES_WATCHDOG] == RTP_WD_MAX_CYCLES ? "cycle limit reached" : "no progress",
                    (unsigned long long)s->sim_cycles, st, (unsigned long long)s->retired,
                    (unsigned long long)s->threads, (unsigned long long)s->batches, where);
    }
    if (st & VGIW_STATUS_ERROR) {   /* STATUS layout and error codes: arch/core.toml (vgiw_core_map.h) */
        unsigned code = VGIW_STATUS_CODE(st);
        const char *what = code < VGIW_ERR_CODES ? vgiw_err_docs[code] : NULL;
        return fail(d, VRT_ERR_DEVICE, "kernel '%s': device error %u (%s), STATUS %08x", k->name, code,
                    what ? what : "unknown", st);
    }
    if ((st & (VGIW_STATUS_BUSY | VGIW_STATUS_DONE)) != VGIW_STATUS_DONE)
        return fail(d, VRT_ERR_DEVICE, "kernel '%s': done with STATUS %08x (busy or not done)", k->name, st);
    d->cfg_vouched = 1;   /* a clean end: what the core keeps now is what we wrote */
    return 0;
}

int vrt_launch(vrt_device *d, vrt_kernel kh, unsigned dims, const uint32_t *global, const uint32_t *local)
{
    if (!d)
        return VRT_ERR_INVALID;
    int rc = usable(d);
    if (rc)
        return rc;
    rt_kern *K = get_kern(d, kh);
    if (!K)
        return fail(d, VRT_ERR_HANDLE, "launch: bad kernel handle %d", kh);
    const vg_kernel *k = K->k;
    for (uint32_t i = 0; i < k->nargs; i++) {
        if (!K->argset[i])
            return fail(d, VRT_ERR_ARG, "kernel '%s' argument %u '%s' is not set (%u arguments)", k->name, i,
                        k->args[i].name, k->nargs);
        if (K->argbuf[i]) {
            rt_buf *B = get_buf(d, K->argbuf[i]);
            if (!B || B->addr != K->argv[i])
                return fail(d, VRT_ERR_HANDLE, "kernel '%s' argument %u '%s': buffer %d was released", k->name, i,
                            k->args[i].name, K->argbuf[i]);
        }
    }
    char lerr[200];
    if (vg_local_layout(k, K->arglocal, K->argv, &K->local_stride, lerr, sizeof lerr))
        return fail(d, VRT_ERR_ARG, "%s", lerr);
    ndr_t n;
    if ((rc = ndrange(d, k, dims, global, local, &n)))
        return rc;
    d->pending_k = k;
    if (d->simt) {
        const vrt_simt_launch_t sl = { k, (int)(k - d->prog[K->prog - 1].img.kernels), K->argv,
                                       { n.g[0], n.g[1], n.g[2] }, { n.l[0], n.l[1], n.l[2] },
                                       { n.ng[0], n.ng[1], n.ng[2] }, n.threads, n.group_threads, n.groups };
        rc = vrt_simt_launch(d, &d->opt, d->preset, d->sprog[K->prog - 1], &d->resident, &sl, &d->cur);
    } else {
        rc = d->rtl ? launch_rtl(d, K, &n) : launch_interp(d, K, &n);
    }
    if (rc)
        return rc;
    d->cur.threads = n.threads;
    d->pending = 1;
    return 0;
}

int vrt_wait(vrt_device *d)
{
    if (!d)
        return VRT_ERR_INVALID;
    if (!d->pending)
        return fail(d, VRT_ERR_STATE, "wait: no launch in flight");
    d->pending = 0;
    uint64_t threads = d->cur.threads, tt = d->cur.tile_threads;
    int rc = d->simt ? vrt_simt_wait(d, d->preset, d->pending_k->name, &d->cur) : d->rtl ? wait_rtl(d)
                                                                                    : d->pending_status;
    d->cur.threads = threads;
    d->cur.tile_threads = tt;
    d->cur.launches = 1;
    d->last = d->cur;
    vrt_stats_add(&d->total, &d->cur);
    return rc;
}

int vrt_run(vrt_device *d, vrt_kernel k, unsigned dims, const uint32_t *global, const uint32_t *local)
{
    int rc = vrt_launch(d, k, dims, global, local);
    return rc ? rc : vrt_wait(d);
}

/* ================================================================ counters */

#define STAT_FIELDS(X)                                                                                         \
    X(launches) X(threads) X(tile_threads) X(cycles) X(sim_cycles) X(tiles) X(batches) X(reconfigs)            \
    X(reconfig_cycles) X(fabric_busy) X(stall_cfg) X(stall_ready) X(stall_drain) X(retired) X(cfg_hits)        \
    X(cfg_misses) X(cfg_fetches) X(cfg_kept) X(cfg_bg_shifts) X(cfg_bg_used) X(l1_access)                      \
    X(l1_hit) X(l1_miss) X(l1_bank_conflict) X(l1_writeback) X(lvc_access) X(lvc_hit) X(lvc_miss) X(lvc_spill) \
    X(l1_mshr_stall) X(l1_refill) X(l1_miss_cycles) X(lvc_bank_conflict) X(lvc_mshr_stall) X(lvc_refill)          \
    X(lvc_miss_cycles) X(block_execs_total) X(thread_blocks) X(instructions) X(warp_instructions)            \
    X(thread_instructions) X(mem_passes) X(mem_replays)

void vrt_stats_add(vrt_stats *sum, const vrt_stats *s)
{
#define ADD(f) sum->f += s->f;
    STAT_FIELDS(ADD)
#undef ADD
    if (s->tile_threads > sum->tile_threads)
        sum->tile_threads = s->tile_threads;
    if (s->nblocks > sum->nblocks)
        sum->nblocks = s->nblocks;
    if (s->nunits > sum->nunits)
        sum->nunits = s->nunits;
    for (int i = 0; i < VRT_MAX_BLOCKS; i++) {
        sum->block_exec[i] += s->block_exec[i];
        sum->block_threads[i] += s->block_threads[i];
        sum->block_cycles[i] += s->block_cycles[i];
        if (s->block_replicas[i] > sum->block_replicas[i])
            sum->block_replicas[i] = s->block_replicas[i];
    }
    for (int i = 0; i < VRT_MAX_UNITS; i++)
        sum->unit_fires[i] += s->unit_fires[i];
    for (int i = 0; i < VRT_SIMT_COUNTERS; i++)
        sum->simt_cnt[i] += s->simt_cnt[i];
    for (int i = 0; i < VRT_SIMT_EXT; i++)
        sum->simt[i] += s->simt[i];
}

int vrt_stats_get(vrt_device *d, vrt_stats *last, vrt_stats *total)
{
    if (!d)
        return VRT_ERR_INVALID;
    if (last)
        *last = d->last;
    if (total)
        *total = d->total;
    return 0;
}

void vrt_stats_json(FILE *f, const vrt_stats *s, const char *ind)
{
#define PR(x) fprintf(f, "%s\"%s\": %llu,\n", ind, #x, (unsigned long long)s->x);
    STAT_FIELDS(PR)
#undef PR
    fprintf(f, "%s\"block_exec\": [", ind);
    for (uint32_t b = 0; b < s->nblocks; b++)
        fprintf(f, "%s%llu", b ? ", " : "", (unsigned long long)s->block_exec[b]);
    fprintf(f, "],\n%s\"block_threads\": [", ind);
    for (uint32_t b = 0; b < s->nblocks; b++)
        fprintf(f, "%s%llu", b ? ", " : "", (unsigned long long)s->block_threads[b]);
    fprintf(f, "],\n%s\"block_cycles\": [", ind);
    for (uint32_t b = 0; b < s->nblocks; b++)
        fprintf(f, "%s%llu", b ? ", " : "", (unsigned long long)s->block_cycles[b]);
    fprintf(f, "],\n%s\"block_replicas\": [", ind);
    for (uint32_t b = 0; b < s->nblocks; b++)
        fprintf(f, "%s%u", b ? ", " : "", s->block_replicas[b]);
    /* VGIW §2's rate per block: threads / replicas / cycles it held the fabric (1.0: one thread
     * per cycle per replica including its reconfigurations, fill and drain; 0 where not counted) */
    fprintf(f, "],\n%s\"block_tb_per_cycle_per_replica\": [", ind);
    for (uint32_t b = 0; b < s->nblocks; b++)
        fprintf(f, "%s%.4f", b ? ", " : "",
                s->block_cycles[b] ? (double)s->block_threads[b] / (s->block_replicas[b] ? s->block_replicas[b] : 1)
                                         / (double)s->block_cycles[b]
                                   : 0.0);
    fprintf(f, "],\n%s\"unit_fires\": [", ind);
    for (uint32_t u = 0; u < s->nunits; u++)
        fprintf(f, "%s%llu", u ? ", " : "", (unsigned long long)s->unit_fires[u]);
    fprintf(f, "],\n%s\"simt_counters\": [", ind);
    for (int i = 0; i < VRT_SIMT_COUNTERS; i++)
        fprintf(f, "%s%llu", i ? ", " : "", (unsigned long long)s->simt_cnt[i]);
    fprintf(f, "],\n%s\"simt\": {", ind);   /* [counters.simt] by name (0 on the other backends) */
    for (unsigned i = 0; i < VGIW_CNT_SIMT_COUNT; i++)
        fprintf(f, "%s\"%s\": %llu", i ? ", " : "", vgiw_cnt_simt_names[i], (unsigned long long)s->simt[i]);
    fprintf(f, "}");
}

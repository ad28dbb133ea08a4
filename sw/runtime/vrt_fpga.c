/* The runtime's fpga device (vrt_fpga.h, docs/runtime.md "The fpga device"): a board behind the
 * serial host link of docs/fpga.md.
 *
 * What the link costs decides the design: a 32-word MEM_WRITE frame is 141 bytes on the line
 * (about 1.4 ms at 1 Mbaud on the ULX3S; 5,640 clock cycles on the simulated board, whose
 * model runs some 40,000 cycles/s), so the device sends no word the board already holds:
 *  - a shadow of board memory on the host: words the host wrote or read since the last launch
 *    are known and not sent again, nor read again;
 *  - each kernel object gets its own region (descriptor, block table, configurations) at the
 *    top of board memory, kept across launches, so a relaunch resends only the words that
 *    changed (usually the descriptor's thread count, or nothing);
 *  - a new buffer reads 0 (vrt_alloc's promise) without its zeros crossing the link unless the
 *    host leaves them unwritten before a launch.
 * A launch makes every word below the kernel regions unknown (the kernel may have written it);
 * the regions stay known, as a kernel never writes its own configuration (one that writes
 * outside its buffers can break this, as it can break anything).
 *
 * Link errors: every exchange is checked (hostlink.c: reply checksum, length, per-byte timeout).
 * A request the board did not execute (BAD_CRC, TIMEOUT, BAD_LEN/BAD_CMD from a corrupted
 * byte) or whose reply was lost is sent again after the line has been silent long enough for
 * the board to be outside any frame (at most VFPGA_TRIES times); START is resent only if
 * KDESC shows the board did not take it, so a kernel never runs twice. BAD_ADDR and BUSY are
 * errors of the caller or of the board's state, reported, the device still usable.
 *
 * VGIW_FPGA_FAULT=kind@[CMD:]n[,...] (tests, tb/fpga) breaks the n-th request frame the device
 * sends (counted from 1 after open; with CMD, the n-th frame of that command, e.g. START:1):
 * crc (a payload bit flipped after the checksum), sum (a wrong checksum), trunc (half the
 * frame, then silence), drop (the reply is lost), oob (the frame replaced by a MEM_WRITE past
 * the end of board memory), busy (replaced by a MEM_WRITE of the word at VFPGA_BUF_BASE - 4: a
 * command the board refuses while a kernel runs). */
#define _DEFAULT_SOURCE
#include "vrt_fpga.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hostlink.h"
#include "hostlink_serial.h"
#include "vg_proc.h"
#include "vgiw_core_map.h"

#define VFPGA_TRIES    3     /* attempts of one request */
#define VFPGA_REGIONS  64    /* kernel regions */
#define VFPGA_GAP      3     /* unchanged words between two runs sent anyway (a frame costs ~3 words) */
#define VFPGA_MAXFAULT 16

enum { W_UNKNOWN = 0, W_KNOWN = 1, W_ZERO = 2 };   /* shadow state of a board word */

struct vfpga {
    hl_serial_t ser;
    hl_io_t io;                 /* the serial transport, through the fault injector */
    const vgiw_preset_t *p;
    char err[600];
    uint32_t mem_bytes, words;
    uint32_t *val;              /* shadow: value of known words */
    uint8_t *st;                /* shadow: W_* per word */
    uint32_t top;               /* words below this may be known or zero-pending (bounds the scans) */
    struct { const void *key; uint32_t base, bytes; } kr[VFPGA_REGIONS];
    int nkr;
    uint32_t kr_low;            /* lowest kernel region: buffers and scratch below */
    unsigned link_ms, resync_ms, limit_s;
    uint64_t ext0[VGIW_CNT_EXT_COUNT];   /* mem_system counters at open (they count from board reset) */
    /* faults (tests) */
    struct { char kind[16]; unsigned n, cmd; } fault[VFPGA_MAXFAULT];   /* cmd 0: any */
    int nfault;
    unsigned frames, cmd_frames[256];
    int drop_reply;
    unsigned retries;
    uint64_t sent, recvd, requests;   /* bytes on the line, request frames */
    double t_open;
    /* the launch in flight */
    rtp_run_t run;
    int progress;
};

static int ferr(vfpga *f, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int ferr(vfpga *f, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->err, sizeof f->err, fmt, ap);
    va_end(ap);
    return status;
}

const char *vfpga_error(const vfpga *f) { return f ? f->err : "no board"; }

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- transport with fault injection ------------------------------------------------------- */

static const char *fault_of(vfpga *f, unsigned n, unsigned cmd)
{
    unsigned nc = ++f->cmd_frames[cmd & 0xFF];
    for (int i = 0; i < f->nfault; i++)
        if (f->fault[i].cmd ? f->fault[i].cmd == cmd && f->fault[i].n == nc : f->fault[i].n == n)
            return f->fault[i].kind;
    return NULL;
}

static int t_put(void *ctx, const uint8_t *buf, size_t n)
{
    vfpga *f = ctx;
    const char *k = fault_of(f, ++f->frames, n > 1 ? buf[1] : 0);
    f->requests++;
    f->sent += n;
    if (!k)
        return f->ser.io.put(f->ser.io.ctx, buf, n);
    uint8_t b[VGIW_HL_MAX_PAYLOAD + 8];
    if (n > sizeof b)
        return -1;
    memcpy(b, buf, n);
    fprintf(stderr, "fpga: fault injected into request frame %u (command 0x%02x): %s\n", f->frames, buf[1], k);
    if (!strcmp(k, "crc")) {
        b[n > 4 ? 3 : 2] ^= 0x10;              /* a payload (or length) bit, after the checksum */
    } else if (!strcmp(k, "sum")) {
        b[n - 1] ^= 0x5A;
    } else if (!strcmp(k, "trunc")) {
        n = n / 2 ? n / 2 : 1;
    } else if (!strcmp(k, "drop")) {
        f->drop_reply = 1;
    } else if (!strcmp(k, "oob") || !strcmp(k, "busy")) {   /* a well-formed MEM_WRITE */
        uint32_t a = !strcmp(k, "oob") ? f->mem_bytes : VFPGA_BUF_BASE - 4, v = 0xDEADBEEFu;
        uint8_t pay[8];
        for (int i = 0; i < 4; i++) {
            pay[i] = (uint8_t)(a >> (8 * i));
            pay[4 + i] = (uint8_t)(v >> (8 * i));
        }
        n = hl_frame(b, VGIW_HL_CMD_MEM_WRITE, pay, 8);
    }
    return f->ser.io.put(f->ser.io.ctx, b, n);
}

static int t_get(void *ctx, uint8_t *byte)
{
    vfpga *f = ctx;
    if (f->drop_reply) {                       /* the reply is lost: left on the line */
        f->drop_reply = 0;
        return -1;
    }
    int r = f->ser.io.get(f->ser.io.ctx, byte);
    f->recvd += r == 0;
    return r;
}

static int parse_faults(vfpga *f, const char *spec, char *err, size_t errlen)
{
    static const char *const kinds[] = { "crc", "sum", "trunc", "drop", "oob", "busy", NULL };
    static const struct { const char *name; unsigned code; } cmds[] = {
        { "PING", VGIW_HL_CMD_PING }, { "MEM_WRITE", VGIW_HL_CMD_MEM_WRITE }, { "MEM_READ", VGIW_HL_CMD_MEM_READ },
        { "REG_WRITE", VGIW_HL_CMD_REG_WRITE }, { "REG_READ", VGIW_HL_CMD_REG_READ }, { "START", VGIW_HL_CMD_START },
        { "COUNTER", VGIW_HL_CMD_COUNTER },
    };
    const char *s = spec;
    while (*s) {
        char kind[16], cmd[16];
        unsigned n, code = 0;
        int used = 0;
        if (sscanf(s, "%15[a-z]@%15[A-Z_]:%u%n", kind, cmd, &n, &used) == 3) {
            for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
                if (!strcmp(cmd, cmds[i].name))
                    code = cmds[i].code;
            if (!code)
                goto bad;
        } else if (used = 0, sscanf(s, "%15[a-z]@%u%n", kind, &n, &used) != 2) {
            goto bad;
        }
        if (!n || f->nfault == VFPGA_MAXFAULT)
            goto bad;
        int ok = 0;
        for (int i = 0; kinds[i]; i++)
            ok |= !strcmp(kind, kinds[i]);
        if (!ok)
            goto bad;
        snprintf(f->fault[f->nfault].kind, sizeof f->fault[0].kind, "%s", kind);
        f->fault[f->nfault].cmd = code;
        f->fault[f->nfault++].n = n;
        s += used;
        if (*s == ',')
            s++;
        else if (*s)
            goto bad;
    }
    return 0;
bad:
    snprintf(err, errlen, "VGIW_FPGA_FAULT='%s': expected kind@[CMD:]n[,...] with kind crc, sum, trunc, drop, oob or "
             "busy, CMD a host link command (PING, MEM_WRITE, ..., COUNTER), n >= 1 (at most %d)", spec, VFPGA_MAXFAULT);
    return -1;
}

/* ---- requests ------------------------------------------------------------------------------ */

/* Reading until the line has been silent for resync_ms: the board is then outside any frame
 * (its own timeout, docs/fpga.md "Errors", is shorter) and the rest of a lost reply is gone. */
static void resync(vfpga *f)
{
    double t0 = now_s();
    for (;;) {
        struct pollfd pf = { f->ser.fd, POLLIN, 0 };
        int r = poll(&pf, 1, (int)f->resync_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0 || !(pf.revents & POLLIN))
            return;
        uint8_t junk[256];
        if (read(f->ser.fd, junk, sizeof junk) <= 0 || now_s() - t0 > 60.0)
            return;
    }
}

static int retryable(int r)
{
    return r == HL_E_NOREPLY || r == HL_E_REPLYCRC || r == HL_E_REPLY || r == VGIW_HL_ST_BAD_CRC ||
           r == VGIW_HL_ST_TIMEOUT || r == VGIW_HL_ST_BAD_CMD || r == VGIW_HL_ST_BAD_LEN;
}

/* The message of a request that failed for good. */
static int link_fail(vfpga *f, const char *what, int r, int tries)
{
    char again[64] = "";
    if (tries > 1)
        snprintf(again, sizeof again, " (%d attempts)", tries);
    if (r == VGIW_HL_ST_BAD_ADDR)
        return ferr(f, VRT_ERR_BOUNDS, "fpga board: %s: BAD_ADDR (outside the board's %u bytes of memory)%s", what,
                    f->mem_bytes, again);
    if (r == VGIW_HL_ST_BUSY)
        return ferr(f, VRT_ERR_STATE, "fpga board: %s: BUSY (a kernel is running on the board)%s", what, again);
    if (r == HL_E_NOREPLY)
        return ferr(f, VRT_ERR_TIMEOUT, "fpga board: %s: no reply within %u ms per byte%s: is the board on %s, "
                    "configured and out of reset? (--link-timeout-ms)", what, f->link_ms, again,
                    "the port");
    return ferr(f, r < 0 ? VRT_ERR_BACKEND : VRT_ERR_DEVICE, "fpga board: %s: %s%s", what, hl_result_name(r), again);
}

static void note_retry(vfpga *f, const char *what, int r)
{
    f->retries++;
    fprintf(stderr, "fpga: %s: %s; the line is resynchronized and the request sent again\n", what,
            hl_result_name(r));
    resync(f);
}

/* One idempotent request, tried up to VFPGA_TRIES times. */
#define TRY(f, what, expr)                                             \
    do {                                                               \
        for (int t_ = 1;; t_++) {                                      \
            int r_ = (expr);                                           \
            if (r_ == VGIW_HL_ST_OK)                                   \
                break;                                                 \
            if (!retryable(r_) || t_ == VFPGA_TRIES)                   \
                return link_fail((f), (what), r_, t_);                 \
            note_retry((f), (what), r_);                               \
        }                                                              \
    } while (0)

static int reg_read(vfpga *f, uint8_t reg, uint32_t *v)
{
    char what[48];
    snprintf(what, sizeof what, "REG_READ %s", reg / 4 < 15 ? vgiw_reg_names[reg / 4] : "?");
    TRY(f, what, hl_reg_read(&f->io, reg, v));
    return 0;
}

static int counter(vfpga *f, uint16_t idx, uint64_t *v)
{
    char what[40];
    snprintf(what, sizeof what, "COUNTER %u", idx);
    TRY(f, what, hl_counter(&f->io, idx, v));
    return 0;
}

/* n counters from idx, in frames of up to VGIW_HL_MAX_COUNTERS */
static int counters(vfpga *f, uint16_t idx, uint64_t *v, uint32_t n)
{
    char what[48];
    snprintf(what, sizeof what, "COUNTER %u..%u", idx, idx + n - 1);
    TRY(f, what, hl_counters(&f->io, idx, v, n));
    return 0;
}

static int words_write(vfpga *f, uint32_t w0, const uint32_t *w, uint32_t n)
{
    char what[64];
    snprintf(what, sizeof what, "MEM_WRITE of %u words at 0x%08x", n, 4 * w0);
    TRY(f, what, hl_mem_write(&f->io, 4 * w0, w, n));
    return 0;
}

static int words_read(vfpga *f, uint32_t w0, uint32_t *w, uint32_t n)
{
    char what[64];
    snprintf(what, sizeof what, "MEM_READ of %u words at 0x%08x", n, 4 * w0);
    TRY(f, what, hl_mem_read(&f->io, 4 * w0, w, n));
    return 0;
}

/* ---- open / close ------------------------------------------------------------------------- */

int vfpga_open(vfpga **out, const vrt_options *o, const vgiw_preset_t *p, char *err, size_t errlen)
{
    *out = NULL;
    if (!o->port || !*o->port) {
        snprintf(err, errlen, "the fpga device needs the board's serial port (--port PATH)");
        return VRT_ERR_INVALID;
    }
    vfpga *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return VRT_ERR_NOMEM;
    }
    f->p = p;
    f->ser.fd = -1;
    f->link_ms = o->link_timeout_ms ? o->link_timeout_ms : 1000;
    /* long enough for the board's own frame timeout (timeout_ms) to have passed */
    f->resync_ms = f->link_ms < 2000 ? f->link_ms : 2000;
    if (f->resync_ms < 2 * VGIW_HL_TIMEOUT_MS)
        f->resync_ms = 2 * VGIW_HL_TIMEOUT_MS;
    f->limit_s = o->timeout_s ? o->timeout_s : vgp_timeout();
    f->progress = o->progress;
    f->t_open = now_s();
    const char *fs = getenv("VGIW_FPGA_FAULT");
    if (fs && *fs && parse_faults(f, fs, err, errlen)) {
        free(f);
        return VRT_ERR_INVALID;
    }
    char e[300];
    if (hl_serial_open(&f->ser, o->port, o->baud, f->link_ms, e, sizeof e)) {
        snprintf(err, errlen, "fpga board: %s", e);
        free(f);
        return VRT_ERR_BACKEND;
    }
    f->io = (hl_io_t){ t_put, t_get, f };
    /* whatever an earlier session left on the line */
    resync(f);
    uint32_t ver = 0, mem = 0, id = 0;
    int rc = 0;
    for (int t = 1;; t++) {
        int r = hl_ping(&f->io, &ver, &mem);
        if (r == VGIW_HL_ST_OK)
            break;
        if (!retryable(r) || t == VFPGA_TRIES) {
            rc = link_fail(f, "PING", r, t);
            break;
        }
        note_retry(f, "PING", r);
    }
    if (!rc && ver != VGIW_HL_VERSION)
        rc = ferr(f, VRT_ERR_BACKEND, "fpga board on %s speaks host link version %u, this runtime %u", o->port, ver,
                  VGIW_HL_VERSION);
    if (!rc && (mem < 2 * VFPGA_BUF_BASE || mem % 256))
        rc = ferr(f, VRT_ERR_BACKEND, "fpga board on %s reports %u bytes of memory", o->port, mem);
    if (!rc)
        rc = reg_read(f, VGIW_REG_ID, &id);
    if (!rc && id != VGIW_CORE_ID)
        rc = ferr(f, VRT_ERR_BACKEND, "fpga board on %s: ID register %08x, not a VGIW core (%08x)", o->port, id,
                  VGIW_CORE_ID);
    /* the bitstream's preset must be the one the kernels are compiled and laid out for: a board
       built for another preset would run them to a wrong answer or an error code */
    uint32_t pid = 0;
    if (!rc)
        rc = reg_read(f, VGIW_REG_PRESET, &pid);
    if (!rc && pid != p->preset_id) {
        const char *carries = NULL;
        for (int i = 0; i < VGIW_PRESET_COUNT; i++)
            if (vgiw_presets[i].preset_id == pid)
                carries = vgiw_presets[i].name;
        if (carries)
            rc = ferr(f, VRT_ERR_BACKEND, "fpga board on %s was built for preset '%s' (PRESET %08x), not '%s': "
                      "use --config %s", o->port, carries, pid, p->name, carries);
        else
            rc = ferr(f, VRT_ERR_BACKEND, "fpga board on %s was built for a preset this runtime does not know "
                      "(PRESET %08x; '%s' is %08x): its bitstream comes from other arch/ files", o->port, pid,
                      p->name, p->preset_id);
    }
    uint32_t status = 0;
    if (!rc)
        rc = reg_read(f, VGIW_REG_STATUS, &status);
    if (!rc && (status & VGIW_STATUS_BUSY)) {
        /* an earlier session's kernel (its host died): nothing else is accepted until it ends */
        fprintf(stderr, "fpga: the board on %s is running a kernel (STATUS %08x); waiting for it to end\n", o->port,
                status);
        double t0 = now_s();
        while (!rc && (status & VGIW_STATUS_BUSY)) {
            if (f->limit_s && now_s() - t0 > (double)f->limit_s)
                rc = ferr(f, VRT_ERR_STATE, "fpga board on %s: an earlier kernel still runs after %u s (STATUS %08x; "
                          "time limit: --timeout, VGIW_TIMEOUT)", o->port, f->limit_s, status);
            else
                rc = reg_read(f, VGIW_REG_STATUS, &status);
        }
    }
    if (!rc)
        rc = counters(f, VGIW_CNT_EXT, f->ext0, VGIW_CNT_EXT_COUNT);
    if (!rc) {
        f->mem_bytes = mem;
        f->words = mem / 4;
        f->val = calloc(f->words, 4);
        f->st = calloc(f->words, 1);
        if (!f->val || !f->st)
            rc = ferr(f, VRT_ERR_NOMEM, "out of host memory for the shadow of %u bytes", mem);
    }
    if (rc) {
        snprintf(err, errlen, "%s", f->err);
        vfpga_close(f);
        return rc;
    }
    f->kr_low = mem;
    *out = f;
    return 0;
}

void vfpga_close(vfpga *f)
{
    if (!f)
        return;
    if (f->retries)
        fprintf(stderr, "fpga: %u requests were sent again after link errors\n", f->retries);
    if (f->progress)
        fprintf(stderr, "fpga: %" PRIu64 " requests, %" PRIu64 " bytes sent, %" PRIu64 " received in %.1f s\n",
                f->requests, f->sent, f->recvd, now_s() - f->t_open);
    hl_serial_close(&f->ser);
    free(f->val);
    free(f->st);
    free(f);
}

/* ---- memory ------------------------------------------------------------------------------- */

uint32_t vfpga_buf_limit(const vfpga *f) { return f->kr_low; }

void vfpga_alloc_zero(vfpga *f, uint32_t addr, uint32_t bytes)
{
    uint32_t w0 = addr / 4, w1 = (uint32_t)(((uint64_t)addr + bytes + 3) / 4);
    if (w1 > f->words)
        w1 = f->words;
    for (uint32_t w = w0; w < w1; w++)
        if (!(f->st[w] == W_KNOWN && f->val[w] == 0))
            f->st[w] = W_ZERO;
    if (w1 > f->top)
        f->top = w1;
}

static int range_ok(vfpga *f, const char *what, uint32_t addr, size_t bytes)
{
    if ((uint64_t)addr + bytes > f->mem_bytes)
        return ferr(f, VRT_ERR_BOUNDS, "fpga: %s of %zu bytes at 0x%08x: outside the board's %u bytes", what, bytes,
                    addr, f->mem_bytes);
    return 0;
}

/* Sends words [w0, w1) whose shadow is not `want`; runs closer than VFPGA_GAP are merged. */
static int send_words(vfpga *f, uint32_t w0, uint32_t w1, const uint32_t *want)
{
    uint32_t w = w0;
    while (w < w1) {
        while (w < w1 && f->st[w] == W_KNOWN && f->val[w] == want[w - w0])
            w++;
        if (w == w1)
            break;
        uint32_t s = w, e = w, quiet = 0;
        for (; w < w1; w++) {
            if (f->st[w] == W_KNOWN && f->val[w] == want[w - w0]) {
                if (++quiet > VFPGA_GAP)
                    break;
            } else {
                quiet = 0;
                e = w + 1;
            }
        }
        int rc = words_write(f, s, want + (s - w0), e - s);
        if (rc)
            return rc;
        for (uint32_t i = s; i < e; i++) {
            f->st[i] = W_KNOWN;
            f->val[i] = want[i - w0];
        }
        w = e;
    }
    if (w1 > f->top)
        f->top = w1;
    return 0;
}

/* The current value of word w as the host sees it (unknown words are read from the board). */
static int word_now(vfpga *f, uint32_t w, uint32_t *v)
{
    if (f->st[w] == W_KNOWN) {
        *v = f->val[w];
        return 0;
    }
    if (f->st[w] == W_ZERO) {
        *v = 0;
        return 0;
    }
    int rc = words_read(f, w, v, 1);
    if (!rc) {
        f->st[w] = W_KNOWN;
        f->val[w] = *v;
    }
    return rc;
}

int vfpga_write(vfpga *f, uint32_t addr, const void *src, size_t bytes)
{
    int rc = range_ok(f, "write", addr, bytes);
    if (rc || !bytes)
        return rc;
    uint32_t w0 = addr / 4, w1 = (uint32_t)(((uint64_t)addr + bytes + 3) / 4), n = w1 - w0;
    uint32_t *want = malloc(4u * n);
    if (!want)
        return ferr(f, VRT_ERR_NOMEM, "out of host memory");
    /* partial words at the edges: the board has words only (read-modify-write) */
    if (addr & 3)
        rc = word_now(f, w0, &want[0]);
    if (!rc && ((addr + bytes) & 3))
        rc = word_now(f, w1 - 1, &want[n - 1]);
    if (!rc) {
        memcpy((uint8_t *)want + (addr & 3), src, bytes);   /* little-endian host and target */
        rc = send_words(f, w0, w1, want);
    }
    free(want);
    return rc;
}

int vfpga_read(vfpga *f, uint32_t addr, void *dst, size_t bytes)
{
    int rc = range_ok(f, "read", addr, bytes);
    if (rc || !bytes)
        return rc;
    uint32_t w0 = addr / 4, w1 = (uint32_t)(((uint64_t)addr + bytes + 3) / 4), n = w1 - w0;
    uint32_t *got = malloc(4u * n);
    if (!got)
        return ferr(f, VRT_ERR_NOMEM, "out of host memory");
    for (uint32_t w = w0; w < w1 && !rc;) {
        if (f->st[w] != W_UNKNOWN) {
            got[w - w0] = f->st[w] == W_KNOWN ? f->val[w] : 0;
            w++;
            continue;
        }
        uint32_t e = w;
        while (e < w1 && f->st[e] == W_UNKNOWN)
            e++;
        if (!(rc = words_read(f, w, got + (w - w0), e - w)))
            for (uint32_t i = w; i < e; i++) {
                f->st[i] = W_KNOWN;
                f->val[i] = got[i - w0];
            }
        w = e;
    }
    if (!rc)
        memcpy(dst, (uint8_t *)got + (addr & 3), bytes);
    if (w1 > f->top)
        f->top = w1;
    free(got);
    return rc;
}

/* Zeros the host left unwritten, before the kernel can read them. */
static int flush_zero(vfpga *f)
{
    static const uint32_t zeros[256];
    for (uint32_t w = 0; w < f->top;) {
        if (f->st[w] != W_ZERO) {
            w++;
            continue;
        }
        uint32_t e = w;
        while (e < f->top && e - w < 256 && f->st[e] == W_ZERO)
            e++;
        int rc = words_write(f, w, zeros, e - w);
        if (rc)
            return rc;
        for (uint32_t i = w; i < e; i++) {
            f->st[i] = W_KNOWN;
            f->val[i] = 0;
        }
        w = e;
    }
    return 0;
}

int vfpga_kernel_region(vfpga *f, const void *key, uint32_t bytes, uint32_t buf_end, uint32_t *base)
{
    for (int i = 0; i < f->nkr; i++)
        if (f->kr[i].key == key && f->kr[i].bytes >= bytes) {
            *base = f->kr[i].base;
            return 0;
        }
    uint32_t need = (bytes + 255u) & ~255u;
    if (f->nkr == VFPGA_REGIONS)
        return ferr(f, VRT_ERR_NOMEM, "fpga: more than %d kernel regions in one session", VFPGA_REGIONS);
    if (need > f->kr_low || f->kr_low - need < buf_end)
        return ferr(f, VRT_ERR_NOMEM, "fpga: the kernel's descriptor, block table and configurations (%u bytes) do "
                    "not fit the board memory left (%u bytes above the buffers)", need,
                    f->kr_low > buf_end ? f->kr_low - buf_end : 0);
    f->kr_low -= need;
    f->kr[f->nkr].key = key;
    f->kr[f->nkr].base = f->kr_low;
    f->kr[f->nkr++].bytes = need;
    *base = f->kr_low;
    return 0;
}

void vfpga_scratch(const vfpga *f, uint32_t buf_end, uint32_t *lo, uint32_t *hi)
{
    *lo = buf_end;
    *hi = f->kr_low;
}

/* ---- run ------------------------------------------------------------------------------------ */

int vfpga_start(vfpga *f, const rtp_run_t *run)
{
    int rc = flush_zero(f);
    if (rc)
        return rc;
    f->run = *run;
    /* KDESC 0 first: if START's reply is lost, KDESC tells whether the board took it (a
     * kernel must not run twice) */
    TRY(f, "REG_WRITE KDESC", hl_reg_write(&f->io, VGIW_REG_KDESC, 0));
    for (int t = 1;; t++) {
        int r = hl_start(&f->io, run->desc);
        if (r == VGIW_HL_ST_OK)
            break;
        if (!retryable(r) || t == VFPGA_TRIES)
            return link_fail(f, "START", r, t);
        note_retry(f, "START", r);
        uint32_t kd = 0;
        if ((rc = reg_read(f, VGIW_REG_KDESC, &kd)))
            return rc;
        if (kd == run->desc)
            break;                              /* it was taken; its reply was lost */
    }
    /* the kernel may write any word below the kernel regions */
    for (uint32_t w = 0; w < f->top && w < f->kr_low / 4; w++)
        f->st[w] = W_UNKNOWN;
    return 0;
}

int vfpga_wait(vfpga *f, unsigned nblocks, uint64_t *res, uint32_t cap_bytes, uint32_t *got_bytes)
{
    const vgiw_preset_t *p = f->p;
    uint32_t nres = RTP_RES_CNT + RTP_RES_COUNTERS(p->bbs_max_blocks, p->fabric_units);
    if (8ull * nres > cap_bytes)
        return ferr(f, VRT_ERR_BACKEND, "fpga: result buffer too small");
    memset(res, 0, 8u * nres);
    /* progress: the counters the rtl device's watchdog watches (sw/runtime/device/rtl_device.c) */
    static const uint16_t probe[] = { VGIW_CNT_RETIRED, VGIW_CNT_BATCHES, VGIW_CNT_LVC_ACCESS, VGIW_CNT_L1_ACCESS,
                                      VGIW_CNT_TILES };
    const unsigned nprobe = sizeof probe / sizeof probe[0];
    uint64_t last[8] = { 0 }, cyc = 0, moved_at = 0;
    double t0 = now_s(), tl = t0;
    uint32_t st = 0;
    unsigned poll_n = 0;
    int rc;
    for (;;) {
        if ((rc = reg_read(f, VGIW_REG_STATUS, &st)))
            return rc;
        if (!(st & VGIW_STATUS_BUSY))
            break;
        if ((rc = counter(f, VGIW_CNT_CYCLES, &cyc)))
            return rc;
        /* one progress counter per poll, round robin */
        unsigned i = poll_n++ % nprobe;
        uint64_t v;
        if ((rc = counter(f, probe[i], &v)))
            return rc;
        if (v != last[i]) {
            last[i] = v;
            moved_at = cyc;
        }
        if (f->run.max_cycles && cyc >= f->run.max_cycles) {
            res[RTP_RES_WATCHDOG] = RTP_WD_MAX_CYCLES;
            break;
        }
        if (f->run.stall_cycles && cyc - moved_at > f->run.stall_cycles) {
            res[RTP_RES_WATCHDOG] = RTP_WD_STALL;
            break;
        }
        double t = now_s();
        if (f->limit_s && t - t0 > (double)f->limit_s)
            return ferr(f, VRT_ERR_TIMEOUT, "fpga board: kernel '%s' still running after %u s (%" PRIu64 " cycles, "
                        "%" PRIu64 " of %u threads retired; time limit: --timeout, VGIW_TIMEOUT); the board is busy "
                        "until it ends", f->run.name, f->limit_s, cyc, last[0], f->run.threads);
        if (f->progress && t - tl >= 2.0) {
            tl = t;
            fprintf(stderr, "  [fpga %s] kernel %.40s: %" PRIu64 " cycles, %" PRIu64 " of %u threads retired\n",
                    p->name, f->run.name, cyc, last[0], f->run.threads);
        }
    }
    res[RTP_RES_STATUS] = st;
    /* the counters (after a watchdog too: they show where the kernel stopped); per-block ones
     * for the kernel's blocks only, the others are 0 (each counter is 18 bytes on the line) */
    uint64_t *c = &res[RTP_RES_CNT];
    unsigned n = 0;
    if ((rc = counters(f, VGIW_CNT_FIXED, c, VGIW_CNT_FIXED_COUNT)))
        return rc;
    n += VGIW_CNT_FIXED_COUNT;
    if ((rc = counters(f, VGIW_CNT_EXT, c + n, VGIW_CNT_EXT_COUNT)))
        return rc;
    for (uint32_t i = 0; i < VGIW_CNT_EXT_COUNT; i++)
        c[n++] -= f->ext0[i];   /* since open, as from reset on the rtl device */
    uint32_t blk_exec = VGIW_CNT_RANGES, blk_thr = blk_exec + p->bbs_max_blocks, fire = blk_thr + p->bbs_max_blocks;
    if (nblocks > p->bbs_max_blocks)
        nblocks = p->bbs_max_blocks;
    if (nblocks && ((rc = counters(f, (uint16_t)blk_exec, c + n, nblocks)) ||
                    (rc = counters(f, (uint16_t)blk_thr, c + n + p->bbs_max_blocks, nblocks))))
        return rc;
    n += 2 * p->bbs_max_blocks;
    if ((rc = counters(f, (uint16_t)fire, c + n, p->fabric_units)))
        return rc;
    n += p->fabric_units;
    if (nblocks && (rc = counters(f, (uint16_t)(fire + p->fabric_units), c + n, nblocks)))
        return rc;   /* blk_cycles follows unit_fire (arch/core.toml [counters.ranges]) */
    res[RTP_RES_SIM_CYCLES] = c[VGIW_CNT_CYCLES - VGIW_CNT_FIXED];   /* the board's kernel cycles */
    *got_bytes = 8u * nres;
    return 0;
}

/* The device side of the runtime's pipe protocol, shared by vgiw-rtl and vgiw-simt
 * (device_loop.h; docs/runtime.md). */
#define _POSIX_C_SOURCE 200809L
#include "device_loop.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "host_port.h"
#include "sim.h"
#include "sim_model.h"
#include "vgiw_cfg.h"
#include "vgiw_presets.h"

mem_model_t *dev_mem;
int dev_progress;
/* The replies' descriptor: the pipe the runtime gave as stdout, moved aside at start so that
 * anything else printed to stdout (an RTL assertion's message from Verilator, the harness)
 * goes to stderr, which the runtime passes through and names in its error, instead of into
 * the replies, where it read as a protocol error. */
static int dev_out = 1;

/* ---- pipes ------------------------------------------------------------------------------- */
static int rd_all(void *p, size_t n)
{
    uint8_t *b = p;
    while (n) {
        ssize_t k = read(0, b, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        b += k;
        n -= (size_t)k;
    }
    return 0;
}

static int wr_all(const void *p, size_t n)
{
    const uint8_t *b = p;
    while (n) {
        ssize_t k = write(dev_out, b, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        b += k;
        n -= (size_t)k;
    }
    return 0;
}

int dev_reply(uint32_t status, const void *data, uint32_t n)
{
    rtp_rsp_t r = { RTP_MAGIC, status, n };
    return wr_all(&r, sizeof r) || (n && wr_all(data, n)) ? -1 : 0;
}

double dev_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct progress_ctx {
    const rtp_run_t *rq;
    dev_line_fn line;
    double w0, wl;
} progress_ctx_t;

static void on_probe(void *ctx, uint64_t c, const uint64_t *last)
{
    progress_ctx_t *pc = ctx;
    if ((c & 0x3FFF) != 0)   /* the clock is read every 16k cycles only */
        return;
    double t = dev_now();
    if (t - pc->wl < 2.0)
        return;
    pc->wl = t;
    pc->line(pc->rq, c, last, t - pc->w0);
}

uint32_t dev_wait(const rtp_run_t *rq, const uint32_t *probe, unsigned nprobe, unsigned every, dev_line_fn line,
                  hp_run_t *r)
{
    progress_ctx_t pc = { rq, line, dev_now(), 0 };
    pc.wl = pc.w0;
    memset(r, 0, sizeof *r);
    r->probe = probe;
    r->nprobe = nprobe;
    r->every = every;
    r->max_cycles = rq->max_cycles;
    r->stall_cycles = rq->stall_cycles;
    r->on_probe = dev_progress ? on_probe : NULL;
    r->ctx = &pc;
    hp_wait(r);
    r->ctx = NULL;
    return r->watchdog == HP_WD_MAX_CYCLES ? RTP_WD_MAX_CYCLES : r->watchdog == HP_WD_STALL ? RTP_WD_STALL
                                                                                           : RTP_WD_NONE;
}

/* The device's own options; the others are left in argv for the harness. */
static int parse_own(int argc, char **argv, mem_model_cfg_t *mc, const char *name)
{
    int o = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned x, y;
        if (!strcmp(a, "--lat") && v && sscanf(v, "%u:%u", &x, &y) == 2 && x >= 1 && y >= x) {
            mc->lat_min = x;
            mc->lat_max = y;
            i++;
        } else if (!strcmp(a, "--outstanding") && v && sscanf(v, "%u", &x) == 1 && x >= 1) {
            mc->max_outstanding = x;
            i++;
        } else if (!strcmp(a, "--in-order")) {
            mc->in_order = true;
        } else if (!strcmp(a, "--progress")) {
            dev_progress = 1;
        } else if (!strcmp(a, "--lat") || !strcmp(a, "--outstanding")) {
            fprintf(stderr, "%s: bad value for %s\n", name, a);
            exit(2);
        } else {
            argv[o++] = argv[i];
        }
    }
    return o;
}

int dev_main(int argc, char **argv, const char *name, dev_run_fn run)
{
    /* the same memory model for every core (docs/compare.md: both cores behind it) */
    mem_model_cfg_t mc = { .lat_min = 4, .lat_max = 40, .accept_per_cycle = 1, .respond_per_cycle = 1,
                           .max_outstanding = 16, .in_order = false, .seed = 1 };
    /* never outlive the host that started it (the runtime also sets this before exec:
     * docs/runtime.md "Defences"); a host already gone means no one to answer */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() == 1)
        return 2;
    fflush(stdout);
    dev_out = fcntl(1, F_DUPFD_CLOEXEC, 3);
    if (dev_out < 0 || dup2(2, 1) < 0) {
        fprintf(stderr, "%s: cannot set up the reply pipe: %s\n", name, strerror(errno));
        return 2;
    }
    argc = parse_own(argc, argv, &mc, name);
    /* the harness (tb/common/sim.c): model, clocking, FST trace with a cycle window; its
     * watchdog is replaced by the per-run one of RUN, which reports instead of exiting */
    sim_init(name, argc, argv);
    sim_args.stall_cycles = UINT64_MAX;
    sim_args.max_cycles = UINT64_MAX;
    dev_mem = mem_model_new(&mc);
    if (!dev_mem)
        return 2;
    hp_init(&(hp_cfg_t){ .mem = dev_mem, .mem_bytes = RTP_MEM_BYTES });
    sim_reset(4);
    int rc = 0;
    static uint8_t buf[RTP_MAX_XFER];
    for (;;) {
        rtp_req_t q;
        if (rd_all(&q, sizeof q) || q.magic != RTP_MAGIC)
            break;   /* the runtime went away */
        if (q.cmd == RTP_HELLO) {
            rtp_hello_t h;
            memset(&h, 0, sizeof h);
            snprintf(h.preset, sizeof h.preset, "%s", VGIW_PRESET);
            h.id = hp_reg_peek(VGIW_REG_ID);
            h.status = hp_reg_peek(VGIW_REG_STATUS);
            h.mem_bytes = RTP_MEM_BYTES;
            if (dev_reply(0, &h, sizeof h))
                break;
        } else if (q.cmd == RTP_WRITE) {
            if (q.n > RTP_MAX_XFER || rd_all(buf, q.n))
                break;
            mem_model_write(dev_mem, q.addr, buf, q.n);
            if (dev_reply(0, NULL, 0))
                break;
        } else if (q.cmd == RTP_READ) {
            if (q.n > RTP_MAX_XFER)
                break;
            mem_model_read(dev_mem, q.addr, buf, q.n);
            if (dev_reply(0, buf, q.n))
                break;
        } else if (q.cmd == RTP_RUN) {
            rtp_run_t r;
            if (q.n != sizeof r || rd_all(&r, sizeof r))
                break;
            r.name[sizeof r.name - 1] = 0;
            if (run(&r))
                break;
        } else if (q.cmd == RTP_QUIT) {
            dev_reply(0, NULL, 0);
            break;
        } else {
            rc = 2;
            break;
        }
    }
    /* close the trace and the model, not sim_finish (no checks, no verdict here) */
    sim_trace_stop();   /* idempotent: a watchdog may have closed the trace already */
    simm_destroy();
    mem_model_free(dev_mem);
    return rc;
}

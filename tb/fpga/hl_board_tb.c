/* The simulated board (docs/fpga.md "Simulated board"): hl_board (host link, board memory and
 * the VGIW core of the preset) driven only through its serial line. A bit-level UART model
 * (8N1, HL_TB_CPB clock cycles per bit, both directions) carries the frames that the host
 * library sw/lib/hostlink.c builds and parses, as a host program would on a real board.
 *
 *   --op proto    every command against a shadow memory (the test's own golden model), and
 *                 the bad inputs of docs/fpga.md "Errors": each gets its documented error reply,
 *                 changes nothing, and the board answers the next request normally
 *   --op kernel   the loop kernel of tb/core (kbuild + plain-C golden model) uploaded,
 *                 started, its results read back and compared, all through the link; commands
 *                 while it runs are refused with BUSY
 *   --op pty --pty-file F
 *                 the board behind a pseudo-terminal (its path written to F): any host program
 *                 speaks to it as to a real board's serial port (sw/cmd/vgiw_link.c); the
 *                 model runs while bytes move and for 2 timeouts after, and ends when F is
 *                 removed
 */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 600     /* posix_openpt */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dut.h"
#include "hostlink.h"
#include "kbuild.h"
#include "kernels.h"
#include "rng.h"
#include "sim.h"
#include "vgiw_cfg.h"
#include "vgiw_presets.h"

#ifndef HL_TB_CPB
#error "HL_TB_CPB (clock cycles per bit) must match the model's CLKS_PER_BIT"
#endif
#ifndef HL_TB_TIMEOUT
#error "HL_TB_TIMEOUT must match the model's TIMEOUT_CYCLES"
#endif
#ifndef HL_TB_MEM_BYTES
#error "HL_TB_MEM_BYTES must match the model's MEM_BYTES"
#endif

/* ---- bit-level UART model ------------------------------------------------------------------ */

#define QCAP 65536u
typedef struct byteq {
    uint8_t b[QCAP];
    unsigned head, n;
} byteq_t;

static byteq_t to_board, from_board;
static unsigned tx_bit = 10, tx_cnt;     /* host -> board: bit of the current byte (10: idle) */
static uint16_t tx_frame;
static int rx_state, rx_cnt, rx_bit;     /* board -> host: 0 idle, 1 receiving */
static uint8_t rx_byte;
static uint64_t framing_errors;
static unsigned break_stop;              /* host -> board: this many next bytes get stop bit 0 */

static void q_push(byteq_t *q, uint8_t b)
{
    if (q->n == QCAP)
        sim_die("UART model: queue full");
    q->b[(q->head + q->n++) % QCAP] = b;
}

static int q_pop(byteq_t *q, uint8_t *b)
{
    if (!q->n)
        return -1;
    *b = q->b[q->head];
    q->head = (q->head + 1) % QCAP;
    q->n--;
    return 0;
}

/* One clock cycle of the line in both directions. */
static void uart_cycle(void)
{
    if (tx_bit == 10 && to_board.n) {
        uint8_t b;
        q_pop(&to_board, &b);
        tx_frame = (uint16_t)((break_stop ? 0u : 1u << 9) | (unsigned)b << 1);   /* stop, data, start (bit 0) */
        if (break_stop)
            break_stop--;
        tx_bit = 0;
        tx_cnt = 0;
    }
    dut_set_uart_rx_i(tx_bit == 10 ? 1 : (tx_frame >> tx_bit) & 1u);
    sim_step();
    if (tx_bit != 10 && ++tx_cnt == HL_TB_CPB) {
        tx_cnt = 0;
        tx_bit++;
    }
    int line = (int)dut_get_uart_tx_o();
    if (rx_state == 0) {
        if (!line) {
            rx_state = 1;
            rx_cnt = HL_TB_CPB / 2;      /* to the middle of the start bit */
            rx_bit = -1;
            rx_byte = 0;
        }
    } else if (--rx_cnt == 0) {
        rx_cnt = HL_TB_CPB;
        if (rx_bit == -1 && line) {
            rx_state = 0;                /* a glitch */
        } else if (rx_bit >= 0 && rx_bit < 8) {
            rx_byte |= (uint8_t)(line << rx_bit);
        } else if (rx_bit == 8) {
            if (line)
                q_push(&from_board, rx_byte);
            else
                framing_errors++;
            rx_state = 0;
            sim_progress();
        }
        rx_bit++;
    }
}

static void idle_cycles(uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        uart_cycle();
}

/* ---- the host library's transport ------------------------------------------------------------ */

static uint64_t reply_timeout = 200000;   /* cycles without a byte: no reply */

static int io_put(void *ctx, const uint8_t *buf, size_t n)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++)
        q_push(&to_board, buf[i]);
    return 0;
}

static int io_get(void *ctx, uint8_t *b)
{
    (void)ctx;
    for (uint64_t c = 0; c < reply_timeout; c++) {
        if (q_pop(&from_board, b) == 0)
            return 0;
        uart_cycle();
    }
    return -1;
}

static const hl_io_t IO = {io_put, io_get, NULL};

/* Lets the line go quiet: the model has sent everything and the board's reply (if any) is in. */
static void drain(void)
{
    while (to_board.n || tx_bit != 10)
        uart_cycle();
    idle_cycles(30u * HL_TB_CPB);
}

/* ---- helpers ------------------------------------------------------------------------------------ */

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A raw frame, its reply expected to be error `st` with the command byte `cmd_echo`. */
static void expect_error(const char *what, const uint8_t *frame, size_t n, int st, uint8_t cmd_echo)
{
    uint8_t rsp[8];
    size_t len = 0;
    int r = hl_exchange(&IO, frame, n, rsp, sizeof rsp, &len);
    sim_check_u32(r == st, "%s: reply %s, expected %s", what, hl_result_name(r), hl_result_name(st));
    if (r == st)
        sim_check_u32(len == 1 && rsp[0] == cmd_echo, "%s: error reply carries the command 0x%02x (len %zu, 0x%02x)",
                      what, cmd_echo, len, len ? rsp[0] : 0);
}

/* ---- --op proto ------------------------------------------------------------------------------------ */

#define SHADOW_WORDS 256u               /* the first 1 KB is shadowed by the test */
static uint32_t shadow[SHADOW_WORDS];
static bool shadow_known[SHADOW_WORDS];

static void shadow_write(uint32_t addr, const uint32_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        shadow[addr / 4 + i] = w[i];
        shadow_known[addr / 4 + i] = true;
    }
}

/* Every known word of the shadow read back through the link equals it. */
static void check_shadow(const char *after)
{
    static uint32_t got[SHADOW_WORDS];
    int r = hl_mem_read(&IO, 0, got, SHADOW_WORDS);
    sim_check_u32(r == VGIW_HL_ST_OK, "after %s: MEM_READ of the shadowed range: %s", after, hl_result_name(r));
    if (r != VGIW_HL_ST_OK)
        return;
    unsigned bad = 0;
    for (unsigned i = 0; i < SHADOW_WORDS; i++)
        if (shadow_known[i] && got[i] != shadow[i] && bad++ < 4)
            printf("  word %u: %08x, expected %08x\n", i, got[i], shadow[i]);
    sim_check_u32(bad == 0, "after %s: %u words differ from the shadow memory", after, bad);
}

static void ping_ok(const char *after)
{
    uint32_t ver = 0, mem = 0;
    int r = hl_ping(&IO, &ver, &mem);
    sim_check_u32(r == VGIW_HL_ST_OK && ver == VGIW_HL_VERSION && mem == HL_TB_MEM_BYTES,
                  "after %s: PING answers (%s, version %u, %u bytes)", after, hl_result_name(r), ver, mem);
}

static void t_proto(rng_t *R)
{
    ping_ok("reset");
    uint32_t id = 0;
    sim_check_u32(hl_reg_read(&IO, VGIW_REG_ID, &id) == VGIW_HL_ST_OK && id == VGIW_CORE_ID,
                  "REG_READ ID = %08x (expected %08x)", id, VGIW_CORE_ID);
    uint32_t pid = 0;
    sim_check_u32(hl_reg_read(&IO, VGIW_REG_PRESET, &pid) == VGIW_HL_ST_OK && pid == VGIW_PRESET_ID,
                  "REG_READ PRESET = %08x (expected %08x, preset %s)", pid, VGIW_PRESET_ID, VGIW_PRESET);

    /* random writes of 1 .. 40 words (more than one frame) at random aligned addresses */
    static uint32_t w[64];
    for (int i = 0; i < 24; i++) {
        uint32_t n = 1 + (uint32_t)rng_below(R, 40);
        uint32_t addr = 4u * (uint32_t)rng_below(R, SHADOW_WORDS - n);
        for (uint32_t k = 0; k < n; k++)
            w[k] = rng_u32(R);
        int r = hl_mem_write(&IO, addr, w, n);
        sim_check_u32(r == VGIW_HL_ST_OK, "MEM_WRITE %u words at %08x: %s", n, addr, hl_result_name(r));
        shadow_write(addr, w, n);
    }
    check_shadow("random writes");
    /* registers: KDESC is read/write, CNT_SEL through COUNTER */
    sim_check_u32(hl_reg_write(&IO, VGIW_REG_KDESC, 0x1234u) == VGIW_HL_ST_OK, "REG_WRITE KDESC");
    uint32_t v = 0;
    sim_check_u32(hl_reg_read(&IO, VGIW_REG_KDESC, &v) == VGIW_HL_ST_OK && v == 0x1234u, "REG_READ KDESC = %08x", v);
    uint64_t c = 1;
    sim_check_u32(hl_counter(&IO, VGIW_CNT_CYCLES, &c) == VGIW_HL_ST_OK && c == 0,
                  "COUNTER cycles before any kernel = %" PRIu64, c);
    sim_check_u32(hl_reg_read(&IO, VGIW_REG_CNT_SEL, &v) == VGIW_HL_ST_OK && v == VGIW_CNT_CYCLES,
                  "COUNTER wrote CNT_SEL (%u)", v);
    /* several counters in one frame: the same values as one by one (the core is idle, its
     * counters hold), 40 of them in 3 frames; CNT_SEL is left at the last one */
    {
        enum { NC = 40 };
        uint64_t many[NC], one;
        int r = hl_counters(&IO, VGIW_CNT_EXT, many, NC);
        sim_check_u32(r == VGIW_HL_ST_OK, "COUNTER of %d counters: %s", NC, hl_result_name(r));
        unsigned diff = 0;
        for (unsigned i = 0; r == VGIW_HL_ST_OK && i < NC; i++)
            if (hl_counter(&IO, (uint16_t)(VGIW_CNT_EXT + i), &one) != VGIW_HL_ST_OK || one != many[i])
                diff++;
        sim_check_u32(diff == 0, "COUNTER of %d counters equals one by one (%u differ)", NC, diff);
        sim_check_u32(hl_reg_read(&IO, VGIW_REG_CNT_SEL, &v) == VGIW_HL_ST_OK && v == VGIW_CNT_EXT + NC - 1,
                      "CNT_SEL after the last counter (%u)", v);
    }

    uint8_t f[300], pay[260];
    size_t n;
    /* 1. corrupted frame: a payload bit flips on the line after the checksum was computed */
    put32(pay, 0x100);
    put32(pay + 4, ~shadow[0x40]);
    n = hl_frame(f, VGIW_HL_CMD_MEM_WRITE, pay, 8);
    f[8] ^= 0x10;
    expect_error("corrupted frame", f, n, VGIW_HL_ST_BAD_CRC, VGIW_HL_CMD_MEM_WRITE);
    ping_ok("corrupted frame");
    check_shadow("corrupted frame");
    /* 2. wrong checksum */
    n = hl_frame(f, VGIW_HL_CMD_MEM_WRITE, pay, 8);
    f[n - 1] ^= 0x5A;
    expect_error("wrong checksum", f, n, VGIW_HL_ST_BAD_CRC, VGIW_HL_CMD_MEM_WRITE);
    ping_ok("wrong checksum");
    check_shadow("wrong checksum");
    /* 3. truncated transfer: half a MEM_WRITE, then silence: TIMEOUT after TIMEOUT_CYCLES */
    n = hl_frame(f, VGIW_HL_CMD_MEM_WRITE, pay, 8);
    uint64_t t0 = sim_cycle();
    expect_error("truncated transfer", f, 6, VGIW_HL_ST_TIMEOUT, VGIW_HL_CMD_MEM_WRITE);
    sim_check_u32(sim_cycle() - t0 >= HL_TB_TIMEOUT, "truncated transfer: TIMEOUT only after the timeout (%" PRIu64
                  " cycles)", sim_cycle() - t0);
    ping_ok("truncated transfer");
    check_shadow("truncated transfer");
    /* 3b. a corrupted length byte (larger than sent): the board waits for bytes that never come */
    n = hl_frame(f, VGIW_HL_CMD_MEM_WRITE, pay, 8);
    f[2] = 40;
    expect_error("corrupted length", f, n, VGIW_HL_ST_TIMEOUT, VGIW_HL_CMD_MEM_WRITE);
    ping_ok("corrupted length");
    /* 3c. only the sync byte */
    expect_error("sync byte alone", f, 1, VGIW_HL_ST_TIMEOUT, 0);
    ping_ok("sync byte alone");
    /* 4. write outside memory: past the end, wrapping around 2^32, unaligned */
    uint32_t two[2] = {1, 2};
    int r = hl_mem_write(&IO, HL_TB_MEM_BYTES - 4, two, 2);
    sim_check_u32(r == VGIW_HL_ST_BAD_ADDR, "write past the end of memory: %s", hl_result_name(r));
    r = hl_mem_write(&IO, 0xFFFFFFFCu, two, 2);
    sim_check_u32(r == VGIW_HL_ST_BAD_ADDR, "write wrapping around 2^32: %s", hl_result_name(r));
    r = hl_mem_write(&IO, 0x102, two, 1);
    sim_check_u32(r == VGIW_HL_ST_BAD_ADDR, "unaligned write: %s", hl_result_name(r));
    uint32_t rd[2];
    r = hl_mem_read(&IO, HL_TB_MEM_BYTES, rd, 1);
    sim_check_u32(r == VGIW_HL_ST_BAD_ADDR, "read outside memory: %s", hl_result_name(r));
    check_shadow("writes outside memory");
    /* the last word of memory is writable */
    r = hl_mem_write(&IO, HL_TB_MEM_BYTES - 4, two, 1);
    sim_check_u32(r == VGIW_HL_ST_OK && hl_mem_read(&IO, HL_TB_MEM_BYTES - 4, rd, 1) == VGIW_HL_ST_OK && rd[0] == 1,
                  "the last word of memory: %s, %08x", hl_result_name(r), rd[0]);
    /* 5. bad command, bad lengths */
    n = hl_frame(f, 0x7F, NULL, 0);
    expect_error("unknown command", f, n, VGIW_HL_ST_BAD_CMD, 0x7F);
    n = hl_frame(f, VGIW_HL_CMD_PING, pay, 1);
    expect_error("PING with a payload", f, n, VGIW_HL_ST_BAD_LEN, VGIW_HL_CMD_PING);
    pay[4] = 0;
    n = hl_frame(f, VGIW_HL_CMD_MEM_READ, pay, 5);
    expect_error("MEM_READ of 0 words", f, n, VGIW_HL_ST_BAD_LEN, VGIW_HL_CMD_MEM_READ);
    pay[4] = VGIW_HL_MAX_WORDS + 1;
    n = hl_frame(f, VGIW_HL_CMD_MEM_READ, pay, 5);
    expect_error("MEM_READ above max_words", f, n, VGIW_HL_ST_BAD_LEN, VGIW_HL_CMD_MEM_READ);
    n = hl_frame(f, VGIW_HL_CMD_MEM_WRITE, pay, 7);
    expect_error("MEM_WRITE of a partial word", f, n, VGIW_HL_ST_BAD_LEN, VGIW_HL_CMD_MEM_WRITE);
    pay[0] = 0;
    pay[1] = 0;
    pay[2] = 0;
    n = hl_frame(f, VGIW_HL_CMD_COUNTER, pay, 3);
    expect_error("COUNTER of 0 counters", f, n, VGIW_HL_ST_BAD_LEN, VGIW_HL_CMD_COUNTER);
    pay[2] = VGIW_HL_MAX_COUNTERS + 1;
    n = hl_frame(f, VGIW_HL_CMD_COUNTER, pay, 3);
    expect_error("COUNTER above max_counters", f, n, VGIW_HL_ST_BAD_LEN, VGIW_HL_CMD_COUNTER);
    for (unsigned i = 0; i < 200; i++)
        pay[i] = (uint8_t)i;
    f[0] = VGIW_HL_SYNC_REQ;
    f[1] = VGIW_HL_CMD_MEM_WRITE;
    f[2] = 200;                            /* above max_payload: counted, not stored */
    memcpy(f + 3, pay, 200);
    f[203] = hl_crc8(0, f + 1, 202);
    expect_error("payload above max_payload", f, 204, VGIW_HL_ST_BAD_LEN, VGIW_HL_CMD_MEM_WRITE);
    /* 6. noise between frames (no sync byte) is ignored */
    uint8_t noise[16];
    for (unsigned i = 0; i < sizeof noise; i++)
        noise[i] = (uint8_t)(i * 37 + 1) == VGIW_HL_SYNC_REQ ? 0 : (uint8_t)(i * 37 + 1);
    io_put(NULL, noise, sizeof noise);
    ping_ok("noise");
    /* 7. a byte with a framing error (stop bit 0) is dropped by the receiver: had this sync byte
     * been taken, the next request's bytes would be read one field off and get an error reply */
    uint8_t sync = VGIW_HL_SYNC_REQ;
    break_stop = 1;
    io_put(NULL, &sync, 1);
    drain();
    ping_ok("a byte with a framing error");
    check_shadow("every bad request");
    sim_check_eq(framing_errors, 0, "board -> host: no framing errors");
}

/* ---- --op kernel ------------------------------------------------------------------------------------ */

static uint32_t *image;                  /* the kernel image as laid out by kbuild, word-addressed */
static uint8_t *image_set;
static void img_wr(void *ctx, uint32_t a, uint32_t v)
{
    (void)ctx;
    if (a >= HL_TB_MEM_BYTES)
        sim_die("kernel image at %08x, outside the board memory", a);
    image[a / 4] = v;
    image_set[a / 4] = 1;
}
static uint32_t img_rd(void *ctx, uint32_t a)
{
    (void)ctx;
    return a < HL_TB_MEM_BYTES ? image[a / 4] : 0;
}

static void t_kernel(const vgiw_preset_t *P, const char *name, uint32_t threads, uint64_t seed)
{
    km_kernel_t *K = calloc(1, sizeof *K);
    image = calloc(HL_TB_MEM_BYTES / 4, 4);
    image_set = calloc(HL_TB_MEM_BYTES / 4, 1);
    if (!K || !image || !image_set)
        sim_die("out of memory");
    if (!km_build(K, name, threads, seed, P, VGIW_CVT_BITS, VGIW_BBS_MAX_BLOCKS))
        sim_die("unknown kernel %s", name);
    if (!kb_place_all(&K->k, P, seed, false))
        sim_die("kernel %s does not fit the %s fabric", name, P->name);
    kb_lay_out(&K->k, P, KM_DESC, KM_LV, VGIW_CVT_BITS, img_wr, NULL);
    sim_check_u32(kb_parse_check(&K->k, P, KM_DESC, img_rd, NULL) == 0, "%s: image parses back", name);
    for (unsigned i = 0; i < K->nbuf; i++)
        for (uint32_t w = 0; w < K->buf[i].words; w++)
            img_wr(NULL, K->buf[i].addr + 4 * w, K->buf[i].init[w]);
    /* upload every run of written words */
    uint64_t words = 0, c0 = sim_cycle();
    for (uint32_t a = 0; a < HL_TB_MEM_BYTES / 4;) {
        if (!image_set[a]) {
            a++;
            continue;
        }
        uint32_t e = a;
        while (e < HL_TB_MEM_BYTES / 4 && image_set[e])
            e++;
        int r = hl_mem_write(&IO, 4 * a, image + a, e - a);
        if (r != VGIW_HL_ST_OK)
            sim_die("upload at %08x: %s", 4 * a, hl_result_name(r));
        words += e - a;
        a = e;
    }
    printf("%s: %u threads, %u blocks; uploaded %" PRIu64 " words in %" PRIu64 " cycles\n", name, K->k.threads,
           K->k.nblocks, words, sim_cycle() - c0);
    /* a word outside the kernel's buffers: a refused MEM_WRITE must leave it alone */
    const uint32_t probe = HL_TB_MEM_BYTES - 4, probe_val = 0x600DF00Du, other = 0xBAD0BAD0u;
    sim_check_u32(hl_mem_write(&IO, probe, &probe_val, 1) == VGIW_HL_ST_OK, "probe word written");

    int r = hl_start(&IO, KM_DESC);
    sim_check_u32(r == VGIW_HL_ST_OK, "START: %s", hl_result_name(r));
    uint64_t t_start = sim_cycle();
    uint32_t st = 0;
    r = hl_reg_read(&IO, VGIW_REG_STATUS, &st);
    sim_check_u32(r == VGIW_HL_ST_OK && (st & VGIW_STATUS_BUSY),
                  "STATUS busy right after START (%s, %08x): the BUSY checks below need a running kernel",
                  hl_result_name(r), st);
    r = hl_mem_write(&IO, probe, &other, 1);
    sim_check_u32(r == VGIW_HL_ST_BUSY, "MEM_WRITE while the kernel runs: %s", hl_result_name(r));
    uint32_t tmp[1];
    r = hl_mem_read(&IO, probe, tmp, 1);
    sim_check_u32(r == VGIW_HL_ST_BUSY, "MEM_READ while the kernel runs: %s", hl_result_name(r));
    r = hl_start(&IO, KM_DESC);
    sim_check_u32(r == VGIW_HL_ST_BUSY, "START while the kernel runs: %s", hl_result_name(r));
    r = hl_reg_write(&IO, VGIW_REG_KDESC, 0);
    sim_check_u32(r == VGIW_HL_ST_BUSY, "REG_WRITE while the kernel runs: %s", hl_result_name(r));
    uint64_t cyc = 0;
    r = hl_counter(&IO, VGIW_CNT_CYCLES, &cyc);
    sim_check_u32(r == VGIW_HL_ST_OK, "COUNTER while the kernel runs: %s", hl_result_name(r));
    uint64_t busy_seen = sim_cycle() - t_start;
    /* poll STATUS until done */
    for (;;) {
        r = hl_reg_read(&IO, VGIW_REG_STATUS, &st);
        if (r != VGIW_HL_ST_OK)
            sim_die("polling STATUS: %s", hl_result_name(r));
        if (!(st & VGIW_STATUS_BUSY))
            break;
        idle_cycles(2000);
    }
    sim_check_u32((st & VGIW_STATUS_DONE) && !(st & VGIW_STATUS_ERROR), "kernel done without error (STATUS %08x, code %u)",
                  st, VGIW_STATUS_CODE(st));
    /* results */
    uint64_t bad = 0;
    for (unsigned i = 0; i < K->nbuf; i++) {
        const km_buf_t *b = &K->buf[i];
        if (!b->expect)
            continue;
        uint32_t *got = calloc(b->words, 4);
        r = hl_mem_read(&IO, b->addr, got, b->words);
        sim_check_u32(r == VGIW_HL_ST_OK, "reading %s: %s", b->name, hl_result_name(r));
        for (uint32_t w = 0; r == VGIW_HL_ST_OK && w < b->words; w++)
            if (got[w] != b->expect[w] && bad++ < 8)
                printf("MISMATCH %s[%u] = %08x, golden %08x\n", b->name, w, got[w], b->expect[w]);
        free(got);
    }
    sim_check_u32(bad == 0, "%s: %" PRIu64 " result words differ from the golden model", name, bad);
    uint32_t pv = 0;
    sim_check_u32(hl_mem_read(&IO, probe, &pv, 1) == VGIW_HL_ST_OK && pv == probe_val,
                  "the refused MEM_WRITE left memory alone (%08x)", pv);
    uint64_t retired = 0, kcycles = 0;
    sim_check_u32(hl_counter(&IO, VGIW_CNT_RETIRED, &retired) == VGIW_HL_ST_OK && retired == K->k.threads,
                  "COUNTER retired = %" PRIu64 " (threads %u)", retired, K->k.threads);
    sim_check_u32(hl_counter(&IO, VGIW_CNT_CYCLES, &kcycles) == VGIW_HL_ST_OK && kcycles > busy_seen / 2,
                  "COUNTER cycles = %" PRIu64, kcycles);
    printf("%s: kernel %" PRIu64 " cycles (counter), BUSY checks done %" PRIu64 " cycles after START\n", name,
           kcycles, busy_seen);
    /* COUNTER ranges after a kernel (counters differ now; before any kernel most are 0): the
     * fixed and mem_system counters in ranges of max_counters, equal to one-by-one reads */
    {
        enum { NC = VGIW_CNT_EXT + VGIW_CNT_EXT_COUNT };
        uint64_t many[NC], one;
        int rr = hl_counters(&IO, 0, many, NC);
        unsigned diff = 0, distinct = 0;
        for (unsigned i = 0; rr == VGIW_HL_ST_OK && i < NC; i++) {
            if (hl_counter(&IO, (uint16_t)i, &one) != VGIW_HL_ST_OK || one != many[i])
                diff++;
            distinct += i && many[i] != many[i - 1];
        }
        sim_check_u32(rr == VGIW_HL_ST_OK && diff == 0, "COUNTER ranges of counters 0..%d equal one-by-one reads "
                      "(%s, %u differ)", NC - 1, hl_result_name(rr), diff);
        sim_check_u32(distinct >= 8, "the counters read differ from each other (%u changes): the check sees a "
                      "range that repeats one counter", distinct);
    }
    ping_ok("the kernel");
    km_free(K);
    free(K);
    free(image);
    free(image_set);
}

/* ---- --op pty ------------------------------------------------------------------------------------------- */

static void t_pty(const char *file)
{
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) != 0 || unlockpt(m) != 0 || !ptsname(m))
        sim_die("cannot open a pseudo-terminal: %s", strerror(errno));
    fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", file);
    FILE *f = fopen(tmp, "w");
    if (!f || fprintf(f, "%s\n", ptsname(m)) < 0 || fclose(f) != 0 || rename(tmp, file) != 0)
        sim_die("cannot write %s", file);
    printf("hl_board_tb: the board is at %s (remove %s to stop)\n", ptsname(m), file);
    fflush(stdout);
    uint64_t in = 0, out = 0, last_activity = 0;
    for (;;) {
        bool active = to_board.n || tx_bit != 10 || rx_state || sim_cycle() - last_activity < 2u * HL_TB_TIMEOUT;
        if (active) {
            for (int i = 0; i < 64; i++)
                uart_cycle();
        } else {
            if (access(file, F_OK) != 0)
                break;
            struct pollfd p = {.fd = m, .events = POLLIN};
            if (poll(&p, 1, 50) > 0 && (p.revents & POLLHUP) && !(p.revents & POLLIN))
                usleep(20000);    /* no client has the terminal open */
            sim_progress();
        }
        uint8_t b;
        while (from_board.n) {
            b = from_board.b[from_board.head];
            ssize_t k = write(m, &b, 1);
            if (k != 1)
                break;           /* the terminal's buffer is full: later */
            q_pop(&from_board, &b);
            out++;
            last_activity = sim_cycle();
        }
        uint8_t buf[256];
        ssize_t k = read(m, buf, sizeof buf);
        for (ssize_t i = 0; i < k; i++)
            q_push(&to_board, buf[i]);
        if (k > 0) {
            in += (uint64_t)k;
            last_activity = sim_cycle();
            sim_progress();
        }
    }
    close(m);
    printf("hl_board_tb: %" PRIu64 " bytes from the host, %" PRIu64 " to it\n", in, out);
    sim_check_u32(in > 0 && out > 0, "bytes moved through the pseudo-terminal");
    sim_check_eq(framing_errors, 0, "board -> host: no framing errors");
}

int main(int argc, char **argv)
{
    const char *pty_file = NULL;
    int o = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--pty-file") && i + 1 < argc)
            pty_file = argv[++i];
        else
            argv[o++] = argv[i];
    }
    argc = o;
    sim_init("hl_board_tb", argc, argv);
    const vgiw_preset_t *P = vgiw_preset_find(VGIW_PRESET);
    if (!P)
        sim_die("preset %s not in vgiw_presets", VGIW_PRESET);
    rng_t R;
    rng_seed(&R, sim_args.seed);
    dut_set_uart_rx_i(1);
    sim_reset(4);
    idle_cycles(10);
    reply_timeout = 4u * HL_TB_TIMEOUT;
    const char *op = sim_args.op ? sim_args.op : "proto";
    if (!strcmp(op, "proto"))
        t_proto(&R);
    else if (!strcmp(op, "pty") && pty_file)
        t_pty(pty_file);
    else if (!strcmp(op, "kernel"))
        /* the loop kernel: a small upload, and long enough (trip counts up to 300) that the
         * commands sent after START meet a running kernel */
        t_kernel(P, "loop", sim_args.count ? (uint32_t)sim_args.count : 64, sim_args.seed);
    else
        sim_die("unknown --op %s (proto kernel pty --pty-file F)", op);
    drain();
    sim_check_eq(from_board.n, 0, "no reply bytes left over");
    printf("hl_board_tb %s (%s): %" PRIu64 " cycles\n", op, VGIW_PRESET, sim_cycle());
    return sim_finish();
}

/* Host side of the FPGA board's serial host link (docs/fpga.md; hostlink.h). */
#include "hostlink.h"

#include <string.h>

const char *hl_result_name(int r)
{
    switch (r) {
    case HL_E_NOREPLY: return "no reply (timeout)";
    case HL_E_REPLYCRC: return "reply checksum mismatch";
    case HL_E_REPLY: return "malformed reply";
    case HL_E_ARG: return "bad argument";
    case HL_E_IO: return "transport error";
    default: break;
    }
    if (r >= 0 && (unsigned)r < VGIW_HL_ST_CODES && vgiw_hl_st_names[r])
        return vgiw_hl_st_names[r];
    return "unknown status";
}

uint8_t hl_crc8(uint8_t crc, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int b = 0; b < 8; b++)
            crc = (uint8_t)((crc & 0x80u) ? ((unsigned)crc << 1) ^ VGIW_HL_CRC_POLY : (unsigned)crc << 1);
    }
    return crc;
}

size_t hl_frame(uint8_t *out, uint8_t cmd, const uint8_t *payload, size_t len)
{
    out[0] = (uint8_t)VGIW_HL_SYNC_REQ;
    out[1] = cmd;
    out[2] = (uint8_t)len;
    if (len)
        memcpy(out + 3, payload, len);
    out[3 + len] = hl_crc8(0, out + 1, len + 2);
    return len + 4;
}

int hl_exchange(const hl_io_t *io, const uint8_t *frame, size_t n, uint8_t *rsp, size_t cap, size_t *rsp_len)
{
    if (io->put(io->ctx, frame, n) != 0)
        return HL_E_IO;
    uint8_t b, hdr[2], crc;
    /* bytes before the reply's sync byte are not part of it (line noise after a reset) */
    do {
        if (io->get(io->ctx, &b) != 0)
            return HL_E_NOREPLY;
    } while (b != VGIW_HL_SYNC_RSP);
    for (int i = 0; i < 2; i++)
        if (io->get(io->ctx, &hdr[i]) != 0)
            return HL_E_NOREPLY;
    crc = hl_crc8(0, hdr, 2);
    size_t len = hdr[1];
    for (size_t i = 0; i < len; i++) {
        if (io->get(io->ctx, &b) != 0)
            return HL_E_NOREPLY;
        crc = hl_crc8(crc, &b, 1);
        if (i < cap)
            rsp[i] = b;
    }
    if (io->get(io->ctx, &b) != 0)
        return HL_E_NOREPLY;
    if (b != crc)
        return HL_E_REPLYCRC;
    if (rsp_len)
        *rsp_len = len;
    return hdr[0];
}

int hl_request(const hl_io_t *io, uint8_t cmd, const uint8_t *payload, size_t len, uint8_t *rsp, size_t cap,
               size_t *rsp_len)
{
    uint8_t frame[VGIW_HL_MAX_PAYLOAD + 4];
    if (len > VGIW_HL_MAX_PAYLOAD)
        return HL_E_ARG;
    size_t n = hl_frame(frame, cmd, payload, len);
    return hl_exchange(io, frame, n, rsp, cap, rsp_len);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A request whose OK reply must carry exactly `want` payload bytes. */
static int call(const hl_io_t *io, uint8_t cmd, const uint8_t *pay, size_t len, uint8_t *rsp, size_t want)
{
    uint8_t buf[VGIW_HL_MAX_PAYLOAD + 8];
    size_t got = 0;
    int r = hl_request(io, cmd, pay, len, buf, sizeof buf, &got);
    if (r != VGIW_HL_ST_OK)
        return r;
    if (got != want)
        return HL_E_REPLY;
    if (want)
        memcpy(rsp, buf, want);
    return r;
}

int hl_ping(const hl_io_t *io, uint32_t *version, uint32_t *mem_bytes)
{
    uint8_t r8[8];
    int r = call(io, VGIW_HL_CMD_PING, NULL, 0, r8, 8);
    if (r == VGIW_HL_ST_OK) {
        if (version)
            *version = get32(r8);
        if (mem_bytes)
            *mem_bytes = get32(r8 + 4);
    }
    return r;
}

int hl_mem_write(const hl_io_t *io, uint32_t addr, const uint32_t *words, size_t n)
{
    if (!words && n)
        return HL_E_ARG;
    while (n) {
        size_t k = n < VGIW_HL_MAX_WORDS ? n : VGIW_HL_MAX_WORDS;
        uint8_t pay[VGIW_HL_MAX_PAYLOAD];
        put32(pay, addr);
        for (size_t i = 0; i < k; i++)
            put32(pay + 4 + 4 * i, words[i]);
        int r = call(io, VGIW_HL_CMD_MEM_WRITE, pay, 4 + 4 * k, NULL, 0);
        if (r != VGIW_HL_ST_OK)
            return r;
        addr += (uint32_t)(4 * k);
        words += k;
        n -= k;
    }
    return VGIW_HL_ST_OK;
}

int hl_mem_read(const hl_io_t *io, uint32_t addr, uint32_t *words, size_t n)
{
    if (!words && n)
        return HL_E_ARG;
    while (n) {
        size_t k = n < VGIW_HL_MAX_WORDS ? n : VGIW_HL_MAX_WORDS;
        uint8_t pay[5], rsp[4 * VGIW_HL_MAX_WORDS];
        put32(pay, addr);
        pay[4] = (uint8_t)k;
        int r = call(io, VGIW_HL_CMD_MEM_READ, pay, 5, rsp, 4 * k);
        if (r != VGIW_HL_ST_OK)
            return r;
        for (size_t i = 0; i < k; i++)
            words[i] = get32(rsp + 4 * i);
        addr += (uint32_t)(4 * k);
        words += k;
        n -= k;
    }
    return VGIW_HL_ST_OK;
}

int hl_reg_write(const hl_io_t *io, uint8_t reg, uint32_t value)
{
    uint8_t pay[5] = {reg};
    put32(pay + 1, value);
    return call(io, VGIW_HL_CMD_REG_WRITE, pay, 5, NULL, 0);
}

int hl_reg_read(const hl_io_t *io, uint8_t reg, uint32_t *value)
{
    uint8_t r4[4];
    int r = call(io, VGIW_HL_CMD_REG_READ, &reg, 1, r4, 4);
    if (r == VGIW_HL_ST_OK && value)
        *value = get32(r4);
    return r;
}

int hl_start(const hl_io_t *io, uint32_t kdesc)
{
    uint8_t pay[4];
    put32(pay, kdesc);
    return call(io, VGIW_HL_CMD_START, pay, 4, NULL, 0);
}

int hl_counters(const hl_io_t *io, uint16_t index, uint64_t *values, size_t n)
{
    if (!values && n)
        return HL_E_ARG;
    while (n) {
        size_t k = n < VGIW_HL_MAX_COUNTERS ? n : VGIW_HL_MAX_COUNTERS;
        uint8_t pay[3] = {(uint8_t)index, (uint8_t)(index >> 8), (uint8_t)k}, rsp[8 * VGIW_HL_MAX_COUNTERS];
        int r = call(io, VGIW_HL_CMD_COUNTER, pay, 3, rsp, 8 * k);
        if (r != VGIW_HL_ST_OK)
            return r;
        for (size_t i = 0; i < k; i++)
            values[i] = get32(rsp + 8 * i) | (uint64_t)get32(rsp + 8 * i + 4) << 32;
        index = (uint16_t)(index + k);
        values += k;
        n -= k;
    }
    return VGIW_HL_ST_OK;
}

int hl_counter(const hl_io_t *io, uint16_t index, uint64_t *value)
{
    uint8_t pay[2] = {(uint8_t)index, (uint8_t)(index >> 8)}, r8[8];
    int r = call(io, VGIW_HL_CMD_COUNTER, pay, 2, r8, 8);
    if (r == VGIW_HL_ST_OK && value)
        *value = get32(r8) | (uint64_t)get32(r8 + 4) << 32;
    return r;
}

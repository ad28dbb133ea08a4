/* Host side of the FPGA board's serial host link (docs/fpga.md): frames, CRC-8, and one call
 * per command. The byte transport is the caller's (a serial port, a pseudo-terminal, or the
 * simulated board's bit-level UART model in tb/host/hl_board_tb.c): two callbacks.
 * Protocol constants come from arch/hostlink.toml (vgiw_hostlink.h). */
#ifndef VGIW_HOSTLINK_LIB_H
#define VGIW_HOSTLINK_LIB_H
#include <stddef.h>
#include <stdint.h>
#include "vgiw_hostlink.h"

typedef struct hl_io {
    /* sends n bytes; 0 on success */
    int (*put)(void *ctx, const uint8_t *buf, size_t n);
    /* receives one byte, waiting at most the transport's reply timeout; 0 on success, -1 on
     * timeout */
    int (*get)(void *ctx, uint8_t *byte);
    void *ctx;
} hl_io_t;

/* Results of the calls below: >= 0 is the board's reply status (VGIW_HL_ST_<NAME>, 0 = OK);
 * negative values are failures seen on the host side. */
#define HL_E_NOREPLY  (-1)   /* no (complete) reply within the transport's timeout */
#define HL_E_REPLYCRC (-2)   /* the reply's checksum does not match */
#define HL_E_REPLY    (-3)   /* a reply of the wrong length for the command */
#define HL_E_ARG      (-4)   /* bad argument (count 0 or above VGIW_HL_MAX_WORDS, NULL) */
#define HL_E_IO       (-5)   /* the transport failed to send */

/* Name of a result (status or HL_E_*), for messages. */
const char *hl_result_name(int r);

uint8_t hl_crc8(uint8_t crc, const uint8_t *p, size_t n);

/* Builds a request frame into out (at least 4 + len bytes); returns its length. */
size_t hl_frame(uint8_t *out, uint8_t cmd, const uint8_t *payload, size_t len);

/* Sends `frame` as is (tests send broken ones) and reads one reply: its status is returned,
 * its payload copied to rsp (up to cap bytes) and its length to *rsp_len. */
int hl_exchange(const hl_io_t *io, const uint8_t *frame, size_t n, uint8_t *rsp, size_t cap, size_t *rsp_len);

/* One request with a well-formed frame. */
int hl_request(const hl_io_t *io, uint8_t cmd, const uint8_t *payload, size_t len, uint8_t *rsp, size_t cap,
               size_t *rsp_len);

int hl_ping(const hl_io_t *io, uint32_t *version, uint32_t *mem_bytes);
/* Any number of words: split into frames of at most VGIW_HL_MAX_WORDS. */
int hl_mem_write(const hl_io_t *io, uint32_t addr, const uint32_t *words, size_t n);
int hl_mem_read(const hl_io_t *io, uint32_t addr, uint32_t *words, size_t n);
int hl_reg_write(const hl_io_t *io, uint8_t reg, uint32_t value);
int hl_reg_read(const hl_io_t *io, uint8_t reg, uint32_t *value);
int hl_start(const hl_io_t *io, uint32_t kdesc);
int hl_counter(const hl_io_t *io, uint16_t index, uint64_t *value);
/* n counters from index (any n: split into frames of at most VGIW_HL_MAX_COUNTERS). */
int hl_counters(const hl_io_t *io, uint16_t index, uint64_t *values, size_t n);

#endif

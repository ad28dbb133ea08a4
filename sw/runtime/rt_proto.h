/* Protocol between the runtime library (sw/runtime/vgiw_rt.c, backend "rtl") and the device
 * process build/tb/<preset>/vgiw_rtl/vgiw-rtl (sw/runtime/device/rtl_device.c), over a pair of pipes.
 * Both ends run on the same host: structs are sent as they are in memory.
 *
 *   request  rtp_req_t [payload of n bytes: WRITE data, RUN rtp_run_t]
 *   response rtp_rsp_t [payload of n bytes: HELLO rtp_hello_t, READ data, RUN u64 results]
 */
#ifndef VGIW_RT_PROTO_H
#define VGIW_RT_PROTO_H

#include <stdint.h>

#include "vgiw_core_map.h"   /* counter blocks of the core (arch/core.toml) */
#include "vgiw_rt.h"         /* VRT_MAX_BLOCKS, VRT_MAX_UNITS: the largest core the runtime serves */

#define RTP_MAGIC     0x50545256u            /* "VRTP" */
#define RTP_MAX_XFER  (1u << 20)             /* bytes per READ/WRITE command */
#define RTP_MEM_BYTES 0x40000000u            /* device memory: [0, 1 GB); beyond: error response */

enum { RTP_HELLO = 1, RTP_WRITE = 2, RTP_READ = 3, RTP_RUN = 4, RTP_QUIT = 5 };

typedef struct { uint32_t magic, cmd, addr, n; } rtp_req_t;
typedef struct { uint32_t magic, status, n; } rtp_rsp_t;

typedef struct {
    char preset[16];
    uint32_t id, status, mem_bytes;
} rtp_hello_t;

typedef struct {
    uint32_t desc;            /* descriptor address (KDESC) */
    uint32_t threads;         /* for progress lines */
    uint64_t max_cycles;      /* 0: none */
    uint64_t stall_cycles;    /* cycles without progress before the watchdog fires; 0: none (the runtime always sends one) */
    char name[64];            /* kernel name, for progress lines */
} rtp_run_t;

/* RUN result: u64 words */
#define RTP_RES_COUNTERS(max_blocks, units) \
    (VGIW_CNT_FIXED_COUNT + VGIW_CNT_EXT_COUNT + 3u * (max_blocks) + (units))
enum {
    RTP_RES_STATUS = 0,       /* STATUS register after the run */
    RTP_RES_SIM_CYCLES,       /* clock cycles from start to done, as the host saw them */
    RTP_RES_WATCHDOG,         /* enum below */
    RTP_RES_MEM_REQS,         /* memory requests since the device started */
    RTP_RES_CNT = 8,          /* then: the fixed counters, the external (mem_system) ones,
                                 block executions [max_blocks], block threads [max_blocks],
                                 unit firings [fabric_units], block cycles [max_blocks]:
                                 RTP_RES_COUNTERS words */
    RTP_RES_MAX = RTP_RES_CNT + RTP_RES_COUNTERS(VRT_MAX_BLOCKS, VRT_MAX_UNITS)
};
enum { RTP_WD_NONE = 0, RTP_WD_MAX_CYCLES = 1, RTP_WD_STALL = 2 };

#endif

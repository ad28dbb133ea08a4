/* Memory model for testbenches: a sparse, byte-addressed 32-bit memory behind a
 * request/response port with configurable latency, bandwidth and ordering. It stands
 * for L2/DRAM (or, before the L1 exists, for the whole memory system).
 *
 * Timing: at most `accept_per_cycle` requests are accepted per cycle and at most
 * `max_outstanding` are in flight. Each accepted request gets a latency drawn
 * uniformly from [lat_min, lat_max]; its response becomes available that many
 * mem_model_tick()s later. With `in_order`, responses leave in acceptance order (a
 * response waits for older ones); otherwise any ready response may leave, so random
 * latencies reorder them. At most `respond_per_cycle` responses leave per cycle.
 *
 * Data: a request is performed on the store when it is accepted (a read returns the
 * bytes as they are then; a write changes them then), so the memory is sequentially
 * consistent in acceptance order whatever the response order. */
#ifndef VGIW_MEM_MODEL_H
#define VGIW_MEM_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MEM_MAX_BYTES 128   /* largest access: one L1 line of the paper preset */

typedef struct mem_model_cfg {
    uint32_t lat_min, lat_max;    /* cycles, lat_min >= 1 */
    unsigned accept_per_cycle;    /* >= 1 */
    unsigned respond_per_cycle;   /* >= 1 */
    unsigned max_outstanding;     /* >= 1 */
    bool in_order;
    uint64_t seed;
} mem_model_cfg_t;

typedef struct mem_req {
    uint64_t id;                  /* returned with the response */
    uint32_t addr;
    uint32_t bytes;               /* 1..MEM_MAX_BYTES */
    bool write;
    uint8_t data[MEM_MAX_BYTES];  /* write data */
    uint8_t mask[MEM_MAX_BYTES];  /* write: byte i written when mask[i] != 0 */
} mem_req_t;

typedef struct mem_resp {
    uint64_t id;
    bool write;
    uint32_t addr, bytes;
    uint8_t data[MEM_MAX_BYTES];  /* read data */
} mem_resp_t;

typedef struct mem_model mem_model_t;

/* Returns NULL and prints why when the configuration is invalid. */
mem_model_t *mem_model_new(const mem_model_cfg_t *cfg);
void mem_model_free(mem_model_t *m);

/* Timing port. */
bool mem_model_can_accept(const mem_model_t *m);
bool mem_model_request(mem_model_t *m, const mem_req_t *req);  /* false: not accepted now */
bool mem_model_response(mem_model_t *m, mem_resp_t *resp);     /* pops one ready response */
void mem_model_tick(mem_model_t *m);                            /* advance one cycle */
unsigned mem_model_outstanding(const mem_model_t *m);

/* Untimed access to the store (loading inputs, reading results). */
void mem_model_write(mem_model_t *m, uint32_t addr, const void *src, size_t n);
void mem_model_read(const mem_model_t *m, uint32_t addr, void *dst, size_t n);
uint32_t mem_model_read32(const mem_model_t *m, uint32_t addr);
void mem_model_write32(mem_model_t *m, uint32_t addr, uint32_t v);

/* Counters: requests, reads, writes, bytes, summed latency, cycles. */
typedef struct mem_model_stats {
    uint64_t requests, reads, writes, bytes, latency_sum, cycles, refused;
} mem_model_stats_t;
mem_model_stats_t mem_model_stats(const mem_model_t *m);

#endif

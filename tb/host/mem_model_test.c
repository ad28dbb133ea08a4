/* Tests of the testbench memory model (tb/common/mem_model.c) against a flat reference
 * array and the timing rules stated in mem_model.h. */
#include <stdlib.h>
#include <string.h>

#include "mem_model.h"
#include "rng.h"
#include "test_util.h"

static void test_store(void)
{
    mem_model_cfg_t cfg = { .lat_min = 1, .lat_max = 1, .accept_per_cycle = 1, .respond_per_cycle = 1,
                            .max_outstanding = 4, .in_order = true, .seed = 1 };
    mem_model_t *m = mem_model_new(&cfg);
    enum { N = 3 * 4096 + 100 };
    static uint8_t ref[N];
    rng_t r;
    rng_seed(&r, 7);
    const uint32_t base = 0x7FFFF000u - 4096u;   /* crosses page and directory boundaries */
    EXPECT_EQ_U32(mem_model_read32(m, base), 0, "untouched memory reads 0");
    for (int k = 0; k < 2000; k++) {
        uint32_t off = rng_below(&r, N - 64), n = 1 + rng_below(&r, 64);
        uint8_t buf[64];
        for (uint32_t i = 0; i < n; i++)
            buf[i] = (uint8_t)rng_u32(&r);
        mem_model_write(m, base + off, buf, n);
        memcpy(ref + off, buf, n);
    }
    static uint8_t got[N];
    mem_model_read(m, base, got, N);
    EXPECT(memcmp(got, ref, N) == 0, "store contents differ from reference");
    mem_model_write32(m, 0xFFFFFFFCu, 0xA1B2C3D4u);
    EXPECT_EQ_U32(mem_model_read32(m, 0xFFFFFFFCu), 0xA1B2C3D4u, "top of address space, little endian");
    mem_model_free(m);
}

/* Issues `n` random requests as fast as the model takes them; checks every response
 * once, in order when configured, with latency in range; returns the reorder count. */
static unsigned run_timing(const mem_model_cfg_t *cfg, unsigned n)
{
    mem_model_t *m = mem_model_new(cfg);
    rng_t r;
    rng_seed(&r, cfg->seed + 99);
    uint64_t *issued_at = calloc(n, sizeof *issued_at);
    uint8_t *seen = calloc(n, 1);
    unsigned sent = 0, got = 0, reorder = 0;
    uint64_t cycle = 0, last_id = 0;
    while (got < n && cycle < 100000000u) {
        unsigned accepted = 0;
        while (sent < n) {
            mem_req_t q;
            memset(&q, 0, sizeof q);
            q.id = sent;
            q.addr = 4 * rng_below(&r, 1024);
            q.bytes = 4;
            q.write = (sent & 3) == 0;
            memset(q.mask, 1, 4);
            memcpy(q.data, &sent, 4);
            if (!mem_model_request(m, &q))
                break;
            issued_at[sent++] = cycle;
            accepted++;
        }
        EXPECT(accepted <= cfg->accept_per_cycle, "accepted %u > %u per cycle", accepted, cfg->accept_per_cycle);
        EXPECT(mem_model_outstanding(m) <= cfg->max_outstanding, "outstanding above limit");
        mem_resp_t resp;
        unsigned responded = 0;
        while (mem_model_response(m, &resp)) {
            responded++;
            EXPECT(resp.id < n && !seen[resp.id], "response id %" PRIu64 " unknown or repeated", resp.id);
            if (resp.id >= n)
                continue;
            seen[resp.id] = 1;
            uint64_t lat = cycle - issued_at[resp.id];
            /* Never early; late only by waiting behind older responses (in order) or
             * behind the per-cycle response limit, so exact when neither can bind. */
            EXPECT(lat >= cfg->lat_min, "latency %" PRIu64 " below %u", lat, cfg->lat_min);
            if (cfg->lat_min == cfg->lat_max && cfg->accept_per_cycle <= cfg->respond_per_cycle)
                EXPECT(lat == cfg->lat_min, "fixed latency %" PRIu64 " != %u", lat, cfg->lat_min);
            if (got > 0 && resp.id < last_id)
                reorder++;
            last_id = resp.id;
            got++;
        }
        EXPECT(responded <= cfg->respond_per_cycle, "responded %u > %u per cycle", responded, cfg->respond_per_cycle);
        mem_model_tick(m);
        cycle++;
    }
    EXPECT(got == n, "only %u of %u responses arrived", got, n);
    if (cfg->in_order)
        EXPECT(reorder == 0, "in-order model reordered %u responses", reorder);
    mem_model_free(m);
    free(issued_at);
    free(seen);
    return reorder;
}

static void test_timing(void)
{
    mem_model_cfg_t fixed = { 20, 20, 1, 1, 64, true, 1 };
    run_timing(&fixed, 5000);
    mem_model_cfg_t random_in_order = { 5, 400, 2, 1, 32, true, 2 };
    run_timing(&random_in_order, 5000);
    mem_model_cfg_t random_ooo = { 1, 100, 4, 2, 16, false, 3 };
    unsigned re = run_timing(&random_ooo, 20000);
    EXPECT(re > 0, "random latencies out of order should reorder some responses");
}

static void test_consistency(void)
{
    /* A write and a following read accepted in the same cycle: the read sees the write. */
    mem_model_cfg_t cfg = { 3, 50, 2, 2, 8, false, 5 };
    mem_model_t *m = mem_model_new(&cfg);
    mem_req_t w, rd;
    memset(&w, 0, sizeof w);
    memset(&rd, 0, sizeof rd);
    w.id = 1; w.addr = 0x100; w.bytes = 4; w.write = true;
    uint32_t v = 0xDEADBEEFu;
    memcpy(w.data, &v, 4);
    w.mask[0] = w.mask[1] = w.mask[3] = 1;   /* byte 2 not written */
    rd.id = 2; rd.addr = 0x100; rd.bytes = 4;
    EXPECT(mem_model_request(m, &w) && mem_model_request(m, &rd), "two requests accepted");
    mem_resp_t resp;
    int found = 0;
    for (int c = 0; c < 100; c++, mem_model_tick(m))
        while (mem_model_response(m, &resp))
            if (resp.id == 2) {
                uint32_t x;
                memcpy(&x, resp.data, 4);
                EXPECT_EQ_U32(x, 0xDE00BEEFu, "read after masked write");
                found = 1;
            }
    EXPECT(found, "read response arrived");
    mem_model_free(m);
    mem_model_cfg_t bad = { 0, 5, 1, 1, 1, true, 0 };
    EXPECT(mem_model_new(&bad) == NULL, "lat_min 0 rejected");
}

int main(void)
{
    test_store();
    test_timing();
    test_consistency();
    return test_report("mem_model_test");
}

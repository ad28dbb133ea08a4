/* cache_bank testbench (docs/mem.md "Verification"): one non-blocking bank (an L1 bank of the
 * preset: its sets, ways, line size, MSHRs and targets) under random word traffic, its line port
 * served by tb/common/mem_model with random latency (1-60 cycles), out-of-order responses and
 * random refusals, and random response back-pressure on the word port.
 *
 * Golden: a flat byte array updated when the bank accepts each request. The bank performs the
 * requests to one line in acceptance order (docs/mem.md "Ordering guarantees"), so every load's
 * whole word is checked against the golden at its acceptance. Every response must name a
 * request in flight, exactly once; every line request must use a local ID not in flight.
 * Traffic: a hot set (more lines than ways + MSHRs all in set 0: full MSHRs, locked sets,
 * write-backs of lines fetched again) and a warm region four times the bank, so misses, merges,
 * write-backs and hits under misses all happen; each is counted and required.
 * Phases end by draining, pulsing flush_i and waiting for flush_done_o: then memory must
 * equal the golden bit-exactly and no line request may be in flight. --count = requests.
 * After each flush but the last, a full-queue burst (burst() below): one MSHR's target queue,
 * write-data entries or comparand filled while memory answers nothing, the number merged
 * checked against the narrow-target rule (docs/mem.md "Narrow targets"). Early store
 * acknowledgement (docs/mem.md "Stores answered when queued"): every plain store queued in the
 * burst's MSHR must be answered while the memory still answers nothing, and no load or atomic;
 * the store's data must still reach memory (the flush after the burst), and no request may be
 * answered twice (a second answer at the replay names an ID not in flight, or a reused one).
 *
 * Built with -DCACHE_BANK_TB_WV (cache_bank_wv_tb: the bank with WRITE_VALIDATE, as in the LVC)
 * two thirds of the stores are whole words, so lines are allocated without a fetch, loads hit
 * partially valid lines (fetch and merge) and partial victims are read before they are written
 * (those reads use the write-back IDs). A last phase writes every word of fresh lines and
 * requires that no line was read for them.
 *
 * Atomics (docs/mem.md "Atomics"; not in the WRITE_VALIDATE build, the LVC has none): a fifth of
 * the requests of the L1 bank are word atomics of every kind (amo 1..11), often back to back on
 * one word and in the hot set (so they hit, merge into MSHRs and are replayed). Each is
 * performed at its acceptance in the golden (vgiw_atomic, sw/lib/vgiw_arith.c): its response
 * must be the old word, and memory after the flush the new one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut.h"
#include "mem_model.h"
#include "rng.h"
#include "sim.h"
#include "stats.h"
#include "vgiw_arith.h"
#include "vgiw_cfg.h"
#include "vgiw_ops.h"

#define LINE   VGIW_L1_LINE_BYTES
#define BANKS  VGIW_L1_BANKS
#define WAYS   VGIW_L1_WAYS
#define SETS   (VGIW_L1_BYTES / (BANKS * LINE * WAYS))
#define MSHRS  VGIW_L1_MSHRS
#define NIDS   256u                                   /* cache_bank's default ID_W = 8 */
#define LIDS   (2u * MSHRS)
/* targets and write-data entries per MSHR: the preset's, unless the bench overrides them
 * (cache_bank.mk passes the same values to the bank as -G parameters) */
#ifndef TB_TARGETS
#define TB_TARGETS VGIW_L1_MSHR_TARGETS
#endif
#ifndef TB_DATA
#define TB_DATA VGIW_L1_MSHR_DATA
#endif

/* Bank-local addresses: the bank-number bits are zero, so the line port's addresses are the
 * request addresses (cache_bank leaves those bits zero). Line (tag t, set s) is at
 * WIN_BASE + (t * SETS + s) * BANKS * LINE. */
#define WIN_BASE  0x00400000u
#define TAGS      (4 * WAYS)                         /* warm: four times the bank */
#define WIN_BYTES (TAGS * SETS * BANKS * LINE)
#define HOT_TAGS  (WAYS + MSHRS + 2)
#ifdef CACHE_BANK_TB_WV
#define WV 1
#else
#define WV 0
#endif

static uint8_t gold[WIN_BYTES];
static mem_model_t *mem;
static rng_t rng;

typedef struct { bool busy, write; uint32_t addr, expect; uint64_t seq; } inflight_t;
static inflight_t inf[NIDS];
static bool lid_busy[LIDS];
static uint64_t seq_next, in_flight;

/* the request offered on the word port */
static struct { bool active, write; uint32_t addr, wdata, cmp; unsigned be, id, amo; } rq;

static uint64_t accepted, responses, overtakes, hits_under_miss, atomics;
static uint64_t store_rsps, other_rsps, early_stores;   /* responses by kind; stores answered before their refill */
static bool hold_rsp;   /* the memory answers nothing (full-queue bursts) */
static uint64_t bursts, full_targets, full_data, full_cmp;
static uint64_t ev_access, ev_hit, ev_miss, ev_wb, ev_refill, ev_stall, ev_wait;

static uint32_t line_addr(unsigned tag, unsigned set) { return WIN_BASE + (tag * SETS + set) * BANKS * LINE; }

static void new_request(void) {
    static unsigned tag, set;
    unsigned id = (unsigned)rng_below(&rng, NIDS);
    if (inf[id].busy) return;
    unsigned k = (unsigned)rng_below(&rng, 6);
    if (k < 2) { tag = (unsigned)rng_below(&rng, HOT_TAGS); set = 0; }
    else if (k < 4) { tag = (unsigned)rng_below(&rng, TAGS); set = (unsigned)rng_below(&rng, SETS); }
    /* else: the previous request's line again (merges, hits) */
    uint32_t a = line_addr(tag, set) + 4 * (uint32_t)rng_below(&rng, LINE / 4);
    rq.active = true;
    rq.id = id;
    rq.write = rng_below(&rng, 2) == 0;
    rq.wdata = rng_u32(&rng);           /* already in its byte lanes (vgiw_l1.sv moves it there) */
    unsigned sz = (unsigned)rng_below(&rng, 3);
    if (WV && rq.write && rng_below(&rng, 2) == 0) sz = 2;   /* mostly whole-word stores */
    unsigned off = sz == 0 ? (unsigned)rng_below(&rng, 4) : sz == 1 ? 2 * (unsigned)rng_below(&rng, 2) : 0;
    rq.be = (sz == 0 ? 1u : sz == 1 ? 3u : 15u) << off;
    rq.addr = a + off;
    rq.amo = AMO_NONE;
    static uint32_t last_word;
    if (!WV && rng_below(&rng, 5) == 0) {
        /* an atomic: a whole word; half of them on the last atomic's word */
        rq.write = false;
        rq.be = 15;
        if (last_word && rng_below(&rng, 2) == 0) rq.addr = last_word;
        else rq.addr = a;
        last_word = rq.addr;
        rq.amo = 1 + (unsigned)rng_below(&rng, AMO_OP_COUNT - 1);
        uint32_t cur;
        memcpy(&cur, &gold[rq.addr - WIN_BASE], 4);
        rq.cmp = rng_below(&rng, 2) ? cur : rng_u32(&rng);   /* CMPXCHG: half of them succeed if first */
        if (rng_below(&rng, 4) == 0) rq.wdata ^= 0x80000000u;
    }
}

/* wide ports: 32-bit word arrays, least significant first */
static void put_rsp_rdata(const uint32_t *w) {
#if DUT_MEM_RSP_RDATA_I_BITS > 64
    dut_setw_mem_rsp_rdata_i(w);
#else
    dut_set_mem_rsp_rdata_i(w[0] | (DUT_MEM_RSP_RDATA_I_BITS > 32 ? (uint64_t)w[1] << 32 : 0));
#endif
}
static void get_req_wdata(uint32_t *w) {
#if DUT_MEM_REQ_WDATA_O_BITS > 64
    dut_getw_mem_req_wdata_o(w);
#else
    uint64_t v = dut_get_mem_req_wdata_o();
    w[0] = (uint32_t)v;
    if (DUT_MEM_REQ_WDATA_O_BITS > 32) w[1] = (uint32_t)(v >> 32);
#endif
}

static bool mem_ready_now;
static void mem_drive(void) {
    mem_resp_t rsp;
    uint32_t w[LINE / 4 + 2];
    mem_ready_now = mem_model_can_accept(mem) && rng_below(&rng, 6) != 0;
    dut_set_mem_req_ready_i(mem_ready_now);
    if (!hold_rsp && rng_below(&rng, 3) != 0 && mem_model_response(mem, &rsp)) {
        sim_check_u32(rsp.id < LIDS && lid_busy[rsp.id], "line response ID %u in flight", (unsigned)rsp.id);
        if (rsp.id < LIDS) lid_busy[rsp.id] = false;
        dut_set_mem_rsp_valid_i(1);
        dut_set_mem_rsp_lid_i(rsp.id);
        memset(w, 0, sizeof w);
        if (!rsp.write) memcpy(w, rsp.data, LINE);
        put_rsp_rdata(w);
    } else {
        dut_set_mem_rsp_valid_i(0);
    }
}
static void mem_take(void) {
    if (!(mem_ready_now && dut_get_mem_req_valid_o())) return;
    mem_req_t r;
    uint32_t w[LINE / 4 + 2];
    memset(&r, 0, sizeof r);
    r.id = dut_get_mem_req_lid_o();
    r.addr = (uint32_t)dut_get_mem_req_addr_o();
    r.bytes = LINE;
    r.write = dut_get_mem_req_write_o();
    sim_check_u32(r.addr % LINE == 0 && r.addr >= WIN_BASE && r.addr < WIN_BASE + WIN_BYTES,
                  "line request address %08x aligned, in the window", r.addr);
    /* write-validate: a partial victim is read with its write-back ID before it is written */
    sim_check_u32(WV ? (!r.write || r.id >= MSHRS) : (r.write == (r.id >= MSHRS)),
                  "line request ID %u: write-backs use the upper IDs", (unsigned)r.id);
    if (sim_check_u32(r.id < LIDS && !lid_busy[r.id], "line request ID %u not in flight", (unsigned)r.id))
        lid_busy[r.id] = true;
    if (r.write) {
        get_req_wdata(w);
        memcpy(r.data, w, LINE);
        memset(r.mask, 1, LINE);
    }
    if (!mem_model_request(mem, &r)) sim_fail("mem_model refused a request it said it could take");
}

static void cycle(bool issue, bool flush) {
    if (!rq.active && issue && rng_below(&rng, 4) != 0) new_request();
    dut_set_req_valid_i(rq.active);
    dut_set_req_addr_i(rq.addr);
    dut_set_req_write_i(rq.write);
    dut_set_req_be_i(rq.be);
    dut_set_req_wdata_i(rq.wdata);
    dut_set_req_id_i(rq.id);
#if !WV
    dut_set_req_amo_i(rq.amo);
    dut_set_req_cmp_i(rq.cmp);
#endif
    bool rsp_ready = rng_below(&rng, 5) != 0;
    dut_set_rsp_ready_i(rsp_ready);
    dut_set_flush_i(flush);
    mem_drive();
    sim_eval();

    /* events */
    ev_access += dut_get_ev_access_o();
    ev_hit += dut_get_ev_hit_o();
    ev_miss += dut_get_ev_miss_o();
    ev_wb += dut_get_ev_writeback_o();
    ev_refill += dut_get_ev_refill_o();
    ev_stall += dut_get_ev_mshr_stall_o();
    ev_wait += dut_get_ev_miss_wait_o();
    if (dut_get_ev_hit_o() && dut_get_ev_miss_wait_o() > 0) hits_under_miss++;

    /* response */
    if (dut_get_rsp_valid_o() && rsp_ready) {
        unsigned id = (unsigned)dut_get_rsp_id_o();
        inflight_t *f = &inf[id % NIDS];
        responses++;
        sim_progress();
        if (sim_check_u32(f->busy, "response with ID %u that is not in flight", id)) {
            if (!f->write) sim_check_eq(dut_get_rsp_rdata_o(), f->expect, "id %u: load %08x", id, f->addr);
            if (f->write) store_rsps++;
            else other_rsps++;
            /* answered before an older request: served under that request's miss */
            for (unsigned i = 0; i < NIDS; i++) {
                if (inf[i].busy && inf[i].seq < f->seq) { overtakes++; break; }
            }
            f->busy = false;
            in_flight--;
        }
    }
    /* acceptance: the golden changes here */
    if (rq.active && dut_get_req_ready_o()) {
        inflight_t *f = &inf[rq.id];
        uint32_t o = (rq.addr & ~3u) - WIN_BASE;
        f->busy = true; f->write = rq.write; f->addr = rq.addr; f->seq = seq_next++;
        if (rq.write) {
            for (unsigned b = 0; b < 4; b++)
                if (rq.be >> b & 1u) gold[o + b] = (uint8_t)(rq.wdata >> (8 * b));
        } else {
            memcpy(&f->expect, &gold[o], 4);
        }
        if (rq.amo != AMO_NONE) {
            /* the read-modify-write is performed in acceptance order, like a store */
            uint32_t nw = vgiw_atomic(rq.amo - 1 + LDST_AADD, f->expect, rq.wdata, rq.cmp);
            memcpy(&gold[o], &nw, 4);
            atomics++;
        }
        rq.active = false;
        accepted++;
        in_flight++;
        sim_progress();
    }
    mem_take();
    sim_step();
    mem_model_tick(mem);
}

static void flush_and_check(void) {
    while (rq.active || in_flight) cycle(false, false);
    cycle(false, true);
    uint64_t t0 = sim_cycle();
    while (!dut_get_flush_done_o()) {
        cycle(false, false);
        if (sim_cycle() - t0 > 100000) { sim_fail("flush_done_o never came"); return; }
    }
    sim_progress();
    unsigned busy = 0;
    for (unsigned i = 0; i < LIDS; i++) busy += lid_busy[i];
    sim_check_eq(busy, 0, "line requests in flight at flush_done_o");
    sim_check_eq(mem_model_outstanding(mem), 0, "memory requests in flight at flush_done_o");
    static uint8_t got[WIN_BYTES];
    mem_model_read(mem, WIN_BASE, got, WIN_BYTES);
    unsigned bad = 0;
    for (uint32_t i = 0; i < WIN_BYTES; i++) {
        if (got[i] != gold[i] && bad++ < 8)
            sim_fail("memory %08x after flush: %02x, expected %02x", WIN_BASE + i, got[i], gold[i]);
    }
    sim_check_eq(bad, 0, "memory equals the golden after the flush");
    cycle(false, false);
    sim_check_u32(!dut_get_busy_o(), "bank idle after the flush");
}

/* Full queues (docs/mem.md "Narrow targets"): on an empty bank (after a flush), requests to one
 * line while the memory answers nothing. The first misses and takes an MSHR, the others merge
 * into it until its TARGETS targets or its DATA write-data entries are taken (a load takes none,
 * a store or an atomic one) or a second CMPXCHG comes (one comparand register per MSHR); the
 * request that does not fit waits in stage 1 with the MSHR-stall event up. The number merged must be exactly what that rule gives; then the
 * memory answers, everything drains and the flush checks memory against the golden (every load
 * was checked at its response). Bursts are load-heavy (the target queue fills) or store-heavy
 * (the data queue fills). */
static void burst(void) {
    unsigned tag = (unsigned)rng_below(&rng, TAGS), set = (unsigned)rng_below(&rng, SETS);
    unsigned pct_data = rng_below(&rng, 2) ? 20 : 80;
    unsigned t = 0, d = 0, expect = 0, stores = 0;
    uint64_t st0 = store_rsps, ot0 = other_rsps;
    bool full = false, by_data = false, by_cmp = false, cx = false;
    uint64_t miss0 = ev_miss;
    hold_rsp = true;
    for (unsigned k = 0; k < TB_TARGETS + TB_DATA + 4; k++) {
        unsigned id;
        do id = (unsigned)rng_below(&rng, NIDS); while (inf[id].busy);
        rq.active = true;
        rq.id = id;
        rq.addr = line_addr(tag, set) + 4 * (uint32_t)rng_below(&rng, LINE / 4);
        rq.wdata = rng_u32(&rng);
        rq.be = 15;
        rq.amo = AMO_NONE;
        rq.write = k > 0 && rng_below(&rng, 100) < pct_data;   /* the miss itself: a load (WV: a fetch) */
        unsigned need = rq.write ? 1 : 0;
        if (!WV && rq.write && rng_below(&rng, 3) == 0) {
            rq.write = false;
            rq.amo = rng_below(&rng, 2) ? AMO_CMPXCHG : 1 + (unsigned)rng_below(&rng, AMO_OP_COUNT - 1);
            uint32_t cur;
            memcpy(&cur, &gold[(rq.addr & ~3u) - WIN_BASE], 4);
            rq.cmp = rng_below(&rng, 2) ? cur : rng_u32(&rng);
            need = 1;
        }
        if (rq.write && rng_below(&rng, 3) == 0) {
            unsigned off = (unsigned)rng_below(&rng, 4);
            rq.be = 1u << off;
            rq.addr += off;
        }
        unsigned w = 0;
        while (rq.active && w++ < 20) cycle(false, false);
        if (rq.active) break;                       /* the port is held: stage 1 waits */
        bool is_cx = rq.amo == AMO_CMPXCHG;
        if (!full && t < TB_TARGETS && d + need <= TB_DATA && !(is_cx && cx)) {
            t++;
            d += need;
            cx = cx || is_cx;
            expect++;
            stores += rq.write;
        } else if (!full) {
            full = true;
            by_data = t < TB_TARGETS && d + need > TB_DATA;
            by_cmp = t < TB_TARGETS && !by_data;
        }
    }
    for (unsigned i = 0; i < 10; i++) cycle(false, false);
    sim_check_eq(ev_miss - miss0, expect, "burst %llu: requests merged into the MSHR (targets %u, data %u)",
                 (unsigned long long)bursts, t, d);
    sim_check_u32(full, "burst %llu: the queue filled", (unsigned long long)bursts);
    sim_check_u32(dut_get_ev_mshr_stall_o(), "burst %llu: a request waits for the full MSHR", (unsigned long long)bursts);
    /* the refill has not come: the queued stores are answered already, nothing else is */
    sim_check_eq(store_rsps - st0, stores, "burst %llu: stores answered when queued, before the refill",
                 (unsigned long long)bursts);
    sim_check_eq(other_rsps - ot0, 0, "burst %llu: loads and atomics answered before the refill",
                 (unsigned long long)bursts);
    early_stores += stores;
    if (full) {
        if (by_data) full_data++;
        else if (by_cmp) full_cmp++;
        else full_targets++;
    }
    bursts++;
    hold_rsp = false;
    flush_and_check();
}

static void dump(void) {
    fprintf(stderr, "cache_bank_tb: %llu in flight, offered %d (id %u addr %08x), mem outstanding %u\n",
            (unsigned long long)in_flight, rq.active, rq.id, rq.addr, mem_model_outstanding(mem));
}

int main(int argc, char **argv) {
    sim_init("cache_bank_tb", argc, argv);
    sim_on_watchdog(dump);
    rng_seed(&rng, sim_args.seed);
    uint64_t count = sim_args.count ? sim_args.count : 20000;
    for (uint32_t i = 0; i < WIN_BYTES; i++) gold[i] = (uint8_t)rng_u32(&rng);
    mem_model_cfg_t mc = {.lat_min = 1, .lat_max = 60, .accept_per_cycle = 1, .respond_per_cycle = 1,
                          .max_outstanding = 64, .in_order = false, .seed = sim_args.seed + 7};
    mem = mem_model_new(&mc);
    if (!mem) sim_die("bad mem_model configuration");
    mem_model_write(mem, WIN_BASE, gold, WIN_BYTES);
    sim_reset(4);

    uint64_t phase_end = 0, phases = 0;
    while (accepted < count) {
        if (accepted >= phase_end) {
            if (phases++) {
                flush_and_check();
                burst();
            }
            phase_end = accepted + 500 + rng_below(&rng, 4000);
        }
        cycle(true, false);
    }
    flush_and_check();

    mem_model_stats_t ms = mem_model_stats(mem);
#if WV
    /* every word of 2*WAYS lines of each set written once, whole words, in random order within
     * a line: no line may be read (the victims are whole lines too), each written back once */
    {
        uint64_t r0 = ms.reads, w0 = ms.writes;
        unsigned nl = 0;
        for (unsigned t = 0; t < 2 * WAYS && t < TAGS; t++) {
            for (unsigned set = 0; set < SETS; set++, nl++) {
                unsigned order[LINE / 4];
                for (unsigned i = 0; i < LINE / 4; i++) order[i] = i;
                for (unsigned i = LINE / 4 - 1; i > 0; i--) {
                    unsigned j = (unsigned)rng_below(&rng, i + 1), x = order[i];
                    order[i] = order[j];
                    order[j] = x;
                }
                for (unsigned i = 0; i < LINE / 4; i++) {
                    unsigned id;
                    do id = (unsigned)rng_below(&rng, NIDS); while (inf[id].busy);
                    rq.active = true;
                    rq.id = id;
                    rq.write = true;
                    rq.wdata = rng_u32(&rng);
                    rq.be = 15;
                    rq.addr = line_addr(t, set) + 4 * order[i];
                    while (rq.active) cycle(false, false);
                }
            }
        }
        flush_and_check();
        ms = mem_model_stats(mem);
        sim_check_eq(ms.reads - r0, 0, "whole lines written with whole-word stores: no line read");
        sim_check_eq(ms.writes - w0, nl, "each of the %u lines written back once", nl);
        stats_add("wv_lines", nl);
    }
#endif
    sim_check_eq(ev_access, accepted, "access events = accepted requests");
    sim_check_eq(ev_hit + ev_miss, ev_access, "hits + misses = accesses");
    sim_check_eq(ms.reads, ev_refill, "line reads = refill events");
    sim_check_eq(ms.writes, ev_wb, "line writes = write-back events");
    sim_check_eq(responses, accepted, "one response per request");
    sim_check_u32(ev_miss > ev_refill, "merges happened (%llu misses, %llu refills)",
                  (unsigned long long)ev_miss, (unsigned long long)ev_refill);
    sim_check_u32(hits_under_miss > 0, "hits under misses happened (%llu)", (unsigned long long)hits_under_miss);
    sim_check_u32(overtakes > 0, "responses overtook older requests (%llu)", (unsigned long long)overtakes);
    sim_check_u32(ev_stall > 0, "MSHRs were full (%llu stall cycles)", (unsigned long long)ev_stall);
    sim_check_u32(ev_wb > 0, "write-backs happened");
    /* the data queue fills before the targets when it is shorter (the first request is a
     * load); a second CMPXCHG waits when there are targets for it and it is likely enough */
    bool data_can_fill = TB_DATA < TB_TARGETS, cmp_can_wait = !WV && TB_TARGETS >= 4 && TB_DATA >= 4;
    sim_check_u32(full_targets > 0 && (full_data > 0 || !data_can_fill) && (full_cmp > 0 || !cmp_can_wait),
                  "bursts filled the target queue (%llu), the data queue (%llu), the comparand (%llu)",
                  (unsigned long long)full_targets, (unsigned long long)full_data, (unsigned long long)full_cmp);
    if (!WV) sim_check_u32(atomics > 0, "atomics happened (%llu)", (unsigned long long)atomics);
    sim_check_u32(early_stores > 0, "stores answered before their refill (%llu)", (unsigned long long)early_stores);
    stats_add("early_stores", early_stores);
    stats_add("atomics", atomics);
    stats_add("requests", accepted);
    stats_add("hits", ev_hit);
    stats_add("misses", ev_miss);
    stats_add("refills", ev_refill);
    stats_add("writebacks", ev_wb);
    stats_add("hits_under_miss", hits_under_miss);
    stats_add("overtakes", overtakes);
    stats_add("mshr_stall_cycles", ev_stall);
    stats_add("miss_latency_x10", ev_refill ? 10 * ev_wait / ev_refill : 0);
    stats_add("phases", phases);
    stats_add("bursts_full_targets", full_targets);
    stats_add("bursts_full_data", full_data);
    stats_add("bursts_full_cmp", full_cmp);
    mem_model_free(mem);
    return sim_finish();
}

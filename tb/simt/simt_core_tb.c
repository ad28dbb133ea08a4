/* Testbench of the SIMT core (docs/simt.md "Tests"): loads a static RV32 ELF into the memory
 * model, launches it through the host register interface as a host would, runs it to done and
 * compares every thread's result area with a reference (qemu-user's run of the same program,
 * written by tb/simt/simt_core_conf.py), or checks an expected error.
 *
 * Options besides the common ones (docs/harness.md):
 *   --elf FILE        program (required)
 *   --ref FILE        reference: header (5 words: magic "SREF", threads, blob bytes, dump
 *                     address, first byte compared) then every thread's blob; the threads'
 *                     blobs in memory after the run must equal it from that byte on
 *   --threads N       threads to launch (default: the reference's)
 *   --wg-warps G      warps per work-group (default 1)
 *   --expect-error C  the run must end with error code C (no reference needed); FAULT_PC
 *                     must be --fault-pc's value when given
 *   --fault-pc A
 * --seed varies the memory timing (latency, refusals, response order). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut.h"
#include "host_port.h"
#include "mem_model.h"
#include "rng.h"
#include "sim.h"
#include "vg_file.h"
#include "vgiw_cfg.h"

#define LINE       VGIW_L1_LINE_BYTES
#define MEM_TOP    0x40000000u     /* the model answers addresses at or above with an error */

static mem_model_t *M;
static rng_t R;
static unsigned refuse_pct = 10;

/* The register and memory ports are driven by the host-port driver of the VGIW core
 * (tb/core/host_port.c): the SIMT core has the same ports. */
#define reg_peek hp_reg_peek
#define cycle    hp_cycle

static uint64_t counter(uint32_t idx) { return hp_cnt_read(idx); }

/* Watchdog: the warp states through the counter window (docs/simt.md "Counters"). No clock
 * edge may be taken here, so CNT_SEL is not changed: the state of the selected slot only,
 * plus STATUS; the full dump is printed by dump_all() on a timeout of the run loop. */
static void dump_state(void)
{
    fprintf(stderr, "simt_core_tb: STATUS %08x, memory requests %llu, outstanding %u\n",
            reg_peek(VGIW_REG_STATUS), (unsigned long long)hp_mem_reqs(), mem_model_outstanding(M));
}

static void dump_all(void)
{
    dump_state();
    for (unsigned w = 0; w < VGIW_SIMT_WARPS; w++) {
        uint64_t v = counter(256 + w);
        uint32_t hi = (uint32_t)(v >> 32);
        fprintf(stderr, "  warp %u: path_valid %u inflight %u barrier %u done %u init %u depth %u"
                " lanes %u pc %08x\n", w, hi >> 31, (hi >> 30) & 1, (hi >> 29) & 1, (hi >> 28) & 1,
                (hi >> 27) & 1, (hi >> 16) & 0xFF, hi & 0xFFFF, (uint32_t)v);
    }
}

/* ---- ELF32 loader ------------------------------------------------------------------------- */
static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

/* Loads every PT_LOAD segment; returns the entry point and the bounds of the executable
 * segments (the program's code range). */
static uint32_t load_elf(const char *path, uint32_t *code_lo, uint32_t *code_hi)
{
    size_t n;
    char why[600];
    uint8_t *b = vg_read_file(path, "a test program", MEM_TOP, &n, why, sizeof why);   /* sw/lib/vg_file.h */
    if (!b)
        sim_die("%s", why);
    if (n < 52 || memcmp(b, "\177ELF", 4) || b[4] != 1 || b[5] != 1 || rd16(b + 18) != 243)
        sim_die("%s: not a little-endian ELF32 RISC-V file", path);
    uint32_t entry = rd32(b + 24), phoff = rd32(b + 28);
    unsigned phentsize = rd16(b + 42), phnum = rd16(b + 44);
    if (phentsize < 32 || (uint64_t)phoff + (uint64_t)phnum * phentsize > n)
        sim_die("%s: bad program header table", path);
    *code_lo = UINT32_MAX;
    *code_hi = 0;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = b + phoff + i * phentsize;
        if (rd32(ph) != 1)        /* PT_LOAD */
            continue;
        uint32_t off = rd32(ph + 4), va = rd32(ph + 8), fsz = rd32(ph + 16), msz = rd32(ph + 20);
        uint32_t flags = rd32(ph + 24);
        if ((uint64_t)off + fsz > n || fsz > msz || (uint64_t)va + msz > MEM_TOP)
            sim_die("%s: segment %u out of bounds", path, i);
        mem_model_write(M, va, b + off, fsz);
        for (uint32_t z = fsz; z < msz; z++) {   /* .bss */
            uint8_t zero = 0;
            mem_model_write(M, va + z, &zero, 1);
        }
        if (flags & 1) {          /* PF_X */
            if (va < *code_lo) *code_lo = va;
            if (va + msz > *code_hi) *code_hi = va + msz;
        }
    }
    free(b);
    if (*code_hi == 0)
        sim_die("%s: no executable segment", path);
    return entry;
}

/* ---- main ------------------------------------------------------------------------------------ */
static uint32_t parse_num(const char *opt, const char *v)
{
    char *end;
    if (!v)
        sim_die("%s needs a value", opt);
    unsigned long x = strtoul(v, &end, 0);
    if (*v == '\0' || *end != '\0' || x > UINT32_MAX)
        sim_die("%s: bad value '%s'", opt, v);
    return (uint32_t)x;
}

int main(int argc, char **argv)
{
    const char *elf = NULL, *ref = NULL;
    uint32_t threads = 0, wg_warps = 1, expect_err = 0, fault_pc = 0;
    bool have_fault_pc = false;
    /* our options out, the common ones on to sim_init */
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    if (!rest)
        return 2;
    int nrest = 0;
    rest[nrest++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--elf"))               { if (!v) sim_die("--elf needs a file"); elf = v; i++; }
        else if (!strcmp(a, "--ref"))          { if (!v) sim_die("--ref needs a file"); ref = v; i++; }
        else if (!strcmp(a, "--threads"))      { threads = parse_num(a, v); i++; }
        else if (!strcmp(a, "--wg-warps"))     { wg_warps = parse_num(a, v); i++; }
        else if (!strcmp(a, "--expect-error")) { expect_err = parse_num(a, v); i++; }
        else if (!strcmp(a, "--fault-pc"))     { fault_pc = parse_num(a, v); have_fault_pc = true; i++; }
        else rest[nrest++] = argv[i];
    }
    sim_init("simt_core_tb", nrest, rest);
    free(rest);
    if (!elf)
        sim_die("--elf FILE is required");
    if (!ref && !expect_err)
        sim_die("give --ref FILE or --expect-error CODE");

    mem_model_cfg_t mc = { .lat_min = 2, .lat_max = 30, .accept_per_cycle = 1, .respond_per_cycle = 1,
                           .max_outstanding = 8, .in_order = false, .seed = sim_args.seed };
    rng_seed(&R, sim_args.seed * 7919 + 1);
    M = mem_model_new(&mc);
    if (!M)
        sim_die("memory model configuration");

    uint8_t *refb = NULL;
    size_t refn = 0;
    uint32_t blob = 0, dump = 0, ref_threads = 0, from = 0;
    if (ref) {
        char why[600];
        refb = vg_read_file(ref, "a reference file", MEM_TOP, &refn, why, sizeof why);
        if (!refb)
            sim_die("%s", why);
        if (refn < 20 || memcmp(refb, "SREF", 4))
            sim_die("%s: not a reference file", ref);
        ref_threads = rd32(refb + 4);
        blob = rd32(refb + 8);
        dump = rd32(refb + 12);
        from = rd32(refb + 16);
        if (blob == 0 || blob % 4 || from % 4 || refn != 20 + (size_t)ref_threads * blob)
            sim_die("%s: size %zu does not match %u threads x %u bytes", ref, refn, ref_threads, blob);
        if (!threads)
            threads = ref_threads;
        if (threads != ref_threads)
            sim_die("--threads %u but the reference has %u", threads, ref_threads);
    }

    uint32_t lo, hi, entry = load_elf(elf, &lo, &hi);

    sim_on_watchdog(dump_state);
    hp_cfg_t hc = { .mem = M, .mem_bytes = MEM_TOP, .refuse_pct = refuse_pct, .rng = &R, .check_align = true };
    hp_init(&hc);
    sim_reset(4);
    sim_check_eq(reg_peek(VGIW_REG_ID), VGIW_SIMT_CORE_ID, "ID register");
    sim_check_eq(reg_peek(VGIW_REG_PRESET), VGIW_PRESET_ID, "PRESET register");

    cycle(true, VGIW_REG_CODE_LO, lo);
    cycle(true, VGIW_REG_CODE_HI, hi);
    cycle(true, VGIW_REG_ENTRY, entry);
    cycle(true, VGIW_REG_THREADS, threads);
    cycle(true, VGIW_REG_WG_WARPS, wg_warps);
    cycle(true, VGIW_REG_ARG, 0x5EED0000u ^ (uint32_t)sim_args.seed);
    sim_check_eq(reg_peek(VGIW_REG_ENTRY), entry, "ENTRY reads back");
    cycle(true, VGIW_REG_CTRL, 1);
    uint64_t t0 = sim_cycle();
    uint32_t st;
    uint64_t limit = sim_args.max_cycles != UINT64_MAX ? sim_args.max_cycles : 20000000;
    while (!((st = reg_peek(VGIW_REG_STATUS)) & VGIW_STATUS_DONE)) {
        cycle(false, 0, 0);
        /* stop while the warp dump (one cycle per warp) still fits under --max-cycles */
        if (sim_cycle() + 2 * VGIW_SIMT_WARPS + 8 >= limit) {
            dump_all();
            sim_fail("no done after %llu cycles", (unsigned long long)(sim_cycle() - t0));
            return sim_finish();
        }
    }
    uint64_t cycles = sim_cycle() - t0;
    uint32_t code = VGIW_STATUS_CODE(st);
    if (expect_err) {
        sim_check_eq(code, expect_err, "error code (%s)", code < sizeof vgiw_err_names / sizeof vgiw_err_names[0] ? vgiw_err_names[code] : "?");
        sim_check_u32(st & VGIW_STATUS_ERROR, "ERROR flag set");
        if (have_fault_pc)
            sim_check_eq(reg_peek(VGIW_REG_FAULT_PC), fault_pc, "FAULT_PC");
        printf("error %u as expected, FAULT_PC %08x, FAULT_WARP %u\n", code, reg_peek(VGIW_REG_FAULT_PC),
               reg_peek(VGIW_REG_FAULT_WARP));
    } else {
        if (!sim_check_eq(code, 0, "no error (FAULT_PC %08x, FAULT_WARP %u)", reg_peek(VGIW_REG_FAULT_PC),
                          reg_peek(VGIW_REG_FAULT_WARP)))
            dump_all();
        for (uint32_t t = 0; t < threads; t++) {
            unsigned bad = 0, first = 0;
            for (uint32_t off = from; off < blob; off += 4) {
                uint32_t g;
                mem_model_read(M, dump + t * blob + off, &g, 4);
                uint32_t e = rd32(refb + 20 + (size_t)t * blob + off);
                if (g != e && bad++ == 0)
                    first = off;
            }
            if (!sim_check_u32(bad == 0, "thread %u: %u words differ from the reference", t, bad)) {
                uint32_t g, e = rd32(refb + 20 + (size_t)t * blob + first);
                mem_model_read(M, dump + t * blob + first, &g, 4);
                if (first < 128)
                    fprintf(stderr, "  first: x%u = %08x, reference %08x\n", first / 4, g, e);
                else
                    fprintf(stderr, "  first: memory +%u = %08x, reference %08x\n", first, g, e);
            }
        }
    }
    printf("cycles %llu, warp instructions %llu, thread instructions %llu, memory instructions %llu\n",
           (unsigned long long)cycles, (unsigned long long)counter(1), (unsigned long long)counter(2),
           (unsigned long long)counter(3));
    /* the SIMT counters and the L1's (docs/simt.md "Counters"), with the relations they must keep */
    uint64_t sc[VGIW_CNT_SIMT_COUNT];
    for (uint32_t i = 0; i < VGIW_CNT_SIMT_COUNT; i++) {
        sc[i] = counter(VGIW_CNT_SIMT + i);
        if (!sim_args.quiet || getenv("SIMT_TB_COUNTERS"))
            printf("  %-20s %llu\n", vgiw_cnt_simt_names[i], (unsigned long long)sc[i]);
    }
#define SC(n) sc[VGIW_CNT_##n - VGIW_CNT_SIMT]
    uint64_t acc = counter(VGIW_CNT_L1_ACCESS), hit = counter(VGIW_CNT_L1_HIT), miss = counter(VGIW_CNT_L1_MISS);
    uint64_t wbk = counter(VGIW_CNT_L1_WRITEBACK), refill = counter(VGIW_CNT_L1_REFILL);
    printf("L1: accesses %llu, hits %llu, misses %llu, bank conflicts %llu, refills %llu, write-backs %llu;"
           " lanes merged %llu; RF reads %llu, writes %llu\n", (unsigned long long)acc, (unsigned long long)hit,
           (unsigned long long)miss, (unsigned long long)counter(VGIW_CNT_L1_BANK_CONFLICT),
           (unsigned long long)refill, (unsigned long long)wbk, (unsigned long long)SC(SIMT_L1_MERGED),
           (unsigned long long)SC(SIMT_RF_READS), (unsigned long long)SC(SIMT_RF_WRITES));
    sim_check_eq(SC(SIMT_WARP_INSTR), counter(1), "simt_warp_instr = counter 1");
    sim_check_eq(SC(SIMT_THREAD_INSTR), counter(2), "simt_thread_instr = counter 2");
    sim_check_eq(SC(SIMT_MEM_INSTR), counter(3), "simt_mem_instr = counter 3");
    sim_check_eq(hit + miss, acc, "L1 hits + misses = accesses");
    sim_check_u32(refill <= miss, "L1 refills %llu <= misses %llu", (unsigned long long)refill, (unsigned long long)miss);
    sim_check_u32(SC(SIMT_THREAD_INSTR) <= SC(SIMT_LIVE_LANES), "thread instructions <= live lanes at issue");
    sim_check_u32(SC(SIMT_RF_WRITES) <= SC(SIMT_WARP_INSTR), "RF writes <= warp instructions");
    sim_check_u32(SC(SIMT_RF_READS) <= 3 * SC(SIMT_WARP_INSTR), "RF reads <= 3 per warp instruction");
    if (!expect_err) {
        /* every dirty line reaches memory by a write-back (the flush at the end included), and
           nothing else writes: the memory's own count of line writes is the L1's */
        sim_check_eq(mem_model_stats(M).writes, wbk, "line writes seen by memory = L1 write-backs");
        /* the L1 is used: the programs' stores and reloads of one blob line hit */
        if (SC(SIMT_MEM_INSTR))
            sim_check_u32(hit > 0 && acc + SC(SIMT_L1_MERGED) >= SC(SIMT_MEM_INSTR),
                          "L1 used: %llu hits, %llu accesses + %llu merged lanes for %llu memory instructions",
                          (unsigned long long)hit, (unsigned long long)acc,
                          (unsigned long long)SC(SIMT_L1_MERGED), (unsigned long long)SC(SIMT_MEM_INSTR));
    }
    free(refb);
    mem_model_free(M);
    return sim_finish();
}
